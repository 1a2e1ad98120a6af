#!/bin/bash
# tests/coverage.sh SRCDIR BUILDDIR: line and branch coverage of the library
# (libboardrules/, per file and total) by `make check`.
#
# Configures a gcc build with --coverage -O0 in BUILDDIR (created if needed;
# an existing coverage build there is reused and its counters reset), runs
# `make check`, then runs plain gcov (installed with gcc; no gcovr or lcov
# needed) over every object of the library and summarises the .gcov files
# with awk. Prints a per-file table (Markdown) and writes into
# BUILDDIR/coverage/:
#   summary.md     the table;
#   uncovered.txt  for each file, the line numbers never executed and the
#                  lines with a branch never taken;
#   gcov/          the annotated sources (*.gcov, one per source file; a header's
#                  counts are summed over every object that includes it).
#
# -fprofile-update=atomic: tests/test_threads runs the library in several
# threads at once, and plain counters lose updates (gcov then shows negative
# branch counts).
# The build uses --disable-werror: without optimisation gcc 12 loses the value
# ranges that -Wformat-truncation relies on and warns about snprintf calls
# that cannot truncate (e.g. square_name_json in games/tsuro/snapshot.c).
#
# Environment: JOBS (make -j, default 2); CONFIGURE_FLAGS (extra configure
# arguments; default --without-python --without-lua: the bindings' tests would
# add their own coverage but need the binding toolchains); CC (default gcc);
# GCOV (default gcov, it must match CC's version).
# Exit status: that of `make check` (the summary is printed in either case),
# or 2 for a usage or build error.
set -uo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 SRCDIR BUILDDIR" >&2
    exit 2
fi
srcdir=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" || exit 2
builddir=$(cd "$2" && pwd) || exit 2
jobs=${JOBS:-2}
cc=${CC:-gcc}
gcov=${GCOV:-gcov}
configure_flags=${CONFIGURE_FLAGS:---without-python --without-lua}

if [ ! -x "$srcdir/configure" ]; then
    (cd "$srcdir" && autoreconf -fi) || exit 2
fi

cd "$builddir" || exit 2
if [ ! -f config.status ] || [ "$srcdir/configure" -nt config.status ] ||
    ! grep -q -e '--coverage -fprofile-update=atomic' config.status; then
    # objects of another configuration would be kept by make
    [ -f Makefile ] && make distclean >/dev/null 2>&1
    # shellcheck disable=SC2086  # the flags are meant to be split
    "$srcdir/configure" CC="$cc" CFLAGS="--coverage -fprofile-update=atomic -O0 -g" \
        LDFLAGS="--coverage" \
        --disable-werror $configure_flags >configure.out 2>&1 || {
        tail -n 30 configure.out >&2
        echo "$0: configure failed (see $builddir/configure.out)" >&2
        exit 2
    }
fi
make -j"$jobs" >build.out 2>&1 || {
    tail -n 30 build.out >&2
    echo "$0: build failed (see $builddir/build.out)" >&2
    exit 2
}

# Counters from an earlier run would be added to this one's.
find "$builddir" -name '*.gcda' -delete
make -j"$jobs" check >check.out 2>&1
check_status=$?
grep -E '^(# (TOTAL|PASS|FAIL|XFAIL|XPASS|SKIP|ERROR)|(FAIL|ERROR|XPASS):)' check.out
# The gcov run-time linked into libboardrules.so exports symbols of its own
# (__gcov_*, mangle_path), so tests/check-symbols.sh fails in a coverage
# build. When that is the only failure and those are the only extra symbols,
# the run counts as passed.
if [ $check_status -ne 0 ] &&
    [ "$(grep -E '^(FAIL|ERROR|XPASS):' check.out)" = "FAIL: tests/check-symbols.sh" ] &&
    ! awk '/only declared/ {s = 1; next} /only exported/ {s = 2; next}
           /^    / && s == 1 {bad = 1} /^    / && s == 2 && $1 !~ /^(__gcov_|mangle_path$)/ {bad = 1}
           END {exit !bad}' tests/check-symbols.sh.log; then
    echo "$0: tests/check-symbols.sh failed only for the gcov run-time's symbols (expected with --coverage)"
    check_status=0
