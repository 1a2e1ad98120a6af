/*
 * Die Tore der Welt: the state as JSON (snapshot and, with hidden parts
 * masked, observation: written straight into the caller's buffer with
 * br_jw), the JSON loader, and the invariants between the fields, which the
 * binary loader (bytes.c) shares through snapshot.h (doc: "Snapshot and
 * observation", "Binary snapshot").
 *
 * Why this file passes 1,000 lines: the state has 23 members with about 70
 * members inside them, each read with its type and range checked and a
 * message naming it, and the loaders check the doc's invariants (goods,
 * cards and piles, events and display, projects and seals, houses, plague
 * tiles, pending decisions, phase); the writers and the loader share the
 * names and helpers.
 *
 * Members of the snapshot's "state" object (every one is written and
 * required; numbers are printed numbers: chapter 1..4, round 1..6, event
 * ids 1..44, places 1..11):
 *
 *   phase          "penance" "event" "plague" "choice" "orient" "action"
 *                  "follow" "care" "discard" "tax" "redeem" "over"
 *   chapter, round 1..4, 1..6 (after the game: 4, 6)
 *   crest          the seat holding the start crest (the active player)
 *   turn           the seat whose action turn it is, or whom the decision
 *                  or chance node concerns (the engine's `turn`)
 *   drawn          4 lists of event ids, in the order drawn
 *   event          this round's card id, or null before it is drawn
 *   orientation    its arrow value 0..3, or null before it is oriented
 *   display        [field 1, field 2]: event id or null
 *   display_older  1 or 2: the field holding the older card, or null
 *   favour         the marker's space 0..9
 *   covers         cover targets, e.g. ["favour earl", "market cloth",
 *                  "project bridge"], in target order
 *   projects       7 x {"in_play", "stone", "wood", "metal", "seals", "done"}
 *                  in project order (bridge tower chapel hospital palace mill
 *                  guildhall): cubes on the fields (metal: 1 when the
 *                  tower's spire is set, else 0),
 *                  the seats whose seals lie there (ascending)
 *   plots          14 x (seat or null): the house on plot p1..p14
 *   places         11 x {"state": "none"|"hidden"|"sick"|"cured",
 *                  "value": 1..5 or null while not revealed}
 *   plague_pool    face-down tiles of value 1..5 (5 counts)
 *   stock          {"grain", "piety"}: on the field and in the cathedral
 *   box            {"grain", "piety"}: out of play
 *   supply         {"stone", "wood", "metal", "wool", "cloth", "money",
 *                  "loyalty", "knowledge", "covers"}
 *   players        n x {"vp", "goods": {"stone", "wood", "grain", "piety",
 *                  "wool", "cloth", "money", "loyalty", "knowledge"},
 *                  "houses" (houses left to build, 4 at the start),
 *                  "seals" (seals not placed, 2 at the start), "hand",
 *                  "discards" (card names, in card order),
 *                  "pile": [{"card", "used"}] (face up, in order),
 *                  "penalties": {"penance", "begging", "court"},
 *                  "forfeit", "traded" (lasting trade slots used this round:
 *                  "council", "field1", "field2"), "acted"}
 *   pending        {"seat" (seat or null), "queue" (seats still to decide
 *                  after it, clockwise from it), "card" (card name or
 *                  null), "via_privilege", "rented" (plot names),
 *                  "cared" (patient values cared for by this action plus the
 *                  knowledge they gained, C25),
 *                  "resume" ("none", "end-action", "chapter-fill",
 *                  "event-fill"), "fill_next" (the next project the chapter
 *                  end fills: project text, or null)}
 *   dues           null, or at a chapter end {"tax": 2..5 or null before
 *                  the roll, "shortfall": n x {"piety", "grain", "tax"}}
 *   result         null, or at the end {"vp": [...], "winners": [seats]}
 *
 * The observation (br_state_observe) has the same members, as `seat` sees
 * them: another seat's "hand" and "discards" are counts, with screens=closed
 * another seat's "goods" are null, "plague_pool" is the number of face-down
 * tiles, and "seat" is added (-1 for a spectator, who sees no hand and, with
 * screens=closed, no goods).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "snapshot.h"

enum { ITEM_SIZE = PATH_SIZE + 32 };

static const char *const place_state_names[4] = {"none", "hidden", "sick", "cured"};
static const char *const resume_names[4] = {"none", "end-action", "chapter-fill", "event-fill"};
static const char *const slot_names[3] = {"council", "field1", "field2"};
static const char *const penalty_names[3] = {"penance", "begging", "court"};
static const char *const plot_names[TDW_PLOTS] = {
    "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13", "p14",
};
const uint8_t tdw_supply_goods[TDW_SUPPLY_GOODS] = {TDW_STONE, TDW_WOOD, TDW_WOOL, TDW_CLOTH,
                                       TDW_MONEY, TDW_LOYALTY, TDW_KNOWLEDGE};

static void put_target(br_text *t, int target)
{
    if (target < TDW_SPACES)
        br_text_printf(t, "favour %s", tdw_track[target].text);
    else if (target < TDW_T_PROJECT)
        br_text_puts(t, target == TDW_T_MARKET_WOOL ? "market wool" : "market cloth");
    else
        br_text_printf(t, "project %s", tdw_projects[target - TDW_T_PROJECT].text);
}

/* ------------------------------------------------------------------ */
/* Writing: the text straight into the caller's buffer (br_jw), members in
 * the order listed at the top of this file */

/* One of the game's names (card, project, phase...: plain ASCII that JSON
 * writes as it is) as a string, quoted here and handed to the writer as a
 * value written already: the writer's escaping loop would look at every
 * character of the ~60 names of a snapshot, a tenth of its writing. */
static void w_name(br_jw *w, const char *name)
{
    char quoted[48];
    size_t n = strlen(name);
    assert(n + 2 <= sizeof quoted);
    quoted[0] = '"';
    memcpy(quoted + 1, name, n);
    quoted[n + 1] = '"';
    br_jw_raw(w, quoted, n + 2);
}

static void w_key_name(br_jw *w, const char *key, const char *name)
{
    br_jw_key(w, key);
    w_name(w, name);
}

/* An index or TDW_NONE as a printed number (index + offset) or null. */
static void w_opt(br_jw *w, int v, int offset)
{
    if (v == TDW_NONE)
        br_jw_null(w);
    else
        br_jw_int(w, v + offset);
}

static void w_names(br_jw *w, unsigned mask, const char *const *names, int count)
{
    br_jw_begin_array(w);
    for (int i = 0; i < count; i++)
        if (mask >> i & 1)
            w_name(w, names[i]);
    br_jw_end_array(w);
}

static void w_seats(br_jw *w, unsigned mask, int n)
{
    br_jw_begin_array(w);
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            br_jw_int(w, p);
    br_jw_end_array(w);
}

static unsigned seal_owners(const tdw *s, int project)
{
    unsigned mask = 0;
    for (int p = 0; p < s->num_players; p++)
        mask |= (unsigned)(s->players[p].seals >> project & 1) << p;
    return mask;
}

int tdw_houses_of(const tdw *s, int seat)
{
    int n = 0;
    for (int q = 0; q < TDW_PLOTS; q++)
        n += s->plots[q] == seat;
    return n;
}

static void w_events(br_jw *w, const tdw *s)
{
    br_jw_key(w, "drawn");
    br_jw_begin_array(w);
    for (int c = 0; c < TDW_CHAPTERS; c++) {
        br_jw_begin_array(w);
        for (int i = 0; i < s->drawn_len[c]; i++)
            br_jw_int(w, s->drawn[c][i] + 1);
        br_jw_end_array(w);
    }
    br_jw_end_array(w);
    br_jw_key(w, "event");
    w_opt(w, s->event, 1);
    br_jw_key(w, "orientation");
    w_opt(w, s->orientation, 0);
    br_jw_key(w, "display");
    br_jw_begin_array(w);
    for (int f = 0; f < 2; f++)
        w_opt(w, s->display[f], 1);
    br_jw_end_array(w);
    br_jw_key(w, "display_older");
    w_opt(w, s->display_older, 1);
}

static void w_covers(br_jw *w, const tdw *s)
{
    br_jw_key(w, "covers");
    br_jw_begin_array(w);
    for (int t = 0; t < TDW_TARGETS; t++) {
        if (!(s->covers >> t & 1))
            continue;
        char buf[40];
        br_text txt = br_text_over(buf, sizeof buf);
        put_target(&txt, t);
        w_name(w, buf);
    }
    br_jw_end_array(w);
}

