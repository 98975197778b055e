// The analysis board's move list (the variation tree: the main line inline,
// side lines in parentheses, the first level indented), the status line and
// the position box.

import { esc, input } from '../dom.js';
import { B, shown, sideName } from './state.js';
import { isMainLine } from './tree.js';

/** @typedef {import('./tree.js').TreeNode} TreeNode */

/**
 * The move number of the `ply`-th move from the start, and whether White
 * plays it (numbers count from the tree's start position).
 * @param {number} ply from 1
 */
function numbering(ply) {
  const rootTurn = B.root.pos ? B.root.pos.turn : 'white';
  const q = ply - 1 + (rootTurn === 'black' ? 1 : 0);
  return { number: Math.floor(q / 2) + 1, white: q % 2 === 0 };
}

/**
 * One move's button, with its number where one is due.
 * @param {TreeNode} n
 * @param {number} ply
 * @param {boolean} forceNum a line starts or resumes here
 */
function moveHtml(n, ply, forceNum) {
  const { number, white } = numbering(ply);
  const num = white ? `${number}.` : forceNum ? `${number}…` : '';
  const cur = n === B.node;
  return `${num ? `<span class="num">${num}</span>` : ''}<button type="button" class="mv${cur ? ' current' : ''}" data-node="${n.id}" aria-current="${cur}" title="${esc(n.move || '')}">${esc(n.label)}</button> `;
}

/**
 * The line that starts with `first` (its ply from the start), with the side
 * lines branching off it.
 * @param {TreeNode} first
 * @param {number} ply
 * @param {number} depth 0: the main line
 * @returns {string}
 */
function lineHtml(first, ply, depth) {
  let h = '';
  let forceNum = true;
  /** @type {TreeNode | undefined} */
  let n = first;
  for (let p = ply; n; p++) {
    h += moveHtml(n, p, forceNum);
    forceNum = false;
    /** @type {TreeNode | null} */
    const parent = n.parent;
    if (parent && parent.children[0] === n && parent.children.length > 1) {
      for (const alt of parent.children.slice(1)) h += variationHtml(alt, p, depth + 1);
      forceNum = true;
    }
    n = n.children[0];
  }
  return h;
}

/**
 * A side line in parentheses (indented on its own line at the first level).
 * @param {TreeNode} first
 * @param {number} ply
 * @param {number} depth
 */
function variationHtml(first, ply, depth) {
  const tag = depth === 1 ? 'div' : 'span';
  return `<${tag} class="var var-${Math.min(depth, 3)}">(${lineHtml(first, ply, depth).trim()})</${tag}> `;
}

/** Draws the move list and the line buttons. */
export function renderTree() {
  const el = document.getElementById('tree');
  if (!el) return;
  const first = B.root.children[0];
  el.innerHTML = first ? lineHtml(first, 1, 0) : '<p class="none">No moves yet: play one on the board.</p>';
  const cur = el.querySelector('.mv.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  const promote = /** @type {HTMLButtonElement | null} */ (document.getElementById('promote-line'));
  const del = /** @type {HTMLButtonElement | null} */ (document.getElementById('delete-line'));
  if (promote) promote.disabled = isMainLine(B.node);
  if (del) del.disabled = !B.node.parent;
}

/** Draws the status line: whose move, check, the result. */
export function renderStatus() {
  const el = document.getElementById('status');
  const pos = shown();
  if (!el || !pos) return;
  let msg = `${sideName(pos.turn)} to move.`;
  if (pos.outcome) {
    const o = pos.outcome;
    msg = `${o.result} — ${o.winner ? `${sideName(o.winner)} wins` : 'draw'} by ${o.reason.split('_').join(' ')}.`;
  } else if (pos.check && B.variant.has_check) msg = `Check! ${msg}`;
  el.textContent = msg;
}

/** Fills the position box with the shown position's string and address. */
export function renderPositionBox() {
  const pos = shown();
  if (!pos) return;
  input('#fen-out').value = pos.fen;
  input('#link-out').value = location.href;
}
