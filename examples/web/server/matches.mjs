// Matches held by the server: the true state of each game, its seats, and
// what each seat may be told. Every move goes through the library
// (state.check / state.apply) and reaches the record on disk before it is
// acknowledged.
import crypto from 'node:crypto';
import { isValidMatchId } from './store.mjs';

/** An error the HTTP layer sends as {error, reason} with this status. */
export class RequestError extends Error {
  constructor(status, error, reason) {
    super(reason);
    this.status = status;
    this.error = error;
    this.reason = reason;
  }
}

const TOKEN_BYTES = 24;
const MOVE_LINE = /^(\d+|chance):/;

function hashToken(token) {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

/** Compares a presented token with a stored hash in constant time. */
function tokenMatches(token, storedHashHex) {
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) return false;
  const stored = Buffer.from(storedHashHex, 'hex');
  const given = hashToken(token);
  return stored.length === given.length && crypto.timingSafeEqual(stored, given);
}

/** The lines of a record that are moves or chance outcomes, in order. */
function moveLines(recordText) {
  return recordText.split('\n').map((l) => l.trim()).filter((l) => MOVE_LINE.test(l));
}

function resultLine(recordText) {
  return recordText.split('\n').map((l) => l.trim()).find((l) => l.startsWith('result ')) ?? null;
}

/**
 * Reads a seat spec: 'person', or 'bot:KIND' / 'bot:KIND:OPTIONS'. An ismcts bot
 * without a budget gets time_ms=botMs; a larger time_ms than maxBotMs is refused.
 */
export function parseSeatSpec(spec, botKinds, botMs, maxBotMs) {
  if (spec === 'person') return { kind: 'person' };
  if (typeof spec !== 'string' || !spec.startsWith('bot:')) {
    throw new RequestError(400, 'bad-seat', `a seat is 'person' or 'bot:KIND[:OPTIONS]', not ${JSON.stringify(spec)}`);
  }
  const rest = spec.slice(4);
  const colon = rest.indexOf(':');
  const bot = colon < 0 ? rest : rest.slice(0, colon);
  let options = colon < 0 ? '' : rest.slice(colon + 1);
  if (!botKinds.includes(bot)) {
    throw new RequestError(400, 'bad-seat', `unknown bot kind '${bot}' (known: ${botKinds.join(', ')})`);
  }
  const timeMs = /(?:^|,)time_ms=(\d+)/.exec(options);
  if (timeMs && Number(timeMs[1]) > maxBotMs) {
    throw new RequestError(400, 'bad-seat', `time_ms=${timeMs[1]} is over the server's bot budget of ${maxBotMs} ms`);
  }
  if (bot === 'ismcts' && !timeMs && !/(?:^|,)iterations=/.test(options)) {
    options = options ? `${options},time_ms=${botMs}` : `time_ms=${botMs}`;
  }
  return { kind: 'bot', bot, options };
}

/** The options a seat may see: the seed would let it foresee every draw; chance is the server's business. */
function publicOptions(options) {
  return options.split(',').filter((kv) => !/^(seed|chance)=/.test(kv)).join(',');
}

/**
 * Appends to `list` (seat `seat`'s history entries of state `st` so far) the
 * entries of `entries` (st.history()) that it lacks, each as
 * {index, player, text, effects}; returns `list`.
 */
function appendHistory(st, seat, list, entries) {
  for (let i = list.length; i < entries.length; i++) {
    list.push({
      index: st.historyStart + i,
      player: entries[i].player,
      text: st.historyText(i, seat),
      effects: st.historyEffects(i, seat),
    });
  }
  return list;
}

/**
 * What seat `seat` may know of state `st`: its observation and render, every
 * history entry as that seat sees it (`known`: those entries already made, as
 * Match.historyFor keeps them), and (if `withLegal`) its legal moves on its
 * turn. `summary` is the match's public summary.
 */
