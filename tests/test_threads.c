/*
 * Threads: what include/boardrules/common.h promises.
 *
 * - Separate states in separate threads, sharing the game handles and the
 *   registry, play exactly the games they play alone.
 * - Read-only calls (those taking a const br_state *) on one shared state
 *   from several threads at once answer as they do alone, and never change
 *   the state - failing ones included, whose reason is the thread's own.
 *
 * Run by make check, and under ThreadSanitizer in CI (--enable-sanitizers=thread),
 * which reports any data race these calls make.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <boardrules.h>

#include "brt_util.h"

enum { THREADS = 4, GAMES_PER_THREAD = 6, READ_ROUNDS = 40, BIG = 1 << 16 };

/* ------------------------------------------------------------------ */
/* Separate states */

/* A digest of one random game: its moves and its returns. */
static uint64_t play_one(const br_game *g, uint64_t seed)
{
    char opts[64];
    snprintf(opts, sizeof opts, "seed=%" PRIu64, seed);
    br_state *s = NULL;
    ck_assert_int_eq(br_state_new(g, opts, &s, NULL, 0), BR_OK);
    uint64_t rng = seed * 7919 + 1;
    uint64_t digest = 1469598103934665603ull;
    br_move moves[1024];
    while (!br_state_is_terminal(s)) {
        size_t n = brt_legal_moves(s, moves, 1024);
        br_move m = moves[brt_rand_below(&rng, n)];
        ck_assert_int_eq(br_state_apply(s, m), BR_OK);
        digest = (digest ^ (uint64_t)m) * 1099511628211ull;
    }
    double returns[16];
    ck_assert_int_eq(br_state_returns(s, returns, (size_t)br_state_num_players(s)), BR_OK);
    for (int p = 0; p < br_state_num_players(s); p++)
        digest = (digest ^ (uint64_t)(int64_t)(returns[p] * 1000)) * 1099511628211ull;
    br_state_free(s);
    return digest;
}

typedef struct player_job {
    const br_game *game;
    int first_game;
    uint64_t digests[GAMES_PER_THREAD];
} player_job;

static void *play_games(void *arg)
{
    player_job *job = arg;
    for (int i = 0; i < GAMES_PER_THREAD; i++)
        job->digests[i] = play_one(job->game, (uint64_t)(job->first_game + i));
    return NULL;
}

START_TEST(test_separate_states_in_parallel)
{
    const br_game *g = br_game_at((size_t)_i);
    player_job jobs[THREADS];
    for (int t = 0; t < THREADS; t++)
        jobs[t] = (player_job){ .game = g, .first_game = 100 + t * GAMES_PER_THREAD };
    BRT_RUN_IN_THREADS(play_games, jobs);
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < GAMES_PER_THREAD; i++)
            ck_assert_msg(jobs[t].digests[i] == play_one(g, (uint64_t)(jobs[t].first_game + i)),
                          "%s: game %d played differently in a thread", br_game_name(g),
                          jobs[t].first_game + i);
}
END_TEST

/* ------------------------------------------------------------------ */
/* One shared state */

/* Everything the read-only calls answer on one state, as text. */
typedef struct answers {
    char snapshot[BIG];
    char observation[BIG];
    char render[BIG];
    char render_view[BIG];
    char options[256];
    char legal[4096];
    char first_move_text[256];
    char failure[256];
    double returns[16];
    br_facts facts;
    uint64_t tensor_hash[2]; /* seat 0 and the spectator */
    uint64_t mask_hash, history_hash;
    size_t history_count;
    uint64_t information_state_hash; /* seat 0 */
} answers;

/* FNV-1a over n bytes: compares big outputs without keeping them. */
static uint64_t hash_bytes(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

/* The learning interface's read-only calls (boardrules/learn.h). */
static void collect_learning(const br_state *s, answers *a)
{
    ck_assert_int_eq(br_state_facts(s, &a->facts, sizeof a->facts), BR_OK);
    static _Thread_local float tensor[16384];
    static _Thread_local uint8_t mask[4096];
    static _Thread_local br_history_entry history[16384];
    ck_assert_uint_le(a->facts.tensor_size, 16384);
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(br_state_observation_tensor(s, k ? -1 : 0, tensor, 16384), BR_OK);
        a->tensor_hash[k] = hash_bytes(tensor, a->facts.tensor_size * sizeof *tensor);
    }
    ck_assert_int_eq(br_state_legal_mask(s, mask, sizeof mask), BR_OK);
    a->mask_hash = hash_bytes(mask, a->facts.move_space);
    ck_assert_int_eq(br_state_history(s, history, 16384, &a->history_count), BR_OK);
    a->history_hash = hash_bytes(history, a->history_count * sizeof *history);
    /* The information state replays the history on a scratch state of its
     * own: readers of one state must not meet there. */
    size_t info_size = a->facts.information_state_size;
    float *info = malloc(info_size * sizeof *info);
    ck_assert_ptr_nonnull(info);
    ck_assert_int_eq(br_state_information_state_tensor(s, 0, info, info_size), BR_OK);
    a->information_state_hash = hash_bytes(info, info_size * sizeof *info);
    free(info);
    /* A failing one: its reason stays this thread's. */
    ck_assert_int_eq(br_state_observation_tensor(s, 0, tensor, 1), BR_ERR_BUFFER);
}

