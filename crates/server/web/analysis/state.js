// The analysis board's state, owned by its controller (analysis/controller.js),
// and the questions its views ask of it.

/** @typedef {import('../types.js').VariantInfo} VariantInfo */
/** @typedef {import('../types.js').BoardPosition} BoardPosition */
/** @typedef {import('../types.js').AnalysisInfo} AnalysisInfo */
/** @typedef {import('../pick.js').Selection} Selection */
/** @typedef {import('./tree.js').TreeNode} TreeNode */

/**
 * The engine panel: switched on or off, how many lines, what it has said
 * about the position `key` (the shown node's path).
 * @typedef {object} EngineState
 * @property {boolean} on
 * @property {number} multipv 1 to 3.
 * @property {string} key The position the lines are about.
 * @property {AnalysisInfo[]} lines By rank (index 0: the best line).
 * @property {'off' | 'starting' | 'running' | 'busy' | 'done' | 'error'} status
 * @property {string} message What the status line says beyond the status.
 * @property {number} depth The deepest depth finished.
 */

/**
 * @typedef {object} BoardState
 * @property {VariantInfo} variant The game (for its pieces' names and pockets).
 * @property {VariantInfo[]} variants Every game, for the chooser.
 * @property {string} fen The position string the tree starts from ('' : the game's start).
 * @property {Record<string, boolean>} options Rule flags.
 * @property {TreeNode} root
 * @property {TreeNode} node The node shown.
 * @property {Selection | null} sel
 * @property {boolean} flipped
 * @property {boolean} pending A move or a position is on its way.
 * @property {EngineState} engine
 * @property {import('../board.js').Board} board
 */

/** @type {BoardState} */
export const B = /** @type {BoardState} */ ({});

/** @returns {BoardPosition | null} the shown position, once loaded */
export const shown = () => B.node.pos;

/** @returns {import('../pick.js').PickContext} what the move input works on */
export function pickContext() {
  const pos = shown();
  return {
    legal: pos && !B.pending ? pos.legal : [],
    pieceAt: (sq) => (pos ? pos.board.find((p) => p.square === sq) : undefined),
  };
}

/** @param {'white' | 'black'} c */
export const sideName = (c) => (c === 'white' ? 'White' : 'Black');
