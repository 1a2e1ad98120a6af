--- libboardrules for Lua: rules of board games behind one interface.
--
--     local boardrules = require "boardrules"
--     local s = boardrules.game("tsuro"):new_state{players = 2, seed = 7}
--     while not s:is_terminal() do s:apply(s:legal_moves()[1]) end
--     print(s, table.concat(s:returns(), " "))
--
-- Moves are integers in a fixed range per game and option set
-- (s:move_space()), and each has a text form; every method that takes a move
-- accepts either. Seats are numbered from 0 as in the C API; per-seat lists
-- (returns, scores, wins) are Lua arrays whose entry i is seat i - 1.
--
-- Failures raise an error object (with error()) whose fields are `status`
-- (the C status code), `name` (e.g. "IllegalMoveError"), `reason` (the
-- library's text) and `message`; tostring() of it gives the message.
--
-- For learning: g:facts() / s:facts() give the sizes, s:observation_tensor()
-- what a seat sees as an array of numbers, s:legal_mask() the legal moves as
-- 0/1 per move, s:history() the moves that led to a state, g:option_specs()
-- the options as data.
--
-- This module is a thin layer over the SWIG module boardrules_c, which
-- mirrors the C API (see the C headers for the reference). States are freed
-- by the garbage collector (the __gc of the C handle calls br_state_free).

local c = require "boardrules_c"

local M = {}

M.PLAYER_CHANCE = c.BR_PLAYER_CHANCE
M.PLAYER_TERMINAL = c.BR_PLAYER_TERMINAL
M.MOVE_NONE = c.BR_MOVE_NONE

local OK = c.BR_OK
local ERR_BUFFER = c.BR_ERR_BUFFER
local TEXT_SIZE = 256
local BYTES_SIZE = 1024 -- first buffer for binary snapshots; retried at the size needed
local MOVE_MIN, MOVE_MAX = -2 ^ 31, 2 ^ 31 - 1

--------------------------------------------------------------------------
-- Errors

local ERROR_NAMES = {
    [c.BR_ERR_ARGUMENT] = "ArgumentError",
    [c.BR_ERR_NO_MEMORY] = "NoMemoryError",
    [c.BR_ERR_OPTION] = "OptionError",
    [c.BR_ERR_ILLEGAL_MOVE] = "IllegalMoveError",
    [c.BR_ERR_PARSE] = "ParseError",
    [c.BR_ERR_SNAPSHOT] = "SnapshotError",
    [c.BR_ERR_BUFFER] = "BufferTooSmallError",
    [c.BR_ERR_WRONG_PHASE] = "WrongPhaseError",
    [c.BR_ERR_UNKNOWN_GAME] = "UnknownGameError",
    [c.BR_ERR_RECORD] = "RecordError",
    [c.BR_ERR_GAME_MISMATCH] = "GameMismatchError",
    [c.BR_ERR_INCOMPLETE] = "IncompleteRecordError",
    [c.BR_ERR_UNKNOWN_BOT] = "UnknownBotError",
}

--- The metatable of error objects.
local Error = { __name = "boardrules.Error" }
Error.__index = Error
Error.__tostring = function(e) return e.message end
M.Error = Error

--- Raises the error of a failed call: `reason` from the library (or the
-- status text), `context` (optional) says what was being done.
local function fail(status, reason, context, extra)
    if reason == nil or reason == "" then
        reason = c.br_status_string(status)
    end
    local message = context and (context .. ": " .. reason) or reason
    local e = setmetatable({
        status = status,
        name = ERROR_NAMES[status] or "Error",
        reason = reason,
        message = "boardrules: " .. message,
    }, Error)
    for k, v in pairs(extra or {}) do e[k] = v end
    error(e, 3)
end

--- True when `e` is an error of this module (of the given name, if any).
function M.is_error(e, name)
    return getmetatable(e) == Error and (name == nil or e.name == name)
end

local THIS_FILE = debug.getinfo(1, "S").source

--- The stack level of the first function outside this file (for error positions).
local function caller_level()
    local level = 2
    while true do
        local info = debug.getinfo(level + 1, "S")
        if info == nil or info.source ~= THIS_FILE then return level end
        level = level + 1
    end
end

--- A wrong argument type: a plain Lua error at the position of the caller.
local function bad_argument(what, got)
    error(string.format("boardrules: %s, got %s", what, type(got)), caller_level())
end

--- Calls a C function that writes text into a buffer (snprintf convention)
-- about state handle `h` (and one or two more arguments, if not nil),
-- retrying once at the size needed. Returns status, text.
local function text_call(fn, h, arg, arg2)
    local function call(size)
        if arg == nil then return fn(h, size) end
        if arg2 == nil then return fn(h, arg, size) end
        return fn(h, arg, arg2, size)
    end
    local status, text, len = call(TEXT_SIZE)
    if status == ERR_BUFFER then
        status, text = call(len + 1)
    end
    return status, text
end

--- `x` as an integer when it is a number with an integer value, else nil
-- (math.tointeger also converts numeric strings, which must stay texts here).
local function to_integer(x)
    if type(x) == "number" then return math.tointeger(x) end
    return nil
end

--- `text` (a string) for C: raises ArgumentError when it holds a NUL byte,
-- since C would read it only up to there ("players=2\0,players=9" would make
-- a 2-player game, a move text with "\0junk" appended would pass).
local function text_arg(text, what)
    local at = text:find("\0", 1, true)
    if at then
        fail(c.BR_ERR_ARGUMENT, string.format("%s must not contain NUL characters (byte %d)",
                                              what, at))
    end
    return text
end

--- A seed argument: an integer in 0 .. math.maxinteger (`default` when nil).
-- A negative seed is refused, as in Python (not taken as its two's
-- complement); seeds of 2^63 and more go as text in the options string.
local function seed_arg(seed, default)
    local value = seed == nil and default or to_integer(seed)
    if value == nil then bad_argument("a seed is an integer", seed) end
    if value < 0 then
        fail(c.BR_ERR_ARGUMENT, string.format("seed %d is not in 0..%d", value, math.maxinteger))
    end
    return value
end

--- The options string from a string or a table of key = value.
local function options_text(options)
    if options == nil then return "" end
    if type(options) == "string" then return text_arg(options, "the options") end
    if type(options) ~= "table" then
        bad_argument("options must be a string or a table", options)
    end
    local keys = {}
    for k in pairs(options) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)  -- a stable string for the same table
    local parts = {}
    for i, k in ipairs(keys) do parts[i] = k .. "=" .. tostring(options[k]) end
    return text_arg(table.concat(parts, ","), "the options")
