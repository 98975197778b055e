// The page keeps up with the server: the engine's reply shows at once (the
// page never goes back to an older view), a lost connection is said plainly
// and the game goes on when the server is back, and messages about the game
// as it was are cleared when it changes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, openGame, click, waitMoves, serverMoves, shot } from '../lib/harness.mjs';
import { measureReplies } from '../lib/replies.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

test('against level 1 with a 1-minute clock, every reply shows within 300 ms and White loses under 5 s', async () => {
  const page = await newPage(browser);
  const latencies = [];
  let lost = 0;
  // A game that ends early (the engine mates) is followed by a new one until 10 moves are measured.
  while (latencies.length < 10) {
    const game = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 1 }, color: 'white', time_control: { initial_ms: 60000, increment_ms: 0 } });
    const r = await measureReplies(page, srv, game, 10 - latencies.length);
    assert.ok(r.latencies.length > 0, 'at least one reply measured per game');
    latencies.push(...r.latencies);
    lost += 60000 - r.view.clocks.white_ms;
  }
  console.log(`reply shown after the server had it (ms): ${latencies.join(' ')}; White's clock lost ${lost} ms`);
  for (const [i, ms] of latencies.entries()) assert.ok(ms < 300, `move ${i + 1}: the reply showed ${ms} ms after the server had it`);
  assert.ok(lost < 5000, `White's clock lost ${lost} ms over 10 instant moves`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a killed server: the page says it is reconnecting, then the game goes on', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'local' } });
  await click(page, 'e2'); await click(page, 'e4');
  await waitMoves(page, 1);
  await srv.kill();
  await page.waitForSelector('#connection:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#status'), /Reconnecting/);
  await click(page, 'e7');
  assert.equal(await page.locator('.tg-dot').count(), 0, 'no moves offered while the server is away');
  await shot(page, 'reconnecting');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reconnecting-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await srv.start();
  await page.waitForSelector('#connection[hidden]', { state: 'attached', timeout: 15000 });
  await page.waitForFunction(() => /to move/.test(document.querySelector('#status')?.textContent || ''));
  await click(page, 'e7'); await click(page, 'e5');
  await waitMoves(page, 2);
  assert.deepEqual(await serverMoves(srv, g.id), ['e2e4', 'e7e5']);
  await page.context().close();
});

/**
 * Fails with what the page showed (and a picture of it), so an intermittent
 * failure says whether the click was lost, the answer never came or the
 * message was cleared.
 * @param {import('playwright-core').Page} page
 * @param {string} what
 * @param {Error} e
 */
async function explain(page, what, e) {
  await shot(page, 'sync-failure');
  const text = async (sel) => (await page.locator(sel).first().textContent().catch(() => '?'))?.trim();
  throw new Error(`${what}: message "${await text('#message')}", status "${await text('#status')}", controls "${await text('#controls')}", outcome hidden ${await page.locator('#outcome').isHidden()} (${e.message})`);
}

test('resigning after a declined draw leaves no stale message and the record has the result', async () => {
  const page = await newPage(browser);
  // White has no Queen, so the engine (Black) is never worse and always
  // declines: from the start position it accepted whenever level 1's reply
  // left it 150 cp behind (a failure seen in CI, explained by `explain`).
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 1 }, color: 'white', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1' });
  await click(page, 'e2'); await click(page, 'e4');
  await waitMoves(page, 2, 30000);
  await page.click('details.export summary');
  await page.click('#show-record');
  await page.waitForFunction(() => /Result "\*"/.test(document.querySelector('#record-out')?.value || ''));
  await page.click('#controls [data-c="offer"]');
  await page.waitForFunction(() => /declines/.test(document.querySelector('#message')?.textContent || ''))
    .catch((e) => explain(page, 'the decline was not shown', e));
  await page.click('#controls [data-c="resign"]');
  await page.waitForSelector('#outcome:not([hidden])');
  await page.waitForFunction(() => /Result "0-1"/.test(document.querySelector('#record-out')?.value || ''));
  assert.equal((await page.textContent('#message')).trim(), '', 'the draw message is gone');
  const record = await page.inputValue('#record-out');
  const moves = await serverMoves(srv, g.id);
  assert.equal(moves.length, 2);
  assert.match(record, new RegExp(`1\\.\\s*${moves[0]}\\s+${moves[1]}`), `the record has the moves: ${record}`);
  await shot(page, 'resigned-after-declined-draw');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
