// The game screen's controller: it owns the state (game/state.js), takes
// views from the server (answers, the event stream, the safety poll) keeping
// only the newest, runs the player's actions and redraws everything at once.

import { api, ApiError } from '../api.js';
import { rememberGame, recentGames, showFatal, app, $ } from '../dom.js';
import { G, isLive, canAct, canPremove, legal, mayPick, myColors, pieceAt } from './state.js';
import { cancelPremove, duePremove, keepPremovePick, loadPremoves, queuePremove, takePremovePick } from './premove.js';
import { soundsFor } from '../sounds.js';
import { candidatesAt, dropEntry, dropFinal, hasOwnActions, isRotate, wallLeft } from './selection.js';
import { buildGameLayout, showBoardOnPhone } from './layout.js';
import { renderBoard } from './views/board-view.js';
import { renderBars, tickClocks } from './views/bars.js';
import { renderActionBar } from './views/actionbar.js';
import { renderStatus, renderMoves } from './views/status.js';
import { renderControls, renderShare } from './views/controls.js';
import { renderAnalysis } from './views/analysis.js';
import { renderReview } from './views/review.js';
import { loadReview, onReviewProgress } from './review-control.js';
import { closeChooser, openChooser, promotionLabel, strongestFirst } from './views/chooser.js';
import { hideHelp } from './views/help.js';

/** @typedef {import('../types.js').GameView} GameView */
/** @typedef {import('../types.js').LegalAction} LegalAction */
/** @typedef {import('../types.js').PositionView} PositionView */
/** @typedef {import('./state.js').Selection} Selection */

/**
 * Opens the game `id` in the page.
 * @param {string} id
 */
export async function gameScreen(id) {
  app.innerHTML = '<p class="loading">Loading game…</p>';
  const { token, notice } = await seatToken(id);
  /** @type {GameView} */
  let view;
  try { view = await api.game(id, token); } catch (e) { return showFatal(e); }
  let variant;
  try { variant = await api.variant(view.variant); } catch {
    variant = { key: view.variant, title: view.title, blurb: '', parent: null, notes: [], pieces: [], options: [], files: view.files, ranks: view.ranks, start_fen: view.start_fen, has_pockets: false, start_board: [], start_pockets: { white: {}, black: {} }, prongs: false, has_check: true, pawn_to_middle: false };
  }
  const known2 = recentGames().find((g) => g.id === id) || { id };
  rememberGame({ id, token, title: view.title, variant: view.variant, when: known2.when || Date.now(), vs: known2.vs || `${view.players.white} vs ${view.players.black}` });
  Object.assign(G, {
    id, token, variant, view: undefined, ply: null, shown: null, sel: null, flipped: view.you === 'black', analysis: null,
    review: null, reviewProgress: null, reviewError: null, showBest: true,
    es: null, offline: false, pending: false, helpSticky: false, clockAt: performance.now(),
    premove: null, premoveLegal: null, premoveFen: null, premovePick: null,
    info: recentGames().find((g) => g.id === id) || { id },
  });
  G.board = buildGameLayout(view);
  setView(view);
  if (notice) flash(notice, true);
  showBoardOnPhone();
  connectEvents();
  loadReview();
  setInterval(tickClocks, 200);
}

/**
 * The seat token this browser holds in game `id`: from the address (an
 * invitation's `?ticket=`, claimed once, or a seat link's `?seat=`), else as
 * remembered. The secret is then kept in this browser only and taken out of
 * the address bar, so it stays out of the history, bookmarks and shared
 * screenshots. `notice`: why an invitation gave no seat.
 * @param {string} id
 * @returns {Promise<{ token: string | null, notice: string }>}
 */
