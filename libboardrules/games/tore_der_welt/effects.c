/*
 * Die Tore der Welt's effects: what one history entry changed, as one seat
 * (or a spectator) may see it (doc/games/tore-der-welt.md, "Effects").
 *
 * The entry's own effect comes first, named from the move (and, for the
 * orientation, the incomes it gives); then what the rules did because of
 * it, read off the two positions: the favour marker, VP, goods, cards
 * drawn, projects, plague places, the display, the dues, a new round or
 * chapter, the end. Reading the positions rather than retracing the rules
 * keeps automatic steps (favour rewards, a completed project, the chapter
 * end) in the effects without a second copy of the rules. Nothing is
 * allocated.
 *
 * Hidden: another seat's hand, discards and penance draws (the owner's
 * own), and with screens=closed another seat's goods.
 */
#include "tore_der_welt.h"

static const char *const chapter_names[TDW_CHAPTERS] = {"I", "II", "III", "IV"};
static const char *const penalty_names[3] = {"penance", "begging", "court"};
static const char *const event_kind_names[] = {
    "gain_all", "lose_all", "most", "per_house", "show_or", "pay_or", "trade", "war",
    "cover", "project", "fill", "ban", "bonus", "cost", "price", "trade_round"};
_Static_assert(sizeof event_kind_names / sizeof *event_kind_names == TDW_E_TRADE_ROUND + 1,
               "one name per event effect kind");

enum { NAME_SIZE = 48 };

static bool sees(int viewer, int owner) { return viewer == BR_VIEW_FULL || viewer == owner; }

static bool sees_goods(const tdw *s, int viewer, int owner)
{
    return sees(viewer, owner) || s->screens_open;
}

/* Opens an effect object: "type" first. */
static void begin(br_jw *w, const char *type)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", type);
}

static void begin_seat(br_jw *w, const char *type, int seat)
{
    begin(w, type);
    br_jw_key_int(w, "seat", seat);
}

/* A seat's move: "forced": true when the rules made it for the seat (its
 * only legal move, carried out without asking: C22). */
static void begin_move(br_jw *w, const char *type, int seat, bool forced)
{
    begin_seat(w, type, seat);
    if (forced)
        br_jw_key_bool(w, "forced", true);
}

static void key_event(br_jw *w, int event)
{
    char buf[NAME_SIZE];
    br_text t = br_text_over(buf, sizeof buf);
    br_text_printf(&t, "event %d", event + 1);
    br_jw_key_string(w, "event", buf);
}

/* A card of `owner` that only the owner sees (a discard, a penance draw). */
static void key_card_for(br_jw *w, const char *key, int card, int owner, int viewer)
{
    br_jw_key_string(w, key, sees(viewer, owner) ? tdw_card_names[card] : "?");
}

static void cards_for(br_jw *w, const char *key, unsigned mask, int owner, int viewer)
{
    br_jw_key(w, key);
    br_jw_begin_array(w);
    for (int c = 0; c < TDW_CARDS; c++)
        if (mask >> c & 1)
            br_jw_string(w, sees(viewer, owner) ? tdw_card_names[c] : "?");
    br_jw_end_array(w);
}

/* ------------------------------------------------------------------ */
/* The entry itself */

/* The crest holder's orientation and what it gives each seat: the corner
 * income printed towards that seat. */
static void write_orient(const tdw *before, int v, bool forced, br_jw *w)
{
    int e = before->event;
    begin_move(w, "orient", before->crest, forced);
    key_event(w, e);
    br_jw_key_int(w, "orientation", v);
    br_jw_end_object(w);
    for (int p = 0; p < before->num_players; p++) {
        int corner = tdw_corner_for_seat(before, e, v, p);
        begin_seat(w, "income", p);
        br_jw_key_string(w, "income", tdw_income_codes[tdw_events[e].corners[corner]]);
        /* C-rule "begging": no income in round 1 of the chapter */
        if (before->round == 0 && (before->players[p].penalties & TDW_PEN_BEGGING))
            br_jw_key_bool(w, "begging", true);
        br_jw_end_object(w);
    }
}

