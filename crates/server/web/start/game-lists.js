// Two lists of the start screen: "My games", the games this browser holds a
// seat in (your turn first, with the count in the page's title; finished ones
// below), and "Games to watch", the public games in progress.

import { api } from '../api.js';
import { staticBoardSvg } from '../diagram.js';
import { $, esc, recentGames } from '../dom.js';

/** @typedef {import('../dom.js').RecentGame} RecentGame */
/** @typedef {import('../types.js').GameView} GameView */

const BASE_TITLE = 'Menagerie — chess variants';
/** How often the lists are read again while the start screen is open. */
const REFRESH_MS = 10_000;

/** The two sections' HTML (filled in by {@link startGameLists}). */
export function gameListsHtml() {
  const mine = recentGames();
  return `${mine.length ? `<section class="card recent" id="my-games" aria-labelledby="my-games-title"><h2 id="my-games-title">My games</h2>
    <ul class="game-list" id="my-games-list">${mine.map((g) => myGameRow(g, null)).join('')}</ul></section>` : ''}
  <section class="card watch" id="watch" aria-labelledby="watch-title" hidden><h2 id="watch-title">Games to watch</h2>
    <ul class="game-list" id="watch-list"></ul></section>`;
}

/**
 * The time left until a correspondence deadline, in words.
 * @param {number} deadline
 */
function daysLeft(deadline) {
  const h = Math.max(0, Math.floor((deadline - Date.now()) / 3_600_000));
  return h >= 24 ? `${Math.floor(h / 24)} d ${h % 24} h left` : `${h} h left`;
}

/**
 * Where a game of mine stands, as a word and a sort key (0: your turn).
 * @param {GameView | null} v
 * @returns {{ text: string, rank: number }}
 */
function standing(v) {
  if (!v) return { text: '', rank: 1 };
  if (v.outcome) return { text: 'finished', rank: 2 };
  if (v.you === 'both') return { text: `${v.turn} to move`, rank: 1 };
  const left = v.clocks && v.clocks.deadline_ms ? `, ${daysLeft(v.clocks.deadline_ms)}` : '';
  if (v.you === v.turn) return { text: `your turn${left}`, rank: 0 };
  return { text: 'waiting for the opponent', rank: 1 };
}

/**
 * One of my games: a small board of the position now, its name, the opponent and where it stands.
 * @param {RecentGame} g
 * @param {GameView | null} v
 */
function myGameRow(g, v) {
  const s = standing(v);
  const href = `/play/${encodeURIComponent(g.id)}`; // the token is remembered, not put in the address
  const pic = v ? staticBoardSvg({ files: v.files, ranks: v.ranks, pieces: v.board, size: 64, label: `${v.title}, position now` }) : '';
  return `<li class="gl-item${s.rank === 0 ? ' your-turn' : ''}${s.rank === 2 ? ' finished' : ''}" data-id="${esc(g.id)}">
    <a href="${href}"><span class="gl-pic">${pic}</span><span class="gl-text"><b>${esc((v && v.title) || g.title || g.variant || '')}</b> — ${esc(g.vs || '')}
    <span class="gl-state">${esc(s.text)}</span><small>${new Date(g.when || Date.now()).toLocaleString()}</small></span></a></li>`;
}

/** Reads my games from the server and shows them: your turn first, finished last. */
async function refreshMine() {
  const list = document.getElementById('my-games-list');
  if (!list) return false;
  const games = recentGames();
  const views = await Promise.all(games.map((g) => api.game(g.id, g.token || null).catch(() => null)));
  const rows = games.map((g, i) => ({ g, v: views[i], s: standing(views[i]) }));
  rows.sort((a, b) => a.s.rank - b.s.rank);
  list.innerHTML = rows.map((r) => myGameRow(r.g, r.v)).join('');
  const mine = rows.filter((r) => r.s.rank === 0).length;
  document.title = mine ? `(${mine}) ${BASE_TITLE}` : BASE_TITLE;
  return true;
}

/** Reads the games to watch and shows them (the section hides when there are none). */
async function refreshWatch() {
  const list = document.getElementById('watch-list');
  if (!list) return false;
  const page = await api.watchable().catch(() => null);
  const games = page ? page.games : [];
  $('#watch').hidden = !games.length;
  list.innerHTML = games.map((g) => `<li class="gl-item" data-id="${esc(g.id)}"><a href="/play/${encodeURIComponent(g.id)}">
    <span class="gl-pic">${staticBoardSvg({ files: g.files, ranks: g.ranks, pieces: g.board, size: 64, label: `${g.title}, position now` })}</span>
    <span class="gl-text"><b>${esc(g.title)}</b> <span class="gl-state">${g.plies} ${g.plies === 1 ? 'move' : 'moves'}, ${g.turn} to move</span></span></a></li>`).join('');
  return true;
}

/** Fills both lists now and again every few seconds while the start screen shows. */
export function startGameLists() {
  const tick = async () => {
    const alive = (await Promise.all([refreshMine(), refreshWatch()])).some(Boolean);
    if (alive) setTimeout(tick, REFRESH_MS);
  };
  tick();
}

/** Reads the games to watch again now (after a change in the lobby). */
export const refreshWatchNow = () => { refreshWatch(); };
