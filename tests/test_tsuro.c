/*
 * test_tsuro: one Check test per rule of Tsuro.
 *
 * Every test is named after the rule it checks and quotes the sentence of
 * shared/rules/tsuro.de.txt (or the line of shared/rules/FACTS.md) behind it.
 * Positions are built only through the public API: states are created with
 * `chance=explicit`, so that the test chooses every tile dealt and drawn
 * (`draw t`), markers are placed with `@a1:0` moves, then tiles are placed.
 *
 * The expectations do not come from the implementation. The test file has
 * its own small model of doc/games/tsuro.md: the 35 tiles numbered as the
 * spec says (enumerate the 105 pairings of 8 points, canonical form = the
 * lexicographically smallest rotation of the sorted list of sorted pairs,
 * sort, number), the board geometry, and markers following their paths. A
 * "table" drives the library and the model side by side; before every
 * placement it compares the library's legal placements with the ones the
 * rules allow in the model (the no-self-elimination rule makes the legal set
 * depend on where every marker stands and which tiles lie where), and at
 * every draw it compares the chance outcomes with the model's draw pile.
 *
 * Positions are only observed through behaviour (legal moves, whose turn it
 * is, chance outcomes, returns, scores); JSON is used only as the API
 * guarantees it: snapshots compared as a whole, observations compared between
 * states, and once a snapshot of a played position loaded back with fields
 * replaced (hands, dragon; the format of doc/games/tsuro.md), for a position
 * that play does not reach.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardrules.h>

#include "brt_util.h"

enum {
    NUM_TILES = 35,
    MAX_SEATS = 8,
    MAX_WIDTH = 7,
    MAX_SQUARES = MAX_WIDTH * MAX_WIDTH,
    HAND_SIZE = 3,
    NO_TILE = -1,
    /* Move ranges of doc/games/tsuro.md ("Move numbers and notation"). */
    PLACEMENT_MOVES = NUM_TILES * 4,           /* t*4 + r: 0..139 */
    SECOND_PATH_BASE = PLACEMENT_MOVES,        /* 140 + t*4 + r */
    MARKER_BASE = 2 * PLACEMENT_MOVES,         /* 280 + m */
    MOVE_BUFFER = 1024,
    TEXT_SIZE = 256
};

/* ------------------------------------------------------------------ */
/* Small utilities                                                     */

static bool close_to(double a, double b)
{
    double d = a - b;
    return d < 1e-9 && d > -1e-9;
}

static const br_game *tsuro(void)
{
    const br_game *game = br_game_find("tsuro");
    ck_assert_msg(game != NULL, "the registry has no game named tsuro");
    return game;
}

static br_state *new_state(const char *options)
{
    return brt_new_state(tsuro(), options);
}

/* br_state_new() that must fail with BR_ERR_OPTION and a message naming `key`. */
static void assert_option_rejected(const char *options, const char *key)
{
    char err[TEXT_SIZE] = "";
    br_state *s = NULL;
    br_status st = br_state_new(tsuro(), options, &s, err, sizeof err);
    ck_assert_msg(st == BR_ERR_OPTION, "options \"%s\": expected BR_ERR_OPTION, got %s",
                  options, br_status_string(st));
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(err, key) != NULL,
                  "options \"%s\": the message \"%s\" does not name the key '%s'",
                  options, err, key);
}

static void move_text(const br_state *s, br_move move, char *buf, size_t size)
{
    br_status st = br_state_move_to_text(s, move, buf, size, NULL);
    ck_assert_msg(st == BR_OK, "br_state_move_to_text(%d): %s", (int)move,
                  br_status_string(st));
}

static size_t legal_moves(const br_state *s, br_move *moves)
{
    size_t n = 0;
    ck_assert_int_le(br_state_max_legal_moves(s), MOVE_BUFFER);
    ck_assert_int_eq(br_state_legal_moves(s, moves, MOVE_BUFFER, &n), BR_OK);
    return n;
}

/* The move must be illegal, with a reason, and applying it must change
 * nothing and leave an explanation in br_state_last_error(). */
static void assert_rejected(br_state *s, br_move move)
{
    char reason[TEXT_SIZE] = "";
    ck_assert_int_eq(br_state_check_move(s, move, reason, sizeof reason),
                     BR_ERR_ILLEGAL_MOVE);
    ck_assert_msg(reason[0] != '\0', "check_move(%d) gives no reason", (int)move);
    char *before = brt_snapshot(s);
    uint32_t number = br_state_move_number(s);
    ck_assert_int_eq(br_state_apply(s, move), BR_ERR_ILLEGAL_MOVE);
    ck_assert_msg(br_state_last_error(s)[0] != '\0',
                  "apply(%d) was refused without a reason", (int)move);
    char *after = brt_snapshot(s);
    ck_assert_str_eq(before, after);
    ck_assert_uint_eq(br_state_move_number(s), number);
    free(before);
    free(after);
}

static void assert_returns(const br_state *s, const double *want, int seats)
{
    double got[MAX_SEATS];
    ck_assert_int_eq(br_state_returns(s, got, MAX_SEATS), BR_OK);
    for (int i = 0; i < seats; i++)
        ck_assert_msg(close_to(got[i], want[i]), "seat %d: return %g, expected %g", i,
                      got[i], want[i]);
}

static void assert_scores(const br_state *s, const double *want, int seats)
{
    double got[MAX_SEATS];
    ck_assert_int_eq(br_state_scores(s, got, MAX_SEATS), BR_OK);
    for (int i = 0; i < seats; i++)
        ck_assert_msg(close_to(got[i], want[i]), "seat %d: score %g, expected %g", i, got[i],
                      want[i]);
}

/* A copy of the snapshot `json` in which the value of the field `key` is
 * `value`. The keys used here occur once in a snapshot (in its `state`
 * object); values are numbers, null, strings without escapes, or arrays. */
static char *with_field(const char *json, const char *key, const char *value)
{
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = strstr(json, quoted);
    ck_assert_msg(at != NULL && strstr(at + 1, quoted) == NULL,
                  "the snapshot has no single field %s", key);
    const char *start = at + strlen(quoted);
    while (*start == ' ' || *start == ':')
        start++;
    const char *end = start;
    int depth = 0;
    bool in_string = false;
    do {
        if (*end == '"')
            in_string = !in_string;
        else if (!in_string && *end == '[')
            depth++;
        else if (!in_string && *end == ']')
            depth--;
        end++;
    } while (*end != '\0' && (in_string || depth > 0 || (*end != ',' && *end != '}')));
    size_t head = (size_t)(start - json), tail = strlen(end), len = strlen(value);
    char *out = malloc(head + len + tail + 1);
    ck_assert_ptr_nonnull(out);
    memcpy(out, json, head);
    memcpy(out + head, value, len);
    memcpy(out + head + len, end, tail + 1);
    return out;
}

/* ------------------------------------------------------------------ */
/* Tiles: the numbering of doc/games/tsuro.md, computed from scratch.   */

typedef struct tile_form {
    int v[8]; /* the sorted list of sorted pairs, flattened: a0 b0 a1 b1 .. */
} tile_form;

static int tile_partner[NUM_TILES][8]; /* tile t in rotation 0: point -> point */
static bool tiles_ready;
static int pairings_seen;

static tile_form form_of(const int partner[8])
{
    tile_form f;
    int k = 0;
    for (int p = 0; p < 8; p++) /* pairs come out sorted by their smaller point */
        if (p < partner[p]) {
            f.v[k++] = p;
            f.v[k++] = partner[p];
        }
    return f;
}

/* Rotating a tile 90 degrees clockwise maps point p to (p+2) mod 8. */
static void rotate(const int partner[8], int quarter_turns, int out[8])
{
    int shift = 2 * quarter_turns;
    for (int p = 0; p < 8; p++)
        out[(p + shift) % 8] = (partner[p] + shift) % 8;
}

static int compare_forms(const void *a, const void *b)
{
    const tile_form *x = a, *y = b;
    for (int i = 0; i < 8; i++)
        if (x->v[i] != y->v[i])
            return x->v[i] < y->v[i] ? -1 : 1;
    return 0;
}

static tile_form canonical_form(const int partner[8])
{
    tile_form best = form_of(partner);
    for (int r = 1; r < 4; r++) {
        int turned[8];
        rotate(partner, r, turned);
        tile_form f = form_of(turned);
        if (compare_forms(&f, &best) < 0)
            best = f;
    }
    return best;
}

static void collect_pairings(int partner[8], tile_form *forms, int *count)
{
    int p = 0;
    while (p < 8 && partner[p] >= 0)
        p++;
    if (p == 8) {
        pairings_seen++;
        tile_form f = canonical_form(partner);
        for (int i = 0; i < *count; i++)
            if (compare_forms(&forms[i], &f) == 0)
                return;
        ck_assert_int_lt(*count, NUM_TILES);
        forms[(*count)++] = f;
        return;
    }
    for (int q = p + 1; q < 8; q++) {
        if (partner[q] >= 0)
            continue;
        partner[p] = q;
        partner[q] = p;
        collect_pairings(partner, forms, count);
        partner[p] = partner[q] = -1;
    }
}

static void tiles_init(void)
{
    if (tiles_ready)
        return;
    tile_form forms[NUM_TILES];
    int count = 0;
    int partner[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    pairings_seen = 0;
    collect_pairings(partner, forms, &count);
    ck_assert_int_eq(pairings_seen, 105);
    ck_assert_int_eq(count, NUM_TILES);
    qsort(forms, NUM_TILES, sizeof forms[0], compare_forms);
    for (int t = 0; t < NUM_TILES; t++)
        for (int i = 0; i < 8; i += 2) {
            tile_partner[t][forms[t].v[i]] = forms[t].v[i + 1];
            tile_partner[t][forms[t].v[i + 1]] = forms[t].v[i];
        }
    tiles_ready = true;
}

/* Where the path entering tile t (rotation r) at point p leaves it. */
static int tile_exit(int t, int r, int p)
{
    tiles_init();
    int shift = 2 * r;
    return (tile_partner[t][(p + 8 - shift) % 8] + shift) % 8;
}

/* Number of distinct orientations of tile t (1, 2 or 4). */
static int tile_orientations(int t)
{
    tiles_init();
    for (int r = 1; r < 4; r++) {
        bool same = true;
        for (int p = 0; p < 8; p++)
            same = same && tile_exit(t, r, p) == tile_partner[t][p];
        if (same)
            return r == 2 ? 2 : 1;
    }
    return 4;
}

/* A tile t (not in `avoid`) and rotation r that join every pair of `pairs`
 * (num_pairs pairs of points). Prefers tiles with 4 distinct orientations. */
static void find_tile_joining(const int pairs[][2], int num_pairs, const bool avoid[NUM_TILES],
                              int *t_out, int *r_out)
{
    for (int want_orientations = 4; want_orientations >= 1; want_orientations--)
        for (int t = 0; t < NUM_TILES; t++) {
            if ((avoid && avoid[t]) || tile_orientations(t) != want_orientations)
                continue;
            for (int r = 0; r < 4; r++) {
                bool fits = true;
                for (int i = 0; i < num_pairs; i++)
                    fits = fits && tile_exit(t, r, pairs[i][0]) == pairs[i][1];
                if (fits) {
                    *t_out = t;
                    *r_out = r;
                    return;
                }
            }
        }
    ck_abort_msg("no tile joins the %d requested pairs", num_pairs);
}

/* Fills the entries of `deal` that are -1 with the lowest tiles that appear
 * nowhere else in it, so that a test names only the tiles that matter. */
static void complete_deal(int seats, int deal[][HAND_SIZE])
{
    bool named[NUM_TILES] = {false};
    for (int seat = 0; seat < seats; seat++)
        for (int k = 0; k < HAND_SIZE; k++)
            if (deal[seat][k] >= 0)
                named[deal[seat][k]] = true;
    int next = 0;
    for (int seat = 0; seat < seats; seat++)
        for (int k = 0; k < HAND_SIZE; k++) {
            if (deal[seat][k] >= 0)
                continue;
            while (named[next])
                next++;
            deal[seat][k] = next;
            named[next] = true;
        }
}

/* ------------------------------------------------------------------ */
/* Board geometry of doc/games/tsuro.md                                */

/* Point p of a square touches point touching[p] of the neighbouring square. */
static const int touching[8] = {5, 4, 7, 6, 1, 0, 3, 2};

typedef struct spot {
    int square; /* row * W + column */
    int point;  /* the marker stands on this point of `square`, facing it */
} spot;

/* The square across point p of square sq, or -1 off the board. */
static int neighbour(int width, int sq, int p)
{
    int row = sq / width, col = sq % width;
    switch (p / 2) {
    case 0: row--; break;
    case 1: col++; break;
    case 2: row++; break;
    default: col--; break;
    }
    if (row < 0 || row >= width || col < 0 || col >= width)
        return -1;
    return row * width + col;
}

/* Start position m: the 8W edge points clockwise from the top-left corner. */
static spot start_spot(int width, int m)
{
    int edge = m / (2 * width), i = (m % (2 * width)) / 2, j = m % 2;
    spot s;
    switch (edge) {
    case 0: s.square = i; s.point = j; break;                                   /* top */
    case 1: s.square = i * width + width - 1; s.point = 2 + j; break;             /* right */
    case 2: s.square = (width - 1) * width + (width - 1 - i); s.point = 4 + j; break; /* bottom */
    default: s.square = (width - 1 - i) * width; s.point = 6 + j; break;          /* left */
    }
    return s;
}

static int start_index(int width, spot s)
{
    for (int m = 0; m < 8 * width; m++) {
        spot e = start_spot(width, m);
        if (e.square == s.square && e.point == s.point)
            return m;
    }
    return -1;
}

static void square_name(int width, int sq, char out[16])
{
    snprintf(out, 16, "%c%d", (char)('a' + sq % width), sq / width + 1);
}

static const char *const side_names[4] = {"top", "right", "bottom", "left"};

/* Parses "@c1:0" (classic) or "@c1:top" (kosmos) on our own, so that the
 * model does not rely on the library's parser. */
static spot parse_mark(int width, const char *text)
{
    char col = 0, rest[16] = "";
    int row = 0;
    ck_assert_msg(sscanf(text, "@%c%d:%15s", &col, &row, rest) == 3, "bad mark %s", text);
    spot s = {(row - 1) * width + (col - 'a'), -1};
    for (int side = 0; side < 4; side++)
        if (strcmp(rest, side_names[side]) == 0)
            s.point = 2 * side; /* a side slot stands for its even point */
    if (s.point < 0)
        s.point = atoi(rest);
    return s;
}

/* The board width from the move space: 315 + 8W moves. */
static int board_width(const br_state *s)
{
    size_t space = br_state_move_space(s);
    ck_assert_uint_ge(space, 315 + 8 * 6);
    ck_assert_uint_eq((space - 315) % 8, 0);
    return (int)((space - 315) / 8);
}

static br_move placement_move(int t, int r) { return (br_move)(t * 4 + r); }
static br_move second_path_move(int t, int r) { return (br_move)(SECOND_PATH_BASE + t * 4 + r); }
static br_move marker_move(int m) { return (br_move)(MARKER_BASE + m); }
static br_move draw_move(int width, int t) { return (br_move)(MARKER_BASE + 8 * width + t); }

/* ------------------------------------------------------------------ */
/* The model: tiles on the board and markers following their paths.   */

typedef struct model {
    int width, seats;
    int tile[MAX_SQUARES], rotation[MAX_SQUARES]; /* NO_TILE when empty */
    spot marker[MAX_SEATS];
    bool on_board[MAX_SEATS];
} model;

enum fate { FATE_STAYS, FATE_LEFT_BOARD, FATE_COLLIDED };

typedef struct path {
    int points[8 * MAX_SQUARES]; /* physical points passed, the start excluded */
    int len;
    bool left_board;
    spot end;
} path;

/* One number per physical point: the two squares that share a point name it
 * differently, the lower (square, point) pair wins. */
static int physical_point(int width, int sq, int p)
{
    int here = sq * 8 + p;
    int other_sq = neighbour(width, sq, p);
    if (other_sq < 0)
        return here;
    int there = other_sq * 8 + touching[p];
    return here < there ? here : there;
}

static void model_init(model *m, int width, int seats)
{
    memset(m, 0, sizeof *m);
    m->width = width;
    m->seats = seats;
    for (int sq = 0; sq < MAX_SQUARES; sq++)
        m->tile[sq] = NO_TILE;
}

/* Follows the path from `from` through the tiles on the board until it
 * reaches an empty square or the edge of the board. */
static void trace_path(const model *m, spot from, path *out)
{
    int sq = from.square, p = from.point;
    out->len = 0;
    out->left_board = false;
    while (m->tile[sq] != NO_TILE) {
        ck_assert_int_lt(out->len, 8 * MAX_SQUARES);
        int q = tile_exit(m->tile[sq], m->rotation[sq], p);
        out->points[out->len++] = physical_point(m->width, sq, q);
        int next = neighbour(m->width, sq, q);
        if (next < 0) {
            out->left_board = true;
            return;
        }
        sq = next;
        p = touching[q];
    }
    out->end.square = sq;
    out->end.point = p;
}

/* Places tile t (rotation r) on the square in front of `mover`'s marker;
 * every marker facing that square follows its path. A marker whose path
 * runs into another marker collides with it (both out); a marker whose path
 * runs off the board is out. */
static void model_place(model *m, int mover, int t, int r, enum fate fate[MAX_SEATS])
{
    path paths[MAX_SEATS];
    bool moving[MAX_SEATS] = {false};
    int sq = m->marker[mover].square;
    ck_assert_int_eq(m->tile[sq], NO_TILE);
    m->tile[sq] = t;
    m->rotation[sq] = r;
    for (int i = 0; i < m->seats; i++) {
        fate[i] = FATE_STAYS;
        moving[i] = m->on_board[i] && m->marker[i].square == sq;
        if (moving[i])
            trace_path(m, m->marker[i], &paths[i]);
    }
    for (int i = 0; i < m->seats; i++) {
        if (!moving[i])
            continue;
        for (int k = 0; k < paths[i].len; k++)
            for (int j = 0; j < m->seats; j++)
                if (j != i && m->on_board[j] &&
                    paths[i].points[k] ==
                        physical_point(m->width, m->marker[j].square, m->marker[j].point))
                    fate[i] = fate[j] = FATE_COLLIDED;
    }
    for (int i = 0; i < m->seats; i++)
        if (moving[i] && fate[i] == FATE_STAYS && paths[i].left_board)
            fate[i] = FATE_LEFT_BOARD;
    for (int i = 0; i < m->seats; i++)
        for (int j = i + 1; j < m->seats; j++)
            if (moving[i] && moving[j] && fate[i] == FATE_STAYS && fate[j] == FATE_STAYS &&
                physical_point(m->width, paths[i].end.square, paths[i].end.point) ==
                    physical_point(m->width, paths[j].end.square, paths[j].end.point))
                fate[i] = fate[j] = FATE_COLLIDED;
    for (int i = 0; i < m->seats; i++) {
        if (fate[i] != FATE_STAYS)
            m->on_board[i] = false;
        else if (moving[i])
            m->marker[i] = paths[i].end;
    }
}

static enum fate fate_of_mover(const model *m, int mover, spot at, int t, int r)
{
    model copy = *m;
    enum fate fate[MAX_SEATS];
    copy.marker[mover] = at;
    model_place(&copy, mover, t, r, fate);
    return fate[mover];
}

/* The spec's `selfkill` values. */
enum selfkill { SELFKILL_EDGE, SELFKILL_ANY, SELFKILL_NONE, SELFKILL_LITERAL };

static enum selfkill selfkill_of(const char *options)
{
    if (strstr(options, "selfkill=any"))
        return SELFKILL_ANY;
    if (strstr(options, "selfkill=none"))
        return SELFKILL_NONE;
    return strstr(options, "selfkill=literal") ? SELFKILL_LITERAL : SELFKILL_EDGE;
}

/* Whether the "no suicide" rule forbids a placement with fate f when an
 * alternative exists, under the spec's `selfkill` option (edge, literal:
 * leaving the board; any: also colliding; none: nothing). */
static bool is_forbidden_self_elimination(enum fate f, enum selfkill selfkill)
{
    if (selfkill == SELFKILL_NONE)
        return false;
    return f == FATE_LEFT_BOARD || (selfkill == SELFKILL_ANY && f == FATE_COLLIDED);
}

/* Whether a placement with fate f is an alternative that keeps the forbidden
 * ones illegal. Spec, clarification 6: edge and any count any elimination in
 * the exception ("unless every placement would also eliminate you"), so only
 * a placement that stays is one; literal (issue 10: "allowed only when every
 * tile in your hand, in every rotation, would send it off the board") counts
 * only leaving the board, so a placement that collides is one too. */
static bool is_alternative(enum fate f, enum selfkill selfkill)
{
    return f == FATE_STAYS || (selfkill == SELFKILL_LITERAL && f == FATE_COLLIDED);
}

/* ------------------------------------------------------------------ */
/* The table: the library's state and the model side by side.          */

typedef struct table {
    br_state *state;
    model board;
    int width;
    bool classic;      /* classic: one of each tile, so the pile is known */
    enum selfkill selfkill;
    int hand[MAX_SEATS][HAND_SIZE];
    int hand_size[MAX_SEATS];
    bool in_pile[NUM_TILES];
    bool has_moved[MAX_SEATS]; /* kosmos: a figure that never moved may choose its path */
} table;

static void tb_open(table *tb, int seats, const char *extra_options)
{
    char options[TEXT_SIZE];
    snprintf(options, sizeof options, "players=%d,chance=explicit,seed=7%s%s", seats,
             extra_options[0] ? "," : "", extra_options);
    memset(tb, 0, sizeof *tb);
    tb->state = new_state(options);
    tb->width = board_width(tb->state);
    tb->classic = strstr(extra_options, "edition=") == NULL ||
                  strstr(extra_options, "edition=classic") != NULL;
    tb->selfkill = selfkill_of(extra_options);
    model_init(&tb->board, tb->width, seats);
    for (int t = 0; t < NUM_TILES; t++)
        tb->in_pile[t] = true;
}

static void tb_close(table *tb)
{
    br_state_free(tb->state);
    tb->state = NULL;
}

static void expect_turn(const br_state *s, int seat)
{
    ck_assert_msg(br_state_current_player(s) == seat,
                  "expected seat %d to move, current player is %d", seat,
                  br_state_current_player(s));
}

static void expect_chance(const br_state *s)
{
    ck_assert_msg(br_state_is_chance_node(s) && br_state_current_player(s) == BR_PLAYER_CHANCE,
                  "expected a chance node (a draw), current player is %d",
                  br_state_current_player(s));
}

static int pile_count(const table *tb)
{
    int n = 0;
    for (int t = 0; t < NUM_TILES; t++)
        n += tb->in_pile[t];
    return n;
}

/* Classic: the outcomes of the draw are exactly the tiles of the pile, each
 * equally likely. Kosmos: `t` is among them. */
static void assert_draw_outcomes(const table *tb, int t)
{
    br_move moves[MOVE_BUFFER];
    double probabilities[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(tb->state, moves, probabilities, MOVE_BUFFER, &n),
                     BR_OK);
    bool offered = false;
    for (size_t i = 0; i < n; i++)
        offered = offered || moves[i] == draw_move(tb->width, t);
    ck_assert_msg(offered, "tile %d is not among the %zu draw outcomes", t, n);
    if (!tb->classic)
        return;
    ck_assert_msg((int)n == pile_count(tb), "the draw offers %zu tiles, the pile holds %d",
                  n, pile_count(tb));
    for (size_t i = 0; i < n; i++) {
        int tile = (int)moves[i] - (int)draw_move(tb->width, 0);
        ck_assert_msg(tile >= 0 && tile < NUM_TILES && tb->in_pile[tile],
                      "draw outcome %d is not a tile of the pile", (int)moves[i]);
        ck_assert(close_to(probabilities[i], 1.0 / (double)n));
    }
}

/* Issue 10: the chance node says who gets the tile, in the move text
 * ("draw 14 to seat 2") and in every seat's observation (`draw_to`). The
 * text of another seat's classic draw hides the tile, not the seat. */
static void assert_draw_names_recipient(const table *tb, int seat, int t)
{
    char want[64], got[64], field[32];
    snprintf(want, sizeof want, "draw %d to seat %d", t, seat);
    move_text(tb->state, draw_move(tb->width, t), got, sizeof got);
    ck_assert_str_eq(got, want);
    ck_assert_int_eq(brt_parse_move(tb->state, want), draw_move(tb->width, t));
    snprintf(field, sizeof field, "\"draw_to\":%d", seat);
    for (int viewer = -1; viewer < tb->board.seats; viewer++) {
        char *seen = brt_observation(tb->state, viewer);
        ck_assert_msg(strstr(seen, field) != NULL, "seat %d's observation lacks %s: %s", viewer,
                      field, seen);
        free(seen);
        if (tb->classic && viewer != seat)
            snprintf(want, sizeof want, "draw ? to seat %d", seat);
        else
            snprintf(want, sizeof want, "draw %d to seat %d", t, seat);
        ck_assert_int_eq(br_state_move_to_text_view(tb->state, draw_move(tb->width, t), viewer,
                                                    got, sizeof got, NULL), BR_OK);
        ck_assert_str_eq(got, want);
    }
}

/* The chance node deals/draws tile t; `seat` is the player who gets it. The
 * draw is entered in the older text form ("draw 14"), which still parses. */
static void tb_draw(table *tb, int seat, int t)
{
    char text[32];
    expect_chance(tb->state);
    assert_draw_outcomes(tb, t);
    assert_draw_names_recipient(tb, seat, t);
    snprintf(text, sizeof text, "draw %d", t);
    br_move move = brt_parse_move(tb->state, text);
    ck_assert_int_eq(move, draw_move(tb->width, t));
    ck_assert_msg(br_state_apply(tb->state, move) == BR_OK, "%s: %s", text,
                  br_state_last_error(tb->state));
    tb->in_pile[t] = false;
    ck_assert_int_lt(tb->hand_size[seat], HAND_SIZE);
    tb->hand[seat][tb->hand_size[seat]++] = t;
}

/* The deal: seats 0..n-1 in turn, three rounds. */
static void tb_deal(table *tb, const int deal[][HAND_SIZE])
{
    for (int round = 0; round < HAND_SIZE; round++)
        for (int seat = 0; seat < tb->board.seats; seat++)
            tb_draw(tb, seat, deal[seat][round]);
}

static void tb_mark(table *tb, int seat, const char *text)
{
    spot at = parse_mark(tb->width, text);
    int m = start_index(tb->width, at);
    ck_assert_msg(m >= 0, "%s is not a start position", text);
    expect_turn(tb->state, seat);
    br_move move = brt_parse_move(tb->state, text);
    ck_assert_int_eq(move, marker_move(m));
    ck_assert_msg(br_state_apply(tb->state, move) == BR_OK, "%s: %s", text,
                  br_state_last_error(tb->state));
    tb->board.marker[seat] = at;
    tb->board.on_board[seat] = true;
}

static void tb_marks(table *tb, const char *const marks[])
{
    for (int seat = 0; seat < tb->board.seats; seat++)
        tb_mark(tb, seat, marks[seat]);
}

/* tb_open(), then the three rounds of the deal (deal[seat][round]) and each
 * seat's marker (marks[seat]). */
static void tb_start(table *tb, int seats, const char *extra_options,
                     const int deal[][HAND_SIZE], const char *const marks[])
{
    tb_open(tb, seats, extra_options);
    tb_deal(tb, deal);
    tb_marks(tb, marks);
}

static bool first_turn_choice(const table *tb, int seat)
{
    return !tb->classic && !tb->has_moved[seat];
}

/* The placements the rules allow `seat` (moves 0..279): each tile of the
 * hand in each rotation (kosmos first turn: along either point of the side),
 * minus the self-eliminations `selfkill` forbids, unless no placement is an
 * alternative (is_alternative()). Spec, clarification 6: under `edge` the
 * exception "counts any elimination (leaving or collision)", so a placement
 * that collides is allowed but is no alternative; under `literal` it is. */
/* Two positions of the model are the same when the same markers are on the
 * board, on the same points, and every square holds the same paths (a tile
 * in two rotations that look the same is the same tile on the board). */
static bool same_position(const model *a, const model *b)
{
    for (int i = 0; i < a->seats; i++)
        if (a->on_board[i] != b->on_board[i] ||
            (a->on_board[i] && (a->marker[i].square != b->marker[i].square ||
                                a->marker[i].point != b->marker[i].point)))
            return false;
    for (int sq = 0; sq < a->width * a->width; sq++) {
        if ((a->tile[sq] == NO_TILE) != (b->tile[sq] == NO_TILE))
            return false;
        for (int p = 0; a->tile[sq] != NO_TILE && p < 8; p++)
            if (tile_exit(a->tile[sq], a->rotation[sq], p) !=
                tile_exit(b->tile[sq], b->rotation[sq], p))
                return false;
    }
    return true;
}

/* One placement open to the mover, with the position after it. */
typedef struct option {
    br_move move;
    enum fate fate;
    model after;
} option;

/* The placements open to `seat`, in increasing move order: each tile of the
 * hand in each of the 4 rotations (kosmos first turn: along either point of
 * the side, /1 moves last). */
static int open_placements(const table *tb, int seat, option out[2 * HAND_SIZE * 4])
{
    bool in_hand[NUM_TILES] = {false};
    for (int i = 0; i < tb->hand_size[seat]; i++)
        in_hand[tb->hand[seat][i]] = true;
    int count = 0, paths = first_turn_choice(tb, seat) ? 2 : 1;
    for (int move = 0; move < paths * PLACEMENT_MOVES; move++) {
        int t = (move % PLACEMENT_MOVES) / 4, r = move % 4, k = move >= SECOND_PATH_BASE;
        if (!in_hand[t])
            continue;
        spot at = tb->board.marker[seat];
        if (paths == 2) /* k = 0: the side's even point, k = 1: its odd one */
            at.point = (at.point & ~1) | k;
        option *o = &out[count++];
        enum fate fate[MAX_SEATS];
        o->move = move;
        o->after = tb->board;
        o->after.marker[seat] = at;
        model_place(&o->after, seat, t, r, fate);
        o->fate = fate[seat];
    }
    return count;
}

/* The moves the rules list for `seat`: the placements open to it, minus the
 * self-eliminations `selfkill` forbids, unless no placement is an
 * alternative (is_alternative()), and then each distinct placement once
 * (issue 10): a placement that gives the same position as a lower listed
 * one is not listed (rotations that look the same; in a kosmos first turn,
 * the two points of the side when the marker goes out either way and takes
 * nobody along on only one of them). Spec, clarification 6: under `edge`
 * the exception "counts any elimination (leaving or collision)", so a
 * placement that collides is allowed but is no alternative; under `literal`
 * it is. */
static void expected_legal(const table *tb, int seat, bool legal[MARKER_BASE])
{
    static option open[2 * HAND_SIZE * 4];
    int count = open_placements(tb, seat, open);
    bool any_alternative = false;
    for (int i = 0; i < count; i++)
        any_alternative = any_alternative || is_alternative(open[i].fate, tb->selfkill);
    memset(legal, 0, MARKER_BASE * sizeof legal[0]);
    for (int i = 0; i < count; i++) {
        bool allowed = !any_alternative ||
                       !is_forbidden_self_elimination(open[i].fate, tb->selfkill);
        for (int j = 0; allowed && j < i; j++)
            allowed = !legal[open[j].move] || !same_position(&open[i].after, &open[j].after);
        legal[open[i].move] = allowed;
    }
}

static void assert_legal_matches_model(const table *tb, int seat)
{
    bool want[MARKER_BASE], got[MARKER_BASE] = {false};
    br_move moves[MOVE_BUFFER];
    char text[32];
    expect_turn(tb->state, seat);
    expected_legal(tb, seat, want);
    size_t n = legal_moves(tb->state, moves);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(moves[i] >= 0 && moves[i] < MARKER_BASE,
                      "seat %d: move %d is legal but is no placement", seat, (int)moves[i]);
        got[moves[i]] = true;
    }
    for (int move = 0; move < MARKER_BASE; move++) {
        if (want[move] == got[move])
            continue;
        move_text(tb->state, move, text, sizeof text);
        ck_abort_msg("seat %d, move %s: the rules make it %s, the library %s", seat, text,
                     want[move] ? "legal" : "illegal", got[move] ? "allows it" : "refuses it");
    }
}

