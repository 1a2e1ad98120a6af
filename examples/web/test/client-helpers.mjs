// Shared by the browser tests: a small HTTP server for public/ and the
// package, Debian's headless Chromium with a fresh profile, a page ready to
// start a game, and where the screenshots go (BR_WEB_SCREENSHOTS, by default
// examples/web/test-output/, which git ignores).
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');
const publicDir = path.join(webRoot, 'public');
export const pkgFile = path.resolve(webRoot, process.env.BOARDRULES_JS || '../../build/bindings/js/boardrules.mjs');
const pkgDir = path.dirname(pkgFile);
export const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
export const screenshotDir = path.resolve(process.env.BR_WEB_SCREENSHOTS || path.join(webRoot, 'test-output'));

const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

// public/ at /, the package's folder at /pkg/; nothing outside either.
export function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let root = publicDir;
    let rel = decodeURIComponent(url.pathname);
    if (rel.startsWith('/pkg/')) { root = pkgDir; rel = rel.slice(4); }
    if (rel === '/') rel = '/index.html';
    const file = path.join(root, path.normalize(rel));
    if (!file.startsWith(root + path.sep)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' }).end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'boardrules-web-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`],
  });
  return { browser, profile };
}

// A fresh browser on the test server's page, ready to start a game.
export async function openPage(t) {
  const server = await serve();
  const { browser, profile } = await launch();
  t.after(async () => {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForSelector('body[data-state="ready"]', { timeout: 30000 });
  return { page, pageErrors };
}

export async function startGame(page, game, options, seats) {
  await page.select('#game', game);
  await page.type('#options', options);
  for (let i = 0; i < seats.length; i++) await page.select(`#seat-${i}`, seats[i]);
  await page.click('#start');
}

export const setSlider = (page, value) =>
  page.$eval('#replay', (e, v) => { e.value = v; e.dispatchEvent(new Event('input')); }, value);

export const canRun = () => fs.existsSync(chromium) && fs.existsSync(pkgFile);


export const moveNumber = (page) => page.$eval('body', (b) => Number(b.dataset.moveNumber));

// The table as it is now (the board, what lies beside it, the log; not the
// text render), as `name`.png in the screenshot folder, at most 1000 px wide.
export async function screenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.$eval('#render', (r) => { r.dataset.wasHidden = r.hidden; r.hidden = true; });
  const box = await page.$eval('main', (m) => {         // in page coordinates, however scrolled
    const r = m.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  const scale = Math.min(1, 1000 / box.width);
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    clip: { x: box.x, y: box.y, width: box.width, height: box.height, scale },
    captureBeyondViewport: true,
  });
  await page.$eval('#render', (r) => { r.hidden = r.dataset.wasHidden === 'true'; });
}

// Waits for the person's turn or the end; true when it is the person's turn.
export async function myTurn(page) {
  await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]', { timeout: 60000 });
  return !(await page.$('body[data-state="over"]'));
}

// Waits for a move after `before`; on a timeout says what the page says.
export async function movedOn(page, before) {
  try {
    await page.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 60000 }, before);
  } catch (e) {
    const message = await page.$eval('#message', (m) => m.textContent);
    throw new Error(`no move after ${before}: the page says '${message}' (${e.message})`);
  }
}

export async function messageAfter(page) {
  await page.waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 30000 });
  return page.$eval('#message', (e) => e.textContent);
}

export { assert };