static void write_card_move(const tdw *before, int m, int viewer, bool forced, br_jw *w)
{
    int p = before->turn;
    const tdw_player *pl = &before->players[p];
    if (m < TDW_MV_LAY) {
        int card = m - TDW_MV_PLAY;
        begin_move(w, "play", p, forced);
        br_jw_key_string(w, "card", tdw_card_names[card]);
        /* Privileg repeats the top face-up card (a public card) */
        if (card == TDW_C_PRIVILEGE && pl->pile_len)
            br_jw_key_string(w, "repeats", tdw_card_names[pl->pile[pl->pile_len - 1]]);
    } else if (m < TDW_MV_DISCARD) {
        begin_move(w, "lay", p, forced);
        br_jw_key_string(w, "card", tdw_card_names[m - TDW_MV_LAY]);
    } else {
        begin_move(w, "discard", p, forced);
        key_card_for(w, "card", m - TDW_MV_DISCARD, p, viewer);
    }
    br_jw_end_object(w);
}

/* accept, decline, done, the follow-up steps of a card, care and redeem:
 * public moves, named by their notation. */
static void write_step(const tdw *before, br_move move, bool forced, br_jw *w)
{
    int m = (int)move;
    const char *type = m == TDW_MV_ACCEPT    ? "accept"
                       : m == TDW_MV_DECLINE ? "decline"
                       : m == TDW_MV_DONE    ? "done"
                       : m >= TDW_MV_REDEEM  ? "redeem"
                                             : "step";
    begin_move(w, type, tdw_current_player(before), forced);
    if (m == TDW_MV_ACCEPT || m == TDW_MV_DECLINE)
        key_event(w, before->event);
    if (m >= TDW_MV_REDEEM) {
        br_jw_key_string(w, "due", tdw_due_names[m - TDW_MV_REDEEM]);
    } else if (m > TDW_MV_DONE) {
        char buf[NAME_SIZE];
        br_text t = br_text_over(buf, sizeof buf);
        tdw_move_to_text(before, move, BR_VIEW_FULL, &t);
        br_jw_key_string(w, "move", buf);
        if (before->phase == TDW_PH_FOLLOW && before->pending.card < TDW_CARDS)
            br_jw_key_string(w, "card", tdw_card_names[before->pending.card]);
    }
    br_jw_end_object(w);
}

static void write_event(int e, br_jw *w)
{
    begin(w, "event");
    key_event(w, e);
    br_jw_key_string(w, "name", tdw_events[e].name_en);
    br_jw_key_string(w, "effect", event_kind_names[tdw_events[e].effect.kind]);
    br_jw_key_bool(w, "lasting", tdw_events[e].lasting);
    br_jw_end_object(w);
}

/* The tile revealed at the event card's place (revealed to everyone). */
static void write_plague(const tdw *before, int value, br_jw *w)
{
    begin(w, "plague");
    br_jw_key_int(w, "place", tdw_events[before->event].place + 1);
    br_jw_key_int(w, "tile", value);
    br_jw_end_object(w);
}

static void write_chance(const tdw *before, int m, int viewer, br_jw *w)
{
    if (m < TDW_MV_PLAGUE) {
        write_event(m - TDW_MV_EVENT, w);
    } else if (m < TDW_MV_TAX) {
        write_plague(before, m - TDW_MV_PLAGUE + 1, w);
    } else if (m < TDW_MV_PENANCE) {
        begin(w, "tax");
        br_jw_key_int(w, "value", m - TDW_MV_TAX + 2);
        br_jw_end_object(w);
    } else {
        begin_seat(w, "penance", before->turn);
        key_card_for(w, "card", m - TDW_MV_PENANCE, before->turn, viewer);
        br_jw_end_object(w);
    }
}