end

--------------------------------------------------------------------------
-- Games

local Game = { __name = "boardrules.Game" }
Game.__index = Game
Game.__tostring = function(g) return "boardrules.Game(" .. g.name .. ")" end
M.Game = Game

local games_in_order, games_by_name

local function registry()
    if not games_in_order then
        games_in_order, games_by_name = {}, {}
        for i = 0, c.br_game_count() - 1 do
            local h = c.br_game_at(i)
            local g = setmetatable({
                _g = h,
                name = c.br_game_name(h),
                title = c.br_game_title(h),
                description = c.br_game_description(h),
                options_help = c.br_game_options_help(h),
                min_players = c.br_game_min_players(h),
                max_players = c.br_game_max_players(h),
                default_players = c.br_game_default_players(h),
            }, Game)
            games_in_order[#games_in_order + 1] = g
            games_by_name[g.name] = g
        end
    end
    return games_in_order, games_by_name
end

--- The registered games, as an array of Game in registry order.
function M.games()
    local list = {}
    for i, g in ipairs((registry())) do list[i] = g end
    return list
end

--- The game with this short name (e.g. "tsuro"); raises UnknownGameError if none.
function M.game(name)
    if type(name) ~= "string" then bad_argument("a game name is a string", name) end
    text_arg(name, "a game name")
    local _, by_name = registry()
    local g = by_name[name]
    if not g then
        local names = {}
        for i, known in ipairs(games_in_order) do names[i] = known.name end
        fail(c.BR_ERR_UNKNOWN_GAME, string.format("no game named '%s' (known: %s)",
                                                   name, table.concat(names, ", ")))
    end
    return g
end

local OPTION_KINDS = {
    [c.BR_OPTION_INTEGER] = "integer",
    [c.BR_OPTION_CHOICE] = "choice",
    [c.BR_OPTION_FLAG] = "flag",
}
local RETURNS_KINDS = {
    [c.BR_RETURNS_ZERO_SUM] = "zero-sum",
    [c.BR_RETURNS_GENERAL] = "general",
}

--- The facts table of the C module made idiomatic: booleans, kind names.
local function facts_of(raw)
    return {
        num_players = raw.num_players,
        has_chance = raw.has_chance ~= 0,
        has_hidden_information = raw.has_hidden_information ~= 0,
        returns_kind = RETURNS_KINDS[raw.returns_kind] or tostring(raw.returns_kind),
        move_space = raw.move_space,
        max_legal_moves = raw.max_legal_moves,
        max_game_length = raw.max_game_length,
        tensor_shape = raw.tensor_shape,
        tensor_size = raw.tensor_size,
        information_state_size = raw.information_state_size,
    }
end

local function check_game(g, method)
    if getmetatable(g) ~= Game then
        bad_argument("expected a boardrules.Game (use g:" .. method .. "())", g)
    end
end

--- The keys of this game's options (players, seed and chance included), in
-- the order s:options() writes them: an array of tables {key =, kind =
-- "integer" | "choice" | "flag", default = (nil when it depends on other
-- options), min =, max = (integer kind only), choices = (array, choice kind
-- only), help =}.
function Game:option_specs()
    check_game(self, "option_specs")
    local list = {}
    for i = 0, c.br_game_option_count(self._g) - 1 do
        local raw = c.br_game_option(self._g, i)
        local integer = raw.kind == c.BR_OPTION_INTEGER
        list[#list + 1] = {
            key = raw.key,
            kind = OPTION_KINDS[raw.kind] or tostring(raw.kind),
            default = raw.default,
            min = integer and raw.min or nil,
            max = integer and raw.max or nil,
            choices = raw.kind == c.BR_OPTION_CHOICE and raw.choices or nil,
            help = raw.help,
        }
    end
    return list
end

--- Checks options (string or table) without keeping a state: returns true
-- when they are good, raises OptionError naming the key otherwise.
function Game:check_options(options)
    check_game(self, "check_options")
    local status, err = c.br_game_check_options(self._g, options_text(options))
    if status ~= OK then fail(status, err) end
    return true
end

--- The facts of this game with `options` (string or table), without keeping
-- a state: {num_players =, has_chance =, has_hidden_information = (booleans),
-- returns_kind = "zero-sum" | "general", move_space =, max_legal_moves =,
-- max_game_length =, tensor_shape = (array), tensor_size =}.
function Game:facts(options)
    check_game(self, "facts")
    local status, raw, err = c.br_game_facts(self._g, options_text(options))
    if status ~= OK then fail(status, err) end
    return facts_of(raw)
end

local function game_of_handle(h)
    local _, by_name = registry()
    return by_name[c.br_game_name(h)]
end

--------------------------------------------------------------------------
-- States

local State = { __name = "boardrules.State" }
State.__index = State
M.State = State

local function wrap_state(handle, g)
    return setmetatable({
        _s = handle,
        _game = g or game_of_handle(c.br_state_game(handle)),
        _capacity = c.br_state_max_legal_moves(handle),
    }, State)
end

--- The C handle of a State argument (a clear error for anything else).
local function handle(s)
    if getmetatable(s) ~= State then
        bad_argument("expected a boardrules.State (use s:method(), not s.method())", s)
    end
    return s._s
end

local function as_game(g)
    if type(g) == "string" then return M.game(g) end
    if getmetatable(g) ~= Game then bad_argument("expected a boardrules.Game or a game name", g) end
    return g
end

--- A new initial state of `game` (a Game or a name) with `options` (a string
-- like "players=3,seed=42" or a table {players = 3, seed = 42}).
-- Raises OptionError naming the key when a key or value is bad.
function M.new_state(game, options)
    local g = as_game(game)
    local status, h, err = c.br_state_new(g._g, options_text(options))
    if status ~= OK then fail(status, err) end
    return wrap_state(h, g)
end

--- g:new_state(options): see boardrules.new_state.
function Game:new_state(options)
    if getmetatable(self) ~= Game then bad_argument("expected a boardrules.Game (use g:new_state())", self) end
    return M.new_state(self, options)
end

--- A move argument as an integer: integers pass, strings are parsed.
local function move_arg(s, move)
    local m = to_integer(move)
    if m then return m end
    if type(move) == "string" then return s:move_from_text(move) end
    bad_argument("a move is an integer or a string", move)
end

--- "'c3r1' (17)" for messages; just the number when it has no text.
local function describe(h, m)
    local status, text = c.BR_ERR_ARGUMENT, nil
    if m >= MOVE_MIN and m <= MOVE_MAX then
        status, text = text_call(c.br_state_move_to_text, h, m)
    end
    if status == OK then return string.format("'%s' (%d)", text, m) end
    return tostring(m)
end

function State:game() handle(self); return self._game end
function State:num_players() return c.br_state_num_players(handle(self)) end
function State:last_error() return c.br_state_last_error(handle(self)) end
function State:move_number() return c.br_state_move_number(handle(self)) end
function State:move_space() return c.br_state_move_space(handle(self)) end
--- The seat to move, PLAYER_CHANCE at a chance node, PLAYER_TERMINAL at the end.
function State:current_player() return c.br_state_current_player(handle(self)) end
function State:is_terminal() return c.br_state_is_terminal(handle(self)) == 1 end
function State:is_chance_node() return c.br_state_is_chance_node(handle(self)) == 1 end

--- The canonical options string: every key, defaults included.
function State:options()
    local h = handle(self)
    local status, text = text_call(c.br_state_options, h)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return text
end

--- An independent copy.
function State:clone()
    local status, h = c.br_state_clone(handle(self))
    if status ~= OK then fail(status, nil, "clone") end
    return wrap_state(h, self._game)
end

--- Makes this state a copy of `other` (same game and players) in place.
function State:copy_from(other)
    local h = handle(self)
    local status = c.br_state_copy(h, handle(other))
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    self._game, self._capacity, self._facts = other._game, other._capacity, nil
    return self
end

--- The legal moves (at a chance node: the outcomes), ascending, as an array.
function State:legal_moves()
    local status, moves = c.br_state_legal_moves(handle(self), self._capacity)
    if status ~= OK then fail(status, nil, "legal_moves") end
    return moves
end

--- nil when `move` (integer or text) is legal, else the reason why not.
-- Raises ParseError for a text that is not a move at all.
function State:check(move)
    local h = handle(self)
    local m = move_arg(self, move)
    if m < MOVE_MIN or m > MOVE_MAX then
        return string.format("move %d is not in the move space", m)
    end
    local status, reason = c.br_state_check_move(h, m)
    if status == OK then return nil end
    if status == c.BR_ERR_ILLEGAL_MOVE then return reason end
    fail(status, reason)
end

--- true when `move` (integer or text) is legal.
function State:is_legal(move) return self:check(move) == nil end

--- Applies a move (integer or text); returns the state.
-- An illegal move raises IllegalMoveError with the reason and leaves the
-- state unchanged.
function State:apply(move)
    local h = handle(self)
    local m = move_arg(self, move)
    if m < MOVE_MIN or m > MOVE_MAX then
        fail(c.BR_ERR_ILLEGAL_MOVE, "not in the move space", "illegal move " .. m)
    end
    local status = c.br_state_apply(h, m)
    if status ~= OK then
        fail(status, c.br_state_last_error(h), "illegal move " .. describe(h, m))
    end
    return self
end

--- The text form of a move (need not be legal, must be in the move space).
function State:move_to_text(move)
    local h = handle(self)
    local m = move_arg(self, move)
    local status, text = c.BR_ERR_ARGUMENT, nil
    if m >= MOVE_MIN and m <= MOVE_MAX then
        status, text = text_call(c.br_state_move_to_text, h, m)
    end
    if status ~= OK then
        fail(status, string.format("move %d is not in 0..%d", m, c.br_state_move_space(h) - 1))
    end
    return text
end

--- The text of a move as `seat` (0..n-1, or -1 for a spectator) may see it:
-- what is hidden from the seat reads '?'. For showing moves to people.
-- Call it on the position before the move: the text depends on the position,
-- and written afterwards it can show the seat what was hidden from it.
-- Outcomes drawn under chance=auto appear only in s:history(): replay its new
-- entries on a chance=explicit copy of the game, writing each before applying
-- it (doc/api.md, "Announcing moves").
function State:move_to_text_view(move, seat)
    local h = handle(self)
    local m = move_arg(self, move)
    local space = c.br_state_move_space(h)
    if m < 0 or m >= space then
        fail(c.BR_ERR_ARGUMENT, string.format("move %d is not in 0..%d", m, space - 1))
    end
    local n = c.br_state_num_players(h)
    local sv = to_integer(seat)
    if sv == nil then bad_argument("a seat is an integer", seat) end
    if sv < -1 or sv >= n then
        fail(c.BR_ERR_ARGUMENT, string.format("seat %d is not in -1..%d", sv, n - 1))
    end
    local status, text = text_call(c.br_state_move_to_text_view, h, m, sv)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return text
end

--- The move (an integer) written as `text`; ParseError when it is not one.
function State:move_from_text(text)
    local h = handle(self)
    if type(text) ~= "string" then bad_argument("a move text is a string", text) end
    text_arg(text, "a move text")
    local status, m = c.br_state_move_from_text(h, text)
    if status ~= OK then
        fail(status, c.br_state_last_error(h), string.format("cannot read move '%s'", text))
    end
    return m
end

--- The outcomes of the current chance node: an array of {move = m, prob = p}.
-- Raises WrongPhaseError off a chance node.
function State:chance_outcomes()
    local status, moves, probs = c.br_state_chance_outcomes(handle(self), self._capacity)
    if status ~= OK then
        fail(status, status == c.BR_ERR_WRONG_PHASE and "the state is not at a chance node" or nil)
    end
    local list = {}
    for i, m in ipairs(moves) do list[i] = { move = m, prob = probs[i] } end
    return list
end

--- Resolves the current chance node from the state's generator; returns the outcome.
function State:resolve_chance()
    local h = handle(self)
    local status, outcome = c.br_state_resolve_chance(h)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return outcome
end

--- A state that `seat` cannot tell apart from this one, what is hidden from
-- it drawn anew from `seed`; written into `into` when given, else a new state.
function State:resample(seat, seed, into)
    local h = handle(self)
    if to_integer(seat) == nil then bad_argument("a seat is an integer", seat) end
    seed = seed_arg(seed)
    local target = into or self:clone()
    local th = handle(target)
    local status = c.br_state_resample(h, to_integer(seat), seed, th)
    if status ~= OK then fail(status, c.br_state_last_error(th)) end
    -- now of this option set
    target._game, target._capacity, target._facts = self._game, self._capacity, nil
    return target
end

--- Per-seat returns (array; entry i is seat i - 1): +1 each winner, -1 the
-- others at the end; all 0 before the end or when everybody or nobody wins.
function State:returns()
    local h = handle(self)
    local status, values = c.br_state_returns(h, c.br_state_num_players(h))
    if status ~= OK then fail(status) end
    return values
end

--- Per-seat scores in the game's own points (array; entry i is seat i - 1).
function State:scores()
    local h = handle(self)
    local status, values = c.br_state_scores(h, c.br_state_num_players(h))
    if status ~= OK then fail(status) end
    return values
end

--- The exact full state as versioned JSON text (hidden parts included).
function State:to_json()
    local h = handle(self)
    local status, text = text_call(c.br_state_to_json, h)
    if status ~= OK then fail(status, c.br_state_last_error(h), "to_json") end
    return text
end

--- Loads a snapshot written by to_json(); SnapshotError names the bad field.
function M.from_json(text)
    if type(text) ~= "string" then bad_argument("a snapshot is a string", text) end
    text_arg(text, "a snapshot")
    local status, h, err = c.br_state_from_json(text)
    if status ~= OK then fail(status, err) end
    return wrap_state(h)
end
State.from_json = M.from_json

--- The exact full state as a compact binary snapshot (a Lua string of bytes),
--- the same on every platform.
function State:to_bytes()
    local h = handle(self)
    local status, data, len = c.br_state_to_bytes(h, BYTES_SIZE)
    if status == ERR_BUFFER then
        status, data = c.br_state_to_bytes(h, len)
    end
    if status ~= OK then fail(status, c.br_state_last_error(h), "to_bytes") end
    return data
end

--- Loads a binary snapshot written by to_bytes(); SnapshotError names the bad field.
function M.from_bytes(data)
    if type(data) ~= "string" then bad_argument("a binary snapshot is a string", data) end
    local status, h, err = c.br_state_from_bytes(data)
    if status ~= OK then fail(status, err) end
    return wrap_state(h)
end
State.from_bytes = M.from_bytes

--- A seat argument: an integer in -1 .. players - 1 (`default` when nil).
local function seat_arg(h, seat, default)
    local given = seat
    if seat == nil then seat = default end
    seat = to_integer(seat)
    if seat == nil then bad_argument("a seat is an integer", given) end
    local n = c.br_state_num_players(h)
    if seat < -1 or seat >= n then
        fail(c.BR_ERR_ARGUMENT, string.format("seat %d is not in -1..%d", seat, n - 1))
    end
    return seat
end

-- A tensor's seat argument: the seat given (checked by seat_arg), or the
-- current player when nil (-1 at a chance node or the end).
local function seat_or_mover(h, seat)
    if seat ~= nil then return seat_arg(h, seat) end
    local mover = c.br_state_current_player(h)
    return mover >= 0 and mover or -1
end

--- What `seat` may see as JSON text; -1 (the default) for a spectator.
function State:observe_json(seat)
    local h = handle(self)
    seat = seat_arg(h, seat, -1)
    local status, text = text_call(c.br_state_observe, h, seat)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return text
end

local json_module
local function json()
    if json_module == nil then
        local ok, mod = pcall(require, "dkjson")
        json_module = ok and mod or false
    end
    if not json_module then
        error("boardrules: observe() and record_verdict() need the JSON module dkjson "
              .. "(Debian: lua-dkjson); observe_json() and record_verdict_json() give the text",
              caller_level())
    end
    return json_module
end

--- What `seat` may see as a table (the JSON of observe_json() decoded;
-- JSON null becomes nil); -1 (the default) for a spectator.
function State:observe(seat)
    handle(self)
    local text = State.observe_json(self, seat)
    local value, _, err = json().decode(text)
    if err then fail(c.BR_ERR_ARGUMENT, "cannot decode the observation: " .. err, "observe") end
    return value
end

--- A multi-line picture of what `seat` may see (-1: a spectator): like
-- s:render(), without what is hidden from the seat.
function State:render_view(seat)
    local h = handle(self)
    if seat == nil then bad_argument("a seat is an integer", seat) end
    seat = seat_arg(h, seat)
    local status, text = text_call(c.br_state_render_view, h, seat)
    if status ~= OK then fail(status, c.br_state_last_error(h), "render_view") end
    return text
end

--- The winning seats (0-based) of a finished game, as an array (every seat
-- of a shared win; empty when nobody won). WrongPhaseError before the end.
function State:winners()
    local h = handle(self)
    local status, flags = c.br_state_winners(h, c.br_state_num_players(h))
    if status ~= OK then
        fail(status, status == c.BR_ERR_WRONG_PHASE and "the game is not over" or nil, "winners")
    end
    local list = {}
    for i, won in ipairs(flags) do
        if won ~= 0 then list[#list + 1] = i - 1 end
    end
    return list
end

--- The facts of this state's game and option set (see Game:facts()).
function State:facts()
    local h = handle(self)
    if self._facts == nil then
        local status, raw = c.br_state_facts(h)
        if status ~= OK then fail(status, nil, "facts") end
        self._facts = facts_of(raw)
    end
    return self._facts
end

--- What `seat` has seen over the whole game, as a flat array of
-- facts().information_state_size numbers: the observation tensor, then the
-- moves as the seat saw them (doc/api.md). `seat` defaults to the current
-- player (-1, a spectator, at a chance node or the end).
function State:information_state_tensor(seat)
    local h = handle(self)
    seat = seat_or_mover(h, seat)
    local status, values = c.br_state_information_state_tensor(
        h, seat, self:facts().information_state_size)
    if status ~= OK then fail(status, nil, "information_state_tensor") end
    return values
end

--- What `seat` sees now as numbers: a flat array of facts().tensor_size
-- numbers (row-major in facts().tensor_shape). `seat` defaults to the current
-- player (-1, a spectator, at a chance node or the end).
function State:observation_tensor(seat)
    local h = handle(self)
    seat = seat_or_mover(h, seat)
    local status, values = c.br_state_observation_tensor(h, seat, self:facts().tensor_size)
    if status ~= OK then fail(status, nil, "observation_tensor") end
    return values
end

--- The legal moves (at a chance node: the outcomes) as an array of
-- move_space() entries, 1 or 0: entry m + 1 is move m. All 0 at the end.
function State:legal_mask()
    local h = handle(self)
    local status, mask = c.br_state_legal_mask(h, c.br_state_move_space(h))
    if status ~= OK then fail(status, nil, "legal_mask") end
    return mask
end

--- The moves that led to this state, oldest first: an array of
-- {move =, player =}, player PLAYER_CHANCE for a chance outcome. Entry i
-- took the state from move number history_start() + i - 1 to the next.
-- The entries hold hidden outcomes in full: to show them to a seat, use
-- history_text_view(), which writes each on the position before it
-- (doc/api.md, "Announcing moves").
function State:history()
    local h = handle(self)
    local capacity = c.br_state_move_number(h) - c.br_state_history_start(h)
    if capacity < 0 then capacity = 0 end
    local status, entries, count = c.br_state_history(h, capacity)
    if status == ERR_BUFFER then
        status, entries = c.br_state_history(h, count)
    end
    if status ~= OK then fail(status, nil, "history") end
    return entries
end

--- The move number at which history() begins: 0, unless the state was made
-- by resample() (or loaded from a snapshot without history).
function State:history_start() return c.br_state_history_start(handle(self)) end

--- The history index and seat arguments, checked (ArgumentError naming the
-- range, or a type error).
local function history_entry_args(h, index, seat)
    local i = to_integer(index)
    if i == nil then bad_argument("a history index is an integer", index) end
    local count = c.br_state_move_number(h) - c.br_state_history_start(h)
    if i < 0 or i >= count then
        fail(c.BR_ERR_ARGUMENT, string.format("history entry %d is not in 0..%d", i,
                                              math.max(count - 1, 0)))
    end
    local sv = to_integer(seat)
    if sv == nil then bad_argument("a seat is an integer", seat) end
    local n = c.br_state_num_players(h)
    if sv < -1 or sv >= n then
        fail(c.BR_ERR_ARGUMENT, string.format("seat %d is not in -1..%d", sv, n - 1))
    end
    return i, sv
end

--- The text of history entry `index` as `seat` (0..n-1, or -1 for a
-- spectator) saw it when the move was made: what was hidden from the seat
-- then reads '?' (doc/api.md, "Announcing moves"). `index` counts as in C,
-- from 0: entry `index` is history()[index + 1]. The history must start at
-- move 0 and lead to this state (WrongPhaseError otherwise); each call
-- replays it.
function State:history_text_view(index, seat)
    local h = handle(self)
    local i, sv = history_entry_args(h, index, seat)
    local status, text = text_call(c.br_state_history_text_view, h, i, sv)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return text
end

--- What history entry `index` (counted from 0, as history_text_view) changed
-- that `seat` (0..n-1, or -1) may see: a JSON array of effects, each an
-- object whose "type" comes first, in the vocabulary of the game's doc
-- ("Effects"). Hidden cards, tiles and ballots appear only where the seat
-- sees them.
function State:history_effects_json(index, seat)
    local h = handle(self)
    local i, sv = history_entry_args(h, index, seat)
    local status, text = text_call(c.br_state_history_effects_json, h, i, sv)
    if status ~= OK then fail(status, c.br_state_last_error(h)) end
    return text
end

--- history_effects_json() decoded into Lua tables (needs a JSON module, as
-- observe() does).
function State:history_effects(index, seat)
    handle(self)
    local text = State.history_effects_json(self, index, seat)
    local value, _, err = json().decode(text)
    if err then fail(c.BR_ERR_ARGUMENT, "cannot decode the effects: " .. err, "history_effects") end
    return value
end

--- A multi-line picture of the full state for people (also tostring(s)).
function State:render()
    local h = handle(self)
    local status, text = text_call(c.br_state_render, h)
    if status ~= OK then fail(status, c.br_state_last_error(h), "render") end
    return text
end

State.__tostring = State.render

--- Two states are equal when their full snapshots are.
State.__eq = function(a, b) return a:to_json() == b:to_json() end

--------------------------------------------------------------------------
-- Records, batch playouts, version

--- Plays `num_games` uniformly random games to the end from a copy of `s`
-- (unchanged) inside the library. Returns {games =, wins = {per seat},
-- total_moves =}; a shared win counts for every winner.
function M.playout_random(s, num_games, seed)
    local h = handle(s)
    local games = to_integer(num_games)
    if games == nil or games < 0 then
        bad_argument("the number of games is a non-negative integer", num_games)
    end
    local seed_value = seed_arg(seed, 0)
    local status, wins, total = c.br_playout_random(h, seed_value, games, c.br_state_num_players(h))
    if status ~= OK then fail(status, nil, "playout_random") end
    return { games = games, wins = wins, total_moves = total }
end

--- The text of a game record of `game` (Game or name) with `options` and the
-- array of moves (integers, as applied). RecordError names an illegal move.
function M.write_record(game, options, moves)
    local g = as_game(game)
    if type(moves) ~= "table" then bad_argument("moves must be an array of integers", moves) end
    local list = {}
    for i, m in ipairs(moves) do
        list[i] = to_integer(m)
        if list[i] == nil then bad_argument("moves must be an array of integers", m) end
    end
    local opts = options_text(options)
    local status, text, len, err = c.br_record_write(g._g, opts, list, TEXT_SIZE)
    if status == ERR_BUFFER then
        status, text, len, err = c.br_record_write(g._g, opts, list, len + 1)
    end
    if status ~= OK then fail(status, err) end
    return text
end

--- Replays and validates a record. Returns the final state; a bad line
-- raises RecordError with fields `line` (1-based) and `state` (the state
-- before that line, or nil when the header was bad).
function M.replay_record(text)
    if type(text) ~= "string" then bad_argument("a record is a string", text) end
    text_arg(text, "a record")
    local status, h, bad_line, err = c.br_record_replay(text)
    local s = h and wrap_state(h) or nil
    if status ~= OK then fail(status, err, nil, { line = bad_line, state = s }) end
    return s
end

--- The record (format version 2) of the game that led to this state: every
-- move of its history, chance outcomes included, and the result line (the
-- returns when the game is over, else `*`). `tags` (optional): an array of
-- {key, value} pairs, written in that order, or a table key = value (written
-- sorted by key). ArgumentError for a bad tag or a state made by resample().
function State:to_record(tags)
    local h = handle(self)
    local flat = {}
    if tags ~= nil then
        if type(tags) ~= "table" then bad_argument("tags must be a table", tags) end
        if #tags > 0 or next(tags) == nil then
            for i, pair in ipairs(tags) do
                if type(pair) ~= "table" or type(pair[1]) ~= "string" or type(pair[2]) ~= "string" then
                    bad_argument("tag " .. i .. " must be a {key, value} pair of strings", pair)
                end
                flat[#flat + 1] = text_arg(pair[1], "a tag key")
                flat[#flat + 1] = text_arg(pair[2], "a tag value")
            end
        else
            local keys = {}
            for k, v in pairs(tags) do
                if type(k) ~= "string" or type(v) ~= "string" then
                    bad_argument("tags must map strings to strings", v)
                end
                keys[#keys + 1] = k
            end
            table.sort(keys)
            for _, k in ipairs(keys) do
                flat[#flat + 1] = text_arg(k, "a tag key")
                flat[#flat + 1] = text_arg(tags[k], "a tag value")
            end
        end
    end
    local status, text, len, err = c.br_record_write_state(h, flat, TEXT_SIZE)
    if status == ERR_BUFFER then
        status, text, len, err = c.br_record_write_state(h, flat, len + 1)
    end
    if status ~= OK then fail(status, err, "to_record") end
    return text
end

--- The methods of a parsed record (boardrules.parse_record()).
local Record = { __name = "boardrules.Record" }
Record.__index = Record
M.Record = Record

--- The value of the first tag named `key` (e.g. "seat0", "date"), or nil.
function Record:tag(key)
    for _, pair in ipairs(self.tags) do
        if pair[1] == key then return pair[2] end
    end
    return nil
end

--- The parsed record as JSON text (doc/records.md).
function Record:to_json() return self._json end

--- Reads a game record (format version 1 or 2) without replaying it: checks
-- the layout only (which line may come where), not the moves. Returns a
-- table {version =, game =, options =, tags = {{key, value}, ...}, moves =
-- {{text =, player =, line =}, ...}, result =} with the methods
-- r:tag(key) and r:to_json(). `player` is the seat the line names,
-- boardrules.PLAYER_CHANCE for a `chance:` line and nil in a version 1
-- record; `result` is the text after `result` ("1 -1", "*"), nil when the
-- record has none (version 1, or a cut-off file). A layout error raises
-- RecordError with fields `line` and `column` (1-based).
function M.parse_record(text)
    if type(text) ~= "string" then bad_argument("a record is a string", text) end
    text_arg(text, "a record")
    local status, r, line, column, err = c.br_record_parse(text)
    if status ~= OK then fail(status, err, nil, { line = line, column = column }) end
    local tags, moves = {}, {}
    for i = 0, c.br_record_tag_count(r) - 1 do
        local st, key, value = c.br_record_tag_at(r, i)
        if st ~= OK then fail(st, nil, "tag " .. i) end
        tags[#tags + 1] = { key, value }
    end
    for i = 0, c.br_record_move_count(r) - 1 do
        local st, move_text, player, move_line = c.br_record_move_at(r, i)
        if st ~= OK then fail(st, nil, "move " .. i) end
        if player == c.BR_PLAYER_INVALID then player = nil end
        moves[#moves + 1] = { text = move_text, player = player, line = move_line }
    end
    local st, json_text = text_call(c.br_record_to_json, r)
    if st ~= OK then fail(st, nil, "to_json") end
    return setmetatable({
        version = c.br_record_version(r),
        game = c.br_record_game(r),
        options = c.br_record_options(r),
        tags = tags,
        moves = moves,
        result = c.br_record_result(r),
        _json = json_text,
    }, Record)
end

--- Replays a record and returns the verdict as a table (the library's
-- verdict JSON decoded with dkjson): valid, complete (booleans), version,
-- game, moves, first_bad_line, column (0 when none), reason, result. Never
-- raises for a bad record: the verdict says what is wrong. The text alone:
-- boardrules.record_verdict_json(text).
function M.record_verdict(text)
    local verdict = M.record_verdict_json(text)
    local value, _, err = json().decode(verdict)
    if err then fail(c.BR_ERR_ARGUMENT, "cannot decode the verdict: " .. err, "record_verdict") end
    return value
end

--- The verdict of boardrules.record_verdict() as JSON text.
function M.record_verdict_json(text)
    if type(text) ~= "string" then bad_argument("a record is a string", text) end
    text_arg(text, "a record")
    local status, verdict = text_call(c.br_record_verdict_json, text)
    if status ~= OK then fail(status, nil, "record_verdict") end
    return verdict
end

--------------------------------------------------------------------------
-- Bots (doc/bots.md)

local Bot = { __name = "boardrules.Bot" }
Bot.__index = Bot
Bot.__tostring = function(b) return "boardrules.Bot(" .. b.kind .. ")" end
M.Bot = Bot

--- The kinds of bots, weakest first: {"random", "greedy", "planner", "ismcts"}.
function M.bot_kinds()
    local kinds = {}
    while c.br_bot_kind_at(#kinds) do kinds[#kinds + 1] = c.br_bot_kind_at(#kinds) end
    return kinds
end

--- A new bot of `kind` (one of boardrules.bot_kinds()) with `options` (a
-- string like "iterations=500,seed=3" or a table). It sees only what the
-- seat to move may see and serves the game and player count of the first
-- state it is given. Raises UnknownBotError or OptionError.
function M.new_bot(kind, options)
    if type(kind) ~= "string" then bad_argument("a bot kind is a string", kind) end
    local status, b, err = c.br_bot_new(text_arg(kind, "the bot kind"), options_text(options))
    if status ~= OK then fail(status, err) end
    return setmetatable({ _b = b, kind = c.br_bot_kind(b) }, Bot)
end
-- boardrules.Bot(kind, options) is boardrules.new_bot(kind, options).
setmetatable(Bot, { __call = function(_, kind, options) return M.new_bot(kind, options) end })

--- The move (an integer) the bot chooses for the seat to move in `state`.
-- Raises WrongPhaseError at a chance node or the end, GameMismatchError for
-- a state of another game or player count.
function Bot:choose(state)
    if getmetatable(self) ~= Bot then bad_argument("expected a boardrules.Bot (use b:choose())", self) end
    local status, move = c.br_bot_choose(self._b, handle(state))
    if status ~= OK then fail(status, c.br_bot_last_error(self._b), "choose") end
    return move
end

--- Version of the loaded library, e.g. "0.1.0".
function M.version() return c.br_version_string() end

--- true when the loaded library serves programs built for that version.
function M.version_check(major, minor, micro)
    return c.br_version_check(major, minor or 0, micro or 0) == 1
end

M._VERSION = c.br_version_string()
M.c = c  -- the raw SWIG module, for what this layer does not cover

return M
