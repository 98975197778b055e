// Menagerie web page: router, start screen (with the Pick the Piece builder) and
// game screen. All rules live on the server: the page shows the legal actions
// it is given and sends back their move strings.

import { api } from './api.js';
import { Board, staticBoardSvg } from './board.js';
import { parseFen, parseSq, sqName, initialProngs } from './fen.js';
import { pieceSvg, PIECE_NAMES } from './pieces.js';
import { renderRules, renderRulesIndex, escapeHtml } from './rules.js';

const $ = (sel, root = document) => root.querySelector(sel);
const app = document.getElementById('app');
const esc = escapeHtml;

// ---------------------------------------------------------------- storage
const store = {
  get(key, dflt) { try { return JSON.parse(localStorage.getItem(key)) ?? dflt; } catch (_) { return dflt; } },
  set(key, v) { try { localStorage.setItem(key, JSON.stringify(v)); } catch (_) { /* private mode */ } },
};
const recentGames = () => store.get('menagerie.games', []);
function rememberGame(entry) {
  const list = recentGames().filter((g) => g.id !== entry.id);
  list.unshift({ ...(recentGames().find((g) => g.id === entry.id) || {}), ...entry });
  store.set('menagerie.games', list.slice(0, 20));
}
const savedSetups = () => store.get('menagerie.setups', {});

// ---------------------------------------------------------------- router
function route() {
  const path = location.pathname;
  const hash = decodeURIComponent(location.hash.slice(1));
  document.body.className = '';
  if (path.startsWith('/play/')) {
    const id = decodeURIComponent(path.slice('/play/'.length).split('/')[0]);
    return gameScreen(id);
  }
  if (hash === 'rules') return renderRulesIndex(app, api).catch(showFatal);
  if (hash.startsWith('rules/')) return renderRules(app, hash.slice('rules/'.length), api);
  return startScreen();
}
window.addEventListener('hashchange', () => { if (!location.pathname.startsWith('/play/')) route(); });

function showFatal(e) {
  app.innerHTML = `<p class="error" role="alert">${esc(e.message || e)}</p><p><a href="/">Start screen</a></p>`;
}

// ---------------------------------------------------------------- start screen
const SLOT_PIECES = ['Q', 'R', 'B', 'N', 'W', 'F', 'D', 'X', 'G', 'T', 'A', 'C', 'O', 'U', 'Z', 'Y'];
const DROP_PIECES = [...SLOT_PIECES, 'J'];
const BLURBS = {
  chess: 'Orthodox chess.',
  wreckage: 'Dragons, Detonators and Ninja Pawns; a Flying Guillotine in hand.',
  carnage: 'Wreckage with a Terror Freeze that freezes its neighbours.',
  'air-and-trench': 'Ninja Guards; drop a Super Cannon, a Flying Bomber, Ninja Pawns.',
  'longer-board': 'Walls, Withdrawers and Changelings on 8×10.',
  wounds: 'Pieces move along prongs that get wounded and rotate.',
};
const TIME_CONTROLS = [
  ['', 'No clock'], ['60000+0', '1 min'], ['180000+2000', '3 min + 2 s'], ['300000+3000', '5 min + 3 s'],
  ['600000+5000', '10 min + 5 s'], ['900000+10000', '15 min + 10 s'], ['1800000+20000', '30 min + 20 s'],
];

