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
 */
#include <stdio.h>
#include <string.h>

#include "../internal.h"

enum {
    COLOURS = 4,
    NUMBERS = 9,
    CARDS = COLOURS * NUMBERS, /* one door card of each colour and number */
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

enum etype {
    E_YELLOW, E_GREEN, E_RED, E_BLUE, E_CATS, E_DOORS, E_LOW, E_HIGH, E_COLOURS, E_PAIRS
};

static const char *const etype_names[ETYPES] = {
    "yellow", "green", "red", "blue", "cats", "doors", "low", "high", "colours", "pairs",
};

static const char colour_letters[COLOURS] = {'Y', 'G', 'R', 'B'};

/* Indices into tat.last (the breakdown of the last door placement's score). */
enum { SC_COLOUR, SC_NUMBER, SC_ASCENDING, SC_RUN, SC_DIFFERENT, SC_ELEVATOR, SC_TOTAL,
       SC_FIELDS };

static const char *const score_names[SC_FIELDS] = {
    "colour", "number", "ascending", "run", "different", "elevator", "total",
};

typedef struct tat {
    uint64_t pile;               /* bit c: door card c lies in the door pile */
    uint64_t hand[SEATS];        /* bit c: door card c is in the seat's hand */
    uint64_t exchanged[SEATS];   /* bit c: the seat discarded c in the exchange */
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
    uint8_t run4;                /* steps for a run of four: 9 or 10 */
    uint8_t last[SC_FIELDS];
    uint8_t has_final;
    uint8_t final_steps;
    uint8_t final_needed[SEATS];
    uint8_t winners[SEATS];
} tat;

/* ------------------------------------------------------------------ */
/* Small helpers */

/* Bit helpers: the compiler's builtins where there are some (card sets are
 * walked in every move generation), a portable loop elsewhere. */
static int popcount64(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(v);
#else
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
#endif
}

/* Index of the lowest set bit; v must not be 0. */
static int lowest_bit(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(v);
#else
    int i = 0;
    while (!(v & 1)) {
        v >>= 1;
        i++;
    }
    return i;
#endif
}

static int card_colour(int c) { return c / NUMBERS; }
static int card_number(int c) { return c % NUMBERS + 1; }
static bool card_has_cat(int c) { return card_number(c) == 3 || card_number(c) == 7; }

static int door_segment(int x) { return 1 + 5 * (x / COLUMNS) + x % COLUMNS; }
static int elevator_segment(int f) { return 5 + 5 * f; }

/* The door field of a path segment, or -1 when it is no door. */
static int segment_door(int seg)
{
    if (seg < 1 || seg >= SEG_EXIT || (seg - 1) % 5 == 4)
        return -1;
    return COLUMNS * ((seg - 1) / 5) + (seg - 1) % 5;
}

static bool segment_is_elevator(int seg)
{
    return seg >= 1 && seg < SEG_EXIT && (seg - 1) % 5 == 4;
}

static int segment_cells(const tat *s, int seg)
{
    int x = segment_door(seg);
    return x >= 0 && s->board[x] == NONE ? EMPTY_DOOR_CELLS : 1;
}

static int ehand_size(const tat *s, int p)
{
    int n = 0;
    for (int t = 0; t < ETYPES; t++)
        n += s->ehand[p][t];
    return n;
}

static int epile_size(const tat *s)
{
    int n = 0;
    for (int t = 0; t < ETYPES; t++)
        n += s->epile[t];
    return n;
}

static bool board_full(const tat *s)
{
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] == NONE)
            return false;
    return true;
}

static bool all_elevators_filled(const tat *s)
{
    for (int f = 0; f < FLOORS; f++)
        if (s->elevators[f] == NONE)
            return false;
    return true;
}

static void put_card(br_text *out, int c)
{
    br_text_printf(out, "%c%d", colour_letters[card_colour(c)], card_number(c));
}

static void put_door_field(br_text *out, int x)
{
    br_text_printf(out, "%c%d", 'a' + x % COLUMNS, FLOORS - x / COLUMNS);
}

static void put_position(br_text *out, const tat *s, int p)
{
    int seg = s->seg[p];
    int x = segment_door(seg);
    if (seg == SEG_START)
        br_text_puts(out, "start");
    else if (seg == SEG_EXIT)
        br_text_puts(out, "exit");
    else if (x < 0)
        br_text_printf(out, "e%d", FLOORS - (seg - 1) / 5);
    else {
        put_door_field(out, x);
        if (s->board[x] == NONE)
            br_text_printf(out, ":%d", s->cell[p] + 1);
    }
}

/* ------------------------------------------------------------------ */
/* Scoring of a new door card */

enum link { LINK_COLOUR, LINK_NUMBER, LINK_ASCENDING, LINK_RUN };

/* Whether card `left` and its right neighbour `right` continue a group. */
static bool linked(enum link kind, int left, int right)
{
    switch (kind) {
    case LINK_COLOUR:
        return card_colour(left) == card_colour(right);
    case LINK_NUMBER:
        return card_number(left) == card_number(right);
    case LINK_ASCENDING:
        return card_number(left) < card_number(right);
    case LINK_RUN:
        return card_colour(left) == card_colour(right) &&
               card_number(right) == card_number(left) + 1;
    }
    return false;
}

/* Length of the longest horizontal group through door field x whose
 * neighbouring cards are all linked; the links are transitive along a row,
 * so extending left and right from x finds the whole group. */
static int group_length(const tat *s, int x, enum link kind)
{
    int row = x - x % COLUMNS;
    int lo = x, hi = x;
    while (lo > row && s->board[lo - 1] != NONE && linked(kind, s->board[lo - 1], s->board[lo]))
        lo--;
    while (hi < row + COLUMNS - 1 && s->board[hi + 1] != NONE &&
           linked(kind, s->board[hi], s->board[hi + 1]))
        hi++;
    return hi - lo + 1;
}

/* The shapes the "different colours" rule allows, as bit masks on the 4x4
 * grid of door fields (bit = 4*row + column) anchored at the top-left of
 * their bounding box: straight lines and L shapes only ("waagerecht,
 * senkrecht oder L-förmig"). Shapes of four first, so the first match of a
 * four-shape decides. */
typedef struct shape {
    uint16_t mask;
    uint8_t width, height;
} shape;

static const shape shapes[] = {
    {0x000F, 4, 1}, {0x1111, 1, 4},                           /* I4 */
    {0x0017, 3, 2}, {0x0047, 3, 2}, {0x0071, 3, 2}, {0x0074, 3, 2}, /* L4 flat */
    {0x0113, 2, 3}, {0x0311, 2, 3}, {0x0223, 2, 3}, {0x0322, 2, 3}, /* L4 upright */
    {0x0007, 3, 1}, {0x0111, 1, 3},                           /* I3 */
    {0x0032, 2, 2}, {0x0031, 2, 2}, {0x0023, 2, 2}, {0x0013, 2, 2}, /* L3 */
};

enum { FIRST_THREE_SHAPE = 10 };

/* Occupied door fields as a mask, and per colour the fields of that colour. */
static uint16_t occupied_mask(const tat *s, uint16_t colour_masks[COLOURS])
{
    uint16_t m = 0;
    memset(colour_masks, 0, COLOURS * sizeof colour_masks[0]);
    for (int x = 0; x < DOORS; x++) {
        if (s->board[x] != NONE) {
            m |= (uint16_t)(1u << x);
            colour_masks[card_colour(s->board[x])] |= (uint16_t)(1u << x);
        }
    }
    return m;
}

static bool colours_distinct(const uint16_t colour_masks[COLOURS], uint16_t mask)
{
    for (int c = 0; c < COLOURS; c++) {
        unsigned same = colour_masks[c] & mask;
        if (same & (same - 1))
            return false;
    }
    return true;
}

static bool has_occupied_neighbour(uint16_t occ, int x)
{
    int row = x / COLUMNS, col = x % COLUMNS;
    return (col > 0 && (occ >> (x - 1) & 1)) || (col < COLUMNS - 1 && (occ >> (x + 1) & 1)) ||
           (row > 0 && (occ >> (x - COLUMNS) & 1)) ||
           (row < FLOORS - 1 && (occ >> (x + COLUMNS) & 1));
}

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* Steps of the "different colours" rule for the card on field x. Only the
 * placements of each shape whose bounding box covers x are tried. */
static int different_colours_score(const tat *s, int x)
{
    uint16_t colour_masks[COLOURS];
    uint16_t occ = occupied_mask(s, colour_masks);
    uint16_t self = (uint16_t)(1u << x);
    int row = x / COLUMNS, col = x % COLUMNS;
    if (!has_occupied_neighbour(occ, x))
        return 0; /* every allowed shape is connected */
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int h = shapes[i].height, w = shapes[i].width;
        for (int dr = max_int(0, row - h + 1); dr <= min_int(row, FLOORS - h); dr++) {
            for (int dc = max_int(0, col - w + 1); dc <= min_int(col, COLUMNS - w); dc++) {
                uint16_t m = (uint16_t)(shapes[i].mask << (COLUMNS * dr + dc));
                if ((m & self) && (m & occ) == m && colours_distinct(colour_masks, m))
                    return i < FIRST_THREE_SHAPE ? 5 : 3;
            }
        }
    }
    return 0;
}

static int same_score(int len)
{
    return len >= 4 ? 5 : len == 3 ? 3 : 0;
}

static int run_score(const tat *s, int len)
{
    return len >= 4 ? s->run4 : len == 3 ? 5 : len == 2 ? 2 : 0;
}

