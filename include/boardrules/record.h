/**
 * @file boardrules/record.h
 * @brief Game records: write, parse, replay, validate; batch playouts.
 *
 * A record is plain UTF-8 text, one item per line; doc/records.md is the
 * reference for tool authors. Version 2, as br_record_write() and
 * br_record_write_state() write it:
 * @code
 * # libboardrules game record
 * record 2
 * game tsuro
 * options players=2,seed=0,chance=explicit,edition=classic,board=6,selfkill=edge
 * seat0 Alice
 * seat1 Bob
 * date 2026-11-30
 * chance: deal 3 to seat 0
 * 0: @a1:0
 * 1: @f6:3
 * chance: draw 14 to seat 0
 * 0: 17r2
 * result 1 -1
 * @endcode
 * After the `record 2` line come the `game` and `options` lines, then tag
 * lines (`key value`: `seat<N>` names a seat's player, `date`, `event`,
 * `site`, `round`, or any other lower-case key), then one move per line as
 * `<seat>: <move text>` or `chance: <outcome text>`, then the closing
 * `result` line: the return of each seat (br_state_returns()), or `*` for a
 * game stopped before its end. Every chance outcome is written out, so a
 * record replays without the seed and without this library's generator: the
 * replay always runs as `chance=explicit`. A record without its result line
 * is incomplete (a cut-off file), and replaying it says so.
 *
 * Version 1 (no `record` line: `game`, `options`, one move text per line,
 * chance outcomes only with `chance=explicit`) still loads.
 *
 * In both, `#` starts a comment line; blank lines are skipped; lines end
 * with LF or CR LF; a UTF-8 byte-order mark at the very start is skipped.
 * Header and tag lines may be at most 255 characters long (trimmed); a move
 * text is read exactly as br_state_move_from_text() reads it (blank runs
 * folded, at most 255 characters).
 */
#ifndef BOARDRULES_RECORD_H
#define BOARDRULES_RECORD_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/** @brief A parsed record (br_record_parse()), owned by the caller. */
typedef struct br_record br_record;

/**
 * @brief Writes the record of a game given as its move sequence.
 *
 * The moves are replayed from the initial state of @p game with @p options
 * and checked as they go; the record (version 2) is then written from that
 * state's history as br_record_write_state() writes it, without tags.
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
 * @brief Writes the record (version 2) of the game that led to @p state:
 *        every move of its history, chance outcomes included, and the result
 *        line (the returns when the game is over, else `*`).
 *
 * @param state borrowed; its history must start at move 0
 *        (br_state_history_start()), which holds for every state that
 *        descends from br_state_new() or from a snapshot of one.
 * @param tags borrowed array of 2 * @p num_tags strings: key, value, key,
 *        value, ... (keys: lower-case letters, digits, `-`, `_`, starting with
 *        a letter, not `record`, `game`, `options` or `result`; values: one
 *        line of text). May be NULL when @p num_tags is 0.
 * @param num_tags number of key/value pairs.
 * @param buf caller's buffer for the record text (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the whole record text.
 * @param err optional buffer for the reason of a failure.
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_ARGUMENT (a bad tag, or a history that does not
 *         start at move 0), ::BR_ERR_BUFFER.
 */
BR_API br_status br_record_write_state(const br_state *state, const char *const *tags,
                                       size_t num_tags, char *buf, size_t size, size_t *len,
                                       char *err, size_t err_size);

/**
 * @brief Reads a record into an object, without replaying it: its version,
 *        game, options, tags, moves (each with its seat and line) and result.
 *
 * Checks the layout only (which line may come where, the seat of a move line
 * being a number or `chance`); whether the moves are legal is br_record_replay()'s
 * question.
 * @param text borrowed, NUL-terminated.
 * @param out receives the record (free it with br_record_free()), or NULL.
 * @param line optional: receives the 1-based line of the first error, else 0.
 * @param column optional: receives the 1-based column of the first error, else 0.
 * @param err optional buffer for the reason, e.g. "line 4, column 1: expected
 *        'game <name>'".
 * @param err_size size of @p err in bytes.
 * @return ::BR_OK, ::BR_ERR_RECORD, ::BR_ERR_ARGUMENT or ::BR_ERR_NO_MEMORY.
 */
BR_API br_status br_record_parse(const char *text, br_record **out, size_t *line,
                                 size_t *column, char *err, size_t err_size);

/**
 * @brief Releases a parsed record.
 * @param record a record from br_record_parse(), or NULL (then nothing happens).
 */
BR_API void br_record_free(br_record *record);

/**
 * @brief The record's format version.
 * @param record borrowed, or NULL.
 * @return 1 or 2; 0 when @p record is NULL.
 */
BR_API int br_record_version(const br_record *record);

/**
 * @brief The game's short name as the record gives it (not checked against
 *        the registry).
 * @param record borrowed, or NULL.
 * @return a string owned by @p record; NULL when @p record is NULL.
 */
