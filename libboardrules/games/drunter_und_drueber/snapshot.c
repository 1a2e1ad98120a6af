/*
 * Drunter & Drüber: the state as JSON (snapshot and, with hidden parts
 * masked, observation) and the loader that checks every field and invariant.
 *
 * The board is not stored: "laid" lists the tiles in the order they were
 * laid, and the loader lays them again, which checks that each one fitted
 * and that its crew was still on the board, and rebuilds the crews.
 */
#include <stdio.h>
#include <string.h>

#include "drunter_und_drueber.h"

enum { VIEW_FULL = -2, ALL_CREWS = (1 << DUD_PATHS) - 1 };

/* ------------------------------------------------------------------ */
/* Writing */

static json_t *text_json(br_json_builder *b, void (*put)(br_text *, int), int value)
{
    char buf[32];
    br_text t = br_text_over(buf, sizeof buf);
    put(&t, value);
    return br_jb_add(b, json_string(buf));
}

static void put_tile_name(br_text *t, int type) { dud_put_tile(t, type); }
static void put_square_name(br_text *t, int sq) { dud_put_square(t, sq); }

static dud_lay lay_of_move(br_move m)
{
    return (dud_lay){(uint8_t)(m / (DUD_SHAPES * DUD_DIRS)), (uint8_t)(m / DUD_DIRS % DUD_SHAPES),
                     (uint8_t)(m % DUD_DIRS)};
}

static json_t *lay_json(br_json_builder *b, dud_lay lay)
{
    char buf[32];
    br_text t = br_text_over(buf, sizeof buf);
    dud_put_lay(&t, lay);
    return br_jb_add(b, json_string(buf));
}

static json_t *tiles_json(br_json_builder *b, const uint8_t *counts)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        for (int i = 0; i < counts[t]; i++)
            br_jb_append(b, arr, text_json(b, put_tile_name, t));
    return arr;
}

static json_t *votes_json(br_json_builder *b, unsigned cards)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (cards >> c & 1)
            br_jb_append(b, arr, br_jb_add(b, json_string(dud_vote_names[c])));
    return arr;
}

static bool sees(int viewer, int owner)
{
    return viewer == VIEW_FULL || viewer == owner;
}

static json_t *hidden(br_json_builder *b)
{
    return br_jb_add(b, json_string("hidden"));
}

static json_t *hands_json(br_json_builder *b, const dud *s, int viewer)
{
    json_t *arr = br_jb_add(b, json_array());
    bool face_down = s->phase == DUD_PH_DEAL_TILES;
    for (int p = 0; p < s->num_players; p++)
        br_jb_append(b, arr, !face_down || sees(viewer, p) ? tiles_json(b, s->hand[p])
                                                       : br_jb_add(b, json_integer(dud_hand_size(s, p))));
    return arr;
}

static json_t *cards_json(br_json_builder *b, const dud *s, int viewer)
{
    json_t *arr = br_jb_add(b, json_array());
    bool over = s->phase == DUD_PH_OVER;
    for (int p = 0; p < s->num_players; p++) {
        if (s->pro) {
            json_t *pair = br_jb_add(b, json_array());
            for (int i = 0; i < 2; i++)
                br_jb_append(b, pair, s->task[p][i] == DUD_NONE ? json_null()
                                : br_jb_add(b, json_string(dud_task_names[s->task[p][i]])));
            br_jb_append(b, arr, pair);
        } else if (s->building[p] == DUD_NONE) {
            br_jb_append(b, arr, json_null());
        } else {
            br_jb_append(b, arr, over || sees(viewer, p)
                               ? br_jb_add(b, json_string(dud_building_names[s->building[p]]))
                               : hidden(b));
        }
    }
    return arr;
}

static json_t *choices_json(br_json_builder *b, const dud *s, int viewer)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int p = 0; p < s->num_players; p++) {
        if (s->choice[p] == DUD_NONE)
            br_jb_append(b, arr, json_null());
        else if (s->phase == DUD_PH_OVER || sees(viewer, p))
            br_jb_append(b, arr, br_jb_add(b, json_integer(s->choice[p] + 1)));
        else
            br_jb_append(b, arr, hidden(b));
    }
    return arr;
}

