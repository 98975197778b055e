// Who this browser is in the lobby: a random player key (no account, no
// password) and a display name, both kept in the browser; and the seat
// tokens of the challenges it opened, kept until they become games.

import { store } from './dom.js';

const KEY = 'menagerie.player';
const NAME = 'menagerie.name';
const OPENED = 'menagerie.challenges';

/** @returns {string} 32 random hex digits. */
function randomKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's player key, made on the first visit.
 * @returns {string}
 */
export function playerKey() {
  let k = store.get(KEY, '');
  if (typeof k !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(k)) {
    k = randomKey();
    store.set(KEY, k);
  }
  return k;
}

/** @returns {string} The display name chosen here ('' before one is). */
export const playerName = () => {
  const n = store.get(NAME, '');
  return typeof n === 'string' ? n : '';
};

/** @param {string} name */
export const setPlayerName = (name) => store.set(NAME, name.trim());

/**
 * The characters refused in a name a player gives (a display name, a setup's
 * name): control characters and those that are invisible or turn the text's
 * direction, as the server's `lobby::is_refused_in_name`.
 */
// eslint-disable-next-line no-control-regex
export const REFUSED_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/**
 * What is wrong with a display name ('' if nothing), as the server checks it.
 * @param {string} name
 */
export function nameProblem(name) {
  const n = [...name.trim()];
  if (!n.length || n.length > 24) return 'Choose a name of 1 to 24 characters first.';
  if (REFUSED_IN_NAME.test(name)) return 'A name may not hold control, direction or invisible characters.';
  if (RESERVED.some((p) => name.trim().toLowerCase().startsWith(p))) return 'A name may not begin with “engine”, “menagerie”, “admin”, “moderator”, “staff” or “system”.';
  return '';
}

/** The beginnings a name may not have (the server's `RESERVED_NAME_PREFIXES`). */
const RESERVED = ['engine', 'menagerie', 'admin', 'moderator', 'staff', 'system'];

/** @returns {Record<string, string>} Seat tokens by challenge id. */
export const openedChallenges = () => store.get(OPENED, /** @type {Record<string, string>} */ ({}));

/**
 * Keeps (or, with `null`, forgets) the seat token of a challenge opened here.
 * @param {string} id
 * @param {string | null} token
 */
export function keepChallenge(id, token) {
  const all = openedChallenges();
  if (token) all[id] = token; else delete all[id];
  store.set(OPENED, all);
}
