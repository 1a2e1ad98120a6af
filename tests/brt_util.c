/* Helpers and the runner shared by the test suites; see brt_util.h. */
#include "brt_util.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

/* Check's ck_assert*() records every passing assertion through a file, which
 * costs more than most library calls; these helpers run millions of times in
 * the conformance suite, so they report only failures. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* The text functions of the API differ only in their middle arguments; this
 * names which one to call so that one fetch routine serves them all. */
enum text_kind {
    TEXT_SNAPSHOT,
    TEXT_OBSERVATION,
    TEXT_RENDER,
    TEXT_RENDER_VIEW,
    TEXT_OPTIONS,
    TEXT_MOVE
};

static const char *const text_kind_names[] = {
    "br_state_to_json", "br_state_observe",  "br_state_render",
    "br_state_render_view", "br_state_options",
    "br_state_move_to_text",
};

static br_status call_text(enum text_kind kind, const br_state *s, int arg, char *buf,
                           size_t size, size_t *len)
{
    switch (kind) {
    case TEXT_SNAPSHOT:
        return br_state_to_json(s, buf, size, len);
    case TEXT_OBSERVATION:
        return br_state_observe(s, arg, buf, size, len);
    case TEXT_RENDER:
        return br_state_render(s, buf, size, len);
    case TEXT_RENDER_VIEW:
        return br_state_render_view(s, arg, buf, size, len);
    case TEXT_OPTIONS:
        return br_state_options(s, buf, size, len);
    case TEXT_MOVE:
        return br_state_move_to_text(s, (br_move)arg, buf, size, len);
    }
    return BR_ERR_ARGUMENT;
}

/* Fetches the text in one call into a buffer that usually suffices, and
 * only when the library answers BR_ERR_BUFFER with the length needed, again
 * into a buffer of exactly that size. (test_api checks the buffer convention
 * itself in detail; here speed matters, the text is fetched millions of times.) */
static char *fetch_text(enum text_kind kind, const br_state *s, int arg)
{
    const char *name = text_kind_names[kind];
    size_t size = 8192, len = (size_t)-1;
    char *buf = malloc(size);
    REQUIRE(buf != NULL, "out of memory");
    br_status st = call_text(kind, s, arg, buf, size, &len);
    if (st == BR_ERR_BUFFER) {
        REQUIRE(len >= size, "%s: BR_ERR_BUFFER with %zu bytes, but length %zu", name, size, len);
        free(buf);
        size = len + 1;
        buf = malloc(size);
        REQUIRE(buf != NULL, "out of memory");
        size_t first = len;
        st = call_text(kind, s, arg, buf, size, &len);
        REQUIRE(len == first, "%s: length %zu on the second call, %zu on the first", name, len,
                first);
    }
    REQUIRE(st == BR_OK, "%s(arg %d, size %zu): status %d (%s); last error: %s", name, arg, size,
            (int)st, br_status_string(st), br_state_last_error(s));
    REQUIRE(strlen(buf) == len, "%s: strlen %zu but reported length %zu", name, strlen(buf), len);
    return buf;
}

char *brt_snapshot(const br_state *s)
{
    return fetch_text(TEXT_SNAPSHOT, s, 0);
}

char *brt_observation(const br_state *s, int seat)
{
    return fetch_text(TEXT_OBSERVATION, s, seat);
}

char *brt_render(const br_state *s)
{
    return fetch_text(TEXT_RENDER, s, 0);
}

char *brt_render_view(const br_state *s, int seat)
{
    return fetch_text(TEXT_RENDER_VIEW, s, seat);
}

char *brt_options(const br_state *s)
{
    return fetch_text(TEXT_OPTIONS, s, 0);
}

char *brt_move_text(const br_state *s, br_move move)
{
    return fetch_text(TEXT_MOVE, s, (int)move);
}

br_state *brt_new_state(const br_game *game, const char *options)
{
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_new(game, options, &s, err, sizeof err);
    REQUIRE(st == BR_OK, "br_state_new(%s, \"%s\"): status %d (%s): %s",
                  br_game_name(game), options ? options : "(null)", (int)st,
                  br_status_string(st), err);
    REQUIRE(s != NULL, "no state");
    return s;
}