async function seatToken(id) {
  const params = new URLSearchParams(location.search);
  const known = recentGames().find((g) => g.id === id);
  let token = params.get('seat');
  const ticket = params.get('ticket');
  let notice = '';
  if (ticket) {
    try {
      token = (await api.claim(id, ticket)).token;
    } catch (e) {
      if (!(known && known.token)) notice = e instanceof ApiError && e.code === 'seat_taken'
        ? 'This invitation has been used already: you are watching the game.'
        : `This invitation does not open a seat (${e instanceof Error ? e.message : e}).`;
    }
  }
  if (token) rememberGame({ id, token, when: (known && known.when) || Date.now() });
  else if (known && known.token) token = known.token;
  if (params.has('seat') || params.has('ticket')) history.replaceState(history.state, '', `/play/${encodeURIComponent(id)}${location.hash}`);
  return { token, notice };
}

/**
 * Shows `v` if it is at least as new as the view on screen (docs/api.md,
 * `revision`): answers to our own requests, the event stream and the safety
 * poll can arrive in any order, and an older view must never replace a newer
 * one. Returns whether the view was taken.
 * @param {GameView} v
 */
export function setView(v) {
  const prev = G.view;
  if (prev && v.revision < prev.revision) return false;
  if (prev && v.you === null && prev.you && G.token) v.you = prev.you;
  G.view = v;
  G.clockAt = performance.now();
  if (G.ply !== null && G.ply > v.moves.length) { G.ply = null; G.shown = null; }
  if (!prev || prev.revision !== v.revision) gameChanged(prev, v);
  const due = duePremove();
  redraw();
  if (due) play(due);
  else loadPremoves(premovesReady);
  return true;
}

/** The premove list came: redraw, and pick up a piece clicked while it was on its way. */
function premovesReady() {
  const sq = takePremovePick();
  redraw();
  if (sq) onSquare(sq);
}

/**
 * Clears or refreshes what describes the game as it was (messages, analysis, the record box).
 * @param {GameView | undefined} prev
 * @param {GameView} v
 */
function gameChanged(prev, v) {
  if (!prev) return;
  if (prev.moves.length !== v.moves.length) { G.sel = null; closeChooser(); }
  soundsFor(prev, v, G.variant.has_check);
  G.analysis = null;
  flash('');
  const rec = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('record-out'));
  if (rec && !rec.hidden) api.record(G.id).then((t) => { if (G.view.revision === v.revision) rec.value = t; }).catch(() => {});
}

/** Loads the game as the server has it now (after a reconnection, or as a safety net). */
async function reload() {
  const v = await api.game(G.id, G.token);
  goOnline();
  setView(v);
}

/** The server cannot be reached: say so, stop offering moves, retry until it is back. */
export function goOffline() {
  if (G.offline) return;
  G.offline = true;
  G.sel = null;
  closeChooser();
  $('#connection').hidden = false;
  document.body.classList.add('offline');
  redraw();
  const retry = () => {
    if (!G.offline) return;
    reload().catch(() => setTimeout(retry, 1000));
  };
  setTimeout(retry, 1000);
}

function goOnline() {
  if (!G.offline) return;
  G.offline = false;
  $('#connection').hidden = true;
  document.body.classList.remove('offline');
  if (!G.es || G.es.readyState === 2) openEvents();
  redraw();
}

function openEvents() {
  let es;
  try { es = api.events(G.id, G.token); } catch { return; }
  G.es = es;
  es.addEventListener('game', (e) => {
    /** @type {GameView} */
    let v;
    try { v = JSON.parse(/** @type {MessageEvent} */ (e).data); } catch { return; }
    goOnline();
    if (G.token && (v.you === null || v.you === undefined || !Array.isArray(v.legal))) {
      api.game(G.id, G.token).then(setView).catch(() => {});
      return;
    }
    setView(v);
  });
  es.addEventListener('review', (e) => {
    /** @type {import('../types.js').ReviewProgress} */
    let p;
    try { p = JSON.parse(/** @type {MessageEvent} */ (e).data); } catch { return; }
    onReviewProgress(p);
  });
  // EventSource reconnects by itself while it can; until then the page says so.
  es.onerror = () => { if (es.readyState !== 1) goOffline(); };
}