static json_t *ballots_json(br_json_builder *b, const dud *s, int viewer)
{
    json_t *arr = br_jb_add(b, json_array());
    bool revealed = s->phase == DUD_PH_JEIN;
    for (int p = 0; p < s->num_players; p++) {
        if (!(s->voted >> p & 1))
            br_jb_append(b, arr, json_null());
        else if (revealed || sees(viewer, p))
            br_jb_append(b, arr, votes_json(b, s->ballot[p]));
        else
            br_jb_append(b, arr, hidden(b));
    }
    return arr;
}

static json_t *jein_json(br_json_builder *b, const dud *s)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int p = 0; p < s->num_players; p++)
        br_jb_append(b, arr, !(s->jein_done >> p & 1) ? json_null()
                       : br_jb_add(b, json_string(s->jein_yes >> p & 1 ? "yes" : "no")));
    return arr;
}

static json_t *seat_list_json(br_json_builder *b, unsigned mask, int n)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            br_jb_append(b, arr, br_jb_add(b, json_integer(p)));
    return arr;
}

static json_t *last_vote_json(br_json_builder *b, const dud *s)
{
    const dud_vote_result *v = &s->last_vote;
    if (!v->held)
        return json_null();
    json_t *o = br_jb_add(b, json_object());
    br_jb_set(b, o, "yes", br_jb_add(b, json_integer(v->yes)));
    br_jb_set(b, o, "no", br_jb_add(b, json_integer(v->no)));
    br_jb_set(b, o, "passed", br_jb_add(b, json_boolean(v->passed)));
    json_t *arr = br_jb_add(b, json_array());
    for (int p = 0; p < s->num_players; p++)
        br_jb_append(b, arr, votes_json(b, v->ballots[p]));
    br_jb_set(b, o, "ballots", arr);
    br_jb_set(b, o, "jein_yes", seat_list_json(b, v->jein_yes, s->num_players));
    return o;
}

static json_t *crews_json(br_json_builder *b, const dud *s)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int p = 0; p < DUD_PATHS; p++) {
        json_t *o = br_jb_add(b, json_object());
        br_jb_set(b, o, "path", br_jb_add(b, json_string(dud_path_names[p])));
        br_jb_set(b, o, "square", text_json(b, put_square_name, s->crew[p]));
        br_jb_set(b, o, "in", br_jb_add(b, json_boolean(s->crew_in >> p & 1)));
        br_jb_append(b, arr, o);
    }
    return arr;
}

static json_t *result_json(br_json_builder *b, const dud *s)
{
    if (s->phase != DUD_PH_OVER)
        return json_null();
    json_t *o = br_jb_add(b, json_object());
    json_t *points = br_jb_add(b, json_array()), *second = br_jb_add(b, json_array());
    json_t *left = br_jb_add(b, json_array());
    for (int p = 0; p < s->num_players; p++) {
        br_jb_append(b, points, br_jb_add(b, json_integer(dud_card_points(s, dud_scoring_card(s, p)))));
        if (s->pro)
            br_jb_append(b, second, br_jb_add(b, json_integer(
                                  dud_card_points(s, s->task[p][1 - s->choice[p]]))));
        br_jb_append(b, left, br_jb_add(b, json_integer(dud_popcount(s->votes[p]))));
    }
    br_jb_set(b, o, "points", points);
    if (s->pro)
        br_jb_set(b, o, "second_points", second);
    else
        json_decref(second);
    br_jb_set(b, o, "cards_left", left);
    br_jb_set(b, o, "winners", seat_list_json(b, s->winner_mask, s->num_players));
    return o;
}

/* The board as rows of text for observers: '.' free, the path's digit for a
 * piece, and its letter (A..D) for a bridge square. */
static json_t *board_rows_json(br_json_builder *b, const dud *s)
{
    json_t *arr = br_jb_add(b, json_array());
    for (int y = 0; y < DUD_SIDE; y++) {
        char row[DUD_SIDE + 1];
        for (int x = 0; x < DUD_SIDE; x++) {
            uint8_t piece = s->board[y * DUD_SIDE + x];
            int path = (piece & DUD_PIECE_PATH) - 1;
            row[x] = (char)(!piece ? '.' : piece & DUD_PIECE_BRIDGE ? 'A' + path : '0' + path);
        }
        row[DUD_SIDE] = '\0';
        br_jb_append(b, arr, br_jb_add(b, json_string(row)));
    }
    return arr;
}

