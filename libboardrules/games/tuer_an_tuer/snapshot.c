/*
 * Tür an Tür's snapshot: the state as JSON text (doc/games/tuer-an-tuer.md,
 * "Snapshot and observation"), written straight into the caller's buffer, and
 * back from a jansson tree, every field and invariant checked on the way in.
 * The observation (views.c) is the same JSON as one seat sees it.
 *
 * The binary form is in bytes.c; what both loaders share (the card census,
 * the field checks both make and the invariants over the whole state) is
 * declared in snapshot.h.
 */
#include <stdio.h>
#include <string.h>

#include "snapshot.h"

/* ------------------------------------------------------------------ */
/* JSON text (snapshot and observation), written without a tree: the whole
 * value is put together in one local buffer and handed to the writer in one
 * piece (br_jw_raw). The text is what json_dumps(JSON_COMPACT) wrote for the
 * tree this replaced: the same members in the same order. */

/* Longest text: the door pile of 72 cards (5 bytes each), three lists of 20
 * elevator cards (10 bytes each at most), hands, board and the rest. */
enum { STATE_TEXT_MAX = 2048 };

#define PUT_LIT(b, n, lit) (memcpy((b) + (n), lit, sizeof lit - 1), (n) += sizeof lit - 1)

/* Quoted elevator type names and their lengths. */
static const char *const etype_quoted[ETYPES] = {
    "\"yellow\"", "\"green\"", "\"red\"", "\"blue\"", "\"cats\"", "\"doors\"", "\"low\"",
    "\"high\"", "\"colours\"", "\"pairs\"",
};
static const uint8_t etype_quoted_len[ETYPES] = {8, 7, 5, 6, 6, 7, 5, 6, 9, 7};

static size_t put_text(char *b, size_t n, const char *t)
{
    size_t k = strlen(t);
    memcpy(b + n, t, k);
    return n + k;
}

/* 0..255 in decimal. */
static size_t put_small(char *b, size_t n, unsigned v)
{
    if (v >= 100)
        b[n++] = (char)('0' + v / 100);
    if (v >= 10)
        b[n++] = (char)('0' + v / 10 % 10);
    b[n++] = (char)('0' + v % 10);
    return n;
}

/* Each card as a list item: quoted, then a comma ("R5",). */
static const char card_items[CARDS][5] = {
    {'"', 'Y', '1', '"', ','}, {'"', 'Y', '2', '"', ','}, {'"', 'Y', '3', '"', ','},
    {'"', 'Y', '4', '"', ','}, {'"', 'Y', '5', '"', ','}, {'"', 'Y', '6', '"', ','},
    {'"', 'Y', '7', '"', ','}, {'"', 'Y', '8', '"', ','}, {'"', 'Y', '9', '"', ','},
    {'"', 'G', '1', '"', ','}, {'"', 'G', '2', '"', ','}, {'"', 'G', '3', '"', ','},
    {'"', 'G', '4', '"', ','}, {'"', 'G', '5', '"', ','}, {'"', 'G', '6', '"', ','},
    {'"', 'G', '7', '"', ','}, {'"', 'G', '8', '"', ','}, {'"', 'G', '9', '"', ','},
    {'"', 'R', '1', '"', ','}, {'"', 'R', '2', '"', ','}, {'"', 'R', '3', '"', ','},
    {'"', 'R', '4', '"', ','}, {'"', 'R', '5', '"', ','}, {'"', 'R', '6', '"', ','},
    {'"', 'R', '7', '"', ','}, {'"', 'R', '8', '"', ','}, {'"', 'R', '9', '"', ','},
    {'"', 'B', '1', '"', ','}, {'"', 'B', '2', '"', ','}, {'"', 'B', '3', '"', ','},
    {'"', 'B', '4', '"', ','}, {'"', 'B', '5', '"', ','}, {'"', 'B', '6', '"', ','},
    {'"', 'B', '7', '"', ','}, {'"', 'B', '8', '"', ','}, {'"', 'B', '9', '"', ','},
};

static size_t put_card_quoted(char *b, size_t n, int c)
{
    memcpy(b + n, card_items[c], 4);
    return n + 4;
}

/* The cards of a set in card order, each copy once (R5 twice: "R5","R5"):
 * each item with its comma, the last comma then taken back. */
static size_t put_cards(char *b, size_t n, const cardset *set)
{
    b[n++] = '[';
    size_t start = n;
    for (uint64_t v = set->one; v; v &= v - 1) {
        int c = lowest_bit(v);
        memcpy(b + n, card_items[c], 5);
        n += 5;
        if (set->two >> c & 1) {
            memcpy(b + n, card_items[c], 5);
            n += 5;
        }
    }
    if (n > start)
        n--;
    b[n++] = ']';
    return n;
}

