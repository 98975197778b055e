// Issue 26: premoves against the engine (played when legal, dropped when
// not) and the game's sounds, checked through the page's test hook
// `window.__menagerieSounds` (not by ear).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { startServer, launchBrowser, newPage, openGame, click, clickMoves, waitMoves, serverMoves, api, apiFrom, shot, boardShot, sleep } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

/** Loopback addresses used so far by `busyEngine`. */
let busyClients = 0;

/**
 * Keeps every engine slot busy for a few seconds: games where the engine
 * (level 10, a second per move) moves first, four for each slot, so the
 * engine's reply in the game under test waits some three seconds for its
 * turn and a premove can be queued in time however loaded the machine is
 * (two for each slot left a second and a half, which a loaded CI run once
 * missed). Each game comes from an address of its own (127.0.1.N): the
 * server allows an address 3 games against the engine in progress, and
 * runs one reply at a time per address, so that only other clients'
 * replies delay the page's.
 */
async function busyEngine() {
  const n = 4 * Math.max(2, os.availableParallelism ? os.availableParallelism() : os.cpus().length);
  await Promise.all(Array.from({ length: n }, () => {
    const k = busyClients++;
    const from = `127.0.${1 + Math.floor(k / 250)}.${1 + (k % 250)}`;
    return apiFrom(srv, from, 'POST', '/api/games', { variant: 'chess', opponent: { kind: 'engine', level: 10 }, color: 'black' });
  }));
}

test('a premove against the engine is played at once when legal', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 10 }, color: 'white' });
  await busyEngine();
  await click(page, 'e2'); await click(page, 'e4');
  await page.waitForFunction(() => /thinking/.test(document.getElementById('status').textContent));
  // the knight's premove squares come from the server; queue g1-f3
  await click(page, 'g1');
  await page.waitForSelector('.board-wrap.premoving .tg-dot');
  await click(page, 'f3');
  await page.waitForSelector('#premove-note');
  assert.equal(await page.locator('.hl-premove').count(), 2, 'the queued move is marked');
  assert.equal((await serverMoves(srv, g.id)).length, 1, 'queued, not sent: the engine is still thinking');
  await boardShot(page, 'premove-queued');
  await waitMoves(page, 3, 60000);
  const moves = await serverMoves(srv, g.id);
  assert.equal(moves[2], 'g1f3', `the premove was played when the turn came: ${moves}`);
  assert.equal(await page.locator('.hl-premove').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a premove that is not legal when the turn comes is dropped silently; Esc and right click cancel one', async () => {
  const page = await newPage(browser);
  // After Nc6 Black's only move is bxc6, taking the knight the premove would move.
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 10 }, color: 'white', fen: 'k7/1p6/1P6/4N3/8/8/8/7K w - - 0 1' });
  await busyEngine();
  await click(page, 'e5'); await click(page, 'c6');
  await page.waitForFunction(() => /thinking/.test(document.getElementById('status').textContent));
  // queue and cancel with Escape, then with a right click, then queue for good
  await click(page, 'h1'); await click(page, 'h2');
  await page.waitForSelector('#premove-note');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#premove-note').count(), 0);
  await click(page, 'h1'); await click(page, 'g2');
  await page.waitForSelector('#premove-note');
  await page.click('.board-svg .sq-hit[data-sq="d4"]', { button: 'right' });
  assert.equal(await page.locator('#premove-note').count(), 0);
  await click(page, 'c6'); await click(page, 'd8');
  await page.waitForSelector('#premove-note');
  await waitMoves(page, 2, 60000);
  await sleep(800);
  const moves = await serverMoves(srv, g.id);
  assert.deepEqual(moves, ['e5c6', 'b7c6'], 'the knight was taken: the premove was dropped');
  assert.equal(await page.locator('#premove-note').count(), 0);
  assert.doesNotMatch(await page.textContent('#message'), /Refused/, 'silently');
  assert.match(await page.textContent('#status'), /Your move/);
  await page.context().close();
});

test('a premove promotion asks for the piece when it is queued', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 10 }, color: 'white', fen: 'k7/4P3/8/8/8/8/8/K7 w - - 0 1' });
  await busyEngine();
  // the list of what may be queued comes late: the pawn picked up before it is not lost
  await page.route('**/api/positions', async (route) => { await sleep(800); await route.continue(); });
  await click(page, 'a1'); await click(page, 'a2');
  await page.waitForFunction(() => /thinking/.test(document.getElementById('status').textContent));
  await click(page, 'e7');
  assert.equal(await page.locator('.board-wrap.premoving .tg-dot').count(), 0, 'the list is still on its way');
  await page.waitForSelector('.board-wrap.premoving .tg-dot');
  await click(page, 'e8');
  await page.waitForSelector('#chooser:not([hidden])');
  assert.equal(await page.textContent('#chooser-title'), 'Promote to:');
  assert.equal(await page.getAttribute('#chooser button[data-move]', 'data-move'), 'e7e8q', 'strongest first here too');
  await page.click('#chooser button[data-move="e7e8r"]');
  await page.waitForSelector('#premove-note');
  assert.match(await page.textContent('#premove-note'), /e8=R/);
  await waitMoves(page, 3, 60000);
  assert.equal((await serverMoves(srv, g.id))[2], 'e7e8r');
  await page.context().close();
});

test('sounds: a capture and a check are heard (through the test hook), not before a gesture, not when muted', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'local' } });
  // moves arriving before any gesture on the page make no sound
  await api(srv, 'POST', `/api/games/${g.id}/moves`, { move: 'e2e4' }, g.token);
  await waitMoves(page, 1);
  assert.deepEqual(await page.evaluate(() => window.__menagerieSounds), []);
  await clickMoves(page, [['d7', 'd5'], ['e4', 'd5'], ['g8', 'f6'], ['f1', 'b5']], 1);
  await page.waitForFunction(() => window.__menagerieSounds.some((s) => s.kind === 'check'));
  const heard = await page.evaluate(() => window.__menagerieSounds);
  assert.deepEqual(heard.filter((s) => s.kind !== 'move'), [{ kind: 'capture', ply: 3 }, { kind: 'check', ply: 5 }], JSON.stringify(heard));
  assert.ok(heard.some((s) => s.kind === 'move' && s.ply === 2));
  // muted: nothing, and the browser remembers it
  await page.click('#sound-toggle');
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true');
  await click(page, 'c7'); await click(page, 'c6');
  await waitMoves(page, 6);
  await sleep(200);
  assert.equal((await page.evaluate(() => window.__menagerieSounds)).length, heard.length);
  await page.reload();
  await page.waitForSelector('#sound-toggle');
  assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true');
  await page.click('#sound-toggle');
  // resigning ends the game: its sound
  await page.click('#controls [data-c="resign"]');
  await page.waitForFunction(() => window.__menagerieSounds.some((s) => s.kind === 'end'));
  await shot(page, 'sounds-toggle');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('sounds: a detonation has its own', async () => {
  const page = await newPage(browser);
  await openGame(page, srv, { variant: 'wreckage', opponent: { kind: 'local' }, fen: '4k5/10/10/10/10/4p5/4X5/10/10/5K4[] w - - 0 1' });
  await click(page, 'e4'); await click(page, 'e4');
  await page.click('#chooser button:has-text("Detonate")');
  await waitMoves(page, 1);
  await page.waitForFunction(() => window.__menagerieSounds.length > 0);
  assert.deepEqual(await page.evaluate(() => window.__menagerieSounds.map((s) => s.kind)), ['detonation']);
  await page.context().close();
});