static int pool_size(const dud *s)
{
    int n = 0;
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        n += s->pool[t];
    return n;
}

json_t *dud_state_json(const dud *s, int viewer)
{
    br_json_builder b = {true};
    json_t *o = json_object();
    if (!o)
        return NULL;
    bool full = viewer == VIEW_FULL;
    br_jb_set(&b, o, "phase", br_jb_add(&b, json_string(dud_phase_names[s->phase])));
    br_jb_set(&b, o, "turn", br_jb_add(&b, json_integer(s->turn)));
    json_t *laid = br_jb_add(&b, json_array());
    for (int i = 0; i < s->tiles_laid; i++)
        br_jb_append(&b, laid, lay_json(&b, s->laid[i]));
    br_jb_set(&b, o, "laid", laid);
    br_jb_set(&b, o, "crews", crews_json(&b, s));
    br_jb_set(&b, o, "hands", hands_json(&b, s, viewer));
    br_jb_set(&b, o, "pool", full ? tiles_json(&b, s->pool) : br_jb_add(&b, json_integer(pool_size(s))));
    br_jb_set(&b, o, s->pro ? "tasks" : "buildings", cards_json(&b, s, viewer));
    if (s->pro)
        br_jb_set(&b, o, "choices", choices_json(&b, s, viewer));
    br_jb_set(&b, o, "votes", br_jb_add(&b, json_array()));
    for (int p = 0; p < s->num_players; p++)
        br_jb_append(&b, json_object_get(o, "votes"), votes_json(&b, s->votes[p]));
    br_jb_set(&b, o, "ballots", ballots_json(&b, s, viewer));
    br_jb_set(&b, o, "jein", jein_json(&b, s));
    bool pending = s->phase == DUD_PH_VOTE || s->phase == DUD_PH_JEIN;
    br_jb_set(&b, o, "pending", pending ? lay_json(&b, s->pending) : json_null());
    br_jb_set(&b, o, "last_vote", last_vote_json(&b, s));
    json_t *rejected = br_jb_add(&b, json_array());
    for (br_move m = 0; m < DUD_MV_VOTE; m++)
        if (dud_rejected(s, m))
            br_jb_append(&b, rejected, lay_json(&b, lay_of_move(m)));
    br_jb_set(&b, o, "rejected", rejected);
    json_t *tallies = br_jb_add(&b, json_object());
    br_jb_set(&b, tallies, "votes", br_jb_add(&b, json_integer(s->votes_held)));
    br_jb_set(&b, tallies, "passed", br_jb_add(&b, json_integer(s->votes_passed)));
    br_jb_set(&b, tallies, "bridges", br_jb_add(&b, json_integer(s->bridges_passed)));
    br_jb_set(&b, o, "tallies", tallies);
    br_jb_set(&b, o, "result", result_json(&b, s));
    if (!full) {
        br_jb_set(&b, o, "board", board_rows_json(&b, s));
        br_jb_set(&b, o, "seat", br_jb_add(&b, json_integer(viewer)));
    }
    if (!b.ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *dud_to_json(const void *st)
{
    return dud_state_json(st, VIEW_FULL);
}

json_t *dud_observe(const void *st, int seat)
{
    return dud_state_json(st, seat < 0 ? -1 : seat);
}

/* ------------------------------------------------------------------ */
/* Reading: every field, then the invariants between them */


static const json_t *seat_array(const json_t *o, const char *key, int n, br_text *err)
{
    const json_t *v = br_json_member(o, key, "state", err);
    if (v && (!json_is_array(v) || json_array_size(v) != (size_t)n)) {
        br_fail(err, "state.%s: not an array of %d entries, one per seat", key, n);
        return NULL;
    }
    return v;
}

static bool read_lay(const json_t *v, dud_lay *out, const char *path, br_text *err)
{
    br_move m;
    char reason[160];
    br_text r = br_text_over(reason, sizeof reason);
    if (!json_is_string(v))
        return br_fail(err, "%s: not a lay text", path);
    if (dud_move_from_text(NULL, json_string_value(v), &m, &r) != BR_OK || m >= DUD_MV_VOTE)
        return br_fail(err, "%s: '%s' is not a lay (e.g. 'road 3b e')", path, json_string_value(v));
    *out = lay_of_move(m);
    return true;
}

static bool read_tiles(const json_t *v, uint8_t *counts, const char *path, br_text *err)
{
    if (!json_is_array(v) || json_array_size(v) > DUD_TILES)
        return br_fail(err, "%s: not an array of tile names", path);
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        int t = json_is_string(e) ? dud_parse_tile(json_string_value(e)) : -1;
        if (t < 0)
            return br_fail(err, "%s[%zu]: not a tile name (e.g. 'road3b')", path, i);
        counts[t]++;
    }
    return true;
}

static bool read_votes(const json_t *v, uint8_t *cards, const char *path, br_text *err)
{
    if (!json_is_array(v) || json_array_size(v) > DUD_VOTE_CARDS)
        return br_fail(err, "%s: not an array of vote cards", path);
    *cards = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        int c = json_is_string(e) ? dud_parse_vote_card(json_string_value(e)) : -1;
        if (c < 0)
            return br_fail(err, "%s[%zu]: not a vote card", path, i);
        if (*cards >> c & 1)
            return br_fail(err, "%s[%zu]: '%s' appears twice", path, i, dud_vote_names[c]);
        *cards |= (uint8_t)(1u << c);
    }
    return true;
}

