// The JavaScript API: games, states, moves, snapshots, views, tensors,
// history, records, bots; bad input gives clear errors (BoardrulesError
// with the library's status and reason, or TypeError for the wrong type)
// and leaves the state unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { br, BoardrulesError, Status, loadBoardrules } from './load.mjs';

const isError = (statusName, pattern) => (e) => {
  assert.ok(e instanceof BoardrulesError, `a BoardrulesError, not ${e}`);
  assert.ok(e instanceof Error);
  assert.equal(e.statusName, statusName);
  assert.equal(e.status, Status[statusName]);
  assert.ok(e.reason.length > 0, 'the library gives a reason');
  if (pattern) assert.match(e.message, pattern);
  return true;
};

test('the four games, with their descriptions and version', () => {
  assert.deepEqual(br.games().map((g) => g.name),
    ['tsuro', 'tuer-an-tuer', 'drunter-und-drueber', 'tore-der-welt']);
  for (const g of br.games()) {
    assert.ok(g.title && g.description);
    assert.ok(g.minPlayers >= 1 && g.maxPlayers >= g.minPlayers);
    assert.ok(g.optionSpecs().some((o) => o.key === 'seed'));
  }
  assert.match(br.version, /^\d+\.\d+\.\d+/);
});

test('options as a string or an object give the same state', () => {
  const a = br.newState('tsuro', 'players=3,seed=9');
  const b = br.newState(br.game('tsuro'), { players: 3, seed: 9 });
  assert.equal(a.save(), b.save());
  assert.equal(a.options, b.options);
  assert.equal(a.numPlayers, 3);
  a.free();
  b.free();
});

test('bad options and unknown games: clear errors', () => {
  assert.throws(() => br.newState('chess'), isError('UNKNOWN_GAME', /chess/));
  assert.throws(() => br.newState('tsuro', 'players=99'), isError('OPTION', /players/));
  assert.throws(() => br.newState('tsuro', { colour: 'red' }), isError('OPTION', /colour/));
  assert.throws(() => br.newState('tsuro', 42), TypeError);
  assert.throws(() => br.newState('tsuro', 'seed=1\0'), isError('ARGUMENT', /NUL/));
  assert.equal(br.game('tsuro').checkOptions('players=3'), null);
  assert.match(br.game('tsuro').checkOptions('players=0'), /players/);
});

test('moves: legal moves, check, apply, texts both ways', () => {
  const s = br.newState('tsuro', 'players=2,seed=5,chance=auto');
  const moves = s.legalMoves();
  assert.ok(moves.length > 0);
  assert.equal(s.check(moves[0]), null);
  assert.ok(s.isLegal(moves[0]));
  const text = s.moveToText(moves[0]);
  assert.equal(s.moveFromText(text), moves[0]);
  assert.equal(s.moveToText(moves[0], 0), text);
  const player = s.currentPlayer;
  const number = s.moveNumber;
  s.apply(text);
  assert.notEqual(s.currentPlayer, player);
  assert.ok(s.moveNumber > number);
  s.free();
});

test('an illegal or malformed move: an error with the reason, the state unchanged', () => {
  const s = br.newState('drunter-und-drueber', 'players=3,seed=2');
  while (s.isChanceNode) s.resolveChance();
  const before = s.save();
  const legal = new Set(s.legalMoves());
  let illegal = 0;
  while (legal.has(illegal)) illegal++;
  assert.match(s.check(illegal), /./);
  assert.throws(() => s.apply(illegal), isError('ILLEGAL_MOVE', new RegExp(`${illegal}`)));
  assert.throws(() => s.apply(-1), isError('ILLEGAL_MOVE'));
  assert.throws(() => s.apply(2 ** 40), isError('ILLEGAL_MOVE', /move space/));
  assert.throws(() => s.apply('no such move'), isError('PARSE'));
  assert.throws(() => s.apply(1.5), TypeError);
  assert.throws(() => s.apply(null), TypeError);
  assert.throws(() => s.moveToText(s.moveSpace), isError('ARGUMENT', /not in 0\.\./));
  assert.throws(() => s.observe(7), isError('ARGUMENT', /seat 7/));
  assert.throws(() => s.render(-2), isError('ARGUMENT'));
  assert.throws(() => s.resolveChance(), isError('WRONG_PHASE'));
  assert.throws(() => s.chanceOutcomes(), isError('WRONG_PHASE'));
  assert.equal(s.save(), before, 'the state is unchanged');
  s.free();
});

