/* The dispatch layer: validates every public argument, owns allocation and
 * error text, and forwards to the game's vtable. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"


/* ------------------------------------------------------------------ */
/* Errors */

/* Read-only calls (those taking a const br_state *) never write the state,
 * so that any number of threads may read one state at once. Their failure
 * reason goes to a per-thread slot naming the state by its identity (an
 * address may be reused after br_state_free(); an identity never is). */
typedef struct failure_slot {
    uint64_t state_id; /* 0: empty */
    char text[BR_ERROR_SIZE];
} failure_slot;

static _Thread_local failure_slot thread_failure;
static _Atomic uint64_t next_state_id = 1;

void br_state_set_identity(br_state *s)
{
    s->id = next_state_id++;
}

/* Forgets this thread's read-only failure on `s`: a later call that changes
 * the state has the newer word. */
static void forget_thread_failure(const br_state *s)
{
    if (thread_failure.state_id == s->id)
        thread_failure.state_id = 0;
}

static void clear_error(br_state *s)
{
    s->error[0] = '\0';
    forget_thread_failure(s);
}

br_status br_state_fail(br_state *s, br_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof s->error, fmt, ap);
    va_end(ap);
    forget_thread_failure(s);
    return status;
}

br_status br_state_fail_const(const br_state *s, br_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(thread_failure.text, sizeof thread_failure.text, fmt, ap);
    va_end(ap);
    thread_failure.state_id = s->id;
    return status;
}

#define FAIL(state, status, ...) br_state_fail_const((state), (status), __VA_ARGS__)

/* Checks a caller's text buffer pair. */
#define CHECK_BUFFER(state, buf, size)                                              \
    do {                                                                            \
        if (!(buf) && (size) > 0)                                                   \
            return FAIL(state, BR_ERR_ARGUMENT, "buf is NULL but size is %zu", (size)); \
    } while (0)

/* Checks a seat whose view is asked for: 0..n-1, or -1 for a spectator. */
#define CHECK_VIEW_SEAT(state, seat)                                                \
    do {                                                                            \
        if ((seat) < -1 || (seat) >= (state)->num_players)                          \
            return FAIL(state, BR_ERR_ARGUMENT, "seat %d is not in -1..%d", (seat), \
                        (int)(state)->num_players - 1);                             \
    } while (0)

/* Finishes a text result, recording why when the buffer was too small. */
br_status br_state_text_result(const br_state *state, const br_text *t, size_t *len)
{
    br_status st = br_text_result(t, len);
    if (st == BR_ERR_BUFFER)
        return FAIL(state, st, "buffer of %zu bytes too small: %zu needed", t->size,
                    t->len + 1);
    return st;
}

const char *br_state_last_error(const br_state *state)
{
    if (!state)
        return "";
    return thread_failure.state_id == state->id ? thread_failure.text : state->error;
}

/* ------------------------------------------------------------------ */
/* Lifecycle */

/* Where the history begins: after the game's data, aligned for its entries. */
static inline size_t history_offset(const struct br_game *game)
{
    size_t end = sizeof(struct br_state) + game->state_size;
    size_t align = _Alignof(br_history_word);
    return (end + align - 1) / align * align;
}

size_t br_state_alloc_size(const struct br_game *game)
{
    return history_offset(game) + game->history_capacity * sizeof(br_history_word);
}

size_t br_state_used_size(const br_state *s)
{
    return history_offset(s->game) + br_state_history_length(s) * sizeof(br_history_word);
}

br_history_word *br_state_history_words(br_state *s)
{
    return (br_history_word *)((unsigned char *)s + history_offset(s->game));
}

const br_history_word *br_state_history_words_const(const br_state *s)
{
    return (const br_history_word *)((const unsigned char *)s + history_offset(s->game));
}

