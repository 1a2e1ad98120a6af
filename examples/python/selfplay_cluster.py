#!/usr/bin/env python3
"""Self-play farmed out over a Dask cluster (dask.distributed).

Two kinds of work, both cut into tasks of --batch games:

- random playouts (the default): each task makes the starting state from the
  game, the options and its seed, plays its first game move by move from
  Python (a seeded random choice among the legal moves) and the rest inside
  the library with boardrules.playout_random (one call, the Python lock
  released);
- a bot match (--match): the search bot of examples/python/mcts.py
  (SearchBot) against its random bot (RandomBot), one seeded game after the
  other, the search bot's seat going round the table from game to game.

A task carries everything it needs: the game's name, the options text, the
game indices and their seeds. It sends back statistics (games, wins per seat,
moves), the record of every game played move by move (State.to_record, or
boardrules.write_record with bindings older than it) and that game's final
state as a binary snapshot (State.to_bytes). Nothing else crosses the network.

Determinism: every seed is derived from --seed and the index of the game (a
match) or of the task (random playouts, whose batch call seeds its i-th game
from the task's seed and i), never from a worker or a clock; the results are
put back in task order before they are added up. The combined statistics, and
the digest of every record and snapshot, depend only on the game, the
options, --seed, --games and --batch: not on the number of workers nor on the
order in which tasks finish.

    selfplay_cluster.py [--game G] [--options O] [--games N] [--batch N]
                        [--workers N | --scheduler tcp://HOST:8786]
                        [--seed N] [--match [--iterations N]] [--json]
                        [--save DIR]

By default a LocalCluster of --workers processes (one thread each) is
started; --scheduler connects to a running scheduler instead (started with
dask-scheduler, its workers with dask-worker; see doc/scaling.md); --workers 0
runs every task in this process, without Dask. The library and its Python
module must be importable on every worker; this file and mcts.py are sent to
the workers (a worker plugin, UploadFile).
"""

import argparse
import hashlib
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boardrules  # noqa: E402
import mcts  # noqa: E402  (examples/python/mcts.py: SearchBot, RandomBot)

MASK63 = (1 << 63) - 1


def derive_seed(base, index, stream=0):
    """A 63-bit seed for game or task ``index`` of a run seeded ``base``
    (SplitMix64 over the three numbers): the same everywhere, whatever
    worker computes it."""
    x = (base * 0x9E3779B97F4A7C15 + index * 0xBF58476D1CE4E5B9
         + stream * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (x ^ (x >> 31)) & MASK63


def with_seed(options, seed):
    """The options text with the state's seed added."""
    return "%s,seed=%d" % (options, seed) if options else "seed=%d" % seed


# ----------------------------------------------------------------------
# The plan: a list of tasks, each a small dict (game, options, seeds).

def plan(game, options, games, batch, seed, match=False, iterations=300):
    """The tasks of a run, in order. Checks the game and the options here,
    before anything is sent to a worker."""
    if games < 1 or batch < 1:
        raise ValueError("--games and --batch must be at least 1")
    if "seed=" in (options or "").replace(" ", ""):
        raise ValueError("the options must not set seed: it comes from --seed")
    g = boardrules.game(game)
    g.check_options(with_seed(options, 0))
    tasks = []
    for k, first in enumerate(range(0, games, batch)):
        n = min(batch, games - first)
        task = {"kind": "match" if match else "random", "index": k, "game": g.name,
                "options": options or "", "first": first, "count": n}
        if match:
            task["iterations"] = iterations
            task["seeds"] = [derive_seed(seed, first + i) for i in range(n)]
        else:
            task["seeds"] = [derive_seed(seed, k)]
        tasks.append(task)
    return tasks


# ----------------------------------------------------------------------
# What runs on a worker. Plain functions of plain data: Dask pickles the
# task dict to the worker and the result dict back.

def _play_out(state, choose, moves):
    """Plays ``state`` to its end, asking ``choose(state)`` for the players'
    moves (chance nodes, under chance=explicit, are resolved from the
    state's own seeded generator); collects the moves applied in ``moves``
    (what write_record wants)."""
    while not state.is_terminal:
        if state.is_chance_node:
            move = state.resolve_chance()
            moves.append(move)
            continue
        move = choose(state)
        state.apply(move)
        moves.append(move)


def _record(state, moves, tags):
    """The game's record: State.to_record writes it from the state's
    history; bindings without it have write_record replay the moves."""
    if hasattr(state, "to_record"):
        return state.to_record(tags)
    return boardrules.write_record(state.game, state.options, moves)


def _player_moves(state):
    """Moves made by players (not chance) so far: what playout_random's
    total_moves counts."""
    return sum(1 for h in state.history() if h.player != boardrules.PLAYER_CHANCE)


def _scores(state):
    """Each seat's share of the game: a winner gets 1/len(winners), and a
    game without a winner counts as shared by everyone (so a two-player
    game scores as mcts.py counts it, (return + 1) / 2)."""
    winners = state.winners()
    n = state.num_players
    if not winners:
        return [1.0 / n] * n
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]


