/**
 * @file boardrules/bot.h
 * @brief Bots: opponents that choose a move for the seat to move.
 *
 * A bot is made from a kind and an options string (doc/bots.md):
 * - `random`: a uniformly random legal move;
 * - `greedy`: one move ahead, judged by the seat's score lead and what the
 *   game's advice adds (dues to come, votes);
 * - `planner`: greedy over the rest of its own turn;
 * - `ismcts`: information-set Monte Carlo tree search (single observer).
 *
 * Options (`key=value`, comma-separated; every kind takes `seed`):
 * `seed=N` (default 0); `ismcts` also `iterations=N` (default: the game's,
 * 4000 in Tür an Tür, 2000 in Die Tore der Welt, 1000 in the others) or `time_ms=N`, `c=X` (exploration, default 0.7), `rollout=random|greedy`
 * (default random), `depth=N` (rollout cut-off in moves, 0: the game's
 * default) and `nodes=N` (size of the tree's arena).
 *
 * **Hidden information**: a bot sees only what the seat to move may see:
 * it judges positions drawn with br_state_resample() from that seat's view,
 * never the state's hidden parts. For a given seed and iteration budget its
 * choices are deterministic (`time_ms` budgets are not).
 *
 * **Memory**: br_bot_new() allocates the search tree; the first
 * br_bot_choose() allocates the positions and move buffers for the game and
 * player count of its state, and the bot then serves only states of that game
 * and player count. Choosing allocates nothing more, but for what the
 * `greedy` and `planner` kinds read from observations (doc/bots.md).
 *
 * **Threads**: bots share nothing; one bot per thread. One bot must not be
 * used from two threads at once.
 */
#ifndef BOARDRULES_BOT_H
#define BOARDRULES_BOT_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/** @brief An opaque bot, owned by the caller (free it with br_bot_free()). */
typedef struct br_bot br_bot;

/**
 * @brief Makes a bot.
 * @param kind     "random", "greedy", "planner" or "ismcts"; borrowed.
 * @param options  options string, borrowed; NULL or "" means all defaults.
 * @param out      receives the new bot, owned by the caller; NULL on failure.
 * @param err      optional buffer (may be NULL) that receives the reason of a
 *                 failure, e.g. "bot option 'c': 'x' is not a number >= 0".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_UNKNOWN_BOT, ::BR_ERR_OPTION or
 *         ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_bot_new(const char *kind, const char *options, br_bot **out, char *err,
                            size_t err_size);

/**
 * @brief Chooses a move for the seat to move in @p state.
 * @param bot   the bot; its generator and buffers change.
 * @param state borrowed; not changed. Not a chance node, not terminal, and of
 *              the game and player count of the first state the bot was given.
 * @param move  receives a legal move of @p state.
 * @return ::BR_OK; ::BR_ERR_ARGUMENT (NULL), ::BR_ERR_WRONG_PHASE (a chance
 *         node or a terminal state), ::BR_ERR_GAME_MISMATCH (another game or
 *         player count) or ::BR_ERR_NO_MEMORY; the reason is in
 *         br_bot_last_error().
 */
BR_API br_status br_bot_choose(br_bot *bot, const br_state *state, br_move *move);

/**
 * @brief The reason of the bot's last failed br_bot_choose().
 * @param bot borrowed, or NULL.
 * @return a string owned by the bot, valid until its next call; "" when the
 *         last call succeeded; a static message when @p bot is NULL.
 */
BR_API const char *br_bot_last_error(const br_bot *bot);

/**
 * @brief The kind of a bot ("random", "greedy", "planner" or "ismcts").
 * @param bot borrowed, or NULL.
 * @return a static string owned by the library; NULL when @p bot is NULL.
 */
BR_API const char *br_bot_kind(const br_bot *bot);

/**
 * @brief The names of the kinds, in the order of their strength.
 * @param index 0 .. count - 1.
 * @return a static string owned by the library; NULL past the last kind.
 */
BR_API const char *br_bot_kind_at(size_t index);

/**
 * @brief Releases a bot; NULL is accepted and ignored.
 * @param bot a bot from br_bot_new(); invalid afterwards.
 */
BR_API void br_bot_free(br_bot *bot);

BR_END_DECLS

#endif /* BOARDRULES_BOT_H */
