/* Game records: reading the text into a br_record (layout only, no replay),
 * its accessors and its JSON form. The format is doc/records.md. */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "record_impl.h"

/* ------------------------------------------------------------------ */
/* Failures */

static br_status fail_at(br_record_failure *f, size_t line, size_t column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static br_status fail_at(br_record_failure *f, size_t line, size_t column, const char *fmt, ...)
{
    f->line = line;
    f->column = column;
    br_text_printf(f->reason, "line %zu, column %zu: ", line, column);
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(f->reason, fmt, ap);
    va_end(ap);
    return BR_ERR_RECORD;
}

/* ------------------------------------------------------------------ */
/* Lines */

/* One meaningful line of the text (neither blank nor a comment), trimmed
 * and NUL-terminated in the record's copy. */
typedef struct rline {
    char *text;
    size_t len;
    size_t number;  /* 1-based */
    size_t column;  /* 1-based column of text[0] */
} rline;

typedef struct line_cursor {
    char *next;
    size_t number;
} line_cursor;

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool next_meaningful(line_cursor *c, rline *out)
{
    while (*c->next) {
        char *start = c->next;
        char *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        c->next = end ? end + 1 : start + n;
        c->number++;
        start[n] = '\0';
        while (n > 0 && (start[n - 1] == '\r' || is_blank(start[n - 1])))
            start[--n] = '\0';
        size_t skip = 0;
        while (skip < n && is_blank(start[skip]))
            skip++;
        if (skip == n || start[skip] == '#')
            continue;
        *out = (rline){ start + skip, n - skip, c->number, skip + 1 };
        return true;
    }
    return false;
}

/* Splits "keyword value": the first word and the rest (blanks skipped).
 * The line is cut after the word. */
static char *split_word(rline *l, size_t *word_len)
{
    size_t k = 0;
    while (k < l->len && !is_blank(l->text[k]))
        k++;
    *word_len = k;
    char *value = l->text + k;
    while (*value && is_blank(*value))
        value++;
    if (k < l->len)
        l->text[k] = '\0';
    return value;
}

/* ------------------------------------------------------------------ */
/* The parser */

typedef struct parser {
    br_record *rec;
    line_cursor cursor;
    br_record_failure *f;
    /* The tags read so far by key, to find a tag given twice without
     * comparing every pair (a record may hold as many tags as lines): open
     * addressing, each slot 0 (free) or 1 + an index into rec->tags. */
    size_t *tag_slots;
    size_t tag_mask; /* slots - 1, a power of two minus one */
    size_t max_tags; /* the lines of the text: room of rec->tags */
} parser;

static bool word_is(const rline *l, size_t word_len, const char *word)
{
    return strlen(word) == word_len && strncmp(l->text, word, word_len) == 0;
}

/* A header line "keyword value" with a value of at most BR_RECORD_LINE_MAX
 * characters, not empty unless `may_be_empty` (an empty options line means
 * every default, as an empty options string does). */
static br_status header_line_of(parser *p, rline *l, const char *keyword, const char *expected,
                                bool may_be_empty, const char **value)
{
    if (l->len > BR_RECORD_LINE_MAX)
        return fail_at(p->f, l->number, l->column,
                       "'%s' line too long (%zu characters, at most %d)", keyword, l->len,
                       BR_RECORD_LINE_MAX);
    size_t word_len;
    rline whole = *l;
    char *rest = split_word(l, &word_len);
    if (!word_is(l, word_len, keyword) || (!*rest && !may_be_empty))
        return fail_at(p->f, whole.number, whole.column, "expected '%s'", expected);
    *value = rest;
    return BR_OK;
}

static br_status header_line(parser *p, rline *l, const char *keyword, const char *expected,
                             const char **value)
{
    return header_line_of(p, l, keyword, expected, false, value);
}

/* The next meaningful line, which must exist: else fails one line after
 * the last, expecting `expected`. */
static br_status require_line(parser *p, rline *l, const char *expected)
{
    if (next_meaningful(&p->cursor, l))
        return BR_OK;
    return fail_at(p->f, p->cursor.number + 1, 1, "expected '%s'", expected);
}

/* The game and options lines; `first` is the game line when the caller
 * has read it already (version 1), else NULL. */
static br_status read_game_and_options(parser *p, rline *first)
{
    rline l;
    br_status st = BR_OK;
    if (first)
        l = *first;
    else
        st = require_line(p, &l, "game <name>");
    if (st == BR_OK)
        st = header_line(p, &l, "game", "game <name>", &p->rec->game);
    if (st != BR_OK)
        return st;
    p->rec->game_line = l.number;
    st = require_line(p, &l, "options <key=value,...>");
    if (st == BR_OK)
        st = header_line_of(p, &l, "options", "options <key=value,...>", true,
                            &p->rec->options);
    p->rec->options_line = l.number;
    return st;
}

/* "<seat>:" or "chance:" at the start of the line: the player, and the
 * offset of the colon; -1 when the line does not start that way. */
static long move_prefix(const rline *l, int *player)
{
    const char *colon = strchr(l->text, ':');
    if (!colon)
        return -1;
    size_t n = (size_t)(colon - l->text);
    if (n == 6 && strncmp(l->text, "chance", 6) == 0) {
        *player = BR_PLAYER_CHANCE;
        return (long)n;
    }
    if (n == 0 || n > 2)
        return -1;
    int seat = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)l->text[i]))
            return -1;
        seat = seat * 10 + (l->text[i] - '0');
    }
    if (n == 2 && l->text[0] == '0')
        return -1;
    *player = seat;
    return (long)n;
}