/* Steps an elevator card of `type` gives on floor index `floor`. */
static int elevator_effect(const tat *s, int type, int floor)
{
    const uint8_t *row = &s->board[COLUMNS * floor];
    int steps = 0;
    unsigned colours = 0;
    for (int k = 0; k < COLUMNS; k++) {
        int c = row[k];
        if (c == NONE)
            continue;
        switch (type) {
        case E_YELLOW: case E_GREEN: case E_RED: case E_BLUE:
            steps += card_colour(c) == type ? 2 : 0;
            break;
        case E_CATS:
            steps += card_has_cat(c) ? 1 : 0;
            break;
        case E_DOORS:
            steps += 1;
            break;
        case E_LOW:
            steps += card_number(c) <= 4 ? 2 : 0;
            break;
        case E_HIGH:
            steps += card_number(c) >= 6 ? 2 : 0;
            break;
        case E_COLOURS:
            colours |= 1u << card_colour(c);
            break;
        case E_PAIRS:
            if (k > 0 && row[k - 1] != NONE &&
                (card_colour(row[k - 1]) == card_colour(c) ||
                 card_number(row[k - 1]) == card_number(c)))
                steps += 2;
            break;
        }
    }
    if (type == E_COLOURS)
        steps = 2 * popcount64(colours);
    return steps;
}

/* Scores the card just placed on field x into s->last; returns the total. */
static int score_placement(tat *s, int x)
{
    int floor = x / COLUMNS;
    s->last[SC_COLOUR] = (uint8_t)same_score(group_length(s, x, LINK_COLOUR));
    s->last[SC_NUMBER] = (uint8_t)same_score(group_length(s, x, LINK_NUMBER));
    s->last[SC_ASCENDING] = (uint8_t)same_score(group_length(s, x, LINK_ASCENDING));
    s->last[SC_RUN] = (uint8_t)run_score(s, group_length(s, x, LINK_RUN));
    s->last[SC_DIFFERENT] = (uint8_t)different_colours_score(s, x);
    s->last[SC_ELEVATOR] = (uint8_t)(s->elevators[floor] == NONE
                                         ? 0 : elevator_effect(s, s->elevators[floor], floor));
    int total = 0;
    for (int i = 0; i < SC_TOTAL; i++)
        total += s->last[i];
    s->last[SC_TOTAL] = (uint8_t)total;
    return total;
}

/* ------------------------------------------------------------------ */
/* Flow of a turn */

static void end_turn(tat *s)
{
    s->turn ^= 1;
    s->stopped = 0;
    s->source = SRC_DOOR;
    s->phase = PH_TURN;
}

/* Steps still needed from a figure's position to the exit. */
static int steps_needed(const tat *s, int p)
{
    int n = segment_cells(s, s->seg[p]) - 1 - s->cell[p];
    for (int seg = s->seg[p] + 1; seg <= SEG_EXIT; seg++)
        n += segment_cells(s, seg);
    return n;
}

/* "Schlusswertung": every elevator card fires once for both; both walk
 * without elevator stops or cat jumps; the one out wins, both out: fewer
 * steps needed wins. */
static void final_scoring(tat *s)
{
    int total = 0;
    for (int f = 0; f < FLOORS; f++)
        if (s->elevators[f] != NONE)
            total += elevator_effect(s, s->elevators[f], f);
    s->has_final = 1;
    s->final_steps = (uint8_t)total;
    s->stopped = 0;
    bool out[SEATS];
    for (int p = 0; p < SEATS; p++) {
        int need = steps_needed(s, p);
        s->final_needed[p] = (uint8_t)need;
        out[p] = total >= need;
        s->seg[p] = (uint8_t)(out[p] ? SEG_EXIT : s->seg[p] + total);
        s->cell[p] = 0;
    }
    for (int p = 0; p < SEATS; p++) {
        int q = p ^ 1;
        s->winners[p] = out[p] && (!out[q] || s->final_needed[p] <= s->final_needed[q]);
    }
    s->phase = PH_OVER;
}

/* After a door card's movement: the final scoring, the draw, or the next turn. */
static void after_door(tat *s)
{
    if (board_full(s))
        final_scoring(s);
    else if (popcount64(s->hand[s->turn]) < HAND && s->pile)
        s->phase = PH_DOOR_DRAW;
    else
        end_turn(s);
}

/* A movement is over (no decision or draw pending any more). */
static void movement_over(tat *s)
{
    s->steps = 0;
    if (s->source == SRC_ELEVATOR)
        s->phase = PH_DOOR;
    else
        after_door(s);
}

/* The next door field on the path after `seg` holding a card of `colour`,
 * as a segment; -1 when there is none. */
static int cat_target(const tat *s, int seg, int colour)
{
    for (int t = seg + 1; t < SEG_EXIT; t++) {
        int x = segment_door(t);
        if (x >= 0 && s->board[x] != NONE && card_colour(s->board[x]) == colour)
            return t;
    }
    return -1;
}

static void advance_one_cell(tat *s, int p)
{
    if (s->cell[p] + 1 < segment_cells(s, s->seg[p])) {
        s->cell[p]++;
    } else {
        s->seg[p]++;
        s->cell[p] = 0;
    }
}

/* Walks the mover's figure `steps` cells, stopping for the exit, an
 * elevator field or a cat card that offers a jump. */
static void walk(tat *s, int steps)
{
    int p = s->turn;
    if (s->stopped)
        steps = 0; /* stopped on an elevator field earlier in this turn */
    while (steps > 0) {
        advance_one_cell(s, p);
        steps--;
        int seg = s->seg[p];
        if (seg == SEG_EXIT) {
            s->steps = 0;
            s->winners[p] = 1;
            s->phase = PH_OVER;
            return;
        }
        if (segment_is_elevator(seg)) {
            s->stopped = 1;
            s->steps = 0;
            if (epile_size(s) > 0) {
                s->phase = PH_ELEVATOR_DRAW;
                return;
            }
            break;
        }
        int x = segment_door(seg);
        if (s->board[x] != NONE && card_has_cat(s->board[x]) &&
            cat_target(s, seg, card_colour(s->board[x])) >= 0) {
            s->steps = (uint8_t)steps;
            s->phase = PH_CAT;
            return;
        }
    }
    movement_over(s);
}

/* ------------------------------------------------------------------ */
/* Moves: decoding */

enum kind {
    K_PLACE, K_EXCHANGE, K_DONE, K_ELEVATOR, K_JUMP, K_WALK, K_DROP, K_DRAW_DOOR,
    K_DRAW_ELEVATOR, K_INVALID
};

typedef struct decoded {
    enum kind kind;
    int a; /* card or elevator type */
    int b; /* door field or elevator field */
} decoded;

static decoded decode(br_move m)
{
    decoded d = {K_INVALID, 0, 0};
    if (m < 0 || m >= MOVE_SPACE)
        return d;
    if (m < MV_EXCHANGE) {
        d.kind = K_PLACE;
        d.a = m / DOORS;
        d.b = m % DOORS;
    } else if (m < MV_DONE) {
        d.kind = K_EXCHANGE;
        d.a = m - MV_EXCHANGE;
    } else if (m == MV_DONE) {
        d.kind = K_DONE;
    } else if (m < MV_JUMP) {
        d.kind = K_ELEVATOR;
        d.a = (m - MV_ELEVATOR) / FLOORS;
        d.b = (m - MV_ELEVATOR) % FLOORS;
    } else if (m == MV_JUMP) {
        d.kind = K_JUMP;
    } else if (m == MV_WALK) {
        d.kind = K_WALK;
    } else if (m < MV_DRAW_DOOR) {
        d.kind = K_DROP;
        d.a = m - MV_DROP;
    } else if (m < MV_DRAW_ELEVATOR) {
        d.kind = K_DRAW_DOOR;
        d.a = m - MV_DRAW_DOOR;
    } else {
        d.kind = K_DRAW_ELEVATOR;
        d.a = m - MV_DRAW_ELEVATOR;
    }
    return d;
}

static bool door_draw_phase(int phase)
{
    return phase == PH_DEAL || phase == PH_EXCHANGE_DRAW || phase == PH_DOOR_DRAW;
}

static bool elevator_draw_phase(int phase)
{
    return phase == PH_ELEVATOR_DEAL || phase == PH_ELEVATOR_DRAW;
}

/* ------------------------------------------------------------------ */
/* Vtable: setup and options */

static const char description[] =
    "Tür an Tür: a card-laying race for two players through a crazy four-floor "
    "apartment house. Players place numbered, coloured door cards; matching "
    "colours, numbers, ascending and consecutive sequences and colourful "
    "groups earn steps along the walking path, which every placed card "
    "shortens. Elevator cards reward the doors of their floor again and again, "
    "cats open secret passages. First out of the exit wins; if all sixteen "
    "doors fill up first, a final scoring decides. Deck, elevator cards and "
    "cats are the project's own design (no public source describes them).";

static const char options_help[] =
    "players=2  number of seats (the game is for exactly 2)\n"
    "seed=N  seed of the state's random generator (default 0)\n"
    "chance=auto|explicit  resolve deals and draws from the seed, or stop at each (default auto)\n"
    "run4=9|10  steps for a same-colour run of four consecutive numbers: 9 as in the "
    "rule text's table (default) or 10 as in its example\n";

static br_status tat_init(void *st, int num_players, const br_option *opts,
                          size_t num_opts, br_text *err)
{
    tat *s = st;
    (void)num_players; /* the dispatch layer allows exactly 2 */
    memset(s, 0, sizeof *s);
    s->run4 = 9;
    for (size_t i = 0; i < num_opts; i++) {
        if (strcmp(opts[i].key, "run4") != 0) {
            br_text_printf(err, "option '%s': unknown for tuer-an-tuer (known: players, seed, "
                           "chance, run4)", opts[i].key);
            return BR_ERR_OPTION;
        }
        if (strcmp(opts[i].value, "9") == 0) {
            s->run4 = 9;
        } else if (strcmp(opts[i].value, "10") == 0) {
            s->run4 = 10;
        } else {
            br_text_printf(err, "option 'run4': '%s' is not 9 or 10", opts[i].value);
            return BR_ERR_OPTION;
        }
    }
    s->pile = (UINT64_C(1) << CARDS) - 1;
    memset(s->board, NONE, sizeof s->board);
    memset(s->elevators, NONE, sizeof s->elevators);
    for (int t = 0; t < ETYPES; t++)
        s->epile[t] = ECOPIES;
    s->phase = PH_DEAL;
    s->source = SRC_DOOR;
    return BR_OK;
}

