/*
 * Drunter & Drüber: the private header shared by the files of the game.
 *
 * The rules as implemented, the designed board, tiles and task cards, the
 * move numbers and the notation are documented in
 * doc/games/drunter-und-drueber.md; the comments here say why the code is
 * shaped the way it is.
 *
 * Geometry: square = y * SIDE + x, x = 0 the west column ('a'), y = 0 the
 * north row (printed as row 12). Direction d steps by dx[d], dy[d] (n e s w).
 * Four paths start in the corners: 0 road (a12), 1 first wall (l12), 2 river
 * (l1), 3 second wall (a1). The static content of a square (building, toilet,
 * start) comes from the board table; the state keeps only what was built.
 */
#ifndef BR_GAME_DRUNTER_UND_DRUEBER_H
#define BR_GAME_DRUNTER_UND_DRUEBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../internal.h"

enum {
    DUD_SIDE = 12,
    DUD_SQUARES = DUD_SIDE * DUD_SIDE,
    DUD_PATHS = 4,
    DUD_KINDS = 3,   /* road, wall, river */
    DUD_SHAPES = 5,  /* per kind: 3, 3 with bridge, 2, 2 with bridge, 1 */
    DUD_TILE_TYPES = DUD_KINDS * DUD_SHAPES,
    DUD_TILES = 60,
    DUD_LENGTHS = 3, /* length classes, longest first: 3, 2, 1 */
    DUD_DIRS = 4,
    DUD_BUILDING_TYPES = 6,
    DUD_VALUES = 5,
    DUD_TASKS = 10,  /* pro variant: 6 building cards and 4 special goals */
    DUD_SPECIALS = DUD_TASKS - DUD_BUILDING_TYPES,
    DUD_VOTE_CARDS = 8,
    DUD_MAX_SEATS = 4,
    DUD_NONE = 0xFF
};

enum dud_kind { DUD_ROAD, DUD_WALL, DUD_RIVER };
/* Task cards of the pro variant after the six building types. */
enum dud_special {
    DUD_TASK_TOILETS = DUD_BUILDING_TYPES, DUD_TASK_DEMOLITION, DUD_TASK_SMALL_HOUSES,
    DUD_TASK_LONG_PATH
};
enum dud_dir { DUD_N, DUD_E, DUD_S, DUD_W };

/* Vote cards, one bit each in a seat's set. */
enum dud_vote_card {
    DUD_YES1, DUD_YES2, DUD_YES3, DUD_NO1, DUD_NO2, DUD_NO3, DUD_JEIN, DUD_EGAL
};
#define DUD_ALL_VOTES 0xFFu
#define DUD_JEIN_BIT (1u << DUD_JEIN)

/* Static content of a board square. */
enum dud_square_kind { DUD_SQ_EMPTY, DUD_SQ_BUILDING, DUD_SQ_TOILET, DUD_SQ_START };

/* The move layout (doc: "Move numbers and notation"). */
enum {
    DUD_MV_LAY = 0,                                            /* path*20 + shape*4 + dir */
    DUD_MV_VOTE = DUD_PATHS * DUD_SHAPES * DUD_DIRS,           /* 80 + set of vote cards */
    DUD_MV_JEIN_YES = DUD_MV_VOTE + 256,                       /* 336 */
    DUD_MV_JEIN_NO = DUD_MV_JEIN_YES + 1,                      /* 337 */
    DUD_MV_CHOOSE = DUD_MV_JEIN_NO + 1,                        /* 338 + slot */
    DUD_MV_DEAL_TILE = DUD_MV_CHOOSE + 2,                      /* 340 + tile type */
    DUD_MV_DEAL_BUILDING = DUD_MV_DEAL_TILE + DUD_TILE_TYPES,  /* 355 + building type */
    DUD_MV_DEAL_TASK = DUD_MV_DEAL_BUILDING + DUD_BUILDING_TYPES, /* 361 + task card */
    DUD_MOVE_SPACE = DUD_MV_DEAL_TASK + DUD_TASKS,             /* 371 */
    DUD_MAX_LEGAL = 256
};

enum dud_phase {
    DUD_PH_DEAL_TILES,  /* chance: the tiles, by length */
    DUD_PH_DEAL_CARDS,  /* chance: building cards (or two task cards each) */
    DUD_PH_LAY,         /* the mover lays a tile */
    DUD_PH_VOTE,        /* seats choose their vote cards in secret, one after another */
    DUD_PH_JEIN,        /* jein holders declare yes or no */
    DUD_PH_CHOOSE,      /* pro: each seat picks one of its two task cards in secret */
    DUD_PH_OVER,
    DUD_PHASES
};

