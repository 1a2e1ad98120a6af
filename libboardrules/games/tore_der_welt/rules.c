/*
 * Die Tore der Welt: set-up, the round (income, favour, the action turns),
 * whose move, legal moves, check, apply, chance and results.
 *
 * Why three rules files: the rules of this game are several times larger than
 * the other games' (twelve action cards with follow-up choices, an event
 * vocabulary of sixteen primitives, projects, the plague and a chapter end of
 * seven steps), and one rules.c would pass 1,000 lines. So the frame stays
 * here (the round, the turn order, the dispatch of legal moves, check and
 * apply, chance, results), actions.c holds the twelve action cards and their
 * follow-up moves, events.c the events, projects, plague and the chapter end.
 *
 * The engine is a small state machine over `phase` (tore_der_welt.h). Every
 * move is applied by tdw_apply_raw(); then tdw_apply_move() carries out on the
 * seats' behalf every decision that has a single legal move (tdw_forced_move:
 * "a seat is asked only when it has two or more legal moves", doc "General
 * rule for moves", C22).
 * Chance nodes are always asked. Every decision phase has at least one legal
 * move (orient 0, lay, discard, decline, done), so the game cannot stall, and
 * it ends after 4 chapters of 6 rounds.
 */
#include <stddef.h>
#include <string.h>

#include "tore_der_welt.h"

/* ------------------------------------------------------------------ */
/* Options and set-up */

static void clear_to_start(tdw *s)
{
    int n = s->num_players;
    s->crest = 0;
    s->turn = 0;
    s->favour = tdw_favour_start[n];
    s->event = s->orientation = TDW_NONE;
    s->display[0] = s->display[1] = s->display_older = TDW_NONE;
    memset(s->drawn, TDW_NONE, sizeof s->drawn);
    memset(s->plots, TDW_NONE, sizeof s->plots);
    s->projects[TDW_P_BRIDGE].in_play = 1; /* "Die Brücke liegt von Anfang an aus" */
    s->stock_grain = (uint8_t)(2 * n + 2);
    s->box_grain = (uint8_t)(tdw_component[TDW_GRAIN] - s->stock_grain);
    s->stock_piety = (uint8_t)(2 * n + 4);
    s->box_piety = (uint8_t)(tdw_component[TDW_PIETY] - s->stock_piety);
    for (int g = 0; g < TDW_GOODS; g++)
        if (g != TDW_GRAIN && g != TDW_PIETY)
            s->supply[g] = (uint8_t)(tdw_component[g] - n * tdw_start_goods[g]);
    s->supply_metal = 1;
    for (int p = 0; p < TDW_MAX_SEATS; p++)
        memset(s->players[p].pile, TDW_NONE, sizeof s->players[p].pile);
    for (int p = 0; p < n; p++) {
        s->players[p].vp = 8;
        memcpy(s->players[p].goods, tdw_start_goods, sizeof s->players[p].goods);
    }
    s->chapter = 0;
    tdw_start_chapter(s);
}

/* The game's own options (TDW_OPT_*, parsed by the core from the option
 * table in game.c, which holds the defaults: crest=twice, the in-order
 * reading, C12), each a flag of the state. */
br_status tdw_setup(void *st, int num_players, br_option_value *values, br_text *err)
{
    tdw *s = st;
    (void)err; /* no check across keys */
    memset(s, 0, sizeof *s);
    s->lasting_three = (uint8_t)values[TDW_OPT_LASTING];
    s->privilege_any = (uint8_t)values[TDW_OPT_PRIVILEGE];
    s->crest_twice = (uint8_t)values[TDW_OPT_CREST];
    s->screens_open = (uint8_t)values[TDW_OPT_SCREENS];
    s->num_players = (uint8_t)num_players;
    clear_to_start(s);
    return BR_OK;
}

size_t tdw_move_space(const void *st)
{
    (void)st;
    return TDW_MOVE_SPACE;
}

/* The most legal moves at once, 35 (doc: "Legal moves by phase"): a build
 * offers at most 7 projects x 5 cube choices; every other phase fewer (a sale
 * 31: wool 0..15 x cloth 0..1; an action turn 27: 12 plays, 12 lays, 3 trade
 * slots; rent 15, medicine 13, penance 12, care 12, events 11). The header's
 * TDW_MAX_LEGAL (48) stays the vtable's bound for buffers. */