static void write_entry(const tdw *before, br_move move, int viewer, bool forced, br_jw *w)
{
    int m = (int)move;
    if (m < TDW_MV_PLAY) {
        write_orient(before, m, forced, w);
    } else if (m < TDW_MV_TRADE) {
        write_card_move(before, m, viewer, forced, w);
    } else if (m < TDW_MV_ACCEPT) {
        begin_move(w, "trade", before->turn, forced);
        br_jw_key_string(w, "slot", tdw_slot_names[m - TDW_MV_TRADE]);
        br_jw_end_object(w);
    } else if (m < TDW_MV_EVENT) {
        write_step(before, move, forced, w);
    } else {
        write_chance(before, m, viewer, w);
    }
}

/* The moves the rules made for the seats after the entry's own move: each
 * decision with a single legal move (a forced follow-up such as the only
 * sale of a wool-sale, a decline, a done, a last card discarded), in the
 * vocabulary of the seat's own moves with "forced": true. They are found
 * by retracing the entry on a copy of the position (plain data: nothing is
 * allocated). */
static void write_forced(const tdw *before, br_move move, int viewer, br_jw *w)
{
    tdw s = *before;
    tdw_apply_raw(&s, move);
    br_move only;
    while (tdw_forced_move(&s, &only)) {
        write_entry(&s, only, viewer, true, w);
        tdw_apply_raw(&s, only);
    }
}

/* ------------------------------------------------------------------ */
/* What the rules did: the two positions compared */

/* The marker moved: by the orientation (the crest holder takes the
 * space's reward) or by the Gunst card (its player does). */
static void write_favour(const tdw *before, const tdw *after, br_jw *w)
{
    if (before->favour == after->favour)
        return;
    begin(w, "favour");
    int mover = tdw_current_player(before);
    if (mover >= 0)
        br_jw_key_int(w, "seat", mover);
    br_jw_key_string(w, "from", tdw_track[before->favour].text);
    br_jw_key_string(w, "to", tdw_track[after->favour].text);
    br_jw_end_object(w);
}

static void write_vp(const tdw *before, const tdw *after, int p, br_jw *w)
{
    int change = after->players[p].vp - before->players[p].vp;
    if (!change)
        return;
    begin_seat(w, "vp", p);
    br_jw_key_int(w, "change", change);
    br_jw_key_int(w, "vp", after->players[p].vp);
    br_jw_end_object(w);
}

/* Goods behind the screen: only to those who see them. */
static void write_goods(const tdw *before, const tdw *after, int p, int viewer, br_jw *w)
{
    const tdw_player *a = &before->players[p], *b = &after->players[p];
    if (!sees_goods(after, viewer, p) || !memcmp(a->goods, b->goods, sizeof a->goods))
        return;
    begin_seat(w, "goods", p);
    br_jw_key(w, "change");
    br_jw_begin_object(w);
    for (int g = 0; g < TDW_GOODS; g++)
        if (a->goods[g] != b->goods[g])
            br_jw_key_int(w, tdw_good_names[g], b->goods[g] - a->goods[g]);
    br_jw_end_object(w);
    br_jw_end_object(w);
}

/* Cards taken into the hand (a new chapter's hand). */
static void write_draw(const tdw *before, const tdw *after, int p, int viewer, br_jw *w)
{
    unsigned drawn = after->players[p].hand & ~before->players[p].hand;
    if (!drawn)
        return;
    begin_seat(w, "draw", p);
    cards_for(w, "cards", drawn, p, viewer);
    br_jw_end_object(w);
}

static void write_forfeit(const tdw *before, const tdw *after, int p, br_jw *w)
{
    if (after->players[p].forfeit && !before->players[p].forfeit) {
        begin_seat(w, "forfeit", p);
        br_jw_end_object(w);
    }
}

static void write_seats(const tdw *before, const tdw *after, int viewer, br_jw *w)
{
    for (int p = 0; p < after->num_players; p++) {
        write_vp(before, after, p, w);
        write_goods(before, after, p, viewer, w);
        write_draw(before, after, p, viewer, w);
        write_forfeit(before, after, p, w);
    }
}