br_status br_state_create_unsettled(const struct br_game *game, const char *options,
                                   br_state **out, br_text *err)
{
    *out = NULL;
    br_state *s = br_mem_zalloc(br_state_alloc_size(game));
    if (!s) {
        br_text_puts(err, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    s->game = game;
    br_state_set_identity(s);
    br_status st = br_options_parse(game, options, s, err);
    if (st == BR_OK)
        st = game->setup(s->data, s->num_players, s->options, err);
    if (st != BR_OK) {
        br_mem_free(s);
        return st;
    }
    br_rng_seed(&s->rng, s->seed);
    *out = s;
    return BR_OK;
}

br_status br_state_create(const struct br_game *game, const char *options,
                          br_state **out, br_text *err)
{
    br_status st = br_state_create_unsettled(game, options, out, err);
    if (st == BR_OK)
        br_state_settle(*out);
    return st;
}

br_status br_state_new(const br_game *game, const char *options, br_state **out,
                       char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (out)
        *out = NULL;
    if (!game || !out) {
        br_text_puts(&e, game ? "out is NULL" : "game is NULL");
        return BR_ERR_ARGUMENT;
    }
    return br_state_create(game, options, out, &e);
}

br_status br_state_clone(const br_state *state, br_state **out)
{
    if (out)
        *out = NULL;
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!out)
        return FAIL(state, BR_ERR_ARGUMENT, "out is NULL");
    size_t size = br_state_alloc_size(state->game);
    br_state *s = br_mem_alloc(size);
    if (!s)
        return FAIL(state, BR_ERR_NO_MEMORY, "out of memory");
    memcpy(s, state, br_state_used_size(state));
    br_state_set_identity(s);
    *out = s;
    return BR_OK;
}

br_status br_state_copy(br_state *dst, const br_state *src)
{
    if (!dst || !src)
        return dst ? br_state_fail(dst, BR_ERR_ARGUMENT, "src is NULL") : BR_ERR_ARGUMENT;
    if (dst->game != src->game || dst->num_players != src->num_players)
        return br_state_fail(dst, BR_ERR_GAME_MISMATCH,
                             "cannot copy a %s state with %d players into a %s state "
                             "with %d players",
                             src->game->name, (int)src->num_players, dst->game->name,
                             (int)dst->num_players);
    if (dst != src) {
        uint64_t id = dst->id;
        memcpy(dst, src, br_state_used_size(src));
        dst->id = id;
        forget_thread_failure(dst);
    }
    return BR_OK;
}

void br_state_free(br_state *state)
{
    if (state)
        forget_thread_failure(state);
    br_mem_free(state);
}

const br_game *br_state_game(const br_state *state)
{
    return state ? state->game : NULL;
}

int br_state_num_players(const br_state *state)
{
    return state ? (int)state->num_players : 0;
}

br_status br_state_options(const br_state *state, char *buf, size_t size, size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    br_text t = br_text_over(buf, size);
    br_options_write(state, &t);
    return br_state_text_result(state, &t, len);
}

/* ------------------------------------------------------------------ */
/* Turn */

int br_state_current_player(const br_state *state)
{
    return state ? state->game->current_player(state->data) : BR_PLAYER_INVALID;
}

int br_state_is_terminal(const br_state *state)
{
    return state && state->game->current_player(state->data) == BR_PLAYER_TERMINAL;
}

int br_state_is_chance_node(const br_state *state)
{
    return state && state->game->current_player(state->data) == BR_PLAYER_CHANCE;
}

uint32_t br_state_move_number(const br_state *state)
{
    return state ? state->move_number : 0;
}

/* ------------------------------------------------------------------ */
/* Moves */

size_t br_state_move_space(const br_state *state)
{
    return state ? state->game->move_space(state->data) : 0;
}

size_t br_state_max_legal_moves(const br_state *state)
{
    return state ? state->game->max_legal_moves(state->data) : 0;
}

/* br_state_legal_moves() into a buffer that may be too small: through a
 * stack buffer of its own (kept out of the caller's frame, which stays
 * small on the fast path). */
static __attribute__((noinline)) br_status
legal_moves_into_short(const br_state *state, br_move *moves, size_t capacity,
                       size_t *count)
{
    const struct br_game *g = state->game;
    br_move all[BR_LEGAL_MOVES_MAX];
    assert(g->legal_moves_bound <= BR_LEGAL_MOVES_MAX); /* test_api checks every game */
    size_t n = g->legal_moves(state->data, all);
    assert(n <= g->max_legal_moves(state->data)); /* the game's own bound holds */
    size_t k = n < capacity ? n : capacity;
    if (k > 0)
        memcpy(moves, all, k * sizeof *moves);
    *count = n;
    if (n > capacity)
        return FAIL(state, BR_ERR_BUFFER, "%zu legal moves do not fit in %zu entries", n,
                    capacity);
    return BR_OK;
}

br_status br_state_legal_moves(const br_state *state, br_move *moves, size_t capacity,
                               size_t *count)
{
    if (count)
        *count = 0;
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!count || (!moves && capacity > 0))
        return FAIL(state, BR_ERR_ARGUMENT, count ? "moves is NULL but capacity is %zu"
                                                  : "count is NULL", capacity);
    const struct br_game *g = state->game;
    /* The static bound settles most calls without asking the game. */
    if (capacity < g->legal_moves_bound && capacity < g->max_legal_moves(state->data))
        return legal_moves_into_short(state, moves, capacity, count);
    *count = g->legal_moves(state->data, moves);
    return BR_OK;
}

