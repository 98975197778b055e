// The Pick the Piece builder of the start screen: corner slots, pieces in
// hand, the setup string, the server's verdict with a preview, saved setups.

import { api } from '../api.js';
import { staticBoardSvg } from '../diagram.js';
import { $, closest, esc, input, savedSetups, store } from '../dom.js';
import { playerKey, REFUSED_IN_NAME } from '../player.js';
import { pieceSvg } from '../pieces.js';

/** @typedef {import('../types.js').VariantInfo} VariantInfo */
/** @typedef {import('../types.js').CataloguePiece} CataloguePiece */

/**
 * The builder's fieldset (hidden until "Your own Pick the Piece" is chosen),
 * with the pieces the server's catalogue allows in slots and in hand.
 * @param {CataloguePiece[]} pieces
 * @returns {string}
 */
export function builderHtml(pieces) {
  const slots = pieces.filter((p) => p.slot);
  const drops = pieces.filter((p) => p.drop);
  const slot = (/** @type {string} */ id, /** @type {string} */ label) => `<label>${label} <select id="${id}">${slots.map((p) => `<option value="${p.letter}" ${p.letter === 'A' ? 'selected' : ''}>${esc(p.name)} (${p.letter})</option>`).join('')}</select></label>`;
  /** @type {Record<string, number>} */
  const inHand = { C: 1, O: 1, J: 3 };
  return `<fieldset class="builder" id="builder" hidden><legend>Pick the Piece setup</legend>
      <p class="hint">Agree with your opponent which pieces fill the empty corner slots (a1 and j1; Black mirrors them) and which pieces each side may drop during the game (at most 10 in hand).</p>
      <div class="slots">${slot('slot-a', 'a1 slot')}${slot('slot-j', 'j1 slot')}</div>
      <div class="drops"><span class="drops-title">In hand for each side:</span>
        ${drops.map(({ letter: l, name }) => `<label class="drop-count" title="${esc(name)}">${pieceSvg(l, 'white', 28)}<span>${esc(name)}</span><input type="number" min="0" max="10" value="${inHand[l] || 0}" data-drop="${l}" aria-label="${esc(name)} in hand"></label>`).join('')}
      </div>
      <label class="spec">Setup string <input id="spec" type="text" spellcheck="false" autocomplete="off"></label>
      <div id="setup-result" class="setup-result" aria-live="polite"></div>
      <div class="save-setup"><label>Name <input id="setup-name" type="text" placeholder="e.g. Bombers and Cannons"></label> <button type="button" id="save-setup">Save setup</button></div>
      <div id="saved-setups" class="saved-setups"></div>
    </fieldset>`;
}

/**
 * What is wrong with a setup name ('' if nothing), as the server checks it:
 * 1 to 80 characters, none of them a control character or one that is
 * invisible or turns the text's direction (a name could pass for another).
 * @param {string} name
 */
export function setupNameProblem(name) {
  const n = [...name.trim()];
  if (!n.length || n.length > 80) return 'Give the setup a name of 1 to 80 characters first.';
  if (REFUSED_IN_NAME.test(name)) return 'A setup name may not hold control, invisible or text-direction characters.';
  return '';
}

/** The builder's behaviour once drawn. */
export class Builder {
  /**
   * @param {HTMLFormElement} form
   * @param {CataloguePiece[]} pieces
   */
  constructor(form, pieces) {
    this.form = form;
    /** Letters that may fill a corner slot. */
    this.slotLetters = pieces.filter((p) => p.slot).map((p) => p.letter);
    this.el = $('#builder');
    this.spec = input('#spec');
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.bind();
    this.renderSaved();
    this.mergeOwnSetups();
  }

  /** The setup string the slot and hand controls describe. */
  readControls() {
    const drops = [...this.form.querySelectorAll('[data-drop]')]
      .map((i) => /** @type {HTMLInputElement} */ (i))
      .map((i) => /** @type {[string, number]} */ ([i.dataset.drop || '', parseInt(i.value, 10) || 0]))
      .filter(([, n]) => n > 0);
    let spec = `pick-the-piece:slots=${input('#slot-a').value},${input('#slot-j').value}`;
    if (drops.length) spec += `;drops=${drops.map(([l, n]) => (n === 1 ? l : `${l}${n}`)).join(',')}`;
    return spec;
  }

  /**
   * Sets the slot and hand controls from a setup string.
   * @param {string} spec
   */
  writeControls(spec) {
    const m = /slots=([^;]*)/i.exec(spec);
    if (m) {
      const [a, j] = m[1].split(',').map((s) => s.trim().toUpperCase());
      if (this.slotLetters.includes(a)) input('#slot-a').value = a;
      if (this.slotLetters.includes(j)) input('#slot-j').value = j;
    }
    const d = /drops=([^;]*)/i.exec(spec);
    for (const i of this.form.querySelectorAll('[data-drop]')) /** @type {HTMLInputElement} */ (i).value = '0';
    if (d) for (const part of d[1].split(',')) {
      const mm = /^\s*([A-Za-z])\*?(\d*)\s*$/.exec(part);
      const inp = mm && this.form.querySelector(`[data-drop="${mm[1].toUpperCase()}"]`);
      if (mm && inp) /** @type {HTMLInputElement} */ (inp).value = mm[2] || '1';
    }
  }

