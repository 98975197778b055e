// A game between two browser contexts over a link, and a game that survives a
// server restart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, click, waitMoves, serverMoves, shot } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

test('linked game between two browser contexts, with live updates', async () => {
  const alice = await newPage(browser);
  await alice.goto(srv.url + '/');
  await alice.check('input[name=variant][value=longer-board]');
  await alice.check('input[name=opp][value=link]');
  await alice.check('input[name=color][value=white]');
  await alice.click('#start');
  await alice.waitForURL(/\/play\//);
  await alice.waitForSelector('#invite-link');
  const invite = await alice.inputValue('#invite-link');
  const bob = await newPage(browser);
  await bob.goto(invite);
  await bob.waitForSelector('.board-svg .sq-hit');
  await click(alice, 'e3'); await click(alice, 'e5');
  await waitMoves(bob, 1);
  await click(bob, 'd8'); await click(bob, 'd6');
  await waitMoves(alice, 2);
  // Bob cannot move for Alice
  await click(bob, 'f3');
  assert.equal(await bob.locator('.tg-dot').count(), 0);
  // draw offer and accept
  await alice.click('#controls [data-c="offer"]');
  await bob.waitForSelector('#controls [data-c="accept"]');
  await shot(bob, 'linked-game-draw-offer');
  await bob.click('#controls [data-c="accept"]');
  await alice.waitForSelector('#outcome:not([hidden])');
  assert.match(await alice.textContent('#outcome'), /Draw/);
  await shot(alice, 'linked-game-over');
  await alice.context().close(); await bob.context().close();
});

test('a game resumes after the server restarts', async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.check('input[name=variant][value=chess]');
  await page.check('input[name=opp][value=local]');
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('.board-svg .sq-hit');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  await click(page, 'd2'); await click(page, 'd4');
  await waitMoves(page, 1);
  await srv.restart();
  await page.goto(srv.url + '/');
  await page.click(`.recent a[href^="/play/${id}"]`);
  await page.waitForSelector('.board-svg .sq-hit');
  await waitMoves(page, 1);
  await click(page, 'd7'); await click(page, 'd5');
  await waitMoves(page, 2);
  assert.deepEqual(await serverMoves(srv, id), ['d2d4', 'd7d5']);
  await page.context().close();
});

test('undo and resign against the engine', async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.check('input[name=variant][value=chess]');
  await page.check('input[name=opp][value=engine]');
  await page.fill('#level', '1');
  await page.check('input[name=color][value=white]');
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('.board-svg .sq-hit');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  await click(page, 'e2'); await click(page, 'e4');
  await waitMoves(page, 2, 30000);
  await page.click('#controls [data-c="undo"]');
  await page.waitForFunction(() => document.querySelectorAll('#movelist button[data-ply]').length === 0);
  assert.deepEqual(await serverMoves(srv, id), []);
  await page.click('#controls [data-c="resign"]');
  await page.waitForSelector('#outcome:not([hidden])');
  assert.match(await page.textContent('#outcome'), /Black wins/);
  await page.context().close();
});
