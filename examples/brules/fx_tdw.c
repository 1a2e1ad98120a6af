/*
 * brules play: what a history entry of Die Tore der Welt did, in words.
 *
 * The effects come from br_state_history_effects_json() for the seat whose
 * view the screen shows (doc/games/tore-der-welt.md, "Effects"), so they
 * name nothing hidden from it. Each is told in a short line under the
 * move's announcement; the announcement itself names the move, so a seat's
 * own move is repeated only when the rules made it for the seat ("forced").
 * A new round and a new chapter are headings, so that the bots' moves of
 * one round stand together under them.
 */
#include "brules.h"

#include <jansson.h>

#include <string.h>

/* ------------------------------------------------------------------ */
/* Reading the effects */

static const char *text_of(const json_t *effect, const char *key)
{
    const char *text = json_string_value(json_object_get(effect, key));
    return text ? text : "?";
}

static int int_of(const json_t *effect, const char *key)
{
    return (int)json_integer_value(json_object_get(effect, key));
}

static bool is_type(const json_t *effect, const char *type)
{
    return strcmp(text_of(effect, "type"), type) == 0;
}

/* "you" for the screen's own seat, else "seat N". */
static const char *who(const entry_seen *e, int seat, char *buf, size_t size)
{
    if (seat == e->viewer)
        snprintf(buf, size, "you");
    else
        snprintf(buf, size, "seat %d", seat);
    return buf;
}

static const char *seat_of(const entry_seen *e, const json_t *effect, char *buf, size_t size)
{
    return who(e, int_of(effect, "seat"), buf, size);
}

/* ------------------------------------------------------------------ */
/* What things mean (doc/games/tore-der-welt.md) */

/* What the favour space gives the seat that takes it (its name as the
 * effects write it: "outlaws-1" and "outlaws-2" are both outlaws). */
static const char *space_benefit(const char *space)
{
    static const struct { const char *space, *benefit; } benefits[] = {
        { "queen", "2 VP if it shows 1 loyalty" },
        { "prior", "1 piety" },
        { "guild", "1 VP per own house" },
        { "outlaws", "pays 1 money" },
        { "prioress", "2 VP if it shows 1 medical knowledge" },
        { "merchants", "1 wool" },
        { "king", "1 VP per loyalty shown" },
        { "earl", "1 grain" },
        { "bishop", "1 VP per piety shown" },
    };
    for (size_t i = 0; i < sizeof benefits / sizeof *benefits; i++)
        if (strncmp(space, benefits[i].space, strlen(benefits[i].space)) == 0)
            return benefits[i].benefit;
    return "?";
}

/* The event effect kinds ("The effect vocabulary") in a few words. */
static const char *event_kind_words(const char *kind)
{
    static const struct { const char *kind, *words; } kinds[] = {
        { "gain_all", "every seat gains goods" },
        { "lose_all", "every seat gives goods back" },
        { "most", "VP for who holds the most of a good" },
        { "per_house", "VP per house" },
        { "show_or", "show goods or lose VP" },
        { "pay_or", "pay goods or lose VP" },
        { "trade", "a trade offered once" },
        { "war", "war: give 1 loyalty or forfeit the action" },
        { "cover", "a cover tile" },
        { "project", "a project comes into play" },
        { "fill", "a cube onto a project" },
        { "ban", "an action card banned" },
        { "bonus", "a bonus on an action card" },
        { "cost", "an action card costs more" },
        { "price", "a new market price" },
        { "trade_round", "a trade each round" },
    };
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(kind, kinds[i].kind) == 0)
            return kinds[i].words;
    return kind;
}

/* VP per missing unit of each due, in the order piety, grain, tax. */
static const struct { const char *due, *unit, *penalty; int vp; } dues[] = {
    { "piety", "piety", "penance", 3 },
    { "grain", "grain", "begging", 2 },
    { "tax", "money", "court", 1 },
};

/* ------------------------------------------------------------------ */
/* One effect each */

/* The moves the rules made for a seat: its only legal move. */
static void print_forced(FILE *out, const entry_seen *e, const json_t *f)
{
    char name[16];
    const char *type = text_of(f, "type"), *seat = seat_of(e, f, name, sizeof name);
    if (is_type(f, "step"))
        fprintf(out, "  automatically (the only move): %s: %s\n", seat, text_of(f, "move"));
    else if (is_type(f, "orient") || is_type(f, "done") || is_type(f, "decline"))
        fprintf(out, "  automatically (the only move): %s: %s%s\n", seat, type,
                is_type(f, "orient") ? " 0" : "");
    else if (json_object_get(f, "card"))
        fprintf(out, "  automatically (the only move): %s: %s %s\n", seat, type,
                text_of(f, "card"));
    else
        fprintf(out, "  automatically (the only move): %s: %s\n", seat, type);
}

