/* The planner: greedy over its whole turn. A move that leaves the seat to
 * decide again (a door card after an elevator card, a card's follow-up) is
 * judged by the best of its next decisions, up to BOT_PLAN_DEPTH of them
 * (greedy.c, plan_value). */
#include "bots/bots.h"

static br_status planner_choose(struct br_bot *bot, const br_state *state, size_t count,
                                br_move *out)
{
    return bot_greedy_choose(bot, state, count, out, true);
}

const bot_kind br_bot_planner_kind = {
    .name = "planner",
    .choose = planner_choose,
};