/* A piece on the board: 0 none, else (path + 1) | flags. */
enum {
    DUD_PIECE_PATH = 0x07,
    DUD_PIECE_BRIDGE = 0x08,
    DUD_PIECE_VERTICAL = 0x10 /* the tile runs north-south */
};

/* A lay: the path, the tile's shape and its direction. */
typedef struct dud_lay {
    uint8_t path, shape, dir;
} dud_lay;

/* The last vote, for observations and the text view. */
typedef struct dud_vote_result {
    uint8_t held;       /* 1 when a vote has taken place */
    uint8_t passed;
    uint8_t yes, no;
    uint8_t ballots[DUD_MAX_SEATS]; /* cards each seat played */
    uint8_t jein_yes;   /* seats whose jein counted as yes */
} dud_vote_result;

/* A seat's cards in the pro variant, together as the binary form has them. */
typedef struct dud_tasks {
    uint8_t card[2]; /* the two task cards, DUD_NONE before */
    uint8_t choice;  /* the chosen slot 0/1, DUD_NONE before */
} dud_tasks;

typedef struct dud {
    uint8_t num_players;
    uint8_t pro;
    uint8_t revote_laid;  /* option revote=laid: a lay voted down waits for a tile laid */
    uint8_t choice_no_tile; /* option choice=no-tile: the pro choice when no tile fits a path */
    uint8_t phase;
    uint8_t turn;         /* the seat whose turn it is (the mover) */
    uint8_t crew_in;      /* bit p: the crew of path p is still on the board */
    uint8_t tiles_laid;
    uint8_t first_closed; /* a path has ended (the pro choice is due or done) */
    uint8_t crew[DUD_PATHS];            /* the square of each path's end */
    uint8_t board[DUD_SQUARES];         /* pieces */
    uint8_t hand[DUD_MAX_SEATS][DUD_TILE_TYPES];
    uint8_t pool[DUD_TILE_TYPES];       /* tiles not dealt yet */
    uint8_t building[DUD_MAX_SEATS];    /* basic: secret building type, DUD_NONE before */
    dud_tasks tasks[DUD_MAX_SEATS];     /* pro */
    uint8_t votes[DUD_MAX_SEATS];       /* vote cards still held */
    uint8_t ballot[DUD_MAX_SEATS];      /* cards chosen in the running vote */
    uint8_t voted;                      /* bit p: seat p has chosen */
    uint8_t jein_done;                  /* bit p: seat p has declared its jein */
    uint8_t jein_yes;                   /* bit p: declared yes */
    uint8_t pending;                    /* the lay move under vote, DUD_NONE outside a vote */
    uint8_t rejected[DUD_MV_VOTE / 8];  /* lays voted down, not open again (revote) */
    dud_vote_result last_vote;
    uint8_t winner_mask;                /* set when the game is over */
    uint16_t votes_held;                /* public tallies, for front ends and figures: */
    uint8_t votes_passed;               /* at most DUD_MAX_VOTES and DUD_TILES */
    uint8_t bridges_passed;             /* lays that passed under a bridge */
    uint8_t laid[DUD_TILES];            /* lay moves, in the order laid (snapshots replay them) */
} dud;

/* ------------------------------------------------------------------ */
/* Content (content.c): the designed board, tile set and task cards. */

typedef struct dud_square_info {
    uint8_t kind;     /* enum dud_square_kind */
    uint8_t type;     /* building type, or the path of a start square */
    uint8_t value;    /* building value 1..5 */
} dud_square_info;

extern const dud_square_info dud_board_info[DUD_SQUARES];
extern const uint8_t dud_start_square[DUD_PATHS];
extern const uint8_t dud_path_kind[DUD_PATHS];
extern const uint8_t dud_tile_count[DUD_TILE_TYPES];   /* copies of each type */
enum { DUD_MAX_COPIES = 8 };                            /* the most of dud_tile_count */
extern const uint8_t dud_shape_length[DUD_SHAPES];
extern const int8_t dud_shape_bridge[DUD_SHAPES];      /* bridge square index or -1 */
extern const uint8_t dud_vote_value[DUD_VOTE_CARDS];   /* votes a card is worth */
extern const int8_t dud_dx[DUD_DIRS], dud_dy[DUD_DIRS];
/* Tiles of each length class (3, 2, 1) a seat gets, by number of players. */
extern const uint8_t dud_deal_count[DUD_MAX_SEATS + 1][DUD_LENGTHS];

