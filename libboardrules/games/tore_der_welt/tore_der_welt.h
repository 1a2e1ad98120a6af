/*
 * Die Tore der Welt: the private header shared by the files of the game.
 *
 * The design this code follows (content, clarifications C1..C24, phases,
 * move numbers, snapshot) is doc/games/tore-der-welt.md; the comments here
 * say why the code is shaped the way it is.
 *
 * Files: game.c (the vtable), rules.c (set-up, the round, whose move, legal
 * moves, check, apply, chance, results), actions.c (the twelve action cards
 * and their follow-up moves), events.c (the event vocabulary, projects,
 * plague, the chapter end and the dues), notation.c, snapshot.c, views.c,
 * content.c (every designed table).
 *
 * Indexes: seats 0..n-1; chapters 0..3 (printed I..IV); rounds 0..5; event
 * cards 0..43 (printed E01..E44, notation "event 1".."event 44"); action
 * cards, projects, goods, favour spaces, plots 0..13 (printed p1..p14),
 * plague places 0..10 (printed 1..11) as in the enums below.
 */
#ifndef BR_GAME_TORE_DER_WELT_H
#define BR_GAME_TORE_DER_WELT_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../internal.h"

enum {
    TDW_MAX_SEATS = 4,
    TDW_CHAPTERS = 4,
    TDW_ROUNDS = 6,
    TDW_EVENTS = 44,
    TDW_CARDS = 12,
    TDW_STARTERS = 6,          /* cards 0..5 are the starters */
    TDW_PROJECTS = 7,
    TDW_PLOTS = 14,
    TDW_PLACES = 11,
    TDW_PLAGUE_VALUES = 5,     /* tiles 1..5 */
    TDW_SPACES = 10,           /* favour track */
    TDW_GOODS = 9,
    TDW_DUES = 3,              /* piety, grain, tax */
    TDW_TARGETS = 19,          /* cover targets: 10 spaces, 2 markets, 7 projects */
    TDW_HOUSES = 4,            /* per seat */
    TDW_SEALS = 2,             /* per seat */
    TDW_COVER_TILES = 5,
    TDW_NONE = 0xFF
};

/* Goods behind a screen. */
enum tdw_good {
    TDW_STONE, TDW_WOOD, TDW_GRAIN, TDW_PIETY, TDW_WOOL, TDW_CLOTH, TDW_MONEY, TDW_LOYALTY,
    TDW_KNOWLEDGE
};

/* Corner incomes of the event cards (codes St Wd Gr Pi Wo Lo Mk M1 M2 VP). */
enum tdw_income {
    TDW_INC_STONE, TDW_INC_WOOD, TDW_INC_GRAIN, TDW_INC_PIETY, TDW_INC_WOOL, TDW_INC_LOYALTY,
    TDW_INC_KNOWLEDGE, TDW_INC_MONEY1, TDW_INC_MONEY2, TDW_INC_VP, TDW_INCOMES
};

enum tdw_card {
    TDW_C_GRAIN, TDW_C_PIETY, TDW_C_MATERIAL, TDW_C_BUILD, TDW_C_SALE, TDW_C_PRIVILEGE,
    TDW_C_HOUSE, TDW_C_RENT, TDW_C_DONATE, TDW_C_WEAVE, TDW_C_MEDICINE, TDW_C_FAVOUR
};

enum tdw_project {
    TDW_P_BRIDGE, TDW_P_TOWER, TDW_P_CHAPEL, TDW_P_HOSPITAL, TDW_P_PALACE, TDW_P_MILL,
    TDW_P_GUILDHALL
};

/* What a favour space gives (the track, content.c, lists them in order). */
enum tdw_space_kind {
    TDW_S_QUEEN, TDW_S_PRIOR, TDW_S_GUILD, TDW_S_OUTLAWS, TDW_S_PRIORESS, TDW_S_MERCHANTS,
    TDW_S_KING, TDW_S_EARL, TDW_S_BISHOP
};

/* Cover targets: favour space 0..9, the two markets, project p at 12 + p. */
enum { TDW_T_MARKET_WOOL = TDW_SPACES, TDW_T_MARKET_CLOTH, TDW_T_PROJECT };

