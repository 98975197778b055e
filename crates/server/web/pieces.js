// Piece glyphs for Menagerie: original SVG drawings, one per piece letter.
// Every glyph is drawn on a 100x100 canvas. `c` holds the colours for one side:
//   c.f fill, c.s outline, c.d detail lines (contrasting with the fill).

/** @typedef {{ f: string, s: string, d: string, a: string }} Palette fill, outline, detail, accent */

/** @type {Record<'white' | 'black', Palette>} */
export const COLORS = {
  white: { f: '#fbf8ef', s: '#1b1b1b', d: '#1b1b1b', a: '#c8402e' },
  black: { f: '#2a2a2e', s: '#050505', d: '#f1efe6', a: '#ff8a5c' },
};

/** @param {Palette} c */
const base = (c) =>
  `<path d="M22 90 h56 a4 4 0 0 0 4 -4 v-3 a5 5 0 0 0 -5 -5 h-54 a5 5 0 0 0 -5 5 v3 a4 4 0 0 0 4 4z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>`;

/** @param {Palette} c */
const horse = (c) =>
  `<path d="M32 79 C31 68 36 60 45 54 L41 50 C35 53 28 55 23 51 C18 47 20 42 24 38 L38 23 C41 15 47 11 55 11 L58 5 L62 12 C74 16 80 30 79 46 C78 60 73 70 72 79 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
   <circle cx="46" cy="27" r="3.4" fill="${c.d}"/>
   <path d="M27 44 l4 -1" stroke="${c.d}" stroke-width="3" stroke-linecap="round"/>
   <path d="M62 16 C70 26 72 40 68 54" fill="none" stroke="${c.d}" stroke-width="3" stroke-linecap="round"/>`;

