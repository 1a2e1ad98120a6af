// Drunter & Drüber's town drawn as SVG (doc/games/drunter-und-drueber.md,
// "The board", "Snapshot and observation"). The observation's `board` gives
// the paths laid (rows north first: `.` free, `0`..`3` a piece of road,
// wall1, river, wall2, `A`..`D` that path's bridge square); the buildings and
// toilets are the printed board of the rule design (the doc's map), shown
// where no path covers them. A vote is cast with the vote cards drawn as
// buttons; lays are made from the move list.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 38;
const PATHS = ['road', 'wall1', 'river', 'wall2'];
const PATH_COLOURS = ['#9e9e9e', '#795548', '#42a5f5', '#6d4c41'];

// The printed board, north (row 12) first: building type and value, WC a toilet.
const MAP = [
  '.  .  .  I1 .  .  .  M1 .  .  .  .',
  '.  .  WC .  .  WC .  .  H2 .  .  .',
  'WC M2 .  .  .  .  .  I3 .  .  WC .',
  '.  .  .  M4 .  F4 .  .  I4 .  .  S1',
  '.  WC H3 .  .  .  WC S5 .  .  .  .',
  '.  .  .  .  M5 H5 .  .  WC S3 WC .',
  '.  F2 .  S4 .  .  .  I5 .  .  .  WC',
  '.  .  .  .  F5 .  C5 .  .  .  S2 .',
  'H1 .  C3 WC .  WC C4 .  H4 .  .  .',
  '.  .  .  .  F3 .  .  WC .  M3 .  C1',
  '.  WC .  I2 .  .  C2 .  .  WC .  .',
  '.  .  .  .  WC .  .  .  F1 .  WC .',
].map((row) => row.trim().split(/\s+/));

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function squareXY(name) {
  return [(name.charCodeAt(0) - 97) * CELL + 20, (12 - Number(name.slice(1))) * CELL + 16];
}

export function drawDrunter(root, view, ui, act) {
  const v = view.observation.view;
  root.replaceChildren();
  const size = 12 * CELL;
  const svg = el('svg', { id: 'dud-board', width: size + 24, height: size + 20, viewBox: `0 0 ${size + 24} ${size + 20}` }, root);
  el('rect', { x: 0, y: 0, width: size + 24, height: size + 20, fill: '#e8f0d8' }, svg);
  for (let c = 0; c < 12; c++) {
    el('text', { x: 20 + c * CELL + CELL / 2, y: 12, 'text-anchor': 'middle', class: 'tat-label' }, svg).textContent = 'abcdefghijkl'[c];
  }
  v.board.forEach((row, r) => {
    el('text', { x: 2, y: 16 + r * CELL + CELL / 2 + 4, class: 'tat-label' }, svg).textContent = String(12 - r);
    [...row].forEach((ch, c) => {
      const x = 20 + c * CELL, y = 16 + r * CELL;
      const name = 'abcdefghijkl'[c] + (12 - r);
      const path = '0123'.indexOf(ch), bridge = 'ABCD'.indexOf(ch);
      const rect = el('rect', { x, y, width: CELL, height: CELL, class: 'dud-square', 'data-square': name }, svg);
      if (path >= 0 || bridge >= 0) {
        rect.style.fill = PATH_COLOURS[Math.max(path, bridge)];   // over the class's fill
        rect.setAttribute('data-path', PATHS[Math.max(path, bridge)]);
      }
      if (bridge >= 0) el('text', { x: x + CELL / 2, y: y + CELL / 2 + 5, 'text-anchor': 'middle', class: 'dud-bridge' }, svg).textContent = '^';
      const printed = MAP[r][c];
      if (printed !== '.' && path < 0 && bridge < 0) {
        el('text', { x: x + CELL / 2, y: y + CELL / 2 + 5, 'text-anchor': 'middle', class: printed === 'WC' ? 'dud-wc' : 'dud-building' }, svg).textContent = printed;
      }
    });
  });
  v.crews.forEach((crew) => {
    if (!crew.in) return;
    const [x, y] = squareXY(crew.square);
    const i = PATHS.indexOf(crew.path);
    el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 10, fill: PATH_COLOURS[i], stroke: '#ffeb3b', 'stroke-width': 3, class: 'dud-crew', 'data-path': crew.path }, svg);
  });
  drawCards(root, view);
  if (view.legal.some((m) => m.text.startsWith('vote '))) drawBallot(root, view, ui, act);
}

// The vote cards in the order of the move's bits (doc: "Move numbers").
const VOTE_CARDS = ['yes1', 'yes2', 'yes3', 'no1', 'no2', 'no3', 'jein', 'egal'];

function drawBallot(root, view, ui, act) {
  const held = view.observation.view.votes[view.seat];
  if (!ui.dudVotes) ui.dudVotes = new Set();
  const box = document.createElement('div');
  box.id = 'dud-ballot';
  box.append(`vote on ${view.observation.view.pending}: `);
  for (const card of VOTE_CARDS.filter((c) => held.includes(c))) {
    const b = document.createElement('button');
    b.className = 'dud-vote-card';
    b.dataset.card = card;
    b.textContent = card;
    if (ui.dudVotes.has(card)) b.classList.add('selected');
    b.addEventListener('click', () => {
      if (ui.dudVotes.has(card)) ui.dudVotes.delete(card); else ui.dudVotes.add(card);
      ui.redraw();
    });
    box.appendChild(b);
  }
  const cast = document.createElement('button');
  cast.id = 'dud-cast';
  cast.textContent = 'cast';
  cast.addEventListener('click', () => {
    const cards = VOTE_CARDS.filter((c) => ui.dudVotes.has(c));
    ui.dudVotes.clear();
    act(`vote ${cards.length ? cards.join(' ') : 'none'}`);
  });
  box.appendChild(cast);
  root.appendChild(box);
}

function drawCards(root, view) {
  const v = view.observation.view;
  const box = document.createElement('div');
  box.id = 'dud-cards';
  const lines = [];
  const hand = view.seat >= 0 ? v.hands[view.seat] : null;
  if (Array.isArray(hand)) lines.push(`your tiles: ${hand.join(' ')}`);
  if (view.seat >= 0 && v.buildings) lines.push(`your building: ${v.buildings[view.seat]}`);
  v.votes.forEach((cards, seat) => lines.push(`seat ${seat} vote cards: ${cards.join(' ') || '-'}`));
  if (v.pending) lines.push(`under vote: ${v.pending}`);
  if (v.last_vote) lines.push(`last vote: ${v.last_vote.yes} yes, ${v.last_vote.no} no, ${v.last_vote.passed ? 'passed' : 'voted down'}`);
  lines.push(`phase ${v.phase}, seat ${v.turn} · crews out: ${v.crews.filter((c) => !c.in).map((c) => c.path).join(', ') || 'none'}`);
  for (const line of lines) {
    const p = document.createElement('p');
    p.className = 'hand-info';
    p.textContent = line;
    box.appendChild(p);
  }
  root.appendChild(box);
}
