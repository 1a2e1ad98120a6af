// The load test of issue 28: 100 concurrent matches, each a client playing a
// person's seat against a bot through the HTTP API (server/load.mjs), on the
// loopback interface, with no error. Prints the moves per second and the
// p50/p99 latency of a move, with the load average beside them (the figures
// of a shared machine mean little without it), and writes them to
// load.txt in BR_WEB_SCREENSHOTS (the tests' output folder, by default
// test-output/). make check-web runs it for 60 s; a local run takes
// BR_WEB_LOAD_SECONDS (default 10) and BR_WEB_LOAD_CLIENTS (default 100).
//
// Beyond "no error": the server wrote nothing to stderr (no internal error,
// no failed bot move), every match started is listed and has its two files
// on disk, every match the clients saw end has a result line in its record,
// and the server's resident memory is reported before and after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, tempDir, api } from './server-helpers.mjs';
import { runLoad, describeLoad } from '../server/load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.env.BR_WEB_SCREENSHOTS || path.join(here, '..', 'test-output'));
const seconds = Number(process.env.BR_WEB_LOAD_SECONDS || 10);
const clients = Number(process.env.BR_WEB_LOAD_CLIENTS || 100);

/** The resident memory of process `pid` in MiB (Linux's /proc), or NaN elsewhere. */
function residentMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

test(`load: ${clients} concurrent matches against bot:random for ${seconds} s, no error`, { timeout: (seconds + 120) * 1000 }, async (t) => {
  assert.ok(seconds > 0 && clients >= 1, 'BR_WEB_LOAD_SECONDS and BR_WEB_LOAD_CLIENTS must be positive');
  const data = tempDir('boardrules-load-');
  const server = await startServer(data);
  try {
    const rssBefore = residentMiB(server.child.pid);
    const loadBefore = loadAverage();
    const r = await runLoad({ base: server.url, clients, seconds, game: 'tsuro', bot: 'random' });
    const rssAfter = residentMiB(server.child.pid);
    const lines = [
      describeLoad(r),
      `load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after; ${os.cpus().length} CPUs; node ${process.version}`,
      `server resident memory ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after`,
    ];
    for (const line of lines) {
      t.diagnostic(line);
      console.log(`load: ${line}`);
    }
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'load.txt'), lines.join('\n') + '\n');

    assert.equal(r.errors, 0, `errors, the first: ${r.errorSamples.join(' | ')}`);
    // On a busy machine a short run may end before any match does: moves
    // are required, finished matches are not.
    assert.ok(r.moves > 0, 'no move was made');
    assert.equal(server.stderr(), '', 'the server wrote to stderr under load');

    const listed = await api(server.url, 'GET', '/api/matches');
    assert.equal(listed.status, 200);
    assert.equal(listed.body.length, r.matchesStarted, 'every match started is listed');
    const finished = listed.body.filter((m) => m.finished);
    assert.ok(finished.length >= r.matchesFinished, 'the server knows every match a client saw end');
    const files = fs.readdirSync(data);
    for (const m of listed.body) {
      assert.ok(files.includes(`${m.id}.json`) && files.includes(`${m.id}.record`), `files of match ${m.id}`);
    }
    for (const m of finished) {
      const record = fs.readFileSync(path.join(data, `${m.id}.record`), 'utf8');
      assert.match(record, /^result (?!\*)\S+/m, `match ${m.id} is over but its record has no result`);
    }
  } finally {
    await server.stop();
  }
});
