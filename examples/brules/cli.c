/*
 * brules: command-line parsing, messages and helpers around the library
 * that every command uses.
 */
#include "brules.h"

#include <errno.h>
#include <signal.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

/* ------------------------------------------------------------------ */
/* Messages */

/* A --json command prints one JSON object on stdout whatever happens: the
 * first failure reported is kept, and print_json_failure() prints it when the
 * command ends with an error before its own object. Fixed buffers: an
 * "out of memory" must get through too. */
static struct {
    bool wanted;      /* the command line holds --json */
    bool printed;     /* print_json() wrote the command's object */
    char error[1024]; /* the first failure reported, "" for none yet */
} json_failure;

static void keep_first_error(const char *command, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

static void keep_first_error(const char *command, const char *fmt, va_list ap)
{
    if (json_failure.error[0])
        return;
    size_t used = 0;
    if (command) {
        int n = snprintf(json_failure.error, sizeof json_failure.error, "%s: ", command);
        used = n > 0 && (size_t)n < sizeof json_failure.error ? (size_t)n : 0;
    }
    vsnprintf(json_failure.error + used, sizeof json_failure.error - used, fmt, ap);
}

void brules_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("brules: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    va_start(ap, fmt);
    keep_first_error(NULL, fmt, ap);
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
    va_start(ap, fmt);
    keep_first_error(command, fmt, ap);
    va_end(ap);
    if (command)
        fprintf(stderr, "Try 'brules help %s'.\n", command);
    else
        fputs("Try 'brules --help'.\n", stderr);
    return BRULES_EXIT_USAGE;
}

/* Length of the well-formed UTF-8 sequence (RFC 3629) at s, 0 when the
 * bytes there are none (the NUL at the end stops a cut sequence). */
static size_t utf8_sequence(const unsigned char *s)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF; /* the second byte's range */
    size_t len;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80; /* overlong */
        hi = c == 0xED ? 0x9F : 0xBF; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : 0x80; /* overlong */
        hi = c == 0xF4 ? 0x8F : 0xBF; /* beyond U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    return len;
}

char *utf8_copy(const char *text)
{
    size_t len = strlen(text);
    char *copy = malloc(3 * len + 1), *out = copy;
    if (!copy)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t n = utf8_sequence(p);
        if (n == 0) {
            memcpy(out, "\xEF\xBF\xBD", 3); /* U+FFFD, the replacement character */
            out += 3;
            p++;
        } else {
            memcpy(out, p, n);
            out += n;
            p += n;
        }
    }
    *out = '\0';
    return copy;
}

/* A JSON string of `text` on stdout, a byte that is not UTF-8 as U+FFFD;
 * without allocating. */
static void put_json_string(const char *text)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t n = utf8_sequence(p);
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20)
            printf("\\u%04x", *p);
        else if (n == 0)
            fputs("\\ufffd", stdout);
        else
            fwrite(p, 1, n, stdout);
        p += n ? n : 1;
    }
    putchar('"');
}

void print_json_failure(const char *command, int status)
{
    if (!json_failure.wanted || json_failure.printed || status == BRULES_EXIT_OK)
        return;
    printf("{\n  \"command\": ");
    put_json_string(command);
    printf(",\n  \"error\": ");
    if (json_failure.error[0])
        put_json_string(json_failure.error);
    else
        printf("\"failed with exit status %d\"", status);
    printf(",\n  \"status\": %d\n}\n", status);
    json_failure.printed = true;
}

/* ------------------------------------------------------------------ */
/* Command-line parsing: getopt_long(3) */

enum { CLI_MAX_OPTIONS = 32, CLI_LONG_BASE = 1000 };

/* The optstring of `options` for getopt_long(): a leading ':' so that a
 * missing value is told apart from an unknown option, then each short name,
 * with ':' when it takes a value. */
static void short_options(const cli_option *options, char *out, size_t size)
{
    size_t n = 0;
    out[n++] = ':';
    for (const cli_option *o = options; o->long_name && n + 3 < size; o++) {
        if (!o->short_name)
            continue;
        out[n++] = o->short_name;
        if (o->takes_value)
            out[n++] = ':';
    }
    out[n] = '\0';
}

/* The option a getopt_long() result stands for: a short name, or
 * CLI_LONG_BASE + the option's index for a long one. */
static const cli_option *option_of(const cli_option *options, int c)
{
    if (c >= CLI_LONG_BASE)
        return &options[c - CLI_LONG_BASE];
    for (const cli_option *o = options; o->long_name; o++)
        if (o->short_name && o->short_name == c)
            return o;
    return NULL;
}

/* The long options whose names start with `prefix`, for the message about an
 * ambiguous abbreviation; 0 when the prefix is no abbreviation of several. */
static int count_abbreviated(const cli_option *options, const char *prefix, size_t len)
{
    int n = 0;
    for (const cli_option *o = options; o->long_name; o++)
        n += strncmp(o->long_name, prefix, len) == 0;
    return n;
}

/* Reports what getopt_long() did not accept (it prints nothing itself:
 * opterr is 0), in getopt's usual words, prefixed "brules: COMMAND: " and
 * followed by the hint. `arg` is the argument that held the option. */