/** @type {Record<string, (c: Palette) => string>} */
const GLYPHS = {
  // King: bell body, band and cross
  K: (c) => `${base(c)}
    <path d="M28 78 L35 44 H65 L72 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M33 44 C30 34 38 28 50 34 C62 28 70 34 67 44 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 6 V30 M41 15 H59" stroke="${c.s}" stroke-width="6" stroke-linecap="round"/>
    <path d="M50 8 V28 M43 15 H57" stroke="${c.f}" stroke-width="2" stroke-linecap="round"/>
    <path d="M36 60 H64" stroke="${c.d}" stroke-width="3"/>`,
  // Queen: five-point crown with balls
  Q: (c) => `${base(c)}
    <path d="M27 78 L20 30 L36 52 L42 22 L50 50 L58 22 L64 52 L80 30 L73 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="20" cy="27" r="5" fill="${c.f}" stroke="${c.s}" stroke-width="3"/>
    <circle cx="42" cy="19" r="5" fill="${c.f}" stroke="${c.s}" stroke-width="3"/>
    <circle cx="58" cy="19" r="5" fill="${c.f}" stroke="${c.s}" stroke-width="3"/>
    <circle cx="80" cy="27" r="5" fill="${c.f}" stroke="${c.s}" stroke-width="3"/>
    <path d="M30 68 H70" stroke="${c.d}" stroke-width="3"/>`,
  // Rook: tower with three merlons
  R: (c) => `${base(c)}
    <path d="M31 78 L34 40 H66 L69 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M26 40 V16 H37 V25 H45 V16 H55 V25 H63 V16 H74 V40 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M34 40 H66 M40 56 H60" stroke="${c.d}" stroke-width="3"/>`,
  // Bishop: mitre with slit and knob
  B: (c) => `${base(c)}
    <path d="M36 78 C38 70 42 68 42 64 H58 C58 68 62 70 64 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 14 C33 28 28 44 36 58 C40 64 60 64 64 58 C72 44 67 28 50 14 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="50" cy="10" r="5" fill="${c.f}" stroke="${c.s}" stroke-width="3"/>
    <path d="M56 30 L45 46 M40 64 H60" stroke="${c.d}" stroke-width="4" stroke-linecap="round"/>`,
  // Knight: horse head
  N: (c) => `${base(c)}${horse(c)}`,
  // Pawn: round head on a cone
  P: (c) => `${base(c)}
    <path d="M32 79 C34 62 40 54 45 49 H55 C60 54 66 62 68 79 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="50" cy="34" r="15" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>`,
  // Wazir-Knight: horse with a plus badge (knight leap + orthogonal step)
  W: (c) => `${base(c)}${horse(c)}
    <rect x="48" y="52" width="22" height="22" rx="3" fill="${c.a}" stroke="${c.s}" stroke-width="3"/>
    <path d="M59 56 V70 M52 63 H66" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  // Ferz-Knight: horse with a cross badge (knight leap + diagonal step)
  F: (c) => `${base(c)}${horse(c)}
    <path d="M59 49 L72 63 L59 77 L46 63 Z" fill="${c.a}" stroke="${c.s}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M54 58 L64 68 M64 58 L54 68" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>`,
  // Dragon: bat wings behind a horned head
  D: (c) => `${base(c)}
    <path d="M48 58 L8 22 L14 44 L4 50 L20 58 L14 68 L40 70 Z" fill="${c.f}" stroke="${c.s}" stroke-width="3.5" stroke-linejoin="round"/>
    <path d="M32 79 C34 64 42 56 48 52 L44 44 C40 40 40 32 46 26 L50 10 L56 22 L66 14 L64 28 C72 34 82 40 84 48 L74 52 L64 48 C64 58 68 68 68 79 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="60" cy="34" r="3.2" fill="${c.a}"/>
    <path d="M16 44 L42 62 M20 58 L40 66" stroke="${c.d}" stroke-width="2.5"/>
    <path d="M52 58 L58 62 L52 66 L58 70" fill="none" stroke="${c.d}" stroke-width="2.5"/>`,
  // Detonator: bomb with fuse and spark
  X: (c) => `${base(c)}
    <circle cx="48" cy="54" r="24" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>
    <rect x="52" y="24" width="14" height="10" rx="2" transform="rotate(40 59 29)" fill="${c.f}" stroke="${c.s}" stroke-width="3.5"/>
    <path d="M64 22 C68 14 74 14 78 16" fill="none" stroke="${c.s}" stroke-width="3.5" stroke-linecap="round"/>
    <path d="M82 6 L84 13 L92 12 L86 17 L90 24 L82 20 L76 25 L78 17 L72 13 L80 13 Z" fill="${c.a}" stroke="${c.s}" stroke-width="2" stroke-linejoin="round"/>
    <path d="M34 46 A16 16 0 0 1 44 36" fill="none" stroke="${c.d}" stroke-width="4" stroke-linecap="round"/>`,
  // Flying Guillotine: frame with a slanted blade and wings
  G: (c) => `${base(c)}
    <path d="M30 18 L8 10 L14 22 L4 28 L30 34 Z M70 18 L92 10 L86 22 L96 28 L70 34 Z" fill="${c.f}" stroke="${c.s}" stroke-width="3" stroke-linejoin="round"/>
    <rect x="28" y="12" width="8" height="66" fill="${c.f}" stroke="${c.s}" stroke-width="3.5"/>
    <rect x="64" y="12" width="8" height="66" fill="${c.f}" stroke="${c.s}" stroke-width="3.5"/>
    <rect x="24" y="8" width="52" height="8" rx="2" fill="${c.f}" stroke="${c.s}" stroke-width="3.5"/>
    <path d="M36 24 H64 V38 L36 48 Z" fill="${c.a}" stroke="${c.s}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M36 66 H64" stroke="${c.d}" stroke-width="4"/>`,
  // Terror Freeze: snowflake on a disc
  T: (c) => `${base(c)}
    <circle cx="50" cy="44" r="34" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>
    <g stroke="${c.d === '#1b1b1b' ? '#1d5fa8' : '#9fd3ff'}" stroke-width="4.5" stroke-linecap="round" fill="none">
      <path d="M50 16 V72 M26 30 L74 58 M26 58 L74 30"/>
      <path d="M43 20 L50 27 L57 20 M43 68 L50 61 L57 68 M27 38 L35 35 L33 27 M67 61 L65 53 L73 50 M27 50 L35 53 L33 61 M67 27 L65 35 L73 38"/>
    </g>`,
  // Ninja Pawn: pawn with a mask band and flying ribbon
  J: (c) => `${base(c)}
    <path d="M32 79 C34 62 40 54 45 49 H55 C60 54 66 62 68 79 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <circle cx="50" cy="34" r="15" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>
    <path d="M35 28 H65 V38 H35 Z" fill="${c.a}" stroke="${c.s}" stroke-width="2.5"/>
    <path d="M64 31 L84 22 L80 33 L90 38 L64 36 Z" fill="${c.a}" stroke="${c.s}" stroke-width="2.5" stroke-linejoin="round"/>
    <path d="M41 33 H47 M53 33 H59" stroke="${c.s}" stroke-width="3" stroke-linecap="round"/>`,
  // Ninja Guard: four-point shuriken pointing diagonally, on a post
  A: (c) => `${base(c)}
    <path d="M42 78 L44 62 H56 L58 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M14 6 L50 28 L86 6 L64 42 L86 78 L50 56 L14 78 L36 42 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 42 m-13 0 a13 13 0 1 0 26 0 a13 13 0 1 0 -26 0" fill="${c.f}" stroke="${c.s}" stroke-width="3.5"/>
    <circle cx="50" cy="42" r="5" fill="${c.a}" stroke="${c.s}" stroke-width="2"/>`,
  // Super Cannon: barrel on a wheeled carriage
  C: (c) => `${base(c)}
    <path d="M24 76 L34 56 H66 L72 76 Z" fill="${c.f}" stroke="${c.s}" stroke-width="3.5" stroke-linejoin="round"/>
    <path d="M30 58 L78 26" stroke="${c.s}" stroke-width="24" stroke-linecap="round"/>
    <path d="M30 58 L78 26" stroke="${c.f}" stroke-width="16" stroke-linecap="round"/>
    <path d="M70 31 L79 45 M75 20 L85 35" stroke="${c.s}" stroke-width="3.5"/>
    <circle cx="40" cy="68" r="12" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>
    <circle cx="40" cy="68" r="3.5" fill="${c.d}"/>
    <path d="M40 56 V80 M28 68 H52" stroke="${c.d}" stroke-width="2"/>`,
  // Flying Bomber: aeroplane seen from above, nose up
  O: (c) => `
    <path d="M50 4 C56 8 57 18 57 28 L94 52 V60 L57 50 L56 74 L70 84 V90 L50 86 L30 90 V84 L44 74 L43 50 L6 60 V52 L43 28 C43 18 44 8 50 4 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 14 V70" stroke="${c.d}" stroke-width="3"/>
    <circle cx="26" cy="58" r="4" fill="${c.a}" stroke="${c.s}" stroke-width="2"/>
    <circle cx="74" cy="58" r="4" fill="${c.a}" stroke="${c.s}" stroke-width="2"/>`,
  // Withdrawer: horseshoe magnet (it pulls away from its victim)
  U: (c) => `${base(c)}
    <path d="M22 12 H42 V46 A8 8 0 0 0 58 46 V12 H78 V46 A28 28 0 0 1 22 46 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M22 12 H42 V24 H22 Z M58 12 H78 V24 H58 Z" fill="${c.a}" stroke="${c.s}" stroke-width="3"/>
`,
  // Wall (legend glyph; on the board a Wall is drawn across its two squares)
  L: (c) => wallBricks(c, 6, 22, 88, 58),
  // Changeling, halfling bishop: small mitre on a spindle, with a swap arrow
  Z: (c) => `${base(c)}
    <path d="M38 78 C42 70 46 66 46 58 H54 C54 66 58 70 62 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 22 L68 40 L50 58 L32 40 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M44 34 L56 46" stroke="${c.d}" stroke-width="3.5" stroke-linecap="round"/>
    ${swap(c)}`,
  // Changeling, halfling rook: small turret on a spindle, with a swap arrow
  Y: (c) => `${base(c)}
    <path d="M38 78 C42 70 46 66 46 58 H54 C54 66 58 70 62 78 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M33 58 V28 H41 V35 H46 V28 H54 V35 H59 V28 H67 V58 Z" fill="${c.f}" stroke="${c.s}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M40 46 H60" stroke="${c.d}" stroke-width="3.5"/>
    ${swap(c)}`,
};

/** @param {Palette} c */
function swap(c) {
  return `<g fill="none" stroke="${c.a}" stroke-width="4" stroke-linecap="round">
    <path d="M14 40 A16 16 0 0 1 28 20"/><path d="M86 40 A16 16 0 0 1 72 60"/></g>
    <path d="M22 16 L32 18 L26 26 Z M78 64 L68 62 L74 54 Z" fill="${c.a}"/>`;
}

/**
 * A Wall's bricks in a `w`×`h` box at (`x`, `y`).
 * @param {Palette} c
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 */
export function wallBricks(c, x, y, w, h) {
  const rows = 3;
  const rh = h / rows;
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${c.f}" stroke="${c.s}" stroke-width="4"/>`;
  for (let i = 1; i < rows; i++) s += `<path d="M${x} ${y + i * rh} h${w}" stroke="${c.d}" stroke-width="2.5"/>`;
  const bw = w / Math.max(2, Math.round(w / 30));
  for (let i = 0; i < rows; i++) {
    const off = i % 2 ? bw / 2 : 0;
    for (let bx = x + off + bw; bx < x + w - 4; bx += bw)
      s += `<path d="M${bx} ${y + i * rh} v${rh}" stroke="${c.d}" stroke-width="2.5"/>`;
  }
  return s;
}