br_status br_state_check_move(const br_state *state, br_move move, char *reason,
                              size_t reason_size)
{
    br_text r = br_text_over(reason, reason_size);
    if (!state) {
        br_text_puts(&r, "state is NULL");
        return BR_ERR_ARGUMENT;
    }
    char why[BR_ERROR_SIZE];
    br_text w = br_text_over(why, sizeof why);
    if (state->game->check_move(state->data, move, &w))
        return BR_OK;
    br_text_puts(&r, why);
    return FAIL(state, BR_ERR_ILLEGAL_MOVE, "%s", why);
}

/* Draws a chance outcome by listing them all: one br_rng_below(sum of
 * weights), walked through the outcomes in increasing order. */
static __attribute__((noinline)) br_move sample_listed_chance(const struct br_game *g,
                                                              const void *st, br_rng *rng)
{
    br_move outcomes[BR_LEGAL_MOVES_MAX];
    uint32_t weights[BR_LEGAL_MOVES_MAX];
    assert(g->legal_moves_bound <= BR_LEGAL_MOVES_MAX);
    size_t n = g->chance_outcomes(st, outcomes, weights);
    uint32_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += weights[i];
    assert(n > 0 && total > 0); /* a chance node always has an outcome */
    uint32_t r = br_rng_below(rng, total);
    size_t i = 0;
    while (r >= weights[i])
        r -= weights[i++];
    return outcomes[i];
}

/* A chance outcome of the state at a chance node, drawn from its generator. */
static inline br_move sample_chance(br_state *s)
{
    const struct br_game *g = s->game;
    return g->sample_chance ? g->sample_chance(s->data, &s->rng)
                            : sample_listed_chance(g, s->data, &s->rng);
}

/* Applies an accepted move of `player`, keeping it in the history. The
 * games' bounds (traits().max_game_length <= history_capacity, checked by the
 * conformance suite) leave room for every move; the test below only keeps a
 * wrong bound from writing past the state. */
static inline void apply_and_record(br_state *s, int player, br_move move)
{
    uint32_t used = br_state_history_length(s);
    br_history_word *h = br_state_history_words(s);
    if (used < s->game->history_capacity) {
        h[used] = br_history_pack(player, move);
    } else {
        s->history_start++; /* the oldest entry makes way */
        if (used > 0) {
            memmove(h, h + 1, (used - 1) * sizeof *h);
            h[used - 1] = br_history_pack(player, move);
        }
    }
    s->game->apply_move(s->data, move);
    s->move_number++;
}

void br_state_settle(br_state *s)
{
    if (s->chance_mode != BR_CHANCE_AUTO)
        return;
    const struct br_game *g = s->game;
    while (g->current_player(s->data) == BR_PLAYER_CHANCE)
        apply_and_record(s, BR_PLAYER_CHANCE, sample_chance(s));
}

void br_state_apply_checked(br_state *s, br_move move)
{
    apply_and_record(s, s->game->current_player(s->data), move);
    br_state_settle(s);
}

br_status br_state_apply(br_state *state, br_move move)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    br_text r = br_text_over(state->error, sizeof state->error);
    forget_thread_failure(state);
    if (!state->game->check_move(state->data, move, &r))
        return BR_ERR_ILLEGAL_MOVE;
    clear_error(state);
    br_state_apply_checked(state, move);
    return BR_OK;
}

