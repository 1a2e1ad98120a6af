/*
 * Die Tore der Welt: one test per rule of the German rule text
 * (shared/rules/tore-der-welt.de.txt, with shared/rules/FACTS.md) and per
 * designed table and clarification of the design page
 * (doc/games/tore-der-welt.md, the table "From the rule text to the code and
 * the tests"). The tests were written from the text and the design only, not
 * from the code.
 *
 * The file is much longer than 1,000 lines because the game is several times
 * larger than the others (44 event cards with their geometry, a favour track,
 * twelve action cards with follow-up choices, seven projects, houses, the
 * plague, four chapter ends with dues, penalties and redemptions, two
 * options for clarifications, hidden screens) and the design plans a test of
 * its own for nearly every sentence of the text. The helpers, the designed
 * tables (copied from the design page) and a small model of income and favour
 * are at the top; the tests follow in the order of the design's table.
 *
 * Positions are built through the public API only:
 * - by playing with `chance=explicit`, the test choosing every event, plague
 *   tile, tax roll and penance draw by its move text, and an "autopilot"
 *   (auto_step) taking the dull moves: quiet events, `orient 0`, `lay` of the
 *   last card, `decline`, `done`, the first discard;
 * - by editing a real snapshot: only the documented, unambiguous members are
 *   changed (players[].goods and vp, stock, supply, favour, covers, plots,
 *   projects[].stone/wood), and every unit of a good moved to or from a seat
 *   is taken from or given back to its stock, so that the loader's
 *   conservation invariants hold (see edit_state()).
 * Results are read from the documented snapshot members, from the legal move
 * lists and br_state_check_move(), br_state_chance_outcomes(),
 * br_state_scores(), br_state_returns(), br_state_winners(), observations
 * and br_state_resample().
 *
 * Representation choices the design leaves open, read tolerantly here: an
 * event id may be an integer (12) or a string ("E12" or "12"); a card may be
 * its name ("rent") or its index (7); a penalty may be a boolean or a count;
 * players[].houses may count the houses left (4 at the start) or those on
 * the board (0 at the start). The nine goods of players[].goods are named as
 * in `supply` and `stock`: stone, wood, grain, piety, wool, cloth, money,
 * loyalty, knowledge.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardrules.h>

#include "brt_util.h"

#define GAME_NAME "tore-der-welt"
#define MOVE_BUFFER 256
#define TEXT_SIZE 4096

/* Move numbers of the design ("Move numbers and notation"). */
#define MOVE_SPACE 231
#define MAX_LEGAL 35

/* ------------------------------------------------------------------ */
/* Designed content (doc/games/tore-der-welt.md) */

enum good { STONE, WOOD, GRAIN, PIETY, WOOL, CLOTH, MONEY, LOYALTY, KNOWLEDGE, NUM_GOODS };
static const char *const GOOD_NAMES[NUM_GOODS] = {"stone", "wood",  "grain",   "piety",
                                                  "wool",  "cloth", "money",   "loyalty",
                                                  "knowledge"};
/* Component counts (FACTS.md; the design's 25/15 split of the cubes). */
static const int GOOD_TOTALS[NUM_GOODS] = {25, 15, 10, 12, 15, 12, 28, 14, 20};

enum card {
    C_GRAIN, C_PIETY, C_MATERIAL, C_BUILD, C_WOOL_SALE, C_PRIVILEGE,
    C_HOUSE, C_RENT, C_DONATE, C_WEAVE, C_MEDICINE, C_FAVOUR, NUM_CARDS
};
static const char *const CARD_NAMES[NUM_CARDS] = {
    "grain", "piety", "material", "build", "wool-sale", "privilege",
    "house", "rent",  "donate",   "weave", "medicine",  "favour"};

enum project { BRIDGE, TOWER, CHAPEL, HOSPITAL, PALACE, MILL, GUILDHALL, NUM_PROJECTS };
static const char *const PROJECT_NAMES[NUM_PROJECTS] = {"bridge", "tower",  "chapel",  "hospital",
                                                        "palace", "mill",   "guildhall"};
static const int PROJECT_STONE[NUM_PROJECTS] = {4, 6, 4, 2, 3, 1, 3};
static const int PROJECT_WOOD[NUM_PROJECTS] = {2, 2, 1, 2, 2, 3, 1};

enum space { QUEEN, PRIOR, GUILD, OUTLAWS1, PRIORESS, MERCHANTS, KING, OUTLAWS2, EARL, BISHOP };
static const char *const SPACE_NAMES[10] = {"queen",     "prior", "guild",     "outlaws-1",
                                            "prioress",  "merchants", "king",  "outlaws-2",
                                            "earl",      "bishop"};

/* House plots p1..p14: material (STONE or WOOD) and yield (a good and an
 * amount). */
static const int PLOT_MATERIAL[15] = {-1,    STONE, WOOD, STONE, WOOD,  STONE, WOOD, STONE,
                                      WOOD,  STONE, WOOD, STONE, WOOD,  STONE, WOOD};
static const int PLOT_YIELD[15] = {-1,    GRAIN, GRAIN, GRAIN, PIETY, PIETY, PIETY, WOOL,
                                   WOOL,  MONEY, MONEY, CLOTH, CLOTH, LOYALTY, KNOWLEDGE};
static const int PLOT_AMOUNT[15] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1};

/* Plague places 1..11: the bonus good (-1: none; place 9 gives 1 VP). */
static const int PLACE_BONUS[12] = {-1,    GRAIN, PIETY, LOYALTY, MONEY, CLOTH,
                                    STONE, WOOD,  WOOL,  -1,      KNOWLEDGE, -1};
static const int PLACE_AMOUNT[12] = {0, 1, 1, 1, 2, 1, 1, 1, 1, 0, 1, 0};

/* The 44 event cards: chapter, lasting, corners NW NE SE SW, side numbers
 * N E S W, plague place (0: none). */
typedef struct {
    int chapter;
    int lasting;
    const char *corners;
    int sides[4];
    int place;
} event_card;

static const event_card EVENTS[45] = {
    {0, 0, "", {0, 0, 0, 0}, 0},
    {1, 0, "Wo Wd M1 St", {1, 0, 2, 3}, 0},  /* E01 the fulling mill */
    {1, 0, "St Pi Wd M2", {0, 2, 1, 3}, 0},  /* E02 the prior's palace */
    {1, 0, "Wo M1 Wo Gr", {0, 1, 3, 2}, 0},  /* E03 wool fair: gain_all(wool, 1) */
    {1, 0, "Pi Gr Mk Lo", {2, 0, 1, 3}, 0},  /* E04 hard winter: lose_all(grain, 1) */
    {1, 0, "St Gr Pi Mk", {2, 3, 0, 1}, 0},  /* E05 floods: cover(market wool) */
    {1, 0, "Lo M2 Gr Pi", {2, 3, 0, 1}, 0},  /* E06 queen: trade(2 money -> 1 loyalty) */
    {1, 0, "Pi Mk St Gr", {1, 0, 2, 3}, 0},  /* E07 bishop preaches: gain_all(piety, 1) */
    {1, 0, "Lo Wd VP Gr", {0, 1, 2, 3}, 0},  /* E08 sheriff: cover(favour outlaws-1) */
    {1, 1, "Pi M1 Mk Wd", {2, 0, 3, 1}, 0},  /* E09 market charter: price(wool 3) */
    {1, 1, "Gr St M2 Pi", {2, 1, 3, 0}, 0},  /* E10 good harvest: bonus(grain +1) */
    {1, 1, "Mk Lo VP M1", {2, 1, 0, 3}, 0},  /* E11 prior revokes: ban(privilege) */
    {2, 0, "Lo Gr M2 Mk", {3, 2, 1, 0}, 0},  /* E12 war */
    {2, 0, "M1 Gr Pi Lo", {2, 3, 0, 1}, 0},  /* E13 guild hall */
    {2, 0, "St Pi Wd Mk", {1, 2, 0, 3}, 0},  /* E14 Lady chapel */
    {2, 0, "M2 Gr Pi VP", {3, 0, 1, 2}, 0},  /* E15 tax collector: pay_or(1 money, -2) */
    {2, 1, "Gr Mk M1 Pi", {1, 0, 2, 3}, 0},  /* E16 wool prices fall: price(wool 1) */
    {2, 0, "Pi Wo Lo M1", {3, 0, 2, 1}, 0},  /* E17 pilgrims: most(piety, +2) */
    {2, 0, "Lo Mk Gr St", {3, 1, 2, 0}, 0},  /* E18 oath: gain_all(loyalty, 1) */
    {2, 0, "Wo Wd M2 Pi", {1, 2, 3, 0}, 0},  /* E19 Flemish: trade(cloth -> 2 money 2 VP) */
    {2, 1, "Wd Gr Mk VP", {3, 2, 0, 1}, 0},  /* E20 shipbuilding: trade_round(wood -> 2) */
    {2, 1, "Mk St Lo Wo", {2, 1, 3, 0}, 0},  /* E21 medicine from Italy */
    {2, 0, "Gr Pi M1 VP", {3, 0, 1, 2}, 0},  /* E22 bridge toll: cover(project bridge) */
    {3, 0, "Mk VP Pi Gr", {1, 2, 3, 0}, 4},  /* E23 Black Death: show_or(1 mk, -2) */
    {3, 0, "Pi Wd Mk M1", {3, 0, 2, 1}, 9},  /* E24 hospital */
    {3, 0, "Pi Lo St Gr", {1, 0, 2, 3}, 2},  /* E25 flagellants: lose_all(piety, 1) */
    {3, 1, "Wd M2 Gr Lo", {2, 3, 0, 1}, 11}, /* E26 wage demands: cost(house +1) */
    {3, 1, "Mk Pi Gr St", {3, 2, 0, 1}, 6},  /* E27 nuns: bonus(care +1 VP) */
    {3, 0, "Gr Pi M1 VP", {3, 0, 1, 2}, 1},  /* E28 deserted farms: trade(2 money -> grain) */
    {3, 0, "M2 Wo Lo Pi", {1, 0, 3, 2}, 8},  /* E29 inheritances: gain_all(money, 1) */
    {3, 0, "Wo Gr Wd Mk", {1, 2, 0, 3}, 3},  /* E30 quarantine: cover(market cloth) */
    {3, 1, "Pi M1 VP Lo", {1, 0, 2, 3}, 10}, /* E31 prayers: bonus(piety +1 VP) */
    {3, 0, "Lo St M2 Wd", {3, 1, 2, 0}, 5},  /* E32 earl dies: cover(favour earl) */
    {3, 0, "M1 VP Gr Wo", {1, 2, 3, 0}, 7},  /* E33 book: gain_all(knowledge, 1) */
    {4, 0, "Gr VP Wd Lo", {1, 0, 3, 2}, 7},  /* E34 tower rises: fill(tower) */
    {4, 0, "Gr Pi M1 VP", {3, 0, 1, 2}, 1},  /* E35 crop failure: lose_all(grain, 1) */
    {4, 0, "M2 Pi Gr Lo", {3, 0, 1, 2}, 10}, /* E36 borough charter: per_house(+1) */
    {4, 0, "Lo Mk Pi St", {3, 1, 2, 0}, 3},  /* E37 king's visit: most(loyalty, +3) */
    {4, 1, "Pi M1 Gr VP", {3, 0, 2, 1}, 5},  /* E38 new looms: price(cloth 6) */
    {4, 1, "Pi Wo Lo M2", {0, 1, 3, 2}, 11}, /* E39 peace: bonus(favour +1 VP) */
    {4, 1, "Mk Gr St VP", {3, 1, 0, 2}, 8},  /* E40 rent dispute: ban(rent) */
    {4, 0, "Pi Wd Mk M1", {3, 0, 2, 1}, 2},  /* E41 thanksgiving: trade(piety -> 3 VP) */
    {4, 0, "St Wo VP Wd", {2, 1, 0, 3}, 6},  /* E42 Merthin's lodge: gain_all(stone, 1) */
    {4, 0, "Gr Lo Pi M2", {0, 1, 3, 2}, 9},  /* E43 peasants' revolt: pay_or(grain, -2) */
    {4, 0, "VP M1 Wo Mk", {0, 3, 2, 1}, 4},  /* E44 queen mother: cover(favour queen) */
};

/* The seats' corner offsets from the active player's corner ("Geometry"). */
static const int OFFSETS[5][4] = {{0}, {0}, {0, 2}, {0, 1, 2}, {0, 1, 2, 3}};

/* The income of corner `k` (0..3) of event `e` as its two-letter code. */
static void corner_code(int e, int k, char out[3])
{
    out[0] = EVENTS[e].corners[3 * k];
    out[1] = EVENTS[e].corners[3 * k + 1];
    out[2] = '\0';
}

/* The printed side under the arrow for arrow value v. */
static int side_of(int e, int v)
{
    for (int s = 0; s < 4; s++)
        if (EVENTS[e].sides[s] == v)
            return s;
    ck_abort_msg("test bug: E%02d has no side %d", e, v);
    return -1;
}

/* The corner of event e at arrow value v for the seat `k` seats clockwise
 * from the active player, in a game of `players`. */
static void seat_corner(int e, int v, int players, int k, char out[3])
{
    int a = (side_of(e, v) + 3) % 4;
    corner_code(e, (a + OFFSETS[players][k]) % 4, out);
}

/* ------------------------------------------------------------------ */
/* States and moves */

static br_state *new_state(const char *options)
{
    return brt_new_game(GAME_NAME, options);
}

static size_t legal_moves(const br_state *s, br_move *moves)
{
    return brt_legal_moves(s, moves, MOVE_BUFFER);
}

/* printf into one of 8 rotating static buffers (for move texts and paths). */
static const char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static const char *fmt(const char *f, ...)
{
    static char buffers[8][256];
    static int next;
    char *out = buffers[next++ % 8];
    va_list ap;
    va_start(ap, f);
    vsnprintf(out, 256, f, ap);
    va_end(ap);
    return out;
}

/* The chance outcomes as "text:probability" joined by ", ". */
static const char *outcomes_text(const br_state *s)
{
    static char out[TEXT_SIZE];
    br_move moves[MOVE_BUFFER];
    double probs[MOVE_BUFFER];
    size_t n = 0, used = 0;
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, probs, MOVE_BUFFER, &n), BR_OK);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char text[96];
        ck_assert_int_eq(br_state_move_to_text(s, moves[i], text, sizeof text, NULL), BR_OK);
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s:%.4f", i ? ", " : "", text,
                                 probs[i]);
        ck_assert_uint_lt(used, sizeof out);
    }
    return out;
}

/* ------------------------------------------------------------------ */
/* Snapshot members */

static const char *phase(const br_state *s)
{
    return brt_field(s, "phase");
}

static void expect_phase(const br_state *s, const char *want)
{
    brt_expect_field(s, "phase", want);
}

/* The members of what `seat` observes ("view"). */
static json_t *observation_json(const br_state *s, int seat)
{
    char *text = brt_observation(s, seat);
    json_t *root = brt_parse_json(text);
    free(text);
    return root;
}

/* Event ids may be written as 12, "E12" or "12": -1 for null. */
static int event_id(const json_t *v)
{
    if (v == NULL || json_is_null(v))
        return -1;
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    ck_assert_msg(json_is_string(v), "an event id is neither integer nor string");
    const char *t = json_string_value(v);
    if (*t == 'E' || *t == 'e')
        t++;
    return atoi(t);
}

static int field_event(const br_state *s, const char *path)
{
    json_t *root = brt_snapshot_json(s);
    int id = event_id(brt_json_at(json_object_get(root, "state"), path));
    json_decref(root);
    return id;
}

/* The display as "9,10" ("-" for an empty field). */
static const char *display_text(const br_state *s)
{
    static char out[32];
    json_t *root = brt_snapshot_json(s);
    json_t *d = brt_json_at(json_object_get(root, "state"), "display");
    ck_assert_msg(json_is_array(d) && json_array_size(d) == 2, "state.display: %s",
                  brt_text_at(json_object_get(root, "state"), "display"));
    int a = event_id(json_array_get(d, 0)), b = event_id(json_array_get(d, 1));
    if (a < 0)
        snprintf(out, sizeof out, "-,");
    else
        snprintf(out, sizeof out, "%d,", a);
    if (b < 0)
        snprintf(out + strlen(out), sizeof out - strlen(out), "-");
    else
        snprintf(out + strlen(out), sizeof out - strlen(out), "%d", b);
    json_decref(root);
    return out;
}

/* Whether event e lies on one of the two display fields. */
static int display_has(const br_state *s, int e)
{
    json_t *root = brt_snapshot_json(s);
    json_t *d = brt_json_at(json_object_get(root, "state"), "display");
    int found = event_id(json_array_get(d, 0)) == e || event_id(json_array_get(d, 1)) == e;
    json_decref(root);
    return found;
}

/* The drawn events of chapter `ch` as "3,5,1". */
static const char *drawn_text(const br_state *s, int ch)
{
    static char out[64];
    json_t *root = brt_snapshot_json(s);
    char path[32];
    snprintf(path, sizeof path, "drawn[%d]", ch - 1);
    json_t *a = brt_json_at(json_object_get(root, "state"), path);
    ck_assert_msg(json_is_array(a), "state.%s is not an array", path);
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(a); i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%d", i ? "," : "",
                 event_id(json_array_get(a, i)));
    json_decref(root);
    return out;
}

/* Cards may be written as names or indexes. */
static int card_of(const json_t *v)
{
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    if (json_is_object(v))
        return card_of(json_object_get(v, "card"));
    ck_assert_msg(json_is_string(v), "a card is neither name nor index");
    for (int c = 0; c < NUM_CARDS; c++)
        if (strcmp(CARD_NAMES[c], json_string_value(v)) == 0)
            return c;
    ck_abort_msg("'%s' is not a card", json_string_value(v));
    return -1;
}

/* A list of cards (hand, discards) as names in card order, or
 * "#<count>" when the member is a count (another seat's hand in a view). */
static const char *cards_text_json(json_t *a)
{
    static char buffers[4][256];
    static int next;
    char *out = buffers[next++ % 4];
    out[0] = '\0';
    if (json_is_integer(a)) {
        snprintf(out, 256, "#%lld", (long long)json_integer_value(a));
        return out;
    }
    ck_assert_msg(json_is_array(a), "a card list is neither an array nor a count");
    /* The design does not fix the order of a hand or of the discards: list
     * them in card order. */
    int count[NUM_CARDS] = {0};
    for (size_t i = 0; i < json_array_size(a); i++)
        count[card_of(json_array_get(a, i))]++;
    for (int c = 0; c < NUM_CARDS; c++)
        for (int k = 0; k < count[c]; k++)
            snprintf(out + strlen(out), 256 - strlen(out), "%s%s", out[0] ? " " : "",
                     CARD_NAMES[c]);
    return out;
}

static const char *cards_text(const br_state *s, const char *path)
{
    json_t *root = brt_snapshot_json(s);
    const char *out = cards_text_json(brt_json_at(json_object_get(root, "state"), path));
    json_decref(root);
    return out;
}

static int hand_size(const br_state *s, int seat)
{
    char path[32];
    snprintf(path, sizeof path, "players[%d].hand", seat);
    return brt_array_size(s, path);
}

static int discards_size(const br_state *s, int seat)
{
    char path[32];
    snprintf(path, sizeof path, "players[%d].discards", seat);
    return brt_array_size(s, path);
}

static int in_hand(const br_state *s, int seat, int card)
{
    json_t *root = brt_snapshot_json(s);
    char path[32];
    snprintf(path, sizeof path, "players[%d].hand", seat);
    json_t *a = brt_json_at(json_object_get(root, "state"), path);
    int found = 0;
    for (size_t i = 0; i < json_array_size(a); i++)
        found |= card_of(json_array_get(a, i)) == card;
    json_decref(root);
    return found;
}

/* A seat's face-up pile as "grain build-" (a "-" marks a card laid unused). */
static const char *pile_text(const br_state *s, int seat)
{
    static char out[256];
    json_t *root = brt_snapshot_json(s);
    char path[32];
    snprintf(path, sizeof path, "players[%d].pile", seat);
    json_t *a = brt_json_at(json_object_get(root, "state"), path);
    ck_assert_msg(json_is_array(a), "state.%s is not an array", path);
    out[0] = '\0';
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *e = json_array_get(a, i);
        json_t *used = json_object_get(e, "used");
        ck_assert_msg(json_is_boolean(used), "state.%s[%zu].used is not a boolean", path, i);
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s%s", i ? " " : "",
                 CARD_NAMES[card_of(json_object_get(e, "card"))], json_is_true(used) ? "" : "-");
    }
    json_decref(root);
    return out;
}

/* Whether a seat carries a penalty (boolean or count). */
static int penalty(const br_state *s, int seat, const char *which)
{
    json_t *root = brt_snapshot_json(s);
    char path[64];
    snprintf(path, sizeof path, "players[%d].penalties.%s", seat, which);
    json_t *v = brt_json_at(json_object_get(root, "state"), path);
    ck_assert_msg(json_is_boolean(v) || json_is_integer(v), "state.%s: %s", path,
                  brt_text_at(json_object_get(root, "state"), path));
    int on = json_is_boolean(v) ? json_is_true(v) : json_integer_value(v) > 0;
    json_decref(root);
    return on;
}

/* The seats of project p's seals, as "0,2" in the order listed. */
static const char *seals_text(const br_state *s, int p)
{
    return brt_fieldf(s, "projects[%d].seals", p);
}

/* A seat's free seals: players[].seals may count the free seals (2 at the
 * start) or the placed ones; the seals on the projects tell which. */
static int free_seals(const br_state *s, int seat)
{
    json_t *root = brt_snapshot_json(s);
    json_t *st = json_object_get(root, "state");
    char path[32];
    snprintf(path, sizeof path, "players[%d].seals", seat);
    int v = brt_int_at(st, path), placed = 0;
    for (int p = 0; p < NUM_PROJECTS; p++) {
        json_t *a = json_object_get(json_array_get(json_object_get(st, "projects"), (size_t)p),
                                    "seals");
        for (size_t i = 0; i < json_array_size(a); i++)
            placed += json_integer_value(json_array_get(a, i)) == seat;
    }
    json_decref(root);
    return v + placed == 2 ? v : 2 - v;
}

static int goods(const br_state *s, int seat, int g)
{
    return brt_field_intf(s, "players[%d].goods.%s", seat, GOOD_NAMES[g]);
}

static int vp(const br_state *s, int seat)
{
    return brt_field_intf(s, "players[%d].vp", seat);
}

/* The stock a good comes from and goes back to: the field and the cathedral
 * for grain and piety (C9), the supply for everything else. */
static void stock_path(int g, char *out, size_t size)
{
    snprintf(out, size, "%s.%s", g == GRAIN || g == PIETY ? "stock" : "supply", GOOD_NAMES[g]);
}

static int stock(const br_state *s, int g)
{
    char path[32];
    stock_path(g, path, sizeof path);
    return brt_field_int(s, path);
}

static int good_index(const char *name)
{
    return BRT_NAME_INDEX(GOOD_NAMES, name, "a good");
}

static int project_index(const char *name)
{
    return BRT_NAME_INDEX(PROJECT_NAMES, name, "a project");
}

static int space_index(const char *name)
{
    return BRT_NAME_INDEX(SPACE_NAMES, name, "a favour space");
}

/* ------------------------------------------------------------------ */
/* Editing positions (documented members only, goods conserved) */

static json_t *member(json_t *st, const char *path)
{
    json_t *v = brt_json_at(st, path);
    ck_assert_msg(v != NULL, "test bug or missing member: state.%s", path);
    return v;
}

static void set_int_at(json_t *st, const char *path, int value)
{
    char parent[96];
    const char *last = strrchr(path, '.');
    ck_assert_msg(last != NULL, "test bug: '%s'", path);
    snprintf(parent, sizeof parent, "%.*s", (int)(last - path), path);
    json_t *obj = member(st, parent);
    ck_assert_msg(json_is_integer(json_object_get(obj, last + 1)), "state.%s is not an integer",
                  path);
    ck_assert_int_eq(json_object_set_new(obj, last + 1, json_integer(value)), 0);
}

/* Moves `delta` units of good g from its stock to a seat (negative: back). */
static void move_units(json_t *st, int seat, int g, int delta)
{
    char held[64], src[32];
    snprintf(held, sizeof held, "players[%d].goods.%s", seat, GOOD_NAMES[g]);
    stock_path(g, src, sizeof src);
    int h = brt_int_at(st, held) + delta, k = brt_int_at(st, src) - delta;
    ck_assert_msg(h >= 0 && k >= 0, "test bug: %s %d, %s %d", held, h, src, k);
    set_int_at(st, held, h);
    set_int_at(st, src, k);
}

/* A house of `seat` on plot q. players[].houses follows whichever count it
 * keeps: the houses left (4 at the start) or those on the board. */
static void put_house(json_t *st, int seat, int q)
{
    json_t *plots = member(st, "plots");
    ck_assert_msg(json_is_null(json_array_get(plots, (size_t)(q - 1))), "test bug: p%d taken", q);
    int on_board = 0;
    for (size_t i = 0; i < json_array_size(plots); i++)
        on_board += json_is_integer(json_array_get(plots, i)) &&
                    json_integer_value(json_array_get(plots, i)) == seat;
    json_array_set_new(plots, (size_t)(q - 1), json_integer(seat));
    char path[32];
    snprintf(path, sizeof path, "players[%d].houses", seat);
    int h = brt_int_at(st, path);
    if (h + on_board == 4)
        set_int_at(st, path, h - 1);
    else if (h == on_board)
        set_int_at(st, path, h + 1);
    else
        ck_abort_msg("state.%s = %d with %d houses on the board", path, h, on_board);
}

/* Cubes on project p's fields, taken from (or given back to) the supply. */
static void set_project(json_t *st, int p, int stone_cubes, int wood_cubes)
{
    char path[48];
    snprintf(path, sizeof path, "projects[%d].in_play", p);
    ck_assert_msg(json_is_true(member(st, path)), "test bug: %s is not in play", PROJECT_NAMES[p]);
    const int want[2] = {stone_cubes, wood_cubes};
    for (int k = 0; k < 2; k++) {
        const char *kind = k == 0 ? "stone" : "wood";
        char on[48], sup[32];
        snprintf(on, sizeof on, "projects[%d].%s", p, kind);
        snprintf(sup, sizeof sup, "supply.%s", kind);
        int delta = want[k] - brt_int_at(st, on);
        ck_assert_int_ge(brt_int_at(st, sup) - delta, 0);
        set_int_at(st, sup, brt_int_at(st, sup) - delta);
        set_int_at(st, on, want[k]);
    }
}

/*
 * Applies an edit script to the state's snapshot and loads it back. Words,
 * separated by blanks:
 *   S.good=N          seat S holds N of the good (the difference from its stock)
 *   S.vp=N            seat S has N VP
 *   stock.good=N:S    the good's stock holds N, the difference to or from seat S
 *   favour=space      the favour marker on that space
 *   cover=kind:target a cover tile ("favour:earl", "market:wool", "project:bridge")
 *   project=name:S:W  S stone and W wood cubes on the project's fields
 *   house=S:q         a house of seat S on plot pq
 */
static void edit_state(br_state **s, const char *script)
{
    json_t *root = brt_snapshot_json(*s);
    json_t *st = json_object_get(root, "state");
    char word[64];
    for (const char *p = script; *p != '\0';) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n == 0)
            break;
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        p += n;
        char name[32], arg[32];
        int seat, value, a, b;
        if (sscanf(word, "%d.vp=%d", &seat, &value) == 2) {
            char path[32];
            snprintf(path, sizeof path, "players[%d].vp", seat);
            set_int_at(st, path, value);
        } else if (sscanf(word, "%d.%31[a-z]=%d", &seat, name, &value) == 3) {
            int g = good_index(name);
            char held[64];
            snprintf(held, sizeof held, "players[%d].goods.%s", seat, GOOD_NAMES[g]);
            move_units(st, seat, g, value - brt_int_at(st, held));
        } else if (sscanf(word, "stock.%31[a-z]=%d:%d", name, &value, &seat) == 3) {
            int g = good_index(name);
            char src[32];
            stock_path(g, src, sizeof src);
            move_units(st, seat, g, brt_int_at(st, src) - value);
        } else if (sscanf(word, "favour=%31s", arg) == 1) {
            json_object_set_new(st, "favour", json_integer(space_index(arg)));
        } else if (sscanf(word, "cover=%31[a-z]:%31s", name, arg) == 2) {
            char target[64];
            snprintf(target, sizeof target, "%s %s", name, arg);
            json_array_append_new(member(st, "covers"), json_string(target));
            set_int_at(st, "supply.covers", brt_int_at(st, "supply.covers") - 1);
        } else if (sscanf(word, "project=%31[a-z]:%d:%d", name, &a, &b) == 3) {
            set_project(st, project_index(name), a, b);
        } else if (sscanf(word, "house=%d:%d", &seat, &value) == 2) {
            put_house(st, seat, value);
        } else {
            ck_abort_msg("test bug: edit '%s'", word);
        }
    }
    char what[512];
    snprintf(what, sizeof what, "edited position '%s'", script);
    br_state *out = brt_load_tree(root, what);
    json_decref(root);
    br_state_free(*s);
    *s = out;
}

