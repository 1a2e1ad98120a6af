/*
 * Tsuro: the classic edition (35 tiles + dragon) and the Kosmos / tactile
 * edition (64 tiles), as documented in doc/games/tsuro.md. That page is the
 * reference for every rule decision made here; the comments below say why the
 * code is shaped the way it is.
 *
 * Representation. The board is a padded 9x9 grid of cells (7 squares plus a
 * border of CELL_OFF on every side; a 6x6 board leaves one more row and column
 * off), so that stepping to a neighbour is one addition and leaving the board
 * is one comparison. A cell holds CELL_EMPTY or the placed tile as
 * tile*4 + rotation (a "code"). A marker stands at point `point` of the empty
 * square `cell` it faces.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../internal.h"

enum {
    TS_TILES = 35,
    TS_CODES = TS_TILES * 4,     /* tile*4 + rotation */
    TS_HAND = 3,
    TS_SEATS = 8,
    TS_STRIDE = 9,               /* padded row: border, up to 7 squares, border */
    TS_CELLS = TS_STRIDE * TS_STRIDE,
    TS_MAX_WIDTH = 7,
    CELL_EMPTY = 0xFF,
    CELL_OFF = 0xFE,
    NO_SEAT = -1,
    /* A trail uses each of the 4 paths of a square at most once. */
    MAX_TRAIL = 4 * TS_MAX_WIDTH * TS_MAX_WIDTH + 1,
    MOVE_CHOICE_BASE = TS_CODES,     /* 140: kosmos first turn, odd entry point */
    MOVE_SETUP_BASE = 2 * TS_CODES,  /* 280: marker setup */
    MOVES_BOUND = 8 * TS_MAX_WIDTH   /* most legal moves: classic setup on 7x7 */
};

enum edition { ED_CLASSIC, ED_KOSMOS, ED_TACTILE };
enum selfkill { SK_EDGE, SK_ANY, SK_NONE };
enum phase { PH_DEAL, PH_SETUP, PH_PLAY, PH_DRAW, PH_OVER };

static const char *const EDITION_NAMES[] = { "classic", "kosmos", "tactile" };
static const char *const SELFKILL_NAMES[] = { "edge", "any", "none" };
static const char *const PHASE_NAMES[] = { "deal", "setup", "play", "draw", "over" };
static const char *const SIDE_NAMES[] = { "top", "right", "bottom", "left" };

/* ------------------------------------------------------------------ */
/* Tile data. Points 0..7 clockwise from the left point of the top side.
 * Row tile*4 + r of TILE_ROWS gives, for each point p, the point joined to p
 * by tile `tile` turned r quarter turns clockwise. Tiles are numbered in the
 * sorted order of their canonical forms (doc/games/tsuro.md, which lists every
 * tile's pairs); the rows were generated from that definition. A macro, so
 * that the compiler derives TILE_STEP below from the same rows. */
#define TILE_ROWS(ROW) \
    /*  0 */ ROW(1,0,3,2,5,4,7,6) ROW(1,0,3,2,5,4,7,6) ROW(1,0,3,2,5,4,7,6) ROW(1,0,3,2,5,4,7,6) \
    /*  1 */ ROW(1,0,3,2,6,7,4,5) ROW(6,7,3,2,5,4,0,1) ROW(2,3,0,1,5,4,7,6) ROW(1,0,4,5,2,3,7,6) \
    /*  2 */ ROW(1,0,3,2,7,6,5,4) ROW(7,6,3,2,5,4,1,0) ROW(3,2,1,0,5,4,7,6) ROW(1,0,5,4,3,2,7,6) \
    /*  3 */ ROW(1,0,4,6,2,7,3,5) ROW(5,7,3,2,6,0,4,1) ROW(6,3,7,1,5,4,0,2) ROW(2,4,0,5,1,3,7,6) \
    /*  4 */ ROW(1,0,4,7,2,6,5,3) ROW(7,5,3,2,6,1,4,0) ROW(6,2,1,7,5,4,0,3) ROW(2,5,0,4,3,1,7,6) \
    /*  5 */ ROW(1,0,5,6,7,2,3,4) ROW(5,6,3,2,7,0,1,4) ROW(3,6,7,0,5,4,1,2) ROW(3,4,5,0,1,2,7,6) \
    /*  6 */ ROW(1,0,5,7,6,2,4,3) ROW(6,5,3,2,7,1,0,4) ROW(2,6,0,7,5,4,1,3) ROW(3,5,4,0,2,1,7,6) \
    /*  7 */ ROW(1,0,6,4,3,7,2,5) ROW(4,7,3,2,0,6,5,1) ROW(7,3,6,1,5,4,2,0) ROW(4,2,1,5,0,3,7,6) \
    /*  8 */ ROW(1,0,6,5,7,3,2,4) ROW(4,6,3,2,0,7,1,5) ROW(3,7,6,0,5,4,2,1) ROW(4,3,5,1,0,2,7,6) \
    /*  9 */ ROW(1,0,6,7,5,4,2,3) ROW(4,5,3,2,0,1,7,6) ROW(1,0,6,7,5,4,2,3) ROW(4,5,3,2,0,1,7,6) \
    /* 10 */ ROW(1,0,7,4,3,6,5,2) ROW(7,4,3,2,1,6,5,0) ROW(7,2,1,6,5,4,3,0) ROW(5,2,1,4,3,0,7,6) \
    /* 11 */ ROW(1,0,7,5,6,3,4,2) ROW(6,4,3,2,1,7,0,5) ROW(2,7,0,6,5,4,3,1) ROW(5,3,4,1,2,0,7,6) \
    /* 12 */ ROW(1,0,7,6,5,4,3,2) ROW(5,4,3,2,1,0,7,6) ROW(1,0,7,6,5,4,3,2) ROW(5,4,3,2,1,0,7,6) \
    /* 13 */ ROW(2,3,0,1,6,7,4,5) ROW(6,7,4,5,2,3,0,1) ROW(2,3,0,1,6,7,4,5) ROW(6,7,4,5,2,3,0,1) \
    /* 14 */ ROW(2,3,0,1,7,6,5,4) ROW(7,6,4,5,2,3,1,0) ROW(3,2,1,0,6,7,4,5) ROW(6,7,5,4,3,2,0,1) \
    /* 15 */ ROW(2,4,0,6,1,7,3,5) ROW(5,7,4,6,2,0,3,1) ROW(5,3,7,1,6,0,4,2) ROW(6,4,7,5,1,3,0,2) \
    /* 16 */ ROW(2,4,0,7,1,6,5,3) ROW(7,5,4,6,2,1,3,0) ROW(5,2,1,7,6,0,4,3) ROW(6,5,7,4,3,1,0,2) \
    /* 17 */ ROW(2,5,0,6,7,1,3,4) ROW(5,6,4,7,2,0,1,3) ROW(3,5,7,0,6,1,4,2) ROW(6,4,5,7,1,2,0,3) \
    /* 18 */ ROW(2,5,0,7,6,1,4,3) ROW(6,5,4,7,2,1,0,3) ROW(2,5,0,7,6,1,4,3) ROW(6,5,4,7,2,1,0,3) \
    /* 19 */ ROW(2,6,0,4,3,7,1,5) ROW(3,7,4,0,2,6,5,1) ROW(7,3,5,1,6,2,4,0) ROW(6,2,1,5,7,3,0,4) \
    /* 20 */ ROW(2,6,0,5,7,3,1,4) ROW(3,6,4,0,2,7,1,5) ROW(3,7,5,0,6,2,4,1) ROW(6,3,5,1,7,2,0,4) \
    /* 21 */ ROW(2,7,0,4,3,6,5,1) ROW(7,3,4,1,2,6,5,0) ROW(7,2,1,5,6,3,4,0) ROW(6,2,1,4,3,7,0,5) \
    /* 22 */ ROW(2,7,0,5,6,3,4,1) ROW(6,3,4,1,2,7,0,5) ROW(2,7,0,5,6,3,4,1) ROW(6,3,4,1,2,7,0,5) \
    /* 23 */ ROW(3,2,1,0,7,6,5,4) ROW(7,6,5,4,3,2,1,0) ROW(3,2,1,0,7,6,5,4) ROW(7,6,5,4,3,2,1,0) \
    /* 24 */ ROW(3,4,6,0,1,7,2,5) ROW(4,7,5,6,0,2,3,1) ROW(5,3,6,1,7,0,2,4) ROW(4,6,7,5,0,3,1,2) \
    /* 25 */ ROW(3,4,7,0,1,6,5,2) ROW(7,4,5,6,1,2,3,0) ROW(5,2,1,6,7,0,3,4) ROW(5,6,7,4,3,0,1,2) \
    /* 26 */ ROW(3,5,6,0,7,1,2,4) ROW(4,6,5,7,0,2,1,3) ROW(3,5,6,0,7,1,2,4) ROW(4,6,5,7,0,2,1,3) \
    /* 27 */ ROW(3,6,5,0,7,2,1,4) ROW(3,6,5,0,7,2,1,4) ROW(3,6,5,0,7,2,1,4) ROW(3,6,5,0,7,2,1,4) \
    /* 28 */ ROW(4,2,1,6,0,7,3,5) ROW(5,7,6,4,3,0,2,1) ROW(4,3,7,1,0,6,5,2) ROW(7,4,6,5,1,3,2,0) \
    /* 29 */ ROW(4,2,1,7,0,6,5,3) ROW(7,5,6,4,3,1,2,0) ROW(4,2,1,7,0,6,5,3) ROW(7,5,6,4,3,1,2,0) \
    /* 30 */ ROW(4,3,6,1,0,7,2,5) ROW(4,7,6,5,0,3,2,1) ROW(4,3,6,1,0,7,2,5) ROW(4,7,6,5,0,3,2,1) \
    /* 31 */ ROW(4,5,6,7,0,1,2,3) ROW(4,5,6,7,0,1,2,3) ROW(4,5,6,7,0,1,2,3) ROW(4,5,6,7,0,1,2,3) \
    /* 32 */ ROW(4,5,7,6,0,1,3,2) ROW(5,4,6,7,1,0,2,3) ROW(4,5,7,6,0,1,3,2) ROW(5,4,6,7,1,0,2,3) \
    /* 33 */ ROW(5,4,7,6,1,0,3,2) ROW(5,4,7,6,1,0,3,2) ROW(5,4,7,6,1,0,3,2) ROW(5,4,7,6,1,0,3,2) \
    /* 34 */ ROW(7,2,1,4,3,6,5,0) ROW(7,2,1,4,3,6,5,0) ROW(7,2,1,4,3,6,5,0) ROW(7,2,1,4,3,6,5,0)

/* TILE_MAP[tile*4 + r][p]: the point joined to p by the tile so turned. */
#define TILE_MAP_ROW(a, b, c, d, e, f, g, h) { a, b, c, d, e, f, g, h },
static const uint8_t TILE_MAP[TS_CODES][8] = { TILE_ROWS(TILE_MAP_ROW) };
#undef TILE_MAP_ROW

/* The project's design of the 64-tile kosmos/tactile set (doc/games/tsuro.md):
 * every tile twice, except the 5 tiles that look the same in every rotation
 * and tile 9, which appear once. */
static const uint8_t KOSMOS_COPIES[TS_TILES] = {
    1, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 1, 1,
};

/* Point p of a square touches point PARTNER[p] of the neighbour on that side. */
#define PARTNER_OF(p) ((p) ^ 5) /* 0-5, 1-4, 2-7 and 3-6 face each other */
static const uint8_t PARTNER[8] = {
    PARTNER_OF(0), PARTNER_OF(1), PARTNER_OF(2), PARTNER_OF(3),
    PARTNER_OF(4), PARTNER_OF(5), PARTNER_OF(6), PARTNER_OF(7),
};
/* Cell offset to the neighbour across side 0 (top), 1 (right), 2 (bottom), 3 (left). */
static const int8_t SIDE_STEP[4] = { -TS_STRIDE, 1, TS_STRIDE, -1 };
/* Cell offset to the neighbour that point p touches (SIDE_STEP of its side). */
#define POINT_STEP_OF(p) ((p) < 2 ? -TS_STRIDE : (p) < 4 ? 1 : (p) < 6 ? TS_STRIDE : -1)
static const int8_t POINT_STEP[8] = {
    POINT_STEP_OF(0), POINT_STEP_OF(1), POINT_STEP_OF(2), POINT_STEP_OF(3),
    POINT_STEP_OF(4), POINT_STEP_OF(5), POINT_STEP_OF(6), POINT_STEP_OF(7),
};

