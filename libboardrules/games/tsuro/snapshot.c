/*
 * Tsuro's snapshot and observation (doc/games/tsuro.md, "Snapshot" and
 * "Observation"): the members as a table that the core walks to write the
 * JSON of every viewer, read it back and write and read the binary form
 * (internal.h, "Snapshot fields as data"). What stays here is Tsuro's own:
 * the codecs of its notation (board rows, tile-count strings, markers,
 * hands), the members derived for the observation, and the invariant checks
 * across members after a load.
 */
#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Tile counts: one string of TS_TILES digits (digit t = copies of tile t),
 * one JSON value instead of 35, which keeps snapshots fast to write and read.
 * The observation's `unseen` gives the tiles the viewer cannot see; the
 * snapshot's `pile` is the same for the full view, which sees every hand. */

static void unseen_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    uint8_t counts[TS_TILES];
    char digits[TS_TILES];
    unseen_counts(member, c->viewer, counts);
    for (int t = 0; t < TS_TILES; t++)
        digits[t] = (char)('0' + counts[t]);
    br_jw_string_n(w, digits, TS_TILES);
}

/* ------------------------------------------------------------------ */
/* Hands: an array per seat, sorted; null where the viewer may not see it.
 * Binary: per seat the size and three slots (unused ones 0). Both forms are
 * read in any order and kept sorted (hand_add). */

static void hands_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const ts_state *s = member;
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_seats; p++) {
        if (hand_visible(s, p, c->viewer))
            br_jw_u8_list(w, s->hand[p], s->hand_size[p], 0);
        else
            br_jw_null(w);
    }
    br_jw_end_array(w);
}

static bool read_hand(const json_t *h, size_t p, void *out, const br_field_path *at,
                      br_text *err)
{
    uint8_t tiles[TS_HAND], n;
    if (!br_field_read_u8_list(h, TS_HAND, TS_TILES - 1, 0, "a tile number", tiles, &n, at, err))
        return false;
    for (int i = 0; i < n; i++)
        hand_add(out, (int)p, tiles[i]);
    return true;
}

static bool hands_read(const br_fields_ctx *c, void *member, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    size_t n = (size_t)c->num_seats;
    return br_field_read_each(v, n, n, "hands", read_hand, member, at, err);
}

static void hands_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const ts_state *s = member;
    for (int p = 0; p < c->num_seats; p++) {
        br_bw_bytes(w, &s->hand_size[p], 1);
        br_bw_bytes(w, s->hand[p], TS_HAND);
    }
}

static bool hand_get(const uint8_t *b, size_t p, void *out, br_bytes_reader *r,
                     const br_field_path *at)
{
    ts_state *s = out;
    if (b[0] > TS_HAND)
        return br_field_fail_bytes(r, at, "%u tiles, a hand holds at most %d", b[0], TS_HAND);
    for (int i = 0; i < TS_HAND; i++) {
        br_field_path slot = { at, NULL, i };
        if (i < b[0] && b[1 + i] >= TS_TILES)
            return br_field_fail_bytes(r, &slot, "%u is not in 0..%d", b[1 + i], TS_TILES - 1);
        if (i >= b[0] && b[1 + i] != 0)
            return br_field_fail_bytes(r, &slot, "%u in an unused slot (0 there)", b[1 + i]);
        if (i < b[0])
            hand_add(s, (int)p, b[1 + i]);
    }
    return true;
}

static bool hands_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                      const br_field_path *at)
{
    return br_field_get_rows(r, (size_t)c->num_seats, 1 + TS_HAND, hand_get, member, at);
}

static const br_field_codec HANDS = { hands_write, hands_read, hands_put, hands_get };

/* ------------------------------------------------------------------ */
/* The board: one string per row, top to bottom; in each, one token per
 * square from left to right, separated by single spaces: "." for an empty
 * square, otherwise the tile in the move notation ("20r3"). Binary: a code
 * per square, row by row, 255 for an empty one. */

