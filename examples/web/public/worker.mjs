// The offline table's engine: the boardrules package runs here, in a Web
// Worker, so a bot's search never blocks the page. The page sends requests
// {id, op, ...} and gets {id, ok, result} or {id, ok: false, error}; after
// every move the worker also posts {type: 'update', view} on its own, so the
// page follows the bots' moves as they happen.

let br = null;          // the loaded package
let state = null;       // the game being played (owned here, freed on a new game)
let seats = [];         // per seat: 'person' or a bot kind
let bots = [];          // per seat: a Bot or null (owned here)
let personSeat = -1;    // whose view the page shows; -1 a spectator
let generation = 0;     // bumps on every new game, so an old bot loop stops

function errorOf(e) {
  if (e && e.statusName) return { statusName: e.statusName, reason: e.reason };
  return { statusName: 'ERROR', reason: String(e && e.message ? e.message : e) };
}

function freeGame() {
  for (const bot of bots) if (bot) bot.free();
  bots = [];
  if (state) state.free();
  state = null;
}

async function init({ pkg }) {
  const mod = await import(pkg);
  br = await mod.loadBoardrules();
  return {
    bots: br.botKinds(),
    games: br.games().map((g) => ({
      name: g.name, title: g.title, minPlayers: g.minPlayers,
      maxPlayers: g.maxPlayers, defaultPlayers: g.defaultPlayers,
      options: g.optionSpecs(),
    })),
  };
}

// One log line per history entry, as the person's seat may see it.
function logEntry(s, i, entry) {
  return {
    index: i,
    player: entry.player,
    text: s.historyText(i, personSeat),
    effects: s.historyEffects(i, personSeat),
  };
}

// The log lines made so far, for one state: an entry's text never changes
// once its move is made, and the library replays the game from its start
// for each one, so each is made once (the whole log every update would cost
// a replay per entry, quadratic in the game's length).
let logCache = { state: null, seat: -1, lines: [] };

function logOf(s, history) {
  if (logCache.state !== s || logCache.seat !== personSeat || logCache.lines.length > history.length) {
    logCache = { state: s, seat: personSeat, lines: [] };
  }
  const lines = logCache.lines;
  for (let i = lines.length; i < history.length; i++) lines.push(logEntry(s, i, history[i]));
  return lines.slice();
}

function viewOf(s, { withLegal }) {
  const history = s.history();
  const mine = withLegal && personSeat >= 0 && !s.isTerminal && s.currentPlayer === personSeat;
  return {
    game: s.game.name,
    seat: personSeat,
    seats,
    options: s.options,
    moveNumber: s.moveNumber,
    currentPlayer: s.currentPlayer,
    isTerminal: s.isTerminal,
    observation: s.observe(personSeat),
    render: s.render(personSeat),
    log: logOf(s, history),
    historyLength: history.length,
    legal: mine ? s.legalMoves().map((m) => ({ move: m, text: s.moveToText(m, personSeat) })) : [],
    winners: s.isTerminal ? s.winners() : [],
    returns: s.isTerminal ? s.returns() : [],
  };
}

function postUpdate() {
  postMessage({ type: 'update', view: viewOf(state, { withLegal: true }) });
}

function makeBot(kind, index, budgetMs) {
  if (kind === 'person') return null;
  const options = { seed: index + 1 };
  if (kind === 'ismcts') options.time_ms = budgetMs;      // the only kind with a time budget
  return new br.Bot(kind, options);
}

// Chance and bot turns until the person is to move or the game ends; one
// move per task, so requests from the page are answered in between.
async function advance() {
  const mine = generation;
  while (state && mine === generation && !state.isTerminal) {
    if (state.isChanceNode) state.resolveChance();
    else if (bots[state.currentPlayer]) state.apply(bots[state.currentPlayer].choose(state));
    else break;
    postUpdate();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

function startWith(newState, config) {
  generation++;
  freeGame();
  state = newState;
  seats = config.seats.slice(0, state.numPlayers);
  while (seats.length < state.numPlayers) seats.push('random');
  personSeat = seats.indexOf('person');   // -1: only bots, watched as a spectator
  bots = seats.map((kind, i) => makeBot(kind, i, config.budgetMs || 200));
  postUpdate();
  advance();
  return viewOf(state, { withLegal: true });
}

function newGame(config) {
  return startWith(br.newState(config.game, config.options), config);
}

// A move of the person: the library checks it, and its reason comes back.
function move({ text }) {
  if (!state) throw new Error('no game: start one first');
  if (state.isTerminal) throw new Error('the game is over');
  if (state.currentPlayer !== personSeat) throw new Error('not your turn: seat ' + state.currentPlayer + ' is to move');
  const number = typeof text === 'number' ? text : state.moveFromText(text);
  const reason = state.check(number);
  if (reason !== null) return { illegal: reason };
  state.apply(number);
  postUpdate();
  advance();
  return { accepted: true };
}

// The position after the first `upto` history entries, from the person's
// seat: replayed with explicit chance so the recorded draws come back.
function replay({ upto }) {
  if (!state) throw new Error('no game: start one first');
  const history = state.history();
  if (!(upto >= 0 && upto <= history.length)) throw new Error('upto: ' + upto + ' is not in 0..' + history.length);
  const options = state.options.replace(/chance=auto/, 'chance=explicit');
  const s = br.newState(state.game.name, options);
  try {
    for (let i = 0; i < upto; i++) s.apply(history[i].move);
    return viewOf(s, { withLegal: false });
  } finally {
    s.free();
  }
}

function saveRecord() {
  if (!state) throw new Error('no game: start one first');
  return state.toRecord({ event: 'boardrules web table' });
}

function loadRecord({ text, seats: seatKinds, budgetMs }) {
  const s = br.replayRecord(text);
  return startWith(s, { seats: seatKinds, budgetMs });
}

const ops = { init, newGame, move, replay, saveRecord, loadRecord };

onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    if (!ops[op]) throw new Error('unknown request: ' + op);
    if (op !== 'init' && !br) throw new Error('the package is not loaded yet');
    const result = await ops[op](event.data);
    postMessage({ id, ok: true, result });
  } catch (e) {
    postMessage({ id, ok: false, error: errorOf(e) });
  }
};