static size_t put_etypes(char *b, size_t n, const uint8_t *counts)
{
    b[n++] = '[';
    bool first = true;
    for (int t = 0; t < ETYPES; t++)
        for (int k = counts[t]; k > 0; k--) {
            if (!first)
                b[n++] = ',';
            first = false;
            memcpy(b + n, etype_quoted[t], etype_quoted_len[t]);
            n += etype_quoted_len[t];
        }
    b[n++] = ']';
    return n;
}

static size_t put_seat_cards(char *b, size_t n, const cardset *sets, int viewer)
{
    b[n++] = '[';
    for (int p = 0; p < SEATS; p++) {
        if (p)
            b[n++] = ',';
        n = sees(viewer, p) ? put_cards(b, n, &sets[p])
                            : put_small(b, n, (unsigned)cardset_size(&sets[p]));
    }
    b[n++] = ']';
    return n;
}

static size_t put_seat_etypes(char *b, size_t n, const uint8_t counts[SEATS][ETYPES], int viewer)
{
    b[n++] = '[';
    for (int p = 0; p < SEATS; p++) {
        if (p)
            b[n++] = ',';
        n = sees(viewer, p) ? put_etypes(b, n, counts[p])
                            : put_small(b, n, (unsigned)count_etypes(counts[p]));
    }
    b[n++] = ']';
    return n;
}

/* A figure's position as tat_put_position() writes it, quoted. */
static size_t put_position(char *b, size_t n, const tat *s, int p)
{
    int seg = s->seg[p];
    int x = segment_door(seg);
    b[n++] = '"';
    if (seg == SEG_START) {
        PUT_LIT(b, n, "start");
    } else if (seg == SEG_EXIT) {
        PUT_LIT(b, n, "exit");
    } else if (x < 0) {
        b[n++] = 'e';
        b[n++] = (char)('0' + FLOORS - (seg - 1) / 5);
    } else {
        b[n++] = (char)('a' + x % COLUMNS);
        b[n++] = (char)('0' + FLOORS - x / COLUMNS);
        if (s->board[x] == NONE) {
            b[n++] = ':';
            b[n++] = (char)('1' + s->cell[p]);
        }
    }
    b[n++] = '"';
    return n;
}

void tat_write_view(const void *st, int viewer, br_jw *w)
{
    const tat *s = st;
    char b[STATE_TEXT_MAX];
    size_t n = 0;
    bool full = viewer == BR_VIEW_FULL;
    PUT_LIT(b, n, "{\"phase\":\"");
    n = put_text(b, n, phase_names[s->phase]);
    PUT_LIT(b, n, "\",\"turn\":");
    n = put_small(b, n, s->turn);
    PUT_LIT(b, n, ",\"dealt\":");
    n = put_small(b, n, s->dealt);
    PUT_LIT(b, n, ",\"board\":[");
    for (int x = 0; x < DOORS; x++) {
        if (x)
            b[n++] = ',';
        if (s->board[x] == NONE)
            PUT_LIT(b, n, "null");
        else
            n = put_card_quoted(b, n, s->board[x]);
    }
    PUT_LIT(b, n, "],\"elevators\":[");
    for (int f = 0; f < FLOORS; f++) {
        if (f)
            b[n++] = ',';
        if (s->elevators[f] == NONE) {
            PUT_LIT(b, n, "null");
        } else {
            memcpy(b + n, etype_quoted[s->elevators[f]], etype_quoted_len[s->elevators[f]]);
            n += etype_quoted_len[s->elevators[f]];
        }
    }
    PUT_LIT(b, n, "],\"figures\":[");
    n = put_position(b, n, s, 0);
    b[n++] = ',';
    n = put_position(b, n, s, 1);
    PUT_LIT(b, n, "],\"hands\":");
    n = put_seat_cards(b, n, s->hand, viewer);
    PUT_LIT(b, n, ",\"elevator_hands\":");
    n = put_seat_etypes(b, n, s->ehand, viewer);
    PUT_LIT(b, n, ",\"exchanged\":");
    n = put_seat_cards(b, n, s->exchanged, viewer);
    PUT_LIT(b, n, ",\"exchange_draws\":");
    n = put_small(b, n, s->exchange_draws);
    PUT_LIT(b, n, ",\"door_pile\":");
    n = full ? put_cards(b, n, &s->pile) : put_small(b, n, (unsigned)cardset_size(&s->pile));
    PUT_LIT(b, n, ",\"elevator_pile\":");
    n = full ? put_etypes(b, n, s->epile) : put_small(b, n, (unsigned)epile_size(s));
    PUT_LIT(b, n, ",\"dropped\":");
    n = put_seat_etypes(b, n, s->dropped, viewer);
    PUT_LIT(b, n, ",\"replaced\":");
    n = put_etypes(b, n, s->replaced);
    PUT_LIT(b, n, ",\"steps\":");
    n = put_small(b, n, s->steps);
    if (s->source == SRC_ELEVATOR)
        PUT_LIT(b, n, ",\"source\":\"elevator\"");
    else
        PUT_LIT(b, n, ",\"source\":\"door\"");
    if (s->stopped)
        PUT_LIT(b, n, ",\"stopped\":true,\"cat_wait\":[\"");
    else
        PUT_LIT(b, n, ",\"stopped\":false,\"cat_wait\":[\"");
    n = put_text(b, n, cat_wait_names[s->cat_wait[0]]);
    PUT_LIT(b, n, "\",\"");
    n = put_text(b, n, cat_wait_names[s->cat_wait[1]]);
    PUT_LIT(b, n, "\"],\"last_score\":{");
    for (int i = 0; i < SC_FIELDS; i++) {
        if (i)
            b[n++] = ',';
        b[n++] = '"';
        n = put_text(b, n, score_names[i]);
        b[n++] = '"';
        b[n++] = ':';
        n = put_small(b, n, s->last[i]);
    }
    if (s->has_final) {
        PUT_LIT(b, n, "},\"final\":{\"steps\":");
        n = put_small(b, n, s->final_steps);
        PUT_LIT(b, n, ",\"needed\":[");
        n = put_small(b, n, s->final_needed[0]);
        b[n++] = ',';
        n = put_small(b, n, s->final_needed[1]);
        PUT_LIT(b, n, "]},\"winners\":[");
    } else {
        PUT_LIT(b, n, "},\"final\":null,\"winners\":[");
    }
    for (int p = 0; p < SEATS; p++) {
        if (p)
            b[n++] = ',';
        if (s->winners[p])
            PUT_LIT(b, n, "true");
        else
            PUT_LIT(b, n, "false");
    }
    b[n++] = ']';
    if (!full) {
        PUT_LIT(b, n, ",\"seat\":");
        if (viewer < 0)
            PUT_LIT(b, n, "-1");
        else
            n = put_small(b, n, (unsigned)viewer);
    }
    b[n++] = '}';
    br_jw_raw(w, b, n);
}

