// Premoves: while the other side is to move, the player may pick up a piece
// and queue one action. What can be queued is what the server calls legal in
// the position as if it were the player's turn (`POST /api/positions` with the
// side to move swapped), so choosers (promotions, pushes) ask at queue time.
// The queued action is played at once when the turn comes if the server lists
// it as legal then, and silently dropped if not. Off in analysis and when
// stepping through the game.

import { api } from '../api.js';
import { G, canAct, canPremove, isLive } from './state.js';
import { strongestFirst } from './views/chooser.js';

/** @typedef {import('../types.js').LegalAction} LegalAction */

/**
 * `fen` with the other side to move (and no en-passant square, which
 * belongs to the side that was to move).
 * @param {string} fen
 */
export function swapTurn(fen) {
  const f = fen.trim().split(/\s+/);
  if (f.length < 2) return fen;
  f[1] = f[1] === 'w' ? 'b' : 'w';
  if (f.length > 3) f[3] = '-';
  return f.join(' ');
}

/**
 * Asks the server what could be queued in the current position (once per
 * position); `onReady` redraws when the answer comes.
 * @param {() => void} onReady
 */
export function loadPremoves(onReady) {
  if (!G.view || !canPremove() || G.premoveFen === G.view.fen) return;
  const fen = G.view.fen;
  G.premoveFen = fen;
  G.premoveLegal = null;
  G.premovePick = null;
  api.positionActions({ variant: G.view.variant, options: G.view.options, fen: swapTurn(fen) })
    .then((p) => {
      if (G.premoveFen !== fen) return;
      G.premoveLegal = (p.legal || []).filter((a) => a.kind !== 'pass');
      onReady();
    })
    // refused with the turn swapped (the other king is in check): any square may be queued
    .catch(() => { if (G.premoveFen === fen) { G.premoveLegal = anySquare(); onReady(); } });
}

/**
 * Whether a click on `sq` waits for the premove list still on its way (it
 * is then kept, and `takePremovePick` gives it back when the list comes):
 * a piece picked up at once after one's own move is not lost.
 * @param {string} sq
 */
export function keepPremovePick(sq) {
  if (!canPremove() || G.premoveLegal !== null || G.premoveFen !== G.view.fen || G.sel) return false;
  G.premovePick = sq;
  return true;
}

/** The square kept by `keepPremovePick`, once (`null` if none). */
export function takePremovePick() {
  const sq = G.premovePick;
  G.premovePick = null;
  return sq;
}

/**
 * Every step of every own man to every square not holding an own man, for
 * when the server cannot say more (marked `free`: no target marks are drawn,
 * and a promotion is decided when the move is played).
 * @returns {LegalAction[]}
 */
function anySquare() {
  const v = G.view;
  const mine = v.you;
  /** @type {LegalAction[]} */
  const out = [];
  const own = new Set(v.board.filter((p) => p.color === mine).map((p) => p.square));
  for (const from of own) {
    for (let f = 0; f < v.files; f++) {
      for (let r = 0; r < v.ranks; r++) {
        const to = `${String.fromCharCode(97 + f)}${r + 1}`;
        if (own.has(to)) continue;
        out.push({ text: `${from}${to}`, kind: 'normal', from, to, captured: [], promotion: null, role: null, push_to: null, label: `${from}-${to}`, free: true });
      }
    }
  }
  return out;
}

/**
 * Queues `text` (one of the queueable actions) as the premove.
 * @param {string} text
 */
export function queuePremove(text) {
  const a = (G.premoveLegal || []).find((x) => x.text === text);
  G.premove = a || null;
  G.sel = null;
}

/** Forgets the queued premove; whether there was one. */
export function cancelPremove() {
  const had = !!G.premove;
  G.premove = null;
  return had;
}

/**
 * The queued premove, if the turn has come and it is legal now (it is then
 * taken off the queue); `null` otherwise (dropped if the turn came and it is
 * not legal).
 * @returns {string | null}
 */
export function duePremove() {
  const p = G.premove;
  if (!p || !isLive()) return null;
  if (G.view.outcome) { G.premove = null; return null; }
  if (!canAct()) return null;
  G.premove = null;
  const legal = G.view.legal || [];
  const a = legal.find((x) => x.text === p.text);
  if (a) return a.text;
  if (!p.free) return null;
  // a move queued on any square: the one legal action from there to there (a promotion: the strongest)
  const same = legal.filter((x) => x.from === p.from && x.to === p.to && x.kind !== 'drop');
  if (same.length === 1) return same[0].text;
  return same.length && same.every((x) => x.promotion) ? strongestFirst(same)[0].text : null;
}

/** The squares to mark for the queued premove. */
export function premoveSquares() {
  const p = G.premove;
  if (!p) return [];
  return /** @type {string[]} */ ([p.from, p.to].filter(Boolean));
}
