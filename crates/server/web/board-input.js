// Pointer and keyboard input on the board: click-click, dragging with mouse
// or touch, a long press or a resting mouse for help, arrows and Enter.

import { COLORS, wallBricks } from './pieces.js';
import { parseSq, sqName } from './squares.js';

/** @typedef {import('./board.js').Board} Board */
/** @typedef {import('./board.js').Press} Press */

const NS = 'http://www.w3.org/2000/svg';

/**
 * Wires the input handlers of `board` to its options' callbacks.
 * @param {Board} board
 */
export function bindInput(board) {
  const svg = board.svg;
  const opts = board.opts;
  /** @type {Press | null} */
  let press = null;
  const clearPress = () => {
    if (press && press.timer) clearTimeout(press.timer);
    if (press && press.ghost) press.ghost.remove();
    board.dragGhost = null;
    press = null;
  };
  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    const sq = board.squareAtClient(e.clientX, e.clientY);
    if (!sq) return;
    board.hideHover();
    const draggable = !!opts.canDrag && opts.canDrag(sq);
    /** @type {Press} */
    const pressed = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, drag: false, helped: false, type: e.pointerType, draggable };
    press = pressed;
    pressed.timer = setTimeout(() => {
      if (press === pressed && !pressed.drag && opts.onHelp && board.bySq.get(sq)) {
        pressed.helped = true;
        opts.onHelp(sq, pressed.x, pressed.y);
      }
    }, 550);
    try { svg.setPointerCapture(e.pointerId); } catch { /* ignore */ }
    if (draggable) e.preventDefault();
  });
  svg.addEventListener('pointermove', (e) => {
    if (!press) { if (e.pointerType === 'mouse') board.hoverAt(e); return; }
    if (e.pointerId !== press.id) return;
    const dist = Math.hypot(e.clientX - press.x, e.clientY - press.y);
    if (!press.drag && press.draggable && dist > 6) {
      press.drag = true;
      clearTimeout(press.timer);
      if (opts.onDragStart) opts.onDragStart(press.sq);
      const p = board.bySq.get(press.sq);
      if (p) {
        const g = document.createElementNS(NS, 'g');
        g.setAttribute('class', 'drag-ghost');
        g.setAttribute('pointer-events', 'none');
        if (p.letter === 'L') g.innerHTML = `<g transform="translate(-100 -50)">${wallBricks(p.color === 'black' ? COLORS.black : COLORS.white, 8, 22, 184, 56)}</g>`;
        else g.innerHTML = `<use href="#pc-${p.color === 'white' ? 'w' : 'b'}${p.letter}" x="-55" y="-55" width="110" height="110"/>`;
        svg.appendChild(g);
        press.ghost = g;
        board.dragGhost = g;
        const pt = board.svgPoint(e.clientX, e.clientY);
        g.setAttribute('transform', `translate(${pt.x} ${pt.y})`);
      }
    }
    if (press.drag && press.ghost) {
      const pt = board.svgPoint(e.clientX, e.clientY);
      press.ghost.setAttribute('transform', `translate(${pt.x} ${pt.y})`);
    } else if (dist > 10) clearTimeout(press.timer);
  });
  const finish = (/** @type {PointerEvent} */ e, /** @type {boolean} */ cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    clearPress();
    if (cancelled) { if (p.drag && opts.onDragCancel) opts.onDragCancel(); return; }
    const to = board.squareAtClient(e.clientX, e.clientY);
    if (p.drag) {
      if (to && to !== p.sq) { if (opts.onDrop) opts.onDrop(p.sq, to); }
      else if (opts.onDragCancel) opts.onDragCancel();
      return;
    }
    if (p.helped) return;
    if (to && opts.onClick) opts.onClick(to);
  };
  svg.addEventListener('pointerup', (e) => finish(e, false));
  svg.addEventListener('pointercancel', (e) => finish(e, true));
  svg.addEventListener('pointerleave', () => board.hideHover());
  svg.addEventListener('contextmenu', (e) => { e.preventDefault(); if (opts.onRightClick) opts.onRightClick(); });
  svg.addEventListener('keydown', (e) => {
    const t = e.target;
    const sq = t instanceof Element ? t.getAttribute('data-sq') : null;
    const p = parseSq(sq);
    if (!(t instanceof Element) || !sq || !p) return;
    const fl = board.state.flipped ? -1 : 1;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const step = moves[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation();
      const nf = p.f + step[0] * fl, nr = p.r + step[1] * fl;
      if (nf < 0 || nr < 0 || nf >= board.files || nr >= board.ranks) return;
      board.focus(sqName(nf, nr));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      if (opts.onClick) opts.onClick(sq);
      board.focus(sq);
    } else if (e.key === '?' || e.key === 'h') {
      const r = t.getBoundingClientRect();
      if (opts.onHelp && board.bySq.get(sq)) opts.onHelp(sq, r.left + r.width / 2, r.top + r.height / 2);
    }
  });
}