async function startScreen() {
  document.title = 'Menagerie — chess variants';
  app.innerHTML = '<p class="loading">Loading games…</p>';
  let variants;
  try { variants = await api.variants(); } catch (e) { return showFatal(e); }
  const params = new URLSearchParams(location.search);
  const pre = params.get('variant');
  const recent = recentGames();
  const setups = savedSetups();
  const isBuiltin = (k) => variants.some((v) => v.key === k);
  const chosen = pre && isBuiltin(pre) ? pre : pre ? 'custom' : 'wreckage';
  app.innerHTML = `
  <header class="site"><h1>Menagerie</h1><p>Five chess variants no other engine plays — and chess.</p><nav><a href="/#rules">Rules of every game</a></nav></header>
  ${recent.length ? `<section class="card recent"><h2>Continue a game</h2><ul>${recent.map((g) => `<li><a href="/play/${encodeURIComponent(g.id)}${g.token ? `?seat=${encodeURIComponent(g.token)}` : ''}">${esc(g.title || g.variant)} — ${esc(g.vs || '')}</a> <small>${new Date(g.when || Date.now()).toLocaleString()}</small></li>`).join('')}</ul></section>` : ''}
  <form class="card newgame" id="newgame" novalidate>
    <h2>New game</h2>
    <fieldset class="games"><legend>Game</legend>
      <div class="game-cards">
      ${variants.map((v) => `<label class="game-card"><input type="radio" name="variant" value="${esc(v.key)}" ${v.key === chosen ? 'checked' : ''}>
        <span class="gc-thumb">${staticBoardSvg({ files: v.files, ranks: v.ranks, pieces: parseFen(v.start_fen, { wounds: v.key === 'wounds' }).pieces, size: 96, label: `${v.title} start position` })}</span>
        <span class="gc-title">${esc(v.title)}</span><span class="gc-size">${v.files}×${v.ranks}${v.has_pockets ? ' · drops' : ''}</span><span class="gc-blurb">${esc(BLURBS[v.key] || '')}</span>
        <a class="gc-rules" href="/#rules/${encodeURIComponent(v.key)}">rules</a></label>`).join('')}
        <label class="game-card"><input type="radio" name="variant" value="custom" ${chosen === 'custom' ? 'checked' : ''}>
        <span class="gc-thumb gc-custom" aria-hidden="true">${pieceSvg('O', 'white', 44)}${pieceSvg('C', 'black', 44)}</span><span class="gc-title">Your own Pick the Piece</span><span class="gc-size">10×10 · choose the pieces</span><span class="gc-blurb">Pick the corner pieces and what may be dropped.</span></label>
      </div>
    </fieldset>
    <fieldset class="builder" id="builder" hidden><legend>Pick the Piece setup</legend>
      <p class="hint">Agree with your opponent which pieces fill the empty corner slots (a1 and j1; Black mirrors them) and which pieces each side may drop during the game (at most 10 in hand).</p>
      <div class="slots">
        <label>a1 slot <select id="slot-a">${SLOT_PIECES.map((l) => `<option value="${l}" ${l === 'A' ? 'selected' : ''}>${PIECE_NAMES[l]} (${l})</option>`).join('')}</select></label>
        <label>j1 slot <select id="slot-j">${SLOT_PIECES.map((l) => `<option value="${l}" ${l === 'A' ? 'selected' : ''}>${PIECE_NAMES[l]} (${l})</option>`).join('')}</select></label>
      </div>
      <div class="drops"><span class="drops-title">In hand for each side:</span>
        ${DROP_PIECES.map((l) => `<label class="drop-count" title="${PIECE_NAMES[l]}">${pieceSvg(l, 'white', 28)}<span>${PIECE_NAMES[l]}</span><input type="number" min="0" max="10" value="${{ C: 1, O: 1, J: 3 }[l] || 0}" data-drop="${l}" aria-label="${PIECE_NAMES[l]} in hand"></label>`).join('')}
      </div>
      <label class="spec">Setup string <input id="spec" type="text" spellcheck="false" autocomplete="off"></label>
      <div id="setup-result" class="setup-result" aria-live="polite"></div>
      <div class="save-setup"><label>Name <input id="setup-name" type="text" placeholder="e.g. Bombers and Cannons"></label> <button type="button" id="save-setup">Save setup</button></div>
      <div id="saved-setups" class="saved-setups"></div>
    </fieldset>
    <fieldset><legend>Opponent</legend>
      <label><input type="radio" name="opp" value="engine" checked> The engine</label>
      <label><input type="radio" name="opp" value="local"> A friend on this screen</label>
      <label><input type="radio" name="opp" value="link"> A friend over a link</label>
      <label class="level" id="level-row">Level <input type="range" id="level" min="1" max="10" value="3" aria-describedby="level-out"> <output id="level-out">3</output></label>
    </fieldset>
    <fieldset id="color-row"><legend>Your colour</legend>
      <label><input type="radio" name="color" value="white" checked> White</label>
      <label><input type="radio" name="color" value="black"> Black</label>
      <label><input type="radio" name="color" value="random"> Random</label>
    </fieldset>
    <fieldset><legend>Clock</legend>
      <label>Time control <select id="tc">${TIME_CONTROLS.map(([v, t]) => `<option value="${v}">${t}</option>`).join('')}</select></label>
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

  const form = $('#newgame');
  const variantKey = () => form.variant.value;
  const builder = $('#builder');
  const specInput = $('#spec');
  const readControls = () => {
    const drops = [...form.querySelectorAll('[data-drop]')].map((i) => [i.dataset.drop, parseInt(i.value, 10) || 0]).filter(([, n]) => n > 0);
    let spec = `pick-the-piece:slots=${$('#slot-a').value},${$('#slot-j').value}`;
    if (drops.length) spec += `;drops=${drops.map(([l, n]) => (n === 1 ? l : `${l}${n}`)).join(',')}`;
    return spec;
  };
  const writeControls = (spec) => {
    const m = /slots=([^;]*)/i.exec(spec);
    if (m) {
      const [a, j] = m[1].split(',').map((s) => s.trim().toUpperCase());
      if (SLOT_PIECES.includes(a)) $('#slot-a').value = a;
      if (SLOT_PIECES.includes(j)) $('#slot-j').value = j;
    }
    const d = /drops=([^;]*)/i.exec(spec);
    for (const i of form.querySelectorAll('[data-drop]')) i.value = 0;
    if (d) for (const part of d[1].split(',')) {
      const mm = /^\s*([A-Za-z])\*?(\d*)\s*$/.exec(part);
      if (mm) { const inp = form.querySelector(`[data-drop="${mm[1].toUpperCase()}"]`); if (inp) inp.value = mm[2] || 1; }
    }
  };
  let checkTimer = null;
  let lastChecked = null;
  const checkSetup = async () => {
    const spec = specInput.value.trim();
    const out = $('#setup-result');
    if (!spec) { out.innerHTML = ''; return null; }
    out.innerHTML = '<p class="loading">Checking…</p>';
    try {
      const v = await api.variant(spec);
      if (specInput.value.trim() !== spec) return null;
      const start = parseFen(v.start_fen);
      out.innerHTML = `<p class="ok">✓ ${esc(v.title)} — a valid setup: <code>${esc(v.key)}</code></p>
        <div class="setup-preview">${staticBoardSvg({ files: v.files, ranks: v.ranks, pieces: start.pieces, size: 260, showCoords: true, label: 'Start position of this setup' })}
        <div><p>Start position:</p><code class="fen-text">${esc(v.start_fen)}</code>
        ${start.pockets ? `<p>In hand: ${Object.entries(start.pockets.white).map(([l, n]) => `${pieceSvg(l, 'white', 22)}×${n}`).join(' ')}</p>` : '<p>No drops.</p>'}
        <p><a href="/#rules/${encodeURIComponent(v.key)}" target="_blank">Rules and pieces of this setup</a></p></div></div>`;
      lastChecked = v.key;
      return v;
    } catch (e) {
      if (specInput.value.trim() !== spec) return null;
      out.innerHTML = `<p class="error" role="alert">This setup is not allowed: ${esc(e.message)}</p>`;
      lastChecked = null;
      return null;
    }
  };
  const scheduleCheck = () => { clearTimeout(checkTimer); checkTimer = setTimeout(checkSetup, 250); };
  const renderSaved = () => {
    const s = savedSetups();
    const names = Object.keys(s);
    $('#saved-setups').innerHTML = names.length
      ? `<p>Saved setups:</p><ul>${names.map((n) => `<li><button type="button" data-use="${esc(n)}">${esc(n)}</button> <code>${esc(s[n])}</code> <button type="button" class="small" data-del="${esc(n)}" aria-label="Delete setup ${esc(n)}">✕</button></li>`).join('')}</ul>`
      : '';
  };
  builder.addEventListener('input', (e) => {
    if (e.target === specInput) { writeControls(specInput.value); scheduleCheck(); return; }
    if (e.target.id === 'setup-name') return;
    specInput.value = readControls();
    scheduleCheck();
  });
  builder.addEventListener('click', (e) => {
    const use = e.target.closest('[data-use]');
    const del = e.target.closest('[data-del]');
    if (use) { specInput.value = savedSetups()[use.dataset.use]; $('#setup-name').value = use.dataset.use; writeControls(specInput.value); checkSetup(); }
    if (del) { const s = savedSetups(); delete s[del.dataset.del]; store.set('menagerie.setups', s); renderSaved(); api.deleteSetup(del.dataset.del).catch(() => {}); }
  });
  $('#save-setup').addEventListener('click', async () => {
    const name = $('#setup-name').value.trim();
    if (!name) { $('#setup-result').insertAdjacentHTML('afterbegin', '<p class="error" role="alert">Give the setup a name first.</p>'); return; }
    const v = await checkSetup();
    if (!v) return;
    const s = savedSetups();
    s[name] = v.key;
    store.set('menagerie.setups', s);
    renderSaved();
    api.saveSetup(name, v.key).catch(() => { /* kept in this browser anyway */ });
  });
  // setups saved on the server (by any browser) join the ones kept here
  api.setups().then((list) => {
    if (!Array.isArray(list) || !list.length) return;
    const s = savedSetups();
    for (const x of list) if (x && x.name && x.spec && !s[x.name] && /^pick-the-piece:/i.test(x.spec)) s[x.name] = x.spec;
    store.set('menagerie.setups', s);
    renderSaved();
  }).catch(() => {});
  const updateOptions = async () => {
    const key = variantKey();
    builder.hidden = key !== 'custom';
    if (key === 'custom' && !specInput.value) {
      specInput.value = pre && !isBuiltin(pre) ? pre : (Object.values(setups)[0] || readControls());
      writeControls(specInput.value);
      checkSetup();
    }
    const opts = $('#options');
    opts.innerHTML = '';
    const v = key === 'custom' ? null : variants.find((x) => x.key === key);
    if (v && v.options && v.options.length) {
      opts.innerHTML = `<p>Rule options:</p>${v.options.map((o) => `<label class="option"><input type="checkbox" data-opt="${esc(o.name)}" ${o.default ? 'checked' : ''}> ${esc(o.description || o.name)}</label>`).join('')}`;
    }
  };
  const updateOpp = () => {
    const opp = form.opp.value;
    $('#level-row').hidden = opp !== 'engine';
    $('#color-row').hidden = opp === 'local';
  };
  form.addEventListener('change', (e) => {
    if (e.target.name === 'variant') updateOptions();
    if (e.target.name === 'opp') updateOpp();
  });
  $('#level').addEventListener('input', () => { $('#level-out').value = $('#level').value; });
  renderSaved();
  updateOptions();
  updateOpp();

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const err = $('#start-error');
    err.textContent = '';
    let variant = variantKey();
    if (variant === 'custom') {
      const v = await checkSetup();
      if (!v) { err.textContent = 'Fix the Pick the Piece setup first (see the message above).'; return; }
      variant = v.key;
    }
    const opp = form.opp.value;
    const body = { variant, opponent: opp === 'engine' ? { kind: 'engine', level: parseInt($('#level').value, 10) } : { kind: opp } };
    if (opp !== 'local') body.color = form.color.value;
    const tc = $('#tc').value;
    if (tc) { const [i, inc] = tc.split('+').map(Number); body.time_control = { initial_ms: i, increment_ms: inc }; }
    const fen = $('#fen').value.trim();
    if (fen) body.fen = fen;
    const optEls = [...form.querySelectorAll('[data-opt]')];
    if (optEls.length) {
      const v = variants.find((x) => x.key === variant);
      const options = {};
      for (const o of optEls) {
        const d = v && v.options.find((x) => x.name === o.dataset.opt);
        if (!d || d.default !== o.checked) options[o.dataset.opt] = o.checked;
      }
      if (Object.keys(options).length) body.options = options;
    }
    $('#start').disabled = true;
    try {
      const res = await api.createGame(body);
      openCreatedGame(res, opp);
    } catch (e2) {
      err.textContent = e2.message;
      $('#start').disabled = false;
    }
  });

  $('#import').addEventListener('click', () => importGame($('#import-variant').value, $('#import-text').value, $('#import-error')));
}

function openCreatedGame(res, opp) {
  const g = res.game;
  const other = res.seat === 'white' ? 'black' : 'white';
  rememberGame({
    id: res.id, token: res.token, title: g.title, variant: g.variant, when: Date.now(),
    vs: opp === 'engine' ? g.players[other] : opp === 'local' ? 'two players here' : 'friend over a link',
    share: opp === 'link' ? res.links[other] : null, watch: res.links && res.links.watch,
  });
  const link = (res.links && res.links[res.seat]) || `/play/${res.id}?seat=${encodeURIComponent(res.token)}`;
  location.href = link;
}

/** Reads a game record (PGN dialect) or a plain list of moves. */
export function parseRecord(text) {
  const headers = {};
  const body = text.replace(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm, (_, k, v) => { headers[k.toLowerCase()] = v; return ''; });
  const tokens = body
    .replace(/\{[^}]*\}/g, ' ').replace(/\([^)]*\)/g, ' ').replace(/;[^\n]*/g, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, ''))
    .filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*|\d+\.+)$/.test(t));
  return { headers, moves: tokens };
}

async function importGame(defaultVariant, text, errEl) {
  errEl.textContent = '';
  const { headers, moves } = parseRecord(text);
  const variant = headers.variant || defaultVariant;
  const body = { variant, opponent: { kind: 'local' } };
  if (headers.fen) body.fen = headers.fen;
  try {
    const res = await api.createGame(body);
    let view = res.game;
    for (const [i, m] of moves.entries()) {
      const a = (view.legal || []).find((x) => x.text === m || x.label === m);
      try {
        view = await api.move(res.id, res.token, a ? a.text : m);
      } catch (e) {
        errEl.textContent = `Move ${i + 1} (${m}): ${e.message}`;
        break;
      }
    }
    openCreatedGame(res, 'local');
  } catch (e) {
    errEl.textContent = e.message;
  }
}

// ---------------------------------------------------------------- game screen
const G = {};

async function gameScreen(id) {
  const params = new URLSearchParams(location.search);
  let token = params.get('seat');
  const known = recentGames().find((g) => g.id === id);
  if (token) rememberGame({ id, token, when: (known && known.when) || Date.now() });
  else if (known && known.token) token = known.token;
  Object.assign(G, { id, token, view: null, variant: null, ply: null, sel: null, flipped: null, analysis: null, chooser: null, es: null, offline: false, info: known || {} });
  app.innerHTML = '<p class="loading">Loading game…</p>';
  let view;
  try { view = await api.game(id, token); } catch (e) { return showFatal(e); }
  try { G.variant = await api.variant(view.variant); } catch (_) { G.variant = { key: view.variant, title: view.title, pieces: [], files: view.files, ranks: view.ranks }; }
  const known2 = recentGames().find((g) => g.id === id) || {};
  rememberGame({ id, token, title: view.title, variant: view.variant, when: known2.when || Date.now(), vs: known2.vs || `${view.players.white} vs ${view.players.black}` });
  G.info = recentGames().find((g) => g.id === id) || {};
  buildGameLayout(view);
  setView(view);
  connectEvents();
  setInterval(tickClocks, 200);
}

function buildGameLayout(view) {
  document.body.className = 'game-page';
  document.title = `${view.title} — Menagerie`;
  app.innerHTML = `
  <header class="game-head"><a href="/" class="home" aria-label="Start screen">Menagerie</a>
    <h1>${esc(view.title)}</h1><a href="/#rules/${encodeURIComponent(view.variant)}" target="_blank">Rules</a></header>
  <div class="game-layout">
    <div class="board-col" style="--aspect:${view.files / view.ranks}">
      <p class="connection" id="connection" role="alert" hidden>Reconnecting… Nothing reaches the server right now; moves are paused until it is back.</p>
      <div class="player-bar top" id="bar-top"></div>
      <div class="board-row">
        <div class="evalbar" id="evalbar" aria-hidden="true"><div class="evalbar-black"></div><span class="evalbar-text"></span></div>
        <div class="board-wrap" id="board" style="aspect-ratio:${view.files}/${view.ranks}"></div>
      </div>
      <div class="player-bar bottom" id="bar-bottom"></div>
      <div class="actionbar" id="actionbar" aria-live="polite"></div>
      <div class="chooser" id="chooser" role="dialog" aria-modal="false" aria-labelledby="chooser-title" hidden></div>
    </div>
    <aside class="side-col">
      <div class="status" id="status" role="status" aria-live="polite"></div>
      <p class="message" id="message" role="alert"></p>
      <div class="outcome" id="outcome" hidden></div>
      <div class="share" id="share"></div>
      <div class="moves-box">
        <div class="nav" role="group" aria-label="Step through the game">
          <button id="nav-first" aria-label="Start position">|◀</button><button id="nav-prev" aria-label="Previous move">◀</button>
          <button id="nav-next" aria-label="Next move">▶</button><button id="nav-last" aria-label="Current position">▶|</button>
        </div>
        <ol class="movelist" id="movelist" aria-label="Moves"></ol>
      </div>
      <div class="controls" id="controls"></div>
      <form class="typed" id="typed"><label for="typed-move">Type a move</label> <input id="typed-move" autocomplete="off" spellcheck="false" placeholder="e.g. e2e4"> <button type="submit">Play</button></form>
      <div class="analysis" id="analysis"><button id="analyse" type="button">Analyse position</button><div id="analysis-out" aria-live="polite"></div></div>
      <details class="export"><summary>Export / import</summary>
        <label>Position (FEN) <input id="fen-out" readonly></label> <button type="button" id="copy-fen">Copy</button>
        <p><a id="record-link" href="/api/games/${encodeURIComponent(G.id)}/record" download="menagerie-${esc(G.id)}.pgn">Download game record</a> · <button type="button" id="show-record">Show record</button></p>
        <textarea id="record-out" rows="6" readonly hidden aria-label="Game record"></textarea>
        <p><a href="/?variant=${encodeURIComponent(view.variant)}#new">New game from a position…</a></p>
      </details>
      <details class="legend" open><summary>Pieces</summary><div id="legend"></div></details>
    </aside>
  </div>
  <div class="tooltip" id="tooltip" role="tooltip" hidden></div>`;

  G.board = new Board($('#board'), {
    files: view.files, ranks: view.ranks, label: `${view.title} board`,
    onClick: onSquare,
    canDrag: (sq) => isLive() && canAct() && hasOwnActions(sq),
    onDragStart: (sq) => { if (!G.sel || G.sel.sq !== wallLeft(sq)) select({ type: 'sq', sq: wallLeft(sq) }); },
    onDrop: (from, to) => { if (!G.sel || G.sel.sq !== wallLeft(from)) select({ type: 'sq', sq: wallLeft(from) }); onSquare(to, true); },
    onDragCancel: () => renderBoard(),
    onHelp: (sq, x, y) => showHelp(sq, x, y, true),
    onHover: (sq, x, y) => showHelp(sq, x, y, false),
    onHoverEnd: () => { if (!G.helpSticky) hideHelp(); },
  });
  $('#nav-first').onclick = () => gotoPly(0);
  $('#nav-prev').onclick = () => stepPly(-1);
  $('#nav-next').onclick = () => stepPly(1);
  $('#nav-last').onclick = () => gotoPly(null);
  $('#movelist').addEventListener('click', (e) => { const b = e.target.closest('[data-ply]'); if (b) gotoPly(parseInt(b.dataset.ply, 10)); });
  $('#typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const m = $('#typed-move').value.trim();
    if (!m) return;
    const a = (G.view.legal || []).find((x) => x.label === m);
    play(a ? a.text : m).then((ok) => { if (ok) $('#typed-move').value = ''; });
  });
  $('#analyse').onclick = analyse;
  $('#copy-fen').onclick = () => { const i = $('#fen-out'); i.select(); navigator.clipboard && navigator.clipboard.writeText(i.value).catch(() => {}); };
  $('#show-record').onclick = async () => {
    const out = $('#record-out');
    try { out.value = await api.record(G.id); } catch (e) { out.value = e.message; }
    out.hidden = false;
  };
  $('#legend').innerHTML = (G.variant.pieces || []).map((p) => `<details class="legend-item" id="legend-${p.letter}"><summary>${pieceSvg(p.letter, 'white', 30)}${pieceSvg(p.letter, 'black', 30)} <span>${esc(p.name)}</span></summary><p>${esc(p.summary || '')}</p></details>`).join('')
    + `<p class="legend-note">Hover over a piece (or press and hold it) to read its rules. <a href="/#rules/${encodeURIComponent(view.variant)}" target="_blank">Diagrams of every piece</a>.</p>`;
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', (e) => { if (!e.target.closest('#tooltip') && !e.target.closest('.board-svg')) { G.helpSticky = false; hideHelp(); } });
}

// ----- state helpers
const isLive = () => G.ply === null;
const myColors = () => (G.view.you === 'both' ? ['white', 'black'] : G.view.you ? [G.view.you] : []);
const canAct = () => !G.view.outcome && myColors().includes(G.view.turn) && !G.pending && !G.offline;
const legal = () => (isLive() && canAct() ? G.view.legal || [] : []);
const pieceAt = (sq) => G.view.board.find((p) => p.square === sq);
function wallLeft(sq) {
  const p = G.view && pieceAt(sq);
  if (!p || p.letter !== 'L') return sq;
  const s = parseSq(sq);
  if (p.wall === 'right') return sqName(s.f - 1, s.r);
  if (p.wall === 'left') return sq;
  const left = pieceAt(sqName(s.f - 1, s.r));
  const hasMoves = legal().some((a) => a.from === sq);
  return !hasMoves && left && left.letter === 'L' && left.color === p.color ? left.square : sq;
}
const rightOf = (sq) => { const s = parseSq(sq); return s ? sqName(s.f + 1, s.r) : null; };
const isRotate = (a) => a.kind === 'rotate' || /^[a-z]\d+[rl]$/.test(a.text);
const isDrop = (a) => a.kind === 'drop' || a.text.includes('@');
const dropRole = (a) => (a.role || a.text.split('@')[0]).toUpperCase();
const dropFinal = (a) => a.text.split('@')[1];
function dropEntry(a) {
  const fin = dropFinal(a);
  if (a.from) return a.from; // the server names the entry square in `from`
  if (a.push_to && a.to && a.to !== fin) return a.to;
  if (dropRole(a) === 'J') {
    const s = parseSq(fin);
    return sqName(s.f, G.view.turn === 'white' ? 1 : G.view.ranks - 2);
  }
  return fin;
}
const boardActions = (sq) => legal().filter((a) => !isDrop(a) && !isRotate(a) && a.kind !== 'pass' && a.from === sq);
const hasOwnActions = (sq) => { const l = wallLeft(sq); return legal().some((a) => !isDrop(a) && a.from === l); };

function selectionActions() {
  const s = G.sel;
  if (!s) return [];
  if (s.type === 'sq') return boardActions(s.sq);
  if (s.type === 'drop') return legal().filter((a) => isDrop(a) && dropRole(a) === s.role);
  if (s.type === 'push') return s.actions;
  return [];
}

function targets() {
  const s = G.sel;
  if (!s) return [];
  const acts = selectionActions();
  const out = new Map();
  const isWall = s.type === 'sq' && pieceAt(s.sq) && pieceAt(s.sq).letter === 'L';
  for (const a of acts) {
    let sq, kind = (a.captured && a.captured.length) ? 'capture' : 'move';
    if (s.type === 'sq') { sq = a.to; if (a.to === a.from) kind = 'self'; }
    else if (s.type === 'drop') sq = dropEntry(a);
    else sq = dropFinal(a);
    if (!sq) continue;
    const t = out.get(sq) || { square: sq, kind };
    if (kind === 'capture') t.kind = 'capture';
    if (isWall && kind !== 'self') t.wide = rightOf(sq);
    out.set(sq, t);
  }
  return [...out.values()];
}

function select(sel) {
  G.sel = sel;
  closeChooser();
  renderBoard();
  renderActionBar();
}

function candidatesAt(sq) {
  const s = G.sel;
  const acts = selectionActions();
  if (s.type === 'sq') {
    const mine = s.sq === sq || (pieceAt(s.sq) && pieceAt(s.sq).letter === 'L' && rightOf(s.sq) === sq);
    if (mine) return { self: true, list: acts.filter((a) => a.to === a.from) };
    let list = acts.filter((a) => a.to === sq && a.to !== a.from);
    if (!list.length && pieceAt(s.sq) && pieceAt(s.sq).letter === 'L') list = acts.filter((a) => rightOf(a.to) === sq);
    if (!list.length) list = acts.filter((a) => (a.captured || []).includes(sq));
    return { list };
  }
  if (s.type === 'drop') {
    let list = acts.filter((a) => dropEntry(a) === sq);
    if (!list.length) list = acts.filter((a) => dropFinal(a) === sq);
    return { list, drop: true, entry: sq };
  }
  return { list: acts.filter((a) => dropFinal(a) === sq) };
}

function onSquare(sq, fromDrag = false) {
  hideHelp();
  if (!G.view) return;
  if (!isLive()) { gotoPly(null); return; }
  if (G.sel) {
    const c = candidatesAt(sq);
    if (c.self) {
      if (c.list.length) { openChooser('What should this piece do?', c.list); return; }
      if (!fromDrag) { select(null); return; }
    } else if (c.list.length) {
      if (c.drop && G.sel.role === 'J' && new Set(c.list.map(dropFinal)).size > 1 && c.list.every((a) => dropEntry(a) === sq)) {
        select({ type: 'push', role: 'J', entry: sq, actions: c.list });
        openChooser(`Ninja Pawn enters on ${sq}: push it on?`, c.list, (a) => (dropFinal(a) === sq ? `Stay on ${sq}` : `Push to ${dropFinal(a)}`));
        return;
      }
      resolve(c.list);
      return;
    } else if (fromDrag) {
      flash(`${sq} is not a legal destination.`);
      renderBoard();
      return;
    }
  }
  if (canAct() && hasOwnActions(sq)) { select({ type: 'sq', sq: wallLeft(sq) }); return; }
  const p = pieceAt(sq);
  if (canAct() && p && myColors().includes(p.color) && legal().some((a) => isRotate(a) && a.text.startsWith(sq))) { select({ type: 'sq', sq }); return; }
  if (G.sel) select(null);
  else if (p && !canAct() && !G.view.outcome && isLive() && myColors().length) flash(G.offline ? 'Not connected: moves wait until the server is back.' : G.view.engine_thinking ? 'The engine is thinking…' : 'It is not your turn.');
}

function resolve(list) {
  if (list.length === 1) { play(list[0].text); return; }
  const promo = list.every((a) => a.promotion);
  openChooser(promo ? 'Promote to:' : 'Which move?', list, promo ? (a) => `${pieceSvg(a.promotion, G.view.turn, 36)} ${esc(PIECE_NAMES[a.promotion.toUpperCase()] || a.promotion)}` : null);
}

function openChooser(title, list, labelFn) {
  const el = $('#chooser');
  G.chooser = list;
  el.innerHTML = `<h2 id="chooser-title">${esc(title)}</h2><div class="chooser-options">${list
    .map((a, i) => `<button type="button" data-i="${i}" data-move="${esc(a.text)}">${labelFn ? labelFn(a) : actionText(a)}</button>`)
    .join('')}<button type="button" class="cancel" data-cancel>Cancel</button></div>`;
  el.hidden = false;
  el.onclick = (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.hasAttribute('data-cancel')) { select(null); return; }
    const a = list[parseInt(b.dataset.i, 10)];
    closeChooser();
    play(a.text);
  };
  const first = el.querySelector('button');
  if (first) first.focus();
}
function closeChooser() { const el = $('#chooser'); if (el) { el.hidden = true; el.innerHTML = ''; } G.chooser = null; }

function actionText(a) {
  const kinds = { detonate: 'Detonate', castle: 'Castle', drop: 'Drop', rotate: 'Rotate', wound: 'Wound', pass: 'Pass' };
  const lbl = esc(a.label || a.text);
  const k = kinds[a.kind];
  const cap = a.captured && a.captured.length ? ` <small>takes ${a.captured.join(', ')}</small>` : '';
  if (a.kind === 'detonate') return `💥 Detonate <small>(${lbl})</small>${cap}`;
  if (a.kind === 'castle') return `Castle: ${lbl}`;
  if (a.kind === 'normal' || !k) return `${lbl}${cap}`;
  return `${k}: ${lbl}${cap}`;
}

async function play(text) {
  if (G.pending) return false;
  G.pending = true;
  closeChooser();
  flash('');
  try {
    const v = await api.move(G.id, G.token, text);
    G.pending = false;
    G.sel = null;
    if (!setView(v)) renderAll();
    return true;
  } catch (e) {
    G.pending = false;
    if (e.status === 0) { goOffline(); G.sel = null; renderAll(); return false; }
    flash(`Refused: ${e.message}`, true);
    G.sel = null;
    renderBoard();
    renderActionBar();
    return false;
  }
}

function flash(msg, isError = false) {
  const el = $('#message');
  if (!el) return;
  el.textContent = msg;
  el.classList.toggle('is-error', isError);
}

/**
 * Shows `v` if it is at least as new as the view on screen (docs/api.md,
 * `revision`): answers to our own requests, the event stream and the safety
 * poll can arrive in any order, and an older view must never replace a newer
 * one. Returns whether the view was taken.
 */
function setView(v) {
  const prev = G.view;
  if (prev && typeof v.revision === 'number' && typeof prev.revision === 'number' && v.revision < prev.revision) return false;
  if (prev && v.you === null && prev.you && G.token) v.you = prev.you;
  G.view = v;
  G.clockAt = performance.now();
  if (G.flipped === null) G.flipped = v.you === 'black';
  if (G.ply !== null && G.ply > v.moves.length) G.ply = null;
  if (!prev || prev.revision !== v.revision) gameChanged(prev, v);
  renderAll();
  return true;
}

/** Clears or refreshes what describes the game as it was (messages, analysis, the record box). */
function gameChanged(prev, v) {
  if (!prev) return;
  if (prev.moves.length !== v.moves.length) { G.sel = null; closeChooser(); }
  G.analysis = null;
  flash('');
  const rec = document.getElementById('record-out');
  if (rec && !rec.hidden) api.record(G.id).then((t) => { if (G.view && G.view.revision === v.revision) rec.value = t; }).catch(() => {});
}

/** Loads the game as the server has it now (after a reconnection, or as a safety net). */
async function reload() {
  const v = await api.game(G.id, G.token);
  goOnline();
  setView(v);
}

/** The server cannot be reached: say so, stop offering moves, retry until it is back. */
function goOffline() {
  if (G.offline) return;
  G.offline = true;
  G.sel = null;
  closeChooser();
  $('#connection').hidden = false;
  document.body.classList.add('offline');
  renderAll();
  const retry = () => {
    if (!G.offline) return;
    reload().catch(() => setTimeout(retry, 1000));
  };
  setTimeout(retry, 1000);
}

function goOnline() {
  if (!G.offline) return;
  G.offline = false;
  $('#connection').hidden = true;
  document.body.classList.remove('offline');
  if (!G.es || G.es.readyState === 2) openEvents();
  renderAll();
}

function openEvents() {
  let es;
  try { es = api.events(G.id, G.token); } catch (_) { return; }
  G.es = es;
  es.addEventListener('game', (e) => {
    let v;
    try { v = JSON.parse(e.data); } catch (_) { return; }
    goOnline();
    if (G.token && (v.you === null || v.you === undefined || !Array.isArray(v.legal))) {
      api.game(G.id, G.token).then(setView).catch(() => {});
      return;
    }
    setView(v);
  });
  // EventSource reconnects by itself while it can; until then the page says so.
  es.onerror = () => { if (es.readyState !== 1) goOffline(); };
}

function connectEvents() {
  openEvents();
  // A slow poll as a safety net (an event stream that silently stalls).
  setInterval(() => {
    if (!G.view || G.offline || (G.es && G.es.readyState === 1 && !G.view.engine_thinking)) return;
    api.game(G.id, G.token).then(setView).catch((e) => { if (e.status === 0) goOffline(); });
  }, 3000);
}

// ----- rendering
function renderAll() {
  renderBoard();
  renderBars();
  renderActionBar();
  renderStatus();
  renderMoves();
  renderControls();
  renderShare();
  renderAnalysis();
  $('#fen-out').value = currentFen();
}

function currentFen() {
  if (isLive() || G.ply === G.view.moves.length) return G.view.fen;
  if (G.ply === 0) return G.view.start_fen || (G.view.moves[0] ? null : G.view.fen) || G.variant.start_fen;
  return G.view.moves[G.ply - 1].fen_after;
}

function decoratePieces(pieces) {
  const wounds = G.view.variant === 'wounds';
  const names = Object.fromEntries((G.variant.pieces || []).map((p) => [p.letter, p.name]));
  return pieces.map((p) => {
    const q = { ...p, name: p.name || names[p.letter] || PIECE_NAMES[p.letter] };
    if (wounds) {
      const init = initialProngs(p.letter, p.color);
      if (!q.prongs) q.prongs = init;
      q.wounded = q.prongs && init && q.prongs !== init;
    }
    return q;
  });
}

function moveSquares(text) {
  const m = (text || '').match(/[a-z]\d+/g) || [];
  if (text && text.includes('@')) return { from: null, to: m[0] };
  return { from: m[0], to: m[1] || m[0] };
}

function renderBoard() {
  const v = G.view;
  let pieces, lastMove = null, check = [], frozen = [];
  if (isLive()) {
    pieces = decoratePieces(v.board);
    frozen = v.frozen || [];
    if (v.last_move) lastMove = { ...moveSquares(v.last_move.text), ...v.last_move };
    if (v.check && v.variant !== 'wounds') {
      const k = v.board.find((p) => p.letter === 'K' && p.color === v.turn);
      if (k) check = [k.square];
    }
  } else {
    const fen = currentFen();
    const pos = parseFen(fen, { wounds: v.variant === 'wounds' });
    pieces = decoratePieces(pos.pieces);
    if (G.ply > 0) lastMove = moveSquares(v.moves[G.ply - 1].text);
  }
  G.board.render({
    pieces, flipped: G.flipped, lastMove, check, frozen,
    selected: G.sel && G.sel.type === 'sq' ? G.sel.sq : G.sel && G.sel.type === 'push' ? G.sel.entry : null,
    targets: isLive() ? targets() : [],
    dragFrom: null,
  });
  $('#board').classList.toggle('history', !isLive());
}

function pocketsAt() {
  if (isLive()) return G.view.pockets;
  const fen = currentFen();
  return fen ? parseFen(fen).pockets : G.view.pockets;
}

function renderBars() {
  const v = G.view;
  const bottom = G.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of [['#bar-top', top], ['#bar-bottom', bottom]]) {
    const el = $(id);
    const pockets = pocketsAt();
    const pocket = pockets && pockets[color];
    const droppable = new Set(legal().filter(isDrop).map(dropRole));
    let ph = '';
    if (pocket && G.variant.has_pockets !== false) {
      const letters = Object.keys(pocket).filter((l) => pocket[l] > 0);
      ph = `<div class="pocket" role="group" aria-label="${color} pieces in hand">${letters.length ? letters.map((l) => {
        const n = pocket[l];
        const can = color === v.turn && droppable.has(l) && isLive();
        const sel = G.sel && (G.sel.type === 'drop' || G.sel.type === 'push') && G.sel.role === l && color === v.turn;
        return `<button type="button" class="pocket-piece ${sel ? 'selected' : ''}" data-role="${l}" data-color="${color}" ${can && n > 0 ? '' : 'disabled'} aria-label="Drop ${PIECE_NAMES[l] || l} (${n} in hand)" aria-pressed="${sel ? 'true' : 'false'}">${pieceSvg(l, color, 34)}<span class="count">${n}</span></button>`;
      }).join('') : '<span class="empty-pocket">nothing in hand</span>'}</div>`;
    }
    const turn = v.turn === color && !v.outcome;
    const who = (v.players && v.players[color]) || '';
    const isMe = v.you === color;
    el.innerHTML = `<span class="side-dot ${color}" aria-hidden="true"></span><span class="player-name">${sideName(color)}</span> <span class="player-who">${esc(isMe ? 'you' : v.you === 'both' ? '' : who === 'human' ? 'opponent' : who)}</span>${turn ? '<span class="turn-tag">to move</span>' : ''}${ph}<span class="clock ${color}" id="clock-${color}" aria-label="${color} clock"></span>`;
    el.classList.toggle('active', turn);
    el.onclick = (e) => {
      const b = e.target.closest('.pocket-piece');
      if (!b || b.disabled) return;
      const role = b.dataset.role;
      if (G.sel && G.sel.type !== 'sq' && G.sel.role === role) select(null);
      else select({ type: 'drop', role });
      renderBars();
    };
  }
  tickClocks();
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  if (ms < 10000) return `${m}:${String(s % 60).padStart(2, '0')}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

function tickClocks() {
  const v = G.view;
  if (!v) return;
  for (const color of ['white', 'black']) {
    const el = document.getElementById(`clock-${color}`);
    if (!el) continue;
    if (!v.clocks) { el.textContent = ''; el.hidden = true; continue; }
    el.hidden = false;
    let ms = v.clocks[`${color}_ms`];
    const running = v.clocks.running === color && !v.outcome;
    if (running) ms -= performance.now() - G.clockAt;
    el.textContent = fmtClock(ms);
    el.classList.toggle('running', running);
    el.classList.toggle('low', ms < 20000);
  }
}

function renderActionBar() {
  const el = $('#actionbar');
  const parts = [];
  const l = legal();
  if (G.sel && G.sel.type === 'sq') {
    const rot = l.filter((a) => isRotate(a) && (a.from === G.sel.sq || a.text.startsWith(G.sel.sq)) && /^[a-z]\d+[rl]$/.test(a.text) && a.text.slice(0, -1) === G.sel.sq);
    const cw = rot.find((a) => a.text.endsWith('r'));
    const ccw = rot.find((a) => a.text.endsWith('l'));
    if (ccw) parts.push(`<button type="button" class="rotate" data-move="${esc(ccw.text)}" aria-label="Rotate ${G.sel.sq} counter-clockwise">↺ Rotate left</button>`);
    if (cw) parts.push(`<button type="button" class="rotate" data-move="${esc(cw.text)}" aria-label="Rotate ${G.sel.sq} clockwise">↻ Rotate right</button>`);
    const self = boardActions(G.sel.sq).filter((a) => a.to === a.from);
    for (const a of self) parts.push(`<button type="button" class="self-action" data-move="${esc(a.text)}">${actionText(a)}</button>`);
  }
  const pass = l.find((a) => a.kind === 'pass' || a.text === '0000');
  if (pass) parts.push(`<button type="button" data-move="${esc(pass.text)}">Pass (no other action)</button>`);
  if (G.sel && G.sel.type === 'drop') parts.push(`<span class="hint">Choose a square for the ${esc(PIECE_NAMES[G.sel.role] || G.sel.role)}.</span>`);
  if (G.sel && G.sel.type === 'push') parts.push(`<span class="hint">Click where the Ninja Pawn ends (${esc(G.sel.entry)} = no push).</span>`);
  if (G.sel) parts.push('<button type="button" class="small" data-deselect>Cancel</button>');
  else if (!parts.length && canAct() && isLive() && G.view.moves.length < 2) parts.push(`<span class="hint">Click or drag a piece to see where it can go${G.view.pockets && Object.values(G.view.pockets[G.view.turn] || {}).some((n) => n > 0) ? '; click a piece in hand to drop it' : ''}. Hover over (or press and hold) a piece to read its rules.</span>`);
  el.innerHTML = parts.join(' ');
  el.onclick = (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.hasAttribute('data-deselect')) { select(null); renderBars(); return; }
    if (b.dataset.move) play(b.dataset.move);
  };
}