static void w_projects(br_jw *w, const tdw *s)
{
    br_jw_key(w, "projects");
    br_jw_begin_array(w);
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        br_jw_begin_object(w);
        br_jw_key_bool(w, "in_play", ps->in_play);
        br_jw_key_int(w, "stone", ps->stone);
        br_jw_key_int(w, "wood", ps->wood);
        br_jw_key_int(w, "metal", ps->metal);
        br_jw_key(w, "seals");
        w_seats(w, seal_owners(s, p), s->num_players);
        br_jw_key_bool(w, "done", ps->done);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
}

static void w_plots_places(br_jw *w, const tdw *s)
{
    br_jw_key(w, "plots");
    br_jw_begin_array(w);
    for (int q = 0; q < TDW_PLOTS; q++)
        w_opt(w, s->plots[q], 0);
    br_jw_end_array(w);
    br_jw_key(w, "places");
    br_jw_begin_array(w);
    for (int x = 0; x < TDW_PLACES; x++) {
        br_jw_begin_object(w);
        w_key_name(w, "state", place_state_names[s->place_state[x]]);
        br_jw_key(w, "value");
        if (s->place_value[x])
            br_jw_int(w, s->place_value[x]);
        else
            br_jw_null(w);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
}

/* The plague pool: the face-down tiles of each value, or (a view) their
 * number. */
static void w_pool(br_jw *w, const tdw *s, int viewer)
{
    br_jw_key(w, "plague_pool");
    int face_down = 0;
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        face_down += s->plague_pool[v];
    if (viewer != BR_VIEW_FULL) {
        br_jw_int(w, face_down);
        return;
    }
    br_jw_begin_array(w);
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        br_jw_int(w, s->plague_pool[v]);
    br_jw_end_array(w);
}

static void w_pair(br_jw *w, const char *key, int grain, int piety)
{
    br_jw_key(w, key);
    br_jw_begin_object(w);
    br_jw_key_int(w, "grain", grain);
    br_jw_key_int(w, "piety", piety);
    br_jw_end_object(w);
}

static void w_supply(br_jw *w, const tdw *s)
{
    br_jw_key(w, "supply");
    br_jw_begin_object(w);
    for (size_t i = 0; i < sizeof tdw_supply_goods; i++)
        br_jw_key_int(w, tdw_good_names[tdw_supply_goods[i]], s->supply[tdw_supply_goods[i]]);
    br_jw_key_int(w, "metal", s->supply_metal);
    br_jw_key_int(w, "covers", TDW_COVER_TILES - tdw_popcount(s->covers));
    br_jw_end_object(w);
}

/* A seat's cards as `viewer` sees them: names, or (another seat's) a count. */
static void w_cards(br_jw *w, const char *key, unsigned mask, bool own)
{
    br_jw_key(w, key);
    if (own)
        w_names(w, mask, tdw_card_names, TDW_CARDS);
    else
        br_jw_int(w, tdw_popcount(mask));
}

static void w_goods(br_jw *w, const tdw_player *pl, bool shown)
{
    br_jw_key(w, "goods");
    if (!shown) {
        br_jw_null(w);
        return;
    }
    br_jw_begin_object(w);
    for (int g = 0; g < TDW_GOODS; g++)
        br_jw_key_int(w, tdw_good_names[g], pl->goods[g]);
    br_jw_end_object(w);
}

static void w_pile(br_jw *w, const tdw_player *pl)
{
    br_jw_key(w, "pile");
    br_jw_begin_array(w);
    for (int i = 0; i < pl->pile_len; i++) {
        br_jw_begin_object(w);
        w_key_name(w, "card", tdw_card_names[pl->pile[i]]);
        br_jw_key_bool(w, "used", pl->pile_used >> i & 1);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
}

static void w_player(br_jw *w, const tdw *s, int p, int viewer)
{
    const tdw_player *pl = &s->players[p];
    bool own = viewer == BR_VIEW_FULL || viewer == p;
    br_jw_begin_object(w);
    br_jw_key_int(w, "vp", pl->vp);
    w_goods(w, pl, own || s->screens_open);
    br_jw_key_int(w, "houses", TDW_HOUSES - tdw_houses_of(s, p));
    br_jw_key_int(w, "seals", TDW_SEALS - tdw_popcount(pl->seals));
    w_cards(w, "hand", pl->hand, own);
    w_pile(w, pl);
    w_cards(w, "discards", pl->discards, own);
    br_jw_key(w, "penalties");
    br_jw_begin_object(w);
    for (int k = 0; k < 3; k++)
        br_jw_key_bool(w, penalty_names[k], pl->penalties >> k & 1);
    br_jw_end_object(w);
    br_jw_key_bool(w, "forfeit", pl->forfeit);
    br_jw_key(w, "traded");
    w_names(w, pl->traded, slot_names, 3);
    br_jw_key_bool(w, "acted", pl->acted);
    br_jw_end_object(w);
}

static void w_pending(br_jw *w, const tdw *s)
{
    const tdw_pending *pd = &s->pending;
    br_jw_key(w, "pending");
    br_jw_begin_object(w);
    br_jw_key(w, "seat");
    w_opt(w, pd->seat, 0);
    br_jw_key(w, "queue");
    br_jw_begin_array(w);
    int start = pd->seat == TDW_NONE ? 0 : pd->seat + 1;
    for (int k = 0; k < s->num_players; k++) {
        int p = (start + k) % s->num_players;
        if (pd->queue >> p & 1)
            br_jw_int(w, p);
    }
    br_jw_end_array(w);
    br_jw_key(w, "card");
    if (pd->card == TDW_NONE)
        br_jw_null(w);
    else
        w_name(w, tdw_card_names[pd->card]);
    br_jw_key_bool(w, "via_privilege", pd->via_privilege);
    br_jw_key(w, "rented");
    w_names(w, pd->rented, plot_names, TDW_PLOTS);
    br_jw_key_int(w, "cared", pd->cared);
    w_key_name(w, "resume", resume_names[pd->resume]);
    br_jw_key(w, "fill_next");
    if (pd->fill_next >= TDW_PROJECTS)
        br_jw_null(w);
    else
        w_name(w, tdw_projects[pd->fill_next].text);
    br_jw_end_object(w);
}

static bool dues_empty(const tdw *s)
{
    for (int p = 0; p < s->num_players; p++)
        for (int d = 0; d < TDW_DUES; d++)
            if (s->shortfall[p][d])
                return false;
    return s->tax == 0;
}

static void w_dues(br_jw *w, const tdw *s)
{
    br_jw_key(w, "dues");
    if (dues_empty(s)) {
        br_jw_null(w);
        return;
    }
    br_jw_begin_object(w);
    br_jw_key(w, "tax");
    if (s->tax)
        br_jw_int(w, s->tax);
    else
        br_jw_null(w);
    br_jw_key(w, "shortfall");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        br_jw_begin_object(w);
        for (int d = 0; d < TDW_DUES; d++)
            br_jw_key_int(w, tdw_due_names[d], s->shortfall[p][d]);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
    br_jw_end_object(w);
}

static void w_result(br_jw *w, const tdw *s)
{
    br_jw_key(w, "result");
    if (s->phase != TDW_PH_OVER) {
        br_jw_null(w);
        return;
    }
    br_jw_begin_object(w);
    br_jw_key(w, "vp");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        br_jw_int(w, s->players[p].vp);
    br_jw_end_array(w);
    br_jw_key(w, "winners");
    w_seats(w, s->winners, s->num_players);
    br_jw_end_object(w);
}

/* The snapshot (viewer BR_VIEW_FULL) or what seat `viewer` (-1: a
 * spectator) may see. */
void tdw_write_view(const void *st, int viewer, br_jw *w)
{
    const tdw *s = st;
    br_jw_begin_object(w);
    w_key_name(w, "phase", tdw_phase_names[s->phase]);
    br_jw_key_int(w, "chapter", s->chapter + 1);
    br_jw_key_int(w, "round", s->round + 1);
    br_jw_key_int(w, "crest", s->crest);
    br_jw_key(w, "turn");
    w_opt(w, s->turn, 0);
    w_events(w, s);
    br_jw_key_int(w, "favour", s->favour);
    w_covers(w, s);
    w_projects(w, s);
    w_plots_places(w, s);
    w_pool(w, s, viewer);
    w_pair(w, "stock", s->stock_grain, s->stock_piety);
    w_pair(w, "box", s->box_grain, s->box_piety);
    w_supply(w, s);
    br_jw_key(w, "players");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        w_player(w, s, p, viewer);
    br_jw_end_array(w);
    w_pending(w, s);
    w_dues(w, s);
    w_result(w, s);
    if (viewer != BR_VIEW_FULL)
        br_jw_key_int(w, "seat", viewer);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* Reading: every member, then the invariants between them */

/* The path of a member, `base` + "." + `key`, into path[PATH_SIZE], and of
 * an entry, `base` + "[i]": built by hand, since the loader names every
 * value it reads and printf would cost it more than the parse. */
static void path_join(char *out, size_t size, const char *base, const char *a, int i,
                      const char *b)
{
    size_t n = 0;
    for (const char *parts[2] = {base, a}, **p = parts; p < parts + 2; p++)
        for (const char *c = *p; *c && n + 1 < size; c++)
            out[n++] = *c;
    if (i >= 0) {
        char digits[12];
        int k = 0;
        do
            digits[k++] = (char)('0' + i % 10);
        while ((i /= 10) > 0);
        while (k > 0 && n + 1 < size)
            out[n++] = digits[--k];
    }
    for (const char *c = b; *c && n + 1 < size; c++)
        out[n++] = *c;
    out[n] = '\0';
}

static void path_index(char *out, size_t size, const char *base, int i)
{
    path_join(out, size, base, "[", i, "]");
}

/* Member `key` of `o` (whose path is `base`); its path goes into `path`. */
static const json_t *member(const json_t *o, const char *base, const char *key, char *path,
                            br_text *err)
{
    path_join(path, PATH_SIZE, base, ".", -1, key);
    return br_json_member(o, key, base, err);
}

static bool as_int(const json_t *v, long long lo, long long hi, int *out, const char *path,
                   br_text *err)
{
    if (!json_is_integer(v))
        return br_fail(err, "%s: not an integer", path);
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return br_fail(err, "%s: %lld is not in %lld..%lld", path, x, lo, hi);
    *out = (int)x;
    return true;
}

/* An integer lo..hi or null (*out = -1). */
static bool as_opt_int(const json_t *v, long long lo, long long hi, int *out, const char *path,
                       br_text *err)
{
    if (json_is_null(v)) {
        *out = -1;
        return true;
    }
    if (!json_is_integer(v))
        return br_fail(err, "%s: not an integer or null", path);
    return as_int(v, lo, hi, out, path, err);
}

/* An object with no members but `keys`. */
static bool as_object(const json_t *v, const char *const *keys, size_t n, const char *path,
                      br_text *err)
{
    if (!json_is_object(v))
        return br_fail(err, "%s: not an object", path);
    /* Every member is required: with n members, an unknown one means a
     * missing one, which its read reports. */
    if (json_object_size(v) == n)
        return true;
    const char *unknown = br_json_unknown_key(v, keys, n);
    if (unknown)
        return br_fail(err, "%s.%s: not a member of this version's snapshot", path, unknown);
    return true;
}

static bool as_array(const json_t *v, size_t min, size_t max, const char *path, br_text *err)
{
    if (!json_is_array(v))
        return br_fail(err, "%s: not an array", path);
    if (json_array_size(v) < min || json_array_size(v) > max)
        return br_fail(err, "%s: has %zu entries, expected %zu..%zu", path, json_array_size(v), min,
                    max);
    return true;
}

/* Members of the kinds above, stored into bytes. Each is read first without
 * a reason (err NULL: nothing is formatted); only a member that fails is
 * read again with its path, for the reason. */
static bool m_u8(const json_t *o, const char *base, const char *key, int lo, int hi,
                 uint8_t *out, br_text *err)
{
    const json_t *v = json_object_get(o, key);
    int x = 0;
    if (!v || !as_int(v, lo, hi, &x, "", NULL)) {
        char path[PATH_SIZE];
        v = member(o, base, key, path, err);
        return v && as_int(v, lo, hi, &x, path, err);
    }
    *out = (uint8_t)x;
    return true;
}

/* An integer lo..hi or null (TDW_NONE); the JSON shows index + offset. */
static bool m_opt(const json_t *o, const char *base, const char *key, int lo, int hi, int offset,
                  uint8_t *out, br_text *err)
{
    const json_t *v = json_object_get(o, key);
    int x = 0;
    if (!v || !as_opt_int(v, lo, hi, &x, "", NULL)) {
        char path[PATH_SIZE];
        v = member(o, base, key, path, err);
        return v && as_opt_int(v, lo, hi, &x, path, err);
    }
    *out = x < 0 ? TDW_NONE : (uint8_t)(x - offset);
    return true;
}

static bool m_bool(const json_t *o, const char *base, const char *key, uint8_t *out,
                   br_text *err)
{
    const json_t *v = json_object_get(o, key);
    if (!json_is_boolean(v)) {
        char path[PATH_SIZE];
        v = member(o, base, key, path, err);
        return v && br_fail(err, "%s: not true or false", path);
    }
    *out = json_is_true(v);
    return true;
}

static bool m_name(const json_t *o, const char *base, const char *key, const char *const *names,
                   int count, uint8_t *out, br_text *err)
{
    const json_t *v = json_object_get(o, key);
    int x = 0;
    if (!v || !br_json_name(v, names, count, &x, "", NULL)) {
        char path[PATH_SIZE];
        v = member(o, base, key, path, err);
        return v && br_json_name(v, names, count, &x, path, err);
    }
    *out = (uint8_t)x;
    return true;
}

/* A list of distinct names into a bit mask. */
static bool m_names(const json_t *o, const char *base, const char *key, const char *const *names,
                    int count, unsigned *mask, br_text *err)
{
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, base, key, path, err);
    if (!v || !as_array(v, 0, (size_t)count, path, err))
        return false;
    *mask = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        int x = 0;
        path_index(item, sizeof item, path, (int)i);
        if (!br_json_name(json_array_get(v, i), names, count, &x, item, err))
            return false;
        if (*mask >> x & 1)
            return br_fail(err, "%s: '%s' listed twice", item, names[x]);
        *mask |= 1u << x;
    }
    return true;
}

/* A list of distinct seats into a bit mask. */
static bool m_seats(const json_t *o, const char *base, const char *key, int n, unsigned *mask,
                    br_text *err)
{
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, base, key, path, err);
    if (!v || !as_array(v, 0, (size_t)n, path, err))
        return false;
    *mask = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        int p = 0;
        path_index(item, sizeof item, path, (int)i);
        if (!as_int(json_array_get(v, i), 0, n - 1, &p, item, err))
            return false;
        if (*mask >> p & 1)
            return br_fail(err, "%s: seat %d listed twice", item, p);
        *mask |= 1u << p;
    }
    return true;
}

