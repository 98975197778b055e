// The start screen, the Pick the Piece builder and the rules pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, openGame, click, clickMoves, waitMoves, serverMoves, shot, api } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

test('start screen lists the six games and a custom setup; an engine game starts from the form', async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.waitForSelector('.game-card');
  const keys = await page.locator('.game-card input[name=variant]').evaluateAll((els) => els.map((e) => e.value));
  for (const k of ['chess', 'wreckage', 'carnage', 'air-and-trench', 'longer-board', 'wounds', 'custom']) assert.ok(keys.includes(k), `${k} offered`);
  await shot(page, 'start-screen');
  await page.check('input[name=variant][value=wounds]');
  await page.check('input[name=opp][value=engine]');
  await page.fill('#level', '1');
  await page.check('input[name=color][value=black]');
  await page.selectOption('#tc', '300000+3000');
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('.board-svg .sq-hit');
  // the engine plays White's first move; the board is flipped for Black
  await waitMoves(page, 1, 30000);
  assert.ok(await page.locator('#clock-white').isVisible());
  await shot(page, 'wounds-vs-engine-as-black');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Pick the Piece builder: preview, a refused setup with the reason, saved by name, played', async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.check('input[name=variant][value=custom]');
  await page.waitForSelector('#builder:not([hidden])');
  await page.selectOption('#slot-a', 'O');
  await page.selectOption('#slot-j', 'C');
  await page.fill('[data-drop="C"]', '0');
  await page.fill('[data-drop="O"]', '0');
  await page.fill('[data-drop="N"]', '1');
  await page.fill('[data-drop="A"]', '1');
  await page.fill('[data-drop="J"]', '2');
  assert.equal(await page.inputValue('#spec'), 'pick-the-piece:slots=O,C;drops=N,A,J2');
  await page.waitForSelector('#setup-result .ok:has-text("slots=O,C;drops=N,A,J2")');
  assert.ok(await page.locator('#setup-result svg').count() >= 1, 'start position preview');
  await shot(page, 'pick-the-piece-builder');
  // a forbidden setup: too many pieces in hand
  await page.fill('[data-drop="J"]', '10');
  await page.waitForSelector('#setup-result .error');
  const err = await page.textContent('#setup-result .error');
  assert.match(err, /10/);
  // and a King in a slot, typed by hand
  await page.fill('#spec', 'pick-the-piece:slots=K,A');
  await page.waitForFunction(() => /King/i.test(document.querySelector('#setup-result')?.textContent || ''));
  // back to a valid one, save it by name
  await page.fill('#spec', 'pick-the-piece:slots=O,C;drops=N,A,J2');
  await page.waitForSelector('#setup-result .ok');
  await page.fill('#setup-name', 'Bombers and Cannons');
  await page.click('#save-setup');
  await page.waitForSelector('#saved-setups [data-use="Bombers and Cannons"]');
  await page.reload();
  await page.check('input[name=variant][value=custom]');
  await page.waitForSelector('#saved-setups [data-use="Bombers and Cannons"]');
  await page.click('#saved-setups [data-use="Bombers and Cannons"]');
  await page.waitForSelector('#setup-result .ok');
  await page.check('input[name=opp][value=local]');
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('.board-svg .sq-hit');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  await click(page, 'e2'); await click(page, 'e4');
  await waitMoves(page, 1);
  assert.equal((await serverMoves(srv, id))[0], 'e2e4');
  await shot(page, 'pick-the-piece-custom-game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('saved setups are kept per player: another browser neither lists nor stores them', async () => {
  const a = await newPage(browser);
  await a.goto(srv.url + '/');
  await a.check('input[name=variant][value=custom]');
  await a.waitForSelector('#builder:not([hidden])');
  await a.fill('#spec', 'pick-the-piece:slots=Q,R;drops=W1,J2');
  await a.waitForSelector('#setup-result .ok');
  // a name that could pass for another is refused before it is sent
  await a.fill('#setup-name', 'evil\u202Etxt.exe');
  await a.click('#save-setup');
  await a.waitForSelector('#setup-result .error:has-text("text-direction")');
  await a.fill('#setup-name', 'Only mine');
  await a.click('#save-setup');
  await a.waitForSelector('#saved-setups [data-use="Only mine"]');
  const key = await a.evaluate(() => JSON.parse(localStorage.getItem('menagerie.player') || 'null'));
  let kept = [];
  for (let i = 0; i < 50 && !kept.some((x) => x.name === 'Only mine'); i++) {
    await new Promise((r) => setTimeout(r, 100));
    kept = await api(srv, 'GET', `/api/setups?player=${key}`);
  }
  assert.deepEqual(kept.map((x) => x.name), ['Only mine'], 'saved on the server under its key');
  // another browser (another player key) opens the builder
  const b = await newPage(browser);
  const listed = b.waitForResponse((r) => new URL(r.url()).pathname === '/api/setups');
  await b.goto(srv.url + '/');
  await b.check('input[name=variant][value=custom]');
  await b.waitForSelector('#builder:not([hidden])');
  await listed;
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await b.locator('#saved-setups [data-use="Only mine"]').count(), 0, 'listed to another player');
  const stored = await b.evaluate(() => localStorage.getItem('menagerie.setups') || '');
  assert.ok(!stored.includes('Only mine'), `copied into another browser: ${stored}`);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await a.context().close();
  await b.context().close();
});

