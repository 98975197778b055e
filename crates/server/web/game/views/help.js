// The help shown when the player hovers over (or presses and holds) a piece.

import { esc } from '../../dom.js';
import { pieceSvg, nameOf } from '../../pieces.js';
import { G, isLive, sideName } from '../state.js';
import { shownPosition } from './board-view.js';

/**
 * Shows the rules of the piece on `sq` near the pointer.
 * @param {string} sq
 * @param {number} x
 * @param {number} y
 * @param {boolean} sticky it stays until a click elsewhere
 */
export function showHelp(sq, x, y, sticky) {
  const p = shownPosition().board.find((q) => q.square === sq);
  const tip = document.getElementById('tooltip');
  if (!p || !tip) return;
  const info = (G.variant.pieces || []).find((q) => q.letter === p.letter) || { name: nameOf(G.variant, p.letter), summary: '' };
  let extra = '';
  if (p.prongs) extra += `<p class="small">Prongs (N NE E SE S SW W NW): <code>${esc(p.prongs)}</code></p>`;
  if ((G.view.frozen || []).includes(sq) && isLive()) extra += '<p class="small">❄ Frozen: it cannot move, capture or give check.</p>';
  tip.innerHTML = `<h3>${pieceSvg(p.letter, p.color, 32)} ${esc(sideName(p.color))} ${esc(info.name)} <small>on ${sq}</small></h3><p>${esc(info.summary)}</p>${extra}`;
  tip.hidden = false;
  const w = Math.min(340, window.innerWidth - 16);
  tip.style.width = `${w}px`;
  tip.style.left = `${Math.max(8, Math.min(window.innerWidth - w - 8, x + 14))}px`;
  tip.style.top = `${Math.max(8, Math.min(window.innerHeight - tip.offsetHeight - 8, y + 14))}px`;
  G.helpSticky = sticky;
}

/** Hides the help. */
export function hideHelp() {
  const t = document.getElementById('tooltip');
  if (t) t.hidden = true;
}