static void edit_statef(br_state **s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void edit_statef(br_state **s, const char *fmt, ...)
{
    char script[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(script, sizeof script, fmt, ap);
    va_end(ap);
    edit_state(s, script);
}

/* ------------------------------------------------------------------ */
/* A model of income and favour: what every seat holds */

typedef struct {
    int n;
    int active;
    int vp[4];
    int goods[4][NUM_GOODS];
    int stock[NUM_GOODS];
    int favour;
    int covered[10];
    int houses[4];
} table;

static table read_table(const br_state *s)
{
    table t;
    memset(&t, 0, sizeof t);
    json_t *root = brt_snapshot_json(s);
    json_t *st = json_object_get(root, "state");
    t.n = br_state_num_players(s);
    t.active = brt_int_at(st, "crest");
    t.favour = brt_int_at(st, "favour");
    char path[64];
    for (int seat = 0; seat < t.n; seat++) {
        snprintf(path, sizeof path, "players[%d].vp", seat);
        t.vp[seat] = brt_int_at(st, path);
        for (int g = 0; g < NUM_GOODS; g++) {
            snprintf(path, sizeof path, "players[%d].goods.%s", seat, GOOD_NAMES[g]);
            t.goods[seat][g] = brt_int_at(st, path);
        }
    }
    for (int g = 0; g < NUM_GOODS; g++) {
        stock_path(g, path, sizeof path);
        t.stock[g] = brt_int_at(st, path);
    }
    json_t *covers = member(st, "covers");
    for (size_t i = 0; i < json_array_size(covers); i++) {
        const char *c = json_string_value(json_array_get(covers, i));
        ck_assert_msg(c != NULL, "state.covers[%zu] is not a string", i);
        if (strncmp(c, "favour ", 7) == 0)
            t.covered[space_index(c + 7)] = 1;
    }
    json_t *plots = member(st, "plots");
    ck_assert_int_eq(json_array_size(plots), 14);
    for (size_t i = 0; i < 14; i++)
        if (json_is_integer(json_array_get(plots, i)))
            t.houses[json_integer_value(json_array_get(plots, i))]++;
    json_decref(root);
    return t;
}

static void compare_tables(const table *got, const table *want, const char *what)
{
    for (int seat = 0; seat < want->n; seat++) {
        ck_assert_msg(got->vp[seat] == want->vp[seat], "%s: seat %d has %d VP, want %d", what,
                      seat, got->vp[seat], want->vp[seat]);
        for (int g = 0; g < NUM_GOODS; g++)
            ck_assert_msg(got->goods[seat][g] == want->goods[seat][g],
                          "%s: seat %d holds %d %s, want %d", what, seat, got->goods[seat][g],
                          GOOD_NAMES[g], want->goods[seat][g]);
    }
    for (int g = 0; g < NUM_GOODS; g++)
        ck_assert_msg(got->stock[g] == want->stock[g], "%s: stock of %s %d, want %d", what,
                      GOOD_NAMES[g], got->stock[g], want->stock[g]);
    ck_assert_msg(got->favour == want->favour, "%s: favour marker on %s, want %s", what,
                  SPACE_NAMES[got->favour], SPACE_NAMES[want->favour]);
}

/* Gives a seat the income `code` (step 3): the good from its stock, 1 VP
 * instead when the stock is empty, the last coin of a 2-money corner (C15). */
static void model_income(table *t, int seat, const char *code)
{
    static const struct {
        const char *code;
        int good, amount;
    } incomes[] = {{"St", STONE, 1}, {"Wd", WOOD, 1},    {"Gr", GRAIN, 1},
                   {"Pi", PIETY, 1}, {"Wo", WOOL, 1},    {"Lo", LOYALTY, 1},
                   {"Mk", KNOWLEDGE, 1}, {"M1", MONEY, 1}, {"M2", MONEY, 2}};
    if (strcmp(code, "VP") == 0) {
        t->vp[seat]++;
        return;
    }
    for (size_t i = 0; i < sizeof incomes / sizeof incomes[0]; i++) {
        if (strcmp(incomes[i].code, code) != 0)
            continue;
        int g = incomes[i].good, k = incomes[i].amount;
        if (t->stock[g] == 0) {
            t->vp[seat]++;
        } else {
            if (k > t->stock[g])
                k = t->stock[g];
            t->stock[g] -= k;
            t->goods[seat][g] += k;
        }
        return;
    }
    ck_abort_msg("test bug: income '%s'", code);
}

/* Takes one unit of a good from its stock for a seat, if there is one. */
static void model_take(table *t, int seat, int g)
{
    if (t->stock[g] > 0) {
        t->stock[g]--;
        t->goods[seat][g]++;
    }
}

/* The benefit of favour space `space` for `seat` (the favour list). */
static void model_benefit(table *t, int seat, int space)
{
    switch (space) {
    case QUEEN:
        t->vp[seat] += t->goods[seat][LOYALTY] >= 1 ? 2 : 0;
        break;
    case PRIOR:
        model_take(t, seat, PIETY);
        break;
    case GUILD:
        t->vp[seat] += t->houses[seat];
        break;
    case OUTLAWS1:
    case OUTLAWS2:
        ck_assert_msg(t->goods[seat][MONEY] >= 1, "test bug: outlaws without money");
        t->goods[seat][MONEY]--;
        t->stock[MONEY]++;
        break;
    case PRIORESS:
        t->vp[seat] += t->goods[seat][KNOWLEDGE] >= 1 ? 2 : 0;
        break;
    case MERCHANTS:
        model_take(t, seat, WOOL);
        break;
    case KING:
        t->vp[seat] += t->goods[seat][LOYALTY];
        break;
    case EARL:
        model_take(t, seat, GRAIN);
        break;
    case BISHOP:
        t->vp[seat] += t->goods[seat][PIETY];
        break;
    }
}

/* Step 4: the marker moves v uncovered spaces; the active player benefits. */
static void model_favour(table *t, int v)
{
    if (v == 0)
        return;
    int pos = t->favour;
    for (int steps = v; steps > 0;) {
        pos = (pos + 1) % 10;
        if (!t->covered[pos])
            steps--;
    }
    t->favour = pos;
    model_benefit(t, t->active, pos);
}

/* What `orient v` of event e should do, from the active player clockwise;
 * seats in `begging` (a bit mask) get no income. */
static table model_orient(const table *before, int e, int v, int begging)
{
    table t = *before;
    for (int k = 0; k < t.n; k++) {
        int seat = (t.active + k) % t.n;
        char code[3];
        seat_corner(e, v, t.n, k, code);
        if (!(begging & (1 << seat)))
            model_income(&t, seat, code);
    }
    model_favour(&t, v);
    return t;
}

/* Plays `orient v` (event e on the council field) and checks every seat's
 * goods and VP, the stocks and the favour marker against the model. */
static void orient_checked(br_state *s, int e, int v, int begging)
{
    expect_phase(s, "orient");
    table before = read_table(s);
    brt_expect_player(s, before.active);
    table want = model_orient(&before, e, v, begging);
    brt_playf(s, "orient %d", v);
    table got = read_table(s);
    char what[64];
    snprintf(what, sizeof what, "E%02d orient %d (%d players)", e, v, before.n);
    compare_tables(&got, &want, what);
}

/* ------------------------------------------------------------------ */
/* The autopilot and the fixtures */

/* Events the autopilot draws, most harmless first, chapter by chapter. */
static const int QUIET_EVENTS[44] = {1,  2,  5,  8,  9,  10, 3,  7,  11, 6,  4,
                                     13, 14, 22, 16, 21, 17, 18, 20, 19, 15, 12,
                                     24, 26, 27, 30, 32, 31, 33, 29, 25, 28, 23,
                                     38, 39, 40, 44, 36, 37, 42, 34, 41, 35, 43};

/* One dull move: a quiet event, the lowest plague tile, the lowest tax, the
 * first penance card, `orient 0`, `lay` of the last card, `decline`, `done`,
 * the first discard; else the first legal move. */
static void auto_step(br_state *s)
{
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves);
    ck_assert_msg(n > 0, "no legal moves in phase %s", phase(s));
    static char texts[MOVE_BUFFER][96];
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(br_state_move_to_text(s, moves[i], texts[i], sizeof texts[i], NULL),
                         BR_OK);
    if (strncmp(texts[0], "event ", 6) == 0) {
        for (int q = 0; q < 44; q++)
            for (size_t i = 0; i < n; i++)
                if (atoi(texts[i] + 6) == QUIET_EVENTS[q]) {
                    ck_assert_int_eq(br_state_apply(s, moves[i]), BR_OK);
                    return;
                }
    }
    /* The last card is laid first, so that the card left for round 6 of
     * chapter I is Getreide, which can be played: round 6 then has an
     * action phase (a seat with a single legal move is not asked, C22). */
    static const char *const prefer[] = {"orient 0", "lay ", "decline", "done", "discard "};
    for (size_t k = 0; k < sizeof prefer / sizeof prefer[0]; k++)
        for (size_t j = 0; j < n; j++) {
            size_t i = k == 1 ? n - 1 - j : j;
            if (strncmp(texts[i], prefer[k], strlen(prefer[k])) == 0) {
                ck_assert_int_eq(br_state_apply(s, moves[i]), BR_OK);
                return;
            }
        }
    ck_assert_int_eq(br_state_apply(s, moves[0]), BR_OK);
}

/* Gives every seat 2 grain, 2 piety and 5 money: no due falls short. */
static void prepare_dues(br_state **s)
{
    int n = br_state_num_players(*s);
    for (int seat = 0; seat < n; seat++)
        edit_statef(s, "%d.grain=2 %d.piety=2 %d.money=5", seat, seat, seat);
}

/*
 * Runs the autopilot until the state is in `chapter`, `round` and `phase`.
 * With `prep`, the first time the actions of round 6 of a chapter begin,
 * every seat is prepared for the dues (prepare_dues), so that nobody enters
 * the next chapter with a penalty.
 */
static void run_to(br_state **s, int chapter, int round, const char *want_phase, int prep)
{
    int prepared = 0;
    for (int guard = 0;; guard++) {
        ck_assert_msg(guard < 6000, "run_to(%d, %d, %s) did not arrive", chapter, round,
                      want_phase);
        ck_assert_msg(!br_state_is_terminal(*s), "run_to(%d, %d, %s): the game ended", chapter,
                      round, want_phase);
        json_t *root = brt_snapshot_json(*s);
        json_t *st = json_object_get(root, "state");
        int ch = brt_int_at(st, "chapter"), rd = brt_int_at(st, "round");
        int at = strcmp(brt_text_at(st, "phase"), want_phase) == 0;
        int acting = strcmp(brt_text_at(st, "phase"), "action") == 0;
        json_decref(root);
        if (ch == chapter && rd == round && at)
            return;
        if (prep && rd == 6 && acting && prepared != ch) {
            prepare_dues(s);
            prepared = ch;
            continue;
        }
        auto_step(*s);
    }
}

/* Plays the autopilot to the end of the game. */
static void run_to_end(br_state *s)
{
    for (int guard = 0; !br_state_is_terminal(s); guard++) {
        ck_assert_msg(guard < 6000, "the game does not end");
        auto_step(s);
    }
}

/* The tests' options: `chance=explicit`, and `crest=once` unless `extra`
 * names the crest. The rule tests were written with seat 0 starting every
 * chapter of a 2-player game (crest=once, the default until 0.2.0); the
 * crest's own tests name the value they test (test_rule_crest_*). */
static char *options_for(int players, const char *extra)
{
    const char *crest = strstr(extra, "crest=") ? "" : ",crest=once";
    return brt_format("players=%d,chance=explicit%s%s%s", players, extra[0] ? "," : "", extra,
                      crest);
}

/* A new game with `chance=explicit` at the event node of round 1 of
 * `chapter`, every earlier chapter played by the autopilot with the dues
 * prepared (no penalties). */
static br_state *reach(int players, int chapter, const char *extra)
{
    char *options = options_for(players, extra);
    br_state *s = new_state(options);
    free(options);
    if (chapter > 1)
        run_to(&s, chapter, 1, "event", 1);
    expect_phase(s, "event");
    return s;
}

/* Plays the autopilot's choices (accept/decline, plague tiles) until the
 * orient phase. */
static void to_orient(br_state *s)
{
    for (int guard = 0; strcmp(phase(s), "orient") != 0; guard++) {
        ck_assert_msg(guard < 20, "no orient phase (phase %s)", phase(s));
        auto_step(s);
    }
}

/* Round 1 of `chapter`: event e drawn (its choices declined, a plague tile of
 * the lowest value), `orient 0`; the active seat 0 is to act. */
static br_state *at_action(int players, int chapter, int e, const char *extra)
{
    br_state *s = reach(players, chapter, extra);
    brt_playf(s, "event %d", e);
    to_orient(s);
    brt_play(s, "orient 0");
    expect_phase(s, "action");
    brt_expect_player(s, 0);
    return s;
}

/* Plays the autopilot until `seat`'s action turn (phase action). */
static void to_action_of(br_state *s, int seat)
{
    for (int guard = 0;; guard++) {
        ck_assert_msg(guard < 200, "seat %d never acts", seat);
        if (strcmp(phase(s), "action") == 0 && br_state_current_player(s) == seat)
            return;
        auto_step(s);
    }
}

/* Plays the autopilot until the next event (or penance) node. */
static void to_next_round(br_state *s)
{
    auto_step(s);
    for (int guard = 0; !br_state_is_chance_node(s) || strcmp(phase(s), "plague") == 0 ||
                        strcmp(phase(s), "tax") == 0;
         guard++) {
        ck_assert_msg(guard < 300, "no next round");
        auto_step(s);
    }
}

/* Every good's units add up to the component count (FACTS.md), also metal
 * and the cover tiles. */
static void check_conservation(const br_state *s)
{
    json_t *root = brt_snapshot_json(s);
    json_t *st = json_object_get(root, "state");
    int n = br_state_num_players(s);
    char path[64];
    for (int g = 0; g < NUM_GOODS; g++) {
        int sum = 0;
        for (int seat = 0; seat < n; seat++) {
            snprintf(path, sizeof path, "players[%d].goods.%s", seat, GOOD_NAMES[g]);
            sum += brt_int_at(st, path);
        }
        stock_path(g, path, sizeof path);
        sum += brt_int_at(st, path);
        if (g == GRAIN || g == PIETY) {
            snprintf(path, sizeof path, "box.%s", GOOD_NAMES[g]);
            sum += brt_int_at(st, path);
        }
        if (g == STONE || g == WOOD)
            for (int p = 0; p < NUM_PROJECTS; p++) {
                snprintf(path, sizeof path, "projects[%d].%s", p, GOOD_NAMES[g]);
                sum += brt_int_at(st, path);
            }
        ck_assert_msg(sum == GOOD_TOTALS[g], "%s: %d units in all, want %d", GOOD_NAMES[g], sum,
                      GOOD_TOTALS[g]);
    }
    int metal = brt_int_at(st, "supply.metal");
    for (int p = 0; p < NUM_PROJECTS; p++) {
        snprintf(path, sizeof path, "projects[%d].metal", p);
        metal += brt_int_at(st, path);
    }
    ck_assert_int_eq(metal, 1);
    ck_assert_int_eq(brt_int_at(st, "supply.covers") + (int)json_array_size(member(st, "covers")), 5);
    json_decref(root);
}

/* Plays the autopilot until phase `want` (no preparation). */
static void to_phase(br_state *s, const char *want)
{
    for (int guard = 0; strcmp(phase(s), want) != 0; guard++) {
        ck_assert_msg(guard < 3000 && !br_state_is_terminal(s), "phase %s never comes", want);
        auto_step(s);
    }
}

/* A new game at the first action phase of round 6 of `chapter` (earlier
 * chapters prepared for the dues, this one not yet). */
static br_state *at_last_round(int players, int chapter, const char *extra)
{
    br_state *s = reach(players, chapter, extra);
    run_to(&s, chapter, 6, "action", 0);
    return s;
}

/* ================================================================== */
/* Setup */

/* "Ein Spieler erhält das Startspielerwappen und ist damit aktiver Spieler
 * der ersten Runde." Seat 0 holds the crest; after the first event it is seat
 * 0 that orients the card. */
START_TEST(test_rule_seat_zero_holds_crest_in_round_one)
{
    int players = 2 + _i;
    br_state *s = reach(players, 1, "");
    brt_expect_int(s, "crest", 0);
    brt_expect_int(s, "chapter", 1);
    brt_expect_int(s, "round", 1);
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    brt_play(s, "event 1");
    expect_phase(s, "orient");
    brt_expect_player(s, 0);
    brt_expect_int(s, "turn", 0);
    br_state_free(s);
}
END_TEST

/* FACTS.md: "Each player starts with 8 victory points, 1 wool and 2 money",
 * with the 6 starter cards in hand, nothing face up or face down. */
START_TEST(test_rule_start_goods)
{
    int players = 2 + _i;
    br_state *s = reach(players, 1, "");
    double scores[4] = {0};
    ck_assert_int_eq(br_state_scores(s, scores, 4), BR_OK);
    for (int seat = 0; seat < players; seat++) {
        ck_assert_int_eq(vp(s, seat), 8);
        ck_assert(scores[seat] == 8);
        for (int g = 0; g < NUM_GOODS; g++)
            ck_assert_int_eq(goods(s, seat, g), g == WOOL ? 1 : g == MONEY ? 2 : 0);
        char path[32];
        snprintf(path, sizeof path, "players[%d].hand", seat);
        ck_assert_str_eq(cards_text(s, path), "grain piety material build wool-sale privilege");
        ck_assert_str_eq(pile_text(s, seat), "");
        ck_assert_int_eq(discards_size(s, seat), 0);
    }
    br_state_free(s);
}
END_TEST

/* Design, "Components and supplies": the field holds 2n+2 grain and the
 * cathedral 2n+4 piety; the rest of the 10 grain and 12 piety stays in the
 * box. */
START_TEST(test_content_grain_and_piety_at_setup)
{
    int n = 2 + _i;
    br_state *s = reach(n, 1, "");
    brt_expect_int(s, "stock.grain", 2 * n + 2);
    brt_expect_int(s, "stock.piety", 2 * n + 4);
    brt_expect_int(s, "box.grain", 10 - (2 * n + 2));
    brt_expect_int(s, "box.piety", 12 - (2 * n + 4));
    br_state_free(s);
}
END_TEST

/* FACTS.md's component counts, as the design uses them: the supply at the
 * start, the projects (only the bridge in play), no houses, no plague yet. */
START_TEST(test_content_component_counts)
{
    int n = 2 + _i;
    br_state *s = reach(n, 1, "");
    brt_expect_int(s, "supply.stone", 25);
    brt_expect_int(s, "supply.wood", 15);
    brt_expect_int(s, "supply.metal", 1);
    brt_expect_int(s, "supply.wool", 15 - n);
    brt_expect_int(s, "supply.cloth", 12);
    brt_expect_int(s, "supply.money", 28 - 2 * n);
    brt_expect_int(s, "supply.loyalty", 14);
    brt_expect_int(s, "supply.knowledge", 20);
    brt_expect_int(s, "supply.covers", 5);
    brt_expect_field(s, "covers", "");
    check_conservation(s);
    ck_assert_int_eq(brt_array_size(s, "plots"), 14);
    ck_assert_int_eq(brt_array_size(s, "places"), 11);
    ck_assert_int_eq(brt_array_size(s, "projects"), 7);
    for (int q = 0; q < 14; q++)
        ck_assert_str_eq(brt_fieldf(s, "plots[%d]", q), "null");
    for (int x = 0; x < 11; x++)
        ck_assert_str_eq(brt_fieldf(s, "places[%d].state", x), "none");
    for (int seat = 0; seat < n; seat++)
        ck_assert_int_eq(free_seals(s, seat), 2);
    br_state_free(s);
}
END_TEST

/* "Die Brücke liegt von Anfang an aus": the bridge is in play from the
 * start, empty; the other six projects are not. */
START_TEST(test_rule_bridge_from_start)
{
    br_state *s = reach(2, 1, "");
    for (int p = 0; p < NUM_PROJECTS; p++) {
        ck_assert_str_eq(brt_fieldf(s, "projects[%d].in_play", p), p == BRIDGE ? "true" : "false");
        ck_assert_int_eq(brt_field_intf(s, "projects[%d].stone", p), 0);
        ck_assert_int_eq(brt_field_intf(s, "projects[%d].wood", p), 0);
        ck_assert_int_eq(brt_field_intf(s, "projects[%d].metal", p), 0);
        ck_assert_str_eq(seals_text(s, p), "");
        ck_assert_str_eq(brt_fieldf(s, "projects[%d].done", p), "false");
    }
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The frame: chapters, rounds, events, the crest */

/* "Er deckt die erste Ereigniskarte von Kapitel I auf": the first chance
 * node offers the 11 cards of chapter I, each equally likely. */
START_TEST(test_rule_first_event_is_from_chapter_one)
{
    br_state *s = reach(3, 1, "");
    expect_phase(s, "event");
    ck_assert_str_eq(outcomes_text(s),
                     "event 1:0.0909, event 2:0.0909, event 3:0.0909, event 4:0.0909, "
                     "event 5:0.0909, event 6:0.0909, event 7:0.0909, event 8:0.0909, "
                     "event 9:0.0909, event 10:0.0909, event 11:0.0909");
    BRT_ASSERT_ILLEGAL(s, "event 12");
    BRT_ASSERT_ILLEGAL(s, "orient 0");
    br_state_free(s);
}
END_TEST

/* Design, "Chance": each round's card is drawn uniformly from the chapter's
 * cards not yet drawn. */
START_TEST(test_rule_event_draw_uniform_over_undrawn)
{
    br_state *s = reach(2, 1, "");
    brt_play(s, "event 3");
    to_next_round(s);
    expect_phase(s, "event");
    ck_assert_str_eq(outcomes_text(s),
                     "event 1:0.1000, event 2:0.1000, event 4:0.1000, event 5:0.1000, "
                     "event 6:0.1000, event 7:0.1000, event 8:0.1000, event 9:0.1000, "
                     "event 10:0.1000, event 11:0.1000");
    BRT_ASSERT_ILLEGAL(s, "event 3");
    brt_play(s, "event 11");
    to_next_round(s);
    ck_assert_str_eq(outcomes_text(s),
                     "event 1:0.1111, event 2:0.1111, event 4:0.1111, event 5:0.1111, "
                     "event 6:0.1111, event 7:0.1111, event 8:0.1111, event 9:0.1111, "
                     "event 10:0.1111");
    ck_assert_str_eq(drawn_text(s, 1), "3,11");
    br_state_free(s);
}
END_TEST

/* "Für jedes Kapitel liegen 6 Ereigniskarten bereit, also eine pro Runde":
 * one card per round, six in the chapter, recorded in `drawn`. */
START_TEST(test_rule_six_events_per_chapter_one_per_round)
{
    br_state *s = reach(2, 1, "");
    static const int order[6] = {7, 2, 10, 1, 5, 9};
    char want[64] = "";
    for (int r = 1; r <= 6; r++) {
        expect_phase(s, "event");
        brt_expect_int(s, "round", r);
        ck_assert_int_eq(brt_array_size(s, "drawn[0]"), r - 1);
        brt_playf(s, "event %d", order[r - 1]);
        ck_assert_int_eq(field_event(s, "event"), order[r - 1]);
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%d", r > 1 ? "," : "",
                 order[r - 1]);
        ck_assert_str_eq(drawn_text(s, 1), want);
        if (r < 6)
            to_next_round(s);
    }
    run_to(&s, 2, 1, "event", 0);
    ck_assert_str_eq(drawn_text(s, 1), "7,2,10,1,5,9");
    ck_assert_int_eq(brt_array_size(s, "drawn[1]"), 0);
    br_state_free(s);
}
END_TEST

/* "Da nicht alle Ereigniskarten in jeder Partie stecken, tauchen manche gar
 * nicht auf": the 5 cards of chapter I not drawn are never offered again;
 * chapter II offers exactly its own 11. */
START_TEST(test_rule_five_events_per_chapter_never_seen)
{
    br_state *s = reach(2, 2, "");
    ck_assert_int_eq(brt_array_size(s, "drawn[0]"), 6);
    ck_assert_str_eq(outcomes_text(s),
                     "event 12:0.0909, event 13:0.0909, event 14:0.0909, event 15:0.0909, "
                     "event 16:0.0909, event 17:0.0909, event 18:0.0909, event 19:0.0909, "
                     "event 20:0.0909, event 21:0.0909, event 22:0.0909");
    for (int e = 1; e <= 11; e++) {
        char text[16];
        snprintf(text, sizeof text, "event %d", e);
        BRT_ASSERT_ILLEGAL(s, text);
    }
    br_state_free(s);
}
END_TEST

/* "Die Partie läuft über 4 Kapitel (I bis IV) mit je 6 Runden" and "Der
 * aktive Spieler zieht die oberste Ereigniskarte": every round of the 24
 * begins with an event draw; then the game is over (chapter 4, round 6). */
START_TEST(test_rule_four_chapters_of_six_rounds)
{
    br_state *s = reach(3, 1, "");
    int rounds = 0, last_ch = 1, last_rd = 0;
    for (int guard = 0; !br_state_is_terminal(s); guard++) {
        ck_assert_int_lt(guard, 6000);
        if (strcmp(phase(s), "event") == 0) {
            int ch = brt_field_int(s, "chapter"), rd = brt_field_int(s, "round");
            int next_ch = last_rd == 6 ? last_ch + 1 : last_ch;
            int next_rd = last_rd == 6 ? 1 : last_rd + 1;
            ck_assert_msg(ch == next_ch && rd == next_rd, "event node in %d/%d after %d/%d", ch,
                          rd, last_ch, last_rd);
            ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
            last_ch = ch;
            last_rd = rd;
            rounds++;
            if (rd == 6) {
                prepare_dues(&s);
            }
        }
        auto_step(s);
    }
    ck_assert_int_eq(rounds, 24);
    expect_phase(s, "over");
    brt_expect_int(s, "chapter", 4);
    brt_expect_int(s, "round", 6);
    br_state_free(s);
}
END_TEST

/* "Der aktive Spieler zieht die oberste Ereigniskarte": in every round the
 * first node is the event draw, a chance node. */
START_TEST(test_rule_event_revealed_each_round)
{
    br_state *s = reach(2, 1, "");
    for (int r = 1; r <= 6; r++) {
        expect_phase(s, "event");
        ck_assert(br_state_is_chance_node(s));
        ck_assert(brt_any_legal_starting(s, "event "));
        ck_assert_int_eq(field_event(s, "event"), -1);
        if (r < 6)
            to_next_round(s);
    }
    br_state_free(s);
}
END_TEST

/* "Nach jeder Runde wandert das Wappen an den linken Nachbarn" (and "Danach
 * wandert das Startspielerwappen nach links"): with 3 players the crest goes
 * 0, 1, 2, 0, 1, 2; its holder orients the card. */
START_TEST(test_rule_crest_moves_left_after_each_round)
{
    br_state *s = reach(3, 1, "");
    for (int r = 1; r <= 6; r++) {
        expect_phase(s, "event");
        brt_expect_int(s, "crest", (r - 1) % 3);
        auto_step(s);
        to_orient(s);
        brt_expect_player(s, (r - 1) % 3);
        if (r < 6)
            to_next_round(s);
    }
    br_state_free(s);
}
END_TEST

/* "Beginnend beim aktiven Spieler spielt jeder eine Handkarte": in round 2
 * (crest on seat 1) of a 3-player game the action turns are 1, 2, 0. */
START_TEST(test_rule_actions_from_active_player_clockwise)
{
    br_state *s = reach(3, 1, "");
    to_next_round(s);
    brt_expect_int(s, "crest", 1);
    brt_play(s, "event 2");
    brt_play(s, "orient 0");
    static const int order[3] = {1, 2, 0};
    for (int k = 0; k < 3; k++) {
        expect_phase(s, "action");
        brt_expect_player(s, order[k]);
        brt_expect_int(s, "turn", order[k]);
        auto_step(s);
    }
    expect_phase(s, "event");
    brt_expect_int(s, "crest", 2);
    br_state_free(s);
}
END_TEST

/* The seat holding the crest at the start of each of the four chapters of
 * an n-player game with `options` ("" = the defaults). */
static void expect_chapter_starts(int n, const char *options, const int want[4])
{
    char *all = brt_format("players=%d,chance=explicit%s%s", n, options[0] ? "," : "", options);
    br_state *s = new_state(all);
    free(all);
    for (int chapter = 1; chapter <= 4; chapter++) {
        if (chapter > 1)
            run_to(&s, chapter, 1, "event", 1);
        json_t *root = brt_snapshot_json(s);
        int crest = brt_int_at(json_object_get(root, "state"), "crest");
        json_decref(root);
        ck_assert_msg(crest == want[chapter - 1], "%d players, '%s': chapter %d starts with seat "
                      "%d, want %d", n, options, chapter, crest, want[chapter - 1]);
    }
    br_state_free(s);
}

/* Read in order (C12, default `crest=twice`): "Nach jeder Runde wandert das
 * Wappen an den linken Nachbarn" moves the crest after each of the 6 rounds
 * ("Danach wandert das Startspielerwappen nach links" at every round end),
 * and step 6 of the chapter end ("Das Startspielerwappen wandert im
 * Uhrzeigersinn weiter") once more: 7 moves a chapter. Chapters start with
 * seats 0,1,0,1 (2 players), 0,1,2,0 (3) and 0,3,2,1 (4). */
START_TEST(test_rule_crest_seven_moves_a_chapter_by_default)
{
    static const int starts[3][4] = {{0, 1, 0, 1}, {0, 1, 2, 0}, {0, 3, 2, 1}};
    int n = 2 + _i;
    expect_chapter_starts(n, "", starts[_i]);
    expect_chapter_starts(n, "crest=twice", starts[_i]);
}
END_TEST

/* In order, the crest has made round 6's move before the chapter-end card is
 * read, so the next seat holds it during the dues and rolls the tax die. */
START_TEST(test_rule_crest_in_order_next_seat_rolls_tax)
{
    int n = 2 + _i;
    br_state *s = at_last_round(n, 1, "crest=twice");
    prepare_dues(&s);
    to_phase(s, "tax");
    brt_expect_int(s, "crest", 6 % n);
    brt_expect_int(s, "turn", 6 % n);
    br_state_free(s);
}
END_TEST

/* Option `crest=once` (C12): step 6 is round 6's move, written on the
 * chapter-end card, so the crest moves 6 times a chapter and stays with
 * round 6's active player during the chapter end, who rolls the tax. With
 * 2 or 3 players every chapter starts with seat 0; with 4, seats 0,2,0,2. */
START_TEST(test_rule_crest_once_option)
{
    static const int starts[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 2, 0, 2}};
    int n = 2 + _i;
    br_state *s = at_last_round(n, 1, "crest=once");
    prepare_dues(&s);
    to_phase(s, "tax");
    brt_expect_int(s, "crest", 5 % n);
    brt_expect_int(s, "turn", 5 % n);
    br_state_free(s);
    expect_chapter_starts(n, "crest=once", starts[_i]);
}
END_TEST

/* ================================================================== */
/* The event card: orientation, income */

/* A fresh 2-player game: the edit applied at the first event node, then
 * event e drawn and its choices declined (phase orient, seat 0). */
static br_state *orient_position(int e, const char *edit)
{
    br_state *s = reach(2, 1, "");
    if (edit[0] != '\0')
        edit_state(&s, edit);
    brt_playf(s, "event %d", e);
    to_orient(s);
    return s;
}

/* "Er darf sie in eine von vier Richtungen drehen": four orientations, the
 * moves `orient 0` .. `orient 3`. */
START_TEST(test_rule_four_orientations)
{
    br_state *s = orient_position(1, "");
    ck_assert_str_eq(brt_legal_text(s), "orient 0, orient 1, orient 2, orient 3");
    brt_expect_player(s, 0);
    br_state_free(s);
}
END_TEST

/* Design, "Geometry", the worked example of E01 (corners NW Wo, NE Wd, SE
 * M1, SW St; sides N1 E0 S2 W3), copied literally: the income of each seat
 * from the active player on, for each arrow value, with 2, 3 and 4 players
 * ("Jeder erhält das, was die auf ihn zeigende Ecke abbildet"). */
START_TEST(test_rule_income_by_corner_for_each_seat)
{
    static const char *const example[4][3] = {
        /* orient 0 */ {"Wo M1", "Wo Wd M1", "Wo Wd M1 St"},
        /* orient 1 */ {"St Wd", "St Wo Wd", "St Wo Wd M1"},
        /* orient 2 */ {"Wd St", "Wd M1 St", "Wd M1 St Wo"},
        /* orient 3 */ {"M1 Wo", "M1 St Wo", "M1 St Wo Wd"},
    };
    static const struct {
        const char *code;
        int good;
    } codes[] = {{"Wo", WOOL}, {"Wd", WOOD}, {"St", STONE}, {"M1", MONEY}};
    for (int n = 2; n <= 4; n++)
        for (int v = 0; v < 4; v++) {
            br_state *s = reach(n, 1, "");
            brt_play(s, "event 1");
            table before = read_table(s);
            brt_playf(s, "orient %d", v);
            table after = read_table(s);
            const char *want = example[v][n - 2];
            for (int seat = 0; seat < n; seat++) {
                char code[3] = {want[3 * seat], want[3 * seat + 1], '\0'};
                int good = -1;
                for (size_t i = 0; i < 4; i++)
                    if (strcmp(codes[i].code, code) == 0)
                        good = codes[i].good;
                for (int g = 0; g < NUM_GOODS; g++) {
                    int delta = after.goods[seat][g] - before.goods[seat][g];
                    /* the favour of orient 2: from the bishop (4 players) the
                     * prior's piety, from the prior (2, 3 players) the outlaws' coin */
                    int favour = n <= 3 ? -(g == MONEY) : g == PIETY;
                    int expected = (g == good) + (seat == 0 && v == 2 ? favour : 0);
                    ck_assert_msg(delta == expected,
                                  "%d players, orient %d: seat %d got %d %s, want %d (%s)", n, v,
                                  seat, delta, GOOD_NAMES[g], expected, want);
                }
            }
            br_state_free(s);
        }
}
END_TEST

/* Design, "Geometry" and "The 44 cards": for every card of chapter I and
 * every arrow value, each seat receives the corner the design gives it, with
 * 2, 3 and 4 players (offsets 0,2 / 0,1,2 / 0,1,2,3), and the favour marker
 * moves by the arrow (checked against the model). */
START_TEST(test_content_orientation_geometry_2_3_4_players)
{
    int n = 2 + _i;
    for (int e = 1; e <= 11; e++)
        for (int v = 0; v < 4; v++) {
            br_state *s = reach(n, 1, "");
            brt_playf(s, "event %d", e);
            to_orient(s);
            orient_checked(s, e, v, 0);
            br_state_free(s);
        }
}
END_TEST

/* Design, "The 44 cards", chapter by chapter with 4 players (every corner
 * goes to a seat): the income of every orientation; a lasting card goes to
 * the display at the round's end, an immediate one does not; a card of
 * chapters III and IV reveals the tile of its place when it is still face
 * down, and only then ("niemand erkrankt zweimal"). */
START_TEST(test_content_events_as_designed)
{
    int ch = 1 + _i;
    br_state *start = reach(4, ch, "");
    for (int e = 1; e <= 44; e++) {
        if (EVENTS[e].chapter != ch)
            continue;
        for (int v = 0; v < 4; v++) {
            br_state *s = brt_clone(start);
            int place = EVENTS[e].place;
            int hidden = place > 0 &&
                         strcmp(brt_fieldf(s, "places[%d].state", place - 1), "hidden") == 0;
            brt_playf(s, "event %d", e);
            ck_assert_int_eq(field_event(s, "event"), e);
            if (hidden) {
                expect_phase(s, "plague");
                brt_play(s, "plague 3");
                brt_expect_field(s, fmt("places[%d].state", place - 1), "sick");
                brt_expect_int(s, fmt("places[%d].value", place - 1), 3);
            } else {
                ck_assert_str_ne(phase(s), "plague");
            }
            to_orient(s);
            orient_checked(s, e, v, 0);
            if (v == 0) {
                to_next_round(s);
                int shown = display_has(s, e);
                ck_assert_msg(shown == EVENTS[e].lasting, "E%02d: display %s after its round", e,
                              display_text(s));
            }
            br_state_free(s);
        }
    }
    br_state_free(start);
}
END_TEST

/* Design, "Geometry": "on every card the four side numbers are 0, 1, 2 and 3
 * once each (so every card offers every favour step once …)": at each card
 * of chapter I the four orientations are offered and give the active
 * player the four corners of the card, each once. */
START_TEST(test_content_sides_are_permutations)
{
    for (int e = 1; e <= 44; e++) {
        int seen[4] = {0};
        for (int k = 0; k < 4; k++)
            seen[EVENTS[e].sides[k]]++;
        for (int v = 0; v < 4; v++)
            ck_assert_msg(seen[v] == 1, "design table: E%02d sides", e);
    }
    for (int e = 1; e <= 11; e++)
        for (int v = 0; v < 4; v++) {
            br_state *s = orient_position(e, "");
            ck_assert_msg(brt_is_legal(s, fmt("orient %d", v)), "E%02d: orient %d", e, v);
            orient_checked(s, e, v, 0);
            br_state_free(s);
        }
}
END_TEST

/* Design rule of the side numbers ("Denke beim Ausrichten … doppelt"): the
 * arrow value v goes with the active player's v-th best corner by the ranking
 * 2 money > grain = piety > loyalty > medical knowledge > wool > stone > wood
 * > 1 money > 1 VP (ties: lower corner index first). Checked on the design's
 * table for all 44 cards, and in play for chapter I: the active player's
 * income at `orient v` is the corner that ranks v-th. */
static int income_rank(const char *code)
{
    static const char *const order[] = {"M2", "Gr", "Pi", "Lo", "Mk", "Wo",
                                        "St", "Wd", "M1", "VP"};
    static const int rank[] = {0, 1, 1, 2, 3, 4, 5, 6, 7, 8};
    for (int i = 0; i < 10; i++)
        if (strcmp(order[i], code) == 0)
            return rank[i];
    ck_abort_msg("test bug: code %s", code);
    return -1;
}

/* The corner index that ranks v-th on card e. */
static int ranked_corner(int e, int v)
{
    int idx[4] = {0, 1, 2, 3};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            char a[3], b[3];
            corner_code(e, idx[i], a);
            corner_code(e, idx[j], b);
            int ra = income_rank(a), rb = income_rank(b);
            if (rb < ra || (rb == ra && idx[j] < idx[i])) {
                int t = idx[i];
                idx[i] = idx[j];
                idx[j] = t;
            }
        }
    return idx[v];
}

START_TEST(test_content_arrow_value_pairs_with_own_corner_rank)
{
    for (int e = 1; e <= 44; e++)
        for (int v = 0; v < 4; v++)
            ck_assert_msg((side_of(e, v) + 3) % 4 == ranked_corner(e, v),
                          "design table: E%02d orient %d is not the %d-th best corner", e, v, v);
    for (int e = 1; e <= 11; e++)
        for (int v = 0; v < 4; v++) {
            br_state *s = orient_position(e, "");
            table before = read_table(s);
            brt_playf(s, "orient %d", v);
            table after = read_table(s);
            char code[3];
            corner_code(e, ranked_corner(e, v), code);
            table want = before;
            model_income(&want, 0, code);
            /* Only seat 0's income is compared here; the favour benefit is
             * added by the model. */
            char other[3];
            seat_corner(e, v, 2, 1, other);
            model_income(&want, 1, other);
            model_favour(&want, v);
            compare_tables(&after, &want, "own corner by rank");
            br_state_free(s);
        }
}
END_TEST

/* "Siegpunkte werden sofort auf der Leiste abgetragen": E08 at `orient 3`
 * gives the active player its VP corner, scored at once. */
START_TEST(test_rule_income_points_scored_at_once)
{
    br_state *s = orient_position(8, "");
    brt_play(s, "orient 3");
    expect_phase(s, "action");
    ck_assert_int_eq(vp(s, 0), 9);
    double scores[2];
    ck_assert_int_eq(br_state_scores(s, scores, 2), BR_OK);
    ck_assert(scores[0] == 9);
    br_state_free(s);
}
END_TEST

/* "Ist das zugeteilte Gut nicht mehr vorhanden, bekommt der Spieler
 * ersatzweise 1 Siegpunkt": no stone in the supply, E01 `orient 1` gives
 * seat 0 a VP instead of its stone; no grain on the field, E10 `orient 1`
 * the same for grain. */
START_TEST(test_rule_income_substitute_point_when_stock_empty)
{
    br_state *s = orient_position(1, "stock.stone=0:1");
    orient_checked(s, 1, 1, 0);
    ck_assert_int_eq(goods(s, 0, STONE), 0);
    ck_assert_int_eq(vp(s, 0), 9);
    br_state_free(s);

    s = orient_position(10, "stock.grain=0:1");
    orient_checked(s, 10, 1, 0);
    ck_assert_int_eq(goods(s, 0, GRAIN), 0);
    ck_assert_int_eq(vp(s, 0), 9);
    br_state_free(s);

    /* C7: income runs from the active player clockwise. Round 2 (seat 1
     * active), E03 (after its wool for all) leaves 1 wool; at `orient 1`
     * both seats' corners show wool: seat 1 takes it, seat 0 scores the
     * substitute point. */
    s = reach(2, 1, "");
    to_next_round(s);
    edit_state(&s, "stock.wool=3:0");
    brt_play(s, "event 3");
    brt_expect_int(s, "supply.wool", 1);
    int w0 = goods(s, 0, WOOL), w1 = goods(s, 1, WOOL), v0 = vp(s, 0);
    orient_checked(s, 3, 1, 0);
    ck_assert_int_eq(goods(s, 1, WOOL), w1 + 1);
    ck_assert_int_eq(goods(s, 0, WOOL), w0);
    ck_assert_int_eq(vp(s, 0), v0 + 1);
    br_state_free(s);
}
END_TEST

/* C15: a 2-money corner with 1 coin left gives that coin, no substitute. */
START_TEST(test_rule_income_two_money_with_one_coin_left)
{
    br_state *s = orient_position(2, "stock.money=1:1");
    orient_checked(s, 2, 0, 0);
    ck_assert_int_eq(goods(s, 0, MONEY), 3);
    ck_assert_int_eq(vp(s, 0), 8);
    brt_expect_int(s, "supply.money", 0);
    br_state_free(s);
}
END_TEST

/* "Karten mit beigem Hintergrund wirken sofort und werden noch vor dem
 * Auslegen abgehandelt": E03's wool is in every seat's hands at the orient
 * node. */
START_TEST(test_rule_immediate_event_resolved_before_orienting)
{
    br_state *s = reach(3, 1, "");
    brt_play(s, "event 3");
    expect_phase(s, "orient");
    for (int seat = 0; seat < 3; seat++)
        ck_assert_int_eq(goods(s, seat, WOOL), 2);
    brt_expect_int(s, "supply.wool", 15 - 3 - 3);
    br_state_free(s);
}
END_TEST

/* "Der aktive Spieler legt die Karte offen auf das Feld der
 * Ratsversammlung": the card is in every observation, the spectator's too. */
