/*
 * brules: the command-line host of libboardrules.
 *
 * Declarations shared by the source files of the command. Every file
 * includes this header first, so that the POSIX feature macro below comes
 * before any system header (getline, isatty, clock_gettime are POSIX, not C11).
 *
 * The command uses only the public API of the library (<boardrules.h>).
 */
#ifndef BRULES_H
#define BRULES_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <boardrules.h>

/* jansson's value type, for the effects printers (fx_*.c include <jansson.h>). */
typedef struct json_t json_t;

/* Exit statuses: the conventional three, and that of a run cut short by
 * Ctrl-C (128 + SIGINT, as the shell reports a process killed by it). */
enum {
    BRULES_EXIT_OK = 0,     /* success */
    BRULES_EXIT_FAIL = 1,   /* a failure: invalid record, file error, library error */
    BRULES_EXIT_USAGE = 2,  /* the command line is wrong */
    BRULES_EXIT_INTERRUPTED = 130 /* Ctrl-C (SIGINT) ended a long run early */
};

/* ------------------------------------------------------------------ */
/* Commands (argv[0] is the command's name). Each returns an exit status. */

int cmd_list(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_selfplay(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bench(int argc, char **argv);

/* Prints the usage of one command (main.c); false when there is no such command. */
bool print_command_help(FILE *out, const char *command);

/* ------------------------------------------------------------------ */
/* Messages (cli.c). Errors go to stderr prefixed "brules: ". */

void brules_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reports a command-line mistake and a hint; returns BRULES_EXIT_USAGE. */
int usage_error(const char *command, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A --json command that fails before printing its object prints this one on
 * stdout instead (main() calls it after every command), besides the messages
 * on stderr: {"command": COMMAND, "error": the first message reported,
 * "status": the exit status}. Nothing when the command line held no --json,
 * when print_json() wrote the command's object, or for status 0. */
void print_json_failure(const char *command, int status);

/* `text` with every byte that is not part of well-formed UTF-8 replaced by
 * U+FFFD (a file name can hold any bytes; JSON must be UTF-8), in memory to
 * free(); NULL when out of memory. */
char *utf8_copy(const char *text);

/* ------------------------------------------------------------------ */
/* Command-line parsing (cli.c): a small getopt_long without global state.
 * Accepts "--name value", "--name=value", "-x value", "-xvalue"; "--" ends
 * the options; everything else is a positional argument. */

typedef struct cli_option {
    const char *long_name; /* without the leading "--" */
    char short_name;       /* 0 when there is none */
    bool takes_value;
    int id;                /* handed to the command for this option */
} cli_option;

/* The option every command understands: it prints the command's help. */
#define CLI_HELP_ID 'h'
#define CLI_HELP_OPTION { "help", 'h', false, CLI_HELP_ID }

/* Takes one of a command's own options (`value` is NULL when the option
 * takes none) into the command's settings. Returns -1 to go on, otherwise
 * the exit status (a usage error, already reported). */
typedef int (*cli_take_option)(void *settings, int id, const char *value);

/* What a command accepts on its command line. */
typedef struct cli_command {
    const char *name;           /* for messages and the help */
    const cli_option *options;  /* CLI_HELP_OPTION among them; ends with long_name NULL */
    const char *operand;        /* the one positional argument as "missing argument ..."
                                   names it; NULL when the command takes none */
    cli_take_option take_option; /* every option but --help; NULL when there is none */
} cli_command;

/* Parses argv (argv[0] is the command's name): --help prints the command's
 * help, every other option goes to take_option with `settings`, and the
 * positional argument to *operand (which may be NULL when the command takes
 * none). Returns -1 to go on, otherwise the exit status: BRULES_EXIT_OK
 * after --help, or that of a usage error, already reported. An option with
 * the id CLI_JSON_ID anywhere on the line, even after a mistake, makes the
 * failures come as JSON (print_json_failure). */
int cli_parse_command(const cli_command *command, void *settings, int argc, char **argv,
                      const char **operand);

/* The option of every command that prints results: --json, -j. */
#define CLI_JSON_ID 'j'
#define CLI_JSON_OPTION { "json", 'j', false, CLI_JSON_ID }

/* Strict number parsing: the whole text must be the number. */
bool parse_u64(const char *text, uint64_t *out);
bool parse_long_in(const char *text, long min, long max, long *out);
bool parse_positive_double(const char *text, double *out);

/* ------------------------------------------------------------------ */
/* Library helpers (cli.c). */

/* Looks up a game; reports an unknown name. */
const br_game *find_game(const char *name);

/* Whether an options string ("k=v,k=v") sets `key`. */
bool options_have_key(const char *options, const char *key);
/* Whether an options string sets `key` to `value`. */
bool options_say(const char *options, const char *key, const char *value);

/* Creates a state; reports a failure and stores the exit status to use. */
br_state *new_state(const br_game *game, const char *options, int *exit_status);
/* The same with ",seed=<seed>" added to `options` unless they set a seed
 * themselves. */
br_state *new_seeded_state(const br_game *game, const char *options, uint64_t seed,
                           int *exit_status);

/* Reports a failed call of the library on `state`: "WHAT: status (reason)". */
void report_state_error(const char *what, const br_state *state, br_status st);

/* Lists the legal moves of `state` into `moves` (room for `capacity`);
 * false on failure (reported). */
bool list_legal_moves(const br_state *state, br_move *moves, size_t capacity,
                      size_t *count);

/* Any text-producing function of the API that takes only a state. */
typedef br_status (*state_text_fn)(const br_state *state, char *buf, size_t size,
                                   size_t *len);
/* Any text-producing function of the API that takes a state and a seat. */
typedef br_status (*seat_text_fn)(const br_state *state, int seat, char *buf, size_t size,
                                  size_t *len);
/* The whole text of `fn` for `state` (and `seat`) in memory to free(); NULL
 * on failure (reported, naming `what`). */
char *state_text(const br_state *state, state_text_fn fn, const char *what);
char *seat_text(const br_state *state, seat_text_fn fn, int seat, const char *what);

/* The text of a move into `buf`; "#<number>" when the library has none. */
const char *move_text(const br_state *state, br_move move, char *buf, size_t size);

/* Prints the whole state (br_state_render) to `out`: everything, hidden
 * cards included. */
bool print_board(FILE *out, const br_state *state);
/* Prints what `seat` may see (br_state_render_view; -1: a spectator). */
bool print_view(FILE *out, const br_state *state, int seat);

/* Fills is_winner (one entry per seat) from br_state_winners() for a
 * finished game; returns the number of winners, or -1 on failure (reported). */
int count_winners(const br_state *state, int *is_winner);

/* Prints who won a finished game ("seat 1 wins", "seats 0 and 2 share the
 * win", every seat sharing the win or nobody winning) and the scores
 * under their game's label (game_score_label). */
void print_result(FILE *out, const br_state *state);

/* Prints a JSON value (jansson's json_t) to stdout, indented, with a line
 * end, and releases it (json_decref); false when it is NULL or cannot be
 * written (reported). */
bool print_json(json_t *value);

/* Reads a whole file ("-" is stdin, "<stdin>" in the messages) into memory
 * to free(); NULL on failure (reported). */
char *read_file(const char *path);

/* Reads one line without its line end into *line (grown as needed, free()
 * it at the end). Returns false at end of input. */
bool read_line(FILE *in, char **line, size_t *capacity);

/* ------------------------------------------------------------------ */
/* Long runs (cli.c): Ctrl-C and a progress line. */

/* From now on SIGINT only sets a flag, which interrupted() reads: a long run
 * stops at its next look and reports what it has so far. */
void catch_interrupt(void);
bool interrupted(void);

/* A progress line on stderr, rewritten in place ("\r"), only when stderr is
 * a terminal, at most ten times a second. */
typedef struct progress {
    bool on;        /* stderr is a terminal */
    double start;   /* now_seconds() at progress_start() */
    double last;    /* when the line was last written */
    int width;      /* length of the line on the screen */
} progress;

void progress_start(progress *p);
/* Rewrites the line unless it was written less than 0.1 s ago (or `force`). */
void progress_line(progress *p, bool force, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Clears the line. */
void progress_end(progress *p);
/* "1:05" or "1:02:03" for a number of seconds, into buf. */
const char *format_duration(double seconds, char *buf, size_t size);

/* Seconds on a monotonic clock. */
double now_seconds(void);

/* A seed that differs from run to run (time and clock), for games that
 * should not repeat. */
uint64_t fresh_seed(void);

/* ------------------------------------------------------------------ */
/* What brules tells a person about a game (info.c): its help, notes at the
 * prompt and after each move. The game facts come from the public API (the
 * seat's observation, move texts); only texts and the tables the game's
 * documentation publishes live in brules. */

/* Prints the game's own help for the play prompt and `brules info`
 * (notation, what the cards and the words mean); false when brules has none
 * for the game. */
bool print_game_help(FILE *out, const br_game *game);

/* What br_state_scores() counts in the game, for the result line, e.g.
 * "points" or "path positions (0 = start, 21 = exit)". */
const char *game_score_label(const br_game *game);

/* Notes under the legal moves at the prompt of `seat`, from its view only
 * (Tür an Tür: what each elevator card does and would give now). */
void print_prompt_notes(FILE *out, const br_state *state, int seat);

/* The choices at the prompt of `seat`, told the game's way where a plain
 * numbered list serves badly; false when the game has no such way (the
 * caller prints the list). Drunter & Drüber: a ballot is composed from the
 * seat's vote cards (no list of up to 256 ballots); each lay with the
 * squares its tile covers and the toilets that call a vote; the pro choice
 * with the task cards' names. */
bool print_game_choices(FILE *out, const br_state *state, int seat, const br_move *moves,
                        size_t count);

/* ------------------------------------------------------------------ */
/* Announcing what happened (fx_print.c): each history entry's effects
 * (br_state_history_effects_json(), doc/games/<game>.md "Effects") as short
 * lines, indented under the entry's text. */

/* One history entry as an effects printer sees it. */
typedef struct entry_seen {
    const br_state *state;  /* the state whose history holds the entry */
    size_t index;           /* the entry in the history */
    int mover;              /* the seat that made it, or BR_PLAYER_CHANCE */
    int viewer;             /* whose view the screen shows; -1: a spectator's */
    const json_t *effects;  /* the entry's effects as `viewer` may see them (an array) */
} entry_seen;

/* Prints the lines for the effects of one entry. Must not crash on any
 * effect it does not know (the generic printer takes those). */
typedef void (*effects_printer)(FILE *out, const entry_seen *e);

/* The one table of printers by game name (fx_print.c); a game without a
 * line gets print_effects_generic. */
typedef struct effects_printer_entry {
    const char *game;       /* br_game_name() */
    effects_printer print;
} effects_printer_entry;
extern const effects_printer_entry effects_printers[];
extern const size_t num_effects_printers;

/* The printer for `game` from the table. */
effects_printer effects_printer_for(const br_game *game);

void print_effects_tsuro(FILE *out, const entry_seen *e);
void print_effects_tat(FILE *out, const entry_seen *e);
void print_effects_dud(FILE *out, const entry_seen *e);
/* Die Tore der Welt (fx_tdw.c): the event card and what it does, plague
 * tiles, income, the favour marker and its reward, the moves the rules made
 * for a seat, the tax roll and each seat's dues, losses and penalties, the
 * start of each round and chapter. The entry's own move is left to the
 * announcement before it. */
void print_effects_tdw(FILE *out, const entry_seen *e);
/* Any effect as "  type: key=value, ...". */
void print_effects_generic(FILE *out, const entry_seen *e);
/* One effect that a game's printer does not know, as the generic printer
 * writes it. */
void print_effect_generic(FILE *out, const json_t *effect);

/* Prints the effects of history entry `index` of `state` as `viewer` may
 * see them; false on a library failure (reported). */
bool print_entry_effects(FILE *out, const br_state *state, size_t index, int mover,
                         int viewer);

/* Helpers for the printers: a member's text ("" when there is none), its
 * integer (0), how the viewer calls seat `seat` ("you" or "seat 2"), and
 * "1 point" / "2 points". */
const char *fx_text(const json_t *object, const char *key);
int fx_int(const json_t *object, const char *key);
const char *fx_seat(const entry_seen *e, int seat, char *buf, size_t size);
const char *fx_seat_of(const entry_seen *e, int seat, char *buf, size_t size); /* "your", "seat 2's" */
const char *plural(int count, const char *one, const char *many);

/* ------------------------------------------------------------------ */
/* The person's entries at the prompt (lineedit.c): with libedit on a
 * terminal, line editing, history and tab completion; else plain lines. */

typedef struct line_input line_input;

/* What edits the lines: "libedit (...)" or "none (...)", for --version. */
const char *line_editing(void);
/* NULL when out of memory (reported). */
line_input *line_input_new(void);
void line_input_free(line_input *in);
/* Whether lines are read through libedit (a terminal, and built with it). */
bool line_input_is_editing(const line_input *in);
/* The texts the tab key completes (copied); false when out of memory. */
bool line_input_set_words(line_input *in, const char *const *words, size_t count);
/* Shows `prompt` and reads one line without its line end, in memory that
 * the next call reuses; NULL at the end of input. */
char *line_input_read(line_input *in, const char *prompt);

/* Pictures of the Tsuro tiles among `moves` (placements such as "17r2"), in
 * each rotation offered, with their numbers in the list (tiles.c); prints
 * nothing for other games. */
void print_tile_pictures(FILE *out, const br_state *state, const br_move *moves, size_t count);
/* The pairs of points Tsuro tile `number` joins, "0-1 2-6 3-4 5-7" (as the
 * library's view writes them), into buf; "?" for no such tile. */
const char *tsuro_tile_pairs(int number, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* The host's random generator (bots.c): splitmix64, small and fast. It is
 * separate from each state's own generator, which decides chance events. */

typedef struct host_rng {
    uint64_t state;
} host_rng;

void host_rng_seed(host_rng *rng, uint64_t seed);
uint64_t host_rng_next(host_rng *rng);
/* Uniform in 0..bound-1 (bound > 0), without bias. */
uint32_t host_rng_below(host_rng *rng, uint32_t bound);
/* A seed derived from two numbers (e.g. a run's seed and a game's index),
 * so that the streams of different games do not overlap. */
uint64_t mix_seed(uint64_t a, uint64_t b);

/* ------------------------------------------------------------------ */
/* Bots (bots.c): the library's (boardrules/bot.h), named on the command
 * line as KIND[:OPTIONS], e.g. "planner" or "ismcts:time_ms=200". */

typedef struct bot_spec {
    char kind[16];
    char options[200];
    char text[224];   /* as given: for messages, the summary and --json */
} bot_spec;

/* play's default: the strongest bot that answers within about a second a
 * move in every game (doc/bots.md, "Figures"). */
#define PLAY_DEFAULT_BOT "ismcts:iterations=4000"

/* Splits and checks a KIND[:OPTIONS] text (br_bot_new() must accept it);
 * false with the reason in err. */
bool bot_spec_parse(const char *text, bot_spec *out, char *err, size_t err_size);

/* A new bot of `spec`, seeded with `seed` unless its options set a seed;
 * NULL on failure (reported). Free it with br_bot_free(). */
br_bot *bot_make(const bot_spec *spec, uint64_t seed);

/* Plays the next move of `state` without a person: a chance node is resolved
 * from the state's own generator, a seat's move is chosen by the bot. The
 * move (or outcome) is stored in *played, its text (taken before the move is
 * applied) in `text`. False on a library failure (reported). */
bool bot_take_turn(br_bot *b, br_state *state, br_move *played, char *text,
                   size_t text_size);

#endif /* BRULES_H */
