// Die Tore der Welt drawn as SVG from the observation (doc/games/
// tore-der-welt.md, "Snapshot and observation", and the design sections for
// the favour track, projects, plots, plague and markets): the favour track,
// the council field and the display, the markets, the stocks and the
// supply, the seven projects with their cubes and seals, the fourteen plots
// with their houses, the eleven plague places, every seat's tableau, and
// your hand.
//
// Moves on the board: the orientation by the favour space the marker is to
// reach (or a button with the render's line of incomes); a hand card, then
// "play" or "lay" (in the discard
// step a click on a card discards it); a project builds or donates, a plot
// takes a house or its rent, a place cares for its patient, the supply's
// stone or wood is taken, a market sells, an event card on the council field
// or the display is traded. Where a click leaves a choice (the cubes of a
// build, how much to sell) the choices show as buttons beside the board, as
// do the moves with no place on it (orient, accept, decline, done, weave,
// medicine, redeem). A click the rules refuse is sent to the library anyway,
// so its reason shows.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 1000;
const SEAT_COLOURS = ['#d32f2f', '#1976d2', '#388e3c', '#f9a825'];
const CARDS = ['grain', 'piety', 'material', 'build', 'wool-sale', 'privilege',
  'house', 'rent', 'donate', 'weave', 'medicine', 'favour'];
const FAVOUR = ['queen', 'prior', 'guild', 'outlaws-1', 'prioress', 'merchants',
  'king', 'outlaws-2', 'earl', 'bishop'];
const FAVOUR_GIVES = ['2 VP if loyal', '1 piety', '1 VP/house', 'pay 1 $', '2 VP if knowl.',
  '1 wool', '1 VP/loyalty', 'pay 1 $', '1 grain', '1 VP/piety'];
// Project order and fields (stone, wood), "The projects".
const PROJECTS = [['bridge', 4, 2], ['tower', 6, 2], ['chapel', 4, 1], ['hospital', 2, 2],
  ['palace', 3, 2], ['mill', 1, 3], ['guildhall', 3, 1]];
// Plots p1..p14: material (odd stone, even wood) and yield, "House plots".
const PLOT_YIELDS = ['grain', 'grain', 'grain', 'piety', 'piety', 'piety', 'wool', 'wool',
  '2 money', '2 money', 'cloth', 'cloth', 'loyalty', 'knowledge'];
const PLACE_BONUS = ['grain', 'piety', 'loyalty', '2 money', 'cloth', 'stone', 'wood',
  'wool', '+1 VP', 'knowl.', 'hideout'];
const GOODS = [['stone', 'st'], ['wood', 'wd'], ['grain', 'gr'], ['piety', 'pi'], ['wool', 'wo'],
  ['cloth', 'cl'], ['money', '$'], ['loyalty', 'lo'], ['knowledge', 'mk']];
const FILL = { stone: '#9e9e9e', wood: '#8d6e63', metal: '#607d8b' };

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, attrs = {}) {
  const t = el('text', { x, y, ...attrs }, parent);
  t.textContent = content;
  return t;
}

const roman = (n) => ['I', 'II', 'III', 'IV'][n - 1] || String(n);
const legalTexts = (view) => view.legal.map((m) => m.text);

// The line of the text render that starts with `prefix`, for what the
// observation holds only as a number (an event's title, lasting prices).
function renderLine(view, prefix) {
  return view.render.split('\n').find((l) => l.trimStart().startsWith(prefix)) || '';
}

export function drawTore(root, view, ui, act) {
  const v = view.observation.view;
  const legal = legalTexts(view);
  root.replaceChildren();
  if (!legal.length) { ui.tdwCard = null; ui.tdwChoices = null; }
  const svg = el('svg', { id: 'tdw-board', width: WIDTH, height: 600, viewBox: `0 0 ${WIDTH} 600` }, root);
  el('rect', { x: 0, y: 0, width: WIDTH, height: 600, fill: '#f3ead7' }, svg);
  const ctx = { svg, v, view, legal, ui, act };
  drawHeader(ctx, 18);
  drawFavour(ctx, 30);
  drawCouncil(ctx, 110);
  drawProjects(ctx, 244);
  drawPlots(ctx, 374);
  drawPlague(ctx, 468);
  drawSupply(ctx, 546);
  drawSeats(root, view);
  drawHand(root, ctx);
  drawChoices(root, ctx);
}

