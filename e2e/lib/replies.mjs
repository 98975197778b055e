// Measures how long the page takes to show the engine's reply after the
// server has it: the player moves at once every time (clicks on the board),
// a poller reads the game from the API every 10 ms, and the page is watched
// for the reply in its move list. Used by tests/sync.test.mjs and by
// dev/reply-latency.mjs (which can also serve an older page for a before/after).
import { api, click, sleep } from './harness.mjs';

/** Developing moves tried first, so the engine does not mate a random mover early. */
const PREFERRED = ['e2e4', 'd2d4', 'g1f3', 'b1c3', 'f1c4', 'f1e2', 'c1e3', 'c1f4', 'd2d3', 'e1g1', 'a2a3', 'h2h3', 'b2b3', 'g2g3', 'a2a4', 'h2h4', 'f1d3', 'c2c3'];

/** The move White plays next: the first preferred legal one, else the first plain legal move. */
export function pickMove(view) {
  const plain = (view.legal || []).filter((a) => a.kind === 'normal' && !a.promotion && a.from && a.to);
  return plain.find((a) => PREFERRED.includes(a.text)) || plain[0];
}

/** Polls the server until the game has `plies` moves; returns the time it first saw them. */
async function serverHas(srv, id, plies, deadline) {
  for (;;) {
    const g = await api(srv, 'GET', `/api/games/${id}`);
    if (g.moves.length >= plies || g.outcome) return { at: Date.now(), view: g };
    if (Date.now() > deadline) throw new Error(`the engine did not reply within the deadline (ply ${plies})`);
    await sleep(10);
  }
}

/**
 * Plays up to `moves` of White's moves in `page` (seated as White against the
 * engine in game `game`), each as soon as the page offers it. Returns the
 * latencies in ms (page shows the reply minus server has it) and the last
 * server view.
 */
export async function measureReplies(page, srv, game, moves) {
  const latencies = [];
  let view = game.game;
  for (let i = 0; i < moves && !view.outcome; i++) {
    const n = view.moves.length;
    const mv = pickMove(await api(srv, 'GET', `/api/games/${game.id}`, undefined, game.token));
    if (!mv) break;
    const seen = serverHas(srv, game.id, n + 2, Date.now() + 30000);
    await click(page, mv.from);
    await click(page, mv.to);
    const { at, view: after } = await seen;
    view = after;
    if (after.moves.length < n + 2) break; // the game ended with White's move
    await page.waitForSelector(`#movelist button[data-ply="${n + 2}"]`, { timeout: 10000 });
    latencies.push(Date.now() - at);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('Your move') || !document.querySelector('#outcome')?.hidden);
  }
  return { latencies, view: await api(srv, 'GET', `/api/games/${game.id}`, undefined, game.token) };
}