static void remove_from_hand(table *tb, int seat, int t)
{
    for (int i = 0; i < tb->hand_size[seat]; i++)
        if (tb->hand[seat][i] == t) {
            tb->hand[seat][i] = tb->hand[seat][--tb->hand_size[seat]];
            return;
        }
    ck_abort_msg("tile %d is not in the hand of seat %d", t, seat);
}

/* `move` repeats the listed move `listed` (the same position after it;
 * issue 10): it is refused with a reason that names `listed`, and its text
 * parses to `listed`. */
static void assert_repeat_refused(br_state *s, br_move move, br_move listed)
{
    char reason[TEXT_SIZE] = "", text[32], want[40];
    assert_rejected(s, move);
    ck_assert_int_eq(br_state_check_move(s, move, reason, sizeof reason), BR_ERR_ILLEGAL_MOVE);
    want[0] = ' ';
    move_text(s, listed, want + 1, sizeof want - 1);
    ck_assert_msg(strstr(reason, want) != NULL, "the reason \"%s\" does not name%s", reason,
                  want);
    move_text(s, move, text, sizeof text);
    ck_assert_int_eq(brt_parse_move(s, text), listed);
}

/* Tile t in rotation r is a legal placement. Issue 10: each distinct
 * placement is listed once, as the lowest rotation that looks the same (the
 * model's own count of orientations); a higher rotation that looks the same
 * repeats it. */
static void assert_placement_legal(br_state *s, int t, int r)
{
    int low = r % tile_orientations(t);
    ck_assert_msg(brt_move_is_legal(s, placement_move(t, low)), "%dr%d is refused", t, low);
    if (low != r)
        assert_repeat_refused(s, placement_move(t, r), placement_move(t, low));
}

/* The scenarios name a tile in any rotation it was found in; the move played
 * is the listed one, the lowest rotation that looks the same, after the
 * higher one is checked to repeat it. */
static void place_common(table *tb, int seat, int t, int r, bool second_path,
                         enum fate fate[MAX_SEATS])
{
    assert_legal_matches_model(tb, seat);
    br_move base = second_path ? SECOND_PATH_BASE : 0;
    int low = r % tile_orientations(t);
    if (low != r)
        assert_repeat_refused(tb->state, base + placement_move(t, r), base + placement_move(t, low));
    r = low;
    br_move move = base + placement_move(t, r);
    ck_assert_msg(br_state_apply(tb->state, move) == BR_OK, "seat %d, %dr%d%s: %s", seat, t,
                  r, second_path ? "/1" : "", br_state_last_error(tb->state));
    if (first_turn_choice(tb, seat))
        tb->board.marker[seat].point = (tb->board.marker[seat].point & ~1) | second_path;
    remove_from_hand(tb, seat, t);
    /* Every marker facing the new tile moves now (spec, clarification 3: a
     * fresh kosmos figure moved by another's tile loses its choice too). */
    int square = tb->board.marker[seat].square;
    for (int i = 0; i < tb->board.seats; i++)
        if (tb->board.on_board[i] && tb->board.marker[i].square == square)
            tb->has_moved[i] = true;
    model_place(&tb->board, seat, t, r, fate);
    /* An eliminated player's hand goes back into the pile. */
    for (int i = 0; i < tb->board.seats; i++)
        if (fate[i] != FATE_STAYS) {
            for (int k = 0; k < tb->hand_size[i]; k++)
                tb->in_pile[tb->hand[i][k]] = true;
            tb->hand_size[i] = 0;
        }
}

/* `seat` places tile t in rotation r; `fate` (may be NULL) receives what
 * the model says happens to every marker. */
static void tb_place(table *tb, int seat, int t, int r, enum fate *fate)
{
    enum fate local[MAX_SEATS];
    place_common(tb, seat, t, r, false, fate ? fate : local);
}

/* The table's hands as the snapshot writes them: [[1,2,3],[],..]. */
static void hands_as_json(const table *tb, char *out, size_t size)
{
    size_t n = 0;
    n += (size_t)snprintf(out + n, size - n, "[");
    for (int seat = 0; seat < tb->board.seats; seat++) {
        n += (size_t)snprintf(out + n, size - n, "%s[", seat ? "," : "");
        for (int k = 0; k < tb->hand_size[seat]; k++)
            n += (size_t)snprintf(out + n, size - n, "%s%d", k ? "," : "", tb->hand[seat][k]);
        n += (size_t)snprintf(out + n, size - n, "]");
    }
    ck_assert_uint_lt(n + 1, size);
    snprintf(out + n, size - n, "]");
}

/* Replaces the table's state by its own snapshot with two fields replaced
 * (the model keeps describing the board; the caller updates the rest). */
static void tb_load_with_fields(table *tb, const char *key1, const char *value1,
                                const char *key2, const char *value2)
{
    char *snapshot = brt_snapshot(tb->state);
    char *first = with_field(snapshot, key1, value1);
    char *edited = with_field(first, key2, value2);
    char err[TEXT_SIZE] = "";
    br_state *loaded = NULL;
    br_status st = br_state_from_json(edited, &loaded, err, sizeof err);
    ck_assert_msg(st == BR_OK, "br_state_from_json: %s (%s)\n%s", br_status_string(st), err,
                  edited);
    br_state_free(tb->state);
    tb->state = loaded;
    free(snapshot);
    free(first);
    free(edited);
}

/* The lowest tile of the pile (any tile will do for the draw). */
static int lowest_in_pile(const table *tb)
{
    for (int t = 0; t < NUM_TILES; t++)
        if (tb->in_pile[t])
            return t;
    ck_abort_msg("the pile is empty");
    return NO_TILE;
}

/* A placement from the hand of `seat` after which every marker stays. */
static void quiet_placement(const table *tb, int seat, int *t_out, int *r_out)
{
    for (int i = 0; i < tb->hand_size[seat]; i++)
        for (int r = 0; r < 4; r++) {
            model copy = tb->board;
            enum fate fate[MAX_SEATS];
            model_place(&copy, seat, tb->hand[seat][i], r, fate);
            bool quiet = true;
            for (int k = 0; k < tb->board.seats; k++)
                quiet = quiet && fate[k] == FATE_STAYS;
            if (quiet) {
                *t_out = tb->hand[seat][i];
                *r_out = r;
                return;
            }
        }
    ck_abort_msg("seat %d has no placement that keeps every marker on the board", seat);
}

static void assert_all_stay(const enum fate fate[MAX_SEATS], int seats)
{
    for (int i = 0; i < seats; i++)
        ck_assert_msg(fate[i] == FATE_STAYS, "scenario broken: seat %d is out in the model", i);
}

/* The tiles that occur in the legal moves. */
static void legal_tiles(const br_state *s, bool tiles[NUM_TILES])
{
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves);
    memset(tiles, 0, NUM_TILES * sizeof tiles[0]);
    for (size_t i = 0; i < n; i++)
        if (moves[i] >= 0 && moves[i] < MARKER_BASE)
            tiles[(moves[i] % PLACEMENT_MOVES) / 4] = true;
}

static void assert_legal_tiles_are(const br_state *s, const int *want, int n)
{
    bool got[NUM_TILES], expected[NUM_TILES] = {false};
    legal_tiles(s, got);
    for (int i = 0; i < n; i++)
        expected[want[i]] = true;
    for (int t = 0; t < NUM_TILES; t++)
        ck_assert_msg(got[t] == expected[t], "tile %d: %s in the legal moves", t,
                      got[t] ? "unexpectedly" : "missing");
}

/* ------------------------------------------------------------------ */
/* Setup                                                                */

/* FACTS.md: "A natural canonical numbering of the 35 tiles: ... tile 0 is
 * 0-1 2-3 4-5 6-7"; "up to rotation they form exactly 35 classes (5 with 1
 * distinct orientation, 10 with 2, 20 with 4)". The library's numbering is
 * checked through behaviour: at the corner a1, entered at point 0, tile 0
 * (0-1) and tile 34 (0-7 1-2 3-4 5-6) lead off the board in every rotation. */
