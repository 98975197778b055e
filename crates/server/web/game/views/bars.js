// The two player bars: name, whose turn, pieces in hand (clickable to drop)
// and the clock.

import { esc } from '../../dom.js';
import { pieceSvg, nameOf } from '../../pieces.js';
import { select } from '../controller.js';
import { dropRole, isDrop } from '../selection.js';
import { G, isLive, legal, sideName } from '../state.js';
import { shownPosition } from './board-view.js';

/** @typedef {import('../../types.js').Color} Color */

/**
 * The pieces in hand of `color`, as buttons.
 * @param {Color} color
 */
function pocketHtml(color) {
  const pocket = shownPosition().pockets[color];
  if (!pocket || !G.variant.has_pockets) return '';
  const v = G.view;
  const droppable = new Set(legal().filter(isDrop).map(dropRole));
  const letters = Object.keys(pocket).filter((l) => pocket[l] > 0);
  const sel = G.sel;
  const buttons = letters.map((l) => {
    const n = pocket[l];
    const can = color === v.turn && droppable.has(l) && isLive();
    const chosen = !!sel && (sel.type === 'drop' || sel.type === 'push') && sel.role === l && color === v.turn;
    return `<button type="button" class="pocket-piece ${chosen ? 'selected' : ''}" data-role="${l}" data-color="${color}" ${can && n > 0 ? '' : 'disabled'} aria-label="Drop ${nameOf(G.variant, l)} (${n} in hand)" aria-pressed="${chosen ? 'true' : 'false'}">${pieceSvg(l, color, 34)}<span class="count">${n}</span></button>`;
  });
  return `<div class="pocket" role="group" aria-label="${color} pieces in hand">${buttons.length ? buttons.join('') : '<span class="empty-pocket">nothing in hand</span>'}</div>`;
}

/** Draws both player bars. */
export function renderBars() {
  const v = G.view;
  /** @type {Color} */
  const bottom = G.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of /** @type {[string, Color][]} */ ([['bar-top', top], ['bar-bottom', bottom]])) {
    const el = document.getElementById(id);
    if (!el) continue;
    const turn = v.turn === color && !v.outcome;
    const who = (v.players && v.players[color]) || '';
    const shownWho = v.you === color ? 'you' : v.you === 'both' ? '' : who === 'human' ? 'opponent' : who;
    el.innerHTML = `<span class="side-dot ${color}" aria-hidden="true"></span><span class="player-name">${sideName(color)}</span> <span class="player-who">${esc(shownWho)}</span>${turn ? '<span class="turn-tag">to move</span>' : ''}${pocketHtml(color)}<span class="clock ${color}" id="clock-${color}" aria-label="${color} clock"></span>`;
    el.classList.toggle('active', turn);
    el.onclick = (e) => {
      const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('.pocket-piece')) : null;
      if (!b || b.disabled) return;
      const role = b.dataset.role || '';
      if (G.sel && G.sel.type !== 'sq' && G.sel.role === role) select(null);
      else select({ type: 'drop', role });
      renderBars();
    };
  }
  tickClocks();
}

/**
 * `m:ss`, with tenths under ten seconds.
 * @param {number} ms
 */
function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  if (ms < 10000) return `${m}:${String(s % 60).padStart(2, '0')}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** Counts the running clock down between views. */
export function tickClocks() {
  const v = G.view;
  if (!v) return;
  for (const color of /** @type {Color[]} */ (['white', 'black'])) {
    const el = document.getElementById(`clock-${color}`);
    if (!el) continue;
    if (!v.clocks) { el.textContent = ''; el.hidden = true; continue; }
    el.hidden = false;
    let ms = color === 'white' ? v.clocks.white_ms : v.clocks.black_ms;
    const running = v.clocks.running === color && !v.outcome;
    if (running) ms -= performance.now() - G.clockAt;
    el.textContent = fmtClock(ms);
    el.classList.toggle('running', running);
    el.classList.toggle('low', ms < 20000);
  }
}
