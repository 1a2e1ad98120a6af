/*
 * Drunter & Drüber: the snapshot's members as a field table, which the core
 * walks for the JSON snapshot, the observations (the viewer's hidden parts
 * masked) and the binary form; the game keeps the codecs of its notation
 * (lays, tiles, vote cards), its derived members (crews, result, the
 * observation's board) and one check of every invariant across members,
 * which both loaders end in.
 *
 * The board is not stored: "laid" lists the tiles in the order they were
 * laid, and the check lays them again, which checks that each one fitted
 * and that its crew was still on the board, and rebuilds the crews.
 *
 * Values that the JSON form cannot express (a ballot of a seat that has not
 * voted, a last vote's values when none was held) are written as 0 in the
 * binary form and refused otherwise, so that every loaded state has one
 * form.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "drunter_und_drueber.h"

enum { NO_LAY = DUD_NONE };

/* The state being loaded, which the walker hands every codec as c->state:
 * members that keep their value in another member (the voted mask of the
 * ballots, the jein bits) are set through it. */
static dud *loading(const br_fields_ctx *c)
{
    return (dud *)(uintptr_t)c->state;
}

/* ------------------------------------------------------------------ */
/* Writing JSON. Names are short ("wall2 3b w", "fire-station"): they are
 * put together with memcpy, not printf, and an array of them goes out as
 * one value (br_jw_list). */

/* The longest array: "rejected" with every lay move, each at most
 * "wall1 3b e" (10 characters) in quotes and a comma; the others (60 tiles
 * of at most 7 characters, 4 crews of at most 42, 12 board rows) are
 * shorter. */
enum { LAY_TEXT_MAX = 10 };
_Static_assert(2 + DUD_MV_VOTE * (LAY_TEXT_MAX + 3) <= BR_JW_LIST_MAX, "rejected fits a list");

static size_t append(char *buf, size_t at, const char *s)
{
    size_t n = strlen(s);
    memcpy(buf + at, s, n);
    return at + n;
}

static size_t lay_text(char *buf, dud_lay lay)
{
    size_t n = append(buf, 0, dud_path_names[lay.path]);
    buf[n++] = ' ';
    n = append(buf, n, dud_shape_names[lay.shape]);
    buf[n++] = ' ';
    return append(buf, n, dud_dir_names[lay.dir]);
}

/* A square as the notation writes it ("a12"). */
static size_t square_text(char *buf, int sq)
{
    int row = DUD_SIDE - sq / DUD_SIDE;
    size_t n = 0;
    buf[n++] = (char)('a' + sq % DUD_SIDE);
    if (row >= 10)
        buf[n++] = (char)('0' + row / 10);
    buf[n++] = (char)('0' + row % 10);
    return n;
}

static void write_votes(br_jw *w, unsigned cards)
{
    br_jw_list it;
    br_jw_list_begin(&it);
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (cards >> c & 1)
            br_jw_list_item(&it, dud_vote_names[c], strlen(dud_vote_names[c]), true);
    br_jw_list_end(&it, w);
}


/* ------------------------------------------------------------------ */
/* Reading JSON: the codecs of the game's notation. */

/* A lay text into its move number, read by the notation's parser. */
static bool read_lay(const json_t *v, br_move *out, const br_field_path *at, br_text *err)
{
    if (!json_is_string(v))
        return br_field_fail(err, at, "not a lay text");
    br_move m;
    char reason[160];
    br_text r = br_text_over(reason, sizeof reason);
    if (dud_move_from_text(NULL, json_string_value(v), &m, &r) != BR_OK || m >= DUD_MV_VOTE)
        return br_field_fail(err, at, "'%s' is not a lay (e.g. 'road 3b e')",
                             json_string_value(v));
    *out = m;
    return true;
}

/* A ballot's vote cards, read as the table reads a seat's votes (any order,
 * a repeat refused). */
static const br_field ballot_cards = {BR_KEY("ballots"), .kind = BR_FIELD_SET, .width = 1,
                                      .max = DUD_VOTE_CARDS, .names = dud_vote_names,
                                      .flags = BR_FIELD_ANY_ORDER};

/* ------------------------------------------------------------------ */
/* The codecs of the members, JSON side. A member hidden from the viewer is
 * the codec's to mask (the table's hiding knows null and counts, not the
 * snapshot's "hidden"). */

/* A lay move as its text, null for none (NO_LAY): an entry of "laid" and
 * the tile under vote (whether there is one, check_vote() checks; a laid
 * one, replay_laid()). The text goes straight into the walker's output. */
static size_t lay_json_text(const br_fields_ctx *c, const void *member, char *out)
{
    uint8_t m = *(const uint8_t *)member;
    (void)c;
    if (m == NO_LAY) {
        memcpy(out, "null", 4);
        return 4;
    }
    out[0] = '"';
    size_t n = 1 + lay_text(out + 1, dud_lay_of_move(m));
    out[n] = '"';
    return n + 1;
}

