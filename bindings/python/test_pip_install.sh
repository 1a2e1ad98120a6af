#!/bin/sh
# The second way to install the Python package (bindings/README.md): pip,
# from the source tree, against an installed library found with pkg-config.
#
# The library of this build tree is installed into a staging folder
# (make install-... DESTDIR=), found there through PKG_CONFIG_PATH and
# PKG_CONFIG_SYSROOT_DIR; a fresh venv (python3 -m venv --system-site-packages:
# numpy, setuptools and wheel come from the system) gets the package with
#     pip install --no-build-isolation --no-index bindings/python
# (from a copy of the sources, so that the test can see that the build left
# nothing in the source folder), and python imports it from outside the
# source tree: the package is the venv's, importlib.metadata knows its
# version (the library's), the stubs and py.typed are installed, a game
# plays and a record parses. Then the sdist: `setup.py sdist` (again leaving
# the source folder as it was) carries the SWIG interface and the licence,
# and a second fresh venv installs the package from it alone, with the same
# checks. Last, the extension refuses a library that cannot serve it: with a
# stand-in whose br_version_check() says no (LD_PRELOAD), the import fails
# with ImportError saying which versions are which.
#
# Skipped (77) without the venv module (Debian: python3-venv), setuptools,
# wheel, SWIG or a C compiler. Run by make check; takes some 40-80 s.

set -u
PYTHON=${PYTHON:-python3}
MAKE=${MAKE:-make}
top_srcdir=${BR_TOP_SRCDIR:?run through make check}
top_builddir=${BR_TOP_BUILDDIR:?run through make check}
libdir=${BR_LIBDIR:?run through make check}
pkgconfigdir=${BR_PKGCONFIGDIR:?run through make check}
CC=${CC:-cc}

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

"$PYTHON" -c 'import venv, ensurepip' 2>/dev/null ||
    skip "$PYTHON cannot make venvs with pip (Debian: apt-get install python3-venv)"
"$PYTHON" -c 'import setuptools, wheel' 2>/dev/null ||
    skip "$PYTHON has no setuptools or wheel (Debian: python3-setuptools python3-wheel)"
command -v "${SWIG:-swig}" >/dev/null 2>&1 || skip "SWIG is missing"
command -v pkg-config >/dev/null 2>&1 || skip "pkg-config is missing"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/br-pip.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
stage=$tmp/stage

echo "== the library, staged in $stage"
# Only the library, its headers and its .pc file; a make of our own, not
# the jobs of the make running this test.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$MAKE" -s -C "$top_builddir" DESTDIR="$stage" \
    install-libLTLIBRARIES install-includeHEADERS install-boardrulesincludeHEADERS \
    install-pkgconfigDATA >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; fail "make install DESTDIR=$stage"; }
PKG_CONFIG_PATH=$stage$pkgconfigdir
PKG_CONFIG_SYSROOT_DIR=$stage
LD_LIBRARY_PATH=$stage$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH
version=$(pkg-config --modversion libboardrules) || fail "pkg-config does not find the staged library"
echo "libboardrules $version: $(pkg-config --cflags --libs libboardrules)"

echo "== the sources pip builds from (a copy, to see that the build leaves it alone)"
src=$tmp/src/bindings
mkdir -p "$src/python/boardrules" || fail "mkdir"
cp "$top_srcdir/LICENSE" "$tmp/src/" &&
cp "$top_srcdir/bindings/boardrules.i" "$src/" &&
cp "$top_srcdir/bindings/python/typemaps.i" "$top_srcdir/bindings/python/pyproject.toml" \
   "$top_srcdir/bindings/python/setup.py" "$src/python/" &&
cp "$top_srcdir/bindings/python/boardrules/__init__.py" \
   "$top_srcdir/bindings/python/boardrules/env.py" \
   "$top_srcdir/bindings/python/boardrules/__init__.pyi" \
   "$top_srcdir/bindings/python/boardrules/py.typed" "$src/python/boardrules/" || fail "copy"
chmod -R u+w "$tmp/src"
listing() { (cd "$tmp/src" && find . | LC_ALL=C sort); }
listing >"$tmp/src.before"
unchanged() { # the source folder holds exactly the files it held before $1
    listing | diff "$tmp/src.before" - >"$tmp/src.diff" ||
        { cat "$tmp/src.diff"; fail "$1 left files in the source folder"; }
}

# fresh_venv NAME: a new venv in $tmp/NAME (skip when venv cannot make one)
fresh_venv() {
    "$PYTHON" -m venv --system-site-packages "$tmp/$1" >"$tmp/$1.log" 2>&1 ||
        { cat "$tmp/$1.log"; skip "$PYTHON -m venv fails (python3-venv missing?)"; }
}
# pip_install VENV WHAT: pip install WHAT into VENV, without index or network
pip_install() {
    env -u PYTHONPATH -u PYTHONDONTWRITEBYTECODE "$tmp/$1/bin/python" -m pip install \
        --no-build-isolation --no-index --disable-pip-version-check --no-cache-dir "$2" \
        >"$tmp/$1.pip.log" 2>&1 || { cat "$tmp/$1.pip.log"; fail "pip install $2"; }
    tail -n 1 "$tmp/$1.pip.log"
}

