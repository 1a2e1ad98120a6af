/*
 * Tsuro: the classic edition (35 tiles + dragon) and the Kosmos / tactile
 * edition (64 tiles), as documented in doc/games/tsuro.md. That page is the
 * reference for every rule decision made here; the comments say why the code
 * is shaped the way it is.
 *
 * Representation. The board is a padded 9x9 grid of cells (7 squares plus a
 * border of CELL_OFF on every side; a 6x6 board leaves one more row and column
 * off), so that stepping to a neighbour is one addition and leaving the board
 * is one comparison. A cell holds CELL_EMPTY or the placed tile as
 * tile*4 + rotation (a "code"). A marker stands at point `point` of the empty
 * square `cell` it faces.
 *
 * This is the game's private header. The game's files split it the way every
 * game is split (doc/adding-a-game.md):
 *   game.c      the vtable, description and options
 *   rules.c     setup, turn order, legal moves, check, apply, chance, results
 *   notation.c  move texts both ways, as each viewer sees them
 *   snapshot.c  the field table of the snapshot and the observation (JSON
 *               and binary, walked by the core), codecs, invariant checks
 *   views.c     rendering, observation tensor, resampling
 *   content.c   the tile table and the 64-tile set
 * Here: constants, the state, small helpers several files use (static inline,
 * so that the rules' hot path keeps them inlined) and the functions one file
 * calls in another (prefixed tsuro_, hidden like all but the public API).
 */
#ifndef BR_GAME_TSURO_H
#define BR_GAME_TSURO_H

#include "../../internal.h" /* with <stdbool.h>, <stdint.h>, <string.h>, ... */

