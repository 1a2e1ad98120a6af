/*
 * brules: command-line parsing, messages and helpers around the library
 * that every command uses.
 */
#include "brules.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ */
/* Messages */

void brules_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("brules: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("brules: ", stderr);
    if (command)
        fprintf(stderr, "%s: ", command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    if (command)
        fprintf(stderr, "Try 'brules help %s'.\n", command);
    else
        fputs("Try 'brules --help'.\n", stderr);
    return BRULES_EXIT_USAGE;
}

/* ------------------------------------------------------------------ */
/* Command-line parsing */

typedef struct cli_parser {
    const char *command;    /* for messages */
    int argc;
    char **argv;
    int next;               /* index of the next argument to look at */
    bool options_ended;     /* "--" was seen */
    const cli_option *options; /* terminated by an entry with long_name NULL */
} cli_parser;

typedef enum cli_token {
    CLI_END,        /* no more arguments */
    CLI_OPTION,     /* *id and *value (NULL when the option takes none) are set */
    CLI_POSITIONAL, /* *value is the argument */
    CLI_ERROR       /* already reported as a usage error */
} cli_token;

static void cli_init(cli_parser *p, const char *command, int argc, char **argv,
                     const cli_option *options)
{
    p->command = command;
    p->argc = argc;
    p->argv = argv;
    p->next = 1; /* argv[0] is the command's name */
    p->options_ended = false;
    p->options = options;
}

static const cli_option *find_long(const cli_option *options, const char *name,
                                   size_t name_len)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (strlen(o->long_name) == name_len && strncmp(o->long_name, name, name_len) == 0)
            return o;
    return NULL;
}

static const cli_option *find_short(const cli_option *options, char name)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (o->short_name == name)
            return o;
    return NULL;
}

/* The value of an option: attached ("--x=v", "-xv") or the next argument. */
static cli_token take_value(cli_parser *p, const cli_option *o, const char *attached,
                            const char *spelled, int *id, const char **value)
{
    if (!o->takes_value) {
        if (attached) {
            usage_error(p->command, "option '%s' takes no value", spelled);
            return CLI_ERROR;
        }
        *id = o->id;
        *value = NULL;
        return CLI_OPTION;
    }
    if (!attached) {
        if (p->next >= p->argc) {
            usage_error(p->command, "option '%s' needs a value", spelled);
            return CLI_ERROR;
        }
        attached = p->argv[p->next++];
    }
    *id = o->id;
    *value = attached;
    return CLI_OPTION;
}

static cli_token long_option(cli_parser *p, const char *arg, int *id, const char **value)
{
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_option *o = find_long(p->options, name, name_len);
    if (!o) {
        usage_error(p->command, "unknown option '--%.*s'", (int)name_len, name);
        return CLI_ERROR;
    }
    char spelled[64];
    snprintf(spelled, sizeof spelled, "--%s", o->long_name);
    return take_value(p, o, eq ? eq + 1 : NULL, spelled, id, value);
}

static cli_token short_option(cli_parser *p, const char *arg, int *id, const char **value)
{
    const cli_option *o = find_short(p->options, arg[1]);
    if (!o) {
        usage_error(p->command, "unknown option '-%c'", arg[1]);
        return CLI_ERROR;
    }
    char spelled[4] = { '-', arg[1], '\0', '\0' };
    const char *attached = arg[2] ? arg + 2 : NULL;
    if (attached && !o->takes_value) {
        usage_error(p->command, "option '%s' takes no value (options cannot be grouped)",
                    spelled);
        return CLI_ERROR;
    }
    return take_value(p, o, attached, spelled, id, value);
}

static cli_token cli_next(cli_parser *p, int *id, const char **value)
{
    while (p->next < p->argc) {
        const char *arg = p->argv[p->next++];
        if (p->options_ended || arg[0] != '-' || arg[1] == '\0') {
            /* "-" alone is a positional argument (stdin for replay). */
            *value = arg;
            return CLI_POSITIONAL;
        }
        if (strcmp(arg, "--") == 0) {
            p->options_ended = true;
            continue;
        }
        if (arg[1] == '-')
            return long_option(p, arg, id, value);
        return short_option(p, arg, id, value);
    }
    return CLI_END;
}

int cli_parse_command(const cli_command *command, void *settings, int argc, char **argv,
                      const char **operand)
{
    cli_parser p;
    cli_init(&p, command->name, argc, argv, command->options);
    const char *given = NULL;
    int id, status;
    const char *value;
    /* The first mistake ends the parsing, so that one message says what is wrong. */
    for (cli_token t; (t = cli_next(&p, &id, &value)) != CLI_END;) {
        if (t == CLI_ERROR)
            return BRULES_EXIT_USAGE;
        if (t == CLI_POSITIONAL) {
            if (given || !command->operand)
                return usage_error(command->name, "unexpected argument '%s'", value);
            given = value;
        } else if (id == CLI_HELP_ID) {
            print_command_help(stdout, command->name);
            return BRULES_EXIT_OK;
        } else if ((status = command->take_option(settings, id, value)) >= 0) {
            return status;
        }
    }
    if (command->operand && !given)
        return usage_error(command->name, "missing argument %s", command->operand);
    if (operand)
        *operand = given;
    return -1;
}

