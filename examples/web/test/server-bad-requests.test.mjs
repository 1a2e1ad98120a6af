// Bad requests are refused with a clear error and change nothing: not the
// match's state, not its record on disk. Static files cannot leave their folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startServer, tempDir, api, view } from './server-helpers.mjs';

let server;
let data;
let match;
let seats;
let publicDir;

/** A GET with the path sent exactly as written (fetch would normalise '..'). */
function rawGet(base, rawPath) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

before(async () => {
  data = tempDir('br-web-bad-');
  const site = tempDir('br-web-site-');
  publicDir = path.join(site, 'public');
  fs.mkdirSync(publicDir);
  fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>table</title>');
  fs.writeFileSync(path.join(site, 'secret.txt'), 'SECRET-OUTSIDE');
  fs.symlinkSync(path.join(site, 'secret.txt'), path.join(publicDir, 'link.txt'));
  server = await startServer(data, ['--public', publicDir, '--body-limit', '4096']);
  ({ match, seats } = (await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] })).body);
});
after(async () => { await server.stop(); });

/** Runs `attempt` and checks that seat 0's view and the record stay as they were. */
async function refusedWithoutChange(attempt) {
  const recordFile = path.join(data, `${match.id}.record`);
  const recordBefore = fs.readFileSync(recordFile, 'utf8');
  const viewBefore = (await view(server.url, match.id, 0, seats[0].token)).body;
  const result = await attempt();
  assert.ok(result.status >= 400 && result.status < 500, `refused with a 4xx, got ${result.status}`);
  assert.equal(typeof result.body.reason, 'string', 'a reason is given');
  assert.deepEqual((await view(server.url, match.id, 0, seats[0].token)).body, viewBefore, 'the state is unchanged');
  assert.equal(fs.readFileSync(recordFile, 'utf8'), recordBefore, 'the record is unchanged');
  return result;
}

const movePath = () => `/api/matches/${match.id}/moves`;
const firstMove = async () => (await view(server.url, match.id, 0, seats[0].token)).body.legalMoves[0].move;

test('a wrong token is refused (403)', async () => {
  const r = await refusedWithoutChange(async () => api(server.url, 'POST', movePath(), { seat: 0, token: seats[0].token.slice(1) + 'A', move: await firstMove() }));
  assert.equal(r.status, 403);
  assert.equal((await view(server.url, match.id, 0, 'nope')).status, 403);
  assert.equal((await view(server.url, match.id, 0, '')).status, 403);
});

test("another seat's token is refused, and so is a seat that is not there", async () => {
  const r = await refusedWithoutChange(async () => api(server.url, 'POST', movePath(), { seat: 0, token: seats[1].token, move: await firstMove() }));
  assert.equal(r.status, 403);
  const out = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), { seat: 7, token: seats[0].token, move: 0 }));
  assert.equal(out.status, 400);
  const str = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), { seat: '0', token: seats[0].token, move: 0 }));
  assert.equal(str.status, 400);
  assert.equal((await view(server.url, match.id, 1, seats[0].token)).status, 403, "seat 0's token does not open seat 1's view");
});

test('a move out of turn is refused (409)', async () => {
  const r = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), { seat: 1, token: seats[1].token, move: 0 }));
  assert.equal(r.status, 409);
  assert.equal(r.body.error, 'not-your-turn');
});