enum {
    TS_TILES = 35,
    TS_KOSMOS_TILES = 64,        /* the kosmos/tactile set (content.c) */
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
/* Values are appended (SK_LITERAL came last): the option names are the interface. */
enum selfkill { SK_EDGE, SK_ANY, SK_NONE, SK_LITERAL, SK_COUNT };
enum phase { PH_DEAL, PH_SETUP, PH_PLAY, PH_DRAW, PH_OVER };

/* Choices of the options (NULL-terminated) and names in the snapshot. */
static const char *const EDITION_NAMES[] = { "classic", "kosmos", "tactile", NULL };
static const char *const SELFKILL_NAMES[SK_COUNT + 1] = { "edge", "any", "none", "literal", NULL };
static const char *const PHASE_NAMES[] = { "deal", "setup", "play", "draw", "over" };
static const char *const SIDE_NAMES[] = { "top", "right", "bottom", "left" };

/* ------------------------------------------------------------------ */
/* Geometry of points and squares */

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

/* tsuro_tile_step[code][p]: where a path that enters tile `code` at p goes on:
 * the offset of the next square and the point where it enters that. */
struct tile_step {
    int8_t cell;
    uint8_t point;
};

/* The tables of content.c (hidden, as everything in the library but the
 * public API: -fvisibility=hidden). */
/* tsuro_tile_map[tile*4 + r][p]: the point joined to p by the tile so turned. */
extern const uint8_t tsuro_tile_map[TS_CODES][8];
extern const struct tile_step tsuro_tile_step[TS_CODES][8];
/* Copies of each tile in the 64-tile kosmos/tactile set (project design). */
extern const uint8_t tsuro_kosmos_copies[TS_TILES];
/* Distinct orientations of each tile: 1, 2 or 4. */
extern const uint8_t tsuro_tile_looks[TS_TILES];

/* The code (tile*4 + rotation) of the same tile in the lowest rotation that
 * looks the same: each distinct placement has one move number (looks is a
 * power of two, so the mask is r % looks). */
static inline int canonical_code(int code)
{
    return (code & ~3) | (code & (tsuro_tile_looks[code >> 2] - 1));
}

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

/* The counters hold their largest values (doc: "Counters and their bounds"). */
_Static_assert(BR_FITS(struct tsuro_state, pile_total, TS_KOSMOS_TILES),
               "pile_total: the largest set");
_Static_assert(BR_FITS(struct tsuro_state, hand_size[0], TS_HAND), "hand_size: a hand");

typedef struct tsuro_state ts_state;

static inline unsigned seat_bit(int seat)
{
    return 1u << seat;
}

static inline bool at_most_one_seat(unsigned mask)
{
    return (mask & (mask - 1)) == 0;
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

/* Tiles in the edition's set: 35, or the 64 of the kosmos/tactile set. */
static inline int edition_tiles(const ts_state *s)
{
    return is_kosmos(s) ? TS_KOSMOS_TILES : TS_TILES;
}

static inline int tile_copies(const ts_state *s, int tile)
{
    return is_kosmos(s) ? tsuro_kosmos_copies[tile] : 1;
}

/* ------------------------------------------------------------------ */
/* Squares and start positions */

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
static inline bool point_on_edge(const ts_state *s, int cell, int point)
{
    return s->board[cell + SIDE_STEP[point >> 1]] == CELL_OFF;
}

/* Start position m (0..8W-1): the edge points clockwise from the top-left
 * corner (doc/games/tsuro.md). */
static inline void start_point(const ts_state *s, int m, int *cell, int *point)
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
static inline int start_index(const ts_state *s, int cell, int point)
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

/* Seat p's marker stands on `cell` at `point` (fresh: on its start side):
 * set up in play, or loaded from a snapshot. */
static inline void stand_marker(ts_state *s, int p, int cell, int point, bool fresh)
{
    s->marker_cell[p] = (uint8_t)cell;
    s->marker_point[p] = (uint8_t)point;
    s->placed |= (uint8_t)seat_bit(p);
    s->alive |= (uint8_t)seat_bit(p);
    if (fresh)
        s->fresh |= (uint8_t)seat_bit(p);
}

/* ------------------------------------------------------------------ */
/* Hands
 *
 * A hand has TS_HAND slots, sorted, unused ones 0. Where a tile goes in it is
 * a coin toss for the branch predictor, so these pass over every slot and
 * choose which slot to read (an index, not a branch: compilers turn a
 * choice between two values back into a branch). */

static inline bool hand_has(const ts_state *s, int seat, int tile)
{
    bool has = false;
    for (int i = 0; i < TS_HAND; i++)
        has |= (i < s->hand_size[seat]) & (s->hand[seat][i] == tile);
    return has;
}

/* Insertion into a hand that is not full: the tiles above the new one's
 * place (after every tile not larger) move up a slot. */
static inline void hand_add(ts_state *s, int seat, int tile)
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
static inline void hand_remove(ts_state *s, int seat, int tile)
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

static inline void take_from_pile(ts_state *s, int tile)
{
    uint64_t bit = 1ull << tile;
    if (s->pile_two & bit)
        s->pile_two &= ~bit;
    else
        s->pile_some &= ~bit;
    s->pile_total--;
}

static inline void put_in_pile(ts_state *s, int tile)
{
    uint64_t bit = 1ull << tile;
    if (s->pile_some & bit)
        s->pile_two |= bit;
    else
        s->pile_some |= bit;
    s->pile_total++;
}

static inline void pile_counts(const ts_state *s, uint8_t counts[TS_TILES])
{
    for (int t = 0; t < TS_TILES; t++)
        counts[t] = (uint8_t)pile_count(s, t);
}

static inline void empty_pile(ts_state *s)
{
    s->pile_some = s->pile_two = 0;
    s->pile_total = 0;
}

/* ------------------------------------------------------------------ */
/* Paths: what the rules and the snapshot checks share. Trails are followed
 * with the new tile still off the board; every walk starts at the border of
 * an empty square, where a path ends, so on the board it is a chain, never a
 * loop, and it ends. */

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
        struct tile_step next = tsuro_tile_step[board[cell]][point];
        cell += next.cell;
        point = next.point;
    }
    /* A walk cut off by MAX_TRAIL (not reached: walks are chains) counts as
     * leaving. */
    return (struct walk){ board[cell] == CELL_EMPTY ? WALK_STOPS : WALK_LEAVES,
                          (uint8_t)cell, (uint8_t)point };
}

/* ------------------------------------------------------------------ */
/* Turn flow and visibility, which several files use */

static inline int draw_recipient(const ts_state *s)
{
    return s->dragon != NO_SEAT ? s->dragon : s->turn;
}

/* The seat that gets the tile of the pending deal or draw, or NO_SEAT when
 * no tile is due (not a chance node). Public: it follows from the turn and
 * the dragon, which every seat sees. */
static inline int chance_recipient(const ts_state *s)
{
    return s->phase == PH_DEAL || s->phase == PH_DRAW ? draw_recipient(s) : NO_SEAT;
}

/* The winners once the game is over: the last marker, or the markers that
 * went out together last (they share the win). */
static inline unsigned winners_of(const ts_state *s)
{
    return s->alive ? s->alive : s->last_out;
}

static inline int hands_total(const ts_state *s)
{
    int n = 0;
    for (int p = 0; p < s->num_seats; p++)
        n += s->hand_size[p];
    return n;
}