/* The event vocabulary (doc: "The effect vocabulary"). */
enum tdw_effect_kind {
    /* immediate */
    TDW_E_GAIN_ALL, TDW_E_LOSE_ALL, TDW_E_MOST, TDW_E_PER_HOUSE, TDW_E_SHOW_OR, TDW_E_PAY_OR,
    TDW_E_TRADE, TDW_E_WAR, TDW_E_COVER, TDW_E_PROJECT, TDW_E_FILL,
    /* lasting */
    TDW_E_BAN, TDW_E_BONUS, TDW_E_COST, TDW_E_PRICE, TDW_E_TRADE_ROUND
};

/* Which use of the Medizin card a bonus applies to. */
enum { TDW_HALF_ANY, TDW_HALF_MONEY, TDW_HALF_CARE };

typedef struct tdw_effect {
    uint8_t kind;     /* enum tdw_effect_kind */
    uint8_t good;     /* gain_all, lose_all, most, show_or: the good; price: TDW_WOOL or
                         TDW_CLOTH; pay_or, trade, trade_round: the good given */
    uint8_t n;        /* the amount of `good`; price: the price in money */
    uint8_t vp;       /* most, per_house: VP scored; show_or, pay_or: VP lost; trade,
                         trade_round, bonus: VP gained */
    uint8_t get_good; /* trade, trade_round, bonus: the good received, or TDW_NONE */
    uint8_t get_n;
    uint8_t card;     /* ban, bonus, cost: the action card */
    uint8_t half;     /* bonus on medicine: TDW_HALF_* */
    uint8_t target;   /* cover: the target; project, fill: the project */
} tdw_effect;

typedef struct tdw_event_info {
    const char *name_de, *name_en;
    uint8_t chapter;    /* 0..3 */
    uint8_t lasting;    /* blue card */
    uint8_t corners[4]; /* incomes at the printed corners NW NE SE SW */
    uint8_t sides[4];   /* arrow values on the printed sides N E S W (0..3, each once) */
    uint8_t place;      /* plague place 0..10, TDW_NONE in chapters I and II */
    tdw_effect effect;
} tdw_event_info;

typedef struct tdw_space_info {
    uint8_t kind;       /* enum tdw_space_kind */
    const char *text;   /* "queen", "outlaws-1", ... */
} tdw_space_info;

/* What a favour space of a kind gives the seat that takes it (rules.c's
 * tdw_favour_benefit()): loyalty, piety and knowledge are shown, not given. */
typedef struct tdw_benefit {
    uint8_t gain, pay;  /* 1 unit of the good gained, paid; or TDW_NONE */
    uint8_t show;       /* 2 VP if the seat shows 1 unit of the good, or TDW_NONE */
    uint8_t per;        /* 1 VP per unit of the good shown, or TDW_NONE */
    uint8_t per_house;  /* 1 VP per own house */
    const char *text;   /* the rendering's */
} tdw_benefit;

typedef struct tdw_project_info {
    const char *text;   /* "bridge", ... */
    uint8_t stone, wood;
    uint8_t bonus_vp;   /* donors' VP on completion */
    uint8_t bonus_good; /* donors' good, or TDW_NONE */
    uint8_t bonus_n;
    uint8_t care;       /* hospital: each donor may care for one patient */
} tdw_project_info;

typedef struct tdw_plot_info {
    uint8_t material;   /* TDW_STONE or TDW_WOOD */
    uint8_t yield;      /* yield group 0..6 (no seat holds two plots of one group) */
    uint8_t good;       /* what rent gives */
    uint8_t n;
} tdw_plot_info;

typedef struct tdw_place_info {
    uint8_t good;       /* bonus good or TDW_NONE */
    uint8_t n;
    uint8_t vp;         /* bonus VP (besides the 2 for the care) */
} tdw_place_info;

/* ------------------------------------------------------------------ */
/* Content (content.c) */