static bool lay_read(const br_fields_ctx *c, void *member, const json_t *v,
                     const br_field_path *at, br_text *err)
{
    br_move m = NO_LAY;
    (void)c;
    bool ok = json_is_null(v) || read_lay(v, &m, at, err);
    *(uint8_t *)member = (uint8_t)m;
    return ok;
}

/* Each crew an object of fixed keys, put together here as one item; derived
 * from the laid tiles (the loader compares: br_fields_check_derived()). */
static void crews_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud *s = c->state;
    (void)member;
    br_jw_list it;
    br_jw_list_begin(&it);
    for (int p = 0; p < DUD_PATHS; p++) {
        char buf[48];
        size_t n = append(buf, 0, "{\"path\":\"");
        n = append(buf, n, dud_path_names[p]);
        n = append(buf, n, "\",\"square\":\"");
        n += square_text(buf + n, s->crew[p]);
        n = append(buf, n, s->crew_in >> p & 1 ? "\",\"in\":true}" : "\",\"in\":false}");
        br_jw_list_item(&it, buf, n, false);
    }
    br_jw_list_end(&it, w);
}

/* A hand: face down during the deal (others see its size). */
static bool hand_open(const br_fields_ctx *c)
{
    return ((const dud *)c->state)->phase != DUD_PH_DEAL_TILES || c->viewer == c->owner;
}

/* Whether the viewer sees the secret of seat c->owner (at the end everyone). */
static bool sees_secret(const br_fields_ctx *c)
{
    const dud *s = c->state;
    return c->viewer == BR_VIEW_FULL || c->viewer == c->owner || s->phase == DUD_PH_OVER;
}

/* Pro: the two open task cards of a seat. */
static void tasks_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud_tasks *t = member;
    (void)c;
    br_jw_begin_array(w);
    br_jw_name_or_null(w, dud_task_names, t->card[0], DUD_NONE);
    br_jw_name_or_null(w, dud_task_names, t->card[1], DUD_NONE);
    br_jw_end_array(w);
}

static bool read_task(const json_t *e, size_t i, void *out, const br_field_path *at,
                      br_text *err)
{
    dud_tasks *t = out;
    return br_field_read_choice(e, dud_task_names, DUD_TASKS, true, DUD_NONE, &t->card[i], at,
                                err);
}

static bool tasks_read(const br_fields_ctx *c, void *member, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    (void)c;
    return br_field_read_each(v, 2, 2, "task cards", read_task, member, at, err);
}

/* The running vote's ballots: null before the seat has voted, secret until
 * the reveal (the jein round). */
static void ballot_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud *s = c->state;
    if (!(s->voted >> c->owner & 1))
        br_jw_null(w);
    else if (s->phase == DUD_PH_JEIN || c->viewer == BR_VIEW_FULL || c->viewer == c->owner)
        write_votes(w, *(const uint8_t *)member);
    else
        br_jw_string(w, "hidden");
}

static bool ballot_read(const br_fields_ctx *c, void *member, const json_t *v,
                        const br_field_path *at, br_text *err)
{
    if (json_is_null(v))
        return true;
    loading(c)->voted |= (uint8_t)(1u << c->owner);
    return br_field_read_value(&ballot_cards, c, member, v, at, err);
}

/* The jein declarations: null, "yes" or "no" per seat (kept as bits). */
static void jein_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud *s = c->state;
    (void)member;
    if (!(s->jein_done >> c->owner & 1))
        br_jw_null(w);
    else
        br_jw_string(w, s->jein_yes >> c->owner & 1 ? "yes" : "no");
}

static bool jein_read(const br_fields_ctx *c, void *member, const json_t *v,
                      const br_field_path *at, br_text *err)
{
    dud *s = loading(c);
    uint8_t yes;
    (void)member;
    if (json_is_null(v))
        return true;
    if (!br_field_read_choice(v, (const char *const[]){"no", "yes"}, 2, false, 0, &yes, at, err))
        return false;
    s->jein_done |= (uint8_t)(1u << c->owner);
    s->jein_yes |= (uint8_t)(yes << c->owner);
    return true;
}

static void rejected_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    br_jw_list it;
    br_jw_list_begin(&it);
    (void)member;
    for (br_move m = 0; m < DUD_MV_VOTE; m++) {
        if (!dud_rejected(c->state, m))
            continue;
        char buf[24];
        br_jw_list_item(&it, buf, lay_text(buf, dud_lay_of_move(m)), true);
    }
    br_jw_list_end(&it, w);
}

