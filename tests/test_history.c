/*
 * What happened, told to each seat (issue 25): br_state_history_text_view()
 * for every game, against the texts a chance=explicit table shows at the
 * time, and its refusals.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "brt_util.h"

enum { GAMES_PER_GAME = 4, MAX_MOVES = 3000 };

/* "players=..,seed=S,chance=MODE" for game i's test games. */
static char *options_for(const br_game *g, uint64_t seed, const char *chance)
{
    int players = br_game_max_players(g) < 3 ? br_game_max_players(g) : 3;
    return brt_format("players=%d,seed=%llu,chance=%s", players, (unsigned long long)seed,
                      chance);
}

static char *entry_text(const br_state *s, size_t index, int seat)
{
    size_t len = 0;
    ck_assert_int_eq(br_state_history_text_view(s, index, seat, NULL, 0, &len), BR_ERR_BUFFER);
    char *text = malloc(len + 1);
    ck_assert_int_eq(br_state_history_text_view(s, index, seat, text, len + 1, NULL), BR_OK);
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

static char *view_text(const br_state *s, br_move move, int seat)
{
    char buf[512];
    ck_assert_int_eq(br_state_move_to_text_view(s, move, seat, buf, sizeof buf, NULL), BR_OK);
    return brt_strdup(buf);
}

/* Every entry of a seeded chance=auto game, for every seat and a
 * spectator, reads as an explicit table showed it before the move. */
static void check_game(const br_game *g, uint64_t seed)
{
    char *auto_opts = options_for(g, seed, "auto"), *explicit_opts = options_for(g, seed, "explicit");
    br_state *played = brt_random_state(g, auto_opts, seed * 7919 + 1, MAX_MOVES / 10);
    size_t count = 0;
    ck_assert_int_eq(br_state_history(played, NULL, 0, &count),
                     count ? BR_ERR_BUFFER : BR_OK);
    br_state_history(played, NULL, 0, &count);
    br_history_entry *h = calloc(count + 1, sizeof *h);
    ck_assert_int_eq(br_state_history(played, h, count, &count), BR_OK);
    br_state *table = brt_new_state(g, explicit_opts);
    int seats = br_state_num_players(table);
    for (size_t i = 0; i < count; i++) {
        for (int seat = -1; seat < seats; seat++) {
            char *then = view_text(table, h[i].move, seat), *now = entry_text(played, i, seat);
            ck_assert_msg(strcmp(then, now) == 0, "%s seed %llu entry %zu seat %d: '%s', then '%s'",
                          br_game_name(g), (unsigned long long)seed, i, seat, now, then);
            free(then);
            free(now);
        }
        ck_assert_int_eq(br_state_apply(table, h[i].move), BR_OK);
    }
    free(h);
    br_state_free(table);
    br_state_free(played);
    free(auto_opts);
    free(explicit_opts);
}

START_TEST(test_texts_are_those_shown_at_the_time)
{
    const br_game *g = br_game_at((size_t)_i);
    for (uint64_t seed = 1; seed <= GAMES_PER_GAME; seed++)
        check_game(g, seed);
}
END_TEST

START_TEST(test_refusals_name_the_problem)
{
    const br_game *g = br_game_at((size_t)_i);
    br_state *s = brt_new_state(g, "seed=3");
    uint64_t rng = 5;
    brt_play_random(s, &rng, 20);
    size_t count = 0;
    br_state_history(s, NULL, 0, &count);
    char buf[256];
    ck_assert_int_eq(br_state_history_text_view(NULL, 0, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, count, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(br_state_last_error(s), "is not in 0.."));
    ck_assert_int_eq(br_state_history_text_view(s, 0, 99, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, 0, -2, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, 0, 0, NULL, 8, NULL), BR_ERR_ARGUMENT);
    size_t len = 0;
    ck_assert_int_eq(br_state_history_text_view(s, 0, 0, buf, 1, &len), BR_ERR_BUFFER);
    ck_assert_uint_gt(len, 0);
    ck_assert_str_eq(buf, "");
    /* A resampled state's history starts at its move number. */
    br_state *r = NULL;
    ck_assert_int_eq(br_state_clone(s, &r), BR_OK);
    if (br_state_current_player(s) >= 0) {
        ck_assert_int_eq(br_state_resample(s, br_state_current_player(s), 9, r), BR_OK);
        brt_play_random(r, &rng, 2);
        br_state_history(r, NULL, 0, &count);
        if (count > 0) {
            ck_assert_int_eq(br_state_history_text_view(r, 0, 0, buf, sizeof buf, NULL),
                             BR_ERR_WRONG_PHASE);
            ck_assert_ptr_nonnull(strstr(br_state_last_error(r), "history starts at move"));
        }
    }
    br_state_free(r);
    br_state_free(s);
}
END_TEST

int main(void)
{
    brt_suite s = brt_suite_new("history", 600);
    brt_add_per_game(&s, "text_view", test_texts_are_those_shown_at_the_time);
    brt_add_per_game(&s, "text_view", test_refusals_name_the_problem);
    return brt_run_suite(s.suite);
}