/* After an orientation: each seat's income on one line. */
static void print_incomes(FILE *out, const entry_seen *e, const json_t *effects, size_t *i)
{
    fputs("  income:", out);
    const char *sep = " ";
    for (; *i < json_array_size(effects) && is_type(json_array_get(effects, *i), "income");
         ++*i) {
        const json_t *f = json_array_get(effects, *i);
        char name[16];
        fprintf(out, "%s%s %s%s", sep, seat_of(e, f, name, sizeof name), text_of(f, "income"),
                json_is_true(json_object_get(f, "begging")) ? " withheld (begging)" : "");
        sep = ", ";
    }
    fputc('\n', out);
    --*i; /* the caller's loop steps past the last income */
}

static void print_goods(FILE *out, const entry_seen *e, const json_t *f)
{
    char name[16];
    fprintf(out, "  %s:", seat_of(e, f, name, sizeof name));
    const char *key;
    json_t *value;
    const char *sep = " ";
    json_object_foreach((json_t *)json_object_get(f, "change"), key, value) {
        fprintf(out, "%s%+d %s", sep, (int)json_integer_value(value), key);
        sep = ", ";
    }
    fputc('\n', out);
}

static void print_draw(FILE *out, const entry_seen *e, const json_t *f)
{
    const json_t *cards = json_object_get(f, "cards");
    char name[16];
    if (int_of(f, "seat") != e->viewer) {
        fprintf(out, "  %s takes %zu cards into the hand\n", seat_of(e, f, name, sizeof name),
                json_array_size(cards));
        return;
    }
    fputs("  your new hand:", out);
    for (size_t k = 0; k < json_array_size(cards); k++)
        fprintf(out, " %s", json_string_value(json_array_get(cards, k)));
    fputc('\n', out);
}

static void print_project(FILE *out, const json_t *f)
{
    const json_t *in_play = json_object_get(f, "in_play");
    if (json_is_true(in_play)) {
        fprintf(out, "  project %s comes into play\n", text_of(f, "project"));
        return;
    }
    fprintf(out, "  project %s: %d stone, %d wood on it%s\n", text_of(f, "project"),
            int_of(f, "stone"), int_of(f, "wood"),
            json_is_true(json_object_get(f, "done")) ? ", completed" : "");
}

static void print_penalty_list(FILE *out, const json_t *penalties)
{
    if (!json_array_size(penalties)) {
        fputs("none", out);
        return;
    }
    for (size_t k = 0; k < json_array_size(penalties); k++)
        fprintf(out, "%s%s", k ? ", " : "", json_string_value(json_array_get(penalties, k)));
}

/* A seat's dues at the chapter end: what it lacked, the VP that cost, and
 * its penalties. At the tax roll (`tax_rolled`) all three dues; before it,
 * piety and grain. */
static void print_dues(FILE *out, const entry_seen *e, const json_t *f, bool tax_rolled)
{
    const json_t *shortfall = json_object_get(f, "shortfall");
    char name[16];
    fprintf(out, "    %s:", seat_of(e, f, name, sizeof name));
    int lost = 0;
    const char *sep = " lacked ";
    for (int d = 0; d < (tax_rolled ? 3 : 2); d++) {
        int missing = int_of(shortfall, dues[d].due);
        if (!missing)
            continue;
        fprintf(out, "%s%d %s (-%d VP)", sep, missing, dues[d].unit, missing * dues[d].vp);
        lost += missing * dues[d].vp;
        sep = ", ";
    }
    if (!lost)
        fputs(tax_rolled ? " every due paid" : " piety and grain paid", out);
    else if (strcmp(sep, ", ") == 0 && lost != int_of(shortfall, "piety") * 3 &&
             lost != int_of(shortfall, "grain") * 2 && lost != int_of(shortfall, "tax"))
        fprintf(out, "; %d VP lost", lost);
    fputs("; penalties: ", out);
    print_penalty_list(out, json_object_get(f, "penalties"));
    fputc('\n', out);
}

static void print_end(FILE *out, const entry_seen *e, const json_t *f)
{
    const json_t *winners = json_object_get(f, "winners"), *vp = json_object_get(f, "vp");
    fputs("  game over; winner:", out);
    for (size_t k = 0; k < json_array_size(winners); k++) {
        char name[16];
        fprintf(out, "%s%s", k ? "," : " ",
                who(e, (int)json_integer_value(json_array_get(winners, k)), name, sizeof name));
    }
    fputs("; VP:", out);
    for (size_t k = 0; k < json_array_size(vp); k++)
        fprintf(out, "%s seat %zu %d", k ? "," : "", k, (int)json_integer_value(json_array_get(vp, k)));
    fputc('\n', out);
}

