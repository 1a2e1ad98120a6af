// Tsuro drawn as SVG from the observation (doc/games/tsuro.md, "Board,
// squares and points", "Tiles", "Observation"). Moves are made on the board:
// click a start point (setup); click a hand tile, click it again (or the
// rotate button) to turn it, click the square in front of your marker, or
// drag the tile there.

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 72;
const SEAT_COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];

// The 35 tiles in rotation 0, from doc/games/tsuro.md "Tiles".
const TILES = [
  '0-1 2-3 4-5 6-7', '0-1 2-3 4-6 5-7', '0-1 2-3 4-7 5-6', '0-1 2-4 3-6 5-7',
  '0-1 2-4 3-7 5-6', '0-1 2-5 3-6 4-7', '0-1 2-5 3-7 4-6', '0-1 2-6 3-4 5-7',
  '0-1 2-6 3-5 4-7', '0-1 2-6 3-7 4-5', '0-1 2-7 3-4 5-6', '0-1 2-7 3-5 4-6',
  '0-1 2-7 3-6 4-5', '0-2 1-3 4-6 5-7', '0-2 1-3 4-7 5-6', '0-2 1-4 3-6 5-7',
  '0-2 1-4 3-7 5-6', '0-2 1-5 3-6 4-7', '0-2 1-5 3-7 4-6', '0-2 1-6 3-4 5-7',
  '0-2 1-6 3-5 4-7', '0-2 1-7 3-4 5-6', '0-2 1-7 3-5 4-6', '0-3 1-2 4-7 5-6',
  '0-3 1-4 2-6 5-7', '0-3 1-4 2-7 5-6', '0-3 1-5 2-6 4-7', '0-3 1-6 2-5 4-7',
  '0-4 1-2 3-6 5-7', '0-4 1-2 3-7 5-6', '0-4 1-3 2-6 5-7', '0-4 1-5 2-6 3-7',
  '0-4 1-5 2-7 3-6', '0-5 1-4 2-7 3-6', '0-7 1-2 3-4 5-6',
].map((text) => text.split(' ').map((pair) => pair.split('-').map(Number)));

// Rotating a quarter turn clockwise maps point p to (p + 2) mod 8.
export function tilePairs(tile, rotation) {
  return TILES[tile].map(([a, b]) => [(a + 2 * rotation) % 8, (b + 2 * rotation) % 8]);
}

function canonical(pairs) {
  return pairs.map(([a, b]) => (a < b ? [a, b] : [b, a])).sort((x, y) => x[0] - y[0]).join(' ');
}

// The number of distinct orientations: rotations r and r + looks look the
// same, and the library lists only r below the looks (clarification 14).
export function tileLooks(tile) {
  const base = canonical(tilePairs(tile, 0));
  for (let r = 1; r < 4; r++) if (canonical(tilePairs(tile, r)) === base) return r;
  return 4;
}

// Point p of a unit square: 0,1 top (left, right); 2,3 right (top, bottom);
// 4,5 bottom (right, left); 6,7 left (bottom, top).
const POINTS = [[1 / 3, 0], [2 / 3, 0], [1, 1 / 3], [1, 2 / 3], [2 / 3, 1], [1 / 3, 1], [0, 2 / 3], [0, 1 / 3]];
const INWARD = [[0, 1], [0, 1], [-1, 0], [-1, 0], [0, -1], [0, -1], [1, 0], [1, 0]];

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function pointXY(x0, y0, size, p) {
  return [x0 + POINTS[p][0] * size, y0 + POINTS[p][1] * size];
}

// A tile: its 4 paths as curves bending through the square.
function drawTile(parent, x0, y0, size, tile, rotation) {
  const g = el('g', { class: 'tile' }, parent);
  el('rect', { x: x0, y: y0, width: size, height: size, class: 'tile-face' }, g);
  for (const [a, b] of tilePairs(tile, rotation)) {
    const [ax, ay] = pointXY(x0, y0, size, a);
    const [bx, by] = pointXY(x0, y0, size, b);
    const k = size * 0.38;
    const d = `M${ax},${ay} C${ax + INWARD[a][0] * k},${ay + INWARD[a][1] * k} ` +
      `${bx + INWARD[b][0] * k},${by + INWARD[b][1] * k} ${bx},${by}`;
    el('path', { d, class: 'tile-path' }, g);
  }
  return g;
}

function squareXY(name) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return [col * CELL, row * CELL];
}

const SIDE_POINT = { top: 0, right: 2, bottom: 4, left: 6 };

// A start move's text: '@a1:0' (classic) or '@a1:top' (kosmos, tactile).
function startSpot(text) {
  const m = /^@([a-z]\d+):(\w+)$/.exec(text);
  if (!m) return null;
  const point = m[2] in SIDE_POINT ? SIDE_POINT[m[2]] : Number(m[2]);
  return { square: m[1], point };
}

// Dragging a hand tile onto the square in front of the marker places it, in
// the rotation the tile shows. The listeners live on the document, once; the
// latest drawing's ui and act are the ones they use.
let drag = null;
let current = null;

function placeSelected(ui, act, square, target) {
  if (square !== target) { ui.say(`tiles go on the square in front of your marker (${target})`); return; }
  if (ui.selected === null) { ui.say('choose a tile from your hand first'); return; }
  act(`${ui.selected}r${ui.rotation % tileLooks(ui.selected)}`);
}

