// Makes the screenshots of docs/screenshots/lobby-*.png and my-games-*.png:
// a server with a few open challenges (one of them this browser's, one a
// custom Pick the Piece, one by correspondence), games in progress to
// watch, and this browser's games (its turn, waiting, finished).
// Usage (from e2e/): node dev/lobby-shots.mjs OUT_DIR
import { startServer, launchBrowser, newPage, api } from '../lib/harness.mjs';
import path from 'node:path';

const out = process.argv[2] || '.';
const srv = await startServer();
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.fill('#player-name', 'Ada');
  await page.dispatchEvent('#player-name', 'change');
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('menagerie.player') || '""'));
  const ch = (player, name, variant, extra = {}) => api(srv, 'POST', '/api/challenges', { player, name, variant, ...extra });
  await ch('shots-bo-0123456789ab', 'Bo', 'wreckage', { time_control: { initial_ms: 300000, increment_ms: 3000 }, color: 'white' });
  await ch('shots-cy-0123456789ab', 'Cyrano', 'pick-the-piece:slots=O,C;drops=N,A,J2', { time_control: { days_per_move: 3 } });
  await ch('shots-di-0123456789ab', 'Dilnoza', 'carnage', { color: 'black' });
  await ch(me, 'Ada', 'chess', { time_control: { days_per_move: 1 } });
  // Games of this browser (Ada plays Black against Opal): Ada's turn in a
  // correspondence game, waiting for Opal in another, one finished.
  const games = [];
  for (const [variant, move, tc] of [['chess', 'e2e4', { days_per_move: 3 }], ['wreckage', null, null], ['longer-board', 'e3e5', null]]) {
    const c = await ch('shots-op-0123456789ab', 'Opal', variant, { color: 'white', ...(tc ? { time_control: tc } : {}) });
    const g = await api(srv, 'POST', `/api/challenges/${c.challenge.id}/accept`, { player: me });
    if (move) await api(srv, 'POST', `/api/games/${g.id}/moves`, { move }, c.token);
    games.push(g);
  }
  await api(srv, 'POST', `/api/games/${games[2].id}/resign`, {}, games[2].token);
  await page.evaluate((list) => {
    localStorage.setItem('menagerie.games', JSON.stringify(list.map((x, i) => ({ id: x.id, token: x.token, title: x.title, vs: 'Opal', when: Date.now() - i * 3600_000 }))));
  }, games.map((g) => ({ id: g.id, token: g.token, title: g.game.title })));
  const watched = await api(srv, 'POST', '/api/games', { variant: 'wounds', opponent: { kind: 'local' }, public: true });
  await api(srv, 'POST', `/api/games/${watched.id}/moves`, { move: watched.game.legal[3].text }, watched.token);
  for (const [w, h, name] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(srv.url + '/');
    await page.waitForSelector('#challenges li.mine');
    await page.waitForSelector('#my-games-list .gl-state:not(:empty)');
    await page.waitForSelector('#watch:not([hidden])');
    await page.screenshot({ path: path.join(out, `lobby-${name}.png`) });
    await page.locator('#my-games').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('my-games')?.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(out, `my-games-${name}.png`) });
  }
} finally {
  await browser.close();
  await srv.stop();
}