static void print_public(FILE *out, const entry_seen *e, const json_t *f, bool tax_rolled)
{
    char name[16];
    if (is_type(f, "event")) {
        fprintf(out, "  %s drawn: %s (%s: %s)\n", text_of(f, "event"), text_of(f, "name"),
                json_is_true(json_object_get(f, "lasting")) ? "lasting" : "immediate",
                event_kind_words(text_of(f, "effect")));
    } else if (is_type(f, "plague")) {
        fprintf(out, "  plague tile at place %d: %d (caring for it needs %d medical knowledge)\n",
                int_of(f, "place"), int_of(f, "tile"), int_of(f, "tile"));
    } else if (is_type(f, "plague_tiles")) {
        fprintf(out, "  the plague breaks out: a face-down plague tile on each of the %zu places\n",
                json_array_size(json_object_get(f, "places")));
    } else if (is_type(f, "tax")) {
        fprintf(out, "  chapter end: the tax die shows %d; each seat pays %d money\n",
                int_of(f, "value"), int_of(f, "value"));
    } else if (is_type(f, "dues")) {
        print_dues(out, e, f, tax_rolled);
    } else if (is_type(f, "penalties")) {
        fprintf(out, "  %s: penalties now: ", seat_of(e, f, name, sizeof name));
        print_penalty_list(out, json_object_get(f, "penalties"));
        fputc('\n', out);
    } else if (is_type(f, "favour")) {
        if (json_object_get(f, "seat"))
            fprintf(out, "  favour marker %s -> %s: %s take%s %s\n", text_of(f, "from"),
                    text_of(f, "to"), seat_of(e, f, name, sizeof name),
                    int_of(f, "seat") == e->viewer ? "" : "s", space_benefit(text_of(f, "to")));
        else
            fprintf(out, "  favour marker %s -> %s\n", text_of(f, "from"), text_of(f, "to"));
    } else if (is_type(f, "vp")) {
        fprintf(out, "  %s: %+d VP (now %d)\n", seat_of(e, f, name, sizeof name),
                int_of(f, "change"), int_of(f, "vp"));
    } else if (is_type(f, "goods")) {
        print_goods(out, e, f);
    } else if (is_type(f, "draw")) {
        print_draw(out, e, f);
    } else if (is_type(f, "forfeit")) {
        fprintf(out, "  %s: action forfeited this round\n", seat_of(e, f, name, sizeof name));
    } else if (is_type(f, "house")) {
        fprintf(out, "  %s: a house on %s\n", seat_of(e, f, name, sizeof name), text_of(f, "plot"));
    } else if (is_type(f, "project")) {
        print_project(out, f);
    } else if (is_type(f, "cured")) {
        fprintf(out, "  the patient at place %d is cared for\n", int_of(f, "place"));
    } else if (is_type(f, "display")) {
        if (json_is_null(json_object_get(f, "event")))
            fprintf(out, "  display field %d cleared\n", int_of(f, "field"));
        else
            fprintf(out, "  display field %d: %s (lasting)\n", int_of(f, "field"),
                    text_of(f, "event"));
    } else if (is_type(f, "cover")) {
        fprintf(out, "  a cover tile on %s\n", text_of(f, "target"));
    } else if (is_type(f, "uncover")) {
        fprintf(out, "  the cover tile on %s goes back\n", text_of(f, "target"));
    } else if (is_type(f, "penance")) {
        if (int_of(f, "seat") == e->viewer)
            fprintf(out, "  penance: a card leaves your hand: %s\n", text_of(f, "card"));
        else
            fprintf(out, "  penance: a card leaves seat %d's hand: %s\n", int_of(f, "seat"),
                    text_of(f, "card"));
    } else if (is_type(f, "chapter")) {
        fprintf(out, "\n=== chapter %s ===\n", text_of(f, "chapter"));
    } else if (is_type(f, "round")) {
        fprintf(out, "--- chapter %s, round %d: %s %s the crest ---\n", text_of(f, "chapter"),
                int_of(f, "round"), who(e, int_of(f, "crest"), name, sizeof name),
                int_of(f, "crest") == e->viewer ? "hold" : "holds");
    } else if (is_type(f, "end")) {
        print_end(out, e, f);
    }
}

void print_effects_tdw(FILE *out, const entry_seen *e)
{
    const json_t *effects = e->effects;
    bool tax_rolled = false, dues_headed = false;
    for (size_t i = 0; i < json_array_size(effects); i++)
        tax_rolled |= is_type(json_array_get(effects, i), "tax");
    for (size_t i = 0; i < json_array_size(effects); i++) {
        const json_t *f = json_array_get(effects, i);
        if (is_type(f, "dues") && !dues_headed) {
            /* the chapter-end summary: piety and grain first, then with the
             * tax roll every due of every seat */
            fputs(tax_rolled ? "  chapter end, the dues (piety 3, grain 2, money 1 VP per "
                               "missing unit):\n"
                             : "  chapter end: each seat gives 2 piety and 2 grain:\n", out);
            dues_headed = true;
        }
        if (json_is_true(json_object_get(f, "forced"))) {
            print_forced(out, e, f);
            if (is_type(f, "orient") && is_type(json_array_get(effects, i + 1), "income")) {
                ++i;
                print_incomes(out, e, effects, &i);
            }
        } else if (is_type(f, "income")) {
            print_incomes(out, e, effects, &i);
        } else if (is_type(f, "play") && json_object_get(f, "repeats")) {
            fprintf(out, "  privilege repeats %s\n", text_of(f, "repeats"));
        } else {
            print_public(out, e, f, tax_rolled);
        }
    }
}