br_status br_state_move_to_text(const br_state *state, br_move move, char *buf,
                                size_t size, size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    size_t space = state->game->move_space(state->data);
    if (move < 0 || (size_t)move >= space)
        return FAIL(state, BR_ERR_ARGUMENT, "move %ld is outside 0..%zu", (long)move,
                    space - 1);
    br_text t = br_text_over(buf, size);
    state->game->move_to_text(state->data, move, BR_VIEW_FULL, &t);
    return br_state_text_result(state, &t, len);
}

br_status br_state_move_to_text_view(const br_state *state, br_move move, int seat,
                                     char *buf, size_t size, size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    CHECK_VIEW_SEAT(state, seat);
    size_t space = state->game->move_space(state->data);
    if (move < 0 || (size_t)move >= space)
        return FAIL(state, BR_ERR_ARGUMENT, "move %ld is outside 0..%zu", (long)move,
                    space - 1);
    br_text t = br_text_over(buf, size);
    state->game->move_to_text(state->data, move, seat, &t);
    return br_state_text_result(state, &t, len);
}

br_status br_state_move_from_text(const br_state *state, const char *text, br_move *out)
{
    if (out)
        *out = BR_MOVE_NONE;
    if (!state || !text || !out)
        return BR_ERR_ARGUMENT;
    char normal[BR_MOVE_TEXT_MAX + 1];
    char why[BR_ERROR_SIZE];
    br_text r = br_text_over(why, sizeof why);
    if (br_move_text_normalize(text, strlen(text), normal, &r) != BR_OK ||
        state->game->move_from_text(state->data, normal, out, &r) != BR_OK) {
        *out = BR_MOVE_NONE;
        return FAIL(state, BR_ERR_PARSE, "%s", why);
    }
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Chance */

br_status br_state_chance_outcomes(const br_state *state, br_move *moves,
                                   double *probabilities, size_t capacity, size_t *count)
{
    if (count)
        *count = 0;
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!count || (capacity > 0 && !moves))
        return FAIL(state, BR_ERR_ARGUMENT, "%s is NULL", count ? "moves" : "count");
    const struct br_game *g = state->game;
    if (g->current_player(state->data) != BR_PLAYER_CHANCE)
        return FAIL(state, BR_ERR_WRONG_PHASE, "the state is not at a chance node");
    br_move all[BR_LEGAL_MOVES_MAX];
    uint32_t weights[BR_LEGAL_MOVES_MAX];
    assert(g->legal_moves_bound <= BR_LEGAL_MOVES_MAX);
    size_t n = g->chance_outcomes(state->data, all, weights);
    double total = 0;
    for (size_t i = 0; i < n; i++)
        total += weights[i];
    for (size_t i = 0; i < n && i < capacity; i++) {
        moves[i] = all[i];
        if (probabilities)
            probabilities[i] = weights[i] / total;
    }
    *count = n;
    if (n > capacity)
        return FAIL(state, BR_ERR_BUFFER, "%zu outcomes do not fit in %zu entries", n,
                    capacity);
    return BR_OK;
}

br_status br_state_resolve_chance(br_state *state, br_move *outcome)
{
    if (outcome)
        *outcome = BR_MOVE_NONE;
    if (!state)
        return BR_ERR_ARGUMENT;
    const struct br_game *g = state->game;
    if (g->current_player(state->data) != BR_PLAYER_CHANCE)
        return br_state_fail(state, BR_ERR_WRONG_PHASE, "the state is not at a chance node");
    br_move drawn = sample_chance(state);
    if (outcome)
        *outcome = drawn;
    clear_error(state);
    br_state_apply_checked(state, drawn);
    return BR_OK;
}

