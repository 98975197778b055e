// Move input shared by the game screen and the analysis board: what the
// player has picked up (a man, a piece in hand, an entered Ninja Pawn), where
// it may go and what a click means, read from the server's `LegalAction`s
// (their `kind`, `from`, `to`), never from move strings. Pure: every function
// is given the legal actions and the pieces of the position it works on.

import { parseSq, sqName } from './squares.js';

/** @typedef {import('./types.js').LegalAction} LegalAction */
/** @typedef {import('./types.js').BoardPiece} BoardPiece */
/** @typedef {import('./board.js').Target} Target */

/**
 * What the player has picked up: a man on a square, a piece in hand, or a
 * Ninja Pawn entered on a square whose push is still to choose.
 * @typedef {{ type: 'sq', sq: string }
 *   | { type: 'drop', role: string }
 *   | { type: 'push', role: string, entry: string, actions: LegalAction[] }} Selection
 */

/**
 * The position the input works on: the actions the player may play now (empty
 * when they may not act) and the pieces on the board.
 * @typedef {object} PickContext
 * @property {LegalAction[]} legal
 * @property {(sq: string) => BoardPiece | undefined} pieceAt
 */

/**
 * What a click on a square means.
 * @typedef {{ type: 'play', action: LegalAction }
 *   | { type: 'choose', title: string, list: LegalAction[], labels: 'actions' | 'promotion' | 'push', sel?: Selection }
 *   | { type: 'select', sel: Selection }
 *   | { type: 'deselect' }
 *   | { type: 'refuse', message: string }
 *   | { type: 'none' }} Intent
 */

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
 * The Wall is picked up by its left square; its right half stands for it
 * unless the right square has moves of its own.
 * @param {PickContext} ctx
 * @param {string} sq
 */
export function wallLeft(ctx, sq) {
  const p = ctx.pieceAt(sq);
  const s = parseSq(sq);
  if (!p || p.letter !== 'L' || !s) return sq;
  if (p.wall === 'right') return sqName(s.f - 1, s.r);
  if (p.wall === 'left') return sq;
  const left = ctx.pieceAt(sqName(s.f - 1, s.r));
  const hasMoves = ctx.legal.some((a) => a.from === sq);
  return !hasMoves && left && left.letter === 'L' && left.color === p.color ? left.square : sq;
}

/**
 * The board actions of the man on `sq` (not drops, rotations or a pass).
 * @param {PickContext} ctx
 * @param {string} sq
 */
export const boardActions = (ctx, sq) => ctx.legal.filter((a) => !isDrop(a) && !isRotate(a) && a.kind !== 'pass' && a.from === sq);

/**
 * Whether the man on `sq` (a Wall by either half) has actions of its own.
 * @param {PickContext} ctx
 * @param {string} sq
 */
export const hasOwnActions = (ctx, sq) => { const l = wallLeft(ctx, sq); return ctx.legal.some((a) => !isDrop(a) && a.from === l); };

/**
 * The actions of what is picked up.
 * @param {PickContext} ctx
 * @param {Selection | null} s
 * @returns {LegalAction[]}
 */
export function selectionActions(ctx, s) {
  if (!s) return [];
  if (s.type === 'sq') return boardActions(ctx, s.sq);
  if (s.type === 'drop') return ctx.legal.filter((a) => isDrop(a) && dropRole(a) === s.role);
  return s.actions;
}

/**
 * The squares to mark for what is picked up.
 * @param {PickContext} ctx
 * @param {Selection | null} s
 * @returns {Target[]}
 */
export function targets(ctx, s) {
  if (!s) return [];
  // a premove with no list of moves yet (free squares): nothing to mark
  if (selectionActions(ctx, s).some((a) => a.free)) return [];
  /** @type {Map<string, Target>} */
  const out = new Map();
  const held = s.type === 'sq' ? ctx.pieceAt(s.sq) : undefined;
  const isWall = !!held && held.letter === 'L';
  for (const a of selectionActions(ctx, s)) {
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
 * The actions a click on `sq` may mean, with what is picked up.
 * @param {PickContext} ctx
 * @param {Selection | null} s
 * @param {string} sq
 * @returns {{ list: LegalAction[], self?: boolean, drop?: boolean, entry?: string }}
 */
export function candidatesAt(ctx, s, sq) {
  const acts = selectionActions(ctx, s);
  if (!s) return { list: [] };
  if (s.type === 'sq') {
    const held = ctx.pieceAt(s.sq);
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

/**
 * What to do with several (or one) actions for one gesture: play the only
 * one, or ask which (promotions show the pieces, a Ninja Pawn its pushes).
 * @param {Selection | null} s
 * @param {string} sq
 * @param {{ list: LegalAction[], drop?: boolean }} c
 * @returns {Intent}
 */
function resolve(s, sq, c) {
  const list = c.list;
  const pushes = new Set(list.map(dropFinal)).size > 1 && list.every((a) => dropEntry(a) === sq);
  if (c.drop && s && s.type === 'drop' && s.role === 'J' && pushes) {
    return { type: 'choose', title: `Ninja Pawn enters on ${sq}: push it on?`, list, labels: 'push', sel: { type: 'push', role: 'J', entry: sq, actions: list } };
  }
  if (list.length === 1) return { type: 'play', action: list[0] };
  const promo = list.every((a) => a.promotion);
  return { type: 'choose', title: promo ? 'Promote to:' : 'Which move?', list, labels: promo ? 'promotion' : 'actions' };
}

/**
 * What a click (or a drop after a drag) on `sq` means.
 * @param {PickContext} ctx
 * @param {Selection | null} s what is picked up
 * @param {string} sq
 * @param {boolean} [fromDrag]
 * @returns {Intent}
 */
export function decideClick(ctx, s, sq, fromDrag = false) {
  if (s) {
    const c = candidatesAt(ctx, s, sq);
    if (c.self) {
      if (c.list.length) return { type: 'choose', title: 'What should this piece do?', list: c.list, labels: 'actions' };
      if (!fromDrag) return { type: 'deselect' };
    } else if (c.list.length) return resolve(s, sq, c);
    else if (fromDrag) return { type: 'refuse', message: `${sq} is not a legal destination.` };
  }
  if (hasOwnActions(ctx, sq)) return { type: 'select', sel: { type: 'sq', sq: wallLeft(ctx, sq) } };
  if (ctx.pieceAt(sq) && ctx.legal.some((a) => isRotate(a) && a.from === sq)) return { type: 'select', sel: { type: 'sq', sq } };
  return s ? { type: 'deselect' } : { type: 'none' };
}
