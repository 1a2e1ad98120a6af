// boardrules.mjs: the JavaScript API of libboardrules, over the library
// compiled to WebAssembly (boardrules_core.mjs + boardrules_core.wasm, made
// by `make wasm`). The same C code as the native library, so the same
// results byte for byte.
//
// Memory: every State, Bot and the memory they point to live in the wasm
// heap. free() releases them at once; a FinalizationRegistry frees what the
// garbage collector finds unreachable (a safety net: it runs late or never,
// so call free() in loops). Everything else (arrays, strings, objects,
// Uint8Array/Float32Array results) is a JavaScript copy owned by the caller.

import createBoardrulesCore from './boardrules_core.mjs';

const STATUS_NAMES = {
  0: 'OK', [-1]: 'ARGUMENT', [-2]: 'NO_MEMORY', [-3]: 'OPTION', [-4]: 'ILLEGAL_MOVE',
  [-5]: 'PARSE', [-6]: 'SNAPSHOT', [-7]: 'BUFFER', [-8]: 'WRONG_PHASE', [-9]: 'UNKNOWN_GAME',
  [-10]: 'RECORD', [-11]: 'GAME_MISMATCH', [-12]: 'INCOMPLETE', [-13]: 'UNKNOWN_BOT',
};

/** The library's status codes (include/boardrules/status.h), by name. */
export const Status = Object.freeze(Object.fromEntries(
  Object.entries(STATUS_NAMES).map(([code, name]) => [name, Number(code)])));

const OK = 0;
const ERR_ARGUMENT = -1;
const ERR_ILLEGAL_MOVE = -4;
const ERR_BUFFER = -7;
const PLAYER_CHANCE = -1;
const PLAYER_TERMINAL = -2;
const MOVE_MIN = -(2 ** 31);
const MOVE_MAX = 2 ** 31 - 1;
const REASON_SIZE = 512;
const FIRST_TEXT_SIZE = 4096;
const OPTION_KINDS = ['integer', 'choice', 'flag'];

/**
 * A failed call: `status` is the library's code (a value of Status),
 * `statusName` its name ('ILLEGAL_MOVE'), `reason` the library's text.
 */
