// Square names and a reader for Menagerie position strings (shared/spec/notation.md §3).
// The page never decides what is legal; it reads positions only to draw earlier plies.

export const fileChar = (f) => String.fromCharCode(97 + f);
export const sqName = (f, r) => fileChar(f) + (r + 1);
export function parseSq(s) {
  const m = /^([a-z])(\d+)$/.exec(s || '');
  return m ? { f: m[1].charCodeAt(0) - 97, r: parseInt(m[2], 10) - 1 } : null;
}

// Initial prongs of wounds men (N NE E SE S SW W NW; Knight: 8 knight-offset bits).
export function initialProngs(letter, color) {
  switch (letter) {
    case 'K': return '11111111';
    case 'Q': return '22222222';
    case 'R': return '20202020';
    case 'B': return '02020202';
    case 'N': return '11111111';
    case 'P': return color === 'white' ? '11000001' : '00011100';
    default: return null;
  }
}

/**
 * Parses a position string into { pieces: [{square,color,letter,prongs,wall}], pockets, turn, files, ranks }.
 * `wounds` says whether to attach the initial prongs to men written without them.
 */
export function parseFen(fen, { wounds = false } = {}) {
  const [boardPart, side = 'w', castling = '-', ep = '-'] = fen.trim().split(/\s+/);
  let board = boardPart;
  let pocketText = null;
  const pm = /^(.*)\[([^\]]*)\]$/.exec(boardPart);
  if (pm) { board = pm[1]; pocketText = pm[2]; }
  const rows = board.split('/');
  const ranks = rows.length;
  const pieces = [];
  let files = 0;
  rows.forEach((row, i) => {
    const r = ranks - 1 - i;
    let f = 0;
    const wallOpen = { white: false, black: false };
    for (let k = 0; k < row.length;) {
      const ch = row[k];
      if (/\d/.test(ch)) {
        let n = '';
        while (k < row.length && /\d/.test(row[k])) n += row[k++];
        f += parseInt(n, 10);
        continue;
      }
      k++;
      const color = ch === ch.toUpperCase() ? 'white' : 'black';
      const letter = ch.toUpperCase();
      let prongs = null;
      if (row[k] === '(') {
        const end = row.indexOf(')', k);
        prongs = row.slice(k + 1, end);
        k = end + 1;
      }
      if (!prongs && wounds) prongs = initialProngs(letter, color);
      let wall = null;
      if (letter === 'L') {
        wall = wallOpen[color] ? 'right' : 'left';
        wallOpen[color] = !wallOpen[color];
      }
      pieces.push({ square: sqName(f, r), color, letter, prongs, wall });
      f++;
    }
    files = Math.max(files, f);
  });
  let pockets = null;
  if (pocketText !== null) {
    pockets = { white: {}, black: {} };
    for (const ch of pocketText) {
      const c = ch === ch.toUpperCase() ? 'white' : 'black';
      const l = ch.toUpperCase();
      pockets[c][l] = (pockets[c][l] || 0) + 1;
    }
  }
  return { pieces, pockets, turn: side === 'b' ? 'black' : 'white', castling, ep, files, ranks };
}
