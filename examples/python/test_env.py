"""Tests of boardrules.env.AECEnv (boardrules.AECEnv), the PettingZoo-style environment.

Run by `make check` through bindings/uninstalled-env; exits non-zero on
failure. Every registered game is played to the end through agent_iter()
with random legal moves, checking at each step what the environment promises:
the action mask is the legal moves, the observation fits its space, the
rewards summed over the game are the library's returns, terminated agents
step with None and leave, an illegal action raises with the library's
reason, and reset(seed) gives the same game again.
"""

import sys
import unittest
import warnings

try:
    import numpy as np
except ImportError:     # the environment's tensors are numpy arrays
    print("numpy (python3-numpy) is not installed: test skipped")
    sys.exit(77)        # SKIP for the automake test driver

import boardrules
import boardrules.env as boardrules_env
from boardrules.env import AECEnv, Box, Dict, Discrete

MAX_STEPS = 50_000      # far beyond any game's max_game_length here
# The mask is int8 when the environment is PettingZoo's (pettingzoo and
# gymnasium importable), uint8 standalone; bindings/python/test_pettingzoo.py
# runs PettingZoo's own tests on it.
MASK_DTYPE = np.int8 if boardrules_env.PETTINGZOO else np.uint8


def play_through(test, env, seed, check=True):
    """Plays one game of ``env`` through agent_iter() with masked random
    actions; checks every step when ``check``. Returns (summed rewards per
    agent, the returns, the moves applied)."""
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed * 31 + i)
    state = env.game_state
    totals = {a: 0.0 for a in env.possible_agents}
    visited_after_end = []
    moves = []
    steps = 0
    for agent in env.agent_iter(MAX_STEPS):
        steps += 1
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        test.assertFalse(truncation)
        if check:
            space = env.observation_space(agent)
            test.assertIs(space, env.observation_space(agent))
            test.assertTrue(space.contains(observation), agent)
            test.assertEqual(observation["observation"].shape, space["observation"].shape)
            test.assertEqual(observation["observation"].dtype, np.float32)
            test.assertEqual(observation["action_mask"].dtype, MASK_DTYPE)
            test.assertEqual(observation["action_mask"].shape, (env.facts.move_space,))
        if termination:
            test.assertTrue(state.is_terminal)
            test.assertEqual(observation["action_mask"].sum(), 0)
            test.assertEqual(info["returns"], list(state.returns()))
            visited_after_end.append(agent)
            env.step(None)
            test.assertNotIn(agent, env.agents)
            continue
        test.assertFalse(state.is_terminal)
        test.assertEqual(env.agent_name_mapping[agent], state.current_player)
        test.assertEqual(reward, 0)
        mask = observation["action_mask"]
        if check:
            test.assertEqual(np.flatnonzero(mask).tolist(), state.legal_moves())
            for other in env.agents:
                if other != agent:
                    test.assertEqual(env.observe(other)["action_mask"].sum(), 0)
            np.testing.assert_array_equal(
                observation["observation"],
                state.observation_tensor(env.agent_name_mapping[agent]))
        action = env.action_space(agent).sample(mask)
        test.assertTrue(env.action_space(agent).contains(action))
        test.assertEqual(mask[action], 1)
        env.step(action)
        moves.append(action)
    test.assertLess(steps, MAX_STEPS, "the game did not end")
    test.assertEqual(env.agents, [])
    test.assertEqual(sorted(visited_after_end), sorted(env.possible_agents))
    return totals, list(state.returns()), moves


