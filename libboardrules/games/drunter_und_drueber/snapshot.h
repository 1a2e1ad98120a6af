/*
 * Drunter & Drüber: what the snapshot's two forms share. The field table
 * (snapshot.c) describes every member once; the core walks it for the JSON
 * snapshot, the observations and the binary form. The game's own codecs:
 * the JSON ones in snapshot.c, the binary ones in bytes.c (declared here).
 */
#ifndef DUD_SNAPSHOT_H
#define DUD_SNAPSHOT_H

#include "drunter_und_drueber.h"

enum { NO_LAY = DUD_NONE };

/* The state being loaded, which the walker hands every codec as c->state:
 * members that keep their value in another member (the voted mask of the
 * ballots, the jein bits) are set through it. */
static inline dud *dud_loading(const br_fields_ctx *c)
{
    return (dud *)(uintptr_t)c->state;
}

/* The binary codec of a member: dud_put_<name>() writes it, dud_get_<name>()
 * reads and checks it, failing with br_field_fail_bytes() at `at`. */
#define DUD_BYTES_CODEC(name)                                                               \
    void dud_put_##name(const br_fields_ctx *c, const void *member, br_bytes_writer *w);   \
    bool dud_get_##name(const br_fields_ctx *c, void *member, br_bytes_reader *r,          \
                        const br_field_path *at);
DUD_BYTES_CODEC(laid)
DUD_BYTES_CODEC(tasks)
DUD_BYTES_CODEC(pending)
DUD_BYTES_CODEC(last_vote)
DUD_BYTES_CODEC(votes_held)

/* The members of the last vote (held aside: the codec of last_vote walks
 * them in both forms). */
extern const br_field_table dud_last_vote_table;

#endif /* DUD_SNAPSHOT_H */
