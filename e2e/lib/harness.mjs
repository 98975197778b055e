// Shared helpers for the end-to-end tests: start `menagerie serve`, drive
// headless Debian chromium through playwright-core, talk to the API directly
// where a test only needs to set something up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = process.env.MENAGERIE_BIN || path.join(ROOT, 'target/release/menagerie');
export const SHOTS = process.env.E2E_SCREENSHOTS || path.join(ROOT, 'target/e2e-screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(SHOTS, { recursive: true });

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

/** Starts the server; returns { url, port, db, stop(), restart() }. */
export async function startServer({ db, port } = {}) {
  if (process.env.E2E_URL) return { url: process.env.E2E_URL, stop: async () => {}, restart: async () => {} };
  db = db || path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'menagerie-e2e-')), 'games.db');
  port = port || (await freePort());
  const srv = { db, port, url: `http://127.0.0.1:${port}`, proc: null, log: '' };
  const launch = async () => {
    const proc = spawn(BIN, ['serve', '--port', String(port), '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
    srv.proc = proc;
    proc.stdout.on('data', (d) => { srv.log += d; });
    proc.stderr.on('data', (d) => { srv.log += d; });
    const deadline = Date.now() + 30000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${srv.log}`);
      try { const r = await fetch(`${srv.url}/api/variants`); if (r.ok) break; } catch (_) { /* not yet */ }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${srv.log}`);
      await sleep(100);
    }
  };
  srv.stop = async () => {
    const p = srv.proc;
    if (!p || p.exitCode !== null) return;
    const done = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    const t = setTimeout(() => p.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(t);
  };
  srv.restart = async () => { await srv.stop(); await launch(); };
  /** Kills the server at once (SIGKILL), as a crash would. */
  srv.kill = async () => {
    const p = srv.proc;
    if (!p || p.exitCode !== null) return;
    const done = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await done;
  };
  /** Starts the server again on the same port and database. */
  srv.start = launch;
  await launch();
  return srv;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function launchBrowser() {
  // playwright gives every launch a fresh temporary --user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return browser;
}

/** A fresh page that fails the test on page errors. */
export async function newPage(browser, { width = 1280, height = 900, mobile = false } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height }, hasTouch: mobile, isMobile: mobile, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource|EventSource|ERR_/.test(m.text())) page.errors.push(m.text()); });
  page.waitForFunction = (fn, arg, opts) => waitInPage(page, fn, arg, opts);
  await page.addInitScript(() => { window.__menagerieNoConfirm = true; });
  if (process.env.E2E_WEB_DIR) await servePageFrom(page, process.env.E2E_WEB_DIR);
  return page;
}

/**
 * `page.waitForFunction` without `eval`: playwright's own builds its
 * predicate inside the page with `eval`, which the page's
 * Content-Security-Policy (no 'unsafe-eval') refuses. This one asks with
 * `page.evaluate` (run through the debugger protocol, which the policy
 * does not cover) every 50 ms until the answer is truthy.
 * @param {import('playwright-core').Page} page
 * @param {Function} fn
 * @param {unknown} [arg]
 * @param {{ timeout?: number }} [opts]
 */
async function waitInPage(page, fn, arg, { timeout = 30000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const v = await page.evaluate(/** @type {any} */ (fn), arg);
      if (v) return v;
    } catch (e) {
      // The page navigated meanwhile (the predicate may be waiting for that): ask the new one.
      if (!/context was destroyed|navigat/i.test(String(e))) throw e;
    }
    if (Date.now() > deadline) throw new Error(`page.waitForFunction: timeout ${timeout}ms exceeded (${String(fn).slice(0, 120)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * While working on the page: serves its files (index.html, scripts, styles)
 * from `dir` instead of the server binary, so a change needs no rebuild.
 * Set E2E_WEB_DIR=crates/server/web (relative to the repository root) to use it.
 */
async function servePageFrom(page, dir) {
  const root = path.resolve(ROOT, dir);
  await page.route((url) => !url.pathname.startsWith('/api/'), (route) => {
    const req = route.request();
    const { pathname } = new URL(req.url());
    const file = req.resourceType() === 'document' ? 'index.html' : pathname.slice(1);
    const full = path.join(root, file);
    if (!full.startsWith(root) || !fs.existsSync(full) || !fs.statSync(full).isFile()) return route.continue();
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
    return route.fulfill({ body: fs.readFileSync(full), contentType: types[path.extname(full)] || 'application/octet-stream' });
  });
}

export async function api(srv, method, p, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers['X-Seat-Token'] = token;
  const r = await fetch(srv.url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data;
  try { data = JSON.parse(text); } catch (_) { data = text; }
  if (!r.ok) throw new Error(`${method} ${p} -> ${r.status}: ${text}`);
  return data;
}

/**
 * A JSON request sent from the loopback address `from` (`127.x.y.z`), so
 * that the server counts it for another client than the page's (games
 * against the engine are capped per address: docs/api.md, Limits).
 * @param {{ port: number }} srv
 * @param {string} from
 * @param {string} method
 * @param {string} p
 * @param {unknown} [body]
 */
export function apiFrom(srv, from, method, p, body) {
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port: srv.port, path: p, method, localAddress: from,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        if ((res.statusCode || 0) >= 400) { reject(new Error(`${method} ${p} from ${from} -> ${res.statusCode}: ${text}`)); return; }
        try { resolve(JSON.parse(text)); } catch (_) { resolve(text); }
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Creates a game through the API and opens it in `page` with its seat token. */
export async function openGame(page, srv, body) {
  const res = await api(srv, 'POST', '/api/games', body);
  await page.goto(srv.url + (res.links && res.links[res.seat] ? res.links[res.seat] : `/play/${res.id}?seat=${res.token}`));
  await page.waitForSelector('.board-svg .sq-hit');
  return res;
}

export const sq = (s) => `.board-svg .sq-hit[data-sq="${s}"]`;
export async function click(page, s) { await page.click(sq(s)); }

export async function moveCount(page) { return page.locator('#movelist button[data-ply]').count(); }
export async function waitMoves(page, n, timeout = 20000) {
  await page.waitForSelector(`#movelist button[data-ply="${n}"]`, { timeout });
}
/**
 * Plays each [from, to] of `moves` by two clicks and waits until it shows, the game
 * having `before` moves: a click while a move is on its way is not queued.
 */
export async function clickMoves(page, moves, before = 0) {
  for (const [i, [a, b]] of moves.entries()) { await click(page, a); await click(page, b); await waitMoves(page, before + i + 1); }
}
/** The move strings recorded by the server so far. */
export async function serverMoves(srv, id) {
  const g = await api(srv, 'GET', `/api/games/${id}`);
  return g.moves.map((m) => m.text);
}
export async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** A picture of the board column only (for docs/screenshots). */
export async function boardShot(page, name) {
  await page.locator('.board-col').screenshot({ path: path.join(SHOTS, `board-${name}.png`) });
}

/** Drags from one square to another with pointer (mouse) events. */
export async function drag(page, from, to) {
  const box = async (s) => {
    for (let i = 0; i < 50; i++) { const r = await page.locator(sq(s)).boundingBox().catch(() => null); if (r) return r; await sleep(50); }
    throw new Error(`no square ${s} on the board`);
  };
  const a = await box(from);
  const b = await box(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 8, a.y + a.height / 2 + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
}
