/*
 * Argument validation of every public function of libboardrules.
 *
 * Every call here is made with something wrong (NULL, an unknown name, an
 * index out of range, a buffer too small, a bad options string, a broken
 * snapshot or record, an illegal move) and must answer with the documented
 * status code and, where the API promises one, a message - never a crash.
 * Game-independent: where a state is needed, the test runs for every
 * registered game (Check loop tests over br_game_at()).
 */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

#define SENTINEL_CHAR '\x5a'
#define MAX_STEPS 2000

static const br_game *game_under_test(int index)
{
    const br_game *g = br_game_at((size_t)index);
    ck_assert_ptr_nonnull(g);
    return g;
}

static br_state *new_explicit(const br_game *g, uint64_t seed)
{
    char opts[64];
    snprintf(opts, sizeof opts, "seed=%" PRIu64 ",chance=explicit", seed);
    return brt_new_state(g, opts);
}

/* Plays `steps` random moves (fewer if the game ends) from a fresh state. */
static br_state *state_after(const br_game *g, const char *options, uint64_t seed, size_t steps)
{
    br_state *s = brt_random_state(g, options, seed, steps);
    return s;
}

/* A state of `g` at a chance node (explicit chance), or NULL when a random
 * game of `g` meets none. */
static br_state *state_at_chance_node(const br_game *g)
{
    br_state *s = new_explicit(g, 3);
    uint64_t rng = 11;
    for (int i = 0; i < MAX_STEPS && !br_state_is_chance_node(s); i++) {
        if (br_state_is_terminal(s))
            break;
        brt_play_random(s, &rng, 1);
    }
    if (!br_state_is_chance_node(s)) {
        br_state_free(s);
        return NULL;
    }
    return s;
}

/* A state of `g` where a seat is to move (not chance, not terminal). */
static br_state *state_at_player_turn(const br_game *g)
{
    br_state *s = brt_new_state(g, "seed=5");
    ck_assert_msg(!br_state_is_chance_node(s), "%s: chance=auto state at a chance node",
                  br_game_name(g));
    ck_assert_msg(!br_state_is_terminal(s), "%s: initial state is terminal", br_game_name(g));
    return s;
}

static br_state *terminal_state(const br_game *g, uint64_t seed)
{
    br_state *s = brt_random_state(g, "seed=9", seed, 100000);
    ck_assert_msg(br_state_is_terminal(s), "%s: random game did not end in 100000 moves",
                  br_game_name(g));
    return s;
}

/* The first move of the move space that is not legal in `s`, or BR_MOVE_NONE. */
static br_move first_illegal_move(const br_state *s)
{
    size_t space = br_state_move_space(s);
    for (size_t m = 0; m < space; m++)
        if (br_state_check_move(s, (br_move)m, NULL, 0) == BR_ERR_ILLEGAL_MOVE)
            return (br_move)m;
    return BR_MOVE_NONE;
}

/* ------------------------------------------------------------------ */
/* Registry */

static bool is_short_name(const char *name)
{
    if (!*name)
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
            return false;
    return true;
}

START_TEST(test_registry_lookup)
{
    size_t n = br_game_count();
    ck_assert_uint_ge(n, 1);
    ck_assert_ptr_null(br_game_at(n));
    ck_assert_ptr_null(br_game_at(n + 1));
    ck_assert_ptr_null(br_game_at(SIZE_MAX));
    ck_assert_ptr_null(br_game_find(NULL));
    ck_assert_ptr_null(br_game_find(""));
    ck_assert_ptr_null(br_game_find("no-such-game"));
    ck_assert_ptr_null(br_game_find(" "));
    for (size_t i = 0; i < n; i++) {
        const br_game *g = br_game_at(i);
        ck_assert_ptr_nonnull(g);
        const char *name = br_game_name(g);
        ck_assert_ptr_nonnull(name);
        ck_assert_msg(is_short_name(name), "game %zu: name '%s' is not a short name", i, name);
        ck_assert_ptr_eq(br_game_find(name), g);
        char *padded = brt_format("%s ", name);
        ck_assert_msg(br_game_find(padded) == NULL, "br_game_find('%s') found a game", padded);
        free(padded);
        char *prefix = brt_strdup(name);
        prefix[strlen(prefix) - 1] = '\0';
        ck_assert_msg(br_game_find(prefix) != g, "br_game_find('%s') found '%s'", prefix, name);
        free(prefix);
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(br_game_name(br_game_at(j)), name);
    }
}
END_TEST

START_TEST(test_registry_descriptions)
{
    const br_game *g = game_under_test(_i);
    const char *name = br_game_name(g);
    const char *texts[] = {br_game_title(g), br_game_description(g), br_game_options_help(g)};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        ck_assert_ptr_nonnull(texts[k]);
        ck_assert_msg(texts[k][0] != '\0', "%s: description text %zu is empty", name, k);
    }
    const char *help = br_game_options_help(g);
    ck_assert_msg(brt_contains(help, "players"), "%s: options help lacks 'players'", name);
    ck_assert_msg(brt_contains(help, "seed"), "%s: options help lacks 'seed'", name);
    ck_assert_msg(brt_contains(help, "chance"), "%s: options help lacks 'chance'", name);
    ck_assert_ptr_eq(br_game_options_help(g), help); /* written once, kept */
    int lo = br_game_min_players(g), hi = br_game_max_players(g);
    int def = br_game_default_players(g);
    ck_assert_int_ge(lo, 1);
    ck_assert_int_le(lo, def);
    ck_assert_int_le(def, hi);
}
END_TEST

/* Options as data (issue 24): the help is written from the option table,
 * one whole line per key in the table's order, `key=values  help`, with the
 * default where the table has one; none is cut off. */
START_TEST(test_options_help_is_the_option_table)
{
    const br_game *g = game_under_test(_i);
    const char *line = br_game_options_help(g);
    size_t count = br_game_option_count(g);
    for (size_t i = 0; i < count; i++) {
        const br_option_spec *o = br_game_option(g, i);
        const char *end = strchr(line, '\n');
        ck_assert_msg(end != NULL, "%s: help line of %s is cut off", br_game_name(g), o->key);
        char *expected = brt_format("%s=", o->key);
        ck_assert_msg(strncmp(line, expected, strlen(expected)) == 0,
                      "%s: help line %zu does not start with '%s'", br_game_name(g), i, expected);
        free(expected);
        char *text = brt_format("%.*s", (int)(end - line), line);
        ck_assert_msg(strstr(text, o->help) != NULL, "%s: help of %s lacks the table's help",
                      br_game_name(g), o->key);
        if (o->kind == BR_OPTION_CHOICE)
            for (size_t c = 0; o->choices[c]; c++)
                ck_assert_msg(strstr(text, o->choices[c]) != NULL, "%s: '%s' lacks '%s'",
                              br_game_name(g), text, o->choices[c]);
        if (o->default_value) {
            char *def = brt_format("(default %s)", o->default_value);
            ck_assert_msg(strstr(text, def) != NULL, "%s: '%s' lacks '%s'", br_game_name(g),
                          text, def);
            free(def);
        }
        free(text);
        line = end + 1;
    }
    ck_assert_msg(*line == '\0', "%s: help has more lines than keys: %s", br_game_name(g), line);
}
END_TEST

/* The reason of a refused options string, for `options` that must fail. */
static char *option_error(const br_game *g, const char *options)
{
    char err[512] = "";
    ck_assert_msg(br_game_check_options(g, options, err, sizeof err) == BR_ERR_OPTION,
                  "%s: \"%s\" accepted", br_game_name(g), options);
    return brt_format("%s", err);
}

/* Options as data (issue 24): the core checks every key against the option
 * table, and its reasons say what the table allows: an unknown key gets the
 * known keys, a bad choice the choices, a bad number the range. */
START_TEST(test_option_errors_come_from_the_table)
{
    const br_game *g = game_under_test(_i);
    char *err = option_error(g, "colour=red");
    for (size_t i = 0; i < br_game_option_count(g); i++)
        ck_assert_msg(strstr(err, br_game_option(g, i)->key) != NULL,
                      "%s: '%s' does not list key %s", br_game_name(g), err,
                      br_game_option(g, i)->key);
    free(err);
    for (size_t i = 0; i < br_game_option_count(g); i++) {
        const br_option_spec *o = br_game_option(g, i);
        char *bad = brt_format("%s=not-a-value", o->key);
        err = option_error(g, bad);
        ck_assert_msg(strstr(err, o->key) != NULL, "'%s' does not name the key", err);
        if (o->kind == BR_OPTION_CHOICE)
            for (size_t c = 0; o->choices[c]; c++) {
                char *quoted = brt_format("'%s'", o->choices[c]);
                ck_assert_msg(strstr(err, quoted) != NULL, "'%s' lacks %s", err, quoted);
                free(quoted);
            }
        if (o->kind == BR_OPTION_INTEGER && o->max < UINT64_MAX) {
            char *range = brt_format("%llu..%llu", (unsigned long long)o->min,
                                     (unsigned long long)o->max);
            ck_assert_msg(strstr(err, range) != NULL, "'%s' lacks %s", err, range);
            free(range);
        }
        free(err);
        free(bad);
    }
}
END_TEST

/* Named limits (issue 24): an options string of BR_OPTIONS_MAX - 1
 * characters is taken, one more is refused with a reason naming the limit,
 * never cut short. */
START_TEST(test_options_string_limit_at_its_edge)
{
    const br_game *g = game_under_test(_i);
    char text[BR_OPTIONS_MAX + 1];
    int n = snprintf(text, sizeof text, "players=%d", br_game_min_players(g));
    memset(text + n, ' ', sizeof text - 1 - (size_t)n); /* blanks around a value are trimmed */
    text[BR_OPTIONS_MAX - 1] = '\0';
    char err[256] = "";
    br_state *s = NULL;
    ck_assert_msg(br_state_new(g, text, &s, err, sizeof err) == BR_OK, "%s: %s", br_game_name(g),
                  err);
    ck_assert_int_eq(br_state_num_players(s), br_game_min_players(g));
    br_state_free(s);
    text[BR_OPTIONS_MAX - 1] = ' ';
    text[BR_OPTIONS_MAX] = '\0';
    ck_assert_int_eq(br_state_new(g, text, &s, err, sizeof err), BR_ERR_OPTION);
    ck_assert_ptr_null(s);
    ck_assert_msg(brt_contains(err, "longer than 255 characters (BR_OPTIONS_MAX)"), "%s", err);
    ck_assert_int_eq(br_game_check_options(g, text, err, sizeof err), BR_ERR_OPTION);
}
END_TEST

