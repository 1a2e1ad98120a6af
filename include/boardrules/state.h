/**
 * @file boardrules/state.h
 * @brief Positions of a game: lifecycle, turns, moves, chance, notation,
 *        results, snapshots, observations and rendering.
 *
 * A ::br_state is owned by the caller: it is created by br_state_new(),
 * br_state_clone() or br_state_from_json() and released with br_state_free().
 * All text-producing functions follow the buffer convention of common.h.
 *
 * **Options** are one string of comma-separated `key=value` pairs, for example
 * `players=3,seed=42,chance=explicit`. Keys known to every game:
 * - `players`: number of seats (see br_game_min_players() / br_game_max_players());
 * - `seed`: unsigned 64-bit seed of the state's random generator (default 0);
 * - `chance`: `auto` (default) resolves every random event from the state's own
 *   seeded generator; `explicit` stops at every random event so that the host
 *   chooses its outcome (br_state_current_player() returns ::BR_PLAYER_CHANCE).
 *
 * Each game documents its own keys in br_game_options_help(). An unknown key or
 * a bad value is rejected with ::BR_ERR_OPTION and a message naming the key.
 *
 * **Returns** (br_state_returns()) follow one convention in every game: at the
 * end, each winner gets +1 and each other player -1; when every player is a
 * winner, or when nobody wins, everybody gets 0. Before the end all returns are 0.
 */
#ifndef BOARDRULES_STATE_H
#define BOARDRULES_STATE_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/** @name Lifecycle */
/** @{ */

/**
 * @brief Longest options string, in bytes with the terminating NUL.
 *
 * br_state_new() refuses a longer options string with ::BR_ERR_OPTION (it
 * never cuts one short), and the canonical string of br_state_options()
 * always fits in a buffer of this size, for every game and option set.
 */
#define BR_OPTIONS_MAX 256

/**
 * @brief Most legal moves (or chance outcomes) of any position of any game.
 *
 * br_state_max_legal_moves() never exceeds it: a buffer of this many
 * ::br_move holds the legal moves of every state.
 */
#define BR_LEGAL_MOVES_MAX 1024

/**
 * @brief Creates the initial state of @p game.
 * @param game    the game (from the registry); must not be NULL.
 * @param options options string, borrowed; NULL or "" means all defaults.
 * @param out     receives the new state, owned by the caller (free it with
 *                br_state_free()); set to NULL on failure.
 * @param err     optional buffer (may be NULL) that receives the reason of a
 *                failure, e.g. "option 'players': 9 is not in 2..8".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_OPTION (also for an options
 *         string of ::BR_OPTIONS_MAX bytes or more) or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_new(const br_game *game, const char *options,
                              br_state **out, char *err, size_t err_size);

/**
 * @brief Creates an independent copy of @p state.
 * @param state borrowed.
 * @param out   receives the copy, owned by the caller; NULL on failure.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_clone(const br_state *state, br_state **out);

/**
 * @brief Copies @p src into the existing state @p dst without allocating.
 *
 * Both must be states of the same game with the same number of players.
 * @param dst the state to overwrite; its memory stays the caller's.
 * @param src borrowed.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT or ::BR_ERR_GAME_MISMATCH.
 */
BR_API br_status br_state_copy(br_state *dst, const br_state *src);

/**
 * @brief Releases a state; NULL is accepted and ignored.
 * @param state a state from br_state_new(), br_state_clone(),
 *        br_state_from_json() or br_record_replay(); invalid afterwards.
 */
BR_API void br_state_free(br_state *state);

/**
 * @brief The game of a state.
 * @param state borrowed, or NULL.
 * @return the game (owned by the library), or NULL when @p state is NULL.
 */
BR_API const br_game *br_state_game(const br_state *state);

/**
 * @brief Number of seats of the state.
 * @param state borrowed, or NULL.
 * @return the number of players, or 0 when @p state is NULL.
 */
BR_API int br_state_num_players(const br_state *state);

/**
 * @brief The canonical options string of the state: every key, defaults included.
 *
 * Creating a new state from it gives the same initial state.
 * @param state borrowed.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the options text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT or ::BR_ERR_BUFFER.
 */
BR_API br_status br_state_options(const br_state *state, char *buf, size_t size,
                                  size_t *len);

