/*
 * brules: the host's random generator and the bots.
 *
 * The bots use the legal-move list; the greedy bot looks one move ahead with
 * copies of the state, the planner looks over the rest of its turn (the
 * decisions that follow its move before another seat or chance is to act).
 * What one ply cannot judge is left to ballots.c (a secret ballot, counted
 * later) and advice.c (costs that fall due later).
 */
#include "brules.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* splitmix64: one addition and a mix per number; plenty for picking moves. */

void host_rng_seed(host_rng *rng, uint64_t seed)
{
    rng->state = seed;
}

uint64_t host_rng_next(host_rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t mix_seed(uint64_t a, uint64_t b)
{
    host_rng rng;
    host_rng_seed(&rng, a ^ (b * UINT64_C(0xd1b54a32d192ed03)));
    return host_rng_next(&rng);
}

/* Lemire's multiply-and-shift with rejection of the few biased values. */
uint32_t host_rng_below(host_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)host_rng_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)-bound % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)host_rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ------------------------------------------------------------------ */
/* Bot set-up */

bool bot_kind_from_name(const char *name, bot_kind *out)
{
    if (strcmp(name, "random") == 0)
        *out = BOT_RANDOM;
    else if (strcmp(name, "greedy") == 0)
        *out = BOT_GREEDY;
    else if (strcmp(name, "planner") == 0)
        *out = BOT_PLANNER;
    else
        return false;
    return true;
}

const char *bot_kind_name(bot_kind kind)
{
    switch (kind) {
    case BOT_GREEDY:
        return "greedy";
    case BOT_PLANNER:
        return "planner";
    default:
        return "random";
    }
}

/* A buffer for one legal-move list (at least one entry, so that malloc
 * never returns NULL for success); NULL when out of memory. */
static br_move *move_buffer(const bot *b)
{
    return malloc((b->capacity ? b->capacity : 1) * sizeof(br_move));
}

/* Buffers of the planner: a position and a legal-move list per level. */
static bool plan_init(bot *b, const br_state *state)
{
    for (int level = 0; level < BOT_PLAN_DEPTH; level++) {
        b->plan_moves[level] = move_buffer(b);
        if (!b->plan_moves[level] || br_state_clone(state, &b->plan[level]) != BR_OK)
            return false;
    }
    return true;
}

bool bot_init(bot *b, bot_kind kind, const br_state *state, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    host_rng_seed(&b->rng, seed);
    b->num_players = br_state_num_players(state);
    b->capacity = br_state_max_legal_moves(state);
    b->moves = move_buffer(b);
    bool ok = b->moves != NULL;
    if (ok && kind != BOT_RANDOM) {
        b->returns = calloc((size_t)b->num_players, sizeof *b->returns);
        b->scores = calloc((size_t)b->num_players, sizeof *b->scores);
        b->scratch = move_buffer(b);
        ok = b->returns && b->scores && b->scratch && br_state_clone(state, &b->view) == BR_OK
             && br_state_clone(state, &b->trial) == BR_OK;
    }
    if (ok && kind == BOT_PLANNER)
        ok = plan_init(b, state);
    if (!ok) {
        brules_error("out of memory");
        bot_free(b);
    }
    return ok;
}

void bot_free(bot *b)
{
    free(b->moves);
    free(b->returns);
    free(b->scores);
    free(b->scratch);
    br_state_free(b->view);
    br_state_free(b->trial);
    for (int level = 0; level < BOT_PLAN_DEPTH; level++) {
        free(b->plan_moves[level]);
        br_state_free(b->plan[level]);
    }
    memset(b, 0, sizeof *b);
}

/* ------------------------------------------------------------------ */
/* Choosing */

static bool list_moves(bot *b, const br_state *state, size_t *count)
{
    if (!list_legal_moves(state, b->moves, b->capacity, count))
        return false;
    if (*count == 0) {
        brules_error("the game is not over but there is no legal move (library bug)");
        return false;
    }
    return true;
}

/* How good the position is for `seat`: a finished game by its return
 * (+1 win, -1 loss, 0 draw) far above or below any unfinished one, an
 * unfinished game by the seat's score lead over the best other seat. */
static double judge(bot *b, const br_state *position, int seat)
{
    if (br_state_is_terminal(position)) {
        br_state_returns(position, b->returns, (size_t)b->num_players);
        return b->returns[seat] * 1e9;
    }
    br_state_scores(position, b->scores, (size_t)b->num_players);
    double best_other = -INFINITY;
    for (int p = 0; p < b->num_players; p++)
        if (p != seat && b->scores[p] > best_other)
            best_other = b->scores[p];
    return b->num_players > 1 ? b->scores[seat] - best_other : b->scores[seat];
}

