/*
 * Die Tore der Welt: the binary snapshot (to_bytes, from_bytes), the same
 * members as the JSON one in fixed widths, little-endian (doc: "Binary
 * snapshot"), walked by the core from the field table (snapshot.c); what
 * JSON states twice (the free houses, seals and cover tiles, the result's
 * VP) is written once. The loader ends in the invariants the JSON loader
 * checks too (snapshot.h).
 */
#include <string.h>

#include "snapshot.h"

void tdw_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = tdw_fields_ctx(st, BR_VIEW_FULL);
    br_fields_write_bytes(&tdw_state_fields, &c, st, w);
}

/* What JSON states twice, worked out from the fields (the checks then
 * compare the state with itself there, and the other checks remain). */
static void derive(const tdw *s, tdw_derived *d)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < s->num_players; p++) {
        for (int q = 0; q < TDW_PROJECTS; q++)
            d->owners[q] |= (unsigned)(s->players[p].seals >> q & 1) << p;
        d->houses[p] = TDW_HOUSES - tdw_houses_of(s, p);
        d->seals[p] = TDW_SEALS - tdw_popcount(s->players[p].seals);
    }
    d->covers = TDW_COVER_TILES - tdw_popcount(s->covers);
}

br_status tdw_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    tdw *s = st;
    int box_grain = s->box_grain, box_piety = s->box_piety; /* set up for this table */
    br_fields_ctx c = tdw_fields_ctx(s, BR_VIEW_FULL);
    br_field_path root = {NULL, "state", 0};
    if (!br_fields_read_bytes(&tdw_state_fields, &c, s, r, &root))
        return BR_ERR_SNAPSHOT;
    tdw_derived d;
    derive(s, &d);
    return tdw_check_state(s, &d, box_grain, box_piety, err) ? BR_OK : BR_ERR_SNAPSHOT;
}