/* An object member with exactly `keys`. */
static const json_t *m_object(const json_t *o, const char *base, const char *key,
                              const char *const *keys, size_t n, char *path, br_text *err)
{
    const json_t *v = member(o, base, key, path, err);
    return v && as_object(v, keys, n, path, err) ? v : NULL;
}

static bool read_drawn(tdw *s, const json_t *o, br_text *err)
{
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, "state", "drawn", path, err);
    if (!v || !as_array(v, TDW_CHAPTERS, TDW_CHAPTERS, path, err))
        return false;
    for (int c = 0; c < TDW_CHAPTERS; c++) {
        const json_t *list = json_array_get(v, (size_t)c);
        path_index(path, sizeof path, "state.drawn", c);
        if (!as_array(list, 0, TDW_ROUNDS, path, err))
            return false;
        s->drawn_len[c] = (uint8_t)json_array_size(list);
        for (int i = 0; i < s->drawn_len[c]; i++) {
            int id = 0;
            path_index(item, sizeof item, path, i);
            if (!as_int(json_array_get(list, (size_t)i), 1, TDW_EVENTS, &id, item, err))
                return false;
            s->drawn[c][i] = (uint8_t)(id - 1);
        }
    }
    return true;
}

static bool read_board(tdw *s, const json_t *o, br_text *err)
{
    char path[PATH_SIZE], item[ITEM_SIZE];
    if (!read_drawn(s, o, err) || !m_opt(o, "state", "event", 1, TDW_EVENTS, 1, &s->event, err)
        || !m_opt(o, "state", "orientation", 0, 3, 0, &s->orientation, err))
        return false;
    const json_t *v = member(o, "state", "display", path, err);
    if (!v || !as_array(v, 2, 2, path, err))
        return false;
    for (int f = 0; f < 2; f++) {
        int id = 0;
        path_index(item, sizeof item, "state.display", f);
        if (!as_opt_int(json_array_get(v, (size_t)f), 1, TDW_EVENTS, &id, item, err))
            return false;
        s->display[f] = id < 0 ? TDW_NONE : (uint8_t)(id - 1);
    }
    if (!m_opt(o, "state", "display_older", 1, 2, 1, &s->display_older, err)
        || !m_u8(o, "state", "favour", 0, TDW_SPACES - 1, &s->favour, err))
        return false;
    v = member(o, "state", "covers", path, err);
    if (!v || !as_array(v, 0, TDW_TARGETS, path, err))
        return false;
    s->covers = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        path_index(item, sizeof item, "state.covers", (int)i);
        if (!json_is_string(e))
            return br_fail(err, "%s: not a string", item);
        int t = 0;
        for (; t < TDW_TARGETS; t++) {
            char buf[40];
            br_text txt = br_text_over(buf, sizeof buf);
            put_target(&txt, t);
            if (strcmp(buf, json_string_value(e)) == 0)
                break;
        }
        if (t == TDW_TARGETS)
            return br_fail(err, "%s: '%s' is not a cover target (e.g. 'favour earl', 'market "
                        "wool', 'project bridge')", item, json_string_value(e));
        if (s->covers >> t & 1)
            return br_fail(err, "%s: '%s' listed twice", item, json_string_value(e));
        s->covers |= 1u << t;
    }
    return true;
}

