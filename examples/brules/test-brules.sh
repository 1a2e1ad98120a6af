#!/bin/sh
# Runs every subcommand of brules and checks what it prints and its exit
# status. Run by `make check`, which sets BRULES to the program in the build
# tree; by hand: BRULES=path/to/brules sh test-brules.sh
set -eu

: "${BRULES:?BRULES must name the brules program (make check sets it)}"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-brules.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

checks=0

# ---------------------------------------------------------------- helpers

# run ARGS...: runs brules with no input; stdout, stderr and exit status go
# to $work/out, $work/err and $status.
run() {
    status=0
    "$BRULES" "$@" <"/dev/null" >"$work/out" 2>"$work/err" || status=$?
}

# run_with INPUT ARGS...: the same with INPUT on stdin (\n for a line end).
run_with() {
    input=$1
    shift
    status=0
    printf '%b' "$input" | "$BRULES" "$@" >"$work/out" 2>"$work/err" || status=$?
}

# run_from FILE ARGS...: the same with FILE on stdin.
run_from() {
    input=$1
    shift
    status=0
    "$BRULES" "$@" <"$input" >"$work/out" 2>"$work/err" || status=$?
}

fail() {
    echo "FAIL: $*" >&2
    echo "--- stdout:" >&2
    head -n 60 "$work/out" >&2
    echo "--- stderr:" >&2
    head -n 20 "$work/err" >&2
    exit 1
}

expect_status() {
    checks=$((checks + 1))
    [ "$status" -eq "$1" ] || fail "$2: exit status $status, expected $1"
}

# expect_out REGEX WHAT / expect_err REGEX WHAT: a line of stdout / stderr
# matches the basic regular expression.
expect_out() {
    checks=$((checks + 1))
    grep -q -e "$1" "$work/out" || fail "$2: no line of stdout matches '$1'"
}

expect_err() {
    checks=$((checks + 1))
    grep -q -e "$1" "$work/err" || fail "$2: no line of stderr matches '$1'"
}

expect_no_err() {
    checks=$((checks + 1))
    [ ! -s "$work/err" ] || fail "$1: unexpected output on stderr"
}

# expect_json WHAT EXPR...: stdout is one JSON object, and every Python
# expression EXPR, with the object as d, is true.
expect_json() {
    what=$1
    shift
    checks=$((checks + 1))
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, dict), "not a JSON object"
for e in sys.argv[2:]:
    if not eval(e):
        sys.exit("not true: " + e)
' "$work/out" "$@" || fail "$what: stdout is not the JSON expected"
}

# count_out REGEX: the number of stdout lines that match.
count_out() {
    grep -c -e "$1" "$work/out" || true
}

# ---------------------------------------------------------------- --version, --help

run --version
expect_status 0 "--version"
expect_out '^library version: [0-9][0-9.]* (loaded at run time)$' "--version"
expect_out '^header version: *[0-9][0-9.]* (compiled against)$' "--version"

run --help
expect_status 0 "--help"
expect_out '^Usage: brules COMMAND' "--help"
for command in list info play selfplay replay bench; do
    expect_out "^  $command " "--help lists $command"
done

run help replay
expect_status 0 "help replay"
expect_out '^Usage: brules replay' "help replay"

run play --help
expect_status 0 "play --help"
expect_out '^Usage: brules play GAME' "play --help"

# ---------------------------------------------------------------- usage errors: exit 2

run
expect_status 2 "no command"
expect_err '^brules: no command given$' "no command"

run --frobnicate
expect_status 2 "unknown top-level option"
expect_err "^brules: unrecognized option '--frobnicate'$" "unknown top-level option"

run frobnicate
expect_status 2 "unknown command"
expect_err "^brules: unknown command 'frobnicate'$" "unknown command"

run help frobnicate
expect_status 2 "help for an unknown command"

run selfplay tsuro --frobnicate
expect_status 2 "unknown option of a command"
expect_err "^brules: selfplay: unrecognized option '--frobnicate'$" "unknown option of a command"
expect_err "^Try 'brules help selfplay'.$" "hint after a usage error"

run selfplay tsuro -n zero
expect_status 2 "bad -n"
expect_err "^brules: selfplay: -n needs a number of games" "bad -n"

run selfplay tsuro -n
expect_status 2 "-n without a value"
expect_err "^brules: selfplay: option requires an argument -- 'n'$" "-n without a value"

run selfplay tsuro --games
expect_status 2 "--games without a value"
expect_err "^brules: selfplay: option '--games' requires an argument$" "--games without a value"

run selfplay tsuro --show=yes
expect_status 2 "a value for an option that takes none"
expect_err "^brules: selfplay: option '--show' doesn't allow an argument$" \
    "a value for an option that takes none"

run selfplay tsuro -x
expect_status 2 "an unknown short option"
expect_err "^brules: selfplay: invalid option -- 'x'$" "an unknown short option"

run play tsuro --bo
expect_status 2 "an ambiguous abbreviation"
expect_err "^brules: play: option '--bo' is ambiguous; possibilities: '--bots' '--bot'$" \
    "an ambiguous abbreviation names the candidates"

# getopt_long: abbreviations, options anywhere, grouping, '--'.
run selfplay --gam 3 tsuro --se 3 --bot greedy
expect_status 0 "abbreviated long options"
expect_out '^tsuro: 3 games, greedy bots$' "abbreviated long options"
run selfplay -n 3 -- tsuro
expect_status 0 "'--' before the game"
expect_out '^tsuro: 3 games, random bots$' "'--' before the game"
run info -- --json
expect_status 2 "'--' ends the options"
expect_err "^brules: unknown game '--json'" "after '--' an option is an operand"
run -- list
expect_status 0 "'--' before the command"
expect_out '^tsuro ' "'--' before the command"

run play tsuro --bots --seat 1
expect_status 2 "--bots with --seat"
expect_err "exclude each other" "--bots with --seat"

run play tsuro --seat 5 --seed 1
expect_status 2 "--seat beyond the seats"
expect_err "^brules: play: --seat 5: the game has seats 0..1$" "--seat beyond the seats"

run selfplay tsuro -n 1 -o players=99
expect_status 2 "bad game option"
expect_err "^brules: tsuro: .*players" "bad game option names the key"

run selfplay tsuro -n 1 -o frobnicate=1
expect_status 2 "unknown game option"
expect_err "^brules: tsuro: .*frobnicate" "unknown game option names the key"

run info
expect_status 2 "info without a game"
expect_err '^brules: info: missing argument GAME$' "info without a game"

run replay
expect_status 2 "replay without a file"

run list games
expect_status 2 "list with an argument"
expect_err "^brules: list: unexpected argument 'games'$" "list with an argument"

run help
expect_status 0 "help without a command"
expect_out '^Usage: brules COMMAND' "help without a command"

run bench tsuro -t -1
expect_status 2 "bench with a bad time"

# ---------------------------------------------------------------- list, info

run list
expect_status 0 "list"
expect_out '^name  *title  *players$' "list header"
expect_out '^tsuro  *Tsuro  *2-8$' "list shows tsuro"

run info tsuro
expect_status 0 "info tsuro"
expect_out '^Tsuro (tsuro)$' "info title"
expect_out '^players: 2-8 (default 2)$' "info players"
expect_out '^move space with the default options: [1-9][0-9]* moves' "info move space"
expect_out '^default options: .*seed=0' "info default options"
expect_out '^options (-o key=value,key=value):$' "info options"
expect_out '^  players' "info options help lists players"
expect_out '^  chance' "info options help lists chance"

run list --json
expect_status 0 "list --json"
expect_json "list --json" "[g['name'] for g in d['games']][0] == 'tsuro'" \
    "all(set(g) == {'name', 'title', 'players'} for g in d['games'])" \
    "d['games'][0]['players'] == {'min': 2, 'max': 8, 'default': 2}" \
    "'Tür an Tür' in [g['title'] for g in d['games']]"

