/*
 * Die Tore der Welt: the snapshot's members as a field table, which the core
 * (fields.c) walks to write the snapshot and every observation as JSON, to
 * read it back and for the binary form; here the codecs of what the core
 * cannot walk, the members the snapshot states twice, and the invariants
 * between the fields, which both loaders check (doc: "Snapshot and
 * observation", "Binary snapshot").
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
#include <stddef.h>
#include <string.h>

#include "tore_der_welt.h"

static const char *const place_state_names[4] = {"none", "hidden", "sick", "cured"};
static const char *const resume_names[4] = {"none", "end-action", "chapter-fill", "event-fill"};
static const char *const penalty_names[3] = {"penance", "begging", "court"};

static unsigned seal_owners(const tdw *s, int project)
{
    unsigned mask = 0;
    for (int p = 0; p < s->num_players; p++)
        mask |= (unsigned)(s->players[p].seals >> project & 1) << p;
    return mask;
}

/* ------------------------------------------------------------------ */
/* Codecs: the members the core cannot walk by itself */

/* drawn: 4 lists of event ids (printed 1..44), the member the whole state;
 * bytes: per chapter a list (length, ids 0..43), a bytes-only entry each. */
static void drawn_write_json(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const tdw *s = member;
    (void)c;
    br_jw_begin_array(w);
    for (int ch = 0; ch < TDW_CHAPTERS; ch++)
        br_jw_u8_list(w, s->drawn[ch], s->drawn_len[ch], 1);
    br_jw_end_array(w);
}

static bool drawn_read_json(const br_fields_ctx *c, void *member, const json_t *v,
                            const br_field_path *at, br_text *err)
{
    tdw *s = member;
    (void)c;
    if (!json_is_array(v) || json_array_size(v) != TDW_CHAPTERS)
        return br_field_fail(err, at, "not an array of %d lists", TDW_CHAPTERS);
    for (int ch = 0; ch < TDW_CHAPTERS; ch++) {
        br_field_path in = {at, NULL, ch};
        if (!br_field_read_u8_list(json_array_get(v, (size_t)ch), TDW_ROUNDS, TDW_EVENTS - 1, 1,
                                   "an event id", s->drawn[ch], &s->drawn_len[ch], &in, err))
            return false;
    }
    return true;
}

static const br_field_codec drawn_codec = {drawn_write_json, drawn_read_json, NULL, NULL};

/* projects[].seals: the seats whose seals lie on the project, kept in the
 * seats' seals (players[].seals in JSON is their derived count). */
static void project_seals_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const tdw *s = c->state;
    int p = (int)((const tdw_project_state *)member - s->projects);
    br_jw_seats(w, seal_owners(s, p), s->num_players);
}

static bool project_seals_read(const br_fields_ctx *c, void *member, const json_t *v,
                               const br_field_path *at, br_text *err)
{
    tdw *s = (tdw *)c->state; /* the state being read (tdw_from_json's) */
    int p = (int)((tdw_project_state *)member - s->projects);
    unsigned owners;
    if (!br_field_read_seats(v, s->num_players, &owners, at, err))
        return false;
    for (int q = 0; q < s->num_players; q++)
        s->players[q].seals |= (uint8_t)((owners >> q & 1) << p);
    return true;
}

/* Derived members (JSON only): the core compares them with the state after
 * a load (br_fields_check_derived()). */

static void houses_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)member;
    br_jw_int(w, TDW_HOUSES - tdw_houses_of(c->state, c->owner));
}

static void free_seals_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    br_jw_int(w, TDW_SEALS - tdw_popcount(((const tdw_player *)member)->seals));
}

static void supply_covers_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    br_jw_int(w, TDW_COVER_TILES - tdw_popcount(((const tdw *)member)->covers));
}

static const br_field_codec project_seals_codec = {project_seals_write, project_seals_read, NULL,
                                                   NULL};
static const br_field_codec houses_codec = {houses_write, NULL, NULL, NULL};
static const br_field_codec free_seals_codec = {free_seals_write, NULL, NULL, NULL};
static const br_field_codec supply_covers_codec = {supply_covers_write, NULL, NULL, NULL};