static bool read_projects(tdw *s, const json_t *o, unsigned owners[TDW_PROJECTS], br_text *err)
{
    static const char *const keys[] = {"in_play", "stone", "wood", "metal", "seals", "done"};
    char path[PATH_SIZE], base[ITEM_SIZE];
    const json_t *v = member(o, "state", "projects", path, err);
    if (!v || !as_array(v, TDW_PROJECTS, TDW_PROJECTS, path, err))
        return false;
    for (int p = 0; p < TDW_PROJECTS; p++) {
        tdw_project_state *ps = &s->projects[p];
        const json_t *po = json_array_get(v, (size_t)p);
        path_index(base, sizeof base, "state.projects", p);
        if (!as_object(po, keys, 6, base, err) || !m_bool(po, base, "in_play", &ps->in_play, err)
            || !m_u8(po, base, "stone", 0, tdw_projects[p].stone, &ps->stone, err)
            || !m_u8(po, base, "wood", 0, tdw_projects[p].wood, &ps->wood, err)
            || !m_u8(po, base, "metal", 0, p == TDW_P_TOWER, &ps->metal, err)
            || !m_seats(po, base, "seals", s->num_players, &owners[p], err)
            || !m_bool(po, base, "done", &ps->done, err))
            return false;
    }
    return true;
}

static bool read_plots_places(tdw *s, const json_t *o, br_text *err)
{
    static const char *const place_keys[] = {"state", "value"};
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, "state", "plots", path, err);
    if (!v || !as_array(v, TDW_PLOTS, TDW_PLOTS, path, err))
        return false;
    for (int q = 0; q < TDW_PLOTS; q++) {
        int seat = 0;
        path_index(item, sizeof item, "state.plots", q);
        if (!as_opt_int(json_array_get(v, (size_t)q), 0, s->num_players - 1, &seat, item, err))
            return false;
        s->plots[q] = seat < 0 ? TDW_NONE : (uint8_t)seat;
    }
    v = member(o, "state", "places", path, err);
    if (!v || !as_array(v, TDW_PLACES, TDW_PLACES, path, err))
        return false;
    for (int x = 0; x < TDW_PLACES; x++) {
        const json_t *e = json_array_get(v, (size_t)x);
        uint8_t value = 0;
        path_index(item, sizeof item, "state.places", x);
        if (!as_object(e, place_keys, 2, item, err)
            || !m_name(e, item, "state", place_state_names, 4, &s->place_state[x], err)
            || !m_opt(e, item, "value", 1, TDW_PLAGUE_VALUES, 0, &value, err))
            return false;
        s->place_value[x] = value == TDW_NONE ? 0 : value;
    }
    v = member(o, "state", "plague_pool", path, err);
    if (!v || !as_array(v, TDW_PLAGUE_VALUES, TDW_PLAGUE_VALUES, path, err))
        return false;
    for (int k = 0; k < TDW_PLAGUE_VALUES; k++) {
        int n = 0;
        path_index(item, sizeof item, "state.plague_pool", k);
        if (!as_int(json_array_get(v, (size_t)k), 0, tdw_plague_tiles[k], &n, item, err))
            return false;
        s->plague_pool[k] = (uint8_t)n;
    }
    return true;
}

static bool read_stocks(tdw *s, const json_t *o, int *supply_covers, br_text *err)
{
    static const char *const pair_keys[] = {"grain", "piety"};
    static const char *const supply_keys[] = {"stone", "wood", "metal", "wool", "cloth",
                                              "money", "loyalty", "knowledge", "covers"};
    char path[PATH_SIZE];
    const json_t *v = m_object(o, "state", "stock", pair_keys, 2, path, err);
    if (!v || !m_u8(v, path, "grain", 0, tdw_component[TDW_GRAIN], &s->stock_grain, err)
        || !m_u8(v, path, "piety", 0, tdw_component[TDW_PIETY], &s->stock_piety, err))
        return false;
    v = m_object(o, "state", "box", pair_keys, 2, path, err);
    if (!v || !m_u8(v, path, "grain", 0, tdw_component[TDW_GRAIN], &s->box_grain, err)
        || !m_u8(v, path, "piety", 0, tdw_component[TDW_PIETY], &s->box_piety, err))
        return false;
    v = m_object(o, "state", "supply", supply_keys, 9, path, err);
    if (!v)
        return false;
    for (size_t i = 0; i < sizeof tdw_supply_goods; i++) {
        int g = tdw_supply_goods[i];
        if (!m_u8(v, path, tdw_good_names[g], 0, tdw_component[g], &s->supply[g], err))
            return false;
    }
    uint8_t covers = 0;
    if (!m_u8(v, path, "metal", 0, 1, &s->supply_metal, err)
        || !m_u8(v, path, "covers", 0, TDW_COVER_TILES, &covers, err))
        return false;
    *supply_covers = covers;
    return true;
}

static bool read_pile(tdw_player *pl, const json_t *o, const char *base, br_text *err)
{
    static const char *const keys[] = {"card", "used"};
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, base, "pile", path, err);
    if (!v || !as_array(v, 0, TDW_ROUNDS, path, err))
        return false;
    pl->pile_len = (uint8_t)json_array_size(v);
    pl->pile_used = 0;
    for (int i = 0; i < pl->pile_len; i++) {
        const json_t *e = json_array_get(v, (size_t)i);
        uint8_t used = 0;
        path_index(item, sizeof item, path, i);
        if (!as_object(e, keys, 2, item, err)
            || !m_name(e, item, "card", tdw_card_names, TDW_CARDS, &pl->pile[i], err)
            || !m_bool(e, item, "used", &used, err))
            return false;
        pl->pile_used |= (uint8_t)(used << i);
    }
    return true;
}

