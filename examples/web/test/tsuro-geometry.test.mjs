// The page draws Tsuro with its own table of tiles and points
// (public/tsuro.mjs). If that geometry is right, following a marker along
// the drawn paths must end where the library moves it: checked for every
// marker_moved effect of seeded games, against the package under Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tilePairs, tileLooks } from '../public/tsuro.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgFile = path.resolve(here, '..', process.env.BOARDRULES_JS || '../../build/bindings/js/boardrules.mjs');

// Point p of a square touches point 0<->5, 1<->4, 2<->7, 3<->6 next door.
const ACROSS = [5, 4, 7, 6, 1, 0, 3, 2];
const STEP = [[0, -1], [0, -1], [1, 0], [1, 0], [0, 1], [0, 1], [-1, 0], [-1, 0]];

// Where a marker at `point` of `square` stops on `board` (rows of tokens):
// {square, point} in front of an empty square, or, when the path leaves the
// board, the last square and the point where it leaves (as the library's
// marker_moved effect reports it).
function follow(board, square, point) {
  const size = board.length;
  let col = square.charCodeAt(0) - 97;
  let row = Number(square.slice(1)) - 1;
  for (let steps = 0; steps < 4 * size * size; steps++) {
    const token = board[row][col];
    if (token === '.') return { square: String.fromCharCode(97 + col) + (row + 1), point };
    const [tile, rotation] = token.split('r').map(Number);
    const exit = tilePairs(tile, rotation).map(([a, b]) => (a === point ? b : b === point ? a : -1)).find((q) => q >= 0);
    const [nextCol, nextRow] = [col + STEP[exit][0], row + STEP[exit][1]];
    if (nextCol < 0 || nextRow < 0 || nextCol >= size || nextRow >= size) {
      return { square: String.fromCharCode(97 + col) + (row + 1), point: exit };
    }
    [col, row, point] = [nextCol, nextRow, ACROSS[exit]];
  }
  throw new Error('a path that does not end');
}

test('the drawn paths lead each marker where the library moves it', { timeout: 120000 }, async (t) => {
  if (!fs.existsSync(pkgFile)) { t.skip(`the package is not built: ${pkgFile}`); return; }
  const { loadBoardrules } = await import(pkgFile);
  const br = await loadBoardrules();
  let checked = 0;
  for (const [options, seeds] of [['players=4', 10], ['players=2,board=7', 5], ['players=3,edition=kosmos', 5]]) {
    for (let seed = 1; seed <= seeds; seed++) {
      const s = br.newState('tsuro', `${options},seed=${seed}`);
      const bot = new br.Bot('greedy', { seed });
      while (!s.isTerminal) {
        const first = s.history().length;
        s.apply(bot.choose(s));           // and the draws that follow it (chance=auto)
        const board = s.observe(-1).view.board.map((row) => row.split(' '));
        for (let index = first; index < s.history().length; index++) {
          for (const effect of s.historyEffects(index, -1)) {
            if (effect.type !== 'marker_moved' || effect.to === null) continue;
            assert.deepEqual(follow(board, effect.from.square, effect.from.point), effect.to,
              `${options},seed=${seed} move ${index}: ${JSON.stringify(effect)}`);
            checked++;
          }
        }
      }
      bot.free();
      s.free();
    }
  }
  assert.ok(checked > 100, `${checked} marker moves checked`);
  t.diagnostic(`${checked} marker moves followed along the drawn paths`);
});

test('a tile\'s looks are those of the library\'s notation', { timeout: 60000 }, async (t) => {
  if (!fs.existsSync(pkgFile)) { t.skip(`the package is not built: ${pkgFile}`); return; }
  const { loadBoardrules } = await import(pkgFile);
  const br = await loadBoardrules();
  const s = br.newState('tsuro', 'players=2,seed=1');
  // The library reads "tile t rotation r" as the lowest rotation that looks
  // the same: move t*4 + (r mod looks); the page sends r mod tileLooks(t).
  for (let tile = 0; tile < 35; tile++) {
    for (let r = 0; r < 4; r++) {
      assert.equal(s.moveFromText(`${tile}r${r}`), tile * 4 + (r % tileLooks(tile)), `${tile}r${r}`);
    }
  }
  s.free();
});