run info --json tsuro
expect_status 0 "info --json"
expect_json "info --json" "d['name'] == 'tsuro'" "d['title'] == 'Tsuro'" \
    "d['players'] == {'min': 2, 'max': 8, 'default': 2}" "'seed=0' in d['default_options']" \
    "d['move_space'] > 0" "0 < d['max_legal_moves'] <= d['move_space']" \
    "d['has_chance'] is True" "d['has_hidden_information'] is True" \
    "d['max_game_length'] > 0" "isinstance(d['description'], str)" \
    "[o['key'] for o in d['options']][:3] == ['players', 'seed', 'chance']" \
    "d['options'][0]['kind'] == 'integer' and d['options'][0]['max'] == 8" \
    "d['options'][2]['choices'] == ['auto', 'explicit']" "'players' in d['options_help']"

run info nosuchgame
expect_status 2 "info of an unknown game"
expect_err "^brules: unknown game 'nosuchgame' ('brules list' shows the games)$" \
    "info of an unknown game"

# ---------------------------------------------------------------- selfplay

run selfplay tsuro -n 20 --seed 3
expect_status 0 "selfplay -n 20"
expect_out '^tsuro: 20 games, random bots$' "selfplay summary"
expect_out '^seat  *wins  *share ' "selfplay table"
expect_out '^ *0  *[0-9][0-9]*  *[0-9.]*%$' "selfplay seat 0"
expect_out '^ *1  *[0-9][0-9]*  *[0-9.]*%$' "selfplay seat 1"
expect_out '^outcome  *games  *share$' "selfplay outcome table"
expect_out '^one winner  *[0-9][0-9]*  *[0-9.]*%$' "selfplay: games with one winner"
expect_out '^win shared by every seat  *[0-9][0-9]*  *[0-9.]*%$' "selfplay: shared by all"
expect_out '^no winner  *[0-9][0-9]*  *[0-9.]*%$' "selfplay: games without a winner"
checks=$((checks + 1))
[ "$(count_out '^win shared by some seats')" -eq 0 ] \
    || fail "selfplay: with two seats a shared win is a win of every seat"
expect_out '^average length: [0-9.]* moves (shortest [0-9]*, longest [0-9]*)$' \
    "selfplay average length"
expect_no_err "selfplay without a terminal shows no progress bar"

# outcome LABEL: the number of games in the row LABEL of the outcome table.
outcome() {
    sed -n "s/^$1  *\([0-9][0-9]*\)  .*/\1/p" "$work/out"
}
# seat_wins: the wins of all seats added up.
seat_wins() {
    awk '/^ *[0-9]+ +[0-9]+ +[0-9.]+%$/ { s += $2 } END { print s + 0 }' "$work/out"
}
# check_outcomes GAMES SEATS: the outcomes add up to GAMES, the draws line
# agrees with them, and the per-seat wins fit the outcomes (a game with k
# winners counts k wins; a win shared by some seats has 2..SEATS-1 winners).
check_outcomes() {
    one=$(outcome 'one winner')
    some=$(outcome 'win shared by some seats')
    some=${some:-0}
    all=$(outcome 'win shared by every seat')
    none=$(outcome 'no winner')
    wins=$(seat_wins)
    checks=$((checks + 3))
    [ $((one + some + all + none)) -eq "$1" ] \
        || fail "selfplay: outcomes $one + $some + $all + $none do not add up to $1 games"
    expect_out "^draws (all returns 0): $((all + none)) games = every seat won $all + nobody won $none\$" \
        "selfplay: the draws are the games won by every seat and those nobody won"
    [ "$wins" -ge $((one + 2 * some + $2 * all)) ] \
        && [ "$wins" -le $((one + ($2 - 1) * some + $2 * all)) ] \
        || fail "selfplay: $wins wins per seat do not fit the outcomes"
}
check_outcomes 20 2
cp "$work/out" "$work/selfplay1"
run selfplay tsuro -n 20 --seed 3
checks=$((checks + 1))
cmp -s "$work/out" "$work/selfplay1" || fail "selfplay with the same seed differs"

# --json gives the same statistics as the text; -jn groups -j and -n.
text_wins=$(awk '/^ *[0-9]+ +[0-9]+ +[0-9.]+%$/ { printf "%s%s", s, $2; s = "," }' "$work/out")
run selfplay tsuro -jn 20 --seed 3
expect_status 0 "selfplay --json"
expect_no_err "selfplay --json"
expect_json "selfplay --json" "d['game'] == 'tsuro'" "d['games'] == 20" \
    "d['games_requested'] == 20" "d['interrupted'] is False" "d['bot'] == 'random'" \
    "d['first_seed'] == 3" "d['players'] == 2" "d['wins'] == [$text_wins]" \
    "d['outcomes'] == {'one_winner': $one, 'shared_by_some': 0, 'shared_by_all': $all, 'no_winner': $none}" \
    "d['draws'] == $((all + none))" "d['length']['shortest'] <= d['length']['average'] <= d['length']['longest']" \
    "d['options'].startswith('players=2,seed=3,')"
run selfplay tsuro --show --json
expect_status 2 "selfplay --show --json"

run selfplay tsuro -n 4 -o players=4 --bot greedy
expect_status 0 "selfplay with greedy bots"
expect_out '^tsuro: 4 games, greedy bots$' "selfplay greedy"
expect_out '^ *3  *[0-9][0-9]*  *[0-9.]*%$' "selfplay 4 players"
expect_out '^win shared by some seats  *[0-9][0-9]*  *[0-9.]*%$' \
    "selfplay: with more than two seats some may share a win"
check_outcomes 4 4

# The planner plans its whole turn: in Tür an Tür it lays elevator cards
# before its door card and reaches the exit, so no game of these ends with
# nobody winning (the greedy bot leaves a quarter of its games so).
run selfplay tuer-an-tuer -n 30 --seed 1 --bot planner --json
expect_status 0 "selfplay with planner bots"
expect_json "selfplay planner: the bot is named" "d['bot'] == 'planner'"
expect_json "selfplay planner: every game has a winner" "d['outcomes']['no_winner'] == 0"
run selfplay tsuro --bot wise
expect_status 2 "selfplay: an unknown bot"
expect_err "unknown bot kind 'wise' (known: random, greedy, planner, ismcts)" \
    "the known bots are named"
run selfplay tsuro --bot ismcts:c=x
expect_status 2 "selfplay: a bad bot option"
expect_err "bot option 'c': 'x' is not a number" "the bad bot option is named"

# --bots: one bot per seat, the seats rotated from game to game, so that in
# 4 games of 2 seats each bot plays 4 seats; wins_by_bot counts its wins.
run selfplay tsuro -n 4 --seed 2 --bots ismcts:iterations=50+c=1,random --json
expect_status 0 "selfplay --bots"
expect_json "selfplay --bots: wins and seats by bot" \
    "d['bot'] == 'ismcts:iterations=50+c=1,random'" \
    "d['seats_by_bot'] == {'ismcts:iterations=50+c=1': 4, 'random': 4}" \
    "sum(d['wins_by_bot'].values()) == sum(d['wins'])"
run selfplay tsuro -n 3 -o players=3 --bots planner,greedy
expect_status 0 "selfplay --bots, text"
expect_out '^tsuro: 3 games, bots planner, greedy (seats rotated)$' "selfplay --bots names the bots"
expect_out '^planner  *6  *[0-9]*  *[0-9.]*%$' "selfplay --bots: the list repeats to the seats"
expect_out '^greedy  *3  *[0-9]*  *[0-9.]*%$' "selfplay --bots: greedy plays a third of the seats"
run selfplay tsuro --bots planner,wise
expect_status 2 "selfplay --bots with an unknown bot"
expect_err "unknown bot kind 'wise'" "selfplay --bots names the unknown bot"

