// The offline client in headless Chromium: a whole Tsuro game, a person
// (these clicks) against a greedy bot in the page's Web Worker, made on the
// SVG board only; a screenshot of it mid-game goes to the screenshot folder
// (client-helpers.mjs). Debian's /usr/bin/chromium
// (CHROMIUM= another), never a downloaded browser; skipped without one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tileLooks } from '../public/tsuro.mjs';
import { chromium, pkgFile, openPage, startGame, setSlider, canRun, moveNumber, screenshot } from './client-helpers.mjs';

// A tile placement made on the board: select the hand tile, turn it to the
// rotation, click the square in front of the marker.
async function placeTile(page, text, { viaRow = false, viaDrag = false } = {}) {
  const [tile, rotation] = text.split('r').map(Number);
  await page.click(`.hand-tile[data-tile="${tile}"]`);
  if (viaRow) await page.click(`#tsuro-rotations .rotation[data-rot="${rotation}"]`);
  for (let i = 0; i < 4; i++) {
    const shown = await page.$eval(`.hand-tile[data-tile="${tile}"]`, (e) => Number(e.dataset.rot));
    if (shown === rotation) break;
    await page.click('#rotate');
  }
  if (!viaDrag) { await page.click('.square.target'); return; }
  const centre = async (selector) => {
    const box = await (await page.$(selector)).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [fromX, fromY] = await centre(`.hand-tile[data-tile="${tile}"]`);
  const [toX, toY] = await centre('.square.target');
  await page.mouse.move(fromX, fromY);
  await page.mouse.down();
  await page.mouse.move(toX, toY, { steps: 8 });
  await page.mouse.up();
}

// A placement of a hand tile that the library refuses (it would leave the
// board), if the hand has one: a rotation below the tile's looks that is not
// among the legal moves.
async function findIllegal(page, legal) {
  const hand = await page.$$eval('.hand-tile', (es) => es.map((e) => Number(e.dataset.tile)));
  for (const tile of hand) {
    for (let r = 0; r < tileLooks(tile); r++) if (!legal.includes(`${tile}r${r}`)) return `${tile}r${r}`;
  }
  return null;
}

test('a whole Tsuro game against a bot, played by clicks and drags on the SVG board', { timeout: 240000 }, async (t) => {
  if (!fs.existsSync(chromium)) { t.skip(`no browser at ${chromium}`); return; }
  assert.ok(fs.existsSync(pkgFile), `the package is not built: ${pkgFile} (make wasm, or set BOARDRULES_JS)`);
  const { page, pageErrors } = await openPage(t);
  await startGame(page, 'tsuro', 'players=2,seed=11', ['person', 'greedy']);

  let myMoves = 0;
  let refused = 0;
  let dragged = 0;
  for (let turn = 0; turn < 100; turn++) {
    await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]', { timeout: 60000 });
    if (await page.$('body[data-state="over"]')) break;
    const before = await moveNumber(page);
    const legal = await page.$$eval('#moves button', (bs) => bs.map((b) => b.dataset.move));
    assert.ok(legal.length > 0, 'your turn shows the legal moves');
    if (myMoves === 5) {                 // mid-game, a tile chosen: its ghost in front of the marker
      await page.click(`.hand-tile[data-tile="${legal[0].split('r')[0]}"]`);
      await screenshot(page, 'tsuro');
    }
    if (legal[0].startsWith('@')) {
      await page.click(`.start-pos[data-move="${legal[0]}"]`);
    } else {
      const illegal = await findIllegal(page, legal);
      if (illegal) {
        await placeTile(page, illegal, { viaRow: true });
        await page.waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 30000 });
        const message = await page.$eval('#message', (e) => e.textContent);
        assert.match(message, /^illegal: \S/, `the library's reason for ${illegal}`);
        assert.equal(await moveNumber(page), before, 'a refused placement changes nothing');
        refused++;
      }
      await placeTile(page, legal[0], { viaDrag: myMoves % 2 === 1 });
      if (myMoves % 2 === 1) dragged++;
    }
    await page.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 60000 }, before);
    myMoves++;
  }
  assert.equal(await page.$eval('body', (b) => b.dataset.state), 'over', 'the game ends');
  const status = await page.$eval('#status', (e) => e.textContent);
  assert.match(status, /game over · winners: /);
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.ok(myMoves >= 2, `the person made ${myMoves} moves`);
  assert.ok(log.some((l) => /^seat 0 \(you\): @/.test(l)), 'the log announces the person\'s start');
  assert.ok(log.some((l) => /^seat 1 \(greedy\): \d+r\d/.test(l)), 'the log announces the bot\'s tiles');
  assert.ok(log.some((l) => /tile placed/.test(l)), 'the log shows the effects');
  assert.ok(!log.some((l) => /draw \d+ to seat 1/.test(l)), 'the log hides the bot\'s drawn tiles');
  assert.ok(refused >= 1, 'an illegal placement was tried and refused');
  assert.ok(dragged >= 2, `${dragged} tiles dragged onto the board`);
  t.diagnostic(`${myMoves} moves by clicks and drags (${dragged} dragged), ${refused} refused placements`);
  assert.deepEqual(pageErrors, []);
  // The replay of a game started with chance=auto: back to the deal.
  await setSlider(page, 6);
  await page.waitForFunction(() => document.body.dataset.moveNumber === '6', { timeout: 30000 });
  assert.equal(await page.$$eval('.marker', (ms) => ms.length), 0, 'no marker placed after the deal');
  assert.equal(await page.$$eval('#tsuro-hand .hand-tile', (hs) => hs.length), 3, 'the dealt hand');
  assert.deepEqual(pageErrors, []);
});

