/*
 * Helpers shared by the test suites: the generic ones (test_api,
 * test_conformance, test_golden, test_binary, ...) and the games' own
 * (test_tsuro, test_tuer_an_tuer, ...), and the one runner every test
 * program's main() ends in (brt_run_tests, given the table of its tests).
 * They use only the public API of libboardrules. A helper that a second
 * game's tests would copy belongs here.
 *
 * Every function that returns a `char *` returns memory allocated with
 * malloc() that the caller frees; a `const char *` points to a static
 * buffer (see "The games' rule tests" below). On a library failure the helper
 * fails the running Check test with a message naming the call; the brt_expect_
 * helpers fail it when what they expect does not hold.
 */
#ifndef BRT_UTIL_H
#define BRT_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <boardrules.h>
#include <check.h>

/* The state's snapshot (br_state_to_json), asked for with the length-query
 * convention (first call with size 0, then the exact size). */
char *brt_snapshot(const br_state *s);
/* br_state_observe() of `seat` (-1: spectator). */
char *brt_observation(const br_state *s, int seat);
/* br_state_render(). */
char *brt_render(const br_state *s);
/* br_state_render_view() of `seat` (-1: spectator). */
char *brt_render_view(const br_state *s, int seat);
/* br_state_options(). */
char *brt_options(const br_state *s);
/* br_state_move_to_text() of `move`. */
char *brt_move_text(const br_state *s, br_move move);

/* br_state_new() that must succeed (the failure message names the game,
 * the options and the library's reason). */
br_state *brt_new_state(const br_game *game, const char *options);
/* br_state_from_json() that must succeed. */
br_state *brt_load(const char *json);

/* The legal moves of `s` into `moves` (room for `capacity`); fails the test
 * when the list does not fit or the call fails. Returns the count. */
size_t brt_legal_moves(const br_state *s, br_move *moves, size_t capacity);

/* A small portable generator (splitmix64) for the tests' own choices. */
uint64_t brt_rand_next(uint64_t *state);
/* Uniform in 0..bound-1 (bound > 0). */
size_t brt_rand_below(uint64_t *state, size_t bound);

/* Plays uniformly random legal moves (chance outcomes at explicit chance
 * nodes too) until the game is over or `max_moves` moves were made.
 * Returns the number of moves made. */
size_t brt_play_random(br_state *s, uint64_t *rng, size_t max_moves);

/* A new state of `game` with `options` after brt_play_random() of up to
 * `max_moves` moves, its generator started at `rng_seed`. */
br_state *brt_random_state(const br_game *game, const char *options, uint64_t rng_seed,
                           size_t max_moves);

/* Reads a whole file; NULL when it cannot be read. */
char *brt_read_file(const char *path);
/* strdup() in plain C11. */
char *brt_strdup(const char *text);
/* printf into a new string. */
char *brt_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Runs `run` on each of the `count` jobs (`job_size` bytes each, one after
 * the other from `jobs`) in a thread of its own, at most BRT_THREADS_MAX,
 * and waits for them all; fails the test when a thread cannot be started. */
#define BRT_THREADS_MAX 16
void brt_run_in_threads(void *(*run)(void *), void *jobs, size_t job_size, size_t count);
/* brt_run_in_threads() of every job of the array `jobs`. */
#define BRT_RUN_IN_THREADS(run, jobs) \
    brt_run_in_threads((run), (jobs), sizeof((jobs)[0]), BRT_COUNT(jobs))

/* True when `text` contains `needle` (both non-NULL). */
bool brt_contains(const char *text, const char *needle);

/* A JSON value as text into out: strings as they are, integers in decimal,
 * booleans true/false, null "null", NULL (a missing member) "(missing)",
 * arrays as their elements' texts joined by commas, objects as compact
 * JSON with sorted keys. */
struct json_t;
void brt_json_value_text(const struct json_t *v, char *out, size_t size);
/* Parses JSON text (any value); fails the test on bad JSON. Free with json_decref. */
struct json_t *brt_parse_json(const char *text);
/* The snapshot of `s` as a JSON tree (free with json_decref). */
struct json_t *brt_snapshot_json(const br_state *s);
/* The member at `path` under `v` ("players[0].goods.money", "crews[0].square"),
 * or NULL when there is none; borrowed from `v`. */
struct json_t *brt_json_at(struct json_t *v, const char *path);

/* The facts' observation tensor must be a vector of `size` entries: rank 1,
 * shape {size, 0, 0, 0}, tensor_size `size`. */
void brt_expect_vector_tensor(const br_facts *f, size_t size);