/* A seat's pile: [{"card", "used"}] in JSON (the member is the player);
 * bytes: length, cards, the used bits. */
typedef struct pile_entry {
    uint8_t card, used;
} pile_entry;

static const br_field pile_entry_fields[] = {
    {BR_KEY("card"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(pile_entry, card),
     .max = TDW_CARDS - 1, .names = tdw_card_names},
    {BR_KEY("used"), .kind = BR_FIELD_BOOL, .offset = offsetof(pile_entry, used)},
};
static const br_field_table pile_entry_table = {pile_entry_fields, 2};

static void pile_write_json(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const tdw_player *pl = member;
    (void)c;
    br_jw_begin_array(w);
    for (int i = 0; i < pl->pile_len; i++) {
        br_jw_begin_object(w);
        br_jw_key(w, "card");
        br_jw_name(w, tdw_card_names[pl->pile[i]]);
        br_jw_key_bool(w, "used", pl->pile_used >> i & 1);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
}

static bool pile_read_json(const br_fields_ctx *c, void *member, const json_t *v,
                           const br_field_path *at, br_text *err)
{
    tdw_player *pl = member;
    if (!json_is_array(v) || json_array_size(v) > TDW_ROUNDS)
        return br_field_fail(err, at, "not an array of at most %d cards", TDW_ROUNDS);
    pl->pile_len = (uint8_t)json_array_size(v);
    pl->pile_used = 0;
    for (int i = 0; i < pl->pile_len; i++) {
        br_field_path entry = {at, NULL, i};
        pile_entry e;
        if (!br_fields_read_json(&pile_entry_table, c, &e, json_array_get(v, (size_t)i), &entry,
                                 err))
            return false;
        pl->pile[i] = e.card;
        pl->pile_used |= (uint8_t)(e.used << i);
    }
    return true;
}

static const br_field_codec pile_json_codec = {pile_write_json, pile_read_json, NULL, NULL};

/* penalties: {"penance", "begging", "court"}, the bits of the mask */
static const br_field penalty_fields[] = {
    {BR_KEY("penance"), .kind = BR_FIELD_FLAG, .bias = 0, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("begging"), .kind = BR_FIELD_FLAG, .bias = 1, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("court"), .kind = BR_FIELD_FLAG, .bias = 2, .flags = BR_FIELD_JSON_ONLY},
};
static const br_field_table penalty_table = {penalty_fields, 3};

/* pending.queue: the seats still to decide, clockwise after pending.seat
 * (the member is pending). */
static void queue_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const tdw_pending *pd = member;
    int n = c->num_seats, start = pd->seat == TDW_NONE ? 0 : pd->seat + 1;
    br_jw_begin_array(w);
    for (int k = 0; k < n; k++) {
        int p = (start + k) % n;
        if (pd->queue >> p & 1)
            br_jw_int(w, p);
    }
    br_jw_end_array(w);
}

static bool queue_read(const br_fields_ctx *c, void *member, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    tdw_pending *pd = member;
    int n = c->num_seats, prev = -1, start = pd->seat == TDW_NONE ? 0 : pd->seat + 1;
    if (!json_is_array(v) || json_array_size(v) > (size_t)n)
        return br_field_fail(err, at, "not an array of at most %d seats", n);
    pd->queue = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        br_field_path entry = {at, NULL, (long)i};
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) >= n)
            return br_field_fail(err, &entry, "not a seat 0..%d", n - 1);
        int p = (int)json_integer_value(e), dist = (p - start + 2 * n) % n;
        if (p == pd->seat)
            return br_field_fail(err, &entry, "seat %d is the deciding seat itself", p);
        if (dist <= prev)
            return br_field_fail(err, &entry, "not in clockwise order from pending.seat");
        prev = dist;
        pd->queue |= (uint8_t)(1u << p);
    }
    return true;
}

static const br_field_codec queue_codec = {queue_write, queue_read, NULL, NULL};

