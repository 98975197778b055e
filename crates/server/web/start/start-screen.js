// The start screen: recent games, the new-game form (game, opponent, colour,
// clock, start position and rule options) and the record import.

import { api } from '../api.js';
import { staticBoardSvg } from '../diagram.js';
import { $, app, esc, input, savedSetups, showFatal } from '../dom.js';
import { gameListsHtml, startGameLists } from './game-lists.js';
import { pieceSvg } from '../pieces.js';
import { Builder, builderHtml } from './builder.js';
import { importGame, openCreatedGame } from './import.js';
import { lobbyHtml, openChallenge, startLobby } from './lobby.js';

/** @typedef {import('../types.js').VariantInfo} VariantInfo */

const TIME_CONTROLS = [
  ['', 'No clock'], ['60000+0', '1 min'], ['180000+2000', '3 min + 2 s'], ['300000+3000', '5 min + 3 s'],
  ['600000+5000', '10 min + 5 s'], ['900000+10000', '15 min + 10 s'], ['1800000+20000', '30 min + 20 s'],
  ['custom', 'Custom…'], ['days-1', '1 day per move'], ['days-3', '3 days per move'], ['days-7', '7 days per move'],
];
/** The API's bounds of a time control (docs/api.md, `POST /api/games`). */
const TC_BOUNDS = { minMs: 1000, maxMs: 86_400_000, maxIncMs: 600_000 };

/**
 * One game's card in the game chooser.
 * @param {VariantInfo} v
 * @param {string} chosen
 */
function gameCard(v, chosen) {
  return `<label class="game-card"><input type="radio" name="variant" value="${esc(v.key)}" ${v.key === chosen ? 'checked' : ''}>
        <span class="gc-thumb">${staticBoardSvg({ files: v.files, ranks: v.ranks, pieces: v.start_board, size: 96, label: `${v.title} start position` })}</span>
        <span class="gc-title">${esc(v.title)}</span><span class="gc-size">${v.files}×${v.ranks}${v.has_pockets ? ' · drops' : ''}</span><span class="gc-blurb">${esc(v.blurb)}</span>
        <a class="gc-rules" href="/#rules/${encodeURIComponent(v.key)}">rules</a></label>`;
}

/**
 * The whole start screen's HTML.
 * @param {VariantInfo[]} variants
 * @param {import('../types.js').CataloguePiece[]} pieces
 * @param {string} chosen
 */
function startHtml(variants, pieces, chosen) {
  return `
  <header class="site"><h1>Menagerie</h1><p>Five chess variants no other engine plays — and chess.</p><nav><a href="/#rules">Rules of every game</a> · <a href="/#analysis" id="open-analysis">Analysis board</a></nav></header>
  ${lobbyHtml()}
  ${gameListsHtml()}
  <form class="card newgame" id="newgame" novalidate>
    <h2>New game</h2>
    <fieldset class="games"><legend>Game</legend>
      <div class="game-cards">
      ${variants.map((v) => gameCard(v, chosen)).join('')}
        <label class="game-card"><input type="radio" name="variant" value="custom" ${chosen === 'custom' ? 'checked' : ''}>
        <span class="gc-thumb gc-custom" aria-hidden="true">${pieceSvg('O', 'white', 44)}${pieceSvg('C', 'black', 44)}</span><span class="gc-title">Your own Pick the Piece</span><span class="gc-size">10×10 · choose the pieces</span><span class="gc-blurb">Pick the corner pieces and what may be dropped.</span></label>
      </div>
    </fieldset>
    ${builderHtml(pieces)}
    <fieldset><legend>Opponent</legend>
      <label><input type="radio" name="opp" value="engine" checked> The engine</label>
      <label><input type="radio" name="opp" value="local"> A friend on this screen</label>
      <label><input type="radio" name="opp" value="link"> A friend over a link</label>
      <label><input type="radio" name="opp" value="open"> Anyone (open challenge in the lobby)</label>
      <label class="public"><input type="checkbox" id="public"> Others may watch it (listed under “Games to watch”)</label>
      <label class="level" id="level-row">Level <input type="range" id="level" min="1" max="10" value="3" aria-describedby="level-out"> <output id="level-out">3</output></label>
      <p class="level-words" id="level-words" aria-live="polite"></p>
    </fieldset>
    <fieldset id="color-row"><legend>Your colour</legend>
      <label><input type="radio" name="color" value="white" checked> White</label>
      <label><input type="radio" name="color" value="black"> Black</label>
      <label><input type="radio" name="color" value="random"> Random</label>
    </fieldset>
    <fieldset><legend>Clock</legend>
      <label>Time control <select id="tc">${TIME_CONTROLS.map(([v, t]) => `<option value="${v}">${t}</option>`).join('')}</select></label>
      <span class="custom-tc" id="custom-tc" hidden>
        <label>Minutes <input type="number" id="tc-minutes" min="0.1" max="1440" step="any" value="5" inputmode="decimal"></label>
        <label>+ seconds per move <input type="number" id="tc-increment" min="0" max="600" step="any" value="3" inputmode="decimal"></label>
      </span>
    </fieldset>
    <details class="advanced"><summary>Start from a position, rule options</summary>
      <label class="fen">Start position (FEN) <textarea id="fen" rows="2" spellcheck="false" placeholder="leave empty for the normal start"></textarea></label>
      <div id="options"></div>
    </details>
    <p class="error" id="start-error" role="alert"></p>
    <button class="primary big" id="start" type="submit">Start game</button>
  </form>
  <section class="card import"><h2>Import a game</h2>
    <p class="hint">Paste a game record (as exported from a game's page) or a list of moves; it is replayed as a game for two players on this screen.</p>
    <label>Game <select id="import-variant">${variants.map((v) => `<option value="${esc(v.key)}">${esc(v.title)}</option>`).join('')}</select></label>
    <textarea id="import-text" rows="5" spellcheck="false" aria-label="Game record to import"></textarea>
    <p class="error" id="import-error" role="alert"></p>
    <button type="button" id="import">Import game</button>
  </section>`;
}