START_TEST(test_rule_tile_numbering_follows_the_spec)
{
    int by_orientations[5] = {0};
    tiles_init();
    for (int t = 0; t < NUM_TILES; t++)
        by_orientations[tile_orientations(t)]++;
    ck_assert_int_eq(by_orientations[1], 5);
    ck_assert_int_eq(by_orientations[2], 10);
    ck_assert_int_eq(by_orientations[4], 20);
    static const int tile0[8] = {1, 0, 3, 2, 5, 4, 7, 6};
    ck_assert_mem_eq(tile_partner[0], tile0, sizeof tile0);

    table tb;
    static const int deal[2][3] = {{0, 34, 17}, {1, 2, 3}};
    static const char *const marks[2] = {"@a1:0", "@f6:4"};
    tb_start(&tb, 2, "", deal, marks);
    char text[32];
    move_text(tb.state, placement_move(17, 2), text, sizeof text);
    ck_assert_str_eq(text, "17r2");
    ck_assert_int_eq(brt_parse_move(tb.state, "17r2"), 17 * 4 + 2);
    for (int r = 0; r < 4; r++) {
        ck_assert_int_eq(tile_exit(0, r, 0), 1);
        ck_assert_int_eq(tile_exit(34, r, 0), 7);
        ck_assert(!brt_move_is_legal(tb.state, placement_move(0, r)));
        ck_assert(!brt_move_is_legal(tb.state, placement_move(34, r)));
    }
    assert_legal_matches_model(&tb, 0);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Alle Spielenden ziehen zum Start jeweils drei zufällige
 * Wegeplättchen"; FACTS.md: "3 tiles dealt to each player". Spec: "Deal: each
 * seat in turn (0, 1, .., n-1, three rounds) gets one tile from the pile". */
START_TEST(test_rule_three_tiles_dealt_per_player)
{
    table tb;
    tb_open(&tb, 3, "");
    static const int deal[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    br_move moves[MOVE_BUFFER];
    double probabilities[MOVE_BUFFER];
    size_t n = 0;
    expect_chance(tb.state);
    ck_assert_int_eq(br_state_chance_outcomes(tb.state, moves, probabilities, MOVE_BUFFER, &n),
                     BR_OK);
    ck_assert_uint_eq(n, NUM_TILES);
    for (int t = 0; t < NUM_TILES; t++) {
        ck_assert_int_eq(moves[t], draw_move(6, t));
        ck_assert(close_to(probabilities[t], 1.0 / NUM_TILES));
    }
    for (int round = 0; round < 3; round++)
        for (int seat = 0; seat < 3; seat++) {
            expect_chance(tb.state); /* nobody moves before all hands are full */
            tb_draw(&tb, seat, deal[seat][round]);
        }
    expect_turn(tb.state, 0);
    static const char *const marks[3] = {"@c1:0", "@f3:2", "@c6:4"};
    tb_marks(&tb, marks);
    static const int hand0[3] = {1, 2, 3}, hand1[3] = {4, 5, 6};
    assert_legal_tiles_are(tb.state, hand0, 3);
    int t, r;
    quiet_placement(&tb, 0, &t, &r);
    tb_place(&tb, 0, t, r, NULL);
    tb_draw(&tb, 0, 20);
    assert_legal_tiles_are(tb.state, hand1, 3);
    assert_legal_matches_model(&tb, 1);
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "Setup: each player places the marker on an edge mark before any
 * tile is placed"; tsuro.de.txt: "Noch bevor die erste Wegekarte gelegt wird,
 * setzen nun alle Spieler ihre Spielfigur auf eines der äußeren Felder". */
START_TEST(test_rule_markers_start_on_the_edge_marks)
{
    table tb;
    tb_open(&tb, 2, "");
    static const int deal[2][3] = {{1, 2, 3}, {4, 5, 6}};
    tb_deal(&tb, deal);
    expect_turn(tb.state, 0);
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(tb.state, moves);
    ck_assert_uint_eq(n, 8 * 6);
    for (int m = 0; m < 8 * 6; m++) {
        ck_assert_int_eq(moves[m], marker_move(m));
        spot at = start_spot(6, m);
        ck_assert_msg(neighbour(6, at.square, at.point) < 0, "m=%d is no edge point", m);
        char name[16], want[48], got[48];
        square_name(6, at.square, name);
        snprintf(want, sizeof want, "@%s:%d", name, at.point);
        move_text(tb.state, marker_move(m), got, sizeof got);
        ck_assert_str_eq(got, want);
        ck_assert_int_eq(brt_parse_move(tb.state, want), marker_move(m));
    }
    /* Inner points have no start position: the text is refused or the move
     * is not legal. */
    static const char *const inner[] = {"@b2:0", "@a1:2", "@c3:5"};
    for (size_t i = 0; i < sizeof inner / sizeof inner[0]; i++) {
        br_move move = BR_MOVE_NONE;
        if (br_state_move_from_text(tb.state, inner[i], &move) == BR_OK)
            ck_assert_msg(!brt_move_is_legal(tb.state, move), "%s is accepted as a start", inner[i]);
    }
    /* No tile can be placed before the markers stand. */
    ck_assert(!brt_move_is_legal(tb.state, placement_move(1, 0)));
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "no two markers on the same mark". */
START_TEST(test_rule_no_two_markers_on_one_start_position)
{
    table tb;
    tb_open(&tb, 3, "");
    static const int deal[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    tb_deal(&tb, deal);
    tb_mark(&tb, 0, "@a1:0");
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(tb.state, moves), 47);
    assert_rejected(tb.state, marker_move(0));
    tb_mark(&tb, 1, "@a1:1"); /* the other mark of the same side is free */
    ck_assert_uint_eq(legal_moves(tb.state, moves), 46);
    ck_assert(!brt_move_is_legal(tb.state, marker_move(0)));
    ck_assert(!brt_move_is_legal(tb.state, marker_move(1)));
    tb_close(&tb);
}
END_TEST

/* Spec (kosmos): "a marker starts on an outer square side (one slot per side,
 * orientation does not matter)"; "No two markers on one start position
 * (kosmos: one figure per slot)"; tsuro.de.txt: "Dabei ist die Ausrichtung
 * der Spielfigur egal." */
START_TEST(test_rule_kosmos_one_figure_per_side_slot)
{
    br_state *s = new_state("players=3,chance=explicit,edition=kosmos");
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(br_state_apply(s, draw_move(6, i)), BR_OK);
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves);
    ck_assert_uint_eq(n, 4 * 6);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(moves[i], marker_move(2 * (int)i));
    char text[32];
    move_text(s, marker_move(0), text, sizeof text);
    ck_assert_str_eq(text, "@a1:top");
    move_text(s, marker_move(8 * 6 - 2), text, sizeof text);
    ck_assert_str_eq(text, "@a1:left");
    move_text(s, marker_move(2 * 6), text, sizeof text);
    ck_assert_str_eq(text, "@f1:right");
    move_text(s, marker_move(4 * 6), text, sizeof text);
    ck_assert_str_eq(text, "@f6:bottom");
    ck_assert_int_eq(brt_parse_move(s, "@a1:top"), marker_move(0));
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "@a1:top")), BR_OK);
    n = legal_moves(s, moves);
    ck_assert_uint_eq(n, 4 * 6 - 1);
    assert_rejected(s, marker_move(0));
    assert_rejected(s, marker_move(1)); /* the odd point is no slot of its own */
    ck_assert(brt_move_is_legal(s, brt_parse_move(s, "@a1:left")));
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Turns                                                               */

/* tsuro.de.txt: "Die anderen Spiele folgen nacheinander im Uhrzeigersinn.";
 * spec: "seat 0 begins, then clockwise (increasing seat numbers)". */
START_TEST(test_rule_play_starts_with_seat_0_and_goes_clockwise)
{
    table tb;
    static const int deal[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    static const char *const marks[3] = {"@c1:0", "@f3:2", "@c6:4"};
    tb_start(&tb, 3, "", deal, marks);
    static const int order[7] = {0, 1, 2, 0, 1, 2, 0};
    for (int k = 0; k < 6; k++) {
        int t, r;
        enum fate fate[MAX_SEATS];
        expect_turn(tb.state, order[k]);
        quiet_placement(&tb, order[k], &t, &r);
        tb_place(&tb, order[k], t, r, fate);
        assert_all_stay(fate, 3);
        tb_draw(&tb, order[k], 10 + k);
    }
    assert_legal_matches_model(&tb, order[6]);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Neue Wege werden angrenzend zur eigenen Figur angelegt.";
 * FACTS.md: "place one hand tile, any rotation, on the square in front of your
 * own marker". The move names no square (spec: `17r2`); seat 0's tile 23r0
 * joins 0-3 and 1-2: on a1 it takes seat 0 to b1, had it gone to f1 it would
 * have sent seat 1 (on f1's point 2) off the board through point 1. */
START_TEST(test_rule_placement_only_on_the_square_in_front_of_own_marker)
{
    table tb;
    static const int deal[2][3] = {{23, 1, 2}, {4, 5, 6}};
    static const char *const marks[2] = {"@a1:0", "@f1:2"};
    tb_start(&tb, 2, "", deal, marks);
    ck_assert_int_eq(tile_exit(23, 0, 0), 3);
    ck_assert_int_eq(tile_exit(23, 0, 2), 1);
    char text[32];
    move_text(tb.state, placement_move(23, 0), text, sizeof text);
    ck_assert_str_eq(text, "23r0");
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 23, 0, fate);
    assert_all_stay(fate, 2);
    tb_draw(&tb, 0, 7);
    ck_assert(!br_state_is_terminal(tb.state));
    assert_legal_matches_model(&tb, 1); /* seat 1 still faces the empty f1 */
    int t, r;
    quiet_placement(&tb, 1, &t, &r);
    tb_place(&tb, 1, t, r, NULL);
    tb_draw(&tb, 1, 8);
    assert_legal_matches_model(&tb, 0); /* seat 0 now faces b1 from point 6 */
    tb_close(&tb);
}
END_TEST

/* The corner trap: seat 0 starts on b1's point 1 and tile 19r1 takes it to
 * a1's point 2; a1 has only two ways on (points 4 and 5, into a2), all others
 * lead off the board directly or back through b1. Seats 1 and 2 move
 * elsewhere. Seat 0's third tile is `third`. */
static void corner_trap(table *tb, const char *extra_options, int third)
{
    static const int deal[3][3] = {{19, 31, 34}, {6, 10, 1}, {33, 14, 11}};
    static const char *const marks[3] = {"@b1:1", "@c1:1", "@f6:3"};
    enum fate fate[MAX_SEATS];
    tb_open(tb, 3, extra_options);
    tb_deal(tb, deal);
    tb_marks(tb, marks);
    tb_place(tb, 0, 19, 1, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 0, third);
    tb_place(tb, 1, 6, 1, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 1, 12);
    tb_place(tb, 2, 33, 3, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 2, 13);
    ck_assert_int_eq(tb->board.marker[0].square, 0);
    ck_assert_int_eq(tb->board.marker[0].point, 2);
}

/* tsuro.de.txt: "Als nächstes wird die eigene Spielfigur entlang des Weges auf
 * der neu gelegten Karte weitergezogen." Seat 0 followed 19r1 from b1 to a1's
 * point 2: 31r0 (2-6) now leads off the board and is refused while 20r1
 * (2-4, into a2) is allowed; at its start square b1 neither would apply. */
START_TEST(test_rule_marker_follows_the_path_of_the_placed_tile)
{
    table tb;
    corner_trap(&tb, "", 20);
    ck_assert_int_eq(tile_exit(19, 1, 1), 7);
    ck_assert_int_eq(tile_exit(31, 0, 2), 6);
    ck_assert_int_eq(tile_exit(20, 1, 2), 4);
    assert_legal_matches_model(&tb, 0);
    ck_assert(!brt_move_is_legal(tb.state, placement_move(31, 0)));
    ck_assert(brt_move_is_legal(tb.state, placement_move(20, 1)));
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Sollten sich die Wege zweier oder mehrer Spiele kreuzen, so
 * werden nach dem Auslegen der Wegekarte auch die gegnerischen Spielfiguren
 * weitergezogen."; FACTS.md: "every marker whose path was extended (yours and
 * others') follows its path to the end". Seats 0 and 1 share c1; seat 0's
 * tile 28r0 (0-4, 1-2) takes seat 0 to c2 and seat 1 to d1's point 7, where
 * 0 and 1 of d1 lead off the board. */
START_TEST(test_rule_other_markers_on_the_extended_path_move_too)
{
    table tb;
    static const int deal[4][3] = {{28, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@c1:0", "@c1:1", "@f6:4", "@a6:6"};
    tb_start(&tb, 4, "", deal, marks);
    ck_assert_int_eq(tile_exit(28, 0, 0), 4);
    ck_assert_int_eq(tile_exit(28, 0, 1), 2);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 28, 0, fate);
    assert_all_stay(fate, 4);
    ck_assert_int_eq(tb.board.marker[1].square, 3); /* d1 */
    ck_assert_int_eq(tb.board.marker[1].point, 7);
    tb_draw(&tb, 0, 12);
    assert_legal_matches_model(&tb, 1);
    /* Tile 3 from d1's point 7: rotation 1 joins 7-1 and leaves the board
     * over the top edge, rotation 0 joins 7-5 and goes on into d2. */
    ck_assert_int_eq(tile_exit(3, 1, 7), 1);
    ck_assert_int_eq(tile_exit(3, 0, 7), 5);
    ck_assert(!brt_move_is_legal(tb.state, placement_move(3, 1)));
    ck_assert(brt_move_is_legal(tb.state, placement_move(3, 0)));
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Sollten durch das Setzen eines Wege-Plättchens eine oder
 * mehrere Spielfiguren aus dem Spielfeld heraus manövriert werden, ist für
 * diese Spiele das Spiel ebenfalls vorbei." Seat 0's tile on a1 joins 0-3
 * (seat 0 stays) and 7-6: seat 1, standing on a1's point 7, leaves the board. */
START_TEST(test_rule_marker_leaving_the_board_is_out)
{
    table tb;
    static const int pairs[2][2] = {{0, 3}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 2, NULL, &t, &r);
    int deal[3][3] = {{t, -1, -1}, {-1, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    ck_assert_int_lt(t, 30); /* the draws below use 30..32 */
    static const char *const marks[3] = {"@a1:0", "@a1:7", "@f6:4"};
    tb_start(&tb, 3, "", (const int(*)[3])deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, t, r, fate);
    ck_assert_int_eq(fate[0], FATE_STAYS);
    ck_assert_int_eq(fate[1], FATE_LEFT_BOARD);
    ck_assert(!br_state_is_terminal(tb.state));
    tb_draw(&tb, 0, 30);
    expect_turn(tb.state, 2); /* seat 1 is out: its turn is skipped */
    int t2, r2;
    quiet_placement(&tb, 2, &t2, &r2);
    tb_place(&tb, 2, t2, r2, fate);
    assert_all_stay(fate, 3);
    tb_draw(&tb, 2, 31);
    expect_turn(tb.state, 0);
    quiet_placement(&tb, 0, &t2, &r2);
    tb_place(&tb, 0, t2, r2, NULL);
    tb_draw(&tb, 0, 32);
    expect_turn(tb.state, 2);
    static const double none[3] = {0, 0, 0};
    assert_returns(tb.state, none, 3);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Sollte dabei eine Spielfigur mit der eines Mitspielers
 * kollidieren, werden die Spielfiguren sofort vom Spielfeld genommen. Für die
 * betroffenen Spiele ist das Spiel vorbei."; FACTS.md: "two markers that meet
 * at the same point are both out". Seats 0 and 1 stand on a1's points 0 and 1;
 * tile 0 joins 0-1, the two markers run into each other. */
START_TEST(test_rule_markers_meeting_head_on_are_both_out)
{
    table tb;
    static const int deal[4][3] = {{0, 20, 21}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@a1:0", "@a1:1", "@f6:4", "@f3:2"};
    tb_start(&tb, 4, "", deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 0, 0, fate);
    ck_assert_int_eq(fate[0], FATE_COLLIDED);
    ck_assert_int_eq(fate[1], FATE_COLLIDED);
    ck_assert(!br_state_is_terminal(tb.state));
    /* Seats 2 and 3 still hold three tiles: nobody draws. */
    expect_turn(tb.state, 2);
    int t, r;
    for (int k = 0; k < 3; k++) {
        int seat = k % 2 == 0 ? 2 : 3;
        expect_turn(tb.state, seat);
        quiet_placement(&tb, seat, &t, &r);
        tb_place(&tb, seat, t, r, fate);
        assert_all_stay(fate, 4);
        tb_draw(&tb, seat, 25 + k);
    }
    expect_turn(tb.state, 3);
    tb_close(&tb);
}
END_TEST

/* The same rule when the markers meet after a longer way: seat 0's tile 8r2
 * on f3 turns back towards f4; seat 1's tile 1r2 on f4 then leads seat 1
 * (f4 point 3) up into f3, round through f3 and back into f4 onto seat 2
 * (f4 point 2), who comes the other way. Both are out, seat 0 and seat 3
 * play on. */
START_TEST(test_rule_markers_meeting_on_a_longer_path_are_both_out)
{
    table tb;
    static const int deal[4][3] = {{8, 20, 21}, {1, 4, 5}, {6, 7, 9}, {10, 11, 12}};
    static const char *const marks[4] = {"@f3:3", "@f4:3", "@f4:2", "@a1:0"};
    tb_start(&tb, 4, "", deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 8, 2, fate);
    assert_all_stay(fate, 4);
    tb_draw(&tb, 0, 22);
    tb_place(&tb, 1, 1, 2, fate);
    ck_assert_int_eq(fate[0], FATE_STAYS);
    ck_assert_int_eq(fate[1], FATE_COLLIDED);
    ck_assert_int_eq(fate[2], FATE_COLLIDED);
    ck_assert_int_eq(fate[3], FATE_STAYS);
    ck_assert(!br_state_is_terminal(tb.state));
    expect_turn(tb.state, 3);
    int t, r;
    quiet_placement(&tb, 3, &t, &r);
    tb_place(&tb, 3, t, r, fate);
    assert_all_stay(fate, 4);
    tb_draw(&tb, 3, 23);
    expect_turn(tb.state, 0);
    assert_legal_matches_model(&tb, 0);
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "Crossing paths are not collisions." Seats 0 and 1 stand on c1's
 * points 0 and 1; tile 31r0 joins 0-4 and 1-5, the two paths cross on the
 * tile and both markers go on into c2. */
START_TEST(test_rule_crossing_paths_is_not_a_collision)
{
    table tb;
    static const int deal[4][3] = {{31, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@c1:0", "@c1:1", "@f6:4", "@a6:6"};
    tb_start(&tb, 4, "", deal, marks);
    ck_assert_int_eq(tile_exit(31, 0, 0), 4);
    ck_assert_int_eq(tile_exit(31, 0, 1), 5);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 31, 0, fate);
    assert_all_stay(fate, 4);
    tb_draw(&tb, 0, 12);
    expect_turn(tb.state, 1); /* seat 1 is still in the game */
    assert_legal_matches_model(&tb, 1);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Die Wege-Plättchen bleiben noch liegen." Seat 0 is trapped in
 * the corner and leaves the board; later seat 1, on b2's point 2, has tile 1:
 * in rotation 2 (2-0) its path runs up into seat 0's tile on b1 and from there
 * off the board, so that rotation is refused. Were b1 and a1 cleared, it
 * would be legal. */
START_TEST(test_rule_tiles_of_eliminated_players_stay_on_the_board)
{
    table tb;
    enum fate fate[MAX_SEATS];
    corner_trap(&tb, "", 30);
    tb_place(&tb, 0, 31, 0, fate);
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    expect_turn(tb.state, 1);
    tb_place(&tb, 1, 10, 2, fate);
    assert_all_stay(fate, 3);
    tb_draw(&tb, 1, 5);
    tb_place(&tb, 2, 14, 2, fate);
    assert_all_stay(fate, 3);
    tb_draw(&tb, 2, 7);
    /* The probe only means something if the removed tiles would matter. */
    table cleared = tb;
    cleared.board.tile[0] = cleared.board.tile[1] = NO_TILE;
    bool with_tiles[MARKER_BASE], without_tiles[MARKER_BASE];
    expected_legal(&tb, 1, with_tiles);
    expected_legal(&cleared, 1, without_tiles);
    ck_assert(!with_tiles[placement_move(1, 2)]);
    ck_assert(without_tiles[placement_move(1, 2)]);
    assert_legal_matches_model(&tb, 1);
    ck_assert(!brt_move_is_legal(tb.state, placement_move(1, 2)));
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "When a player is out, that player's hand goes back into the
 * pile". Seat 0 leaves the board holding 30 and 34; the next draw offers the
 * pile plus those two tiles (25 = 35 - 9 dealt - 3 drawn + 2). */
START_TEST(test_rule_eliminated_hand_returns_to_the_pile)
{
    table tb;
    enum fate fate[MAX_SEATS];
    corner_trap(&tb, "", 30);
    tb_place(&tb, 0, 31, 0, fate);
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    /* Seats 1 and 2 hold three tiles each: nobody draws now. */
    expect_turn(tb.state, 1);
    tb_place(&tb, 1, 10, 2, fate);
    br_move moves[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(tb.state, moves, NULL, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, 25);
    bool has30 = false, has34 = false;
    for (size_t i = 0; i < n; i++) {
        has30 = has30 || moves[i] == draw_move(6, 30);
        has34 = has34 || moves[i] == draw_move(6, 34);
    }
    ck_assert(has30 && has34);
    tb_draw(&tb, 1, 34);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Abschließend wird ein neues Wege-Plättchen von einem der
 * ausliegenden Stapel nachgezogen. e erhöhen die Anzahl der eigenen
 * Wege-Plättchen nach jeder Aktion also wieder auf drei Plättchen." */
START_TEST(test_rule_player_draws_back_to_three_after_placement)
{
    table tb;
    static const int deal[2][3] = {{1, 2, 3}, {4, 5, 6}};
    static const char *const marks[2] = {"@c1:0", "@d6:4"};
    tb_start(&tb, 2, "", deal, marks);
    tb_place(&tb, 0, 1, 1, NULL);
    expect_chance(tb.state);
    tb_draw(&tb, 0, 20);
    expect_turn(tb.state, 1);
    int t, r;
    quiet_placement(&tb, 1, &t, &r);
    tb_place(&tb, 1, t, r, NULL);
    expect_chance(tb.state);
    tb_draw(&tb, 1, 21);
    static const int hand0[3] = {2, 3, 20};
    assert_legal_tiles_are(tb.state, hand0, 3);
    assert_legal_matches_model(&tb, 0);
    tb_close(&tb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The no-self-elimination rule                                        */

/* FACTS.md: "You may not place a tile that sends your own marker off the
 * board unless every tile in your hand, in every rotation, would". Seat 0 in
 * the corner trap holds 31 and 34 (off the board in every rotation) and 20
 * (rotations 1..3 lead on into a2). */
START_TEST(test_rule_no_self_elimination_while_a_safe_placement_exists)
{
    table tb;
    corner_trap(&tb, "", 20);
    assert_legal_matches_model(&tb, 0);
    for (int r = 0; r < 4; r++) {
        ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], 31, r),
                         FATE_LEFT_BOARD);
        assert_rejected(tb.state, placement_move(31, r));
        assert_rejected(tb.state, placement_move(34, r));
    }
    assert_rejected(tb.state, placement_move(20, 0));
    ck_assert(brt_move_is_legal(tb.state, placement_move(20, 1)));
    tb_close(&tb);
}
END_TEST

/* Same rule, second half: with 30, 31 and 34 every placement leads off the
 * board, so every one is legal, and seat 0 is out after it. */
START_TEST(test_rule_self_elimination_allowed_when_every_placement_eliminates)
{
    table tb;
    corner_trap(&tb, "", 30);
    static const int hand[3] = {30, 31, 34};
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 4; r++) {
            ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], hand[i], r),
                             FATE_LEFT_BOARD);
            assert_placement_legal(tb.state, hand[i], r);
        }
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 31, 0, fate);
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    expect_turn(tb.state, 1);
    int t, r;
    quiet_placement(&tb, 1, &t, &r);
    tb_place(&tb, 1, t, r, NULL);
    tb_draw(&tb, 1, 15);
    expect_turn(tb.state, 2);
    quiet_placement(&tb, 2, &t, &r);
    tb_place(&tb, 2, t, r, NULL);
    tb_draw(&tb, 2, 16);
    expect_turn(tb.state, 1); /* seat 0 is skipped */
    tb_close(&tb);
}
END_TEST

/* The rule text itself never forbids a move that sends your own figure off
 * the board ("Sollten durch das Setzen eines Wege-Plättchens eine oder
 * mehrere Spielfiguren aus dem Spielfeld heraus manövriert werden, ist für
 * diese Spiele das Spiel ebenfalls vorbei."); spec: `selfkill=none` plays it
 * so. In the corner trap, 31 and 34 lead off the board in every rotation and
 * are legal although 20 r1 keeps the marker on; playing one puts seat 0 out. */
START_TEST(test_rule_selfkill_none_allows_leaving_the_board)
{
    table tb;
    corner_trap(&tb, "selfkill=none", 20);
    for (int r = 0; r < 4; r++) {
        assert_placement_legal(tb.state, 31, r);
        assert_placement_legal(tb.state, 34, r);
    }
    ck_assert(brt_move_is_legal(tb.state, placement_move(20, 1)));
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 31, 0, fate);
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    tb_close(&tb);
}
END_TEST

/* The position of the self-collision tests: seats 0 and 1 on a1's points 0
 * and 1; tile 0 (0-1) makes them meet, tile 20 has safe rotations. */
static void self_collision_position(table *tb, const char *extra_options)
{
    static const int deal[4][3] = {{0, 20, 21}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@a1:0", "@a1:1", "@f6:4", "@f3:2"};
    tb_open(tb, 4, extra_options);
    tb_deal(tb, deal);
    tb_marks(tb, marks);
    ck_assert_int_eq(fate_of_mover(&tb->board, 0, tb->board.marker[0], 0, 0), FATE_COLLIDED);
}

/* FACTS.md: "(the text speaks of leaving the board only; whether a
 * self-collision counts is not stated anywhere)"; spec: `selfkill` = `edge`
 * (default): only leaving the board is forbidden. */
START_TEST(test_rule_self_collision_allowed_by_default)
{
    table tb;
    self_collision_position(&tb, "");
    assert_legal_matches_model(&tb, 0);
    for (int r = 0; r < 4; r++)
        assert_placement_legal(tb.state, 0, r);
    tb_close(&tb);
}
END_TEST

/* Spec: `selfkill=any`: a self-collision also counts as self-elimination;
 * it is refused, with a reason, while a safe placement exists. */
START_TEST(test_rule_selfkill_any_forbids_self_collision)
{
    table tb;
    self_collision_position(&tb, "selfkill=any");
    assert_legal_matches_model(&tb, 0);
    for (int r = 0; r < 4; r++)
        assert_rejected(tb.state, placement_move(0, r));
    ck_assert(brt_move_is_legal(tb.state, placement_move(20, 1)) ||
              brt_move_is_legal(tb.state, placement_move(20, 2)));
    tb_close(&tb);
}
END_TEST

/* The position of the next test: seat 0 starts on b1's point 1 and tile
 * 19r1 takes it to a1's point 2; seat 1 starts on a2's point 7 and its tile
 * on a2 joins 7-0 (seat 1 goes up to a1's point 5) and 1-6. Seat 2 plays
 * elsewhere. Seat 0 then holds 27, 31 and 34. */
static void collide_or_leave_position(table *tb, const char *extra_options)
{
    static const int pairs[2][2] = {{7, 0}, {1, 6}};
    bool avoid[NUM_TILES] = {false};
    avoid[19] = avoid[27] = avoid[31] = avoid[34] = true;
    int t, r;
    find_tile_joining(pairs, 2, avoid, &t, &r);
    int deal[3][3] = {{19, 27, 31}, {t, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    for (int seat = 1; seat < 3; seat++)
        for (int k = 0; k < 3; k++)
            ck_assert_int_ne(deal[seat][k], 34);
    static const char *const marks[3] = {"@b1:1", "@a2:7", "@f6:3"};
    enum fate fate[MAX_SEATS];
    tb_open(tb, 3, extra_options);
    tb_deal(tb, (const int(*)[3])deal);
    tb_marks(tb, marks);
    ck_assert_int_eq(tile_exit(19, 1, 1), 7);
    tb_place(tb, 0, 19, 1, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 0, 34);
    tb_place(tb, 1, t, r, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 1, lowest_in_pile(tb));
    quiet_placement(tb, 2, &t, &r);
    tb_place(tb, 2, t, r, fate);
    assert_all_stay(fate, 3);
    tb_draw(tb, 2, lowest_in_pile(tb));
    ck_assert_int_eq(tb->board.marker[0].square, 0);
    ck_assert_int_eq(tb->board.marker[0].point, 2);
    ck_assert_int_eq(tb->board.marker[1].square, 0);
    ck_assert_int_eq(tb->board.marker[1].point, 5);
}

/* Spec, "No suicide": a forbidden self-elimination is illegal "unless every
 * placement open to the mover (...) eliminates the mover's marker";
 * clarification 6: "The exception 'unless every placement would also
 * eliminate you' counts any elimination (leaving or collision) in both modes:
 * a player is never forced to choose between two ways of going out." From
 * a1's point 2, tile 27 (2-5 in every rotation) meets seat 1 head-on, tiles
 * 31 (2-6) and 34 (2-1) leave the board: no placement keeps seat 0 on, so
 * under `edge` (the default) and `any` all 12 placements are legal, also
 * those that leave the board although others only collide. */
START_TEST(test_rule_leaving_allowed_when_the_only_alternatives_collide)
{
    static const char *const options[2] = {"", "selfkill=any"};
    static const int hand[3] = {27, 31, 34};
    for (int i = 0; i < 2; i++) {
        table tb;
        collide_or_leave_position(&tb, options[i]);
        for (int k = 0; k < 3; k++)
            for (int r = 0; r < 4; r++) {
                enum fate want = hand[k] == 27 ? FATE_COLLIDED : FATE_LEFT_BOARD;
                ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], hand[k], r),
                                 want);
                assert_placement_legal(tb.state, hand[k], r);
            }
        assert_legal_matches_model(&tb, 0);
        enum fate fate[MAX_SEATS];
        tb_place(&tb, 0, 31, 0, fate);
        ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
        tb_close(&tb);
    }
}
END_TEST

/* Issue 10, `selfkill=literal` (spec, clarification 6): "a placement that
 * sends your own marker off the board is allowed only when every tile in your
 * hand, in every rotation, would send it off the board". In the corner trap
 * with 20 in the hand, 20r1 keeps seat 0 on the board, so 31 and 34 (off the
 * board in every rotation) are refused, with a reason that says so. */
START_TEST(test_rule_selfkill_literal_forbids_leaving_while_a_placement_stays)
{
    table tb;
    corner_trap(&tb, "selfkill=literal", 20);
    assert_legal_matches_model(&tb, 0);
    for (int r = 0; r < 4; r++) {
        assert_rejected(tb.state, placement_move(31, r));
        assert_rejected(tb.state, placement_move(34, r));
    }
    char reason[TEXT_SIZE] = "";
    ck_assert_int_eq(br_state_check_move(tb.state, placement_move(31, 0), reason, sizeof reason),
                     BR_ERR_ILLEGAL_MOVE);
    ck_assert_msg(strstr(reason, "off the board") != NULL, "reason: %s", reason);
    ck_assert(brt_move_is_legal(tb.state, placement_move(20, 1)));
    tb_close(&tb);
}
END_TEST

/* `selfkill=literal`, the exception: with 30, 31 and 34 every tile of the
 * hand leads off the board in every rotation, so every placement is legal,
 * and seat 0 is out after one. */
START_TEST(test_rule_selfkill_literal_allows_leaving_when_every_placement_leaves)
{
    table tb;
    corner_trap(&tb, "selfkill=literal", 30);
    static const int hand[3] = {30, 31, 34};
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 4; r++) {
            ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], hand[i], r),
                             FATE_LEFT_BOARD);
            assert_placement_legal(tb.state, hand[i], r);
        }
    assert_legal_matches_model(&tb, 0);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 31, 0, fate);
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    expect_turn(tb.state, 1);
    tb_close(&tb);
}
END_TEST

/* `selfkill=literal`: "placements that only end in a head-on meeting do not
 * count as 'off the board' for that exception" (issue 10). From a1's point
 * 2, tile 27 meets seat 1 head-on in every rotation, 31 and 34 leave the
 * board: not every placement leaves, so 31 and 34 are refused; 27 (a
 * collision, which literal never forbids) is legal and puts seats 0 and 1
 * out. */
START_TEST(test_rule_selfkill_literal_head_on_meeting_is_not_leaving_the_board)
{
    table tb;
    collide_or_leave_position(&tb, "selfkill=literal");
    assert_legal_matches_model(&tb, 0);
    for (int r = 0; r < 4; r++) {
        ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], 27, r),
                         FATE_COLLIDED);
        assert_placement_legal(tb.state, 27, r);
        assert_rejected(tb.state, placement_move(31, r));
        assert_rejected(tb.state, placement_move(34, r));
    }
    static const int only_27[1] = {27};
    assert_legal_tiles_are(tb.state, only_27, 1);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 27, 0, fate);
    ck_assert_int_eq(fate[0], FATE_COLLIDED);
    ck_assert_int_eq(fate[1], FATE_COLLIDED);
    tb_close(&tb);
}
END_TEST

/* Spec, clarification 6: the four `selfkill` values side by side on the two
 * collision positions. Self-collision (tile 0 meets seat 1 head-on while 20
 * has placements that stay): edge, none and literal allow it, any refuses
 * it. Collide-or-leave (27 collides, 31 and 34 leave, nothing stays): edge
 * and any allow all three tiles (the exception counts every elimination),
 * none allows all, literal only 27. */
START_TEST(test_rule_selfkill_values_compared_on_collisions)
{
    static const char *const options[4] = {"selfkill=edge", "selfkill=any", "selfkill=none",
                                           "selfkill=literal"};
    static const bool self_collision_legal[4] = {true, false, true, true};
    static const int all_three[3] = {27, 31, 34};
    for (int i = 0; i < 4; i++) {
        table tb;
        self_collision_position(&tb, options[i]);
        assert_legal_matches_model(&tb, 0);
        ck_assert_msg(brt_move_is_legal(tb.state, placement_move(0, 0)) == self_collision_legal[i],
                      "%s: self-collision 0r0 is %s", options[i],
                      self_collision_legal[i] ? "refused" : "allowed");
        tb_close(&tb);
        collide_or_leave_position(&tb, options[i]);
        assert_legal_matches_model(&tb, 0);
        assert_legal_tiles_are(tb.state, all_three, i == 3 ? 1 : 3);
        tb_close(&tb);
    }
}
END_TEST

/* The option travels with the state (DESIGN.md: the snapshot is the exact
 * full state; "An unknown key or bad value is an error that names the key"):
 * `selfkill=literal` appears in br_state_options() and in the snapshot, the
 * loaded snapshot is the same state with the same legal moves and the same
 * observation, and a snapshot whose options carry a bad selfkill value is
 * refused with a message naming the key. */
START_TEST(test_selfkill_literal_round_trips_through_snapshot_and_options)
{
    table tb;
    collide_or_leave_position(&tb, "selfkill=literal");
    char options[TEXT_SIZE];
    ck_assert_int_eq(br_state_options(tb.state, options, sizeof options, NULL), BR_OK);
    ck_assert_msg(strstr(options, "selfkill=literal") != NULL, "options: %s", options);
    char *snapshot = brt_snapshot(tb.state);
    ck_assert_msg(strstr(snapshot, "selfkill=literal") != NULL, "%s", snapshot);
    char err[TEXT_SIZE] = "";
    br_state *loaded = NULL;
    ck_assert_int_eq(br_state_from_json(snapshot, &loaded, err, sizeof err), BR_OK);
    char *again = brt_snapshot(loaded);
    ck_assert_str_eq(snapshot, again);
    char *seen = brt_observation(tb.state, 0), *seen_again = brt_observation(loaded, 0);
    ck_assert_str_eq(seen, seen_again);
    ck_assert_msg(strstr(seen, "\"selfkill\":\"literal\"") != NULL, "%s", seen);
    br_move a[MOVE_BUFFER], b[MOVE_BUFFER];
    size_t na = legal_moves(tb.state, a), nb = legal_moves(loaded, b);
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(a, b, na * sizeof a[0]);
    br_state *fresh = new_state(options); /* the option string is accepted as it is */
    br_state_free(fresh);

    char *bad = with_field(snapshot, "options", "\"players=3,seed=7,chance=explicit,"
                           "edition=classic,board=6,selfkill=literally\"");
    br_state *refused = NULL;
    err[0] = '\0';
    ck_assert_int_ne(br_state_from_json(bad, &refused, err, sizeof err), BR_OK);
    ck_assert_ptr_null(refused);
    ck_assert_msg(strstr(err, "selfkill") != NULL, "the message '%s' does not name selfkill",
                  err);
    free(bad);
    free(seen);
    free(seen_again);
    free(again);
    free(snapshot);
    br_state_free(loaded);
    tb_close(&tb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Each distinct placement once (issue 10)                             */

/* Issue 10: "Symmetric tiles give up to four legal move numbers with the
 * same result; a search or a learning agent then weighs one placement four
 * times. List each distinct placement once (and let the text of an
 * equivalent rotation parse to it)." Spec, "Move numbers in use": a tile is
 * listed in its rotations 0..looks-1. Seat 0 holds tiles 0 (1 look), 9 (2)
 * and 17 (4) under selfkill=none, so that every placement is legal: 7 moves.
 * Every other rotation repeats one of them: refused with a reason naming it,
 * its text parses to it, and played by its text it gives the same position.
 * A snapshot that writes a higher rotation that looks the same (as snapshots
 * could before) loads as the listed one. */
START_TEST(test_rule_each_distinct_placement_is_listed_once)
{
    int deal[2][3] = {{0, 9, 17}, {-1, -1, -1}};
    complete_deal(2, deal);
    static const char *const marks[2] = {"@c1:0", "@d6:4"};
    table tb;
    tb_start(&tb, 2, "selfkill=none", (const int(*)[3])deal, marks);
    ck_assert_int_eq(tile_orientations(0), 1);
    ck_assert_int_eq(tile_orientations(9), 2);
    ck_assert_int_eq(tile_orientations(17), 4);
    assert_legal_matches_model(&tb, 0);
    static const br_move want[7] = {0 * 4 + 0, 9 * 4 + 0, 9 * 4 + 1, 17 * 4 + 0,
                                    17 * 4 + 1, 17 * 4 + 2, 17 * 4 + 3};
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(tb.state, moves), 7);
    ck_assert_mem_eq(moves, want, sizeof want);
    static const int hand[3] = {0, 9, 17};
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 4; r++)
            assert_placement_legal(tb.state, hand[i], r);

    char *before = brt_snapshot(tb.state), err[TEXT_SIZE] = "";
    br_state *listed = NULL;
    ck_assert_int_eq(br_state_from_json(before, &listed, err, sizeof err), BR_OK);
    ck_assert_int_eq(br_state_apply(tb.state, brt_parse_move(tb.state, "9R3")), BR_OK);
    ck_assert_int_eq(br_state_apply(listed, placement_move(9, 1)), BR_OK);
    char *by_text = brt_snapshot(tb.state), *by_number = brt_snapshot(listed);
    ck_assert_str_eq(by_text, by_number);
    char *at = strstr(by_number, "9r1");
    ck_assert_ptr_nonnull(at);
    at[2] = '3'; /* the board as a snapshot could write it before */
    br_state *old = NULL;
    ck_assert_msg(br_state_from_json(by_number, &old, err, sizeof err) == BR_OK, "%s", err);
    char *loaded = brt_snapshot(old);
    ck_assert_str_eq(loaded, by_text);
    free(loaded);
    free(by_text);
    free(by_number);
    free(before);
    br_state_free(old);
    br_state_free(listed);
    tb_close(&tb);
}
END_TEST

/* The same for the kosmos first turn (spec, clarification 14): the two
 * points of the start side are two placements, but when the marker goes out
 * either way (off the board, or meeting a marker head-on) and takes nobody
 * along on only one of them, the position after them is the same, and the
 * odd one (/1) is not listed. Seat 0 stands on a1's top side with tile 0
 * (a U-turn on every side): 0r0 leads off the board from either point, so
 * 0r0/1 repeats 0r0 (selfkill=none, where both are legal); tile 17's paths
 * from the two points end in different places, so both are listed. The
 * model of this file finds the same list by comparing positions. */
START_TEST(test_rule_kosmos_first_turn_path_with_the_same_result_is_listed_once)
{
    int deal[2][3] = {{0, 17, -1}, {-1, -1, -1}};
    complete_deal(2, deal);
    static const char *const marks[2] = {"@a1:top", "@f6:bottom"};
    table tb;
    tb_start(&tb, 2, "edition=kosmos,selfkill=none", (const int(*)[3])deal, marks);
    assert_legal_matches_model(&tb, 0);
    spot odd = tb.board.marker[0];
    odd.point = 1;
    ck_assert_int_eq(fate_of_mover(&tb.board, 0, tb.board.marker[0], 0, 0), FATE_LEFT_BOARD);
    ck_assert_int_eq(fate_of_mover(&tb.board, 0, odd, 0, 0), FATE_LEFT_BOARD);
    ck_assert(brt_move_is_legal(tb.state, placement_move(0, 0)));
    assert_repeat_refused(tb.state, second_path_move(0, 0), placement_move(0, 0));
    assert_repeat_refused(tb.state, second_path_move(0, 3), placement_move(0, 0));
    for (int r = 0; r < 4; r++)
        if (fate_of_mover(&tb.board, 0, odd, 17, r) == FATE_STAYS)
            ck_assert(brt_move_is_legal(tb.state, second_path_move(17, r)));
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, 0, 0, fate); /* seat 0 goes out: the game is over */
    ck_assert_int_eq(fate[0], FATE_LEFT_BOARD);
    ck_assert(br_state_is_terminal(tb.state));
    tb_close(&tb);
}
END_TEST

