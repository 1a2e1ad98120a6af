/*
 * Die Tore der Welt: the events (reveal, the plague tile, the effect
 * vocabulary and its accept/decline decisions), projects (completion, donors'
 * bonuses, the hospital's care, the tower's spire), and the chapter end with
 * its seven steps, the dues, the tax die, loyalty redemption, the penalties
 * and the end of the game after chapter IV.
 *
 * Why three rules files: the rules of this game are several times larger than
 * the other games', and one rules.c would pass 1,000 lines; rules.c holds the
 * frame (round, turn order, dispatch, chance, results), actions.c the twelve
 * action cards, this file the events, projects, plague and the chapter end.
 *
 * Decisions of several seats ("accept"/"decline", hospital care, redemption)
 * are a queue (pending.queue) taken from the active player clockwise (C7);
 * every seat of the queue gets the phase, and a seat with one legal move only
 * (decline, done) is passed by rules.c's settle step, so that automatic and
 * asked seats keep the one order.
 */
#include "tore_der_welt.h"

/* ------------------------------------------------------------------ */
/* Projects */

bool tdw_project_full(const tdw *s, int p)
{
    return s->projects[p].stone == tdw_projects[p].stone
           && s->projects[p].wood == tdw_projects[p].wood;
}

/* One cube from the supply onto a free field of project p, stone first
 * (chapter-end step 1, fill(p)); nobody scores. */
static void fill_one(tdw *s, int p)
{
    tdw_project_state *ps = &s->projects[p];
    if (ps->stone < tdw_projects[p].stone && s->supply[TDW_STONE]) {
        ps->stone++;
        s->supply[TDW_STONE]--;
    } else if (ps->wood < tdw_projects[p].wood && s->supply[TDW_WOOD]) {
        ps->wood++;
        s->supply[TDW_WOOD]--;
    }
}

/* The tower's spire: the seat with the most loyalty (shown) sets the metal
 * and scores 3 VP; tied seats (also all at 0) score 1 VP each (C18). */
static void award_spire(tdw *s)
{
    int best = -1, count = 0;
    for (int p = 0; p < s->num_players; p++) {
        int lo = s->players[p].goods[TDW_LOYALTY];
        if (lo > best) {
            best = lo;
            count = 1;
        } else if (lo == best) {
            count++;
        }
    }
    for (int p = 0; p < s->num_players; p++)
        if (s->players[p].goods[TDW_LOYALTY] == best)
            tdw_add_vp(s, p, count == 1 ? 3 : 1);
    s->supply_metal = 0;
    s->projects[TDW_P_TOWER].metal = 1;
}

bool tdw_complete_project(tdw *s, int p, int resume, int fill_next)
{
    const tdw_project_info *info = &tdw_projects[p];
    s->projects[p].done = 1;
    if (p == TDW_P_TOWER)
        award_spire(s);
    unsigned donors = 0;
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->crest + k) % s->num_players;
        if (!(s->players[q].seals >> p & 1))
            continue;
        donors |= 1u << q;
        tdw_add_vp(s, q, info->bonus_vp);
        if (info->bonus_good != TDW_NONE)
            tdw_gain(s, q, info->bonus_good, info->bonus_n);
        s->players[q].seals &= (uint8_t)~(1u << p); /* the seals go back to their owners */
    }
    if (!info->care || !donors)
        return false;
    /* the hospital: each donor may care for one patient, from the start player on (C20) */
    tdw_ask_seats(s, donors, TDW_PH_CARE);
    s->pending.resume = (uint8_t)resume;
    s->pending.fill_next = (uint8_t)fill_next;
    return true;
}

/* ------------------------------------------------------------------ */
/* The plague */

void tdw_care(tdw *s, int seat, int place)
{
    const tdw_place_info *info = &tdw_places[place];
    tdw_add_vp(s, seat, 2 + info->vp);
    if (info->good != TDW_NONE)
        tdw_gain(s, seat, info->good, info->n);
    s->place_state[place] = TDW_PLACE_CURED; /* the tile leaves the game, the knowledge stays */
}

bool tdw_care_legal(const tdw *s, br_move move, br_text *r)
{
    if (move == TDW_MV_DONE)
        return true;
    int seat = s->pending.seat, place = (int)move - TDW_MV_CARE;
    if (s->place_state[place] != TDW_PLACE_SICK)
        return br_fail(r, "there is no patient at place %d", place + 1);
    if (s->place_value[place] > s->players[seat].goods[TDW_KNOWLEDGE])
        return br_fail(r, "the patient at place %d needs %d medical knowledge and seat %d "
                        "has %d", place + 1, s->place_value[place], seat,
                        s->players[seat].goods[TDW_KNOWLEDGE]);
    return true;
}

