/*
 * Drunter & Drüber: the binary codecs of the members the core cannot write
 * itself (doc/games/drunter-und-drueber.md, "Binary snapshot"): one byte per
 * value but the votes held (two), seats 0..n-1 only; derived members (board,
 * crews, result) are not written. Values that the JSON form cannot express
 * (a ballot of a seat that has not voted, a last vote's values when none was
 * held) are written as 0 and refused otherwise, so that every loaded state
 * has one form. Each reader checks its ranges; the invariants across members
 * are dud_check_loaded()'s (snapshot.c).
 */
#include <string.h>

#include "snapshot.h"

/* Binary snapshots of format version 2 and before held the votes in one
 * byte; from version 3 on they take two. */
enum { VOTES_U16_SINCE = 3 };


void dud_put_laid(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const dud *s = c->state;
    (void)member;
    uint8_t b[1 + DUD_TILES] = {s->tiles_laid};
    for (int i = 0; i < s->tiles_laid; i++)
        b[1 + i] = (uint8_t)dud_move_of_lay(s->laid[i]);
    br_bw_bytes(w, b, 1u + s->tiles_laid);
}

bool dud_get_laid(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                  const br_field_path *at)
{
    dud *s = dud_loading(c);
    uint8_t moves[DUD_TILES];
    (void)member;
    if (!br_field_get_u8_list(r, DUD_TILES, DUD_MV_VOTE - 1, moves, &s->tiles_laid, at))
        return false;
    for (int i = 0; i < s->tiles_laid; i++)
        s->laid[i] = dud_lay_of_move(moves[i]);
    return true;
}

/* A card number below `count`, or DUD_NONE. */
static bool get_card(br_bytes_reader *r, int count, uint8_t *out, const br_field_path *at)
{
    if (!br_field_take(r, out, 1, at))
        return false;
    return *out == DUD_NONE || *out < count
           || br_field_fail_bytes(r, at, "%u is not a card (0..%d, or 255: none)", *out,
                                  count - 1);
}

/* Pro: per seat its two task cards and its choice (state.tasks[p][i],
 * state.choices[p]). */
void dud_put_tasks(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const dud *s = c->state;
    (void)member;
    const uint8_t b[3] = {s->task[c->owner][0], s->task[c->owner][1], s->choice[c->owner]};
    br_bw_bytes(w, b, 3);
}

bool dud_get_tasks(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                   const br_field_path *at)
{
    dud *s = dud_loading(c);
    (void)member;
    int p = c->owner;
    br_field_path first = {at, NULL, 0}, second = {at, NULL, 1};
    br_field_path choices = {at->parent->parent, "choices", 0}, choice = {&choices, NULL, p};
    return get_card(r, DUD_TASKS, &s->task[p][0], &first)
           && get_card(r, DUD_TASKS, &s->task[p][1], &second)
           && get_card(r, 2, &s->choice[p], &choice);
}

void dud_put_pending(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const dud *s = c->state;
    br_bw_u8(w, dud_voting(s) ? (unsigned)dud_move_of_lay(*(const dud_lay *)member) : NO_LAY);
}

bool dud_get_pending(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                     const br_field_path *at)
{
    const dud *s = c->state;
    uint8_t m = 0;
    if (!br_field_take(r, &m, 1, at))
        return false;
    if (m != NO_LAY && m >= DUD_MV_VOTE)
        return br_field_fail_bytes(r, at, "%u is not a lay number (0..%d, or 255: none)", m,
                                   DUD_MV_VOTE - 1);
    if ((m == NO_LAY) == dud_voting(s))
        return br_field_fail_bytes(r, at, "%s", dud_voting(s) ? "missing during a vote"
                                                              : "set outside a vote");
    if (m != NO_LAY)
        *(dud_lay *)member = dud_lay_of_move(m);
    return true;
}

/* Whether a vote was held, then its members (zeros when none was). */
void dud_put_last_vote(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const dud_vote_result *v = member, none = {0};
    br_bw_u8(w, v->held);
    br_fields_write_bytes(&dud_last_vote_table, c, v->held ? v : &none, w);
}

bool dud_get_last_vote(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                       const br_field_path *at)
{
    dud_vote_result *v = member;
    if (!br_field_take(r, &v->held, 1, at) || !br_fields_read_bytes(&dud_last_vote_table, c, v, r, at))
        return false;
    if (v->held > 1)
        return br_field_fail_bytes(r, at, "held: %u is not 0 or 1", v->held);
    bool any = v->yes || v->no || v->passed || v->jein_yes;
    for (int p = 0; p < c->num_seats; p++)
        any |= v->ballots[p] != 0;
    return v->held || !any || br_field_fail_bytes(r, at, "values, but no vote was held");
}

void dud_put_votes_held(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    uint16_t v;
    memcpy(&v, member, sizeof v);
    br_bw_u16(w, v);
}

bool dud_get_votes_held(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                        const br_field_path *at)
{
    (void)c;
    uint8_t b[2] = {0};
    if (!br_field_take(r, b, r->version >= VOTES_U16_SINCE ? 2 : 1, at))
        return false;
    uint16_t v = (uint16_t)(b[0] | b[1] << 8);
    if (v > DUD_MAX_VOTES)
        return br_field_fail_bytes(r, at, "%u is not in 0..%d", v, DUD_MAX_VOTES);
    memcpy(member, &v, sizeof v);
    return true;
}
