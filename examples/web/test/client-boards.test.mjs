// Drunter & Drüber and Die Tore der Welt played to the end in headless
// Chromium through their drawn boards (clicks on the SVG and the buttons
// beside it, never the move list), a person against greedy bots; refused
// clicks must show the library's reason; the drawing is compared with the
// observation the package gives under Node for the same game (the page's
// record, saved through its download, replayed here). Screenshots mid-game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  pkgFile, openPage, startGame, canRun, moveNumber, screenshot, myTurn, movedOn, messageAfter,
} from './client-helpers.mjs';

// The page's game as the package sees it: Save record, replayed under Node.
async function pageState(t, page) {
  const { loadBoardrules } = await import(pkgFile);
  const br = await loadBoardrules();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'boardrules-dl-'));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder });
  await page.click('#save');
  const game = await page.$eval('body', (b) => b.dataset.game);
  const saved = path.join(folder, `${game}-record.txt`);
  for (let i = 0; i < 100 && !fs.existsSync(saved); i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 200));   // the download's last bytes
  return br.replayRecord(fs.readFileSync(saved, 'utf8'));
}

const legalMoves = (page) => page.$$eval('#moves button', (bs) => bs.map((b) => b.dataset.move));

// A small generator so the person's choices vary but repeat from run to run.
function chooser(seed) {
  let x = seed;
  return (n) => { x = (x * 1103515245 + 12345) % 2147483648; return Math.floor(x / 65536) % n; };   // the high bits: the low ones cycle
}

// ---------------------------------------------------------------- Drunter

const tileOf = (lay) => { const [path, shape] = lay.split(' '); return (path.startsWith('wall') ? 'wall' : path) + shape; };

// Every square of the drawn map against the observation's board.
async function checkDrunterDrawing(page, state) {
  const board = state.observe(0).view.board;
  const drawn = await page.$$eval('.dud-square', (qs) => qs.map((q) => [q.dataset.square, q.dataset.path || '']));
  const paths = ['road', 'wall1', 'river', 'wall2'];
  const expected = [];
  board.forEach((row, r) => [...row].forEach((ch, c) => {
    const i = Math.max('0123'.indexOf(ch), 'ABCD'.indexOf(ch));
    expected.push(['abcdefghijkl'[c] + (12 - r), i >= 0 ? paths[i] : '']);
  }));
  assert.deepEqual(drawn, expected, 'every square of the map as the observation has it');
  const crews = await page.$$eval('.dud-crew', (cs) => cs.map((c) => c.dataset.path));
  assert.deepEqual(crews, state.observe(0).view.crews.filter((c) => c.in).map((c) => c.path), 'the crews on the board');
}

test('a whole game of Drunter & Drüber against bots, lays made on the map', { timeout: 300000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const { page, pageErrors } = await openPage(t);
  await startGame(page, 'drunter-und-drueber', 'players=3,seed=3', ['person', 'greedy', 'greedy']);
  let lays = 0; let ballots = 0; let refused = 0; let other = 0; let shot = false;
  for (let turn = 0; turn < 500 && await myTurn(page); turn++) {
    const midGame = lays >= 8 && !shot;
    if (midGame) {                               // the drawing against the observation
      const state = await pageState(t, page);
      await checkDrunterDrawing(page, state);
      state.free();
    }
    const before = await moveNumber(page);
    const legal = await legalMoves(page);
    if (legal[0].startsWith('vote ')) {          // the ballot: every other one with a card
      const cards = await page.$$eval('.dud-vote-card', (bs) => bs.map((b) => b.dataset.card));
      if (cards.length && ballots % 2 === 0) await page.click(`.dud-vote-card[data-card="${cards[0]}"]`);
      await page.click('#dud-cast');
      ballots++;
    } else if (legal[0].startsWith('jein ')) {
      await page.click(`.dud-jein[data-move="${legal[0]}"]`);
      other++;
    } else {
      const lay = legal[(lays * 7) % legal.length];
      await page.click(`.dud-tile[data-tile="${tileOf(lay)}"]`);
      if (midGame) { await screenshot(page, 'drunter_und_drueber'); shot = true; }   // a tile chosen, its lays lit
      const wrong = await page.$('.dud-square.refused');
      if (wrong && refused < 3) {                 // a lay the rules refuse: the library's reason
        await wrong.click();
        assert.match(await messageAfter(page), /^illegal: \S/, 'the library\'s reason for a refused lay');
        assert.equal(await moveNumber(page), before, 'a refused lay changes nothing');
        refused++;
      }
      await page.click(`.dud-square.target[data-move="${lay}"]`);
      lays++;
    }
    await movedOn(page, before);
  }
  assert.equal(await page.$eval('body', (b) => b.dataset.state), 'over');
  const state = await pageState(t, page);
  await checkDrunterDrawing(page, state);
  assert.ok(state.isTerminal, 'the saved record is the finished game');
  state.free();
  assert.ok(shot, 'the drawing was checked mid-game');
  assert.ok(lays >= 5, `${lays} lays on the map`);
  assert.ok(refused >= 1, 'a refused lay showed its reason');
  t.diagnostic(`${lays} lays on the map, ${ballots} ballots, ${other} jein, ${refused} refused lays`);
  assert.deepEqual(pageErrors, []);
});

