// The analysis board: moves for both sides into a variation tree (side
// lines, promote, delete, keyboard), the live engine panel (lines with
// scores, arrows on the board, on and off), opened from a game at a ply and
// from the start screen, and Wreckage's drop with a push and detonation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, click, shot, boardShot, api, sq } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

/** Opens the analysis board at `hash` (after `#`). */
async function openBoard(page, hash) {
  await page.goto(`${srv.url}/#${hash}`);
  await page.waitForSelector('.board-svg .sq-hit');
  await page.waitForSelector('#status:not(:empty)');
}

/** The labels of the move list's buttons, in order, and which are in side lines. */
async function treeMoves(page) {
  return page.locator('#tree .mv').evaluateAll((els) => els.map((e) => ({ label: e.textContent, side: !!e.closest('.var'), current: e.classList.contains('current') })));
}

/** Waits until the move list has `n` moves. */
async function waitTree(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#tree .mv').length === k, n);
}

/** Plays a move by clicking its two squares; waits until the board shows the new node. */
async function move(page, from, to) {
  const cur = () => page.evaluate(() => document.querySelector('#tree .mv.current')?.getAttribute('data-node') || 'root');
  const before = await cur();
  await click(page, from);
  await click(page, to);
  await page.waitForFunction((b) => (document.querySelector('#tree .mv.current')?.getAttribute('data-node') || 'root') !== b, before);
}