START_TEST(test_rule_event_card_is_public)
{
    br_state *s = reach(3, 1, "");
    brt_play(s, "event 5");
    for (int seat = -1; seat < 3; seat++) {
        json_t *root = observation_json(s, seat);
        ck_assert_int_eq(event_id(brt_json_at(json_object_get(root, "view"), "event")), 5);
        json_decref(root);
    }
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The favour track */

/* Plays `orient v` after event E01 (own corner: orient 0 wool, 1 stone,
 * 2 wood, 3 money) with the edit applied, checking the model. */
static br_state *favour_after(const char *edit, int v)
{
    br_state *s = orient_position(1, edit);
    orient_checked(s, 1, v, 0);
    return s;
}

/* "Der Gunststein rückt so viele Felder im Uhrzeigersinn über den Gunstbogen,
 * wie der Richtungspfeil anzeigt". */
START_TEST(test_rule_favour_moves_by_arrow)
{
    for (int v = 0; v < 4; v++) {
        br_state *s = orient_position(1, "favour=queen");
        brt_expect_int(s, "favour", QUEEN);
        brt_playf(s, "orient %d", v);
        brt_expect_int(s, "favour", v);
        br_state_free(s);
    }
}
END_TEST

/* Design: ten spaces, the outlaws on spaces 3 and 7 (and nowhere else);
 * the marker starts on the Prior (space 1) with 2 and 3 players, on the
 * Bishop (space 9) with 4 (doc: "Seat balance"). One step from every space. */
START_TEST(test_content_favour_track_two_outlaw_spaces_start_by_players)
{
    for (int n = 2; n <= 4; n++) {
        br_state *s = reach(n, 1, "");
        brt_expect_int(s, "favour", n <= 3 ? PRIOR : BISHOP);
        br_state_free(s);
    }
    br_state *s;
    for (int from = 0; from < 10; from++) {
        int to = (from + 1) % 10;
        s = favour_after(fmt("favour=%s", SPACE_NAMES[from]), 1);
        brt_expect_int(s, "favour", to);
        ck_assert_msg(goods(s, 0, MONEY) == (to == OUTLAWS1 || to == OUTLAWS2 ? 1 : 2),
                      "a step onto %s: money %d", SPACE_NAMES[to], goods(s, 0, MONEY));
        br_state_free(s);
    }
}
END_TEST

/* "Danach kassiert nur der aktive Spieler den Vorteil des erreichten
 * Feldes": the Guild pays seat 0 (no houses: nothing), not seat 1 with two
 * houses. */
START_TEST(test_rule_only_active_player_gets_favour)
{
    br_state *s = favour_after("favour=prior house=1:1 house=1:4", 1);
    brt_expect_int(s, "favour", GUILD);
    ck_assert_int_eq(vp(s, 0), 8);
    ck_assert_int_eq(vp(s, 1), 8);
    br_state_free(s);
}
END_TEST

/* "Zeigt der Pfeil auf 0, bewegt sich nichts und es gibt keine Gunst": on
 * the Queen with loyalty, `orient 0` gives no VP. */
START_TEST(test_rule_arrow_zero_no_move_no_favour)
{
    br_state *s = favour_after("favour=queen 0.loyalty=1", 0);
    brt_expect_int(s, "favour", QUEEN);
    ck_assert_int_eq(vp(s, 0), 8);
    br_state_free(s);
}
END_TEST

/* "Nach dem letzten Feld (Bischof) geht es am anderen Ende (Königin)
 * weiter": from the Bishop 1 step reaches the Queen; from the Earl 3 steps
 * reach the Prior. */
START_TEST(test_rule_favour_wraps_bishop_to_queen)
{
    br_state *s = favour_after("favour=bishop 0.loyalty=1", 1);
    brt_expect_int(s, "favour", QUEEN);
    ck_assert_int_eq(vp(s, 0), 10);
    br_state_free(s);
    s = favour_after("favour=earl", 3);
    brt_expect_int(s, "favour", PRIOR);
    ck_assert_int_eq(goods(s, 0, PIETY), 1);
    br_state_free(s);
}
END_TEST

/* "Abgedeckte Felder werden beim Zählen übersprungen": with the Prior
 * covered, 2 steps from the Bishop reach the Guild; a cover on the space the
 * marker stands on does not count either. */
START_TEST(test_rule_favour_skips_covered_spaces)
{
    br_state *s = favour_after("favour=bishop cover=favour:prior", 2);
    brt_expect_int(s, "favour", GUILD);
    br_state_free(s);
    s = favour_after("favour=prior cover=favour:prior", 1);
    brt_expect_int(s, "favour", GUILD);
    br_state_free(s);
    s = favour_after("favour=bishop cover=favour:queen cover=favour:prior 0.money=1", 3);
    brt_expect_int(s, "favour", PRIORESS);
    br_state_free(s);
}
END_TEST

/* "Ist ein Vorteil nicht mehr vorrätig, geht der Spieler hier leer aus –
 * anders als beim Einkommen gibt es dafür keinen Ersatzpunkt": the Earl with
 * an empty field, the Merchants with no wool in the supply. */
START_TEST(test_rule_favour_empty_stock_gives_nothing)
{
    br_state *s = favour_after("favour=outlaws-2 stock.grain=0:1", 1);
    brt_expect_int(s, "favour", EARL);
    ck_assert_int_eq(goods(s, 0, GRAIN), 0);
    ck_assert_int_eq(vp(s, 0), 8);
    br_state_free(s);
    s = favour_after("favour=prioress stock.wool=0:1", 1);
    brt_expect_int(s, "favour", MERCHANTS);
    ck_assert_int_eq(goods(s, 0, WOOL), 1);
    ck_assert_int_eq(vp(s, 0), 8);
    br_state_free(s);
}
END_TEST

/* "Königin: 2 Siegpunkte, falls du mindestens 1 Loyalität hast"; the
 * loyalty is shown, not given. */
START_TEST(test_rule_favour_queen)
{
    br_state *s = favour_after("favour=bishop 0.loyalty=1", 1);
    ck_assert_int_eq(vp(s, 0), 10);
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    br_state_free(s);
    s = favour_after("favour=bishop", 1);
    ck_assert_int_eq(vp(s, 0), 8);
    br_state_free(s);
}
END_TEST

/* "Prior: 1 Frömmigkeit aus der Kathedrale". */
START_TEST(test_rule_favour_prior)
{
    br_state *s = favour_after("favour=queen", 1);
    ck_assert_int_eq(goods(s, 0, PIETY), 1);
    brt_expect_int(s, "stock.piety", 2 * 2 + 4 - 1);
    br_state_free(s);
}
END_TEST

/* "Zunft: 1 Siegpunkt je eigenem Haus auf dem Plan". */
START_TEST(test_rule_favour_guild)
{
    br_state *s = favour_after("favour=prior house=0:1 house=0:4 house=1:7", 1);
    ck_assert_int_eq(vp(s, 0), 10);
    br_state_free(s);
}
END_TEST

/* "Priorin: 2 Siegpunkte, falls du mindestens 1 medizinisches Wissen hast". */
START_TEST(test_rule_favour_prioress)
{
    br_state *s = favour_after("favour=outlaws-1 0.knowledge=1", 1);
    ck_assert_int_eq(vp(s, 0), 10);
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 1);
    br_state_free(s);
    s = favour_after("favour=outlaws-1", 1);
    ck_assert_int_eq(vp(s, 0), 8);
    br_state_free(s);
}
END_TEST

/* "Kaufleute: 1 Wolle". */
START_TEST(test_rule_favour_merchants)
{
    br_state *s = favour_after("favour=prioress", 1);
    ck_assert_int_eq(goods(s, 0, WOOL), 2);
    br_state_free(s);
}
END_TEST

/* "König: 1 Siegpunkt je Loyalität". */
START_TEST(test_rule_favour_king)
{
    br_state *s = favour_after("favour=merchants 0.loyalty=3", 1);
    ck_assert_int_eq(vp(s, 0), 11);
    ck_assert_int_eq(goods(s, 0, LOYALTY), 3);
    br_state_free(s);
}
END_TEST

/* "Graf von Shiring: 1 Getreide vom Acker". */
START_TEST(test_rule_favour_earl)
{
    br_state *s = favour_after("favour=outlaws-2", 1);
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    brt_expect_int(s, "stock.grain", 2 * 2 + 2 - 1);
    br_state_free(s);
}
END_TEST

/* "Bischof: 1 Siegpunkt je Frömmigkeit". */
START_TEST(test_rule_favour_bishop)
{
    br_state *s = favour_after("favour=earl 0.piety=2", 1);
    ck_assert_int_eq(vp(s, 0), 10);
    ck_assert_int_eq(goods(s, 0, PIETY), 2);
    br_state_free(s);
}
END_TEST

/* "Geächtete: 1 Geld muss in den Vorrat", on both outlaw spaces. */
START_TEST(test_rule_favour_outlaws_pay_one_money)
{
    br_state *s = favour_after("favour=guild", 1);
    brt_expect_int(s, "favour", OUTLAWS1);
    ck_assert_int_eq(goods(s, 0, MONEY), 1);
    brt_expect_int(s, "supply.money", 28 - 4 + 1);
    br_state_free(s);
    s = favour_after("favour=king", 1);
    brt_expect_int(s, "favour", OUTLAWS2);
    ck_assert_int_eq(goods(s, 0, MONEY), 1);
    br_state_free(s);
}
END_TEST

/* "Loyalität, Frömmigkeit und medizinisches Wissen werden bei diesen Feldern
 * nur vorgezeigt, nicht abgegeben": Queen, King, Bishop and Prioress leave
 * the goods where they are (and the stocks unchanged). */
START_TEST(test_rule_favour_goods_shown_not_given)
{
    static const char *const edits[] = {
        "favour=bishop 0.loyalty=2 0.piety=2 0.knowledge=2",
        "favour=merchants 0.loyalty=2 0.piety=2 0.knowledge=2",
        "favour=earl 0.loyalty=2 0.piety=2 0.knowledge=2",
        "favour=outlaws-1 0.loyalty=2 0.piety=2 0.knowledge=2",
    };
    static const int gained[] = {2, 2, 2, 2};
    for (int i = 0; i < 4; i++) {
        br_state *s = favour_after(edits[i], 1);
        ck_assert_int_eq(vp(s, 0), 8 + gained[i]);
        ck_assert_int_eq(goods(s, 0, LOYALTY), 2);
        ck_assert_int_eq(goods(s, 0, PIETY), 2);
        ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 2);
        br_state_free(s);
    }
}
END_TEST

/* "Kannst du bei den Geächteten das Geld nicht zahlen, darfst du die Karte
 * nicht so ausrichten": without money, `orient 1` from the Guild is illegal
 * (with a reason); the other orientations are legal. */
START_TEST(test_rule_orientation_to_outlaws_needs_money)
{
    br_state *s = orient_position(1, "favour=guild 0.money=0");
    BRT_ASSERT_ILLEGAL(s, "orient 1");
    ck_assert_str_eq(brt_legal_text(s), "orient 0, orient 2, orient 3");
    br_state_free(s);
    s = orient_position(2, "favour=king 0.money=0");
    BRT_ASSERT_ILLEGAL(s, "orient 1");
    BRT_ASSERT_LEGAL(s, "orient 2");
    br_state_free(s);
}
END_TEST

/* C11: "whether the active player can pay is judged … after the income of
 * that orientation": from the Queen, 3 steps reach the outlaws; with no
 * money, E01's `orient 3` (own corner: 1 money) is legal and the coin pays
 * the outlaws, E02's `orient 3` (own corner: wood) is not. */
START_TEST(test_rule_orientation_to_outlaws_income_counts)
{
    br_state *s = orient_position(1, "favour=queen 0.money=0");
    BRT_ASSERT_LEGAL(s, "orient 3");
    orient_checked(s, 1, 3, 0);
    brt_expect_int(s, "favour", OUTLAWS1);
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    br_state_free(s);
    s = orient_position(2, "favour=queen 0.money=0");
    BRT_ASSERT_ILLEGAL(s, "orient 3");
    br_state_free(s);
}
END_TEST

/* C11: "Because every card has a 0 side, `orient 0` is always legal." */
START_TEST(test_rule_orient_zero_always_legal)
{
    static const char *const spaces[] = {"guild", "king", "prior", "outlaws-1"};
    for (int e = 1; e <= 11; e++)
        for (int i = 0; i < 4; i++) {
            br_state *s = orient_position(e, fmt("favour=%s 0.money=0", spaces[i]));
            BRT_ASSERT_LEGAL(s, "orient 0");
            br_state_free(s);
        }
}
END_TEST

/* ================================================================== */
/* Actions of chapter I */

/* Round 1 of chapter I (2 players unless said): event e, `orient 0`, then
 * the edit; seat 0 is to act. */
static br_state *ch1_action(int players, int e, const char *edit)
{
    br_state *s = at_action(players, 1, e, "");
    if (edit[0] != '\0')
        edit_state(&s, edit);
    return s;
}

/* "Die Aktion ist freiwillig, ihr dürft auch verzichten": `lay` puts the
 * card face up unused, and nothing else happens. */
START_TEST(test_rule_action_may_be_given_up)
{
    br_state *s = ch1_action(2, 1, "0.stone=2");
    table before = read_table(s);
    BRT_ASSERT_LEGAL(s, "play build");
    brt_play(s, "lay build");
    table after = read_table(s);
    compare_tables(&after, &before, "lay build");
    ck_assert_str_eq(pile_text(s, 0), "build-");
    ck_assert_int_eq(hand_size(s, 0), 5);
    ck_assert(!in_hand(s, 0, C_BUILD));
    br_state_free(s);
}
END_TEST

/* C4: in chapter I a card laid unused is not followed by a discard (6 cards,
 * 6 rounds): the next seat is to act at once. */
START_TEST(test_rule_given_up_action_chapter_one_no_discard)
{
    br_state *s = ch1_action(2, 1, "");
    brt_play(s, "lay grain");
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    ck_assert_int_eq(discards_size(s, 0), 0);
    brt_play(s, "play grain");
    expect_phase(s, "event");
    ck_assert_int_eq(discards_size(s, 1), 0);
    br_state_free(s);
}
END_TEST

/* "Lässt sich eine Aktion nicht ausführen, passiert einfach nichts": such a
 * card can only be laid (play is refused with a reason). */
START_TEST(test_rule_unexecutable_action_only_laid)
{
    br_state *s = ch1_action(2, 1, "stock.grain=0:1 0.wool=0 0.cloth=0 0.stone=0 0.wood=0");
    BRT_ASSERT_ILLEGAL(s, "play grain");
    BRT_ASSERT_LEGAL(s, "lay grain");
    BRT_ASSERT_ILLEGAL(s, "play build");
    BRT_ASSERT_ILLEGAL(s, "play wool-sale");
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    BRT_ASSERT_LEGAL(s, "play piety");
    BRT_ASSERT_LEGAL(s, "play material");
    ck_assert_str_eq(brt_legal_text(s), "play piety, play material, lay grain, lay piety, "
                                        "lay material, lay build, lay wool-sale, lay privilege");
    br_state_free(s);
}
END_TEST

/* "Getreide: 1 Getreide vom Acker". */
START_TEST(test_rule_action_grain)
{
    br_state *s = ch1_action(2, 1, "0.grain=0");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    brt_expect_int(s, "stock.grain", 5);
    ck_assert_str_eq(pile_text(s, 0), "grain");
    brt_expect_player(s, 1);
    br_state_free(s);
}
END_TEST

/* "Frömmigkeit: 1 Frömmigkeit aus der Kathedrale". */
START_TEST(test_rule_action_piety)
{
    br_state *s = ch1_action(2, 1, "0.piety=0");
    brt_play(s, "play piety");
    ck_assert_int_eq(goods(s, 0, PIETY), 1);
    brt_expect_int(s, "stock.piety", 7);
    br_state_free(s);
}
END_TEST

/* "Baumaterial: 1 Stein oder 1 Holz": the seat chooses; with no stone in
 * the supply the wood is taken without a move. */
START_TEST(test_rule_action_material)
{
    br_state *s = ch1_action(2, 1, "0.wood=0");
    brt_play(s, "play material");
    expect_phase(s, "follow");
    brt_expect_player(s, 0);
    ck_assert_str_eq(brt_legal_text(s), "take stone, take wood");
    brt_play(s, "take wood");
    ck_assert_int_eq(goods(s, 0, WOOD), 1);
    brt_expect_int(s, "supply.wood", 14);
    brt_expect_player(s, 1);
    br_state_free(s);

    s = ch1_action(2, 1, "0.wood=0 stock.stone=0:1");
    brt_play(s, "play material");
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    ck_assert_int_eq(goods(s, 0, WOOD), 1);
    br_state_free(s);
}
END_TEST

/* "Bauvorhaben: bis zu 2 Baumaterialien an einem einzigen Bauvorhaben
 * einsetzen": with 2 stone and 1 wood and the bridge and the mill (E01) in
 * play, the choices are one or two cubes on one project. */
START_TEST(test_rule_build_up_to_two_on_one_project)
{
    br_state *s = ch1_action(2, 1, "0.stone=2 0.wood=1");
    brt_play(s, "play build");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "build bridge stone, build bridge wood, "
                                        "build bridge stone stone, build bridge stone wood, "
                                        "build mill stone, build mill wood, build mill stone wood");
    BRT_ASSERT_ILLEGAL(s, "build bridge wood wood");
    BRT_ASSERT_ILLEGAL(s, "build palace stone");
    br_state_free(s);
}
END_TEST

/* "je 3 Siegpunkte" / "Pro verbautem Material gibt es 3 Siegpunkte". */
START_TEST(test_rule_build_three_points_per_cube)
{
    br_state *s = ch1_action(2, 1, "0.stone=2 0.wood=1");
    int before = vp(s, 0), supply = stock(s, STONE);
    brt_play(s, "play build");
    brt_play(s, "build bridge stone stone");
    ck_assert_int_eq(vp(s, 0), before + 6);
    ck_assert_int_eq(goods(s, 0, STONE), 0);
    ck_assert_int_eq(brt_field_int(s, "projects[0].stone"), 2);
    ck_assert_int_eq(stock(s, STONE), supply);
    br_state_free(s);
    s = ch1_action(2, 1, "0.stone=2 0.wood=1");
    brt_play(s, "play build");
    brt_play(s, "build mill wood");
    ck_assert_int_eq(vp(s, 0), before + 3);
    br_state_free(s);
}
END_TEST

/* "Stein und Holz dürfen gemischt werden". */
START_TEST(test_rule_build_mixed_materials)
{
    br_state *s = ch1_action(2, 1, "0.stone=2 0.wood=1");
    int before = vp(s, 0);
    brt_play(s, "play build");
    brt_play(s, "build bridge stone wood");
    ck_assert_int_eq(vp(s, 0), before + 6);
    ck_assert_int_eq(brt_field_int(s, "projects[0].stone"), 1);
    ck_assert_int_eq(brt_field_int(s, "projects[0].wood"), 1);
    ck_assert_int_eq(goods(s, 0, STONE), 1);
    ck_assert_int_eq(goods(s, 0, WOOD), 0);
    br_state_free(s);
}
END_TEST

/* "Graue Baufelder verlangen Stein, braune Holz": the mill has 1 stone
 * field; once it is filled, only wood goes on the mill. */
START_TEST(test_rule_field_colour_decides_material)
{
    br_state *s = ch1_action(2, 1, "0.stone=2 0.wood=2 project=mill:1:0 project=bridge:4:1");
    brt_play(s, "play build");
    ck_assert_str_eq(brt_legal_text(s), "build bridge wood, build mill wood, build mill wood wood");
    br_state_free(s);
}
END_TEST

/* "die Reihenfolge der Felder ist frei": wood before any stone. */
START_TEST(test_rule_build_fields_any_order)
{
    br_state *s = ch1_action(2, 1, "0.stone=0 0.wood=2");
    brt_play(s, "play build");
    brt_play(s, "build bridge wood wood");
    ck_assert_int_eq(brt_field_int(s, "projects[0].stone"), 0);
    ck_assert_int_eq(brt_field_int(s, "projects[0].wood"), 2);
    br_state_free(s);
}
END_TEST

/* "Woll- und Tuchverkauf: beliebig viel Wolle zu je 2 Geld und bis zu 1 Tuch
 * für 4 Geld verkaufen". */
START_TEST(test_rule_sale_any_wool_at_two)
{
    br_state *s = ch1_action(2, 1, "0.wool=3 0.cloth=1 0.money=0");
    brt_play(s, "play wool-sale");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "sell 1 cloth, sell 1 wool, sell 1 wool 1 cloth, "
                                        "sell 2 wool, sell 2 wool 1 cloth, sell 3 wool, "
                                        "sell 3 wool 1 cloth");
    int supply_money = stock(s, MONEY), supply_wool = stock(s, WOOL);
    brt_play(s, "sell 3 wool");
    ck_assert_int_eq(goods(s, 0, MONEY), 6);
    ck_assert_int_eq(goods(s, 0, WOOL), 0);
    ck_assert_int_eq(goods(s, 0, CLOTH), 1);
    ck_assert_int_eq(stock(s, MONEY), supply_money - 6);
    ck_assert_int_eq(stock(s, WOOL), supply_wool + 3);
    br_state_free(s);
}
END_TEST

/* "… und bis zu 1 Tuch für 4 Geld": one cloth at most, whatever is held;
 * there is no move for two. */
START_TEST(test_rule_sale_at_most_one_cloth_at_four)
{
    br_state *s = ch1_action(2, 1, "0.wool=1 0.cloth=3 0.money=0");
    brt_play(s, "play wool-sale");
    ck_assert_str_eq(brt_legal_text(s), "sell 1 cloth, sell 1 wool, sell 1 wool 1 cloth");
    brt_play(s, "sell 1 wool 1 cloth");
    ck_assert_int_eq(goods(s, 0, MONEY), 6);
    ck_assert_int_eq(goods(s, 0, CLOTH), 2);
    br_move m;
    ck_assert_int_eq(br_state_move_from_text(s, "sell 2 cloth", &m), BR_ERR_PARSE);
    br_state_free(s);
}
END_TEST

/* C15: "A sale is limited to what the supply can pay": with 5 coins in the
 * supply, no sale of 6 or more. */
START_TEST(test_rule_sale_limited_by_money_supply)
{
    br_state *s = ch1_action(2, 1, "0.wool=3 0.cloth=1 stock.money=5:1");
    brt_play(s, "play wool-sale");
    ck_assert_str_eq(brt_legal_text(s), "sell 1 cloth, sell 1 wool, sell 2 wool");
    br_state_free(s);
}
END_TEST

/* Round 2 of chapter I, 2 players: in round 1 (event 1) seat 0 made
 * `seat0_move`, seat 1 laid piety; round 2 draws `e`, seat 1 orients 0 and
 * lays material; seat 0 is to act. */
static br_state *ch1_round_two(const char *extra, const char *seat0_move, int e)
{
    char *options = options_for(2, extra);
    br_state *s = new_state(options);
    free(options);
    brt_play(s, "event 1");
    brt_play(s, "orient 0");
    brt_play(s, seat0_move);
    if (strcmp(phase(s), "follow") == 0)
        auto_step(s);
    brt_play(s, "lay piety");
    brt_playf(s, "event %d", e);
    to_orient(s);
    brt_play(s, "orient 0");
    brt_expect_player(s, 1);
    brt_play(s, "lay material");
    expect_phase(s, "action");
    brt_expect_player(s, 0);
    return s;
}

/* "Privileg: die zuletzt offen ausgespielte eigene Aktionskarte dieses
 * Kapitels ein zweites Mal nutzen": after Getreide, Privileg takes another
 * grain; after Baumaterial it offers the same choice again. */
START_TEST(test_rule_privilege_repeats_last_face_up_card)
{
    br_state *s = ch1_round_two("", "play grain", 2);
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    BRT_ASSERT_LEGAL(s, "play privilege");
    brt_play(s, "play privilege");
    ck_assert_int_eq(goods(s, 0, GRAIN), 2);
    ck_assert_str_eq(pile_text(s, 0), "grain privilege");
    br_state_free(s);

    s = ch1_round_two("", "play material", 2);
    int stone = goods(s, 0, STONE), wood = goods(s, 0, WOOD);
    brt_play(s, "play privilege");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "take stone, take wood");
    brt_play(s, "take stone");
    ck_assert_int_eq(goods(s, 0, STONE) + goods(s, 0, WOOD), stone + wood + 1);
    br_state_free(s);
}
END_TEST

/* C6: "it cannot be played as the chapter's first card". */
START_TEST(test_rule_privilege_nothing_to_repeat_first_card)
{
    br_state *s = ch1_action(2, 1, "");
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    BRT_ASSERT_LEGAL(s, "lay privilege");
    br_state_free(s);
}
END_TEST

/* C6, option `privilege`: after a card laid unused, Privileg cannot be
 * played with `privilege=used` (default), and repeats it with
 * `privilege=any`. */
START_TEST(test_rule_privilege_unused_card_option)
{
    br_state *s = ch1_round_two("", "lay grain", 2);
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    br_state_free(s);
    s = ch1_round_two("privilege=any", "lay grain", 2);
    int grain = goods(s, 0, GRAIN);
    BRT_ASSERT_LEGAL(s, "play privilege");
    brt_play(s, "play privilege");
    ck_assert_int_eq(goods(s, 0, GRAIN), grain + 1);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Lasting events and the display */

/* Plays round `r`'s event e and finishes the round with the autopilot, from
 * an event node of chapter I. */
static void round_with(br_state *s, int e)
{
    expect_phase(s, "event");
    brt_playf(s, "event %d", e);
    to_next_round(s);
}

/* "Eine dauerhafte Ereigniskarte wandert auf Anlegefeld 1 am oberen
 * Planrand, eine zweite auf Feld 2"; with `lasting=two` (C1) a third card
 * sends the older one to the box at once and takes its field at the round's
 * end. */
START_TEST(test_rule_lasting_cards_to_display_fields)
{
    br_state *s = reach(2, 1, "");
    round_with(s, 9);
    ck_assert_str_eq(display_text(s), "9,-");
    brt_play(s, "event 10");
    ck_assert_str_eq(display_text(s), "9,-");
    to_next_round(s);
    ck_assert_str_eq(display_text(s), "9,10");
    brt_expect_int(s, "display_older", 1);
    brt_play(s, "event 11");
    ck_assert_str_eq(display_text(s), "-,10");
    to_next_round(s);
    ck_assert_str_eq(display_text(s), "11,10");
    brt_expect_int(s, "display_older", 2);
    br_state_free(s);
}
END_TEST

/* Rounds 1-3 of chapter I, 2 players: E11 (no Privileg), E10 (Getreide +1),
 * then E09 (wool at 3), each seat playing a card in rounds 1 and 2 so that
 * Privileg has a used card to repeat; seat 0 is to act in round 3. */
static br_state *three_lasting(const char *extra)
{
    char *options = options_for(2, extra);
    br_state *s = new_state(options);
    free(options);
    brt_play(s, "event 11");
    brt_play(s, "orient 0");
    brt_play(s, "play grain");
    brt_play(s, "lay grain");
    brt_play(s, "event 10");
    brt_play(s, "orient 0");
    brt_play(s, "lay piety");
    brt_play(s, "play piety");
    brt_play(s, "event 9");
    brt_play(s, "orient 0");
    expect_phase(s, "action");
    brt_expect_player(s, 0);
    edit_state(&s, "0.wool=1 0.cloth=0 0.money=0");
    return s;
}

/* "Mehr als zwei dürfen nicht gleichzeitig gelten: Eine dritte blaue Karte
 * ersetzt die älteste, die dann in die Schachtel kommt" (C1,
 * `lasting=two`): when E09 comes up, E11 leaves at once, so Privileg may be
 * played again in that round; E09 applies (wool at 3) and takes the free
 * field at the round's end. */
START_TEST(test_rule_third_lasting_replaces_oldest)
{
    br_state *s = three_lasting("");
    ck_assert_str_eq(display_text(s), "-,10");
    BRT_ASSERT_LEGAL(s, "play privilege");
    brt_play(s, "play wool-sale");
    ck_assert_int_eq(goods(s, 0, MONEY), 3);
    to_next_round(s);
    ck_assert_str_eq(display_text(s), "9,10");
    brt_expect_int(s, "display_older", 2);
    br_state_free(s);
}
END_TEST

/* Option `lasting=three` (C1): all three apply during E09's round (Privileg
 * still banned), E11 leaves at the round's end; in round 4 Privileg repeats
 * the wool sale at E09's price. */
START_TEST(test_rule_lasting_three_option)
{
    br_state *s = three_lasting("lasting=three");
    ck_assert_str_eq(display_text(s), "11,10");
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    brt_play(s, "play wool-sale");
    ck_assert_int_eq(goods(s, 0, MONEY), 3);
    to_next_round(s);
    ck_assert_str_eq(display_text(s), "9,10");
    brt_play(s, "event 1");
    brt_play(s, "orient 0");
    auto_step(s);
    brt_expect_player(s, 0);
    edit_state(&s, "0.wool=1 0.money=0");
    BRT_ASSERT_LEGAL(s, "play privilege");
    brt_play(s, "play privilege");
    ck_assert_int_eq(goods(s, 0, MONEY), 3);
    br_state_free(s);
}
END_TEST

/* "Dauerhafte Ereignisse – die aus dieser Runde und die am oberen Planrand
 * liegenden – müsst ihr dabei beachten": in round 2, E09 on the display
 * (wool at 3) and E11 of this round (no Privileg) both apply. */
START_TEST(test_rule_lasting_this_round_and_display_apply)
{
    br_state *s = reach(2, 1, "");
    brt_play(s, "event 9");
    brt_play(s, "orient 0");
    brt_play(s, "play grain");
    brt_play(s, "lay grain");
    brt_play(s, "event 11");
    brt_play(s, "orient 0");
    brt_play(s, "lay piety");
    brt_expect_player(s, 0);
    ck_assert_str_eq(display_text(s), "9,-");
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    BRT_ASSERT_LEGAL(s, "lay privilege");
    edit_state(&s, "0.wool=1 0.cloth=0 0.money=0");
    brt_play(s, "play wool-sale");
    ck_assert_int_eq(goods(s, 0, MONEY), 3);
    br_state_free(s);
}
END_TEST

/* "Karten mit blauem Hintergrund sind dauerhaft und beeinflussen bis zum
 * Kapitelende das Ausspielen der Aktionskarten": E10 (Getreide +1) applies
 * in its round and the next, and no more after the chapter end. */
START_TEST(test_rule_lasting_event_affects_actions_until_chapter_end)
{
    br_state *s = reach(2, 1, "");
    brt_play(s, "event 10");
    brt_play(s, "orient 0");
    edit_state(&s, "0.grain=0 1.grain=0");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 2);
    brt_play(s, "lay piety");
    brt_play(s, "event 1");
    brt_play(s, "orient 0");
    ck_assert_str_eq(display_text(s), "10,-");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 1, GRAIN), 2);
    br_state_free(s);

    s = at_action(2, 2, 13, "");
    ck_assert_str_eq(display_text(s), "-,-");
    edit_state(&s, "0.grain=0");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The effect vocabulary, chapter I cards */

/* gain_all (E03, E07): each seat takes one from the stock; when it runs
 * out, later seats (from the active player clockwise) get less, no
 * substitute point. */
START_TEST(test_rule_effect_gain_all)
{
    br_state *s = reach(3, 1, "");
    brt_play(s, "event 7");
    for (int seat = 0; seat < 3; seat++)
        ck_assert_int_eq(goods(s, seat, PIETY), 1);
    brt_expect_int(s, "stock.piety", 2 * 3 + 4 - 3);
    br_state_free(s);

    /* Round 2 (seat 1 active) with 1 wool left in the supply. */
    s = reach(2, 1, "");
    to_next_round(s);
    brt_expect_int(s, "crest", 1);
    edit_state(&s, "stock.wool=1:0");
    int w0 = goods(s, 0, WOOL), w1 = goods(s, 1, WOOL), v0 = vp(s, 0);
    brt_play(s, "event 3");
    ck_assert_int_eq(goods(s, 1, WOOL), w1 + 1);
    ck_assert_int_eq(goods(s, 0, WOOL), w0);
    ck_assert_int_eq(vp(s, 0), v0);
    brt_expect_int(s, "supply.wool", 0);
    br_state_free(s);
}
END_TEST

/* lose_all (E04): each seat gives back up to 1 grain, to the field. */
START_TEST(test_rule_effect_lose_all)
{
    br_state *s = reach(3, 1, "");
    edit_state(&s, "0.grain=2 2.grain=1");
    int field_grain = brt_field_int(s, "stock.grain");
    brt_play(s, "event 4");
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    ck_assert_int_eq(goods(s, 1, GRAIN), 0);
    ck_assert_int_eq(goods(s, 2, GRAIN), 0);
    brt_expect_int(s, "stock.grain", field_grain + 2);
    for (int seat = 0; seat < 3; seat++)
        ck_assert_int_eq(vp(s, seat), 8);
    br_state_free(s);
}
END_TEST

/* trade (E06, 2 money -> 1 loyalty): each seat holding 2 money decides once,
 * `accept` or `decline`, from the active player on ("Ein Tausch aus einem
 * sofortigen Ereignis ist einmalig"). */
START_TEST(test_rule_effect_trade)
{
    br_state *s = reach(2, 1, "");
    brt_play(s, "event 6");
    expect_phase(s, "choice");
    brt_expect_player(s, 0);
    ck_assert_str_eq(brt_legal_text(s), "accept, decline");
    brt_play(s, "accept");
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    brt_expect_int(s, "supply.money", 28 - 4 + 2);
    brt_expect_int(s, "supply.loyalty", 13);
    expect_phase(s, "choice");
    brt_expect_player(s, 1);
    brt_play(s, "decline");
    ck_assert_int_eq(goods(s, 1, MONEY), 2);
    ck_assert_int_eq(goods(s, 1, LOYALTY), 0);
    expect_phase(s, "orient");
    br_state_free(s);
}
END_TEST

START_TEST(test_rule_immediate_trade_once)
{
    br_state *s = reach(2, 1, "");
    edit_state(&s, "0.money=6");
    brt_play(s, "event 6");
    brt_expect_player(s, 0);
    brt_play(s, "accept");
    /* Seat 0 still holds 4 money, but is not asked again. */
    ck_assert_int_eq(goods(s, 0, MONEY), 4);
    brt_expect_player(s, 1);
    brt_play(s, "accept");
    expect_phase(s, "orient");
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    brt_play(s, "orient 0");
    BRT_ASSERT_ILLEGAL(s, "accept");
    ck_assert(!brt_any_legal_starting(s, "trade "));
    br_state_free(s);
}
END_TEST

/* "Muss gewählt oder entschieden werden, beginnt der aktive Spieler, danach
 * geht es im Uhrzeigersinn weiter": E06 in round 2 of a 3-player game asks
 * seats 1, 2, 0. */
START_TEST(test_rule_event_choices_from_active_player_clockwise)
{
    br_state *s = reach(3, 1, "");
    to_next_round(s);
    brt_expect_int(s, "crest", 1);
    edit_state(&s, "0.money=2 1.money=2 2.money=2");
    brt_play(s, "event 6");
    static const int order[3] = {1, 2, 0};
    for (int k = 0; k < 3; k++) {
        expect_phase(s, "choice");
        brt_expect_player(s, order[k]);
        brt_play(s, "decline");
    }
    expect_phase(s, "orient");
    brt_expect_player(s, 1);
    br_state_free(s);
}
END_TEST

/* C22: "a seat is asked only when it has two or more legal moves": a seat
 * without 2 money is not asked about E06. */
START_TEST(test_rule_single_option_not_asked)
{
    br_state *s = reach(3, 1, "");
    edit_state(&s, "1.money=0");
    brt_play(s, "event 6");
    brt_expect_player(s, 0);
    brt_play(s, "decline");
    brt_expect_player(s, 2);
    brt_play(s, "decline");
    expect_phase(s, "orient");
    br_state_free(s);
}
END_TEST

/* cover (E05, market wool): a cover tile on the wool market; wool cannot be
 * sold while it lies there, cloth can ("Abdeckplättchen sperren … Marktfelder"). */
START_TEST(test_rule_effect_cover)
{
    br_state *s = reach(2, 1, "");
    brt_play(s, "event 5");
    brt_expect_field(s, "covers", "market wool");
    brt_expect_int(s, "supply.covers", 4);
    br_state_free(s);
    s = reach(2, 1, "");
    brt_play(s, "event 8");
    brt_expect_field(s, "covers", "favour outlaws-1");
    br_state_free(s);
}
END_TEST

START_TEST(test_rule_cover_blocks_market_space)
{
    br_state *s = ch1_action(2, 5, "0.wool=2 0.cloth=1 0.money=0");
    brt_play(s, "play wool-sale");
    /* The only sale left, one cloth, is made without a further move. */
    ck_assert_int_eq(goods(s, 0, MONEY), 4);
    ck_assert_int_eq(goods(s, 0, WOOL), 2);
    ck_assert_int_eq(goods(s, 0, CLOTH), 0);
    br_state_free(s);
    s = ch1_action(2, 5, "0.wool=2 0.cloth=0");
    BRT_ASSERT_ILLEGAL(s, "play wool-sale");
    br_state_free(s);
}
END_TEST

/* Cover tiles block favour spaces: E08 covers the first outlaws, so from
 * the Guild one step reaches the Prioress and needs no money. */
START_TEST(test_rule_cover_blocks_favour_space)
{
    br_state *s = reach(2, 1, "");
    edit_state(&s, "favour=guild 0.money=0");
    brt_play(s, "event 8");
    BRT_ASSERT_LEGAL(s, "orient 1");
    orient_checked(s, 8, 1, 0);
    brt_expect_int(s, "favour", PRIORESS);
    br_state_free(s);
}
END_TEST

/* project (E01, E02; E13, E14 in chapter II; E24 in chapter III): "Fünf
 * Bauvorhaben kommen über Ereigniskarten ins Spiel", each on exactly one
 * card; other cards bring none. */
static void expect_in_play(const br_state *s, const char *want)
{
    char got[16] = "";
    for (int p = 0; p < NUM_PROJECTS; p++)
        got[p] = strcmp(brt_fieldf(s, "projects[%d].in_play", p), "true") == 0 ? '1' : '0';
    ck_assert_msg(strcmp(got, want) == 0, "projects in play %s, want %s (bridge tower chapel "
                  "hospital palace mill guildhall)", got, want);
}

