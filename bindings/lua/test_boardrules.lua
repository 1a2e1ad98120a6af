-- Tests of the Lua binding (module boardrules over boardrules_c).
-- Run by `make check` through bindings/uninstalled-env; exits non-zero on
-- failure. Every wrapper is called with good input and bad: bad input must
-- raise a Lua error and never crash the interpreter.

local boardrules = require "boardrules"
local c = require "boardrules_c"

local GAME = "tsuro"
local tests, failures = {}, 0

local function test(name, fn) tests[#tests + 1] = { name = name, fn = fn } end

local function check(cond, message, level)
    if not cond then error(message or "check failed", (level or 1) + 1) end
end

local function equal(a, b, message)
    if a ~= b then
        error(string.format("%s: expected %s, got %s", message or "equal",
                            tostring(b), tostring(a)), 2)
    end
end

--- Calls fn(...) and checks that it raises; returns the error value.
local function raises(fn, ...)
    local ok, err = pcall(fn, ...)
    check(not ok, "expected an error", 2)
    return err
end

--- Checks that fn(...) raises a boardrules error of this name; returns it.
local function raises_br(name, fn, ...)
    local ok, err = pcall(fn, ...)
    check(not ok, "expected " .. name, 2)
    check(boardrules.is_error(err, name),
          string.format("expected %s, got %s", name, tostring(err)), 2)
    check(type(err.reason) == "string" and err.reason ~= "", "error without a reason", 2)
    check(tostring(err) == err.message, "tostring of an error is its message", 2)
    return err
end

--- Checks that fn(...) raises a plain (string) Lua error mentioning `pattern`.
local function raises_type(pattern, fn, ...)
    local err = raises(fn, ...)
    check(type(err) == "string" and err:find(pattern, 1, true),
          "expected an argument error about '" .. pattern .. "', got " .. tostring(err), 2)
end

local function new_state(options)
    options = options or {}
    options.players = options.players or 2
    options.seed = options.seed or 11
    return boardrules.game(GAME):new_state(options)
end

--- A tiny deterministic generator (xorshift), so the tests need no math.random.
local function generator(seed)
    local x = seed * 2654435761 + 1
    return function(n)
        x = x ~ (x << 13); x = x ~ (x >> 7); x = x ~ (x << 17)
        return (x >> 1) % n + 1
    end
end

local function play_random(s, rand, max_moves)
    local moves = {}
    while not s:is_terminal() and #moves < (max_moves or 100000) do
        local legal = s:legal_moves()
        local m = legal[rand(#legal)]
        s:apply(m)
        moves[#moves + 1] = m
    end
    return moves
end

local function illegal_move(s)
    local legal = {}
    for _, m in ipairs(s:legal_moves()) do legal[m] = true end
    for m = 0, s:move_space() - 1 do
        if not legal[m] then return m end
    end
end

local function same_array(a, b, message)
    equal(#a, #b, (message or "array") .. ": length")
    for i = 1, #a do
        if a[i] ~= b[i] then
            error(string.format("%s: entry %d is %s, expected %s", message or "array", i,
                                tostring(a[i]), tostring(b[i])), 2)
        end
    end
end

---------------------------------------------------------------------------
-- Registry

test("games lists tsuro", function()
    local found = false
    local list = boardrules.games()
    equal(#list, c.br_game_count(), "number of games")
    for _, g in ipairs(list) do
        check(getmetatable(g) == boardrules.Game)
        if g.name == GAME then found = true end
    end
    check(found, "tsuro is registered")
    list[1] = nil   -- a copy: the registry is not changed
    check(boardrules.games()[1] ~= nil)
end)

test("game description", function()
    local g = boardrules.game(GAME)
    check(rawequal(g, boardrules.game(GAME)), "the same object each time")
    equal(g.title, "Tsuro")
    check(g.description ~= "")
    check(g.options_help:find("players", 1, true))
    check(g.min_players <= g.default_players and g.default_players <= g.max_players)
    equal(tostring(g), "boardrules.Game(tsuro)")
end)

test("unknown game", function()
    local e = raises_br("UnknownGameError", boardrules.game, "no-such-game")
    check(e.message:find("no-such-game", 1, true))
    equal(e.status, c.BR_ERR_UNKNOWN_GAME)
    raises_type("game name", boardrules.game, nil)
    raises_type("game name", boardrules.game, 3)
end)

test("every registered game through the binding", function()
    local rand = generator(12)
    for _, g in ipairs(boardrules.games()) do
        local s = g:new_state{ seed = 5, chance = "explicit" }
        local steps = 0
        while not s:is_terminal() and steps < 5000 do
            local moves = s:legal_moves()
            check(#moves > 0, g.name .. ": no legal moves before the end")
            for _, m in ipairs(moves) do equal(s:move_from_text(s:move_to_text(m)), m, g.name) end
            if s:is_chance_node() then
                equal(#s:chance_outcomes(), #moves, g.name)
                s:resolve_chance()
            else
                local seat = s:current_player()
                equal(s:resample(seat, steps):observe_json(seat), s:observe_json(seat), g.name)
                s:apply(moves[rand(#moves)])
            end
            check(boardrules.from_json(s:to_json()) == s, g.name .. ": snapshot round trip")
            steps = steps + 1
        end
        check(s:is_terminal(), g.name .. ": the game ends")
        equal(#s:returns(), s:num_players(), g.name)
    end
end)

---------------------------------------------------------------------------
-- New states

test("move text as a seat sees it", function()
    local s = new_state{players = 3, chance = "explicit"}
    local draw = s:move_from_text("draw 5")
    equal(s:move_to_text_view(draw, 0), "draw 5 to seat 0")
    equal(s:move_to_text_view("draw 5", 1), "draw ? to seat 0")
    equal(s:move_to_text_view(draw, -1), "draw ? to seat 0")
    raises_br("ArgumentError", s.move_to_text_view, s, draw, 3)
    raises_br("ArgumentError", s.move_to_text_view, s, -5, 0)
    raises_type("seat", s.move_to_text_view, s, draw, "x")
end)

test("history text as each seat saw it", function()
    local s = new_state{players = 3, seed = 4}
    local first = s:history()[1]
    equal(first.player, boardrules.PLAYER_CHANCE)
    equal(s:history_text_view(0, 0), s:move_to_text(first.move) .. " to seat 0")
    equal(s:history_text_view(0, 1), "draw ? to seat 0")
    equal(s:history_text_view(0, -1), "draw ? to seat 0")
    raises_br("ArgumentError", s.history_text_view, s, #s:history(), 0)
    raises_br("ArgumentError", s.history_text_view, s, -1, 0)
    raises_br("ArgumentError", s.history_text_view, s, 0, 3)
    raises_type("history index", s.history_text_view, s, "0", 0)
end)

test("history effects as JSON", function()
    local s = new_state{players = 3, seed = 4}
    for i = 0, #s:history() - 1 do
        for seat = -1, 2 do
            local text = s:history_effects_json(i, seat)
            assert(text:sub(1, 1) == "[", text)
            assert(text == "[]" or text:sub(1, 9) == '[{"type":', text)
        end
    end
    raises_br("ArgumentError", s.history_effects_json, s, #s:history(), 0)
    raises_br("ArgumentError", s.history_effects_json, s, 0, -2)
end)

test("options as string and table", function()
    local a = boardrules.game(GAME):new_state("players=3,seed=5")
    local b = boardrules.game(GAME):new_state({ players = 3, seed = 5 })
    local d = boardrules.new_state(GAME, "players=3,seed=5")
    equal(a:num_players(), 3)
    check(a == b and a == d, "same options, same state")
    check(a:options():find("players=3", 1, true))
    check(boardrules.new_state(GAME, a:options()) == a, "canonical options recreate it")
    local default = boardrules.new_state(GAME)
    equal(default:num_players(), boardrules.game(GAME).default_players)
    check(rawequal(default:game(), boardrules.game(GAME)))
end)

test("bad options name the key", function()
    local e = raises_br("OptionError", new_state, { colour = "green" })
    check(e.message:find("colour", 1, true), e.message)
    e = raises_br("OptionError", new_state, { players = 99 })
    check(e.message:find("players", 1, true), e.message)
    raises_br("OptionError", boardrules.new_state, GAME, "players")
    raises_type("options", boardrules.new_state, GAME, 42)
    raises_type("Game", boardrules.new_state, 42)
    raises_type("Game", boardrules.Game.new_state, {}, "")
end)

---------------------------------------------------------------------------
-- Moves

test("turn at the start", function()
    local s = new_state()
    check(s:current_player() >= 0 and s:current_player() < s:num_players())
    check(not s:is_terminal() and not s:is_chance_node())
    check(s:move_number() > 0, "the deal was resolved from the seed")
    equal(s:last_error(), "")
end)

test("legal moves", function()
    local s = new_state()
    local moves = s:legal_moves()
    check(#moves > 0)
    for i, m in ipairs(moves) do
        equal(math.type(m), "integer")
        check(m >= 0 and m < s:move_space())
        if i > 1 then check(moves[i - 1] < m, "ascending") end
        check(s:check(m) == nil and s:is_legal(m))
    end
end)

test("apply by number and by text", function()
    local s = new_state()
    local t = s:clone()
    local m = s:legal_moves()[1]
    local n = s:move_number()
    check(rawequal(s:apply(m), s), "apply returns the state")
    t:apply(t:move_to_text(m))
    check(s == t)
    check(s:move_number() > n)
    local u = new_state()
    u:apply(m + 0.0)   -- a float with an integer value is that integer
    check(u == s)
end)

test("text round trip of every move", function()
    local s = new_state()
    for m = 0, s:move_space() - 1 do
        local text = s:move_to_text(m)
        local back = s:move_from_text(text)
        equal(s:move_from_text("  " .. text .. " \n"), back, text)
        if back ~= m then
            -- A number that repeats a listed move (Tsuro: a rotation that
            -- looks the same) is never legal; its text names the listed
            -- move, which round-trips.
            check(not s:is_legal(m), text)
            equal(s:move_from_text(s:move_to_text(back)), back, text)
        end
    end
end)

test("illegal moves raise and leave the state", function()
    local s = new_state()
    local before = s:to_json()
    local bad = illegal_move(s)
    local reason = s:check(bad)
    check(type(reason) == "string" and reason ~= "")
    check(not s:is_legal(bad))
    local e = raises_br("IllegalMoveError", s.apply, s, bad)
    check(e.message:find(reason, 1, true), e.message)
    check(e.message:find(s:move_to_text(bad), 1, true), e.message)
    equal(e.status, c.BR_ERR_ILLEGAL_MOVE)
    equal(s:last_error(), reason)
    for _, far in ipairs({ -1, -5, s:move_space(), 2 ^ 31 - 1, -2 ^ 31, 1 << 40, math.mininteger }) do
        raises_br("IllegalMoveError", s.apply, s, far)
        check(s:check(far) ~= nil)
    end
    equal(s:to_json(), before, "state unchanged")
end)

test("bad move arguments", function()
    local s = new_state()
    for _, bad in ipairs({ 1.5, {}, true, print, 0 / 0, math.huge }) do
        raises_type("a move is", s.apply, s, bad)
        raises_type("a move is", s.check, s, bad)
    end
    raises_type("a move is", s.apply, s, nil)
    for _, bad in ipairs({ "", "   ", "garbage", string.rep("x", 1000), "\xe9t\xe9", "17r9" }) do
        raises_br("ParseError", s.apply, s, bad)
        raises_br("ParseError", s.move_from_text, s, bad)
    end
    raises_type("move text", s.move_from_text, s, 17)
    for _, bad in ipairs({ -1, s:move_space(), 1 << 40 }) do
        raises_br("ArgumentError", s.move_to_text, s, bad)
    end
end)

test("methods on something that is not a state", function()
    local s = new_state()
    for _, name in ipairs({ "legal_moves", "apply", "check", "current_player", "is_terminal",
                            "to_json", "render", "clone", "returns", "observe",
                            "observe_json", "render_view", "winners", "facts",
                            "observation_tensor", "legal_mask", "history",
                            "history_start", "information_state_tensor" }) do
        raises_type("expected a boardrules.State", boardrules.State[name], nil, 1)
        raises_type("expected a boardrules.State", boardrules.State[name], {}, 1)
        raises_type("expected a boardrules.State", boardrules.State[name], boardrules.game(GAME), 1)
    end
    raises_type("expected a boardrules.State", s.copy_from, s, "x")
    raises_type("expected a boardrules.State", boardrules.playout_random, nil, 1)
end)

test("a whole game", function()
    local s = new_state()
    local moves = play_random(s, generator(3))
    check(s:is_terminal())
    equal(s:current_player(), boardrules.PLAYER_TERMINAL)
    equal(#s:legal_moves(), 0)
    check(#moves > s:num_players())
    local r = s:returns()
    equal(#r, s:num_players())
    for _, x in ipairs(r) do check(x == -1 or x == 0 or x == 1) end
    equal(#s:scores(), s:num_players())
    raises_br("IllegalMoveError", s.apply, s, 0)
end)

test("returns before the end are zero", function()
    local s = new_state({ players = 4 })
    local r = s:returns()
    equal(#r, 4)
    for _, x in ipairs(r) do equal(x, 0.0) end
    equal(#s:scores(), 4)
end)

---------------------------------------------------------------------------
-- Chance

test("explicit chance", function()
    local s = new_state({ chance = "explicit" })
    check(s:is_chance_node())
    equal(s:current_player(), boardrules.PLAYER_CHANCE)
    local outcomes = s:chance_outcomes()
    local total = 0
    local legal = s:legal_moves()
    equal(#outcomes, #legal)
    for i, o in ipairs(outcomes) do
        equal(o.move, legal[i])
        check(o.prob > 0)
        total = total + o.prob
    end
    check(math.abs(total - 1) < 1e-9, "probabilities add up to 1")
    local outcome = s:resolve_chance()
    check(outcome == outcomes[1].move or outcome >= outcomes[1].move)
    check(s:move_to_text(outcome):find("draw", 1, true))
    local rand = generator(2)
    while not s:is_terminal() do
        if s:is_chance_node() then s:resolve_chance() else
            local m = s:legal_moves()
            s:apply(m[rand(#m)])
        end
    end
end)

test("chance calls off a chance node", function()
    local s = new_state()
    local e = raises_br("WrongPhaseError", s.chance_outcomes, s)
    check(e.message:find("chance", 1, true))
    raises_br("WrongPhaseError", s.resolve_chance, s)
end)

---------------------------------------------------------------------------
-- Copies, snapshots, observations

test("clone and copy_from", function()
    local s = new_state()
    local t = s:clone()
    check(s == t and not rawequal(s, t))
    t:apply(t:legal_moves()[1])
    check(s ~= t)
    local u = new_state({ seed = 2 })
    check(rawequal(u:copy_from(s), u))
    check(u == s)
    raises_br("GameMismatchError", u.copy_from, u, new_state({ players = 3 }))
end)

test("snapshots round trip", function()
    local s = new_state()
    play_random(s, generator(1), 6)
    local text = s:to_json()
    check(text:find('"game":"tsuro"', 1, true), text)
    local t = boardrules.from_json(text)
    check(t == s)
    equal(t:to_json(), text)
    check(rawequal(boardrules.State.from_json, boardrules.from_json))
    play_random(s, generator(5))
    play_random(t, generator(5))
    check(s == t, "the generator is part of the snapshot")
end)

test("bad snapshots", function()
    for _, bad in ipairs({ "", "{", "[]", "{}", "null", '{"game":"tsuro"}', string.rep("x", 100000) }) do
        local ok, e = pcall(boardrules.from_json, bad)
        check(not ok and (boardrules.is_error(e, "SnapshotError") or boardrules.is_error(e, "UnknownGameError")),
              "bad snapshot " .. bad:sub(1, 20) .. ": " .. tostring(e))
    end
    local text = new_state():to_json()
    local broken = text:gsub('"state":', '"state":"nonsense","ignored":', 1)
    raises_br("SnapshotError", boardrules.from_json, broken)
    raises_type("snapshot", boardrules.from_json, nil)
    raises_type("snapshot", boardrules.from_json, 3)
end)

test("binary snapshots", function()
    local s = new_state({ players = 3 })
    play_random(s, generator(2), 9)
    local data = s:to_bytes()
    check(data:sub(1, 4) == "BRSB", "binary magic")
    local t = boardrules.from_bytes(data)
    check(t == s)
    equal(t:to_bytes(), data)
    equal(t:to_json(), s:to_json())
    check(rawequal(boardrules.State.from_bytes, boardrules.from_bytes))
    raises_br("SnapshotError", boardrules.from_bytes, data:sub(1, #data - 1))
    raises_br("SnapshotError", boardrules.from_bytes, "")
    raises_br("SnapshotError", boardrules.from_bytes, "XXXX" .. data:sub(5))
    raises_type("binary snapshot", boardrules.from_bytes, nil)
end)

test("observe", function()
    local s = new_state({ players = 3 })
    for seat = -1, 2 do
        check(s:observe_json(seat):sub(1, 1) == "{")
        local doc = s:observe(seat)
        equal(type(doc), "table")
        equal(doc.seat, seat, "observe().seat")
        equal(doc.game, GAME, "observe().game")
        equal(math.type(doc.move_number), "integer", "JSON integers stay integers")
    end
    equal(s:observe_json(), s:observe_json(-1))
    equal(s:observe().seat, -1)
    check(s:observe_json(0) ~= s:observe_json(1), "each seat sees its own hand")
    for _, f in ipairs({ s.observe, s.observe_json }) do
        for _, bad in ipairs({ -2, 3, 100 }) do raises_br("ArgumentError", f, s, bad) end
        raises_type("seat", f, s, "0")
        raises_type("seat", f, s, 0.5)
    end
end)

test("resample keeps what the seat sees", function()
    local s = new_state({ players = 3, seed = 21 })
    play_random(s, generator(4), 5)
    for seat = 0, 2 do
        local r = s:resample(seat, 77)
        equal(r:observe_json(seat), s:observe_json(seat))
    end
    local into = new_state({ players = 3, seed = 1 })
    check(rawequal(s:resample(0, 5, into), into))
    equal(into:observe_json(0), s:observe_json(0))
    raises_br("ArgumentError", s.resample, s, 7, 1)
    raises_br("GameMismatchError", s.resample, s, 0, 1, new_state())
    raises_type("seat", s.resample, s, "x", 1)
    raises_type("seed", s.resample, s, 0, "x")
    raises_type("expected a boardrules.State", s.resample, s, 0, 1, "x")
end)

test("tostring renders", function()
    local s = new_state()
    local text = tostring(s)
    equal(text, s:render())
    local _, lines = text:gsub("\n", "")
    check(lines > 2)
end)

---------------------------------------------------------------------------
-- Records and playouts

--- A record replays as chance=explicit: the same moves, outcomes and returns.
local function same_game(replayed, s)
    local a, b = replayed:history(), s:history()
    equal(#a, #b, "history length")
    for i = 1, #a do
        equal(a[i].move, b[i].move, "move " .. i)
        equal(a[i].player, b[i].player, "player " .. i)
    end
    same_array(replayed:returns(), s:returns(), "returns")
    check(replayed:options():find("chance=explicit", 1, true))
end

test("records", function()
    local s = new_state({ seed = 31 })
    local moves = play_random(s, generator(31))
    local text = boardrules.write_record(GAME, "players=2,seed=31", moves)
    check(text:find("game tsuro", 1, true))
    same_game(boardrules.replay_record(text), s)
    equal(boardrules.write_record(boardrules.game(GAME), { players = 2, seed = 31 }, moves), text)
    -- Break the third move line.
    local lines = {}
    for line in text:gmatch("[^\n]+") do lines[#lines + 1] = line end
    local first
    for i, line in ipairs(lines) do
        if not first and line:find("^0: ") then first = i end
    end
    lines[first + 2] = "0: garbage"
    local e = raises_br("RecordError", boardrules.replay_record, table.concat(lines, "\n"))
    equal(e.line, first + 2)
    check(e.message:find("garbage", 1, true))
    check(getmetatable(e.state) == boardrules.State and not e.state:is_terminal())
    local cut = table.concat(lines, "\n", 1, first + 1) .. "\n"
    local e2 = raises_br("IncompleteRecordError", boardrules.replay_record, cut)
    equal(e2.line, first + 2)
    equal(e2.state:move_number(), e.state:move_number())
    lines[first + 2] = "garbage"
    e = raises_br("RecordError", boardrules.replay_record, table.concat(lines, "\n"))
    equal(e.line, first + 2)
    raises_br("UnknownGameError", boardrules.replay_record, "game chess\noptions \n")
    e = raises_br("RecordError", boardrules.replay_record, "")
    equal(e.state, nil)
    raises_br("RecordError", boardrules.write_record, GAME, "", { moves[1], moves[1], moves[1], moves[1] })
    raises_br("OptionError", boardrules.write_record, GAME, "players=1", {})
    raises_type("moves", boardrules.write_record, GAME, "", { "17r0" })
    raises_type("moves", boardrules.write_record, GAME, "", 5)
    raises_type("record", boardrules.replay_record, nil)
end)

--- The lines of a text, empty ones kept (entry i is line i).
local function text_lines(text)
    local list = {}
    for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("([^\n]*)\n") do
        list[#list + 1] = line
    end
    return list
end

test("parse_record of a written record", function()
    local s = new_state({ seed = 31 })
    local moves = play_random(s, generator(31))
    local text = boardrules.write_record(GAME, "players=2,seed=31", moves)
    equal(s:to_record(), text, "to_record writes what write_record writes")
    local r = boardrules.parse_record(text)
    check(getmetatable(r) == boardrules.Record)
    equal(r.version, 2, "version")
    equal(r.game, GAME, "game")
    check(r.options:find("players=2", 1, true) and r.options:find("chance=explicit", 1, true))
    equal(#r.tags, 0, "no tags")
    local returns = {}
    for i, v in ipairs(s:returns()) do returns[i] = string.format("%d", v) end
    equal(r.result, table.concat(returns, " "), "result")
    local history, lines = s:history(), text_lines(text)
    equal(#r.moves, #history, "one move line per history entry")
    local chance = 0
    for i, move in ipairs(r.moves) do
        equal(move.player, history[i].player, "player of move " .. i)
        local prefix = move.player == boardrules.PLAYER_CHANCE and "chance" or tostring(move.player)
        if move.player == boardrules.PLAYER_CHANCE then chance = chance + 1 end
        equal(lines[move.line], prefix .. ": " .. move.text, "line of move " .. i)
    end
    check(chance > 0, "chance lines")
    local j = r:to_json()
    check(j:find('"format":"libboardrules-record"', 1, true) and j:find('"player":"chance"', 1, true))
    -- the verdict of the whole record
    local v = boardrules.record_verdict(text)
    check(v.valid == true and v.complete == true, "valid and complete")
    equal(v.version, 2, "verdict version")
    equal(v.moves, #history, "verdict moves")
    equal(v.first_bad_line, 0, "no bad line")
    equal(v.result, r.result, "verdict result")
    check(boardrules.record_verdict_json(text):find('"valid":true', 1, true))
    raises_type("record", boardrules.parse_record, nil)
    raises_type("record", boardrules.record_verdict, 5)
end)

test("to_record with tags", function()
    local s = new_state({ seed = 31 })
    play_random(s, generator(31))
    local tags = { { "seat0", "Alice" }, { "seat1", "Bob Smith" }, { "date", "2026-11-30" },
                   { "event", "Club night \u{e9}t\u{e9}" } }
    local text = s:to_record(tags)
    local r = boardrules.parse_record(text)
    equal(#r.tags, #tags, "tag count")
    for i, tag in ipairs(tags) do
        equal(r.tags[i][1], tag[1], "key " .. i)
        equal(r.tags[i][2], tag[2], "value " .. i)
    end
    equal(r:tag("seat1"), "Bob Smith", "tag()")
    equal(r:tag("site"), nil, "missing tag")
    same_game(boardrules.replay_record(text), s)
    -- a table key = value is written sorted by key
    local sorted = boardrules.parse_record(s:to_record{ seat1 = "Bob", date = "x" })
    equal(sorted.tags[1][1], "date", "sorted keys")
    equal(sorted.tags[2][2], "Bob", "sorted values")
    equal(s:to_record(), s:to_record({}), "no tags")
    equal(#boardrules.parse_record(s:to_record()).tags, 0, "no tags written")
    -- mid-game: result *
    local mid = new_state({ seed = 5, chance = "explicit" })
    for _ = 1, 5 do mid:apply(mid:legal_moves()[1]) end
    equal(boardrules.parse_record(mid:to_record{ { "round", "3" } }).result, "*", "unfinished")
    raises_br("ArgumentError", s.to_record, s, { { "Seat0", "x" } })
    raises_br("ArgumentError", s.to_record, s, { { "result", "1 -1" } })
    raises_br("ArgumentError", s.to_record, s, { { "seat0", "two\nlines" } })
    raises_type("tag", s.to_record, s, { { "seat0" } })
    raises_type("tag", s.to_record, s, { { "seat0", 1 } })
    raises_type("tags", s.to_record, s, "seat0 Alice")
    raises_type("tags", s.to_record, s, { seat0 = 1 })
    raises_type("State", boardrules.State.to_record, nil)
    -- the raw call checks its tag array too
    raises(c.br_record_write_state, s._s, { "seat0" }, 256)
    raises(c.br_record_write_state, s._s, { "seat0", 7 }, 256)
end)

test("cut-off record: IncompleteRecordError, verdict incomplete", function()
    local s = new_state({ seed = 31 })
    play_random(s, generator(31))
    local lines = text_lines(s:to_record{ { "seat0", "Alice" } })
    for _, cut in ipairs({ #lines - 1, #lines // 2 }) do
        local partial = table.concat(lines, "\n", 1, cut) .. "\n"
        local r = boardrules.parse_record(partial)
        equal(r.result, nil, "no result line")
        local e = raises_br("IncompleteRecordError", boardrules.replay_record, partial)
        equal(e.line, cut + 1, "the line after the last")
        check(getmetatable(e.state) == boardrules.State)
        local v = boardrules.record_verdict(partial)
        check(v.valid == true and v.complete == false, "valid, not complete")
        equal(v.first_bad_line, cut + 1, "verdict line")
        equal(v.moves, #r.moves, "verdict moves")
    end
end)

test("parse errors with line and column", function()
    -- text, line and column of the layout error, the verdict's first bad
    -- line (the replay reports an illegal move before it first)
    for _, case in ipairs({
        { "", 1, 1, 1 },
        { "record 2\ngame tsuro\nfoo bar\n", 3, 1, 3 },
        { "record 2\ngame tsuro\noptions players=2\n0: @a1:0\nseat0 Alice\n", 5, 1, 4 },
        { "record 2\ngame tsuro\noptions players=2\nresult *\n0: @a1:0\n", 5, 1, 5 },
    }) do
        local e = raises_br("RecordError", boardrules.parse_record, case[1])
        equal(e.line, case[2], "line of " .. case[1])
        equal(e.column, case[3], "column of " .. case[1])
        check(e.message:find(string.format("line %d, column %d", e.line, e.column), 1, true))
        local v = boardrules.record_verdict(case[1])
        check(v.valid == false, "not valid")
        equal(v.first_bad_line, case[4], "verdict line")
    end
end)

test("version 1 record", function()
    local s = new_state({ seed = 9, chance = "explicit" })
    local texts = {}
    for i = 1, 8 do
        local m = s:legal_moves()[1]
        texts[i] = s:move_to_text(m)
        s:apply(m)
    end
    local text = "# old\ngame tsuro\noptions " .. s:options() .. "\n" .. table.concat(texts, "\n") .. "\n"
    local r = boardrules.parse_record(text)
    equal(r.version, 1, "version")
    equal(r.options, s:options(), "options")
    equal(r.result, nil, "no result")
    equal(#r.tags, 0, "no tags")
    equal(#r.moves, #texts, "moves")
    for i, move in ipairs(r.moves) do
        equal(move.text, texts[i], "text " .. i)
        equal(move.player, nil, "no seat " .. i)
        equal(move.line, i + 3, "line " .. i)
    end
    local v = boardrules.record_verdict(text)
    check(v.valid == true and v.complete == true, "valid and complete")
    equal(v.version, 1, "verdict version")
end)

test("long record", function()
    local s = new_state({ players = 8, seed = 3 })
    local moves = play_random(s, generator(3))
    local text = boardrules.write_record(GAME, s:options(), moves)
    check(#text > 256, "longer than the first buffer")
    same_game(boardrules.replay_record(text), s)
end)

test("playout_random", function()
    local s = new_state({ players = 3, seed = 8 })
    local before = s:to_json()
    local r = boardrules.playout_random(s, 200, 1)
    equal(r.games, 200)
    equal(#r.wins, 3)
    local won = 0
    for _, w in ipairs(r.wins) do
        equal(math.type(w), "integer")
        won = won + w
    end
    check(won > 0)
    check(r.total_moves > 600)
    equal(s:to_json(), before, "state unchanged")
    equal(boardrules.playout_random(s, 200, 1).total_moves, r.total_moves)
    equal(boardrules.playout_random(s, 0).total_moves, 0)
    raises_type("number of games", boardrules.playout_random, s, -1)
    raises_type("number of games", boardrules.playout_random, s, "10")
    raises_type("seed", boardrules.playout_random, s, 1, 0.5)
end)

---------------------------------------------------------------------------
-- The raw module, ownership, version

test("raw module with nil and wrong input", function()
    equal(c.br_state_apply(nil, 0), c.BR_ERR_ARGUMENT)
    equal((c.br_state_legal_moves(nil, 10)), c.BR_ERR_ARGUMENT)
    equal((c.br_state_to_json(nil, 10)), c.BR_ERR_ARGUMENT)
    equal((c.br_state_clone(nil)), c.BR_ERR_ARGUMENT)
    equal(c.br_state_current_player(nil), c.BR_PLAYER_INVALID)
    equal(c.br_state_last_error(nil), "")
    equal((c.br_state_new(nil, "")), c.BR_ERR_ARGUMENT)
    equal((c.br_playout_random(nil, 0, 1, 2)), c.BR_ERR_ARGUMENT)
    equal(c.br_game_name(nil), nil)
    equal(c.br_game_at(1000000), nil)
    local s = new_state()
    local status, text, len = c.br_state_to_json(s._s, 8)
    equal(status, c.BR_ERR_BUFFER)
    equal(#text, 7)
    status, text = c.br_state_to_json(s._s, len + 1)
    equal(status, c.BR_OK)
    equal(text, s:to_json())
    local status2, moves = c.br_state_legal_moves(s._s, 1)
    equal(status2, c.BR_ERR_BUFFER)
    equal(#moves, 1)
    local g = boardrules.game(GAME)
    raises(c.br_state_apply, g._g, 0)        -- a game where a state belongs
    raises(c.br_state_apply, "state", 0)
    raises(c.br_state_apply, s._s, "0")
    raises(c.br_state_apply, s._s, 0.5)
    raises(c.br_state_legal_moves, s._s, -1)
    raises(c.br_state_to_json, s._s, nil)
    raises(c.br_record_write, g._g, "", { 1, "x" }, 10)
    raises(c.br_record_write, g._g, "", { 1 << 40 }, 10)
    raises(c.br_state_new, s._s, "")
    equal(c.br_state_free, nil, "no way to free a state by hand")
    raises(c.br_state)                        -- no constructor
end)

test("states die in any order", function()
    local rand = generator(6)
    for _ = 1, 30 do
        local pool = { new_state({ seed = rand(100) }) }
        for _ = 1, 20 do
            local src = pool[rand(#pool)]
            local k = rand(3)
            pool[#pool + 1] = k == 1 and src:clone() or k == 2 and src:resample(0, rand(9))
                              or boardrules.from_json(src:to_json())
        end
        while #pool > 0 do
            table.remove(pool, rand(#pool))
            if rand(4) == 1 then collectgarbage() end
        end
    end
    collectgarbage()
    collectgarbage()
end)

test("the garbage collector frees states", function()
    local weak = setmetatable({}, { __mode = "v" })
    weak[1] = new_state()
    weak[2] = weak[1]._s
    collectgarbage()
    collectgarbage()
    equal(weak[1], nil)
    equal(weak[2], nil)
end)

test("no leak", function()
    local function churn(n)
        for i = 1, n do
            local s = new_state({ seed = i })
            local t = s:clone()
            t:apply(t:legal_moves()[1])
            s:resample(0, i, t)
            pcall(s.apply, s, -1)
            boardrules.from_json(t:to_json())
            if i % 500 == 0 then collectgarbage() end
        end
        collectgarbage()
        collectgarbage()
    end
    local function rss_kib()
        local f = io.open("/proc/self/statm")
        if not f then return nil end
        local pages = tonumber(f:read("a"):match("^%d+%s+(%d+)"))
        f:close()
        return pages * 4
    end
    churn(2000)
    local before = rss_kib()
    churn(20000)
    if before then
        local grown = rss_kib() - before
        check(grown < 4096, "RSS grew by " .. grown .. " KiB")
    end
end)

---------------------------------------------------------------------------
-- The learning interface

local function same_facts(a, b, message)
    for _, k in ipairs({ "num_players", "has_chance", "has_hidden_information", "returns_kind",
                         "move_space", "max_legal_moves", "max_game_length", "tensor_size" }) do
        equal(a[k], b[k], message .. ": " .. k)
    end
    same_array(a.tensor_shape, b.tensor_shape, message .. ": tensor_shape")
end

test("option specs of every game", function()
    for _, g in ipairs(boardrules.games()) do
        local specs = g:option_specs()
        equal(specs[1].key, "players", g.name)
        equal(specs[2].key, "seed", g.name)
        equal(specs[3].key, "chance", g.name)
        local canonical = {}
        for part in g:new_state():options():gmatch("[^,]+") do
            canonical[#canonical + 1] = part:match("^[^=]+")
        end
        equal(#specs, #canonical, g.name .. ": keys of the options string")
        local defaults = {}
        for i, spec in ipairs(specs) do
            local what = g.name .. " " .. spec.key
            equal(spec.key, canonical[i], what)
            check(spec.kind == "integer" or spec.kind == "choice" or spec.kind == "flag", what)
            check(type(spec.help) == "string" and spec.help ~= "", what)
            if spec.kind == "integer" then
                check(spec.min <= spec.max, what)
            else
                equal(spec.min, nil, what .. ": min")
                equal(spec.max, nil, what .. ": max")
            end
            if spec.kind == "choice" then
                check(#spec.choices > 0, what)
                for _, word in ipairs(spec.choices) do
                    check(g:check_options{ [spec.key] = word }, what .. " " .. word)
                end
            else
                equal(spec.choices, nil, what .. ": choices")
            end
            if spec.default ~= nil then
                equal(type(spec.default), "string", what)
                check(g:check_options{ [spec.key] = spec.default }, what)
                defaults[spec.key] = spec.default
            end
        end
        check(g:check_options(defaults), g.name .. ": every default at once")
        check(g:check_options(), g.name)
        check(g:new_state(defaults) == g:new_state(), g.name .. ": the defaults are the default")
        equal(specs[1].min, g.min_players, g.name)
        equal(specs[1].max, g.max_players, g.name)
        equal(specs[1].default, tostring(g.default_players), g.name)
    end
end)

test("facts of game and state agree", function()
    for _, g in ipairs(boardrules.games()) do
        for _, players in ipairs({ g.min_players, g.default_players, g.max_players }) do
            local what = g.name .. " players=" .. players
            local facts = g:facts{ players = players }
            local s = g:new_state{ players = players }
            same_facts(s:facts(), facts, what)
            same_facts(g:facts("players=" .. players), facts, what)
            equal(facts.num_players, players, what)
            equal(facts.move_space, s:move_space(), what)
            equal(type(facts.has_chance), "boolean", what)
            equal(type(facts.has_hidden_information), "boolean", what)
            check(facts.returns_kind == "zero-sum" or facts.returns_kind == "general", what)
            check(facts.max_legal_moves >= #s:legal_moves(), what)
            check(#facts.tensor_shape >= 1 and #facts.tensor_shape <= 4, what)
            local size = 1
            for _, dim in ipairs(facts.tensor_shape) do size = size * dim end
            equal(facts.tensor_size, size, what .. ": tensor_size")
        end
        same_facts(g:facts(), g:new_state():facts(), g.name)
    end
end)

--- Mask, tensors and history of `s`; `applied` the {move, player} so far.
local function check_learning_step(s, facts, applied, what)
    local legal = s:is_terminal() and {} or s:legal_moves()
    local mask = s:legal_mask()
    equal(#mask, facts.move_space, what .. ": mask size")
    local marked = {}
    for i, bit in ipairs(mask) do
        check(bit == 0 or bit == 1, what .. ": mask entries are 0 or 1")
        if bit == 1 then marked[#marked + 1] = i - 1 end
    end
    same_array(marked, legal, what .. ": mask against legal moves")
    for seat = -1, s:num_players() - 1 do
        local tensor = s:observation_tensor(seat)
        equal(#tensor, facts.tensor_size, what .. ": tensor size")
        for i = 1, #tensor, 97 do equal(math.type(tensor[i]), "float", what) end
    end
    local player = s:current_player()
    same_array(s:observation_tensor(), s:observation_tensor(player >= 0 and player or -1),
               what .. ": default seat")
    local history = s:history()
    equal(s:history_start(), 0, what)
    equal(#history, s:move_number(), what .. ": history length")
    for i, e in ipairs(history) do
        equal(e.move, applied[i].move, what .. ": history move " .. i)
        equal(e.player, applied[i].player, what .. ": history player " .. i)
    end
end

test("information-state tensor of every game", function()
    local rand = generator(5)
    for _, g in ipairs(boardrules.games()) do
        local s = g:new_state{ seed = 3 }
        for _ = 1, 12 do
            if s:is_terminal() then break end
            local moves = s:legal_moves()
            s:apply(moves[rand(#moves)])
        end
        local facts = s:facts()
        equal(facts.information_state_size, g:facts().information_state_size, g.name)
        for seat = -1, s:num_players() - 1 do
            local info = s:information_state_tensor(seat)
            equal(#info, facts.information_state_size, g.name .. ": size")
            local obs = s:observation_tensor(seat)
            for i = 1, #obs, 53 do equal(info[i], obs[i], g.name .. ": observation part") end
            equal(info[facts.tensor_size + 1], 1.0, g.name .. ": known history")
        end
        local info = s:resample(0, 7):information_state_tensor(0)
        equal(info[facts.tensor_size + 1], 0.0, g.name .. ": a resampled state's history")
        raises_br("ArgumentError", s.information_state_tensor, s, s:num_players())
    end
end)

test("learning calls at every step of every game", function()
    local rand = generator(31)
    for _, g in ipairs(boardrules.games()) do
        for _, chance in ipairs({ "explicit", "auto" }) do
            local what = g.name .. " chance=" .. chance
            local s = g:new_state{ seed = 9, chance = chance }
            local facts = s:facts()
            local applied = s:history()     -- chance=auto: the first draws
            for _, e in ipairs(applied) do equal(e.player, boardrules.PLAYER_CHANCE, what) end
            if chance == "explicit" then equal(#applied, 0, what) end
            check_learning_step(s, facts, applied, what)
            local steps = 0
            while not s:is_terminal() and steps < 3000 do
                raises_br("WrongPhaseError", s.winners, s)
                local player = s:current_player()
                if player >= 0 and steps % 3 == 0 then
                    local r = s:resample(player, steps)
                    equal(#r:history(), 0, what)
                    equal(r:history_start(), s:move_number(), what)
                    same_array(r:observation_tensor(player), s:observation_tensor(player),
                               what .. ": tensor after resample")
                    equal(r:render_view(player), s:render_view(player), what)
                end
                local legal = s:legal_moves()
                local move = legal[rand(#legal)]
                local before = s:move_number()
                s:apply(move)
                applied[#applied + 1] = { move = move, player = player }
                local history = s:history()
                for i = before + 2, #history do    -- drawn by the library (chance=auto)
                    equal(history[i].player, boardrules.PLAYER_CHANCE, what)
                    check(chance == "auto", what .. ": no draws at chance=explicit")
                    applied[#applied + 1] = history[i]
                end
                check(s:move_number() <= facts.max_game_length, what .. ": max_game_length")
                if steps % 5 == 0 or s:is_terminal() then
                    check_learning_step(s, facts, applied, what)
                end
                steps = steps + 1
            end
            check(s:is_terminal(), what .. ": the game ends")
            equal(#s:history(), #applied, what)
            equal(#boardrules.from_json(s:to_json()):history(), #applied, what)
            equal(#s:clone():history(), #applied, what)
            local winners = s:winners()
            local returns = s:returns()
            local is_winner = {}
            for _, w in ipairs(winners) do
                check(w >= 0 and w < s:num_players(), what .. ": a seat")
                is_winner[w] = true
            end
            if #winners > 0 and #winners < s:num_players() then
                for w in pairs(is_winner) do
                    for o = 0, s:num_players() - 1 do
                        if not is_winner[o] then check(returns[w + 1] > returns[o + 1], what) end
                    end
                end
            end
            for seat = -1, s:num_players() - 1 do
                equal(type(s:render_view(seat)), "string", what)
            end
        end
    end
end)

test("history marks chance outcomes and follows copies", function()
    local s = new_state{ chance = "explicit", seed = 4 }
    local outcome = s:resolve_chance()
    local h = s:history()
    equal(#h, 1)
    equal(h[1].move, outcome)
    equal(h[1].player, boardrules.PLAYER_CHANCE)
    while s:is_chance_node() do s:resolve_chance() end
    local seat, move = s:current_player(), s:legal_moves()[1]
    s:apply(move)
    h = s:history()
    equal(h[#h].move, move)
    equal(h[#h].player, seat)
    local t = new_state{ chance = "explicit", seed = 5 }
    t:copy_from(s)
    equal(#t:history(), #h)
    equal(#boardrules.from_bytes(s:to_bytes()):history(), #h)
    s:resample(seat, 3, t)
    equal(#t:history(), 0)
    equal(t:history_start(), s:move_number())
end)

test("learning calls: bad arguments", function()
    local s = new_state()
    local g = s:game()
    for _, bad in ipairs({ "a", 1.5, {}, true }) do
        raises_type("seat", s.observation_tensor, s, bad)
        raises_type("seat", s.render_view, s, bad)
    end
    raises_type("seat", s.render_view, s, nil)
    for _, bad in ipairs({ -2, 2, 1 << 40 }) do
        raises_br("ArgumentError", s.observation_tensor, s, bad)
        raises_br("ArgumentError", s.render_view, s, bad)
    end
    raises_br("WrongPhaseError", s.winners, s)
    local e = raises_br("OptionError", g.check_options, g, { players = 99 })
    check(e.message:find("players", 1, true))
    e = raises_br("OptionError", g.check_options, g, "colour=green")
    check(e.message:find("colour", 1, true))
    raises_br("OptionError", g.facts, g, { players = 99 })
    raises_type("options", g.facts, g, 3)
    raises_type("options", g.check_options, g, true)
    for _, name in ipairs({ "option_specs", "check_options", "facts" }) do
        raises_type("expected a boardrules.Game", boardrules.Game[name], nil)
        raises_type("expected a boardrules.Game", boardrules.Game[name], s)
    end
    -- The raw module on bad handles and sizes: errors, never crashes.
    equal(c.br_game_option_count(nil), 0)
    equal(c.br_game_option(nil, 0), nil)
    equal(c.br_game_option(g._g, 1000), nil)
    equal((c.br_state_facts(nil)), c.BR_ERR_ARGUMENT)
    equal((c.br_state_observation_tensor(nil, 0, 10)), c.BR_ERR_ARGUMENT)
    equal((c.br_state_observation_tensor(s._s, 0, 1)), c.BR_ERR_BUFFER)
    equal(#select(2, c.br_state_observation_tensor(s._s, 0, 1)), 0)
    equal((c.br_state_legal_mask(s._s, 1)), c.BR_ERR_BUFFER)
    equal((c.br_state_history(nil, 0)), c.BR_ERR_ARGUMENT)
    equal(c.br_state_history_start(nil), 0)
    equal((c.br_state_winners(nil, 2)), c.BR_ERR_ARGUMENT)
    check(not pcall(c.br_state_legal_mask, s._s, -1))
    check(not pcall(c.br_state_history, s._s, "x"))
end)

test("messages of wrong calls name no internals", function()
    local s = new_state()
    local g = s:game()
    local calls = {
        function() s:apply(nil) end, function() s:apply(string.rep("x", 999)) end,
        function() s:observation_tensor("a") end, function() s:render_view() end,
        function() s:observe("0") end, function() s:observe_json(7) end,
        function() s:winners() end, function() s:resample("0", 1) end,
        function() s.legal_mask(nil) end, function() s.history({}) end,
        function() g:facts(3) end, function() g:check_options{ players = 1 } end,
        function() boardrules.playout_random(s, "1") end,
        function() boardrules.from_json(nil) end,
    }
    for i, call in ipairs(calls) do
        local ok, err = pcall(call)
        check(not ok, "call " .. i .. " fails")
        local text = tostring(err)
        for _, word in ipairs({ "boardrules_c", "SWIG", "swig", "_p_br", "br_state_" }) do
            check(not text:find(word, 1, true), "call " .. i .. " shows " .. word .. ": " .. text)
        end
    end
end)

-- Issue 21: C reads a string up to its first NUL byte, so the binding used
-- to pass a cut string on without a word. Every string argument with a NUL
-- byte is refused (ArgumentError in the layer, a Lua error in the raw module),
-- as Python refuses it (ValueError).
test("strings with a NUL byte are refused, not cut (issue 21)", function()
    local g = boardrules.game(GAME)
    local function nul_error(fn, ...)
        local e = raises_br("ArgumentError", fn, ...)
        check(e.reason:find("NUL", 1, true), "the reason names the NUL: " .. e.reason, 2)
    end
    -- options: "players=2\0,players=9" made a 2-player game
    nul_error(g.new_state, g, "players=2\0,players=9")
    nul_error(boardrules.new_state, GAME, { players = "2\0" })
    nul_error(g.check_options, g, "players=2\0,players=9")
    nul_error(g.facts, g, "players=2\0")
    nul_error(boardrules.write_record, GAME, "players=2\0,x", {})
    nul_error(boardrules.game, GAME .. "\0")
    -- a move text with "\0junk" appended was accepted
    local s = new_state()
    local before = s:to_json()
    local text = s:move_to_text(s:legal_moves()[1])
    for _, call in ipairs({ s.apply, s.check, s.is_legal, s.move_from_text, s.move_to_text }) do
        nul_error(call, s, text .. "\0junk")
    end
    nul_error(s.move_to_text_view, s, text .. "\0junk", 0)
    equal(s:to_json(), before, "state unchanged")
    -- a tag "A\0B" was written as "A"
    nul_error(s.to_record, s, { { "event", "A\0B" } })
    nul_error(s.to_record, s, { event = "A\0B" })
    nul_error(s.to_record, s, { { "ev\0ent", "A" } })
    -- a record with NUL bytes was judged incomplete (cut at the NUL)
    play_random(s, generator(5), 6)
    local record = s:to_record()
    local cut = record:find("\n", record:find("\n") + 1)   -- after the second line
    local spoilt = record:sub(1, cut) .. "\0\0" .. record:sub(cut + 1)
    nul_error(boardrules.replay_record, spoilt)
    nul_error(boardrules.parse_record, spoilt)
    nul_error(boardrules.record_verdict_json, spoilt)
    nul_error(boardrules.from_json, s:to_json() .. "\0junk")
    -- the raw module: every const char * argument, and the tags
    local function raw_nul(fn, ...)
        local err = raises(fn, ...)
        check(type(err) == "string" and err:find("NUL", 1, true), "raw: " .. tostring(err), 2)
    end
    raw_nul(c.br_state_new, g._g, "players=2\0,players=9")
    raw_nul(c.br_state_move_from_text, s._s, text .. "\0junk")
    raw_nul(c.br_record_replay, spoilt)
    raw_nul(c.br_record_parse, spoilt)
    raw_nul(c.br_game_find, GAME .. "\0")
    raw_nul(c.br_record_write_state, s._s, { "event", "A\0B" }, 256)
    -- binary snapshots are bytes: NUL bytes belong there
    equal(boardrules.from_bytes(s:to_bytes()):to_json(), s:to_json())
    check(s:to_bytes():find("\0", 1, true), "a binary snapshot holds NUL bytes")
end)

-- Issue 21: a negative seed was taken as its two's complement (resample(0,
-- -1) used seed 2^64-1); Python refuses it, Lua too. Seeds are 0 .. maxinteger.
test("negative seeds are refused (issue 21)", function()
    local s = new_state()
    for _, bad in ipairs({ -1, math.mininteger, -1.0 }) do
        local e = raises_br("ArgumentError", s.resample, s, 0, bad)
        check(e.reason:find("seed", 1, true), e.reason)
        raises_br("ArgumentError", boardrules.playout_random, s, 10, bad)
        local err = raises(c.br_playout_random, s._s, bad, 1, 2)
        check(type(err) == "string" and err:find("negative", 1, true), tostring(err))
        err = raises(c.br_state_resample, s._s, 0, bad, s:clone()._s)
        check(type(err) == "string" and err:find("negative", 1, true), tostring(err))
    end
    -- the whole range below 2^63 still works
    equal(boardrules.playout_random(s, 3, math.maxinteger).games, 3)
    equal(s:resample(0, math.maxinteger):observe_json(0), s:observe_json(0))
    equal(boardrules.playout_random(s, 3, 0).games, 3)
end)

--- doc/api.md, "Announcing moves", in Lua: `mirror` (the same options with
-- chance=explicit) replays the entries of real:history() it lacks, each
-- written for every seat BEFORE it is applied; appends {move, texts} to `told`.
local function announce_new_moves(real, mirror, told)
    local history = real:history()
    for i = mirror:move_number() - real:history_start() + 1, #history do
        local move, texts = history[i].move, {}
        for seat = 0, real:num_players() - 1 do
            texts[#texts + 1] = mirror:move_to_text_view(move, seat)
        end
        mirror:apply(move)
        told[#told + 1] = move .. ": " .. table.concat(texts, " | ")
    end
end

-- Issue 21: a move's text written after the move can show a seat what was
-- hidden from it; the documented way writes it before (test_api.c checks the
-- C form over 20 games per game).
test("announcing moves: the mirror writes what each seat saw before (issue 21)", function()
    for _, g in ipairs(boardrules.games()) do
        for seed = 1, 2 do
            local opts = { players = g.min_players, seed = seed }
            local explicit_opts = { players = g.min_players, seed = seed, chance = "explicit" }
            local truth_state = g:new_state(explicit_opts)
            local real, mirror = g:new_state(opts), g:new_state(explicit_opts)
            local rand, truth, told, hidden = generator(seed), {}, {}, 0
            local function write_truth(move)
                local texts = {}
                for seat = 0, g.min_players - 1 do
                    texts[#texts + 1] = truth_state:move_to_text_view(move, seat)
                    if texts[#texts]:find("?", 1, true) then hidden = hidden + 1 end
                end
                truth[#truth + 1] = move .. ": " .. table.concat(texts, " | ")
            end
            announce_new_moves(real, mirror, told)
            while true do
                while truth_state:is_chance_node() do -- outcomes as chance=auto draws them
                    local drawn = truth_state:clone()
                    write_truth(drawn:resolve_chance())
                    truth_state = drawn
                end
                if truth_state:is_terminal() then break end
                local legal = truth_state:legal_moves()
                local move = legal[rand(#legal)]
                write_truth(move)
                truth_state:apply(move)
                real:apply(move)
                announce_new_moves(real, mirror, told)
            end
            check(real:is_terminal(), g.name)
            equal(#told, #truth, g.name .. " moves")
            for i = 1, #truth do equal(told[i], truth[i], g.name .. " seed " .. seed .. " move " .. i) end
            check(hidden > 0, g.name .. ": some chance outcome was hidden from a seat")
        end
    end
end)

test("version", function()
    local v = boardrules.version()
    local major, minor, micro = v:match("^(%d+)%.(%d+)%.(%d+)$")
    check(major, v)
    major, minor, micro = tonumber(major), tonumber(minor), tonumber(micro)
    check(boardrules.version_check(major, minor, micro))
    check(not boardrules.version_check(major + 1))
    equal(c.br_version_number(), (major << 16) | (minor << 8) | micro)
    equal(boardrules._VERSION, v)
end)

test("bots of every kind play every game", function()
    equal(table.concat(boardrules.bot_kinds(), ","), "random,greedy,planner,ismcts")
    for _, g in ipairs(boardrules.games()) do
        for _, kind in ipairs(boardrules.bot_kinds()) do
            local bot = boardrules.Bot(kind, kind == "ismcts" and "iterations=20,seed=2" or "seed=2")
            equal(bot.kind, kind)
            local s = g:new_state("seed=4")
            for _ = 1, 12 do
                if s:is_terminal() then break end
                if s:is_chance_node() then
                    s:resolve_chance()
                else
                    s:apply(bot:choose(s))
                end
            end
        end
    end
end)

test("bots: the same seed chooses the same move; refusals", function()
    local s = boardrules.new_state("tsuro", "seed=9")
    local a = boardrules.Bot("ismcts", { iterations = 30, seed = 5 })
    local b = boardrules.Bot("ismcts", "iterations=30,seed=5")
    equal(a:choose(s), b:choose(s))
    local e = raises_br("UnknownBotError", boardrules.Bot, "wizard")
    check(e.message:find("wizard", 1, true))
    e = raises_br("OptionError", boardrules.Bot, "ismcts", "c=x")
    check(e.message:find("'c'", 1, true))
    raises_br("GameMismatchError", a.choose, a, boardrules.new_state("tuer-an-tuer", "seed=1"))
    local over = boardrules.new_state("tsuro", "seed=9")
    while not over:is_terminal() do over:apply(over:legal_moves()[1]) end
    e = raises_br("WrongPhaseError", b.choose, b, over)
    check(e.message:find("over", 1, true))
end)

---------------------------------------------------------------------------

for _, t in ipairs(tests) do
    local ok, err = xpcall(t.fn, debug.traceback)
    if ok then
        print("ok   " .. t.name)
    else
        failures = failures + 1
        print("FAIL " .. t.name .. "\n" .. tostring(err))
    end
end
print(string.format("%d tests, %d failed", #tests, failures))
os.exit(failures == 0 and 0 or 1)
