-- Test of examples/lua/validate.lua: it is run, as a separate program, on
-- valid records (format version 2 with and without tags, version 1), on
-- records with a bad move line (illegal, unreadable, the wrong seat, after
-- the end), a result line that disagrees, cut-off records (incomplete) and
-- records it cannot read. Exits non-zero on failure. Run by `make check`
-- (through bindings/uninstalled-env).

local boardrules = require "boardrules"

local here = arg[0]:match("^(.*)/") or "."
local validator = here .. "/validate.lua"
local interpreter = arg[-1] or "lua5.4"
local failures = 0

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function write_file(path, text)
    local f = assert(io.open(path, "w"))
    f:write(text)
    f:close()
end

--- Runs the validator on `text`; returns its output and exit status.
local function validate(text, via_stdin)
    local path = os.tmpname()
    write_file(path, text)
    local command = interpreter .. " " .. quote(validator) ..
        (via_stdin and " - < " or " ") .. quote(path) .. " 2>&1"
    local pipe = assert(io.popen(command))
    local output = pipe:read("a")
    local _, _, code = pipe:close()
    os.remove(path)
    return output, code
end

local function expect(cond, what, output)
    if not cond then
        failures = failures + 1
        print("FAIL: " .. what .. (output and ("\n--- output:\n" .. output) or ""))
    else
        print("ok   " .. what)
    end
end

local function has(output, text) return output:find(text, 1, true) ~= nil end

