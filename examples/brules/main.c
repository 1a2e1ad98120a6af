/*
 * brules: the command-line host of libboardrules.
 *
 * This file holds the command table, the help texts, --version and the
 * dispatch to the commands, each of which lives in its own file.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *usage; /* the full help of the command */
} command;

static const command commands[] = {
    { "list", cmd_list, "list the games",
      "Usage: brules list\n"
      "\n"
      "Lists the registered games: short name, title and number of players.\n" },
    { "info", cmd_info, "describe a game, its options and move space",
      "Usage: brules info GAME\n"
      "\n"
      "Prints the title, description, number of players and the options of GAME,\n"
      "and the size of its move space with the default options.\n" },
    { "play", cmd_play, "play a game in the terminal against bots",
      "Usage: brules play GAME [-o OPTIONS] [--seat N]... [--bots] [--bot NAME]\n"
      "                        [--seed S] [--record FILE]\n"
      "\n"
      "A person plays GAME in the terminal against bots, or bots play each other.\n"
      "Before each of your moves you see what your seat may see (other seats'\n"
      "hidden cards only as counts) and the legal moves. Type a move in the game's\n"
      "notation or its number in the list: a number alone is always the list's\n"
      "entry (=TEXT reads TEXT as a move, should a move's text be a number). At\n"
      "the prompt also 'moves', 'board', 'help' (with the game's own help, as\n"
      "'brules info GAME' shows it) and 'quit' (end of input quits too).\n"
      "Every move is announced as your seat may see it: what you could not see at\n"
      "a real table reads '?' (a card discarded face down: \"exchange ?\"); notes\n"
      "below it say what the move's text does not (Tür an Tür: the steps a card\n"
      "gave, where the figure went, the cards you drew). When the game is over\n"
      "the whole position is shown, hidden cards too.\n"
      "\n"
      "With several --seat options the people share the screen: at each prompt the\n"
      "view of the seat to move is shown, and moves are announced as the seat of\n"
      "the last prompt may see them (before the first prompt as a spectator). With\n"
      "--bots you watch as a spectator: moves are announced with their hidden parts\n"
      "as '?', and the whole position is shown at the end.\n"
      "\n"
      "  -o, --options OPTIONS  game options, e.g. players=3,edition=kosmos\n"
      "                         ('brules info GAME' lists them)\n"
      "  --seat N               you play seat N (0-based); repeat for several\n"
      "                         people at one keyboard; default: seat 0\n"
      "  --bots                 no person: bots play every seat\n"
      "  --bot NAME             the bots: greedy (default) or random\n"
      "  --seed S               seed for the game (unless OPTIONS has seed=) and\n"
      "                         the bots; default: a new one each run\n"
      "  --record FILE          write the game record to FILE at the end\n"
      "\n"
      "With chance=explicit and a person at the table, the person enters the\n"
      "outcome of every chance event (to mirror a real table); at that prompt the\n"
      "person's view is shown, or with several people the spectator's view\n"
      "(public information only).\n" },
    { "selfplay", cmd_selfplay, "bots play many games; statistics",
      "Usage: brules selfplay GAME [-n N] [-o OPTIONS] [--seed S] [--bot NAME] [--show]\n"
      "\n"
      "Bots play N games of GAME and the statistics are printed (br_state_winners):\n"
      "- wins per seat; a shared win counts for every winner, so the wins can add\n"
      "  up to more than N;\n"
      "- how the games ended: one winner, a win shared by some seats (3 or more\n"
      "  players), a win shared by every seat, no winner. The last two are the\n"
      "  draws (all returns 0), counted apart;\n"
      "- the average, shortest and longest length.\n"
      "Game i uses seed S+i unless OPTIONS sets a seed. A progress bar is shown on\n"
      "stderr when it is a terminal.\n"
      "\n"
      "  -n, --games N          number of games (default 100)\n"
      "  -o, --options OPTIONS  game options\n"
      "  --seed S               first seed (default 1)\n"
      "  --bot NAME             random (default) or greedy\n"
      "  --show                 show the final position of every game; with -n 1,\n"
      "                         every move and the board after it\n" },
    { "replay", cmd_replay, "validate a game record, show its final position",
      "Usage: brules replay [--json] FILE\n"
      "\n"
      "Replays the game record FILE ('-' reads standard input) and validates every\n"
      "line. A valid record prints its final position and exits with 0; an invalid\n"
      "one prints 'FILE:LINE: reason' on stderr and exits with 1.\n"
      "\n"
      "  --json                 print the final position as a JSON snapshot\n"
      "                         (br_state_to_json) instead of the board\n" },
    { "bench", cmd_bench, "measure the speed of the library on a game",
      "Usage: brules bench GAME [-o OPTIONS] [-t SECONDS]\n"
      "\n"
      "Prints the options used, then:\n"
      "- random playouts through the public API: moves per second and ns per move,\n"
      "  where a move is legal moves + a uniformly random pick + apply; with\n"
      "  chance=auto (the default) chance events are resolved inside apply, with\n"
      "  chance=explicit their outcomes are picked uniformly like moves;\n"
      "- ns per call of single operations, over positions from random games:\n"
      "  clone+free, copy, legal moves, apply, snapshot save and load, observation.\n"
      "Playout i starts from seed=i mod 64 unless OPTIONS sets a seed.\n"
      "\n"
      "  -o, --options OPTIONS  game options (e.g. players=4)\n"
      "  -t, --time SECONDS     total time budget (default 2)\n" },
};

