// Bots think in worker threads, so that an ismcts move of 200 ms holds up
// neither the other matches nor the requests of its own. Each match seat's
// bot lives in one worker, chosen round-robin when it first moves.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bot-worker.mjs');

export class BotPool {
  /** @param packageUrl the file: URL of boardrules.mjs; @param size the number of threads (>= 1). */
  constructor(packageUrl, size) {
    this.workers = Array.from({ length: size }, () => this.startWorker(packageUrl));
    this.home = new Map();      // key -> worker
    this.pending = new Map();   // request id -> {resolve, reject}
    this.nextId = 1;
    this.nextWorker = 0;
  }

  startWorker(packageUrl) {
    const worker = new Worker(WORKER, { workerData: { packageUrl } });
    worker.on('message', ({ id, move, error }) => {
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      if (error !== undefined) p.reject(new Error(error));
      else p.resolve(move);
    });
    worker.on('error', (e) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    });
    worker.unref();
    return worker;
  }

  /** The move of bot `key` (kind, options) for the state's seat to move; the state stays the caller's. */
  choose(key, kind, options, state) {
    let worker = this.home.get(key);
    if (!worker) {
      worker = this.workers[this.nextWorker++ % this.workers.length];
      this.home.set(key, worker);
    }
    const id = this.nextId++;
    const bytes = state.toBytes();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, key, kind, options, bytes });
    });
  }

  /** Frees bot `key` in its worker (its match is over). */
  forget(key) {
    const worker = this.home.get(key);
    if (!worker) return;
    this.home.delete(key);
    worker.postMessage({ forget: true, key });
  }

  close() {
    for (const w of this.workers) w.terminate();
  }
}