static bool read_rejected_entry(const json_t *e, size_t i, void *out, const br_field_path *at,
                                br_text *err)
{
    uint8_t *bits = out;
    br_move m;
    (void)i;
    if (!read_lay(e, &m, at, err))
        return false;
    if (bits[m / 8] >> (m % 8) & 1)
        return br_field_fail(err, at, "listed twice");
    bits[m / 8] |= (uint8_t)(1u << (m % 8));
    return true;
}

static bool rejected_read(const br_fields_ctx *c, void *member, const json_t *v,
                          const br_field_path *at, br_text *err)
{
    (void)c;
    return br_field_read_each(v, 0, DUD_MV_VOTE, "lays", read_rejected_entry, member, at, err);
}

/* The result at the end (null before); derived, as the crews. */
static void result_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud *s = c->state;
    (void)member;
    if (s->phase != DUD_PH_OVER) {
        br_jw_null(w);
        return;
    }
    uint8_t points[DUD_MAX_SEATS], second[DUD_MAX_SEATS], cards_left[DUD_MAX_SEATS];
    int card_points[DUD_TASKS];
    dud_card_points(s, card_points);
    for (int p = 0; p < s->num_players; p++) {
        dud_standing t = dud_standing_of(s, card_points, p);
        points[p] = (uint8_t)t.points;
        second[p] = (uint8_t)t.second;
        cards_left[p] = (uint8_t)t.cards_left;
    }
    br_jw_begin_object(w);
    br_jw_key(w, "points");
    br_jw_u8_list(w, points, s->num_players, 0);
    if (s->pro) {
        br_jw_key(w, "second_points");
        br_jw_u8_list(w, second, s->num_players, 0);
    }
    br_jw_key(w, "cards_left");
    br_jw_u8_list(w, cards_left, s->num_players, 0);
    br_jw_key(w, "winners");
    br_jw_seats(w, s->winner_mask, s->num_players);
    br_jw_end_object(w);
}

/* The board as rows of text for observers: '.' free, the path's digit for a
 * piece, and its letter (A..D) for a bridge square. */
static void board_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const dud *s = c->state;
    (void)member;
    br_jw_list it;
    br_jw_list_begin(&it);
    for (int y = 0; y < DUD_SIDE; y++) {
        char row[DUD_SIDE];
        for (int x = 0; x < DUD_SIDE; x++) {
            uint8_t piece = s->board[y * DUD_SIDE + x];
            int path = (piece & DUD_PIECE_PATH) - 1;
            row[x] = (char)(!piece ? '.' : piece & DUD_PIECE_BRIDGE ? 'A' + path : '0' + path);
        }
        br_jw_list_item(&it, row, DUD_SIDE, true);
    }
    br_jw_list_end(&it, w);
}

/* ------------------------------------------------------------------ */
/* The binary codec of the one member the walk cannot read (doc: "Binary
 * snapshot"): binary snapshots of format version 2 and before held the
 * votes in one byte; from version 3 on they take two. */
enum { VOTES_U16_SINCE = 3 };

static void put_votes_held(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    uint16_t v;
    memcpy(&v, member, sizeof v);
    br_bw_u16(w, v);
}

static bool get_votes_held(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                           const br_field_path *at)
{
    (void)c;
    uint8_t b[2] = {0};
    if (!br_field_take(r, b, r->version >= VOTES_U16_SINCE ? 2 : 1, at))
        return false;
    uint16_t v = (uint16_t)(b[0] | b[1] << 8);
    if (v > DUD_MAX_VOTES)
        return br_field_fail_bytes(r, at, "%u is not in 0..%d", v, DUD_MAX_VOTES);
    memcpy(member, &v, sizeof v);
    return true;
}

/* ------------------------------------------------------------------ */
/* The table (doc: "Snapshot"), members in the order of the format; the
 * basic and pro variants differ in the cards. */

#define JSON_CODEC(name, json_write, json_read)                                            \
    static const br_field_codec name = {json_write, json_read, NULL, NULL}
JSON_CODEC(LAY, NULL, lay_read);
static const br_field_text LAY_TEXT = {lay_json_text, LAY_TEXT_MAX + 2};
JSON_CODEC(CREWS, crews_write, NULL);
JSON_CODEC(TASKS, tasks_write, tasks_read);
JSON_CODEC(BALLOT, ballot_write, ballot_read);
JSON_CODEC(JEIN, jein_write, jein_read);
JSON_CODEC(REJECTED, rejected_write, rejected_read);
static const br_field_codec VOTES_HELD = {NULL, NULL, put_votes_held, get_votes_held};
JSON_CODEC(RESULT, result_write, NULL);
JSON_CODEC(BOARD, board_write, NULL);