static br_status add_move(parser *p, const rline *l, long colon, int player)
{
    size_t start = (size_t)colon + 1;
    while (start < l->len && is_blank(l->text[start]))
        start++;
    if (start == l->len)
        return fail_at(p->f, l->number, l->column + (size_t)colon + 1,
                       "a move line without a move after the colon");
    br_record_move_entry *m = &p->rec->moves[p->rec->num_moves++];
    *m = (br_record_move_entry){ l->text + start, player, l->number, l->column + start };
    return BR_OK;
}

bool br_record_is_tag_key(const char *key, size_t n)
{
    if (n == 0 || n > 32 || !islower((unsigned char)key[0]))
        return false;
    for (size_t i = 1; i < n; i++) {
        unsigned char c = (unsigned char)key[i];
        if (!islower(c) && !isdigit(c) && c != '-' && c != '_')
            return false;
    }
    return true;
}

size_t br_record_utf8_error(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        size_t len = u[i] < 0x80 ? 1 : br_utf8_length(u + i, n - i);
        if (len == 0)
            return i;
        i += len;
    }
    return n;
}

int br_record_seat_tag(const char *key)
{
    if (strncmp(key, "seat", 4) != 0 || !key[4])
        return -1;
    long long seat = 0;
    for (const char *c = key + 4; *c; c++) {
        if (!isdigit((unsigned char)*c))
            return -1;
        seat = seat * 10 + (*c - '0');
        if (seat > INT_MAX)
            seat = INT_MAX;
    }
    return (int)seat;
}

static size_t tag_key_hash(const char *key)
{
    size_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *c = (const unsigned char *)key; *c; c++)
        h = (h ^ *c) * 16777619u;
    return h;
}

/* The earlier tag with `key`, or NULL after noting the new one (the last
 * of rec->tags) under it. The table is made at the first tag, for as many
 * tags as the text has lines. */
