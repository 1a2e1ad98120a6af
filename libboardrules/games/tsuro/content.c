/*
 * Tsuro's content: the 35 tiles (the published classic set) as a table of
 * paths, and the project's design of the 64-tile kosmos/tactile set.
 */
#include "tsuro.h"

/* Tile data. Points 0..7 clockwise from the left point of the top side.
 * Row tile*4 + r of TILE_ROWS gives, for each point p, the point joined to p
 * by tile `tile` turned r quarter turns clockwise. Tiles are numbered in the
 * sorted order of their canonical forms (doc/games/tsuro.md, which lists every
 * tile's pairs); the rows were generated from that definition. A macro, so
 * that the compiler derives tsuro_tile_step below from the same rows. */
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

/* tsuro_tile_map[tile*4 + r][p]: the point joined to p by the tile so turned. */
#define TILE_MAP_ROW(a, b, c, d, e, f, g, h) { a, b, c, d, e, f, g, h },
const uint8_t tsuro_tile_map[TS_CODES][8] = { TILE_ROWS(TILE_MAP_ROW) };
#undef TILE_MAP_ROW

/* The number of distinct orientations ("looks") of each tile: rotation r
 * looks the same as rotation r + looks, so r % looks is the lowest rotation
 * that looks the same (doc/games/tsuro.md, "Tiles"). Read from the rows
 * above (rows r and r % looks of a tile are equal) and checked by the tests
 * against their own derivation of the tiles; kept as data so that listing
 * the moves costs no comparison of rows. */
const uint8_t tsuro_tile_looks[TS_TILES] = {
    1, 4, 4, 4, 4, 4, 4, 4, 4, 2, 4, 4, 2, 2, 4, 4, 4, 4,
    2, 4, 4, 4, 2, 2, 4, 4, 2, 1, 4, 2, 2, 1, 2, 1, 1,
};

/* The project's design of the 64-tile kosmos/tactile set (doc/games/tsuro.md):
 * every tile twice, except the 5 tiles that look the same in every rotation
 * and tile 9, which appear once. */
const uint8_t tsuro_kosmos_copies[TS_TILES] = {
    1, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 1, 1,
};

/* The step table of tsuro.h, derived from the same rows: trails are chains of
 * dependent look-ups, and this makes them one per square, not three. */
#define STEP_TO(leave) { (int8_t)POINT_STEP_OF(leave), (uint8_t)PARTNER_OF(leave) }
#define TILE_STEP_ROW(a, b, c, d, e, f, g, h) \
    { STEP_TO(a), STEP_TO(b), STEP_TO(c), STEP_TO(d), \
      STEP_TO(e), STEP_TO(f), STEP_TO(g), STEP_TO(h) },
const struct tile_step tsuro_tile_step[TS_CODES][8] = { TILE_ROWS(TILE_STEP_ROW) };
#undef TILE_STEP_ROW
#undef STEP_TO
