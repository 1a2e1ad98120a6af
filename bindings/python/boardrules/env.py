"""An environment over libboardrules in the shape of PettingZoo's AEC API.

``AECEnv`` plays one game of the library turn by turn, the way users of
PettingZoo's agent-environment-cycle (AEC) API and of Gymnasium know it::

    import boardrules
    env = boardrules.AECEnv("tsuro", players=2)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
        env.step(action)

When ``pettingzoo`` and ``gymnasium`` can be imported, ``AECEnv`` is a
``pettingzoo.AECEnv`` whose spaces are ``gymnasium.spaces`` (``Dict``,
``Box``, ``Discrete``) and whose action masks are int8, as PettingZoo's
tools (``api_test``, the wrappers) require. Without them it needs
``boardrules`` and numpy only: the spaces are the small classes of this
module (``Discrete``, ``Box``, ``Dict``) with the members those libraries'
spaces have (``n``, ``shape``, ``dtype``, ``seed``, ``sample(mask)``,
``contains``), and the masks are uint8 (what ``State.legal_mask`` gives).
``PETTINGZOO`` says which. doc/environment.md maps each concept to the
library call behind it and lists the differences.
"""

from __future__ import annotations

import importlib
import sys
import typing
import warnings
from typing import TYPE_CHECKING, Any, List, Optional, Tuple, Union, overload

try:
    import numpy as np
except ImportError as _missing:          # the tensors are numpy arrays
    raise ImportError("boardrules.env needs numpy (python3-numpy): %s" % _missing) from None

import boardrules

if TYPE_CHECKING:
    import numpy.typing as npt

    # What observe() returns: {"observation": float32 tensor, "action_mask": mask}.
    _Observation = typing.Dict[str, npt.NDArray[Any]]
    # Game options: a string "players=3,edition=kosmos", a mapping, or None.
    _Options = Union[str, typing.Mapping[str, object], None]
    # An action: a move number (numpy integers too) or the move's text.
    _Action = Union[int, np.integer[Any], npt.NDArray[np.integer[Any]], str, None]

__all__ = ["AECEnv", "Space", "Discrete", "Box", "Dict", "PETTINGZOO"]

_SEED_LIMIT = 2 ** 63   # game seeds drawn by reset() without a seed: 0 .. 2**63-1


class _PettingZoo(typing.NamedTuple):
    aec_env: type          # pettingzoo.AECEnv
    spaces: Any            # the module gymnasium.spaces


def _import_pettingzoo() -> Optional[_PettingZoo]:
    """pettingzoo.AECEnv and gymnasium.spaces when both can be imported.
    Imported by name, so that type checkers do not require them."""
    try:
        pettingzoo = importlib.import_module("pettingzoo")
        spaces = importlib.import_module("gymnasium.spaces")
    except ImportError:
        return None
    return _PettingZoo(pettingzoo.AECEnv, spaces)


_PZ = _import_pettingzoo()

#: True when AECEnv is a pettingzoo.AECEnv with gymnasium spaces and int8
#: masks; False when pettingzoo or gymnasium cannot be imported (this
#: module's spaces, uint8 masks).
PETTINGZOO: bool = _PZ is not None

# PettingZoo's and Gymnasium's masks are int8 (gymnasium's Discrete.sample
# refuses any other dtype); standalone, the library's own uint8.
_MASK_DTYPE: np.dtype[Any] = np.dtype(np.int8 if _PZ is not None else np.uint8)

if TYPE_CHECKING:
    _AECBase = object
else:
    _AECBase = _PZ.aec_env if _PZ is not None else object


# ----------------------------------------------------------------------
# Spaces (used when gymnasium cannot be imported)

class Space:
    """Base of the spaces: a shape, a dtype and a seeded numpy Generator."""

    def __init__(self, shape: Optional[typing.Sequence[int]] = None,
                 dtype: npt.DTypeLike = None, seed: Optional[int] = None) -> None:
        self.shape: Optional[Tuple[int, ...]] = \
            None if shape is None else tuple(int(d) for d in shape)
        self.dtype: Optional[np.dtype[Any]] = None if dtype is None else np.dtype(dtype)
        self._np_random: Optional[np.random.Generator] = None
        if seed is not None:
            self.seed(seed)

    @property
    def np_random(self) -> np.random.Generator:
        """The numpy Generator that sample() draws from (made on first use
        from fresh entropy unless seed() was called)."""
        if self._np_random is None:
            self._np_random = np.random.default_rng()
        return self._np_random

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Seeds sample(); returns ``[seed]`` as Gymnasium's spaces do."""
        self._np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError

    def contains(self, x: object) -> bool:
        raise NotImplementedError

    def __contains__(self, x: object) -> bool:
        return self.contains(x)