br_state *brt_load(const char *json)
{
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_from_json(json, &s, err, sizeof err);
    REQUIRE(st == BR_OK, "br_state_from_json: status %d (%s): %s\nsnapshot: %.2000s",
                  (int)st, br_status_string(st), err, json);
    REQUIRE(s != NULL, "no state");
    return s;
}

size_t brt_legal_moves(const br_state *s, br_move *moves, size_t capacity)
{
    size_t count = (size_t)-1;
    br_status st = br_state_legal_moves(s, moves, capacity, &count);
    REQUIRE(st == BR_OK, "br_state_legal_moves(capacity %zu): status %d (%s), count %zu",
                  capacity, (int)st, br_status_string(st), count);
    REQUIRE(count <= capacity, "br_state_legal_moves: count %zu > capacity %zu", count,
                  capacity);
    return count;
}

uint64_t brt_rand_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

size_t brt_rand_below(uint64_t *state, size_t bound)
{
    return (size_t)(brt_rand_next(state) % bound);
}

size_t brt_play_random(br_state *s, uint64_t *rng, size_t max_moves)
{
    size_t capacity = br_state_max_legal_moves(s);
    br_move *moves = malloc((capacity ? capacity : 1) * sizeof *moves);
    REQUIRE(moves != NULL, "out of memory");
    size_t made = 0;
    while (made < max_moves && !br_state_is_terminal(s)) {
        size_t n = brt_legal_moves(s, moves, capacity);
        REQUIRE(n > 0, "no legal moves in a state that is not terminal");
        br_move m = moves[brt_rand_below(rng, n)];
        br_status st = br_state_apply(s, m);
        REQUIRE(st == BR_OK, "br_state_apply(%d) of a listed move: %s", (int)m,
                      br_state_last_error(s));
        made++;
    }
    free(moves);
    return made;
}

br_state *brt_random_state(const br_game *game, const char *options, uint64_t rng_seed,
                           size_t max_moves)
{
    br_state *s = brt_new_state(game, options);
    brt_play_random(s, &rng_seed, max_moves);
    return s;
}

char *brt_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (cap - len - 1 == 0) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    bool failed = ferror(f) != 0;
    fclose(f);
    if (!buf || failed) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

char *brt_strdup(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    REQUIRE(copy != NULL, "out of memory");
    memcpy(copy, text, n);
    return copy;
}

char *brt_format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    REQUIRE(n >= 0, "vsnprintf failed");
    char *out = malloc((size_t)n + 1);
    REQUIRE(out != NULL, "out of memory");
    va_start(ap, fmt);
    vsnprintf(out, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return out;
}

void brt_run_in_threads(void *(*run)(void *), void *jobs, size_t job_size, size_t count)
{
    pthread_t threads[BRT_THREADS_MAX];
    REQUIRE(count <= BRT_THREADS_MAX, "brt_run_in_threads: %zu threads, at most %d", count,
            BRT_THREADS_MAX);
    unsigned char *job = jobs;
    for (size_t t = 0; t < count; t++)
        REQUIRE(pthread_create(&threads[t], NULL, run, job + t * job_size) == 0,
                "pthread_create of thread %zu failed", t);
    for (size_t t = 0; t < count; t++)
        REQUIRE(pthread_join(threads[t], NULL) == 0, "pthread_join of thread %zu failed", t);
}

bool brt_contains(const char *text, const char *needle)
{
    return strstr(text, needle) != NULL;
}

void brt_json_value_text(const json_t *v, char *out, size_t size)
{
    if (v == NULL) {
        snprintf(out, size, "(missing)");
    } else if (json_is_string(v)) {
        snprintf(out, size, "%s", json_string_value(v));
    } else if (json_is_integer(v)) {
        snprintf(out, size, "%lld", (long long)json_integer_value(v));
    } else if (json_is_boolean(v)) {
        snprintf(out, size, "%s", json_is_true(v) ? "true" : "false");
    } else if (json_is_null(v)) {
        snprintf(out, size, "null");
    } else if (json_is_array(v)) {
        size_t used = 0;
        out[0] = '\0';
        for (size_t i = 0; i < json_array_size(v) && used + 1 < size; i++) {
            if (i > 0)
                used += (size_t)snprintf(out + used, size - used, ",");
            if (used + 1 < size)
                brt_json_value_text(json_array_get(v, i), out + used, size - used);
            used = strlen(out);
        }
    } else {
        char *dump = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
        snprintf(out, size, "%s", dump ? dump : "?");
        free(dump);
    }
}