/* ------------------------------------------------------------------ */
/* JSON input: every field checked, then the invariants */


static bool read_card(const json_t *v, int *out, const char *path, br_text *err)
{
    if (!json_is_string(v))
        return br_fail(err, "%s: not a card text", path);
    *out = tat_parse_card(json_string_value(v));
    if (*out < 0 || strlen(json_string_value(v)) != 2 || json_string_value(v)[0] !=
                                                             colour_letters[card_colour(*out)])
        return br_fail(err, "%s: '%s' is not a door card (Y1..B9)", path, json_string_value(v));
    return true;
}

/* An array member of `obj` (or the value itself when key is NULL) with
 * at most `max` entries. */
static const json_t *read_array(const json_t *v, size_t max, const char *path, br_text *err)
{
    if (!json_is_array(v)) {
        br_fail(err, "%s: not an array", path);
        return NULL;
    }
    if (json_array_size(v) > max) {
        br_fail(err, "%s: has %zu entries, at most %zu allowed", path, json_array_size(v), max);
        return NULL;
    }
    return v;
}

/* The names of enum place (snapshot.h) in the census's reasons. */
static const char *const place_names[] = {
    "nowhere", "board", "hands[0]", "hands[1]", "exchanged[0]", "exchanged[1]", "door_pile",
};

/* Counts one more copy of card c, found at `path`; a third copy is an error
 * that names where the other two are. */
bool tat_snap_census_add(card_census *census, int c, enum place place, const char *path,
                         br_text *err)
{
    if (census->found[c] == DOOR_COPIES) {
        char name[4];
        br_text t = br_text_over(name, sizeof name);
        tat_put_card(&t, c);
        return br_fail(err, "%s: card %s: a third copy (there are 2 of each card; the others "
                            "are in %s and %s)", path, name, place_names[census->where[c][0]],
                        place_names[census->where[c][1]]);
    }
    census->where[c][census->found[c]++] = (uint8_t)place;
    return true;
}

/* Every card found exactly twice (both loaders, after the last set). */
bool tat_snap_check_census_complete(const card_census *census, br_text *err)
{
    for (int c = 0; c < CARDS; c++) {
        if (census->found[c] != DOOR_COPIES) {
            char name[4];
            br_text t = br_text_over(name, sizeof name);
            tat_put_card(&t, c);
            return br_fail(err, "state.door_pile: card %s: %d of its 2 copies found (board, "
                             "hands, exchanged and pile)", name, census->found[c]);
        }
    }
    return true;
}

