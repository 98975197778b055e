// A server-sent event stream read with `fetch`, so that an error answer
// before any event (`503 busy`, `400 bad_fen`) is seen with its status and
// JSON body, which `EventSource` hides. Closing aborts the request, which
// tells the server to stop.

/**
 * What the stream tells its owner.
 * @typedef {object} SseHandlers
 * @property {(event: string, data: string) => void} onEvent One event (`message` when unnamed).
 * @property {(status: number, code: string | undefined, message: string) => void} onError An error answer (status 0: no answer).
 * @property {() => void} onEnd The server ended the stream.
 */

/** @typedef {{ close: () => void }} SseHandle */

/**
 * Splits one event block into its name and data.
 * @param {string} block
 * @returns {{ event: string, data: string }}
 */
function parseBlock(block) {
  let event = 'message';
  /** @type {string[]} */
  const data = [];
  for (const line of block.split('\n')) {
    const i = line.indexOf(':');
    if (i === 0) continue; // a comment (keep-alive)
    const field = i < 0 ? line : line.slice(0, i);
    let value = i < 0 ? '' : line.slice(i + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return { event, data: data.join('\n') };
}

/**
 * The error of a non-2xx answer, from its JSON body if it has one.
 * @param {Response} res
 * @returns {Promise<{ code: string | undefined, message: string }>}
 */
async function errorOf(res) {
  const text = await res.text().catch(() => '');
  try {
    const j = JSON.parse(text);
    return { code: j.error, message: j.message || j.error || text };
  } catch {
    return { code: undefined, message: text || res.statusText };
  }
}

/**
 * Reads the events of `res` until it ends or `isClosed()`.
 * @param {Response} res
 * @param {SseHandlers} h
 * @param {() => boolean} isClosed
 */
async function readEvents(res, h, isClosed) {
  if (!res.body) return;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done || isClosed()) break;
    buf += decoder.decode(value, { stream: true }).split('\r\n').join('\n');
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0 && !isClosed()) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const e = parseBlock(block);
      if (e.data || e.event !== 'message') h.onEvent(e.event, e.data);
    }
  }
}

/**
 * Opens the event stream at `url`.
 * @param {string} url
 * @param {SseHandlers} h
 * @returns {SseHandle}
 */
export function openSse(url, h) {
  const ctl = new AbortController();
  let closed = false;
  const isClosed = () => closed;
  (async () => {
    let res;
    try {
      res = await fetch(url, { headers: { Accept: 'text/event-stream' }, signal: ctl.signal });
    } catch (e) {
      if (!closed) h.onError(0, 'network', `Cannot reach the server (${e instanceof Error ? e.message : e}).`);
      return;
    }
    if (!res.ok) {
      const err = await errorOf(res);
      if (!closed) h.onError(res.status, err.code, err.message);
      return;
    }
    try {
      await readEvents(res, h, isClosed);
    } catch (e) {
      if (!closed) h.onError(0, 'network', `The stream broke off (${e instanceof Error ? e.message : e}).`);
      return;
    }
    if (!closed) h.onEnd();
  })();
  return { close() { if (closed) return; closed = true; ctl.abort(); } };
}
