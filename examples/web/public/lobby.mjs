// The page's side of server.mjs: the lobby (create a match, list the
// matches, join one) and a seat played on the server (its view pushed by
// Server-Sent Events, its moves sent by POST). Without the server (the page
// served by a plain static server) the lobby stays hidden and the page plays
// offline only.
//
// A join link is /?match=ID&seat=N&token=T. The token is the seat: the page
// keeps it in sessionStorage (this tab only) and takes it out of the address
// bar at once, so it is neither left on the screen nor in the history.

const TOKEN_KEY = (match, seat) => `boardrules:token:${match}:${seat}`;

/** An error of the server's API as the page shows it: `${statusName}: ${reason}`. */
class ApiError extends Error {
  constructor(status, body) {
    const reason = body && body.reason ? body.reason : `HTTP ${status}`;
    super(reason);
    this.status = status;
    this.statusName = body && body.error ? body.error : `HTTP ${status}`;
    this.reason = reason;
  }
}

async function call(method, route, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers['x-seat-token'] = token;
  const res = await fetch(route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed = text;
  try { parsed = JSON.parse(text); } catch { /* a record is text */ }
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed;
}

function rememberToken(match, seat, token) {
  try { sessionStorage.setItem(TOKEN_KEY(match, seat), token); } catch { /* storage off: this page only */ }
}

function knownToken(match, seat) {
  try { return sessionStorage.getItem(TOKEN_KEY(match, seat)); } catch { return null; }
}

/**
 * The seat this page plays, from a join link: {match, seat, token}, or null
 * when the address names no match. A token in the address is moved to
 * sessionStorage and the address replaced by /?match=ID&seat=N, so a reload
 * returns the seat and the token is not left in the address bar.
 */
export function takeJoinLink() {
  const params = new URLSearchParams(location.search);
  const match = params.get('match');
  const seat = Number(params.get('seat'));
  if (!match || !/^\d+$/.test(params.get('seat') || '')) return null;
  let token = params.get('token');
  if (token) {
    rememberToken(match, seat, token);
    params.delete('token');
    history.replaceState(null, '', `${location.pathname}?${params}`);
  } else {
    token = knownToken(match, seat);
  }
  return { match, seat, token };
}

/** The page's view (the shape worker.mjs posts) of a view of the server. */
export function toPageView(v) {
  const m = v.match;
  return {
    game: m.game,
    seat: v.seat,
    seats: m.seats.map((s) => (s.kind === 'bot' ? s.bot : s.seat === v.seat ? 'person' : 'friend')),
    options: m.options,
    moveNumber: m.moveNumber,
    currentPlayer: m.currentPlayer,
    isTerminal: m.finished,
    observation: v.observation,
    render: v.render ?? '',
    log: v.history,
    historyLength: v.history.length,
    legal: v.legalMoves,
    winners: v.winners ?? [],
    returns: v.returns ?? [],
  };
}

/**
 * A seat played on the server. `onView(pageView)` gets every new view (the
 * join, each push, each move's answer); `onStatus(text)` hears of the
 * connection. A view older than the last one (fewer history entries) is dropped.
 */
export class RemoteSeat {
  constructor({ match, seat, token }, { onView, onStatus }) {
    this.match = match;
    this.seat = seat;
    this.token = token;
    this.onView = onView;
    this.onStatus = onStatus;
    this.seen = -1;
    this.events = null;
    this.lost = false;         // the connection's message is shown
  }

  route(action) { return `/api/matches/${encodeURIComponent(this.match)}/${action}`; }

  take(serverView) {
    if (serverView.history.length < this.seen) return;
    this.seen = serverView.history.length;
    this.last = toPageView(serverView);
    this.onView(this.last);
  }

  /** Joins (or rejoins) the seat and follows its pushed views. */
  async connect() {
    if (!this.token) {
      throw new ApiError(403, { error: 'no-token', reason: `this tab holds no token for seat ${this.seat}: open the join link again` });
    }
    this.take(await call('POST', this.route('join'), { body: { seat: this.seat, token: this.token } }));
    // EventSource sends no headers: the token goes in the query, which the
    // server logs nowhere and the page never shows.
    const query = `seat=${this.seat}&token=${encodeURIComponent(this.token)}`;
    this.events = new EventSource(`${this.route('events')}?${query}`);
    this.events.addEventListener('view', (event) => {
      if (this.lost) this.onStatus('');    // only the connection's own message: a refusal's reason stays
      this.lost = false;
      this.take(JSON.parse(event.data));
    });
    this.events.onerror = () => {
      this.lost = true;
      this.onStatus(this.events.readyState === EventSource.CLOSED
        ? 'the server ended the updates: reload the page'
        : 'the connection to the server was lost: reconnecting…');
    };
  }

  /**
   * Sends a move (its text) made on the view at `moveNumber`: resolves to
   * {accepted} or {illegal: reason} as the worker does; another refusal
   * (stale, not your turn) rejects with the server's error and reason.
   */
  async move(text, moveNumber) {
    try {
      this.take(await call('POST', this.route('moves'), { body: { seat: this.seat, token: this.token, move: text, moveNumber } }));
      return { accepted: true };
    } catch (e) {
      if (e instanceof ApiError && e.statusName === 'illegal-move') return { illegal: e.reason };
      throw e;
    }
  }

  /** The seat's view after the first `upto` history entries (the replay slider). */
  async viewAt(upto) {
    return toPageView(await call('GET', `${this.route('view')}?seat=${this.seat}&upto=${upto}`, { token: this.token }));
  }

  /** The game record, once the match is over (before, the server refuses: not-finished). */
  record() {
    return call('GET', this.route('record'));
  }
}

// ---------------------------------------------------------------- the lobby

function make(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'dataset') Object.assign(node.dataset, v);
    else node[k] = v;
  }
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** Goes to a seat of the server: the token stays in this tab's sessionStorage. */
function playSeat(match, seat, token) {
  rememberToken(match, seat, token);
  const params = new URLSearchParams(location.search);
  for (const key of ['match', 'seat', 'token']) params.delete(key);
  params.set('match', match);
  params.set('seat', seat);
  location.assign(`${location.pathname}?${params}`);
}

