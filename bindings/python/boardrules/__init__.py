"""libboardrules for Python: rules of board games behind one interface.

A game comes from the registry; a State is one position of it::

    import boardrules
    s = boardrules.game("tsuro").new_state(players=2, seed=7)
    while not s.is_terminal:
        s.apply(s.legal_moves()[0])
    print(s, s.returns())

Moves are ints in a fixed range per game and option set (``State.move_space``),
and each has a text form (``move_to_text`` / ``move_from_text``); every method
that takes a move accepts either. Failures raise a subclass of
``boardrules.Error`` (one per status code of the C library) whose message
carries the library's reason.

For learning: ``Game.facts()`` / ``State.facts()`` give the sizes,
``State.observation_tensor()`` what a seat sees as float32 numbers (a numpy
array when numpy is installed), ``State.legal_mask()`` the legal moves as 0/1
bytes and ``State.history()`` the moves that led to a state;
``Game.option_specs()`` describes the options as data.

This package is a thin layer over its generated extension module (private)
that mirrors the C API; the docstrings below
end with the C documentation of the functions they call. Type hints are in
``__init__.pyi`` (PEP 561: the package ships ``py.typed``).
"""

import array
import inspect
import json
import operator
import re
from collections import namedtuple
from typing import Any, Mapping, Union

from . import _core as _c

__all__ = [
    "Error", "ArgumentError", "NoMemoryError", "OptionError", "IllegalMoveError",
    "ParseError", "SnapshotError", "BufferTooSmallError", "WrongPhaseError",
    "UnknownGameError", "RecordError", "IncompleteRecordError", "GameMismatchError",
    "Game", "State", "PlayoutResult", "OptionSpec", "Facts", "HistoryEntry",
    "Record", "RecordMove", "Bot", "UnknownBotError", "bot_kinds",
    "games", "game", "playout_random", "write_record", "replay_record",
    "parse_record", "record_verdict",
    "version", "version_check", "PLAYER_CHANCE", "PLAYER_TERMINAL", "MOVE_NONE",
]

#: current_player at a chance node.
PLAYER_CHANCE = _c.BR_PLAYER_CHANCE
#: current_player of a finished game.
PLAYER_TERMINAL = _c.BR_PLAYER_TERMINAL
#: "no move".
MOVE_NONE = _c.BR_MOVE_NONE

# The type aliases of the stubs (__init__.pyi), here too so that programs
# can use them in annotations that are evaluated at run time.
#: A move: its number, or its text (parsed by State.move_from_text).
Move = Union[int, str]
#: The value of one option.
OptionValue = Union[str, int, bool]
#: Options: "players=3,seed=42", a mapping {"players": 3}, or None (defaults).
Options = Union[str, Mapping[str, OptionValue], None]
#: What observation_tensor / legal_mask write into: any writable contiguous
#: buffer of float32 / uint8 items (numpy arrays, array.array, bytearray, memoryview).
WritableBuffer = Any

#: Version of the loaded library, e.g. "0.1.0".
__version__ = _c.br_version_string()

_OK = _c.BR_OK
_BUFFER = _c.BR_ERR_BUFFER
_MOVE_MIN, _MOVE_MAX = -2 ** 31, 2 ** 31 - 1
_TEXT_SIZE = 256           # first buffer size for texts; retried at the size needed
_BYTES_SIZE = 1024         # first buffer size for binary snapshots; retried likewise
_REPR_TEXT = 40


# Lines of the generated C documentation that only name C types.
_C_DOC_NOISE = re.compile(r"^:(r?type)( \w+)?:.*$\n?", re.M)


def _c_doc(*names):
    """Appends the C documentation (from the headers' Doxygen comments) of
    the named C functions to a docstring."""
    def decorate(obj):
        parts = [inspect.cleandoc(obj.__doc__ or "")]
        for name in names:
            doc = getattr(getattr(_c, name), "__doc__", None)
            if doc:
                doc = _C_DOC_NOISE.sub("", doc).strip("\n")
                parts.append("C API: %s()\n%s" % (name, doc))
        if obj.__doc__ is not None:        # python -OO drops docstrings
            obj.__doc__ = "\n\n".join(parts)
        return obj
    return decorate


# ----------------------------------------------------------------------
# Errors

class Error(Exception):
    """Base class of every error of the library.

    ``status`` is the C status code (an int, the ``br_status`` of the C
    API) and ``reason`` the library's explanation.
    """
    status = None

    def __init__(self, message, reason=None):
        super().__init__(message)
        self.reason = message if reason is None else reason


class ArgumentError(Error, ValueError):
    """An argument is invalid (out of range, wrong seat, ...)."""
    status = _c.BR_ERR_ARGUMENT


class NoMemoryError(Error, MemoryError):
    """The library could not allocate memory."""
    status = _c.BR_ERR_NO_MEMORY


class OptionError(Error, ValueError):
    """The options have an unknown key or a bad value (the key is named)."""
    status = _c.BR_ERR_OPTION


class IllegalMoveError(Error, ValueError):
    """The move is not legal in this state; the state is unchanged."""
    status = _c.BR_ERR_ILLEGAL_MOVE


class ParseError(Error, ValueError):
    """A move text could not be parsed."""
    status = _c.BR_ERR_PARSE


class SnapshotError(Error, ValueError):
    """A JSON snapshot is malformed or inconsistent (the field is named)."""
    status = _c.BR_ERR_SNAPSHOT


class BufferTooSmallError(Error):
    """A buffer was too small (the binding retries, so this means a bug)."""
    status = _c.BR_ERR_BUFFER


class WrongPhaseError(Error):
    """The call does not fit the state, e.g. chance calls off a chance node."""
    status = _c.BR_ERR_WRONG_PHASE


class UnknownGameError(Error, LookupError):
    """No game of that name is registered."""
    status = _c.BR_ERR_UNKNOWN_GAME


