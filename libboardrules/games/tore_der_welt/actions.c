/*
 * Die Tore der Welt: the action turn. The twelve action cards (play, lay
 * unused, discard face down), their follow-up moves, Privileg, the lasting
 * trades (E20) and the lasting events' effects on actions (ban, bonus, cost,
 * price, trade_round; doc "The actions as moves").
 *
 * Why three rules files: the rules of this game are several times larger than
 * the other games', and one rules.c would pass 1,000 lines; rules.c holds the
 * frame (round, turn order, dispatch, chance, results), this file the action
 * cards, events.c the events, projects, plague and the chapter end.
 *
 * "play <card>" is legal only when the card's action can do something now
 * ("Lässt sich eine Aktion nicht ausführen, passiert einfach nichts" is the
 * same as laying it unused): for a card with follow-up moves, when at least
 * one follow-up is legal.
 */
#include "tore_der_welt.h"

/* ------------------------------------------------------------------ */
/* The lasting events in force (C1) */

/* The lasting cards in force now (0..3 event indexes into out[3]; the
 * council card first when it is lasting). */
static int lasting_in_force(const tdw *s, uint8_t out[3])
{
    int n = 0;
    /* the round's card is in force once resolved, after its plague tile */
    if (s->event != TDW_NONE && tdw_events[s->event].lasting && s->phase != TDW_PH_PLAGUE)
        out[n++] = s->event;
    if (s->display_older != TDW_NONE) {
        int older = s->display_older, newer = 1 - older;
        if (s->display[newer] != TDW_NONE)
            out[n++] = s->display[newer];
        if (s->display[older] != TDW_NONE)
            out[n++] = s->display[older];
    }
    return n;
}

/* The first lasting card in force (the newest first) with an effect of
 * `kind` on `card` and `good` (each < 0: any), or -1. */
int tdw_lasting_with(const tdw *s, int kind, int card, int good)
{
    uint8_t ev[3];
    int n = lasting_in_force(s, ev);
    for (int i = 0; i < n; i++) {
        const tdw_effect *e = &tdw_events[ev[i]].effect;
        if (e->kind == kind && (card < 0 || e->card == card) && (good < 0 || e->good == good))
            return ev[i];
    }
    return -1;
}

static int extra_cost(const tdw *s, int card)
{
    uint8_t ev[3];
    int n = lasting_in_force(s, ev), k = 0;
    for (int i = 0; i < n; i++) {
        const tdw_effect *e = &tdw_events[ev[i]].effect;
        if (e->kind == TDW_E_COST && e->card == card)
            k += e->n;
    }
    return k;
}

/* The money paid when the card is played; house and donate pay their whole
 * cost (base 1 and the extra) with their follow-up move. */
static int cost_at_play(const tdw *s, int card)
{
    return card == TDW_C_HOUSE || card == TDW_C_DONATE ? 0 : extra_cost(s, card);
}

/* The wool or cloth price: the newest lasting price in force, else 2 / 4. */
int tdw_price_of(const tdw *s, int good)
{
    int e = tdw_lasting_with(s, TDW_E_PRICE, -1, good);
    return e >= 0 ? tdw_events[e].effect.n : good == TDW_WOOL ? tdw_wool_price : tdw_cloth_price;
}

/* The lasting bonuses on using `card` (half: TDW_HALF_ANY for the card as
 * such, or one half of the Medizin card). */
static void apply_bonus(tdw *s, int seat, int card, int half)
{
    uint8_t ev[3];
    int n = lasting_in_force(s, ev);
    for (int i = 0; i < n; i++) {
        const tdw_effect *e = &tdw_events[ev[i]].effect;
        if (e->kind != TDW_E_BONUS || e->card != card || e->half != half)
            continue;
        if (e->get_good != TDW_NONE)
            tdw_gain(s, seat, e->get_good, e->get_n);
        tdw_add_vp(s, seat, e->vp);
    }
}

/* The card on a lasting trade slot: 0 the council field, 1 and 2 the display
 * fields; TDW_NONE when it holds no lasting card. */
