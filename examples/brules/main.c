/*
 * brules: the command-line host of libboardrules.
 *
 * This file holds the command table, the help texts, --version and the
 * dispatch to the commands, each of which lives in its own file.
 */
#include "brules.h"

#include <getopt.h>
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
      "Usage: brules list [--json]\n"
      "\n"
      "Lists the registered games: short name, title and number of players.\n"
      "\n"
      "  -j, --json             print {\"games\": [{\"name\", \"title\", \"players\":\n"
      "                         {\"min\", \"max\", \"default\"}}, ...]}\n" },
    { "info", cmd_info, "describe a game, its options and move space",
      "Usage: brules info [--json] GAME\n"
      "\n"
      "Prints the title, description, number of players and the options of GAME,\n"
      "and the size of its move space with the default options.\n"
      "\n"
      "  -j, --json             print it as one JSON object: name, title,\n"
      "                         description, players {min, max, default},\n"
      "                         default_options, move_space, max_legal_moves,\n"
      "                         has_chance, has_hidden_information,\n"
      "                         max_game_length, options (one object per key:\n"
      "                         key, kind, default, min/max or choices, help)\n"
      "                         and options_help\n" },
    { "play", cmd_play, "play a game in the terminal against bots",
      "Usage: brules play GAME [-o OPTIONS] [--seat N]... [--bots] [--bot BOT]\n"
      "                        [--seed S] [--record FILE]\n"
      "\n"
      "A person plays GAME in the terminal against bots, or bots play each other.\n"
      "Before each of your moves you see what your seat may see (other seats'\n"
      "hidden cards only as counts) and the legal moves. Type a move in the game's\n"
      "notation or its number in the list: a number alone is always the list's\n"
      "entry (=TEXT reads TEXT as a move, should a move's text be a number). At\n"
      "the prompt also 'moves', 'board', 'help' (with the game's own help, as\n"
      "'brules info GAME' shows it) and 'quit' (end of input quits too).\n"
      "Every move, and every draw or deal with it, is announced as your seat saw\n"
      "it: what you could not see at a real table reads '?' (a card discarded face\n"
      "down: \"exchange ?\"); lines below it say what it did (where markers and\n"
      "figures went, the steps a card gave, the cards you drew, a vote's ballots\n"
      "and result, a seat passed over and why, the end). In Tsuro the tiles of\n"
      "your hand are drawn in each rotation the list offers; in Drunter & Drüber\n"
      "each lay is listed with the squares its tile covers, and a ballot is\n"
      "composed from your vote cards ('vote yes2 no1', 'vote none'), not picked\n"
      "from a list. When the game is over the whole position\n"
      "is shown, hidden cards too, and the options with the seed: the seed is\n"
      "shown only then (or when you quit), as it gives away every hidden card.\n"
      "On a terminal (brules built with libedit) the line can be edited, the\n"
      "arrow keys bring back earlier entries and the tab key completes the legal\n"
      "moves and the commands.\n"
      "\n"
      "With several --seat options the people share the screen: at each prompt the\n"
      "view of the seat to move is shown, and moves are announced as a spectator\n"
      "sees them (the next person to look would read the last one's draws). With\n"
      "--bots you watch as a spectator: moves are announced with their hidden parts\n"
      "as '?', and the whole position is shown at the end.\n"
      "\n"
      "  -o, --options OPTIONS  game options, e.g. players=3,edition=kosmos\n"
      "                         ('brules info GAME' lists them)\n"
      "  --seat N               you play seat N (0-based); repeat for several\n"
      "                         people at one keyboard; default: seat 0\n"
      "  --bots                 no person: bots play every seat\n"
      "  --bot BOT              the bots: ismcts (default), planner, greedy or\n"
      "                         random, with options as KIND:OPTIONS, e.g.\n"
      "                         ismcts:time_ms=200 (doc/bots.md); the default is\n"
      "                         ismcts:iterations=4000, under a second a move\n"
      "  --seed S               seed for the game (unless OPTIONS has seed=) and\n"
      "                         the bots; default: a new one each run\n"
      "  --record FILE          write the game record to FILE at the end, with\n"
      "                         the tags seat0, seat1, ... ('person' or '<bot>\n"
      "                         bot') and date (the day it began, UTC)\n"
      "\n"
      "With chance=explicit and a person at the table, the person enters the\n"
      "outcome of every chance event (to mirror a real table); at that prompt the\n"
      "person's view is shown, or with several people the spectator's view\n"
      "(public information only).\n" },
    { "selfplay", cmd_selfplay, "bots play many games; statistics",
      "Usage: brules selfplay GAME [-n N] [-o OPTIONS] [--seed S]\n"
      "                            [--bot BOT | --bots BOT,BOT,...] [--show | --json]\n"
      "\n"
      "Bots play N games of GAME and the statistics are printed (br_state_winners):\n"
      "- wins per seat; a shared win counts for every winner, so the wins can add\n"
      "  up to more than N;\n"
      "- how the games ended: one winner, a win shared by some seats (3 or more\n"
      "  players), a win shared by every seat, no winner. The last two are the\n"
      "  draws (all returns 0), counted apart;\n"
      "- the average, shortest and longest length.\n"
      "Game i uses seed S+i unless OPTIONS sets a seed. On a terminal, stderr shows\n"
      "the progress: games played, games per second, time left. Ctrl-C stops the\n"
      "run: the statistics of the games played so far are printed, exit status 130.\n"
      "\n"
      "  -n, --games N          number of games (default 100)\n"
      "  -o, --options OPTIONS  game options\n"
      "  --seed S               first seed (default 1)\n"
      "  --bot BOT              the bot of every seat: random (default), greedy,\n"
      "                         planner or ismcts, with options as KIND:OPTIONS\n"
      "                         (e.g. ismcts:iterations=500)\n"
      "  --bots BOT,BOT,...     one bot per seat (the list repeated to the number\n"
      "                         of seats), the seats rotated from game to game so\n"
      "                         that each plays every seat equally often; options\n"
      "                         of one bot joined by '+' (ismcts:iterations=200+c=1)\n"
      "  --show                 show the final position of every game; with -n 1,\n"
      "                         every move and the board after it\n"
      "  -j, --json             print the statistics as one JSON object: game,\n"
      "                         games, games_requested, interrupted, bot, options,\n"
      "                         first_seed, players, wins (per seat), outcomes\n"
      "                         {one_winner, shared_by_some, shared_by_all,\n"
      "                         no_winner}, draws, length {average, shortest,\n"
      "                         longest, average_with_chance}; with --bots also\n"
      "                         wins_by_bot and seats_by_bot (seats played), keyed\n"
      "                         by the bots as given\n" },
    { "replay", cmd_replay, "validate a game record, show its final position",
      "Usage: brules replay [--json | --snapshot] FILE\n"
      "\n"
      "Replays the game record FILE ('-' reads standard input) and validates every\n"
      "line. A valid and complete record prints its final position and exits with\n"
      "0; an invalid one prints 'FILE:LINE:COLUMN: reason' on stderr and exits\n"
      "with 1, and so does a record cut off before its result line (incomplete).\n"
      "\n"
      "  -j, --json             print the verdict as one JSON object instead: file,\n"
      "                         valid, complete, version, game, moves,\n"
      "                         first_bad_line, column, reason, result\n"
      "                         (br_record_verdict_json); exit status 0 when valid\n"
      "                         and complete, else 1, nothing on stderr; a file\n"
      "                         it cannot read gives {command, error, status}\n"
      "  --snapshot             print the final position as a JSON snapshot\n"
      "                         (br_state_to_json) instead of the board\n" },
    { "bench", cmd_bench, "measure the speed of the library on a game",
      "Usage: brules bench GAME [-o OPTIONS] [-t SECONDS] [--json]\n"
      "\n"
      "Prints the options used, then:\n"
      "- random playouts through the public API: moves per second and ns per move,\n"
      "  where a move is legal moves + a uniformly random pick + apply; with\n"
      "  chance=auto (the default) chance events are resolved inside apply, with\n"
      "  chance=explicit their outcomes are picked uniformly like moves;\n"
      "- ns per call of single operations, over positions from random games:\n"
      "  clone+free, copy, legal moves, apply, snapshot save and load, observation.\n"
      "Playout i starts from seed=i mod 64 unless OPTIONS sets a seed. On a\n"
      "terminal, stderr shows what runs and the time left; Ctrl-C stops the run\n"
      "and prints the figures measured so far (exit status 130).\n"
      "\n"
      "  -o, --options OPTIONS  game options (e.g. players=4)\n"
      "  -t, --time SECONDS     total time budget (default 2)\n"
      "  -j, --json             print one JSON object: game, library_version,\n"
      "                         options_given, options, seeds, time_budget,\n"
      "                         interrupted, chance, playouts {seconds, playouts,\n"
      "                         moves, playouts_per_second, moves_per_second,\n"
      "                         ns_per_move, moves_per_playout},\n"
      "                         sample_positions, ns_per_call {clone_free, copy,\n"
      "                         legal_moves, copy_apply, apply, ...},\n"
      "                         snapshot_bytes, binary_snapshot_bytes\n" },
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
          "Options: long ones may be abbreviated (--se for --seed where that is\n"
          "unique), short ones grouped (-jn 5); '--' ends the options. Every command\n"
          "that prints results takes -j, --json; on a failure it then prints\n"
          "{\"command\", \"error\", \"status\"} on stdout. 'man brules' has it all.\n"
          "Exit status: 0 success, 1 failure (e.g. an invalid record), 2 usage error,\n"
          "130 a long run (selfplay, bench) stopped by Ctrl-C.\n",
          out);
}