enum { LEGAL_MOVES_MAX = 35 };

size_t tdw_max_legal_moves(const void *st)
{
    (void)st;
    return LEGAL_MOVES_MAX;
}

/* ------------------------------------------------------------------ */
/* Queues of deciding seats, the round */

/* No decision in progress; `seat` moves next, in `phase`. */
void tdw_to_phase(tdw *s, int seat, int phase)
{
    tdw_pending_clear(s);
    s->turn = (uint8_t)seat;
    s->phase = (uint8_t)phase;
}

/* The seats of `queue` decide in `phase`, one after the other from the
 * crest clockwise (C7). */
void tdw_ask_seats(tdw *s, unsigned queue, int phase)
{
    tdw_pending_clear(s);
    s->pending.queue = (uint8_t)queue;
    tdw_queue_next(s);
    s->phase = (uint8_t)phase;
}

bool tdw_queue_next(tdw *s)
{
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->crest + k) % s->num_players;
        if (s->pending.queue >> q & 1) {
            s->pending.queue &= (uint8_t)~(1u << q);
            s->pending.seat = (uint8_t)q;
            s->turn = (uint8_t)q;
            return true;
        }
    }
    return false;
}

static void start_round(tdw *s)
{
    s->event = s->orientation = TDW_NONE;
    for (int p = 0; p < s->num_players; p++) {
        s->players[p].forfeit = 0;
        s->players[p].traded = 0;
        s->players[p].acted = 0;
    }
    unsigned penance = 0;
    if (s->round == 0) /* step 0: the penance draws, from the active player clockwise (C23) */
        for (int p = 0; p < s->num_players; p++)
            if (s->players[p].penalties & TDW_PEN_PENANCE)
                penance |= 1u << p;
    if (penance)
        tdw_ask_seats(s, penance, TDW_PH_PENANCE);
    else
        tdw_to_phase(s, s->crest, TDW_PH_EVENT);
}

void tdw_start_chapter(tdw *s)
{
    int cards = s->chapter == 0 ? TDW_STARTERS : TDW_CARDS;
    for (int p = 0; p < s->num_players; p++) {
        tdw_player *pl = &s->players[p];
        pl->hand = (uint16_t)((1u << cards) - 1);
        pl->discards = 0;
        memset(pl->pile, TDW_NONE, sizeof pl->pile);
        pl->pile_len = 0;
        pl->pile_used = 0;
    }
    s->round = 0;
    s->tax = 0;
    memset(s->shortfall, 0, sizeof s->shortfall);
    start_round(s);
}

static void apply_penance(tdw *s, br_move move)
{
    int card = (int)move - TDW_MV_PENANCE;
    assert(s->pending.seat < s->num_players);
    tdw_player *pl = &s->players[s->pending.seat];
    assert(pl->hand >> card & 1); /* the outcomes are the cards in hand */
    pl->hand &= (uint16_t)~(1u << card);
    pl->discards |= (uint16_t)(1u << card);
    if (!tdw_queue_next(s))
        tdw_to_phase(s, s->crest, TDW_PH_EVENT);
}

static bool begging(const tdw *s, int seat)
{
    return s->round == 0 && (s->players[seat].penalties & TDW_PEN_BEGGING);
}

static int income_of(const tdw *s, int v, int seat)
{
    return tdw_events[s->event].corners[tdw_corner_for_seat(s, s->event, v, seat)];
}

/* Step 3: each seat takes its corner's income; a stock without the good
 * gives 1 VP instead (C15: a 2-money corner with 1 coin left gives the coin);
 * a begging seat gets nothing in round 1. */
static void pay_income(tdw *s, int v)
{
    for (int k = 0; k < s->num_players; k++) {
        int seat = (s->crest + k) % s->num_players;
        if (begging(s, seat))
            continue;
        int inc = income_of(s, v, seat);
        if (inc == TDW_INC_VP) {
            tdw_add_vp(s, seat, 1);
            continue;
        }
        if (tdw_gain(s, seat, tdw_income_goods[inc], inc == TDW_INC_MONEY2 ? 2 : 1) == 0)
            tdw_add_vp(s, seat, 1);
    }
}