static size_t put_square_token(char *out, int code)
{
    if (code == CELL_EMPTY) {
        out[0] = '.';
        return 1;
    }
    size_t n = 0;
    int tile = code / 4;
    if (tile >= 10)
        out[n++] = (char)('0' + tile / 10);
    out[n++] = (char)('0' + tile % 10);
    out[n++] = 'r';
    out[n++] = (char)('0' + code % 4);
    return n;
}

static void board_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    const ts_state *s = member;
    br_jw_begin_array(w);
    for (int r = 0; r < s->width; r++) {
        char row[TS_MAX_WIDTH * 5];
        size_t n = 0;
        for (int col = 0; col < s->width; col++) {
            if (col > 0)
                row[n++] = ' ';
            n += put_square_token(row + n, s->board[cell_of(r, col)]);
        }
        br_jw_string_n(w, row, n);
    }
    br_jw_end_array(w);
}

/* A placed tile's code as the board keeps it: a rotation that looks the
 * same as a lower one (written before each placement had one move number)
 * is read as the lowest, as play writes it now, so that equal positions
 * stay equal byte for byte. */
static uint8_t board_code(int code)
{
    return code == CELL_EMPTY ? CELL_EMPTY : (uint8_t)canonical_code(code);
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
    return board_code(tile * 4 + (c[1] - '0'));
}

static bool board_row_read(const json_t *v, size_t r, void *out, const br_field_path *at,
                           br_text *err)
{
    ts_state *s = out;
    if (!json_is_string(v))
        return br_field_fail(err, at, "not a string");
    const char *p = json_string_value(v);
    for (int col = 0; col < s->width; col++) {
        if (col > 0 && *p++ != ' ')
            return br_field_fail(err, at, "expected %d squares separated by single spaces",
                                 s->width);
        int code = read_board_token(&p);
        if (code < 0)
            return br_field_fail(err, at, "square %d is not '.' or <tile>r<rotation> with "
                                 "tile 0..%d and rotation 0..3", col + 1, TS_TILES - 1);
        s->board[cell_of((int)r, col)] = (uint8_t)code;
    }
    return *p == '\0' || br_field_fail(err, at, "more than %d squares", s->width);
}

static bool board_read(const br_fields_ctx *c, void *member, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    (void)c;
    size_t rows = ((const ts_state *)member)->width;
    return br_field_read_each(v, rows, rows, "rows", board_row_read, member, at, err);
}

static void board_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    const ts_state *s = member;
    for (int r = 0; r < s->width; r++)
        br_bw_bytes(w, &s->board[cell_of(r, 0)], s->width);
}

static bool board_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                      const br_field_path *at)
{
    (void)c;
    ts_state *s = member;
    int w = s->width;
    uint8_t b[TS_MAX_WIDTH * TS_MAX_WIDTH];
    if (!br_field_take(r, b, (size_t)(w * w), at))
        return false;
    for (int i = 0; i < w * w; i++) {
        br_field_path square = { at, NULL, i };
        if (b[i] != CELL_EMPTY && b[i] >= TS_CODES)
            return br_field_fail_bytes(r, &square, "%u is not 255 (empty) or a tile code "
                                       "tile*4+rotation in 0..%d (square %c%d)", b[i],
                                       TS_CODES - 1, 'a' + i % w, i / w + 1);
        s->board[cell_of(i / w, i % w)] = board_code(b[i]);
    }
    return true;
}

static const br_field_codec BOARD = { board_write, board_read, board_put, board_get };

/* ------------------------------------------------------------------ */
/* The pile: the copies of each tile, as a string of 35 digits; binary: a
 * byte per tile. */

static void pile_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    uint8_t counts[TS_TILES];
    pile_counts(member, counts);
    br_bw_bytes(w, counts, TS_TILES);
}

/* Fills the pile from counts[t] (copies of tile t); false at the
 * first count beyond the edition's copies, whose tile is *bad. */
static bool fill_pile(ts_state *s, const uint8_t *counts, int *bad)
{
    empty_pile(s);
    for (int t = 0; t < TS_TILES; t++) {
        if (counts[t] > tile_copies(s, t)) {
            *bad = t;
            return false;
        }
        for (int k = 0; k < counts[t]; k++)
            put_in_pile(s, t);
    }
    return true;
}

