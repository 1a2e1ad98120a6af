"""The package's types: mypy --strict and mypy.stubtest.

Run by `make check` through bindings/uninstalled-env (so that mypy finds
the package of the build tree through PYTHONPATH); skipped (exit 77) when
mypy cannot be imported (Debian: mypy).

- `mypy --strict -p boardrules`: the stubs (__init__.pyi) and the
  annotated environment (env.py) are clean themselves;
- `mypy --strict` on a program that uses the API and AECEnv the way the
  docs show reports nothing;
- on a program with type errors in its use of AECEnv, mypy reports each
  of them (so the clean result above is not mypy seeing Any everywhere);
- `python3 -m mypy.stubtest boardrules`: the stubs agree with what the
  package has at run time.
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

# This folder holds the package's sources without its extension: import the
# package built or installed (bindings/uninstalled-env puts it on PYTHONPATH).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

try:
    import mypy.api  # noqa: F401
except ImportError:
    print("SKIP: mypy cannot be imported (Debian: apt-get install mypy)")
    sys.exit(77)                # SKIP for the automake test driver

import boardrules  # noqa: E402

# A typed user of the package: the loop of doc/environment.md and more.
GOOD = '''
from typing import Dict, List, Optional

import numpy as np
import numpy.typing as npt

import boardrules
from boardrules.env import AECEnv


def play(game: str, seed: int) -> Dict[str, float]:
    env = AECEnv(game, players=2, render_mode="ansi")
    env.reset(seed=seed, options={"players": 2})
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    totals: Dict[str, float] = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action: Optional[int] = None
            returns: List[float] = info["returns"]
            assert len(returns) == env.max_num_agents
        else:
            mask: npt.NDArray[np.int8] = observation["action_mask"]
            tensor = observation["observation"]
            assert tensor.shape == env.facts.tensor_shape
            action = env.action_space(agent).sample(mask)
        env.step(action)
    text: Optional[str] = env.render()
    assert text is not None
    state: boardrules.State = env.game_state
    assert state.is_terminal and env.seed_used == seed
    env.close()
    return totals


def first_move_text(name: str) -> str:
    state = boardrules.game(name).new_state(players=2, seed=1)
    facts: boardrules.Facts = state.facts()
    assert facts.move_space > 0
    return state.move_to_text(state.legal_moves()[0])


print(play("tsuro", 1), first_move_text("tsuro"))
'''

# Each line marked "# error" must be reported by mypy.
BAD = '''
import boardrules

env = boardrules.AECEnv("tsuro", players=2)
env.reset(seed="7")                                         # error
name: int = env.agent_selection                             # error
observation, reward, termination, truncation, info = env.last(observe=False)
observation["action_mask"]                                  # error
env.action_space("player_0").sample().upper()               # error
env.step(1.5)                                               # error
boardrules.AECEnv(42)                                       # error
'''


class Mypy(unittest.TestCase):
    """mypy --strict in a scratch folder, whose cache the runs share (the
    first run reads numpy's stubs, the others reuse them)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="br-typing-")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_mypy(self, *args):
        """(status, output) of mypy --strict with ``args``."""
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-color-output",
             "--show-error-codes", *args],
            cwd=self.tmp.name, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            universal_newlines=True, timeout=600)
        return done.returncode, done.stdout

    def program(self, name, text):
        """Writes the program ``text`` to ``name`` in the scratch folder."""
        with open(os.path.join(self.tmp.name, name), "w") as f:
            f.write(textwrap.dedent(text))
        return name

    def test_the_package_itself(self):
        status, out = self.run_mypy("-p", "boardrules")
        self.assertEqual(status, 0, out)
        self.assertIn("Success", out)

    def test_a_program_using_aecenv_is_clean(self):
        status, out = self.run_mypy(self.program("good.py", GOOD))
        self.assertEqual(status, 0, out)
        # and it runs
        done = subprocess.run([sys.executable, os.path.join(self.tmp.name, "good.py")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout)

    def test_type_errors_are_reported(self):
        path = self.program("bad.py", BAD)
        status, out = self.run_mypy(path)
        self.assertEqual(status, 1, out)
        wanted = {i + 1 for i, line in enumerate(textwrap.dedent(BAD).splitlines())
                  if line.endswith("# error")}
        reported = {int(line.split(":")[1]) for line in out.splitlines()
                    if line.startswith(path + ":") and ": error:" in line}
        self.assertEqual(reported, wanted, out)


class Stubtest(unittest.TestCase):

    def test_stubs_agree_with_the_runtime(self):
        with tempfile.TemporaryDirectory(prefix="br-stubtest-") as tmp:
            done = subprocess.run(
                [sys.executable, "-m", "mypy.stubtest", "--concise", "boardrules"],
                cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                universal_newlines=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout)


if __name__ == "__main__":
    print("mypy for", boardrules.__file__)
    unittest.main(verbosity=2)
