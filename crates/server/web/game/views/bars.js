// The two player bars: name, whose turn, pieces in hand (clickable to drop)
// and the clock.

import { esc } from '../../dom.js';
import { pieceSvg, nameOf } from '../../pieces.js';
import { flash, select } from '../controller.js';
import { dropRole, isDrop } from '../selection.js';
import { G, canAct, canPremove, isLive, legal, myColors, sideName } from '../state.js';
import { shownPosition } from './board-view.js';
import { clockTick } from '../../sounds.js';

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
  // the side whose drops `legal()` lists: the side to move, or ours while queueing a premove
  const acting = canAct() ? v.turn : canPremove() ? myColors()[0] : null;
  const letters = Object.keys(pocket).filter((l) => pocket[l] > 0);
  const sel = G.sel;
  const buttons = letters.map((l) => {
    const n = pocket[l];
    const why = color === acting && droppable.has(l) && isLive() && n > 0 ? '' : whyNoDrop(color, l);
    const chosen = !!sel && (sel.type === 'drop' || sel.type === 'push') && sel.role === l && color === acting;
    // an unavailable piece stays focusable and says why on hover, tap or long press
    return `<button type="button" class="pocket-piece ${chosen ? 'selected' : ''} ${why ? 'unavailable' : ''}" data-role="${l}" data-color="${color}" ${why ? `aria-disabled="true" title="${esc(why)}" data-why="${esc(why)}"` : ''} aria-label="Drop ${nameOf(G.variant, l)} (${n} in hand)${why ? `: ${esc(why)}` : ''}" aria-pressed="${chosen ? 'true' : 'false'}">${pieceSvg(l, color, 34)}<span class="count">${n}</span></button>`;
  });
  return `<div class="pocket" role="group" aria-label="${color} pieces in hand">${buttons.length ? buttons.join('') : '<span class="empty-pocket">nothing in hand</span>'}</div>`;
}

/**
 * Why the piece `letter` in `color`'s hand cannot be dropped now.
 * @param {Color} color
 * @param {string} letter
 */
function whyNoDrop(color, letter) {
  const v = G.view;
  const name = nameOf(G.variant, letter);
  if (v.outcome) return 'The game is over.';
  if (!isLive()) return 'You are looking at an earlier position.';
  if (!myColors().includes(color)) return myColors().length ? `That is your opponent's ${name}.` : 'You are watching this game.';
  if (v.turn !== color) return `A ${name} can be dropped on your turn.`;
  if (G.pending || G.offline) return 'Wait for the server.';
  if (v.check && G.variant.has_check) return `No drop of a ${name} gets your king out of check.`;
  return `There is no square where the rules let a ${name} enter now.`;
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
      if (b.dataset.why) { flash(b.dataset.why); return; }
      const role = b.dataset.role || '';
      if (G.sel && G.sel.type !== 'sq' && G.sel.role === role) select(null);
      else select({ type: 'drop', role });
      renderBars();
    };
  }
  tickClocks();
}

/**
 * `m:ss`, with tenths under ten seconds; `h:mm:ss` from an hour and
 * `2 d 23 h` from a day (correspondence).
 * @param {number} ms
 */
function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  if (h >= 24) return `${Math.floor(h / 24)} d ${h % 24} h`;
  if (h >= 1) return `${h}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
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
    if (running && myColors().length === 1 && myColors()[0] === color) clockTick(ms, v.moves.length);
    el.classList.toggle('running', running);
    el.classList.toggle('low', ms < 20000);
  }
}
