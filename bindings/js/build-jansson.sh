#!/bin/sh
# Builds jansson for wasm32 with emcc into OUTDIR (OUTDIR/include/jansson*.h,
# OUTDIR/lib/libjansson.a), from Debian's source package: `apt-get source
# jansson` in OUTDIR (it needs deb-src lines: .ci/deb-src adds them), or from
# an unpacked jansson source folder given as JANSSON_SRC. Nothing is copied
# into the source tree. Usage: build-jansson.sh OUTDIR   (EMCC, EMAR: tools)
set -eu
out=${1:?usage: build-jansson.sh OUTDIR}
EMCC=${EMCC:-emcc}
EMAR=${EMAR:-emar}
[ -f "$out/lib/libjansson.a" ] && exit 0
mkdir -p "$out/include" "$out/lib" "$out/obj"
out=$(cd "$out" && pwd)

src=${JANSSON_SRC:-}
if [ -z "$src" ]; then
    src=$(ls -d "$out"/jansson-*/ 2>/dev/null | head -n 1)
    if [ -z "$src" ]; then
        (cd "$out" && apt-get source -q jansson) || {
            echo "build-jansson.sh: 'apt-get source jansson' failed; run .ci/deb-src and" \
                 "apt-get update as root, or set JANSSON_SRC to an unpacked jansson source" >&2
            exit 1
        }
        src=$(ls -d "$out"/jansson-*/ | head -n 1)
    fi
fi
[ -f "$src/src/jansson_config.h.in" ] || { echo "build-jansson.sh: no jansson sources in $src" >&2; exit 1; }

# What jansson's configure would find under emscripten: json_int_t is long
# long (as in Debian's native build, so integers round-trip alike), C locale.
sed -e 's/@json_inline@/inline/' \
    -e 's/@json_have_long_long@/1/' \
    -e 's/@json_have_localeconv@/1/' \
    -e 's/@json_have_atomic_builtins@/1/' \
    -e 's/@json_have_sync_builtins@/1/' \
    "$src/src/jansson_config.h.in" >"$out/include/jansson_config.h"
cp "$src/src/jansson.h" "$out/include/"

cat >"$out/obj/jansson_private_config.h" <<'CONFIG'
#define HAVE_STDINT_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_GETTIMEOFDAY 1
#define INITIAL_HASHTABLE_ORDER 3
CONFIG
defs="-DHAVE_CONFIG_H=1 -I$out/obj"
# One emcc run for all files: its start-up costs more than compiling one.
names="dump error hashtable hashtable_seed load memory pack_unpack strbuffer strconv utf value version"
files=
objs=
for f in $names; do
    files="$files $src/src/$f.c"
    objs="$objs $f.o"
done
# shellcheck disable=SC2086
(cd "$out/obj" && "$EMCC" -O2 $defs -I"$out/include" -I"$src/src" -c $files &&
    rm -f "$out/lib/libjansson.a.tmp" && "$EMAR" rcs "$out/lib/libjansson.a.tmp" $objs)
mv "$out/lib/libjansson.a.tmp" "$out/lib/libjansson.a"
echo "build-jansson.sh: $out/lib/libjansson.a from $src"