class Discrete(Space):
    """The integers ``start .. start + n - 1`` (an action: a move number)."""

    def __init__(self, n: int, seed: Optional[int] = None, start: int = 0) -> None:
        if int(n) <= 0:
            raise ValueError("Discrete needs n > 0, not %r" % (n,))
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = int(start)

    def sample(self, mask: Optional[npt.ArrayLike] = None) -> int:
        """A uniformly drawn element; with ``mask`` (uint8/int8/bool array of
        n entries) one of those marked 1. An all-zero mask gives ``start``,
        as in Gymnasium."""
        if mask is None:
            return self.start + int(self.np_random.integers(self.n))
        mask = np.asarray(mask)
        if mask.shape != (self.n,):
            raise ValueError("the mask has shape %s, expected (%d,)" % (mask.shape, self.n))
        allowed = np.flatnonzero(mask)
        if allowed.size == 0:
            return self.start
        return self.start + int(allowed[self.np_random.integers(allowed.size)])

    def contains(self, x: object) -> bool:
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, (int, np.integer)):
            value = int(x)
        elif isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
            value = int(x)
        else:
            return False
        return self.start <= value < self.start + self.n

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n if self.start == 0 else \
            "Discrete(%d, start=%d)" % (self.n, self.start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

    __hash__ = None  # type: ignore[assignment]   # mutable (seed), compared by value


class Box(Space):
    """Arrays of a fixed shape and dtype with every entry in ``low .. high``
    (bounds may be infinite)."""

    def __init__(self, low: float, high: float, shape: typing.Sequence[int],
                 dtype: npt.DTypeLike = np.float32, seed: Optional[int] = None) -> None:
        super().__init__(shape, dtype, seed)
        self.shape: Tuple[int, ...] = tuple(int(d) for d in shape)
        self.dtype: np.dtype[Any] = np.dtype(dtype)
        self.low: npt.NDArray[Any] = np.full(self.shape, low, dtype=self.dtype)
        self.high: npt.NDArray[Any] = np.full(self.shape, high, dtype=self.dtype)

    def sample(self, mask: None = None) -> npt.NDArray[Any]:
        """An array drawn per entry: uniformly between finite bounds, from
        an (shifted) exponential with one bound, from a normal distribution
        with none; integer boxes uniformly over the whole numbers in range.
        ``mask`` is not supported for a Box (as in Gymnasium)."""
        if mask is not None:
            raise ValueError("Box.sample() takes no mask")
        rng = self.np_random
        if np.issubdtype(self.dtype, np.integer):
            return rng.integers(self.low, self.high, size=self.shape,
                                endpoint=True).astype(self.dtype)
        low = self.low.astype(np.float64)
        high = self.high.astype(np.float64)
        out = np.empty(self.shape, dtype=np.float64)
        lo_ok, hi_ok = np.isfinite(low), np.isfinite(high)
        both, only_lo, only_hi = lo_ok & hi_ok, lo_ok & ~hi_ok, ~lo_ok & hi_ok
        neither = ~lo_ok & ~hi_ok
        out[both] = rng.uniform(low[both], high[both])
        out[only_lo] = low[only_lo] + rng.exponential(size=int(only_lo.sum()))
        out[only_hi] = high[only_hi] - rng.exponential(size=int(only_hi.sum()))
        out[neither] = rng.normal(size=int(neither.sum()))
        return out.astype(self.dtype)

    def contains(self, x: object) -> bool:
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (TypeError, ValueError):
                return False
        assert isinstance(x, np.ndarray)
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self) -> str:
        low = self.low.flat[0] if self.low.size else 0
        high = self.high.flat[0] if self.high.size else 0
        return "Box(%s, %s, %s, %s)" % (low, high, self.shape, self.dtype)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Box) and self.shape == other.shape
                and self.dtype == other.dtype and np.array_equal(self.low, other.low)
                and np.array_equal(self.high, other.high))

    __hash__ = None  # type: ignore[assignment]


