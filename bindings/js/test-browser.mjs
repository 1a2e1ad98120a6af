// The browser smoke test: headless Chromium (Debian's chromium; nothing is
// downloaded) loads boardrules.mjs from a local HTTP server, plays a seeded
// game of each of the four games and writes the final snapshots into the
// page; Node plays the same games and the texts must be equal, byte for
// byte. No driver is needed: the page posts its result to the server, and
// Chromium runs with --dump-dom, which ends it once the page has loaded.
// The page holds an image that the server answers only after the result
// (or a failure) has arrived, so the page's load ends after the games. (It
// used --virtual-time-budget before: virtual time skips idle periods, and
// it sometimes ran out while the .wasm compiled, the DOM dumped before the
// games had run.)
// Usage: node test-browser.mjs PKGDIR   (CHROMIUM: the browser; without one
// the test says SKIP)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = resolve(process.argv[2] ?? '.');
const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromium = candidates.find((c) => c && existsSync(c));
if (!chromium) {
  console.log('test-browser.mjs: SKIP: no chromium (Debian: apt-get install chromium)');
  process.exit(0);
}

// Played the same way in the page and here: the state's generator resolves
// chance, move number k takes entry (31 k + 7) mod n of the legal moves.
const GAMES = [['tsuro', 'players=4,seed=7'], ['tuer-an-tuer', 'seed=3'],
  ['drunter-und-drueber', 'players=3,seed=2'], ['tore-der-welt', 'players=2,seed=4']];
function play(br, game, options) {
  const s = br.newState(game, options);
  while (!s.isTerminal) {
    if (s.isChanceNode) { s.resolveChance(); continue; }
    const moves = s.legalMoves();
    s.apply(moves[(31 * s.moveNumber + 7) % moves.length]);
  }
  const text = s.save();
  s.free();
  return text;
}

const page = `<!doctype html><meta charset="utf-8"><title>boardrules</title>
<pre id="out">RUNNING</pre>
<img src="hold.gif" alt="">
<script type="module">
const out = document.getElementById('out');
try {
  const { loadBoardrules } = await import('./boardrules.mjs');
  const br = await loadBoardrules();
  const play = ${play.toString()};
  const games = ${JSON.stringify(GAMES)};
  out.textContent = 'RESULT ' + JSON.stringify(games.map(([g, o]) => play(br, g, o)));
} catch (e) {
  out.textContent = 'FAILED ' + e + '\\n' + e.stack;
}
await fetch('result', { method: 'POST', body: out.textContent });
</script>`;

// The page's answer, and the held image's response waiting for it.
let posted = null;
let releaseHold = null;
const answered = new Promise((ok) => { releaseHold = ok; });
const HOLD_MS = 170000;   // under execFile's timeout below

const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer(async (req, res) => {
  const name = new URL(req.url, 'http://x').pathname.slice(1);
  if (name === 'smoke.html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    return;
  }
  if (name === 'result' && req.method === 'POST') {
    const parts = [];
    for await (const part of req) parts.push(part);
    posted = Buffer.concat(parts).toString('utf8');
    releaseHold();
    res.writeHead(204).end();
    return;
  }
  if (name === 'hold.gif') {
    await Promise.race([answered, new Promise((ok) => setTimeout(ok, HOLD_MS).unref())]);
    res.writeHead(204).end();
    return;
  }
  if (!/^[\w.-]+$/.test(name)) { res.writeHead(404).end(); return; }
  try {
    const body = await readFile(join(pkg, name));
    const ext = name.slice(name.lastIndexOf('.'));
    res.writeHead(200, { 'content-type': types[ext] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/smoke.html`;

const profile = mkdtempSync(join(tmpdir(), 'boardrules-chromium-'));
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--no-first-run', '--disable-extensions', `--user-data-dir=${profile}`,
  '--dump-dom', url];
let dom;
try {
  dom = await new Promise((ok, fail) => execFile(chromium, args,
    { timeout: 180000, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      (err ? fail(new Error(`${chromium} failed: ${err.message}\n${stderr}`)) : ok(stdout))));
} finally {
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

const shown = dom.match(/<pre id="out">([\s\S]*?)<\/pre>/)?.[1] ?? dom;
const unescape = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const text = posted ?? unescape(shown);
if (!text.startsWith('RESULT ')) {
  console.error(`test-browser.mjs: the page did not finish: ${text.slice(0, 2000)}`);
  process.exit(1);
}
const inBrowser = JSON.parse(text.slice(7));
const { loadBoardrules } = await import(pathToFileURL(join(pkg, 'boardrules.mjs')).href);
const br = await loadBoardrules();
let failed = 0;
GAMES.forEach(([game, options], i) => {
  const inNode = play(br, game, options);
  const same = inNode === inBrowser[i];
  if (!same) failed++;
  console.log(`test-browser.mjs: ${game} ${options}: ${same ? 'the same snapshot in Chromium and Node'
    : `DIFFERENT\n  chromium: ${inBrowser[i]}\n  node:     ${inNode}`}`);
});
process.exit(failed ? 1 : 0);
