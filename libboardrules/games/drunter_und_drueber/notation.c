/*
 * Drunter & Drüber: moves as text and back (doc: "Move numbers and notation").
 *
 *   road 3b e        lay a tile on a path: path, shape (3, 3b, 2, 2b, 1), direction
 *   vote yes2 jein   choose vote cards (in card order); "vote none" plays none
 *   jein yes         declare a jein card (yes or no)
 *   choose 1         pro variant: score with the first (1) or second (2) task card
 *   deal wall2b      chance: the next tile dealt
 *   building inn     chance: the next building card dealt
 *   task toilets     chance: the next task card dealt
 */
#include <stdio.h>
#include <string.h>

#include "drunter_und_drueber.h"

void dud_put_square(br_text *out, int sq)
{
    br_text_printf(out, "%c%d", 'a' + sq % DUD_SIDE, DUD_SIDE - sq / DUD_SIDE);
}

void dud_put_lay(br_text *out, dud_lay lay)
{
    br_text_printf(out, "%s %s %s", dud_path_names[lay.path], dud_shape_names[lay.shape],
                   dud_dir_names[lay.dir]);
}

void dud_put_votes(br_text *out, unsigned cards)
{
    if (!cards) {
        br_text_puts(out, " none");
        return;
    }
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (cards >> c & 1)
            br_text_printf(out, " %s", dud_vote_names[c]);
}

/* The seat that receives a dealt tile or card, or makes the vote or choice:
 * only that seat (and nobody else) sees what it is. -1: everybody sees it. */
static int private_to(const dud *s, br_move move)
{
    if (move >= DUD_MV_VOTE && move < DUD_MV_JEIN_YES && s->phase == DUD_PH_VOTE)
        return dud_actor(s);
    if (move >= DUD_MV_CHOOSE && move < DUD_MV_DEAL_TILE && s->phase == DUD_PH_CHOOSE)
        return dud_actor(s);
    if (move >= DUD_MV_DEAL_TILE && move < DUD_MV_DEAL_BUILDING) {
        /* the tiles are dealt face down, then laid out face up once all are dealt */
        int seat, cls;
        dud_deal_position(s, &seat, &cls);
        return s->phase == DUD_PH_DEAL_TILES ? seat : -1;
    }
    if (move >= DUD_MV_DEAL_BUILDING && move < DUD_MV_DEAL_TASK && s->phase == DUD_PH_DEAL_CARDS) {
        int seat = 0;
        while (seat < s->num_players - 1 && s->building[seat] != DUD_NONE)
            seat++;
        return seat;
    }
    return -1;
}

/* The moves of a word and one argument, in move order: move base + i is
 * "<word> <names[i]>" (doc: "Move numbers and notation"), "<word> ?" when
 * hidden. Both directions and the hidden texts read this table (br_verb,
 * internal.h: "Notation as data"). */
static const char *const jein_args[] = {"yes", "no"};
static const char *const choose_args[] = {"1", "2"};
#define NAMES(table) .arg = BR_VERB_NAME, .names = table
static const br_verb verbs[] = {
    {"jein", DUD_MV_JEIN_YES, 2, NAMES(jein_args), .what = "a jein counts yes or no",
     .example = "jein yes"},
    {"choose", DUD_MV_CHOOSE, 2, NAMES(choose_args), .what = "choose names task card 1 or 2",
     .example = "choose 1"},
    {"deal", DUD_MV_DEAL_TILE, DUD_TILE_TYPES, NAMES(dud_tile_names),
     .what = "deal names a tile type", .example = "deal wall2b"},
    {"building", DUD_MV_DEAL_BUILDING, DUD_BUILDING_TYPES, NAMES(dud_building_names),
     .what = "building names a building type", .example = "building inn"},
    {"task", DUD_MV_DEAL_TASK, DUD_TASKS, NAMES(dud_task_names),
     .what = "task names a task card", .example = "task toilets"},
};
enum { VERBS = sizeof verbs / sizeof verbs[0] };
/* The hidden texts, by verb: one copy, not the word and " ?" (a view's hot path). */
static const char *const hidden_texts[VERBS] = {"jein ?", "choose ?", "deal ?", "building ?",
                                                "task ?"};

