/*
 * The ismcts bot: single-observer information-set Monte Carlo tree search
 * (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
 * Search", IEEE TCIAIG 4(2), 2012), doc/bots.md.
 *
 * One tree per choice, over the moves of every seat as the mover sees them.
 * Each iteration:
 * 1. determinizes: br_state_resample() of the real state from the mover's
 *    view, with a seed from the bot's generator; the determinization has a
 *    generator of its own, drawn anew, which resolves its chance nodes (they
 *    are sampled, not nodes of the tree: the tree is open-loop over chance);
 * 2. selects from the root while every legal move of the determinization
 *    has a child: UCB1 over the children legal there, with the count of
 *    iterations in which each child was available in place of the parent's
 *    visits (availability counts), and the mean return of the seat that made
 *    the child's move;
 * 3. expands one untried move (at random) while the arena has room;
 * 4. rolls out with a cheap policy (random, or one-ply greedy on the score
 *    lead) to the end, or to a cut-off after `depth` moves where the position
 *    is judged by the score leads (evaluate());
 * 5. backs the vector of returns up the path: each node adds the return of
 *    the seat that made its move (so n seats each maximise their own).
 * The move played is the root's most visited child.
 *
 * Memory: the nodes come from an arena allocated in br_bot_new() (iterations
 * + 1 nodes, or `nodes`, or room for the largest game default); the per-move marks when the bot is bound to a
 * game. A search allocates nothing; when the arena is full, iterations go on
 * without expanding.
 */
#include <math.h>
#include <time.h>

#include "bots/bots.h"

#define NO_NODE UINT32_MAX

/* Nodes of the arena when the budget is a time. */
enum { DEFAULT_TIME_NODES = 1 << 18 };
/* Iterations a move when neither `iterations` nor `time_ms` is given and the
 * game has no budget of its own (game_defaults). */
enum { DEFAULT_ITERATIONS = 1000, MAX_DEFAULT_ITERATIONS = 4000 };
/* Die Tore der Welt's budget: 1000 iterations won 1.49 times the fair share
 * against three planners, 2000 won 1.82 times (doc/bots.md). */
enum { TDW_DEFAULT_ITERATIONS = 2000 };

/* What the search needs to know of a game beyond its rules: the default
 * budget and rollout cut-off (doc/bots.md, "The kinds"). Tür an Tür's
 * planner knows its whole turn (an elevator card, then a door card) and is
 * the strongest heuristic bot of the four games: the search needs some 4000
 * iterations to beat it (about 80 ms a move). Die Tore der Welt's random
 * playouts run some 100-450 moves: its rollouts stop after 60 and are judged
 * by the score leads, and 2000 of them a move (about 160 ms) beat three
 * planners at 1.5 times the fair share. */
static const struct game_default {
    const char *game;
    uint64_t iterations, depth;
} GAME_DEFAULTS[] = {
    {"tuer-an-tuer", MAX_DEFAULT_ITERATIONS, 0},
    {"tore-der-welt", TDW_DEFAULT_ITERATIONS, 60},
};

static const struct game_default *game_defaults(const br_state *state)
{
    static const struct game_default NONE = {"", DEFAULT_ITERATIONS, 0};
    for (size_t i = 0; i < sizeof GAME_DEFAULTS / sizeof GAME_DEFAULTS[0]; i++)
        if (br_game_find(GAME_DEFAULTS[i].game) == br_state_game(state))
            return &GAME_DEFAULTS[i];
    return &NONE;
}
/* The points of score lead worth a return of tanh(1) at a cut-off. */
static const double EVAL_SCALE = 5.0;

typedef struct ismcts_node {
    br_move move;       /* the move that leads here */
    int32_t player;     /* the seat that made it */
    uint32_t parent, first_child, next_sibling;
    uint32_t visits;    /* iterations through this node */
    uint32_t avail;     /* iterations in which its move was legal at its parent */
    double reward;      /* sum of the returns of `player` */
} ismcts_node;

struct ismcts_tree {
    ismcts_node *nodes;
    size_t capacity, used;
    /* Per move of the move space: the child of the current node that plays
     * it, valid where stamp[move] == the current stamp. */
    uint32_t *child_of_move;
    uint32_t *stamp;
    uint32_t current_stamp;
    size_t space;       /* entries of stamp and child_of_move */
    br_move *untried;
    size_t depth;       /* the rollout cut-off in effect (0: none) */
    uint64_t iterations; /* the budget in effect (0: time_ms) */
};

static bool ismcts_init(struct br_bot *bot)
{
    struct ismcts_tree *t = br_mem_zalloc(sizeof *t);
    if (!t)
        return false;
    bot->tree = t;
    /* Without a budget the game's default applies, known only when the bot
     * is bound: room for the largest one. */
    t->capacity = bot->opt.nodes        ? bot->opt.nodes
                  : bot->opt.iterations ? bot->opt.iterations + 1
                  : bot->opt.time_ms    ? DEFAULT_TIME_NODES
                                        : MAX_DEFAULT_ITERATIONS + 1;
    t->nodes = br_mem_alloc(t->capacity * sizeof *t->nodes);
    return t->nodes != NULL;
}

