/*
 * Tür an Tür: a card-laying race for two through a four-floor building.
 *
 * The rules as implemented, the designed decks, the walking path, the move
 * numbers and the notation are documented in doc/games/tuer-an-tuer.md; the
 * comments here say why the code is shaped the way it is.
 *
 * Board geometry: door field x = 4 * floor index + column, floor index 0 is
 * the top floor ("floor 4") where the start field lies. The walking path is a
 * list of segments: 0 start, then per floor index i the doors 1+5i..4+5i and
 * the elevator 5+5i, and 21 the exit. An empty door segment has three cells,
 * every other segment one.
 *
 * This is the game's private header. The game's files split it the way every
 * game is split (doc/adding-a-game.md):
 *   game.c      the vtable, description and options
 *   rules.c     setup, turn order, legal moves, check, apply, chance, scoring,
 *               results
 *   notation.c  move texts both ways
 *   snapshot.c  the table of the snapshot's members the core walks (JSON
 *               and binary, snapshot and observation), its codecs, the
 *               checks across members both loaders run, and the snapshot's
 *               vtable entries
 *   views.c     observation, rendering, per-seat views, resampling
 *   content.c   the designed elevator cards and the shapes of the "different
 *               colours" rule
 * Here: constants, the state, small helpers several files use (static inline,
 * so that the rules' hot path keeps them inlined) and the functions one file
 * calls in another (prefixed tat_, hidden like all but the public API).
 */
#ifndef BR_GAME_TUER_AN_TUER_H
#define BR_GAME_TUER_AN_TUER_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../internal.h"

enum {
    COLOURS = 4,
    NUMBERS = 9,
    CARDS = COLOURS * NUMBERS, /* door cards: one per colour and number */
    DOOR_COPIES = 2,           /* copies of each door card in the deck */
    FLOORS = 4,
    COLUMNS = 4,
    DOORS = FLOORS * COLUMNS,
    ETYPES = 10,   /* elevator card types */
    ECOPIES = 2,   /* copies of each elevator type */
    HAND = 5,      /* door cards in a full hand */
    EHAND = 2,     /* elevator hand limit */
    MAX_EXCHANGE = 3,
    SEG_START = 0,
    SEG_EXIT = 21,
    EMPTY_DOOR_CELLS = 3,
    NONE = 0xFF,
    SEATS = 2
};

/* The move layout (see "Move numbers and notation" in the doc). */
enum {
    MV_PLACE = 0,                                  /* 16*c + x */
    MV_EXCHANGE = CARDS * DOORS,                   /* 576 + c */
    MV_DONE = MV_EXCHANGE + CARDS,                 /* 612 */
    MV_ELEVATOR = MV_DONE + 1,                     /* 613 + 4*t + f */
    MV_JUMP = MV_ELEVATOR + ETYPES * FLOORS,       /* 653 */
    MV_WALK = MV_JUMP + 1,                         /* 654 */
    MV_DROP = MV_WALK + 1,                         /* 655 + t */
    MV_DRAW_DOOR = MV_DROP + ETYPES,               /* 665 + c */
    MV_DRAW_ELEVATOR = MV_DRAW_DOOR + CARDS,       /* 701 + t */
    MOVE_SPACE = MV_DRAW_ELEVATOR + ETYPES,        /* 711 */
    MAX_LEGAL = HAND * DOORS + EHAND * FLOORS      /* 88 */
};

enum phase {
    PH_DEAL,
    PH_EXCHANGE,
    PH_EXCHANGE_DRAW,
    PH_ELEVATOR_DEAL,
    PH_TURN,
    PH_DOOR,
    PH_CAT,
    PH_ELEVATOR_DRAW,
    PH_ELEVATOR_DROP,
    PH_DOOR_DRAW,
    PH_OVER,
    PHASES
};

static const char *const phase_names[PHASES] = {
    "deal", "exchange", "exchange-draw", "elevator-deal", "turn", "door",
    "cat", "elevator-draw", "elevator-drop", "door-draw", "over",
};

enum source { SRC_DOOR = 0, SRC_ELEVATOR = 1 };

/* A cat card a figure came to stand on without a step of its own (a jump, or
 * a card laid on its field) waits for the figure's next movement by steps in
 * a later turn (doc: "Cats"). */
enum cat_wait { CAT_NONE, CAT_LATER, CAT_READY, CAT_WAITS };

static const char *const cat_wait_names[CAT_WAITS] = {"none", "later", "ready"};

enum etype {
    E_YELLOW, E_GREEN, E_RED, E_BLUE, E_CATS, E_DOORS, E_LOW, E_HIGH, E_COLOURS, E_PAIRS
};

static const char *const etype_names[ETYPES] = {
    "yellow", "green", "red", "blue", "cats", "doors", "low", "high", "colours", "pairs",
};