static bool pile_read(const br_fields_ctx *c, void *member, const json_t *v,
                      const br_field_path *at, br_text *err)
{
    (void)c;
    ts_state *s = member;
    if (!json_is_string(v) || json_string_length(v) != TS_TILES)
        return br_field_fail(err, at, "not a string of 35 digits");
    const char *digits = json_string_value(v);
    uint8_t counts[TS_TILES];
    for (int t = 0; t < TS_TILES; t++)
        counts[t] = (uint8_t)(digits[t] - '0'); /* not a digit: beyond any count */
    int t;
    return fill_pile(s, counts, &t) ||
           br_field_fail(err, at, "digit %d ('%c') is not a count of tile %d in 0..%d", t + 1,
                         digits[t], t, tile_copies(s, t));
}

static bool pile_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                     const br_field_path *at)
{
    (void)c;
    ts_state *s = member;
    uint8_t counts[TS_TILES];
    int t;
    if (!br_field_take(r, counts, TS_TILES, at))
        return false;
    if (fill_pile(s, counts, &t))
        return true;
    br_field_path tile = { at, NULL, t };
    return br_field_fail_bytes(r, &tile, "%u is not a count of tile %d in 0..%d", counts[t],
                               t, tile_copies(s, t));
}

static const br_field_codec PILE = { unseen_write, pile_read, pile_put, pile_get };

/* ------------------------------------------------------------------ */
/* Markers: per seat {"status":"unplaced"}, {"status":"out"} or
 * {"status":"on","square":"b3","point":4,"fresh":false}. Binary: per seat
 * status (0 unplaced, 1 out, 2 on), square (row * W + column), point,
 * fresh; the last three 0 unless on. Both forms pass through that row of
 * four bytes: written from it, and read into it and stored by one function. */

enum { MARK_UNPLACED = 0, MARK_OUT = 1, MARK_ON = 2, MARK_ROW = 4 };
static const char *const MARK_STATUS[] = { "unplaced", "out", "on" };

static void marker_row(const ts_state *s, int p, uint8_t m[MARK_ROW])
{
    int cell = s->marker_cell[p];
    bool on = s->alive & seat_bit(p);
    m[0] = on ? MARK_ON : s->placed & seat_bit(p) ? MARK_OUT : MARK_UNPLACED;
    m[1] = on ? (uint8_t)(cell_row(cell) * s->width + cell_col(cell)) : 0;
    m[2] = on ? s->marker_point[p] : 0;
    m[3] = on && (s->fresh & seat_bit(p));
}

/* A row read and checked: seat p's marker into the position. */
static void store_marker(ts_state *s, int p, const uint8_t m[MARK_ROW])
{
    if (m[0] == MARK_ON)
        stand_marker(s, p, cell_of(m[1] / s->width, m[1] % s->width), m[2], m[3]);
    else if (m[0] == MARK_OUT)
        s->placed |= (uint8_t)seat_bit(p);
}

/* The JSON form is an array over the seats that the core walks: these
 * write and read the marker of seat c->owner (`member`: the whole state). */
static void marker_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const ts_state *s = member;
    uint8_t m[MARK_ROW];
    marker_row(s, c->owner, m);
    br_jw_begin_object(w);
    br_jw_key_string(w, "status", MARK_STATUS[m[0]]);
    if (m[0] == MARK_ON) {
        char square[2] = { (char)('a' + m[1] % s->width), (char)('1' + m[1] / s->width) };
        br_jw_key(w, "square");
        br_jw_string_n(w, square, sizeof square);
        br_jw_key_int(w, "point", m[2]);
        br_jw_key_bool(w, "fresh", m[3]);
    }
    br_jw_end_object(w);
}

/* The members of a marker on the board into m[1..3]: a square name such as
 * "b3" of the board, a point and whether it is fresh. */
