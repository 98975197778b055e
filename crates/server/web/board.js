// The SVG board: squares, coordinates, pieces (Walls across two squares, prongs on
// Wounds men, frozen tint) and highlights; its input is wired by board-input.js.

import { symbolDefs, wallBricks, glyph, COLORS, LETTERS } from './pieces.js';
import { sqName, parseSq } from './squares.js';
import { bindInput } from './board-input.js';
import { arrowsSvg } from './arrows.js';
import { drawProngs } from './board-prongs.js';

/** @typedef {import('./types.js').BoardPiece} BoardPiece */
/** @typedef {import('./types.js').LastMove} LastMove */

/**
 * A square to mark as a destination of what is picked up.
 * (`castle`: the king's square of a castling, never drawn as a capture).
 * @typedef {{ square: string, kind: 'move' | 'capture' | 'self' | 'castle', wide?: string | null }} Target
 */

/**
 * A mark on a diagram.
 * @typedef {{ square: string, kind: 'move' | 'moveonly' | 'capture' | 'blast' | 'freeze' | 'taken' }} Mark
 */

/**
 * What the board shows.
 * @typedef {object} RenderState
 * @property {BoardPiece[]} pieces
 * @property {boolean} flipped
 * @property {LastMove | null} [lastMove]
 * @property {string[]} [check]
 * @property {string[]} [frozen]
 * @property {string | null} [selected]
 * @property {Target[]} [targets]
 * @property {string | null} [dragFrom]
 * @property {boolean} [showProngs]
 * @property {import('./arrows.js').Arrow[]} [arrows]
 * @property {string[]} [premove] Squares of a queued premove.
 */

/**
 * How the board is built and what it tells its owner.
 * @typedef {object} BoardOptions
 * @property {number} files
 * @property {number} ranks
 * @property {string} [label]
 * @property {boolean} [interactive]
 * @property {(sq: string) => void} [onClick]
 * @property {(sq: string) => boolean} [canDrag]
 * @property {(sq: string) => void} [onDragStart]
 * @property {(from: string, to: string) => void} [onDrop]
 * @property {() => void} [onDragCancel]
 * @property {(sq: string, x: number, y: number) => void} [onHelp]
 * @property {(sq: string, x: number, y: number) => void} [onHover]
 * @property {() => void} [onHoverEnd]
 * @property {() => void} [onRightClick]
 */

/**
 * A pointer pressed on the board.
 * @typedef {{ sq: string, x: number, y: number, id: number, drag: boolean, helped: boolean, type: string,
 *   draggable?: boolean, timer?: ReturnType<typeof setTimeout>, ghost?: SVGGElement }} Press
 */

const S = 100; // square size in SVG units
const NS = 'http://www.w3.org/2000/svg';

let defsInstalled = false;
function installDefs() {
  if (defsInstalled) return;
  defsInstalled = true;
  const holder = document.createElementNS(NS, 'svg');
  holder.setAttribute('width', '0');
  holder.setAttribute('height', '0');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.position = 'absolute';
  holder.innerHTML = `<defs>${symbolDefs()}
    <radialGradient id="check-glow"><stop offset="0" stop-color="#ff2a00" stop-opacity=".95"/><stop offset=".55" stop-color="#ff3b1f" stop-opacity=".55"/><stop offset="1" stop-color="#ff3b1f" stop-opacity="0"/></radialGradient>
    <pattern id="ice" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="20" height="20" fill="#bfe6ff" fill-opacity=".55"/><path d="M0 0 V20" stroke="#fff" stroke-width="5" stroke-opacity=".6"/></pattern>
  </defs>`;
  document.body.appendChild(holder);
}

/** The SVG board of a game, or a static diagram. */
export class Board {
  /**
   * @param {HTMLElement} el
   * @param {BoardOptions} opts
   */
  constructor(el, opts) {
    installDefs();
    this.el = el;
    this.opts = opts;
    this.files = opts.files;
    this.ranks = opts.ranks;
    /** @type {RenderState} */
    this.state = { pieces: [], flipped: false };
    /** @type {string | null} */
    this.focusSq = null;
    /** @type {Map<string, BoardPiece>} */
    this.bySq = new Map();
    /** @type {SVGGElement | null} */
    this.dragGhost = null;
    /** @type {string | null} */
    this.hoverSq = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.hoverTimer = undefined;
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.setAttribute('viewBox', `0 0 ${this.files * S} ${this.ranks * S}`);
    this.svg.setAttribute('class', 'board-svg');
    this.svg.setAttribute('role', 'group');
    this.svg.setAttribute('aria-label', opts.label || 'Board');
    el.innerHTML = '';
    el.appendChild(this.svg);
    el.style.setProperty('--files', String(this.files));
    el.style.setProperty('--ranks', String(this.ranks));
    if (opts.interactive !== false) bindInput(this);
  }