def run_random_task(task):
    """Random playouts: the first game move by move (record and snapshot
    kept), the others in one playout_random call."""
    seed = task["seeds"][0]
    start = boardrules.game(task["game"]).new_state(with_seed(task["options"], seed))
    n = start.num_players
    rng = random.Random(seed)
    state = start.clone()
    moves = []
    _play_out(state, lambda s: rng.choice(s.legal_moves()), moves)
    wins = [1 if seat in state.winners() else 0 for seat in range(n)]
    total_moves = _player_moves(state) - _player_moves(start)
    if task["count"] > 1:
        batch = boardrules.playout_random(start, task["count"] - 1,
                                          derive_seed(seed, 0, stream=1))
        wins = [a + b for a, b in zip(wins, batch.wins)]
        total_moves += batch.total_moves
    return {"index": task["index"], "games": task["count"], "wins": wins,
            "moves": total_moves,
            "records": [_record(state, moves, [("event", "random playout")])],
            "snapshots": [state.to_bytes()],
            "worker": os.getpid()}


def run_match_task(task):
    """Bot match: SearchBot (mcts.py) in one seat, RandomBot in the others,
    for each game of the task."""
    g = boardrules.game(task["game"])
    result = {"index": task["index"], "games": task["count"], "wins": None, "moves": 0,
              "search_score": 0.0, "random_score": 0.0, "records": [], "snapshots": [],
              "returns": [], "worker": os.getpid()}
    for i, seed in enumerate(task["seeds"]):
        state = g.new_state(with_seed(task["options"], seed))
        n = state.num_players
        seat = (task["first"] + i) % n               # the search bot's seat
        bots = [mcts.RandomBot(derive_seed(seed, s, stream=2)) for s in range(n)]
        bots[seat] = mcts.SearchBot(task["iterations"], derive_seed(seed, 0, stream=3))
        moves = []
        _play_out(state, lambda s: bots[s.current_player].choose(s), moves)
        scores = _scores(state)
        if result["wins"] is None:
            result["wins"] = [0] * n
        for s in state.winners():
            result["wins"][s] += 1
        result["moves"] += _player_moves(state)
        result["search_score"] += scores[seat]
        result["random_score"] += sum(scores) - scores[seat]
        result["returns"].append([seat] + list(state.returns()))
        tags = [("seat%d" % s, "mcts" if s == seat else "random") for s in range(n)]
        tags.append(("event", "mcts %d iterations against random" % task["iterations"]))
        result["records"].append(_record(state, moves, tags))
        result["snapshots"].append(state.to_bytes())
    return result


def run_task(task):
    """The one function the workers run. ``cpu``: the CPU time the task
    took in its worker (reported, not part of the statistics)."""
    cpu = time.process_time()
    result = run_match_task(task) if task["kind"] == "match" else run_random_task(task)
    result["cpu"] = time.process_time() - cpu
    return result


def worker_info():
    """What a worker runs: its library, for the check that all are alike."""
    return {"library": boardrules.version(), "python": sys.version.split()[0]}


# ----------------------------------------------------------------------
# Putting the results together, in task order.

def combine(tasks, results):
    """The statistics of a run from its results, taken in task order (so
    the order in which they came back does not matter), with a SHA-256
    digest over every record and snapshot."""
    by_index = {r["index"]: r for r in results}
    if sorted(by_index) != [t["index"] for t in tasks]:
        raise RuntimeError("results missing or duplicated")
    first = tasks[0]
    digest = hashlib.sha256()
    stats = {"mode": first["kind"], "game": first["game"], "options": first["options"],
             "games": 0, "tasks": len(tasks), "wins": None, "moves": 0,
             "records": 0}
    if first["kind"] == "match":
        stats.update(iterations=first["iterations"], search_score=0.0, random_score=0.0,
                     returns=[])
    for t in tasks:
        r = by_index[t["index"]]
        stats["games"] += r["games"]
        stats["moves"] += r["moves"]
        stats["wins"] = list(r["wins"]) if stats["wins"] is None else \
            [a + b for a, b in zip(stats["wins"], r["wins"])]
        for rec, snap in zip(r["records"], r["snapshots"]):
            digest.update(rec.encode("utf-8"))
            digest.update(len(snap).to_bytes(8, "little"))
            digest.update(snap)
        stats["records"] += len(r["records"])
        if first["kind"] == "match":
            stats["search_score"] += r["search_score"]
            stats["random_score"] += r["random_score"]
            stats["returns"].extend(r["returns"])
    stats["moves_per_game"] = round(stats["moves"] / stats["games"], 6)
    stats["digest"] = digest.hexdigest()
    return stats


# ----------------------------------------------------------------------
# Running the plan: in this process, or over a Dask client.

def run_here(tasks):
    """Every task in this process, one after the other (no Dask)."""
    return [run_task(t) for t in tasks]


