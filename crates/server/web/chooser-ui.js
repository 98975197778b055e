// A chooser not tied to a screen's state: when one gesture could mean several
// actions (promotions, castling or a king step, a Ninja Pawn's push, a
// detonation or a move), it asks which, and reports the answer.

import { esc } from './dom.js';
import { pieceSvg, nameOf } from './pieces.js';

/** @typedef {import('./types.js').LegalAction} LegalAction */
/** @typedef {import('./types.js').Color} Color */
/** @typedef {import('./types.js').VariantInfo} VariantInfo */

/**
 * An action as a chooser button's text (HTML).
 * @param {LegalAction} a
 */
export function actionText(a) {
  /** @type {Record<string, string>} */
  const kinds = { detonate: 'Detonate', castle: 'Castle', drop: 'Drop', rotate: 'Rotate', wound: 'Wound', pass: 'Pass' };
  const lbl = esc(a.label || a.text);
  const k = kinds[a.kind];
  const cap = a.captured && a.captured.length ? ` <small>takes ${a.captured.join(', ')}</small>` : '';
  if (a.kind === 'detonate') return `💥 Detonate <small>(${lbl})</small>${cap}`;
  if (a.kind === 'castle') return `Castle: ${lbl}`;
  if (a.kind === 'normal' || !k) return `${lbl}${cap}`;
  return `${k}: ${lbl}${cap}`;
}

/**
 * A promotion as the piece it makes.
 * @param {LegalAction} a
 * @param {Color} color
 * @param {VariantInfo} variant
 */
export function promotionText(a, color, variant) {
  const p = a.promotion || '';
  return `${pieceSvg(p, color, 36)} ${esc(nameOf(variant, p))}`;
}

/**
 * A Ninja Pawn's drop as where it ends.
 * @param {LegalAction} a
 * @param {string} entry the square it entered on
 */
export const pushText = (a, entry) => (a.to === entry ? `Stay on ${entry}` : `Push to ${esc(a.to || '')}`);

/**
 * What a chooser asks and whom it tells.
 * @typedef {object} ChooserSpec
 * @property {string} title
 * @property {LegalAction[]} list
 * @property {(a: LegalAction) => string} label Button text (HTML).
 * @property {(a: LegalAction) => void} onPick
 * @property {() => void} onCancel
 */

/**
 * Shows the chooser in `el`.
 * @param {HTMLElement} el
 * @param {ChooserSpec} spec
 */
export function showChooser(el, spec) {
  el.innerHTML = `<h2 id="chooser-title">${esc(spec.title)}</h2><div class="chooser-options">${spec.list
    .map((a, i) => `<button type="button" data-i="${i}" data-move="${esc(a.text)}">${spec.label(a)}</button>`)
    .join('')}<button type="button" class="cancel" data-cancel>Cancel</button></div>`;
  el.hidden = false;
  el.onclick = (e) => {
    const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('button')) : null;
    if (!b) return;
    hideChooser(el);
    if (b.hasAttribute('data-cancel')) { spec.onCancel(); return; }
    spec.onPick(spec.list[parseInt(b.dataset.i || '0', 10)]);
  };
  const first = el.querySelector('button');
  if (first) first.focus();
}

/**
 * Hides the chooser in `el`.
 * @param {HTMLElement | null} el
 */
export function hideChooser(el) {
  if (el) { el.hidden = true; el.innerHTML = ''; el.onclick = null; }
}
