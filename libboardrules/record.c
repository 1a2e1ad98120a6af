/* Game records (write, replay, validate) and batch random playouts. The
 * format is doc/records.md; reading the text is record_parse.c's job. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_impl.h"

/* ------------------------------------------------------------------ */
/* Writing (version 2) */

void br_record_put_result(const br_state *s, br_text *out)
{
    if (s->game->current_player(s->data) != BR_PLAYER_TERMINAL) {
        br_text_putc(out, '*');
        return;
    }
    double returns[BR_MAX_SEATS];
    br_state_returns(s, returns, BR_MAX_SEATS);
    for (int p = 0; p < s->num_players; p++) {
        if (p > 0)
            br_text_putc(out, ' ');
        br_text_put_int(out, (long long)returns[p]);
    }
}

static bool is_reserved_key(const char *key)
{
    return strcmp(key, "record") == 0 || strcmp(key, "game") == 0 ||
           strcmp(key, "options") == 0 || strcmp(key, "result") == 0;
}

static bool is_blank_byte(char c)
{
    return c == ' ' || c == '\t';
}

/* One tag for the writer: what the reader (record_parse.c) and the replay
 * (check_seat_tags) would refuse is refused here, so that a written record
 * always reads back. */
static br_status check_tag(const char *key, const char *value, size_t i, int num_players,
                           br_text *err)
{
    if (!br_record_is_tag_key(key, strlen(key)) || is_reserved_key(key)) {
        br_text_printf(err, "tag %zu: '%.40s' is not a tag key (lower-case letters, "
                       "digits, '-', '_'; not record, game, options or result)", i, key);
        return BR_ERR_ARGUMENT;
    }
    size_t n = strlen(value);
    if (n == 0 || strpbrk(value, "\r\n") || is_blank_byte(value[0]) ||
        is_blank_byte(value[n - 1]) || strlen(key) + 1 + n > BR_RECORD_LINE_MAX) {
        br_text_printf(err, "tag '%s': the value must be one line of 1..%zu characters "
                       "without blanks at its ends", key,
                       BR_RECORD_LINE_MAX - 1 - strlen(key));
        return BR_ERR_ARGUMENT;
    }
    if (br_record_utf8_error(value, n) < n) {
        br_text_printf(err, "tag '%s': the value is not UTF-8", key);
        return BR_ERR_ARGUMENT;
    }
    int seat = br_record_seat_tag(key);
    if (seat >= num_players || (seat >= 0 && key[4] == '0' && key[5])) {
        br_text_printf(err, "tag '%s': the game has seats 0..%d (no leading zero)", key,
                       num_players - 1);
        return BR_ERR_ARGUMENT;
    }
    return BR_OK;
}

static br_status check_tags(const char *const *tags, size_t num_tags, int num_players,
                            br_text *err)
{
    for (size_t i = 0; i < num_tags; i++) {
        const char *key = tags[2 * i], *value = tags[2 * i + 1];
        if (!key || !value) {
            br_text_printf(err, "tag %zu: key or value is NULL", i);
            return BR_ERR_ARGUMENT;
        }
        br_status st = check_tag(key, value, i, num_players, err);
        if (st != BR_OK)
            return st;
        /* The caller's own list: a few tags, compared pair by pair. */
        for (size_t k = 0; k < i; k++)
            if (strcmp(tags[2 * k], key) == 0) {
                br_text_printf(err, "tag '%s' twice (tags %zu and %zu)", key, k, i);
                return BR_ERR_ARGUMENT;
            }
    }
    return BR_OK;
}

/* The initial state of `s`'s game and options, as a record replays it:
 * chance explicit. */
static br_status record_start(const br_state *s, br_state **out, br_text *err)
{
    char options[BR_OPTIONS_MAX];
    br_text o = br_text_over(options, sizeof options);
    br_options_write(s, &o);
    assert(br_text_fits(&o)); /* the tables keep every canonical string below it */
    br_status st = br_state_create_unsettled(s->game, options, out, err);
    if (st == BR_OK)
        (*out)->chance_mode = BR_CHANCE_EXPLICIT;
    return st;
}

/* One move line per history entry of `s`, replayed on `replay` (the initial
 * state) to write each move's text where it was made. A snapshot's history
 * was checked only for its ranges, so each move is checked again. */