/* The positions after the listed moves of `s` are pairwise different. */
static void assert_listed_positions_differ(const br_state *s, const br_move *moves, size_t n)
{
    char *after[2 * HAND_SIZE * 4];
    ck_assert_uint_le(n, 2 * HAND_SIZE * 4);
    for (size_t i = 0; i < n; i++) {
        br_state *copy = NULL;
        ck_assert_int_eq(br_state_clone(s, &copy), BR_OK);
        ck_assert_int_eq(br_state_apply(copy, moves[i]), BR_OK);
        after[i] = brt_snapshot(copy);
        br_state_free(copy);
        for (size_t j = 0; j < i; j++)
            ck_assert_msg(strcmp(after[i], after[j]) != 0,
                          "moves %d and %d are listed and give the same position",
                          (int)moves[j], (int)moves[i]);
    }
    for (size_t i = 0; i < n; i++)
        free(after[i]);
}

static uint64_t next_random(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 33;
}

/* One random game through the table: the deal and the draws through
 * tb_draw(), whose seat is read from the draw's text ("draw 5 to seat 1"),
 * the markers through tb_mark(), the placements through place_common(),
 * which compares the legal moves with the model's first. */
static void play_random_table_game(const char *options, int seats, uint64_t seed)
{
    table tb;
    tb_open(&tb, seats, options);
    br_move moves[MOVE_BUFFER];
    char text[64];
    while (!br_state_is_terminal(tb.state)) {
        size_t n = legal_moves(tb.state, moves);
        br_move pick = moves[next_random(&seed) % n];
        move_text(tb.state, pick, text, sizeof text);
        int seat = br_state_current_player(tb.state), tile;
        if (br_state_is_chance_node(tb.state)) {
            ck_assert_int_eq(sscanf(text, "draw %d to seat %d", &tile, &seat), 2);
            tb_draw(&tb, seat, tile);
        } else if (pick >= MARKER_BASE) {
            tb_mark(&tb, seat, text);
        } else {
            assert_listed_positions_differ(tb.state, moves, n);
            enum fate fate[MAX_SEATS];
            place_common(&tb, seat, (int)(pick % PLACEMENT_MOVES) / 4, (int)pick % 4,
                         pick >= SECOND_PATH_BASE, fate);
        }
    }
    tb_close(&tb);
}

/* Issue 10, points 1 and 2 together, in random games of every edition under
 * every selfkill value: before each placement the library lists exactly the
 * moves the rules and the model give (the selfkill value, each distinct
 * placement once), and the listed moves lead to pairwise different
 * positions. */