static void tat_options_string(const void *st, br_text *out)
{
    const tat *s = st;
    br_text_printf(out, "run4=%d", s->run4);
}

static size_t tat_move_space(const void *st)
{
    (void)st;
    return MOVE_SPACE;
}

static size_t tat_max_legal_moves(const void *st)
{
    (void)st;
    return MAX_LEGAL;
}

static int tat_current_player(const void *st)
{
    const tat *s = st;
    if (s->phase == PH_OVER)
        return BR_PLAYER_TERMINAL;
    if (door_draw_phase(s->phase) || elevator_draw_phase(s->phase))
        return BR_PLAYER_CHANCE;
    return s->turn;
}

/* ------------------------------------------------------------------ */
/* Legal moves */

static bool may_play_elevator(const tat *s)
{
    int p = s->turn;
    return s->phase == PH_TURN && segment_is_elevator(s->seg[p]) && ehand_size(s, p) > 0;
}

static size_t list_placements(const tat *s, br_move *out)
{
    uint8_t free_fields[DOORS];
    int nfree = 0;
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] == NONE)
            free_fields[nfree++] = (uint8_t)x;
    size_t n = 0;
    for (uint64_t h = s->hand[s->turn]; h; h &= h - 1) {
        br_move base = MV_PLACE + DOORS * lowest_bit(h);
        for (int i = 0; i < nfree; i++)
            out[n++] = base + free_fields[i];
    }
    return n;
}

static size_t list_elevator_plays(const tat *s, br_move *out)
{
    size_t n = 0;
    bool filled = all_elevators_filled(s);
    for (int t = 0; t < ETYPES; t++) {
        if (!s->ehand[s->turn][t])
            continue;
        for (int f = 0; f < FLOORS; f++)
            if (filled || s->elevators[f] == NONE)
                out[n++] = MV_ELEVATOR + FLOORS * t + f;
    }
    return n;
}

static size_t list_door_draws(const tat *s, br_move *out)
{
    size_t n = 0;
    for (uint64_t b = s->pile; b; b &= b - 1)
        out[n++] = MV_DRAW_DOOR + lowest_bit(b);
    return n;
}

static size_t tat_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const tat *s = st;
    size_t n = 0;
    if (door_draw_phase(s->phase)) {
        n = list_door_draws(s, out);
        for (size_t i = 0; i < n; i++)
            weights[i] = 1;
    } else if (elevator_draw_phase(s->phase)) {
        for (int t = 0; t < ETYPES; t++) {
            if (s->epile[t]) {
                out[n] = MV_DRAW_ELEVATOR + t;
                weights[n++] = s->epile[t];
            }
        }
    }
    return n;
}

static size_t tat_legal_moves(const void *st, br_move *out)
{
    const tat *s = st;
    size_t n = 0;
    switch (s->phase) {
    case PH_TURN:
        n = list_placements(s, out);
        if (may_play_elevator(s))
            n += list_elevator_plays(s, out + n);
        return n;
    case PH_DOOR:
        return list_placements(s, out);
    case PH_EXCHANGE:
        for (uint64_t h = s->hand[s->turn]; h; h &= h - 1)
            out[n++] = MV_EXCHANGE + lowest_bit(h);
        out[n++] = MV_DONE;
        return n;
    case PH_CAT:
        out[0] = MV_JUMP;
        out[1] = MV_WALK;
        return 2;
    case PH_ELEVATOR_DROP:
        for (int t = 0; t < ETYPES; t++)
            if (s->ehand[s->turn][t])
                out[n++] = MV_DROP + t;
        return n;
    case PH_OVER:
        return 0;
    default: {
        uint32_t weights[CARDS];
        return tat_chance_outcomes(s, out, weights);
    }
    }
}

/* ------------------------------------------------------------------ */
/* Checking a move */

static void put_move(br_text *out, br_move move);

static bool check_placement(const tat *s, decoded d, br_text *r)
{
    if (s->phase != PH_TURN && s->phase != PH_DOOR) {
        br_text_printf(r, "door cards are placed only in a turn, not in phase '%s'",
                       phase_names[s->phase]);
        return false;
    }
    if (!(s->hand[s->turn] & (UINT64_C(1) << d.a))) {
        br_text_puts(r, "door card ");
        put_card(r, d.a);
        br_text_printf(r, " is not in the hand of seat %d", s->turn);
        return false;
    }
    if (s->board[d.b] != NONE) {
        br_text_puts(r, "door field ");
        put_door_field(r, d.b);
        br_text_puts(r, " already holds a card");
        return false;
    }
    return true;
}

static bool check_elevator_play(const tat *s, decoded d, br_text *r)
{
    int p = s->turn;
    if (s->phase == PH_DOOR) {
        br_text_puts(r, "only one elevator card may be played or exchanged per turn");
        return false;
    }
    if (s->phase != PH_TURN) {
        br_text_printf(r, "elevator cards are played only at the start of a turn, not in "
                       "phase '%s'", phase_names[s->phase]);
        return false;
    }
    if (!segment_is_elevator(s->seg[p])) {
        br_text_printf(r, "an elevator card may be played only while your figure stands on "
                       "an elevator field (seat %d's figure is on ", p);
        put_position(r, s, p);
        br_text_puts(r, ")");
        return false;
    }
    if (!s->ehand[p][d.a]) {
        br_text_printf(r, "elevator card '%s' is not in the hand of seat %d",
                       etype_names[d.a], p);
        return false;
    }
    if (s->elevators[d.b] != NONE && !all_elevators_filled(s)) {
        br_text_printf(r, "elevator field e%d already holds a card, and cards may be "
                       "exchanged only once all four elevator fields hold one",
                       FLOORS - d.b);
        return false;
    }
    return true;
}

static bool check_chance(const tat *s, decoded d, br_text *r)
{
    if (door_draw_phase(s->phase)) {
        if (d.kind != K_DRAW_DOOR) {
            br_text_printf(r, "at this chance node seat %d draws a door card "
                           "('draw <card>')", s->turn);
            return false;
        }
        if (!(s->pile & (UINT64_C(1) << d.a))) {
            br_text_puts(r, "door card ");
            put_card(r, d.a);
            br_text_puts(r, " is not in the pile");
            return false;
        }
        return true;
    }
    if (d.kind != K_DRAW_ELEVATOR) {
        br_text_printf(r, "at this chance node seat %d draws an elevator card "
                       "('draw <type>')", s->turn);
        return false;
    }
    if (!s->epile[d.a]) {
        br_text_printf(r, "no elevator card '%s' is left in the pile", etype_names[d.a]);
        return false;
    }
    return true;
}

static bool check_decision(const tat *s, decoded d, br_text *r)
{
    switch (d.kind) {
    case K_PLACE:
        return check_placement(s, d, r);
    case K_ELEVATOR:
        return check_elevator_play(s, d, r);
    case K_EXCHANGE:
    case K_DONE:
        if (s->phase != PH_EXCHANGE) {
            br_text_puts(r, "cards are exchanged only once, during the setup");
            return false;
        }
        if (d.kind == K_EXCHANGE && !(s->hand[s->turn] & (UINT64_C(1) << d.a))) {
            br_text_puts(r, "door card ");
            put_card(r, d.a);
            br_text_printf(r, " is not in the hand of seat %d", s->turn);
            return false;
        }
        return true;
    case K_JUMP:
    case K_WALK:
        if (s->phase != PH_CAT) {
            br_text_puts(r, "no cat decision is pending (a figure must just have reached a "
                            "cat card)");
            return false;
        }
        return true;
    case K_DROP:
        if (s->phase != PH_ELEVATOR_DROP) {
            br_text_puts(r, "elevator cards are dropped only when a third one was drawn");
            return false;
        }
        if (!s->ehand[s->turn][d.a]) {
            br_text_printf(r, "elevator card '%s' is not in the hand of seat %d",
                           etype_names[d.a], s->turn);
            return false;
        }
        return true;
    case K_DRAW_DOOR:
    case K_DRAW_ELEVATOR:
        br_text_puts(r, "'");
        put_move(r, d.kind == K_DRAW_DOOR ? MV_DRAW_DOOR + d.a : MV_DRAW_ELEVATOR + d.a);
        br_text_printf(r, "' is a chance outcome, but seat %d is to move", s->turn);
        return false;
    case K_INVALID:
        break;
    }
    return false;
}

static bool tat_check_move(const void *st, br_move move, br_text *reason)
{
    const tat *s = st;
    br_text sink = br_text_over(NULL, 0);
    br_text *r = reason ? reason : &sink;
    decoded d = decode(move);
    if (d.kind == K_INVALID) {
        br_text_printf(r, "move %ld is not in 0..%d", (long)move, MOVE_SPACE - 1);
        return false;
    }
    if (s->phase == PH_OVER) {
        br_text_puts(r, "the game is over");
        return false;
    }
    if (tat_current_player(s) == BR_PLAYER_CHANCE)
        return check_chance(s, d, r);
    return check_decision(s, d, r);
}

/* ------------------------------------------------------------------ */
/* Applying a move */

static void apply_placement(tat *s, int c, int x)
{
    int p = s->turn;
    s->hand[p] &= ~(UINT64_C(1) << c);
    s->board[x] = (uint8_t)c;
    /* The door's three cells become one field: figures inside stand on it. */
    for (int q = 0; q < SEATS; q++)
        if (s->seg[q] == door_segment(x))
            s->cell[q] = 0;
    s->source = SRC_DOOR;
    walk(s, score_placement(s, x));
}

static void apply_elevator_play(tat *s, int t, int f)
{
    int p = s->turn;
    s->ehand[p][t]--;
    if (s->elevators[f] != NONE)
        s->replaced[s->elevators[f]]++;
    s->elevators[f] = (uint8_t)t;
    s->source = SRC_ELEVATOR;
    walk(s, elevator_effect(s, t, f));
}