static br_status write_history_moves(const br_state *s, br_state *replay, br_text *out,
                                     br_text *err)
{
    const br_history_word *h = br_state_history_words_const(s);
    uint32_t n = br_state_history_length(s);
    for (uint32_t i = 0; i < n; i++) {
        br_history_entry e = br_history_unpack(h[i]);
        int to_move = replay->game->current_player(replay->data);
        char reason[BR_ERROR_SIZE];
        br_text r = br_text_over(reason, sizeof reason);
        if (e.player != to_move || !replay->game->check_move(replay->data, e.move, &r)) {
            br_text_printf(err, "the state's history does not replay: entry %lu (move %d of "
                           "player %d): %s", (unsigned long)i, (int)e.move, (int)e.player,
                           e.player != to_move ? "not that player's turn" : reason);
            return BR_ERR_ARGUMENT;
        }
        if (e.player == BR_PLAYER_CHANCE)
            br_text_puts(out, "chance: ");
        else {
            br_text_put_int(out, e.player);
            br_text_puts(out, ": ");
        }
        replay->game->move_to_text(replay->data, e.move, BR_VIEW_FULL, out);
        br_text_putc(out, '\n');
        br_state_apply_checked(replay, e.move);
    }
    return BR_OK;
}

static br_status write_state_record(const br_state *s, const char *const *tags, size_t num_tags,
                                    br_text *out, br_text *err)
{
    if (s->history_start != 0) {
        br_text_printf(err, "the state's history starts at move %lu: a record needs the whole "
                       "game", (unsigned long)s->history_start);
        return BR_ERR_ARGUMENT;
    }
    br_status st = check_tags(tags, num_tags, s->num_players, err);
    br_state *replay = NULL;
    if (st == BR_OK)
        st = record_start(s, &replay, err);
    if (st != BR_OK)
        return st;
    br_text_printf(out, "%s\nrecord 2\ngame %s\noptions ", BR_RECORD_HEADER, s->game->name);
    br_options_write(replay, out);
    br_text_putc(out, '\n');
    for (size_t i = 0; i < num_tags; i++)
        br_text_printf(out, "%s %s\n", tags[2 * i], tags[2 * i + 1]);
    st = write_history_moves(s, replay, out, err);
    br_state_free(replay);
    if (st != BR_OK)
        return st;
    br_text_puts(out, "result ");
    br_record_put_result(s, out);
    br_text_putc(out, '\n');
    return BR_OK;
}

static br_status finish_text(br_text *out, size_t *len, br_text *err)
{
    br_status st = br_text_result(out, len);
    if (st == BR_ERR_BUFFER)
        br_text_printf(err, "buffer too small: %zu bytes needed", out->len + 1);
    return st;
}