function sideName(c) { return c === 'white' ? 'White' : 'Black'; }

function renderStatus() {
  const v = G.view;
  const st = $('#status');
  let msg;
  if (v.outcome) msg = 'Game over.';
  else if (G.offline) msg = 'Reconnecting…';
  else if (!isLive()) msg = `Viewing move ${G.ply} of ${v.moves.length} — press → or ▶| to return.`;
  else if (v.engine_thinking) msg = 'The engine is thinking…';
  else if (myColors().includes(v.turn)) msg = v.you === 'both' ? `${sideName(v.turn)} to move.` : 'Your move.';
  else if (v.you) msg = `Waiting for ${sideName(v.turn)}…`;
  else msg = `${sideName(v.turn)} to move (you are watching).`;
  if (v.check && !v.outcome && v.variant !== 'wounds') msg = `Check! ${msg}`;
  st.textContent = msg;
  const out = $('#outcome');
  if (v.outcome) {
    const o = v.outcome;
    const who = o.winner ? `${sideName(o.winner)} wins` : 'Draw';
    out.hidden = false;
    out.innerHTML = `<strong>${esc(o.result)}</strong> — ${who} by ${esc(String(o.reason).replace(/_/g, ' '))}.`;
  } else out.hidden = true;
}

function renderMoves() {
  const v = G.view;
  const ol = $('#movelist');
  const cur = isLive() ? v.moves.length : G.ply;
  let h = '';
  v.moves.forEach((m, i) => {
    let mover = 'white', num = Math.floor(i / 2) + 1;
    try {
      const f = m.fen_after.split(/\s+/);
      mover = f[1] === 'w' ? 'black' : 'white';
      const full = parseInt(f[5], 10);
      num = mover === 'white' ? full : full - 1;
    } catch (_) { /* keep defaults */ }
    const numTxt = mover === 'white' ? `${num}.` : i === 0 ? `${num}…` : '';
    h += `<li class="${mover}">${numTxt ? `<span class="num">${numTxt}</span>` : ''}<button type="button" data-ply="${i + 1}" class="${i + 1 === cur ? 'current' : ''}" aria-current="${i + 1 === cur ? 'true' : 'false'}" title="${esc(m.text)}">${esc(m.label || m.text)}</button></li>`;
  });
  ol.innerHTML = h || '<li class="none">No moves yet.</li>';
  const curEl = ol.querySelector('.current');
  if (curEl) curEl.scrollIntoView({ block: 'nearest' });
}

