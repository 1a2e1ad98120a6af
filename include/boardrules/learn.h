/**
 * @file boardrules/learn.h
 * @brief The learning interface: game facts, option specs, observation
 *        and information-state tensors, action masks and the history of a
 *        state.
 *
 * Everything here works for every registered game. A learning loop needs no
 * JSON: br_game_facts() gives the sizes before any state exists,
 * br_state_observation_tensor() writes what one seat sees as numbers,
 * br_state_information_state_tensor() what it has seen over the whole game,
 * br_state_legal_mask() marks the legal moves, and br_state_history() tells
 * which moves (chance outcomes included) led to a state.
 *
 * Pointers: every `const char *` and ::br_option_spec returned here is owned
 * by the library and lives as long as the process; buffers passed in are the
 * caller's and only written.
 */
#ifndef BOARDRULES_LEARN_H
#define BOARDRULES_LEARN_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/** @name Option specs */
/** @{ */

/** @brief ::br_option_spec kind: a whole number in `min .. max`. */
#define BR_OPTION_INTEGER 0
/** @brief ::br_option_spec kind: one word of `choices`. */
#define BR_OPTION_CHOICE 1
/** @brief ::br_option_spec kind: `true` or `false`. */
#define BR_OPTION_FLAG 2

/**
 * @brief One key of a game's options string, described as data so that a
 *        front end can build a form and a tool can check values.
 *
 * Instances are owned by the library (static) and are only ever read by the
 * caller; later versions may add members at the end, never change these.
 */
typedef struct br_option_spec {
    /** The key, e.g. "players". */
    const char *key;
    /** ::BR_OPTION_INTEGER, ::BR_OPTION_CHOICE or ::BR_OPTION_FLAG. */
    int kind;
    /** The default as it appears in an options string, e.g. "2"; NULL when
     *  it depends on other options (the help line says how). */
    const char *default_value;
    /** ::BR_OPTION_INTEGER: smallest allowed value (0 otherwise). */
    uint64_t min;
    /** ::BR_OPTION_INTEGER: largest allowed value (0 otherwise). */
    uint64_t max;
    /** ::BR_OPTION_CHOICE: the allowed words, NULL-terminated (NULL otherwise). */
    const char *const *choices;
    /** One line of help for people (English, no trailing newline). */
    const char *help;
} br_option_spec;

/**
 * @brief Number of option keys of @p game, the common keys (players, seed,
 *        chance) included.
 * @param game a game from the registry, or NULL.
 * @return the count; 0 when @p game is NULL.
 */
BR_API size_t br_game_option_count(const br_game *game);

/**
 * @brief The option key at position @p index (0 .. br_game_option_count()-1),
 *        in the order br_state_options() writes them.
 * @param game  a game from the registry, or NULL.
 * @param index position of the key.
 * @return the spec (owned by the library), or NULL when @p game is NULL or
 *         @p index is out of range.
 */
BR_API const br_option_spec *br_game_option(const br_game *game, size_t index);

/**
 * @brief Checks an options string for @p game without keeping a state.
 *
 * Accepts exactly what br_state_new() accepts (it runs the same parser and
 * set-up, and so allocates one state for the duration of the call).
 * @param game    a game from the registry; must not be NULL.
 * @param options borrowed; NULL or "" means all defaults.
 * @param err     caller's buffer for the reason (may be NULL when @p err_size is 0).
 * @param err_size size of @p err.
 * @return ::BR_OK, ::BR_ERR_OPTION (reason names the key), ::BR_ERR_ARGUMENT
 *         or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_game_check_options(const br_game *game, const char *options, char *err,
                                       size_t err_size);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Game facts */
/** @{ */

/** @brief Most dimensions an observation tensor has. */
#define BR_TENSOR_MAX_RANK 4

/** @brief ::br_facts returns kind: the returns of every finished game sum to 0. */
#define BR_RETURNS_ZERO_SUM 0
/** @brief ::br_facts returns kind: no constraint on the sum of the returns. */
#define BR_RETURNS_GENERAL 1

/**
 * @brief What a learning agent must know about a game and option set before
 *        it plays: sizes, bounds and the nature of the game.
 *
 * Filled by br_game_facts() and br_state_facts(), which take the size of the
 * caller's struct: a program built against an older, shorter version keeps
 * working, and new members are only ever added at the end.
 */