json_t *brt_parse_json(const char *text)
{
    json_error_t error;
    json_t *root = json_loads(text, JSON_DECODE_ANY, &error);
    ck_assert_msg(root != NULL, "bad JSON: %s", error.text);
    return root;
}

json_t *brt_snapshot_json(const br_state *s)
{
    char *text = brt_snapshot(s);
    json_t *root = brt_parse_json(text);
    free(text);
    return root;
}

json_t *brt_json_at(json_t *v, const char *path)
{
    const char *p = path;
    while (v != NULL && *p != '\0') {
        if (*p == '.') {
            p++;
        } else if (*p == '[') {
            char *end = NULL;
            long i = strtol(p + 1, &end, 10);
            v = json_array_get(v, (size_t)i);
            p = end + (*end == ']');
        } else {
            size_t n = strcspn(p, ".[");
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)n, p);
            v = json_object_get(v, key);
            p += n;
        }
    }
    return v;
}

void brt_expect_vector_tensor(const br_facts *f, size_t size)
{
    ck_assert_uint_eq(f->tensor_rank, 1);
    ck_assert_uint_eq(f->tensor_shape[0], size);
    for (int d = 1; d < BR_TENSOR_MAX_RANK; d++)
        ck_assert_uint_eq(f->tensor_shape[d], 0);
    ck_assert_uint_eq(f->tensor_size, size);
}

uint32_t brt_read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

brt_binary_layout brt_binary_layout_of(const unsigned char *bytes, size_t len)
{
    brt_binary_layout l;
    REQUIRE(len >= 6, "binary snapshot of %zu bytes: no name length", len);
    size_t at = 6 + bytes[5]; /* magic, version, name length, name */
    REQUIRE(at + 2 <= len, "binary snapshot of %zu bytes: no options length", len);
    at += 2 + ((size_t)bytes[at] | (size_t)bytes[at + 1] << 8);
    l.move_number = at;
    l.generator = at + 4;
    l.history = l.generator + 32;
    REQUIRE(l.history <= len, "binary snapshot of %zu bytes: ends before its history", len);
    l.kind = l.history;
    if (bytes[4] >= 2) { /* format 2: S, then N - S entries of 3 bytes */
        REQUIRE(l.history + 4 <= len, "binary snapshot of %zu bytes: no history start", len);
        uint32_t moves = brt_read_u32(bytes + l.move_number);
        uint32_t start = brt_read_u32(bytes + l.history);
        REQUIRE(start <= moves, "binary snapshot: history start %u after move number %u",
                (unsigned)start, (unsigned)moves);
        l.kind = l.history + 4 + 3 * (size_t)(moves - start);
    }
    l.payload = l.kind + 1 + 4;
    REQUIRE(l.payload <= len, "binary snapshot of %zu bytes: payload starts at %zu", len,
            l.payload);
    size_t payload_len = brt_read_u32(bytes + l.kind + 1);
    REQUIRE(l.payload + payload_len == len,
            "binary snapshot of %zu bytes: payload of %zu bytes at %zu (history entries of 3 "
            "bytes assumed)", len, payload_len, l.payload);
    return l;
}

unsigned char *brt_binary_of(const br_state *s, size_t *len, size_t *payload_at)
{
    br_status st = br_state_to_bytes(s, NULL, 0, len);
    REQUIRE(st == BR_ERR_BUFFER, "br_state_to_bytes(size 0): status %d (%s), not BR_ERR_BUFFER",
            (int)st, br_status_string(st));
    size_t first = *len;
    unsigned char *bytes = malloc(first ? first : 1);
    REQUIRE(bytes != NULL, "out of memory");
    st = br_state_to_bytes(s, bytes, first, len);
    REQUIRE(st == BR_OK, "br_state_to_bytes(size %zu): status %d (%s); last error: %s", first,
            (int)st, br_status_string(st), br_state_last_error(s));
    REQUIRE(*len == first, "br_state_to_bytes: length %zu on the second call, %zu on the first",
            *len, first);
    if (payload_at != NULL) {
        brt_binary_layout l = brt_binary_layout_of(bytes, *len);
        REQUIRE(bytes[l.kind] == 1, "binary snapshot: payload kind %u, not 1 (the game's own "
                "fields)", (unsigned)bytes[l.kind]);
        *payload_at = l.payload;
    }
    return bytes;
}

