/*
 * The learning interface (boardrules/learn.h) beyond what the conformance
 * suite checks at every step: argument validation, the history's life
 * (clone, copy, resample, snapshots of both versions, replay), that copying
 * and applying never allocate, and the cost of a tensor and a mask staying
 * a plain call into the game (no allocation either).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

/* An allocator that counts: copying, applying and writing tensors, masks
 * and histories must not allocate. */
static long allocations;

static void *counting_malloc(size_t size)
{
    allocations++;
    return malloc(size);
}

/* A state of game `index`, `moves` random moves into play, explicit chance
 * when `explicit_chance` (so that chance outcomes come from the caller). */
static br_state *state_in_play(int index, const char *options, size_t moves)
{
    return brt_random_state(br_game_at((size_t)index), options, 77 + (uint64_t)index, moves);
}

static size_t history_of(const br_state *s, br_history_entry **out)
{
    size_t count = 0;
    br_status st = br_state_history(s, NULL, 0, &count);
    ck_assert(st == BR_OK || st == BR_ERR_BUFFER);
    *out = calloc(count + 1, sizeof **out);
    ck_assert_int_eq(br_state_history(s, *out, count, &count), BR_OK);
    return count;
}

START_TEST(test_arguments_refused)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2");
    float t[4];
    uint8_t m[4];
    br_history_entry h[2];
    size_t count = 5;
    ck_assert_int_eq(br_state_observation_tensor(NULL, 0, t, 4), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_observation_tensor(s, 0, NULL, 4), BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(br_state_last_error(s), "out is NULL"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_observation_tensor(s, -2, t, 4), BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(br_state_last_error(s), "seat -2 is not in -1..1"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_observation_tensor(s, 0, t, 4), BR_ERR_BUFFER);
    ck_assert_msg(brt_contains(br_state_last_error(s), "the tensor has"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_legal_mask(NULL, m, 4), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_legal_mask(s, NULL, 4), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_legal_mask(s, m, 4), BR_ERR_BUFFER);
    ck_assert_msg(brt_contains(br_state_last_error(s), "the move space has 363 moves"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_history(NULL, h, 2, &count), BR_ERR_ARGUMENT);
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(br_state_history(s, h, 2, NULL), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history(s, NULL, 2, &count), BR_ERR_ARGUMENT);
    /* The deals of the initial state are in it: a size query. */
    ck_assert_int_eq(br_state_history(s, NULL, 0, &count), BR_ERR_BUFFER);
    ck_assert_uint_eq(count, br_state_move_number(s));
    ck_assert_uint_eq(br_state_history_start(NULL), 0);
    ck_assert_uint_eq(br_game_option_count(NULL), 0);
    ck_assert_ptr_null(br_game_option(br_game_find("tsuro"), 999));
    br_state_free(s);
}
END_TEST

/* The history of a chance=auto game: the seats' moves with their seats,
 * and between them the draws the library made, marked as chance. */
START_TEST(test_history_marks_auto_chance)
{
    br_state *s = brt_new_state(br_game_at((size_t)_i), "seed=3");
    uint32_t chance_before = 0;
    br_history_entry *h;
    size_t n = history_of(s, &h);
    ck_assert_uint_eq(n, br_state_move_number(s));
    for (size_t k = 0; k < n; k++) {
        ck_assert_int_eq(h[k].player, BR_PLAYER_CHANCE); /* only deals before the first turn */
        chance_before++;
    }
    free(h);
    br_move moves[1024];
    size_t legal = brt_legal_moves(s, moves, 1024);
    int seat = br_state_current_player(s);
    uint32_t at = br_state_move_number(s);
    ck_assert_int_eq(br_state_apply(s, moves[legal - 1]), BR_OK);
    n = history_of(s, &h);
    ck_assert_uint_eq(n, br_state_move_number(s));
    ck_assert_int_eq(h[at].move, moves[legal - 1]);
    ck_assert_int_eq(h[at].player, seat);
    for (size_t k = at + 1; k < n; k++)
        ck_assert_int_eq(h[k].player, BR_PLAYER_CHANCE);
    free(h);
    (void)chance_before;
    br_state_free(s);
}
END_TEST

/* A short buffer gets the first entries and the full count. */
START_TEST(test_history_short_buffer)
{
    br_state *s = state_in_play(0, "players=3,chance=explicit", 12);
    br_history_entry all[64], part[5];
    size_t n = 0, m = 0;
    ck_assert_int_eq(br_state_history(s, all, 64, &n), BR_OK);
    ck_assert_uint_eq(n, 12);
    ck_assert_int_eq(br_state_history(s, part, 5, &m), BR_ERR_BUFFER);
    ck_assert_uint_eq(m, 12);
    ck_assert_mem_eq(part, all, sizeof part);
    br_state_free(s);
}
END_TEST

/* Clones and copies carry the history; copying into a state with a longer
 * history leaves none of it behind. */
START_TEST(test_history_cloned_and_copied)
{
    br_state *long_game = state_in_play(_i, "chance=explicit", 40);
    br_state *short_game = state_in_play(_i, "chance=explicit", 3);
    br_state *clone = NULL;
    ck_assert_int_eq(br_state_clone(short_game, &clone), BR_OK);
    br_history_entry *a, *b;
    size_t na = history_of(short_game, &a), nb = history_of(clone, &b);
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(a, b, na * sizeof *a);
    free(b);
    ck_assert_int_eq(br_state_copy(long_game, short_game), BR_OK);
    nb = history_of(long_game, &b);
    ck_assert_uint_eq(nb, na);
    ck_assert_mem_eq(a, b, na * sizeof *a);
    char *x = brt_snapshot(long_game), *y = brt_snapshot(short_game);
    ck_assert_str_eq(x, y);
    free(x);
    free(y);
    free(a);
    free(b);
    br_state_free(clone);
    br_state_free(long_game);
    br_state_free(short_game);
}
END_TEST

/* Copy, apply, tensor, mask and history allocate nothing. */
START_TEST(test_no_allocation_in_the_loop)
{
    const br_game *game = br_game_at((size_t)_i);
    br_state *s = brt_new_state(game, "seed=9");
    br_state *work = brt_new_state(game, "seed=9");
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    float *tensor = malloc(f.tensor_size * sizeof *tensor);
    uint8_t *mask = malloc(f.move_space);
    br_history_entry *h = malloc(f.max_game_length * sizeof *h);
    br_move moves[1024];
    uint64_t rng = 4;
    br_set_alloc_funcs(counting_malloc, free);
    allocations = 0;
    while (!br_state_is_terminal(s)) {
        ck_assert_int_eq(br_state_copy(work, s), BR_OK);
        ck_assert_int_eq(br_state_observation_tensor(work, br_state_current_player(work), tensor,
                                                     f.tensor_size), BR_OK);
        ck_assert_int_eq(br_state_legal_mask(work, mask, f.move_space), BR_OK);
        size_t n = 0;
        ck_assert_int_eq(br_state_history(work, h, f.max_game_length, &n), BR_OK);
        size_t legal = 0;
        ck_assert_int_eq(br_state_legal_moves(s, moves, 1024, &legal), BR_OK);
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, legal)]), BR_OK);
    }
    long seen = allocations;
    br_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(seen, 0);
    free(tensor);
    free(mask);
    free(h);
    br_state_free(s);
    br_state_free(work);
}
END_TEST

