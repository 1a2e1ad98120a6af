/*
 * brules play: Die Tore der Welt's history effects told in words (fx_tdw.c).
 *
 * entry_seen and effects_printer are the shapes of the per-game effect
 * printers of brules play (issue 25); until they move into brules.h they
 * are declared here, guarded so that brules.h may declare them first
 * (define BRULES_ENTRY_SEEN there).
 */
#ifndef BRULES_FX_TDW_H
#define BRULES_FX_TDW_H

#include "brules.h"

#include <jansson.h>

#ifndef BRULES_ENTRY_SEEN
#define BRULES_ENTRY_SEEN
/* One history entry as the screen's seat saw it. All pointers borrowed. */
typedef struct entry_seen {
    const br_state *state;  /* a position whose history holds the entry */
    size_t index;           /* the entry's index in that history */
    int mover;              /* the seat that moved, or BR_PLAYER_CHANCE */
    int viewer;             /* whose view the screen shows; -1: a spectator's */
    const json_t *effects;  /* br_state_history_effects_json() for `viewer`, parsed */
} entry_seen;

typedef void (*effects_printer)(FILE *out, const entry_seen *e);
#endif

/* Prints one line (or a few) per effect of a Tore der Welt entry: the event
 * card and what it does, plague tiles, income, the favour marker and its
 * reward, the moves the rules made for a seat, the tax roll and each seat's
 * dues, losses and penalties, the start of each round and chapter. The
 * entry's own move is left to the announcement before it. */
void print_effects_tdw(FILE *out, const entry_seen *e);

/* Until play.c announces effects: the notes after a move of Tore der Welt
 * (guide.c's print_move_notes) print the effects of the entries the move
 * added, as m->viewer may see them. */
void print_tdw_move_effects(FILE *out, const move_seen *m);

#endif /* BRULES_FX_TDW_H */
