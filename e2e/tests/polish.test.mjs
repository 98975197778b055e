// Issue 26, the small things players of the big sites notice: promotions
// strongest first, frozen pieces that keep their colour, castling targets
// that are not capture marks, pieces in hand that say why they are greyed,
// Analyse only where the server allows it, a custom time control, the
// invitation link for the creator's seat in another browser, and a phone
// opening the game on its board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, openGame, click, waitMoves, api, sq, shot, boardShot } from '../lib/harness.mjs';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

const local = (variant, fen) => ({ variant, fen, opponent: { kind: 'local' } });

test('the promotion chooser offers the strongest piece first', async () => {
  const page = await newPage(browser);
  await openGame(page, srv, local('chess', '8/4P3/8/8/8/8/8/4K2k w - - 0 1'));
  await click(page, 'e7'); await click(page, 'e8');
  await page.waitForSelector('#chooser:not([hidden])');
  const order = await page.locator('#chooser button[data-move]').evaluateAll((bs) => bs.map((b) => b.dataset.move));
  assert.deepEqual(order, ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n']);
  await boardShot(page, 'promotion-strongest-first');
  await page.context().close();
  // Wreckage: the Dragon is worth a Queen, the Detonator more than a Rook.
  const w = await newPage(browser);
  await openGame(w, srv, local('wreckage', '4k5/1P8/10/10/10/10/10/10/10/4K5[] w - - 0 1'));
  await click(w, 'b9'); await click(w, 'b10');
  await w.waitForSelector('#chooser:not([hidden])');
  const letters = await w.locator('#chooser button[data-move]').evaluateAll((bs) => bs.map((b) => b.dataset.move.slice(-1)));
  assert.equal(letters[0], 'q', `${letters}`);
  assert.ok(letters.indexOf('x') < letters.indexOf('r') && letters.indexOf('r') < letters.indexOf('w'), `${letters}`);
  await w.context().close();
});

/**
 * The share of dark pixels in the middle of a square, from a screenshot.
 * @param {import('playwright-core').Page} page
 * @param {string} square
 */
async function darkShare(page, square) {
  const box = await page.locator(sq(square)).boundingBox();
  const inset = box.width * 0.25;
  const png = await page.screenshot({ clip: { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset } });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2] < 70) dark++;
    return dark / (d.length / 4);
  }, png.toString('base64'));
}

test('a frozen black piece stays plainly black', async () => {
  const page = await newPage(browser);
  // the rook on e5 is frozen by the Terror Freeze on e4; the one on a10 is not
  const g = await openGame(page, srv, local('carnage', 'r3k5/10/10/10/10/4r5/4T5/10/10/5K4[] w - - 0 1'));
  const view = await api(srv, 'GET', `/api/games/${g.id}`);
  assert.deepEqual(view.frozen, ['e5']);
  assert.equal(await page.locator('.frozen').count(), 1);
  // the ice lies under the piece; above it only an outline and the snowflake
  const order = await page.evaluate(() => {
    const all = [...document.querySelectorAll('.board-svg > *')];
    const ice = all.findIndex((e) => e.classList.contains('frozen-ice'));
    const piece = all.findIndex((e) => e.classList.contains('piece') && e.getAttribute('data-sq') === 'e5');
    return { ice, piece, fill: document.querySelector('.frozen rect')?.getAttribute('fill') };
  });
  assert.ok(order.ice >= 0 && order.ice < order.piece, JSON.stringify(order));
  assert.equal(order.fill, 'none');
  const frozen = await darkShare(page, 'e5');
  const free = await darkShare(page, 'a10');
  assert.ok(frozen > 0.1 && frozen > free * 0.8, `dark pixels: frozen ${frozen}, not frozen ${free}`);
  await boardShot(page, 'frozen-keeps-colour');
  await page.context().close();
});