  // --- geometry -------------------------------------------------------
  /**
   * The top-left corner of a square in SVG units.
   * @param {string} sq
   */
  xy(sq) {
    const p = parseSq(sq) || { f: 0, r: 0 };
    const fl = this.state.flipped;
    return { x: (fl ? this.files - 1 - p.f : p.f) * S, y: (fl ? p.r : this.ranks - 1 - p.r) * S };
  }
  /**
   * The square under a point of the window, if any.
   * @param {number} cx
   * @param {number} cy
   * @returns {string | null}
   */
  squareAtClient(cx, cy) {
    const pt = this.svg.createSVGPoint();
    pt.x = cx; pt.y = cy;
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    const col = Math.floor(p.x / S), row = Math.floor(p.y / S);
    if (col < 0 || row < 0 || col >= this.files || row >= this.ranks) return null;
    return this.state.flipped ? sqName(this.files - 1 - col, row) : sqName(col, this.ranks - 1 - row);
  }
  /**
   * A point of the window in SVG units.
   * @param {number} cx
   * @param {number} cy
   */
  svgPoint(cx, cy) {
    const pt = this.svg.createSVGPoint();
    pt.x = cx; pt.y = cy;
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : pt;
  }

  // --- drawing --------------------------------------------------------
  /**
   * Draws `state` (merged into what was drawn before).
   * @param {Partial<RenderState>} state
   */
  render(state) {
    this.state = { ...this.state, ...state };
    const st = this.state;
    // A square focused from the keyboard (Tab, or a script) keeps the focus
    // through the redraw, as one moved to by the arrow keys does; one that
    // a mouse click focused lets it go, so the arrow keys step the game.
    const active = document.activeElement;
    const hadFocus = !!active && active !== this.svg && this.svg.contains(active);
    const activeSq = hadFocus && active && active.matches(':focus-visible') ? active.getAttribute('data-sq') : null;
    if (activeSq) this.focusSq = activeSq;
    const bySq = new Map(st.pieces.map((p) => [p.square, p]));
    this.bySq = bySq;
    let h = '';
    // squares
    for (let r = 0; r < this.ranks; r++) {
      for (let f = 0; f < this.files; f++) {
        const sq = sqName(f, r);
        const { x, y } = this.xy(sq);
        const dark = (f + r) % 2 === 0;
        h += `<rect class="sq ${dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="${S}" height="${S}"/>`;
      }
    }
    // highlights under pieces
    const tint = (/** @type {string} */ sq, /** @type {string} */ cls) => { const { x, y } = this.xy(sq); h += `<rect class="${cls}" x="${x}" y="${y}" width="${S}" height="${S}"/>`; };
    if (st.lastMove) {
      const lm = st.lastMove;
      const moved = lm.to && bySq.get(lm.to);
      const wide = moved && moved.letter === 'L' && moved.wall !== 'right';
      const squares = new Set(/** @type {string[]} */ ([lm.from, lm.to].filter(Boolean)));
      if (wide) for (const x of [lm.from, lm.to]) { const p = x && parseSq(x); if (p) squares.add(sqName(p.f + 1, p.r)); }
      for (const x of squares) tint(x, 'hl-last');
    }
    for (const sq of st.premove || []) tint(sq, 'hl-premove');
    if (st.selected) tint(st.selected, 'hl-sel');
    for (const sq of st.check || []) {
      const { x, y } = this.xy(sq);
      h += `<circle class="hl-check" cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.62}" fill="url(#check-glow)"/>`;
    }
    // frozen: the ice lies under the piece, so the piece keeps its colour
    for (const sq of st.frozen || []) { const { x, y } = this.xy(sq); h += `<rect class="frozen-ice" x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" rx="8" fill="url(#ice)"/>`; }
    // pieces
    const drawnWalls = new Set();
    for (const p of st.pieces) {
      if (p.letter === 'L') {
        const pair = this.wallPair(p, bySq);
        const key = pair.join();
        if (drawnWalls.has(key)) continue;
        drawnWalls.add(key);
        h += this.drawWall(p.color, pair, p.square === st.dragFrom || (!!st.dragFrom && pair.includes(st.dragFrom)));
        continue;
      }
      h += this.drawPiece(p, p.square === st.dragFrom);
    }
    h += this.coords();
    for (const sq of st.frozen || []) {
      const { x, y } = this.xy(sq);
      h += `<g class="frozen" pointer-events="none"><rect x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" rx="8" fill="none" stroke="#5cb8f0" stroke-width="4"/>
        <text x="${x + S - 6}" y="${y + 24}" text-anchor="end" font-size="24" fill="#1d6fb8">❄</text></g>`;
    }
    for (const sq of (st.lastMove && st.lastMove.captured) || []) {
      const { x, y } = this.xy(sq);
      h += `<path class="hl-captured" d="M${x + 14} ${y + 14} l14 14 m0 -14 l-14 14" />`;
    }
    h += arrowsSvg(st.arrows || [], (sq) => this.xy(sq));
    // targets
    for (const t of st.targets || []) {
      const { x, y } = this.xy(t.square);
      if (t.wide) {
        const other = this.xy(t.wide);
        const x0 = Math.min(x, other.x);
        h += `<rect class="tg-wall" x="${x0 + 6}" y="${y + 6}" width="${2 * S - 12}" height="${S - 12}" rx="10"/>`;
      }
      const occupied = bySq.has(t.square) && t.square !== st.selected;
      if (t.kind === 'self') h += `<circle class="tg-self" cx="${x + S / 2}" cy="${y + S / 2}" r="44"/>`;
      else if (t.kind === 'castle') h += `<g class="tg-castle"><rect x="${x + 7}" y="${y + 7}" width="${S - 14}" height="${S - 14}" rx="16"/><path d="M${x + 12} ${y + 36}v-18h5v5h5v-5h5v5h5v-5h5v18z"/></g>`;
      else if (occupied || t.kind === 'capture') h += `<path class="tg-cap" d="M${x} ${y}h30l-30 30zM${x + S} ${y}v30l-30 -30zM${x} ${y + S}v-30l30 30zM${x + S} ${y + S}h-30l30 -30z"/>`;
      else h += `<circle class="tg-dot" cx="${x + S / 2}" cy="${y + S / 2}" r="16"/>`;
    }
    // focus/aria layer: one transparent rect per square
    for (let r = 0; r < this.ranks; r++) {
      for (let f = 0; f < this.files; f++) {
        const sq = sqName(f, r);
        const { x, y } = this.xy(sq);
        const p = bySq.get(sq);
        const label = `${sq}${p ? `, ${p.color} ${p.name || p.letter}` : ', empty'}${(st.targets || []).some((t) => t.square === sq) ? ', possible destination' : ''}${(st.frozen || []).includes(sq) ? ', frozen' : ''}`;
        const focusable = sq === (this.focusSq || this.defaultFocus());
        h += `<rect class="sq-hit" data-sq="${sq}" x="${x}" y="${y}" width="${S}" height="${S}" role="button" aria-label="${label}" tabindex="${focusable ? 0 : -1}"/>`;
      }
    }
    this.svg.innerHTML = h;
    if (this.dragGhost) this.svg.appendChild(this.dragGhost);
    if (hadFocus && this.focusSq) { const el = /** @type {SVGElement | null} */ (this.svg.querySelector(`.sq-hit[data-sq="${this.focusSq}"]`)); if (el) el.focus(); }
  }

