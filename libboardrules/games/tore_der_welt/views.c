/*
 * Die Tore der Welt: text rendering (the whole state and what one seat may
 * see) and resampling of what one seat cannot see.
 *
 * Hidden from a seat (doc: "Hidden information"): the other seats' hands
 * and face-down discards (their sizes are public) and, with screens=closed,
 * the goods behind the other screens (for each good the total the others
 * hold together is public: the stocks on the board and the supply are open).
 * Everything else lies open on the table. The state holds no event deck and
 * no tile layout (both are drawn when revealed), so resampling redraws only
 * the hand/discard split and the goods.
 */
#include <stdio.h>
#include <string.h>

#include "tore_der_welt.h"

static const char *const chapter_names[TDW_CHAPTERS] = {"I", "II", "III", "IV"};
static const char *const good_codes[TDW_GOODS] = {"st", "wd", "gr", "pi", "wo",
                                                  "cl", "$",  "lo", "mk"};
/* The goods of the supply (grain and piety are the stocks'), in its order. */
static const uint8_t supply_goods[7] = {TDW_STONE, TDW_WOOD,    TDW_WOOL,     TDW_CLOTH,
                                        TDW_MONEY, TDW_LOYALTY, TDW_KNOWLEDGE};

static bool sees(int viewer, int owner)
{
    return viewer == BR_VIEW_FULL || viewer == owner;
}

static bool sees_goods(const tdw *s, int viewer, int owner)
{
    return sees(viewer, owner) || s->screens_open;
}

/* ------------------------------------------------------------------ */
/* Names */

static const char *good_name(int g)
{
    return g == TDW_NONE ? "nothing" : tdw_good_names[g];
}

/* One line's worth of the card's effect (doc: "The effect vocabulary"). */
static void put_effect(char *buf, size_t size, const tdw_effect *e)
{
    char vp[16] = "", gets[40] = "", bonus[40] = ""; /* " 1 loyalty", " +1 grain" */
    if (e->vp)
        br_format(vp, sizeof vp, " +%d VP", e->vp);
    if (e->get_good != TDW_NONE) {
        br_format(gets, sizeof gets, " %d %s", e->get_n, good_name(e->get_good));
        br_format(bonus, sizeof bonus, " +%d %s", e->get_n, good_name(e->get_good));
    }
    switch (e->kind) {
    case TDW_E_GAIN_ALL:
        br_format(buf, size, "each seat gains %d %s", e->n, good_name(e->good));
        break;
    case TDW_E_LOSE_ALL:
        br_format(buf, size, "each seat gives back %d %s", e->n, good_name(e->good));
        break;
    case TDW_E_MOST:
        br_format(buf, size, "most %s: +%d VP", good_name(e->good), e->vp);
        break;
    case TDW_E_PER_HOUSE:
        br_format(buf, size, "+%d VP per own house", e->vp);
        break;
    case TDW_E_SHOW_OR:
        br_format(buf, size, "show %d %s or lose %d VP", e->n, good_name(e->good), e->vp);
        break;
    case TDW_E_PAY_OR:
        br_format(buf, size, "pay %d %s or lose %d VP", e->n, good_name(e->good), e->vp);
        break;
    case TDW_E_TRADE:
    case TDW_E_TRADE_ROUND:
        br_format(buf, size, "%s: %d %s for%s%s", e->kind == TDW_E_TRADE ? "trade once"
            : "trade each round", e->n, good_name(e->good), gets, vp);
        break;
    case TDW_E_WAR:
        br_format(buf, size, "war: give 1 loyalty or forfeit the action");
        break;
    case TDW_E_COVER:
        br_format(buf, size, "cover %s", tdw_target_names[e->target]);
        break;
    case TDW_E_PROJECT:
        br_format(buf, size, "project %s comes into play", tdw_projects[e->target].text);
        break;
    case TDW_E_FILL:
        br_format(buf, size, "1 cube onto the %s", tdw_projects[e->target].text);
        break;
    case TDW_E_BAN:
        br_format(buf, size, "%s banned", tdw_card_names[e->card]);
        break;
    case TDW_E_BONUS:
        br_format(buf, size, "%s%s:%s%s", tdw_card_names[e->card], e->half == TDW_HALF_MONEY
            ? " (money)" : e->half == TDW_HALF_CARE ? " (per patient)" : "", bonus, vp);
        break;
    case TDW_E_COST:
        br_format(buf, size, "%s costs %d money more", tdw_card_names[e->card], e->n);
        break;
    case TDW_E_PRICE:
        br_format(buf, size, "%s price %d", good_name(e->good), e->n);
        break;
    default:
        br_format(buf, size, "?");
    }
}

static void put_event(char *buf, size_t size, int e)
{
    char name[80];
    br_ascii(name, sizeof name, tdw_events[e].name_de);
    br_format(buf, size, "E%02d %s", e + 1, name);
}