/* Binary snapshots (doc/snapshots.md, "Binary"). */

/* The little-endian 32-bit number at `p` (the envelope's numbers). */
uint32_t brt_read_u32(const unsigned char *p);

/* Where the parts of a binary snapshot's envelope begin (byte offsets). */
typedef struct brt_binary_layout {
    size_t move_number; /* N, 4 bytes */
    size_t generator;   /* the generator, 32 bytes */
    size_t history;     /* format 2: S (4 bytes) and the N - S entries;
                         * format 1 has none: equal to `kind` */
    size_t kind;        /* the payload kind (1 byte), then L (4 bytes) */
    size_t payload;     /* the payload: the L bytes to the end */
} brt_binary_layout;

/* The layout of the `len` bytes of a binary snapshot as the library writes
 * it, format 1 or 2. History entries are taken as 3 bytes each (every
 * registered game's move space has at most 65,536 moves); fails the test when
 * a part runs past `len` or the payload length L does not end at `len`. */
brt_binary_layout brt_binary_layout_of(const unsigned char *bytes, size_t len);

/* br_state_to_bytes() of `s`, asked for with the length-query convention
 * (first call with size 0, then the exact size), into a new buffer of *len
 * bytes. When `payload_at` is not NULL it gets the offset of the payload, and
 * the payload kind must be 1 (the game's own fields: every game writes them). */
unsigned char *brt_binary_of(const br_state *s, size_t *len, size_t *payload_at);

/* br_state_from_bytes() of `bytes`; the reason of a refusal goes to `err`
 * (err_size bytes, as for br_state_from_bytes), a state loaded is freed. Fails the test
 * when a state comes back with a status other than BR_OK, or none with BR_OK.
 * Returns the status. */
br_status brt_binary_load(const unsigned char *bytes, size_t len, char *err, size_t err_size);

/* The games' rule tests: states and moves by their texts
 *
 * Every `const char *` these return points to one of eight rotating static
 * buffers (BRT_TEXT_SIZE bytes) that they share: valid until these helpers
 * have returned eight more texts; never freed by the caller. */

#define BRT_TEXT_SIZE 16384
/* Room for the legal moves of every position of every registered game. */
#define BRT_MOVE_BUFFER 1024

/* A new state of the game named `game_name` (which must be registered). */
br_state *brt_new_game(const char *game_name, const char *options);
/* br_state_clone() that must succeed. */
br_state *brt_clone(const br_state *s);
/* The move of `text` (br_state_move_from_text), which must parse. */
br_move brt_parse_move(const br_state *s, const char *text);
/* Applies the move of `text`, which must be legal. */
void brt_play(br_state *s, const char *text);
/* brt_play() of a printf-formatted text. */
void brt_playf(br_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Plays the moves of `script`, their texts separated by ';' ("draw R5;B5@c2"),
 * each of which must be legal: all of them, or the first `max_moves` when
 * that is not 0. Returns the number of moves played. */
size_t brt_play_script(br_state *s, const char *script, size_t max_moves);

/* Whether `move` is legal. The legal move list and br_state_check_move()
 * must agree, and an illegal move must come with a reason. */
bool brt_move_is_legal(const br_state *s, br_move move);
/* brt_move_is_legal() of the move of `text`. */
bool brt_is_legal(const br_state *s, const char *text);
#define BRT_ASSERT_LEGAL(s, text) \
    ck_assert_msg(brt_is_legal((s), (text)), "'%s' should be legal", (text))
#define BRT_ASSERT_ILLEGAL(s, text) \
    ck_assert_msg(!brt_is_legal((s), (text)), "'%s' should be illegal", (text))

/* The legal moves as their texts, joined by ", " (in increasing move order). */
const char *brt_legal_text(const br_state *s);
/* Whether some legal move's text starts with `prefix`. */
bool brt_any_legal_starting(const br_state *s, const char *prefix);
/* The text of `move` as `seat` sees it (br_state_move_to_text_view). */
const char *brt_view_of(const br_state *s, br_move move, int seat);
/* The player to move must be `seat`. */
void brt_expect_player(const br_state *s, int seat);
/* br_state_resample(s, seat, seed, into), which must succeed and leave what
 * `viewer` observes as it is in `s`. */
void brt_resample_keeping_view(const br_state *s, int seat, uint64_t seed, br_state *into,
                               int viewer);
/* br_state_winners() as "0,1,0" and br_state_returns() as "-1,1,-1", one
 * entry per seat. */
const char *brt_winners_text(const br_state *s);
const char *brt_returns_text(const br_state *s);

/* Move texts (the games' "Move numbers and notation") */

/* The number of elements of an array. */
#define BRT_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* The index of `name` among the `count` entries of `names` (a game's names
 * of its tiles, goods, ...); fails the test, a bug of the test itself, when
 * it is none of them (`what`, with its article: "a tile"). */