/* ------------------------------------------------------------------ */
/* Numbers */

bool parse_u64(const char *text, uint64_t *out)
{
    if (!text || *text < '0' || *text > '9')
        return false; /* strtoull would accept blanks and a minus sign */
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool parse_long_in(const char *text, long min, long max, long *out)
{
    if (!text || !*text)
        return false;
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_positive_double(const char *text, double *out)
{
    if (!text || !*text)
        return false;
    errno = 0;
    char *end;
    double v = strtod(text, &end);
    if (errno || *end || !(v > 0) || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* ------------------------------------------------------------------ */
/* Games, options, states */

const br_game *find_game(const char *name)
{
    const br_game *game = br_game_find(name);
    if (!game)
        brules_error("unknown game '%s' ('brules list' shows the games)", name);
    return game;
}

/* Finds `key` in "k=v,k=v"; returns its value (up to the next comma) or NULL. */
static const char *find_option(const char *options, const char *key, size_t *value_len)
{
    size_t key_len = strlen(key);
    const char *p = options;
    while (p && *p) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *comma = strchr(p, ',');
        const char *end = comma ? comma : p + strlen(p);
        const char *eq = memchr(p, '=', (size_t)(end - p));
        const char *key_end = eq ? eq : end;
        while (key_end > p && (key_end[-1] == ' ' || key_end[-1] == '\t'))
            key_end--;
        if ((size_t)(key_end - p) == key_len && strncmp(p, key, key_len) == 0) {
            const char *value = eq ? eq + 1 : end;
            *value_len = (size_t)(end - value);
            return value;
        }
        p = comma ? comma + 1 : NULL;
    }
    return NULL;
}

bool options_have_key(const char *options, const char *key)
{
    size_t len;
    return find_option(options, key, &len) != NULL;
}

bool options_say(const char *options, const char *key, const char *value)
{
    size_t len;
    const char *found = find_option(options, key, &len);
    while (found && len > 0 && (*found == ' ' || *found == '\t')) {
        found++;
        len--;
    }
    while (found && len > 0 && (found[len - 1] == ' ' || found[len - 1] == '\t'))
        len--;
    return found && len == strlen(value) && strncmp(found, value, len) == 0;
}

/* `options` with ",seed=<seed>" added when it does not set a seed itself.
 * Returns memory to free(), or NULL when out of memory (reported). */
static char *options_with_seed(const char *options, uint64_t seed)
{
    const char *base = options ? options : "";
    size_t size = strlen(base) + 48;
    char *out = malloc(size);
    if (!out) {
        brules_error("out of memory");
        return NULL;
    }
    if (options_have_key(base, "seed"))
        snprintf(out, size, "%s", base);
    else
        snprintf(out, size, "%s%sseed=%llu", base, *base ? "," : "",
                 (unsigned long long)seed);
    return out;
}

br_state *new_state(const br_game *game, const char *options, int *exit_status)
{
    char err[512] = "";
    br_state *state = NULL;
    br_status st = br_state_new(game, options, &state, err, sizeof err);
    if (st == BR_OK) {
        *exit_status = BRULES_EXIT_OK;
        return state;
    }
    brules_error("%s: %s", br_game_name(game), err[0] ? err : br_status_string(st));
    /* Bad options come from the command line: a usage error. */
    *exit_status = st == BR_ERR_OPTION ? BRULES_EXIT_USAGE : BRULES_EXIT_FAIL;
    return NULL;
}

br_state *new_seeded_state(const br_game *game, const char *options, uint64_t seed,
                           int *exit_status)
{
    char *with_seed = options_with_seed(options, seed);
    if (!with_seed) {
        *exit_status = BRULES_EXIT_FAIL;
        return NULL;
    }
    br_state *state = new_state(game, with_seed, exit_status);
    free(with_seed);
    return state;
}

void report_state_error(const char *what, const br_state *state, br_status st)
{
    brules_error("%s: %s (%s)", what, br_status_string(st), br_state_last_error(state));
}

bool list_legal_moves(const br_state *state, br_move *moves, size_t capacity,
                      size_t *count)
{
    br_status st = br_state_legal_moves(state, moves, capacity, count);
    if (st != BR_OK)
        report_state_error("legal moves", state, st);
    return st == BR_OK;
}

/* One call of a text function: `fn`, or `seat_fn` for `seat` when fn is NULL. */
static br_status call_text(const br_state *state, state_text_fn fn, seat_text_fn seat_fn,
                           int seat, char *buf, size_t size, size_t *len)
{
    return fn ? fn(state, buf, size, len) : seat_fn(state, seat, buf, size, len);
}

/* Asks for the length first, then for the text in a buffer of that size. */
static char *fetch_text(const br_state *state, state_text_fn fn, seat_text_fn seat_fn,
                        int seat, const char *what)
{
    size_t len = 0;
    br_status st = call_text(state, fn, seat_fn, seat, NULL, 0, &len);
    if (st != BR_OK && st != BR_ERR_BUFFER) {
        report_state_error(what, state, st);
        return NULL;
    }
    char *text = malloc(len + 1);
    if (!text) {
        brules_error("%s: out of memory", what);
        return NULL;
    }
    st = call_text(state, fn, seat_fn, seat, text, len + 1, NULL);
    if (st != BR_OK) {
        report_state_error(what, state, st);
        free(text);
        return NULL;
    }
    return text;
}

char *state_text(const br_state *state, state_text_fn fn, const char *what)
{
    return fetch_text(state, fn, NULL, 0, what);
}

char *seat_text(const br_state *state, seat_text_fn fn, int seat, const char *what)
{
    return fetch_text(state, NULL, fn, seat, what);
}

const char *move_text(const br_state *state, br_move move, char *buf, size_t size)
{
    if (br_state_move_to_text(state, move, buf, size, NULL) != BR_OK)
        snprintf(buf, size, "#%ld", (long)move);
    return buf;
}

/* Prints a text of the library, ending it with a line end. */
static bool print_text(FILE *out, char *text)
{
    if (!text)
        return false;
    fputs(text, out);
    if (text[0] && text[strlen(text) - 1] != '\n')
        fputc('\n', out);
    free(text);
    return true;
}

bool print_board(FILE *out, const br_state *state)
{
    return print_text(out, state_text(state, br_state_render, "render"));
}

bool print_view(FILE *out, const br_state *state, int seat)
{
    return print_text(out, seat_text(state, br_state_render_view, seat, "render view"));
}

/* Lists the flagged seats: "0", "0 and 2", "0, 1 and 3". */
static void print_seat_list(FILE *out, const int *flags, int n, int count)
{
    int printed = 0;
    for (int p = 0; p < n; p++) {
        if (!flags[p])
            continue;
        if (printed > 0)
            fputs(printed == count - 1 ? " and " : ", ", out);
        fprintf(out, "%d", p);
        printed++;
    }
}

int count_winners(const br_state *state, int *is_winner)
{
    int n = br_state_num_players(state);
    br_status st = br_state_winners(state, is_winner, (size_t)n);
    if (st != BR_OK) {
        report_state_error("winners", state, st);
        return -1;
    }
    int winners = 0;
    for (int p = 0; p < n; p++)
        winners += is_winner[p] != 0;
    return winners;
}

/* The result line of a finished game. */
static void print_winners(FILE *out, const int *is_winner, int n, int winners)
{
    if (winners == 0) {
        fputs("result: nobody wins (a draw)\n", out);
        return;
    }
    fputs(winners == 1 ? "result: seat " : "result: seats ", out);
    print_seat_list(out, is_winner, n, winners);
    if (winners == 1)
        fputs(" wins\n", out);
    else if (winners < n)
        fputs(" share the win\n", out);
    else
        fputs(" share the win: every seat won (a draw)\n", out);
}

void print_result(FILE *out, const br_state *state)
{
    int n = br_state_num_players(state);
    int *is_winner = calloc((size_t)n, sizeof *is_winner);
    double *scores = calloc((size_t)n, sizeof *scores);
    if (!is_winner || !scores) {
        brules_error("out of memory");
    } else {
        int winners = count_winners(state, is_winner);
        if (winners >= 0)
            print_winners(out, is_winner, n, winners);
        br_state_scores(state, scores, (size_t)n);
        fprintf(out, "%s:", game_score_label(br_state_game(state)));
        for (int p = 0; p < n; p++)
            fprintf(out, " seat %d: %g%s", p, scores[p], p + 1 < n ? "," : "\n");
    }
    free(is_winner);
    free(scores);
}

/* ------------------------------------------------------------------ */
/* Files, lines, time */

char *read_file(const char *path)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        brules_error("%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t len = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        len += fread(text + len, 1, capacity - len - 1, f);
        if (len < capacity - 1)
            break;
        char *bigger = realloc(text, capacity * 2);
        if (!bigger) {
            free(text);
            text = NULL;
            break;
        }
        text = bigger;
        capacity *= 2;
    }
    bool failed = !text || ferror(f);
    if (!text)
        brules_error("%s: out of memory", path);
    else if (failed)
        brules_error("%s: read error", path);
    if (!is_stdin)
        fclose(f);
    if (failed) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        brules_error("%s: contains a NUL byte; not a text file", path);
        free(text);
        return NULL;
    }
    return text;
}

bool read_line(FILE *in, char **line, size_t *capacity)
{
    ssize_t n = getline(line, capacity, in);
    if (n < 0)
        return false;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r'))
        (*line)[--n] = '\0';
    return true;
}

double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    host_rng rng;
    host_rng_seed(&rng, (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec);
    /* Keep it short enough to retype from the screen. */
    return host_rng_next(&rng) % 1000000000u;
}