/* dues: null, or at a chapter end {"tax", "shortfall"}; bytes: the tax (0:
 * before the roll) and the shortfalls. The member is the whole state. */
static const br_field due_fields[] = {
    {BR_KEY("piety"), .kind = BR_FIELD_INT, .width = 1, .offset = 0, .max = 2},
    {BR_KEY("grain"), .kind = BR_FIELD_INT, .width = 1, .offset = 1, .max = 2},
    {BR_KEY("tax"), .kind = BR_FIELD_INT, .width = 1, .offset = 2, .max = 5},
};
static const br_field_table due_table = {due_fields, 3};

static const br_field dues_fields[] = {
    {BR_KEY("tax"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(tdw, tax), .min = 2,
     .max = 5, .flags = BR_FIELD_NULLABLE, .none = 0},
    {BR_KEY("shortfall"), .kind = BR_FIELD_OBJECT, .offset = offsetof(tdw, shortfall),
     .count = BR_FIELD_SEATS, .stride = TDW_DUES, .table = &due_table},
};
static const br_field_table dues_table = {dues_fields, 2};

static void dues_write_json(const br_fields_ctx *c, const void *member, br_jw *w)
{
    if (tdw_dues_empty(member))
        br_jw_null(w);
    else
        br_fields_write_json(&dues_table, c, member, w);
}

static bool dues_read_json(const br_fields_ctx *c, void *member, const json_t *v,
                           const br_field_path *at, br_text *err)
{
    tdw *s = member;
    memset(s->shortfall, 0, sizeof s->shortfall);
    s->tax = 0;
    if (json_is_null(v))
        return true;
    if (!br_fields_read_json(&dues_table, c, s, v, at, err))
        return false;
    return !tdw_dues_empty(s) || br_field_fail(err, at, "no roll and no shortfall: write null");
}

static const br_field_codec dues_codec = {dues_write_json, dues_read_json, NULL, NULL};

/* result: null, or at the end {"vp", "winners"} (the member is the whole
 * state), derived from the VP (tdw_from_json() sets the winners); the
 * binary form has the winners only. */
static void result_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    const tdw *s = member;
    (void)c;
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
    br_jw_seats(w, s->winners, s->num_players);
    br_jw_end_object(w);
}

static const br_field_codec result_codec = {result_write, NULL, NULL, NULL};

/* ------------------------------------------------------------------ */
/* The table (members in the order of the top of this file; where the
 * binary form orders them otherwise, a JSON-only and a bytes-only entry) */