START_TEST(test_rule_effect_project)
{
    for (int e = 1; e <= 11; e++) {
        br_state *s = reach(2, 1, "");
        brt_playf(s, "event %d", e);
        expect_in_play(s, e == 1 ? "1000010" : e == 2 ? "1000100" : "1000000");
        br_state_free(s);
    }
}
END_TEST

START_TEST(test_rule_event_brings_project_into_play)
{
    /* The autopilot draws E01 and E02 in chapter I. */
    br_state *s = reach(2, 2, "");
    expect_in_play(s, "1000110");
    for (int e = 12; e <= 22; e++) {
        br_state *c = brt_clone(s);
        brt_playf(c, "event %d", e);
        expect_in_play(c, e == 13 ? "1000111" : e == 14 ? "1010110" : "1000110");
        br_state_free(c);
    }
    br_state_free(s);
}
END_TEST

START_TEST(test_content_each_event_project_on_one_card)
{
    /* The autopilot draws E13 and E14 in chapter II; the tower comes after
     * chapter II; E24 brings the hospital. */
    br_state *s = reach(2, 3, "");
    expect_in_play(s, "1110111");
    for (int e = 23; e <= 33; e++) {
        br_state *c = brt_clone(s);
        brt_playf(c, "event %d", e);
        if (strcmp(phase(c), "plague") == 0)
            brt_play(c, "plague 1");
        expect_in_play(c, e == 24 ? "1111111" : "1110111");
        br_state_free(c);
    }
    br_state_free(s);
}
END_TEST

/* ban (E11, Privileg): the card may be laid, not played. */
START_TEST(test_rule_effect_ban)
{
    br_state *s = ch1_round_two("", "play grain", 11);
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    BRT_ASSERT_LEGAL(s, "lay privilege");
    br_state_free(s);
    s = ch1_round_two("", "play grain", 3);
    BRT_ASSERT_LEGAL(s, "play privilege");
    br_state_free(s);
}
END_TEST

/* bonus (E10, Getreide +1 grain): 2 grain, or 1 if only 1 is left. */
START_TEST(test_rule_effect_bonus)
{
    br_state *s = ch1_action(2, 10, "0.grain=0");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 2);
    br_state_free(s);
    s = ch1_action(2, 10, "0.grain=0 stock.grain=1:1");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    brt_expect_int(s, "stock.grain", 0);
    br_state_free(s);

    /* "using the card (also through Privileg) gives the extra as well". */
    s = ch1_action(2, 10, "0.grain=0");
    brt_play(s, "play grain");
    brt_play(s, "lay piety");
    brt_play(s, "event 1");
    brt_play(s, "orient 0");
    brt_play(s, "lay grain");
    brt_expect_player(s, 0);
    brt_play(s, "play privilege");
    ck_assert_int_eq(goods(s, 0, GRAIN), 4);
    br_state_free(s);
}
END_TEST

/* price (E09 wool 3): the wool price of Woll- und Tuchverkauf. */
START_TEST(test_rule_effect_price)
{
    br_state *s = ch1_action(2, 9, "0.wool=2 0.cloth=1 0.money=0");
    brt_play(s, "play wool-sale");
    brt_play(s, "sell 2 wool 1 cloth");
    ck_assert_int_eq(goods(s, 0, MONEY), 2 * 3 + 4);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Chapter II: twelve cards, discards and the other six actions */

/* Round 1 of chapter `ch` with event e and `orient 0`, then the edit; seat 0
 * is to act. In chapter II the autopilot's chapter I has put E01 (mill) and
 * E02 (palace) into play, and the chapter end one stone on the bridge, the
 * mill and the palace each. */
static br_state *action_with(int players, int ch, int e, const char *edit)
{
    br_state *s = at_action(players, ch, e, "");
    if (edit[0] != '\0')
        edit_state(&s, edit);
    return s;
}

/* "Nach Kapitel I bekommt jeder die restlichen 6 Aktionskarten dazu": the
 * six later cards are not in chapter I's hands, all twelve are in chapter
 * II's. */
START_TEST(test_rule_twelve_cards_from_chapter_two)
{
    br_state *s = ch1_action(2, 1, "0.stone=1 0.money=2");
    for (int c = C_HOUSE; c <= C_FAVOUR; c++) {
        BRT_ASSERT_ILLEGAL(s, fmt("play %s", CARD_NAMES[c]));
        BRT_ASSERT_ILLEGAL(s, fmt("lay %s", CARD_NAMES[c]));
    }
    br_state_free(s);
    s = reach(3, 2, "");
    for (int seat = 0; seat < 3; seat++) {
        ck_assert_int_eq(hand_size(s, seat), 12);
        ck_assert_str_eq(cards_text(s, fmt("players[%d].hand", seat)),
                         "grain piety material build wool-sale privilege house rent donate "
                         "weave medicine favour");
    }
    br_state_free(s);
}
END_TEST

/* "Zu Beginn jedes neuen Kapitels habt ihr wieder alle 12 Karten": the
 * piles and the discards are empty again at the start of chapter III. */
START_TEST(test_rule_all_cards_back_each_chapter)
{
    br_state *s = reach(2, 3, "");
    for (int seat = 0; seat < 2; seat++) {
        ck_assert_int_eq(hand_size(s, seat), 12);
        ck_assert_str_eq(pile_text(s, seat), "");
        ck_assert_int_eq(discards_size(s, seat), 0);
    }
    br_state_free(s);
}
END_TEST

/* "Nach jeder offen ausgespielten Karte werft ihr eine weitere Handkarte
 * ungenutzt verdeckt ab" (C21: after the action): a discard phase of the
 * same seat, any card of its hand. */
START_TEST(test_rule_discard_face_down_after_each_action_from_chapter_two)
{
    br_state *s = action_with(2, 2, 13, "0.grain=0");
    brt_play(s, "play grain");
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    expect_phase(s, "discard");
    brt_expect_player(s, 0);
    ck_assert_str_eq(brt_legal_text(s), "discard piety, discard material, discard build, "
                                        "discard wool-sale, discard privilege, discard house, "
                                        "discard rent, discard donate, discard weave, "
                                        "discard medicine, discard favour");
    brt_play(s, "discard favour");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "favour");
    ck_assert_int_eq(hand_size(s, 0), 10);
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    br_state_free(s);
}
END_TEST

/* "Verzichtest du freiwillig oder erzwungen auf deine Aktion, legst du
 * trotzdem eine offene und eine verdeckte Karte ab." */
START_TEST(test_rule_given_up_action_still_lays_two_cards)
{
    br_state *s = action_with(2, 2, 13, "");
    brt_play(s, "lay build");
    expect_phase(s, "discard");
    brt_expect_player(s, 0);
    brt_play(s, "discard rent");
    ck_assert_str_eq(pile_text(s, 0), "build-");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "rent");
    br_state_free(s);
}
END_TEST

/* "Ihr habt nun die Wahl aus 12, spielt pro Kapitel aber weiterhin nur 6
 * aus" and "So wachsen … ein offener Aktionsstapel und ein verdeckter
 * Abwurfstapel gleichmäßig": at the end of chapter II every seat has 6 cards
 * face up and 6 face down. */
START_TEST(test_rule_six_face_up_cards_per_chapter)
{
    br_state *s = reach(3, 2, "");
    run_to(&s, 2, 6, "action", 0);
    prepare_dues(&s);
    to_phase(s, "tax");
    for (int seat = 0; seat < 3; seat++) {
        ck_assert_int_eq(brt_array_size(s, fmt("players[%d].pile", seat)), 6);
        ck_assert_int_eq(discards_size(s, seat), 6);
        ck_assert_int_eq(hand_size(s, seat), 0);
    }
    br_state_free(s);
}
END_TEST

/* "Hausbau: 1 passendes Baumaterial und 1 Geld abgeben, dafür ein Haus auf
 * einen der 14 Bauplätze stellen": with a stone, the stone plots. */
START_TEST(test_rule_house_costs_matching_cube_and_money)
{
    br_state *s = action_with(2, 2, 13, "0.stone=1 0.wood=0 0.money=1");
    int supply_stone = stock(s, STONE), supply_money = stock(s, MONEY);
    brt_play(s, "play house");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "house p1, house p3, house p5, house p7, house p9, "
                                        "house p11, house p13");
    brt_play(s, "house p5");
    brt_expect_field(s, "plots[4]", "0");
    ck_assert_int_eq(goods(s, 0, STONE), 0);
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    ck_assert_int_eq(stock(s, STONE), supply_stone + 1);
    ck_assert_int_eq(stock(s, MONEY), supply_money + 1);
    expect_phase(s, "discard");
    br_state_free(s);
    s = action_with(2, 2, 13, "0.stone=1 0.wood=0 0.money=0");
    BRT_ASSERT_ILLEGAL(s, "play house");
    br_state_free(s);
}
END_TEST

/* Design, components: four houses per seat. A seat whose four houses stand
 * on plots cannot play Hausbau any more, though it holds a stone, a wood and
 * a coin and free plots of other yields are left (coverage, issue 11). */
START_TEST(test_rule_house_four_per_seat)
{
    br_state *s = action_with(2, 2, 13,
                              "house=0:1 house=0:4 house=0:7 0.stone=1 0.wood=1 0.money=1");
    BRT_ASSERT_LEGAL(s, "play house");
    br_state_free(s);
    s = action_with(2, 2, 13,
                    "house=0:1 house=0:4 house=0:7 house=0:9 0.stone=1 0.wood=1 0.money=1");
    brt_expect_field(s, "players[0].houses", "0");
    BRT_ASSERT_ILLEGAL(s, "play house");
    br_state_free(s);
}
END_TEST

/* "Das Symbol im Bauplatz gibt Stein oder Holz vor": with a wood, the wood
 * plots. */
START_TEST(test_rule_house_material_matches_plot)
{
    br_state *s = action_with(2, 2, 13, "0.stone=0 0.wood=1 0.money=1");
    brt_play(s, "play house");
    ck_assert_str_eq(brt_legal_text(s), "house p2, house p4, house p6, house p8, house p10, "
                                        "house p12, house p14");
    BRT_ASSERT_ILLEGAL(s, "house p1");
    br_state_free(s);
}
END_TEST

/* "Zwei Bauplätze mit demselben Ertrag darf ein Spieler nicht beide
 * besetzen": with a house on p1 (grain), p2 and p3 are closed to seat 0; a
 * house of seat 1 on p4 (piety) closes only p4. */
START_TEST(test_rule_house_not_two_plots_of_same_yield)
{
    br_state *s = action_with(2, 2, 13, "house=0:1 house=1:4 0.stone=1 0.wood=1 0.money=1");
    brt_play(s, "play house");
    ck_assert_str_eq(brt_legal_text(s), "house p5, house p6, house p7, house p8, house p9, "
                                        "house p10, house p11, house p12, house p13, house p14");
    br_state_free(s);
}
END_TEST

/* Design, "House plots": 14 plots ("einen der 14 Bauplätze"); a seat with
 * a stone, a wood and a coin may choose any of them. */
START_TEST(test_content_fourteen_plots)
{
    br_state *s = action_with(2, 2, 13, "0.stone=1 0.wood=1 0.money=1");
    brt_play(s, "play house");
    ck_assert_str_eq(brt_legal_text(s), "house p1, house p2, house p3, house p4, house p5, house p6, "
                                        "house p7, house p8, house p9, house p10, house p11, "
                                        "house p12, house p13, house p14");
    br_move m;
    ck_assert_int_eq(br_state_move_from_text(s, "house p15", &m), BR_ERR_PARSE);
    ck_assert_int_eq(br_state_move_from_text(s, "house p0", &m), BR_ERR_PARSE);
    br_state_free(s);
}
END_TEST

/* Design, "House plots": each plot's material (a house there needs that
 * cube) and yield (taken by Hauspacht, two plots at a time). */
START_TEST(test_content_plots_as_designed)
{
    br_state *s;
    for (int q = 1; q <= 14; q++) {
        s = action_with(2, 2, 13, fmt("0.stone=%d 0.wood=%d 0.money=1",
                                      PLOT_MATERIAL[q] == STONE, PLOT_MATERIAL[q] == WOOD));
        brt_play(s, "play house");
        BRT_ASSERT_LEGAL(s, fmt("house p%d", q));
        br_state_free(s);
    }
    static const int pairs[7][2] = {{1, 4}, {7, 9}, {11, 13}, {14, 2}, {5, 8}, {10, 12}, {3, 6}};
    for (int i = 0; i < 7; i++) {
        int a = pairs[i][0], b = pairs[i][1];
        s = action_with(2, 2, 13, fmt("house=0:%d house=0:%d", a, b));
        table before = read_table(s);
        brt_play(s, "play rent");
        expect_phase(s, "follow");
        ck_assert_str_eq(brt_legal_text(s), fmt("rent p%d, rent p%d", a < b ? a : b, a < b ? b : a));
        brt_playf(s, "rent p%d", a);
        brt_playf(s, "rent p%d", b);
        table after = read_table(s);
        table want = before;
        for (int k = 0; k < 2; k++) {
            int q = pairs[i][k];
            want.goods[0][PLOT_YIELD[q]] += PLOT_AMOUNT[q];
            want.stock[PLOT_YIELD[q]] -= PLOT_AMOUNT[q];
        }
        compare_tables(&after, &want, fmt("rent p%d and p%d", a, b));
        br_state_free(s);
    }
}
END_TEST

/* "Hauspacht: Ertrag von bis zu 2 eigenen Häusern kassieren. Bei mehr
 * Häusern wählst du aus": with three houses, two are chosen (or one and
 * `done`). */
START_TEST(test_rule_rent_up_to_two_houses_chosen)
{
    br_state *s = action_with(2, 2, 13, "house=0:1 house=0:9 house=0:13");
    int grain = goods(s, 0, GRAIN), money = goods(s, 0, MONEY), loyalty = goods(s, 0, LOYALTY);
    brt_play(s, "play rent");
    ck_assert_str_eq(brt_legal_text(s), "rent p1, rent p9, rent p13");
    brt_play(s, "rent p9");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "done, rent p1, rent p13");
    brt_play(s, "rent p13");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, MONEY), money + 2);
    ck_assert_int_eq(goods(s, 0, LOYALTY), loyalty + 1);
    ck_assert_int_eq(goods(s, 0, GRAIN), grain);
    br_state_free(s);

    s = action_with(2, 2, 13, "house=0:1 house=0:9 house=0:13");
    brt_play(s, "play rent");
    brt_play(s, "rent p1");
    brt_play(s, "done");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, GRAIN), grain + 1);
    ck_assert_int_eq(goods(s, 0, MONEY), money);
    br_state_free(s);
}
END_TEST

/* "Ist der Vorrat an Frömmigkeit oder Getreide leer, gehst du leer aus":
 * with the field empty the grain house yields nothing (the only choice left
 * is taken without a move); with only that house, Hauspacht cannot be
 * played. */
START_TEST(test_rule_rent_empty_stock_gives_nothing)
{
    br_state *s = action_with(2, 2, 13, "house=0:1 house=0:9 stock.grain=0:1");
    int grain = goods(s, 0, GRAIN), money = goods(s, 0, MONEY);
    brt_play(s, "play rent");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, GRAIN), grain);
    ck_assert_int_eq(goods(s, 0, MONEY), money + 2);
    br_state_free(s);
    s = action_with(2, 2, 13, "house=0:1 stock.grain=0:1");
    BRT_ASSERT_ILLEGAL(s, "play rent");
    br_state_free(s);
}
END_TEST

/* "Spende: 1 Geld zahlen und ein Spendensiegel auf ein unvollendetes
 * Bauvorhaben legen". */
START_TEST(test_rule_donate_money_and_seal)
{
    br_state *s = action_with(2, 2, 13, "0.money=1");
    int supply_money = stock(s, MONEY);
    brt_play(s, "play donate");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s),
                     "donate bridge, donate palace, donate mill, donate guildhall");
    brt_play(s, "donate guildhall");
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    ck_assert_int_eq(stock(s, MONEY), supply_money + 1);
    ck_assert_str_eq(seals_text(s, GUILDHALL), "0");
    ck_assert_int_eq(free_seals(s, 0), 1);
    br_state_free(s);
    s = action_with(2, 2, 13, "0.money=0");
    BRT_ASSERT_ILLEGAL(s, "play donate");
    br_state_free(s);
}
END_TEST

/* "… auf ein unvollendetes Bauvorhaben": a finished project takes no
 * donation. Seat 0 finishes the mill, seat 1 may not donate to it. */
START_TEST(test_rule_donate_only_unfinished)
{
    br_state *s = action_with(3, 2, 13, "project=mill:1:2 0.wood=1 0.stone=0 1.money=1");
    brt_play(s, "play build");
    brt_play(s, "build mill wood");
    brt_expect_field(s, "projects[5].done", "true");
    auto_step(s); /* discard */
    brt_expect_player(s, 1);
    brt_play(s, "play donate");
    ck_assert_str_eq(brt_legal_text(s), "donate bridge, donate palace, donate guildhall");
    br_state_free(s);
}
END_TEST

/* "Mehrere Spieler dürfen für dasselbe Bauvorhaben spenden, ein Spieler
 * aber nur einmal." */
START_TEST(test_rule_donate_once_per_seat_per_project)
{
    br_state *s = action_with(2, 2, 13, "0.money=3 1.money=1");
    brt_play(s, "play donate");
    brt_play(s, "donate guildhall");
    auto_step(s); /* seat 0 discards */
    brt_expect_player(s, 1);
    brt_play(s, "play donate");
    brt_play(s, "donate guildhall");
    ck_assert_str_eq(seals_text(s, GUILDHALL), "0,1");
    to_next_round(s);
    brt_play(s, "event 14");
    brt_play(s, "orient 0");
    to_action_of(s, 0);
    brt_play(s, "play privilege");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "donate bridge, donate chapel, donate palace, donate mill");
    br_state_free(s);
}
END_TEST

/* "Tuchherstellung: 1 oder 2 Wolle in die gleiche Menge Tuch umwandeln". */
START_TEST(test_rule_weave_one_or_two)
{
    br_state *s = action_with(2, 2, 13, "0.wool=3 0.cloth=0");
    brt_play(s, "play weave");
    ck_assert_str_eq(brt_legal_text(s), "weave 1, weave 2");
    brt_play(s, "weave 2");
    ck_assert_int_eq(goods(s, 0, WOOL), 1);
    ck_assert_int_eq(goods(s, 0, CLOTH), 2);
    brt_expect_int(s, "supply.cloth", 10);
    br_state_free(s);
    s = action_with(2, 2, 13, "0.wool=1 0.cloth=0");
    brt_play(s, "play weave");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, CLOTH), 1);
    br_state_free(s);
    s = action_with(2, 2, 13, "0.wool=0");
    BRT_ASSERT_ILLEGAL(s, "play weave");
    br_state_free(s);
}
END_TEST

/* "Tuchherstellung: 1 oder 2 Wolle in die gleiche Menge Tuch umwandeln":
 * the cloth comes from the supply, so a seat weaves no more cloth than the
 * supply holds (coverage, issue 11). With one cloth left, "weave 1" is the
 * only follow-up and is carried out at once; with none, the card cannot be
 * played. */
START_TEST(test_rule_weave_limited_by_cloth_supply)
{
    br_state *s = action_with(2, 2, 13, "0.wool=3 0.cloth=0 stock.cloth=1:1");
    brt_play(s, "play weave");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, WOOL), 2);
    ck_assert_int_eq(goods(s, 0, CLOTH), 1);
    brt_expect_int(s, "supply.cloth", 0);
    br_state_free(s);
    s = action_with(2, 2, 13, "0.wool=3 0.cloth=0 stock.cloth=0:1");
    BRT_ASSERT_ILLEGAL(s, "play weave");
    br_state_free(s);
}
END_TEST

/* "Medizin: entweder 1 Geld und 1 Siegpunkt nehmen …"; C15: the VP also
 * when the supply has no coin. Before chapter III there is nothing else, so
 * no further move. */
START_TEST(test_rule_medicine_money_and_point)
{
    br_state *s = action_with(2, 2, 13, "");
    int money = goods(s, 0, MONEY), points = vp(s, 0);
    brt_play(s, "play medicine");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, MONEY), money + 1);
    ck_assert_int_eq(vp(s, 0), points + 1);
    br_state_free(s);
    s = action_with(2, 2, 13, "stock.money=0:1");
    money = goods(s, 0, MONEY);
    BRT_ASSERT_LEGAL(s, "play medicine");
    brt_play(s, "play medicine");
    ck_assert_int_eq(goods(s, 0, MONEY), money);
    ck_assert_int_eq(vp(s, 0), points + 1);
    br_state_free(s);
}
END_TEST

/* "Gunst: den Gunststein genau 1 Feld weiterziehen und den Vorteil
 * kassieren": the seat that plays it (seat 1, not the active player) takes
 * the benefit. */
START_TEST(test_rule_favour_card_one_step_benefit_to_player)
{
    br_state *s = action_with(2, 2, 13, "");
    auto_step(s);
    auto_step(s);
    brt_expect_player(s, 1);
    edit_state(&s, "favour=prioress");
    int w0 = goods(s, 0, WOOL), w1 = goods(s, 1, WOOL);
    brt_play(s, "play favour");
    brt_expect_int(s, "favour", MERCHANTS);
    ck_assert_int_eq(goods(s, 1, WOOL), w1 + 1);
    ck_assert_int_eq(goods(s, 0, WOOL), w0);
    br_state_free(s);
}
END_TEST

/* C11: a Gunst card that would end on the outlaws cannot be played without
 * money; with money the seat pays. */