static bool read_player(tdw *s, int p, const json_t *o, tdw_derived *d, br_text *err)
{
    static const char *const keys[] = {"vp", "goods", "houses", "seals", "hand", "pile",
                                       "discards", "penalties", "forfeit", "traded", "acted"};
    tdw_player *pl = &s->players[p];
    char base[PATH_SIZE], path[PATH_SIZE];
    path_index(base, sizeof base, "state.players", p);
    if (!as_object(o, keys, sizeof keys / sizeof keys[0], base, err))
        return false;
    int vp = 0;
    const json_t *v = member(o, base, "vp", path, err);
    if (!v || !as_int(v, 0, UINT16_MAX, &vp, path, err))
        return false;
    pl->vp = (uint16_t)vp;
    v = m_object(o, base, "goods", tdw_good_names, TDW_GOODS, path, err);
    if (!v)
        return false;
    for (int g = 0; g < TDW_GOODS; g++)
        if (!m_u8(v, path, tdw_good_names[g], 0, tdw_component[g], &pl->goods[g], err))
            return false;
    uint8_t h = 0, free_seals = 0;
    unsigned hand, discards, pen_mask = 0, traded;
    if (!m_u8(o, base, "houses", 0, TDW_HOUSES, &h, err)
        || !m_u8(o, base, "seals", 0, TDW_SEALS, &free_seals, err)
        || !m_names(o, base, "hand", tdw_card_names, TDW_CARDS, &hand, err)
        || !read_pile(pl, o, base, err)
        || !m_names(o, base, "discards", tdw_card_names, TDW_CARDS, &discards, err))
        return false;
    v = m_object(o, base, "penalties", penalty_names, 3, path, err);
    if (!v)
        return false;
    for (int k = 0; k < 3; k++) {
        uint8_t bit = 0;
        if (!m_bool(v, path, penalty_names[k], &bit, err))
            return false;
        pen_mask |= (unsigned)bit << k;
    }
    if (!m_bool(o, base, "forfeit", &pl->forfeit, err)
        || !m_names(o, base, "traded", slot_names, 3, &traded, err)
        || !m_bool(o, base, "acted", &pl->acted, err))
        return false;
    d->houses[p] = h;
    d->seals[p] = free_seals;
    pl->hand = (uint16_t)hand;
    pl->discards = (uint16_t)discards;
    pl->penalties = (uint8_t)pen_mask;
    pl->traded = (uint8_t)traded;
    return true;
}

static bool read_pending(tdw *s, const json_t *o, br_text *err)
{
    static const char *const keys[] = {"seat", "queue", "card", "via_privilege", "rented",
                                       "cared", "resume", "fill_next"};
    tdw_pending *pd = &s->pending;
    char path[PATH_SIZE], base[PATH_SIZE];
    const json_t *v = m_object(o, "state", "pending", keys, 8, base, err);
    unsigned queue, rented;
    if (!v || !m_opt(v, base, "seat", 0, s->num_players - 1, 0, &pd->seat, err)
        || !m_seats(v, base, "queue", s->num_players, &queue, err))
        return false;
    const json_t *c = member(v, base, "card", path, err);
    int x = 0;
    if (!c)
        return false;
    if (json_is_null(c))
        pd->card = TDW_NONE;
    else if (!br_json_name(c, tdw_card_names, TDW_CARDS, &x, path, err))
        return false;
    else
        pd->card = (uint8_t)x;
    if (!m_bool(v, base, "via_privilege", &pd->via_privilege, err)
        || !m_names(v, base, "rented", plot_names, TDW_PLOTS, &rented, err)
        || !m_u8(v, base, "cared", 0, tdw_component[TDW_KNOWLEDGE], &pd->cared, err)
        || !m_name(v, base, "resume", resume_names, 4, &pd->resume, err))
        return false;
    const json_t *f = member(v, base, "fill_next", path, err);
    if (!f)
        return false;
    const char *projects[TDW_PROJECTS];
    for (int p = 0; p < TDW_PROJECTS; p++)
        projects[p] = tdw_projects[p].text;
    if (json_is_null(f))
        pd->fill_next = TDW_PROJECTS;
    else if (!br_json_name(f, projects, TDW_PROJECTS, &x, path, err))
        return false;
    else
        pd->fill_next = (uint8_t)x;
    /* The queue lists the seats after pending.seat clockwise. */
    const json_t *q = json_object_get(v, "queue");
    int prev = -1, start = pd->seat == TDW_NONE ? 0 : pd->seat + 1;
    for (size_t i = 0; i < json_array_size(q); i++) {
        int p = (int)json_integer_value(json_array_get(q, i));
        int dist = (p - start + 2 * s->num_players) % s->num_players;
        if (p == pd->seat)
            return br_fail(err, "%s.queue[%zu]: seat %d is the deciding seat itself", base, i, p);
        if (dist <= prev)
            return br_fail(err, "%s.queue[%zu]: not in clockwise order from pending.seat", base, i);
        prev = dist;
    }
    pd->queue = (uint8_t)queue;
    pd->rented = (uint16_t)rented;
    return true;
}

static bool read_dues(tdw *s, const json_t *o, br_text *err)
{
    static const char *const keys[] = {"tax", "shortfall"};
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, "state", "dues", path, err);
    if (!v)
        return false;
    memset(s->shortfall, 0, sizeof s->shortfall);
    s->tax = 0;
    if (json_is_null(v))
        return true;
    uint8_t tax = 0;
    if (!as_object(v, keys, 2, path, err) || !m_opt(v, path, "tax", 2, 5, 0, &tax, err))
        return false;
    s->tax = tax == TDW_NONE ? 0 : tax;
    const json_t *arr = member(v, "state.dues", "shortfall", path, err);
    if (!arr || !as_array(arr, (size_t)s->num_players, (size_t)s->num_players, path, err))
        return false;
    for (int p = 0; p < s->num_players; p++) {
        const json_t *e = json_array_get(arr, (size_t)p);
        path_index(item, sizeof item, "state.dues.shortfall", p);
        if (!as_object(e, tdw_due_names, TDW_DUES, item, err))
            return false;
        for (int d = 0; d < TDW_DUES; d++)
            if (!m_u8(e, item, tdw_due_names[d], 0, d == 2 ? 5 : 2, &s->shortfall[p][d], err))
                return false;
    }
    if (dues_empty(s))
        return br_fail(err, "state.dues: no roll and no shortfall: write null");
    return true;
}

static bool read_result(tdw *s, const json_t *o, br_text *err)
{
    static const char *const keys[] = {"vp", "winners"};
    char path[PATH_SIZE], item[ITEM_SIZE];
    const json_t *v = member(o, "state", "result", path, err);
    if (!v)
        return false;
    bool over = s->phase == TDW_PH_OVER;
    s->winners = 0;
    if (json_is_null(v)) {
        if (over)
            return br_fail(err, "state.result: null, but the game is over");
        return true;
    }
    if (!over)
        return br_fail(err, "state.result: set before the end of the game");
    if (!as_object(v, keys, 2, path, err))
        return false;
    const json_t *vp = member(v, path, "vp", item, err);
    if (!vp || !as_array(vp, (size_t)s->num_players, (size_t)s->num_players, item, err))
        return false;
    int best = 0;
    for (int p = 0; p < s->num_players; p++) {
        int x = 0;
        char e[PATH_SIZE];
        path_index(e, sizeof e, "state.result.vp", p);
        if (!as_int(json_array_get(vp, (size_t)p), 0, UINT16_MAX, &x, e, err))
            return false;
        if (x != s->players[p].vp)
            return br_fail(err, "%s: %d, but seat %d has %d VP", e, x, p, s->players[p].vp);
        best = x > best ? x : best;
    }
    unsigned winners, want = 0;
    if (!m_seats(v, path, "winners", s->num_players, &winners, err))
        return false;
    for (int p = 0; p < s->num_players; p++)
        want |= (unsigned)(s->players[p].vp == best) << p;
    if (winners != want)
        return br_fail(err, "state.result.winners: not the seats with the most VP");
    s->winners = (uint8_t)winners;
    return true;
}

