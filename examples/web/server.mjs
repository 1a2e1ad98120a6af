#!/usr/bin/env node
// The web table's server: node server.mjs --port P --data DIR [--host H]
// It holds the true state of every match, checks every move with the
// library, writes every accepted move to DIR before acknowledging it, and
// tells each browser only what its seat may see. See README.md, "Server".
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MatchStore } from './server/store.mjs';
import { MatchRegistry } from './server/matches.mjs';
import { makeHandler } from './server/http.mjs';
import { BotPool } from './server/bot-pool.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const USAGE = `usage: node server.mjs --port P --data DIR [--host H] [--bot-ms MS] [--max-bot-ms MS] [--body-limit BYTES] [--bot-threads N] [--public DIR]
       [--max-matches N] [--allow-host NAME[,NAME...]]
  --host        the address to bind (default 127.0.0.1: this machine only)
  --allow-host  a host name the Host header may name, besides localhost and the bound address
                (repeatable; against DNS rebinding, every other Host is refused)
  --max-matches the most unfinished matches; a new one beyond is refused (default 1000)
  --bot-ms      the time budget of an ismcts bot move without one (default 200)
  --max-bot-ms  the largest time_ms a seat may ask for (default 5000)
  --body-limit  the largest request body in bytes (default 65536)
  --bot-threads the worker threads where bots think (default 2)
  BOARDRULES_JS the package's boardrules.mjs (default ../../build/bindings/js/boardrules.mjs)`;

function parseArgs(argv) {
  const args = { host: '127.0.0.1', botMs: 200, maxBotMs: 5000, bodyLimit: 65536, botThreads: 2, publicDir: path.join(HERE, 'public'), maxMatches: 1000, allowHosts: [] };
  const numeric = {
    '--port': 'port', '--bot-ms': 'botMs', '--max-bot-ms': 'maxBotMs', '--body-limit': 'bodyLimit',
    '--bot-threads': 'botThreads', '--max-matches': 'maxMatches',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') { console.log(USAGE); process.exit(0); }
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (numeric[flag]) {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} needs a whole number, not '${value}'`);
      args[numeric[flag]] = Number(value);
    } else if (flag === '--data') args.data = value;
    else if (flag === '--host') args.host = value;
    else if (flag === '--public') args.publicDir = path.resolve(value);
    else if (flag === '--allow-host') args.allowHosts.push(...value.split(',').filter(Boolean));
    else throw new Error(`unknown argument '${flag}'`);
    i++;
  }
  if (args.port === undefined || args.data === undefined) throw new Error('--port and --data are required');
  if (args.botThreads < 1) throw new Error('--bot-threads needs at least 1');
  if (args.maxMatches < 1) throw new Error('--max-matches needs at least 1');
  if (args.port > 65535) throw new Error(`--port ${args.port} is not a port`);
  return args;
}

/**
 * The host names a request may carry in its Host header: the localhost names,
 * the bound address (every address of this machine when bound to all), and
 * the --allow-host names. A browser sends the name it resolved, so a foreign
 * name that a DNS rebinding points at this machine is not among them.
 */
function allowedHostNames(host, extra) {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const bracket = (a) => (a.includes(':') ? `[${a}]` : a);
  if (host === '0.0.0.0' || host === '::') {
    for (const list of Object.values(os.networkInterfaces())) {
      for (const a of list ?? []) names.add(bracket(a.address.replace(/%.*$/, '')).toLowerCase());
    }
  }
  names.add(bracket(host).toLowerCase());
  for (const name of extra) names.add(name.toLowerCase().replace(/\.$/, ''));
  return names;
}

async function main() {
  let args;
  try { args = parseArgs(process.argv.slice(2)); } catch (e) {
    console.error(`server.mjs: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  const pkg = path.resolve(HERE, process.env.BOARDRULES_JS ?? '../../build/bindings/js/boardrules.mjs');
  const { loadBoardrules } = await import(pathToFileURL(pkg).href);
  const br = await loadBoardrules();
  const store = new MatchStore(args.data);
  const pool = new BotPool(pathToFileURL(pkg).href, args.botThreads);
  const registry = new MatchRegistry(br, store, pool, {
    botMs: args.botMs, maxBotMs: args.maxBotMs, maxMatches: args.maxMatches, log: (line) => console.error(`server.mjs: ${line}`),
  });
  const { restored, damaged } = registry.restore();
  const server = http.createServer(makeHandler({
    registry, publicDir: args.publicDir, bodyLimit: args.bodyLimit, packageDir: path.dirname(pkg),
    allowedHosts: allowedHostNames(args.host, args.allowHosts),
  }));
  server.requestTimeout = 30000;
  server.headersTimeout = 10000;
  server.listen(args.port, args.host, () => {
    const { port } = server.address();
    // The tests read this line to learn the port (--port 0 picks a free one).
    console.log(`listening on http://${args.host}:${port} (${restored} matches restored, ${damaged.length} damaged)`);
  });
  const stop = () => {
    server.close();
    registry.closeAll();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`server.mjs: ${e.stack ?? e.message}`);
  process.exit(1);
});
