// The status line, the result, and the move list.

import { esc } from '../../dom.js';
import { G, isLive, myColors, sideName } from '../state.js';
import { judgementOf } from './review.js';

/** End reasons whose words are not simply their name (docs/api.md, `outcome.reason`). */
const REASON_TEXT = /** @type {Record<string, string>} */ ({
  ply_limit: 'the site’s limit of 1,000 plies (500 moves each)',
});

/** Draws the status line and the outcome. */
export function renderStatus() {
  const v = G.view;
  const st = document.getElementById('status');
  const out = document.getElementById('outcome');
  if (!st || !out) return;
  let msg;
  if (v.outcome) msg = 'Game over.';
  else if (G.offline) msg = 'Reconnecting…';
  else if (!isLive()) msg = `Viewing move ${G.ply} of ${v.moves.length} — press → or ▶| to return.`;
  else if (v.engine_thinking) msg = 'The engine is thinking…';
  else if (myColors().includes(v.turn)) msg = v.you === 'both' ? `${sideName(v.turn)} to move.` : 'Your move.';
  else if (v.you) msg = `Waiting for ${sideName(v.turn)}…`;
  else msg = `${sideName(v.turn)} to move (you are watching).`;
  if (v.check && !v.outcome && G.variant.has_check) msg = `Check! ${msg}`;
  st.textContent = msg;
  if (v.outcome) {
    const o = v.outcome;
    const who = o.winner ? `${sideName(o.winner)} wins` : 'Draw';
    out.hidden = false;
    out.innerHTML = `<strong>${esc(o.result)}</strong> — ${who} by ${esc(REASON_TEXT[o.reason] || String(o.reason).replace(/_/g, ' '))}.`;
  } else out.hidden = true;
}

/** Draws the move list, the shown ply marked. */
export function renderMoves() {
  const v = G.view;
  const ol = document.getElementById('movelist');
  if (!ol) return;
  const cur = G.ply === null ? v.moves.length : G.ply;
  const items = v.moves.map((m, i) => {
    const numTxt = m.color === 'white' ? `${m.number}.` : i === 0 ? `${m.number}…` : '';
    const current = i + 1 === cur;
    const j = judgementOf(i + 1);
    const mark = j ? `<span class="judge ${j.kind}">${j.mark}</span>` : '';
    const title = j ? `${m.text}: ${j.title}` : m.text;
    return `<li class="${m.color}">${numTxt ? `<span class="num">${numTxt}</span>` : ''}<button type="button" data-ply="${i + 1}" class="${current ? 'current' : ''}" aria-current="${current ? 'true' : 'false'}" title="${esc(title)}">${esc(m.label || m.text)}${mark}</button></li>`;
  });
  ol.innerHTML = items.join('') || '<li class="none">No moves yet.</li>';
  // the newest (or shown) move in sight inside the list, without scrolling the page
  const curEl = ol.querySelector('.current') || ol.lastElementChild;
  if (curEl) {
    const r = curEl.getBoundingClientRect(), box = ol.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) ol.scrollTop += r.top - box.top - (box.height - r.height) / 2;
  }
}
