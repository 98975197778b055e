// The analysis board's board: the shown position, what is picked up and
// where it may go, and the engine's lines as arrows.

import { nameOf } from '../pieces.js';
import { targets } from '../pick.js';
import { B, pickContext, shown } from './state.js';
import { engineArrows } from './engine.js';

/** @typedef {import('../types.js').BoardPiece} BoardPiece */

/**
 * The pieces with their names filled in.
 * @param {BoardPiece[]} pieces
 * @returns {BoardPiece[]}
 */
const named = (pieces) => pieces.map((p) => ({ ...p, name: p.name || nameOf(B.variant, p.letter) }));

/** Draws the board. */
export function renderBoard() {
  const pos = shown();
  if (!pos) return;
  /** @type {string[]} */
  let check = [];
  if (pos.check && B.variant.has_check) {
    const k = pos.board.find((p) => p.letter === 'K' && p.color === pos.turn);
    if (k) check = [k.square];
  }
  const sel = B.sel;
  B.board.render({
    pieces: named(pos.board),
    flipped: B.flipped,
    lastMove: pos.last_move,
    check,
    frozen: pos.frozen,
    selected: sel && sel.type === 'sq' ? sel.sq : sel && sel.type === 'push' ? sel.entry : null,
    targets: targets(pickContext(), sel),
    dragFrom: null,
    arrows: engineArrows(),
  });
}