extern const char *const dud_kind_names[DUD_KINDS];
extern const char *const dud_path_names[DUD_PATHS];
extern const char *const dud_shape_names[DUD_SHAPES];
/* Tile type t's name ("road3b": its kind's and shape's names). */
extern const char *const dud_tile_names[DUD_TILE_TYPES];
extern const char *const dud_dir_names[DUD_DIRS];
extern const char *const dud_building_names[DUD_BUILDING_TYPES];
extern const char dud_building_letters[DUD_BUILDING_TYPES + 1];
extern const char *const dud_task_names[DUD_TASKS];
extern const char *const dud_vote_names[DUD_VOTE_CARDS];
extern const char *const dud_phase_names[DUD_PHASES];

/* ------------------------------------------------------------------ */
/* Small helpers */

static inline int dud_tile_shape(int type) { return type % DUD_SHAPES; }
static inline int dud_tile_type(int kind, int shape) { return kind * DUD_SHAPES + shape; }
static inline int dud_shape_class(int shape) { return 3 - dud_shape_length[shape]; }

/* A lay move's path, shape and direction, and back. */
static inline dud_lay dud_lay_of_move(br_move m)
{
    return (dud_lay){(uint8_t)(m / (DUD_SHAPES * DUD_DIRS)), (uint8_t)(m / DUD_DIRS % DUD_SHAPES),
                     (uint8_t)(m % DUD_DIRS)};
}

static inline br_move dud_move_of_lay(dud_lay l)
{
    return DUD_MV_LAY + ((br_move)l.path * DUD_SHAPES + l.shape) * DUD_DIRS + l.dir;
}

/* Whether the state is in a vote (the vote or its jein round). */
static inline bool dud_voting(const dud *s)
{
    return s->phase == DUD_PH_VOTE || s->phase == DUD_PH_JEIN;
}

/* Whether the pro choice is due: the first path has ended (its crew left the
 * board; with choice=no-tile also a path no tile in any hand fits). */
bool dud_first_path_ended(const dud *s);

static inline bool dud_rejected(const dud *s, br_move lay)
{
    return s->rejected[lay / 8] >> (lay % 8) & 1;
}

/* The tiles of a hand or the pool (counts per tile type). */
static inline int dud_tiles_in(const uint8_t counts[DUD_TILE_TYPES])
{
    int n = 0;
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        n += counts[t];
    return n;
}

/* ------------------------------------------------------------------ */
/* Rules (rules.c) */

/* The game's own option keys, in the order of the option table (game.c). */
enum { DUD_OPT_VARIANT, DUD_OPT_REVOTE, DUD_OPT_CHOICE };
br_status dud_setup(void *st, int num_players, br_option_value *values, br_text *err);
/* The vtable's entries dud_<entry> that game.c gathers: rules.c (move_space
 * .. scores), notation.c (move_to_text, move_from_text: the views take the
 * viewer, BR_VIEW_FULL, a seat or -1), snapshot.c (write_view, from_json,
 * to_bytes, from_bytes), views.c (render, resample, write_tensor,
 * move_view) and effects.c (write_effects, as `viewer` may see it; doc:
 * "Effects"). */
BR_GAME_DECLARE(dud);

/* Where a lay puts its tile: the first square and the step, false when it
 * does not fit (off the board, over a piece, no bridge to pass). Geometry
 * only: the path's crew, the kind and the owner's hand are not looked at. */
bool dud_lay_squares(const dud *s, int path, int shape, int dir, int *first, int *step);
/* Puts a tile on the board and moves the crew (no checks, no turn change). */
void dud_place(dud *s, dud_lay lay);
/* Whether the crew of `path` can take a step (a one-square tile fits). */
bool dud_crew_can_move(const dud *s, int path);
/* Takes crews that cannot move any more off the board. */
void dud_update_crews(dud *s);
/* Toilets the tile would cover. */
int dud_toilets_covered(const dud *s, int path, int shape, int dir);
/* The points of every task or building card (0..5 building types, 6..9
 * special goals) on the current board, in one pass over the squares. */