/* ------------------------------------------------------------------ */
/* Rendering */

static void render_header(const tdw *s, br_text *out)
{
    br_text_printf(out, "Tore der Welt  chapter %s round %d  crest: seat %d  phase: %s",
                   chapter_names[s->chapter], s->round + 1, s->crest, tdw_phase_names[s->phase]);
    /* the seat to move (in a decision, pending.seat: the turn is its) */
    int who = tdw_current_player(s);
    if (who >= 0)
        br_text_printf(out, " (seat %d)\n", who);
    else if (s->phase == TDW_PH_PENANCE)
        br_text_printf(out, " (chance, s%d)\n", s->pending.seat);
    else
        br_text_puts(out, who == BR_PLAYER_CHANCE ? " (chance)\n" : "\n");
}

/* Each seat's income at arrow value v, from the active player on, as the
 * rules pay it (rules.c's pay_income): a begging seat gets nothing in
 * round 1, and a stock that has run out gives 1 VP instead (C15). */
static void put_incomes(br_line *l, const tdw *s, int v)
{
    int stock[TDW_GOODS];
    for (int g = 0; g < TDW_GOODS; g++)
        stock[g] = tdw_stock(s, g);
    for (int k = 0; k < s->num_players; k++) {
        int p = (s->crest + k) % s->num_players;
        int corner = tdw_corner_for_seat(s, s->event, v, p);
        int income = tdw_events[s->event].corners[corner];
        const char *code = tdw_income_codes[income];
        int good = tdw_income_goods[income];
        int want = income == TDW_INC_MONEY2 ? 2 : 1;
        if (s->round == 0 && (s->players[p].penalties & TDW_PEN_BEGGING)) {
            br_line_printf(l, k ? 2 : 1, "s%d %s withheld (begging)", p, code);
        } else if (good != TDW_NONE && stock[good] < want) {
            int got = stock[good];
            stock[good] = 0;
            if (got)
                br_line_printf(l, k ? 2 : 1, "s%d %s (only 1 left: M1)", p, code);
            else
                br_line_printf(l, k ? 2 : 1, "s%d %s (none left: VP)", p, code);
        } else {
            if (good != TDW_NONE)
                stock[good] -= want;
            br_line_printf(l, k ? 2 : 1, "s%d %s", p, code);
        }
    }
}

/* Where orientation v moves the favour marker, and what the space gives
 * the active player. */
static void put_favour_move(br_line *l, const tdw *s, int v)
{
    if (v == 0) {
        br_line_word(l, "| favour stays");
        return;
    }
    int to = tdw_favour_target(s, s->favour, v);
    br_line_printf(l, 1, "| favour -> %s: %s", tdw_track[to].text,
                tdw_benefits[tdw_track[to].kind].text);
}

static void render_event(const tdw *s, br_text *out)
{
    if (s->event == TDW_NONE) {
        br_text_puts(out, "Event: -\n");
        return;
    }
    const tdw_event_info *ev = &tdw_events[s->event];
    char name[100], effect[100];
    put_event(name, sizeof name, s->event);
    put_effect(effect, sizeof effect, &ev->effect);
    br_line l = br_line_start(out, "Event");
    br_line_printf(&l, 1, "%s (%s)", name, ev->lasting ? "lasting" : "immediate");
    if (ev->place != TDW_NONE)
        br_line_printf(&l, 1, "place %d", ev->place + 1);
    br_line_printf(&l, 1, "- %s", effect);
    br_line_end(&l);
    if (s->orientation != TDW_NONE) {
        l = br_line_start(out, "  ");
        br_line_printf(&l, 0, "orient %d:", s->orientation);
        put_incomes(&l, s, s->orientation);
        br_line_end(&l);
        return;
    }
    for (int v = 0; v < 4; v++) {
        l = br_line_start(out, "  ");
        br_line_printf(&l, 0, "orient %d:", v);
        put_incomes(&l, s, v);
        put_favour_move(&l, s, v);
        br_line_end(&l);
    }
    br_text_puts(out, "  (income: St stone, Wd wood, Gr grain, Pi piety, Wo wool, Lo loyalty,\n"
                      "   Mk medical knowledge, M1/M2 1/2 money, VP 1 victory point)\n");
}

static void render_display(const tdw *s, br_text *out)
{
    br_line l = br_line_start(out, "Display:");
    for (int f = 0; f < 2; f++) {
        char name[100];
        if (s->display[f] == TDW_NONE)
            br_format(name, sizeof name, "[%d] -", f + 1);
        else {
            char ev[90];
            put_event(ev, sizeof ev, s->display[f]);
            br_format(name, sizeof name, "[%d] %s%s", f + 1, ev,
                s->display_older == f && s->display[1 - f] != TDW_NONE ? " (older)" : "");
        }
        br_line_put(&l, f ? 2 : 1, name);
    }
    br_line_end(&l);
}

