#!/bin/sh
# The libffi host (dlopen + ffi_call, no header, no link) must play exactly
# the game that the linked API plays: same moves, same result, same final
# snapshot. Run from the top build directory (make check, make installcheck).
#
# The library is $BOARDRULES_LIBRARY (make installcheck sets it to the
# installed one); unset, the build tree's library is used.
set -eu

ffi_host=examples/ffi/ffi_host
linked_host=examples/ffi/linked_host
if [ -z "${BOARDRULES_LIBRARY:-}" ]; then
    BOARDRULES_LIBRARY=$("$BR_UNINSTALLED_ENV" sh -c 'echo "$BOARDRULES_LIBRARY"')
    export BOARDRULES_LIBRARY
fi
echo "library: $BOARDRULES_LIBRARY"

tmp=${TMPDIR:-/tmp}/test_ffi.$$
mkdir "$tmp"
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

for game in "42 3" "7 2" "1234 8"; do
    set -- $game
    "$ffi_host" "$1" "$2" > "$tmp/ffi.txt" || fail "ffi_host $game failed"
    "$linked_host" "$1" "$2" > "$tmp/linked.txt" || fail "linked_host $game failed"
    grep -q '^snapshot {' "$tmp/ffi.txt" || fail "ffi_host $game: no final snapshot"
    grep -q '^returns ' "$tmp/ffi.txt" || fail "ffi_host $game: no returns"
    moves=$(grep -c '^seat .* plays ' "$tmp/ffi.txt") || fail "ffi_host $game: no moves"
    cmp -s "$tmp/ffi.txt" "$tmp/linked.txt" || {
        diff "$tmp/linked.txt" "$tmp/ffi.txt" | head -20 >&2
        fail "seed $1, $2 players: the libffi game differs from the linked one"
    }
    echo "seed $1, $2 players: $moves moves, identical ($(grep '^returns' "$tmp/ffi.txt"))"
done

# A library that cannot be loaded is an error, not a crash.
if BOARDRULES_LIBRARY="$tmp/no-such-library.so" "$ffi_host" > /dev/null 2> "$tmp/err.txt"; then
    fail "ffi_host succeeded without a library"
fi
grep -q 'cannot load' "$tmp/err.txt" || fail "ffi_host: no message for a missing library"
echo "ok"