static void write_projects(const tdw *before, const tdw *after, br_jw *w)
{
    for (int k = 0; k < TDW_PROJECTS; k++) {
        const tdw_project_state *a = &before->projects[k], *b = &after->projects[k];
        if (!memcmp(a, b, sizeof *a))
            continue;
        begin(w, "project");
        br_jw_key_string(w, "project", tdw_projects[k].text);
        br_jw_key_int(w, "stone", b->stone);
        br_jw_key_int(w, "wood", b->wood);
        br_jw_key_bool(w, "done", b->done);
        if (b->in_play != a->in_play)
            br_jw_key_bool(w, "in_play", b->in_play);
        br_jw_end_object(w);
    }
}

static void write_houses(const tdw *before, const tdw *after, br_jw *w)
{
    for (int q = 0; q < TDW_PLOTS; q++) {
        if (before->plots[q] == after->plots[q] || after->plots[q] == TDW_NONE)
            continue;
        char buf[8];
        br_text t = br_text_over(buf, sizeof buf);
        br_text_printf(&t, "p%d", q + 1);
        begin_seat(w, "house", after->plots[q]);
        br_jw_key_string(w, "plot", buf);
        br_jw_end_object(w);
    }
}

/* Patients cared for (a place turns from sick to cured). */
static void write_cures(const tdw *before, const tdw *after, br_jw *w)
{
    for (int x = 0; x < TDW_PLACES; x++) {
        if (after->place_state[x] != TDW_PLACE_CURED || before->place_state[x] == TDW_PLACE_CURED)
            continue;
        begin(w, "cured");
        br_jw_key_int(w, "place", x + 1);
        br_jw_end_object(w);
    }
}

static void write_display(const tdw *before, const tdw *after, br_jw *w)
{
    for (int f = 0; f < 2; f++) {
        if (before->display[f] == after->display[f])
            continue;
        begin(w, "display");
        br_jw_key_int(w, "field", f + 1);
        if (after->display[f] == TDW_NONE)
            br_jw_key(w, "event"), br_jw_null(w);
        else
            key_event(w, after->display[f]);
        br_jw_end_object(w);
    }
}

/* A cover target's name as the snapshot writes it: "favour king",
 * "market wool", "project bridge". */
static void key_target(br_jw *w, int target)
{
    char buf[NAME_SIZE];
    br_text t = br_text_over(buf, sizeof buf);
    if (target < TDW_SPACES)
        br_text_printf(&t, "favour %s", tdw_track[target].text);
    else if (target < TDW_T_PROJECT)
        br_text_printf(&t, "market %s", target == TDW_T_MARKET_WOOL ? "wool" : "cloth");
    else
        br_text_printf(&t, "project %s", tdw_projects[target - TDW_T_PROJECT].text);
    br_jw_key_string(w, "target", buf);
}

/* Cover tiles laid by an event, and taken back at the chapter end. */
static void write_covers(const tdw *before, const tdw *after, br_jw *w)
{
    /* the changed bits as one xor: GCC 12.2 at -O2 compiled the comparison
     * of the two bits as bools into a test of the bit before alone */
    uint32_t changed = before->covers ^ after->covers;
    for (int t = 0; t < TDW_TARGETS; t++) {
        if (!(changed >> t & 1))
            continue;
        begin(w, after->covers >> t & 1 ? "cover" : "uncover");
        key_target(w, t);
        br_jw_end_object(w);
    }
}

/* After chapter II a face-down plague tile goes onto every place (their
 * values stay hidden until an event card reveals one: "plague"). */
