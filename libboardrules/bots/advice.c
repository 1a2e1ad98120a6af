/*
 * What the greedy bot and the planner know about a game beyond its points.
 * Moved from brules (examples/brules/advice.c).
 *
 * One ply ahead, points alone miss costs that fall due later. Die Tore der
 * Welt is the case in point: at every chapter end each seat owes 2 piety,
 * 2 grain and the tax (2..5 money), and what it cannot pay costs 3, 2 and 1
 * points a unit plus a penalty. A bot that only looks at its points spends
 * everything and pays at the end. So for that game the bot also weighs how
 * much of the coming dues it could not pay now, more the nearer the chapter
 * end is: it keeps grain, piety and money back and pays its dues when it
 * can. Goods count a little too (GOOD_VALUE points a unit): they turn into
 * points later (building, selling, houses, caring), so a card that brings
 * one beats laying it unused.
 *
 * The position is read through the seat's observation (public JSON,
 * doc/games/tore-der-welt.md), so the bot sees nothing a player could not.
 * Reading it allocates (the observation buffer when it grows; jansson's
 * parse every time): the one allocation of choosing (doc/bots.md).
 */
#include "bots/bots.h"

enum { TAX_EXPECTED_TENTHS = 35 };

static const double GOOD_VALUE = 0.3;
static const char *const GOODS[] = {
    "stone", "wood", "grain", "piety", "wool", "cloth", "money", "loyalty", "knowledge",
};

static int goods_of(const json_t *goods, const char *name)
{
    const json_t *v = json_object_get(goods, name);
    return json_is_integer(v) ? (int)json_integer_value(v) : 0;
}

static double shortfall(int have, int due)
{
    return have < due ? due - have : 0;
}

/* Points the seat would lose at the chapter end if it had to pay now,
 * weighted from 1/2 in round 1 to 1 in round 6. */
static double tore_der_welt_dues(struct br_bot *bot, const br_state *position, int seat)
{
    const char *text = bot_observe(bot, position, seat);
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    const json_t *view = json_object_get(root, "view"); /* the seat's view of the state */
    const json_t *players = json_object_get(view, "players");
    const json_t *goods = json_object_get(json_array_get(players, (size_t)seat), "goods");
    const json_t *round = json_object_get(view, "round");
    double value = 0;
    if (json_is_object(goods) && json_is_integer(round)) {
        double loss = 3 * shortfall(goods_of(goods, "piety"), 2)
                      + 2 * shortfall(goods_of(goods, "grain"), 2)
                      + shortfall(goods_of(goods, "money") * 10, TAX_EXPECTED_TENTHS) / 10;
        double weight = 0.5 + 0.5 * (double)json_integer_value(round) / 6;
        int units = 0;
        for (size_t g = 0; g < sizeof GOODS / sizeof GOODS[0]; g++)
            units += goods_of(goods, GOODS[g]);
        value = -weight * loss + GOOD_VALUE * units;
    }
    json_decref(root);
    return value;
}

double bot_advice_value(struct br_bot *bot, const br_state *position, int seat)
{
    if (bot->game == br_game_find("tore-der-welt") && !br_state_is_terminal(position))
        return tore_der_welt_dues(bot, position, seat);
    return 0;
}
