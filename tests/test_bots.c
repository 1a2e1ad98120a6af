/*
 * Bots (include/boardrules/bot.h, doc/bots.md): for every registered game and
 * every kind,
 * - the moves chosen over a playout are legal;
 * - refusals name the problem: unknown kind, bad options, a chance node, a
 *   terminal state, a state of another game, NULL arguments;
 * - the same seed and iteration budget choose the same move;
 * - the search's default budget is the game's;
 * - the bot never uses hidden information: the move chosen for a state and
 *   for any resample of it from the mover's view is the same;
 * - one bot per thread plays as it does alone.
 * Budgets are tiny (ASan, TSan and valgrind run this too).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <boardrules.h>

#include "brt_util.h"

enum { NUM_KINDS = 4, PLAYOUT_MOVES = 150, THREADS = 3 };

/* Every kind with a budget small enough for valgrind. */
static const char *const KIND_OPTIONS[NUM_KINDS][2] = {
    {"random", "seed=5"},
    {"greedy", "seed=5"},
    {"planner", "seed=5"},
    {"ismcts", "seed=5,iterations=24"},
};

static br_bot *new_bot(int kind, const char *extra)
{
    char opts[128];
    snprintf(opts, sizeof opts, "%s%s", KIND_OPTIONS[kind][1], extra ? extra : "");
    br_bot *bot = NULL;
    char err[200] = "";
    br_status st = br_bot_new(KIND_OPTIONS[kind][0], opts, &bot, err, sizeof err);
    ck_assert_msg(st == BR_OK, "br_bot_new(%s, %s): %s", KIND_OPTIONS[kind][0], opts, err);
    return bot;
}

/* Plays up to `max_moves` moves of `s` with `bot` on every seat; returns a
 * digest of the moves. Every chosen move must be legal. */
static uint64_t play_with(br_bot *bot, br_state *s, size_t max_moves)
{
    uint64_t digest = 1469598103934665603ull;
    for (size_t i = 0; i < max_moves && !br_state_is_terminal(s); i++) {
        br_move m;
        if (br_state_is_chance_node(s)) {
            ck_assert_int_eq(br_state_resolve_chance(s, &m), BR_OK);
            continue;
        }
        br_status st = br_bot_choose(bot, s, &m);
        ck_assert_msg(st == BR_OK, "%s bot in %s: %s", br_bot_kind(bot),
                      br_game_name(br_state_game(s)), br_bot_last_error(bot));
        char reason[200];
        ck_assert_msg(br_state_check_move(s, m, reason, sizeof reason) == BR_OK,
                      "%s bot chose an illegal move: %s", br_bot_kind(bot), reason);
        ck_assert_int_eq(br_state_apply(s, m), BR_OK);
        digest = (digest ^ (uint64_t)m) * 1099511628211ull;
    }
    return digest;
}

/* ------------------------------------------------------------------ */

START_TEST(test_every_kind_chooses_legal_moves_over_a_playout)
{
    const br_game *g = br_game_at((size_t)_i);
    for (int kind = 0; kind < NUM_KINDS; kind++) {
        int players = br_game_max_players(g) > 3 ? 3 : br_game_max_players(g);
        char opts[64];
        snprintf(opts, sizeof opts, "players=%d,seed=%d", players, 11 + kind);
        br_state *s = brt_new_state(g, opts);
        br_bot *bot = new_bot(kind, NULL);
        play_with(bot, s, PLAYOUT_MOVES);
        br_bot_free(bot);
        br_state_free(s);
    }
}
END_TEST

/* Explicit chance: the bot refuses a chance node and still plays the seats. */
START_TEST(test_chance_node_and_terminal_state_refused)
{
    br_state *s = brt_new_state(br_game_at((size_t)_i), "seed=3,chance=explicit");
    uint64_t rng = 9;
    for (int kind = 0; kind < NUM_KINDS; kind++) {
        br_bot *bot = new_bot(kind, NULL);
        br_move m = BR_MOVE_NONE;
        while (!br_state_is_chance_node(s) && !br_state_is_terminal(s))
            brt_play_random(s, &rng, 1);
        if (br_state_is_chance_node(s)) {
            ck_assert_int_eq(br_bot_choose(bot, s, &m), BR_ERR_WRONG_PHASE);
            ck_assert(brt_contains(br_bot_last_error(bot), "chance node"));
            ck_assert_int_eq(m, BR_MOVE_NONE);
        }
        br_bot_free(bot);
    }
    brt_play_random(s, &rng, 1000000);
    ck_assert(br_state_is_terminal(s));
    for (int kind = 0; kind < NUM_KINDS; kind++) {
        br_bot *bot = new_bot(kind, NULL);
        br_move m = BR_MOVE_NONE;
        ck_assert_int_eq(br_bot_choose(bot, s, &m), BR_ERR_WRONG_PHASE);
        ck_assert(brt_contains(br_bot_last_error(bot), "game is over"));
        br_bot_free(bot);
    }
    br_state_free(s);
}
END_TEST