export const LETTERS = Object.keys(GLYPHS);

/**
 * Inner SVG markup (100x100 canvas) of a piece.
 * @param {string} letter
 * @param {string} color `white` or `black`
 */
export function glyph(letter, color) {
  const g = GLYPHS[letter.toUpperCase()];
  const c = color === 'black' ? COLORS.black : COLORS.white;
  if (!g) return `${base(c)}<circle cx="50" cy="46" r="30" fill="${c.f}" stroke="${c.s}" stroke-width="4"/><text x="50" y="62" font-size="44" font-weight="700" text-anchor="middle" fill="${c.d}">${letter.toUpperCase()}</text>`;
  return g(c);
}

/** <symbol> definitions for every piece in both colours, ids "pc-wK", "pc-bK"... */
export function symbolDefs() {
  let s = '';
  for (const l of LETTERS) {
    s += `<symbol id="pc-w${l}" viewBox="0 0 100 100">${glyph(l, 'white')}</symbol>`;
    s += `<symbol id="pc-b${l}" viewBox="0 0 100 100">${glyph(l, 'black')}</symbol>`;
  }
  return s;
}

/**
 * A standalone small SVG image of a piece (for legends, pockets, choosers).
 * @param {string} letter
 * @param {string} color `white` or `black`
 * @param {number} [size]
 * @param {string} [extraAttrs]
 */
export function pieceSvg(letter, color, size = 40, extraAttrs = '') {
  return `<svg class="piece-icon" width="${size}" height="${size}" viewBox="0 0 100 100" aria-hidden="true" ${extraAttrs}>${glyph(letter, color)}</svg>`;
}

/**
 * The name of the piece with `letter` in a game, from the server's variant
 * info (the letter itself if the game does not have it).
 * @param {{ pieces: { letter: string, name: string }[] } | null | undefined} variant
 * @param {string} letter
 */
export function nameOf(variant, letter) {
  const up = letter.toUpperCase();
  return variant?.pieces.find((p) => p.letter === up)?.name ?? up;
}
