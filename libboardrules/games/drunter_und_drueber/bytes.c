/*
 * Drunter & Drüber: the state as compact bytes (to_bytes, from_bytes); the
 * loader reads its fields into the struct and ends in the checks the JSON
 * loader shares (snapshot.h).
 */
#include <stdio.h>
#include <string.h>

#include "snapshot.h"

/* Bytes (doc/games/drunter-und-drueber.md, "Binary snapshot"): one byte per
 * field but the votes held (two), seats 0..n-1 only; derived fields (board,
 * crews, result) are not written. Values that the JSON form cannot express
 * (a ballot of a seat that has not voted, a last vote's values when none was
 * held) are written as 0 and refused otherwise, so that every loaded state
 * has one form. */

enum { PAYLOAD_MAX = 256 }; /* 185 at most: 4 pro seats, 60 tiles laid */

/* Binary snapshots of format version 2 and before held the votes in one
 * byte; from version 3 on they take two. */
enum { VOTES_U16_SINCE = 3 };

void dud_to_bytes(const void *st, br_bytes_writer *w)
{
    const dud *s = st;
    uint8_t b[PAYLOAD_MAX];
    size_t n = 0;
    int seats = s->num_players;
    b[n++] = s->phase;
    b[n++] = s->turn;
    b[n++] = s->tiles_laid;
    for (int i = 0; i < s->tiles_laid; i++)
        b[n++] = (uint8_t)dud_snap_move_of_lay(s->laid[i]);
    for (int p = 0; p < seats; p++, n += DUD_TILE_TYPES)
        memcpy(b + n, s->hand[p], DUD_TILE_TYPES);
    memcpy(b + n, s->pool, DUD_TILE_TYPES);
    n += DUD_TILE_TYPES;
    for (int p = 0; p < seats && !s->pro; p++)
        b[n++] = s->building[p];
    for (int p = 0; p < seats && s->pro; p++) {
        b[n++] = s->task[p][0];
        b[n++] = s->task[p][1];
        b[n++] = s->choice[p];
    }
    for (int p = 0; p < seats; p++)
        b[n++] = s->votes[p];
    b[n++] = s->voted;
    for (int p = 0; p < seats; p++)
        b[n++] = s->voted >> p & 1 ? s->ballot[p] : 0;
    b[n++] = s->jein_done;
    b[n++] = s->jein_yes & s->jein_done;
    b[n++] = dud_snap_voting(s) ? (uint8_t)dud_snap_move_of_lay(s->pending) : NO_LAY;
    const dud_vote_result *v = &s->last_vote;
    b[n++] = v->held;
    b[n++] = v->held ? v->yes : 0;
    b[n++] = v->held ? v->no : 0;
    b[n++] = v->held ? v->passed : 0;
    for (int p = 0; p < seats; p++)
        b[n++] = v->held ? v->ballots[p] : 0;
    b[n++] = v->held ? v->jein_yes : 0;
    memcpy(b + n, s->rejected, sizeof s->rejected);
    n += sizeof s->rejected;
    b[n++] = (uint8_t)s->votes_held;
    b[n++] = (uint8_t)(s->votes_held >> 8);
    b[n++] = s->votes_passed;
    b[n++] = s->bridges_passed;
    br_bw_bytes(w, b, n);
}

/* A mask of seats: no bit beyond the last seat. */
static bool read_seat_mask(br_bytes_reader *r, const dud *s, uint8_t *out, const char *field)
{
    uint8_t v = br_br_u8(r, field);
    if (!r->failed && v >> s->num_players)
        return br_br_fail(r, "%s: 0x%02x names a seat beyond seat %d", field, v,
                          s->num_players - 1);
    *out = v;
    return !r->failed;
}

static bool bytes_laid(br_bytes_reader *r, dud *s, dud_claims *c)
{
    uint8_t count, lays[DUD_TILES];
    if (!br_br_u8_in(r, 0, DUD_PHASES - 1, &s->phase, "state.phase")
        || !br_br_u8_in(r, 0, (unsigned)s->num_players - 1, &s->turn, "state.turn")
        || !br_br_u8_in(r, 0, DUD_TILES, &count, "state.laid")
        || !br_br_bytes(r, lays, count, "state.laid"))
        return false;
    c->laid_count = count;
    for (int i = 0; i < count; i++) {
        if (lays[i] >= DUD_MV_VOTE)
            return br_br_fail(r, "state.laid[%d]: %u is not a lay number (0..%d)", i, lays[i],
                              DUD_MV_VOTE - 1);
        c->laid[i] = dud_snap_lay_of_move(lays[i]);
    }
    return true;
}

static bool bytes_tiles(br_bytes_reader *r, dud *s)
{
    for (int p = 0; p < s->num_players; p++)
        br_br_bytes(r, s->hand[p], DUD_TILE_TYPES, "state.hands");
    br_br_bytes(r, s->pool, DUD_TILE_TYPES, "state.pool");
    for (int p = 0; p <= s->num_players && !r->failed; p++) {
        const uint8_t *counts = p < s->num_players ? s->hand[p] : s->pool;
        for (int t = 0; t < DUD_TILE_TYPES; t++) {
            if (counts[t] <= dud_tile_count[t])
                continue;
            if (p < s->num_players)
                return br_br_fail(r, "state.hands[%d][%d]: %u tiles, the set has %u of the kind",
                                  p, t, counts[t], dud_tile_count[t]);
            return br_br_fail(r, "state.pool[%d]: %u tiles, the set has %u of the kind", t,
                              counts[t], dud_tile_count[t]);
        }
    }
    return !r->failed;
}