export class BoardrulesError extends Error {
  constructor(status, reason, context) {
    const name = STATUS_NAMES[status] ?? String(status);
    super(context ? `${context}: ${reason}` : reason);
    this.name = 'BoardrulesError';
    this.status = status;
    this.statusName = name;
    this.reason = reason;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

function isNode() {
  return typeof process === 'object' && process !== null &&
    typeof process.versions === 'object' && typeof process.versions.node === 'string';
}

// The .wasm bytes: from the file beside this module under Node (emscripten
// 3.1.6's loader would fetch() a file path there), fetched in browsers.
async function wasmBytes(url) {
  if (url.protocol === 'file:' && isNode()) {
    const fs = await import('node:fs/promises');
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`boardrules: cannot load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Loads the library. `options.wasm` may give the module's bytes (a
 * Uint8Array/ArrayBuffer) or its URL; by default boardrules_core.wasm next to
 * this file. Resolves to a Boardrules object; load it once and share it.
 */
export async function loadBoardrules(options = {}) {
  let bytes = options.wasm;
  if (bytes === undefined || typeof bytes === 'string' || bytes instanceof URL) {
    const url = bytes === undefined ? new URL('./boardrules_core.wasm', import.meta.url)
      : new URL(String(bytes), import.meta.url);
    bytes = await wasmBytes(url);
  } else if (bytes instanceof ArrayBuffer) {
    bytes = new Uint8Array(bytes);
  } else if (!(bytes instanceof Uint8Array)) {
    throw new TypeError('loadBoardrules: options.wasm is bytes, a URL or a string');
  }
  const core = await createBoardrulesCore({ wasmBinary: bytes });
  return new Boardrules(core);
}

// The C calls, with the scratch memory they share: a text buffer that grows
// to the longest text seen, a reason buffer, and slots for out-parameters.
// JavaScript is single-threaded and no call here re-enters another, so one
// set suffices per loaded module.
class Core {
  constructor(m) {
    this.m = m;
    this.reason = m._malloc(REASON_SIZE);
    this.slots = m._malloc(64);           // out-parameters: 8 slots of 8 bytes
    this.textSize = FIRST_TEXT_SIZE;
    this.text = m._malloc(this.textSize);
    if (!this.reason || !this.slots || !this.text) throw new Error('boardrules: out of wasm memory');
  }

  get u8() { return this.m.HEAPU8; }       // views change when memory grows
  u32(ptr) { return this.m.HEAPU32[ptr >>> 2]; }
  i32(ptr) { return this.m.HEAP32[ptr >>> 2]; }
  slot(i) { return this.slots + 8 * i; }

  cstring(ptr) {
    if (!ptr) return null;
    const u8 = this.u8;
    let end = ptr;
    while (u8[end]) end++;
    return decoder.decode(u8.subarray(ptr, end));
  }

  string(ptr, len) { return decoder.decode(this.u8.subarray(ptr, ptr + len)); }

  // Runs fn(ptr) with a NUL-terminated UTF-8 copy of text in wasm memory.
  withString(text, what, fn) {
    if (typeof text !== 'string') throw new TypeError(`${what} is a string, not ${typeof text}`);
    if (text.includes('\0')) throw argumentError(`${what} contains a NUL character`);
    const bytes = encoder.encode(text);
    const ptr = this.malloc(bytes.length + 1);
    try {
      this.u8.set(bytes, ptr);
      this.u8[ptr + bytes.length] = 0;
      return fn(ptr);
    } finally {
      this.m._free(ptr);
    }
  }

  withBytes(bytes, fn) {
    const ptr = this.malloc(Math.max(bytes.length, 1));
    try {
      this.u8.set(bytes, ptr);
      return fn(ptr, bytes.length);
    } finally {
      this.m._free(ptr);
    }
  }

  malloc(size) {
    const ptr = this.m._malloc(size);
    if (!ptr) throw new BoardrulesError(-2, `cannot allocate ${size} bytes of wasm memory`);
    return ptr;
  }

  growText(size) {
    const ptr = this.malloc(size);
    this.m._free(this.text);
    this.text = ptr;
    this.textSize = size;
  }

  // Text out in the library's snprintf convention: call(buf, size, lenPtr)
  // is retried once with the length the first call asked for.
  // Resolves to [status, text].
  textCall(call) {
    const len = this.slot(7);
    let status = call(this.text, this.textSize, len);
    if (status === ERR_BUFFER) {
      this.growText(this.u32(len) + 1);
      status = call(this.text, this.textSize, len);
    }
    return [status, status === OK ? this.string(this.text, this.u32(len)) : ''];
  }

  reasonText() { return this.cstring(this.reason) || ''; }

  clearReason() { this.u8[this.reason] = 0; }

  statusString(status) { return this.cstring(this.m._br_status_string(status)); }
}

// Copies heap[first ..] into out: TypedArray.set() of a subarray, cheaper
// than slice() on the (growable) wasm memory.
function copyOut(out, heap, first) {
  out.set(heap.subarray(first, first + out.length));
  return out;
}

function argumentError(reason) { return new BoardrulesError(ERR_ARGUMENT, reason); }

function optionsText(options) {
  if (options === undefined || options === null) return '';
  if (typeof options === 'string') return options;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('options is a string like "players=2,seed=7" or an object like ' +
      `{players: 2, seed: 7}, not ${Array.isArray(options) ? 'an array' : typeof options}`);
  }
  return Object.entries(options).map(([key, value]) => {
    if (typeof value === 'boolean') value = value ? 'true' : 'false';
    else if (typeof value === 'number' || typeof value === 'bigint') value = String(value);
    else if (typeof value !== 'string') {
      throw new TypeError(`option ${key}: a string, number or boolean, not ${typeof value}`);
    }
    return `${key}=${value}`;
  }).join(',');
}

function seedArg(seed) {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new TypeError(`a seed is an integer (or a BigInt), not ${seed}`);
  }
  if (typeof seed !== 'number' && typeof seed !== 'bigint') {
    throw new TypeError(`a seed is an integer (or a BigInt), not ${typeof seed}`);
  }
  const big = BigInt(seed);
  if (big < 0n || big >= 2n ** 64n) throw argumentError(`seed ${seed} is not in 0..2^64-1`);
  return big;
}

function seatArg(seat, numPlayers, spectator) {
  if (!Number.isInteger(seat)) throw new TypeError(`a seat is an integer, not ${seat}`);
  const min = spectator ? -1 : 0;
  if (seat < min || seat >= numPlayers) {
    throw argumentError(`seat ${seat} is not in ${min}..${numPlayers - 1}`);
  }
  return seat;
}

// Frees what the garbage collector found unreachable but nobody freed.
const stateRegistry = new FinalizationRegistry(({ core, ptr, moves }) => {
  if (moves) core.m._free(moves);
  core.m._br_state_free(ptr);
});
const botRegistry = new FinalizationRegistry(({ core, ptr }) => core.m._br_bot_free(ptr));

/** The loaded library: games, states from snapshots, records, bots. */
export class Boardrules {
  constructor(m) {
    const core = new Core(m);
    this._core = core;
    this._games = [];
    this._gamesByPtr = new Map();
    const n = m._br_game_count();
    for (let i = 0; i < n; i++) {
      const game = new Game(this, m._br_game_at(i));
      this._games.push(game);
      this._gamesByPtr.set(game._ptr, game);
    }
    const lib = this;
    /** A bot of the library (include/boardrules/bot.h): `new br.Bot('random', 'seed=3')`. */
    this.Bot = class Bot extends BotBase {
      constructor(kind, options) { super(lib, kind, options); }
    };
  }

  /** The library's version, e.g. '0.3.0'. */
  get version() { return this._core.cstring(this._core.m._br_version_string()); }

  /** The size of the wasm memory in bytes (it grows, never shrinks). */
  get memoryBytes() { return this._core.u8.length; }

  /** The registered games, as Game objects. */
  games() { return this._games.slice(); }

  /** The game of that short name ('tsuro'); BoardrulesError UNKNOWN_GAME otherwise. */
  game(name) {
    if (name instanceof Game) return name;
    if (typeof name !== 'string') throw new TypeError(`a game is a name or a Game, not ${typeof name}`);
    const game = this._games.find((g) => g.name === name);
    if (!game) {
      throw new BoardrulesError(-9, `no game named '${name}' (games: ${this._games.map((g) => g.name).join(', ')})`);
    }
    return game;
  }

  /** A new state of `game` (a name or a Game) with `options` (a string or an object). */
  newState(game, options) { return this.game(game).newState(options); }

  /** The state saved by State.save() (a JSON snapshot, doc/snapshots.md). */
  load(text) {
    const core = this._core;
    return core.withString(text, 'a snapshot', (json) => this._newStateCall(
      (out) => core.m._br_state_from_json(json, out, core.reason, REASON_SIZE), 'load'));
  }

  /** The state saved by State.toBytes() (a binary snapshot). */
  fromBytes(bytes) {
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array)) throw new TypeError('fromBytes takes a Uint8Array or ArrayBuffer');
    const core = this._core;
    return core.withBytes(bytes, (ptr, n) => this._newStateCall(
      (out) => core.m._br_state_from_bytes(ptr, n, out, core.reason, REASON_SIZE), 'fromBytes'));
  }

  /** Replays a game record (doc/records.md) and returns its final state. */
  replayRecord(text) {
    const core = this._core;
    return core.withString(text, 'a record', (rec) => this._newStateCall(
      (out) => core.m._br_record_replay(rec, out, core.slot(6), core.reason, REASON_SIZE),
      () => `record line ${core.u32(core.slot(6))}`));
  }

  /**
   * A game record read without replaying it (br_record_parse(), then
   * br_record_to_json()): {format, version, game, options, tags: [[key,
   * value], ...], moves: [{player (a seat, 'chance' or null), move, line}, ...],
   * result}. A record that
   * does not read throws a BoardrulesError naming its line and column.
   */
  parseRecord(text) {
    const core = this._core;
    return core.withString(text, 'a record', (rec) => {
      const out = core.slot(0);
      core.clearReason();
      const status = core.m._br_record_parse(rec, out, core.slot(1), core.slot(2),
        core.reason, REASON_SIZE);
      if (status !== OK) {
        const where = `line ${core.u32(core.slot(1))}, column ${core.u32(core.slot(2))}`;
        throw new BoardrulesError(status, `${where}: ${core.reasonText() || core.statusString(status)}`,
          'parseRecord');
      }
      const record = core.u32(out);
      try {
        const [st, json] = core.textCall((buf, size, len) => core.m._br_record_to_json(record, buf, size, len));
        if (st !== OK) throw new BoardrulesError(st, core.statusString(st), 'parseRecord');
        return JSON.parse(json);
      } finally {
        core.m._br_record_free(record);
      }
    });
  }

  /** The verdict on a game record as an object (br_record_verdict_json()). */
  recordVerdict(text) {
    const core = this._core;
    const [status, json] = core.withString(text, 'a record', (rec) =>
      core.textCall((buf, size, len) => core.m._br_record_verdict_json(rec, buf, size, len)));
    if (status !== OK) throw new BoardrulesError(status, core.statusString(status), 'recordVerdict');
    return JSON.parse(json);
  }

  /** The kinds of bot the library has ('random', 'greedy', ...). */
  botKinds() {
    const kinds = [];
    for (let i = 0; ; i++) {
      const kind = this._core.cstring(this._core.m._br_bot_kind_at(i));
      if (kind === null) return kinds;
      kinds.push(kind);
    }
  }

  /** The text of a status code ('illegal move'). */
  statusString(status) { return this._core.statusString(status); }

  _gameOf(ptr) { return this._gamesByPtr.get(ptr); }

  _newStateCall(call, context) {
    const core = this._core;
    const out = core.slot(0);
    core.clearReason();
    core.m.HEAPU32[out >>> 2] = 0;
    const status = call(out);
    if (status !== OK) {
      const where = typeof context === 'function' ? context() : context;
      throw new BoardrulesError(status, core.reasonText() || core.statusString(status), where);
    }
    return new State(this, core.u32(out));
  }
}

/** A game of the registry: its description and option specs; makes states. */
export class Game {
  constructor(lib, ptr) {
    const core = lib._core;
    const m = core.m;
    this._lib = lib;
    this._ptr = ptr;
    /** Short name, e.g. 'tsuro'. */
    this.name = core.cstring(m._br_game_name(ptr));
    this.title = core.cstring(m._br_game_title(ptr));
    this.description = core.cstring(m._br_game_description(ptr));
    this.optionsHelp = core.cstring(m._br_game_options_help(ptr));
    this.minPlayers = m._br_game_min_players(ptr);
    this.maxPlayers = m._br_game_max_players(ptr);
    this.defaultPlayers = m._br_game_default_players(ptr);
    Object.freeze(this);
  }

  /** A new state with `options` (a string "players=3,seed=7" or an object). */
  newState(options) {
    const lib = this._lib;
    const core = lib._core;
    return core.withString(optionsText(options), 'options', (opts) => lib._newStateCall(
      (out) => core.m._br_state_new(this._ptr, opts, out, core.reason, REASON_SIZE),
      `${this.name}: new state`));
  }

  /** Null when `options` are valid for this game, else the reason. */
  checkOptions(options) {
    const core = this._lib._core;
    core.clearReason();
    const status = core.withString(optionsText(options), 'options', (opts) =>
      core.m._br_game_check_options(this._ptr, opts, core.reason, REASON_SIZE));
    return status === OK ? null : (core.reasonText() || core.statusString(status));
  }

  /** The options the game takes: [{key, kind, default, min, max, choices, help}]. */
  optionSpecs() {
    const core = this._lib._core;
    const m = core.m;
    const specs = [];
    const n = m._br_game_option_count(this._ptr);
    for (let i = 0; i < n; i++) {
      // br_option_spec on wasm32: key@0, kind@4, default@8, min@16 (u64),
      // max@24 (u64), choices@32, help@36.
      const p = m._br_game_option(this._ptr, i);
      const dv = new DataView(core.u8.buffer);
      const choicesPtr = core.u32(p + 32);
      const choices = [];
      if (choicesPtr) {
        for (let c = choicesPtr; core.u32(c); c += 4) choices.push(core.cstring(core.u32(c)));
      }
      specs.push({
        key: core.cstring(core.u32(p)),
        kind: OPTION_KINDS[core.i32(p + 4)] ?? String(core.i32(p + 4)),
        default: core.cstring(core.u32(p + 8)),
        min: Number(dv.getBigUint64(p + 16, true)),
        max: Number(dv.getBigUint64(p + 24, true)),
        choices,
        help: core.cstring(core.u32(p + 36)),
      });
    }
    return specs;
  }

  /** The facts of the game under `options` (sizes, players, tensor shape). */
  facts(options) {
    const core = this._lib._core;
    core.clearReason();                     // the facts go to the text buffer
    const status = core.withString(optionsText(options), 'options', (opts) =>
      core.m._br_game_facts(this._ptr, opts, core.text, FACTS_SIZE, core.reason, REASON_SIZE));
    if (status !== OK) throw new BoardrulesError(status, core.reasonText() || core.statusString(status), `${this.name}: facts`);
    return readFacts(core, core.text);
  }

  toString() { return this.name; }
}

// br_facts on wasm32 (size_t is 4 bytes): 4 ints, move_space, max_legal_moves,
// max_game_length, tensor_rank, tensor_shape[4], tensor_size,
// information_state_size.
const FACTS_SIZE = 56;
function readFacts(core, p) {
  const rank = core.u32(p + 28);
  const shape = [];
  for (let i = 0; i < rank; i++) shape.push(core.u32(p + 32 + 4 * i));
  return {
    numPlayers: core.i32(p),
    hasChance: core.i32(p + 4) !== 0,
    hasHiddenInformation: core.i32(p + 8) !== 0,
    returnsKind: core.i32(p + 12) === 0 ? 'zero-sum' : 'general',
    moveSpace: core.u32(p + 16),
    maxLegalMoves: core.u32(p + 20),
    maxGameLength: core.u32(p + 24),
    tensorShape: shape,
    tensorSize: core.u32(p + 48),
    informationStateSize: core.u32(p + 52),
  };
}

/**
 * One position of one game. It holds wasm memory: free() it when done (a
 * FinalizationRegistry frees forgotten states, late). Moves are numbers
 * (0..moveSpace-1) or their texts.
 */
export class State {
  constructor(lib, ptr) {
    this._lib = lib;
    this._core = lib._core;
    this._ptr = ptr;
    this._capacity = this._core.m._br_state_max_legal_moves(ptr);
    this._moves = 0;                   // wasm buffer for legal moves, made on first use
    const token = { core: this._core, ptr, moves: 0 };
    this._token = token;
    stateRegistry.register(this, token, this);
  }

  _p() {
    if (!this._ptr) throw new Error('boardrules: this state has been freed');
    return this._ptr;
  }

  _failure(status, context) {
    const core = this._core;
    const reason = core.cstring(core.m._br_state_last_error(this._ptr)) || core.statusString(status);
    return new BoardrulesError(status, reason, context);
  }

  _move(move) {
    if (typeof move === 'string') return this.moveFromText(move);
    if (!Number.isInteger(move)) throw new TypeError(`a move is an integer or its text, not ${move}`);
    return move;
  }

  /** Releases the state's wasm memory; the state cannot be used afterwards. */
  free() {
    if (!this._ptr) return;
    stateRegistry.unregister(this);
    const m = this._core.m;
    if (this._moves) m._free(this._moves);
    m._br_state_free(this._ptr);
    this._ptr = 0;
    this._moves = 0;
  }

  /** True once free() was called. */
  get isFreed() { return this._ptr === 0; }

  get game() { return this._lib._gameOf(this._core.m._br_state_game(this._p())); }
  get numPlayers() { return this._core.m._br_state_num_players(this._p()); }
  /** The seat to move (0..n-1); -1 at a chance node; -2 when the game is over. */
  get currentPlayer() { return this._core.m._br_state_current_player(this._p()); }
  get isTerminal() { return this._core.m._br_state_is_terminal(this._p()) !== 0; }
  get isChanceNode() { return this._core.m._br_state_is_chance_node(this._p()) !== 0; }
  get moveNumber() { return this._core.m._br_state_move_number(this._p()); }
  get moveSpace() { return this._core.m._br_state_move_space(this._p()); }

  /** The complete options string of the state (canonical form). */
  get options() {
    const [status, text] = this._core.textCall((b, s, l) => this._core.m._br_state_options(this._p(), b, s, l));
    if (status !== OK) throw this._failure(status, 'options');
    return text;
  }

  /** The reason the last failed call on this state gave ('' when none). */
  get lastError() { return this._core.cstring(this._core.m._br_state_last_error(this._p())) || ''; }

  /** A copy of the state (free it too). */
  clone() {
    const core = this._core;
    const out = core.slot(0);
    const status = core.m._br_state_clone(this._p(), out);
    if (status !== OK) throw new BoardrulesError(status, core.statusString(status), 'clone');
    return new State(this._lib, core.u32(out));
  }

  /**
   * Makes this state a copy of `other` (same game and player count) without
   * allocating: for search loops that reuse one state. Returns this state.
   */
  copyFrom(other) {
    if (!(other instanceof State)) throw new TypeError('copyFrom takes a State');
    const status = this._core.m._br_state_copy(this._p(), other._p());
    if (status !== OK) throw this._failure(status, 'copyFrom');
    return this;
  }

  /** The legal moves, ascending (at a chance node: the outcomes). */
  legalMoves() {
    const m = this._core.m;
    const p = this._p();
    if (!this._moves) {
      this._moves = this._core.malloc(4 * Math.max(this._capacity, 1));
      this._token.moves = this._moves;
    }
    const count = this._core.slot(0);
    const status = m._br_state_legal_moves(p, this._moves, this._capacity, count);
    if (status !== OK) throw this._failure(status, 'legalMoves');
    const n = this._core.u32(count);
    // A plain loop: Array.from() and slice() on the heap view cost 10 times more.
    const heap = m.HEAP32;
    const first = this._moves >>> 2;
    const moves = new Array(n);
    for (let i = 0; i < n; i++) moves[i] = heap[first + i];
    return moves;
  }

  /** Null when `move` (a number or text) is legal, else the reason why not. */
  check(move) {
    const m = this._move(move);
    if (m < MOVE_MIN || m > MOVE_MAX) return `move ${m} is not in the move space`;
    const core = this._core;
    core.clearReason();
    const status = core.m._br_state_check_move(this._p(), m, core.reason, REASON_SIZE);
    if (status === OK) return null;
    if (status === ERR_ILLEGAL_MOVE) return core.reasonText();
    throw new BoardrulesError(status, core.reasonText() || core.statusString(status), 'check');
  }

  /** True when `move` is legal here. */
  isLegal(move) { return this.check(move) === null; }

  /**
   * Applies a move (a number or text). An illegal move throws
   * BoardrulesError (statusName 'ILLEGAL_MOVE', the reason) and leaves the
   * state unchanged. Returns the state.
   */
  apply(move) {
    const m = this._move(move);
    if (m < MOVE_MIN || m > MOVE_MAX) {
      throw new BoardrulesError(ERR_ILLEGAL_MOVE, `move ${m} is not in the move space`, 'apply');
    }
    const status = this._core.m._br_state_apply(this._p(), m);
    if (status !== OK) throw this._failure(status, `illegal move ${m}`);
    return this;
  }

  /** The text of a move; with `seat` (0..n-1, or -1 a spectator) as that seat may see it. */
  moveToText(move, seat) {
    const m = this._move(move);
    const p = this._p();
    if (m < 0 || m >= this.moveSpace) throw argumentError(`move ${m} is not in 0..${this.moveSpace - 1}`);
    const core = this._core;
    let result;
    if (seat === undefined) {
      result = core.textCall((b, s, l) => core.m._br_state_move_to_text(p, m, b, s, l));
    } else {
      seatArg(seat, this.numPlayers, true);
      result = core.textCall((b, s, l) => core.m._br_state_move_to_text_view(p, m, seat, b, s, l));
    }
    if (result[0] !== OK) throw this._failure(result[0], 'moveToText');
    return result[1];
  }

  /** The move written as `text` (legality is not checked). */
  moveFromText(text) {
    const core = this._core;
    const p = this._p();
    const out = core.slot(1);
    const status = core.withString(text, 'a move text', (t) => core.m._br_state_move_from_text(p, t, out));
    if (status !== OK) throw this._failure(status, `cannot read move '${text}'`);
    return core.i32(out);
  }

  /** The outcomes of the current chance node: [{move, probability}]. */
  chanceOutcomes() {
    const core = this._core;
    const p = this._p();
    const n = Math.max(this._capacity, 1);
    const moves = core.malloc(12 * n + 8);   // n moves, padding to 8, n doubles
    try {
      const probs = moves + 4 * n + ((4 * n) % 8);
      const status = core.m._br_state_chance_outcomes(p, moves, probs, n, core.slot(0));
      if (status !== OK) throw this._failure(status, 'chanceOutcomes');
      const count = core.u32(core.slot(0));
      const out = [];
      for (let i = 0; i < count; i++) {
        out.push({ move: core.i32(moves + 4 * i), probability: core.m.HEAPF64[(probs >>> 3) + i] });
      }
      return out;
    } finally {
      core.m._free(moves);
    }
  }

  /** Resolves the current chance node from the state's own seeded generator; returns the outcome. */
  resolveChance() {
    const core = this._core;
    const out = core.slot(1);
    const status = core.m._br_state_resolve_chance(this._p(), out);
    if (status !== OK) throw this._failure(status, 'resolveChance');
    return core.i32(out);
  }

  /**
   * A state that `seat` (-1: a spectator) cannot tell apart from this one:
   * what is hidden from it drawn anew from `seed` (a number or BigInt,
   * 0..2^64-1). A new state; the caller frees it.
   */
  resample(seat, seed) {
    seatArg(seat, this.numPlayers, true);
    const bigSeed = seedArg(seed);
    const dst = this.clone();
    const status = this._core.m._br_state_resample(this._p(), seat, bigSeed, dst._ptr);
    if (status !== OK) {
      dst.free();
      throw this._failure(status, 'resample');
    }
    return dst;
  }

  _perSeat(fn, bytesPer, read, what) {
    const core = this._core;
    const n = this.numPlayers;
    const buf = core.malloc(bytesPer * n);
    try {
      const status = fn(this._p(), buf, n);
      if (status !== OK) throw this._failure(status, what);
      const out = [];
      for (let i = 0; i < n; i++) out.push(read(buf + bytesPer * i));
      return out;
    } finally {
      core.m._free(buf);
    }
  }

  /** The returns per seat (the game's result; 0 for all while it runs). */
  returns() {
    return this._perSeat(this._core.m._br_state_returns, 8, (p) => this._core.m.HEAPF64[p >>> 3], 'returns');
  }

  /** The scores per seat. */
  scores() {
    return this._perSeat(this._core.m._br_state_scores, 8, (p) => this._core.m.HEAPF64[p >>> 3], 'scores');
  }

  /** The winning seats of a finished game, ascending (WRONG_PHASE before the end). */
  winners() {
    const flags = this._perSeat(this._core.m._br_state_winners, 4, (p) => this._core.i32(p), 'winners');
    return flags.flatMap((won, seat) => (won ? [seat] : []));
  }

  _text(call, what) {
    const p = this._p();
    const [status, text] = this._core.textCall((b, s, l) => call(p, b, s, l));
    if (status !== OK) throw this._failure(status, what);
    return text;
  }

  /** The exact state as JSON text (doc/snapshots.md); Boardrules.load() reads it. */
  save() { return this._text(this._core.m._br_state_to_json, 'save'); }

  /** The exact state as a binary snapshot (a Uint8Array); Boardrules.fromBytes() reads it. */
  toBytes() {
    const core = this._core;
    const p = this._p();
    const len = core.slot(7);
    let status = core.m._br_state_to_bytes(p, core.text, core.textSize, len);
    if (status === ERR_BUFFER) {
      core.growText(core.u32(len) + 1);
      status = core.m._br_state_to_bytes(p, core.text, core.textSize, len);
    }
    if (status !== OK) throw this._failure(status, 'toBytes');
    return copyOut(new Uint8Array(core.u32(len)), core.u8, core.text);
  }

  /** What `seat` may see (-1: a spectator), as an object. */
  observe(seat = -1) { return JSON.parse(this.observeJson(seat)); }

  /** What `seat` may see, as JSON text. */
  observeJson(seat = -1) {
    seatArg(seat, this.numPlayers, true);
    return this._text((p, b, s, l) => this._core.m._br_state_observe(p, seat, b, s, l), 'observe');
  }

  /** The position as text for people; with `seat`, only what that seat may see. */
  render(seat) {
    if (seat === undefined) return this._text(this._core.m._br_state_render, 'render');
    seatArg(seat, this.numPlayers, true);
    return this._text((p, b, s, l) => this._core.m._br_state_render_view(p, seat, b, s, l), 'render');
  }

  toString() { return this.render(); }

  /** The facts of this state's game and options. */
  facts() {
    const core = this._core;
    const status = core.m._br_state_facts(this._p(), core.text, FACTS_SIZE);
    if (status !== OK) throw this._failure(status, 'facts');
    return readFacts(core, core.text);
  }

  _floats(call, size, what) {
    const core = this._core;
    const buf = core.malloc(4 * Math.max(size, 1));
    try {
      const status = call(buf, size);
      if (status !== OK) throw this._failure(status, what);
      return copyOut(new Float32Array(size), core.m.HEAPF32, buf >>> 2);
    } finally {
      core.m._free(buf);
    }
  }

  /** The observation tensor of `seat` (default: the seat to move), a Float32Array. */
  observationTensor(seat = this.currentPlayer) {
    const p = this._p();
    seatArg(seat, this.numPlayers, false);
    return this._floats((b, n) => this._core.m._br_state_observation_tensor(p, seat, b, n),
      this.facts().tensorSize, 'observationTensor');
  }

  /** The information-state tensor of `seat`, a Float32Array. */
  informationStateTensor(seat = this.currentPlayer) {
    const p = this._p();
    seatArg(seat, this.numPlayers, false);
    return this._floats((b, n) => this._core.m._br_state_information_state_tensor(p, seat, b, n),
      this.facts().informationStateSize, 'informationStateTensor');
  }

  /** The legal moves as a mask over the move space (a Uint8Array of 0/1). */
  legalMask() {
    const core = this._core;
    const p = this._p();
    const n = this.moveSpace;
    const buf = core.malloc(Math.max(n, 1));
    try {
      const status = core.m._br_state_legal_mask(p, buf, n);
      if (status !== OK) throw this._failure(status, 'legalMask');
      return copyOut(new Uint8Array(n), core.u8, buf);
    } finally {
      core.m._free(buf);
    }
  }

  /** The moves that led here: [{move, player}] (player -1: a chance outcome). */
  history() {
    const core = this._core;
    const p = this._p();
    const count = core.slot(0);
    let status = core.m._br_state_history(p, 0, 0, count);
    if (status !== OK && status !== ERR_BUFFER) throw this._failure(status, 'history');
    const n = core.u32(count);
    const buf = core.malloc(8 * Math.max(n, 1));
    try {
      status = core.m._br_state_history(p, buf, n, count);
      if (status !== OK) throw this._failure(status, 'history');
      const out = [];
      for (let i = 0; i < n; i++) out.push({ move: core.i32(buf + 8 * i), player: core.i32(buf + 8 * i + 4) });
      return out;
    } finally {
      core.m._free(buf);
    }
  }

  /** The move number the history starts at (0 unless made by resampling). */
  get historyStart() { return this._core.m._br_state_history_start(this._p()); }

  /** The text of history entry `index` as `seat` (-1: a spectator) may see it. */
  historyText(index, seat = -1) {
    seatArg(seat, this.numPlayers, true);
    if (!Number.isInteger(index) || index < 0) throw argumentError(`history index ${index} is not a count`);
    return this._text((p, b, s, l) => this._core.m._br_state_history_text_view(p, index, seat, b, s, l), 'historyText');
  }

  /** What history entry `index` did, as `seat` may see it (an array of effect objects). */
  historyEffects(index, seat = -1) {
    seatArg(seat, this.numPlayers, true);
    if (!Number.isInteger(index) || index < 0) throw argumentError(`history index ${index} is not a count`);
    return JSON.parse(this._text(
      (p, b, s, l) => this._core.m._br_state_history_effects_json(p, index, seat, b, s, l), 'historyEffects'));
  }

  /** The game record (doc/records.md) of the game that led here; `tags` an object of extra tags. */
  toRecord(tags = {}) {
    const core = this._core;
    const p = this._p();
    const entries = Object.entries(tags);
    const strings = [];
    const array = core.malloc(8 * Math.max(entries.length, 1));
    try {
      entries.forEach(([key, value], i) => {
        for (const [j, text] of [[0, key], [1, String(value)]]) {
          if (text.includes('\0')) throw argumentError(`tag ${key} contains a NUL character`);
          const bytes = encoder.encode(text);
          const s = core.malloc(bytes.length + 1);
          strings.push(s);
          core.u8.set(bytes, s);
          core.u8[s + bytes.length] = 0;
          core.m.HEAPU32[(array >>> 2) + 2 * i + j] = s;
        }
      });
      core.clearReason();
      const [status, text] = core.textCall((b, s, l) =>
        core.m._br_record_write_state(p, array, entries.length, b, s, l, core.reason, REASON_SIZE));
      if (status !== OK) throw new BoardrulesError(status, core.reasonText() || core.statusString(status), 'toRecord');
      return text;
    } finally {
      for (const s of strings) core.m._free(s);
      core.m._free(array);
    }
  }
}

// The Bot class is made per loaded library (Boardrules.Bot); this is its body.
class BotBase {
  constructor(lib, kind, options) {
    const core = lib._core;
    this._lib = lib;
    this._core = core;
    const out = core.slot(0);
    core.clearReason();
    const status = core.withString(kind, 'a bot kind', (k) => core.withString(optionsText(options), 'options',
      (o) => core.m._br_bot_new(k, o, out, core.reason, REASON_SIZE)));
    if (status !== OK) throw new BoardrulesError(status, core.reasonText() || core.statusString(status), `bot ${kind}`);
    this._ptr = core.u32(out);
    this.kind = core.cstring(core.m._br_bot_kind(this._ptr));
    botRegistry.register(this, { core, ptr: this._ptr }, this);
  }

  /** The bot's move for the seat to move in `state` (not applied). */
  choose(state) {
    if (!(state instanceof State)) throw new TypeError('choose takes a State');
    if (!this._ptr) throw new Error('boardrules: this bot has been freed');
    const core = this._core;
    const out = core.slot(1);
    const status = core.m._br_bot_choose(this._ptr, state._p(), out);
    if (status !== OK) {
      const reason = core.cstring(core.m._br_bot_last_error(this._ptr)) || core.statusString(status);
      throw new BoardrulesError(status, reason, `bot ${this.kind}`);
    }
    return core.i32(out);
  }

  /** Releases the bot's wasm memory. */
  free() {
    if (!this._ptr) return;
    botRegistry.unregister(this);
    this._core.m._br_bot_free(this._ptr);
    this._ptr = 0;
  }
}

export { PLAYER_CHANCE, PLAYER_TERMINAL };
export default loadBoardrules;