static bool replay_laid(dud *s, const json_t *o, br_text *err)
{
    const json_t *laid = br_json_member(o, "laid", "state", err);
    if (!laid)
        return false;
    if (!json_is_array(laid) || json_array_size(laid) > DUD_TILES)
        return br_fail(err, "state.laid: not an array of at most %d lays", DUD_TILES);
    for (size_t i = 0; i < json_array_size(laid); i++) {
        char path[48];
        snprintf(path, sizeof path, "state.laid[%zu]", i);
        dud_lay lay;
        int first, step;
        if (!read_lay(json_array_get(laid, i), &lay, path, err))
            return false;
        if (!(s->crew_in >> lay.path & 1))
            return br_fail(err, "%s: the crew of the %s path had left the game", path,
                        dud_path_names[lay.path]);
        if (!dud_lay_squares(s, lay.path, lay.shape, lay.dir, &first, &step))
            return br_fail(err, "%s: the tile does not fit there", path);
        dud_place(s, lay);
        dud_update_crews(s);
    }
    return true;
}

static bool check_crews(const dud *s, const json_t *o, br_text *err)
{
    const json_t *crews = br_json_member(o, "crews", "state", err);
    if (!crews)
        return false;
    if (!json_is_array(crews) || json_array_size(crews) != DUD_PATHS)
        return br_fail(err, "state.crews: not an array of %d crews", DUD_PATHS);
    static const char *const keys[] = {"path", "square", "in"};
    for (int p = 0; p < DUD_PATHS; p++) {
        const json_t *c = json_array_get(crews, (size_t)p);
        char path[48], want[8];
        snprintf(path, sizeof path, "state.crews[%d]", p);
        br_text t = br_text_over(want, sizeof want);
        dud_put_square(&t, s->crew[p]);
        if (!json_is_object(c))
            return br_fail(err, "%s: not an object", path);
        const char *unknown = br_json_unknown_key(c, keys, 3);
        if (unknown)
            return br_fail(err, "%s.%s: not a member of a crew", path, unknown);
        const json_t *name = json_object_get(c, "path"), *sq = json_object_get(c, "square");
        bool in;
        if (!json_is_string(name) || strcmp(json_string_value(name), dud_path_names[p]) != 0)
            return br_fail(err, "%s.path: not '%s'", path, dud_path_names[p]);
        if (!json_is_string(sq) || strcmp(json_string_value(sq), want) != 0)
            return br_fail(err, "%s.square: the laid tiles end the %s path at %s", path,
                        dud_path_names[p], want);
        if (!br_json_bool(c, "in", &in, path, err))
            return false;
        if (in != (s->crew_in >> p & 1))
            return br_fail(err, "%s.in: the %s crew is %s after the laid tiles", path,
                        dud_path_names[p], s->crew_in >> p & 1 ? "in" : "out");
    }
    return true;
}

static bool read_hands(dud *s, const json_t *o, br_text *err)
{
    const json_t *hands = seat_array(o, "hands", s->num_players, err);
    if (!hands)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        char path[48];
        snprintf(path, sizeof path, "state.hands[%d]", p);
        if (!read_tiles(json_array_get(hands, (size_t)p), s->hand[p], path, err))
            return false;
    }
    memset(s->pool, 0, sizeof s->pool);
    const json_t *pool = br_json_member(o, "pool", "state", err);
    return pool && read_tiles(pool, s->pool, "state.pool", err);
}

