#!/usr/bin/env lua5.4
--[[
validate.lua: checks a game record move by move, the way a third-party tool
(a tournament server, an archive checker) would use libboardrules.

Usage: lua5.4 validate.lua [RECORD]      (standard input when RECORD is - or absent)

A record is the `game` line, the `options` line and one move per line in
the game's notation ('#' comments and blank lines are skipped), as written by
br_record_write() or by hand. The tool reads the lines itself and asks the
library about each move: legal, or illegal and why. It stops judging at the
first illegal move (later moves depend on it) and lists the rest as not
checked. At the end it checks that the library's own replay (replay_record)
finds the same first bad line.

Exit status: 0 every move is legal; 1 a move is illegal; 2 the record
cannot be read (missing header, unknown game, bad options, unreadable file);
3 the library's replay disagrees with the move-by-move verdict (a bug).
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

--- The lines of `text` with their numbers, blank and comment lines left out.
local function meaningful_lines(text)
    local lines, number = {}, 0
    for line in (text .. "\n"):gmatch("([^\n]*)\n") do
        number = number + 1
        local trimmed = line:match("^%s*(.-)%s*$")
        if trimmed ~= "" and trimmed:sub(1, 1) ~= "#" then
            lines[#lines + 1] = { number = number, text = trimmed }
        end
    end
    return lines
end

local function unreadable(message)
    io.stderr:write("validate: ", message, "\n")
    os.exit(2)
end

--- The state of the record's header lines, or exits with status 2.
local function read_header(lines)
    local game_line, options_line = lines[1], lines[2]
    local name = game_line and game_line.text:match("^game%s+(%S+)$")
    if not name then
        unreadable(string.format("line %d: expected 'game <name>'", game_line and game_line.number or 1))
    end
    local options = options_line and (options_line.text:match("^options%s+(.*)$")
                                      or options_line.text:match("^options$") and "")
    if not options then
        unreadable(string.format("line %d: expected 'options <key=value,...>'",
                                 options_line and options_line.number or game_line.number + 1))
    end
    local ok, result = pcall(boardrules.new_state, name, options)
    if not ok then
        unreadable(string.format("line %d: %s", boardrules.is_error(result, "UnknownGameError")
                                 and game_line.number or options_line.number, tostring(result)))
    end
    print(string.format("line %d: game %s", game_line.number, name))
    print(string.format("line %d: options %s", options_line.number, result:options()))
    return result
end

--- Judges one move line. Returns nil when legal (and applies it), else the reason.
local function judge(state, text)
    if state:is_terminal() then return "the game is already over" end
    local ok, move = pcall(state.move_from_text, state, text)
    if not ok then return "cannot read the move: " .. (move.reason or tostring(move)) end
    local reason = state:check(move)
    if reason then return reason end
    local who = state:is_chance_node() and "chance" or "seat " .. state:current_player()
    state:apply(move)
    return nil, who
end

--- The first bad line according to the library's own replay (0 when none).
local function library_bad_line(text)
    local ok, err = pcall(boardrules.replay_record, text)
    if ok then return 0 end
    return err.line or -1
end

local function main(path)
    local text, err = read_input(path)
    if not text then unreadable(err) end
    local lines = meaningful_lines(text)
    local state = read_header(lines)
    local legal, first_bad = 0, nil
    for i = 3, #lines do
        local line = lines[i]
        if first_bad then
            print(string.format("line %d: '%s' not checked", line.number, line.text))
        else
            local reason, who = judge(state, line.text)
            if reason then
                first_bad = line.number
                print(string.format("line %d: '%s' ILLEGAL: %s", line.number, line.text, reason))
            else
                legal = legal + 1
                print(string.format("line %d: '%s' legal (%s)", line.number, line.text, who))
            end
        end
    end
    local status = state:is_terminal() and "the game is over" or "the game is not over"
    if first_bad then
        print(string.format("%d legal moves, then an illegal move on line %d", legal, first_bad))
    else
        print(string.format("all %d moves are legal; %s", legal, status))
    end
    local library_line = library_bad_line(text)
    if library_line ~= (first_bad or 0) then
        print(string.format("DISAGREEMENT: the library's replay finds the first bad line at %d",
                            library_line))
        return 3
    end
    print("the library's replay agrees")
    return first_bad and 1 or 0
end

os.exit(main(arg[1]))
