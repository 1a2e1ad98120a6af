/*
 * Die Tore der Welt: the binary snapshot (to_bytes, from_bytes), the same
 * members as the JSON one in fixed widths, little-endian (doc: "Binary
 * snapshot"); what JSON states twice (the free houses, seals and cover
 * tiles, the result's VP) is written once. The loader ends in the invariants
 * the JSON loader checks too (snapshot.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "snapshot.h"

static void put_player(br_bytes_writer *w, const tdw_player *pl)
{
    br_bw_u16(w, pl->vp);
    br_bw_bytes(w, pl->goods, TDW_GOODS);
    br_bw_u16(w, pl->hand);
    br_bw_u16(w, pl->discards);
    br_bw_u8(w, pl->pile_len);
    br_bw_bytes(w, pl->pile, pl->pile_len);
    br_bw_u8(w, pl->pile_used & ((1u << pl->pile_len) - 1));
    br_bw_u8(w, pl->penalties);
    br_bw_u8(w, pl->forfeit);
    br_bw_u8(w, pl->traded);
    br_bw_u8(w, pl->seals);
    br_bw_u8(w, pl->acted);
}

static void put_pending(br_bytes_writer *w, const tdw_pending *pd)
{
    br_bw_u8(w, pd->seat);
    br_bw_u8(w, pd->queue);
    br_bw_u8(w, pd->card);
    br_bw_u8(w, pd->via_privilege);
    br_bw_u16(w, pd->rented);
    br_bw_u8(w, pd->cared);
    br_bw_u8(w, pd->resume);
    br_bw_u8(w, pd->fill_next);
}

static void put_board(br_bytes_writer *w, const tdw *s)
{
    for (int c = 0; c < TDW_CHAPTERS; c++) {
        br_bw_u8(w, s->drawn_len[c]);
        br_bw_bytes(w, s->drawn[c], s->drawn_len[c]);
    }
    br_bw_u8(w, s->event);
    br_bw_u8(w, s->orientation);
    br_bw_bytes(w, s->display, 2);
    br_bw_u8(w, s->display_older);
    br_bw_u8(w, s->favour);
    br_bw_u32(w, s->covers);
    for (int p = 0; p < TDW_PROJECTS; p++) {
        const tdw_project_state *ps = &s->projects[p];
        uint8_t fields[5] = {ps->in_play, ps->stone, ps->wood, ps->metal, ps->done};
        br_bw_bytes(w, fields, sizeof fields);
    }
    br_bw_bytes(w, s->plots, TDW_PLOTS);
    for (int x = 0; x < TDW_PLACES; x++) {
        br_bw_u8(w, s->place_state[x]);
        br_bw_u8(w, s->place_value[x]);
    }
    br_bw_bytes(w, s->plague_pool, TDW_PLAGUE_VALUES);
}

void tdw_to_bytes(const void *st, br_bytes_writer *w)
{
    const tdw *s = st;
    uint8_t head[5] = {s->phase, s->chapter, s->round, s->crest, s->turn};
    br_bw_bytes(w, head, sizeof head);
    put_board(w, s);
    uint8_t stocks[4] = {s->stock_grain, s->stock_piety, s->box_grain, s->box_piety};
    br_bw_bytes(w, stocks, sizeof stocks);
    for (size_t i = 0; i < sizeof tdw_supply_goods; i++)
        br_bw_u8(w, s->supply[tdw_supply_goods[i]]);
    br_bw_u8(w, s->supply_metal);
    for (int p = 0; p < s->num_players; p++)
        put_player(w, &s->players[p]);
    put_pending(w, &s->pending);
    br_bw_u8(w, s->tax);
    for (int p = 0; p < s->num_players; p++)
        br_bw_bytes(w, s->shortfall[p], TDW_DUES);
    br_bw_u8(w, s->winners);
}

/* Reading a field: `kind` says what it may hold, `fmt` (printf-style) names
 * it, formatted only for a reason. */
enum field_kind {
    F_RANGE, /* lo..hi */
    F_OPT,   /* lo..hi, or TDW_NONE for null */
    F_BITS   /* a bit mask within hi */
};