br_status brt_binary_load(const unsigned char *bytes, size_t len, char *err, size_t err_size)
{
    br_state *s = NULL;
    br_status st = br_state_from_bytes(bytes, len, &s, err, err_size);
    REQUIRE(st == BR_OK ? s != NULL : s == NULL,
            "br_state_from_bytes: status %d (%s) %s a state", (int)st, br_status_string(st),
            s != NULL ? "with" : "without");
    br_state_free(s);
    return st;
}

void brt_add_tests(Suite *suite, const brt_test *tests, size_t count)
{
    TCase *tc = NULL;
    for (size_t k = 0; k < count; k++) {
        const brt_test *row = &tests[k];
        if (row->test == NULL) {
            tc = tcase_create(row->tcase);
            if (row->seconds > 0)
                tcase_set_timeout(tc, row->seconds);
            suite_add_tcase(suite, tc);
            continue;
        }
        if (tc == NULL) {
            /* A table that opens with a test is the test program's mistake;
             * Check would crash on it, so name it and stop instead. */
            fprintf(stderr, "brt_add_tests: row %zu (%s) before any BRT_CASE row\n", k,
                    row->test->name);
            exit(EXIT_FAILURE);
        }
        int end = row->end == BRT_EVERY_GAME ? (int)br_game_count() : row->end;
        tcase_add_loop_test(tc, row->test, 0, end);
    }
}

int brt_run_tests(const char *name, const brt_test *tests, size_t count)
{
    Suite *suite = suite_create(name);
    brt_add_tests(suite, tests, count);
    return brt_run_suite(suite);
}

int brt_run_suite(Suite *suite)
{
    SRunner *runner = srunner_create(suite);
    /* CK_ENV: the verbosity comes from CK_VERBOSITY (CK_NORMAL without it),
     * so that a developer can list every test run without a rebuild. */
    srunner_run_all(runner, CK_ENV);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* ------------------------------------------------------------------ */
/* The games' rule tests */

/* One of eight rotating buffers of BRT_TEXT_SIZE bytes for the texts these
 * helpers return, so that a test can compare a few of them in one call. */
static char *scratch(void)
{
    static char buffers[8][BRT_TEXT_SIZE];
    static unsigned next;
    return buffers[next++ % 8];
}

br_state *brt_new_game(const char *game_name, const char *options)
{
    const br_game *game = br_game_find(game_name);
    REQUIRE(game != NULL, "game '%s' is not registered", game_name);
    return brt_new_state(game, options);
}

br_state *brt_clone(const br_state *s)
{
    br_state *c = NULL;
    br_status st = br_state_clone(s, &c);
    REQUIRE(st == BR_OK && c != NULL, "br_state_clone: %s", br_status_string(st));
    return c;
}

br_move brt_parse_move(const br_state *s, const char *text)
{
    br_move m = BR_MOVE_NONE;
    br_status st = br_state_move_from_text(s, text, &m);
    REQUIRE(st == BR_OK, "cannot parse '%s': %s (%s)", text, br_status_string(st),
            br_state_last_error(s));
    return m;
}

void brt_play(br_state *s, const char *text)
{
    br_move m = brt_parse_move(s, text);
    br_status st = br_state_apply(s, m);
    REQUIRE(st == BR_OK, "move '%s' refused: %s (%s)", text, br_status_string(st),
            br_state_last_error(s));
}

/* The legal moves into `moves` (BRT_MOVE_BUFFER of them), which must have room
 * for br_state_max_legal_moves(). */
static size_t all_legal_moves(const br_state *s, br_move *moves)
{
    REQUIRE(br_state_max_legal_moves(s) <= BRT_MOVE_BUFFER,
            "br_state_max_legal_moves %zu > BRT_MOVE_BUFFER", br_state_max_legal_moves(s));
    return brt_legal_moves(s, moves, BRT_MOVE_BUFFER);
}

size_t brt_play_script(br_state *s, const char *script, size_t max_moves)
{
    char move[256];
    size_t played = 0;
    for (const char *p = script; *p != '\0' && (max_moves == 0 || played < max_moves);
         played++) {
        size_t k = strcspn(p, ";");
        REQUIRE(k < sizeof move, "test bug: move text too long in '%s'", script);
        memcpy(move, p, k);
        move[k] = '\0';
        brt_play(s, move);
        p += k + (p[k] == ';');
    }
    return played;
}

bool brt_move_is_legal(const br_state *s, br_move move)
{
    br_move moves[BRT_MOVE_BUFFER];
    size_t n = all_legal_moves(s, moves);
    bool listed = false;
    for (size_t i = 0; i < n; i++)
        listed |= moves[i] == move;
    char reason[256] = "";
    bool checked = br_state_check_move(s, move, reason, sizeof reason) == BR_OK;
    REQUIRE(listed == checked, "move %d: legal list (%d) and check_move (%d) disagree",
            (int)move, listed, checked);
    REQUIRE(checked || reason[0] != '\0', "move %d is illegal without a reason", (int)move);
    return listed;
}

bool brt_is_legal(const br_state *s, const char *text)
{
    return brt_move_is_legal(s, brt_parse_move(s, text));
}

/* The text of `move` into `out` (room for `size`). */
static void move_text_into(const br_state *s, br_move move, char *out, size_t size)
{
    br_status st = br_state_move_to_text(s, move, out, size, NULL);
    REQUIRE(st == BR_OK, "br_state_move_to_text(%d): %s", (int)move, br_status_string(st));
}

const char *brt_legal_text(const br_state *s)
{
    char *out = scratch();
    br_move moves[BRT_MOVE_BUFFER];
    size_t n = all_legal_moves(s, moves), used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char text[128];
        move_text_into(s, moves[i], text, sizeof text);
        used += (size_t)snprintf(out + used, BRT_TEXT_SIZE - used, "%s%s", i ? ", " : "", text);
        REQUIRE(used < BRT_TEXT_SIZE, "the legal moves' texts pass BRT_TEXT_SIZE");
    }
    return out;
}

