#!/usr/bin/env node
// bench.mjs GAME [-o OPTIONS] [-t SECONDS] [--native BRULES]: random
// playouts through the JavaScript API, as `brules bench` plays them natively:
// a move = legalMoves() + a uniformly random pick + apply(); playout i
// starts from seed=i mod 64 (unless OPTIONS sets one), copied into one
// scratch state (copyFrom, as brules bench copies), and ends when there is
// no legal move. Prints ns per move and the size of the .wasm (raw and
// gzipped); with --native, runs `BRULES bench GAME` with the same options
// and time right after and prints its ns per move and the ratio.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadBoardrules } from './boardrules.mjs';

function usage(message) {
  if (message) console.error(`bench.mjs: ${message}`);
  console.error('usage: node bench.mjs GAME [-o OPTIONS] [-t SECONDS] [--native BRULES]');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { options: '', seconds: 1, native: null, game: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o' || a === '--options') args.options = argv[++i] ?? usage('-o needs OPTIONS');
    else if (a === '-t' || a === '--time') args.seconds = Number(argv[++i]);
    else if (a === '--native') args.native = argv[++i] ?? usage('--native needs the brules program');
    else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else if (args.game === null) args.game = a;
    else usage(`one game only, not also ${a}`);
  }
  if (!args.game) usage();
  if (!(args.seconds > 0)) usage('SECONDS is a positive number');
  return args;
}

// xorshift32: the host's random picks (the library's own generator is not
// used, as in brules bench).
function makeRng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

function playouts(br, game, options, seconds) {
  const hasSeed = /(^|,)\s*seed\s*=/.test(options);
  const starts = [];
  for (let i = 0; i < 64; i++) {
    const opts = hasSeed ? options : [options, `seed=${i}`].filter(Boolean).join(',');
    starts.push(br.newState(game, opts));
  }
  const rng = makeRng(0x9e3779b9);
  let games = 0;
  let moves = 0;
  const t0 = process.hrtime.bigint();
  const limit = t0 + BigInt(Math.round(seconds * 1e9));
  let now = t0;
  const s = starts[0].clone();           // the scratch state, as in brules bench
  while (now < limit) {
    s.copyFrom(starts[games % 64]);
    for (;;) {
      const legal = s.legalMoves();
      if (legal.length === 0) break;
      s.apply(legal[rng() % legal.length]);
      moves++;
    }
    games++;
    if ((games & 15) === 0) now = process.hrtime.bigint();
  }
  now = process.hrtime.bigint();
  s.free();
  const options_ = starts[0].options;
  starts.forEach((s) => s.free());
  return { games, moves, seconds: Number(now - t0) / 1e9, options: options_ };
}

const args = parseArgs(process.argv.slice(2));
const br = await loadBoardrules();
const wasm = readFileSync(new URL('./boardrules_core.wasm', import.meta.url));
let result;
try {
  result = playouts(br, args.game, args.options, args.seconds);
} catch (e) {
  console.error(`bench.mjs: ${e.message}`);
  process.exit(1);
}
const ns = (result.seconds * 1e9) / result.moves;
const line = (label, value) => console.log(`  ${label.padEnd(28)}${String(value).padStart(16)}`);
console.log(`bench.mjs ${args.game} (library ${br.version}, WebAssembly, node ${process.version})`);
console.log(`  game options   ${result.options}`);
console.log('random playouts; a move = legalMoves() + uniform random pick + apply()');
line('playouts', result.games);
line('moves per second', Math.round(result.moves / result.seconds));
line('ns per move', ns.toFixed(1));
line('moves per playout', (result.moves / result.games).toFixed(1));
line('wasm bytes', wasm.length);
line('wasm bytes gzipped (-9)', gzipSync(wasm, { level: 9 }).length);

if (args.native) {
  const cmd = ['bench', args.game, '--json', '-t', String(2 * args.seconds)];
  if (args.options) cmd.push('-o', args.options);
  const native = JSON.parse(execFileSync(args.native, cmd, { encoding: 'utf8' }));
  const nativeNs = native.playouts.ns_per_move;
  console.log(`native (${args.native} ${cmd.join(' ')})`);
  line('ns per move', nativeNs.toFixed(1));
  line('wasm / native', (ns / nativeNs).toFixed(2));
}
