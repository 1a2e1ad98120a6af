// Each seat is told only what the library lets that seat see: in all four
// games, every view and every push equals the library's own view for that
// seat, rebuilt here from the record on disk, and the record's secrets (the
// seed, the hidden draws) appear in no message to a seat that may not see them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, tempDir, api, view, WEB_DIR } from './server-helpers.mjs';

const pkg = path.resolve(WEB_DIR, process.env.BOARDRULES_JS ?? '../../build/bindings/js/boardrules.mjs');
let br;
let server;
let data;
before(async () => {
  br = await (await import(pathToFileURL(pkg).href)).loadBoardrules();
  data = tempDir('br-web-privacy-');
  server = await startServer(data);
});
after(async () => { await server.stop(); });

/** The library's state of the match, replayed from the record the server wrote. */
function replayFromDisk(id) {
  const record = fs.readFileSync(path.join(data, `${id}.record`), 'utf8');
  return { record, state: br.replayRecord(/^result /m.test(record) ? record : `${record}result *\n`) };
}

/**
 * The replay slider's view (?upto=K) is what the seat was told after K
 * history entries: the library's state replayed that far, observed from that seat.
 */
async function checkPastView(id, seats, state, upto) {
  const past = br.newState(state.game.name, state.options.replace(/chance=auto/, 'chance=explicit'));
  try {
    state.history().slice(0, upto).forEach((h) => past.apply(h.move));
    for (let seat = 0; seat < seats.length; seat++) {
      const r = await api(server.url, 'GET', `/api/matches/${id}/view?seat=${seat}&upto=${upto}&token=${encodeURIComponent(seats[seat].token)}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.upto, upto);
      assert.deepEqual(r.body.observation, past.observe(seat), `seat ${seat}'s observation after ${upto} entries`);
      assert.equal(r.body.render, past.render(seat));
      assert.deepEqual(r.body.history.map((h) => h.text), past.history().map((_, i) => past.historyText(i, seat)));
      assert.deepEqual(r.body.legalMoves, [], 'a past view takes no moves');
      assert.equal(r.body.match.moveNumber, past.moveNumber);
    }
    const other = (await api(server.url, 'GET', `/api/matches/${id}/view?seat=0&upto=${upto}&token=${encodeURIComponent(seats[1].token)}`));
    assert.equal(other.status, 403, "another seat's token opens no past view");
    const bad = await api(server.url, 'GET', `/api/matches/${id}/view?seat=0&upto=99999&token=${encodeURIComponent(seats[0].token)}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'bad-upto');
  } finally {
    past.free();
  }
}

for (const game of ['tsuro', 'tuer-an-tuer', 'drunter-und-drueber', 'tore-der-welt']) {
  test(`${game}: every seat's view is the library's view for that seat, nothing more`, async () => {
    const g = br.game(game);
    const seatsWanted = Array(g.minPlayers).fill('person');
    const { match, seats } = (await api(server.url, 'POST', '/api/matches', { game, seats: seatsWanted })).body;
    for (let turn = 0; turn < 25; turn++) {
      const { state, record } = replayFromDisk(match.id);
      try {
        const seed = /^options .*\bseed=(\d+)/m.exec(record)[1];
        for (let seat = 0; seat < seats.length; seat++) {
          const v = (await view(server.url, match.id, seat, seats[seat].token)).body;
          const text = JSON.stringify(v);
          assert.deepEqual(v.observation, state.observe(seat), `seat ${seat}'s observation`);
          assert.equal(v.render, state.render(seat), `seat ${seat}'s render`);
          assert.equal(v.history.length, state.history().length);
          v.history.forEach((h, i) => {
            assert.equal(h.text, state.historyText(i, seat), `seat ${seat}, history ${i}`);
            assert.deepEqual(h.effects, state.historyEffects(i, seat));
          });
          assert.ok(!text.includes(`seed=${seed}`) && !new RegExp(`"seed":\\s*${seed}\\b`).test(text), 'the seed stays on the server');
          assert.equal(v.legalMoves.length > 0, state.currentPlayer === seat, 'legal moves only on the own turn');
        }
        if (turn % 4 === 3) await checkPastView(match.id, seats, state, Math.floor(state.history().length / 2));
        if (state.isTerminal) break;
        const seat = state.currentPlayer;
        const r = await api(server.url, 'POST', `/api/matches/${match.id}/moves`, { seat, token: seats[seat].token, move: state.legalMoves()[0] });
        assert.equal(r.status, 200, JSON.stringify(r.body));
      } finally {
        state.free();
      }
    }
  });
}
