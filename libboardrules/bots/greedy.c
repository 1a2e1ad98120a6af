/*
 * The greedy bot: tries every legal move on a position the mover cannot tell
 * from the real one and keeps the best by bot_trial_value(), ties broken at
 * random. A secret ballot, which one move cannot judge, goes to ballots.c.
 * Moved from brules (examples/brules/bots.c): the same choices for the same
 * seed.
 */
#include <math.h>

#include "bots/bots.h"

/* How good the position is for `seat`: a finished game by its return
 * (+1 win, -1 loss, 0 draw) far above or below any unfinished one, an
 * unfinished game by the seat's score lead over the best other seat. */
static double judge(struct br_bot *bot, const br_state *position, int seat)
{
    if (br_state_is_terminal(position)) {
        br_state_returns(position, bot->returns, (size_t)bot->num_players);
        return bot->returns[seat] * 1e9;
    }
    br_state_scores(position, bot->scores, (size_t)bot->num_players);
    double best_other = -INFINITY;
    for (int p = 0; p < bot->num_players; p++)
        if (p != seat && bot->scores[p] > best_other)
            best_other = bot->scores[p];
    return bot->num_players > 1 ? bot->scores[seat] - best_other : bot->scores[seat];
}

double bot_trial_value(struct br_bot *bot, const br_state *after, int seat)
{
    return judge(bot, after, seat) - bot_ballot_lay_cost(bot, after)
           + bot_advice_value(bot, after, seat);
}

/* The planner's value of `position` for `seat`: while the same seat is to
 * decide again in its turn (a door card after an elevator card, a card's
 * follow-up), the best of those decisions, up to `levels` of them; otherwise
 * the greedy judgement. */
static double plan_value(struct br_bot *bot, const br_state *position, int seat, int levels)
{
    /* At the end and at a chance node the player to move is not a seat. */
    if (levels == 0 || br_state_current_player(position) != seat)
        return bot_trial_value(bot, position, seat);
    int level = BOT_PLAN_DEPTH - levels;
    size_t count = 0;
    if (br_state_legal_moves(position, bot->plan_moves[level], bot->capacity, &count) != BR_OK
        || count == 0)
        return bot_trial_value(bot, position, seat);
    double best = -INFINITY;
    for (size_t i = 0; i < count; i++) {
        br_state *next = bot->plan[level];
        br_state_copy(next, position);
        if (br_state_apply(next, bot->plan_moves[level][i]) != BR_OK)
            continue; /* cannot happen for a listed move; judged by the others */
        double value = plan_value(bot, next, seat, levels - 1);
        if (value > best)
            best = value;
    }
    return best;
}

br_status bot_greedy_choose(struct br_bot *bot, const br_state *state, size_t count,
                            br_move *out, bool plan)
{
    if (count == 1) {
        /* brules drew a number here too: keep its choices for a seed. */
        *out = bot->moves[bot_rng_below(&bot->rng, 1)];
        return BR_OK;
    }
    bool handled = false;
    br_status st = bot_ballot_choose(bot, state, count, out, &handled);
    if (st != BR_OK || handled)
        return st;
    int seat = br_state_current_player(state);
    /* Judge on a position the seat cannot tell from the real one, so that the
     * bot sees neither other hands nor the draws to come. */
    st = br_state_resample(state, seat, bot_rng_next(&bot->rng), bot->view);
    if (st != BR_OK)
        return bot_fail(bot, st, "resample: %s", br_state_last_error(bot->view));
    double best = -INFINITY;
    uint32_t ties = 0;
    for (size_t i = 0; i < count; i++) {
        br_state_copy(bot->trial, bot->view);
        if (br_state_apply(bot->trial, bot->moves[i]) != BR_OK) {
            char text[64];
            return bot_fail(bot, BR_ERR_ILLEGAL_MOVE,
                            "move '%s' is legal in the game but not in the resampled "
                            "position of seat %d (library bug): %s",
                            bot_move_text(state, bot->moves[i], text, sizeof text), seat,
                            br_state_last_error(bot->trial));
        }
        double value = plan ? plan_value(bot, bot->trial, seat, BOT_PLAN_DEPTH)
                            : bot_trial_value(bot, bot->trial, seat);
        if (value > best) {
            best = value;
            ties = 1;
            *out = bot->moves[i];
        } else if (value == best && bot_rng_below(&bot->rng, ++ties) == 0) {
            *out = bot->moves[i];
        }
    }
    return BR_OK;
}

static br_status greedy_choose(struct br_bot *bot, const br_state *state, size_t count,
                               br_move *out)
{
    return bot_greedy_choose(bot, state, count, out, false);
}

const bot_kind br_bot_greedy_kind = {
    .name = "greedy",
    .choose = greedy_choose,
};
