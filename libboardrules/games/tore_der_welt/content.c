/*
 * Die Tore der Welt: the designed content, as data.
 *
 * The public sources give the structure and the component counts, not the
 * card texts: the 44 event cards, the favour track's outlaw spaces and
 * start, the projects' fields and bonuses, the house plots, the plague
 * places and tiles, the tax die and the supplies at setup are the project's
 * own design. Every table here is transcribed one to one from
 * doc/games/tore-der-welt.md ("Components and supplies", "The favour track",
 * "The action cards", "The projects", "House plots", "The plague", "Market
 * spaces, tax die, cover tiles", "Event cards"); the page gives the reasons,
 * and a change goes into the page first. The rules read these tables only.
 */
#include "tore_der_welt.h"

/* ------------------------------------------------------------------ */
/* Components and supplies */

/* Units of each good in the game: stone and wood are the design's 25/15
 * split of the 41 cubes (the metal spire is the 41st); each coin is 1 money. */
const uint8_t tdw_component[TDW_GOODS] = {
    [TDW_STONE] = 25, [TDW_WOOD] = 15,    [TDW_GRAIN] = 10,
    [TDW_PIETY] = 12, [TDW_WOOL] = 15,    [TDW_CLOTH] = 12,
    [TDW_MONEY] = 28, [TDW_LOYALTY] = 14, [TDW_KNOWLEDGE] = 20,
};

/* Each seat starts with 1 wool and 2 money (and 8 VP, set by the rules). */
const uint8_t tdw_start_goods[TDW_GOODS] = {
    [TDW_WOOL] = 1,
    [TDW_MONEY] = 2,
};

const char *const tdw_good_names[TDW_GOODS] = {
    [TDW_STONE] = "stone", [TDW_WOOD] = "wood",       [TDW_GRAIN] = "grain",
    [TDW_PIETY] = "piety", [TDW_WOOL] = "wool",       [TDW_CLOTH] = "cloth",
    [TDW_MONEY] = "money", [TDW_LOYALTY] = "loyalty", [TDW_KNOWLEDGE] = "knowledge",
};

const char *const tdw_income_codes[TDW_INCOMES] = {
    [TDW_INC_STONE] = "St",     [TDW_INC_WOOD] = "Wd",   [TDW_INC_GRAIN] = "Gr",
    [TDW_INC_PIETY] = "Pi",     [TDW_INC_WOOL] = "Wo",   [TDW_INC_LOYALTY] = "Lo",
    [TDW_INC_KNOWLEDGE] = "Mk", [TDW_INC_MONEY1] = "M1", [TDW_INC_MONEY2] = "M2",
    [TDW_INC_VP] = "VP",
};

/* The good an income code gives (TDW_NONE: the VP corner). */
const uint8_t tdw_income_goods[TDW_INCOMES] = {
    [TDW_INC_STONE] = TDW_STONE,         [TDW_INC_WOOD] = TDW_WOOD,     [TDW_INC_GRAIN] = TDW_GRAIN,
    [TDW_INC_PIETY] = TDW_PIETY,         [TDW_INC_WOOL] = TDW_WOOL,     [TDW_INC_LOYALTY] = TDW_LOYALTY,
    [TDW_INC_KNOWLEDGE] = TDW_KNOWLEDGE, [TDW_INC_MONEY1] = TDW_MONEY, [TDW_INC_MONEY2] = TDW_MONEY,
    [TDW_INC_VP] = TDW_NONE,
};

/* The cover targets in target order: the favour track (tdw_track[].text),
 * the two markets, the projects. */
const char *const tdw_target_names[TDW_TARGETS] = {
    "favour queen", "favour prior", "favour guild", "favour outlaws-1", "favour prioress",
    "favour merchants", "favour king", "favour outlaws-2", "favour earl", "favour bishop",
    "market wool", "market cloth", "project bridge", "project tower", "project chapel",
    "project hospital", "project palace", "project mill", "project guildhall",
};