START_TEST(test_rule_favour_card_to_outlaws_needs_money)
{
    br_state *s = action_with(2, 2, 13, "favour=guild 0.money=0");
    BRT_ASSERT_ILLEGAL(s, "play favour");
    BRT_ASSERT_LEGAL(s, "lay favour");
    br_state_free(s);
    s = action_with(2, 2, 13, "favour=guild 0.money=1");
    brt_play(s, "play favour");
    brt_expect_int(s, "favour", OUTLAWS1);
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The effect vocabulary, chapter II cards */

/* most (E17, piety +2 VP): all seats tied for the most score; nobody with
 * none at all. */
START_TEST(test_rule_effect_most)
{
    br_state *s = reach(3, 2, "");
    edit_state(&s, "0.piety=3 1.piety=3 2.piety=1");
    int v[3] = {vp(s, 0), vp(s, 1), vp(s, 2)};
    brt_play(s, "event 17");
    ck_assert_int_eq(vp(s, 0), v[0] + 2);
    ck_assert_int_eq(vp(s, 1), v[1] + 2);
    ck_assert_int_eq(vp(s, 2), v[2]);
    ck_assert_int_eq(goods(s, 0, PIETY), 3);
    br_state_free(s);
    s = reach(3, 2, "");
    edit_state(&s, "0.piety=0 1.piety=0 2.piety=0");
    int w[3] = {vp(s, 0), vp(s, 1), vp(s, 2)};
    brt_play(s, "event 17");
    for (int seat = 0; seat < 3; seat++)
        ck_assert_int_eq(vp(s, seat), w[seat]);
    br_state_free(s);
}
END_TEST

/* pay_or (E15, 1 money or -2 VP): each seat decides; a seat that cannot pay
 * loses without a move. */
START_TEST(test_rule_effect_pay_or)
{
    br_state *s = reach(3, 2, "");
    edit_state(&s, "0.money=2 1.money=3 2.money=0");
    int v[3] = {vp(s, 0), vp(s, 1), vp(s, 2)};
    brt_play(s, "event 15");
    expect_phase(s, "choice");
    brt_expect_player(s, 0);
    brt_play(s, "accept");
    ck_assert_int_eq(goods(s, 0, MONEY), 1);
    brt_expect_player(s, 1);
    brt_play(s, "decline");
    expect_phase(s, "orient");
    ck_assert_int_eq(vp(s, 0), v[0]);
    ck_assert_int_eq(vp(s, 1), v[1] - 2);
    ck_assert_int_eq(goods(s, 1, MONEY), 3);
    ck_assert_int_eq(vp(s, 2), v[2] - 2);
    br_state_free(s);
}
END_TEST

/* war (E12), not the first event: each seat gives 1 loyalty or forfeits
 * its action (lays a card unused and discards one); without loyalty it
 * forfeits without a move. Round 2, seat 1 active. */
START_TEST(test_rule_war_forfeit_or_loyalty)
{
    br_state *s = reach(3, 2, "");
    round_with(s, 13);
    brt_expect_int(s, "crest", 1);
    edit_state(&s, "0.loyalty=1 1.loyalty=1 2.loyalty=0 0.stone=1 1.stone=1 2.stone=1");
    brt_play(s, "event 12");
    expect_phase(s, "choice");
    brt_expect_player(s, 1);
    brt_play(s, "accept");
    ck_assert_int_eq(goods(s, 1, LOYALTY), 0);
    brt_expect_player(s, 0);
    brt_play(s, "decline");
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    expect_phase(s, "orient");
    brt_play(s, "orient 0");
    brt_expect_player(s, 1);
    ck_assert(brt_any_legal_starting(s, "play "));
    auto_step(s);
    auto_step(s);
    for (int k = 0; k < 2; k++) {
        int seat = k == 0 ? 2 : 0;
        expect_phase(s, "action");
        brt_expect_player(s, seat);
        ck_assert_msg(!brt_any_legal_starting(s, "play "), "seat %d may play in the war: %s", seat,
                      brt_legal_text(s));
        ck_assert(brt_any_legal_starting(s, "lay "));
        int pile = brt_array_size(s, fmt("players[%d].pile", seat));
        auto_step(s);
        expect_phase(s, "discard");
        auto_step(s);
        ck_assert_int_eq(brt_array_size(s, fmt("players[%d].pile", seat)), pile + 1);
    }
    br_state_free(s);
}
END_TEST

/* trade_round (E20, 1 wood -> 2 money): at its action turn each seat may
 * trade once per round, through the card on the council field or, in later
 * rounds, on its display field ("bei einem dauerhaften Ereignis einmal pro
 * Runde"). */
START_TEST(test_rule_effect_trade_round)
{
    br_state *s = action_with(2, 2, 20, "0.wood=3 0.money=0");
    BRT_ASSERT_LEGAL(s, "trade council");
    BRT_ASSERT_ILLEGAL(s, "trade field1");
    brt_play(s, "trade council");
    ck_assert_int_eq(goods(s, 0, WOOD), 2);
    ck_assert_int_eq(goods(s, 0, MONEY), 2);
    expect_phase(s, "action");
    brt_expect_player(s, 0);
    BRT_ASSERT_ILLEGAL(s, "trade council");
    br_state_free(s);
    s = action_with(2, 2, 20, "0.wood=0");
    ck_assert(!brt_any_legal_starting(s, "trade "));
    br_state_free(s);
}
END_TEST

START_TEST(test_rule_lasting_trade_once_per_round)
{
    br_state *s = action_with(2, 2, 20, "0.wood=3 0.money=0");
    brt_play(s, "trade council");
    auto_step(s);
    auto_step(s);
    to_next_round(s);
    ck_assert_str_eq(display_text(s), "20,-");
    brt_play(s, "event 13");
    brt_play(s, "orient 0");
    to_action_of(s, 0);
    BRT_ASSERT_ILLEGAL(s, "trade council");
    BRT_ASSERT_LEGAL(s, "trade field1");
    int money = goods(s, 0, MONEY);
    brt_play(s, "trade field1");
    ck_assert_int_eq(goods(s, 0, WOOD), 1);
    ck_assert_int_eq(goods(s, 0, MONEY), money + 2);
    BRT_ASSERT_ILLEGAL(s, "trade field1");
    br_state_free(s);
}
END_TEST

/* cover (E22, project bridge): "Abdeckplättchen sperren … Bauvorhaben" and
 * "Auf einem gesperrten Bauvorhaben ist auch keine Spende erlaubt". */
START_TEST(test_rule_cover_blocks_project)
{
    br_state *s = action_with(3, 2, 22, "0.stone=1 0.wood=1");
    brt_expect_field(s, "covers", "project bridge");
    brt_play(s, "play build");
    BRT_ASSERT_ILLEGAL(s, "build bridge stone");
    BRT_ASSERT_ILLEGAL(s, "build bridge wood");
    ck_assert_str_eq(brt_legal_text(s), "build palace stone, build palace wood, "
                                        "build palace stone wood, build mill wood");
    br_state_free(s);
}
END_TEST

START_TEST(test_rule_no_donation_on_covered_project)
{
    br_state *s = action_with(3, 2, 22, "0.money=1");
    brt_play(s, "play donate");
    BRT_ASSERT_ILLEGAL(s, "donate bridge");
    ck_assert_str_eq(brt_legal_text(s), "donate palace, donate mill");
    br_state_free(s);
}
END_TEST

/* price (E16, wool 1) and bonus (E21, Medizin money: +1 knowledge). */
START_TEST(test_rule_effect_price_and_bonus_chapter_two)
{
    br_state *s = action_with(2, 2, 16, "0.wool=2 0.cloth=0 0.money=0");
    brt_play(s, "play wool-sale");
    brt_play(s, "sell 2 wool");
    ck_assert_int_eq(goods(s, 0, MONEY), 2);
    br_state_free(s);
    s = action_with(2, 2, 21, "0.knowledge=0");
    int money = goods(s, 0, MONEY), points = vp(s, 0);
    brt_play(s, "play medicine");
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 1);
    ck_assert_int_eq(goods(s, 0, MONEY), money + 1);
    ck_assert_int_eq(vp(s, 0), points + 1);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Projects: completion, donors, the tower */

/* Seat 0 donates to project p, seat 1 builds its last wood field. The
 * position: round 1 of chapter `ch` (3 players) with event e; p holds all
 * its stone and all but one wood. Returns the state after seat 1's build;
 * `before` receives seat 0 after its own turn. */
static br_state *donate_then_complete(int ch, int e, int p, const char *extra_edit,
                                      table *before)
{
    br_state *s = action_with(3, ch, e, "");
    edit_statef(&s, "project=%s:%d:%d 0.money=1 1.wood=1 1.stone=0 %s", PROJECT_NAMES[p],
                PROJECT_STONE[p], PROJECT_WOOD[p] - 1, extra_edit);
    brt_play(s, "play donate");
    if (strcmp(phase(s), "follow") == 0)
        brt_playf(s, "donate %s", PROJECT_NAMES[p]);
    ck_assert_str_eq(seals_text(s, p), "0");
    auto_step(s); /* seat 0 discards */
    brt_expect_player(s, 1);
    *before = read_table(s);
    brt_play(s, "play build");
    if (strcmp(phase(s), "follow") == 0)
        brt_playf(s, "build %s wood", PROJECT_NAMES[p]);
    brt_expect_field(s, fmt("projects[%d].done", p), "true");
    return s;
}

/* "Wer ein Spendensiegel … legt, erhält bei dessen Fertigstellung den
 * daneben abgebildeten Bonus – meist 1 Siegpunkt plus einen Vorteil": the
 * bridge (+2 money), the palace (+1 piety), the mill (+1 cloth), the guild
 * hall (+1 loyalty). */
START_TEST(test_rule_donors_get_bonus_on_completion)
{
    static const struct {
        int project, good, amount;
    } bonus[] = {{BRIDGE, MONEY, 2}, {PALACE, PIETY, 1}, {MILL, CLOTH, 1}, {GUILDHALL, LOYALTY, 1}};
    int p = bonus[_i].project;
    table before;
    br_state *s = donate_then_complete(2, 13, p, "", &before);
    table after = read_table(s);
    table want = before;
    want.vp[0] += 1;
    want.goods[0][bonus[_i].good] += bonus[_i].amount;
    want.stock[bonus[_i].good] -= bonus[_i].amount;
    /* Seat 1's build: its wood to the project, 3 VP. */
    want.goods[1][WOOD] -= 1;
    want.vp[1] += 3;
    compare_tables(&after, &want, PROJECT_NAMES[p]);
    br_state_free(s);
}
END_TEST

/* Design, "The projects": the stone and wood fields of each of the seven
 * projects. In chapter III with all seven in play, each project one stone
 * and one wood short of full, a seat with 2 stone and 2 wood may put one
 * stone, one wood or one of each on every project, never two of a kind. */
START_TEST(test_content_projects_as_designed)
{
    br_state *s = action_with(2, 3, 24, "0.stone=2 0.wood=2");
    expect_in_play(s, "1111111");
    for (int p = 0; p < NUM_PROJECTS; p++)
        edit_statef(&s, "project=%s:%d:%d", PROJECT_NAMES[p], PROJECT_STONE[p] - 1,
                    PROJECT_WOOD[p] - 1);
    brt_play(s, "play build");
    char want[1024] = "";
    for (int p = 0; p < NUM_PROJECTS; p++)
        snprintf(want + strlen(want), sizeof want - strlen(want),
                 "%sbuild %s stone, build %s wood, build %s stone wood", p ? ", " : "",
                 PROJECT_NAMES[p], PROJECT_NAMES[p], PROJECT_NAMES[p]);
    ck_assert_str_eq(brt_legal_text(s), want);
    int stone = 0, wood = 0;
    for (int p = 0; p < NUM_PROJECTS; p++) {
        stone += PROJECT_STONE[p];
        wood += PROJECT_WOOD[p];
    }
    ck_assert_int_eq(stone, 23);
    ck_assert_int_eq(wood, 13);
    br_state_free(s);
}
END_TEST

/* "Beim Turm und der Marienkapelle sind es 2 Siegpunkte ohne
 * Zusatzvorteil" (the tower in chapter III; seat 2 holds the most loyalty
 * and takes the spire). */
START_TEST(test_rule_tower_and_chapel_donors_two_points)
{
    table before;
    br_state *s = donate_then_complete(2, 14, CHAPEL, "", &before);
    table after = read_table(s);
    table want = before;
    want.vp[0] += 2;
    want.goods[1][WOOD] -= 1;
    want.vp[1] += 3;
    compare_tables(&after, &want, "chapel");
    br_state_free(s);

    s = donate_then_complete(3, 26, TOWER, "0.loyalty=0 1.loyalty=0 2.loyalty=1", &before);
    after = read_table(s);
    want = before;
    want.vp[0] += 2;
    want.goods[1][WOOD] -= 1;
    want.vp[1] += 3;
    want.vp[2] += 3;
    compare_tables(&after, &want, "tower");
    br_state_free(s);
}
END_TEST

/* "Nach Fertigstellung kommen die Siegel zurück zu ihren Besitzern." */
START_TEST(test_rule_seals_return_on_completion)
{
    table before;
    br_state *s = donate_then_complete(2, 13, MILL, "", &before);
    ck_assert_str_eq(seals_text(s, MILL), "");
    ck_assert_int_eq(free_seals(s, 0), 2);
    br_state_free(s);
}
END_TEST

/* "Beim Hospital darf jeder Spender sofort einen Kranken versorgen, sofern
 * sein medizinisches Wissen reicht; dabei beginnt der Startspieler" (C20):
 * two patients (place 4: 3, place 9: 2); in round 2 of chapter III (seat 1
 * starts) seats 1 and 2 donate and seat 0 finishes the hospital: seat 1
 * chooses first, then seat 2. */
START_TEST(test_rule_hospital_donors_care_from_start_player)
{
    br_state *s = reach(3, 3, "");
    brt_play(s, "event 23");
    brt_play(s, "plague 3");
    to_next_round(s);
    brt_expect_int(s, "crest", 1);
    brt_play(s, "event 24");
    expect_phase(s, "plague");
    brt_play(s, "plague 2");
    to_orient(s);
    brt_play(s, "orient 0");
    brt_expect_player(s, 1);
    edit_state(&s, "1.money=1 2.money=1 0.wood=1 0.stone=0 1.knowledge=3 2.knowledge=3 "
                   "project=hospital:2:1");
    for (int seat = 1; seat <= 2; seat++) {
        brt_expect_player(s, seat);
        brt_play(s, "play donate");
        if (strcmp(phase(s), "follow") == 0)
            brt_play(s, "donate hospital");
        auto_step(s);
    }
    ck_assert_str_eq(seals_text(s, HOSPITAL), "1,2");
    brt_expect_player(s, 0);
    table before = read_table(s);
    brt_play(s, "play build");
    if (strcmp(phase(s), "follow") == 0)
        brt_play(s, "build hospital wood");
    expect_phase(s, "care");
    brt_expect_player(s, 1);
    ck_assert_str_eq(brt_legal_text(s), "done, care 4, care 9");
    brt_play(s, "care 4");
    expect_phase(s, "care");
    brt_expect_player(s, 2);
    ck_assert_str_eq(brt_legal_text(s), "done, care 9");
    brt_play(s, "care 9");
    expect_phase(s, "discard");
    brt_expect_player(s, 0);
    table after = read_table(s);
    table want = before;
    want.vp[0] += 3;
    want.goods[0][WOOD] -= 1;
    want.vp[1] += 1 + 2;
    want.goods[1][MONEY] += 2;
    want.stock[MONEY] -= 2;
    want.vp[2] += 1 + 2 + 1;
    compare_tables(&after, &want, "hospital");
    brt_expect_field(s, "places[3].state", "cured");
    brt_expect_field(s, "places[8].state", "cured");
    ck_assert_str_eq(seals_text(s, HOSPITAL), "");
    br_state_free(s);
}
END_TEST

/* "… der Turm kommt nach Kapitel II dazu und kann ab Kapitel III bebaut
 * werden": not in play in chapter II, in play and empty at the start of
 * chapter III (the chapter-end cube of step 1 comes before step 7). */
START_TEST(test_rule_tower_from_chapter_three)
{
    br_state *s = action_with(2, 2, 13, "0.stone=2");
    brt_expect_field(s, "projects[1].in_play", "false");
    brt_play(s, "play build");
    BRT_ASSERT_ILLEGAL(s, "build tower stone");
    br_state_free(s);
    s = reach(2, 3, "");
    brt_expect_field(s, "projects[1].in_play", "true");
    brt_expect_int(s, "projects[1].stone", 0);
    brt_expect_int(s, "projects[1].wood", 0);
    br_state_free(s);
    s = action_with(2, 3, 26, "0.stone=2 0.wood=0");
    brt_play(s, "play build");
    BRT_ASSERT_LEGAL(s, "build tower stone stone");
    br_state_free(s);
}
END_TEST

/* Seat 0 fills the tower's 8th field (round 1 of chapter III, 3 players)
 * with the loyalty of the seats given; returns the state after the build. */
static br_state *finish_tower(int l0, int l1, int l2, table *before)
{
    br_state *s = action_with(3, 3, 26, "");
    edit_statef(&s, "project=tower:6:1 0.wood=1 0.stone=0 0.loyalty=%d 1.loyalty=%d 2.loyalty=%d",
                l0, l1, l2);
    *before = read_table(s);
    brt_expect_int(s, "projects[1].metal", 0);
    brt_play(s, "play build");
    BRT_ASSERT_ILLEGAL(s, "build tower stone");
    brt_play(s, "build tower wood");
    return s;
}

/* "Sind die 8 Baufelder des Turms (6 grau, 2 braun) belegt, folgt die
 * Turmspitze auf dem hellblauen Feld." */
START_TEST(test_rule_spire_after_eight_tower_fields)
{
    table before;
    br_state *s = finish_tower(0, 2, 1, &before);
    brt_expect_int(s, "projects[1].stone", 6);
    brt_expect_int(s, "projects[1].wood", 2);
    brt_expect_int(s, "projects[1].metal", 1);
    brt_expect_int(s, "supply.metal", 0);
    brt_expect_field(s, "projects[1].done", "true");
    br_state_free(s);
}
END_TEST

/* "Der Spieler mit der meisten Loyalität bekommt vom König das Baumaterial
 * Metall, setzt es ein und erhält 3 Siegpunkte" (shown, not given: C18). */
START_TEST(test_rule_spire_most_loyalty_three_points)
{
    table before;
    br_state *s = finish_tower(0, 2, 1, &before);
    ck_assert_int_eq(vp(s, 0), before.vp[0] + 3);
    ck_assert_int_eq(vp(s, 1), before.vp[1] + 3);
    ck_assert_int_eq(vp(s, 2), before.vp[2]);
    ck_assert_int_eq(goods(s, 1, LOYALTY), 2);
    br_state_free(s);
}
END_TEST

/* "Bei Gleichstand wird das Metall gesetzt und alle Gleichauf-Spieler
 * bekommen je 1 Siegpunkt"; C18: also when all hold none. */
START_TEST(test_rule_spire_tie_one_point_each)
{
    table before;
    br_state *s = finish_tower(0, 2, 2, &before);
    ck_assert_int_eq(vp(s, 0), before.vp[0] + 3);
    ck_assert_int_eq(vp(s, 1), before.vp[1] + 1);
    ck_assert_int_eq(vp(s, 2), before.vp[2] + 1);
    brt_expect_int(s, "projects[1].metal", 1);
    br_state_free(s);
    s = finish_tower(0, 0, 0, &before);
    ck_assert_int_eq(vp(s, 0), before.vp[0] + 3 + 1);
    ck_assert_int_eq(vp(s, 1), before.vp[1] + 1);
    ck_assert_int_eq(vp(s, 2), before.vp[2] + 1);
    br_state_free(s);
}
END_TEST

/* "Bleibt der Turm unfertig, wird kein Metall vergeben." */
START_TEST(test_rule_no_metal_for_unfinished_tower)
{
    br_state *s = reach(2, 3, "");
    run_to(&s, 4, 1, "event", 1);
    run_to(&s, 4, 6, "action", 0);
    prepare_dues(&s);
    run_to_end(s);
    brt_expect_field(s, "projects[1].done", "false");
    brt_expect_int(s, "projects[1].metal", 0);
    brt_expect_int(s, "supply.metal", 1);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The plague */

/* "Nach Kapitel II verteilt ihr die 11 Pestplättchen verdeckt auf die 11
 * nummerierten Orte": no places before, all face down after chapter II. */
START_TEST(test_rule_plague_tiles_face_down_after_chapter_two)
{
    br_state *s = reach(2, 2, "");
    for (int x = 0; x < 11; x++)
        ck_assert_str_eq(brt_fieldf(s, "places[%d].state", x), "none");
    br_state_free(s);
    s = reach(2, 3, "");
    for (int x = 0; x < 11; x++) {
        ck_assert_str_eq(brt_fieldf(s, "places[%d].state", x), "hidden");
        ck_assert_str_eq(brt_fieldf(s, "places[%d].value", x), "null");
    }
    brt_expect_field(s, "plague_pool", "2,3,3,2,1");
    /* Design, "Hidden information": an observation shows only their number. */
    ck_assert_str_eq(brt_observed(s, 0, "plague_pool"), "11");
    ck_assert_str_eq(brt_observed(s, -1, "plague_pool"), "11");
    br_state_free(s);
}
END_TEST

/* Design, "The plague": 11 tiles 1,1,2,2,2,3,3,3,4,4,5; a reveal draws
 * among the face-down tiles by value. */
START_TEST(test_content_plague_tiles_values)
{
    br_state *s = reach(2, 3, "");
    brt_play(s, "event 23");
    expect_phase(s, "plague");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    ck_assert_str_eq(outcomes_text(s), "plague 1:0.1818, plague 2:0.2727, plague 3:0.2727, "
                                       "plague 4:0.1818, plague 5:0.0909");
    brt_play(s, "plague 5");
    brt_expect_field(s, "plague_pool", "2,3,3,2,0");
    to_next_round(s);
    brt_play(s, "event 24");
    ck_assert_str_eq(outcomes_text(s), "plague 1:0.2000, plague 2:0.3000, plague 3:0.3000, "
                                       "plague 4:0.2000");
    br_state_free(s);
}
END_TEST

/* "Noch vor dem Vorlesen deckt ihr das dortige Pestplättchen auf": E23
 * (place 4) stops at the reveal before its effect (a seat without knowledge
 * loses 2 VP only after it). */
START_TEST(test_rule_plague_tile_revealed_before_event_resolved)
{
    br_state *s = reach(2, 3, "");
    edit_state(&s, "0.knowledge=1 1.knowledge=0");
    int v1 = vp(s, 1);
    brt_play(s, "event 23");
    expect_phase(s, "plague");
    ck_assert_int_eq(vp(s, 1), v1);
    brt_expect_field(s, "places[3].state", "hidden");
    brt_play(s, "plague 3");
    brt_expect_field(s, "places[3].state", "sick");
    brt_expect_int(s, "places[3].value", 3);
    ck_assert_int_eq(vp(s, 1), v1 - 2);
    br_state_free(s);
}
END_TEST

/* C10: the card of place 11 reveals the forest hideout's tile. */
START_TEST(test_rule_hideout_revealed_by_card_eleven)
{
    br_state *s = reach(2, 3, "");
    brt_play(s, "event 26");
    expect_phase(s, "plague");
    brt_play(s, "plague 2");
    brt_expect_field(s, "places[10].state", "sick");
    brt_expect_int(s, "places[10].value", 2);
    br_state_free(s);
}
END_TEST

/* Chapter III, round 1: event e (its place revealed as `value`), `orient 0`,
 * then the edit; seat 0 is to act. */
static br_state *patient(int e, int value, const char *edit)
{
    br_state *s = reach(2, 3, "");
    brt_playf(s, "event %d", e);
    expect_phase(s, "plague");
    brt_playf(s, "plague %d", value);
    to_orient(s);
    brt_play(s, "orient 0");
    brt_expect_player(s, 0);
    if (edit[0] != '\0')
        edit_state(&s, edit);
    return s;
}

/* "Die Zahl darauf (1 bis 5) gibt an, wie viel medizinisches Wissen zur
 * Versorgung nötig ist": with 2 knowledge a 3 cannot be cared for (the
 * Medizin card then takes money and a VP without a further move); with 3 it
 * can. */
START_TEST(test_rule_care_needs_knowledge_of_tile_value)
{
    br_state *s = patient(23, 3, "0.knowledge=2");
    int money = goods(s, 0, MONEY), points = vp(s, 0);
    brt_play(s, "play medicine");
    expect_phase(s, "discard");
    ck_assert_int_eq(goods(s, 0, MONEY), money + 1);
    ck_assert_int_eq(vp(s, 0), points + 1);
    brt_expect_field(s, "places[3].state", "sick");
    br_state_free(s);
    s = patient(23, 3, "0.knowledge=3");
    brt_play(s, "play medicine");
    expect_phase(s, "follow");
    ck_assert_str_eq(brt_legal_text(s), "medicine money, care 4");
    br_state_free(s);
}
END_TEST

/* "Medizin: … oder ab Kapitel III Pestkranke versorgen"; before chapter III
 * no care move is ever legal. */
START_TEST(test_rule_medicine_care_from_chapter_three)
{
    br_state *s = patient(23, 1, "0.knowledge=1");
    brt_play(s, "play medicine");
    ck_assert_str_eq(brt_legal_text(s), "medicine money, care 4");
    br_state_free(s);
}
END_TEST

START_TEST(test_rule_no_care_before_chapter_three)
{
    br_state *s = action_with(2, 2, 13, "0.knowledge=5");
    for (int x = 1; x <= 11; x++)
        BRT_ASSERT_ILLEGAL(s, fmt("care %d", x));
    brt_play(s, "play medicine");
    expect_phase(s, "discard");
    br_state_free(s);
}
END_TEST

/* "… versorgt den Kranken, bekommt 2 Siegpunkte und den am Ort abgebildeten
 * Vorteil": place 4 gives 2 money. */
START_TEST(test_rule_care_two_points_and_place_bonus)
{
    br_state *s = patient(23, 3, "0.knowledge=3");
    brt_play(s, "play medicine");
    table before = read_table(s);
    brt_play(s, "care 4");
    table after = read_table(s);
    table want = before;
    want.vp[0] += 2;
    want.goods[0][MONEY] += 2;
    want.stock[MONEY] -= 2;
    compare_tables(&after, &want, "care 4");
    br_state_free(s);
}
END_TEST

/* "Beim Waldversteck gibt es nur die 2 Punkte." */
START_TEST(test_rule_hideout_two_points_only)
{
    br_state *s = patient(26, 2, "0.knowledge=2");
    brt_play(s, "play medicine");
    ck_assert_str_eq(brt_legal_text(s), "medicine money, care 11");
    table before = read_table(s);
    brt_play(s, "care 11");
    table after = read_table(s);
    table want = before;
    want.vp[0] += 2;
    compare_tables(&after, &want, "care 11");
    br_state_free(s);
}
END_TEST

/* "Das Plättchen kommt aus dem Spiel, das medizinische Wissen behältst du." */
START_TEST(test_rule_care_keeps_knowledge_removes_tile)
{
    br_state *s = patient(23, 3, "0.knowledge=3");
    brt_play(s, "play medicine");
    brt_play(s, "care 4");
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 3);
    brt_expect_field(s, "places[3].state", "cured");
    brt_expect_field(s, "plague_pool", "2,3,2,2,1");
    /* Nobody can care for that patient again. */
    to_next_round(s);
    brt_play(s, "event 25");
    brt_play(s, "plague 1");
    to_orient(s);
    brt_play(s, "orient 0");
    brt_expect_player(s, 1);
    edit_state(&s, "1.knowledge=5");
    brt_play(s, "play medicine");
    ck_assert_str_eq(brt_legal_text(s), "medicine money, care 2");
    br_state_free(s);
}
END_TEST

/* "Reicht dein Wissen für die Summe mehrerer Kranker, darfst du mit einer
 * Karte mehrere versorgen": 5 knowledge cover a 2 and a 3; 4 knowledge only
 * one of them. */
START_TEST(test_rule_care_several_within_knowledge_sum)
{
    for (int k = 4; k <= 5; k++) {
        br_state *s = reach(2, 3, "");
        brt_play(s, "event 23");
        brt_play(s, "plague 2");
        to_next_round(s);
        brt_play(s, "event 24");
        brt_play(s, "plague 3");
        to_orient(s);
        brt_play(s, "orient 0");
        brt_expect_player(s, 1);
        edit_statef(&s, "1.knowledge=%d", k);
        table before = read_table(s);
        brt_play(s, "play medicine");
        ck_assert_str_eq(brt_legal_text(s), "medicine money, care 4, care 9");
        brt_play(s, "care 4");
        if (k == 5) {
            expect_phase(s, "follow");
            ck_assert_str_eq(brt_legal_text(s), "done, care 9");
            brt_play(s, "care 9");
        }
        expect_phase(s, "discard");
        table after = read_table(s);
        table want = before;
        want.vp[1] += 2 + (k == 5 ? 3 : 0);
        want.goods[1][MONEY] += 2;
        want.stock[MONEY] -= 2;
        compare_tables(&after, &want, "care several");
        br_state_free(s);
    }
}
END_TEST

/* "Wer die Karte Medizin spielt und genug Wissen vorzeigt, versorgt den
 * Kranken ... Reicht dein Wissen für die Summe mehrerer Kranker, darfst du
 * mit einer Karte mehrere versorgen": the patients of one card add up to at
 * most the knowledge shown when the card is played. Place 10's bonus (+1
 * knowledge) comes mid-card and does not count: with 2 knowledge and
 * patients at 8 (value 1) and 10 (value 2), after `care 10` the card is
 * spent although the seat now holds 3. */
START_TEST(test_rule_care_sum_within_knowledge_shown_when_played)
{
    br_state *s = reach(2, 3, "");
    brt_play(s, "event 29");
    brt_play(s, "plague 1");
    to_next_round(s);
    brt_play(s, "event 31");
    brt_play(s, "plague 2");
    to_orient(s);
    brt_play(s, "orient 0");
    brt_expect_player(s, 1);
    edit_statef(&s, "1.knowledge=2");
    brt_play(s, "play medicine");
    ck_assert_str_eq(brt_legal_text(s), "medicine money, care 8, care 10");
    brt_play(s, "care 10");
    ck_assert_int_eq(goods(s, 1, KNOWLEDGE), 3);
    expect_phase(s, "discard");
    br_state_free(s);
}
END_TEST

/* Design, "The plague": the bonus of each place 1..11 (place 9: 1 VP more;
 * place 11: nothing more), cared for with the Medizin card in chapter III. */
START_TEST(test_content_places_as_designed)
{
    static const int card_of_place[12] = {0, 28, 25, 30, 23, 32, 27, 33, 29, 24, 31, 26};
    int x = 1 + _i;
    int e = card_of_place[x];
    ck_assert_int_eq(EVENTS[e].place, x);
    br_state *s = patient(e, 1, "0.knowledge=5");
    brt_play(s, "play medicine");
    table before = read_table(s);
    brt_playf(s, "care %d", x);
    table after = read_table(s);
    table want = before;
    want.vp[0] += 2 + (x == 9) + (e == 27); /* E27: +1 VP per patient (lasting) */
    if (PLACE_BONUS[x] >= 0) {
        want.goods[0][PLACE_BONUS[x]] += PLACE_AMOUNT[x];
        want.stock[PLACE_BONUS[x]] -= PLACE_AMOUNT[x];
    }
    compare_tables(&after, &want, fmt("care %d", x));
    br_state_free(s);
}
END_TEST

/* Design: "each chapter III card and each chapter IV card shows one place;
 * in each of the two chapters the 11 cards show the places 1..11 once
 * each". */
START_TEST(test_content_chapter_three_four_places_once_each)
{
    for (int ch = 3; ch <= 4; ch++) {
        int seen[12] = {0};
        for (int e = 1; e <= 44; e++)
            if (EVENTS[e].chapter == ch)
                seen[EVENTS[e].place]++;
        for (int x = 1; x <= 11; x++)
            ck_assert_int_eq(seen[x], 1);
    }
    br_state *s = reach(2, 3, "");
    for (int e = 23; e <= 33; e++) {
        br_state *c = brt_clone(s);
        brt_playf(c, "event %d", e);
        expect_phase(c, "plague");
        brt_play(c, "plague 1");
        for (int x = 1; x <= 11; x++)
            ck_assert_str_eq(brt_fieldf(c, "places[%d].state", x - 1),
                             x == EVENTS[e].place ? "sick" : "hidden");
        br_state_free(c);
    }
    br_state_free(s);
}
END_TEST

/* "Führt in Kapitel IV eine Zahl zu einem Ort, an dem schon jemand erkrankt
 * oder bereits versorgt wurde, passiert nichts – niemand erkrankt zweimal":
 * place 4, revealed in chapter III, is not revealed again by E44. */
START_TEST(test_rule_nobody_falls_ill_twice)
{
    br_state *s = reach(2, 3, "");
    brt_play(s, "event 23");
    brt_play(s, "plague 4");
    run_to(&s, 4, 1, "event", 1);
    brt_expect_field(s, "places[3].state", "sick");
    char *pool = brt_strdup(brt_field(s, "plague_pool"));
    brt_play(s, "event 44");
    expect_phase(s, "orient");
    brt_expect_field(s, "places[3].state", "sick");
    brt_expect_int(s, "places[3].value", 4);
    brt_expect_field(s, "plague_pool", pool);
    free(pool);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The effect vocabulary, chapters III and IV */

/* show_or (E23, 1 knowledge or -2 VP): nothing is given. */
START_TEST(test_rule_effect_show_or)
{
    br_state *s = reach(3, 3, "");
    edit_state(&s, "0.knowledge=1 1.knowledge=0 2.knowledge=4");
    int v[3] = {vp(s, 0), vp(s, 1), vp(s, 2)};
    brt_play(s, "event 23");
    brt_play(s, "plague 2");
    ck_assert_int_eq(vp(s, 0), v[0]);
    ck_assert_int_eq(vp(s, 1), v[1] - 2);
    ck_assert_int_eq(vp(s, 2), v[2]);
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 1);
    ck_assert_int_eq(goods(s, 2, KNOWLEDGE), 4);
    br_state_free(s);
}
END_TEST

/* cost (E26, Hausbau +1 money). */
START_TEST(test_rule_effect_cost)
{
    br_state *s = action_with(2, 3, 26, "0.stone=1 0.money=1");
    BRT_ASSERT_ILLEGAL(s, "play house");
    br_state_free(s);
    s = action_with(2, 3, 26, "0.stone=1 0.wood=0 0.money=2");
    brt_play(s, "play house");
    brt_play(s, "house p1");
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    br_state_free(s);
}
END_TEST

/* bonus (E31, Frömmigkeit +1 VP; E27, +1 VP per patient, in
 * test_content_places_as_designed). */
START_TEST(test_rule_effect_bonus_chapter_three)
{
    br_state *s = action_with(2, 3, 31, "0.piety=0");
    int points = vp(s, 0);
    brt_play(s, "play piety");
    ck_assert_int_eq(goods(s, 0, PIETY), 1);
    ck_assert_int_eq(vp(s, 0), points + 1);
    br_state_free(s);
}
END_TEST

/* Chapter IV: event e drawn (a face-down place revealed as the lowest
 * tile), with the edit applied before. */
static br_state *chapter_four_event(int e, const char *edit)
{
    br_state *s = reach(2, 4, "");
    if (edit[0] != '\0')
        edit_state(&s, edit);
    brt_playf(s, "event %d", e);
    if (strcmp(phase(s), "plague") == 0)
        auto_step(s);
    return s;
}

/* per_house (E36, +1 VP per own house). */
START_TEST(test_rule_effect_per_house)
{
    br_state *s = reach(2, 4, "");
    edit_state(&s, "house=0:1 house=0:9 house=1:4");
    int v0 = vp(s, 0), v1 = vp(s, 1);
    br_state_free(s);
    s = chapter_four_event(36, "house=0:1 house=0:9 house=1:4");
    ck_assert_int_eq(vp(s, 0), v0 + 2);
    ck_assert_int_eq(vp(s, 1), v1 + 1);
    br_state_free(s);
}
END_TEST

/* most (E37, loyalty +3 VP). */
START_TEST(test_rule_effect_most_loyalty)
{
    br_state *s = reach(2, 4, "");
    edit_state(&s, "0.loyalty=2 1.loyalty=1");
    int v0 = vp(s, 0), v1 = vp(s, 1);
    br_state_free(s);
    s = chapter_four_event(37, "0.loyalty=2 1.loyalty=1");
    ck_assert_int_eq(vp(s, 0), v0 + 3);
    ck_assert_int_eq(vp(s, 1), v1);
    br_state_free(s);
}
END_TEST

/* fill (E34, tower): one cube from the supply, stone first, nobody scores;
 * it can finish the tower, whose spire is then awarded at once. */
START_TEST(test_rule_effect_fill)
{
    br_state *s = reach(2, 4, "");
    int stone = brt_field_int(s, "projects[1].stone"), wood = brt_field_int(s, "projects[1].wood");
    int v0 = vp(s, 0), v1 = vp(s, 1);
    br_state_free(s);
    s = chapter_four_event(34, "");
    brt_expect_int(s, "projects[1].stone", stone + 1);
    brt_expect_int(s, "projects[1].wood", wood);
    ck_assert_int_eq(vp(s, 0), v0);
    ck_assert_int_eq(vp(s, 1), v1);
    br_state_free(s);
    s = chapter_four_event(34, "project=tower:6:1 0.loyalty=0 1.loyalty=1");
    brt_expect_int(s, "projects[1].wood", 2);
    brt_expect_int(s, "projects[1].metal", 1);
    ck_assert_int_eq(vp(s, 0), v0);
    ck_assert_int_eq(vp(s, 1), v1 + 3);
    br_state_free(s);
}
END_TEST

/* price (E38, cloth 6), bonus (E39, Gunst +1 VP), ban (E40, Hauspacht). */
START_TEST(test_rule_effect_lasting_chapter_four)
{
    br_state *s = chapter_four_event(38, "");
    to_orient(s);
    brt_play(s, "orient 0");
    edit_state(&s, "0.wool=0 0.cloth=1 0.money=0");
    brt_play(s, "play wool-sale");
    ck_assert_int_eq(goods(s, 0, MONEY), 6);
    br_state_free(s);

    s = chapter_four_event(39, "");
    to_orient(s);
    brt_play(s, "orient 0");
    edit_state(&s, "favour=prioress");
    int points = vp(s, 0), wool = goods(s, 0, WOOL);
    brt_play(s, "play favour");
    ck_assert_int_eq(goods(s, 0, WOOL), wool + 1);
    ck_assert_int_eq(vp(s, 0), points + 1);
    br_state_free(s);

    s = chapter_four_event(40, "");
    to_orient(s);
    brt_play(s, "orient 0");
    edit_state(&s, "house=0:9");
    BRT_ASSERT_ILLEGAL(s, "play rent");
    BRT_ASSERT_LEGAL(s, "lay rent");
    br_state_free(s);
}
END_TEST

/* ban (E40, Hauspacht): "Privileg may not repeat it either". Seat 0 rents
 * in round 1; in round 2 E40 comes up and Privileg cannot repeat the rent. */
START_TEST(test_rule_effect_ban_also_for_privilege)
{
    br_state *s = chapter_four_event(38, "");
    to_orient(s);
    brt_play(s, "orient 0");
    edit_state(&s, "house=0:9 house=0:13");
    brt_play(s, "play rent");
    brt_play(s, "rent p9");
    brt_play(s, "done");
    to_next_round(s);
    br_state *c = brt_clone(s);
    brt_playf(s, "event 40");
    if (strcmp(phase(s), "plague") == 0)
        auto_step(s);
    to_orient(s);
    brt_play(s, "orient 0");
    to_action_of(s, 0);
    BRT_ASSERT_ILLEGAL(s, "play privilege");
    BRT_ASSERT_LEGAL(s, "lay privilege");
    br_state_free(s);
    /* Without the ban the same Privileg is legal. */
    brt_play(c, "event 36");
    if (strcmp(phase(c), "plague") == 0)
        auto_step(c);
    to_orient(c);
    brt_play(c, "orient 0");
    to_action_of(c, 0);
    BRT_ASSERT_LEGAL(c, "play privilege");
    br_state_free(c);
}
END_TEST

/* trade (E41, piety -> 3 VP) and pay_or (E43, 1 grain or -2 VP). */
START_TEST(test_rule_effect_trade_and_pay_or_chapter_four)
{
    br_state *s = reach(2, 4, "");
    edit_state(&s, "0.piety=1 1.piety=0 0.grain=1 1.grain=1");
    int v0 = vp(s, 0), v1 = vp(s, 1);
    br_state *c = brt_clone(s);
    brt_playf(c, "event 41");
    if (strcmp(phase(c), "plague") == 0)
        auto_step(c);
    expect_phase(c, "choice");
    brt_expect_player(c, 0);
    brt_play(c, "accept");
    expect_phase(c, "orient");
    ck_assert_int_eq(vp(c, 0), v0 + 3);
    ck_assert_int_eq(goods(c, 0, PIETY), 0);
    br_state_free(c);
    brt_playf(s, "event 43");
    if (strcmp(phase(s), "plague") == 0)
        auto_step(s);
    brt_expect_player(s, 0);
    brt_play(s, "accept");
    brt_expect_player(s, 1);
    brt_play(s, "decline");
    ck_assert_int_eq(goods(s, 0, GRAIN), 0);
    ck_assert_int_eq(vp(s, 0), v0);
    ck_assert_int_eq(vp(s, 1), v1 - 2);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* The chapter end */

/* Chapter I, round 6 (2 players unless said): every seat prepared for the
 * dues and without loyalty, then the edit; `before` receives the position
 * (after round 6's income); played on to the tax node. */
static br_state *to_tax(int players, const char *edit, table *before)
{
    br_state *s = at_last_round(players, 1, "");
    prepare_dues(&s);
    for (int seat = 0; seat < players; seat++)
        edit_statef(&s, "%d.loyalty=0", seat);
    if (edit[0] != '\0')
        edit_state(&s, edit);
    *before = read_table(s);
    to_phase(s, "tax");
    return s;
}

/* "Nach 6 Runden liest jemand die Kapitelschlusskarte vor": after round 6's
 * last action comes the chapter end (the tax roll), not a 7th round. */
START_TEST(test_rule_chapter_end_after_round_six)
{
    br_state *s = at_last_round(2, 1, "");
    prepare_dues(&s);
    for (int guard = 0; strcmp(phase(s), "action") == 0 || strcmp(phase(s), "follow") == 0;
         guard++) {
        ck_assert_int_lt(guard, 10);
        auto_step(s);
    }
    expect_phase(s, "tax");
    brt_expect_int(s, "chapter", 1);
    ck_assert_int_eq(brt_array_size(s, "drawn[0]"), 6);
    br_state_free(s);
}
END_TEST

/* "1. Auf jedes unvollendete Bauvorhaben kommt ein passendes Baumaterial
 * aus dem Vorrat": the bridge, the mill and the palace (E01, E02) each get a
 * stone; nobody scores; C19: a covered project too (the bridge under E22 in
 * chapter II). */
START_TEST(test_rule_chapter_end_fills_each_unfinished_project)
{
    table before;
    br_state *s = to_tax(2, "", &before);
    expect_in_play(s, "1000110");
    static const int projects[3] = {BRIDGE, PALACE, MILL};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(brt_field_intf(s, "projects[%d].stone", projects[i]), 1);
        ck_assert_int_eq(brt_field_intf(s, "projects[%d].wood", projects[i]), 0);
    }
    for (int seat = 0; seat < 2; seat++)
        ck_assert_int_eq(vp(s, seat), before.vp[seat]);
    ck_assert_int_eq(brt_field_int(s, "supply.stone"), before.stock[STONE] - 3);
    br_state_free(s);

    s = reach(2, 2, "");
    brt_play(s, "event 22");
    run_to(&s, 2, 6, "action", 0);
    prepare_dues(&s);
    int cubes = brt_field_int(s, "projects[0].stone") + brt_field_int(s, "projects[0].wood");
    brt_expect_field(s, "covers", "project bridge");
    to_phase(s, "tax");
    ck_assert_int_eq(brt_field_int(s, "projects[0].stone") + brt_field_int(s, "projects[0].wood"),
                     cubes + 1);
    br_state_free(s);
}
END_TEST

/* "Sind Stein- und Holzfeld frei, wird zuerst das Steinfeld gefüllt"; with
 * the stone fields full, wood. */
START_TEST(test_rule_chapter_end_fill_stone_first)
{
    br_state *s = at_last_round(2, 1, "");
    prepare_dues(&s);
    edit_state(&s, "project=bridge:4:0 project=palace:2:1");
    to_phase(s, "tax");
    brt_expect_int(s, "projects[0].stone", 4);
    brt_expect_int(s, "projects[0].wood", 1);
    brt_expect_int(s, "projects[4].stone", 3);
    brt_expect_int(s, "projects[4].wood", 1);
    br_state_free(s);
}
END_TEST

/* The chapter-end cube can complete a project, "completed as usual": seat 0
 * donated to the mill, which the cube of chapter II's end finishes. */
START_TEST(test_rule_chapter_end_fill_can_complete)
{
    br_state *s = action_with(2, 2, 13, "project=mill:1:2 0.money=1");
    brt_play(s, "play donate");
    brt_play(s, "donate mill");
    run_to(&s, 2, 6, "action", 0);
    prepare_dues(&s);
    int points = vp(s, 0), cloth = goods(s, 0, CLOTH);
    to_phase(s, "tax");
    brt_expect_field(s, "projects[5].done", "true");
    brt_expect_int(s, "projects[5].wood", 3);
    ck_assert_str_eq(seals_text(s, MILL), "");
    ck_assert_int_eq(vp(s, 0), points + 1);
    ck_assert_int_eq(goods(s, 0, CLOTH), cloth + 1);
    br_state_free(s);
}
END_TEST

/* "2. Alle Abdeckplättchen werden entfernt": the autopilot's chapter I
 * draws E05 and E08 (market wool, favour outlaws-1). */
START_TEST(test_rule_chapter_end_removes_covers)
{
    br_state *s = at_last_round(2, 1, "");
    ck_assert_int_eq(brt_array_size(s, "covers"), 2);
    brt_expect_int(s, "supply.covers", 3);
    run_to(&s, 2, 1, "event", 0);
    brt_expect_field(s, "covers", "");
    brt_expect_int(s, "supply.covers", 5);
    br_state_free(s);
}
END_TEST

/* "3. Alle dauerhaften und sofortigen Ereigniskarten werden abgeräumt"
 * (E09 and E10 lay on the display at the end of chapter I). */
START_TEST(test_rule_chapter_end_clears_events)
{
    br_state *s = at_last_round(2, 1, "");
    ck_assert_str_eq(display_text(s), "9,-");
    ck_assert_int_eq(field_event(s, "event"), 10);
    run_to(&s, 2, 1, "event", 1);
    ck_assert_str_eq(display_text(s), "-,-");
    brt_expect_field(s, "event", "null");
    br_state_free(s);
}
END_TEST

/* "Am Ende jedes Kapitels stehen Pflichtabgaben an" / "4. Alle leisten ihre
 * Pflichtabgaben": 2 piety to the cathedral, 2 grain to the field, the tax
 * in money, at the end of chapters I and II. */
START_TEST(test_rule_dues_at_every_chapter_end)
{
    table before;
    br_state *s = to_tax(2, "0.grain=3 0.piety=2 0.money=4", &before);
    ck_assert_int_eq(goods(s, 0, GRAIN), 1);
    ck_assert_int_eq(goods(s, 0, PIETY), 0);
    ck_assert_int_eq(goods(s, 1, GRAIN), 0);
    ck_assert_int_eq(goods(s, 1, PIETY), 0);
    brt_play(s, "tax 3");
    ck_assert_int_eq(goods(s, 0, MONEY), 1);
    ck_assert_int_eq(goods(s, 1, MONEY), 2);
    for (int seat = 0; seat < 2; seat++)
        ck_assert_int_eq(vp(s, seat), before.vp[seat]);
    run_to(&s, 2, 6, "action", 0);
    edit_state(&s, "0.grain=2 0.piety=2 0.money=5 1.grain=2 1.piety=2 1.money=5");
    to_phase(s, "tax");
    ck_assert_int_eq(goods(s, 0, GRAIN), 0);
    ck_assert_int_eq(goods(s, 1, PIETY), 0);
    brt_play(s, "tax 5");
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    br_state_free(s);
}
END_TEST

/* "Abgegebene Güter kommen sofort auf ihren Platz auf dem Plan oder in den
 * Vorrat zurück": dues grain to the field, piety to the cathedral, money to
 * the supply. */
START_TEST(test_rule_given_goods_return_to_their_place)
{
    table before;
    br_state *s = to_tax(3, "", &before);
    ck_assert_int_eq(stock(s, GRAIN), before.stock[GRAIN] + 6);
    ck_assert_int_eq(stock(s, PIETY), before.stock[PIETY] + 6);
    brt_play(s, "tax 4");
    ck_assert_int_eq(stock(s, MONEY), before.stock[MONEY] + 12);
    br_state_free(s);
}
END_TEST

/* "5. Übrige Frömmigkeit, Getreide und Geld nehmt ihr mit ins nächste
 * Kapitel" (C13: every good is kept). */
START_TEST(test_rule_goods_kept_into_next_chapter)
{
    table before;
    br_state *s = to_tax(2, "0.grain=3 0.piety=3 0.money=7 0.wool=2 0.cloth=1 0.stone=2 "
                            "0.wood=1 0.loyalty=1 0.knowledge=2", &before);
    brt_play(s, "tax 2");
    run_to(&s, 2, 1, "event", 0);
    static const int want[NUM_GOODS] = {2, 1, 1, 1, 2, 1, 5, 1, 2};
    for (int g = 0; g < NUM_GOODS; g++)
        ck_assert_msg(goods(s, 0, g) == want[g], "%s: %d, want %d", GOOD_NAMES[g],
                      goods(s, 0, g), want[g]);
    br_state_free(s);
}
END_TEST

/* "Frömmigkeit: 2 Frömmigkeit zurück auf die Kathedrale. Pro fehlender
 * Einheit 3 Siegpunkte Verlust und Buße im nächsten Kapitel." */
START_TEST(test_rule_piety_due_three_points_per_missing_and_penance)
{
    table before;
    br_state *s = to_tax(2, "0.piety=0 1.piety=1", &before);
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 6);
    ck_assert_int_eq(vp(s, 1), before.vp[1] - 3);
    ck_assert(penalty(s, 0, "penance"));
    ck_assert(penalty(s, 1, "penance"));
    ck_assert(!penalty(s, 0, "begging"));
    ck_assert(!penalty(s, 0, "court"));
    brt_play(s, "tax 2");
    expect_phase(s, "penance");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    brt_expect_int(s, "chapter", 2);
    brt_expect_int(s, "round", 1);
    brt_expect_int(s, "turn", 0);
    ck_assert_str_eq(outcomes_text(s),
                     "penance grain:0.0833, penance piety:0.0833, penance material:0.0833, "
                     "penance build:0.0833, penance wool-sale:0.0833, "
                     "penance privilege:0.0833, penance house:0.0833, penance rent:0.0833, "
                     "penance donate:0.0833, penance weave:0.0833, penance medicine:0.0833, "
                     "penance favour:0.0833");
    brt_play(s, "penance rent");
    expect_phase(s, "penance");
    brt_expect_int(s, "turn", 1);
    brt_play(s, "penance grain");
    expect_phase(s, "event");
    br_state_free(s);
}
END_TEST

/* "Getreide: 2 Getreide zurück auf den Acker. Pro fehlender Einheit 2
 * Siegpunkte Verlust und Betteln im nächsten Kapitel." */
START_TEST(test_rule_grain_due_two_points_per_missing_and_begging)
{
    table before;
    br_state *s = to_tax(2, "1.grain=0", &before);
    ck_assert_int_eq(vp(s, 1), before.vp[1] - 4);
    ck_assert_int_eq(vp(s, 0), before.vp[0]);
    ck_assert(penalty(s, 1, "begging"));
    ck_assert(!penalty(s, 1, "penance"));
    ck_assert(!penalty(s, 0, "begging"));
    br_state_free(s);
}
END_TEST