// A typed move the library cannot read is refused with its reason; a typed
// legal move is played.
async function typedMoves(page) {
  await page.waitForSelector('body[data-state="your-turn"]', { timeout: 60000 });
  const before = await moveNumber(page);
  await page.type('#move-text', 'no such move');
  await page.click('#move-form button');
  await page.waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 30000 });
  assert.match(await page.$eval('#message', (e) => e.textContent), /^[A-Z_]+: \S/, 'the library\'s status and reason');
  assert.equal(await moveNumber(page), before, 'a refused move changes nothing');
  const legal = await page.$eval('#moves button', (b) => b.dataset.move);
  await page.$eval('#move-text', (e) => { e.value = ''; });
  await page.type('#move-text', legal);
  await page.click('#move-form button');
  await page.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 60000 }, before);
}

// Tür an Tür on its board, to the end (Drunter & Drüber and Die Tore der
// Welt: client-boards.test.mjs).
test('a whole game of tuer-an-tuer against a bot, on the board', { timeout: 240000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const { page, pageErrors } = await openPage(t);
  await startGame(page, 'tuer-an-tuer', 'players=2,seed=3', ['person', 'greedy']);
  await typedMoves(page);
  let myMoves = 0;
  let boardMoves = 0;
  for (let turn = 0; turn < 1000; turn++) {
    await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]', { timeout: 60000 });
    if (await page.$('body[data-state="over"]')) break;
    if (myMoves === 12) await screenshot(page, 'tuer_an_tuer');
    const before = await moveNumber(page);
    const first = await page.$eval('#moves button', (b) => b.dataset.move);
    const onBoard = /^(\w+)@([a-e]\d)$/.exec(first);
    if (onBoard) {                       // a card, then its field
      await page.click(`.tat-hand-card[data-card="${onBoard[1]}"], .tat-lift[data-lift="${onBoard[1]}"]`);
      await page.click(`.tat-field[data-field="${onBoard[2]}"]`);
      boardMoves++;
    } else if (first.startsWith('exchange ')) {
      await page.click(`.tat-hand-card[data-card="${first.slice(9)}"]`);
      boardMoves++;
    } else {
      await page.click('#moves button');
    }
    await page.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 60000 }, before);
    myMoves++;
  }
  assert.equal(await page.$eval('body', (b) => b.dataset.state), 'over');
  assert.match(await page.$eval('#status', (e) => e.textContent), /game over/);
  assert.equal(await page.$$eval('.tat-figure', (fs) => fs.length), 2, 'both figures drawn');
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.ok(log.some((l) => l.startsWith('seat 0 (you): ')), 'the log announces the person\'s moves');
  assert.ok(boardMoves >= 5, `${boardMoves} moves made on the board`);
  t.diagnostic(`${myMoves} moves (${boardMoves} on the board), ${log.length} log lines`);
  assert.deepEqual(pageErrors, []);
});