static void render_track(const tdw *s, br_text *out)
{
    br_line l = br_line_start(out, "Favour:");
    for (int i = 0; i < TDW_SPACES; i++) {
        const char *name = tdw_track[i].kind == TDW_S_OUTLAWS ? "out" : tdw_track[i].text;
        bool covered = s->covers >> i & 1;
        br_line_printf(&l, 1, "%s%s%s%s", i == s->favour ? "[" : "", covered ? "#" : "", name,
                    i == s->favour ? "]" : "");
    }
    br_line_end(&l);
}

/* The sale prices now: the lasting price events in force, else the printed. */
static void render_market(const tdw *s, br_text *out)
{
    int price[2], from[2];
    for (int k = 0; k < 2; k++) {
        price[k] = tdw_price_of(s, k ? TDW_CLOTH : TDW_WOOL);
        from[k] = tdw_lasting_with(s, TDW_E_PRICE, -1, k ? TDW_CLOTH : TDW_WOOL);
    }
    br_line l = br_line_start(out, "Covers:");
    int covers = 0;
    for (int t = 0; t < TDW_TARGETS; t++) {
        if (!(s->covers >> t & 1))
            continue;
        br_line_put(&l, covers++ ? 2 : 1, tdw_target_names[t]);
    }
    if (!covers)
        br_line_word(&l, "-");
    br_line_put(&l, 4, "Market:");
    for (int k = 0; k < 2; k++) {
        char word[40];
        int len = br_format(word, sizeof word, "%s %d", k ? "cloth" : "wool", price[k]);
        if (from[k] >= 0)
            br_format(word + len, sizeof word - (size_t)len, " (E%02d)", from[k] + 1);
        if (s->covers >> (TDW_T_MARKET_WOOL + k) & 1)
            br_format(word + len, sizeof word - (size_t)len, " covered");
        br_line_put(&l, k ? 2 : 1, word);
    }
    br_line_end(&l);
}

/* What a donation seal gives when the project is completed. */
static int put_donor_bonus(char *buf, size_t size, const tdw_project_info *info)
{
    int len = br_format(buf, size, " donors +%d VP", info->bonus_vp);
    if (info->bonus_good != TDW_NONE)
        len += br_format(buf + len, size - (size_t)len, " +%d %s", info->bonus_n,
                         good_codes[info->bonus_good]);
    if (info->care)
        len += br_format(buf + len, size - (size_t)len, " +care");
    return len;
}

static void render_projects(const tdw *s, br_text *out)
{
    br_line l = br_line_start(out, "Projects:");
    int shown = 0;
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        if (!ps->in_play)
            continue;
        char word[80];
        int len = br_format(word, sizeof word, "%s S%d/%d W%d/%d", tdw_projects[p].text, ps->stone,
                      tdw_projects[p].stone, ps->wood, tdw_projects[p].wood);
        if (p == TDW_P_TOWER)
            len += br_format(word + len, sizeof word - (size_t)len, " spire %s",
                       ps->metal ? "set" : "-");
        if (ps->done)
            len += br_format(word + len, sizeof word - (size_t)len, " done");
        else
            len += put_donor_bonus(word + len, sizeof word - (size_t)len, &tdw_projects[p]);
        bool any = false;
        for (int q = 0; q < s->num_players; q++) {
            if (!(s->players[q].seals >> p & 1))
                continue;
            len += br_format(word + len, sizeof word - (size_t)len, "%s%d", any ? " " : " seals ", q);
            any = true;
        }
        br_line_put(&l, shown++ ? 3 : 1, word);
    }
    if (!shown)
        br_line_word(&l, "-");
    br_line_end(&l);
}

static void render_stocks(const tdw *s, br_text *out)
{
    br_text_printf(out, "Field: gr %d  Cathedral: pi %d  Box: gr %d pi %d\n", s->stock_grain,
                   s->stock_piety, s->box_grain, s->box_piety);
    br_line l = br_line_start(out, "Supply:");
    for (size_t i = 0; i < sizeof supply_goods; i++)
        br_line_printf(&l, 1, "%s %d", good_codes[supply_goods[i]], s->supply[supply_goods[i]]);
    br_line_printf(&l, 1, "metal %d", s->supply_metal);
    br_line_printf(&l, 1, "covers %d", TDW_COVER_TILES - tdw_popcount(s->covers));
    br_line_end(&l);
    l = br_line_start(out, "Plots (material, rent):");
    for (int q = 0; q < TDW_PLOTS; q++)
        br_line_printf(&l, q ? 2 : 1, "p%d %s %d%s", q + 1, good_codes[tdw_plots[q].material],
                    tdw_plots[q].n, good_codes[tdw_plots[q].good]);
    br_line_end(&l);
    l = br_line_start(out, "Houses:");
    int shown = 0;
    for (int q = 0; q < TDW_PLOTS; q++)
        if (s->plots[q] != TDW_NONE)
            br_line_printf(&l, shown++ ? 2 : 1, "p%d s%d", q + 1, s->plots[q]);
    if (!shown)
        br_line_word(&l, "-");
    br_line_end(&l);
}

