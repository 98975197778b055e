// Small helpers shared by the page's modules: element lookup, HTML escaping
// and what the browser remembers (recent games, saved setups).

import { escapeHtml } from './rules.js';

/** The page's root element. */
export const app = /** @type {HTMLElement} */ (document.getElementById('app'));

/** Escapes text for HTML. */
export const esc = escapeHtml;

/**
 * The element matching `sel` (which the page has drawn; missing is a bug).
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function $(sel, root = document) {
  const el = root.querySelector(sel);
  if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) throw new Error(`page element ${sel} missing`);
  return /** @type {HTMLElement} */ (el);
}

/**
 * The input element matching `sel`.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLInputElement}
 */
export const input = (sel, root = document) => /** @type {HTMLInputElement} */ ($(sel, root));

/**
 * The closest element matching `sel` from an event's target.
 * @param {Event} e
 * @param {string} sel
 * @returns {HTMLElement | null}
 */
export function closest(e, sel) {
  const t = e.target;
  return t instanceof Element ? /** @type {HTMLElement | null} */ (t.closest(sel)) : null;
}

/** What the browser keeps between visits (nothing breaks in private mode). */
export const store = {
  /**
   * @template T
   * @param {string} key
   * @param {T} dflt
   * @returns {T}
   */
  get(key, dflt) { try { return JSON.parse(localStorage.getItem(key) || 'null') ?? dflt; } catch { return dflt; } },
  /**
   * @param {string} key
   * @param {unknown} v
   */
  set(key, v) { try { localStorage.setItem(key, JSON.stringify(v)); } catch { /* private mode */ } },
};

/**
 * A game this browser has opened.
 * @typedef {object} RecentGame
 * @property {string} id
 * @property {string | null} [token]
 * @property {string} [title]
 * @property {string} [variant]
 * @property {number} [when]
 * @property {string} [vs]
 * @property {string | null} [watch]
 */

/** @returns {RecentGame[]} */
export const recentGames = () => store.get('menagerie.games', /** @type {RecentGame[]} */ ([]));

/** @param {RecentGame} entry */
export function rememberGame(entry) {
  const list = recentGames().filter((g) => g.id !== entry.id);
  /** @type {RecentGame & { share?: unknown }} */
  const merged = { ...(recentGames().find((g) => g.id === entry.id) || {}), ...entry };
  delete merged.share; // older pages kept the other seat's link here
  list.unshift(merged);
  store.set('menagerie.games', list.slice(0, 20));
}

/** @returns {Record<string, string>} setup specs by name */
export const savedSetups = () => store.get('menagerie.setups', /** @type {Record<string, string>} */ ({}));

/**
 * Shows an error in place of the page.
 * @param {unknown} e
 */
export function showFatal(e) {
  const msg = e instanceof Error ? e.message : String(e);
  app.innerHTML = `<p class="error" role="alert">${esc(msg)}</p><p><a href="/">Start screen</a></p>`;
}

/**
 * Gives the board column and the board the shape of a board of `files` by
 * `ranks`. Set through the CSSOM, not a `style="..."` attribute, which the
 * page's Content-Security-Policy refuses.
 * @param {number} files
 * @param {number} ranks
 */
export function shapeBoard(files, ranks) {
  $('.board-col').style.setProperty('--aspect', String(files / ranks));
  $('#board').style.aspectRatio = `${files}/${ranks}`;
}
