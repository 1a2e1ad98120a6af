/*
 * Tsuro's rules: setup, turn order, legal moves, checking and applying a
 * move, chance, results. Move generation and application are the hot path
 * (doc/performance.md): they keep their helpers in this file or inline in
 * tsuro.h, so that the compiler sees them whole.
 */
#include <assert.h>

#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Seats that are out */

/* Eliminated seats: their tiles go back into the pile and their markers
 * leave the board (the bytes kept at 0, so that equal positions are equal). */
static void eliminate(ts_state *s, unsigned seats)
{
    for (unsigned m = seats; m; m &= m - 1) {
        int p = br_lowest_bit64(m);
        for (int i = 0; i < s->hand_size[p]; i++) {
            put_in_pile(s, s->hand[p][i]);
            s->hand[p][i] = 0;
        }
        s->hand_size[p] = 0;
        s->marker_cell[p] = s->marker_point[p] = 0;
    }
}

/* ------------------------------------------------------------------ */
/* Paths, followed as tsuro.h says ("Paths", walk_out()): a trail that comes
 * back to the square being tiled re-enters the new tile there. */

/* The trail of a marker that enters tile `code`, about to be laid on the
 * empty square `cell`, at `point`: WALK_STOPS where it faces an empty square,
 * WALK_LEAVES when the marker is out. Leaving the tile at a point in
 * `occupied` means meeting head-on a marker that entered from the other end
 * of that path, which puts it out as leaving the board does. Each pass
 * through the tile uses another of its 4 paths. */
static struct walk trail_through(const uint8_t *board, int cell, int code, int point,
                                 unsigned occupied)
{
    for (int pass = 0; pass < 4; pass++) {
        int leave = tsuro_tile_map[code][point];
        if (occupied >> leave & 1u)
            return (struct walk){ WALK_LEAVES, 0, 0 };
        struct walk w = walk_out(board, cell, leave);
        if (w.end == WALK_LEAVES || w.cell != cell)
            return w;
        point = w.point;
    }
    /* Not reached: the path behind a marker leads back to the edge (loaded
     * snapshots are checked for it), so no trail closes a loop. */
    assert(!"a trail through the new tile closes a loop");
    return (struct walk){ WALK_LEAVES, 0, 0 };
}

/* True when one of `seats` stands at point `point` facing `cell`. */
static bool marker_stands_at(const ts_state *s, unsigned seats, int cell, int point)
{
    for (unsigned m = seats; m; m &= m - 1) {
        int p = br_lowest_bit64(m);
        if (s->marker_cell[p] == cell && s->marker_point[p] == point)
            return true;
    }
    return false;
}

/* What a placement does to the mover's own marker: it stays, meets a marker
 * of the same square head-on, ends on the point of a marker standing
 * elsewhere (both collisions), or leaves the board. Meeting and hitting are
 * told apart only for the first-turn repeats (odd_entry_repeats()). */
enum fate { FATE_SAFE, FATE_MEETS, FATE_HITS, FATE_LEAVES, FATES };

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
        int p = br_lowest_bit64(m), cell = s->marker_cell[p], point = s->marker_point[p];
        if (cell == v->cell) {
            /* Leaving where a marker facing the same square stands meets it head-on. */
            v->exit[point] = FATE_MEETS;
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
        v->exit[leave] = FATE_HITS;
    if (reenters && v->exit[w.point] == EXIT_UNKNOWN)
        v->exit[w.point] = (uint8_t)(EXIT_REENTERS + leave);
}

/* FORBIDDEN[selfkill][fate]: the self-eliminations the "no suicide" rule forbids. */
static const uint8_t FORBIDDEN[SK_COUNT][FATES] = {
    [SK_EDGE] = { [FATE_LEAVES] = 1 },
    [SK_ANY] = { [FATE_MEETS] = 1, [FATE_HITS] = 1, [FATE_LEAVES] = 1 },
    [SK_NONE] = { 0 }, /* the rule text's own reading: no such restriction */
    [SK_LITERAL] = { [FATE_LEAVES] = 1 },
};

/* ALTERNATIVE[selfkill][fate]: the fates of a placement whose existence keeps
 * the forbidden ones illegal. The exception reads "unless every placement
 * would eliminate you" under edge and any (a placement that keeps the marker
 * on is the only alternative), but "unless every tile, in every rotation,
 * would send it off the board" under literal, where a placement that only
 * collides is no such placement and so is an alternative too. */