test('chess: moves for both sides, a side line promoted and deleted, keyboard stepping', async () => {
  const page = await newPage(browser);
  await openBoard(page, 'analysis/chess');
  await move(page, 'e2', 'e4');
  await move(page, 'e7', 'e5');
  await waitTree(page, 2);
  assert.deepEqual((await treeMoves(page)).map((m) => m.label), ['e4', 'e5']);
  assert.match(page.url(), /moves=e2e4,e7e5/);
  // back one move, another reply: a side line
  await page.locator('body').press('ArrowLeft');
  await page.waitForSelector('#tree .mv.current[title="e2e4"]');
  await move(page, 'd7', 'd5');
  await waitTree(page, 3);
  let moves = await treeMoves(page);
  assert.deepEqual(moves.map((m) => [m.label, m.side]), [['e4', false], ['e5', false], ['d5', true]]);
  assert.ok(moves[2].current, 'the new side line is shown');
  await page.waitForSelector('#tree .var');
  await shot(page, 'analysis-side-line');
  // promote it: d5 is the main line now, e5 the side line
  await page.click('#promote-line');
  moves = await treeMoves(page);
  assert.deepEqual(moves.map((m) => [m.label, m.side]), [['e4', false], ['d5', false], ['e5', true]]);
  assert.ok(await page.locator('#promote-line').isDisabled(), 'the main line cannot be promoted');
  // delete it: back to e4, e5 the only reply
  await page.click('#delete-line');
  await waitTree(page, 2);
  moves = await treeMoves(page);
  assert.deepEqual(moves.map((m) => [m.label, m.side]), [['e4', false], ['e5', false]]);
  assert.ok(moves[0].current, 'the deleted move\'s parent is shown');
  // keyboard: Home, End, arrows along the line
  await page.locator('body').press('Home');
  await page.waitForFunction(() => !document.querySelector('#tree .mv.current'));
  assert.equal(await page.locator(sq('e2')).getAttribute('aria-label').then((l) => /white Pawn/.test(l)), true);
  await page.locator('body').press('End');
  await page.waitForSelector('#tree .mv.current[title="e7e5"]');
  await page.locator('body').press('ArrowLeft');
  await page.waitForSelector('#tree .mv.current[title="e2e4"]');
  await page.locator('body').press('ArrowRight');
  await page.waitForSelector('#tree .mv.current[title="e7e5"]');
  // clicking a move goes there
  await page.click('#tree .mv[title="e2e4"]');
  await page.waitForSelector('#tree .mv.current[title="e2e4"]');
  const pos = await api(srv, 'POST', '/api/positions', { variant: 'chess', moves: ['e2e4'] });
  assert.equal(await page.inputValue('#fen-out'), pos.fen);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('engine panel: lines with scores and arrows, more lines, a line played, switched off', async () => {
  const page = await newPage(browser);
  await openBoard(page, 'analysis/chess?moves=e2e4,e7e5');
  await page.check('#engine-on');
  await page.waitForSelector('#engine-lines .eline .escore', { timeout: 20000 });
  const score = await page.textContent('#engine-lines .eline .escore');
  assert.match(score, /^([+-]?\d+\.\d\d|-?#\d+)$/, `score shown as +1.23 or #3: ${score}`);
  await page.waitForSelector('.board-svg .arrow-best');
  assert.match(await page.textContent('#engine-status'), /depth \d+/);
  await shot(page, 'analysis-engine');
  await boardShot(page, 'analysis-engine');
  // three lines: three rows, the others as line arrows
  await page.selectOption('#engine-lines-n', '3');
  await page.waitForFunction(() => document.querySelectorAll('#engine-lines .eline').length === 3, null, { timeout: 20000 });
  await page.waitForSelector('.board-svg .arrow-line');
  // the best line's first move, clicked, is played into the tree
  // (read and clicked at once: the lines change as the engine deepens)
  const first = await page.evaluate(() => {
    const b = /** @type {HTMLButtonElement} */ (document.querySelector('#engine-lines .eline.best .efirst'));
    b.click();
    return b.dataset.move;
  });
  await page.waitForFunction(() => document.querySelectorAll('#tree .mv').length === 3);
  assert.equal(await page.getAttribute('#tree .mv.current', 'title'), first);
  // the stream follows the new position
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#engine-status')?.textContent || ''), null, { timeout: 20000 });
  await page.uncheck('#engine-on');
  await page.waitForFunction(() => !document.querySelector('#engine-lines .eline') && !document.querySelector('.board-svg .arrow'));
  assert.equal(await page.textContent('#engine-status'), 'off');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('opened from a game at an earlier ply, and from the start screen', async () => {
  const g = await api(srv, 'POST', '/api/games', { variant: 'chess', opponent: { kind: 'local' } });
  for (const m of ['e2e4', 'e7e5', 'g1f3']) await api(srv, 'POST', `/api/games/${g.id}/moves`, { move: m }, g.token);
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  const page = await newPage(browser);
  await page.goto(`${srv.url}/play/${g.id}?seat=${g.token}`);
  await page.waitForSelector('#movelist button[data-ply="3"]');
  await page.locator('body').press('ArrowLeft');
  await page.waitForSelector('#movelist button[data-ply="2"].current');
  await page.click('#open-board');
  await page.waitForURL(/#analysis\/chess\?fen=/);
  await page.waitForSelector('#fen-out');
  await page.waitForFunction((f) => document.querySelector('#fen-out')?.value === f, view.moves[1].fen_after);
  assert.match(await page.textContent('#status'), /White to move/);
  await move(page, 'b1', 'c3');
  await waitTree(page, 1);
  // the game is untouched
  assert.equal((await api(srv, 'GET', `/api/games/${g.id}`)).moves.length, 3);
  // the start screen's link
  await page.goto(`${srv.url}/`);
  await page.click('#open-analysis');
  await page.waitForSelector('#game-select');
  await page.selectOption('#game-select', 'carnage');
  await page.waitForURL(/#analysis\/carnage/);
  await page.waitForSelector('.board-svg .sq-hit[data-sq="j10"]');
  // a typed position string; a bad one is refused with the server's reason
  await page.fill('#fen-in', 'not a position');
  await page.click('#fen-form button[type=submit]');
  await page.waitForSelector('#fen-error:not(:empty)');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('wreckage: a Ninja Pawn drop with a push and a detonation on the analysis board', async () => {
  const page = await newPage(browser);
  const fen = '4k5/10/10/10/10/4p5/4X5/10/10/5K4[Jj] w - - 0 1';
  await openBoard(page, `analysis/wreckage?fen=${encodeURIComponent(fen)}`);
  await page.click('#bar-bottom .pocket-piece[data-role="J"]');
  await click(page, 'b2');
  await page.waitForSelector('#chooser:not([hidden])');
  const options = await page.locator('#chooser button').allTextContents();
  assert.ok(options.includes('Push to b4') && options.includes('Stay on b2'), `pushes offered: ${options}`);
  await page.locator('#chooser button', { hasText: 'Push to b4' }).click();
  await waitTree(page, 1);
  assert.equal(await page.getAttribute('#tree .mv.current', 'title'), 'J@b4');
  assert.match(await page.locator(sq('b4')).getAttribute('aria-label'), /white/);
  await move(page, 'e10', 'd10');
  await waitTree(page, 2);
  await click(page, 'e4');
  await click(page, 'e4');
  await page.waitForSelector('#chooser:not([hidden])');
  await page.locator('#chooser button', { hasText: 'Detonate' }).click();
  await waitTree(page, 3);
  assert.equal(await page.getAttribute('#tree .mv.current', 'title'), 'e4e4');
  assert.match(await page.locator(sq('e5')).getAttribute('aria-label'), /empty/);
  const pos = await api(srv, 'POST', '/api/positions', { variant: 'wreckage', fen, moves: ['J@b4', 'e10d10', 'e4e4'] });
  assert.equal(await page.inputValue('#fen-out'), pos.fen);
  await shot(page, 'analysis-wreckage');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * Opens analysis streams from this address (the page's) until the server
 * refuses one: `429 analysis_busy` (one stream per address at a time) or
 * `503 busy`; returns the open ones.
 */
async function takeEverySlot() {
  const held = [];
  for (let i = 0; i < 16; i++) {
    const ctl = new AbortController();
    const r = await fetch(`${srv.url}/api/analysis/stream?variant=chess&movetime_ms=20000`, { signal: ctl.signal });
    if (r.status === 503 || r.status === 429) {
      assert.ok(['busy', 'analysis_busy'].includes((await r.json()).error));
      return held;
    }
    assert.equal(r.status, 200);
    held.push(ctl);
  }
  throw new Error('the server never said busy');
}

test('engine panel: a busy engine is said and asked again', async () => {
  const page = await newPage(browser);
  await openBoard(page, 'analysis/chess');
  const held = await takeEverySlot();
  await page.check('#engine-on');
  await page.waitForFunction(() => /busy/.test(document.querySelector('#engine-status')?.textContent || ''), null, { timeout: 10000 });
  for (const ctl of held) ctl.abort();
  await page.waitForSelector('#engine-lines .eline .escore', { timeout: 20000 });
  await page.uncheck('#engine-on');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('engine panel: a finished position is said done at once', async () => {
  const page = await newPage(browser);
  await openBoard(page, 'analysis/chess?moves=f2f3,e7e5,g2g4,d8h4');
  assert.match(await page.textContent('#status'), /0-1 — Black wins by checkmate/);
  await page.check('#engine-on');
  await page.waitForFunction(() => /^done, depth 0 — the game is over \(0-1\)$/.test(document.querySelector('#engine-status')?.textContent || ''));
  assert.equal(await page.locator('.board-svg .arrow').count(), 0);
  await page.context().close();
});

test('engine panel: leaving the board closes the stream', async () => {
  const page = await newPage(browser);
  await openBoard(page, 'analysis/chess');
  await page.check('#engine-on');
  await page.waitForSelector('#engine-lines .eline .escore', { timeout: 20000 });
  await page.evaluate(() => { location.hash = 'rules'; });
  await page.waitForSelector('.rules-index');
  // every analysis slot is free again: a new stream starts at once
  const held = await takeEverySlot();
  assert.ok(held.length >= 1, 'a slot was free after the board was left');
  for (const ctl of held) ctl.abort();
  await page.context().close();
});

test('a variation with a drop and a push is written as a record and read back into the tree', async () => {
  let page = await newPage(browser);
  const fen = '4k5/10/10/10/10/4p5/4X5/10/10/5K4[Jj] w - - 0 1';
  await openBoard(page, `analysis/wreckage?fen=${encodeURIComponent(fen)}`);
  await move(page, 'e4', 'e3'); // the main line: the Detonator steps back
  await page.keyboard.press('Home');
  await page.waitForFunction(() => !document.querySelector('#tree .mv.current'));
  await page.click('#bar-bottom .pocket-piece[data-role="J"]');
  await click(page, 'b2');
  await page.waitForSelector('#chooser:not([hidden])');
  await page.locator('#chooser button', { hasText: 'Push to b4' }).click();
  await waitTree(page, 2);
  await move(page, 'e10', 'd10');
  await waitTree(page, 3);
  assert.deepEqual((await treeMoves(page)).map((m) => m.side), [false, true, true], 'the drop starts a side line');

  await page.click('#record-box summary');
  await page.click('#record-export');
  await page.waitForFunction(() => /J@b4/.test(/** @type {HTMLTextAreaElement} */ (document.querySelector('#record-text')).value));
  const text = await page.inputValue('#record-text');
  assert.match(text, /\[Variant "wreckage"\]/);
  assert.match(text, /\(1\. J@b4 e10d10\)/, `the side line in brackets:\n${text}`);
  const check = await api(srv, 'POST', '/api/records/read', { text });
  assert.equal(check.line.length, 1);

  // a fresh board (another game), the record pasted and read back
  const first = page;
  assert.deepEqual(first.errors, []);
  await first.context().close();
  page = await newPage(browser);
  await openBoard(page, 'analysis/chess');
  await page.click('#record-box summary');
  await page.fill('#record-text', text);
  await page.click('#record-import');
  await page.waitForFunction(() => /Wreckage/.test(document.querySelector('h1')?.textContent || ''));
  await waitTree(page, 3);
  const back = await treeMoves(page);
  assert.deepEqual(back.map((m) => m.side), [false, true, true]);
  assert.deepEqual(await page.locator('#tree .mv').evaluateAll((els) => els.map((e) => e.getAttribute('title'))), ['e4e3', 'J@b4', 'e10d10']);
  await page.locator('#tree .mv', { hasText: 'd10' }).click();
  await page.waitForFunction(() => /d10/.test(document.querySelector('#tree .mv.current')?.textContent || ''));
  assert.match(await page.locator(sq('b4')).getAttribute('aria-label'), /white/, 'the pushed Ninja Pawn stands on b4');
  await page.click('#record-box summary'); // the board was drawn afresh for the record's game
  await page.fill('#record-text', 'not a record');
  await page.click('#record-import');
  await page.waitForFunction(() => (document.querySelector('#record-error')?.textContent || '').length > 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