static bool read_state(tdw *s, const json_t *o, tdw_derived *d, br_text *err)
{
    static const char *const keys[] = {
        "phase", "chapter", "round", "crest", "turn", "drawn", "event", "orientation",
        "display", "display_older", "favour", "covers", "projects", "plots", "places",
        "plague_pool", "stock", "box", "supply", "players", "pending", "dues", "result",
    };
    if (!as_object(o, keys, sizeof keys / sizeof keys[0], "state", err))
        return false;
    uint8_t chapter, round;
    if (!m_name(o, "state", "phase", tdw_phase_names, TDW_PHASES, &s->phase, err)
        || !m_u8(o, "state", "chapter", 1, TDW_CHAPTERS, &chapter, err)
        || !m_u8(o, "state", "round", 1, TDW_ROUNDS, &round, err)
        || !m_u8(o, "state", "crest", 0, s->num_players - 1, &s->crest, err)
        || !m_opt(o, "state", "turn", 0, s->num_players - 1, 0, &s->turn, err))
        return false;
    s->chapter = (uint8_t)(chapter - 1);
    s->round = (uint8_t)(round - 1);
    if (!read_board(s, o, err) || !read_projects(s, o, d->owners, err)
        || !read_plots_places(s, o, err) || !read_stocks(s, o, &d->covers, err))
        return false;
    char path[PATH_SIZE];
    const json_t *players = member(o, "state", "players", path, err);
    if (!players || !as_array(players, (size_t)s->num_players, (size_t)s->num_players, path, err))
        return false;
    for (int p = 0; p < s->num_players; p++)
        if (!read_player(s, p, json_array_get(players, (size_t)p), d, err))
            return false;
    for (int p = 0; p < s->num_players; p++) { /* the seals lie where projects[].seals says */
        s->players[p].seals = 0;
        for (int q = 0; q < TDW_PROJECTS; q++)
            s->players[p].seals |= (uint8_t)((d->owners[q] >> p & 1) << q);
    }
    return read_pending(s, o, err) && read_dues(s, o, err) && read_result(s, o, err);
}

/* ------------------------------------------------------------------ */
/* Invariants */

static bool check_goods(const tdw *s, int supply_covers, br_text *err)
{
    for (int g = 0; g < TDW_GOODS; g++) {
        int total = 0;
        for (int p = 0; p < s->num_players; p++)
            total += s->players[p].goods[g];
        if (g == TDW_GRAIN)
            total += s->stock_grain + s->box_grain;
        else if (g == TDW_PIETY)
            total += s->stock_piety + s->box_piety;
        else
            total += s->supply[g];
        for (int p = 0; p < TDW_PROJECTS; p++)
            total += g == TDW_STONE ? s->projects[p].stone
                     : g == TDW_WOOD ? s->projects[p].wood : 0;
        if (total != tdw_component[g])
            return br_fail(err, "state.supply: %d units of %s with the seats, on the board and in "
                        "the supply and box; the game has %d", total, tdw_good_names[g],
                        tdw_component[g]);
    }
    if (s->supply_metal + s->projects[TDW_P_TOWER].metal != 1)
        return br_fail(err, "state.supply.metal: the one metal is %s",
                    s->supply_metal ? "both in the supply and on the tower" : "nowhere");
    int placed = tdw_popcount(s->covers);
    if (placed > TDW_COVER_TILES)
        return br_fail(err, "state.covers: %d cover tiles placed, the game has %d", placed,
                    TDW_COVER_TILES);
    if (supply_covers + placed != TDW_COVER_TILES)
        return br_fail(err, "state.supply.covers: %d, but %d of the %d tiles lie on the board",
                    supply_covers, placed, TDW_COVER_TILES);
    return true;
}

static bool check_cards(const tdw *s, br_text *err)
{
    unsigned all = s->chapter == 0 ? (1u << TDW_STARTERS) - 1 : (1u << TDW_CARDS) - 1;
    for (int p = 0; p < s->num_players; p++) {
        const tdw_player *pl = &s->players[p];
        unsigned pile = 0;
        for (int i = 0; i < pl->pile_len; i++) {
            if (pile >> pl->pile[i] & 1)
                return br_fail(err, "state.players[%d].pile[%d]: %s lies on the pile twice", p, i,
                            tdw_card_names[pl->pile[i]]);
            pile |= 1u << pl->pile[i];
        }
        if (pl->hand & pile)
            return br_fail(err, "state.players[%d].hand: holds a card of the face-up pile", p);
        if (pl->discards & (pl->hand | pile))
            return br_fail(err, "state.players[%d].discards: holds a card of the hand or the pile", p);
        if ((pl->hand | pile | pl->discards) != all)
            return br_fail(err, "state.players[%d].hand: hand, pile and discards are not the %d "
                        "action cards of chapter %d", p, tdw_popcount(all), s->chapter + 1);
    }
    return true;
}

static bool check_events(const tdw *s, br_text *err)
{
    uint64_t seen = 0;
    for (int c = 0; c < TDW_CHAPTERS; c++) {
        int lasting = 0;
        for (int i = 0; i < s->drawn_len[c]; i++) {
            int e = s->drawn[c][i];
            if (tdw_events[e].chapter != c)
                return br_fail(err, "state.drawn[%d][%d]: event %d belongs to chapter %d", c, i,
                            e + 1, tdw_events[e].chapter + 1);
            if (seen >> e & 1)
                return br_fail(err, "state.drawn[%d][%d]: event %d drawn twice", c, i, e + 1);
            seen |= (uint64_t)1 << e;
            lasting += tdw_events[e].lasting;
        }
        if (lasting > 3)
            return br_fail(err, "state.drawn[%d]: %d lasting events, at most 3 per chapter", c,
                        lasting);
        int want = c < s->chapter ? TDW_ROUNDS : c > s->chapter ? 0 : -1;
        if (want >= 0 && s->drawn_len[c] != want)
            return br_fail(err, "state.drawn[%d]: %d events drawn in chapter %d, expected %d", c,
                        s->drawn_len[c], c + 1, want);
    }
    int len = s->drawn_len[s->chapter], r = s->round;
    bool before = s->phase == TDW_PH_PENANCE || s->phase == TDW_PH_EVENT;
    if (len != (before ? r : r + 1))
        return br_fail(err, "state.drawn[%d]: %d events drawn in round %d %s its event", s->chapter,
                    len, r + 1, before ? "before" : "after");
    if (before ? s->event != TDW_NONE : s->event != TDW_NONE && s->event != s->drawn[s->chapter][r])
        return br_fail(err, "state.event: not this round's card");
    if (s->orientation != TDW_NONE && s->event == TDW_NONE)
        return br_fail(err, "state.orientation: set without an event on the council field");
    for (int f = 0; f < 2; f++) {
        int e = s->display[f];
        if (e == TDW_NONE)
            continue;
        bool drawn = false;
        for (int i = 0; i < len; i++)
            drawn |= s->drawn[s->chapter][i] == e;
        if (!tdw_events[e].lasting || !drawn || e == s->event || e == s->display[1 - f])
            return br_fail(err, "state.display[%d]: event %d is not a lasting card of this chapter "
                        "drawn before this round", f, e + 1);
    }
    bool shown = s->display[0] != TDW_NONE || s->display[1] != TDW_NONE;
    if (shown != (s->display_older != TDW_NONE)
        || (shown && s->display[s->display_older] == TDW_NONE))
        return br_fail(err, "state.display_older: not a field holding a card (null when the "
                    "display is empty)");
    return true;
}

static bool project_full(const tdw *s, int p)
{
    return s->projects[p].stone == tdw_projects[p].stone
           && s->projects[p].wood == tdw_projects[p].wood;
}

/* The event that brings project p into play, or -1 (bridge, tower). */
static int project_event(int p)
{
    for (int e = 0; e < TDW_EVENTS; e++)
        if (tdw_events[e].effect.kind == TDW_E_PROJECT && tdw_events[e].effect.target == p)
            return e;
    return -1;
}

static bool event_drawn(const tdw *s, int e)
{
    for (int c = 0; c < TDW_CHAPTERS; c++)
        for (int i = 0; i < s->drawn_len[c]; i++)
            if (s->drawn[c][i] == e)
                return true;
    return false;
}

