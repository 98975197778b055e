// The analysis board's controller: it owns the state (analysis/state.js),
// asks the server for the positions of the tree's nodes, plays the player's
// moves into the tree, keeps the address up to date and redraws.

import { boardApi } from '../api.js';
import { decideClick } from '../pick.js';
import { hideChooser, showChooser, actionText, promotionText, pushText } from '../chooser-ui.js';
import { boardHref } from './address.js';
import { B, pickContext, shown } from './state.js';
import { addChild, childByMove, lineEnd, pathMoves, promote, remove } from './tree.js';
import { renderBoard } from './board-view.js';
import { renderActionBar, renderBars } from './bars.js';
import { renderTree, renderStatus, renderPositionBox } from './movelist.js';
import { followPosition } from './engine.js';

/** @typedef {import('./tree.js').TreeNode} TreeNode */
/** @typedef {import('../types.js').LegalAction} LegalAction */
/** @typedef {import('../types.js').BoardPosition} BoardPosition */
/** @typedef {import('../pick.js').Selection} Selection */

/** Counts navigations, so that a slow answer for an older one is dropped. */
let navigation = 0;

/**
 * The position after `moves` from the tree's start.
 * @param {string[]} moves
 * @returns {Promise<BoardPosition>}
 */
export const fetchPosition = (moves) => boardApi.position({ variant: B.variant.key, options: B.options, fen: B.fen || undefined, moves });

/** Draws every part of the board's screen from the state. */
export function redraw() {
  renderBoard();
  renderBars();
  renderActionBar();
  renderStatus();
  renderTree();
  renderPositionBox();
  followPosition();
}

/** Writes the shown node's path into the address (without a reload). */
function updateAddress() {
  const href = boardHref({ variant: B.variant.key, fen: B.fen, options: B.options, moves: pathMoves(B.node) });
  if (location.pathname + location.hash !== href) history.replaceState(null, '', href);
}

/**
 * A line under the status (an error in red).
 * @param {string} msg
 * @param {boolean} [isError]
 */
export function flash(msg, isError = false) {
  const el = document.getElementById('message');
  if (!el) return;
  el.textContent = msg;
  el.classList.toggle('is-error', isError);
}

/**
 * Shows `node`, loading its position first if the server has not sent it yet.
 * @param {TreeNode} node
 */
export async function goTo(node) {
  const mine = ++navigation;
  B.sel = null;
  hideChooser(document.getElementById('chooser'));
  if (!node.pos) {
    try {
      node.pos = await fetchPosition(pathMoves(node));
    } catch (e) {
      if (mine === navigation) flash(e instanceof Error ? e.message : String(e), true);
      return;
    }
    if (mine !== navigation) return;
  }
  B.node = node;
  flash('');
  updateAddress();
  redraw();
}

/**
 * Steps along the shown line: back to the parent, on to the first child.
 * @param {number} d
 */
export function step(d) {
  let n = B.node;
  for (let i = 0; i < Math.abs(d); i++) {
    const next = d < 0 ? n.parent : n.children[0];
    if (!next) break;
    n = next;
  }
  if (n !== B.node) goTo(n);
}

/** Goes to the start position. */
export const home = () => goTo(B.root);
/** Goes to the end of the shown line. */
export const end = () => goTo(lineEnd(B.node));

/**
 * Plays the move string `text` from the shown node into the tree (a known
 * continuation is followed, a new one becomes the main line or a side line).
 * @param {string} text
 */
export async function playMove(text) {
  const from = B.node;
  const known = childByMove(from, text);
  if (known) { await goTo(known); return; }
  if (B.pending) return;
  B.pending = true;
  try {
    const pos = await fetchPosition([...pathMoves(from), text]);
    const move = pos.moves[pos.moves.length - 1];
    const child = addChild(from, move, pos.labels[pos.labels.length - 1] || move);
    child.pos = pos;
    B.pending = false;
    if (B.node === from) await goTo(child);
    else renderTree();
  } catch (e) {
    B.pending = false;
    B.sel = null;
    flash(`Refused: ${e instanceof Error ? e.message : e}`, true);
    redraw();
  }
}

/**
 * Picks something up (or puts it down with `null`).
 * @param {Selection | null} sel
 */
export function select(sel) {
  B.sel = sel;
  hideChooser(document.getElementById('chooser'));
  renderBoard();
  renderBars();
  renderActionBar();
}

/**
 * Asks which of several actions to play.
 * @param {string} title
 * @param {LegalAction[]} list
 * @param {'actions' | 'promotion' | 'push'} labels
 */
function choose(title, list, labels) {
  const el = document.getElementById('chooser');
  const pos = shown();
  if (!el || !pos) return;
  const entry = B.sel && B.sel.type === 'push' ? B.sel.entry : '';
  /** @type {(a: LegalAction) => string} */
  const label = labels === 'promotion' ? (a) => promotionText(a, pos.turn, B.variant) : labels === 'push' ? (a) => pushText(a, entry) : actionText;
  showChooser(el, { title, list, label, onPick: (a) => playMove(a.text), onCancel: () => select(null) });
}

/**
 * A click (or a drop after a drag) on a square.
 * @param {string} sq
 * @param {boolean} [fromDrag]
 */
export function onSquare(sq, fromDrag = false) {
  const intent = decideClick(pickContext(), B.sel, sq, fromDrag);
  if (intent.type === 'play') playMove(intent.action.text);
  else if (intent.type === 'choose') {
    if (intent.sel) select(intent.sel);
    choose(intent.title, intent.list, intent.labels);
  } else if (intent.type === 'select') select(intent.sel);
  else if (intent.type === 'deselect') select(null);
  else if (intent.type === 'refuse') { flash(intent.message); renderBoard(); }
}

/** Makes the shown node's line the main line. */
export function promoteLine() {
  promote(B.node);
  renderTree();
}

/** Deletes the shown node and everything after it; shows its parent. */
export function deleteLine() {
  if (!B.node.parent) return;
  goTo(remove(B.node));
}

/** Turns the board round. */
export function flip() {
  B.flipped = !B.flipped;
  renderBoard();
  renderBars();
}

/**
 * Keyboard: ←/→ step along the shown line, Home/End go to its ends, Escape
 * drops what is picked up, `f` flips the board.
 * @param {KeyboardEvent} e
 */
export function onKey(e) {
  const t = e.target;
  if (t instanceof HTMLElement && (t.closest('input, textarea, select') || t.isContentEditable)) return;
  if (t instanceof Element && t.closest('.board-svg') && e.key.startsWith('Arrow')) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  /** @type {Record<string, () => void>} */
  const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: home, End: end, Escape: () => select(null), f: flip };
  const run = keys[e.key];
  if (!run) return;
  if (e.key !== 'f') e.preventDefault();
  run();
}
