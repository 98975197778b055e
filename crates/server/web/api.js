// Thin client for the JSON API of `menagerie serve` (docs/api.md).

import { openSse } from './sse.js';

/** @typedef {import('./types.js').GameView} GameView */
/** @typedef {import('./types.js').VariantInfo} VariantInfo */
/** @typedef {import('./types.js').Created} Created */
/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').PositionView} PositionView */
/** @typedef {import('./types.js').SavedSetup} SavedSetup */

/** An error answer of the API (status 0: the server could not be reached). */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string | undefined} code
   * @param {string} [message]
   */
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, token?: string | null }} [opts]
 * @returns {Promise<any>}
 */
async function request(method, path, { body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', `Cannot reach the server (${e instanceof Error ? e.message : e}).`);
  }
  const text = await res.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && (data.message || data.error)) || text || res.statusText;
    throw new ApiError(res.status, data && data.error, msg);
  }
  return data === null ? text : data;
}

const enc = encodeURIComponent;
/** @type {Map<string, Promise<VariantInfo>>} */
const variantCache = new Map();

/** @typedef {string | null} Token */

export const api = {
  /** @returns {Promise<VariantInfo[]>} */
  variants: () => request('GET', '/api/variants'),
  /** @returns {Promise<import('./types.js').CataloguePiece[]>} */
  pieces: () => request('GET', '/api/pieces'),
  /** @returns {Promise<import('./types.js').LevelInfo[]>} */
  levels: () => request('GET', '/api/levels'),
  /**
   * @param {string} key
   * @returns {Promise<VariantInfo>}
   */
  variant(key) {
    let p = variantCache.get(key);
    if (!p) {
      p = request('GET', `/api/variants/${enc(key)}`).catch((e) => { variantCache.delete(key); throw e; });
      variantCache.set(key, p);
    }
    return p;
  },
  /**
   * @param {object} body
   * @returns {Promise<Created>}
   */
  createGame: (body) => request('POST', '/api/games', { body }),
  /**
   * Trades an invitation's claim ticket for its seat, once (`POST /api/games/{id}/claim`).
   * @param {string} id
   * @param {string} ticket
   * @returns {Promise<import('./types.js').Claimed>}
   */
  claim: (id, ticket) => request('POST', `/api/games/${enc(id)}/claim`, { body: { ticket } }),
  /**
   * @param {string} id
   * @param {Token} token
   * @returns {Promise<GameView>}
   */
  game: (id, token) => request('GET', `/api/games/${enc(id)}`, { token }),
  /**
   * @param {string} id
   * @param {number} ply
   * @returns {Promise<PositionView>}
   */
  ply: (id, ply) => request('GET', `/api/games/${enc(id)}/plies/${ply}`),
  /**
   * Every position of the game, ply 0 to the current one.
   * @param {string} id
   * @returns {Promise<PositionView[]>}
   */
  plies: (id) => request('GET', `/api/games/${enc(id)}/plies`),
  /**
   * @param {string} id
   * @param {Token} token
   * @param {string} move
   * @returns {Promise<GameView>}
   */
  move: (id, token, move) => request('POST', `/api/games/${enc(id)}/moves`, { token, body: { move } }),
  /**
   * @param {string} id
   * @param {Token} token
   * @returns {Promise<GameView>}
   */
  undo: (id, token) => request('POST', `/api/games/${enc(id)}/undo`, { token, body: {} }),
  /**
   * @param {string} id
   * @param {Token} token
   * @returns {Promise<GameView>}
   */
  resign: (id, token) => request('POST', `/api/games/${enc(id)}/resign`, { token, body: {} }),
  /**
   * @param {string} id
   * @param {Token} token
   * @param {'offer' | 'accept' | 'decline'} action
   * @returns {Promise<GameView>}
   */
  draw: (id, token, action) => request('POST', `/api/games/${enc(id)}/draw`, { token, body: { action } }),
  /**
   * Offers, accepts or starts a rematch of a finished game.
   * @param {string} id
   * @param {Token} token
   * @returns {Promise<GameView>}
   */
  rematch: (id, token) => request('POST', `/api/games/${enc(id)}/rematch`, { token, body: {} }),
  /**
   * @param {string} id
   * @param {Token} token
   * @param {{ ply: number, movetime_ms: number }} body
   * @returns {Promise<Analysis>}
   */
  analysis: (id, token, body) => request('POST', `/api/games/${enc(id)}/analysis`, { token, body }),
  /**
   * The game record as text.
   * @param {string} id
   * @returns {Promise<string>}
   */
  record: async (id) => {
    const res = await fetch(`/api/games/${enc(id)}/record`);
    const text = await res.text();
    if (!res.ok) {
      let msg = text;
      try { msg = JSON.parse(text).message || msg; } catch { /* plain text */ }
      throw new ApiError(res.status, 'record', msg);
    }
    return text;
  },
  /**
   * The game's review as far as it goes.
   * @param {string} id
   * @returns {Promise<import('./types.js').ReviewView>}
   */
  review: (id) => request('GET', `/api/games/${enc(id)}/review`),
  /**
   * Starts (or joins) the game's review.
   * @param {string} id
   * @param {Token} token
   * @returns {Promise<import('./types.js').ReviewView>}
   */
  startReview: (id, token) => request('POST', `/api/games/${enc(id)}/review`, { token }),
  /**
   * A position not tied to a game, with its legal actions (`POST /api/positions`).
   * @param {{ variant: string, options?: Record<string, boolean>, fen?: string, moves?: string[] }} body
   * @returns {Promise<{ fen: string, legal: import('./types.js').LegalAction[] }>}
   */
  positionActions: (body) => request('POST', '/api/positions', { body }),
  /**
   * The setups this player key saved (`GET /api/setups?player=`).
   * @param {string} player
   * @returns {Promise<SavedSetup[]>}
   */
  setups: (player) => request('GET', `/api/setups?player=${enc(player)}`),
  /**
   * @param {string} player
   * @param {string} name
   * @param {string} spec
   */
  saveSetup: (player, name, spec) => request('POST', '/api/setups', { body: { player, name, spec } }),
  /**
   * @param {string} player
   * @param {string} name
   */
  deleteSetup: (player, name) => request('DELETE', `/api/setups/${enc(name)}?player=${enc(player)}`),
  /**
   * Opens a challenge in the lobby (`POST /api/challenges`).
   * @param {object} body
   * @returns {Promise<import('./types.js').ChallengeCreated>}
   */
  createChallenge: (body) => request('POST', '/api/challenges', { body }),
  /**
   * @param {string} id
   * @param {string} player
   * @param {string} name
   * @returns {Promise<Created>}
   */
  acceptChallenge: (id, player, name) => request('POST', `/api/challenges/${enc(id)}/accept`, { body: { player, name } }),
  /**
   * @param {string} id
   * @param {string} player
   * @returns {Promise<import('./types.js').Challenge>}
   */
  cancelChallenge: (id, player) => request('POST', `/api/challenges/${enc(id)}/cancel`, { body: { player } }),
  /**
   * @param {string} id
   * @param {string} player
   * @returns {Promise<import('./types.js').Challenge>}
   */
  challenge: (id, player) => request('GET', `/api/challenges/${enc(id)}?player=${enc(player)}`),
  /**
   * Public games in progress, newest first (`GET /api/games`).
   * @returns {Promise<{ games: import('./types.js').WatchGame[], offset: number, next: number }>}
   */
  watchable: () => request('GET', '/api/games?limit=20'),
  /**
   * The lobby's event stream (`challenges`, `accepted`).
   * @param {string} player
   */
  lobbyEvents: (player) => new EventSource(`/api/lobby/events?player=${enc(player)}`),
  /**
   * The game's event stream.
   * @param {string} id
   * @param {Token} token
   */
  events: (id, token) => new EventSource(`/api/games/${enc(id)}/events${token ? `?seat=${enc(token)}` : ''}`),
};

