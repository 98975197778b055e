// Playing every game through the page: clicks, drags, choosers, drops with a
// push, castling, detonation, Guillotine double capture, Wall move, rotation,
// refused actions, and stepping through the game with the arrow keys.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, openGame, click, clickMoves, drag, waitMoves, serverMoves, shot, boardShot, api, sq } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

const local = (variant, fen) => ({ variant, fen, opponent: { kind: 'local' } });

async function chooseIn(page, text) {
  const b = page.locator('#chooser button', { hasText: text });
  await b.first().click();
}

test('chess: click-click move against the engine, engine replies, check shown', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'engine', level: 1 }, color: 'white' });
  await click(page, 'e2');
  assert.ok(await page.locator('.tg-dot').count() >= 2, 'destinations shown after picking the pawn up');
  await click(page, 'e4');
  await waitMoves(page, 2, 30000);
  const moves = await serverMoves(srv, g.id);
  assert.equal(moves[0], 'e2e4');
  assert.equal(moves.length, 2);
  await shot(page, 'chess');
  await boardShot(page, 'chess');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('wreckage: ninja pawn drop with a push chosen after the drop square', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('wreckage'));
  await click(page, 'e2'); await click(page, 'e5');
  await waitMoves(page, 1);
  await click(page, 'j9'); await click(page, 'j6');
  await waitMoves(page, 2);
  await page.click('#bar-bottom .pocket-piece[data-role="J"]');
  await click(page, 'e2');
  await page.waitForSelector('#chooser:not([hidden])');
  const options = await page.locator('#chooser-options, #chooser button').allTextContents();
  assert.ok(options.some((t) => /Push to e4/.test(t)), `push offered: ${options}`);
  await chooseIn(page, 'Push to e4');
  await waitMoves(page, 3);
  assert.equal((await serverMoves(srv, g.id))[2], 'J@e4');
  await shot(page, 'wreckage-drop-push');
  await boardShot(page, 'wreckage');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('wreckage: flexible castling offers the castling and the king step', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('wreckage', 'xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQK2RD[GJJJJJgjjjjj] w KQkq - 0 1'));
  await click(page, 'f1');
  await click(page, 'g1');
  await page.waitForSelector('#chooser:not([hidden])');
  await boardShot(page, 'wreckage-castling-chooser');
  const n = await page.locator('#chooser button[data-move]').count();
  assert.equal(n, 2, 'two actions for one gesture: king step and castling');
  await page.click('#chooser button[data-move="f1g1i1f1"]');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'f1g1i1f1');
  await shot(page, 'wreckage-castling');
  await page.context().close();
});

test('wreckage: Detonator detonates from its own square', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('wreckage', '4k5/10/10/10/10/4p5/4X5/10/10/5K4[] w - - 0 1'));
  await click(page, 'e4');
  await click(page, 'e4');
  await page.waitForSelector('#chooser:not([hidden])');
  await chooseIn(page, 'Detonate');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'e4e4');
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  assert.ok(!view.board.some((p) => p.square === 'e5'), 'the pawn next to the Detonator is gone');
  await shot(page, 'wreckage-detonation');
  await page.context().close();
});

test('wreckage: Flying Guillotine double capture', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('wreckage', '5k4/10/10/10/10/10/3Gwr4/10/10/5K4[] w - - 0 1'));
  assert.ok(await page.locator('.hl-check').count() === 1, 'check is shown');
  await click(page, 'd4');
  await click(page, 'f4');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'd4f4');
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  assert.ok(!view.board.some((p) => p.square === 'e4'), 'both pieces captured');
  assert.equal(await page.locator('.hl-captured').count() >= 1, true, 'captures marked');
  await shot(page, 'wreckage-guillotine');
  await page.context().close();
});

test('carnage: detonation and a ninja pawn drop', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('carnage'));
  await click(page, 'd2'); await click(page, 'd4');
  await waitMoves(page, 1);
  await click(page, 'a9'); await click(page, 'a7');
  await waitMoves(page, 2);
  await page.click('#bar-bottom .pocket-piece[data-role="J"]');
  await click(page, 'd2');
  await page.waitForSelector('#chooser:not([hidden])');
  await chooseIn(page, 'Push to d3');
  await waitMoves(page, 3);
  assert.equal((await serverMoves(srv, g.id))[2], 'J@d3');
  const page2 = await newPage(browser);
  const g2 = await openGame(page2, srv, local('carnage', '4k5/10/10/10/10/4p5/4X5/10/10/5K4[Tt] w - - 0 1'));
  await click(page2, 'e4'); await click(page2, 'e4');
  await chooseIn(page2, 'Detonate');
  await waitMoves(page2, 1);
  assert.equal((await serverMoves(srv, g2.id))[0], 'e4e4');
  await shot(page, 'carnage');
  await page.context().close(); await page2.context().close();
});