static int slot_card(const tdw *s, int slot)
{
    if (slot == 0)
        return s->event != TDW_NONE && tdw_events[s->event].lasting ? s->event : TDW_NONE;
    return s->display[slot - 1];
}

/* ------------------------------------------------------------------ */
/* Follow-up moves */

static const uint8_t cube_stone[5] = {1, 0, 2, 1, 0};
static const uint8_t cube_wood[5] = {0, 1, 0, 1, 2};

/* The follow-up moves of each card, `done` first where it ends a rent or
 * a care (rules.c's candidates in the FOLLOW phase). */
const tdw_move_range tdw_follow_ranges[TDW_CARDS][2] = {
    [TDW_C_MATERIAL] = {{TDW_MV_TAKE_STONE, TDW_MV_BUILD}},
    [TDW_C_BUILD] = {{TDW_MV_BUILD, TDW_MV_SELL}},
    [TDW_C_SALE] = {{TDW_MV_SELL, TDW_MV_HOUSE}},
    [TDW_C_HOUSE] = {{TDW_MV_HOUSE, TDW_MV_RENT}},
    [TDW_C_RENT] = {{TDW_MV_DONE, TDW_MV_DONE + 1}, {TDW_MV_RENT, TDW_MV_DONATE}},
    [TDW_C_DONATE] = {{TDW_MV_DONATE, TDW_MV_WEAVE}},
    [TDW_C_WEAVE] = {{TDW_MV_WEAVE, TDW_MV_MEDICINE_MONEY}},
    [TDW_C_MEDICINE] = {{TDW_MV_DONE, TDW_MV_DONE + 1}, {TDW_MV_MEDICINE_MONEY, TDW_MV_REDEEM}},
};

static bool project_open(const tdw *s, int p, const char *what, br_text *r)
{
    const char *name = tdw_projects[p].text;
    if (!s->projects[p].in_play)
        return br_fail(r, "the %s is not in play, so nobody can %s it", name, what);
    if (s->projects[p].done)
        return br_fail(r, "the %s is completed", name);
    if (s->covers >> (TDW_T_PROJECT + p) & 1)
        return br_fail(r, "the %s is covered: nobody can %s it this chapter", name, what);
    return true;
}

static bool build_legal(const tdw *s, int seat, int move, br_text *r)
{
    int p = (move - TDW_MV_BUILD) / 5, c = (move - TDW_MV_BUILD) % 5;
    if (!project_open(s, p, "build on", r))
        return false;
    const uint8_t *g = s->players[seat].goods;
    int free_stone = tdw_projects[p].stone - s->projects[p].stone;
    int free_wood = tdw_projects[p].wood - s->projects[p].wood;
    if (cube_stone[c] > free_stone)
        return br_fail(r, "the %s has %d free stone field%s", tdw_projects[p].text,
                        free_stone, free_stone == 1 ? "" : "s");
    if (cube_wood[c] > free_wood)
        return br_fail(r, "the %s has %d free wood field%s", tdw_projects[p].text, free_wood,
                        free_wood == 1 ? "" : "s");
    if (cube_stone[c] > g[TDW_STONE])
        return br_fail(r, "seat %d holds %d stone", seat, g[TDW_STONE]);
    if (cube_wood[c] > g[TDW_WOOD])
        return br_fail(r, "seat %d holds %d wood", seat, g[TDW_WOOD]);
    return true;
}

static bool sale_legal(const tdw *s, int seat, int move, br_text *r)
{
    int w = (move - TDW_MV_SELL + 1) / 2, k = (move - TDW_MV_SELL + 1) % 2;
    const uint8_t *g = s->players[seat].goods;
    if (w > g[TDW_WOOL])
        return br_fail(r, "seat %d holds %d wool", seat, g[TDW_WOOL]);
    if (k > g[TDW_CLOTH])
        return br_fail(r, "seat %d holds no cloth", seat);
    if (w > 0 && (s->covers >> TDW_T_MARKET_WOOL & 1))
        return br_fail(r, "the wool market is covered: no wool may be sold");
    if (k > 0 && (s->covers >> TDW_T_MARKET_CLOTH & 1))
        return br_fail(r, "the cloth market is covered: no cloth may be sold");
    int pay = w * tdw_price_of(s, TDW_WOOL) + k * tdw_price_of(s, TDW_CLOTH);
    if (pay > s->supply[TDW_MONEY])
        return br_fail(r, "the supply cannot pay %d money, it holds %d", pay,
                        s->supply[TDW_MONEY]);
    return true;
}

