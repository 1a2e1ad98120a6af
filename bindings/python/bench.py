"""Speed of the Python binding on Tsuro (a benchmark, not a test).

1. Per-move calls: 1 million moves, each one legal_moves() + apply() (plus
   the is_terminal test of the loop), through the idiomatic layer and through
   the raw SWIG module.
2. The batch call playout_random(), in moves per second, against the same
   call made from C (bindings/bench_playout, when --c-bench gives its path).

Run from the build tree: make bench-bindings (or
bindings/uninstalled-env python3 bindings/python/bench.py).
"""

import argparse
import os
import subprocess
import sys
import time

# This folder holds the package's sources without its extension: import the
# package built or installed (bindings/uninstalled-env puts it on PYTHONPATH).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import boardrules  # noqa: E402
from boardrules import _core as boardrules_c  # noqa: E402


def per_move(target, players):
    """legal_moves + apply through the State class, `target` moves in all."""
    game = boardrules.game("tsuro")
    played = 0
    seed = 0
    start = time.perf_counter()
    while played < target:
        s = game.new_state(players=players, seed=seed)
        seed += 1
        while not s.is_terminal and played < target:
            moves = s.legal_moves()
            s.apply(moves[played % len(moves)])
            played += 1
    return played, time.perf_counter() - start


def per_move_raw(target, players):
    """The same loop on the raw SWIG functions (no idiomatic layer)."""
    c = boardrules_c
    game = c.br_game_find("tsuro")
    legal, apply_, terminal = c.br_state_legal_moves, c.br_state_apply, c.br_state_is_terminal
    played = 0
    seed = 0
    start = time.perf_counter()
    while played < target:
        _, s, _ = c.br_state_new(game, "players=%d,seed=%d" % (players, seed))
        capacity = c.br_state_max_legal_moves(s)
        seed += 1
        while not terminal(s) and played < target:
            _, moves = legal(s, capacity)
            apply_(s, moves[played % len(moves)])
            played += 1
    return played, time.perf_counter() - start


def batch(games, players, seed):
    s = boardrules.game("tsuro").new_state(players=players, seed=seed)
    start = time.perf_counter()
    result = boardrules.playout_random(s, games, seed)
    return result.total_moves, time.perf_counter() - start


def c_figures(path, games, players, seed):
    out = subprocess.run([path, str(games), str(players), str(seed)], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    figures = {}
    for line in out.splitlines():
        name, moves, seconds = line.split()
        figures[name] = (int(moves.split("=")[1]), float(seconds.split("=")[1]))
    return figures


def report(name, moves, seconds):
    print("%-22s %9d moves in %7.3f s = %6.2f M moves/s  (%.0f ns/move)"
          % (name, moves, seconds, moves / seconds / 1e6, seconds / moves * 1e9))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000000)
    parser.add_argument("--games", type=int, default=20000, help="games of the batch call")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--c-bench", help="path of bindings/bench_playout for the C figures")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each measurement; the fastest counts (the machine may be busy)")
    args = parser.parse_args()
    best = lambda f, *a: min((f(*a) for _ in range(args.repeat)), key=lambda r: r[1] / r[0])

    print("libboardrules %s, Python %s" % (boardrules.version(), sys.version.split()[0]))
    moves, seconds = best(per_move, args.moves, args.players)
    report("python per-move", moves, seconds)
    print("  1M per-move calls: %.2f s (target < 3 s): %s"
          % (seconds * 1e6 / moves, "ok" if seconds * 1e6 / moves < 3 else "SLOW"))
    report("python raw per-move", *best(per_move_raw, args.moves, args.players))

    py_moves, py_seconds = best(batch, args.games, args.players, args.seed)
    report("python batch", py_moves, py_seconds)
    if args.c_bench:
        runs = [c_figures(args.c_bench, args.games, args.players, args.seed)
                for _ in range(args.repeat)]
        report("c per-move", *min((r["c-per-move"] for r in runs), key=lambda m: m[1]))
        c_moves, c_seconds = min((r["c-batch"] for r in runs), key=lambda m: m[1])
        report("c batch", c_moves, c_seconds)
        ratio = (py_seconds / py_moves) / (c_seconds / c_moves)
        print("  batch from Python / from C: %.2fx (target within 2x): %s"
              % (ratio, "ok" if ratio <= 2 else "SLOW"))


if __name__ == "__main__":
    main()