static const uint8_t ALTERNATIVE[SK_COUNT][FATES] = {
    [SK_EDGE] = { [FATE_SAFE] = 1 },
    [SK_ANY] = { [FATE_SAFE] = 1 },
    [SK_NONE] = { [FATE_SAFE] = 1 }, /* nothing is forbidden: never read */
    [SK_LITERAL] = { [FATE_SAFE] = 1, [FATE_MEETS] = 1, [FATE_HITS] = 1 },
};

/* Points of the new square in sets, by what leaving there means. */
struct exit_sets {
    unsigned forbidden;   /* a self-elimination the selfkill option forbids */
    unsigned alternative; /* an alternative to it (ALTERNATIVE) */
    unsigned reentering;  /* the trail comes back into the new tile */
};

/* Walks the points in the set `exits` not known yet and sorts them all into
 * *sets. Out of line, with walk_exit() inlined: one call for the walks of a
 * scan. */
static __attribute__((noinline)) void walk_exits(const ts_state *s, struct mover_view *v,
                                                 unsigned exits, struct exit_sets *sets)
{
    const uint8_t *forbids = FORBIDDEN[s->selfkill], *alternatives = ALTERNATIVE[s->selfkill];
    unsigned forbidden = 0, alternative = 0, reentering = 0;
    for (; exits; exits &= exits - 1) {
        int leave = __builtin_ctz(exits);
        if (v->exit[leave] == EXIT_UNKNOWN)
            walk_exit(s, v, leave);
        int f = v->exit[leave];
        bool reenters = f >= EXIT_REENTERS;
        reentering |= (unsigned)reenters << leave;
        forbidden |= (unsigned)(!reenters && forbids[f & 7]) << leave;
        alternative |= (unsigned)(!reenters && alternatives[f & 7]) << leave;
    }
    sets->forbidden = forbidden;
    sets->alternative = alternative;
    sets->reentering = reentering;
}

/* The fate of the mover's marker when tile `code` enters at `point`: the
 * trail of trail_through(), read through v->exit. */
static enum fate placement_fate(const ts_state *s, struct mover_view *v, int code, int point)
{
    for (int pass = 0; pass < 4; pass++) {
        int leave = tsuro_tile_map[code][point];
        if (v->exit[leave] == EXIT_UNKNOWN)
            walk_exit(s, v, leave);
        if (v->exit[leave] < EXIT_REENTERS)
            return (enum fate)v->exit[leave];
        point = v->exit[leave] - EXIT_REENTERS;
    }
    assert(!"a trail through the new tile closes a loop"); /* as in trail_through() */
    return FATE_LEAVES;
}

/* The points where the 4 rotations of `tile`, entered at `point`, first
 * leave it. */
static inline unsigned rotation_exits(int tile, int point)
{
    const uint8_t(*rotations)[8] = &tsuro_tile_map[tile * 4];
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
    bool any_alternative;       /* some placement is an alternative (ALTERNATIVE) */
};

/* True when some placement of `e` whose trail comes back into the new tile
 * is an alternative to a forbidden self-elimination. */
static bool alternative_reentering(const ts_state *s, struct mover_view *v,
                                   const struct placements *p, const struct entry *e)
{
    const uint8_t *alternatives = ALTERNATIVE[s->selfkill];
    for (int i = 0; i < p->num_tiles; i++) {
        int first = p->tiles[i] * 4, end = first + tsuro_tile_looks[p->tiles[i]];
        for (int code = first; code < end; code++)
            if ((e->sets.reentering >> tsuro_tile_map[code][e->point] & 1u) &&
                alternatives[placement_fate(s, v, code, e->point)])
                return true;
    }
    return false;
}

/* Judges every placement open to the mover. The exits of each entry point
 * are walked in one go; a placement is then a look-up, unless its trail
 * comes back into the new tile. */