#define AT(type, member) .offset = offsetof(type, member)
#define U8 .kind = BR_FIELD_INT, .width = 1
#define OPT .flags = BR_FIELD_NULLABLE, .none = TDW_NONE
#define DRAWN(ch)                                                                              \
    {BR_KEY("drawn[" #ch "]"), U8, AT(tdw, drawn[ch]), .count = TDW_ROUNDS, .stride = 1,        \
     .length_at = 1 + offsetof(tdw, drawn_len[ch]), .max = TDW_EVENTS - 1,                     \
     .flags = BR_FIELD_BYTES_ONLY}

static const br_field goods_fields[TDW_GOODS] = {
    {BR_KEY("stone"), U8, .offset = TDW_STONE, .max = 25},
    {BR_KEY("wood"), U8, .offset = TDW_WOOD, .max = 15},
    {BR_KEY("grain"), U8, .offset = TDW_GRAIN, .max = 10},
    {BR_KEY("piety"), U8, .offset = TDW_PIETY, .max = 12},
    {BR_KEY("wool"), U8, .offset = TDW_WOOL, .max = 15},
    {BR_KEY("cloth"), U8, .offset = TDW_CLOTH, .max = 12},
    {BR_KEY("money"), U8, .offset = TDW_MONEY, .max = 28},
    {BR_KEY("loyalty"), U8, .offset = TDW_LOYALTY, .max = 14},
    {BR_KEY("knowledge"), U8, .offset = TDW_KNOWLEDGE, .max = 20},
};
static const br_field_table goods_table = {goods_fields, TDW_GOODS};

/* The member is the whole state: the supply's goods (grain and piety are
 * the stock's), then the metal and (derived) the cover tiles. */
static const br_field supply_fields[] = {
    {BR_KEY("stone"), U8, AT(tdw, supply[TDW_STONE]), .max = 25},
    {BR_KEY("wood"), U8, AT(tdw, supply[TDW_WOOD]), .max = 15},
    {BR_KEY("wool"), U8, AT(tdw, supply[TDW_WOOL]), .max = 15},
    {BR_KEY("cloth"), U8, AT(tdw, supply[TDW_CLOTH]), .max = 12},
    {BR_KEY("money"), U8, AT(tdw, supply[TDW_MONEY]), .max = 28},
    {BR_KEY("loyalty"), U8, AT(tdw, supply[TDW_LOYALTY]), .max = 14},
    {BR_KEY("knowledge"), U8, AT(tdw, supply[TDW_KNOWLEDGE]), .max = 20},
    {BR_KEY("metal"), U8, AT(tdw, supply_metal), .max = 1},
    {BR_KEY("covers"), .kind = BR_FIELD_CODEC, .codec = &supply_covers_codec,
     .flags = BR_FIELD_JSON_ONLY},
};
static const br_field_table supply_table = {supply_fields, 9};

/* stock and box: grain, then piety */
static const br_field pair_fields[] = {
    {BR_KEY("grain"), U8, .offset = 0, .max = 10},
    {BR_KEY("piety"), U8, .offset = 1, .max = 12},
};
static const br_field_table pair_table = {pair_fields, 2};

/* Per project the largest cubes of any; check_projects() holds each to its
 * own. */
static const br_field project_fields[] = {
    {BR_KEY("in_play"), .kind = BR_FIELD_BOOL, AT(tdw_project_state, in_play)},
    {BR_KEY("stone"), U8, AT(tdw_project_state, stone), .max = 6},
    {BR_KEY("wood"), U8, AT(tdw_project_state, wood), .max = 3},
    {BR_KEY("metal"), U8, AT(tdw_project_state, metal), .max = 1},
    {BR_KEY("seals"), .kind = BR_FIELD_CODEC, .codec = &project_seals_codec,
     .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("done"), .kind = BR_FIELD_BOOL, AT(tdw_project_state, done)},
};
static const br_field_table project_table = {project_fields, 6};

/* A place's state and value: the entry is place_state[x], its value lies
 * TDW_PLACES bytes on (place_value[x]); value 0 (hidden) is null. */
static const br_field place_fields[] = {
    {BR_KEY("state"), .kind = BR_FIELD_NAME, .width = 1, .offset = 0, .max = 3,
     .names = place_state_names},
    {BR_KEY("value"), U8, .offset = offsetof(tdw, place_value) - offsetof(tdw, place_state),
     .min = 1, .max = TDW_PLAGUE_VALUES, .flags = BR_FIELD_NULLABLE, .none = 0},
};
static const br_field_table place_table = {place_fields, 2};

static bool sees_goods(const br_fields_ctx *c)
{
    return c->viewer == c->owner || ((const tdw *)c->state)->screens_open;
}

/* The binary form's order: the discards before the pile (its length, the
 * cards, their used bits), the penalties as their mask, the seals (the
 * projects they lie on) before acted. */
static const br_field player_fields[] = {
    {BR_KEY("vp"), .kind = BR_FIELD_INT, .width = 2, AT(tdw_player, vp), .max = UINT16_MAX},
    {BR_KEY("goods"), .kind = BR_FIELD_OBJECT, AT(tdw_player, goods), .table = &goods_table,
     .see = BR_SEE_CUSTOM, .visible = sees_goods, .hide = BR_HIDE_NULL},
    {BR_KEY("houses"), .kind = BR_FIELD_CODEC, .codec = &houses_codec, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("seals"), .kind = BR_FIELD_CODEC, .codec = &free_seals_codec,
     .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("hand"), .kind = BR_FIELD_SET, .width = 2, AT(tdw_player, hand), .max = TDW_CARDS,
     .names = tdw_card_names, .see = BR_SEE_OWNER, .hide = BR_HIDE_COUNT},
    {BR_KEY("pile"), .kind = BR_FIELD_CODEC, .codec = &pile_json_codec,
     .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("discards"), .kind = BR_FIELD_SET, .width = 2, AT(tdw_player, discards),
     .max = TDW_CARDS, .names = tdw_card_names, .see = BR_SEE_OWNER, .hide = BR_HIDE_COUNT},
    {BR_KEY("pile"), U8, AT(tdw_player, pile), .count = TDW_ROUNDS, .stride = 1,
     .length_at = 1 + offsetof(tdw_player, pile_len), .max = TDW_CARDS - 1,
     .flags = BR_FIELD_BYTES_ONLY},
    /* bits beyond the pile's cards: check_cards() */
    {BR_KEY("pile.used"), .kind = BR_FIELD_SET, .width = 1, AT(tdw_player, pile_used),
     .max = TDW_ROUNDS, .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("penalties"), .kind = BR_FIELD_OBJECT, AT(tdw_player, penalties),
     .table = &penalty_table, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("penalties"), .kind = BR_FIELD_SET, .width = 1, AT(tdw_player, penalties), .max = 3,
     .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("forfeit"), .kind = BR_FIELD_BOOL, AT(tdw_player, forfeit)},
    {BR_KEY("traded"), .kind = BR_FIELD_SET, .width = 1, AT(tdw_player, traded), .max = 3,
     .names = tdw_slot_names},
    {BR_KEY("seals"), .kind = BR_FIELD_SET, .width = 1, AT(tdw_player, seals),
     .max = TDW_PROJECTS, .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("acted"), .kind = BR_FIELD_BOOL, AT(tdw_player, acted)},
};
static const br_field_table player_table = {player_fields,
                                            sizeof player_fields / sizeof player_fields[0]};

static const br_field pending_fields[] = {
    {BR_KEY("seat"), U8, AT(tdw_pending, seat), .max = BR_FIELD_LAST_SEAT, OPT},
    {BR_KEY("queue"), .kind = BR_FIELD_CODEC, .codec = &queue_codec, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("queue"), .kind = BR_FIELD_SET, .width = 1, AT(tdw_pending, queue),
     .max = BR_FIELD_LAST_SEAT, .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("card"), .kind = BR_FIELD_NAME, .width = 1, AT(tdw_pending, card),
     .max = TDW_CARDS - 1, .names = tdw_card_names, OPT},
    {BR_KEY("via_privilege"), .kind = BR_FIELD_BOOL, AT(tdw_pending, via_privilege)},
    {BR_KEY("rented"), .kind = BR_FIELD_SET, .width = 2, AT(tdw_pending, rented),
     .max = TDW_PLOTS, .names = tdw_plot_names},
    {BR_KEY("cared"), U8, AT(tdw_pending, cared), .max = 20},
    {BR_KEY("resume"), .kind = BR_FIELD_NAME, .width = 1, AT(tdw_pending, resume), .max = 3,
     .names = resume_names},
    {BR_KEY("fill_next"), .kind = BR_FIELD_NAME, .width = 1, AT(tdw_pending, fill_next),
     .max = TDW_PROJECTS - 1, .names = tdw_project_names, .flags = BR_FIELD_NULLABLE,
     .none = TDW_PROJECTS},
};
static const br_field_table pending_table = {pending_fields,
                                             sizeof pending_fields / sizeof pending_fields[0]};

static const br_field state_fields[] = {
    {BR_KEY("phase"), .kind = BR_FIELD_NAME, .width = 1, AT(tdw, phase), .max = TDW_PHASES - 1,
     .names = tdw_phase_names, .flags = BR_FIELD_JSON_ONLY},
    /* a number in the binary form, and its reason says so ("12 is not in 0..11") */
    {BR_KEY("phase"), U8, AT(tdw, phase), .max = TDW_PHASES - 1, .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("chapter"), U8, AT(tdw, chapter), .max = TDW_CHAPTERS - 1, .bias = 1},
    {BR_KEY("round"), U8, AT(tdw, round), .max = TDW_ROUNDS - 1, .bias = 1},
    {BR_KEY("crest"), U8, AT(tdw, crest), .max = BR_FIELD_LAST_SEAT},
    {BR_KEY("turn"), U8, AT(tdw, turn), .max = BR_FIELD_LAST_SEAT, OPT},
    {BR_KEY("drawn"), .kind = BR_FIELD_CODEC, .codec = &drawn_codec, .flags = BR_FIELD_JSON_ONLY},
    DRAWN(0),
    DRAWN(1),
    DRAWN(2),
    DRAWN(3),
    {BR_KEY("event"), U8, AT(tdw, event), .max = TDW_EVENTS - 1, .bias = 1, OPT},
    {BR_KEY("orientation"), U8, AT(tdw, orientation), .max = 3, OPT},
    {BR_KEY("display"), U8, AT(tdw, display), .count = 2, .stride = 1, .max = TDW_EVENTS - 1,
     .bias = 1, OPT},
    {BR_KEY("display_older"), U8, AT(tdw, display_older), .max = 1, .bias = 1, OPT},
    {BR_KEY("favour"), U8, AT(tdw, favour), .max = TDW_SPACES - 1},
    {BR_KEY("covers"), .kind = BR_FIELD_SET, .width = 4, AT(tdw, covers), .max = TDW_TARGETS,
     .names = tdw_target_names},
    {BR_KEY("projects"), .kind = BR_FIELD_OBJECT, AT(tdw, projects), .count = TDW_PROJECTS,
     .stride = sizeof(tdw_project_state), .table = &project_table},
    {BR_KEY("plots"), U8, AT(tdw, plots), .count = TDW_PLOTS, .stride = 1,
     .max = BR_FIELD_LAST_SEAT, OPT},
    {BR_KEY("places"), .kind = BR_FIELD_OBJECT, AT(tdw, place_state), .count = TDW_PLACES,
     .stride = 1, .table = &place_table},
    /* the snapshot's five counts, the observation's total */
    {BR_KEY("plague_pool"), U8, AT(tdw, plague_pool), .count = TDW_PLAGUE_VALUES, .stride = 1,
     .max = 3, .see = BR_SEE_NONE, .hide = BR_HIDE_SUM},
    {BR_KEY("stock"), .kind = BR_FIELD_OBJECT, AT(tdw, stock_grain), .table = &pair_table,
     .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("box"), .kind = BR_FIELD_OBJECT, AT(tdw, box_grain), .table = &pair_table,
     .flags = BR_FIELD_JSON_ONLY},
    /* bytes: the four in one run (check_goods() and the box's check hold
     * each to its own count) */
    {BR_KEY("stock"), U8, AT(tdw, stock_grain), .count = 4, .stride = 1, .max = 12,
     .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("supply"), .kind = BR_FIELD_OBJECT, .offset = 0, .table = &supply_table},
    {BR_KEY("players"), .kind = BR_FIELD_OBJECT, AT(tdw, players), .count = BR_FIELD_SEATS,
     .stride = sizeof(tdw_player), .table = &player_table},
    {BR_KEY("pending"), .kind = BR_FIELD_OBJECT, AT(tdw, pending), .table = &pending_table},
    {BR_KEY("dues"), .kind = BR_FIELD_CODEC, .codec = &dues_codec, .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("dues"), .kind = BR_FIELD_OBJECT, .offset = 0, .table = &dues_table,
     .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("result"), .kind = BR_FIELD_CODEC, .codec = &result_codec,
     .flags = BR_FIELD_JSON_ONLY},
    {BR_KEY("result"), .kind = BR_FIELD_SET, .width = 1, AT(tdw, winners),
     .max = BR_FIELD_LAST_SEAT, .flags = BR_FIELD_BYTES_ONLY},
    {BR_KEY("seat"), .kind = BR_FIELD_CODEC, .codec = &br_field_viewer_codec,
     .flags = BR_FIELD_VIEW_ONLY},
};
static const br_field_table state_table = {state_fields,
                                           sizeof state_fields / sizeof state_fields[0]};

#undef AT
#undef U8
#undef OPT
#undef DRAWN

/* The snapshot (viewer BR_VIEW_FULL) or what seat `viewer` (-1: a
 * spectator) may see. */
void tdw_write_view(const void *st, int viewer, br_jw *w)
{
    const tdw *s = st;
    br_fields_ctx c = {s, viewer, s->num_players, -1};
    br_fields_write_json(&state_table, &c, st, w);
}

/* The walk's context for loading and the binary form. */
static br_fields_ctx fields_ctx(const tdw *s)
{
    return (br_fields_ctx){s, BR_VIEW_FULL, s->num_players, -1};
}

/* ------------------------------------------------------------------ */
/* Invariants */

static bool check_goods(const tdw *s, br_text *err)
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
    return placed <= TDW_COVER_TILES
           || br_fail(err, "state.covers: %d cover tiles placed, the game has %d", placed,
                      TDW_COVER_TILES);
}

