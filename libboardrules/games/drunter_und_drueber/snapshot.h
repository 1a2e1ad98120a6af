/*
 * Drunter & Drüber: what the snapshot's two forms share (snapshot.c: JSON,
 * bytes.c: binary): move and lay numbers, and the check of every invariant
 * both loaders end in.
 */
#ifndef DUD_SNAPSHOT_H
#define DUD_SNAPSHOT_H

#include "drunter_und_drueber.h"

enum { NO_LAY = DUD_NONE };

/* A lay move's path, shape and direction, and back. */
dud_lay dud_snap_lay_of_move(br_move m);
unsigned dud_snap_move_of_lay(dud_lay l);

/* Whether the state is in a vote (the vote or its jein round). */
bool dud_snap_voting(const dud *s);

/* What a loader read beside the struct's own fields: the tiles laid, in
 * order, which the check lays again, and the claimed tallies. */
typedef struct dud_claims {
    dud_lay laid[DUD_TILES]; /* the tiles laid, in order */
    int laid_count;
    int bridges;             /* tallies.bridges */
} dud_claims;

/* Lays the tiles again and checks every invariant, naming the field as the
 * JSON snapshot does ("state.<member>"). */
bool dud_check_loaded(dud *s, const dud_claims *c, br_text *err);

#endif /* DUD_SNAPSHOT_H */