/* TILE_STEP[code][p]: where a path that enters tile `code` at p goes on: the
 * offset of the next square and the point where it enters that. Trails are
 * chains of dependent look-ups; this makes them one per square, not three. */
struct tile_step {
    int8_t cell;
    uint8_t point;
};
#define STEP_TO(leave) { (int8_t)POINT_STEP_OF(leave), (uint8_t)PARTNER_OF(leave) }
#define TILE_STEP_ROW(a, b, c, d, e, f, g, h) \
    { STEP_TO(a), STEP_TO(b), STEP_TO(c), STEP_TO(d), \
      STEP_TO(e), STEP_TO(f), STEP_TO(g), STEP_TO(h) },
static const struct tile_step TILE_STEP[TS_CODES][8] = { TILE_ROWS(TILE_STEP_ROW) };
#undef TILE_STEP_ROW
#undef STEP_TO

/* ------------------------------------------------------------------ */
/* The state: plain bytes, every unused byte kept at a canonical value so that
 * equal positions are equal byte for byte. */

struct tsuro_state {
    /* The draw pile: no edition has more than 2 copies of a tile, so the pile
     * is two sets of tiles (bit t = tile t): those with at least one copy in
     * the pile and those with two. Draws then visit only tiles present. */
    uint64_t pile_some;
    uint64_t pile_two;
    uint8_t edition;      /* enum edition */
    uint8_t width;        /* 6 or 7 */
    uint8_t selfkill;     /* enum selfkill */
    uint8_t num_seats;
    uint8_t phase;        /* enum phase */
    uint8_t turn;         /* deal: receiving seat; setup: placing seat; play, draw,
                             over: the seat that placed (or places) a tile */
    int8_t dragon;        /* seat holding the dragon tile, or NO_SEAT */
    uint8_t alive;        /* seats whose marker is on the board */
    uint8_t placed;       /* seats whose marker has been set up */
    uint8_t fresh;        /* kosmos: markers that have never moved (stand on a side) */
    uint8_t last_out;     /* seats eliminated by the last placement */
    uint8_t pile_total;
    uint8_t hand_size[TS_SEATS];
    uint8_t hand[TS_SEATS][TS_HAND];   /* sorted; unused slots 0 */
    uint8_t marker_cell[TS_SEATS];     /* 0 when not on the board */
    uint8_t marker_point[TS_SEATS];
    uint8_t board[TS_CELLS];
    uint8_t spare[3];     /* always 0: leaves no padding, so equal positions are
                             equal byte for byte */
};

_Static_assert(sizeof(struct tsuro_state) <= 512, "tsuro state exceeds 512 bytes");
_Static_assert(CELL_EMPTY > CELL_OFF && CELL_OFF >= TS_CODES, "cell codes: tiles, off, empty");
_Static_assert(sizeof(struct tsuro_state) ==
               offsetof(struct tsuro_state, spare) + sizeof(((struct tsuro_state *)0)->spare),
               "tsuro state has padding");

typedef struct tsuro_state ts_state;

static inline unsigned seat_bit(int seat)
{
    return 1u << seat;
}

/* Lowest seat in a non-empty seat mask (iterate with `m &= m - 1`). */
static inline int first_seat(unsigned mask)
{
    return __builtin_ctz(mask);
}

static inline bool at_most_one_seat(unsigned mask)
{
    return (mask & (mask - 1)) == 0;
}

static int count_seats(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
}

static inline bool is_kosmos(const ts_state *s)
{
    return s->edition != ED_CLASSIC;
}

static inline int start_positions(const ts_state *s)
{
    return 8 * s->width;
}

static inline int draw_base(const ts_state *s)
{
    return MOVE_SETUP_BASE + start_positions(s);
}

static inline int move_space_of(const ts_state *s)
{
    return draw_base(s) + TS_TILES;
}

static int tile_copies(const ts_state *s, int tile)
{
    return is_kosmos(s) ? KOSMOS_COPIES[tile] : 1;
}

/* ------------------------------------------------------------------ */
/* Geometry */

static inline int cell_of(int row, int col)
{
    return (row + 1) * TS_STRIDE + col + 1;
}

static inline int cell_row(int cell)
{
    return cell / TS_STRIDE - 1;
}

static inline int cell_col(int cell)
{
    return cell % TS_STRIDE - 1;
}

/* True when point `point` of square `cell` lies on the outer edge of the board. */
static bool point_on_edge(const ts_state *s, int cell, int point)
{
    return s->board[cell + SIDE_STEP[point >> 1]] == CELL_OFF;
}

/* Start position m (0..8W-1): the edge points clockwise from the top-left
 * corner (doc/games/tsuro.md). */
static void start_point(const ts_state *s, int m, int *cell, int *point)
{
    int w = s->width, edge = m / (2 * w), i = (m % (2 * w)) / 2, k = m & 1;
    switch (edge) {
    case 0: *cell = cell_of(0, i); *point = k; break;
    case 1: *cell = cell_of(i, w - 1); *point = 2 + k; break;
    case 2: *cell = cell_of(w - 1, w - 1 - i); *point = 4 + k; break;
    default: *cell = cell_of(w - 1 - i, 0); *point = 6 + k; break;
    }
}

/* The start position of an edge point, or -1 when the point is not on the edge. */
static int start_index(const ts_state *s, int cell, int point)
{
    if (!point_on_edge(s, cell, point))
        return -1;
    int w = s->width, row = cell_row(cell), col = cell_col(cell), k = point & 1;
    switch (point >> 1) {
    case 0: return 2 * col + k;
    case 1: return 2 * w + 2 * row + k;
    case 2: return 4 * w + 2 * (w - 1 - col) + k;
    default: return 6 * w + 2 * (w - 1 - row) + k;
    }
}

static void put_square(br_text *out, int cell)
{
    br_text_printf(out, "%c%d", 'a' + cell_col(cell), cell_row(cell) + 1);
}

/* "a1:0" in the classic edition and for odd positions, "a1:top" for a side. */
static void put_start(const ts_state *s, br_text *out, int m)
{
    int cell, point;
    start_point(s, m, &cell, &point);
    put_square(out, cell);
    if (is_kosmos(s) && (m & 1) == 0)
        br_text_printf(out, ":%s", SIDE_NAMES[point >> 1]);
    else
        br_text_printf(out, ":%d", point);
}

/* ------------------------------------------------------------------ */
/* Hands
 *
 * A hand has TS_HAND slots, sorted, unused ones 0. Where a tile goes in it is
 * a coin toss for the branch predictor, so these pass over every slot and
 * choose which slot to read (an index, not a branch: compilers turn a
 * choice between two values back into a branch). */

static bool hand_has(const ts_state *s, int seat, int tile)
{
    bool has = false;
    for (int i = 0; i < TS_HAND; i++)
        has |= (i < s->hand_size[seat]) & (s->hand[seat][i] == tile);
    return has;
}

/* Insertion into a hand that is not full: the tiles above the new one's
 * place (after every tile not larger) move up a slot. */
static void hand_add(ts_state *s, int seat, int tile)
{
    uint8_t *hand = s->hand[seat];
    int n = s->hand_size[seat]++, place = 0;
    for (int i = 0; i < TS_HAND; i++)
        place += (i < n) & (hand[i] <= tile);
    for (int i = TS_HAND - 1; i > 0; i--)
        hand[i] = hand[i - (i > place)]; /* above n this copies a 0 */
    hand[place] = (uint8_t)tile;
}

/* Removes a tile the hand holds: the slots above its first copy (after every
 * smaller tile) move down one. */
static void hand_remove(ts_state *s, int seat, int tile)
{
    uint8_t *hand = s->hand[seat];
    int n = s->hand_size[seat], first = 0;
    for (int i = 0; i < TS_HAND; i++)
        first += (i < n) & (hand[i] < tile);
    for (int i = 0; i + 1 < TS_HAND; i++)
        hand[i] = hand[i + (i >= first)];
    hand[n - 1] = 0;
    s->hand_size[seat] = (uint8_t)(n - 1);
}

static inline int pile_count(const ts_state *s, int tile)
{
    return (int)(s->pile_some >> tile & 1u) + (int)(s->pile_two >> tile & 1u);
}

static void take_from_pile(ts_state *s, int tile)
{
    uint64_t bit = 1ull << tile;
    if (s->pile_two & bit)
        s->pile_two &= ~bit;
    else
        s->pile_some &= ~bit;
    s->pile_total--;
}

static void put_in_pile(ts_state *s, int tile)
{
    uint64_t bit = 1ull << tile;
    if (s->pile_some & bit)
        s->pile_two |= bit;
    else
        s->pile_some |= bit;
    s->pile_total++;
}

static void pile_counts(const ts_state *s, uint8_t counts[TS_TILES])
{
    for (int t = 0; t < TS_TILES; t++)
        counts[t] = (uint8_t)pile_count(s, t);
}

static void empty_pile(ts_state *s)
{
    s->pile_some = s->pile_two = 0;
    s->pile_total = 0;
}

/* An eliminated player's tiles go back into the pile. */
static void return_hands(ts_state *s, unsigned seats)
{
    for (unsigned m = seats; m; m &= m - 1) {
        int p = first_seat(m);
        for (int i = 0; i < s->hand_size[p]; i++) {
            put_in_pile(s, s->hand[p][i]);
            s->hand[p][i] = 0;
        }
        s->hand_size[p] = 0;
    }
}

static void remove_marker(ts_state *s, int seat)
{
    s->marker_cell[seat] = 0;
    s->marker_point[seat] = 0;
}

/* ------------------------------------------------------------------ */
/* Paths
 *
 * Trails are followed with the new tile still off the board: a trail that
 * comes back to the square being tiled re-enters the new tile there. Every
 * walk below starts at the border of an empty square, where a path ends, so
 * on the board it is a chain, never a loop, and it ends. */

enum walk_end { WALK_STOPS, WALK_LEAVES };

struct walk {
    uint8_t end;    /* enum walk_end */
    uint8_t cell;   /* WALK_STOPS: the empty square faced at the end */
    uint8_t point;  /* WALK_STOPS: the point of that square faced */
};

/* Follows the path that leaves square `cell` at point `leave` across tiled
 * squares until it faces an empty square or leaves the board. One test per
 * step (tiled or not); what ended the walk is read once at the end. */
static inline struct walk walk_out(const uint8_t *board, int cell, int leave)
{
    int point = PARTNER[leave];
    cell += POINT_STEP[leave];
    for (int step = 0; step < MAX_TRAIL && board[cell] < CELL_OFF; step++) {
        struct tile_step next = TILE_STEP[board[cell]][point];
        cell += next.cell;
        point = next.point;
    }
    /* A walk cut off by MAX_TRAIL (not reached: walks are chains) counts as
     * leaving. */
    return (struct walk){ board[cell] == CELL_EMPTY ? WALK_STOPS : WALK_LEAVES,
                          (uint8_t)cell, (uint8_t)point };
}

enum trail_end { TRAIL_STOPS, TRAIL_LEAVES, TRAIL_HEAD_ON };

struct trail {
    uint8_t end;    /* enum trail_end */
    uint8_t cell;   /* TRAIL_STOPS: the empty square faced at the end */
    uint8_t point;
};

/* The trail of a marker that enters tile `code`, about to be laid on the
 * empty square `cell`, at `point`. Leaving the tile at a point in `occupied`
 * means meeting head-on a marker that entered from the other end of that
 * path. Each pass through the tile uses another of its 4 paths. */
static struct trail trail_through(const uint8_t *board, int cell, int code, int point,
                                  unsigned occupied)
{
    for (int pass = 0; pass < 4; pass++) {
        int leave = TILE_MAP[code][point];
        if (occupied >> leave & 1u)
            return (struct trail){ TRAIL_HEAD_ON, 0, 0 };
        struct walk w = walk_out(board, cell, leave);
        if (w.end == WALK_LEAVES)
            return (struct trail){ TRAIL_LEAVES, 0, 0 };
        if (w.cell != cell)
            return (struct trail){ TRAIL_STOPS, w.cell, w.point };
        point = w.point;
    }
    /* Not reached: the path behind a marker leads back to the edge (loaded
     * snapshots are checked for it), so no trail closes a loop. */
    return (struct trail){ TRAIL_LEAVES, 0, 0 };
}

