#!/bin/sh
# Runs test-play-pty.py: a person plays whole games through `brules play`
# on a pseudo-terminal. A shell wrapper, so that the test runs in every
# build, with the Python binding or without (--without-python): it needs
# python3 only, not the binding. Skipped (77) without python3. Run by
# `make check` (BRULES names the program); by hand:
#     BRULES=path/to/brules sh examples/brules/test-play-pty.sh
set -eu
: "${BRULES:?BRULES must name the brules program (make check sets it)}"
if ! command -v python3 >/dev/null 2>&1; then
    echo "test-play-pty.sh: no python3: skipped"
    exit 77
fi
top=${BRULES_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
exec python3 "$top/examples/brules/test-play-pty.py"