/* The longest value a spec allows, as the options string writes it. */
static char *longest_value(const br_option_spec *o)
{
    if (o->kind == BR_OPTION_FLAG)
        return brt_format("false");
    if (o->kind == BR_OPTION_INTEGER)
        return brt_format("%llu", (unsigned long long)o->max);
    size_t best = 0;
    for (size_t c = 1; o->choices[c]; c++)
        if (strlen(o->choices[c]) > strlen(o->choices[best]))
            best = c;
    return brt_format("%s", o->choices[best]);
}

/* Every canonical options string fits BR_OPTIONS_MAX: the longest one the
 * option table allows (each key at its longest value) does, and a state made
 * from it (when the game's checks across keys take it) writes it whole. */
START_TEST(test_canonical_options_fit_the_limit)
{
    const br_game *g = game_under_test(_i);
    char *longest = brt_format("%s", "");
    for (size_t i = 0; i < br_game_option_count(g); i++) {
        const br_option_spec *o = br_game_option(g, i);
        char *value = longest_value(o);
        char *longer = brt_format("%s%s%s=%s", longest, i ? "," : "", o->key, value);
        free(longest);
        free(value);
        longest = longer;
    }
    ck_assert_uint_le(br_game_option_count(g), 16); /* BR_OPTION_KEYS_MAX, internal.h */
    ck_assert_msg(strlen(longest) < BR_OPTIONS_MAX, "%s: '%s' is %zu characters",
                  br_game_name(g), longest, strlen(longest));
    br_state *s = NULL;
    if (br_state_new(g, longest, &s, NULL, 0) == BR_OK) {
        char buf[BR_OPTIONS_MAX];
        size_t len = 0;
        ck_assert_int_eq(br_state_options(s, buf, sizeof buf, &len), BR_OK);
        ck_assert_str_eq(buf, longest);
        br_state_free(s);
    }
    s = brt_new_state(g, "");
    ck_assert_uint_le(br_state_max_legal_moves(s), BR_LEGAL_MOVES_MAX);
    br_state_free(s);
    free(longest);
}
END_TEST

