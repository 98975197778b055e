// Usage: node shot.mjs <url-or-file> <out.png> [width] [height]
import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const [url, out, w = '1000', h = '700'] = process.argv.slice(2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chr-'));
const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: +w, height: +h } });
const page = await ctx.newPage();
page.on('console', m => console.log('console:', m.text()));
page.on('pageerror', e => console.log('pageerror:', e.message));
await page.goto(url.startsWith('http') ? url : 'file://' + path.resolve(url));
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await ctx.close();
