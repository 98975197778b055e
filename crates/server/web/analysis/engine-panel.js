// The engine panel of the analysis board: the on/off switch, the number of
// lines, the status, and each line's score (White's view), depth and moves;
// a line's first move can be clicked to play it. Also the evaluation bar.

import { $, closest, input } from '../dom.js';
import { B } from './state.js';
import { playMove } from './controller.js';
import { setEngine, setLines } from './engine.js';

/** @typedef {import('../types.js').Score} Score */
/** @typedef {import('../types.js').AnalysisInfo} AnalysisInfo */

/** How many moves of a line are shown. */
const SHOWN_MOVES = 12;

/**
 * A score from White's view: `+1.23`, `-0.40`, `#3` (White mates), `-#2`.
 * @param {Score} s
 */
export function scoreText(s) {
  if ('mate' in s) return s.mate >= 0 ? `#${s.mate}` : `-#${-s.mate}`;
  const v = s.cp / 100;
  return `${v > 0 ? '+' : v < 0 ? '-' : ''}${Math.abs(v).toFixed(2)}`;
}

/**
 * White's share of the evaluation bar, 0 to 1.
 * @param {Score} s
 */
const whiteShare = (s) => ('mate' in s ? (s.mate >= 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(s.cp / 600));

/** The panel's fixed part (drawn once by the layout). */
export function enginePanelHtml() {
  return `<section class="engine-panel" id="engine" aria-label="Engine">
    <div class="engine-head">
      <label class="switch"><input type="checkbox" id="engine-on" role="switch"> <span>Engine</span></label>
      <label>Lines <select id="engine-lines-n">${[1, 2, 3].map((n) => `<option value="${n}">${n}</option>`).join('')}</select></label>
      <span class="engine-status" id="engine-status" aria-live="polite"></span>
    </div>
    <ol class="engine-lines" id="engine-lines"></ol>
  </section>`;
}

/** Wires the panel's controls. */
export function wireEnginePanel() {
  input('#engine-on').checked = B.engine.on;
  input('#engine-lines-n').value = String(B.engine.multipv);
  $('#engine-on').addEventListener('change', () => setEngine(input('#engine-on').checked));
  $('#engine-lines-n').addEventListener('change', () => setLines(parseInt(input('#engine-lines-n').value, 10)));
  $('#engine-lines').addEventListener('click', (e) => {
    const b = closest(e, '.efirst');
    if (b && b.dataset.move) playMove(b.dataset.move);
  });
  renderEngine();
}

/** The status line's text. */
function statusText() {
  const e = B.engine;
  if (e.status === 'off') return 'off';
  if (e.status === 'starting') return 'starting…';
  if (e.status === 'running') return `depth ${e.depth}…`;
  if (e.status === 'done') return `done, depth ${e.depth}${e.message ? ` — ${e.message}` : ''}`;
  return e.message;
}

/**
 * Fills the row `li` with the line `l` (ranked `i`), changing only what
 * changed, so that a button under the pointer stays while the engine deepens.
 * @param {HTMLElement} li
 * @param {AnalysisInfo} l
 * @param {number} i
 */
function fillRow(li, l, i) {
  if (!li.firstChild) {
    li.innerHTML = '<span class="escore"></span><span class="edepth"></span><span class="emoves"><button type="button" class="efirst"></button> <span class="erest"></span></span>';
  }
  const labels = l.labels.length ? l.labels : l.pv;
  const rest = labels.slice(1, SHOWN_MOVES).join(' ') + (labels.length > SHOWN_MOVES ? ' …' : '');
  /** @type {[string, string][]} */
  const texts = [['.escore', scoreText(l.score)], ['.edepth', `d${l.depth}`], ['.efirst', labels[0] || ''], ['.erest', rest]];
  for (const [sel, text] of texts) { const el = $(sel, li); if (el.textContent !== text) el.textContent = text; }
  const b = $('.efirst', li);
  b.dataset.move = l.pv[0] || '';
  b.title = `Play ${l.pv[0] || ''}`;
  li.className = `eline${i === 0 ? ' best' : ''}`;
}

/** Draws the status, the lines and the evaluation bar. */
export function renderEngine() {
  const e = B.engine;
  const status = document.getElementById('engine-status');
  const list = document.getElementById('engine-lines');
  if (!status || !list) return;
  status.textContent = statusText();
  status.classList.toggle('is-error', e.status === 'error');
  const lines = e.on ? e.lines.filter(Boolean) : [];
  while (list.children.length > lines.length) list.lastElementChild?.remove();
  while (list.children.length < lines.length) list.appendChild(document.createElement('li'));
  lines.forEach((l, i) => fillRow(/** @type {HTMLElement} */ (list.children[i]), l, i));
  renderEvalBar();
}

/** The evaluation bar beside the board: the best line's score. */
function renderEvalBar() {
  const bar = document.getElementById('evalbar');
  if (!bar) return;
  const best = B.engine.on ? B.engine.lines[0] : undefined;
  bar.classList.toggle('on', !!best);
  if (!best) return;
  const black = /** @type {HTMLElement | null} */ (bar.querySelector('.evalbar-black'));
  const text = bar.querySelector('.evalbar-text');
  if (black) black.style.height = `${(1 - whiteShare(best.score)) * 100}%`;
  if (text) text.textContent = scoreText(best.score);
}
