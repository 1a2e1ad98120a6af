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
 * can. Goods count a little too: they turn into points later (building,
 * selling, houses, caring), so a card that brings one beats laying it
 * unused.
 *
 * The game computes that value (br_game.bot_advice, in its folder's bot.c)
 * from the position's own fields, reading only what the seat's observation
 * shows it: the bots parsed that observation's JSON for every position they
 * judged before, which made them allocate and cost most of their time
 * (doc/bots.md, "Speed of the heuristic bots"). This is the one place where
 * the bots reach past the public API of states.
 */
#include "bots/bots.h"
#include "state_impl.h"

double bot_advice_value(struct br_bot *bot, const br_state *position, int seat)
{
    if (!bot->game->bot_advice || br_state_is_terminal(position))
        return 0;
    return bot->game->bot_advice(position->data, seat);
}