const char *const tdw_due_names[TDW_DUES] = {"piety", "grain", "tax"};
const char *const tdw_slot_names[3] = {"council", "field1", "field2"};
const char *const tdw_plot_names[TDW_PLOTS] = {
    "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13", "p14",
};

/* ------------------------------------------------------------------ */
/* The favour track: ten spaces clockwise; the outlaws right after the guild
 * and the king; the marker starts on the bishop. */

const tdw_space_info tdw_track[TDW_SPACES] = {
    {TDW_S_QUEEN, "queen"},         /* 0: 2 VP with >= 1 loyalty */
    {TDW_S_PRIOR, "prior"},         /* 1: 1 piety */
    {TDW_S_GUILD, "guild"},         /* 2: 1 VP per own house */
    {TDW_S_OUTLAWS, "outlaws-1"},   /* 3: pays 1 money */
    {TDW_S_PRIORESS, "prioress"},   /* 4: 2 VP with >= 1 medical knowledge */
    {TDW_S_MERCHANTS, "merchants"}, /* 5: 1 wool */
    {TDW_S_KING, "king"},           /* 6: 1 VP per loyalty */
    {TDW_S_OUTLAWS, "outlaws-2"},   /* 7: pays 1 money */
    {TDW_S_EARL, "earl"},           /* 8: 1 grain */
    {TDW_S_BISHOP, "bishop"},       /* 9: 1 VP per piety */
};