// A click on the board: the legal moves it stands for decide. One is made;
// several become buttons beside the board; none sends `attempt` (a move
// text the rules refuse here) so the library's reason shows.
function offer(ctx, moves, attempt, nothing) {
  if (moves.length === 1) { ctx.act(moves[0]); return; }
  if (moves.length > 1) { ctx.ui.tdwChoices = moves; ctx.ui.redraw(); return; }
  if (attempt) { ctx.act(attempt); return; }
  ctx.ui.say(nothing);
}

function clickable(node, ctx, moves, attempt, nothing) {
  node.classList.add('tdw-click');
  if (moves.length) node.classList.add('target');
  node.addEventListener('click', () => offer(ctx, moves, attempt, nothing));
}

function drawHeader({ svg, v }, y) {
  const phase = v.phase === 'over' ? 'game over' : `phase ${v.phase} (seat ${v.turn})`;
  text(svg, 10, y, `Chapter ${roman(v.chapter)} · round ${v.round} · crest: seat ${v.crest} · ${phase}`, { class: 'tdw-title' });
}

// Where the favour marker lands for an arrow value: that many uncovered
// spaces on, clockwise ("The favour track"); 0 leaves it where it is.
function favourLanding(v, steps) {
  let at = v.favour;
  for (let moved = 0, guard = 0; moved < steps && guard < 2 * FAVOUR.length; guard++) {
    at = (at + 1) % FAVOUR.length;
    if (!v.covers.includes(`favour ${FAVOUR[at]}`)) moved++;
  }
  return at;
}

function drawFavour(ctx, y) {
  const { svg, v, legal } = ctx;
  const w = 98;
  const orients = new Map();       // landing space -> the orient move that gets there
  for (const m of legal.filter((mv) => mv.startsWith('orient '))) orients.set(favourLanding(v, Number(m.slice(7))), m);
  FAVOUR.forEach((name, i) => {
    const x = 10 + i * w;
    const covered = v.covers.includes(`favour ${name}`);
    const g = el('g', { class: 'tdw-favour', 'data-space': name }, svg);
    el('rect', { x, y, width: w - 4, height: 58, rx: 6, class: 'tdw-space' + (name.startsWith('outlaws') ? ' outlaws' : '') }, g);
    text(g, x + 6, y + 17, name, { class: 'tdw-name' });
    text(g, x + 6, y + 34, FAVOUR_GIVES[i], { class: 'tdw-small' });
    if (covered) drawCover(g, x + w - 30, y + 36);
    if (v.favour === i) el('circle', { cx: x + w - 20, cy: y + 46, r: 8, class: 'tdw-marker', 'data-favour': i }, g);
    const orient = orients.get(i);
    if (orient) {                   // the orientation that moves the marker here
      g.setAttribute('data-orient', orient.slice(7));
      text(g, x + 6, y + 52, orient, { class: 'tdw-orient' });
      clickable(g, ctx, [orient], null, '');
    }
  });
}

function drawCover(parent, x, y) {
  el('rect', { x, y, width: 22, height: 18, class: 'tdw-cover' }, parent);
  text(parent, x + 11, y + 13, '✕', { 'text-anchor': 'middle', class: 'tdw-cover-x' });
}

// The council field with this round's event and the display's two fields;
// a click on one trades it (E20).
function drawCouncil(ctx, y) {
  const { svg, v, legal } = ctx;
  const title = renderLine(ctx.view, 'Event');
  const fields = [['council', v.event, 'council'], ['field1', v.display[0], 'display 1'], ['field2', v.display[1], 'display 2']];
  fields.forEach(([slot, id, label], i) => {
    const x = 10 + i * 112;
    const g = el('g', { class: 'tdw-event', 'data-slot': slot }, svg);
    el('rect', { x, y, width: 104, height: 106, rx: 6, class: 'tdw-event-card' + (id ? '' : ' empty') }, g);
    text(g, x + 8, y + 18, label, { class: 'tdw-small' });
    text(g, x + 52, y + 58, id ? `E${String(id).padStart(2, '0')}` : '–', { 'text-anchor': 'middle', class: 'tdw-event-id' });
    if (slot === 'council' && v.orientation !== null && v.orientation !== undefined) {
      text(g, x + 52, y + 84, `orient ${v.orientation}`, { 'text-anchor': 'middle', class: 'tdw-small' });
    }
    if (id && v.display_older && slot === `field${v.display_older}`) text(g, x + 52, y + 98, 'older', { 'text-anchor': 'middle', class: 'tdw-small' });
    const trade = `trade ${slot}`;
    clickable(g, ctx, legal.filter((m) => m === trade), id && v.phase === 'action' ? trade : null, 'no trade here now');
  });
  const m = /^Event (E\d+ .*?\))\s*(.*)$/.exec(title);
  text(svg, 350, y + 14, m ? m[1] : (v.event ? '' : 'no event yet this round'), { class: 'tdw-name' });
  if (m && m[2]) text(svg, 350, y + 28, m[2].slice(0, 100), { class: 'tdw-small' });      // its effect, as the render says it
  const incomes = v.orientation === null ? '' : renderLine(ctx.view, `orient ${v.orientation}:`);
  if (incomes) text(svg, 350, y + 42, `incomes ${incomes.trim()}`.slice(0, 100), { class: 'tdw-small' });
  const display = renderLine(ctx.view, 'Display:');
  text(svg, 350, y + 56, display.slice(0, 100), { class: 'tdw-small' });
  drawMarkets(ctx, 350, y + 64);
}