int tdw_favour_target(const tdw *s, int from, int steps)
{
    int pos = from;
    for (int i = 0; i < steps; i++) {
        do
            pos = (pos + 1) % TDW_SPACES;
        while (s->covers >> pos & 1);
    }
    return pos;
}

/* The benefit of a favour space for `seat` (the active player, or the seat
 * playing Gunst). Loyalty, piety and knowledge are shown, not given. */
void tdw_favour_benefit(tdw *s, int seat, int space)
{
    const uint8_t *g = s->players[seat].goods;
    const tdw_benefit *b = &tdw_benefits[tdw_track[space].kind];
    if (b->gain != TDW_NONE)
        tdw_gain(s, seat, b->gain, 1);
    if (b->pay != TDW_NONE)
        tdw_lose(s, seat, b->pay, 1);
    if (b->show != TDW_NONE && g[b->show] >= 1)
        tdw_add_vp(s, seat, 2);
    if (b->per != TDW_NONE)
        tdw_add_vp(s, seat, g[b->per]);
    if (b->per_house)
        tdw_add_vp(s, seat, tdw_houses_of(s, seat));
}

/* C11: an orientation whose favour move ends on the outlaws is legal only if
 * the active player holds 1 money after this orientation's income. */
static bool orient_legal(const tdw *s, br_move move, br_text *r)
{
    int v = (int)move - TDW_MV_ORIENT;
    if (v == 0)
        return true;
    int target = tdw_favour_target(s, s->favour, v);
    if (tdw_track[target].kind != TDW_S_OUTLAWS)
        return true;
    int money = s->players[s->crest].goods[TDW_MONEY];
    if (!begging(s, s->crest)) {
        int inc = income_of(s, v, s->crest);
        int want = inc == TDW_INC_MONEY2 ? 2 : inc == TDW_INC_MONEY1 ? 1 : 0;
        money += want < s->supply[TDW_MONEY] ? want : s->supply[TDW_MONEY];
    }
    if (money >= 1)
        return true;
    return br_fail(r, "orient %d moves the favour marker onto the outlaws (%s), and seat %d "
                    "would have no money to pay them", v, tdw_track[target].text, s->crest);
}

static void apply_orient(tdw *s, br_move move)
{
    int v = (int)move - TDW_MV_ORIENT;
    s->orientation = (uint8_t)v;
    pay_income(s, v);
    if (v > 0) {
        s->favour = (uint8_t)tdw_favour_target(s, s->favour, v);
        tdw_favour_benefit(s, s->crest, s->favour);
    }
    tdw_to_phase(s, s->crest, TDW_PH_ACTION);
}

bool tdw_forfeited(const tdw *s, int seat)
{
    const tdw_player *pl = &s->players[seat];
    return pl->forfeit || (s->round == 0 && (pl->penalties & TDW_PEN_COURT));
}

/* The seat whose action turn it is: the first from the crest that has not
 * finished its turn this round. */
int tdw_acting_seat(const tdw *s)
{
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->crest + k) % s->num_players;
        if (!s->players[q].acted)
            return q;
    }
    return s->crest;
}

/* After the action (its follow-ups and a hospital care it caused): the
 * face-down discard from chapter II on, except at the first action of a seat
 * under penance (C3, C4, C21). */
void tdw_end_action(tdw *s)
{
    int seat = tdw_acting_seat(s);
    tdw_pending_clear(s);
    s->turn = (uint8_t)seat;
    if (s->chapter >= 1 && !(s->round == 0 && (s->players[seat].penalties & TDW_PEN_PENANCE)))
        s->phase = TDW_PH_DISCARD;
    else
        tdw_end_turn(s);
}

