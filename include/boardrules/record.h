/**
 * @file boardrules/record.h
 * @brief Game records: write, replay, validate.
 *
 * A record is plain text:
 * @code
 * # any comment line
 * game tsuro
 * options players=2,seed=7,chance=explicit,edition=classic
 * <move text>
 * <move text>
 * @endcode
 * The `game` and `options` lines come first (after comments and blank
 * lines); every following non-blank, non-comment line is one move in the
 * game's text notation, chance outcomes included when `chance=explicit`.
 * With `chance=auto` the chance outcomes follow from the seed and are not written.
 *
 * A UTF-8 byte-order mark at the very start is skipped. Lines end with LF
 * or CR LF. The `game` and `options` lines may be at most 255 characters
 * long (trimmed); a move line is read exactly as br_state_move_from_text()
 * reads a move text (blank runs folded, at most 255 characters).
 */
#ifndef BOARDRULES_RECORD_H
#define BOARDRULES_RECORD_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/**
 * @brief Writes the record of a game given as its move sequence.
 *
 * The moves are replayed from the initial state of @p game with @p options
 * and checked as they go.
 * @param game the game; must not be NULL.
 * @param options options string, borrowed; NULL means all defaults.
 * @param moves borrowed array of @p num_moves moves, as they were passed to
 *        br_state_apply() (with `chance=auto` no chance outcomes); may be
 *        NULL when @p num_moves is 0.
 * @param num_moves number of entries in @p moves.
 * @param buf caller's buffer for the record text (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the whole record text.
 * @param err optional buffer for the reason of a failure.
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT, ::BR_ERR_OPTION, ::BR_ERR_RECORD (a move
 *         is illegal), ::BR_ERR_BUFFER or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_record_write(const br_game *game, const char *options,
                                 const br_move *moves, size_t num_moves,
                                 char *buf, size_t size, size_t *len,
                                 char *err, size_t err_size);

/**
 * @brief Replays and validates a record.
 * @param record borrowed, NUL-terminated text.
 * @param out optional (may be NULL): receives the final state on success, or
 *        the state before the first bad line on ::BR_ERR_RECORD; owned by the
 *        caller. NULL when no state could be made.
 * @param bad_line optional: receives the 1-based number of the first bad line,
 *        0 when the record is valid.
 * @param err optional buffer for the reason, e.g.
 *        "line 7: 'c3r5': rotation must be 0..3".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK when every line is valid and legal; ::BR_ERR_RECORD,
 *         ::BR_ERR_UNKNOWN_GAME, ::BR_ERR_OPTION, ::BR_ERR_ARGUMENT or
 *         ::BR_ERR_NO_MEMORY otherwise.
 */
BR_API br_status br_record_replay(const char *record, br_state **out,
                                  size_t *bad_line, char *err, size_t err_size);

/**
 * @brief Plays random games without crossing a language boundary per move.
 *
 * From a copy of @p state (which is not changed) plays uniformly random legal
 * moves (chance nodes from each game's generator) to the end, @p num_games
 * times, the i-th game's generator seeded from @p seed and i. For search and
 * learning in script hosts.
 * @param state the starting position, borrowed; not changed.
 * @param seed seed of the playouts' generator (moves and chance outcomes).
 * @param num_games number of games to play.
 * @param wins optional caller array of at least num_players entries: the
 *        number of games each seat won (shared wins count for every winner).
 * @param wins_len number of entries in @p wins.
 * @param total_moves optional: receives the number of moves played in all.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_playout_random(const br_state *state, uint64_t seed,
                                   size_t num_games, uint64_t *wins, size_t wins_len,
                                   uint64_t *total_moves);

BR_END_DECLS

#endif /* BOARDRULES_RECORD_H */