bool brt_any_legal_starting(const br_state *s, const char *prefix)
{
    br_move moves[BRT_MOVE_BUFFER];
    size_t n = all_legal_moves(s, moves);
    for (size_t i = 0; i < n; i++) {
        char text[128];
        move_text_into(s, moves[i], text, sizeof text);
        if (strncmp(text, prefix, strlen(prefix)) == 0)
            return true;
    }
    return false;
}

const char *brt_view_of(const br_state *s, br_move move, int seat)
{
    char *out = scratch();
    br_status st = br_state_move_to_text_view(s, move, seat, out, BRT_TEXT_SIZE, NULL);
    REQUIRE(st == BR_OK, "br_state_move_to_text_view(%d, seat %d): %s", (int)move, seat,
            br_status_string(st));
    return out;
}

void brt_resample_keeping_view(const br_state *s, int seat, uint64_t seed, br_state *into,
                               int viewer)
{
    br_status st = br_state_resample(s, seat, seed, into);
    ck_assert_msg(st == BR_OK, "br_state_resample(seat %d, seed %llu): %s", seat,
                  (unsigned long long)seed, br_status_string(st));
    char *before = brt_observation(s, viewer), *after = brt_observation(into, viewer);
    ck_assert_msg(strcmp(before, after) == 0,
                  "seat %d's observation changed by resampling seat %d (seed %llu)", viewer, seat,
                  (unsigned long long)seed);
    free(before);
    free(after);
}

void brt_expect_player(const br_state *s, int seat)
{
    ck_assert_msg(br_state_current_player(s) == seat, "current player %d, want %d",
                  br_state_current_player(s), seat);
}

/* More seats than any registered game has. */
#define BRT_MAX_SEATS 16

/* One number per seat (%g), joined by commas. */
static const char *seats_text(const br_state *s, const double *values)
{
    char *out = scratch();
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < br_state_num_players(s); i++) {
        if (i > 0)
            used += (size_t)snprintf(out + used, BRT_TEXT_SIZE - used, ",");
        used += (size_t)snprintf(out + used, BRT_TEXT_SIZE - used, "%g", values[i]);
    }
    return out;
}