static void chapter_fill(tdw *s, int from);

/* The hospital's donors are done: the step they interrupted goes on. */
static void resume(tdw *s)
{
    int how = s->pending.resume, next = s->pending.fill_next;
    tdw_pending_clear(s);
    switch (how) {
    case TDW_R_END_ACTION:
        tdw_end_action(s);
        break;
    case TDW_R_CHAPTER_FILL:
        chapter_fill(s, next);
        break;
    default:
        tdw_to_phase(s, s->crest, TDW_PH_ORIENT);
        break;
    }
}

void tdw_apply_care(tdw *s, br_move move)
{
    if (move != TDW_MV_DONE)
        tdw_care(s, s->pending.seat, (int)move - TDW_MV_CARE);
    if (!tdw_queue_next(s))
        resume(s);
}

/* ------------------------------------------------------------------ */
/* Events */

static void resolve_event(tdw *s);

void tdw_reveal_event(tdw *s, br_move move)
{
    int ch = s->chapter, event = (int)move - TDW_MV_EVENT;
    s->drawn[ch][s->drawn_len[ch]++] = (uint8_t)event;
    s->event = (uint8_t)event;
    s->orientation = TDW_NONE;
    int place = tdw_events[event].place;
    if (place != TDW_NONE && s->place_state[place] == TDW_PLACE_HIDDEN) {
        /* the tile is revealed before the card is read (C10) */
        tdw_to_phase(s, s->crest, TDW_PH_PLAGUE);
        return;
    }
    resolve_event(s); /* "niemand erkrankt zweimal" */
}

void tdw_reveal_plague(tdw *s, br_move move)
{
    int place = tdw_events[s->event].place, value = (int)move - TDW_MV_PLAGUE + 1;
    s->place_state[place] = TDW_PLACE_SICK;
    s->place_value[place] = (uint8_t)value;
    s->plague_pool[value - 1]--;
    resolve_event(s);
}

static void cover(tdw *s, int target)
{
    if (tdw_popcount(s->covers) >= TDW_COVER_TILES || (s->covers >> target & 1))
        return;
    if (target >= TDW_T_PROJECT) {
        const tdw_project_state *ps = &s->projects[target - TDW_T_PROJECT];
        if (!ps->in_play || ps->done)
            return;
    }
    s->covers |= 1u << target;
}

static void resolve_event(tdw *s)
{
    const tdw_event_info *ev = &tdw_events[s->event];
    const tdw_effect *e = &ev->effect;
    int n = s->num_players;
    if (ev->lasting) {
        /* lasting=two: a third card sends the older displayed one to the box now (C1) */
        if (!s->lasting_three && s->display[0] != TDW_NONE && s->display[1] != TDW_NONE) {
            int older = s->display_older;
            s->display[older] = TDW_NONE;
            s->display_older = (uint8_t)(1 - older);
        }
        tdw_to_phase(s, s->crest, TDW_PH_ORIENT);
        return;
    }
    switch (e->kind) {
    case TDW_E_GAIN_ALL:
        for (int k = 0; k < n; k++)
            tdw_gain(s, (s->crest + k) % n, e->good, e->n);
        break;
    case TDW_E_LOSE_ALL:
        for (int k = 0; k < n; k++)
            tdw_lose(s, (s->crest + k) % n, e->good, e->n);
        break;
    case TDW_E_MOST: {
        int best = 1;
        for (int p = 0; p < n; p++)
            best = s->players[p].goods[e->good] > best ? s->players[p].goods[e->good] : best;
        for (int p = 0; p < n; p++)
            if (s->players[p].goods[e->good] == best)
                tdw_add_vp(s, p, e->vp);
        break;
    }
    case TDW_E_PER_HOUSE:
        for (int q = 0; q < TDW_PLOTS; q++)
            if (s->plots[q] != TDW_NONE)
                tdw_add_vp(s, s->plots[q], e->vp);
        break;
    case TDW_E_SHOW_OR:
        for (int p = 0; p < n; p++)
            if (s->players[p].goods[e->good] < e->n)
                tdw_lose_vp(s, p, e->vp);
        break;
    case TDW_E_PAY_OR:
    case TDW_E_TRADE:
    case TDW_E_WAR:
        /* each seat decides, from the active player clockwise */
        tdw_ask_seats(s, (1u << n) - 1, TDW_PH_CHOICE);
        return;
    case TDW_E_COVER:
        cover(s, e->target);
        break;
    case TDW_E_PROJECT:
        s->projects[e->target].in_play = 1;
        break;
    case TDW_E_FILL: {
        int p = e->target;
        if (s->projects[p].in_play && !s->projects[p].done) {
            fill_one(s, p);
            if (tdw_project_full(s, p)
                && tdw_complete_project(s, p, TDW_R_EVENT_FILL, TDW_PROJECTS))
                return;
        }
        break;
    }
    default:
        break;
    }
    tdw_to_phase(s, s->crest, TDW_PH_ORIENT);
}