/* A resampled state has no history: it starts at its move number. */
START_TEST(test_resample_has_no_history)
{
    br_state *s = state_in_play(_i, "seed=2", 10);
    br_state *r = brt_new_state(br_game_at((size_t)_i), "seed=2");
    ck_assert_int_eq(br_state_resample(s, 0, 5, r), BR_OK);
    ck_assert_uint_eq(br_state_history_start(r), br_state_move_number(r));
    size_t n = 9;
    ck_assert_int_eq(br_state_history(r, NULL, 0, &n), BR_OK);
    ck_assert_uint_eq(n, 0);
    /* It still plays on, its history growing from there, and saves. */
    br_move moves[1024];
    if (!br_state_is_terminal(r)) {
        brt_legal_moves(r, moves, 1024);
        ck_assert_int_eq(br_state_apply(r, moves[0]), BR_OK);
        ck_assert_int_eq(br_state_history(r, NULL, 0, &n), BR_ERR_BUFFER);
        ck_assert_uint_eq(n, br_state_move_number(r) - br_state_history_start(r));
    }
    char *snap = brt_snapshot(r);
    br_state *loaded = brt_load(snap);
    ck_assert_uint_eq(br_state_history_start(loaded), br_state_history_start(r));
    char *again = brt_snapshot(loaded);
    ck_assert_str_eq(snap, again);
    free(snap);
    free(again);
    br_state_free(loaded);
    br_state_free(r);
    br_state_free(s);
}
END_TEST

