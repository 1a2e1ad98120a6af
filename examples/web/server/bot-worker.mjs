// A bot thread: its own copy of the library, the bots of the matches the
// pool gives it (one Bot per match seat, kept between moves), and a state
// read from the binary snapshot for each question.
import { parentPort, workerData } from 'node:worker_threads';

const { loadBoardrules } = await import(workerData.packageUrl);
const br = await loadBoardrules();
const bots = new Map();   // "match:seat" -> Bot

parentPort.on('message', ({ id, key, kind, options, bytes, forget }) => {
  if (forget) {
    bots.get(key)?.free();
    bots.delete(key);
    return;
  }
  let state;
  try {
    let bot = bots.get(key);
    if (!bot) {
      bot = new br.Bot(kind, options);
      bots.set(key, bot);
    }
    state = br.fromBytes(bytes);
    parentPort.postMessage({ id, move: bot.choose(state) });
  } catch (e) {
    parentPort.postMessage({ id, error: e.reason ?? e.message });
  } finally {
    state?.free();
  }
});
