"""Test of examples/python/selfplay_cluster.py: self-play on a LocalCluster
of 2 worker processes gives the same combined statistics, records and
snapshots as the same seeds played in this one process, for random playouts
and for a short bot match (mcts.py's search bot against its random bot).

Run by `make check` through bindings/uninstalled-env (the worker processes
inherit PYTHONPATH and LD_LIBRARY_PATH); exits 77 (skipped) when
dask.distributed cannot be imported (Debian: python3-distributed). One
cluster serves every test; the run takes about 15 s on a busy 2-core machine,
most of it starting the cluster.
"""

import contextlib
import io
import json
import os
import random
import sys
import time
import unittest

try:
    import dask.distributed  # noqa: F401
except ImportError as e:
    print("SKIP: dask.distributed cannot be imported (%s)" % e, file=sys.stderr)
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boardrules  # noqa: E402
import selfplay_cluster as sc  # noqa: E402  (next to this file)

WORKERS = 2


class TestSelfplayCluster(unittest.TestCase):
    client = None

    @classmethod
    def setUpClass(cls):
        start = time.perf_counter()
        cls.client = sc.make_client(WORKERS)
        cls.client.wait_for_workers(WORKERS, timeout=60)
        print("\ncluster of %d workers ready in %.1f s"
              % (WORKERS, time.perf_counter() - start), file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        if cls.client is not None:
            sc.close_client(cls.client)

    def compare(self, tasks):
        """Runs ``tasks`` on the cluster and here; the combined statistics
        must be equal, whatever the order the results came back in."""
        start = time.perf_counter()
        far = sc.run_dask(self.client, tasks)
        middle = time.perf_counter()
        near = sc.run_here(tasks)
        print("%s: %d tasks, cluster %.2f s, one process %.2f s"
              % (tasks[0]["kind"], len(tasks), middle - start,
                 time.perf_counter() - middle), file=sys.stderr)
        self.assertEqual(len({r["worker"] for r in far}), WORKERS,
                         "the tasks did not spread over both workers")
        self.assertEqual({r["worker"] for r in near}, {os.getpid()})
        stats = sc.combine(tasks, near)
        self.assertEqual(sc.combine(tasks, far), stats)
        shuffled = list(far)
        random.Random(5).shuffle(shuffled)
        self.assertEqual(sc.combine(tasks, shuffled), stats)
        self.assertEqual(sc.combine(tasks, list(reversed(near))), stats)
        self.check_records(far)
        return stats

    def check_records(self, results):
        """Every record replays to the game its snapshot holds."""
        for r in results:
            self.assertEqual(len(r["records"]), len(r["snapshots"]))
            for rec, snap in zip(r["records"], r["snapshots"]):
                final = boardrules.State.from_bytes(snap)
                replayed = boardrules.replay_record(rec)
                self.assertTrue(final.is_terminal)
                self.assertEqual(replayed.returns(), final.returns())
                self.assertEqual([tuple(h) for h in replayed.history()],
                                 [tuple(h) for h in final.history()])

    def test_random_playouts(self):
        tasks = sc.plan("tsuro", "", games=6000, batch=500, seed=7)
        stats = self.compare(tasks)
        self.assertEqual(stats["games"], 6000)
        self.assertEqual(stats["records"], 12)
        self.assertGreaterEqual(sum(stats["wins"]), 6000)   # shared wins count twice
        # Other seeds, other games.
        other = sc.combine(tasks, sc.run_here(sc.plan("tsuro", "", 6000, 500, seed=8)))
        self.assertNotEqual(other["digest"], stats["digest"])
        self.assertNotEqual(other["wins"], stats["wins"])

    def test_random_playouts_explicit_chance(self):
        # Chance outcomes applied as moves by the tasks, and written in the records.
        tasks = sc.plan("tuer-an-tuer", "chance=explicit", games=400, batch=50, seed=3)
        stats = self.compare(tasks)
        self.assertEqual(stats["games"], 400)

    def test_bot_match(self):
        tasks = sc.plan("tsuro", "", games=4, batch=1, seed=2, match=True, iterations=40)
        stats = self.compare(tasks)
        self.assertEqual(stats["games"], 4)
        self.assertEqual(stats["records"], 4)
        self.assertEqual(stats["search_score"] + stats["random_score"], 4)
        self.assertEqual([seat for seat, *_ in stats["returns"]], [0, 1, 0, 1])

    def test_command_line_with_scheduler_address(self):
        # The command line against a running scheduler (this test's cluster,
        # given by address as a remote one would be) and without Dask.
        common = ["--game", "tsuro", "--games", "3000", "--batch", "250", "--seed", "11",
                  "--json"]
        runs = []
        for where in (["--scheduler", self.client.scheduler.address], ["--workers", "0"]):
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(sc.main(common + where), 0)
            runs.append(json.loads(out.getvalue()))
        self.assertEqual(runs[0]["statistics"], runs[1]["statistics"])
        self.assertEqual(runs[0]["run"]["where"],
                         "%d Dask workers at %s" % (WORKERS, self.client.scheduler.address))
        self.assertEqual(runs[1]["run"]["where"], "this process")

    def test_plan_checks(self):
        with self.assertRaises(ValueError):
            sc.plan("tsuro", "seed=3", 10, 5, 1)
        with self.assertRaises(boardrules.OptionError):
            sc.plan("tsuro", "players=99", 10, 5, 1)
        with self.assertRaises(boardrules.UnknownGameError):
            sc.plan("no-such-game", "", 10, 5, 1)
        tasks = sc.plan("tsuro", "", games=10, batch=4, seed=1)
        self.assertEqual([t["count"] for t in tasks], [4, 4, 2])
        self.assertEqual([t["seeds"] for t in tasks],
                         [[sc.derive_seed(1, k)] for k in range(3)])


if __name__ == "__main__":
    start = time.perf_counter()
    result = unittest.main(exit=False, verbosity=2).result
    print("%.1f s" % (time.perf_counter() - start), file=sys.stderr)
    sys.exit(0 if result.wasSuccessful() else 1)
