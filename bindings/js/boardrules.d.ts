// Type declarations of boardrules.mjs: libboardrules in WebAssembly.
// Moves are numbers (0..moveSpace-1) or their texts; seats are 0..n-1, and
// -1 is a spectator where a view is asked for.

/** The library's status codes (include/boardrules/status.h). */
export declare const Status: Readonly<{
  OK: 0; ARGUMENT: -1; NO_MEMORY: -2; OPTION: -3; ILLEGAL_MOVE: -4; PARSE: -5; SNAPSHOT: -6;
  BUFFER: -7; WRONG_PHASE: -8; UNKNOWN_GAME: -9; RECORD: -10; GAME_MISMATCH: -11;
  INCOMPLETE: -12; UNKNOWN_BOT: -13;
}>;

export type StatusName = keyof typeof Status;

/** A failed call of the library: its status code and its reason. */
export declare class BoardrulesError extends Error {
  readonly name: 'BoardrulesError';
  /** The status code, a value of Status. */
  readonly status: number;
  /** The status's name, e.g. 'ILLEGAL_MOVE'. */
  readonly statusName: StatusName;
  /** The library's reason, e.g. 'tile 7 is not in your hand'. */
  readonly reason: string;
}

/** `currentPlayer` at a chance node. */
export declare const PLAYER_CHANCE: -1;
/** `currentPlayer` once the game is over. */
export declare const PLAYER_TERMINAL: -2;

export type Move = number | string;
/** Options as the library's string ("players=3,seed=7") or as an object. */
export type Options = string | Record<string, string | number | bigint | boolean>;

export interface OptionSpec {
  key: string;
  kind: 'integer' | 'choice' | 'flag';
  default: string | null;
  min: number;
  max: number;
  choices: string[];
  help: string | null;
}

export interface Facts {
  numPlayers: number;
  hasChance: boolean;
  hasHiddenInformation: boolean;
  returnsKind: 'zero-sum' | 'general';
  moveSpace: number;
  maxLegalMoves: number;
  maxGameLength: number;
  tensorShape: number[];
  tensorSize: number;
  informationStateSize: number;
}

export interface ChanceOutcome { move: number; probability: number; }
export interface HistoryEntry { move: number; /** -1 for a chance outcome */ player: number; }
/** A game record as br_record_to_json() gives it (doc/records.md). */
export interface ParsedRecord {
  format: 'libboardrules-record';
  version: number;
  game: string;
  options: string;
  tags: [string, string][];
  /** `player`: the seat, 'chance' for `chance:` lines, null in a version 1 record. */
  moves: { player: number | 'chance' | null; move: string; line: number }[];
  /** The result line's text ("1 -1"), or null when there is none. */
  result: string | null;
}

/** A game of the registry. Games are static: nothing to free. */
export declare class Game {
  private constructor();
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly optionsHelp: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultPlayers: number;
  /** A new state; the caller frees it. */
  newState(options?: Options): State;
  /** null when the options are valid, else the reason. */
  checkOptions(options?: Options): string | null;
  optionSpecs(): OptionSpec[];
  facts(options?: Options): Facts;
}

/**
 * One position of one game, in wasm memory: call free() when done with it
 * (a FinalizationRegistry frees forgotten states, late). Every result is a
 * JavaScript copy that the caller owns.
 */
export declare class State {
  private constructor();
  readonly game: Game;
  readonly numPlayers: number;
  /** The seat to move; PLAYER_CHANCE (-1) at a chance node; PLAYER_TERMINAL (-2) at the end. */
  readonly currentPlayer: number;
  readonly isTerminal: boolean;
  readonly isChanceNode: boolean;
  readonly moveNumber: number;
  readonly moveSpace: number;
  /** The complete options string. */
  readonly options: string;
  readonly lastError: string;
  readonly historyStart: number;
  readonly isFreed: boolean;

  free(): void;
  clone(): State;
  /** Makes this state a copy of `other` (same game and player count), without allocating. */
  copyFrom(other: State): this;
  legalMoves(): number[];
  /** null when the move is legal, else the reason why not. */
  check(move: Move): string | null;
  isLegal(move: Move): boolean;
  /** Throws BoardrulesError ('ILLEGAL_MOVE') and leaves the state unchanged when illegal. */
  apply(move: Move): this;
  /** The move's text; with a seat, as that seat may see it. */
  moveToText(move: Move, seat?: number): string;
  moveFromText(text: string): number;
  chanceOutcomes(): ChanceOutcome[];
  /** Resolves the chance node from the state's seeded generator; the outcome. */
  resolveChance(): number;
  /** A state `seat` cannot tell apart from this one, hidden parts drawn from `seed`; free it. */
  resample(seat: number, seed: number | bigint): State;
  returns(): number[];
  scores(): number[];
  /** The winning seats of a finished game. */
  winners(): number[];
  /** The JSON snapshot (Boardrules.load reads it). */
  save(): string;
  /** The binary snapshot (Boardrules.fromBytes reads it). */
  toBytes(): Uint8Array;
  observe(seat?: number): Record<string, unknown>;
  observeJson(seat?: number): string;
  render(seat?: number): string;
  facts(): Facts;
  observationTensor(seat?: number): Float32Array;
  informationStateTensor(seat?: number): Float32Array;
  legalMask(): Uint8Array;
  history(): HistoryEntry[];
  historyText(index: number, seat?: number): string;
  historyEffects(index: number, seat?: number): Array<Record<string, unknown>>;
  /** The game record (doc/records.md), with extra tags. */
  toRecord(tags?: Record<string, string | number>): string;
}

/** A bot of the library (`new br.Bot(kind, options)`); free() it when done. */
export interface Bot {
  readonly kind: string;
  /** The bot's move for the seat to move (not applied). */
  choose(state: State): number;
  free(): void;
}

/** The loaded library (one wasm instance). */
export declare class Boardrules {
  private constructor();
  readonly version: string;
  /** The size of the wasm memory in bytes. */
  readonly memoryBytes: number;
  /** The bots' class of this loaded library: `new br.Bot('greedy', {seed: 3})`. */
  readonly Bot: new (kind: string, options?: Options) => Bot;
  games(): Game[];
  game(name: string | Game): Game;
  newState(game: string | Game, options?: Options): State;
  load(json: string): State;
  fromBytes(bytes: Uint8Array | ArrayBuffer): State;
  replayRecord(record: string): State;
  recordVerdict(record: string): Record<string, unknown>;
  /** A record read without replaying it; throws on a line that does not read. */
  parseRecord(record: string): ParsedRecord;
  botKinds(): string[];
  statusString(status: number): string;
}

export interface LoadOptions {
  /** The .wasm module's bytes or URL; default: boardrules_core.wasm beside the module. */
  wasm?: Uint8Array | ArrayBuffer | URL | string;
}

export declare function loadBoardrules(options?: LoadOptions): Promise<Boardrules>;
export default loadBoardrules;