static void ismcts_release(struct br_bot *bot)
{
    struct ismcts_tree *t = bot->tree;
    if (!t)
        return;
    br_mem_free(t->nodes);
    br_mem_free(t->child_of_move);
    br_mem_free(t->stamp);
    br_mem_free(t->untried);
    br_mem_free(t);
    bot->tree = NULL;
}

/* The buffers that depend on the game, at the first choice. */
static bool bind_tree(struct br_bot *bot, const br_state *state)
{
    struct ismcts_tree *t = bot->tree;
    if (t->stamp)
        return true;
    size_t space = bot->move_space ? bot->move_space : 1;
    t->space = space;
    t->child_of_move = br_mem_alloc(space * sizeof *t->child_of_move);
    t->stamp = br_mem_zalloc(space * sizeof *t->stamp);
    t->untried = br_mem_alloc(bot->capacity * sizeof *t->untried);
    if (!t->child_of_move || !t->stamp || !t->untried) {
        br_mem_free(t->child_of_move);
        br_mem_free(t->stamp);
        br_mem_free(t->untried);
        t->child_of_move = t->stamp = NULL;
        t->untried = NULL;
        return false;
    }
    const struct game_default *d = game_defaults(state);
    t->depth = bot->opt.depth ? bot->opt.depth : d->depth;
    t->iterations = bot->opt.iterations ? bot->opt.iterations
                    : bot->opt.time_ms  ? 0
                                        : d->iterations;
    return true;
}

static uint32_t new_node(struct ismcts_tree *t, uint32_t parent, br_move move, int player)
{
    uint32_t id = (uint32_t)t->used++;
    t->nodes[id] = (ismcts_node){ .move = move, .player = player, .parent = parent,
                                  .first_child = NO_NODE, .next_sibling = NO_NODE };
    if (parent != NO_NODE) {
        t->nodes[id].next_sibling = t->nodes[parent].first_child;
        t->nodes[parent].first_child = id;
    }
    return id;
}

/* Marks the children of `node` by their moves (child_of_move, stamp). */
static void mark_children(struct ismcts_tree *t, uint32_t node)
{
    if (++t->current_stamp == 0) { /* wrapped: old marks could look current */
        memset(t->stamp, 0, t->space * sizeof *t->stamp);
        t->current_stamp = 1;
    }
    for (uint32_t c = t->nodes[node].first_child; c != NO_NODE; c = t->nodes[c].next_sibling) {
        t->stamp[t->nodes[c].move] = t->current_stamp;
        t->child_of_move[t->nodes[c].move] = c;
    }
}

static double ucb(const ismcts_node *n, double c)
{
    double mean = n->reward / n->visits;
    return mean + c * sqrt(log((double)n->avail) / n->visits);
}

/* One step down the tree from `node` in the determinization `det` (a seat
 * to move, its legal moves in moves[0..n)): expands an untried move when
 * there is one and room, else selects by UCB among the available children.
 * Applies the move to det; returns the node reached, or NO_NODE when none
 * (no room to expand, no child available: the rollout takes over). Sets
 * *expanded when a new node was made. */
static uint32_t descend(struct br_bot *bot, br_state *det, uint32_t node, const br_move *moves,
                        size_t n, bool *expanded)
{
    struct ismcts_tree *t = bot->tree;
    mark_children(t, node);
    size_t untried = 0;
    uint32_t best = NO_NODE;
    double best_value = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        br_move m = moves[i];
        if (t->stamp[m] != t->current_stamp) {
            t->untried[untried++] = m;
            continue;
        }
        ismcts_node *child = &t->nodes[t->child_of_move[m]];
        child->avail++;
        double value = ucb(child, bot->opt.c);
        if (value > best_value) {
            best_value = value;
            best = t->child_of_move[m];
        }
    }
    int player = br_state_current_player(det);
    if (untried > 0 && t->used < t->capacity) {
        br_move m = t->untried[bot_rng_below(&bot->rng, (uint32_t)untried)];
        best = new_node(t, node, m, player);
        t->nodes[best].avail = 1;
        *expanded = true;
    }
    if (best != NO_NODE)
        br_state_apply(det, t->nodes[best].move);
    return best;
}

/* Resolves the chance nodes of det from its own generator. */
static void resolve_chance(br_state *det)
{
    while (br_state_is_chance_node(det))
        br_state_resolve_chance(det, NULL);
}

/* The return of each seat at a cut-off: tanh of its score lead over the best
 * other seat, in units of EVAL_SCALE points. */
static void evaluate(struct br_bot *bot, const br_state *det, double *returns)
{
    if (br_state_is_terminal(det)) {
        br_state_returns(det, returns, (size_t)bot->num_players);
        return;
    }
    br_state_scores(det, bot->scores, (size_t)bot->num_players);
    for (int p = 0; p < bot->num_players; p++) {
        double best_other = -INFINITY;
        for (int q = 0; q < bot->num_players; q++)
            if (q != p && bot->scores[q] > best_other)
                best_other = bot->scores[q];
        returns[p] = bot->num_players > 1 ? tanh((bot->scores[p] - best_other) / EVAL_SCALE) : 0;
    }
}