function seatView(st, seat, summary, withLegal, known = null) {
  const history = appendHistory(st, seat, known ?? [], st.history());
  const myTurn = withLegal && !st.isTerminal && st.currentPlayer === seat;
  return {
    match: summary,
    seat,
    observation: st.observe(seat),
    render: st.render(seat),
    history,
    legalMoves: myTurn ? st.legalMoves().map((m) => ({ move: m, text: st.moveToText(m, seat) })) : [],
    returns: st.isTerminal ? st.returns() : null,
    winners: st.isTerminal ? st.winners() : null,
  };
}

export class Match {
  /**
   * @param br the loaded library; @param store the MatchStore;
   * @param id the match id; @param state the match's State (the match owns it);
   * @param meta {game, seats: [{kind, bot?, options?, tokenHash?}], created}
   * @param written how many move lines the record on disk holds
   * @param pool the BotPool where the bots think
   */
  constructor(br, store, id, state, meta, written, pool) {
    this.pool = pool;
    this.br = br;
    this.store = store;
    this.id = id;
    this.state = state;
    this.meta = meta;
    this.written = written;
    this.bots = meta.seats.map((s, seat) => (s.kind === 'bot' ? { key: `${id}:${seat}`, kind: s.bot, options: s.options } : null));
    this.listeners = new Set();   // {seat, send(view)}
    this.queue = Promise.resolve();
    this.botPending = false;
    this.broken = false;
    this.historySeen = new Map(); // seat -> its history entries so far (historyFor)
  }

  get finished() { return this.state.isTerminal; }

  summary() {
    return {
      id: this.id,
      game: this.state.game.name,
      title: this.state.game.title,
      options: publicOptions(this.state.options),
      seats: this.meta.seats.map((s, seat) => ({ seat, kind: s.kind, bot: s.bot ?? null })),
      moveNumber: this.state.moveNumber,
      currentPlayer: this.state.currentPlayer,
      finished: this.finished,
      created: this.meta.created,
    };
  }

  /** The record's tags: who sat where, and the day the match began. */
  recordTags() {
    const tags = {};
    this.meta.seats.forEach((s, i) => { tags[`seat${i}`] = s.kind === 'person' ? 'person' : `${s.bot} bot`; });
    tags.date = this.meta.created.slice(0, 10);
    return tags;
  }

