/*
 * Die Tore der Welt: what the snapshot's two forms share (snapshot.c: the
 * field table and JSON, bytes.c: binary): the table the core walks, the
 * counts the JSON states twice, and the invariants both loaders check.
 */
#ifndef TDW_SNAPSHOT_H
#define TDW_SNAPSHOT_H

#include "tore_der_welt.h"

/* The snapshot's members, walked by the core (fields.c) for both forms. */
extern const br_field_table tdw_state_fields;

/* The walk's context for state `s` as `viewer` sees it. */
br_fields_ctx tdw_fields_ctx(const tdw *s, int viewer);

/* What the snapshot states twice (counts beside the lists they follow from):
 * read first, compared with the state once it is read. */
typedef struct tdw_derived {
    unsigned owners[TDW_PROJECTS];                     /* projects[].seals */
    int houses[TDW_MAX_SEATS], seals[TDW_MAX_SEATS];   /* players[]: left, free */
    int covers;                                        /* supply.covers */
} tdw_derived;

/* Every invariant between the fields, for both loaders; `d` holds what the
 * snapshot states twice, box_* what init() put in the box for this table. */
bool tdw_check_state(const tdw *s, const tdw_derived *d, int box_grain, int box_piety,
                     br_text *err);

#endif /* TDW_SNAPSHOT_H */