test('rules pages: every game has movement diagrams for each piece', async () => {
  const page = await newPage(browser);
  const variants = await api(srv, 'GET', '/api/variants');
  for (const v of variants) {
    await page.goto(`${srv.url}/#rules/${v.key}`);
    await page.waitForSelector('.piece-card');
    const cards = await page.locator('.piece-card').count();
    assert.equal(cards, v.pieces.length, `${v.key}: one card per piece`);
    assert.equal(await page.locator('.piece-card svg.diagram').count(), v.pieces.length);
    await shot(page, `rules-${v.key}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('phone width: the board fits and pieces can be moved by touch', async () => {
  const page = await newPage(browser, { width: 390, height: 844, mobile: true });
  await openGame(page, srv, { variant: 'wreckage', opponent: { kind: 'local' } });
  const box = await page.locator('.board-svg').boundingBox();
  assert.ok(box.width <= 390 && box.width >= 300, `board width ${box.width}`);
  await page.tap('.board-svg .sq-hit[data-sq="f2"]');
  await page.tap('.board-svg .sq-hit[data-sq="f5"]');
  await waitMoves(page, 1);
  await shot(page, 'wreckage-phone');
  await page.context().close();
});

test('export a game record and a position, import them again', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'wreckage', opponent: { kind: 'local' } });
  await clickMoves(page, [['e2', 'e5'], ['j9', 'j6']]);
  await page.click('.export summary');
  const fen = await page.inputValue('#fen-out');
  await page.click('#show-record');
  await page.waitForFunction(() => /e2e5/.test(document.querySelector('#record-out').value));
  const record = await page.inputValue('#record-out');
  assert.match(record, /\[Variant "wreckage"\]/);
  // import the record: a new game with the same moves
  await page.goto(srv.url + '/');
  await page.fill('#import-text', record);
  await page.click('#import');
  await page.waitForURL((u) => u.pathname.startsWith('/play/') && !u.pathname.includes(g.id));
  await waitMoves(page, 2);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  assert.deepEqual(await serverMoves(srv, id), ['e2e5', 'j9j6']);
  // start a game from the exported position
  await page.goto(srv.url + '/');
  await page.check('input[name=variant][value=wreckage]');
  await page.check('input[name=opp][value=local]');
  await page.click('.advanced summary');
  await page.fill('#fen', fen);
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('.board-svg .sq-hit');
  const id2 = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  const v = await api(srv, 'GET', `/api/games/${id2}`);
  assert.equal(v.fen, fen);
  // a broken position is refused with the server's reason
  await page.goto(srv.url + '/');
  await page.click('.advanced summary');
  await page.fill('#fen', 'not a position');
  await page.click('#start');
  await page.waitForSelector('#start-error:not(:empty)');
  assert.ok((await page.textContent('#start-error')).length > 10);
  await page.context().close();
});