static bool house_legal(const tdw *s, int seat, int move, br_text *r)
{
    int q = move - TDW_MV_HOUSE;
    const tdw_plot_info *plot = &tdw_plots[q];
    const uint8_t *g = s->players[seat].goods;
    if (s->plots[q] != TDW_NONE)
        return br_fail(r, "plot p%d is taken by seat %d", q + 1, s->plots[q]);
    if (tdw_houses_of(s, seat) >= TDW_HOUSES)
        return br_fail(r, "seat %d has no house left", seat);
    for (int o = 0; o < TDW_PLOTS; o++)
        if (s->plots[o] == seat && tdw_plots[o].yield == plot->yield)
            return br_fail(r, "seat %d has a house on p%d, which has the same yield as p%d",
                            seat, o + 1, q + 1);
    if (g[plot->material] < 1)
        return br_fail(r, "plot p%d needs %s and seat %d holds none", q + 1,
                        tdw_good_names[plot->material], seat);
    int cost = 1 + extra_cost(s, TDW_C_HOUSE);
    if (g[TDW_MONEY] < cost)
        return br_fail(r, "a house costs %d money and seat %d holds %d", cost, seat,
                        g[TDW_MONEY]);
    return true;
}

static bool rent_legal(const tdw *s, int seat, const tdw_pending *pd, int move, br_text *r)
{
    int q = move - TDW_MV_RENT;
    if (s->plots[q] != seat)
        return br_fail(r, "seat %d has no house on plot p%d", seat, q + 1);
    if (pd->rented >> q & 1)
        return br_fail(r, "the house on p%d has been rented in this action already", q + 1);
    if (tdw_popcount(pd->rented) >= 2)
        return br_fail(r, "one rent takes the yields of at most 2 houses");
    int good = tdw_plots[q].good;
    if (tdw_stock(s, good) == 0)
        return br_fail(r, "the stock holds no %s for the house on p%d", tdw_good_names[good],
                        q + 1);
    return true;
}

static bool donate_legal(const tdw *s, int seat, int move, br_text *r)
{
    int p = move - TDW_MV_DONATE;
    const tdw_player *pl = &s->players[seat];
    if (!project_open(s, p, "donate to", r))
        return false;
    if (pl->seals >> p & 1)
        return br_fail(r, "seat %d has a seal on the %s already", seat, tdw_projects[p].text);
    if (tdw_popcount(pl->seals) >= TDW_SEALS)
        return br_fail(r, "seat %d has no free seal", seat);
    int cost = 1 + extra_cost(s, TDW_C_DONATE);
    if (pl->goods[TDW_MONEY] < cost)
        return br_fail(r, "a donation costs %d money and seat %d holds %d", cost, seat,
                        pl->goods[TDW_MONEY]);
    return true;
}

static bool care_fits(const tdw *s, int seat, int place, int used, br_text *r)
{
    if (s->chapter < 2)
        return br_fail(r, "patients are cared for from chapter III on");
    if (s->place_state[place] != TDW_PLACE_SICK)
        return br_fail(r, "there is no patient at place %d", place + 1);
    /* `used`: the values cared for with this card and the knowledge gained
     * during it, so `left` is what remains of the knowledge shown */
    int left = s->players[seat].goods[TDW_KNOWLEDGE] - used;
    if (s->place_value[place] > left)
        return br_fail(r, "the patient at place %d needs %d medical knowledge and seat %d "
                        "has %d left", place + 1, s->place_value[place], seat, left);
    return true;
}

/* Whether `move` (one of pd->card's follow-up moves or done) is legal for
 * `seat` in the action context pd. */
