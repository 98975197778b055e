// What the player has picked up and where it may go, for the game screen:
// the shared move input (../pick.js) applied to the game's state `G`.

import * as pick from '../pick.js';
import { G, legal, pieceAt } from './state.js';

/** @typedef {import('../types.js').LegalAction} LegalAction */

export { rightOf, isRotate, isDrop, dropRole, dropFinal, dropEntry } from '../pick.js';

/** @returns {import('../pick.js').PickContext} the live game's actions and pieces */
const ctx = () => ({ legal: legal(), pieceAt: (sq) => (G.view ? pieceAt(sq) : undefined) });

/**
 * The Wall is picked up by its left square; its right half stands for it
 * unless the right square has moves of its own.
 * @param {string} sq
 */
export const wallLeft = (sq) => pick.wallLeft(ctx(), sq);

/**
 * The board actions of the man on `sq` (not drops, rotations or a pass).
 * @param {string} sq
 */
export const boardActions = (sq) => pick.boardActions(ctx(), sq);

/** @param {string} sq */
export const hasOwnActions = (sq) => pick.hasOwnActions(ctx(), sq);

/** @returns {LegalAction[]} the actions of what is picked up */
export const selectionActions = () => pick.selectionActions(ctx(), G.sel);

/**
 * The squares to mark for what is picked up.
 * @returns {import('../board.js').Target[]}
 */
export const targets = () => pick.targets(ctx(), G.sel);

/**
 * The actions a click on `sq` may mean, with what picked it.
 * @param {string} sq
 * @returns {{ list: LegalAction[], self?: boolean, drop?: boolean, entry?: string }}
 */
export const candidatesAt = (sq) => pick.candidatesAt(ctx(), G.sel, sq);