START_TEST(test_rule_random_games_list_each_distinct_placement_once)
{
    static const struct {
        const char *options;
        int seats;
    } sets[] = {
        {"", 2},
        {"selfkill=any", 3},
        {"selfkill=none", 4},
        {"selfkill=literal", 3},
        {"selfkill=literal,board=7", 8},
        {"edition=kosmos", 5},
        {"edition=kosmos,selfkill=none", 3},
        {"edition=kosmos,selfkill=literal", 4},
        {"edition=tactile,selfkill=any", 2},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        for (uint64_t game = 0; game < 8; game++)
            play_random_table_game(sets[i].options, sets[i].seats, 1000 * i + game);
}
END_TEST

/* ------------------------------------------------------------------ */
/* End of the game                                                     */

/* tsuro.de.txt: "Das Spiel endet, sobald nur noch eine Spielfigur auf dem
 * Spielfeld steht."; FACTS.md: "The game ends when one marker is left (it
 * wins)". Returns: winner +1, others -1. */
START_TEST(test_rule_game_ends_when_one_marker_is_left)
{
    table tb;
    static const int pairs[2][2] = {{0, 3}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 2, NULL, &t, &r);
    int deal[2][3] = {{t, -1, -1}, {-1, -1, -1}};
    complete_deal(2, deal);
    static const char *const marks[2] = {"@a1:0", "@a1:7"};
    tb_start(&tb, 2, "", (const int(*)[3])deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, t, r, fate);
    ck_assert_int_eq(fate[1], FATE_LEFT_BOARD);
    ck_assert(br_state_is_terminal(tb.state));
    ck_assert_int_eq(br_state_current_player(tb.state), BR_PLAYER_TERMINAL);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(tb.state, moves), 0);
    static const double want[2] = {1, -1};
    assert_returns(tb.state, want, 2);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Sollten die letzten Spiele durch das Setzen einer Wegekarte
 * im gleichen Spielzug gemeinsam ausscheiden, so teilen sie sich den Sieg."
 * Seat 0's tile on a1 sends seat 2 off (7-6) and takes seats 0 and 1 side by
 * side into a2 (0-5, 1-4); then seat 1's tile 0 on a2 joins 0-1: the last two
 * markers meet and both are out. Seats 0 and 1 win (+1), seat 2 loses (-1). */
START_TEST(test_rule_last_markers_out_in_the_same_turn_share_the_win)
{
    table tb;
    static const int pairs[3][2] = {{0, 5}, {1, 4}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 3, NULL, &t, &r);
    ck_assert_int_ne(t, 0);
    ck_assert_int_ne(t, 20);
    int deal[3][3] = {{t, -1, -1}, {0, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    static const char *const marks[3] = {"@a1:0", "@a1:1", "@a1:7"};
    tb_start(&tb, 3, "", (const int(*)[3])deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, t, r, fate);
    ck_assert_int_eq(fate[0], FATE_STAYS);
    ck_assert_int_eq(fate[1], FATE_STAYS);
    ck_assert_int_eq(fate[2], FATE_LEFT_BOARD);
    ck_assert(!br_state_is_terminal(tb.state));
    tb_draw(&tb, 0, 20);
    tb_place(&tb, 1, 0, 0, fate);
    ck_assert_int_eq(fate[0], FATE_COLLIDED);
    ck_assert_int_eq(fate[1], FATE_COLLIDED);
    ck_assert(br_state_is_terminal(tb.state));
    static const double want[3] = {1, 1, -1};
    assert_returns(tb.state, want, 3);
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "The game ends ... when all tiles are placed (all remaining
 * share)." A whole game of 35 placements (found offline with the model of
 * this file): seat 0's first tile 5r3 on a1 sends seat 2 off; then seats 0
 * and 1 place the other 34 tiles without leaving the board. After tile k the
 * placer draws tile k+6 of the list while the pile lasts; seat 1 takes the
 * dragon when the pile is empty. When the last tile lies, seats 0 and 1 share
 * the win. */
static const int all_tiles_game[35][2] = {
    {5, 3},   {33, 0}, {21, 0}, {3, 1},  {24, 3}, {31, 1}, {8, 2},  {14, 3}, {19, 1},
    {4, 2},   {11, 1}, {32, 2}, {13, 0}, {1, 0},  {15, 0}, {25, 3}, {29, 0}, {16, 1},
    {2, 0},   {28, 3}, {30, 2}, {12, 0}, {10, 3}, {17, 2}, {7, 1},  {23, 3}, {0, 3},
    {6, 3},   {34, 2}, {22, 0}, {26, 0}, {9, 3},  {20, 3}, {18, 1}, {27, 0}};

/* Deals and sets up the game of all_tiles_game. */
static void all_tiles_game_start(table *tb)
{
    const int(*p)[2] = all_tiles_game;
    int deal[3][3];
    for (int k = 0; k < 3; k++) {
        deal[0][k] = p[2 * k][0];     /* tiles 1, 3, 5 of the list */
        deal[1][k] = p[2 * k + 1][0]; /* tiles 2, 4, 6 */
        deal[2][k] = p[6 + k][0];     /* tiles 7, 8, 9: back to the pile at once */
    }
    static const char *const marks[3] = {"@a1:0", "@e6:4", "@a1:7"};
    tb_open(tb, 3, "");
    tb_deal(tb, (const int(*)[3])deal);
    tb_marks(tb, marks);
}

/* Places tiles 1..`count` of all_tiles_game, with their draws. */
static void all_tiles_game_play(table *tb, int count)
{
    const int(*p)[2] = all_tiles_game;
    for (int k = 0; k < count; k++) {
        int seat = k % 2;
        enum fate fate[MAX_SEATS];
        ck_assert_msg(!br_state_is_terminal(tb->state), "the game ended before tile %d", k + 1);
        tb_place(tb, seat, p[k][0], p[k][1], fate);
        ck_assert_int_eq(fate[0], FATE_STAYS);
        ck_assert_int_eq(fate[1], FATE_STAYS);
        ck_assert_int_eq(fate[2], k == 0 ? FATE_LEFT_BOARD : FATE_STAYS);
        if (k + 6 < 35)
            tb_draw(tb, seat, p[k + 6][0]);
        else if (k < 34)
            expect_turn(tb->state, 1 - seat); /* empty pile: no draw */
    }
}

START_TEST(test_rule_game_ends_when_all_tiles_are_placed)
{
    table tb;
    all_tiles_game_start(&tb);
    all_tiles_game_play(&tb, 35);
    ck_assert(br_state_is_terminal(tb.state));
    static const double want[3] = {1, 1, -1};
    assert_returns(tb.state, want, 3);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Die anderen Spiele[r] folgen nacheinander im Uhrzeigersinn.";
 * spec, clarification 8: "a seat that holds a tile must place one. A live seat
 * without tiles (possible when the pile is empty) is skipped"; clarification
 * 13: "When no live seat holds a tile and the pile is empty, nobody can move;
 * all markers still on the board share the win."
 * Play does not seem to lead to such a seat (the dragon hands returned tiles
 * out in turn order, so the hands never grow along the turn order), so the
 * position is loaded: the game of all_tiles_game after its 32nd tile (pile
 * empty, seat 1 holds the dragon, seat 2 is out), with seat 1's last tile
 * moved into seat 0's hand. Seat 1 is still in the game (score 1) but is
 * passed over: seat 0 places its three tiles in a row, nobody draws, and then
 * the game is over with seats 0 and 1 sharing the win. */
START_TEST(test_rule_live_seat_without_tiles_is_skipped)
{
    table tb;
    all_tiles_game_start(&tb);
    all_tiles_game_play(&tb, 32);
    expect_turn(tb.state, 0);
    ck_assert_int_eq(pile_count(&tb), 0);
    ck_assert_int_eq(tb.hand_size[0] + tb.hand_size[1], 3);
    while (tb.hand_size[1] > 0)
        tb.hand[0][tb.hand_size[0]++] = tb.hand[1][--tb.hand_size[1]];
    char hands[TEXT_SIZE];
    hands_as_json(&tb, hands, sizeof hands);
    tb_load_with_fields(&tb, "hands", hands, "dragon", "1");

    static const double on_board[3] = {1, 1, 0};
    assert_scores(tb.state, on_board, 3);
    for (int k = 0; k < 3; k++) {
        int t, r;
        enum fate fate[MAX_SEATS];
        expect_turn(tb.state, 0); /* seat 1 holds no tile, seat 2 is out */
        quiet_placement(&tb, 0, &t, &r);
        tb_place(&tb, 0, t, r, fate);
        assert_all_stay(fate, 3);
        ck_assert(!br_state_is_chance_node(tb.state)); /* the pile is empty */
    }
    ck_assert(br_state_is_terminal(tb.state));
    static const double want[3] = {1, 1, -1};
    assert_returns(tb.state, want, 3);
    assert_scores(tb.state, on_board, 3);
    tb_close(&tb);
}
END_TEST

/* 16 (doc): "Scores" — Tsuro has no points; a seat scores 1 while it is in
 * the game and 0 once its marker is out. A seat whose marker is not placed
 * yet is in the game: before the first placement every seat scores 1. */
START_TEST(test_rule_scores_before_first_placement)
{
    br_state *s = new_state("players=3,seed=4,chance=explicit");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE); /* the deal */
    static const double in_game[3] = {1, 1, 1};
    assert_scores(s, in_game, 3);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The dragon tile                                                     */

/* The 8-player games of the dragon tests (found offline with the model of
 * this file). Deal: three tiles per seat; the pile holds the other 11.
 * Placements 1..11 draw the pile empty, placement 12 (seat 3) finds the pile
 * empty and takes the dragon. */
static const char *const dragon_marks[8] = {"@e1:0", "@a6:6", "@c1:0", "@f3:2",
                                            "@d1:1", "@d1:0", "@d6:4", "@c6:4"};

/* FACTS.md: "Dragon tile: when the draw pile is empty, the player who should
 * draw takes the dragon tile instead. When a player is out, that player's hand
 * goes back into the pile; then, starting with the dragon holder and going
 * clockwise, players short of tiles draw one at a time until all have 3 or
 * the pile is empty". Seat 3 takes the dragon at placement 12; at placement
 * 13 seat 4 sends seat 5 (holding 2, 6, 21) off the board; the pile is those
 * three tiles; seat 3 (dragon) draws first, then seat 4 (the placer). */
START_TEST(test_rule_dragon_holder_draws_first_when_tiles_return)
{
    static const int deal[8][3] = {{12, 28, 9}, {26, 34, 17}, {7, 3, 20}, {30, 13, 0},
                                   {4, 5, 1},   {31, 2, 6},   {29, 18, 8}, {22, 27, 10}};
    static const int pile_order[11] = {11, 14, 15, 16, 19, 21, 23, 24, 25, 32, 33};
    static const int first[12][3] = { /* seat, tile, rotation */
        {0, 12, 1}, {1, 26, 3}, {2, 7, 3},  {3, 30, 0}, {4, 4, 3},  {5, 31, 3},
        {6, 29, 1}, {7, 22, 0}, {0, 28, 2}, {1, 34, 1}, {2, 3, 3},  {3, 13, 3}};
    table tb;
    enum fate fate[MAX_SEATS];
    tb_start(&tb, 8, "", deal, dragon_marks);
    for (int k = 0; k < 12; k++) {
        tb_place(&tb, first[k][0], first[k][1], first[k][2], fate);
        assert_all_stay(fate, 8);
        if (k < 11)
            tb_draw(&tb, first[k][0], pile_order[k]);
    }
    ck_assert_int_eq(pile_count(&tb), 0);
    expect_turn(tb.state, 4); /* empty pile: seat 3 took the dragon, no draw */
    tb_place(&tb, 4, 5, 2, fate);
    ck_assert_int_eq(fate[5], FATE_LEFT_BOARD);
    ck_assert_int_eq(fate[4], FATE_STAYS);
    ck_assert_int_eq(pile_count(&tb), 3); /* seat 5's hand: 2, 6, 21 */
    tb_draw(&tb, 3, 21);                  /* the dragon holder first */
    tb_draw(&tb, 4, 2);                   /* then clockwise: seat 4 */
    expect_turn(tb.state, 6);             /* everybody has 3 again */
    tb_place(&tb, 6, 18, 3, fate);
    assert_all_stay(fate, 8);
    tb_draw(&tb, 6, 6); /* the last tile of the pile */
    static const int later[4][3] = {{7, 27, 2}, {0, 9, 2}, {1, 17, 3}, {2, 20, 2}};
    for (int k = 0; k < 4; k++) {
        tb_place(&tb, later[k][0], later[k][1], later[k][2], fate);
        assert_all_stay(fate, 8);
    }
    /* Seat 3 holds 0, 16 and the tile it drew first. */
    expect_turn(tb.state, 3);
    assert_legal_matches_model(&tb, 3);
    bool tiles[NUM_TILES];
    legal_tiles(tb.state, tiles);
    ck_assert_msg(tiles[21], "seat 3 did not get the first returned tile (21)");
    ck_assert_msg(!tiles[2], "seat 3 got the tile meant for seat 4 (2)");
    int t, r;
    quiet_placement(&tb, 3, &t, &r);
    tb_place(&tb, 3, t, r, fate);
    assert_all_stay(fate, 8);
    expect_turn(tb.state, 4);
    assert_legal_matches_model(&tb, 4);
    legal_tiles(tb.state, tiles);
    ck_assert_msg(tiles[2], "seat 4 did not get the second returned tile (2)");
    tb_close(&tb);
}
END_TEST

/* FACTS.md: "the dragon passes on to the next player who still lacks tiles
 * (clockwise), also when its holder is out." Seat 3 takes the dragon at
 * placement 12; seat 4 places 13 and cannot draw; at placement 14 seat 5
 * sends seat 3 (holding 0 and 22) off the board. The dragon passes to seat 4,
 * the next player short of tiles after seat 3, who draws first; then seat 5. */
START_TEST(test_rule_dragon_passes_on_when_its_holder_is_out)
{
    static const int deal[8][3] = {{12, 25, 3}, {26, 17, 21}, {14, 7, 34}, {15, 2, 0},
                                   {16, 33, 20}, {1, 4, 5},   {10, 18, 6}, {11, 24, 8}};
    static const int pile_order[11] = {9, 13, 19, 22, 23, 27, 28, 29, 30, 31, 32};
    static const int first[13][3] = {
        {0, 12, 1}, {1, 26, 3}, {2, 14, 2}, {3, 15, 2}, {4, 16, 1}, {5, 1, 2}, {6, 10, 0},
        {7, 11, 3}, {0, 25, 0}, {1, 17, 3}, {2, 7, 2},  {3, 2, 1},  {4, 33, 1}};
    static const char *const marks[8] = {"@e1:0", "@a6:6", "@c1:0", "@f3:2",
                                         "@d1:1", "@f3:3", "@d6:4", "@c6:4"};
    table tb;
    enum fate fate[MAX_SEATS];
    tb_start(&tb, 8, "", deal, marks);
    for (int k = 0; k < 13; k++) {
        tb_place(&tb, first[k][0], first[k][1], first[k][2], fate);
        assert_all_stay(fate, 8);
        if (k < 11)
            tb_draw(&tb, first[k][0], pile_order[k]);
        else
            expect_turn(tb.state, first[k][0] + 1); /* empty pile: no draw */
    }
    tb_place(&tb, 5, 4, 2, fate);
    ck_assert_int_eq(fate[3], FATE_LEFT_BOARD);
    ck_assert_int_eq(fate[5], FATE_STAYS);
    ck_assert_int_eq(pile_count(&tb), 2); /* seat 3's hand: 0, 22 */
    tb_draw(&tb, 4, 22);                  /* the new dragon holder first */
    tb_draw(&tb, 5, 0);                   /* then seat 5 */
    expect_turn(tb.state, 6);
    static const int later[5][3] = {{6, 18, 3}, {7, 24, 3}, {0, 3, 2}, {1, 21, 3}, {2, 34, 2}};
    for (int k = 0; k < 5; k++) {
        tb_place(&tb, later[k][0], later[k][1], later[k][2], fate);
        assert_all_stay(fate, 8);
    }
    expect_turn(tb.state, 4); /* seat 3 is out */
    assert_legal_matches_model(&tb, 4);
    bool tiles[NUM_TILES];
    legal_tiles(tb.state, tiles);
    ck_assert_msg(tiles[22], "seat 4 did not get the first returned tile (22)");
    ck_assert_msg(!tiles[0], "seat 4 got the tile meant for seat 5 (0)");
    tb_place(&tb, 4, 20, 3, fate);
    assert_all_stay(fate, 8);
    expect_turn(tb.state, 5);
    assert_legal_matches_model(&tb, 5);
    tb_close(&tb);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Kosmos and tactile editions                                         */

/* FACTS.md: "Kosmos edition: in the very first turn the player may choose
 * which of the two paths of the entry side to follow"; spec: `17r2/1` follows
 * the odd point, `17r2` (or `17r2/0`) the even one. Seat 0 stands on a1's top
 * side. Tile A joins 0-4 and 1-7: along point 0 it stays, along point 1 it
 * leaves the board. Tile B joins 1-4 and 0-7: the other way round. */
START_TEST(test_rule_kosmos_first_turn_choice_of_path)
{
    static const int pairs_a[2][2] = {{0, 4}, {1, 7}};
    static const int pairs_b[2][2] = {{1, 4}, {0, 7}};
    int ta, ra, tb_tile, rb;
    find_tile_joining(pairs_a, 2, NULL, &ta, &ra);
    bool avoid[NUM_TILES] = {false};
    avoid[ta] = true;
    find_tile_joining(pairs_b, 2, avoid, &tb_tile, &rb);
    int deal[2][3] = {{ta, tb_tile, -1}, {-1, -1, -1}};
    complete_deal(2, deal);
    table tb;
    static const char *const marks[2] = {"@a1:top", "@f6:bottom"};
    tb_start(&tb, 2, "edition=kosmos", (const int(*)[3])deal, marks);

    char text[32];
    move_text(tb.state, second_path_move(17, 2), text, sizeof text);
    ck_assert_str_eq(text, "17r2/1");
    ck_assert_int_eq(brt_parse_move(tb.state, "17r2/1"), 140 + 17 * 4 + 2);
    ck_assert_int_eq(brt_parse_move(tb.state, "17r2/0"), 17 * 4 + 2);

    assert_legal_matches_model(&tb, 0);
    ck_assert(brt_move_is_legal(tb.state, placement_move(ta, ra)));
    assert_rejected(tb.state, second_path_move(ta, ra));
    ck_assert(brt_move_is_legal(tb.state, second_path_move(tb_tile, rb)));
    assert_rejected(tb.state, placement_move(tb_tile, rb));

    enum fate fate[MAX_SEATS];
    place_common(&tb, 0, tb_tile, rb, true, fate);
    assert_all_stay(fate, 2);
    ck_assert_int_eq(tb.board.marker[0].square, 6); /* a2, entered from the top */
    tb_draw(&tb, 0, 30);
    /* Seat 1's first turn: plain moves follow point 4 of f6's bottom side. */
    int t, r;
    quiet_placement(&tb, 1, &t, &r);
    place_common(&tb, 1, t, r, false, fate);
    assert_all_stay(fate, 2);
    tb_draw(&tb, 1, 31);
    /* Second turn: no more choice of path. */
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(tb.state, moves);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_lt(moves[i], SECOND_PATH_BASE);
    assert_legal_matches_model(&tb, 0);
    tb_close(&tb);
}
END_TEST

/* tsuro.de.txt: "Sollten sich die Wege zweier oder mehrer Spiele[r] kreuzen, so
 * werden nach dem Auslegen der Wegekarte auch die gegnerischen Spielfiguren
 * weitergezogen."; spec, "Movement": "A fresh kosmos marker that is moved by
 * another player's tile follows the even point of its side (it has not
 * chosen)"; clarification 3: "the choice belongs to its own turn". Seat 0
 * stands on a1's top side, seat 1 on its left side. Seat 0's tile joins 0-4
 * (seat 0 goes down to a2), 6-2 (seat 1, from the even point of its side,
 * goes on to b1's point 7) and 7-1 (from the odd point seat 1 would leave the
 * board). Seat 1 is still in, and having moved it has no choice of path any
 * more: no `/1` move is legal, and tile 34, which leads from b1's point 7 off
 * the board (7-0), is refused. */
START_TEST(test_rule_kosmos_fresh_figure_moved_by_another_follows_its_even_point)
{
    static const int pairs[3][2] = {{0, 4}, {6, 2}, {7, 1}};
    bool avoid[NUM_TILES] = {false};
    avoid[34] = true;
    int t, r;
    find_tile_joining(pairs, 3, avoid, &t, &r);
    int deal[2][3] = {{t, -1, -1}, {34, -1, -1}};
    complete_deal(2, deal);
    table tb;
    static const char *const marks[2] = {"@a1:top", "@a1:left"};
    tb_start(&tb, 2, "edition=kosmos", (const int(*)[3])deal, marks);
    enum fate fate[MAX_SEATS];
    tb_place(&tb, 0, t, r, fate);
    assert_all_stay(fate, 2);
    ck_assert(!br_state_is_terminal(tb.state)); /* seat 1 did not leave the board */
    ck_assert_int_eq(tb.board.marker[1].square, 1);
    ck_assert_int_eq(tb.board.marker[1].point, 7);
    tb_draw(&tb, 0, lowest_in_pile(&tb));
    expect_turn(tb.state, 1);
    assert_legal_matches_model(&tb, 1);
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(tb.state, moves);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_lt(moves[i], SECOND_PATH_BASE);
    for (int k = 0; k < 3; k++)
        assert_rejected(tb.state, second_path_move(deal[1][k], 0));
    ck_assert_int_eq(tile_exit(34, 0, 7), 0);
    assert_rejected(tb.state, placement_move(34, 0));
    tb_close(&tb);
}
END_TEST

/* The position of the next test: kosmos, seat 0 fresh on a1's top side
 * (points 0, 1), seat 1 fresh on a1's left side (points 6, 7; it follows 6),
 * seat 2 far away; seat 0 holds `hand`. */
static void fresh_corner_position(table *tb, const int hand[3])
{
    int deal[3][3] = {{hand[0], hand[1], hand[2]}, {-1, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    static const char *const marks[3] = {"@a1:top", "@a1:left", "@f6:bottom"};
    tb_open(tb, 3, "edition=kosmos");
    tb_deal(tb, (const int(*)[3])deal);
    tb_marks(tb, marks);
}

/* Spec, "Collisions": markers meet head-on when "a marker's trail leaves the
 * new square at the point where another marker stood when the tile was
 * placed; for a fresh marker that point is the one it follows";
 * clarification 4: "For a fresh figure its entry point is the point it
 * follows." Under the default `selfkill=edge` a collision is allowed and
 * leaving the board is not (seat 0 has placements that keep it on), so
 * legality shows how each meeting is judged:
 * - tile H joins 0-6: seat 0's trail leaves a1 where seat 1 stands: head-on;
 * - tile L joins 0-7 (and 6-2): seat 0 leaves the board at the odd point of
 *   seat 1's side, where seat 1 does not stand: refused;
 * - tile O joins 1-6 and 0-4: along point 1 (`/1`) seat 0 meets seat 1
 *   head-on, both are out and seat 2 wins; along point 0 seat 0 goes on to
 *   a2, and seat 1 leaves the board at point 1, which seat 0 did not choose:
 *   only seat 1 is out. */
START_TEST(test_rule_kosmos_head_on_meeting_with_fresh_figure_is_judged_at_its_even_point)
{
    static const int pairs_o[2][2] = {{1, 6}, {0, 4}};
    static const int pairs_h[1][2] = {{0, 6}};
    static const int pairs_l[2][2] = {{0, 7}, {6, 2}};
    bool avoid[NUM_TILES] = {false};
    int o, ro, h, rh, l, rl;
    find_tile_joining(pairs_o, 2, avoid, &o, &ro);
    avoid[o] = true;
    find_tile_joining(pairs_h, 1, avoid, &h, &rh);
    avoid[h] = true;
    find_tile_joining(pairs_l, 2, avoid, &l, &rl);
    const int hand[3] = {o, h, l};
    spot even = {0, 0}, odd = {0, 1};
    table tb;
    enum fate fate[MAX_SEATS];

    fresh_corner_position(&tb, hand);
    assert_legal_matches_model(&tb, 0);
    ck_assert_int_eq(fate_of_mover(&tb.board, 0, even, h, rh), FATE_COLLIDED);
    ck_assert(brt_move_is_legal(tb.state, placement_move(h, rh)));
    ck_assert_int_eq(fate_of_mover(&tb.board, 0, even, l, rl), FATE_LEFT_BOARD);
    assert_rejected(tb.state, placement_move(l, rl));
    ck_assert_int_eq(fate_of_mover(&tb.board, 0, odd, o, ro), FATE_COLLIDED);
    ck_assert(brt_move_is_legal(tb.state, second_path_move(o, ro)));
    tb_place(&tb, 0, o, ro, fate);
    ck_assert_int_eq(fate[0], FATE_STAYS);
    ck_assert_int_eq(fate[1], FATE_LEFT_BOARD);
    ck_assert_int_eq(fate[2], FATE_STAYS);
    ck_assert(!br_state_is_terminal(tb.state));
    tb_draw(&tb, 0, lowest_in_pile(&tb));
    expect_turn(tb.state, 2); /* seat 1 is out */
    tb_close(&tb);

    fresh_corner_position(&tb, hand);
    place_common(&tb, 0, o, ro, true, fate);
    ck_assert_int_eq(fate[0], FATE_COLLIDED);
    ck_assert_int_eq(fate[1], FATE_COLLIDED);
    ck_assert(br_state_is_terminal(tb.state));
    static const double want[3] = {-1, -1, 1};
    assert_returns(tb.state, want, 3);
    tb_close(&tb);
}
END_TEST

/* The classic edition has no choice of path: the `/1` moves are never legal. */
START_TEST(test_rule_classic_has_no_choice_of_path)
{
    table tb;
    static const int deal[2][3] = {{1, 2, 3}, {4, 5, 6}};
    static const char *const marks[2] = {"@c1:0", "@d6:4"};
    tb_start(&tb, 2, "", deal, marks);
    for (int r = 0; r < 4; r++)
        assert_rejected(tb.state, second_path_move(1, r));
    assert_legal_matches_model(&tb, 0);
    tb_close(&tb);
}
END_TEST

/* Deals seat 0 tiles 1,2,3 and seat 1 tiles 4,5,`last` and places markers. */
static br_state *two_player_deal(const char *options, int last)
{
    br_state *s = new_state(options);
    const int order[6] = {1, 4, 2, 5, 3, last};
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(br_state_apply(s, draw_move(6, order[i])), BR_OK);
    const char *mark0 = strstr(options, "kosmos") ? "@c1:top" : "@c1:0";
    const char *mark1 = strstr(options, "kosmos") ? "@d6:bottom" : "@d6:4";
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, mark0)), BR_OK);
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, mark1)), BR_OK);
    return s;
}

/* tsuro.de.txt: "Alle Spielenden ziehen zum Start jeweils drei zufällige
 * Wegeplättchen und legenese offen vor sich aus." Kosmos hands are open:
 * seat 0 sees seat 1's hand, so two deals that differ only in seat 1's
 * third tile look different to seat 0, and resampling for seat 0 keeps
 * what seat 1 holds. */
START_TEST(test_rule_kosmos_hands_are_open)
{
    br_state *a = two_player_deal("players=2,chance=explicit,edition=kosmos", 20);
    br_state *b = two_player_deal("players=2,chance=explicit,edition=kosmos", 21);
    char *obs_a = brt_observation(a, 0), *obs_b = brt_observation(b, 0);
    ck_assert_str_ne(obs_a, obs_b);
    br_state *copy = NULL;
    ck_assert_int_eq(br_state_clone(a, &copy), BR_OK);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        brt_resample_keeping_view(a, 0, seed, copy, 1);
    }
    free(obs_a);
    free(obs_b);
    br_state_free(copy);
    br_state_free(a);
    br_state_free(b);
}
END_TEST

/* FACTS.md: "classic edition ... hidden hands"; state.h: an observation never
 * holds "another seat's hidden cards". Two deals that differ only in seat 1's
 * third tile look the same to seat 0; resampling for seat 0 keeps seat 0's
 * view and changes seat 1's hand at least once in 8 tries. */
START_TEST(test_rule_classic_hands_are_hidden_from_other_seats)
{
    br_state *a = two_player_deal("players=2,chance=explicit", 20);
    br_state *b = two_player_deal("players=2,chance=explicit", 21);
    char *obs_a = brt_observation(a, 0), *obs_b = brt_observation(b, 0);
    ck_assert_str_eq(obs_a, obs_b);
    char *spectator_a = brt_observation(a, -1), *spectator_b = brt_observation(b, -1);
    ck_assert_str_eq(spectator_a, spectator_b);
    char *seat1_view = brt_observation(a, 1);
    br_state *copy = NULL;
    ck_assert_int_eq(br_state_clone(a, &copy), BR_OK);
    bool seat1_changed = false;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ck_assert_int_eq(br_state_resample(a, 0, seed, copy), BR_OK);
        char *mine = brt_observation(copy, 0), *theirs = brt_observation(copy, 1);
        ck_assert_str_eq(mine, obs_a);
        seat1_changed = seat1_changed || strcmp(theirs, seat1_view) != 0;
        free(mine);
        free(theirs);
    }
    ck_assert_msg(seat1_changed, "resampling for seat 0 never changed seat 1's hand");
    /* Seat 1's own view does show its hand. */
    char *seat1_b = brt_observation(b, 1);
    ck_assert_str_ne(seat1_view, seat1_b);
    free(seat1_b);
    free(obs_a);
    free(obs_b);
    free(spectator_a);
    free(spectator_b);
    free(seat1_view);
    br_state_free(copy);
    br_state_free(a);
    br_state_free(b);
}
END_TEST

/* tsuro.de.txt: "64 Wegekarten mit taktilen Wegen."; FACTS.md: "64 path
 * tiles ... Which duplicates make up its 64 tiles is not published anywhere:
 * design it." The first draw offers the 35 tiles with probabilities
 * copies/64; drawing one copy leaves copies-1 of 63. The classic pile is the
 * 35 tiles, one each. */
START_TEST(test_rule_kosmos_has_64_tiles)
{
    br_move moves[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    size_t n = 0;
    int copies[NUM_TILES];
    br_state *s = new_state("players=2,chance=explicit,edition=kosmos");
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_TILES);
    int total = 0, most = 0;
    for (int t = 0; t < NUM_TILES; t++) {
        ck_assert_int_eq(moves[t], draw_move(6, t));
        double c = p[t] * 64.0;
        copies[t] = (int)(c + 0.5);
        ck_assert_msg(close_to(c, copies[t]) && copies[t] >= 1, "tile %d: %g copies", t, c);
        total += copies[t];
        if (copies[t] > copies[most])
            most = t;
    }
    ck_assert_int_eq(total, 64);
    ck_assert_int_ge(copies[most], 2); /* 64 tiles of 35 kinds: some repeat */
    ck_assert_int_eq(br_state_apply(s, draw_move(6, most)), BR_OK);
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_TILES);
    for (int t = 0; t < NUM_TILES; t++)
        ck_assert(close_to(p[t] * 63.0, copies[t] - (t == most)));
    /* The same kind can be dealt twice (it cannot in the classic edition). */
    ck_assert_int_eq(br_state_apply(s, draw_move(6, most)), BR_OK);
    br_state_free(s);

    s = new_state("players=2,chance=explicit,edition=tactile");
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    total = 0;
    for (size_t i = 0; i < n; i++)
        total += (int)(p[i] * 64.0 + 0.5);
    ck_assert_int_eq(total, 64);
    br_state_free(s);

    s = new_state("players=2,chance=explicit");
    ck_assert_int_eq(br_state_apply(s, draw_move(6, 7)), BR_OK);
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_TILES - 1);
    ck_assert_int_eq(br_state_check_move(s, draw_move(6, 7), NULL, 0), BR_ERR_ILLEGAL_MOVE);
    br_state_free(s);
}
END_TEST

/* Spec, "The 64-tile set (project design)": "every tile twice except tiles 0,
 * 9, 27, 31, 33 and 34, which appear once". The first deal offers each tile
 * with probability copies/64, in both editions that use the set and on both
 * boards. */
START_TEST(test_rule_kosmos_set_doubles_the_designed_tiles)
{
    static const char *const options[3] = {"players=2,chance=explicit,edition=kosmos",
                                           "players=5,chance=explicit,edition=kosmos",
                                           "players=2,chance=explicit,edition=tactile"};
    static const bool single[NUM_TILES] = {[0] = true,  [9] = true,  [27] = true,
                                           [31] = true, [33] = true, [34] = true};
    br_move moves[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    for (int i = 0; i < 3; i++) {
        br_state *s = new_state(options[i]);
        int width = board_width(s);
        size_t n = 0;
        ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
        ck_assert_uint_eq(n, NUM_TILES);
        for (int t = 0; t < NUM_TILES; t++) {
            int copies = single[t] ? 1 : 2;
            ck_assert_int_eq(moves[t], draw_move(width, t));
            ck_assert_msg(close_to(p[t] * 64.0, copies), "%s: tile %d has %g copies, not %d",
                          options[i], t, p[t] * 64.0, copies);
        }
        br_state_free(s);
    }
}
END_TEST

static int width_for(const char *options)
{
    br_state *s = new_state(options);
    int w = board_width(s);
    br_state_free(s);
    return w;
}

/* FACTS.md: "a two-sided board with a 6x6 side (2–4 players) and a 7x7 side
 * (5–8 players)"; spec: board default "classic: 6; kosmos/tactile: 6 for up to
 * 4 players, else 7". Observed through the move space 315 + 8W. */
START_TEST(test_rule_kosmos_board_is_7_for_five_or_more_players)
{
    ck_assert_int_eq(width_for("players=4,edition=kosmos"), 6);
    ck_assert_int_eq(width_for("players=5,edition=kosmos"), 7);
    ck_assert_int_eq(width_for("players=8,edition=kosmos"), 7);
    ck_assert_int_eq(width_for("players=5,edition=tactile"), 7);
    ck_assert_int_eq(width_for("players=2,edition=tactile"), 6);
    ck_assert_int_eq(width_for("players=8"), 6);
    ck_assert_int_eq(width_for("players=5,edition=classic"), 6);
    /* On the 7x7 board there are 28 side slots for the figures. */
    br_state *s = new_state("players=5,chance=explicit,edition=kosmos");
    for (int i = 0; i < 15; i++)
        ck_assert_int_eq(br_state_apply(s, draw_move(7, i)), BR_OK);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(s, moves), 4 * 7);
    ck_assert_int_eq(brt_parse_move(s, "@g7:bottom"), marker_move(4 * 7));
    br_state_free(s);
}
END_TEST

/* Spec: "`board` | `6`, `7` | ... | board side length" overrides the default. */
START_TEST(test_rule_board_option_overrides_board_size)
{
    ck_assert_int_eq(width_for("players=5,edition=kosmos,board=6"), 6);
    ck_assert_int_eq(width_for("players=2,edition=kosmos,board=7"), 7);
    ck_assert_int_eq(width_for("players=5,edition=tactile,board=6"), 6);
    assert_option_rejected("players=2,edition=kosmos,board=8", "board");
    assert_option_rejected("players=2,board=5", "board");
}
END_TEST

/* tsuro.de.txt: "2-5 Spieler:innen", "5 Drachenfiguren"; spec: players
 * "2..8 (`tactile`: 2..5)". */
START_TEST(test_rule_tactile_allows_two_to_five_players)
{
    br_state_free(new_state("players=2,edition=tactile"));
    br_state_free(new_state("players=5,edition=tactile"));
    assert_option_rejected("players=6,edition=tactile", "players");
    assert_option_rejected("players=1,edition=tactile", "players");
    br_state_free(new_state("players=8,edition=kosmos"));
    br_state_free(new_state("players=8,edition=classic"));
    assert_option_rejected("players=9", "players");
    assert_option_rejected("players=1", "players");
}
END_TEST

/* ------------------------------------------------------------------ */
/* API conventions as they apply to Tsuro                              */

/* state.h: "An unknown key or a bad value is rejected with BR_ERR_OPTION and a
 * message naming the key." */
/* The view of move `m` for `seat` (br_state_move_to_text_view). */
static void assert_view(br_state *s, br_move m, int seat, const char *expected)
{
    char buf[64];
    ck_assert_int_eq(br_state_move_to_text_view(s, m, seat, buf, sizeof buf, NULL), BR_OK);
    ck_assert_msg(strcmp(buf, expected) == 0, "seat %d sees move %d as '%s', expected '%s'",
                  seat, (int)m, buf, expected);
}

/* Classic hands are hidden (FACTS.md), kosmos hands lie open ("legen diese
 * offen vor sich aus"): a host that shows a draw to the other seats shows the
 * tile only where hands are open or to the seat that draws. Placements are
 * public ("aufdecken"). */