static void render_plague(const tdw *s, br_text *out)
{
    int hidden = 0, cured = 0, pool = 0;
    for (int x = 0; x < TDW_PLACES; x++) {
        hidden += s->place_state[x] == TDW_PLACE_HIDDEN;
        cured += s->place_state[x] == TDW_PLACE_CURED;
    }
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        pool += s->plague_pool[v];
    if (!hidden && !cured && !pool && s->chapter < 2) {
        bool any = false;
        for (int x = 0; x < TDW_PLACES; x++)
            any |= s->place_state[x] != TDW_PLACE_NONE;
        if (!any)
            return;
    }
    br_line l = br_line_start(out, "Patients:");
    int shown = 0;
    for (int x = 0; x < TDW_PLACES; x++)
        if (s->place_state[x] == TDW_PLACE_SICK) {
            char bonus[24] = "";
            const tdw_place_info *info = &tdw_places[x];
            if (info->good != TDW_NONE)
                br_format(bonus, sizeof bonus, " +%d %s", info->n, good_codes[info->good]);
            br_line_printf(&l, shown++ ? 2 : 1, "place %d needs %d (2 VP%s%s)", x + 1,
                        s->place_value[x], info->vp ? " +1 VP" : "", bonus);
        }
    if (!shown)
        br_line_word(&l, "-");
    br_line_printf(&l, 3, "face down: %d", hidden);
    if (cured) {
        br_line_put(&l, 3, "cared for:");
        for (int x = 0; x < TDW_PLACES; x++)
            if (s->place_state[x] == TDW_PLACE_CURED)
                br_line_printf(&l, 1, "%d", x + 1);
    }
    br_line_end(&l);
}

/* The seats' table: one row each, the face-up pile last (wrapped). */
static void render_seats(const tdw *s, int viewer, br_text *out)
{
    br_text_puts(out, "Seat   VP houses seals hand disc pen  pile (face up; (card) laid unused)\n");
    for (int p = 0; p < s->num_players; p++) {
        const tdw_player *pl = &s->players[p];
        char pen[8] = "-";
        int k = 0;
        for (int d = 0; d < TDW_DUES; d++) /* penance, begging, court */
            if (pl->penalties >> d & 1)
                pen[k++] = "PBC"[d];
        if (pl->forfeit)
            pen[k++] = 'F';
        pen[k ? k : 1] = '\0';
        char head[80];
        int houses = TDW_HOUSES - tdw_houses_of(s, p);
        br_format(head, sizeof head, "%2d%c%c %4d %6d %5d %4d %4d %-4s", p,
            p == s->crest ? '*' : ' ', p == viewer ? '<' : ' ', pl->vp, houses,
            TDW_SEALS - tdw_popcount(pl->seals), tdw_popcount(pl->hand),
            tdw_popcount(pl->discards), pen);
        br_line l = br_line_start(out, head);
        for (int i = 0; i < pl->pile_len; i++) {
            const char *c = tdw_card_names[pl->pile[i]];
            if (pl->pile[i] == TDW_C_PRIVILEGE && i > 0 && (pl->pile_used >> i & 1))
                br_line_printf(&l, 1, "%s=%s", c, tdw_card_names[pl->pile[i - 1]]);
            else if (pl->pile_used >> i & 1)
                br_line_word(&l, c);
            else
                br_line_printf(&l, 1, "(%s)", c);
        }
        if (!pl->pile_len)
            br_line_word(&l, "-");
        if (pl->acted)
            br_line_word(&l, "[acted]");
        if (pl->traded)
            br_line_word(&l, "[traded]");
        br_line_end(&l);
    }
    br_text_puts(out, "(* crest, < you; houses, seals: not yet placed; privilege=X: X repeated;\n"
                      " F action forfeited; pen: missing dues cost VP now and a penalty in round\n"
                      " 1 of the next chapter: P penance (piety: 3 VP per missing unit; a random\n"
                      " card leaves the hand), B begging (grain: 2 VP per missing unit; no\n"
                      " income), C royal court (tax: 1 VP per missing coin; no action))\n");
    /* The track's spaces are 1..60 and counting goes on "wieder ab 1": 60 VP
     * stand on space 60 of lap 1, 61 on space 1 of lap 2, 120 on space 60
     * of lap 2. */
    for (int p = 0; p < s->num_players; p++)
        if (s->players[p].vp >= 60)
            br_text_printf(out, "Track: seat %d at %d on lap %d\n", p,
                           (s->players[p].vp - 1) % 60 + 1, (s->players[p].vp - 1) / 60 + 1);
}

