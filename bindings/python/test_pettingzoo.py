"""PettingZoo's own conformance tests on boardrules.AECEnv, for every game.

Run by `make check` through bindings/uninstalled-env. PettingZoo and
Gymnasium are not Debian packages: when `pettingzoo` or `gymnasium` cannot
be imported the test is skipped (exit 77). BR_PETTINGZOO_PATH, a list of
folders separated by ':' (as PYTHONPATH), is put in front of the import
path first, for this test only; .ci/test-all sets it to the folders of
../shared/thirdparty when they exist (see bindings/README.md), and then a
failed import fails the test instead of skipping it.

For each game, with its default options and with its most players:
`api_test`, `seed_test`, `parallel_api_test` (through
`turn_based_aec_to_parallel`) and `render_test`, and `api_test` again
through the wrappers of PettingZoo's classic games
(TerminateIllegalWrapper, AssertOutOfBoundsWrapper, OrderEnforcingWrapper).
Then what the adapter promises beyond them: the class and spaces are
PettingZoo's and Gymnasium's, the int8 mask is the legal moves, and
reset(options=...) ignores keys the game does not know while the game's
own options still work.
"""

import contextlib
import functools
import io
import os
import sys
import unittest
import warnings

# This folder holds the package's sources without its extension: import the
# package built or installed (bindings/uninstalled-env puts it on PYTHONPATH).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

for folder in reversed(os.environ.get("BR_PETTINGZOO_PATH", "").split(os.pathsep)):
    if folder:
        sys.path.insert(0, folder)

try:
    import gymnasium
    import numpy as np
    import pettingzoo
    from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
except ImportError as e:
    if os.environ.get("BR_PETTINGZOO_PATH"):
        # The sources were given, so they must serve (Debian's python3-numpy,
        # python3-cloudpickle and python3-typing-extensions are needed too).
        print("FAIL: PettingZoo cannot be imported from BR_PETTINGZOO_PATH=%s: %s"
              % (os.environ["BR_PETTINGZOO_PATH"], e))
        sys.exit(1)
    print("SKIP: PettingZoo and Gymnasium cannot be imported (%s); give their "
          "sources in BR_PETTINGZOO_PATH" % e)
    sys.exit(77)                # SKIP for the automake test driver

import boardrules
import boardrules.env as boardrules_env


def option_sets(game):
    """The option sets tested for ``game``: its defaults, and its most
    players when that is another number."""
    sets = [{}]
    if game.max_players != game.default_players:
        sets.append({"players": game.max_players})
    return sets


def classic_wrapped(env):
    """``env`` wrapped as PettingZoo wraps its classic board games."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class PettingZooSuite(unittest.TestCase):
    """PettingZoo's four tests on every game; their own warnings (e.g.
    that a dict observation is not a numpy array) are not failures."""

    def setUp(self):
        self.quiet = contextlib.ExitStack()
        self.quiet.enter_context(warnings.catch_warnings())
        warnings.simplefilter("ignore")
        self.quiet.enter_context(contextlib.redirect_stdout(io.StringIO()))
        self.addCleanup(self.quiet.close)

    def each(self, check):
        """``check(make)`` for every game and option set, ``make`` making
        a new AECEnv of it (with keyword arguments such as render_mode)."""
        for game in boardrules.games():
            for options in option_sets(game):
                with self.subTest(game=game.name, **options):
                    check(functools.partial(boardrules.AECEnv, game.name, **options))

    def test_api_test(self):
        self.each(lambda make: api_test(make(), num_cycles=1000))

    def test_api_test_through_the_classic_wrappers(self):
        self.each(lambda make: api_test(classic_wrapped(make()), num_cycles=1000))

    def test_seed_test(self):
        self.each(lambda make: seed_test(make, num_cycles=500))

    def test_parallel_api_test(self):
        self.each(lambda make: parallel_api_test(turn_based_aec_to_parallel(make()),
                                                 num_cycles=1000))

    def test_render_test(self):
        self.each(render_test)


class Adapter(unittest.TestCase):
    """What boardrules.env promises when PettingZoo can be imported."""

    def test_class_and_spaces_are_pettingzoos(self):
        self.assertTrue(boardrules_env.PETTINGZOO)
        env = boardrules.AECEnv("tsuro", players=2)
        self.assertIsInstance(env, pettingzoo.AECEnv)
        env.reset(seed=3)
        for agent in env.possible_agents:
            space = env.observation_space(agent)
            self.assertIsInstance(space, gymnasium.spaces.Dict)
            self.assertIsInstance(space["observation"], gymnasium.spaces.Box)
            self.assertEqual(space["observation"].dtype, np.float32)
            self.assertEqual(space["action_mask"].dtype, np.int8)
            self.assertIsInstance(env.action_space(agent), gymnasium.spaces.Discrete)
            self.assertEqual(env.action_space(agent).n, env.facts.move_space)

    def test_mask_is_int8_and_the_legal_moves(self):
        for game in boardrules.games():
            with self.subTest(game=game.name):
                env = boardrules.AECEnv(game.name)
                env.reset(seed=11)
                for agent in env.agent_iter(200):
                    observation, _, termination, _, _ = env.last()
                    mask = observation["action_mask"]
                    self.assertEqual(mask.dtype, np.int8)
                    if termination:
                        self.assertEqual(int(mask.sum()), 0)
                        env.step(None)
                        continue
                    state = env.game_state
                    self.assertEqual(np.flatnonzero(mask).tolist(), state.legal_moves())
                    env.step(env.action_space(agent).sample(mask))

    def test_reset_ignores_unknown_option_keys(self):
        env = boardrules.AECEnv("tsuro", players=2)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            env.reset(seed=5, options={"options": 1, "render_fps": 4})
        self.assertEqual(len(env.agents), 2)
        self.assertEqual(len(caught), 1)
        self.assertIn("options, render_fps", str(caught[0].message))
        self.assertEqual(caught[0].filename, __file__)      # points at the caller
        first = env.game_state.to_json()
        env.reset(seed=5)
        self.assertEqual(env.game_state.to_json(), first)   # the same game as without them

    def test_reset_keeps_the_games_options(self):
        env = boardrules.AECEnv("tsuro", players=2, edition="kosmos")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.reset(seed=5, options={"players": 3, "options": 1})
        self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2"])
        self.assertEqual(env.game_state.num_players, 3)
        self.assertIn("edition=kosmos", env.game_state.options)
        env.reset(options={"seed": 8})
        self.assertEqual(env.seed_used, 8)
        with self.assertRaises(boardrules.OptionError):          # a known key, a bad value
            env.reset(options={"players": 99})
        with self.assertRaises(boardrules.OptionError):
            env.reset(options={"chance": "explicit"})
        with self.assertRaises(boardrules.OptionError):          # a string is the game's alone
            env.reset(options="colour=red")


if __name__ == "__main__":
    unittest.main(verbosity=2)
