#!/usr/bin/env python3
"""A Monte-Carlo tree search bot for Tsuro, played against a random bot.

The bot searches over information sets (single-observer ISMCTS): it may only
use what its seat sees. Each iteration draws a determinization, a full state
consistent with the bot's observation (State.resample), checks that it really
looks the same from the bot's seat (State.observe_json), then walks one shared tree
with UCB1 over the moves legal in that determinization, adds one node, and
finishes the game with random moves inside the library (playout_random, no
per-move calls from Python). The bot works on clones and never changes the
game it is asked about.

The match alternates seats over seeded games and prints the score; the exit
status is 0 when the search bot scores more than the random bot.

    python3 examples/python/mcts.py [--games N] [--iterations N] [--seed N]
"""

import argparse
import math
import random
import sys
import time

import boardrules

EXPLORATION = 0.7       # UCB1 constant for rewards in [0, 1]
PLAYOUTS_PER_LEAF = 2   # random games per new node (one batch call)


class Node:
    """A move in the search tree, shared by every determinization."""
    __slots__ = ("move", "mover", "children", "visits", "reward", "available")

    def __init__(self, move=None, mover=None):
        self.move = move          # the move that leads here (None at the root)
        self.mover = mover        # the seat that made it
        self.children = {}        # move -> Node
        self.visits = 0
        self.reward = 0.0         # summed reward of `mover`
        self.available = 0        # iterations in which this move was legal

    def ucb(self):
        return (self.reward / self.visits +
                EXPLORATION * math.sqrt(math.log(self.available) / self.visits))


class SearchBot:
    def __init__(self, iterations, seed):
        self.iterations = iterations
        self.rng = random.Random(seed)

    def choose(self, state):
        seat = state.current_player
        view = state.observe_json(seat)
        root_state = state.clone()            # never touch the caller's game
        scratch = root_state.clone()          # reused for every determinization
        root = Node()
        for _ in range(self.iterations):
            det = root_state.resample(seat, self.rng.getrandbits(63), into=scratch)
            if det.observe_json(seat) != view:
                raise AssertionError("a determinization shows the bot more than it saw")
            self.iterate(root, det)
        best = max(root.children.values(), key=lambda n: n.visits)
        return best.move

    def iterate(self, root, det):
        path = [root]
        node = root
        # Selection: while every legal move here has a node, follow UCB1.
        while not det.is_terminal:
            legal = det.legal_moves()
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = self.rng.choice(untried)      # expansion
                child = node.children[move] = Node(move, det.current_player)
                child.available = 1
                det.apply(move)
                path.append(child)
                break
            for m in legal:
                node.children[m].available += 1
            node = max((node.children[m] for m in legal), key=Node.ucb)
            det.apply(node.move)
            path.append(node)
        # Simulation inside the library, then back-propagation.
        result = boardrules.playout_random(det, PLAYOUTS_PER_LEAF, self.rng.getrandbits(63))
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.reward += result.wins[n.mover] / PLAYOUTS_PER_LEAF


class RandomBot:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, state):
        return self.rng.choice(state.legal_moves())


def play_game(bots, seed):
    """Plays one seeded game; returns the returns (+1 win, -1 loss, 0 shared)."""
    state = boardrules.game("tsuro").new_state(players=len(bots), seed=seed)
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    return state.returns()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=300, help="search iterations per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    score = {"mcts": 0.0, "random": 0.0}
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed * 1000 + g
        search, rand = SearchBot(args.iterations, seed), RandomBot(seed)
        mcts_seat = g % 2                      # alternate who begins
        bots = [search, rand] if mcts_seat == 0 else [rand, search]
        returns = play_game(bots, seed)
        # A win scores 1, a shared result (both out at once) 1/2 each.
        for name, seat in (("mcts", mcts_seat), ("random", 1 - mcts_seat)):
            score[name] += (returns[seat] + 1) / 2
        print("game %2d (seed %d, mcts is seat %d): returns %s" % (g + 1, seed, mcts_seat, returns))
    seconds = time.perf_counter() - start
    print("score: mcts %.1f, random %.1f over %d games (%d iterations per move, %.1f s)"
          % (score["mcts"], score["random"], args.games, args.iterations, seconds))
    if score["mcts"] <= score["random"]:
        print("the search bot did not beat the random bot", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
