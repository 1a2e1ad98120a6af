/*
 * Secret ballots for the greedy bot and the planner (Drunter & Drüber's
 * votes). Moved from brules (examples/brules/ballots.c).
 *
 * One ply cannot judge a ballot: a vote is counted only when the last seat
 * has chosen, and cards spent now are missing in later votes. So the bot
 * judges the tile under vote instead. On positions the seat cannot tell from
 * the real one (br_state_resample), it finishes the vote as if the tile were
 * accepted (its own strongest yes, nobody else voting, every jein declared
 * yes) and measures how its score compares with the others' afterwards: the
 * tile's worth to the seat, in points. Then it spends as little as that
 * worth calls for: nothing on a tile that hardly matters (now and then the
 * worthless "egal" card, as a bluff), one card of about the tile's worth on
 * the side it wants, the jein card too when much is at stake. The mover
 * backs its own tile with its cheapest yes card unless the tile would cost
 * it; and when choosing a lay, the bot prefers, among equally good lays, one
 * that needs no vote (bot_ballot_lay_cost).
 *
 * Only the public API and the game's documented move texts are used
 * ("vote yes2 jein", "vote none", "jein yes"; doc/games/drunter-und-drueber.md).
 */
#include <stdio.h>

#include "bots/bots.h"

enum { SAMPLES = 12, MAX_VOTE_STEPS = 16 };