// The wool and the cloth market ("Market spaces"): a click sells there.
function drawMarkets(ctx, x0, y) {
  const { svg, v, legal } = ctx;
  const prices = /Market: (.*)$/.exec(renderLine(ctx.view, 'Covers:') || renderLine(ctx.view, 'Market:'));
  ['wool', 'cloth'].forEach((name, i) => {
    const x = x0 + i * 150;
    const g = el('g', { class: 'tdw-market', 'data-market': name }, svg);
    el('rect', { x, y, width: 140, height: 46, rx: 6, class: 'tdw-market-box' }, g);
    text(g, x + 8, y + 18, `${name} market`, { class: 'tdw-name' });
    text(g, x + 8, y + 36, name === 'wool' ? 'sell wool, 2 $ each' : 'sell 1 cloth, 4 $', { class: 'tdw-small' });
    if (v.covers.includes(`market ${name}`)) drawCover(g, x + 112, y + 22);
    const sells = legal.filter((mv) => mv.startsWith('sell ') && mv.includes(name));
    clickable(g, ctx, sells, v.phase === 'follow' && legal.some((mv) => mv.startsWith('sell ')) ? `sell 1 ${name}` : null, 'nothing to sell now');
  });
  if (prices) text(svg, x0 + 310, y + 20, `prices: ${prices[1]}`, { class: 'tdw-small' });
}

// A project's stone and wood fields, filled from the left; seals as the
// donors' colours; out of play faded, completed ticked, covered crossed.
function drawProjects(ctx, y) {
  const { svg, v, legal } = ctx;
  const w = 140;
  text(svg, 10, y - 6, 'Projects (3 VP a cube; a click builds or donates)', { class: 'tdw-small' });
  PROJECTS.forEach(([name, stones, woods], p) => {
    const info = v.projects[p];
    const x = 10 + p * w;
    const state = info.done ? 'done' : info.in_play ? 'in-play' : 'out';
    const g = el('g', { class: `tdw-project ${state}`, 'data-project': name, 'data-stone': info.stone, 'data-wood': info.wood }, svg);
    el('rect', { x, y, width: w - 6, height: 112, rx: 6, class: 'tdw-project-box' }, g);
    text(g, x + 8, y + 18, name + (info.done ? ' ✓' : ''), { class: 'tdw-name' });
    if (!info.in_play && !info.done) text(g, x + 8, y + 34, 'not in play', { class: 'tdw-small' });
    cubeRow(g, x + 8, y + 42, stones, info.stone, 'stone');
    cubeRow(g, x + 8, y + 64, woods, info.wood, 'wood');
    if (name === 'tower') {
      el('rect', { x: x + 100, y: y + 64, width: 16, height: 16, class: 'tdw-cube metal' + (info.metal ? ' filled' : ''), fill: info.metal ? FILL.metal : 'none' }, g);
    }
    info.seals.forEach((seat, i) => {
      el('circle', { cx: x + 16 + i * 20, cy: y + 98, r: 7, fill: SEAT_COLOURS[seat], class: 'tdw-seal', 'data-seat': seat }, g);
    });
    if (v.covers.includes(`project ${name}`)) drawCover(g, x + w - 34, y + 6);
    const mine = legal.filter((m) => m.startsWith(`build ${name} `) || m === `donate ${name}`);
    const kind = legal.some((m) => m.startsWith('build ')) ? `build ${name} stone` : legal.some((m) => m.startsWith('donate ')) ? `donate ${name}` : null;
    clickable(g, ctx, mine, kind, 'nothing to do on a project now');
  });
}

function cubeRow(parent, x, y, fields, filled, kind) {
  for (let i = 0; i < fields; i++) {
    el('rect', {
      x: x + i * 20, y, width: 16, height: 16, rx: 2,
      class: `tdw-cube ${kind}` + (i < filled ? ' filled' : ''),
      fill: i < filled ? FILL[kind] : '#fff', stroke: FILL[kind],
    }, parent);
  }
}