/* Seats whose marker faces `cell` (they move when it is tiled). */
static unsigned markers_at(const ts_state *s, int cell)
{
    unsigned at = 0;
    for (unsigned m = s->alive; m; m &= m - 1)
        if (s->marker_cell[first_seat(m)] == cell)
            at |= seat_bit(first_seat(m));
    return at;
}

static unsigned points_of(const ts_state *s, unsigned seats)
{
    unsigned points = 0;
    for (unsigned m = seats; m; m &= m - 1)
        points |= 1u << s->marker_point[first_seat(m)];
    return points;
}

/* True when one of `seats` stands at point `point` facing `cell`. */
static bool marker_stands_at(const ts_state *s, unsigned seats, int cell, int point)
{
    for (unsigned m = seats; m; m &= m - 1) {
        int p = first_seat(m);
        if (s->marker_cell[p] == cell && s->marker_point[p] == point)
            return true;
    }
    return false;
}

/* What a placement does to the mover's own marker. */
enum fate { FATE_SAFE, FATE_COLLIDES, FATE_LEAVES };

/* What happens to the mover's trail where it leaves the new square at a
 * point: a fate, or EXIT_REENTERS + the point where it comes back in. */
enum { EXIT_REENTERS = 8, EXIT_UNKNOWN = 0xFF };

/* Everything about the mover that does not depend on the tile chosen, and
 * what happens where its trail leaves the new square, by point. That does
 * not depend on the tile either, so the (up to 24) placements share at most
 * 8 walks. Worked out when first needed; lives for one call only. */
struct mover_view {
    uint8_t cell;           /* the square in front of the mover */
    uint8_t point;          /* the mover's (even, when it may choose) entry point */
    bool may_choose;        /* kosmos first turn: the odd point is allowed too */
    unsigned bystanders;    /* live markers facing other squares */
    uint8_t exit[8];        /* by point of `cell`: EXIT_UNKNOWN until walked */
};

/* Sets up *v in place (a view built elsewhere and copied in would be read
 * back wider than it was written, which stalls the processor). */
static void view_mover(const ts_state *s, struct mover_view *v)
{
    int me = s->turn;
    v->cell = s->marker_cell[me];
    v->point = s->marker_point[me];
    v->may_choose = (s->fresh & seat_bit(me)) != 0;
    memset(v->exit, EXIT_UNKNOWN, sizeof v->exit);
    unsigned bystanders = 0;
    for (unsigned m = s->alive & ~seat_bit(me); m; m &= m - 1) {
        int p = first_seat(m), cell = s->marker_cell[p], point = s->marker_point[p];
        if (cell == v->cell) {
            /* Leaving where a marker facing the same square stands meets it head-on. */
            v->exit[point] = FATE_COLLIDES;
        } else {
            bystanders |= seat_bit(p);
        }
    }
    v->bystanders = bystanders;
}

/* Fills v->exit[leave] by walking. Markers that move end on different points
 * (each end of a path belongs to one path), so only a bystander can be hit at
 * the end. A path that comes back in links two points: both are recorded. */
static inline void walk_exit(const ts_state *s, struct mover_view *v, int leave)
{
    struct walk w = walk_out(s->board, v->cell, leave);
    bool reenters = w.end == WALK_STOPS && w.cell == v->cell;
    bool stops = w.end == WALK_STOPS && !reenters;
    v->exit[leave] = w.end == WALK_LEAVES ? FATE_LEAVES
                     : reenters           ? (uint8_t)(EXIT_REENTERS + w.point)
                                          : FATE_SAFE;
    if (stops && marker_stands_at(s, v->bystanders, w.cell, w.point))
        v->exit[leave] = FATE_COLLIDES;
    if (reenters && v->exit[w.point] == EXIT_UNKNOWN)
        v->exit[w.point] = (uint8_t)(EXIT_REENTERS + leave);
}

/* FORBIDDEN[selfkill][fate]: the self-eliminations the "no suicide" rule forbids. */
static const uint8_t FORBIDDEN[3][3] = {
    [SK_EDGE] = { [FATE_LEAVES] = 1 },
    [SK_ANY] = { [FATE_COLLIDES] = 1, [FATE_LEAVES] = 1 },
    [SK_NONE] = { 0 }, /* the rule text's own reading: no such restriction */
};

/* Points of the new square in sets, by what leaving there means. */
struct exit_sets {
    unsigned forbidden;  /* a self-elimination the selfkill option forbids */
    unsigned safe;       /* the marker stays on the board */
    unsigned reentering; /* the trail comes back into the new tile */
};

/* Walks the points in the set `exits` not known yet and sorts them all into
 * *sets. Out of line, with walk_exit() inlined: one call for the walks of a
 * scan. */
static __attribute__((noinline)) void walk_exits(const ts_state *s, struct mover_view *v,
                                                 unsigned exits, struct exit_sets *sets)
{
    const uint8_t *forbids = FORBIDDEN[s->selfkill];
    unsigned forbidden = 0, safe = 0, reentering = 0;
    for (; exits; exits &= exits - 1) {
        int leave = __builtin_ctz(exits);
        if (v->exit[leave] == EXIT_UNKNOWN)
            walk_exit(s, v, leave);
        int f = v->exit[leave];
        bool reenters = f >= EXIT_REENTERS;
        reentering |= (unsigned)reenters << leave;
        forbidden |= (unsigned)(!reenters && forbids[f & 7]) << leave;
        safe |= (unsigned)(f == FATE_SAFE) << leave;
    }
    sets->forbidden = forbidden;
    sets->safe = safe;
    sets->reentering = reentering;
}

/* The fate of the mover's marker when tile `code` enters at `point`: the
 * trail of trail_through(), read through v->exit. */
static enum fate placement_fate(const ts_state *s, struct mover_view *v, int code, int point)
{
    for (int pass = 0; pass < 4; pass++) {
        int leave = TILE_MAP[code][point];
        if (v->exit[leave] == EXIT_UNKNOWN)
            walk_exit(s, v, leave);
        if (v->exit[leave] < EXIT_REENTERS)
            return (enum fate)v->exit[leave];
        point = v->exit[leave] - EXIT_REENTERS;
    }
    return FATE_LEAVES; /* not reached, as in trail_through() */
}

/* The distinct tiles of the mover's hand (a kosmos hand may hold two copies
 * of a tile, which give the same moves), in increasing order. */
static int distinct_tiles(const ts_state *s, int tiles[TS_HAND])
{
    const uint8_t *hand = s->hand[s->turn];
    int n = 0;
    for (int i = 0; i < s->hand_size[s->turn]; i++)
        if (i == 0 || hand[i - 1] != hand[i])
            tiles[n++] = hand[i];
    return n;
}

/* The points where the 4 rotations of `tile`, entered at `point`, first
 * leave it. */
static inline unsigned rotation_exits(int tile, int point)
{
    const uint8_t(*rotations)[8] = &TILE_MAP[tile * 4];
    return 1u << rotations[0][point] | 1u << rotations[1][point] |
           1u << rotations[2][point] | 1u << rotations[3][point];
}

/* The placements open to the mover, judged: the moves entering at one point
 * (two in a kosmos first turn) share what lies beyond each exit. */
struct placements {
    int tiles[TS_HAND];
    int num_tiles;
    int num_entries;
    struct entry {
        int point;              /* where the trail enters the new tile */
        br_move base;           /* the move of tile 0, rotation 0, entering there */
        struct exit_sets sets;  /* the exits these placements use, sorted */
    } entry[2];
    bool any_safe;              /* some placement keeps the marker on the board */
};

/* True when some placement of `e` whose trail comes back into the new tile
 * keeps the marker on the board. */
static bool safe_reentering(const ts_state *s, struct mover_view *v,
                            const struct placements *p, const struct entry *e)
{
    for (int i = 0; i < p->num_tiles; i++)
        for (int code = p->tiles[i] * 4; code < p->tiles[i] * 4 + 4; code++)
            if ((e->sets.reentering >> TILE_MAP[code][e->point] & 1u) &&
                placement_fate(s, v, code, e->point) == FATE_SAFE)
                return true;
    return false;
}

/* Judges every placement open to the mover. The exits of each entry point
 * are walked in one go; a placement is then a look-up, unless its trail
 * comes back into the new tile. */
static void judge_placements(const ts_state *s, struct mover_view *v, struct placements *p)
{
    p->num_tiles = distinct_tiles(s, p->tiles);
    p->num_entries = v->may_choose ? 2 : 1;
    p->any_safe = false;
    for (int c = 0; c < p->num_entries; c++) {
        struct entry *e = &p->entry[c];
        e->point = v->point + c;
        e->base = c ? MOVE_CHOICE_BASE : 0;
        unsigned exits = 0;
        for (int i = 0; i < p->num_tiles; i++)
            exits |= rotation_exits(p->tiles[i], e->point);
        walk_exits(s, v, exits, &e->sets);
        p->any_safe = p->any_safe || e->sets.safe != 0 ||
                      (e->sets.reentering != 0 && safe_reentering(s, v, p, e));
    }
}

/* True when the placement `code` of entry `e`, whose trail comes back into
 * the new tile, eliminates the mover in a way the selfkill option forbids.
 * Out of line: rare, and inlined it would crowd the listing loop. */
static __attribute__((noinline)) bool forbidden_reentering(const ts_state *s, struct mover_view *v,
                                 const struct entry *e, int code)
{
    return FORBIDDEN[s->selfkill][placement_fate(s, v, code, e->point)];
}

/* The legal placements, in increasing move order: a forbidden
 * self-elimination is legal only when no placement is safe. Whether a
 * placement is dropped is a coin toss for the branch predictor, so each is
 * written and the count decides whether the next one overwrites it. */
static size_t list_placements(const ts_state *s, struct mover_view *v,
                              const struct placements *p, br_move *out)
{
    size_t n = 0;
    for (int c = 0; c < p->num_entries; c++) {
        const struct entry *e = &p->entry[c];
        unsigned dropped = p->any_safe ? e->sets.forbidden : 0;
        unsigned reentering = p->any_safe ? e->sets.reentering : 0;
        for (int i = 0; i < p->num_tiles; i++) {
            const uint8_t(*rotations)[8] = &TILE_MAP[p->tiles[i] * 4];
            for (int r = 0; r < 4; r++) {
                int leave = rotations[r][e->point], code = p->tiles[i] * 4 + r;
                bool drop = dropped >> leave & 1u;
                if (reentering >> leave & 1u) /* rare */
                    drop = forbidden_reentering(s, v, e, code);
                out[n] = e->base + code;
                n += !drop;
            }
        }
    }
    return n;
}

/* True when some placement keeps the mover's marker on the board. */
static bool any_safe_placement(const ts_state *s, struct mover_view *v)
{
    struct placements all;
    judge_placements(s, v, &all);
    return all.any_safe;
}

/* ------------------------------------------------------------------ */
/* Turn flow */

/* The seat after `seat` clockwise (a comparison: division is slow and this
 * runs on every turn). */
static inline int next_seat(const ts_state *s, int seat)
{
    return seat + 1 == s->num_seats ? 0 : seat + 1;
}

/* First live seat lacking tiles, scanning clockwise from `from` (inclusive). */
static int next_lacking(const ts_state *s, int from)
{
    for (int i = 0, p = from; i < s->num_seats; i++, p = next_seat(s, p))
        if ((s->alive & seat_bit(p)) && s->hand_size[p] < TS_HAND)
            return p;
    return NO_SEAT;
}

/* Passes the turn clockwise to the next live seat that holds a tile; when no
 * live seat holds one (the pile is then empty), the game is over. */
static void advance_turn(ts_state *s)
{
    for (int i = 1, p = next_seat(s, s->turn); i <= s->num_seats; i++, p = next_seat(s, p)) {
        if ((s->alive & seat_bit(p)) && s->hand_size[p] > 0) {
            s->turn = (uint8_t)p;
            s->phase = PH_PLAY;
            return;
        }
    }
    s->phase = PH_OVER;
}