static bool marker_on_read(const ts_state *s, const json_t *obj, uint8_t m[MARK_ROW],
                           const br_field_path *at, br_text *err)
{
    br_field_path square = { at, "square", 0 }, fresh = { at, "fresh", 0 };
    const char *name = json_string_value(json_object_get(obj, "square"));
    const json_t *fr = json_object_get(obj, "fresh");
    int point;
    if (!name || name[0] < 'a' || name[0] >= 'a' + s->width || name[1] < '1' ||
        name[1] >= '1' + s->width || name[2] != '\0')
        return br_field_fail(err, &square, "not a square name of the %dx%d board (a1..%c%d)",
                             s->width, s->width, 'a' + s->width - 1, s->width);
    if (!br_field_read_count(obj, "point", 7, &point, at, err))
        return false;
    if (!json_is_boolean(fr))
        return br_field_fail(err, &fresh, "not true or false");
    m[1] = (uint8_t)((name[1] - '1') * s->width + name[0] - 'a');
    m[2] = (uint8_t)point;
    m[3] = json_is_true(fr);
    return true;
}

static bool marker_read(const br_fields_ctx *c, void *member, const json_t *obj,
                        const br_field_path *at, br_text *err)
{
    ts_state *s = member;
    br_field_path status = { at, "status", 0 };
    uint8_t m[MARK_ROW] = { 0 };
    if (!json_is_object(obj) || !json_is_string(json_object_get(obj, "status")))
        return br_field_fail(err, at, "not an object with a status");
    if (!br_field_read_choice(json_object_get(obj, "status"), MARK_STATUS, 3, false, 0, &m[0],
                              &status, err))
        return false;
    if (m[0] == MARK_ON && !marker_on_read(s, obj, m, at, err))
        return false;
    if (json_object_size(obj) != (m[0] == MARK_ON ? 4 : 1))
        return br_field_fail(err, at, m[0] == MARK_ON ? "a marker on the board has exactly "
                             "the fields status, square, point, fresh" : "a marker that is %s "
                             "has only a status", MARK_STATUS[m[0]]);
    store_marker(s, c->owner, m);
    return true;
}

static void markers_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    uint8_t b[TS_SEATS * MARK_ROW];
    for (int p = 0; p < c->num_seats; p++)
        marker_row(member, p, &b[MARK_ROW * p]);
    br_bw_bytes(w, b, (size_t)c->num_seats * MARK_ROW);
}

static bool markers_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                        const br_field_path *at)
{
    ts_state *s = member;
    static const char *const KEYS[MARK_ROW] = { "status", "square", "point", "fresh" };
    const uint8_t limit[MARK_ROW] = { MARK_ON, (uint8_t)(s->width * s->width - 1), 7, 1 };
    for (int p = 0; p < c->num_seats; p++) {
        br_field_path seat = { at, NULL, p };
        uint8_t m[MARK_ROW];
        if (!br_field_get_u8_row(r, limit, KEYS, MARK_ROW, m, &seat))
            return false;
        if (m[0] != MARK_ON && (m[1] | m[2] | m[3]))
            return br_field_fail_bytes(r, &seat, "a marker that is %s has square, point and "
                                       "fresh 0", MARK_STATUS[m[0]]);
        store_marker(s, p, m);
    }
    return true;
}

static const br_field_codec MARKER = { marker_write, marker_read, NULL, NULL };
static const br_field_codec MARKERS = { NULL, NULL, markers_put, markers_get };

/* ------------------------------------------------------------------ */
/* What the observation derives from the state */

static void to_move_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    int who = tsuro_current_player(member);
    if (who == BR_PLAYER_CHANCE)
        br_jw_string(w, "chance");
    else
        br_jw_seat_or_null(w, who); /* BR_PLAYER_TERMINAL: nobody */
}

static void draw_to_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    br_jw_seat_or_null(w, chance_recipient(member));
}

static void winners_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    const ts_state *s = member;
    br_jw_seats(w, s->phase == PH_OVER ? winners_of(s) : 0, s->num_seats);
}