BR_API const char *br_record_game(const br_record *record);

/**
 * @brief The options string as the record gives it.
 * @param record borrowed, or NULL.
 * @return a string owned by @p record; NULL when @p record is NULL.
 */
BR_API const char *br_record_options(const br_record *record);

/**
 * @brief Number of tag lines.
 * @param record borrowed, or NULL.
 * @return the count (0 for a version 1 record or NULL).
 */
BR_API size_t br_record_tag_count(const br_record *record);

/**
 * @brief The key and value of tag @p index (0 .. br_record_tag_count()-1), in
 *        the order of the record.
 * @param record borrowed.
 * @param index  position of the tag.
 * @param key   optional: receives the key (owned by @p record).
 * @param value optional: receives the value (owned by @p record).
 * @return ::BR_OK or ::BR_ERR_ARGUMENT (no such tag; both set to NULL).
 */
BR_API br_status br_record_tag_at(const br_record *record, size_t index, const char **key,
                                  const char **value);

/**
 * @brief The value of the first tag named @p key, e.g. "seat0" or "date".
 * @param record borrowed, or NULL.
 * @param key    the tag's key, borrowed, or NULL.
 * @return a string owned by @p record, or NULL when there is no such tag.
 */
BR_API const char *br_record_tag(const br_record *record, const char *key);

/**
 * @brief Number of move lines, chance outcomes included.
 * @param record borrowed, or NULL.
 * @return the count (0 for NULL).
 */
BR_API size_t br_record_move_count(const br_record *record);

/**
 * @brief Move line @p index (0 .. br_record_move_count()-1).
 * @param record borrowed.
 * @param index  position of the move line.
 * @param text   optional: receives the move text (owned by @p record).
 * @param player optional: receives the seat the line names, ::BR_PLAYER_CHANCE
 *               for `chance:`, or ::BR_PLAYER_INVALID in a version 1 record
 *               (which names no seat).
 * @param line   optional: receives the line's 1-based number.
 * @return ::BR_OK or ::BR_ERR_ARGUMENT (no such move; outputs cleared).
 */
BR_API br_status br_record_move_at(const br_record *record, size_t index, const char **text,
                                   int *player, size_t *line);

/**
 * @brief The text of the result line after `result` (e.g. "1 -1" or "*").
 * @param record borrowed, or NULL.
 * @return a string owned by @p record, or NULL when the record has no result
 *         line (a version 1 record, or a cut-off one).
 */
BR_API const char *br_record_result(const br_record *record);

/**
 * @brief The parsed record as JSON, for tools:
 *        `{"format":"libboardrules-record","version":2,"game":...,"options":...,
 *        "tags":[[key,value],...],"moves":[{"player":0,"move":"17r2","line":7},...],
 *        "result":"1 -1"}` (`player` null in version 1, `result` null when absent).
 * @param record borrowed.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the whole text.
 * @return ::BR_OK, ::BR_ERR_BUFFER or ::BR_ERR_ARGUMENT.
 */
BR_API br_status br_record_to_json(const br_record *record, char *buf, size_t size,
                                   size_t *len);

/**
 * @brief Replays a record and writes the verdict as JSON, for tools:
 *        `{"valid":true,"complete":true,"version":2,"game":"tsuro","moves":42,
 *        "first_bad_line":0,"column":0,"reason":"","result":"1 -1"}`.
 *
 * `valid`: every line reads and every move is legal; `complete`: besides, the
 * result line is there and agrees with the final position (version 1 records,
 * which have none, are complete when valid); `first_bad_line`/`column`: where
 * it went wrong (0 when nowhere); `reason`: why; `result`: the returns of the
 * final position as a result line would give them (`*` when not finished).
 * @param record borrowed, NUL-terminated text.
 * @param buf caller's buffer (see common.h).
 * @param size size of @p buf in bytes.
 * @param len optional: receives the length of the whole text.
 * @return ::BR_OK when the verdict was written, whatever it says;
 *         ::BR_ERR_BUFFER, ::BR_ERR_ARGUMENT or ::BR_ERR_NO_MEMORY otherwise.
 */
BR_API br_status br_record_verdict_json(const char *record, char *buf, size_t size,
                                        size_t *len);

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
 * @return ::BR_OK when every line is valid and legal and the record is
 *         complete; ::BR_ERR_INCOMPLETE when every line is valid but a
 *         version 2 record has no result line (@p bad_line is then the line
 *         after the last; @p out gets the final state); ::BR_ERR_RECORD (also
 *         for a result line that disagrees with the final position),
 *         ::BR_ERR_UNKNOWN_GAME, ::BR_ERR_OPTION, ::BR_ERR_ARGUMENT or
 *         ::BR_ERR_NO_MEMORY otherwise. A version 2 record replays as
 *         `chance=explicit` (its chance lines give the outcomes), and so
 *         does the state it leaves in @p out.
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
