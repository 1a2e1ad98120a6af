/*
 * Die Tore der Welt's advice to the greedy bot and the planner
 * (games/tore_der_welt/bot.c, br_game.bot_advice; doc/bots.md): the value
 * the hook reads from the state is the one the bots computed before from
 * the seat's observation (public JSON), on every position of random games
 * and for every seat, and it does not change when what the seat cannot see
 * is drawn anew. Built from bot.c, as the hook is internal (the library
 * exports no game's functions); the states come from the library.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "brt_util.h"
#include "games/tore_der_welt/tore_der_welt.h"
#include "state_impl.h"

enum { GAMES_PER_SETTING = 2, TAX_EXPECTED_TENTHS = 35 };

static const char *const GOODS[] = {
    "stone", "wood", "grain", "piety", "wool", "cloth", "money", "loyalty", "knowledge",
};

static int goods_of(const json_t *goods, const char *name)
{
    const json_t *v = json_object_get(goods, name);
    ck_assert_msg(json_is_integer(v), "observation: goods.%s is not an integer", name);
    return (int)json_integer_value(v);
}

static double shortfall(int have, int due)
{
    return have < due ? due - have : 0;
}

/* The advice as the bots computed it before the hook: from `seat`'s
 * observation, with the same arithmetic in the same order. */
static double advice_from_observation(const br_state *s, int seat)
{
    char *text = brt_observation(s, seat);
    json_t *root = brt_parse_json(text);
    const json_t *view = json_object_get(root, "view");
    const json_t *players = json_object_get(view, "players");
    const json_t *goods = json_object_get(json_array_get(players, (size_t)seat), "goods");
    const json_t *round = json_object_get(view, "round");
    ck_assert_msg(json_is_object(goods) && json_is_integer(round),
                  "observation of seat %d lacks its goods or the round: %s", seat, text);
    double loss = 3 * shortfall(goods_of(goods, "piety"), 2)
                  + 2 * shortfall(goods_of(goods, "grain"), 2)
                  + shortfall(goods_of(goods, "money") * 10, TAX_EXPECTED_TENTHS) / 10;
    double weight = 0.5 + 0.5 * (double)json_integer_value(round) / 6;
    int units = 0;
    for (size_t g = 0; g < sizeof GOODS / sizeof GOODS[0]; g++)
        units += goods_of(goods, GOODS[g]);
    json_decref(root);
    free(text);
    return -weight * loss + 0.3 * units;
}

static double advice_from_state(const br_state *s, int seat)
{
    return tdw_bot_advice(s->data, seat);
}

/* Checks every seat of every unfinished position of one random game;
 * returns the number of positions checked. */
static size_t check_game(const char *options, uint64_t seed)
{
    br_state *s = brt_new_game("tore-der-welt", options);
    br_state *resampled = brt_clone(s);
    int players = br_state_num_players(s);
    uint64_t rng = seed;
    size_t positions = 0;
    while (!br_state_is_terminal(s)) {
        for (int seat = 0; seat < players; seat++) {
            double expected = advice_from_observation(s, seat);
            double got = advice_from_state(s, seat);
            ck_assert_msg(got == expected,
                          "%s, seed %llu, move %zu, seat %d: the hook gives %.17g, the "
                          "observation %.17g",
                          options, (unsigned long long)seed, positions, seat, got, expected);
            ck_assert_int_eq(br_state_resample(s, seat, brt_rand_next(&rng), resampled), BR_OK);
            ck_assert_msg(advice_from_state(resampled, seat) == got,
                          "%s, seed %llu, move %zu, seat %d: the hook's value changes when "
                          "what the seat cannot see is drawn anew",
                          options, (unsigned long long)seed, positions, seat);
        }
        positions++;
        brt_play_random(s, &rng, 1);
    }
    br_state_free(resampled);
    br_state_free(s);
    return positions;
}

/* The value of the hook is the observation's, from the first position to
 * the last, with 2, 3 and 4 seats and with the screens open (where a seat
 * sees the others' goods, which the advice must still not read). */
START_TEST(test_advice_hook_matches_the_observation)
{
    static const char *const SETTINGS[] = {
        "players=2,seed=11",
        "players=3,seed=12",
        "players=4,seed=13",
        "players=3,seed=14,screens=open",
    };
    size_t positions = 0;
    for (size_t i = 0; i < sizeof SETTINGS / sizeof SETTINGS[0]; i++)
        for (uint64_t g = 0; g < GAMES_PER_SETTING; g++)
            positions += check_game(SETTINGS[i], 1000 + 17 * i + g);
    ck_assert_uint_gt(positions, 500);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("bot_advice", 120),
        BRT_TEST(test_advice_hook_matches_the_observation),
    };
    return brt_run_tests("bot_advice", tests, BRT_COUNT(tests));
}
