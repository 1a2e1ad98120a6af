// Shared by the browser tests of the lobby and of friends playing on the
// server: Debian's headless Chromium through puppeteer-core, a recorder of
// everything a page receives from the server's API, and the library's own
// view of each seat, rebuilt from the record on disk, to hold it against.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { chromium, pkgFile, screenshotDir, canRun, moveNumber, launch as launchBrowser } from './client-helpers.mjs';

export { chromium, pkgFile, canRun, moveNumber };

/** A headless Chromium with a fresh profile (client-helpers.mjs), closed and removed after test `t`. */
export async function launch(t) {
  const { browser, profile } = await launchBrowser();
  t.after(async () => {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });
  return browser;
}

/** A page of its own browser context (its own sessionStorage), with its errors collected. */
export async function newPage(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.setViewport({ width: 1280, height: 900 });
  return page;
}

/**
 * Records every answer of the API and every Server-Sent Event that `page`
 * receives: {kind: 'response'|'event', url, text}. `settle()` waits for the
 * bodies still being read.
 */
export async function recordTraffic(page) {
  const received = [];
  const reading = [];
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', (m) => received.push({ kind: 'event', url: m.eventName, text: m.data }));
  page.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    if ((res.headers()['content-type'] || '').startsWith('text/event-stream')) return;
    reading.push(res.text().then((text) => received.push({ kind: 'response', url: res.url(), text }), () => {}));
  });
  return { received, settle: () => Promise.all(reading) };
}

const SUMMARY_KEYS = ['created', 'currentPlayer', 'finished', 'game', 'id', 'moveNumber', 'options', 'seats', 'title'];

let br = null;
/** The JS package, loaded once. */
export async function library() {
  if (!br) br = await (await import(pathToFileURL(pkgFile).href)).loadBoardrules();
  return br;
}

/**
 * Holds every view in `messages` (the texts a page of seat `seat` received)
 * against the library: the match's record on disk is replayed entry by entry,
 * and a view with k history entries must be the library's view of seat `seat`
 * after k entries: observation, render, every history text and effect, legal
 * moves only on its turn. Nothing may carry the seed or a token of another
 * seat. Returns the number of views checked.
 */
export async function checkSeatTraffic(recordFile, seat, messages, foreignTokens) {
  const lib = await library();
  const record = fs.readFileSync(recordFile, 'utf8');
  const seed = /^options .*\bseed=(\d+)/m.exec(record)[1];
  const full = lib.replayRecord(/^result /m.test(record) ? record : `${record}result *\n`);
  const views = [];
  for (const { text } of messages) {
    assert.ok(!text.includes(`seed=${seed}`) && !new RegExp(`"seed":\\s*"?${seed}\\b`).test(text), 'the seed stays on the server');
    for (const token of foreignTokens) assert.ok(!text.includes(token), "another seat's token never reaches this page");
    let value;
    try { value = JSON.parse(text); } catch { continue; }
    if (value && value.observation !== undefined) views.push(value);
  }
  const byLength = new Map();
  for (const v of views) {
    assert.equal(v.seat, seat, 'a view of the own seat only');
    // Nothing beside what is checked below: a field more could carry anything.
    const keys = ['history', 'legalMoves', 'match', 'observation', 'render', 'returns', 'seat', 'winners'];
    assert.deepEqual(Object.keys(v).sort(), v.upto === undefined ? keys : [...keys, 'upto'].sort(), 'the fields of a view');
    assert.deepEqual(Object.keys(v.match).sort(), SUMMARY_KEYS, 'the fields of a match summary');
    assert.ok(!/(^|,)(seed|chance)=/.test(v.match.options), 'the options shown leave out seed and chance');
    for (const h of v.history) assert.deepEqual(Object.keys(h).sort(), ['effects', 'index', 'player', 'text']);
    if (!byLength.has(v.history.length)) byLength.set(v.history.length, []);
    byLength.get(v.history.length).push(v);
  }
  const entries = full.history();
  const s = lib.newState(full.game.name, full.options.replace(/chance=auto/, 'chance=explicit'));
  try {
    for (let k = 0; k <= entries.length; k++) {
      for (const v of byLength.get(k) ?? []) {
        assert.deepEqual(v.observation, s.observe(seat), `seat ${seat}'s observation after ${k} entries`);
        assert.equal(v.render, s.render(seat), `seat ${seat}'s render after ${k} entries`);
        v.history.forEach((h, i) => {
          assert.equal(h.text, s.historyText(i, seat), `seat ${seat}, history ${i}`);
          assert.deepEqual(h.effects, s.historyEffects(i, seat), `seat ${seat}, effects ${i}`);
        });
        const mine = v.upto === undefined && !s.isTerminal && s.currentPlayer === seat;
        assert.deepEqual(v.legalMoves.map((m) => m.text), mine ? s.legalMoves().map((m) => s.moveToText(m, seat)) : [],
          `seat ${seat}'s legal moves after ${k} entries`);
      }
      if (k < entries.length) s.apply(entries[k].move);
    }
    const lengths = [...byLength.keys()].filter((k) => k > entries.length);
    assert.deepEqual(lengths, [], 'no view of a history longer than the record');
  } finally {
    s.free();
    full.free();
  }
  return views.length;
}


/**
 * The lobby of `page` creates a match of `game` with `seats` (the lobby's seat
 * values), ismcts `budgets` by seat and game `options` by key; resolves to its
 * join links, [seat] -> URL.
 */
export async function createInLobby(page, base, game, seats, budgets = {}, options = {}) {
  await page.goto(`${base}/`);
  await page.waitForSelector('body[data-lobby="ready"]', { timeout: 30000 });
  await page.select('#lobby-game', game);
  await page.$eval('#lobby-players', (e, n) => { e.value = n; e.dispatchEvent(new Event('input')); }, seats.length);
  for (let i = 0; i < seats.length; i++) {
    await page.select(`#lobby-seat-${i}`, seats[i]);
    if (budgets[i]) await page.$eval(`#lobby-budget-${i}`, (e, v) => { e.value = v; }, budgets[i]);
  }
  for (const [key, value] of Object.entries(options)) {
    await page.$eval(`#lobby-options [data-option="${key}"]`, (e, v) => { e.value = v; }, value);
  }
  await page.click('#lobby-create');
  await page.waitForSelector('.join-link', { timeout: 30000 });
  const links = await page.$$eval('.join-link', (es) => es.map((e) => [Number(e.dataset.seat), e.value]));
  return Object.fromEntries(links);
}

export function saveScreenshot(page, name) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  return page.screenshot({ path: path.join(screenshotDir, name), fullPage: true });
}