void dud_card_points(const dud *s, int points[DUD_TASKS]);
/* Sets winner_mask from the final position. */
void dud_decide_winners(dud *s);
/* The card a seat scores with (building card, or chosen task), -1 before. */
int dud_scoring_card(const dud *s, int seat);
/* At the end: a seat's points, (pro) its other card's, its vote cards left;
 * `points` from dud_card_points(). */
typedef struct dud_standing {
    int points, second, cards_left;
} dud_standing;
dud_standing dud_standing_of(const dud *s, const int *points, int seat);
/* The seat and length class (0: length 3, 1: 2, 2: 1) of the next tile dealt;
 * -1 each when every tile is dealt. */
void dud_deal_position(const dud *s, int *seat, int *cls);
/* Pro: whether every seat has chosen its task card. */
bool dud_choices_complete(const dud *s);
/* The seat that acts now in the vote, jein and choice phases. */
int dud_actor(const dud *s);

/* ------------------------------------------------------------------ */
/* Notation (notation.c) */

void dud_put_square(br_text *out, int sq);
void dud_put_lay(br_text *out, dud_lay lay);
/* The names of vote cards, each after a blank (" yes2 jein"), " none" for none. */
void dud_put_votes(br_text *out, unsigned cards);

/* ------------------------------------------------------------------ */
/* Learning interface (game.c, views.c; doc: "Learning interface") */

/* The observation tensor: one flat vector of DUD_TENSOR_FIXED +
 * DUD_TENSOR_PER_SEAT * players floats. The board planes come first (one
 * float per square, in square order), then the table, the observer's seat,
 * and one block per seat from the observer on. */
enum {
    DUD_T_BUILDING = 0,                               /* 6 planes: value / 5 */
    DUD_T_TOILET = DUD_T_BUILDING + DUD_BUILDING_TYPES, /* plane 6 */
    DUD_T_PIECE = DUD_T_TOILET + 1,                   /* planes 7..10: per path */
    DUD_T_BRIDGE = DUD_T_PIECE + DUD_PATHS,           /* plane 11 */
    DUD_T_VERTICAL = DUD_T_BRIDGE + 1,                /* plane 12 */
    DUD_T_CREW = DUD_T_VERTICAL + 1,                  /* planes 13..16: per path */
    DUD_T_PENDING = DUD_T_CREW + DUD_PATHS,           /* plane 17 */
    DUD_T_PLANES = DUD_T_PENDING + 1,                 /* 18 */
    DUD_T_BOARD_SIZE = DUD_T_PLANES * DUD_SQUARES,    /* 2592 */

    /* The table, offsets from DUD_T_BOARD_SIZE. */
    DUD_T_PHASE = 0,                                  /* 7: one-hot */
    DUD_T_CREW_IN = DUD_T_PHASE + DUD_PHASES,         /* 4 */
    DUD_T_PEND_PATH = DUD_T_CREW_IN + DUD_PATHS,      /* 4: one-hot */
    DUD_T_PEND_SHAPE = DUD_T_PEND_PATH + DUD_PATHS,   /* 5: one-hot */
    DUD_T_PEND_DIR = DUD_T_PEND_SHAPE + DUD_SHAPES,   /* 4: one-hot */
    DUD_T_REJECTED = DUD_T_PEND_DIR + DUD_DIRS,       /* 80: per lay move */
    DUD_T_LAID = DUD_T_REJECTED + DUD_MV_VOTE,        /* 1: tiles laid / 60 */
    DUD_T_UNDEALT = DUD_T_LAID + 1,                   /* 1: tiles not dealt / 60 */
    DUD_T_LAST_VOTE = DUD_T_UNDEALT + 1,              /* 4: held, passed, yes, no */
    DUD_T_CARD_POINTS = DUD_T_LAST_VOTE + 4,          /* 10: points of each card */
    DUD_T_TABLE_SIZE = DUD_T_CARD_POINTS + DUD_TASKS, /* 120 */
    DUD_TENSOR_FIXED = DUD_T_BOARD_SIZE + DUD_T_TABLE_SIZE, /* 2712 */

