// Measures how long the page takes to show the engine's reply after the
// server has it: the player moves at once every time (clicks on the board),
// the page is watched for the reply in its move list, and the server's moment
// is when its event stream publishes the reply (followed from Node). Used by
// tests/sync.test.mjs and by dev/reply-latency.mjs (which can also serve an
// older page for a before/after).
import { api, click } from './harness.mjs';

/** Developing moves tried first, so the engine does not mate a random mover early. */
const PREFERRED = ['e2e4', 'd2d4', 'g1f3', 'b1c3', 'f1c4', 'f1e2', 'c1e3', 'c1f4', 'd2d3', 'e1g1', 'a2a3', 'h2h3', 'b2b3', 'g2g3', 'a2a4', 'h2h4', 'f1d3', 'c2c3'];

/** The move White plays next: the first preferred legal one, else the first plain legal move. */
export function pickMove(view) {
  const plain = (view.legal || []).filter((a) => a.kind === 'normal' && !a.promotion && a.from && a.to);
  return plain.find((a) => PREFERRED.includes(a.text)) || plain[0];
}

/**
 * Follows the game's event stream from Node (not the page): the moment the
 * server publishes a view is the moment it has it. `plies(n)` resolves with
 * the time the first view with at least `n` moves (or an outcome) arrived.
 */
export function watchGame(srv, id) {
  const seen = [];
  const waiters = [];
  const ctrl = new AbortController();
  const settle = () => {
    for (const w of [...waiters]) {
      const hit = seen.find((e) => e.view.moves.length >= w.n || e.view.outcome);
      if (hit) { waiters.splice(waiters.indexOf(w), 1); w.resolve(hit); }
    }
  };
  (async () => {
    const res = await fetch(`${srv.url}/api/games/${encodeURIComponent(id)}/events`, { signal: ctrl.signal });
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body) {
      buf += decoder.decode(chunk, { stream: true });
      let cut;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
        if (!/^event: ?game$/m.test(block) || !data) continue;
        seen.push({ at: Date.now(), view: JSON.parse(data) });
        settle();
      }
    }
  })().catch(() => {});
  return {
    plies: (n, timeout = 30000) => new Promise((resolve, reject) => {
      waiters.push({ n, resolve });
      settle();
      setTimeout(() => reject(new Error(`no view with ${n} plies within ${timeout} ms`)), timeout);
    }),
    close: () => ctrl.abort(),
  };
}

/**
 * Plays up to `moves` of White's moves in `page` (seated as White against the
 * engine in game `game`), each as soon as the page offers it. Returns the
 * latencies in ms (page shows the reply minus server has it) and the last
 * server view.
 */
export async function measureReplies(page, srv, game, moves) {
  const latencies = [];
  const watch = watchGame(srv, game.id);
  let view = game.game;
  try {
    for (let i = 0; i < moves && !view.outcome; i++) {
      const n = view.moves.length;
      const mv = pickMove(await api(srv, 'GET', `/api/games/${game.id}`, undefined, game.token));
      if (!mv) break;
      const seen = watch.plies(n + 2);
      await click(page, mv.from);
      await click(page, mv.to);
      const { at, view: after } = await seen;
      view = after;
      if (after.moves.length < n + 2) break; // the game ended with White's move
      await page.waitForSelector(`#movelist button[data-ply="${n + 2}"]`, { timeout: 10000 });
      latencies.push(Date.now() - at);
      await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('Your move') || !document.querySelector('#outcome')?.hidden);
    }
  } finally {
    watch.close();
  }
  return { latencies, view: await api(srv, 'GET', `/api/games/${game.id}`, undefined, game.token) };
}