echo "== a fresh venv: pip install --no-build-isolation --no-index bindings/python"
fresh_venv venv
pip_install venv "$src/python"
unchanged "pip install"
py=$tmp/venv/bin/python

cat >"$tmp/check.py" <<'PY' || fail "check.py"
import importlib.metadata as metadata
import os
import sys

import boardrules

version = sys.argv[1]
here = os.path.dirname(boardrules.__file__)
assert here.startswith(sys.prefix + os.sep) and sys.prefix != sys.base_prefix, \
    "not the venv's package: %s" % here
assert boardrules._core.__file__.startswith(here), boardrules._core.__file__
assert metadata.version("boardrules") == version == boardrules.__version__, \
    (metadata.version("boardrules"), version, boardrules.__version__)
dist = metadata.distribution("boardrules")
assert dist.metadata["Name"] == "boardrules", dist.metadata["Name"]
assert "MIT" in (dist.metadata["License"] or ""), dist.metadata["License"]
files = {str(f) for f in dist.files or ()}
for name in ("__init__.py", "env.py", "__init__.pyi", "py.typed"):
    assert os.path.isfile(os.path.join(here, name)), "missing " + name
    assert "boardrules/" + name in files, "not in RECORD: " + name
assert any(f.startswith("boardrules/_core") for f in files), files
assert "def parse_record(text: str) -> Record" in open(os.path.join(here, "__init__.pyi")).read()
top = {f.split("/")[0] for f in files}
assert top <= {"boardrules", "boardrules-%s.dist-info" % version}, top
s = boardrules.game("tsuro").new_state(players=2, seed=7)
while not s.is_terminal:
    s.apply(s.legal_moves()[0])
record = boardrules.parse_record(s.to_record({"seat0": "Alice"}))
assert record.tag("seat0") == "Alice" and record.result is not None, record
print("ok:", boardrules.__file__, metadata.version("boardrules"), record)
PY
# check_installed VENV: the package installed in VENV, from outside the sources
check_installed() {
    (cd "$tmp" && env -u PYTHONPATH "$tmp/$1/bin/python" check.py "$version") ||
        fail "the package installed in $1"
}
echo "== import from outside the source tree"
check_installed venv

echo "== setup.py sdist, then pip install of the sdist alone into another fresh venv"
(cd "$src/python" && env -u PYTHONPATH "$PYTHON" setup.py -q sdist --dist-dir "$tmp/dist") \
    >"$tmp/sdist.log" 2>&1 || { cat "$tmp/sdist.log"; fail "setup.py sdist"; }
unchanged "setup.py sdist"
sdist=$tmp/dist/boardrules-$version.tar.gz
[ -f "$sdist" ] || { ls -l "$tmp/dist"; fail "no $sdist"; }
tar tzf "$sdist" >"$tmp/sdist.files" || fail "tar tzf $sdist"
for f in setup.py pyproject.toml PKG-INFO LICENSE swig/boardrules.i swig/python/typemaps.i \
         boardrules/__init__.py boardrules/env.py boardrules/__init__.pyi boardrules/py.typed; do
    grep -qx "boardrules-$version/$f" "$tmp/sdist.files" ||
        { cat "$tmp/sdist.files"; fail "the sdist has no $f"; }
done
echo "the sdist: $(wc -l <"$tmp/sdist.files") entries"
fresh_venv venv-sdist
pip_install venv-sdist "$sdist"
check_installed venv-sdist

echo "== a library that cannot serve the extension: ImportError"
cd "$tmp" || fail "cd"
cat > "$tmp/old.c" <<'C'
/* Stands in for a library of another version. */
int br_version_check(unsigned major, unsigned minor, unsigned micro)
{
    (void)major; (void)minor; (void)micro;
    return 0;
}
const char *br_version_string(void) { return "0.0.1"; }
C
if "$CC" -shared -fPIC -o "$tmp/libold.so" "$tmp/old.c" 2>"$tmp/cc.log"; then
    out=$(env -u PYTHONPATH LD_PRELOAD="$tmp/libold.so" "$py" -c 'import boardrules' 2>&1) &&
        fail "the import succeeded with a library that cannot serve the extension"
    echo "$out" | tail -n 1
    echo "$out" | grep -q "ImportError: boardrules: this extension (boardrules._core) was built for libboardrules $version, but the library loaded is version 0.0.1" ||
        fail "no clear ImportError: $out"
else
    cat "$tmp/cc.log"
    echo "(no C compiler for the stand-in library: version check not tried)"
fi
echo "PASS"