// The option inputs of a game, from its option specs; players, seed and
// chance are the server's (players is the seat count).
function drawOptions(box, game) {
  box.replaceChildren();
  for (const spec of game.options) {
    if (['players', 'seed', 'chance'].includes(spec.key)) continue;
    const label = make('label', { title: spec.help }, box, `${spec.key} `);
    let input;
    if (spec.choices.length) {
      input = make('select', {}, label);
      for (const c of spec.choices) input.add(new Option(c, c));
    } else {
      input = make('input', { type: spec.kind === 'integer' ? 'number' : 'text', size: 6 }, label);
      if (spec.kind === 'integer') { input.min = spec.min; if (spec.max < 1e15) input.max = spec.max; }
    }
    input.value = spec.default;
    input.dataset.option = spec.key;
    input.dataset.default = spec.default;
  }
}

// One row per seat: a person, or a bot kind with its time budget.
function drawSeatRows(box, count, botKinds) {
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const row = make('label', {}, box, `seat ${i} `);
    const kind = make('select', { id: `lobby-seat-${i}` }, row);
    kind.add(new Option('person', 'person'));
    for (const b of botKinds) kind.add(new Option(`bot: ${b}`, `bot:${b}`));
    kind.value = old[i] || (i < 2 ? 'person' : `bot:${botKinds.includes('greedy') ? 'greedy' : botKinds[0]}`);
    const budget = make('input', { type: 'number', min: 10, max: 5000, value: 300, id: `lobby-budget-${i}`, title: 'time budget per move, ms (ismcts)' }, row);
    const showBudget = () => { budget.hidden = kind.value !== 'bot:ismcts'; };
    kind.addEventListener('change', showBudget);
    showBudget();
  }
}

function seatSpecs(box) {
  return [...box.querySelectorAll('select')].map((kind, i) => {
    if (kind.value !== 'bot:ismcts') return kind.value;
    return `bot:ismcts:time_ms=${Number(document.getElementById(`lobby-budget-${i}`).value) || 300}`;
  });
}

function chosenOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll('[data-option]')) {
    if (input.value !== input.dataset.default && input.value !== '') options[input.dataset.option] = input.value;
  }
  return options;
}

// The join links of a new match: one per person seat, to hand to a friend
// or to play here.
function showLinks(box, created) {
  box.replaceChildren();
  make('p', {}, box, `match ${created.match.id} (${created.match.title}): a join link per person seat; each link is that seat, give it only to its player.`);
  const list = make('ul', { className: 'join-links' }, box);
  for (const s of created.seats) {
    if (s.kind !== 'person') continue;
    const li = make('li', {}, list, `seat ${s.seat} `);
    make('input', { readOnly: true, size: 60, value: new URL(s.join, location.href).href, className: 'join-link', dataset: { seat: s.seat } }, li);
    const play = make('button', { type: 'button', className: 'play-seat', dataset: { seat: s.seat } }, li, 'play here');
    play.addEventListener('click', () => playSeat(created.match.id, s.seat, s.token));
  }
}

function describeSeats(match) {
  return match.seats.map((s) => (s.kind === 'bot' ? s.bot : 'person')).join(', ');
}