class RecordError(Error, ValueError):
    """A game record is malformed or has an illegal move.

    ``line`` is the 1-based number of the first bad line and ``state`` the
    state before it (a State, or None when the header was bad, and always
    None from parse_record()); ``column`` the 1-based column where the
    problem starts (0 when unknown: replay_record() names the line only).
    """
    status = _c.BR_ERR_RECORD

    def __init__(self, message, reason=None, line=0, state=None, column=0):
        super().__init__(message, reason)
        self.line = line
        self.column = column
        self.state = state


class GameMismatchError(Error, ValueError):
    """Two states of different games or player counts were combined."""
    status = _c.BR_ERR_GAME_MISMATCH


class IncompleteRecordError(RecordError):
    """A game record ends before its result line (a cut-off file); every
    line it has is good. ``line`` is the line after the last and ``state``
    the position the record reaches."""
    status = _c.BR_ERR_INCOMPLETE


class UnknownBotError(Error, LookupError):
    """No bot of that kind (see bot_kinds())."""
    status = _c.BR_ERR_UNKNOWN_BOT


_ERRORS = {cls.status: cls for cls in (
    ArgumentError, NoMemoryError, OptionError, IllegalMoveError, ParseError,
    SnapshotError, BufferTooSmallError, WrongPhaseError, UnknownGameError,
    RecordError, IncompleteRecordError, GameMismatchError, UnknownBotError)}


def _error(status, reason="", context=None):
    """The exception for a failed call: its class from the status, its
    message from the reason (or the status text when there is none)."""
    reason = reason or _c.br_status_string(status)
    message = "%s: %s" % (context, reason) if context else reason
    return _ERRORS.get(status, Error)(message, reason)


def _text_call(fn, *args):
    """Calls a C function that writes text into a caller buffer (snprintf
    convention) and returns (status, text), retrying once at the size needed."""
    status, text, length = fn(*args, _TEXT_SIZE)
    if status == _BUFFER:
        status, text, length = fn(*args, length + 1)
    return status, text


def _options_text(options, extra):
    """The options string from a string, a mapping and/or keyword arguments."""
    if options is None:
        parts = []
    elif isinstance(options, str):
        parts = [options] if options.strip() else []
    elif hasattr(options, "items"):
        parts = ["%s=%s" % (k, _option_value(v)) for k, v in options.items()]
    else:
        raise TypeError("options must be a str or a mapping, not %s" % type(options).__name__)
    parts.extend("%s=%s" % (k, _option_value(v)) for k, v in extra.items())
    return ",".join(parts)


def _option_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _int_arg(value, what):
    """An int argument (anything with __index__ but bool); TypeError otherwise."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError("%s is an int, not %s" % (what, type(value).__name__))
    return operator.index(value)


def _text_arg(value, what):
    """A str argument for C (no NUL characters); TypeError / ValueError otherwise."""
    if not isinstance(value, str):
        raise TypeError("%s is a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("%s must not contain NUL characters" % what)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("%s is not valid Unicode (lone surrogates)" % what) from None
    return value


def _seed_arg(value):
    seed = _int_arg(value, "a seed")
    if not 0 <= seed < 2 ** 64:
        raise OverflowError("a seed is in 0..2**64-1, not %d" % seed)
    return seed


# numpy, imported on first use; False when it cannot be imported.
_numpy = None


def _np():
    global _numpy
    if _numpy is None:
        try:
            import numpy
            _numpy = numpy
        except ImportError:
            _numpy = False
    return _numpy


# ----------------------------------------------------------------------
# Learning data

OptionSpec = namedtuple("OptionSpec", "key kind default min max choices help")
OptionSpec.__doc__ = """One key of a game's options (Game.option_specs()).

