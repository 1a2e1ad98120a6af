/* The learning interface (boardrules/learn.h): option specs, game facts,
 * observation tensors, action masks and the history of a state. The games
 * supply what depends on their rules (traits, the tensor, the spec table);
 * this file validates the arguments and adds what is the same for all. */
#include <assert.h>
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

static size_t br_information_state_size(const br_state *s);

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
    f.information_state_size = br_information_state_size(s);
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

/* The arguments both tensors take: a state, a seat or -1, a buffer. */
static br_status check_tensor_args(const br_state *state, int seat, const float *out)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    if (seat < -1 || seat >= state->num_players)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "seat %d is not in -1..%d", seat,
                                   (int)state->num_players - 1);
    if (!out)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "out is NULL");
    return BR_OK;
}

br_status br_state_observation_tensor(const br_state *state, int seat, float *out, size_t n)
{
    br_status bad = check_tensor_args(state, seat, out);
    if (bad != BR_OK)
        return bad;
    size_t need = tensor_size(state);
    if (n < need)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "the tensor has %zu entries, out only %zu", need, n);
    state->game->write_tensor(state->data, seat, out);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Information-state tensor: the observation tensor, then the moves of the
 * game as the seat saw them, replayed from the history (doc/api.md). The
 * games supply only move_view() (the move or its hidden class) and
 * view_reveals(); the layout is the same for all. */

typedef struct infostate_layout {
    size_t observation; /* floats of the observation tensor, first */
    size_t slots;       /* one per move: the longest game, or the history's room */
    size_t token_bits;  /* the seen move, move_space + hidden classes values, in bits */
    size_t slot_size;   /* present, actor (seats, chance), hidden, the bits */
    size_t total;
} infostate_layout;

/* Offsets inside a slot. */
enum { SLOT_PRESENT = 0, SLOT_ACTOR = 1 };

static size_t bits_for(size_t values)
{
    size_t bits = 1;
    while (bits < 8 * sizeof(size_t) - 1 && ((size_t)1 << bits) < values)
        bits++;
    return bits;
}

static infostate_layout layout_of(const br_state *s)
{
    const struct br_game *g = s->game;
    br_traits t;
    memset(&t, 0, sizeof t);
    g->traits(s->data, &t);
    infostate_layout l;
    l.observation = tensor_size(s);
    l.slots = t.max_game_length < g->history_capacity ? t.max_game_length : g->history_capacity;
    l.token_bits = bits_for(g->move_space(s->data) + g->hidden_move_classes);
    l.slot_size = (size_t)SLOT_ACTOR + (size_t)s->num_players + 1 + 1 + l.token_bits;
    l.total = l.observation + 1 + l.slots * l.slot_size;
    return l;
}

static size_t br_information_state_size(const br_state *s)
{
    return layout_of(s).total;
}

/* The slot's "hidden" entry and first token bit. */
static size_t slot_hidden(const br_state *s)
{
    return (size_t)SLOT_ACTOR + (size_t)s->num_players + 1;
}

/* Writes one move into its slot (cleared before): who made it, relative to
 * the observer (the spectator: absolute), or chance; the token in bits,
 * least significant first; the hidden flag when the token is a class. */
static void write_slot(const br_state *s, const infostate_layout *l, float *slot, int seat,
                       int player, uint32_t token, size_t space)
{
    int n = s->num_players;
    slot[SLOT_PRESENT] = 1;
    if (player == BR_PLAYER_CHANCE)
        slot[SLOT_ACTOR + n] = 1;
    else
        slot[SLOT_ACTOR + (seat < 0 ? player : (player - seat + n) % n)] = 1;
    size_t hidden = slot_hidden(s);
    slot[hidden] = token >= space ? 1.0f : 0.0f;
    for (size_t b = 0; b < l->token_bits; b++)
        slot[hidden + 1 + b] = (token >> b & 1) ? 1.0f : 0.0f;
}

static uint32_t slot_token(const br_state *s, const infostate_layout *l, const float *slot)
{
    size_t hidden = slot_hidden(s);
    uint32_t token = 0;
    for (size_t b = 0; b < l->token_bits; b++)
        if (slot[hidden + 1 + b] != 0)
            token |= 1u << b;
    return token;
}

/* Shows the moves of the classes in `reveal` made so far (slots from
 * `from[k]` to `upto`) as they were: the game now shows them to every seat. */