/* The greedy judgement of the position after a candidate move: the lead,
 * less what a coming vote costs, plus what the game's advice adds. */
static double trial_value(bot *b, const br_state *after, int seat)
{
    return judge(b, after, seat) - ballot_lay_cost(b, after) + advice_value(after, seat);
}

/* The planner's value of `position` for `seat`: while the same seat is to
 * decide again in its turn (a door card after an elevator card, a card's
 * follow-up), the best of those decisions, up to `levels` of them; otherwise
 * the greedy judgement. */
static double plan_value(bot *b, const br_state *position, int seat, int levels)
{
    /* At the end of the game and at a chance node the player to move is not
     * a seat (BR_PLAYER_TERMINAL, BR_PLAYER_CHANCE), so this ends the turn too. */
    if (levels == 0 || br_state_current_player(position) != seat)
        return trial_value(b, position, seat);
    int level = BOT_PLAN_DEPTH - levels;
    size_t count = 0;
    if (br_state_legal_moves(position, b->plan_moves[level], b->capacity, &count) != BR_OK
        || count == 0)
        return trial_value(b, position, seat);
    double best = -INFINITY;
    for (size_t i = 0; i < count; i++) {
        br_state *next = b->plan[level];
        br_state_copy(next, position);
        if (br_state_apply(next, b->plan_moves[level][i]) != BR_OK)
            continue; /* cannot happen for a listed move; judged by the others */
        double value = plan_value(b, next, seat, levels - 1);
        if (value > best)
            best = value;
    }
    return best;
}

/* Tries every legal move on a copy of the bot's view and keeps the best,
 * breaking ties at random (reservoir sampling over the equal ones). The
 * planner judges each by the rest of its turn (plan_value). */
static bool greedy_choose(bot *b, const br_state *state, size_t count, br_move *out)
{
    int seat = br_state_current_player(state);
    /* Judge on a position the seat cannot tell from the real one, so that the
     * bot sees neither other hands nor the draws to come. */
    br_status st = br_state_resample(state, seat, host_rng_next(&b->rng), b->view);
    if (st != BR_OK) {
        report_state_error("greedy bot: resample", state, st);
        return false;
    }
    double best = -INFINITY;
    uint32_t ties = 0;
    for (size_t i = 0; i < count; i++) {
        br_state_copy(b->trial, b->view);
        if (br_state_apply(b->trial, b->moves[i]) != BR_OK) {
            char text[64];
            brules_error("greedy bot: move '%s' is legal in the game but not in the "
                         "resampled position of seat %d (library bug): %s",
                         move_text(state, b->moves[i], text, sizeof text), seat,
                         br_state_last_error(b->trial));
            return false;
        }
        double value = b->kind == BOT_PLANNER ? plan_value(b, b->trial, seat, BOT_PLAN_DEPTH)
                                              : trial_value(b, b->trial, seat);
        if (value > best) {
            best = value;
            ties = 1;
            *out = b->moves[i];
        } else if (value == best && host_rng_below(&b->rng, ++ties) == 0) {
            *out = b->moves[i];
        }
    }
    return true;
}

bool bot_choose(bot *b, const br_state *state, br_move *out)
{
    size_t count;
    if (!list_moves(b, state, &count))
        return false;
    if (b->kind != BOT_RANDOM && count > 1) {
        bool handled;
        if (!ballot_choose(b, state, count, out, &handled))
            return false;
        return handled || greedy_choose(b, state, count, out);
    }
    *out = b->moves[host_rng_below(&b->rng, (uint32_t)count)];
    return true;
}

bool bot_take_turn(bot *b, br_state *state, br_move *played, char *text, size_t text_size)
{
    br_status st;
    if (br_state_is_chance_node(state)) {
        st = br_state_resolve_chance(state, played);
        if (st != BR_OK) {
            report_state_error("resolve chance", state, st);
            return false;
        }
        /* An outcome's text does not depend on the moment. */
        move_text(state, *played, text, text_size);
        return true;
    }
    if (!bot_choose(b, state, played))
        return false;
    move_text(state, *played, text, text_size);
    st = br_state_apply(state, *played);
    if (st != BR_OK) {
        brules_error("the library rejected its own legal move '%s': %s", text,
                     br_state_last_error(state));
        return false;
    }
    return true;
}