extern const tdw_event_info tdw_events[TDW_EVENTS];
extern const tdw_space_info tdw_track[TDW_SPACES];
extern const tdw_benefit tdw_benefits[TDW_S_BISHOP + 1];       /* by space kind */
extern const uint8_t tdw_favour_start[TDW_MAX_SEATS + 1];   /* by players: 1 (2, 3), 9 (4) */
extern const tdw_project_info tdw_projects[TDW_PROJECTS];
extern const tdw_plot_info tdw_plots[TDW_PLOTS];
extern const tdw_place_info tdw_places[TDW_PLACES];
extern const uint8_t tdw_plague_tiles[TDW_PLAGUE_VALUES];    /* tiles of value 1..5 */
extern const uint8_t tdw_tax_weight[4];                      /* die faces 2..5 */
extern const uint8_t tdw_seat_offset[TDW_MAX_SEATS + 1][TDW_MAX_SEATS];
extern const uint8_t tdw_component[TDW_GOODS];               /* units of each good in the game */
extern const uint8_t tdw_start_goods[TDW_GOODS];             /* each seat at the start */
extern const uint8_t tdw_wool_price, tdw_cloth_price;        /* 2 and 4 */
extern const char *const tdw_good_names[TDW_GOODS];          /* "stone", ..., "knowledge" */
extern const uint8_t tdw_income_goods[TDW_INCOMES];          /* the good, TDW_NONE: VP */
extern const char *const tdw_income_codes[TDW_INCOMES];      /* "St", ..., "VP" */
extern const char *const tdw_card_names[TDW_CARDS];          /* "grain", ..., "favour" */
extern const char *const tdw_due_names[TDW_DUES];            /* "piety", "grain", "tax" */
extern const char *const tdw_slot_names[3];                  /* lasting trades: "council", ... */
extern const char *const tdw_plot_names[TDW_PLOTS];          /* "p1", ..., "p14" */
extern const char *const tdw_project_names[TDW_PROJECTS];    /* tdw_projects[].text */
extern const char *const tdw_target_names[TDW_TARGETS];      /* "favour queen", ... */

/* ------------------------------------------------------------------ */
/* The state */

enum tdw_phase {
    TDW_PH_PENANCE,  /* chance: a penance card drawn from pending.seat's hand */
    TDW_PH_EVENT,    /* chance: the round's event card */
    TDW_PH_PLAGUE,   /* chance: the tile at the card's place is revealed */
    TDW_PH_CHOICE,   /* pending.seat accepts or declines the event's offer/demand */
    TDW_PH_ORIENT,   /* the active player orients the card */
    TDW_PH_ACTION,   /* turn: trades, then play or lay a card */
    TDW_PH_FOLLOW,   /* turn: the follow-up moves of the card being carried out */
    TDW_PH_CARE,     /* pending.seat: a hospital donor's care */
    TDW_PH_DISCARD,  /* turn: one card face down */
    TDW_PH_TAX,      /* chance: the tax die */
    TDW_PH_REDEEM,   /* pending.seat gives loyalty against penalties */
    TDW_PH_OVER,
    TDW_PHASES
};

extern const char *const tdw_phase_names[TDW_PHASES]; /* content.c: "penance" .. "over" */

/* Penalty bits (players[].penalties): in force in round 1 of the chapter
 * they were incurred for; in the REDEEM phase of the last chapter end the
 * same bits mark the dues whose loss is still to be doubled. */
enum { TDW_PEN_PENANCE = 1, TDW_PEN_BEGGING = 2, TDW_PEN_COURT = 4 };

/* What a pending sequence returns to when it is done. */
enum tdw_resume {
    TDW_R_NONE,
    TDW_R_END_ACTION,   /* the action turn goes on to the discard */
    TDW_R_CHAPTER_FILL, /* the chapter end goes on filling from pending.fill_next */
    TDW_R_EVENT_FILL    /* an event's fill(tower) finished the hospital: go on to orient */
};

typedef struct tdw_player {
    uint16_t vp;               /* never below 0; no upper limit (the track wraps at 60) */
    uint8_t goods[TDW_GOODS];  /* behind the screen */
    uint16_t hand;             /* bit c: action card c in hand */
    uint16_t discards;         /* bit c: discarded face down this chapter */
    uint8_t pile[TDW_ROUNDS];  /* face-up cards of this chapter, in order */
    uint8_t pile_len;
    uint8_t pile_used;         /* bit i: pile[i] was played (used), not laid unused */
    uint8_t penalties;         /* TDW_PEN_* */
    uint8_t forfeit;           /* this round's action is forfeited (the war) */
    uint8_t traded;            /* bit t: lasting trade slot t used this round */
    uint8_t seals;             /* bit p: own seal on project p */
    uint8_t acted;             /* has had its action turn this round */
} tdw_player;