# Tür an Tür ends in both kinds of draw: both players out at once (every
# seat won) and both trapped in the house (nobody won). The statistics
# count them apart and agree with the result of every single game.
run selfplay tuer-an-tuer -n 40 --seed 1 --bot greedy --show
expect_status 0 "selfplay tuer-an-tuer"
check_outcomes 40 2
checks=$((checks + 5))
[ "$all" -gt 0 ] && [ "$none" -gt 0 ] \
    || fail "selfplay: these 40 games hold both kinds of draw ($all and $none)"
[ "$(count_out '^result: ')" -eq 40 ] || fail "selfplay --show: a result per game"
[ "$(count_out '^result: seats 0 and 1 share the win: every seat won (a draw)$')" -eq "$all" ] \
    || fail "selfplay: the games won by every seat differ from the single results"
[ "$(count_out '^result: nobody wins (a draw)$')" -eq "$none" ] \
    || fail "selfplay: the games nobody won differ from the single results"
[ "$(count_out '^result: seat [01] wins$')" -eq "$one" ] \
    || fail "selfplay: the games with one winner differ from the single results"

run selfplay tsuro -n 1 --show
expect_status 0 "selfplay -n 1 --show (make demo)"
expect_out '^move 1: ' "demo shows the moves"
expect_out '^game 1: over after [0-9]* moves$' "demo shows the end"
expect_out '^result: ' "demo shows the result"

# ---------------------------------------------------------------- play with bots, records

run play tsuro --bots --seed 5 -o players=3 --record "$work/bots.rec"
expect_out '^options .*seed=5' "play shows the seed when the game is over"
expect_status 0 "play --bots"
expect_out '^seat 0: ismcts bot, seat 1: ismcts bot, seat 2: ismcts bot$' "play --bots seats"
expect_out '^seat 2 (ismcts): ' "play --bots moves"
expect_out '^game over after [0-9]* moves$' "play --bots ends"
expect_out "^record written to $work/bots.rec" "play --record"
grep '^result: ' "$work/out" >"$work/bots.result"
checks=$((checks + 1))
grep -q '^game tsuro$' "$work/bots.rec" || fail "the record has no 'game tsuro' line"
# expect_record_tag FILE LINE: the record has that tag line (issue 21: who
# played each seat, and the date).
expect_record_tag() {
    checks=$((checks + 1))
    grep -q -x -e "$2" "$1" || fail "$1 has no tag line '$2'"
}
for seat in 0 1 2; do
    expect_record_tag "$work/bots.rec" "seat$seat ismcts bot"
done
expect_record_tag "$work/bots.rec" 'date [0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'
# The day the game began, in UTC: today, or yesterday just after midnight.
checks=$((checks + 1))
day=$(sed -n 's/^date //p' "$work/bots.rec")
[ "$day" = "$(date -u +%Y-%m-%d)" ] || [ "$day" = "$(date -u -d yesterday +%Y-%m-%d 2>/dev/null)" ] \
    || fail "the record's date $day is not today (UTC)"
checks=$((checks + 1))
[ "$(grep -c '^seat' "$work/bots.rec")" -eq 3 ] || fail "the record has other seat tags than 0..2"

run replay "$work/bots.rec"
expect_status 0 "replay of a valid record"
expect_out '^valid record; ' "replay says valid"
expect_out '^game over$' "replay reaches the end"
checks=$((checks + 1))
grep '^result: ' "$work/out" | cmp -s - "$work/bots.result" \
    || fail "replay gives another result than the game"
cp "$work/out" "$work/replay1"

run_from "$work/bots.rec" replay -
expect_status 0 "replay from stdin"
checks=$((checks + 1))
cmp -s "$work/out" "$work/replay1" || fail "replay from stdin differs from replay of the file"

run replay --snapshot "$work/bots.rec"
expect_status 0 "replay --snapshot"
checks=$((checks + 1))
head -c 1 "$work/out" | grep -q '{' || fail "replay --snapshot does not print a JSON object"
expect_out '"tsuro"' "the snapshot names the game"

run replay --json "$work/bots.rec"
expect_status 0 "replay --json of a valid record"
expect_no_err "replay --json of a valid record"
expect_json "replay --json of a valid record" \
    "d['file'] == '$work/bots.rec'" "d['valid'] is True" "d['complete'] is True" \
    "d['game'] == 'tsuro'" "d['version'] == 2" "d['moves'] > 0" "d['first_bad_line'] == 0" \
    "d['reason'] == ''" "isinstance(d['result'], str) and d['result'] != '*'"

# A record cut off before its result line is incomplete, not valid.
grep -v '^result ' "$work/bots.rec" >"$work/cut.rec"
run replay "$work/cut.rec"
expect_status 1 "replay of a cut-off record"
expect_err "^$work/cut.rec:[0-9][0-9]*:[0-9][0-9]*: .*result" "a cut-off record is reported"
run replay -j "$work/cut.rec"
expect_status 1 "replay --json of a cut-off record"
expect_json "replay --json of a cut-off record" "d['valid'] is True" \
    "d['complete'] is False" "d['first_bad_line'] > 0" "d['reason'] != ''"

# With chance=explicit the record holds the draws too.
run play tsuro --bots --bot random --seed 6 -o chance=explicit --record "$work/explicit.rec"
expect_status 0 "play --bots with explicit chance"
expect_out '^chance: ' "explicit chance outcomes are shown"
run replay "$work/explicit.rec"
expect_status 0 "replay of a record with chance outcomes"

