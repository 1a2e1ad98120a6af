/*
 * Regression tests for what outside fuzzing and checking found (issue 11):
 * parsers that disagree on limits, header lines reported wrongly, read-only
 * calls that wrote the state, out-of-memory reported as a corrupt snapshot,
 * and a byte-order mark that stopped a record; and (issue 21) one failed
 * allocation in a JSON parse that loaded another state.
 *
 * Each test names the finding it keeps fixed.
 */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

static void assert_same_snapshot(const br_state *a, const br_state *b)
{
    char *sa = brt_snapshot(a), *sb = brt_snapshot(b);
    ck_assert_str_eq(sa, sb);
    free(sa);
    free(sb);
}

/* ------------------------------------------------------------------ */
/* Finding: record lines and br_state_move_from_text() had different limits. */

/* A Tsuro record with chance=explicit whose first line is a draw. */
static br_state *tsuro_at_first_draw(void)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1,chance=explicit");
    ck_assert(br_state_is_chance_node(s));
    return s;
}

static char *first_outcome_text(const br_state *s)
{
    br_move outcome[256];
    double p[256];
    size_t n;
    ck_assert_int_eq(br_state_chance_outcomes(s, outcome, p, 256, &n), BR_OK);
    return brt_move_text(s, outcome[0]);
}

/* "draw<130 blanks>14": the same text is a move line and a move text. */
static char *spread_out(const char *move_text, int blanks)
{
    const char *space = strchr(move_text, ' ');
    ck_assert_ptr_nonnull(space);
    size_t head = (size_t)(space - move_text);
    char *out = malloc(strlen(move_text) + (size_t)blanks + 1);
    memcpy(out, move_text, head);
    memset(out + head, ' ', (size_t)blanks);
    strcpy(out + head + (size_t)blanks, space + 1);
    return out;
}

START_TEST(test_move_text_limit_same_for_record_and_parser)
{
    br_state *s = tsuro_at_first_draw();
    char *text = first_outcome_text(s);
    char *wide = spread_out(text, 130);
    br_move parsed;
    ck_assert_int_eq(br_state_move_from_text(s, wide, &parsed), BR_OK);
    char *record = brt_format("game tsuro\noptions players=2,seed=1,chance=explicit\n%s\n", wide);
    br_state *replayed = NULL;
    size_t bad = 99;
    char err[256];
    ck_assert_int_eq(br_record_replay(record, &replayed, &bad, err, sizeof err), BR_OK);
    ck_assert_uint_eq(bad, 0);
    ck_assert_int_eq(br_state_apply(s, parsed), BR_OK);
    assert_same_snapshot(s, replayed);
    br_state_free(replayed);
    br_state_free(s);
    free(record);
    free(wide);
    free(text);
}
END_TEST

/* Found by the long fuzz_record run: a move text of exactly 256 characters
 * (one past the limit) wrote its terminating NUL one byte past the reader's
 * buffer. 255 characters are read (and found to be no move); 256, with or
 * without a folded blank, are refused as too long, in both readers. */
START_TEST(test_move_text_at_the_limit)
{
    br_state *s = tsuro_at_first_draw();
    static const struct {
        size_t letters;
        bool blank;
        bool too_long;
    } cases[] = {
        { 255, false, false }, { 256, false, true }, { 254, true, false }, { 255, true, true },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[300];
        size_t n = 0;
        for (size_t i = 0; i < cases[k].letters; i++) {
            if (cases[k].blank && i == 1)
                text[n++] = ' ';
            text[n++] = 'x';
        }
        text[n] = '\0';
        br_move parsed;
        ck_assert_int_eq(br_state_move_from_text(s, text, &parsed), BR_ERR_PARSE);
        ck_assert_msg(brt_contains(br_state_last_error(s), "longer than 255 characters") ==
                          cases[k].too_long, "%zu letters: %s", n, br_state_last_error(s));
        char *record = brt_format("record 2\ngame tsuro\noptions players=2,chance=explicit\n"
                                  "chance: %s\n", text);
        char err[300] = "";
        ck_assert_int_eq(br_record_replay(record, NULL, NULL, err, sizeof err), BR_ERR_RECORD);
        ck_assert_msg(brt_contains(err, "longer than 255 characters") == cases[k].too_long,
                      "%zu letters in a record: %s", n, err);
        free(record);
    }
    br_state_free(s);
}
END_TEST

