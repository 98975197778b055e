// The prongs of Chess with Wounds men, drawn around the piece (long prongs
// as arrows, short ones as stubs, a knight's as dots).

/** @typedef {import('./types.js').BoardPiece} BoardPiece */

const S = 100; // square size in SVG units, as in board.js
// N NE E SE S SW W NW as (file, rank) steps
const DIRS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

/**
 * The prongs of a man of Chess with Wounds on the square at (x, y).
 * @param {BoardPiece} p
 * @param {number} x
 * @param {number} y
 * @param {boolean} flipped the board is turned round
 */
export function drawProngs(p, x, y, flipped) {
  const cx = x + S / 2, cy = y + S / 2;
  const flip = flipped ? -1 : 1;
  const col = p.color === 'white' ? { f: '#fff6d8', s: '#111' } : { f: '#222', s: '#ffe9a8' };
  let h = '';
  if (p.letter === 'N') {
    [...(p.prongs || '').slice(0, 8)].forEach((d, i) => {
      if (d === '0') return;
      const [df, dr] = KNIGHT[i];
      const len = Math.hypot(df, dr);
      const ux = (df / len) * flip, uy = (-dr / len) * flip;
      const px = cx + ux * 40, py = cy + uy * 40;
      h += `<circle class="prong knight" cx="${px}" cy="${py}" r="6.5" fill="${col.f}" stroke="${col.s}" stroke-width="2.5"/>`;
    });
    return h;
  }
  [...(p.prongs || '').slice(0, 8)].forEach((d, i) => {
    if (d === '0') return;
    const [df, dr] = DIRS[i];
    const diag = df !== 0 && dr !== 0;
    const ux = df * flip, uy = -dr * flip;
    const r0 = diag ? 22 : 30;
    if (d === '2') {
      const r1 = diag ? 45 : 48;
      const tipx = cx + ux * r1, tipy = cy + uy * r1;
      const bx = cx + ux * (r1 - (diag ? 12 : 14)), by = cy + uy * (r1 - (diag ? 12 : 14));
      // perpendicular
      const nx = -uy / (diag ? Math.SQRT2 : 1), ny = ux / (diag ? Math.SQRT2 : 1);
      h += `<g class="prong long"><path d="M${cx + ux * r0} ${cy + uy * r0} L${bx} ${by}" stroke="${col.s}" stroke-width="9" stroke-linecap="butt"/>
        <path d="M${cx + ux * r0} ${cy + uy * r0} L${bx} ${by}" stroke="${col.f}" stroke-width="4.5"/>
        <path d="M${tipx} ${tipy} L${bx + nx * 9} ${by + ny * 9} L${bx - nx * 9} ${by - ny * 9} Z" fill="${col.f}" stroke="${col.s}" stroke-width="2.5" stroke-linejoin="round"/></g>`;
    } else {
      const r1 = diag ? 30 : 38;
      h += `<g class="prong short"><path d="M${cx + ux * r0} ${cy + uy * r0} L${cx + ux * r1} ${cy + uy * r1}" stroke="${col.s}" stroke-width="12" stroke-linecap="round"/>
        <path d="M${cx + ux * r0} ${cy + uy * r0} L${cx + ux * r1} ${cy + uy * r1}" stroke="${col.f}" stroke-width="6" stroke-linecap="round"/></g>`;
    }
  });
  return h;
}
