// Nothing is lost: every acknowledged move survives a SIGKILL of the server,
// the match goes on after the restart, and a damaged match file is reported
// while the other matches still load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, tempDir, api, view, waitForView } from './server-helpers.mjs';

async function playMoves(base, id, seats, count) {
  const acknowledged = [];
  for (let i = 0; i < count; i++) {
    const summary = (await api(base, 'GET', `/api/matches/${id}`)).body;
    const seat = summary.currentPlayer;
    const v = (await view(base, id, seat, seats[seat].token)).body;
    const r = await api(base, 'POST', `/api/matches/${id}/moves`, { seat, token: seats[seat].token, move: v.legalMoves[0].move });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    acknowledged.push({ seat, text: v.legalMoves[0].text, moveNumber: r.body.match.moveNumber });
  }
  return acknowledged;
}

test('SIGKILL mid-game: no acknowledged move is lost and the match goes on', async () => {
  const data = tempDir('br-web-kill-');
  let server = await startServer(data);
  const people = (await api(server.url, 'POST', '/api/matches', { game: 'tuer-an-tuer', seats: ['person', 'person'] })).body;
  const withBot = (await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'bot:ismcts:time_ms=20'] })).body;
  const acknowledged = await playMoves(server.url, people.match.id, people.seats, 12);
  const botView = (await view(server.url, withBot.match.id, 0, withBot.seats[0].token)).body;
  const moved = await api(server.url, 'POST', `/api/matches/${withBot.match.id}/moves`, { seat: 0, token: withBot.seats[0].token, move: botView.legalMoves[0].move });
  assert.equal(moved.status, 200);
  const before = (await view(server.url, people.match.id, 0, people.seats[0].token)).body;
  await server.stop('SIGKILL');

  server = await startServer(data);
  try {
    const after = (await view(server.url, people.match.id, 0, people.seats[0].token)).body;
    assert.equal(after.match.moveNumber, acknowledged.at(-1).moveNumber, 'every acknowledged move is back');
    assert.deepEqual(after.history, before.history, "seat 0's history is the same");
    assert.deepEqual(after.observation, before.observation);
    const more = await playMoves(server.url, people.match.id, people.seats, 3);
    assert.equal(more.length, 3, 'the match goes on after the restart');
    // The move acknowledged just before the kill is there, and the bot, cut
    // off before or after its answer, plays on.
    const w = await waitForView(server.url, withBot.match.id, 0, withBot.seats[0].token,
      (x) => x.match.currentPlayer === 0 || x.match.finished);
    assert.ok(w.match.moveNumber >= moved.body.match.moveNumber);
  } finally {
    await server.stop();
  }
});

test('a damaged match file is reported and the other matches still load', async () => {
  const data = tempDir('br-web-damaged-');
  let server = await startServer(data);
  const good = (await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] })).body;
  const bad = (await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] })).body;
  await playMoves(server.url, good.match.id, good.seats, 2);
  await server.stop('SIGKILL');
  fs.appendFileSync(path.join(data, `${bad.match.id}.record`), '0: this is no move\n');
  fs.writeFileSync(path.join(data, 'garbage0000.record'), '\u0000\u0001 not a record');

  server = await startServer(data);
  try {
    const list = (await api(server.url, 'GET', '/api/matches')).body;
    assert.deepEqual(list.map((m) => m.id), [good.match.id], 'the good match loads, the damaged ones do not');
    assert.match(server.stderr(), new RegExp(`damaged match ${bad.match.id}`));
    assert.match(server.stderr(), /damaged match garbage0000/);
    const v = await view(server.url, good.match.id, 0, good.seats[0].token);
    assert.equal(v.status, 200);
  } finally {
    await server.stop();
  }
});

test('a torn last line (a crash during an unacknowledged append) is dropped', async () => {
  const data = tempDir('br-web-torn-');
  let server = await startServer(data);
  const m = (await api(server.url, 'POST', '/api/matches', { game: 'tuer-an-tuer', seats: ['person', 'person'] })).body;
  const played = await playMoves(server.url, m.match.id, m.seats, 3);
  await server.stop('SIGKILL');
  fs.appendFileSync(path.join(data, `${m.match.id}.record`), '1: exch');

  server = await startServer(data);
  try {
    const v = (await view(server.url, m.match.id, 0, m.seats[0].token)).body;
    assert.equal(v.match.moveNumber, played.at(-1).moveNumber);
    assert.equal((await playMoves(server.url, m.match.id, m.seats, 1)).length, 1);
  } finally {
    await server.stop();
  }
});

test('a finished match restores as finished, its record untouched', async () => {
  const data = tempDir('br-web-finished-');
  let server = await startServer(data);
  const m = (await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['bot:random', 'bot:random'] })).body;
  const end = Date.now() + 20000;
  while (!(await api(server.url, 'GET', `/api/matches/${m.match.id}`)).body.finished) {
    assert.ok(Date.now() < end, 'the bots finish the game');
    await new Promise((r) => setTimeout(r, 20));
  }
  await server.stop('SIGKILL');
  const file = path.join(data, `${m.match.id}.record`);
  const record = fs.readFileSync(file, 'utf8');
  assert.equal(record.match(/^result /gm).length, 1);

  server = await startServer(data);
  try {
    const again = (await api(server.url, 'GET', `/api/matches/${m.match.id}`)).body;
    assert.equal(again.finished, true);
    assert.equal(fs.readFileSync(file, 'utf8'), record);
  } finally {
    await server.stop();
  }
});