  defaultFocus() { return sqName(0, 0); }

  coords() {
    let h = '';
    const fl = this.state.flipped;
    for (let r = 0; r < this.ranks; r++) {
      const sq = sqName(fl ? this.files - 1 : 0, r);
      const { x, y } = this.xy(sq);
      const dark = ((fl ? this.files - 1 : 0) + r) % 2 === 0;
      h += `<text class="coord ${dark ? 'on-dark' : 'on-light'}" x="${x + 4}" y="${y + 22}">${r + 1}</text>`;
    }
    for (let f = 0; f < this.files; f++) {
      const sq = sqName(f, fl ? this.ranks - 1 : 0);
      const { x, y } = this.xy(sq);
      const dark = (f + (fl ? this.ranks - 1 : 0)) % 2 === 0;
      h += `<text class="coord ${dark ? 'on-dark' : 'on-light'}" x="${x + S - 5}" y="${y + S - 6}" text-anchor="end">${String.fromCharCode(97 + f)}</text>`;
    }
    return h;
  }

  /**
   * The two squares of the Wall `p` stands on.
   * @param {BoardPiece} p
   * @param {Map<string, BoardPiece>} bySq
   * @returns {[string, string]}
   */
  wallPair(p, bySq) {
    const s = parseSq(p.square) || { f: 0, r: 0 };
    if (p.wall === 'right') return [sqName(s.f - 1, s.r), p.square];
    if (p.wall === 'left') return [p.square, sqName(s.f + 1, s.r)];
    // unknown half: pair with a neighbouring wall square of the same colour
    const right = bySq.get(sqName(s.f + 1, s.r));
    const left = bySq.get(sqName(s.f - 1, s.r));
    if (left && left.letter === 'L' && left.color === p.color && left.wall !== 'right' && !right) return [left.square, p.square];
    return [p.square, sqName(s.f + 1, s.r)];
  }