START_TEST(test_rule_drawn_tiles_are_hidden_in_move_texts_where_hands_are)
{
    br_state *s = new_state("players=3,chance=explicit");
    br_move draw5;
    ck_assert_int_eq(br_state_move_from_text(s, "draw 5", &draw5), BR_OK);
    assert_view(s, draw5, 0, "draw 5 to seat 0"); /* seat 0 receives the first tile */
    assert_view(s, draw5, 1, "draw ? to seat 0");
    assert_view(s, draw5, -1, "draw ? to seat 0");
    assert_view(s, 17 * 4 + 2, 1, "17r2");
    br_state_free(s);
    s = new_state("edition=kosmos,players=3,chance=explicit");
    ck_assert_int_eq(br_state_move_from_text(s, "draw 5", &draw5), BR_OK);
    assert_view(s, draw5, 1, "draw 5 to seat 0");
    assert_view(s, draw5, -1, "draw 5 to seat 0");
    br_state_free(s);
}
END_TEST

/* Issue 10: "A draw's chance node does not say which seat receives the tile
 * (the dragon holder or the placer); say it in the observation and the move
 * text." Spec, "Drawing and the dragon": after a placement the placer draws,
 * but when tiles come back the dragon holder draws first. Every draw of this
 * file checks the text and the observations (tb_draw); here the forms
 * themselves: the recipient in the text, written in any case and with any
 * blanks, must be the seat that gets the tile; the older "draw 5" still
 * parses, so records written before replay; away from a chance node no seat
 * is named and the observation says null. */
START_TEST(test_rule_draw_names_the_receiving_seat)
{
    br_state *s = new_state("players=3,chance=explicit");
    char text[64];
    move_text(s, draw_move(6, 5), text, sizeof text);
    ck_assert_str_eq(text, "draw 5 to seat 0");
    ck_assert_int_eq(brt_parse_move(s, "draw 5"), draw_move(6, 5));
    ck_assert_int_eq(brt_parse_move(s, "DRAW  5\tTo  SEAT 0"), draw_move(6, 5));
    brt_expect_parse_refused(s, "draw 5 to seat 1", "seat 0");
    brt_expect_parse_refused(s, "draw 5 to seat 3", "not a seat");
    brt_expect_parse_refused(s, "draw 5 to 0", "to seat");
    brt_expect_parse_refused(s, "draw 5 toseat 0", "to seat");
    brt_expect_parse_refused(s, "draw 5 to seat", "seat number");
    brt_expect_parse_refused(s, "draw 5 to seat 0 now", "at the end");
    brt_expect_parse_refused(s, "draw ? to seat 0", "tile number");
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "draw 5 to seat 0")), BR_OK);
    move_text(s, draw_move(6, 6), text, sizeof text);
    ck_assert_str_eq(text, "draw 6 to seat 1");
    for (int t = 6; t < 14; t++) {
        snprintf(text, sizeof text, "draw %d to seat %d", t, (t - 5) % 3);
        ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, text)), BR_OK);
    }
    ck_assert_int_eq(br_state_current_player(s), 0); /* setup: no tile is due */
    move_text(s, draw_move(6, 20), text, sizeof text);
    ck_assert_str_eq(text, "draw 20");
    char *seen = brt_observation(s, 0);
    ck_assert_msg(strstr(seen, "\"draw_to\":null") != NULL, "%s", seen);
    free(seen);
    br_state_free(s);
}
END_TEST

/* Rewrites a record line by line as records were written before issue 10:
 * draws without " to seat N", and a placement of a tile with fewer than 4
 * looks in a higher rotation that looks the same ("9r1" as "9r3"). */
static char *as_written_before_issue_10(const char *record, int *turned)
{
    char *out = malloc(strlen(record) + 1), *w = out;
    ck_assert_ptr_nonnull(out);
    for (const char *line = record; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
        const char *seat = strstr(line, " to seat ");
        int t, r, used = 0;
        if (seat && seat < line + n) {
            memcpy(w, line, (size_t)(seat - line));
            w += seat - line;
            *w++ = '\n';
        } else {
            memcpy(w, line, n);
            /* Record format 2: a move line is "<seat>: <move>". */
            size_t at = 0;
            const char *colon = strchr(line, ':');
            if (colon && colon < line + n && colon[1] == ' ')
                at = (size_t)(colon + 2 - line);
            if (sscanf(line + at, "%dr%d%n", &t, &r, &used) == 2 && line[at + used] != '\0' &&
                r + tile_orientations(t) < 4) {
                w[at + used - 1] = (char)('0' + r + tile_orientations(t));
                ++*turned;
            }
            w += n;
        }
        line += n;
    }
    *w = '\0';
    return out;
}

/* Records written before issue 10 still replay (spec: "Who gets a drawn
 * tile", "Move numbers in use"): the older draw text ("draw 14") and
 * placements in a rotation that looks the same as the listed one ("9r3")
 * parse to the moves played now. A record of an explicit-chance game,
 * written now, replays to the same state when rewritten in the older way. */
/* Plays a random explicit-chance game, writes its record now, rewrites it
 * in the older way and replays that: the same final state. */
static void replay_as_written_before(const char *options, uint64_t pick, int *turned)
{
    br_state *s = new_state(options);
    br_move moves[MOVE_BUFFER], played[400];
    size_t count = 0;
    for (; !br_state_is_terminal(s) && count < 400; count++) {
        size_t n = legal_moves(s, moves);
        played[count] = moves[next_random(&pick) % n];
        ck_assert_int_eq(br_state_apply(s, played[count]), BR_OK);
    }
    char written[TEXT_SIZE], err[TEXT_SIZE] = "";
    ck_assert_int_eq(br_state_options(s, written, sizeof written, NULL), BR_OK);
    size_t len = 0;
    br_record_write(tsuro(), written, played, count, NULL, 0, &len, err, sizeof err);
    char *record = malloc(len + 1);
    ck_assert_ptr_nonnull(record);
    ck_assert_int_eq(br_record_write(tsuro(), written, played, count, record, len + 1, NULL,
                                     err, sizeof err), BR_OK);
    ck_assert_msg(strstr(record, " to seat ") != NULL, "%s", record);
    char *old = as_written_before_issue_10(record, turned);
    ck_assert_msg(strstr(old, "\nchance: draw ") != NULL && strstr(old, " to seat ") == NULL,
                  "%s", old);
    br_state *replayed = NULL;
    size_t bad_line = 0;
    ck_assert_msg(br_record_replay(old, &replayed, &bad_line, err, sizeof err) == BR_OK,
                  "line %zu: %s\n%s", bad_line, err, old);
    char *want = brt_snapshot(s), *got = brt_snapshot(replayed);
    ck_assert_str_eq(want, got);
    free(want);
    free(got);
    free(old);
    free(record);
    br_state_free(replayed);
    br_state_free(s);
}

/* Records written before issue 10 still replay (spec: "Who gets a drawn
 * tile", "Move numbers in use"): the older draw text ("draw 14") and
 * placements in a rotation that looks the same as the listed one ("9r3")
 * parse to the moves played now. Records of explicit-chance games, written
 * now and rewritten in the older way, replay to the same states. */
START_TEST(test_records_written_before_issue_10_still_replay)
{
    static const char *const options[3] = {
        "players=2,seed=9,chance=explicit",
        "players=4,seed=10,chance=explicit,selfkill=none",
        "edition=kosmos,players=3,seed=11,chance=explicit,selfkill=none",
    };
    int turned = 0;
    for (uint64_t game = 0; game < 4; game++)
        for (int i = 0; i < 3; i++)
            replay_as_written_before(options[i], 100 * game + (uint64_t)i, &turned);
    ck_assert_msg(turned > 0, "no placement was written in another rotation");
}
END_TEST

START_TEST(test_options_errors_name_the_key)
{
    assert_option_rejected("colour=red", "colour");
    assert_option_rejected("edition=deluxe", "edition");
    assert_option_rejected("selfkill=never", "selfkill");
    assert_option_rejected("selfkill=Literal", "selfkill");
    assert_option_rejected("board=six", "board");
    assert_option_rejected("chance=sometimes", "chance");
    assert_option_rejected("players=two", "players");
    br_state_free(new_state("edition=classic,selfkill=any,board=6,chance=auto,seed=3"));
    br_state_free(new_state("edition=kosmos,selfkill=literal"));
}
END_TEST

/* state.h: "An illegal move leaves the state untouched and keeps the reason
 * (br_state_last_error())." Tried in every phase: the deal, the setup, play. */
START_TEST(test_illegal_move_leaves_state_unchanged)
{
    table tb;
    tb_open(&tb, 2, "");
    assert_rejected(tb.state, placement_move(1, 0)); /* a placement during the deal */
    assert_rejected(tb.state, marker_move(0));
    tb_draw(&tb, 0, 1);
    assert_rejected(tb.state, draw_move(6, 1)); /* tile 1 has left the pile */
    static const int rest[5][2] = {{1, 4}, {0, 2}, {1, 5}, {0, 3}, {1, 6}};
    for (int i = 0; i < 5; i++)
        tb_draw(&tb, rest[i][0], rest[i][1]);
    assert_rejected(tb.state, placement_move(1, 0)); /* a placement during setup */
    assert_rejected(tb.state, draw_move(6, 7));      /* no draw is due */
    tb_mark(&tb, 0, "@c1:0");
    tb_mark(&tb, 1, "@d6:4");
    assert_rejected(tb.state, placement_move(4, 1)); /* seat 1's tile */
    assert_rejected(tb.state, placement_move(9, 1)); /* a tile of the pile */
    assert_rejected(tb.state, marker_move(5));       /* markers stand already */
    assert_rejected(tb.state, draw_move(6, 7));
    ck_assert_int_eq(tile_exit(1, 0, 0), 1);
    assert_rejected(tb.state, placement_move(1, 0)); /* c1 point 0 -> 1: off the board */
    ck_assert_int_eq(br_state_apply(tb.state, placement_move(1, 1)), BR_OK);
    ck_assert_str_eq(br_state_last_error(tb.state), "");
    tb_close(&tb);
}
END_TEST

/* DESIGN.md: "the same seed gives the same game on every platform". Two auto
 * states with the same options, driven by the same choices, end identically;
 * explicit chance resolved from the state's own generator gives the same
 * game too. */
START_TEST(test_same_seed_same_game_in_auto_mode)
{
    br_state *a = new_state("players=4,seed=20240601");
    br_state *b = new_state("players=4,seed=20240601");
    br_move moves[MOVE_BUFFER];
    for (int step = 0; step < 200 && !br_state_is_terminal(a); step++) {
        ck_assert(!br_state_is_chance_node(a));
        size_t n = legal_moves(a, moves);
        ck_assert_uint_gt(n, 0);
        br_move choice = moves[((size_t)step * 7u + 3u) % n];
        ck_assert_int_eq(br_state_apply(a, choice), BR_OK);
        ck_assert_int_eq(br_state_apply(b, choice), BR_OK);
        char *sa = brt_snapshot(a), *sb = brt_snapshot(b);
        ck_assert_str_eq(sa, sb);
        free(sa);
        free(sb);
    }
    ck_assert(br_state_is_terminal(a));
    ck_assert(br_state_is_terminal(b));
    double ra[4], rb[4];
    ck_assert_int_eq(br_state_returns(a, ra, 4), BR_OK);
    ck_assert_int_eq(br_state_returns(b, rb, 4), BR_OK);
    for (int i = 0; i < 4; i++)
        ck_assert(close_to(ra[i], rb[i]));
    br_state_free(a);
    br_state_free(b);
}
END_TEST

/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Binary snapshot (doc/games/tsuro.md, "Binary snapshot"): one byte per
 * field; for 2 seats on the 6x6 board the payload is phase, turn, dragon,
 * last_out (0..3), the hands (4..11: size and three slots per seat), the
 * markers (12..19: status, square, point, fresh per seat), the pile (20..54)
 * and the board (55..90, row by row). */

enum { BIN_HANDS = 4, BIN_MARKERS = 12, BIN_PILE = 20, BIN_BOARD = 55, BIN_SIZE = 91 };

/* A classic 2-seat game in play: markers set, a few tiles placed. */
static br_state *played_position(void)
{
    br_state *s = new_state("players=2,seed=7");
    br_move moves[MOVE_BUFFER];
    for (int i = 0; i < 6; i++) {
        size_t n = legal_moves(s, moves);
        ck_assert_uint_gt(n, 0);
        /* The first move (from the middle of the list) that leaves the game going. */
        bool done = false;
        for (size_t k = 0; k < n && !done; k++) {
            br_state *t = NULL;
            ck_assert_int_eq(br_state_clone(s, &t), BR_OK);
            ck_assert_int_eq(br_state_apply(t, moves[(n / 2 + k) % n]), BR_OK);
            done = !br_state_is_terminal(t);
            br_state_free(t);
            if (done)
                ck_assert_int_eq(br_state_apply(s, moves[(n / 2 + k) % n]), BR_OK);
        }
        ck_assert(done);
    }
    return s;
}

START_TEST(test_binary_snapshot_round_trips)
{
    br_state *s = played_position();
    brt_expect_binary_round_trip(s, BIN_SIZE);
    br_state_free(s);
}
END_TEST

START_TEST(test_binary_loader_refuses_bad_fields_naming_them)
{
    br_state *s = played_position();
    brt_expect_binary_refused(s, BIN_SIZE, 0, 5, "state.phase");
    brt_expect_binary_refused(s, BIN_SIZE, 1, 2, "state.turn");
    brt_expect_binary_refused(s, BIN_SIZE, 2, 2, "state.dragon");
    brt_expect_binary_refused(s, BIN_SIZE, 3, 4, "state.last_out");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_HANDS, 4, "state.hands[0]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_HANDS + 4 + 2, 35, "state.hands[1][1]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_MARKERS, 3, "state.markers[0].status");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_MARKERS + 4 + 1, 36, "state.markers[1].square");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_MARKERS + 2, 8, "state.markers[0].point");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_MARKERS + 4 + 3, 2, "state.markers[1].fresh");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_PILE + 12, 2, "state.pile[12]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_BOARD + 12, 140, "state.board[12]");
    br_state_free(s);
}
END_TEST

/* Fields each in range, but together not a position: the JSON loader's
 * checks of the invariants apply. */
START_TEST(test_binary_loader_checks_the_invariants)
{
    br_state *s = played_position();
    size_t len, payload;
    unsigned char *bytes = brt_binary_sized(s, &len, &payload, BIN_SIZE);
    /* Tile 0 on an empty square: now once more than the set has. */
    int empty = -1;
    for (int i = 0; i < 36 && empty < 0; i++)
        if (bytes[payload + BIN_BOARD + i] == 0xFF)
            empty = i;
    ck_assert_int_ge(empty, 0);
    free(bytes);
    brt_expect_binary_refused(s, BIN_SIZE, BIN_BOARD + (size_t)empty, 0, "state.pile[0]: tile 0 is");
    /* A marker marked out (square, point, fresh cleared) leaves one on the
     * board, while the phase says play goes on. */
    size_t at = payload + BIN_MARKERS;
    bytes = brt_binary_sized(s, &len, &payload, BIN_SIZE);
    bytes[at] = 1;
    bytes[at + 1] = bytes[at + 2] = bytes[at + 3] = 0;
    brt_expect_bytes_refused(bytes, len, "marker 0 out", "state.phase: with 1 marker");
    free(bytes);
    br_state_free(s);
}
END_TEST

/* Spec ("Snapshot"): during setup every hand is full, as the deal leaves
 * it. Seat 1 gives tile 5 back to the pile (every tile still counted once):
 * refused, naming the hand, its size and what the deal gives. */
START_TEST(test_loader_setup_needs_every_hand_full)
{
    static const int deal[2][HAND_SIZE] = { { 0, 1, 2 }, { 3, 4, 5 } };
    table tb;
    tb_open(&tb, 2, "");
    tb_deal(&tb, deal);
    char *snapshot = brt_snapshot(tb.state);
    char *short_hand = with_field(snapshot, "hands", "[[0,1,2],[3,4]]");
    char *edited = with_field(short_hand, "pile", "\"00000111111111111111111111111111111\"");
    char err[TEXT_SIZE] = "";
    br_state *loaded = NULL;
    ck_assert_int_ne(br_state_from_json(edited, &loaded, err, sizeof err), BR_OK);
    ck_assert_ptr_null(loaded);
    ck_assert_msg(strstr(err, "state.hands[1]: 2 tiles, but the deal (one tile per seat in "
                              "turn) gives 3 after 6 tiles") != NULL, "message: %s", err);
    free(edited);
    free(short_hand);
    free(snapshot);
    tb_close(&tb);
}
END_TEST

/* The JSON markers are an array over the seats that the core walks, a
 * marker per entry (doc/games/tsuro.md, "Snapshot"): a wrong number of
 * them, a bad status and a bad member of a marker are refused naming the
 * array or the entry's member. */
START_TEST(test_json_loader_refuses_bad_markers_naming_them)
{
    static const struct {
        const char *markers, *needle;
    } BAD[] = {
        { "[{\"status\":\"unplaced\"}]", "state.markers: 1 entries, not 2" },
        { "[{\"status\":\"unplaced\"},{\"status\":\"gone\"}]",
          "state.markers[1].status: not one of 'unplaced' .. 'on'" },
        { "[{\"status\":\"on\",\"square\":\"a1\",\"point\":8,\"fresh\":false},"
          "{\"status\":\"unplaced\"}]", "state.markers[0].point: not a number 0..7" },
        { "[{\"status\":\"out\",\"point\":1},{\"status\":\"unplaced\"}]",
          "state.markers[0]: a marker that is out has only a status" },
    };
    br_state *s = played_position();
    char *snapshot = brt_snapshot(s);
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char *edited = with_field(snapshot, "markers", BAD[i].markers);
        char err[TEXT_SIZE] = "";
        br_state *loaded = NULL;
        ck_assert_int_eq(br_state_from_json(edited, &loaded, err, sizeof err), BR_ERR_SNAPSHOT);
        ck_assert_ptr_null(loaded);
        ck_assert_msg(strstr(err, BAD[i].needle) != NULL, "%s: message '%s'", BAD[i].markers,
                      err);
        free(edited);
    }
    free(snapshot);
    br_state_free(s);
}
END_TEST

