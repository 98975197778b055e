// Opening a game just created, and importing a game record as a game for two
// players at one screen.

import { api } from '../api.js';
import { rememberGame } from '../dom.js';

/** @typedef {import('../types.js').Created} Created */

/**
 * Remembers the new game (its seat token too) in this browser and opens it
 * by its plain address: the token stays out of the address bar.
 * @param {Created} res
 * @param {string} opp `engine`, `local` or `link`
 */
export function openCreatedGame(res, opp) {
  const g = res.game;
  const other = res.seat === 'white' ? 'black' : 'white';
  rememberGame({
    id: res.id, token: res.token, title: g.title, variant: g.variant, when: Date.now(),
    vs: opp === 'engine' ? g.players[other] : opp === 'local' ? 'two players here' : 'friend over a link',
    watch: res.links && res.links.watch,
  });
  location.href = `/play/${encodeURIComponent(res.id)}`;
}

/**
 * Reads a game record (PGN dialect) or a plain list of moves.
 * @param {string} text
 * @returns {{ headers: Record<string, string>, moves: string[] }}
 */
export function parseRecord(text) {
  /** @type {Record<string, string>} */
  const headers = {};
  const body = text.replace(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm, (_, k, v) => { headers[k.toLowerCase()] = v; return ''; });
  const tokens = body
    .replace(/\{[^}]*\}/g, ' ').replace(/\([^)]*\)/g, ' ').replace(/;[^\n]*/g, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, ''))
    .filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*|\d+\.+)$/.test(t));
  return { headers, moves: tokens };
}

/**
 * Replays a record as a new game at one screen, then opens it.
 * @param {string} defaultVariant
 * @param {string} text
 * @param {HTMLElement} errEl
 */
export async function importGame(defaultVariant, text, errEl) {
  errEl.textContent = '';
  const { headers, moves } = parseRecord(text);
  const variant = headers.variant || defaultVariant;
  /** @type {{ variant: string, opponent: { kind: string }, fen?: string }} */
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
        errEl.textContent = `Move ${i + 1} (${m}): ${e instanceof Error ? e.message : e}`;
        break;
      }
    }
    openCreatedGame(res, 'local');
  } catch (e) {
    errEl.textContent = e instanceof Error ? e.message : String(e);
  }
}