class TestEveryGame(unittest.TestCase):
    def test_whole_games(self):
        for g in boardrules.games():
            with self.subTest(game=g.name):
                env = AECEnv(g)
                facts = g.facts()
                self.assertEqual(env.possible_agents,
                                 ["player_%d" % i for i in range(facts.num_players)])
                self.assertEqual(env.action_space("player_0").n, facts.move_space)
                self.assertEqual(env.observation_space("player_0")["observation"].shape,
                                 tuple(facts.tensor_shape))
                for seed in (1, 2):
                    totals, returns, _ = play_through(self, env, seed)
                    for agent, total in totals.items():
                        self.assertEqual(total, returns[env.agent_name_mapping[agent]],
                                         (g.name, seed, agent))

    def test_reset_is_reproducible(self):
        for g in boardrules.games():
            with self.subTest(game=g.name):
                env = AECEnv(g)
                first = play_through(self, env, 5, check=False)
                json_first = env.game_state.to_json()
                again = play_through(self, env, 5, check=False)
                self.assertEqual(first, again)
                self.assertEqual(env.game_state.to_json(), json_first)
                other = AECEnv(g.name)
                self.assertEqual(play_through(self, other, 5, check=False), first)
                # reset(seed) starts the game new_state(seed=...) starts.
                env.reset(seed=5)
                self.assertEqual(env.game_state.to_json(),
                                 g.new_state(seed=5).to_json())

    def test_reset_without_seed(self):
        env = AECEnv("tsuro", players=2, seed=9)
        env.reset()                              # the constructor's seed
        self.assertEqual(env.game_state.to_json(),
                         boardrules.game("tsuro").new_state(players=2, seed=9).to_json())
        env.reset()                              # then seeds drawn from np_random
        second = env.game_state.to_json()
        env2 = AECEnv("tsuro", players=2, seed=9)
        env2.reset()
        env2.reset()
        self.assertEqual(env2.game_state.to_json(), second)
        env.reset(seed=3)
        env.reset()
        env2.reset(seed=3)
        env2.reset()
        self.assertEqual(env.game_state.to_json(), env2.game_state.to_json())


