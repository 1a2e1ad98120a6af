#!/usr/bin/env python3
"""Drunter & Drüber: how often a reading of the rule text decides something.

Issue 22. For seeds SEED..SEED+N-1 each game is played twice by `brules play
--bots --bot BOT`, once under each value of one option, and replayed through
the Python bindings:

- `revote` (basic variant): revote=changed (the default) against revote=laid;
- `choice` (pro variant): choice=crew-out (the default) against choice=no-tile.

Bots decide from the seed and what they see, so the two games of a seed are
the same until the first position where the option makes a difference;
"games that differ" counts the seeds where the moves differ, "winners
differ" those where the result does. Besides, each game is searched for
what the reading touches: lays proposed again after a vote with cards
(revote=changed), games ending with lays voted down while vote cards are
left, votes in which every ballot is empty while some seat held cards (the
mover's pass in effect; apart: votes failed because nobody held a card),
passed votes, crews on the board at the end, and in the pro variant the
moment of the choice and the moment when a path first took no tile of any
hand (found by loading each position with choice=no-tile: the loader
refuses a position where that path exists and nobody has chosen).

Run from the build folder (SRC: the source folder):
    bindings/uninstalled-env python3 SRC/doc/games/figures/drunter-und-drueber-readings.py \
        examples/brules/brules greedy|planner revote|choice GAMES players=3 [SEED]
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

import boardrules

GAME = "drunter-und-drueber"
VALUES = {"revote": ("changed", "laid"), "choice": ("crew-out", "no-tile")}


def play(brules, bot, options, seed, path):
    subprocess.run([brules, "play", GAME, "--bots", "--bot", bot, "--seed", str(seed), "-o",
                    options, "--record", path], check=True, stdout=subprocess.DEVNULL)
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    opts = next(l.split(" ", 1)[1] for l in lines if l.startswith("options "))
    moves = []
    for l in lines:
        if l.split(" ", 1)[0] in ("record", "game", "options", "result"):
            continue
        moves.append(l.split(": ", 1)[1] if ": " in l else l)
    return opts, moves


def snap(state):
    return json.loads(state.to_json())["state"]


def needs_vote(state, move):
    c = state.clone()
    c.apply(move)
    return snap(c)["phase"] == "vote"


def no_tile_holds(state):
    """Whether some path takes no tile of any hand (choice=no-tile's trigger)
    in a position where nobody has chosen: the loader refuses it then."""
    text = state.to_json().replace("choice=crew-out", "choice=no-tile")
    try:
        boardrules.State.from_json(text)
    except boardrules.Error as e:
        if "choices" in str(e):
            return True
        raise
    return False


def walk(options, moves, pro):
    """Replays one game; returns what the readings touch in it."""
    state = boardrules.State(GAME, options)
    f = collections.Counter()
    stretch = {}   # lay voted down since the last tile -> card epoch then
    epoch = 0      # votes with cards played so far
    votes_seen = 0
    pending = None
    before_lay = None
    choice_tiles = None
    tiles = 0
    for text in moves:
        word = text.split()[0]
        is_lay = word in ("road", "wall1", "river", "wall2")
        if is_lay:
            before_lay = state.clone()
            if text in stretch:
                f["proposed again after cards were played"] += 1
        state.apply(text)
        if word == "choose" and choice_tiles is None:
            s = snap(state)
            choice_tiles = len(s["laid"])
            f["choice with every crew in"] += all(c["in"] for c in s["crews"])
        if not (is_lay or word in ("vote", "jein")):
            continue
        s = snap(state)
        if is_lay:
            pending = text
        if s["tallies"]["votes"] > votes_seen:  # a vote has ended
            votes_seen = s["tallies"]["votes"]
            v = s["last_vote"]
            played = any(v["ballots"][p] for p in range(len(v["ballots"])))
            epoch += played
            if v["passed"]:
                f["votes passed"] += 1
                f["proposed again, passed"] += pending in stretch
            else:
                f["votes failed"] += 1
                if not played and not any(snap(before_lay)["votes"]):
                    f["failed, nobody holding vote cards"] += 1
                elif not played:
                    f["failed with every ballot empty"] += 1
                    moves_there = before_lay.legal_moves()
                    f["... of them the mover had only lays needing a vote"] += all(
                        needs_vote(before_lay, m) for m in moves_there)
                stretch[pending] = epoch
        if len(s["laid"]) > tiles:  # a tile was laid
            tiles = len(s["laid"])
            stretch = {}
            if pro and "first no-tile path at tile" not in f and s["phase"] == "lay" and \
                    all(c is None for c in s["choices"]) and no_tile_holds(state):
                f["first no-tile path at tile"] = tiles
            if "first crew out at tile" not in f and not all(c["in"] for c in s["crews"]):
                f["first crew out at tile"] = tiles
    s = snap(state)
    f["crews in at the end"] = sum(c["in"] for c in s["crews"])
    f["ended with lays voted down"] = bool(s["rejected"])
    f["... and vote cards left"] = bool(s["rejected"]) and any(s["votes"])
    f["... voted down before a vote with cards"] = any(stretch.get(l, epoch) < epoch
                                                       for l in s["rejected"])
    if choice_tiles is not None:
        f["choice at tile"] = choice_tiles
    return f, s["result"]["winners"], s["choices"] if pro else None


def main():
    brules, bot, key, games, options = sys.argv[1:6]
    games = int(games)
    first = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    pro = key == "choice"
    base = options + (",variant=pro" if pro else "")
    total = [collections.Counter(), collections.Counter()]
    cmp = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(first, first + games):
            runs = []
            for k, value in enumerate(VALUES[key]):
                opts, moves = play(brules, bot, f"{base},{key}={value}", seed,
                                   os.path.join(tmp, f"{k}.rec"))
                f, winners, choices = walk(opts, moves, pro)
                runs.append((moves, winners, choices, f))
                t = total[k]
                for name, v in f.items():
                    if name in ("first no-tile path at tile", "first crew out at tile",
                                "choice at tile"):
                        continue
                    t[name] += v
                t["games with every crew out"] += f["crews in at the end"] == 0
                t["games proposing again"] += f["proposed again after cards were played"] > 0
                t["games with an all-empty failed vote"] += f["failed with every ballot empty"] > 0
                if pro:
                    nt, co = f.get("first no-tile path at tile"), f.get("first crew out at tile")
                    t["games with a no-tile path"] += nt is not None
                    t["... before the first crew left"] += nt is not None and (co is None or nt < co)
                    t["... then no crew left: choice only at the end"] += nt is not None and co is None
                    if "choice at tile" in f:
                        t["sum of tiles at the choice"] += f["choice at tile"]
            cmp["games"] += 1
            cmp["moves differ"] += runs[0][0] != runs[1][0]
            cmp["winners differ"] += sorted(runs[0][1]) != sorted(runs[1][1])
            if pro:
                cmp["choices differ"] += runs[0][2] != runs[1][2]
    print(f"{GAME} {base}: {games} games, {bot} bots, seeds {first}..{first + games - 1}, "
          f"{key}={VALUES[key][0]} against {key}={VALUES[key][1]}")
    print("  " + ", ".join(f"{k}: {v}" for k, v in cmp.items()))
    for k, value in enumerate(VALUES[key]):
        print(f"  {key}={value}:")
        for name, v in sorted(total[k].items()):
            print(f"    {name}: {v}")


if __name__ == "__main__":
    main()
