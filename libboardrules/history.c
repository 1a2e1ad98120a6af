/*
 * What happened, told to each seat (doc/api.md, "Announcing moves"): the
 * text of a history entry as one seat saw it when the move was made, and
 * its effects as that seat may see them (JSON). The
 * history is replayed from the options' initial state, each chance outcome
 * as an entry of its own (as a chance=explicit table sees it), so the text
 * is judged on the position before the move, where it was shown, and never
 * on a later one that may reveal more or less.
 */
#include <string.h>

#include "state_impl.h"

/* What a replay yields: the replayed state just before the entry asked for
 * (a copy of its data), and the entry. */
typedef struct replay_point {
    void *before;     /* the game's data before the entry; br_mem_free() it */
    void *after;      /* and after it (when asked for; else NULL) */
    br_history_entry entry;
} replay_point;

/* A state of `s`'s options at its initial position, chance not settled. */
static br_status initial_state(const br_state *s, br_state **out)
{
    char options[BR_OPTIONS_MAX];
    br_text t = br_text_over(options, sizeof options);
    br_options_write(s, &t);
    char why[120] = "";
    br_text reason = br_text_over(why, sizeof why);
    br_status made = br_state_create_unsettled(s->game, options, out, &reason);
    if (made == BR_ERR_NO_MEMORY)
        return br_state_fail_const(s, made, "no memory for the replay's state");
    if (made != BR_OK)
        return br_state_fail_const(s, BR_ERR_WRONG_PHASE,
                                   "the options %s do not make a state: %s", options, why);
    return BR_OK;
}

/* Replays the whole history of `s`, keeping the position before entry
 * `index`; the replay must lead to `s` itself, or the texts would belong to
 * another game (a resampled state's history starts at 0 yet its hidden part
 * was drawn anew). */
static br_status replay(const br_state *s, size_t index, bool with_after, replay_point *at)
{
    const struct br_game *g = s->game;
    if (s->history_start != 0)
        return br_state_fail_const(s, BR_ERR_WRONG_PHASE,
                                   "the history starts at move %lu, not at the initial state",
                                   (unsigned long)s->history_start);
    br_state *r = NULL;
    br_status st = initial_state(s, &r);
    if (st != BR_OK)
        return st;
    at->after = NULL;
    at->before = br_mem_alloc(with_after ? 2 * g->state_size : g->state_size);
    if (!at->before) {
        br_state_free(r);
        return br_state_fail_const(s, BR_ERR_NO_MEMORY, "no memory for the replay's state");
    }
    if (with_after)
        at->after = (char *)at->before + g->state_size;
    const br_history_word *h = br_state_history_words_const(s);
    uint32_t count = br_state_history_length(s);
    bool leads_here = true;
    for (uint32_t i = 0; i < count && leads_here; i++) {
        br_history_entry e = br_history_unpack(h[i]);
        leads_here = g->current_player(r->data) == e.player && g->check_move(r->data, e.move, NULL);
        if (i == index) {
            memcpy(at->before, r->data, g->state_size);
            at->entry = e;
        }
        if (leads_here)
            g->apply_move(r->data, e.move);
        if (i == index && at->after)
            memcpy(at->after, r->data, g->state_size);
    }
    leads_here = leads_here && memcmp(r->data, s->data, g->state_size) == 0;
    br_state_free(r);
    if (!leads_here) {
        br_mem_free(at->before);
        at->before = at->after = NULL;
        return br_state_fail_const(s, BR_ERR_WRONG_PHASE,
                                   "the history does not lead to this state from the options' "
                                   "initial state (a resampled state's hidden part differs)");
    }
    return BR_OK;
}

/* The checks every per-seat history call makes. */
static br_status check_entry_args(const br_state *s, size_t index, int seat, const char *buf,
                                  size_t size)
{
    if (!buf && size > 0)
        return br_state_fail_const(s, BR_ERR_ARGUMENT, "buf is NULL but size is %zu", size);
    if (seat < -1 || seat >= s->num_players)
        return br_state_fail_const(s, BR_ERR_ARGUMENT, "seat %d is not in -1..%d", seat,
                                   (int)s->num_players - 1);
    size_t count = br_state_history_length(s);
    if (index >= count)
        return br_state_fail_const(s, BR_ERR_ARGUMENT,
                                   "history entry %zu is not in 0..%zu", index,
                                   count > 0 ? count - 1 : 0);
    return BR_OK;
}

/* The start both calls share: the outputs cleared, the arguments checked,
 * the history replayed to the entry (at->before, and at->after when asked). */
static br_status replay_entry(const br_state *state, size_t index, int seat, char *buf,
                              size_t size, size_t *len, bool with_after, replay_point *at)
{
    if (len)
        *len = 0;
    if (size > 0 && buf)
        buf[0] = '\0';
    if (!state)
        return BR_ERR_ARGUMENT;
    br_status st = check_entry_args(state, index, seat, buf, size);
    return st == BR_OK ? replay(state, index, with_after, at) : st;
}

br_status br_state_history_text_view(const br_state *state, size_t index, int seat, char *buf,
                                     size_t size, size_t *len)
{
    replay_point at = {NULL, NULL, {0, 0}};
    br_status st = replay_entry(state, index, seat, buf, size, len, false, &at);
    if (st != BR_OK)
        return st;
    br_text t = br_text_over(buf, size);
    state->game->move_to_text(at.before, at.entry.move, seat, &t);
    br_mem_free(at.before);
    return br_state_text_result(state, &t, len);
}

br_status br_state_history_effects_json(const br_state *state, size_t index, int seat,
                                        char *buf, size_t size, size_t *len)
{
    replay_point at = {NULL, NULL, {0, 0}};
    br_status st = replay_entry(state, index, seat, buf, size, len, true, &at);
    if (st != BR_OK)
        return st;
    br_text t = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &t);
    br_jw_begin_array(&w);
    state->game->write_effects(at.before, at.after, at.entry.move, seat, &w);
    br_jw_end_array(&w);
    br_mem_free(at.before);
    return br_state_text_result(state, &t, len);
}
