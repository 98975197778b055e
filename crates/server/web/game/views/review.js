// Game review: the button and progress bar, the evaluation graph (click a
// point to go to that ply), each side's judgement counts, the marks of the
// move list and the arrow of the engine's best move on the board.

import { esc } from '../../dom.js';
import { G } from '../state.js';

/** @typedef {import('../../types.js').ReviewView} ReviewView */
/** @typedef {import('../../types.js').ReviewPly} ReviewPly */
/** @typedef {import('../../types.js').Judgement} Judgement */
/** @typedef {import('../../arrows.js').Arrow} Arrow */

/** @type {Record<Judgement, string>} */
export const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const W = 600; // graph width in SVG units
const H = 120; // graph height

/** The ply on the board: the shown one, or the live game's last. */
export const shownPly = () => (G.ply === null ? G.view.moves.length : G.ply);

/**
 * The review of ply `ply`, if reviewed.
 * @param {number} ply
 * @returns {ReviewPly | undefined}
 */
export const reviewed = (ply) => G.review?.plies[ply];

/**
 * The move list's mark for the move of `ply` (`?!`, `?`, `??` or nothing)
 * and the words of its tooltip.
 * @param {number} ply
 */
export function judgementOf(ply) {
  const r = reviewed(ply);
  if (!r || !r.judgement) return null;
  const better = r.better_label || r.better;
  return { mark: MARKS[r.judgement], kind: r.judgement, title: `${r.judgement}${better ? `; better was ${better}` : ''}` };
}

/**
 * Arrows for the shown position: the engine's best move there, and, when
 * the move that led to it was judged, the move that was better.
 * @returns {Arrow[]}
 */
export function reviewArrows() {
  if (!G.review || !G.showBest) return [];
  const ply = shownPly();
  /** @type {Arrow[]} */
  const out = [];
  const here = reviewed(ply);
  const best = here?.best_squares[0];
  if (best && best.to) out.push({ from: best.from, to: best.to, kind: 'best' });
  const better = here?.better_squares;
  if (better && better.to) out.push({ from: better.from, to: better.to, kind: 'better' });
  return out;
}

/**
 * A score from White's view in words: `+1.25`, `#3`, `-#2`.
 * @param {import('../../types.js').Score} s
 */
export function scoreText(s) {
  if ('mate' in s) return s.mate === 0 ? 'mate' : `${s.mate > 0 ? '' : '-'}#${Math.abs(s.mate)}`;
  return `${s.cp >= 0 ? '+' : ''}${(s.cp / 100).toFixed(2)}`;
}

/** Draws the review panel. */
export function renderReview() {
  const el = document.getElementById('review');
  if (!el) return;
  const r = G.review;
  const p = G.reviewProgress;
  const running = (p && p.status === 'running') || r?.status === 'running';
  let h = '';
  if (!r || r.status === 'none' || r.status === 'partial') {
    if (canStart() && !running) h += `<button type="button" id="review-start" class="primary">${r && r.status === 'partial' ? 'Review the new moves' : 'Review the game'}</button>`;
  }
  if (running) {
    const done = p ? p.done_plies : r?.done_plies ?? 0;
    const total = p ? p.total_plies : r?.total_plies ?? 0;
    h += `<p class="review-progress"><label for="review-bar">Reviewing… ${done} of ${total + 1} positions</label> <progress id="review-bar" max="${total + 1}" value="${done}"></progress></p>`;
  }
  if (r && r.plies.length > 1) h += graphSvg(r) + countsTable(r) + arrowToggle();
  if (G.reviewError) h += `<p class="error" role="alert">${esc(G.reviewError)}</p>`;
  el.innerHTML = h;
  el.hidden = h === '';
}

/** Whether this browser may start a review now (a finished game, or a seat). */
function canStart() {
  const v = G.view;
  if (typeof v.can_review === 'boolean') return v.can_review;
  return !!v.outcome || !!(G.token && v.you && v.can_undo);
}