START_TEST(test_registry_null_game)
{
    ck_assert_ptr_null(br_game_name(NULL));
    ck_assert_ptr_null(br_game_title(NULL));
    ck_assert_ptr_null(br_game_description(NULL));
    ck_assert_ptr_null(br_game_options_help(NULL));
    ck_assert_int_eq(br_game_min_players(NULL), 0);
    ck_assert_int_eq(br_game_max_players(NULL), 0);
    ck_assert_int_eq(br_game_default_players(NULL), 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Status strings and versions */

START_TEST(test_status_strings)
{
    static const br_status codes[] = {
        BR_OK,          BR_ERR_ARGUMENT,     BR_ERR_NO_MEMORY, BR_ERR_OPTION,
        BR_ERR_ILLEGAL_MOVE, BR_ERR_PARSE,   BR_ERR_SNAPSHOT,  BR_ERR_BUFFER,
        BR_ERR_WRONG_PHASE,  BR_ERR_UNKNOWN_GAME, BR_ERR_RECORD, BR_ERR_GAME_MISMATCH,
        BR_ERR_INCOMPLETE,   BR_ERR_UNKNOWN_BOT,
    };
    size_t n = sizeof codes / sizeof codes[0];
    /* Append-only codes: the values are part of the ABI. */
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq((int)codes[i], -(int)i);
    const char *unknown = br_status_string((br_status)1);
    ck_assert_ptr_nonnull(unknown);
    ck_assert_str_eq(unknown, "unknown status");
    for (size_t i = 0; i < n; i++) {
        const char *text = br_status_string(codes[i]);
        ck_assert_ptr_nonnull(text);
        ck_assert_msg(text[0] != '\0', "status %d: empty string", (int)codes[i]);
        ck_assert_str_ne(text, "unknown status");
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(text, br_status_string(codes[j]));
    }
    static const int unknown_codes[] = {1, 2, -14, -15, -100, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof unknown_codes / sizeof unknown_codes[0]; i++) {
        const char *text = br_status_string((br_status)unknown_codes[i]);
        ck_assert_ptr_nonnull(text);
        ck_assert_str_eq(text, "unknown status");
    }
}
END_TEST

START_TEST(test_version_macros)
{
    char expected[64];
    snprintf(expected, sizeof expected, "%d.%d.%d", BR_VERSION_MAJOR, BR_VERSION_MINOR,
             BR_VERSION_MICRO);
    ck_assert_str_eq(BR_VERSION_STRING, expected);
    ck_assert_ptr_nonnull(br_version_string());
    ck_assert_str_eq(br_version_string(), BR_VERSION_STRING);
    ck_assert_uint_eq(br_version_number(), (unsigned long)BR_VERSION_NUMBER);
    ck_assert_uint_eq(br_version_number(), ((unsigned long)BR_VERSION_MAJOR << 16) |
                                               ((unsigned long)BR_VERSION_MINOR << 8) |
                                               (unsigned long)BR_VERSION_MICRO);
}
END_TEST

START_TEST(test_version_check)
{
    const unsigned major = BR_VERSION_MAJOR, minor = BR_VERSION_MINOR, micro = BR_VERSION_MICRO;
    ck_assert_int_eq(br_version_check(major, minor, micro), 1);
    ck_assert_int_eq(br_version_check(major, 0, 0), 1);
    ck_assert_int_eq(br_version_check(major, minor, 0), 1);
    if (minor > 0)
        ck_assert_int_eq(br_version_check(major, minor - 1, 99), 1);
    if (micro > 0)
        ck_assert_int_eq(br_version_check(major, minor, micro - 1), 1);
    ck_assert_int_eq(br_version_check(major, minor, micro + 1), 0);
    ck_assert_int_eq(br_version_check(major, minor + 1, 0), 0);
    ck_assert_int_eq(br_version_check(major + 1, 0, 0), 0);
    ck_assert_int_eq(br_version_check(major + 1, minor, micro), 0);
    if (major > 0)
        ck_assert_int_eq(br_version_check(major - 1, minor, micro), 0);
    /* Huge parts must not wrap around into an accepted version. */
    ck_assert_int_eq(br_version_check(major, minor, UINT_MAX), 0);
    ck_assert_int_eq(br_version_check(major, UINT_MAX, 0), 0);
    ck_assert_int_eq(br_version_check(major, minor, 256), 0);
    ck_assert_int_eq(br_version_check(major, 256, 0), 0);
    ck_assert_int_eq(br_version_check(UINT_MAX, minor, micro), 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* br_state_new and options */

START_TEST(test_new_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = (br_state *)&s; /* any non-NULL value: must be reset */
    char err[128] = "";
    ck_assert_int_eq(br_state_new(NULL, NULL, &s, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_ptr_null(s);
    ck_assert_msg(err[0] != '\0', "br_state_new(NULL game) gave no message");
    err[0] = '\0';
    ck_assert_int_eq(br_state_new(g, NULL, NULL, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_msg(err[0] != '\0', "br_state_new(out NULL) gave no message");
    /* err is optional. */
    ck_assert_int_eq(br_state_new(NULL, NULL, &s, NULL, 0), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_new(g, "bogus=1", &s, NULL, 0), BR_ERR_OPTION);
    ck_assert_ptr_null(s);
    /* err_size 0: the buffer is not touched. */
    memset(err, SENTINEL_CHAR, sizeof err);
    ck_assert_int_eq(br_state_new(g, "bogus=1", &s, err, 0), BR_ERR_OPTION);
    ck_assert_int_eq(err[0], SENTINEL_CHAR);
    /* NULL and "" mean defaults. */
    const char *defaults[] = {NULL, ""};
    for (size_t k = 0; k < 2; k++) {
        s = NULL;
        ck_assert_int_eq(br_state_new(g, defaults[k], &s, err, sizeof err), BR_OK);
        ck_assert_ptr_nonnull(s);
        ck_assert_ptr_eq(br_state_game(s), g);
        ck_assert_int_eq(br_state_num_players(s), br_game_default_players(g));
        ck_assert_str_eq(br_state_last_error(s), "");
        br_state_free(s);
    }
}
END_TEST

/* Each bad options string and the word its error message must contain. */
struct bad_option {
    const char *options;
    const char *named;
};

static void expect_bad_options(const br_game *g, const char *options, const char *named)
{
    br_state *s = (br_state *)&s;
    char err[256] = "";
    br_status st = br_state_new(g, options, &s, err, sizeof err);
    ck_assert_msg(st == BR_ERR_OPTION, "%s: options \"%s\": status %d (%s), expected BR_ERR_OPTION",
                  br_game_name(g), options, (int)st, br_status_string(st));
    ck_assert_ptr_null(s);
    ck_assert_msg(brt_contains(err, named), "%s: options \"%s\": message \"%s\" does not name '%s'",
                  br_game_name(g), options, err, named);
}

START_TEST(test_bad_options)
{
    const br_game *g = game_under_test(_i);
    static const struct bad_option fixed[] = {
        {"bogus=1", "bogus"},
        {"players=2,bogus=1", "bogus"},
        {"no_such_key=abc", "no_such_key"},
        {"players=abc", "players"},
        {"players=", "players"},
        {"players=2x", "players"},
        {"players=-1", "players"},
        {"players=0", "players"},
        {"players=99999999999999999999", "players"},
        {"players", "players"},
        {"players=2,players=2", "players"},
        {"seed=abc", "seed"},
        {"seed=", "seed"},
        {"seed=-1", "seed"},
        {"seed=1.5", "seed"},
        {"seed=18446744073709551616", "seed"},
        {"seed=99999999999999999999999", "seed"},
        {"seed=1,seed=1", "seed"},
        {"seed", "seed"},
        {"chance=foo", "chance"},
        {"chance=", "chance"},
        {"chance=auto,chance=explicit", "chance"},
        {"chance", "chance"},
    };
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
        expect_bad_options(g, fixed[k].options, fixed[k].named);

    char opts[64];
    snprintf(opts, sizeof opts, "players=%d", br_game_min_players(g) - 1);
    expect_bad_options(g, opts, "players");
    snprintf(opts, sizeof opts, "players=%d", br_game_max_players(g) + 1);
    expect_bad_options(g, opts, "players");

    /* An empty key is an error too; it has no name, but there is a message. */
    static const char *const unnamed[] = {"=3", "players=2,=3"};
    for (size_t k = 0; k < sizeof unnamed / sizeof unnamed[0]; k++) {
        br_state *s = NULL;
        char err[256] = "";
        br_status st = br_state_new(g, unnamed[k], &s, err, sizeof err);
        ck_assert_msg(st == BR_ERR_OPTION, "options \"%s\": status %d, expected BR_ERR_OPTION",
                      unnamed[k], (int)st);
        ck_assert_msg(err[0] != '\0', "options \"%s\": no message", unnamed[k]);
        ck_assert_ptr_null(s);
    }
}
END_TEST

START_TEST(test_good_option_bounds)
{
    const br_game *g = game_under_test(_i);
    static const char *const fixed[] = {
        "seed=0", "seed=18446744073709551615", "chance=auto", "chance=explicit",
        "players=2,seed=7,chance=explicit",
    };
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
        if (br_game_min_players(g) > 2 && strstr(fixed[k], "players=2"))
            continue;
        br_state_free(brt_new_state(g, fixed[k]));
    }
    for (int p = br_game_min_players(g); p <= br_game_max_players(g); p++) {
        char opts[32];
        snprintf(opts, sizeof opts, "players=%d", p);
        br_state *s = brt_new_state(g, opts);
        ck_assert_int_eq(br_state_num_players(s), p);
        br_state_free(s);
    }
}
END_TEST

START_TEST(test_option_error_truncated)
{
    const br_game *g = game_under_test(_i);
    char full[256];
    br_state *s = NULL;
    ck_assert_int_eq(br_state_new(g, "bogus=1", &s, full, sizeof full), BR_ERR_OPTION);
    size_t n = strlen(full);
    ck_assert_uint_gt(n, 5);
    for (size_t size = 1; size <= n + 1; size++) {
        char err[256];
        memset(err, SENTINEL_CHAR, sizeof err);
        ck_assert_int_eq(br_state_new(g, "bogus=1", &s, err, size), BR_ERR_OPTION);
        size_t expect = size - 1 < n ? size - 1 : n;
        ck_assert_msg(strlen(err) == expect, "err_size %zu: message length %zu, expected %zu",
                      size, strlen(err), expect);
        ck_assert_int_eq(strncmp(err, full, expect), 0);
        ck_assert_int_eq(err[size], SENTINEL_CHAR);
    }
}
END_TEST

START_TEST(test_options_canonical)
{
    const br_game *g = game_under_test(_i);
    br_state *s = brt_new_state(g, "seed=12345,chance=explicit");
    char *opts = brt_options(s);
    ck_assert_msg(brt_contains(opts, "players="), "canonical options \"%s\" lack players", opts);
    ck_assert_msg(brt_contains(opts, "seed=12345"), "canonical options \"%s\" lack the seed", opts);
    ck_assert_msg(brt_contains(opts, "chance=explicit"), "canonical options \"%s\" lack chance",
                  opts);
    br_state *again = brt_new_state(g, opts);
    char *a = brt_snapshot(s), *b = brt_snapshot(again);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    free(opts);
    br_state_free(again);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* NULL state everywhere */

START_TEST(test_null_state)
{
    char buf[64];
    size_t len = 0, count = 0;
    br_move moves[4], move = 0;
    double values[16], probs[4];
    br_state *out = (br_state *)&out;

    ck_assert_int_eq(br_state_clone(NULL, &out), BR_ERR_ARGUMENT);
    ck_assert_ptr_null(out);
    br_state_free(NULL);
    ck_assert_ptr_null(br_state_game(NULL));
    ck_assert_int_eq(br_state_num_players(NULL), 0);
    ck_assert_int_eq(br_state_options(NULL, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_ptr_nonnull(br_state_last_error(NULL));
    ck_assert_str_eq(br_state_last_error(NULL), "");
    ck_assert_int_eq(br_state_current_player(NULL), BR_PLAYER_INVALID);
    ck_assert_int_eq(br_state_is_terminal(NULL), 0);
    ck_assert_int_eq(br_state_is_chance_node(NULL), 0);
    ck_assert_uint_eq(br_state_move_number(NULL), 0);
    ck_assert_uint_eq(br_state_move_space(NULL), 0);
    ck_assert_uint_eq(br_state_max_legal_moves(NULL), 0);
    ck_assert_int_eq(br_state_legal_moves(NULL, moves, 4, &count), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_check_move(NULL, 0, buf, sizeof buf), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_apply(NULL, 0), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_to_text(NULL, 0, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_to_text_view(NULL, 0, 0, buf, sizeof buf, &len),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_from_text(NULL, "x", &move), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_chance_outcomes(NULL, moves, probs, 4, &count), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resolve_chance(NULL, &move), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(NULL, 0, 1, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_returns(NULL, values, 16), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_scores(NULL, values, 16), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_to_json(NULL, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_observe(NULL, 0, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_observe(NULL, -1, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_render(NULL, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_render_view(NULL, 0, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_render_view(NULL, -1, buf, sizeof buf, &len), BR_ERR_ARGUMENT);
    int is_winner[16];
    ck_assert_int_eq(br_state_winners(NULL, is_winner, 16), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_copy(NULL, NULL), BR_ERR_ARGUMENT);
    uint64_t wins[8];
    uint64_t total = 0;
    ck_assert_int_eq(br_playout_random(NULL, 1, 1, wins, 8, &total), BR_ERR_ARGUMENT);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The text-out buffer convention, for every text-producing function */

typedef br_status (*text_call)(const br_state *s, char *buf, size_t size, size_t *len);

static br_move text_test_move;

static br_status call_to_json(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_to_json(s, buf, size, len);
}
static br_status call_observe_seat0(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_observe(s, 0, buf, size, len);
}
static br_status call_observe_spectator(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_observe(s, -1, buf, size, len);
}
static br_status call_render(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_render(s, buf, size, len);
}
static br_status call_render_view_seat0(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_render_view(s, 0, buf, size, len);
}
static br_status call_render_view_spectator(const br_state *s, char *buf, size_t size,
                                            size_t *len)
{
    return br_state_render_view(s, -1, buf, size, len);
}
static br_status call_options(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_options(s, buf, size, len);
}
static br_status call_move_to_text(const br_state *s, char *buf, size_t size, size_t *len)
{
    return br_state_move_to_text(s, text_test_move, buf, size, len);
}

static br_status call_move_to_text_view(const br_state *s, char *buf, size_t size,
                                       size_t *len)
{
    return br_state_move_to_text_view(s, text_test_move, 0, buf, size, len);
}

static void check_buffer_sizes(const char *name, text_call call, const br_state *s,
                               const char *full, size_t n)
{
    /* Sizes around the edge, plus a few in the middle. */
    size_t sizes[] = {1, 2, n / 2 + 1, n > 1 ? n - 1 : 1, n};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t size = sizes[k];
        if (size == 0 || size > n)
            continue;
        char *buf = malloc(n + 16);
        memset(buf, SENTINEL_CHAR, n + 16);
        size_t len = 0;
        br_status st = call(s, buf, size, &len);
        ck_assert_msg(st == BR_ERR_BUFFER, "%s(size %zu of %zu needed): status %d", name, size,
                      n + 1, (int)st);
        ck_assert_msg(len == n, "%s(size %zu): reported length %zu, expected %zu", name, size,
                      len, n);
        ck_assert_msg(buf[size - 1] == '\0', "%s(size %zu): truncated text not NUL-terminated",
                      name, size);
        ck_assert_msg(strncmp(buf, full, size - 1) == 0, "%s(size %zu): truncation differs",
                      name, size);
        ck_assert_msg(buf[size] == SENTINEL_CHAR, "%s(size %zu): wrote past the buffer", name,
                      size);
        /* len is optional. */
        ck_assert_int_eq(call(s, buf, size, NULL), BR_ERR_BUFFER);
        free(buf);
    }
}

static void check_text_convention(const char *name, text_call call, const br_state *s)
{
    size_t n = (size_t)-1;
    ck_assert_msg(call(s, NULL, 0, &n) == BR_ERR_BUFFER, "%s(NULL, 0) is not BR_ERR_BUFFER", name);
    ck_assert_msg(n != (size_t)-1 && n > 0, "%s(NULL, 0): no length", name);
    char *full = malloc(n + 1);
    size_t len = 0;
    ck_assert_int_eq(call(s, full, n + 1, &len), BR_OK);
    ck_assert_uint_eq(len, n);
    ck_assert_uint_eq(strlen(full), n);
    ck_assert_int_eq(call(s, full, n + 1, NULL), BR_OK);
    check_buffer_sizes(name, call, s, full, n);
    /* A NULL buffer with a non-zero size is an argument error. */
    ck_assert_msg(call(s, NULL, 10, &len) == BR_ERR_ARGUMENT, "%s(NULL, 10) is not BR_ERR_ARGUMENT",
                  name);
    /* A bigger buffer than needed: the same text. */
    char *big = malloc(n + 100);
    ck_assert_int_eq(call(s, big, n + 100, &len), BR_OK);
    ck_assert_str_eq(big, full);
    free(big);
    free(full);
}

START_TEST(test_text_buffers)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_after(g, "seed=21", 21, 5);
    br_move legal[1];
    size_t count = 0;
    br_status st = br_state_legal_moves(s, legal, 1, &count);
    ck_assert(st == BR_OK || st == BR_ERR_BUFFER);
    text_test_move = count > 0 ? legal[0] : 0;
    check_text_convention("br_state_to_json", call_to_json, s);
    check_text_convention("br_state_observe(0)", call_observe_seat0, s);
    check_text_convention("br_state_observe(-1)", call_observe_spectator, s);
    check_text_convention("br_state_render", call_render, s);
    check_text_convention("br_state_render_view(0)", call_render_view_seat0, s);
    check_text_convention("br_state_render_view(-1)", call_render_view_spectator, s);
    check_text_convention("br_state_options", call_options, s);
    check_text_convention("br_state_move_to_text", call_move_to_text, s);
    check_text_convention("br_state_move_to_text_view", call_move_to_text_view, s);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Moves */

START_TEST(test_legal_moves_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    size_t cap = br_state_max_legal_moves(s);
    ck_assert_uint_gt(cap, 0);
    br_move *all = malloc((cap + 4) * sizeof *all);
    size_t n = brt_legal_moves(s, all, cap);
    ck_assert_uint_gt(n, 0);
    size_t count = 0;
    ck_assert_int_eq(br_state_legal_moves(s, all, cap, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_legal_moves(s, NULL, 5, &count), BR_ERR_ARGUMENT);
    count = 0;
    ck_assert_int_eq(br_state_legal_moves(s, NULL, 0, &count), BR_ERR_BUFFER);
    ck_assert_uint_eq(count, n);
    if (n > 1) {
        br_move few[2] = {-7, -7};
        count = 0;
        ck_assert_int_eq(br_state_legal_moves(s, few, 1, &count), BR_ERR_BUFFER);
        ck_assert_uint_eq(count, n);
        ck_assert_int_eq(few[0], all[0]);
        ck_assert_int_eq(few[1], -7);
    }
    /* More room than needed: the same list, nothing written beyond it. */
    for (size_t k = n; k < cap + 4; k++)
        all[k] = -7;
    ck_assert_uint_eq(brt_legal_moves(s, all, cap + 4), n);
    for (size_t k = n; k < cap + 4; k++)
        ck_assert_int_eq(all[k], -7);
    free(all);
    br_state_free(s);

    /* Terminal: no moves, BR_OK, even with no buffer. */
    br_state *t = terminal_state(g, 77);
    count = 99;
    ck_assert_int_eq(br_state_legal_moves(t, NULL, 0, &count), BR_OK);
    ck_assert_uint_eq(count, 0);
    br_state_free(t);
}
END_TEST

static void expect_illegal_check(const br_state *s, br_move m)
{
    char reason[256] = "";
    ck_assert_msg(br_state_check_move(s, m, reason, sizeof reason) == BR_ERR_ILLEGAL_MOVE,
                  "br_state_check_move(%d) is not BR_ERR_ILLEGAL_MOVE", (int)m);
    ck_assert_msg(reason[0] != '\0', "br_state_check_move(%d): no reason", (int)m);
    ck_assert_int_eq(br_state_check_move(s, m, NULL, 0), BR_ERR_ILLEGAL_MOVE);
}

START_TEST(test_check_move_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    br_move space = (br_move)br_state_move_space(s);
    expect_illegal_check(s, -1);
    expect_illegal_check(s, -2);
    expect_illegal_check(s, space);
    expect_illegal_check(s, space + 1);
    expect_illegal_check(s, INT32_MAX);
    expect_illegal_check(s, INT32_MIN);
    br_move bad = first_illegal_move(s);
    if (bad != BR_MOVE_NONE) {
        expect_illegal_check(s, bad);
        /* The reason is truncated into a small buffer, NUL-terminated. */
        char small[6];
        memset(small, SENTINEL_CHAR, sizeof small);
        ck_assert_int_eq(br_state_check_move(s, bad, small, 5), BR_ERR_ILLEGAL_MOVE);
        ck_assert_uint_le(strlen(small), 4);
        ck_assert_int_eq(small[5], SENTINEL_CHAR);
    }
    br_move legal[1];
    size_t count = 0;
    br_state_legal_moves(s, legal, 1, &count);
    ck_assert_uint_gt(count, 0);
    char reason[64];
    memset(reason, SENTINEL_CHAR, sizeof reason);
    ck_assert_int_eq(br_state_check_move(s, legal[0], reason, sizeof reason), BR_OK);
    ck_assert_int_eq(br_state_check_move(s, legal[0], NULL, 0), BR_OK);
    br_state_free(s);

    br_state *t = terminal_state(g, 78);
    expect_illegal_check(t, 0);
    br_state_free(t);
}
END_TEST

/* Applies an illegal move and checks that nothing changed and a reason is kept. */
static void expect_apply_rejected(br_state *s, br_move m)
{
    char *before = brt_snapshot(s);
    br_status st = br_state_apply(s, m);
    ck_assert_msg(st == BR_ERR_ILLEGAL_MOVE, "br_state_apply(%d): status %d, expected illegal",
                  (int)m, (int)st);
    const char *why = br_state_last_error(s);
    ck_assert_ptr_nonnull(why);
    ck_assert_msg(why[0] != '\0', "br_state_apply(%d) rejected without a reason", (int)m);
    char *after = brt_snapshot(s);
    ck_assert_msg(strcmp(before, after) == 0, "br_state_apply(%d) rejected but changed the state",
                  (int)m);
    free(before);
    free(after);
}

START_TEST(test_apply_out_of_range)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    br_move space = (br_move)br_state_move_space(s);
    const br_move bad[] = {-1, -2, space, space + 1, INT32_MAX, INT32_MIN};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        expect_apply_rejected(s, bad[k]);
    /* A successful call clears the reason. */
    br_move legal[1];
    size_t count = 0;
    br_state_legal_moves(s, legal, 1, &count);
    ck_assert_int_eq(br_state_apply(s, legal[0]), BR_OK);
    ck_assert_str_eq(br_state_last_error(s), "");
    br_state_free(s);

    br_state *t = terminal_state(g, 79);
    expect_apply_rejected(t, 0);
    expect_apply_rejected(t, space - 1);
    br_state_free(t);
}
END_TEST

/* Moves that were legal at some point of a game, tried at every other point
 * where they are not: each must be rejected and change nothing. */
START_TEST(test_apply_legal_elsewhere)
{
    const br_game *g = game_under_test(_i);
    br_state *s = new_explicit(g, 31);
    size_t space = br_state_move_space(s), cap = br_state_max_legal_moves(s);
    unsigned char *ever_legal = calloc(space, 1);
    br_move *moves = malloc(cap * sizeof *moves);
    char **snapshots = calloc(MAX_STEPS, sizeof *snapshots);
    size_t steps = 0;
    uint64_t rng = 31;
    for (; steps < MAX_STEPS && !br_state_is_terminal(s); steps++) {
        snapshots[steps] = brt_snapshot(s);
        size_t n = brt_legal_moves(s, moves, cap);
        for (size_t k = 0; k < n; k++)
            ever_legal[moves[k]] = 1;
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, n)]), BR_OK);
    }
    size_t tried = 0;
    for (size_t i = 0; i < steps; i += 1 + steps / 40) {
        br_state *at = brt_load(snapshots[i]);
        /* A few moves per position, spread over the move space. */
        size_t found = 0;
        for (size_t m = (i * 7) % space, k = 0; k < space && found < 3; k++, m = (m + 1) % space) {
            if (!ever_legal[m] || br_state_check_move(at, (br_move)m, NULL, 0) == BR_OK)
                continue;
            expect_apply_rejected(at, (br_move)m);
            found++;
        }
        tried += found;
        br_state_free(at);
    }
    ck_assert_msg(tried > 0, "%s: no move legal in one position and illegal in another",
                  br_game_name(g));
    for (size_t i = 0; i < steps; i++)
        free(snapshots[i]);
    free(snapshots);
    free(moves);
    free(ever_legal);
    br_state_free(s);
}
END_TEST

START_TEST(test_move_text_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    br_move space = (br_move)br_state_move_space(s);
    char buf[128];
    size_t len = 0;
    const br_move out_of_range[] = {-1, space, INT32_MAX, INT32_MIN};
    for (size_t k = 0; k < sizeof out_of_range / sizeof out_of_range[0]; k++) {
        ck_assert_int_eq(br_state_move_to_text(s, out_of_range[k], buf, sizeof buf, &len),
                         BR_ERR_ARGUMENT);
        ck_assert_int_eq(br_state_move_to_text_view(s, out_of_range[k], 0, buf, sizeof buf,
                                                    &len), BR_ERR_ARGUMENT);
        ck_assert_str_ne(br_state_last_error(s), "");
    }
    /* Seats outside -1..n-1 are refused; a NULL buffer is refused unless its
     * size is 0 (a length query). */
    int players = br_state_num_players(s);
    ck_assert_int_eq(br_state_move_to_text_view(s, 0, players, buf, sizeof buf, &len),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_to_text_view(s, 0, -2, buf, sizeof buf, &len),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_to_text_view(s, 0, 0, NULL, 8, &len), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_to_text_view(s, 0, -1, NULL, 0, &len), BR_ERR_BUFFER);
    ck_assert_uint_gt(len, 0);

    br_move m = 99;
    ck_assert_int_eq(br_state_move_from_text(s, NULL, &m), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_move_from_text(s, "x", NULL), BR_ERR_ARGUMENT);
    static const char *const garbage[] = {
        "", " ", "\t\n", "zzz-not-a-move", "#", "\x01\x02", "99999999999999999999",
        "-1", "draw", "@", "\xc3\xa4\xc3\xb6",
    };
    for (size_t k = 0; k < sizeof garbage / sizeof garbage[0]; k++) {
        br_status st = br_state_move_from_text(s, garbage[k], &m);
        ck_assert_msg(st == BR_ERR_PARSE, "%s: move text \"%s\": status %d, expected BR_ERR_PARSE",
                      br_game_name(g), garbage[k], (int)st);
        ck_assert_msg(br_state_last_error(s)[0] != '\0', "move text \"%s\": no reason", garbage[k]);
    }
    /* Surrounding blanks are ignored. */
    br_move legal[1];
    size_t count = 0;
    br_state_legal_moves(s, legal, 1, &count);
    char *text = brt_move_text(s, legal[0]);
    char *padded = brt_format(" \t%s \n", text);
    ck_assert_int_eq(br_state_move_from_text(s, padded, &m), BR_OK);
    ck_assert_int_eq(m, legal[0]);
    /* Only apply and chance resolution clear the last error (state.h). */
    /* Text followed by junk is not that move. */
    char *junk = brt_format("%s zzz", text);
    ck_assert_int_eq(br_state_move_from_text(s, junk, &m), BR_ERR_PARSE);
    free(junk);
    free(padded);
    free(text);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Chance */

START_TEST(test_chance_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    br_move moves[4];
    double probs[4];
    size_t count = 99;
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, probs, 4, &count), BR_ERR_WRONG_PHASE);
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, probs, 4, NULL), BR_ERR_ARGUMENT);
    char *before = brt_snapshot(s);
    br_move outcome = 1234;
    ck_assert_int_eq(br_state_resolve_chance(s, &outcome), BR_ERR_WRONG_PHASE);
    ck_assert_msg(br_state_last_error(s)[0] != '\0', "resolve_chance off a chance node: no reason");
    char *after = brt_snapshot(s);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    br_state_free(s);

    br_state *t = terminal_state(g, 80);
    ck_assert_int_eq(br_state_chance_outcomes(t, moves, probs, 4, &count), BR_ERR_WRONG_PHASE);
    ck_assert_int_eq(br_state_resolve_chance(t, NULL), BR_ERR_WRONG_PHASE);
    br_state_free(t);

    br_state *c = state_at_chance_node(g);
    if (!c)
        return; /* a game without chance */
    ck_assert_int_eq(br_state_chance_outcomes(c, moves, probs, 4, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_chance_outcomes(c, NULL, probs, 4, &count), BR_ERR_ARGUMENT);
    count = 0;
    ck_assert_int_eq(br_state_chance_outcomes(c, NULL, NULL, 0, &count), BR_ERR_BUFFER);
    size_t n = count;
    ck_assert_uint_gt(n, 0);
    br_move *all = malloc(n * sizeof *all);
    ck_assert_int_eq(br_state_chance_outcomes(c, all, NULL, n, &count), BR_OK);
    if (n > 1) {
        br_move few[2] = {-7, -7};
        double few_p[2] = {-1, -1};
        ck_assert_int_eq(br_state_chance_outcomes(c, few, few_p, 1, &count), BR_ERR_BUFFER);
        ck_assert_uint_eq(count, n);
        ck_assert_int_eq(few[0], all[0]);
        ck_assert_int_eq(few[1], -7);
        ck_assert(few_p[1] == -1);
    }
    uint32_t number = br_state_move_number(c);
    ck_assert_int_eq(br_state_resolve_chance(c, &outcome), BR_OK);
    bool listed = false;
    for (size_t k = 0; k < n; k++)
        listed = listed || all[k] == outcome;
    ck_assert_msg(listed, "resolve_chance applied %d, not an outcome", (int)outcome);
    ck_assert_uint_eq(br_state_move_number(c), number + 1);
    free(all);
    br_state_free(c);
}
END_TEST

START_TEST(test_resample_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_after(g, "seed=4", 4, 3);
    br_state *dst = brt_new_state(g, "seed=4");
    int n = br_state_num_players(s);
    ck_assert_int_eq(br_state_resample(s, 0, 1, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(NULL, 0, 1, dst), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(s, n, 1, dst), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(s, -2, 1, dst), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(s, INT_MAX, 1, dst), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_resample(s, INT_MIN, 1, dst), BR_ERR_ARGUMENT);
    /* The destination must be another state than the source. */
    char *before = brt_snapshot(s);
    ck_assert_int_eq(br_state_resample(s, 0, 1, s), BR_ERR_ARGUMENT);
    char *after = brt_snapshot(s);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    ck_assert_int_eq(br_state_resample(s, 0, 1, dst), BR_OK);
    ck_assert_int_eq(br_state_resample(s, -1, 1, dst), BR_OK);
    /* A destination with another player count (when the game has one). */
    int other = n < br_game_max_players(g) ? n + 1 : n - 1;
    if (other >= br_game_min_players(g) && other != n) {
        char opts[32];
        snprintf(opts, sizeof opts, "players=%d", other);
        br_state *wrong = brt_new_state(g, opts);
        ck_assert_int_eq(br_state_resample(s, 0, 1, wrong), BR_ERR_GAME_MISMATCH);
        br_state_free(wrong);
    }
    /* A destination of another game. */
    for (size_t k = 0; k < br_game_count(); k++) {
        const br_game *h = br_game_at(k);
        if (h == g)
            continue;
        br_state *wrong = brt_new_state(h, NULL);
        ck_assert_int_eq(br_state_resample(s, 0, 1, wrong), BR_ERR_GAME_MISMATCH);
        br_state_free(wrong);
    }
    br_state_free(dst);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Results, observation */

START_TEST(test_results_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    size_t n = (size_t)br_state_num_players(s);
    double *out = malloc((n + 8) * sizeof *out);
    ck_assert_int_eq(br_state_returns(s, NULL, n), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_scores(s, NULL, n), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_returns(s, out, n - 1), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_scores(s, out, n - 1), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_returns(s, out, 0), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_returns(s, out, n), BR_OK);
    ck_assert_int_eq(br_state_scores(s, out, n), BR_OK);
    ck_assert_int_eq(br_state_returns(s, out, n + 8), BR_OK);
    ck_assert_int_eq(br_state_scores(s, out, n + 8), BR_OK);
    free(out);
    br_state_free(s);
}
END_TEST

START_TEST(test_winners_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    size_t n = (size_t)br_state_num_players(s);
    int is_winner[64];
    ck_assert_int_eq(br_state_winners(s, NULL, n), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_winners(s, is_winner, n - 1), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_winners(s, is_winner, n), BR_ERR_WRONG_PHASE);
    br_state_free(s);

    br_state *t = terminal_state(g, 81);
    ck_assert_int_eq(br_state_winners(t, NULL, n), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_winners(t, is_winner, 0), BR_ERR_ARGUMENT);
    for (size_t k = 0; k < 64; k++)
        is_winner[k] = -5;
    ck_assert_int_eq(br_state_winners(t, is_winner, 64), BR_OK);
    for (size_t k = 0; k < n; k++)
        ck_assert_msg(is_winner[k] == 0 || is_winner[k] == 1, "is_winner[%zu] = %d", k,
                      is_winner[k]);
    br_state_free(t);
}
END_TEST

START_TEST(test_observe_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_at_player_turn(g);
    int n = br_state_num_players(s);
    char buf[16];
    size_t len = 0;
    const int bad_seats[] = {n, n + 1, -2, INT_MAX, INT_MIN};
    for (size_t k = 0; k < sizeof bad_seats / sizeof bad_seats[0]; k++) {
        ck_assert_int_eq(br_state_observe(s, bad_seats[k], buf, sizeof buf, &len),
                         BR_ERR_ARGUMENT);
        ck_assert_int_eq(br_state_render_view(s, bad_seats[k], buf, sizeof buf, &len),
                         BR_ERR_ARGUMENT);
    }
    for (int seat = -1; seat < n; seat++)
        free(brt_observation(s, seat));
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Clone and copy */

START_TEST(test_clone_copy_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_after(g, "seed=8", 8, 4);
    ck_assert_int_eq(br_state_clone(s, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_copy(s, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_copy(NULL, s), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_copy(s, s), BR_OK);

    for (size_t k = 0; k < br_game_count(); k++) {
        const br_game *h = br_game_at(k);
        if (h == g)
            continue;
        br_state *other = brt_new_state(h, NULL);
        char *before = brt_snapshot(other);
        ck_assert_int_eq(br_state_copy(other, s), BR_ERR_GAME_MISMATCH);
        ck_assert_msg(br_state_last_error(other)[0] != '\0', "copy mismatch: no reason");
        char *after = brt_snapshot(other);
        ck_assert_str_eq(before, after);
        ck_assert_int_eq(br_state_copy(s, other), BR_ERR_GAME_MISMATCH);
        free(before);
        free(after);
        br_state_free(other);
    }
    int n = br_state_num_players(s);
    int other_n = n < br_game_max_players(g) ? n + 1 : n - 1;
    if (other_n >= br_game_min_players(g) && other_n != n) {
        char opts[32];
        snprintf(opts, sizeof opts, "players=%d", other_n);
        br_state *other = brt_new_state(g, opts);
        ck_assert_int_eq(br_state_copy(other, s), BR_ERR_GAME_MISMATCH);
        ck_assert_int_eq(br_state_num_players(other), other_n);
        br_state_free(other);
    }
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Snapshots */

static br_status load_status(const char *json, char *err, size_t err_size)
{
    br_state *s = (br_state *)&s;
    if (err_size)
        err[0] = '\0';
    br_status st = br_state_from_json(json, &s, err, err_size);
    if (st == BR_OK)
        br_state_free(s);
    else
        ck_assert_msg(s == NULL, "br_state_from_json failed but left *out set");
    return st;
}

/* The snapshot must be rejected with a message that mentions `named`
 * (or, when `named` is NULL, with any message). */
static void expect_rejected(const char *json, br_status expected, const char *named,
                            const char *what)
{
    char err[512];
    br_status st = load_status(json, err, sizeof err);
    if (expected != BR_OK)
        ck_assert_msg(st == expected, "%s: status %d (%s), expected %d (%s)\n%.600s", what, (int)st,
                      br_status_string(st), (int)expected, br_status_string(expected), json);
    else
        ck_assert_msg(st != BR_OK, "%s: accepted\n%.600s", what, json);
    ck_assert_msg(err[0] != '\0', "%s: rejected without a message", what);
    if (named)
        ck_assert_msg(brt_contains(err, named), "%s: message \"%s\" does not name '%s'", what,
                      err, named);
}

START_TEST(test_snapshot_arguments)
{
    br_state *s = (br_state *)&s;
    char err[128] = "";
    ck_assert_int_eq(br_state_from_json(NULL, &s, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_ptr_null(s);
    ck_assert_msg(err[0] != '\0', "from_json(NULL): no message");
    ck_assert_int_eq(br_state_from_json("{}", NULL, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_from_json(NULL, &s, NULL, 0), BR_ERR_ARGUMENT);
    static const char *const garbage[] = {
        "", " ", "null", "true", "42", "\"snapshot\"", "[]", "{}", "[1,2,3]", "{\"format\":1}",
        "{", "}", "{\"a\":", "\xff\xfe", "{\"game\":\"tsuro\"}", "nan", "{} {}",
    };
    for (size_t k = 0; k < sizeof garbage / sizeof garbage[0]; k++)
        expect_rejected(garbage[k], BR_ERR_SNAPSHOT, NULL, garbage[k]);
}
END_TEST

/* Every proper prefix of a valid snapshot is rejected (a prefix that only
 * drops trailing blanks is still the whole snapshot). */
START_TEST(test_snapshot_truncated)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_after(g, "seed=6,chance=explicit", 6, 12);
    char *json = brt_snapshot(s);
    size_t n = strlen(json);
    while (n > 0 && (json[n - 1] == ' ' || json[n - 1] == '\n' || json[n - 1] == '\t' ||
                     json[n - 1] == '\r'))
        n--;
    char *prefix = malloc(n + 1);
    for (size_t k = 0; k < n; k++) {
        memcpy(prefix, json, k);
        prefix[k] = '\0';
        char err[256];
        br_status st = load_status(prefix, err, sizeof err);
        ck_assert_msg(st == BR_ERR_SNAPSHOT, "%s: snapshot cut to %zu of %zu bytes: status %d",
                      br_game_name(g), k, n, (int)st);
        ck_assert_msg(err[0] != '\0', "snapshot cut to %zu bytes: no message", k);
    }
    free(prefix);
    free(json);
    br_state_free(s);
}
END_TEST

static char *dump(const json_t *root)
{
    char *text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_ptr_nonnull(text);
    return text;
}

/* Sets root[key] = value (stealing the reference), dumps, expects rejection. */
static void expect_member_rejected(const char *json, const char *key, json_t *value,
                                   br_status expected, const char *named)
{
    json_t *root = json_loads(json, 0, NULL);
    ck_assert_ptr_nonnull(root);
    if (value)
        json_object_set_new(root, key, value);
    else
        json_object_del(root, key);
    char *text = dump(root);
    char *what = brt_format("snapshot with member '%s' %s", key, value ? "changed" : "removed");
    expect_rejected(text, expected, named, what);
    free(what);
    free(text);
    json_decref(root);
}

START_TEST(test_snapshot_envelope)
{
    const br_game *g = game_under_test(_i);
    br_state *s = state_after(g, "seed=6", 6, 8);
    char *json = brt_snapshot(s);
    /* Our own dump of the same document loads (the tests below rely on it). */
    json_t *root = json_loads(json, 0, NULL);
    ck_assert_ptr_nonnull(root);
    char *redumped = dump(root);
    br_state_free(brt_load(redumped));
    free(redumped);

    expect_member_rejected(json, "format", json_string("not-a-snapshot"), BR_ERR_SNAPSHOT,
                           "format");
    expect_member_rejected(json, "format", json_integer(1), BR_ERR_SNAPSHOT, "format");
    expect_member_rejected(json, "format", NULL, BR_ERR_SNAPSHOT, "format");
    json_t *version = json_object_get(root, "version");
    ck_assert_msg(json_is_integer(version), "snapshot has no integer 'version'");
    expect_member_rejected(json, "version", json_integer(json_integer_value(version) + 1),
                           BR_ERR_SNAPSHOT, "version");
    expect_member_rejected(json, "version", json_integer(0), BR_ERR_SNAPSHOT, "version");
    expect_member_rejected(json, "version", json_string("1"), BR_ERR_SNAPSHOT, "version");
    expect_member_rejected(json, "version", NULL, BR_ERR_SNAPSHOT, "version");
    expect_member_rejected(json, "game", json_string("no-such-game"), BR_ERR_UNKNOWN_GAME,
                           "no-such-game");
    expect_member_rejected(json, "game", json_integer(3), BR_ERR_SNAPSHOT, "game");
    expect_member_rejected(json, "game", NULL, BR_ERR_SNAPSHOT, "game");
    /* The state of one game under the name of another. */
    for (size_t k = 0; k < br_game_count(); k++)
        if (br_game_at(k) != g)
            expect_member_rejected(json, "game", json_string(br_game_name(br_game_at(k))), BR_OK,
                                   NULL);
    expect_member_rejected(json, "options", json_string("bogus=1"), BR_ERR_SNAPSHOT, "bogus");
    expect_member_rejected(json, "options", json_string("players=999"), BR_ERR_SNAPSHOT,
                           "players");
    expect_member_rejected(json, "options", json_integer(2), BR_ERR_SNAPSHOT, "options");
    expect_member_rejected(json, "options", NULL, BR_ERR_SNAPSHOT, "options");
    expect_member_rejected(json, "state", json_object(), BR_ERR_SNAPSHOT, NULL);
    expect_member_rejected(json, "state", json_array(), BR_ERR_SNAPSHOT, "state");
    expect_member_rejected(json, "state", NULL, BR_ERR_SNAPSHOT, "state");
    expect_member_rejected(json, "no_such_member", json_integer(1), BR_ERR_SNAPSHOT,
                           "no_such_member");
    if (json_object_get(root, "rng")) {
        expect_member_rejected(json, "rng", json_string("zz"), BR_ERR_SNAPSHOT, "rng");
        expect_member_rejected(json, "rng", json_pack("[ssss]", "0", "0", "0", "0"),
                               BR_ERR_SNAPSHOT, "rng");
        expect_member_rejected(json, "rng", NULL, BR_ERR_SNAPSHOT, "rng");
    }
    if (json_object_get(root, "move_number")) {
        expect_member_rejected(json, "move_number", json_integer(-1), BR_ERR_SNAPSHOT,
                               "move_number");
        expect_member_rejected(json, "move_number", json_string("3"), BR_ERR_SNAPSHOT,
                               "move_number");
    }
    /* A member given twice. */
    char *twice = brt_format("{\"version\":1,%s", json + 1);
    expect_rejected(twice, BR_ERR_SNAPSHOT, NULL, "snapshot with a duplicate member");
    free(twice);
    json_decref(root);
    free(json);
    br_state_free(s);
}
END_TEST

/* The replacement for a value of the wrong type, or NULL when the value
 * (null) has no single right type. */
static json_t *wrong_type_for(const json_t *value)
{
    switch (json_typeof(value)) {
    case JSON_INTEGER:
    case JSON_REAL:
        return json_string("x");
    case JSON_STRING:
        return json_integer(7);
    case JSON_TRUE:
    case JSON_FALSE:
        return json_string("yes");
    case JSON_ARRAY:
        return json_object();
    case JSON_OBJECT:
        return json_array();
    case JSON_NULL:
        return NULL;
    }
    return NULL;
}

struct mutation_run {
    json_t *root;
    const char *game;
    size_t tried;
};

static void try_mutated(struct mutation_run *run, const char *path, const char *named)
{
    char *text = dump(run->root);
    char err[512];
    br_status st = load_status(text, err, sizeof err);
    ck_assert_msg(st != BR_OK, "%s: snapshot with %s accepted", run->game, path);
    ck_assert_msg(err[0] != '\0', "%s: snapshot with %s: no message", run->game, path);
    ck_assert_msg(brt_contains(err, named), "%s: snapshot with %s: message \"%s\" does not name '%s'",
                  run->game, path, err, named);
    run->tried++;
    free(text);
}

static void mutate_tree(struct mutation_run *run, json_t *node, const char *path,
                        const char *named);

/* Tries the member `key` of `node` with a value of a wrong type and without
 * it, then walks into it. */
static void mutate_member(struct mutation_run *run, json_t *node, const char *key,
                          const char *path)
{
    json_t *child = json_incref(json_object_get(node, key));
    char *child_path = brt_format("%s.%s", path, key);
    json_t *wrong = wrong_type_for(child);
    if (wrong) {
        json_object_set_new(node, key, wrong);
        char *desc = brt_format("%s of a wrong type", child_path);
        try_mutated(run, desc, key);
        free(desc);
    }
    json_object_del(node, key);
    char *desc = brt_format("%s removed", child_path);
    try_mutated(run, desc, key);
    free(desc);
    json_object_set(node, key, child);
    mutate_tree(run, child, child_path, key);
    json_decref(child);
    free(child_path);
}

/* Walks the tree: replaces every value by one of a wrong type and deletes
 * every object member, one at a time, restoring the tree after each try.
 * `named` is the nearest member name above the value. */
static void mutate_tree(struct mutation_run *run, json_t *node, const char *path,
                        const char *named)
{
    if (json_is_object(node)) {
        /* Collect the keys first: deleting and re-adding members while
         * iterating would revisit them. */
        size_t num_keys = json_object_size(node), k = 0;
        char **keys = calloc(num_keys ? num_keys : 1, sizeof *keys);
        const char *key;
        json_t *child;
        json_object_foreach(node, key, child)
            keys[k++] = brt_strdup(key);
        for (k = 0; k < num_keys; k++)
            mutate_member(run, node, keys[k], path);
        for (k = 0; k < num_keys; k++)
            free(keys[k]);
        free(keys);
    } else if (json_is_array(node)) {
        for (size_t k = 0; k < json_array_size(node); k++) {
            json_t *child = json_incref(json_array_get(node, k));
            char *child_path = brt_format("%s[%zu]", path, k);
            json_t *wrong = wrong_type_for(child);
            if (wrong) {
                json_array_set_new(node, k, wrong);
                char *desc = brt_format("%s of a wrong type", child_path);
                try_mutated(run, desc, named);
                free(desc);
                json_array_set(node, k, child);
            }
            mutate_tree(run, child, child_path, named);
            json_decref(child);
            free(child_path);
        }
    }
}

static void mutate_snapshot_of(const br_state *s, const char *game)
{
    char *json = brt_snapshot(s);
    struct mutation_run run = {json_loads(json, 0, NULL), game, 0};
    ck_assert_ptr_nonnull(run.root);
    mutate_tree(&run, run.root, "snapshot", "snapshot");
    ck_assert_uint_gt(run.tried, 5);
    /* The tree is back as it was. */
    char *text = dump(run.root);
    br_state_free(brt_load(text));
    free(text);
    json_decref(run.root);
    free(json);
}

START_TEST(test_snapshot_field_types)
{
    const br_game *g = game_under_test(_i);
    const char *name = br_game_name(g);
    br_state *fresh = brt_new_state(g, "seed=2");
    mutate_snapshot_of(fresh, name);
    br_state *mid = state_after(g, "seed=2,chance=explicit", 2, 15);
    mutate_snapshot_of(mid, name);
    br_state *late = state_after(g, "seed=2", 2, 40);
    mutate_snapshot_of(late, name);
    br_state *end = terminal_state(g, 2);
    mutate_snapshot_of(end, name);
    br_state *chance = state_at_chance_node(g);
    if (chance)
        mutate_snapshot_of(chance, name);
    br_state_free(chance);
    br_state_free(end);
    br_state_free(late);
    br_state_free(mid);
    br_state_free(fresh);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Records */

/* A record of `g` played at random with explicit chance: header lines, then
 * one move per line. Returns the text; *moves_out gets the moves. */
static char *random_record(const br_game *g, const char *options, uint64_t seed, size_t steps,
                           br_move **moves_out, size_t *num_out)
{
    br_state *s = brt_new_state(g, options);
    size_t cap = br_state_max_legal_moves(s);
    br_move *legal = malloc(cap * sizeof *legal);
    br_move *played = malloc((steps + 1) * sizeof *played);
    char *text = brt_format("# random test record\ngame %s\noptions %s\n", br_game_name(g),
                            options);
    size_t n = 0;
    for (; n < steps && !br_state_is_terminal(s); n++) {
        size_t count = brt_legal_moves(s, legal, cap);
        played[n] = legal[brt_rand_below(&seed, count)];
        char *mt = brt_move_text(s, played[n]);
        char *longer = brt_format("%s%s\n", text, mt);
        free(text);
        free(mt);
        text = longer;
        ck_assert_int_eq(br_state_apply(s, played[n]), BR_OK);
    }
    free(legal);
    br_state_free(s);
    *moves_out = played;
    *num_out = n;
    return text;
}

static void expect_replay_error(const char *record, br_status expected, size_t line,
                                const char *named)
{
    br_state *out = (br_state *)&out;
    size_t bad = 12345;
    char err[512] = "";
    br_status st = br_record_replay(record, &out, &bad, err, sizeof err);
    ck_assert_msg(st == expected, "record \"%.300s\": status %d (%s), expected %d (%s)", record,
                  (int)st, br_status_string(st), (int)expected, br_status_string(expected));
    ck_assert_msg(err[0] != '\0', "record \"%.300s\": no message", record);
    if (line)
        ck_assert_msg(bad == line, "record \"%.300s\": bad line %zu, expected %zu", record, bad,
                      line);
    if (named)
        ck_assert_msg(brt_contains(err, named), "record \"%.300s\": message \"%s\" lacks '%s'",
                      record, err, named);
    if (out != (br_state *)&out)
        br_state_free(out);
}

START_TEST(test_record_replay_malformed)
{
    const br_game *g = game_under_test(_i);
    const char *name = br_game_name(g);
    ck_assert_int_eq(br_record_replay(NULL, NULL, NULL, NULL, 0), BR_ERR_ARGUMENT);
    expect_replay_error("", BR_ERR_RECORD, 0, NULL);
    expect_replay_error("# only a comment\n\n", BR_ERR_RECORD, 0, NULL);
    expect_replay_error("garbage\n", BR_ERR_RECORD, 1, NULL);
    expect_replay_error("\x01\x02\x03", BR_ERR_RECORD, 1, NULL);
    expect_replay_error("game no-such-game\noptions \n", BR_ERR_UNKNOWN_GAME, 0, "no-such-game");
    expect_replay_error("options seed=1\nfoo\n", BR_ERR_RECORD, 0, NULL);
    char *r = brt_format("# c\ngame %s\noptions bogus=1\n", name);
    expect_replay_error(r, BR_ERR_OPTION, 0, "bogus");
    free(r);
    r = brt_format("game %s\noptions players=999\n", name);
    expect_replay_error(r, BR_ERR_OPTION, 0, "players");
    free(r);
    r = brt_format("game %s\noptions seed=1,chance=explicit\nzzz-not-a-move\n", name);
    expect_replay_error(r, BR_ERR_RECORD, 3, "zzz-not-a-move");
    free(r);
    r = brt_format("# header\n\ngame %s\n# more\noptions seed=1\n\n  zzz-not-a-move  \n", name);
    expect_replay_error(r, BR_ERR_RECORD, 7, "7");
    free(r);
}
END_TEST

/* A record whose line `k` holds a move that is illegal there: the replay stops
 * there, names the line and hands back the state before it. */
START_TEST(test_record_replay_illegal_line)
{
    const br_game *g = game_under_test(_i);
    br_move *moves;
    size_t n;
    char *record = random_record(g, "seed=3,chance=explicit", 3, 12, &moves, &n);
    ck_assert_uint_eq(n, 12);
    /* The valid record replays. */
    br_state *out = NULL;
    size_t bad = 99;
    char err[512] = "x";
    ck_assert_int_eq(br_record_replay(record, &out, &bad, err, sizeof err), BR_OK);
    ck_assert_uint_eq(bad, 0);
    ck_assert_uint_eq(br_state_move_number(out), 12);
    ck_assert_int_eq(br_record_replay(record, NULL, NULL, NULL, 0), BR_OK);

    /* Append a move that is illegal after the 12 moves. */
    br_move illegal = first_illegal_move(out);
    ck_assert_int_ne(illegal, BR_MOVE_NONE);
    char *text = brt_move_text(out, illegal);
    char *broken = brt_format("%s%s\n%s\n", record, text, text);
    size_t line = 3 + 12 + 1; /* comment, game, options, 12 moves */
    br_state *before = NULL;
    ck_assert_int_eq(br_record_replay(broken, &before, &bad, err, sizeof err), BR_ERR_RECORD);
    ck_assert_uint_eq(bad, line);
    char *line_text = brt_format("%zu", line);
    ck_assert_msg(brt_contains(err, line_text), "message \"%s\" does not name line %zu", err, line);
    ck_assert_msg(brt_contains(err, text), "message \"%s\" does not quote '%s'", err, text);
    ck_assert_ptr_nonnull(before);
    char *a = brt_snapshot(before), *b = brt_snapshot(out);
    ck_assert_str_eq(a, b);
    /* The message is truncated into a small buffer, NUL-terminated. */
    char small[8];
    memset(small, SENTINEL_CHAR, sizeof small);
    ck_assert_int_eq(br_record_replay(broken, NULL, NULL, small, 6), BR_ERR_RECORD);
    ck_assert_uint_le(strlen(small), 5);
    ck_assert_int_eq(small[6], SENTINEL_CHAR);
    free(a);
    free(b);
    free(line_text);
    free(broken);
    free(text);
    br_state_free(before);
    br_state_free(out);
    free(record);
    free(moves);
}
END_TEST

START_TEST(test_record_write_arguments)
{
    const br_game *g = game_under_test(_i);
    br_move *moves;
    size_t n;
    char *record = random_record(g, "seed=5,chance=explicit", 5, 10, &moves, &n);
    char buf[64];
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(br_record_write(NULL, NULL, moves, n, buf, sizeof buf, &len, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_record_write(g, NULL, NULL, 3, buf, sizeof buf, &len, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_record_write(g, NULL, moves, n, NULL, 10, &len, err, sizeof err),
                     BR_ERR_ARGUMENT);
    err[0] = '\0';
    ck_assert_int_eq(br_record_write(g, "bogus=1", moves, 0, buf, sizeof buf, &len, err,
                                     sizeof err), BR_ERR_OPTION);
    ck_assert_msg(brt_contains(err, "bogus"), "record_write bad option: message \"%s\"", err);
    /* An illegal move. */
    br_move wrong[2] = {moves[0], -1};
    err[0] = '\0';
    ck_assert_int_eq(br_record_write(g, "seed=5,chance=explicit", wrong, 2, buf, sizeof buf, &len,
                                     err, sizeof err), BR_ERR_RECORD);
    ck_assert_msg(err[0] != '\0', "record_write illegal move: no message");
    /* Length query, then the record; it replays to the same state. */
    len = 0;
    ck_assert_int_eq(br_record_write(g, "seed=5,chance=explicit", moves, n, NULL, 0, &len, NULL, 0),
                     BR_ERR_BUFFER);
    ck_assert_uint_gt(len, 0);
    char *text = malloc(len + 1);
    size_t len2 = 0;
    ck_assert_int_eq(br_record_write(g, "seed=5,chance=explicit", moves, n, text, len + 1, &len2,
                                     NULL, 0), BR_OK);
    ck_assert_uint_eq(len2, len);
    ck_assert_uint_eq(strlen(text), len);
    br_state *a = NULL, *b = NULL;
    ck_assert_int_eq(br_record_replay(text, &a, NULL, NULL, 0), BR_OK);
    ck_assert_int_eq(br_record_replay(record, &b, NULL, NULL, 0), BR_OK);
    char *sa = brt_snapshot(a), *sb = brt_snapshot(b);
    ck_assert_str_eq(sa, sb);
    /* A buffer one byte short: truncated, NUL-terminated, length reported. */
    memset(text, SENTINEL_CHAR, len + 1);
    ck_assert_int_eq(br_record_write(g, "seed=5,chance=explicit", moves, n, text, len, &len2, NULL,
                                     0), BR_ERR_BUFFER);
    ck_assert_uint_eq(len2, len);
    ck_assert_int_eq(text[len - 1], '\0');
    /* No moves: a record of the initial state. */
    ck_assert_int_eq(br_record_write(g, NULL, NULL, 0, NULL, 0, &len, NULL, 0), BR_ERR_BUFFER);
    ck_assert_uint_gt(len, 0);
    free(sa);
    free(sb);
    br_state_free(a);
    br_state_free(b);
    free(text);
    free(record);
    free(moves);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Batch playouts */

START_TEST(test_playout_random_arguments)
{
    const br_game *g = game_under_test(_i);
    br_state *s = brt_new_state(g, "seed=10");
    size_t n = (size_t)br_state_num_players(s);
    uint64_t wins[16] = {0}, wins2[16] = {0}, total = 0, total2 = 0;
    ck_assert_int_eq(br_playout_random(NULL, 1, 3, wins, n, &total), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_playout_random(s, 1, 3, wins, n - 1, &total), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_playout_random(s, 1, 3, wins, 0, &total), BR_ERR_ARGUMENT);
    char *before = brt_snapshot(s);
    ck_assert_int_eq(br_playout_random(s, 1, 0, wins, n, &total), BR_OK);
    ck_assert_uint_eq(total, 0);
    for (size_t k = 0; k < n; k++)
        ck_assert_uint_eq(wins[k], 0);
    ck_assert_int_eq(br_playout_random(s, 1, 5, NULL, 0, NULL), BR_OK);
    ck_assert_int_eq(br_playout_random(s, 1, 5, wins, n, &total), BR_OK);
    ck_assert_uint_gt(total, 0);
    ck_assert_int_eq(br_playout_random(s, 1, 5, wins2, 16, &total2), BR_OK);
    ck_assert_uint_eq(total, total2);
    for (size_t k = 0; k < n; k++) {
        ck_assert_uint_le(wins[k], 5);
        ck_assert_uint_eq(wins[k], wins2[k]);
    }
    for (size_t k = n; k < 16; k++)
        ck_assert_uint_eq(wins2[k], 0);
    char *after = brt_snapshot(s);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    br_state_free(s);

    /* From a finished game: nothing to play. */
    br_state *t = terminal_state(g, 12);
    ck_assert_int_eq(br_playout_random(t, 1, 3, NULL, 0, &total), BR_OK);
    ck_assert_uint_eq(total, 0);
    br_state_free(t);
    /* From an explicit-chance state: chance is drawn from the generator. */
    br_state *c = new_explicit(g, 13);
    ck_assert_int_eq(br_playout_random(c, 2, 3, NULL, 0, &total), BR_OK);
    ck_assert_uint_gt(total, 0);
    br_state_free(c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Announcing moves to the seats without leaking (issue 21, doc/api.md,
 * "Announcing moves").
 *
 * A move's view text (br_state_move_to_text_view) depends on the position:
 * written after the move it can show a seat what was hidden from it (Tsuro
 * seed 1: seat 1 read `draw 2`, a tile in seat 0's hidden hand). The way
 * doc/api.md gives writes every text from the position before its move; for
 * a `chance=auto` game, whose chance outcomes appear only in the history, a
 * `chance=explicit` mirror replays the new history entries one by one. */

#define VIEW_TEXT_SIZE 256
#define ANNOUNCE_GAMES 20

/* The documented helper (the C form of doc/api.md's recipe): `mirror`, a
 * `chance=explicit` state of the real game's options, follows `real`. Each
 * history entry of `real` the mirror has not applied yet is written for
 * every seat (-1 the spectator, then 0..n-1) from the mirror's position
 * before it, into texts[(k * (n + 1)) + seat + 1] for the k-th new entry,
 * then applied to the mirror. `entries` has room for the whole history.
 * Returns the number of new entries (their moves in moves[k]). */
static size_t announce_new_moves(const br_state *real, br_state *mirror,
                                 br_history_entry *entries, size_t capacity,
                                 char (*texts)[VIEW_TEXT_SIZE], br_move *moves)
{
    int n = br_state_num_players(real);
    size_t count = 0;
    ck_assert_int_eq(br_state_history(real, entries, capacity, &count), BR_OK);
    size_t first = br_state_move_number(mirror) - br_state_history_start(real);
    for (size_t i = first; i < count; i++) {
        size_t k = i - first;
        for (int seat = -1; seat < n; seat++)
            ck_assert_int_eq(br_state_move_to_text_view(mirror, entries[i].move, seat,
                                                        texts[k * (size_t)(n + 1) + (size_t)(seat + 1)],
                                                        VIEW_TEXT_SIZE, NULL), BR_OK);
        moves[k] = entries[i].move;
        ck_assert_msg(br_state_apply(mirror, entries[i].move) == BR_OK,
                      "the mirror refuses history entry %zu: %s", i, br_state_last_error(mirror));
    }
    return count - first;
}

/* What the seats see of one game, counted. */
struct announce_tally {
    size_t moves;           /* entries announced */
    size_t hidden;          /* (chance entry, seat) pairs whose true text hides something */
    size_t old_differs;     /* ... the old way (text written after the move) differs */
    size_t old_leaks;       /* ... and the true text hides what the old one shows */
};

/* One random game, `players` seats and `seed`: the truth is a
 * `chance=explicit` game E whose every text is written before its move (its
 * outcomes drawn from its own generator, as chance=auto draws them); the
 * host under test plays the same player moves on a `chance=auto` state R and
 * announces through announce_new_moves(). Every text must equal the truth.
 * The old way (the new chance entries written from R after the move) is
 * counted, not asserted. */
static void announce_one_game(const br_game *g, int players, uint64_t seed,
                              struct announce_tally *tally)
{
    char opts[96], explicit_opts[128];
    snprintf(opts, sizeof opts, "players=%d,seed=%" PRIu64, players, seed);
    snprintf(explicit_opts, sizeof explicit_opts, "%s,chance=explicit", opts);
    br_state *e = brt_new_state(g, explicit_opts);
    br_state *drawn = brt_new_state(g, explicit_opts);
    br_state *real = brt_new_state(g, opts);
    br_state *mirror = brt_new_state(g, explicit_opts);
    br_facts f;
    ck_assert_int_eq(br_state_facts(e, &f, sizeof f), BR_OK);
    size_t views = (size_t)players + 1, limit = (size_t)f.max_game_length + 1;
    char (*truth)[VIEW_TEXT_SIZE] = malloc(limit * views * VIEW_TEXT_SIZE);
    char (*told)[VIEW_TEXT_SIZE] = malloc(limit * views * VIEW_TEXT_SIZE);
    br_move *truth_moves = malloc(limit * sizeof *truth_moves);
    br_move *told_moves = malloc(limit * sizeof *told_moves);
    br_move *legal = malloc(f.max_legal_moves * sizeof *legal);
    br_history_entry *entries = malloc(limit * sizeof *entries);
    ck_assert(truth && told && truth_moves && told_moves && legal && entries);
    uint64_t rng = seed * 7919u + 1;
    size_t done = 0; /* entries of E already compared */
    for (;;) {
        /* E up to the next decision of a seat (or the end), every text first. */
        while (br_state_is_chance_node(e)) {
            uint32_t k = br_state_move_number(e);
            ck_assert_uint_lt(k, limit);
            br_move outcome;
            ck_assert_int_eq(br_state_copy(drawn, e), BR_OK);
            ck_assert_int_eq(br_state_resolve_chance(drawn, &outcome), BR_OK);
            for (int seat = -1; seat < players; seat++)
                ck_assert_int_eq(br_state_move_to_text_view(e, outcome, seat,
                                                            truth[k * views + (size_t)(seat + 1)],
                                                            VIEW_TEXT_SIZE, NULL), BR_OK);
            truth_moves[k] = outcome;
            ck_assert_int_eq(br_state_copy(e, drawn), BR_OK); /* the generator moved on */
        }
        /* The host: what is new in R's history, as the documented way and the old way. */
        size_t fresh = announce_new_moves(real, mirror, entries, limit, told, told_moves);
        ck_assert_uint_eq(done + fresh, br_state_move_number(e));
        for (size_t j = 0; j < fresh; j++) {
            size_t k = done + j;
            ck_assert_msg(told_moves[j] == truth_moves[k],
                          "%s %s: move %zu of the auto game is %d, of the explicit game %d",
                          br_game_name(g), opts, k, (int)told_moves[j], (int)truth_moves[k]);
            int chance = entries[br_state_move_number(mirror) - fresh + j -
                                 br_state_history_start(real)].player == BR_PLAYER_CHANCE;
            for (size_t v = 0; v < views; v++) {
                const char *want = truth[k * views + v];
                ck_assert_msg(strcmp(told[j * views + v], want) == 0,
                              "%s %s: move %zu shown to seat %d as '%s', before it the seat saw '%s'",
                              br_game_name(g), opts, k, (int)v - 1, told[j * views + v], want);
                if (!chance)
                    continue;
                char after[VIEW_TEXT_SIZE];
                ck_assert_int_eq(br_state_move_to_text_view(real, told_moves[j], (int)v - 1,
                                                            after, sizeof after, NULL), BR_OK);
                int hides = strchr(want, '?') != NULL;
                tally->hidden += (size_t)hides;
                if (strcmp(after, want) != 0) {
                    tally->old_differs++;
                    tally->old_leaks += (size_t)(hides && strchr(after, '?') == NULL);
                }
            }
        }
        tally->moves += fresh;
        done += fresh;
        if (br_state_is_terminal(e))
            break;
        /* A seat's move: its texts before it, then on both games. */
        uint32_t k = br_state_move_number(e);
        ck_assert_uint_lt(k, limit);
        size_t n = brt_legal_moves(e, legal, f.max_legal_moves);
        br_move m = legal[brt_rand_below(&rng, n)];
        for (int seat = -1; seat < players; seat++)
            ck_assert_int_eq(br_state_move_to_text_view(e, m, seat,
                                                        truth[k * views + (size_t)(seat + 1)],
                                                        VIEW_TEXT_SIZE, NULL), BR_OK);
        truth_moves[k] = m;
        ck_assert_int_eq(br_state_apply(e, m), BR_OK);
        ck_assert_int_eq(br_state_apply(real, m), BR_OK);
    }
    ck_assert_int_eq(br_state_is_terminal(real), 1);
    free(truth);
    free(told);
    free(truth_moves);
    free(told_moves);
    free(legal);
    free(entries);
    br_state_free(e);
    br_state_free(drawn);
    br_state_free(real);
    br_state_free(mirror);
}

START_TEST(test_announce_moves_leaks_nothing)
{
    const br_game *g = game_under_test(_i);
    int lo = br_game_min_players(g), hi = br_game_max_players(g);
    struct announce_tally tally = {0};
    for (int i = 0; i < ANNOUNCE_GAMES; i++)
        announce_one_game(g, lo + i % (hi - lo + 1), (uint64_t)i + 1, &tally);
    br_facts f;
    ck_assert_int_eq(br_game_facts(g, "", &f, sizeof f, NULL, 0), BR_OK);
    /* The games do hide chance outcomes, so the comparison above covered some. */
    if (f.has_chance && f.has_hidden_information)
        ck_assert_msg(tally.hidden > 0, "%s: no hidden chance outcome in %d games",
                      br_game_name(g), ANNOUNCE_GAMES);
    printf("%s: %d games, %zu moves announced; chance outcomes hidden from a seat %zu times; "
           "the old way (text after the move) differed %zu times and showed a hidden "
           "outcome %zu times\n",
           br_game_name(g), ANNOUNCE_GAMES, tally.moves, tally.hidden, tally.old_differs,
           tally.old_leaks);
}
END_TEST

/* ------------------------------------------------------------------ */

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("global", 60),
        BRT_TEST(test_registry_lookup),
        BRT_TEST(test_registry_null_game),
        BRT_TEST(test_status_strings),
        BRT_TEST(test_version_macros),
        BRT_TEST(test_version_check),
        BRT_TEST(test_null_state),
        BRT_TEST(test_snapshot_arguments),
        BRT_CASE("per-game", 120),
        BRT_PER_GAME(test_registry_descriptions),
        BRT_PER_GAME(test_options_help_is_the_option_table),
        BRT_PER_GAME(test_option_errors_come_from_the_table),
        BRT_PER_GAME(test_options_string_limit_at_its_edge),
        BRT_PER_GAME(test_canonical_options_fit_the_limit),
        BRT_PER_GAME(test_new_arguments),
        BRT_PER_GAME(test_bad_options),
        BRT_PER_GAME(test_good_option_bounds),
        BRT_PER_GAME(test_option_error_truncated),
        BRT_PER_GAME(test_options_canonical),
        BRT_PER_GAME(test_text_buffers),
        BRT_PER_GAME(test_legal_moves_arguments),
        BRT_PER_GAME(test_check_move_arguments),
        BRT_PER_GAME(test_apply_out_of_range),
        BRT_PER_GAME(test_apply_legal_elsewhere),
        BRT_PER_GAME(test_move_text_arguments),
        BRT_PER_GAME(test_chance_arguments),
        BRT_PER_GAME(test_resample_arguments),
        BRT_PER_GAME(test_results_arguments),
        BRT_PER_GAME(test_winners_arguments),
        BRT_PER_GAME(test_observe_arguments),
        BRT_PER_GAME(test_clone_copy_arguments),
        BRT_PER_GAME(test_snapshot_truncated),
        BRT_PER_GAME(test_snapshot_envelope),
        BRT_PER_GAME(test_snapshot_field_types),
        BRT_PER_GAME(test_record_replay_malformed),
        BRT_PER_GAME(test_record_replay_illegal_line),
        BRT_PER_GAME(test_record_write_arguments),
        BRT_PER_GAME(test_playout_random_arguments),
        BRT_CASE("announce", 120),
        BRT_PER_GAME(test_announce_moves_leaks_nothing),
    };
    return brt_run_tests("api", tests, BRT_COUNT(tests));
}
