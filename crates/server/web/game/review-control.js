// The game's review as the controller keeps it: loaded with the game,
// followed through the event stream's progress, started on request.

import { api } from '../api.js';
import { G } from './state.js';
import { redraw } from './controller.js';
import { renderReview } from './views/review.js';

/** Shows the game's stored review, if it has one. */
export function loadReview() {
  api.review(G.id).then((r) => { if (r.status !== 'none') setReview(r); }).catch(() => {});
}

/**
 * Takes a review answer (a newer one never gives way to an older).
 * @param {import('../types.js').ReviewView} r
 */
function setReview(r) {
  if (G.review && r.plies.length < G.review.plies.length && r.status === 'running') return;
  G.review = r;
  if (r.status !== 'running') G.reviewProgress = null;
  redraw();
}

/**
 * A review progress event: the bar moves, and the graph fills in as plies
 * arrive (fetched every few plies, and at the end).
 * @param {import('../types.js').ReviewProgress} p
 */
export function onReviewProgress(p) {
  G.reviewProgress = p;
  const have = G.review ? G.review.plies.length : 0;
  if (p.status !== 'running' || p.done_plies - have >= 8) api.review(G.id).then(setReview).catch(() => {});
  else renderReview();
}

/** Starts the review of the game (or joins the one running). */
export async function startReview() {
  G.reviewError = null;
  try {
    setReview(await api.startReview(G.id, G.token));
  } catch (e) {
    G.reviewError = e instanceof Error ? e.message : String(e);
    renderReview();
  }
}
