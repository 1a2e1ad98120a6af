#!/usr/bin/env node
// A load run through the HTTP API: C clients at once, each playing a person's
// seat against a bot (a random legal move, sent with the move number so that
// a stale move would be refused), starting a new match when one ends, for S
// seconds. Reports the person moves per second and the p50/p99 latency of a
// person's move (the POST, until its acknowledgement, which waits for the
// fsync of the record). Any refused request or failed connection is an error.
//   node server/load.mjs URL [--clients C] [--seconds S] [--game G] [--bot KIND]
// test/load.test.mjs runs it against a server of its own (make check-web).
//
// Each client holds at most one unfinished match at a time, so a run keeps at
// most C matches unfinished: C must stay within the server's match limit.
import { fileURLToPath } from 'node:url';

/** True for the error of a request that the server's end of a kept-alive connection closed. */
function closedUnderneath(e) {
  const code = e?.cause?.code;
  return e instanceof TypeError && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET');
}

/**
 * One JSON request; throws on a status >= 400 or a body that is not JSON.
 * Node's fetch (undici) may send a request on a kept-alive connection at the
 * moment the server closes it as idle, and fails it with 'other side closed'
 * where a browser retries (undici issue 3141; seen here in 44 and 47 of about
 * 300 matches in two 60 s runs of 100 clients). Such a request is sent once
 * more, and counted in `stats.retried`: a request the server did take is not
 * lost by that, since a move carries its move number (a second copy of an
 * applied move would be refused as stale, an error).
 */
async function call(base, stats, method, route, body) {
  const init = { method, headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined };
  let res;
  try {
    res = await fetch(base + route, init);
  } catch (e) {
    if (!closedUnderneath(e)) throw e;
    stats.retried++;
    res = await fetch(base + route, init);
  }
  const text = await res.text();
  let value;
  try { value = JSON.parse(text); } catch {
    throw new Error(`${method} ${route}: ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(value)}`);
  return value;
}

/** The value below which a fraction `p` of the sorted list lies (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/**
 * Runs the load against the server at `base` (http://HOST:PORT). Resolves to
 * the figures: {clients, seconds (measured), game, bot, matchesStarted,
 * matchesFinished, moves (person moves acknowledged), movesPerSecond,
 * p50Ms, p99Ms, maxMs, errors, errorSamples (the first few messages),
 * retried (requests sent again after the keep-alive race, see call())}.
 */
export async function runLoad({ base, clients = 100, seconds = 60, game = 'tsuro', bot = 'random' }) {
  const latencies = [];
  const errorSamples = [];
  let errors = 0;
  let matchesStarted = 0;
  let matchesFinished = 0;
  const stats = { retried: 0 };
  const failed = (e) => {
    errors++;
    // fetch() says only 'fetch failed'; the cause names the socket's error.
    const cause = e.cause ? ` (${e.cause.code ?? ''} ${e.cause.message ?? e.cause})` : '';
    if (errorSamples.length < 5) errorSamples.push(e.message + cause);
  };
  const start = Date.now();
  const end = start + seconds * 1000;

  async function playOneMatch() {
    const { match, seats } = await call(base, stats, 'POST', '/api/matches', { game, seats: ['person', `bot:${bot}`] });
    matchesStarted++;
    const token = encodeURIComponent(seats[0].token);
    let v = await call(base, stats, 'GET', `/api/matches/${match.id}/view?seat=0&token=${token}`);
    while (Date.now() < end) {
      if (v.match.finished) { matchesFinished++; return; }
      if (v.legalMoves.length === 0) {        // the bot thinks on the server
        await new Promise((r) => setTimeout(r, 2));
        v = await call(base, stats, 'GET', `/api/matches/${match.id}/view?seat=0&token=${token}`);
        continue;
      }
      const pick = v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];
      const t0 = process.hrtime.bigint();
      v = await call(base, stats, 'POST', `/api/matches/${match.id}/moves`,
        { seat: 0, token: seats[0].token, move: pick.move, moveNumber: v.match.moveNumber });
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }

  async function client() {
    while (Date.now() < end) {
      try { await playOneMatch(); } catch (e) { failed(e); }
    }
  }

  await Promise.all(Array.from({ length: clients }, client));
  const measured = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients, seconds: measured, game, bot, matchesStarted, matchesFinished,
    moves: latencies.length,
    movesPerSecond: latencies.length / measured,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.length ? latencies[latencies.length - 1] : NaN,
    errors, errorSamples, retried: stats.retried,
  };
}

/** One line for people and for doc/web.md. */
export function describeLoad(r) {
  return `${r.clients} clients, ${r.seconds.toFixed(1)} s, ${r.game} against bot:${r.bot}: ` +
    `${r.matchesStarted} matches started, ${r.matchesFinished} finished, ` +
    `${r.moves} person moves (${r.movesPerSecond.toFixed(0)}/s), ` +
    `move latency p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms, ` +
    `${r.errors} errors, ${r.retried} requests retried`;
}

async function main(args) {
  const base = args[0];
  const flag = (name, fallback) => {
    const i = args.indexOf(name);
    return i < 0 ? fallback : args[i + 1];
  };
  const clients = Number(flag('--clients', 100));
  const seconds = Number(flag('--seconds', 60));
  if (!base || !/^http:\/\//.test(base) || !(clients >= 1) || !(seconds > 0)) {
    console.error('usage: node server/load.mjs URL [--clients C] [--seconds S] [--game G] [--bot KIND]');
    process.exit(2);
  }
  const r = await runLoad({ base, clients, seconds, game: flag('--game', 'tsuro'), bot: flag('--bot', 'random') });
  for (const m of r.errorSamples) console.error(m);
  console.log(describeLoad(r));
  process.exit(r.errors ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
