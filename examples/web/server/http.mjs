// The HTTP side: the JSON API, Server-Sent Events and the static page.
//   GET  /api/games                          the games and their option specs
//   GET  /api/matches                        the matches (no tokens)
//   POST /api/matches                        {game, options, seats} -> {match, seats: [{seat, kind, token, join}]}
//   POST /api/matches/ID/join                {seat, token} -> the seat's view
//   GET  /api/matches/ID/view?seat=N[&upto=K] the seat's view (token: header X-Seat-Token or ?token=);
//                                            with upto, as it was after the first K history entries
//   POST /api/matches/ID/moves               {seat, token, move, moveNumber?} -> the seat's view
//   GET  /api/matches/ID/events?seat=N&token=T  Server-Sent Events: 'view' with the seat's view after each change
//   GET  /api/matches/ID/record              the game record, once the match is over
// Errors are {error, reason} with a 4xx status; a refused request changes nothing.
// A request whose Host header names none of the allowed hosts is refused
// before anything else (DNS rebinding: a foreign site's name that resolves to
// this machine must not reach the API from a browser).
import fs from 'node:fs';
import path from 'node:path';
import { RequestError } from './matches.mjs';

const STATIC_TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json',
  '.wasm': 'application/wasm', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  res.end(body);
}

/** Reads a JSON body of at most `limit` bytes; too big is 413, bad JSON 400. */
function readJson(req, limit) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      reject(new RequestError(413, 'too-large', `the body is over ${limit} bytes`));
      req.resume();
      return;
    }
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new RequestError(413, 'too-large', `the body is over ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        const value = JSON.parse(text);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          reject(new RequestError(400, 'bad-json', 'the body must be a JSON object'));
        } else {
          resolve(value);
        }
      } catch (e) {
        reject(new RequestError(400, 'bad-json', `the body is not JSON: ${e.message}`));
      }
    });
    req.on('error', reject);
  });
}

function seatOf(value) {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return n;
}

/** Serves a file of `root`, never one outside it (no '..', no symlink out). */
function serveStatic(res, root, urlPath) {
  let rel;
  try { rel = decodeURIComponent(urlPath); } catch {
    throw new RequestError(400, 'bad-path', 'the path is not valid percent-encoding');
  }
  if (rel.includes('\0')) throw new RequestError(400, 'bad-path', 'the path holds a NUL byte');
  if (rel.endsWith('/')) rel += 'index.html';
  const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
  let real;
  try { real = fs.realpathSync(file); } catch {
    throw new RequestError(404, 'not-found', `no file ${urlPath}`);
  }
  const realRoot = fs.realpathSync(root);
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
    throw new RequestError(404, 'not-found', `no file ${urlPath}`);
  }
  const stat = fs.statSync(real);
  if (!stat.isFile()) throw new RequestError(404, 'not-found', `no file ${urlPath}`);
  res.writeHead(200, {
    'content-type': STATIC_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream',
    'content-length': stat.size,
    'x-content-type-options': 'nosniff',
    // A join link holds its seat's token: no other site may see it as a referrer.
    'referrer-policy': 'no-referrer',
  });
  fs.createReadStream(real).pipe(res);
}

function openEvents(req, res, match, seat) {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  const listener = {
    seat,
    send(view) { res.write(`event: view\ndata: ${JSON.stringify(view)}\n\n`); },
  };
  match.listeners.add(listener);
  listener.send(match.view(seat));
  const ping = setInterval(() => res.write(': ping\n\n'), 25000);
  req.on('close', () => {
    clearInterval(ping);
    match.listeners.delete(listener);
  });
}

/** The host name of a Host header, lower case, without the port ('[::1]' keeps its brackets); null if malformed. */
export function hostName(header) {
  if (typeof header !== 'string') return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+)(?::\d{1,5})?$/.exec(header);
  return m ? m[1].toLowerCase().replace(/\.$/, '') : null;
}

/** Refuses a request whose Host is not in `allowed` (a Set of host names; null allows any). */
function checkHost(header, allowed) {
  if (!allowed) return;
  const name = hostName(header);
  if (name === null) throw new RequestError(400, 'bad-host', 'the request has no valid Host header');
  if (!allowed.has(name)) {
    throw new RequestError(403, 'bad-host',
      `the host '${name}' is not this server's (allowed: ${[...allowed].join(', ')}); start the server with --allow-host ${name} to serve it`);
  }
}