/* A JSON snapshot of version 1 (0.1.0: no history members) loads, with an
 * empty history starting at its move number; history members in it are
 * refused. */
START_TEST(test_json_version_1_loads)
{
    br_state *s = state_in_play(_i, "seed=4", 9);
    json_t *snap = brt_snapshot_json(s);
    json_object_set_new(snap, "version", json_integer(1));
    json_object_del(snap, "history");
    json_object_del(snap, "history_start");
    char *text = json_dumps(snap, JSON_COMPACT);
    br_state *loaded = brt_load(text);
    ck_assert_uint_eq(br_state_move_number(loaded), br_state_move_number(s));
    ck_assert_uint_eq(br_state_history_start(loaded), br_state_move_number(s));
    free(text);
    json_object_set_new(snap, "history", json_array());
    text = json_dumps(snap, JSON_COMPACT);
    br_state *bad = NULL;
    char err[200] = "";
    ck_assert_int_eq(br_state_from_json(text, &bad, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "history: not part of a version 1 snapshot"), "%s", err);
    free(text);
    json_decref(snap);
    br_state_free(loaded);
    br_state_free(s);
}
END_TEST

/* Loads `snap` with member `key` replaced by the JSON `value`; returns the
 * status and the reason. */
static br_status load_with(const br_state *s, const char *key, const char *value, char *err,
                           size_t size)
{
    json_t *snap = brt_snapshot_json(s);
    json_object_set_new(snap, key, brt_parse_json(value));
    char *text = json_dumps(snap, JSON_COMPACT);
    br_state *out = NULL;
    br_status st = br_state_from_json(text, &out, err, size);
    br_state_free(out);
    free(text);
    json_decref(snap);
    return st;
}