static bool check_cards(const tdw *s, br_text *err)
{
    unsigned all = s->chapter == 0 ? (1u << TDW_STARTERS) - 1 : (1u << TDW_CARDS) - 1;
    for (int p = 0; p < s->num_players; p++) {
        const tdw_player *pl = &s->players[p];
        unsigned pile = 0;
        if (pl->pile_used >> pl->pile_len)
            return br_fail(err, "state.players[%d].pile.used: bits set beyond the pile's length %d",
                           p, pl->pile_len);
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

/* The event that brings project p into play, or -1 (bridge, tower). */
static int project_event(int p)
{
    for (int e = 0; e < TDW_EVENTS; e++)
        if (tdw_events[e].effect.kind == TDW_E_PROJECT && tdw_events[e].effect.target == p)
            return e;
    return -1;
}

static bool check_projects(const tdw *s, br_text *err)
{
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        const char *name = tdw_projects[p].text;
        if (ps->stone > tdw_projects[p].stone || ps->wood > tdw_projects[p].wood
            || ps->metal > (p == TDW_P_TOWER))
            return br_fail(err, "state.projects[%d] (%s): more cubes than its fields hold", p,
                           name);
        if (!ps->in_play && (ps->stone || ps->wood || ps->metal || ps->done || seal_owners(s, p)))
            return br_fail(err, "state.projects[%d].in_play (%s): false, but it has cubes, seals "
                        "or is done", p, name);
        /* the bridge from the start, the tower from chapter III, the others
         * when their event is resolved (the current card: either) */
        int e = project_event(p);
        bool due = p == TDW_P_BRIDGE
                   || (p == TDW_P_TOWER ? s->chapter >= 2 : tdw_event_drawn(s, e));
        bool open = e >= 0 && e == s->event;
        if (ps->in_play != due && !open)
            return br_fail(err, "state.projects[%d].in_play (%s): %s", p, name,
                        ps->in_play ? "the project has not come into play"
                                    : "the project is in play by now");
        if (ps->metal && !tdw_project_full(s, p))
            return br_fail(err, "state.projects[%d].metal (%s): the spire before the 8 fields are "
                        "full", p, name);
        if (ps->done != tdw_project_full(s, p) || (p == TDW_P_TOWER && ps->metal != ps->done))
            return br_fail(err, "state.projects[%d].done (%s): %s", p, name, ps->done
                        ? "its fields are not all filled (or the tower's spire is missing)"
                        : "its fields are full (and so it is completed)");
        if (ps->done && seal_owners(s, p))
            return br_fail(err, "state.projects[%d].seals (%s): the seals go back on completion",
                        p, name);
        if (s->covers >> (TDW_T_PROJECT + p) & 1 && !ps->in_play)
            return br_fail(err, "state.covers: a cover on the %s, which is not in play", name);
    }
    for (int p = 0; p < s->num_players; p++) {
        if (tdw_popcount(s->players[p].seals) > TDW_SEALS)
            return br_fail(err, "state.projects: seat %d has more than %d seals placed", p, TDW_SEALS);
    }
    return true;
}

static bool check_houses(const tdw *s, br_text *err)
{
    for (int p = 0; p < s->num_players; p++) {
        unsigned groups = 0;
        for (int q = 0; q < TDW_PLOTS; q++) {
            if (s->plots[q] != p)
                continue;
            if (groups >> tdw_plots[q].yield & 1)
                return br_fail(err, "state.plots[%d]: seat %d has a house on another plot of the "
                            "same yield (%s)", q, p, tdw_plot_names[q]);
            groups |= 1u << tdw_plots[q].yield;
        }
        if (tdw_houses_of(s, p) > TDW_HOUSES)
            return br_fail(err, "state.plots: seat %d has more than %d houses", p, TDW_HOUSES);
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
    return phase && p == tdw_acting_seat(s);
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
            return br_fail(err, "state.pending.rented: %s holds no house of seat %d", tdw_plot_names[q],
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
        int first = tdw_acting_seat(s);
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
                            tdw_slot_names[t]);
        }
    }
    if (!tdw_dues_empty(s) && !is_chapter_end(s))
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
    return s->winners == tdw_top_seats(s)
           || br_fail(err, "state.result.winners: not the seats with the most VP");
}

