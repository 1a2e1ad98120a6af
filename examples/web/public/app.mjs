// The table: offline, the page talks to the package in worker.mjs by
// postMessage, so a bot's search never blocks it. The package is loaded from
// ?pkg=URL, by default /pkg/boardrules.mjs of the serving host. Opened on a
// join link of server.mjs, the page plays that seat on the server instead
// (lobby.mjs): the same drawings, with the server's views and reasons.
import { drawTsuro } from './tsuro.mjs';
import { drawTuer } from './tuer.mjs';
import { drawDrunter } from './drunter.mjs';
import { openLobby, takeJoinLink, RemoteSeat } from './lobby.mjs';
import { drawTore } from './tore.mjs';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const pkg = new URL(params.get('pkg') || '/pkg/boardrules.mjs', location.href).href;

const worker = new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module' });
const pending = new Map();
let nextId = 1;
let games = [];
let botKinds = [];
let live = null;            // the latest view of the game in play
let remote = null;          // the seat played on the server (a RemoteSeat), or null offline
const ui = {
  selected: null, rotation: 0, tatCard: null,
  say: (text) => { $('message').textContent = text; },
  redraw: () => { if (live) show(live, true); },
};

function request(op, data = {}) {
  const id = nextId++;
  worker.postMessage({ id, op, ...data });
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

worker.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'update') { onUpdate(msg.view); return; }
  const waiter = pending.get(msg.id);
  if (!waiter) return;
  pending.delete(msg.id);
  if (msg.ok) waiter.resolve(msg.result);
  else waiter.reject(msg.error);
};
worker.onerror = (event) => { ui.say('worker failed: ' + event.message); };

function reasonOf(error) {
  return error && error.reason ? `${error.statusName}: ${error.reason}` : String(error);
}

function seatName(view, player) {
  if (player === -1) return 'chance';
  const who = view.seats[player] === 'person' ? 'you' : view.seats[player];
  return `seat ${player} (${who})`;
}

