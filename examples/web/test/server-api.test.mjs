// The server's API: creating, listing and joining matches, views that hold
// only the seat's own hidden information, moves checked by the library,
// bots answering on the server, and Server-Sent Events.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, tempDir, api, view, waitForView } from './server-helpers.mjs';

let server;
before(async () => { server = await startServer(tempDir('br-web-api-')); });
after(async () => { await server.stop(); });

test('lists the four games with their option specs', async () => {
  const { status, body } = await api(server.url, 'GET', '/api/games');
  assert.equal(status, 200);
  assert.deepEqual(body.map((g) => g.name).sort(),
    ['drunter-und-drueber', 'tore-der-welt', 'tsuro', 'tuer-an-tuer']);
  assert.ok(body.every((g) => Array.isArray(g.options)));
});

test('a person against a bot: the join link, the view, an illegal and a legal move', async () => {
  const created = await api(server.url, 'POST', '/api/matches', { game: 'tsuro', options: { seed: 5 }, seats: ['person', 'bot:greedy'] });
  assert.equal(created.status, 201);
  const { match, seats } = created.body;
  assert.equal(seats[1].token, undefined, 'a bot seat has no token');
  const token = seats[0].token;
  assert.ok(Buffer.from(token, 'base64url').length >= 24, 'the token holds at least 24 random bytes');
  assert.match(seats[0].join, new RegExp(`match=${match.id}&seat=0&token=`));
  assert.ok(!match.options.includes('seed'), 'the seed is not shown: it would foretell the draws');

  const listed = await api(server.url, 'GET', '/api/matches');
  assert.ok(listed.body.some((m) => m.id === match.id));
  assert.ok(!JSON.stringify(listed.body).includes(token), 'the list carries no token');

  const joined = await api(server.url, 'POST', `/api/matches/${match.id}/join`, { seat: 0, token });
  assert.equal(joined.status, 200);
  const v = joined.body;
  assert.equal(v.seat, 0);
  assert.ok(v.legalMoves.length > 0, 'seat 0 moves first and gets its legal moves');
  assert.ok(v.legalMoves.every((m) => typeof m.text === 'string'));
  assert.equal(v.observation.view.hands[1], null, "seat 1's hand is hidden from seat 0");
  const othersDraws = v.history.filter((h) => h.player === -1 && / to seat 1$/.test(h.text));
  assert.ok(othersDraws.length > 0 && othersDraws.every((h) => h.text.startsWith('draw ? ')),
    "seat 0's history does not name seat 1's tiles");

  const illegal = await api(server.url, 'POST', `/api/matches/${match.id}/moves`, { seat: 0, token, move: '@c3:0' });
  assert.equal(illegal.status, 422);
  assert.equal(illegal.body.error, 'illegal-move');
  assert.ok(illegal.body.reason.length > 0, "the library's reason is given");

  const before = v.match.moveNumber;
  const legal = await api(server.url, 'POST', `/api/matches/${match.id}/moves`, { seat: 0, token, move: v.legalMoves[0].text });
  assert.equal(legal.status, 200);
  assert.ok(legal.body.match.moveNumber > before);
  const answered = await waitForView(server.url, match.id, 0, token, (w) => w.match.currentPlayer === 0 || w.match.finished);
  assert.ok(answered.history.some((h) => h.player === 1), 'the bot answered on the server');
});

test('a whole game of each game, a person against bots, ends with the result', async () => {
  const games = (await api(server.url, 'GET', '/api/games')).body;
  for (const { name, minPlayers } of games) {
    const bots = ['bot:greedy', 'bot:random', 'bot:greedy'].slice(0, minPlayers - 1);
    const created = await api(server.url, 'POST', '/api/matches', { game: name, options: { seed: 3 }, seats: [...bots, 'person'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { match, seats } = created.body;
    const me = minPlayers - 1;
    const token = seats[me].token;
    for (;;) {
      const w = await waitForView(server.url, match.id, me, token, (x) => x.match.currentPlayer === me || x.match.finished, 60000);
      if (w.match.finished) {
        assert.equal(w.returns.length, minPlayers);
        const rec = await fetch(`${server.url}/api/matches/${match.id}/record`);
        assert.equal(rec.status, 200);
        const text = await rec.text();
        assert.match(text, new RegExp(`^game ${name}$`, 'm'));
        assert.match(text, new RegExp(`^result ${w.returns.join(' ')}$`, 'm'), 'the record ends with the result');
        break;
      }
      if (w.match.moveNumber < 40) {
        const early = await api(server.url, 'GET', `/api/matches/${match.id}/record`);
        assert.equal(early.status, 409, 'no record, with its hidden draws, before the end');
      }
      const r = await api(server.url, 'POST', `/api/matches/${match.id}/moves`, { seat: me, token, move: w.legalMoves[0].move, moveNumber: w.match.moveNumber });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
  }
});

test('Server-Sent Events push the seat its view after each move', async () => {
  const created = await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['person', 'person'] });
  const { match, seats } = created.body;
  const res = await fetch(`${server.url}/api/matches/${match.id}/events?seat=1&token=${seats[1].token}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/event-stream/);
  const reader = res.body.getReader();
  const events = [];
  let buffer = '';
  const nextEvent = async () => {
    while (!buffer.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += Buffer.from(value).toString('utf8');
    }
    const cut = buffer.indexOf('\n\n');
    const block = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 2);
    const data = block.split('\n').find((l) => l.startsWith('data: '));
    return data ? JSON.parse(data.slice(6)) : nextEvent();
  };
  events.push(await nextEvent());
  assert.equal(events[0].seat, 1);
  const v0 = (await view(server.url, match.id, 0, seats[0].token)).body;
  await api(server.url, 'POST', `/api/matches/${match.id}/moves`, { seat: 0, token: seats[0].token, move: v0.legalMoves[0].move });
  events.push(await nextEvent());
  assert.equal(events[1].match.moveNumber, v0.match.moveNumber + 1);
  assert.equal(events[1].observation.view.hands[0], null, "seat 1's push holds no hand of seat 0");
  assert.ok(events[1].legalMoves.length > 0, 'now seat 1 is to move');
  await reader.cancel();
});

test('a thinking bot holds up no request: bots think in worker threads', async () => {
  const created = await api(server.url, 'POST', '/api/matches', { game: 'tsuro', seats: ['bot:ismcts:time_ms=1500', 'person'] });
  assert.equal(created.status, 201);
  const t0 = Date.now();
  const r = await api(server.url, 'GET', '/api/matches');
  const took = Date.now() - t0;
  assert.equal(r.status, 200);
  assert.ok(took < 700, `the list came after ${took} ms while the bot thinks for 1500 ms`);
  const { match, seats } = created.body;
  const w = await waitForView(server.url, match.id, 1, seats[1].token, (x) => x.match.currentPlayer === 1);
  assert.ok(w.history.some((h) => h.player === 0), 'the bot moved');
});
