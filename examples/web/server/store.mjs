// The match store: one folder, two files per match.
//   <id>.record  the library's game record (doc/records.md), written as an
//                append-only journal: the header once, then one line per
//                history entry, each append fsync'd before the move is
//                acknowledged, so a crash loses no acknowledged move.
//   <id>.json    the seats (kinds and SHA-256 hashes of their tokens), written
//                once, atomically (temporary file, fsync, rename, fsync folder).
// Both are fsync'd, and the folder too, before the match's creation is answered.
// A record whose last line has no newline was cut by a crash during an
// append that was never acknowledged: loading drops that partial line.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const fsyncAsync = promisify(fs.fsync);

const ID_PATTERN = /^[a-z0-9]{8,32}$/;

/** True when `id` may name files in the store (no path separators, no dots). */
export function isValidMatchId(id) {
  return typeof id === 'string' && ID_PATTERN.test(id);
}

async function fsyncFolder(dir) {
  const handle = await fsp.open(dir, 'r');
  try { await handle.sync(); } finally { await handle.close(); }
}

/** Writes a file whole or not at all: a temporary file, fsync'd, then renamed over. */
async function writeDurably(file, text) {
  const tmp = `${file}.tmp`;
  const handle = await fsp.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(tmp, file);
}

export class MatchStore {
  /** @param {string} dir the data folder; made when missing. */
  constructor(dir) {
    this.dir = path.resolve(dir);
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.journals = new Map();   // id -> open file descriptor of the record
  }

  recordPath(id) { return path.join(this.dir, `${id}.record`); }
  metaPath(id) { return path.join(this.dir, `${id}.json`); }

  /** Writes a new match: its seats file and its record's first lines; resolves once both are durable. */
  async create(id, meta, recordStart) {
    if (!isValidMatchId(id)) throw new Error(`bad match id '${id}'`);
    await writeDurably(this.metaPath(id), JSON.stringify(meta) + '\n');
    await writeDurably(this.recordPath(id), recordStart);
    await fsyncFolder(this.dir);
    this.journals.set(id, fs.openSync(this.recordPath(id), 'a'));
  }

  /** Appends lines to a match's record and fsyncs them; returns once they are on disk. */
  append(id, lines) {
    if (lines.length === 0) return;
    const fd = this.journal(id);
    fs.writeSync(fd, lines.map((l) => l + '\n').join(''));
    fs.fsyncSync(fd);
  }

  /** Like append(), but the fsync runs on the thread pool: resolves once the lines are on disk. */
  async appendDurably(id, lines) {
    if (lines.length === 0) return;
    const fd = this.journal(id);
    fs.writeSync(fd, lines.map((l) => l + '\n').join(''));
    await fsyncAsync(fd);
  }

  journal(id) {
    let fd = this.journals.get(id);
    if (fd === undefined) {
      fd = fs.openSync(this.recordPath(id), 'a');
      this.journals.set(id, fd);
    }
    return fd;
  }

  /** Closes a match's journal (a finished match is appended to no more). */
  close(id) {
    const fd = this.journals.get(id);
    if (fd !== undefined) {
      fs.closeSync(fd);
      this.journals.delete(id);
    }
  }

  closeAll() {
    for (const id of [...this.journals.keys()]) this.close(id);
  }

  /**
   * Every match in the folder as {id, meta, record}, and the damaged ones as
   * {id, file, reason}; a damaged match never stops the others from loading.
   */
  readAll() {
    const matches = [];
    const damaged = [];
    for (const name of fs.readdirSync(this.dir).sort()) {
      if (!name.endsWith('.record')) continue;
      const id = name.slice(0, -'.record'.length);
      const file = path.join(this.dir, name);
      if (!isValidMatchId(id)) {
        damaged.push({ id, file, reason: 'the file name is not a match id' });
        continue;
      }
      try {
        const meta = JSON.parse(fs.readFileSync(this.metaPath(id), 'utf8'));
        let record = fs.readFileSync(file, 'utf8');
        const end = record.lastIndexOf('\n');
        if (end !== record.length - 1) {
          record = record.slice(0, end + 1);    // a torn, unacknowledged append
          fs.truncateSync(file, Buffer.byteLength(record));
        }
        matches.push({ id, meta, record });
      } catch (e) {
        damaged.push({ id, file, reason: e.message });
      }
    }
    return { matches, damaged };
  }
}