function connectEvents() {
  openEvents();
  // A slow poll as a safety net (an event stream that silently stalls).
  setInterval(() => {
    if (!G.view || G.offline || (G.es && G.es.readyState === 1 && !G.view.engine_thinking)) return;
    api.game(G.id, G.token).then(setView).catch((e) => { if (e.status === 0) goOffline(); });
  }, 3000);
}

/** Draws every part of the game screen from the state. */
export function redraw() {
  renderBoard();
  renderBars();
  renderActionBar();
  renderStatus();
  renderMoves();
  renderControls();
  renderShare();
  renderAnalysis();
  renderReview();
  /** @type {HTMLInputElement} */ ($('#fen-out')).value = currentFen();
}

/** The position string of the shown position. */
export function currentFen() {
  if (isLive() || G.ply === G.view.moves.length) return G.view.fen;
  if (G.ply === 0 || G.ply === null) return G.view.start_fen;
  return G.view.moves[G.ply - 1].fen_after;
}

/** Every position of the game by ply, loaded once per revision. */
let positions = /** @type {{ revision: number, list: Promise<PositionView[]> } | null} */ (null);

/** @returns {Promise<PositionView[]>} */
function loadPositions() {
  const revision = G.view.revision;
  if (!positions || positions.revision !== revision) {
    const list = api.plies(G.id);
    positions = { revision, list };
    list.catch(() => { if (positions && positions.list === list) positions = null; });
  }
  return positions.list;
}

/**
 * Shows an earlier position (`null`: the live game). Every position is
 * loaded from the server once, the first time the player steps back.
 * @param {number | null} p
 */
export async function gotoPly(p) {
  if (!G.view) return;
  /** @type {PositionView | null} */
  let shown = null;
  if (p !== null) {
    let list;
    try { list = await loadPositions(); } catch (e) { flash(e instanceof Error ? e.message : String(e), true); return; }
    const n = G.view.moves.length;
    p = Math.max(0, p);
    if (p >= n) p = null;
    else shown = list[p] || null;
  }
  G.ply = p;
  G.shown = shown;
  G.sel = null;
  closeChooser();
  redraw();
}

/** @param {number} d plies forward (negative: back) */
export async function stepPly(d) {
  if (!G.view) return;
  if (G.ply !== null || d < 0) { try { await loadPositions(); } catch { /* gotoPly says why */ } }
  const n = G.view.moves.length;
  const cur = G.ply === null ? n : G.ply;
  await gotoPly(Math.max(0, Math.min(n, cur + d)));
}

/**
 * Picks something up (or puts it down with `null`).
 * @param {Selection | null} sel
 */
export function select(sel) {
  G.sel = sel;
  closeChooser();
  renderBoard();
  renderBars(); // a piece in hand picked earlier is no longer highlighted
  renderActionBar();
}

/**
 * Sends an action; the answer is shown if nothing newer came first.
 * @param {string} text the move string
 */
export async function play(text) {
  if (!canAct() && canPremove()) { queuePremove(text); closeChooser(); redraw(); return true; }
  if (G.pending) return false;
  G.pending = true;
  closeChooser();
  flash('');
  try {
    const v = await api.move(G.id, G.token, text);
    G.pending = false;
    G.sel = null;
    if (!setView(v)) redraw();
    return true;
  } catch (e) {
    G.pending = false;
    G.sel = null;
    if (e && /** @type {{ status?: number }} */ (e).status === 0) { goOffline(); redraw(); return false; }
    flash(`Refused: ${e instanceof Error ? e.message : e}`, true);
    renderBoard();
    renderActionBar();
    return false;
  }
}

/**
 * One action plays at once; several ask which (promotions show the pieces).
 * @param {LegalAction[]} list
 */
function resolve(list) {
  if (list.length === 1) { play(list[0].text); return; }
  const promo = list.every((a) => a.promotion);
  if (promo) openChooser('Promote to:', strongestFirst(list), promotionLabel);
  else openChooser('Which move?', list, null);
}