/* Classic hands are hidden from the other seats; kosmos hands lie open.
 * `viewer`: BR_VIEW_FULL (sees everything), a seat, or -1 (a spectator). */
static inline bool hand_visible(const ts_state *s, int hand_of, int viewer)
{
    return viewer == BR_VIEW_FULL || is_kosmos(s) || hand_of == viewer;
}

/* Copies of each tile `viewer` cannot see: those in the pile and in hands
 * hidden from it (the observation's `unseen`; for BR_VIEW_FULL, the pile). */
static inline void unseen_counts(const ts_state *s, int viewer, uint8_t counts[TS_TILES])
{
    pile_counts(s, counts);
    for (int p = 0; p < s->num_seats; p++)
        if (!hand_visible(s, p, viewer))
            for (int i = 0; i < s->hand_size[p]; i++)
                counts[s->hand[p][i]]++;
}

/* A classic tile drawn by another seat is hidden from `viewer` (who gets it
 * is public, the tile is not): the move texts and the information-state
 * tensor agree on it. */
static inline bool draw_hidden_from(const ts_state *s, br_move move, int viewer)
{
    return move >= draw_base(s) && !hand_visible(s, draw_recipient(s), viewer);
}

/* ------------------------------------------------------------------ */
/* The observation tensor (doc/games/tsuro.md, "Learning interface"): one
 * flat vector of floats, in four blocks:
 *   [TS_BOARD_PLANES + seats][width][width]  board and marker planes
 *   [seats][TS_SEAT_FEATURES]                 per seat, the observer first
 *   [TS_GLOBAL_FEATURES]                      phase, pile, options, unseen tiles
 * The offsets inside a seat's block and the global block are below. */
enum {
    TS_PAIRS = 28,                    /* pairs a < b of the 8 points */
    TS_BOARD_PLANES = 1 + TS_PAIRS,   /* empty square, then one plane per pair */
    /* A seat's block */
    TF_UNPLACED = 0,
    TF_ON_BOARD = 1,
    TF_OUT = 2,
    TF_POINT = 3,                     /* 8: the point the marker stands at */
    TF_FRESH = 11,
    TF_HAND_VISIBLE = 12,
    TF_HAND_SIZE = 13,
    TF_HAND = 14,                     /* 35: copies of each tile held */
    TF_TURN = TF_HAND + TS_TILES,     /* 49 */
    TF_TO_MOVE = 50,
    TF_DRAW_TO = 51,
    TF_DRAGON = 52,
    TF_LAST_OUT = 53,
    TF_WINNER = 54,
    TS_SEAT_FEATURES = 55,
    /* The global block */
    TG_PHASE = 0,                     /* 5: deal, setup, play, draw, over */
    TG_PILE_SIZE = 5,
    TG_DRAGON_IN_BOX = 6,
    TG_EDITION = 7,                   /* 3 */
    TG_SELFKILL = 10,                 /* 4 */
    TG_UNSEEN = 14,                   /* 35: copies of each tile the seat cannot see */
    TG_BOARD_7 = TG_UNSEEN + TS_TILES, /* 49 */
    TS_GLOBAL_FEATURES = 50
};

static inline size_t tensor_size_of(const ts_state *s)
{
    size_t squares = (size_t)s->width * s->width;
    return (size_t)(TS_BOARD_PLANES + s->num_seats) * squares +
           (size_t)s->num_seats * TS_SEAT_FEATURES + TS_GLOBAL_FEATURES;
}

/* ------------------------------------------------------------------ */
/* Functions one file calls in another (hidden, as the tables above). The
 * vtable's entries tsuro_<entry> that game.c gathers: rules.c (move_space ..
 * scores), notation.c (move_to_text, move_from_text), snapshot.c
 * (write_view, from_json, to_bytes, from_bytes), views.c (render, resample,
 * write_tensor, move_view: the move, or the move space + 0 for a tile drawn
 * by another seat of the classic edition) and effects.c (write_effects;
 * doc/games/tsuro.md, "Effects"). */
BR_GAME_DECLARE(tsuro);

/* rules.c */
void tsuro_start(ts_state *s, const ts_state *settings);
br_move tsuro_listed_move(const ts_state *s, br_move move);
br_move tsuro_sample_chance(const void *st, br_rng *rng);

/* notation.c */
void tsuro_put_square(br_text *out, int cell);
void tsuro_put_start(const ts_state *s, br_text *out, int m);

#endif /* BR_GAME_TSURO_H */