static void reveal_moves(const br_state *s, const infostate_layout *l, float *slots, int seat,
                         uint32_t reveal, size_t upto, size_t space, size_t *from)
{
    const br_history_word *h = br_state_history_words_const(s);
    for (uint32_t k = 0; k < s->game->hidden_move_classes; k++) {
        if (!(reveal >> k & 1))
            continue;
        for (size_t i = from[k]; i < upto; i++) {
            float *slot = slots + i * l->slot_size;
            if (slot_token(s, l, slot) != space + k)
                continue;
            br_history_entry e = br_history_unpack(h[i]);
            memset(slot, 0, l->slot_size * sizeof *slot);
            write_slot(s, l, slot, seat, e.player, (uint32_t)e.move, space);
        }
        from[k] = upto;
    }
}

/* Replays the history of `s` from a new initial state of the same options,
 * writing each move's slot as `seat` sees it. BR_ERR_SNAPSHOT, with no
 * reason kept, when the history does not lead to `s`: a state made by
 * br_state_resample() at move 0 has a history that starts at 0, yet its
 * hidden part was drawn anew, so the moves after it need not replay on the
 * options' initial state (fuzz_operations found one); a snapshot can carry
 * such a history too. */
static br_status replay_into(const br_state *s, const infostate_layout *l, int seat, float *slots)
{
    const struct br_game *g = s->game;
    char options[BR_OPTIONS_MAX];
    br_text t = br_text_over(options, sizeof options);
    br_options_write(s, &t);
    br_state *r = NULL;
    char why[120] = "";
    br_text reason = br_text_over(why, sizeof why);
    br_status made = br_text_fits(&t) ? br_state_create_unsettled(g, options, &r, &reason)
                                      : BR_ERR_OPTION;
    if (made != BR_OK)
        return made == BR_ERR_NO_MEMORY
                   ? br_state_fail_const(s, made, "no memory for the replay's state")
                   : br_state_fail_const(s, BR_ERR_SNAPSHOT, "the options %s do not make a "
                                         "state: %s", options, why);
    size_t space = g->move_space(s->data);
    size_t from[32] = { 0 };
    const br_history_word *h = br_state_history_words_const(s);
    uint32_t count = br_state_history_length(s);
    br_status st = BR_OK;
    for (uint32_t i = 0; i < count && st == BR_OK; i++) {
        br_history_entry e = br_history_unpack(h[i]);
        if (g->current_player(r->data) != e.player || !g->check_move(r->data, e.move, NULL)) {
            st = BR_ERR_SNAPSHOT;
            break;
        }
        uint32_t token = g->move_view(r->data, e.move, seat);
        write_slot(s, l, slots + (size_t)i * l->slot_size, seat, e.player, token, space);
        g->apply_move(r->data, e.move);
        uint32_t reveal = g->view_reveals ? g->view_reveals(r->data, e.move) : 0;
        if (reveal)
            reveal_moves(s, l, slots, seat, reveal, (size_t)i + 1, space, from);
    }
    if (st == BR_OK && memcmp(r->data, s->data, g->state_size) != 0)
        st = BR_ERR_SNAPSHOT;
    br_state_free(r);
    return st;
}

br_status br_state_information_state_tensor(const br_state *state, int seat, float *out,
                                            size_t n)
{
    br_status bad = check_tensor_args(state, seat, out);
    if (bad != BR_OK)
        return bad;
    infostate_layout l = layout_of(state);
    if (n < l.total)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "the information-state tensor has %zu entries, out only %zu",
                                   l.total, n);
    float *known = out + l.observation, *slots = known + 1;
    memset(known, 0, (l.total - l.observation) * sizeof *out);
    uint32_t count = br_state_history_length(state);
    if (state->history_start == 0 && count <= l.slots) {
        br_status st = count > 0 ? replay_into(state, &l, seat, slots) : BR_OK;
        if (st == BR_ERR_SNAPSHOT) /* not this state's past: unknown, as a later start */
            memset(slots, 0, (l.total - l.observation - 1) * sizeof *out);
        else if (st != BR_OK)
            return st;
        *known = st == BR_OK;
    }
    state->game->write_tensor(state->data, seat, out);
    return BR_OK;
}

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
    br_move moves[BR_LEGAL_MOVES_MAX];
    assert(g->legal_moves_bound <= BR_LEGAL_MOVES_MAX); /* test_api checks every game */
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
