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
expect_err "^brules: unknown option '--frobnicate'$" "unknown top-level option"

run frobnicate
expect_status 2 "unknown command"
expect_err "^brules: unknown command 'frobnicate'$" "unknown command"

run help frobnicate
expect_status 2 "help for an unknown command"

run selfplay tsuro --frobnicate
expect_status 2 "unknown option of a command"
expect_err "^brules: selfplay: unknown option '--frobnicate'$" "unknown option of a command"
expect_err "^Try 'brules help selfplay'.$" "hint after a usage error"

run selfplay tsuro -n zero
expect_status 2 "bad -n"
expect_err "^brules: selfplay: -n needs a number of games" "bad -n"

run selfplay tsuro -n
expect_status 2 "-n without a value"
expect_err "^brules: selfplay: option '-n' needs a value$" "-n without a value"

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

run selfplay tsuro -n 4 -o players=4 --bot greedy
expect_status 0 "selfplay with greedy bots"
expect_out '^tsuro: 4 games, greedy bots$' "selfplay greedy"
expect_out '^ *3  *[0-9][0-9]*  *[0-9.]*%$' "selfplay 4 players"
expect_out '^win shared by some seats  *[0-9][0-9]*  *[0-9.]*%$' \
    "selfplay: with more than two seats some may share a win"
check_outcomes 4 4

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
expect_out '^seat 0: greedy bot, seat 1: greedy bot, seat 2: greedy bot$' "play --bots seats"
expect_out '^seat 2 (greedy): ' "play --bots moves"
expect_out '^game over after [0-9]* moves$' "play --bots ends"
expect_out "^record written to $work/bots.rec" "play --record"
grep '^result: ' "$work/out" >"$work/bots.result"
checks=$((checks + 1))
grep -q '^game tsuro$' "$work/bots.rec" || fail "the record has no 'game tsuro' line"

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

run replay --json "$work/bots.rec"
expect_status 0 "replay --json"
checks=$((checks + 1))
head -c 1 "$work/out" | grep -q '{' || fail "replay --json does not print a JSON object"
expect_out '"tsuro"' "the snapshot names the game"

# With chance=explicit the record holds the draws too.
run play tsuro --bots --bot random --seed 6 -o chance=explicit --record "$work/explicit.rec"
expect_status 0 "play --bots with explicit chance"
expect_out '^chance: ' "explicit chance outcomes are shown"
run replay "$work/explicit.rec"
expect_status 0 "replay of a record with chance outcomes"

# A corrupted record: the first move line is replaced by nonsense.
first_move=$(awk '
    /^[ \t]*(#|$)/ { next }
    header < 2 && ($1 == "game" || $1 == "options") { header++; next }
    { print NR; exit }' "$work/bots.rec")
sed "${first_move}s/.*/zz-not-a-move/" "$work/bots.rec" >"$work/bad.rec"
run replay "$work/bad.rec"
expect_status 1 "replay of a corrupted record"
expect_err "^$work/bad.rec:$first_move: ." "the error names the file and line"
checks=$((checks + 3))
[ ! -s "$work/out" ] || fail "nothing goes to stdout for a bad record"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "a bad record is reported in one line"
! grep -q -e "line $first_move" "$work/err" || fail "the line number is repeated"

# A well-formed but illegal move: the first move repeated.
awk -v n="$first_move" '{ print } NR == n { print }' "$work/bots.rec" >"$work/twice.rec"
run replay "$work/twice.rec"
expect_status 1 "replay of a record with an illegal move"
expect_err "^$work/twice.rec:$((first_move + 1)): ." "the error names the illegal line"

run_from "$work/bad.rec" replay -
expect_status 1 "replay of a corrupted record from stdin"
expect_err "^<stdin>:$first_move: " "stdin is named <stdin>"

run replay "$work/no-such-file.rec"
expect_status 1 "replay of a missing file"
expect_err "^brules: $work/no-such-file.rec: " "replay of a missing file"

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
[ $(($(count_out '^seat 1 (greedy): drop [^?]') + $(count_out '^seat 1 (greedy): exchange [^?]'))) \
    -eq 0 ] || fail "the card of a face-down discard of the bot is announced"
face_down=$(grep -c -e '^drop ' -e '^exchange ' "$work/tat.rec" || true)
own=$(($(count_out '^seat 0 (you): drop ') + $(count_out '^seat 0 (you): exchange ')))
hidden=$(($(count_out '^seat 1 (greedy): drop ?$') + $(count_out '^seat 1 (greedy): exchange ?$')))
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
face_down=$(grep -c -e '^drop ' -e '^exchange ' "$work/tatbots.rec" || true)
hidden=$(($(count_out '^seat [01] (greedy): drop ?$') + $(count_out '^seat [01] (greedy): exchange ?$')))
checks=$((checks + 2))
[ "$hidden" -gt 0 ] && [ "$hidden" -eq "$face_down" ] \
    || fail "$hidden hidden moves announced to the spectator; $face_down face-down discards"
[ $(($(count_out ': drop [^?]') + $(count_out ': exchange [^?]'))) -eq 0 ] \
    || fail "the spectator sees the card of a face-down discard"

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
checks=$((checks + 1))
! grep -q 'seed=' "$work/out" || fail "play shows the seed before the game is over"
expect_out '^seat 0: you, seat 1: greedy bot$' "play seats"
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
expect_out '^seat 1 (greedy): ' "the bot answers"

# A move that reads well but is illegal now: two people at the table, the
# second one repeats the first one's move (its start mark is taken).
run_with "$first\n$first\nquit\n" play tsuro --seed 4 --seat 0 --seat 1
expect_status 0 "play: an illegal move"
expect_out "^illegal move '$first': ." "play explains an illegal move"
checks=$((checks + 1))
[ "$(count_out '^seat 1> ')" -eq 2 ] || fail "play does not ask again after an illegal move"

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
expect_out '^chance: draw 0$' "the draw is played"
expect_out "^illegal move 'draw 0': ." "a tile cannot be drawn twice"

# A whole game by move numbers (always the first listed move), recorded.
run_from "$work/ones" play tsuro --seed 8 --bot random --record "$work/human.rec"
expect_status 0 "play a whole game by numbers"
expect_out '^game over after [0-9]* moves$' "the person's game ends"
expect_out '^result: ' "the person's game has a result"
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

# ---------------------------------------------------------------- Drunter & Drüber

# A person plays a whole game with votes (always the first listed move: the
# first lay, "vote none", "jein yes", "choose 1") against greedy bots.
awk 'BEGIN { for (i = 0; i < 3000; i++) print 1 }' >"$work/dud_ones"
run_from "$work/dud_ones" play drunter-und-drueber --seed 3 -o players=3 --record "$work/dud.rec"
expect_status 0 "play drunter-und-drueber to the end"
expect_out '^Vote on seat [0-2].s tile ' "play drunter-und-drueber: a vote is shown"
expect_out '^Last vote: [0-9]* yes, [0-9]* no: ' "play drunter-und-drueber: the reveal"
expect_out '^seat [12] (greedy): vote ?$' "play drunter-und-drueber: bot ballots hidden"
expect_out '^game over after [0-9]* moves$' "play drunter-und-drueber ends"
run replay "$work/dud.rec"
expect_status 0 "the record of a person's drunter-und-drueber game replays"

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
