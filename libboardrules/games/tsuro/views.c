/*
 * What Tsuro shows: the observation of one seat, the text rendering (whole or
 * as one seat sees it) and the resampling of what a seat cannot see.
 */
#include <stdio.h>

#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Observation */

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

void tsuro_write_observation(const void *st, int seat, br_jw *w)
{
    const ts_state *s = st;
    uint8_t unseen[TS_TILES];
    unseen_tiles(s, seat, unseen);
    unsigned winners = 0;
    if (s->phase == PH_OVER)
        winners = s->alive ? s->alive : s->last_out;
    br_jw_begin_object(w);
    br_jw_key_string(w, "edition", EDITION_NAMES[s->edition]);
    br_jw_key_int(w, "board_size", s->width);
    br_jw_key_string(w, "selfkill", SELFKILL_NAMES[s->selfkill]);
    br_jw_key_string(w, "phase", PHASE_NAMES[s->phase]);
    br_jw_key_int(w, "turn", s->turn);
    br_jw_key(w, "to_move");
    int who = tsuro_current_player(s);
    if (who == BR_PLAYER_CHANCE)
        br_jw_string(w, "chance");
    else if (who == BR_PLAYER_TERMINAL)
        br_jw_null(w);
    else
        br_jw_int(w, who);
    br_jw_key(w, "board");
    tsuro_write_board(w, s);
    br_jw_key(w, "markers");
    tsuro_write_markers(w, s);
    br_jw_key(w, "hands");
    tsuro_write_hands(w, s, seat, false);
    br_jw_key(w, "hand_sizes");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_seats; p++)
        br_jw_int(w, s->hand_size[p]);
    br_jw_end_array(w);
    br_jw_key_int(w, "pile_size", s->pile_total);
    br_jw_key(w, "unseen");
    tsuro_write_tile_counts(w, unseen);
    br_jw_key(w, "dragon");
    tsuro_write_seat_or_null(w, s->dragon);
    br_jw_key(w, "draw_to");
    tsuro_write_seat_or_null(w, chance_recipient(s));
    br_jw_key(w, "last_out");
    tsuro_write_seats(w, s, s->last_out);
    br_jw_key(w, "winners");
    tsuro_write_seats(w, s, winners);
    br_jw_end_object(w);
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

void tsuro_render(const void *st, br_text *out)
{
    render_state(st, NO_SEAT, true, out);
}

/* Classic hands of other seats show only their size; the rest is public. */
void tsuro_render_view(const void *st, int seat, br_text *out)
{
    render_state(st, seat, false, out);
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