static bool check_projects(const tdw *s, const tdw_derived *d, br_text *err)
{
    const unsigned *owners = d->owners;
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        const char *name = tdw_projects[p].text;
        if (!ps->in_play && (ps->stone || ps->wood || ps->metal || ps->done || owners[p]))
            return br_fail(err, "state.projects[%d].in_play (%s): false, but it has cubes, seals "
                        "or is done", p, name);
        /* the bridge from the start, the tower from chapter III, the others
         * when their event is resolved (the current card: either) */
        int e = project_event(p);
        bool due = p == TDW_P_BRIDGE || (p == TDW_P_TOWER ? s->chapter >= 2 : event_drawn(s, e));
        bool open = e >= 0 && e == s->event;
        if (ps->in_play != due && !open)
            return br_fail(err, "state.projects[%d].in_play (%s): %s", p, name,
                        ps->in_play ? "the project has not come into play"
                                    : "the project is in play by now");
        if (ps->metal && !project_full(s, p))
            return br_fail(err, "state.projects[%d].metal (%s): the spire before the 8 fields are "
                        "full", p, name);
        if (ps->done != project_full(s, p) || (p == TDW_P_TOWER && ps->metal != ps->done))
            return br_fail(err, "state.projects[%d].done (%s): %s", p, name, ps->done
                        ? "its fields are not all filled (or the tower's spire is missing)"
                        : "its fields are full (and so it is completed)");
        if (ps->done && owners[p])
            return br_fail(err, "state.projects[%d].seals (%s): the seals go back on completion",
                        p, name);
        if (s->covers >> (TDW_T_PROJECT + p) & 1 && !ps->in_play)
            return br_fail(err, "state.covers: a cover on the %s, which is not in play", name);
    }
    for (int p = 0; p < s->num_players; p++) {
        int placed = tdw_popcount(s->players[p].seals);
        if (placed > TDW_SEALS)
            return br_fail(err, "state.projects: seat %d has more than %d seals placed", p, TDW_SEALS);
        if (d->seals[p] != TDW_SEALS - placed)
            return br_fail(err, "state.players[%d].seals: %d free, but %d of the seat's %d seals "
                        "lie on projects", p, d->seals[p], placed, TDW_SEALS);
    }
    return true;
}

static bool check_houses(const tdw *s, const int houses[TDW_MAX_SEATS], br_text *err)
{
    for (int p = 0; p < s->num_players; p++) {
        unsigned groups = 0;
        for (int q = 0; q < TDW_PLOTS; q++) {
            if (s->plots[q] != p)
                continue;
            if (groups >> tdw_plots[q].yield & 1)
                return br_fail(err, "state.plots[%d]: seat %d has a house on another plot of the "
                            "same yield (%s)", q, p, plot_names[q]);
            groups |= 1u << tdw_plots[q].yield;
        }
        if (tdw_houses_of(s, p) > TDW_HOUSES)
            return br_fail(err, "state.plots: seat %d has more than %d houses", p, TDW_HOUSES);
        if (houses[p] != TDW_HOUSES - tdw_houses_of(s, p))
            return br_fail(err, "state.players[%d].houses: %d left, but the seat has %d of its %d "
                        "houses on the plots", p, houses[p], tdw_houses_of(s, p), TDW_HOUSES);
    }
    return true;
}

static bool check_plague(const tdw *s, br_text *err)
{
    int count[TDW_PLAGUE_VALUES], hidden = 0, none = 0, pool = 0;
    memcpy(count, (int[TDW_PLAGUE_VALUES]){0}, sizeof count);
    for (int x = 0; x < TDW_PLACES; x++) {
        int st = s->place_state[x], v = s->place_value[x];
        bool revealed = st == TDW_PLACE_SICK || st == TDW_PLACE_CURED;
        if (revealed != (v != 0))
            return br_fail(err, "state.places[%d].value: %s", x, revealed ? "missing for a revealed "
                        "tile" : "set for a tile that is not revealed");
        hidden += st == TDW_PLACE_HIDDEN;
        none += st == TDW_PLACE_NONE;
        if (revealed)
            count[v - 1]++;
        bool shown = false;
        for (int c = 2; c < TDW_CHAPTERS; c++)
            for (int i = 0; i < s->drawn_len[c]; i++)
                shown |= tdw_events[s->drawn[c][i]].place == x;
        if (revealed && !shown)
            return br_fail(err, "state.places[%d].state: revealed, but no card drawn shows place %d",
                        x, x + 1);
    }
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        pool += s->plague_pool[v];
    bool out = s->chapter >= 2;
    if (none != (out ? 0 : TDW_PLACES))
        return br_fail(err, "state.places: the plague tiles lie on the places %s",
                    out ? "from chapter III on, not all do" : "only from chapter III on");
    if (!out)
        return pool == 0 || br_fail(err, "state.plague_pool: tiles before chapter III");
    if (pool != hidden)
        return br_fail(err, "state.plague_pool: %d tiles face down, but %d places hidden", pool,
                    hidden);
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        if (count[v] + s->plague_pool[v] != tdw_plague_tiles[v])
            return br_fail(err, "state.plague_pool[%d]: the tiles of value %d do not add up to %d",
                        v, v + 1, tdw_plague_tiles[v]);
    return true;
}

/* During a seat's action turn, after its card is face up and before its
 * discard (the follow-ups, a hospital care the action caused, the discard). */
static bool mid_turn(const tdw *s, int p)
{
    bool phase = s->phase == TDW_PH_FOLLOW || s->phase == TDW_PH_DISCARD
                 || (s->phase == TDW_PH_CARE && s->pending.resume == TDW_R_END_ACTION);
    int acting = s->crest;
    for (int k = 0; k < s->num_players && s->players[acting].acted; k++)
        acting = (acting + 1) % s->num_players;
    return phase && p == acting;
}

/* The face-up pile grows by one card per action turn; the discards grow
 * with it from chapter II on (one behind during the turn, one ahead after a
 * penance draw before the seat's first action); seats act in turn order
 * from the crest. */
static bool check_piles(const tdw *s, br_text *err)
{
    bool gap = false;
    for (int k = 0; k < s->num_players; k++) {
        int p = (s->crest + k) % s->num_players;
        const tdw_player *pl = &s->players[p];
        int piles = pl->pile_len, discards = tdw_popcount(pl->discards);
        int want = s->round + (pl->acted || mid_turn(s, p));
        if (pl->acted && gap)
            return br_fail(err, "state.players[%d].acted: the seat acted before seat %d, which "
                        "comes first this round", p, (p + s->num_players - 1) % s->num_players);
        gap |= !pl->acted;
        if (piles != want)
            return br_fail(err, "state.players[%d].pile: %d cards face up in round %d, expected %d",
                        p, piles, s->round + 1, want);
        bool even = s->chapter == 0 ? discards == 0
                    : discards == piles || (discards == piles - 1 && mid_turn(s, p))
                      || (s->round == 0 && piles == 0 && discards == 1);
        if (!even)
            return br_fail(err, "state.players[%d].discards: %d face down beside %d face up; the "
                        "piles grow evenly", p, discards, piles);
    }
    return true;
}

static bool is_chapter_end(const tdw *s)
{
    return s->phase == TDW_PH_TAX || s->phase == TDW_PH_REDEEM || s->phase == TDW_PH_OVER
           || (s->phase == TDW_PH_CARE && s->pending.resume == TDW_R_CHAPTER_FILL);
}

/* The members of pending belong to their phases: the queue to a deciding
 * seat, card and the action's bookkeeping to FOLLOW, resume to CARE. */
static bool check_pending(const tdw *s, br_text *err)
{
    const tdw_pending *pd = &s->pending;
    bool follow = s->phase == TDW_PH_FOLLOW, care = s->phase == TDW_PH_CARE;
    if (pd->queue && pd->seat == TDW_NONE)
        return br_fail(err, "state.pending.queue: seats queued without a deciding seat");
    if (pd->seat != TDW_NONE && pd->queue >> pd->seat & 1)
        return br_fail(err, "state.pending.queue: seat %d is the deciding seat itself", pd->seat);
    if (!follow && (pd->via_privilege || pd->rented || pd->cared))
        return br_fail(err, "state.pending: via_privilege, rented or cared outside an action");
    if (pd->rented && pd->card != TDW_C_RENT)
        return br_fail(err, "state.pending.rented: set while carrying out another card than rent");
    if (pd->cared && pd->card != TDW_C_MEDICINE)
        return br_fail(err, "state.pending.cared: set while carrying out another card than medicine");
    for (int q = 0; q < TDW_PLOTS; q++)
        if (pd->rented >> q & 1 && s->plots[q] != s->turn)
            return br_fail(err, "state.pending.rented: %s holds no house of seat %d", plot_names[q],
                        s->turn);
    if (care != (pd->resume != TDW_R_NONE)
        || (pd->fill_next != TDW_PROJECTS && pd->resume != TDW_R_CHAPTER_FILL))
        return br_fail(err, "state.pending.resume: %s", care ? "missing for a hospital care"
                    : "set outside a hospital care (or fill_next without the chapter end)");
    if (care && !s->projects[TDW_P_HOSPITAL].done)
        return br_fail(err, "state.phase: care, but the hospital is not completed");
    if (follow != (pd->card != TDW_NONE))
        return br_fail(err, "state.pending.card: %s in phase %s", follow ? "missing" : "set",
                    tdw_phase_names[s->phase]);
    if (follow) {
        const tdw_player *pl = &s->players[s->turn];
        int n = pl->pile_len, top = n ? pl->pile[n - 1] : -1;
        bool ok = pd->via_privilege
                      ? top == TDW_C_PRIVILEGE && n >= 2 && pl->pile[n - 2] == pd->card
                      : top == pd->card;
        if (!ok || !(pl->pile_used >> (n - 1) & 1))
            return br_fail(err, "state.pending.card: %s is not the card seat %d has just played%s",
                        tdw_card_names[pd->card], s->turn,
                        pd->via_privilege ? " (through privilege)" : "");
    }
    return true;
}

