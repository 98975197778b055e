// The analysis board's variation tree: every node is a position reached by
// one move from its parent; a node's first child continues its line, the
// others are side lines. Nothing here talks to the server.

/** @typedef {import('../types.js').BoardPosition} BoardPosition */

/**
 * One position of the tree.
 * @typedef {object} TreeNode
 * @property {number} id Unique in the tree (for the page's buttons).
 * @property {string | null} move The move string that led here (null: the root).
 * @property {string} label The move in readable notation.
 * @property {TreeNode | null} parent
 * @property {TreeNode[]} children The first continues the line; the others are side lines.
 * @property {BoardPosition | null} pos The position, once the server has sent it.
 */

let nextId = 1;

/**
 * A tree of one node: the start position.
 * @param {BoardPosition | null} [pos]
 * @returns {TreeNode}
 */
export function newRoot(pos = null) {
  return { id: nextId++, move: null, label: '', parent: null, children: [], pos };
}

/**
 * The child of `node` reached by `move`: the one there is, or a new one
 * (the main continuation if `node` has none, else a side line).
 * @param {TreeNode} node
 * @param {string} move
 * @param {string} label
 * @returns {TreeNode}
 */
export function addChild(node, move, label) {
  const known = childByMove(node, move);
  if (known) return known;
  /** @type {TreeNode} */
  const child = { id: nextId++, move, label, parent: node, children: [], pos: null };
  node.children.push(child);
  return child;
}

/**
 * The child of `node` reached by `move`, if any.
 * @param {TreeNode} node
 * @param {string} move
 */
export const childByMove = (node, move) => node.children.find((c) => c.move === move);

/**
 * The nodes from the root's first move to `node`.
 * @param {TreeNode} node
 * @returns {TreeNode[]}
 */
export function pathTo(node) {
  /** @type {TreeNode[]} */
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n);
  return out.reverse();
}

/**
 * The move strings from the root to `node`.
 * @param {TreeNode} node
 * @returns {string[]}
 */
export const pathMoves = (node) => pathTo(node).map((n) => n.move || '');

/**
 * The root of `node`'s tree.
 * @param {TreeNode} node
 */
export function rootOf(node) {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/**
 * The last node of the line `node` is on, following first children.
 * @param {TreeNode} node
 */
export function lineEnd(node) {
  let n = node;
  while (n.children.length) n = n.children[0];
  return n;
}

/**
 * Whether `node` is on the main line (every step a first child).
 * @param {TreeNode} node
 */
export function isMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/**
 * Makes the line through `node` the main line: at every branching above it,
 * its way becomes the first child.
 * @param {TreeNode} node
 */
export function promote(node) {
  for (let n = node; n.parent; n = n.parent) {
    const siblings = n.parent.children;
    const i = siblings.indexOf(n);
    if (i > 0) { siblings.splice(i, 1); siblings.unshift(n); }
  }
}

/**
 * Removes `node` and everything after it; returns its parent (the root
 * stays: removing it removes nothing).
 * @param {TreeNode} node
 * @returns {TreeNode}
 */
export function remove(node) {
  const p = node.parent;
  if (!p) return node;
  p.children = p.children.filter((c) => c !== node);
  return p;
}

/**
 * The node of the tree with `id`, if any.
 * @param {TreeNode} root
 * @param {number} id
 * @returns {TreeNode | null}
 */
export function findById(root, id) {
  /** @type {TreeNode[]} */
  const stack = [root];
  while (stack.length) {
    const n = /** @type {TreeNode} */ (stack.pop());
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

/**
 * Adds the moves of a line below `node` (the main continuation where there
 * is none); returns the last node.
 * @param {TreeNode} node
 * @param {string[]} moves
 * @param {string[]} labels
 */
export function addLine(node, moves, labels) {
  let n = node;
  moves.forEach((m, i) => { n = addChild(n, m, labels[i] || m); });
  return n;
}
