// Rules pages: the start position, the main rules in a few lines, and one
// generated movement diagram per piece (the piece in the middle of a small
// board, its destinations marked).

import { staticBoardSvg } from './diagram.js';
import { sqName } from './squares.js';
import { pieceSvg, PIECE_NAMES } from './pieces.js';

/** @typedef {import('./types.js').VariantInfo} VariantInfo */
/** @typedef {import('./types.js').BoardPiece} BoardPiece */
/** @typedef {import('./board.js').Mark} Mark */
/** @typedef {[number, number]} Step */
/** @typedef {Pick<typeof import('./api.js').api, 'variant' | 'variants'>} RulesApi */

/** @type {Step[]} */
const ORTH = [[0, 1], [1, 0], [0, -1], [-1, 0]];
/** @type {Step[]} */
const DIAG = [[1, 1], [1, -1], [-1, -1], [-1, 1]];
const ALL8 = [...ORTH, ...DIAG];
/** @type {Step[]} */
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const N = 7; // diagram size

/**
 * The diagram of how `letter` moves in `variant`: the piece and its marks.
 * @param {string} letter
 * @param {VariantInfo} variant
 * @returns {{ pieces: BoardPiece[], marks: Mark[] }}
 */
function marksFor(letter, variant) {
  const c = 3; // centre file/rank index
  /** @type {Mark[]} */
  const marks = [];
  /** @type {BoardPiece[]} */
  const extra = [];
  /** @type {(f: number, r: number, kind: Mark['kind']) => void} */
  const add = (f, r, kind) => { if (f >= 0 && r >= 0 && f < N && r < N) marks.push({ square: sqName(f, r), kind }); };
  /** @type {(dirs: Step[], kind: Mark['kind'], limit?: number, from?: Step) => void} */
  const slide = (dirs, kind, limit = 99, from = [c, c]) => {
    for (const [df, dr] of dirs) for (let i = 1; i <= limit; i++) add(from[0] + df * i, from[1] + dr * i, kind);
  };
  /** @type {(offs: Step[], kind: Mark['kind'], from?: Step) => void} */
  const leap = (offs, kind, from = [c, c]) => offs.forEach(([df, dr]) => add(from[0] + df, from[1] + dr, kind));
  /** @type {string | null} */
  let at = sqName(c, c);
  switch (letter) {
    case 'K': leap(ALL8, 'move'); break;
    case 'Q': slide(ALL8, 'move'); break;
    case 'R': slide(ORTH, 'move'); break;
    case 'B': slide(DIAG, 'move'); break;
    case 'N': leap(KNIGHT, 'move'); break;
    case 'W': leap(KNIGHT, 'move'); leap(ORTH, 'move'); break;
    case 'F': leap(KNIGHT, 'move'); leap(DIAG, 'move'); break;
    case 'D': slide(ALL8, 'moveonly'); leap(KNIGHT, 'moveonly');
      // approach example: an enemy Rook on d7 is taken by stopping on d6
      extra.push({ square: 'd7', color: 'black', letter: 'R' });
      marks.splice(0, marks.length, ...marks.filter((m) => m.square !== 'd7'));
      marks.push({ square: 'd7', kind: 'taken' });
      break;
    case 'X': slide(ALL8, 'moveonly'); leap(KNIGHT, 'moveonly');
      for (const m of marks) if (ALL8.some(([df, dr]) => m.square === sqName(c + df, c + dr))) m.kind = 'blast';
      break;
    case 'G': slide(ALL8, 'moveonly'); leap(ALL8.map(([a, b]) => [2 * a, 2 * b]), 'move'); break;
    case 'T': slide(ALL8, 'moveonly'); leap(KNIGHT, 'moveonly');
      for (const m of marks) if (ALL8.some(([df, dr]) => m.square === sqName(c + df, c + dr))) m.kind = 'freeze';
      break;
    case 'A': leap(DIAG, 'move'); leap(DIAG.map(([a, b]) => [2 * a, 2 * b]), 'move'); break;
    case 'C': slide(ORTH, 'moveonly');
      // cannon capture example: screen on d5, enemy on d7
      extra.push({ square: 'd5', color: 'white', letter: 'P' }, { square: 'd7', color: 'black', letter: 'R' });
      marks.splice(0, marks.length, ...marks.filter((m) => !['d5', 'd6', 'd7'].includes(m.square)));
      marks.push({ square: 'd7', kind: 'capture' }, { square: 'd6', kind: 'moveonly' });
      break;
    case 'O': slide(ORTH, 'moveonly'); leap(ORTH.map(([a, b]) => [2 * a, 2 * b]), 'move'); break;
    case 'U': slide(ALL8, 'moveonly');
      extra.push({ square: 'c4', color: 'black', letter: 'N' });
      marks.splice(0, marks.length, ...marks.filter((m) => m.square !== 'c4'));
      marks.push({ square: 'c4', kind: 'taken' });
      break;
    case 'Z': slide(DIAG, 'move', 2); break;
    case 'Y': slide(ORTH, 'move', 2); break;
    case 'J': at = sqName(c, 1);
      add(c, 2, 'moveonly'); add(c, 3, 'moveonly'); add(c - 1, 1, 'moveonly'); add(c + 1, 1, 'moveonly');
      add(c - 1, 2, 'capture'); add(c + 1, 2, 'capture');
      break;
    case 'P':
      if (variant.prongs) { at = sqName(c, 2); add(c, 3, 'move'); add(c - 1, 3, 'move'); add(c + 1, 3, 'move'); break; }
      at = sqName(c, 1);
      add(c, 2, 'moveonly'); add(c, 3, 'moveonly');
      if (variant.pawn_to_middle) add(c, 4, 'moveonly');
      add(c - 1, 2, 'capture'); add(c + 1, 2, 'capture');
      break;
    case 'L': {
      at = null;
      extra.push({ square: 'c4', color: 'white', letter: 'L', wall: 'left' }, { square: 'd4', color: 'white', letter: 'L', wall: 'right' });
      for (const f of [2, 3]) for (let r = 0; r < N; r++) if (r !== 3) add(f, r, 'move');
      add(1, 3, 'move'); add(4, 3, 'move');
      break;
    }
    default: leap(ALL8, 'move');
  }
  const pieces = [...extra];
  if (at) {
    /** @type {BoardPiece} */
    const p = { square: at, color: 'white', letter };
    // (prongs are too small to read on a diagram; the prong figure shows them)
    pieces.push(p);
  }
  return { pieces, marks };
}