static bool check_phase(const tdw *s, br_text *err)
{
    const tdw_pending *pd = &s->pending;
    int ph = s->phase;
    bool asks = ph == TDW_PH_PENANCE || ph == TDW_PH_CHOICE || ph == TDW_PH_CARE
                || ph == TDW_PH_REDEEM;
    bool acting = ph == TDW_PH_ACTION || ph == TDW_PH_FOLLOW || ph == TDW_PH_DISCARD;
    if (asks != (pd->seat != TDW_NONE))
        return br_fail(err, "state.pending.seat: %s in phase %s", asks ? "missing" : "set",
                    tdw_phase_names[ph]);
    if (asks && s->turn != pd->seat)
        return br_fail(err, "state.turn: not pending.seat, who decides now");
    if ((ph == TDW_PH_ORIENT || ph == TDW_PH_EVENT) && s->turn != s->crest)
        return br_fail(err, "state.turn: the active player (the crest) %s", ph == TDW_PH_EVENT
                    ? "draws the event" : "orients the card");
    if (acting) {
        int first = s->crest;
        for (int k = 0; k < s->num_players && s->players[first].acted; k++)
            first = (first + 1) % s->num_players;
        if (s->turn != first || s->players[first].acted)
            return br_fail(err, "state.turn: seat %d, but it is seat %d's action turn", s->turn,
                        first);
    }
    bool oriented = acting || (ph == TDW_PH_CARE && pd->resume == TDW_R_END_ACTION);
    bool before = ph == TDW_PH_PENANCE || ph == TDW_PH_EVENT || ph == TDW_PH_PLAGUE
                  || ph == TDW_PH_CHOICE || ph == TDW_PH_ORIENT;
    if ((oriented && s->orientation == TDW_NONE) || (before && s->orientation != TDW_NONE))
        return br_fail(err, "state.orientation: %s in phase %s", oriented ? "missing" : "set",
                    tdw_phase_names[ph]);
    if ((before && ph > TDW_PH_EVENT) && s->event == TDW_NONE)
        return br_fail(err, "state.event: missing in phase %s", tdw_phase_names[ph]);
    if (ph == TDW_PH_PENANCE) {
        const tdw_player *pl = &s->players[pd->seat];
        if (s->round != 0 || s->chapter == 0 || !(pl->penalties & TDW_PEN_PENANCE) || pl->discards)
            return br_fail(err, "state.phase: penance, but seat %d is not due a penance draw now",
                        pd->seat);
    }
    if (ph == TDW_PH_PLAGUE && (tdw_events[s->event].place == TDW_NONE
                                || s->place_state[tdw_events[s->event].place] != TDW_PLACE_HIDDEN))
        return br_fail(err, "state.phase: plague, but the card's place holds no face-down tile");
    if (ph == TDW_PH_OVER && (s->chapter != TDW_CHAPTERS - 1 || s->round != TDW_ROUNDS - 1))
        return br_fail(err, "state.phase: over before the end of chapter IV");
    bool cleared = s->display[0] == TDW_NONE && s->display[1] == TDW_NONE; /* step 3 */
    if (is_chapter_end(s) && (s->round != TDW_ROUNDS - 1 || s->event != TDW_NONE
                              || (ph != TDW_PH_CARE && !cleared)))
        return br_fail(err, "state.phase: %s, but the chapter is not at its end", tdw_phase_names[ph]);
    if (ph == TDW_PH_TAX && s->tax)
        return br_fail(err, "state.dues.tax: rolled before the roll");
    if (ph == TDW_PH_REDEEM && !s->tax)
        return br_fail(err, "state.dues.tax: missing when penalties are redeemed");
    for (int p = 0; p < s->num_players; p++) {
        int pen = s->players[p].penalties;
        bool dues = ph == TDW_PH_TAX || ph == TDW_PH_REDEEM;
        for (int d = 0; d < TDW_DUES && dues; d++)
            if (pen >> d & 1 && !s->shortfall[p][d])
                return br_fail(err, "state.players[%d].penalties.%s: set without a shortfall", p,
                            penalty_names[d]);
        if (pen && !dues && (s->round != 0 || s->chapter == 0 || is_chapter_end(s)))
            return br_fail(err, "state.players[%d].penalties: in force only in round 1 of the "
                        "next chapter", p);
        /* this round's war and lasting trades (kept until the next round starts) */
        bool war = s->event != TDW_NONE && tdw_events[s->event].effect.kind == TDW_E_WAR;
        if (s->players[p].forfeit && !war && !is_chapter_end(s))
            return br_fail(err, "state.players[%d].forfeit: set without the war this round", p);
        for (int t = 0; t < 3 && !is_chapter_end(s); t++) {
            int e = t == 0 ? (s->event != TDW_NONE && tdw_events[s->event].lasting ? s->event
                                                                                   : TDW_NONE)
                           : s->display[t - 1];
            if (s->players[p].traded >> t & 1
                && (e == TDW_NONE || tdw_events[e].effect.kind != TDW_E_TRADE_ROUND))
                return br_fail(err, "state.players[%d].traded: no lasting trade lies on %s", p,
                            slot_names[t]);
        }
    }
    if (!dues_empty(s) && !is_chapter_end(s))
        return br_fail(err, "state.dues: set outside the chapter end");
    if (ph != TDW_PH_OVER) {
        br_move moves[TDW_MAX_LEGAL];
        size_t n = tdw_legal_moves(s, moves);
        bool chance = tdw_current_player(s) == BR_PLAYER_CHANCE;
        if (n < (chance ? 1u : 2u))
            return br_fail(err, "state.phase: %s, but %s", tdw_phase_names[ph], n == 0
                        ? "nobody can move" : "the seat to move has a single legal move, which "
                        "is carried out without asking");
    }
    return true;
}

/* The result: the seats with the most VP, set when the game is over. */
static bool check_result(const tdw *s, br_text *err)
{
    if (s->phase != TDW_PH_OVER)
        return s->winners == 0 || br_fail(err, "state.result: set before the end of the game");
    unsigned best = 0, want = 0;
    for (int p = 0; p < s->num_players; p++)
        best = s->players[p].vp > best ? s->players[p].vp : best;
    for (int p = 0; p < s->num_players; p++)
        want |= (unsigned)(s->players[p].vp == best) << p;
    return s->winners == want
           || br_fail(err, "state.result.winners: not the seats with the most VP");
}

/* Every invariant between the fields, for both loaders; `d` holds what the
 * snapshot states twice, box_* what init() put in the box for this table. */
bool tdw_check_state(const tdw *s, const tdw_derived *d, int box_grain, int box_piety,
                        br_text *err)
{
    if (s->box_grain != box_grain || s->box_piety != box_piety)
        return br_fail(err, "state.box: grain %d and piety %d stay in the box with %d players",
                       box_grain, box_piety, s->num_players);
    return check_goods(s, d->covers, err) && check_cards(s, err) && check_events(s, err)
           && check_projects(s, d, err) && check_houses(s, d->houses, err)
           && check_plague(s, err) && check_piles(s, err) && check_pending(s, err)
           && check_result(s, err) && check_phase(s, err);
}

br_status tdw_from_json(void *st, const json_t *state, br_text *err)
{
    tdw *s = st;
    tdw_derived d;
    memset(&d, 0, sizeof d);
    if (!json_is_object(state)) {
        br_fail(err, "state: not an object");
        return BR_ERR_SNAPSHOT;
    }
    int box_grain = s->box_grain, box_piety = s->box_piety; /* set up for this table */
    bool ok = read_state(s, state, &d, err) && tdw_check_state(s, &d, box_grain, box_piety, err);
    return ok ? BR_OK : BR_ERR_SNAPSHOT;
}