static void render_cards(br_line *l, unsigned mask)
{
    int shown = 0;
    for (int c = 0; c < TDW_CARDS; c++)
        if (mask >> c & 1) {
            br_line_word(l, tdw_card_names[c]);
            shown++;
        }
    if (!shown)
        br_line_word(l, "-");
}

static void render_private(const tdw *s, int viewer, br_text *out)
{
    for (int p = 0; p < s->num_players; p++) {
        char head[40];
        if (sees_goods(s, viewer, p)) {
            br_format(head, sizeof head, p == viewer ? "Your screen:" : "Seat %d screen:", p);
            br_line l = br_line_start(out, head);
            for (int g = 0; g < TDW_GOODS; g++)
                br_line_printf(&l, 1, "%s %d", good_codes[g], s->players[p].goods[g]);
            br_line_end(&l);
        }
        if (!sees(viewer, p))
            continue;
        br_format(head, sizeof head, p == viewer ? "Your hand:" : "Seat %d hand:", p);
        br_line l = br_line_start(out, head);
        render_cards(&l, s->players[p].hand);
        br_line_end(&l);
        if (s->players[p].discards) {
            br_format(head, sizeof head, p == viewer ? "Your discards:" : "Seat %d discards:", p);
            l = br_line_start(out, head);
            render_cards(&l, s->players[p].discards);
            br_line_end(&l);
        }
    }
}

static void render_pending(const tdw *s, br_text *out)
{
    const tdw_pending *pd = &s->pending;
    br_line l = br_line_start(out, "");
    switch (s->phase) {
    case TDW_PH_FOLLOW:
    case TDW_PH_DISCARD:
        if (pd->card == TDW_NONE)
            return;
        br_line_printf(&l, 0, "Seat %d carries out %s%s", s->turn, tdw_card_names[pd->card],
                    pd->via_privilege ? " (via privilege)" : "");
        if (pd->rented) {
            br_line_word(&l, "rented");
            for (int q = 0; q < TDW_PLOTS; q++)
                if (pd->rented >> q & 1)
                    br_line_printf(&l, 1, "p%d", q + 1);
        }
        if (pd->cared)
            br_line_printf(&l, 1, "(knowledge used for cares: %d)", pd->cared);
        break;
    case TDW_PH_CHOICE:
    case TDW_PH_CARE:
    case TDW_PH_REDEEM:
        br_line_printf(&l, 0, "Seat %d %s", pd->seat,
                    s->phase == TDW_PH_CHOICE ? "decides on the event"
                    : s->phase == TDW_PH_CARE ? "may care for a patient (hospital donor)"
                    : "may give loyalty against penalties");
        if (pd->queue) {
            br_line_put(&l, 0, ";");
            br_line_word(&l, "then");
            for (int k = 1; k < s->num_players; k++) {
                int p = (pd->seat + k) % s->num_players;
                if (pd->queue >> p & 1)
                    br_line_printf(&l, 1, "s%d", p);
            }
        }
        break;
    default:
        return;
    }
    br_line_end(&l);
}

static void render_dues(const tdw *s, br_text *out)
{
    if (tdw_dues_empty(s))
        return;
    br_line l = br_line_start(out, "Dues:");
    if (s->tax)
        br_line_printf(&l, 1, "tax %d;", s->tax);
    br_line_word(&l, "missing");
    int shown = 0;
    for (int p = 0; p < s->num_players; p++)
        for (int d = 0; d < TDW_DUES; d++)
            if (s->shortfall[p][d])
                br_line_printf(&l, shown++ ? 2 : 1, "s%d %s %d", p, tdw_due_names[d],
                            s->shortfall[p][d]);
    if (!shown)
        br_line_word(&l, "nothing");
    br_line_end(&l);
}

static void render_result(const tdw *s, br_text *out)
{
    if (s->phase != TDW_PH_OVER)
        return;
    br_line l = br_line_start(out, "Game over. Winner(s):");
    for (int p = 0; p < s->num_players; p++)
        if (s->winners >> p & 1)
            br_line_printf(&l, 1, "seat %d (%d VP)", p, s->players[p].vp);
    br_line_end(&l);
}

void tdw_render(const void *st, int viewer, br_text *out)
{
    const tdw *s = st;
    render_header(s, out);
    render_event(s, out);
    render_display(s, out);
    render_track(s, out);
    render_market(s, out);
    render_projects(s, out);
    render_stocks(s, out);
    render_plague(s, out);
    render_seats(s, viewer, out);
    render_private(s, viewer, out);
    render_pending(s, out);
    render_dues(s, out);
    render_result(s, out);
}

/* ------------------------------------------------------------------ */
/* Resampling */

/* For every other seat: which of its cards not face up are in its hand and
 * which in its discard pile, keeping both counts. */