#define AT(member) .offset = offsetof(dud, member)
#define LAID_LIST AT(laid), .count = DUD_TILES, .stride = 1, .length_at = 1 + offsetof(dud, tiles_laid)
#define PER_SEAT(member) AT(member), .count = BR_FIELD_SEATS, .stride = sizeof(((dud *)0)->member[0])
#define CODEC_FIELD(k, codec_, ...) {BR_KEY(k), .kind = BR_FIELD_CODEC, .codec = &codec_, __VA_ARGS__}
/* A card or choice of a seat: null (none) or, hidden from the other seats
 * until the end, "hidden". */
#define SECRET(more_flags) .flags = BR_FIELD_NULLABLE | (more_flags), .none = DUD_NONE, .see = BR_SEE_CUSTOM, \
               .visible = sees_secret, .hide = BR_HIDE_SECRET
/* A hand or the pool: the tile names, each as often as there are copies. */
#define TILES .kind = BR_FIELD_BAG, .width = DUD_TILE_TYPES, .max = DUD_MAX_COPIES, \
              .names = dud_tile_names
/* Vote cards, a bit each: their names, read in any order. */
#define VOTE_CARDS .kind = BR_FIELD_SET, .width = 1, .max = DUD_VOTE_CARDS, \
                   .names = dud_vote_names, .flags = BR_FIELD_ANY_ORDER
#define SEAT_MASK(k, member) \
    {BR_KEY(k), .kind = BR_FIELD_SET, .width = 1, AT(member), .max = BR_FIELD_LAST_SEAT, \
     .flags = BR_FIELD_BYTES_ONLY}

