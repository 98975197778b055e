// The lobby (issue 21): a challenge opened in one browser context shows live
// in another, which accepts it; both land in the same game and play. Two
// contexts accepting one challenge at once start exactly one game. The
// challenger cancels and the others' lists follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, click, waitMoves, serverMoves, shot } from '../lib/harness.mjs';

const TITLE = 'Menagerie — chess variants';

let srv, browser;
before(async () => { srv = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await srv?.stop(); });

/** A start page with a name chosen. */
async function lobbyPage(name, opts) {
  const page = await newPage(browser, opts);
  await page.goto(srv.url + '/');
  await page.waitForSelector('#challenges li');
  await page.fill('#player-name', name);
  await page.dispatchEvent('#player-name', 'change');
  return page;
}

/** Opens a challenge with the new-game form. */
async function openWithForm(page, variant, color, tc = '') {
  await page.check(`input[name=variant][value=${variant}]`);
  await page.selectOption('#tc', tc);
  await page.check('input[name=opp][value=open]');
  await page.check(`input[name=color][value=${color}]`);
  await page.click('#start');
  await page.waitForSelector('#challenges li.mine');
}

test('a challenge opened in one context is accepted in another; both land in the game and play', async () => {
  const alice = await lobbyPage('Alice');
  const bob = await lobbyPage('Bob');
  await openWithForm(alice, 'chess', 'white');
  // Bob's list fills in live, without a reload.
  await bob.waitForSelector('#challenges li.challenge:not(.mine) [data-accept]');
  assert.match(await bob.textContent('#challenges'), /Alice.*Chess.*no clock.*Alice plays white/s);
  assert.equal(await alice.locator('#challenges [data-accept]').count(), 0, 'no Accept on one\'s own');
  await shot(bob, 'lobby-desktop');
  await bob.setViewportSize({ width: 390, height: 844 });
  await shot(bob, 'lobby-phone');
  await bob.setViewportSize({ width: 1280, height: 900 });
  await Promise.all([
    alice.waitForURL(/\/play\//, { timeout: 10000 }),
    bob.waitForURL(/\/play\//, { timeout: 10000 }),
    bob.click('#challenges [data-accept]'),
  ]);
  const id = (p) => new URL(p.url()).pathname.split('/')[2];
  assert.equal(id(alice), id(bob), 'the same game');
  await alice.waitForSelector('.board-svg .sq-hit');
  await bob.waitForSelector('.board-svg .sq-hit');
  await click(alice, 'e2'); await click(alice, 'e4');
  await waitMoves(bob, 1);
  await click(bob, 'e7'); await click(bob, 'e5');
  await waitMoves(alice, 2);
  assert.deepEqual(await serverMoves(srv, id(alice)), ['e2e4', 'e7e5']);
  // A third context finds the game among the games to watch and follows it live.
  const carol = await newPage(browser);
  await carol.goto(srv.url + '/');
  await carol.click(`#watch-list a[href="/play/${id(alice)}"]`);
  await carol.waitForSelector('.board-svg .sq-hit');
  await waitMoves(carol, 2);
  await click(alice, 'g1'); await click(alice, 'f3');
  await waitMoves(carol, 3);
  await click(carol, 'b8');
  assert.equal(await carol.locator('.tg-dot').count(), 0, 'a spectator cannot move');
  assert.deepEqual([...alice.errors, ...bob.errors, ...carol.errors], []);
  await alice.context().close(); await bob.context().close(); await carol.context().close();
});

test('two contexts accepting one challenge at once start exactly one game', async () => {
  const created = await api(srv, 'POST', '/api/challenges', { player: 'e2e-carol-0123456789', name: 'Carol', variant: 'wreckage' });
  const dave = await lobbyPage('Dave');
  const erin = await lobbyPage('Erin');
  const row = `#challenges li[data-id="${created.challenge.id}"] [data-accept]`;
  await dave.waitForSelector(row);
  await erin.waitForSelector(row);
  // Both press Accept in the same instant. Each page first holds its button,
  // then both click at one shared moment on the common clock: pressing one
  // after the other lets the first acceptance reach the other list, which
  // then no longer shows the row.
  const at = Date.now() + 250;
  const arm = ([sel, when]) => {
    const button = /** @type {HTMLElement} */ (document.querySelector(sel));
    setTimeout(() => button.click(), Math.max(0, when - Date.now()));
  };
  await Promise.all([dave.evaluate(arm, [row, at]), erin.evaluate(arm, [row, at])]);
  const outcome = async (p) => {
    await p.waitForFunction(() => location.pathname.startsWith('/play/') || /no longer open/.test(document.querySelector('#lobby-error')?.textContent || ''), null, { timeout: 10000 });
    return new URL(p.url()).pathname.startsWith('/play/') ? 'game' : 'told';
  };
  const results = [await outcome(dave), await outcome(erin)].sort();
  assert.deepEqual(results, ['game', 'told'], 'one gets the game, the other is told');
  const c = await api(srv, 'GET', `/api/challenges/${created.challenge.id}`);
  assert.equal(c.state, 'accepted');
  const winner = results[0] === 'game' && new URL(dave.url()).pathname.startsWith('/play/') ? dave : erin;
  assert.equal(new URL(winner.url()).pathname, `/play/${c.game}`);
  await dave.context().close(); await erin.context().close();
});

test('the challenger cancels and the other lists follow live', async () => {
  const frank = await lobbyPage('Frank');
  const grace = await lobbyPage('Grace', { width: 390, height: 844, mobile: true });
  await openWithForm(frank, 'wreckage', 'random');
  await grace.waitForSelector('#challenges [data-accept]');
  await frank.click('#challenges li.mine [data-cancel]');
  await grace.waitForFunction(() => !document.querySelector('#challenges [data-accept]'));
  assert.match(await grace.textContent('#challenges'), /No open challenges/);
  assert.deepEqual([...frank.errors, ...grace.errors], []);
  await frank.context().close(); await grace.context().close();
});

test('a correspondence game survives a restart with its clocks; my games put your turn first, counted in the title', async () => {
  const hana = await lobbyPage('Hana');
  const ivan = await lobbyPage('Ivan');
  await openWithForm(hana, 'chess', 'white', 'days-3');
  await ivan.waitForFunction(() => /3 days per move/.test(document.querySelector('#challenges')?.textContent || ''));
  await Promise.all([hana.waitForURL(/\/play\//), ivan.waitForURL(/\/play\//), ivan.click('#challenges [data-accept]')]);
  await hana.waitForSelector('.board-svg .sq-hit');
  await click(hana, 'd2'); await click(hana, 'd4');
  await waitMoves(ivan, 1);
  const game = new URL(hana.url()).pathname.split('/')[2];
  const clocks = (await api(srv, 'GET', `/api/games/${game}`)).clocks;
  assert.equal(clocks.days_per_move, 3);
  assert.equal(clocks.running, 'black');
  await srv.restart();
  const after = (await api(srv, 'GET', `/api/games/${game}`)).clocks;
  assert.equal(after.deadline_ms, clocks.deadline_ms, 'the deadline is kept across the restart');
  assert.equal(after.running, 'black');
  for (const p of [hana, ivan]) {
    await p.goto(srv.url + '/');
    await p.waitForSelector(`#my-games-list li[data-id="${game}"] .gl-state:not(:empty)`);
  }
  assert.match(await ivan.textContent(`#my-games-list li[data-id="${game}"]`), /your turn, 2 d 23 h left/);
  assert.match(await hana.textContent(`#my-games-list li[data-id="${game}"]`), /waiting for the opponent/);
  assert.equal(await ivan.title(), `(1) ${TITLE}`);
  assert.equal(await hana.title(), TITLE);
  // Ivan's other game, finished, goes below the one where it is his turn.
  const done = await api(srv, 'POST', '/api/games', { variant: 'wreckage', opponent: { kind: 'local' } });
  await api(srv, 'POST', `/api/games/${done.id}/resign`, {}, done.token);
  await ivan.evaluate(({ id, token }) => {
    const list = JSON.parse(localStorage.getItem('menagerie.games') || '[]');
    list.unshift({ id, token, title: 'Wreckage', vs: 'two players here', when: Date.now() });
    localStorage.setItem('menagerie.games', JSON.stringify(list));
  }, { id: done.id, token: done.token });
  await ivan.reload();
  await ivan.waitForSelector(`#my-games-list li.finished[data-id="${done.id}"]`);
  const order = await ivan.$$eval('#my-games-list li', (ls) => ls.map((l) => l.getAttribute('data-id')));
  assert.deepEqual(order, [game, done.id]);
  await shot(ivan, 'my-games-desktop');
  await ivan.setViewportSize({ width: 390, height: 844 });
  await shot(ivan, 'my-games-phone');
  await ivan.click(`#my-games-list li[data-id="${game}"] a`);
  await ivan.waitForSelector('.board-svg .sq-hit');
  assert.match(await ivan.textContent('#clock-black'), /^2 d 23 h$/);
  assert.match(`${await ivan.textContent('#bar-top')} ${await ivan.textContent('#bar-bottom')}`, /Hana/, 'the opponent\'s name, kept across the restart');
  assert.match(await ivan.textContent('#clock-white'), /^3 d 0 h$/);
  await click(ivan, 'd7'); await click(ivan, 'd5');
  await waitMoves(ivan, 2);
  assert.deepEqual(await serverMoves(srv, game), ['d2d4', 'd7d5']);
  await hana.context().close(); await ivan.context().close();
});

/**
 * The seat token the page keeps for game `id` (never in its address).
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
const seatOf = (page, id) => page.evaluate((gid) => (JSON.parse(localStorage.getItem('menagerie.games') || '[]').find((g) => g.id === gid) || {}).token, id);

test('a rematch is offered and accepted live, colours swapped; play again against the engine', async () => {
  const jo = await lobbyPage('Jo');
  const kim = await lobbyPage('Kim');
  await openWithForm(jo, 'chess', 'white');
  await Promise.all([jo.waitForURL(/\/play\//), kim.waitForURL(/\/play\//), kim.click('#challenges [data-accept]')]);
  const first = new URL(jo.url()).pathname;
  await jo.waitForSelector('#controls [data-c="resign"]');
  await jo.click('#controls [data-c="resign"]');
  await kim.waitForSelector('#outcome:not([hidden])');
  await jo.click('#controls [data-c="rematch"]');
  await kim.waitForSelector('#rematch-note');
  assert.match(await kim.textContent('#rematch-note'), /White offers a rematch/);
  await Promise.all([
    jo.waitForURL((u) => u.pathname !== first, { timeout: 10000 }),
    kim.waitForURL((u) => u.pathname !== first, { timeout: 10000 }),
    kim.click('#controls [data-c="rematch"]'),
  ]);
  const next = new URL(jo.url()).pathname;
  assert.equal(new URL(kim.url()).pathname, next, 'both in the same new game');
  const id = next.split('/')[2];
  assert.doesNotMatch(jo.url(), /seat=/, 'the token stays out of the address');
  assert.equal((await api(srv, 'GET', `/api/games/${id}`, undefined, await seatOf(jo, id))).you, 'black', 'colours swapped');
  assert.equal((await api(srv, 'GET', `/api/games/${id}`, undefined, await seatOf(kim, id))).you, 'white');
  await kim.waitForSelector('.board-svg .sq-hit');
  await click(kim, 'e2'); await click(kim, 'e4');
  await waitMoves(jo, 1);
  await jo.context().close(); await kim.context().close();

  const solo = await newPage(browser);
  const g = await api(srv, 'POST', '/api/games', { variant: 'chess', opponent: { kind: 'engine', level: 1 }, color: 'white' });
  await solo.goto(srv.url + `/play/${g.id}?seat=${g.token}`);
  await solo.click('#controls [data-c="resign"]');
  await solo.click('#controls [data-c="rematch"]');
  await solo.waitForURL((u) => !u.pathname.endsWith(g.id), { timeout: 10000 });
  await solo.waitForSelector('.board-svg .sq-hit');
  const again = new URL(solo.url()).pathname.split('/')[2];
  const view = await api(srv, 'GET', `/api/games/${again}`, undefined, await seatOf(solo, again));
  assert.equal(view.you, 'white', 'play again keeps the colour');
  assert.deepEqual(solo.errors, []);
  await solo.context().close();
});