static bool follow_legal(const tdw *s, int seat, const tdw_pending *pd, int move, br_text *r)
{
    const uint8_t *g = s->players[seat].goods;
    if (move == TDW_MV_DONE) {
        if (pd->card == TDW_C_RENT && !pd->rented)
            return br_fail(r, "done ends a rent after its first house");
        if (pd->card == TDW_C_MEDICINE && !pd->cared)
            return br_fail(r, "done ends a care after its first patient");
        return true;
    }
    switch (pd->card) {
    case TDW_C_MATERIAL: {
        int good = move == TDW_MV_TAKE_STONE ? TDW_STONE : TDW_WOOD;
        if (!s->supply[good])
            return br_fail(r, "the supply holds no %s", tdw_good_names[good]);
        return true;
    }
    case TDW_C_BUILD:
        return build_legal(s, seat, move, r);
    case TDW_C_SALE:
        return sale_legal(s, seat, move, r);
    case TDW_C_HOUSE:
        return house_legal(s, seat, move, r);
    case TDW_C_RENT:
        return rent_legal(s, seat, pd, move, r);
    case TDW_C_DONATE:
        return donate_legal(s, seat, move, r);
    case TDW_C_WEAVE: {
        int n = move - TDW_MV_WEAVE + 1;
        if (g[TDW_WOOL] < n)
            return br_fail(r, "seat %d holds %d wool", seat, g[TDW_WOOL]);
        if (s->supply[TDW_CLOTH] < n)
            return br_fail(r, "the supply holds %d cloth", s->supply[TDW_CLOTH]);
        return true;
    }
    case TDW_C_MEDICINE:
        if (move == TDW_MV_MEDICINE_MONEY)
            return pd->cared ? br_fail(r, "the Medizin card gives money or cares, and this "
                                        "one has cared already") : true;
        return care_fits(s, seat, move - TDW_MV_CARE, pd->cared, r);
    default:
        return br_fail(r, "the %s card has no follow-up moves", tdw_card_names[pd->card]);
    }
}

/* ------------------------------------------------------------------ */
/* Whether a card's action can be carried out now */

/* Why a card with follow-up moves cannot be played: none of them is legal. */
static bool cannot(int card, int seat, br_text *r)
{
    switch (card) {
    case TDW_C_MATERIAL: return br_fail(r, "the supply holds neither stone nor wood");
    case TDW_C_BUILD: return br_fail(r, "seat %d cannot place a cube on any project now", seat);
    case TDW_C_SALE: return br_fail(r, "seat %d can sell neither wool nor cloth now", seat);
    case TDW_C_HOUSE: return br_fail(r, "seat %d cannot build a house on any plot now", seat);
    case TDW_C_RENT: return br_fail(r, "no house of seat %d yields anything now", seat);
    case TDW_C_DONATE: return br_fail(r, "seat %d cannot donate to any project now", seat);
    default: return br_fail(r, "seat %d cannot weave: it needs wool and the supply cloth",
                             seat);
    }
}

static bool executable(const tdw *s, int seat, int card, br_text *r)
{
    switch (card) {
    case TDW_C_GRAIN:
        return s->stock_grain ? true : br_fail(r, "the field holds no grain");
    case TDW_C_PIETY:
        return s->stock_piety ? true : br_fail(r, "the cathedral holds no piety");
    case TDW_C_FAVOUR: {
        int target = tdw_favour_target(s, s->favour, 1);
        if (tdw_track[target].kind == TDW_S_OUTLAWS && s->players[seat].goods[TDW_MONEY] < 1)
            return br_fail(r, "the favour marker would reach the outlaws (%s) and seat %d has "
                            "no money to pay them", tdw_track[target].text, seat);
        return true;
    }
    case TDW_C_MEDICINE:
        return true; /* 1 money and 1 VP: the VP needs no stock */
    case TDW_C_PRIVILEGE:
        return br_fail(r, "Privileg cannot repeat itself");
    default: { /* `done` is not legal before the first follow-up */
        tdw_pending pd = {.card = (uint8_t)card};
        for (int i = 0; i < 2; i++)
            for (int m = tdw_follow_ranges[card][i].lo; m < tdw_follow_ranges[card][i].hi; m++)
                if (follow_legal(s, seat, &pd, m, NULL))
                    return true;
        return cannot(card, seat, r);
    }
    }
}