static void write_plague_tiles(const tdw *before, const tdw *after, br_jw *w)
{
    int laid = 0;
    for (int x = 0; x < TDW_PLACES; x++)
        laid += after->place_state[x] == TDW_PLACE_HIDDEN &&
                before->place_state[x] != TDW_PLACE_HIDDEN;
    if (!laid)
        return;
    begin(w, "plague_tiles");
    br_jw_key(w, "places");
    br_jw_begin_array(w);
    for (int x = 0; x < TDW_PLACES; x++)
        if (after->place_state[x] == TDW_PLACE_HIDDEN &&
            before->place_state[x] != TDW_PLACE_HIDDEN)
            br_jw_int(w, x + 1);
    br_jw_end_array(w);
    br_jw_end_object(w);
}

static void key_penalties(br_jw *w, unsigned pen)
{
    br_jw_key(w, "penalties");
    br_jw_begin_array(w);
    for (int k = 0; k < 3; k++)
        if (pen >> k & 1)
            br_jw_string(w, penalty_names[k]);
    br_jw_end_array(w);
}

/* The chapter end reckons the dues twice: piety and grain when it reaches
 * the tax roll, the tax with the roll. Each time every seat gets a "dues"
 * effect (what it lacked, the penalties it now has); other changes of the
 * penalties (a redemption, a new chapter) are "penalties" effects. */
static void write_dues(const tdw *before, const tdw *after, br_jw *w)
{
    bool reckoned = (after->phase == TDW_PH_TAX && before->phase != TDW_PH_TAX) ||
                    (!before->tax && after->tax);
    for (int p = 0; p < after->num_players; p++) {
        unsigned pen = after->players[p].penalties;
        if (reckoned) {
            begin_seat(w, "dues", p);
            br_jw_key(w, "shortfall");
            br_jw_begin_object(w);
            for (int d = 0; d < TDW_DUES; d++)
                br_jw_key_int(w, tdw_due_names[d], after->shortfall[p][d]);
            br_jw_end_object(w);
        } else if (pen != before->players[p].penalties) {
            begin_seat(w, "penalties", p);
        } else {
            continue;
        }
        key_penalties(w, pen);
        br_jw_end_object(w);
    }
}

static void write_round(const tdw *before, const tdw *after, br_jw *w)
{
    if (after->phase == TDW_PH_OVER)
        return;
    if (after->chapter != before->chapter) {
        begin(w, "chapter");
        br_jw_key_string(w, "chapter", chapter_names[after->chapter]);
        br_jw_end_object(w);
    }
    if (after->chapter != before->chapter || after->round != before->round) {
        begin(w, "round");
        br_jw_key_string(w, "chapter", chapter_names[after->chapter]);
        br_jw_key_int(w, "round", after->round + 1);
        br_jw_key_int(w, "crest", after->crest);
        br_jw_end_object(w);
    }
}

static void write_end(const tdw *before, const tdw *after, br_jw *w)
{
    if (after->phase != TDW_PH_OVER || before->phase == TDW_PH_OVER)
        return;
    begin(w, "end");
    br_jw_key(w, "winners");
    br_jw_begin_array(w);
    for (int p = 0; p < after->num_players; p++)
        if (after->winners >> p & 1)
            br_jw_int(w, p);
    br_jw_end_array(w);
    br_jw_key(w, "vp");
    br_jw_begin_array(w);
    for (int p = 0; p < after->num_players; p++)
        br_jw_int(w, after->players[p].vp);
    br_jw_end_array(w);
    br_jw_end_object(w);
}

void tdw_write_effects(const void *before_st, const void *after_st, br_move move, int viewer,
                       br_jw *w)
{
    const tdw *before = before_st, *after = after_st;
    write_entry(before, move, viewer, false, w);
    write_forced(before, move, viewer, w);
    write_favour(before, after, w);
    write_seats(before, after, viewer, w);
    write_houses(before, after, w);
    write_projects(before, after, w);
    write_cures(before, after, w);
    write_display(before, after, w);
    write_covers(before, after, w);
    write_dues(before, after, w);
    write_plague_tiles(before, after, w);
    write_round(before, after, w);
    write_end(before, after, w);
}