br_status br_state_resample(const br_state *state, int seat, uint64_t seed, br_state *dst)
{
    if (!state || !dst)
        return BR_ERR_ARGUMENT;
    if (seat < -1 || seat >= state->num_players)
        return br_state_fail(dst, BR_ERR_ARGUMENT, "seat %d is not in -1..%d", seat,
                             (int)state->num_players - 1);
    if (dst->game != state->game || dst->num_players != state->num_players)
        return br_state_fail(dst, BR_ERR_GAME_MISMATCH,
                             "resample needs a destination of the same game and players");
    if (dst == state)
        return br_state_fail(dst, BR_ERR_ARGUMENT, "resample needs a distinct destination");
    br_rng rng;
    br_rng_seed(&rng, seed);
    memcpy(dst, state, br_state_used_size(state));
    state->game->resample(state->data, seat, &rng, dst->data);
    /* What led to the resampled state never happened: it has no history. */
    dst->history_start = dst->move_number;
    /* The generator is hidden from every seat: draw a new one. */
    br_rng_seed(&dst->rng, br_rng_next(&rng));
    clear_error(dst);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Results */

/* Checks a caller's per-seat array of n entries. */
#define CHECK_SEAT_ARRAY(state, array, n)                                            \
    do {                                                                           \
        if (!(array) || (n) < (size_t)(state)->num_players)                        \
            return FAIL(state, BR_ERR_ARGUMENT, "%s needs %d entries", #array,     \
                        (int)(state)->num_players);                                \
    } while (0)

/* Marks the winners of a finished game; returns their number. */
static int collect_winners(const br_state *state, uint8_t winner[BR_MAX_SEATS])
{
    memset(winner, 0, BR_MAX_SEATS);
    state->game->winners(state->data, winner);
    int count = 0;
    for (int i = 0; i < state->num_players; i++)
        count += winner[i] != 0;
    return count;
}

br_status br_state_returns(const br_state *state, double *out, size_t n)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_SEAT_ARRAY(state, out, n);
    int players = state->num_players;
    for (int i = 0; i < players; i++)
        out[i] = 0.0;
    if (state->game->current_player(state->data) != BR_PLAYER_TERMINAL)
        return BR_OK;
    uint8_t winner[BR_MAX_SEATS];
    int num_winners = collect_winners(state, winner);
    if (num_winners == 0 || num_winners == players)
        return BR_OK; /* a draw: nobody or everybody won */
    for (int i = 0; i < players; i++)
        out[i] = winner[i] ? 1.0 : -1.0;
    return BR_OK;
}

br_status br_state_winners(const br_state *state, int *is_winner, size_t n)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_SEAT_ARRAY(state, is_winner, n);
    if (state->game->current_player(state->data) != BR_PLAYER_TERMINAL)
        return FAIL(state, BR_ERR_WRONG_PHASE, "the game is not over");
    uint8_t winner[BR_MAX_SEATS];
    collect_winners(state, winner);
    for (int i = 0; i < state->num_players; i++)
        is_winner[i] = winner[i] != 0;
    return BR_OK;
}

br_status br_state_scores(const br_state *state, double *out, size_t n)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_SEAT_ARRAY(state, out, n);
    state->game->scores(state->data, out);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Observation and rendering */

/* The observation written straight into the caller's buffer. */
static br_status write_observation_text(const br_state *state, int seat, char *buf, size_t size,
                                        size_t *len)
{
    br_text out = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &out);
    /* The head's keys as precomputed text (an observation is small: the
     * head is a good part of it); game names need no escaping. */
    br_jw_begin_object(&w);
    br_jw_key_text(&w, ",\"game\":", 8);
    br_jw_name(&w, state->game->name);
    br_jw_key_text(&w, ",\"seat\":", 8);
    br_jw_int(&w, seat);
    br_jw_key_text(&w, ",\"move_number\":", 15);
    br_jw_int(&w, (long long)state->move_number);
    br_jw_key_text(&w, ",\"view\":", 8);
    state->game->write_view(state->data, seat, &w);
    br_jw_end_object(&w);
    return br_state_text_result(state, &out, len);
}

br_status br_state_observe(const br_state *state, int seat, char *buf, size_t size,
                           size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    CHECK_VIEW_SEAT(state, seat);
    return write_observation_text(state, seat, buf, size, len);
}

br_status br_state_render(const br_state *state, char *buf, size_t size, size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    br_text t = br_text_over(buf, size);
    state->game->render(state->data, BR_VIEW_FULL, &t);
    return br_state_text_result(state, &t, len);
}

br_status br_state_render_view(const br_state *state, int seat, char *buf, size_t size,
                               size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    CHECK_BUFFER(state, buf, size);
    CHECK_VIEW_SEAT(state, seat);
    br_text t = br_text_over(buf, size);
    state->game->render(state->data, seat, &t);
    return br_state_text_result(state, &t, len);
}
