// Thin client for the JSON API of `menagerie serve` (docs/api.md).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Seat-Token'] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', `Cannot reach the server (${e.message}).`);
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!res.ok) {
    const msg = (data && (data.message || data.error)) || text || res.statusText;
    throw new ApiError(res.status, data && data.error, msg);
  }
  return data === null ? text : data;
}

const enc = encodeURIComponent;
const variantCache = new Map();

export const api = {
  variants: () => request('GET', '/api/variants'),
  async variant(key) {
    if (!variantCache.has(key)) variantCache.set(key, request('GET', `/api/variants/${enc(key)}`).catch((e) => { variantCache.delete(key); throw e; }));
    return variantCache.get(key);
  },
  createGame: (body) => request('POST', '/api/games', { body }),
  game: (id, token) => request('GET', `/api/games/${enc(id)}`, { token }),
  move: (id, token, move) => request('POST', `/api/games/${enc(id)}/moves`, { token, body: { move } }),
  undo: (id, token) => request('POST', `/api/games/${enc(id)}/undo`, { token, body: {} }),
  resign: (id, token) => request('POST', `/api/games/${enc(id)}/resign`, { token, body: {} }),
  draw: (id, token, action) => request('POST', `/api/games/${enc(id)}/draw`, { token, body: { action } }),
  analysis: (id, token, body) => request('POST', `/api/games/${enc(id)}/analysis`, { token, body }),
  record: async (id) => {
    const res = await fetch(`/api/games/${enc(id)}/record`);
    const text = await res.text();
    if (!res.ok) {
      let msg = text;
      try { msg = JSON.parse(text).message || msg; } catch (_) { /* plain text */ }
      throw new ApiError(res.status, 'record', msg);
    }
    return text;
  },
  setups: () => request('GET', '/api/setups'),
  saveSetup: (name, spec) => request('POST', '/api/setups', { body: { name, spec } }),
  deleteSetup: (name) => request('DELETE', `/api/setups/${enc(name)}`),
  events: (id, token) => new EventSource(`/api/games/${enc(id)}/events${token ? `?seat=${enc(token)}` : ''}`),
};