static bool check_tile_census(const dud *s, br_text *err)
{
    int count[DUD_TILE_TYPES];
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        count[t] = s->pool[t];
        for (int p = 0; p < s->num_players; p++)
            count[t] += s->hand[p][t];
    }
    for (int i = 0; i < s->tiles_laid; i++)
        count[dud_tile_type(dud_path_kind[s->laid[i].path], s->laid[i].shape)]++;
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        if (count[t] != dud_tile_count[t]) {
            char name[16];
            br_text n = br_text_over(name, sizeof name);
            dud_put_tile(&n, t);
            return br_fail(err, "state: %d %s tiles in hands, pool and on the board; the set has %d",
                        count[t], name, dud_tile_count[t]);
        }
    }
    return true;
}

static bool read_buildings(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = seat_array(o, "buildings", s->num_players, err);
    if (!arr)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        char path[48];
        snprintf(path, sizeof path, "state.buildings[%d]", p);
        const json_t *v = json_array_get(arr, (size_t)p);
        int b;
        if (json_is_null(v))
            continue;
        if (!br_json_name(v, dud_building_names, DUD_BUILDING_TYPES, &b, path, err))
            return false;
        s->building[p] = (uint8_t)b;
    }
    return true;
}

static bool read_tasks(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = seat_array(o, "tasks", s->num_players, err);
    const json_t *choices = arr ? seat_array(o, "choices", s->num_players, err) : NULL;
    if (!choices)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        char path[48];
        const json_t *pair = json_array_get(arr, (size_t)p);
        if (!json_is_array(pair) || json_array_size(pair) != 2)
            return br_fail(err, "state.tasks[%d]: not a pair of task cards", p);
        for (int i = 0; i < 2; i++) {
            snprintf(path, sizeof path, "state.tasks[%d][%d]", p, i);
            const json_t *v = json_array_get(pair, (size_t)i);
            int t;
            if (json_is_null(v))
                continue;
            if (!br_json_name(v, dud_task_names, DUD_TASKS, &t, path, err))
                return false;
            s->task[p][i] = (uint8_t)t;
        }
        const json_t *c = json_array_get(choices, (size_t)p);
        if (json_is_null(c))
            continue;
        if (!json_is_integer(c) || json_integer_value(c) < 1 || json_integer_value(c) > 2)
            return br_fail(err, "state.choices[%d]: not 1, 2 or null", p);
        s->choice[p] = (uint8_t)(json_integer_value(c) - 1);
    }
    return true;
}

static bool read_ballots(dud *s, const json_t *o, br_text *err)
{
    const json_t *votes = seat_array(o, "votes", s->num_players, err);
    const json_t *ballots = votes ? seat_array(o, "ballots", s->num_players, err) : NULL;
    const json_t *jein = ballots ? seat_array(o, "jein", s->num_players, err) : NULL;
    if (!jein)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        char path[48];
        snprintf(path, sizeof path, "state.votes[%d]", p);
        if (!read_votes(json_array_get(votes, (size_t)p), &s->votes[p], path, err))
            return false;
        const json_t *b = json_array_get(ballots, (size_t)p);
        snprintf(path, sizeof path, "state.ballots[%d]", p);
        if (!json_is_null(b)) {
            if (!read_votes(b, &s->ballot[p], path, err))
                return false;
            if (s->ballot[p] & ~s->votes[p])
                return br_fail(err, "%s: plays a card the seat does not hold", path);
            s->voted |= (uint8_t)(1u << p);
        }
        const json_t *j = json_array_get(jein, (size_t)p);
        if (json_is_null(j))
            continue;
        int yes;
        snprintf(path, sizeof path, "state.jein[%d]", p);
        if (!br_json_name(j, (const char *const[]){"no", "yes"}, 2, &yes, path, err))
            return false;
        s->jein_done |= (uint8_t)(1u << p);
        s->jein_yes |= (uint8_t)(yes << p);
    }
    return true;
}

