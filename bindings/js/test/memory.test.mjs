// Memory: 10^5 states created and freed do not grow the wasm memory, and
// neither do clones, snapshots and bots in a loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { br } from './load.mjs';

function churn(count, make) {
  for (let i = 0; i < 1000; i++) make(i);          // warm up: the heap settles
  const before = br.memoryBytes;
  for (let i = 0; i < count; i++) make(i);
  return [before, br.memoryBytes];
}

test('10^5 states created and freed do not grow memory', () => {
  const [before, after] = churn(100000, (i) => {
    const s = br.newState(br.games()[i % 4], { seed: i });
    s.legalMoves();
    s.free();
  });
  assert.equal(after, before);
});

test('clones, snapshots and loaded states freed in a loop do not grow memory', () => {
  const base = br.newState('tore-der-welt', 'players=4,seed=1');
  const json = base.save();
  const bytes = base.toBytes();
  const [before, after] = churn(20000, () => {
    const c = base.clone();
    const l = br.load(json);
    const b = br.fromBytes(bytes);
    c.observe(0);
    c.free();
    l.free();
    b.free();
  });
  base.free();
  assert.equal(after, before);
});

test('failed calls leak nothing', () => {
  const s = br.newState('tsuro', 'seed=1');
  const [before, after] = churn(20000, () => {
    assert.throws(() => br.newState('tsuro', 'players=99'));
    assert.throws(() => br.load('{'));
    assert.throws(() => s.apply(-5));
  });
  s.free();
  assert.equal(after, before);
});

test('a freed state refuses to be used, and free() twice is harmless', () => {
  const s = br.newState('tsuro', 'seed=1');
  s.free();
  s.free();
  assert.ok(s.isFreed);
  assert.throws(() => s.legalMoves(), /freed/);
  const b = new br.Bot('random', 'seed=1');
  b.free();
  b.free();
});