  /**
   * Asks the server about the setup string; shows its verdict and a preview.
   * @returns {Promise<VariantInfo | null>} the setup's game if it is allowed
   */
  async check() {
    const spec = this.spec.value.trim();
    const out = $('#setup-result');
    if (!spec) { out.innerHTML = ''; return null; }
    out.innerHTML = '<p class="loading">Checking…</p>';
    try {
      const v = await api.variant(spec);
      if (this.spec.value.trim() !== spec) return null;
      const hand = Object.entries(v.start_pockets.white).filter(([, n]) => n > 0).map(([l, n]) => `${pieceSvg(l, 'white', 22)}×${n}`).join(' ');
      out.innerHTML = `<p class="ok">✓ ${esc(v.title)} — a valid setup: <code>${esc(v.key)}</code></p>
        <div class="setup-preview">${staticBoardSvg({ files: v.files, ranks: v.ranks, pieces: v.start_board, size: 260, showCoords: true, label: 'Start position of this setup' })}
        <div><p>Start position:</p><code class="fen-text">${esc(v.start_fen)}</code>
        ${v.has_pockets ? `<p>In hand: ${hand}</p>` : '<p>No drops.</p>'}
        <p><a href="/#rules/${encodeURIComponent(v.key)}" target="_blank">Rules and pieces of this setup</a></p></div></div>`;
      return v;
    } catch (e) {
      if (this.spec.value.trim() !== spec) return null;
      out.innerHTML = `<p class="error" role="alert">This setup is not allowed: ${esc(e instanceof Error ? e.message : String(e))}</p>`;
      return null;
    }
  }

  /**
   * Fills the setup string when the builder first opens.
   * @param {string} initial
   */
  open(initial) {
    if (this.spec.value) return;
    this.spec.value = initial || this.readControls();
    this.writeControls(this.spec.value);
    this.check();
  }

  scheduleCheck() { clearTimeout(this.timer); this.timer = setTimeout(() => this.check(), 250); }

  renderSaved() {
    const s = savedSetups();
    const names = Object.keys(s).filter((n) => !setupNameProblem(n));
    $('#saved-setups').innerHTML = names.length
      ? `<p>Saved setups:</p><ul>${names.map((n) => `<li><button type="button" data-use="${esc(n)}">${esc(n)}</button> <code>${esc(s[n])}</code> <button type="button" class="small" data-del="${esc(n)}" aria-label="Delete setup ${esc(n)}">✕</button></li>`).join('')}</ul>`
      : '';
  }

  bind() {
    this.el.addEventListener('input', (e) => {
      if (e.target === this.spec) { this.writeControls(this.spec.value); this.scheduleCheck(); return; }
      if (e.target instanceof HTMLElement && e.target.id === 'setup-name') return;
      this.spec.value = this.readControls();
      this.scheduleCheck();
    });
    this.el.addEventListener('click', (e) => {
      const use = closest(e, '[data-use]');
      const del = closest(e, '[data-del]');
      if (use && use.dataset.use) {
        this.spec.value = savedSetups()[use.dataset.use];
        input('#setup-name').value = use.dataset.use;
        this.writeControls(this.spec.value);
        this.check();
      }
      if (del && del.dataset.del) {
        const name = del.dataset.del;
        const s = savedSetups();
        delete s[name];
        store.set('menagerie.setups', s);
        this.renderSaved();
        api.deleteSetup(playerKey(), name).catch(() => {});
      }
    });
    $('#save-setup').addEventListener('click', () => this.save());
  }

  async save() {
    const name = input('#setup-name').value.trim();
    const problem = setupNameProblem(name);
    if (problem) { $('#setup-result').insertAdjacentHTML('afterbegin', `<p class="error" role="alert">${esc(problem)}</p>`); return; }
    const v = await this.check();
    if (!v) return;
    const s = savedSetups();
    s[name] = v.key;
    store.set('menagerie.setups', s);
    this.renderSaved();
    api.saveSetup(playerKey(), name, v.key).catch(() => { /* kept in this browser anyway */ });
  }

  /**
   * The setups this browser's player key saved on the server join the ones
   * kept here (the server lists no one else's).
   */
  mergeOwnSetups() {
    api.setups(playerKey()).then((list) => {
      if (!Array.isArray(list) || !list.length) return;
      const s = savedSetups();
      for (const x of list) {
        if (x && x.name && x.spec && !s[x.name] && !setupNameProblem(x.name) && /^pick-the-piece:/i.test(x.spec)) s[x.name] = x.spec;
      }
      store.set('menagerie.setups', s);
      this.renderSaved();
    }).catch(() => {});
  }
}