/* The card Privileg would repeat, or -1 with the reason. */
static int privilege_target(const tdw *s, int seat, br_text *r)
{
    const tdw_player *pl = &s->players[seat];
    if (pl->pile_len == 0) {
        br_fail(r, "Privileg has no face-up card of this chapter to repeat");
        return -1;
    }
    int top = pl->pile[pl->pile_len - 1];
    if (!s->privilege_any && !(pl->pile_used >> (pl->pile_len - 1) & 1)) {
        br_fail(r, "Privileg repeats only a card that was used, and %s was laid unused",
                 tdw_card_names[top]);
        return -1;
    }
    int ban = tdw_lasting_with(s, TDW_E_BAN, top, -1);
    if (ban >= 0) {
        br_fail(r, "Privileg cannot repeat %s: event %d bans it", tdw_card_names[top],
                 ban + 1);
        return -1;
    }
    return top;
}

static bool play_legal(const tdw *s, int seat, int card, br_text *r)
{
    const tdw_player *pl = &s->players[seat];
    if (!(pl->hand >> card & 1))
        return br_fail(r, "seat %d has no %s card in hand", seat, tdw_card_names[card]);
    if (tdw_forfeited(s, seat))
        return br_fail(r, "seat %d's action is forfeited this round: it may only lay a card "
                        "unused", seat);
    int ban = tdw_lasting_with(s, TDW_E_BAN, card, -1);
    if (ban >= 0)
        return br_fail(r, "event %d bans the %s card", ban + 1, tdw_card_names[card]);
    int ecard = card;
    if (card == TDW_C_PRIVILEGE && (ecard = privilege_target(s, seat, r)) < 0)
        return false;
    int cost = cost_at_play(s, ecard);
    if (pl->goods[TDW_MONEY] < cost)
        return br_fail(r, "the %s card costs %d money now and seat %d holds %d",
                        tdw_card_names[ecard], cost, seat, pl->goods[TDW_MONEY]);
    return executable(s, seat, ecard, r);
}

static bool trade_legal(const tdw *s, int seat, int slot, br_text *r)
{
    static const char *const slot_names[3] = {"the council field", "display field 1",
                                              "display field 2"};
    int ev = slot_card(s, slot);
    if (ev == TDW_NONE || tdw_events[ev].effect.kind != TDW_E_TRADE_ROUND)
        return br_fail(r, "no lasting trade lies on %s", slot_names[slot]);
    const tdw_effect *e = &tdw_events[ev].effect;
    const tdw_player *pl = &s->players[seat];
    if (pl->traded >> slot & 1)
        return br_fail(r, "seat %d has made the trade of event %d this round already", seat,
                        ev + 1);
    if (pl->goods[e->good] < e->n)
        return br_fail(r, "the trade of event %d gives %d %s and seat %d holds %d", ev + 1,
                        e->n, tdw_good_names[e->good], seat, pl->goods[e->good]);
    if (e->get_good != TDW_NONE && tdw_stock(s, e->get_good) < e->get_n)
        return br_fail(r, "the stock cannot give the %d %s of event %d's trade", e->get_n,
                        tdw_good_names[e->get_good], ev + 1);
    return true;
}