START_TEST(test_state_of_another_game_refused)
{
    const br_game *g = br_game_at((size_t)_i);
    const br_game *other = br_game_at(((size_t)_i + 1) % br_game_count());
    br_state *s = brt_new_state(g, "seed=3");
    br_state *t = brt_new_state(other, "seed=3");
    for (int kind = 0; kind < NUM_KINDS; kind++) {
        br_bot *bot = new_bot(kind, NULL);
        br_move m;
        ck_assert_int_eq(br_bot_choose(bot, s, &m), BR_OK);
        ck_assert_int_eq(br_bot_choose(bot, t, &m), BR_ERR_GAME_MISMATCH);
        ck_assert(brt_contains(br_bot_last_error(bot), br_game_name(other)));
        ck_assert_int_eq(br_bot_choose(bot, s, &m), BR_OK); /* still serves its game */
        ck_assert_str_eq(br_bot_last_error(bot), "");
        br_bot_free(bot);
    }
    br_state_free(t);
    br_state_free(s);
}
END_TEST

static void expect_refusal(const char *kind, const char *options, br_status status,
                           const char *reason)
{
    br_bot *bot = (br_bot *)1;
    char err[200] = "";
    ck_assert_int_eq(br_bot_new(kind, options, &bot, err, sizeof err), status);
    ck_assert_ptr_null(bot);
    ck_assert_msg(brt_contains(err, reason), "%s/%s: '%s' lacks '%s'", kind, options, err,
                  reason);
}

