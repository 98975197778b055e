// The analysis board's layout: the board column, the side column (status,
// engine panel, move list, position box), wired to the controller once.

import { recordBoxHtml, wireRecordBox } from './record.js';
import { boardApi } from '../api.js';
import { Board } from '../board.js';
import { $, app, closest, esc, input, shapeBoard } from '../dom.js';
import { hasOwnActions, wallLeft } from '../pick.js';
import { boardHref } from './address.js';
import { deleteLine, end, flip, goTo, home, onSquare, promoteLine, select, step } from './controller.js';
import { enginePanelHtml, wireEnginePanel } from './engine-panel.js';
import { renderBoard } from './board-view.js';
import { B, pickContext } from './state.js';
import { findById } from './tree.js';

/** @typedef {import('../types.js').VariantInfo} VariantInfo */

/** The game chooser: every game, and the board's own if it is a custom setup. */
function gameOptions() {
  const list = B.variants.some((v) => v.key === B.variant.key) ? B.variants : [B.variant, ...B.variants];
  return list.map((v) => `<option value="${esc(v.key)}" ${v.key === B.variant.key ? 'selected' : ''}>${esc(v.title)}</option>`).join('');
}

/** The side column's position box: the game, a position to start from, the shown one to copy. */
function positionBoxHtml() {
  return `<section class="position-box" aria-label="Position">
    <label>Game <select id="game-select">${gameOptions()}</select></label>
    <form id="fen-form" class="fen-form"><label for="fen-in">Start from a position</label>
      <div class="linkrow"><input id="fen-in" spellcheck="false" autocomplete="off" placeholder="paste a position string (empty: the start)"><button type="submit">Set up</button></div>
      <p class="error" id="fen-error" role="alert"></p></form>
    <label for="fen-out">Copy position</label><div class="linkrow"><input id="fen-out" readonly><button type="button" data-copy="fen-out">Copy</button></div>
    <label for="link-out">Link to this board</label><div class="linkrow"><input id="link-out" readonly><button type="button" data-copy="link-out">Copy</button></div>
  </section>`;
}

/** Draws the screen's frame and returns its board. */
export function buildBoardLayout() {
  const v = B.variant;
  document.body.className = 'game-page analysis-page';
  document.title = `Analysis board — ${v.title} — Menagerie`;
  app.innerHTML = `
  <header class="game-head"><a href="/" class="home" aria-label="Start screen">Menagerie</a>
    <h1>Analysis board <small>${esc(v.title)}</small></h1><a href="/#rules/${encodeURIComponent(v.key)}" target="_blank">Rules</a></header>
  <div class="game-layout">
    <div class="board-col">
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
      ${enginePanelHtml()}
      <div class="moves-box">
        <div class="nav" role="group" aria-label="Step through the line">
          <button id="nav-first" aria-label="Start position">|◀</button><button id="nav-prev" aria-label="Previous move">◀</button>
          <button id="nav-next" aria-label="Next move">▶</button><button id="nav-last" aria-label="End of the line">▶|</button>
          <button id="flip" aria-label="Flip the board">⇅</button>
        </div>
        <div class="tree" id="tree" aria-label="Moves and side lines"></div>
        <div class="tree-actions"><button type="button" id="promote-line">★ Promote line</button><button type="button" id="delete-line">✕ Delete from here</button></div>
      </div>
      ${positionBoxHtml()}
      ${recordBoxHtml()}
    </aside>
  </div>`;
  shapeBoard(v.files, v.ranks);
  const board = new Board($('#board'), {
    files: v.files, ranks: v.ranks, label: `${v.title} analysis board`,
    onClick: (sq) => onSquare(sq),
    canDrag: (sq) => hasOwnActions(pickContext(), sq),
    onDragStart: (sq) => pickUp(sq),
    onDrop: (from, to) => { pickUp(from); onSquare(to, true); },
    onDragCancel: () => renderBoard(),
  });
  return board;
}

/**
 * Picks up the man on `sq` (a Wall by its left square) unless it is held.
 * @param {string} sq
 */
function pickUp(sq) {
  const at = wallLeft(pickContext(), sq);
  if (!B.sel || B.sel.type !== 'sq' || B.sel.sq !== at) select({ type: 'sq', sq: at });
}

/** Wires the side column's controls (once, after the state is set). */
export function wireSideColumn() {
  $('#nav-first').onclick = home;
  $('#nav-prev').onclick = () => step(-1);
  $('#nav-next').onclick = () => step(1);
  $('#nav-last').onclick = end;
  $('#flip').onclick = flip;
  $('#promote-line').onclick = promoteLine;
  $('#delete-line').onclick = deleteLine;
  $('#tree').addEventListener('click', (e) => {
    const b = closest(e, '[data-node]');
    const n = b && findById(B.root, parseInt(b.dataset.node || '0', 10));
    if (n) goTo(n);
  });
  $('#game-select').addEventListener('change', () => navigate(boardHref({ variant: input('#game-select').value })));
  $('#fen-form').addEventListener('submit', (e) => { e.preventDefault(); startFrom(input('#fen-in').value.trim()); });
  $('.position-box').addEventListener('click', (e) => {
    const b = closest(e, '[data-copy]');
    if (!b) return;
    const i = input(`#${b.dataset.copy}`);
    i.select();
    if (navigator.clipboard) navigator.clipboard.writeText(i.value).catch(() => {});
  });
  wireEnginePanel();
  wireRecordBox();
}

/**
 * Starts the board again from a typed position (checked by the server first).
 * @param {string} fen
 */
async function startFrom(fen) {
  const err = $('#fen-error');
  err.textContent = '';
  try {
    await boardApi.position({ variant: B.variant.key, options: B.options, fen: fen || undefined, moves: [] });
  } catch (e) {
    err.textContent = e instanceof Error ? e.message : String(e);
    return;
  }
  navigate(boardHref({ variant: B.variant.key, fen, options: B.options }));
}

/**
 * Opens the board at `href` (`/#analysis/...`), afresh even if the address is the same.
 * @param {string} href
 */
export function navigate(href) {
  const hash = href.slice(1);
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
