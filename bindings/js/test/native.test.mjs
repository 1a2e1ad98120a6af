// Same results as native: the seeded games that tests/wasm_reference played
// with the native library (BR_NATIVE_REFERENCE, a JSON file), played again
// in wasm with the same rule for the move choices, must end in the same
// JSON snapshot, binary snapshot, record and returns, byte for byte.
// The rule: a chance node is resolved by the state's seeded generator;
// otherwise move number k takes entry (31 k + 7) mod n of the n legal moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { br } from './load.mjs';

const referencePath = process.env.BR_NATIVE_REFERENCE;

function play(state) {
  for (let step = 0; step < 100000 && !state.isTerminal; step++) {
    if (state.isChanceNode) {
      state.resolveChance();
      continue;
    }
    const moves = state.legalMoves();
    state.apply(moves[(31 * state.moveNumber + 7) % moves.length]);
  }
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

test('the native reference covers all four games', { skip: !referencePath }, () => {
  const games = new Set(JSON.parse(readFileSync(referencePath, 'utf8')).map((r) => r.game));
  assert.deepEqual([...games].sort(), br.games().map((g) => g.name).sort());
});

const reference = referencePath ? JSON.parse(readFileSync(referencePath, 'utf8')) : [];
for (const ref of reference) {
  test(`${ref.game} ${ref.options}: the same final snapshot, record and returns as native`, () => {
    const state = br.newState(ref.game, ref.options);
    try {
      play(state);
      assert.equal(state.moveNumber, ref.move_number);
      assert.equal(state.save(), ref.json);
      assert.equal(hex(state.toBytes()), ref.bytes);
      assert.equal(state.toRecord(), ref.record);
      assert.deepEqual(state.returns(), ref.returns);
      const replayed = br.replayRecord(ref.record);
      assert.equal(replayed.toRecord(), ref.record);
      replayed.free();
    } finally {
      state.free();
    }
  });
}