class TestCycle(unittest.TestCase):
    def setUp(self):
        self.env = AECEnv("tsuro", {"players": 2})
        self.env.reset(seed=11)

    def test_before_reset(self):
        env = AECEnv("tsuro")
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])
        with self.assertRaises(RuntimeError):
            env.step(0)
        with self.assertRaises(RuntimeError):
            env.last()
        with self.assertRaises(RuntimeError):
            env.observe("player_0")

    def test_after_reset(self):
        env = self.env
        self.assertEqual(env.agents, ["player_0", "player_1"])
        self.assertEqual(env.num_agents, 2)
        self.assertEqual(env.max_num_agents, 2)
        self.assertIn(env.agent_selection, env.agents)
        for d in (env.rewards, env._cumulative_rewards):
            self.assertEqual(d, {"player_0": 0, "player_1": 0})
        self.assertEqual(env.terminations, {"player_0": False, "player_1": False})
        self.assertEqual(env.truncations, {"player_0": False, "player_1": False})
        self.assertEqual(env.infos, {"player_0": {}, "player_1": {}})
        self.assertIs(env.unwrapped, env)
        _, _, _, _, info = env.last()
        self.assertEqual(info, {})
        observation, *_ = env.last(observe=False)
        self.assertIsNone(observation)

    def test_illegal_action_raises(self):
        env = self.env
        state = env.game_state
        agent, before = env.agent_selection, state.to_json()
        mask = env.observe(agent)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        reason = state.check(illegal)
        self.assertIsNotNone(reason)
        with self.assertRaises(boardrules.IllegalMoveError) as caught:
            env.step(illegal)
        self.assertIn(reason, str(caught.exception))
        for bad in (-1, env.facts.move_space, 2 ** 40):
            with self.assertRaises(boardrules.IllegalMoveError):
                env.step(bad)
        with self.assertRaises(ValueError):
            env.step(None)                       # None only for terminated agents
        with self.assertRaises(TypeError):
            env.step(1.5)
        self.assertEqual(state.to_json(), before)    # nothing changed
        self.assertEqual(env.agent_selection, agent)
        self.assertEqual(env._cumulative_rewards, {"player_0": 0, "player_1": 0})
        env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy ints and texts work
        legal = env.game_state.legal_moves()[0]
        env.step(env.game_state.move_to_text(legal))

    def test_terminated_agents_step_with_none(self):
        env = self.env
        for agent in env.agent_iter():
            observation, _, termination, _, _ = env.last()
            if termination:
                break
            env.step(env.action_space(agent).sample(observation["action_mask"]))
        self.assertTrue(all(env.terminations.values()))
        agent = env.agent_selection
        with self.assertRaises(ValueError):
            env.step(0)
        self.assertIn(agent, env.agents)
        env.step(None)
        self.assertNotIn(agent, env.agents)
        self.assertNotIn(agent, env.rewards)
        env.step(None)
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])

    def test_agent_iter_max_iter(self):
        self.assertEqual(len(list(self.env.agent_iter(3))), 3)   # no step: same agent
        self.assertEqual(list(self.env.agent_iter(0)), [])

    def test_other_players_and_options(self):
        env = AECEnv("tsuro", "players=3,edition=kosmos")
        env.reset(seed=1)
        self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2"])
        env.reset(seed=1, options={"players": 4})      # this game only
        self.assertEqual(len(env.agents), 4)
        self.assertEqual(env.game_state.num_players, 4)
        self.assertIn("edition=kosmos", env.game_state.options)
        env.reset(seed=1)
        self.assertEqual(len(env.agents), 3)
        totals, returns, _ = play_through(self, env, 4)
        self.assertEqual([totals[a] for a in env.possible_agents], returns)

    def test_bad_options(self):
        with self.assertRaises(boardrules.OptionError) as caught:
            AECEnv("tsuro", chance="explicit")
        self.assertIn("chance=auto", str(caught.exception))
        with self.assertRaises(boardrules.OptionError):
            AECEnv("tsuro", "chance=explicit")
        AECEnv("tsuro", chance="auto")
        with self.assertRaises(boardrules.OptionError):
            self.env.reset(options="chance=explicit")
        with self.assertRaises(boardrules.OptionError):
            AECEnv("tsuro", players=99)
        with self.assertRaises(boardrules.OptionError):
            AECEnv("tsuro", colour="red")
        with self.assertRaises(boardrules.OptionError):
            AECEnv("tsuro", seed=-1)
        with self.assertRaises(boardrules.UnknownGameError):
            AECEnv("no-such-game")
        with self.assertRaises(TypeError):
            AECEnv(42)
        with self.assertRaises(ValueError):
            AECEnv("tsuro", render_mode="rgb_array")
        with self.assertRaises(ValueError):
            self.env.reset(seed=1, options={"seed": 2})

    def test_reset_seed_is_an_int(self):
        # Issue 21: reset(seed=1.5) silently played seed 1 (int(1.5)).
        env = AECEnv("tsuro", players=2)
        env.reset(seed=4)
        before = env.game_state.to_json()
        for bad in (1.5, 1.0, float("nan"), True, False, np.bool_(True), np.float64(2.0),
                    "1", b"1", [1]):
            with self.assertRaises(TypeError, msg=repr(bad)) as caught:
                env.reset(seed=bad)
            self.assertIn("int", str(caught.exception))
            self.assertEqual(env.game_state.to_json(), before, "the game is unchanged")
        for bad in (-1, 2 ** 64):
            with self.assertRaises(boardrules.OptionError):
                env.reset(seed=bad)
        # given as an option the seed is text, and "1.5" or "true" is no seed
        for bad in (1.5, True):
            with self.assertRaises(boardrules.OptionError):
                env.reset(options={"seed": bad})
            with self.assertRaises(boardrules.OptionError):
                AECEnv("tsuro", seed=bad)
        # ints of every kind with __index__ still pass
        for good in (np.int64(7), np.uint64(2 ** 64 - 1), 2 ** 64 - 1, 0):
            env.reset(seed=good)
            self.assertEqual(env.seed_used, int(good))
        env.reset(seed=np.int64(7))
        self.assertEqual(env.game_state.to_json(),
                         boardrules.game("tsuro").new_state(players=2, seed=7).to_json())

    def test_reset_option_keys_the_game_does_not_know(self):
        # PettingZoo's tools pass keys of their own (api_test: {"options": 1}):
        # ignored with a warning there; standalone they are mistakes.
        if boardrules_env.PETTINGZOO:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                self.env.reset(seed=1, options={"options": 1})
            self.assertIn("options", str(caught[0].message))
            self.assertEqual(len(self.env.agents), 2)
        else:
            with self.assertRaises(boardrules.OptionError) as caught:
                self.env.reset(seed=1, options={"options": 1})
            self.assertIn("'options'", str(caught.exception))

    def test_render(self):
        env = AECEnv("tsuro", players=2, render_mode="ansi")
        env.reset(seed=2)
        seat = env.agent_name_mapping[env.agent_selection]
        self.assertEqual(env.render(), env.game_state.render_view(seat))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.assertIsNone(self.env.render())
        self.assertTrue(caught)
        for agent in env.agent_iter():
            observation, _, termination, _, _ = env.last()
            if termination:
                break
            env.step(env.action_space(agent).sample(observation["action_mask"]))
        self.assertEqual(env.render(), env.game_state.render())
        env.close()
        self.assertEqual(env.agents, [])
        with self.assertRaises(RuntimeError):
            env.render()

    def test_reexport(self):
        self.assertIs(getattr(boardrules, "AECEnv", AECEnv), AECEnv)
        self.assertIn("tsuro", str(self.env))


