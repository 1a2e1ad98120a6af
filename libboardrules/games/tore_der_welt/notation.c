/*
 * Die Tore der Welt: moves as text and back (doc: "Move numbers and
 * notation").
 *
 *   orient 2                   the arrow value of the event card
 *   play wool-sale             an action card face up, used
 *   lay rent / discard favour  face up unused / face down
 *   trade council|field1|field2  a lasting trade (E20)
 *   accept / decline / done
 *   take stone, build tower stone wood, sell 3 wool 1 cloth, house p5,
 *   rent p5, donate chapel, weave 1, medicine money, care 7
 *   redeem piety|grain|tax
 *   event 12, plague 3, tax 4, penance rent   chance outcomes
 *
 * Parsing is case-insensitive, words are separated by any blanks, and
 * `sell` takes its parts in either order.
 */
#include <string.h>

#include "tore_der_welt.h"

static const char *const cube_names[5] = {"stone", "wood", "stone stone", "stone wood",
                                          "wood wood"};
static const char *const take_names[2] = {"stone", "wood"};
static const char *const medicine_names[1] = {"money"};

#define CARD_WHAT                                                                              \
    "an action card is one of grain, piety, material, build, wool-sale, privilege, house, "   \
    "rent, donate, weave, medicine, favour"
#define NUMBER(first) BR_VERB_NUMBER, 0, false, first
#define NAMES(list) BR_VERB_NAME, .names = list

/* Every move but build and sell, in move order: the verb, its run of move
 * numbers, its argument and the reason for a wrong one. */
static const br_verb verbs[] = {
    {"orient", TDW_MV_ORIENT, 4, NUMBER(0), .what = "orient takes the arrow value 0..3",
     .example = "orient 2"},
    {"play", TDW_MV_PLAY, TDW_CARDS, NAMES(tdw_card_names), .what = CARD_WHAT,
     .example = "play rent"},
    {"lay", TDW_MV_LAY, TDW_CARDS, NAMES(tdw_card_names), .what = CARD_WHAT,
     .example = "play rent"},
    {"discard", TDW_MV_DISCARD, TDW_CARDS, NAMES(tdw_card_names), .what = CARD_WHAT,
     .example = "play rent"},
    {"trade", TDW_MV_TRADE, 3, NAMES(tdw_slot_names),
     .what = "trade names council, field1 or field2", .example = "trade field1"},
    {"accept", TDW_MV_ACCEPT, 1, .arg = BR_VERB_ALONE},
    {"decline", TDW_MV_DECLINE, 1, .arg = BR_VERB_ALONE},
    {"done", TDW_MV_DONE, 1, .arg = BR_VERB_ALONE},
    {"take", TDW_MV_TAKE_STONE, 2, NAMES(take_names), .what = "take names stone or wood",
     .example = "take stone"},
    {"house", TDW_MV_HOUSE, TDW_PLOTS, BR_VERB_NUMBER, 'p', true, 1,
     .what = "a plot is p1..p14", .example = "house p5"},
    {"rent", TDW_MV_RENT, TDW_PLOTS, BR_VERB_NUMBER, 'p', true, 1,
     .what = "a plot is p1..p14", .example = "house p5"},
    {"donate", TDW_MV_DONATE, TDW_PROJECTS, NAMES(tdw_project_names),
     .what = "donate names a project: bridge, tower, chapel, hospital, palace, mill or "
             "guildhall", .example = "donate chapel"},
    {"weave", TDW_MV_WEAVE, 2, NUMBER(1), .what = "weave takes 1 or 2", .example = "weave 2"},
    {"medicine", TDW_MV_MEDICINE_MONEY, 1, NAMES(medicine_names),
     .what = "the Medizin card's first half is 'medicine money'; patients are cared for with "
             "'care <place>'", .example = "medicine money"},
    {"care", TDW_MV_CARE, TDW_PLACES, NUMBER(1), .what = "care names a place 1..11",
     .example = "care 7"},
    {"redeem", TDW_MV_REDEEM, TDW_DUES, NAMES(tdw_due_names),
     .what = "redeem names piety, grain or tax", .example = "redeem piety"},
    {"event", TDW_MV_EVENT, TDW_EVENTS, BR_VERB_NUMBER, 'e', false, 1,
     .what = "event names a card 1..44", .example = "event 12"},
    {"plague", TDW_MV_PLAGUE, TDW_PLAGUE_VALUES, NUMBER(1), .what = "a plague tile shows 1..5",
     .example = "plague 3"},
    {"tax", TDW_MV_TAX, 4, NUMBER(2), .what = "the tax die shows 2..5", .example = "tax 4"},
    {"penance", TDW_MV_PENANCE, TDW_CARDS, NAMES(tdw_card_names), .what = CARD_WHAT,
     .example = "play rent"},
};
enum { VERBS = sizeof verbs / sizeof verbs[0] };

#undef CARD_WHAT
#undef NUMBER
#undef NAMES

/* The text does not depend on the position, but for the viewer's
 * tdw_move_hidden(). */