static void end_round(tdw *s)
{
    /* a lasting card of this round goes to the display (C1) */
    if (s->event != TDW_NONE && tdw_events[s->event].lasting) {
        int field;
        if (s->display[0] == TDW_NONE)
            field = 0;
        else if (s->display[1] == TDW_NONE)
            field = 1;
        else
            field = s->display_older; /* the older card goes to the box */
        s->display[field] = s->event;
        s->display_older = (uint8_t)(s->display[1 - field] == TDW_NONE ? field : 1 - field);
    }
    s->event = s->orientation = TDW_NONE;
    if (s->round == 0)
        for (int p = 0; p < s->num_players; p++)
            s->players[p].penalties = 0; /* the penalties applied to round 1 */
    /* read in order (crest=twice, the default) every round ends with the
     * crest's move and step 6 moves it once more; with crest=once, round 6's
     * move is the chapter end's step 6 (C12) */
    if (s->round < TDW_ROUNDS - 1 || s->crest_twice)
        s->crest = (uint8_t)tdw_next_seat(s, s->crest);
    if (s->round < TDW_ROUNDS - 1) {
        s->round++;
        start_round(s);
    } else {
        tdw_chapter_end(s);
    }
}

void tdw_end_turn(tdw *s)
{
    s->players[tdw_acting_seat(s)].acted = 1;
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->crest + k) % s->num_players;
        if (!s->players[q].acted) {
            tdw_to_phase(s, q, TDW_PH_ACTION);
            return;
        }
    }
    end_round(s);
}

/* ------------------------------------------------------------------ */
/* Whose move */

int tdw_current_player(const void *st)
{
    const tdw *s = st;
    switch (s->phase) {
    case TDW_PH_PENANCE:
    case TDW_PH_EVENT:
    case TDW_PH_PLAGUE:
    case TDW_PH_TAX:
        return BR_PLAYER_CHANCE;
    case TDW_PH_OVER:
        return BR_PLAYER_TERMINAL;
    default:
        return s->turn;
    }
}

/* ------------------------------------------------------------------ */
/* Chance */

bool tdw_event_drawn(const tdw *s, int e)
{
    int ch = tdw_events[e].chapter;
    for (int i = 0; i < s->drawn_len[ch]; i++)
        if (s->drawn[ch][i] == e)
            return true;
    return false;
}

size_t tdw_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const tdw *s = st;
    size_t n = 0;
    switch (s->phase) {
    case TDW_PH_PENANCE: {
        unsigned hand = s->players[s->pending.seat].hand;
        for (int c = 0; c < TDW_CARDS; c++)
            if (hand >> c & 1) {
                out[n] = TDW_MV_PENANCE + c;
                weights[n++] = 1;
            }
        break;
    }
    case TDW_PH_EVENT:
        for (int e = 0; e < TDW_EVENTS; e++)
            if (tdw_events[e].chapter == s->chapter && !tdw_event_drawn(s, e)) {
                out[n] = TDW_MV_EVENT + e;
                weights[n++] = 1;
            }
        break;
    case TDW_PH_PLAGUE:
        for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
            if (s->plague_pool[v]) {
                out[n] = TDW_MV_PLAGUE + v;
                weights[n++] = s->plague_pool[v];
            }
        break;
    case TDW_PH_TAX:
        for (int v = 0; v < 4; v++) {
            out[n] = TDW_MV_TAX + v;
            weights[n++] = tdw_tax_weight[v];
        }
        break;
    default:
        break;
    }
    return n;
}

static bool chance_legal(const tdw *s, br_move move, br_text *r)
{
    br_move out[TDW_MAX_LEGAL];
    uint32_t w[TDW_MAX_LEGAL];
    size_t n = tdw_chance_outcomes(s, out, w);
    for (size_t i = 0; i < n; i++)
        if (out[i] == move)
            return true;
    switch (s->phase) {
    case TDW_PH_PENANCE:
        return br_fail(r, "the penance draw takes a card of seat %d's hand, and %s is not in "
                        "it", s->pending.seat, tdw_card_names[move - TDW_MV_PENANCE]);
    case TDW_PH_EVENT: {
        int e = (int)move - TDW_MV_EVENT;
        static const char *const roman[TDW_CHAPTERS] = {"I", "II", "III", "IV"};
        if (tdw_events[e].chapter != s->chapter)
            return br_fail(r, "event %d belongs to chapter %s, not to chapter %s", e + 1,
                            roman[tdw_events[e].chapter], roman[s->chapter]);
        return br_fail(r, "event %d has been drawn already", e + 1);
    }
    default:
        return br_fail(r, "no face-down plague tile shows %d", (int)move - TDW_MV_PLAGUE + 1);
    }
}

