// Rules pages: the start position, the main rules in a few lines, and one
// generated movement diagram per piece (the piece in the middle of a small
// board, its destinations marked).

import { staticBoardSvg } from './diagram.js';
import { pieceSvg, nameOf } from './pieces.js';

/** @typedef {import('./types.js').VariantInfo} VariantInfo */
/** @typedef {import('./types.js').PieceInfo} PieceInfo */
/** @typedef {Pick<typeof import('./api.js').api, 'variant' | 'variants'>} RulesApi */

/**
 * The diagram of how a piece moves, as the server computed it with the
 * game's move generator.
 * @param {PieceInfo} piece
 * @param {number} [size]
 */
function movementDiagram(piece, size = 168) {
  const d = piece.diagram;
  if (!d) return '';
  return staticBoardSvg({ files: d.files, ranks: d.ranks, pieces: d.pieces, marks: d.marks, size, label: `How the ${piece.name} moves` });
}

const MARK_LEGEND = `<ul class="mark-legend">
  <li><svg width="22" height="22" viewBox="0 0 100 100"><circle class="mk-move" cx="50" cy="50" r="30"/></svg> moves or captures there</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><circle class="mk-moveonly" cx="50" cy="50" r="28"/></svg> moves there, never captures by landing</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><path class="mk-capture" d="M22 22 L78 78 M78 22 L22 78"/></svg> captures there only</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><rect class="mk-taken" x="14" y="14" width="72" height="72" rx="10"/></svg> an enemy there is removed by a side-effect capture</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><circle class="mk-blast" cx="50" cy="50" r="34"/></svg> an enemy there is removed by a detonation</li>
  <li><svg width="22" height="22" viewBox="0 0 100 100"><text x="50" y="68" text-anchor="middle" font-size="56" fill="#1d6fb8">❄</text></svg> an enemy there is frozen</li>
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
        <figcaption>Start position (${variant.files}×${variant.ranks})${variant.has_pockets ? ` — in hand: ${pocketText(variant, variant.start_pockets.white)}` : ''}</figcaption></figure>
      <ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>
    </div>
    <p><a class="button primary" href="/?variant=${encodeURIComponent(variant.key)}#new">Play ${escapeHtml(variant.title)}</a></p>
    ${variant.prongs ? PRONG_FIGURE() : ''}
    <h2>The pieces</h2>${MARK_LEGEND}
    <div class="piece-cards">`;
  for (const p of variant.pieces || []) {
    h += `<section class="piece-card" id="piece-${p.letter}">
      <h3>${pieceSvg(p.letter, 'white', 34)}${pieceSvg(p.letter, 'black', 34)} ${escapeHtml(p.name)} <span class="letter">(${p.letter})</span></h3>
      <div class="piece-card-body">${movementDiagram(p)}<p>${escapeHtml(p.summary || '')}</p></div>
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

/**
 * @param {VariantInfo} variant
 * @param {Record<string, number>} p
 */
function pocketText(variant, p) {
  return Object.entries(p).map(([l, n]) => `${n}× ${nameOf(variant, l)}`).join(', ') || 'nothing';
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