/**
 * The value of the checked radio button `name` of `form`.
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const radio = (form, name) => /** @type {RadioNodeList} */ (form.elements.namedItem(name)).value;

/** Draws the start screen and wires the form. */
export async function startScreen() {
  document.title = 'Menagerie — chess variants';
  app.innerHTML = '<p class="loading">Loading games…</p>';
  /** @type {VariantInfo[]} */
  let variants;
  /** @type {import('../types.js').CataloguePiece[]} */
  let pieces;
  try { [variants, pieces] = await Promise.all([api.variants(), api.pieces()]); } catch (e) { return showFatal(e); }
  const pre = new URLSearchParams(location.search).get('variant');
  /** @param {string} k */
  const isBuiltin = (k) => variants.some((v) => v.key === k);
  const chosen = pre && isBuiltin(pre) ? pre : pre ? 'custom' : 'wreckage';
  app.innerHTML = startHtml(variants, pieces, chosen);
  const form = /** @type {HTMLFormElement} */ ($('#newgame'));
  const builder = new Builder(form, pieces);
  const updateOptions = () => {
    const key = radio(form, 'variant');
    builder.el.hidden = key !== 'custom';
    if (key === 'custom') builder.open(pre && !isBuiltin(pre) ? pre : Object.values(savedSetups())[0]);
    const v = key === 'custom' ? null : variants.find((x) => x.key === key);
    $('#options').innerHTML = v && v.options && v.options.length
      ? `<p>Rule options:</p>${v.options.map((o) => `<label class="option"><input type="checkbox" data-opt="${esc(o.name)}" ${o.default ? 'checked' : ''}> ${esc(o.description || o.name)}</label>`).join('')}`
      : '';
  };
  const updateOpp = () => {
    const opp = radio(form, 'opp');
    $('#level-row').hidden = opp !== 'engine';
    $('#color-row').hidden = opp === 'local';
    $('#start').textContent = opp === 'open' ? 'Open challenge' : 'Start game';
    input('#public').checked = opp === 'open';
  };
  form.addEventListener('change', (e) => {
    const name = e.target instanceof HTMLInputElement ? e.target.name : '';
    if (name === 'variant') updateOptions();
    if (name === 'opp') updateOpp();
  });
  $('#tc').addEventListener('change', () => { $('#custom-tc').hidden = input('#tc').value !== 'custom'; });
  showLevel([]);
  api.levels().then((ls) => { levels = ls; showLevel(ls); }).catch(() => {});
  $('#level').addEventListener('input', () => showLevel(levels));
  updateOptions();
  updateOpp();
  form.addEventListener('submit', (e) => { e.preventDefault(); submit(form, variants, builder); });
  startLobby();
  startGameLists();
  $('#import').addEventListener('click', () => importGame(input('#import-variant').value, input('#import-text').value, $('#import-error')));
}