test('castling targets are not capture marks; a greyed piece in hand says why', async () => {
  const page = await newPage(browser);
  await openGame(page, srv, local('chess', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'));
  await click(page, 'e1');
  assert.equal(await page.locator('.tg-castle').count(), 2, 'castling to g1 and c1');
  assert.equal(await page.locator('.tg-cap').count(), 0, 'no capture marks');
  await boardShot(page, 'castling-targets');
  await page.context().close();
  // Wreckage: the king's flexible castling onto its own rook's side
  const w = await newPage(browser);
  await openGame(w, srv, local('wreckage', 'xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQK2RD[GJJJJJgjjjjj] w KQkq - 0 1'));
  await click(w, 'f1');
  assert.ok(await w.locator('.tg-castle').count() >= 1);
  assert.equal(await w.locator('.tg-cap').count(), 0);
  await boardShot(w, 'wreckage-castling-targets');
  // Black's pieces in hand on White's turn: greyed, with the reason on hover and on a tap
  const black = w.locator('#bar-top .pocket-piece[data-role="J"]');
  assert.match(await black.getAttribute('class'), /unavailable/);
  assert.match(await black.getAttribute('title'), /on your turn/);
  await black.click({ force: true }); // aria-disabled, yet it answers a tap
  assert.match(await w.textContent('#message'), /can be dropped on your turn/);
  await w.context().close();
});

test('Analyse position and Review are offered only where the server allows them', async () => {
  const page = await newPage(browser);
  const g = await openGame(page, srv, { variant: 'chess', opponent: { kind: 'link' }, color: 'white' });
  assert.equal(await page.locator('#analyse').isVisible(), false, 'no analysis in a game over a link');
  assert.equal(await page.locator('#review-start').count(), 0, 'no review in a game over a link');
  await shot(page, 'link-game-no-analyse');
  // a spectator of an engine game in progress may not analyse either; its player may
  const e = await api(srv, 'POST', '/api/games', { variant: 'chess', opponent: { kind: 'engine', level: 1 } });
  await page.goto(`${srv.url}/play/${e.id}`);
  await page.waitForSelector('.board-svg .sq-hit');
  assert.equal(await page.locator('#analyse').isVisible(), false);
  assert.equal(await page.locator('#typed').isVisible(), false, 'spectators type no moves');
  await page.goto(`${srv.url}${e.links.white}`);
  await page.waitForSelector('.board-svg .sq-hit');
  assert.equal(await page.locator('#analyse').isVisible(), true);
  // once the link game is over, anyone may
  await api(srv, 'POST', `/api/games/${g.id}/resign`, {}, g.token);
  await page.goto(`${srv.url}/play/${g.id}`);
  await page.waitForSelector('#outcome:not([hidden])');
  assert.equal(await page.locator('#analyse').isVisible(), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a custom time control from the start form', async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + '/');
  await page.check('input[name=variant][value=chess]');
  await page.check('input[name=opp][value=local]');
  await page.selectOption('#tc', 'custom');
  await page.fill('#tc-minutes', '0');
  await page.click('#start');
  assert.match(await page.textContent('#start-error'), /1 second/);
  await page.fill('#tc-minutes', '2.5');
  await page.fill('#tc-increment', '4');
  await shot(page, 'start-custom-time-control');
  await page.click('#start');
  await page.waitForURL(/\/play\//);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  const view = await api(srv, 'GET', `/api/games/${id}`);
  assert.deepEqual([view.clocks.white_ms, view.clocks.increment_ms], [150000, 4000]);
  await page.context().close();
});

test('the invitation is shown to the creator in another browser until the friend claims it', async () => {
  const alice = await newPage(browser);
  await alice.goto(srv.url + '/');
  await alice.check('input[name=variant][value=chess]');
  await alice.check('input[name=opp][value=link]');
  await alice.check('input[name=color][value=black]');
  await alice.click('#start');
  await alice.waitForURL(/\/play\//);
  const invite = await alice.inputValue('#invite-link');
  assert.match(invite, /\?ticket=/, 'the invitation carries a claim ticket');
  assert.doesNotMatch(alice.url(), /[?&](seat|ticket)=/, 'no secret in the address bar');
  const id = decodeURIComponent(new URL(alice.url()).pathname.split('/')[2]);
  const token = await alice.evaluate((gid) => JSON.parse(localStorage.getItem('menagerie.games') || '[]').find((g) => g.id === gid).token, id);
  // Alice's seat opened in a second browser, which never saw the game created
  const other = await launchBrowser();
  try {
    const page = await newPage(other);
    await page.goto(`${srv.url}/play/${id}?seat=${token}`);
    await page.waitForSelector('#invite-link');
    assert.equal(await page.inputValue('#invite-link'), invite);
    assert.match(await page.textContent('#share'), /they play White/);
    assert.ok(await page.locator('#watch-link').count() === 1, 'the spectators link too');
    await shot(page, 'invite-before-claim');
    // the friend, in yet another context, claims the seat and sees no invitation
    const friend = await newPage(browser);
    await friend.goto(invite);
    await friend.waitForSelector('.board-svg .sq-hit');
    assert.equal(await friend.locator('#invite-link').count(), 0);
    assert.doesNotMatch(friend.url(), /ticket=/, 'the ticket is taken out of the address bar');
    // once claimed, the creator's pages drop the invitation
    await page.waitForSelector('#invite-link', { state: 'detached' });
    await alice.waitForSelector('#invite-link', { state: 'detached' });
    await shot(page, 'invite-after-claim');
    await click(friend, 'e2'); await click(friend, 'e4');
    await waitMoves(page, 1);
    // the invitation opened again (a third person) only watches
    const late = await newPage(browser);
    await late.goto(invite);
    await late.waitForSelector('.board-svg .sq-hit');
    assert.match(await late.textContent('#message'), /used already/);
    assert.equal(await late.locator('#typed').isVisible(), false, 'a spectator types no moves');
    await late.context().close();
    await friend.context().close();
  } finally {
    await other.close();
  }
  await alice.context().close();
});

test('a phone opens a long game on its board, both player bars in sight', async () => {
  const g = await api(srv, 'POST', '/api/games', local('chess'));
  // a long game: 80 plies, each the (7i+3)-th legal action
  let view = g.game;
  for (let i = 0; i < 80 && !view.outcome; i++) {
    view = await api(srv, 'POST', `/api/games/${g.id}/moves`, { move: view.legal[(7 * i + 3) % view.legal.length].text }, g.token);
  }
  const n = view.moves.length;
  assert.ok(n >= 40, `${n} plies`);
  const page = await newPage(browser, { width: 390, height: 844, mobile: true });
  await page.goto(`${srv.url}/play/${g.id}?seat=${g.token}`);
  await page.waitForSelector(`#movelist button[data-ply="${n}"]`);
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const top = document.getElementById('bar-top').getBoundingClientRect();
    const bottom = document.getElementById('bar-bottom').getBoundingClientRect();
    const list = document.getElementById('movelist');
    return { top: top.top, bottom: bottom.bottom, height: innerHeight, listScrolled: list.scrollTop > 0 };
  });
  assert.ok(r.top >= 0 && r.top < 60, `top bar at the top: ${JSON.stringify(r)}`);
  assert.ok(r.bottom <= r.height, `bottom bar in sight: ${JSON.stringify(r)}`);
  assert.ok(r.listScrolled, 'the move list itself shows its last move');
  await shot(page, 'phone-long-game');
  await page.context().close();
});