/**
 * The request handler. `registry`: the MatchRegistry; `publicDir`: the
 * static folder; `bodyLimit`: bytes; `packageDir`: the JS package's folder,
 * served under /pkg/, where the page looks for boardrules.mjs;
 * `allowedHosts`: the host names a request's Host header may name (a Set).
 */
export function makeHandler({ registry, publicDir, bodyLimit, packageDir, allowedHosts }) {
  async function route(req, res, url) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'api') {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new RequestError(405, 'bad-method', `${req.method} on a file`);
      if (parts[0] === 'pkg' && packageDir) {
        return serveStatic(res, packageDir, url.pathname.slice('/pkg'.length) || '/');
      }
      return serveStatic(res, publicDir, url.pathname);
    }
    const [, what, id, action] = parts;
    if (what === 'games' && parts.length === 2 && req.method === 'GET') {
      return sendJson(res, 200, registry.br.games().map((g) => ({
        name: g.name, title: g.title, description: g.description,
        minPlayers: g.minPlayers, maxPlayers: g.maxPlayers, defaultPlayers: g.defaultPlayers,
        options: g.optionSpecs(),
      })));
    }
    if (what === 'bots' && parts.length === 2 && req.method === 'GET') {
      return sendJson(res, 200, registry.br.botKinds());
    }
    if (what !== 'matches') throw new RequestError(404, 'not-found', `no API ${url.pathname}`);
    if (parts.length === 2) {
      if (req.method === 'GET') return sendJson(res, 200, registry.list());
      if (req.method === 'POST') {
        const { match, tokens } = await registry.create(await readJson(req, bodyLimit));
        return sendJson(res, 201, {
          match: registry.get(match.id).summary(),
          seats: tokens.map((token, seat) => (token === null
            ? { seat, kind: 'bot' }
            : { seat, kind: 'person', token, join: `/?match=${match.id}&seat=${seat}&token=${token}` })),
        });
      }
      throw new RequestError(405, 'bad-method', `${req.method} /api/matches`);
    }
    const match = registry.get(id);
    if (parts.length === 3 && req.method === 'GET') return sendJson(res, 200, match.summary());
    if (parts.length !== 4) throw new RequestError(404, 'not-found', `no API ${url.pathname}`);
    if (action === 'view' && req.method === 'GET') {
      const seat = seatOf(url.searchParams.get('seat'));
      match.authorize(seat, req.headers['x-seat-token'] ?? url.searchParams.get('token'));
      const upto = url.searchParams.get('upto');
      return sendJson(res, 200, upto === null ? match.view(seat) : match.viewAt(seat, seatOf(upto)));
    }
    if (action === 'events' && req.method === 'GET') {
      const seat = seatOf(url.searchParams.get('seat'));
      match.authorize(seat, req.headers['x-seat-token'] ?? url.searchParams.get('token'));
      return openEvents(req, res, match, seat);
    }
    if (action === 'record' && req.method === 'GET') {
      // The whole record names every hidden draw: only once the match is over.
      if (!match.finished) throw new RequestError(409, 'not-finished', 'the record is given once the match is over');
      const text = match.state.toRecord(match.recordTags());
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="${match.id}.record"`,
        'referrer-policy': 'no-referrer',
      });
      return res.end(text);
    }
    if (action === 'join' && req.method === 'POST') {
      const body = await readJson(req, bodyLimit);
      match.authorize(body.seat, body.token);
      return sendJson(res, 200, match.view(body.seat));
    }
    if (action === 'moves' && req.method === 'POST') {
      const body = await readJson(req, bodyLimit);
      match.authorize(body.seat, body.token);
      if (body.moveNumber !== undefined && !Number.isInteger(body.moveNumber)) {
        throw new RequestError(400, 'bad-move', 'moveNumber must be an integer');
      }
      await match.move(body.seat, body.move, body.moveNumber);
      match.notify();
      match.scheduleBots();
      return sendJson(res, 200, match.view(body.seat));
    }
    throw new RequestError(404, 'not-found', `no API ${req.method} ${url.pathname}`);
  }

  return async function handle(req, res) {
    try {
      checkHost(req.headers.host, allowedHosts);
      const url = new URL(req.url, 'http://localhost');
      await route(req, res, url);
    } catch (e) {
      if (res.headersSent) { res.destroy(); return; }
      if (e instanceof RequestError) {
        if (e.status === 413) res.setHeader('connection', 'close');
        sendJson(res, e.status, { error: e.error, reason: e.reason });
      } else {
        console.error(e);
        sendJson(res, 500, { error: 'internal', reason: e.reason ?? e.message });
      }
    }
  };
}