/* The move itself: its text does not depend on the position. */
static void put_move(br_move move, br_text *out)
{
    if (move < DUD_MV_VOTE) {
        dud_put_lay(out, dud_lay_of_move(move));
    } else if (move < DUD_MV_JEIN_YES) {
        br_text_puts(out, "vote");
        dud_put_votes(out, (unsigned)(move - DUD_MV_VOTE));
    } else {
        br_verb_write(br_verb_of(verbs, VERBS, move), move, out);
    }
}

/* What is hidden from `viewer` (another seat's ballot, choice, face-down
 * tile or building card) is shown as '?'; BR_VIEW_FULL sees the move. */
void dud_move_to_text(const void *st, br_move move, int viewer, br_text *out)
{
    int owner = viewer == BR_VIEW_FULL ? -1 : private_to(st, move);
    if (owner < 0 || owner == viewer) {
        put_move(move, out);
    } else {
        br_text_puts(out, move < DUD_MV_JEIN_YES ? "vote ?"
                                                 : hidden_texts[br_verb_of(verbs, VERBS, move) - verbs]);
    }
}

/* ------------------------------------------------------------------ */
/* Parsing */

static br_status parse_lay(const br_words *ws, br_move *out, br_text *err)
{
    int path = br_name_index(ws->w[0], dud_path_names, DUD_PATHS);
    int shape = ws->n > 1 ? br_name_index(ws->w[1], dud_shape_names, DUD_SHAPES) : -1;
    int dir = ws->n > 2 ? br_name_index(ws->w[2], dud_dir_names, DUD_DIRS) : -1;
    if (ws->n != 3 || shape < 0 || dir < 0) {
        br_text_printf(err, "a lay is '<path> <shape> <direction>', e.g. 'road 3b e' (shapes "
                       "3, 3b, 2, 2b, 1; directions n, e, s, w)");
        return BR_ERR_PARSE;
    }
    *out = dud_move_of_lay((dud_lay){(uint8_t)path, (uint8_t)shape, (uint8_t)dir});
    return BR_OK;
}

static br_status parse_vote(const br_words *ws, br_move *out, br_text *err)
{
    unsigned cards = 0;
    if (ws->n == 2 && strcmp(ws->w[1], "none") == 0) {
        *out = DUD_MV_VOTE;
        return BR_OK;
    }
    for (int i = 1; i < ws->n; i++) {
        /* "vote none 2": the word that plays no card among others. */
        if (strcmp(ws->w[i], "none") == 0) {
            br_text_puts(err, "'none' stands alone: 'vote none' plays no vote card; to play "
                              "cards, name them, e.g. 'vote yes2 jein'");
            return BR_ERR_PARSE;
        }
        int c = br_name_index(ws->w[i], dud_vote_names, DUD_VOTE_CARDS);
        if (c < 0 || (cards >> c & 1)) {
            br_text_printf(err, c < 0 ? "'%s' is no vote card (yes1, yes2, yes3, no1, no2, "
                                        "no3, jein, egal)"
                                      : "vote card '%s' named twice", ws->w[i]);
            return BR_ERR_PARSE;
        }
        cards |= 1u << c;
    }
    if (ws->n < 2) {
        br_text_puts(err, "a vote names its cards or 'none', e.g. 'vote yes2 jein'");
        return BR_ERR_PARSE;
    }
    *out = DUD_MV_VOTE + cards;
    return BR_OK;
}

br_status dud_move_from_text(const void *st, const char *text, br_move *out, br_text *err)
{
    (void)st;
    br_words ws;
    if (!br_split_words(text, BR_WORDS_MAX, &ws) || ws.n == 0) {
        br_text_printf(err, "'%s' is no move of drunter-und-drueber", text);
        return BR_ERR_PARSE;
    }
    if (br_name_index(ws.w[0], dud_path_names, DUD_PATHS) >= 0)
        return parse_lay(&ws, out, err);
    if (strcmp(ws.w[0], "vote") == 0)
        return parse_vote(&ws, out, err);
    const br_verb *v = br_verb_find(verbs, VERBS, &ws);
    if (v)
        return br_verb_read(v, &ws, out, err);
    br_text_printf(err, "'%s' is no move of drunter-und-drueber (expected e.g. 'road 3b e', "
                   "'vote yes2 jein', 'vote none', 'jein yes', 'choose 1', 'deal wall2b', "
                   "'building inn', 'task toilets')", text);
    return BR_ERR_PARSE;
}
