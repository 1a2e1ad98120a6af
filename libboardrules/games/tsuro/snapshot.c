/*
 * Tsuro's snapshot: the state as JSON text (doc/games/tsuro.md, "Snapshot"),
 * written straight into the caller's buffer, and back from a jansson tree,
 * every field and invariant checked on the way in. The JSON pieces that the
 * observation (views.c) shows as well are written here.
 */
#include <stdio.h>

#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* JSON text: pieces of the snapshot that the observation shows as well */

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

void tsuro_write_seats(br_jw *w, const ts_state *s, unsigned seats)
{
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_seats; p++)
        if (seats & seat_bit(p))
            br_jw_int(w, p);
    br_jw_end_array(w);
}

/* Tile counts as one string of TS_TILES digits (digit t = copies of tile t):
 * one JSON value instead of 35 keeps snapshots fast to write and read. */
void tsuro_write_tile_counts(br_jw *w, const uint8_t *counts)
{
    char digits[TS_TILES];
    for (int t = 0; t < TS_TILES; t++)
        digits[t] = (char)('0' + counts[t]);
    br_jw_string_n(w, digits, TS_TILES);
}

/* One string per row, top to bottom; in each, one token per square from left
 * to right, separated by single spaces: "." for an empty square, otherwise
 * the tile in the move notation ("20r3"). */
void tsuro_write_board(br_jw *w, const ts_state *s)
{
    br_jw_begin_array(w);
    for (int r = 0; r < s->width; r++) {
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
        br_jw_string_n(w, row, n);
    }
    br_jw_end_array(w);
}

/* The hands `viewer` may see, null for the others. */
void tsuro_write_hands(br_jw *w, const ts_state *s, int viewer)
{
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_seats; p++) {
        if (!hand_visible(s, p, viewer)) {
            br_jw_null(w);
            continue;
        }
        br_jw_begin_array(w);
        for (int i = 0; i < s->hand_size[p]; i++)
            br_jw_int(w, s->hand[p][i]);
        br_jw_end_array(w);
    }
    br_jw_end_array(w);
}

void tsuro_write_markers(br_jw *w, const ts_state *s)
{
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_seats; p++) {
        br_jw_begin_object(w);
        if (!(s->alive & seat_bit(p))) {
            br_jw_key_string(w, "status", s->placed & seat_bit(p) ? "out" : "unplaced");
            br_jw_end_object(w);
            continue;
        }
        int cell = s->marker_cell[p];
        char square[2] = { (char)('a' + cell_col(cell)), (char)('1' + cell_row(cell)) };
        br_jw_key_string(w, "status", "on");
        br_jw_key(w, "square");
        br_jw_string_n(w, square, sizeof square);
        br_jw_key_int(w, "point", s->marker_point[p]);
        br_jw_key_bool(w, "fresh", (s->fresh & seat_bit(p)) != 0);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
}

void tsuro_write_seat_or_null(br_jw *w, int seat)
{
    if (seat == NO_SEAT)
        br_jw_null(w);
    else
        br_jw_int(w, seat);
}

/* ------------------------------------------------------------------ */
/* Snapshot */

/* from_json: every check writes "state.<field>: <problem>" and returns false. */


static const char *const STATE_KEYS[] = {
    "phase", "turn", "board", "hands", "pile", "markers", "dragon", "last_out",
};

static bool check_state_keys(const json_t *obj, br_text *err)
{
    const char *key =
        br_json_unknown_key(obj, STATE_KEYS, sizeof STATE_KEYS / sizeof STATE_KEYS[0]);
    return key ? br_fail(err, "state.%s: unknown field", key) : true;
}

