/*
 * What Tsuro shows besides the JSON (snapshot.c): the text rendering, one
 * function taking the viewer (BR_VIEW_FULL, a seat or -1, a spectator), the
 * observation tensor and the resampling of what a seat cannot see.
 */
#include <assert.h>
#include <stdio.h>

#include "tsuro.h"

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
    assert(code < TS_CODES); /* a square of the board: empty or a tile */
    n = snprintf(label, sizeof label, "%dr%d", code / 4, code % 4);
    memcpy(&canvas[y0 + 1][x0 + 1], label, (size_t)n);
    char letter[8] = { 0 };
    char next = 'A';
    for (int p = 0; p < 8; p++) {
        if (!letter[p])
            letter[p] = letter[tsuro_tile_map[code][p]] = next++;
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
    if (!(s->alive & seat_bit(p))) { /* a marker on the board has been placed */
        br_text_puts(out, s->placed & seat_bit(p) ? "out" : "marker not placed yet");
        return;
    }
    int cell = s->marker_cell[p], point = s->marker_point[p];
    br_text_puts(out, "marker at ");
    tsuro_put_square(out, cell);
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
            if (tsuro_tile_map[t * 4][a] > a)
                br_text_printf(out, "%s%d-%d", a ? " " : "", a, tsuro_tile_map[t * 4][a]);
        br_text_putc(out, ')');
    }
}

/* One line per seat, as `viewer` sees it. */
static void render_seat_line(const ts_state *s, br_text *out, int p, int viewer)
{
    br_text_printf(out, "  seat %d: ", p);
    render_marker(s, out, p);
    render_hand(s, out, p, hand_visible(s, p, viewer));
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
        unsigned winners = winners_of(s);
        br_text_puts(out, "game over; winners:");
        for (int p = 0; p < s->num_seats; p++)
            if (winners & seat_bit(p))
                br_text_printf(out, " %d", p);
        br_text_putc(out, '\n');
    }
    }
}

/* Everything (BR_VIEW_FULL), or what a seat or a spectator (-1) may see:
 * classic hands of other seats show only their size; the rest is public. */
void tsuro_render(const void *st, int viewer, br_text *out)
{
    const ts_state *s = st;
    br_text_printf(out, "Tsuro, %s edition, %dx%d board", EDITION_NAMES[s->edition],
                   s->width, s->width);
    if (viewer == NO_SEAT)
        br_text_puts(out, ", spectator's view");
    else if (viewer != BR_VIEW_FULL)
        br_text_printf(out, ", view of seat %d", viewer);
    br_text_putc(out, '\n');
    render_board(s, out);
    br_text_puts(out, "(equal letters on a square's border are the two ends of one path; "
                 "digits are markers, by seat)\n");
    for (int p = 0; p < s->num_seats; p++)
        render_seat_line(s, out, p, viewer);
    br_text_printf(out, "pile: %d tile%s; dragon: ", s->pile_total,
                   s->pile_total == 1 ? "" : "s");
    if (s->dragon == NO_SEAT)
        br_text_puts(out, "in the box\n");
    else
        br_text_printf(out, "seat %d\n", s->dragon);
    render_status(s, out);
}

/* ------------------------------------------------------------------ */
/* Resampling: in the classic edition the tiles `seat` cannot see (other hands
 * and the pile) are dealt anew, hand sizes kept. Kosmos hands are open and the
 * pile has no order, so nothing is hidden there. */

void tsuro_resample(const void *st, int seat, br_rng *rng, void *out)
{
    const ts_state *s = st;
    ts_state *d = out;
    memcpy(d, s, sizeof *d);
    if (is_kosmos(s))
        return;
    /* The hidden tiles in the order of their numbers, whoever holds them:
     * then the deal depends on what the seat sees and the seed only, not on
     * where the hidden tiles are (a bot's choice must not: doc/bots.md). */
    uint8_t count[TS_TILES];
    unseen_counts(s, seat, count);
    uint8_t pool[TS_TILES];
    int n = 0;
    for (int t = 0; t < TS_TILES; t++)
        for (int k = 0; k < count[t]; k++)
            pool[n++] = (uint8_t)t;
    br_rng_shuffle_bytes(rng, pool, n);
    int next = 0;
    for (int p = 0; p < s->num_seats; p++) {
        if (p == seat)
            continue;
        memset(d->hand[p], 0, sizeof d->hand[p]);
        d->hand_size[p] = 0;
        for (int i = 0; i < s->hand_size[p]; i++)
            hand_add(d, p, pool[next++]);
    }
    empty_pile(d);
    for (; next < n; next++)
        put_in_pile(d, pool[next]);
}

/* ------------------------------------------------------------------ */
/* Observation tensor (doc/games/tsuro.md, "Learning interface"): what
 * write_observation() shows `seat`, as numbers, straight from the state. The
 * buffer is cleared once and only the ones and scaled numbers are written. */

/* PAIR_PLANE[a][b]: the plane (1 + index of the pair a < b) of the path
 * joining points a and b, in the order 0-1, 0-2, .., 0-7, 1-2, .., 6-7. */