const char *brt_winners_text(const br_state *s)
{
    int w[BRT_MAX_SEATS] = {0};
    double values[BRT_MAX_SEATS];
    ck_assert_int_eq(br_state_winners(s, w, BRT_MAX_SEATS), BR_OK);
    for (int i = 0; i < BRT_MAX_SEATS; i++)
        values[i] = w[i];
    return seats_text(s, values);
}

const char *brt_returns_text(const br_state *s)
{
    double r[BRT_MAX_SEATS];
    for (int i = 0; i < BRT_MAX_SEATS; i++)
        r[i] = 9;
    ck_assert_int_eq(br_state_returns(s, r, BRT_MAX_SEATS), BR_OK);
    return seats_text(s, r);
}

int brt_name_index(const char *const *names, int count, const char *name, const char *what)
{
    for (int k = 0; k < count; k++)
        if (strcmp(names[k], name) == 0)
            return k;
    ck_abort_msg("test bug: '%s' is not %s", name, what);
    return -1;
}

void brt_expect_move_text(const br_state *s, const char *text, br_move move)
{
    br_move parsed = brt_parse_move(s, text);
    ck_assert_msg(parsed == move, "'%s' is %d, want %d", text, (int)parsed, (int)move);
    char back[128];
    move_text_into(s, move, back, sizeof back);
    ck_assert_msg(strcmp(back, text) == 0, "move %d reads '%s', want '%s'", (int)move, back, text);
}

void brt_expect_move_texts(const br_state *s, const brt_move_and_text *table, size_t n)
{
    for (size_t i = 0; i < n; i++)
        brt_expect_move_text(s, table[i].text, table[i].move);
}

void brt_expect_texts_parse(const br_state *s, const brt_move_and_text *table, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        br_move parsed = brt_parse_move(s, table[i].text);
        ck_assert_msg(parsed == table[i].move, "'%s' is %d, want %d", table[i].text, (int)parsed,
                      (int)table[i].move);
    }
}

void brt_expect_texts_refused(const br_state *s, const char *const *texts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        brt_expect_parse_refused(s, texts[i], "");
}

void brt_expect_every_move_round_trips(const br_state *s, br_move move_space)
{
    for (br_move m = 0; m < move_space; m++) {
        char text[128];
        move_text_into(s, m, text, sizeof text);
        br_move back = BR_MOVE_NONE;
        ck_assert_msg(br_state_move_from_text(s, text, &back) == BR_OK, "'%s' (%d): %s", text,
                      (int)m, br_state_last_error(s));
        ck_assert_msg(back == m, "'%s' parses to %d, not %d", text, (int)back, (int)m);
    }
    char text[16];
    ck_assert_int_eq(br_state_move_to_text(s, move_space, text, sizeof text, NULL),
                     BR_ERR_ARGUMENT);
}

void brt_expect_parse_refused(const br_state *s, const char *text, const char *part)
{
    br_move m = 12345;
    br_status st = br_state_move_from_text(s, text, &m);
    ck_assert_msg(st == BR_ERR_PARSE, "'%s' parsed (%s, move %d)", text, br_status_string(st),
                  (int)m);
    const char *reason = br_state_last_error(s);
    ck_assert_msg(reason[0] != '\0', "'%s': no reason", text);
    ck_assert_msg(strstr(reason, part) != NULL, "'%s': the reason '%s' lacks '%s'", text, reason,
                  part);
}

void brt_expect_record_refused(const char *record, size_t line, const char *part)
{
    size_t bad = 0;
    char err[512] = "";
    br_status st = br_record_replay(record, NULL, &bad, err, sizeof err);
    ck_assert_msg(st == BR_ERR_RECORD, "record replayed with %s: %s", br_status_string(st), err);
    ck_assert_msg(bad == line, "bad line %zu, expected %zu: %s", bad, line, err);
    ck_assert_msg(strstr(err, part) != NULL, "the reason '%s' lacks '%s'", err, part);
}

void brt_expect_same_play(const br_state *a, const br_state *b)
{
    json_t *ja = brt_snapshot_json(a), *jb = brt_snapshot_json(b);
    ck_assert_msg(json_equal(json_object_get(ja, "state"), json_object_get(jb, "state")),
                  "the positions differ");
    ck_assert_msg(json_equal(json_object_get(ja, "history"), json_object_get(jb, "history")),
                  "the histories differ");
    json_decref(ja);
    json_decref(jb);
}