/* Every invariant between the fields, for both loaders; box_* is what
 * init() put in the box for this table. */
static bool check_state(const tdw *s, int box_grain, int box_piety, br_text *err)
{
    if (s->box_grain != box_grain || s->box_piety != box_piety)
        return br_fail(err, "state.box: grain %d and piety %d stay in the box with %d players",
                       box_grain, box_piety, s->num_players);
    return check_goods(s, err) && check_cards(s, err) && check_events(s, err)
           && check_projects(s, err) && check_houses(s, err) && check_plague(s, err)
           && check_piles(s, err) && check_pending(s, err) && check_result(s, err)
           && check_phase(s, err);
}

/* The JSON snapshot: the table's members, the seals read from the projects'
 * lists, the winners from the VP; then the invariants, and the derived
 * members (free houses, seals and cover tiles, the result) against the
 * state. */
br_status tdw_from_json(void *st, const json_t *state, br_text *err)
{
    tdw *s = st;
    int box_grain = s->box_grain, box_piety = s->box_piety; /* set up for this table */
    br_fields_ctx c = fields_ctx(s);
    br_field_path root = {NULL, "state", 0};
    for (int p = 0; p < TDW_MAX_SEATS; p++)
        s->players[p].seals = 0; /* set from projects[].seals */
    if (!br_fields_read_json(&state_table, &c, s, state, &root, err))
        return BR_ERR_SNAPSHOT;
    s->winners = s->phase == TDW_PH_OVER ? tdw_top_seats(s) : 0;
    bool ok = check_state(s, box_grain, box_piety, err)
              && br_fields_check_derived(&state_table, &c, s, state, &root, err);
    return ok ? BR_OK : BR_ERR_SNAPSHOT;
}

/* The binary snapshot (doc: "Binary snapshot"): the same members in fixed
 * widths, little-endian, walked by the core from the same table; what JSON
 * states twice is written once. The loader ends in the same invariants. */
void tdw_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = fields_ctx(st);
    br_fields_write_bytes(&state_table, &c, st, w);
}

br_status tdw_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    tdw *s = st;
    int box_grain = s->box_grain, box_piety = s->box_piety; /* set up for this table */
    br_fields_ctx c = fields_ctx(s);
    br_field_path root = {NULL, "state", 0};
    if (!br_fields_read_bytes(&state_table, &c, s, r, &root))
        return BR_ERR_SNAPSHOT;
    return check_state(s, box_grain, box_piety, err) ? BR_OK : BR_ERR_SNAPSHOT;
}
