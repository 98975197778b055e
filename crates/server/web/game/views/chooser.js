// The chooser: when a click could mean several actions (promotions, castling
// or a king step, a Ninja Pawn's push, a detonation or a move), it asks.

import { esc } from '../../dom.js';
import { actionText, promotionText } from '../../chooser-ui.js';
import { play, select } from '../controller.js';
import { G } from '../state.js';

/** @typedef {import('../../types.js').LegalAction} LegalAction */

/**
 * A promotion as the piece it makes.
 * @param {LegalAction} a
 */
export const promotionLabel = (a) => promotionText(a, G.view.turn, G.variant);

/**
 * Promotions strongest first (the engine's piece values; on a tie, the
 * game's own order of pieces), not in the order of their move strings.
 * @param {LegalAction[]} list
 */
export function strongestFirst(list) {
  const pieces = G.variant.pieces || [];
  const rank = (/** @type {LegalAction} */ a) => {
    const i = pieces.findIndex((p) => p.letter === a.promotion);
    return { value: i < 0 ? -1 : pieces[i].value ?? 0, i: i < 0 ? pieces.length : i };
  };
  return [...list].sort((a, b) => { const x = rank(a), y = rank(b); return y.value - x.value || x.i - y.i; });
}

/**
 * Asks which of `list` to play.
 * @param {string} title
 * @param {LegalAction[]} list
 * @param {((a: LegalAction) => string) | null} labelFn
 */
export function openChooser(title, list, labelFn) {
  const el = document.getElementById('chooser');
  if (!el) return;
  el.innerHTML = `<h2 id="chooser-title">${esc(title)}</h2><div class="chooser-options">${list
    .map((a, i) => `<button type="button" data-i="${i}" data-move="${esc(a.text)}">${labelFn ? labelFn(a) : actionText(a)}</button>`)
    .join('')}<button type="button" class="cancel" data-cancel>Cancel</button></div>`;
  el.hidden = false;
  el.onclick = (e) => {
    const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('button')) : null;
    if (!b) return;
    if (b.hasAttribute('data-cancel')) { select(null); return; }
    const a = list[parseInt(b.dataset.i || '0', 10)];
    closeChooser();
    play(a.text);
  };
  const first = el.querySelector('button');
  if (first) first.focus();
}

/** Closes the chooser. */
export function closeChooser() {
  const el = document.getElementById('chooser');
  if (el) { el.hidden = true; el.innerHTML = ''; }
}