/* Every history field of a JSON snapshot is checked, the failure named. */
START_TEST(test_json_history_checked)
{
    br_state *s = state_in_play(0, "players=2,seed=1,chance=explicit", 4);
    char err[200];
    static const struct {
        const char *key, *value, *reason;
    } cases[] = {
        { "history_start", "5", "history start 5 is not in 0..4" },
        { "history_start", "-1", "history_start" },
        { "history_start", "1", "4 entries, but moves 1..4 need 3" },
        { "history", "[[0,1],[0,1],[0,1]]", "3 entries, but moves 0..4 need 4" },
        { "history", "[[0,1],[0,1],[0,1],[2,1]]", "history[3]: player 2 is not a seat" },
        { "history", "[[0,1],[0,1],[0,1],[-2,1]]", "history[3][0]: -2 is not in" },
        { "history", "[[0,1],[0,1],[0,1],[0,363]]", "history[3]: move 363 is outside 0..362" },
        { "history", "[[0,1],[0,1],[0,1],[0]]", "history[3]: expected [player, move]" },
        { "history", "[[0,1],[0,1],[0,1],\"x\"]", "history[3]: expected [player, move]" },
        { "history", "{}", "history: not an array" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        err[0] = '\0';
        ck_assert_int_eq(load_with(s, cases[k].key, cases[k].value, err, sizeof err),
                         BR_ERR_SNAPSHOT);
        ck_assert_msg(brt_contains(err, cases[k].reason), "%s = %s: '%s', expected '%s'",
                      cases[k].key, cases[k].value, err, cases[k].reason);
    }
    br_state_free(s);
}
END_TEST

/* The history of a chance=auto game, written out as a chance=explicit
 * record, replays without the seed to the same position (what a host does
 * to announce draws or keep a full record). */
START_TEST(test_history_replays_without_seed)
{
    const br_game *game = br_game_at((size_t)_i);
    br_state *s = brt_random_state(game, "seed=12345", 8, 100000);
    ck_assert(br_state_is_terminal(s));
    br_history_entry *h;
    size_t n = history_of(s, &h);
    br_move *moves = malloc((n + 1) * sizeof *moves);
    for (size_t k = 0; k < n; k++)
        moves[k] = h[k].move;
    size_t len = 0;
    char err[200] = "";
    ck_assert_int_eq(br_record_write(game, "chance=explicit", moves, n, NULL, 0, &len, err,
                                     sizeof err), BR_ERR_BUFFER);
    char *record = malloc(len + 1);
    ck_assert_int_eq(br_record_write(game, "chance=explicit", moves, n, record, len + 1, &len,
                                     err, sizeof err), BR_OK);
    br_state *replayed = NULL;
    size_t bad = 0;
    ck_assert_msg(br_record_replay(record, &replayed, &bad, err, sizeof err) == BR_OK,
                  "line %zu: %s", bad, err);
    double r1[8], r2[8];
    ck_assert_int_eq(br_state_returns(s, r1, 8), BR_OK);
    ck_assert_int_eq(br_state_returns(replayed, r2, 8), BR_OK);
    ck_assert_mem_eq(r1, r2, (size_t)br_state_num_players(s) * sizeof *r1);
    brt_expect_same_play(s, replayed);
    free(record);
    free(moves);
    free(h);
    br_state_free(replayed);
    br_state_free(s);
}
END_TEST

/* br_game_check_options() says what br_state_new() would, for a few typical
 * strings, and allocates nothing that stays. */
START_TEST(test_check_options)
{
    const br_game *t = br_game_find("tsuro");
    char err[200] = "";
    ck_assert_int_eq(br_game_check_options(t, NULL, err, sizeof err), BR_OK);
    ck_assert_int_eq(br_game_check_options(t, "players=4,edition=kosmos", err, sizeof err),
                     BR_OK);
    ck_assert_int_eq(br_game_check_options(t, "players=9", err, sizeof err), BR_ERR_OPTION);
    ck_assert_msg(brt_contains(err, "players"), "%s", err);
    ck_assert_int_eq(br_game_check_options(t, "players=2,players=3", NULL, 0), BR_ERR_OPTION);
}
END_TEST

/* The first three specs are the common keys, described the same way in
 * every game. */
START_TEST(test_common_specs)
{
    const br_game *game = br_game_at((size_t)_i);
    const br_option_spec *players = br_game_option(game, 0);
    const br_option_spec *seed = br_game_option(game, 1);
    const br_option_spec *chance = br_game_option(game, 2);
    ck_assert_str_eq(players->key, "players");
    ck_assert_int_eq(players->kind, BR_OPTION_INTEGER);
    char def[16];
    snprintf(def, sizeof def, "%d", br_game_default_players(game));
    ck_assert_str_eq(players->default_value, def);
    ck_assert_str_eq(seed->key, "seed");
    ck_assert_int_eq(seed->kind, BR_OPTION_INTEGER);
    ck_assert_uint_eq(seed->min, 0);
    ck_assert(seed->max == UINT64_MAX);
    ck_assert_str_eq(seed->default_value, "0");
    ck_assert_str_eq(chance->key, "chance");
    ck_assert_int_eq(chance->kind, BR_OPTION_CHOICE);
    ck_assert_str_eq(chance->default_value, "auto");
    ck_assert_str_eq(chance->choices[0], "auto");
    ck_assert_str_eq(chance->choices[1], "explicit");
    ck_assert_ptr_null(chance->choices[2]);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Information-state tensor (the conformance suite checks its parts and the
 * histories a seat can and cannot tell apart, for every game) */

static float *infostate(const br_state *s, int seat, size_t *size)
{
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    float *out = malloc(f.information_state_size * sizeof *out);
    ck_assert_int_eq(br_state_information_state_tensor(s, seat, out, f.information_state_size),
                     BR_OK);
    if (size)
        *size = f.information_state_size;
    return out;
}

START_TEST(test_information_state_arguments_refused)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2");
    float t[4];
    ck_assert_int_eq(br_state_information_state_tensor(NULL, 0, t, 4), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_information_state_tensor(s, 0, NULL, 4), BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(br_state_last_error(s), "out is NULL"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_information_state_tensor(s, 2, t, 4), BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(br_state_last_error(s), "seat 2 is not in -1..1"), "%s",
                  br_state_last_error(s));
    t[0] = 7;
    ck_assert_int_eq(br_state_information_state_tensor(s, 0, t, 4), BR_ERR_BUFFER);
    ck_assert_msg(brt_contains(br_state_last_error(s),
                               "the information-state tensor has 2285 entries, out only 4"),
                  "%s", br_state_last_error(s));
    ck_assert(t[0] == 7);
    br_state_free(s);
}
END_TEST

/* The sizes of doc/api.md and the games' pages: the observation tensor, 1,
 * and a slot per move of the longest game (Drunter & Drüber: of the 2048
 * the history keeps), each 3 + n entries and the bits of the seen move. */
START_TEST(test_information_state_sizes_as_documented)
{
    static const struct {
        const char *game, *options;
        size_t size;
    } cases[] = {
        { "tsuro", "players=2", 1276 + 1 + 72 * 14 },
        { "tsuro", "players=8,edition=kosmos", 2303 + 1 + 129 * 20 },
        { "tuer-an-tuer", "", 579 + 1 + 101 * 15 },
        { "drunter-und-drueber", "players=2", 2876 + 1 + 2048 * 14 },
        { "drunter-und-drueber", "players=4,variant=pro", 3040 + 1 + 2048 * 16 },
        { "tore-der-welt", "players=2", 692 + 1 + 266 * 13 },
        { "tore-der-welt", "players=4", 1002 + 1 + 458 * 15 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        br_facts f;
        char err[200] = "";
        ck_assert_int_eq(br_game_facts(br_game_find(cases[k].game), cases[k].options, &f,
                                       sizeof f, err, sizeof err),
                         BR_OK);
        ck_assert_msg(f.information_state_size == cases[k].size, "%s %s: %zu, documented %zu",
                      cases[k].game, cases[k].options, f.information_state_size,
                      cases[k].size);
    }
}
END_TEST

/* A resampled state's history is empty: its information state is the
 * observation part (the same as the original's), the known entry 0 and no
 * slot; two resamples for the seat give the same tensor. */
START_TEST(test_information_state_of_resampled_state)
{
    br_state *s = state_in_play(_i, "seed=2", 12);
    const br_game *game = br_game_at((size_t)_i);
    br_state *r1 = brt_new_state(game, "seed=2"), *r2 = brt_new_state(game, "seed=2");
    ck_assert_int_eq(br_state_resample(s, 0, 5, r1), BR_OK);
    ck_assert_int_eq(br_state_resample(s, 0, 6, r2), BR_OK);
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    size_t size;
    float *a = infostate(s, 0, &size), *b = infostate(r1, 0, NULL), *c = infostate(r2, 0, NULL);
    ck_assert_mem_eq(a, b, f.tensor_size * sizeof *a);
    ck_assert(a[f.tensor_size] == 1);
    ck_assert(b[f.tensor_size] == 0);
    for (size_t i = f.tensor_size; i < size; i++)
        ck_assert(b[i] == 0);
    ck_assert_mem_eq(b, c, size * sizeof *b);
    free(a);
    free(b);
    free(c);
    br_state_free(r1);
    br_state_free(r2);
    br_state_free(s);
}
END_TEST

static void *failing_malloc(size_t size)
{
    (void)size;
    return NULL;
}

/* Out of memory for the replay's state: BR_ERR_NO_MEMORY, said so, no crash. */
START_TEST(test_information_state_out_of_memory)
{
    br_state *s = state_in_play(0, "players=2,seed=1", 6);
    float *out = malloc(5000 * sizeof *out);
    br_set_alloc_funcs(failing_malloc, free);
    br_status st = br_state_information_state_tensor(s, 0, out, 5000);
    br_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(st, BR_ERR_NO_MEMORY);
    ck_assert_msg(brt_contains(br_state_last_error(s), "no memory for the replay's state"), "%s",
                  br_state_last_error(s));
    ck_assert_int_eq(br_state_information_state_tensor(s, 0, out, 5000), BR_OK);
    free(out);
    br_state_free(s);
}
END_TEST

/* The observation part only, with the known entry 0 and every slot 0, in a
 * tensor of `n` entries for `seat`. */
static void expect_history_unknown(br_state *s, int seat)
{
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    float *out = malloc(f.information_state_size * sizeof *out);
    ck_assert_int_eq(br_state_information_state_tensor(s, seat, out, f.information_state_size),
                     BR_OK);
    for (size_t i = f.tensor_size; i < f.information_state_size; i++)
        ck_assert_msg(out[i] == 0, "entry %zu is %g", i, (double)out[i]);
    free(out);
}

/* A snapshot whose history is well formed but does not lead to its state
 * (a hand-made one) gives the observation part only: its history is not the
 * state's past. */
START_TEST(test_information_state_forged_history_unknown)
{
    br_state *s = state_in_play(0, "players=2,seed=1,chance=explicit", 4);
    json_t *snap = brt_snapshot_json(s);
    json_object_set_new(snap, "history", json_loads("[[0,1],[0,1],[0,1],[0,1]]", 0, NULL));
    char *text = json_dumps(snap, JSON_COMPACT);
    br_state *forged = brt_load(text);
    expect_history_unknown(forged, 0);
    free(text);
    json_decref(snap);
    br_state_free(forged);
    br_state_free(s);
}
END_TEST

/* Found by fuzz_operations: a state resampled at move 0 has a history that
 * starts at 0, yet its hidden part was drawn anew, so the moves played on it
 * need not replay on the options' initial state. Its information state is
 * the observation part only (the call answered BR_ERR_SNAPSHOT for every
 * 3- and 4-seat Die Tore der Welt game so made). Every game with its most
 * seats: resample at move 0 for seat 0, then play; the call never fails. */
START_TEST(test_information_state_after_resample_at_move_zero)
{
    const br_game *g = br_game_at((size_t)_i);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        char options[64];
        snprintf(options, sizeof options, "players=%d,seed=%u,chance=explicit",
                 br_game_max_players(g), (unsigned)seed);
        br_state *s = brt_new_state(g, options), *r = brt_new_state(g, options);
        ck_assert_int_eq(br_state_resample(s, 0, seed * 7919, r), BR_OK);
        uint64_t rng = seed;
        br_facts f;
        ck_assert_int_eq(br_state_facts(r, &f, sizeof f), BR_OK);
        float *out = malloc(f.information_state_size * sizeof *out);
        br_move moves[BR_LEGAL_MOVES_MAX];
        for (int step = 0; step < 12 && !br_state_is_terminal(r); step++) {
            size_t n = brt_legal_moves(r, moves, BR_LEGAL_MOVES_MAX);
            ck_assert_int_eq(br_state_apply(r, moves[brt_rand_below(&rng, n)]), BR_OK);
            ck_assert_int_eq(br_state_information_state_tensor(r, 0, out,
                                                               f.information_state_size),
                             BR_OK);
        }
        free(out);
        br_state_free(r);
        br_state_free(s);
    }
}
END_TEST

/* Drunter & Drüber: another seat's ballot is hidden while the vote runs
 * ("vote ?") and shown, as the move it was, once the last ballot is cast
 * (the result shows every ballot), in seat 0's information state. */
START_TEST(test_information_state_ballots_revealed_after_the_vote)
{
    br_state *s = brt_new_state(br_game_find("drunter-und-drueber"), "players=3,seed=4");
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    size_t slot_size = 3 + 3 + 9, hidden = 1 + 3 + 1;
    uint32_t pending[4];
    br_move pending_move[4];
    size_t npending = 0, revealed = 0;
    uint64_t rng = 9;
    br_move moves[1024];
    while (!br_state_is_terminal(s) && revealed < 6) {
        size_t n = brt_legal_moves(s, moves, 1024);
        br_move m = moves[brt_rand_below(&rng, n)];
        char text[100];
        ck_assert_int_eq(br_state_move_to_text_view(s, m, 0, text, sizeof text, NULL), BR_OK);
        uint32_t index = br_state_move_number(s);
        if (strcmp(text, "vote ?") == 0) {
            ck_assert_uint_lt(npending, 4);
            pending[npending] = index;
            pending_move[npending++] = m;
        }
        ck_assert_int_eq(br_state_apply(s, m), BR_OK);
        char *obs = brt_observation(s, 0);
        bool voting = brt_contains(obs, "\"phase\":\"vote\"");
        free(obs);
        float *info = infostate(s, 0, NULL);
        for (size_t k = 0; k < npending; k++) {
            const float *slot = info + f.tensor_size + 1 + pending[k] * slot_size;
            uint32_t token = 0;
            for (size_t b = 0; b < 9; b++)
                token |= (slot[hidden + 1 + b] != 0 ? 1u : 0u) << b;
            if (voting) {
                ck_assert(slot[hidden] == 1);
                ck_assert_uint_eq(token, 371); /* the move space + class 0 */
            } else {
                ck_assert(slot[hidden] == 0);
                ck_assert_uint_eq(token, (uint32_t)pending_move[k]);
                revealed++;
            }
        }
        if (!voting)
            npending = 0;
        free(info);
    }
    ck_assert_uint_ge(revealed, 6);
    br_state_free(s);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("learn", 120),
        BRT_TEST(test_arguments_refused),
        BRT_PER_GAME(test_history_marks_auto_chance),
        BRT_TEST(test_history_short_buffer),
        BRT_PER_GAME(test_history_cloned_and_copied),
        BRT_PER_GAME(test_no_allocation_in_the_loop),
        BRT_PER_GAME(test_resample_has_no_history),
        BRT_PER_GAME(test_json_version_1_loads),
        BRT_TEST(test_json_history_checked),
        BRT_PER_GAME(test_history_replays_without_seed),
        BRT_TEST(test_check_options),
        BRT_TEST(test_information_state_arguments_refused),
        BRT_TEST(test_information_state_sizes_as_documented),
        BRT_PER_GAME(test_information_state_of_resampled_state),
        BRT_TEST(test_information_state_forged_history_unknown),
        BRT_PER_GAME(test_information_state_after_resample_at_move_zero),
        BRT_TEST(test_information_state_out_of_memory),
        BRT_TEST(test_information_state_ballots_revealed_after_the_vote),
        BRT_PER_GAME(test_common_specs),
    };
    return brt_run_tests("learn", tests, BRT_COUNT(tests));
}