test("an illegal move is refused with the library's reason (422)", async () => {
  for (const move of ['@c3:0', 'nonsense', 99999, -1]) {
    const r = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), { seat: 0, token: seats[0].token, move }));
    assert.equal(r.status, 422, `${move}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.error, 'illegal-move');
  }
  const wrongType = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), { seat: 0, token: seats[0].token, move: { x: 1 } }));
  assert.equal(wrongType.status, 400);
});

test('malformed JSON is refused (400)', async () => {
  for (const raw of ['{"seat": 0,', 'not json', '[1,2]', 'null', '']) {
    const r = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), undefined, { raw }));
    assert.equal(r.status, 400, raw);
    assert.equal(r.body.error, 'bad-json');
  }
  const create = await api(server.url, 'POST', '/api/matches', undefined, { raw: '{"game":' });
  assert.equal(create.status, 400);
});

test('a body over the limit is refused (413)', async () => {
  const big = { seat: 0, token: seats[0].token, move: 'x'.repeat(5000) };
  const r = await refusedWithoutChange(() => api(server.url, 'POST', movePath(), big));
  assert.equal(r.status, 413);
  const matchesBefore = (await api(server.url, 'GET', '/api/matches')).body.length;
  const c = await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'], pad: 'y'.repeat(5000) });
  assert.equal(c.status, 413);
  assert.equal((await api(server.url, 'GET', '/api/matches')).body.length, matchesBefore, 'no match was made');
});

test('bad match requests make no match and no file', async () => {
  const filesBefore = fs.readdirSync(data).sort();
  for (const body of [
    { game: 'chess', seats: ['person', 'person'] },
    { game: 'tsuro', seats: [] },
    { game: 'tsuro', seats: ['person', 'robot'] },
    { game: 'tsuro', seats: ['person', 'bot:nosuchbot'] },
    { game: 'tsuro', seats: ['person', 'bot:ismcts:time_ms=999999'] },
    { game: 'tsuro', seats: ['person', 'bot:greedy:colour=red'] },
    { game: 'tsuro', options: { board: 'huge' }, seats: ['person', 'person'] },
    { game: 'tsuro', options: { players: 3 }, seats: ['person', 'person'] },
  ]) {
    const r = await api(server.url, 'POST', '/api/matches', body);
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
    assert.ok(r.body.reason.length > 0);
  }
  assert.deepEqual(fs.readdirSync(data).sort(), filesBefore);
  assert.equal((await api(server.url, 'GET', '/api/matches/..%2f..%2fetc')).status, 404);
});

test('static files: served from the folder, never from outside it', async () => {
  const index = await rawGet(server.url, '/');
  assert.equal(index.status, 200);
  const page = await fetch(`${server.url}/?match=x&seat=0&token=secret`);
  assert.equal(page.headers.get('referrer-policy'), 'no-referrer', 'a join link is no referrer');
  assert.match(index.body, /<title>table<\/title>/);
  for (const p of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/a/../../secret.txt',
    '/..\\secret.txt', '/link.txt', '/%00', '/%E0%A4%A']) {
    const r = await rawGet(server.url, p);
    assert.ok(r.status === 404 || r.status === 400, `${p}: ${r.status}`);
    assert.ok(!r.body.includes('SECRET-OUTSIDE'), `${p} leaked the file outside`);
  }
});

test('the package is served at /pkg/ for the page, and nothing beside it', async () => {
  const mjs = await fetch(`${server.url}/pkg/boardrules.mjs`);
  assert.equal(mjs.status, 200);
  assert.match(mjs.headers.get('content-type'), /^text\/javascript/);
  const wasm = await fetch(`${server.url}/pkg/boardrules_core.wasm`);
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  for (const p of ['/pkg/../Makefile', '/pkg/..%2fMakefile', '/pkg/%2e%2e/%2e%2e/config.status']) {
    const r = await rawGet(server.url, p);
    assert.equal(r.status, 404, p);
  }
});

/** A request with the Host header set as given (fetch would not let us). */
function withHost(base, host, method, rawPath, body) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const headers = { host };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = http.request({ hostname, port, path: rawPath, method, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let parsed;
        try { parsed = JSON.parse(text); } catch { parsed = text; }
        resolve({ status: res.statusCode, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

test('DNS rebinding: a request for a host that is not this server is refused (403)', async () => {
  const { port } = new URL(server.url);
  const seatView = `/api/matches/${match.id}/view?seat=0&token=${encodeURIComponent(seats[0].token)}`;
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, 'localhost']) {
    assert.equal((await withHost(server.url, host, 'GET', '/')).status, 200, host);
  }
  for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `localhost.evil.example`]) {
    const page = await withHost(server.url, host, 'GET', '/');
    assert.equal(page.status, 403, host);
    assert.equal(page.body.error, 'bad-host');
    assert.match(page.body.reason, /--allow-host/, 'the reason names the way out');
    const seen = await withHost(server.url, host, 'GET', seatView);
    assert.equal(seen.status, 403, `${host}: no seat's view`);
    assert.ok(!JSON.stringify(seen.body).includes('observation'));
  }
  for (const host of ['', 'a b', `[::1:${port}`, 'x:y:z']) {
    assert.equal((await withHost(server.url, host, 'GET', '/')).status, 400, `malformed Host '${host}'`);
  }
  const filesBefore = fs.readdirSync(data).sort();
  const made = await refusedWithoutChange(async () => withHost(server.url, `evil.example:${port}`, 'POST', movePath(),
    { seat: 0, token: seats[0].token, move: await firstMove() }));
  assert.equal(made.status, 403, 'no move from a foreign host');
  const create = await withHost(server.url, 'evil.example', 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] });
  assert.equal(create.status, 403, 'no match from a foreign host');
  assert.deepEqual(fs.readdirSync(data).sort(), filesBefore, 'no file was made');
});

test('--allow-host adds a name; --max-matches limits the unfinished matches (503)', { timeout: 60000 }, async () => {
  const dir = tempDir('br-web-limit-');
  const small = await startServer(dir, ['--max-matches', '2', '--allow-host', 'table.example,Games.Example.']);
  try {
    const { port } = new URL(small.url);
    assert.equal((await withHost(small.url, `table.example:${port}`, 'GET', '/api/games')).status, 200);
    assert.equal((await withHost(small.url, 'games.example', 'GET', '/api/games')).status, 200);
    assert.equal((await withHost(small.url, `evil.example:${port}`, 'GET', '/api/games')).status, 403);

    const two = [];
    for (let i = 0; i < 2; i++) {
      const r = await api(small.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] });
      assert.equal(r.status, 201);
      two.push(r.body);
    }
    const filesBefore = fs.readdirSync(dir).sort();
    const over = await api(small.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] });
    assert.equal(over.status, 503);
    assert.equal(over.body.error, 'too-many-matches');
    assert.match(over.body.reason, /--max-matches 2/);
    assert.deepEqual(fs.readdirSync(dir).sort(), filesBefore, 'no file for the refused match');
    assert.equal((await api(small.url, 'GET', '/api/matches')).body.length, 2);

    // A finished match leaves room for a new one.
    const { match: m, seats: s } = two[0];
    for (let turn = 0; turn < 200; turn++) {
      const summary = (await api(small.url, 'GET', `/api/matches/${m.id}`)).body;
      if (summary.finished) break;
      const seat = summary.currentPlayer;
      const v = (await view(small.url, m.id, seat, s[seat].token)).body;
      const r = await api(small.url, 'POST', `/api/matches/${m.id}/moves`, { seat, token: s[seat].token, move: v.legalMoves[0].move });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    assert.equal((await api(small.url, 'GET', `/api/matches/${m.id}`)).body.finished, true);
    assert.equal((await api(small.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] })).status, 201);
    assert.equal((await api(small.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] })).status, 503);
  } finally {
    await small.stop();
  }
});