// ---------------------------------------------------------------- Tore der Welt

const OFF_BOARD = /^(orient|accept|decline|done|weave|medicine|redeem)\b/;

// Makes `move` through the board: the element it belongs to, then, where the
// click leaves a choice, the choice's button.
async function toreMove(page, move) {
  const [verb, arg] = move.split(' ');
  const choice = `.tdw-choice[data-move="${move}"]`;
  if (verb === 'orient') { await page.click(`.tdw-favour[data-orient="${arg}"]`); return; }
  if (OFF_BOARD.test(move)) { await page.click(choice); return; }
  if (verb === 'play' || verb === 'lay') {
    await selectCard(page, arg);
    await page.click(`.tdw-zone[data-zone="${verb}"]`);
    return;
  }
  const where = {
    discard: `.tdw-hand-card[data-card="${arg}"]`,
    trade: `.tdw-event[data-slot="${arg}"]`,
    take: `.tdw-supply[data-good="${arg}"]`,
    build: `.tdw-project[data-project="${arg}"]`,
    donate: `.tdw-project[data-project="${arg}"]`,
    sell: `.tdw-market[data-market="${move.includes('wool') ? 'wool' : 'cloth'}"]`,
    house: `.tdw-plot[data-plot="${arg}"]`,
    rent: `.tdw-plot[data-plot="${arg}"]`,
    care: `.tdw-place[data-place="${arg}"]`,
  }[verb];
  assert.ok(where, `a place on the board for ${move}`);
  await page.click(where);
  if (await page.$(choice)) await page.click(choice);
}

async function selectCard(page, card) {
  if (!(await page.$(`.tdw-hand-card.selected[data-card="${card}"]`))) await page.click(`.tdw-hand-card[data-card="${card}"]`);
}

// Where a project, plot, place or supply cube is to be chosen, a click on
// one the rules refuse (a project not in play, a taken plot, ...) shows the
// library's reason and changes nothing. 1 if such a click was tried.
async function refusedBoardClick(page, legal, before) {
  const kinds = [
    ['build', '.tdw-project', 'project'], ['donate', '.tdw-project', 'project'],
    ['house', '.tdw-plot', 'plot'], ['rent', '.tdw-plot', 'plot'],
    ['care', '.tdw-place', 'place'], ['take', '.tdw-supply', 'good'],
  ];
  for (const [verb, selector, key] of kinds) {
    if (!legal.some((m) => m.startsWith(verb + ' '))) continue;
    const names = await page.$$eval(selector, (es, k) => es.map((e) => e.dataset[k]), key);
    const wrong = names.find((n) => !legal.some((m) => m === `${verb} ${n}` || m.startsWith(`${verb} ${n} `)));
    if (!wrong) return 0;
    await page.click(`${selector}[data-${key}="${wrong}"]`);
    assert.match(await messageAfter(page), /^illegal: \S/, `the library's reason for ${verb} at ${wrong}`);
    assert.equal(await moveNumber(page), before, 'a refused click changes nothing');
    return 1;
  }
  return 0;
}

// The drawing against the observation: cubes, seals and state of every
// project, the houses, the plague places, the favour marker, the supply's
// cubes, every seat's VP, your hand.
async function checkToreDrawing(page, state) {
  const v = state.observe(0).view;
  const projects = await page.$$eval('.tdw-project', (ps) => ps.map((p) => ({
    stone: p.querySelectorAll('.tdw-cube.stone.filled').length,
    wood: p.querySelectorAll('.tdw-cube.wood.filled').length,
    metal: p.querySelectorAll('.tdw-cube.metal.filled').length,
    seals: [...p.querySelectorAll('.tdw-seal')].map((s) => Number(s.dataset.seat)),
    done: p.classList.contains('done'),
    in_play: !p.classList.contains('out'),
  })));
  assert.deepEqual(projects, v.projects.map((p) => ({
    stone: p.stone, wood: p.wood, metal: p.metal, seals: p.seals, done: p.done, in_play: p.in_play || p.done,
  })), 'every project\'s cubes and seals as the observation has them');
  const houses = await page.$$eval('.tdw-plot', (ps) => ps.map((p) => {
    const h = p.querySelector('.tdw-house');
    return h ? Number(h.dataset.seat) : null;
  }));
  assert.deepEqual(houses, v.plots, 'every house on its plot');
  const places = await page.$$eval('.tdw-place', (ps) => ps.map((p) => [p.dataset.state, p.querySelector('.tdw-place-value').textContent]));
  assert.deepEqual(places, v.places.map((p) => [p.state, { none: '', hidden: '?', sick: `sick ${p.value}`, cured: 'cured' }[p.state]]), 'the plague places');
  assert.equal(await page.$eval('.tdw-marker', (m) => Number(m.dataset.favour)), v.favour, 'the favour marker');
  const supply = await page.$$eval('.tdw-supply', (ss) => ss.map((s) => Number(s.dataset.count)));
  assert.deepEqual(supply, [v.supply.stone, v.supply.wood], 'the supply\'s stone and wood');
  const vp = await page.$$eval('#tdw-seats .tdw-vp', (cs) => cs.map((c) => Number(c.textContent)));
  assert.deepEqual(vp, v.players.map((p) => p.vp), 'every seat\'s VP');
  const hand = await page.$$eval('.tdw-hand-card', (cs) => cs.map((c) => c.dataset.card));
  assert.deepEqual(hand, v.players[0].hand, 'your hand');
  return v;
}

