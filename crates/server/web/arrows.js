// Arrows on the board: the engine's best move, its other lines and the
// better move of a reviewed position, drawn over the pieces.

/**
 * An arrow from one square to another (`from` null: a drop, drawn as a ring
 * on `to`; `from` equal to `to`: an action in place, such as a detonation).
 * @typedef {{ from: string | null, to: string, kind: 'best' | 'line' | 'better' | 'played' }} Arrow
 */

const S = 100;

/**
 * The SVG of `arrows` on a board whose squares are placed by `xy`.
 * @param {Arrow[]} arrows
 * @param {(sq: string) => { x: number, y: number }} xy
 */
export function arrowsSvg(arrows, xy) {
  let h = '';
  for (const a of arrows) {
    const t = xy(a.to);
    const tx = t.x + S / 2, ty = t.y + S / 2;
    if (!a.from || a.from === a.to) {
      h += `<circle class="arrow arrow-${a.kind}" cx="${tx}" cy="${ty}" r="38" fill="none" stroke-width="10"/>`;
      continue;
    }
    const f = xy(a.from);
    const fx = f.x + S / 2, fy = f.y + S / 2;
    const len = Math.hypot(tx - fx, ty - fy);
    const ux = (tx - fx) / len, uy = (ty - fy) / len;
    const head = 34, half = 22;
    const bx = tx - ux * head, by = ty - uy * head;
    h += `<g class="arrow arrow-${a.kind}" pointer-events="none">
      <line x1="${fx + ux * 18}" y1="${fy + uy * 18}" x2="${bx}" y2="${by}" stroke-width="14" stroke-linecap="round"/>
      <polygon points="${tx},${ty} ${bx - uy * half},${by + ux * half} ${bx + uy * half},${by - ux * half}"/></g>`;
  }
  return h;
}
