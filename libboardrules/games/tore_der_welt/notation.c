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
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tore_der_welt.h"

static const char *const cube_names[5] = {"stone", "wood", "stone stone", "stone wood",
                                          "wood wood"};
static const char *const slot_names[3] = {"council", "field1", "field2"};

/* The text does not depend on the position, but for the viewer's
 * tdw_move_hidden(). */
void tdw_move_to_text(const void *st, br_move move, int viewer, br_text *out)
{
    int m = (int)move, hidden = tdw_move_hidden(st, move, viewer);
    assert(m >= 0 && m < TDW_MOVE_SPACE); /* dispatch checks the range */
    if (hidden) {
        br_text_puts(out, hidden == 1 ? "discard ?" : "penance ?");
    } else if (m < TDW_MV_PLAY) {
        br_text_printf(out, "orient %d", m);
    } else if (m < TDW_MV_LAY) {
        br_text_printf(out, "play %s", tdw_card_names[m - TDW_MV_PLAY]);
    } else if (m < TDW_MV_DISCARD) {
        br_text_printf(out, "lay %s", tdw_card_names[m - TDW_MV_LAY]);
    } else if (m < TDW_MV_TRADE) {
        br_text_printf(out, "discard %s", tdw_card_names[m - TDW_MV_DISCARD]);
    } else if (m < TDW_MV_ACCEPT) {
        br_text_printf(out, "trade %s", slot_names[m - TDW_MV_TRADE]);
    } else if (m == TDW_MV_ACCEPT) {
        br_text_puts(out, "accept");
    } else if (m == TDW_MV_DECLINE) {
        br_text_puts(out, "decline");
    } else if (m == TDW_MV_DONE) {
        br_text_puts(out, "done");
    } else if (m < TDW_MV_BUILD) {
        br_text_puts(out, m == TDW_MV_TAKE_STONE ? "take stone" : "take wood");
    } else if (m < TDW_MV_SELL) {
        br_text_printf(out, "build %s %s", tdw_projects[(m - TDW_MV_BUILD) / 5].text,
                       cube_names[(m - TDW_MV_BUILD) % 5]);
    } else if (m < TDW_MV_HOUSE) {
        int w = (m - TDW_MV_SELL + 1) / 2, k = (m - TDW_MV_SELL + 1) % 2;
        br_text_puts(out, "sell");
        if (w)
            br_text_printf(out, " %d wool", w);
        if (k)
            br_text_puts(out, " 1 cloth");
    } else if (m < TDW_MV_RENT) {
        br_text_printf(out, "house p%d", m - TDW_MV_HOUSE + 1);
    } else if (m < TDW_MV_DONATE) {
        br_text_printf(out, "rent p%d", m - TDW_MV_RENT + 1);
    } else if (m < TDW_MV_WEAVE) {
        br_text_printf(out, "donate %s", tdw_projects[m - TDW_MV_DONATE].text);
    } else if (m < TDW_MV_MEDICINE_MONEY) {
        br_text_printf(out, "weave %d", m - TDW_MV_WEAVE + 1);
    } else if (m == TDW_MV_MEDICINE_MONEY) {
        br_text_puts(out, "medicine money");
    } else if (m < TDW_MV_REDEEM) {
        br_text_printf(out, "care %d", m - TDW_MV_CARE + 1);
    } else if (m < TDW_MV_EVENT) {
        br_text_printf(out, "redeem %s", tdw_due_names[m - TDW_MV_REDEEM]);
    } else if (m < TDW_MV_PLAGUE) {
        br_text_printf(out, "event %d", m - TDW_MV_EVENT + 1);
    } else if (m < TDW_MV_TAX) {
        br_text_printf(out, "plague %d", m - TDW_MV_PLAGUE + 1);
    } else if (m < TDW_MV_PENANCE) {
        br_text_printf(out, "tax %d", m - TDW_MV_TAX + 2);
    } else {
        br_text_printf(out, "penance %s", tdw_card_names[m - TDW_MV_PENANCE]);
    }
}

/* ------------------------------------------------------------------ */
/* Parsing */

/* No move has more words than this. */
enum { MAX_WORDS = 6 };

static int find_project(const char *text)
{
    for (int p = 0; p < TDW_PROJECTS; p++)
        if (strcmp(text, tdw_projects[p].text) == 0)
            return p;
    return -1;
}

/* A whole number lo..hi, or -1. */
static int number(const char *text, int lo, int hi)
{
    if (!*text || strlen(text) > 3)
        return -1;
    for (const char *c = text; *c; c++)
        if (!isdigit((unsigned char)*c))
            return -1;
    int v = atoi(text);
    return v >= lo && v <= hi ? v : -1;
}

static br_status fail(br_text *err, const char *what, const char *example)
{
    br_text_printf(err, "%s (e.g. '%s')", what, example);
    return BR_ERR_PARSE;
}