typedef struct tdw_project_state {
    uint8_t in_play;
    uint8_t stone, wood;       /* cubes on the fields */
    uint8_t metal;             /* the tower's spire is set */
    uint8_t done;              /* completed */
} tdw_project_state;

/* The decision in progress (doc: snapshot member "pending"). */
typedef struct tdw_pending {
    uint8_t seat;              /* the seat deciding now (CHOICE, CARE, REDEEM, PENANCE) */
    uint8_t queue;             /* bit p: seats still to decide after pending.seat */
    uint8_t card;              /* FOLLOW: the card whose action is carried out */
    uint8_t via_privilege;     /* FOLLOW: through Privileg */
    uint16_t rented;           /* FOLLOW rent: bit q: plot q rented in this action */
    uint8_t cared;             /* FOLLOW medicine: patient values cared for so far plus the
                                * knowledge gained by them (C25: the card cares within the
                                * knowledge shown when it was played) */
    uint8_t resume;            /* enum tdw_resume */
    uint8_t fill_next;         /* TDW_R_CHAPTER_FILL: the next project to fill */
} tdw_pending;

typedef struct tdw {
    /* options */
    uint8_t num_players;
    uint8_t lasting_three;     /* lasting=three */
    uint8_t privilege_any;     /* privilege=any */
    uint8_t crest_twice;       /* crest=twice */
    uint8_t screens_open;      /* screens=open */
    /* where the game stands */
    uint8_t phase;             /* enum tdw_phase */
    uint8_t chapter, round;
    uint8_t crest;             /* the active player (start player) */
    uint8_t turn;              /* ACTION, FOLLOW, DISCARD: the seat whose action turn it is;
                                  ORIENT: the crest; else the seat a decision concerns */
    uint8_t drawn[TDW_CHAPTERS][TDW_ROUNDS]; /* events drawn, in order */
    uint8_t drawn_len[TDW_CHAPTERS];
    uint8_t event;             /* this round's card, TDW_NONE before it is drawn */
    uint8_t orientation;       /* the arrow value 0..3, TDW_NONE before orienting */
    uint8_t display[2];        /* lasting cards on display fields 1 and 2, TDW_NONE */
    uint8_t display_older;     /* 0 or 1: the field with the older card, TDW_NONE */
    uint8_t favour;            /* the marker's space */
    uint32_t covers;           /* bit t: a cover tile on target t */
    tdw_project_state projects[TDW_PROJECTS];
    uint8_t plots[TDW_PLOTS];  /* the seat with a house there, TDW_NONE */
    uint8_t place_state[TDW_PLACES]; /* enum tdw_place_state */
    uint8_t place_value[TDW_PLACES]; /* the revealed tile's value, 0 while hidden */
    uint8_t plague_pool[TDW_PLAGUE_VALUES]; /* face-down tiles of each value */
    uint8_t stock_grain, stock_piety;       /* on the field and in the cathedral */
    uint8_t box_grain, box_piety;           /* out of play */
    uint8_t supply[TDW_GOODS]; /* stone, wood, wool, cloth, money, loyalty, knowledge
                                  (grain and piety entries unused: see stock_*) */
    uint8_t supply_metal;
    tdw_player players[TDW_MAX_SEATS];
    tdw_pending pending;
    uint8_t tax;               /* the die at this chapter end, 0 before the roll */
    uint8_t shortfall[TDW_MAX_SEATS][TDW_DUES]; /* units missing at this chapter end */
    uint8_t winners;           /* bit p, set at the end */
} tdw;

/* The most VP a seat can reach: the sum over every source of VP (doc:
 * "Counters and their bounds"). */
enum { TDW_MAX_VP = 1663 };

_Static_assert(BR_FITS(tdw_player, vp, TDW_MAX_VP), "vp: TDW_MAX_VP");
_Static_assert(BR_FITS(tdw_player, pile_len, TDW_ROUNDS), "pile_len: a chapter's rounds");
_Static_assert(BR_FITS(tdw, drawn_len[0], TDW_ROUNDS), "drawn_len: a chapter's rounds");

