// The game screen's layout: the board column, the side column and their
// fixed controls, wired to the controller once.

import { api } from '../api.js';
import { Board } from '../board.js';
import { $, app, closest, esc, input, shapeBoard } from '../dom.js';
import { pieceSvg } from '../pieces.js';
import { analyse, currentFen, gotoPly, onKey, onRightClick, onSquare, play, redraw, select, stepPly } from './controller.js';
import { startReview } from './review-control.js';
import { plyAt } from './views/review.js';
import { boardHref } from '../analysis/address.js';
import { hasOwnActions, wallLeft } from './selection.js';
import { G, isLive, mayPick } from './state.js';
import { renderBoard } from './views/board-view.js';
import { hideHelp, showHelp } from './views/help.js';
import { soundButtonHtml, wireSoundButton } from '../sounds.js';

/** @typedef {import('../types.js').GameView} GameView */

/**
 * Draws the game screen's frame for `view` and returns its board.
 * @param {GameView} view
 * @returns {Board}
 */
export function buildGameLayout(view) {
  document.body.className = 'game-page';
  document.title = `${view.title} — Menagerie`;
  app.innerHTML = `
  <header class="game-head"><a href="/" class="home" aria-label="Start screen">Menagerie</a>
    <h1>${esc(view.title)}</h1>${soundButtonHtml()}<a href="/#rules/${encodeURIComponent(view.variant)}" target="_blank">Rules</a></header>
  <div class="game-layout">
    <div class="board-col">
      <p class="connection" id="connection" role="alert" hidden>Reconnecting… Nothing reaches the server right now; moves are paused until it is back.</p>
      <div class="player-bar top" id="bar-top"></div>
      <div class="board-row">
        <div class="evalbar" id="evalbar" aria-hidden="true"><div class="evalbar-black"></div><span class="evalbar-text"></span></div>
        <div class="board-wrap" id="board"></div>
      </div>
      <div class="player-bar bottom" id="bar-bottom"></div>
      <div class="actionbar" id="actionbar" aria-live="polite"></div>
      <div class="chooser" id="chooser" role="dialog" aria-modal="false" aria-labelledby="chooser-title" hidden></div>
    </div>
    <aside class="side-col">
      <div class="status" id="status" role="status" aria-live="polite"></div>
      <p class="message" id="message" role="alert"></p>
      <div class="outcome" id="outcome" hidden></div>
      <section class="review" id="review" aria-label="Game review" hidden></section>
      <div class="share" id="share"></div>
      <div class="moves-box">
        <div class="nav" role="group" aria-label="Step through the game">
          <button id="nav-first" aria-label="Start position">|◀</button><button id="nav-prev" aria-label="Previous move">◀</button>
          <button id="nav-next" aria-label="Next move">▶</button><button id="nav-last" aria-label="Current position">▶|</button>
        </div>
        <ol class="movelist" id="movelist" aria-label="Moves"></ol>
      </div>
      <div class="controls" id="controls"></div>
      <form class="typed" id="typed"><label for="typed-move">Type a move</label> <input id="typed-move" autocomplete="off" spellcheck="false" placeholder="e.g. e2e4"> <button type="submit">Play</button></form>
      <div class="analysis" id="analysis"><button id="analyse" type="button">Analyse position</button> <a class="button" id="open-board" href="/#analysis">Analysis board</a><div id="analysis-out" aria-live="polite"></div></div>
      <details class="export"><summary>Export / import</summary>
        <label>Position (FEN) <input id="fen-out" readonly></label> <button type="button" id="copy-fen">Copy</button>
        <p><a id="record-link" href="/api/games/${encodeURIComponent(G.id)}/record" download="menagerie-${esc(G.id)}.pgn">Download game record</a> · <button type="button" id="show-record">Show record</button></p>
        <textarea id="record-out" rows="6" readonly hidden aria-label="Game record"></textarea>
        <p><a href="/?variant=${encodeURIComponent(view.variant)}#new">New game from a position…</a></p>
      </details>
      <details class="legend" open><summary>Pieces</summary><div id="legend"></div></details>
    </aside>
  </div>
  <div class="tooltip" id="tooltip" role="tooltip" hidden></div>`;

  shapeBoard(view.files, view.ranks);
  const board = new Board($('#board'), {
    files: view.files, ranks: view.ranks, label: `${view.title} board`,
    onClick: onSquare,
    canDrag: (sq) => isLive() && mayPick() && hasOwnActions(sq),
    onRightClick,
    onDragStart: (sq) => pickUp(sq),
    onDrop: (from, to) => { pickUp(from); onSquare(to, true); },
    onDragCancel: () => renderBoard(),
    onHelp: (sq, x, y) => showHelp(sq, x, y, true),
    onHover: (sq, x, y) => showHelp(sq, x, y, false),
    onHoverEnd: () => { if (!G.helpSticky) hideHelp(); },
  });
  wireSideColumn(view);
  wireSoundButton($('#sound-toggle'));
  return board;
}