bool tdw_action_move_legal(const tdw *s, br_move move, br_text *r)
{
    int seat = s->turn, m = (int)move;
    const tdw_player *pl = &s->players[seat];
    switch (s->phase) {
    case TDW_PH_ACTION:
        if (m >= TDW_MV_TRADE)
            return trade_legal(s, seat, m - TDW_MV_TRADE, r);
        if (m >= TDW_MV_LAY)
            return pl->hand >> (m - TDW_MV_LAY) & 1
                       ? true
                       : br_fail(r, "seat %d has no %s card in hand", seat,
                                  tdw_card_names[m - TDW_MV_LAY]);
        return play_legal(s, seat, m - TDW_MV_PLAY, r);
    case TDW_PH_DISCARD:
        return pl->hand >> (m - TDW_MV_DISCARD) & 1
                   ? true
                   : br_fail(r, "seat %d has no %s card in hand", seat,
                              tdw_card_names[m - TDW_MV_DISCARD]);
    default:
        return follow_legal(s, seat, &s->pending, m, r);
    }
}

/* ------------------------------------------------------------------ */
/* Applying */

static void put_on_pile(tdw *s, int seat, int card, bool used)
{
    tdw_player *pl = &s->players[seat];
    pl->hand &= (uint16_t)~(1u << card);
    if (used)
        pl->pile_used |= (uint8_t)(1u << pl->pile_len);
    pl->pile[pl->pile_len++] = (uint8_t)card;
}

static void play(tdw *s, int seat, int card)
{
    tdw_player *pl = &s->players[seat];
    int ecard = card;
    if (card == TDW_C_PRIVILEGE)
        ecard = pl->pile[pl->pile_len - 1];
    put_on_pile(s, seat, card, true);
    tdw_lose(s, seat, TDW_MONEY, cost_at_play(s, ecard));
    switch (ecard) {
    case TDW_C_GRAIN:
        tdw_gain(s, seat, TDW_GRAIN, 1);
        break;
    case TDW_C_PIETY:
        tdw_gain(s, seat, TDW_PIETY, 1);
        break;
    case TDW_C_FAVOUR:
        s->favour = (uint8_t)tdw_favour_target(s, s->favour, 1);
        tdw_favour_benefit(s, seat, s->favour);
        break;
    default:
        tdw_pending_clear(s);
        s->pending.card = (uint8_t)ecard;
        s->pending.via_privilege = card == TDW_C_PRIVILEGE;
        s->phase = TDW_PH_FOLLOW;
        return;
    }
    apply_bonus(s, seat, ecard, TDW_HALF_ANY);
    tdw_end_action(s);
}

static void trade(tdw *s, int seat, int slot)
{
    const tdw_effect *e = &tdw_events[slot_card(s, slot)].effect;
    tdw_lose(s, seat, e->good, e->n);
    if (e->get_good != TDW_NONE)
        tdw_gain(s, seat, e->get_good, e->get_n);
    tdw_add_vp(s, seat, e->vp);
    s->players[seat].traded |= (uint8_t)(1u << slot);
}

static void build(tdw *s, int seat, int move)
{
    int p = (move - TDW_MV_BUILD) / 5, c = (move - TDW_MV_BUILD) % 5;
    tdw_player *pl = &s->players[seat];
    pl->goods[TDW_STONE] = (uint8_t)(pl->goods[TDW_STONE] - cube_stone[c]);
    pl->goods[TDW_WOOD] = (uint8_t)(pl->goods[TDW_WOOD] - cube_wood[c]);
    s->projects[p].stone = (uint8_t)(s->projects[p].stone + cube_stone[c]);
    s->projects[p].wood = (uint8_t)(s->projects[p].wood + cube_wood[c]);
    tdw_add_vp(s, seat, 3 * (cube_stone[c] + cube_wood[c]));
    apply_bonus(s, seat, TDW_C_BUILD, TDW_HALF_ANY);
    if (tdw_project_full(s, p) && tdw_complete_project(s, p, TDW_R_END_ACTION, TDW_PROJECTS))
        return; /* the hospital's donors care first */
    tdw_end_action(s);
}