START_TEST(test_unknown_kind_and_bad_options_refused)
{
    expect_refusal("alphazero", "", BR_ERR_UNKNOWN_BOT, "unknown bot kind 'alphazero'");
    expect_refusal("random", "iterations=5", BR_ERR_OPTION, "'iterations': unknown for random");
    expect_refusal("ismcts", "iterations=0", BR_ERR_OPTION, "'iterations'");
    expect_refusal("ismcts", "iterations=5,time_ms=5", BR_ERR_OPTION, "exclude each other");
    expect_refusal("ismcts", "c=-1", BR_ERR_OPTION, "'c': '-1'");
    expect_refusal("ismcts", "c=x", BR_ERR_OPTION, "'c': 'x'");
    expect_refusal("ismcts", "rollout=smart", BR_ERR_OPTION, "'random' or 'greedy'");
    expect_refusal("ismcts", "seed=1,seed=2", BR_ERR_OPTION, "given twice");
    expect_refusal("greedy", "seed", BR_ERR_OPTION, "expected key=value");
    expect_refusal("greedy", "seed=-3", BR_ERR_OPTION, "'seed': '-3'");
    char err[64];
    ck_assert_int_eq(br_bot_new(NULL, "", NULL, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_bot_new("random", "", NULL, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_bot_choose(NULL, NULL, NULL), BR_ERR_ARGUMENT);
    br_bot *bot = new_bot(0, NULL);
    br_move m;
    ck_assert_int_eq(br_bot_choose(bot, NULL, &m), BR_ERR_ARGUMENT);
    ck_assert(brt_contains(br_bot_last_error(bot), "state is NULL"));
    br_bot_free(bot);
    br_bot_free(NULL);
    ck_assert_ptr_null(br_bot_kind(NULL));
    for (size_t i = 0; i < NUM_KINDS; i++)
        ck_assert_str_eq(br_bot_kind_at(i), KIND_OPTIONS[i][0]);
    ck_assert_ptr_null(br_bot_kind_at(NUM_KINDS));
}
END_TEST

/* A position a few moves into the game, at a seat to move; NULL when the
 * game is over by then (there is no move to choose). */
static br_state *position(const br_game *g, uint64_t seed, size_t moves)
{
    char opts[64];
    snprintf(opts, sizeof opts, "seed=%" PRIu64, seed);
    br_state *s = brt_new_state(g, opts);
    uint64_t rng = seed;
    brt_play_random(s, &rng, moves);
    while (br_state_is_chance_node(s))
        br_state_resolve_chance(s, NULL);
    if (br_state_is_terminal(s)) {
        br_state_free(s);
        return NULL;
    }
    return s;
}

/* What a test checks of one position (`seed`: its seed, for the message). */
typedef void position_check(const br_game *g, uint64_t seed, br_state *s);

/* Runs `check` on the position of each seed 1..seeds, step * seed + offset
 * moves into the game `g` (those whose game is not over by then). */
static void check_positions(const br_game *g, uint64_t seeds, size_t step, size_t offset,
                            position_check *check)
{
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        br_state *s = position(g, seed, step * seed + offset);
        if (s == NULL)
            continue;
        check(g, seed, s);
        br_state_free(s);
    }
}

static br_move choose_fresh(int kind, const br_state *s)
{
    br_bot *bot = new_bot(kind, NULL);
    br_move m = BR_MOVE_NONE;
    br_status st = br_bot_choose(bot, s, &m);
    ck_assert_msg(st == BR_OK, "%s: %s", KIND_OPTIONS[kind][0], br_bot_last_error(bot));
    br_bot_free(bot);
    return m;
}

static void same_move_twice(const br_game *g, uint64_t seed, br_state *s)
{
    (void)g;
    (void)seed;
    for (int kind = 0; kind < NUM_KINDS; kind++)
        ck_assert_int_eq(choose_fresh(kind, s), choose_fresh(kind, s));
}

START_TEST(test_same_seed_and_budget_same_move)
{
    check_positions(br_game_at((size_t)_i), 3, 10, 0, same_move_twice);
}
END_TEST

/* The move of an ismcts bot with `options` for `s`. */
static br_move ismcts_move(const br_state *s, const char *options)
{
    br_bot *bot = NULL;
    char err[200] = "";
    ck_assert_msg(br_bot_new("ismcts", options, &bot, err, sizeof err) == BR_OK, "%s", err);
    br_move m = BR_MOVE_NONE;
    ck_assert_msg(br_bot_choose(bot, s, &m) == BR_OK, "%s", br_bot_last_error(bot));
    br_bot_free(bot);
    return m;
}

/* doc/bots.md, "The kinds": without `iterations` or `time_ms` the search runs
 * the game's default budget (and rollout cut-off): 4000 iterations in Tür an
 * Tür, whose planner the search needs that many to beat, 2000 in Die Tore der
 * Welt (rollouts cut after 60 moves), 1000 in the others. Tür an Tür's and
 * Die Tore der Welt's positions must show that it is not 1000. */
START_TEST(test_default_budget_is_the_games)
{
    const br_game *g = br_game_at((size_t)_i);
    const char *name = br_game_name(g);
    bool tat = strcmp(name, "tuer-an-tuer") == 0;
    bool tdw = strcmp(name, "tore-der-welt") == 0;
    const char *same = tat ? "seed=5,iterations=4000"
                       : tdw ? "seed=5,iterations=2000,depth=60"
                             : "seed=5,iterations=1000";
    int differs_from_1000 = 0;
    uint64_t last_seed = tat || tdw ? 4 : 1;
    for (uint64_t seed = 1; seed <= last_seed; seed++) {
        br_state *s = position(g, seed, 12 * seed);
        if (s == NULL)
            continue;
        br_move by_default = ismcts_move(s, "seed=5");
        ck_assert_msg(by_default == ismcts_move(s, same), "%s (seed %" PRIu64
                      "): the default budget is not %s", name, seed, same);
        if (tat || tdw)
            differs_from_1000 += by_default != ismcts_move(s, tat ? "seed=5,iterations=1000"
                                                                  : "seed=5,iterations=1000,depth=60");
        br_state_free(s);
    }
    if (tat || tdw)
        ck_assert_msg(differs_from_1000 > 0, "%s: the default budget chose as 1000 "
                      "iterations do on every position", name);
}
END_TEST

/* The hidden-information test: what the mover cannot see cannot change the
 * choice. Each resample from the mover's view is a state the mover cannot
 * tell from the real one. */
static void same_move_on_resamples(const br_game *g, uint64_t seed, br_state *s)
{
    br_state *r = brt_clone(s);
    int seat = br_state_current_player(s);
    for (uint64_t k = 0; k < 2; k++) {
        ck_assert_int_eq(br_state_resample(s, seat, 1000 + k, r), BR_OK);
        for (int kind = 0; kind < NUM_KINDS; kind++)
            ck_assert_msg(choose_fresh(kind, s) == choose_fresh(kind, r),
                          "%s bot in %s (seed %" PRIu64 ") chose differently on a "
                          "resample from the mover's view",
                          KIND_OPTIONS[kind][0], br_game_name(g), seed);
    }
    br_state_free(r);
}

START_TEST(test_resample_from_the_movers_view_same_move)
{
    check_positions(br_game_at((size_t)_i), 3, 7, 3, same_move_on_resamples);
}
END_TEST

/* What the hidden-information test needs of the games: a resample depends on
 * what the seat sees and the seed only, not on where the hidden cards or
 * tiles really are (Tsuro and Tür an Tür dealt the hidden ones in the order
 * of their places before). */
static void resamples_alike_from_one_view(const br_game *g, uint64_t seed, br_state *s)
{
    (void)seed;
    int seat = br_state_current_player(s);
    br_state *r = brt_clone(s), *a = brt_clone(s), *b = brt_clone(s);
    ck_assert_int_eq(br_state_resample(s, seat, 77, r), BR_OK);
    for (uint64_t k = 0; k < 8; k++) {
        ck_assert_int_eq(br_state_resample(s, seat, k, a), BR_OK);
        ck_assert_int_eq(br_state_resample(r, seat, k, b), BR_OK);
        char *ja = brt_snapshot(a), *jb = brt_snapshot(b);
        ck_assert_msg(strcmp(ja, jb) == 0,
                      "%s: resample %" PRIu64 " of two states seat %d cannot tell apart "
                      "differs", br_game_name(g), k, seat);
        free(ja);
        free(jb);
    }
    br_state_free(b);
    br_state_free(a);
    br_state_free(r);
}

START_TEST(test_resample_depends_on_the_view_only)
{
    check_positions(br_game_at((size_t)_i), 4, 5, 4, resamples_alike_from_one_view);
}
END_TEST

/* ------------------------------------------------------------------ */
/* One bot per thread */

typedef struct bot_job {
    const br_game *game;
    int kind;
    uint64_t digest;
} bot_job;

static uint64_t play_job(const br_game *g, int kind)
{
    br_state *s = brt_new_state(g, "seed=21");
    br_bot *bot = new_bot(kind, NULL);
    uint64_t digest = play_with(bot, s, 40);
    br_bot_free(bot);
    br_state_free(s);
    return digest;
}

static void *run_job(void *arg)
{
    bot_job *job = arg;
    job->digest = play_job(job->game, job->kind);
    return NULL;
}

START_TEST(test_one_bot_per_thread_plays_as_alone)
{
    const br_game *g = br_game_at((size_t)_i);
    bot_job jobs[THREADS];
    for (int t = 0; t < THREADS; t++)
        jobs[t] = (bot_job){ .game = g, .kind = t + 1 };
    BRT_RUN_IN_THREADS(run_job, jobs);
    for (int t = 0; t < THREADS; t++)
        ck_assert_msg(jobs[t].digest == play_job(g, t + 1), "%s bot in a thread",
                      KIND_OPTIONS[t + 1][0]);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("playout", 600),
        BRT_PER_GAME(test_every_kind_chooses_legal_moves_over_a_playout),
        BRT_CASE("refusals", 600),
        BRT_PER_GAME(test_chance_node_and_terminal_state_refused),
        BRT_PER_GAME(test_state_of_another_game_refused),
        BRT_TEST(test_unknown_kind_and_bad_options_refused),
        BRT_CASE("determinism", 600),
        BRT_PER_GAME(test_same_seed_and_budget_same_move),
        BRT_CASE("budget", 600),
        BRT_PER_GAME(test_default_budget_is_the_games),
        BRT_CASE("hidden", 600),
        BRT_PER_GAME(test_resample_depends_on_the_view_only),
        BRT_PER_GAME(test_resample_from_the_movers_view_same_move),
        BRT_CASE("threads", 600),
        BRT_PER_GAME(test_one_bot_per_thread_plays_as_alone),
    };
    return brt_run_tests("bots", tests, BRT_COUNT(tests));
}
