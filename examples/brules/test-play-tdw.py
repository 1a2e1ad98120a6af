#!/usr/bin/env python3
"""A person plays a whole game of Die Tore der Welt through `brules play` on
a pseudo-terminal, against random bots, and the table must explain itself
(issue 25): the income legend, where the favour marker lands, plots and
bonuses, event draws, plague tiles, the tax roll, the chapter-end dues,
moves the rules make for a seat, penalties and what they cost, Privileg's
repeated card, and the bots' moves under round and chapter headings.

The person answers every prompt with "1", the first legal move of the
list (always legal); the first prompt also asks for 'help'. The command
is found through $BRULES (examples/local.mk). Budget: 90 s.
"""
import os
import pty
import re
import select
import sys
import time

BUDGET = 90.0
SEED = "3"
PROMPT = re.compile(rb"seat 0> $")


def fail(message, transcript=b""):
    sys.stderr.write("test-play-tdw: FAIL: %s\n" % message)
    if transcript:
        tail = transcript.decode("utf-8", "replace")[-3000:]
        sys.stderr.write("--- last output ---\n%s\n" % tail)
    sys.exit(1)


def play(brules):
    argv = [brules, "play", "tore-der-welt", "-o", "players=3", "--seed", SEED,
            "--bot", "random"]
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "dumb"
        os.execv(brules, argv)
    out = bytearray()
    answered = 0
    deadline = time.monotonic() + BUDGET
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            fail("no end of the game within %.0f s (%d prompts answered)" % (BUDGET, answered),
                 bytes(out))
        ready, _, _ = select.select([fd], [], [], min(left, 1.0))
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the terminal closed: brules ended
            break
        if not chunk:
            break
        out += chunk
        if PROMPT.search(out[-16:]):
            if answered == 0:
                os.write(fd, b"help\r")
                out += b"\n"
            os.write(fd, b"1\r")
            answered += 1
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail("brules play ended with status %r" % status, bytes(out))
    return text, answered


def expect(text, needle, what):
    if needle not in text:
        fail("%s: no '%s' in the output" % (what, needle), text.encode())


def expect_re(text, pattern, what):
    if not re.search(pattern, text, re.M):
        fail("%s: nothing matches /%s/" % (what, pattern), text.encode())


def main():
    brules = os.environ.get("BRULES")
    if not brules:
        fail("$BRULES is not set")
    started = time.monotonic()
    text, answered = play(brules)
    expect(text, "game over after", "the whole game")
    # the help: the favour spaces' benefits, the income codes, the penalties
    expect(text, "guild      1 VP per own house", "help: favour spaces")
    expect(text, "Income codes: St stone", "help: income codes")
    # the board
    expect(text, "(income: St stone, Wd wood, Gr grain, Pi piety, Wo wool, Lo loyalty,",
           "income legend")
    expect(text, "| favour stays", "orientation 0's favour")
    expect_re(text, r"orient [123]:.*\| favour -> [a-z0-9-]+: ", "favour landing")
    expect(text, "Plots (material, rent): p1 st 1gr", "plots")
    expect(text, "donors +1 VP +2 $", "donation bonus")
    expect_re(text, r"place \d+ needs \d \(2 VP", "plague-place bonus")
    expect(text, "P penance (piety: 3 VP per missing unit", "penalty legend P")
    expect(text, "B begging (grain: 2 VP per missing unit", "penalty legend B")
    expect(text, "C royal court (tax: 1 VP per missing coin", "penalty legend C")
    # the announcements (effects)
    expect(text, "automatically (the only move):", "forced moves")
    expect_re(text, r"^  event \d+ drawn: ", "event draws")
    expect(text, "the plague breaks out: a face-down plague tile on each of the 11 places",
           "plague tiles laid")
    expect_re(text, r"^  plague tile at place \d+: \d", "plague tile revealed")
    expect_re(text, r"^  chapter end: the tax die shows [2-5]", "tax roll")
    expect(text, "chapter end, the dues (piety 3, grain 2, money 1 VP per missing unit):",
           "chapter-end summary")
    expect_re(text, r"^    (you|seat \d): .*penalties: ", "each seat's dues")
    expect_re(text, r"^  income: you ", "income")
    # bots' moves grouped under round and chapter headings
    for chapter in ("II", "III", "IV"):
        expect(text, "=== chapter %s ===" % chapter, "chapter heading")
    expect_re(text, r"^--- chapter I, round 2: .* the crest ---\n(.*\n)*?seat [12] \(random\): ",
              "bot moves under a round heading")
    # the game of this seed has a begging seat and Privileg played
    expect_re(text, r"penalties: .*begging", "a begging penalty (seed %s)" % SEED)
    expect_re(text, r"orient \d:.* withheld \(begging\)", "begging income on the orient line")
    expect_re(text, r"^  income: .* withheld \(begging\)", "begging income announced")
    expect(text, "privilege repeats", "Privileg's card announced (seed %s)" % SEED)
    expect_re(text, r" privilege=[a-z-]+", "Privileg on the pile")
    print("test-play-tdw: a whole game, %d prompts answered, in %.1f s"
          % (answered, time.monotonic() - started))


if __name__ == "__main__":
    main()
