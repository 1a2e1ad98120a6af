/*
 * Game records inside the library: the parsed form shared by the parser
 * (record_parse.c), the replay and the writer (record.c). doc/records.md
 * is the format's reference.
 */
#ifndef BR_RECORD_IMPL_H
#define BR_RECORD_IMPL_H

#include "state_impl.h"

/* The longest header or tag line (trimmed) a record may hold. */
#define BR_RECORD_LINE_MAX 255

#define BR_RECORD_HEADER "# libboardrules game record"

typedef struct br_record_tag_entry {
    const char *key, *value;
    size_t line, column; /* of the key */
} br_record_tag_entry;

typedef struct br_record_move_entry {
    const char *text; /* trimmed, not yet folded (the replay normalises it) */
    int player;       /* seat, BR_PLAYER_CHANCE, or BR_PLAYER_INVALID (version 1) */
    size_t line, column; /* of the move text */
} br_record_move_entry;

struct br_record {
    int version;
    const char *game, *options;
    size_t game_line, options_line;
    br_record_tag_entry *tags;
    size_t num_tags;
    br_record_move_entry *moves;
    size_t num_moves;
    const char *result; /* after "result ", or NULL */
    size_t result_line, result_column;
    size_t num_lines;   /* lines in the text */
    char *text;         /* the copy the strings point into */
};

/* Where and why a record went wrong. */
typedef struct br_record_failure {
    size_t line, column;
    br_text *reason; /* "line L, column C: ..." is written here */
} br_record_failure;

/* Parses `text` (version 1 or 2) into a new record, or fails with the line,
 * column and reason. */
br_status br_record_parse_text(const char *text, br_record **out, br_record_failure *f);

/* As br_record_parse_text(), but when the record's header (version, game,
 * options) reads and a later line does not, *out is the record of the lines
 * before that line (for the replay to give the state before it) and the
 * failure is set all the same. *out is NULL when the header does not read. */
br_status br_record_parse_before_bad_line(const char *text, br_record **out,
                                          br_record_failure *f);

/* Replays a parsed record of version 2 from its initial state (chance
 * explicit); on failure sets f and leaves in *out the state before the bad
 * line (or NULL when none could be made). Returns BR_ERR_INCOMPLETE for a
 * record without its result line. */
br_status br_record_replay_v2(const br_record *rec, br_state **out, br_record_failure *f);

/* Whether key[0..n) is a tag key: a lower-case letter, then lower-case
 * letters, digits, '-' or '_', 32 characters at most. */
bool br_record_is_tag_key(const char *key, size_t n);

/* The offset of the first byte of s[0..n) that is not part of well-formed
 * UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing beyond
 * U+10FFFF), or n when there is none. */
size_t br_record_utf8_error(const char *s, size_t n);

/* The seat a tag key names: `seat` followed by digits only (a number past
 * INT_MAX reads as INT_MAX); -1 for any other key. */
int br_record_seat_tag(const char *key);

/* Writes the result line's value for a state: each seat's return, or "*"
 * when the game is not over. */
void br_record_put_result(const br_state *s, br_text *out);

#endif /* BR_RECORD_IMPL_H */