/* Drawing after a placement (doc: "Drawing and the dragon"). Either stops at a
 * draw (a chance node) or passes the turn. */
static void start_drawing(ts_state *s)
{
    int mover = s->turn;
    if (s->dragon == NO_SEAT) {
        if (s->alive & seat_bit(mover)) {
            if (s->pile_total > 0) {
                s->phase = PH_DRAW;
                return;
            }
            s->dragon = (int8_t)mover;
        }
    } else {
        s->dragon = (int8_t)next_lacking(s, s->dragon);
        if (s->dragon != NO_SEAT && s->pile_total > 0) {
            s->phase = PH_DRAW;
            return;
        }
    }
    advance_turn(s);
}

static int draw_recipient(const ts_state *s)
{
    return s->dragon != NO_SEAT ? s->dragon : s->turn;
}

static void apply_draw(ts_state *s, int tile)
{
    int to = draw_recipient(s);
    take_from_pile(s, tile);
    hand_add(s, to, tile);
    if (s->dragon == NO_SEAT) {
        advance_turn(s);
        return;
    }
    s->dragon = (int8_t)next_lacking(s, next_seat(s, to));
    if (s->dragon == NO_SEAT || s->pile_total == 0)
        advance_turn(s);
}

static int hands_total(const ts_state *s)
{
    int n = 0;
    for (int p = 0; p < s->num_seats; p++)
        n += s->hand_size[p];
    return n;
}

static void apply_deal(ts_state *s, int tile)
{
    take_from_pile(s, tile);
    hand_add(s, s->turn, tile);
    int dealt = hands_total(s);
    if (dealt == TS_HAND * s->num_seats) {
        s->phase = PH_SETUP;
        s->turn = 0;
    } else {
        s->turn = (uint8_t)(dealt % s->num_seats);
    }
}

static void apply_setup(ts_state *s, int m)
{
    int seat = s->turn, cell, point;
    start_point(s, m, &cell, &point);
    s->marker_cell[seat] = (uint8_t)cell;
    s->marker_point[seat] = (uint8_t)point;
    s->placed |= (uint8_t)seat_bit(seat);
    s->alive |= (uint8_t)seat_bit(seat);
    if (is_kosmos(s))
        s->fresh |= (uint8_t)seat_bit(seat);
    if (++s->turn == s->num_seats) {
        s->turn = 0;
        s->phase = PH_PLAY;
    }
}

/* Moves every marker facing `cell` along its path through tile `code`, which
 * is not on the board yet; returns the seats eliminated by leaving the board
 * or meeting head-on. */
static unsigned move_markers(ts_state *s, int cell, int code, unsigned movers)
{
    unsigned occupied = points_of(s, movers), out = 0;
    for (unsigned m = movers; m; m &= m - 1) {
        int p = first_seat(m);
        struct trail t = trail_through(s->board, cell, code, s->marker_point[p],
                                       occupied & ~(1u << s->marker_point[p]));
        if (t.end == TRAIL_STOPS) {
            s->marker_cell[p] = t.cell;
            s->marker_point[p] = t.point;
        } else {
            out |= seat_bit(p);
        }
    }
    return out;
}

/* Markers that moved and now share a point with another marker. */
static unsigned collisions(const ts_state *s, unsigned moved, unsigned standing)
{
    unsigned out = 0;
    for (unsigned ma = moved; ma; ma &= ma - 1) {
        int a = first_seat(ma);
        for (unsigned mb = standing & ~seat_bit(a); mb; mb &= mb - 1) {
            int b = first_seat(mb);
            if (s->marker_cell[a] == s->marker_cell[b] &&
                s->marker_point[a] == s->marker_point[b])
                out |= seat_bit(a) | seat_bit(b);
        }
    }
    return out;
}

static void apply_placement(ts_state *s, br_move move)
{
    int mover = s->turn, code = move % TS_CODES, cell = s->marker_cell[mover];
    hand_remove(s, mover, code / 4);
    if (move >= MOVE_CHOICE_BASE)
        s->marker_point[mover]++;
    unsigned movers = markers_at(s, cell);
    unsigned out = move_markers(s, cell, code, movers);
    s->board[cell] = (uint8_t)code;
    out |= collisions(s, movers & ~out, s->alive & ~out);
    s->fresh &= (uint8_t)~movers;
    s->alive &= (uint8_t)~out;
    s->last_out = (uint8_t)out;
    for (unsigned m = out; m; m &= m - 1)
        remove_marker(s, first_seat(m));
    return_hands(s, out);
    if (at_most_one_seat(s->alive))
        s->phase = PH_OVER;
    else
        start_drawing(s);
}

/* ------------------------------------------------------------------ */
/* Options and setup */

static bool parse_choice(const char *value, const char *const *names, int count, int *out)
{
    for (int i = 0; i < count; i++)
        if (strcmp(value, names[i]) == 0) {
            *out = i;
            return true;
        }
    return false;
}

static br_status read_option(const br_option *o, int *edition, int *width, int *selfkill,
                             br_text *err)
{
    if (strcmp(o->key, "edition") == 0) {
        if (parse_choice(o->value, EDITION_NAMES, 3, edition))
            return BR_OK;
        br_text_printf(err, "option 'edition': '%s' is not 'classic', 'kosmos' or 'tactile'",
                       o->value);
    } else if (strcmp(o->key, "board") == 0) {
        if (strcmp(o->value, "6") == 0 || strcmp(o->value, "7") == 0) {
            *width = o->value[0] - '0';
            return BR_OK;
        }
        br_text_printf(err, "option 'board': '%s' is not 6 or 7", o->value);
    } else if (strcmp(o->key, "selfkill") == 0) {
        if (parse_choice(o->value, SELFKILL_NAMES, 3, selfkill))
            return BR_OK;
        br_text_printf(err, "option 'selfkill': '%s' is not 'edge', 'any' or 'none'",
                       o->value);
    } else {
        br_text_printf(err, "option '%s': unknown key (tsuro knows players, seed, chance, "
                       "edition, board, selfkill)", o->key);
    }
    return BR_ERR_OPTION;
}

static void clear_to_start(ts_state *s)
{
    memset(s->board, CELL_OFF, sizeof s->board);
    for (int r = 0; r < s->width; r++)
        for (int c = 0; c < s->width; c++)
            s->board[cell_of(r, c)] = CELL_EMPTY;
    empty_pile(s);
    for (int t = 0; t < TS_TILES; t++)
        for (int k = 0; k < tile_copies(s, t); k++)
            put_in_pile(s, t);
    s->phase = PH_DEAL;
    s->turn = 0;
    s->dragon = NO_SEAT;
}

static br_status tsuro_init(void *st, int num_players, const br_option *opts,
                            size_t num_opts, br_text *err)
{
    int edition = ED_CLASSIC, width = 0, selfkill = SK_EDGE;
    for (size_t i = 0; i < num_opts; i++) {
        br_status status = read_option(&opts[i], &edition, &width, &selfkill, err);
        if (status != BR_OK)
            return status;
    }
    if (edition == ED_TACTILE && num_players > 5) {
        br_text_printf(err, "option 'players': %d is not in 2..5 (the tactile edition has "
                       "5 figures)", num_players);
        return BR_ERR_OPTION;
    }
    if (width == 0)
        width = edition != ED_CLASSIC && num_players > 4 ? 7 : 6;
    ts_state *s = st;
    memset(s, 0, sizeof *s);
    s->edition = (uint8_t)edition;
    s->width = (uint8_t)width;
    s->selfkill = (uint8_t)selfkill;
    s->num_seats = (uint8_t)num_players;
    clear_to_start(s);
    return BR_OK;
}

static void tsuro_options_string(const void *st, br_text *out)
{
    const ts_state *s = st;
    br_text_printf(out, "edition=%s,board=%d,selfkill=%s", EDITION_NAMES[s->edition],
                   s->width, SELFKILL_NAMES[s->selfkill]);
}

/* ------------------------------------------------------------------ */
/* Turn and moves */

static size_t tsuro_move_space(const void *st)
{
    return (size_t)move_space_of(st);
}

static size_t tsuro_max_legal_moves(const void *st)
{
    const ts_state *s = st;
    int setups = is_kosmos(s) ? 4 * s->width : 8 * s->width;
    int placements = (is_kosmos(s) ? 2 : 1) * TS_HAND * 4;
    int most = setups > TS_TILES ? setups : TS_TILES;
    return (size_t)(most > placements ? most : placements);
}

static int tsuro_current_player(const void *st)
{
    const ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: return BR_PLAYER_CHANCE;
    case PH_OVER: return BR_PLAYER_TERMINAL;
    default: return s->turn;
    }
}

static bool start_taken(const ts_state *s, int cell, int point)
{
    for (int p = 0; p < s->num_seats; p++)
        if ((s->placed & seat_bit(p)) && s->marker_cell[p] == cell &&
            s->marker_point[p] == point)
            return true;
    return false;
}

static size_t list_setups(const ts_state *s, br_move *out)
{
    uint64_t taken = 0;
    for (unsigned m = s->placed; m; m &= m - 1) {
        int p = first_seat(m);
        taken |= 1ull << start_index(s, s->marker_cell[p], s->marker_point[p]);
    }
    size_t n = 0;
    int step = is_kosmos(s) ? 2 : 1;
    for (int m = 0; m < start_positions(s); m += step)
        if (!(taken >> m & 1u))
            out[n++] = MOVE_SETUP_BASE + m;
    return n;
}

static size_t list_draws(const ts_state *s, br_move *out, uint32_t *weights)
{
    size_t n = 0;
    int base = draw_base(s);
    if (s->pile_two == 0) { /* always so in the classic edition: one copy each */
        for (uint64_t m = s->pile_some; m; m &= m - 1) {
            out[n] = base + __builtin_ctzll(m);
            weights[n++] = 1;
        }
        return n;
    }
    for (uint64_t m = s->pile_some; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        out[n] = base + t;
        weights[n++] = 1u + (uint32_t)(s->pile_two >> t & 1u);
    }
    return n;
}

/* A forbidden self-elimination is legal only when no placement is safe. */
static size_t list_legal_placements(const ts_state *s, br_move *out)
{
    struct mover_view v;
    struct placements all;
    view_mover(s, &v);
    judge_placements(s, &v, &all);
    return list_placements(s, &v, &all, out);
}

static size_t tsuro_legal_moves(const void *st, br_move *out)
{
    const ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: {
        uint32_t weights[TS_TILES];
        return list_draws(s, out, weights);
    }
    case PH_SETUP: return list_setups(s, out);
    case PH_PLAY: return list_legal_placements(s, out);
    default: return 0;
    }
}

static size_t tsuro_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const ts_state *s = st;
    if (s->phase != PH_DEAL && s->phase != PH_DRAW)
        return 0;
    return list_draws(s, out, weights);
}

/* One draw with the weights list_draws() gives (copies in the pile), taken
 * from `rng` exactly as the dispatcher's generic path takes it: one
 * br_rng_below(total weight), then the outcomes in increasing order. Seeded
 * games thus draw the same tiles either way, without listing the pile. */
static br_move tsuro_sample_chance(const void *st, br_rng *rng)
{
    const ts_state *s = st;
    uint64_t some = s->pile_some, two = s->pile_two;
    /* pile_total counts the copies (put_in_pile() and take_from_pile() keep it,
     * and pile_two within pile_some): the sum of the weights. */
    uint32_t r = br_rng_below(rng, s->pile_total);
    if (two == 0) { /* always so in the classic edition: the r-th tile in the pile */
        for (; r > 0; r--)
            some &= some - 1;
        return draw_base(s) + __builtin_ctzll(some);
    }
    for (;; some &= some - 1) {
        int t = __builtin_ctzll(some);
        uint32_t weight = 1u + (uint32_t)(two >> t & 1u);
        if (r < weight)
            return draw_base(s) + t;
        r -= weight;
    }
}