typedef struct br_facts {
    /** Number of seats. */
    int num_players;
    /** 1 when some state of this option set is a chance node. */
    int has_chance;
    /** 1 when some seat cannot see part of some state (cards in hands,
     *  decks, secret votes). */
    int has_hidden_information;
    /** ::BR_RETURNS_ZERO_SUM or ::BR_RETURNS_GENERAL (see br_state_returns()). */
    int returns_kind;
    /** Size N of the move space (br_state_move_space()). */
    size_t move_space;
    /** Bound on the number of legal moves (br_state_max_legal_moves()). */
    size_t max_legal_moves;
    /** Longest possible game in moves, chance outcomes included: no state of
     *  this option set has a larger br_state_move_number(). */
    uint32_t max_game_length;
    /** Number of dimensions of the observation tensor (1 .. ::BR_TENSOR_MAX_RANK). */
    size_t tensor_rank;
    /** The dimensions, outermost first; entries past tensor_rank are 0. */
    size_t tensor_shape[BR_TENSOR_MAX_RANK];
    /** Number of floats in the tensor: the product of the dimensions. */
    size_t tensor_size;
    /** Number of floats in the information-state tensor
     *  (br_state_information_state_tensor(); rank 1). */
    size_t information_state_size;
} br_facts;

/**
 * @brief The facts of @p game with @p options, without keeping a state.
 *
 * Most facts depend on the option set (the number of players changes the
 * tensor's shape); the game's documentation says which.
 * @param game       a game from the registry; must not be NULL.
 * @param options    borrowed; NULL or "" means all defaults.
 * @param facts      caller's struct, written (up to @p facts_size bytes).
 * @param facts_size `sizeof(br_facts)` as the caller was compiled with.
 * @param err        caller's buffer for the reason (may be NULL when @p err_size is 0).
 * @param err_size   size of @p err.
 * @return ::BR_OK, ::BR_ERR_OPTION, ::BR_ERR_ARGUMENT or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_game_facts(const br_game *game, const char *options, br_facts *facts,
                               size_t facts_size, char *err, size_t err_size);

/**
 * @brief The facts of the game and option set of @p state.
 * @param state      borrowed.
 * @param facts      caller's struct, written (up to @p facts_size bytes).
 * @param facts_size `sizeof(br_facts)` as the caller was compiled with.
 * @return ::BR_OK or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_facts(const br_state *state, br_facts *facts, size_t facts_size);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Tensors and masks */
/** @{ */

/**
 * @brief Writes what seat @p seat sees now as a flat float32 tensor.
 *
 * The layout (br_facts::tensor_shape, row-major) is fixed per game and option
 * set and documented plane by plane on the game's page. The tensor never
 * holds more than br_state_observe() shows @p seat: two states the seat cannot
 * tell apart give the same tensor. Does not allocate.
 * @param state borrowed.
 * @param seat  0 .. players-1, or -1 for a spectator.
 * @param out   caller's array of @p n floats.
 * @param n     entries in @p out; at least br_facts::tensor_size.
 * @return ::BR_OK, ::BR_ERR_BUFFER when @p n is too small (nothing written),
 *         or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_observation_tensor(const br_state *state, int seat, float *out,
                                             size_t n);

/**
 * @brief Writes what seat @p seat has seen over the whole game, as a flat
 *        float32 tensor of br_facts::information_state_size entries (as
 *        OpenSpiel's `information_state_tensor`).
 *
 * The layout is the same for every game (doc/api.md, "Information-state
 * tensor"): the observation tensor of br_state_observation_tensor() (what the
 * seat sees now), one entry that is 1 when the whole history is known, then
 * one slot per move of the game, in order, up to the longest game: who made
 * it (relative to @p seat) and the move as the seat saw it (the move, or only
 * its kind when it was hidden from the seat, as br_state_move_to_text_view()
 * shows it with `?`; shown later when the game reveals it to everybody). Two
 * histories that @p seat cannot tell apart give the same tensor.
 *
 * The moves come from br_state_history(), replayed from the initial state.
 * A state whose history does not start at move 0 (made by br_state_resample(),
 * loaded from a version 1 snapshot, or a game longer than its history keeps),
 * or whose history does not lead to it from the options' initial state (a
 * state resampled at move 0 and played on, or a hand-made snapshot), has the
 * observation part only: the known entry and every slot are 0.
 *
 * Allocates one scratch state for the replay (freed before returning).
 * @param state borrowed.
 * @param seat  0 .. players-1, or -1 for a spectator.
 * @param out   caller's array of @p n floats.
 * @param n     entries in @p out; at least br_facts::information_state_size.
 * @return ::BR_OK; ::BR_ERR_BUFFER when @p n is too small (nothing written);
 *         ::BR_ERR_ARGUMENT; ::BR_ERR_NO_MEMORY (then @p out may be partly
 *         written).
 */
BR_API br_status br_state_information_state_tensor(const br_state *state, int seat, float *out,
                                                   size_t n);

/**
 * @brief Marks the legal moves: `mask[m]` is 1 when move @p m is legal (at a
 *        chance node: a possible outcome), else 0, for every m in
 *        0 .. move space - 1. A terminal state has an all-zero mask.
 *
 * Does not allocate.
 * @param state borrowed.
 * @param mask  caller's array of @p n bytes.
 * @param n     entries in @p mask; at least br_state_move_space().
 * @return ::BR_OK, ::BR_ERR_BUFFER when @p n is too small (nothing written),
 *         or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_legal_mask(const br_state *state, uint8_t *mask, size_t n);

/** @} */
/* ------------------------------------------------------------------ */
/** @name History */
/** @{ */