/* ------------------------------------------------------------------ */
/* Legal moves: each phase's candidate ranges (ascending), and one predicate
 * per phase that says whether a candidate is legal and why not. */

/* Each phase's candidate ranges (in the FOLLOW phase each card's:
 * tdw_follow_ranges); an entry with hi == 0 is unused. */
static const tdw_move_range phase_range_table[TDW_PHASES][2] = {
    [TDW_PH_PENANCE] = {{TDW_MV_PENANCE, TDW_MOVE_SPACE}},
    [TDW_PH_EVENT] = {{TDW_MV_EVENT, TDW_MV_PLAGUE}},
    [TDW_PH_PLAGUE] = {{TDW_MV_PLAGUE, TDW_MV_TAX}},
    [TDW_PH_TAX] = {{TDW_MV_TAX, TDW_MV_PENANCE}},
    [TDW_PH_CHOICE] = {{TDW_MV_ACCEPT, TDW_MV_DONE}},
    [TDW_PH_ORIENT] = {{TDW_MV_ORIENT, TDW_MV_PLAY}},
    [TDW_PH_ACTION] = {{TDW_MV_PLAY, TDW_MV_DISCARD}, {TDW_MV_TRADE, TDW_MV_ACCEPT}},
    [TDW_PH_DISCARD] = {{TDW_MV_DISCARD, TDW_MV_TRADE}},
    [TDW_PH_CARE] = {{TDW_MV_DONE, TDW_MV_DONE + 1}, {TDW_MV_CARE, TDW_MV_REDEEM}},
    [TDW_PH_REDEEM] = {{TDW_MV_DONE, TDW_MV_DONE + 1}, {TDW_MV_REDEEM, TDW_MV_EVENT}},
};

static int phase_ranges(const tdw *s, tdw_move_range out[3])
{
    const tdw_move_range *table;
    if (s->phase == TDW_PH_FOLLOW)
        table = s->pending.card < TDW_CARDS ? tdw_follow_ranges[s->pending.card] : NULL;
    else
        table = s->phase < TDW_PHASES ? phase_range_table[s->phase] : NULL;
    int n = 0;
    for (int i = 0; table && i < 2 && table[i].hi > 0; i++)
        out[n++] = table[i];
    return n;
}

static bool in_ranges(const tdw_move_range *r, int n, br_move move)
{
    for (int i = 0; i < n; i++)
        if (move >= r[i].lo && move < r[i].hi)
            return true;
    return false;
}

/* Each phase's predicate: whether a candidate is legal, and why not. */
static bool (*const phase_checks[TDW_PHASES])(const tdw *s, br_move move, br_text *r) = {
    [TDW_PH_PENANCE] = chance_legal,         [TDW_PH_EVENT] = chance_legal,
    [TDW_PH_PLAGUE] = chance_legal,          [TDW_PH_TAX] = chance_legal,
    [TDW_PH_ORIENT] = orient_legal,          [TDW_PH_ACTION] = tdw_action_move_legal,
    [TDW_PH_FOLLOW] = tdw_action_move_legal, [TDW_PH_DISCARD] = tdw_action_move_legal,
    [TDW_PH_CHOICE] = tdw_choice_legal,      [TDW_PH_CARE] = tdw_care_legal,
    [TDW_PH_REDEEM] = tdw_redeem_legal,
};

static bool phase_legal(const tdw *s, br_move move, br_text *r)
{
    if (s->phase >= TDW_PH_OVER)
        return br_fail(r, "the game is over");
    return phase_checks[s->phase](s, move, r);
}

size_t tdw_legal_moves(const void *st, br_move *out)
{
    const tdw *s = st;
    if (s->phase == TDW_PH_PENANCE || s->phase == TDW_PH_EVENT || s->phase == TDW_PH_PLAGUE
        || s->phase == TDW_PH_TAX) {
        uint32_t w[TDW_MAX_LEGAL];
        return tdw_chance_outcomes(s, out, w);
    }
    tdw_move_range r[3];
    int nr = phase_ranges(s, r);
    size_t n = 0;
    for (int i = 0; i < nr; i++)
        for (int m = r[i].lo; m < r[i].hi; m++)
            if (phase_legal(s, m, NULL) && n < TDW_MAX_LEGAL)
                out[n++] = m;
    return n;
}

