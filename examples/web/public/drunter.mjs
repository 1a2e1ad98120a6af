// Drunter & Drüber's town drawn as SVG (doc/games/drunter-und-drueber.md,
// "The board", "Snapshot and observation"). The observation's `board` gives
// the paths laid (rows north first: `.` free, `0`..`3` a piece of road,
// wall1, river, wall2, `A`..`D` that path's bridge square); the buildings and
// toilets are the printed board of the rule design (the doc's map), shown
// where no path covers them. A lay is made on the map: choose one of your
// tiles, then click the square in front of a crew of its kind (the direction
// follows from the square; the marked end of a tile always lies against the
// path, so there is nothing to rotate). A vote is cast with the vote cards
// drawn as buttons.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 38;
const PATHS = ['road', 'wall1', 'river', 'wall2'];
const PATH_COLOURS = ['#9e9e9e', '#795548', '#42a5f5', '#c0703a'];

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

const DIRS = { n: [0, 1], e: [1, 0], s: [0, -1], w: [-1, 0] };
const kindOf = (path) => (path.startsWith('wall') ? 'wall' : path);

// A square's name from column 0..11 and row 1..12, or null off the board.
function squareName(col, row) {
  return col >= 0 && col < 12 && row >= 1 && row <= 12 ? 'abcdefghijkl'[col] + row : null;
}

// The squares a lay covers: out of the crew's square in its direction, past a
// bridge square right in front (the doc's "The tiles": the path passes under
// it); the library decides whether the lay is legal, this only shows where.
function laySquares(board, crewSquare, shape, dir) {
  const [dx, dy] = DIRS[dir];
  let col = crewSquare.charCodeAt(0) - 97;
  let row = Number(crewSquare.slice(1));
  const at = (c, r) => board[12 - r] && board[12 - r][c];
  if ('ABCD'.includes(at(col + dx, row + dy) || '.')) { col += dx; row += dy; }
  const squares = [];
  for (let i = 1; i <= Number(shape[0]); i++) {
    const name = squareName(col + dx * i, row + dy * i);
    if (name) squares.push(name);
  }
  return squares;
}

// The lays of the chosen tile: each legal lay's squares, and for every crew of
// the tile's kind the square in front of it in each direction, also where the
// lay is not legal, so that a click there gets the library's reason.
function layTargets(view, tile) {
  const v = view.observation.view;
  const m = /^(road|wall|river)(.*)$/.exec(tile);
  const targets = new Map();     // square -> {move, legal, first}
  for (const crew of v.crews) {
    if (!crew.in || kindOf(crew.path) !== m[1]) continue;
    for (const dir of Object.keys(DIRS)) {
      const move = `${crew.path} ${m[2]} ${dir}`;
      const legal = view.legal.some((l) => l.text === move);
      const squares = laySquares(v.board, crew.square, m[2], dir);
      squares.forEach((sq, i) => {
        const old = targets.get(sq);
        if (!old || (legal && !old.legal) || (legal === old.legal && i === 0 && !old.first)) {
          targets.set(sq, { move, legal, first: i === 0 });
        }
      });
    }
  }
  return targets;
}

export function drawDrunter(root, view, ui, act) {
  const v = view.observation.view;
  root.replaceChildren();
  const laying = view.legal.some((m) => /^(road|wall|river|wall1|wall2) /.test(m.text));
  if (!laying) ui.dudTile = null;
  const targets = laying && ui.dudTile ? layTargets(view, ui.dudTile) : new Map();
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
      const target = targets.get(name);
      if (target) {
        rect.classList.add(target.legal ? 'target' : 'refused');
        if (target.first) rect.classList.add('first');
        rect.setAttribute('data-move', target.move);
        rect.addEventListener('click', () => act(target.move));
      } else if (laying) {
        rect.addEventListener('click', () => ui.say(ui.dudTile ? 'not in front of a crew of that tile\'s kind' : 'choose one of your tiles first'));
      }
      if ((path >= 0 || bridge >= 0) && !(target && target.legal)) {
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
  if (v.pending) drawPending(svg, v);
  v.crews.forEach((crew) => {
    if (!crew.in) return;
    const [x, y] = squareXY(crew.square);
    const i = PATHS.indexOf(crew.path);
    el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 13, fill: '#212121', stroke: '#ffeb3b', 'stroke-width': 2, class: 'dud-crew', 'data-path': crew.path }, svg);
    el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 7, fill: PATH_COLOURS[i], 'pointer-events': 'none' }, svg);
  });
  if (laying) drawTiles(root, view, ui);
  drawCards(root, view);
  if (view.legal.some((m) => m.text.startsWith('vote '))) drawBallot(root, view, ui, act);
  if (view.legal.some((m) => m.text.startsWith('jein '))) drawJein(root, view, act);
  if (view.legal.some((m) => m.text.startsWith('choose '))) drawChoice(root, view, act);
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

// The lay under vote, outlined where it would go.
function drawPending(svg, v) {
  const [path, shape, dir] = v.pending.split(' ');
  const crew = v.crews.find((c) => c.path === path);
  for (const sq of crew ? laySquares(v.board, crew.square, shape, dir) : []) {
    const [x, y] = squareXY(sq);
    el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: 'dud-pending', 'data-square': sq, stroke: PATH_COLOURS[PATHS.indexOf(path)] }, svg);
  }
}

// Your tiles as buttons, one per kind and shape, for choosing the tile to lay.
function drawTiles(root, view, ui) {
  const hand = view.observation.view.hands[view.seat];
  const box = document.createElement('div');
  box.id = 'dud-tiles';
  box.append('lay: ');
  for (const tile of [...new Set(hand)]) {
    const b = document.createElement('button');
    b.className = 'dud-tile';
    b.dataset.tile = tile;
    const kind = /^(road|wall|river)/.exec(tile)[1];
    b.style.borderColor = PATH_COLOURS[PATHS.indexOf(kind === 'wall' ? 'wall1' : kind)];
    b.textContent = `${tile} ×${hand.filter((t) => t === tile).length}`;
    if (ui.dudTile === tile) b.classList.add('selected');
    b.addEventListener('click', () => { ui.dudTile = ui.dudTile === tile ? null : tile; ui.redraw(); });
    box.appendChild(b);
  }
  const hint = document.createElement('span');
  hint.className = 'hand-info';
  hint.textContent = ui.dudTile ? ' then click a lit square in front of a crew' : ' choose a tile';
  box.appendChild(hint);
  root.appendChild(box);
}

// After the reveal, your jein card counts as 2 yes or 2 no.
function drawJein(root, view, act) {
  const box = document.createElement('div');
  box.id = 'dud-ballot';
  box.append(`your jein card on ${view.observation.view.pending}: `);
  for (const side of ['yes', 'no']) {
    const b = document.createElement('button');
    b.className = 'dud-jein';
    b.dataset.move = `jein ${side}`;
    b.textContent = `counts 2 ${side}`;
    b.addEventListener('click', () => act(`jein ${side}`));
    box.appendChild(b);
  }
  root.appendChild(box);
}

// Pro variant: the task card you score with.
function drawChoice(root, view, act) {
  const tasks = view.observation.view.tasks[view.seat];
  const box = document.createElement('div');
  box.id = 'dud-ballot';
  box.append('score with: ');
  for (const slot of [1, 2]) {
    const b = document.createElement('button');
    b.className = 'dud-choose';
    b.dataset.move = `choose ${slot}`;
    b.textContent = `${slot}: ${tasks[slot - 1]}`;
    b.addEventListener('click', () => act(`choose ${slot}`));
    box.appendChild(b);
  }
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