    /* Then the observer's seat, one-hot over the players (all 0 for a
     * spectator), then one block per seat, offsets within the block. */
    DUD_S_MOVER = 0,                                  /* 1 */
    DUD_S_ACTOR = DUD_S_MOVER + 1,                    /* 1 */
    DUD_S_HAND = DUD_S_ACTOR + 1,                     /* 15: per tile type */
    DUD_S_HAND_SIZE = DUD_S_HAND + DUD_TILE_TYPES,    /* 1 */
    DUD_S_VOTES = DUD_S_HAND_SIZE + 1,                /* 8 */
    DUD_S_VOTED = DUD_S_VOTES + DUD_VOTE_CARDS,       /* 1 */
    DUD_S_BALLOT = DUD_S_VOTED + 1,                   /* 8 */
    DUD_S_JEIN_DONE = DUD_S_BALLOT + DUD_VOTE_CARDS,  /* 1 */
    DUD_S_JEIN_YES = DUD_S_JEIN_DONE + 1,             /* 1 */
    DUD_S_LAST_BALLOT = DUD_S_JEIN_YES + 1,           /* 8 */
    DUD_S_LAST_JEIN_YES = DUD_S_LAST_BALLOT + DUD_VOTE_CARDS, /* 1 */
    DUD_S_CARD = DUD_S_LAST_JEIN_YES + 1,             /* 10: the scoring card */
    DUD_S_TASK1 = DUD_S_CARD + DUD_TASKS,             /* 10 */
    DUD_S_TASK2 = DUD_S_TASK1 + DUD_TASKS,            /* 10 */
    DUD_S_CHOSEN = DUD_S_TASK2 + DUD_TASKS,           /* 1 */
    DUD_S_SLOT = DUD_S_CHOSEN + 1,                    /* 2: one-hot */
    DUD_S_POINTS = DUD_S_SLOT + 2,                    /* 1 */
    DUD_S_WINNER = DUD_S_POINTS + 1,                  /* 1 */
    DUD_S_SIZE = DUD_S_WINNER + 1,                    /* 81 */
    DUD_TENSOR_PER_SEAT = 1 + DUD_S_SIZE              /* the observer one-hot + a block */
};

/* Toilet-covering lays open at once on any board (doc: "Learning interface",
 * the bound): 12 for the road and each wall, 7 for the river. */
enum { DUD_MAX_VOTE_LAYS = 43 };

/* The counters' bounds (doc: "Counters and their bounds"), from the terms of
 * max_game_length: a vote that passes lays a tile (at most DUD_TILES), and
 * between two tiles laid at most DUD_MAX_VOTE_LAYS votes fail, in at most
 * DUD_TILES stretches. A one-byte tally of votes held wrapped after 255.
 * A rule that lets more votes fail (and so raises dud_max_game_length())
 * must raise DUD_MAX_VOTES too: the loaders refuse more votes
 * (test_tallies_bound_follows_max_game_length reads the failed votes back
 * out of the length bound). */
enum {
    DUD_MAX_PASSED_VOTES = DUD_TILES,
    /* revote=changed: a failed vote in which a card is played (at most
     * DUD_VOTE_CARDS per seat) opens a stretch of DUD_MAX_VOTE_LAYS more */
    DUD_MAX_VOTES = DUD_MAX_PASSED_VOTES + DUD_TILES * DUD_MAX_VOTE_LAYS
                    + DUD_VOTE_CARDS * DUD_MAX_SEATS * (1 + DUD_MAX_VOTE_LAYS) /* 4048 */
};

_Static_assert(BR_FITS(dud, votes_held, DUD_MAX_VOTES), "votes_held: DUD_MAX_VOTES");
_Static_assert(BR_FITS(dud, votes_passed, DUD_MAX_PASSED_VOTES), "votes_passed: DUD_TILES");
_Static_assert(BR_FITS(dud, bridges_passed, DUD_TILES), "bridges_passed: one per tile laid");
_Static_assert(BR_FITS(dud, tiles_laid, DUD_TILES), "tiles_laid: DUD_TILES");
/* Plain data: equal positions are equal byte for byte, with no padding. */
_Static_assert(offsetof(dud, votes_held) == offsetof(dud, winner_mask) + 1,
               "padding before votes_held");

size_t dud_tensor_size(int num_players);
/* A move as `seat` sees it when it is made (the information-state tensor):
 * the move, or DUD_MOVE_SPACE + class for another seat's ballot (0), pro
 * choice (1), face-down tile (2), building card (3); dud_view_reveals():
 * the ballots once the vote's last is cast, building cards and choices at
 * the end. */
enum { DUD_HIDDEN_MOVE_CLASSES = 4 };
uint32_t dud_view_reveals(const void *st, br_move move);

#endif /* BR_GAME_DRUNTER_UND_DRUEBER_H */
