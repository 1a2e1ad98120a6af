/*
 * What one history entry of Tsuro changed, as one seat (or a spectator) may
 * see it: the effects of doc/games/tsuro.md ("Effects"), derived from the
 * move and the positions before and after it.
 *
 * A tile is named as a string in the notation ("17"), so that a tile hidden
 * from the viewer ("?") has the same type; only a classic draw hides one
 * (the receiver alone sees it). Everything else a placement does is public.
 * The markers' paths are traced again on the board before the placement,
 * the way the rules trace them, to say where a marker left the board and
 * whom it met head-on: the position after it no longer holds a marker that
 * is out.
 */
#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Small writers */

/* "c3": a square in the notation. */
static void key_square(br_jw *w, const char *key, int cell)
{
    char buf[8];
    br_text t = br_text_over(buf, sizeof buf);
    tsuro_put_square(&t, cell);
    br_jw_key_string(w, key, buf);
}

/* {"square":"c3","point":5}, as the snapshot's markers write a place. */
static void key_place(br_jw *w, const char *key, int cell, int point)
{
    br_jw_key(w, key);
    br_jw_begin_object(w);
    key_square(w, "square", cell);
    br_jw_key_int(w, "point", point);
    br_jw_end_object(w);
}

static void key_tile(br_jw *w, const char *key, int tile, bool shown)
{
    char buf[8];
    br_text t = br_text_over(buf, sizeof buf);
    if (shown)
        br_text_printf(&t, "%d", tile);
    else
        br_text_puts(&t, "?");
    br_jw_key_string(w, key, buf);
}

static void key_seat_or_null(br_jw *w, const char *key, int seat)
{
    br_jw_key(w, key);
    br_jw_seat_or_null(w, seat);
}

/* [0,2]: the seats of a mask, ascending. */
static void key_seats(br_jw *w, const char *key, unsigned seats)
{
    br_jw_key(w, key);
    br_jw_seats(w, seats, TS_SEATS);
}

static void begin_effect(br_jw *w, const char *type)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", type);
}

/* ------------------------------------------------------------------ */
/* Where a marker's path through the new tile ends */

enum path_end { END_STANDS, END_LEFT, END_HEAD_ON };

struct traced {
    uint8_t end;   /* enum path_end */
    uint8_t cell;  /* STANDS: the square faced; LEFT: the edge square left */
    uint8_t point; /* the point of that square */
    int8_t met;    /* HEAD_ON: the seat met */
};

/* The seat among `seats` whose marker enters the new square at `point`. */
static int seat_entering_at(const int8_t entry[TS_SEATS], unsigned seats, int point)
{
    for (unsigned m = seats; m; m &= m - 1)
        if (entry[br_lowest_bit64(m)] == point)
            return br_lowest_bit64(m);
    return NO_SEAT;
}

/* Where a walk that left the board crossed the edge: the square it left and
 * the point there (walk_out() stops on the border cell beyond it). */
static struct traced left_at(struct walk w)
{
    int exit_point = PARTNER[w.point];
    return (struct traced){ END_LEFT, (uint8_t)(w.cell - POINT_STEP[exit_point]),
                            (uint8_t)exit_point, NO_SEAT };
}

/* The path of `seat`, entering tile `code` on square `cell` at its entry
 * point, with the tile still off `board` (as the rules trace it): leaving
 * the tile where another marker of the square enters is a head-on meeting;
 * a path that comes back to the square enters the tile again. */
static struct traced trace(const uint8_t *board, int cell, int code, int seat,
                           const int8_t entry[TS_SEATS], unsigned movers)
{
    int point = entry[seat];
    for (int pass = 0; pass < 4; pass++) {
        int leave = tsuro_tile_map[code][point];
        int met = seat_entering_at(entry, movers & ~seat_bit(seat), leave);
        if (met != NO_SEAT)
            return (struct traced){ END_HEAD_ON, 0, 0, (int8_t)met };
        struct walk w = walk_out(board, cell, leave);
        if (w.end == WALK_LEAVES)
            return left_at(w);
        if (w.cell != cell)
            return (struct traced){ END_STANDS, w.cell, w.point, NO_SEAT };
        point = w.point;
    }
    /* Not reached: the rules' trail ends within 4 passes too. */
    return (struct traced){ END_HEAD_ON, 0, 0, NO_SEAT };
}

/* ------------------------------------------------------------------ */
/* A placement */

/* What one placement did, gathered before anything is written. */
struct placement {
    int mover, cell, code;
    unsigned movers; /* seats whose marker faced the square */
    unsigned out;    /* seats eliminated */
    int8_t entry[TS_SEATS];
    struct traced path[TS_SEATS];
};

static void gather_placement(const ts_state *before, const ts_state *after, br_move move,
                             struct placement *p)
{
    p->mover = before->turn;
    p->cell = before->marker_cell[p->mover];
    p->code = move % TS_CODES;
    p->movers = 0;
    p->out = before->alive & ~after->alive;
    for (int s = 0; s < before->num_seats; s++) {
        p->entry[s] = (int8_t)before->marker_point[s];
        if ((before->alive & seat_bit(s)) && before->marker_cell[s] == p->cell)
            p->movers |= seat_bit(s);
    }
    if (move >= MOVE_CHOICE_BASE) /* kosmos first turn: the odd point of the side */
        p->entry[p->mover]++;
    for (unsigned m = p->movers; m; m &= m - 1) {
        int s = br_lowest_bit64(m);
        p->path[s] = trace(before->board, p->cell, p->code, s, p->entry, p->movers);
    }
}