#define NUM_COMMANDS (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < NUM_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

bool print_command_help(FILE *out, const char *name)
{
    const command *c = find_command(name);
    if (!c)
        return false;
    fputs(c->usage, out);
    return true;
}

static void print_help(FILE *out)
{
    fputs("Usage: brules COMMAND [ARGS...]\n"
          "       brules help [COMMAND]\n"
          "       brules --version\n"
          "\n"
          "The command-line host of libboardrules, a rules engine for board games.\n"
          "\n"
          "Commands:\n",
          out);
    for (size_t i = 0; i < NUM_COMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "'brules help COMMAND' or 'brules COMMAND --help' describes one command.\n"
          "Exit status: 0 success, 1 failure (e.g. an invalid record), 2 usage error.\n",
          out);
}

static int print_version(void)
{
    printf("brules (libboardrules) %s\n", BR_VERSION_STRING);
    printf("library version: %s (loaded at run time)\n", br_version_string());
    printf("header version:  %s (compiled against)\n", BR_VERSION_STRING);
    if (!br_version_check(BR_VERSION_MAJOR, BR_VERSION_MINOR, BR_VERSION_MICRO)) {
        brules_error("the loaded library %s cannot serve a program built for %s",
                     br_version_string(), BR_VERSION_STRING);
        return BRULES_EXIT_FAIL;
    }
    return BRULES_EXIT_OK;
}

static int help_command(int argc, char **argv)
{
    if (argc > 2)
        return usage_error("help", "too many arguments");
    if (argc == 1) {
        print_help(stdout);
        return BRULES_EXIT_OK;
    }
    if (!print_command_help(stdout, argv[1]))
        return usage_error(NULL, "unknown command '%s'", argv[1]);
    return BRULES_EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error(NULL, "no command given");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_help(stdout);
        return BRULES_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
        return print_version();
    if (strcmp(name, "help") == 0)
        return help_command(argc - 1, argv + 1);
    const command *c = find_command(name);
    if (!c) {
        if (name[0] == '-')
            return usage_error(NULL, "unknown option '%s'", name);
        return usage_error(NULL, "unknown command '%s'", name);
    }
    int status = c->run(argc - 1, argv + 1);
    /* A full disk or a closed pipe shows up only when stdout is flushed. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        brules_error("error writing to standard output");
        return BRULES_EXIT_FAIL;
    }
    return status;
}
