#!/bin/sh
# Makes the seed corpora of the fuzz targets.
# Usage: fuzz/make-corpus.sh MAKE_CORPUS_BINARY SRCDIR OUTDIR
# (`make fuzz-corpus` in the build folder runs it into fuzz/corpus/).
# OUTDIR/<target>/ gets: the golden records and final snapshots of
# SRCDIR/tests/golden, and records, snapshots, move texts, option strings and
# operation sequences from random play of every game and variant.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 MAKE_CORPUS SRCDIR OUTDIR" >&2; exit 2; }
gen=$1 src=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
ASAN_OPTIONS=detect_leaks=0 "$gen" "$src" "$out"
for t in snapshot bytes record move_text options operations; do
    printf '%-12s %5d seeds\n' "$t" "$(ls "$out/$t" | wc -l)"
done