/* Indices into tat.last (the breakdown of the last door placement's score). */
enum { SC_COLOUR, SC_NUMBER, SC_ASCENDING, SC_RUN, SC_DIFFERENT, SC_ELEVATOR, SC_TOTAL,
       SC_FIELDS };

/* A set of door cards holding up to DOOR_COPIES = 2 copies of each card:
 * bit c of `one` says at least one copy of card c is in the set, bit c of
 * `two` says both are (`two` is a subset of `one`). Two masks keep the sets
 * plain data, and walking the distinct cards stays a loop over set bits. */
typedef struct cardset {
    uint64_t one, two;
} cardset;

typedef struct tat {
    cardset pile;                /* the door pile */
    cardset hand[SEATS];         /* each seat's door hand */
    cardset exchanged[SEATS];    /* what each seat discarded in the exchange */
    uint8_t board[DOORS];        /* card on each door field, or NONE */
    uint8_t elevators[FLOORS];   /* elevator type on each floor, or NONE */
    uint8_t ehand[SEATS][ETYPES];   /* copies of each type in the elevator hand */
    uint8_t dropped[SEATS][ETYPES]; /* dropped because of the hand limit */
    uint8_t replaced[ETYPES];    /* replaced from the board (face up) */
    uint8_t epile[ETYPES];       /* copies of each type in the elevator pile */
    uint8_t seg[SEATS];          /* figure's path segment */
    uint8_t cell[SEATS];         /* cell within an empty door segment (0..2) */
    uint8_t phase;
    uint8_t turn;                /* seat to move or to draw */
    uint8_t dealt;               /* door cards dealt in the deal */
    uint8_t exchange_draws;      /* replacements still to draw */
    uint8_t steps;               /* steps left while a cat decision is pending */
    uint8_t source;              /* what gave the current movement */
    uint8_t stopped;             /* the mover reached an elevator field this turn */
    uint8_t cat_wait[SEATS];     /* enum cat_wait, per figure */
    uint8_t run4;                /* steps for a run of four: 9 or 10 */
    uint8_t different4;          /* 1: any connected four of different colours */
    uint8_t last[SC_FIELDS];
    uint8_t has_final;
    uint8_t final_steps;
    uint8_t final_needed[SEATS];
    uint8_t winners[SEATS];
} tat;

/* The steps of one movement: a door card's categories at their most
 * (colour, number, ascending 5 each, run 10, different colours 5) and the
 * floor's elevator card (2 per door); doc: "Counters and their bounds". */
enum { TAT_MAX_STEPS = 3 * 5 + 10 + 5 + 2 * COLUMNS };

_Static_assert(BR_FITS(tat, dealt, SEATS * HAND), "dealt: 5 cards to each seat");
_Static_assert(BR_FITS(tat, exchange_draws, MAX_EXCHANGE), "exchange_draws");
_Static_assert(BR_FITS(tat, steps, TAT_MAX_STEPS), "steps: one movement");
_Static_assert(BR_FITS(tat, last[0], TAT_MAX_STEPS), "last: one scoring");
_Static_assert(BR_FITS(tat, final_steps, FLOORS * 2 * COLUMNS), "final_steps: 4 elevator cards");

/* ------------------------------------------------------------------ */
/* Small helpers */

static inline int cardset_count(const cardset *set, int c)
{
    return (int)(set->one >> c & 1) + (int)(set->two >> c & 1);
}

static inline bool cardset_has(const cardset *set, int c) { return set->one >> c & 1; }
static inline bool cardset_empty(const cardset *set) { return set->one == 0; }

static inline int cardset_size(const cardset *set)
{
    return br_popcount64(set->one) + br_popcount64(set->two);
}

/* Adds a copy of card c; the set must hold fewer than DOOR_COPIES of it. */
static inline void cardset_add(cardset *set, int c)
{
    uint64_t bit = UINT64_C(1) << c;
    assert(!(set->two & bit)); /* a third copy: the census was broken */
    if (set->one & bit)
        set->two |= bit;
    else
        set->one |= bit;
}

/* Takes a copy of card c out; the set must hold one. */
static inline void cardset_remove(cardset *set, int c)
{
    uint64_t bit = UINT64_C(1) << c;
    assert(set->one & bit); /* a card the set does not hold */
    if (set->two & bit)
        set->two &= ~bit;
    else
        set->one &= ~bit;
}

static inline int card_colour(int c) { return c / NUMBERS; }
static inline int card_number(int c) { return c % NUMBERS + 1; }
static inline bool card_has_cat(int c) { return card_number(c) == 3 || card_number(c) == 7; }

static inline int door_segment(int x) { return 1 + 5 * (x / COLUMNS) + x % COLUMNS; }