// The fourteen plots: material, yield and the house on it.
function drawPlots(ctx, y) {
  const { svg, v, legal } = ctx;
  const w = 70;
  text(svg, 10, y - 6, 'Plots (material · rent); a click builds a house or takes its rent', { class: 'tdw-small' });
  v.plots.forEach((owner, q) => {
    const name = `p${q + 1}`;
    const x = 10 + q * w;
    const stone = q % 2 === 0;
    const g = el('g', { class: 'tdw-plot', 'data-plot': name, 'data-owner': owner === null ? '' : owner }, svg);
    el('rect', { x, y, width: w - 4, height: 76, rx: 5, class: 'tdw-plot-box', stroke: stone ? FILL.stone : FILL.wood }, g);
    text(g, x + 6, y + 16, `${name} ${stone ? 'st' : 'wd'}`, { class: 'tdw-name' });
    text(g, x + 6, y + 32, PLOT_YIELDS[q] === 'knowledge' ? 'knowl.' : PLOT_YIELDS[q], { class: 'tdw-small' });
    if (owner !== null) {
      el('path', { d: `M${x + 18} ${y + 68} v-16 l15 -12 l15 12 v16 z`, fill: SEAT_COLOURS[owner], stroke: '#222', class: 'tdw-house', 'data-seat': owner }, g);
    }
    const mine = legal.filter((m) => m === `house ${name}` || m === `rent ${name}`);
    const kind = legal.some((m) => m.startsWith('house ')) ? `house ${name}` : legal.some((m) => m.startsWith('rent ')) ? `rent ${name}` : null;
    clickable(g, ctx, mine, kind, 'nothing to do on a plot now');
  });
}

// The eleven places of the plague: a face-down tile, a patient with its
// value, or a place cured; a click cares for the patient.
function drawPlague(ctx, y) {
  const { svg, v, legal } = ctx;
  const w = 84;
  text(svg, 10, y - 6, `Plague (face-down tiles left: ${v.plague_pool}); a click cares for a patient (2 VP + the place's bonus)`, { class: 'tdw-small' });
  v.places.forEach((place, i) => {
    const x = 10 + i * w;
    const g = el('g', { class: `tdw-place ${place.state}`, 'data-place': i + 1, 'data-state': place.state }, svg);
    el('rect', { x, y, width: w - 4, height: 62, rx: 5, class: 'tdw-place-box' }, g);
    text(g, x + 6, y + 16, `${i + 1} ${PLACE_BONUS[i]}`, { class: 'tdw-small' });
    const shown = { none: '', hidden: '?', sick: `sick ${place.value}`, cured: 'cured' }[place.state];
    text(g, x + (w - 4) / 2, y + 44, shown, { 'text-anchor': 'middle', class: 'tdw-place-value' });
    const care = `care ${i + 1}`;
    clickable(g, ctx, legal.filter((m) => m === care), legal.some((m) => m.startsWith('care ')) ? care : null, 'nobody to care for now');
  });
}

// The field, the cathedral and the supply; the supply's stone and wood are
// taken with a click (Baumaterial).
function drawSupply(ctx, y) {
  const { svg, v, legal } = ctx;
  text(svg, 10, y + 16, `field: ${v.stock.grain} grain · cathedral: ${v.stock.piety} piety`, { class: 'tdw-name' });
  text(svg, 10, y + 36, `supply: ${v.supply.wool} wool, ${v.supply.cloth} cloth, ${v.supply.money} $, ` +
    `${v.supply.loyalty} loyalty, ${v.supply.knowledge} knowledge, ${v.supply.covers} covers`, { class: 'tdw-small' });
  const dues = renderLine(ctx.view, 'Dues:');
  if (dues) text(svg, 700, y + 16, dues.trim().slice(0, 48), { class: 'tdw-small' });
  ['stone', 'wood'].forEach((good, i) => {
    const x = 420 + i * 130;
    const g = el('g', { class: 'tdw-supply', 'data-good': good, 'data-count': v.supply[good] }, svg);
    el('rect', { x, y, width: 120, height: 44, rx: 6, class: 'tdw-supply-box' }, g);
    el('rect', { x: x + 8, y: y + 12, width: 20, height: 20, rx: 3, fill: FILL[good] }, g);
    text(g, x + 36, y + 27, `${v.supply[good]} ${good}`, { class: 'tdw-name' });
    const take = `take ${good}`;
    clickable(g, ctx, legal.filter((m) => m === take), legal.some((m) => m.startsWith('take ')) ? take : null, 'take a cube with the Baumaterial card');
  });
}

