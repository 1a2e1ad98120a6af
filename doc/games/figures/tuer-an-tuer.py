#!/usr/bin/env python3
"""How Tür an Tür plays between bots: the figures in doc/games/tuer-an-tuer.md.

Plays N games for each pairing of bots (seat 0 against seat 1, also with the
seats swapped), seeds SEED..SEED+N-1, through the Python bindings, and counts:
wins per seat, draws and games nobody won, how the games ended (a figure
reached the exit during play, or the final scoring decided), game length, how
often each scoring rule fired for a door card and what it gave, cat offers and
jumps, elevator cards laid, and what the final scoring gave.

The bots:
- random:  a uniformly random legal move;
- greedy:  as `brules selfplay --bot greedy` (examples/brules/bots.c): on a
           position resampled from its own view it tries every legal move and
           keeps the one after which its path position leads the other seat's
           most (a win or loss far above or below); ties at random;
- planner: the greedy bot looking at its whole turn: after a move that leaves
           it to decide again (the door card after an elevator card, jump or
           walk after a cat), it counts the best of its next two decisions
           too, as a person plans a turn.

Run from the build folder:
    bindings/uninstalled-env python3 SRC/doc/games/figures/tuer-an-tuer.py N [SEED] \
        [PAIRING ...]
PAIRING is bot0-bot1, e.g. greedy-greedy; default: every pairing below.
"""
import collections
import json
import random
import sys

import boardrules

GAME = "tuer-an-tuer"
PAIRINGS = ["greedy-greedy", "random-random", "greedy-random", "random-greedy",
            "planner-planner", "planner-greedy", "greedy-planner"]
PARTS = ["colour", "number", "ascending", "run", "different", "elevator"]


def judge(state, seat):
    """The greedy bot's value of a position for `seat` (bots.c judge())."""
    if state.is_terminal:
        return state.returns()[seat] * 1e9
    scores = state.scores()
    return scores[seat] - scores[1 - seat]


class Bot:
    def __init__(self, kind, seed):
        self.kind = kind
        self.rng = random.Random(seed)
        self.scratch = {}

    def _copy(self, depth, state):
        if depth not in self.scratch:
            self.scratch[depth] = state.clone()
        self.scratch[depth].copy_from(state)
        return self.scratch[depth]

    def _value(self, state, seat, depth):
        if depth == 0 or state.is_terminal or state.current_player != seat:
            return judge(state, seat)
        best = float("-inf")
        for move in state.legal_moves():
            trial = self._copy(depth, state)
            trial.apply(move)
            best = max(best, self._value(trial, seat, depth - 1))
        return best

    def choose(self, state):
        moves = state.legal_moves()
        if self.kind == "random" or len(moves) == 1:
            return self.rng.choice(moves)
        seat = state.current_player
        view = state.resample(seat, self.rng.getrandbits(64))
        depth = 2 if self.kind == "planner" else 0
        best, chosen, ties = float("-inf"), moves[0], 0
        for move in moves:
            trial = self._copy(3, view)
            trial.apply(move)
            value = self._value(trial, seat, depth)
            if value > best:
                best, chosen, ties = value, move, 1
            elif value == best:
                ties += 1
                if self.rng.randrange(ties) == 0:
                    chosen = move
        return chosen


def play(pairing, seed, count):
    kinds = pairing.split("-")
    state = boardrules.State(GAME, "seed=%d" % seed)
    bots = [Bot(kinds[p], seed * 2 + p) for p in range(2)]
    decisions = 0
    while not state.is_terminal:
        seat = state.current_player
        move = bots[seat].choose(state)
        text = state.move_to_text(move)
        state.apply(move)
        decisions += 1
        if text in ("jump", "walk"):
            count["cat offers"] += 1
            count["jumps"] += text == "jump"
        elif "@e" in text:
            count["elevator cards laid"] += 1
        elif "@" in text:
            count["door cards"] += 1
            last = json.loads(state.to_json())["state"]["last_score"]
            for part in PARTS:
                count["fires " + part] += last[part] > 0
                count["steps " + part] += last[part]
            count["steps total"] += last["total"]
    end = json.loads(state.to_json())["state"]
    count["decisions"] += decisions
    count["moves with chance"] += state.move_number
    winners = end["winners"]
    if winners[0] and winners[1]:
        count["draw"] += 1
    elif winners[0] or winners[1]:
        count["wins %d" % winners.index(True)] += 1
    else:
        count["nobody"] += 1
    if end["final"] is None:
        count["exit in play"] += 1
    else:
        count["final scoring"] += 1
        count["final steps"] += end["final"]["steps"]
        count["final steps 0"] += end["final"]["steps"] == 0
    count["elevator cards on the board"] += sum(e is not None for e in end["elevators"])
    if all(card is not None for card in end["board"]):
        # the 16th door card (seat 1's 8th) was laid: who won from there
        count["full board"] += 1
        if winners[0] != winners[1]:
            count["full board wins %d" % winners.index(True)] += 1


def report(pairing, games, seed, count):
    pct = lambda key: 100.0 * count[key] / games
    doors = max(count["door cards"], 1)
    print("%s: %d games, seeds %d..%d" % (pairing, games, seed, seed + games - 1))
    print("  seat 0 wins %.1f%%, seat 1 wins %.1f%%, draw %.1f%%, nobody %.1f%%"
          % (pct("wins 0"), pct("wins 1"), pct("draw"), pct("nobody")))
    print("  ended by an exit during play %.1f%%, by the final scoring %.1f%% "
          "(its steps: %.1f on average, 0 in %.1f%% of them)"
          % (pct("exit in play"), pct("final scoring"),
             count["final steps"] / max(count["final scoring"], 1),
             100.0 * count["final steps 0"] / max(count["final scoring"], 1)))
    print("  the board full at the end (16 door cards laid) in %.1f%% of games; won then by "
          "seat 0 in %.1f%%, by seat 1 in %.1f%% of all games"
          % (pct("full board"), pct("full board wins 0"), pct("full board wins 1")))
    print("  length: %.1f decisions (%.1f moves with the chance outcomes), %.1f door cards"
          % (count["decisions"] / games, count["moves with chance"] / games,
             count["door cards"] / games))
    print("  per game: %.2f elevator cards laid (%.2f on the board at the end), "
          "%.2f cat offers, %.2f jumps"
          % (count["elevator cards laid"] / games, count["elevator cards on the board"] / games,
             count["cat offers"] / games, count["jumps"] / games))
    print("  door cards: %.2f steps on average; rule fires (share of door cards, steps per "
          "door card):" % (count["steps total"] / doors))
    print("   " + ", ".join("%s %.1f%% %.2f" % (part, 100.0 * count["fires " + part] / doors,
                                                count["steps " + part] / doors)
                            for part in PARTS))


def main():
    games = int(sys.argv[1])
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    pairings = sys.argv[3:] or PAIRINGS
    for pairing in pairings:
        count = collections.Counter()
        for i in range(games):
            play(pairing, seed + i, count)
        report(pairing, games, seed, count)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