static void follow(tdw *s, int seat, int move)
{
    tdw_pending *pd = &s->pending;
    int card = pd->card;
    if (move == TDW_MV_DONE) {
        tdw_end_action(s);
        return;
    }
    switch (card) {
    case TDW_C_MATERIAL:
        tdw_gain(s, seat, move == TDW_MV_TAKE_STONE ? TDW_STONE : TDW_WOOD, 1);
        break;
    case TDW_C_BUILD:
        build(s, seat, move);
        return;
    case TDW_C_SALE: {
        int w = (move - TDW_MV_SELL + 1) / 2, k = (move - TDW_MV_SELL + 1) % 2;
        int pay = w * tdw_price_of(s, TDW_WOOL) + k * tdw_price_of(s, TDW_CLOTH);
        tdw_lose(s, seat, TDW_WOOL, w);
        tdw_lose(s, seat, TDW_CLOTH, k);
        tdw_gain(s, seat, TDW_MONEY, pay);
        break;
    }
    case TDW_C_HOUSE: {
        int q = move - TDW_MV_HOUSE;
        tdw_lose(s, seat, tdw_plots[q].material, 1);
        tdw_lose(s, seat, TDW_MONEY, 1 + extra_cost(s, TDW_C_HOUSE));
        s->plots[q] = (uint8_t)seat;
        break;
    }
    case TDW_C_RENT: {
        int q = move - TDW_MV_RENT;
        if (!pd->rented)
            apply_bonus(s, seat, card, TDW_HALF_ANY);
        tdw_gain(s, seat, tdw_plots[q].good, tdw_plots[q].n);
        pd->rented |= (uint16_t)(1u << q);
        if (tdw_popcount(pd->rented) == 2)
            tdw_end_action(s);
        return;
    }
    case TDW_C_DONATE: {
        int p = move - TDW_MV_DONATE;
        tdw_lose(s, seat, TDW_MONEY, 1 + extra_cost(s, TDW_C_DONATE));
        s->players[seat].seals |= (uint8_t)(1u << p);
        break;
    }
    case TDW_C_WEAVE: {
        int n = move - TDW_MV_WEAVE + 1;
        tdw_lose(s, seat, TDW_WOOL, n);
        tdw_gain(s, seat, TDW_CLOTH, n);
        break;
    }
    case TDW_C_MEDICINE:
        if (move == TDW_MV_MEDICINE_MONEY) {
            tdw_gain(s, seat, TDW_MONEY, 1);
            tdw_add_vp(s, seat, 1);
            apply_bonus(s, seat, card, TDW_HALF_MONEY);
            break;
        } else {
            /* The patients of one card add up to at most the knowledge shown
             * when it is played: knowledge gained during the card (place
             * 10's bonus) counts as used, so it cannot pay for another
             * patient of this card (doc: Medizin). */
            int x = move - TDW_MV_CARE;
            int held = s->players[seat].goods[TDW_KNOWLEDGE];
            if (!pd->cared)
                apply_bonus(s, seat, card, TDW_HALF_ANY);
            tdw_care(s, seat, x);
            apply_bonus(s, seat, card, TDW_HALF_CARE);
            int gained = s->players[seat].goods[TDW_KNOWLEDGE] - held;
            pd->cared = (uint8_t)(pd->cared + s->place_value[x] + gained);
            return;
        }
    default:
        break;
    }
    apply_bonus(s, seat, card, TDW_HALF_ANY);
    tdw_end_action(s);
}

void tdw_apply_action_move(tdw *s, br_move move)
{
    int seat = s->turn, m = (int)move;
    tdw_player *pl = &s->players[seat];
    switch (s->phase) {
    case TDW_PH_ACTION:
        if (m >= TDW_MV_TRADE) {
            trade(s, seat, m - TDW_MV_TRADE);
        } else if (m >= TDW_MV_LAY) {
            put_on_pile(s, seat, m - TDW_MV_LAY, false);
            tdw_end_action(s);
        } else {
            play(s, seat, m - TDW_MV_PLAY);
        }
        break;
    case TDW_PH_DISCARD:
        assert(pl->hand >> (m - TDW_MV_DISCARD) & 1); /* check_move: in hand */
        pl->hand &= (uint16_t)~(1u << (m - TDW_MV_DISCARD));
        pl->discards |= (uint16_t)(1u << (m - TDW_MV_DISCARD));
        tdw_end_turn(s);
        break;
    default:
        follow(s, seat, m);
        break;
    }
}
