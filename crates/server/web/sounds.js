// The game's sounds, our own, synthesised with WebAudio (no recordings): a
// move, a capture (every kind), a detonation, check, the end of the game and
// low time. Nothing plays before the player's first gesture on the page; a
// mute switch is remembered by the browser. Every sound played is also
// recorded in `window.__menagerieSounds` ({ kind, ply }), which tests read.

import { store } from './dom.js';

/** @typedef {'move' | 'capture' | 'detonation' | 'check' | 'end' | 'lowtime'} SoundKind */
/** @typedef {{ kind: SoundKind, ply: number }} SoundEvent */

const MUTED = 'menagerie.muted';
/** @type {AudioContext | null} */
let ctx = null;
let gestured = false;
let lowWarned = false;

/** @type {{ __menagerieSounds?: SoundEvent[] }} */
const hook = /** @type {any} */ (window);
const played = (hook.__menagerieSounds ||= []);

/** Browsers let a page make sound only after a gesture: wait for the first one. */
function unlock() {
  gestured = true;
  for (const t of ['pointerdown', 'keydown']) document.removeEventListener(t, unlock, true);
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch { ctx = null; }
}
for (const t of ['pointerdown', 'keydown']) document.addEventListener(t, unlock, true);

/** Whether the player switched the sounds off. */
export const isMuted = () => store.get(MUTED, /** @type {boolean} */ (false)) === true;

/**
 * A tone gliding from `f0` to `f1` with a quick attack and a decay.
 * @param {AudioContext} c
 * @param {{ type?: OscillatorType, f0: number, f1?: number, t0?: number, dur: number, gain: number }} o
 */
function tone(c, { type = 'sine', f0, f1 = f0, t0 = 0, dur, gain }) {
  const t = c.currentTime + t0;
  const osc = c.createOscillator();
  const g = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, t);
  if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t + dur);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.006);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(g).connect(c.destination);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

/**
 * A burst of filtered noise (wood, a knock, a blast).
 * @param {AudioContext} c
 * @param {{ t0?: number, dur: number, gain: number, filter?: BiquadFilterType, f0: number, f1?: number, q?: number }} o
 */
function noise(c, { t0 = 0, dur, gain, filter = 'bandpass', f0, f1 = f0, q = 1 }) {
  const t = c.currentTime + t0;
  const n = Math.max(1, Math.ceil(c.sampleRate * dur));
  const buf = c.createBuffer(1, n, c.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = c.createBufferSource();
  src.buffer = buf;
  const f = c.createBiquadFilter();
  f.type = filter;
  f.Q.value = q;
  f.frequency.setValueAtTime(f0, t);
  if (f1 !== f0) f.frequency.exponentialRampToValueAtTime(f1, t + dur);
  const g = c.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(c.destination);
  src.start(t);
}

/** @type {Record<SoundKind, (c: AudioContext) => void>} */
const SOUNDS = {
  // a short knock of wood on wood
  move: (c) => { noise(c, { dur: 0.05, f0: 2100, q: 2.2, gain: 0.55 }); tone(c, { f0: 230, f1: 150, dur: 0.07, gain: 0.22 }); },
  // a heavier knock and a second, higher click
  capture: (c) => {
    noise(c, { dur: 0.09, f0: 1300, q: 1.3, gain: 0.75 });
    tone(c, { f0: 170, f1: 90, dur: 0.12, gain: 0.32 });
    noise(c, { t0: 0.055, dur: 0.05, f0: 2700, q: 3, gain: 0.35 });
  },
  // a low rumble sweeping down
  detonation: (c) => {
    noise(c, { dur: 0.7, filter: 'lowpass', f0: 1700, f1: 60, q: 0.7, gain: 0.9 });
    tone(c, { f0: 115, f1: 34, dur: 0.6, gain: 0.5 });
  },
  // two rising notes
  check: (c) => { tone(c, { type: 'triangle', f0: 880, dur: 0.09, gain: 0.2 }); tone(c, { type: 'triangle', f0: 1320, t0: 0.1, dur: 0.13, gain: 0.2 }); },
  // a rising major arpeggio
  end: (c) => { [523.25, 659.25, 783.99].forEach((f, i) => tone(c, { type: 'triangle', f0: f, t0: i * 0.12, dur: 0.38, gain: 0.16 })); },
  // two quiet ticks
  lowtime: (c) => { tone(c, { type: 'square', f0: 1500, dur: 0.04, gain: 0.06 }); tone(c, { type: 'square', f0: 1500, t0: 0.16, dur: 0.04, gain: 0.06 }); },
};

/**
 * Plays a sound (unless muted, or before the first gesture) and records it.
 * @param {SoundKind} kind
 * @param {number} ply the game's ply count when it plays
 */
export function playSound(kind, ply) {
  if (!gestured || isMuted()) return;
  played.push({ kind, ply });
  if (!ctx) return;
  try { SOUNDS[kind](ctx); } catch { /* no audio device: stay silent */ }
}

/**
 * The sounds of a change of the game from `prev` to `v`: the newest move's
 * (a detonation, a capture or a move; check after it) and the end.
 * @param {import('./types.js').GameView} prev
 * @param {import('./types.js').GameView} v
 * @param {boolean} hasCheck the game marks check
 */
export function soundsFor(prev, v, hasCheck) {
  const n = v.moves.length;
  const lm = v.last_move;
  if (n > prev.moves.length && lm) {
    const took = (lm.captured || []).length > 0;
    playSound(took && lm.from && lm.from === lm.to ? 'detonation' : took ? 'capture' : 'move', n);
    if (v.check && hasCheck && !v.outcome) playSound('check', n);
  }
  if (v.outcome && !prev.outcome) playSound('end', n);
}

/**
 * The player's own running clock: a warning once when it falls under ten
 * seconds (again after it was above).
 * @param {number} ms
 * @param {number} ply
 */
export function clockTick(ms, ply) {
  const low = ms < 10000;
  if (low && !lowWarned) playSound('lowtime', ply);
  lowWarned = low;
}

/**
 * A loudspeaker, with sound waves or crossed out (drawn, not an emoji: not
 * every system has an emoji font).
 * @param {boolean} muted
 */
function speaker(muted) {
  const after = muted
    ? '<path d="M15 9l5 6M20 9l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    : '<path d="M15 9.5a3.5 3.5 0 0 1 0 5M17.5 7a7 7 0 0 1 0 10" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';
  return `<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 9.5h3.5L11 5.5v13l-4.5-4H3z" fill="currentColor"/>${after}</svg>`;
}

/** The mute switch's HTML. */
export function soundButtonHtml() {
  const m = isMuted();
  return `<button type="button" id="sound-toggle" class="small sound-toggle" aria-label="Mute sounds" aria-pressed="${m ? 'true' : 'false'}" title="${m ? 'Sounds are off: click to switch them on' : 'Sounds are on: click to switch them off'}">${speaker(m)}<span>${m ? 'Sound off' : 'Sound on'}</span></button>`;
}

/**
 * Wires the mute switch (remembered by the browser).
 * @param {HTMLElement} button
 */
export function wireSoundButton(button) {
  button.onclick = () => {
    store.set(MUTED, !isMuted());
    button.outerHTML = soundButtonHtml();
    const fresh = document.getElementById('sound-toggle');
    if (fresh) { wireSoundButton(fresh); fresh.focus(); }
  };
}