int brt_name_index(const char *const *names, int count, const char *name, const char *what);
/* brt_name_index() among the entries of the array `names`. */
#define BRT_NAME_INDEX(names, name, what) \
    brt_name_index((names), (int)BRT_COUNT(names), (name), (what))

/* A move and its text. */
typedef struct brt_move_and_text {
    const char *text;
    br_move move;
} brt_move_and_text;

/* `text` must parse to `move`, and `move` must read `text`. */
void brt_expect_move_text(const br_state *s, const char *text, br_move move);
/* brt_expect_move_text() of each of the `n` entries of `table`. */
void brt_expect_move_texts(const br_state *s, const brt_move_and_text *table, size_t n);
/* Each text of `table` (another spelling, say) must parse to its move. */
void brt_expect_texts_parse(const br_state *s, const brt_move_and_text *table, size_t n);
/* Each of the `n` texts must be refused (brt_expect_parse_refused, any reason). */
void brt_expect_texts_refused(const br_state *s, const char *const *texts, size_t n);
/* Every move below `move_space` must have a text that parses back to it, and
 * `move_space` itself must be refused with BR_ERR_ARGUMENT. */
void brt_expect_every_move_round_trips(const br_state *s, br_move move_space);
/* `text` must be refused with BR_ERR_PARSE and a reason that contains `part`
 * ("" for any reason; none is never enough). */
void brt_expect_parse_refused(const br_state *s, const char *text, const char *part);

/* Records (doc/records.md) */

/* br_record_replay() of `record` must be refused with BR_ERR_RECORD, the bad
 * line number `line` and a reason that contains `part`. */
void brt_expect_record_refused(const char *record, size_t line, const char *part);

/* Snapshot and observation members as text (brt_json_value_text) */