/**
 * @brief The reason of the most recent failed call on this state.
 *
 * Every call that takes the state and fails records its reason (a call
 * that takes two states records it for the one it would change), so that it
 * can be read after other calls. Where it is kept depends on the call:
 * - a call that changes the state (br_state_apply(), br_state_resolve_chance(),
 *   br_state_copy() into it, br_state_resample() into it) keeps it in the
 *   state; a successful br_state_apply() or br_state_resolve_chance() clears it;
 * - a read-only call (one taking a `const br_state *`) never writes the state,
 *   so that threads may share it for reading: it keeps the reason in the
 *   calling thread's slot, which names this state until the thread's next
 *   failing read-only call on any state, or the next call that changes this
 *   state.
 *
 * This function returns the calling thread's slot when it names @p state,
 * else the state's own reason.
 * @param state borrowed, or NULL.
 * @return a string owned by the library (the state or the calling thread),
 *         valid until the next call on this thread that takes a state; ""
 *         when nothing failed since it was last cleared, and when @p state
 *         is NULL.
 */
BR_API const char *br_state_last_error(const br_state *state);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Turn */
/** @{ */

/**
 * @brief Who is to move.
 * @param state borrowed, or NULL.
 * @return a seat 0..n-1, ::BR_PLAYER_CHANCE at a chance node,
 *         ::BR_PLAYER_TERMINAL when the game is over, ::BR_PLAYER_INVALID
 *         when @p state is NULL.
 */
BR_API int br_state_current_player(const br_state *state);

/**
 * @brief Whether the game is over.
 * @param state borrowed, or NULL.
 * @return 1 when the game is over, 0 when not or when @p state is NULL.
 */
BR_API int br_state_is_terminal(const br_state *state);

/**
 * @brief Whether the state waits for a chance outcome.
 * @param state borrowed, or NULL.
 * @return 1 at a chance node, 0 otherwise (also when @p state is NULL).
 */
BR_API int br_state_is_chance_node(const br_state *state);

/**
 * @brief Number of moves made so far, chance outcomes included.
 * @param state borrowed, or NULL.
 * @return the count, or 0 when @p state is NULL.
 */
BR_API uint32_t br_state_move_number(const br_state *state);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Moves */
/** @{ */

/**
 * @brief Size N of the move space: every move of this game and option set
 *        is a number in 0..N-1.
 * @param state borrowed, or NULL.
 * @return N, or 0 when @p state is NULL.
 */
BR_API size_t br_state_move_space(const br_state *state);

/**
 * @brief An upper bound on the number of legal moves in any state of this
 *        game and option set: a buffer of this size always suffices for
 *        br_state_legal_moves() and br_state_chance_outcomes().
 * @param state borrowed, or NULL.
 * @return the bound, or 0 when @p state is NULL.
 */
BR_API size_t br_state_max_legal_moves(const br_state *state);

/**
 * @brief Lists the legal moves (at a chance node: the possible outcomes),
 *        in increasing order.
 *
 * Does not allocate.
 * @param state borrowed.
 * @param moves caller's array of @p capacity entries (may be NULL when 0).
 * @param capacity entries available in @p moves.
 * @param count receives the number of legal moves; must not be NULL.
 * @return ::BR_OK; ::BR_ERR_BUFFER when @p capacity is smaller than the
 *         count (the first @p capacity moves are written); ::BR_ERR_ARGUMENT.
 *         A terminal state has no legal moves (count 0, ::BR_OK).
 */
BR_API br_status br_state_legal_moves(const br_state *state, br_move *moves,
                                      size_t capacity, size_t *count);

/**
 * @brief Tells whether @p move is legal, and if not, why.
 * @param state borrowed.
 * @param move any integer; numbers outside the move space are illegal.
 * @param reason optional buffer (may be NULL) for the reason in English.
 * @param reason_size size of @p reason in bytes.
 * @return ::BR_OK when legal, ::BR_ERR_ILLEGAL_MOVE when not,
 *         ::BR_ERR_ARGUMENT when @p state is NULL.
 */
BR_API br_status br_state_check_move(const br_state *state, br_move move,
                                     char *reason, size_t reason_size);

/**
 * @brief Applies a move (or, at a chance node, an outcome).
 *
 * With `chance=auto`, chance nodes that follow are resolved at once from the
 * state's own random generator. An illegal move leaves the state untouched and
 * keeps the reason (br_state_last_error()). Does not allocate.
 * @param state changed only when the move is legal.
 * @param move the move (or chance outcome).
 * @return ::BR_OK, ::BR_ERR_ILLEGAL_MOVE or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_apply(br_state *state, br_move move);

/**
 * @brief Writes the text form of @p move (see the game's documentation).
 *
 * The move need not be legal, but must lie in the move space.
 * @param state borrowed (the text may depend on the position).
 * @param move a number in 0..br_state_move_space()-1.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT (out of range) or ::BR_ERR_BUFFER.
 */