async function refreshList(table, say) {
  let matches;
  try { matches = await call('GET', '/api/matches'); } catch (e) { say(`the matches: ${e.reason}`); return; }
  const body = table.tBodies[0];
  body.replaceChildren();
  matches.sort((a, b) => (a.created < b.created ? 1 : -1));
  for (const m of matches) {
    const row = make('tr', { dataset: { match: m.id } }, body);
    for (const text of [m.id, m.title, m.options, describeSeats(m), m.finished ? 'over' : `move ${m.moveNumber}`]) make('td', {}, row, text);
    const cell = make('td', {}, row);
    for (const s of m.seats) {
      const token = s.kind === 'person' ? knownToken(m.id, s.seat) : null;
      if (!token) continue;
      const b = make('button', { type: 'button', className: 'play-seat', dataset: { seat: s.seat } }, cell, `play seat ${s.seat}`);
      b.addEventListener('click', () => playSeat(m.id, s.seat, token));
    }
  }
}

function joinFromText(text) {
  let url;
  try { url = new URL(text.trim(), location.href); } catch { return false; }
  const match = url.searchParams.get('match');
  const seat = url.searchParams.get('seat');
  const token = url.searchParams.get('token');
  if (!match || !/^\d+$/.test(seat || '') || !token) return false;
  playSeat(match, Number(seat), token);
  return true;
}

function lobbyForm(root) {
  make('h2', {}, root, 'Play on this server: with friends or bots');
  const form = make('form', { id: 'lobby-form' }, root);
  const gameLabel = make('label', {}, form, 'Game ');
  const game = make('select', { id: 'lobby-game' }, gameLabel);
  const playersLabel = make('label', {}, form, ' Players ');
  const players = make('input', { id: 'lobby-players', type: 'number', size: 3 }, playersLabel);
  const options = make('span', { id: 'lobby-options' }, form);
  const seats = make('div', { id: 'lobby-seats' }, form);
  make('button', { type: 'submit', id: 'lobby-create' }, form, 'Create match');
  const message = make('p', { id: 'lobby-message', role: 'alert' }, root);
  const links = make('div', { id: 'lobby-links' }, root);
  const joinForm = make('form', { id: 'lobby-join' }, root);
  const joinLabel = make('label', {}, joinForm, 'Join link ');
  const joinText = make('input', { id: 'lobby-join-link', size: 50, placeholder: 'a link /?match=…&seat=…&token=…' }, joinLabel);
  make('button', { type: 'submit' }, joinForm, 'Join');
  make('h3', {}, root, 'Matches ');
  const refresh = make('button', { type: 'button', id: 'lobby-refresh' }, root, 'Refresh');
  const table = make('table', { id: 'lobby-matches' }, root);
  const head = make('tr', {}, make('thead', {}, table));
  for (const h of ['match', 'game', 'options', 'seats', 'state', '']) make('th', {}, head, h);
  make('tbody', {}, table);
  return { form, game, players, options, seats, message, links, joinForm, joinText, refresh, table };
}

/**
 * Opens the lobby in `root` if the page's server is server.mjs: resolves to
 * true, or to false (the lobby stays hidden) when there is no API.
 */
export async function openLobby(root) {
  let games;
  let botKinds;
  try {
    [games, botKinds] = await Promise.all([call('GET', '/api/games'), call('GET', '/api/bots')]);
  } catch {
    return false;                  // a static server: offline play only
  }
  const ui = lobbyForm(root);
  const say = (text) => { ui.message.textContent = text; };
  const chosen = () => games.find((g) => g.name === ui.game.value);
  const redrawSeats = () => {
    const g = chosen();
    const n = Math.min(Math.max(Number(ui.players.value) || g.defaultPlayers, g.minPlayers), g.maxPlayers);
    drawSeatRows(ui.seats, n, botKinds);
  };
  const changeGame = () => {
    const g = chosen();
    Object.assign(ui.players, { min: g.minPlayers, max: g.maxPlayers, value: g.defaultPlayers });
    drawOptions(ui.options, g);
    redrawSeats();
  };
  for (const g of games) ui.game.add(new Option(g.title, g.name));
  ui.game.addEventListener('change', changeGame);
  ui.players.addEventListener('input', redrawSeats);
  ui.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say('');
    try {
      const created = await call('POST', '/api/matches', {
        body: { game: ui.game.value, options: chosenOptions(ui.options), seats: seatSpecs(ui.seats) },
      });
      for (const s of created.seats) if (s.kind === 'person') rememberToken(created.match.id, s.seat, s.token);
      showLinks(ui.links, created);
      await refreshList(ui.table, say);
    } catch (e) {
      say(`${e.statusName || 'error'}: ${e.reason || e.message}`);
    }
  });
  ui.joinForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!joinFromText(ui.joinText.value)) say('a join link reads /?match=ID&seat=N&token=T');
  });
  ui.refresh.addEventListener('click', () => refreshList(ui.table, say));
  changeGame();
  await refreshList(ui.table, say);
  root.hidden = false;
  document.body.dataset.lobby = 'ready';
  return true;
}
