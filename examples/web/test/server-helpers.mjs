// Shared by the server tests: start server.mjs as a child process on a free
// port with its own data folder, and talk to its JSON API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const madeDirs = [];
process.on('exit', () => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new folder under the system's temporary folder, removed when the test file ends. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
}

/** Starts the server; resolves to {url, child, stderr(), kill(signal)}. */
export function startServer(dataDir, extraArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(WEB_DIR, 'server.mjs'), '--port', '0', '--data', dataDir, ...extraArgs], {
      cwd: WEB_DIR, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        resolve({
          url: m[1],
          child,
          stderr: () => err,
          stop: (signal = 'SIGTERM') => new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill(signal);
          }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)));
  });
}

/** A JSON request; resolves to {status, body}. `raw` sends a string as it is. */
export async function api(base, method, route, body, { raw, headers = {} } = {}) {
  const res = await fetch(base + route, {
    method,
    headers: body !== undefined || raw !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = text; }
  return { status: res.status, body: parsed };
}

export function view(base, id, seat, token) {
  return api(base, 'GET', `/api/matches/${id}/view?seat=${seat}&token=${encodeURIComponent(token)}`);
}

/** Waits until `predicate(view)` holds for the seat's view (bots move in the background). */
export async function waitForView(base, id, seat, token, predicate, timeoutMs = 20000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await view(base, id, seat, token);
    if (v.status === 200 && predicate(v.body)) return v.body;
    if (Date.now() > end) throw new Error(`timed out waiting; last view: ${JSON.stringify(v.body).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