static const br_record_tag_entry *earlier_tag(parser *p, const char *key)
{
    if (!p->tag_slots) {
        size_t slots = 16;
        while (slots < 2 * p->max_tags)
            slots *= 2;
        p->tag_slots = br_mem_zalloc(slots * sizeof *p->tag_slots);
        if (!p->tag_slots)
            return NULL;
        p->tag_mask = slots - 1;
    }
    size_t i = tag_key_hash(key) & p->tag_mask;
    for (; p->tag_slots[i]; i = (i + 1) & p->tag_mask) {
        const br_record_tag_entry *t = &p->rec->tags[p->tag_slots[i] - 1];
        if (strcmp(t->key, key) == 0)
            return t;
    }
    p->tag_slots[i] = p->rec->num_tags;
    return NULL;
}

/* The value's bytes are UTF-8; the key is a tag key, a seat tag's number
 * without a leading zero (as in a move line), and the key is new. */
static br_status check_tag(parser *p, const rline *whole, const char *key, const char *value)
{
    size_t value_column = whole->column + (size_t)(value - whole->text);
    size_t n = strlen(value), bad = br_record_utf8_error(value, n);
    if (bad < n)
        return fail_at(p->f, whole->number, value_column + bad,
                       "the value of tag '%s' is not UTF-8 (byte 0x%02X)", key,
                       (unsigned)(unsigned char)value[bad]);
    if (br_record_seat_tag(key) >= 0 && key[4] == '0' && key[5])
        return fail_at(p->f, whole->number, whole->column + 4,
                       "tag '%s': a seat number has no leading zero", key);
    const br_record_tag_entry *first = earlier_tag(p, key);
    if (!p->tag_slots) {
        br_text_puts(p->f->reason, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    if (first)
        return fail_at(p->f, whole->number, whole->column, "tag '%s' twice (first on line %zu)",
                       key, first->line);
    return BR_OK;
}

static br_status add_tag(parser *p, rline *l)
{
    if (l->len > BR_RECORD_LINE_MAX)
        return fail_at(p->f, l->number, l->column, "tag line too long (%zu characters, at most %d)",
                       l->len, BR_RECORD_LINE_MAX);
    rline whole = *l;
    size_t n;
    char *value = split_word(l, &n);
    if (!br_record_is_tag_key(l->text, n))
        return fail_at(p->f, whole.number, whole.column,
                       "expected a tag ('key value'), a move ('<seat>: <move>' or "
                       "'chance: <outcome>') or 'result'");
    if (word_is(l, n, "record") || word_is(l, n, "game") || word_is(l, n, "options"))
        return fail_at(p->f, whole.number, whole.column, "a second '%s' line", l->text);
    if (!*value)
        return fail_at(p->f, whole.number, whole.column + n, "tag '%s' without a value", l->text);
    br_record *rec = p->rec;
    rec->tags[rec->num_tags++] =
        (br_record_tag_entry){ l->text, value, whole.number, whole.column };
    return check_tag(p, &whole, l->text, value);
}

/* One line after the header of a version 2 record. */
static br_status body_line_v2(parser *p, rline *l)
{
    br_record *rec = p->rec;
    if (rec->result)
        return fail_at(p->f, l->number, l->column,
                       "nothing but comments may follow the result line (line %zu)",
                       rec->result_line);
    int player;
    long colon = move_prefix(l, &player);
    if (colon >= 0)
        return add_move(p, l, colon, player);
    size_t n = 0;
    while (n < l->len && !is_blank(l->text[n]))
        n++;
    if (word_is(l, n, "result")) {
        rline whole = *l;
        const char *value;
        br_status st = header_line(p, l, "result", "result <return of each seat> | *", &value);
        if (st != BR_OK)
            return st;
        rec->result = value;
        rec->result_line = whole.number;
        rec->result_column = whole.column + (size_t)(value - whole.text);
        return BR_OK;
    }
    if (rec->num_moves > 0)
        return fail_at(p->f, l->number, l->column,
                       "expected a move ('<seat>: <move>' or 'chance: <outcome>') or 'result'");
    return add_tag(p, l);
}

static br_status parse_body(parser *p)
{
    br_record *rec = p->rec;
    rline l;
    while (next_meaningful(&p->cursor, &l)) {
        if (rec->version == 1) {
            rec->moves[rec->num_moves++] =
                (br_record_move_entry){ l.text, BR_PLAYER_INVALID, l.number, l.column };
            continue;
        }
        br_status st = body_line_v2(p, &l);
        if (st != BR_OK)
            return st;
    }
    rec->num_lines = p->cursor.number;
    return BR_OK;
}

/* The first meaningful line: `record 2` (version 2), or else the game line
 * of version 1, handed back in *first. */
static br_status read_version(parser *p, rline *first, bool *have_first)
{
    *have_first = false;
    rline l;
    if (!next_meaningful(&p->cursor, &l))
        return fail_at(p->f, p->cursor.number ? p->cursor.number : 1, 1,
                       "expected 'record 2' or 'game <name>'");
    size_t n = 0;
    while (n < l.len && !is_blank(l.text[n]))
        n++;
    if (!word_is(&l, n, "record")) {
        p->rec->version = 1;
        *first = l;
        *have_first = true;
        return BR_OK;
    }
    const char *value;
    rline whole = l;
    br_status st = header_line(p, &l, "record", "record 2", &value);
    if (st != BR_OK)
        return st;
    if (strcmp(value, "2") != 0)
        return fail_at(p->f, whole.number, whole.column + (size_t)(value - whole.text),
                       "record version '%s': this library reads versions 1 and 2", value);
    p->rec->version = 2;
    return BR_OK;
}

static size_t count_lines(const char *text)
{
    size_t n = 1;
    for (const char *c = text; *c; c++)
        n += *c == '\n';
    return n;
}

void br_record_free(br_record *record)
{
    if (!record)
        return;
    br_mem_free(record->text);
    br_mem_free(record->tags);
    br_mem_free(record->moves);
    br_mem_free(record);
}

static br_record *record_alloc(const char *text)
{
    size_t len = strlen(text), lines = count_lines(text);
    br_record *rec = br_mem_zalloc(sizeof *rec);
    if (!rec)
        return NULL;
    rec->text = br_mem_alloc(len + 1);
    rec->tags = br_mem_alloc(lines * sizeof *rec->tags);
    rec->moves = br_mem_alloc(lines * sizeof *rec->moves);
    if (!rec->text || !rec->tags || !rec->moves) {
        br_record_free(rec);
        return NULL;
    }
    memcpy(rec->text, text, len + 1);
    return rec;
}

/* Parses `text`; with `keep_before_bad_line`, a version 2 record whose
 * header reads is handed back on a bad body line as well, holding the tags
 * and moves of the lines before it. */
static br_status parse_text(const char *text, br_record **out, br_record_failure *f,
                            bool keep_before_bad_line)
{
    *out = NULL;
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        text += 3; /* a UTF-8 byte-order mark */
    br_record *rec = record_alloc(text);
    if (!rec) {
        br_text_puts(f->reason, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    parser p = { rec, { rec->text, 0 }, f, NULL, 0, count_lines(rec->text) };
    rline first;
    bool have_first;
    br_status st = read_version(&p, &first, &have_first);
    if (st == BR_OK)
        st = read_game_and_options(&p, have_first ? &first : NULL);
    bool header_read = st == BR_OK;
    if (st == BR_OK)
        st = parse_body(&p);
    br_mem_free(p.tag_slots);
    if (st != BR_OK && !(header_read && keep_before_bad_line)) {
        br_record_free(rec);
        return st;
    }
    *out = rec;
    return st;
}

br_status br_record_parse_text(const char *text, br_record **out, br_record_failure *f)
{
    return parse_text(text, out, f, false);
}

br_status br_record_parse_before_bad_line(const char *text, br_record **out,
                                          br_record_failure *f)
{
    return parse_text(text, out, f, true);
}

/* ------------------------------------------------------------------ */
/* Public: parse and accessors */

br_status br_record_parse(const char *text, br_record **out, size_t *line, size_t *column,
                          char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (line)
        *line = 0;
    if (column)
        *column = 0;
    if (out)
        *out = NULL;
    if (!text || !out) {
        br_text_puts(&e, text ? "out is NULL" : "text is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_record_failure f = { 0, 0, &e };
    br_status st = br_record_parse_text(text, out, &f);
    if (line)
        *line = f.line;
    if (column)
        *column = f.column;
    return st;
}

int br_record_version(const br_record *record)
{
    return record ? record->version : 0;
}

const char *br_record_game(const br_record *record)
{
    return record ? record->game : NULL;
}

const char *br_record_options(const br_record *record)
{
    return record ? record->options : NULL;
}

size_t br_record_tag_count(const br_record *record)
{
    return record ? record->num_tags : 0;
}

br_status br_record_tag_at(const br_record *record, size_t index, const char **key,
                           const char **value)
{
    bool ok = record && index < record->num_tags;
    if (key)
        *key = ok ? record->tags[index].key : NULL;
    if (value)
        *value = ok ? record->tags[index].value : NULL;
    return ok ? BR_OK : BR_ERR_ARGUMENT;
}

const char *br_record_tag(const br_record *record, const char *key)
{
    if (!record || !key)
        return NULL;
    for (size_t i = 0; i < record->num_tags; i++)
        if (strcmp(record->tags[i].key, key) == 0)
            return record->tags[i].value;
    return NULL;
}

size_t br_record_move_count(const br_record *record)
{
    return record ? record->num_moves : 0;
}

br_status br_record_move_at(const br_record *record, size_t index, const char **text,
                            int *player, size_t *line)
{
    bool ok = record && index < record->num_moves;
    const br_record_move_entry *m = ok ? &record->moves[index] : NULL;
    if (text)
        *text = m ? m->text : NULL;
    if (player)
        *player = m ? m->player : BR_PLAYER_INVALID;
    if (line)
        *line = m ? m->line : 0;
    return ok ? BR_OK : BR_ERR_ARGUMENT;
}

const char *br_record_result(const br_record *record)
{
    return record ? record->result : NULL;
}

/* ------------------------------------------------------------------ */
/* JSON */

static void write_record_json(const br_record *rec, br_jw *w)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "format", "libboardrules-record");
    br_jw_key_int(w, "version", rec->version);
    br_jw_key_string(w, "game", rec->game);
    br_jw_key_string(w, "options", rec->options);
    br_jw_key(w, "tags");
    br_jw_begin_array(w);
    for (size_t i = 0; i < rec->num_tags; i++) {
        br_jw_begin_array(w);
        br_jw_string(w, rec->tags[i].key);
        br_jw_string(w, rec->tags[i].value);
        br_jw_end_array(w);
    }
    br_jw_end_array(w);
    br_jw_key(w, "moves");
    br_jw_begin_array(w);
    for (size_t i = 0; i < rec->num_moves; i++) {
        const br_record_move_entry *m = &rec->moves[i];
        br_jw_begin_object(w);
        br_jw_key(w, "player");
        if (m->player == BR_PLAYER_INVALID)
            br_jw_null(w);
        else if (m->player == BR_PLAYER_CHANCE)
            br_jw_string(w, "chance");
        else
            br_jw_int(w, m->player);
        br_jw_key_string(w, "move", m->text);
        br_jw_key_int(w, "line", (long long)m->line);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
    br_jw_key(w, "result");
    if (rec->result)
        br_jw_string(w, rec->result);
    else
        br_jw_null(w);
    br_jw_end_object(w);
}

br_status br_record_to_json(const br_record *record, char *buf, size_t size, size_t *len)
{
    if (len)
        *len = 0;
    if (!record || (!buf && size > 0))
        return BR_ERR_ARGUMENT;
    br_text out = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &out);
    write_record_json(record, &w);
    return br_text_result(&out, len);
}