--- The lines of `text`, empty ones kept (entry i is line i).
local function lines_of(text)
    local list = {}
    for line in (text:sub(-1) == "\n" and text or text .. "\n"):gmatch("([^\n]*)\n") do
        list[#list + 1] = line
    end
    return list
end

local function join(lines) return table.concat(lines, "\n") .. "\n" end

--- A seeded random game under chance=auto: its record text (version 2) and final state.
local function recorded_game(options, seed)
    local s = boardrules.new_state("tsuro", options)
    local x = seed
    local moves = {}
    while not s:is_terminal() do
        local legal = s:legal_moves()
        x = (x * 1103515245 + 12345) % 2147483648
        moves[#moves + 1] = legal[x % #legal + 1]
        s:apply(moves[#moves])
    end
    return boardrules.write_record("tsuro", options, moves), s
end

-- A valid record: chance=auto when played, every draw on a chance line.
local record = recorded_game("players=3,seed=5", 5)
local parsed = boardrules.parse_record(record)
local lines = lines_of(record)
local moves = #parsed.moves
local output, code = validate(record)
expect(code == 0, "valid record: exit status 0", output)
local _, legal_count = output:gsub("' legal %(", "")
expect(legal_count == moves, string.format("valid record: %d moves reported legal", moves), output)
expect(has(output, "legal (chance)") and has(output, "legal (seat 2)"),
       "valid record: draws and seats are judged", output)
expect(has(output, "all " .. moves .. " moves are legal; the game is over; result " .. parsed.result),
       "valid record: summary with the result", output)
expect(has(output, "the library's replay agrees"), "valid record: library agrees", output)
local stdin_output, stdin_code = validate(record, true)
expect(stdin_code == 0 and stdin_output == output, "valid record read from standard input", stdin_output)

-- A record written from a state, with tags and comments.
local explicit = boardrules.new_state("tsuro", "players=2,seed=9,chance=explicit")
while not explicit:is_terminal() do
    local m = explicit:is_chance_node() and explicit:chance_outcomes()[1].move or explicit:legal_moves()[1]
    explicit:apply(m)
end
local tagged = explicit:to_record{ { "seat0", "Alice" }, { "seat1", "Bob" }, { "event", "Club night" } }
output, code = validate("# written by test_validate.lua\n\n" .. tagged)
expect(code == 0, "record with tags: exit status 0", output)
expect(has(output, "tag seat0: Alice") and has(output, "tag event: Club night"),
       "record with tags: tags shown", output)

-- A version 1 record (no record line, no seats, no result line).
local v1 = { "game tsuro", "options " .. boardrules.new_state("tsuro", "players=2,seed=9,chance=explicit"):options() }
for _, move in ipairs(boardrules.parse_record(tagged).moves) do v1[#v1 + 1] = move.text end
output, code = validate(join(v1))
expect(code == 0 and has(output, "record version 1") and has(output, "legal (chance)"),
       "version 1 record: exit status 0, draws judged", output)

--- The index in parsed.moves of the n-th move of a seat (not a chance line).
local function nth_seat_move(n)
    local seen = 0
    for i, move in ipairs(parsed.moves) do
        if move.player ~= boardrules.PLAYER_CHANCE then
            seen = seen + 1
            if seen == n then return i end
        end
    end
end

--- The state before move index `k` of the parsed record (as the replay sees it).
local function state_before(k)
    local s = boardrules.new_state("tsuro", parsed.options)
    for i = 1, k - 1 do s:apply(parsed.moves[i].text) end
    return s
end

-- An illegal move: the 4th move of a seat replaced by one that is not legal there.
local k = nth_seat_move(4)
local bad = parsed.moves[k]
local s = state_before(k)
local bad_move
for m = 0, s:move_space() - 1 do
    if not s:is_legal(m) and not s:move_to_text(m):find("draw") then bad_move = m break end
end
local reason = s:check(bad_move)
local broken = { table.unpack(lines) }
local bad_text = s:move_to_text(bad_move)
broken[bad.line] = s:current_player() .. ": " .. bad_text
output, code = validate(join(broken))
expect(code == 1, "illegal move: exit status 1", output)
expect(has(output, string.format("line %d: '%s' ILLEGAL: %s", bad.line, bad_text, reason)),
       "illegal move: reported on its line with the library's reason", output)
for i = 1, k - 1 do
    local move = parsed.moves[i]
    expect(has(output, string.format("line %d: '%s' legal", move.line, move.text)),
           "illegal move: line " .. move.line .. " before it is legal", output)
end
local after = parsed.moves[k + 1]
expect(has(output, string.format("line %d: '%s' not checked", after.line, after.text)),
       "illegal move: the lines after it are not checked", output)
expect(has(output, "the library's replay agrees"), "illegal move: library agrees", output)

-- The right move by the wrong seat.
broken = { table.unpack(lines) }
local other = (bad.player + 1) % 3
broken[bad.line] = other .. ": " .. bad.text
output, code = validate(join(broken))
expect(code == 1 and has(output, string.format("line %d: '%s' ILLEGAL: a move of seat %d, but seat %d is to move",
                                               bad.line, bad.text, other, bad.player))
       and has(output, "the library's replay agrees"),
       "wrong seat: reported with both seats", output)

-- An unreadable move.
broken = { table.unpack(lines) }
broken[bad.line] = bad.player .. ": not-a-move"
output, code = validate(join(broken))
expect(code == 1 and has(output, "'not-a-move' ILLEGAL: cannot read the move"),
       "unreadable move: reported with the reason", output)

-- A move after the end of the game (before the result line).
broken = { table.unpack(lines) }
local result_index = #broken
while not broken[result_index]:find("^result") do result_index = result_index - 1 end
table.insert(broken, result_index, "0: " .. parsed.moves[#parsed.moves].text)
output, code = validate(join(broken))
expect(code == 1 and has(output, "ILLEGAL: the game is already over")
       and has(output, "the library's replay agrees"), "move after the end: reported", output)

-- A result line that disagrees with the final position.
broken = { table.unpack(lines) }
broken[result_index] = "result *"
output, code = validate(join(broken))
expect(code == 1 and has(output, "the result line 'result *' disagrees: the final position gives 'result "
                         .. parsed.result .. "'") and has(output, "the library's replay agrees"),
       "result line that disagrees: exit status 1", output)

-- Cut-off records: incomplete, with their own exit status.
broken = { table.unpack(lines, 1, result_index - 1) }
output, code = validate(join(broken))
expect(code == 4 and has(output, "incomplete: the record ends without its result line")
       and has(output, "the moves give 'result " .. parsed.result .. "'")
       and has(output, "the library's replay agrees"),
       "record without its result line: incomplete, exit status 4", output)
broken = { table.unpack(lines, 1, bad.line) }
output, code = validate(join(broken))
expect(code == 4 and has(output, "the game is not over; incomplete")
       and has(output, "the moves give 'result *'") and has(output, "the library's replay agrees"),
       "record cut off in the middle: incomplete, exit status 4", output)
-- Cut inside a line: that line is bad, not the record incomplete.
output, code = validate(join({ table.unpack(lines, 1, bad.line - 1) }) .. bad.player .. ": @")
expect(code == 1 and has(output, "ILLEGAL: cannot read the move"),
       "record cut inside a move line: that line is bad", output)

-- Records the validator cannot read (exit status 2).
for _, case in ipairs({
    { "", "line 1, column 1: expected 'record 2' or 'game <name>'" },
    { "game chess\noptions players=2\n", "chess" },
    { "game tsuro\noptions players=99\n", "players" },
    { "game tsuro\n17r0\n", "line 2, column 1: expected 'options" },
    { "record 2\ngame tsuro\noptions players=2\n0: @a1:0\nseat0 Alice\n", "line 5, column 1" },
    { "record 2\ngame tsuro\noptions players=2\nresult *\n0: @a1:0\n", "line 5" },
    -- issue 21: NUL bytes made the record look cut off (incomplete, exit 4)
    { join({ table.unpack(lines, 1, 5) }) .. "\0\0" .. join({ table.unpack(lines, 6) }),
      "must not contain NUL characters" },
}) do
    output, code = validate(case[1])
    expect(code == 2 and has(output, case[2]),
           "unreadable record '" .. case[1]:gsub("\n", "\\n"):gsub("\0", "\\0")
           .. "': exit status 2", output)
end
output, code = validate((record:gsub("game tsuro", "game  tsuro")))
expect(code == 0, "blanks in the header are accepted", output)

print(failures == 0 and "all passed" or (failures .. " failed"))
os.exit(failures == 0 and 0 or 1)