static void judge_placements(const ts_state *s, struct mover_view *v, struct placements *p)
{
    /* The distinct tiles of the hand (a kosmos hand may hold two copies of
     * a tile, which give the same moves), in increasing order. */
    const uint8_t *hand = s->hand[s->turn];
    int n = 0;
    for (int i = 0; i < s->hand_size[s->turn]; i++)
        if (i == 0 || hand[i - 1] != hand[i])
            p->tiles[n++] = hand[i];
    p->num_tiles = n;
    p->num_entries = v->may_choose ? 2 : 1;
    p->any_alternative = false;
    for (int c = 0; c < p->num_entries; c++) {
        struct entry *e = &p->entry[c];
        e->point = v->point + c;
        e->base = c ? MOVE_CHOICE_BASE : 0;
        unsigned exits = 0;
        for (int i = 0; i < p->num_tiles; i++)
            exits |= rotation_exits(p->tiles[i], e->point);
        walk_exits(s, v, exits, &e->sets);
        p->any_alternative = p->any_alternative || e->sets.alternative != 0 ||
                             (e->sets.reentering != 0 && alternative_reentering(s, v, p, e));
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

/* The legal placements of one entry point, in increasing move order: each
 * tile in each rotation that looks different (the lowest of those that look
 * the same), a forbidden self-elimination only when no placement is an
 * alternative to it. Whether a placement is dropped is a coin toss for the
 * branch predictor, so each is written and the count decides whether the
 * next one overwrites it. */
static inline __attribute__((always_inline)) size_t
list_entry(const ts_state *s, struct mover_view *v, const struct placements *p,
           const struct entry *e, br_move *out)
{
    size_t n = 0;
    unsigned dropped = p->any_alternative ? e->sets.forbidden : 0;
    unsigned reentering = p->any_alternative ? e->sets.reentering : 0;
    for (int i = 0; i < p->num_tiles; i++) {
        int tile = p->tiles[i], looks = tsuro_tile_looks[tile];
        const uint8_t(*rotations)[8] = &tsuro_tile_map[tile * 4];
        for (int r = 0; r < looks; r++) {
            int leave = rotations[r][e->point], code = tile * 4 + r;
            bool drop = dropped >> leave & 1u;
            if (reentering >> leave & 1u) /* rare */
                drop = forbidden_reentering(s, v, e, code);
            out[n] = e->base + code;
            n += !drop;
        }
    }
    return n;
}

/* True when the mover's marker goes out in the same way whichever point of
 * its start side it follows: it leaves the board or meets a marker of the
 * same square head-on. A marker met head-on along one point runs along the
 * other point off the board over the mover's start side, so it is out either
 * way. A marker hit where the trail ends (FATE_HITS) would be out along one
 * point only; that does not arise in positions play reaches or snapshots
 * load (a standing marker ends a chain that starts at the edge, so no trail
 * from the board ends on it), and is kept apart so as not to depend on it. */
static inline bool out_alone(enum fate f)
{
    return f == FATE_LEAVES || f == FATE_MEETS;
}

/* True when some placement is an alternative to a forbidden self-elimination. */
static bool any_alternative_placement(const ts_state *s, struct mover_view *v)
{
    struct placements all;
    judge_placements(s, v, &all);
    return all.any_alternative;
}

/* Kosmos first turn: true when tile `code` entered at the odd point gives
 * the same position as entered at the even point and that placement is
 * listed (legal), so that the odd one only repeats it: the mover is out
 * alone either way (out_alone()), and the board, the hands and every other
 * marker end the same. */
static bool odd_entry_repeats(const ts_state *s, struct mover_view *v,
                              const struct placements *p, int code)
{
    if (!out_alone(placement_fate(s, v, code, v->point + 1)))
        return false;
    enum fate even = placement_fate(s, v, code, v->point);
    if (!out_alone(even) || !FORBIDDEN[s->selfkill][even])
        return out_alone(even);
    /* The even placement is a forbidden self-elimination: listed only when
     * no placement is an alternative (p: judged already; NULL: judge now). */
    return !(p ? p->any_alternative : any_alternative_placement(s, v));
}

/* Kosmos first turn, the odd entry point: as list_entry(), without the
 * placements that repeat an even-point one. The exits of both entry points
 * are walked by now, so the fates are read from v->exit (a trail that comes
 * back into the new tile is traced). Out of line: first turns only. */
static __attribute__((noinline)) size_t list_odd_entry(const ts_state *s,
                                                       struct mover_view *v,
                                                       const struct placements *p,
                                                       br_move *out)
{
    const uint8_t *forbids = FORBIDDEN[s->selfkill];
    size_t n = list_entry(s, v, p, &p->entry[1], out), kept = 0;
    for (size_t k = 0; k < n; k++) {
        int code = (int)(out[k] - MOVE_CHOICE_BASE);
        int odd = v->exit[tsuro_tile_map[code][v->point + 1]];
        int even = v->exit[tsuro_tile_map[code][v->point]];
        bool repeats = out_alone(odd) && out_alone(even) &&
                       !(p->any_alternative && forbids[even]);
        if (odd >= EXIT_REENTERS || even >= EXIT_REENTERS) /* rare */
            repeats = odd_entry_repeats(s, v, p, code);
        out[kept] = out[k];
        kept += !repeats;
    }
    return kept;
}

/* The legal placements, in increasing move order: each distinct placement
 * (distinct position after it) once. */
static size_t list_placements(const ts_state *s, struct mover_view *v,
                              const struct placements *p, br_move *out)
{
    size_t n = list_entry(s, v, p, &p->entry[0], out);
    if (p->num_entries == 2)
        n += list_odd_entry(s, v, p, out + n);
    return n;
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

/* The draw and deal go to a seat with room in its hand: anything else is a
 * bug of the turn flow. */
static void apply_draw(ts_state *s, int tile)
{
    int to = draw_recipient(s);
    assert(s->hand_size[to] < TS_HAND);
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

static void apply_deal(ts_state *s, int tile)
{
    assert(s->hand_size[s->turn] < TS_HAND);
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
    assert(m >= 0 && m < start_positions(s) && !(s->placed & seat_bit(seat)));
    start_point(s, m, &cell, &point);
    stand_marker(s, seat, cell, point, is_kosmos(s));
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
    unsigned occupied = 0, out = 0;
    for (unsigned m = movers; m; m &= m - 1)
        occupied |= 1u << s->marker_point[br_lowest_bit64(m)];
    for (unsigned m = movers; m; m &= m - 1) {
        int p = br_lowest_bit64(m);
        struct walk t = trail_through(s->board, cell, code, s->marker_point[p],
                                      occupied & ~(1u << s->marker_point[p]));
        if (t.end == WALK_STOPS) {
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
        int a = br_lowest_bit64(ma);
        for (unsigned mb = standing & ~seat_bit(a); mb; mb &= mb - 1) {
            int b = br_lowest_bit64(mb);
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
    /* check_placement() accepted it: the mover faces an empty square. */
    assert(s->board[cell] == CELL_EMPTY);
    hand_remove(s, mover, code / 4);
    if (move >= MOVE_CHOICE_BASE)
        s->marker_point[mover]++;
    unsigned movers = 0; /* the seats whose marker faces `cell` move */
    for (unsigned m = s->alive; m; m &= m - 1)
        if (s->marker_cell[br_lowest_bit64(m)] == cell)
            movers |= seat_bit(br_lowest_bit64(m));
    unsigned out = move_markers(s, cell, code, movers);
    s->board[cell] = (uint8_t)code;
    out |= collisions(s, movers & ~out, s->alive & ~out);
    s->fresh &= (uint8_t)~movers;
    s->alive &= (uint8_t)~out;
    s->last_out = (uint8_t)out;
    eliminate(s, out);
    if (at_most_one_seat(s->alive))
        s->phase = PH_OVER;
    else
        start_drawing(s);
}

/* ------------------------------------------------------------------ */
/* Setup */

/* The position before the deal with the settings of `settings` (edition,
 * board, selfkill, seats): an empty board and every tile in the pile. */
void tsuro_start(ts_state *s, const ts_state *settings)
{
    *s = (ts_state){ .edition = settings->edition, .width = settings->width,
                     .selfkill = settings->selfkill, .num_seats = settings->num_seats,
                     .phase = PH_DEAL, .turn = 0, .dragon = NO_SEAT };
    memset(s->board, CELL_OFF, sizeof s->board);
    for (int r = 0; r < s->width; r++)
        for (int c = 0; c < s->width; c++)
            s->board[cell_of(r, c)] = CELL_EMPTY;
    for (int t = 0; t < TS_TILES; t++)
        for (int k = 0; k < tile_copies(s, t); k++)
            put_in_pile(s, t);
}

/* ------------------------------------------------------------------ */
/* Turn and moves */

size_t tsuro_move_space(const void *st)
{
    return (size_t)(draw_base(st) + TS_TILES);
}

size_t tsuro_max_legal_moves(const void *st)
{
    const ts_state *s = st;
    int setups = is_kosmos(s) ? 4 * s->width : 8 * s->width;
    int placements = (is_kosmos(s) ? 2 : 1) * TS_HAND * 4;
    int most = setups > TS_TILES ? setups : TS_TILES;
    return (size_t)(most > placements ? most : placements);
}

int tsuro_current_player(const void *st)
{
    const ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: return BR_PLAYER_CHANCE;
    case PH_OVER: return BR_PLAYER_TERMINAL;
    default: return s->turn;
    }
}

static size_t list_setups(const ts_state *s, br_move *out)
{
    uint64_t taken = 0;
    for (unsigned m = s->placed; m; m &= m - 1) {
        int p = br_lowest_bit64(m);
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
    for (uint64_t m = s->pile_some; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        out[n] = base + t;
        weights[n++] = 1u + (uint32_t)(s->pile_two >> t & 1u);
    }
    return n;
}

size_t tsuro_legal_moves(const void *st, br_move *out)
{
    const ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: {
        uint32_t weights[TS_TILES];
        return list_draws(s, out, weights);
    }
    case PH_SETUP: return list_setups(s, out);
    case PH_PLAY: {
        /* A forbidden self-elimination is legal only when no placement is
         * an alternative to it. */
        struct mover_view v;
        struct placements all;
        view_mover(s, &v);
        judge_placements(s, &v, &all);
        return list_placements(s, &v, &all, out);
    }
    default: return 0;
    }
}

size_t tsuro_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const ts_state *s = st;
    return tsuro_current_player(s) == BR_PLAYER_CHANCE ? list_draws(s, out, weights) : 0;
}

/* One draw with the weights list_draws() gives (copies in the pile), taken
 * from `rng` exactly as the dispatcher's generic path takes it: one
 * br_rng_below(total weight), then the outcomes in increasing order. Seeded
 * games thus draw the same tiles either way, without listing the pile. */
br_move tsuro_sample_chance(const void *st, br_rng *rng)
{
    const ts_state *s = st;
    uint64_t some = s->pile_some, two = s->pile_two;
    /* pile_total counts the copies (put_in_pile() and take_from_pile() keep it,
     * and pile_two within pile_some): the sum of the weights. */
    assert(s->pile_total > 0); /* a chance node: a tile is due */
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


static bool check_draw(const ts_state *s, br_move move, br_text *reason)
{
    if (move < draw_base(s))
        return br_fail(reason, "not a chance outcome: a tile must be drawn first "
                      "(draw <tile>)");
    int tile = move - draw_base(s);
    if (pile_count(s, tile) == 0)
        return br_fail(reason, "tile %d is not in the pile", tile);
    return true;
}

static bool check_setup(const ts_state *s, br_move move, br_text *reason)
{
    if (move < MOVE_SETUP_BASE || move >= draw_base(s))
        return br_fail(reason, "not a move of the setup phase (seat %d places its marker, "
                      "e.g. @a1:%s)", s->turn, is_kosmos(s) ? "top" : "0");
    int m = move - MOVE_SETUP_BASE, cell, point;
    start_point(s, m, &cell, &point);
    bool unused = is_kosmos(s) && (m & 1);
    if (!unused && !marker_stands_at(s, s->placed, cell, point))
        return true;
    if (!reason)
        return false;
    br_text_puts(reason, "start position ");
    tsuro_put_start(s, reason, m);
    if (!unused) {
        br_text_puts(reason, " is taken");
        return false;
    }
    br_text_puts(reason, " is not used in this edition: a marker stands on a side, e.g. @");
    tsuro_put_square(reason, cell);
    br_text_printf(reason, ":%s", SIDE_NAMES[point >> 1]);
    return false;
}

/* The listed move that placement `move` (a tile of the mover's hand) stands
 * for: the same tile in the lowest rotation that looks the same, and in a
 * kosmos first turn the even-point placement that an odd-point one repeats
 * (odd_entry_repeats()). A listed move stands for itself. */
static inline br_move listed_equivalent(const ts_state *s, struct mover_view *v, br_move move)
{
    int code = canonical_code(move % TS_CODES);
    if (move < MOVE_CHOICE_BASE || !v->may_choose)
        return (move < MOVE_CHOICE_BASE ? 0 : MOVE_CHOICE_BASE) + code;
    return odd_entry_repeats(s, v, NULL, code) ? code : MOVE_CHOICE_BASE + code;
}

/* For the notation: the move a placement's text stands for (see
 * listed_equivalent(); away from the mover's turn, only the rotation). */
br_move tsuro_listed_move(const ts_state *s, br_move move)
{
    if (move < 0 || move >= MOVE_SETUP_BASE)
        return move;
    struct mover_view v = { .may_choose = false }; /* away from the turn: no choice */
    if (s->phase == PH_PLAY && hand_has(s, s->turn, move % TS_CODES / 4))
        view_mover(s, &v);
    return listed_equivalent(s, &v, move);
}

/* The no-suicide rule for a listed placement (option selfkill). */
static inline bool check_fate(const ts_state *s, struct mover_view *v, br_move move,
                              br_text *reason)
{
    int code = move % TS_CODES, choice = move >= MOVE_CHOICE_BASE;
    enum fate f = placement_fate(s, v, code, v->point + choice);
    if (!FORBIDDEN[s->selfkill][f] || !any_alternative_placement(s, v))
        return true;
    if (s->selfkill == SK_LITERAL)
        return br_fail(reason, "this placement sends your marker off the board while "
                      "another placement does not (selfkill=literal: a collision is not "
                      "leaving the board)");
    return br_fail(reason, f == FATE_LEAVES
                  ? "this placement sends your marker off the board while another "
                    "placement keeps it on"
                  : "this placement makes your marker collide while another placement "
                    "keeps it on the board");
}

/* A move that repeats a listed one (the same position after it) is not
 * legal itself, so that "legal" means "listed" and a search weighs each
 * placement once. The reason names the listed move, or gives that move's
 * own reason when it is illegal too. */
static __attribute__((noinline, cold)) bool refuse_repeat(const ts_state *s,
                                                           struct mover_view *v, br_move move,
                                                           br_move listed, br_text *reason)
{
    if (!check_fate(s, v, listed, NULL))
        return check_fate(s, v, listed, reason);
    if (!reason)
        return false;
    bool same_point = (move >= MOVE_CHOICE_BASE) == (listed >= MOVE_CHOICE_BASE);
    tsuro_move_to_text(s, move, BR_VIEW_FULL, reason);
    br_text_puts(reason, same_point ? " looks the same as " : " gives the same position as ");
    tsuro_move_to_text(s, listed, BR_VIEW_FULL, reason);
    br_text_puts(reason, same_point ? ", the move listed for this placement"
                                    : " (your marker goes out along either point of its "
                                      "side), the move listed for this placement");
    return false;
}

static bool check_placement(const ts_state *s, br_move move, br_text *reason)
{
    if (move >= MOVE_SETUP_BASE)
        return br_fail(reason, "not a move of the play phase (seat %d places a tile, "
                      "e.g. 17r2)", s->turn);
    int tile = move % TS_CODES / 4, choice = move >= MOVE_CHOICE_BASE;
    if (!hand_has(s, s->turn, tile))
        return br_fail(reason, "tile %d is not in your hand", tile);
    struct mover_view v;
    view_mover(s, &v);
    if (choice && !v.may_choose)
        return br_fail(reason, is_kosmos(s)
                      ? "the second entry point (/1) can be chosen only in your first "
                        "turn, while your marker stands on its start side"
                      : "the second entry point (/1) exists only in the kosmos and "
                        "tactile editions");
    br_move listed = listed_equivalent(s, &v, move);
    if (listed != move)
        return refuse_repeat(s, &v, move, listed, reason);
    return check_fate(s, &v, move, reason);
}

bool tsuro_check_move(const void *st, br_move move, br_text *reason)
{
    const ts_state *s = st;
    int space = (int)tsuro_move_space(s);
    if (move < 0 || move >= space)
        return br_fail(reason, "move %ld is outside 0..%d", (long)move, space - 1);
    switch (s->phase) {
    case PH_DEAL:
    case PH_DRAW: return check_draw(s, move, reason);
    case PH_SETUP: return check_setup(s, move, reason);
    case PH_PLAY: return check_placement(s, move, reason);
    default: return br_fail(reason, "the game is over");
    }
}

void tsuro_apply_move(void *st, br_move move)
{
    ts_state *s = st;
    switch (s->phase) {
    case PH_DEAL: apply_deal(s, move - draw_base(s)); break;
    case PH_DRAW: apply_draw(s, move - draw_base(s)); break;
    case PH_SETUP: apply_setup(s, move - MOVE_SETUP_BASE); break;
    case PH_PLAY: apply_placement(s, move); break;
    default: assert(!"a move accepted after the game is over"); break;
    }
}

/* ------------------------------------------------------------------ */
/* Results */

void tsuro_winners(const void *st, uint8_t *is_winner)
{
    const ts_state *s = st;
    unsigned winners = winners_of(s);
    for (int p = 0; p < s->num_seats; p++)
        is_winner[p] = (winners & seat_bit(p)) != 0;
}

void tsuro_scores(const void *st, double *out)
{
    const ts_state *s = st;
    unsigned out_seats = s->placed & ~s->alive;
    for (int p = 0; p < s->num_seats; p++)
        out[p] = (out_seats & seat_bit(p)) ? 0.0 : 1.0;
}