static bool read_phase(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *v = json_object_get(obj, "phase");
    int phase;
    if (!v)
        return br_fail(err, "state.phase: missing");
    if (!json_is_string(v) || !parse_choice(json_string_value(v), PHASE_NAMES, 5, &phase))
        return br_fail(err, "state.phase: not one of \"deal\", \"setup\", \"play\", "
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
    /* A rotation that looks the same as a lower one (written before each
     * placement had one move number) is read as the lowest, as play writes
     * it now, so that equal positions stay equal byte for byte. */
    return canonical_code(tile * 4 + (c[1] - '0'));
}

static bool read_board_row(ts_state *s, int r, const char *row, br_text *err)
{
    const char *p = row;
    for (int col = 0; col < s->width; col++) {
        if (col > 0 && *p++ != ' ')
            return br_fail(err, "state.board[%d]: expected %d squares separated by single "
                          "spaces", r, s->width);
        int code = read_board_token(&p);
        if (code < 0)
            return br_fail(err, "state.board[%d]: square %d is not '.' or <tile>r<rotation> "
                          "with tile 0..%d and rotation 0..3", r, col + 1, TS_TILES - 1);
        s->board[cell_of(r, col)] = (uint8_t)code;
    }
    if (*p != '\0')
        return br_fail(err, "state.board[%d]: more than %d squares", r, s->width);
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
            return br_fail(err, "state.board[%d]: not a string", r);
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
            return br_fail(err, "%s: not an array", path);
        if (json_array_size(h) > TS_HAND)
            return br_fail(err, "%s: %zu tiles, a hand holds at most %d", path,
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
        return br_fail(err, "state.pile: %s", v ? "not a string of 35 digits" : "missing");
    const char *digits = json_string_value(v);
    empty_pile(s);
    for (int t = 0; t < TS_TILES; t++) {
        int n = digits[t] - '0';
        if (n < 0 || n > tile_copies(s, t))
            return br_fail(err, "state.pile: digit %d ('%c') is not a count of tile %d "
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
        return br_fail(err, "%s.square: not a square name of the %dx%d board (a1..%c%d)",
                      path, s->width, s->width, 'a' + s->width - 1, s->width);
    long long point;
    bool fresh;
    if (!br_json_int(m, "point", 0, 7, &point, path, err) ||
        !br_json_bool(m, "fresh", &fresh, path, err))
        return false;
    if (json_object_size(m) != 4)
        return br_fail(err, "%s: a marker on the board has exactly the fields status, "
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
            return br_fail(err, "%s: not an object with a status", path);
        const char *st = json_string_value(status);
        if (strcmp(st, "on") == 0) {
            if (!read_marker_on(s, p, m, path, err))
                return false;
        } else if (strcmp(st, "out") == 0 || strcmp(st, "unplaced") == 0) {
            if (json_object_size(m) != 1)
                return br_fail(err, "%s: a marker that is %s has only a status", path, st);
            if (st[0] == 'o')
                s->placed |= (uint8_t)seat_bit(p);
        } else {
            return br_fail(err, "%s.status: not \"on\", \"out\" or \"unplaced\"", path);
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
            return br_fail(err, "%s[%zu]: seat %lld is listed twice", path, i, seat);
        *out |= seat_bit((int)seat);
    }
    return true;
}

static bool read_dragon(ts_state *s, const json_t *obj, br_text *err)
{
    const json_t *v = json_object_get(obj, "dragon");
    if (!v)
        return br_fail(err, "state.dragon: missing");
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
            return br_fail(err, "state.pile[%d]: tile %d is %d times on the board, %d in "
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
        return br_fail(err, "state.board: tiles are placed only after the %s phase",
                      PHASE_NAMES[s->phase]);
    if (s->dragon != NO_SEAT)
        return br_fail(err, "state.dragon: nobody holds the dragon before play");
    if (s->last_out)
        return br_fail(err, "state.last_out: nobody is out before play");
    if (s->placed & ~s->alive)
        return br_fail(err, "state.markers: no marker is out before play");
    return true;
}

static bool check_deal(const ts_state *s, br_text *err)
{
    int dealt = hands_total(s), n = s->num_seats;
    if (s->placed)
        return br_fail(err, "state.markers: markers are placed only after the deal");
    if (dealt >= TS_HAND * n)
        return br_fail(err, "state.phase: every hand is full, the deal is over");
    for (int p = 0; p < n; p++)
        if (s->hand_size[p] != dealt / n + (p < dealt % n))
            return br_fail(err, "state.hands[%d]: %d tiles, but the deal (one tile per seat "
                          "in turn) gives %d after %d tiles", p, s->hand_size[p],
                          dealt / n + (p < dealt % n), dealt);
    if (s->turn != dealt % n)
        return br_fail(err, "state.turn: seat %d receives the next tile, not seat %d",
                      dealt % n, s->turn);
    return true;
}

static bool check_setup_phase(const ts_state *s, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++) {
        if (s->hand_size[p] != TS_HAND)
            return br_fail(err, "state.hands[%d]: every hand holds %d tiles during setup", p,
                          TS_HAND);
        if (((s->placed >> p) & 1u) != (p < s->turn))
            return br_fail(err, "state.markers[%d]: during setup, exactly the seats before "
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
            return br_fail(err, "state.hands[%d]: a seat that is out holds no tiles", p);
        if (!live || s->dragon != NO_SEAT)
            continue;
        int expected = s->phase == PH_DRAW && p == s->turn ? TS_HAND - 1 : TS_HAND;
        if (s->hand_size[p] != expected)
            return br_fail(err, "state.hands[%d]: holds %d tiles; with the dragon in the box "
                          "this seat holds %d", p, s->hand_size[p], expected);
    }
    return true;
}

static bool check_dragon(const ts_state *s, br_text *err)
{
    if (s->dragon == NO_SEAT)
        return true;
    if (!(s->alive & seat_bit(s->dragon)) || s->hand_size[s->dragon] >= TS_HAND)
        return br_fail(err, "state.dragon: seat %d holds the dragon but is not a seat still "
                      "in the game lacking tiles", s->dragon);
    if (s->phase == PH_PLAY && s->pile_total > 0)
        return br_fail(err, "state.dragon: the dragon holder draws while the pile is not "
                      "empty, so the phase must be \"draw\"");
    return true;
}

static int count_seats(unsigned mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n++;
    return n;
}

static bool check_play(const ts_state *s, br_text *err)
{
    int live = count_seats(s->alive);
    if (s->placed != (1u << s->num_seats) - 1)
        return br_fail(err, "state.markers: every marker is placed once play begins");
    if (s->last_out & ~(s->placed & ~s->alive))
        return br_fail(err, "state.last_out: lists a seat whose marker is not out");
    if (s->phase == PH_OVER) {
        bool tiles_left = s->pile_total > 0;
        for (int p = 0; p < s->num_seats; p++)
            tiles_left = tiles_left || ((s->alive & seat_bit(p)) && s->hand_size[p] > 0);
        if (live > 1 && tiles_left)
            return br_fail(err, "state.phase: the game is not over: %d markers are on the "
                          "board and tiles are left", live);
        if (live == 0 && s->last_out == 0)
            return br_fail(err, "state.last_out: no marker is left, so the last placement "
                          "eliminated somebody");
        for (int p = 0; p < s->num_seats; p++)
            if (!(s->alive & seat_bit(p)) && s->hand_size[p] > 0)
                return br_fail(err, "state.hands[%d]: a seat that is out holds no tiles", p);
        return true;
    }
    if (live < 2)
        return br_fail(err, "state.phase: with %d marker%s on the board the game is over",
                      live, live == 1 ? "" : "s");
    if (s->phase == PH_PLAY &&
        (!(s->alive & seat_bit(s->turn)) || s->hand_size[s->turn] == 0))
        return br_fail(err, "state.turn: seat %d is out or holds no tile", s->turn);
    if (s->phase == PH_DRAW && s->pile_total == 0)
        return br_fail(err, "state.pile: the phase is \"draw\" but the pile is empty");
    if (s->phase == PH_DRAW && s->dragon == NO_SEAT && !(s->alive & seat_bit(s->turn)))
        return br_fail(err, "state.turn: seat %d draws (the dragon is in the box) but is "
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
        return br_fail(err, "state.markers[%d]: stands between two empty squares", seat);
    struct walk w = walk_out(s->board, behind, tsuro_tile_map[s->board[behind]][PARTNER[point]]);
    if (w.end != WALK_LEAVES)
        return br_fail(err, "state.markers[%d]: the path behind the marker does not lead "
                      "back to the edge of the board", seat);
    return true;
}

static bool check_marker_place(const ts_state *s, int p, br_text *err)
{
    int cell = s->marker_cell[p], point = s->marker_point[p];
    bool fresh = s->fresh & seat_bit(p), edge = point_on_edge(s, cell, point);
    if (s->board[cell] != CELL_EMPTY)
        return br_fail(err, "state.markers[%d]: faces square %c%d, which is not empty", p,
                      'a' + cell_col(cell), cell_row(cell) + 1);
    if (fresh && !is_kosmos(s))
        return br_fail(err, "state.markers[%d].fresh: only kosmos/tactile markers stand on "
                      "a side", p);
    if (fresh && (!edge || (point & 1)))
        return br_fail(err, "state.markers[%d]: a fresh marker stands on an outer side, "
                      "at its even point", p);
    if (is_kosmos(s) && edge && !fresh)
        return br_fail(err, "state.markers[%d].fresh: a kosmos marker on the edge has not "
                      "moved yet, so it is fresh", p);
    if (!edge && s->phase == PH_SETUP)
        return br_fail(err, "state.markers[%d]: during setup a marker stands on the edge", p);
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
                return br_fail(err, "state.markers[%d]: stands on the same point as "
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
    tsuro_clear_to_start(s);
    empty_pile(s);
}

br_status tsuro_from_json(void *st, const json_t *obj, br_text *err)
{
    ts_state s;
    start_from_settings(&s, st);
    if (!json_is_object(obj)) {
        br_fail(err, "state: not an object");
        return BR_ERR_SNAPSHOT;
    }
    if (!read_fields(&s, obj, err) || !check_invariants(&s, err))
        return BR_ERR_SNAPSHOT;
    memcpy(st, &s, sizeof s);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Binary snapshot (doc/games/tsuro.md, "Binary snapshot"): one byte per
 * field, in this order: phase, turn, dragon, last_out, the hands (size and
 * three slots per seat), the markers (status, square, point, fresh per
 * seat), the pile (a count per tile), the board (a code per square, row by
 * row). Read back with the same checks as the JSON, then check_invariants. */

enum { BIN_NO_DRAGON = 0xFF, MARK_UNPLACED = 0, MARK_OUT = 1, MARK_ON = 2 };
enum { BIN_MAX = 4 + TS_SEATS * (1 + TS_HAND) + TS_SEATS * 4 + TS_TILES +
                 TS_MAX_WIDTH * TS_MAX_WIDTH };

void tsuro_to_bytes(const void *st, br_bytes_writer *w)
{
    const ts_state *s = st;
    uint8_t b[BIN_MAX];
    size_t n = 0;
    b[n++] = s->phase;
    b[n++] = s->turn;
    b[n++] = s->dragon == NO_SEAT ? BIN_NO_DRAGON : (uint8_t)s->dragon;
    b[n++] = s->last_out;
    for (int p = 0; p < s->num_seats; p++) {
        b[n++] = s->hand_size[p];
        for (int i = 0; i < TS_HAND; i++)
            b[n++] = s->hand[p][i];
    }
    for (int p = 0; p < s->num_seats; p++) {
        if (!(s->alive & seat_bit(p))) {
            b[n++] = s->placed & seat_bit(p) ? MARK_OUT : MARK_UNPLACED;
            b[n++] = 0;
            b[n++] = 0;
            b[n++] = 0;
            continue;
        }
        int cell = s->marker_cell[p];
        b[n++] = MARK_ON;
        b[n++] = (uint8_t)(cell_row(cell) * s->width + cell_col(cell));
        b[n++] = s->marker_point[p];
        b[n++] = (s->fresh & seat_bit(p)) != 0;
    }
    for (int t = 0; t < TS_TILES; t++)
        b[n++] = (uint8_t)pile_count(s, t);
    for (int r = 0; r < s->width; r++) {
        memcpy(b + n, &s->board[cell_of(r, 0)], s->width);
        n += s->width;
    }
    br_bw_bytes(w, b, n);
}

static bool read_bin_head(ts_state *s, const uint8_t *b, unsigned *last_out, br_text *err)
{
    int n = s->num_seats;
    if (b[0] > PH_OVER)
        return br_fail(err, "state.phase: %u is not 0..4 (deal, setup, play, draw, over)",
                       b[0]);
    if (b[1] >= n)
        return br_fail(err, "state.turn: %u is not a seat 0..%d", b[1], n - 1);
    if (b[2] != BIN_NO_DRAGON && b[2] >= n)
        return br_fail(err, "state.dragon: %u is not 255 (in the box) or a seat 0..%d", b[2],
                       n - 1);
    if (b[3] >> n)
        return br_fail(err, "state.last_out: 0x%02x lists a seat beyond %d", b[3], n - 1);
    s->phase = b[0];
    s->turn = b[1];
    s->dragon = b[2] == BIN_NO_DRAGON ? NO_SEAT : (int8_t)b[2];
    *last_out = b[3];
    return true;
}

static bool read_bin_hands(ts_state *s, const uint8_t *b, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++, b += 1 + TS_HAND) {
        if (b[0] > TS_HAND)
            return br_fail(err, "state.hands[%d]: %u tiles, a hand holds at most %d", p, b[0],
                           TS_HAND);
        for (int i = 0; i < TS_HAND; i++) {
            if (i < b[0] && b[1 + i] >= TS_TILES)
                return br_fail(err, "state.hands[%d][%d]: %u is not in 0..%d", p, i, b[1 + i],
                               TS_TILES - 1);
            if (i >= b[0] && b[1 + i] != 0)
                return br_fail(err, "state.hands[%d][%d]: %u in an unused slot (0 there)", p,
                               i, b[1 + i]);
            if (i < b[0])
                hand_add(s, p, b[1 + i]);
        }
    }
    return true;
}

static bool read_bin_markers(ts_state *s, const uint8_t *b, br_text *err)
{
    int w = s->width;
    for (int p = 0; p < s->num_seats; p++, b += 4) {
        if (b[0] > MARK_ON)
            return br_fail(err, "state.markers[%d].status: %u is not 0 (unplaced), 1 (out) "
                           "or 2 (on)", p, b[0]);
        if (b[0] != MARK_ON) {
            if (b[1] | b[2] | b[3])
                return br_fail(err, "state.markers[%d]: a marker that is %s has square, "
                               "point and fresh 0", p, b[0] ? "out" : "unplaced");
            if (b[0] == MARK_OUT)
                s->placed |= (uint8_t)seat_bit(p);
            continue;
        }
        if (b[1] >= w * w)
            return br_fail(err, "state.markers[%d].square: %u is not a square 0..%d of the "
                           "%dx%d board", p, b[1], w * w - 1, w, w);
        if (b[2] > 7)
            return br_fail(err, "state.markers[%d].point: %u is not in 0..7", p, b[2]);
        if (b[3] > 1)
            return br_fail(err, "state.markers[%d].fresh: %u is not 0 or 1", p, b[3]);
        s->marker_cell[p] = (uint8_t)cell_of(b[1] / w, b[1] % w);
        s->marker_point[p] = b[2];
        s->placed |= (uint8_t)seat_bit(p);
        s->alive |= (uint8_t)seat_bit(p);
        if (b[3])
            s->fresh |= (uint8_t)seat_bit(p);
    }
    return true;
}

static bool read_bin_pile(ts_state *s, const uint8_t *b, br_text *err)
{
    for (int t = 0; t < TS_TILES; t++) {
        if (b[t] > tile_copies(s, t))
            return br_fail(err, "state.pile[%d]: %u is not a count of tile %d in 0..%d", t,
                           b[t], t, tile_copies(s, t));
        for (int k = 0; k < b[t]; k++)
            put_in_pile(s, t);
    }
    return true;
}

static bool read_bin_board(ts_state *s, const uint8_t *b, br_text *err)
{
    int w = s->width;
    for (int i = 0; i < w * w; i++) {
        if (b[i] != CELL_EMPTY && b[i] >= TS_CODES)
            return br_fail(err, "state.board[%d]: %u is not 255 (empty) or a tile code "
                           "tile*4+rotation in 0..%d (square %c%d)", i, b[i], TS_CODES - 1,
                           'a' + i % w, i / w + 1);
        /* The lowest rotation that looks the same, as the JSON loader does. */
        s->board[cell_of(i / w, i % w)] =
            b[i] == CELL_EMPTY ? CELL_EMPTY : (uint8_t)canonical_code(b[i]);
    }
    return true;
}

br_status tsuro_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    ts_state s;
    start_from_settings(&s, st);
    int n = s.num_seats, w = s.width;
    uint8_t head[4], hands[TS_SEATS * (1 + TS_HAND)], markers[TS_SEATS * 4],
        pile[TS_TILES], board[TS_MAX_WIDTH * TS_MAX_WIDTH];
    if (!br_br_bytes(r, head, sizeof head, "state.phase") ||
        !br_br_bytes(r, hands, (size_t)n * (1 + TS_HAND), "state.hands") ||
        !br_br_bytes(r, markers, (size_t)n * 4, "state.markers") ||
        !br_br_bytes(r, pile, TS_TILES, "state.pile") ||
        !br_br_bytes(r, board, (size_t)(w * w), "state.board"))
        return BR_ERR_SNAPSHOT;
    unsigned last_out = 0;
    if (!read_bin_head(&s, head, &last_out, err) || !read_bin_hands(&s, hands, err) ||
        !read_bin_markers(&s, markers, err) || !read_bin_pile(&s, pile, err) ||
        !read_bin_board(&s, board, err))
        return BR_ERR_SNAPSHOT;
    s.last_out = (uint8_t)last_out;
    if (!check_invariants(&s, err))
        return BR_ERR_SNAPSHOT;
    memcpy(st, &s, sizeof s);
    return BR_OK;
}