/* A short payload names the part where it ends. */
START_TEST(test_binary_loader_refuses_short_payload)
{
    br_state *s = played_position();
    /* Cut 10 bytes off the end, and the payload length with them. */
    brt_expect_short_payload_refused(s, BIN_SIZE, 10, "state.board");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Learning interface (doc/games/tsuro.md, "Learning interface"): option
 * specs, facts, the longest game and the observation tensor. The layout
 * constants below are the doc's tables, written out again here.       */

enum {
    T_PAIRS = 28,
    T_BOARD_PLANES = 1 + T_PAIRS, /* empty square, then the 28 pairs */
    T_SEAT_FEATURES = 55,
    T_GLOBAL_FEATURES = 50,
    /* a seat's block */
    TF_UNPLACED = 0, TF_ON_BOARD = 1, TF_OUT = 2, TF_POINT = 3, TF_FRESH = 11,
    TF_HAND_VISIBLE = 12, TF_HAND_SIZE = 13, TF_HAND = 14, TF_TURN = 49, TF_TO_MOVE = 50,
    TF_DRAW_TO = 51, TF_DRAGON = 52, TF_LAST_OUT = 53, TF_WINNER = 54,
    /* the global block */
    TG_PHASE = 0, TG_PILE_SIZE = 5, TG_DRAGON_IN_BOX = 6, TG_EDITION = 7, TG_SELFKILL = 10,
    TG_UNSEEN = 14, TG_BOARD_7 = 49,
    PHASE_DEAL = 0, PHASE_SETUP = 1, PHASE_PLAY = 2, PHASE_DRAW = 3, PHASE_OVER = 4,
    TENSOR_MAX = (T_BOARD_PLANES + MAX_SEATS) * MAX_SQUARES + MAX_SEATS * T_SEAT_FEATURES +
                 T_GLOBAL_FEATURES
};

typedef struct layout {
    int width, seats, squares;
    size_t markers; /* offset of the marker planes */
    size_t seat;    /* offset of the seats' blocks */
    size_t global;  /* offset of the global block */
    size_t size;
} layout;

static layout layout_of(int width, int seats)
{
    layout l;
    l.width = width;
    l.seats = seats;
    l.squares = width * width;
    l.markers = (size_t)T_BOARD_PLANES * (size_t)l.squares;
    l.seat = l.markers + (size_t)seats * (size_t)l.squares;
    l.global = l.seat + (size_t)seats * T_SEAT_FEATURES;
    l.size = l.global + T_GLOBAL_FEATURES;
    return l;
}

/* Offset of feature f of the block of relative seat k. */
static size_t seat_at(const layout *l, int k, int f)
{
    return l->seat + (size_t)k * T_SEAT_FEATURES + (size_t)f;
}

/* Plane of the path joining points a and b (a != b): 1 + the pair's index
 * in the order 0-1, 0-2, .., 0-7, 1-2, .., 6-7. */
static int pair_plane(int a, int b)
{
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    int index = 0;
    for (int p = 0; p < a; p++)
        index += 7 - p;
    return 1 + index + (b - a - 1);
}

static br_facts facts_of(const char *options)
{
    br_facts f;
    char err[TEXT_SIZE] = "";
    br_status st = br_game_facts(tsuro(), options, &f, sizeof f, err, sizeof err);
    ck_assert_msg(st == BR_OK, "br_game_facts(\"%s\"): %s (%s)", options, br_status_string(st),
                  err);
    return f;
}

/* The tensor of `seat`, into a buffer filled with NaN first: every entry must
 * be written and lie in 0..1. */
static void tensor_of(const br_state *s, int seat, float *out, const layout *l)
{
    br_facts f;
    ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
    ck_assert_uint_eq(f.tensor_size, l->size);
    for (size_t i = 0; i < TENSOR_MAX; i++)
        out[i] = (float)NAN;
    ck_assert_int_eq(br_state_observation_tensor(s, seat, out, TENSOR_MAX), BR_OK);
    for (size_t i = 0; i < l->size; i++)
        ck_assert_msg(out[i] >= 0.0f && out[i] <= 1.0f, "seat %d: tensor[%zu] = %g", seat, i,
                      (double)out[i]);
    for (size_t i = l->size; i < TENSOR_MAX; i++)
        ck_assert_msg(out[i] != out[i], "tensor[%zu] written past the tensor's size", i);
}

static void assert_value(const float *t, size_t at, double want, const char *what)
{
    double d = (double)t[at] - want;
    ck_assert_msg(d < 1e-6 && d > -1e-6, "%s: tensor[%zu] = %g, want %g", what, at,
                  (double)t[at], want);
}

START_TEST(test_learning_option_specs_follow_the_options_string)
{
    static const char *const keys[] = {"players", "seed", "chance", "edition", "board",
                                       "selfkill"};
    static const int kinds[] = {BR_OPTION_INTEGER, BR_OPTION_INTEGER, BR_OPTION_CHOICE,
                                BR_OPTION_CHOICE, BR_OPTION_INTEGER, BR_OPTION_CHOICE};
    const br_game *game = tsuro();
    ck_assert_uint_eq(br_game_option_count(game), 6);
    ck_assert_ptr_null(br_game_option(game, 6));
    /* The canonical options string of the defaults, key by key. */
    br_state *s = new_state("");
    char canonical[TEXT_SIZE];
    ck_assert_int_eq(br_state_options(s, canonical, sizeof canonical, NULL), BR_OK);
    br_state_free(s);
    ck_assert_str_eq(canonical, "players=2,seed=0,chance=auto,edition=classic,board=6,"
                                "selfkill=edge");
    char defaults[TEXT_SIZE] = "";
    const char *item = canonical;
    for (size_t i = 0; i < 6; i++) {
        const br_option_spec *spec = br_game_option(game, i);
        ck_assert_ptr_nonnull(spec);
        ck_assert_str_eq(spec->key, keys[i]);
        ck_assert_int_eq(spec->kind, kinds[i]);
        ck_assert_msg(spec->help && spec->help[0] && !strchr(spec->help, '\n'),
                      "%s: one line of help", spec->key);
        size_t key_len = strlen(spec->key);
        ck_assert_msg(strncmp(item, spec->key, key_len) == 0 && item[key_len] == '=',
                      "key %zu of \"%s\" is not %s", i, canonical, spec->key);
        const char *value = item + key_len + 1, *end = strchr(value, ',');
        size_t value_len = end ? (size_t)(end - value) : strlen(value);
        if (spec->default_value) {
            ck_assert_msg(strlen(spec->default_value) == value_len &&
                              strncmp(spec->default_value, value, value_len) == 0,
                          "%s: default %s, the options string says %.*s", spec->key,
                          spec->default_value, (int)value_len, value);
            snprintf(defaults + strlen(defaults), sizeof defaults - strlen(defaults), "%s%s=%s",
                     defaults[0] ? "," : "", spec->key, spec->default_value);
        } else {
            /* Only the board's default depends on other options. */
            ck_assert_str_eq(spec->key, "board");
            ck_assert_msg(strstr(spec->help, "default") != NULL, "board: help names the default");
        }
        item = end ? end + 1 : value + value_len;
    }
    /* The defaults, written out, are accepted. */
    char err[TEXT_SIZE] = "";
    ck_assert_int_eq(br_game_check_options(game, defaults, err, sizeof err), BR_OK);
    br_state_free(new_state(defaults));
    /* Each integer's range: its ends accepted, one past them rejected. */
    static const struct { const char *accepted, *rejected; } ranges[] = {
        {"players=2", "players=1"},
        {"players=8", "players=9"},
        {"seed=0", "seed=-1"},
        {"seed=18446744073709551615", "seed=18446744073709551616"},
        {"board=6", "board=5"},
        {"board=7", "board=8"},
        {"chance=explicit", "chance=sometimes"},
        {"edition=tactile", "edition=deluxe"},
        {"selfkill=literal", "selfkill=never"},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        ck_assert_msg(br_game_check_options(game, ranges[i].accepted, err, sizeof err) == BR_OK,
                      "%s rejected: %s", ranges[i].accepted, err);
        ck_assert_msg(br_game_check_options(game, ranges[i].rejected, err, sizeof err) ==
                          BR_ERR_OPTION,
                      "%s accepted", ranges[i].rejected);
    }
    /* The ranges and choices the specs give, checked against the parser. */
    for (size_t i = 0; i < 6; i++) {
        const br_option_spec *spec = br_game_option(game, i);
        char text[TEXT_SIZE];
        if (spec->kind == BR_OPTION_INTEGER) {
            snprintf(text, sizeof text, "%s=%llu", spec->key, (unsigned long long)spec->min);
            ck_assert_msg(br_game_check_options(game, text, err, sizeof err) == BR_OK, "%s: %s",
                          text, err);
            snprintf(text, sizeof text, "%s=%llu", spec->key, (unsigned long long)spec->max);
            ck_assert_msg(br_game_check_options(game, text, err, sizeof err) == BR_OK, "%s: %s",
                          text, err);
            if (spec->max < UINT64_MAX) {
                snprintf(text, sizeof text, "%s=%llu", spec->key,
                         (unsigned long long)spec->max + 1);
                ck_assert_int_eq(br_game_check_options(game, text, err, sizeof err),
                                 BR_ERR_OPTION);
            }
            if (spec->min > 0) {
                snprintf(text, sizeof text, "%s=%llu", spec->key,
                         (unsigned long long)spec->min - 1);
                ck_assert_int_eq(br_game_check_options(game, text, err, sizeof err),
                                 BR_ERR_OPTION);
            }
        } else {
            ck_assert_int_eq(spec->kind, BR_OPTION_CHOICE);
            size_t n = 0;
            for (; spec->choices[n]; n++) {
                snprintf(text, sizeof text, "%s=%s", spec->key, spec->choices[n]);
                ck_assert_msg(br_game_check_options(game, text, err, sizeof err) == BR_OK,
                              "%s: %s", text, err);
            }
            ck_assert_uint_ge(n, 2);
        }
    }
}
END_TEST

/* The facts of doc/games/tsuro.md: T tiles (classic 35, kosmos/tactile 64),
 * W*W squares, n seats; the longest game n + P + min(T + 3(n-2), P + 3n - 1)
 * moves with P = min(W*W, T). */
START_TEST(test_learning_facts_follow_the_options)
{
    static const struct {
        const char *options;
        int seats, width, hidden;
        uint32_t longest;
    } cases[] = {
        {"", 2, 6, 1, 72},
        {"players=3", 3, 6, 1, 76},
        {"players=8", 8, 6, 1, 96},
        {"players=8,board=7", 8, 7, 1, 96},
        {"players=2,edition=kosmos", 2, 6, 0, 79},
        {"players=4,edition=kosmos", 4, 6, 0, 87},
        {"players=5,edition=kosmos", 5, 7, 0, 117},
        {"players=8,edition=kosmos", 8, 7, 0, 129},
        {"players=2,edition=kosmos,board=7", 2, 7, 0, 105},
        {"players=5,edition=tactile,chance=explicit", 5, 7, 0, 117},
        {"players=4,edition=tactile,board=7,selfkill=any", 4, 7, 0, 113},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        br_facts f = facts_of(cases[i].options);
        layout l = layout_of(cases[i].width, cases[i].seats);
        ck_assert_int_eq(f.num_players, cases[i].seats);
        ck_assert_int_eq(f.has_chance, 1);
        ck_assert_msg(f.has_hidden_information == cases[i].hidden, "\"%s\": hidden %d",
                      cases[i].options, f.has_hidden_information);
        ck_assert_msg(f.max_game_length == cases[i].longest, "\"%s\": longest game %u, want %u",
                      cases[i].options, f.max_game_length, cases[i].longest);
        brt_expect_vector_tensor(&f, l.size);
        ck_assert_uint_eq(f.move_space, 315 + 8 * (size_t)cases[i].width);
    }
    /* The documented sizes of two option sets, in numbers. */
    ck_assert_uint_eq(facts_of("").tensor_size, 1276);
    ck_assert_uint_eq(facts_of("players=8,edition=kosmos").tensor_size, 2303);
}
END_TEST

/* Three seats, classic: dealt, set up, seat 0 has placed a tile and draws. */
static void tensor_position(table *tb)
{
    int deal[3][HAND_SIZE] = {{3, 14, 27}, {1, 9, 30}, {-1, -1, -1}};
    complete_deal(3, deal);
    static const char *const marks[3] = {"@a1:0", "@f6:4", "@a6:7"};
    tb_open(tb, 3, "");
    tb_deal(tb, (const int(*)[HAND_SIZE])deal);
    tb_marks(tb, marks);
    int t, r;
    quiet_placement(tb, 0, &t, &r);
    r %= tile_orientations(t);
    tb_place(tb, 0, t, r, NULL);
}

START_TEST(test_learning_tensor_of_a_set_up_position)
{
    table tb;
    tensor_position(&tb);
    const layout l = layout_of(6, 3);
    float t[TENSOR_MAX];
    tensor_of(tb.state, 0, t, &l);
    /* The board planes: a1 holds the placed tile's four paths, the other
     * squares are empty. */
    const model *m = &tb.board;
    for (int sq = 0; sq < l.squares; sq++) {
        bool empty = m->tile[sq] == NO_TILE;
        assert_value(t, (size_t)sq, empty ? 1 : 0, "empty-square plane");
        int want[T_BOARD_PLANES] = {0};
        if (!empty)
            for (int p = 0; p < 8; p++)
                want[pair_plane(p, tile_exit(m->tile[sq], m->rotation[sq], p))] = 1;
        for (int plane = 1; plane < T_BOARD_PLANES; plane++)
            assert_value(t, (size_t)plane * (size_t)l.squares + (size_t)sq, want[plane],
                         "path plane");
    }
    ck_assert_int_ne(m->tile[0], NO_TILE);
    /* Marker planes: one square each, the observer's marker first. */
    for (int k = 0; k < 3; k++)
        for (int sq = 0; sq < l.squares; sq++)
            assert_value(t, l.markers + (size_t)k * (size_t)l.squares + (size_t)sq,
                         sq == m->marker[k].square ? 1 : 0, "marker plane");
    ck_assert_int_eq(m->marker[1].square, 35); /* f6 */
    ck_assert_int_eq(m->marker[2].square, 30); /* a6 */
    /* The seats: on the board at their points; the own hand one-hot; the
     * other classic hands hidden, only their sizes shown. */
    for (int k = 0; k < 3; k++) {
        assert_value(t, seat_at(&l, k, TF_UNPLACED), 0, "unplaced");
        assert_value(t, seat_at(&l, k, TF_ON_BOARD), 1, "on board");
        assert_value(t, seat_at(&l, k, TF_OUT), 0, "out");
        for (int p = 0; p < 8; p++)
            assert_value(t, seat_at(&l, k, TF_POINT + p), p == m->marker[k].point ? 1 : 0,
                         "marker point");
        assert_value(t, seat_at(&l, k, TF_FRESH), 0, "fresh (classic: never)");
        assert_value(t, seat_at(&l, k, TF_HAND_VISIBLE), k == 0 ? 1 : 0, "hand visible");
        assert_value(t, seat_at(&l, k, TF_HAND_SIZE), k == 0 ? 2.0 / 3 : 1, "hand size");
        bool held[NUM_TILES] = {false};
        if (k == 0)
            for (int i = 0; i < tb.hand_size[0]; i++)
                held[tb.hand[0][i]] = true;
        for (int tile = 0; tile < NUM_TILES; tile++)
            assert_value(t, seat_at(&l, k, TF_HAND + tile), held[tile] ? 1 : 0, "hand");
        assert_value(t, seat_at(&l, k, TF_TURN), k == 0 ? 1 : 0, "turn");
        assert_value(t, seat_at(&l, k, TF_TO_MOVE), 0, "to move (a draw: chance)");
        assert_value(t, seat_at(&l, k, TF_DRAW_TO), k == 0 ? 1 : 0, "draw to");
        assert_value(t, seat_at(&l, k, TF_DRAGON), 0, "dragon");
        assert_value(t, seat_at(&l, k, TF_LAST_OUT), 0, "last out");
        assert_value(t, seat_at(&l, k, TF_WINNER), 0, "winner");
    }
    /* The global block: a draw, 26 tiles in the pile, the dragon in the box;
     * unseen: the pile and the two hidden hands (every tile but the own two
     * and the one on the board). */
    for (int ph = 0; ph < 5; ph++)
        assert_value(t, l.global + TG_PHASE + (size_t)ph, ph == PHASE_DRAW ? 1 : 0, "phase");
    assert_value(t, l.global + TG_PILE_SIZE, 26.0 / 35, "pile size");
    assert_value(t, l.global + TG_DRAGON_IN_BOX, 1, "dragon in the box");
    for (int e = 0; e < 3; e++)
        assert_value(t, l.global + TG_EDITION + (size_t)e, e == 0 ? 1 : 0, "edition classic");
    for (int k = 0; k < 4; k++)
        assert_value(t, l.global + TG_SELFKILL + (size_t)k, k == 0 ? 1 : 0, "selfkill edge");
    for (int tile = 0; tile < NUM_TILES; tile++) {
        bool seen = tile == m->tile[0];
        for (int i = 0; i < tb.hand_size[0]; i++)
            seen = seen || tile == tb.hand[0][i];
        assert_value(t, l.global + TG_UNSEEN + (size_t)tile, seen ? 0 : 1, "unseen");
    }
    assert_value(t, l.global + TG_BOARD_7, 0, "6x6 board");

    /* After the draw: seat 1 to place a tile. */
    tb_draw(&tb, 0, lowest_in_pile(&tb));
    tensor_of(tb.state, 0, t, &l);
    for (int ph = 0; ph < 5; ph++)
        assert_value(t, l.global + TG_PHASE + (size_t)ph, ph == PHASE_PLAY ? 1 : 0, "phase");
    for (int k = 0; k < 3; k++) {
        assert_value(t, seat_at(&l, k, TF_TURN), k == 1 ? 1 : 0, "turn");
        assert_value(t, seat_at(&l, k, TF_TO_MOVE), k == 1 ? 1 : 0, "to move");
        assert_value(t, seat_at(&l, k, TF_DRAW_TO), 0, "no draw pending");
    }
    assert_value(t, seat_at(&l, 0, TF_HAND_SIZE), 1, "hand size 3 again");
    /* Seat 1's own view: its marker plane and block first. */
    tensor_of(tb.state, 1, t, &l);
    assert_value(t, l.markers + 35, 1, "seat 1's marker (f6) in plane 0");
    assert_value(t, seat_at(&l, 0, TF_TO_MOVE), 1, "seat 1 (relative 0) to move");
    for (int tile = 0; tile < NUM_TILES; tile++) {
        bool held = false;
        for (int i = 0; i < tb.hand_size[1]; i++)
            held = held || tile == tb.hand[1][i];
        assert_value(t, seat_at(&l, 0, TF_HAND + tile), held ? 1 : 0, "seat 1's own hand");
    }
    tb_close(&tb);
}
END_TEST

/* The tensor of every viewer against seat 0's, with the seats' blocks and
 * marker planes turned to the viewer's order (the spectator: absolute
 * order). The doc says what may differ: the hand entries of the seats'
 * blocks and the unseen tiles; everything else must be equal. */
static void assert_views_differ_only_in_hands(const br_state *s, int width, int seats,
                                              bool classic)
{
    const layout l = layout_of(width, seats);
    static float base[TENSOR_MAX], view[TENSOR_MAX], spectator[TENSOR_MAX];
    tensor_of(s, 0, base, &l);
    tensor_of(s, -1, spectator, &l);
    for (int viewer = -1; viewer < seats; viewer++) {
        tensor_of(s, viewer, view, &l);
        int first = viewer < 0 ? 0 : viewer;
        for (size_t i = 0; i < l.markers; i++)
            ck_assert_msg(view[i] == base[i], "viewer %d: board plane entry %zu differs", viewer,
                          i);
        for (int k = 0; k < seats; k++) {
            int p = (first + k) % seats; /* relative seat k of the viewer is seat p */
            for (int sq = 0; sq < l.squares; sq++)
                ck_assert(view[l.markers + (size_t)(k * l.squares + sq)] ==
                          base[l.markers + (size_t)(p * l.squares + sq)]);
            for (int f = 0; f < T_SEAT_FEATURES; f++) {
                float got = view[seat_at(&l, k, f)], want = base[seat_at(&l, p, f)];
                bool hand = f == TF_HAND_VISIBLE || (f >= TF_HAND && f < TF_HAND + NUM_TILES);
                if (!hand || !classic) {
                    ck_assert_msg(got == want, "viewer %d, seat %d, feature %d: %g, seat 0 "
                                  "sees %g", viewer, p, f, (double)got, (double)want);
                } else if (f == TF_HAND_VISIBLE) {
                    ck_assert(got == (p == viewer ? 1.0f : 0.0f));
                } else if (p == viewer) {
                    /* The own hand (checked with the unseen tiles below). */
                    ck_assert(got == 0.0f || got == 1.0f);
                } else {
                    ck_assert_msg(got == 0.0f, "viewer %d sees a tile of seat %d's hand",
                                  viewer, p);
                }
            }
        }
        if (classic && viewer >= 0) {
            float held = 0;
            for (int tile = 0; tile < NUM_TILES; tile++)
                held += view[seat_at(&l, 0, TF_HAND + tile)];
            ck_assert(fabsf(held - 3 * view[seat_at(&l, 0, TF_HAND_SIZE)]) < 1e-5f);
        }
        for (int f = 0; f < T_GLOBAL_FEATURES; f++) {
            float got = view[l.global + (size_t)f];
            if (classic && f >= TG_UNSEEN && f < TG_UNSEEN + NUM_TILES) {
                /* Unseen: the spectator's unseen tiles minus the own hand. */
                float own = viewer < 0 ? 0.0f : view[seat_at(&l, 0, TF_HAND + f - TG_UNSEEN)];
                ck_assert(fabsf(got + own - spectator[l.global + (size_t)f]) < 1e-5f);
            } else {
                ck_assert_msg(got == base[l.global + (size_t)f],
                              "viewer %d: global feature %d differs", viewer, f);
            }
        }
    }
}

/* Plays `moves` random moves (explicit chance: random outcomes). */
static void random_moves(br_state *s, uint64_t *rng, int moves)
{
    br_move list[MOVE_BUFFER];
    for (int i = 0; i < moves && !br_state_is_terminal(s); i++) {
        size_t n = legal_moves(s, list);
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        ck_assert_int_eq(br_state_apply(s, list[(*rng >> 33) % n]), BR_OK);
    }
}

START_TEST(test_learning_tensor_views_differ_only_in_hidden_hands)
{
    table tb;
    tensor_position(&tb);
    assert_views_differ_only_in_hands(tb.state, 6, 3, true);
    tb_close(&tb);
    static const struct { const char *options; int width, seats; bool classic; } sets[] = {
        {"players=4,chance=explicit", 6, 4, true},
        {"players=5,chance=explicit,board=7", 7, 5, true},
        {"players=3,chance=explicit,edition=kosmos", 6, 3, false},
        {"players=6,edition=kosmos", 7, 6, false},
    };
    uint64_t rng = 11;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        br_state *s = new_state(sets[i].options);
        for (int step = 0; step < 8 && !br_state_is_terminal(s); step++) {
            assert_views_differ_only_in_hands(s, sets[i].width, sets[i].seats, sets[i].classic);
            random_moves(s, &rng, 5);
        }
        assert_views_differ_only_in_hands(s, sets[i].width, sets[i].seats, sets[i].classic);
        br_state_free(s);
    }
}
END_TEST

/* Kosmos: hands lie open, the unseen tiles are the pile (2 copies = 1). */
START_TEST(test_learning_kosmos_tensor_shows_every_hand)
{
    br_state *s = new_state("players=3,edition=kosmos,seed=5");
    const layout l = layout_of(6, 3);
    float t[TENSOR_MAX];
    tensor_of(s, 2, t, &l);
    char *snap = brt_snapshot(s);
    /* Hands from the snapshot ("hands":[[a,b,c],...]), read by hand. */
    const char *h = strstr(snap, "\"hands\":[[");
    ck_assert_ptr_nonnull(h);
    h += strlen("\"hands\":[");
    for (int p = 0; p < 3; p++) {
        int tiles[3], counts[NUM_TILES] = {0};
        ck_assert_int_eq(sscanf(h, "[%d,%d,%d]", &tiles[0], &tiles[1], &tiles[2]), 3);
        for (int i = 0; i < 3; i++)
            counts[tiles[i]]++;
        int k = (p - 2 + 3) % 3; /* seat 2 sees itself first */
        assert_value(t, seat_at(&l, k, TF_HAND_VISIBLE), 1, "kosmos hand visible");
        for (int tile = 0; tile < NUM_TILES; tile++)
            assert_value(t, seat_at(&l, k, TF_HAND + tile), counts[tile] / 2.0, "kosmos hand");
        h = strchr(h, ']') + 2;
    }
    free(snap);
    assert_value(t, l.global + TG_PILE_SIZE, (64.0 - 9) / 64, "kosmos pile size");
    assert_value(t, l.global + TG_EDITION + 1, 1, "edition kosmos");
    /* A fresh figure after its setup. */
    br_move list[MOVE_BUFFER];
    ck_assert_uint_gt(legal_moves(s, list), 0);
    ck_assert_int_eq(br_state_apply(s, list[0]), BR_OK);
    tensor_of(s, 0, t, &l);
    assert_value(t, seat_at(&l, 0, TF_FRESH), 1, "fresh kosmos figure");
    assert_value(t, seat_at(&l, 1, TF_UNPLACED), 1, "seat 1 not set up yet");
    for (int ph = 0; ph < 5; ph++)
        assert_value(t, l.global + TG_PHASE + (size_t)ph, ph == PHASE_SETUP ? 1 : 0, "phase");
    br_state_free(s);
}
END_TEST

/* Random games of every kind of option set, chance=auto and explicit: no
 * move number exceeds the longest game, and the history holds every move. */
START_TEST(test_learning_max_game_length_holds_in_random_playouts)
{
    static const char *const sets[] = {
        "players=2", "players=3", "players=5", "players=8", "players=8,board=7",
        "players=2,edition=kosmos", "players=4,edition=kosmos", "players=8,edition=kosmos",
        "players=5,edition=tactile", "players=2,selfkill=any", "players=4,selfkill=none",
        "players=3,edition=kosmos,board=7,selfkill=literal",
    };
    static br_history_entry history[256];
    int games = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        for (int explicit_chance = 0; explicit_chance < 2; explicit_chance++) {
            char options[TEXT_SIZE];
            snprintf(options, sizeof options, "%s,chance=%s", sets[i],
                     explicit_chance ? "explicit" : "auto");
            uint32_t bound = facts_of(options).max_game_length, longest = 0;
            for (uint64_t seed = 1; seed <= 15; seed++, games++) {
                char seeded[2 * TEXT_SIZE];
                snprintf(seeded, sizeof seeded, "%s,seed=%llu", options,
                         (unsigned long long)seed);
                br_state *s = new_state(seeded);
                uint64_t rng = seed * 0x9E3779B97F4A7C15ull;
                while (!br_state_is_terminal(s)) {
                    random_moves(s, &rng, 1);
                    ck_assert_msg(br_state_move_number(s) <= bound,
                                  "%s: move %u past the bound %u", seeded,
                                  br_state_move_number(s), bound);
                }
                size_t count = 0;
                ck_assert_int_eq(br_state_history(s, history, 256, &count), BR_OK);
                ck_assert_uint_eq(count, br_state_move_number(s));
                if (br_state_move_number(s) > longest)
                    longest = br_state_move_number(s);
                br_state_free(s);
            }
            ck_assert_uint_gt(longest, 0);
        }
    ck_assert_int_ge(games, 300);
}
END_TEST

/* The bound is reached: the game of all 35 tiles for 3 seats (one seat out at
 * once, its 3 tiles drawn again) has 3 setups, 35 placements and 35 + 3
 * deals and draws, 76 = 4n + 64 moves. */
START_TEST(test_learning_longest_game_reaches_the_bound)
{
    table tb;
    all_tiles_game_start(&tb);
    all_tiles_game_play(&tb, 35);
    ck_assert(br_state_is_terminal(tb.state));
    br_facts f;
    ck_assert_int_eq(br_state_facts(tb.state, &f, sizeof f), BR_OK);
    ck_assert_uint_eq(f.max_game_length, 76);
    ck_assert_uint_eq(br_state_move_number(tb.state), f.max_game_length);
    /* The last position's tensor: the board is full but for one square. */
    const layout l = layout_of(6, 3);
    float t[TENSOR_MAX];
    tensor_of(tb.state, 1, t, &l);
    float empty = 0;
    for (int sq = 0; sq < l.squares; sq++)
        empty += t[sq];
    ck_assert(close_to(empty, 1));
    assert_value(t, l.global + TG_PHASE + PHASE_OVER, 1, "game over");
    assert_value(t, l.global + TG_PILE_SIZE, 0, "pile empty");
    assert_value(t, seat_at(&l, 0, TF_WINNER), 1, "seat 1 shares the win");
    assert_value(t, seat_at(&l, 1, TF_OUT), 1, "seat 2 is out");
    assert_value(t, seat_at(&l, 1, TF_WINNER), 0, "seat 2 lost");
    tb_close(&tb);
}
END_TEST

/* The bound is approached as argued in random games (selfkill=any, which
 * keeps markers on the board while it can): kosmos/tactile games that fill
 * every square and give back all hands but the last mover's reach the bound
 * exactly; classic games come within one move of it. */
