"""A person plays whole games through `brules play` on a pseudo-terminal.

Each game has a function of its own that answers every prompt with a legal
move, as a person would, from what the screen shows, and then checks that
the announcements issue 25 asks for appear. To add a game, write a
function `game_<name>(run)` like game_drunter_und_drueber() and list it in
GAMES.

Run by `make check` through test-play-pty.sh (BRULES names the program); by
hand:
    BRULES=build/examples/brules/brules python3 examples/brules/test-play-pty.py
The whole run has a budget of 60 seconds.
"""

import os
import pty
import random
import re
import select
import signal
import sys
import tempfile
import time

BUDGET_SECONDS = 60
# The bots are the planner, not play's default (ismcts with 4000 iterations):
# these games test what play announces, within the budget, also under the
# sanitizers.
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")
PROMPT = re.compile(r"(seat \d+|chance outcome)> $")

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)


class Table:
    """One `brules play` on a pseudo-terminal: the screen since the last
    answer, and the whole transcript."""

    def __init__(self, args):
        try:
            self.pid, self.fd = pty.fork()
        except OSError as e:  # no pseudo-terminals here (a bare container)
            print("no pseudo-terminal (%s): skipped" % e)
            sys.exit(77)
        if self.pid == 0:
            os.execv(os.environ["BRULES"], [os.environ["BRULES"], "play"] + args)
        self.transcript = ""
        self.screen = ""
        self.status = None

    def _read(self, deadline):
        """Reads what is there; False at the end of output."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.time()))
        if not ready:
            raise TimeoutError("no output for too long:\n" + self.screen[-2000:])
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the other end is closed: the game is over
            return False
        if not data:
            return False
        text = ANSI.sub("", data.decode("utf-8", "replace"))
        self.screen += text
        self.transcript += text
        return True

    def next_prompt(self, deadline):
        """Waits for the next prompt; None when the program ended."""
        while True:
            if PROMPT.search(self.screen):
                return PROMPT.search(self.screen).group(1)
            if not self._read(deadline):
                _, status = os.waitpid(self.pid, 0)
                self.status = os.waitstatus_to_exitcode(status)
                return None

    def answer(self, line):
        self.screen = ""
        os.write(self.fd, (line + "\r").encode())


def play(args, answer, deadline):
    """Plays one game: answer(table, prompt) gives each entry."""
    table = Table(args)
    moves = 0
    while True:
        prompt = table.next_prompt(deadline)
        if prompt is None:
            return table
        table.answer(answer(table, prompt))
        moves += 1
        if moves > 3000:
            raise RuntimeError("the game does not end")


# ----------------------------------------------------------------------
# Drunter & Drüber


class DudPerson:
    """Answers the prompts of Drunter & Drüber the way the screen asks: a
    ballot composed from the cards held, a lay by its text, jein, the pro
    choice. Remembers what the checks need."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.ballot_prompts = 0
        self.vote_lists = 0
        self.lays = []          # (lay, squares the prompt listed)
        self.task_prompts = []  # the lines of the pro choice
        self.tried_none_2 = False
        self.cards = None       # the vote cards of the ballot asked for

    def __call__(self, table, prompt):
        screen = table.screen
        if "compose your secret ballot" in screen:
            self.ballot_prompts += 1
            if re.search(r"^\s+\d+\) vote ", screen, re.M):
                self.vote_lists += 1
            cards = screen.split("compose your secret ballot from your vote cards:\n")[1]
            self.cards = cards.split("\n")[0].split()
            if not self.tried_none_2:
                self.tried_none_2 = True
                return "vote none 2"  # refused; the same prompt asks again
        elif not screen.startswith("vote none 2"):
            self.cards = None
        if self.cards is not None:
            cards = self.cards
            chosen = [c for c in cards if self.rng.random() < 0.3]
            return "vote " + (" ".join(chosen) if chosen else "none")
        if "Choose the task card you score with:" in screen:
            self.task_prompts += re.findall(r"^\s+\d+\) choose \d\s+\S+$", screen, re.M)
            return "choose 1"
        if re.search(r"^\s+1\) jein yes", screen, re.M):
            return "jein yes"
        match = re.search(r"^\s+1\) (\S+ \S+ \S+) +([a-l0-9 ]+?)(, WC [a-l0-9 ]+)?(\s{2,}|$)",
                          screen, re.M)
        if "each with the squares its tile covers" in screen and match:
            self.lays.append((match.group(1), match.group(2).split()))
            return match.group(1)
        return "1"