/* The door field of a path segment, or -1 when it is no door. */
static inline int segment_door(int seg)
{
    if (seg < 1 || seg >= SEG_EXIT || (seg - 1) % 5 == 4)
        return -1;
    return COLUMNS * ((seg - 1) / 5) + (seg - 1) % 5;
}

static inline bool segment_is_elevator(int seg)
{
    return seg >= 1 && seg < SEG_EXIT && (seg - 1) % 5 == 4;
}

static inline int segment_cells(const tat *s, int seg)
{
    int x = segment_door(seg);
    return x >= 0 && s->board[x] == NONE ? EMPTY_DOOR_CELLS : 1;
}

/* The cards of a count per elevator card type. Each count is at most
 * ECOPIES (the loaders check that first), so the sum of eight of them fits
 * a byte: one multiply adds them (the observation counts hidden hands). */
static inline int count_etypes(const uint8_t *counts)
{
    _Static_assert(ETYPES == 10 && 8 * ECOPIES < 256, "eight counts and two more");
    uint64_t eight;
    memcpy(&eight, counts, 8);
    return (int)((eight * UINT64_C(0x0101010101010101)) >> 56) + counts[8] + counts[9];
}

static inline int ehand_size(const tat *s, int p) { return count_etypes(s->ehand[p]); }
static inline int epile_size(const tat *s) { return count_etypes(s->epile); }

static inline bool board_full(const tat *s) { return !memchr(s->board, NONE, DOORS); }

static inline bool all_elevators_filled(const tat *s)
{
    return !memchr(s->elevators, NONE, FLOORS);
}

/* Whether `viewer` (BR_VIEW_FULL for the full state, -1 for a spectator or
 * a seat) sees what seat `owner` keeps hidden. */
static inline bool sees(int viewer, int owner)
{
    return viewer == BR_VIEW_FULL || viewer == owner;
}

/* ------------------------------------------------------------------ */
/* The learning interface (doc: "Learning interface") */

/* Longest game in moves, chance outcomes included, for every option set:
 * setup 26 (deal 10, exchanges 2 x (3 + 3), elevator deal 4), door cards 16,
 * door draws 15, per seat at most 4 elevator draws and 6 elevator actions
 * and drops together (2 + 4 cards), and per seat at most 12 cat decisions
 * (a door field offers a seat's figure the cat once at most, and at most 12
 * of the 16 fields can ever hold a cat with a later door of its colour).
 * The doc gives the argument in full. */
enum { TAT_MAX_GAME_LENGTH = 26 + 16 + 15 + SEATS * (4 + 6) + SEATS * 12 };

/* The observation tensor: one flat vector (rank 1). Offsets of its planes;
 * the doc's table "Observation tensor" is the reference. */
enum {
    /* Board: 15 planes over the 16 door fields (field x at plane + x). */
    TT_BOARD = 0,
    TT_OCCUPIED = TT_BOARD,           /* 1: the field holds a card */
    TT_COLOUR = TT_BOARD + DOORS,     /* 4 planes: colour Y, G, R, B */
    TT_NUMBER = TT_COLOUR + COLOURS * DOORS, /* 9 planes: number 1..9 */
    TT_CAT = TT_NUMBER + NUMBERS * DOORS,    /* 1: the card shows a cat */
    TT_ELEVATOR = TT_CAT + DOORS,     /* 10 planes over the 4 elevator fields */
    TT_ELEVATOR_STEPS = TT_ELEVATOR + ETYPES * FLOORS, /* 4: effect now / 8 */
    TT_SEATS = TT_ELEVATOR_STEPS + FLOORS, /* 2 seat blocks, observer first */
    /* Within a seat block: */
    TB_SEGMENT = 0,                   /* 22: the figure's path segment */
    TB_CELL = TB_SEGMENT + SEG_EXIT + 1,     /* 3: its cell in an empty door */
    TB_TO_EXIT = TB_CELL + EMPTY_DOOR_CELLS, /* steps still needed / 53 */
    TB_CAT_WAIT = TB_TO_EXIT + 1,     /* 3: none, later, ready */
    TB_WINNER = TB_CAT_WAIT + CAT_WAITS,
    TB_FINAL_NEEDED = TB_WINNER + 1,  /* final scoring's steps needed / 21 */
    TB_HAND = TB_FINAL_NEEDED + 1,    /* 36: copies / 2, when visible */
    TB_HAND_SIZE = TB_HAND + CARDS,   /* / 5 */
    TB_EHAND = TB_HAND_SIZE + 1,      /* 10: copies / 2, when visible */
    TB_EHAND_SIZE = TB_EHAND + ETYPES, /* / 3 */
    TB_EXCHANGED = TB_EHAND_SIZE + 1, /* 36: copies / 2, when visible */
    TB_EXCHANGED_SIZE = TB_EXCHANGED + CARDS, /* / 3 */
    TB_DROPPED = TB_EXCHANGED_SIZE + 1, /* 10: copies / 2, when visible */
    TB_DROPPED_SIZE = TB_DROPPED + ETYPES, /* / 4 */
    TB_SIZE = TB_DROPPED_SIZE + 1,
    /* Global: */
    TT_PHASE = TT_SEATS + SEATS * TB_SIZE, /* 11: one-hot */
    TT_TO_MOVE = TT_PHASE + PHASES,   /* 2: seat `turn`, observer-relative */
    TT_OBSERVER = TT_TO_MOVE + SEATS, /* 2: the observer's own seat (spectator: 0, 0) */
    TT_DEALT = TT_OBSERVER + SEATS,   /* / 10 */
    TT_EXCHANGE_DRAWS = TT_DEALT + 1, /* / 3 */
    TT_DOOR_PILE = TT_EXCHANGE_DRAWS + 1,     /* / 72 */
    TT_ELEVATOR_PILE = TT_DOOR_PILE + 1,      /* / 20 */
    TT_REPLACED = TT_ELEVATOR_PILE + 1,       /* 10: copies / 2 */
    TT_STEPS = TT_REPLACED + ETYPES,  /* / 38 */
    TT_SOURCE = TT_STEPS + 1,         /* 1: the movement came from an elevator card */
    TT_STOPPED = TT_SOURCE + 1,
    TT_LAST = TT_STOPPED + 1,         /* 7: last_score / its maximum */
    TT_HAS_FINAL = TT_LAST + SC_FIELDS,
    TT_FINAL_STEPS = TT_HAS_FINAL + 1, /* / 32 */
    TAT_TENSOR_SIZE = TT_FINAL_STEPS + 1
};