test('air-and-trench: ninja pawn drop pushed to the middle rank', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('air-and-trench'));
  await click(page, 'c2'); await click(page, 'c4');
  await waitMoves(page, 1);
  await click(page, 'c9'); await click(page, 'c7');
  await waitMoves(page, 2);
  await page.click('#bar-bottom .pocket-piece[data-role="J"]');
  await click(page, 'c2');
  await page.waitForSelector('#chooser:not([hidden])');
  await chooseIn(page, 'Push to c3');
  await waitMoves(page, 3);
  assert.equal((await serverMoves(srv, g.id))[2], 'J@c3');
  await shot(page, 'air-and-trench');
  await boardShot(page, 'air-and-trench');
  await page.context().close();
});

test('longer-board: the Wall is moved by dragging it', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('longer-board', 'rnbqkbnr/zu1ll1uz/pppppppp/8/8/8/3PP3/PPP2PPP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 1'));
  await drag(page, 'e2', 'd3');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'd2d3');
  await shot(page, 'longer-board-wall');
  await boardShot(page, 'longer-board');
  await page.context().close();
});

test('wounds: a wounded man rotates with the rotate buttons', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('wounds', 'rnbqkbnr/pppp1ppp/8/4p3/4P(01000001)3/8/PPPP1PPP/RNBQKBNR w - - 0 1'));
  await click(page, 'e4');
  await page.waitForSelector('#actionbar button.rotate');
  await shot(page, 'wounds-rotate-buttons');
  await boardShot(page, 'wounds');
  await page.click('#actionbar button.rotate[data-move="e4r"]');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'e4r');
  await shot(page, 'wounds-rotation');
  await page.context().close();
});

test('an illegal action is refused with the reason', async () => {
  const page = await newPage(browser);
  await openGame(page, srv, local('chess'));
  await page.fill('#typed-move', 'e2e5');
  await page.click('#typed button[type=submit]');
  await page.waitForSelector('#message.is-error');
  const msg = await page.textContent('#message');
  assert.match(msg, /Refused: .{8,}/);
  await page.context().close();
});

test('arrow keys step through the game', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('chess'));
  await clickMoves(page, [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]);
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  await page.locator('body').press('ArrowLeft');
  await page.waitForSelector('#movelist button[data-ply="2"].current');
  assert.equal(await page.inputValue('#fen-out'), view.moves[1].fen_after);
  await page.locator('body').press('ArrowLeft');
  await page.locator('body').press('ArrowLeft');
  assert.equal(await page.locator('#movelist button.current').count(), 0);
  assert.ok(await page.locator(`${sq('e2')}`).getAttribute('aria-label').then((l) => /white Pawn/.test(l)));
  await page.locator('body').press('ArrowRight');
  await page.waitForSelector('#movelist button[data-ply="1"].current');
  await page.locator('body').press('End');
  await page.waitForSelector('#movelist button[data-ply="3"].current');
  await page.context().close();
});

test('carnage: frozen pieces are marked; hovering a piece shows its rules', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('carnage', '4k5/10/10/10/10/4r5/4T5/10/10/5K4[] w - - 0 1'));
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  assert.ok(view.frozen.includes('e5'), 'the server reports the rook as frozen');
  assert.equal(await page.locator('.frozen').count(), view.frozen.length);
  assert.match(await page.locator(sq('e5')).getAttribute('aria-label'), /frozen/);
  await page.hover(sq('e4'));
  await page.waitForSelector('#tooltip:not([hidden])');
  assert.match(await page.textContent('#tooltip'), /Terror Freeze/);
  await shot(page, 'carnage-frozen');
  await boardShot(page, 'carnage');
  await page.context().close();
});

test('chess: promotion chooser and analysis with the evaluation bar', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('chess', '8/4P3/8/8/8/8/8/4K2k w - - 0 1'));
  await page.click('#analyse');
  await page.waitForSelector('#analysis-out:has-text("Best line")', { timeout: 15000 });
  assert.ok(await page.locator('#evalbar.on').count() === 1);
  await click(page, 'e7'); await click(page, 'e8');
  await page.waitForSelector('#chooser:not([hidden])');
  assert.equal(await page.locator('#chooser button[data-move]').count(), 4);
  await page.click('#chooser button[data-move="e7e8n"]');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'e7e8n');
  await page.context().close();
});

test('keyboard only: move the focus over the board and play with Enter', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, local('longer-board'));
  await page.focus(sq('a1'));
  for (const k of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-sq')), 'c3');
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('.tg-dot').count() >= 1, 'destinations shown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, g.id))[0], 'c3c5');
  await page.context().close();
});
