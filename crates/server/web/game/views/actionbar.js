// The bar under the board: rotations, self-actions and a pass for what is
// picked up, hints, and a Cancel.

import { esc } from '../../dom.js';
import { nameOf } from '../../pieces.js';
import { onRightClick, play, select } from '../controller.js';
import { boardActions, isRotate } from '../selection.js';
import { G, canAct, canPremove, isLive, legal } from '../state.js';
import { renderBars } from './bars.js';
import { actionText } from '../../chooser-ui.js';

/** Draws the action bar. */
export function renderActionBar() {
  const el = document.getElementById('actionbar');
  if (!el) return;
  const parts = [];
  const l = legal();
  const sel = G.sel;
  if (sel && sel.type === 'sq') {
    // a rotation's move string ends in `r` (clockwise) or `l` (docs/notation-contract.md)
    const rot = l.filter((a) => isRotate(a) && a.from === sel.sq);
    const cw = rot.find((a) => a.text.endsWith('r'));
    const ccw = rot.find((a) => a.text.endsWith('l'));
    if (ccw) parts.push(`<button type="button" class="rotate" data-move="${esc(ccw.text)}" aria-label="Rotate ${sel.sq} counter-clockwise">↺ Rotate left</button>`);
    if (cw) parts.push(`<button type="button" class="rotate" data-move="${esc(cw.text)}" aria-label="Rotate ${sel.sq} clockwise">↻ Rotate right</button>`);
    for (const a of boardActions(sel.sq).filter((x) => x.to === x.from)) parts.push(`<button type="button" class="self-action" data-move="${esc(a.text)}">${actionText(a)}</button>`);
  }
  const pass = l.find((a) => a.kind === 'pass');
  if (pass) parts.push(`<button type="button" data-move="${esc(pass.text)}">Pass (no other action)</button>`);
  if (sel && sel.type === 'drop') parts.push(`<span class="hint">Choose a square for the ${esc(nameOf(G.variant, sel.role))}.</span>`);
  if (sel && sel.type === 'push') parts.push(`<span class="hint">Click where the Ninja Pawn ends (${esc(sel.entry)} = no push).</span>`);
  if (G.premove && isLive()) parts.push(`<span class="hint premove-note" id="premove-note">Premove: <strong>${esc(G.premove.label || G.premove.text)}</strong>, played when your turn comes if it is legal then.</span> <button type="button" class="small" data-cancel-premove>Cancel premove</button>`);
  else if (sel && !canAct() && canPremove()) parts.push('<span class="hint">Premove: choose where it goes when your turn comes.</span>');
  if (sel) parts.push('<button type="button" class="small" data-deselect>Cancel</button>');
  else if (!parts.length && canAct() && isLive() && G.view.moves.length < 2) {
    const hand = G.view.pockets && Object.values(G.view.pockets[G.view.turn] || {}).some((n) => n > 0);
    parts.push(`<span class="hint">Click or drag a piece to see where it can go${hand ? '; click a piece in hand to drop it' : ''}. Hover over (or press and hold) a piece to read its rules.</span>`);
  }
  el.innerHTML = parts.join(' ');
  el.onclick = (e) => {
    const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('button')) : null;
    if (!b) return;
    if (b.hasAttribute('data-deselect')) { select(null); renderBars(); return; }
    if (b.hasAttribute('data-cancel-premove')) { onRightClick(); return; }
    if (b.dataset.move) play(b.dataset.move);
  };
}