/** On a narrow screen, opens the game scrolled to the board with both player bars in sight. */
export function showBoardOnPhone() {
  if (!window.matchMedia('(max-width: 860px)').matches) return;
  const top = document.getElementById('bar-top');
  if (top) window.scrollTo({ top: Math.max(0, top.getBoundingClientRect().top + window.scrollY - 2), behavior: 'instant' });
}

/**
 * Picks up the man on `sq` (a Wall by its left square) unless it is held.
 * @param {string} sq
 */
function pickUp(sq) {
  const at = wallLeft(sq);
  if (!G.sel || G.sel.type !== 'sq' || G.sel.sq !== at) select({ type: 'sq', sq: at });
}

/** @param {GameView} view */
function wireSideColumn(view) {
  $('#nav-first').onclick = () => gotoPly(0);
  $('#nav-prev').onclick = () => stepPly(-1);
  $('#nav-next').onclick = () => stepPly(1);
  $('#nav-last').onclick = () => gotoPly(null);
  $('#movelist').addEventListener('click', (e) => { const b = closest(e, '[data-ply]'); if (b) gotoPly(parseInt(b.dataset.ply || '0', 10)); });
  $('#typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const m = input('#typed-move').value.trim();
    if (!m) return;
    const a = (G.view.legal || []).find((x) => x.label === m);
    play(a ? a.text : m).then((ok) => { if (ok) input('#typed-move').value = ''; });
  });
  $('#analyse').onclick = analyse;
  // the analysis board at the shown position (the address is made at the click)
  $('#open-board').onclick = (e) => { /** @type {HTMLAnchorElement} */ (e.currentTarget).href = boardHref({ variant: G.view.variant, fen: currentFen(), options: G.view.options }); };
  wireReview();
  $('#copy-fen').onclick = () => { const i = input('#fen-out'); i.select(); if (navigator.clipboard) navigator.clipboard.writeText(i.value).catch(() => {}); };
  $('#show-record').onclick = async () => {
    const out = /** @type {HTMLTextAreaElement} */ ($('#record-out'));
    try { out.value = await api.record(G.id); } catch (e) { out.value = e instanceof Error ? e.message : String(e); }
    out.hidden = false;
  };
  $('#legend').innerHTML = (G.variant.pieces || []).map((p) => `<details class="legend-item" id="legend-${p.letter}"><summary>${pieceSvg(p.letter, 'white', 30)}${pieceSvg(p.letter, 'black', 30)} <span>${esc(p.name)}</span></summary><p>${esc(p.summary || '')}</p></details>`).join('')
    + `<p class="legend-note">Hover over a piece (or press and hold it) to read its rules. <a href="/#rules/${encodeURIComponent(view.variant)}" target="_blank">Diagrams of every piece</a>.</p>`;
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', (e) => { if (!closest(e, '#tooltip') && !closest(e, '.board-svg')) { G.helpSticky = false; hideHelp(); } });
}

/** The review panel's button, arrow switch and graph (drawn anew on every redraw). */
function wireReview() {
  const el = $('#review');
  el.addEventListener('click', (e) => {
    if (closest(e, '#review-start')) { startReview(); return; }
    const svg = closest(e, '#eval-graph');
    if (svg) { const p = plyAt(/** @type {MouseEvent} */ (e), svg); gotoPly(p >= G.view.moves.length ? null : p); }
  });
  el.addEventListener('change', (e) => {
    if (e.target instanceof HTMLInputElement && e.target.id === 'review-arrows') { G.showBest = e.target.checked; redraw(); }
  });
}