test('chance: outcomes with probabilities, resolved from the seed or chosen', () => {
  const s = br.newState('tsuro', 'players=2,seed=5,chance=explicit');
  assert.ok(s.isChanceNode);
  assert.equal(s.currentPlayer, -1);
  const outcomes = s.chanceOutcomes();
  const total = outcomes.reduce((sum, o) => sum + o.probability, 0);
  assert.ok(Math.abs(total - 1) < 1e-9);
  const c = s.clone();
  const drawn = s.resolveChance();
  assert.ok(outcomes.some((o) => o.move === drawn));
  c.apply(drawn);                      // the host chooses the same outcome
  assert.deepEqual(c.history(), s.history());
  assert.deepEqual(c.observe(0), s.observe(0));
  s.free();
  c.free();
});

test('snapshots: save/load and toBytes/fromBytes round-trip; bad ones are refused', () => {
  const s = br.newState('tore-der-welt', 'players=3,seed=4');
  for (let i = 0; i < 20 && !s.isTerminal; i++) {
    if (s.isChanceNode) s.resolveChance(); else s.apply(s.legalMoves()[0]);
  }
  const json = s.save();
  const bytes = s.toBytes();
  assert.ok(bytes instanceof Uint8Array);
  const a = br.load(json);
  const b = br.fromBytes(bytes);
  assert.equal(a.save(), json);
  assert.equal(b.save(), json);
  assert.throws(() => br.load('{"game": "tsuro"'), isError('SNAPSHOT'));
  assert.throws(() => br.fromBytes(bytes.subarray(0, 10)), isError('SNAPSHOT'));
  assert.throws(() => br.fromBytes('not bytes'), TypeError);
  [s, a, b].forEach((x) => x.free());
});

test('views: observe, render, tensors, mask, facts', () => {
  const s = br.newState('tuer-an-tuer', 'seed=3');
  while (s.isChanceNode) s.resolveChance();
  const view = s.observe(0);
  assert.equal(typeof view, 'object');
  assert.deepEqual(JSON.parse(s.observeJson(0)), view);
  assert.match(s.render(), /\S/);
  assert.match(s.render(1), /\S/);
  const facts = s.facts();
  assert.deepEqual(facts, br.game('tuer-an-tuer').facts('seed=3'));
  const tensor = s.observationTensor();
  assert.ok(tensor instanceof Float32Array);
  assert.equal(tensor.length, facts.tensorSize);
  assert.equal(s.informationStateTensor(0).length, facts.informationStateSize);
  const mask = s.legalMask();
  assert.equal(mask.length, s.moveSpace);
  assert.deepEqual(mask.reduce((a, m, i) => (m ? [...a, i] : a), []), s.legalMoves());
  s.free();
});

test('results: returns, winners, scores at the end of a game', () => {
  const s = br.newState('tsuro', 'players=3,seed=1,chance=auto');
  assert.throws(() => s.winners(), isError('WRONG_PHASE'));
  while (!s.isTerminal) s.apply(s.legalMoves()[0]);
  assert.equal(s.currentPlayer, -2);
  assert.equal(s.returns().length, 3);
  assert.equal(s.scores().length, 3);
  const returns = s.returns();
  const best = Math.max(...returns);
  assert.deepEqual(s.winners(), returns.flatMap((r, seat) => (r === best ? [seat] : [])));
  s.free();
});

test('history, records and verdicts', () => {
  const s = br.newState('tsuro', 'players=2,seed=3');
  for (let i = 0; i < 12 && !s.isTerminal; i++) {
    if (s.isChanceNode) s.resolveChance(); else s.apply(s.legalMoves()[0]);
  }
  const history = s.history();
  assert.equal(history.length, s.moveNumber);
  assert.equal(s.historyStart, 0);
  assert.match(s.historyText(0, -1), /\?/, 'a spectator does not see the drawn tile');
  assert.ok(Array.isArray(s.historyEffects(0, 0)));
  const record = s.toRecord({ event: 'test' });
  assert.match(record, /^event test$/m);
  const replayed = br.replayRecord(record);
  assert.deepEqual(replayed.history(), history);
  assert.equal(typeof br.recordVerdict(record), 'object');
  const parsed = br.parseRecord(record);
  assert.equal(parsed.game, s.game.name);
  assert.deepEqual(parsed.tags.find(([key]) => key === 'event'), ['event', 'test']);
  assert.equal(parsed.moves.length, history.length, 'one move line per history entry');
  assert.equal(parsed.moves[0].line > 0, true);
  assert.throws(() => br.parseRecord('nonsense'), isError('RECORD', /line 1/));
  assert.throws(() => br.replayRecord('nonsense'), isError('RECORD'));
  assert.throws(() => s.toRecord({ 'Bad Key': 'x' }), isError('ARGUMENT'));
  [s, replayed].forEach((x) => x.free());
});