# A corrupted record: the first move line is replaced by nonsense. (Version
# 2 records: "SEAT: MOVE" or "chance: OUTCOME" lines; version 1: any line
# after the game and options lines.)
first_move=$(awk '
    /^[ \t]*(#|$)/ { next }
    /^([0-9]+|chance): / { print NR; exit }
    header < 2 && ($1 == "game" || $1 == "options") { header++; next }
    header == 2 && $1 !~ /^(record|seat[0-9]+|date|event|site|round|result)$/ { print NR; exit }
    ' "$work/bots.rec")
sed "${first_move}s/.*/zz-not-a-move/" "$work/bots.rec" >"$work/bad.rec"
run replay "$work/bad.rec"
expect_status 1 "replay of a corrupted record"
expect_err "^$work/bad.rec:$first_move:\([0-9]*:\)\{0,1\} ." "the error names the file and line"
checks=$((checks + 3))
[ ! -s "$work/out" ] || fail "nothing goes to stdout for a bad record"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "a bad record is reported in one line"
! grep -q -e "line $first_move" "$work/err" || fail "the line number is repeated"

# A well-formed but illegal move: the first move repeated.
awk -v n="$first_move" '{ print } NR == n { print }' "$work/bots.rec" >"$work/twice.rec"
run replay "$work/twice.rec"
expect_status 1 "replay of a record with an illegal move"
expect_err "^$work/twice.rec:$((first_move + 1)):\([0-9]*:\)\{0,1\} ." "the error names the illegal line"

run_from "$work/bad.rec" replay -
expect_status 1 "replay of a corrupted record from stdin"
expect_err "^<stdin>:$first_move:" "stdin is named <stdin>"

run replay --json "$work/bad.rec"
expect_status 1 "replay --json of a corrupted record"
expect_no_err "replay --json reports in the verdict only"
expect_json "replay --json of a corrupted record" "d['valid'] is False" \
    "d['complete'] is False" "d['first_bad_line'] == $first_move" "d['reason'] != ''"

run replay "$work/no-such-file.rec"
expect_status 1 "replay of a missing file"
expect_err "^brules: $work/no-such-file.rec: " "replay of a missing file"

# ---------------------------------------------------------------- --json: failures as JSON

# Issue 21: `replay --json` printed nothing on stdout for a file it could not
# read. Every --json command, on every failure, prints one JSON object on
# stdout: {"command", "error" (the first message, as on stderr without
# "brules: "), "status" (the exit status)}; the message stays on stderr.

# expect_json_error STATUS COMMAND WHAT TEXT: the run failed with STATUS;
# stdout is that object, its error contains TEXT, and stderr says it too.
expect_json_error() {
    expect_status "$1" "$3"
    export BRT_WANT="$4"
    expect_json "$3" "set(d) == {'command', 'error', 'status'}" "d['command'] == '$2'" \
        "d['status'] == $1" "__import__('os').environ['BRT_WANT'] in d['error']"
    checks=$((checks + 1))
    grep -q -F -e "$4" "$work/err" || fail "$3: the reason is not on stderr"
}

# Bad arguments, for each --json command, --json before or after the mistake.
run list --json extra
expect_json_error 2 list "list --json with an operand" "unexpected argument 'extra'"
run list --frobnicate --json
expect_json_error 2 list "list: --json after a bad option" "unrecognized option '--frobnicate'"
run info --json
expect_json_error 2 info "info --json without a game" "missing argument GAME"
run info -j --frobnicate tsuro
expect_json_error 2 info "info -j with a bad option" "unrecognized option '--frobnicate'"
run selfplay --json
expect_json_error 2 selfplay "selfplay --json without a game" "missing argument GAME"
run selfplay tsuro -jn x
expect_json_error 2 selfplay "selfplay -jn x" "-n needs a number of games"
run selfplay tsuro --bot nobody --json
expect_json_error 2 selfplay "selfplay --json, unknown bot" "unknown bot kind 'nobody'"
run selfplay tsuro --show --json
expect_json_error 2 selfplay "selfplay --show --json" "--show and --json exclude each other"
run replay --json
expect_json_error 2 replay "replay --json without a file" "missing argument FILE"
run replay --json --snapshot "$work/bots.rec"
expect_json_error 2 replay "replay --json --snapshot" "--json and --snapshot exclude each other"
run bench tsuro -t 0 --json
expect_json_error 2 bench "bench --json -t 0" "-t needs a number of seconds"
run bench --json tsuro extra
expect_json_error 2 bench "bench --json with two operands" "unexpected argument 'extra'"

# An unknown game (a usage error) and bad options (the library's reason).
run info --json nosuch
expect_json_error 2 info "info --json of an unknown game" "unknown game 'nosuch'"
run selfplay nosuch --json
expect_json_error 2 selfplay "selfplay --json of an unknown game" "unknown game 'nosuch'"
run bench nosuch --json
expect_json_error 2 bench "bench --json of an unknown game" "unknown game 'nosuch'"
run selfplay tsuro -o players=9 --json
expect_json_error 2 selfplay "selfplay --json with bad options" "option 'players'"
run bench tsuro -o frobnicate=1 -t 0.1 --json
expect_json_error 2 bench "bench --json with bad options" "frobnicate"

# Files replay cannot read: missing, a directory, NUL bytes; a name that is
# not UTF-8 comes back with U+FFFD (JSON is UTF-8).
run replay --json "$work/no-such-file.rec"
expect_json_error 1 replay "replay --json of a missing file" "no-such-file.rec: No such file"
run replay --json "$work"
expect_json_error 1 replay "replay --json of a directory" "Is a directory"
printf 'record 2\ngame tsuro\0\n' >"$work/nul.rec"
run replay --json "$work/nul.rec"
expect_json_error 1 replay "replay --json of a file with a NUL byte" "contains a NUL byte"
run_from "$work/nul.rec" replay --json -
expect_json_error 1 replay "replay --json of stdin with a NUL byte" "<stdin>: contains a NUL byte"
latin1=$(printf 'caf\351')
run replay --json "$work/$latin1.rec"
expect_json_error 1 replay "replay --json of a missing file not named in UTF-8" "No such file"
expect_json "the name not in UTF-8" "'caf\ufffd.rec' in d['error']"
cp "$work/bots.rec" "$work/$latin1.rec"
run replay --json "$work/$latin1.rec"
expect_status 0 "replay --json of a file not named in UTF-8"
expect_json "the verdict names the file in UTF-8" "d['file'].endswith('caf\ufffd.rec')" \
    "d['valid'] is True"

# Without --json, failures stay plain text.
run replay "$work/no-such-file.rec"
checks=$((checks + 1))
[ ! -s "$work/out" ] || fail "replay without --json prints a failure on stdout"
run info nosuch
checks=$((checks + 1))
[ ! -s "$work/out" ] || fail "info without --json prints a failure on stdout"

# Tags are checked (issue 21): a seat the game does not have, one tag twice.
sed 's/^seat2 .*/seat7 Zoe/' "$work/bots.rec" >"$work/seat7.rec"
seat7_line=$(grep -n '^seat7 ' "$work/seat7.rec" | cut -d: -f1)
run replay "$work/seat7.rec"
expect_status 1 "replay of a record with a seat tag beyond the seats"
expect_err "^$work/seat7.rec:$seat7_line:1: tag 'seat7': the game has seats 0..2$" \
    "the seat tag's line and reason"
sed 's/^seat2 .*/seat1 again/' "$work/bots.rec" >"$work/twice-tag.rec"
run replay --json "$work/twice-tag.rec"
expect_status 1 "replay --json of a record with a tag twice"
expect_json "a tag twice" "d['valid'] is False" "\"tag 'seat1' twice\" in d['reason']"

# ---------------------------------------------------------------- what a person sees

# Input for whole games by move numbers (always the first listed move).
i=0
: >"$work/ones"
while [ $i -lt 400 ]; do echo 1 >>"$work/ones"; i=$((i + 1)); done

# In Tür an Tür the hands are hidden: seat 0's person sees the other hand
# only as counts. The record of the abandoned game (no moves) replays to the
# whole first position, which shows both hands.
run_with 'board\nquit\n' play tuer-an-tuer --seed 3 --record "$work/tat0.rec"
expect_status 0 "play tuer-an-tuer, quit at once"
expect_out '^seat 0 at start  doors: [RGBY][1-9]' "the person sees their own hand"
expect_out '^seat 1 at start  doors: 5 hidden  elevator: 0 hidden$' \
    "the person sees the bot's hand as counts"
checks=$((checks + 2))
[ "$(count_out '^seat 1 at start  doors: 5 hidden')" -eq 2 ] \
    || fail "'board' at the prompt shows the person's view too"
cp "$work/out" "$work/tat0.play"
run replay "$work/tat0.rec"
bot_hand=$(sed -n 's/^seat 1 at start  \(doors: [RGBY].*\)/\1/p' "$work/out")
checks=$((checks + 2))
[ -n "$bot_hand" ] || fail "the whole position shows the bot's hand"
! grep -q -F -e "$bot_hand" "$work/tat0.play" || fail "the person sees the bot's hand"

# A whole game by move numbers: the bot's face-down discards (exchange,
# dropped elevator cards) are announced as the person may see them, the card
# as '?'; at the end the whole position is shown, the bot's hand included.
run_from "$work/ones" play tuer-an-tuer --seed 3 --record "$work/tat.rec"
expect_status 0 "play a whole game of tuer-an-tuer"
expect_out '^game over after [0-9]* moves$' "the tuer-an-tuer game ends"
expect_out '^result: ' "the tuer-an-tuer game has a result"
checks=$((checks + 3))
[ "$(count_out '^seat 1 at .*doors: [RGBY][1-9]')" -eq 1 ] \
    || fail "the bot's hand is shown once: at the end"
[ $(($(count_out '^seat 1 (ismcts): drop [^?]') + $(count_out '^seat 1 (ismcts): exchange [^?]'))) \
    -eq 0 ] || fail "the card of a face-down discard of the bot is announced"
face_down=$(grep -c -E '^([0-9]+: )?(drop|exchange) ' "$work/tat.rec" || true)
own=$(($(count_out '^seat 0 (you): drop ') + $(count_out '^seat 0 (you): exchange ')))
hidden=$(($(count_out '^seat 1 (ismcts): drop ?$') + $(count_out '^seat 1 (ismcts): exchange ?$')))
[ "$hidden" -gt 0 ] && [ "$hidden" -eq $((face_down - own)) ] \
    || fail "$hidden hidden moves announced; the bot discarded $((face_down - own)) face down"
run replay "$work/tat.rec"
expect_status 0 "replay of the tuer-an-tuer game"

# Two people at one keyboard: each prompt shows the view of the seat to
# move. Seat 0 ends its exchange at once (move 6, "done"), then seat 1 is
# asked.
run_with '6\nquit\n' play tuer-an-tuer --seed 3 --seat 0 --seat 1
expect_status 0 "two people at tuer-an-tuer"
expect_out '^seat 1> quit$' "seat 1 is asked after seat 0"
checks=$((checks + 2))
[ "$(count_out '^seat 1 at start  doors: 5 hidden')" -eq 1 ] \
    || fail "seat 0's prompt hides seat 1's hand (and only that prompt)"
[ "$(count_out '^seat 0 at start  doors: 5 hidden')" -eq 1 ] \
    || fail "seat 1's prompt hides seat 0's hand (and only that prompt)"

# With --bots the moves are announced as a spectator sees them: every
# face-down discard reads '?', whichever seat made it.
run play tuer-an-tuer --bots --seed 3 --record "$work/tatbots.rec"
expect_status 0 "bots play tuer-an-tuer"
face_down=$(grep -c -E '^([0-9]+: )?(drop|exchange) ' "$work/tatbots.rec" || true)
hidden=$(($(count_out '^seat [01] (ismcts): drop ?$') + $(count_out '^seat [01] (ismcts): exchange ?$')))
checks=$((checks + 2))
[ "$hidden" -gt 0 ] && [ "$hidden" -eq "$face_down" ] \
    || fail "$hidden hidden moves announced to the spectator; $face_down face-down discards"
[ $(($(count_out ': drop [^?]') + $(count_out ': exchange [^?]'))) -eq 0 ] \
    || fail "the spectator sees the card of a face-down discard"

# ---------------------------------------------------------------- Tür an Tür at the table

# tat_notes_check: every announced door card is followed at once by its
# score, every elevator card laid by the steps it gave, every jump and walk
# by the figure's way; every card the person is told they drew is in their
# hand at the next view (so it is theirs, not the bot's); every jump that
# answers a cat prompt goes where the prompt said (a bot's jump has no prompt). Prints the first problem, else "ok" and the
# counts "placements elevators jumps draws".
tat_notes_check() {
    awk '
        function bad(what) { print NR ": " what ": " $0; failed = 1; exit }
        expect != "" {
            if ($0 !~ expect) bad("no note after the move")
            expect = ""
            if (jumping && $0 !~ ("-> " target "$")) bad("the jump does not go to " target)
            jumping = 0
            target = "" # a prompt names the target of the one move that answers it
            next
        }
        /^seat [01] \([a-z]*\): [RGBY][1-9]@[a-d][1-4]$/ {
            expect = "^  [0-9]+ steps?([ ;,(]|$)"; placements++; next
        }
        /^seat [01] \([a-z]*\): [a-z]+@e[1-4]$/ {
            expect = "^  [0-9]+ steps? \\([a-z]+ on floor [1-4]\\)(;( figure |$)|$)"; elevators++
            next
        }
        /^seat [01] \([a-z]*\): (jump|walk)$/ {
            expect = "^  figure "; jumping = $NF == "jump" && target != ""; jumps += jumping
            next
        }
        /jump to [a-d][1-4], or walk on\)$/ {
            match($0, /jump to [a-d][1-4]/); target = substr($0, RSTART + 8, 2); next
        }
        /^  you drew the elevator card [a-z]+$/ { want[++n] = $NF; draws++; next }
        /^  you drew / {
            cards = substr($0, 12); gsub(/\*/, "", cards)
            k = split(cards, drawn, ", ")
            for (i = 1; i <= k; i++) want[++n] = drawn[i]
            draws++; next
        }
        /^seat 0 at / {
            for (i = 1; i <= n; i++)
                if (index($0 " ", " " want[i] " ") == 0 && index($0, " " want[i] "*") == 0)
                    bad("drawn card " want[i] " is not in the hand")
            n = 0
        }
        END { if (!failed) print "ok", placements + 0, elevators + 0, jumps + 0, draws + 0 }
    ' "$work/out"
}

# add_counts A B: adds two "placements elevators jumps draws" lines.
add_counts() {
    echo "$1 $2" | awk '{ print $1 + $5, $2 + $6, $3 + $7, $4 + $8 }'
}

# A person plays whole games by list numbers: the score of each of their
# door cards is shown at once, before the bot's move; the cards they draw
# are named; a cat jump goes where the prompt said; the final line names
# positions, not points. Several seeds, so that the rarer events (a cat
# jump, an elevator card on the board) occur; against the default bot most games
# end by an exit, seed 28 fills the board (the final scoring).
totals="0 0 0 0"
: >"$work/tat-seeds.play"
for seed in 1 2 3 5 28; do
    run_from "$work/ones" play tuer-an-tuer --seed "$seed"
    expect_status 0 "tuer-an-tuer seed $seed by numbers"
    expect_no_err "tuer-an-tuer seed $seed: no error"
    counts=$(tat_notes_check)
    checks=$((checks + 1))
    case $counts in
    ok*) totals=$(add_counts "$totals" "${counts#ok }") ;;
    *) fail "tuer-an-tuer seed $seed: $counts" ;;
    esac
    expect_out '^path positions (0 = start, 21 = exit): seat 0: [0-9]*, seat 1: [0-9]*$' \
        "tuer-an-tuer: the final line names positions"
    checks=$((checks + 1))
    [ "$(count_out '^scores:')" -eq 0 ] || fail "tuer-an-tuer: positions labelled as scores"
    cat "$work/out" >>"$work/tat-seeds.play"