static bool refuse(br_text *reason, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool refuse(br_text *reason, const char *fmt, ...)
{
    if (reason) {
        va_list ap;
        va_start(ap, fmt);
        br_text_vprintf(reason, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool check_draw(const ts_state *s, br_move move, br_text *reason)
{
    if (move < draw_base(s))
        return refuse(reason, "not a chance outcome: a tile must be drawn first "
                      "(draw <tile>)");
    int tile = move - draw_base(s);
    if (pile_count(s, tile) == 0)
        return refuse(reason, "tile %d is not in the pile", tile);
    return true;
}

static bool check_setup(const ts_state *s, br_move move, br_text *reason)
{
    if (move < MOVE_SETUP_BASE || move >= draw_base(s))
        return refuse(reason, "not a move of the setup phase (seat %d places its marker, "
                      "e.g. @a1:%s)", s->turn, is_kosmos(s) ? "top" : "0");
    int m = move - MOVE_SETUP_BASE, cell, point;
    start_point(s, m, &cell, &point);
    if (is_kosmos(s) && (m & 1)) {
        if (!reason)
            return false;
        br_text_puts(reason, "start position ");
        put_start(s, reason, m);
        br_text_puts(reason, " is not used in this edition: a marker stands on a side, "
                     "e.g. @");
        put_square(reason, cell);
        br_text_printf(reason, ":%s", SIDE_NAMES[point >> 1]);
        return false;
    }
    if (start_taken(s, cell, point)) {
        if (!reason)
            return false;
        br_text_puts(reason, "start position ");
        put_start(s, reason, m);
        br_text_puts(reason, " is taken");
        return false;
    }
    return true;
}

static bool check_placement(const ts_state *s, br_move move, br_text *reason)
{
    if (move >= MOVE_SETUP_BASE)
        return refuse(reason, "not a move of the play phase (seat %d places a tile, "
                      "e.g. 17r2)", s->turn);
    int code = move % TS_CODES, tile = code / 4, choice = move >= MOVE_CHOICE_BASE;
    if (!hand_has(s, s->turn, tile))
        return refuse(reason, "tile %d is not in your hand", tile);
    struct mover_view v;
    view_mover(s, &v);
    if (choice && !v.may_choose)
        return refuse(reason, is_kosmos(s)
                      ? "the second entry point (/1) can be chosen only in your first "
                        "turn, while your marker stands on its start side"
                      : "the second entry point (/1) exists only in the kosmos and "
                        "tactile editions");
    enum fate f = placement_fate(s, &v, code, v.point + choice);
    if (!FORBIDDEN[s->selfkill][f] || !any_safe_placement(s, &v))
        return true;
    return refuse(reason, f == FATE_LEAVES
                  ? "this placement sends your marker off the board while another "
                    "placement keeps it on"
                  : "this placement makes your marker collide while another placement "
                    "keeps it on the board");
}

static bool tsuro_check_move(const void *st, br_move move, br_text *reason)
{
    const ts_state *s = st;
    if (move < 0 || move >= move_space_of(s))
        return refuse(reason, "move %ld is outside 0..%d", (long)move, move_space_of(s) - 1);
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: return check_draw(s, move, reason);
    case PH_SETUP: return check_setup(s, move, reason);
    case PH_PLAY: return check_placement(s, move, reason);
    default: return refuse(reason, "the game is over");
    }
}

static void tsuro_apply_move(void *st, br_move move)
{
    ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL: apply_deal(s, move - draw_base(s)); break;
    case PH_DRAW: apply_draw(s, move - draw_base(s)); break;
    case PH_SETUP: apply_setup(s, move - MOVE_SETUP_BASE); break;
    case PH_PLAY: apply_placement(s, move); break;
    default: break;
    }
}

/* ------------------------------------------------------------------ */
/* Results */

static void tsuro_winners(const void *st, uint8_t *is_winner)
{
    const ts_state *s = st;
    /* When the last markers leave together, they share the win. */
    unsigned winners = s->alive ? s->alive : s->last_out;
    for (int p = 0; p < s->num_seats; p++)
        is_winner[p] = (winners & seat_bit(p)) != 0;
}

static void tsuro_scores(const void *st, double *out)
{
    const ts_state *s = st;
    unsigned out_seats = s->placed & ~s->alive;
    for (int p = 0; p < s->num_seats; p++)
        out[p] = (out_seats & seat_bit(p)) ? 0.0 : 1.0;
}

/* ------------------------------------------------------------------ */
/* Notation */

static void tsuro_move_to_text(const void *st, br_move move, br_text *out)
{
    const ts_state *s = st;
    if (move < MOVE_CHOICE_BASE)
        br_text_printf(out, "%dr%d", move / 4, move % 4);
    else if (move < MOVE_SETUP_BASE)
        br_text_printf(out, "%dr%d/1", (move - MOVE_CHOICE_BASE) / 4, move % 4);
    else if (move < draw_base(s)) {
        br_text_putc(out, '@');
        put_start(s, out, move - MOVE_SETUP_BASE);
    } else
        br_text_printf(out, "draw %d", move - draw_base(s));
}

/* Classic hands are hidden: a tile drawn by another seat shows as "draw ?". */
static void tsuro_move_to_text_view(const void *st, br_move move, int seat, br_text *out)
{
    const ts_state *s = st;
    if (move >= draw_base(s) && !is_kosmos(s) && seat != draw_recipient(s))
        br_text_puts(out, "draw ?");
    else
        tsuro_move_to_text(st, move, out);
}

struct cursor {
    const char *p;
    br_text *err;
};

static bool parse_fail(struct cursor *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool parse_fail(struct cursor *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(c->err, fmt, ap);
    va_end(ap);
    return false;
}

static inline char lower(char ch)
{
    return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
}

static inline bool is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

/* Takes `word` (lower case) case-insensitively. */
static bool take_word(struct cursor *c, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i < n; i++)
        if (lower(c->p[i]) != word[i])
            return false;
    c->p += n;
    return true;
}

/* A decimal number without sign or leading zeros, at most 3 digits. */
static bool take_number(struct cursor *c, const char *what, int *out)
{
    if (!is_digit(*c->p))
        return parse_fail(c, "expected %s at '%s'", what, c->p);
    int v = 0, digits = 0;
    const char *start = c->p;
    while (is_digit(*c->p) && digits < 4) {
        v = v * 10 + (*c->p++ - '0');
        digits++;
    }
    if (is_digit(*c->p) || digits == 4)
        return parse_fail(c, "%s '%s' is too long", what, start);
    if (digits > 1 && *start == '0')
        return parse_fail(c, "%s must not have leading zeros", what);
    *out = v;
    return true;
}

static bool take_tile(struct cursor *c, int *tile)
{
    if (!take_number(c, "a tile number", tile))
        return false;
    if (*tile >= TS_TILES)
        return parse_fail(c, "tile %d is not a tile (0..%d)", *tile, TS_TILES - 1);
    return true;
}

static bool at_end(struct cursor *c)
{
    return *c->p == '\0' || parse_fail(c, "unexpected '%s' at the end", c->p);
}

/* "17r2", "17r2/0", "17r2/1" */
static bool parse_placement(struct cursor *c, br_move *out)
{
    int tile, rotation, choice = 0;
    if (!take_tile(c, &tile))
        return false;
    if (lower(*c->p) != 'r')
        return parse_fail(c, "expected 'r' and a rotation after the tile number, "
                          "e.g. 17r2");
    c->p++;
    if (!take_number(c, "a rotation", &rotation))
        return false;
    if (rotation > 3)
        return parse_fail(c, "rotation must be 0..3");
    if (*c->p == '/') {
        c->p++;
        if (!take_number(c, "an entry point choice", &choice))
            return false;
        if (choice > 1)
            return parse_fail(c, "the entry point choice after '/' must be 0 or 1");
    }
    if (!at_end(c))
        return false;
    *out = choice * MOVE_CHOICE_BASE + tile * 4 + rotation;
    return true;
}

static bool take_square(const ts_state *s, struct cursor *c, int *cell)
{
    char letter = lower(*c->p);
    if (letter < 'a' || letter > 'z')
        return parse_fail(c, "expected a square such as a1 at '%s'", c->p);
    c->p++;
    int row;
    if (!take_number(c, "a row number", &row))
        return false;
    int col = letter - 'a';
    if (col >= s->width || row < 1 || row > s->width)
        return parse_fail(c, "square %c%d is not on the %dx%d board", letter, row,
                          s->width, s->width);
    *cell = cell_of(row - 1, col);
    return true;
}

/* The point after ':': a digit, or (kosmos) a side name. */
static bool take_start_point(const ts_state *s, struct cursor *c, int *point)
{
    for (int side = 0; side < 4; side++) {
        if (take_word(c, SIDE_NAMES[side])) {
            if (!is_kosmos(s))
                return parse_fail(c, "sides name start positions only in the kosmos and "
                                  "tactile editions; classic start positions are points, "
                                  "e.g. @a1:0");
            *point = 2 * side;
            return true;
        }
    }
    if (!take_number(c, "a point 0..7 or a side (top, right, bottom, left)", point))
        return false;
    if (*point > 7)
        return parse_fail(c, "point %d is not 0..7", *point);
    return true;
}

/* "@a1:0", "@a1:top" */
static bool parse_setup(const ts_state *s, struct cursor *c, br_move *out)
{
    int cell = 0, point = 0;
    if (!take_square(s, c, &cell))
        return false;
    if (*c->p != ':')
        return parse_fail(c, "expected ':' after the square, e.g. @a1:%s",
                          is_kosmos(s) ? "top" : "0");
    c->p++;
    if (!take_start_point(s, c, &point) || !at_end(c))
        return false;
    int m = start_index(s, cell, point);
    if (m < 0)
        return parse_fail(c, "point %d of %c%d is not on the edge of the board", point,
                          'a' + cell_col(cell), cell_row(cell) + 1);
    *out = MOVE_SETUP_BASE + m;
    return true;
}

/* "draw 17" */
static bool parse_draw(const ts_state *s, struct cursor *c, br_move *out)
{
    if (*c->p != ' ' && *c->p != '\t')
        return parse_fail(c, "expected a space and a tile number after 'draw'");
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
    int tile;
    if (!take_tile(c, &tile) || !at_end(c))
        return false;
    *out = draw_base(s) + tile;
    return true;
}

static br_status tsuro_move_from_text(const void *st, const char *text, br_move *out,
                                      br_text *err)
{
    const ts_state *s = st;
    struct cursor c = { text, err };
    bool ok;
    if (is_digit(*c.p))
        ok = parse_placement(&c, out);
    else if (*c.p == '@') {
        c.p++;
        ok = parse_setup(s, &c, out);
    } else if (take_word(&c, "draw"))
        ok = parse_draw(s, &c, out);
    else
        ok = parse_fail(&c, "'%s' is not a Tsuro move (expected e.g. 17r2, 17r2/1, @a1:%s "
                        "or draw 17)", text, is_kosmos(s) ? "top" : "0");
    return ok ? BR_OK : BR_ERR_PARSE;
}

/* ------------------------------------------------------------------ */
/* JSON: shared pieces of the snapshot and the observation */

/* Adds `value` under `key`; false (and `value` released) on failure. */
static bool put(json_t *obj, const char *key, json_t *value)
{
    return value && json_object_set_new(obj, key, value) == 0;
}

static bool append(json_t *arr, json_t *value)
{
    return value && json_array_append_new(arr, value) == 0;
}

static json_t *seat_or_null(int seat)
{
    return seat == NO_SEAT ? json_null() : json_integer(seat);
}

static json_t *seats_json(const ts_state *s, unsigned seats)
{
    json_t *arr = json_array();
    for (int p = 0; arr && p < s->num_seats; p++)
        if ((seats & seat_bit(p)) && !append(arr, json_integer(p))) {
            json_decref(arr);
            return NULL;
        }
    return arr;
}

static json_t *tile_counts_json(const uint8_t *counts);

static json_t *pile_json(const ts_state *s)
{
    uint8_t counts[TS_TILES];
    pile_counts(s, counts);
    return tile_counts_json(counts);
}

/* Tile counts as one string of TS_TILES digits (digit t = copies of tile t):
 * one JSON value instead of 35 keeps snapshots fast to write and read. */
static json_t *tile_counts_json(const uint8_t *counts)
{
    char digits[TS_TILES];
    for (int t = 0; t < TS_TILES; t++)
        digits[t] = (char)('0' + counts[t]);
    return json_stringn(digits, TS_TILES);
}

/* Appends a placed tile in the move notation ("20r3"). */
static size_t write_tile_code(char *out, int code)
{
    size_t n = 0;
    int tile = code / 4;
    if (tile >= 10)
        out[n++] = (char)('0' + tile / 10);
    out[n++] = (char)('0' + tile % 10);
    out[n++] = 'r';
    out[n++] = (char)('0' + code % 4);
    return n;
}

/* One string per row, top to bottom; in each, one token per square from left
 * to right, separated by single spaces: "." for an empty square, otherwise
 * the tile in the move notation ("20r3"). */
static json_t *board_json(const ts_state *s)
{
    json_t *rows = json_array();
    for (int r = 0; rows && r < s->width; r++) {
        char row[TS_MAX_WIDTH * 5];
        size_t n = 0;
        for (int col = 0; col < s->width; col++) {
            int code = s->board[cell_of(r, col)];
            if (col > 0)
                row[n++] = ' ';
            if (code == CELL_EMPTY)
                row[n++] = '.';
            else
                n += write_tile_code(row + n, code);
        }
        if (!append(rows, json_stringn(row, n))) {
            json_decref(rows);
            rows = NULL;
        }
    }
    return rows;
}

static json_t *hand_json(const ts_state *s, int seat)
{
    json_t *arr = json_array();
    for (int i = 0; arr && i < s->hand_size[seat]; i++)
        if (!append(arr, json_integer(s->hand[seat][i]))) {
            json_decref(arr);
            return NULL;
        }
    return arr;
}

/* Classic hands are hidden from the other seats; kosmos hands lie open. */
static bool hand_visible(const ts_state *s, int hand_of, int seat)
{
    return is_kosmos(s) || hand_of == seat;
}

/* Every hand (`all`), or the hands `seat` may see with null for the others. */
static json_t *hands_json(const ts_state *s, int seat, bool all)
{
    json_t *arr = json_array();
    for (int p = 0; arr && p < s->num_seats; p++) {
        bool shown = all || hand_visible(s, p, seat);
        if (!append(arr, shown ? hand_json(s, p) : json_null())) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

static json_t *square_name_json(int cell)
{
    char name[4];
    snprintf(name, sizeof name, "%c%d", 'a' + cell_col(cell), cell_row(cell) + 1);
    return json_string(name);
}

static json_t *marker_json(const ts_state *s, int seat)
{
    if (!(s->placed & seat_bit(seat)))
        return json_pack("{ss}", "status", "unplaced");
    if (!(s->alive & seat_bit(seat)))
        return json_pack("{ss}", "status", "out");
    json_t *m = json_pack("{ss}", "status", "on");
    if (m && put(m, "square", square_name_json(s->marker_cell[seat])) &&
        put(m, "point", json_integer(s->marker_point[seat])) &&
        put(m, "fresh", json_boolean(s->fresh & seat_bit(seat))))
        return m;
    json_decref(m);
    return NULL;
}

static json_t *markers_json(const ts_state *s)
{
    json_t *arr = json_array();
    for (int p = 0; arr && p < s->num_seats; p++)
        if (!append(arr, marker_json(s, p))) {
            json_decref(arr);
            return NULL;
        }
    return arr;
}

/* ------------------------------------------------------------------ */
/* Snapshot */

static json_t *tsuro_to_json(const void *st)
{
    const ts_state *s = st;
    json_t *o = json_object();
    bool ok = o && put(o, "hands", hands_json(s, NO_SEAT, true)) &&
         put(o, "phase", json_string(PHASE_NAMES[s->phase])) &&
         put(o, "turn", json_integer(s->turn)) && put(o, "board", board_json(s)) &&
         put(o, "pile", pile_json(s)) && put(o, "markers", markers_json(s)) &&
         put(o, "dragon", seat_or_null(s->dragon)) &&
         put(o, "last_out", seats_json(s, s->last_out));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* from_json: every check writes "state.<field>: <problem>" and returns false. */

static bool reject(br_text *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool reject(br_text *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(err, fmt, ap);
    va_end(ap);
    return false;
}

static const char *const STATE_KEYS[] = {
    "phase", "turn", "board", "hands", "pile", "markers", "dragon", "last_out",
};

static bool check_state_keys(const json_t *obj, br_text *err)
{
    const char *key =
        br_json_unknown_key(obj, STATE_KEYS, sizeof STATE_KEYS / sizeof STATE_KEYS[0]);
    return key ? reject(err, "state.%s: unknown field", key) : true;
}

static bool read_phase(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *v = json_object_get(obj, "phase");
    int phase;
    if (!v)
        return reject(err, "state.phase: missing");
    if (!json_is_string(v) || !parse_choice(json_string_value(v), PHASE_NAMES, 5, &phase))
        return reject(err, "state.phase: not one of \"deal\", \"setup\", \"play\", "
                      "\"draw\", \"over\"");
    s->phase = (uint8_t)phase;
    long long turn;
    if (!br_json_int(obj, "turn", 0, s->num_seats - 1, &turn, "state", err))
        return false;
    s->turn = (uint8_t)turn;
    return true;
}

/* Reads one board token at *p: "." (empty) or "<tile>r<rotation>".
 * Returns the cell code, or -1 when the token is malformed. */
static int read_board_token(const char **p)
{
    const char *c = *p;
    if (*c == '.') {
        *p = c + 1;
        return CELL_EMPTY;
    }
    int tile = 0, digits = 0;
    while (*c >= '0' && *c <= '9' && digits < 3) {
        tile = tile * 10 + (*c++ - '0');
        digits++;
    }
    if (digits == 0 || (digits > 1 && c[-digits] == '0') || tile >= TS_TILES || *c != 'r' ||
        c[1] < '0' || c[1] > '3')
        return -1;
    *p = c + 2;
    return tile * 4 + (c[1] - '0');
}

static bool read_board_row(ts_state *s, int r, const char *row, br_text *err)
{
    const char *p = row;
    for (int col = 0; col < s->width; col++) {
        if (col > 0 && *p++ != ' ')
            return reject(err, "state.board[%d]: expected %d squares separated by single "
                          "spaces", r, s->width);
        int code = read_board_token(&p);
        if (code < 0)
            return reject(err, "state.board[%d]: square %d is not '.' or <tile>r<rotation> "
                          "with tile 0..%d and rotation 0..3", r, col + 1, TS_TILES - 1);
        s->board[cell_of(r, col)] = (uint8_t)code;
    }
    if (*p != '\0')
        return reject(err, "state.board[%d]: more than %d squares", r, s->width);
    return true;
}

static bool read_board(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *rows = br_json_array(obj, "board", s->width, "state", err);
    if (!rows)
        return false;
    for (int r = 0; r < s->width; r++) {
        const json_t *row = json_array_get(rows, (size_t)r);
        if (!json_is_string(row))
            return reject(err, "state.board[%d]: not a string", r);
        if (!read_board_row(s, r, json_string_value(row), err))
            return false;
    }
    return true;
}

static bool read_hands(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *arr = br_json_array(obj, "hands", s->num_seats, "state", err);
    if (!arr)
        return false;
    for (int p = 0; p < s->num_seats; p++) {
        const json_t *h = json_array_get(arr, (size_t)p);
        char path[32];
        snprintf(path, sizeof path, "state.hands[%d]", p);
        if (!json_is_array(h))
            return reject(err, "%s: not an array", path);
        if (json_array_size(h) > TS_HAND)
            return reject(err, "%s: %zu tiles, a hand holds at most %d", path,
                          json_array_size(h), TS_HAND);
        for (size_t i = 0; i < json_array_size(h); i++) {
            long long tile;
            if (!br_json_array_int(h, i, 0, TS_TILES - 1, &tile, path, err))
                return false;
            hand_add(s, p, (int)tile);
        }
    }
    return true;
}

static bool read_pile(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *v = json_object_get(obj, "pile");
    if (!json_is_string(v) || json_string_length(v) != TS_TILES)
        return reject(err, "state.pile: %s", v ? "not a string of 35 digits" : "missing");
    const char *digits = json_string_value(v);
    empty_pile(s);
    for (int t = 0; t < TS_TILES; t++) {
        int n = digits[t] - '0';
        if (n < 0 || n > tile_copies(s, t))
            return reject(err, "state.pile: digit %d ('%c') is not a count of tile %d "
                          "in 0..%d", t + 1, digits[t], t, tile_copies(s, t));
        for (int k = 0; k < n; k++)
            put_in_pile(s, t);
    }
    return true;
}

/* A square name as written by square_name_json(). */
static bool parse_square_name(const ts_state *s, const char *name, int *cell)
{
    if (name[0] < 'a' || name[0] >= 'a' + s->width || name[1] < '1' ||
        name[1] >= '1' + s->width || name[2] != '\0')
        return false;
    *cell = cell_of(name[1] - '1', name[0] - 'a');
    return true;
}

static bool read_marker_on(ts_state *s, int seat, const json_t *m, const char *path,
                           br_text *err)
{
    const json_t *sq = json_object_get(m, "square");
    int cell;
    if (!json_is_string(sq) || !parse_square_name(s, json_string_value(sq), &cell))
        return reject(err, "%s.square: not a square name of the %dx%d board (a1..%c%d)",
                      path, s->width, s->width, 'a' + s->width - 1, s->width);
    long long point;
    bool fresh;
    if (!br_json_int(m, "point", 0, 7, &point, path, err) ||
        !br_json_bool(m, "fresh", &fresh, path, err))
        return false;
    if (json_object_size(m) != 4)
        return reject(err, "%s: a marker on the board has exactly the fields status, "
                      "square, point, fresh", path);
    s->marker_cell[seat] = (uint8_t)cell;
    s->marker_point[seat] = (uint8_t)point;
    s->placed |= (uint8_t)seat_bit(seat);
    s->alive |= (uint8_t)seat_bit(seat);
    if (fresh)
        s->fresh |= (uint8_t)seat_bit(seat);
    return true;
}

static bool read_markers(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *arr = br_json_array(obj, "markers", s->num_seats, "state", err);
    if (!arr)
        return false;
    for (int p = 0; p < s->num_seats; p++) {
        const json_t *m = json_array_get(arr, (size_t)p);
        char path[32];
        snprintf(path, sizeof path, "state.markers[%d]", p);
        const json_t *status = json_object_get(m, "status");
        if (!json_is_object(m) || !json_is_string(status))
            return reject(err, "%s: not an object with a status", path);
        const char *st = json_string_value(status);
        if (strcmp(st, "on") == 0) {
            if (!read_marker_on(s, p, m, path, err))
                return false;
        } else if (strcmp(st, "out") == 0 || strcmp(st, "unplaced") == 0) {
            if (json_object_size(m) != 1)
                return reject(err, "%s: a marker that is %s has only a status", path, st);
            if (st[0] == 'o')
                s->placed |= (uint8_t)seat_bit(p);
        } else {
            return reject(err, "%s.status: not \"on\", \"out\" or \"unplaced\"", path);
        }
    }
    return true;
}

static bool read_seat_list(const ts_state *s, const json_t *obj, const char *key,
                           unsigned *out, br_text *err)
{
    const json_t *arr = br_json_array(obj, key, -1, "state", err);
    if (!arr)
        return false;
    char path[32];
    snprintf(path, sizeof path, "state.%s", key);
    *out = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        long long seat;
        if (!br_json_array_int(arr, i, 0, s->num_seats - 1, &seat, path, err))
            return false;
        if (*out & seat_bit((int)seat))
            return reject(err, "%s[%zu]: seat %lld is listed twice", path, i, seat);
        *out |= seat_bit((int)seat);
    }
    return true;
}

static bool read_dragon(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *v = json_object_get(obj, "dragon");
    if (!v)
        return reject(err, "state.dragon: missing");
    if (json_is_null(v)) {
        s->dragon = NO_SEAT;
        return true;
    }
    long long seat;
    if (!br_json_int(obj, "dragon", 0, s->num_seats - 1, &seat, "state", err))
        return false;
    s->dragon = (int8_t)seat;
    return true;
}

/* Every tile of the edition's set is on the board, in a hand or in the pile. */
static bool check_conservation(const ts_state *s, br_text *err)
{
    int count[TS_TILES] = { 0 }, on_board[TS_TILES] = { 0 }, in_hands[TS_TILES] = { 0 };
    for (int c = 0; c < TS_CELLS; c++)
        if (s->board[c] < TS_CODES)
            on_board[s->board[c] / 4]++;
    for (int p = 0; p < s->num_seats; p++)
        for (int i = 0; i < s->hand_size[p]; i++)
            in_hands[s->hand[p][i]]++;
    for (int t = 0; t < TS_TILES; t++) {
        count[t] = on_board[t] + in_hands[t] + pile_count(s, t);
        if (count[t] != tile_copies(s, t))
            return reject(err, "state.pile[%d]: tile %d is %d times on the board, %d in "
                          "hands and %d in the pile, but the %s set has %d", t, t,
                          on_board[t], in_hands[t], pile_count(s, t),
                          EDITION_NAMES[s->edition],
                          tile_copies(s, t));
    }
    return true;
}

static int tiles_on_board(const ts_state *s)
{
    int n = 0;
    for (int c = 0; c < TS_CELLS; c++)
        n += s->board[c] < TS_CODES;
    return n;
}

/* Before play: nothing on the board, nobody out, no dragon. */
static bool check_before_play(const ts_state *s, br_text *err)
{
    if (tiles_on_board(s) > 0)
        return reject(err, "state.board: tiles are placed only after the %s phase",
                      PHASE_NAMES[s->phase]);
    if (s->dragon != NO_SEAT)
        return reject(err, "state.dragon: nobody holds the dragon before play");
    if (s->last_out)
        return reject(err, "state.last_out: nobody is out before play");
    if (s->placed & ~s->alive)
        return reject(err, "state.markers: no marker is out before play");
    return true;
}

static bool check_deal(const ts_state *s, br_text *err)
{
    int dealt = hands_total(s), n = s->num_seats;
    if (s->placed)
        return reject(err, "state.markers: markers are placed only after the deal");
    if (dealt >= TS_HAND * n)
        return reject(err, "state.phase: every hand is full, the deal is over");
    for (int p = 0; p < n; p++)
        if (s->hand_size[p] != dealt / n + (p < dealt % n))
            return reject(err, "state.hands[%d]: %d tiles, but the deal (one tile per seat "
                          "in turn) gives %d after %d tiles", p, s->hand_size[p],
                          dealt / n + (p < dealt % n), dealt);
    if (s->turn != dealt % n)
        return reject(err, "state.turn: seat %d receives the next tile, not seat %d",
                      dealt % n, s->turn);
    return true;
}

static bool check_setup_phase(const ts_state *s, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++) {
        if (s->hand_size[p] != TS_HAND)
            return reject(err, "state.hands[%d]: every hand holds %d tiles during setup", p,
                          TS_HAND);
        if (((s->placed >> p) & 1u) != (p < s->turn))
            return reject(err, "state.markers[%d]: during setup, exactly the seats before "
                          "seat %d (the turn) have placed their markers", p, s->turn);
    }
    return true;
}

/* Drawing and the dragon (doc: "Drawing and the dragon") leave these traces. */
static bool check_hand_sizes(const ts_state *s, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++) {
        bool live = s->alive & seat_bit(p);
        if (!live && s->hand_size[p] > 0)
            return reject(err, "state.hands[%d]: a seat that is out holds no tiles", p);
        if (!live || s->dragon != NO_SEAT)
            continue;
        int expected = s->phase == PH_DRAW && p == s->turn ? TS_HAND - 1 : TS_HAND;
        if (s->hand_size[p] != expected)
            return reject(err, "state.hands[%d]: holds %d tiles; with the dragon in the box "
                          "this seat holds %d", p, s->hand_size[p], expected);
    }
    return true;
}

static bool check_dragon(const ts_state *s, br_text *err)
{
    if (s->dragon == NO_SEAT)
        return true;
    if (!(s->alive & seat_bit(s->dragon)) || s->hand_size[s->dragon] >= TS_HAND)
        return reject(err, "state.dragon: seat %d holds the dragon but is not a seat still "
                      "in the game lacking tiles", s->dragon);
    if (s->phase == PH_PLAY && s->pile_total > 0)
        return reject(err, "state.dragon: the dragon holder draws while the pile is not "
                      "empty, so the phase must be \"draw\"");
    return true;
}

static bool check_play(const ts_state *s, br_text *err)
{
    int live = count_seats(s->alive);
    if (s->placed != (1u << s->num_seats) - 1)
        return reject(err, "state.markers: every marker is placed once play begins");
    if (s->last_out & ~(s->placed & ~s->alive))
        return reject(err, "state.last_out: lists a seat whose marker is not out");
    if (s->phase == PH_OVER) {
        bool tiles_left = s->pile_total > 0;
        for (int p = 0; p < s->num_seats; p++)
            tiles_left = tiles_left || ((s->alive & seat_bit(p)) && s->hand_size[p] > 0);
        if (live > 1 && tiles_left)
            return reject(err, "state.phase: the game is not over: %d markers are on the "
                          "board and tiles are left", live);
        if (live == 0 && s->last_out == 0)
            return reject(err, "state.last_out: no marker is left, so the last placement "
                          "eliminated somebody");
        for (int p = 0; p < s->num_seats; p++)
            if (!(s->alive & seat_bit(p)) && s->hand_size[p] > 0)
                return reject(err, "state.hands[%d]: a seat that is out holds no tiles", p);
        return true;
    }
    if (live < 2)
        return reject(err, "state.phase: with %d marker%s on the board the game is over",
                      live, live == 1 ? "" : "s");
    if (s->phase == PH_PLAY &&
        (!(s->alive & seat_bit(s->turn)) || s->hand_size[s->turn] == 0))
        return reject(err, "state.turn: seat %d is out or holds no tile", s->turn);
    if (s->phase == PH_DRAW && s->pile_total == 0)
        return reject(err, "state.pile: the phase is \"draw\" but the pile is empty");
    if (s->phase == PH_DRAW && s->dragon == NO_SEAT && !(s->alive & seat_bit(s->turn)))
        return reject(err, "state.turn: seat %d draws (the dragon is in the box) but is "
                      "out", s->turn);
    return check_hand_sizes(s, err) && check_dragon(s, err);
}

/* The path behind a marker that has moved leads back to the edge of the board
 * (its start); this also rules out markers on a closed loop. */
static bool check_trail(const ts_state *s, int seat, br_text *err)
{
    int cell = s->marker_cell[seat], point = s->marker_point[seat];
    int behind = cell + SIDE_STEP[point >> 1];
    if (s->board[behind] == CELL_EMPTY)
        return reject(err, "state.markers[%d]: stands between two empty squares", seat);
    struct walk w = walk_out(s->board, behind, TILE_MAP[s->board[behind]][PARTNER[point]]);
    if (w.end != WALK_LEAVES)
        return reject(err, "state.markers[%d]: the path behind the marker does not lead "
                      "back to the edge of the board", seat);
    return true;
}

static bool check_marker_place(const ts_state *s, int p, br_text *err)
{
    int cell = s->marker_cell[p], point = s->marker_point[p];
    bool fresh = s->fresh & seat_bit(p), edge = point_on_edge(s, cell, point);
    if (s->board[cell] != CELL_EMPTY)
        return reject(err, "state.markers[%d]: faces square %c%d, which is not empty", p,
                      'a' + cell_col(cell), cell_row(cell) + 1);
    if (fresh && !is_kosmos(s))
        return reject(err, "state.markers[%d].fresh: only kosmos/tactile markers stand on "
                      "a side", p);
    if (fresh && (!edge || (point & 1)))
        return reject(err, "state.markers[%d]: a fresh marker stands on an outer side, "
                      "at its even point", p);
    if (is_kosmos(s) && edge && !fresh)
        return reject(err, "state.markers[%d].fresh: a kosmos marker on the edge has not "
                      "moved yet, so it is fresh", p);
    if (!edge && s->phase == PH_SETUP)
        return reject(err, "state.markers[%d]: during setup a marker stands on the edge", p);
    return edge || check_trail(s, p, err);
}

static bool check_markers(const ts_state *s, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++) {
        if (!(s->alive & seat_bit(p)))
            continue;
        if (!check_marker_place(s, p, err))
            return false;
        for (int q = 0; q < p; q++)
            if ((s->alive & seat_bit(q)) && s->marker_cell[q] == s->marker_cell[p] &&
                s->marker_point[q] == s->marker_point[p])
                return reject(err, "state.markers[%d]: stands on the same point as "
                              "marker %d", p, q);
    }
    return true;
}

static bool read_fields(ts_state *s, const json_t *obj, br_text *err)
{
    unsigned last_out;
    if (!check_state_keys(obj, err) || !read_phase(s, obj, err) ||
        !read_board(s, obj, err) || !read_hands(s, obj, err) || !read_pile(s, obj, err) ||
        !read_markers(s, obj, err) || !read_dragon(s, obj, err) ||
        !read_seat_list(s, obj, "last_out", &last_out, err))
        return false;
    s->last_out = (uint8_t)last_out;
    return true;
}

static bool check_invariants(const ts_state *s, br_text *err)
{
    if (!check_conservation(s, err))
        return false;
    switch (s->phase) {
    case PH_DEAL:
        if (!check_before_play(s, err) || !check_deal(s, err))
            return false;
        break;
    case PH_SETUP:
        if (!check_before_play(s, err) || !check_setup_phase(s, err))
            return false;
        break;
    default:
        if (!check_play(s, err))
            return false;
        break;
    }
    return check_markers(s, err);
}

/* An empty position with the settings (options) of `settings`. */
static void start_from_settings(ts_state *s, const ts_state *settings)
{
    memset(s, 0, sizeof *s);
    s->edition = settings->edition;
    s->width = settings->width;
    s->selfkill = settings->selfkill;
    s->num_seats = settings->num_seats;
    clear_to_start(s);
    empty_pile(s);
}

static br_status tsuro_from_json(void *st, const json_t *obj, br_text *err)
{
    ts_state s;
    start_from_settings(&s, st);
    if (!json_is_object(obj)) {
        reject(err, "state: not an object");
        return BR_ERR_SNAPSHOT;
    }
    if (!read_fields(&s, obj, err) || !check_invariants(&s, err))
        return BR_ERR_SNAPSHOT;
    memcpy(st, &s, sizeof s);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Observation */

static json_t *to_move_json(const ts_state *s)
{
    int who = tsuro_current_player(s);
    if (who == BR_PLAYER_CHANCE)
        return json_string("chance");
    if (who == BR_PLAYER_TERMINAL)
        return json_null();
    return json_integer(who);
}


static json_t *hand_sizes_json(const ts_state *s)
{
    json_t *arr = json_array();
    for (int p = 0; arr && p < s->num_seats; p++)
        if (!append(arr, json_integer(s->hand_size[p]))) {
            json_decref(arr);
            return NULL;
        }
    return arr;
}

/* Tiles `seat` cannot see: in the pile or in hands hidden from it. Public
 * knowledge (the set minus what is visible), given for convenience. */
static void unseen_tiles(const ts_state *s, int seat, uint8_t *counts)
{
    pile_counts(s, counts);
    for (int p = 0; p < s->num_seats; p++)
        if (!hand_visible(s, p, seat))
            for (int i = 0; i < s->hand_size[p]; i++)
                counts[s->hand[p][i]]++;
}

static json_t *tsuro_observe(const void *st, int seat)
{
    const ts_state *s = st;
    uint8_t unseen[TS_TILES];
    unseen_tiles(s, seat, unseen);
    unsigned winners = 0;
    if (s->phase == PH_OVER)
        winners = s->alive ? s->alive : s->last_out;
    json_t *o = json_object();
    bool ok = o && put(o, "edition", json_string(EDITION_NAMES[s->edition])) &&
              put(o, "board_size", json_integer(s->width)) &&
              put(o, "selfkill", json_string(SELFKILL_NAMES[s->selfkill])) &&
              put(o, "phase", json_string(PHASE_NAMES[s->phase])) &&
              put(o, "turn", json_integer(s->turn)) && put(o, "to_move", to_move_json(s)) &&
              put(o, "board", board_json(s)) && put(o, "markers", markers_json(s)) &&
              put(o, "hands", hands_json(s, seat, false)) &&
              put(o, "hand_sizes", hand_sizes_json(s)) &&
              put(o, "pile_size", json_integer(s->pile_total)) &&
              put(o, "unseen", tile_counts_json(unseen)) &&
              put(o, "dragon", seat_or_null(s->dragon)) &&
              put(o, "last_out", seats_json(s, s->last_out)) &&
              put(o, "winners", seats_json(s, winners));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* ------------------------------------------------------------------ */
/* Rendering: each square is a 6x4 box; the 8 points carry letters, the two
 * ends of one path the same letter; markers (seat digits) stand in the gaps
 * between boxes, next to the point they face. */

enum { BOX_W = 6, BOX_H = 4, CANVAS_W = 7 * TS_MAX_WIDTH + 1, CANVAS_H = 5 * TS_MAX_WIDTH + 1 };

/* Offsets of each point on its box's border, and of the gap just outside it. */
static const int8_t POINT_X[8] = { 1, 4, 5, 5, 4, 1, 0, 0 };
static const int8_t POINT_Y[8] = { 0, 0, 1, 2, 3, 3, 2, 1 };
static const int8_t OUTSIDE_DX[4] = { 0, 1, 0, -1 };
static const int8_t OUTSIDE_DY[4] = { -1, 0, 1, 0 };

static void box_origin(int cell, int *x, int *y)
{
    *x = 1 + cell_col(cell) * (BOX_W + 1);
    *y = 1 + cell_row(cell) * (BOX_H + 1);
}

static void draw_box(char canvas[CANVAS_H][CANVAS_W + 1], const ts_state *s, int cell)
{
    int x0, y0;
    box_origin(cell, &x0, &y0);
    for (int dx = 0; dx < BOX_W; dx++) {
        canvas[y0][x0 + dx] = canvas[y0 + BOX_H - 1][x0 + dx] =
            dx == 0 || dx == BOX_W - 1 ? '+' : '-';
    }
    for (int dy = 1; dy < BOX_H - 1; dy++)
        canvas[y0 + dy][x0] = canvas[y0 + dy][x0 + BOX_W - 1] = '|';
    char label[16];
    int n = snprintf(label, sizeof label, "%c%d", 'a' + cell_col(cell), cell_row(cell) + 1);
    memcpy(&canvas[y0 + 2][x0 + 2], label, (size_t)n);
    int code = s->board[cell];
    if (code == CELL_EMPTY)
        return;
    n = snprintf(label, sizeof label, "%dr%d", code / 4, code % 4);
    memcpy(&canvas[y0 + 1][x0 + 1], label, (size_t)n);
    char letter[8] = { 0 };
    char next = 'A';
    for (int p = 0; p < 8; p++) {
        if (!letter[p])
            letter[p] = letter[TILE_MAP[code][p]] = next++;
        canvas[y0 + POINT_Y[p]][x0 + POINT_X[p]] = letter[p];
    }
}

static void draw_marker(char canvas[CANVAS_H][CANVAS_W + 1], int cell, int point, int seat)
{
    int x0, y0;
    box_origin(cell, &x0, &y0);
    canvas[y0 + POINT_Y[point] + OUTSIDE_DY[point >> 1]]
          [x0 + POINT_X[point] + OUTSIDE_DX[point >> 1]] = (char)('0' + seat);
}

static void render_board(const ts_state *s, br_text *out)
{
    char canvas[CANVAS_H][CANVAS_W + 1];
    int w = 7 * s->width + 1, h = 5 * s->width + 1;
    for (int y = 0; y < h; y++) {
        memset(canvas[y], ' ', (size_t)w);
        canvas[y][w] = '\0';
    }
    for (int r = 0; r < s->width; r++)
        for (int c = 0; c < s->width; c++)
            draw_box(canvas, s, cell_of(r, c));
    for (int p = 0; p < s->num_seats; p++) {
        if (!(s->alive & seat_bit(p)))
            continue;
        draw_marker(canvas, s->marker_cell[p], s->marker_point[p], p);
        if (s->fresh & seat_bit(p))   /* a fresh marker stands on the whole side */
            draw_marker(canvas, s->marker_cell[p], s->marker_point[p] + 1, p);
    }
    for (int y = 0; y < h; y++) {
        int end = w;
        while (end > 0 && canvas[y][end - 1] == ' ')
            end--;
        canvas[y][end] = '\0';
        br_text_printf(out, "%s\n", canvas[y]);
    }
}

static void render_marker(const ts_state *s, br_text *out, int p)
{
    if (!(s->placed & seat_bit(p))) {
        br_text_puts(out, "marker not placed yet");
        return;
    }
    if (!(s->alive & seat_bit(p))) {
        br_text_puts(out, "out");
        return;
    }
    int cell = s->marker_cell[p], point = s->marker_point[p];
    br_text_puts(out, "marker at ");
    put_square(out, cell);
    if (s->fresh & seat_bit(p))
        br_text_printf(out, ":%s (first turn: may follow point %d or %d)",
                       SIDE_NAMES[point >> 1], point, point + 1);
    else
        br_text_printf(out, ":%d", point);
}

/* The hand of seat p with each tile's pairs, or only its size when hidden. */
static void render_hand(const ts_state *s, br_text *out, int p, bool shown)
{
    if (!shown) {
        br_text_printf(out, "; hand: %d hidden tile%s", s->hand_size[p],
                       s->hand_size[p] == 1 ? "" : "s");
        return;
    }
    br_text_puts(out, "; hand:");
    for (int i = 0; i < s->hand_size[p]; i++) {
        int t = s->hand[p][i];
        br_text_printf(out, " %d(", t);
        for (int a = 0; a < 8; a++)
            if (TILE_MAP[t * 4][a] > a)
                br_text_printf(out, "%s%d-%d", a ? " " : "", a, TILE_MAP[t * 4][a]);
        br_text_putc(out, ')');
    }
}

/* One line per seat; `viewer` is the seat whose view this is (NO_SEAT: a
 * spectator), `full` shows every hand. */
static void render_seat_line(const ts_state *s, br_text *out, int p, int viewer, bool full)
{
    br_text_printf(out, "  seat %d: ", p);
    render_marker(s, out, p);
    render_hand(s, out, p, full || hand_visible(s, p, viewer));
    if (s->dragon == p)
        br_text_puts(out, "; holds the dragon");
    br_text_putc(out, '\n');
}

static void render_status(const ts_state *s, br_text *out)
{
    switch (s->phase) {
    case PH_DEAL: br_text_printf(out, "deal: seat %d receives a tile\n", s->turn); break;
    case PH_SETUP: br_text_printf(out, "setup: seat %d places its marker\n", s->turn); break;
    case PH_PLAY: br_text_printf(out, "seat %d to place a tile\n", s->turn); break;
    case PH_DRAW: br_text_printf(out, "seat %d draws a tile\n", draw_recipient(s)); break;
    default: {
        unsigned winners = s->alive ? s->alive : s->last_out;
        br_text_puts(out, "game over; winners:");
        for (int p = 0; p < s->num_seats; p++)
            if (winners & seat_bit(p))
                br_text_printf(out, " %d", p);
        br_text_putc(out, '\n');
    }
    }
}

static void render_state(const ts_state *s, int viewer, bool full, br_text *out)
{
    br_text_printf(out, "Tsuro, %s edition, %dx%d board", EDITION_NAMES[s->edition],
                   s->width, s->width);
    if (!full) {
        if (viewer == NO_SEAT)
            br_text_puts(out, ", spectator's view");
        else
            br_text_printf(out, ", view of seat %d", viewer);
    }
    br_text_putc(out, '\n');
    render_board(s, out);
    br_text_puts(out, "(equal letters on a square's border are the two ends of one path; "
                 "digits are markers, by seat)\n");
    for (int p = 0; p < s->num_seats; p++)
        render_seat_line(s, out, p, viewer, full);
    br_text_printf(out, "pile: %d tile%s; dragon: ", s->pile_total,
                   s->pile_total == 1 ? "" : "s");
    if (s->dragon == NO_SEAT)
        br_text_puts(out, "in the box\n");
    else
        br_text_printf(out, "seat %d\n", s->dragon);
    render_status(s, out);
}

static void tsuro_render(const void *st, br_text *out)
{
    render_state(st, NO_SEAT, true, out);
}

/* Classic hands of other seats show only their size; the rest is public. */
static void tsuro_render_view(const void *st, int seat, br_text *out)
{
    render_state(st, seat, false, out);
}

/* ------------------------------------------------------------------ */
/* Resampling: in the classic edition the tiles `seat` cannot see (other hands
 * and the pile) are dealt anew, hand sizes kept. Kosmos hands are open and the
 * pile has no order, so nothing is hidden there. */

static void tsuro_resample(const void *st, int seat, br_rng *rng, void *out)
{
    const ts_state *s = st;
    ts_state *d = out;
    memcpy(d, s, sizeof *d);
    if (is_kosmos(s))
        return;
    uint8_t pool[TS_TILES];
    int n = 0;
    for (int t = 0; t < TS_TILES; t++)
        for (int k = 0; k < pile_count(s, t); k++)
            pool[n++] = (uint8_t)t;
    for (int p = 0; p < s->num_seats; p++) {
        if (p == seat)
            continue;
        for (int i = 0; i < s->hand_size[p]; i++)
            pool[n++] = s->hand[p][i];
        memset(d->hand[p], 0, sizeof d->hand[p]);
        d->hand_size[p] = 0;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)br_rng_below(rng, (uint32_t)i + 1);
        uint8_t tmp = pool[i];
        pool[i] = pool[j];
        pool[j] = tmp;
    }
    int next = 0;
    for (int p = 0; p < s->num_seats; p++)
        if (p != seat)
            for (int i = 0; i < s->hand_size[p]; i++)
                hand_add(d, p, pool[next++]);
    empty_pile(d);
    for (; next < n; next++)
        put_in_pile(d, pool[next]);
}

/* ------------------------------------------------------------------ */

const struct br_game br_game_tsuro = {
    .name = "tsuro",
    .title = "Tsuro",
    .description =
        "Tsuro, the game of the path: each turn a player lays a path tile on the square "
        "in front of their marker, and every marker on that square follows its path. "
        "A marker that leaves the board or meets another is out; the last marker on the "
        "board wins (markers that leave together share the win). Editions: classic "
        "(WizKids/Calliope: 35 tiles and the dragon, hidden hands, markers start on an "
        "edge point, 2-8 players), kosmos (Kosmos 2007: 64 tiles, open hands, markers "
        "start on an edge side and choose their path in the first turn, 2-8 players) and "
        "tactile (the tactile copy of the kosmos edition, 2-5 players).",
    .options_help =
        "players=2..8  number of seats (tactile: 2..5; default 2)\n"
        "seed=0..2^64-1  seed of the state's random generator (default 0)\n"
        "chance=auto|explicit  draw tiles from the seed, or stop at every draw (default auto)\n"
        "edition=classic|kosmos|tactile  tile set, hands and start positions (default classic)\n"
        "board=6|7  board side (default: classic 6; kosmos/tactile 6 for up to 4 players, "
        "else 7)\n"
        "selfkill=edge|any|none  a placement that eliminates your own marker by leaving the "
        "board (edge) or in any way (any) is illegal unless every placement would; none: "
        "no such rule, as in the rule text (default edge)\n",
    .min_players = 2,
    .max_players = 8,
    .default_players = 2,
    .state_size = sizeof(struct tsuro_state),
    .legal_moves_bound = MOVES_BOUND,
    .init = tsuro_init,
    .options_string = tsuro_options_string,
    .move_space = tsuro_move_space,
    .max_legal_moves = tsuro_max_legal_moves,
    .current_player = tsuro_current_player,
    .legal_moves = tsuro_legal_moves,
    .check_move = tsuro_check_move,
    .apply_move = tsuro_apply_move,
    .chance_outcomes = tsuro_chance_outcomes,
    .winners = tsuro_winners,
    .scores = tsuro_scores,
    .move_to_text = tsuro_move_to_text,
    .move_from_text = tsuro_move_from_text,
    .to_json = tsuro_to_json,
    .from_json = tsuro_from_json,
    .observe = tsuro_observe,
    .render = tsuro_render,
    .resample = tsuro_resample,
    .render_view = tsuro_render_view,
    .move_to_text_view = tsuro_move_to_text_view,
    .sample_chance = tsuro_sample_chance,
};