static bool read_card_set(const json_t *v, size_t max, cardset *set, card_census *census,
                          enum place place, const char *path, br_text *err)
{
    if (!read_array(v, max, path, err))
        return false;
    set->one = set->two = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        char item[64];
        snprintf(item, sizeof item, "%s[%zu]", path, i);
        int c;
        if (!read_card(json_array_get(v, i), &c, item, err) ||
            !tat_snap_census_add(census, c, place, item, err))
            return false;
        cardset_add(set, c);
    }
    return true;
}

static bool read_etype_list(const json_t *v, size_t max, uint8_t *counts, const char *path,
                            br_text *err)
{
    if (!read_array(v, max, path, err))
        return false;
    memset(counts, 0, ETYPES);
    for (size_t i = 0; i < json_array_size(v); i++) {
        char item[64];
        snprintf(item, sizeof item, "%s[%zu]", path, i);
        int t;
        if (!br_json_name(json_array_get(v, i), etype_names, ETYPES, &t, item, err))
            return false;
        counts[t]++;
    }
    return true;
}

static const json_t *read_pair(const json_t *obj, const char *key, br_text *err)
{
    const json_t *v = br_json_member(obj, key, "state", err);
    if (!v)
        return NULL;
    if (!json_is_array(v) || json_array_size(v) != SEATS) {
        br_fail(err, "state.%s: expected an array of 2 entries", key);
        return NULL;
    }
    return v;
}

static bool read_board(tat *s, const json_t *obj, card_census *census, br_text *err)
{
    const json_t *v = br_json_member(obj, "board", "state", err);
    if (!v)
        return false;
    if (!json_is_array(v) || json_array_size(v) != DOORS)
        return br_fail(err, "state.board: expected an array of 16 entries");
    for (int x = 0; x < DOORS; x++) {
        const json_t *e = json_array_get(v, (size_t)x);
        char path[32];
        snprintf(path, sizeof path, "state.board[%d]", x);
        s->board[x] = NONE;
        if (json_is_null(e))
            continue;
        int c;
        if (!read_card(e, &c, path, err) || !tat_snap_census_add(census, c, AT_BOARD, path, err))
            return false;
        s->board[x] = (uint8_t)c;
    }
    return true;
}

static bool read_elevators(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = br_json_member(obj, "elevators", "state", err);
    if (!v)
        return false;
    if (!json_is_array(v) || json_array_size(v) != FLOORS)
        return br_fail(err, "state.elevators: expected an array of 4 entries");
    for (int f = 0; f < FLOORS; f++) {
        const json_t *e = json_array_get(v, (size_t)f);
        char path[32];
        snprintf(path, sizeof path, "state.elevators[%d]", f);
        s->elevators[f] = NONE;
        int t;
        if (json_is_null(e))
            continue;
        if (!br_json_name(e, etype_names, ETYPES, &t, path, err))
            return false;
        s->elevators[f] = (uint8_t)t;
    }
    return true;
}

/* A position text; the board must already be loaded (cells depend on it). */
static bool read_position(tat *s, int p, const json_t *v, br_text *err)
{
    char path[32];
    snprintf(path, sizeof path, "state.figures[%d]", p);
    if (!json_is_string(v))
        return br_fail(err, "%s: not a position text", path);
    const char *t = json_string_value(v);
    s->cell[p] = 0;
    if (strcmp(t, "start") == 0) {
        s->seg[p] = SEG_START;
        return true;
    }
    if (strcmp(t, "exit") == 0) {
        s->seg[p] = SEG_EXIT;
        return true;
    }
    char field[3] = {t[0], t[0] ? t[1] : '\0', '\0'};
    int f = t[0] && t[1] && t[0] >= 'a' && t[0] <= 'e' ? tat_parse_field(field) : -1;
    if (f < 0)
        return br_fail(err, "%s: '%s' is not a position (start, a4, a4:1..a4:3, e4, exit)", path, t);
    if (f >= DOORS) {
        if (t[2])
            return br_fail(err, "%s: '%s': an elevator field has no cells", path, t);
        s->seg[p] = (uint8_t)elevator_segment(f - DOORS);
        return true;
    }
    s->seg[p] = (uint8_t)door_segment(f);
    bool empty = s->board[f] == NONE;
    if (!t[2])
        return empty ? br_fail(err, "%s: '%s': the door field is empty, name its cell "
                                 "(e.g. '%s:1')", path, t, field)
                     : true;
    if (t[2] != ':' || t[3] < '1' || t[3] > '3' || t[4])
        return br_fail(err, "%s: '%s' is not a position (cells are :1..:3)", path, t);
    if (!empty)
        return br_fail(err, "%s: '%s': the door field holds a card, so it has no cells", path, t);
    s->cell[p] = (uint8_t)(t[3] - '1');
    return true;
}

