// Square names (`e4`, `j10`) and their file and rank numbers from 0.

/** @param {number} f */
export const fileChar = (f) => String.fromCharCode(97 + f);

/**
 * @param {number} f
 * @param {number} r
 */
export const sqName = (f, r) => fileChar(f) + (r + 1);

/**
 * @param {string | null | undefined} s
 * @returns {{ f: number, r: number } | null}
 */
export function parseSq(s) {
  const m = /^([a-z])(\d+)$/.exec(s || '');
  return m ? { f: m[1].charCodeAt(0) - 97, r: parseInt(m[2], 10) - 1 } : null;
}