BR_API br_status br_state_move_to_text(const br_state *state, br_move move,
                                       char *buf, size_t size, size_t *len);

/**
 * @brief Writes the text of @p move as seat @p seat may see it, for showing
 *        one player's move (or a chance outcome) to another.
 *
 * The same as br_state_move_to_text() when the move hides nothing from the
 * seat; otherwise the hidden part is replaced by `?` (a card drawn by another
 * seat in a game with hidden hands, a card discarded face down: e.g.
 * "draw ?", "exchange ?"). Such texts are for people and do not parse back.
 * Call it before the move is applied: the text depends on the position.
 * @param state borrowed.
 * @param move a number in 0..br_state_move_space()-1.
 * @param seat the seat that looks: 0..n-1, or -1 for a spectator.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT (move or seat out of range) or ::BR_ERR_BUFFER.
 */
BR_API br_status br_state_move_to_text_view(const br_state *state, br_move move, int seat,
                                            char *buf, size_t size, size_t *len);

/**
 * @brief Parses the text form of a move.
 * The same reader serves record lines (br_record_replay()), so a text
 * parses the same in both: blanks (spaces, tabs, line ends) around it are
 * ignored, every run of spaces and tabs inside counts as one space, and the
 * text so folded may be at most 255 characters long.
 * @param state borrowed; on failure br_state_last_error() holds the reason.
 * @param text borrowed, NUL-terminated.
 * @param out receives the move; must not be NULL.
 * @return ::BR_OK, ::BR_ERR_PARSE (with the reason in br_state_last_error())
 *         or ::BR_ERR_ARGUMENT. Parsing does not check legality.
 */
BR_API br_status br_state_move_from_text(const br_state *state, const char *text,
                                         br_move *out);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Chance */
/** @{ */

/**
 * @brief The outcomes of the current chance node and their probabilities.
 * @param state borrowed.
 * @param moves caller's array for the outcomes (may be NULL when @p capacity is 0).
 * @param probabilities caller's array for the probabilities, same length
 *        (may be NULL); they add up to 1.
 * @param capacity entries available in @p moves and @p probabilities.
 * @param count receives the number of outcomes; must not be NULL.
 * @return ::BR_OK, ::BR_ERR_WRONG_PHASE when the state is not at a chance
 *         node, ::BR_ERR_BUFFER, ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_chance_outcomes(const br_state *state, br_move *moves,
                                          double *probabilities, size_t capacity,
                                          size_t *count);

/**
 * @brief Resolves the current chance node from the state's own random generator.
 * @param state changed: the outcome is applied (and, with `chance=auto`,
 *        any chance nodes that follow).
 * @param outcome optional (may be NULL): receives the outcome that was applied.
 * @return ::BR_OK, ::BR_ERR_WRONG_PHASE when not at a chance node, ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_resolve_chance(br_state *state, br_move *outcome);

/**
 * @brief Builds a full state that seat @p seat cannot tell apart from @p state.
 *
 * Everything the seat can see is kept; everything hidden from it (other hands,
 * the order of draw piles, the random generator) is drawn anew from @p seed
 * among the possibilities consistent with what the seat saw. For search over
 * information sets.
 * @param state the real state, borrowed; not changed.
 * @param seat the seat whose view is kept: 0..n-1, or -1 for a spectator.
 * @param seed seed for the hidden parts.
 * @param dst an existing state of the same game and player count, distinct
 *        from @p state; overwritten.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT or ::BR_ERR_GAME_MISMATCH.
 */
BR_API br_status br_state_resample(const br_state *state, int seat, uint64_t seed,
                                   br_state *dst);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Results */
/** @{ */