static bool read_last_vote(dud *s, const json_t *o, br_text *err)
{
    const json_t *v = br_json_member(o, "last_vote", "state", err);
    if (!v)
        return false;
    if (json_is_null(v))
        return true;
    dud_vote_result *r = &s->last_vote;
    long long yes, no;
    bool passed;
    const json_t *ballots, *jein;
    if (!br_json_int(v, "yes", 0, 255, &yes, "state.last_vote", err)
        || !br_json_int(v, "no", 0, 255, &no, "state.last_vote", err)
        || !br_json_bool(v, "passed", &passed, "state.last_vote", err)
        || !(ballots = br_json_array(v, "ballots", s->num_players, "state.last_vote", err))
        || !(jein = br_json_array(v, "jein_yes", -1, "state.last_vote", err)))
        return false;
    if (json_object_size(v) != 5)
        return br_fail(err, "state.last_vote: has members this version does not write");
    r->held = 1;
    for (int p = 0; p < s->num_players; p++) {
        char path[48];
        snprintf(path, sizeof path, "state.last_vote.ballots[%d]", p);
        if (!read_votes(json_array_get(ballots, (size_t)p), &r->ballots[p], path, err))
            return false;
        if (r->ballots[p] & s->votes[p])
            return br_fail(err, "%s: a card played there is still in the seat's hand", path);
    }
    for (size_t i = 0; i < json_array_size(jein); i++) {
        long long p;
        if (!br_json_array_int(jein, i, 0, s->num_players - 1, &p, "state.last_vote.jein_yes", err))
            return false;
        if (!(r->ballots[p] & DUD_JEIN_BIT))
            return br_fail(err, "state.last_vote.jein_yes[%zu]: seat %lld played no jein", i, p);
        r->jein_yes |= (uint8_t)(1u << p);
    }
    int want_yes = 0, want_no = 0;
    for (int p = 0; p < s->num_players; p++)
        for (int c = 0; c < DUD_VOTE_CARDS; c++)
            if (r->ballots[p] >> c & 1) {
                bool is_yes = c <= DUD_YES3 || (c == DUD_JEIN && (r->jein_yes >> p & 1));
                bool is_no = (c >= DUD_NO1 && c <= DUD_NO3) || (c == DUD_JEIN && !(r->jein_yes >> p & 1));
                want_yes += is_yes ? dud_vote_value[c] : 0;
                want_no += is_no ? dud_vote_value[c] : 0;
            }
    if (yes != want_yes || no != want_no || passed != (yes > no))
        return br_fail(err, "state.last_vote: the totals do not follow from the ballots (%d yes, "
                    "%d no)", want_yes, want_no);
    r->yes = (uint8_t)yes;
    r->no = (uint8_t)no;
    r->passed = passed;
    return true;
}

/* Lays voted down since the last tile: each still fits (nothing was laid
 * since) and covers a toilet, and a vote was held. */
static bool read_rejected(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = br_json_member(o, "rejected", "state", err);
    if (!arr)
        return false;
    if (!json_is_array(arr) || json_array_size(arr) > DUD_MV_VOTE)
        return br_fail(err, "state.rejected: not an array of lays");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char path[48];
        snprintf(path, sizeof path, "state.rejected[%zu]", i);
        dud_lay l;
        if (!read_lay(json_array_get(arr, i), &l, path, err))
            return false;
        br_move m = DUD_MV_LAY + (l.path * DUD_SHAPES + l.shape) * DUD_DIRS + l.dir;
        if (dud_rejected(s, m))
            return br_fail(err, "%s: listed twice", path);
        if (!(s->crew_in >> l.path & 1) || dud_toilets_covered(s, l.path, l.shape, l.dir) == 0
            || !s->last_vote.held || s->last_vote.passed)
            return br_fail(err, "%s: not a lay over a toilet that the last votes turned down", path);
        s->rejected[m / 8] |= (uint8_t)(1u << (m % 8));
    }
    return true;
}

/* The tallies: votes held and passed (not checkable beyond their order), and
 * the bridges passed, which the replay of the laid tiles has counted. */