class TestSpaces(unittest.TestCase):
    def test_discrete(self):
        space = Discrete(5, seed=3)
        self.assertEqual((space.n, space.shape, space.dtype), (5, (), np.int64))
        draws = [space.sample() for _ in range(50)]
        self.assertTrue(all(space.contains(d) for d in draws))
        space.seed(3)
        self.assertEqual([space.sample() for _ in range(50)], draws)
        mask = np.array([0, 1, 0, 1, 0], np.uint8)
        self.assertEqual({space.sample(mask) for _ in range(50)}, {1, 3})
        self.assertEqual(space.sample(np.zeros(5, np.uint8)), 0)
        with self.assertRaises(ValueError):
            space.sample(np.ones(4, np.uint8))
        for x in (0, 4, np.int64(2), np.array(3)):
            self.assertIn(x, space)
        for x in (-1, 5, 1.0, "1", True, None, np.array([1])):
            self.assertNotIn(x, space)
        self.assertEqual(Discrete(5), space)
        with self.assertRaises(ValueError):
            Discrete(0)

    def test_box_and_dict(self):
        box = Box(0, 1, (2, 3), np.float32, seed=1)
        sample = box.sample()
        self.assertEqual((sample.shape, sample.dtype), ((2, 3), np.float32))
        self.assertTrue(box.contains(sample))
        self.assertFalse(box.contains(sample + 2))
        self.assertFalse(box.contains(np.zeros((3, 2), np.float32)))
        self.assertFalse(box.contains(np.zeros((2, 3), np.float64)))
        unbounded = Box(-np.inf, np.inf, (4,), np.float32, seed=1)
        self.assertTrue(unbounded.contains(unbounded.sample()))
        ints = Box(0, 1, (7,), np.uint8, seed=1)
        self.assertTrue(ints.contains(ints.sample()))
        with self.assertRaises(ValueError):
            box.sample(mask=np.ones((2, 3)))
        space = Dict({"observation": box, "action_mask": ints}, seed=4)
        value = space.sample()
        self.assertTrue(space.contains(value))
        self.assertFalse(space.contains({"observation": value["observation"]}))
        space.seed(4)
        again = space.sample()
        np.testing.assert_array_equal(value["observation"], again["observation"])
        self.assertIs(space["observation"], box)
        self.assertEqual(list(space.keys()), ["observation", "action_mask"])

    def test_module_exports(self):
        for name in boardrules_env.__all__:
            self.assertTrue(hasattr(boardrules_env, name))


if __name__ == "__main__":
    unittest.main(verbosity=1)
