// The analysis board's address:
//   /#analysis/<variant, URL-encoded>?fen=<URL-encoded>&options=<URL-encoded JSON>&moves=<a,b,c>
// every part but the variant optional (and the variant too: the page then
// offers a game to choose).

/**
 * What the address asks the board to show.
 * @typedef {object} BoardAddress
 * @property {string} variant Empty: none named.
 * @property {string} fen Empty: the game's start.
 * @property {Record<string, boolean>} options
 * @property {string[]} moves
 */

/** The prefix of the board's addresses (after `#`). */
export const PREFIX = 'analysis';

/**
 * Whether the raw hash (`#...`) names the analysis board.
 * @param {string} hash
 */
export const isBoardHash = (hash) => hash === `#${PREFIX}` || hash.startsWith(`#${PREFIX}/`) || hash.startsWith(`#${PREFIX}?`);

/**
 * Rule flags from the address's JSON (anything else: none).
 * @param {string | null} json
 * @returns {Record<string, boolean>}
 */
function readOptions(json) {
  if (!json) return {};
  try {
    const o = JSON.parse(json);
    /** @type {Record<string, boolean>} */
    const out = {};
    if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) if (typeof v === 'boolean') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/**
 * Reads the raw hash of an analysis-board address.
 * @param {string} hash
 * @returns {BoardAddress}
 */
export function readAddress(hash) {
  const rest = hash.slice(PREFIX.length + 1);
  const q = rest.indexOf('?');
  const head = q < 0 ? rest : rest.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  let variant;
  try { variant = decodeURIComponent(head.startsWith('/') ? head.slice(1) : head); } catch { variant = ''; }
  const moves = (params.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean);
  return { variant, fen: params.get('fen') || '', options: readOptions(params.get('options')), moves };
}

/**
 * The address (from `/`) of the analysis board for `a`.
 * @param {Partial<BoardAddress>} a
 */
export function boardHref(a) {
  const q = new URLSearchParams();
  if (a.fen) q.set('fen', a.fen);
  if (a.options && Object.keys(a.options).length) q.set('options', JSON.stringify(a.options));
  let qs = q.toString();
  if (a.moves && a.moves.length) qs += `${qs ? '&' : ''}moves=${a.moves.map(encodeURIComponent).join(',')}`;
  return `/#${PREFIX}${a.variant ? `/${encodeURIComponent(a.variant)}` : ''}${qs ? `?${qs}` : ''}`;
}