static const br_field_codec TO_MOVE = { to_move_write, NULL, NULL, NULL };
static const br_field_codec UNSEEN = { unseen_write, NULL, NULL, NULL };
static const br_field_codec DRAW_TO = { draw_to_write, NULL, NULL, NULL };
static const br_field_codec WINNERS = { winners_write, NULL, NULL, NULL };

/* ------------------------------------------------------------------ */
/* The table. The JSON members stand in the order the formats have always
 * had (the snapshot's hands first, the observation's after the markers);
 * the binary form has its own order (phase, turn, dragon, last_out, hands,
 * markers, pile, board), so the codecs' members are in it twice: once for
 * JSON, once for the bytes. Codecs of several members take the whole state
 * (offset 0). */

#define TS_MEMBER(m) .offset = offsetof(struct tsuro_state, m)
#define TS_SNAPSHOT_ONLY .see = BR_SEE_NONE, .hide = BR_HIDE_OMIT

static const br_field TSURO_FIELDS[] = {
    { BR_KEY("hands"), .kind = BR_FIELD_CODEC, .codec = &HANDS, TS_SNAPSHOT_ONLY,
      .flags = BR_FIELD_JSON_ONLY },
    { BR_KEY("edition"), .kind = BR_FIELD_NAME, .width = 1, TS_MEMBER(edition), .max = 2,
      .names = EDITION_NAMES, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("board_size"), .kind = BR_FIELD_INT, .width = 1, TS_MEMBER(width),
      .max = TS_MAX_WIDTH, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("selfkill"), .kind = BR_FIELD_NAME, .width = 1, TS_MEMBER(selfkill),
      .max = SK_COUNT - 1, .names = SELFKILL_NAMES, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("phase"), .kind = BR_FIELD_NAME, .width = 1, TS_MEMBER(phase), .max = PH_OVER,
      .names = PHASE_NAMES },
    { BR_KEY("turn"), .kind = BR_FIELD_INT, .width = 1, TS_MEMBER(turn),
      .max = BR_FIELD_LAST_SEAT },
    { BR_KEY("to_move"), .kind = BR_FIELD_CODEC, .codec = &TO_MOVE, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("board"), .kind = BR_FIELD_CODEC, .codec = &BOARD, .flags = BR_FIELD_JSON_ONLY },
    { BR_KEY("pile"), .kind = BR_FIELD_CODEC, .codec = &PILE, TS_SNAPSHOT_ONLY,
      .flags = BR_FIELD_JSON_ONLY },
    { BR_KEY("markers"), .kind = BR_FIELD_CODEC, .codec = &MARKER, .count = BR_FIELD_SEATS,
      .flags = BR_FIELD_JSON_ONLY },
    { BR_KEY("hands"), .kind = BR_FIELD_CODEC, .codec = &HANDS, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("hand_sizes"), .kind = BR_FIELD_INT, .width = 1, TS_MEMBER(hand_size),
      .count = BR_FIELD_SEATS, .stride = 1, .max = TS_HAND, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("pile_size"), .kind = BR_FIELD_INT, .width = 1, TS_MEMBER(pile_total),
      .max = TS_KOSMOS_TILES, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("unseen"), .kind = BR_FIELD_CODEC, .codec = &UNSEEN, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("dragon"), .kind = BR_FIELD_INT, .width = 1, TS_MEMBER(dragon),
      .max = BR_FIELD_LAST_SEAT, .flags = BR_FIELD_NULLABLE, .none = (uint8_t)NO_SEAT },
    { BR_KEY("draw_to"), .kind = BR_FIELD_CODEC, .codec = &DRAW_TO, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("last_out"), .kind = BR_FIELD_SET, .width = 1, TS_MEMBER(last_out),
      .max = BR_FIELD_LAST_SEAT },
    { BR_KEY("winners"), .kind = BR_FIELD_CODEC, .codec = &WINNERS, .flags = BR_FIELD_VIEW_ONLY },
    { BR_KEY("hands"), .kind = BR_FIELD_CODEC, .codec = &HANDS, .flags = BR_FIELD_BYTES_ONLY },
    { BR_KEY("markers"), .kind = BR_FIELD_CODEC, .codec = &MARKERS,
      .flags = BR_FIELD_BYTES_ONLY },
    { BR_KEY("pile"), .kind = BR_FIELD_CODEC, .codec = &PILE, .flags = BR_FIELD_BYTES_ONLY },
    { BR_KEY("board"), .kind = BR_FIELD_CODEC, .codec = &BOARD, .flags = BR_FIELD_BYTES_ONLY },
};

