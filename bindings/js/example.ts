// A TypeScript host of the package: `make check-wasm` type-checks it with
// tsc against boardrules.d.ts (tsconfig.json), nothing more.
import loadBoardrules, { BoardrulesError, Game, State, Status } from 'boardrules';

async function main(): Promise<void> {
  const br = await loadBoardrules();
  const games: Game[] = br.games();
  const state: State = br.newState(games[0], { players: 3, seed: 7, chance: 'auto' });
  const bot = new br.Bot('random', 'seed=1');
  try {
    while (!state.isTerminal) {
      const move: number = bot.choose(state);
      const text: string = state.moveToText(move, state.currentPlayer);
      state.apply(text);
    }
    const returns: number[] = state.returns();
    const tensor: Float32Array = state.observationTensor(0);
    const bytes: Uint8Array = state.toBytes();
    const copy: State = br.fromBytes(bytes);
    console.log(returns, tensor.length, copy.save() === state.save(), state.render(-1));
    copy.free();
    state.apply(0);
  } catch (e) {
    if (e instanceof BoardrulesError && e.status === Status.ILLEGAL_MOVE) {
      console.log(`${e.statusName}: ${e.reason}`);
    } else {
      throw e;
    }
  } finally {
    bot.free();
    state.free();
  }
}

void main();
