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