/* A card number below `count`, or DUD_NONE: state.<member>[p] (and [i]
 * when i >= 0). */
static bool read_card(br_bytes_reader *r, int count, uint8_t *out, const char *member, int p,
                      int i)
{
    uint8_t v = br_br_u8(r, "state.cards");
    if (!r->failed && v != DUD_NONE && v >= count) {
        char field[32];
        if (i < 0)
            snprintf(field, sizeof field, "state.%s[%d]", member, p);
        else
            snprintf(field, sizeof field, "state.%s[%d][%d]", member, p, i);
        return br_br_fail(r, "%s: %u is not a card (0..%d, or 255: none)", field, v, count - 1);
    }
    *out = v;
    return !r->failed;
}

static bool bytes_cards(br_bytes_reader *r, dud *s)
{
    for (int p = 0; p < s->num_players && !s->pro; p++)
        if (!read_card(r, DUD_BUILDING_TYPES, &s->building[p], "buildings", p, -1))
            return false;
    for (int p = 0; p < s->num_players && s->pro; p++)
        if (!read_card(r, DUD_TASKS, &s->task[p][0], "tasks", p, 0)
            || !read_card(r, DUD_TASKS, &s->task[p][1], "tasks", p, 1)
            || !read_card(r, 2, &s->choice[p], "choices", p, -1))
            return false;
    return true;
}

static bool bytes_running_vote(br_bytes_reader *r, dud *s)
{
    br_br_bytes(r, s->votes, (size_t)s->num_players, "state.votes");
    if (!read_seat_mask(r, s, &s->voted, "state.ballots (who voted)"))
        return false;
    br_br_bytes(r, s->ballot, (size_t)s->num_players, "state.ballots");
    for (int p = 0; p < s->num_players && !r->failed; p++)
        if (!(s->voted >> p & 1) && s->ballot[p])
            return br_br_fail(r, "state.ballots[%d]: cards, but the seat has not voted", p);
    if (!read_seat_mask(r, s, &s->jein_done, "state.jein (declared)")
        || !read_seat_mask(r, s, &s->jein_yes, "state.jein (yes)"))
        return false;
    if (s->jein_yes & ~s->jein_done)
        return br_br_fail(r, "state.jein: yes from a seat that has not declared");
    uint8_t pending = br_br_u8(r, "state.pending");
    if (r->failed)
        return false;
    if ((pending == NO_LAY) == dud_snap_voting(s))
        return br_br_fail(r, "state.pending: %s", dud_snap_voting(s) ? "missing during a vote"
                                                            : "set outside a vote");
    if (pending != NO_LAY && pending >= DUD_MV_VOTE)
        return br_br_fail(r, "state.pending: %u is not a lay number (0..%d, or 255: none)",
                          pending, DUD_MV_VOTE - 1);
    if (pending != NO_LAY)
        s->pending = dud_snap_lay_of_move(pending);
    return true;
}

static bool bytes_last_vote(br_bytes_reader *r, dud *s)
{
    dud_vote_result *v = &s->last_vote;
    if (!br_br_u8_in(r, 0, 1, &v->held, "state.last_vote (held)"))
        return false;
    v->yes = br_br_u8(r, "state.last_vote.yes");
    v->no = br_br_u8(r, "state.last_vote.no");
    if (!br_br_u8_in(r, 0, 1, &v->passed, "state.last_vote.passed"))
        return false;
    br_br_bytes(r, v->ballots, (size_t)s->num_players, "state.last_vote.ballots");
    if (!read_seat_mask(r, s, &v->jein_yes, "state.last_vote.jein_yes"))
        return false;
    bool any = v->yes || v->no || v->passed || v->jein_yes;
    for (int p = 0; p < s->num_players; p++)
        any |= v->ballots[p] != 0;
    if (!v->held && any)
        return br_br_fail(r, "state.last_vote: values, but no vote was held");
    return true;
}

static bool bytes_tallies(br_bytes_reader *r, dud *s, dud_claims *c)
{
    br_br_bytes(r, s->rejected, sizeof s->rejected, "state.rejected");
    s->votes_held = r->version >= VOTES_U16_SINCE ? br_br_u16(r, "state.tallies.votes")
                                                  : br_br_u8(r, "state.tallies.votes");
    if (!r->failed && s->votes_held > DUD_MAX_VOTES)
        return br_br_fail(r, "state.tallies.votes: %u is not in 0..%d", s->votes_held,
                          DUD_MAX_VOTES);
    if (!br_br_u8_in(r, 0, DUD_MAX_PASSED_VOTES, &s->votes_passed, "state.tallies.passed"))
        return false;
    c->bridges = br_br_u8(r, "state.tallies.bridges");
    if (!r->failed && c->bridges > DUD_TILES)
        return br_br_fail(r, "state.tallies.bridges: %d is not in 0..%d", c->bridges,
                          DUD_TILES);
    return !r->failed;
}

br_status dud_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    dud *s = st;
    dud_claims c;
    bool ok = bytes_laid(r, s, &c) && bytes_tiles(r, s) && bytes_cards(r, s)
              && bytes_running_vote(r, s) && bytes_last_vote(r, s) && bytes_tallies(r, s, &c);
    if (ok && r->left > 0) {
        br_br_fail(r, "state: %zu bytes left over after the last field", r->left);
        ok = false;
    }
    return ok && dud_check_loaded(s, &c, err) ? BR_OK : BR_ERR_SNAPSHOT;
}
