#!/bin/sh
# Runs a subset of the test suite and the example hosts under valgrind
# memcheck: no invalid read or write, no use of uninitialised memory, no
# leak (definite or indirect). CI runs it on the gcc build; the subset is
# chosen to fit its time (the whole suite under valgrind takes long).
#
#   tests/valgrind.sh BUILDDIR
set -u
builddir=$(cd "$1" && pwd)
cd "$builddir"
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed"; exit 1; }
failures=0
vg() {
    what=$1
    shift
    log=$builddir/valgrind-$what.log
    # Check's fork mode would hide children from valgrind's exit status.
    if CK_FORK=no ./libtool --mode=execute valgrind -q --error-exitcode=99 \
            --leak-check=full --errors-for-leak-kinds=definite,indirect \
            --track-origins=yes "$@" >"$log" 2>&1; then
        echo "ok: $what"
    else
        echo "FAILED: $what (see $log)"
        tail -40 "$log"
        failures=$((failures + 1))
    fi
}
export BR_TOP_SRCDIR=${BR_TOP_SRCDIR:-$(sed -n 's/^abs_top_srcdir = //p' Makefile)}
export BR_GOLDEN_DIR=$BR_TOP_SRCDIR/tests/golden
vg api tests/test_api
vg threads tests/test_threads
vg minimal examples/c/minimal
for game in $(examples/brules/brules list | awk 'NR > 1 && $1 != "" { print $1 }'); do
    vg "selfplay-$game" examples/brules/brules selfplay "$game" -n 2 --seed 4
done
# The bots: the hidden-information test (every kind, every game), and a
# game of each with ISMCTS bots on a small budget.
CK_RUN_CASE=hidden vg bots tests/test_bots
for game in $(examples/brules/brules list | awk 'NR > 1 && $1 != "" { print $1 }'); do
    vg "ismcts-$game" examples/brules/brules selfplay "$game" -n 1 --seed 4 \
        --bot ismcts:iterations=10
done
vg replay examples/brules/brules replay "$BR_GOLDEN_DIR/tsuro-classic-4p-explicit.record"
test "$failures" -eq 0
