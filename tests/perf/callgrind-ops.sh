#!/bin/sh
# callgrind-ops.sh: instructions per call of the public operations, per game,
# counted by callgrind over tests/perf/ops (see tests/perf/ops.c), printed as
# a markdown table.
#
#   tests/perf/callgrind-ops.sh [options] LIBDIR [OPS_PROGRAM]
#
# LIBDIR is the directory that holds the libboardrules.so to measure: the
# libtool .libs folder of any build (BUILD/libboardrules/.libs), so that one
# ops program measures any checkout whose public API it links against.
# OPS_PROGRAM is the ops program (default: LIBDIR/../../tests/perf/ops); a
# libtool wrapper is replaced by the real program in its .libs folder, which
# is run with LD_LIBRARY_PATH=LIBDIR (the script checks that the library is
# really loaded from there, not from an installed copy).
#
# Options:
#   -g "GAMES"   games to measure (default: all four)
#   -o "OPS"     operations to measure (default: all)
#   -n REPEAT    calls per position and seat or move (default 3; the counts are
#                exact, so a few calls suffice: see doc/performance.md)
#   -t SECONDS   time limit of each callgrind run (default 60)
#   -r FILE      also write the raw results (tab-separated: game, op, calls,
#                instructions, fingerprint) to FILE
#   -c FILE      compare with raw results written before by -r: print before,
#                after and the change for each game and operation, and exit
#                with status 3 if any operation is more than 5 % slower
#
# `make perf-ops` runs it on the build's own library; PERF_OPS_FLAGS passes
# options, e.g. make perf-ops PERF_OPS_FLAGS='-c ../tests/perf/i24-before.tsv'.
set -u

games="tsuro tuer-an-tuer drunter-und-drueber tore-der-welt"
ops="to_json from_json to_bytes from_bytes observe render render_view move_to_text move_text_view legal_moves apply clone new"
repeat=3
limit=60
raw_out=
compare=

usage() {
    sed -n '2,/^set -u/p' "$0" | sed -e '/^set -u/d' -e 's/^# \{0,1\}//' >&2
    exit 2
}

while getopts g:o:n:t:r:c:h flag; do
    case $flag in
        g) games=$OPTARG ;;
        o) ops=$OPTARG ;;
        n) repeat=$OPTARG ;;
        t) limit=$OPTARG ;;
        r) raw_out=$OPTARG ;;
        c) compare=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi

libdir=$(cd "$1" 2>/dev/null && pwd) || { echo "callgrind-ops.sh: no directory $1" >&2; exit 2; }
program=${2:-$libdir/../../tests/perf/ops}
# A libtool wrapper script: run the program it wraps instead.
if [ -f "$program" ] && ! head -c 4 "$program" | grep -q ELF; then
    wrapped=$(dirname "$program")/.libs/$(basename "$program")
    [ -x "$wrapped" ] || { echo "callgrind-ops.sh: $program is not a program and $wrapped does not exist" >&2; exit 2; }
    program=$wrapped
fi
[ -x "$program" ] || { echo "callgrind-ops.sh: no program $program (make tests/perf/ops)" >&2; exit 2; }
[ -z "$compare" ] || [ -r "$compare" ] || { echo "callgrind-ops.sh: cannot read $compare" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "callgrind-ops.sh: valgrind is not installed" >&2; exit 2; }

# The library really loaded: LD_LIBRARY_PATH must win over an installed copy.
loaded=$(LD_LIBRARY_PATH=$libdir ldd "$program" | awk '/libboardrules/ { print $3 }')
case $loaded in
    "$libdir"/*) ;;
    *) echo "callgrind-ops.sh: the program loads '$loaded', not a library from $libdir" >&2; exit 2 ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/callgrind-ops.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
raw=$work/raw.tsv
: >"$raw"

# One run: appends "game op calls instructions fingerprint" to $raw.
measure() {
    out=$work/callgrind.out
    rm -f "$out"
    if ! LD_LIBRARY_PATH=$libdir timeout "$limit" valgrind --tool=callgrind \
        --toggle-collect='ops_measure*' --callgrind-out-file="$out" \
        "$program" "$1" "$2" "$repeat" >"$work/stdout" 2>"$work/stderr"; then
        echo "callgrind-ops.sh: $1 $2 failed or took more than $limit s:" >&2
        grep -v '^==' "$work/stderr" >&2
        printf '%s\t%s\t0\t0\t-\n' "$1" "$2" >>"$raw"
        return 1
    fi
    calls=$(sed -n 's/.* calls=\([0-9]*\).*/\1/p' "$work/stdout")
    fingerprint=$(sed -n 's/.* fingerprint=\([0-9a-f]*\).*/\1/p' "$work/stdout")
    instructions=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out")
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$calls" "$instructions" "$fingerprint" >>"$raw"
}