/* The rollout policy's move among moves[0..n) of det. */
static br_move rollout_move(struct br_bot *bot, br_state *det, const br_move *moves, size_t n)
{
    if (bot->opt.rollout != BOT_ROLLOUT_GREEDY || n == 1)
        return moves[bot_rng_below(&bot->rng, (uint32_t)n)];
    int seat = br_state_current_player(det);
    double best = -INFINITY;
    br_move chosen = moves[0];
    uint32_t ties = 0;
    for (size_t i = 0; i < n; i++) {
        br_state_copy(bot->trial, det);
        br_state_apply(bot->trial, moves[i]);
        evaluate(bot, bot->trial, bot->returns);
        double value = bot->returns[seat];
        if (value > best) {
            best = value;
            chosen = moves[i];
            ties = 1;
        } else if (value == best && bot_rng_below(&bot->rng, ++ties) == 0) {
            chosen = moves[i];
        }
    }
    return chosen;
}

static void rollout(struct br_bot *bot, br_state *det)
{
    size_t depth = bot->tree->depth;
    for (size_t step = 0; depth == 0 || step < depth; step++) {
        resolve_chance(det);
        size_t n = 0;
        if (br_state_is_terminal(det)
            || br_state_legal_moves(det, bot->scratch, bot->capacity, &n) != BR_OK || n == 0)
            break;
        br_state_apply(det, rollout_move(bot, det, bot->scratch, n));
    }
}

static void back_up(struct ismcts_tree *t, uint32_t node, const double *returns)
{
    for (; node != NO_NODE; node = t->nodes[node].parent) {
        ismcts_node *n = &t->nodes[node];
        n->visits++;
        if (n->player >= 0)
            n->reward += returns[n->player];
    }
}

/* One iteration from the root over a new determinization. */
static br_status iterate(struct br_bot *bot, const br_state *state, int seat)
{
    struct ismcts_tree *t = bot->tree;
    br_state *det = bot->view;
    br_status st = br_state_resample(state, seat, bot_rng_next(&bot->rng), det);
    if (st != BR_OK)
        return bot_fail(bot, st, "resample: %s", br_state_last_error(det));
    uint32_t node = 0;
    bool expanded = false;
    while (!expanded) {
        resolve_chance(det);
        size_t n = 0;
        if (br_state_is_terminal(det)
            || br_state_legal_moves(det, bot->scratch, bot->capacity, &n) != BR_OK || n == 0)
            break;
        uint32_t next = descend(bot, det, node, bot->scratch, n, &expanded);
        if (next == NO_NODE)
            break;
        node = next;
    }
    rollout(bot, det);
    evaluate(bot, det, bot->returns);
    back_up(t, node, bot->returns);
    return BR_OK;
}

static double now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The root's most visited child (then the best mean) that is legal in the
 * real state; the first legal move when the tree has none. */
static br_move most_visited(const struct br_bot *bot, size_t count)
{
    const struct ismcts_tree *t = bot->tree;
    br_move chosen = bot->moves[0];
    const ismcts_node *best = NULL;
    for (uint32_t c = t->nodes[0].first_child; c != NO_NODE; c = t->nodes[c].next_sibling) {
        const ismcts_node *n = &t->nodes[c];
        bool legal = false;
        for (size_t i = 0; i < count && !legal; i++)
            legal = bot->moves[i] == n->move;
        if (!legal)
            continue;
        if (!best || n->visits > best->visits
            || (n->visits == best->visits && n->reward > best->reward)) {
            best = n;
            chosen = n->move;
        }
    }
    return chosen;
}

static br_status ismcts_choose(struct br_bot *bot, const br_state *state, size_t count,
                               br_move *out)
{
    if (!bind_tree(bot, state))
        return bot_fail(bot, BR_ERR_NO_MEMORY, "out of memory (the search's move marks)");
    if (count == 1) {
        *out = bot->moves[0];
        return BR_OK;
    }
    struct ismcts_tree *t = bot->tree;
    int seat = br_state_current_player(state);
    t->used = 0;
    new_node(t, NO_NODE, BR_MOVE_NONE, -1);
    double deadline = bot->opt.time_ms ? now_ms() + (double)bot->opt.time_ms : 0;
    for (uint64_t i = 0; bot->opt.time_ms || i < t->iterations; i++) {
        if (bot->opt.time_ms && i % 8 == 0 && i > 0 && now_ms() >= deadline)
            break;
        br_status st = iterate(bot, state, seat);
        if (st != BR_OK)
            return st;
    }
    *out = most_visited(bot, count);
    return BR_OK;
}

static const char *const ISMCTS_KEYS[] = {
    "iterations", "time_ms", "c", "rollout", "depth", "nodes", NULL,
};

const bot_kind br_bot_ismcts_kind = {
    .name = "ismcts",
    .keys = ISMCTS_KEYS,
    .init = ismcts_init,
    .choose = ismcts_choose,
    .release = ismcts_release,
};
