/* The learning interface (boardrules/learn.h): option specs, game facts,
 * observation tensors, action masks and the history of a state. The games
 * supply what depends on their rules (traits, the tensor, the spec table);
 * this file validates the arguments and adds what is the same for all. */
#include <string.h>

#include "state_impl.h"

/* ------------------------------------------------------------------ */
/* Option specs */

size_t br_game_option_count(const br_game *game)
{
    return game ? game->num_option_specs : 0;
}

const br_option_spec *br_game_option(const br_game *game, size_t index)
{
    if (!game || index >= game->num_option_specs)
        return NULL;
    return &game->option_specs[index];
}

br_status br_game_check_options(const br_game *game, const char *options, char *err,
                                size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (!game) {
        br_text_puts(&e, "game is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_state *s;
    br_status st = br_state_create_unsettled(game, options, &s, &e);
    if (st == BR_OK)
        br_state_free(s);
    return st;
}

/* ------------------------------------------------------------------ */
/* Facts */

static void fill_facts(const br_state *s, br_facts *facts, size_t facts_size)
{
    const struct br_game *g = s->game;
    br_traits t;
    memset(&t, 0, sizeof t);
    g->traits(s->data, &t);
    br_facts f;
    memset(&f, 0, sizeof f);
    f.num_players = s->num_players;
    f.has_chance = t.has_chance;
    f.has_hidden_information = t.has_hidden_information;
    /* +1 for the winners, -1 for the others, 0 for all when all or none
     * win (state.h): only two seats make that sum to zero every time. */
    f.returns_kind = s->num_players == 2 ? BR_RETURNS_ZERO_SUM : BR_RETURNS_GENERAL;
    f.move_space = g->move_space(s->data);
    f.max_legal_moves = g->max_legal_moves(s->data);
    f.max_game_length = t.max_game_length;
    f.tensor_rank = t.tensor_rank;
    f.tensor_size = 1;
    for (size_t i = 0; i < BR_TENSOR_MAX_RANK; i++) {
        f.tensor_shape[i] = i < t.tensor_rank ? t.tensor_shape[i] : 0;
        if (i < t.tensor_rank)
            f.tensor_size *= t.tensor_shape[i];
    }
    memcpy(facts, &f, facts_size < sizeof f ? facts_size : sizeof f);
}

br_status br_game_facts(const br_game *game, const char *options, br_facts *facts,
                        size_t facts_size, char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (!game || !facts || facts_size == 0) {
        br_text_puts(&e, !game ? "game is NULL" : !facts ? "facts is NULL" : "facts_size is 0");
        return BR_ERR_ARGUMENT;
    }
    br_state *s;
    br_status st = br_state_create_unsettled(game, options, &s, &e);
    if (st != BR_OK)
        return st;
    fill_facts(s, facts, facts_size);
    br_state_free(s);
    return BR_OK;
}

br_status br_state_facts(const br_state *state, br_facts *facts, size_t facts_size)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!facts || facts_size == 0)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "%s",
                                   facts ? "facts_size is 0" : "facts is NULL");
    fill_facts(state, facts, facts_size);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Tensors and masks */

static size_t tensor_size(const br_state *s)
{
    br_traits t;
    memset(&t, 0, sizeof t);
    s->game->traits(s->data, &t);
    size_t n = 1;
    for (size_t i = 0; i < t.tensor_rank; i++)
        n *= t.tensor_shape[i];
    return n;
}

br_status br_state_observation_tensor(const br_state *state, int seat, float *out, size_t n)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    if (seat < -1 || seat >= state->num_players)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "seat %d is not in -1..%d", seat,
                                   (int)state->num_players - 1);
    if (!out)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "out is NULL");
    size_t need = tensor_size(state);
    if (n < need)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "the tensor has %zu entries, out only %zu", need, n);
    state->game->write_tensor(state->data, seat, out);
    return BR_OK;
}

/* Room for the legal moves of every game (the registry's bounds stay below
 * it; the conformance suite checks that). */
enum { MASK_MOVES_STACK = 1024 };

br_status br_state_legal_mask(const br_state *state, uint8_t *mask, size_t n)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!mask)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "mask is NULL");
    const struct br_game *g = state->game;
    size_t space = g->move_space(state->data);
    if (n < space)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "the move space has %zu moves, mask only %zu entries",
                                   space, n);
    memset(mask, 0, space);
    if (g->current_player(state->data) == BR_PLAYER_TERMINAL)
        return BR_OK;
    br_move moves[MASK_MOVES_STACK];
    size_t count = g->legal_moves(state->data, moves);
    for (size_t i = 0; i < count; i++)
        mask[moves[i]] = 1;
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* History */

br_status br_state_history(const br_state *state, br_history_entry *out, size_t capacity,
                           size_t *count)
{
    if (count)
        *count = 0;
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!count || (capacity > 0 && !out))
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "%s is NULL",
                                   count ? "out" : "count");
    size_t used = br_state_history_length(state);
    size_t n = used < capacity ? used : capacity;
    const br_history_word *h = br_state_history_words_const(state);
    for (size_t i = 0; i < n; i++)
        out[i] = br_history_unpack(h[i]);
    *count = used;
    if (used > capacity)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "%zu history entries do not fit in %zu", used, capacity);
    return BR_OK;
}

uint32_t br_state_history_start(const br_state *state)
{
    return state ? state->history_start : 0;
}

bool br_history_begin(br_state *s, long long start, size_t count, const char *path,
                      br_text *err)
{
    if (start < 0 || start > (long long)s->move_number)
        return br_fail(err, "%s: history start %lld is not in 0..%lu", path, start,
                       (unsigned long)s->move_number);
    if (count != s->move_number - (uint64_t)start)
        return br_fail(err, "%s: %zu entries, but moves %lld..%lu need %lu", path, count,
                       start, (unsigned long)s->move_number,
                       (unsigned long)(s->move_number - (uint64_t)start));
    if (count > s->game->history_capacity)
        return br_fail(err, "%s: %zu entries, more than the game's %lu", path, count,
                       (unsigned long)s->game->history_capacity);
    s->history_start = (uint32_t)start;
    return true;
}

bool br_history_put(br_state *s, size_t i, long long player, long long move, const char *path,
                    br_text *err)
{
    if (player < BR_PLAYER_CHANCE || player >= s->num_players)
        return br_fail(err, "%s[%zu]: player %lld is not a seat (0..%d) or chance (-1)", path,
                       i, player, (int)s->num_players - 1);
    size_t space = s->game->move_space(s->data);
    if (move < 0 || (unsigned long long)move >= space)
        return br_fail(err, "%s[%zu]: move %lld is outside 0..%zu", path, i, move, space - 1);
    br_state_history_words(s)[i] = br_history_pack((int)player, (br_move)move);
    return true;
}