/**
 * A click (or a drop after a drag) on a square.
 * @param {string} sq
 * @param {boolean} [fromDrag]
 */
export function onSquare(sq, fromDrag = false) {
  hideHelp();
  if (!G.view) return;
  if (!isLive()) { gotoPly(null); return; }
  // a click elsewhere cancels a queued premove (and may pick up a piece for another)
  if (!G.sel && cancelPremove()) renderAll();
  if (keepPremovePick(sq)) return;
  if (G.sel) {
    const c = candidatesAt(sq);
    if (c.self) {
      if (c.list.length) { openChooser('What should this piece do?', c.list, null); return; }
      if (!fromDrag) { select(null); return; }
    } else if (c.list.length) {
      if (c.drop && G.sel.type === 'drop' && G.sel.role === 'J' && new Set(c.list.map(dropFinal)).size > 1 && c.list.every((a) => dropEntry(a) === sq)) {
        select({ type: 'push', role: 'J', entry: sq, actions: c.list });
        openChooser(`Ninja Pawn enters on ${sq}: push it on?`, c.list, (a) => (dropFinal(a) === sq ? `Stay on ${sq}` : `Push to ${dropFinal(a)}`));
        return;
      }
      resolve(c.list);
      return;
    } else if (fromDrag) {
      flash(`${sq} is not a legal destination.`);
      renderBoard();
      return;
    }
  }
  if (mayPick() && hasOwnActions(sq)) { select({ type: 'sq', sq: wallLeft(sq) }); return; }
  const p = pieceAt(sq);
  if (mayPick() && p && myColors().includes(p.color) && legal().some((a) => isRotate(a) && a.from === sq)) { select({ type: 'sq', sq }); return; }
  if (G.sel) select(null);
  else if (p && !mayPick() && !G.view.outcome && isLive() && myColors().length) flash(G.offline ? 'Not connected: moves wait until the server is back.' : G.view.engine_thinking ? 'The engine is thinking…' : 'It is not your turn.');
}

/**
 * A line under the status (an error in red).
 * @param {string} msg
 * @param {boolean} [isError]
 */
export function flash(msg, isError = false) {
  const el = document.getElementById('message');
  if (!el) return;
  el.textContent = msg;
  el.classList.toggle('is-error', isError);
}

/** Asks the engine about the shown position. */
export async function analyse() {
  const ply = G.ply === null ? G.view.moves.length : G.ply;
  const turn = G.shown ? G.shown.turn : G.view.turn;
  G.analysis = { loading: true };
  renderAnalysis();
  try {
    const r = await api.analysis(G.id, G.token, { ply, movetime_ms: 1000 });
    G.analysis = { ...r, turn };
  } catch (e) {
    G.analysis = { error: e instanceof Error ? e.message : String(e) };
  }
  renderAnalysis();
}

/**
 * Keyboard: arrows and Home/End step through the game, Escape drops what
 * is picked up, `f` flips the board.
 * @param {KeyboardEvent} e
 */
export function onKey(e) {
  const t = e.target;
  if (t instanceof HTMLElement && (t.closest('input, textarea, select') || t.isContentEditable)) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') { e.preventDefault(); stepPly(-1); }
  else if (e.key === 'ArrowRight') { e.preventDefault(); stepPly(1); }
  else if (e.key === 'Home') { e.preventDefault(); gotoPly(0); }
  else if (e.key === 'End') { e.preventDefault(); gotoPly(null); }
  else if (e.key === 'Escape') { cancelPremove(); select(null); hideHelp(); renderBars(); }
  else if (e.key === 'f') flip();
}

/** A right click on the board: drops what is picked up and any queued premove. */
export function onRightClick() {
  cancelPremove();
  select(null);
  renderBars();
}

/** Redraws after the premove changed (the board, the bars, the action bar). */
function renderAll() {
  renderBoard();
  renderBars();
  renderActionBar();
}

/** Turns the board round. */
export function flip() {
  G.flipped = !G.flipped;
  renderBoard();
  renderBars();
}