/**
 * @brief Per-player returns (see the convention at the top of this file).
 * @param state borrowed.
 * @param n number of entries in @p out.
 * @param out caller's array of at least @p n entries, @p n >= number of players.
 * @return ::BR_OK or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_returns(const br_state *state, double *out, size_t n);

/**
 * @brief Which seats won a finished game (shared wins mark every winner).
 *
 * Unlike br_state_returns(), this tells a game that every seat won (a shared
 * win) from one that nobody won.
 * @param state borrowed.
 * @param is_winner caller's array of at least num_players entries: 1 for a
 *        winner, 0 for everybody else.
 * @param n number of entries in @p is_winner.
 * @return ::BR_OK, ::BR_ERR_WRONG_PHASE when the game is not over, or
 *         ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_winners(const br_state *state, int *is_winner, size_t n);

/**
 * @brief Per-player scores in the game's own points, at any moment.
 * @param state borrowed.
 * @param n number of entries in @p out.
 * @param out caller's array of at least @p n entries, @p n >= number of players.
 * @return ::BR_OK or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_state_scores(const br_state *state, double *out, size_t n);

/** @} */
/* ------------------------------------------------------------------ */
/** @name Snapshots, observations, rendering */
/** @{ */

/**
 * @brief The exact full state as versioned JSON (hidden information and the
 *        random generator included), loadable with br_state_from_json().
 * @param state borrowed.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the JSON text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_BUFFER or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_to_json(const br_state *state, char *buf, size_t size,
                                  size_t *len);

/**
 * @brief Loads a snapshot written by br_state_to_json().
 *
 * Every field and every invariant is checked; anything wrong is rejected.
 * @param json borrowed, NUL-terminated.
 * @param out receives the new state, owned by the caller; NULL on failure.
 * @param err optional buffer for the reason of a failure, which names the
 *        offending field, e.g. "state.hands[1]: tile 40 is not a tile".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_SNAPSHOT, ::BR_ERR_UNKNOWN_GAME, ::BR_ERR_ARGUMENT
 *         or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_from_json(const char *json, br_state **out, char *err,
                                    size_t err_size);

/**
 * @brief The exact full state as a compact binary snapshot, loadable with
 *        br_state_from_bytes().
 *
 * The bytes are the same on every platform (fixed widths, little-endian) and
 * carry a format version: the format is in doc/snapshots.md. Saving and
 * loading cost about as much as a few moves, so hosts can move states
 * between processes and machines (self-play workers, transposition tables,
 * checkpoints, pickling) cheaply.
 * @param state borrowed.
 * @param buf caller's buffer for the bytes; may be NULL when @p size is 0.
 * @param size size of @p buf in bytes.
 * @param len optional: receives the number of bytes of the snapshot (also
 *        when the buffer was too small, so that a call with size 0 asks for
 *        the size).
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_BUFFER (nothing useful was
 *         written; ask again with *len bytes) or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_to_bytes(const br_state *state, void *buf, size_t size,
                                   size_t *len);

/**
 * @brief Loads a binary snapshot written by br_state_to_bytes().
 *
 * Every field and every invariant is checked as br_state_from_json() checks
 * them; anything else (a wrong magic or version, a cut or overlong buffer, a
 * field out of range) is rejected.
 * @param data borrowed bytes.
 * @param size number of bytes at @p data.
 * @param out receives the new state, owned by the caller; NULL on failure.
 * @param err optional buffer for the reason of a failure, naming the field,
 *        e.g. "state.board[12]: 77 is not a tile".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_SNAPSHOT, ::BR_ERR_UNKNOWN_GAME, ::BR_ERR_ARGUMENT
 *         or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_from_bytes(const void *data, size_t size, br_state **out, char *err,
                                     size_t err_size);

/**
 * @brief What seat @p seat may see, as JSON: never another seat's hidden
 *        cards, the order of a draw pile, or the random generator.
 * @param state borrowed.
 * @param seat 0..n-1; or -1 for a spectator who sees only public information.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the JSON text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_BUFFER or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_observe(const br_state *state, int seat, char *buf,
                                  size_t size, size_t *len);

/**
 * @brief A multi-line text picture of the state for people (the full state).
 * @param state borrowed.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_BUFFER or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_state_render(const br_state *state, char *buf, size_t size,
                                 size_t *len);

/**
 * @brief A text picture of what seat @p seat may see, for a person playing
 *        that seat: like br_state_render(), but other seats' hidden cards
 *        (and anything else hidden from the seat) are not shown.
 * @param state borrowed.
 * @param seat 0..n-1, or -1 for a spectator.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the text.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_BUFFER.
 */
BR_API br_status br_state_render_view(const br_state *state, int seat, char *buf,
                                      size_t size, size_t *len);

/** @} */

BR_END_DECLS

#endif /* BOARDRULES_STATE_H */