static bool read_figures(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = read_pair(obj, "figures", err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++)
        if (!read_position(s, p, json_array_get(v, (size_t)p), err))
            return false;
    return true;
}

static bool read_seat_cards(const json_t *obj, const char *key, size_t max, cardset *sets,
                            card_census *census, enum place first, br_text *err)
{
    const json_t *v = read_pair(obj, key, err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        char path[40];
        snprintf(path, sizeof path, "state.%s[%d]", key, p);
        if (!read_card_set(json_array_get(v, (size_t)p), max, &sets[p], census,
                           (enum place)(first + p), path, err))
            return false;
    }
    return true;
}

static bool read_seat_etypes(const json_t *obj, const char *key, size_t max,
                             uint8_t counts[SEATS][ETYPES], br_text *err)
{
    const json_t *v = read_pair(obj, key, err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        char path[40];
        snprintf(path, sizeof path, "state.%s[%d]", key, p);
        if (!read_etype_list(json_array_get(v, (size_t)p), max, counts[p], path, err))
            return false;
    }
    return true;
}

static bool read_small_int(const json_t *obj, const char *key, long long max, uint8_t *out,
                           br_text *err)
{
    long long v;
    if (!br_json_int(obj, key, 0, max, &v, "state", err))
        return false;
    *out = (uint8_t)v;
    return true;
}

static bool read_flag(const json_t *obj, const char *key, uint8_t *out, br_text *err)
{
    bool v;
    if (!br_json_bool(obj, key, &v, "state", err))
        return false;
    *out = v;
    return true;
}

/* The last score's total is the sum of its parts (both loaders). */
bool tat_snap_check_last_total(const tat *s, br_text *err)
{
    int total = 0;
    for (int i = 0; i < SC_TOTAL; i++)
        total += s->last[i];
    if (total != s->last[SC_TOTAL])
        return br_fail(err, "state.last_score.total: %d is not the sum of the parts (%d)",
                    s->last[SC_TOTAL], total);
    return true;
}

static bool read_last_score(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = br_json_member(obj, "last_score", "state", err);
    if (!v)
        return false;
    if (!json_is_object(v))
        return br_fail(err, "state.last_score: not an object");
    for (int i = 0; i < SC_FIELDS; i++) {
        long long x;
        if (!br_json_int(v, score_names[i], 0, i == SC_TOTAL ? 255 : 10, &x, "state.last_score",
                         err))
            return false;
        s->last[i] = (uint8_t)x;
    }
    return tat_snap_check_last_total(s, err);
}

static bool read_final(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = br_json_member(obj, "final", "state", err);
    if (!v)
        return false;
    s->has_final = 0;
    s->final_steps = 0;
    s->final_needed[0] = s->final_needed[1] = 0;
    if (json_is_null(v))
        return true;
    if (!json_is_object(v))
        return br_fail(err, "state.final: neither null nor an object");
    long long x;
    if (!br_json_int(v, "steps", 0, 255, &x, "state.final", err))
        return false;
    s->final_steps = (uint8_t)x;
    const json_t *needed = br_json_array(v, "needed", SEATS, "state.final", err);
    if (!needed)
        return false;
    for (int p = 0; p < SEATS; p++) {
        if (!br_json_array_int(needed, (size_t)p, 1, SEG_EXIT, &x, "state.final.needed", err))
            return false;
        s->final_needed[p] = (uint8_t)x;
    }
    s->has_final = 1;
    return true;
}

/* A waiting cat needs the figure on a door field holding a cat card (both
 * loaders; the board and the figures are loaded first). */
bool tat_snap_check_cat_wait(const tat *s, int p, const char *path, br_text *err)
{
    int w = s->cat_wait[p];
    int x = segment_door(s->seg[p]);
    if (w != CAT_NONE && (x < 0 || s->board[x] == NONE || !card_has_cat(s->board[x])))
        return br_fail(err, "%s: '%s', but figure %d does not stand on a cat card", path,
                       cat_wait_names[w], p);
    return true;
}

static bool read_cat_waits(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = read_pair(obj, "cat_wait", err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        char path[32];
        snprintf(path, sizeof path, "state.cat_wait[%d]", p);
        int w;
        if (!br_json_name(json_array_get(v, (size_t)p), cat_wait_names, CAT_WAITS, &w, path,
                          err))
            return false;
        s->cat_wait[p] = (uint8_t)w;
        if (!tat_snap_check_cat_wait(s, p, path, err))
            return false;
    }
    return true;
}