br_status br_record_write_state(const br_state *state, const char *const *tags, size_t num_tags,
                                char *buf, size_t size, size_t *len, char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (len)
        *len = 0;
    if (!state || (!tags && num_tags > 0) || (!buf && size > 0)) {
        br_text_puts(&e, "invalid argument: state, tags or buffer is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_text out = br_text_over(buf, size);
    br_status st = write_state_record(state, tags, num_tags, &out, &e);
    return st == BR_OK ? finish_text(&out, len, &e) : st;
}

/* Plays `moves` on `s`, each checked first. */
static br_status play_moves(br_state *s, const br_move *moves, size_t num_moves, br_text *err)
{
    for (size_t i = 0; i < num_moves; i++) {
        char reason[BR_ERROR_SIZE];
        br_text r = br_text_over(reason, sizeof reason);
        if (!s->game->check_move(s->data, moves[i], &r)) {
            br_text_printf(err, "move %zu (%d): %s", i + 1, (int)moves[i], reason);
            return BR_ERR_RECORD;
        }
        br_state_apply_checked(s, moves[i]);
    }
    return BR_OK;
}

br_status br_record_write(const br_game *game, const char *options, const br_move *moves,
                          size_t num_moves, char *buf, size_t size, size_t *len, char *err,
                          size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (len)
        *len = 0;
    if (!game || (!moves && num_moves > 0) || (!buf && size > 0)) {
        br_text_puts(&e, "invalid argument: game, moves or buffer is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_state *s;
    br_status st = br_state_create(game, options, &s, &e);
    if (st != BR_OK)
        return st;
    br_text out = br_text_over(buf, size);
    st = play_moves(s, moves, num_moves, &e);
    if (st == BR_OK)
        st = write_state_record(s, NULL, 0, &out, &e);
    br_state_free(s);
    return st == BR_OK ? finish_text(&out, len, &e) : st;
}

/* ------------------------------------------------------------------ */
/* Replaying */

/* The longest 'game' or 'options' line (trimmed) a record may hold: room
 * for the keyword and the longest options string br_state_new() takes. */
enum { HEADER_LINE_MAX = sizeof "options " - 1 + BR_OPTIONS_MAX - 1 };

typedef struct line_reader {
    const char *next;
    size_t number;     /* 1-based number of the line last read */
    const char *start; /* the line last read, trimmed; not NUL-terminated */
    size_t len;
} line_reader;

/* Reads the next line that is neither blank nor a comment, trimmed.
 * Returns false at the end. */
static bool next_line(line_reader *r)
{
    while (*r->next) {
        const char *start = r->next;
        const char *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        r->next = end ? end + 1 : start + n;
        r->number++;
        while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' ' || start[n - 1] == '\t'))
            n--;
        while (n > 0 && (*start == ' ' || *start == '\t')) {
            start++;
            n--;
        }
        if (n == 0 || *start == '#')
            continue;
        r->start = start;
        r->len = n;
        return true;
    }
    return false;
}

/* Reads the header line "keyword value" into line (HEADER_LINE_MAX + 1
 * bytes) and returns the value, or NULL with the reason in err. */
static const char *header_value(const line_reader *r, const char *keyword, const char *expected,
                                char *line, br_text *err)
{
    if (r->len > HEADER_LINE_MAX) {
        br_text_printf(err, "line %zu: '%s' line too long (%zu characters, at most %d)",
                       r->number, keyword, r->len, HEADER_LINE_MAX);
        return NULL;
    }
    memcpy(line, r->start, r->len);
    line[r->len] = '\0';
    size_t k = strlen(keyword);
    if (strncmp(line, keyword, k) != 0 || (line[k] != '\0' && line[k] != ' ' && line[k] != '\t')) {
        br_text_printf(err, "line %zu: expected '%s', got '%s'", r->number, expected, line);
        return NULL;
    }
    const char *value = line + k;
    while (*value == ' ' || *value == '\t')
        value++;
    return value;
}

static br_status read_header(line_reader *r, br_state **s, size_t *bad_line, br_text *err)
{
    char line[HEADER_LINE_MAX + 1];
    if (!next_line(r)) {
        *bad_line = r->number ? r->number : 1;
        br_text_printf(err, "line %zu: expected 'game <name>'", *bad_line);
        return BR_ERR_RECORD;
    }
    *bad_line = r->number;
    const char *name = header_value(r, "game", "game <name>", line, err);
    if (!name)
        return BR_ERR_RECORD;
    const br_game *game = br_game_find(name);
    if (!game) {
        br_text_printf(err, "line %zu: no game named '%s'", r->number, name);
        return BR_ERR_UNKNOWN_GAME;
    }
    if (!next_line(r)) {
        *bad_line = r->number + 1;
        br_text_printf(err, "line %zu: expected 'options <key=value,...>'", *bad_line);
        return BR_ERR_RECORD;
    }
    *bad_line = r->number;
    const char *options = header_value(r, "options", "options <key=value,...>", line, err);
    if (!options)
        return BR_ERR_RECORD;
    char msg[BR_ERROR_SIZE];
    br_text m = br_text_over(msg, sizeof msg);
    br_status st = br_state_create(game, options, s, &m);
    if (st != BR_OK)
        br_text_printf(err, "line %zu: %s", r->number, msg);
    return st;
}

static br_status replay_moves(line_reader *r, br_state *s, size_t *bad_line, br_text *err)
{
    while (next_line(r)) {
        *bad_line = r->number;
        char text[BR_MOVE_TEXT_MAX + 1];
        char reason[BR_ERROR_SIZE];
        br_text why = br_text_over(reason, sizeof reason);
        if (br_move_text_normalize(r->start, r->len, text, &why) != BR_OK) {
            br_text_printf(err, "line %zu: %s", r->number, reason);
            return BR_ERR_RECORD;
        }
        if (s->game->current_player(s->data) == BR_PLAYER_TERMINAL) {
            br_text_printf(err, "line %zu: '%s': the game is already over", r->number, text);
            return BR_ERR_RECORD;
        }
        br_move move;
        if (s->game->move_from_text(s->data, text, &move, &why) != BR_OK) {
            br_text_printf(err, "line %zu: %s", r->number, reason);
            return BR_ERR_RECORD;
        }
        if (!s->game->check_move(s->data, move, &why)) {
            br_text_printf(err, "line %zu: '%s': %s", r->number, text, reason);
            return BR_ERR_RECORD;
        }
        br_state_apply_checked(s, move);
    }
    *bad_line = 0;
    return BR_OK;
}

/* A UTF-8 byte-order mark, which some editors put at the start of a file. */
static const char *skip_byte_order_mark(const char *record)
{
    return strncmp(record, "\xEF\xBB\xBF", 3) == 0 ? record + 3 : record;
}

/* ------------------------------------------------------------------ */
/* Replaying version 2 */

static br_status replay_fail(br_record_failure *f, br_status st, size_t line, size_t column,
                             const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static br_status replay_fail(br_record_failure *f, br_status st, size_t line, size_t column,
                             const char *fmt, ...)
{
    f->line = line;
    f->column = column;
    br_text_printf(f->reason, "line %zu, column %zu: ", line, column);
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(f->reason, fmt, ap);
    va_end(ap);
    return st;
}

/* "seat 2", "chance" or "nobody (the game is over)". */
static void put_player(br_text *t, int player)
{
    if (player == BR_PLAYER_CHANCE)
        br_text_puts(t, "chance");
    else if (player == BR_PLAYER_TERMINAL)
        br_text_puts(t, "nobody (the game is over)");
    else
        br_text_printf(t, "seat %d", player);
}

static br_status replay_move_line(br_state *s, const br_record_move_entry *m, br_record_failure *f)
{
    const struct br_game *g = s->game;
    int to_move = g->current_player(s->data);
    if (to_move != m->player) {
        char who[40], turn[40];
        br_text a = br_text_over(who, sizeof who), b = br_text_over(turn, sizeof turn);
        put_player(&a, m->player);
        put_player(&b, to_move);
        return replay_fail(f, BR_ERR_RECORD, m->line, 1, "a move of %s, but %s is to move",
                           who, turn);
    }
    char text[BR_MOVE_TEXT_MAX + 1];
    char reason[BR_ERROR_SIZE];
    br_text why = br_text_over(reason, sizeof reason);
    if (br_move_text_normalize(m->text, strlen(m->text), text, &why) != BR_OK)
        return replay_fail(f, BR_ERR_RECORD, m->line, m->column, "%s", reason);
    br_move move;
    if (g->move_from_text(s->data, text, &move, &why) != BR_OK)
        return replay_fail(f, BR_ERR_RECORD, m->line, m->column, "%s", reason);
    if (!g->check_move(s->data, move, &why))
        return replay_fail(f, BR_ERR_RECORD, m->line, m->column, "'%s': %s", text, reason);
    br_state_apply_checked(s, move);
    return BR_OK;
}

/* Whether the result line's text says what the final position gives:
 * the same words, blanks folded. */
static bool result_agrees(const char *written, const char *expected)
{
    while (*written && *expected) {
        if (*written == ' ' || *written == '\t') {
            while (*written == ' ' || *written == '\t')
                written++;
            if (*expected != ' ')
                return false;
            expected++;
            continue;
        }
        if (*written++ != *expected++)
            return false;
    }
    return *written == '\0' && *expected == '\0';
}

static br_status check_result(const br_record *rec, const br_state *s, br_record_failure *f)
{
    char expected[BR_MAX_SEATS * 4 + 2];
    br_text t = br_text_over(expected, sizeof expected);
    br_record_put_result(s, &t);
    if (!rec->result)
        return replay_fail(f, BR_ERR_INCOMPLETE, rec->num_lines + 1, 1,
                           "the record ends without its result line (cut off?); the moves "
                           "so far give 'result %s'", expected);
    if (!result_agrees(rec->result, expected))
        return replay_fail(f, BR_ERR_RECORD, rec->result_line, rec->result_column,
                           "'result %s' disagrees with the final position, which gives "
                           "'result %s'", rec->result, expected);
    return BR_OK;
}

/* Every seat tag names a seat of the game: the parse reads `seat7` as any
 * tag; only the options say how many seats there are. */
static br_status check_seat_tags(const br_record *rec, int num_players, br_record_failure *f)
{
    for (size_t i = 0; i < rec->num_tags; i++) {
        const br_record_tag_entry *t = &rec->tags[i];
        if (br_record_seat_tag(t->key) >= num_players)
            return replay_fail(f, BR_ERR_RECORD, t->line, t->column,
                               "tag '%s': the game has seats 0..%d", t->key, num_players - 1);
    }
    return BR_OK;
}

/* The initial state of `rec` with its move lines replayed on it (the
 * result line not checked). */
static br_status replay_move_lines(const br_record *rec, br_state **out, br_record_failure *f)
{
    *out = NULL;
    const br_game *game = br_game_find(rec->game);
    if (!game)
        return replay_fail(f, BR_ERR_UNKNOWN_GAME, rec->game_line, 6, "no game named '%s'",
                           rec->game);
    char msg[BR_ERROR_SIZE];
    br_text m = br_text_over(msg, sizeof msg);
    br_state *s;
    br_status st = br_state_create_unsettled(game, rec->options, &s, &m);
    if (st != BR_OK)
        return replay_fail(f, st, rec->options_line, 9, "%s", msg);
    /* The chance lines give every outcome, whatever the options say. */
    s->chance_mode = BR_CHANCE_EXPLICIT;
    *out = s;
    st = check_seat_tags(rec, s->num_players, f);
    for (size_t i = 0; i < rec->num_moves && st == BR_OK; i++)
        st = replay_move_line(s, &rec->moves[i], f);
    return st;
}

br_status br_record_replay_v2(const br_record *rec, br_state **out, br_record_failure *f)
{
    br_status st = replay_move_lines(rec, out, f);
    return st == BR_OK ? check_result(rec, *out, f) : st;
}

/* Replays a version 2 text. A line that breaks the layout still leaves the
 * state before it (as an illegal move there does), and a bad move on an
 * earlier line is the first bad line: so the moves read before the layout
 * error are replayed, and the layout error reported only when they are
 * all legal. */
static br_status replay_v2_text(const char *text, br_state **out, br_record_failure *f)
{
    char reason[1024] = "";
    br_text r = br_text_over(reason, sizeof reason);
    br_record_failure layout = { 0, 0, &r };
    br_record *rec;
    br_status parsed = br_record_parse_before_bad_line(text, &rec, &layout);
    br_status st = parsed;
    if (rec) {
        st = parsed == BR_OK ? br_record_replay_v2(rec, out, f) : replay_move_lines(rec, out, f);
        br_record_free(rec);
    }
    if (parsed == BR_OK || (rec && st != BR_OK))
        return st;
    f->line = layout.line;
    f->column = layout.column;
    br_text_puts(f->reason, reason);
    return parsed;
}

/* ------------------------------------------------------------------ */
/* Replaying, both versions */

/* Whether the first meaningful line of `text` is a `record` line. */
static bool is_version_2(const char *text)
{
    line_reader r = { .next = skip_byte_order_mark(text), .number = 0 };
    if (!next_line(&r))
        return false;
    return r.len >= 6 && strncmp(r.start, "record", 6) == 0 &&
           (r.len == 6 || r.start[6] == ' ' || r.start[6] == '\t');
}

/* Replays `text` of either version: the final state (or the state before
 * the bad line) in *out, the failure in f (column 0 for version 1, whose
 * messages name the line only). */
static br_status replay_text(const char *text, br_state **out, int *version,
                             br_record_failure *f)
{
    *out = NULL;
    if (is_version_2(text)) {
        *version = 2;
        return replay_v2_text(text, out, f);
    }
    *version = 1;
    line_reader r = { .next = skip_byte_order_mark(text), .number = 0 };
    br_status st = read_header(&r, out, &f->line, f->reason);
    if (st == BR_OK)
        st = replay_moves(&r, *out, &f->line, f->reason);
    return st;
}

br_status br_record_replay(const char *record, br_state **out, size_t *bad_line, char *err,
                           size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (bad_line)
        *bad_line = 0;
    if (out)
        *out = NULL;
    if (!record) {
        br_text_puts(&e, "record is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_record_failure f = { 0, 0, &e };
    br_state *s = NULL;
    int version;
    br_status st = replay_text(record, &s, &version, &f);
    if (bad_line)
        *bad_line = st == BR_OK ? 0 : f.line;
    if (out)
        *out = s;
    else
        br_state_free(s);
    return st;
}

/* ------------------------------------------------------------------ */
/* The verdict as JSON */

static void write_verdict(br_jw *w, br_status st, int version, const br_state *s,
                          const br_record_failure *f, const char *reason)
{
    br_jw_begin_object(w);
    br_jw_key_bool(w, "valid", st == BR_OK || st == BR_ERR_INCOMPLETE);
    br_jw_key_bool(w, "complete", st == BR_OK);
    br_jw_key_int(w, "version", version);
    br_jw_key(w, "game");
    if (s)
        br_jw_string(w, s->game->name);
    else
        br_jw_null(w);
    br_jw_key_int(w, "moves", s ? (long long)s->move_number : 0);
    br_jw_key_int(w, "first_bad_line", st == BR_OK ? 0 : (long long)f->line);
    br_jw_key_int(w, "column", st == BR_OK ? 0 : (long long)f->column);
    br_jw_key_string(w, "reason", st == BR_OK ? "" : reason);
    br_jw_key(w, "result");
    if (s) {
        char result[BR_MAX_SEATS * 4 + 2];
        br_text t = br_text_over(result, sizeof result);
        br_record_put_result(s, &t);
        br_jw_string(w, result);
    } else {
        br_jw_null(w);
    }
    br_jw_end_object(w);
}

br_status br_record_verdict_json(const char *record, char *buf, size_t size, size_t *len)
{
    if (len)
        *len = 0;
    if (!record || (!buf && size > 0))
        return BR_ERR_ARGUMENT;
    char reason[BR_ERROR_SIZE + 64] = "";
    br_text e = br_text_over(reason, sizeof reason);
    br_record_failure f = { 0, 0, &e };
    br_state *s = NULL;
    int version = 0;
    br_status st = replay_text(record, &s, &version, &f);
    if (st == BR_ERR_NO_MEMORY || st == BR_ERR_ARGUMENT) {
        br_state_free(s);
        return st;
    }
    br_text out = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &out);
    write_verdict(&w, st, version, s, &f, reason);
    br_state_free(s);
    return br_text_result(&out, len);
}

/* ------------------------------------------------------------------ */
/* Batch random playouts */

static void play_one(br_state *s, br_rng *rng, br_move *moves, uint64_t *total)
{
    const struct br_game *g = s->game;
    for (;;) {
        int player = g->current_player(s->data);
        if (player == BR_PLAYER_TERMINAL)
            return;
        if (player == BR_PLAYER_CHANCE) {
            br_state_resolve_chance(s, NULL);
        } else {
            size_t n = g->legal_moves(s->data, moves);
            br_state_apply_checked(s, moves[br_rng_below(rng, (uint32_t)n)]);
        }
        (*total)++;
    }
}

br_status br_playout_random(const br_state *state, uint64_t seed, size_t num_games,
                            uint64_t *wins, size_t wins_len, uint64_t *total_moves)
{
    if (!state || (wins && wins_len < (size_t)state->num_players))
        return BR_ERR_ARGUMENT;
    br_state *work;
    br_status st = br_state_clone(state, &work);
    if (st != BR_OK)
        return st;
    br_move *moves = br_mem_alloc(sizeof *moves * (state->game->legal_moves_bound + 1));
    if (!moves) {
        br_state_free(work);
        return BR_ERR_NO_MEMORY;
    }
    if (wins)
        memset(wins, 0, sizeof *wins * wins_len);
    uint64_t total = 0;
    br_rng rng;
    br_rng_seed(&rng, seed);
    for (size_t i = 0; i < num_games; i++) {
        memcpy(work, state, br_state_used_size(state));
        br_rng_seed(&work->rng, br_rng_next(&rng));
        play_one(work, &rng, moves, &total);
        uint8_t winner[BR_MAX_SEATS] = { 0 };
        work->game->winners(work->data, winner);
        for (int p = 0; wins && p < work->num_players; p++)
            wins[p] += winner[p] != 0;
    }
    br_mem_free(moves);
    br_state_free(work);
    if (total_moves)
        *total_moves = total;
    return BR_OK;
}