function drawSeats(root, view) {
  const v = view.observation.view;
  const table = document.createElement('table');
  table.id = 'tdw-seats';
  const head = ['seat', 'VP', ...GOODS.map(([, short]) => short), 'houses', 'seals', 'face up ((card): laid unused)', 'discards', 'hand', 'penalties'];
  table.insertRow().append(...head.map((h) => Object.assign(document.createElement('th'), { textContent: h })));
  v.players.forEach((p, seat) => {
    const row = table.insertRow();
    row.dataset.seat = seat;
    row.style.borderLeft = `6px solid ${SEAT_COLOURS[seat]}`;
    const goods = GOODS.map(([good]) => (p.goods ? String(p.goods[good]) : '?'));
    const pile = p.pile.map((c) => (c.used ? c.card : `(${c.card})`)).join(' ');
    const count = (x) => (Array.isArray(x) ? x.length : x);
    const penalties = Object.entries(p.penalties).filter(([, on]) => on).map(([k]) => k).join(' ');
    const cells = [`${seat}${seat === v.crest ? '*' : ''}${seat === view.seat ? ' you' : ''}`, p.vp, ...goods,
      p.houses, p.seals, pile, count(p.discards), count(p.hand), penalties + (p.forfeit ? ' forfeit' : '')];
    for (const c of cells) row.insertCell().textContent = String(c);
    row.cells[1].className = 'tdw-vp';
  });
  root.appendChild(table);
}

// Your hand: a click selects a card (then "play" or "lay"), or in the
// discard step discards it.
function drawHand(root, ctx) {
  const { v, view, legal, ui, act } = ctx;
  const box = document.createElement('div');
  box.id = 'tdw-hand';
  if (view.seat < 0) return;                        // a spectator has no hand
  const hand = v.players[view.seat].hand;
  if (!Array.isArray(hand)) return;
  if (ui.tdwCard && !hand.includes(ui.tdwCard)) ui.tdwCard = null;
  const discarding = legal.some((m) => m.startsWith('discard '));
  box.append('your hand: ');
  for (const card of hand) {
    const svg = el('svg', { width: 82, height: 44, class: 'tdw-hand-card', 'data-card': card });
    el('rect', { x: 2, y: 2, width: 78, height: 40, rx: 5, class: 'tdw-card-face' }, svg);
    text(svg, 41, 27, card, { 'text-anchor': 'middle', class: 'tdw-card-text' });
    const usable = legal.includes(`play ${card}`) || legal.includes(`lay ${card}`) || legal.includes(`discard ${card}`);
    if (usable) svg.classList.add('usable');
    if (ui.tdwCard === card) svg.classList.add('selected');
    svg.addEventListener('click', () => {
      if (discarding) { act(`discard ${card}`); return; }
      ui.tdwCard = ui.tdwCard === card ? null : card;
      ui.tdwChoices = null;
      ui.redraw();
    });
    box.appendChild(svg);
  }
  if (ui.tdwCard) {
    for (const [zone, label] of [['play', 'play it (its action)'], ['lay', 'lay it face up unused']]) {
      const svg = el('svg', { width: 170, height: 44, class: 'tdw-zone', 'data-zone': zone });
      el('rect', { x: 2, y: 2, width: 166, height: 40, rx: 8, class: 'tdw-zone-box' }, svg);
      text(svg, 85, 27, label, { 'text-anchor': 'middle', class: 'tdw-name' });
      svg.addEventListener('click', () => act(`${zone} ${ui.tdwCard}`));
      box.appendChild(svg);
    }
  }
  root.appendChild(box);
}

// What has no place on the board, and the choices a board click left open.
const OFF_BOARD = /^(orient|accept|decline|done|weave|medicine|redeem) ?/;

function drawChoices(root, ctx) {
  const { view, legal, ui, act } = ctx;
  const box = document.createElement('div');
  box.id = 'tdw-choices';
  const open = (ui.tdwChoices || []).filter((m) => legal.includes(m));
  const moves = [...open, ...legal.filter((m) => OFF_BOARD.test(m) && !open.includes(m))];
  for (const move of moves) {
    const b = document.createElement('button');
    b.className = 'tdw-choice';
    b.dataset.move = move;
    const line = move.startsWith('orient ') ? renderLine(view, move + ':') : '';
    b.textContent = line ? line.trim() : move;
    b.addEventListener('click', () => { ui.tdwChoices = null; act(move); });
    box.appendChild(b);
  }
  if (moves.length) root.appendChild(box);
}
