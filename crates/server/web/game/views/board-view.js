// The board as the state shows it: the live game (with what is picked up
// and where it may go) or an earlier position.

import { nameOf } from '../../pieces.js';
import { G, canAct, canPremove, isLive } from '../state.js';
import { premoveSquares } from '../premove.js';
import { targets } from '../selection.js';
import { reviewArrows } from './review.js';

/** @typedef {import('../../types.js').BoardPiece} BoardPiece */

/**
 * The pieces with their names filled in.
 * @param {BoardPiece[]} pieces
 * @returns {BoardPiece[]}
 */
function named(pieces) {
  return pieces.map((p) => ({ ...p, name: p.name || nameOf(G.variant, p.letter) }));
}

/** The position shown: the live game's or the earlier one stepped back to. */
export function shownPosition() {
  const v = G.view;
  if (!isLive() && G.shown) return G.shown;
  return { ply: v.moves.length, fen: v.fen, turn: v.turn, board: v.board, pockets: v.pockets, frozen: v.frozen, check: v.check, last_move: v.last_move };
}

/** Draws the board. */
export function renderBoard() {
  const pos = shownPosition();
  const live = isLive();
  /** @type {string[]} */
  let check = [];
  if (live && pos.check && G.variant.has_check) {
    const k = pos.board.find((p) => p.letter === 'K' && p.color === pos.turn);
    if (k) check = [k.square];
  }
  const sel = G.sel;
  G.board.render({
    pieces: named(pos.board),
    flipped: G.flipped,
    lastMove: pos.last_move,
    check,
    frozen: live ? pos.frozen : [],
    selected: sel && sel.type === 'sq' ? sel.sq : sel && sel.type === 'push' ? sel.entry : null,
    targets: live ? targets() : [],
    dragFrom: null,
    arrows: reviewArrows(),
    premove: live ? premoveSquares() : [],
  });
  const wrap = document.getElementById('board');
  wrap?.classList.toggle('history', !live);
  wrap?.classList.toggle('premoving', live && !canAct() && canPremove());
}
