/*
 * Tür an Tür: what the snapshot's two forms share (snapshot.c: JSON,
 * bytes.c: binary): the census of the door cards, the checks of single
 * fields both loaders make as they read, and the check of every invariant
 * over the whole state both loaders end in.
 */
#ifndef TAT_SNAPSHOT_H
#define TAT_SNAPSHOT_H

#include "tuer_an_tuer.h"

/* Where the copies of each door card were found while loading; every card
 * must be found exactly DOOR_COPIES times. */
enum place { AT_NOWHERE, AT_BOARD, AT_HAND0, AT_HAND1, AT_EXCHANGED0, AT_EXCHANGED1, AT_PILE };

typedef struct card_census {
    uint8_t found[CARDS];               /* copies found so far */
    uint8_t where[CARDS][DOOR_COPIES];  /* enum place of each copy found */
} card_census;

/* Counts one more copy of card c, found at `path`; a third copy is an error
 * that names where the other two are. */
bool tat_snap_census_add(card_census *census, int c, enum place place, const char *path,
                         br_text *err);

/* Every card found exactly twice (both loaders, after the last set). */
bool tat_snap_check_census_complete(const card_census *census, br_text *err);

/* A waiting cat needs figure p on a door field holding a cat card (the board
 * and the figures are loaded first). */
bool tat_snap_check_cat_wait(const tat *s, int p, const char *path, br_text *err);

/* The last score's total is the sum of its parts. */
bool tat_snap_check_last_total(const tat *s, br_text *err);

/* The checks over the whole loaded state, the same for both loaders. */
bool tat_snap_check_invariants(const tat *s, br_text *err);

#endif /* TAT_SNAPSHOT_H */
