// What the player has picked up and where it may go: the legal actions of a
// man, a piece in hand or an entered Ninja Pawn, read from the server's
// `LegalAction`s (their `kind`, `from`, `to`), never from move strings.

import { parseSq, sqName } from '../squares.js';
import { G, legal, pieceAt } from './state.js';

/** @typedef {import('../types.js').LegalAction} LegalAction */

/**
 * The Wall is picked up by its left square; its right half stands for it
 * unless the right square has moves of its own.
 * @param {string} sq
 */
export function wallLeft(sq) {
  const p = G.view && pieceAt(sq);
  const s = parseSq(sq);
  if (!p || p.letter !== 'L' || !s) return sq;
  if (p.wall === 'right') return sqName(s.f - 1, s.r);
  if (p.wall === 'left') return sq;
  const left = pieceAt(sqName(s.f - 1, s.r));
  const hasMoves = legal().some((a) => a.from === sq);
  return !hasMoves && left && left.letter === 'L' && left.color === p.color ? left.square : sq;
}

/** @param {string | null} sq */
export const rightOf = (sq) => { const s = parseSq(sq); return s ? sqName(s.f + 1, s.r) : null; };

/** @param {LegalAction} a */
export const isRotate = (a) => a.kind === 'rotate';
/** @param {LegalAction} a */
export const isDrop = (a) => a.kind === 'drop';
/** @param {LegalAction} a the dropped piece's letter */
export const dropRole = (a) => (a.role || '').toUpperCase();
/** @param {LegalAction} a where a dropped piece ends (after a push) */
export const dropFinal = (a) => a.to;
/** @param {LegalAction} a where a dropped piece enters the board */
export const dropEntry = (a) => a.from || a.to;

/**
 * The board actions of the man on `sq` (not drops, rotations or a pass).
 * @param {string} sq
 */
export const boardActions = (sq) => legal().filter((a) => !isDrop(a) && !isRotate(a) && a.kind !== 'pass' && a.from === sq);

/** @param {string} sq */
export const hasOwnActions = (sq) => { const l = wallLeft(sq); return legal().some((a) => !isDrop(a) && a.from === l); };

/** @returns {LegalAction[]} the actions of what is picked up */
export function selectionActions() {
  const s = G.sel;
  if (!s) return [];
  if (s.type === 'sq') return boardActions(s.sq);
  if (s.type === 'drop') return legal().filter((a) => isDrop(a) && dropRole(a) === s.role);
  return s.actions;
}

/**
 * The squares to mark for what is picked up.
 * @returns {import('../board.js').Target[]}
 */
export function targets() {
  const s = G.sel;
  if (!s) return [];
  if (selectionActions().some((a) => a.free)) return [];
  /** @type {Map<string, import('../board.js').Target>} */
  const out = new Map();
  const held = s.type === 'sq' ? pieceAt(s.sq) : undefined;
  const isWall = !!held && held.letter === 'L';
  for (const a of selectionActions()) {
    let sq;
    /** @type {'capture' | 'move' | 'self' | 'castle'} */
    let kind = (a.captured && a.captured.length) ? 'capture' : a.kind === 'castle' ? 'castle' : 'move';
    if (s.type === 'sq') { sq = a.to; if (a.to === a.from) kind = 'self'; }
    else if (s.type === 'drop') sq = dropEntry(a);
    else sq = dropFinal(a);
    if (!sq) continue;
    const t = out.get(sq) || { square: sq, kind };
    if (kind === 'capture' || (kind === 'castle' && t.kind === 'move')) t.kind = kind;
    if (isWall && kind !== 'self') t.wide = rightOf(sq);
    out.set(sq, t);
  }
  return [...out.values()];
}

/**
 * The actions a click on `sq` may mean, with what picked it.
 * @param {string} sq
 * @returns {{ list: LegalAction[], self?: boolean, drop?: boolean, entry?: string }}
 */
export function candidatesAt(sq) {
  const s = G.sel;
  const acts = selectionActions();
  if (!s) return { list: [] };
  if (s.type === 'sq') {
    const held = pieceAt(s.sq);
    const wall = !!held && held.letter === 'L';
    const mine = s.sq === sq || (wall && rightOf(s.sq) === sq);
    if (mine) return { self: true, list: acts.filter((a) => a.to === a.from) };
    let list = acts.filter((a) => a.to === sq && a.to !== a.from);
    if (!list.length && wall) list = acts.filter((a) => rightOf(a.to) === sq);
    if (!list.length) list = acts.filter((a) => (a.captured || []).includes(sq));
    return { list };
  }
  if (s.type === 'drop') {
    let list = acts.filter((a) => dropEntry(a) === sq);
    if (!list.length) list = acts.filter((a) => dropFinal(a) === sq);
    return { list, drop: true, entry: sq };
  }
  return { list: acts.filter((a) => dropFinal(a) === sq) };
}