void tdw_move_to_text(const void *st, br_move move, int viewer, br_text *out)
{
    int m = (int)move, hidden = tdw_move_hidden(st, move, viewer);
    assert(m >= 0 && m < TDW_MOVE_SPACE); /* dispatch checks the range */
    if (hidden) {
        br_text_puts(out, hidden == 1 ? "discard ?" : "penance ?");
    } else if (m >= TDW_MV_BUILD && m < TDW_MV_SELL) {
        br_text_printf(out, "build %s %s", tdw_project_names[(m - TDW_MV_BUILD) / 5],
                       cube_names[(m - TDW_MV_BUILD) % 5]);
    } else if (m >= TDW_MV_SELL && m < TDW_MV_HOUSE) {
        int w = (m - TDW_MV_SELL + 1) / 2, k = (m - TDW_MV_SELL + 1) % 2;
        br_text_puts(out, "sell");
        if (w)
            br_text_printf(out, " %d wool", w);
        if (k)
            br_text_puts(out, " 1 cloth");
    } else {
        br_verb_write(br_verb_of(verbs, VERBS, move), move, out);
    }
}

/* ------------------------------------------------------------------ */
/* Parsing */

/* No move has more words than this. */
enum { MAX_WORDS = 6 };

static br_status fail(br_text *err, const char *what, const char *example)
{
    br_text_printf(err, "%s (e.g. '%s')", what, example);
    return BR_ERR_PARSE;
}

static br_status parse_build(const br_words *ws, br_move *out, br_text *err)
{
    int p = ws->n >= 2 ? br_name_index(ws->w[1], tdw_project_names, TDW_PROJECTS) : -1;
    if (p < 0)
        return fail(err, "build names a project: bridge, tower, chapel, hospital, palace, mill "
                    "or guildhall", "build tower stone wood");
    int stone = 0, wood = 0;
    for (int i = 2; i < ws->n; i++) {
        if (strcmp(ws->w[i], "stone") == 0)
            stone++;
        else if (strcmp(ws->w[i], "wood") == 0)
            wood++;
        else
            return fail(err, "build takes 1 or 2 cubes, each 'stone' or 'wood'",
                        "build tower stone wood");
    }
    int c = stone == 1 && wood == 0   ? 0
            : stone == 0 && wood == 1 ? 1
            : stone == 2 && wood == 0 ? 2
            : stone == 1 && wood == 1 ? 3
            : stone == 0 && wood == 2 ? 4
                                      : -1;
    if (c < 0)
        return fail(err, "build takes 1 or 2 cubes, each 'stone' or 'wood'",
                    "build tower stone wood");
    *out = TDW_MV_BUILD + 5 * p + c;
    return BR_OK;
}

static br_status parse_sell(const br_words *ws, br_move *out, br_text *err)
{
    int wool = -1, cloth = -1;
    if (ws->n != 3 && ws->n != 5)
        return fail(err, "sell takes '<n> wool', '1 cloth' or both", "sell 3 wool 1 cloth");
    for (int i = 1; i + 1 < ws->n; i += 2) {
        const char *good = ws->w[i + 1];
        if (strcmp(good, "wool") == 0 && wool < 0) {
            if ((wool = br_word_number(ws->w[i], 0, 15)) < 0)
                return fail(err, "the wool sold is a number 0..15", "sell 3 wool");
        } else if (strcmp(good, "cloth") == 0 && cloth < 0) {
            if ((cloth = br_word_number(ws->w[i], 0, 1)) < 0)
                return fail(err, "at most 1 cloth is sold", "sell 1 cloth");
        } else {
            return fail(err, "sell names wool and cloth, each at most once",
                        "sell 3 wool 1 cloth");
        }
    }
    wool = wool < 0 ? 0 : wool;
    cloth = cloth < 0 ? 0 : cloth;
    if (wool + cloth == 0)
        return fail(err, "a sale sells at least 1 wool or 1 cloth", "sell 1 cloth");
    *out = TDW_MV_SELL + 2 * wool + cloth - 1;
    return BR_OK;
}

br_status tdw_move_from_text(const void *st, const char *text, br_move *out, br_text *err)
{
    (void)st;
    br_words ws;
    if (!br_split_words(text, MAX_WORDS, &ws) || ws.n == 0) {
        br_text_printf(err, "'%s' is no move of tore-der-welt", text);
        return BR_ERR_PARSE;
    }
    const char *w = ws.w[0];
    if (strcmp(w, "build") == 0)
        return parse_build(&ws, out, err);
    if (strcmp(w, "sell") == 0)
        return parse_sell(&ws, out, err);
    const br_verb *v = br_verb_find(verbs, VERBS, &ws);
    if (v)
        return br_verb_read(v, &ws, out, err);
    br_text_printf(err, "'%s' is no move of tore-der-welt (expected e.g. 'orient 2', "
                   "'play wool-sale', 'lay rent', 'discard favour', 'trade field1', 'accept', "
                   "'decline', 'done', 'take stone', 'build tower stone wood', 'sell 3 wool "
                   "1 cloth', 'house p5', 'rent p5', 'donate chapel', 'weave 1', "
                   "'medicine money', 'care 7', 'redeem piety', 'event 12', 'plague 3', "
                   "'tax 4', 'penance rent')", text);
    return BR_ERR_PARSE;
}
