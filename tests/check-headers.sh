#!/bin/sh
# The public headers compile on their own, warning-free, as C99, C11, C17
# and C++ (C++11 and C++17): a program of any of these may include them.
# Each header is also compiled alone, so that none depends on being
# included after another.
#
# Paths come from the environment (make check sets them):
#   BR_TOP_SRCDIR   the source tree (headers in include/)
# Compilers: CC (default cc) and CXX (default c++). A missing C++ compiler
# fails the test unless BR_ALLOW_NO_CXX=1.
set -u

srcdir=${BR_TOP_SRCDIR:-.}
cc=${CC:-cc}
cxx=${CXX:-c++}
tmp=${TMPDIR:-/tmp}/check-headers.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
failures=0

# A translation unit that uses the declarations, so that a header that only
# parses but declares nonsense still fails.
cat >"$tmp/use.c" <<'PROGRAM'
#include <boardrules.h>
int main(void)
{
    br_state *s = 0;
    const br_game *g = br_game_find("tsuro");
    br_move m = BR_MOVE_NONE;
    br_status st = br_state_new(g, "seed=1", &s, 0, 0);
    br_malloc_fn alloc = 0;
    br_get_alloc_funcs(&alloc, 0);
    (void)m;
    br_state_free(s);
    return st == BR_OK && BR_VERSION_NUMBER > 0 ? 0 : 1;
}
PROGRAM

try() {
    what=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then
        echo "ok: $what"
    else
        echo "FAILED: $what"
        sed 's/^/    /' "$tmp/out"
        failures=$((failures + 1))
    fi
}

warn="-Wall -Wextra -Werror -pedantic"
for std in c99 c11 c17; do
    try "$std" "$cc" -std=$std $warn -I"$srcdir/include" -fsyntax-only "$tmp/use.c"
done
for header in "$srcdir"/include/boardrules/*.h; do
    name=boardrules/$(basename "$header")
    printf '#include <%s>\n' "$name" >"$tmp/alone.c"
    try "$name alone (c99)" "$cc" -std=c99 $warn -I"$srcdir/include" -fsyntax-only "$tmp/alone.c"
done

if command -v "$cxx" >/dev/null 2>&1; then
    for std in c++11 c++17; do
        try "$std" "$cxx" -std=$std $warn -I"$srcdir/include" -fsyntax-only -x c++ "$tmp/use.c"
    done
elif test "${BR_ALLOW_NO_CXX:-0}" = 1; then
    echo "no C++ compiler ($cxx); C++ checks left out"
else
    echo "FAILED: no C++ compiler ($cxx); set BR_ALLOW_NO_CXX=1 to leave C++ out"
    failures=$((failures + 1))
fi

test "$failures" -eq 0