/* ------------------------------------------------------------------ */
/* Moves: decoding (rules.c) */

enum kind {
    K_PLACE, K_EXCHANGE, K_DONE, K_ELEVATOR, K_JUMP, K_WALK, K_DROP, K_DRAW_DOOR,
    K_DRAW_ELEVATOR, K_INVALID
};

typedef struct decoded {
    enum kind kind;
    int a; /* card or elevator type */
    int b; /* door field or elevator field */
} decoded;

/* ------------------------------------------------------------------ */
/* Functions one file calls in another (hidden, as everything in the
 * library but the public API: -fvisibility=hidden). The vtable's entries
 * tat_<entry> that game.c gathers: rules.c (move_space .. scores),
 * notation.c (move_to_text), snapshot.c (the snapshot, BR_VIEW_FULL, and the
 * observation, a seat or -1, are one JSON text with what `viewer` cannot see
 * as counts; the binary snapshot), views.c (write_tensor:
 * TAT_TENSOR_SIZE floats; move_view; render; resample) and effects.c
 * (write_effects; doc: "Effects"). */
BR_GAME_DECLARE(tat);

/* rules.c */
void tat_clear_to_start(tat *s);
/* What move number `m` is (K_INVALID outside the move space). */
decoded tat_decode(br_move m);
/* The next door field on the path after `seg` holding a card of `colour`,
 * as a segment; -1 when there is none. */
int tat_cat_target(const tat *s, int seg, int colour);

/* notation.c */
/* The card texts "Y1" .. "B9", by card number. */
extern const char *const tat_card_names[CARDS];
void tat_put_card(br_text *out, int c);
void tat_put_door_field(br_text *out, int x);
void tat_put_position(br_text *out, const tat *s, int p);
/* The position as a quoted JSON string into text[8]; returns its length. */
size_t tat_quoted_position(char *text, const tat *s, int p);
void tat_put_move(br_text *out, br_move move);
int tat_parse_card(const char *t);

/* views.c */
/* A move as `seat` sees it when it is made (the information-state tensor):
 * the move, or MOVE_SPACE + class for another seat's exchange discard (0),
 * drop (1), door card drawn (2), elevator card drawn (3). */
enum { TAT_HIDDEN_MOVE_CLASSES = 4 };
/* The hidden class of `move` at `s` for `viewer` (as tat_move_view()), or
 * -1 when the viewer sees the move. */
int tat_hidden_class(const tat *s, br_move move, int viewer);

/* content.c */

/* A shape of the "different colours" rule: a bit mask on the 4x4 grid of
 * door fields (bit = 4*row + column) anchored at the top-left of its bounding
 * box, its number of cards, and whether it counts only in the connected
 * reading (option different4=connected). */
typedef struct shape {
    uint16_t mask;
    uint8_t width, height;
    uint8_t cards;
    uint8_t connected_only;
} shape;

/* The shapes of that rule, those of four cards first. */
enum { TAT_SHAPES = 25 };
extern const shape tat_shapes[TAT_SHAPES];

/* Steps an elevator card of `type` gives on floor index `floor`. */
int tat_elevator_effect(const tat *s, int type, int floor);

#endif /* BR_GAME_TUER_AN_TUER_H */