function describeEffect(effect) {
  const { type, ...rest } = effect;
  const parts = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`);
  return `${type.replace(/_/g, ' ')} ${parts.join(' ')}`;
}

function showLog(view) {
  const log = $('log');
  log.replaceChildren();
  for (const entry of view.log) {
    const li = document.createElement('li');
    li.value = entry.index + 1;
    li.textContent = `${seatName(view, entry.player)}: ${entry.text}`;
    if (entry.effects.length) {
      const fx = document.createElement('div');
      fx.className = 'effects';
      fx.textContent = entry.effects.map(describeEffect).join('; ');
      li.appendChild(fx);
    }
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

function showMoves(view) {
  const box = $('moves');
  box.replaceChildren();
  for (const { text } of view.legal) {
    const b = document.createElement('button');
    b.textContent = text;
    b.dataset.move = text;
    b.addEventListener('click', () => act(text));
    box.appendChild(b);
  }
}

function statusText(view) {
  if (view.isTerminal) {
    const won = view.winners.length ? view.winners.map((s) => seatName(view, s)).join(', ') : 'nobody';
    return `game over · winners: ${won} · returns: ${view.returns.join(', ')}`;
  }
  if (view.legal.length) return `move ${view.moveNumber}: your turn (seat ${view.seat})`;
  if (view.seat < 0 && !view.isTerminal) return `move ${view.moveNumber}: watching the bots; ${seatName(view, view.currentPlayer)} to move`;
  if (view.currentPlayer === -1) return `move ${view.moveNumber}: chance`;
  return `move ${view.moveNumber}: ${seatName(view, view.currentPlayer)} is thinking…`;
}

// Draws a view; interactive only for the live position.
function show(view, interactive) {
  const shown = interactive ? view : { ...view, legal: [] };
  document.body.dataset.state = view.isTerminal ? 'over' : shown.legal.length ? 'your-turn' : 'waiting';
  document.body.dataset.game = view.game;
  document.body.dataset.moveNumber = view.moveNumber;
  $('status').textContent = statusText(shown);
  const board = $('board');
  if (view.game === 'tsuro') {
    drawTsuro(board, shown, ui, act);
    $('render').hidden = true;
  } else if (view.game === 'tuer-an-tuer') {
    drawTuer(board, shown, ui, act);
    $('render').hidden = true;
  } else if (view.game === 'drunter-und-drueber') {
    drawDrunter(board, shown, ui, act); // the text render stays: scores, other hands
    $('render').hidden = false;
  } else if (view.game === 'tore-der-welt') {
    drawTore(board, shown, ui, act);      // the text render stays: the event's details, the legend
    $('render').hidden = false;
  } else {
    board.replaceChildren();
    $('render').hidden = false;
  }
  $('render').textContent = view.render;
  showLog(view);
  showMoves(shown);
}

function onUpdate(view) {
  const slider = $('replay');
  const atEnd = Number(slider.value) >= Number(slider.max);
  live = view;
  slider.max = view.historyLength;
  slider.disabled = false;
  if (atEnd) {
    slider.value = view.historyLength;
    $('replay-at').textContent = `${view.historyLength} / ${view.historyLength}`;
    show(view, true);
  }
}

async function act(text) {
  ui.say('');
  try {
    const result = remote ? await remote.move(text, live.moveNumber) : await request('move', { text });
    if (result.illegal) { ui.say(`illegal: ${result.illegal}`); return; }
    ui.selected = null;
    ui.rotation = 0;
    ui.tatCard = null;
    ui.dudTile = null;
    ui.tdwCard = null;
    ui.tdwChoices = null;
  } catch (error) {
    ui.say(reasonOf(error));
  }
}

function chosenGame() {
  return games.find((g) => g.name === $('game').value);
}

function playerCount() {
  const m = /(?:^|,)\s*players\s*=\s*(\d+)/.exec($('options').value);
  const g = chosenGame();
  const n = m ? Number(m[1]) : g.defaultPlayers;
  return Math.min(Math.max(n, g.minPlayers), g.maxPlayers);
}

function drawSeats() {
  const box = $('seats');
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < playerCount(); i++) {
    const label = document.createElement('label');
    label.textContent = `seat ${i} `;
    const select = document.createElement('select');
    select.id = `seat-${i}`;
    for (const kind of ['person', ...botKinds]) select.add(new Option(kind, kind));
    select.value = old[i] || (i === 0 ? 'person' : botKinds.includes('ismcts') ? 'ismcts' : botKinds[0]);
    label.appendChild(select);
    box.appendChild(label);
  }
  const g = chosenGame();
  $('options-help').textContent = g.options.map((o) =>
    `${o.key}${o.choices.length ? ' (' + o.choices.join('|') + ')' : ''}: ${o.help}`).join(' · ');
}

function seatKinds() {
  return [...$('seats').querySelectorAll('select')].map((s) => s.value);
}

async function start() {
  ui.say('');
  ui.selected = null;
  $('replay').value = 0;
  $('replay').max = 0;
  try {
    await request('newGame', {
      game: $('game').value, options: $('options').value.trim(),
      seats: seatKinds(), budgetMs: Number($('budget').value) || 200,
    });
    $('save').disabled = false;
  } catch (error) {
    ui.say(reasonOf(error));
  }
}

async function replayTo() {
  const slider = $('replay');
  const upto = Number(slider.value);
  $('replay-at').textContent = `${upto} / ${slider.max}`;
  if (!live) return;
  if (upto >= Number(slider.max)) { show(live, true); return; }
  try {
    show(remote ? await remote.viewAt(upto) : await request('replay', { upto }), false);
  } catch (error) {
    ui.say(reasonOf(error));
  }
}

async function save() {
  try {
    const text = remote ? await remote.record() : await request('saveRecord');
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = `${live ? live.game : 'game'}-record.txt`;
    a.click();
    URL.revokeObjectURL(a.href);
  } catch (error) {
    ui.say(reasonOf(error));
  }
}

async function load(event) {
  const file = event.target.files[0];
  if (!file) return;
  ui.say('');
  $('replay').value = 0;
  $('replay').max = 0;
  try {
    await request('loadRecord', { text: await file.text(), seats: seatKinds(), budgetMs: Number($('budget').value) || 200 });
    $('save').disabled = false;
  } catch (error) {
    ui.say(reasonOf(error));
  }
  event.target.value = '';
}

// The move text form and the replay slider serve both ways of playing.
function wireTable() {
  $('replay').addEventListener('input', replayTo);
  $('save').addEventListener('click', save);
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('move-text').value.trim();
    if (text) act(text).then(() => { if (!$('message').textContent) $('move-text').value = ''; });
  });
}

// A join link: this page plays that seat on the server; no offline setup.
async function playOnline(link) {
  $('setup').hidden = true;
  document.body.dataset.mode = 'online';
  document.querySelector('h1').textContent = `boardrules: match ${link.match}, you play seat ${link.seat}`;
  $('status').textContent = `joining match ${link.match} as seat ${link.seat}…`;
  remote = new RemoteSeat(link, { onView: onUpdate, onStatus: (text) => ui.say(text) });
  try {
    await remote.connect();
    $('save').disabled = false;
    $('setup').hidden = false;       // style.css shows only Save record online
  } catch (error) {
    $('status').textContent = `could not join match ${link.match} as seat ${link.seat}: ${reasonOf(error)}`;
    document.body.dataset.state = 'failed';
  }
}

async function main() {
  wireTable();
  const link = takeJoinLink();
  if (link) { playOnline(link); return; }
  openLobby($('lobby'));
  try {
    const info = await request('init', { pkg });
    games = info.games;
    botKinds = info.bots;
  } catch (error) {
    $('status').textContent = `the package did not load from ${pkg}: ${reasonOf(error)}`;
    document.body.dataset.state = 'failed';
    return;
  }
  for (const g of games) $('game').add(new Option(g.title, g.name));
  $('game').addEventListener('change', drawSeats);
  $('options').addEventListener('input', drawSeats);
  $('start').addEventListener('click', start);
  $('load').addEventListener('change', load);
  drawSeats();
  $('start').disabled = false;
  $('status').textContent = 'choose a game and the seats, then Start';
  document.body.dataset.state = 'ready';
}

main();