static const char *phase_task(const tdw *s)
{
    switch (s->phase) {
    case TDW_PH_PENANCE: return "a penance card is being drawn";
    case TDW_PH_EVENT: return "the round's event card is being drawn";
    case TDW_PH_PLAGUE: return "a plague tile is being revealed";
    case TDW_PH_CHOICE: return "a seat accepts or declines the event";
    case TDW_PH_ORIENT: return "the active player orients the event card";
    case TDW_PH_ACTION: return "a seat trades, plays or lays an action card";
    case TDW_PH_FOLLOW: return "a seat carries out its action card";
    case TDW_PH_CARE: return "a hospital donor chooses a patient or done";
    case TDW_PH_DISCARD: return "a seat discards a card face down";
    case TDW_PH_TAX: return "the tax die is being rolled";
    case TDW_PH_REDEEM: return "a seat redeems penalties with loyalty or is done";
    default: return "the game is over";
    }
}

bool tdw_check_move(const void *st, br_move move, br_text *reason)
{
    const tdw *s = st;
    if (move < 0 || move >= TDW_MOVE_SPACE)
        return br_fail(reason, "move %d is outside 0..%d", (int)move, TDW_MOVE_SPACE - 1);
    if (s->phase == TDW_PH_OVER)
        return br_fail(reason, "the game is over");
    tdw_move_range r[3];
    int nr = phase_ranges(s, r);
    if (!in_ranges(r, nr, move)) {
        if (s->phase == TDW_PH_FOLLOW)
            return br_fail(reason, "that move is not possible now: seat %d is carrying out "
                            "its %s card", s->turn, tdw_card_names[s->pending.card]);
        return br_fail(reason, "that move is not possible now: %s", phase_task(s));
    }
    return phase_legal(s, move, reason);
}

/* ------------------------------------------------------------------ */
/* Applying a move */

/* Each phase's move, carried out. */
static void (*const phase_moves[TDW_PHASES])(tdw *s, br_move move) = {
    [TDW_PH_PENANCE] = apply_penance,        [TDW_PH_EVENT] = tdw_reveal_event,
    [TDW_PH_PLAGUE] = tdw_reveal_plague,     [TDW_PH_TAX] = tdw_apply_tax,
    [TDW_PH_ORIENT] = apply_orient,          [TDW_PH_ACTION] = tdw_apply_action_move,
    [TDW_PH_FOLLOW] = tdw_apply_action_move, [TDW_PH_DISCARD] = tdw_apply_action_move,
    [TDW_PH_CHOICE] = tdw_apply_choice,      [TDW_PH_CARE] = tdw_apply_care,
    [TDW_PH_REDEEM] = tdw_apply_redeem,
};

void tdw_apply_raw(tdw *s, br_move move)
{
    /* over: no legal move, so dispatch never applies one */
    assert(s->phase < TDW_PH_OVER && "a move applied after the end of the game");
    if (s->phase < TDW_PH_OVER)
        phase_moves[s->phase](s, move);
}

bool tdw_forced_move(const tdw *s, br_move *out)
{
    if (tdw_current_player(s) < 0) /* chance or the end: nobody is asked */
        return false;
    br_move only[TDW_MAX_LEGAL];
    if (tdw_legal_moves(s, only) != 1)
        return false;
    *out = only[0];
    return true;
}

void tdw_apply_move(void *st, br_move move)
{
    tdw *s = st;
    tdw_apply_raw(s, move);
    /* a decision with a single legal move is carried out without asking */
    br_move only;
    while (tdw_forced_move(s, &only))
        tdw_apply_raw(s, only);
}

/* ------------------------------------------------------------------ */
/* Results */

void tdw_winners(const void *st, uint8_t *is_winner)
{
    const tdw *s = st;
    for (int p = 0; p < s->num_players; p++)
        is_winner[p] = s->winners >> p & 1;
}

void tdw_scores(const void *st, double *out)
{
    const tdw *s = st;
    for (int p = 0; p < s->num_players; p++)
        out[p] = s->players[p].vp;
}
