// The lobby (issue 21): a challenge opened in one browser context shows live
// in another, which accepts it; both land in the same game and play. Two
// contexts accepting one challenge at once start exactly one game. The
// challenger cancels and the others' lists follow.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, api, click, waitMoves, serverMoves, shot } from '../lib/harness.mjs';

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
async function openWithForm(page, variant, color) {
  await page.check(`input[name=variant][value=${variant}]`);
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
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.context().close(); await bob.context().close();
});

test('two contexts accepting one challenge at once start exactly one game', async () => {
  const created = await api(srv, 'POST', '/api/challenges', { player: 'e2e-carol-0123456789', name: 'Carol', variant: 'wreckage' });
  const dave = await lobbyPage('Dave');
  const erin = await lobbyPage('Erin');
  const row = `#challenges li[data-id="${created.challenge.id}"] [data-accept]`;
  await dave.waitForSelector(row);
  await erin.waitForSelector(row);
  await Promise.all([dave.click(row), erin.click(row)]);
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