fi
if [ $check_status -ne 0 ]; then
    echo "$0: make check failed (status $check_status, see $builddir/check.out);" \
        "the coverage below is of the tests that ran" >&2
fi

out=$builddir/coverage
rm -rf "$out"
mkdir -p "$out/gcov"
# The notes files (.gcno) rather than the counters (.gcda): an object without
# a function has no .gcda but is listed all the same.
mapfile -t gcdas < <(find "$builddir/libboardrules" -name '*.gcno' | sort)
if [ ${#gcdas[@]} -eq 0 ]; then
    echo "$0: no .gcno file under $builddir/libboardrules (was it built with --coverage?)" >&2
    exit 2
fi
# One gcov run over every object, so that the counts of a header included by
# several objects are summed. -p keeps the path in the output names, -b -c
# count branches taken.
(cd "$out/gcov" && "$gcov" -b -c -p "${gcdas[@]}" >../gcov.out 2>&1) || {
    echo "$0: gcov failed (see $out/gcov.out)" >&2
    exit 2
}

# Summarise the .gcov files of the library's sources (libboardrules/, not
# the system headers nor include/): executable lines ("#####"/"=====" never
# run, a count otherwise; "-" not executable) and branches ("taken N" with N
# > 0, "taken 0", "never executed").
for f in "$out"/gcov/*.gcov; do
    src=$(sed -n '1s/^ *-: *0:Source://p' "$f")
    case $src in
        "$srcdir"/libboardrules/*) ;;
        *) rm -f "$f"; continue ;;
    esac
    rel=${src#"$srcdir"/}
    awk -v file="$rel" -v uncovered="$out/uncovered.txt" '
        BEGIN { lines = hit = br = taken = 0; miss = ""; brmiss = "" }
        /^ *(#####|=====): *[0-9]+:/ {
            split($0, p, ":"); n = p[2] + 0; lines++; miss = miss " " n; last = n; next
        }
        /^ *[0-9]+\*?: *[0-9]+:/ {
            split($0, p, ":"); n = p[2] + 0; lines++; hit++; last = n; next
        }
        /^ *-: *[0-9]+:/ { split($0, p, ":"); last = p[2] + 0; next }
        /^branch / {
            br++
            if ($0 ~ /taken [1-9]/) taken++
            else if (last != lastbr) { brmiss = brmiss " " last; lastbr = last }
        }
        END {
            printf "%s %d %d %d %d\n", file, lines, hit, br, taken
            if (miss != "" || brmiss != "")
                printf "%s\n  lines never run:%s\n  lines with a branch never taken:%s\n",
                    file, (miss == "" ? " none" : miss), (brmiss == "" ? " none" : brmiss) >> uncovered
        }' "$f"
done | sort >"$out/counts.txt"

commit=$(git -C "$srcdir" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=""
if [ "$commit" != unknown ] && ! git -C "$srcdir" diff --quiet HEAD -- libboardrules tests 2>/dev/null; then
    dirty=" (with uncommitted changes in libboardrules/ or tests/)"
fi
awk -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" -v commit="$commit$dirty" \
    -v gccv="$("$cc" -dumpfullversion 2>/dev/null || "$cc" -dumpversion)" '
    function pct(a, b) { return b ? sprintf("%.1f %%", 100 * a / b) : "–" }
    BEGIN {
        printf "Coverage of libboardrules/ by `make check`, %s, commit %s, gcc %s, gcov -b -c.\n\n",
            date, commit, gccv
        print "| File | Lines | Covered | Line % | Branches | Taken | Branch % |"
        print "|---|--:|--:|--:|--:|--:|--:|"
    }
    {
        printf "| %s | %d | %d | %s | %d | %d | %s |\n", $1, $2, $3, pct($3, $2), $4, $5, pct($5, $4)
        L += $2; H += $3; B += $4; T += $5
    }
    END {
        printf "| **Total** | **%d** | **%d** | **%s** | **%d** | **%d** | **%s** |\n",
            L, H, pct(H, L), B, T, pct(T, B)
    }' "$out/counts.txt" >"$out/summary.md"
cat "$out/summary.md"
echo
echo "Uncovered lines and branches: $out/uncovered.txt; annotated sources: $out/gcov/"
exit $check_status