def check_dud_common(table, person, label):
    out = table.transcript
    check(table.status == 0, label + ": brules play ends with status 0, not %s" % table.status)
    check("game over after" in out, label + ": the game is played to its end")
    check(person.ballot_prompts > 0, label + ": the person is asked for a ballot")
    check(person.vote_lists == 0, label + ": no numbered list of ballots at a vote")
    check("'none' stands alone" in out, label + ": 'vote none 2' gets a useful message")
    check(re.search(r"^  vote result on .*: \d+ yes, \d+ no: (passed|failed)", out, re.M),
          label + ": a vote result is announced")
    check(re.search(r"^  the ballots: ", out, re.M), label + ": the ballots are revealed")
    check(re.search(r"^seat [12] \(planner\): vote \?$", out, re.M),
          label + ": the bots' ballots are hidden until the reveal")
    check(not re.search(r"(^|[^0-9])1 points", out), label + ": '1 points' never appears")
    check(person.lays, label + ": the person lays tiles by their text")
    for lay, squares in person.lays:
        said = re.search(r"^  you (lay \S+ on|propose %s \(\S+\) over) %s[ ;]"
                         % (re.escape(lay), re.escape(" ".join(squares))), out, re.M)
        check(said, label + ": the lay %s is announced on the squares the prompt listed (%s)"
              % (lay, " ".join(squares)))
    return out


def game_drunter_und_drueber(run):
    """Basic game, 3 seats; in seed 13 seats are passed over and the
    person's view shows a score of 1 point."""
    person = DudPerson(13)
    table = run(["drunter-und-drueber", "--seed", "13", "-o", "players=3", "--bot", "planner"],
                person)
    out = check_dud_common(table, person, "drunter-und-drueber")
    check(re.search(r"^Seat 0 \(you\): 1 point$", out, re.M),
          "drunter-und-drueber: the view says '1 point'")
    check(re.search(r"^  the \S+ crew leaves the board at [a-l]\d+$", out, re.M),
          "drunter-und-drueber: a crew leaving the board is announced")
    check(re.search(r"^  seat \d cannot lay and is passed over: \S", out, re.M),
          "drunter-und-drueber: a seat that cannot lay is announced with the reason")
    check(re.search(r"^  covers the \S+ on [a-l]\d+ \(\d+ points?, ", out, re.M),
          "drunter-und-drueber: a building covered is announced")
    check(re.search(r"^  game over: .*; winners? seat", out, re.M),
          "drunter-und-drueber: the end is announced with the winners")


def game_drunter_und_drueber_pro(run):
    """Pro variant: the choice of task card names the cards."""
    person = DudPerson(7)
    table = run(["drunter-und-drueber", "--seed", "7", "-o", "players=3,variant=pro",
                 "--bot", "planner"], person)
    out = check_dud_common(table, person, "drunter-und-drueber pro")
    check(len(person.task_prompts) == 2,
          "drunter-und-drueber pro: the choice lists both task cards by name: %s"
          % person.task_prompts)
    check(re.search(r"^  every seat now chooses the task card", out, re.M),
          "drunter-und-drueber pro: the choice is announced")
    check(re.search(r"^  seat [12] chose a task card in secret$", out, re.M),
          "drunter-und-drueber pro: the bots' choices stay hidden")


GAMES = [game_drunter_und_drueber, game_drunter_und_drueber_pro]


def main():
    if "BRULES" not in os.environ:
        sys.exit("BRULES must name the brules program")
    signal.alarm(BUDGET_SECONDS + 5)  # a hang inside a system call
    deadline = time.time() + BUDGET_SECONDS
    os.chdir(tempfile.mkdtemp(prefix="test-play-pty."))
    for game in GAMES:
        try:
            game(lambda args, answer: play(args, answer, deadline))
        except (TimeoutError, RuntimeError) as e:
            check(False, "%s: %s" % (game.__name__, e))
    if failures:
        sys.exit("%d failures" % len(failures))
    print("test-play-pty.py: %d games played, every check passed" % len(GAMES))


if __name__ == "__main__":
    main()