static void resample_cards(tdw *s, int seat, br_rng *rng)
{
    for (int p = 0; p < s->num_players; p++) {
        tdw_player *pl = &s->players[p];
        if (p == seat || !pl->discards)
            continue;
        unsigned cards = pl->hand | pl->discards;
        pl->discards = (uint16_t)br_rng_subset(rng, cards, tdw_popcount(pl->discards));
        pl->hand = (uint16_t)(cards & ~pl->discards);
    }
}

/* With screens=closed: for each good, the units the other seats hold
 * together, dealt one by one to a uniformly chosen other seat. */
static void deal_goods(tdw *s, int seat, br_rng *rng)
{
    int others[TDW_MAX_SEATS], n = 0;
    for (int p = 0; p < s->num_players; p++)
        if (p != seat)
            others[n++] = p;
    if (n < 2)
        return;
    for (int g = 0; g < TDW_GOODS; g++) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            total += s->players[others[i]].goods[g];
            s->players[others[i]].goods[g] = 0;
        }
        for (; total > 0; total--)
            s->players[others[br_rng_below(rng, (uint32_t)n)]].goods[g]++;
    }
}

/* A deal must leave the seat to move a real decision: the engine asks a
 * seat only when it has two or more legal moves (C22), and a seat in the
 * middle of an action has a follow-up. That another seat is asked is public,
 * so the deal is drawn again (at most DEAL_TRIES times, then the goods stay
 * as they are) until it agrees with that; the loader checks the same. */
static bool deal_fits(const tdw *s, size_t moves_before)
{
    br_move moves[TDW_MAX_LEGAL];
    size_t n = tdw_legal_moves(s, moves);
    size_t need = moves_before < 2 ? moves_before : 2;
    return n >= need;
}

enum { DEAL_TRIES = 64 };

void tdw_resample(const void *st, int seat, br_rng *rng, void *out)
{
    const tdw *orig = st;
    tdw *s = out;
    *s = *orig;
    resample_cards(s, seat, rng);
    if (orig->screens_open)
        return;
    br_move moves[TDW_MAX_LEGAL];
    size_t before = tdw_legal_moves(s, moves);
    int mover = tdw_current_player(orig);
    for (int k = 0; k < DEAL_TRIES; k++) {
        deal_goods(s, seat, rng);
        if (mover < 0 || mover == seat || deal_fits(s, before))
            return;
    }
    /* No deal found that fits: the goods as they are (always consistent). */
    for (int p = 0; p < s->num_players; p++)
        memcpy(s->players[p].goods, orig->players[p].goods, sizeof s->players[p].goods);
}

/* ------------------------------------------------------------------ */
/* The observation tensor (doc: "Learning interface", plane by plane)
 *
 * One flat vector: the table (TDW_TENSOR_TABLE floats), then one block of
 * TDW_TENSOR_SEAT floats per seat, the observer's first and then the next
 * seats clockwise (a spectator: seat 0 first). Everything comes from what
 * write_observation() shows the seat: another seat's hand and discards
 * only as counts, its goods only with screens=open, the face-down plague
 * tiles only as their number. The buffer is cleared first (0.0f is all
 * bits zero), then the set entries are written. */

/* Offsets of the table's planes. */
enum {
    T_PHASE = 0,                       /* 12 one-hot */
    T_CHAPTER = T_PHASE + TDW_PHASES,  /* 4 one-hot */
    T_ROUND = T_CHAPTER + TDW_CHAPTERS,/* 6 one-hot */
    T_EVENT = T_ROUND + TDW_ROUNDS,    /* 44 one-hot, none before the draw */
    T_ORIENT = T_EVENT + TDW_EVENTS,   /* 4 one-hot, none before orienting */
    T_DISPLAY = T_ORIENT + 4,          /* 2 x 44 one-hot */
    T_OLDER = T_DISPLAY + 2 * TDW_EVENTS, /* 2 one-hot */
    T_DRAWN = T_OLDER + 2,             /* 44 */
    T_FAVOUR = T_DRAWN + TDW_EVENTS,   /* 10 one-hot */
    T_COVERS = T_FAVOUR + TDW_SPACES,  /* 19 */
    T_PROJECTS = T_COVERS + TDW_TARGETS, /* 7 x 5 */
    T_PLACES = T_PROJECTS + 5 * TDW_PROJECTS, /* 11 x 5 */
    T_POOL = T_PLACES + 5 * TDW_PLACES,/* 1 */
    T_STOCKS = T_POOL + 1,             /* 4 */
    T_SUPPLY = T_STOCKS + 4,           /* 9 */
    T_PRICES = T_SUPPLY + 9,           /* 2 */
    T_PCARD = T_PRICES + 2,            /* 12 one-hot */
    T_PPRIV = T_PCARD + TDW_CARDS,     /* 1 */
    T_PRENTED = T_PPRIV + 1,           /* 14 */
    T_PCARED = T_PRENTED + TDW_PLOTS,  /* 1 */
    T_PRESUME = T_PCARED + 1,          /* 4 one-hot */
    T_PFILL = T_PRESUME + 4,           /* 7 one-hot */
    T_TAX = T_PFILL + TDW_PROJECTS,    /* 4 one-hot */
    T_END = T_TAX + 4
};