  /**
   * @param {'white' | 'black'} color
   * @param {[string, string]} pair
   * @param {boolean} ghost drawn faint (being dragged)
   */
  drawWall(color, pair, ghost) {
    const a = this.xy(pair[0]);
    const b = this.xy(pair[1]);
    const x = Math.min(a.x, b.x);
    const c = COLORS[color];
    return `<g class="piece wall ${color}" data-sq="${pair[0]}" opacity="${ghost ? 0.35 : 1}" pointer-events="none">${wallBricks(c, x + 8, a.y + 22, 2 * S - 16, S - 44)}
      <text x="${x + S}" y="${a.y + 62}" text-anchor="middle" font-size="26" font-weight="700" fill="${c.d}" stroke="${c.f}" stroke-width="5" paint-order="stroke">WALL</text></g>`;
  }

  /**
   * @param {BoardPiece} p
   * @param {boolean} ghost drawn faint (being dragged)
   */
  drawPiece(p, ghost) {
    const { x, y } = this.xy(p.square);
    const id = `pc-${p.color === 'white' ? 'w' : 'b'}${p.letter}`;
    const prongs = p.prongs && this.state.showProngs !== false ? p.prongs : null;
    const inset = prongs ? 20 : 4;
    let h = `<g class="piece ${p.color}" data-sq="${p.square}" opacity="${ghost ? 0.35 : 1}" pointer-events="none">`;
    if (prongs) h += drawProngs(p, x, y, !!this.state.flipped);
    const box = `x="${x + inset}" y="${y + inset}" width="${S - 2 * inset}" height="${S - 2 * inset}"`;
    // a piece without a drawing of its own gets the lettered stand-in inline
    h += LETTERS.includes(p.letter) ? `<use href="#${id}" ${box}/>` : `<svg ${box} viewBox="0 0 100 100">${glyph(p.letter, p.color)}</svg>`;
    if (p.wounded) h += `<circle cx="${x + 14}" cy="${y + 86}" r="8" fill="#d12b2b" stroke="#fff" stroke-width="3"><title>wounded</title></circle>`;
    return h + '</g>';
  }

  /**
   * Moves the keyboard focus to a square.
   * @param {string} sq
   */
  focus(sq) {
    this.focusSq = sq;
    for (const el of this.svg.querySelectorAll('.sq-hit')) el.setAttribute('tabindex', el.getAttribute('data-sq') === sq ? '0' : '-1');
    const el = /** @type {SVGElement | null} */ (this.svg.querySelector(`.sq-hit[data-sq="${sq}"]`));
    if (el) el.focus();
  }

  /**
   * The mouse rests on a square: after a moment, ask for its help.
   * @param {PointerEvent} e
   */
  hoverAt(e) {
    const sq = this.squareAtClient(e.clientX, e.clientY);
    if (sq === this.hoverSq) return;
    this.hideHover();
    this.hoverSq = sq;
    const onHover = this.opts.onHover;
    if (!sq || !this.bySq.get(sq) || !onHover) return;
    this.hoverTimer = setTimeout(() => onHover(sq, e.clientX, e.clientY), 450);
  }

  hideHover() {
    clearTimeout(this.hoverTimer);
    this.hoverSq = null;
    if (this.opts.onHoverEnd) this.opts.onHoverEnd();
  }
}