static const br_field last_vote_fields[] = {
    {BR_KEY("yes"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(dud_vote_result, yes),
     .max = 255},
    {BR_KEY("no"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(dud_vote_result, no),
     .max = 255},
    {BR_KEY("passed"), .kind = BR_FIELD_BOOL, .offset = offsetof(dud_vote_result, passed)},
    {BR_KEY("ballots"), VOTE_CARDS, .offset = offsetof(dud_vote_result, ballots),
     .count = BR_FIELD_SEATS, .stride = 1},
    {BR_KEY("jein_yes"), .kind = BR_FIELD_SET, .width = 1,
     .offset = offsetof(dud_vote_result, jein_yes), .max = BR_FIELD_LAST_SEAT},
};
static const br_field_table last_vote_table = {last_vote_fields,
                                            sizeof last_vote_fields / sizeof last_vote_fields[0]};

/* Pro: a seat's task cards and its choice, DUD_NONE before the deal and
 * before the choice. */
static const br_field tasks_fields[] = {
    {BR_KEY("cards"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(dud_tasks, card),
     .count = 2, .stride = 1, .max = DUD_TASKS - 1, .names = dud_task_names,
     .flags = BR_FIELD_NULLABLE, .none = DUD_NONE},
    {BR_KEY("choice"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(dud_tasks, choice),
     .max = 1, .flags = BR_FIELD_NULLABLE, .none = DUD_NONE},
};
static const br_field_table tasks_table = {tasks_fields,
                                           sizeof tasks_fields / sizeof tasks_fields[0]};

/* The tallies, from votes_held on (their members follow each other). */
#define TALLY(member) .offset = offsetof(dud, member) - offsetof(dud, votes_held)
static const br_field tally_fields[] = {
    {BR_KEY("votes"), .kind = BR_FIELD_INT, .width = 2, TALLY(votes_held), .max = DUD_MAX_VOTES,
     .flags = BR_FIELD_JSON_ONLY},
    CODEC_FIELD("votes", VOTES_HELD, TALLY(votes_held), .flags = BR_FIELD_BYTES_ONLY),
    {BR_KEY("passed"), .kind = BR_FIELD_INT, .width = 1, TALLY(votes_passed),
     .max = DUD_MAX_PASSED_VOTES},
    /* the claim, which the check compares with the bridges the replay passes */
    {BR_KEY("bridges"), .kind = BR_FIELD_INT, .width = 1, TALLY(bridges_passed), .max = DUD_TILES},
};
static const br_field_table tally_table = {tally_fields,
                                           sizeof tally_fields / sizeof tally_fields[0]};

#define HEAD_FIELDS                                                                        \
    {BR_KEY("phase"), .kind = BR_FIELD_NAME, .width = 1, AT(phase), .max = DUD_PHASES - 1,   \
     .names = dud_phase_names},                                                            \
    {BR_KEY("turn"), .kind = BR_FIELD_INT, .width = 1, AT(turn), .max = BR_FIELD_LAST_SEAT}, \
    /* the lay moves, after their number; in JSON as texts */                             \
    CODEC_FIELD("laid", LAY, .text = &LAY_TEXT, LAID_LIST, .flags = BR_FIELD_JSON_ONLY),  \
    {BR_KEY("laid"), .kind = BR_FIELD_INT, .width = 1, LAID_LIST, .max = DUD_MV_VOTE - 1,   \
     .flags = BR_FIELD_BYTES_ONLY},                                                        \
    CODEC_FIELD("crews", CREWS, AT(crew), .flags = BR_FIELD_JSON_ONLY),                    \
    {BR_KEY("hands"), TILES, PER_SEAT(hand), .see = BR_SEE_CUSTOM, .visible = hand_open,   \
     .hide = BR_HIDE_COUNT},                                                               \
    /* the pool: its tiles in the snapshot, its size in an observation */                 \
    {BR_KEY("pool"), TILES, AT(pool), .see = BR_SEE_NONE, .hide = BR_HIDE_COUNT}

#define TAIL_FIELDS                                                                        \
    {BR_KEY("votes"), VOTE_CARDS, PER_SEAT(votes)},                                        \
    SEAT_MASK("ballots (who voted)", voted),                                               \
    CODEC_FIELD("ballots", BALLOT, PER_SEAT(ballot), .flags = BR_FIELD_JSON_ONLY),         \
    /* binary: 0 where the seat has not voted (the check refuses others) */               \
    {BR_KEY("ballots"), .kind = BR_FIELD_SET, .width = 1, PER_SEAT(ballot),                \
     .max = DUD_VOTE_CARDS, .flags = BR_FIELD_BYTES_ONLY},                                 \
    SEAT_MASK("jein (declared)", jein_done),                                               \
    SEAT_MASK("jein (yes)", jein_yes),                                                     \
    CODEC_FIELD("jein", JEIN, AT(jein_done), .count = BR_FIELD_SEATS,                      \
                .flags = BR_FIELD_JSON_ONLY),                                              \
    CODEC_FIELD("pending", LAY, .text = &LAY_TEXT, AT(pending), .flags = BR_FIELD_JSON_ONLY), \
    {BR_KEY("pending"), .kind = BR_FIELD_INT, .width = 1, AT(pending), .max = DUD_MV_VOTE - 1, \
     .flags = BR_FIELD_NULLABLE | BR_FIELD_BYTES_ONLY, .none = NO_LAY},                    \
    /* null before the first vote; binary: held, then the members (0 when none was held: \
     * the check refuses others) */                                                       \
    {BR_KEY("last_vote"), .kind = BR_FIELD_OBJECT, .table = &last_vote_table,               \
     AT(last_vote), .flags = BR_FIELD_NULLABLE,                                            \
     .present_at = 1 + offsetof(dud_vote_result, held)},                                   \
    CODEC_FIELD("rejected", REJECTED, AT(rejected), .flags = BR_FIELD_JSON_ONLY),          \
    {BR_KEY("rejected"), .kind = BR_FIELD_INT, .width = 1, AT(rejected),                    \
     .count = DUD_MV_VOTE / 8, .stride = 1, .max = 255, .flags = BR_FIELD_BYTES_ONLY},      \
    {BR_KEY("tallies"), .kind = BR_FIELD_OBJECT, .table = &tally_table, AT(votes_held)},    \
    CODEC_FIELD("result", RESULT, .flags = BR_FIELD_JSON_ONLY),                            \
    CODEC_FIELD("board", BOARD, .flags = BR_FIELD_VIEW_ONLY),                              \
    CODEC_FIELD("seat", br_field_viewer_codec, .flags = BR_FIELD_VIEW_ONLY)

static const br_field basic_fields[] = {
    HEAD_FIELDS,
    {BR_KEY("buildings"), .kind = BR_FIELD_NAME, .width = 1, PER_SEAT(building),
     .max = DUD_BUILDING_TYPES - 1, .names = dud_building_names, SECRET(0)},
    TAIL_FIELDS,
};

static const br_field pro_fields[] = {
    HEAD_FIELDS,
    CODEC_FIELD("tasks", TASKS, PER_SEAT(tasks), .flags = BR_FIELD_JSON_ONLY),
    /* the slot chosen, 1 or 2 (stored 0 or 1) */
    {BR_KEY("choices"), .kind = BR_FIELD_INT, .width = 1, AT(tasks[0].choice),
     .count = BR_FIELD_SEATS, .stride = sizeof(dud_tasks), .max = 1, .bias = 1,
     SECRET(BR_FIELD_JSON_ONLY)},
    /* binary: per seat the cards, then the choice */
    {BR_KEY("tasks"), .kind = BR_FIELD_OBJECT, .table = &tasks_table, PER_SEAT(tasks),
     .flags = BR_FIELD_BYTES_ONLY},
    TAIL_FIELDS,
};

static const br_field_table basic_table = {basic_fields,
                                           sizeof basic_fields / sizeof basic_fields[0]};
static const br_field_table pro_table = {pro_fields, sizeof pro_fields / sizeof pro_fields[0]};
static const br_field_path ROOT = {NULL, "state", 0};

static const br_field_table *table_of(const dud *s)
{
    return s->pro ? &pro_table : &basic_table;
}

static br_fields_ctx ctx_of(const dud *s, int viewer)
{
    return (br_fields_ctx){.state = s, .viewer = viewer, .num_seats = s->num_players,
                           .owner = -1};
}

void dud_write_view(const void *st, int viewer, br_jw *w)
{
    br_fields_ctx c = ctx_of(st, viewer);
    br_fields_write_json(table_of(st), &c, st, w);
}

void dud_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = ctx_of(st, BR_VIEW_FULL);
    br_fields_write_bytes(table_of(st), &c, st, w);
}

/* ------------------------------------------------------------------ */
/* The checks both loaders end in. The walker has read every member in its
 * range, the laid tiles and the claimed bridges passed included; the check
 * lays the tiles again and checks every invariant, naming the field as the
 * JSON snapshot does ("state.<member>"). */

/* The crews are looked at once, after the last tile, not after each one as
 * in play: that gives the same, because a lay that fits has a first square
 * that a one-square tile would fit, so its crew was still in; and a crew
 * that cannot move stays so (pieces are never taken away). */
static bool replay_laid(dud *s, br_text *err)
{
    int count = s->tiles_laid;
    s->tiles_laid = s->bridges_passed = 0; /* counted again */
    for (int i = 0; i < count; i++) {
        dud_lay lay = dud_lay_of_move(s->laid[i]); /* dud_place() puts it back at i */
        int first, step;
        if (s->laid[i] == NO_LAY)
            return br_fail(err, "state.laid[%d]: null is not a lay", i);
        if (!dud_lay_squares(s, lay.path, lay.shape, lay.dir, &first, &step)) {
            if (!dud_crew_can_move(s, lay.path))
                return br_fail(err, "state.laid[%d]: the crew of the %s path had left the game",
                               i, dud_path_names[lay.path]);
            return br_fail(err, "state.laid[%d]: the tile does not fit there", i);
        }
        dud_place(s, lay);
    }
    dud_update_crews(s);
    return true;
}

/* The tallies: votes held and passed (not checkable beyond their order), and
 * the bridges passed, which the replay of the laid tiles has counted. */
static bool check_tallies(const dud *s, int claimed_bridges, br_text *err)
{
    if (s->votes_passed > s->votes_held)
        return br_fail(err, "state.tallies.passed: %d, more than the %d votes held",
                       s->votes_passed, s->votes_held);
    if (claimed_bridges != s->bridges_passed)
        return br_fail(err, "state.tallies.bridges: %d, but the laid tiles pass %d bridges",
                       claimed_bridges, s->bridges_passed);
    if (s->last_vote.held && s->votes_held == 0)
        return br_fail(err, "state.tallies.votes: 0, but there was a last vote");
    return true;
}

static bool check_last_vote(const dud *s, br_text *err)
{
    const dud_vote_result *r = &s->last_vote;
    bool any = r->yes || r->no || r->passed || r->jein_yes; /* the binary form's zeros */
    for (int p = 0; p < s->num_players; p++)
        any |= r->ballots[p] != 0;
    if (!r->held && any)
        return br_fail(err, "state.last_vote: values, but no vote was held");
    for (int p = 0; p < s->num_players; p++) {
        if (!(s->voted >> p & 1) && s->ballot[p])
            return br_fail(err, "state.ballots[%d]: cards, but the seat has not voted", p);
        if (s->voted >> p & 1 && s->ballot[p] & ~s->votes[p])
            return br_fail(err, "state.ballots[%d]: plays a card the seat does not hold", p);
        if (r->ballots[p] & s->votes[p])
            return br_fail(err, "state.last_vote.ballots[%d]: a card played there is still in "
                           "the seat's hand", p);
    }
    if (!r->held)
        return true;
    int want_yes = 0, want_no = 0;
    for (int p = 0, listed = 0; p < s->num_players; p++) {
        bool jein_yes = r->jein_yes >> p & 1;
        if (jein_yes && !(r->ballots[p] & DUD_JEIN_BIT))
            return br_fail(err, "state.last_vote.jein_yes[%d]: seat %d played no jein", listed, p);
        listed += jein_yes;
        for (int c = 0; c < DUD_VOTE_CARDS; c++) {
            if (!(r->ballots[p] >> c & 1))
                continue;
            bool is_yes = c <= DUD_YES3 || (c == DUD_JEIN && jein_yes);
            bool is_no = (c >= DUD_NO1 && c <= DUD_NO3) || (c == DUD_JEIN && !jein_yes);
            want_yes += is_yes ? dud_vote_value[c] : 0;
            want_no += is_no ? dud_vote_value[c] : 0;
        }
    }
    if (r->yes != want_yes || r->no != want_no || r->passed != (r->yes > r->no))
        return br_fail(err, "state.last_vote: the totals do not follow from the ballots (%d yes, "
                       "%d no)", want_yes, want_no);
    return true;
}

/* Lays voted down since the last tile: each still fits (nothing was laid
 * since) and covers a toilet, and a vote was held. Not checked: that with
 * revote=changed a vote with cards played has lifted the earlier ones, so
 * that snapshots written before that option (whose options carry no
 * revote key and so read as revote=changed) still load. */
static bool check_rejected(const dud *s, br_text *err)
{
    for (br_move m = 0, i = 0; m < DUD_MV_VOTE; m++) {
        if (!dud_rejected(s, m))
            continue;
        dud_lay l = dud_lay_of_move(m);
        if (!(s->crew_in >> l.path & 1) || dud_toilets_covered(s, l.path, l.shape, l.dir) == 0
            || !s->last_vote.held || s->last_vote.passed)
            return br_fail(err, "state.rejected[%d]: not a lay over a toilet that the last votes "
                           "turned down", (int)i);
        i++;
    }
    return true;
}

static bool check_tile_census(const dud *s, br_text *err)
{
    int count[DUD_TILE_TYPES];
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        count[t] = s->pool[t];
        for (int p = 0; p < s->num_players; p++)
            count[t] += s->hand[p][t];
    }
    for (int i = 0; i < s->tiles_laid; i++) {
        dud_lay l = dud_lay_of_move(s->laid[i]);
        count[dud_tile_type(dud_path_kind[l.path], l.shape)]++;
    }
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        if (count[t] != dud_tile_count[t])
            return br_fail(err, "state: %d %s tiles in hands, pool and on the board; the set has %d",
                           count[t], dud_tile_names[t], dud_tile_count[t]);
    }
    return true;
}

/* During the deal: each seat holds what the deal order has given it so far. */
static bool check_deal_progress(const dud *s, br_text *err)
{
    int dealt = DUD_TILES - dud_tiles_in(s->pool);
    for (int c = 0; c < DUD_LENGTHS; c++) {
        int per = dud_deal_count[s->num_players][c], block = per * s->num_players;
        int in_block = dealt < 0 ? 0 : dealt > block ? block : dealt;
        for (int p = 0; p < s->num_players; p++) {
            int want = p < in_block / per ? per : p == in_block / per ? in_block % per : 0;
            int have = 0;
            for (int t = 0; t < DUD_TILE_TYPES; t++)
                have += dud_shape_class(dud_tile_shape(t)) == c ? s->hand[p][t] : 0;
            if (have != want)
                return br_fail(err, "state.hands[%d]: %d tiles of length %d, the deal so far gives %d",
                               p, have, 3 - c, want);
        }
        dealt -= block;
    }
    return true;
}

static bool check_pool(const dud *s, br_text *err)
{
    bool dealing = s->phase == DUD_PH_DEAL_TILES;
    if (dealing != (dud_tiles_in(s->pool) > 0))
        return br_fail(err, "state.pool: %s", dealing ? "empty while tiles are dealt"
                                                       : "tiles left after the deal");
    return !dealing || check_deal_progress(s, err);
}

static bool check_cards(const dud *s, br_text *err)
{
    int per = s->pro ? 2 : 1, slots = s->num_players * per, dealt = 0;
    const char *key = s->pro ? "tasks" : "buildings";
    unsigned seen = 0;
    for (int k = 0; k < slots; k++) { /* in deal order */
        int card = s->pro ? s->tasks[k / 2].card[k % 2] : s->building[k];
        if (card == DUD_NONE)
            continue;
        if (dealt++ != k)
            return br_fail(err, "state.%s[%d]: dealt out of order", key, k / per);
        if (seen >> card & 1)
            return br_fail(err, "state.%s[%d]: card dealt twice", key, k / per);
        seen |= 1u << card;
    }
    bool all = dealt == slots;
    if (s->phase == DUD_PH_DEAL_TILES && dealt)
        return br_fail(err, "state: cards dealt before the tiles");
    if (s->phase > DUD_PH_DEAL_CARDS && !all)
        return br_fail(err, "state: play has begun before every card was dealt");
    if (s->phase == DUD_PH_DEAL_CARDS && all)
        return br_fail(err, "state.phase: every card is dealt, the deal is over");
    return true;
}

static bool check_choices(const dud *s, br_text *err)
{
    if (!s->pro)
        return true;
    bool some = false;
    for (int p = 0; p < s->num_players; p++)
        some |= s->tasks[p].choice != DUD_NONE;
    bool playing = s->phase >= DUD_PH_LAY && s->phase <= DUD_PH_JEIN;
    if (s->phase < DUD_PH_LAY && some)
        return br_fail(err, "state.choices: a task chosen during the deal");
    if (playing && dud_choices_complete(s) != dud_first_path_ended(s))
        return br_fail(err, "state.choices: the choice is made exactly when the first path has ended");
    if (playing && some && !dud_choices_complete(s))
        return br_fail(err, "state.choices: only some seats have chosen outside the choice");
    if (s->phase == DUD_PH_OVER && !dud_choices_complete(s))
        return br_fail(err, "state.choices: the game is over but not every seat has chosen");
    if (s->phase == DUD_PH_CHOOSE) {
        if (dud_choices_complete(s))
            return br_fail(err, "state.phase: every seat has chosen");
        for (int k = 1; k < s->num_players; k++) /* the choosers so far follow the turn order */
            if (s->tasks[(s->turn + k) % s->num_players].choice != DUD_NONE
                && s->tasks[(s->turn + k - 1) % s->num_players].choice == DUD_NONE)
                return br_fail(err, "state.choices: seats chose out of turn order");
    }
    return true;
}

/* The vote: ballots from the mover on in turn order (seats without cards
 * skipped), then the jein declarations in the same order. */
static bool check_vote(const dud *s, br_text *err)
{
    if ((s->pending == NO_LAY) == dud_voting(s))
        return br_fail(err, "state.pending: %s", dud_voting(s) ? "missing during a vote"
                                                               : "set outside a vote");
    if (s->jein_yes & ~s->jein_done)
        return br_fail(err, "state.jein (yes): yes from a seat that has not declared");
    if (!dud_voting(s) && (s->voted || s->jein_done))
        return br_fail(err, "state.ballots: ballots outside a vote");
    if (!dud_voting(s))
        return true;
    dud_lay l = dud_lay_of_move(s->pending);
    if (!(s->crew_in >> l.path & 1) || !s->hand[s->turn][dud_tile_type(dud_path_kind[l.path], l.shape)]
        || dud_toilets_covered(s, l.path, l.shape, l.dir) == 0)
        return br_fail(err, "state.pending: not a lay of the mover that covers a toilet");
    bool gap = false;
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->turn + k) % s->num_players;
        bool has = s->votes[q] != 0, v = s->voted >> q & 1;
        if ((v && (!has || gap)) || (s->phase == DUD_PH_JEIN && has && !v))
            return br_fail(err, "state.ballots[%d]: out of the voting order", q);
        gap |= has && !v;
        bool jein = s->ballot[q] & DUD_JEIN_BIT, done = s->jein_done >> q & 1;
        if (done && (!jein || s->phase != DUD_PH_JEIN))
            return br_fail(err, "state.jein[%d]: declared without a revealed jein card", q);
    }
    if (dud_actor(s) < 0)
        return br_fail(err, "state.phase: nobody is left to vote or declare");
    return true;
}