static bool read_tallies(dud *s, const json_t *o, br_text *err)
{
    const json_t *t = br_json_member(o, "tallies", "state", err);
    long long votes, passed, bridges;
    if (!t || !br_json_int(t, "votes", 0, 255, &votes, "state.tallies", err)
        || !br_json_int(t, "passed", 0, votes, &passed, "state.tallies", err)
        || !br_json_int(t, "bridges", 0, 255, &bridges, "state.tallies", err))
        return false;
    if (json_object_size(t) != 3)
        return br_fail(err, "state.tallies: has members this version does not write");
    if (bridges != s->bridges_passed)
        return br_fail(err, "state.tallies.bridges: %lld, but the laid tiles pass %d bridges",
                    bridges, s->bridges_passed);
    if (s->last_vote.held && votes == 0)
        return br_fail(err, "state.tallies.votes: 0, but there was a last vote");
    s->votes_held = (uint8_t)votes;
    s->votes_passed = (uint8_t)passed;
    return true;
}

/* During the deal: each seat holds what the deal order has given it so far. */
static bool check_deal_progress(const dud *s, br_text *err)
{
    int dealt = DUD_TILES - pool_size(s);
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

static bool check_cards(const dud *s, br_text *err)
{
    unsigned seen = 0;
    int dealt = 0;
    for (int p = 0; p < s->num_players; p++) {
        for (int i = 0; i < (s->pro ? 2 : 1); i++) {
            int card = s->pro ? s->task[p][i] : s->building[p];
            if (card == DUD_NONE)
                continue;
            if (dealt != p * (s->pro ? 2 : 1) + i)
                return br_fail(err, "state.%s[%d]: dealt out of order", s->pro ? "tasks" : "buildings", p);
            if (seen >> card & 1)
                return br_fail(err, "state.%s[%d]: card dealt twice", s->pro ? "tasks" : "buildings", p);
            seen |= 1u << card;
            dealt++;
        }
    }
    bool all = dealt == s->num_players * (s->pro ? 2 : 1);
    if (s->phase == DUD_PH_DEAL_TILES && dealt)
        return br_fail(err, "state: cards dealt before the tiles");
    if (s->phase > DUD_PH_DEAL_CARDS && !all)
        return br_fail(err, "state: play has begun before every card was dealt");
    if (s->phase == DUD_PH_DEAL_CARDS && all)
        return br_fail(err, "state.phase: every card is dealt, the deal is over");
    return true;
}

static bool choices_complete(const dud *s)
{
    for (int p = 0; p < s->num_players; p++)
        if (s->choice[p] == DUD_NONE)
            return false;
    return true;
}

static bool check_choices(const dud *s, br_text *err)
{
    if (!s->pro)
        return true;
    bool some = false;
    for (int p = 0; p < s->num_players; p++)
        some |= s->choice[p] != DUD_NONE;
    bool playing = s->phase >= DUD_PH_LAY && s->phase <= DUD_PH_JEIN;
    if (s->phase < DUD_PH_LAY && some)
        return br_fail(err, "state.choices: a task chosen during the deal");
    if (playing && choices_complete(s) != (s->crew_in != ALL_CREWS))
        return br_fail(err, "state.choices: the choice is made exactly when the first path has ended");
    if (playing && some && !choices_complete(s))
        return br_fail(err, "state.choices: only some seats have chosen outside the choice");
    if (s->phase == DUD_PH_OVER && !choices_complete(s))
        return br_fail(err, "state.choices: the game is over but not every seat has chosen");
    if (s->phase == DUD_PH_CHOOSE) {
        if (choices_complete(s))
            return br_fail(err, "state.phase: every seat has chosen");
        for (int k = 1; k < s->num_players; k++) /* the choosers so far follow the turn order */
            if (s->choice[(s->turn + k) % s->num_players] != DUD_NONE
                && s->choice[(s->turn + k - 1) % s->num_players] == DUD_NONE)
                return br_fail(err, "state.choices: seats chose out of turn order");
    }
    return true;
}

/* The vote: ballots from the mover on in turn order (seats without cards
 * skipped), then the jein declarations in the same order. */
static bool check_vote(const dud *s, br_text *err)
{
    bool voting = s->phase == DUD_PH_VOTE || s->phase == DUD_PH_JEIN;
    if (!voting && (s->voted || s->jein_done))
        return br_fail(err, "state.ballots: ballots outside a vote");
    if (!voting)
        return true;
    const dud_lay *l = &s->pending;
    if (!(s->crew_in >> l->path & 1)
        || !s->hand[s->turn][dud_tile_type(dud_path_kind[l->path], l->shape)]
        || dud_toilets_covered(s, l->path, l->shape, l->dir) == 0)
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
    int n = s->num_players;
    (void)n;
    if (s->phase < DUD_PH_LAY && (s->turn != 0 || s->tiles_laid || s->last_vote.held))
        return br_fail(err, "state: tiles laid or votes held during the deal");
    if (s->phase == DUD_PH_LAY) {
        br_move moves[DUD_MAX_LEGAL];
        if (dud_legal_moves(s, moves) == 0)
            return br_fail(err, "state.turn: seat %d cannot lay any tile", s->turn);
    }
    return true;
}

static bool read_fields(dud *s, const json_t *o, br_text *err)
{
    static const char *const keys[] = {
        "phase", "turn", "laid", "crews", "hands", "pool", "buildings", "tasks", "choices",
        "votes", "ballots", "jein", "pending", "last_vote", "rejected", "tallies", "result",
    };
    const char *unknown = br_json_unknown_key(o, keys, sizeof keys / sizeof keys[0]);
    if (unknown)
        return br_fail(err, "state.%s: not a member of this version's snapshot", unknown);
    if (json_object_get(o, s->pro ? "buildings" : "tasks"))
        return br_fail(err, "state.%s: not used in the %s variant", s->pro ? "buildings" : "tasks",
                    s->pro ? "pro" : "basic");
    int phase;
    long long turn;
    const json_t *ph = br_json_member(o, "phase", "state", err);
    if (!ph || !br_json_name(ph, dud_phase_names, DUD_PHASES, &phase, "state.phase", err)
        || !br_json_int(o, "turn", 0, s->num_players - 1, &turn, "state", err))
        return false;
    s->phase = (uint8_t)phase;
    s->turn = (uint8_t)turn;
    if (!replay_laid(s, o, err) || !check_crews(s, o, err) || !read_hands(s, o, err)
        || !(s->pro ? read_tasks(s, o, err) : read_buildings(s, o, err))
        || !read_ballots(s, o, err) || !read_last_vote(s, o, err))
        return false;
    if (!read_tallies(s, o, err) || !read_rejected(s, o, err))
        return false;
    const json_t *pending = br_json_member(o, "pending", "state", err);
    if (!pending)
        return false;
    bool voting = s->phase == DUD_PH_VOTE || s->phase == DUD_PH_JEIN;
    if (json_is_null(pending) == voting)
        return br_fail(err, "state.pending: %s", voting ? "missing during a vote" : "set outside a vote");
    return voting ? read_lay(pending, &s->pending, "state.pending", err) : true;
}

static bool check_result(dud *s, const json_t *state, br_text *err)
{
    const json_t *result = json_object_get(state, "result");
    bool over = s->phase == DUD_PH_OVER;
    if (!result || json_is_null(result) == over)
        return br_fail(err, "state.result: %s", over ? "missing at the end" : "set before the end");
    if (!over)
        return true;
    if (!json_is_object(result))
        return br_fail(err, "state.result: not an object");
    dud_decide_winners(s);
    br_json_builder b = {true};
    json_t *want = result_json(&b, s);
    if (!b.ok) {
        json_decref(want);
        return br_fail(err, "state.result: out of memory while checking it");
    }
    bool same = true;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)result, key, value) {
        if (!json_equal(value, json_object_get(want, key))) {
            same = br_fail(err, "state.result.%s: does not follow from the final position", key);
            break;
        }
    }
    json_object_foreach(want, key, value) {
        if (same && !json_object_get(result, key))
            same = br_fail(err, "state.result.%s: missing", key);
    }
    json_decref(want);
    return same;
}

static bool check_pool(const dud *s, br_text *err)
{
    bool dealing = s->phase == DUD_PH_DEAL_TILES;
    if (dealing != (pool_size(s) > 0))
        return br_fail(err, "state.pool: %s", dealing ? "empty while tiles are dealt"
                                                    : "tiles left after the deal");
    return !dealing || check_deal_progress(s, err);
}

br_status dud_from_json(void *st, const json_t *state, br_text *err)
{
    dud *s = st;
    if (!json_is_object(state)) {
        br_fail(err, "state: not an object");
        return BR_ERR_SNAPSHOT;
    }
    bool ok = read_fields(s, state, err) && check_tile_census(s, err) && check_pool(s, err)
              && check_cards(s, err) && check_choices(s, err) && check_vote(s, err)
              && check_turn(s, err) && check_result(s, state, err);
    return ok ? BR_OK : BR_ERR_SNAPSHOT;
}