const char *brt_text_at(json_t *root, const char *path)
{
    char *out = scratch();
    brt_json_value_text(brt_json_at(root, path), out, BRT_TEXT_SIZE);
    return out;
}

const char *brt_field(const br_state *s, const char *path)
{
    json_t *root = brt_snapshot_json(s);
    const char *out = brt_text_at(json_object_get(root, "state"), path);
    json_decref(root);
    return out;
}

/* The path of a printf-formatted `fmt` into `path` (room for BRT_PATH_SIZE). */
#define BRT_PATH_SIZE 256
#define FORMAT_PATH(path, fmt)                                                                     \
    do {                                                                                           \
        va_list ap;                                                                                \
        va_start(ap, fmt);                                                                         \
        vsnprintf(path, BRT_PATH_SIZE, fmt, ap);                                                   \
        va_end(ap);                                                                                \
    } while (0)

const char *brt_fieldf(const br_state *s, const char *fmt, ...)
{
    char path[BRT_PATH_SIZE];
    FORMAT_PATH(path, fmt);
    return brt_field(s, path);
}

const char *brt_observed(const br_state *s, int seat, const char *path)
{
    char *text = brt_observation(s, seat);
    json_t *root = brt_parse_json(text);
    free(text);
    const char *out = brt_text_at(json_object_get(root, "view"), path);
    json_decref(root);
    return out;
}

int brt_int_at(json_t *root, const char *path)
{
    json_t *v = brt_json_at(root, path);
    ck_assert_msg(json_is_integer(v), "state.%s is not an integer: %s", path,
                  brt_text_at(root, path));
    return (int)json_integer_value(v);
}

int brt_field_int(const br_state *s, const char *path)
{
    json_t *root = brt_snapshot_json(s);
    int v = brt_int_at(json_object_get(root, "state"), path);
    json_decref(root);
    return v;
}

int brt_field_intf(const br_state *s, const char *fmt, ...)
{
    char path[BRT_PATH_SIZE];
    FORMAT_PATH(path, fmt);
    return brt_field_int(s, path);
}

void brt_playf(br_state *s, const char *fmt, ...)
{
    char text[BRT_PATH_SIZE];
    FORMAT_PATH(text, fmt);
    brt_play(s, text);
}

void brt_expect_field(const br_state *s, const char *path, const char *want)
{
    const char *got = brt_field(s, path);
    ck_assert_msg(strcmp(got, want) == 0, "state.%s: got '%s', want '%s'", path, got, want);
}

void brt_expect_int(const br_state *s, const char *path, int want)
{
    int got = brt_field_int(s, path);
    ck_assert_msg(got == want, "state.%s: got %d, want %d", path, got, want);
}

void brt_expect_observed(const br_state *s, int seat, const char *path, const char *want)
{
    const char *got = brt_observed(s, seat, path);
    ck_assert_msg(strcmp(got, want) == 0, "seat %d observes %s = '%s', want '%s'", seat, path,
                  got, want);
}

int brt_array_size(const br_state *s, const char *path)
{
    json_t *root = brt_snapshot_json(s);
    json_t *array = brt_json_at(json_object_get(root, "state"), path);
    REQUIRE(json_is_array(array), "state.%s is not an array", path);
    int n = (int)json_array_size(array);
    json_decref(root);
    return n;
}

br_state *brt_load_tree(const json_t *root, const char *what)
{
    char *text = json_dumps(root, JSON_COMPACT);
    REQUIRE(text != NULL, "%s: json_dumps failed", what);
    char err[512] = "";
    br_state *s = NULL;
    br_status status = br_state_from_json(text, &s, err, sizeof err);
    free(text);
    REQUIRE(status == BR_OK, "%s refused: %s: %s", what, br_status_string(status), err);
    return s;
}

void brt_expect_member_refused(json_t *root, const char *path, const char *value,
                               const char *what, const char *needle)
{
    json_t *member = brt_parse_json(value);
    brt_set_member(json_object_get(root, "state"), path, member);
    json_decref(member);
    brt_expect_json_refused(root, what, needle);
}

