/*
 * The bots (boardrules/bot.h): what the kinds share.
 *
 * dispatch.c validates the public arguments, parses the options and binds a
 * bot to the game and player count of the first state it is asked about
 * (allocating its positions and move buffers then); each kind is one file
 * with one `bot_kind` entry, listed in dispatch.c's table like the games in
 * registry.c. The bots use only the public API of states, so they see what
 * any host sees, and judge only positions drawn with br_state_resample()
 * from the mover's view; the one exception is the game's advice hook
 * (advice.c), which reads only what the seat's observation shows.
 */
#ifndef BR_BOTS_H
#define BR_BOTS_H

#include "internal.h"

#define BOT_ERROR_SIZE 200

/* How many further decisions of its own turn the planner looks at. */
enum { BOT_PLAN_DEPTH = 2 };

enum bot_rollout { BOT_ROLLOUT_RANDOM = 0, BOT_ROLLOUT_GREEDY = 1 };

/* splitmix64, as brules' bots had it: the heuristic kinds make the choices
 * they made there for the same seed. */
typedef struct bot_rng {
    uint64_t state;
} bot_rng;

uint64_t bot_rng_next(bot_rng *rng);
/* Uniform in 0..bound-1 (bound > 0), without bias. */
uint32_t bot_rng_below(bot_rng *rng, uint32_t bound);

/* The options of every kind (a kind ignores what it does not take: the
 * parser refuses keys the kind does not list). */
typedef struct bot_options {
    uint64_t seed;
    uint64_t iterations; /* ismcts: 0 when time_ms sets the budget or the game's default does */
    uint64_t time_ms;
    uint64_t nodes;      /* ismcts: tree arena size */
    uint64_t depth;      /* ismcts: rollout cut-off in moves, 0: the game's default */
    double c;            /* ismcts: exploration */
    int rollout;         /* enum bot_rollout */
} bot_options;

struct br_bot;

typedef struct bot_kind {
    const char *name;
    /* The option keys the kind takes, NULL-terminated. */
    const char *const *keys;
    /* After the options are parsed: allocations that depend on them only
     * (the tree); false when out of memory. May be NULL. */
    bool (*init)(struct br_bot *bot);
    /* Chooses a move of `state` (a seat to move, count >= 1 legal moves in
     * bot->moves); returns BR_OK or a status with bot->error written. */
    br_status (*choose)(struct br_bot *bot, const br_state *state, size_t count,
                        br_move *out);
    /* Releases what init allocated. May be NULL. */
    void (*release)(struct br_bot *bot);
} bot_kind;

extern const bot_kind br_bot_random_kind;
extern const bot_kind br_bot_greedy_kind;
extern const bot_kind br_bot_planner_kind;
extern const bot_kind br_bot_ismcts_kind;

struct ismcts_tree;

struct br_bot {
    const bot_kind *kind;
    bot_options opt;
    bot_rng rng;
    /* Bound at the first choose: the game, its player count, the buffers. */
    const br_game *game;
    int num_players;
    size_t capacity;     /* br_state_max_legal_moves() of the bound game */
    size_t move_space;
    br_move *moves;      /* the legal moves of the state asked about */
    br_move *scratch;    /* a second legal-move list (ballots, rollouts) */
    br_state *view;      /* a position the mover cannot tell from the real one */
    br_state *trial;     /* the view after one candidate move */
    br_state *plan[BOT_PLAN_DEPTH];     /* planner: one position per level */
    br_move *plan_moves[BOT_PLAN_DEPTH]; /* planner: legal moves per level */
    double *returns;     /* one entry per seat */
    double *scores;      /* one entry per seat */
    char *text;          /* observations the ballots read; grown on demand */
    size_t text_size;
    struct ismcts_tree *tree;
    char error[BOT_ERROR_SIZE];
};

/* Writes the reason of a failure into bot->error and returns `status`. */
br_status bot_fail(struct br_bot *bot, br_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The text of a move of `state` into buf ("#<n>" when there is none). */
const char *bot_move_text(const br_state *state, br_move move, char *buf, size_t size);

/* The observation of `seat` (compact JSON) in the bot's text buffer, grown
 * when it is too small; NULL on failure. */
const char *bot_observe(struct br_bot *bot, const br_state *state, int seat);

/* The greedy judgement (greedy.c): how good `position` is for `seat`, a
 * finished game by its return far above or below any unfinished one, an
 * unfinished one by the seat's lead, less what a coming vote costs, plus the
 * game's advice. */
double bot_trial_value(struct br_bot *bot, const br_state *position, int seat);
/* The best of the legal moves (in bot->moves, count of them) by `value`
 * on the bot's view drawn from the mover's side; ties broken at random. */
br_status bot_greedy_choose(struct br_bot *bot, const br_state *state, size_t count,
                            br_move *out, bool plan);

/* Secret ballots (ballots.c): when the legal moves of `state` are a vote or
 * a jein declaration of Drunter & Drüber, chooses one and sets *handled. */
br_status bot_ballot_choose(struct br_bot *bot, const br_state *state, size_t count,
                            br_move *out, bool *handled);
/* What the greedy bot deducts from a move that leads to a vote. */
double bot_ballot_lay_cost(struct br_bot *bot, const br_state *after);
/* What the greedy bot knows about a game beyond its points (advice.c). */
double bot_advice_value(struct br_bot *bot, const br_state *position, int seat);

#endif /* BR_BOTS_H */
