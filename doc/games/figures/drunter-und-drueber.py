#!/usr/bin/env python3
"""How the designed content of Drunter & Drüber plays: figures from bot games.

Plays N games with `brules play drunter-und-drueber --bots` (greedy bots,
seeds SEED..SEED+N-1), replays each record through the Python bindings and
counts: seat balance, game length, how often each rule fires (votes held and
passed, ballots with and without cards, jein declarations, bridges passed,
crews leaving, tiles left unlaid, the tie-break), buildings and toilets
covered, the points of each building type, and in the pro variant how each
task card fares. The figures in doc/games/drunter-und-drueber.md come from
this script.

Run from the build folder:
    bindings/uninstalled-env python3 SRC/doc/games/figures/drunter-und-drueber.py \
        examples/brules/brules 300 players=3 [SEED] [variant=pro]
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

import boardrules

GAME = "drunter-und-drueber"
BUILDINGS = ["town-hall", "school", "fire-station", "inn", "museum", "church"]


def play(brules, options, seed, path):
    subprocess.run([brules, "play", GAME, "--bots", "--seed", str(seed), "-o", options,
                    "--record", path], check=True, stdout=subprocess.DEVNULL)
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    header = dict(l.split(" ", 1) for l in lines[:2])
    return header["options"], lines[2:]


def replay(options, moves, count):
    state = boardrules.State(GAME, options)
    for text in moves:
        word = text.split()[0]
        count["move " + word] += 1
        if text.startswith("vote"):
            count["ballots with cards" if text != "vote none" else "ballots without cards"] += 1
            count["vote cards played"] += len(text.split()) - 1 if text != "vote none" else 0
        state.apply(state.move_from_text(text))
    return state


def study(brules, games, options, first_seed):
    count = collections.Counter()
    wins = collections.Counter()
    lengths, type_points, task_stats = [], collections.defaultdict(list), collections.defaultdict(
        lambda: [0, 0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            opts, moves = play(brules, options, first_seed + i, os.path.join(tmp, "g.rec"))
            state = replay(opts, moves, count)
            snap = json.loads(state.to_json())["state"]
            n = state.num_players
            lengths.append(len(moves))
            result = snap["result"]
            for p in result["winners"]:
                wins[p] += 1
            if len(result["winners"]) > 1:
                count["shared wins"] += 1
            points = result["points"]
            top = max(points)
            if points.count(top) > 1 and len(result["winners"]) == 1:
                count["ties broken"] += 1
            tallies = snap["tallies"]
            count["votes"] += tallies["votes"]
            count["games with a vote"] += tallies["votes"] > 0
            count["votes passed"] += tallies["passed"]
            count["bridges passed"] += tallies["bridges"]
            count["tiles laid"] += len(snap["laid"])
            count["crews out at the end"] += sum(1 for c in snap["crews"] if not c["in"])
            count["games ending with every crew out"] += all(not c["in"] for c in snap["crews"])
            for c in snap["crews"]:
                count["crew out: " + c["path"]] += not c["in"]
            if "buildings" in snap:
                for p in range(n):
                    type_points[snap["buildings"][p]].append(points[p])
            else:
                for p in range(n):
                    chosen = snap["tasks"][p][snap["choices"][p] - 1]
                    st = task_stats[chosen]
                    st[0] += 1
                    st[1] += points[p]
                    st[2] += p in result["winners"]
    return count, wins, lengths, type_points, task_stats


def main():
    brules, games, options = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    count, wins, lengths, type_points, task_stats = study(brules, games, options, seed)
    n = boardrules.State(GAME, options).num_players
    print(f"{GAME} {options}: {games} games, greedy bots, seeds {seed}..{seed + games - 1}")
    print("wins per seat (shared wins count for each): " +
          ", ".join(f"{p}: {100.0 * wins[p] / games:.1f}%" for p in range(n)))
    print(f"player moves per game: {sum(lengths) / games:.1f} "
          f"(shortest {min(lengths)}, longest {max(lengths)})")
    per_game = ["tiles laid", "votes", "votes passed", "bridges passed", "crews out at the end",
                "ballots with cards", "ballots without cards", "vote cards played", "move jein"]
    for key in per_game:
        print(f"  {key} per game: {count[key] / games:.2f}")
    for key in ["games with a vote", "games ending with every crew out", "shared wins", "ties broken"]:
        print(f"  {key}: {100.0 * count[key] / games:.1f}% of games")
    print("  crews out at the end, by path: " + ", ".join(
        f"{p} {100.0 * count['crew out: ' + p] / games:.0f}%" for p in ["road", "wall1", "river", "wall2"]))
    if type_points:
        print("  average points by building card: " + ", ".join(
            f"{b} {sum(v) / len(v):.1f}" for b, v in sorted(type_points.items())))
    for card, (times, pts, won) in sorted(task_stats.items()):
        print(f"  task {card}: chosen {times}x, {pts / times:.1f} points, won {100.0 * won / times:.0f}%")


if __name__ == "__main__":
    main()