bool tdw_choice_legal(const tdw *s, br_move move, br_text *r)
{
    if (move == TDW_MV_DECLINE)
        return true;
    int seat = s->pending.seat, ev = s->event;
    const tdw_effect *e = &tdw_events[ev].effect;
    const uint8_t *g = s->players[seat].goods;
    switch (e->kind) {
    case TDW_E_PAY_OR:
        if (g[e->good] < e->n)
            return br_fail(r, "event %d asks %d %s and seat %d holds %d", ev + 1, e->n,
                            tdw_good_names[e->good], seat, g[e->good]);
        return true;
    case TDW_E_TRADE:
        if (g[e->good] < e->n)
            return br_fail(r, "the trade of event %d gives %d %s and seat %d holds %d",
                            ev + 1, e->n, tdw_good_names[e->good], seat, g[e->good]);
        if (e->get_good != TDW_NONE && tdw_stock(s, e->get_good) < e->get_n)
            return br_fail(r, "the stock cannot give the %d %s of event %d's trade",
                            e->get_n, tdw_good_names[e->get_good], ev + 1);
        return true;
    default: /* the war */
        if (s->round == 0 && (s->players[seat].penalties & TDW_PEN_COURT))
            return br_fail(r, "seat %d lays its cards before the royal court this round, "
                            "the war asks nothing more of it", seat);
        if (g[TDW_LOYALTY] < 1)
            return br_fail(r, "seat %d holds no loyalty to serve the king", seat);
        return true;
    }
}

void tdw_apply_choice(tdw *s, br_move move)
{
    int seat = s->pending.seat;
    const tdw_effect *e = &tdw_events[s->event].effect;
    bool accept = move == TDW_MV_ACCEPT;
    switch (e->kind) {
    case TDW_E_PAY_OR:
        if (accept)
            tdw_lose(s, seat, e->good, e->n);
        else
            tdw_lose_vp(s, seat, e->vp);
        break;
    case TDW_E_TRADE:
        if (accept) {
            tdw_lose(s, seat, e->good, e->n);
            if (e->get_good != TDW_NONE)
                tdw_gain(s, seat, e->get_good, e->get_n);
            tdw_add_vp(s, seat, e->vp);
        }
        break;
    default: /* the war: 1 loyalty, or the action of this round is forfeited (C8) */
        if (accept)
            tdw_lose(s, seat, TDW_LOYALTY, 1);
        else
            s->players[seat].forfeit = 1;
        break;
    }
    if (!tdw_queue_next(s))
        tdw_to_phase(s, s->crest, TDW_PH_ORIENT);
}

/* ------------------------------------------------------------------ */
/* The chapter end */

static const uint8_t due_loss[TDW_DUES] = {3, 2, 1}; /* VP per missing unit */

/* Steps 2 to 4 up to the tax roll. */
static void after_fill(tdw *s)
{
    int n = s->num_players;
    s->covers = 0;                                       /* step 2 */
    s->display[0] = s->display[1] = s->display_older = TDW_NONE; /* step 3 */
    s->event = s->orientation = TDW_NONE;
    for (int k = 0; k < n; k++) { /* step 4: piety and grain (C16) */
        int seat = (s->crest + k) % n;
        static const uint8_t goods[2] = {TDW_PIETY, TDW_GRAIN};
        for (int d = 0; d < 2; d++) {
            int missing = 2 - tdw_lose(s, seat, goods[d], 2);
            s->shortfall[seat][d] = (uint8_t)missing;
            tdw_lose_vp(s, seat, missing * due_loss[d]);
            if (missing)
                s->players[seat].penalties |= (uint8_t)(1u << d);
        }
    }
    tdw_to_phase(s, s->crest, TDW_PH_TAX);
}

