/*
 * Tür an Tür: what the snapshot's files share. snapshot.c has the table of
 * the state's members, their codecs and the checks across members; bytes.c
 * the binary entries of the vtable.
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

#endif /* TAT_SNAPSHOT_H */