/* "Betteln: Du verzichtest im neuen Kapitel auf dein Einkommen der ersten
 * Runde" (nor the substitute point); in round 2 the seat has income again. */
START_TEST(test_rule_begging_no_income_round_one)
{
    table before;
    br_state *s = to_tax(2, "1.grain=1", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "event");
    brt_play(s, "event 22");
    orient_checked(s, 22, 3, 1 << 1);
    auto_step(s);
    auto_step(s);
    auto_step(s);
    auto_step(s);
    expect_phase(s, "event");
    brt_play(s, "event 13");
    orient_checked(s, 13, 0, 0);
    br_state_free(s);
}
END_TEST

/* "Steuern: Der Startspieler würfelt mit dem Steuerwürfel, das Ergebnis
 * liegt zwischen 2 und 5 Geld"; design: faces 2,3,3,4,4,5. */
START_TEST(test_rule_tax_die_two_to_five)
{
    table before;
    br_state *s = to_tax(3, "", &before);
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    ck_assert_str_eq(brt_legal_text(s), "tax 2, tax 3, tax 4, tax 5");
    br_state_free(s);
}
END_TEST

START_TEST(test_content_tax_die_faces)
{
    table before;
    br_state *s = to_tax(2, "", &before);
    ck_assert_str_eq(outcomes_text(s), "tax 2:0.1667, tax 3:0.3333, tax 4:0.3333, tax 5:0.1667");
    br_state_free(s);
}
END_TEST

/* "Wer nicht genug hat, gibt alles ab, verliert pro fehlendem Geld 1
 * Siegpunkt und muss vor das Königliche Gericht." */
START_TEST(test_rule_tax_shortfall_all_money_point_per_coin_court)
{
    table before;
    br_state *s = to_tax(2, "0.money=1", &before);
    int points = vp(s, 0), supply = stock(s, MONEY);
    brt_play(s, "tax 4");
    ck_assert_int_eq(goods(s, 0, MONEY), 0);
    ck_assert_int_eq(vp(s, 0), points - 3);
    ck_assert_int_eq(stock(s, MONEY), supply + 1 + 4);
    ck_assert(penalty(s, 0, "court"));
    ck_assert(!penalty(s, 1, "court"));
    br_state_free(s);
}
END_TEST

/* "Königliches Gericht: … In der ersten Runde legst du eine offene Karte auf
 * den Aktionsstapel und eine verdeckte auf den Abwurfstapel, nutzt die
 * offene Karte aber nicht"; in round 2 the seat plays again. */
START_TEST(test_rule_court_first_round_card_unused)
{
    table before;
    br_state *s = to_tax(2, "0.money=0", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "event");
    brt_play(s, "event 13");
    brt_play(s, "orient 0");
    brt_expect_player(s, 0);
    ck_assert_msg(!brt_any_legal_starting(s, "play "), "the court seat may play: %s",
                  brt_legal_text(s));
    ck_assert_int_eq(legal_moves(s, (br_move[MOVE_BUFFER]){0}), 12);
    brt_play(s, "lay build");
    expect_phase(s, "discard");
    brt_play(s, "discard rent");
    ck_assert_str_eq(pile_text(s, 0), "build-");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "rent");
    brt_expect_player(s, 1);
    ck_assert(brt_any_legal_starting(s, "play "));
    auto_step(s);
    auto_step(s);
    brt_play(s, "event 14");
    brt_play(s, "orient 0");
    auto_step(s);
    auto_step(s);
    brt_expect_player(s, 0);
    ck_assert(brt_any_legal_starting(s, "play "));
    br_state_free(s);
}
END_TEST

/* "Buße: Zu Beginn der ersten Runde des neuen Kapitels zieht dir jemand eine
 * Aktionskarte zufällig aus der Hand. Bei deiner ersten Aktion wirfst du
 * dann keine Karte mehr ab." */
START_TEST(test_rule_penance_random_card_no_first_discard)
{
    table before;
    br_state *s = to_tax(2, "0.piety=0", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "penance");
    brt_play(s, "penance rent");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "rent");
    ck_assert_int_eq(hand_size(s, 0), 11);
    expect_phase(s, "event");
    brt_play(s, "event 13");
    brt_play(s, "orient 0");
    brt_expect_player(s, 0);
    brt_play(s, "play grain");
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    ck_assert_int_eq(discards_size(s, 0), 1);
    ck_assert_int_eq(hand_size(s, 0), 10);
    brt_play(s, "lay grain");
    expect_phase(s, "discard");
    brt_expect_player(s, 1);
    auto_step(s);
    brt_play(s, "event 14");
    brt_play(s, "orient 0");
    auto_step(s);
    auto_step(s);
    brt_expect_player(s, 0);
    brt_play(s, "lay piety");
    expect_phase(s, "discard");
    brt_expect_player(s, 0);
    br_state_free(s);
}
END_TEST

/* C3: penance and court together: the random card is the round's face-down
 * card; the seat lays one card unused and discards nothing. */
START_TEST(test_rule_penance_and_court_one_face_up_no_discard)
{
    table before;
    br_state *s = to_tax(2, "0.piety=0 0.money=0", &before);
    ck_assert(penalty(s, 0, "penance"));
    brt_play(s, "tax 2");
    ck_assert(penalty(s, 0, "court"));
    brt_play(s, "penance rent");
    brt_play(s, "event 13");
    brt_play(s, "orient 0");
    brt_expect_player(s, 0);
    ck_assert(!brt_any_legal_starting(s, "play "));
    brt_play(s, "lay build");
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    ck_assert_str_eq(pile_text(s, 0), "build-");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "rent");
    br_state_free(s);
}
END_TEST

/* "Für 1 abgegebene Loyalität befreist du dich von einer Strafe, egal wie
 * viele Einheiten dir fehlen. Die Siegpunkte verlierst du trotzdem." */
START_TEST(test_rule_loyalty_redeems_one_penalty_points_still_lost)
{
    table before;
    br_state *s = to_tax(2, "0.piety=0 0.loyalty=1", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "redeem");
    brt_expect_player(s, 0);
    ck_assert_str_eq(brt_legal_text(s), "done, redeem piety");
    int supply = stock(s, LOYALTY);
    brt_play(s, "redeem piety");
    ck_assert_int_eq(goods(s, 0, LOYALTY), 0);
    ck_assert_int_eq(stock(s, LOYALTY), supply + 1);
    ck_assert(!penalty(s, 0, "penance"));
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 6);
    expect_phase(s, "event");
    brt_expect_int(s, "chapter", 2);
    br_state_free(s);

    /* "[each, from the start player]": the start player of chapter I's end
     * is round 6's active player, seat 1 (C12); it decides first. */
    s = to_tax(2, "0.piety=0 0.loyalty=1 1.piety=0 1.loyalty=1", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "redeem");
    brt_expect_player(s, 1);
    brt_play(s, "redeem piety");
    expect_phase(s, "redeem");
    brt_expect_player(s, 0);
    brt_play(s, "done");
    ck_assert(penalty(s, 0, "penance"));
    ck_assert(!penalty(s, 1, "penance"));
    expect_phase(s, "penance");
    brt_expect_int(s, "turn", 0);
    br_state_free(s);
}
END_TEST

/* "Für mehrere Strafen brauchst du entsprechend mehr Loyalität": with 1
 * loyalty and two penalties one is redeemed and the seat is not asked
 * again; with 2, both. */
START_TEST(test_rule_loyalty_one_per_penalty)
{
    table before;
    br_state *s = to_tax(2, "0.piety=0 0.grain=0 0.loyalty=1", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "redeem");
    ck_assert_str_eq(brt_legal_text(s), "done, redeem piety, redeem grain");
    brt_play(s, "redeem grain");
    ck_assert(!penalty(s, 0, "begging"));
    ck_assert(penalty(s, 0, "penance"));
    expect_phase(s, "penance");
    br_state_free(s);

    s = to_tax(2, "0.piety=0 0.grain=0 0.loyalty=2", &before);
    brt_play(s, "tax 2");
    brt_play(s, "redeem piety");
    expect_phase(s, "redeem");
    ck_assert_str_eq(brt_legal_text(s), "done, redeem grain");
    brt_play(s, "redeem grain");
    ck_assert_int_eq(goods(s, 0, LOYALTY), 0);
    ck_assert(!penalty(s, 0, "begging"));
    ck_assert(!penalty(s, 0, "penance"));
    expect_phase(s, "event");
    br_state_free(s);
}
END_TEST

/* C8: "Erscheint in Kapitel II als erstes Ereignis die Karte zum Krieg gegen
 * Frankreich, muss ein Spieler vor dem Königlichen Gericht nicht zusätzlich
 * 2 Aktionskarten ablegen": the court seat is not asked about the war
 * (though it holds loyalty), keeps its loyalty and lays its two cards once. */
START_TEST(test_rule_war_first_event_court_not_extra)
{
    table before;
    br_state *s = to_tax(2, "0.money=0 0.loyalty=1 1.loyalty=1", &before);
    brt_play(s, "tax 3");
    expect_phase(s, "redeem");
    brt_expect_player(s, 0);
    brt_play(s, "done");
    expect_phase(s, "event");
    ck_assert(penalty(s, 0, "court"));
    brt_play(s, "event 12");
    expect_phase(s, "choice");
    brt_expect_player(s, 1);
    brt_play(s, "decline");
    expect_phase(s, "orient");
    brt_play(s, "orient 0");
    brt_expect_player(s, 0);
    ck_assert(!brt_any_legal_starting(s, "play "));
    brt_play(s, "lay build");
    expect_phase(s, "discard");
    brt_play(s, "discard rent");
    expect_phase(s, "action");
    brt_expect_player(s, 1);
    ck_assert(!brt_any_legal_starting(s, "play "));
    ck_assert_str_eq(pile_text(s, 0), "build-");
    ck_assert_str_eq(cards_text(s, "players[0].discards"), "rent");
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    br_state_free(s);
}
END_TEST

/* Chapter IV, round 6 (2 players): dues prepared, no loyalty, then the
 * edit; played on to the tax node. */
static br_state *to_last_tax(const char *edit, table *before)
{
    br_state *s = reach(2, 4, "");
    run_to(&s, 4, 6, "action", 0);
    prepare_dues(&s);
    edit_state(&s, "0.loyalty=0 1.loyalty=0");
    if (edit[0] != '\0')
        edit_state(&s, edit);
    *before = read_table(s);
    to_phase(s, "tax");
    return s;
}

/* "Nach Kapitel IV gibt es keine Strafen mehr, aber doppelten
 * Punktverlust." */
START_TEST(test_rule_last_dues_double_loss_no_penalties)
{
    table before;
    br_state *s = to_last_tax("0.piety=1 1.money=2", &before);
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 3);
    brt_play(s, "tax 4");
    ck_assert(br_state_is_terminal(s));
    expect_phase(s, "over");
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 6);
    ck_assert_int_eq(vp(s, 1), before.vp[1] - 4);
    ck_assert(!penalty(s, 0, "penance"));
    ck_assert(!penalty(s, 1, "court"));
    br_state_free(s);
}
END_TEST

/* "Auch dagegen kannst du dich mit Loyalität schützen; den einfachen
 * Punktverlust trägst du dennoch." */
START_TEST(test_rule_last_dues_loyalty_cancels_doubling)
{
    table before;
    br_state *s = to_last_tax("0.piety=1 0.loyalty=1", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "redeem");
    ck_assert_str_eq(brt_legal_text(s), "done, redeem piety");
    brt_play(s, "redeem piety");
    ck_assert(br_state_is_terminal(s));
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 3);
    ck_assert_int_eq(goods(s, 0, LOYALTY), 0);
    br_state_free(s);
    s = to_last_tax("0.piety=1 0.loyalty=1", &before);
    brt_play(s, "tax 2");
    brt_play(s, "done");
    ck_assert(br_state_is_terminal(s));
    ck_assert_int_eq(vp(s, 0), before.vp[0] - 6);
    ck_assert_int_eq(goods(s, 0, LOYALTY), 1);
    br_state_free(s);
}
END_TEST

/* "Medizinisches Wissen kann weder abgegeben noch verloren werden": not by
 * the dues (all short), not by E25 (lose piety), not by caring. */
START_TEST(test_rule_knowledge_never_lost)
{
    table before;
    br_state *s = to_tax(2, "0.knowledge=3 0.piety=0 0.grain=0 0.money=0", &before);
    brt_play(s, "tax 5");
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 3);
    br_state_free(s);
    s = reach(2, 3, "");
    edit_state(&s, "0.knowledge=2 0.piety=1");
    brt_play(s, "event 25");
    brt_play(s, "plague 1");
    ck_assert_int_eq(goods(s, 0, KNOWLEDGE), 2);
    ck_assert_int_eq(goods(s, 0, PIETY), 0);
    br_state_free(s);
}
END_TEST

/* "Unter 0 Punkte fällt niemand, weitere Verluste verfallen." */
START_TEST(test_rule_points_never_below_zero)
{
    table before;
    br_state *s = to_tax(2, "0.vp=2 0.piety=0", &before);
    ck_assert_int_eq(vp(s, 0), 0);
    brt_play(s, "tax 2");
    ck_assert_int_eq(vp(s, 0), 0);
    double scores[2];
    ck_assert_int_eq(br_state_scores(s, scores, 2), BR_OK);
    ck_assert(scores[0] == 0);
    br_state_free(s);
}
END_TEST

/* "Reicht die Siegpunktleiste nicht, zählt ihr wieder ab 1 weiter und
 * addiert 60 Punkte": the score keeps counting past 60. */
START_TEST(test_rule_points_beyond_sixty_keep_counting)
{
    br_state *s = ch1_action(2, 1, "0.vp=59 0.stone=2");
    brt_play(s, "play build");
    brt_play(s, "build bridge stone stone");
    ck_assert_int_eq(vp(s, 0), 65);
    double scores[2];
    ck_assert_int_eq(br_state_scores(s, scores, 2), BR_OK);
    ck_assert(scores[0] == 65);
    br_state_free(s);
}
END_TEST

/* The line of the render that shows where seat 0 stands on the track. */
static void expect_track_line(br_state **s, int points, const char *want)
{
    edit_statef(s, "0.vp=%d", points);
    char text[8192];
    ck_assert_int_eq(br_state_render(*s, text, sizeof text, NULL), BR_OK);
    const char *line = strstr(text, "Track: seat 0");
    ck_assert_msg(line != NULL, "%d VP: no track line in\n%s", points, text);
    ck_assert_msg(strncmp(line, want, strlen(want)) == 0 && line[strlen(want)] == '\n',
                  "%d VP: got '%.40s', want '%s'", points, line, want);
}

/* "Reicht die Siegpunktleiste nicht, zählt ihr wieder ab 1 weiter und
 * addiert 60 Punkte": the track's spaces are 1..60, so 60 VP stand on space
 * 60 of the first lap, 61 on space 1 after one wrap, 120 on space 60 after
 * one wrap, 121 on space 1 after two. */
START_TEST(test_rule_track_wraps_after_space_sixty)
{
    br_state *s = new_state("players=2");
    expect_track_line(&s, 60, "Track: seat 0 at 60 on lap 1");
    expect_track_line(&s, 61, "Track: seat 0 at 1 on lap 2");
    expect_track_line(&s, 119, "Track: seat 0 at 59 on lap 2");
    expect_track_line(&s, 120, "Track: seat 0 at 60 on lap 2");
    expect_track_line(&s, 121, "Track: seat 0 at 1 on lap 3");
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Results */

/* C17: the most VP wins; seats tied for the most share the win (returns:
 * +1 each winner, -1 the others, 0 for all when all win). */
START_TEST(test_rule_most_points_wins_ties_share)
{
    static const struct {
        const char *vps, *edit, *winners, *returns;
    } cases[] = {
        {"30,30,20", "0.vp=30 1.vp=30 2.vp=20", "1,1,0", "1,1,-1"},
        {"25,25,25", "0.vp=25 1.vp=25 2.vp=25", "1,1,1", "0,0,0"},
        {"10,31,30", "0.vp=10 1.vp=31 2.vp=30", "0,1,0", "-1,1,-1"},
    };
    br_state *start = reach(3, 4, "");
    run_to(&start, 4, 6, "action", 0);
    prepare_dues(&start);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        br_state *s = brt_clone(start);
        edit_state(&s, cases[i].edit);
        BRT_ASSERT_ILLEGAL(s, "tax 2");
        ck_assert_int_eq(br_state_winners(s, (int[4]){0}, 4), BR_ERR_WRONG_PHASE);
        run_to_end(s);
        expect_phase(s, "over");
        brt_expect_field(s, "result.vp", cases[i].vps);
        ck_assert_str_eq(brt_winners_text(s), cases[i].winners);
        ck_assert_str_eq(brt_returns_text(s), cases[i].returns);
        double scores[3];
        ck_assert_int_eq(br_state_scores(s, scores, 3), BR_OK);
        ck_assert(scores[1] == vp(s, 1));
        ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_TERMINAL);
        br_state_free(s);
    }
    br_state_free(start);
}
END_TEST

/* ================================================================== */
/* Random games: conservation and even piles */

/* Plays a random game with explicit chance and checks after every move the
 * invariants named in `what` ("goods": every component's units add up and
 * no VP below 0; "piles": hand + pile + discards are the seat's 6 or 12
 * cards, chapter I has no discards, later the piles differ by at most one
 * and are even at the start of every round after the first). */
static void random_game(int players, uint64_t seed, const char *what)
{
    char options[64];
    snprintf(options, sizeof options, "players=%d,chance=explicit,seed=%llu", players,
             (unsigned long long)seed);
    br_state *s = new_state(options);
    uint64_t rng = seed * 7919 + 1;
    int goods_check = strcmp(what, "goods") == 0;
    for (int guard = 0; !br_state_is_terminal(s); guard++) {
        ck_assert_int_lt(guard, 4000);
        if (goods_check) {
            check_conservation(s);
            for (int seat = 0; seat < players; seat++)
                ck_assert_int_ge(vp(s, seat), 0);
        } else {
            json_t *root = brt_snapshot_json(s);
            json_t *st = json_object_get(root, "state");
            int ch = brt_int_at(st, "chapter"), rd = brt_int_at(st, "round");
            int at_event = strcmp(brt_text_at(st, "phase"), "event") == 0;
            for (int seat = 0; seat < players; seat++) {
                json_t *p = json_array_get(json_object_get(st, "players"), (size_t)seat);
                int hand = (int)json_array_size(json_object_get(p, "hand"));
                int pile = (int)json_array_size(json_object_get(p, "pile"));
                int disc = (int)json_array_size(json_object_get(p, "discards"));
                ck_assert_msg(hand + pile + disc == (ch == 1 ? 6 : 12),
                              "chapter %d: seat %d holds %d+%d+%d cards", ch, seat, hand, pile,
                              disc);
                if (ch == 1)
                    ck_assert_int_eq(disc, 0);
                else
                    ck_assert_msg(abs(pile - disc) <= 1, "seat %d: pile %d, discards %d", seat,
                                  pile, disc);
                if (ch > 1 && at_event && rd > 1)
                    ck_assert_msg(pile == disc, "round %d starts with pile %d, discards %d", rd,
                                  pile, disc);
            }
            json_decref(root);
        }
        br_move moves[MOVE_BUFFER];
        size_t n = legal_moves(s, moves);
        ck_assert_uint_gt(n, 0);
        ck_assert_uint_le(n, MAX_LEGAL);
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, n)]), BR_OK);
    }
    /* C17 on the way. */
    int best = -1;
    for (int seat = 0; seat < players; seat++)
        if (vp(s, seat) > best)
            best = vp(s, seat);
    int w[4] = {0};
    ck_assert_int_eq(br_state_winners(s, w, 4), BR_OK);
    for (int seat = 0; seat < players; seat++)
        ck_assert_int_eq(w[seat], vp(s, seat) == best);
    br_state_free(s);
}

/* FACTS.md's component counts hold at every moment (the loader's
 * conservation invariant, seen from outside). */
START_TEST(test_rule_goods_conserved)
{
    random_game(2 + _i, 11 + (uint64_t)_i, "goods");
}
END_TEST

/* "Aktions- und Abwurfstapel wachsen immer gleichmäßig." */
START_TEST(test_rule_piles_grow_evenly)
{
    random_game(2 + _i, 23 + (uint64_t)_i, "piles");
}
END_TEST

/* ================================================================== */
/* Hidden information */

/* "Alles wandert hinter die Sichtblende" (C24, `screens=closed`): a seat
 * sees its own goods, not the others'; VP are open. */
START_TEST(test_rule_goods_hidden_behind_screen)
{
    br_state *s = reach(3, 1, "");
    ck_assert_str_eq(brt_observed(s, 0, "players[0].goods.money"), "2");
    ck_assert_str_eq(brt_observed(s, 0, "players[1].goods"), "null");
    ck_assert_str_eq(brt_observed(s, 2, "players[0].goods"), "null");
    ck_assert_str_eq(brt_observed(s, -1, "players[0].goods"), "null");
    ck_assert_str_eq(brt_observed(s, 1, "players[0].vp"), "8");
    ck_assert_str_eq(brt_observed(s, -1, "stock.grain"), "8");
    br_state_free(s);
}
END_TEST

/* Option `screens=open`: everybody sees every screen. */
/* The four clarification options take exactly their two designed values
 * (lasting two/three, privilege used/any, crest once/twice, screens
 * closed/open); any other value is refused as an option error (coverage,
 * issue 11). */
START_TEST(test_rule_options_take_only_their_two_values)
{
    static const char *const bad[] = {"lasting=four", "privilege=none", "crest=thrice",
                                      "screens=maybe"};
    const br_game *game = br_game_find(GAME_NAME);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        br_state *s = NULL;
        char err[256] = "";
        ck_assert_int_eq(br_state_new(game, bad[i], &s, err, sizeof err), BR_ERR_OPTION);
        ck_assert_ptr_null(s);
        ck_assert_msg(strstr(err, strchr(bad[i], '=') + 1) != NULL, "%s: %s", bad[i], err);
    }
}
END_TEST

START_TEST(test_rule_screens_open_option)
{
    br_state *s = reach(3, 1, "screens=open");
    ck_assert_str_eq(brt_observed(s, 0, "players[1].goods.money"), "2");
    ck_assert_str_eq(brt_observed(s, -1, "players[2].goods.wool"), "1");
    br_state_free(s);
}
END_TEST

/* The text of a move as `seat` sees it. */
static const char *view_of(const br_state *s, const char *move_text, int seat)
{
    return brt_view_of(s, brt_parse_move(s, move_text), seat);
}

/* Design, "Hidden information": hands and face-down discards are the
 * owner's; others see their sizes and read `discard ?`, `penance ?`. */
START_TEST(test_rule_hands_and_discards_hidden)
{
    br_state *s = action_with(2, 2, 13, "");
    ck_assert_str_eq(view_of(s, "play grain", 1), "play grain");
    brt_play(s, "play grain");
    ck_assert_str_eq(view_of(s, "discard favour", 0), "discard favour");
    ck_assert_str_eq(view_of(s, "discard favour", 1), "discard ?");
    ck_assert_str_eq(view_of(s, "discard favour", -1), "discard ?");
    brt_play(s, "discard favour");
    json_t *root = observation_json(s, 1);
    json_t *view = json_object_get(root, "view");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[0].hand")), "#10");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[0].discards")), "#1");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[1].discards")), "");
    json_decref(root);
    root = observation_json(s, 0);
    view = json_object_get(root, "view");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[0].discards")), "favour");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[1].hand")), "#12");
    json_decref(root);
    root = observation_json(s, -1);
    view = json_object_get(root, "view");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[0].hand")), "#10");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[1].hand")), "#12");
    ck_assert_str_eq(cards_text_json(brt_json_at(view, "players[0].discards")), "#1");
    json_decref(root);
    br_state_free(s);

    table before;
    s = to_tax(2, "0.piety=0", &before);
    brt_play(s, "tax 2");
    expect_phase(s, "penance");
    ck_assert_str_eq(view_of(s, "penance rent", 1), "penance ?");
    ck_assert_str_eq(view_of(s, "penance rent", -1), "penance ?");
    br_state_free(s);
}
END_TEST

/* br_state_resample(seat) keeps what the seat sees and redraws the others'
 * hands and discards (keeping both counts) and, with closed screens, their
 * goods (keeping each good's total). */
START_TEST(test_rule_resample_keeps_observation)
{
    br_state *s = action_with(3, 2, 13, "");
    brt_play(s, "play grain");
    brt_play(s, "discard favour");
    brt_play(s, "play piety");
    brt_play(s, "discard weave");
    brt_play(s, "lay build");
    brt_play(s, "discard rent");
    expect_phase(s, "event");
    table real = read_table(s);
    br_state *dst = brt_clone(s);
    int differs = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        brt_resample_keeping_view(s, 0, seed, dst, 0);
        check_conservation(dst);
        table t = read_table(dst);
        for (int g = 0; g < NUM_GOODS; g++) {
            ck_assert_int_eq(t.goods[0][g], real.goods[0][g]);
            ck_assert_int_eq(t.goods[1][g] + t.goods[2][g], real.goods[1][g] + real.goods[2][g]);
        }
        for (int seat = 1; seat <= 2; seat++) {
            ck_assert_int_eq(hand_size(dst, seat), hand_size(s, seat));
            ck_assert_int_eq(discards_size(dst, seat), discards_size(s, seat));
            ck_assert_str_eq(pile_text(dst, seat), pile_text(s, seat));
            char path[32];
            snprintf(path, sizeof path, "players[%d].hand", seat);
            char *a = brt_strdup(cards_text(dst, path));
            differs |= strcmp(a, cards_text(s, path)) != 0;
            free(a);
            differs |= memcmp(t.goods[seat], real.goods[seat], sizeof t.goods[seat]) != 0;
        }
    }
    ck_assert_msg(differs, "20 resamples never changed the other seats' hidden cards or goods");
    br_state_free(dst);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Snapshots */

/* A snapshot loads back to the same snapshot in every phase. */
START_TEST(test_snapshot_round_trip_every_phase)
{
    br_state *states[16];
    const char *phases[16];
    int n = 0;
    table before;
    br_state *s = reach(2, 1, "");
    states[n] = brt_clone(s), phases[n++] = "event";
    brt_play(s, "event 6");
    states[n] = brt_clone(s), phases[n++] = "choice";
    brt_play(s, "decline");
    brt_play(s, "decline");
    states[n] = brt_clone(s), phases[n++] = "orient";
    brt_play(s, "orient 0");
    states[n] = brt_clone(s), phases[n++] = "action";
    brt_play(s, "play material");
    states[n] = brt_clone(s), phases[n++] = "follow";
    br_state_free(s);
    s = action_with(2, 2, 13, "");
    brt_play(s, "play grain");
    states[n] = brt_clone(s), phases[n++] = "discard";
    br_state_free(s);
    s = reach(2, 3, "");
    brt_play(s, "event 23");
    states[n] = brt_clone(s), phases[n++] = "plague";
    br_state_free(s);
    s = to_tax(2, "0.piety=0 0.loyalty=1 1.piety=0", &before);
    states[n] = brt_clone(s), phases[n++] = "tax";
    brt_play(s, "tax 3");
    states[n] = brt_clone(s), phases[n++] = "redeem";
    brt_play(s, "done");
    states[n] = brt_clone(s), phases[n++] = "penance";
    br_state_free(s);
    s = to_last_tax("", &before);
    brt_play(s, "tax 2");
    states[n] = s, phases[n++] = "over";
    for (int i = 0; i < n; i++) {
        expect_phase(states[i], phases[i]);
        brt_expect_snapshot_round_trip(states[i], phases[i]);
        br_state_free(states[i]);
    }
}
END_TEST

/* The loader checks every member and the design's invariants, and names the
 * offending member. Each case edits a real snapshot (action phase of round 1)
 * and expects BR_ERR_SNAPSHOT with a message containing `needle`. */
static const struct {
    const char *what;
    const char *path;
    const char *value; /* JSON text */
    const char *needle;
} REJECTIONS[] = {
    {"unknown phase", "phase", "\"dance\"", "phase"},
    {"a coin from nowhere", "players[0].goods.money", "9", "money"},
    {"grain from nowhere", "stock.grain", "9", "grain"},
    {"favour marker off the track", "favour", "10", "favour"},
    {"chapter 5", "chapter", "5", "chapter"},
    {"crest of no seat", "crest", "7", "crest"},
    {"house of no seat", "plots[0]", "5", "plots"},
    {"unknown member", "colour", "1", "colour"},
    {"negative VP", "players[1].vp", "-1", "vp"},
    {"place revealed before chapter III", "places[0].state", "\"sick\"", "places"},
    {"a penalty flag not true or false", "players[0].penalties.court", "1",
     "state.players[0].penalties.court: not true or false"},
    {"an event id off the cards", "drawn[0][0]", "45", "state.drawn[0][0]: not an event id 1..44"},
    /* the members stated twice, compared by the core with what the state gives */
    {"houses left that the plots do not give", "players[0].houses", "3",
     "state.players[0].houses: the rest of the state gives 4"},
    {"free seals that the projects do not give", "players[1].seals", "1",
     "state.players[1].seals: the rest of the state gives 2"},
    {"cover tiles in the supply that the board does not give", "supply.covers", "4",
     "state.supply.covers: the rest of the state gives 5"},
    {"a result before the end", "result", "{\"vp\":[8,8],\"winners\":[0,1]}",
     "state.result: the rest of the state gives null"},
};

START_TEST(test_snapshot_loader_rejects_inconsistent_members)
{
    br_state *s = ch1_action(2, 1, "");
    json_t *root = brt_snapshot_json(s);
    br_state_free(s);
    brt_expect_member_refused(root, REJECTIONS[_i].path, REJECTIONS[_i].value,
                              REJECTIONS[_i].what, REJECTIONS[_i].needle);
    json_decref(root);
}
END_TEST

/* The binary snapshot's loader checks the same fields and invariants as the
 * JSON one, and names the field. Each case changes one byte of the payload
 * of a real snapshot (action phase of round 1; layout: doc "Binary
 * snapshot") and expects BR_ERR_SNAPSHOT with a message containing
 * `needle`. Offsets: from the payload's start, from the end of the drawn
 * lists, from the end of the board (the stock's first byte), from seat 0's
 * first byte, from the end of seat 0's pile or from the payload's end; a
 * `delta` is added to the byte, else `value` set. */
enum { BIN_START, BIN_DRAWN_END, BIN_BOARD_END, BIN_PLAYER0, BIN_PILE0_END, BIN_END };
static const struct {
    const char *what;
    int from, offset, delta, value;
    const char *needle;
} BINARY_REJECTIONS[] = {
    {"unknown phase", BIN_START, 0, 0, 12, "state.phase: 12 is not in 0..11"},
    {"crest of no seat", BIN_START, 3, 0, 7, "state.crest"},
    {"favour marker off the track", BIN_DRAWN_END, 5, 0, 10, "state.favour"},
    {"house of no seat", BIN_BOARD_END, -41, 0, 5, "state.plots[0]"},
    {"place revealed before chapter III", BIN_BOARD_END, -27, 0, 2, "state.places[0]"},
    {"a plague tile of value 9", BIN_BOARD_END, -26, 0, 9, "state.places[0].value: 9 is not in 1..5"},
    {"grain from nowhere", BIN_BOARD_END, 0, 1, 0, "grain"},
    {"the box refilled", BIN_BOARD_END, 2, 1, 0, "state.box"},
    {"a coin from nowhere", BIN_PLAYER0, 2 + 6, 1, 0, "money"},
    {"a thirteenth action card", BIN_PLAYER0, 12, 0, 0x10, "state.players[0].hand"},
    {"a seal on no project", BIN_PILE0_END, 4, 0, 0x80, "state.players[0].seals"},
    {"winners before the end", BIN_END, -1, 0, 1, "state.result"},
    {"a seventh event in chapter I", BIN_START, 5, 0, 7, "state.drawn[0]: 7 entries, at most 6"},
    {"an event id beyond the 44", BIN_START, 6, 0, 44, "state.drawn[0][0]: 44 is not in 0..43"},
    {"stone beyond any project's fields", BIN_DRAWN_END, 11, 0, 7,
     "state.projects[0].stone: 7 is not in 0..6"},
    {"a flag byte beyond its bit", BIN_PILE0_END, 5, 0, 2, "state.players[0].acted: 2 is not 0 or 1"},
    {"a used bit beyond the pile's cards", BIN_PILE0_END, 0, 0, 0x20,
     "state.players[0].pile.used: bits set beyond the pile's length"},
    {"a used bit beyond any pile", BIN_PILE0_END, 0, 0, 0x40,
     "state.players[0].pile.used: bits beyond the 6 of the set"},
};

/* The binary snapshot the cases change (round 1's actions, 2 seats), which
 * the caller frees: *len bytes, the payload at *p, and the offsets the cases
 * count from (base[BIN_END]: the payload's size). */
static unsigned char *round_one_bytes(size_t *len, unsigned char **p, size_t base[BIN_END + 1])
{
    br_state *s = ch1_action(2, 1, "");
    size_t payload = 0;
    unsigned char *b = brt_binary_of(s, len, &payload);
    br_state_free(s);
    *p = b + payload;
    size_t drawn_end = 5;
    for (int c = 0; c < 4; c++)
        drawn_end += 1 + (*p)[drawn_end];
    /* event .. favour 6, covers 4, projects 35, plots 14, places 22, pool 5 */
    size_t board_end = drawn_end + 6 + 4 + 35 + 14 + 22 + 5;
    size_t player0 = board_end + 4 + 8;
    size_t pile0_end = player0 + 16 + (*p)[player0 + 15];
    size_t bases[] = {0, drawn_end, board_end, player0, pile0_end, *len - payload};
    memcpy(base, bases, sizeof bases);
    return b;
}

START_TEST(test_binary_loader_rejects_inconsistent_fields)
{
    size_t len = 0, base[BIN_END + 1];
    unsigned char *p, *b = round_one_bytes(&len, &p, base);
    size_t at = base[BINARY_REJECTIONS[_i].from] + (size_t)BINARY_REJECTIONS[_i].offset;
    ck_assert_uint_lt(at, base[BIN_END]);
    if (BINARY_REJECTIONS[_i].delta)
        p[at] = (unsigned char)(p[at] + BINARY_REJECTIONS[_i].delta);
    else
        p[at] = (unsigned char)BINARY_REJECTIONS[_i].value;
    brt_expect_bytes_refused(b, len, BINARY_REJECTIONS[_i].what, BINARY_REJECTIONS[_i].needle);
    free(b);
}
END_TEST

/* A project's cubes within the walk's range (the largest project's fields)
 * but beyond its own: check_projects() refuses them. The bridge's stone
 * comes from the supply, so that the goods add up. */
START_TEST(test_binary_loader_holds_projects_to_their_fields)
{
    size_t len = 0, base[BIN_END + 1];
    unsigned char *p, *b = round_one_bytes(&len, &p, base);
    ck_assert_uint_eq(p[base[BIN_DRAWN_END] + 11], 0); /* the bridge's stone */
    p[base[BIN_DRAWN_END] + 11] = 5;
    p[base[BIN_BOARD_END] + 4] -= 5; /* the supply's */
    brt_expect_bytes_refused(b, len, "the bridge's stone beyond its fields",
                             "state.projects[0] (bridge): more cubes than its fields hold");
    free(b);
}
END_TEST

/* "illegal moves refused with a reason, state unchanged". */
START_TEST(test_rule_illegal_move_leaves_state_unchanged)
{
    br_state *s = reach(2, 1, "");
    char *before = brt_snapshot(s);
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "orient 0")), BR_ERR_ILLEGAL_MOVE);
    ck_assert_msg(br_state_last_error(s)[0] != '\0', "no reason");
    char *after = brt_snapshot(s);
    ck_assert_str_eq(after, before);
    free(after);
    free(before);
    brt_play(s, "event 1");
    brt_play(s, "orient 0");
    before = brt_snapshot(s);
    char reason[256] = "";
    ck_assert_int_eq(br_state_check_move(s, brt_parse_move(s, "play privilege"), reason,
                                         sizeof reason),
                     BR_ERR_ILLEGAL_MOVE);
    ck_assert_msg(reason[0] != '\0', "no reason");
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "play privilege")), BR_ERR_ILLEGAL_MOVE);
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "lay house")), BR_ERR_ILLEGAL_MOVE);
    ck_assert_int_eq(br_state_apply(s, (br_move)MOVE_SPACE), BR_ERR_ILLEGAL_MOVE);
    after = brt_snapshot(s);
    ck_assert_str_eq(after, before);
    free(after);
    free(before);
    br_state_free(s);
}
END_TEST

/* ================================================================== */
/* Notation */

/* Design, "Move numbers and notation": the numbers of the table and its
 * examples. */