static bool check_turn(const dud *s, br_text *err)
{
    if (s->phase < DUD_PH_LAY && (s->turn != 0 || s->tiles_laid || s->last_vote.held))
        return br_fail(err, "state: tiles laid or votes held during the deal");
    if (s->phase == DUD_PH_LAY) {
        br_move moves[DUD_MAX_LEGAL];
        if (dud_legal_moves(s, moves) == 0)
            return br_fail(err, "state.turn: seat %d cannot lay any tile", s->turn);
    }
    return true;
}

static bool check_loaded(dud *s, br_text *err)
{
    int claimed_bridges = s->bridges_passed; /* tallies.bridges, which the replay counts */
    bool ok = replay_laid(s, err) && check_tallies(s, claimed_bridges, err) && check_last_vote(s, err)
              && check_rejected(s, err) && check_tile_census(s, err) && check_pool(s, err)
              && check_cards(s, err) && check_choices(s, err) && check_vote(s, err)
              && check_turn(s, err);
    if (ok && s->phase == DUD_PH_OVER)
        dud_decide_winners(s);
    return ok;
}


/* ------------------------------------------------------------------ */
/* Loading: the walker reads the members, the check above follows; the JSON
 * loader then compares the derived members the binary form does not carry
 * (crews, result) with what follows from the loaded state. */

br_status dud_from_json(void *st, const json_t *state, br_text *err)
{
    dud *s = st;
    br_fields_ctx c = ctx_of(s, BR_VIEW_FULL);
    bool ok = br_fields_read_json(table_of(s), &c, s, state, &ROOT, err) && check_loaded(s, err)
              && br_fields_check_derived(table_of(s), &c, s, state, &ROOT, err);
    return ok ? BR_OK : BR_ERR_SNAPSHOT;
}

br_status dud_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    dud *s = st;
    br_fields_ctx c = ctx_of(s, BR_VIEW_FULL);
    bool ok = br_fields_read_bytes(table_of(s), &c, s, r, &ROOT);
    if (ok && r->left > 0) {
        br_br_fail(r, "state: %zu bytes left over after the last field", r->left);
        ok = false;
    }
    return ok && check_loaded(s, err) ? BR_OK : BR_ERR_SNAPSHOT;
}