/* Offsets inside a seat's block. */
enum {
    S_VP = 0,
    S_CREST, S_TURN, S_TO_MOVE, S_PSEAT, S_QUEUED, S_ACTED, S_FORFEIT,
    S_TRADED,                          /* 3 */
    S_PENALTIES = S_TRADED + 3,        /* 3 */
    S_WINNER = S_PENALTIES + 3,
    S_GOODS_SHOWN,
    S_GOODS,                           /* 9 */
    S_HAND = S_GOODS + TDW_GOODS,      /* 12 */
    S_HAND_N = S_HAND + TDW_CARDS,
    S_DISCARDS,                        /* 12 */
    S_DISCARDS_N = S_DISCARDS + TDW_CARDS,
    S_PILE,                            /* 6 x (12 one-hot + used) */
    S_PILE_N = S_PILE + TDW_ROUNDS * (TDW_CARDS + 1),
    S_PLOTS,                           /* 14 */
    S_HOUSES_LEFT = S_PLOTS + TDW_PLOTS,
    S_SEALS,                           /* 7 */
    S_SHORTFALL = S_SEALS + TDW_PROJECTS, /* 3 */
    S_END = S_SHORTFALL + TDW_DUES
};

_Static_assert((int)T_END == (int)TDW_TENSOR_TABLE, "the table's planes add up to TDW_TENSOR_TABLE");
_Static_assert((int)S_END == (int)TDW_TENSOR_SEAT, "a seat's planes add up to TDW_TENSOR_SEAT");

/* VP have no upper limit: the plane is VP / TENSOR_VP_SCALE, capped at 1. */
enum { TENSOR_VP_SCALE = 100 };

static void tensor_table(const tdw *s, float *t)
{
    t[T_PHASE + s->phase] = 1.0f;
    t[T_CHAPTER + s->chapter] = 1.0f;
    t[T_ROUND + s->round] = 1.0f;
    if (s->event != TDW_NONE)
        t[T_EVENT + s->event] = 1.0f;
    if (s->orientation != TDW_NONE)
        t[T_ORIENT + s->orientation] = 1.0f;
    for (int f = 0; f < 2; f++)
        if (s->display[f] != TDW_NONE)
            t[T_DISPLAY + f * TDW_EVENTS + s->display[f]] = 1.0f;
    if (s->display_older != TDW_NONE)
        t[T_OLDER + s->display_older] = 1.0f;
    for (int ch = 0; ch < TDW_CHAPTERS; ch++)
        for (int i = 0; i < s->drawn_len[ch]; i++)
            t[T_DRAWN + s->drawn[ch][i]] = 1.0f;
    t[T_FAVOUR + s->favour] = 1.0f;
    br_tensor_bits(t + T_COVERS, s->covers, TDW_TARGETS);
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        float *o = t + T_PROJECTS + 5 * p;
        o[0] = ps->in_play;
        o[1] = ps->done;
        o[2] = ps->metal;
        o[3] = br_tensor_scaled(ps->stone, tdw_projects[p].stone);
        o[4] = br_tensor_scaled(ps->wood, tdw_projects[p].wood);
    }
    int face_down = 0;
    for (int x = 0; x < TDW_PLACES; x++) {
        float *o = t + T_PLACES + 5 * x;
        o[s->place_state[x]] = 1.0f;
        o[4] = br_tensor_scaled(s->place_value[x], TDW_PLAGUE_VALUES);
        face_down += s->place_state[x] == TDW_PLACE_HIDDEN;
    }
    t[T_POOL] = br_tensor_scaled(face_down, TDW_PLACES);
    t[T_STOCKS + 0] = br_tensor_scaled(s->stock_grain, tdw_component[TDW_GRAIN]);
    t[T_STOCKS + 1] = br_tensor_scaled(s->stock_piety, tdw_component[TDW_PIETY]);
    t[T_STOCKS + 2] = br_tensor_scaled(s->box_grain, tdw_component[TDW_GRAIN]);
    t[T_STOCKS + 3] = br_tensor_scaled(s->box_piety, tdw_component[TDW_PIETY]);
    for (int i = 0; i < 7; i++)
        t[T_SUPPLY + i] =
            br_tensor_scaled(s->supply[supply_goods[i]], tdw_component[supply_goods[i]]);
    t[T_SUPPLY + 7] = s->supply_metal;
    t[T_SUPPLY + 8] = br_tensor_scaled(TDW_COVER_TILES - tdw_popcount(s->covers), TDW_COVER_TILES);
    t[T_PRICES + 0] = br_tensor_scaled(tdw_price_of(s, TDW_WOOL), 6); /* the sale prices now */
    t[T_PRICES + 1] = br_tensor_scaled(tdw_price_of(s, TDW_CLOTH), 6);
    const tdw_pending *pd = &s->pending;
    if (pd->card != TDW_NONE)
        t[T_PCARD + pd->card] = 1.0f;
    t[T_PPRIV] = pd->via_privilege;
    br_tensor_bits(t + T_PRENTED, pd->rented, TDW_PLOTS);
    t[T_PCARED] = br_tensor_scaled(pd->cared, tdw_component[TDW_KNOWLEDGE]);
    t[T_PRESUME + pd->resume] = 1.0f;
    if (pd->fill_next < TDW_PROJECTS)
        t[T_PFILL + pd->fill_next] = 1.0f;
    if (s->tax >= 2)
        t[T_TAX + s->tax - 2] = 1.0f;
}

