// The analysis board's screen: reads the address, loads the game and the
// start of the tree from the server, draws the layout, and cleans up (the
// engine stream, the keyboard) when the page shows another screen.

import { api, boardApi } from '../api.js';
import { app, esc, showFatal } from '../dom.js';
import { readAddress } from './address.js';
import { flash, onKey, redraw } from './controller.js';
import { stopEngine } from './engine.js';
import { buildBoardLayout, wireSideColumn } from './layout.js';
import { B } from './state.js';
import { addLine, newRoot } from './tree.js';
import { graft, takeRecord } from './record.js';

/** @typedef {import('./address.js').BoardAddress} BoardAddress */
/** @typedef {import('../types.js').VariantInfo} VariantInfo */

/**
 * The game the address names (chess, or the first game, when it names none).
 * @param {BoardAddress} addr
 * @param {VariantInfo[]} variants
 * @returns {Promise<VariantInfo>}
 */
function chosenVariant(addr, variants) {
  const key = addr.variant || variants[0].key; // the server lists its games, the plainest first
  return api.variant(key);
}

/**
 * Builds the tree: its start position, and the address's moves as the main
 * line (refused moves are reported and left out).
 * @param {BoardAddress} addr
 */
async function loadTree(addr) {
  const base = { variant: B.variant.key, options: B.options, fen: B.fen || undefined };
  const root = newRoot(await boardApi.position({ ...base, moves: [] }));
  let node = root;
  let error = '';
  const record = takeRecord(B.variant.key);
  if (record) {
    graft(root, record.line);
    return { root, node, error };
  }
  if (addr.moves.length) {
    try {
      const pos = await boardApi.position({ ...base, moves: addr.moves });
      node = addLine(root, pos.moves, pos.labels);
      node.pos = pos;
    } catch (e) {
      error = `The moves of the address were not played: ${e instanceof Error ? e.message : e}`;
    }
  }
  return { root, node, error };
}

/**
 * Loads and draws the board for `addr`; `isLeft()` says the page moved on.
 * @param {BoardAddress} addr
 * @param {() => boolean} isLeft
 */
async function open(addr, isLeft) {
  app.innerHTML = '<p class="loading">Loading the analysis board…</p>';
  const variants = await api.variants();
  const variant = await chosenVariant(addr, variants);
  Object.assign(B, {
    variant, variants, fen: addr.fen, options: addr.options, sel: null, flipped: false, pending: false,
    engine: { on: false, multipv: 1, key: '', lines: [], status: 'off', message: '', depth: 0 },
  });
  const { root, node, error } = await loadTree(addr);
  if (isLeft()) return;
  B.root = root;
  B.node = node;
  B.board = buildBoardLayout();
  wireSideColumn();
  document.addEventListener('keydown', onKey);
  redraw();
  if (error) flash(error, true);
}

/**
 * Shows the analysis board the raw hash `hash` describes; returns what to do
 * when the page shows another screen.
 * @param {string} hash
 * @returns {() => void}
 */
export function analysisScreen(hash) {
  let left = false;
  open(readAddress(hash), () => left).catch((e) => {
    if (left) return;
    showFatal(e);
    app.insertAdjacentHTML('beforeend', `<p><a href="/#analysis">Analysis board</a> (${esc('chess, from the start')})</p>`);
  });
  return () => {
    left = true;
    stopEngine();
    document.removeEventListener('keydown', onKey);
  };
}
