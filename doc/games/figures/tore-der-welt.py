#!/usr/bin/env python3
"""How the designed content of Die Tore der Welt plays: figures from bot games.

Plays N games with `brules play tore-der-welt --bots` (greedy bots, seeds
SEED..SEED+N-1), replays each record through the Python bindings and counts:
seat balance, final points, game length, how often each action card is
played or laid unused, the orientations chosen, penalties incurred at the
chapter ends, projects completed, houses built, patients cared for, the
tower's spire. The figures in doc/games/tore-der-welt.md come from this
script.

Run from the build folder:
    bindings/uninstalled-env python3 SRC/doc/games/figures/tore-der-welt.py \
        examples/brules/brules 100 players=3 [SEED]
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

import boardrules

GAME = "tore-der-welt"


def play(brules, options, seed, path):
    subprocess.run([brules, "play", GAME, "--bots", "--seed", str(seed), "-o", options,
                    "--record", path], check=True, stdout=subprocess.DEVNULL)
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    header = dict(l.split(" ", 1) for l in lines[:2])
    return header["options"], lines[2:]


def penalties(snap):
    return [sum(1 for v in p["penalties"].values() if v) for p in snap["players"]]


def replay(options, moves, count):
    state = boardrules.State(GAME, options)
    chapter = 1
    for text in moves:
        words = text.split()
        if words[0] in ("play", "lay", "orient"):
            count[" ".join(words[:2])] += 1
        elif words[0] in ("care", "house", "donate", "redeem", "build"):
            count[words[0]] += 1
        state.apply(state.move_from_text(text))
        snap = json.loads(state.to_json())["state"]
        if snap["chapter"] != chapter:
            chapter = snap["chapter"]
            count["penalties"] += sum(penalties(snap))
    return json.loads(state.to_json())["state"]


def main():
    brules, games, options = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    count, wins, vps, lengths = collections.Counter(), collections.Counter(), [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            opts, moves = play(brules, options, seed + i, os.path.join(tmp, "g.rec"))
            snap = replay(opts, moves, count)
            lengths.append(len(moves))
            for p in snap["result"]["winners"]:
                wins[p] += 1
            vps.extend(snap["result"]["vp"])
            count["shared wins"] += len(snap["result"]["winners"]) > 1
            count["projects done"] += sum(1 for p in snap["projects"] if p["done"])
            count["projects in play"] += sum(1 for p in snap["projects"] if p["in_play"])
            count["spire"] += any(p["metal"] for p in snap["projects"])
            count["houses"] += sum(1 for q in snap["plots"] if q is not None)
            count["patients cured"] += sum(1 for q in snap["places"] if q["state"] == "cured")
    n = len(snap["players"])
    print(f"{GAME} {options}: {games} games, greedy bots, seeds {seed}..{seed + games - 1}")
    print("wins per seat (shared wins count for each): " +
          ", ".join(f"{p}: {100.0 * wins[p] / games:.1f}%" for p in range(n)))
    print(f"shared wins: {100.0 * count['shared wins'] / games:.1f}% of games")
    print(f"final VP: mean {sum(vps) / len(vps):.1f}, lowest {min(vps)}, highest {max(vps)}")
    print(f"player moves per game: {sum(lengths) / games:.1f} "
          f"(shortest {min(lengths)}, longest {max(lengths)})")
    for key in ["penalties", "projects in play", "projects done", "spire", "houses",
                "patients cured", "care", "donate", "build", "redeem"]:
        print(f"  {key} per game: {count[key] / games:.2f}")
    cards = sorted(k for k in count if k.startswith(("play ", "lay ")))
    print("  cards per game: " + ", ".join(f"{k} {count[k] / games:.2f}" for k in cards))
    print("  orientations per game: " + ", ".join(
        f"{v} {count['orient ' + str(v)] / games:.2f}" for v in range(4)))


if __name__ == "__main__":
    main()
