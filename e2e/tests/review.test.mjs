// Game review in the page: a finished game is reviewed with a progress bar,
// the blunder is marked in the move list, the evaluation graph takes the
// player to a ply, and the engine's best move is drawn as an arrow that can
// be switched off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, shot } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

const SCHOLAR = ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];

test('reviewing a finished game: progress, marks, graph, arrows', async () => {
  const g = await api(srv, 'POST', '/api/games', { variant: 'chess', opponent: { kind: 'local' } });
  for (const m of SCHOLAR) await api(srv, 'POST', `/api/games/${g.id}/moves`, { move: m }, g.token);
  const page = await newPage(browser);
  await page.goto(`${srv.url}/play/${g.id}`); // a spectator may review a finished game
  await page.waitForSelector('#review-start');
  await page.click('#review-start');
  await page.waitForSelector('#eval-graph', { timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('.review-progress'), null, { timeout: 30000 });
  const marks = await page.locator('#movelist .judge').allTextContents();
  assert.ok(marks.includes('??'), `Nf6 is a blunder: marks ${JSON.stringify(marks)}`);
  const nf6 = page.locator('#movelist button[data-ply="6"]');
  assert.match(await nf6.textContent(), /\?\?$/);
  assert.match(await nf6.getAttribute('title'), /blunder; better was/);
  assert.match(await page.textContent('.review-counts'), /Black\s*0\s*0\s*1/);

  // the graph takes the player to a ply; the marker and caption follow the arrow keys
  const box = await page.locator('#eval-graph').boundingBox();
  await page.mouse.click(box.x + box.width * (5 / 7), box.y + box.height / 2);
  await page.waitForFunction(() => /Ply 5\b/.test(document.querySelector('.eval-graph figcaption')?.textContent || ''));
  assert.equal(await page.getAttribute('#eval-graph', 'aria-valuenow'), '5');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#eval-graph')?.getAttribute('aria-valuenow') === '6');
  assert.equal(await page.locator('#movelist button.current').getAttribute('data-ply'), '6', 'the move list follows');
  // after the blunder: the engine's best move (Qxf7#) and the better move both drawn
  assert.equal(await page.locator('#board .arrow').count(), 2);
  await shot(page, 'review-blunder');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'review-blunder-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.uncheck('#review-arrows');
  assert.equal(await page.locator('#board .arrow').count(), 0, 'arrows switched off');

  // a second visit is served from the store at once
  const again = await newPage(browser);
  await again.goto(`${srv.url}/play/${g.id}`);
  await again.waitForSelector('#eval-graph', { timeout: 5000 });
  assert.equal(await again.locator('#review-start').count(), 0, 'nothing left to start');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(again.errors, []);
  await page.context().close();
  await again.context().close();
});
