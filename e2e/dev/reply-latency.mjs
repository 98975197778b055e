// Measures, over N of White's moves against the engine at level 1 with a
// 1-minute clock, how long after the server has the engine's reply the page
// shows it, and how much White's clock loses. With --page-from REV the page's
// files are served from that git revision (the server stays the current
// binary), for a before/after comparison of the page alone.
//
//   node dev/reply-latency.mjs [--moves 20] [--page-from 1cd1cea]
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPage, openGame, ROOT } from '../lib/harness.mjs';
import { measureReplies } from '../lib/replies.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const total = parseInt(arg('--moves', '20'), 10);
const rev = arg('--page-from', null);

const srv = await startServer();
const browser = await launchBrowser();
const page = await newPage(browser);
if (rev) {
  await page.route(/\/[a-z]+\.(js|css)$/, (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    try {
      const body = execFileSync('git', ['show', `${rev}:crates/server/web/${file}`], { cwd: ROOT });
      return route.fulfill({ body, contentType: file.endsWith('.css') ? 'text/css' : 'text/javascript' });
    } catch (_) { return route.continue(); }
  });
}
const latencies = [];
let lost = 0;
try {
  while (latencies.length < total) {
    const game = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 1 }, color: 'white', time_control: { initial_ms: 60000, increment_ms: 0 } });
    const r = await measureReplies(page, srv, game, total - latencies.length);
    latencies.push(...r.latencies);
    lost += 60000 - r.view.clocks.white_ms;
  }
} finally {
  await browser.close();
  await srv.stop();
}
const sorted = [...latencies].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`page ${rev || 'current'}: ${latencies.length} replies; shown after the server had them (ms): ${latencies.join(' ')}`);
console.log(`median ${median} ms, max ${sorted[sorted.length - 1]} ms; White's clock lost ${lost} ms in all`);