static int report_bad_option(const cli_command *command, int c, const char *arg)
{
    const char *name = command->name;
    /* optopt: the short option's letter, the long option's value, or 0 for
     * an unknown long option (whose argument optind has passed). */
    bool is_long = optopt == 0 || optopt >= CLI_LONG_BASE;
    if (!is_long) {
        if (c == ':')
            return usage_error(name, "option requires an argument -- '%c'", optopt);
        return usage_error(name, "invalid option -- '%c'", optopt);
    }
    const char *spelled = arg && arg[0] == '-' && arg[1] == '-' ? arg + 2 : "";
    size_t len = strcspn(spelled, "=");
    if (c == ':')
        return usage_error(name, "option '--%.*s' requires an argument", (int)len, spelled);
    const cli_option *o = optopt ? option_of(command->options, optopt) : NULL;
    if (o && !o->takes_value)
        return usage_error(name, "option '--%s' doesn't allow an argument", o->long_name);
    if (count_abbreviated(command->options, spelled, len) > 1) {
        char list[256] = "";
        for (const cli_option *x = command->options; x->long_name; x++)
            if (strncmp(x->long_name, spelled, len) == 0
                && strlen(list) + strlen(x->long_name) + 6 < sizeof list) {
                strcat(list, " '--");
                strcat(list, x->long_name);
                strcat(list, "'");
            }
        return usage_error(name, "option '--%.*s' is ambiguous; possibilities:%s", (int)len,
                           spelled, list);
    }
    return usage_error(name, "unrecognized option '--%.*s'", (int)len, spelled);
}

int cli_parse_command(const cli_command *command, void *settings, int argc, char **argv,
                      const char **operand)
{
    struct option longs[CLI_MAX_OPTIONS + 1];
    size_t n = 0;
    for (const cli_option *o = command->options; o->long_name && n < CLI_MAX_OPTIONS; o++, n++)
        longs[n] = (struct option){ o->long_name, o->takes_value ? required_argument
                                                                 : no_argument,
                                    NULL, CLI_LONG_BASE + (int)n };
    longs[n] = (struct option){ NULL, 0, NULL, 0 };
    char shorts[2 * CLI_MAX_OPTIONS + 2];
    short_options(command->options, shorts, sizeof shorts);

    /* getopt_long() permutes the arguments it is given: it works on a copy,
     * so that the caller's argv keeps its order. */
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (!args) {
        brules_error("out of memory");
        return BRULES_EXIT_FAIL;
    }
    memcpy(args, argv, (size_t)argc * sizeof *args);
    args[argc] = NULL;
    optind = 0; /* glibc: start afresh (the top level parsed its options before) */
    opterr = 0;
    int status = -1, c;
    /* The first mistake ends the parsing, so that one message says what is
     * wrong; the rest is only read for a --json, so that the message comes
     * as JSON too (`brules info --frobnicate --json`). */
    while ((c = getopt_long(argc, args, shorts, longs, NULL)) != -1) {
        const cli_option *o = c == '?' || c == ':' ? NULL : option_of(command->options, c);
        if (o && o->id == CLI_JSON_ID)
            json_failure.wanted = true;
        if (status >= 0)
            continue;
        if (c == '?' || c == ':') {
            status = report_bad_option(command, c, args[optind - 1]);
            continue;
        }
        if (!o)
            continue;
        if (o->id == CLI_HELP_ID) {
            print_command_help(stdout, command->name);
            status = BRULES_EXIT_OK;
        } else if (command->take_option) {
            status = command->take_option(settings, o->id, o->takes_value ? optarg : NULL);
        }
    }
    if (status < 0) {
        const char *given = optind < argc ? args[optind] : NULL;
        if (given && (!command->operand || optind + 1 < argc))
            status = usage_error(command->name, "unexpected argument '%s'",
                                 args[command->operand ? optind + 1 : optind]);
        else if (command->operand && !given)
            status = usage_error(command->name, "missing argument %s", command->operand);
        else if (operand)
            *operand = given;
    }
    /* The operand points into argv's strings, which outlive the copy. */
    free(args);
    return status;
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
/* JSON */

bool print_json(json_t *value)
{
    if (!value) {
        brules_error("out of memory");
        return false;
    }
    json_failure.printed = true;
    int st = json_dumpf(value, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(value);
    putchar('\n');
    return st == 0;
}

/* ------------------------------------------------------------------ */
/* Files, lines, time */

char *read_file(const char *path)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (is_stdin)
        path = "<stdin>"; /* for the messages, as replay names it */
    if (!f) {
        brules_error("%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t len = 0, capacity = 4096;
    char *text = malloc(capacity);
    errno = 0; /* a directory opens but fails to read: EISDIR */
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
        brules_error("%s: %s", path, errno ? strerror(errno) : "read error");
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

/* ------------------------------------------------------------------ */
/* Long runs */

static volatile sig_atomic_t interrupt_seen;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupt_seen = 1;
}

void catch_interrupt(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

bool interrupted(void)
{
    return interrupt_seen != 0;
}

void progress_start(progress *p)
{
    p->on = isatty(STDERR_FILENO);
    p->start = now_seconds();
    p->last = -1;
    p->width = 0;
}

void progress_line(progress *p, bool force, const char *fmt, ...)
{
    if (!p->on)
        return;
    double now = now_seconds();
    if (!force && p->last >= 0 && now - p->last < 0.1)
        return;
    p->last = now;
    char line[160];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    n = n < 0 ? 0 : n >= (int)sizeof line ? (int)sizeof line - 1 : n;
    /* Blanks over the rest of a longer line before. */
    fprintf(stderr, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
    if (p->width > n)
        fprintf(stderr, "\r%s", line);
    p->width = n;
    fflush(stderr);
}

void progress_end(progress *p)
{
    if (!p->on || p->width == 0)
        return;
    fprintf(stderr, "\r%*s\r", p->width, "");
    fflush(stderr);
    p->width = 0;
}

const char *format_duration(double seconds, char *buf, size_t size)
{
    long s = seconds > 0 && seconds < 1e9 ? (long)(seconds + 0.5) : 0;
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
    return buf;
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