static bool read_winners(tat *s, const json_t *obj, br_text *err)
{
    const json_t *v = read_pair(obj, "winners", err);
    if (!v)
        return false;
    for (int p = 0; p < SEATS; p++) {
        const json_t *e = json_array_get(v, (size_t)p);
        if (!json_is_boolean(e))
            return br_fail(err, "state.winners[%d]: not true or false", p);
        s->winners[p] = json_is_true(e);
    }
    return true;
}

static const char *const state_keys[] = {
    "phase", "turn", "dealt", "board", "elevators", "figures", "hands", "elevator_hands",
    "exchanged", "exchange_draws", "door_pile", "elevator_pile", "dropped", "replaced",
    "steps", "source", "stopped", "cat_wait", "last_score", "final", "winners",
};

/* A snapshot with a key this version does not write is not one of ours. */
static bool only_known_keys(const json_t *o, br_text *err)
{
    const char *key =
        br_json_unknown_key(o, state_keys, sizeof state_keys / sizeof state_keys[0]);
    return key ? br_fail(err, "state.%s: unknown field", key) : true;
}

static bool read_fields(tat *s, const json_t *o, br_text *err)
{
    card_census census;
    memset(&census, 0, sizeof census);
    int phase, source;
    const json_t *v;
    if (!only_known_keys(o, err))
        return false;
    if (!(v = br_json_member(o, "phase", "state", err)) ||
        !br_json_name(v, phase_names, PHASES, &phase, "state.phase", err))
        return false;
    s->phase = (uint8_t)phase;
    if (!read_small_int(o, "turn", 1, &s->turn, err) ||
        !read_small_int(o, "dealt", SEATS * HAND, &s->dealt, err) ||
        !read_board(s, o, &census, err) || !read_elevators(s, o, err) ||
        !read_figures(s, o, err) ||
        !read_seat_cards(o, "hands", HAND, s->hand, &census, AT_HAND0, err) ||
        !read_seat_etypes(o, "elevator_hands", EHAND + 1, s->ehand, err) ||
        !read_seat_cards(o, "exchanged", MAX_EXCHANGE, s->exchanged, &census, AT_EXCHANGED0,
                         err) ||
        !read_small_int(o, "exchange_draws", MAX_EXCHANGE, &s->exchange_draws, err))
        return false;
    if (!(v = br_json_member(o, "door_pile", "state", err)) ||
        !read_card_set(v, CARDS * DOOR_COPIES, &s->pile, &census, AT_PILE, "state.door_pile",
                       err))
        return false;
    if (!(v = br_json_member(o, "elevator_pile", "state", err)) ||
        !read_etype_list(v, ETYPES * ECOPIES, s->epile, "state.elevator_pile", err))
        return false;
    if (!read_seat_etypes(o, "dropped", ETYPES * ECOPIES, s->dropped, err))
        return false;
    if (!(v = br_json_member(o, "replaced", "state", err)) ||
        !read_etype_list(v, ETYPES * ECOPIES, s->replaced, "state.replaced", err))
        return false;
    if (!read_small_int(o, "steps", 255, &s->steps, err))
        return false;
    static const char *const source_names[] = {"door", "elevator"};
    if (!(v = br_json_member(o, "source", "state", err)) ||
        !br_json_name(v, source_names, 2, &source, "state.source", err))
        return false;
    s->source = (uint8_t)source;
    if (!read_flag(o, "stopped", &s->stopped, err) || !read_cat_waits(s, o, err) ||
        !read_last_score(s, o, err) ||
        !read_final(s, o, err) || !read_winners(s, o, err))
        return false;
    return tat_snap_check_census_complete(&census, err);
}

static bool check_elevator_census(const tat *s, br_text *err)
{
    for (int t = 0; t < ETYPES; t++) {
        int n = s->epile[t] + s->replaced[t];
        for (int p = 0; p < SEATS; p++)
            n += s->ehand[p][t] + s->dropped[p][t];
        for (int f = 0; f < FLOORS; f++)
            n += s->elevators[f] == t;
        if (n != ECOPIES)
            return br_fail(err, "state.elevator_pile: elevator card '%s' appears %d times in all, "
                             "expected %d", etype_names[t], n, ECOPIES);
    }
    return true;
}

static bool setup_phase(int phase)
{
    return phase <= PH_ELEVATOR_DEAL;
}

static bool board_empty(const tat *s)
{
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] != NONE)
            return false;
    for (int f = 0; f < FLOORS; f++)
        if (s->elevators[f] != NONE)
            return false;
    return true;
}