status=0
for game in $games; do
    for op in $ops; do
        measure "$game" "$op" || status=1
    done
done
[ -z "$raw_out" ] || cp "$raw" "$raw_out"

# The heading: what was measured, where, when.
commit=$(git -C "$libdir" describe --always --dirty 2>/dev/null || echo unknown)
compiler=$(sed -n "s/^CC='\(.*\)'$/\1/p; s/^CFLAGS='\(.*\)'$/\1/p" "$libdir/../../config.log" 2>/dev/null | tr '\n' ' ')
echo "Instructions per call (callgrind, \`tests/perf/callgrind-ops.sh -n $repeat\`), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "library: $loaded (commit $commit; built with ${compiler:-unknown})"
echo "$(valgrind --version); 64 positions per game, $repeat calls per position (and seat or move)"
echo

# Instructions per call, rounded; "failed" for a run that failed.
per_call='function per_call(calls, instructions) {
    return calls > 0 ? sprintf("%.0f", instructions / calls) : "failed" }
function group(n,   s) {
    s = sprintf("%.0f", n)
    while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s)
    return s }'

if [ -z "$compare" ]; then
    # Operations down, games across.
    awk -F '\t' -v games="$games" -v ops="$ops" "$per_call"'
        { cost[$1 SUBSEP $2] = per_call($3, $4); fp[$1] = $5 }
        END {
            ng = split(games, g, " "); no = split(ops, o, " ")
            line = "| Operation |"; rule = "|---|"
            for (i = 1; i <= ng; i++) { line = line " " g[i] " |"; rule = rule "---:|" }
            print line; print rule
            for (j = 1; j <= no; j++) {
                line = "| " o[j] " |"
                for (i = 1; i <= ng; i++) {
                    c = cost[g[i] SUBSEP o[j]]
                    line = line " " (c ~ /^[0-9]+$/ ? group(c) : c) " |"
                }
                print line
            }
            print ""
            line = "Position fingerprints:"
            for (i = 1; i <= ng; i++) line = line " " g[i] " " fp[g[i]]
            print line
        }' "$raw"
else
    # One row per game and operation: before, after, change.
    awk -F '\t' -v games="$games" -v ops="$ops" "$per_call"'
        FNR == NR { before[$1 SUBSEP $2] = per_call($3, $4); bfp[$1] = $5; next }
        { after[$1 SUBSEP $2] = per_call($3, $4); afp[$1] = $5 }
        END {
            ng = split(games, g, " "); no = split(ops, o, " ")
            print "| Game | Operation | before | after | change |"
            print "|---|---|---:|---:|---:|"
            over = 0; worst = -1e9
            for (i = 1; i <= ng; i++) for (j = 1; j <= no; j++) {
                k = g[i] SUBSEP o[j]; b = before[k]; a = after[k]
                if (b ~ /^[0-9]+$/ && a ~ /^[0-9]+$/ && b > 0) {
                    pct = 100 * (a - b) / b
                    change = sprintf("%+.1f %%", pct)
                    if (pct > 5) { change = change " **over 5 %**"; over++ }
                    if (pct > worst) { worst = pct; worst_at = g[i] " " o[j] }
                    print "| " g[i] " | " o[j] " | " group(b) " | " group(a) " | " change " |"
                } else
                    print "| " g[i] " | " o[j] " | " (b == "" ? "-" : b) " | " (a == "" ? "-" : a) " | |"
            }
            print ""
            if (worst > -1e9) printf "Largest change: %+.1f %% (%s); %d operation(s) more than 5 %% slower.\n", worst, worst_at, over
            for (i = 1; i <= ng; i++)
                if (bfp[g[i]] != afp[g[i]])
                    print "Warning: " g[i] " measured other positions (fingerprint " bfp[g[i]] " before, " afp[g[i]] " after): the rules changed, the figures do not compare."
            exit over > 0 ? 3 : 0
        }' "$compare" "$raw" || status=$?
fi
exit $status