START_TEST(test_spec_notation_examples)
{
    static const brt_move_and_text moves[] = {
        {"orient 0", 0},           {"orient 2", 2},
        {"play grain", 4},         {"play wool-sale", 8},
        {"play favour", 15},       {"lay grain", 16},
        {"lay rent", 23},          {"discard grain", 28},
        {"discard favour", 39},    {"trade council", 40},
        {"trade field1", 41},      {"trade field2", 42},
        {"accept", 43},            {"decline", 44},
        {"done", 45},              {"take stone", 46},
        {"take wood", 47},         {"build bridge stone", 48},
        {"build bridge wood wood", 52}, {"build tower stone wood", 56},
        {"build guildhall wood wood", 82}, {"sell 1 cloth", 83},
        {"sell 1 wool", 84},       {"sell 3 wool 1 cloth", 89},
        {"sell 15 wool", 112},     {"sell 15 wool 1 cloth", 113},
        {"house p1", 114},         {"house p14", 127},
        {"rent p1", 128},          {"rent p5", 132},
        {"rent p14", 141},         {"donate bridge", 142},
        {"donate chapel", 144},    {"donate guildhall", 148},
        {"weave 1", 149},          {"weave 2", 150},
        {"medicine money", 151},   {"care 1", 152},
        {"care 7", 158},           {"care 11", 162},
        {"redeem piety", 163},     {"redeem grain", 164},
        {"redeem tax", 165},       {"event 1", 166},
        {"event 12", 177},         {"event 44", 209},
        {"plague 1", 210},         {"plague 3", 212},
        {"plague 5", 214},         {"tax 2", 215},
        {"tax 4", 217},            {"tax 5", 218},
        {"penance grain", 219},    {"penance rent", 226},
        {"penance favour", 230},
    };
    br_state *s = new_state("players=3,seed=2");
    ck_assert_uint_eq(br_state_move_space(s), MOVE_SPACE);
    ck_assert_uint_eq(br_state_max_legal_moves(s), MAX_LEGAL);
    brt_expect_move_texts(s, moves, BRT_COUNT(moves));
    br_state_free(s);
    /* The same for every option set. */
    s = new_state("players=4,lasting=three,privilege=any,crest=twice,screens=open");
    ck_assert_uint_eq(br_state_move_space(s), MOVE_SPACE);
    ck_assert_uint_eq(br_state_max_legal_moves(s), MAX_LEGAL);
    br_state_free(s);
}
END_TEST

/* Every move of the move space has a text that parses back to it. */
START_TEST(test_spec_notation_round_trip_every_move)
{
    br_state *s = new_state("players=4,seed=9");
    brt_expect_every_move_round_trips(s, MOVE_SPACE);
    br_state_free(s);
}
END_TEST

/* "Texts are parsed case-insensitively; one or more blanks separate words;
 * `sell` also accepts its parts in either order." */
START_TEST(test_spec_notation_case_blanks_and_order)
{
    static const brt_move_and_text spellings[] = {
        {"SELL 3 WOOL 1 CLOTH", 89}, {"sell 1 cloth 3 wool", 89},
        {"  Build   Tower  Stone   Wood ", 56}, {"Orient 2", 2}, {"DISCARD Favour", 39},
        {"Penance Wool-Sale", 223}, {"house P5", 118},
    };
    br_state *s = new_state("players=2,seed=2");
    brt_expect_texts_parse(s, spellings, BRT_COUNT(spellings));
    br_state_free(s);
}
END_TEST

/* Texts that are no move are rejected with BR_ERR_PARSE and a reason. */
START_TEST(test_spec_notation_parse_errors)
{
    static const char *const bad[] = {
        "",           "orient 4",       "orient",          "play",
        "play dance", "sell 0 wool",    "sell 16 wool",    "sell 2 cloth",
        "sell",       "house p15",      "house p0",        "rent p0",
        "care 12",    "care 0",         "event 0",         "event 45",
        "plague 0",   "plague 6",       "tax 1",           "tax 6",
        "redeem wool", "build castle stone", "build bridge stone stone stone",
        "build bridge", "trade field3", "penance nothing", "donate castle",
        "weave 3",    "take metal",     "medicine",        "lay",
    };
    br_state *s = new_state("players=2,seed=2");
    brt_expect_texts_refused(s, bad, BRT_COUNT(bad));
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */

/* ================================================================== */
/* The learning interface (doc: "Learning interface"): option specs,
 * facts, the observation tensor plane by plane, max_game_length. */

/* The tensor's layout as the doc's tables give it. */
enum {
    TT_PHASE = 0, TT_CHAPTER = 12, TT_ROUND = 16, TT_EVENT = 22, TT_ORIENT = 66,
    TT_DISPLAY = 70, TT_OLDER = 158, TT_DRAWN = 160, TT_FAVOUR = 204, TT_COVERS = 214,
    TT_PROJECTS = 233, TT_PLACES = 268, TT_POOL = 323, TT_STOCKS = 324, TT_SUPPLY = 328,
    TT_PRICES = 337, TT_PCARD = 339, TT_PPRIV = 351, TT_PRENTED = 352, TT_PCARED = 366,
    TT_PRESUME = 367, TT_PFILL = 371, TT_TAX = 378, TT_TABLE = 382
};
enum {
    TS_VP = 0, TS_CREST = 1, TS_TURN = 2, TS_TO_MOVE = 3, TS_PSEAT = 4, TS_QUEUED = 5,
    TS_ACTED = 6, TS_FORFEIT = 7, TS_TRADED = 8, TS_PENALTIES = 11, TS_WINNER = 14,
    TS_GOODS_SHOWN = 15, TS_GOODS = 16, TS_HAND = 25, TS_HAND_N = 37, TS_DISCARDS = 38,
    TS_DISCARDS_N = 50, TS_PILE = 51, TS_PILE_N = 129, TS_PLOTS = 130, TS_HOUSES_LEFT = 144,
    TS_SEALS = 145, TS_SHORTFALL = 152, TS_SEAT = 155
};
/* Phase planes in the order of the doc (snapshot member "phase"). */
enum { PH_PENANCE, PH_EVENT, PH_PLAGUE, PH_CHOICE, PH_ORIENT, PH_ACTION, PH_FOLLOW };

#define LENGTH_TABLE 74
#define LENGTH_PER_SEAT 96

static size_t tensor_size_for(int players)
{
    return TT_TABLE + (size_t)TS_SEAT * (size_t)players;
}

/* The tensor of `seat` (-1: spectator), written over NaN: every float must
 * be written and lie in 0..1. Free with free(). */
static float *tensor_of(const br_state *s, int seat)
{
    size_t n = tensor_size_for(br_state_num_players(s));
    float *t = malloc((n + 8) * sizeof *t);
    ck_assert_ptr_nonnull(t);
    for (size_t i = 0; i < n + 8; i++)
        t[i] = NAN;
    ck_assert_int_eq(br_state_observation_tensor(s, seat, t, n), BR_OK);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(t[i] >= 0.0f && t[i] <= 1.0f, "tensor[%zu] = %f (seat %d)", i,
                      (double)t[i], seat);
    for (size_t i = n; i < n + 8; i++)
        ck_assert_msg(isnan(t[i]), "tensor wrote past its size at %zu", i);
    return t;
}

/* The block of absolute seat p in the tensor of observer `seat`. */
static const float *seat_block(const float *t, int players, int seat, int p)
{
    int k = seat < 0 ? p : (p - seat + players) % players;
    return t + TT_TABLE + k * TS_SEAT;
}

static float plane_sum(const float *t, int from, int len)
{
    float sum = 0.0f;
    for (int i = 0; i < len; i++)
        sum += t[from + i];
    return sum;
}

static void expect_float(float got, double want, const char *what)
{
    double d = (double)got - want;
    ck_assert_msg(d < 1e-6 && d > -1e-6, "%s: %f, want %f", what, (double)got, want);
}

/* The option specs list every key of the options string, in its order, with
 * its default; the defaults make a state, out-of-range values do not. */
START_TEST(test_learn_option_specs_match_options_string)
{
    const br_game *g = br_game_find(GAME_NAME);
    ck_assert_uint_eq(br_game_option_count(g), 7);
    ck_assert_ptr_null(br_game_option(g, 7));
    br_state *s = new_state("");
    char *canonical = brt_options(s);
    br_state_free(s);
    /* key i of the canonical default string = spec i, value = its default */
    char *copy = brt_strdup(canonical), *save = NULL;
    size_t i = 0;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save), i++) {
        const br_option_spec *spec = br_game_option(g, i);
        ck_assert_ptr_nonnull(spec);
        char *eq = strchr(item, '=');
        ck_assert_ptr_nonnull(eq);
        *eq = '\0';
        ck_assert_str_eq(spec->key, item);
        ck_assert_ptr_nonnull(spec->default_value);
        ck_assert_str_eq(spec->default_value, eq + 1);
        ck_assert_ptr_nonnull(spec->help);
        ck_assert_msg(spec->help[0] && !strchr(spec->help, '\n'), "help of %s", spec->key);
    }
    ck_assert_uint_eq(i, 7);
    free(copy);
    static const char *const keys[7] = {"players", "seed",  "chance", "lasting",
                                        "privilege", "crest", "screens"};
    static const char *const choices[7][3] = {{NULL}, {NULL}, {"auto", "explicit", NULL},
                                              {"two", "three", NULL}, {"used", "any", NULL},
                                              {"once", "twice", NULL}, {"closed", "open", NULL}};
    char err[256];
    for (i = 0; i < 7; i++) {
        const br_option_spec *spec = br_game_option(g, i);
        ck_assert_str_eq(spec->key, keys[i]);
        if (i < 2) {
            ck_assert_int_eq(spec->kind, BR_OPTION_INTEGER);
            ck_assert_ptr_null(spec->choices);
            char *lo = brt_format("%s=%llu", spec->key, (unsigned long long)spec->min);
            char *hi = brt_format("%s=%llu", spec->key, (unsigned long long)spec->max);
            ck_assert_int_eq(br_game_check_options(g, lo, err, sizeof err), BR_OK);
            ck_assert_int_eq(br_game_check_options(g, hi, err, sizeof err), BR_OK);
            free(lo);
            free(hi);
        } else {
            ck_assert_int_eq(spec->kind, BR_OPTION_CHOICE);
            for (int c = 0; c < 3; c++) {
                if (!choices[i][c]) {
                    ck_assert_ptr_null(spec->choices[c]);
                    break;
                }
                ck_assert_str_eq(spec->choices[c], choices[i][c]);
                char *o = brt_format("%s=%s", spec->key, choices[i][c]);
                ck_assert_int_eq(br_game_check_options(g, o, err, sizeof err), BR_OK);
                free(o);
            }
            char *bad = brt_format("%s=bogus", spec->key);
            ck_assert_int_eq(br_game_check_options(g, bad, err, sizeof err), BR_ERR_OPTION);
            ck_assert_msg(brt_contains(err, spec->key), "reason '%s' names %s", err, spec->key);
            free(bad);
        }
    }
    const br_option_spec *players = br_game_option(g, 0);
    ck_assert_uint_eq(players->min, 2);
    ck_assert_uint_eq(players->max, 4);
    ck_assert_uint_eq(br_game_option(g, 1)->min, 0);
    ck_assert(br_game_option(g, 1)->max == UINT64_MAX);
    static const char *const rejected[] = {"players=1", "players=5", "seed=18446744073709551616",
                                           "seed=-1", "chance=maybe"};
    for (i = 0; i < sizeof rejected / sizeof rejected[0]; i++)
        ck_assert_msg(br_game_check_options(g, rejected[i], err, sizeof err) == BR_ERR_OPTION,
                      "%s accepted", rejected[i]);
    /* the defaults, written out, make the same state as no options */
    br_state *d = NULL;
    ck_assert_int_eq(br_state_new(g, canonical, &d, err, sizeof err), BR_OK);
    char *again = brt_options(d);
    ck_assert_str_eq(again, canonical);
    free(again);
    br_state_free(d);
    free(canonical);
}
END_TEST

/* br_game_facts: the documented values for every player count and option. */
START_TEST(test_learn_facts_as_documented)
{
    const br_game *g = br_game_find(GAME_NAME);
    static const char *const extras[] = {"chance=auto", "chance=explicit",
                                         "screens=open,lasting=three",
                                         "privilege=any,crest=twice"};
    for (int n = 2; n <= 4; n++)
        for (size_t e = 0; e < sizeof extras / sizeof extras[0]; e++) {
            char *o = brt_format("players=%d,%s", n, extras[e]);
            br_facts f;
            char err[256];
            ck_assert_int_eq(br_game_facts(g, o, &f, sizeof f, err, sizeof err), BR_OK);
            ck_assert_int_eq(f.num_players, n);
            ck_assert_int_eq(f.has_chance, 1);
            ck_assert_int_eq(f.has_hidden_information, 1);
            ck_assert_uint_eq(f.move_space, MOVE_SPACE);
            ck_assert_uint_eq(f.max_legal_moves, MAX_LEGAL);
            ck_assert_uint_eq(f.max_game_length, LENGTH_TABLE + LENGTH_PER_SEAT * n);
            brt_expect_vector_tensor(&f, tensor_size_for(n));
            br_state *s = new_state(o);
            br_facts f2;
            ck_assert_int_eq(br_state_facts(s, &f2, sizeof f2), BR_OK);
            ck_assert_mem_eq(&f, &f2, sizeof f);
            /* too small a buffer: nothing written */
            float small[4] = {NAN, NAN, NAN, NAN};
            ck_assert_int_eq(br_state_observation_tensor(s, 0, small, 4), BR_ERR_BUFFER);
            ck_assert(isnan(small[0]));
            br_state_free(s);
            free(o);
        }
}
END_TEST

/* The set-up position and its first moves, plane by plane: phase, chapter,
 * round, event, favour, projects, supply, the own hand and screen, the
 * crest, whose move, the face-up pile; seats relative to the observer. */
START_TEST(test_learn_tensor_set_up_position_planes)
{
    br_state *s = new_state("players=3,chance=explicit");
    float *t = tensor_of(s, 0);
    expect_float(t[TT_PHASE + PH_EVENT], 1, "phase event");
    expect_float(plane_sum(t, TT_PHASE, 12), 1, "phase one-hot");
    expect_float(t[TT_CHAPTER + 0], 1, "chapter I");
    expect_float(plane_sum(t, TT_CHAPTER, 4), 1, "chapter one-hot");
    expect_float(t[TT_ROUND + 0], 1, "round 1");
    expect_float(plane_sum(t, TT_EVENT, 44), 0, "no event drawn");
    expect_float(plane_sum(t, TT_ORIENT, 4), 0, "not oriented");
    expect_float(plane_sum(t, TT_DISPLAY, 88), 0, "display empty");
    expect_float(plane_sum(t, TT_DRAWN, 44), 0, "nothing drawn");
    expect_float(t[TT_FAVOUR + PRIOR], 1, "favour on the prior (3 players)");
    expect_float(plane_sum(t, TT_FAVOUR, 10), 1, "favour one-hot");
    expect_float(plane_sum(t, TT_COVERS, 19), 0, "no covers");
    expect_float(t[TT_PROJECTS + 5 * BRIDGE], 1, "bridge in play");
    expect_float(t[TT_PROJECTS + 5 * TOWER], 0, "tower not in play");
    expect_float(t[TT_PLACES + 0], 1, "place 1 state none");
    expect_float(t[TT_SUPPLY + 4], (28 - 3 * 2) / 28.0, "supply money");
    expect_float(t[TT_SUPPLY + 8], 1, "all cover tiles in the supply");
    expect_float(t[TT_PRICES + 0], 2 / 6.0, "wool price 2");
    expect_float(t[TT_PRICES + 1], 4 / 6.0, "cloth price 4");
    expect_float(t[TT_STOCKS + 0], 8 / 10.0, "field grain 2n+2");
    expect_float(t[TT_STOCKS + 1], 10 / 12.0, "cathedral piety 2n+4");
    const float *own = seat_block(t, 3, 0, 0);
    ck_assert_ptr_eq(own, t + TT_TABLE); /* the observer first */
    for (int c = 0; c < NUM_CARDS; c++)
        expect_float(own[TS_HAND + c], c < 6, "own hand: the 6 starters");
    expect_float(own[TS_HAND_N], 6 / 12.0, "own hand size");
    expect_float(own[TS_GOODS_SHOWN], 1, "own screen shown");
    expect_float(own[TS_GOODS + WOOL], 1 / 15.0, "own wool");
    expect_float(own[TS_GOODS + MONEY], 2 / 28.0, "own money");
    expect_float(own[TS_VP], 8 / 100.0, "8 VP");
    expect_float(own[TS_CREST], 1, "seat 0 holds the crest");
    expect_float(own[TS_HOUSES_LEFT], 1, "4 houses left");
    for (int p = 1; p < 3; p++) {
        const float *o = seat_block(t, 3, 0, p);
        expect_float(plane_sum(o, TS_HAND, 12), 0, "another hand hidden");
        expect_float(o[TS_HAND_N], 6 / 12.0, "another hand's size");
        expect_float(o[TS_GOODS_SHOWN], 0, "another screen closed");
        expect_float(plane_sum(o, TS_GOODS, 9), 0, "another screen's goods hidden");
        expect_float(o[TS_CREST], 0, "no crest");
    }
    for (int p = 0; p < 3; p++)
        expect_float(seat_block(t, 3, 0, p)[TS_TO_MOVE], 0, "a chance node: no seat to move");
    free(t);
    /* seat 1's view: its own block first, seat 0 (the crest) last */
    t = tensor_of(s, 1);
    expect_float(t[TT_TABLE + TS_CREST], 0, "seat 1 first, no crest");
    expect_float(t[TT_TABLE + 2 * TS_SEAT + TS_CREST], 1, "seat 0 third in seat 1's view");
    expect_float(t[TT_TABLE + TS_GOODS_SHOWN], 1, "seat 1 sees its own screen");
    free(t);

    /* E03 (wool fair) drawn: the orient node of seat 0 */
    brt_play(s, "event 3");
    t = tensor_of(s, 0);
    expect_float(t[TT_PHASE + PH_ORIENT], 1, "phase orient");
    expect_float(t[TT_EVENT + 2], 1, "event E03");
    expect_float(t[TT_DRAWN + 2], 1, "E03 drawn");
    expect_float(t[TT_TABLE + TS_TO_MOVE], 1, "seat 0 to move");
    expect_float(t[TT_TABLE + TS_TURN], 1, "seat 0's turn");
    expect_float(t[TT_TABLE + TS_GOODS + WOOL], 2 / 15.0, "own wool after the fair");
    free(t);
    brt_play(s, "orient 0");
    expect_phase(s, "action");
    t = tensor_of(s, 2);
    expect_float(t[TT_PHASE + PH_ACTION], 1, "phase action");
    expect_float(t[TT_ORIENT + 0], 1, "oriented 0");
    expect_float(seat_block(t, 3, 2, 0)[TS_TO_MOVE], 1, "seat 0 to move, seen by seat 2");
    free(t);
    brt_play(s, "play grain");
    t = tensor_of(s, 2);
    const float *s0 = seat_block(t, 3, 2, 0);
    expect_float(s0[TS_PILE + C_GRAIN], 1, "seat 0's pile: grain");
    expect_float(s0[TS_PILE + NUM_CARDS], 1, "seat 0's grain used");
    expect_float(plane_sum(s0, TS_PILE + 13, 13 * 5), 0, "one card on the pile");
    expect_float(s0[TS_PILE_N], 1 / 6.0, "pile size 1");
    expect_float(s0[TS_HAND_N], 5 / 12.0, "seat 0's hand size 5");
    expect_float(s0[TS_ACTED], 1, "seat 0 acted");
    expect_float(seat_block(t, 3, 2, 1)[TS_TO_MOVE], 1, "seat 1 to move");
    free(t);
    t = tensor_of(s, 0);
    expect_float(t[TT_TABLE + TS_HAND + C_GRAIN], 0, "grain left seat 0's hand");
    expect_float(t[TT_TABLE + TS_GOODS + GRAIN], 2 / 10.0,
                 "seat 0: 1 grain of E03's corner at orient 0 and 1 of the card");
    free(t);
    br_state_free(s);
}
END_TEST

/* Random positions of 2-4 players, screens closed and open: the spectator's
 * tensor and every seat's agree on the table and on every seat's block
 * (rotated to the observer), except in the observer's own block on the
 * planes the doc names (goods shown and goods with screens=closed, hand and
 * discard cards). */
START_TEST(test_learn_tensor_views_differ_only_in_private_planes)
{
    int n = 2 + _i % 3;
    int open = _i >= 3;
    char *o = brt_format("players=%d,seed=%d%s", n, 40 + _i, open ? ",screens=open" : "");
    br_state *s = new_state(o);
    free(o);
    uint64_t rng = 1000 + (uint64_t)_i;
    for (int step = 0; !br_state_is_terminal(s); step++) {
        if (step % 7 == 0) {
            float *spec = tensor_of(s, -1);
            for (int seat = 0; seat < n; seat++) {
                float *t = tensor_of(s, seat);
                ck_assert_mem_eq(t, spec, TT_TABLE * sizeof *t);
                for (int p = 0; p < n; p++) {
                    const float *a = seat_block(spec, n, -1, p), *b = seat_block(t, n, seat, p);
                    for (int i = 0; i < TS_SEAT; i++) {
                        int priv = p == seat &&
                                   ((!open && i >= TS_GOODS_SHOWN && i < TS_GOODS + 9) ||
                                    (i >= TS_HAND && i < TS_HAND + 12) ||
                                    (i >= TS_DISCARDS && i < TS_DISCARDS + 12));
                        if (!priv)
                            ck_assert_msg(a[i] == b[i], "seat %d's plane %d differs for seat %d",
                                          p, i, seat);
                    }
                }
                const float *own = seat_block(t, n, seat, seat);
                expect_float(own[TS_GOODS_SHOWN], 1, "own screen shown");
                expect_float(plane_sum(own, TS_HAND, 12), own[TS_HAND_N] * 12,
                             "own hand bits = hand size");
                expect_float(plane_sum(own, TS_DISCARDS, 12), own[TS_DISCARDS_N] * 12,
                             "own discard bits = discard count");
                free(t);
            }
            for (int p = 0; p < n; p++) {
                const float *b = seat_block(spec, n, -1, p);
                expect_float(b[TS_GOODS_SHOWN], open, "spectator sees screens only when open");
                expect_float(plane_sum(b, TS_HAND, 12), 0, "spectator sees no hand");
                expect_float(plane_sum(b, TS_DISCARDS, 12), 0, "spectator sees no discards");
            }
            free(spec);
        }
        br_move moves[MOVE_BUFFER];
        size_t k = legal_moves(s, moves);
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, k)]), BR_OK);
    }
    /* the result: the winners' planes */
    float *t = tensor_of(s, -1);
    int winners[4];
    ck_assert_int_eq(br_state_winners(s, winners, 4), BR_OK);
    for (int p = 0; p < n; p++)
        expect_float(seat_block(t, n, -1, p)[TS_WINNER], winners[p], "winner plane");
    free(t);
    br_state_free(s);
}
END_TEST

/* Nothing hidden from a seat is in its tensor: a resampled state (other
 * hands and discards, with screens=closed the other screens, redrawn) gives
 * the same tensor. */
START_TEST(test_learn_tensor_same_after_resample)
{
    int n = 2 + _i % 3;
    char *o = brt_format("players=%d,seed=%d,chance=%s", n, 70 + _i,
                         _i % 2 ? "explicit" : "auto");
    br_state *s = new_state(o);
    br_state *r = new_state(o);
    free(o);
    uint64_t rng = 77 + (uint64_t)_i;
    for (int step = 0; !br_state_is_terminal(s); step++) {
        if (step % 5 == 0)
            for (int seat = -1; seat < n; seat++) {
                float *t = tensor_of(s, seat);
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    ck_assert_int_eq(br_state_resample(s, seat, seed * 1000 + (uint64_t)step, r),
                                     BR_OK);
                    float *u = tensor_of(r, seat);
                    ck_assert_msg(memcmp(t, u, tensor_size_for(n) * sizeof *t) == 0,
                                  "seat %d: tensor changed by resampling at move %d", seat, step);
                    free(u);
                }
                free(t);
            }
        br_move moves[MOVE_BUFFER];
        size_t k = legal_moves(s, moves);
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, k)]), BR_OK);
    }
    br_state_free(r);
    br_state_free(s);
}
END_TEST

/* max_game_length holds over 360 random playouts (2-4 players, chance=auto
 * and explicit, every option), and the history holds every move. */
START_TEST(test_learn_max_game_length_holds_random_playouts)
{
    static const char *const extras[] = {"", ",lasting=three,privilege=any",
                                         ",crest=twice,screens=open"};
    uint32_t longest[5] = {0};
    for (int n = 2; n <= 4; n++)
        for (int explicit_chance = 0; explicit_chance < 2; explicit_chance++)
            for (int g = 0; g < 60; g++) {
                char *o = brt_format("players=%d,seed=%d,chance=%s%s", n, g,
                                     explicit_chance ? "explicit" : "auto", extras[g % 3]);
                br_state *s = new_state(o);
                free(o);
                br_facts f;
                ck_assert_int_eq(br_state_facts(s, &f, sizeof f), BR_OK);
                uint64_t rng = (uint64_t)(n * 1000 + explicit_chance * 100 + g);
                brt_play_random(s, &rng, f.max_game_length + 100);
                ck_assert(br_state_is_terminal(s));
                uint32_t len = br_state_move_number(s);
                ck_assert_msg(len <= f.max_game_length, "%u moves > bound %u", len,
                              f.max_game_length);
                size_t count = 0;
                ck_assert_int_eq(br_state_history(s, NULL, 0, &count),
                                 len ? BR_ERR_BUFFER : BR_OK);
                ck_assert_uint_eq(count, len);
                if (len > longest[n])
                    longest[n] = len;
                br_state_free(s);
            }
    /* random play stays well inside the bound but not absurdly far from it */
    for (int n = 2; n <= 4; n++)
        ck_assert_msg(longest[n] * 2 > (uint32_t)(LENGTH_TABLE + LENGTH_PER_SEAT * n),
                      "longest random game of %d seats: %u", n, longest[n]);
}
END_TEST

/* The bound is a sum of terms (doc: "max_game_length"); each term holds
 * in every game, and the terms that can be reached are reached, in random
 * games and in games whose seats prefer the moves that lengthen a game
 * (trades, plays of rent, Privileg and Medizin, rents, cares, redemptions). */
enum { K_EVENT, K_PLAGUE, K_TAX, K_PENANCE, K_ORIENT, K_PLAY, K_DISCARD, K_TRADE, K_CHOICE,
       K_REST, K_KINDS };

static int move_kind(const br_history_entry *h)
{
    br_move m = h->move;
    if (h->player == BR_PLAYER_CHANCE)
        return m >= 219 ? K_PENANCE : m >= 215 ? K_TAX : m >= 210 ? K_PLAGUE : K_EVENT;
    return m < 4 ? K_ORIENT : m < 28 ? K_PLAY : m < 40 ? K_DISCARD : m < 43 ? K_TRADE
         : m < 45 ? K_CHOICE : K_REST;
}

static br_move lengthening_move(const br_move *moves, size_t n, uint64_t *rng)
{
    int best = 0, best_score = -1000;
    for (size_t k = 0; k < n; k++) {
        br_move m = moves[k];
        int score = (int)brt_rand_below(rng, 4);
        if (m >= 40 && m < 43)
            score += 100; /* trade */
        if (m >= 4 && m < 16)
            score += 20; /* play */
        if (m == 4 + C_RENT || m == 4 + C_PRIVILEGE || m == 4 + C_MEDICINE)
            score += 30;
        if ((m >= 128 && m < 142) || (m >= 152 && m < 166))
            score += 60; /* rent, care, redeem */
        if (m == 43)
            score += 10; /* accept */
        if (m == 45)
            score -= 50; /* done */
        if (m == 151)
            score -= 40; /* medicine money */
        if (score > best_score) {
            best_score = score;
            best = (int)k;
        }
    }
    return moves[best];
}

START_TEST(test_learn_max_game_length_terms_hold_and_are_reached)
{
    int n = 2 + _i;
    int most[K_KINDS] = {0}, most_play_chapter = 0, most_discards = 0, most_rest_chapter1 = 0;
    uint32_t longest = 0;
    for (int g = 0; g < 160; g++) {
        char *o = brt_format("players=%d,seed=%d,chance=explicit", n, 500 + g);
        br_state *s = new_state(o);
        free(o);
        uint64_t rng = 99 + (uint64_t)g;
        unsigned places_seen = 0;
        while (!br_state_is_terminal(s)) {
            br_move moves[MOVE_BUFFER];
            size_t k = legal_moves(s, moves);
            br_move m = g % 2 && !br_state_is_chance_node(s) ? lengthening_move(moves, k, &rng)
                                                              : moves[brt_rand_below(&rng, k)];
            /* the lengthening games draw events of places not shown yet */
            for (size_t i = 0; g % 2 && i < k && moves[0] >= 166 && moves[0] < 210; i++) {
                int place = EVENTS[moves[i] - 166 + 1].place;
                if (place && !(places_seen >> place & 1)) {
                    m = moves[i];
                    break;
                }
            }
            if (m >= 166 && m < 210 && EVENTS[m - 166 + 1].place)
                places_seen |= 1u << EVENTS[m - 166 + 1].place;
            ck_assert_int_eq(br_state_apply(s, m), BR_OK);
        }
        br_history_entry h[LENGTH_TABLE + LENGTH_PER_SEAT * 4];
        size_t count = 0;
        ck_assert_int_eq(br_state_history(s, h, sizeof h / sizeof h[0], &count), BR_OK);
        ck_assert_uint_eq(count, br_state_move_number(s));
        if (count > longest)
            longest = (uint32_t)count;
        int total[K_KINDS] = {0}, seat[4][K_KINDS] = {{0}}, chapter[4][4][K_KINDS] = {{{0}}};
        int events = 0;
        for (size_t i = 0; i < count; i++) {
            int kind = move_kind(&h[i]);
            /* a chapter's moves lie between its first event and the next
             * chapter's: penance draws come before the first event */
            int ch = kind == K_EVENT || kind == K_PENANCE ? events / 6
                                                          : (events ? (events - 1) / 6 : 0);
            events += kind == K_EVENT;
            total[kind]++;
            if (h[i].player >= 0) {
                seat[h[i].player][kind]++;
                chapter[h[i].player][ch][kind]++;
            }
        }
        ck_assert_int_eq(total[K_EVENT], 24);
        ck_assert_int_eq(total[K_TAX], 4);
        ck_assert_int_le(total[K_PLAGUE], 11);
        ck_assert_int_le(total[K_PENANCE], 3 * n);
        ck_assert_int_le(total[K_ORIENT], 24);
        ck_assert_int_le(total[K_REST], n * (4 + 3 * 8 + 12 + 1) + 11);
        for (int p = 0; p < n; p++) {
            ck_assert_int_le(seat[p][K_TRADE], 6);
            ck_assert_int_le(seat[p][K_CHOICE], 7);
            ck_assert_int_le(seat[p][K_DISCARD], 15);
            ck_assert_int_le(seat[p][K_PLAY], 24);
            ck_assert_int_eq(chapter[p][0][K_DISCARD], 0);
            for (int c = 0; c < 4; c++) {
                ck_assert_int_le(chapter[p][c][K_PLAY], 6);
                ck_assert_int_le(chapter[p][c][K_DISCARD], 5);
                most_play_chapter = chapter[p][c][K_PLAY] > most_play_chapter
                                        ? chapter[p][c][K_PLAY] : most_play_chapter;
            }
            /* chapter I: 4 follow-ups and 3 redemptions at most */
            ck_assert_int_le(chapter[p][0][K_REST], 4 + 3);
            most_rest_chapter1 = chapter[p][0][K_REST] > most_rest_chapter1
                                     ? chapter[p][0][K_REST] : most_rest_chapter1;
            most_discards = seat[p][K_DISCARD] > most_discards ? seat[p][K_DISCARD]
                                                               : most_discards;
        }
        for (int kind = 0; kind < K_KINDS; kind++)
            most[kind] = total[kind] > most[kind] ? total[kind] : most[kind];
        ck_assert_uint_le(count, LENGTH_TABLE + LENGTH_PER_SEAT * n);
        br_state_free(s);
    }
    /* reached: every plague tile, all 24 orientations, 6 plays or lays of a
     * seat in a chapter, 15 discards of a seat */
    ck_assert_int_eq(most[K_PLAGUE], 11);
    ck_assert_int_eq(most[K_ORIENT], 24);
    ck_assert_int_eq(most_play_chapter, 6);
    ck_assert_int_eq(most_discards, 15);
    ck_assert_int_ge(most_rest_chapter1, 5);
    /* and the longest of these games is more than half the bound */
    ck_assert_msg(longest * 20 >= 11u * (uint32_t)(LENGTH_TABLE + LENGTH_PER_SEAT * n),
                  "longest game of %d seats: %u moves", n, longest);
}
END_TEST
/* ------------------------------------------------------------------ */
/* Effects (issue 25; doc: "Effects"): what each history entry changed, as
 * the seat concerned, another seat and a spectator may see it, read from
 * br_state_history_effects_json() on the last entry. The effects replay the
 * history from the options' initial state, so every game here is played
 * from its start on a chance=explicit table (no loaded snapshots). */

enum { FX_SEATS = 3, FX_GUARD = 3000 };

/* The last entry's effects as `viewer` sees them, parsed. */
static json_t *fx_last(const br_state *s, int viewer)
{
    size_t count = 0, len = 0;
    br_state_history(s, NULL, 0, &count); /* the count only: the buffer is too small */
    ck_assert_msg(count > 0, "no history entry");
    static char buf[1 << 16];
    br_status st = br_state_history_effects_json(s, count - 1, viewer, buf, sizeof buf, &len);
    ck_assert_msg(st == BR_OK, "effects for %d: %s", viewer, br_state_last_error(s));
    return brt_parse_json(buf);
}

/* The nth effect of `type` (concerning `seat`, or any seat when -2). */
static json_t *fx_find(json_t *fx, const char *type, int seat, int nth)
{
    for (size_t i = 0; i < json_array_size(fx); i++) {
        json_t *e = json_array_get(fx, i);
        json_t *who = json_object_get(e, "seat");
        if (strcmp(json_string_value(json_object_get(e, "type")), type) != 0)
            continue;
        if (seat != -2 && (!who || json_integer_value(who) != seat))
            continue;
        if (nth-- == 0)
            return e;
    }
    return NULL;
}

static const char *fx_string(json_t *e, const char *key)
{
    const char *v = json_string_value(json_object_get(e, key));
    ck_assert_msg(v != NULL, "effect has no string '%s'", key);
    return v;
}

/* Whether some seat (or a spectator) sees an effect of `type` last. */
static bool fx_last_has(const br_state *s, const char *type)
{
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        json_t *fx = fx_last(s, viewer);
        bool found = fx_find(fx, type, -2, 0) != NULL;
        json_decref(fx);
        if (found)
            return true;
    }
    return false;
}

/* A seeded 3-seat game played by random legal moves (chance outcomes too)
 * until the last entry has an effect of `type`, or NULL if it ends first. */
static br_state *fx_play_seed(const char *type, uint64_t seed, const char *extra)
{
    char *options = brt_format("players=%d,chance=explicit,seed=%llu%s", FX_SEATS,
                               (unsigned long long)seed, extra);
    br_state *s = new_state(options);
    free(options);
    uint64_t rng = seed * 7919 + 11;
    for (int guard = 0; guard < FX_GUARD && !br_state_is_terminal(s); guard++) {
        br_move moves[MOVE_BUFFER];
        size_t n = legal_moves(s, moves);
        ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, n)]), BR_OK);
        if (fx_last_has(s, type))
            return s;
    }
    br_state_free(s);
    return NULL;
}

/* The first of the seeds from `seed` on whose game shows `type`. */
static br_state *fx_until(const char *type, uint64_t seed, const char *extra)
{
    for (uint64_t k = seed; k < seed + 20; k++) {
        br_state *s = fx_play_seed(type, k, extra);
        if (s)
            return s;
    }
    ck_abort_msg("no '%s' effect in seeded games %llu..", type, (unsigned long long)seed);
    return NULL;
}

/* The last entry's effects of `type`, as `viewer` sees them, as text. */
static char *fx_text_of_type(const br_state *s, int viewer, const char *type)
{
    json_t *fx = fx_last(s, viewer), *only = json_array();
    for (int k = 0; fx_find(fx, type, -2, k); k++)
        json_array_append(only, fx_find(fx, type, -2, k));
    char *text = json_dumps(only, JSON_COMPACT);
    json_decref(only);
    json_decref(fx);
    return text;
}

/* Public effect types: every seat and the spectator see the same. */
static const char *const FX_PUBLIC[] = {
    "event", "orient", "income", "favour", "play", "lay", "trade", "accept", "decline",
    "step", "done", "vp", "house", "project", "display", "dues", "tax", "redeem",
    "penalties", "plague", "cured", "forfeit", "chapter", "round", "end"};

