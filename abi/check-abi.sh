#!/bin/sh
# Compares the ABI of the built library with the released baseline in this
# folder (abidw XML, made by `make abi-baseline` from a release build), and
# fails on an incompatible change that the libtool version does not announce.
#
#   abi/check-abi.sh SRCDIR BUILDDIR VERSION_INFO
#
# VERSION_INFO is the -version-info of the build (CURRENT:REVISION:AGE). The
# baseline's is in abi/version-info. The rules checked:
# - an incompatible change (abidiff exit bit 8: a function removed, a type
#   changed) needs a new soname: CURRENT raised and AGE back to 0, so that
#   CURRENT - AGE (the soname's number) differs from the baseline's;
# - a compatible change (bit 4: functions added) while the version-info is
#   still the baseline's is reported as a reminder for the release (libtool's
#   rules: CURRENT++ and AGE++), not a failure.
# Exit status 77 (skipped) when abidiff is missing and BR_REQUIRE_ABI is not 1.
set -u
srcdir=$1
builddir=$2
version_info=$3
baseline="$srcdir/abi/libboardrules.abi"
lib="$builddir/libboardrules/.libs/libboardrules.so"

if ! command -v abidiff >/dev/null 2>&1; then
    echo "check-abi: abidiff (Debian package abigail-tools) not found"
    test "${BR_REQUIRE_ABI:-0}" = 1 && exit 1
    exit 77
fi
test -f "$lib" || { echo "check-abi: $lib not built"; exit 1; }

soname_number() { # CURRENT:REVISION:AGE -> CURRENT - AGE
    echo "$1" | awk -F: '{ print $1 - $3 }'
}
base_info=$(cat "$srcdir/abi/version-info")
abidiff --headers-dir1 "$srcdir/include" --headers-dir2 "$srcdir/include" \
        "$baseline" "$lib" >"${TMPDIR:-/tmp}/abidiff.$$" 2>&1
status=$?
report=$(cat "${TMPDIR:-/tmp}/abidiff.$$")
rm -f "${TMPDIR:-/tmp}/abidiff.$$"

if test $((status & 3)) -ne 0; then
    echo "check-abi: abidiff failed (status $status)"
    echo "$report"
    exit 1
fi
if test $((status & 8)) -ne 0; then
    if test "$(soname_number "$version_info")" = "$(soname_number "$base_info")"; then
        echo "check-abi: INCOMPATIBLE ABI change, but -version-info $version_info keeps the"
        echo "soname of the baseline ($base_info): raise CURRENT and set AGE to 0."
        echo "$report"
        exit 1
    fi
    echo "check-abi: incompatible change, announced by -version-info $version_info (baseline $base_info)"
    exit 0
fi
if test $((status & 4)) -ne 0; then
    echo "check-abi: compatible additions since the baseline:"
    echo "$report"
    test "$version_info" = "$base_info" &&
        echo "check-abi: reminder: before the release, CURRENT++ and AGE++ (now $version_info)"
    exit 0
fi
echo "check-abi: ABI identical to the baseline ($base_info)"