``kind`` is 'integer' (a whole number in ``min``..``max``), 'choice' (one
word of the tuple ``choices``) or 'flag' (true or false); ``min`` and ``max``
are None unless the kind is 'integer', ``choices`` None unless it is
'choice'. ``default`` is the default as written in an options string, or
None when it depends on other options (``help`` says how)."""

Facts = namedtuple("Facts", "num_players has_chance has_hidden_information returns_kind "
                            "move_space max_legal_moves max_game_length tensor_shape tensor_size "
                            "information_state_size")
Facts.__doc__ = """What a learning agent must know about a game and option set
(Game.facts(), State.facts()): the number of seats, whether there are chance
nodes and hidden information (bools), ``returns_kind`` ('zero-sum' or
'general'), the size of the move space, the most legal moves at once, the
longest game in moves (chance outcomes included), the shape of the
observation tensor (a tuple of ints, outermost first) and its number of
floats, and the number of floats of the information-state tensor (flat)."""

HistoryEntry = namedtuple("HistoryEntry", "move player")
HistoryEntry.__doc__ = """One move of State.history(): the move (at a chance
node: the outcome) and the seat that made it, or PLAYER_CHANCE for a chance
outcome."""

_OPTION_KINDS = {_c.BR_OPTION_INTEGER: "integer", _c.BR_OPTION_CHOICE: "choice",
                 _c.BR_OPTION_FLAG: "flag"}
_RETURNS_KINDS = {_c.BR_RETURNS_ZERO_SUM: "zero-sum", _c.BR_RETURNS_GENERAL: "general"}


def _option_spec(raw):
    key, kind, default, lo, hi, choices, help_text = raw
    integer = kind == _c.BR_OPTION_INTEGER
    return OptionSpec(key, _OPTION_KINDS.get(kind, str(kind)), default,
                      lo if integer else None, hi if integer else None,
                      choices if kind == _c.BR_OPTION_CHOICE else None, help_text)


def _facts(raw):
    (players, chance, hidden, returns_kind, space, max_legal, max_length, shape,
     size, info_size) = raw
    return Facts(players, bool(chance), bool(hidden),
                 _RETURNS_KINDS.get(returns_kind, str(returns_kind)), space, max_legal,
                 max_length, shape, size, info_size)


# ----------------------------------------------------------------------
# Games

class Game:
    """One game of the registry (static: owned by the library).

    Get games with ``boardrules.games()`` or ``boardrules.game(name)``; the
    same Game object is returned for the same game every time.
    """
    __slots__ = ("_g", "name", "title", "description", "options_help",
                 "min_players", "max_players", "default_players")

    def __init__(self, handle):
        self._g = handle
        self.name = _c.br_game_name(handle)
        self.title = _c.br_game_title(handle)
        self.description = _c.br_game_description(handle)
        self.options_help = _c.br_game_options_help(handle)
        self.min_players = _c.br_game_min_players(handle)
        self.max_players = _c.br_game_max_players(handle)
        self.default_players = _c.br_game_default_players(handle)

    @_c_doc("br_state_new")
    def new_state(self, options=None, **kw):
        """A new initial State of this game.

        ``options`` is the options string (``"players=3,seed=42"``) or a
        mapping; keyword arguments are added to it
        (``new_state(players=3, seed=42)``). Raises OptionError naming the
        key when a key or value is bad.
        """
        return State(self, options, **kw)

    @_c_doc("br_game_option_count", "br_game_option")
    def option_specs(self):
        """The keys of this game's options string (the common ones, players,
        seed and chance, included) as a list of OptionSpec, in the order
        State.options writes them."""
        return [_option_spec(_c.br_game_option(self._g, i))
                for i in range(_c.br_game_option_count(self._g))]

    @_c_doc("br_game_check_options")
    def check_options(self, options=None, **kw):
        """Checks options (a string, a mapping and/or keyword arguments, as
        for new_state) without keeping a state: returns None when they are
        good, raises OptionError naming the key otherwise."""
        status, err = _c.br_game_check_options(self._g, _text_arg(_options_text(options, kw),
                                                                  "the options"))
        if status != _OK:
            raise _error(status, err)

    @_c_doc("br_game_facts")
    def facts(self, options=None, **kw):
        """The Facts of this game with these options (as for new_state),
        without keeping a state. OptionError for bad options."""
        status, raw, err = _c.br_game_facts(self._g, _text_arg(_options_text(options, kw),
                                                               "the options"))
        if status != _OK:
            raise _error(status, err)
        return _facts(raw)

    def __repr__(self):
        return "<boardrules.Game %s>" % self.name


_games_by_name = {}


def _registry():
    if not _games_by_name:
        for i in range(_c.br_game_count()):
            g = Game(_c.br_game_at(i))
            _games_by_name[g.name] = g
    return _games_by_name


@_c_doc("br_game_count", "br_game_at")
def games():
    """The registered games, as a list of Game in registry order."""
    return list(_registry().values())


@_c_doc("br_game_find")
def game(name):
    """The game with this short name (e.g. "tsuro"); UnknownGameError if none."""
    _text_arg(name, "a game name")
    handle = _c.br_game_find(name)
    if handle is None:
        raise UnknownGameError("no game named %r (known: %s)"
                               % (name, ", ".join(_registry())))
    return _registry()[_c.br_game_name(handle)]


def _game_of(handle):
    return _registry()[_c.br_game_name(handle)]


# ----------------------------------------------------------------------
# States

_legal_moves = _c.br_state_legal_moves
_apply = _c.br_state_apply
_current_player = _c.br_state_current_player
_is_terminal = _c.br_state_is_terminal


class State:
    """One position of one game; owns its C state (freed when the object dies).

    ``State(game, options)`` is ``game.new_state(options)``; ``game`` may be
    a Game or a game name.
    """
    __slots__ = ("_s", "_game", "_capacity", "_facts", "__weakref__")

    @_c_doc("br_state_new")
    def __init__(self, game_or_name, options=None, **kw):
        """Creates the initial state of a game (see Game.new_state)."""
        g = game(game_or_name) if isinstance(game_or_name, str) else game_or_name
        if not isinstance(g, Game):
            raise TypeError("expected a Game or a game name, not %s"
                            % type(game_or_name).__name__)
        status, handle, err = _c.br_state_new(g._g, _text_arg(_options_text(options, kw),
                                                              "the options"))
        if status != _OK:
            raise _error(status, err)
        self._adopt(handle, g)

    def _adopt(self, handle, g=None):
        self._s = handle
        self._game = g if g is not None else _game_of(_c.br_state_game(handle))
        self._capacity = _c.br_state_max_legal_moves(handle)
        self._facts = None      # made on first use

    @classmethod
    def _wrap(cls, handle):
        state = cls.__new__(cls)
        state._adopt(handle)
        return state

    def _failure(self, status, context=None, reason=None):
        if reason is None:
            reason = _c.br_state_last_error(self._s)
        return _error(status, reason, context)

    def _move(self, move):
        """A move argument as an int: ints pass, texts are parsed."""
        if type(move) is int:
            return move
        if isinstance(move, str):
            return self.move_from_text(move)
        if isinstance(move, bool):
            raise TypeError("a move is an int or a str, not bool")
        try:
            return operator.index(move)
        except TypeError:
            raise TypeError("a move is an int or a str, not %s" % type(move).__name__) from None

    def _seat(self, seat):
        """A seat argument: an int in -1..num_players-1 (-1: a spectator)."""
        seat = _int_arg(seat, "a seat")
        n = _c.br_state_num_players(self._s)
        if not -1 <= seat < n:
            raise ArgumentError("seat %d is not in -1..%d" % (seat, n - 1))
        return seat

    def _seat_or_mover(self, seat):
        """A tensor's seat argument: the seat given (as _seat checks it), or
        the current player when None (-1 at a chance node or the end)."""
        if seat is not None:
            return self._seat(seat)
        mover = _current_player(self._s)
        return mover if mover >= 0 else -1

    def _describe(self, move):
        """'c3r1' (17) for messages; just the number when it has no text."""
        status, text = (_BUFFER, None)
        if _MOVE_MIN <= move <= _MOVE_MAX:
            status, text = _text_call(_c.br_state_move_to_text, self._s, move)
        return "%r (%d)" % (text, move) if status == _OK else str(move)

    # -- lifecycle -----------------------------------------------------

    @property
    def game(self):
        """The Game of this state."""
        return self._game

    @property
    @_c_doc("br_state_num_players")
    def num_players(self):
        """Number of seats."""
        return _c.br_state_num_players(self._s)

    @property
    @_c_doc("br_state_options")
    def options(self):
        """The canonical options string: every key, defaults included."""
        status, text = _text_call(_c.br_state_options, self._s)
        if status != _OK:
            raise self._failure(status)
        return text

    @property
    @_c_doc("br_state_last_error")
    def last_error(self):
        """The reason of the last failed call on this state ("" if none)."""
        return _c.br_state_last_error(self._s)

    @_c_doc("br_state_clone")
    def clone(self):
        """An independent copy of this state."""
        status, handle = _c.br_state_clone(self._s)
        if status != _OK:
            raise _error(status, context="clone")
        return State._wrap(handle)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    @_c_doc("br_state_copy")
    def copy_from(self, other):
        """Makes this state a copy of ``other`` (same game and players) in place."""
        if not isinstance(other, State):
            raise TypeError("expected a State, not %s" % type(other).__name__)
        status = _c.br_state_copy(self._s, other._s)
        if status != _OK:
            raise self._failure(status)
        self._adopt(self._s, other._game)
        self._facts = other._facts  # the same option set: the same facts

    # -- turn ----------------------------------------------------------

    @property
    @_c_doc("br_state_current_player")
    def current_player(self):
        """The seat to move, PLAYER_CHANCE at a chance node, PLAYER_TERMINAL at the end."""
        return _current_player(self._s)

    @property
    @_c_doc("br_state_is_terminal")
    def is_terminal(self):
        """True when the game is over."""
        return _is_terminal(self._s) == 1

    @property
    @_c_doc("br_state_is_chance_node")
    def is_chance_node(self):
        """True at a chance node (only with chance=explicit)."""
        return _current_player(self._s) == PLAYER_CHANCE

    @property
    @_c_doc("br_state_move_number")
    def move_number(self):
        """Moves made so far, chance outcomes included."""
        return _c.br_state_move_number(self._s)

    # -- moves ---------------------------------------------------------

    @property
    @_c_doc("br_state_move_space")
    def move_space(self):
        """Every move of this game and option set is an int in range(move_space)."""
        return _c.br_state_move_space(self._s)

    @_c_doc("br_state_legal_moves")
    def legal_moves(self):
        """The legal moves (at a chance node: the outcomes), ascending, as a list."""
        status, moves = _legal_moves(self._s, self._capacity)
        if status:
            raise self._failure(status, "legal_moves")
        return moves

    @_c_doc("br_state_check_move")
    def check(self, move):
        """None when ``move`` (int or text) is legal, else the reason why not.

        Raises ParseError for a text that is not a move at all.
        """
        m = self._move(move)
        if not _MOVE_MIN <= m <= _MOVE_MAX:
            return "move %d is not in the move space" % m
        status, reason = _c.br_state_check_move(self._s, m)
        if status == _OK:
            return None
        if status == _c.BR_ERR_ILLEGAL_MOVE:
            return reason
        raise _error(status, reason)

    def is_legal(self, move):
        """True when ``move`` (int or text) is legal here."""
        return self.check(move) is None

    @_c_doc("br_state_apply")
    def apply(self, move):
        """Applies a move given as an int or as its text.

        An illegal move raises IllegalMoveError with the reason and leaves
        the state unchanged. With chance=auto the chance events that follow
        are resolved at once from the state's own generator.
        """
        if type(move) is not int:
            move = self._move(move)
        try:
            status = _apply(self._s, move)
        except OverflowError:      # beyond 32 bits: certainly not a move
            raise IllegalMoveError("illegal move %d: not in the move space" % move) from None
        if status:
            raise self._failure(status, "illegal move %s" % self._describe(move))

    @_c_doc("br_state_move_to_text")
    def move_to_text(self, move):
        """The text form of a move (it need not be legal, but must be in the move space)."""
        m = self._move(move)
        status, text = (_c.BR_ERR_ARGUMENT, "")
        if _MOVE_MIN <= m <= _MOVE_MAX:
            status, text = _text_call(_c.br_state_move_to_text, self._s, m)
        if status != _OK:
            raise _error(status, "move %d is not in 0..%d" % (m, self.move_space - 1))
        return text

    @_c_doc("br_state_move_to_text_view")
    def move_to_text_view(self, move, seat):
        """The text of a move as ``seat`` (0..n-1, or -1 for a spectator) may
        see it: what is hidden from the seat (another seat's drawn tile, a card
        discarded face down) reads '?'. For showing moves to people.

        Call it on the position before the move: the text depends on the
        position, and written afterwards it can show the seat what was hidden
        from it. Outcomes drawn under chance=auto appear only in history():
        announce those with history_text_view() (doc/api.md, "Announcing
        moves")."""
        m = self._move(move)
        seat = self._seat(seat)
        if not (_MOVE_MIN <= m <= _MOVE_MAX and 0 <= m < self.move_space):
            raise _error(_c.BR_ERR_ARGUMENT, "move %d is not in 0..%d" % (m, self.move_space - 1))
        status, text = _text_call(_c.br_state_move_to_text_view, self._s, m, seat)
        if status != _OK:
            raise self._failure(status)
        return text

    @_c_doc("br_state_move_from_text")
    def move_from_text(self, text):
        """The move (an int) written as ``text``; ParseError if it is not one.

        Parsing does not check legality.
        """
        _text_arg(text, "a move text")
        status, move = _c.br_state_move_from_text(self._s, text)
        if status != _OK:
            shown = text if len(text) <= _REPR_TEXT else text[:_REPR_TEXT] + "..."
            raise self._failure(status, "cannot read move %r" % shown)
        return move

    # -- chance --------------------------------------------------------

    @_c_doc("br_state_chance_outcomes")
    def chance_outcomes(self):
        """The outcomes of the current chance node as a list of (move, probability).

        Raises WrongPhaseError when the state is not at a chance node.
        """
        status, moves, probs = _c.br_state_chance_outcomes(self._s, self._capacity)
        if status != _OK:
            raise _error(status, "the state is not at a chance node"
                         if status == _c.BR_ERR_WRONG_PHASE else "")
        return list(zip(moves, probs))

    @_c_doc("br_state_resolve_chance")
    def resolve_chance(self):
        """Resolves the current chance node from the state's own generator;
        returns the outcome (a move). WrongPhaseError off a chance node."""
        status, outcome = _c.br_state_resolve_chance(self._s)
        if status != _OK:
            raise self._failure(status)
        return outcome

    @_c_doc("br_state_resample")
    def resample(self, seat, seed, into=None):
        """A state that ``seat`` cannot tell apart from this one, with what is
        hidden from it drawn anew from ``seed``.

        Writes into ``into`` (a State of the same game and players) when
        given, else into a new State; returns that state.
        """
        if not isinstance(into, (State, type(None))):
            raise TypeError("into must be a State, not %s" % type(into).__name__)
        seat = _int_arg(seat, "a seat")
        if not _MOVE_MIN <= seat <= _MOVE_MAX:
            raise ArgumentError("seat %d is not in 0..%d" % (seat, self.num_players - 1))
        seed = _seed_arg(seed)
        target = self.clone() if into is None else into
        status = _c.br_state_resample(self._s, seat, seed, target._s)
        if status != _OK:
            raise target._failure(status)
        target._adopt(target._s, self._game)    # now of this state's option set
        target._facts = self._facts
        return target

    # -- results -------------------------------------------------------

    @_c_doc("br_state_returns")
    def returns(self):
        """Per-seat returns: +1 each winner, -1 the others at the end; all 0
        before the end or when everybody or nobody wins."""
        status, values = _c.br_state_returns(self._s, self.num_players)
        if status != _OK:
            raise self._failure(status)
        return values

    @_c_doc("br_state_scores")
    def scores(self):
        """Per-seat scores in the game's own points, at any moment."""
        status, values = _c.br_state_scores(self._s, self.num_players)
        if status != _OK:
            raise self._failure(status)
        return values

    @_c_doc("br_state_winners")
    def winners(self):
        """The winning seats of a finished game, as a list (every seat of a
        shared win; empty when nobody won). WrongPhaseError before the end."""
        status, flags = _c.br_state_winners(self._s, _c.br_state_num_players(self._s))
        if status != _OK:
            raise self._failure(status, reason="the game is not over"
                                if status == _c.BR_ERR_WRONG_PHASE else None)
        return [seat for seat, won in enumerate(flags) if won]

    # -- learning: facts, tensors, masks, history ----------------------

    @_c_doc("br_state_facts")
    def facts(self):
        """The Facts of this state's game and option set (as Game.facts())."""
        if self._facts is None:
            status, raw = _c.br_state_facts(self._s)
            if status != _OK:
                raise self._failure(status, "facts")
            self._facts = _facts(raw)
        return self._facts

    @_c_doc("br_state_observation_tensor")
    def observation_tensor(self, seat=None, out=None):
        """What ``seat`` sees now, as numbers: a numpy float32 array of shape
        ``facts().tensor_shape`` when numpy can be imported, else a flat list
        of floats.

        ``seat`` defaults to the current player (-1, a spectator, at a chance
        node or the end). ``out``: an array to fill instead (any writable
        float32 buffer of at least ``facts().tensor_size`` entries, e.g.
        ``numpy.empty(shape, numpy.float32)``); it is returned. The library
        writes straight into the array's memory.
        """
        seat = self._seat_or_mover(seat)
        facts = self.facts()
        result = out
        if out is None:
            np = _np()
            if np:
                result = out = np.empty(facts.tensor_shape, np.float32)
            else:
                out = array.array("f", bytes(4 * facts.tensor_size))
        status = _c.br_state_observation_tensor(self._s, seat, out)
        if status == _BUFFER:
            raise ArgumentError("out has %d floats; the tensor needs %d"
                                % (memoryview(out).nbytes // 4, facts.tensor_size))
        if status != _OK:
            raise self._failure(status, "observation_tensor")
        return out.tolist() if result is None else result

    @_c_doc("br_state_information_state_tensor")
    def information_state_tensor(self, seat=None, out=None):
        """What ``seat`` has seen over the whole game, as numbers: a flat
        numpy float32 array of ``facts().information_state_size`` entries when
        numpy can be imported, else a list of floats. It begins with the
        observation tensor (flattened); doc/api.md gives the layout.

        ``seat`` defaults to the current player (-1, a spectator, at a chance
        node or the end). ``out``: an array to fill instead (any writable
        float32 buffer of at least ``facts().information_state_size``
        entries); it is returned. The library replays the state's history and
        writes straight into the array's memory.
        """
        seat = self._seat_or_mover(seat)
        size = self.facts().information_state_size
        result = out
        if out is None:
            np = _np()
            if np:
                result = out = np.empty(size, np.float32)
            else:
                out = array.array("f", bytes(4 * size))
        status = _c.br_state_information_state_tensor(self._s, seat, out)
        if status == _BUFFER:
            raise ArgumentError("out has %d floats; the information state needs %d"
                                % (memoryview(out).nbytes // 4, size))
        if status != _OK:
            raise self._failure(status, "information_state_tensor")
        return out.tolist() if result is None else result

    @_c_doc("br_state_legal_mask")
    def legal_mask(self, out=None):
        """The legal moves (at a chance node: the outcomes) as 0/1 per move:
        a numpy uint8 array of ``move_space`` entries when numpy can be
        imported, else a list of ints; all 0 at the end.

        ``out``: an array to fill instead (any writable uint8 buffer of at
        least ``move_space`` entries, e.g. a bytearray); it is returned.
        """
        size = _c.br_state_move_space(self._s)
        result = out
        if out is None:
            np = _np()
            if np:
                result = out = np.empty(size, np.uint8)
            else:
                out = bytearray(size)
        status = _c.br_state_legal_mask(self._s, out)
        if status == _BUFFER:
            raise ArgumentError("out has %d bytes; the mask needs %d"
                                % (memoryview(out).nbytes, size))
        if status != _OK:
            raise self._failure(status, "legal_mask")
        return list(out) if result is None else result

    @_c_doc("br_state_history")
    def history(self):
        """The moves that led to this state, oldest first, as a list of
        HistoryEntry(move, player); chance outcomes have player PLAYER_CHANCE.
        Entry i took the state from move number history_start + i to the next.
        The entries hold hidden outcomes in full: to show them to a seat, use
        history_text_view(), which writes each on the position before it
        (doc/api.md, "Announcing moves")."""
        capacity = max(_c.br_state_move_number(self._s) - _c.br_state_history_start(self._s), 0)
        status, entries, count = _c.br_state_history(self._s, capacity)
        if status == _BUFFER:
            status, entries, count = _c.br_state_history(self._s, count)
        if status != _OK:
            raise self._failure(status, "history")
        return [HistoryEntry(move, player) for move, player in entries]

    @_c_doc("br_state_history_text_view")
    def history_text_view(self, index, seat):
        """The text of history() entry ``index`` as ``seat`` (0..n-1, or -1
        for a spectator) saw it when the move was made: what was hidden from
        the seat then reads '?'. The way to announce every move, draws made
        inside apply() under chance=auto included, without showing a seat what
        it may not see (doc/api.md, "Announcing moves").

        The history must start at move 0 and lead to this state (a resampled
        state's does not: WrongPhaseError). Each call replays the history."""
        index = _int_arg(index, "a history index")
        seat = self._seat(seat)
        count = _c.br_state_move_number(self._s) - _c.br_state_history_start(self._s)
        if not 0 <= index < count:
            raise ArgumentError("history entry %d is not in 0..%d" % (index, max(count - 1, 0)))
        status, text = _text_call(_c.br_state_history_text_view, self._s, index, seat)
        if status != _OK:
            raise self._failure(status)
        return text

    @_c_doc("br_state_history_effects_json")
    def history_effects(self, index, seat):
        """What history() entry ``index`` changed that ``seat`` (0..n-1, or -1
        for a spectator) may see: a list of dicts, each with a "type" (a tile
        placed, a vote's result, a card drawn, a chapter's dues...) in the
        vocabulary of the game's doc ("Effects"). Hidden cards, tiles and
        ballots appear only where the seat sees them.

        The same conditions and cost as history_text_view()."""
        index = _int_arg(index, "a history index")
        seat = self._seat(seat)
        count = _c.br_state_move_number(self._s) - _c.br_state_history_start(self._s)
        if not 0 <= index < count:
            raise ArgumentError("history entry %d is not in 0..%d" % (index, max(count - 1, 0)))
        status, text = _text_call(_c.br_state_history_effects_json, self._s, index, seat)
        if status != _OK:
            raise self._failure(status)
        return json.loads(text)

    @property
    @_c_doc("br_state_history_start")
    def history_start(self):
        """The move number at which history() begins: 0, unless the state
        was made by resample() (or loaded from a snapshot without history)."""
        return _c.br_state_history_start(self._s)

    @_c_doc("br_record_write_state")
    def to_record(self, tags=None):
        """The game record (format version 2) of the game that led to this
        state: every move of its history, chance outcomes included, and the
        result line (the returns when the game is over, else ``*``).

        ``tags``: a dict or a sequence of (key, value) pairs, written in
        that order after the header (``{"seat0": "Alice", "date":
        "2026-11-30"}``). ArgumentError for a bad tag or a state whose
        history does not start at move 0 (made by resample()).
        """
        if tags is None:
            pairs = []
        elif hasattr(tags, "items"):
            pairs = list(tags.items())
        elif isinstance(tags, (str, bytes)):
            raise TypeError("tags are a dict or a sequence of (key, value) pairs, not %s"
                            % type(tags).__name__)
        else:
            pairs = [tuple(pair) for pair in tags]
        flat = []
        for pair in pairs:
            if len(pair) != 2:
                raise TypeError("a tag is a (key, value) pair, not %r" % (pair,))
            flat.append(_text_arg(pair[0], "a tag key"))
            flat.append(_text_arg(pair[1], "a tag value"))
        status, text, length, err = _c.br_record_write_state(self._s, flat, _TEXT_SIZE)
        if status == _BUFFER:
            status, text, length, err = _c.br_record_write_state(self._s, flat, length + 1)
        if status != _OK:
            raise _error(status, err, "to_record")
        return text

    # -- snapshots, observations, rendering ----------------------------

    @_c_doc("br_state_to_json")
    def to_json(self):
        """The exact full state as versioned JSON text (hidden parts included)."""
        status, text = _text_call(_c.br_state_to_json, self._s)
        if status != _OK:
            raise self._failure(status, "to_json")
        return text

    @classmethod
    @_c_doc("br_state_from_json")
    def from_json(cls, text):
        """Loads a snapshot written by to_json(); SnapshotError names the bad field."""
        _text_arg(text, "a snapshot")
        status, handle, err = _c.br_state_from_json(text)
        if status != _OK:
            raise _error(status, err)
        return cls._wrap(handle)

    @_c_doc("br_state_to_bytes")
    def to_bytes(self):
        """The exact full state as a compact binary snapshot (bytes), the same
        on every platform; pickling and copying use it."""
        status, data, length = _c.br_state_to_bytes(self._s, _BYTES_SIZE)
        if status == _BUFFER:
            status, data, length = _c.br_state_to_bytes(self._s, length)
        if status != _OK:
            raise self._failure(status, "to_bytes")
        return data

    @classmethod
    @_c_doc("br_state_from_bytes")
    def from_bytes(cls, data):
        """Loads a binary snapshot written by to_bytes() (any bytes-like
        object); SnapshotError names the bad field."""
        status, handle, err = _c.br_state_from_bytes(data)
        if status != _OK:
            raise _error(status, err)
        return cls._wrap(handle)

    @_c_doc("br_state_observe")
    def observe(self, seat=-1):
        """What ``seat`` may see, as a dict (the JSON of observe_json()
        decoded); -1: a spectator."""
        return json.loads(self.observe_json(seat))

    @_c_doc("br_state_observe")
    def observe_json(self, seat=-1):
        """What ``seat`` may see, as JSON text; -1: a spectator. Two states
        the seat cannot tell apart give the same text."""
        seat = self._seat(seat)
        status, text = _text_call(_c.br_state_observe, self._s, seat)
        if status != _OK:
            raise self._failure(status)
        return text

    @_c_doc("br_state_render")
    def render(self):
        """A multi-line text picture of the full state, for people (also str(state))."""
        status, text = _text_call(_c.br_state_render, self._s)
        if status != _OK:
            raise self._failure(status)
        return text

    @_c_doc("br_state_render_view")
    def render_view(self, seat):
        """A multi-line picture of what ``seat`` may see (-1: a spectator):
        like render(), without what is hidden from the seat."""
        seat = self._seat(seat)
        status, text = _text_call(_c.br_state_render_view, self._s, seat)
        if status != _OK:
            raise self._failure(status)
        return text

    def __str__(self):
        return self.render()

    def __repr__(self):
        player = self.current_player
        turn = {PLAYER_CHANCE: "chance", PLAYER_TERMINAL: "over"}.get(
            player, "seat %d to move" % player)
        return "<boardrules.State %s %d players, move %d, %s>" % (
            self._game.name, self.num_players, self.move_number, turn)

    def __eq__(self, other):
        """States are equal when their full snapshots are."""
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self.to_json() == other.to_json()

    __hash__ = None     # mutable

    def __reduce__(self):
        return (_state_from_bytes, (self.to_bytes(),))


def _state_from_bytes(data):
    return State.from_bytes(data)


def _state_from_json(text):
    """Loads pickles made before the binary form (they carry JSON text)."""
    return State.from_json(text)


# ----------------------------------------------------------------------
# Records and batch playouts

PlayoutResult = namedtuple("PlayoutResult", "games wins total_moves")
PlayoutResult.__doc__ = """Result of playout_random(): the number of games, the
games won per seat (a shared win counts for every winner) and the moves played
in all."""


@_c_doc("br_playout_random")
def playout_random(state, num_games, seed=0):
    """Plays ``num_games`` uniformly random games to the end from a copy of
    ``state`` (unchanged) inside the library; returns a PlayoutResult.

    The Python lock (GIL) is released meanwhile, so threads can play
    playouts in parallel.
    """
    if not isinstance(state, State):
        raise TypeError("expected a State, not %s" % type(state).__name__)
    num_games = _int_arg(num_games, "the number of games")
    if num_games < 0:
        raise ArgumentError("num_games must not be negative")
    seed = _seed_arg(seed)
    # A private copy: no other thread can touch it while the GIL is released.
    status, work = _c.br_state_clone(state._s)
    if status != _OK:
        raise _error(status, context="playout_random")
    status, wins, total = _c.br_playout_random(work, seed, num_games, state.num_players)
    if status != _OK:
        raise _error(status, context="playout_random")
    return PlayoutResult(num_games, wins, total)


@_c_doc("br_record_write")
def write_record(game_or_name, options, moves):
    """The text of a game record: the game, its options and the moves (ints,
    as applied, without chance outcomes under chance=auto).

    RecordError when a move is illegal, OptionError for bad options.
    """
    g = game(game_or_name) if isinstance(game_or_name, str) else game_or_name
    if not isinstance(g, Game):
        raise TypeError("expected a Game or a game name")
    opts = _text_arg(_options_text(options, {}), "the options")
    moves = [_int_arg(m, "a move") for m in moves]
    status, text, length, err = _c.br_record_write(g._g, opts, moves, _TEXT_SIZE)
    if status == _BUFFER:
        status, text, length, err = _c.br_record_write(g._g, opts, moves, length + 1)
    if status != _OK:
        raise _error(status, err)
    return text


@_c_doc("br_record_replay")
def replay_record(text):
    """Replays and validates a game record; returns the final State.

    On a bad line raises RecordError with ``line`` (1-based) and ``state``
    (the state before that line), or UnknownGameError / OptionError for a
    bad header.
    """
    _text_arg(text, "a record")
    status, handle, bad_line, err = _c.br_record_replay(text)
    state = State._wrap(handle) if handle is not None else None
    if status == _OK:
        return state
    if status in (_c.BR_ERR_RECORD, _c.BR_ERR_INCOMPLETE):
        raise _ERRORS[status](err or _c.br_status_string(status), err, bad_line, state)
    raise _error(status, err)


RecordMove = namedtuple("RecordMove", "text player line")
RecordMove.__doc__ = """One move line of a parsed Record: the move text as
written, the seat the line names (PLAYER_CHANCE for a ``chance:`` line, None
in a version 1 record, which names no seat) and its 1-based line number."""


class Record:
    """A game record read by parse_record(), without replaying it.

    ``version`` (1 or 2), ``game`` (the name as written, not checked),
    ``options`` (the options string as written), ``tags`` (a list of (key,
    value) in the record's order), ``moves`` (a list of RecordMove, chance
    outcomes included) and ``result`` (the text after ``result``, e.g.
    ``"1 -1"`` or ``"*"``; None when the record has no result line: version
    1, or a cut-off file). Whether the moves are legal is replay_record()'s
    and record_verdict()'s question.
    """
    __slots__ = ("version", "game", "options", "tags", "moves", "result", "_json")

    def __init__(self, handle):
        self.version = _c.br_record_version(handle)
        self.game = _c.br_record_game(handle)
        self.options = _c.br_record_options(handle)
        tags = []
        for i in range(_c.br_record_tag_count(handle)):
            status, key, value = _c.br_record_tag_at(handle, i)
            if status != _OK:
                raise _error(status, context="tag %d" % i)
            tags.append((key, value))
        self.tags = tags
        moves = []
        for i in range(_c.br_record_move_count(handle)):
            status, text, player, line = _c.br_record_move_at(handle, i)
            if status != _OK:
                raise _error(status, context="move %d" % i)
            moves.append(RecordMove(text, None if player == _c.BR_PLAYER_INVALID else player,
                                    line))
        self.moves = moves
        self.result = _c.br_record_result(handle)
        status, self._json = _text_call(_c.br_record_to_json, handle)
        if status != _OK:
            raise _error(status, context="to_json")

    def tag(self, key, default=None):
        """The value of the first tag named ``key`` (e.g. "seat0", "date"),
        or ``default`` when there is none."""
        for k, v in self.tags:
            if k == key:
                return v
        return default

    @_c_doc("br_record_to_json")
    def to_json(self):
        """The parsed record as JSON text (doc/records.md): moves as
        {"player", "move", "line"} with player a seat, "chance", or null in
        version 1."""
        return self._json

    def as_dict(self):
        """The JSON of to_json() decoded: a dict with the keys format,
        version, game, options, tags (a list of [key, value]), moves (a
        list of dicts player/move/line) and result."""
        return json.loads(self._json)

    def __repr__(self):
        return "<boardrules.Record version %d, %s, %d tags, %d moves, result %s>" % (
            self.version, self.game, len(self.tags), len(self.moves),
            "none" if self.result is None else repr(self.result))


@_c_doc("br_record_parse", "br_record_tag_at", "br_record_move_at")
def parse_record(text):
    """Reads a game record (format version 1 or 2) into a Record, checking
    the layout only (which line may come where), not the moves.

    A layout error raises RecordError with ``line`` and ``column`` (1-based)
    and the library's reason ("line 4, column 1: expected 'game <name>'").
    """
    _text_arg(text, "a record")
    status, handle, line, column, err = _c.br_record_parse(text)
    if status == _c.BR_ERR_RECORD:
        raise RecordError(err or _c.br_status_string(status), err, line, None, column)
    if status != _OK:
        raise _error(status, err)
    return Record(handle)


@_c_doc("br_record_verdict_json")
def record_verdict(text):
    """Replays a record and returns the verdict as a dict (the library's
    verdict JSON decoded): ``valid`` (every line reads, every move legal),
    ``complete`` (besides, the result line is there and agrees), ``version``,
    ``game``, ``moves`` (replayed, chance outcomes included),
    ``first_bad_line`` and ``column`` (0 when none), ``reason`` and
    ``result`` (what the final position gives). Never raises for a bad
    record: the verdict says what is wrong."""
    _text_arg(text, "a record")
    status, verdict = _text_call(_c.br_record_verdict_json, text)
    if status != _OK:
        raise _error(status, context="record_verdict")
    return json.loads(verdict)


def bot_kinds():
    """The kinds of bots, weakest first: ["random", "greedy", "planner", "ismcts"]."""
    kinds = []
    while _c.br_bot_kind_at(len(kinds)) is not None:
        kinds.append(_c.br_bot_kind_at(len(kinds)))
    return kinds


class Bot:
    """A bot that chooses moves for the seat to move (doc/bots.md); owns its
    C bot (freed when the object dies).

    ``Bot(kind, options="")``: ``kind`` one of bot_kinds(), ``options`` a
    string (or a mapping, or keyword arguments) such as
    ``"iterations=500,seed=3"``. The bot sees only what the seat to move may
    see, and serves the game and player count of the first state it is
    given. One bot must not be used from two threads at once.
    """
    __slots__ = ("_b", "kind")

    @_c_doc("br_bot_new")
    def __init__(self, kind, options=None, **kw):
        _text_arg(kind, "the bot kind")
        status, handle, err = _c.br_bot_new(kind, _text_arg(_options_text(options, kw),
                                                            "the options"))
        if status != _OK:
            raise _error(status, err)
        self._b = handle
        self.kind = _c.br_bot_kind(handle)

    @_c_doc("br_bot_choose")
    def choose(self, state):
        """The move the bot chooses for the seat to move in ``state`` (an
        int). Raises WrongPhaseError at a chance node or the end, and
        GameMismatchError for a state of another game or player count."""
        if not isinstance(state, State):
            raise TypeError("expected a State, not %s" % type(state).__name__)
        status, move = _c.br_bot_choose(self._b, state._s)
        if status != _OK:
            raise _error(status, _c.br_bot_last_error(self._b), "choose")
        return move

    def __repr__(self):
        return "<boardrules.Bot %s>" % self.kind


@_c_doc("br_version_string")
def version():
    """Version of the loaded library, e.g. "0.1.0"."""
    return _c.br_version_string()


@_c_doc("br_version_check")
def version_check(major, minor=0, micro=0):
    """True when the loaded library serves programs built for that version."""
    for part in (major, minor, micro):
        _int_arg(part, "a version number")
    if not all(0 <= part < 2 ** 31 for part in (major, minor, micro)):
        return False
    return bool(_c.br_version_check(major, minor, micro))


def __getattr__(name):
    """Loads boardrules.env.AECEnv (the Gym/PettingZoo-style environment,
    which needs numpy) on first use of boardrules.AECEnv."""
    if name == "AECEnv":
        from .env import AECEnv
        return AECEnv
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
