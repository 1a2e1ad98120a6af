-- Test of examples/lua/validate.lua: it is run, as a separate program, on a
-- valid record, on records with an illegal or unreadable move, on a record
-- with a move after the end, and on records it cannot read. Exits non-zero
-- on failure. Run by `make check` (through bindings/uninstalled-env).

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

local function lines_of(text)
    local list = {}
    for line in text:gmatch("[^\n]+") do list[#list + 1] = line end
    return list
end

--- A seeded random game under chance=auto: its record text and final state.
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

--- The index in `lines` of the first move line (after the options line).
local function first_move_index(lines)
    for i, line in ipairs(lines) do
        if line:find("^options") then return i + 1 end
    end
end

-- A valid record (chance=auto: no draw lines).
local record = recorded_game("players=3,seed=5", 5)
local lines = lines_of(record)
local first = first_move_index(lines)
local moves = #lines - first + 1
local output, code = validate(record)
expect(code == 0, "valid record: exit status 0", output)
local _, legal_count = output:gsub("' legal %(", "")
expect(legal_count == moves, string.format("valid record: %d moves reported legal", moves), output)
expect(output:find("all " .. moves .. " moves are legal; the game is over", 1, true),
       "valid record: summary", output)
expect(output:find("the library's replay agrees", 1, true), "valid record: library agrees", output)
local stdin_output, stdin_code = validate(record, true)
expect(stdin_code == 0 and stdin_output == output, "valid record read from standard input", stdin_output)

-- A valid record with explicit chance: draws are moves of their own.
local explicit = boardrules.new_state("tsuro", "players=2,seed=9,chance=explicit")
local texts = { "game tsuro", "options " .. explicit:options() }
while not explicit:is_terminal() do
    local m = explicit:is_chance_node() and explicit:chance_outcomes()[1].move or explicit:legal_moves()[1]
    texts[#texts + 1] = explicit:move_to_text(m)
    explicit:apply(m)
end
output, code = validate("# written by test_validate.lua\n\n" .. table.concat(texts, "\n") .. "\n")
expect(code == 0, "explicit-chance record: exit status 0", output)
expect(output:find("legal (chance)", 1, true), "explicit-chance record: draws are judged", output)

-- An illegal move: on the 4th move line, a move that is not legal there.
local s = boardrules.new_state("tsuro", "players=3,seed=5")
for i = first, first + 2 do s:apply(lines[i]) end
local bad_move
for m = 0, s:move_space() - 1 do
    if not s:is_legal(m) and not s:move_to_text(m):find("draw") then bad_move = m break end
end
local reason = s:check(bad_move)
local broken = { table.unpack(lines) }
broken[first + 3] = s:move_to_text(bad_move)
output, code = validate(table.concat(broken, "\n") .. "\n")
expect(code == 1, "illegal move: exit status 1", output)
local bad_line = first + 3  -- record lines are numbered from 1 and none is blank
expect(output:find(string.format("line %d: '%s' ILLEGAL: %s", bad_line, broken[bad_line], reason), 1, true),
       "illegal move: reported on its line with the library's reason", output)
for i = first, first + 2 do
    expect(output:find(string.format("line %d: '%s' legal", i, lines[i]), 1, true),
           "illegal move: line " .. i .. " before it is legal", output)
end
expect(output:find(string.format("line %d: '%s' not checked", bad_line + 1, broken[bad_line + 1]), 1, true),
       "illegal move: the lines after it are not checked", output)
expect(output:find("the library's replay agrees", 1, true), "illegal move: library agrees", output)

-- An unreadable move.
broken = { table.unpack(lines) }
broken[first + 1] = "not-a-move"
output, code = validate(table.concat(broken, "\n"))
expect(code == 1 and output:find("'not-a-move' ILLEGAL: cannot read the move", 1, true),
       "unreadable move: reported with the reason", output)

-- A move after the end of the game.
output, code = validate(record .. lines[#lines] .. "\n")
expect(code == 1 and output:find("ILLEGAL: the game is already over", 1, true),
       "move after the end: reported", output)

-- Records the validator cannot read.
for _, case in ipairs({
    { "", "expected 'game <name>'" },
    { "game chess\noptions \n", "chess" },
    { "game tsuro\noptions players=99\n", "players" },
    { "game tsuro\n17r0\n", "expected 'options" },
}) do
    output, code = validate(case[1])
    expect(code == 2 and output:find(case[2], 1, true),
           "unreadable record '" .. case[1]:gsub("\n", "\\n") .. "': exit status 2", output)
end
output, code = validate(record:gsub("game tsuro", "game  tsuro"))
expect(code == 0, "blanks in the header are accepted", output)

print(failures == 0 and "all passed" or (failures .. " failed"))
os.exit(failures == 0 and 0 or 1)