static const br_field_table TSURO_TABLE = {
    TSURO_FIELDS, sizeof TSURO_FIELDS / sizeof TSURO_FIELDS[0]
};

static const br_field_path STATE_PATH = { NULL, "state", 0 };

static br_fields_ctx fields_ctx(const ts_state *s, int viewer)
{
    return (br_fields_ctx){ .state = s, .viewer = viewer, .num_seats = s->num_seats,
                            .owner = -1 };
}

/* The snapshot's state (BR_VIEW_FULL) or what a seat or a spectator (-1)
 * may see. */
void tsuro_write_view(const void *st, int viewer, br_jw *w)
{
    br_fields_ctx c = fields_ctx(st, viewer);
    br_fields_write_json(&TSURO_TABLE, &c, st, w);
}

void tsuro_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = fields_ctx(st, BR_VIEW_FULL);
    br_fields_write_bytes(&TSURO_TABLE, &c, st, w);
}

/* ------------------------------------------------------------------ */
/* Checks across members after a load (doc/games/tsuro.md, "Snapshot"):
 * each writes "state.<member>: <problem>" and returns false. */

static bool check_conservation(const ts_state *s, br_text *err)
{
    int on_board[TS_TILES] = { 0 }, in_hands[TS_TILES] = { 0 };
    for (int c = 0; c < TS_CELLS; c++)
        if (s->board[c] < TS_CODES)
            on_board[s->board[c] / 4]++;
    for (int p = 0; p < s->num_seats; p++)
        for (int i = 0; i < s->hand_size[p]; i++)
            in_hands[s->hand[p][i]]++;
    for (int t = 0; t < TS_TILES; t++)
        if (on_board[t] + in_hands[t] + pile_count(s, t) != tile_copies(s, t))
            return br_fail(err, "state.pile[%d]: tile %d is %d times on the board, %d in "
                          "hands and %d in the pile, but the %s set has %d", t, t,
                          on_board[t], in_hands[t], pile_count(s, t),
                          EDITION_NAMES[s->edition], tile_copies(s, t));
    return true;
}

/* Before play: nothing on the board, nobody out, no dragon. The deal gives
 * one tile per seat in turn, so setup starts with every hand full; during
 * setup exactly the seats before the turn have placed their markers. Run
 * after check_conservation(): a tile in no hand and not in the pile is on
 * the board. */
static bool check_before_play(const ts_state *s, br_text *err)
{
    bool setup = s->phase == PH_SETUP;
    int n = s->num_seats, dealt = setup ? TS_HAND * n : hands_total(s);
    if (hands_total(s) + s->pile_total < edition_tiles(s))
        return br_fail(err, "state.board: tiles are placed only after the %s phase",
                      PHASE_NAMES[s->phase]);
    if (s->dragon != NO_SEAT)
        return br_fail(err, "state.dragon: nobody holds the dragon before play");
    if (s->last_out)
        return br_fail(err, "state.last_out: nobody is out before play");
    if (s->placed & ~s->alive)
        return br_fail(err, "state.markers: no marker is out before play");
    if (!setup && s->placed)
        return br_fail(err, "state.markers: markers are placed only after the deal");
    if (!setup && dealt >= TS_HAND * n)
        return br_fail(err, "state.phase: every hand is full, the deal is over");
    for (int p = 0; p < n; p++) {
        if (s->hand_size[p] != dealt / n + (p < dealt % n))
            return br_fail(err, "state.hands[%d]: %d tiles, but the deal (one tile per seat "
                          "in turn) gives %d after %d tiles", p, s->hand_size[p],
                          dealt / n + (p < dealt % n), dealt);
        if (setup && ((s->placed >> p) & 1u) != (p < s->turn))
            return br_fail(err, "state.markers[%d]: during setup, exactly the seats before "
                          "seat %d (the turn) have placed their markers", p, s->turn);
    }
    if (!setup && s->turn != dealt % n)
        return br_fail(err, "state.turn: seat %d receives the next tile, not seat %d",
                      dealt % n, s->turn);
    return true;
}

