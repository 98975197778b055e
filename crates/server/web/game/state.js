// The game screen's state, owned by the controller (game/controller.js), and
// the questions every view asks of it.

/** @typedef {import('../types.js').GameView} GameView */
/** @typedef {import('../types.js').VariantInfo} VariantInfo */
/** @typedef {import('../types.js').PositionView} PositionView */
/** @typedef {import('../types.js').LegalAction} LegalAction */
/** @typedef {import('../types.js').Analysis} Analysis */
/** @typedef {import('../types.js').Color} Color */
/** @typedef {import('../dom.js').RecentGame} RecentGame */

/**
 * What the player has picked up: a man on a square, a piece in hand, or a
 * Ninja Pawn entered on a square whose push is still to choose.
 * @typedef {{ type: 'sq', sq: string }
 *   | { type: 'drop', role: string }
 *   | { type: 'push', role: string, entry: string, actions: LegalAction[] }} Selection
 */

/**
 * The analysis panel: nothing, waiting, an error or the engine's answer.
 * @typedef {{ loading: true } | { error: string } | (Analysis & { turn: Color })} AnalysisState
 */

/**
 * @typedef {object} GameState
 * @property {string} id
 * @property {string | null} token The seat token, if this browser holds a seat.
 * @property {GameView} view The newest view of the game (highest revision).
 * @property {VariantInfo} variant
 * @property {number | null} ply The ply shown while stepping back; `null`: the live game.
 * @property {PositionView | null} shown The position shown while stepping back, once loaded.
 * @property {Selection | null} sel
 * @property {boolean} flipped
 * @property {AnalysisState | null} analysis
 * @property {import('../types.js').ReviewView | null} review The game's review, as far as it goes.
 * @property {import('../types.js').ReviewProgress | null} reviewProgress The newest progress event.
 * @property {string | null} reviewError Why starting a review failed.
 * @property {boolean} showBest Arrows of the reviewed best move on the board.
 * @property {EventSource | null} es
 * @property {boolean} offline The server cannot be reached now.
 * @property {boolean} pending A move of ours is on its way.
 * @property {boolean} helpSticky The hover help stays until a click elsewhere.
 * @property {number} clockAt `performance.now()` when the view arrived.
 * @property {RecentGame} info What this browser remembers of the game.
 * @property {import('../board.js').Board} board
 * @property {LegalAction | null} premove The action queued while the other side is to move.
 * @property {LegalAction[] | null} premoveLegal What could be queued: the position's actions as if it were this player's turn.
 * @property {string | null} premoveFen The position `premoveLegal` was asked for.
 * @property {string | null} premovePick A square clicked while `premoveLegal` was on its way, picked up when it comes.
 */

/** @type {GameState} */
export const G = /** @type {GameState} */ ({});

/** Whether the live game is shown (not an earlier ply). */
export const isLive = () => G.ply === null;

/** @returns {Color[]} the sides this browser plays */
export const myColors = () => (G.view.you === 'both' ? ['white', 'black'] : G.view.you ? [G.view.you] : []);

/** Whether this browser may act now. */
export const canAct = () => !G.view.outcome && myColors().includes(G.view.turn) && !G.pending && !G.offline;

/**
 * Whether this browser may queue a premove now: it plays one side of a live
 * game and the other side is to move.
 */
export const canPremove = () => isLive() && !G.view.outcome && !G.offline && G.view.you !== 'both' && myColors().length === 1 && G.view.turn !== myColors()[0];

/** Whether this browser may pick up its pieces now (to play, or to queue a premove). */
export const mayPick = () => canAct() || canPremove();

/** @returns {LegalAction[]} the actions this browser may play now, or queue as a premove */
export const legal = () => (!isLive() ? [] : canAct() ? G.view.legal || [] : canPremove() ? G.premoveLegal || [] : []);

/** @param {string} sq */
export const pieceAt = (sq) => G.view.board.find((p) => p.square === sq);

/** @param {Color} c */
export const sideName = (c) => (c === 'white' ? 'White' : 'Black');
