#!/usr/bin/env node
// A load run through the HTTP API: C clients, each playing a person's seat
// against a bot (its first legal move, sent with the move number), starting a
// new match when one ends, for S seconds. Prints the moves per second and the
// p50/p99 latency of a person's move (the POST, until its acknowledgement).
//   node server/load.mjs URL [--clients C] [--seconds S] [--game G] [--bot KIND]
const args = process.argv.slice(2);
const base = args[0];
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
if (!base || !/^http:\/\//.test(base)) {
  console.error('usage: node server/load.mjs URL [--clients C] [--seconds S] [--game G] [--bot KIND]');
  process.exit(2);
}
const clients = Number(flag('--clients', 100));
const seconds = Number(flag('--seconds', 60));
const game = flag('--game', 'tsuro');
const bot = flag('--bot', 'random');

async function call(method, route, body) {
  const res = await fetch(base + route, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const value = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(value)}`);
  return value;
}

const latencies = [];
let errors = 0;
let matches = 0;
const end = Date.now() + seconds * 1000;

async function client() {
  while (Date.now() < end) {
    const { match, seats } = await call('POST', '/api/matches', { game, seats: ['person', `bot:${bot}`] });
    matches++;
    const token = seats[0].token;
    while (Date.now() < end) {
      const v = await call('GET', `/api/matches/${match.id}/view?seat=0&token=${token}`);
      if (v.match.finished) break;
      if (v.legalMoves.length === 0) { await new Promise((r) => setTimeout(r, 2)); continue; }
      const t0 = process.hrtime.bigint();
      try {
        await call('POST', `/api/matches/${match.id}/moves`, { seat: 0, token, move: v.legalMoves[0].move, moveNumber: v.match.moveNumber });
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      } catch (e) {
        errors++;
        console.error(e.message);
      }
    }
  }
}

await Promise.all(Array.from({ length: clients }, () => client().catch((e) => { errors++; console.error(e.message); })));
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(1);
console.log(`${clients} clients, ${seconds} s, ${game} against bot:${bot}: ${matches} matches, ` +
  `${latencies.length} person moves (${(latencies.length / seconds).toFixed(0)}/s), ` +
  `move latency p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, ${errors} errors`);
process.exit(errors ? 1 : 0);