done
set -- $totals
checks=$((checks + 1))
[ "$1" -gt 20 ] && [ "$3" -gt 0 ] && [ "$4" -gt 20 ] \
    || fail "tuer-an-tuer games by numbers: $1 door cards, $3 cat jumps, $4 draws noted"
cp "$work/tat-seeds.play" "$work/out"
expect_out '^figures (under each floor): 0, 1 = ' "tuer-an-tuer legend explains the figures"
expect_out '^0:2 = seat 0 on cell 2\|field; 0:2 = seat 0 on cell 2' \
    "tuer-an-tuer legend explains the cell markers"
expect_out '^  0 steps$' "a door card without steps says so"
expect_out '^  you drew [RGBY][1-9]' "the person is told the door card they drew"
expect_out '^  you drew the elevator card [a-z]*$' "the person is told the elevator card they drew"
expect_out '^your elevator cards (steps each gives now on e4, e3, e2, e1):$' \
    "the prompt explains the person's elevator cards"
expect_out '^  [a-z]*: [12] steps\{0,1\} per .*; now [0-9]*, [0-9]*, [0-9]*, [0-9]*$' \
    "each elevator card in hand: its effect and what it gives now on each floor"
expect_out '^elevator cards on the board (each fires for whoever places a door on its floor):$' \
    "the prompt explains the elevator cards on the board"
expect_out '^  e[1-4] [a-z]*: [12] steps\{0,1\} per .*; now [0-9]*$' \
    "each elevator card on the board: its effect and what it gives now"