/**
 * A diagram of how `letter` moves in `variant`.
 * @param {string} letter
 * @param {VariantInfo} variant
 * @param {number} [size]
 */
export function movementDiagram(letter, variant, size = 168) {
  const { pieces, marks } = marksFor(letter, variant);
  return staticBoardSvg({ files: N, ranks: N, pieces, marks, size, label: `How the ${PIECE_NAMES[letter] || letter} moves` });
}

const MARK_LEGEND = `<ul class="mark-legend">
  <li><svg width="22" height="22" viewBox="0 0 100 100"><circle class="mk-move" cx="50" cy="50" r="30"/></svg> moves or captures there</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><circle class="mk-moveonly" cx="50" cy="50" r="28"/></svg> moves there, never captures by landing</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><path class="mk-capture" d="M22 22 L78 78 M78 22 L22 78"/></svg> captures there only</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><path class="mk-taken" d="M15 15 L85 85 M85 15 L15 85"/></svg> example victim of a side-effect capture</li>
</ul>`;

const PRONG_FIGURE = () => `<h2>How prongs are drawn</h2><figure class="prong-figure">${staticBoardSvg({
  files: 3, ranks: 1, size: 360, label: 'Prongs: an unwounded Queen, a wounded Queen, a wounded Knight',
  pieces: [
    { square: 'a1', color: 'white', letter: 'Q', prongs: '22222222' },
    { square: 'b1', color: 'white', letter: 'Q', prongs: '21202120', wounded: true },
    { square: 'c1', color: 'black', letter: 'N', prongs: '11011101', wounded: true },
  ] })}<figcaption>Left: a Queen's eight long prongs (bars with arrowheads: it slides). Middle: a wounded Queen (red dot): short stubs step one square, and a missing prong is a direction it can no longer use. Right: a wounded Knight: each dot is one of its jumps.</figcaption></figure>`;

/**
 * The rules page of one game: start position, notes, a diagram per piece.
 * @param {HTMLElement} root
 * @param {string} key
 * @param {RulesApi} api
 */
export async function renderRules(root, key, api) {
  root.innerHTML = '<p class="loading">Loading rules…</p>';
  let variant;
  try {
    variant = await api.variant(key);
  } catch (e) {
    root.innerHTML = `<p class="error" role="alert">${escapeHtml(e instanceof Error ? e.message : e)}</p><p><a href="/#rules">All rules</a></p>`;
    return;
  }
  const notes = variant.notes;
  let h = `<article class="rules">
    <p><a href="/">← Start screen</a> · <a href="/#rules">All rules</a></p>
    <h1>${escapeHtml(variant.title)}</h1>
    <div class="rules-top">
      <figure>${staticBoardSvg({ files: variant.files, ranks: variant.ranks, pieces: variant.start_board, size: 300, showCoords: true, label: `Start position of ${variant.title}` })}
        <figcaption>Start position (${variant.files}×${variant.ranks})${variant.has_pockets ? ` — in hand: ${pocketText(variant.start_pockets.white)}` : ''}</figcaption></figure>
      <ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>
    </div>
    <p><a class="button primary" href="/?variant=${encodeURIComponent(variant.key)}#new">Play ${escapeHtml(variant.title)}</a></p>
    ${variant.prongs ? PRONG_FIGURE() : ''}
    <h2>The pieces</h2>${MARK_LEGEND}
    <div class="piece-cards">`;
  for (const p of variant.pieces || []) {
    h += `<section class="piece-card" id="piece-${p.letter}">
      <h3>${pieceSvg(p.letter, 'white', 34)}${pieceSvg(p.letter, 'black', 34)} ${escapeHtml(p.name)} <span class="letter">(${p.letter})</span></h3>
      <div class="piece-card-body">${movementDiagram(p.letter, variant)}<p>${escapeHtml(p.summary || '')}</p></div>
    </section>`;
  }
  h += '</div></article>';
  root.innerHTML = h;
  document.title = `${variant.title} — rules — Menagerie`;
}

/**
 * The list of every game's rules.
 * @param {HTMLElement} root
 * @param {RulesApi} api
 */
export async function renderRulesIndex(root, api) {
  const vs = await api.variants();
  root.innerHTML = `<article class="rules"><p><a href="/">← Start screen</a></p><h1>Rules</h1><ul class="rules-index">${vs
    .map((v) => `<li><a href="/#rules/${encodeURIComponent(v.key)}">${escapeHtml(v.title)}</a> — ${v.files}×${v.ranks}</li>`)
    .join('')}</ul></article>`;
}

/** @param {Record<string, number>} p */
function pocketText(p) {
  return Object.entries(p).map(([l, n]) => `${n}× ${PIECE_NAMES[l] || l}`).join(', ') || 'nothing';
}

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML.
 * @param {unknown} s
 */
export function escapeHtml(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
