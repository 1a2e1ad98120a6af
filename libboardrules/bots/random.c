/* The random bot: a uniformly random legal move. */
#include "bots/bots.h"

static br_status random_choose(struct br_bot *bot, const br_state *state, size_t count,
                               br_move *out)
{
    (void)state;
    *out = bot->moves[bot_rng_below(&bot->rng, (uint32_t)count)];
    return BR_OK;
}

const bot_kind br_bot_random_kind = {
    .name = "random",
    .choose = random_choose,
};
