/*
 * Tür an Tür: what the snapshot's files share. snapshot.c has the table of
 * the state's members, the JSON codecs and the checks across members;
 * bytes.c has the binary codecs and the binary entries of the vtable.
 */
#ifndef TAT_SNAPSHOT_H
#define TAT_SNAPSHOT_H

#include "tuer_an_tuer.h"

/* The state's members, for the core's walkers (snapshot.c). */
extern const br_field_table tat_state_table;

/* The walk over the table for `viewer` at `s`. */
br_fields_ctx tat_snap_context(const tat *s, int viewer);
/* Clears a state to be loaded but for the options of `s`, which init() has
 * already set. */
void tat_snap_clear(tat *loaded, const tat *s);

/* The checks over the whole loaded state, the same for both loaders. */
bool tat_snap_check_invariants(const tat *s, br_text *err);

/* bytes.c: the binary codecs of the table's card sets (two 64-bit masks),
 * elevator card counts (one byte per type) and figures (segment, cell);
 * the readers check the bounds of their member. */
void tat_cards_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w);
bool tat_hand_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                  const br_field_path *at);
bool tat_exchanged_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                       const br_field_path *at);
bool tat_pile_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                  const br_field_path *at);
void tat_etypes_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w);
bool tat_ehand_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                   const br_field_path *at);
bool tat_etypes_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                    const br_field_path *at);
void tat_figure_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w);
bool tat_figure_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                    const br_field_path *at);

#endif /* TAT_SNAPSHOT_H */
