#!/usr/bin/env lua5.4
--[[
validate.lua: checks a game record move by move, the way a third-party tool
(a tournament server, an archive checker) would use libboardrules.

Usage: lua5.4 validate.lua [RECORD]      (standard input when RECORD is - or absent)

A record is the text br_record_write() / State:to_record() write (format
version 2: `record 2`, `game`, `options`, tags, one `<seat>: <move>` or
`chance: <outcome>` line per move, `result`), or a version 1 record (`game`,
`options`, one move text per line); doc/records.md is the reference. The
tool does not read the text itself: boardrules.parse_record() gives the
header, the tags and the move lines (each with the seat it names and its
line number) and the result line, and a layout error with its line and
column. The tool then asks the library about each move line in turn: is the
seat it names the one to move, does its text read as a move, is that move
legal (and why not). It stops judging at the first bad line (later moves
depend on it) and lists the rest as not checked. A version 2 record must end
with its result line, and that line must say what the final position gives;
a record without one was cut off: it is incomplete, not wrong. At the end it
checks that the library's own replay (replay_record) comes to the same
verdict.

A version 2 record gives every chance outcome on a line of its own, so it is
judged as the library replays it: with chance=explicit, whatever its options
say about chance. A version 1 record is judged in its options' own chance mode.

Exit status:
  0  every move is legal and the record is complete;
  1  a move line is bad (a seat that is not to move, a text that is not a
     move, an illegal move, a move after the end) or the result line
     disagrees with the final position;
  2  the record cannot be read (a layout error, reported as line and column;
     an unknown game; bad options; an unreadable file);
  3  the library's replay disagrees with the move-by-move verdict (a bug);
  4  incomplete: every line is good, but the version 2 record ends without
     its result line (a cut-off file).
]]

local boardrules = require "boardrules"

local function read_input(path)
    if path == nil or path == "-" then return io.read("a") end
    local f, err = io.open(path, "r")
    if not f then return nil, err end
    local text = f:read("a")
    f:close()
    return text
end

local function unreadable(message)
    io.stderr:write("validate: ", message, "\n")
    os.exit(2)
end

--- The options a version 2 record replays with: its own, chance=explicit.
local function explicit_chance(options)
    local kept = {}
    for item in options:gmatch("[^,]+") do
        if not item:match("^%s*chance%s*=") then kept[#kept + 1] = item end
    end
    kept[#kept + 1] = "chance=explicit"
    return table.concat(kept, ",")
end

--- The initial state of a parsed record, or exits with status 2.
local function initial_state(record)
    local options = record.version >= 2 and explicit_chance(record.options) or record.options
    local ok, result = pcall(boardrules.new_state, record.game, options)
    if not ok then
        local what = boardrules.is_error(result, "UnknownGameError") and "game" or "options"
        unreadable(string.format("%s: %s", what, tostring(result)))
    end
    print(string.format("record version %d", record.version))
    print(string.format("game %s", record.game))
    print(string.format("options %s", result:options()))
    for _, tag in ipairs(record.tags) do
        print(string.format("tag %s: %s", tag[1], tag[2]))
    end
    return result
end

local function player_name(player)
    if player == boardrules.PLAYER_CHANCE then return "chance" end
    if player == boardrules.PLAYER_TERMINAL then return "nobody" end
    return "seat " .. player
end

--- Judges one move line. Returns nil and who moved when it is good (and
-- applies it), else the reason.
local function judge(state, move)
    if state:is_terminal() then return "the game is already over" end
    local to_move = state:current_player()
    if move.player ~= nil and move.player ~= to_move then
        return string.format("a move of %s, but %s is to move", player_name(move.player),
                             player_name(to_move))
    end
    local ok, m = pcall(state.move_from_text, state, move.text)
    if not ok then return "cannot read the move: " .. (m.reason or tostring(m)) end
    local reason = state:check(m)
    if reason then return reason end
    state:apply(m)
    return nil, player_name(to_move)
end

--- What a result line must say for `state`: the returns of a finished game,
-- `*` before the end.
local function expected_result(state)
    if not state:is_terminal() then return "*" end
    local parts = {}
    for i, r in ipairs(state:returns()) do parts[i] = string.format("%d", r) end
    return table.concat(parts, " ")
end

--- The library's verdict: "ok", "incomplete" or "bad", and the line it names.
local function library_verdict(text)
    local ok, err = pcall(boardrules.replay_record, text)
    if ok then return "ok", 0 end
    if boardrules.is_error(err, "IncompleteRecordError") then return "incomplete", err.line end
    return "bad", err.line or -1
end

local function main(path)
    local text, err = read_input(path)
    if not text then unreadable(err) end
    local ok, record = pcall(boardrules.parse_record, text)
    if not ok then
        if boardrules.is_error(record) then unreadable(record.reason) end
        error(record, 0)
    end
    local state = initial_state(record)
    local legal, first_bad = 0, nil
    for _, move in ipairs(record.moves) do
        if first_bad then
            print(string.format("line %d: '%s' not checked", move.line, move.text))
        else
            local reason, who = judge(state, move)
            if reason then
                first_bad = move.line
                print(string.format("line %d: '%s' ILLEGAL: %s", move.line, move.text, reason))
            else
                legal = legal + 1
                print(string.format("line %d: '%s' legal (%s)", move.line, move.text, who))
            end
        end
    end

    -- The verdict: the first bad move line, else the result line.
    local verdict, code = "ok", 0
    local expected = expected_result(state)
    local phase = state:is_terminal() and "the game is over" or "the game is not over"
    if first_bad then
        verdict, code = "bad", 1
        print(string.format("%d legal moves, then a bad move line on line %d", legal, first_bad))
    elseif record.version >= 2 and record.result == nil then
        verdict, code = "incomplete", 4
        print(string.format("all %d moves are legal; %s; incomplete: the record ends without "
                            .. "its result line (cut off?), the moves give 'result %s'",
                            legal, phase, expected))
    elseif record.version >= 2 and record.result:gsub("%s+", " ") ~= expected then
        verdict, code = "bad", 1
        print(string.format("all %d moves are legal; %s; the result line 'result %s' "
                            .. "disagrees: the final position gives 'result %s'",
                            legal, phase, record.result, expected))
    else
        print(string.format("all %d moves are legal; %s%s", legal, phase,
                            record.version >= 2 and ("; result " .. expected) or ""))
    end

    -- The library's replay must say the same (the line of a bad move line,
    -- which this tool knows; a bad result line lies after the last move).
    local library, library_line = library_verdict(text)
    local last_move = #record.moves > 0 and record.moves[#record.moves].line or 0
    local agrees = library == verdict and
        (verdict ~= "bad" or library_line == first_bad or (first_bad == nil and library_line > last_move))
    if not agrees then
        print(string.format("DISAGREEMENT: the library's replay says %s (line %d)", library,
                            library_line))
        return 3
    end
    print("the library's replay agrees")
    return code
end

os.exit(main(arg[1]))
