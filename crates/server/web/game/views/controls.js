// The game's buttons (flip, undo, draw, resign, new game) and the box with
// the invitation link of a game over a link.

import { api } from '../../api.js';
import { esc, rememberGame } from '../../dom.js';
import { flash, flip, goOffline, setView } from '../controller.js';
import { G, myColors, sideName } from '../state.js';

/** @param {string} q */
function confirmAction(q) {
  return /** @type {{ __menagerieNoConfirm?: boolean }} */ (/** @type {unknown} */ (window)).__menagerieNoConfirm || window.confirm(q);
}

/** The markup the controls were last drawn with. */
let drawn = '';

/** Draws the game's buttons. */
export function renderControls() {
  const v = G.view;
  const el = document.getElementById('controls');
  if (!el) return;
  const mine = myColors();
  const parts = ['<button type="button" data-c="flip" aria-label="Flip the board">⇅ Flip</button>'];
  // only what the server would do: a move of one's own to take back, moves only for players
  const typed = document.getElementById('typed');
  if (typed) typed.hidden = !!v.outcome || !mine.length;
  if (!v.outcome && mine.length) {
    const ownMove = v.moves.some((m) => mine.includes(m.color));
    if (v.can_undo) parts.push(`<button type="button" data-c="undo" ${ownMove ? '' : 'disabled'}>↶ Undo</button>`);
    const other = v.draw_offer && !mine.includes(v.draw_offer);
    const localOffer = v.you === 'both' && v.draw_offer && v.draw_offer !== v.turn;
    if (other || localOffer) parts.push('<button type="button" data-c="accept">Accept draw</button><button type="button" data-c="decline">Decline draw</button>');
    else if (v.draw_offer) parts.push('<button type="button" disabled>Draw offered</button>');
    else parts.push('<button type="button" data-c="offer">½ Offer draw</button>');
    parts.push('<button type="button" data-c="resign">⚐ Resign</button>');
  }
  if (v.outcome && mine.length) parts.push(rematchButton(v));
  parts.push('<a class="button" href="/">New game</a>');
  const notes = [];
  const r = v.rematch;
  if (r && r.game && !r.link) notes.push(`<p class="draw-note">A rematch has started: <a href="/play/${encodeURIComponent(r.game)}">watch it</a>.</p>`);
  if (r && r.offered_by && !mine.includes(r.offered_by)) notes.push(`<p class="draw-note" id="rematch-note">${sideName(r.offered_by)} offers a rematch.</p>`);
  if (v.draw_offer && !v.outcome) notes.push(`<p class="draw-note">${sideName(v.draw_offer)} offers a draw.</p>`);
  let html = notes.join('') + parts.join(' ');
  if (G.offline) html = html.replace(/<button ([^>]*?)data-c="(?!flip")/g, '<button disabled $1data-c="');
  // the same controls are not drawn again: a click landing while they were replaced would be lost
  if (html !== drawn || el.childElementCount === 0) { el.innerHTML = html; drawn = html; }
  followRematch(v);
  el.onclick = (e) => {
    const b = e.target instanceof Element ? /** @type {HTMLElement | null} */ (e.target.closest('[data-c]')) : null;
    if (b) control(b.dataset.c || '');
  };
}

/**
 * The rematch button of a finished game: offer, offered, accept, or play again.
 * @param {import('../../types.js').GameView} v
 */
function rematchButton(v) {
  const r = v.rematch;
  if (v.can_undo) return '<button type="button" data-c="rematch">↻ Play again</button>';
  if (r && r.offered_by && myColors().includes(r.offered_by)) return '<button type="button" disabled>Rematch offered</button>';
  if (r && r.offered_by) return '<button type="button" class="primary" data-c="rematch">Accept rematch</button>';
  return '<button type="button" data-c="rematch">↻ Rematch</button>';
}

/** The rematch link this page is on its way to, if any. */
let following = '';

/**
 * Opens the rematch once it has started (both players are sent there).
 * @param {import('../../types.js').GameView} v
 */
function followRematch(v) {
  const r = v.rematch;
  if (!r || !r.game || !r.link || following) return;
  following = r.link; // the answer and the event stream both bring it: go once
  const token = new URL(r.link, location.href).searchParams.get('seat');
  rememberGame({ id: r.game, token, title: v.title, variant: v.variant, when: Date.now(), vs: 'rematch' });
  location.href = `/play/${encodeURIComponent(r.game)}`;
}

/**
 * Runs one of the game's buttons.
 * @param {string} c
 */
async function control(c) {
  try {
    if (c === 'flip') { flip(); return; }
    if (c === 'undo') setView(await api.undo(G.id, G.token));
    if (c === 'resign') { if (!confirmAction('Resign this game?')) return; setView(await api.resign(G.id, G.token)); }
    if (c === 'offer' || c === 'accept' || c === 'decline') setView(await api.draw(G.id, G.token, c));
    if (c === 'rematch') setView(await api.rematch(G.id, G.token));
  } catch (err) {
    if (err && /** @type {{ status?: number }} */ (err).status === 0) goOffline();
    else flash(err instanceof Error ? err.message : String(err), true);
  }
}

/**
 * Draws the invitation box of a game over a link for the holder of its
 * creator's seat while the invitation is not claimed: the links come with
 * the game's view (any browser), the invitation's only until the friend
 * has opened it.
 */
export function renderShare() {
  const el = document.getElementById('share');
  if (!el) return;
  const links = G.view.links;
  const other = G.view.you === 'white' ? 'black' : 'white';
  const share = links && links[other];
  const watch = links && links.watch;
  if (!share || G.view.outcome) { el.innerHTML = ''; return; }
  const url = new URL(share, location.href).href;
  el.innerHTML = `<p>Send this link to your friend (they play ${G.view.you === 'white' ? 'Black' : 'White'}):</p><div class="linkrow"><input readonly value="${esc(url)}" id="invite-link" aria-label="Invitation link"><button type="button" id="copy-invite">Copy</button></div>`;
  const copy = document.getElementById('copy-invite');
  const link = /** @type {HTMLInputElement | null} */ (document.getElementById('invite-link'));
  if (copy && link) copy.onclick = () => { link.select(); if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {}); };
  if (watch) el.insertAdjacentHTML('beforeend', `<p class="small">Spectators: <a href="${esc(watch)}" target="_blank" id="watch-link">${esc(new URL(watch, location.href).href)}</a></p>`);
}