// --- the analysis board (docs/api.md, "Analysis board") ---

/**
 * The analysis board's requests: positions not tied to a game and the
 * engine's stream of lines.
 */
export const boardApi = {
  /**
   * The position after `moves` from `fen`, with its legal actions.
   * @param {import('./types.js').PositionRequest} body
   * @returns {Promise<import('./types.js').BoardPosition>}
   */
  position: (body) => request('POST', '/api/positions', { body }),
  /**
   * The first game of a record as a tree of moves and side lines.
   * @param {string} text
   * @returns {Promise<import('./types.js').RecordTree>}
   */
  readRecord: (text) => request('POST', '/api/records/read', { body: { text } }),
  /**
   * A record of a tree of moves and side lines.
   * @param {import('./types.js').WriteRecord} body
   * @returns {Promise<{ text: string }>}
   */
  writeRecord: (body) => request('POST', '/api/records/write', { body }),
  /**
   * The engine's lines for a position, as they deepen (`info`, then `done`).
   * @param {import('./types.js').AnalysisQuery} query
   * @param {import('./sse.js').SseHandlers} handlers
   * @returns {import('./sse.js').SseHandle}
   */
  analysisStream(query, handlers) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
    return openSse(`/api/analysis/stream?${q}`, handlers);
  },
};