expect_out '^  board full, final scoring: every elevator card gives its steps to both:$' \
    "the final scoring is announced"
expect_out '^last door card: [0-9]* steps\{0,1\}\( (.*)\)\{0,1\}$' "the last score, no zero parts"
checks=$((checks + 1))
[ "$(count_out '^last door card: .* 0[,)]')" -eq 0 ] || fail "the last score lists zero parts"

# Bots only: the spectator reads every elevator card's steps and every
# figure's way, but no card anybody drew. Six seeds, so that elevator
# cards and cat jumps occur (the greedy bot, the default before the planner,
# seldom laid an elevator card).
totals="0 0 0 0"
for seed in 1 2 3 4 5 6; do
    run play tuer-an-tuer --bots --seed "$seed"
    expect_status 0 "tuer-an-tuer bots seed $seed"
    expect_no_err "tuer-an-tuer bots seed $seed: no error"
    counts=$(tat_notes_check)
    checks=$((checks + 2))
    case $counts in
    ok*) totals=$(add_counts "$totals" "${counts#ok }") ;;
    *) fail "tuer-an-tuer bots seed $seed: $counts" ;;
    esac
    [ "$(count_out 'you drew')" -eq 0 ] || fail "the spectator is told what a seat drew"
done
set -- $totals
checks=$((checks + 1))
[ "$1" -gt 20 ] && [ "$2" -gt 0 ] && [ "$4" -eq 0 ] \
    || fail "tuer-an-tuer bot games: $1 door cards, $2 elevator cards noted, $4 draws told"

# Two people at one keyboard: the next person would read "drew" lines, so
# none are shown (each seat sees its cards in its own view). Seat 0
# exchanges one card (move 1) and ends its exchange (move 5: done).
run_with '1\n5\nquit\n' play tuer-an-tuer --seed 3 --seat 0 --seat 1
expect_status 0 "two people exchange at tuer-an-tuer"
checks=$((checks + 1))
[ "$(count_out 'you drew')" -eq 0 ] || fail "with two people, drawn cards are announced"

# A number alone is a list entry, never a move text; '=TEXT' is always a
# move text; a number beyond the list is refused with the list's range.
run_with '99\n0\n=1\n=done\nquit\n' play tuer-an-tuer --seed 3
expect_status 0 "tuer-an-tuer: numbers at the prompt"
expect_out '^no move 99 in the list: the list has 1\.\.6$' "a number beyond the list"
expect_out '^no move 0 in the list: the list has 1\.\.6$' "the number 0"
expect_out '^not a move: ' "'=1' is read as a move text, not as the list entry"
expect_out '^seat 0 (you): done$' "'=done' is the move done"

# help at the prompt: the number rule, and the game's own help (here every
# elevator card's effect); 'brules info' shows the same game help.
run_with 'help\nquit\n' play tuer-an-tuer --seed 3
expect_out '^alone always means the list.s entry' "help states the number rule"
for card in yellow green red blue cats doors low high colours pairs; do
    expect_out "^  $card  *[12] steps\{0,1\} per " "help explains the elevator card $card"
done
run info tuer-an-tuer
expect_status 0 "info tuer-an-tuer"
expect_out "^at the table ('brules play tuer-an-tuer'" "info shows the game's help"
expect_out '^  pairs  *2 steps per ' "info explains the elevator cards"

run_with 'help\nquit\n' play drunter-und-drueber --seed 3
expect_out '^A tile over a toilet (WC) needs a vote\.' "help explains the vote"
expect_out "^counts 2 for the side its owner declares afterwards ('jein yes', 'jein" \
    "help explains jein"
run_with 'help\nquit\n' play tore-der-welt --seed 3
for word in 'play CARD' 'lay CARD' 'discard CARD' 'trade SLOT' grain material build \
    wool-sale privilege house rent donate weave medicine favour; do
    expect_out "^  $word " "help explains the action word $word"
done
run_with 'help\nquit\n' play tsuro --seed 3
expect_out '^  17r2  ' "help explains a tsuro placement"

# ---------------------------------------------------------------- a person plays

# In classic Tsuro the hands are hidden: the person (seat 0) sees the bot's
# hand only as a count (3 tiles at the start). The record of the abandoned
# game replays to the whole first position, which shows both hands.
run_with 'quit\n' play tsuro --seed 4 -o edition=classic --record "$work/tsuro0.rec"
expect_status 0 "play classic tsuro, quit at once"
expect_out '^  seat 1: .*hand: 3 hidden tiles$' "the person sees the bot's hand as a count"
cp "$work/out" "$work/tsuro0.play"
run replay "$work/tsuro0.rec"
own_hand=$(sed -n 's/^  seat 0: .*\(hand: .*\)/\1/p' "$work/out")
bot_hand=$(sed -n 's/^  seat 1: .*\(hand: .*\)/\1/p' "$work/out")
checks=$((checks + 3))
[ -n "$own_hand" ] && [ -n "$bot_hand" ] || fail "the whole position shows both hands"
grep -q -F -e "$own_hand" "$work/tsuro0.play" || fail "the person does not see their hand"
! grep -q -F -e "$bot_hand" "$work/tsuro0.play" || fail "the person sees the bot's hand"

# A bad entry is explained and the question asked again.
run_with 'bogus\nquit\n' play tsuro --seed 4
expect_status 0 "play: bad entry, then quit"
expect_out '^Tsuro (tsuro), options ' "play header"
checks=$((checks + 2))
sed '/^game abandoned/q' "$work/out" | grep -q 'seed=' \
    && fail "play shows the seed before the game is over"
expect_out '^options .*seed=4' "play shows the seed when the person quits"
expect_out '^seat 0: you, seat 1: ismcts bot$' "play seats"
expect_out '^legal moves ([1-9][0-9]*):$' "play lists the legal moves"
expect_out '^not a move: ' "play explains an unreadable move"
checks=$((checks + 1))
[ "$(count_out '^seat 0> ')" -eq 2 ] || fail "play does not ask again after a bad entry"
expect_out '^game abandoned after 0 moves$' "quit ends the game"

# The first listed move, entered by its text.
# (the text runs up to the next column, "  2) ...", or the end of the line)
first=$(sed -n 's/^ *1) //p' "$work/out" | head -n 1 | sed 's/  *[0-9][0-9]*) .*//; s/ *$//')
checks=$((checks + 1))
[ -n "$first" ] || fail "no first move in the list"
run_with "$first\nquit\n" play tsuro --seed 4
expect_status 0 "play: a move by its text"
expect_out "^seat 0 (you): $first\$" "the move by text is played"
expect_out '^seat 1 (ismcts): ' "the bot answers"

# A move that reads well but is illegal now: two people at the table, the
# second one repeats the first one's move (its start mark is taken).
run_with "$first\n$first\nquit\n" play tsuro --seed 4 --seat 0 --seat 1
expect_status 0 "play: an illegal move"
expect_out "^illegal move '$first': ." "play explains an illegal move"
checks=$((checks + 1))
[ "$(count_out '^seat 1> ')" -eq 2 ] || fail "play does not ask again after an illegal move"

# Before a Tsuro placement the person sees the tiles of the hand in every
# rotation the list offers, the way the board draws a square: the 8 points
# on the border, the two ends of a path with the same letter, the move and
# its list number inside. Each picture must join the points as the view's
# "hand: 7(0-1 2-6 3-4 5-7)" says, turned r quarter turns (point p -> p+2r).
run_with '1\nmoves\nquit\n' play tsuro --seed 4
expect_status 0 "play tsuro: tile pictures"
expect_out "^your tiles as each move turns them" "play tsuro shows the tiles to place"
checks=$((checks + 1))
python3 -c '
import re, sys
text = open(sys.argv[1]).read()
hands = {int(t): [tuple(map(int, p.split("-"))) for p in ps.split()]
         for t, ps in re.findall(r"(\d+)\(((?:\d-\d ?){4})\)", text)}
