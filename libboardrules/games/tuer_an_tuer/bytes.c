/*
 * Tür an Tür's binary snapshot (doc/games/tuer-an-tuer.md, "Binary
 * snapshot"): the table of snapshot.c in fixed widths, little-endian, walked
 * by the core; here the codecs of the members the core has no kind for, and
 * the vtable's entries. The options (run4, different4) travel in the
 * envelope.
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

void tat_cards_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const cardset *set = member;
    (void)c;
    br_bw_u64(w, set->one);
    br_bw_u64(w, set->two);
}

/* A card set: two masks, `two` within `one`, no bit beyond the last card, at
 * most `max` cards. */
static bool cards_get(br_bytes_reader *r, size_t max, cardset *set, const br_field_path *at)
{
    set->one = br_br_u64(r, "");
    set->two = br_br_u64(r, "");
    if ((set->one | set->two) >> CARDS)
        return br_field_fail_bytes(r, at, "a card beyond %d in the masks", CARDS - 1);
    if (set->two & ~set->one)
        return br_field_fail_bytes(r, at, "a second copy of a card without its first");
    if ((size_t)cardset_size(set) > max)
        return br_field_fail_bytes(r, at, "has %d entries, at most %zu allowed",
                                   cardset_size(set), max);
    return true;
}

void tat_etypes_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    br_bw_bytes(w, member, ETYPES);
}

/* The copies of each elevator card type (at most 2), at most `max` in all. */
static bool etypes_get(br_bytes_reader *r, int max, uint8_t *counts, const br_field_path *at)
{
    br_br_bytes(r, counts, ETYPES, "");
    int n = 0;
    for (int t = 0; t < ETYPES; t++) {
        if (counts[t] > ECOPIES)
            return br_field_fail_bytes(r, at, "%u copies of '%s', there are %d of each",
                                       counts[t], etype_names[t], ECOPIES);
        n += counts[t];
    }
    return n <= max ||
           br_field_fail_bytes(r, at, "has %d entries, at most %d allowed", n, max);
}

/* The readers of the sets, one per bound (the codec has no other way to
 * know its member's). */
#define TAT_BIN_READER(name, reader, type, max)                                                \
    bool name(const br_fields_ctx *c, void *member, br_bytes_reader *r,                        \
              const br_field_path *at)                                                         \
    {                                                                                          \
        (void)c;                                                                               \
        return reader(r, max, (type *)member, at);                                             \
    }
TAT_BIN_READER(tat_hand_get, cards_get, cardset, HAND)
TAT_BIN_READER(tat_exchanged_get, cards_get, cardset, MAX_EXCHANGE)
TAT_BIN_READER(tat_pile_get, cards_get, cardset, CARDS * DOOR_COPIES)
TAT_BIN_READER(tat_ehand_get, etypes_get, uint8_t, EHAND + 1)
TAT_BIN_READER(tat_etypes_get, etypes_get, uint8_t, ETYPES * ECOPIES)

/* A figure: its segment and its cell; the member is seg[p]. */
enum { CELL_AFTER_SEG = offsetof(tat, cell) - offsetof(tat, seg) };

void tat_figure_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    const uint8_t *seg = member;
    br_bw_u8(w, seg[0]);
    br_bw_u8(w, seg[CELL_AFTER_SEG]);
}

/* The board is loaded first: an empty door has three cells, every other
 * field one. */
bool tat_figure_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                    const br_field_path *at)
{
    uint8_t *seg = member;
    uint8_t s = br_br_u8(r, ""), cell = br_br_u8(r, "");
    if (s > SEG_EXIT)
        return br_field_fail_bytes(r, at, "segment %u is not in 0..%d", s, SEG_EXIT);
    int cells = segment_cells(c->state, s);
    if (cell >= cells)
        return br_field_fail_bytes(r, at, "cell %u, but the field has %d", cell, cells);
    seg[0] = s;
    seg[CELL_AFTER_SEG] = cell;
    return true;
}

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