class Dict(Space):
    """A mapping of names to spaces: what observe() returns is in
    ``Dict({"observation": Box, "action_mask": Box})``."""

    def __init__(self, spaces: typing.Mapping[str, Space], seed: Optional[int] = None) -> None:
        super().__init__(None, None)
        self.spaces: typing.Dict[str, Space] = dict(spaces)
        if seed is not None:
            self.seed(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Seeds every member space from one Generator seeded with ``seed``."""
        rng = np.random.default_rng(seed)
        self._np_random = rng
        for space in self.spaces.values():
            space.seed(int(rng.integers(_SEED_LIMIT)))
        return [seed]

    def sample(self, mask: Optional[typing.Mapping[str, Any]] = None) -> typing.Dict[str, Any]:
        """A dict with a sample of each member (``mask``: a dict of masks)."""
        masks = mask or {}
        return {k: s.sample(masks.get(k)) for k, s in self.spaces.items()}

    def contains(self, x: object) -> bool:
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def keys(self) -> typing.KeysView[str]:
        return self.spaces.keys()

    def __repr__(self) -> str:
        return "Dict(%s)" % ", ".join("%r: %r" % kv for kv in self.spaces.items())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dict) and self.spaces == other.spaces

    __hash__ = None  # type: ignore[assignment]


# ----------------------------------------------------------------------
# Options

def _split_options(options: _Options, extra: typing.Mapping[str, object]
                   ) -> typing.Dict[str, str]:
    """An options string, mapping or None plus keyword arguments as an
    ordered dict of key -> value text (later keys override earlier ones)."""
    items: typing.Dict[str, str] = {}
    if options is None:
        pass
    elif isinstance(options, str):
        for part in options.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise boardrules.OptionError("option %r: expected key=value" % part.strip())
            key, value = part.split("=", 1)
            items[key.strip()] = value.strip()
    elif hasattr(options, "items"):
        items.update((str(k), _value_text(v)) for k, v in options.items())
    else:
        raise TypeError("options must be a str or a mapping, not %s" % type(options).__name__)
    items.update((str(k), _value_text(v)) for k, v in extra.items())
    return items


def _value_text(value: object) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    return str(value)


def _join_options(items: typing.Mapping[str, str]) -> str:
    return ",".join("%s=%s" % kv for kv in items.items())


def _check_chance(items: typing.Mapping[str, str]) -> None:
    chance = items.get("chance")
    if chance is not None and chance != "auto":
        raise boardrules.OptionError(
            "option 'chance': AECEnv resolves chance events inside the library "
            "(chance=auto), so chance=%s is not supported; leave the key out or "
            "give chance=auto (for chance nodes of your own, use boardrules.State "
            "with chance=explicit)" % chance)


# ----------------------------------------------------------------------
# The environment

class AECEnv(_AECBase):
    """One game of libboardrules as a turn-based multi-agent environment with
    the members of PettingZoo's ``AECEnv`` (and, when pettingzoo and
    gymnasium can be imported, a subclass of it with gymnasium spaces).

    ``AECEnv(game, options=None, render_mode=None, **kw)``: ``game`` is a
    ``boardrules.Game`` or its name, ``options`` an options string or mapping
    and keyword arguments more options (as ``Game.new_state``). A ``seed``
    among them seeds the first reset() that is called without one. Chance
    events are resolved inside the library (``chance=auto``);
    ``chance=explicit`` is refused. ``render_mode`` is None, ``"ansi"``
    (render() returns the text) or ``"human"`` (render() prints it).

    Agents are named ``"player_0"`` .. ``"player_<n-1>"`` after the seats.
    Actions are move numbers in ``range(facts.move_space)``; observations are
    dicts ``{"observation": float32 tensor, "action_mask": mask}``, the mask
    int8 with PettingZoo, uint8 without. Rewards are 0 until the game ends,
    then the library's returns (+1 each winner, -1 the others, 0 all when all
    or none win).
    """

    metadata: typing.Dict[str, Any] = {
        "render_modes": ["human", "ansi"], "name": "boardrules_v0",
        "is_parallelizable": False}

    def __init__(self, game: Union[boardrules.Game, str], options: _Options = None,
                 render_mode: Optional[str] = None, **kw: object) -> None:
        super().__init__()
        g = boardrules.game(game) if isinstance(game, str) else game
        if not isinstance(g, boardrules.Game):
            raise TypeError("expected a boardrules.Game or a game name, not %s"
                            % type(game).__name__)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be None, 'human' or 'ansi', not %r"
                             % (render_mode,))
        self.game: boardrules.Game = g
        self.render_mode: Optional[str] = render_mode
        items = _split_options(options, kw)
        _check_chance(items)
        seed = items.pop("seed", None)
        self._base_items = items
        self._known_keys = frozenset(spec.key for spec in g.option_specs())
        self._first_seed = None if seed is None else self._seed_value(seed)
        self.np_random: np.random.Generator = np.random.default_rng(self._first_seed)
        self._facts_cache: typing.Dict[str, boardrules.Facts] = {}
        self._spaces_cache: typing.Dict[str, Tuple[typing.Dict[str, Dict],
                                                   typing.Dict[str, Discrete]]] = {}
        self._state: Optional[boardrules.State] = None
        self.seed_used: Optional[int] = None     # the seed of the current game
        self._skip_agent_selection: Optional[str] = None
        self.facts: boardrules.Facts
        self.possible_agents: List[str]
        self.agent_name_mapping: typing.Dict[str, int]
        self.observation_spaces: typing.Dict[str, Dict]
        self.action_spaces: typing.Dict[str, Discrete]
        self._options_text: str
        self._configure(items)        # checks the options, sets the agents and spaces
        self.agents: List[str] = []
        self.agent_selection: Optional[str] = None
        self.rewards: typing.Dict[str, float] = {}
        self._cumulative_rewards: typing.Dict[str, float] = {}
        self.terminations: typing.Dict[str, bool] = {}
        self.truncations: typing.Dict[str, bool] = {}
        self.infos: typing.Dict[str, typing.Dict[str, Any]] = {}

    # -- configuration ---------------------------------------------------

    @staticmethod
    def _seed_value(seed: Union[int, str]) -> int:
        try:
            value = int(seed)
        except (TypeError, ValueError):
            raise boardrules.OptionError(
                "option 'seed': %r is not an unsigned 64-bit number" % (seed,)) from None
        if not 0 <= value < 2 ** 64:
            raise boardrules.OptionError(
                "option 'seed': %r is not an unsigned 64-bit number" % (seed,))
        return value

    def _configure(self, items: typing.Dict[str, str]) -> None:
        """Sets facts, agents and spaces for the option set ``items`` (no seed)."""
        text = _join_options(items)
        facts = self._facts_cache.get(text)
        if facts is None:
            self.game.check_options(text)          # OptionError naming the key
            facts = self._facts_cache[text] = self.game.facts(text)
        self.facts = facts
        self._options_text = text
        self.possible_agents = ["player_%d" % i for i in range(facts.num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        spaces = self._spaces_cache.get(text)
        if spaces is None:
            spaces = self._spaces_cache[text] = self._make_spaces(facts)
        self.observation_spaces, self.action_spaces = spaces

    def _make_spaces(self, facts: boardrules.Facts
                     ) -> Tuple[typing.Dict[str, Dict], typing.Dict[str, Discrete]]:
        """One observation and one action space per agent (a space per agent,
        so that seeding one agent's does not seed another's): gymnasium's
        classes with PettingZoo, else this module's."""
        spaces: Any = _PZ.spaces if _PZ is not None else sys.modules[__name__]
        observation, action = {}, {}
        shape = tuple(facts.tensor_shape)
        for agent in self.possible_agents:
            observation[agent] = spaces.Dict({
                # The library documents each tensor plane by plane but
                # declares no bounds: the box is unbounded.
                "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (facts.move_space,), _MASK_DTYPE),
            })
            action[agent] = spaces.Discrete(facts.move_space)
        return observation, action

    def _reset_options(self, options: _Options) -> typing.Dict[str, str]:
        """The options of reset(options=...) as key -> text. With PettingZoo,
        keys the game does not know are dropped with a warning: PettingZoo's
        tools and wrappers pass keys of their own (api_test gives
        ``{"options": 1}``). Without it they raise OptionError, as in the
        constructor."""
        if _PZ is not None and options is not None and not isinstance(options, str) \
                and hasattr(options, "items"):
            unknown = sorted(str(k) for k in options if str(k) not in self._known_keys)
            if unknown:
                warnings.warn("reset(): option keys that %s does not know are ignored: %s"
                              % (self.game.name, ", ".join(unknown)), stacklevel=3)
                options = {k: v for k, v in options.items() if str(k) in self._known_keys}
        extra = _split_options(options, {})
        _check_chance(extra)
        return extra

    # -- the cycle ---------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: _Options = None) -> None:
        """Starts a new game.

        ``seed`` (an int in 0 .. 2**64-1) is the game's seed: the same seed
        gives the same game (``Game.new_state(seed=seed)``), and it also
        reseeds ``np_random``, from which later resets without a seed draw
        theirs. ``options`` (a string or mapping of game options) applies to
        this game only, over those given to the constructor; it may change
        the number of players (and so the agents). With PettingZoo, keys of a
        mapping that the game does not know are ignored (with a warning).
        Returns None, as PettingZoo's AEC reset does.
        """
        # An int only: int(1.5) would silently play seed 1, and True seed 1.
        if seed is not None and (isinstance(seed, (bool, np.bool_))
                                 or not hasattr(type(seed), "__index__")):
            raise TypeError("reset(seed=...) is an int in 0 .. 2**64-1 or None, not %s"
                            % type(seed).__name__)
        items = dict(self._base_items)
        if options is not None:
            extra = self._reset_options(options)
            if "seed" in extra:
                if seed is not None:
                    raise ValueError("give the seed either as reset(seed=...) or in "
                                     "the options, not both")
                seed = extra.pop("seed")  # type: ignore[assignment]
            items.update(extra)
        if seed is not None:
            game_seed = self._seed_value(seed)
            self.np_random = np.random.default_rng(game_seed)
        elif self._first_seed is not None:
            game_seed = self._first_seed
        else:
            game_seed = int(self.np_random.integers(_SEED_LIMIT))
        self._first_seed = None                 # only the first reset takes it
        self._configure(items)
        opts = dict(items)
        opts["seed"] = str(game_seed)
        state = self._state = self.game.new_state(_join_options(opts))
        self.seed_used = game_seed
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        if state.is_terminal:                   # a game over before it began
            self._finish(0)
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def agent_iter(self, max_iter: int = 2 ** 63) -> typing.Iterator[str]:
        """Yields the agent to act (``agent_selection``) while any agent is
        left, at most ``max_iter`` times; act on each with step()."""
        for _ in range(max_iter):
            if not self.agents or self.agent_selection is None:
                return
            yield self.agent_selection

    @overload
    def last(self, observe: typing.Literal[True] = ...
             ) -> Tuple[_Observation, float, bool, bool, typing.Dict[str, Any]]: ...
    @overload
    def last(self, observe: typing.Literal[False]
             ) -> Tuple[None, float, bool, bool, typing.Dict[str, Any]]: ...
    @overload
    def last(self, observe: bool
             ) -> Tuple[Optional[_Observation], float, bool, bool, typing.Dict[str, Any]]: ...

    def last(self, observe: bool = True
             ) -> Tuple[Optional[_Observation], float, bool, bool, typing.Dict[str, Any]]:
        """``(observation, reward, termination, truncation, info)`` of the
        agent to act: its observation (None when ``observe`` is false), its
        reward accumulated since it last acted, whether it is done, its info."""
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("reset() the environment before calling last()")
        return (self.observe(agent) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action: _Action) -> None:
        """Applies ``action`` (a move number, or its text) for ``agent_selection``.

        A terminated agent must step with None: that removes it from
        ``agents``. An illegal move raises ``boardrules.IllegalMoveError``
        with the library's reason and changes nothing.
        """
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("reset() the environment before calling step()")
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise ValueError("%s is still playing: step(None) is only for terminated "
                             "agents" % agent)
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        state = self._require_state()
        seat = self.agent_name_mapping[agent]
        state.apply(action)  # type: ignore[arg-type]  # IllegalMoveError with the reason
        self._cumulative_rewards[agent] = 0
        for a in self.rewards:
            self.rewards[a] = 0
        if state.is_terminal:
            self._finish(seat)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, last_seat: int) -> None:
        """The game is over: rewards are the returns, every agent is
        terminated, and the agents are visited once more (from the one after
        ``last_seat``) so that each sees its reward in last()."""
        state = self._require_state()
        returns = state.returns()
        winners = state.winners()
        for a in self.agents:
            seat = self.agent_name_mapping[a]
            self.rewards[a] = returns[seat]
            self.terminations[a] = True
            self.infos[a] = {"returns": list(returns), "winners": list(winners)}
        n = len(self.possible_agents)
        self.agent_selection = self.possible_agents[(last_seat + 1) % n]

    def _accumulate_rewards(self) -> None:
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _was_dead_step(self, action: _Action) -> None:
        """PettingZoo's handling of a step by a terminated agent."""
        if action is not None:
            raise ValueError("%s is terminated: the only valid action is None, not %r"
                             % (self.agent_selection, action))
        agent = self.agent_selection
        assert agent is not None
        for d in (self.terminations, self.truncations, self.rewards,
                  self._cumulative_rewards, self.infos):
            del d[agent]  # type: ignore[attr-defined]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for a in self.rewards:
            self.rewards[a] = 0

    # -- observations and spaces ------------------------------------------

    def observe(self, agent: str) -> _Observation:
        """``{"observation": tensor, "action_mask": mask}`` for ``agent``: the
        float32 tensor of what its seat sees (``State.observation_tensor``)
        and the mask of its legal moves (``State.legal_mask``; int8 with
        PettingZoo, uint8 without), all zero when it is not to move or the
        game is over."""
        state = self._require_state()
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.facts.move_space, dtype=_MASK_DTYPE)
        if not state.is_terminal and state.current_player == seat:
            state.legal_mask(out=mask.view(np.uint8))   # 0/1 bytes: int8 or uint8 alike
        return {"observation": self._tensor(state, seat), "action_mask": mask}

    def _tensor(self, state: boardrules.State, seat: int) -> npt.NDArray[np.float32]:
        """The "observation" entry for ``seat``: what the seat sees now. The
        one place to change for another kind of tensor (its shape is
        ``facts.tensor_shape``, see _make_spaces)."""
        tensor: npt.NDArray[np.float32] = state.observation_tensor(seat)
        return tensor

    def observation_space(self, agent: str) -> Dict:
        """``Dict({"observation": Box(float32, tensor_shape), "action_mask":
        Box(0, 1, (move_space,), int8 or uint8)})``: the same object every
        call (gymnasium.spaces with PettingZoo)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Discrete:
        """``Discrete(move_space)``: the same object every call (gymnasium's
        with PettingZoo); sample it with the mask to draw a legal move."""
        return self.action_spaces[agent]

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def game_state(self) -> boardrules.State:
        """The library State being played (a boardrules.State). Read it or
        clone it; moves applied to it directly bypass the environment."""
        return self._require_state()

    @property
    def unwrapped(self) -> AECEnv:
        return self

    def _require_state(self) -> boardrules.State:
        if self._state is None:
            raise RuntimeError("reset() the environment first")
        return self._state

    # -- rendering ---------------------------------------------------------

    def render(self) -> Optional[str]:
        """The position as text: what the agent to act sees
        (``State.render_view(seat)``) while the game runs, the full picture
        (``State.render()``) once it is over. Returned with render_mode
        "ansi", printed with "human"; without a render mode: a warning and None."""
        if self.render_mode is None:
            warnings.warn("render() called without a render_mode: give "
                          "render_mode='ansi' or 'human' to AECEnv()", stacklevel=2)
            return None
        state = self._require_state()
        if state.is_terminal or self.agent_selection is None:
            text = state.render()
        else:
            text = state.render_view(self.agent_name_mapping[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Releases the game state (reset() starts a new one)."""
        self._state = None
        self.agents = []
        self.agent_selection = None

    def __str__(self) -> str:
        return "AECEnv(%s, %s)" % (self.game.name, self._options_text or "defaults")

    __repr__ = __str__