px, py = [1, 4, 5, 5, 4, 1, 0, 0], [0, 0, 1, 2, 3, 3, 2, 1]
lines = text.split("\n")
seen = 0
for i in range(len(lines) - 3):
    if not lines[i].startswith("  +"):
        continue
    rows = lines[i:i + 4]
    for x in range(len(rows[0]) - 5):
        if rows[0][x] != "+" or rows[0][x + 5] != "+":
            continue
        m = re.match(r"(\d+)r(\d)", rows[1][x + 1:x + 5])
        n = re.match(r" *(\d+)\)", rows[2][x + 1:x + 5])
        if not m or not n:
            continue
        t, r = int(m.group(1)), int(m.group(2))
        partner = {}
        for a, b in hands[t]:
            a, b = (a + 2 * r) % 8, (b + 2 * r) % 8
            partner[a], partner[b] = b, a
        letter = [rows[py[p]][x + px[p]] for p in range(8)]
        for p in range(8):
            for q in range(8):
                if p != q and (letter[p] == letter[q]) != (partner[p] == q):
                    sys.exit("tile %dr%d: points %d and %d drawn wrong" % (t, r, p, q))
        if not re.search(r"\b%s\) %dr%d\b" % (n.group(1), t, r), text):
            sys.exit("tile %dr%d: not entry %s of the list" % (t, r, n.group(1)))
        seen += 1
sys.exit(0 if seen >= 7 else "only %d tile pictures" % seen)
' "$work/out" || fail "the tile pictures do not show the hand's tiles"
run_with 'quit\n' play tuer-an-tuer --seed 4
checks=$((checks + 1))
[ "$(count_out 'your tiles as each move')" -eq 0 ] || fail "tile pictures in another game"

# help and moves at the prompt; end of input quits.
run_with 'help\nmoves\n' play tsuro --seed 4
expect_status 0 "play: help, moves, end of input"
expect_out '^Commands: moves' "help at the prompt"
checks=$((checks + 1))
[ "$(count_out '^legal moves (')" -eq 2 ] || fail "'moves' does not list the moves again"
expect_out '^(end of input)$' "end of input quits"

# With chance=explicit the person also enters the draws; a tile cannot be
# drawn twice.
run_with '1\ndraw 0\nquit\n' play tsuro --seed 2 -o chance=explicit
expect_status 0 "play with explicit chance"
expect_out '^chance outcome> 1$' "the person is asked for the draw"
expect_out '^chance: draw 0 to seat 0$' "the draw is played"
expect_out "^illegal move 'draw 0': ." "a tile cannot be drawn twice"

# A whole game by move numbers (always the first listed move), recorded.
run_from "$work/ones" play tsuro --seed 8 --bot random --record "$work/human.rec"
expect_status 0 "play a whole game by numbers"
expect_out '^  your marker [a-f][1-6]:[0-7] -> \([a-f][1-6]:[0-7]\|out\)$' \
    "a Tsuro placement says where the person's marker went"
expect_out '^  you drew [0-9][0-9]*([0-7]-[0-7] [0-7]-[0-7] [0-7]-[0-7] [0-7]-[0-7])' \
    "a Tsuro placement says which tile the person drew"
# Every tile the person is told they drew is in their hand at the next view,
# joined as the note says.
checks=$((checks + 1))
awk '
    /^  you drew / { n = split(substr($0, 12), t, ", "); for (i = 1; i <= n; i++) want[t[i]] = 1; next }
    /^  seat 0: .*hand:/ {
        for (w in want) if (index($0, " " w) == 0) { print "missing " w; bad = 1 }
        for (w in want) delete want[w]
    }
    END { exit bad }' "$work/out" || fail "a drawn Tsuro tile is not in the next view"
expect_out '^game over after [0-9]* moves$' "the person's game ends"
expect_out '^result: ' "the person's game has a result"
expect_record_tag "$work/human.rec" 'seat0 person'
expect_record_tag "$work/human.rec" 'seat1 random bot'
run replay "$work/human.rec"
expect_status 0 "replay of the person's game"
expect_out '^game over$' "the person's record reaches the end"

# ---------------------------------------------------------------- bench

run bench tsuro -t 0.3 -o players=3
expect_status 0 "bench"
expect_out '^  options given  players=3$' "bench shows the options given"
expect_out '^  game options   players=3,seed=0,' "bench shows the options used"
expect_out '^  seeds          playout i starts from seed=i mod 64$' "bench shows the seeds"
expect_out '^chance events are resolved inside apply (chance=auto)$' "bench: auto chance"
expect_out '^  ns per move  *[0-9.]*$' "bench playouts"
for op in 'clone + free' 'copy (br_state_copy)' 'legal moves' 'apply (copy + apply - copy)' \
    'snapshot save' 'snapshot load' 'observation'; do
    expect_out "^  $op" "bench measures $op"
done

run bench tuer-an-tuer -t 0.2 -o chance=explicit,seed=7
expect_status 0 "bench with explicit chance and a seed"
expect_out '^  seeds          every playout starts from the seed in the options$' \
    "bench: a seed in the options"
expect_out '^chance outcomes are moves too, picked uniformly (chance=explicit)$' \
    "bench: explicit chance"

run bench tsuro -t 0.2 --json
expect_status 0 "bench --json"
expect_no_err "bench --json"
expect_json "bench --json" "d['game'] == 'tsuro'" "d['options_given'] is None" \
    "d['options'].startswith('players=2,seed=0,')" "d['interrupted'] is False" \
    "d['chance'] == 'auto'" "d['playouts']['playouts'] > 0" \
    "d['playouts']['moves_per_second'] > 0" "d['playouts']['ns_per_move'] > 0" \
    "set(d['ns_per_call']) >= {'clone_free', 'copy', 'legal_moves', 'copy_apply', 'apply', 'snapshot_save', 'snapshot_load', 'observation', 'binary_save', 'binary_load', 'observation_tensor', 'legal_mask', 'history'}" \
    "d['snapshot_bytes'] > 0 and d['binary_snapshot_bytes'] > 0"

# ---------------------------------------------------------------- on a terminal

# on_tty ARGS...: runs brules on a pseudo-terminal (stdin, stdout and stderr),
# typing the keys of $keys (Python escapes) one group at a time; what the
# terminal showed goes to $work/out.
on_tty() {
    status=0
    python3 -c '
import os, pty, select, sys, time
keys = [k.encode().decode("unicode_escape").encode("latin-1") for k in sys.argv[1].split("|") if k]
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
out = b""
def pump(seconds):
    global out
    end = time.time() + seconds
    while time.time() < end:
        if select.select([fd], [], [], 0.05)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out += data
    return True
pump(1.0)
for k in keys:
    os.write(fd, k)
    pump(0.5)
while pump(0.5):
    pass
_, st = os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace").replace("\r\n", "\n"))
sys.exit(os.waitstatus_to_exitcode(st))
' "${keys:-}" "$BRULES" "$@" >"$work/out" 2>"$work/err" || status=$?
}

# Progress on a terminal: a line on stderr, rewritten with carriage returns.
keys= on_tty selfplay tsuro -n 20000
expect_status 0 "selfplay on a terminal"
expect_out '\[[#-]*\] [0-9]*/20000 games  [0-9]* games/s  [0-9:]* left' \
    "selfplay shows its progress on a terminal"
# (the progress line is cleared with blanks and a carriage return, so the
# statistics start on the line of the progress in what the terminal got)
expect_out 'tsuro: 20000 games, random bots$' "selfplay on a terminal ends"
keys= on_tty bench tsuro -t 1
expect_status 0 "bench on a terminal"
expect_out 'bench: random playouts, [0-9]* so far, [0-9]* per second  [0-9:]* left' \
    "bench shows its progress on a terminal"