function renderControls() {
  const v = G.view;
  const el = $('#controls');
  const mine = myColors();
  const vsEngine = v.players && Object.values(v.players).some((p) => /engine/i.test(p));
  const parts = ['<button type="button" data-c="flip" aria-label="Flip the board">⇅ Flip</button>'];
  if (!v.outcome && mine.length) {
    if (v.can_undo !== undefined ? v.can_undo : (vsEngine || v.you === 'both')) parts.push(`<button type="button" data-c="undo" ${v.moves.length ? '' : 'disabled'}>↶ Undo</button>`);
    const other = v.draw_offer && !mine.includes(v.draw_offer);
    const localOffer = v.you === 'both' && v.draw_offer && v.draw_offer !== v.turn;
    if ((other || localOffer)) parts.push('<button type="button" data-c="accept">Accept draw</button><button type="button" data-c="decline">Decline draw</button>');
    else if (v.draw_offer) parts.push('<button type="button" disabled>Draw offered</button>');
    else parts.push('<button type="button" data-c="offer">½ Offer draw</button>');
    parts.push('<button type="button" data-c="resign">⚐ Resign</button>');
  }
  parts.push('<a class="button" href="/">New game</a>');
  el.innerHTML = parts.join(' ');
  if (G.offline) for (const b of el.querySelectorAll('button[data-c]:not([data-c="flip"])')) b.disabled = true;
  if (v.draw_offer && !v.outcome) el.insertAdjacentHTML('afterbegin', `<p class="draw-note">${sideName(v.draw_offer)} offers a draw.</p>`);
  el.onclick = async (e) => {
    const b = e.target.closest('[data-c]');
    if (!b) return;
    const c = b.dataset.c;
    try {
      if (c === 'flip') { G.flipped = !G.flipped; renderBoard(); renderBars(); return; }
      if (c === 'undo') setView(await api.undo(G.id, G.token));
      if (c === 'resign') { if (!confirmAction('Resign this game?')) return; setView(await api.resign(G.id, G.token)); }
      if (c === 'offer') setView(await api.draw(G.id, G.token, 'offer'));
      if (c === 'accept') setView(await api.draw(G.id, G.token, 'accept'));
      if (c === 'decline') setView(await api.draw(G.id, G.token, 'decline'));
    } catch (err) {
      if (err.status === 0) goOffline();
      else flash(err.message, true);
    }
  };
}
function confirmAction(q) { return window.__menagerieNoConfirm || window.confirm(q); }

