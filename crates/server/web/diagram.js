// Static boards as SVG strings: start-position previews and movement diagrams.

import { Board } from './board.js';

/** @typedef {import('./types.js').BoardPiece} BoardPiece */
/** @typedef {import('./board.js').Mark} Mark */

const S = 100; // square size in SVG units, as on the board

/**
 * A static (non-interactive) board as an SVG string, for previews and diagrams.
 * @param {{ files: number, ranks: number, pieces?: BoardPiece[], marks?: Mark[], size?: number, label?: string, showCoords?: boolean }} spec
 */
export function staticBoardSvg({ files, ranks, pieces = [], marks = [], size = 240, label = 'Diagram', showCoords = false }) {
  const host = document.createElement('div');
  const b = new Board(host, { files, ranks, interactive: false, label });
  b.render({ pieces, flipped: false, showProngs: true });
  // remove focus layer
  for (const el of b.svg.querySelectorAll('.sq-hit')) el.remove();
  if (!showCoords) for (const el of b.svg.querySelectorAll('.coord')) el.remove();
  let extra = '';
  for (const m of marks) {
    const { x, y } = b.xy(m.square);
    const cx = x + S / 2, cy = y + S / 2;
    if (m.kind === 'move') extra += `<circle class="mk-move" cx="${cx}" cy="${cy}" r="17"/>`;
    else if (m.kind === 'moveonly') extra += `<circle class="mk-moveonly" cx="${cx}" cy="${cy}" r="16"/>`;
    else if (m.kind === 'capture') extra += `<path class="mk-capture" d="M${cx - 17} ${cy - 17} l34 34 m0 -34 l-34 34"/>`;
    else if (m.kind === 'blast') extra += `<circle class="mk-blast" cx="${cx}" cy="${cy}" r="30"/>`;
    else if (m.kind === 'freeze') extra += `<text x="${cx}" y="${cy + 14}" text-anchor="middle" font-size="40" fill="#1d6fb8">❄</text>`;
    else if (m.kind === 'taken') extra += `<rect class="mk-taken" x="${x + 14}" y="${y + 14}" width="72" height="72" rx="10"/>`;
  }
  b.svg.insertAdjacentHTML('beforeend', extra);
  b.svg.setAttribute('width', String(size));
  b.svg.setAttribute('height', String((size * ranks) / files));
  // Sized by its width and height and the class (`.board-svg.diagram`): a
  // `style` attribute in the returned string would be refused by the page's
  // Content-Security-Policy.
  b.svg.classList.add('diagram');
  b.svg.setAttribute('role', 'img');
  return b.svg.outerHTML;
}