test('bots choose legal moves; unknown kinds are refused', () => {
  assert.ok(br.botKinds().includes('random'));
  const bot = new br.Bot('greedy', { seed: 3 });
  const s = br.newState('drunter-und-drueber', 'players=2,seed=1,chance=auto');
  const move = bot.choose(s);
  assert.equal(s.check(move), null);
  assert.throws(() => new br.Bot('oracle'), isError('UNKNOWN_BOT', /oracle/));
  bot.free();
  s.free();
});

test('loadBoardrules takes the wasm bytes too; modules are independent', async () => {
  const { readFile } = await import('node:fs/promises');
  const wasm = await readFile(new URL('boardrules_core.wasm', new URL(process.env.BR_JS_MODULE ?
    `file://${process.env.BR_JS_MODULE}` : '../boardrules.mjs', import.meta.url)));
  const other = await loadBoardrules({ wasm: new Uint8Array(wasm) });
  assert.equal(other.newState('tsuro', 'seed=2').save(), br.newState('tsuro', 'seed=2').save());
  await assert.rejects(loadBoardrules({ wasm: 42 }), TypeError);
});

test('package.json: name boardrules, the library version, an ES module with types', async () => {
  const { readFile } = await import('node:fs/promises');
  const dir = process.env.BR_JS_MODULE ? new URL('.', `file://${process.env.BR_JS_MODULE}`)
    : new URL('..', import.meta.url);
  const pkg = JSON.parse(await readFile(new URL('package.json', dir), 'utf8'));
  assert.equal(pkg.name, 'boardrules');
  assert.equal(pkg.version, br.version);
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].import, './boardrules.mjs');
  assert.equal(pkg.types, './boardrules.d.ts');
  for (const file of pkg.files) await readFile(new URL(file, dir));
});

test('the module exports what boardrules.d.ts declares', async () => {
  const mod = await import(process.env.BR_JS_MODULE ? `file://${process.env.BR_JS_MODULE}` : '../boardrules.mjs');
  for (const name of ['loadBoardrules', 'BoardrulesError', 'Status', 'Boardrules', 'Game', 'State',
    'PLAYER_CHANCE', 'PLAYER_TERMINAL', 'default']) {
    assert.ok(name in mod, `export ${name}`);
  }
  assert.equal(mod.default, mod.loadBoardrules);
});

test('resample: the seat sees the same; other seats hidden parts drawn anew', () => {
  const s = br.newState('tuer-an-tuer', 'seed=3');
  while (s.isChanceNode) s.resolveChance();
  const r = s.resample(0, 12345n);
  assert.deepEqual(r.observe(0), s.observe(0));
  const r2 = r.resample(1, 7);
  assert.equal(r2.numPlayers, 2);
  r2.free();
  assert.throws(() => s.resample(0, -1), isError('ARGUMENT', /seed/));
  assert.throws(() => s.resample(0, 2n ** 64n), isError('ARGUMENT', /seed/));
  assert.throws(() => s.resample(0, 1.5), TypeError);
  assert.throws(() => s.resample(5, 1), isError('ARGUMENT', /seat 5/));
  r.free();
  s.free();
});

test('copyFrom copies a state of the same game and players; others are refused', () => {
  const a = br.newState('tsuro', 'players=3,seed=1,chance=auto');
  const b = br.newState('tsuro', 'players=3,seed=2,chance=auto');
  b.apply(b.legalMoves()[0]);
  assert.equal(a.copyFrom(b), a);
  assert.equal(a.save(), b.save());
  const c = br.newState('tsuro', 'players=4,seed=1');
  const before = c.save();
  assert.throws(() => c.copyFrom(a), isError('GAME_MISMATCH'));
  assert.equal(c.save(), before);
  assert.throws(() => c.copyFrom('a'), TypeError);
  [a, b, c].forEach((x) => x.free());
});
