/*
 * Tür an Tür's binary snapshot (doc/games/tuer-an-tuer.md, "Binary
 * snapshot"): the table of snapshot.c (codecs included) in fixed widths,
 * little-endian, walked by the core. The options (run4, different4) travel
 * in the envelope.
 */
#include <string.h>

#include "snapshot.h"

/* The payload's bytes, and where each part of the format ends: a payload
 * that ends early names the part it ends in, before any member is read (so
 * the codecs below read what is there). */
enum { BIN_SIZE = 186 };

static const struct {
    uint8_t end;
    const char *name;
} bin_parts[] = {
    {7, "state.phase"},   {27, "state.board"},           {31, "state.figures"},
    {111, "state.door_pile"}, {171, "state.elevator_hands"}, {BIN_SIZE, "state.cat_wait"},
};

/* ------------------------------------------------------------------ */
/* The vtable's entries */

void tat_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = tat_snap_context(st, BR_VIEW_FULL);
    br_fields_write_bytes(&tat_state_table, &c, st, w);
}

br_status tat_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    static const br_field_path root = {NULL, "state", 0};
    if (r->left < BIN_SIZE) {
        int i = 0;
        while (bin_parts[i].end <= r->left)
            i++;
        br_br_fail(r, "%s: the data ends %zu bytes early", bin_parts[i].name,
                   bin_parts[i].end - r->left);
        return BR_ERR_SNAPSHOT;
    }
    tat loaded;
    tat_snap_clear(&loaded, st);
    br_fields_ctx c = tat_snap_context(&loaded, BR_VIEW_FULL);
    if (!br_fields_read_bytes(&tat_state_table, &c, &loaded, r, &root) ||
        !tat_snap_check_invariants(&loaded, err))
        return BR_ERR_SNAPSHOT;
    *(tat *)st = loaded;
    return BR_OK;
}
