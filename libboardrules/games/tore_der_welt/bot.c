/*
 * What the heuristic bots know of a seat's position beyond its points
 * (br_game.bot_advice; the reasoning is in bots/advice.c): the dues of the
 * coming chapter end it could not pay now, weighted more as that end nears,
 * and GOOD_VALUE points a good held. Reads only what the seat's observation
 * shows it (its own goods and the round), straight from the state: the
 * bots used to parse that observation for every position they judged.
 * tests/test_bot_advice.c checks that both give the same value.
 */
#include "tore_der_welt.h"

enum { TAX_EXPECTED_TENTHS = 35 };

static const double GOOD_VALUE = 0.3;

static double shortfall(int have, int due)
{
    return have < due ? due - have : 0;
}

double tdw_bot_advice(const void *st, int seat)
{
    const uint8_t *goods = ((const tdw *)st)->players[seat].goods;
    int round = ((const tdw *)st)->round + 1; /* as the observation shows it */
    double loss = 3 * shortfall(goods[TDW_PIETY], 2) + 2 * shortfall(goods[TDW_GRAIN], 2)
                  + shortfall(goods[TDW_MONEY] * 10, TAX_EXPECTED_TENTHS) / 10;
    double weight = 0.5 + 0.5 * (double)round / 6;
    int units = 0;
    for (int g = 0; g < TDW_GOODS; g++)
        units += goods[g];
    return -weight * loss + GOOD_VALUE * units;
}