/* The exchange of seat `turn` is decided: draw replacements, or go on. */
static void next_exchange_step(tat *s)
{
    if (s->exchange_draws > 0) {
        s->phase = PH_EXCHANGE_DRAW;
    } else if (s->turn == 0) {
        s->turn = 1;
        s->phase = PH_EXCHANGE;
    } else {
        s->turn = 0;
        s->phase = PH_ELEVATOR_DEAL;
    }
}

static void end_exchange(tat *s)
{
    s->exchange_draws = (uint8_t)popcount64(s->exchanged[s->turn]);
    next_exchange_step(s);
}

static void apply_door_draw(tat *s, int c)
{
    s->pile &= ~(UINT64_C(1) << c);
    s->hand[s->turn] |= UINT64_C(1) << c;
    switch (s->phase) {
    case PH_DEAL:
        s->dealt++;
        s->turn ^= 1;
        if (s->dealt == SEATS * HAND) {
            s->turn = 0;
            s->phase = PH_EXCHANGE;
        }
        break;
    case PH_EXCHANGE_DRAW:
        s->exchange_draws--;
        next_exchange_step(s);
        break;
    default: /* PH_DOOR_DRAW */
        end_turn(s);
        break;
    }
}

static void apply_elevator_draw(tat *s, int t)
{
    s->epile[t]--;
    s->ehand[s->turn][t]++;
    if (s->phase == PH_ELEVATOR_DEAL) {
        s->turn ^= 1;
        if (ehand_size(s, 0) == EHAND && ehand_size(s, 1) == EHAND) {
            s->turn = 0;
            s->phase = PH_TURN;
        }
    } else if (ehand_size(s, s->turn) > EHAND) {
        s->phase = PH_ELEVATOR_DROP;
    } else {
        movement_over(s);
    }
}

static void apply_cat_jump(tat *s)
{
    int p = s->turn;
    int x = segment_door(s->seg[p]);
    s->seg[p] = (uint8_t)cat_target(s, s->seg[p], card_colour(s->board[x]));
    s->cell[p] = 0;
    movement_over(s);
}