START_TEST(test_overlong_move_text_refused_alike)
{
    br_state *s = tsuro_at_first_draw();
    char word[300];
    memset(word, 'x', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    br_move parsed;
    ck_assert_int_eq(br_state_move_from_text(s, word, &parsed), BR_ERR_PARSE);
    ck_assert(brt_contains(br_state_last_error(s), "longer than 255 characters"));
    char *record = brt_format("game tsuro\noptions players=2,seed=1,chance=explicit\n%s\n", word);
    brt_expect_record_refused(record, 3, "line 3: move text longer than 255 characters");
    free(record);
    br_state_free(s);
}
END_TEST

START_TEST(test_tabs_and_blank_runs_fold_in_both_parsers)
{
    br_state *s = tsuro_at_first_draw();
    char *text = first_outcome_text(s);
    char *tabbed = brt_strdup(text);
    *strchr(tabbed, ' ') = '\t';
    br_move a, b;
    ck_assert_int_eq(br_state_move_from_text(s, text, &a), BR_OK);
    ck_assert_int_eq(br_state_move_from_text(s, tabbed, &b), BR_OK);
    ck_assert_int_eq(a, b);
    free(tabbed);
    free(text);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Finding: an overlong 'game' or 'options' line was reported as missing. */

START_TEST(test_overlong_options_line_says_too_long)
{
    char opts[400];
    strcpy(opts, "players=2,seed=1");
    size_t n = strlen(opts);
    memset(opts + n, ' ', 300);
    opts[n + 300] = 'x';
    opts[n + 301] = '\0';
    char *record = brt_format("game tsuro\noptions %s\n", opts);
    brt_expect_record_refused(record, 2, "line 2: 'options' line too long");
    free(record);
}
END_TEST

/* Named limits (issue 24): a record holds every options string that
 * br_state_new() takes, up to BR_OPTIONS_MAX - 1 characters. */
START_TEST(test_options_line_holds_the_longest_options_string)
{
    char opts[BR_OPTIONS_MAX]; /* "players=2   ...   ,seed=1": blanks inside the line */
    memset(opts, ' ', sizeof opts - 1);
    memcpy(opts, "players=2", 9);
    memcpy(opts + sizeof opts - 8, ",seed=1", 8);
    ck_assert_uint_eq(strlen(opts), BR_OPTIONS_MAX - 1);
    char *record = brt_format("game tsuro\noptions %s\n", opts);
    size_t bad = 0;
    char err[256] = "";
    ck_assert_msg(br_record_replay(record, NULL, &bad, err, sizeof err) == BR_OK, "%s", err);
    free(record);
}
END_TEST

START_TEST(test_overlong_game_line_says_too_long)
{
    char name[300];
    memset(name, 'g', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    char *record = brt_format("# comment\ngame %s\noptions seed=1\n", name);
    brt_expect_record_refused(record, 2, "line 2: 'game' line too long");
    free(record);
}
END_TEST

START_TEST(test_wrong_options_keyword_names_the_line)
{
    brt_expect_record_refused("game tsuro\noptionz seed=1\n", 2,
                              "expected 'options <key=value,...>', got 'optionz seed=1'");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Finding: a UTF-8 byte-order mark stopped a record. */

START_TEST(test_record_with_byte_order_mark_replays)
{
    const char *plain = "game tsuro\noptions players=2,seed=4\n";
    char *marked = brt_format("\xEF\xBB\xBF%s", plain);
    br_state *a = NULL, *b = NULL;
    char err[256];
    ck_assert_int_eq(br_record_replay(plain, &a, NULL, err, sizeof err), BR_OK);
    ck_assert_int_eq(br_record_replay(marked, &b, NULL, err, sizeof err), BR_OK);
    assert_same_snapshot(a, b);
    br_state_free(a);
    br_state_free(b);
    free(marked);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Finding: calls taking a const br_state * wrote its error text, so two
 * threads reading one state raced. The reason of a read-only call is now
 * the calling thread's; the state's own text belongs to changing calls. */

typedef struct reader_job {
    const br_state *state;
    const char *seen_before;   /* br_state_last_error() on the reader thread */
    char seen_after_fail[256]; /* ... after a read-only call failed there */
    br_status status;
} reader_job;

static void *read_in_other_thread(void *arg)
{
    reader_job *job = arg;
    job->seen_before = br_state_last_error(job->state);
    job->status = br_state_check_move(job->state, -5, NULL, 0);
    snprintf(job->seen_after_fail, sizeof job->seen_after_fail, "%s",
             br_state_last_error(job->state));
    return NULL;
}

START_TEST(test_read_only_failure_is_per_thread)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1");
    char *before = brt_snapshot(s);
    ck_assert_int_eq(br_state_apply(s, -1), BR_ERR_ILLEGAL_MOVE);
    char *apply_reason = brt_strdup(br_state_last_error(s));
    ck_assert_str_ne(apply_reason, "");

    reader_job job = { .state = s };
    brt_run_in_threads(read_in_other_thread, &job, sizeof job, 1);
    /* The other thread sees the state's text, and its own failure. */
    ck_assert_str_eq(job.seen_before, apply_reason);
    ck_assert_int_eq(job.status, BR_ERR_ILLEGAL_MOVE);
    ck_assert_str_ne(job.seen_after_fail, apply_reason);
    ck_assert_str_ne(job.seen_after_fail, "");
    /* ... and none of it reached this thread or the state. */
    ck_assert_str_eq(br_state_last_error(s), apply_reason);
    char *after = brt_snapshot(s);
    ck_assert_str_eq(after, before);
    free(after);

    /* On this thread, the newest failure speaks: read-only, then changing. */
    char small[2];
    ck_assert_int_eq(br_state_options(s, small, sizeof small, NULL), BR_ERR_BUFFER);
    ck_assert(brt_contains(br_state_last_error(s), "too small"));
    ck_assert_int_eq(br_state_apply(s, -2), BR_ERR_ILLEGAL_MOVE);
    ck_assert(!brt_contains(br_state_last_error(s), "too small"));
    free(apply_reason);
    free(before);
    br_state_free(s);
}
END_TEST

START_TEST(test_read_only_failure_not_seen_by_other_states)
{
    const br_game *g = br_game_find("tsuro");
    br_state *a = brt_new_state(g, "players=2,seed=1");
    br_state *b = NULL;
    ck_assert_int_eq(br_state_clone(a, &b), BR_OK);
    ck_assert_int_eq(br_state_check_move(a, -5, NULL, 0), BR_ERR_ILLEGAL_MOVE);
    ck_assert_str_ne(br_state_last_error(a), "");
    ck_assert_str_eq(br_state_last_error(b), "");
    /* A copy into `a` is a change of `a`: the old read-only reason is gone. */
    ck_assert_int_eq(br_state_copy(a, b), BR_OK);
    ck_assert_str_eq(br_state_last_error(a), "");
    br_state_free(a);
    br_state_free(b);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Finding: running out of memory in br_state_from_json() was reported as a
 * corrupt snapshot. Every allocation (the library's and jansson's) is made
 * to fail in turn; each call must then fail cleanly with BR_ERR_NO_MEMORY,
 * or succeed, and leave nothing allocated. */

static long allocations_left = -1; /* -1: never fail */
static bool only_one_failure;      /* fail the k-th allocation alone, not all from it on */
static long live_blocks;
static bool failed_once;

static void *failing_malloc(size_t size)
{
    if (allocations_left == 0) {
        failed_once = true;
        if (only_one_failure)
            allocations_left = -1;
        return NULL;
    }
    if (allocations_left > 0)
        allocations_left--;
    void *p = malloc(size);
    if (p)
        live_blocks++;
    return p;
}

static void counting_free(void *p)
{
    if (p)
        live_blocks--;
    free(p);
}

/* As a host that set jansson's allocator itself (0.2.0 asked for that) and
 * then the library's: br_set_alloc_funcs() takes jansson's over (issue 21). */
static void use_failing_allocator(void)
{
    json_set_alloc_funcs(failing_malloc, counting_free);
    br_set_alloc_funcs(failing_malloc, counting_free);
}

static void use_default_allocator(void)
{
    json_set_alloc_funcs(malloc, free);
    br_set_alloc_funcs(NULL, NULL);
}

typedef br_status (*allocating_call)(const void *input, char *why, size_t why_size);

/* Runs `call` with the k-th allocation failing, for k = 0, 1, ... until a
 * run meets no failure. Returns how many failure points there were. */
static int fail_each_allocation(const char *what, allocating_call call, const void *input)
{
    int points = 0;
    for (long k = 0;; k++) {
        char why[256] = "";
        use_failing_allocator();
        live_blocks = 0;
        failed_once = false;
        allocations_left = k;
        br_status st = call(input, why, sizeof why);
        allocations_left = -1;
        long leaked = live_blocks;
        use_default_allocator();
        ck_assert_msg(leaked == 0, "%s, allocation %ld failing: %ld blocks leaked", what, k,
                      leaked);
        if (!failed_once) {
            ck_assert_msg(st == BR_OK, "%s with no failure: %s (%s)", what, br_status_string(st),
                          why);
            return points;
        }
        points++;
        ck_assert_msg(st == BR_ERR_NO_MEMORY, "%s, allocation %ld failing: %s (%s)", what, k,
                      br_status_string(st), why);
        ck_assert_msg(brt_contains(why, "out of memory"), "%s, allocation %ld: '%s'", what, k,
                      why);
    }
}

static br_status load_snapshot(const void *input, char *why, size_t why_size)
{
    br_state *s = NULL;
    br_status st = br_state_from_json(input, &s, why, why_size);
    br_state_free(s);
    return st;
}

static br_status create_state(const void *input, char *why, size_t why_size)
{
    const char *const *args = input;
    br_state *s = NULL;
    br_status st = br_state_new(br_game_find(args[0]), args[1], &s, why, why_size);
    br_state_free(s);
    return st;
}

static br_status replay_record(const void *input, char *why, size_t why_size)
{
    br_state *s = NULL;
    br_status st = br_record_replay(input, &s, NULL, why, why_size);
    br_state_free(s);
    return st;
}

/* Read-only calls that allocate: their reason is the thread's. */
static br_status with_state_reason(const br_state *s, br_status st, char *why, size_t why_size)
{
    snprintf(why, why_size, "%s", st == BR_OK ? "" : br_state_last_error(s));
    return st;
}

static br_status save_snapshot(const void *input, char *why, size_t why_size)
{
    static char buf[1 << 16];
    return with_state_reason(input, br_state_to_json(input, buf, sizeof buf, NULL), why,
                             why_size);
}

static br_status observe_seat_0(const void *input, char *why, size_t why_size)
{
    static char buf[1 << 16];
    return with_state_reason(input, br_state_observe(input, 0, buf, sizeof buf, NULL), why,
                             why_size);
}

static br_status clone_state(const void *input, char *why, size_t why_size)
{
    br_state *c = NULL;
    br_status st = with_state_reason(input, br_state_clone(input, &c), why, why_size);
    br_state_free(c);
    return st;
}

/* A state of game `index` some random moves into a game. */
static br_state *state_in_play(int index)
{
    br_state *s = brt_random_state(br_game_at((size_t)index), "seed=3", 17, 25);
    return s;
}

START_TEST(test_out_of_memory_at_every_allocation)
{
    br_state *s = state_in_play(_i);
    const char *name = br_game_name(br_state_game(s));
    char *snapshot = brt_snapshot(s);
    int points = fail_each_allocation("br_state_from_json", load_snapshot, snapshot);
    ck_assert_msg(points > 10, "%s: only %d allocations in a snapshot load", name, points);
    const char *create_args[] = { name, "seed=3" };
    fail_each_allocation("br_state_new", create_state, create_args);
    char *record = brt_format("game %s\noptions seed=3\n", name);
    fail_each_allocation("br_record_replay", replay_record, record);
    fail_each_allocation("br_state_to_json", save_snapshot, s);
    fail_each_allocation("br_state_observe", observe_seat_0, s);
    fail_each_allocation("br_state_clone", clone_state, s);
    /* The state itself came through it all unchanged. */
    char *after = brt_snapshot(s);
    ck_assert_str_eq(after, snapshot);
    free(after);
    free(record);
    free(snapshot);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Issue 21, item 3: jansson 2.14's lexer ignores a failed append of one
 * character of a token and parses on, so a single failed allocation loaded
 * options `players=2,seed=12345678901234567` as `seed=1234567890123457` with
 * BR_OK, or called a valid snapshot corrupt ('libboardrules-napshot').
 * br_set_alloc_funcs() now gives jansson the library's allocator, which
 * notes every failure; a load that met one answers BR_ERR_NO_MEMORY. Every
 * allocation of every load is made to fail in turn: each run must give
 * BR_ERR_NO_MEMORY or BR_OK with exactly the expected state. */

typedef br_status (*loading_call)(const void *input, br_state **out, char *why,
                                  size_t why_size);

/* Runs `load` with the k-th allocation failing (that one alone: the lexer
 * reads on after it), for k = 0, 1, ... until a run meets no failure. Each
 * run gives BR_ERR_NO_MEMORY ("out of memory") or BR_OK with the state
 * whose snapshot is `expected`, and leaves nothing allocated. Returns the
 * number of failure points. */
static int fail_each_allocation_of_load(const char *what, loading_call load, const void *input,
                                        const char *expected)
{
    for (long k = 0;; k++) {
        char why[256] = "";
        br_state *s = NULL;
        use_failing_allocator();
        live_blocks = 0;
        failed_once = false;
        only_one_failure = true;
        allocations_left = k;
        br_status st = load(input, &s, why, sizeof why);
        allocations_left = -1;
        only_one_failure = false;
        char *loaded = s ? brt_snapshot(s) : NULL;
        br_state_free(s);
        long leaked = live_blocks;
        use_default_allocator();
        ck_assert_msg(leaked == 0, "%s, allocation %ld failing: %ld blocks leaked", what, k,
                      leaked);
        ck_assert_msg(st != BR_OK || (loaded && strcmp(loaded, expected) == 0),
                      "%s, allocation %ld failing: BR_OK with another state:\n%s\nexpected\n%s",
                      what, k, loaded ? loaded : "(none)", expected);
        free(loaded);
        if (!failed_once) {
            ck_assert_msg(st == BR_OK, "%s with no failure: %s (%s)", what, br_status_string(st),
                          why);
            return (int)k;
        }
        ck_assert_msg(st == BR_OK || (st == BR_ERR_NO_MEMORY && brt_contains(why, "out of memory")),
                      "%s, allocation %ld failing: %s (%s)", what, k, br_status_string(st), why);
    }
}

static br_status load_json(const void *input, br_state **out, char *why, size_t why_size)
{
    return br_state_from_json(input, out, why, why_size);
}

typedef struct byte_text {
    const unsigned char *bytes;
    size_t len;
} byte_text;

static br_status load_bytes(const void *input, br_state **out, char *why, size_t why_size)
{
    const byte_text *b = input;
    return br_state_from_bytes(b->bytes, b->len, out, why, why_size);
}

static br_status load_record(const void *input, br_state **out, char *why, size_t why_size)
{
    return br_record_replay(input, out, NULL, why, why_size);
}

/* The binary snapshot of `s` with its payload as kind 0: the game's JSON
 * snapshot text, which the loader parses with jansson. */
static unsigned char *binary_with_json_payload(const br_state *s, size_t *len)
{
    size_t n, payload;
    unsigned char *native = brt_binary_of(s, &n, &payload);
    json_t *snap = brt_snapshot_json(s);
    char *state = json_dumps(json_object_get(snap, "state"), JSON_COMPACT);
    size_t kind = payload - 5, m = strlen(state);
    unsigned char *out = malloc(kind + 5 + m);
    memcpy(out, native, kind);
    out[kind] = 0;
    for (int i = 0; i < 4; i++)
        out[kind + 1 + (size_t)i] = (unsigned char)(m >> (8 * i));
    memcpy(out + kind + 5, state, m);
    *len = kind + 5 + m;
    free(state);
    json_decref(snap);
    free(native);
    return out;
}

/* The record of `s`, and the snapshot of the state it replays to. */
static char *record_of(const br_state *s, char **replayed)
{
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(br_record_write_state(s, NULL, 0, NULL, 0, &len, err, sizeof err),
                     BR_ERR_BUFFER);
    char *text = malloc(len + 1);
    ck_assert_int_eq(br_record_write_state(s, NULL, 0, text, len + 1, NULL, err, sizeof err),
                     BR_OK);
    br_state *r = NULL;
    ck_assert_int_ne(br_record_replay(text, &r, NULL, err, sizeof err), BR_ERR_RECORD);
    *replayed = brt_snapshot(r);
    br_state_free(r);
    return text;
}

/* Every load of `s`: its JSON snapshot, its binary snapshot with a JSON
 * payload, and (at the end of a game) its record. Returns the failure
 * points met. */
static long fail_each_allocation_of_every_load(const br_state *s, const char *what)
{
    char *snapshot = brt_snapshot(s);
    long points = fail_each_allocation_of_load(what, load_json, snapshot, snapshot);
    size_t len;
    unsigned char *bytes = binary_with_json_payload(s, &len);
    byte_text b = { bytes, len };
    points += fail_each_allocation_of_load(what, load_bytes, &b, snapshot);
    if (br_state_is_terminal(s)) {
        char *replayed;
        char *record = record_of(s, &replayed);
        points += fail_each_allocation_of_load(what, load_record, record, replayed);
        free(replayed);
        free(record);
    }
    free(bytes);
    free(snapshot);
    return points;
}

/* Option sets of each game: the seed of the issue, and every option given
 * with long values. */
static const char *const oom_option_sets[][3] = {
    { "tsuro", "players=2,seed=12345678901234567",
      "players=8,seed=18446744073709551615,chance=explicit,edition=kosmos,board=7,"
      "selfkill=literal" },
    { "tuer-an-tuer", "players=2,seed=12345678901234567",
      "seed=18446744073709551615,chance=explicit,run4=10,different4=connected" },
    { "drunter-und-drueber", "players=2,seed=12345678901234567",
      "players=4,seed=18446744073709551615,chance=explicit,variant=pro" },
    { "tore-der-welt", "players=2,seed=12345678901234567",
      "players=4,seed=18446744073709551615,chance=explicit,lasting=three,privilege=any,"
      "crest=twice,screens=open" },
};

START_TEST(test_out_of_memory_in_a_load_never_loads_another_state)
{
    const char *const *set = oom_option_sets[_i];
    const br_game *g = br_game_find(set[0]);
    ck_assert_ptr_nonnull(g);
    long points = 0;
    for (int k = 1; k <= 2; k++) {
        br_state *s = brt_new_state(g, set[k]);
        uint64_t rng = 5;
        /* At the start, some moves in, and at the end of the game. */
        const size_t steps[] = { 0, 25, 100000 };
        for (size_t i = 0; i < 3; i++) {
            brt_play_random(s, &rng, steps[i]);
            char *what = brt_format("%s %s, move %u", set[0], set[k],
                                    (unsigned)br_state_move_number(s));
            points += fail_each_allocation_of_every_load(s, what);
            free(what);
        }
        ck_assert(br_state_is_terminal(s));
        br_state_free(s);
    }
    fprintf(stderr, "%s: %ld failure points in its loads\n", set[0], points);
}
END_TEST

/* A host that never sets an allocator gets failures noticed as well: jansson
 * allocates through the library from the start. */
START_TEST(test_jansson_allocates_through_the_library)
{
    json_malloc_t m = NULL;
    json_free_t f = NULL;
    json_get_alloc_funcs(&m, &f);
    ck_assert_ptr_ne(m, malloc);
    ck_assert_ptr_ne(f, free);
    /* and with a pair set, through that pair */
    br_set_alloc_funcs(failing_malloc, counting_free);
    live_blocks = 0;
    json_t *v = json_loads("[\"a string longer than sixteen characters\"]", 0, NULL);
    ck_assert_ptr_nonnull(v);
    ck_assert_int_gt(live_blocks, 0);
    json_decref(v);
    ck_assert_int_eq(live_blocks, 0);
    br_set_alloc_funcs(NULL, NULL);
}
END_TEST

/* The failure note is the thread's own: a thread whose every 41st
 * allocation fails gets BR_ERR_NO_MEMORY or the right state, and another
 * thread loading at the same moments is not touched by its failures. */
static _Thread_local bool starved_thread;
static _Thread_local unsigned long thread_allocations;
static pthread_barrier_t load_together;

static void *starving_malloc(size_t size)
{
    if (starved_thread && ++thread_allocations % 41 == 0)
        return NULL;
    return malloc(size);
}

typedef struct loader_job {
    const char *snapshot;
    bool starved;
    int loaded, out_of_memory, wrong;
} loader_job;

static void *load_repeatedly(void *arg)
{
    loader_job *job = arg;
    starved_thread = job->starved;
    for (int i = 0; i < 300; i++) {
        pthread_barrier_wait(&load_together);
        br_state *s = NULL;
        br_status st = br_state_from_json(job->snapshot, &s, NULL, 0);
        char buf[1 << 15];
        bool same = st == BR_OK && br_state_to_json(s, buf, sizeof buf, NULL) == BR_OK &&
                    strcmp(buf, job->snapshot) == 0;
        job->loaded += same;
        job->out_of_memory += st == BR_ERR_NO_MEMORY;
        job->wrong += !same && st != BR_ERR_NO_MEMORY;
        br_state_free(s);
    }
    return NULL;
}

START_TEST(test_out_of_memory_noted_per_thread)
{
    br_state *s = state_in_play(0);
    char *snapshot = brt_snapshot(s);
    br_set_alloc_funcs(starving_malloc, free);
    loader_job jobs[2] = { { snapshot, true, 0, 0, 0 }, { snapshot, false, 0, 0, 0 } };
    ck_assert_int_eq(pthread_barrier_init(&load_together, NULL, 2), 0);
    BRT_RUN_IN_THREADS(load_repeatedly, jobs);
    pthread_barrier_destroy(&load_together);
    br_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(jobs[0].wrong, 0);
    ck_assert_int_gt(jobs[0].out_of_memory, 0);
    ck_assert_int_eq(jobs[1].wrong + jobs[1].out_of_memory, 0);
    ck_assert_int_eq(jobs[1].loaded, 300);
    free(snapshot);
    br_state_free(s);
}
END_TEST

/* br_get_alloc_funcs() must answer the C library's pair. */
static void expect_default_alloc_funcs(void)
{
    br_malloc_fn m = NULL;
    br_free_fn f = NULL;
    br_get_alloc_funcs(&m, &f);
    ck_assert_ptr_eq(m, malloc);
    ck_assert_ptr_eq(f, free);
}

START_TEST(test_alloc_funcs_default_and_reset)
{
    expect_default_alloc_funcs();
    br_set_alloc_funcs(failing_malloc, NULL); /* half a pair: the defaults */
    expect_default_alloc_funcs();
    br_get_alloc_funcs(NULL, NULL);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("findings", 300),
        BRT_TEST(test_move_text_limit_same_for_record_and_parser),
        BRT_TEST(test_overlong_move_text_refused_alike),
        BRT_TEST(test_move_text_at_the_limit),
        BRT_TEST(test_tabs_and_blank_runs_fold_in_both_parsers),
        BRT_TEST(test_overlong_options_line_says_too_long),
        BRT_TEST(test_options_line_holds_the_longest_options_string),
        BRT_TEST(test_overlong_game_line_says_too_long),
        BRT_TEST(test_wrong_options_keyword_names_the_line),
        BRT_TEST(test_record_with_byte_order_mark_replays),
        BRT_TEST(test_read_only_failure_is_per_thread),
        BRT_TEST(test_read_only_failure_not_seen_by_other_states),
        BRT_TEST(test_alloc_funcs_default_and_reset),
        BRT_PER_GAME(test_out_of_memory_at_every_allocation),
        BRT_LOOP(test_out_of_memory_in_a_load_never_loads_another_state, (int)BRT_COUNT(oom_option_sets)),
        BRT_TEST(test_jansson_allocates_through_the_library),
        BRT_TEST(test_out_of_memory_noted_per_thread),
    };
    return brt_run_tests("hardening", tests, BRT_COUNT(tests));
}
