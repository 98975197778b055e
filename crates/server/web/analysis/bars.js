// The bars above and below the analysis board (whose turn, pieces in hand to
// drop) and the action bar under it (actions in place, a pass, Cancel).

import { actionText } from '../chooser-ui.js';
import { esc } from '../dom.js';
import { nameOf, pieceSvg } from '../pieces.js';
import { boardActions, dropRole, isDrop, isRotate } from '../pick.js';
import { B, pickContext, shown, sideName } from './state.js';
import { playMove, select } from './controller.js';

/** @typedef {import('../types.js').Color} Color */

/**
 * The pieces in hand of `color`, as buttons (those of the side to move can
 * be picked up to drop).
 * @param {Color} color
 */
function pocketHtml(color) {
  const pos = shown();
  const pocket = pos && pos.pockets[color];
  if (!pos || !pocket || !B.variant.has_pockets) return '';
  const droppable = new Set(pickContext().legal.filter(isDrop).map(dropRole));
  const sel = B.sel;
  const buttons = Object.keys(pocket).filter((l) => pocket[l] > 0).map((l) => {
    const can = color === pos.turn && droppable.has(l);
    const chosen = !!sel && sel.type !== 'sq' && sel.role === l && color === pos.turn;
    return `<button type="button" class="pocket-piece ${chosen ? 'selected' : ''}" data-role="${esc(l)}" ${can ? '' : 'disabled'} aria-label="Drop ${esc(nameOf(B.variant, l))} (${pocket[l]} in hand)" aria-pressed="${chosen}">${pieceSvg(l, color, 34)}<span class="count">${pocket[l]}</span></button>`;
  });
  return `<div class="pocket" role="group" aria-label="${color} pieces in hand">${buttons.join('') || '<span class="empty-pocket">nothing in hand</span>'}</div>`;
}

/** Draws both bars. */
export function renderBars() {
  const pos = shown();
  if (!pos) return;
  /** @type {Color} */
  const bottom = B.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of /** @type {[string, Color][]} */ ([['bar-top', top], ['bar-bottom', bottom]])) {
    const el = document.getElementById(id);
    if (!el) continue;
    const turn = pos.turn === color && !pos.outcome;
    el.innerHTML = `<span class="side-dot ${color}" aria-hidden="true"></span><span class="player-name">${sideName(color)}</span>${turn ? '<span class="turn-tag">to move</span>' : ''}${pocketHtml(color)}`;
    el.classList.toggle('active', turn);
    el.onclick = (e) => {
      const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('.pocket-piece')) : null;
      if (!b || b.disabled) return;
      const role = b.dataset.role || '';
      select(B.sel && B.sel.type !== 'sq' && B.sel.role === role ? null : { type: 'drop', role });
    };
  }
}

/** Draws the action bar: what the picked-up man can do in place, a pass, Cancel. */
export function renderActionBar() {
  const el = document.getElementById('actionbar');
  if (!el) return;
  const ctx = pickContext();
  const sel = B.sel;
  const parts = [];
  if (sel && sel.type === 'sq') {
    for (const a of ctx.legal.filter((x) => isRotate(x) && x.from === sel.sq)) parts.push(`<button type="button" class="rotate" data-move="${esc(a.text)}">${actionText(a)}</button>`);
    for (const a of boardActions(ctx, sel.sq).filter((x) => x.to === x.from)) parts.push(`<button type="button" class="self-action" data-move="${esc(a.text)}">${actionText(a)}</button>`);
  }
  const pass = ctx.legal.find((a) => a.kind === 'pass');
  if (pass) parts.push(`<button type="button" data-move="${esc(pass.text)}">Pass (no other action)</button>`);
  if (sel && sel.type === 'drop') parts.push(`<span class="hint">Choose a square for the ${esc(nameOf(B.variant, sel.role))}.</span>`);
  if (sel && sel.type === 'push') parts.push(`<span class="hint">Click where the Ninja Pawn ends (${esc(sel.entry)} = no push).</span>`);
  if (sel) parts.push('<button type="button" class="small" data-deselect>Cancel</button>');
  el.innerHTML = parts.join(' ');
  el.onclick = (e) => {
    const b = e.target instanceof Element ? /** @type {HTMLButtonElement | null} */ (e.target.closest('button')) : null;
    if (!b) return;
    if (b.hasAttribute('data-deselect')) select(null);
    else if (b.dataset.move) playMove(b.dataset.move);
  };
}