test('a whole game of Die Tore der Welt against a bot, played on the board', { timeout: 600000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const { page, pageErrors } = await openPage(t);
  await startGame(page, 'tore-der-welt', 'players=2,seed=3', ['person', 'greedy']);
  const pick = chooser(7);
  const kinds = new Map();
  let moves = 0; let refused = 0; let boardRefused = 0; let checked = false; let landed = 0;
  for (let turn = 0; turn < 1500 && await myTurn(page); turn++) {
    const before = await moveNumber(page);
    const legal = await legalMoves(page);
    const playable = legal.find((m) => m.startsWith('play '));
    if (!checked && moves >= 40 && playable) {   // mid-game: the drawing; from chapter III a screenshot, a card chosen
      const state = await pageState(t, page);
      const seen = await checkToreDrawing(page, state);
      state.free();
      if (seen.chapter >= 3) {
        await selectCard(page, playable.slice(5));
        await screenshot(page, 'tore_der_welt');
        checked = true;
      }
    }
    // A card in the hand that may be laid but not played: "play" is refused.
    const unplayable = legal.filter((m) => m.startsWith('lay ')).map((m) => m.slice(4))
      .find((c) => !legal.includes(`play ${c}`));
    if (unplayable && refused < 3) {
      await selectCard(page, unplayable);
      await page.click('.tdw-zone[data-zone="play"]');
      assert.match(await messageAfter(page), /^illegal: \S/, `the library's reason for play ${unplayable}`);
      assert.equal(await moveNumber(page), before, 'a refused play changes nothing');
      refused++;
    }
    if (boardRefused < 2) boardRefused += await refusedBoardClick(page, legal, before);
    // Plays before lays, and the kinds of move made least so far first, so
    // that the game goes through as many of the board's places as it can.
    const plays = legal.filter((m) => !m.startsWith('lay '));
    const kindOf = (m) => (m.startsWith('play ') ? m : m.split(' ')[0]);   // each card a kind of its own
    const used = (m) => kinds.get(kindOf(m)) || 0;
    const fewest = Math.min(...(plays.length ? plays : legal).map(used));
    const from = (plays.length ? plays : legal).filter((m) => used(m) === fewest);
    const move = from[pick(from.length)];
    const landing = move.startsWith('orient ') && await page.$eval(`.tdw-favour[data-orient="${move.slice(7)}"]`, (g) => g.dataset.space);
    await toreMove(page, move);
    await movedOn(page, before);
    if (landing && move !== 'orient 0') {        // the marker went to the space clicked
      const entry = await page.$eval(`#log li[value="${before + 1}"]`, (li) => li.textContent);
      assert.match(entry, new RegExp(`^seat 0 \\(you\\): ${move}.* to=${landing}\\b`), `${move} moves the favour marker to ${landing}`);
      landed++;
    }
    kinds.set(kindOf(move), used(move) + 1);
    moves++;
  }
  assert.equal(await page.$eval('body', (b) => b.dataset.state), 'over');
  const state = await pageState(t, page);
  assert.ok(state.isTerminal, 'the saved record is the finished game');
  await checkToreDrawing(page, state);
  state.free();
  assert.ok(checked, 'the drawing was checked mid-game');
  assert.ok(refused >= 1, 'a refused play showed its reason');
  assert.ok(boardRefused >= 1, 'a refused click on the board showed its reason');
  assert.ok(landed >= 3, `${landed} orientations landed where clicked`);
  for (const kind of ['orient', 'discard']) assert.ok(kinds.get(kind) > 0, `${kind} made on the board`);
  assert.ok([...kinds.keys()].filter((k) => k.startsWith('play ')).length >= 6, 'at least six cards played');
  t.diagnostic(`${moves} moves on the board (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${refused} refused plays, ${boardRefused} refused board clicks, ${landed} orientations checked on the track`);
  assert.deepEqual(pageErrors, []);
});