static bool field_fail(br_bytes_reader *r, const char *what, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

static bool field_fail(br_bytes_reader *r, const char *what, const char *fmt, va_list ap)
{
    char name[PATH_SIZE];
    vsnprintf(name, sizeof name, fmt, ap);
    return br_br_fail(r, "%s: %s", name, what);
}

static bool vfield(br_bytes_reader *r, size_t width, int kind, unsigned lo, unsigned hi,
                   unsigned *out, const char *fmt, va_list ap)
    __attribute__((format(printf, 7, 0)));

static bool vfield(br_bytes_reader *r, size_t width, int kind, unsigned lo, unsigned hi,
                   unsigned *out, const char *fmt, va_list ap)
{
    char what[64];
    if (r->failed)
        return false;
    if (r->left < width) {
        br_format(what, sizeof what, "the data ends %zu bytes early", width - r->left);
        return field_fail(r, what, fmt, ap);
    }
    unsigned v = width == 1 ? br_br_u8(r, "") : width == 2 ? br_br_u16(r, "") : br_br_u32(r, "");
    bool ok = kind == F_BITS ? (v & ~hi) == 0
              : (v >= lo && v <= hi) || (kind == F_OPT && v == TDW_NONE);
    if (ok) {
        *out = v;
        return true;
    }
    if (kind == F_BITS)
        br_format(what, sizeof what, "0x%x has bits outside 0x%x", v, hi);
    else
        br_format(what, sizeof what, "%u is not in %u..%u%s", v, lo, hi,
                  kind == F_OPT ? " or 255 (null)" : "");
    return field_fail(r, what, fmt, ap);
}

static bool get_u8(br_bytes_reader *r, int kind, unsigned lo, unsigned hi, uint8_t *out,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static bool get_u8(br_bytes_reader *r, int kind, unsigned lo, unsigned hi, uint8_t *out,
                   const char *fmt, ...)
{
    if (!r->failed && r->left > 0) { /* the usual case, without va_start */
        unsigned b = r->p[0];
        bool ok = kind == F_BITS ? (b & ~hi) == 0
                  : (b >= lo && b <= hi) || (kind == F_OPT && b == TDW_NONE);
        if (ok) {
            r->p++;
            r->left--;
            *out = (uint8_t)b;
            return true;
        }
    }
    va_list ap;
    va_start(ap, fmt);
    unsigned v = 0;
    bool ok = vfield(r, 1, kind, lo, hi, &v, fmt, ap);
    va_end(ap);
    *out = (uint8_t)v;
    return ok;
}

static bool get_u16(br_bytes_reader *r, unsigned bits, uint16_t *out, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool get_u16(br_bytes_reader *r, unsigned bits, uint16_t *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    unsigned v = 0;
    bool ok = vfield(r, 2, F_BITS, 0, bits, &v, fmt, ap);
    va_end(ap);
    *out = (uint16_t)v;
    return ok;
}

static bool get_u32(br_bytes_reader *r, unsigned bits, uint32_t *out, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool get_u32(br_bytes_reader *r, unsigned bits, uint32_t *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    unsigned v = 0;
    bool ok = vfield(r, 4, F_BITS, 0, bits, &v, fmt, ap);
    va_end(ap);
    *out = v;
    return ok;
}

static bool get_events(br_bytes_reader *r, tdw *s)
{
    for (int c = 0; c < TDW_CHAPTERS; c++) {
        if (!get_u8(r, F_RANGE, 0, TDW_ROUNDS, &s->drawn_len[c], "state.drawn[%d] (length)", c))
            return false;
        for (int i = 0; i < s->drawn_len[c]; i++)
            if (!get_u8(r, F_RANGE, 0, TDW_EVENTS - 1, &s->drawn[c][i], "state.drawn[%d][%d]",
                        c, i))
                return false;
    }
    return get_u8(r, F_OPT, 0, TDW_EVENTS - 1, &s->event, "state.event")
           && get_u8(r, F_OPT, 0, 3, &s->orientation, "state.orientation")
           && get_u8(r, F_OPT, 0, TDW_EVENTS - 1, &s->display[0], "state.display[0]")
           && get_u8(r, F_OPT, 0, TDW_EVENTS - 1, &s->display[1], "state.display[1]")
           && get_u8(r, F_OPT, 0, 1, &s->display_older, "state.display_older");
}

static bool get_board(br_bytes_reader *r, tdw *s)
{
    if (!get_events(r, s)
        || !get_u8(r, F_RANGE, 0, TDW_SPACES - 1, &s->favour, "state.favour")
        || !get_u32(r, (1u << TDW_TARGETS) - 1, &s->covers, "state.covers"))
        return false;
    for (int p = 0; p < TDW_PROJECTS; p++) {
        tdw_project_state *ps = &s->projects[p];
        const char *name = tdw_projects[p].text;
        if (!get_u8(r, F_RANGE, 0, 1, &ps->in_play, "state.projects[%d].in_play (%s)", p, name)
            || !get_u8(r, F_RANGE, 0, tdw_projects[p].stone, &ps->stone,
                       "state.projects[%d].stone (%s)", p, name)
            || !get_u8(r, F_RANGE, 0, tdw_projects[p].wood, &ps->wood,
                       "state.projects[%d].wood (%s)", p, name)
            || !get_u8(r, F_RANGE, 0, p == TDW_P_TOWER, &ps->metal,
                       "state.projects[%d].metal (%s)", p, name)
            || !get_u8(r, F_RANGE, 0, 1, &ps->done, "state.projects[%d].done (%s)", p, name))
            return false;
    }
    for (int q = 0; q < TDW_PLOTS; q++)
        if (!get_u8(r, F_OPT, 0, s->num_players - 1u, &s->plots[q], "state.plots[%d]", q))
            return false;
    for (int x = 0; x < TDW_PLACES; x++)
        if (!get_u8(r, F_RANGE, 0, 3, &s->place_state[x], "state.places[%d].state", x)
            || !get_u8(r, F_RANGE, 0, TDW_PLAGUE_VALUES, &s->place_value[x],
                       "state.places[%d].value", x))
            return false;
    for (int v = 0; v < TDW_PLAGUE_VALUES; v++)
        if (!get_u8(r, F_RANGE, 0, tdw_plague_tiles[v], &s->plague_pool[v],
                    "state.plague_pool[%d]", v))
            return false;
    return true;
}

static bool get_stocks(br_bytes_reader *r, tdw *s)
{
    if (!get_u8(r, F_RANGE, 0, tdw_component[TDW_GRAIN], &s->stock_grain, "state.stock.grain")
        || !get_u8(r, F_RANGE, 0, tdw_component[TDW_PIETY], &s->stock_piety, "state.stock.piety")
        || !get_u8(r, F_RANGE, 0, tdw_component[TDW_GRAIN], &s->box_grain, "state.box.grain")
        || !get_u8(r, F_RANGE, 0, tdw_component[TDW_PIETY], &s->box_piety, "state.box.piety"))
        return false;
    for (size_t i = 0; i < sizeof tdw_supply_goods; i++) {
        int g = tdw_supply_goods[i];
        if (!get_u8(r, F_RANGE, 0, tdw_component[g], &s->supply[g], "state.supply.%s",
                    tdw_good_names[g]))
            return false;
    }
    return get_u8(r, F_RANGE, 0, 1, &s->supply_metal, "state.supply.metal");
}

static bool get_player(br_bytes_reader *r, tdw_player *pl, int p)
{
    const unsigned cards = (1u << TDW_CARDS) - 1;
    if (!get_u16(r, UINT16_MAX, &pl->vp, "state.players[%d].vp", p))
        return false;
    for (int g = 0; g < TDW_GOODS; g++)
        if (!get_u8(r, F_RANGE, 0, tdw_component[g], &pl->goods[g], "state.players[%d].goods.%s",
                    p, tdw_good_names[g]))
            return false;
    if (!get_u16(r, cards, &pl->hand, "state.players[%d].hand", p)
        || !get_u16(r, cards, &pl->discards, "state.players[%d].discards", p)
        || !get_u8(r, F_RANGE, 0, TDW_ROUNDS, &pl->pile_len, "state.players[%d].pile (length)", p))
        return false;
    for (int i = 0; i < pl->pile_len; i++)
        if (!get_u8(r, F_RANGE, 0, TDW_CARDS - 1, &pl->pile[i], "state.players[%d].pile[%d].card",
                    p, i))
            return false;
    return get_u8(r, F_BITS, 0, (1u << pl->pile_len) - 1, &pl->pile_used,
                  "state.players[%d].pile[].used", p)
           && get_u8(r, F_BITS, 0, 7, &pl->penalties, "state.players[%d].penalties", p)
           && get_u8(r, F_RANGE, 0, 1, &pl->forfeit, "state.players[%d].forfeit", p)
           && get_u8(r, F_BITS, 0, 7, &pl->traded, "state.players[%d].traded", p)
           && get_u8(r, F_BITS, 0, (1u << TDW_PROJECTS) - 1, &pl->seals,
                     "state.players[%d].seals (projects)", p)
           && get_u8(r, F_RANGE, 0, 1, &pl->acted, "state.players[%d].acted", p);
}

static bool get_pending(br_bytes_reader *r, tdw *s)
{
    tdw_pending *pd = &s->pending;
    unsigned last = s->num_players - 1u;
    return get_u8(r, F_OPT, 0, last, &pd->seat, "state.pending.seat")
           && get_u8(r, F_BITS, 0, (1u << s->num_players) - 1, &pd->queue, "state.pending.queue")
           && get_u8(r, F_OPT, 0, TDW_CARDS - 1, &pd->card, "state.pending.card")
           && get_u8(r, F_RANGE, 0, 1, &pd->via_privilege, "state.pending.via_privilege")
           && get_u16(r, (1u << TDW_PLOTS) - 1, &pd->rented, "state.pending.rented")
           && get_u8(r, F_RANGE, 0, tdw_component[TDW_KNOWLEDGE], &pd->cared,
                     "state.pending.cared")
           && get_u8(r, F_RANGE, 0, 3, &pd->resume, "state.pending.resume")
           && get_u8(r, F_RANGE, 0, TDW_PROJECTS, &pd->fill_next,
                     "state.pending.fill_next (7: null)");
}

static bool get_dues_result(br_bytes_reader *r, tdw *s)
{
    memset(s->shortfall, 0, sizeof s->shortfall);
    if (!get_u8(r, F_RANGE, 0, 5, &s->tax, "state.dues.tax (0: null)"))
        return false;
    if (s->tax == 1)
        return br_br_fail(r, "state.dues.tax: 1 is not 0 (null) or 2..5");
    for (int p = 0; p < s->num_players; p++)
        for (int d = 0; d < TDW_DUES; d++)
            if (!get_u8(r, F_RANGE, 0, d == 2 ? 5 : 2, &s->shortfall[p][d],
                        "state.dues.shortfall[%d].%s", p, tdw_due_names[d]))
                return false;
    return get_u8(r, F_BITS, 0, (1u << s->num_players) - 1, &s->winners,
                  "state.result.winners");
}

/* What JSON states twice, worked out from the fields (the checks then
 * compare the state with itself there, and the other checks remain). */
static void derive(const tdw *s, tdw_derived *d)
{
    memset(d, 0, sizeof *d);
    for (int p = 0; p < s->num_players; p++) {
        for (int q = 0; q < TDW_PROJECTS; q++)
            d->owners[q] |= (unsigned)(s->players[p].seals >> q & 1) << p;
        d->houses[p] = TDW_HOUSES - tdw_houses_of(s, p);
        d->seals[p] = TDW_SEALS - tdw_popcount(s->players[p].seals);
    }
    d->covers = TDW_COVER_TILES - tdw_popcount(s->covers);
}

br_status tdw_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    tdw *s = st;
    int box_grain = s->box_grain, box_piety = s->box_piety; /* set up for this table */
    bool ok = get_u8(r, F_RANGE, 0, TDW_PHASES - 1, &s->phase, "state.phase")
              && get_u8(r, F_RANGE, 0, TDW_CHAPTERS - 1, &s->chapter, "state.chapter (0: I)")
              && get_u8(r, F_RANGE, 0, TDW_ROUNDS - 1, &s->round, "state.round (0: 1)")
              && get_u8(r, F_RANGE, 0, s->num_players - 1u, &s->crest, "state.crest")
              && get_u8(r, F_OPT, 0, s->num_players - 1u, &s->turn, "state.turn")
              && get_board(r, s) && get_stocks(r, s);
    for (int p = 0; ok && p < s->num_players; p++)
        ok = get_player(r, &s->players[p], p);
    ok = ok && get_pending(r, s) && get_dues_result(r, s);
    if (!ok)
        return BR_ERR_SNAPSHOT;
    tdw_derived d;
    derive(s, &d);
    return tdw_check_state(s, &d, box_grain, box_piety, err) ? BR_OK : BR_ERR_SNAPSHOT;
}
