// The live engine of the analysis board: while it is switched on, one stream
// of `GET /api/analysis/stream` for the shown position, closed and opened
// again when the position or the number of lines changes, closed when it is
// switched off or the screen is left; `503 busy` and `429 analysis_busy`
// (this address's previous stream has not ended yet) are retried after a
// pause.

import { boardApi } from '../api.js';
import { B } from './state.js';
import { pathMoves } from './tree.js';
import { renderEngine } from './engine-panel.js';
import { renderBoard } from './board-view.js';

/** @typedef {import('../types.js').AnalysisInfo} AnalysisInfo */
/** @typedef {import('../types.js').AnalysisDone} AnalysisDone */
/** @typedef {import('../arrows.js').Arrow} Arrow */

/** How long to wait before asking again when the engine is busy. */
export const BUSY_RETRY_MS = 3000;
/** A pause before a stream opens, so that stepping quickly opens only the last. */
const SETTLE_MS = 150;

/** @type {import('../sse.js').SseHandle | null} */
let handle = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/** What the engine is asked about: the shown position and the number of lines. */
const positionKey = () => JSON.stringify([B.variant.key, B.fen, B.options, pathMoves(B.node), B.engine.multipv]);

/** Closes the stream and forgets a pending (re)start. */
function stopStream() {
  clearTimeout(timer);
  if (handle) { handle.close(); handle = null; }
}

/** Redraws what shows the engine's lines. */
function show() {
  renderEngine();
  renderBoard();
}

/**
 * Takes one line of one depth.
 * @param {AnalysisInfo} info
 */
function onInfo(info) {
  const e = B.engine;
  e.lines[info.multipv - 1] = info;
  e.lines.length = Math.min(e.lines.length, e.multipv);
  e.depth = Math.max(e.depth, info.depth);
  e.status = 'running';
  e.message = '';
  show();
}

/**
 * The search ended.
 * @param {AnalysisDone} d
 */
function onDone(d) {
  const e = B.engine;
  e.status = 'done';
  e.depth = Math.max(e.depth, d.depth);
  e.message = d.outcome
    ? `the game is over (${d.outcome.result})`
    : d.yielded ? 'Stopped early to let other players use the engine.' : '';
  handle = null;
  show();
}

/**
 * The stream could not start (or broke off).
 * @param {string} key the position it was about
 * @param {number} status
 * @param {string | undefined} code
 * @param {string} message
 */
function onError(key, status, code, message) {
  const e = B.engine;
  handle = null;
  if (status === 503 || code === 'busy' || code === 'analysis_busy') {
    e.status = 'busy';
    e.message = `The engine is busy; trying again in ${BUSY_RETRY_MS / 1000} s…`;
    timer = setTimeout(() => { if (e.on && e.key === key) openStream(); }, BUSY_RETRY_MS);
  } else {
    e.status = 'error';
    e.message = message;
  }
  renderEngine();
}

/** Opens the stream for the position the state's `engine.key` names. */
function openStream() {
  const e = B.engine;
  const key = e.key;
  const opts = Object.keys(B.options).length ? JSON.stringify(B.options) : undefined;
  handle = boardApi.analysisStream(
    { variant: B.variant.key, fen: B.fen || undefined, options: opts, moves: pathMoves(B.node).join(','), multipv: e.multipv },
    {
      onEvent: (event, data) => {
        if (e.key !== key || !e.on) return;
        try {
          if (event === 'info') onInfo(JSON.parse(data));
          else if (event === 'done') onDone(JSON.parse(data));
        } catch { /* a malformed event is skipped */ }
      },
      onError: (status, code, message) => { if (e.key === key && e.on) onError(key, status, code, message); },
      onEnd: () => { if (e.key === key && e.status !== 'done') { e.status = 'done'; handle = null; renderEngine(); } },
    },
  );
}

/** Follows the shown position: (re)starts the stream when it changed. */
export function followPosition() {
  const e = B.engine;
  if (!e.on) return;
  const key = positionKey();
  if (key === e.key) return;
  stopStream();
  Object.assign(e, { key, lines: [], depth: 0, status: 'starting', message: '' });
  renderEngine();
  timer = setTimeout(openStream, SETTLE_MS);
}

/**
 * Switches the engine on or off.
 * @param {boolean} on
 */
export function setEngine(on) {
  const e = B.engine;
  e.on = on;
  stopStream();
  Object.assign(e, { key: '', lines: [], depth: 0, status: on ? 'starting' : 'off', message: '' });
  if (on) followPosition();
  show();
}

/**
 * Shows `n` lines (1 to 3).
 * @param {number} n
 */
export function setLines(n) {
  B.engine.multipv = Math.max(1, Math.min(3, n));
  followPosition();
}

/** Closes the stream for good (the screen is left). */
export function stopEngine() {
  if (B.engine) B.engine.on = false;
  stopStream();
}

/**
 * The first moves of the engine's lines as arrows (the best line's drawn
 * last, on top), when they are about the shown position.
 * @returns {Arrow[]}
 */
export function engineArrows() {
  const e = B.engine;
  if (!e || !e.on || e.key !== positionKey()) return [];
  /** @type {Arrow[]} */
  const out = [];
  e.lines.forEach((l, i) => {
    const s = l && l.squares[0];
    if (s && s.to) out.push({ from: s.from, to: s.to, kind: i === 0 ? 'best' : 'line' });
  });
  return out.reverse();
}