#define PAIR_INDEX(a, b) ((a) * 7 - (a) * ((a)-1) / 2 + (b) - (a)-1)
#define PAIR_PLANE(a, b) (uint8_t)(1 + ((a) < (b) ? PAIR_INDEX(a, b) : PAIR_INDEX(b, a)))
#define PAIR_ROW(a)                                                                     \
    { PAIR_PLANE(a, 0), PAIR_PLANE(a, 1), PAIR_PLANE(a, 2), PAIR_PLANE(a, 3),           \
      PAIR_PLANE(a, 4), PAIR_PLANE(a, 5), PAIR_PLANE(a, 6), PAIR_PLANE(a, 7) }
static const uint8_t PAIR_PLANE_OF[8][8] = {
    PAIR_ROW(0), PAIR_ROW(1), PAIR_ROW(2), PAIR_ROW(3),
    PAIR_ROW(4), PAIR_ROW(5), PAIR_ROW(6), PAIR_ROW(7),
};
#undef PAIR_ROW
#undef PAIR_PLANE
#undef PAIR_INDEX

void tsuro_write_tensor(const void *st, int seat, float *out)
{
    const ts_state *s = st;
    const int n = s->num_seats, w = s->width, squares = w * w;
    const size_t size = tensor_size_of(s);
    memset(out, 0, size * sizeof *out); /* 0.0f is all bits zero (IEEE 754) */

    /* Board: the empty plane, or the 4 pair planes of the tile's paths. */
    for (int r = 0; r < w; r++) {
        const uint8_t *row = &s->board[cell_of(r, 0)];
        for (int c = 0; c < w; c++) {
            int at = r * w + c, code = row[c];
            if (code == CELL_EMPTY) {
                out[at] = 1.0f;
                continue;
            }
            /* Each path from both of its ends: 8 stores, no test. */
            const uint8_t *map = tsuro_tile_map[code];
            for (int p = 0; p < 8; p++)
                out[PAIR_PLANE_OF[p][map[p]] * squares + at] = 1.0f;
        }
    }

    /* Seats relative to the observer: k = 0 is `seat` itself (the spectator:
     * seat 0), then clockwise. */
    const int first = seat < 0 ? 0 : seat;
    const float copies_scale = is_kosmos(s) ? 0.5f : 1.0f; /* most copies of a tile: 2 or 1 */
    const int to_move = tsuro_current_player(s), draw_to = chance_recipient(s);
    const unsigned winners = s->phase == PH_OVER ? winners_of(s) : 0;
    float *marker_planes = out + (size_t)TS_BOARD_PLANES * squares;
    float *seats = out + (size_t)(TS_BOARD_PLANES + n) * squares;
    for (int k = 0, p = first; k < n; k++, p = p + 1 == n ? 0 : p + 1) {
        float *f = seats + (size_t)k * TS_SEAT_FEATURES;
        unsigned bit = seat_bit(p);
        if (!(s->placed & bit)) {
            f[TF_UNPLACED] = 1.0f;
        } else if (!(s->alive & bit)) {
            f[TF_OUT] = 1.0f;
        } else {
            int cell = s->marker_cell[p];
            f[TF_ON_BOARD] = 1.0f;
            f[TF_POINT + s->marker_point[p]] = 1.0f;
            f[TF_FRESH] = (s->fresh & bit) ? 1.0f : 0.0f;
            marker_planes[(size_t)k * squares + cell_row(cell) * w + cell_col(cell)] = 1.0f;
        }
        f[TF_HAND_SIZE] = (float)s->hand_size[p] / TS_HAND;
        if (hand_visible(s, p, seat)) {
            f[TF_HAND_VISIBLE] = 1.0f;
            for (int i = 0; i < s->hand_size[p]; i++)
                f[TF_HAND + s->hand[p][i]] += copies_scale;
        }
        f[TF_TURN] = s->turn == p ? 1.0f : 0.0f;
        f[TF_TO_MOVE] = to_move == p ? 1.0f : 0.0f;
        f[TF_DRAW_TO] = draw_to == p ? 1.0f : 0.0f;
        f[TF_DRAGON] = s->dragon == p ? 1.0f : 0.0f;
        f[TF_LAST_OUT] = (s->last_out & bit) ? 1.0f : 0.0f;
        f[TF_WINNER] = (winners & bit) ? 1.0f : 0.0f;
    }

    float *g = seats + (size_t)n * TS_SEAT_FEATURES;
    g[TG_PHASE + s->phase] = 1.0f;
    g[TG_PILE_SIZE] = (float)s->pile_total / (float)edition_tiles(s);
    g[TG_DRAGON_IN_BOX] = s->dragon == NO_SEAT ? 1.0f : 0.0f;
    g[TG_EDITION + s->edition] = 1.0f;
    g[TG_SELFKILL + s->selfkill] = 1.0f;
    /* Unseen: the pile and the hands hidden from `seat`, as the observation's. */
    uint8_t unseen[TS_TILES];
    unseen_counts(s, seat, unseen);
    for (int t = 0; t < TS_TILES; t++)
        g[TG_UNSEEN + t] = unseen[t] * copies_scale;
    g[TG_BOARD_7] = w == 7 ? 1.0f : 0.0f;
}

/* ------------------------------------------------------------------ */
/* The information-state tensor's view of a move: only a classic tile drawn
 * by another seat is hidden (as in tsuro_move_to_text(); who gets it
 * follows from the moves before). */
uint32_t tsuro_move_view(const void *st, br_move move, int seat)
{
    const ts_state *s = st;
    return draw_hidden_from(s, move, seat) ? (uint32_t)tsuro_move_space(s) : (uint32_t)move;
}