static void write_tile_placed(const struct placement *p, br_jw *w)
{
    begin_effect(w, "tile_placed");
    br_jw_key_int(w, "seat", p->mover);
    key_tile(w, "tile", p->code / 4, true);
    br_jw_key_int(w, "rotation", p->code % 4);
    key_square(w, "square", p->cell);
    br_jw_end_object(w);
}

static void write_marker_moved(const struct placement *p, int seat, br_jw *w)
{
    const struct traced *t = &p->path[seat];
    begin_effect(w, "marker_moved");
    br_jw_key_int(w, "seat", seat);
    key_place(w, "from", p->cell, p->entry[seat]);
    if (t->end == END_HEAD_ON) {
        br_jw_key(w, "to");
        br_jw_null(w);
    } else {
        key_place(w, "to", t->cell, t->point);
    }
    br_jw_end_object(w);
}

/* The seat standing where `seat`'s path ended, before the placement: the
 * marker it collided with there. */
static int seat_standing_at(const ts_state *before, int seat, const struct traced *t)
{
    for (int s = 0; s < before->num_seats; s++)
        if (s != seat && (before->alive & seat_bit(s)) && before->marker_cell[s] == t->cell &&
            before->marker_point[s] == t->point)
            return s;
    return NO_SEAT;
}

/* Why `seat` is out: its own path's end, or, for a marker that did not move,
 * the moving marker that ended on its point. */
static void write_reason(const ts_state *before, const struct placement *p, int seat,
                         br_jw *w)
{
    if (!(p->movers & seat_bit(seat))) {
        int hit_by = NO_SEAT;
        for (unsigned m = p->movers; m && hit_by == NO_SEAT; m &= m - 1)
            if (seat_standing_at(before, br_lowest_bit64(m),
                                 &p->path[br_lowest_bit64(m)]) == seat)
                hit_by = br_lowest_bit64(m);
        br_jw_key_string(w, "reason", "collision");
        key_seat_or_null(w, "with", hit_by);
        return;
    }
    const struct traced *t = &p->path[seat];
    if (t->end == END_LEFT) {
        br_jw_key_string(w, "reason", "left_board");
        return;
    }
    br_jw_key_string(w, "reason", t->end == END_HEAD_ON ? "head_on" : "collision");
    key_seat_or_null(w, "with",
                     t->end == END_HEAD_ON ? t->met : seat_standing_at(before, seat, t));
}

static void write_eliminated(const ts_state *before, const struct placement *p, int seat,
                             br_jw *w)
{
    begin_effect(w, "eliminated");
    br_jw_key_int(w, "seat", seat);
    write_reason(before, p, seat, w);
    /* The hand it held after the placement goes back into the pile. */
    br_jw_key_int(w, "returned", before->hand_size[seat] - (seat == p->mover));
    br_jw_end_object(w);
}

static void write_placement(const ts_state *before, const ts_state *after, br_move move,
                            br_jw *w)
{
    struct placement p = {0};
    gather_placement(before, after, move, &p);
    write_tile_placed(&p, w);
    write_marker_moved(&p, p.mover, w);
    for (unsigned m = p.movers & ~seat_bit(p.mover); m; m &= m - 1)
        write_marker_moved(&p, br_lowest_bit64(m), w);
    for (unsigned m = p.out; m; m &= m - 1)
        write_eliminated(before, &p, br_lowest_bit64(m), w);
}

/* ------------------------------------------------------------------ */
/* Setup, draws, the dragon and the end */

static void write_marker_placed(const ts_state *after, br_move move, int seat, br_jw *w)
{
    int m = move - MOVE_SETUP_BASE;
    char buf[16];
    br_text t = br_text_over(buf, sizeof buf);
    tsuro_put_start(after, &t, m);
    begin_effect(w, "marker_placed");
    br_jw_key_int(w, "seat", seat);
    br_jw_key_string(w, "start", buf);
    key_square(w, "square", after->marker_cell[seat]);
    br_jw_key_int(w, "point", after->marker_point[seat]);
    br_jw_end_object(w);
}

/* A deal or a draw: the tile only for its receiver, or for every seat where
 * hands lie open (kosmos, tactile). */
static void write_tile_drawn(const ts_state *before, br_move move, int viewer, br_jw *w)
{
    int to = chance_recipient(before);
    begin_effect(w, "tile_drawn");
    br_jw_key_int(w, "seat", to);
    key_tile(w, "tile", move - draw_base(before), is_kosmos(before) || viewer == to);
    br_jw_end_object(w);
}

static void write_dragon(const ts_state *before, const ts_state *after, br_jw *w)
{
    if (before->dragon == after->dragon)
        return;
    begin_effect(w, "dragon_passed");
    key_seat_or_null(w, "from", before->dragon);
    key_seat_or_null(w, "to", after->dragon);
    br_jw_end_object(w);
}

static void write_game_over(const ts_state *before, const ts_state *after, br_jw *w)
{
    if (after->phase != PH_OVER || before->phase == PH_OVER)
        return;
    begin_effect(w, "game_over");
    br_jw_key_string(w, "reason", after->alive == 0             ? "no_marker_left"
                                  : at_most_one_seat(after->alive) ? "one_marker_left"
                                                                   : "no_tiles_left");
    key_seats(w, "winners", winners_of(after));
    br_jw_end_object(w);
}

void tsuro_write_effects(const void *before_st, const void *after_st, br_move move, int viewer,
                         br_jw *w)
{
    const ts_state *before = before_st, *after = after_st;
    switch (before->phase) {
    case PH_DEAL:
    case PH_DRAW: write_tile_drawn(before, move, viewer, w); break;
    case PH_SETUP: write_marker_placed(after, move, before->turn, w); break;
    case PH_PLAY: write_placement(before, after, move, w); break;
    default: break;
    }
    write_dragon(before, after, w);
    write_game_over(before, after, w);
}
