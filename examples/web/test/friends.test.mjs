// Two people play one match of Tür an Tür on server.mjs, each in a page of
// their own (its own browser context), each through its join link; one of
// them reloads mid-game and gets the seat back. Every answer and every
// Server-Sent Event each page receives is recorded and held against the
// library's view of that page's seat (rebuilt from the record on disk): no
// page is told the other seat's hand, the seed, or the other seat's token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, tempDir } from './server-helpers.mjs';
import {
  canRun, launch, newPage, recordTraffic, checkSeatTraffic, moveNumber, createInLobby, saveScreenshot,
} from './lobby-helpers.mjs';

let server;
let data;
before(async () => {
  if (!canRun()) return;
  data = tempDir('br-web-friends-');
  server = await startServer(data);
});
after(async () => { if (server) await server.stop(); });

const state = (page) => page.$eval('body', (b) => b.dataset.state);
const message = (page) => page.$eval('#message', (e) => e.textContent);

async function typeMove(page, text) {
  await page.$eval('#move-text', (e) => { e.value = ''; });
  await page.type('#move-text', text);
  await page.click('#move-form button');
}

// A move of the page whose turn it is: on the drawn board when the first
// legal move is a card onto a field (every other time), else from the list.
async function playTurn(page, turn) {
  const before = await moveNumber(page);
  const first = await page.$eval('#moves button', (b) => b.dataset.move);
  const onBoard = /^(\w+)@([a-e]\d)$/.exec(first);
  if (onBoard && turn % 2 === 0) {
    await page.click(`.tat-hand-card[data-card="${onBoard[1]}"], .tat-lift[data-lift="${onBoard[1]}"]`);
    await page.click(`.tat-field[data-field="${onBoard[2]}"]`);
  } else {
    await page.click('#moves button');
  }
  await page.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 30000 }, before);
}

test('two people play Tür an Tür through their join links; each page is told only its seat', { timeout: 300000 }, async (t) => {
  if (!canRun()) { t.skip('no browser or no package'); return; }
  const browser = await launch(t);
  const lobby = await newPage(browser);
  const links = await createInLobby(lobby, server.url, 'tuer-an-tuer', ['person', 'person'], {}, { run4: '10' });
  assert.deepEqual(Object.keys(links), ['0', '1'], 'a join link for each person seat');
  const matchId = new URL(links[0]).searchParams.get('match');
  const summary = await (await fetch(`${server.url}/api/matches/${matchId}`)).json();
  assert.match(summary.options, /(^|,)run4=10(,|$)/, 'the option chosen in the lobby');
  const tokens = [0, 1].map((s) => new URL(links[s]).searchParams.get('token'));
  assert.ok(tokens.every((tk) => /^[\w-]{32}$/.test(tk)), 'each link holds a token of 24 random bytes');

  const pages = [];
  const traffic = [];
  for (const seat of [0, 1]) {
    const page = await newPage(browser);
    traffic.push(await recordTraffic(page));
    await page.goto(links[seat]);
    await page.waitForSelector('body[data-state="your-turn"], body[data-state="waiting"]', { timeout: 30000 });
    assert.ok(!page.url().includes('token'), 'the token leaves the address bar');
    assert.equal(await page.evaluate(() => history.length), 2, 'the address with the token is replaced, not kept in the history');
    pages.push(page);
  }

  let moves = 0;
  let refusedTurn = 0;
  let refusedIllegal = 0;
  let reloaded = false;
  for (let turn = 0; turn < 400; turn++) {
    const states = await Promise.all(pages.map(state));
    if (states.every((s) => s === 'over')) break;
    const mover = states.indexOf('your-turn');
    if (mover < 0) {                      // the other page has not heard yet
      await new Promise((r) => setTimeout(r, 30));
      continue;
    }
    const other = pages[1 - mover];
    if (refusedTurn === 0) {              // out of turn: the server's reason, nothing changes
      const n = await moveNumber(other);
      await typeMove(other, 'done');
      await other.waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 30000 });
      assert.match(await message(other), /^not-your-turn: it is seat \d's turn/);
      assert.equal(await moveNumber(other), n);
      refusedTurn++;
    }
    if (refusedIllegal === 0) {           // a text the library cannot read: its reason
      const n = await moveNumber(pages[mover]);
      await typeMove(pages[mover], 'no such move');
      await pages[mover].waitForFunction(() => document.getElementById('message').textContent !== '', { timeout: 30000 });
      assert.match(await message(pages[mover]), /^illegal: \S/);
      assert.equal(await moveNumber(pages[mover]), n);
      refusedIllegal++;
    }
    const heard = await moveNumber(other);
    await playTurn(pages[mover], moves);
    moves++;
    if (moves === 1) {                    // the other page hears the move; the refusal's reason stays
      await other.waitForFunction((n) => Number(document.body.dataset.moveNumber) > n, { timeout: 30000 }, heard);
      assert.match(await message(other), /^not-your-turn: /, 'a pushed view does not wipe the reason');
    }
    if (moves === 8 && !reloaded) {       // a reload returns the seat, from sessionStorage
      const n = await moveNumber(pages[1]);
      await pages[1].reload();
      await pages[1].waitForSelector('body[data-state="your-turn"], body[data-state="waiting"]', { timeout: 30000 });
      assert.ok(!pages[1].url().includes('token'));
      assert.ok(await moveNumber(pages[1]) >= n, 'the seat comes back where it was');
      assert.equal(await pages[1].$eval('h1', (e) => e.textContent), `boardrules: match ${matchId}, you play seat 1`);
      reloaded = true;
    }
  }
  for (const page of pages) {
    await page.waitForSelector('body[data-state="over"]', { timeout: 30000 });
    assert.match(await page.$eval('#status', (e) => e.textContent), /^game over · winners: /);
  }
  assert.ok(reloaded, 'a page was reloaded mid-game');
  const logs = await Promise.all(pages.map((p) => p.$$eval('#log li', (lis) => lis.map((li) => li.firstChild.textContent))));
  assert.ok(logs[0].some((l) => l.startsWith('seat 0 (you): ')) && logs[0].some((l) => l.startsWith('seat 1 (friend): ')), 'the log names you and your friend');
  assert.ok(logs[1].some((l) => l.startsWith('seat 1 (you): ')));
  assert.equal(logs[0].length, logs[1].length, 'both logs hold every entry');
  await saveScreenshot(pages[0], 'friends-tuer-an-tuer.png');

  const recordFile = path.join(data, `${matchId}.record`);
  for (const seat of [0, 1]) {
    await traffic[seat].settle();
    const events = traffic[seat].received.filter((m) => m.kind === 'event').length;
    const checked = await checkSeatTraffic(recordFile, seat, traffic[seat].received, [tokens[1 - seat]]);
    assert.ok(events >= moves / 2, `seat ${seat}: ${events} pushed views`);
    t.diagnostic(`seat ${seat}: ${traffic[seat].received.length} messages (${events} events), ${checked} views checked against the library`);
  }
  for (const token of tokens) assert.ok(!server.stderr().includes(token), 'no token in the server\'s log');
  t.diagnostic(`${moves} moves made by two pages`);
  for (const page of [lobby, ...pages]) assert.deepEqual(page.errors, []);
});