/* Hand sizes during the setup follow from the phase and the seat. */
static bool check_setup(const tat *s, br_text *err)
{
    int h0 = cardset_size(&s->hand[0]), h1 = cardset_size(&s->hand[1]);
    int x0 = cardset_size(&s->exchanged[0]), x1 = cardset_size(&s->exchanged[1]);
    if (!board_empty(s))
        return br_fail(err, "state.board: cards on the board during the setup");
    if (s->seg[0] != SEG_START || s->seg[1] != SEG_START)
        return br_fail(err, "state.figures: figures must be on the start field during the setup");
    if (count_etypes(s->dropped[0]) + count_etypes(s->dropped[1]) + count_etypes(s->replaced))
        return br_fail(err, "state.dropped: no elevator card can be discarded during the setup");
    if (s->phase == PH_DEAL) {
        if (s->dealt >= SEATS * HAND || h0 != (s->dealt + 1) / 2 || h1 != s->dealt / 2 ||
            s->turn != s->dealt % 2)
            return br_fail(err, "state.hands: %d and %d cards do not fit %d dealt (seat %d next)",
                        h0, h1, s->dealt, s->turn);
        if (x0 || x1)
            return br_fail(err, "state.exchanged: no exchange before the deal is over");
    } else if (s->dealt != SEATS * HAND) {
        return br_fail(err, "state.dealt: %d, but the deal is over", s->dealt);
    }
    int e0 = ehand_size(s, 0), e1 = ehand_size(s, 1);
    if (s->phase != PH_ELEVATOR_DEAL && (e0 || e1))
        return br_fail(err, "state.elevator_hands: elevator cards are dealt after the exchange");
    if (s->phase == PH_EXCHANGE || s->phase == PH_EXCHANGE_DRAW) {
        int p = s->turn;
        int missing = s->phase == PH_EXCHANGE ? cardset_size(&s->exchanged[p]) : s->exchange_draws;
        int held = cardset_size(&s->hand[p]) + missing;
        if (held != HAND || (p == 1 && h0 != HAND) || (p == 0 && (h1 != HAND || x1)))
            return br_fail(err, "state.hands: sizes do not fit the exchange of seat %d", p);
        if (s->phase == PH_EXCHANGE && cardset_size(&s->exchanged[p]) >= MAX_EXCHANGE)
            return br_fail(err, "state.exchanged[%d]: the exchange ends after 3 cards", p);
        if (s->phase == PH_EXCHANGE_DRAW &&
            (s->exchange_draws == 0 || s->exchange_draws > cardset_size(&s->exchanged[p])))
            return br_fail(err, "state.exchange_draws: %d does not fit %d exchanged cards",
                        s->exchange_draws, cardset_size(&s->exchanged[p]));
    }
    if (s->phase == PH_ELEVATOR_DEAL) {
        if (h0 != HAND || h1 != HAND)
            return br_fail(err, "state.hands: both seats hold 5 door cards after the exchange");
        int k = e0 + e1;
        if (k >= SEATS * EHAND || e0 != (k + 1) / 2 || e1 != k / 2 || s->turn != k % 2)
            return br_fail(err, "state.elevator_hands: %d and %d cards do not fit the deal", e0, e1);
    }
    if (s->phase != PH_EXCHANGE_DRAW && s->exchange_draws)
        return br_fail(err, "state.exchange_draws: non-zero outside the phase 'exchange-draw'");
    if (s->steps || s->stopped || s->source != SRC_DOOR || s->last[SC_TOTAL])
        return br_fail(err, "state.steps: steps, stopped, source and last_score must be at their "
                         "start values during the setup");
    return true;
}

/* Door hand size of the mover: 4 between a placement and its draw. */
static int expected_mover_hand(const tat *s)
{
    switch (s->phase) {
    case PH_TURN:
    case PH_DOOR:
        return HAND;
    case PH_DOOR_DRAW:
        return HAND - 1;
    default:
        return s->source == SRC_DOOR ? HAND - 1 : HAND;
    }
}

