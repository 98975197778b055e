// The analysis panel and the evaluation bar beside the board.

import { esc } from '../../dom.js';
import { G } from '../state.js';

/**
 * Whether this browser may ask for an analysis now (`can_analyse`; a server
 * without it: the same rule, read from the view).
 */
export function canAnalyse() {
  const v = G.view;
  if (typeof v.can_analyse === 'boolean') return v.can_analyse;
  return !!v.outcome || (!!G.token && !!v.you && v.can_undo);
}

/** Draws the engine's answer about the shown position (White's view). */
export function renderAnalysis() {
  const out = document.getElementById('analysis-out');
  const bar = document.getElementById('evalbar');
  if (!out || !bar) return;
  const box = document.getElementById('analysis');
  // offered only where the server allows it (not in a game over a link while it runs)
  if (box) box.hidden = !canAnalyse();
  if (!canAnalyse()) G.analysis = null;
  const a = G.analysis;
  if (!a) { out.innerHTML = ''; bar.classList.remove('on'); return; }
  if ('error' in a) { out.innerHTML = `<p class="error">${esc(a.error)}</p>`; return; }
  if ('loading' in a) { out.innerHTML = '<p class="loading">Thinking…</p>'; return; }
  // scores are from the side to move's point of view; the bar shows White's.
  const sign = a.turn === 'white' ? 1 : -1;
  let frac, txt;
  if ('mate' in a.score && a.score.mate !== undefined && a.score.mate !== null) {
    const m = a.score.mate * sign;
    frac = m > 0 ? 1 : 0;
    txt = `#${m > 0 ? '' : '-'}${Math.abs(a.score.mate)}`;
  } else {
    const cp = ('cp' in a.score ? a.score.cp || 0 : 0) * sign;
    frac = 0.5 + 0.5 * Math.tanh(cp / 600);
    txt = `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
  }
  bar.classList.add('on');
  const black = /** @type {HTMLElement | null} */ (bar.querySelector('.evalbar-black'));
  const text = bar.querySelector('.evalbar-text');
  if (black) black.style.height = `${(1 - frac) * 100}%`;
  if (text) text.textContent = txt;
  const line = a.labels && a.labels.length ? a.labels : a.best || [];
  out.innerHTML = `<p><strong>${txt}</strong> <small>(White's view; depth ${a.depth ?? '?'}, ${(a.nodes ?? 0).toLocaleString()} nodes)</small></p>
    <p>Best line: ${esc(line.join(' '))}</p>`;
}