/** @brief One move of a state's history. */
typedef struct br_history_entry {
    /** The move (at a chance node: the outcome). */
    br_move move;
    /** The seat that made it, or ::BR_PLAYER_CHANCE for a chance outcome
     *  (drawn by the library in `chance=auto` mode or given by the host). */
    int32_t player;
} br_history_entry;

/**
 * @brief The moves that led to @p state, oldest first, chance outcomes
 *        included and marked.
 *
 * A state made by br_state_new() keeps every move from its initial state; a
 * clone or copy keeps its source's history, and a snapshot carries it. The
 * history lives inside the state, so applying a move or copying a state never
 * allocates; it has room for the longest game (br_facts::max_game_length)
 * in every game but one: Drunter & Drüber keeps the last 2048 moves of games
 * longer than that, which only deliberate stalling plays (its page says why).
 * A state made by br_state_resample() has an empty history starting at its
 * move number (its hidden part never happened); see br_state_history_start().
 *
 * Entry i is the move that took the state from move number
 * br_state_history_start() + i to the next.
 * @param state    borrowed.
 * @param out      caller's array of @p capacity entries (may be NULL when 0).
 * @param capacity entries available in @p out.
 * @param count    receives the number of entries; must not be NULL.
 * @return ::BR_OK; ::BR_ERR_BUFFER when @p capacity is smaller than the count
 *         (the first @p capacity entries are written); ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_history(const br_state *state, br_history_entry *out,
                                  size_t capacity, size_t *count);

/**
 * @brief The move number at which the history of @p state begins: 0 for a
 *        state that descends from br_state_new(), the move number at which a
 *        resampled state was made, or at which a snapshot written without a
 *        history (by version 0.1) was loaded.
 * @param state borrowed, or NULL.
 * @return the move number; 0 when @p state is NULL.
 */
BR_API uint32_t br_state_history_start(const br_state *state);

/**
 * @brief The text of history entry @p index as @p seat saw it when the move
 *        was made: the move's text (br_state_move_to_text_view()) judged on
 *        the position before the move, with what was hidden from the seat
 *        then as `?` (another seat's draw, a ballot before the reveal).
 *
 * This is the way to announce what happened to each seat, chance outcomes
 * that a `chance=auto` state drew inside br_state_apply() included (each is
 * an entry of its own): doc/api.md, "Announcing moves". The history is
 * replayed from the options' initial state on every call, and must lead to
 * @p state; the cost grows with the history's length (doc/performance.md).
 *
 * @param state borrowed; its history must start at move 0
 *              (br_state_history_start()).
 * @param index the entry: 0 .. the history's length - 1 (as br_state_history()
 *              numbers them; the move that took the state from move number
 *              @p index to the next).
 * @param seat  0 .. players - 1, or -1 for a spectator.
 * @param buf   caller's buffer of @p size bytes (NULL when @p size is 0);
 *              receives the NUL-terminated text.
 * @param size  bytes available in @p buf.
 * @param len   receives the text's length without the NUL (may be NULL).
 * @return ::BR_OK; ::BR_ERR_BUFFER (with the needed length in @p len);
 *         ::BR_ERR_ARGUMENT (a NULL state, an entry or seat out of range);
 *         ::BR_ERR_WRONG_PHASE when the history cannot be replayed: it starts
 *         after move 0, or it does not lead to @p state (a resampled state's);
 *         ::BR_ERR_NO_MEMORY (the replay allocates one state).
 */
BR_API br_status br_state_history_text_view(const br_state *state, size_t index, int seat,
                                            char *buf, size_t size, size_t *len);

/**
 * @brief What history entry @p index changed that @p seat may see, as a
 *        JSON array of effects: objects whose first member is "type" (a
 *        tile placed, a marker moved, a vote's result, a crew leaving the
 *        board, income, a card drawn, a chapter's dues...), in the vocabulary
 *        each game documents in its page under doc/games/ ("Effects").
 *
 * With br_state_history_text_view() a front end announces every move to
 * every seat without comparing observations and without leaking: a draw
 * hidden from the seat names no card, a ballot is named only once the rules
 * reveal it. The history is replayed as br_state_history_text_view() does
 * (same conditions, same cost).
 *
 * @param state borrowed; its history must start at move 0.
 * @param index the entry: 0 .. the history's length - 1.
 * @param seat  0 .. players - 1, or -1 for a spectator.
 * @param buf   caller's buffer of @p size bytes (NULL when @p size is 0);
 *              receives the NUL-terminated JSON text.
 * @param size  bytes available in @p buf.
 * @param len   receives the text's length without the NUL (may be NULL).
 * @return as br_state_history_text_view().
 */
BR_API br_status br_state_history_effects_json(const br_state *state, size_t index, int seat,
                                               char *buf, size_t size, size_t *len);

/** @} */

BR_END_DECLS

#endif /* BOARDRULES_LEARN_H */