static bool check_play_phase(const tat *s, br_text *err)
{
    int p = s->turn, o = p ^ 1;
    if (s->dealt != SEATS * HAND || s->exchange_draws)
        return br_fail(err, "state.dealt: the setup must be complete in phase '%s'",
                    phase_names[s->phase]);
    if (cardset_size(&s->hand[o]) != HAND)
        return br_fail(err, "state.hands[%d]: %d cards, expected 5", o, cardset_size(&s->hand[o]));
    int mover = expected_mover_hand(s);
    int held = cardset_size(&s->hand[p]);
    if (s->phase == PH_OVER ? held < HAND - 1 : held != mover)
        return br_fail(err, "state.hands[%d]: %d cards do not fit phase '%s'", p, held,
                    phase_names[s->phase]);
    if (ehand_size(s, o) > EHAND)
        return br_fail(err, "state.elevator_hands[%d]: more than 2 cards", o);
    if ((ehand_size(s, p) > EHAND) != (s->phase == PH_ELEVATOR_DROP))
        return br_fail(err, "state.elevator_hands[%d]: 3 cards only while one is to be dropped", p);
    if (s->phase != PH_CAT && s->steps)
        return br_fail(err, "state.steps: pending steps only in phase 'cat'");
    if (s->phase == PH_TURN && (s->stopped || s->source != SRC_DOOR))
        return br_fail(err, "state.stopped: a turn starts with stopped false and source 'door'");
    if (s->phase == PH_TURN && (s->cat_wait[0] == CAT_LATER || s->cat_wait[1] == CAT_LATER))
        return br_fail(err, "state.cat_wait: 'later' ends with the turn it was set in");
    if (s->phase == PH_DOOR && s->source != SRC_ELEVATOR)
        return br_fail(err, "state.source: phase 'door' follows an elevator card");
    if (s->phase == PH_DOOR_DRAW && s->source != SRC_DOOR)
        return br_fail(err, "state.source: phase 'door-draw' follows a door card");
    if (s->stopped && !segment_is_elevator(s->seg[p]))
        return br_fail(err, "state.stopped: the mover's figure is not on an elevator field");
    if (s->phase != PH_OVER && board_full(s) && s->phase != PH_CAT &&
        s->phase != PH_ELEVATOR_DRAW && s->phase != PH_ELEVATOR_DROP)
        return br_fail(err, "state.board: the board is full, the game should be over");
    return true;
}

static bool check_pending(const tat *s, br_text *err)
{
    int p = s->turn;
    int seg = s->seg[p];
    if (s->phase == PH_CAT) {
        int x = segment_door(seg);
        if (x < 0 || s->board[x] == NONE || !card_has_cat(s->board[x]) ||
            tat_cat_target(s, seg, card_colour(s->board[x])) < 0)
            return br_fail(err, "state.figures[%d]: a cat decision needs the figure on a cat card "
                             "with a door of its colour ahead", p);
    }
    if (s->phase == PH_ELEVATOR_DRAW && (!s->stopped || !epile_size(s)))
        return br_fail(err, "state.stopped: an elevator draw needs the figure stopped on an "
                         "elevator field and a card in the pile");
    if (s->phase == PH_DOOR_DRAW && cardset_empty(&s->pile))
        return br_fail(err, "state.door_pile: empty, but a door card is to be drawn");
    return true;
}

static bool check_end(const tat *s, br_text *err)
{
    bool over = s->phase == PH_OVER;
    for (int p = 0; p < SEATS; p++) {
        if (!over && (s->winners[p] || s->seg[p] == SEG_EXIT))
            return br_fail(err, "state.winners[%d]: a winner or a figure at the exit, but the "
                             "game is not over", p);
    }
    if (!over && s->has_final)
        return br_fail(err, "state.final: set, but the game is not over");
    if (!over)
        return true;
    if (s->has_final) {
        if (!board_full(s))
            return br_fail(err, "state.final: a final scoring needs a full board");
        for (int p = 0; p < SEATS; p++) {
            bool out = s->final_steps >= s->final_needed[p];
            int q = p ^ 1;
            bool wins = out && (s->final_steps < s->final_needed[q] ||
                                s->final_needed[p] <= s->final_needed[q]);
            if (s->winners[p] != wins)
                return br_fail(err, "state.winners[%d]: does not follow from state.final", p);
            if (out != (s->seg[p] == SEG_EXIT))
                return br_fail(err, "state.figures[%d]: does not follow from state.final", p);
        }
        return true;
    }
    int p = s->turn;
    if (s->seg[p] != SEG_EXIT || !s->winners[p] || s->winners[p ^ 1] || s->seg[p ^ 1] == SEG_EXIT)
        return br_fail(err, "state.winners: the game ended without a final scoring, so exactly "
                         "seat %d (which moved last) must be at the exit and win", p);
    return true;
}

/* The checks over the whole loaded state, the same for both loaders. */
bool tat_snap_check_invariants(const tat *s, br_text *err)
{
    if (!check_elevator_census(s, err))
        return false;
    bool ok = setup_phase(s->phase) ? check_setup(s, err)
                                    : check_play_phase(s, err) && check_pending(s, err);
    return ok && check_end(s, err);
}

br_status tat_from_json(void *st, const json_t *state, br_text *err)
{
    tat *s = st;
    tat loaded;
    memset(&loaded, 0, sizeof loaded);
    loaded.run4 = s->run4; /* the options, already set by init() */
    loaded.different4 = s->different4;
    if (!read_fields(&loaded, state, err) || !tat_snap_check_invariants(&loaded, err))
        return BR_ERR_SNAPSHOT;
    *s = loaded;
    return BR_OK;
}