/**
 * The custom time control of the form, or what is wrong with it.
 * @returns {{ initial_ms: number, increment_ms: number } | string}
 */
function customTimeControl() {
  const minutes = Number(input('#tc-minutes').value);
  const seconds = Number(input('#tc-increment').value || '0');
  const initial = Math.round(minutes * 60_000);
  const increment = Math.round(seconds * 1000);
  if (!Number.isFinite(initial) || initial < TC_BOUNDS.minMs || initial > TC_BOUNDS.maxMs) return 'The clock needs from 1 second (0.0167 minutes) to 1440 minutes (a day).';
  if (!Number.isFinite(increment) || increment < 0 || increment > TC_BOUNDS.maxIncMs) return 'The increment goes from 0 to 600 seconds per move.';
  return { initial_ms: initial, increment_ms: increment };
}

/**
 * Creates the game the form describes and opens it.
 * @param {HTMLFormElement} form
 * @param {VariantInfo[]} variants
 * @param {Builder} builder
 */
async function submit(form, variants, builder) {
  const err = $('#start-error');
  err.textContent = '';
  let variant = radio(form, 'variant');
  if (variant === 'custom') {
    const v = await builder.check();
    if (!v) { err.textContent = 'Fix the Pick the Piece setup first (see the message above).'; return; }
    variant = v.key;
  }
  const opp = radio(form, 'opp');
  /** @type {Record<string, unknown>} */
  const body = { variant, opponent: opp === 'engine' ? { kind: 'engine', level: parseInt(input('#level').value, 10) } : { kind: opp } };
  if (opp !== 'local') body.color = radio(form, 'color');
  body.public = input('#public').checked;
  const tc = input('#tc').value;
  if (tc === 'custom') {
    const t = customTimeControl();
    if (typeof t === 'string') { err.textContent = t; return; }
    body.time_control = t;
  } else if (tc.startsWith('days-')) {
    body.time_control = { days_per_move: Number(tc.slice('days-'.length)) };
  } else if (tc) { const [i, inc] = tc.split('+').map(Number); body.time_control = { initial_ms: i, increment_ms: inc }; }
  const fen = input('#fen').value.trim();
  if (fen) body.fen = fen;
  const optEls = /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll('[data-opt]')]);
  if (optEls.length) {
    const v = variants.find((x) => x.key === variant);
    /** @type {Record<string, boolean>} */
    const options = {};
    for (const o of optEls) {
      const d = v && v.options.find((x) => x.name === o.dataset.opt);
      if (!d || d.default !== o.checked) options[o.dataset.opt || ''] = o.checked;
    }
    if (Object.keys(options).length) body.options = options;
  }
  const start = /** @type {HTMLButtonElement} */ ($('#start'));
  start.disabled = true;
  if (opp === 'open') {
    delete body.opponent;
    err.textContent = await openChallenge(body);
    start.disabled = false;
    return;
  }
  try {
    openCreatedGame(await api.createGame(body), opp);
  } catch (e) {
    err.textContent = e instanceof Error ? e.message : String(e);
    start.disabled = false;
  }
}

/** @type {import('../types.js').LevelInfo[]} */
let levels = [];

/**
 * The chosen level, its name and its measured strength.
 * @param {import('../types.js').LevelInfo[]} ls
 */
function showLevel(ls) {
  const n = parseInt(input('#level').value, 10);
  /** @type {HTMLOutputElement} */ ($('#level-out')).value = String(n);
  const l = ls.find((x) => x.level === n);
  const words = $('#level-words');
  const signed = (/** @type {number | null} */ e) => (e === null ? 'not measured yet' : `${e >= 0 ? '+' : '−'}${Math.abs(e)}`);
  words.textContent = l ? `${l.name}: ${signed(l.elo_wreckage)} Elo (Wreckage), ${signed(l.elo_chess)} (chess) against a player who always grabs the biggest capture` : '';
}