static int print_version(void)
{
    printf("brules (libboardrules) %s\n", BR_VERSION_STRING);
    printf("library version: %s (loaded at run time)\n", br_version_string());
    printf("header version:  %s (compiled against)\n", BR_VERSION_STRING);
    printf("line editing:    %s\n", line_editing());
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

/* The options before the command (getopt_long, stopping at the first
 * argument that is no option: the command's own options are its own).
 * Returns -1 to go on with argv[*next], otherwise the exit status. */
static int top_level_options(int argc, char **argv, int *next)
{
    static const struct option longs[] = {
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+:hV", longs, NULL)) != -1) {
        switch (c) {
        case 'h':
            print_help(stdout);
            return BRULES_EXIT_OK;
        case 'V':
            return print_version();
        default:
            if (optopt)
                return usage_error(NULL, "invalid option -- '%c'", optopt);
            return usage_error(NULL, "unrecognized option '%s'", argv[optind - 1]);
        }
    }
    *next = optind;
    return -1;
}

int main(int argc, char **argv)
{
    int next = argc, status = top_level_options(argc, argv, &next);
    if (status >= 0)
        return status;
    if (next >= argc)
        return usage_error(NULL, "no command given");
    const char *name = argv[next];
    if (strcmp(name, "help") == 0)
        return help_command(argc - next, argv + next);
    const command *c = find_command(name);
    if (!c)
        return usage_error(NULL, "unknown command '%s'", name);
    status = c->run(argc - next, argv + next);
    print_json_failure(name, status);
    /* A full disk or a closed pipe shows up only when stdout is flushed. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        brules_error("error writing to standard output");
        return BRULES_EXIT_FAIL;
    }
    return status;
}