void brt_expect_snapshot_round_trip(const br_state *s, const char *what)
{
    char *text = brt_snapshot(s);
    char err[512] = "";
    br_state *back = NULL;
    br_status st = br_state_from_json(text, &back, err, sizeof err);
    ck_assert_msg(st == BR_OK, "%s: snapshot refused: %s", what, err);
    char *again = brt_snapshot(back);
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
    br_state_free(back);
}

void brt_expect_json_refused(json_t *root, const char *what, const char *needle)
{
    char *text = json_dumps(root, JSON_COMPACT);
    REQUIRE(text != NULL, "json_dumps failed");
    char err[512] = "";
    br_state *out = NULL;
    br_status status = br_state_from_json(text, &out, err, sizeof err);
    free(text);
    ck_assert_msg(status == BR_ERR_SNAPSHOT, "%s: status %s (%s)", what, br_status_string(status),
                  err);
    ck_assert_ptr_null(out);
    ck_assert_msg(strstr(err, needle) != NULL, "%s: message '%s' does not name '%s'", what, err,
                  needle);
}

void brt_set_member(json_t *state, const char *path, json_t *value)
{
    char parent[256];
    const char *last = path + strlen(path);
    while (last > path && last[-1] != '.' && last[-1] != '[')
        last--;
    size_t plen = (size_t)(last - path);
    if (plen > 0)
        plen -= 1; /* the '.' or '[' */
    snprintf(parent, sizeof parent, "%.*s", (int)plen, path);
    json_t *obj = plen > 0 ? brt_json_at(state, parent) : state;
    ck_assert_msg(obj != NULL, "test bug: no member '%s'", parent);
    if (json_is_array(obj))
        ck_assert_int_eq(json_array_set(obj, (size_t)atoi(last), value), 0);
    else
        ck_assert_int_eq(json_object_set(obj, last, value), 0);
}

unsigned char *brt_binary_sized(const br_state *s, size_t *len, size_t *payload_at,
                                size_t payload_size)
{
    unsigned char *bytes = brt_binary_of(s, len, payload_at);
    ck_assert_uint_eq(*len - *payload_at, payload_size);
    return bytes;
}

void brt_expect_binary_refused(const br_state *s, size_t payload_size, size_t at,
                               unsigned value, const char *field)
{
    size_t len, payload;
    unsigned char *bytes = brt_binary_sized(s, &len, &payload, payload_size);
    bytes[payload + at] = (unsigned char)value;
    char what[64];
    snprintf(what, sizeof what, "payload byte %zu = %u", at, value);
    brt_expect_bytes_refused(bytes, len, what, field);
    free(bytes);
}

void brt_expect_binary_round_trip(const br_state *s, size_t payload_size)
{
    size_t len, payload;
    unsigned char *bytes = brt_binary_sized(s, &len, &payload, payload_size);
    char err[256] = "";
    br_state *t = NULL;
    ck_assert_msg(br_state_from_bytes(bytes, len, &t, err, sizeof err) == BR_OK, "%s", err);
    char *a = brt_snapshot(s), *b = brt_snapshot(t);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    free(bytes);
    br_state_free(t);
}

void brt_expect_bytes_refused(const unsigned char *bytes, size_t len, const char *what,
                              const char *field)
{
    char err[512] = "";
    /* brt_binary_load checks that a state comes back only with BR_OK. */
    br_status status = brt_binary_load(bytes, len, err, sizeof err);
    ck_assert_msg(status == BR_ERR_SNAPSHOT, "%s: status %s (%s)", what,
                  br_status_string(status), err);
    ck_assert_msg(strstr(err, field) != NULL, "%s: message '%s' does not name '%s'", what, err,
                  field);
}

void brt_expect_short_payload_refused(const br_state *s, size_t payload_size, size_t cut,
                                      const char *field)
{
    size_t len, payload;
    unsigned char *bytes = brt_binary_sized(s, &len, &payload, payload_size);
    size_t shorter = len - cut;
    uint32_t n = (uint32_t)(shorter - payload);
    for (int i = 0; i < 4; i++) /* the payload length L, little-endian, before the payload */
        bytes[payload - 4 + (size_t)i] = (unsigned char)(n >> (8 * i));
    brt_expect_bytes_refused(bytes, shorter, "a short payload", field);
    free(bytes);
}