/* What each kind of favour space gives (doc: "The favour track"). */
#define BEN(gain, pay, show, per, per_house, text)                                              \
    {TDW_##gain, TDW_##pay, TDW_##show, TDW_##per, per_house, text}
const tdw_benefit tdw_benefits[TDW_S_BISHOP + 1] = {
    /*                    gain  pay    show       per      house */
    [TDW_S_QUEEN] = BEN(NONE, NONE, LOYALTY, NONE, 0, "2 VP if you show 1 loyalty"),
    [TDW_S_PRIOR] = BEN(PIETY, NONE, NONE, NONE, 0, "1 piety"),
    [TDW_S_GUILD] = BEN(NONE, NONE, NONE, NONE, 1, "1 VP per own house"),
    [TDW_S_OUTLAWS] = BEN(NONE, MONEY, NONE, NONE, 0, "pay 1 money"),
    [TDW_S_PRIORESS] = BEN(NONE, NONE, KNOWLEDGE, NONE, 0, "2 VP if you show 1 knowledge"),
    [TDW_S_MERCHANTS] = BEN(WOOL, NONE, NONE, NONE, 0, "1 wool"),
    [TDW_S_KING] = BEN(NONE, NONE, NONE, LOYALTY, 0, "1 VP per loyalty shown"),
    [TDW_S_EARL] = BEN(GRAIN, NONE, NONE, NONE, 0, "1 grain"),
    [TDW_S_BISHOP] = BEN(NONE, NONE, NONE, PIETY, 0, "1 VP per piety shown"),
};
#undef BEN

/* The favour marker's start, by the number of players (doc: "The favour
 * track", "Seat balance"). From the bishop the first orientation reaches
 * the prior's piety, and the next seat's reach from there (guild, outlaws,
 * prioress) is empty at the start: seat 0 won 60 % of the 2-player games
 * and 1.38 times its share with 3 players. From the prior every first reach
 * is empty. With 4 players the bishop start is within the balance targets
 * (the prior start is not). */
const uint8_t tdw_favour_start[TDW_MAX_SEATS + 1] = {[2] = 1, [3] = 1, [4] = 9};

/* ------------------------------------------------------------------ */
/* The action cards (the notation's texts) */

const char *const tdw_card_names[TDW_CARDS] = {
    [TDW_C_GRAIN] = "grain", [TDW_C_PIETY] = "piety",       [TDW_C_MATERIAL] = "material",
    [TDW_C_BUILD] = "build", [TDW_C_SALE] = "wool-sale",    [TDW_C_PRIVILEGE] = "privilege",
    [TDW_C_HOUSE] = "house", [TDW_C_RENT] = "rent",         [TDW_C_DONATE] = "donate",
    [TDW_C_WEAVE] = "weave", [TDW_C_MEDICINE] = "medicine", [TDW_C_FAVOUR] = "favour",
};

/* ------------------------------------------------------------------ */
/* The projects: fields (stone, wood) and the donors' bonus on completion. */

#define PRJ(text, stone, wood, vp, good, n, care) {text, stone, wood, vp, good, n, care}

const tdw_project_info tdw_projects[TDW_PROJECTS] = {
    /*                        stone wood  VP  good          n  care */
    [TDW_P_BRIDGE]    = PRJ("bridge",    4, 2, 1, TDW_MONEY,   2, 0),
    [TDW_P_TOWER]     = PRJ("tower",     6, 2, 2, TDW_NONE,    0, 0), /* then the spire */
    [TDW_P_CHAPEL]    = PRJ("chapel",    4, 1, 2, TDW_NONE,    0, 0),
    [TDW_P_HOSPITAL]  = PRJ("hospital",  2, 2, 1, TDW_NONE,    0, 1),
    [TDW_P_PALACE]    = PRJ("palace",    3, 2, 1, TDW_PIETY,   1, 0),
    [TDW_P_MILL]      = PRJ("mill",      1, 3, 1, TDW_CLOTH,   1, 0),
    [TDW_P_GUILDHALL] = PRJ("guildhall", 3, 1, 1, TDW_LOYALTY, 1, 0),
    /* all:                             23 13 */
};

#undef PRJ

/* tdw_projects[].text, as names the notation and the snapshot can index */
const char *const tdw_project_names[TDW_PROJECTS] = {
    "bridge", "tower", "chapel", "hospital", "palace", "mill", "guildhall",
};

/* ------------------------------------------------------------------ */
/* House plots p1..p14: material, yield group (no seat holds two plots of
 * one group), and what rent gives. */

enum { Y_GRAIN, Y_PIETY, Y_WOOL, Y_MONEY, Y_CLOTH, Y_LOYALTY, Y_KNOWLEDGE };

#define PLOT(material, yield, good, n) {TDW_##material, Y_##yield, TDW_##good, n}

const tdw_plot_info tdw_plots[TDW_PLOTS] = {
    PLOT(STONE, GRAIN, GRAIN, 1),             /* p1 */
    PLOT(WOOD, GRAIN, GRAIN, 1),              /* p2 */
    PLOT(STONE, GRAIN, GRAIN, 1),             /* p3 */
    PLOT(WOOD, PIETY, PIETY, 1),              /* p4 */
    PLOT(STONE, PIETY, PIETY, 1),             /* p5 */
    PLOT(WOOD, PIETY, PIETY, 1),              /* p6 */
    PLOT(STONE, WOOL, WOOL, 1),               /* p7 */
    PLOT(WOOD, WOOL, WOOL, 1),                /* p8 */
    PLOT(STONE, MONEY, MONEY, 2),             /* p9 */
    PLOT(WOOD, MONEY, MONEY, 2),              /* p10 */
    PLOT(STONE, CLOTH, CLOTH, 1),             /* p11 */
    PLOT(WOOD, CLOTH, CLOTH, 1),              /* p12 */
    PLOT(STONE, LOYALTY, LOYALTY, 1),         /* p13 */
    PLOT(WOOD, KNOWLEDGE, KNOWLEDGE, 1),      /* p14 */
};

#undef PLOT

/* ------------------------------------------------------------------ */
/* The plague: the eleven places' bonuses (besides the 2 VP for the care)
 * and the tiles. */

#define PLACE(good, n, vp) {TDW_##good, n, vp}

const tdw_place_info tdw_places[TDW_PLACES] = {
    PLACE(GRAIN, 1, 0),     /* 1 */
    PLACE(PIETY, 1, 0),     /* 2 */
    PLACE(LOYALTY, 1, 0),   /* 3 */
    PLACE(MONEY, 2, 0),     /* 4 */
    PLACE(CLOTH, 1, 0),     /* 5 */
    PLACE(STONE, 1, 0),     /* 6 */
    PLACE(WOOD, 1, 0),      /* 7 */
    PLACE(WOOL, 1, 0),      /* 8 */
    PLACE(NONE, 0, 1),      /* 9: 1 VP (3 VP in all) */
    PLACE(KNOWLEDGE, 1, 0), /* 10 */
    PLACE(NONE, 0, 0),      /* 11: the forest hideout, 2 VP only */
};

#undef PLACE

/* Values 1,1,2,2,2,3,3,3,4,4,5: the tiles of value 1..5. */
const uint8_t tdw_plague_tiles[TDW_PLAGUE_VALUES] = {2, 3, 3, 2, 1};

/* ------------------------------------------------------------------ */
/* Market spaces and the tax die */

const uint8_t tdw_wool_price = 2, tdw_cloth_price = 4;

/* Faces 2,3,3,4,4,5: the weights of the outcomes 2..5. */
const uint8_t tdw_tax_weight[4] = {1, 2, 2, 1};

/* ------------------------------------------------------------------ */
/* Event cards: the geometry */

/* Seat A+k receives the corner offset[k] steps clockwise from the corner
 * facing the active player A (rows: the number of players). */
const uint8_t tdw_seat_offset[TDW_MAX_SEATS + 1][TDW_MAX_SEATS] = {
    [2] = {0, 2},       /* the two sit opposite */
    [3] = {0, 1, 2},    /* the corner at A's right points at nobody */
    [4] = {0, 1, 2, 3},
};

/* ------------------------------------------------------------------ */
/* The 44 event cards, one row each as in the doc's table: id, names,
 * chapter, kind, corners NW NE SE SW, sides N E S W, place (printed
 * 1..11), effect. */

/* Incomes */
#define St TDW_INC_STONE
#define Wd TDW_INC_WOOD
#define Gr TDW_INC_GRAIN
#define Pi TDW_INC_PIETY
#define Wo TDW_INC_WOOL
#define Lo TDW_INC_LOYALTY
#define Mk TDW_INC_KNOWLEDGE
#define M1 TDW_INC_MONEY1
#define M2 TDW_INC_MONEY2
#define VP TDW_INC_VP

/* Chapters, kinds, places */
#define I 0
#define II 1
#define III 2
#define IV 3
#define IMMEDIATE 0
#define LASTING 1
#define PL(printed) ((printed) - 1)
#define NO_PL TDW_NONE

/* The effect vocabulary. Goods, cards and projects are named by the suffix
 * of their enum constant (MONEY for TDW_MONEY, HOUSE for TDW_C_HOUSE ...). */
#define EFF(k, ...) {.kind = TDW_E_##k, .get_good = TDW_NONE, __VA_ARGS__}
#define GAIN_ALL(g, n_) EFF(GAIN_ALL, .good = TDW_##g, .n = n_)
#define LOSE_ALL(g, n_) EFF(LOSE_ALL, .good = TDW_##g, .n = n_)
#define MOST(g, vp_) EFF(MOST, .good = TDW_##g, .vp = vp_)
#define PER_HOUSE(vp_) EFF(PER_HOUSE, .vp = vp_)
#define SHOW_OR(n_, g, vp_) EFF(SHOW_OR, .good = TDW_##g, .n = n_, .vp = vp_)
#define PAY_OR(n_, g, vp_) EFF(PAY_OR, .good = TDW_##g, .n = n_, .vp = vp_)
#define TRADE(n_, g, gn, gg, vp_) \
    {.kind = TDW_E_TRADE, .good = TDW_##g, .n = n_, .get_good = TDW_##gg, .get_n = gn, .vp = vp_}
#define WAR {.kind = TDW_E_WAR, .get_good = TDW_NONE}
#define COVER_FAVOUR(space) EFF(COVER, .target = space)
#define COVER_MARKET(m) EFF(COVER, .target = TDW_T_MARKET_##m)
#define COVER_PROJECT(p) EFF(COVER, .target = TDW_T_PROJECT + TDW_P_##p)
#define PROJECT(p) EFF(PROJECT, .target = TDW_P_##p)
#define FILL(p) EFF(FILL, .target = TDW_P_##p)
#define BAN(c) EFF(BAN, .card = TDW_C_##c)
#define BONUS(c, h, gn, gg, vp_)                                                         \
    {.kind = TDW_E_BONUS, .card = TDW_C_##c, .half = TDW_HALF_##h, .get_good = TDW_##gg, \
     .get_n = gn, .vp = vp_}
#define COST(c, money) EFF(COST, .card = TDW_C_##c, .n = money)
#define PRICE(g, money) EFF(PRICE, .good = TDW_##g, .n = money)
#define TRADE_ROUND(n_, g, gn, gg)                                              \
    {.kind = TDW_E_TRADE_ROUND, .good = TDW_##g, .n = n_, .get_good = TDW_##gg, \
     .get_n = gn}

#define EV(de, en, ch, kind, nw, ne, se, sw, n_, e_, s_, w_, pl, eff)                \
    {.name_de = de, .name_en = en, .chapter = ch, .lasting = kind,                    \
     .corners = {nw, ne, se, sw}, .sides = {n_, e_, s_, w_}, .place = pl, .effect = eff}

/* The favour spaces a cover names. */
enum { SP_QUEEN = 0, SP_OUTLAWS_1 = 3, SP_EARL = 8 };

const tdw_event_info tdw_events[TDW_EVENTS] = {
    /* E01 */ EV("Die Walkmühle", "The fulling mill", I, IMMEDIATE,
                 Wo, Wd, M1, St, 1, 0, 2, 3, NO_PL, PROJECT(MILL)),
    /* E02 */ EV("Der Priorpalast", "The prior's palace", I, IMMEDIATE,
                 St, Pi, Wd, M2, 0, 2, 1, 3, NO_PL, PROJECT(PALACE)),
    /* E03 */ EV("Wollmarkt in Kingsbridge", "Kingsbridge wool fair", I, IMMEDIATE,
                 Wo, M1, Wo, Gr, 0, 1, 3, 2, NO_PL, GAIN_ALL(WOOL, 1)),
    /* E04 */ EV("Ein harter Winter", "A hard winter", I, IMMEDIATE,
                 Pi, Gr, Mk, Lo, 2, 0, 1, 3, NO_PL, LOSE_ALL(GRAIN, 1)),
    /* E05 */ EV("Hochwasser", "The river floods", I, IMMEDIATE,
                 St, Gr, Pi, Mk, 2, 3, 0, 1, NO_PL, COVER_MARKET(WOOL)),
    /* E06 */ EV("Die Königin sucht Verbündete", "The queen seeks allies", I, IMMEDIATE,
                 Lo, M2, Gr, Pi, 2, 3, 0, 1, NO_PL, TRADE(2, MONEY, 1, LOYALTY, 0)),
    /* E07 */ EV("Der Bischof predigt", "The bishop preaches", I, IMMEDIATE,
                 Pi, Mk, St, Gr, 1, 0, 2, 3, NO_PL, GAIN_ALL(PIETY, 1)),
    /* E08 */ EV("Der Sheriff jagt die Geächteten", "The sheriff hunts the outlaws", I, IMMEDIATE,
                 Lo, Wd, VP, Gr, 0, 1, 2, 3, NO_PL, COVER_FAVOUR(SP_OUTLAWS_1)),
    /* E09 */ EV("Marktprivileg", "Market charter", I, LASTING,
                 Pi, M1, Mk, Wd, 2, 0, 3, 1, NO_PL, PRICE(WOOL, 3)),
    /* E10 */ EV("Gute Ernte", "A good harvest", I, LASTING,
                 Gr, St, M2, Pi, 2, 1, 3, 0, NO_PL, BONUS(GRAIN, ANY, 1, GRAIN, 0)),
    /* E11 */ EV("Der Prior widerruft Privilegien", "The prior revokes privileges", I, LASTING,
                 Mk, Lo, VP, M1, 2, 1, 0, 3, NO_PL, BAN(PRIVILEGE)),

    /* E12 */ EV("Krieg gegen Frankreich", "War against France", II, IMMEDIATE,
                 Lo, Gr, M2, Mk, 3, 2, 1, 0, NO_PL, WAR),
    /* E13 */ EV("Die Gildehalle", "The guild hall", II, IMMEDIATE,
                 M1, Gr, Pi, Lo, 2, 3, 0, 1, NO_PL, PROJECT(GUILDHALL)),
    /* E14 */ EV("Die Marienkapelle", "The Lady chapel", II, IMMEDIATE,
                 St, Pi, Wd, Mk, 1, 2, 0, 3, NO_PL, PROJECT(CHAPEL)),
    /* E15 */ EV("Der Steuereintreiber des Grafen", "The earl's tax collector", II, IMMEDIATE,
                 M2, Gr, Pi, VP, 3, 0, 1, 2, NO_PL, PAY_OR(1, MONEY, 2)),
    /* E16 */ EV("Die Wollpreise fallen", "Wool prices fall", II, LASTING,
                 Gr, Mk, M1, Pi, 1, 0, 2, 3, NO_PL, PRICE(WOOL, 1)),
    /* E17 */ EV("Pilger in der Kathedrale", "Pilgrims at the cathedral", II, IMMEDIATE,
                 Pi, Wo, Lo, M1, 3, 0, 2, 1, NO_PL, MOST(PIETY, 2)),
    /* E18 */ EV("Treueschwur", "The oath of fealty", II, IMMEDIATE,
                 Lo, Mk, Gr, St, 3, 1, 2, 0, NO_PL, GAIN_ALL(LOYALTY, 1)),
    /* E19 */ EV("Tuchhändler aus Flandern", "Flemish cloth merchants", II, IMMEDIATE,
                 Wo, Wd, M2, Pi, 1, 2, 3, 0, NO_PL, TRADE(1, CLOTH, 2, MONEY, 2)),
    /* E20 */ EV("Schiffbau für den Krieg", "Shipbuilding for the war", II, LASTING,
                 Wd, Gr, Mk, VP, 3, 2, 0, 1, NO_PL, TRADE_ROUND(1, WOOD, 2, MONEY)),
    /* E21 */ EV("Heilkunst aus Italien", "Medicine from Italy", II, LASTING,
                 Mk, St, Lo, Wo, 2, 1, 3, 0, NO_PL, BONUS(MEDICINE, MONEY, 1, KNOWLEDGE, 0)),
    /* E22 */ EV("Streit um den Brückenzoll", "The bridge toll dispute", II, IMMEDIATE,
                 Gr, Pi, M1, VP, 3, 0, 1, 2, NO_PL, COVER_PROJECT(BRIDGE)),

    /* E23 */ EV("Der Schwarze Tod", "The Black Death", III, IMMEDIATE,
                 Mk, VP, Pi, Gr, 1, 2, 3, 0, PL(4), SHOW_OR(1, KNOWLEDGE, 2)),
    /* E24 */ EV("Das Hospital", "The hospital", III, IMMEDIATE,
                 Pi, Wd, Mk, M1, 3, 0, 2, 1, PL(9), PROJECT(HOSPITAL)),
    /* E25 */ EV("Die Geißler", "The flagellants", III, IMMEDIATE,
                 Pi, Lo, St, Gr, 1, 0, 2, 3, PL(2), LOSE_ALL(PIETY, 1)),
    /* E26 */ EV("Lohnforderungen", "Wage demands", III, LASTING,
                 Wd, M2, Gr, Lo, 2, 3, 0, 1, PL(11), COST(HOUSE, 1)),
    /* E27 */ EV("Die Nonnen pflegen die Kranken", "The nuns nurse the sick", III, LASTING,
                 Mk, Pi, Gr, St, 3, 2, 0, 1, PL(6), BONUS(MEDICINE, CARE, 0, NONE, 1)),
    /* E28 */ EV("Verlassene Höfe", "Deserted farms", III, IMMEDIATE,
                 Gr, Pi, M1, VP, 3, 0, 1, 2, PL(1), TRADE(2, MONEY, 1, GRAIN, 0)),
    /* E29 */ EV("Erbschaften", "Inheritances", III, IMMEDIATE,
                 M2, Wo, Lo, Pi, 1, 0, 3, 2, PL(8), GAIN_ALL(MONEY, 1)),
    /* E30 */ EV("Quarantäne", "Quarantine", III, IMMEDIATE,
                 Wo, Gr, Wd, Mk, 1, 2, 0, 3, PL(3), COVER_MARKET(CLOTH)),
    /* E31 */ EV("Gebete um Erlösung", "Prayers for deliverance", III, LASTING,
                 Pi, M1, VP, Lo, 1, 0, 2, 3, PL(10), BONUS(PIETY, ANY, 0, NONE, 1)),
    /* E32 */ EV("Der Graf stirbt", "The earl dies", III, IMMEDIATE,
                 Lo, St, M2, Wd, 3, 1, 2, 0, PL(5), COVER_FAVOUR(SP_EARL)),
    /* E33 */ EV("Das Buch der Heilkunde", "The book of remedies", III, IMMEDIATE,
                 M1, VP, Gr, Wo, 1, 2, 3, 0, PL(7), GAIN_ALL(KNOWLEDGE, 1)),

    /* E34 */ EV("Der Turm wächst", "The tower rises", IV, IMMEDIATE,
                 Gr, VP, Wd, Lo, 1, 0, 3, 2, PL(7), FILL(TOWER)),
    /* E35 */ EV("Missernte", "Crop failure", IV, IMMEDIATE,
                 Gr, Pi, M1, VP, 3, 0, 1, 2, PL(1), LOSE_ALL(GRAIN, 1)),
    /* E36 */ EV("Das Stadtrecht", "The borough charter", IV, IMMEDIATE,
                 M2, Pi, Gr, Lo, 3, 0, 1, 2, PL(10), PER_HOUSE(1)),
    /* E37 */ EV("Besuch des Königs", "The king's visit", IV, IMMEDIATE,
                 Lo, Mk, Pi, St, 3, 1, 2, 0, PL(3), MOST(LOYALTY, 3)),
    /* E38 */ EV("Neue Webstühle", "New looms", IV, LASTING,
                 Pi, M1, Gr, VP, 3, 0, 2, 1, PL(5), PRICE(CLOTH, 6)),
    /* E39 */ EV("Frieden mit Frankreich", "Peace with France", IV, LASTING,
                 Pi, Wo, Lo, M2, 0, 1, 3, 2, PL(11), BONUS(FAVOUR, ANY, 0, NONE, 1)),
    /* E40 */ EV("Streit um die Pacht", "The rent dispute", IV, LASTING,
                 Mk, Gr, St, VP, 3, 1, 0, 2, PL(8), BAN(RENT)),
    /* E41 */ EV("Dankgottesdienst", "The thanksgiving mass", IV, IMMEDIATE,
                 Pi, Wd, Mk, M1, 3, 0, 2, 1, PL(2), TRADE(1, PIETY, 0, NONE, 3)),
    /* E42 */ EV("Merthins Bauhütte", "Merthin's lodge", IV, IMMEDIATE,
                 St, Wo, VP, Wd, 2, 1, 0, 3, PL(6), GAIN_ALL(STONE, 1)),
    /* E43 */ EV("Der Bauernaufstand", "The peasants' revolt", IV, IMMEDIATE,
                 Gr, Lo, Pi, M2, 0, 1, 3, 2, PL(9), PAY_OR(1, GRAIN, 2)),
    /* E44 */ EV("Die Königinmutter stirbt", "The queen mother dies", IV, IMMEDIATE,
                 VP, M1, Wo, Mk, 0, 3, 2, 1, PL(4), COVER_FAVOUR(SP_QUEEN)),
};

/* The macros above are this file's own and end with it. */

const char *const tdw_phase_names[TDW_PHASES] = {
    "penance", "event", "plague", "choice", "orient", "action",
    "follow", "care", "discard", "tax", "redeem", "over",
};