function listenForDrags() {
  document.addEventListener('pointermove', (e) => {
    if (drag && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 8) drag.moved = true;
  });
  document.addEventListener('pointerup', (e) => {
    const done = drag;
    drag = null;
    if (!done || !done.moved || !current) return;
    const over = document.elementFromPoint(e.clientX, e.clientY);
    if (!over || !over.classList.contains('square')) return;
    const { ui, act, target } = current;
    if (ui.selected !== done.tile) { ui.selected = done.tile; ui.rotation = 0; }
    placeSelected(ui, act, over.dataset.square, target);
  });
}

// Draws the board and the hand into `root`; `act(text)` makes a move.
export function drawTsuro(root, view, ui, act) {
  if (!current) listenForDrags();
  const v = view.observation.view;
  const W = v.board_size;
  const mine = view.legal.length > 0;
  root.replaceChildren();
  const margin = 14;
  const svg = el('svg', {
    id: 'tsuro-board', width: W * CELL + 2 * margin, height: W * CELL + 2 * margin,
    viewBox: `${-margin} ${-margin} ${W * CELL + 2 * margin} ${W * CELL + 2 * margin}`,
  }, root);
  el('rect', { x: -margin, y: -margin, width: W * CELL + 2 * margin, height: W * CELL + 2 * margin, class: 'board-bg' }, svg);
  const myMarker = v.markers[view.seat];
  const target = mine && v.phase === 'play' && myMarker.status === 'on' ? myMarker.square : null;
  current = { ui, act: target ? act : () => ui.say('not your turn to place a tile'), target };

  v.board.forEach((row, r) => row.split(' ').forEach((token, c) => {
    const name = String.fromCharCode(97 + c) + (r + 1);
    const x = c * CELL, y = r * CELL;
    const cell = el('rect', { x, y, width: CELL, height: CELL, class: 'square', 'data-square': name }, svg);
    if (token !== '.') {
      const [t, rot] = token.split('r').map(Number);
      drawTile(svg, x + 2, y + 2, CELL - 4, t, rot);
    } else {
      el('text', { x: x + 4, y: y + 12, class: 'square-name' }, svg).textContent = name;
    }
    if (name === target) {
      cell.classList.add('target');
      if (ui.selected !== null) {
        const ghost = drawTile(svg, x + 2, y + 2, CELL - 4, ui.selected, ui.rotation);
        ghost.classList.add('ghost');
      }
    }
    cell.addEventListener('click', () => {
      if (mine && v.phase === 'play') placeSelected(ui, act, name, target);
    });
  }));
  // Squares on top of tiles catch the clicks, too.
  svg.querySelectorAll('.tile').forEach((g) => { g.style.pointerEvents = 'none'; });

  if (mine && v.phase === 'setup') {
    for (const { text } of view.legal) {
      const spot = startSpot(text);
      if (!spot) continue;
      const [x0, y0] = squareXY(spot.square);
      const [x, y] = pointXY(x0, y0, CELL, spot.point);
      const c = el('circle', { cx: x, cy: y, r: 6, class: 'start-pos', 'data-move': text }, svg);
      c.addEventListener('click', () => act(text));
    }
  }

  v.markers.forEach((m, seat) => {
    if (m.status !== 'on') return;
    const [x0, y0] = squareXY(m.square);
    const [x, y] = pointXY(x0, y0, CELL, m.point);
    el('circle', { cx: x, cy: y, r: 8, fill: SEAT_COLOURS[seat], class: 'marker', 'data-seat': seat }, svg);
  });

  drawHand(root, view, ui);
}

function drawHand(root, view, ui) {
  const v = view.observation.view;
  const hand = v.hands[view.seat] || [];
  const box = document.createElement('div');
  box.id = 'tsuro-hand';
  const size = 80;
  hand.forEach((tile) => {
    const rotation = ui.selected === tile ? ui.rotation : 0;
    const svg = el('svg', {
      width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: 'hand-tile',
      'data-tile': tile, 'data-rot': rotation % tileLooks(tile),
    });
    if (ui.selected === tile) svg.classList.add('selected');
    drawTile(svg, 2, 2, size - 4, tile, rotation);
    svg.addEventListener('pointerdown', (e) => { drag = { tile, x: e.clientX, y: e.clientY, moved: false }; });
    svg.addEventListener('click', () => {
      if (ui.selected === tile) ui.rotation = (ui.rotation + 1) % 4;
      else { ui.selected = tile; ui.rotation = 0; }
      ui.redraw();
    });
    box.appendChild(svg);
  });
  if (ui.selected !== null && hand.includes(ui.selected)) drawRotations(box, ui);
  const rotate = document.createElement('button');
  rotate.id = 'rotate';
  rotate.textContent = '↻ rotate';
  rotate.disabled = ui.selected === null;
  rotate.addEventListener('click', () => { ui.rotation = (ui.rotation + 1) % 4; ui.redraw(); });
  box.appendChild(rotate);
  const info = document.createElement('p');
  info.className = 'hand-info';
  info.textContent = `hand sizes: ${v.hand_sizes.join(', ')} · pile: ${v.pile_size}` +
    (v.dragon !== null ? ` · dragon: seat ${v.dragon}` : '');
  box.appendChild(info);
  root.appendChild(box);
}

// The selected tile in each of its distinct rotations; a click chooses one.
function drawRotations(box, ui) {
  const row = document.createElement('div');
  row.id = 'tsuro-rotations';
  const size = 48;
  const looks = tileLooks(ui.selected);
  for (let r = 0; r < looks; r++) {
    const svg = el('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: 'rotation', 'data-rot': r });
    if (ui.rotation % looks === r) svg.classList.add('selected');
    drawTile(svg, 1, 1, size - 2, ui.selected, r);
    svg.addEventListener('click', () => { ui.rotation = r; ui.redraw(); });
    row.appendChild(svg);
  }
  box.appendChild(row);
}
