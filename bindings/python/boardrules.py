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

This module is a thin layer over the SWIG module ``boardrules_c``, which
mirrors the C API; the docstrings below end with the C documentation of the
functions they call.
"""

import inspect
import operator
from collections import namedtuple

import boardrules_c as _c

__all__ = [
    "Error", "ArgumentError", "NoMemoryError", "OptionError", "IllegalMoveError",
    "ParseError", "SnapshotError", "BufferTooSmallError", "WrongPhaseError",
    "UnknownGameError", "RecordError", "GameMismatchError",
    "Game", "State", "PlayoutResult",
    "games", "game", "playout_random", "write_record", "replay_record",
    "version", "version_check", "PLAYER_CHANCE", "PLAYER_TERMINAL", "MOVE_NONE",
]

#: current_player at a chance node.
PLAYER_CHANCE = _c.BR_PLAYER_CHANCE
#: current_player of a finished game.
PLAYER_TERMINAL = _c.BR_PLAYER_TERMINAL
#: "no move".
MOVE_NONE = _c.BR_MOVE_NONE

#: Version of the loaded library, e.g. "0.1.0".
__version__ = _c.br_version_string()

_OK = _c.BR_OK
_BUFFER = _c.BR_ERR_BUFFER
_MOVE_MIN, _MOVE_MAX = -2 ** 31, 2 ** 31 - 1
_TEXT_SIZE = 256           # first buffer size for texts; retried at the size needed
_BYTES_SIZE = 1024         # first buffer size for binary snapshots; retried likewise
_REPR_TEXT = 40


def _c_doc(*names):
    """Appends the C documentation (from the headers' Doxygen comments, as
    SWIG generated it) of the named C functions to a docstring."""
    def decorate(obj):
        parts = [inspect.cleandoc(obj.__doc__ or "")]
        for name in names:
            doc = getattr(getattr(_c, name), "__doc__", None)
            if doc:
                parts.append("C API: %s()\n%s" % (name, doc.strip("\n")))
        if obj.__doc__ is not None:        # python -OO drops docstrings
            obj.__doc__ = "\n\n".join(parts)
        return obj
    return decorate


# ----------------------------------------------------------------------
# Errors

class Error(Exception):
    """Base class of every error of the library.

    ``status`` is the C status code (an int, see ``boardrules_c.BR_ERR_*``)
    and ``reason`` the library's explanation.
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
    state before it (a State, or None when the header was bad).
    """
    status = _c.BR_ERR_RECORD

    def __init__(self, message, reason=None, line=0, state=None):
        super().__init__(message, reason)
        self.line = line
        self.state = state


class GameMismatchError(Error, ValueError):
    """Two states of different games or player counts were combined."""
    status = _c.BR_ERR_GAME_MISMATCH


_ERRORS = {cls.status: cls for cls in (
    ArgumentError, NoMemoryError, OptionError, IllegalMoveError, ParseError,
    SnapshotError, BufferTooSmallError, WrongPhaseError, UnknownGameError,
    RecordError, GameMismatchError)}


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
    if not isinstance(name, str):
        raise TypeError("game name must be a str, not %s" % type(name).__name__)
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
    __slots__ = ("_s", "_game", "_capacity", "__weakref__")

    @_c_doc("br_state_new")
    def __init__(self, game_or_name, options=None, **kw):
        """Creates the initial state of a game (see Game.new_state)."""
        g = game(game_or_name) if isinstance(game_or_name, str) else game_or_name
        if not isinstance(g, Game):
            raise TypeError("expected a Game or a game name, not %s"
                            % type(game_or_name).__name__)
        status, handle, err = _c.br_state_new(g._g, _options_text(options, kw))
        if status != _OK:
            raise _error(status, err)
        self._adopt(handle, g)

    def _adopt(self, handle, g=None):
        self._s = handle
        self._game = g if g is not None else _game_of(_c.br_state_game(handle))
        self._capacity = _c.br_state_max_legal_moves(handle)

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
        discarded face down) reads '?'. For showing moves to people."""
        m = self._move(move)
        if type(seat) is not int:
            raise TypeError("a seat is an int, not %s" % type(seat).__name__)
        if not (_MOVE_MIN <= m <= _MOVE_MAX and 0 <= m < self.move_space):
            raise _error(_c.BR_ERR_ARGUMENT, "move %d is not in 0..%d" % (m, self.move_space - 1))
        if not -1 <= seat < self.num_players:
            raise _error(_c.BR_ERR_ARGUMENT,
                         "seat %d is not in -1..%d" % (seat, self.num_players - 1))
        status, text = _text_call(_c.br_state_move_to_text_view, self._s, m, seat)
        if status != _OK:
            raise self._failure(status)
        return text

    @_c_doc("br_state_move_from_text")
    def move_from_text(self, text):
        """The move (an int) written as ``text``; ParseError if it is not one.

        Parsing does not check legality.
        """
        if not isinstance(text, str):
            raise TypeError("a move text is a str, not %s" % type(text).__name__)
        status, move = _c.br_state_move_from_text(self._s, text)
        if status != _OK:
            raise self._failure(status, "cannot read move %r" % text)
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
        target = self.clone() if into is None else into
        if not isinstance(target, State):
            raise TypeError("into must be a State, not %s" % type(into).__name__)
        status = _c.br_state_resample(self._s, seat, seed, target._s)
        if status != _OK:
            raise target._failure(status)
        target._adopt(target._s, self._game)    # now of this state's option set
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
        if not isinstance(text, str):
            raise TypeError("a snapshot is a str, not %s" % type(text).__name__)
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
        """What ``seat`` may see, as JSON text (json.loads() it); -1: a spectator."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError("a seat is an int, not %s" % type(seat).__name__)
        if not -1 <= seat < self.num_players:
            raise ArgumentError("seat %d is not in -1..%d" % (seat, self.num_players - 1))
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
    if num_games < 0:
        raise ArgumentError("num_games must not be negative")
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
    opts = _options_text(options, {})
    moves = [operator.index(m) for m in moves]
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
    if not isinstance(text, str):
        raise TypeError("a record is a str, not %s" % type(text).__name__)
    status, handle, bad_line, err = _c.br_record_replay(text)
    state = State._wrap(handle) if handle is not None else None
    if status == _OK:
        return state
    if status == _c.BR_ERR_RECORD:
        raise RecordError(err or _c.br_status_string(status), err, bad_line, state)
    raise _error(status, err)


@_c_doc("br_version_string")
def version():
    """Version of the loaded library, e.g. "0.1.0"."""
    return _c.br_version_string()


@_c_doc("br_version_check")
def version_check(major, minor=0, micro=0):
    """True when the loaded library serves programs built for that version."""
    return bool(_c.br_version_check(major, minor, micro))
