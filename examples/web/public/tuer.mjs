// Tür an Tür drawn as SVG from the observation (doc/games/tuer-an-tuer.md,
// "Board and walking path", "Snapshot and observation"): four floors, 4 at
// the top, door fields a..d and the elevator field e; the start left of a4,
// the exit right of e1. Moves on the board: click a door card of your hand,
// then a free door field (`R5@b3`); an elevator card, then an elevator field
// (`red@e3`); in the exchange a click on a hand card discards it. Everything
// else (done, jump, walk, drop) is in the move list.

const SVG = 'http://www.w3.org/2000/svg';
const FIELD = 78;
const LEFT = 60;            // room for the start field
const TOP = 10;
const COLOURS = { Y: '#f2c230', G: '#3fa34d', R: '#d8433b', B: '#3b6fd8' };
const SEATS = ['#222', '#fff'];

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// Door field x (0..15, a4..d4, a3..d1) and elevator field f (0..3, e4..e1).
const doorName = (x) => 'abcd'[x % 4] + (4 - Math.floor(x / 4));
const fieldXY = (col, floor) => [LEFT + col * FIELD, TOP + (4 - floor) * FIELD];

function drawCard(parent, x, y, w, h, card, attrs = {}) {
  const g = el('g', attrs, parent);
  el('rect', { x, y, width: w, height: h, rx: 5, fill: COLOURS[card[0]] || '#ccc', stroke: '#333', class: 'tat-card' }, g);
  const number = Number(card.slice(1));
  el('text', { x: x + w / 2, y: y + h / 2 + 6, 'text-anchor': 'middle', class: 'tat-card-text' }, g).textContent =
    card + (number === 3 || number === 7 ? '*' : '');   // * = a cat, as the text render writes it
  return g;
}

// Where a figure stands, as [x, y] of its centre; seat shifts it sideways.
function figureXY(position, seat) {
  const dx = seat * 14 - 7;
  if (position === 'start') return [LEFT / 2 + dx, TOP + FIELD / 2];
  if (position === 'exit') return [LEFT + 5 * FIELD + 25 + dx, TOP + 3 * FIELD + FIELD / 2];
  const m = /^([a-e])(\d)(?::(\d))?$/.exec(position);
  const [x0, y0] = fieldXY('abcde'.indexOf(m[1]), Number(m[2]));
  const cell = m[3] ? Number(m[3]) : 2;             // 3 small cells of an empty door
  return [x0 + (cell - 0.5) * FIELD / 3 + dx / 3, y0 + FIELD - 14];
}

export function drawTuer(root, view, ui, act) {
  const v = view.observation.view;
  const legal = new Set(view.legal.map((m) => m.text));
  root.replaceChildren();
  const width = LEFT + 5 * FIELD + 60;
  const svg = el('svg', { id: 'tat-board', width, height: TOP + 4 * FIELD + 20, viewBox: `0 0 ${width} ${TOP + 4 * FIELD + 20}` }, root);
  el('rect', { x: 0, y: 0, width, height: TOP + 4 * FIELD + 20, fill: '#efe4cf' }, svg);
  el('text', { x: 8, y: TOP + FIELD / 2 - 16, class: 'tat-label' }, svg).textContent = 'start';
  el('text', { x: LEFT + 5 * FIELD + 8, y: TOP + 3 * FIELD + 20, class: 'tat-label' }, svg).textContent = 'exit';
  for (let floor = 4; floor >= 1; floor--) {
    el('text', { x: 4, y: fieldXY(0, floor)[1] + FIELD - 8, class: 'tat-label' }, svg).textContent = `floor ${floor}`;
  }
  v.board.forEach((card, x) => {
    const name = doorName(x);
    const [x0, y0] = fieldXY(x % 4, 4 - Math.floor(x / 4));
    const field = el('rect', { x: x0 + 3, y: y0 + 3, width: FIELD - 6, height: FIELD - 6, class: 'tat-field', 'data-field': name }, svg);
    if (card) drawCard(svg, x0 + 8, y0 + 8, FIELD - 16, FIELD - 30, card, { 'pointer-events': 'none' });
    else el('text', { x: x0 + 8, y: y0 + 18, class: 'square-name' }, svg).textContent = name;
    if (ui.tatCard && legal.has(`${ui.tatCard}@${name}`)) field.classList.add('target');
    field.addEventListener('click', () => clickField(name, ui, act));
  });
  v.elevators.forEach((type, f) => {
    const name = 'e' + (4 - f);
    const [x0, y0] = fieldXY(4, 4 - f);
    const field = el('rect', { x: x0 + 3, y: y0 + 3, width: FIELD - 6, height: FIELD - 6, class: 'tat-field tat-elevator', 'data-field': name }, svg);
    el('text', { x: x0 + FIELD / 2, y: y0 + FIELD / 2, 'text-anchor': 'middle', class: 'tat-elevator-text' }, svg).textContent = type || name;
    if (ui.tatCard && legal.has(`${ui.tatCard}@${name}`)) field.classList.add('target');
    field.addEventListener('click', () => clickField(name, ui, act));
  });
  v.figures.forEach((position, seat) => {
    const [x, y] = figureXY(position, seat);
    el('circle', { cx: x, cy: y, r: 9, fill: SEATS[seat], stroke: '#000', 'stroke-width': 2, class: 'tat-figure', 'data-seat': seat }, svg);
  });
  drawHands(root, view, ui, act, legal);
}

function clickField(name, ui, act) {
  if (!ui.tatCard) { ui.say('choose a card of your hand first'); return; }
  act(`${ui.tatCard}@${name}`);
}

function drawHands(root, view, ui, act, legal) {
  const v = view.observation.view;
  const box = document.createElement('div');
  box.id = 'tat-hand';
  const mine = view.seat >= 0 ? v.hands[view.seat] : [];
  const lifts = view.seat >= 0 ? v.elevator_hands[view.seat] : [];
  for (const card of Array.isArray(mine) ? mine : []) {
    const svg = el('svg', { width: 56, height: 48, class: 'tat-hand-card', 'data-card': card });
    drawCard(svg, 2, 2, 52, 44, card);
    if (ui.tatCard === card) svg.classList.add('selected');
    svg.addEventListener('click', () => {
      if (legal.has(`exchange ${card}`)) { act(`exchange ${card}`); return; }
      ui.tatCard = ui.tatCard === card ? null : card;
      ui.redraw();
    });
    box.appendChild(svg);
  }
  for (const type of Array.isArray(lifts) ? lifts : []) {
    const b = document.createElement('button');
    b.className = 'tat-lift';
    b.dataset.lift = type;
    b.textContent = `lift: ${type}`;
    if (ui.tatCard === type) b.classList.add('selected');
    b.addEventListener('click', () => { ui.tatCard = ui.tatCard === type ? null : type; ui.redraw(); });
    box.appendChild(b);
  }
  const info = document.createElement('p');
  info.className = 'hand-info';
  const other = (n) => (Array.isArray(n) ? n.length : n);
  info.textContent = `phase ${v.phase} · hands: ${v.hands.map(other).join(', ')} door cards, ` +
    `${v.elevator_hands.map(other).join(', ')} lift cards · piles: ${other(v.door_pile)} doors, ${other(v.elevator_pile)} lifts` +
    ` · last score: ${v.last_score.total}`;
  box.appendChild(info);
  root.appendChild(box);
}