static void tensor_seat(const tdw *s, int p, int viewer, int mover, float *o)
{
    const tdw_player *pl = &s->players[p];
    o[S_VP] = pl->vp >= TENSOR_VP_SCALE ? 1.0f : br_tensor_scaled(pl->vp, TENSOR_VP_SCALE);
    o[S_CREST] = s->crest == p;
    o[S_TURN] = s->turn == p;
    o[S_TO_MOVE] = mover == p;
    o[S_PSEAT] = s->pending.seat == p;
    o[S_QUEUED] = s->pending.queue >> p & 1;
    o[S_ACTED] = pl->acted;
    o[S_FORFEIT] = pl->forfeit;
    br_tensor_bits(o + S_TRADED, pl->traded, 3);
    br_tensor_bits(o + S_PENALTIES, pl->penalties, 3);
    o[S_WINNER] = s->phase == TDW_PH_OVER && (s->winners >> p & 1);
    bool own = viewer == p;
    if (own || s->screens_open) {
        o[S_GOODS_SHOWN] = 1.0f;
        for (int g = 0; g < TDW_GOODS; g++)
            o[S_GOODS + g] = br_tensor_scaled(pl->goods[g], tdw_component[g]);
    }
    if (own) {
        br_tensor_bits(o + S_HAND, pl->hand, TDW_CARDS);
        br_tensor_bits(o + S_DISCARDS, pl->discards, TDW_CARDS);
    }
    o[S_HAND_N] = br_tensor_scaled(tdw_popcount(pl->hand), TDW_CARDS);
    o[S_DISCARDS_N] = br_tensor_scaled(tdw_popcount(pl->discards), TDW_CARDS);
    for (int i = 0; i < pl->pile_len; i++) {
        float *c = o + S_PILE + i * (TDW_CARDS + 1);
        c[pl->pile[i]] = 1.0f;
        c[TDW_CARDS] = pl->pile_used >> i & 1;
    }
    o[S_PILE_N] = br_tensor_scaled(pl->pile_len, TDW_ROUNDS);
    int houses = 0;
    for (int q = 0; q < TDW_PLOTS; q++)
        if (s->plots[q] == p) {
            o[S_PLOTS + q] = 1.0f;
            houses++;
        }
    o[S_HOUSES_LEFT] = br_tensor_scaled(TDW_HOUSES - houses, TDW_HOUSES);
    br_tensor_bits(o + S_SEALS, pl->seals, TDW_PROJECTS);
    o[S_SHORTFALL + 0] = br_tensor_scaled(s->shortfall[p][0], 2);
    o[S_SHORTFALL + 1] = br_tensor_scaled(s->shortfall[p][1], 2);
    o[S_SHORTFALL + 2] = br_tensor_scaled(s->shortfall[p][2], 5);
}

void tdw_write_tensor(const void *st, int seat, float *out)
{
    const tdw *s = st;
    int n = s->num_players;
    memset(out, 0, tdw_tensor_size(n) * sizeof *out);
    tensor_table(s, out);
    int mover = tdw_current_player(s);
    for (int k = 0; k < n; k++) {
        int p = seat < 0 ? k : (seat + k) % n;
        tensor_seat(s, p, seat < 0 ? -1 : seat, mover, out + TDW_TENSOR_TABLE + k * TDW_TENSOR_SEAT);
    }
}

/* ------------------------------------------------------------------ */
/* The information-state tensor's view of a move: tdw_move_hidden()'s
 * hidden discard and penance draw get the two classes past the move space. */
uint32_t tdw_move_view(const void *st, br_move move, int seat)
{
    int hidden = tdw_move_hidden(st, move, seat);
    return hidden ? TDW_MOVE_SPACE + (uint32_t)hidden - 1 : (uint32_t)move;
}