/* Drawing and the dragon (doc: "Drawing and the dragon") leave these traces
 * until the game is over; a seat that is out holds no tiles, also then. */
static bool check_hand_sizes(const ts_state *s, br_text *err)
{
    for (int p = 0; p < s->num_seats; p++) {
        bool live = s->alive & seat_bit(p);
        if (!live && s->hand_size[p] > 0)
            return br_fail(err, "state.hands[%d]: a seat that is out holds no tiles", p);
        if (!live || s->dragon != NO_SEAT || s->phase == PH_OVER)
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

static bool check_play(const ts_state *s, br_text *err)
{
    int live = __builtin_popcount(s->alive);
    if (s->placed != (1u << s->num_seats) - 1)
        return br_fail(err, "state.markers: every marker is placed once play begins");
    if (s->last_out & ~(s->placed & ~s->alive))
        return br_fail(err, "state.last_out: lists a seat whose marker is not out");
    if (s->phase == PH_OVER) {
        if (live > 1 && s->pile_total + hands_total(s) > 0)
            return br_fail(err, "state.phase: the game is not over: %d markers are on the "
                          "board and tiles are left", live);
        if (live == 0 && s->last_out == 0)
            return br_fail(err, "state.last_out: no marker is left, so the last placement "
                          "eliminated somebody");
        return check_hand_sizes(s, err);
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
    if (edge)
        return true;
    /* The path behind a marker that has moved leads back to the edge of the
     * board (its start); this also rules out markers on a closed loop. */
    int behind = cell + SIDE_STEP[point >> 1];
    if (s->board[behind] == CELL_EMPTY)
        return br_fail(err, "state.markers[%d]: stands between two empty squares", p);
    struct walk w = walk_out(s->board, behind, tsuro_tile_map[s->board[behind]][PARTNER[point]]);
    return w.end == WALK_LEAVES ||
           br_fail(err, "state.markers[%d]: the path behind the marker does not lead back to "
                   "the edge of the board", p);
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

static bool check_invariants(const ts_state *s, br_text *err)
{
    bool before_play = s->phase == PH_DEAL || s->phase == PH_SETUP;
    return check_conservation(s, err) &&
           (before_play ? check_before_play(s, err) : check_play(s, err)) &&
           check_markers(s, err);
}

/* The end of both loaders: the checks across the members `read` (whether
 * the walker has read them), then the loaded position into `st`. */
static br_status finish_load(void *st, const ts_state *s, bool read, br_text *err)
{
    if (!read || !check_invariants(s, err))
        return BR_ERR_SNAPSHOT;
    memcpy(st, s, sizeof *s);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Loading: the table's members into an empty position with the options of
 * `st`, then the checks across them; `st` is changed only on success. */

static br_fields_ctx start_load(ts_state *s, const void *st)
{
    tsuro_start(s, st);
    empty_pile(s); /* the pile is a member */
    return fields_ctx(s, BR_VIEW_FULL);
}

br_status tsuro_from_json(void *st, const json_t *obj, br_text *err)
{
    ts_state s;
    br_fields_ctx c = start_load(&s, st);
    return finish_load(st, &s, br_fields_read_json(&TSURO_TABLE, &c, &s, obj, &STATE_PATH, err),
                       err);
}

br_status tsuro_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    ts_state s;
    br_fields_ctx c = start_load(&s, st);
    return finish_load(st, &s, br_fields_read_bytes(&TSURO_TABLE, &c, &s, r, &STATE_PATH), err);
}