static br_status parse_build(const br_words *ws, br_move *out, br_text *err)
{
    int p = ws->n >= 2 ? find_project(ws->w[1]) : -1;
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
            if ((wool = number(ws->w[i], 0, 15)) < 0)
                return fail(err, "the wool sold is a number 0..15", "sell 3 wool");
        } else if (strcmp(good, "cloth") == 0 && cloth < 0) {
            if ((cloth = number(ws->w[i], 0, 1)) < 0)
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

/* "p5" or "5": plot 1..14, or -1. */
static int plot_number(const char *text)
{
    return number(text[0] == 'p' ? text + 1 : text, 1, TDW_PLOTS);
}

enum { UNKNOWN_WORD = 1 }; /* parse_pair: the first word names no move */

/* Moves of the form '<word> <one argument>'. */
static int parse_pair(const br_words *ws, br_move *out, br_text *err)
{
    const char *w = ws->w[0], *a = ws->w[1];
    int i;
    if (strcmp(w, "orient") == 0) {
        if ((i = number(a, 0, 3)) < 0)
            return fail(err, "orient takes the arrow value 0..3", "orient 2");
        *out = TDW_MV_ORIENT + i;
    } else if (strcmp(w, "play") == 0 || strcmp(w, "lay") == 0 || strcmp(w, "discard") == 0
               || strcmp(w, "penance") == 0) {
        if ((i = br_name_index(a, tdw_card_names, TDW_CARDS)) < 0)
            return fail(err, "an action card is one of grain, piety, material, build, wool-sale, "
                        "privilege, house, rent, donate, weave, medicine, favour", "play rent");
        *out = i + (w[0] == 'p' && w[1] == 'l'   ? TDW_MV_PLAY
                    : w[0] == 'l'                ? TDW_MV_LAY
                    : w[0] == 'd'                ? TDW_MV_DISCARD
                                                 : TDW_MV_PENANCE);
    } else if (strcmp(w, "trade") == 0) {
        if ((i = br_name_index(a, slot_names, 3)) < 0)
            return fail(err, "trade names council, field1 or field2", "trade field1");
        *out = TDW_MV_TRADE + i;
    } else if (strcmp(w, "take") == 0) {
        if (strcmp(a, "stone") != 0 && strcmp(a, "wood") != 0)
            return fail(err, "take names stone or wood", "take stone");
        *out = a[0] == 's' ? TDW_MV_TAKE_STONE : TDW_MV_TAKE_WOOD;
    } else if (strcmp(w, "house") == 0 || strcmp(w, "rent") == 0) {
        if ((i = plot_number(a)) < 0)
            return fail(err, "a plot is p1..p14", "house p5");
        *out = (w[0] == 'h' ? TDW_MV_HOUSE : TDW_MV_RENT) + i - 1;
    } else if (strcmp(w, "donate") == 0) {
        if ((i = find_project(a)) < 0)
            return fail(err, "donate names a project: bridge, tower, chapel, hospital, palace, "
                        "mill or guildhall", "donate chapel");
        *out = TDW_MV_DONATE + i;
    } else if (strcmp(w, "weave") == 0) {
        if ((i = number(a, 1, 2)) < 0)
            return fail(err, "weave takes 1 or 2", "weave 2");
        *out = TDW_MV_WEAVE + i - 1;
    } else if (strcmp(w, "medicine") == 0) {
        if (strcmp(a, "money") != 0)
            return fail(err, "the Medizin card's first half is 'medicine money'; patients are "
                        "cared for with 'care <place>'", "medicine money");
        *out = TDW_MV_MEDICINE_MONEY;
    } else if (strcmp(w, "care") == 0) {
        if ((i = number(a, 1, TDW_PLACES)) < 0)
            return fail(err, "care names a place 1..11", "care 7");
        *out = TDW_MV_CARE + i - 1;
    } else if (strcmp(w, "redeem") == 0) {
        if ((i = br_name_index(a, tdw_due_names, TDW_DUES)) < 0)
            return fail(err, "redeem names piety, grain or tax", "redeem piety");
        *out = TDW_MV_REDEEM + i;
    } else if (strcmp(w, "event") == 0) {
        if ((i = number(a[0] == 'e' ? a + 1 : a, 1, TDW_EVENTS)) < 0)
            return fail(err, "event names a card 1..44", "event 12");
        *out = TDW_MV_EVENT + i - 1;
    } else if (strcmp(w, "plague") == 0) {
        if ((i = number(a, 1, TDW_PLAGUE_VALUES)) < 0)
            return fail(err, "a plague tile shows 1..5", "plague 3");
        *out = TDW_MV_PLAGUE + i - 1;
    } else if (strcmp(w, "tax") == 0) {
        if ((i = number(a, 2, 5)) < 0)
            return fail(err, "the tax die shows 2..5", "tax 4");
        *out = TDW_MV_TAX + i - 2;
    } else {
        return UNKNOWN_WORD;
    }
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
    if (ws.n == 1) {
        if (strcmp(w, "accept") == 0) {
            *out = TDW_MV_ACCEPT;
            return BR_OK;
        }
        if (strcmp(w, "decline") == 0) {
            *out = TDW_MV_DECLINE;
            return BR_OK;
        }
        if (strcmp(w, "done") == 0) {
            *out = TDW_MV_DONE;
            return BR_OK;
        }
    }
    if (strcmp(w, "build") == 0)
        return parse_build(&ws, out, err);
    if (strcmp(w, "sell") == 0)
        return parse_sell(&ws, out, err);
    if (ws.n == 2) {
        int st2 = parse_pair(&ws, out, err);
        if (st2 != UNKNOWN_WORD)
            return (br_status)st2;
    }
    br_text_printf(err, "'%s' is no move of tore-der-welt (expected e.g. 'orient 2', "
                   "'play wool-sale', 'lay rent', 'discard favour', 'trade field1', 'accept', "
                   "'decline', 'done', 'take stone', 'build tower stone wood', 'sell 3 wool "
                   "1 cloth', 'house p5', 'rent p5', 'donate chapel', 'weave 1', "
                   "'medicine money', 'care 7', 'redeem piety', 'event 12', 'plague 3', "
                   "'tax 4', 'penance rent')", text);
    return BR_ERR_PARSE;
}
