// Records on the analysis board: the tree written as a record with its side
// lines (the server writes it), and a record read back into the tree.

import { boardApi } from '../api.js';
import { $, esc } from '../dom.js';
import { boardHref } from './address.js';
import { navigate } from './layout.js';
import { B } from './state.js';
import { addChild } from './tree.js';

/** @typedef {import('./tree.js').TreeNode} TreeNode */
/** @typedef {import('../types.js').NodeInput} NodeInput */
/** @typedef {import('../types.js').RecordNode} RecordNode */
/** @typedef {import('../types.js').RecordTree} RecordTree */

/** The record box of the side column. */
export function recordBoxHtml() {
  return `<details class="record-box" id="record-box"><summary>Record (with side lines)</summary>
    <p><button type="button" id="record-export">Write the record</button> <button type="button" id="record-import">Read the record below</button></p>
    <textarea id="record-text" rows="6" spellcheck="false" aria-label="Record text"></textarea>
    <p class="error" id="record-error" role="alert"></p></details>`;
}

/**
 * The moves after `node` as the record writer takes them: the first child
 * continues the line, the others are its alternatives.
 * @param {TreeNode} node
 * @returns {NodeInput[]}
 */
export function lineFrom(node) {
  /** @type {NodeInput[]} */
  const out = [];
  for (let n = node; n.children.length; n = n.children[0]) {
    const [main, ...side] = n.children;
    out.push({ move: main.move || '', variations: side.map((s) => [{ move: s.move || '' }, ...lineFrom(s)]) });
  }
  return out;
}

/**
 * Adds a record's line (and its side lines) under `node`.
 * @param {TreeNode} node
 * @param {RecordNode[]} line
 */
export function graft(node, line) {
  let n = node;
  for (const r of line) {
    const parent = n;
    n = addChild(parent, r.move, r.label);
    for (const v of r.variations) graft(parent, v);
  }
}

/** Writes the whole tree as a record into the box. */
async function exportRecord() {
  const err = $('#record-error');
  err.textContent = '';
  try {
    const r = await boardApi.writeRecord({ variant: B.variant.key, options: B.options, fen: B.fen || undefined, line: lineFrom(B.root) });
    /** @type {HTMLTextAreaElement} */ ($('#record-text')).value = r.text;
  } catch (e) {
    err.textContent = e instanceof Error ? e.message : String(e);
  }
}

/**
 * Reads the box's record; `open` starts the board on its game and start
 * position with its moves as the tree.
 * @param {(tree: RecordTree) => void} open
 */
async function importRecord(open) {
  const err = $('#record-error');
  err.textContent = '';
  const text = /** @type {HTMLTextAreaElement} */ ($('#record-text')).value;
  try {
    open(await boardApi.readRecord(text));
  } catch (e) {
    err.innerHTML = esc(e instanceof Error ? e.message : String(e));
  }
}

/** @type {RecordTree | null} */
let pending = null;

/**
 * Opens the board on a record's game and start position; its moves become
 * the tree once the board is there ({@link takeRecord}).
 * @param {RecordTree} tree
 */
function openRecord(tree) {
  pending = tree;
  navigate(boardHref({ variant: tree.variant, fen: tree.fen, options: tree.options }));
}

/**
 * The record waiting to become the tree of a board on `variant`, if any
 * (taken once).
 * @param {string} variant
 */
export function takeRecord(variant) {
  const t = pending;
  pending = null;
  return t && t.variant === variant ? t : null;
}

/** Wires the record box. */
export function wireRecordBox() {
  $('#record-export').onclick = exportRecord;
  $('#record-import').onclick = () => importRecord(openRecord);
}
