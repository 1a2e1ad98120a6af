"""Test of examples/python/learn.py: a short fixed-seed training run must
raise the win rate against the random bot.

Run by `make check` through bindings/uninstalled-env; exits non-zero on
failure. The run is learn.py's default: 600 training games (lr 0.02), then
600 fixed evaluation games with the greedy policy, after 600 with the
untrained one (which is the random bot). It takes 15-17 s on this 2-core
machine with one other job running, up to 45 s with three.

Measured (2026-11-30) with these settings, for training seeds 1..8:

    seed      1      2      3      4      5      6      7      8
    before  0.507  0.507  0.507  0.507  0.507  0.507  0.507  0.507
    after   0.623  0.623  0.613  0.600  0.638  0.585  0.574  0.601
    rise    +.116  +.116  +.106  +.093  +.131  +.078  +.067  +.094

(before is the same for every seed: the same evaluation games, the same
random play). The rise is +0.100 on average, +0.067 at worst; longer
training does not raise it further (2500 games: 0.56-0.59 for the two
weakest seeds), as a linear look-ahead of one move finds little more against
a random Tsuro player (doc/environment.md). MARGIN is below the worst seed
by more than one standard error of the evaluation (0.02 over 600 games); the
run is deterministic for a given library and numpy (seeded generators only),
and the margin leaves room for floating-point sums that differ between
platforms and change a few decisions.
"""

import os
import sys
import time
import unittest

try:
    import numpy  # noqa: F401
except ImportError:
    print("numpy (python3-numpy) is not installed: test skipped")
    sys.exit(77)        # SKIP for the automake test driver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learn  # noqa: E402  (next to this file)

SEED = 1
EPISODES = learn.EPISODES      # 600
EVAL_GAMES = learn.EVAL_GAMES  # 600
MARGIN = 0.04


class TestLearn(unittest.TestCase):
    def test_win_rate_rises(self):
        start = time.perf_counter()
        before, after, _ = learn.run(EPISODES, SEED, EVAL_GAMES)
        print("\nwin rate against random: before %.3f, after %.3f (%.1f s)"
              % (before, after, time.perf_counter() - start), file=sys.stderr)
        # Untrained, the policy is the random bot: about one half.
        self.assertLess(abs(before - 0.5), 0.07)
        self.assertGreater(after, before + MARGIN)

    def test_command_line(self):
        self.assertEqual(learn.main(["--episodes", "2", "--eval-games", "2",
                                     "--min-gain", "-1", "--seed", "3"]), 0)
        self.assertEqual(learn.main(["--episodes", "0", "--eval-games", "2",
                                     "--min-gain", "2", "--sampled"]), 1)

    def test_untrained_policy_is_uniform(self):
        env = learn.make_env()
        policy = learn.LinearSoftmaxPolicy(env.facts.tensor_size)
        env.reset(seed=4)
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        moves, phi = policy.features(env, env.agent_name_mapping[agent], mask,
                                     learn.np.random.default_rng(0))
        self.assertEqual(moves.tolist(), env.game_state.legal_moves())
        self.assertEqual(phi.shape, (moves.size, env.facts.tensor_size))
        p = policy.distribution(phi)
        self.assertTrue(learn.np.allclose(p, 1 / moves.size))


if __name__ == "__main__":
    unittest.main(verbosity=1)