# With libedit the tab key completes a move: '@a1' has the candidates @a1:0,
# @a1:1, @a1:6 and @a1:7; the first tab adds ':', the second lists them,
# then '7' and Return place the marker.
if "$BRULES" --version | grep -q '^line editing: *libedit'; then
    keys='@a1\t|\t|7\n|quit\n' on_tty play tsuro --seed 4
    expect_status 0 "play on a terminal with libedit"
    expect_out '@a1:0  *@a1:1  *@a1:6  *@a1:7' "the tab key lists the candidates"
    expect_out '^seat 0 (you): @a1:7' "a completed move is played"
fi

# ---------------------------------------------------------------- Ctrl-C in long runs

# interrupt_run SECONDS ARGS...: runs brules in the background and sends it
# SIGINT after SECONDS (it catches the signal itself: a background job's
# ignored SIGINT is no obstacle once its handler is set). On a loaded machine
# brules may not have set its handler after SECONDS, and a SIGINT that a
# background job ignores is lost: so the signal is sent again every half
# second while brules runs (the handler only sets a flag; a second signal is
# harmless), for 60 s at most, then the run is killed and fails.
# still_running PID: the process runs (not ended, nor a zombie waiting for
# its parent's wait, to which kill would still answer).
still_running() {
    [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/.*) //' "/proc/$1/stat" | cut -c1)
    [ "$state" != Z ]
}

interrupt_run() {
    delay=$1
    shift
    status=0
    "$BRULES" "$@" <"/dev/null" >"$work/out" 2>"$work/err" &
    pid=$!
    sleep "$delay"
    tries=0
    while still_running "$pid" && [ "$tries" -lt 120 ]; do
        kill -INT "$pid" 2>/dev/null || true
        tries=$((tries + 1))
        sleep 0.5
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" || status=$?
}

interrupt_run 1 selfplay tsuro -n 100000000
expect_status 130 "selfplay stopped by Ctrl-C"
expect_err '^brules: selfplay: interrupted after [0-9]* of 100000000 games; the statistics so far:$' \
    "selfplay says it was interrupted"
expect_out '^tsuro: [1-9][0-9]* games, random bots$' "selfplay prints the statistics so far"
expect_out '^average length: ' "selfplay prints the statistics so far"
checks=$((checks + 1))
! grep -q "$(printf '\r')" "$work/err" || fail "selfplay shows progress when stderr is no terminal"

interrupt_run 1 selfplay tsuro -n 100000000 --json
expect_status 130 "selfplay --json stopped by Ctrl-C"
expect_json "selfplay --json stopped by Ctrl-C" "d['interrupted'] is True" \
    "0 < d['games'] < 100000000" "d['games_requested'] == 100000000"

interrupt_run 1 bench tsuro -t 600
expect_status 130 "bench stopped by Ctrl-C"
expect_err '^brules: bench: interrupted; the figures so far:$' "bench says it was interrupted"
expect_out '^  playouts per second  *[0-9]' "bench prints the figures so far"

# ---------------------------------------------------------------- Drunter & Drüber

# A person plays a whole game with votes (always the first listed move: the
# first lay, "vote none", "jein yes", "choose 1") against ismcts bots (the default of play).
awk 'BEGIN { for (i = 0; i < 3000; i++) print 1 }' >"$work/dud_ones"
run_from "$work/dud_ones" play drunter-und-drueber --seed 3 -o players=3 --record "$work/dud.rec"
expect_status 0 "play drunter-und-drueber to the end"
expect_out '^Vote on seat [0-2].s tile ' "play drunter-und-drueber: a vote is shown"
expect_out '^Last vote: [0-9]* yes, [0-9]* no: ' "play drunter-und-drueber: the reveal"
expect_out '^seat [12] (ismcts): vote ?$' "play drunter-und-drueber: bot ballots hidden"
expect_out '^game over after [0-9]* moves$' "play drunter-und-drueber ends"
run replay "$work/dud.rec"
expect_status 0 "the record of a person's drunter-und-drueber game replays"

# Issue 25: a ballot is composed from the cards, not picked from a list;
# every lay is listed with its squares; each move is announced with its
# effects, the vote's result among them.
run_from "$work/dud_ones" play drunter-und-drueber --seed 3 -o players=3
expect_out '^The vote on [a-z0-9]* [123b]* [nesw]: compose your secret ballot from your vote cards:$' \
    "drunter-und-drueber: the ballot prompt"
expect_out "^e.g. 'vote [a-z0-9]* [a-z0-9]*' (any of them, each once), or 'vote none' (no card).$" \
    "drunter-und-drueber: the ballot prompt's example"
checks=$((checks + 1))
[ "$(count_out '^ *[0-9][0-9]*) vote ')" -eq 0 ] || fail "drunter-und-drueber: a list of ballots"
expect_out '^legal moves ([0-9]*), each with the squares its tile covers' \
    "drunter-und-drueber: the lays with their squares"
expect_out '^  *1) [a-z0-9]* [123b]* [nesw]  *[a-l][0-9]' "drunter-und-drueber: a lay's squares"
expect_out '^  you lay [a-z0-9]* on [a-l][0-9]' "drunter-und-drueber: the person's lay announced"
expect_out '^  vote result on [a-z0-9 ]*.s\{0,1\} [a-z0-9]* [123b]* [nesw]: [0-9]* yes, [0-9]* no: ' \
    "drunter-und-drueber: the vote result announced"

# A spectator is told every vote's result, the ballots only at the reveal,
# and why a seat is passed over.
run play drunter-und-drueber --bots --seed 5 -o players=3
expect_status 0 "bots play drunter-und-drueber"
expect_out '^  seat [0-2] voted in secret (shown when all have voted)$' \
    "drunter-und-drueber spectator: ballots hidden"
expect_out '^  the ballots: seat 0 ' "drunter-und-drueber spectator: the reveal"
expect_out '^  vote result on seat [0-2].s ' "drunter-und-drueber spectator: the vote result"
expect_out '^  seat [0-2] cannot lay and is passed over: ' \
    "drunter-und-drueber spectator: a seat passed over"
checks=$((checks + 1))
[ "$(count_out '[^0-9]1 points')" -eq 0 ] || fail "drunter-und-drueber: '1 points'"

for opts in players=2 players=4 players=3,variant=pro players=4,variant=pro,chance=explicit; do
    run selfplay drunter-und-drueber -n 3 --bot greedy -o "$opts"
    expect_status 0 "selfplay drunter-und-drueber $opts"
    expect_out '^average length: ' "selfplay drunter-und-drueber $opts ends"
done

# ---------------------------------------------------------------- Die Tore der Welt

# A person plays a whole 2-player game (always the first listed move).
run_from "$work/dud_ones" play tore-der-welt --seed 3 -o players=2 --record "$work/tdw.rec"
expect_status 0 "play tore-der-welt to the end"
expect_out '^Tore der Welt  chapter I round 1 ' "play tore-der-welt: the round is shown"
expect_out '^Your hand: ' "play tore-der-welt: the person's hand"
expect_out '^seat 0> ' "play tore-der-welt: the person is asked"
expect_out '^game over after [0-9]* moves$' "play tore-der-welt ends"
run replay "$work/tdw.rec"
expect_status 0 "the record of a person's tore-der-welt game replays"

for opts in players=2 players=3 players=4,chance=explicit; do
    run selfplay tore-der-welt -n 2 --bot greedy -o "$opts"
    expect_status 0 "selfplay tore-der-welt $opts"
    expect_out '^average length: ' "selfplay tore-der-welt $opts ends"
done

echo "test-brules.sh: $checks checks passed"