/* The member at `path` (brt_json_at) under `root`. */
const char *brt_text_at(struct json_t *root, const char *path);
/* The snapshot member state.<path>. */
const char *brt_field(const br_state *s, const char *path);
/* brt_field() of a printf-formatted path. */
const char *brt_fieldf(const br_state *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The member view.<path> of what `seat` observes (br_state_observe). */
const char *brt_observed(const br_state *s, int seat, const char *path);
/* The integer member at `path` under `root`, a snapshot's "state" (fails the
 * test on another kind). */
int brt_int_at(struct json_t *root, const char *path);
/* The integer snapshot member state.<path>, and of a formatted path. */
int brt_field_int(const br_state *s, const char *path);
int brt_field_intf(const br_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The snapshot member state.<path> must read `want`. */
void brt_expect_field(const br_state *s, const char *path, const char *want);
/* The integer snapshot member state.<path> must be `want`. */
void brt_expect_int(const br_state *s, const char *path, int want);
/* The member view.<path> of what `seat` observes must read `want`. */
void brt_expect_observed(const br_state *s, int seat, const char *path, const char *want);
/* The number of entries of the array snapshot member state.<path> (fails the
 * test when it is no array). */
int brt_array_size(const br_state *s, const char *path);
/* br_state_from_json() of the snapshot tree `root` (a snapshot edited by the
 * test; the caller keeps it), which must load; `what` names the position in
 * the failure message. */
br_state *brt_load_tree(const struct json_t *root, const char *what);
/* The snapshot tree `root` with its member state.<path> set to the JSON text
 * `value` must be refused by br_state_from_json() with BR_ERR_SNAPSHOT and a
 * reason that names `needle` (as brt_expect_json_refused; `root` is changed). */
void brt_expect_member_refused(struct json_t *root, const char *path, const char *value,
                               const char *what, const char *needle);
/* The snapshot of `s` must load back (br_state_from_json) into a state with
 * the same snapshot; `what` names the position in the failure message. */
void brt_expect_snapshot_round_trip(const br_state *s, const char *what);
/* The snapshots of `a` and `b` must hold the same position and history
 * (their "state" and "history" members; the generator may differ, as after a
 * replay). */
void brt_expect_same_play(const br_state *a, const br_state *b);
/* The snapshot `root` (a JSON tree; `what`: a few words on what is wrong
 * with it, for the failure message) must be refused by br_state_from_json()
 * with BR_ERR_SNAPSHOT and a reason that names `needle`. */
void brt_expect_json_refused(struct json_t *root, const char *what, const char *needle);
/* Sets the member at `path` under `state` (the last step an object key or an
 * array index, whose parent must exist) to `value` (a new reference is taken;
 * the caller keeps its own). */
void brt_set_member(struct json_t *state, const char *path, struct json_t *value);

/* The binary snapshot of `s` (brt_binary_of) whose game fields (from
 * *payload_at) must take `payload_size` bytes. */
unsigned char *brt_binary_sized(const br_state *s, size_t *len, size_t *payload_at,
                                size_t payload_size);
/* The binary snapshot of `s` (game fields of `payload_size` bytes) must load
 * back into a state with the same snapshot. */
void brt_expect_binary_round_trip(const br_state *s, size_t payload_size);
/* `len` bytes of a binary snapshot (`what`: a few words on what is wrong with
 * them, for the failure message) must be refused with BR_ERR_SNAPSHOT and a
 * reason that names `field`. */
void brt_expect_bytes_refused(const unsigned char *bytes, size_t len, const char *what,
                              const char *field);
/* The binary snapshot of `s` cut `cut` bytes short (and its payload length
 * with it) must be refused, naming `field`: the part where it ends. */
void brt_expect_short_payload_refused(const br_state *s, size_t payload_size, size_t cut,
                                      const char *field);
/* The binary snapshot of `s` with byte `at` of its payload (of `payload_size`
 * bytes) set to `value` must be refused with BR_ERR_SNAPSHOT and a reason
 * that names `field`. */
void brt_expect_binary_refused(const br_state *s, size_t payload_size, size_t at,
                               unsigned value, const char *field);

/* Running the suites
 *
 * A test program lists its tests in a table of brt_test rows, in the order
 * they run, and main() hands the table to brt_run_tests(). A BRT_CASE row
 * starts a test case (CK_RUN_CASE picks test cases by these names); the
 * BRT_TEST, BRT_LOOP and BRT_PER_GAME rows after it run in that case.
 * START_TEST's names are variables, not constants, so the table is an
 * automatic array (in main() or the function that builds the suite). */

/* The `end` of a BRT_PER_GAME row: the number of registered games. */
#define BRT_EVERY_GAME (-1)

/* One row of a test program's table: a test case (`test` NULL) or a test. */
typedef struct brt_test {
    const char *tcase; /* BRT_CASE: the test case's name; else NULL */
    double seconds;    /* BRT_CASE: its tests' timeout (CK_TIMEOUT_MULTIPLIER
                        * scales it); 0: Check's default (CK_DEFAULT_TIMEOUT) */
    const TTest *test; /* the test (START_TEST's name); NULL for BRT_CASE */
    int end;           /* runs for the loop indexes 0..end-1 (BRT_EVERY_GAME:
                        * once per registered game, _i its registry index) */
} brt_test;

/* clang-format 14 splits a brace initialiser in a macro over four lines;
 * these rows read best on one. */
/* clang-format off */
/* Starts the test case `name`, each of whose tests may run `seconds`. */
#define BRT_CASE(name, seconds) { (name), (seconds), NULL, 0 }
/* A test that runs once (_i 0). */
#define BRT_TEST(test) { NULL, 0, (test), 1 }
/* A loop test, run for _i = 0..end-1. */
#define BRT_LOOP(test, end) { NULL, 0, (test), (end) }
/* A loop test run once per registered game (_i: its registry index). */
#define BRT_PER_GAME(test) { NULL, 0, (test), BRT_EVERY_GAME }
/* clang-format on */

/* Adds the `count` rows of `tests` (the first a BRT_CASE row) to `suite`. */
void brt_add_tests(Suite *suite, const brt_test *tests, size_t count);

/* A suite `name` with the tests of the table (brt_add_tests()) run through
 * brt_run_suite(); returns the test program's exit status. */
int brt_run_tests(const char *name, const brt_test *tests, size_t count);

/* Runs every test of `suite` (freed here) in a new SRunner and returns the
 * test program's exit status: EXIT_SUCCESS when no test failed. Check's
 * environment variables apply as in any Check runner (CK_RUN_SUITE,
 * CK_RUN_CASE, CK_INCLUDE_TAGS, CK_FORK, CK_DEFAULT_TIMEOUT,
 * CK_TIMEOUT_MULTIPLIER, CK_LOG_FILE_NAME, CK_XML_LOG_FILE_NAME, ...), and
 * CK_VERBOSITY (silent, minimal, normal, verbose; default normal) sets what
 * is printed. Every test program's main() ends here. */
int brt_run_suite(Suite *suite);

#endif /* BRT_UTIL_H */