function arrowToggle() {
  return `<label class="review-arrow"><input type="checkbox" id="review-arrows" ${G.showBest ? 'checked' : ''}> Show the engine's best move</label>`;
}

/**
 * The evaluation graph: White's expected score over the game, the shown
 * ply marked, judged moves dotted.
 * @param {ReviewView} r
 */
function graphSvg(r) {
  const n = Math.max(1, r.total_plies);
  const x = (/** @type {number} */ ply) => (ply / n) * W;
  const y = (/** @type {number} */ e) => (1 - e) * H;
  const pts = r.plies.map((q) => `${x(q.ply).toFixed(1)},${y(q.expected).toFixed(1)}`);
  const last = r.plies[r.plies.length - 1];
  const area = `0,${H} ${pts.join(' ')} ${x(last.ply).toFixed(1)},${H}`;
  const dots = r.plies
    .filter((q) => q.judgement)
    .map((q) => `<circle class="judge-dot ${q.judgement}" cx="${x(q.ply).toFixed(1)}" cy="${y(q.expected).toFixed(1)}" r="6"><title>${q.ply}: ${esc(q.label || '')} ${MARKS[/** @type {Judgement} */ (q.judgement)]}</title></circle>`)
    .join('');
  const at = shownPly();
  const here = reviewed(at);
  const marker = `<line class="graph-marker" x1="${x(at)}" x2="${x(at)}" y1="0" y2="${H}"/>`;
  const label = here ? `Ply ${at}: ${scoreText(here.eval)}` : `Ply ${at}`;
  return `<figure class="eval-graph"><svg id="eval-graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="slider" tabindex="0"
      aria-label="Evaluation graph; arrows step through the game" aria-valuemin="0" aria-valuemax="${n}" aria-valuenow="${at}" aria-valuetext="${esc(label)}">
    <rect class="graph-bg" width="${W}" height="${H}"/><polygon class="graph-white" points="${area}"/>
    <line class="graph-mid" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>${marker}${dots}</svg>
    <figcaption>${esc(label)}${caption(here)}</figcaption></figure>`;
}

/**
 * What the caption adds about a reviewed position: the judged move and the
 * better one, and the engine's best move now.
 * @param {ReviewPly | undefined} here
 */
function caption(here) {
  if (!here) return '';
  let h = '';
  if (here.judgement) h += ` · <span class="judge ${here.judgement}">${esc(here.label || '')}${MARKS[here.judgement]}</span> (${here.judgement}), better ${esc(here.better_label || '')}`;
  if (here.best_labels.length) h += ` · best now ${esc(here.best_labels[0])}`;
  return h;
}

/**
 * Each side's inaccuracies, mistakes and blunders.
 * @param {ReviewView} r
 */
function countsTable(r) {
  const row = (/** @type {'white' | 'black'} */ side) => {
    const c = r.counts[side];
    return `<tr><th scope="row">${side === 'white' ? 'White' : 'Black'}</th><td>${c.inaccuracies}</td><td>${c.mistakes}</td><td>${c.blunders}</td></tr>`;
  };
  return `<table class="review-counts"><thead><tr><th></th><th scope="col" title="inaccuracies">?! <span>inaccuracies</span></th><th scope="col" title="mistakes">? <span>mistakes</span></th><th scope="col" title="blunders">?? <span>blunders</span></th></tr></thead>
    <tbody>${row('white')}${row('black')}</tbody></table>`;
}

/**
 * The ply under a pointer on the graph.
 * @param {MouseEvent} e
 * @param {Element} svg
 */
export function plyAt(e, svg) {
  const box = svg.getBoundingClientRect();
  const n = Math.max(1, G.review?.total_plies ?? 0);
  const f = Math.min(1, Math.max(0, (e.clientX - box.left) / Math.max(1, box.width)));
  return Math.round(f * n);
}