enum tdw_place_state { TDW_PLACE_NONE, TDW_PLACE_HIDDEN, TDW_PLACE_SICK, TDW_PLACE_CURED };

/* ------------------------------------------------------------------ */
/* The move layout (doc: "Move numbers and notation") */

enum {
    TDW_MV_ORIENT = 0,         /* + v (0..3) */
    TDW_MV_PLAY = 4,           /* + card */
    TDW_MV_LAY = 16,           /* + card */
    TDW_MV_DISCARD = 28,       /* + card */
    TDW_MV_TRADE = 40,         /* + slot: 0 council, 1 field1, 2 field2 */
    TDW_MV_ACCEPT = 43,
    TDW_MV_DECLINE = 44,
    TDW_MV_DONE = 45,
    TDW_MV_TAKE_STONE = 46,
    TDW_MV_TAKE_WOOD = 47,
    TDW_MV_BUILD = 48,         /* + 5 * project + cubes (0 stone, 1 wood, 2 stone stone,
                                  3 stone wood, 4 wood wood) */
    TDW_MV_SELL = 83,          /* + 2 * wool + cloth - 1 (wool 0..15, cloth 0..1, not both 0) */
    TDW_MV_HOUSE = 114,        /* + plot (0..13) */
    TDW_MV_RENT = 128,         /* + plot */
    TDW_MV_DONATE = 142,       /* + project */
    TDW_MV_WEAVE = 149,        /* + n - 1 (n = 1, 2) */
    TDW_MV_MEDICINE_MONEY = 151,
    TDW_MV_CARE = 152,         /* + place (0..10) */
    TDW_MV_REDEEM = 163,       /* + due (0 piety, 1 grain, 2 tax) */
    TDW_MV_EVENT = 166,        /* + event (0..43) */
    TDW_MV_PLAGUE = 210,       /* + value - 1 (1..5) */
    TDW_MV_TAX = 215,          /* + value - 2 (2..5) */
    TDW_MV_PENANCE = 219,      /* + card */
    TDW_MOVE_SPACE = 231,
    TDW_MAX_LEGAL = 48         /* bound on legal moves and chance outcomes (the doc's 35
                                  plus room: checked by the conformance suite) */
};

/* ------------------------------------------------------------------ */
/* Small shared helpers */