function renderShare() {
  const el = $('#share');
  const info = G.info || {};
  if (info.share && !G.view.outcome) {
    const url = new URL(info.share, location.href).href;
    el.innerHTML = `<p>Send this link to your friend (they play ${G.view.you === 'white' ? 'Black' : 'White'}):</p><div class="linkrow"><input readonly value="${esc(url)}" id="invite-link" aria-label="Invitation link"><button type="button" id="copy-invite">Copy</button></div>`;
    $('#copy-invite').onclick = () => { $('#invite-link').select(); navigator.clipboard && navigator.clipboard.writeText(url).catch(() => {}); };
    if (info.watch) el.insertAdjacentHTML('beforeend', `<p class="small">Spectators: <a href="${esc(info.watch)}" target="_blank">${esc(new URL(info.watch, location.href).href)}</a></p>`);
  } else el.innerHTML = '';
}

function renderAnalysis() {
  const out = $('#analysis-out');
  const bar = $('#evalbar');
  const a = G.analysis;
  if (!a) { out.innerHTML = ''; bar.classList.remove('on'); return; }
  if (a.error) { out.innerHTML = `<p class="error">${esc(a.error)}</p>`; return; }
  if (a.loading) { out.innerHTML = '<p class="loading">Thinking…</p>'; return; }
  const sc = a.score || {};
  // scores are from the side to move's point of view; the bar shows White's.
  const sign = a.turn === 'white' ? 1 : -1;
  let frac, txt;
  if (sc.mate !== undefined && sc.mate !== null) {
    const m = sc.mate * sign;
    frac = m > 0 ? 1 : 0;
    txt = `#${m > 0 ? '' : '-'}${Math.abs(sc.mate)}`;
  } else {
    const cp = (sc.cp || 0) * sign;
    frac = 0.5 + 0.5 * Math.tanh(cp / 600);
    txt = `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
  }
  bar.classList.add('on');
  bar.querySelector('.evalbar-black').style.height = `${(1 - frac) * 100}%`;
  bar.querySelector('.evalbar-text').textContent = txt;
  out.innerHTML = `<p><strong>${txt}</strong> <small>(White's view; depth ${a.depth ?? '?'}, ${(a.nodes ?? 0).toLocaleString()} nodes)</small></p>
    <p>Best line: ${esc((a.labels && a.labels.length ? a.labels : a.best || []).join(' '))}</p>`;
}

async function analyse() {
  const ply = isLive() ? G.view.moves.length : G.ply;
  const fen = currentFen();
  const turn = fen ? (fen.split(/\s+/)[1] === 'b' ? 'black' : 'white') : G.view.turn;
  G.analysis = { loading: true };
  renderAnalysis();
  try {
    const r = await api.analysis(G.id, G.token, { ply, movetime_ms: 1000 });
    G.analysis = { ...r, turn };
  } catch (e) {
    G.analysis = { error: e.message };
  }
  renderAnalysis();
}

function gotoPly(p) {
  if (!G.view) return;
  const n = G.view.moves.length;
  if (p !== null && (p >= n)) p = null;
  if (p !== null && p < 0) p = 0;
  G.ply = p;
  G.sel = null;
  closeChooser();
  renderAll();
}
function stepPly(d) {
  const n = G.view.moves.length;
  const cur = isLive() ? n : G.ply;
  gotoPly(Math.max(0, Math.min(n, cur + d)));
}

function onKey(e) {
  const t = e.target;
  if (t && (t.closest('input, textarea, select') || t.isContentEditable)) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') { e.preventDefault(); stepPly(-1); }
  else if (e.key === 'ArrowRight') { e.preventDefault(); stepPly(1); }
  else if (e.key === 'Home') { e.preventDefault(); gotoPly(0); }
  else if (e.key === 'End') { e.preventDefault(); gotoPly(null); }
  else if (e.key === 'Escape') { select(null); hideHelp(); renderBars(); }
  else if (e.key === 'f') { G.flipped = !G.flipped; renderBoard(); renderBars(); }
}

// ----- hover / long-press help
function showHelp(sq, x, y, sticky) {
  const v = G.view;
  const pieces = isLive() ? v.board : parseFen(currentFen(), {}).pieces;
  const p = pieces.find((q) => q.square === sq);
  if (!p) return;
  const info = (G.variant.pieces || []).find((q) => q.letter === p.letter) || { name: PIECE_NAMES[p.letter], summary: '' };
  const tip = $('#tooltip');
  let extra = '';
  if (p.prongs) extra += `<p class="small">Prongs (N NE E SE S SW W NW): <code>${esc(p.prongs)}</code></p>`;
  if ((v.frozen || []).includes(sq) && isLive()) extra += '<p class="small">❄ Frozen: it cannot move, capture or give check.</p>';
  tip.innerHTML = `<h3>${pieceSvg(p.letter, p.color, 32)} ${esc(sideName(p.color))} ${esc(info.name)} <small>on ${sq}</small></h3><p>${esc(info.summary)}</p>${extra}`;
  tip.hidden = false;
  const w = Math.min(340, window.innerWidth - 16);
  tip.style.width = `${w}px`;
  tip.style.left = `${Math.max(8, Math.min(window.innerWidth - w - 8, x + 14))}px`;
  tip.style.top = `${Math.max(8, Math.min(window.innerHeight - tip.offsetHeight - 8, y + 14))}px`;
  G.helpSticky = sticky;
}
function hideHelp() { const t = $('#tooltip'); if (t) t.hidden = true; }

route();
