#!/bin/sh
# Runs every fuzz target for a bounded time on its seed corpus and dictionary.
# Usage: fuzz/run-ci.sh BUILD_DIR SECONDS [TARGET...]
#   BUILD_DIR  a configured build folder of this source tree (built if needed:
#              `make fuzz`, then the seed corpora with `make fuzz-corpus`)
#   SECONDS    time per target (libFuzzer -max_total_time), one worker each
#   TARGET     optional subset: snapshot bytes record move_text options operations
# Fails (exit 1) when any target crashes, leaks, times out or breaks an
# invariant; the crashing input is kept in BUILD_DIR/fuzz/artifacts/.
# Prints the executions, exec/s and coverage (cov/ft) per target.
# Environment: FUZZ_JOBS (make jobs, default 2), FUZZ_FLAGS (extra libFuzzer flags),
# FUZZ_CC (compiler, default clang).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR SECONDS [TARGET...]" >&2; exit 2; }
build=$(cd "$1" && pwd)
seconds=$2
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-snapshot bytes record move_text options operations}
jobs=${FUZZ_JOBS:-2}
[ -f "$build/Makefile" ] || { echo "$0: $build is not a configured build folder" >&2; exit 2; }

make -C "$build" -j"$jobs" fuzz FUZZ_CC="${FUZZ_CC:-clang}" >/dev/null
make -C "$build" fuzz-corpus >/dev/null

dict_of() {
    case $1 in
    snapshot) echo json ;;
    bytes) echo bytes ;;
    record | operations) echo record ;;
    *) echo "$1" ;;
    esac
}

work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-ci.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$build/fuzz/artifacts"
status=0
printf '%-12s %12s %9s %8s %8s  %s\n' target executions exec/s cov ft result
for t in $targets; do
    corpus=$work/corpus-$t
    cp -r "$build/fuzz/corpus/$t" "$corpus"
    log=$work/$t.log
    rc=0
    ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 \
        -print_final_stats=1 -dict="$src/fuzz/dict/$(dict_of "$t").dict" \
        -artifact_prefix="$build/fuzz/artifacts/$t-" ${FUZZ_FLAGS:-} \
        "$corpus" >"$log" 2>&1 || rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $rc)"
        status=1
    fi
    printf '%-12s %12s %9s %8s %8s  %s\n' "$t" "${runs:-?}" "${rate:-?}" "${cov:-?}" \
        "${ft:-?}" "$result"
    if [ "$rc" -ne 0 ]; then
        echo "---- fuzz_$t log (tail) ----"
        grep -v '^#[0-9]' "$log" | tail -60
        echo "---- artifacts: $build/fuzz/artifacts/ ----"
    fi
done
exit $status