static inline int tdw_popcount(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* The houses seat `seat` has built. */
static inline int tdw_houses_of(const tdw *s, int seat)
{
    int n = 0;
    for (int q = 0; q < TDW_PLOTS; q++)
        n += s->plots[q] == seat;
    return n;
}

static inline int tdw_next_seat(const tdw *s, int p) { return (p + 1) % s->num_players; }

/* The printed corner (0 NW .. 3 SW) that seat `seat` receives when the
 * crest holder orients `event` to arrow value `v` (doc: "Geometry"). */
static inline int tdw_corner_for_seat(const tdw *s, int event, int v, int seat)
{
    const uint8_t *sides = tdw_events[event].sides;
    int side = 0;
    while (side < 4 && sides[side] != v)
        side++;
    assert(side < 4); /* every card shows each arrow value 0..3 once */
    int facing = (side + 3) % 4;
    int k = (seat - s->crest + s->num_players) % s->num_players;
    return (facing + tdw_seat_offset[s->num_players][k]) % 4;
}

/* What `viewer` (BR_VIEW_FULL, a seat or -1) sees of a move, for its text
 * and the information-state tensor: 0 the move itself, 1 a discard, 2 a
 * penance draw, both face down to every seat but the one whose turn it is
 * (the discarding seat, or the seat under penance). */
static inline int tdw_move_hidden(const tdw *s, br_move move, int viewer)
{
    if (viewer == BR_VIEW_FULL || viewer == s->turn)
        return 0;
    if (move >= TDW_MV_DISCARD && move < TDW_MV_TRADE)
        return 1;
    return move >= TDW_MV_PENANCE && move < TDW_MOVE_SPACE ? 2 : 0;
}

/* ------------------------------------------------------------------ */
/* Rules (rules.c, actions.c, events.c) */

/* The game's own option keys, in the order of the option table (game.c). */
enum { TDW_OPT_LASTING, TDW_OPT_PRIVILEGE, TDW_OPT_CREST, TDW_OPT_SCREENS };
br_status tdw_setup(void *st, int num_players, br_option_value *values, br_text *err);
/* The vtable's entries tdw_<entry> that game.c gathers: rules.c (move_space
 * .. scores), notation.c (move_to_text, move_from_text), snapshot.c
 * (write_view, from_json, to_bytes, from_bytes), views.c (render,
 * resample, write_tensor, move_view) and effects.c (write_effects; doc:
 * "Effects"). The views take the viewer: BR_VIEW_FULL (everything), a seat
 * or -1. */
BR_GAME_DECLARE(tdw);
double tdw_bot_advice(const void *st, int seat); /* bot.c: br_game.bot_advice */
/* tdw_apply_move() is tdw_apply_raw() (the move alone) followed by every
 * forced move: a seat's decision with a single legal move, carried out
 * without asking (C22). effects.c retraces the two to name the forced
 * moves. */
void tdw_apply_raw(tdw *s, br_move move);
bool tdw_forced_move(const tdw *s, br_move *out);

/* The first lasting card in force (the newest first) with an effect of
 * `kind` on `card` and `good` (each < 0: any), or -1. */
int tdw_lasting_with(const tdw *s, int kind, int card, int good);
/* The wool or cloth price now: the newest lasting price in force, else 2 / 4. */
int tdw_price_of(const tdw *s, int good);

/* ------------------------------------------------------------------ */
/* Engine internals shared by rules.c, actions.c and events.c (added with the
 * rules engine; no state here, only helpers and cross-file calls). */

/* Units of `good` a seat can take now: grain from the field, piety from the
 * cathedral, everything else from the supply. */
static inline int tdw_stock(const tdw *s, int good)
{
    return good == TDW_GRAIN ? s->stock_grain : good == TDW_PIETY ? s->stock_piety
                                                                   : s->supply[good];
}

/* Goods are conserved: a stock leaving 0..the component count means a rule
 * moved units that were not there. */
static inline void tdw_stock_add(tdw *s, int good, int n)
{
    assert(tdw_stock(s, good) + n >= 0 && tdw_stock(s, good) + n <= tdw_component[good]);
    if (good == TDW_GRAIN)
        s->stock_grain = (uint8_t)(s->stock_grain + n);
    else if (good == TDW_PIETY)
        s->stock_piety = (uint8_t)(s->stock_piety + n);
    else
        s->supply[good] = (uint8_t)(s->supply[good] + n);
}

/* The seat takes up to n of the good from its stock; returns how many. */
static inline int tdw_gain(tdw *s, int seat, int good, int n)
{
    int have = tdw_stock(s, good);
    if (n > have)
        n = have;
    tdw_stock_add(s, good, -n);
    s->players[seat].goods[good] = (uint8_t)(s->players[seat].goods[good] + n);
    return n;
}

/* The seat gives back up to n of the good (what it has) to the good's place:
 * grain to the field, piety to the cathedral, the rest to the supply.
 * Medical knowledge is never given back. Returns how many. */
static inline int tdw_lose(tdw *s, int seat, int good, int n)
{
    if (good == TDW_KNOWLEDGE)
        return 0;
    int have = s->players[seat].goods[good];
    if (n > have)
        n = have;
    s->players[seat].goods[good] = (uint8_t)(have - n);
    tdw_stock_add(s, good, n);
    return n;
}

static inline void tdw_add_vp(tdw *s, int seat, int n)
{
    int vp = s->players[seat].vp + n;
    s->players[seat].vp = (uint16_t)(vp > UINT16_MAX ? UINT16_MAX : vp);
}

/* VP never fall below 0: the rest of a loss is lost. */
static inline void tdw_lose_vp(tdw *s, int seat, int n)
{
    int vp = s->players[seat].vp - n;
    s->players[seat].vp = (uint16_t)(vp < 0 ? 0 : vp);
}

/* No tax rolled and nothing missing: the snapshot's dues are null. */
static inline bool tdw_dues_empty(const tdw *s)
{
    for (int p = 0; p < s->num_players; p++)
        for (int d = 0; d < TDW_DUES; d++)
            if (s->shortfall[p][d])
                return false;
    return s->tax == 0;
}

/* No decision in progress: seat, card null; fill_next TDW_PROJECTS (null). */
static inline void tdw_pending_clear(tdw *s)
{
    memset(&s->pending, 0, sizeof s->pending);
    s->pending.seat = TDW_NONE;
    s->pending.card = TDW_NONE;
    s->pending.fill_next = TDW_PROJECTS;
}

/* rules.c */
void tdw_start_chapter(tdw *s);
/* No decision in progress; `seat` moves next, in `phase`. */
void tdw_to_phase(tdw *s, int seat, int phase);
/* The seats of `queue` decide in `phase`, from the crest clockwise. */
void tdw_ask_seats(tdw *s, unsigned queue, int phase);
int tdw_favour_target(const tdw *s, int from, int steps);
void tdw_favour_benefit(tdw *s, int seat, int space);
bool tdw_forfeited(const tdw *s, int seat);
void tdw_end_action(tdw *s);
void tdw_end_turn(tdw *s);
bool tdw_queue_next(tdw *s);
/* The seat whose action turn it is (the crest when all have acted). */
int tdw_acting_seat(const tdw *s);
/* Whether event e has been drawn (in its chapter). */
bool tdw_event_drawn(const tdw *s, int e);

/* actions.c: the moves of the phases ACTION, FOLLOW and DISCARD; each
 * card's follow-up moves (lo..hi-1; hi == 0: no range) */
typedef struct tdw_move_range {
    int lo, hi;
} tdw_move_range;
extern const tdw_move_range tdw_follow_ranges[TDW_CARDS][2];
bool tdw_action_move_legal(const tdw *s, br_move move, br_text *reason);
void tdw_apply_action_move(tdw *s, br_move move);

/* events.c */
void tdw_reveal_event(tdw *s, br_move move);
void tdw_reveal_plague(tdw *s, br_move move);
bool tdw_choice_legal(const tdw *s, br_move move, br_text *reason);
void tdw_apply_choice(tdw *s, br_move move);
/* Completes project p (spire, bonuses, seals back); true when the hospital's
 * donors now decide (phase CARE), the caller's step then goes on through
 * `resume` (and fill_next) when they are done. */
bool tdw_complete_project(tdw *s, int p, int resume, int fill_next);
bool tdw_project_full(const tdw *s, int p);
void tdw_care(tdw *s, int seat, int place);
bool tdw_care_legal(const tdw *s, br_move move, br_text *reason);
void tdw_apply_care(tdw *s, br_move move);
void tdw_chapter_end(tdw *s);
/* The seats with the most VP (bit p: seat p), the winners at the end. */
uint8_t tdw_top_seats(const tdw *s);
void tdw_apply_tax(tdw *s, br_move move);
bool tdw_redeem_legal(const tdw *s, br_move move, br_text *reason);
void tdw_apply_redeem(tdw *s, br_move move);

/* ------------------------------------------------------------------ */
/* The learning interface (game.c, views.c; doc: "Learning interface") */

/* The longest game: TDW_LENGTH_TABLE + TDW_LENGTH_PER_SEAT * seats moves,
 * chance outcomes included (the argument is in the doc). */
enum { TDW_LENGTH_TABLE = 74, TDW_LENGTH_PER_SEAT = 96 };

/* The observation tensor: TDW_TENSOR_TABLE floats of the table, then
 * TDW_TENSOR_SEAT per seat, the observer's first. */
enum { TDW_TENSOR_TABLE = 382, TDW_TENSOR_SEAT = 155 };

static inline size_t tdw_tensor_size(int num_players)
{
    return TDW_TENSOR_TABLE + (size_t)TDW_TENSOR_SEAT * (size_t)num_players;
}

/* A move as `seat` sees it when it is made (the information-state tensor):
 * the move, or TDW_MOVE_SPACE + class for another seat's face-down discard
 * (0) or penance draw (1). */
enum { TDW_HIDDEN_MOVE_CLASSES = 2 };

#endif /* BR_GAME_TORE_DER_WELT_H */