static void collect(const br_state *s, answers *a)
{
    memset(a, 0, sizeof *a);
    ck_assert_int_eq(br_state_to_json(s, a->snapshot, sizeof a->snapshot, NULL), BR_OK);
    ck_assert_int_eq(br_state_observe(s, 0, a->observation, sizeof a->observation, NULL), BR_OK);
    ck_assert_int_eq(br_state_render(s, a->render, sizeof a->render, NULL), BR_OK);
    ck_assert_int_eq(br_state_render_view(s, 1, a->render_view, sizeof a->render_view, NULL),
                     BR_OK);
    ck_assert_int_eq(br_state_options(s, a->options, sizeof a->options, NULL), BR_OK);
    br_move moves[1024];
    size_t n = 0;
    if (br_state_is_chance_node(s)) {
        double p[1024];
        ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, 1024, &n), BR_OK);
    } else {
        ck_assert_int_eq(br_state_legal_moves(s, moves, 1024, &n), BR_OK);
    }
    size_t used = 0;
    for (size_t i = 0; i < n && used + 16 < sizeof a->legal; i++)
        used += (size_t)snprintf(a->legal + used, sizeof a->legal - used, "%d,", (int)moves[i]);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(br_state_move_to_text(s, moves[0], a->first_move_text,
                                           sizeof a->first_move_text, NULL), BR_OK);
    br_move parsed;
    ck_assert_int_eq(br_state_move_from_text(s, a->first_move_text, &parsed), BR_OK);
    ck_assert_int_eq(parsed, moves[0]);
    collect_learning(s, a);
    /* A failing read-only call: its reason is this thread's. */
    ck_assert_int_eq(br_state_check_move(s, -7, NULL, 0), BR_ERR_ILLEGAL_MOVE);
    snprintf(a->failure, sizeof a->failure, "%s", br_state_last_error(s));
    ck_assert_int_eq(br_state_scores(s, a->returns, (size_t)br_state_num_players(s)), BR_OK);
    br_state *copy = NULL;
    ck_assert_int_eq(br_state_clone(s, &copy), BR_OK);
    br_state_free(copy);
    uint64_t total_moves = 0;
    ck_assert_int_eq(br_playout_random(s, 5, 2, NULL, 0, &total_moves), BR_OK);
}

typedef struct reader_job {
    const br_state *state;
    const answers *expected;
    answers seen;
    int mismatches;
} reader_job;

static void *read_shared(void *arg)
{
    reader_job *job = arg;
    for (int r = 0; r < READ_ROUNDS; r++) {
        collect(job->state, &job->seen);
        if (memcmp(&job->seen, job->expected, sizeof job->seen) != 0)
            job->mismatches++;
    }
    return NULL;
}

/* A state some moves into a game, with chance=explicit so that chance
 * nodes are met too. */
static br_state *shared_state(const br_game *g, size_t moves)
{
    br_state *s = brt_random_state(g, "seed=8,chance=explicit", 99, moves);
    if (br_state_is_terminal(s)) {
        br_state_free(s);
        s = brt_new_state(g, "seed=8,chance=explicit");
    }
    return s;
}

START_TEST(test_shared_state_read_by_threads)
{
    const br_game *g = br_game_at((size_t)(_i / 2));
    br_state *s = shared_state(g, _i % 2 ? 31 : 0);
    static answers expected;
    collect(s, &expected);
    static reader_job jobs[THREADS];
    for (int t = 0; t < THREADS; t++)
        jobs[t] = (reader_job){ .state = s, .expected = &expected };
    BRT_RUN_IN_THREADS(read_shared, jobs);
    for (int t = 0; t < THREADS; t++)
        ck_assert_msg(jobs[t].mismatches == 0, "%s: thread %d saw %d differing rounds",
                      br_game_name(g), t, jobs[t].mismatches);
    /* The readers left no trace in the state. */
    ck_assert_str_eq(br_state_last_error(s), "");
    char *after = brt_snapshot(s);
    ck_assert_str_eq(after, expected.snapshot);
    free(after);
    br_state_free(s);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("threads", 600),
        BRT_PER_GAME(test_separate_states_in_parallel),
        BRT_LOOP(test_shared_state_read_by_threads, 2 * (int)br_game_count()),
    };
    return brt_run_tests("threads", tests, BRT_COUNT(tests));
}