static bool starts_with(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* Yes votes a ballot text brings ("vote yes2 jein" counts the jein as yes). */
static int yes_votes(const char *text)
{
    static const char *const cards[] = {"yes1", "yes2", "yes3", "jein"};
    static const int values[] = {1, 2, 3, 2};
    int votes = 0;
    for (size_t i = 0; i < 4; i++)
        if (strstr(text, cards[i]))
            votes += values[i];
    return votes;
}

/* The move of `state` that finishes the vote in the tile's favour: the
 * seat's strongest yes, nobody else voting, every jein declared yes. */
static bool favourable_move(struct br_bot *b, const br_state *state, int seat, br_move *out)
{
    size_t n;
    if (br_state_legal_moves(state, b->scratch, b->capacity, &n) != BR_OK || n == 0)
        return false;
    char text[64];
    bot_move_text(state, b->scratch[0], text, sizeof text);
    if (starts_with(text, "jein ")) {
        *out = b->scratch[0]; /* "jein yes" comes first */
        return true;
    }
    if (!starts_with(text, "vote "))
        return false;
    *out = b->scratch[0]; /* "vote none" */
    if (br_state_current_player(state) != seat)
        return true;
    int best = 0;
    for (size_t i = 1; i < n; i++) {
        int votes = yes_votes(bot_move_text(state, b->scratch[i], text, sizeof text));
        if (votes > best) {
            best = votes;
            *out = b->scratch[i];
        }
    }
    return true;
}

/* The seat's gain over the average other seat. */
static double edge(struct br_bot *b, const br_state *position, int seat)
{
    br_state_scores(position, b->scores, (size_t)b->num_players);
    double others = 0;
    for (int p = 0; p < b->num_players; p++)
        if (p != seat)
            others += b->scores[p];
    return b->scores[seat] - (b->num_players > 1 ? others / (b->num_players - 1) : 0);
}

/* What the tile under vote is worth to `seat`, in points (averaged over
 * positions consistent with what the seat knows). */
static br_status tile_worth(struct br_bot *b, const br_state *state, int seat, double *worth)
{
    double sum = 0;
    for (int i = 0; i < SAMPLES; i++) {
        br_status st = br_state_resample(state, seat, bot_rng_next(&b->rng), b->view);
        if (st != BR_OK)
            return bot_fail(b, st, "resample: %s", br_state_last_error(b->view));
        double before = edge(b, b->view, seat);
        br_state_copy(b->trial, b->view);
        br_move m;
        for (int step = 0; step < MAX_VOTE_STEPS && favourable_move(b, b->trial, seat, &m);
             step++)
            if (br_state_apply(b->trial, m) != BR_OK)
                return bot_fail(b, BR_ERR_ILLEGAL_MOVE, "judging a vote: %s",
                                br_state_last_error(b->trial));
        sum += edge(b, b->trial, seat) - before;
    }
    *worth = sum / SAMPLES;
    return BR_OK;
}

static bool holds(const br_state *state, struct br_bot *b, size_t count, const char *card)
{
    char want[32], text[64];
    snprintf(want, sizeof want, "vote %s", card);
    for (size_t i = 0; i < count; i++)
        if (strcmp(bot_move_text(state, b->moves[i], text, sizeof text), want) == 0)
            return true;
    return false;
}

static void append(char *out, size_t size, const char *word)
{
    size_t len = strlen(out);
    br_format(out + len, size - len, "%s", word);
}

/* The smallest card of `side` that is enough for `target`, else the
 * strongest there is; 0 when the seat holds none. */
static int card_for(const br_state *state, struct br_bot *b, size_t count, const char *side,
                    int target)
{
    char card[8];
    for (int v = target; v <= 3; v++) {
        snprintf(card, sizeof card, "%s%d", side, v);
        if (holds(state, b, count, card))
            return v;
    }
    for (int v = target - 1; v >= 1; v--) {
        snprintf(card, sizeof card, "%s%d", side, v);
        if (holds(state, b, count, card))
            return v;
    }
    return 0;
}

/* The ballot text for a tile worth `worth` points to the seat. */
static void ballot_text(struct br_bot *b, const br_state *state, size_t count, double worth,
                        bool mover, char *out, size_t size)
{
    double stake = worth < 0 ? -worth : worth;
    br_format(out, size, "vote");
    if (stake < 0.5 && !mover) {
        bool bluff = holds(state, b, count, "egal") && bot_rng_below(&b->rng, 5) == 0;
        append(out, size, bluff ? " egal" : " none");
        return;
    }
    const char *side = worth > 0 ? "yes" : "no";
    if (mover && worth > -0.5) { /* the seat proposed this tile: it backs it */
        side = "yes";
        stake = stake < 1 ? 1 : stake;
    }
    int target = stake <= 1.5 ? 1 : stake <= 3 ? 2 : 3;
    int chosen = card_for(state, b, count, side, target);
    if (chosen) {
        char word[12];
        snprintf(word, sizeof word, " %s%d", side, chosen);
        append(out, size, word);
    }
    if (holds(state, b, count, "jein") && (stake >= 4 || (!chosen && stake >= 1.5)))
        append(out, size, " jein");
    if (strcmp(out, "vote") == 0)
        append(out, size, " none");
}

/* Whether `seat` proposed the tile under vote: the observation's "turn"
 * (compact JSON, doc/games/drunter-und-drueber.md) is the mover's seat. */
static bool is_mover(struct br_bot *b, const br_state *state, int seat)
{
    const char *view = bot_observe(b, state, seat);
    char want[32];
    snprintf(want, sizeof want, "\"turn\":%d", seat);
    const char *at = view ? strstr(view, want) : NULL;
    return at && (at[strlen(want)] == ',' || at[strlen(want)] == '}');
}

double bot_ballot_lay_cost(struct br_bot *b, const br_state *after)
{
    size_t n;
    char text[64];
    if (br_state_is_terminal(after) || br_state_is_chance_node(after)
        || br_state_legal_moves(after, b->scratch, b->capacity, &n) != BR_OK || n == 0)
        return 0;
    return starts_with(bot_move_text(after, b->scratch[0], text, sizeof text), "vote ") ? 0.25
                                                                                         : 0;
}

br_status bot_ballot_choose(struct br_bot *b, const br_state *state, size_t count, br_move *out,
                            bool *handled)
{
    char first[64];
    bot_move_text(state, b->moves[0], first, sizeof first);
    bool vote = starts_with(first, "vote "), jein = starts_with(first, "jein ");
    *handled = vote || jein;
    if (!*handled)
        return BR_OK;
    int seat = br_state_current_player(state);
    double worth = 0;
    br_status st = tile_worth(b, state, seat, &worth);
    if (st != BR_OK)
        return st;
    char text[64];
    if (jein)
        br_format(text, sizeof text, "jein %s", worth >= 0 ? "yes" : "no");
    else
        ballot_text(b, state, count, worth, is_mover(b, state, seat), text, sizeof text);
    if (br_state_move_from_text(state, text, out) != BR_OK)
        return bot_fail(b, BR_ERR_PARSE, "ballot '%s' is no move here (library bug?)", text);
    return BR_OK;
}
