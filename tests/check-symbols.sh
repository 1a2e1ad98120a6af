#!/bin/sh
# Compares the symbols that the built shared library exports with the BR_API
# functions that the public headers declare. Fails when they differ: an
# exported symbol no header promises, or a promised function not exported.
#
# Paths come from the environment (make check sets them):
#   BR_TOP_SRCDIR    the source tree (headers in include/)
#   BR_TOP_BUILDDIR  the build tree (library in libboardrules/.libs/)
# Exit status 77 (skipped) when no shared library or no nm is found.
set -u

srcdir=${BR_TOP_SRCDIR:-.}
builddir=${BR_TOP_BUILDDIR:-.}
headers="$srcdir/include/boardrules.h $srcdir/include/boardrules/*.h"
lib=
for candidate in "$builddir"/libboardrules/.libs/libboardrules.so \
                 "$builddir"/libboardrules/.libs/libboardrules.dylib; do
    if test -f "$candidate"; then lib=$candidate; break; fi
done
if test -z "$lib"; then
    echo "check-symbols: no shared library under $builddir/libboardrules/.libs; skipped"
    exit 77
fi
NM=${NM:-nm}
if ! command -v "$NM" >/dev/null 2>&1; then
    echo "check-symbols: $NM not found; skipped"
    exit 77
fi

tmp=${TMPDIR:-/tmp}/check-symbols.$$
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# Every declaration line that starts with BR_API names one function.
status=0
for h in $headers; do
    grep -E '^[[:space:]]*BR_API[[:space:]]' "$h" | while IFS= read -r line; do
        name=$(printf '%s\n' "$line" | sed -n 's/.*[^A-Za-z0-9_]\(br_[A-Za-z0-9_]*\)[[:space:]]*(.*/\1/p')
        if test -z "$name"; then
            echo "check-symbols: cannot read the function name in $h: $line" >&2
            echo "PARSE-ERROR"
        else
            echo "$name"
        fi
    done
done | sort -u > "$tmp/declared"
if grep -q PARSE-ERROR "$tmp/declared"; then
    exit 1
fi
if ! test -s "$tmp/declared"; then
    echo "check-symbols: no BR_API declarations found in $headers" >&2
    exit 1
fi

# Defined dynamic symbols, minus what the linker itself adds.
"$NM" -D --defined-only "$lib" | awk '{ print $NF }' |
    grep -v -E '^(_init|_fini|_edata|_end|__bss_start|_DYNAMIC|_GLOBAL_OFFSET_TABLE_)$' |
    sed 's/@.*//' | sort -u > "$tmp/exported"

if ! cmp -s "$tmp/declared" "$tmp/exported"; then
    echo "check-symbols: $lib exports other symbols than the headers declare"
    echo "  only declared (not exported):"
    comm -23 "$tmp/declared" "$tmp/exported" | sed 's/^/    /'
    echo "  only exported (not declared):"
    comm -13 "$tmp/declared" "$tmp/exported" | sed 's/^/    /'
    status=1
else
    echo "check-symbols: $(wc -l < "$tmp/declared") functions, declared and exported alike"
fi
exit $status