START_TEST(test_effects_public_types_are_the_same_for_every_viewer)
{
    const char *type = FX_PUBLIC[_i];
    br_state *s = fx_until(type, 5, "");
    char *spectator = fx_text_of_type(s, -1, type);
    ck_assert_msg(strcmp(spectator, "[]") != 0, "%s: the spectator sees none", type);
    for (int seat = 0; seat < FX_SEATS; seat++) {
        char *seen = fx_text_of_type(s, seat, type);
        ck_assert_msg(strcmp(seen, spectator) == 0, "%s: seat %d sees %s, a spectator %s",
                      type, seat, seen, spectator);
        free(seen);
    }
    free(spectator);
    br_state_free(s);
}
END_TEST

/* Hidden cards ("Hidden information"): a face-down discard and a penance
 * card are named to their owner only, "?" to the others. */
static void fx_expect_card_for_owner_only(const char *type)
{
    br_state *s = fx_until(type, 5, "");
    json_t *mine = fx_last(s, -1);
    int owner = (int)json_integer_value(json_object_get(fx_find(mine, type, -2, 0), "seat"));
    json_decref(mine);
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        json_t *fx = fx_last(s, viewer);
        const char *card = fx_string(fx_find(fx, type, owner, 0), "card");
        if (viewer == owner) {
            char *seen = brt_observation(s, owner);
            ck_assert_msg(strcmp(card, "?") != 0 && brt_contains(seen, card),
                          "%s: the owner sees '%s'", type, card);
            free(seen);
        } else
            ck_assert_msg(strcmp(card, "?") == 0, "%s: viewer %d sees '%s' of seat %d", type,
                          viewer, card, owner);
        json_decref(fx);
    }
    br_state_free(s);
}

START_TEST(test_effects_discard_names_the_card_to_its_owner_only)
{
    fx_expect_card_for_owner_only("discard");
}
END_TEST

START_TEST(test_effects_penance_names_the_card_to_its_owner_only)
{
    fx_expect_card_for_owner_only("penance");
}
END_TEST

/* A new chapter's hand: 12 names to the owner, 12 "?" to the others. */
START_TEST(test_effects_draw_names_the_hand_to_its_owner_only)
{
    br_state *s = fx_until("draw", 5, "");
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        json_t *fx = fx_last(s, viewer);
        for (int seat = 0; seat < FX_SEATS; seat++) {
            json_t *cards = json_object_get(fx_find(fx, "draw", seat, 0), "cards");
            ck_assert_int_eq(json_array_size(cards), 12);
            for (size_t i = 0; i < 12; i++) {
                const char *c = json_string_value(json_array_get(cards, i));
                ck_assert_msg((strcmp(c, "?") == 0) == (viewer != seat),
                              "viewer %d sees seat %d's card %zu as '%s'", viewer, seat, i, c);
            }
        }
        json_decref(fx);
    }
    br_state_free(s);
}
END_TEST

/* Goods behind a screen: the orientation's income shows as goods to the
 * owner only; with screens=open to everybody. Event 1 oriented to 1 gives
 * seats 0, 1, 2 stone, wool, wood (test_rule_income_by_corner_for_each_seat). */
static br_state *fx_orient_event_1(const char *extra)
{
    char *options = options_for(FX_SEATS, extra);
    br_state *s = new_state(options);
    free(options);
    brt_play(s, "event 1");
    to_orient(s);
    brt_play(s, "orient 1");
    return s;
}

START_TEST(test_effects_orient_names_each_seats_corner_income)
{
    static const char *const want[FX_SEATS] = {"St", "Wo", "Wd"};
    br_state *s = fx_orient_event_1("");
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        json_t *fx = fx_last(s, viewer);
        json_t *o = json_array_get(fx, 0);
        ck_assert_str_eq(fx_string(o, "type"), "orient");
        ck_assert_str_eq(fx_string(o, "event"), "event 1");
        ck_assert_int_eq(json_integer_value(json_object_get(o, "orientation")), 1);
        for (int seat = 0; seat < FX_SEATS; seat++)
            ck_assert_str_eq(fx_string(fx_find(fx, "income", seat, 0), "income"), want[seat]);
        json_decref(fx);
    }
    br_state_free(s);
}
END_TEST

START_TEST(test_effects_goods_shown_only_to_those_who_see_the_screen)
{
    static const char *const got[FX_SEATS] = {"stone", "wool", "wood"};
    for (int open = 0; open <= 1; open++) {
        br_state *s = fx_orient_event_1(open ? "screens=open" : "");
        for (int viewer = -1; viewer < FX_SEATS; viewer++) {
            json_t *fx = fx_last(s, viewer);
            for (int seat = 0; seat < FX_SEATS; seat++) {
                json_t *g = fx_find(fx, "goods", seat, 0);
                bool sees = open || viewer == seat;
                ck_assert_msg((g != NULL) == sees, "screens %d: viewer %d, seat %d's goods",
                              open, viewer, seat);
                if (g)
                    ck_assert_int_eq(json_integer_value(json_object_get(
                                         json_object_get(g, "change"), got[seat])),
                                     1);
            }
            json_decref(fx);
        }
        br_state_free(s);
    }
}
END_TEST

/* The chapter end's tax roll (step "tax"): the die's value, then one "dues"
 * effect per seat with the shortfall the snapshot records, for everyone. */
START_TEST(test_effects_tax_roll_reckons_each_seats_dues)
{
    br_state *s = fx_until("tax", 5, "");
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        json_t *fx = fx_last(s, viewer);
        json_t *tax = json_array_get(fx, 0);
        ck_assert_str_eq(fx_string(tax, "type"), "tax");
        ck_assert_int_eq(json_integer_value(json_object_get(tax, "value")),
                         brt_field_int(s, "dues.tax"));
        for (int seat = 0; seat < FX_SEATS; seat++) {
            json_t *dues = fx_find(fx, "dues", seat, 0);
            ck_assert_msg(dues != NULL, "viewer %d: no dues of seat %d", viewer, seat);
            for (int d = 0; d < 3; d++) {
                static const char *const names[3] = {"piety", "grain", "tax"};
                json_t *n = json_object_get(json_object_get(dues, "shortfall"), names[d]);
                ck_assert_int_eq(json_integer_value(n),
                                 atoi(brt_fieldf(s, "dues.shortfall[%d].%s", seat, names[d])));
            }
        }
        json_decref(fx);
    }
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The snapshot as a field table (issue 24): what the core's walk and the
 * game's checks across members refuse. */

/* A project's cubes are held to its own fields (the table's range is the
 * largest of any project's: check_projects() holds each to its own). The
 * bridge has 2 wood fields; 3 wood on it, taken from the supply so that the
 * goods still add up, is refused and named. */
START_TEST(test_snapshot_loader_holds_each_project_to_its_fields)
{
    br_state *s = ch1_action(2, 1, "");
    json_t *root = brt_snapshot_json(s);
    br_state_free(s);
    json_t *st = json_object_get(root, "state");
    json_t *supply = json_object_get(st, "supply");
    json_int_t wood = json_integer_value(json_object_get(supply, "wood"));
    ck_assert_int_ge(wood, 3);
    json_object_set_new(supply, "wood", json_integer(wood - 3));
    json_t *bridge = json_array_get(json_object_get(st, "projects"), 0);
    json_object_set_new(bridge, "wood", json_integer(3));
    brt_expect_json_refused(root, "3 wood on the bridge's 2 fields", "projects[0]");
    json_decref(root);
}
END_TEST

/* Lists of names are read in the order they are written (card order): a
 * hand listed backwards is refused, naming the hand. */
START_TEST(test_snapshot_loader_takes_names_in_their_order)
{
    br_state *s = ch1_action(2, 1, "");
    json_t *root = brt_snapshot_json(s);
    br_state_free(s);
    json_t *hand = json_object_get(json_array_get(json_object_get(json_object_get(root, "state"),
                                                                  "players"), 0), "hand");
    ck_assert_int_ge(json_array_size(hand), 2);
    json_t *first = json_incref(json_array_get(hand, 0));
    json_array_remove(hand, 0);
    json_array_append_new(hand, first);
    brt_expect_json_refused(root, "a hand out of card order", "players[0].hand");
    json_decref(root);
}
END_TEST

/* ------------------------------------------------------------------ */
/* What a person at the table is told (issue 25, brules play): the effects
 * of forced moves, cover tiles, the plague tiles of chapter III and
 * Privileg, and the render's explanations (where the favour marker lands,
 * the income legend, what a begging seat really gets, plots, bonuses,
 * what the penalties cost). */

typedef bool (*fx_pred)(json_t *effect);

/* The first effect in `fx` for which `pred` holds. */
static json_t *fx_match(json_t *fx, fx_pred pred)
{
    for (size_t i = 0; i < json_array_size(fx); i++)
        if (pred(json_array_get(fx, i)))
            return json_array_get(fx, i);
    return NULL;
}

static bool fx_is(json_t *e, const char *type)
{
    return strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
}

/* Seeded 3-seat games from `seed` on, played by random legal moves, until
 * the last entry shows a spectator an effect for which `pred` holds. */
static br_state *fx_until_match(fx_pred pred, const char *what, uint64_t seed)
{
    for (uint64_t k = seed; k < seed + 20; k++) {
        char *options = brt_format("players=%d,chance=explicit,seed=%llu", FX_SEATS,
                                   (unsigned long long)k);
        br_state *s = new_state(options);
        free(options);
        uint64_t rng = k * 7919 + 11;
        for (int guard = 0; guard < FX_GUARD && !br_state_is_terminal(s); guard++) {
            br_move moves[MOVE_BUFFER];
            size_t n = legal_moves(s, moves);
            ck_assert_int_eq(br_state_apply(s, moves[brt_rand_below(&rng, n)]), BR_OK);
            json_t *fx = fx_last(s, -1);
            bool found = fx_match(fx, pred) != NULL;
            json_decref(fx);
            if (found)
                return s;
        }
        br_state_free(s);
    }
    ck_abort_msg("no %s in seeded games %llu..", what, (unsigned long long)seed);
    return NULL;
}

/* The matching effects of the last entry as `viewer` sees them, as text. */
static char *fx_text_matching(const br_state *s, int viewer, fx_pred pred)
{
    json_t *fx = fx_last(s, viewer), *only = json_array();
    for (size_t i = 0; i < json_array_size(fx); i++)
        if (pred(json_array_get(fx, i)))
            json_array_append(only, json_array_get(fx, i));
    char *text = json_dumps(only, JSON_COMPACT);
    json_decref(only);
    json_decref(fx);
    return text;
}

static void fx_expect_same_for_every_viewer(const br_state *s, fx_pred pred, const char *what)
{
    char *spectator = fx_text_matching(s, -1, pred);
    for (int seat = 0; seat < FX_SEATS; seat++) {
        char *seen = fx_text_matching(s, seat, pred);
        ck_assert_msg(strcmp(seen, spectator) == 0, "%s: seat %d sees %s, a spectator %s", what,
                      seat, seen, spectator);
        free(seen);
    }
    free(spectator);
}

static bool fx_forced_step(json_t *e)
{
    return fx_is(e, "step") && json_is_true(json_object_get(e, "forced"));
}

/* C22 carries out a decision with a single legal move without asking; the
 * effects name it ("forced": true), the same to every seat: a wool-sale
 * played with 1 wool and no cloth sells that wool. */
START_TEST(test_effects_name_the_forced_sale_of_a_wool_sale)
{
    /* an event whose income leaves seat 0 its 1 wool (no edit: the effects
     * replay the game from its start) */
    br_state *s = NULL;
    for (int e = 1; e <= 11 && !s; e++) {
        s = at_action(FX_SEATS, 1, e, "");
        if (goods(s, 0, WOOL) != 1 || goods(s, 0, CLOTH) != 0) {
            br_state_free(s);
            s = NULL;
        }
    }
    ck_assert_msg(s != NULL, "no chapter I event leaves seat 0 exactly 1 wool");
    int money = goods(s, 0, MONEY);
    brt_play(s, "play wool-sale");
    ck_assert_int_eq(goods(s, 0, WOOL), 0);
    ck_assert_int_gt(goods(s, 0, MONEY), money);
    json_t *fx = fx_last(s, -1);
    json_t *step = fx_match(fx, fx_forced_step);
    ck_assert_msg(step != NULL, "no forced step named: %s", json_dumps(fx, JSON_COMPACT));
    ck_assert_str_eq(fx_string(step, "move"), "sell 1 wool");
    ck_assert_str_eq(fx_string(step, "card"), "wool-sale");
    ck_assert_int_eq(json_integer_value(json_object_get(step, "seat")), 0);
    json_decref(fx);
    fx_expect_same_for_every_viewer(s, fx_forced_step, "forced step");
    br_state_free(s);
}
END_TEST

static bool fx_forced_discard(json_t *e)
{
    return fx_is(e, "discard") && json_is_true(json_object_get(e, "forced"));
}

/* A forced discard (the last card of the hand) stays face down: named to
 * its owner only ("Hidden information"). */
START_TEST(test_effects_forced_discard_names_the_card_to_its_owner_only)
{
    br_state *s = fx_until_match(fx_forced_discard, "forced discard", 5);
    json_t *fx = fx_last(s, -1);
    int owner = (int)json_integer_value(json_object_get(fx_match(fx, fx_forced_discard), "seat"));
    json_decref(fx);
    for (int viewer = -1; viewer < FX_SEATS; viewer++) {
        fx = fx_last(s, viewer);
        const char *card = fx_string(fx_match(fx, fx_forced_discard), "card");
        ck_assert_msg((strcmp(card, "?") == 0) == (viewer != owner),
                      "viewer %d sees seat %d's forced discard as '%s'", viewer, owner, card);
        json_decref(fx);
    }
    br_state_free(s);
}
END_TEST

static bool fx_plague_tiles(json_t *e) { return fx_is(e, "plague_tiles"); }

/* "nach Kapitel II ... Pestplättchen": the chapter end lays a face-down tile
 * on each of the 11 places, told to everyone (the values stay hidden). */
START_TEST(test_effects_chapter_two_end_lays_face_down_plague_tiles)
{
    br_state *s = fx_until_match(fx_plague_tiles, "plague_tiles effect", 5);
    json_t *fx = fx_last(s, -1);
    json_t *places = json_object_get(fx_match(fx, fx_plague_tiles), "places");
    ck_assert_int_eq(json_array_size(places), 11);
    for (size_t i = 0; i < 11; i++)
        ck_assert_int_eq(json_integer_value(json_array_get(places, i)), (json_int_t)i + 1);
    json_decref(fx);
    brt_expect_field(s, "chapter", "3");
    fx_expect_same_for_every_viewer(s, fx_plague_tiles, "plague_tiles");
    br_state_free(s);
}
END_TEST

static bool fx_cover(json_t *e) { return fx_is(e, "cover"); }
static bool fx_uncover(json_t *e) { return fx_is(e, "uncover"); }

/* A cover event's tile is named by its target as the snapshot names it,
 * and the chapter end's return of the tiles too. */
START_TEST(test_effects_cover_tiles_laid_and_taken_back)
{
    br_state *s = fx_until_match(fx_cover, "cover effect", 5);
    json_t *fx = fx_last(s, -1);
    const char *target = fx_string(fx_match(fx, fx_cover), "target");
    /* in the entry of the event card that lays it, not in later ones */
    json_t *event = json_array_get(fx, 0);
    ck_assert_str_eq(fx_string(event, "type"), "event");
    ck_assert_str_eq(fx_string(event, "effect"), "cover");
    const char *snapshot = brt_field(s, "covers");
    ck_assert_msg(brt_contains(snapshot, target), "covers %s lack '%s'", snapshot, target);
    json_decref(fx);
    fx_expect_same_for_every_viewer(s, fx_cover, "cover");
    br_state_free(s);
    s = fx_until_match(fx_uncover, "uncover effect", 5);
    brt_expect_field(s, "covers", "");
    fx_expect_same_for_every_viewer(s, fx_uncover, "uncover");
    br_state_free(s);
}
END_TEST

static bool fx_privilege(json_t *e)
{
    return fx_is(e, "play") && strcmp(fx_string(e, "card"), "privilege") == 0;
}

/* Privileg repeats the top face-up card: the effect names it, and the
 * render's pile shows it ("privilege=build"). */
START_TEST(test_effects_and_pile_name_the_card_privilege_repeated)
{
    br_state *s = fx_until_match(fx_privilege, "Privileg played", 5);
    json_t *fx = fx_last(s, -1);
    json_t *play = fx_match(fx, fx_privilege);
    int seat = (int)json_integer_value(json_object_get(play, "seat"));
    const char *repeated = fx_string(play, "repeats");
    char want[64];
    snprintf(want, sizeof want, "privilege=%s", repeated);
    char *render = brt_render_view(s, -1);
    ck_assert_msg(brt_contains(render, want), "seat %d: no '%s' in\n%s", seat, want, render);
    free(render);
    json_decref(fx);
    br_state_free(s);
}
END_TEST

/* The line of `render` that begins with `head` (after blanks), copied. */
static char *render_line(const char *render, const char *head)
{
    for (const char *l = render; *l;) {
        size_t len = strcspn(l, "\n");
        const char *t = l + strspn(l, " ");
        if (strncmp(t, head, strlen(head)) == 0)
            return brt_format("%.*s", (int)len, l);
        l += len + (l[len] == '\n');
    }
    ck_abort_msg("no line '%s' in\n%s", head, render);
    return NULL;
}

/* At the orientation each line says where the favour marker lands and what
 * that space gives (2 players: the marker starts on the prior), and a
 * legend explains the income codes. */
START_TEST(test_render_orientation_names_favour_space_and_income_codes)
{
    br_state *s = orient_position(1, "");
    char *render = brt_render_view(s, 0);
    char *line = render_line(render, "orient 0:");
    ck_assert_msg(brt_contains(line, "| favour stays"), "%s", line);
    free(line);
    line = render_line(render, "orient 1:");
    ck_assert_msg(brt_contains(line, "| favour -> guild: 1 VP per own house"), "%s", line);
    free(line);
    ck_assert_msg(brt_contains(render, "favour -> prioress: 2 VP if you show 1 knowledge"),
                  "%s", render);
    ck_assert_msg(brt_contains(render, "(income: St stone, Wd wood, Gr grain, Pi piety"), "%s",
                  render);
    ck_assert_msg(brt_contains(render, "M1/M2 1/2 money, VP 1 victory point)"), "%s", render);
    free(render);
    br_state_free(s);
}
END_TEST

/* "Betteln: Du verzichtest ... auf dein Einkommen der ersten Runde": the
 * orientation lines show the begging seat's corner as withheld (the rules
 * pay nothing: test_rule_begging_no_income_round_one), the other seat's as
 * it is paid. */
START_TEST(test_render_orientation_shows_begging_income_withheld)
{
    table before;
    br_state *s = to_tax(2, "1.grain=1", &before);
    brt_play(s, "tax 2");
    brt_play(s, "event 22");
    expect_phase(s, "orient");
    char *render = brt_render_view(s, 1);
    int k = (1 - atoi(brt_field(s, "crest")) + 2) % 2; /* seat 1, from the active seat */
    for (int v = 0; v < 4; v++) {
        char head[16], code[3], want[48];
        snprintf(head, sizeof head, "orient %d:", v);
        char *line = render_line(render, head);
        seat_corner(22, v, 2, k, code);
        snprintf(want, sizeof want, "s1 %s withheld (begging)", code);
        ck_assert_msg(brt_contains(line, want), "no '%s' in '%s'", want, line);
        const char *first = strstr(line, "withheld");
        ck_assert_msg(!strstr(first + 1, "withheld"), "seat 0 does not beg: %s", line);
        free(line);
    }
    free(render);
    br_state_free(s);
}
END_TEST

/* The table explains itself: each plot's house material and rent, each
 * project's donor bonus, the bonus of a patient's place, and what the
 * penalties P, B and C cost. */
START_TEST(test_render_explains_plots_bonuses_and_penalties)
{
    br_state *s = patient(23, 3, "");
    char *render = brt_render_view(s, 0);
    static const char *const want[] = {
        "Plots (material, rent): p1 st 1gr  p2 wd 1gr", "p9 st 2$", "p14 wd 1mk",
        "place 4 needs 3 (2 VP +2 $)",
        "P penance (piety: 3 VP per missing unit", "B begging (grain: 2 VP per missing unit",
        "C royal court (tax: 1 VP per missing coin"};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_msg(brt_contains(render, want[i]), "no '%s' in\n%s", want[i], render);
    free(render);
    br_state_free(s);
    s = orient_position(1, "");
    render = brt_render_view(s, 0);
    ck_assert_msg(brt_contains(render, "bridge S0/4 W0/2 donors +1 VP +2 $"), "%s", render);
    free(render);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */

int main(void)
{
    const brt_test tests[] = {
        /* Setup and content */
        BRT_CASE("setup", 120),
        BRT_LOOP(test_rule_seat_zero_holds_crest_in_round_one, 3),
        BRT_LOOP(test_rule_start_goods, 3),
        BRT_LOOP(test_content_grain_and_piety_at_setup, 3),
        BRT_LOOP(test_content_component_counts, 3),
        BRT_TEST(test_rule_bridge_from_start),
        /* Chapters, rounds, events, the crest */
        BRT_CASE("frame", 120),
        BRT_TEST(test_rule_first_event_is_from_chapter_one),
        BRT_TEST(test_rule_event_draw_uniform_over_undrawn),
        BRT_TEST(test_rule_six_events_per_chapter_one_per_round),
        BRT_TEST(test_rule_five_events_per_chapter_never_seen),
        BRT_TEST(test_rule_four_chapters_of_six_rounds),
        BRT_TEST(test_rule_event_revealed_each_round),
        BRT_TEST(test_rule_crest_moves_left_after_each_round),
        BRT_TEST(test_rule_actions_from_active_player_clockwise),
        BRT_LOOP(test_rule_crest_seven_moves_a_chapter_by_default, 3),
        BRT_LOOP(test_rule_crest_in_order_next_seat_rolls_tax, 3),
        BRT_LOOP(test_rule_crest_once_option, 3),
        /* The event card */
        BRT_CASE("orient", 120),
        BRT_TEST(test_rule_four_orientations),
        BRT_TEST(test_rule_income_by_corner_for_each_seat),
        BRT_LOOP(test_content_orientation_geometry_2_3_4_players, 3),
        BRT_LOOP(test_content_events_as_designed, 4),
        BRT_TEST(test_content_sides_are_permutations),
        BRT_TEST(test_content_arrow_value_pairs_with_own_corner_rank),
        BRT_TEST(test_rule_income_points_scored_at_once),
        BRT_TEST(test_rule_income_substitute_point_when_stock_empty),
        BRT_TEST(test_rule_income_two_money_with_one_coin_left),
        BRT_TEST(test_rule_immediate_event_resolved_before_orienting),
        BRT_TEST(test_rule_event_card_is_public),
        /* Favour */
        BRT_CASE("favour", 120),
        BRT_TEST(test_rule_favour_moves_by_arrow),
        BRT_TEST(test_content_favour_track_two_outlaw_spaces_start_by_players),
        BRT_TEST(test_rule_only_active_player_gets_favour),
        BRT_TEST(test_rule_arrow_zero_no_move_no_favour),
        BRT_TEST(test_rule_favour_wraps_bishop_to_queen),
        BRT_TEST(test_rule_favour_skips_covered_spaces),
        BRT_TEST(test_rule_favour_empty_stock_gives_nothing),
        BRT_TEST(test_rule_favour_queen),
        BRT_TEST(test_rule_favour_prior),
        BRT_TEST(test_rule_favour_guild),
        BRT_TEST(test_rule_favour_prioress),
        BRT_TEST(test_rule_favour_merchants),
        BRT_TEST(test_rule_favour_king),
        BRT_TEST(test_rule_favour_earl),
        BRT_TEST(test_rule_favour_bishop),
        BRT_TEST(test_rule_favour_outlaws_pay_one_money),
        BRT_TEST(test_rule_favour_goods_shown_not_given),
        BRT_TEST(test_rule_orientation_to_outlaws_needs_money),
        BRT_TEST(test_rule_orientation_to_outlaws_income_counts),
        BRT_TEST(test_rule_orient_zero_always_legal),
        /* Actions of chapter I */
        BRT_CASE("actions", 120),
        BRT_TEST(test_rule_action_may_be_given_up),
        BRT_TEST(test_rule_given_up_action_chapter_one_no_discard),
        BRT_TEST(test_rule_unexecutable_action_only_laid),
        BRT_TEST(test_rule_action_grain),
        BRT_TEST(test_rule_action_piety),
        BRT_TEST(test_rule_action_material),
        BRT_TEST(test_rule_build_up_to_two_on_one_project),
        BRT_TEST(test_rule_build_three_points_per_cube),
        BRT_TEST(test_rule_build_mixed_materials),
        BRT_TEST(test_rule_field_colour_decides_material),
        BRT_TEST(test_rule_build_fields_any_order),
        BRT_TEST(test_rule_sale_any_wool_at_two),
        BRT_TEST(test_rule_sale_at_most_one_cloth_at_four),
        BRT_TEST(test_rule_sale_limited_by_money_supply),
        BRT_TEST(test_rule_privilege_repeats_last_face_up_card),
        BRT_TEST(test_rule_privilege_nothing_to_repeat_first_card),
        BRT_TEST(test_rule_privilege_unused_card_option),
        /* Lasting events */
        BRT_CASE("lasting", 120),
        BRT_TEST(test_rule_lasting_cards_to_display_fields),
        BRT_TEST(test_rule_third_lasting_replaces_oldest),
        BRT_TEST(test_rule_lasting_three_option),
        BRT_TEST(test_rule_lasting_this_round_and_display_apply),
        BRT_TEST(test_rule_lasting_event_affects_actions_until_chapter_end),
        /* Effects of chapter I */
        BRT_CASE("effects", 120),
        BRT_TEST(test_rule_effect_gain_all),
        BRT_TEST(test_rule_effect_lose_all),
        BRT_TEST(test_rule_effect_trade),
        BRT_TEST(test_rule_immediate_trade_once),
        BRT_TEST(test_rule_event_choices_from_active_player_clockwise),
        BRT_TEST(test_rule_single_option_not_asked),
        BRT_TEST(test_rule_effect_cover),
        BRT_TEST(test_rule_cover_blocks_market_space),
        BRT_TEST(test_rule_cover_blocks_favour_space),
        BRT_TEST(test_rule_effect_project),
        BRT_TEST(test_rule_event_brings_project_into_play),
        BRT_TEST(test_content_each_event_project_on_one_card),
        BRT_TEST(test_rule_effect_ban),
        BRT_TEST(test_rule_effect_bonus),
        BRT_TEST(test_rule_effect_price),
        /* Chapter II actions */
        BRT_CASE("chapter2", 120),
        BRT_TEST(test_rule_twelve_cards_from_chapter_two),
        BRT_TEST(test_rule_all_cards_back_each_chapter),
        BRT_TEST(test_rule_discard_face_down_after_each_action_from_chapter_two),
        BRT_TEST(test_rule_given_up_action_still_lays_two_cards),
        BRT_TEST(test_rule_six_face_up_cards_per_chapter),
        BRT_TEST(test_rule_house_costs_matching_cube_and_money),
        BRT_TEST(test_rule_house_four_per_seat),
        BRT_TEST(test_rule_house_material_matches_plot),
        BRT_TEST(test_rule_house_not_two_plots_of_same_yield),
        BRT_TEST(test_content_fourteen_plots),
        BRT_TEST(test_content_plots_as_designed),
        BRT_TEST(test_rule_rent_up_to_two_houses_chosen),
        BRT_TEST(test_rule_rent_empty_stock_gives_nothing),
        BRT_TEST(test_rule_donate_money_and_seal),
        BRT_TEST(test_rule_donate_only_unfinished),
        BRT_TEST(test_rule_donate_once_per_seat_per_project),
        BRT_TEST(test_rule_weave_one_or_two),
        BRT_TEST(test_rule_weave_limited_by_cloth_supply),
        BRT_TEST(test_rule_medicine_money_and_point),
        BRT_TEST(test_rule_favour_card_one_step_benefit_to_player),
        BRT_TEST(test_rule_favour_card_to_outlaws_needs_money),
        BRT_TEST(test_rule_effect_most),
        BRT_TEST(test_rule_effect_pay_or),
        BRT_TEST(test_rule_war_forfeit_or_loyalty),
        BRT_TEST(test_rule_effect_trade_round),
        BRT_TEST(test_rule_lasting_trade_once_per_round),
        BRT_TEST(test_rule_cover_blocks_project),
        BRT_TEST(test_rule_no_donation_on_covered_project),
        BRT_TEST(test_rule_effect_price_and_bonus_chapter_two),
        /* Projects */
        BRT_CASE("projects", 120),
        BRT_TEST(test_content_projects_as_designed),
        BRT_LOOP(test_rule_donors_get_bonus_on_completion, 4),
        BRT_TEST(test_rule_tower_and_chapel_donors_two_points),
        BRT_TEST(test_rule_seals_return_on_completion),
        BRT_TEST(test_rule_hospital_donors_care_from_start_player),
        BRT_TEST(test_rule_tower_from_chapter_three),
        BRT_TEST(test_rule_spire_after_eight_tower_fields),
        BRT_TEST(test_rule_spire_most_loyalty_three_points),
        BRT_TEST(test_rule_spire_tie_one_point_each),
        BRT_TEST(test_rule_no_metal_for_unfinished_tower),
        /* The plague */
        BRT_CASE("plague", 120),
        BRT_TEST(test_rule_plague_tiles_face_down_after_chapter_two),
        BRT_TEST(test_content_plague_tiles_values),
        BRT_TEST(test_rule_plague_tile_revealed_before_event_resolved),
        BRT_TEST(test_rule_hideout_revealed_by_card_eleven),
        BRT_TEST(test_rule_care_needs_knowledge_of_tile_value),
        BRT_TEST(test_rule_medicine_care_from_chapter_three),
        BRT_TEST(test_rule_no_care_before_chapter_three),
        BRT_TEST(test_rule_care_two_points_and_place_bonus),
        BRT_TEST(test_rule_hideout_two_points_only),
        BRT_TEST(test_rule_care_keeps_knowledge_removes_tile),
        BRT_TEST(test_rule_care_several_within_knowledge_sum),
        BRT_TEST(test_rule_care_sum_within_knowledge_shown_when_played),
        BRT_LOOP(test_content_places_as_designed, 11),
        BRT_TEST(test_content_chapter_three_four_places_once_each),
        BRT_TEST(test_rule_nobody_falls_ill_twice),
        /* Effects of chapters III and IV */
        BRT_CASE("effects34", 120),
        BRT_TEST(test_rule_effect_show_or),
        BRT_TEST(test_rule_effect_cost),
        BRT_TEST(test_rule_effect_bonus_chapter_three),
        BRT_TEST(test_rule_effect_per_house),
        BRT_TEST(test_rule_effect_most_loyalty),
        BRT_TEST(test_rule_effect_fill),
        BRT_TEST(test_rule_effect_lasting_chapter_four),
        BRT_TEST(test_rule_effect_ban_also_for_privilege),
        BRT_TEST(test_rule_effect_trade_and_pay_or_chapter_four),
        /* The chapter end */
        BRT_CASE("chapter-end", 120),
        BRT_TEST(test_rule_chapter_end_after_round_six),
        BRT_TEST(test_rule_chapter_end_fills_each_unfinished_project),
        BRT_TEST(test_rule_chapter_end_fill_stone_first),
        BRT_TEST(test_rule_chapter_end_fill_can_complete),
        BRT_TEST(test_rule_chapter_end_removes_covers),
        BRT_TEST(test_rule_chapter_end_clears_events),
        BRT_TEST(test_rule_dues_at_every_chapter_end),
        BRT_TEST(test_rule_given_goods_return_to_their_place),
        BRT_TEST(test_rule_goods_kept_into_next_chapter),
        BRT_CASE("dues", 120),
        BRT_TEST(test_rule_piety_due_three_points_per_missing_and_penance),
        BRT_TEST(test_rule_grain_due_two_points_per_missing_and_begging),
        BRT_TEST(test_rule_begging_no_income_round_one),
        BRT_TEST(test_rule_tax_die_two_to_five),
        BRT_TEST(test_content_tax_die_faces),
        BRT_TEST(test_rule_tax_shortfall_all_money_point_per_coin_court),
        BRT_TEST(test_rule_court_first_round_card_unused),
        BRT_TEST(test_rule_penance_random_card_no_first_discard),
        BRT_TEST(test_rule_penance_and_court_one_face_up_no_discard),
        BRT_TEST(test_rule_loyalty_redeems_one_penalty_points_still_lost),
        BRT_TEST(test_rule_loyalty_one_per_penalty),
        BRT_TEST(test_rule_last_dues_double_loss_no_penalties),
        BRT_TEST(test_rule_last_dues_loyalty_cancels_doubling),
        BRT_TEST(test_rule_knowledge_never_lost),
        BRT_TEST(test_rule_points_never_below_zero),
        BRT_TEST(test_rule_points_beyond_sixty_keep_counting),
        BRT_TEST(test_rule_track_wraps_after_space_sixty),
        BRT_TEST(test_rule_war_first_event_court_not_extra),
        /* Results, random games */
        BRT_CASE("results", 120),
        BRT_TEST(test_rule_most_points_wins_ties_share),
        BRT_CASE("random", 120),
        BRT_LOOP(test_rule_goods_conserved, 3),
        BRT_LOOP(test_rule_piles_grow_evenly, 3),
        /* Hidden information */
        BRT_CASE("hidden", 120),
        BRT_TEST(test_rule_goods_hidden_behind_screen),
        BRT_TEST(test_rule_screens_open_option),
        BRT_CASE("frame", 120),
        BRT_TEST(test_rule_options_take_only_their_two_values),
        BRT_CASE("hidden", 120),
        BRT_TEST(test_rule_hands_and_discards_hidden),
        BRT_TEST(test_rule_resample_keeps_observation),
        /* Snapshots and notation */
        BRT_CASE("snapshot", 120),
        BRT_TEST(test_snapshot_round_trip_every_phase),
        BRT_LOOP(test_snapshot_loader_rejects_inconsistent_members, (int)BRT_COUNT(REJECTIONS)),
        BRT_LOOP(test_binary_loader_rejects_inconsistent_fields, (int)BRT_COUNT(BINARY_REJECTIONS)),
        BRT_TEST(test_binary_loader_holds_projects_to_their_fields),
        BRT_TEST(test_rule_illegal_move_leaves_state_unchanged),
        BRT_CASE("notation", 120),
        BRT_TEST(test_spec_notation_examples),
        BRT_TEST(test_spec_notation_round_trip_every_move),
        BRT_TEST(test_spec_notation_case_blanks_and_order),
        BRT_TEST(test_spec_notation_parse_errors),
        /* The learning interface */
        BRT_CASE("learn", 120),
        BRT_TEST(test_learn_option_specs_match_options_string),
        BRT_TEST(test_learn_facts_as_documented),
        BRT_TEST(test_learn_tensor_set_up_position_planes),
        BRT_LOOP(test_learn_tensor_views_differ_only_in_private_planes, 6),
        BRT_LOOP(test_learn_tensor_same_after_resample, 4),
        BRT_TEST(test_learn_max_game_length_holds_random_playouts),
        BRT_LOOP(test_learn_max_game_length_terms_hold_and_are_reached, 3),
        BRT_CASE("effects", 600),
        BRT_LOOP(test_effects_public_types_are_the_same_for_every_viewer, (int)BRT_COUNT(FX_PUBLIC)),
        BRT_TEST(test_effects_discard_names_the_card_to_its_owner_only),
        BRT_TEST(test_effects_penance_names_the_card_to_its_owner_only),
        BRT_TEST(test_effects_draw_names_the_hand_to_its_owner_only),
        BRT_TEST(test_effects_orient_names_each_seats_corner_income),
        BRT_TEST(test_effects_goods_shown_only_to_those_who_see_the_screen),
        BRT_TEST(test_effects_tax_roll_reckons_each_seats_dues),
        BRT_CASE("fields", 0),
        BRT_TEST(test_snapshot_loader_holds_each_project_to_its_fields),
        BRT_TEST(test_snapshot_loader_takes_names_in_their_order),
        BRT_CASE("explained", 600),
        BRT_TEST(test_effects_name_the_forced_sale_of_a_wool_sale),
        BRT_TEST(test_effects_forced_discard_names_the_card_to_its_owner_only),
        BRT_TEST(test_effects_chapter_two_end_lays_face_down_plague_tiles),
        BRT_TEST(test_effects_cover_tiles_laid_and_taken_back),
        BRT_TEST(test_effects_and_pile_name_the_card_privilege_repeated),
        BRT_TEST(test_render_orientation_names_favour_space_and_income_codes),
        BRT_TEST(test_render_orientation_shows_begging_income_withheld),
        BRT_TEST(test_render_explains_plots_bonuses_and_penalties),
    };
    return brt_run_tests("tore-der-welt", tests, BRT_COUNT(tests));
}