  /** Throws unless `token` is the token of person seat `seat`. */
  authorize(seat, token) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.meta.seats.length) {
      throw new RequestError(400, 'bad-seat', `seat must be an integer 0..${this.meta.seats.length - 1}, not ${JSON.stringify(seat)}`);
    }
    const s = this.meta.seats[seat];
    if (s.kind !== 'person' || !tokenMatches(token, s.tokenHash)) {
      throw new RequestError(403, 'bad-token', `the token is not the token of seat ${seat}`);
    }
  }

  /**
   * Seat `seat`'s history entries, each {index, player, text, effects}. An
   * entry's text and effects are fixed once the move is made (they tell what
   * the seat saw then), and the library replays the game from its start for
   * each one, so they are computed once per seat and kept: a view costs one
   * replay per new entry instead of one per entry.
   */
  historyFor(seat) {
    const st = this.state;
    let seen = this.historySeen.get(seat);
    const entries = st.history();
    if (!seen || seen.length > entries.length) {
      seen = [];
      this.historySeen.set(seat, seen);
    }
    return appendHistory(st, seat, seen, entries).slice();
  }

  /** What seat `seat` may know: its observation, its history, and its legal moves on its turn. */
  view(seat) {
    return seatView(this.state, seat, this.summary(), true, this.historyFor(seat));
  }

  /**
   * Seat `seat`'s view after the first `upto` history entries, as it was told
   * then (the page's replay slider): the match replayed with explicit chance,
   * so the recorded draws come back, and observed from that seat only.
   */
  viewAt(seat, upto) {
    const entries = this.state.history();
    if (!Number.isInteger(upto) || upto < 0 || upto > entries.length) {
      throw new RequestError(400, 'bad-upto', `upto must be an integer 0..${entries.length}, not ${JSON.stringify(upto)}`);
    }
    if (upto === entries.length) return this.view(seat);
    const options = this.state.options.replace(/(^|,)chance=auto\b/, '$1chance=explicit');
    const past = this.br.newState(this.state.game.name, options);
    try {
      for (let i = 0; i < upto; i++) past.apply(entries[i].move);
      const summary = { ...this.summary(), moveNumber: past.moveNumber, currentPlayer: past.currentPlayer, finished: past.isTerminal };
      // The entries' texts are those the seat was told then (historyFor).
      return { ...seatView(past, seat, summary, false, this.historyFor(seat).slice(0, upto)), upto };
    } finally {
      past.free();
    }
  }

  /**
   * Runs `fn` once every earlier move of this match is on disk: a match
   * checks and writes one move at a time, while other matches go on.
   */
  exclusive(fn) {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Makes seat `seat`'s move (a number or its text). Illegal: rejects with the
   * library's reason and changes nothing. Legal: resolves once the record's
   * new lines are on disk (fsync'd).
   */
  move(seat, move, expectMoveNumber) {
    return this.exclusive(async () => {
      const st = this.state;
      if (st.isTerminal) throw new RequestError(409, 'finished', 'the match is over');
      if (st.currentPlayer !== seat) {
        throw new RequestError(409, 'not-your-turn', `it is seat ${st.currentPlayer}'s turn, not seat ${seat}'s`);
      }
      if (expectMoveNumber !== undefined && expectMoveNumber !== st.moveNumber) {
        throw new RequestError(409, 'stale', `the match is at move ${st.moveNumber}, not ${expectMoveNumber}`);
      }
      if (typeof move !== 'number' && typeof move !== 'string') {
        throw new RequestError(400, 'bad-move', 'move must be a move number or its text');
      }
      let reason;
      try {
        reason = st.check(move);
      } catch (e) {
        reason = e.reason ?? e.message;
      }
      if (reason !== null) throw new RequestError(422, 'illegal-move', reason);
      await this.commit(move);
    });
  }

  /**
   * Applies a checked move and writes the new record lines durably. The
   * fsync runs on libuv's thread pool, so other matches are served meanwhile.
   * If the disk fails, the move is taken back and the match refuses moves
   * until a restart replays what the disk holds.
   */
  async commit(move) {
    if (this.broken) throw new RequestError(503, 'broken', `match ${this.id} could not be written; restart the server`);
    const before = this.state.clone();
    try {
      let lines;
      try {
        this.state.apply(move);
        this.settleChance();
        lines = this.pendingLines();
      } catch (e) {
        this.state.copyFrom(before);
        throw e;
      }
      try {
        await this.store.appendDurably(this.id, lines);
      } catch (e) {
        this.state.copyFrom(before);
        this.broken = true;
        throw e;
      }
      this.wrote(lines);
    } finally {
      before.free();
    }
  }

  /**
   * Draws at chance nodes from the state's seeded generator. A new match
   * (chance=auto) never stops at one, but a match replayed from its record
   * is chance=explicit, as the record's options say.
   */
  settleChance() {
    while (this.state.isChanceNode) this.state.resolveChance();
  }

  /** The record lines not yet on disk, and the result line at the end. */
  pendingLines() {
    const record = this.state.toRecord();
    const lines = moveLines(record).slice(this.written);
    if (this.state.isTerminal) lines.push(resultLine(record) ?? 'result *');
    return lines;
  }

  wrote(lines) {
    this.written += lines.length - (this.state.isTerminal ? 1 : 0);
    if (this.state.isTerminal) this.store.close(this.id);
  }

  /** Writes the pending lines at once (creation and restore, before any request). */
  persist() {
    const lines = this.pendingLines();
    this.store.append(this.id, lines);
    this.wrote(lines);
  }

  /** The bot whose turn it is, or null. */
  botToMove() {
    return this.state.isTerminal ? null : this.bots[this.state.currentPlayer];
  }

  /**
   * Runs the bots one move per turn of the event loop, each recorded like a
   * person's and pushed to the listeners, so that other requests are served
   * between bot moves.
   */
  scheduleBots() {
    if (this.botPending || !this.botToMove()) return;
    this.botPending = true;
    setImmediate(() => {
      this.exclusive(async () => {
        const bot = this.botToMove();
        if (!bot || this.freed) return false;
        const move = await this.pool.choose(bot.key, bot.kind, bot.options, this.state);
        if (this.freed) return false;
        await this.commit(move);
        if (this.finished) this.forgetBots();
        return true;
      }).then((moved) => {
        this.botPending = false;
        if (moved) {
          this.notify();
          this.scheduleBots();
        }
      }, (e) => {
        this.botPending = false;
        console.error(`match ${this.id}: bot move failed: ${e.reason ?? e.message}`);
      });
    });
  }

  forgetBots() {
    for (const b of this.bots) if (b) this.pool.forget(b.key);
  }

  /** Pushes each listener its own seat's view. */
  notify() {
    for (const l of this.listeners) {
      try { l.send(this.view(l.seat)); } catch { this.listeners.delete(l); }
    }
  }

  free() {
    this.freed = true;
    this.forgetBots();
    this.state.free();
  }
}

export class MatchRegistry {
  constructor(br, store, pool, { botMs = 200, maxBotMs = 5000, maxMatches = 1000, log = () => {} } = {}) {
    this.br = br;
    this.maxMatches = maxMatches;
    this.creating = 0;          // creations waiting for their files: they count against maxMatches
    this.pool = pool;
    this.store = store;
    this.botMs = botMs;
    this.maxBotMs = maxBotMs;
    this.log = log;
    this.matches = new Map();
    this.damaged = [];
  }

  /** Restores every match from the store; a damaged one is reported and skipped. */
  restore() {
    const { matches, damaged } = this.store.readAll();
    this.damaged = damaged;
    for (const { id, meta, record } of matches) {
      let state;
      try {
        if (!Array.isArray(meta.seats)) throw new Error('the seats file has no seats');
        // The journal of an unfinished match has no result line yet.
        state = this.br.replayRecord(resultLine(record) ? record : `${record}result *\n`);
        if (state.numPlayers !== meta.seats.length) throw new Error('the seats file does not fit the record');
        const m = new Match(this.br, this.store, id, state, meta, moveLines(record).length, this.pool);
        this.matches.set(id, m);
        if (resultLine(record)) {
          this.store.close(id);
        } else {
          m.settleChance();
          m.persist();       // the draws due, or the result line a crash cut off
        }
      } catch (e) {
        state?.free();
        this.damaged.push({ id, file: this.store.recordPath(id), reason: e.reason ?? e.message });
      }
    }
    for (const d of this.damaged) this.log(`damaged match ${d.id} (${d.file}): ${d.reason}`);
    // A crash between a person's move and the bots' answer leaves a bot to move.
    for (const m of this.matches.values()) m.scheduleBots();
    return { restored: this.matches.size, damaged: this.damaged };
  }

  get(id) {
    const m = isValidMatchId(id) ? this.matches.get(id) : undefined;
    if (!m) throw new RequestError(404, 'no-match', `no match '${id}'`);
    return m;
  }

  list() {
    return [...this.matches.values()].map((m) => m.summary());
  }

  /** How many matches are not over, those being created included. */
  unfinishedCount() {
    let n = this.creating;
    for (const m of this.matches.values()) if (!m.finished) n++;
    return n;
  }

  /**
   * Refuses a new match while `maxMatches` are unfinished: every match holds
   * a state in memory and an open file, so without a limit anyone who can
   * reach the server could fill its memory and its disk.
   */
  checkRoom() {
    const open = this.unfinishedCount();
    if (open >= this.maxMatches) {
      throw new RequestError(503, 'too-many-matches',
        `the server holds ${open} unfinished matches, its limit (--max-matches ${this.maxMatches}); try again once some are over`);
    }
  }

  /**
   * Creates a match: resolves to its summary and each person seat's token
   * (given only here) once its files are on disk.
   */
  async create(body) {
    this.checkRoom();
    const { game, options = {}, seats } = body ?? {};
    if (typeof game !== 'string') throw new RequestError(400, 'bad-game', 'game must be a game name');
    let g;
    try { g = this.br.game(game); } catch (e) {
      throw new RequestError(400, 'bad-game', e.reason ?? e.message);
    }
    if (!Array.isArray(seats) || seats.length === 0) {
      throw new RequestError(400, 'bad-seat', "seats must be a list of 'person' or 'bot:KIND[:OPTIONS]'");
    }
    if (typeof options !== 'string' && (typeof options !== 'object' || options === null || Array.isArray(options))) {
      throw new RequestError(400, 'bad-options', 'options must be a string or an object');
    }
    const specs = seats.map((s) => parseSeatSpec(s, this.br.botKinds(), this.botMs, this.maxBotMs));
    const opts = this.completeOptions(options, seats.length);
    const why = g.checkOptions(opts);
    if (why !== null) throw new RequestError(400, 'bad-options', why);
    const state = g.newState(opts);
    const tokens = specs.map((s) => (s.kind === 'person' ? crypto.randomBytes(TOKEN_BYTES).toString('base64url') : null));
    const meta = {
      game: g.name,
      created: new Date().toISOString(),
      seats: specs.map((s, i) => (s.kind === 'person' ? { kind: 'person', tokenHash: hashToken(tokens[i]).toString('hex') } : s)),
    };
    const id = crypto.randomBytes(8).toString('hex');
    try {
      for (const s of specs) {                       // a bad bot option fails here, before any file
        if (s.kind === 'bot') new this.br.Bot(s.bot, s.options).free();
      }
    } catch (e) {
      state.free();
      throw new RequestError(400, 'bad-seat', e.reason ?? e.message);
    }
    const record = state.toRecord(Match.prototype.recordTags.call({ meta }));
    const header = record.split('\n').filter((l) => l.trim() !== '' && !MOVE_LINE.test(l.trim()) && !l.startsWith('result'));
    const deal = moveLines(record);                  // the draws newState() made
    this.creating++;
    try {
      await this.store.create(id, meta, [...header, ...deal].map((l) => l + '\n').join(''));
    } catch (e) {
      state.free();
      throw e;
    } finally {
      this.creating--;
    }
    const m = new Match(this.br, this.store, id, state, meta, deal.length, this.pool);
    this.matches.set(id, m);
    m.scheduleBots();
    return { match: m.summary(), tokens };
  }

  /** The options with the seat count and, unless given, a seed from crypto. */
  completeOptions(options, players) {
    const obj = typeof options === 'string'
      ? Object.fromEntries(options.split(',').filter(Boolean).map((kv) => {
        const eq = kv.indexOf('=');
        return eq < 0 ? [kv, true] : [kv.slice(0, eq), kv.slice(eq + 1)];
      }))
      : { ...options };
    if (obj.players !== undefined && Number(obj.players) !== players) {
      throw new RequestError(400, 'bad-options', `players=${obj.players} but ${players} seats`);
    }
    obj.players = players;
    if (obj.seed === undefined) obj.seed = crypto.randomBytes(4).readUInt32BE(0) % 2147483647;
    obj.chance = 'auto';
    return obj;
  }

  closeAll() {
    for (const m of this.matches.values()) m.free();
    this.pool.close();
    this.matches.clear();
    this.store.closeAll();
  }
}
