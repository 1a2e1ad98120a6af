#!/bin/sh
# Checks the manual pages doc/man/brules.1 and doc/man/libboardrules.3 as
# make made them from doc/man/*.in: groff formats them without a warning
# (-ww), they point to the configured docdir and hold no placeholder, and
# they describe what exists: every command of brules and every long option
# its help names, the default bot, every public header. Run by `make check`
# (BRULES names the program in the build tree, BR_MANDIR the made pages,
# BR_DOCDIR the docdir); by hand:
#     BRULES=path/to/brules BR_MANDIR=build/doc/man sh examples/brules/test-man.sh
set -eu

: "${BRULES:?BRULES must name the brules program (make check sets it)}"
: "${BR_MANDIR:?BR_MANDIR must name the folder of the made pages (make check sets it)}"
top=${BRULES_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
pages="$BR_MANDIR/brules.1 $BR_MANDIR/libboardrules.3"

work=$(mktemp -d "${TMPDIR:-/tmp}/test-man.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

checks=0
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# render PAGE: the page as plain text, one paragraph a line (wide, no
# hyphenation), for grep.
render() {
    if command -v man >/dev/null 2>&1; then
        LC_ALL=C MANWIDTH=1000 man -l "$1" 2>/dev/null
    else
        LC_ALL=C groff -man -Tascii -rLL=1000n -rHY=0 "$1" 2>/dev/null | col -b
    fi
}

if command -v groff >/dev/null 2>&1; then
    for page in $pages; do
        checks=$((checks + 1))
        groff -man -Tutf8 -ww -z "$page" >"$work/warnings" 2>&1 || true
        [ ! -s "$work/warnings" ] || {
            cat "$work/warnings" >&2
            fail "groff warns about $page"
        }
    done
elif command -v man >/dev/null 2>&1; then
    for page in $pages; do
        checks=$((checks + 1))
        man --warnings -l "$page" 2>"$work/warnings" >/dev/null || true
        [ ! -s "$work/warnings" ] || {
            cat "$work/warnings" >&2
            fail "man --warnings warns about $page"
        }
    done
else
    echo "test-man.sh: neither groff nor man is installed; skipped"
    exit 77
fi

# Both pages name the package's version, as brules --version gives it.
version=$("$BRULES" --version | sed -n '1s/^brules (libboardrules) //p')
for page in $pages; do
    checks=$((checks + 1))
    grep -q -e "^\.TH .* \"libboardrules $version\"" "$page" \
        || fail "$page: .TH does not name libboardrules $version"
done

# Both pages point to the prose documentation where it is installed: the
# configured docdir (not /usr/local whatever the prefix), no placeholder left.
for page in $pages; do
    checks=$((checks + 1))
    ! grep -n -e '@[a-z_]*@' "$page" || fail "$page keeps a placeholder"
    if [ -n "${BR_DOCDIR:-}" ]; then
        checks=$((checks + 1))
        render "$page" | grep -q -F -e "$BR_DOCDIR/" || fail "$page does not name the docdir $BR_DOCDIR"
    fi
done

# brules(1): the name line, the sections, every command and every long
# option that `brules help COMMAND` names.
render "$BR_MANDIR/brules.1" >"$work/brules.txt"
for want in '^NAME' '^ *brules - ' '^SYNOPSIS' '^DESCRIPTION' '^COMMANDS' '^OPTIONS' \
    '^THE PLAY PROMPT' '^JSON OUTPUT' '^EXIT STATUS' '^EXAMPLES' '^SEE ALSO' \
    'libboardrules(3)' '^ *130 *$\|^ *130 ' 'a ballot is composed from'; do
    checks=$((checks + 1))
    grep -q -e "$want" "$work/brules.txt" || fail "brules.1 has no line matching '$want'"
done
commands=$("$BRULES" help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p')
[ -n "$commands" ] || fail "brules help lists no commands"
for command in $commands; do
    checks=$((checks + 1))
    grep -q -e "brules $command" "$work/brules.txt" \
        || fail "brules.1 does not show 'brules $command'"
    for option in $("$BRULES" help "$command" | grep -o -e '--[a-z][a-z-]*' | sort -u); do
        checks=$((checks + 1))
        grep -q -e "$option" "$work/brules.txt" \
            || fail "brules.1 does not describe $option of brules $command"
    done
    # Each JSON member the command's help names is in the page too.
    for member in $("$BRULES" help "$command" | sed -n '/^  -j, --json/,$p' \
        | grep -o -e '[a-z][a-z]*_[a-z_]*' | grep -v '^br_' | sort -u); do
        checks=$((checks + 1))
        grep -q -e "$member" "$work/brules.txt" \
            || fail "brules.1 does not name the JSON member $member of brules $command"
    done
done

# The bots of the examples: "against two NAME bots" names play's default bot
# (the examples that say so give no --bot).
default_bot=$("$BRULES" help play | grep -e '--bot ' | grep -o -e '[a-z]* (default)' | cut -d' ' -f1)
[ -n "$default_bot" ] || fail "brules help play names no default bot"
checks=$((checks + 1))
grep -q -e "The bots: $default_bot (the default" "$work/brules.txt" \
    || fail "brules.1 does not call $default_bot the default bot of play"
for bot in $(grep -o -e 'against [a-z]* [a-z]* bots' "$work/brules.txt" | cut -d' ' -f3); do
    checks=$((checks + 1))
    [ "$bot" = "$default_bot" ] \
        || fail "brules.1 shows a game against $bot bots where play's default bot is $default_bot"
done

# libboardrules(3): every public header, the Doxygen reference, doc/*.md.
render "$BR_MANDIR/libboardrules.3" >"$work/lib.txt"
for header in "$top"/include/boardrules/*.h; do
    name=boardrules/$(basename "$header")
    checks=$((checks + 1))
    grep -q -F -e "$name" "$work/lib.txt" || fail "libboardrules.3 does not name $name"
done
for doc in "$top"/doc/*.md; do
    name=$(basename "$doc")
    checks=$((checks + 1))
    grep -q -F -e "$name" "$work/lib.txt" || fail "libboardrules.3 does not point to $name"
done
for want in '^NAME' '^ *libboardrules - ' '<boardrules.h>' 'make doc' 'html' 'api.md' \
    'brules(1)' 'pkg-config'; do
    checks=$((checks + 1))
    grep -q -F -e "$want" "$work/lib.txt" 2>/dev/null \
        || grep -q -e "$want" "$work/lib.txt" || fail "libboardrules.3 lacks '$want'"
done

echo "test-man.sh: $checks checks passed"
