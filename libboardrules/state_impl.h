/*
 * The layout of a br_state, shared by the dispatch layer's source files.
 * Not visible to games (they see only their own `data`) nor to users.
 */
#ifndef BR_STATE_IMPL_H
#define BR_STATE_IMPL_H

#include "internal.h"

#define BR_ERROR_SIZE 200

enum br_chance_mode { BR_CHANCE_AUTO = 0, BR_CHANCE_EXPLICIT = 1 };

struct br_state {
    const struct br_game *game;
    uint64_t seed;           /* as given in the options; kept for br_state_options() */
    br_rng rng;              /* the state's own generator (part of the snapshot) */
    uint32_t move_number;    /* moves applied so far, chance outcomes included */
    int32_t num_players;
    int32_t chance_mode;     /* enum br_chance_mode */
    /* The values of the game's own option keys (games with setup()), for
     * the canonical options string. */
    br_option_value options[BR_OPTION_KEYS_MAX - BR_COMMON_OPTIONS];
    uint64_t id;             /* unique per allocated state, never copied: names the
                              * state in a thread's failure slot (see dispatch.c) */
    uint32_t history_start;  /* move number of the first history entry */
    char error[BR_ERROR_SIZE];
    _Alignas(16) unsigned char data[]; /* the game's state, game->state_size bytes */
};

/* The history (boardrules/learn.h) follows the game's data in the same
 * allocation: game->history_capacity words, of which the first
 * move_number - history_start are in use. Copies take only those. A word
 * packs one entry into 4 bytes (half of br_history_entry, so that copies of
 * long games stay cheap): the move in the upper 24 bits (every game's move
 * space is below 2^24; the conformance suite checks it), the player + 1 in
 * the lower 8 (0: chance). */
typedef uint32_t br_history_word;

#define BR_HISTORY_MOVE_LIMIT (1u << 24)

static inline br_history_word br_history_pack(int player, br_move move)
{
    return (uint32_t)move << 8 | (uint32_t)(player + 1);
}

static inline br_history_entry br_history_unpack(br_history_word w)
{
    return (br_history_entry){ (br_move)(w >> 8), (int32_t)(w & 0xff) - 1 };
}

/* Bytes to allocate for a state of `game`. */
size_t br_state_alloc_size(const struct br_game *game);

/* Bytes of `s` in use: header, game data and the used history entries. A
 * copy of these bytes is a complete copy of the state. */
size_t br_state_used_size(const br_state *s);

/* The state's history words (game->history_capacity of them). */
br_history_word *br_state_history_words(br_state *s);
const br_history_word *br_state_history_words_const(const br_state *s);

/* Number of history entries in use. */
static inline uint32_t br_state_history_length(const br_state *s)
{
    return s->move_number - s->history_start;
}

/* Snapshot loading of the history, for `s` whose move number is set.
 * br_history_begin() checks that `count` entries starting at move number
 * `start` lead exactly to the move number and fit the state, and sets the
 * start; br_history_put() checks and stores entry i (the player a seat or
 * chance, the move in the move space). On failure both write the reason,
 * naming `path`, and return false. */
bool br_history_begin(br_state *s, long long start, size_t count, const char *path,
                      br_text *err);
bool br_history_put(br_state *s, size_t i, long long player, long long move,
                    const char *path, br_text *err);

/* Allocates a state and sets it up from an options string, without
 * resolving chance nodes (for loading snapshots). */
br_status br_state_create_unsettled(const struct br_game *game, const char *options,
                                   br_state **out, br_text *err);

/* Allocates a state and sets it up from an options string. */
br_status br_state_create(const struct br_game *game, const char *options,
                          br_state **out, br_text *err);

/* Records a failure reason in the state (printf-style) and returns `status`.
 * For calls that change the state. */
br_status br_state_fail(br_state *s, br_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the failure reason of a read-only call: in the calling thread's
 * failure slot, never in the state, so that threads may share a state for
 * reading. br_state_last_error() on this thread returns it. */
br_status br_state_fail_const(const br_state *s, br_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The status of a text written into the caller's buffer: BR_ERR_BUFFER,
 * with the reason and the length needed, when it did not fit. */
br_status br_state_text_result(const br_state *state, const br_text *t, size_t *len);

/* Gives a newly allocated state its identity. */
void br_state_set_identity(br_state *s);

/* Resolves chance nodes from the state's generator while the state is in
 * auto mode and at a chance node. */
void br_state_settle(br_state *s);

/* Applies a move the game has accepted, counting it, then settles. */
void br_state_apply_checked(br_state *s, br_move move);

/* Parses an options string against the game's option table: the common
 * keys into the state header, the game's own keys into s->options. Returns
 * BR_ERR_OPTION with a reason naming the key. */
br_status br_options_parse(const struct br_game *game, const char *options, br_state *s,
                           br_text *err);

/* Writes the canonical options string of a state. */
void br_options_write(const br_state *s, br_text *out);

/* The longest move text, after trimming and folding blanks, that any call
 * accepts (br_state_move_from_text() and record lines alike). */
#define BR_MOVE_TEXT_MAX 255

/* The one move-text reader: trims blanks (spaces, tabs, CR, LF) at both ends
 * and folds every run of spaces and tabs inside into one space, writing the
 * result into out (BR_MOVE_TEXT_MAX + 1 bytes). Returns BR_OK, or
 * BR_ERR_PARSE with the reason in err (empty, or too long). */
br_status br_move_text_normalize(const char *text, size_t n,
                                 char out[BR_MOVE_TEXT_MAX + 1], br_text *err);

/* Loads the "state" member of a snapshot into `s` (set up from the
 * snapshot's options) and checks the whole (snapshot.c). */
br_status br_snapshot_load_game_state(br_state *s, const json_t *game_state, br_text *err);

/* Refuses a move number or history start (`field` names it) above the
 * longest game of the options of `s` (traits().max_game_length: learn.h
 * promises no state a larger move number), so that no loaded state's counter
 * can wrap. Writes the reason and returns false. */
bool br_snapshot_check_move_number(const br_state *s, long long value, const char *field,
                                   br_text *err);

/* The same check for a state whose game part was loaded another way. */
br_status br_snapshot_check_loaded(br_state *s, br_text *err);

/* Copies a buffer-convention result: returns BR_OK when it fit, else BR_ERR_BUFFER. */
br_status br_text_result(const br_text *t, size_t *len);

#endif /* BR_STATE_IMPL_H */