static void tat_apply_move(void *st, br_move move)
{
    tat *s = st;
    decoded d = decode(move);
    switch (d.kind) {
    case K_PLACE:
        apply_placement(s, d.a, d.b);
        break;
    case K_ELEVATOR:
        apply_elevator_play(s, d.a, d.b);
        break;
    case K_EXCHANGE:
        s->hand[s->turn] &= ~(UINT64_C(1) << d.a);
        s->exchanged[s->turn] |= UINT64_C(1) << d.a;
        if (popcount64(s->exchanged[s->turn]) == MAX_EXCHANGE)
            end_exchange(s);
        break;
    case K_DONE:
        end_exchange(s);
        break;
    case K_JUMP:
        apply_cat_jump(s);
        break;
    case K_WALK: {
        int steps = s->steps;
        s->steps = 0;
        walk(s, steps);
        break;
    }
    case K_DROP:
        s->ehand[s->turn][d.a]--;
        s->dropped[s->turn][d.a]++;
        movement_over(s);
        break;
    case K_DRAW_DOOR:
        apply_door_draw(s, d.a);
        break;
    case K_DRAW_ELEVATOR:
        apply_elevator_draw(s, d.a);
        break;
    case K_INVALID:
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Results */

static void tat_winners(const void *st, uint8_t *is_winner)
{
    const tat *s = st;
    for (int p = 0; p < SEATS; p++)
        is_winner[p] = s->winners[p];
}

static void tat_scores(const void *st, double *out)
{
    const tat *s = st;
    for (int p = 0; p < SEATS; p++)
        out[p] = s->seg[p];
}

/* ------------------------------------------------------------------ */
/* Notation */

static void put_move(br_text *out, br_move move)
{
    decoded d = decode(move);
    switch (d.kind) {
    case K_PLACE:
        put_card(out, d.a);
        br_text_putc(out, '@');
        put_door_field(out, d.b);
        break;
    case K_EXCHANGE:
        br_text_puts(out, "exchange ");
        put_card(out, d.a);
        break;
    case K_DONE:
        br_text_puts(out, "done");
        break;
    case K_ELEVATOR:
        br_text_printf(out, "%s@e%d", etype_names[d.a], FLOORS - d.b);
        break;
    case K_JUMP:
        br_text_puts(out, "jump");
        break;
    case K_WALK:
        br_text_puts(out, "walk");
        break;
    case K_DROP:
        br_text_printf(out, "drop %s", etype_names[d.a]);
        break;
    case K_DRAW_DOOR:
        br_text_puts(out, "draw ");
        put_card(out, d.a);
        break;
    case K_DRAW_ELEVATOR:
        br_text_printf(out, "draw %s", etype_names[d.a]);
        break;
    case K_INVALID:
        br_text_printf(out, "?%ld", (long)move);
        break;
    }
}

static void tat_move_to_text(const void *st, br_move move, br_text *out)
{
    (void)st;
    put_move(out, move);
}

/* Face-down discards and drawn cards show as '?' to the other seat; the
 * seat concerned (the one to move, or the one due to draw) sees them. */
static void tat_move_to_text_view(const void *st, br_move move, int seat, br_text *out)
{
    const tat *s = st;
    if (seat == s->turn || move < MV_EXCHANGE || move == MV_DONE ||
        (move >= MV_ELEVATOR && move < MV_DROP))
        put_move(out, move);
    else if (move < MV_DONE)
        br_text_puts(out, "exchange ?");
    else if (move < MV_DRAW_DOOR)
        br_text_puts(out, "drop ?");
    else if (move < MV_DRAW_ELEVATOR)
        br_text_puts(out, "draw ? (door card)");
    else
        br_text_puts(out, "draw ? (elevator card)");
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower(*a) != lower(*b))
            return false;
    return *a == *b;
}

/* A card text such as "R5" (either case); -1 when it is none. */
static int parse_card(const char *t)
{
    static const char letters[] = "ygrb";
    if (!t[0] || !t[1] || t[2])
        return -1;
    const char *l = strchr(letters, lower(t[0]));
    if (!l || t[1] < '1' || t[1] > '9')
        return -1;
    return (int)(l - letters) * NUMBERS + (t[1] - '1');
}

static int parse_etype(const char *t)
{
    for (int i = 0; i < ETYPES; i++)
        if (equal_nocase(t, etype_names[i]))
            return i;
    return -1;
}

/* A door field "b3" (-> 0..15) or elevator field "e3" (-> 16 + 0..3). */
static int parse_field(const char *t)
{
    char col = lower(t[0]);
    if (!t[0] || !t[1] || t[2] || t[1] < '1' || t[1] > '4' || col < 'a' || col > 'e')
        return -1;
    int floor = FLOORS - (t[1] - '0');
    return col == 'e' ? DOORS + floor : COLUMNS * floor + (col - 'a');
}

static br_status parse_play(const char *text, const char *at, br_move *out, br_text *err)
{
    char what[16];
    size_t n = (size_t)(at - text);
    if (n == 0 || n >= sizeof what) {
        br_text_printf(err, "'%s': expected <card>@<door field> or <elevator card>@e<floor>",
                       text);
        return BR_ERR_PARSE;
    }
    memcpy(what, text, n);
    what[n] = '\0';
    int field = parse_field(at + 1);
    if (field < 0) {
        br_text_printf(err, "'%s': '%s' is no field (a1..d4 or e1..e4)", text, at + 1);
        return BR_ERR_PARSE;
    }
    int card = parse_card(what);
    int type = parse_etype(what);
    if (card >= 0 && field < DOORS) {
        *out = MV_PLACE + DOORS * card + field;
        return BR_OK;
    }
    if (type >= 0 && field >= DOORS) {
        *out = MV_ELEVATOR + FLOORS * type + (field - DOORS);
        return BR_OK;
    }
    if (card >= 0 || type >= 0)
        br_text_printf(err, "'%s': %s go on %s fields", text,
                       card >= 0 ? "door cards" : "elevator cards",
                       card >= 0 ? "door (a..d)" : "elevator (e)");
    else
        br_text_printf(err, "'%s': '%s' is neither a door card (Y1..B9) nor an elevator card",
                       text, what);
    return BR_ERR_PARSE;
}

static br_status tat_move_from_text(const void *st, const char *text, br_move *out,
                                    br_text *err)
{
    (void)st;
    if (equal_nocase(text, "done")) {
        *out = MV_DONE;
        return BR_OK;
    }
    if (equal_nocase(text, "jump")) {
        *out = MV_JUMP;
        return BR_OK;
    }
    if (equal_nocase(text, "walk")) {
        *out = MV_WALK;
        return BR_OK;
    }
    const char *at = strchr(text, '@');
    if (at)
        return parse_play(text, at, out, err);
    const char *space = strchr(text, ' ');
    if (!space) {
        br_text_printf(err, "'%s' is no move of tuer-an-tuer", text);
        return BR_ERR_PARSE;
    }
    size_t wlen = (size_t)(space - text);
    const char *arg = space + 1;
    int card = parse_card(arg);
    int type = parse_etype(arg);
    if (wlen == 8 && strncmp(text, "exchange", 8) == 0 && card >= 0) {
        *out = MV_EXCHANGE + card;
        return BR_OK;
    }
    if (wlen == 4 && strncmp(text, "drop", 4) == 0 && type >= 0) {
        *out = MV_DROP + type;
        return BR_OK;
    }
    if (wlen == 4 && strncmp(text, "draw", 4) == 0 && (card >= 0 || type >= 0)) {
        *out = card >= 0 ? MV_DRAW_DOOR + card : MV_DRAW_ELEVATOR + type;
        return BR_OK;
    }
    br_text_printf(err, "'%s' is no move of tuer-an-tuer (expected e.g. 'R5@b3', 'red@e3', "
                   "'exchange R5', 'done', 'jump', 'walk', 'drop red', 'draw R5', "
                   "'draw red')", text);
    return BR_ERR_PARSE;
}

/* ------------------------------------------------------------------ */
/* JSON output (snapshot and observation) */

typedef struct builder {
    bool ok;
} builder;

static json_t *add(builder *b, json_t *v)
{
    if (!v)
        b->ok = false;
    return v;
}

static void set(builder *b, json_t *obj, const char *key, json_t *v)
{
    if (!v || json_object_set_new(obj, key, v) != 0)
        b->ok = false;
}

static void append(builder *b, json_t *arr, json_t *v)
{
    if (!v || json_array_append_new(arr, v) != 0)
        b->ok = false;
}

static json_t *card_json(builder *b, int c)
{
    char t[4];
    br_text out = br_text_over(t, sizeof t);
    put_card(&out, c);
    return add(b, json_string(t));
}

static json_t *cards_json(builder *b, uint64_t set_bits)
{
    json_t *arr = add(b, json_array());
    for (uint64_t v = set_bits; arr && v; v &= v - 1)
        append(b, arr, card_json(b, lowest_bit(v)));
    return arr;
}

static json_t *etypes_json(builder *b, const uint8_t *counts)
{
    json_t *arr = add(b, json_array());
    for (int t = 0; arr && t < ETYPES; t++)
        for (int k = 0; k < counts[t]; k++)
            append(b, arr, add(b, json_string(etype_names[t])));
    return arr;
}

static int count_etypes(const uint8_t *counts)
{
    int n = 0;
    for (int t = 0; t < ETYPES; t++)
        n += counts[t];
    return n;
}

/* `seat` < -1: the full state; -1: a spectator; 0..1: that seat's view. */
static bool sees(int viewer, int owner)
{
    return viewer < -1 || viewer == owner;
}

static json_t *per_seat_cards(builder *b, const uint64_t *sets, int viewer)
{
    json_t *arr = add(b, json_array());
    for (int p = 0; arr && p < SEATS; p++)
        append(b, arr, sees(viewer, p) ? cards_json(b, sets[p])
                                       : add(b, json_integer(popcount64(sets[p]))));
    return arr;
}

static json_t *per_seat_etypes(builder *b, const uint8_t counts[SEATS][ETYPES], int viewer)
{
    json_t *arr = add(b, json_array());
    for (int p = 0; arr && p < SEATS; p++)
        append(b, arr, sees(viewer, p) ? etypes_json(b, counts[p])
                                       : add(b, json_integer(count_etypes(counts[p]))));
    return arr;
}

static json_t *board_json(builder *b, const tat *s)
{
    json_t *arr = add(b, json_array());
    for (int x = 0; arr && x < DOORS; x++)
        append(b, arr, s->board[x] == NONE ? add(b, json_null()) : card_json(b, s->board[x]));
    return arr;
}

static json_t *elevators_json(builder *b, const tat *s)
{
    json_t *arr = add(b, json_array());
    for (int f = 0; arr && f < FLOORS; f++)
        append(b, arr, add(b, s->elevators[f] == NONE ? json_null()
                                                      : json_string(etype_names[s->elevators[f]])));
    return arr;
}

static json_t *figures_json(builder *b, const tat *s)
{
    json_t *arr = add(b, json_array());
    for (int p = 0; arr && p < SEATS; p++) {
        char t[16];
        br_text out = br_text_over(t, sizeof t);
        put_position(&out, s, p);
        append(b, arr, add(b, json_string(t)));
    }
    return arr;
}

static json_t *last_score_json(builder *b, const tat *s)
{
    json_t *obj = add(b, json_object());
    for (int i = 0; obj && i < SC_FIELDS; i++)
        set(b, obj, score_names[i], add(b, json_integer(s->last[i])));
    return obj;
}

static json_t *final_json(builder *b, const tat *s)
{
    if (!s->has_final)
        return add(b, json_null());
    json_t *obj = add(b, json_object());
    json_t *needed = add(b, json_array());
    if (!obj || !needed) {
        json_decref(obj);
        json_decref(needed);
        return NULL;
    }
    set(b, obj, "steps", add(b, json_integer(s->final_steps)));
    for (int p = 0; p < SEATS; p++)
        append(b, needed, add(b, json_integer(s->final_needed[p])));
    set(b, obj, "needed", needed);
    return obj;
}

static json_t *state_json(const tat *s, int viewer)
{
    builder b = {true};
    json_t *o = json_object();
    if (!o)
        return NULL;
    set(&b, o, "phase", add(&b, json_string(phase_names[s->phase])));
    set(&b, o, "turn", add(&b, json_integer(s->turn)));
    set(&b, o, "dealt", add(&b, json_integer(s->dealt)));
    set(&b, o, "board", board_json(&b, s));
    set(&b, o, "elevators", elevators_json(&b, s));
    set(&b, o, "figures", figures_json(&b, s));
    set(&b, o, "hands", per_seat_cards(&b, s->hand, viewer));
    set(&b, o, "elevator_hands", per_seat_etypes(&b, s->ehand, viewer));
    set(&b, o, "exchanged", per_seat_cards(&b, s->exchanged, viewer));
    set(&b, o, "exchange_draws", add(&b, json_integer(s->exchange_draws)));
    bool full = viewer < -1;
    set(&b, o, "door_pile", full ? cards_json(&b, s->pile)
                                 : add(&b, json_integer(popcount64(s->pile))));
    set(&b, o, "elevator_pile", full ? etypes_json(&b, s->epile)
                                     : add(&b, json_integer(epile_size(s))));
    set(&b, o, "dropped", per_seat_etypes(&b, s->dropped, viewer));
    set(&b, o, "replaced", etypes_json(&b, s->replaced));
    set(&b, o, "steps", add(&b, json_integer(s->steps)));
    set(&b, o, "source", add(&b, json_string(s->source == SRC_ELEVATOR ? "elevator" : "door")));
    set(&b, o, "stopped", add(&b, json_boolean(s->stopped)));
    set(&b, o, "last_score", last_score_json(&b, s));
    set(&b, o, "final", final_json(&b, s));
    json_t *w = add(&b, json_array());
    for (int p = 0; w && p < SEATS; p++)
        append(&b, w, add(&b, json_boolean(s->winners[p])));
    set(&b, o, "winners", w);
    if (!full)
        set(&b, o, "seat", add(&b, json_integer(viewer)));
    if (!b.ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

enum { VIEW_FULL = -2 };

static json_t *tat_to_json(const void *st)
{
    return state_json(st, VIEW_FULL);
}

static json_t *tat_observe(const void *st, int seat)
{
    return state_json(st, seat < 0 ? -1 : seat);
}

/* ------------------------------------------------------------------ */
/* JSON input: every field checked, then the invariants */

static bool fail(br_text *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool fail(br_text *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(err, fmt, ap);
    va_end(ap);
    return false;
}

static const json_t *member(const json_t *obj, const char *key, br_text *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        fail(err, "state.%s: missing", key);
    return v;
}

static bool read_name(const json_t *v, const char *const *names, int count, int *out,
                      const char *path, br_text *err)
{
    if (!json_is_string(v))
        return fail(err, "%s: not a string", path);
    for (int i = 0; i < count; i++) {
        if (strcmp(json_string_value(v), names[i]) == 0) {
            *out = i;
            return true;
        }
    }
    return fail(err, "%s: '%s' is not a valid value", path, json_string_value(v));
}

static bool read_card(const json_t *v, int *out, const char *path, br_text *err)
{
    if (!json_is_string(v))
        return fail(err, "%s: not a card text", path);
    *out = parse_card(json_string_value(v));
    if (*out < 0 || strlen(json_string_value(v)) != 2 || json_string_value(v)[0] !=
                                                             colour_letters[card_colour(*out)])
        return fail(err, "%s: '%s' is not a door card (Y1..B9)", path, json_string_value(v));
    return true;
}

/* An array member of `obj` (or the value itself when key is NULL) with
 * at most `max` entries. */
static const json_t *read_array(const json_t *v, size_t max, const char *path, br_text *err)
{
    if (!json_is_array(v)) {
        fail(err, "%s: not an array", path);
        return NULL;
    }
    if (json_array_size(v) > max) {
        fail(err, "%s: has %zu entries, at most %zu allowed", path, json_array_size(v), max);
        return NULL;
    }
    return v;
}

/* Where each door card was found while loading; every card must be found
 * exactly once. */
enum place { AT_NOWHERE, AT_BOARD, AT_HAND0, AT_HAND1, AT_EXCHANGED0, AT_EXCHANGED1, AT_PILE };

static const char *const place_names[] = {
    "nowhere", "board", "hands[0]", "hands[1]", "exchanged[0]", "exchanged[1]", "door_pile",
};

typedef struct card_census {
    uint8_t where[CARDS]; /* enum place */
} card_census;

static bool read_card_set(const json_t *v, size_t max, uint64_t *set_bits, card_census *census,
                          enum place place, const char *path, br_text *err)
{
    if (!read_array(v, max, path, err))
        return false;
    *set_bits = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        char item[64];
        snprintf(item, sizeof item, "%s[%zu]", path, i);
        int c;
        if (!read_card(json_array_get(v, i), &c, item, err))
            return false;
        if (census->where[c] != AT_NOWHERE)
            return fail(err, "%s: card %s is also in %s", item,
                        json_string_value(json_array_get(v, i)), place_names[census->where[c]]);
        census->where[c] = (uint8_t)place;
        *set_bits |= UINT64_C(1) << c;
    }
    return true;
}

static bool read_etype_list(const json_t *v, size_t max, uint8_t *counts, const char *path,
                            br_text *err)
{
    if (!read_array(v, max, path, err))
        return false;
    memset(counts, 0, ETYPES);
    for (size_t i = 0; i < json_array_size(v); i++) {
        char item[64];
        snprintf(item, sizeof item, "%s[%zu]", path, i);
        int t;
        if (!read_name(json_array_get(v, i), etype_names, ETYPES, &t, item, err))
            return false;
        counts[t]++;
    }
    return true;
}

static const json_t *read_pair(const json_t *obj, const char *key, br_text *err)
{
    const json_t *v = member(obj, key, err);
    if (!v)
        return NULL;
    if (!json_is_array(v) || json_array_size(v) != SEATS) {
        fail(err, "state.%s: expected an array of 2 entries", key);
        return NULL;
    }
    return v;
}

static bool read_board(tat *s, const json_t *obj, card_census *census, br_text *err)
{
    const json_t *v = member(obj, "board", err);
    if (!v)
        return false;
    if (!json_is_array(v) || json_array_size(v) != DOORS)
        return fail(err, "state.board: expected an array of 16 entries");
    for (int x = 0; x < DOORS; x++) {
        const json_t *e = json_array_get(v, (size_t)x);
        char path[32];
        snprintf(path, sizeof path, "state.board[%d]", x);
        s->board[x] = NONE;
        if (json_is_null(e))
            continue;
        int c;
        if (!read_card(e, &c, path, err))
            return false;
        if (census->where[c] != AT_NOWHERE)
            return fail(err, "%s: card %s appears twice on the board", path,
                        json_string_value(e));
        census->where[c] = AT_BOARD;
        s->board[x] = (uint8_t)c;
    }
    return true;
}

static bool read_elevators(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = member(obj, "elevators", err);
    if (!v)
        return false;
    if (!json_is_array(v) || json_array_size(v) != FLOORS)
        return fail(err, "state.elevators: expected an array of 4 entries");
    for (int f = 0; f < FLOORS; f++) {
        const json_t *e = json_array_get(v, (size_t)f);
        char path[32];
        snprintf(path, sizeof path, "state.elevators[%d]", f);
        s->elevators[f] = NONE;
        int t;
        if (json_is_null(e))
            continue;
        if (!read_name(e, etype_names, ETYPES, &t, path, err))
            return false;
        s->elevators[f] = (uint8_t)t;
    }
    return true;
}

/* A position text; the board must already be loaded (cells depend on it). */
static bool read_position(tat *s, int p, const json_t *v, br_text *err)
{
    char path[32];
    snprintf(path, sizeof path, "state.figures[%d]", p);
    if (!json_is_string(v))
        return fail(err, "%s: not a position text", path);
    const char *t = json_string_value(v);
    s->cell[p] = 0;
    if (strcmp(t, "start") == 0) {
        s->seg[p] = SEG_START;
        return true;
    }
    if (strcmp(t, "exit") == 0) {
        s->seg[p] = SEG_EXIT;
        return true;
    }
    char field[3] = {t[0], t[0] ? t[1] : '\0', '\0'};
    int f = t[0] && t[1] && t[0] >= 'a' && t[0] <= 'e' ? parse_field(field) : -1;
    if (f < 0)
        return fail(err, "%s: '%s' is not a position (start, a4, a4:1..a4:3, e4, exit)", path, t);
    if (f >= DOORS) {
        if (t[2])
            return fail(err, "%s: '%s': an elevator field has no cells", path, t);
        s->seg[p] = (uint8_t)elevator_segment(f - DOORS);
        return true;
    }
    s->seg[p] = (uint8_t)door_segment(f);
    bool empty = s->board[f] == NONE;
    if (!t[2])
        return empty ? fail(err, "%s: '%s': the door field is empty, name its cell "
                                 "(e.g. '%s:1')", path, t, field)
                     : true;
    if (t[2] != ':' || t[3] < '1' || t[3] > '3' || t[4])
        return fail(err, "%s: '%s' is not a position (cells are :1..:3)", path, t);
    if (!empty)
        return fail(err, "%s: '%s': the door field holds a card, so it has no cells", path, t);
    s->cell[p] = (uint8_t)(t[3] - '1');
    return true;
}

static bool read_figures(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = read_pair(obj, "figures", err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++)
        if (!read_position(s, p, json_array_get(v, (size_t)p), err))
            return false;
    return true;
}

static bool read_seat_cards(const json_t *obj, const char *key, size_t max, uint64_t *sets,
                            card_census *census, enum place first, br_text *err)
{
    const json_t *v = read_pair(obj, key, err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        char path[40];
        snprintf(path, sizeof path, "state.%s[%d]", key, p);
        if (!read_card_set(json_array_get(v, (size_t)p), max, &sets[p], census,
                           (enum place)(first + p), path, err))
            return false;
    }
    return true;
}

static bool read_seat_etypes(const json_t *obj, const char *key, size_t max,
                             uint8_t counts[SEATS][ETYPES], br_text *err)
{
    const json_t *v = read_pair(obj, key, err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        char path[40];
        snprintf(path, sizeof path, "state.%s[%d]", key, p);
        if (!read_etype_list(json_array_get(v, (size_t)p), max, counts[p], path, err))
            return false;
    }
    return true;
}

static bool read_small_int(const json_t *obj, const char *key, long long max, uint8_t *out,
                           br_text *err)
{
    long long v;
    if (!br_json_int(obj, key, 0, max, &v, "state", err))
        return false;
    *out = (uint8_t)v;
    return true;
}

static bool read_flag(const json_t *obj, const char *key, uint8_t *out, br_text *err)
{
    bool v;
    if (!br_json_bool(obj, key, &v, "state", err))
        return false;
    *out = v;
    return true;
}

static bool read_last_score(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = member(obj, "last_score", err);
    if (!v)
        return false;
    if (!json_is_object(v))
        return fail(err, "state.last_score: not an object");
    int total = 0;
    for (int i = 0; i < SC_FIELDS; i++) {
        long long x;
        if (!br_json_int(v, score_names[i], 0, i == SC_TOTAL ? 255 : 10, &x, "state.last_score",
                         err))
            return false;
        s->last[i] = (uint8_t)x;
        if (i < SC_TOTAL)
            total += (int)x;
    }
    if (total != s->last[SC_TOTAL])
        return fail(err, "state.last_score.total: %d is not the sum of the parts (%d)",
                    s->last[SC_TOTAL], total);
    return true;
}

static bool read_final(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = member(obj, "final", err);
    if (!v)
        return false;
    s->has_final = 0;
    s->final_steps = 0;
    s->final_needed[0] = s->final_needed[1] = 0;
    if (json_is_null(v))
        return true;
    if (!json_is_object(v))
        return fail(err, "state.final: neither null nor an object");
    long long x;
    if (!br_json_int(v, "steps", 0, 255, &x, "state.final", err))
        return false;
    s->final_steps = (uint8_t)x;
    const json_t *needed = br_json_array(v, "needed", SEATS, "state.final", err);
    if (!needed)
        return false;
    for (int p = 0; p < SEATS; p++) {
        if (!br_json_array_int(needed, (size_t)p, 1, SEG_EXIT, &x, "state.final.needed", err))
            return false;
        s->final_needed[p] = (uint8_t)x;
    }
    s->has_final = 1;
    return true;
}

static bool read_winners(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = read_pair(obj, "winners", err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        const json_t *e = json_array_get(v, (size_t)p);
        if (!json_is_boolean(e))
            return fail(err, "state.winners[%d]: not true or false", p);
        s->winners[p] = json_is_true(e);
    }
    return true;
}

static const char *const state_keys[] = {
    "phase", "turn", "dealt", "board", "elevators", "figures", "hands", "elevator_hands",
    "exchanged", "exchange_draws", "door_pile", "elevator_pile", "dropped", "replaced",
    "steps", "source", "stopped", "last_score", "final", "winners",
};

/* A snapshot with a key this version does not write is not one of ours. */
static bool only_known_keys(const json_t *o, br_text *err)
{
    const char *key =
        br_json_unknown_key(o, state_keys, sizeof state_keys / sizeof state_keys[0]);
    return key ? fail(err, "state.%s: unknown field", key) : true;
}

static bool read_fields(tat *s, const json_t *o, br_text *err)
{
    card_census census;
    memset(&census, 0, sizeof census);
    int phase, source;
    const json_t *v;
    if (!only_known_keys(o, err))
        return false;
    if (!(v = member(o, "phase", err)) ||
        !read_name(v, phase_names, PHASES, &phase, "state.phase", err))
        return false;
    s->phase = (uint8_t)phase;
    if (!read_small_int(o, "turn", 1, &s->turn, err) ||
        !read_small_int(o, "dealt", SEATS * HAND, &s->dealt, err) ||
        !read_board(s, o, &census, err) || !read_elevators(s, o, err) ||
        !read_figures(s, o, err) ||
        !read_seat_cards(o, "hands", HAND, s->hand, &census, AT_HAND0, err) ||
        !read_seat_etypes(o, "elevator_hands", EHAND + 1, s->ehand, err) ||
        !read_seat_cards(o, "exchanged", MAX_EXCHANGE, s->exchanged, &census, AT_EXCHANGED0,
                         err) ||
        !read_small_int(o, "exchange_draws", MAX_EXCHANGE, &s->exchange_draws, err))
        return false;
    if (!(v = member(o, "door_pile", err)) ||
        !read_card_set(v, CARDS, &s->pile, &census, AT_PILE, "state.door_pile", err))
        return false;
    if (!(v = member(o, "elevator_pile", err)) ||
        !read_etype_list(v, ETYPES * ECOPIES, s->epile, "state.elevator_pile", err))
        return false;
    if (!read_seat_etypes(o, "dropped", ETYPES * ECOPIES, s->dropped, err))
        return false;
    if (!(v = member(o, "replaced", err)) ||
        !read_etype_list(v, ETYPES * ECOPIES, s->replaced, "state.replaced", err))
        return false;
    if (!read_small_int(o, "steps", 255, &s->steps, err))
        return false;
    static const char *const source_names[] = {"door", "elevator"};
    if (!(v = member(o, "source", err)) ||
        !read_name(v, source_names, 2, &source, "state.source", err))
        return false;
    s->source = (uint8_t)source;
    if (!read_flag(o, "stopped", &s->stopped, err) || !read_last_score(s, o, err) ||
        !read_final(s, o, err) || !read_winners(s, o, err))
        return false;
    for (int c = 0; c < CARDS; c++) {
        if (census.where[c] == AT_NOWHERE) {
            char name[4];
            br_text t = br_text_over(name, sizeof name);
            put_card(&t, c);
            return fail(err, "state.door_pile: card %s is nowhere (board, hands, exchanged "
                             "or pile)", name);
        }
    }
    return true;
}

static bool check_elevator_census(const tat *s, br_text *err)
{
    for (int t = 0; t < ETYPES; t++) {
        int n = s->epile[t] + s->replaced[t];
        for (int p = 0; p < SEATS; p++)
            n += s->ehand[p][t] + s->dropped[p][t];
        for (int f = 0; f < FLOORS; f++)
            n += s->elevators[f] == t;
        if (n != ECOPIES)
            return fail(err, "state.elevator_pile: elevator card '%s' appears %d times in all, "
                             "expected %d", etype_names[t], n, ECOPIES);
    }
    return true;
}

static bool setup_phase(int phase)
{
    return phase <= PH_ELEVATOR_DEAL;
}

static bool board_empty(const tat *s)
{
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] != NONE)
            return false;
    for (int f = 0; f < FLOORS; f++)
        if (s->elevators[f] != NONE)
            return false;
    return true;
}

/* Hand sizes during the setup follow from the phase and the seat. */
static bool check_setup(const tat *s, br_text *err)
{
    int h0 = popcount64(s->hand[0]), h1 = popcount64(s->hand[1]);
    int x0 = popcount64(s->exchanged[0]), x1 = popcount64(s->exchanged[1]);
    if (!board_empty(s))
        return fail(err, "state.board: cards on the board during the setup");
    if (s->seg[0] != SEG_START || s->seg[1] != SEG_START)
        return fail(err, "state.figures: figures must be on the start field during the setup");
    if (count_etypes(s->dropped[0]) + count_etypes(s->dropped[1]) + count_etypes(s->replaced))
        return fail(err, "state.dropped: no elevator card can be discarded during the setup");
    if (s->phase == PH_DEAL) {
        if (s->dealt >= SEATS * HAND || h0 != (s->dealt + 1) / 2 || h1 != s->dealt / 2 ||
            s->turn != s->dealt % 2)
            return fail(err, "state.hands: %d and %d cards do not fit %d dealt (seat %d next)",
                        h0, h1, s->dealt, s->turn);
        if (x0 || x1)
            return fail(err, "state.exchanged: no exchange before the deal is over");
    } else if (s->dealt != SEATS * HAND) {
        return fail(err, "state.dealt: %d, but the deal is over", s->dealt);
    }
    int e0 = ehand_size(s, 0), e1 = ehand_size(s, 1);
    if (s->phase != PH_ELEVATOR_DEAL && (e0 || e1))
        return fail(err, "state.elevator_hands: elevator cards are dealt after the exchange");
    if (s->phase == PH_EXCHANGE || s->phase == PH_EXCHANGE_DRAW) {
        int p = s->turn;
        int missing = s->phase == PH_EXCHANGE ? popcount64(s->exchanged[p]) : s->exchange_draws;
        int held = popcount64(s->hand[p]) + missing;
        if (held != HAND || (p == 1 && h0 != HAND) || (p == 0 && (h1 != HAND || x1)))
            return fail(err, "state.hands: sizes do not fit the exchange of seat %d", p);
        if (s->phase == PH_EXCHANGE && popcount64(s->exchanged[p]) >= MAX_EXCHANGE)
            return fail(err, "state.exchanged[%d]: the exchange ends after 3 cards", p);
        if (s->phase == PH_EXCHANGE_DRAW &&
            (s->exchange_draws == 0 || s->exchange_draws > popcount64(s->exchanged[p])))
            return fail(err, "state.exchange_draws: %d does not fit %d exchanged cards",
                        s->exchange_draws, popcount64(s->exchanged[p]));
    }
    if (s->phase == PH_ELEVATOR_DEAL) {
        if (h0 != HAND || h1 != HAND)
            return fail(err, "state.hands: both seats hold 5 door cards after the exchange");
        int k = e0 + e1;
        if (k >= SEATS * EHAND || e0 != (k + 1) / 2 || e1 != k / 2 || s->turn != k % 2)
            return fail(err, "state.elevator_hands: %d and %d cards do not fit the deal", e0, e1);
    }
    if (s->phase != PH_EXCHANGE_DRAW && s->exchange_draws)
        return fail(err, "state.exchange_draws: non-zero outside the phase 'exchange-draw'");
    if (s->steps || s->stopped || s->source != SRC_DOOR || s->last[SC_TOTAL])
        return fail(err, "state.steps: steps, stopped, source and last_score must be at their "
                         "start values during the setup");
    return true;
}

/* Door hand size of the mover: 4 between a placement and its draw. */
static int expected_mover_hand(const tat *s)
{
    switch (s->phase) {
    case PH_TURN:
    case PH_DOOR:
        return HAND;
    case PH_DOOR_DRAW:
        return HAND - 1;
    default:
        return s->source == SRC_DOOR ? HAND - 1 : HAND;
    }
}

static bool check_play_phase(const tat *s, br_text *err)
{
    int p = s->turn, o = p ^ 1;
    if (s->dealt != SEATS * HAND || s->exchange_draws)
        return fail(err, "state.dealt: the setup must be complete in phase '%s'",
                    phase_names[s->phase]);
    if (popcount64(s->hand[o]) != HAND)
        return fail(err, "state.hands[%d]: %d cards, expected 5", o, popcount64(s->hand[o]));
    int mover = expected_mover_hand(s);
    int held = popcount64(s->hand[p]);
    if (s->phase == PH_OVER ? held < HAND - 1 : held != mover)
        return fail(err, "state.hands[%d]: %d cards do not fit phase '%s'", p, held,
                    phase_names[s->phase]);
    if (ehand_size(s, o) > EHAND)
        return fail(err, "state.elevator_hands[%d]: more than 2 cards", o);
    if ((ehand_size(s, p) > EHAND) != (s->phase == PH_ELEVATOR_DROP))
        return fail(err, "state.elevator_hands[%d]: 3 cards only while one is to be dropped", p);
    if (s->phase != PH_CAT && s->steps)
        return fail(err, "state.steps: pending steps only in phase 'cat'");
    if (s->phase == PH_TURN && (s->stopped || s->source != SRC_DOOR))
        return fail(err, "state.stopped: a turn starts with stopped false and source 'door'");
    if (s->phase == PH_DOOR && s->source != SRC_ELEVATOR)
        return fail(err, "state.source: phase 'door' follows an elevator card");
    if (s->phase == PH_DOOR_DRAW && s->source != SRC_DOOR)
        return fail(err, "state.source: phase 'door-draw' follows a door card");
    if (s->stopped && !segment_is_elevator(s->seg[p]))
        return fail(err, "state.stopped: the mover's figure is not on an elevator field");
    if (s->phase != PH_OVER && board_full(s) && s->phase != PH_CAT &&
        s->phase != PH_ELEVATOR_DRAW && s->phase != PH_ELEVATOR_DROP)
        return fail(err, "state.board: the board is full, the game should be over");
    return true;
}

static bool check_pending(const tat *s, br_text *err)
{
    int p = s->turn;
    int seg = s->seg[p];
    if (s->phase == PH_CAT) {
        int x = segment_door(seg);
        if (x < 0 || s->board[x] == NONE || !card_has_cat(s->board[x]) ||
            cat_target(s, seg, card_colour(s->board[x])) < 0)
            return fail(err, "state.figures[%d]: a cat decision needs the figure on a cat card "
                             "with a door of its colour ahead", p);
    }
    if (s->phase == PH_ELEVATOR_DRAW && (!s->stopped || !epile_size(s)))
        return fail(err, "state.stopped: an elevator draw needs the figure stopped on an "
                         "elevator field and a card in the pile");
    if (s->phase == PH_DOOR_DRAW && !s->pile)
        return fail(err, "state.door_pile: empty, but a door card is to be drawn");
    return true;
}

static bool check_end(const tat *s, br_text *err)
{
    bool over = s->phase == PH_OVER;
    for (int p = 0; p < SEATS; p++) {
        if (!over && (s->winners[p] || s->seg[p] == SEG_EXIT))
            return fail(err, "state.winners[%d]: a winner or a figure at the exit, but the "
                             "game is not over", p);
    }
    if (!over && s->has_final)
        return fail(err, "state.final: set, but the game is not over");
    if (!over)
        return true;
    if (s->has_final) {
        if (!board_full(s))
            return fail(err, "state.final: a final scoring needs a full board");
        for (int p = 0; p < SEATS; p++) {
            bool out = s->final_steps >= s->final_needed[p];
            int q = p ^ 1;
            bool wins = out && (s->final_steps < s->final_needed[q] ||
                                s->final_needed[p] <= s->final_needed[q]);
            if (s->winners[p] != wins)
                return fail(err, "state.winners[%d]: does not follow from state.final", p);
            if (out != (s->seg[p] == SEG_EXIT))
                return fail(err, "state.figures[%d]: does not follow from state.final", p);
        }
        return true;
    }
    int p = s->turn;
    if (s->seg[p] != SEG_EXIT || !s->winners[p] || s->winners[p ^ 1] || s->seg[p ^ 1] == SEG_EXIT)
        return fail(err, "state.winners: the game ended without a final scoring, so exactly "
                         "seat %d (which moved last) must be at the exit and win", p);
    return true;
}

static br_status tat_from_json(void *st, const json_t *state, br_text *err)
{
    tat *s = st;
    uint8_t run4 = s->run4; /* from the options, already set by init() */
    tat loaded;
    memset(&loaded, 0, sizeof loaded);
    loaded.run4 = run4;
    if (!read_fields(&loaded, state, err) || !check_elevator_census(&loaded, err))
        return BR_ERR_SNAPSHOT;
    bool ok = setup_phase(loaded.phase)
                  ? check_setup(&loaded, err)
                  : check_play_phase(&loaded, err) && check_pending(&loaded, err);
    if (!ok || !check_end(&loaded, err))
        return BR_ERR_SNAPSHOT;
    *s = loaded;
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Rendering */

/* Rendering columns: a floor line is " 4  S" and then, per door k, the
 * field "  [ R5*]" starting at column 5 + 8k, then the elevator "  |red     |". */
enum { COL_DOOR = 7, DOOR_WIDTH = 8, COL_ELEVATOR = 40, COL_EXIT = 50, LINE = 64 };

static void write_at(char *line, int col, const char *text)
{
    size_t n = strlen(text);
    if (col >= 0 && (size_t)col + n < LINE)
        memcpy(line + col, text, n);
}

/* The column of a figure's marker in the line below floor `floor`, or -1. */
static int figure_column(const tat *s, int p, int floor)
{
    int seg = s->seg[p];
    if (seg == SEG_START)
        return floor == 0 ? 1 : -1;
    if (seg == SEG_EXIT)
        return floor == FLOORS - 1 ? COL_EXIT : -1;
    if (seg < 1 + 5 * floor || seg > 5 + 5 * floor)
        return -1;
    if (segment_is_elevator(seg))
        return COL_ELEVATOR;
    return COL_DOOR + DOOR_WIDTH * (seg - 1 - 5 * floor);
}

/* Below each floor, each figure's seat number under the field it stands on
 * ("0:2": seat 0 on the second cell of an empty door). */
static void render_figures(const tat *s, br_text *out, int floor)
{
    char line[LINE];
    memset(line, ' ', sizeof line);
    int end = 0;
    for (int p = 0; p < SEATS; p++) {
        int col = figure_column(s, p, floor);
        if (col < 0)
            continue;
        if (p == 1 && figure_column(s, 0, floor) == col)
            col += s->seg[0] == s->seg[1] && segment_door(s->seg[0]) >= 0 &&
                           s->board[segment_door(s->seg[0])] == NONE ? 4 : 2;
        char text[8];
        int x = segment_door(s->seg[p]);
        if (x >= 0 && s->board[x] == NONE)
            snprintf(text, sizeof text, "%d:%d", p, s->cell[p] + 1);
        else
            snprintf(text, sizeof text, "%d", p);
        write_at(line, col, text);
        int e = col + (int)strlen(text);
        end = e > end ? e : end;
    }
    line[end < LINE ? end : LINE - 1] = '\0';
    br_text_printf(out, "%s\n", line);
}

static void render_floor(const tat *s, br_text *out, int floor)
{
    br_text_printf(out, " %d  %s", FLOORS - floor, floor == 0 ? "S" : " ");
    for (int k = 0; k < COLUMNS; k++) {
        int c = s->board[COLUMNS * floor + k];
        br_text_puts(out, "  [");
        if (c == NONE) {
            br_text_puts(out, " . .");
        } else {
            br_text_putc(out, ' ');
            put_card(out, c);
            br_text_putc(out, card_has_cat(c) ? '*' : ' ');
        }
        br_text_puts(out, "]");
    }
    int e = s->elevators[floor];
    br_text_printf(out, "  |%-8s|%s\n", e == NONE ? "" : etype_names[e],
                   floor == FLOORS - 1 ? " X" : "");
    render_figures(s, out, floor);
}

/* `viewer` as in state_json(): other seats' hands show as counts. */
static void render_hands(const tat *s, int viewer, br_text *out)
{
    for (int p = 0; p < SEATS; p++) {
        br_text_printf(out, "seat %d at ", p);
        put_position(out, s, p);
        if (!sees(viewer, p)) {
            br_text_printf(out, "  doors: %d hidden  elevator: %d hidden\n",
                           popcount64(s->hand[p]), ehand_size(s, p));
            continue;
        }
        br_text_puts(out, "  doors:");
        for (uint64_t h = s->hand[p]; h; h &= h - 1) {
            br_text_putc(out, ' ');
            put_card(out, lowest_bit(h));
            if (card_has_cat(lowest_bit(h)))
                br_text_putc(out, '*');
        }
        br_text_puts(out, "  elevator:");
        for (int t = 0; t < ETYPES; t++)
            for (int k = 0; k < s->ehand[p][t]; k++)
                br_text_printf(out, " %s", etype_names[t]);
        br_text_putc(out, '\n');
    }
}

static void render_status(const tat *s, br_text *out)
{
    br_text_printf(out, "piles: %d door cards, %d elevator cards\n", popcount64(s->pile),
                   epile_size(s));
    br_text_printf(out, "last door card: %d steps (colour %d, number %d, ascending %d, run %d, "
                   "different %d, elevator %d)\n", s->last[SC_TOTAL], s->last[SC_COLOUR],
                   s->last[SC_NUMBER], s->last[SC_ASCENDING], s->last[SC_RUN],
                   s->last[SC_DIFFERENT], s->last[SC_ELEVATOR]);
    if (s->has_final)
        br_text_printf(out, "final scoring: %d steps each; steps needed %d and %d\n",
                       s->final_steps, s->final_needed[0], s->final_needed[1]);
    if (s->phase == PH_OVER) {
        if (s->winners[0] && s->winners[1])
            br_text_puts(out, "game over: a draw\n");
        else if (s->winners[0] || s->winners[1])
            br_text_printf(out, "game over: seat %d wins\n", s->winners[0] ? 0 : 1);
        else
            br_text_puts(out, "game over: nobody wins, both are trapped in the house\n");
    } else if (tat_current_player(s) == BR_PLAYER_CHANCE) {
        br_text_printf(out, "phase %s: seat %d draws\n", phase_names[s->phase], s->turn);
    } else {
        br_text_printf(out, "phase %s: seat %d to move", phase_names[s->phase], s->turn);
        if (s->phase == PH_CAT)
            br_text_printf(out, " (%d steps left: jump or walk)", s->steps);
        br_text_putc(out, '\n');
    }
}

static void render_as(const tat *s, int viewer, br_text *out)
{
    br_text_printf(out, "Tür an Tür (run4=%d)   * = cat   S = start   X = exit\n", s->run4);
    char header[LINE];
    memset(header, ' ', sizeof header);
    for (int k = 0; k < COLUMNS; k++)
        header[COL_DOOR + DOOR_WIDTH * k + 2] = (char)('a' + k);
    write_at(header, COL_ELEVATOR, "e");
    header[COL_ELEVATOR + 1] = '\0';
    br_text_printf(out, "%s\n", header);
    for (int floor = 0; floor < FLOORS; floor++)
        render_floor(s, out, floor);
    render_hands(s, viewer, out);
    render_status(s, out);
}

static void tat_render(const void *st, br_text *out)
{
    render_as(st, VIEW_FULL, out);
}

static void tat_render_view(const void *st, int seat, br_text *out)
{
    render_as(st, seat < 0 ? -1 : seat, out);
}

/* ------------------------------------------------------------------ */
/* Resampling an information set */

static void shuffle_bytes(uint8_t *v, int n, br_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)br_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* Deals the door cards `seat` cannot see anew, keeping every count. */
static void resample_doors(tat *s, int seat, br_rng *rng)
{
    uint8_t pool[CARDS];
    int n = 0;
    uint64_t hidden = s->pile;
    for (int p = 0; p < SEATS; p++)
        if (p != seat)
            hidden |= s->hand[p] | s->exchanged[p];
    for (uint64_t v = hidden; v; v &= v - 1)
        pool[n++] = (uint8_t)lowest_bit(v);
    shuffle_bytes(pool, n, rng);
    int k = 0;
    for (int p = 0; p < SEATS; p++) {
        if (p == seat)
            continue;
        int nh = popcount64(s->hand[p]), nx = popcount64(s->exchanged[p]);
        s->hand[p] = s->exchanged[p] = 0;
        for (int i = 0; i < nh; i++)
            s->hand[p] |= UINT64_C(1) << pool[k++];
        for (int i = 0; i < nx; i++)
            s->exchanged[p] |= UINT64_C(1) << pool[k++];
    }
    s->pile = 0;
    while (k < n)
        s->pile |= UINT64_C(1) << pool[k++];
}

static void deal_counts(uint8_t *counts, int n, const uint8_t *pool, int *k)
{
    memset(counts, 0, ETYPES);
    for (int i = 0; i < n; i++)
        counts[pool[(*k)++]]++;
}

static void resample_elevators(tat *s, int seat, br_rng *rng)
{
    uint8_t pool[ETYPES * ECOPIES];
    int n = 0;
    for (int t = 0; t < ETYPES; t++) {
        int copies = s->epile[t];
        for (int p = 0; p < SEATS; p++)
            if (p != seat)
                copies += s->ehand[p][t] + s->dropped[p][t];
        for (int i = 0; i < copies; i++)
            pool[n++] = (uint8_t)t;
    }
    shuffle_bytes(pool, n, rng);
    int k = 0;
    for (int p = 0; p < SEATS; p++) {
        if (p == seat)
            continue;
        deal_counts(s->ehand[p], ehand_size(s, p), pool, &k);
        deal_counts(s->dropped[p], count_etypes(s->dropped[p]), pool, &k);
    }
    deal_counts(s->epile, n - k, pool, &k);
}

static void tat_resample(const void *st, int seat, br_rng *rng, void *out)
{
    tat *d = out;
    *d = *(const tat *)st;
    resample_doors(d, seat, rng);
    resample_elevators(d, seat, rng);
}

/* ------------------------------------------------------------------ */

const struct br_game br_game_tuer_an_tuer = {
    .name = "tuer-an-tuer",
    .title = "Tür an Tür",
    .description = description,
    .options_help = options_help,
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(tat),
    .legal_moves_bound = MAX_LEGAL,
    .init = tat_init,
    .options_string = tat_options_string,
    .move_space = tat_move_space,
    .max_legal_moves = tat_max_legal_moves,
    .current_player = tat_current_player,
    .legal_moves = tat_legal_moves,
    .check_move = tat_check_move,
    .apply_move = tat_apply_move,
    .chance_outcomes = tat_chance_outcomes,
    .winners = tat_winners,
    .scores = tat_scores,
    .move_to_text = tat_move_to_text,
    .move_from_text = tat_move_from_text,
    .to_json = tat_to_json,
    .from_json = tat_from_json,
    .observe = tat_observe,
    .render = tat_render,
    .resample = tat_resample,
    .render_view = tat_render_view,
    .move_to_text_view = tat_move_to_text_view,
};
