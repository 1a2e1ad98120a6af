/*
 * Drunter & Drüber: the designed content, as data.
 *
 * No public source gives the board, the split of the tiles by kind, the
 * bridges or the special goals of the pro variant: all of it is the
 * project's own design, documented (with the figures of many bot games) in
 * doc/games/drunter-und-drueber.md. Another board replaces this one by
 * replacing dud_board_info and dud_start_square; nothing else in the game
 * knows where a building stands.
 */
#include "drunter_und_drueber.h"

/* The board as a picture: row 12 (north) first, column a (west) first.
 * H town hall, S school, F fire station, I inn, M museum, C church, with
 * their value; WC a toilet; ST(p) the corner start square of path p. The
 * values grow towards the centre: 5 in the two innermost rings, 1 on the
 * edge. */
#define __ {DUD_SQ_EMPTY, 0, 0}
#define WC {DUD_SQ_TOILET, 0, 0}
#define ST(p) {DUD_SQ_START, p, 0}
#define H(v) {DUD_SQ_BUILDING, 0, v}
#define S(v) {DUD_SQ_BUILDING, 1, v}
#define F(v) {DUD_SQ_BUILDING, 2, v}
#define I(v) {DUD_SQ_BUILDING, 3, v}
#define M(v) {DUD_SQ_BUILDING, 4, v}
#define C(v) {DUD_SQ_BUILDING, 5, v}

const dud_square_info dud_board_info[DUD_SQUARES] = {
    /*  a      b      c      d      e      f      g      h      i      j      k      l  */
    ST(0), __,    __,    I(1),  __,    __,    __,    M(1),  __,    __,    __,    ST(1), /* 12 */
    __,    __,    WC,    __,    __,    WC,    __,    __,    H(2),  __,    __,    __,    /* 11 */
    WC,    M(2),  __,    __,    __,    __,    __,    I(3),  __,    __,    WC,    __,    /* 10 */
    __,    __,    __,    M(4),  __,    F(4),  __,    __,    I(4),  __,    __,    S(1),  /*  9 */
    __,    WC,    H(3),  __,    __,    __,    WC,    S(5),  __,    __,    __,    __,    /*  8 */
    __,    __,    __,    __,    M(5),  H(5),  __,    __,    WC,    S(3),  WC,    __,    /*  7 */
    __,    F(2),  __,    S(4),  __,    __,    __,    I(5),  __,    __,    __,    WC,    /*  6 */
    __,    __,    __,    __,    F(5),  __,    C(5),  __,    __,    __,    S(2),  __,    /*  5 */
    H(1),  __,    C(3),  WC,    __,    WC,    C(4),  __,    H(4),  __,    __,    __,    /*  4 */
    __,    __,    __,    __,    F(3),  __,    __,    WC,    __,    M(3),  __,    C(1),  /*  3 */
    __,    WC,    __,    I(2),  __,    __,    C(2),  __,    __,    WC,    __,    __,    /*  2 */
    ST(3), __,    __,    __,    WC,    __,    __,    __,    F(1),  __,    WC,    ST(2), /*  1 */
};

#undef __
#undef WC
#undef ST
#undef H
#undef S
#undef F
#undef I
#undef M
#undef C

/* Path 0 road at a12, 1 wall at l12, 2 river at l1, 3 wall at a1: the road
 * and the river face each other across the board, and so do the walls. */
const uint8_t dud_start_square[DUD_PATHS] = {
    0, DUD_SIDE - 1, DUD_SQUARES - 1, DUD_SQUARES - DUD_SIDE,
};
const uint8_t dud_path_kind[DUD_PATHS] = {DUD_ROAD, DUD_WALL, DUD_RIVER, DUD_WALL};

/* The 60 tiles, by kind and shape (3, 3 with bridge, 2, 2 with bridge, 1):
 * 12 of length 3, 24 of length 2, 24 of length 1. The walls have two paths
 * to feed and get more tiles; bridges are on roads and walls only: rivers
 * pass under them, never over. */
const uint8_t dud_tile_count[DUD_TILE_TYPES] = {
    1, 2, 5, 2, 8, /* road:  3 of length 3, 7 of length 2, 8 of length 1 */
    4, 2, 8, 2, 8, /* wall:  6, 10, 8 */
    3, 0, 7, 0, 8, /* river: 3,  7, 8 */
};

const uint8_t dud_shape_length[DUD_SHAPES] = {3, 3, 2, 2, 1};
/* The bridge is the middle square of a 3-tile and the marked end of a 2-tile. */
const int8_t dud_shape_bridge[DUD_SHAPES] = {-1, 1, -1, 0, -1};

const uint8_t dud_vote_value[DUD_VOTE_CARDS] = {1, 2, 3, 1, 2, 3, 2, 0};

const int8_t dud_dx[DUD_DIRS] = {0, 1, 0, -1};
const int8_t dud_dy[DUD_DIRS] = {-1, 0, 1, 0};

/* "zu gleichen Teilen", split by length as in the published component list. */
const uint8_t dud_deal_count[DUD_MAX_SEATS + 1][DUD_LENGTHS] = {
    {0, 0, 0}, {0, 0, 0}, {6, 12, 12}, {4, 8, 8}, {3, 6, 6},
};

const char *const dud_kind_names[DUD_KINDS] = {"road", "wall", "river"};
const char *const dud_path_names[DUD_PATHS] = {"road", "wall1", "river", "wall2"};
const char *const dud_shape_names[DUD_SHAPES] = {"3", "3b", "2", "2b", "1"};
const char *const dud_tile_names[DUD_TILE_TYPES] = {
    "road3",  "road3b",  "road2",  "road2b",  "road1",  "wall3", "wall3b", "wall2",
    "wall2b", "wall1",   "river3", "river3b", "river2", "river2b", "river1",
};
const char *const dud_dir_names[DUD_DIRS] = {"n", "e", "s", "w"};
const char *const dud_building_names[DUD_BUILDING_TYPES] = {
    "town-hall", "school", "fire-station", "inn", "museum", "church",
};
const char dud_building_letters[DUD_BUILDING_TYPES + 1] = "HSFIMC";
/* Task cards of the pro variant: the six building cards, then the four
 * special goals (scored in rules.c, dud_card_points()). */
const char *const dud_task_names[DUD_TASKS] = {
    "town-hall", "school", "fire-station", "inn", "museum", "church",
    "toilets", "demolition", "small-houses", "long-path",
};
const char *const dud_vote_names[DUD_VOTE_CARDS] = {
    "yes1", "yes2", "yes3", "no1", "no2", "no3", "jein", "egal",
};
const char *const dud_phase_names[DUD_PHASES] = {
    "deal-tiles", "deal-cards", "lay", "vote", "jein", "choose", "over",
};