/* Step 1 from project `from` on. */
static void chapter_fill(tdw *s, int from)
{
    for (int p = from; p < TDW_PROJECTS; p++) {
        if (!s->projects[p].in_play || s->projects[p].done)
            continue;
        fill_one(s, p);
        if (tdw_project_full(s, p) && tdw_complete_project(s, p, TDW_R_CHAPTER_FILL, p + 1))
            return;
    }
    after_fill(s);
}

void tdw_chapter_end(tdw *s)
{
    chapter_fill(s, 0);
}

void tdw_apply_tax(tdw *s, br_move move)
{
    int n = s->num_players, value = (int)move - TDW_MV_TAX + 2;
    s->tax = (uint8_t)value;
    for (int k = 0; k < n; k++) {
        int seat = (s->crest + k) % n;
        int missing = value - tdw_lose(s, seat, TDW_MONEY, value);
        s->shortfall[seat][2] = (uint8_t)missing;
        tdw_lose_vp(s, seat, missing);
        if (missing)
            s->players[seat].penalties |= TDW_PEN_COURT;
    }
    /* the redemptions, from the start player clockwise */
    tdw_ask_seats(s, (1u << n) - 1, TDW_PH_REDEEM);
}

bool tdw_redeem_legal(const tdw *s, br_move move, br_text *r)
{
    if (move == TDW_MV_DONE)
        return true;
    int seat = s->pending.seat, d = (int)move - TDW_MV_REDEEM;
    if (!(s->players[seat].penalties >> d & 1)) {
        if (s->chapter == TDW_CHAPTERS - 1)
            return br_fail(r, "seat %d has no doubled %s loss to cancel", seat,
                            tdw_due_names[d]);
        return br_fail(r, "seat %d has no %s penalty to redeem", seat, tdw_due_names[d]);
    }
    if (s->players[seat].goods[TDW_LOYALTY] < 1)
        return br_fail(r, "seat %d holds no loyalty", seat);
    return true;
}

/* The seats with the most VP: ties share the win (C17). */
uint8_t tdw_top_seats(const tdw *s)
{
    unsigned best = 0, top = 0;
    for (int p = 0; p < s->num_players; p++)
        best = s->players[p].vp > best ? s->players[p].vp : best;
    for (int p = 0; p < s->num_players; p++)
        top |= (unsigned)(s->players[p].vp == best) << p;
    return (uint8_t)top;
}

/* Steps 5 to 7, then the next chapter or the end of the game. */
static void chapter_finish(tdw *s)
{
    tdw_pending_clear(s);
    if (s->chapter == TDW_CHAPTERS - 1) {
        s->winners = tdw_top_seats(s);
        tdw_to_phase(s, s->crest, TDW_PH_OVER);
        return;
    }
    s->crest = (uint8_t)tdw_next_seat(s, s->crest); /* step 6 (C12) */
    if (s->chapter == 1) {
        /* step 7 after chapter II: the tower and the plague tiles */
        s->projects[TDW_P_TOWER].in_play = 1;
        for (int x = 0; x < TDW_PLACES; x++)
            s->place_state[x] = TDW_PLACE_HIDDEN;
        for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
            s->plague_pool[v] = tdw_plague_tiles[v];
    }
    s->chapter++;
    tdw_start_chapter(s); /* every seat takes back its cards (12 from chapter II on) */
}

void tdw_apply_redeem(tdw *s, br_move move)
{
    int seat = s->pending.seat;
    tdw_player *pl = &s->players[seat];
    if (move != TDW_MV_DONE) {
        tdw_lose(s, seat, TDW_LOYALTY, 1);
        pl->penalties &= (uint8_t)~(1u << ((int)move - TDW_MV_REDEEM));
        return; /* the seat may redeem more or be done */
    }
    if (s->chapter == TDW_CHAPTERS - 1) {
        /* after chapter IV: no penalties, the loss of each due not redeemed counts twice */
        for (int d = 0; d < TDW_DUES; d++)
            if (pl->penalties >> d & 1)
                tdw_lose_vp(s, seat, s->shortfall[seat][d] * due_loss[d]);
        pl->penalties = 0;
    }
    if (!tdw_queue_next(s))
        chapter_finish(s);
}