START_TEST(test_learning_random_games_approach_the_bound)
{
    static const struct { const char *options; uint32_t slack; } sets[] = {
        {"players=2,edition=kosmos,board=7", 0},
        {"players=4,edition=kosmos", 0},
        {"players=8,edition=kosmos", 0},
        {"players=3", 1},
        {"players=2", 1},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char options[TEXT_SIZE];
        snprintf(options, sizeof options, "%s,chance=explicit,selfkill=any", sets[i].options);
        uint32_t bound = facts_of(options).max_game_length, longest = 0;
        uint64_t rng = 1000 + i;
        int games = 0;
        for (; games < 400 && longest + sets[i].slack < bound; games++) {
            br_state *s = new_state(options);
            random_moves(s, &rng, 1000);
            ck_assert(br_state_is_terminal(s));
            if (br_state_move_number(s) > longest)
                longest = br_state_move_number(s);
            br_state_free(s);
        }
        ck_assert_msg(longest <= bound && longest + sets[i].slack >= bound,
                      "%s: longest of %d random games %u, bound %u", options, games, longest,
                      bound);
    }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Effects (issue 25): what each history entry changed, per seat       */

/* The effects of the state's last history entry as `viewer` sees them. */
static void effects_of_last(const br_state *s, int viewer, char *buf, size_t size)
{
    size_t count = 0;
    br_state_history(s, NULL, 0, &count);
    ck_assert_uint_gt(count, 0);
    ck_assert_int_eq(br_state_history_effects_json(s, count - 1, viewer, buf, size, NULL),
                     BR_OK);
}

static void expect_effects(const br_state *s, int viewer, const char *want)
{
    char got[2048];
    effects_of_last(s, viewer, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "seat %d sees\n  %s\nnot\n  %s", viewer, got, want);
}

/* Public effects: the same for every seat and the spectator. */
static void expect_effects_for_all(const table *tb, const char *want)
{
    for (int viewer = -1; viewer < tb->board.seats; viewer++)
        expect_effects(tb->state, viewer, want);
}

/* Effect "tile_drawn": who gets the tile, and which tile only for the
 * receiver where hands are hidden (classic; the move text says "draw ?"). */
START_TEST(test_effect_tile_drawn_names_the_tile_for_its_receiver_only)
{
    table tb;
    tb_open(&tb, 3, "");
    tb_draw(&tb, 0, 17);
    expect_effects(tb.state, 0, "[{\"type\":\"tile_drawn\",\"seat\":0,\"tile\":\"17\"}]");
    expect_effects(tb.state, 1, "[{\"type\":\"tile_drawn\",\"seat\":0,\"tile\":\"?\"}]");
    expect_effects(tb.state, -1, "[{\"type\":\"tile_drawn\",\"seat\":0,\"tile\":\"?\"}]");
    tb_draw(&tb, 1, 5);
    expect_effects(tb.state, 1, "[{\"type\":\"tile_drawn\",\"seat\":1,\"tile\":\"5\"}]");
    expect_effects(tb.state, 0, "[{\"type\":\"tile_drawn\",\"seat\":1,\"tile\":\"?\"}]");
    tb_close(&tb);
}
END_TEST

/* Effect "tile_drawn" where hands lie open (kosmos, "offen vor sich aus"):
 * every seat and the spectator see the tile. */
START_TEST(test_effect_tile_drawn_in_kosmos_is_seen_by_every_seat)
{
    table tb;
    tb_open(&tb, 3, "edition=kosmos");
    tb_draw(&tb, 0, 17);
    expect_effects_for_all(&tb, "[{\"type\":\"tile_drawn\",\"seat\":0,\"tile\":\"17\"}]");
    tb_close(&tb);
}
END_TEST

/* Effect "marker_placed": the start position in the notation (classic: a
 * point, kosmos: a side, standing at its even point). */
START_TEST(test_effect_marker_placed_names_the_start_position)
{
    static const int deal[2][3] = {{0, 1, 2}, {3, 4, 5}};
    table tb;
    tb_open(&tb, 2, "");
    tb_deal(&tb, deal);
    tb_mark(&tb, 0, "@a1:7");
    expect_effects_for_all(&tb, "[{\"type\":\"marker_placed\",\"seat\":0,\"start\":\"a1:7\","
                                "\"square\":\"a1\",\"point\":7}]");
    tb_close(&tb);
    tb_open(&tb, 2, "edition=kosmos");
    tb_deal(&tb, deal);
    tb_mark(&tb, 0, "@a1:top");
    tb_mark(&tb, 1, "@f6:right");
    expect_effects_for_all(&tb, "[{\"type\":\"marker_placed\",\"seat\":1,\"start\":\"f6:right\","
                                "\"square\":\"f6\",\"point\":2}]");
    tb_close(&tb);
}
END_TEST

/* Effects "tile_placed" and "marker_moved": seats 0 and 1 share c1 (the
 * scenario of other_markers_on_the_extended_path_move_too); seat 0's 28r0
 * (0-4, 1-2) takes seat 0 down into c2 (point 1) and seat 1 on to d1's
 * point 7. The mover's marker comes first, then the others by seat. */
START_TEST(test_effect_tile_placed_moves_every_marker_of_the_square)
{
    table tb;
    tb_open(&tb, 4, "");
    static const int deal[4][3] = {{28, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@c1:1", "@c1:0", "@f6:4", "@a6:6"};
    tb_deal(&tb, deal);
    tb_marks(&tb, marks);
    tb_place(&tb, 0, 28, 0, NULL);
    expect_effects_for_all(
        &tb, "[{\"type\":\"tile_placed\",\"seat\":0,\"tile\":\"28\",\"rotation\":0,"
             "\"square\":\"c1\"},"
             "{\"type\":\"marker_moved\",\"seat\":0,\"from\":{\"square\":\"c1\",\"point\":1},"
             "\"to\":{\"square\":\"d1\",\"point\":7}},"
             "{\"type\":\"marker_moved\",\"seat\":1,\"from\":{\"square\":\"c1\",\"point\":0},"
             "\"to\":{\"square\":\"c2\",\"point\":1}}]");
    tb_close(&tb);
}
END_TEST

/* Effect "marker_moved" in a kosmos first turn (FACTS.md: the player chooses
 * which path of the entry side to follow): `/1` moves the marker from the
 * odd point of its side. Tile B joins 1-4: from a1's point 1 into a2. */
START_TEST(test_effect_marker_moved_from_the_chosen_point_of_a_kosmos_side)
{
    static const int pairs_b[2][2] = {{1, 4}, {0, 7}};
    int t, r;
    find_tile_joining(pairs_b, 2, NULL, &t, &r);
    r %= tile_orientations(t);
    int deal[2][3] = {{t, -1, -1}, {-1, -1, -1}};
    complete_deal(2, deal);
    table tb;
    tb_open(&tb, 2, "edition=kosmos");
    tb_deal(&tb, (const int(*)[3])deal);
    static const char *const marks[2] = {"@a1:top", "@f6:bottom"};
    tb_marks(&tb, marks);
    enum fate fate[MAX_SEATS];
    place_common(&tb, 0, t, r, true, fate);
    char want[512];
    snprintf(want, sizeof want,
             "[{\"type\":\"tile_placed\",\"seat\":0,\"tile\":\"%d\",\"rotation\":%d,"
             "\"square\":\"a1\"},"
             "{\"type\":\"marker_moved\",\"seat\":0,\"from\":{\"square\":\"a1\",\"point\":1},"
             "\"to\":{\"square\":\"a2\",\"point\":1}}]",
             t, r);
    expect_effects_for_all(&tb, want);
    tb_close(&tb);
}
END_TEST

/* Effect "eliminated", reason "left_board" (the scenario of
 * marker_leaving_the_board_is_out): seat 0's tile on a1 joins 0-3 and 7-6;
 * seat 1 runs from a1's point 7 off the board at a1's point 6, and its 3
 * tiles go back to the pile. */
START_TEST(test_effect_eliminated_by_leaving_the_board)
{
    static const int pairs[2][2] = {{0, 3}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 2, NULL, &t, &r);
    r %= tile_orientations(t);
    int deal[3][3] = {{t, -1, -1}, {-1, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    static const char *const marks[3] = {"@a1:0", "@a1:7", "@f6:4"};
    table tb;
    tb_open(&tb, 3, "");
    tb_deal(&tb, (const int(*)[3])deal);
    tb_marks(&tb, marks);
    tb_place(&tb, 0, t, r, NULL);
    char want[512];
    snprintf(want, sizeof want,
             "[{\"type\":\"tile_placed\",\"seat\":0,\"tile\":\"%d\",\"rotation\":%d,"
             "\"square\":\"a1\"},"
             "{\"type\":\"marker_moved\",\"seat\":0,\"from\":{\"square\":\"a1\",\"point\":0},"
             "\"to\":{\"square\":\"b1\",\"point\":6}},"
             "{\"type\":\"marker_moved\",\"seat\":1,\"from\":{\"square\":\"a1\",\"point\":7},"
             "\"to\":{\"square\":\"a1\",\"point\":6}},"
             "{\"type\":\"eliminated\",\"seat\":1,\"reason\":\"left_board\",\"returned\":3}]",
             t, r);
    expect_effects_for_all(&tb, want);
    tb_close(&tb);
}
END_TEST

/* Effect "eliminated", reason "head_on" (the scenario of
 * markers_meeting_head_on_are_both_out): tile 0 joins a1's points 0 and 1,
 * where seats 0 and 1 stand; they meet on the tile ("to" is null), both are
 * out, each naming the other. Seat 0 returns the 2 tiles it kept. */
START_TEST(test_effect_eliminated_by_meeting_head_on)
{
    table tb;
    tb_open(&tb, 4, "");
    static const int deal[4][3] = {{0, 20, 21}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
    static const char *const marks[4] = {"@a1:0", "@a1:1", "@f6:4", "@f3:2"};
    tb_deal(&tb, deal);
    tb_marks(&tb, marks);
    tb_place(&tb, 0, 0, 0, NULL);
    expect_effects_for_all(
        &tb, "[{\"type\":\"tile_placed\",\"seat\":0,\"tile\":\"0\",\"rotation\":0,"
             "\"square\":\"a1\"},"
             "{\"type\":\"marker_moved\",\"seat\":0,\"from\":{\"square\":\"a1\",\"point\":0},"
             "\"to\":null},"
             "{\"type\":\"marker_moved\",\"seat\":1,\"from\":{\"square\":\"a1\",\"point\":1},"
             "\"to\":null},"
             "{\"type\":\"eliminated\",\"seat\":0,\"reason\":\"head_on\",\"with\":1,"
             "\"returned\":2},"
             "{\"type\":\"eliminated\",\"seat\":1,\"reason\":\"head_on\",\"with\":0,"
             "\"returned\":3}]");
    tb_close(&tb);
}
END_TEST

/* Effect "game_over", reason "one_marker_left" (game_ends_when_one_marker_is_left):
 * seat 1 leaves the board, seat 0 wins alone. */
START_TEST(test_effect_game_over_when_one_marker_is_left)
{
    static const int pairs[2][2] = {{0, 3}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 2, NULL, &t, &r);
    int deal[2][3] = {{t, -1, -1}, {-1, -1, -1}};
    complete_deal(2, deal);
    static const char *const marks[2] = {"@a1:0", "@a1:7"};
    table tb;
    tb_open(&tb, 2, "");
    tb_deal(&tb, (const int(*)[3])deal);
    tb_marks(&tb, marks);
    tb_place(&tb, 0, t, r, NULL);
    for (int viewer = -1; viewer < 2; viewer++) {
        char got[2048];
        effects_of_last(tb.state, viewer, got, sizeof got);
        const char *tail = "{\"type\":\"eliminated\",\"seat\":1,\"reason\":\"left_board\","
                           "\"returned\":3},{\"type\":\"game_over\",\"reason\":"
                           "\"one_marker_left\",\"winners\":[0]}]";
        ck_assert_msg(strlen(got) > strlen(tail) &&
                          strcmp(got + strlen(got) - strlen(tail), tail) == 0,
                      "seat %d: %s", viewer, got);
    }
    tb_close(&tb);
}
END_TEST

/* Effect "game_over", reason "no_marker_left"
 * (last_markers_out_in_the_same_turn_share_the_win): the last two markers
 * meet head-on and share the win. */
START_TEST(test_effect_game_over_when_the_last_markers_go_out_together)
{
    static const int pairs[3][2] = {{0, 5}, {1, 4}, {7, 6}};
    int t, r;
    find_tile_joining(pairs, 3, NULL, &t, &r);
    int deal[3][3] = {{t, -1, -1}, {0, -1, -1}, {-1, -1, -1}};
    complete_deal(3, deal);
    static const char *const marks[3] = {"@a1:0", "@a1:1", "@a1:7"};
    table tb;
    tb_open(&tb, 3, "");
    tb_deal(&tb, (const int(*)[3])deal);
    tb_marks(&tb, marks);
    tb_place(&tb, 0, t, r, NULL);
    tb_draw(&tb, 0, 20);
    tb_place(&tb, 1, 0, 0, NULL);
    expect_effects_for_all(
        &tb, "[{\"type\":\"tile_placed\",\"seat\":1,\"tile\":\"0\",\"rotation\":0,"
             "\"square\":\"a2\"},"
             "{\"type\":\"marker_moved\",\"seat\":1,\"from\":{\"square\":\"a2\",\"point\":1},"
             "\"to\":null},"
             "{\"type\":\"marker_moved\",\"seat\":0,\"from\":{\"square\":\"a2\",\"point\":0},"
             "\"to\":null},"
             "{\"type\":\"eliminated\",\"seat\":0,\"reason\":\"head_on\",\"with\":1,"
             "\"returned\":3},"
             "{\"type\":\"eliminated\",\"seat\":1,\"reason\":\"head_on\",\"with\":0,"
             "\"returned\":2},"
             "{\"type\":\"game_over\",\"reason\":\"no_marker_left\",\"winners\":[0,1]}]");
    tb_close(&tb);
}
END_TEST

/* Effects "dragon_passed" (taken when the pile is empty) and "game_over",
 * reason "no_tiles_left" (FACTS.md: the game ends when all tiles are
 * placed): the game of all_tiles_game. At its 30th placement seat 1 finds
 * the pile empty and takes the dragon; the 35th ends the game, seats 0 and
 * 1 sharing the win. */
START_TEST(test_effect_dragon_taken_and_game_over_when_all_tiles_are_placed)
{
    table tb;
    all_tiles_game_start(&tb);
    all_tiles_game_play(&tb, 30);
    char got[2048];
    const char *taken = "{\"type\":\"dragon_passed\",\"from\":null,\"to\":1}]";
    for (int viewer = -1; viewer < 3; viewer++) {
        effects_of_last(tb.state, viewer, got, sizeof got);
        ck_assert_msg(strlen(got) > strlen(taken) &&
                          strcmp(got + strlen(got) - strlen(taken), taken) == 0,
                      "seat %d: %s", viewer, got);
    }
    for (int k = 30; k < 35; k++) /* the pile is empty: no more draws */
        tb_place(&tb, k % 2, all_tiles_game[k][0], all_tiles_game[k][1], NULL);
    const char *over = "},{\"type\":\"game_over\",\"reason\":\"no_tiles_left\","
                       "\"winners\":[0,1]}]";
    for (int viewer = -1; viewer < 3; viewer++) {
        effects_of_last(tb.state, viewer, got, sizeof got);
        ck_assert_msg(strlen(got) > strlen(over) &&
                          strcmp(got + strlen(got) - strlen(over), over) == 0,
                      "seat %d: %s", viewer, got);
        ck_assert_msg(strstr(got, "dragon") == NULL, "seat %d: %s", viewer, got);
    }
    tb_close(&tb);
}
END_TEST

/* Effect "dragon_passed" at draws (FACTS.md: "starting with the dragon
 * holder and going clockwise, players short of tiles draw one at a time
 * until all have 3"): the game of dragon_holder_draws_first_when_tiles_return.
 * Seat 3 holds the dragon when seat 4 sends seat 5 off the board; seat 3
 * draws first and passes the dragon to seat 4, who draws the next tile and
 * puts the dragon back into the box. Only the receiver sees its tile. */
START_TEST(test_effect_dragon_passed_along_the_seats_short_of_tiles)
{
    static const int deal[8][3] = {{12, 28, 9}, {26, 34, 17}, {7, 3, 20}, {30, 13, 0},
                                   {4, 5, 1},   {31, 2, 6},   {29, 18, 8}, {22, 27, 10}};
    static const int pile_order[11] = {11, 14, 15, 16, 19, 21, 23, 24, 25, 32, 33};
    static const int first[12][3] = {
        {0, 12, 1}, {1, 26, 3}, {2, 7, 3},  {3, 30, 0}, {4, 4, 3},  {5, 31, 3},
        {6, 29, 1}, {7, 22, 0}, {0, 28, 2}, {1, 34, 1}, {2, 3, 3},  {3, 13, 3}};
    table tb;
    tb_open(&tb, 8, "");
    tb_deal(&tb, deal);
    tb_marks(&tb, dragon_marks);
    for (int k = 0; k < 12; k++) {
        tb_place(&tb, first[k][0], first[k][1], first[k][2], NULL);
        if (k < 11)
            tb_draw(&tb, first[k][0], pile_order[k]);
    }
    char got[2048];
    effects_of_last(tb.state, 5, got, sizeof got);
    ck_assert_msg(strstr(got, "\"dragon_passed\",\"from\":null,\"to\":3}") != NULL, "%s", got);
    tb_place(&tb, 4, 5, 2, NULL);
    effects_of_last(tb.state, 5, got, sizeof got);
    ck_assert_msg(strstr(got, "{\"type\":\"eliminated\",\"seat\":5,\"reason\":\"left_board\","
                              "\"returned\":3}") != NULL && strstr(got, "dragon") == NULL,
                  "%s", got);
    tb_draw(&tb, 3, 21);
    expect_effects(tb.state, 3, "[{\"type\":\"tile_drawn\",\"seat\":3,\"tile\":\"21\"},"
                                "{\"type\":\"dragon_passed\",\"from\":3,\"to\":4}]");
    expect_effects(tb.state, 4, "[{\"type\":\"tile_drawn\",\"seat\":3,\"tile\":\"?\"},"
                                "{\"type\":\"dragon_passed\",\"from\":3,\"to\":4}]");
    expect_effects(tb.state, -1, "[{\"type\":\"tile_drawn\",\"seat\":3,\"tile\":\"?\"},"
                                 "{\"type\":\"dragon_passed\",\"from\":3,\"to\":4}]");
    tb_draw(&tb, 4, 2);
    expect_effects(tb.state, 4, "[{\"type\":\"tile_drawn\",\"seat\":4,\"tile\":\"2\"},"
                                "{\"type\":\"dragon_passed\",\"from\":4,\"to\":null}]");
    expect_effects(tb.state, 0, "[{\"type\":\"tile_drawn\",\"seat\":4,\"tile\":\"?\"},"
                                "{\"type\":\"dragon_passed\",\"from\":4,\"to\":null}]");
    tb_close(&tb);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("setup", 0),
        BRT_TEST(test_rule_tile_numbering_follows_the_spec),
        BRT_TEST(test_rule_three_tiles_dealt_per_player),
        BRT_TEST(test_rule_markers_start_on_the_edge_marks),
        BRT_TEST(test_rule_no_two_markers_on_one_start_position),
        BRT_TEST(test_rule_kosmos_one_figure_per_side_slot),
        BRT_CASE("turns", 0),
        BRT_TEST(test_rule_play_starts_with_seat_0_and_goes_clockwise),
        BRT_TEST(test_rule_placement_only_on_the_square_in_front_of_own_marker),
        BRT_TEST(test_rule_marker_follows_the_path_of_the_placed_tile),
        BRT_TEST(test_rule_other_markers_on_the_extended_path_move_too),
        BRT_TEST(test_rule_marker_leaving_the_board_is_out),
        BRT_TEST(test_rule_markers_meeting_head_on_are_both_out),
        BRT_TEST(test_rule_markers_meeting_on_a_longer_path_are_both_out),
        BRT_TEST(test_rule_crossing_paths_is_not_a_collision),
        BRT_TEST(test_rule_tiles_of_eliminated_players_stay_on_the_board),
        BRT_TEST(test_rule_eliminated_hand_returns_to_the_pile),
        BRT_TEST(test_rule_player_draws_back_to_three_after_placement),
        BRT_CASE("no_self_elimination", 0),
        BRT_TEST(test_rule_no_self_elimination_while_a_safe_placement_exists),
        BRT_TEST(test_rule_self_elimination_allowed_when_every_placement_eliminates),
        BRT_TEST(test_rule_selfkill_none_allows_leaving_the_board),
        BRT_TEST(test_rule_self_collision_allowed_by_default),
        BRT_TEST(test_rule_selfkill_any_forbids_self_collision),
        BRT_TEST(test_rule_leaving_allowed_when_the_only_alternatives_collide),
        BRT_TEST(test_rule_selfkill_literal_forbids_leaving_while_a_placement_stays),
        BRT_TEST(test_rule_selfkill_literal_allows_leaving_when_every_placement_leaves),
        BRT_TEST(test_rule_selfkill_literal_head_on_meeting_is_not_leaving_the_board),
        BRT_TEST(test_rule_selfkill_values_compared_on_collisions),
        BRT_TEST(test_selfkill_literal_round_trips_through_snapshot_and_options),
        BRT_CASE("each_placement_once", 120), /* 72 random games with the model beside them */
        BRT_TEST(test_rule_each_distinct_placement_is_listed_once),
        BRT_TEST(test_rule_kosmos_first_turn_path_with_the_same_result_is_listed_once),
        BRT_TEST(test_rule_random_games_list_each_distinct_placement_once),
        BRT_CASE("end", 30),
        BRT_TEST(test_rule_game_ends_when_one_marker_is_left),
        BRT_TEST(test_rule_last_markers_out_in_the_same_turn_share_the_win),
        BRT_TEST(test_rule_game_ends_when_all_tiles_are_placed),
        BRT_TEST(test_rule_live_seat_without_tiles_is_skipped),
        BRT_TEST(test_rule_scores_before_first_placement),
        BRT_CASE("dragon", 30),
        BRT_TEST(test_rule_dragon_holder_draws_first_when_tiles_return),
        BRT_TEST(test_rule_dragon_passes_on_when_its_holder_is_out),
        BRT_CASE("binary", 0),
        BRT_TEST(test_binary_snapshot_round_trips),
        BRT_TEST(test_binary_loader_refuses_bad_fields_naming_them),
        BRT_TEST(test_binary_loader_checks_the_invariants),
        BRT_TEST(test_loader_setup_needs_every_hand_full),
        BRT_TEST(test_json_loader_refuses_bad_markers_naming_them),
        BRT_TEST(test_binary_loader_refuses_short_payload),
        BRT_CASE("editions", 0),
        BRT_TEST(test_rule_kosmos_first_turn_choice_of_path),
        BRT_TEST(test_rule_kosmos_fresh_figure_moved_by_another_follows_its_even_point),
        BRT_TEST(test_rule_kosmos_head_on_meeting_with_fresh_figure_is_judged_at_its_even_point),
        BRT_TEST(test_rule_classic_has_no_choice_of_path),
        BRT_TEST(test_rule_kosmos_hands_are_open),
        BRT_TEST(test_rule_classic_hands_are_hidden_from_other_seats),
        BRT_TEST(test_rule_kosmos_has_64_tiles),
        BRT_TEST(test_rule_kosmos_set_doubles_the_designed_tiles),
        BRT_TEST(test_rule_kosmos_board_is_7_for_five_or_more_players),
        BRT_TEST(test_rule_board_option_overrides_board_size),
        BRT_TEST(test_rule_tactile_allows_two_to_five_players),
        BRT_CASE("api", 30),
        BRT_TEST(test_options_errors_name_the_key),
        BRT_TEST(test_illegal_move_leaves_state_unchanged),
        BRT_TEST(test_rule_drawn_tiles_are_hidden_in_move_texts_where_hands_are),
        BRT_TEST(test_rule_draw_names_the_receiving_seat),
        BRT_TEST(test_records_written_before_issue_10_still_replay),
        BRT_TEST(test_same_seed_same_game_in_auto_mode),
        BRT_CASE("learning", 60),
        BRT_TEST(test_learning_option_specs_follow_the_options_string),
        BRT_TEST(test_learning_facts_follow_the_options),
        BRT_TEST(test_learning_tensor_of_a_set_up_position),
        BRT_TEST(test_learning_tensor_views_differ_only_in_hidden_hands),
        BRT_TEST(test_learning_kosmos_tensor_shows_every_hand),
        BRT_TEST(test_learning_max_game_length_holds_in_random_playouts),
        BRT_TEST(test_learning_longest_game_reaches_the_bound),
        BRT_TEST(test_learning_random_games_approach_the_bound),
        BRT_CASE("effects", 30),
        BRT_TEST(test_effect_tile_drawn_names_the_tile_for_its_receiver_only),
        BRT_TEST(test_effect_tile_drawn_in_kosmos_is_seen_by_every_seat),
        BRT_TEST(test_effect_marker_placed_names_the_start_position),
        BRT_TEST(test_effect_tile_placed_moves_every_marker_of_the_square),
        BRT_TEST(test_effect_marker_moved_from_the_chosen_point_of_a_kosmos_side),
        BRT_TEST(test_effect_eliminated_by_leaving_the_board),
        BRT_TEST(test_effect_eliminated_by_meeting_head_on),
        BRT_TEST(test_effect_game_over_when_one_marker_is_left),
        BRT_TEST(test_effect_game_over_when_the_last_markers_go_out_together),
        BRT_TEST(test_effect_dragon_taken_and_game_over_when_all_tiles_are_placed),
        BRT_TEST(test_effect_dragon_passed_along_the_seats_short_of_tiles),
    };
    return brt_run_tests("tsuro", tests, BRT_COUNT(tests));
}