// A record made by the package under Node is loaded through the file input,
// then the replay slider goes back to the deal and forward again, and the
// record saved through the page's download replays in the package.
test('a record loads, and the replay slider travels over it', { timeout: 120000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const { loadBoardrules } = await import(pkgFile);
  const br = await loadBoardrules();
  const s = br.newState('tsuro', { players: 2, seed: 5 });
  const bot = new br.Bot('greedy', { seed: 4 });
  for (let i = 0; i < 6; i++) s.apply(bot.choose(s));    // the markers and two tiles each
  const recorded = s.history().length;
  const texts = s.history().map((_, i) => s.historyText(i, 0));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'boardrules-rec-'));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, 'tsuro.txt');
  fs.writeFileSync(file, s.toRecord({ event: 'client test' }));
  bot.free();
  s.free();

  const { page, pageErrors } = await openPage(t);
  await page.select('#game', 'tsuro');
  await page.select('#seat-1', 'greedy');
  const input = await page.$('#load');
  await input.uploadFile(file);
  await page.waitForSelector('body[data-state="your-turn"], body[data-state="over"]', { timeout: 60000 });
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.firstChild.textContent));
  assert.ok(log.length >= recorded, `${log.length} log lines for ${recorded} recorded moves`);
  assert.deepEqual(log.slice(0, recorded).map((l) => l.replace(/^[^:]*: /, '')), texts, 'the record\'s moves, as seat 0 sees them');
  assert.ok(await page.$$eval('.marker', (ms) => ms.length) === 2, 'both markers on the board');

  await setSlider(page, 6);                                     // after the deal
  await page.waitForFunction(() => document.body.dataset.moveNumber === '6', { timeout: 30000 });
  assert.equal(await page.$$eval('.marker', (ms) => ms.length), 0, 'no marker placed after the deal');
  assert.equal(await page.$$eval('#moves button', (bs) => bs.length), 0, 'a past position takes no moves');
  const max = await page.$eval('#replay', (e) => e.max);
  await setSlider(page, max);
  await page.waitForSelector('body[data-state="your-turn"]', { timeout: 30000 });
  assert.ok(await page.$$eval('#moves button', (bs) => bs.length) > 0, 'at the end the game goes on');

  // Save record: the download replays, in the package, to the page's game.
  const downloads = path.join(folder, 'downloads');
  fs.mkdirSync(downloads);
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await page.click('#save');
  const saved = path.join(downloads, 'tsuro-record.txt');
  for (let i = 0; i < 100 && !fs.existsSync(saved); i++) await new Promise((r) => setTimeout(r, 100));
  const replayed = br.replayRecord(fs.readFileSync(saved, 'utf8'));
  assert.equal(replayed.history().length, Number(max), 'the saved record holds every move');
  assert.deepEqual(replayed.history().slice(0, recorded).map((_, i) => replayed.historyText(i, 0)), texts);
  replayed.free();
  assert.deepEqual(pageErrors, []);
});

// Only bots, of every kind: the page watches as a spectator, seeing no hand.
test('a Tsuro game of bots only, watched as a spectator', { timeout: 120000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const { page, pageErrors } = await openPage(t);
  await page.$eval('#budget', (e) => { e.value = '20'; });
  await startGame(page, 'tsuro', 'players=4,seed=4', ['planner', 'ismcts', 'random', 'greedy']);
  await page.waitForSelector('body[data-state="over"]', { timeout: 60000 });
  assert.equal(await page.$$eval('#tsuro-hand .hand-tile', (hs) => hs.length), 0, 'a spectator sees no hand');
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.firstChild.textContent));
  assert.ok(log.some((l) => /^chance: draw \? to seat 0$/.test(l)), 'the draws are hidden from a spectator');
  assert.ok(!log.some((l) => /^chance: draw \d/.test(l)), 'no drawn tile is shown');
  assert.deepEqual(pageErrors, []);
});
