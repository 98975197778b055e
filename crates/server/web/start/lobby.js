// The lobby on the start screen: the player's name, the open challenges
// live from the server's lobby stream, accepting one (both players are sent
// to the new game at once) and cancelling one's own.

import { api } from '../api.js';
import { $, closest, esc, input, rememberGame } from '../dom.js';
import { pieceSvg } from '../pieces.js';
import { refreshWatchNow } from './game-lists.js';
import { keepChallenge, nameProblem, openedChallenges, playerKey, playerName, setPlayerName } from '../player.js';

/** @typedef {import('../types.js').Challenge} Challenge */

/** The lobby's HTML (the list fills in from the stream). */
export function lobbyHtml() {
  return `<section class="card lobby" id="lobby" aria-labelledby="lobby-title">
    <h2 id="lobby-title">Open challenges</h2>
    <label class="player-name">Your name <input id="player-name" maxlength="24" autocomplete="nickname" value="${esc(playerName())}" placeholder="shown to other players"></label>
    <p class="hint">Accept a challenge to start at once, or open your own with “Anyone (open challenge)” as the opponent below.</p>
    <ul class="challenges" id="challenges" aria-live="polite"><li class="empty">Connecting…</li></ul>
    <p class="error" id="lobby-error" role="alert"></p>
  </section>`;
}

/**
 * A time control in words.
 * @param {Challenge['time_control']} tc
 */
function clockText(tc) {
  if (!tc) return 'no clock';
  if (tc.days_per_move) return `${tc.days_per_move} ${tc.days_per_move === 1 ? 'day' : 'days'} per move`;
  const min = tc.initial_ms / 60000;
  return `${Number.isInteger(min) ? min : min.toFixed(1)} min + ${tc.increment_ms / 1000} s`;
}

/**
 * The corner pieces of a custom Pick the Piece setup, drawn.
 * @param {string} spec
 */
function setupPieces(spec) {
  const m = /slots=([^;]*)/i.exec(spec);
  if (!m) return '';
  const letters = m[1].split(',').filter((l) => /^[A-Za-z]$/.test(l));
  return `<span class="ch-pieces" title="${esc(spec)}">${letters.map((l) => pieceSvg(l.toUpperCase(), 'white', 22)).join('')}</span>`;
}

/**
 * One challenge's row.
 * @param {Challenge} c
 */
function challengeRow(c) {
  const colour = c.color === 'random' ? 'random colours' : `${esc(c.name)} plays ${c.color}`;
  const action = c.mine
    ? '<span class="ch-wait">waiting for an opponent…</span> <button type="button" data-cancel>Cancel</button>'
    : `<button type="button" class="primary" data-accept>Accept</button>`;
  return `<li class="challenge${c.mine ? ' mine' : ''}" data-id="${esc(c.id)}">
    <span class="ch-who">${esc(c.name)}</span>
    <span class="ch-game">${esc(c.title)}${c.variant.includes(':') ? setupPieces(c.variant) : ''}</span>
    <span class="ch-clock">${clockText(c.time_control)}</span>
    <span class="ch-colour">${colour}</span>
    <span class="ch-act">${action}</span></li>`;
}

/**
 * Opens the game of a challenge this browser made, now accepted.
 * @param {string} challenge
 * @param {string} game
 */
function joinAccepted(challenge, game) {
  const token = openedChallenges()[challenge];
  if (!token) return false;
  keepChallenge(challenge, null);
  rememberGame({ id: game, token, title: 'Lobby game', when: Date.now(), vs: 'opponent from the lobby' });
  location.href = `/play/${encodeURIComponent(game)}`;
  return true;
}

/** Forgets the challenges opened here that ended while no lobby was open (keeping their games). */
async function settleOld() {
  for (const id of Object.keys(openedChallenges())) {
    try {
      const c = await api.challenge(id, playerKey());
      if (c.state === 'accepted' && c.game) {
        rememberGame({ id: c.game, token: openedChallenges()[id], title: c.title, when: Date.now(), vs: 'opponent from the lobby' });
      }
      if (c.state !== 'open') keepChallenge(id, null);
    } catch { keepChallenge(id, null); }
  }
}

/**
 * Shows a page of challenges.
 * @param {import('../types.js').ChallengePage} page
 */
function showList(page) {
  const list = $('#challenges');
  list.innerHTML = page.challenges.length
    ? page.challenges.map(challengeRow).join('')
    : '<li class="empty">No open challenges. Open one below, and it shows here for everyone.</li>';
  if (page.total > page.challenges.length) list.insertAdjacentHTML('beforeend', `<li class="empty">and ${page.total - page.challenges.length} more</li>`);
}

/**
 * Accepts or cancels the challenge of a clicked row.
 * @param {MouseEvent} e
 */
async function onClick(e) {
  const row = closest(e, '[data-id]');
  const err = $('#lobby-error');
  if (!row || !closest(e, 'button')) return;
  const id = row.dataset.id || '';
  err.textContent = '';
  try {
    if (closest(e, '[data-cancel]')) {
      await api.cancelChallenge(id, playerKey());
      keepChallenge(id, null);
      return;
    }
    const name = nameProblem(input('#player-name').value);
    if (name) { err.textContent = name; return; }
    setPlayerName(input('#player-name').value);
    const res = await api.acceptChallenge(id, playerKey(), input('#player-name').value.trim());
    rememberGame({ id: res.id, token: res.token, title: res.game.title, variant: res.game.variant, when: Date.now(), vs: row.querySelector('.ch-who')?.textContent || 'opponent from the lobby' });
    location.href = `/play/${encodeURIComponent(res.id)}`;
  } catch (x) {
    err.textContent = x instanceof Error ? x.message : String(x);
  }
}

/** Wires the lobby drawn by {@link lobbyHtml}: the name, the list live, the buttons. */
export function startLobby() {
  const nameEl = input('#player-name');
  nameEl.addEventListener('change', () => { if (!nameProblem(nameEl.value)) setPlayerName(nameEl.value); });
  $('#challenges').addEventListener('click', onClick);
  const events = api.lobbyEvents(playerKey());
  let first = true;
  /** @param {MessageEvent} m */
  const onList = (m) => {
    if (!document.getElementById('challenges')) { events.close(); return; }
    showList(JSON.parse(m.data));
    if (first) { first = false; settleOld(); }
  };
  events.addEventListener('challenges', onList);
  events.addEventListener('accepted', (m) => {
    const a = JSON.parse(/** @type {MessageEvent} */ (m).data);
    if (joinAccepted(a.challenge, a.game)) events.close(); else refreshWatchNow();
  });
}

/**
 * Opens a challenge with the new-game form's settings; it shows in the list from the stream.
 * @param {Record<string, unknown>} body The form's `POST /api/games` body, less the opponent.
 * @returns {Promise<string>} What went wrong ('' if nothing).
 */
export async function openChallenge(body) {
  const nameEl = input('#player-name');
  const problem = nameProblem(nameEl.value);
  if (problem) { nameEl.focus(); return problem; }
  setPlayerName(nameEl.value);
  try {
    const res = await api.createChallenge({ ...body, player: playerKey(), name: nameEl.value.trim() });
    keepChallenge(res.challenge.id, res.token);
    $('#lobby').scrollIntoView({ block: 'nearest' });
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