def make_client(workers=2, scheduler=None):
    """A Dask client: connected to ``scheduler`` (an address such as
    tcp://host:8786), or to a new LocalCluster of ``workers`` processes with
    one thread each (they inherit this process's environment: PYTHONPATH,
    LD_LIBRARY_PATH). Also sends this file and mcts.py to the workers."""
    import warnings
    # Tornado's notice about Dask's event loop set-up, not ours to fix.
    warnings.filterwarnings("ignore", "make_current is deprecated", DeprecationWarning)
    from dask.distributed import Client, LocalCluster
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    # Workers need mcts.py (imported by name inside the task functions) and,
    # when this file is imported as a module, this file too. A plugin (not
    # Client.upload_file) under a fixed name: workers that join later get
    # the files as well, and runs against a long-lived scheduler replace the
    # files rather than pile up copies.
    from distributed.diagnostics.plugin import UploadFile
    for path in (mcts.__file__, os.path.abspath(__file__)):
        client.register_worker_plugin(UploadFile(path),
                                      name="boardrules-" + os.path.basename(path))
    return client


def close_client(client):
    cluster = client.cluster
    client.close()
    if cluster is not None:
        cluster.close()


def run_dask(client, tasks, progress=None):
    """Every task on the cluster; returns the results as they came back."""
    from dask.distributed import as_completed
    info = client.run(worker_info)
    if not info:
        raise RuntimeError("the cluster has no workers")
    libraries = {v["library"] for v in info.values()}
    if len(libraries) > 1:
        raise RuntimeError("the workers load different libraries: %s"
                           % ", ".join(sorted(libraries)))
    if boardrules.version() not in libraries:
        raise RuntimeError("the workers load library %s, this process %s"
                           % (libraries.pop(), boardrules.version()))
    futures = client.map(run_task, tasks, pure=False)
    results = []
    for future in as_completed(futures):
        results.append(future.result())
        future.release()
        if progress:
            progress(len(results), len(tasks))
    return results


def main(argv=None, client=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tsuro")
    parser.add_argument("--options", default="", help="game options, without seed")
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--batch", type=int,
                        help="games per task (default 1000; a match: 2)")
    parser.add_argument("--workers", type=int, default=2,
                        help="LocalCluster worker processes (0: no Dask, this process)")
    parser.add_argument("--scheduler", help="address of a running scheduler (tcp://HOST:PORT)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", action="store_true",
                        help="mcts.py's search bot against its random bot")
    parser.add_argument("--iterations", type=int, default=300,
                        help="search iterations per move (--match)")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--save", metavar="DIR",
                        help="write each record (.rec) and final snapshot (.state) in DIR")
    args = parser.parse_args(argv)
    if args.batch is None:
        args.batch = 2 if args.match else 1000
    if not 0 <= args.seed <= MASK63:
        parser.error("--seed must be in 0 .. 2^63-1")
    try:
        tasks = plan(args.game, args.options, args.games, args.batch, args.seed,
                     args.match, args.iterations)
    except (ValueError, boardrules.Error) as e:
        parser.error(str(e))

    start = time.perf_counter()
    if client is None and args.workers == 0 and not args.scheduler:
        where, results = "this process", run_here(tasks)
    else:
        own = client is None
        if own:
            if args.workers < 1 and not args.scheduler:
                parser.error("--workers must be at least 1 (0: without Dask)")
            client = make_client(args.workers, args.scheduler)
        try:
            setup = time.perf_counter() - start
            workers = len(client.scheduler_info()["workers"])
            where = "%d Dask worker%s at %s" % (workers, "" if workers == 1 else "s",
                                                client.scheduler.address)
            start = time.perf_counter()
            results = run_dask(client, tasks)
        finally:
            if own:
                close_client(client)
        print("cluster ready in %.1f s" % setup, file=sys.stderr)
    seconds = time.perf_counter() - start
    stats = combine(tasks, results)

    if args.save:
        os.makedirs(args.save, exist_ok=True)
        for r in sorted(results, key=lambda r: r["index"]):
            for j, (rec, snap) in enumerate(zip(r["records"], r["snapshots"])):
                name = os.path.join(args.save, "task%05d-%03d" % (r["index"], j))
                with open(name + ".rec", "w", encoding="utf-8") as f:
                    f.write(rec)
                with open(name + ".state", "wb") as f:
                    f.write(snap)

    run = {"where": where, "seconds": round(seconds, 3),
           "games_per_second": round(stats["games"] / seconds, 1) if seconds > 0 else None,
           "workers_used": len({r["worker"] for r in results}),
           "task_cpu_seconds": round(sum(r["cpu"] for r in results), 3)}
    if args.json:
        print(json.dumps({"statistics": stats, "run": run}, indent=1))
    else:
        print("%s, options %r: %d games in %d tasks on %s, %.2f s (%.0f games/s), "
              "%.2f s CPU in the tasks"
              % (stats["game"], stats["options"], stats["games"], stats["tasks"], where,
                 seconds, run["games_per_second"] or 0, run["task_cpu_seconds"]))
        print("wins per seat %s, %.2f moves per game, %d records kept"
              % (stats["wins"], stats["moves_per_game"], stats["records"]))
        if args.match:
            print("score: mcts %.1f, random %.1f (%d iterations per move)"
                  % (stats["search_score"], stats["random_score"], args.iterations))
        print("digest of the records and snapshots: %s" % stats["digest"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
