/*
 * Snapshot fields as data (internal.h, "Snapshot fields as data"): one JSON
 * writer for snapshots and observations, one JSON reader and one binary
 * writer and reader, each walking a game's table of members. The game gives
 * the table; the walk does the types, ranges, visibility and error paths.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

enum { PATH_TEXT_MAX = 200 };

/* ------------------------------------------------------------------ */
/* Members, their values and their shapes */

static uint32_t load_uint(const void *p, unsigned width)
{
    switch (width) {
    case 1: return *(const uint8_t *)p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    default: { uint32_t v; memcpy(&v, p, 4); return v; }
    }
}

static void store_uint(void *p, unsigned width, uint32_t v)
{
    switch (width) {
    case 1: *(uint8_t *)p = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    default: memcpy(p, &v, 4); break;
    }
}

/* The largest stored value of an INT, or the bits of a SET. */
static long long field_max(const br_field *f, const br_fields_ctx *c)
{
    if (f->max != BR_FIELD_LAST_SEAT)
        return f->max;
    return f->kind == BR_FIELD_SET ? c->num_seats : c->num_seats - 1;
}

/* A table entry as the walker needs it: a table that breaks this is a bug
 * of the game's table, never of input. Asserted on every walk of the JSON
 * reader, which every game's tables go through in the tests (the writers
 * and the binary walk, which run far more often, trust it). */
/* A NAME's quoted names are its names (the JSON text the reader reads). */
static bool quoted_match(const br_field *f)
{
    long long names = f->kind == BR_FIELD_BAG ? f->width : f->max + 1;
    for (long long v = 0; f->quoted && v < names; v++) {
        size_t n = strlen(f->names[v]);
        const br_quoted_name *q = &f->quoted[v];
        if (q->len != n + 2 || q->text[0] != '"' || memcmp(q->text + 1, f->names[v], n) != 0 ||
            q->text[n + 1] != '"')
            return false;
    }
    return true;
}

static bool well_formed(const br_field *f)
{
    bool scalar = f->kind == BR_FIELD_INT || f->kind == BR_FIELD_NAME || f->kind == BR_FIELD_SET;
    if (scalar && f->width != 1 && f->width != 2 && f->width != 4)
        return false;
    if (f->kind == BR_FIELD_NAME && (!f->names || !quoted_match(f)))
        return false;
    if (f->quoted && f->kind != BR_FIELD_NAME && f->kind != BR_FIELD_BAG)
        return false;
    if (f->kind == BR_FIELD_BAG && (!f->names || !quoted_match(f)))
        return false;
    if (f->kind == BR_FIELD_SET && f->max != BR_FIELD_LAST_SEAT && f->max > 32)
        return false;
    if ((f->kind == BR_FIELD_OBJECT && !f->table) || (f->kind == BR_FIELD_CODEC && !f->codec))
        return false;
    bool optional = f->kind == BR_FIELD_OBJECT && (f->flags & BR_FIELD_NULLABLE);
    if ((f->present_at != 0) != optional)
        return false;
    if (f->kind == BR_FIELD_FLAG && (!(f->flags & BR_FIELD_JSON_ONLY) || f->bias > 7))
        return false;
    if (f->see == BR_SEE_CUSTOM && !f->visible)
        return false;
    if (f->text && (f->kind != BR_FIELD_CODEC || !f->text->write ||
                    f->text->max > BR_FIELD_TEXT_MAX))
        return false;
    return f->count == 0 || f->count == BR_FIELD_SEATS || f->stride > 0 || f->count == 1;
}

static bool is_array(const br_field *f)
{
    return f->count != 0;
}

static bool is_list(const br_field *f)
{
    return f->length_at != 0;
}

/* The presence flag of an OBJECT that may be null, or NULL. */
static uint8_t *presence_flag(const br_field *f, const void *p)
{
    return f->present_at ? (uint8_t *)p + f->present_at - 1 : NULL;
}

/* Entries of an array member (its length, for a list). */
static size_t entries(const br_field *f, const br_fields_ctx *c, const void *base)
{
    if (is_list(f))
        return *((const uint8_t *)base + f->length_at - 1);
    return f->count == BR_FIELD_SEATS ? (size_t)c->num_seats : f->count;
}

static const void *entry_at(const br_field *f, const void *base, size_t i)
{
    return (const char *)base + f->offset + i * f->stride;
}

/* The total of an array of counts (BR_HIDE_SUM). */
static long long sum_of_entries(const br_field *f, const br_fields_ctx *c, const void *base)
{
    long long sum = 0;
    for (size_t i = 0; i < entries(f, c, base); i++)
        sum += load_uint(entry_at(f, base, i), f->width);
    return sum;
}

static unsigned popcount32(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* What a hidden member counts (BR_HIDE_COUNT): a set's members, a bag's
 * items. */
static inline unsigned count_of(const br_field *f, const void *p)
{
    if (f->kind != BR_FIELD_BAG)
        return popcount32(load_uint(p, f->width));
    const uint8_t *counts = p;
    unsigned n = 0, i = 0, width = f->width;
    /* Counts below 32: eight of them sum below 256, and one multiply adds
     * them up in its top byte (in either byte order). */
    if (f->max < 32)
        for (; i + 8 <= width; i += 8) {
            uint64_t eight;
            memcpy(&eight, counts + i, 8);
            n += (unsigned)((eight * UINT64_C(0x0101010101010101)) >> 56);
        }
    for (; i < width; i++)
        n += counts[i];
    return n;
}

/* ------------------------------------------------------------------ */
/* Visibility */

/* True when c->viewer sees the member (for one entry of an array over the
 * seats, `owner` is that entry's seat). */
static inline bool sees(const br_field *f, const br_fields_ctx *c)
{
    if (c->viewer == BR_VIEW_FULL)
        return true;
    switch (f->see) {
    case BR_SEE_ALL: return true;
    case BR_SEE_OWNER: return c->owner >= 0 && c->viewer == c->owner;
    case BR_SEE_CUSTOM: return f->visible(c);
    default: return false;
    }
}

/* ------------------------------------------------------------------ */
/* JSON out */

/* The text of an object gathered in a run before it goes out in one
 * append: keys (their precomputed text), commas, brackets and the values of
 * scalars, sets and nested objects, so that the object's members cost a few
 * stores each. Only a codec writes through br_jw itself: the run goes out
 * before it, and the codec finds the writer where the run left it (its
 * depth, and the comma or key before its value already written). */
enum {
    RUN_SIZE = 512,
    NAME_IN_RUN_MAX = 64, /* longer names go out on their own */
    VALUE_IN_RUN_MAX = NAME_IN_RUN_MAX + 3, /* a name quoted, and a comma */
    KEY_IN_RUN_MAX = 64,  /* a key of a table without BR_KEY() */
};
_Static_assert(VALUE_IN_RUN_MAX >= 1 + BR_DECIMAL_MAX, "a comma and a number fit a value's room");
_Static_assert(RUN_SIZE >= 1 + BR_FIELD_TEXT_MAX, "a comma and a codec's text fit the run");

typedef struct text_run {
    size_t len;
    char text[RUN_SIZE];
} text_run;

static void run_flush(text_run *r, br_jw *w)
{
    if (r->len) {
        br_text_write(w->out, r->text, r->len);
        r->len = 0;
    }
}

/* Makes room for n more bytes (n <= RUN_SIZE). */
static inline void run_reserve(text_run *r, br_jw *w, size_t n)
{
    if (r->len + n > RUN_SIZE)
        run_flush(r, w);
}

static inline void run_put(text_run *r, const char *s, size_t n)
{
    memcpy(r->text + r->len, s, n);
    r->len += n;
}

static inline void run_char(text_run *r, br_jw *w, char ch)
{
    run_reserve(r, w, 1);
    r->text[r->len++] = ch;
}

/* Whether the container at w's depth has an item already; marks it. */
static inline bool run_had_item(br_jw *w)
{
    uint64_t bit = (uint64_t)1 << w->depth;
    bool had = (w->has_items & bit) != 0;
    w->has_items |= bit;
    return had;
}

/* A key without its text in the table: quoted here (keys are the tables'
 * constants, never in need of escaping). */
static void run_plain_key(text_run *r, br_jw *w, const br_field *f, bool first)
{
    size_t n = strlen(f->key);
    if (n > KEY_IN_RUN_MAX) {
        run_flush(r, w);
        if (!first)
            br_text_putc(w->out, ',');
        br_text_putc(w->out, '"');
        br_text_write(w->out, f->key, n);
        br_text_write(w->out, "\":", 2);
        return;
    }
    run_reserve(r, w, n + 4);
    if (!first)
        r->text[r->len++] = ',';
    r->text[r->len++] = '"';
    run_put(r, f->key, n);
    r->text[r->len++] = '"';
    r->text[r->len++] = ':';
}

/* The member's key, with its comma unless it is the object's first: the
 * table's text, copied in one fixed-size move (the bytes after its length
 * are overwritten by what follows). Room for BR_KEY_TEXT_MAX is the
 * caller's. */
static inline void run_key(text_run *r, br_jw *w, const br_field *f, size_t first)
{
    if (f->json_key_len) {
        memcpy(r->text + r->len, f->json_key + first, BR_KEY_TEXT_MAX - 1);
        r->len += f->json_key_len - first;
        return;
    }
    run_plain_key(r, w, f, first);
}

/* Opens and closes an array or object in the run, at w's next depth. */
static void run_open(text_run *r, br_jw *w, char ch)
{
    run_char(r, w, ch);
    /* Deeper than the bit set can follow is a bug of a table, not of
     * input: the nesting of every game's JSON is fixed and shallow. */
    assert(w->depth < BR_JW_MAX_DEPTH - 1);
    w->depth++;
    w->has_items &= ~((uint64_t)1 << w->depth);
}

static void run_close(text_run *r, br_jw *w, char ch)
{
    run_char(r, w, ch);
    w->depth--;
}

/* The comma before an array's entry, unless it is the first. */
static inline void run_entry(text_run *r, br_jw *w)
{
    if (run_had_item(w))
        run_char(r, w, ',');
}

/* Room for BR_DECIMAL_MAX is the caller's (VALUE_IN_RUN_MAX holds it). */
static void run_int(text_run *r, long long v)
{
    r->len += br_decimal(r->text + r->len, v);
}

/* A name, quoted (names need no escaping: br_jw_name()). Room for
 * VALUE_IN_RUN_MAX is the caller's; a longer name flushes the run and goes
 * out on its own. Names are short ("Y1", "door"): copied byte by byte,
 * without strlen() and memcpy() calls. */
static void run_name(text_run *r, br_jw *w, const char *name)
{
    char *out = r->text + r->len + 1;
    size_t n = 0;
    while (name[n] && n < NAME_IN_RUN_MAX) {
        out[n] = name[n];
        n++;
    }
    if (name[n]) {
        run_flush(r, w);
        br_text_putc(w->out, '"');
        br_text_puts(w->out, name);
        br_text_putc(w->out, '"');
        return;
    }
    out[-1] = '"';
    out[n] = '"';
    r->len += n + 2;
}

/* A stored value of an INT, BOOL or NAME member as JSON. Room for
 * VALUE_IN_RUN_MAX is the caller's. */
static inline void run_stored(text_run *r, br_jw *w, const br_field *f, uint32_t v)
{
    if ((f->flags & BR_FIELD_NULLABLE) && v == f->none) {
        run_put(r, "null", 4);
    } else if (f->kind == BR_FIELD_INT) {
        run_int(r, (long long)v + f->bias);
    } else if (f->kind == BR_FIELD_BOOL) {
        memcpy(r->text + r->len, v ? "true" : "false", 5); /* a fixed-size move */
        r->len += v ? 4 : 5;
    } else if (f->quoted) {
        /* One fixed-size move; the bytes after the name are overwritten
         * by what follows. */
        memcpy(r->text + r->len, f->quoted[v].text, BR_QUOTED_MAX);
        r->len += f->quoted[v].len;
    } else {
        run_name(r, w, f->names[v]);
    }
}
_Static_assert((int)VALUE_IN_RUN_MAX >= (int)BR_QUOTED_MAX, "a quoted name fits a value's room");

/* A value stored in one byte (most are). */
static inline bool is_byte(const br_field *f)
{
    return f->kind == BR_FIELD_BOOL || f->width == 1;
}

/* The value of an INT, BOOL or NAME member. Room for VALUE_IN_RUN_MAX is
 * the caller's. */
static void run_scalar(text_run *r, br_jw *w, const br_field *f, const void *p)
{
    run_stored(r, w, f, is_byte(f) ? *(const uint8_t *)p : load_uint(p, f->width));
}

/* A SET member: the array of its members' names (or numbers). */
static void run_set(text_run *r, br_jw *w, const br_field *f, const br_fields_ctx *c,
                    const void *p)
{
    uint32_t bits = load_uint(p, f->width);
    if ((f->flags & BR_FIELD_NULLABLE) && bits == f->none) {
        run_reserve(r, w, 4);
        run_put(r, "null", 4);
        return;
    }
    long long n = field_max(f, c);
    run_reserve(r, w, 1);
    r->text[r->len++] = '[';
    bool first = true;
    for (long long b = 0; b < n; b++) {
        if (!(bits >> b & 1))
            continue;
        run_reserve(r, w, VALUE_IN_RUN_MAX);
        if (!first)
            r->text[r->len++] = ',';
        first = false;
        if (f->names)
            run_name(r, w, f->names[b]);
        else
            run_int(r, b + f->bias);
    }
    run_char(r, w, ']');
}

/* Whether a NULLABLE scalar member holds its null (a codec's member never
 * does: its codec writes it). */
static bool is_none(const br_field *f, const void *p)
{
    return (f->flags & BR_FIELD_NULLABLE) && f->kind != BR_FIELD_CODEC &&
           f->kind != BR_FIELD_OBJECT &&
           load_uint(p, f->kind == BR_FIELD_BOOL ? 1 : f->width) == f->none;
}

/* What a viewer who may not see the member reads in its place. */
static void run_hidden(text_run *r, br_jw *w, const br_field *f, const br_fields_ctx *c,
                       const void *base, const void *p)
{
    run_reserve(r, w, VALUE_IN_RUN_MAX);
    if (f->hide == BR_HIDE_NULL || (f->hide == BR_HIDE_SECRET && is_none(f, p)))
        run_put(r, "null", 4);
    else if (f->hide == BR_HIDE_SUM)
        run_int(r, sum_of_entries(f, c, base));
    else if (f->hide == BR_HIDE_SECRET)
        run_put(r, "\"hidden\"", 8);
    else if (is_list(f))
        run_int(r, (long long)entries(f, c, base));
    else
        run_int(r, count_of(f, p));
}

static void run_members(const br_field_table *table, const br_fields_ctx *ctx,
                        const void *base, text_run *r, br_jw *w);

/* The most text a BAG with quoted names writes: `max` copies of each name,
 * a comma after each, the brackets, and room for the last fixed-size move. */
static size_t bag_text_max(const br_field *f)
{
    size_t longest = 0;
    for (unsigned i = 0; i < f->width; i++)
        longest = f->quoted[i].len > longest ? f->quoted[i].len : longest;
    return 2 + (size_t)f->width * (size_t)f->max * (longest + 1) + BR_QUOTED_MAX;
}

/* A BAG with quoted names, its room (bag_text_max()) made by the caller:
 * each name copied in one fixed-size move with a comma after it (the bytes
 * after the name overwritten by the comma), the last comma taken back. The
 * text's end is kept in a local (a store into the text could change
 * r->len, for all the compiler knows). */
static void put_quoted_bag(text_run *r, const br_field *f, const uint8_t *counts)
{
    const br_quoted_name *quoted = f->quoted;
    const unsigned width = f->width;
    char *text = r->text;
    size_t n = r->len;
    text[n++] = '[';
    for (unsigned from = 0; from < width; from += 8) {
        unsigned to = width - from > 8 ? from + 8 : width;
        uint64_t eight = 1;
        if (to - from == 8)
            memcpy(&eight, counts + from, 8);
        if (eight == 0)
            continue; /* eight names, none held */
        for (unsigned i = from; i < to; i++) {
            size_t len = quoted[i].len;
            for (unsigned k = counts[i]; k > 0; k--) {
                memcpy(text + n, quoted[i].text, BR_QUOTED_MAX);
                text[n + len] = ',';
                n += len + 1;
            }
        }
    }
    if (text[n - 1] == ',')
        n--;
    text[n++] = ']';
    r->len = n;
}

/* Whether a BAG's names are quoted and its text fits half the run (the
 * rest: a program step's text before it). */
static bool bag_is_quoted(const br_field *f)
{
    return f->quoted && bag_text_max(f) <= RUN_SIZE / 2;
}

/* A BAG member: each name as often as its count. */
static void run_bag(text_run *r, br_jw *w, const br_field *f, const uint8_t *counts)
{
    bool first = true;
    if (bag_is_quoted(f)) {
        run_reserve(r, w, bag_text_max(f));
        put_quoted_bag(r, f, counts);
        return;
    }
    run_char(r, w, '[');
    for (unsigned i = 0; i < f->width; i++)
        for (unsigned k = counts[i]; k > 0; k--) {
            run_reserve(r, w, VALUE_IN_RUN_MAX);
            if (!first)
                r->text[r->len++] = ',';
            first = false;
            run_name(r, w, f->names[i]);
        }
    run_char(r, w, ']');
}

/* One value of the member (an array's entry, or the member itself), its
 * key or comma written. */
static void run_value(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                      const void *p)
{
    const uint8_t *flag;
    switch (f->kind) {
    case BR_FIELD_OBJECT:
        if ((flag = presence_flag(f, p)) && !*flag) {
            run_reserve(r, w, 4);
            run_put(r, "null", 4);
            return;
        }
        run_open(r, w, '{');
        run_members(f->table, c, p, r, w);
        run_close(r, w, '}');
        return;
    case BR_FIELD_CODEC:
        if (f->text) {
            run_reserve(r, w, f->text->max);
            r->len += f->text->write(c, p, r->text + r->len);
            return;
        }
        run_flush(r, w);
        w->after_key = true; /* its key or comma is written */
        f->codec->write_json(c, p, w);
        return;
    case BR_FIELD_SET:
        run_set(r, w, f, c, p);
        return;
    case BR_FIELD_FLAG:
        run_reserve(r, w, 5);
        if (*(const uint8_t *)p >> f->bias & 1)
            run_put(r, "true", 4);
        else
            run_put(r, "false", 5);
        return;
    case BR_FIELD_BAG:
        run_bag(r, w, f, p);
        return;
    default:
        run_reserve(r, w, VALUE_IN_RUN_MAX);
        run_scalar(r, w, f, p);
        return;
    }
}

/* What a viewer who may not see an entry reads in its place, through the
 * writer (between a codec's entries). */
static void write_hidden(const br_field *f, const br_fields_ctx *c, const void *base,
                         const void *p, br_jw *w)
{
    if (f->hide == BR_HIDE_NULL || (f->hide == BR_HIDE_SECRET && is_none(f, p)))
        br_jw_null(w);
    else if (f->hide == BR_HIDE_SECRET)
        br_jw_name(w, "hidden");
    else if (is_list(f))
        br_jw_int(w, (long long)entries(f, c, base));
    else
        br_jw_int(w, count_of(f, p));
}

static bool is_plain_scalar(const br_field *f)
{
    return f->kind == BR_FIELD_INT || f->kind == BR_FIELD_BOOL || f->kind == BR_FIELD_NAME;
}

/* An array of one-byte INT, BOOL or quoted NAME values that everybody sees
 * (a board row, a flag per seat): the member's kind is looked at once, and
 * the run's length and the table's values are kept in locals (a store
 * into the text could change them, for all the compiler knows, so that it
 * would load them again after every byte). */
static void run_byte_array(text_run *r, br_jw *w, const br_field *f, const uint8_t *p, size_t n)
{
    const uint8_t kind = f->kind;
    const uint32_t none = (f->flags & BR_FIELD_NULLABLE) ? f->none : UINT32_MAX;
    const br_quoted_name *quoted = f->quoted;
    const long long bias = f->bias;
    const size_t stride = f->stride;
    size_t len = r->len;
    for (size_t i = 0; i < n; i++, p += stride) {
        if (len + VALUE_IN_RUN_MAX + 1 > RUN_SIZE) {
            r->len = len;
            run_flush(r, w);
            len = 0;
        }
        char *out = r->text + len;
        out[0] = ',';
        out += i > 0;
        uint32_t v = *p;
        if (v == none) {
            memcpy(out, "null", 4);
            out += 4;
        } else if (kind == BR_FIELD_NAME) {
            memcpy(out, quoted[v].text, BR_QUOTED_MAX); /* a fixed-size move */
            out += quoted[v].len;
        } else if (kind == BR_FIELD_BOOL) {
            memcpy(out, v ? "true" : "false", 5);
            out += v ? 4 : 5;
        } else {
            out += br_decimal(out, (long long)v + bias);
        }
        len = (size_t)(out - r->text);
    }
    r->len = len;
}

/* An array member, entry by entry; over the seats, each entry hidden from
 * the viewers who may not see it. A codec's entries go through the writer
 * one after the other (it puts their commas); scalars stay in the run. */
static void run_array(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                      const void *base)
{
    size_t n = entries(f, c, base);
    bool over_seats = f->count == BR_FIELD_SEATS;
    int outer = c->owner;
    run_open(r, w, '[');
    if (f->kind == BR_FIELD_CODEC && f->text) {
        for (size_t i = 0; i < n; i++) {
            if (over_seats)
                c->owner = (int)i;
            const void *p = entry_at(f, base, i);
            run_reserve(r, w, 1 + f->text->max);
            if (i > 0)
                r->text[r->len++] = ',';
            if (over_seats && !sees(f, c))
                run_hidden(r, w, f, c, base, p);
            else
                r->len += f->text->write(c, p, r->text + r->len);
        }
    } else if (f->kind == BR_FIELD_CODEC) {
        run_flush(r, w);
        w->after_key = false;
        for (size_t i = 0; i < n; i++) {
            if (over_seats)
                c->owner = (int)i;
            const void *p = entry_at(f, base, i);
            if (over_seats && !sees(f, c))
                write_hidden(f, c, base, p, w);
            else
                f->codec->write_json(c, p, w);
        }
    } else if (is_plain_scalar(f) && is_byte(f) && (f->kind != BR_FIELD_NAME || f->quoted) &&
               (!over_seats || f->see == BR_SEE_ALL)) {
        run_byte_array(r, w, f, entry_at(f, base, 0), n);
    } else if (is_plain_scalar(f)) {
        for (size_t i = 0; i < n; i++) {
            if (over_seats)
                c->owner = (int)i;
            const void *p = entry_at(f, base, i);
            run_reserve(r, w, VALUE_IN_RUN_MAX + 1);
            if (i > 0)
                r->text[r->len++] = ',';
            if (over_seats && !sees(f, c))
                run_hidden(r, w, f, c, base, p);
            else
                run_scalar(r, w, f, p);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            if (over_seats)
                c->owner = (int)i;
            const void *p = entry_at(f, base, i);
            run_entry(r, w);
            if (over_seats && !sees(f, c))
                run_hidden(r, w, f, c, base, p);
            else
                run_value(r, w, f, c, p);
        }
    }
    c->owner = outer;
    run_close(r, w, ']');
}

/* The value of a member its viewer sees, its key written. */
static void run_visible(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                        const void *base, const void *p)
{
    if (is_array(f))
        run_array(r, w, f, c, base);
    else if (is_plain_scalar(f))
        run_scalar(r, w, f, p);
    else
        run_value(r, w, f, c, p);
}

/* The members of an object (its braces are the caller's), walking the
 * table: for a table without a program (see below). */
static void walk_members(const br_field_table *table, const br_fields_ctx *ctx,
                         const void *base, text_run *r, br_jw *w)
{
    br_fields_ctx c = *ctx;
    bool full = c.viewer == BR_VIEW_FULL;
    unsigned skip = BR_FIELD_BYTES_ONLY | (full ? BR_FIELD_VIEW_ONLY : 0);
    size_t first = 1; /* no member written yet: no comma before the key */
    const br_field *end = table->fields + table->count;
    for (const br_field *f = table->fields; f < end; f++) {
        if (f->flags & skip)
            continue;
        const void *p = (const char *)base + f->offset;
        /* An array over the seats is hidden entry by entry. */
        bool visible = full || f->see == BR_SEE_ALL || f->count == BR_FIELD_SEATS || sees(f, &c);
        if (!visible && f->hide == BR_HIDE_OMIT)
            continue;
        run_reserve(r, w, BR_KEY_TEXT_MAX + VALUE_IN_RUN_MAX);
        run_key(r, w, f, first);
        first = 0;
        if (!visible)
            run_hidden(r, w, f, &c, base, p);
        else
            run_visible(r, w, f, &c, base, p);
    }
    if (!first)
        w->has_items |= (uint64_t)1 << w->depth; /* as the writer keeps it */
}

/* ------------------------------------------------------------------ */
/* JSON out: a table compiled into a program */

/* Walking the table, each member costs its skip and visibility tests, the
 * run's bounds, its key and the dispatch on its kind: some 40 instructions
 * for a one-byte scalar. All of that but the value is the same on every
 * write, so a table is compiled once (for the snapshot, and for the
 * observations) into a program: steps of fixed text (the keys, with the
 * commas, brackets and braces between them run together, and the members
 * of nested objects inlined) each followed by one value, picked by an op
 * the compiler chose from the member's kind. A member whose visibility
 * depends on the viewer keeps the walker's code, as does any shape the
 * program has no op for; the output is the walker's byte for byte (the
 * golden files, and test_fields for the shapes the games do not have). */

enum {
    LIT_MAX = 32,           /* fixed text of a step, copied in one move */
    PROGRAM_STEPS_MAX = 96, /* steps of one program; a longer table walks */
    PROGRAM_SLOTS = 64,     /* programs cached (table, snapshot or views) */
    STEP_POOL = 1536,       /* steps of all cached programs */
};
_Static_assert((int)LIT_MAX >= (int)BR_KEY_TEXT_MAX, "a key fits a step's text");
_Static_assert((int)LIT_MAX + (int)BR_FIELD_TEXT_MAX <= (int)RUN_SIZE,
               "a step's text and value fit the run");

typedef enum step_op {
    OP_TEXT_ONLY, /* the fixed text alone */
    OP_END,       /* the fixed text, and the program is over */
    OP_INT8,      /* a one-byte INT, not NULLABLE: value + bias */
    OP_NAME8,     /* a one-byte NAME with quoted names (NULLABLE or not) */
    OP_BOOL8,     /* a BOOL, not NULLABLE */
    OP_CODEC_TEXT,  /* a CODEC's br_field_text */
    OP_TEXT_ARRAY,  /* an array of a CODEC's br_field_text ('[' in the text) */
    OP_BYTE_ARRAY,  /* an array of one-byte scalars all see ('[' in the text) */
    OP_BAG,       /* a BAG with quoted names */
    OP_BAG_COUNT, /* a BAG no viewer sees, hidden as its count */
    OP_OPTIONAL,  /* an OBJECT that may be null */
    OP_BAG_ARRAY, /* an array of BAGs with quoted names, hidden as their
                     counts ('[' in the text) */
    OP_CODEC,     /* a CODEC through the writer (write_json) */
    OP_SCALAR,    /* any other INT, BOOL or NAME */
    OP_ARRAY,     /* any other array: run_array() */
    OP_VISIBLE,   /* any other member every viewer sees: run_value() */
    OP_HIDDEN,    /* a member no viewer sees (BR_SEE_NONE): what stands
                     in for it */
    OP_MAYBE,     /* a member some viewers do not see, its key in the text */
    OP_MEMBER,    /* the same, left out when hidden: its key is the op's */
} step_op;

typedef struct json_step {
    char text[LIT_MAX]; /* fixed text before the value */
    uint8_t text_len;
    uint8_t op;         /* step_op */
    uint16_t room;      /* bytes the step may put into the run at most
                           (OP_TEXT_ARRAY, OP_BYTE_ARRAY: before the entries,
                           which reserve their own) */
    uint16_t entry_room; /* OP_BAG_ARRAY: the most an entry puts, with its
                            comma */
    uint32_t base;      /* offset of the struct the member lies in, from the
                           program's (members of inlined objects) */
    const br_field *f;
} json_step;

typedef struct json_program {
    const br_field_table *table;
    bool full;          /* the snapshot's program, or the observations' */
    bool usable;        /* false: the table is walked (no program fits) */
    uint16_t count;
    const json_step *steps;
} json_program;

/* ---- Compiling ---- */

typedef struct compiler {
    json_step steps[PROGRAM_STEPS_MAX];
    size_t count;
    char text[LIT_MAX]; /* fixed text not yet given to a step */
    size_t text_len;
    bool full;
} compiler;

/* A step: the text gathered so far, then the op's value of member f (in
 * the struct at `base`), which puts at most `room` bytes into the run. */
static bool emit(compiler *k, step_op op, const br_field *f, uint32_t base, size_t room)
{
    size_t entry = op == OP_BAG_ARRAY ? bag_text_max(f) : 0;
    if (k->count == PROGRAM_STEPS_MAX)
        return false;
    static const br_field no_member; /* a text-only step's (offset 0) */
    json_step *s = &k->steps[k->count++];
    memset(s, 0, sizeof *s);
    memcpy(s->text, k->text, k->text_len);
    s->text_len = (uint8_t)k->text_len;
    s->op = (uint8_t)op;
    room += k->text_len; /* the value's room, after the text */
    s->room = (uint16_t)(room > LIT_MAX ? room : LIT_MAX);
    s->base = base;
    s->entry_room = (uint16_t)(1 + (entry > BR_DECIMAL_MAX ? entry : BR_DECIMAL_MAX));
    s->f = f ? f : &no_member; /* the value's op reads f->offset first */
    k->text_len = 0;
    return true;
}

/* Appends fixed text, giving a full step's text a step of its own. */
static bool add_text(compiler *k, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (k->text_len == LIT_MAX && !emit(k, OP_TEXT_ONLY, NULL, 0, 0))
            return false;
        k->text[k->text_len++] = s[i];
    }
    return true;
}

static bool add_key(compiler *k, const br_field *f, bool first)
{
    if (f->json_key_len)
        return add_text(k, f->json_key + first, f->json_key_len - first);
    static const char open_key[] = ",\""; /* without its comma when first */
    return add_text(k, &open_key[first], 2 - first) && add_text(k, f->key, strlen(f->key)) &&
           add_text(k, "\":", 2);
}

/* Whether the byte-array loop writes the member as the walker would. */
static bool byte_array_fits(const br_field *f, bool full)
{
    return is_plain_scalar(f) && is_byte(f) && (f->kind != BR_FIELD_NAME || f->quoted) &&
           (full || f->count != BR_FIELD_SEATS || f->see == BR_SEE_ALL);
}

static bool compile_members(compiler *k, const br_field_table *table, uint32_t base,
                            bool *wrote);

/* A nested object every viewer sees, its members inlined; when it cannot be
 * (a member left out for some viewers before any other), the walker's
 * code writes it. */
static bool compile_object(compiler *k, const br_field *f, uint32_t base)
{
    if (f->flags & BR_FIELD_NULLABLE) /* null or not: decided each time */
        return emit(k, OP_OPTIONAL, f, base, VALUE_IN_RUN_MAX);
    size_t count = k->count, text_len = k->text_len;
    char text[LIT_MAX];
    memcpy(text, k->text, sizeof text);
    bool wrote;
    if (add_text(k, "{", 1) && compile_members(k, f->table, base + f->offset, &wrote) &&
        add_text(k, "}", 1))
        return true;
    k->count = count;
    k->text_len = text_len;
    memcpy(k->text, text, sizeof text);
    return emit(k, OP_VISIBLE, f, base, VALUE_IN_RUN_MAX);
}

/* The value of a member every viewer sees, its key in the text. */
static bool compile_value(compiler *k, const br_field *f, uint32_t base)
{
    bool nullable = (f->flags & BR_FIELD_NULLABLE) != 0;
    if (is_array(f) && f->kind == BR_FIELD_CODEC && f->text)
        return add_text(k, "[", 1) && emit(k, OP_TEXT_ARRAY, f, base, 0) && add_text(k, "]", 1);
    if (is_array(f) && byte_array_fits(f, k->full))
        return add_text(k, "[", 1) && emit(k, OP_BYTE_ARRAY, f, base, 0) && add_text(k, "]", 1);
    bool bag = f->kind == BR_FIELD_BAG && bag_is_quoted(f);
    if (is_array(f) && bag && f->hide == BR_HIDE_COUNT)
        return add_text(k, "[", 1) && emit(k, OP_BAG_ARRAY, f, base, 0) && add_text(k, "]", 1);
    if (is_array(f))
        return emit(k, OP_ARRAY, f, base, 0);
    if (bag)
        return emit(k, OP_BAG, f, base, bag_text_max(f));
    if (f->kind == BR_FIELD_INT && f->width == 1 && !nullable)
        return emit(k, OP_INT8, f, base, BR_DECIMAL_MAX);
    if (f->kind == BR_FIELD_NAME && f->width == 1 && f->quoted)
        return emit(k, OP_NAME8, f, base, BR_QUOTED_MAX);
    if (f->kind == BR_FIELD_BOOL && !nullable)
        return emit(k, OP_BOOL8, f, base, 5);
    if (f->kind == BR_FIELD_CODEC && f->text)
        return emit(k, OP_CODEC_TEXT, f, base, f->text->max);
    if (f->kind == BR_FIELD_CODEC)
        return emit(k, OP_CODEC, f, base, 0);
    if (f->kind == BR_FIELD_OBJECT)
        return compile_object(k, f, base);
    if (is_plain_scalar(f))
        return emit(k, OP_SCALAR, f, base, VALUE_IN_RUN_MAX);
    return emit(k, OP_VISIBLE, f, base, VALUE_IN_RUN_MAX);
}

/* The members of `table` at `base`; *wrote: whether any is always written
 * (false: no member yet, or only ones some viewers do not see, whose
 * commas the program cannot know: then it does not compile). */
static bool compile_members(compiler *k, const br_field_table *table, uint32_t base,
                            bool *wrote)
{
    unsigned skip = BR_FIELD_BYTES_ONLY | (k->full ? BR_FIELD_VIEW_ONLY : 0);
    *wrote = false;
    for (const br_field *f = table->fields; f < table->fields + table->count; f++) {
        if (f->flags & skip)
            continue;
        bool always = k->full || f->see == BR_SEE_ALL || f->count == BR_FIELD_SEATS;
        bool never = !always && f->see == BR_SEE_NONE; /* in every observation */
        if (never && f->hide == BR_HIDE_OMIT)
            continue;
        if (never) {
            bool count = f->kind == BR_FIELD_BAG && !is_array(f) && f->hide == BR_HIDE_COUNT;
            if (!add_key(k, f, !*wrote) ||
                !emit(k, count ? OP_BAG_COUNT : OP_HIDDEN, f, base, BR_DECIMAL_MAX))
                return false;
            *wrote = true;
            continue;
        }
        if (!always && f->hide == BR_HIDE_OMIT) {
            if (!*wrote || !emit(k, OP_MEMBER, f, base, BR_KEY_TEXT_MAX + VALUE_IN_RUN_MAX))
                return false;
            continue;
        }
        if (!add_key(k, f, !*wrote))
            return false;
        *wrote = true;
        if (!(always ? compile_value(k, f, base)
                     : emit(k, OP_MAYBE, f, base, VALUE_IN_RUN_MAX)))
            return false;
    }
    return true;
}

static bool compile(compiler *k, const br_field_table *table, bool full)
{
    bool wrote;
    k->count = k->text_len = 0;
    k->full = full;
    return compile_members(k, table, 0, &wrote) && wrote && emit(k, OP_END, NULL, 0, 0);
}

/* ---- The cache ---- */

/* Programs are built at first use and kept for the life of the process, in
 * static pools (no allocation): a slot is claimed by a compare-and-swap,
 * so that threads writing views at once agree on one program per table
 * (a thread that loses the race drops its copy's steps). A full cache,
 * or a pool run dry, leaves the table walked, never wrong. */
static json_step step_pool[STEP_POOL];
static atomic_size_t steps_used;
static json_program program_pool[PROGRAM_SLOTS];
static atomic_size_t programs_used;
static _Atomic(const json_program *) program_slots[PROGRAM_SLOTS];

static size_t slot_of(const br_field_table *table, bool full)
{
    return (((uintptr_t)table >> 4) * 2 + full) % PROGRAM_SLOTS;
}

static const json_program *build_program(const br_field_table *table, bool full)
{
    size_t id = atomic_fetch_add(&programs_used, 1);
    if (id >= PROGRAM_SLOTS)
        return NULL;
    json_program *p = &program_pool[id];
    compiler k;
    p->table = table;
    p->full = full;
    p->usable = compile(&k, table, full);
    if (p->usable) {
        size_t first = atomic_fetch_add(&steps_used, k.count);
        p->usable = first + k.count <= STEP_POOL;
        if (p->usable) {
            memcpy(&step_pool[first], k.steps, k.count * sizeof k.steps[0]);
            p->steps = &step_pool[first];
            p->count = (uint16_t)k.count;
        }
    }
    return p;
}

/* The program of `table` (NULL, or not usable: walk the table). */
static const json_program *program_for(const br_field_table *table, bool full)
{
    size_t start = slot_of(table, full);
    const json_program *built = NULL;
    for (size_t i = 0; i < PROGRAM_SLOTS; i++) {
        _Atomic(const json_program *) *slot = &program_slots[(start + i) % PROGRAM_SLOTS];
        const json_program *p = atomic_load_explicit(slot, memory_order_acquire);
        if (!p) {
            if (!built && !(built = build_program(table, full)))
                return NULL;
            if (atomic_compare_exchange_strong_explicit(slot, &p, built, memory_order_acq_rel,
                                                        memory_order_acquire))
                return built;
            /* Another thread filled the slot first: p is its program. */
        }
        if (p->table == table && p->full == full)
            return p;
    }
    return NULL;
}

/* ---- Running ---- */

/* An array of a codec's texts, entry by entry, as run_array() writes it.
 * run_array() keeps its own copy of the loop on purpose: calling this one
 * from it made gcc inline less, and cost Tür an Tür's observation 3 %
 * (4,080 -> 4,203 instructions). */
static void run_text_array(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                           const void *base)
{
    size_t n = entries(f, c, base);
    bool over_seats = f->count == BR_FIELD_SEATS;
    int outer = c->owner;
    for (size_t i = 0; i < n; i++) {
        if (over_seats)
            c->owner = (int)i;
        const void *p = entry_at(f, base, i);
        run_reserve(r, w, 1 + f->text->max);
        if (i > 0)
            r->text[r->len++] = ',';
        if (over_seats && !sees(f, c))
            run_hidden(r, w, f, c, base, p);
        else
            r->len += f->text->write(c, p, r->text + r->len);
    }
    c->owner = outer;
}

/* An array of BAGs with quoted names (OP_BAG_ARRAY), entry by entry, as
 * run_array() writes it. */
static void run_bag_array(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                          const void *base, size_t room)
{
    size_t n = entries(f, c, base);
    bool over_seats = f->count == BR_FIELD_SEATS;
    int outer = c->owner;
    for (size_t i = 0; i < n; i++) {
        if (over_seats)
            c->owner = (int)i;
        const uint8_t *p = entry_at(f, base, i);
        run_reserve(r, w, room);
        if (i > 0)
            r->text[r->len++] = ',';
        if (over_seats && !sees(f, c))
            r->len += br_decimal(r->text + r->len, count_of(f, p));
        else
            put_quoted_bag(r, f, p);
    }
    c->owner = outer;
}

/* A member some viewers do not see: its value, or what stands in for it. */
static void run_maybe(text_run *r, br_jw *w, const br_field *f, br_fields_ctx *c,
                      const void *base)
{
    const void *p = (const char *)base + f->offset;
    if (sees(f, c))
        run_visible(r, w, f, c, base, p);
    else
        run_hidden(r, w, f, c, base, p);
}

/* The value of a step (the step's text written). */
static void run_step_value(const json_step *s, text_run *r, br_jw *w, br_fields_ctx *c,
                           const char *base)
{
    const br_field *f = s->f;
    const char *in = base + s->base; /* the struct the member lies in */
    const uint8_t *p = (const uint8_t *)in + f->offset;
    switch (s->op) {
    case OP_INT8:
        r->len += br_decimal(r->text + r->len, (long long)*p + f->bias);
        return;
    case OP_NAME8:
        if ((f->flags & BR_FIELD_NULLABLE) && *p == f->none) {
            memcpy(r->text + r->len, "null", 4);
            r->len += 4;
            return;
        }
        memcpy(r->text + r->len, f->quoted[*p].text, BR_QUOTED_MAX); /* a fixed-size move */
        r->len += f->quoted[*p].len;
        return;
    case OP_BOOL8:
        memcpy(r->text + r->len, *p ? "true" : "false", 5);
        r->len += *p ? 4 : 5;
        return;
    case OP_CODEC_TEXT:
        r->len += f->text->write(c, p, r->text + r->len);
        return;
    case OP_TEXT_ARRAY:
        run_text_array(r, w, f, c, in);
        return;
    case OP_BYTE_ARRAY:
        run_byte_array(r, w, f, p, entries(f, c, in));
        return;
    case OP_BAG:
        put_quoted_bag(r, f, p);
        return;
    case OP_BAG_COUNT:
        r->len += br_decimal(r->text + r->len, count_of(f, p));
        return;
    case OP_OPTIONAL:
        if (*presence_flag(f, p)) {
            run_value(r, w, f, c, p);
        } else {
            memcpy(r->text + r->len, "null", 4);
            r->len += 4;
        }
        return;
    case OP_BAG_ARRAY:
        run_bag_array(r, w, f, c, in, s->entry_room);
        return;
    case OP_CODEC:
        run_flush(r, w);
        w->after_key = true; /* its key or comma is written */
        f->codec->write_json(c, p, w);
        return;
    case OP_SCALAR:
        run_scalar(r, w, f, p);
        return;
    case OP_ARRAY:
        run_array(r, w, f, c, in);
        return;
    case OP_VISIBLE:
        run_value(r, w, f, c, p);
        return;
    case OP_HIDDEN:
        run_hidden(r, w, f, c, in, p);
        return;
    case OP_MAYBE:
        run_maybe(r, w, f, c, in);
        return;
    case OP_MEMBER:
        if (sees(f, c)) {
            run_key(r, w, f, 0);
            run_visible(r, w, f, c, in, p);
        }
        return;
    default: /* OP_TEXT_ONLY, OP_END: no value */
        return;
    }
}

static void run_program(const json_program *prog, br_fields_ctx *c, const void *base,
                        text_run *r, br_jw *w)
{
    for (const json_step *s = prog->steps;; s++) {
        run_reserve(r, w, s->room);
        memcpy(r->text + r->len, s->text, LIT_MAX); /* one fixed-size move */
        r->len += s->text_len;
        if (s->op == OP_END)
            break;
        run_step_value(s, r, w, c, base);
    }
    w->has_items |= (uint64_t)1 << w->depth; /* a program writes a member */
}

/* The members of an object (its braces are the caller's): by the table's
 * program, or walking the table when it has none. */
static void run_members(const br_field_table *table, const br_fields_ctx *ctx,
                        const void *base, text_run *r, br_jw *w)
{
    const json_program *prog = program_for(table, ctx->viewer == BR_VIEW_FULL);
    if (!prog || !prog->usable) {
        walk_members(table, ctx, base, r, w);
        return;
    }
    br_fields_ctx c = *ctx;
    run_program(prog, &c, base, r, w);
}

void br_fields_write_json(const br_field_table *table, const br_fields_ctx *ctx,
                          const void *base, br_jw *w)
{
    text_run r;
    r.len = 0;
    br_jw_begin_object(w);
    run_members(table, ctx, base, &r, w);
    run_flush(&r, w);
    br_jw_end_object(w);
}

/* The viewer's seat (internal.h: BR_FIELD_VIEWER_SEAT): here with the
 * walker, which writes its text. */
static void viewer_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)member;
    br_jw_int(w, c->viewer);
}

const br_field_codec br_field_viewer_codec = {viewer_write, NULL, NULL, NULL};

/* The same straight into the walker's text (no call into the writer:
 * every observation has the member). */
static size_t viewer_text(const br_fields_ctx *c, const void *member, char *out)
{
    (void)member;
    return br_decimal(out, c->viewer);
}

const br_field_text br_field_viewer_text = {viewer_text, BR_DECIMAL_MAX};

/* ------------------------------------------------------------------ */
/* Paths in error messages */

static void put_path(br_text *t, const br_field_path *at)
{
    if (!at)
        return;
    put_path(t, at->parent);
    if (at->key) {
        if (at->parent)
            br_text_putc(t, '.');
        br_text_puts(t, at->key);
    } else {
        br_text_printf(t, "[%ld]", at->index);
    }
}

__attribute__((format(printf, 3, 0)))
static void vfail(br_text *err, const br_field_path *at, const char *fmt, va_list ap)
{
    put_path(err, at);
    br_text_puts(err, ": ");
    br_text_vprintf(err, fmt, ap);
}

bool br_field_fail(br_text *err, const br_field_path *at, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vfail(err, at, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool br_field_fail_bytes(br_bytes_reader *r, const br_field_path *at, const char *fmt, ...)
{
    if (!r->failed) {
        char text[PATH_TEXT_MAX + 200];
        br_text t = br_text_over(text, sizeof text);
        va_list ap;
        va_start(ap, fmt);
        vfail(&t, at, fmt, ap);
        va_end(ap);
        br_br_fail(r, "%s", text);
    }
    r->failed = true;
    r->left = 0;
    return false;
}

/* ------------------------------------------------------------------ */
/* JSON in */

static bool read_value(const br_field *f, const br_fields_ctx *c, void *p, const json_t *v,
                       const br_field_path *at, br_text *err);

static bool read_int(const br_field *f, const br_fields_ctx *c, const json_t *v,
                     uint32_t *out, const br_field_path *at, br_text *err)
{
    if (!json_is_integer(v))
        return br_field_fail(err, at, "not an integer");
    long long x = json_integer_value(v) - f->bias, max = field_max(f, c);
    if (x < f->min || x > max)
        return br_field_fail(err, at, "%lld is not in %lld..%lld", json_integer_value(v),
                             (long long)f->min + f->bias, max + f->bias);
    *out = (uint32_t)x;
    return true;
}

/* The index of the name `v` among the first n of `names`, or -1. */
static int name_index(const json_t *v, const char *const *names, int n)
{
    const char *text = json_string_value(v);
    for (int i = 0; i < n; i++)
        if (names[i][0] == text[0] && strcmp(names[i], text) == 0)
            return i;
    return -1;
}

static bool read_name(const json_t *v, const char *const *names, int n, int *out,
                      const br_field_path *at, br_text *err)
{
    if (!json_is_string(v))
        return br_field_fail(err, at, "not a string");
    *out = name_index(v, names, n);
    return *out >= 0 ||
           br_field_fail(err, at, "'%s' is not a valid value", json_string_value(v));
}

static bool read_set_entry(const br_field *f, int bits, const json_t *e, int *b,
                           const br_field_path *at, br_text *err)
{
    if (f->names)
        return read_name(e, f->names, bits, b, at, err);
    if (!json_is_integer(e))
        return br_field_fail(err, at, "not an integer");
    long long x = json_integer_value(e) - f->bias;
    if (x < 0 || x >= bits)
        return br_field_fail(err, at, "%lld is not in %d..%d", json_integer_value(e), f->bias,
                             bits - 1 + f->bias);
    *b = (int)x;
    return true;
}

static bool read_set(const br_field *f, const br_fields_ctx *c, const json_t *v,
                     uint32_t *out, const br_field_path *at, br_text *err)
{
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array");
    int bits = (int)field_max(f, c), last = -1;
    uint32_t mask = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        br_field_path entry = {at, NULL, (long)i};
        int b;
        if (!read_set_entry(f, bits, json_array_get(v, i), &b, &entry, err))
            return false;
        if ((f->flags & BR_FIELD_ANY_ORDER) && (mask >> b & 1))
            return br_field_fail(err, &entry, "listed twice");
        if (b <= last && !(f->flags & BR_FIELD_ANY_ORDER))
            return br_field_fail(err, &entry, "not in increasing order without repeats");
        last = b;
        mask |= (uint32_t)1 << b;
    }
    *out = mask;
    return true;
}

/* A BAG: names in any order, each adding one to its count. */
static bool read_bag(const br_field *f, uint8_t *counts, const json_t *v,
                     const br_field_path *at, br_text *err)
{
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array");
    memset(counts, 0, f->width);
    for (size_t k = 0; k < json_array_size(v); k++) {
        br_field_path entry = {at, NULL, (long)k};
        int i;
        if (!read_name(json_array_get(v, k), f->names, f->width, &i, &entry, err))
            return false;
        if (counts[i] >= f->max)
            return br_field_fail(err, &entry, "'%s' more than %d times", f->names[i],
                                 (int)f->max);
        counts[i]++;
    }
    return true;
}

static bool read_value(const br_field *f, const br_fields_ctx *c, void *p, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    if (f->kind == BR_FIELD_BAG)
        return read_bag(f, p, v, at, err);
    if (f->kind == BR_FIELD_OBJECT) {
        uint8_t *flag = presence_flag(f, p);
        if (flag)
            *flag = !json_is_null(v);
        return (flag && !*flag) || br_fields_read_json(f->table, c, p, v, at, err);
    }
    if (f->kind == BR_FIELD_CODEC)
        return !f->codec->read_json || f->codec->read_json(c, p, v, at, err);
    if (f->kind == BR_FIELD_FLAG) {
        if (!json_is_boolean(v))
            return br_field_fail(err, at, "not true or false");
        uint8_t bit = (uint8_t)(1u << f->bias);
        *(uint8_t *)p = (uint8_t)(json_is_true(v) ? *(uint8_t *)p | bit : *(uint8_t *)p & ~bit);
        return true;
    }
    uint32_t x = 0;
    if ((f->flags & BR_FIELD_NULLABLE) && json_is_null(v)) {
        x = f->none;
    } else if (f->kind == BR_FIELD_INT) {
        if (!read_int(f, c, v, &x, at, err))
            return false;
    } else if (f->kind == BR_FIELD_BOOL) {
        if (!json_is_boolean(v))
            return br_field_fail(err, at, "not true or false");
        x = json_is_true(v);
    } else if (f->kind == BR_FIELD_NAME) {
        int i;
        if (!read_name(v, f->names, (int)f->max + 1, &i, at, err))
            return false;
        x = (uint32_t)i;
    } else if (!read_set(f, c, v, &x, at, err)) {
        return false;
    }
    store_uint(p, f->kind == BR_FIELD_BOOL ? 1 : f->width, x);
    return true;
}

static bool read_array(const br_field *f, br_fields_ctx *c, void *base, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array");
    size_t n = json_array_size(v);
    size_t want = f->count == BR_FIELD_SEATS ? (size_t)c->num_seats : f->count;
    if (is_list(f) ? n > want : n != want)
        return br_field_fail(err, at, "%zu entries, %s %zu", n, is_list(f) ? "at most" : "not",
                             want);
    if (is_list(f))
        *((uint8_t *)base + f->length_at - 1) = (uint8_t)n;
    int outer = c->owner;
    for (size_t i = 0; i < n; i++) {
        br_field_path entry = {at, NULL, (long)i};
        if (f->count == BR_FIELD_SEATS)
            c->owner = (int)i;
        if (!read_value(f, c, (char *)base + f->offset + i * f->stride, json_array_get(v, i),
                        &entry, err))
            return false;
    }
    c->owner = outer;
    return true;
}

/* True when `key` is a snapshot member of the table. A key may have two
 * entries, one bytes-only and one JSON-only, where the two forms order the
 * members differently. */
static bool is_member(const br_field_table *table, const char *key)
{
    for (size_t i = 0; i < table->count; i++) {
        const br_field *f = &table->fields[i];
        if (f->key[0] == key[0] && strcmp(key, f->key) == 0 &&
            !(f->flags & (BR_FIELD_BYTES_ONLY | BR_FIELD_VIEW_ONLY)))
            return true;
    }
    return false;
}

/* The first key of `obj` that is not a snapshot member of the table. */
static const char *unknown_key(const br_field_table *table, const json_t *obj)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value) {
        if (!is_member(table, key))
            return key;
    }
    return NULL;
}

bool br_field_read_value(const br_field *f, const br_fields_ctx *c, void *member,
                         const json_t *v, const br_field_path *at, br_text *err)
{
    return read_value(f, c, member, v, at, err);
}

bool br_fields_read_json(const br_field_table *table, const br_fields_ctx *ctx, void *base,
                         const json_t *obj, const br_field_path *at, br_text *err)
{
    if (!json_is_object(obj))
        return br_field_fail(err, at, "not an object");
    const char *extra = unknown_key(table, obj);
    if (extra) {
        br_field_path member = {at, extra, 0};
        return br_field_fail(err, &member, "unknown field");
    }
    br_fields_ctx c = *ctx;
    c.viewer = BR_VIEW_FULL;
    for (size_t i = 0; i < table->count; i++) {
        const br_field *f = &table->fields[i];
        assert(well_formed(f));
        if (f->flags & (BR_FIELD_BYTES_ONLY | BR_FIELD_VIEW_ONLY))
            continue;
        br_field_path member = {at, f->key, 0};
        const json_t *v = json_object_get(obj, f->key);
        if (!v)
            return br_field_fail(err, &member, "missing");
        bool ok = is_array(f) ? read_array(f, &c, base, v, &member, err)
                              : read_value(f, &c, (char *)base + f->offset, v, &member, err);
        if (!ok)
            return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Binary out and in */

static unsigned bytes_width(const br_field *f)
{
    if (f->kind == BR_FIELD_BOOL)
        return 1;
    return f->bytes ? f->bytes : f->width;
}

/* Little-endian, as br_bw_u8/u16/u32 write, without the call: the walk
 * writes one value per member. */
static inline void put_uint(br_bytes_writer *w, unsigned width, uint32_t v)
{
    if (w->len + width <= w->size)
        for (unsigned i = 0; i < width; i++)
            w->buf[w->len + i] = (uint8_t)(v >> (8 * i));
    w->len += width;
}

/* A run of one-byte values stored one after the other: written and read in
 * one go (a hand, a pile, a board row). */
static bool is_byte_run(const br_field *f)
{
    bool scalar = f->kind == BR_FIELD_INT || f->kind == BR_FIELD_BOOL ||
                  f->kind == BR_FIELD_NAME || f->kind == BR_FIELD_SET;
    return scalar && f->stride == 1 && bytes_width(f) == 1 &&
           (f->kind == BR_FIELD_BOOL || f->width == 1);
}

/* An array of BAGs stored back to back: their counts are one run of bytes. */
static bool is_bag_run(const br_field *f)
{
    return f->kind == BR_FIELD_BAG && f->stride == f->width;
}

/* A scalar member's value: most are one byte stored and one written. */
static inline void write_scalar_bytes(const br_field *f, const void *p, br_bytes_writer *w)
{
    if (f->kind == BR_FIELD_BOOL || (f->width == 1 && f->bytes <= 1)) {
        if (w->len < w->size)
            w->buf[w->len] = *(const uint8_t *)p;
        w->len++;
        return;
    }
    put_uint(w, bytes_width(f), load_uint(p, f->width));
}

static void write_entry_bytes(const br_field *f, const br_fields_ctx *c, const void *p,
                              br_bytes_writer *w)
{
    if (f->kind == BR_FIELD_OBJECT) {
        if (f->present_at)
            put_uint(w, 1, *presence_flag(f, p));
        br_fields_write_bytes(f->table, c, p, w);
    } else if (f->kind == BR_FIELD_CODEC) {
        f->codec->write_bytes(c, p, w);
    } else if (f->kind == BR_FIELD_BAG) {
        br_bw_bytes(w, p, f->width);
    } else {
        write_scalar_bytes(f, p, w);
    }
}

/* INT, BOOL, NAME and SET: the kinds before OBJECT (one comparison). */
static inline bool is_scalar(const br_field *f)
{
    return f->kind < BR_FIELD_OBJECT;
}

/* An array member: its length first for a list, then its entries (a run of
 * bytes in one go). */
static void write_array_bytes(const br_field *f, br_fields_ctx *c, const void *base,
                              br_bytes_writer *w)
{
    size_t n = entries(f, c, base);
    if (is_list(f))
        put_uint(w, 1, (uint32_t)n);
    if (is_byte_run(f) || is_bag_run(f)) {
        br_bw_bytes(w, entry_at(f, base, 0), n * (is_bag_run(f) ? f->width : 1));
        return;
    }
    int outer = c->owner;
    bool over_seats = f->count == BR_FIELD_SEATS;
    for (size_t k = 0; k < n; k++) {
        if (over_seats)
            c->owner = (int)k;
        write_entry_bytes(f, c, entry_at(f, base, k), w);
    }
    c->owner = outer;
}

/* The table walked member by member (a table without a program). */
static void walk_write_bytes(const br_field_table *table, const br_fields_ctx *ctx,
                             const void *base, br_bytes_writer *w)
{
    br_fields_ctx c = *ctx;
    const br_field *end = table->fields + table->count;
    for (const br_field *f = table->fields; f < end; f++) {
        if (f->flags & (BR_FIELD_JSON_ONLY | BR_FIELD_VIEW_ONLY))
            continue;
        const void *p = (const char *)base + f->offset;
        if (is_array(f))
            write_array_bytes(f, &c, base, w);
        else if (is_scalar(f))
            write_scalar_bytes(f, p, w);
        else if (f->kind == BR_FIELD_CODEC)
            f->codec->write_bytes(&c, p, w);
        else
            write_entry_bytes(f, &c, p, w);
    }
}

/* A value of `width` bytes; a short read fails naming the path (written out
 * only then). */
static inline bool get_uint(br_bytes_reader *r, unsigned width, uint32_t *out,
                            const br_field_path *at)
{
    if (r->failed)
        return false;
    if (r->left < width)
        return br_field_fail_bytes(r, at, "the data ends %zu bytes early", width - r->left);
    uint32_t v = 0;
    for (unsigned i = 0; i < width; i++)
        v |= (uint32_t)r->p[i] << (8 * i);
    r->p += width;
    r->left -= width;
    *out = v;
    return true;
}

/* The checks of the JSON reader, on a value read from bytes. */
static bool check_stored(const br_field *f, const br_fields_ctx *c, uint32_t v,
                         br_bytes_reader *r, const br_field_path *at)
{
    if ((f->flags & BR_FIELD_NULLABLE) && v == f->none)
        return true;
    long long max = field_max(f, c);
    switch (f->kind) {
    case BR_FIELD_BOOL:
        return v <= 1 || br_field_fail_bytes(r, at, "%u is not 0 or 1", (unsigned)v);
    case BR_FIELD_SET:
        return max >= 32 || v >> max == 0 ||
               br_field_fail_bytes(r, at, "bits beyond the %lld of the set", max);
    case BR_FIELD_NAME:
        return v <= max || br_field_fail_bytes(r, at, "%u is not a name's number (0..%lld)",
                                               (unsigned)v, max);
    default:
        return ((long long)v >= f->min && v <= max) ||
               br_field_fail_bytes(r, at, "%lld is not in %lld..%lld", (long long)v + f->bias,
                                   (long long)f->min + f->bias, max + f->bias);
    }
}

/* The stored values a scalar member may hold as one range, for the quick
 * check of the common case: a BOOL, a NAME, an INT, a BAG's counts, a SET's
 * masks. A value outside it (or null) goes to check_stored(), which
 * decides and names what is wrong. */
static inline bool plain_range(const br_field *f, const br_fields_ctx *c, uint32_t *lo,
                               uint32_t *hi)
{
    long long max;
    if (f->kind == BR_FIELD_BOOL) {
        *lo = 0;
        *hi = 1;
        return true;
    }
    if (f->kind == BR_FIELD_NAME) {
        *lo = 0;
    } else if (f->kind == BR_FIELD_INT) {
        *lo = f->min > 0 ? (uint32_t)f->min : 0;
    } else if (f->kind == BR_FIELD_BAG) {
        *lo = 0;
    } else if (f->kind == BR_FIELD_SET) { /* the bits of the set */
        max = field_max(f, c);
        *lo = 0;
        *hi = max >= 32 ? UINT32_MAX : ((uint32_t)1 << max) - 1;
        return true;
    } else {
        return false;
    }
    max = field_max(f, c);
    if (max < 0)
        return false;
    *hi = (uint32_t)max;
    return true;
}

/* check_stored()'s verdict on v, the common case without a call. */
static inline bool stored_ok(const br_field *f, const br_fields_ctx *c, uint32_t v,
                             br_bytes_reader *r, const br_field_path *at)
{
    uint32_t lo, hi;
    if (plain_range(f, c, &lo, &hi) && v >= lo && v <= hi)
        return true;
    if ((f->flags & BR_FIELD_NULLABLE) && v == f->none)
        return true;
    return check_stored(f, c, v, r, at);
}

/* A scalar member: most are one byte. */
static inline bool read_scalar_bytes(const br_field *f, const br_fields_ctx *c, void *p,
                                     br_bytes_reader *r, const br_field_path *at)
{
    uint32_t v = 0;
    unsigned width = bytes_width(f);
    if (width == 1 && r->left > 0 && !r->failed) {
        v = r->p[0];
        r->p++;
        r->left--;
    } else if (!get_uint(r, width, &v, at)) {
        return false;
    }
    if (!stored_ok(f, c, v, r, at))
        return false;
    store_uint(p, f->kind == BR_FIELD_BOOL ? 1 : f->width, v);
    return true;
}

static bool read_byte_run(const br_field *f, const br_fields_ctx *c, uint8_t *out, size_t n,
                          br_bytes_reader *r, const br_field_path *at);

/* An OBJECT's presence flag, when it may be null: 0 or 1. */
static bool read_presence(const br_field *f, void *p, br_bytes_reader *r,
                          const br_field_path *at)
{
    uint8_t *flag = presence_flag(f, p);
    uint32_t v = 0;
    if (!flag)
        return true;
    if (!get_uint(r, 1, &v, at))
        return false;
    *flag = (uint8_t)v;
    return v <= 1 || br_field_fail_bytes(r, at, "%u is not 0 or 1", (unsigned)v);
}

static bool read_entry_bytes(const br_field *f, const br_fields_ctx *c, void *p,
                             br_bytes_reader *r, const br_field_path *at)
{
    if (is_scalar(f))
        return read_scalar_bytes(f, c, p, r, at);
    if (f->kind == BR_FIELD_OBJECT)
        return read_presence(f, p, r, at) && br_fields_read_bytes(f->table, c, p, r, at);
    if (f->kind == BR_FIELD_CODEC)
        return f->codec->read_bytes(c, p, r, at);
    return read_byte_run(f, c, p, f->width, r, at); /* a BAG */
}

/* n one-byte values in one go, each checked as read_entry_bytes() would
 * (the range found once; a byte outside it is looked at with its path). */
static bool read_byte_run(const br_field *f, const br_fields_ctx *c, uint8_t *out, size_t n,
                          br_bytes_reader *r, const br_field_path *at)
{
    if (r->failed)
        return false;
    if (r->left < n)
        return br_field_fail_bytes(r, at, "the data ends %zu bytes early", n - r->left);
    uint32_t lo = 1, hi = 0; /* empty: every byte checked */
    plain_range(f, c, &lo, &hi);
    uint32_t none = (f->flags & BR_FIELD_NULLABLE) ? f->none : UINT32_MAX; /* no byte */
    for (size_t k = 0; k < n; k++) {
        uint32_t v = r->p[k];
        if ((v >= lo && v <= hi) || v == none)
            continue;
        br_field_path entry = {at, NULL, (long)k};
        if (!check_stored(f, c, v, r, &entry))
            return false;
    }
    memcpy(out, r->p, n);
    r->p += n;
    r->left -= n;
    return true;
}

/* An array of n BAGs in one go when every count is in range; else nothing
 * is read (the entries are read one by one, for the path of a bad one). */
static bool read_bag_run(const br_field *f, uint8_t *out, size_t n, br_bytes_reader *r)
{
    size_t bytes = n * f->width;
    if (r->failed || r->left < bytes)
        return false;
    for (size_t k = 0; k < bytes; k++)
        if (r->p[k] > f->max)
            return false;
    memcpy(out, r->p, bytes);
    r->p += bytes;
    r->left -= bytes;
    return true;
}

static bool read_array_bytes(const br_field *f, br_fields_ctx *c, void *base,
                             br_bytes_reader *r, const br_field_path *at)
{
    size_t n = f->count == BR_FIELD_SEATS ? (size_t)c->num_seats : f->count;
    if (is_list(f)) {
        uint32_t len = 0;
        if (!get_uint(r, 1, &len, at))
            return false;
        if (len > n)
            return br_field_fail_bytes(r, at, "%u entries, at most %zu", (unsigned)len, n);
        *((uint8_t *)base + f->length_at - 1) = (uint8_t)len;
        n = len;
    }
    if (is_byte_run(f))
        return read_byte_run(f, c, (uint8_t *)base + f->offset, n, r, at);
    if (is_bag_run(f) && read_bag_run(f, (uint8_t *)base + f->offset, n, r))
        return true;
    int outer = c->owner;
    for (size_t k = 0; k < n; k++) {
        br_field_path entry = {at, NULL, (long)k};
        if (f->count == BR_FIELD_SEATS)
            c->owner = (int)k;
        if (!read_entry_bytes(f, c, (char *)base + f->offset + k * f->stride, r, &entry))
            return false;
    }
    c->owner = outer;
    return true;
}

static bool walk_read_bytes(const br_field_table *table, const br_fields_ctx *ctx, void *base,
                            br_bytes_reader *r, const br_field_path *at)
{
    br_fields_ctx c = *ctx;
    c.viewer = BR_VIEW_FULL;
    const br_field *end = table->fields + table->count;
    for (const br_field *f = table->fields; f < end; f++) {
        if (f->flags & (BR_FIELD_JSON_ONLY | BR_FIELD_VIEW_ONLY))
            continue;
        br_field_path member = {at, f->key, 0};
        void *p = (char *)base + f->offset;
        bool ok;
        if (is_array(f))
            ok = read_array_bytes(f, &c, base, r, &member);
        else if (is_scalar(f))
            ok = read_scalar_bytes(f, &c, p, r, &member);
        else if (f->kind == BR_FIELD_CODEC)
            ok = f->codec->read_bytes(&c, p, r, &member);
        else
            ok = read_entry_bytes(f, &c, p, r, &member);
        if (!ok)
            return false;
    }
    return !r->failed;
}

/* ------------------------------------------------------------------ */
/* Binary out and in: a table compiled into a program */

/* Walking the table, each member costs 15-25 instructions of dispatch
 * (flags, kind, array test, path) against about one per byte of a copy,
 * and a nested object some 60. As for JSON, a table is compiled once (per
 * number of seats, which sets the seat-dependent ranges and the entries
 * of arrays over the seats) into a program of steps:
 * - BOP_GATHER: single bytes that follow each other in the binary form
 *   but not in the struct (a place's state, then its value), each from its
 *   own offset: one loop instead of a step each.
 * - BOP_COPY: bytes that lie one after the other both in the struct and
 *   in the binary form: one-byte scalars, runs of them, BAG counts, across
 *   the members of nested objects (inlined) and the entries of arrays of
 *   objects (unrolled). Out: one move. In: every byte checked against its
 *   member's range (and `none`) in one loop, then one move.
 * - BOP_UINT: a wider scalar, put and got without the dispatch.
 * - BOP_LIST: a list of one-byte scalars: its length, then a copy.
 * - BOP_CODEC: a CODEC member (or entry), its callback called at once.
 * - BOP_UNIT: any other member (an optional object, a list of wider
 *   values, an array too long to unroll), by the walk's code for it.
 * A step that cannot be read fast (a byte out of range, the data short)
 * is read again by the walk's code member by member (its "units"), from
 * where the step began: the reason and path are the walk's, byte for byte
 * (test_fields). */

enum {
    BIN_STEPS_MAX = 256,  /* steps of one program; a larger table walks */
    BIN_UNITS_MAX = 512,  /* members and entries of one program */
    BIN_NODES_MAX = 127,  /* objects and entries inlined on units' paths */
    BIN_BYTES_MAX = 1024, /* bytes of one program's copy steps */
    BIN_DEPTH_MAX = 8,   /* nodes on a unit's path */
    BIN_SEATS_MAX = 64,  /* a larger number of seats walks */
    BIN_UNROLL_MAX = 8,  /* entries of an array of scalars unrolled */
    BIN_SLOTS = 128,     /* programs cached (table and number of seats) */
    BIN_STEP_POOL = 1536, /* steps, units, nodes and range bytes of all */
    BIN_UNIT_POOL = 3072, /* cached programs (a program that does not fit */
    BIN_NODE_POOL = 768,  /* is walked) */
    BIN_BYTE_POOL = 6144,
    OWNER_OUTER = -2, /* a unit's owner: the caller's */
};

typedef enum bin_op { BOP_COPY, BOP_GATHER, BOP_UINT, BOP_LIST, BOP_CODEC, BOP_UNIT } bin_op;

/* An object or entry on the path of units inlined into the program. */
typedef struct bin_node {
    const char *key; /* NULL: an entry */
    uint16_t index;
    int8_t parent; /* a node, or -1: the caller's path */
} bin_node;

/* A member (or one entry of an array) as the walk reads and writes it. */
typedef struct bin_unit {
    const br_field *f;
    uint16_t off;   /* the value's offset from the program's struct; an
                       array's: the struct it lies in */
    uint16_t index; /* an entry's */
    int8_t parent;  /* the node it lies in, or -1 */
    int8_t owner;   /* c->owner for it, or OWNER_OUTER */
    bool array;     /* the whole array member (read_array_bytes()) */
    bool entry;     /* an entry: its path ends in [index], not the key */
} bin_unit;

typedef struct bin_step {
    uint8_t op;      /* bin_op */
    uint8_t width;   /* BOP_UINT: bytes in the binary form */
    uint8_t stored;  /* BOP_UINT: bytes of the member */
    bool nullable;   /* BOP_UINT: `none` is read too */
    bool wide;       /* BOP_COPY, BOP_GATHER, BOP_LIST: a span of 128 or
                        more (no eight bytes at once) */
    uint16_t n;      /* BOP_COPY, BOP_GATHER: bytes; BOP_LIST: the most
                        entries */
    uint16_t len_at; /* BOP_LIST: offset of its length byte */
    uint16_t unit;   /* the first of the step's units */
    uint16_t units;
    uint16_t ranges; /* BOP_COPY, BOP_GATHER, BOP_LIST: its first byte's
                        range (and BOP_GATHER's offset) */
    uint32_t off;    /* BOP_COPY, BOP_UINT, BOP_LIST: of the bytes in the
                        struct (BOP_GATHER: of its first byte) */
    uint32_t lo, hi, none; /* BOP_UINT */
} bin_step;

typedef struct bin_program {
    const br_field_table *table;
    int seats;
    bool usable; /* false: the table is walked */
    uint16_t count;
    const bin_step *steps;
    const bin_unit *units;
    const bin_node *nodes;
    const uint8_t *lo, *span, *none; /* per byte of the copy steps: a byte
                                        v is read when (uint8_t)(v - lo) <=
                                        span or v == none (lo when the
                                        member is not NULLABLE) */
    const uint16_t *at;              /* per byte: its offset (BOP_GATHER) */
} bin_program;

/* ---- Compiling ---- */

typedef struct bin_compiler {
    bin_step steps[BIN_STEPS_MAX];
    bin_unit units[BIN_UNITS_MAX];
    bin_node nodes[BIN_NODES_MAX];
    uint8_t lo[BIN_BYTES_MAX], span[BIN_BYTES_MAX], none[BIN_BYTES_MAX];
    uint16_t at[BIN_BYTES_MAX];
    size_t count, units_n, nodes_n, bytes;
    br_fields_ctx c; /* num_seats, for field_max() */
} bin_compiler;

/* A one-byte value written as one byte. */
static bool is_one_byte(const br_field *f)
{
    return is_scalar(f) && bytes_width(f) == 1 && (f->kind == BR_FIELD_BOOL || f->width == 1);
}

/* The bytes of member f a byte can hold, as plain_range() and check_stored()
 * read them; false when there are none. */
static bool byte_range(const br_field *f, const br_fields_ctx *c, uint8_t *lo, uint8_t *span,
                       uint8_t *none)
{
    uint32_t l, h;
    if (!plain_range(f, c, &l, &h) || l > h || l > UINT8_MAX)
        return false;
    if (h > UINT8_MAX)
        h = UINT8_MAX;
    *lo = (uint8_t)l;
    *span = (uint8_t)(h - l);
    *none = (f->flags & BR_FIELD_NULLABLE) && f->none <= UINT8_MAX ? (uint8_t)f->none : *lo;
    return true;
}

static bool add_node(bin_compiler *k, int parent, const char *key, size_t index, int *out)
{
    if (k->nodes_n == BIN_NODES_MAX)
        return false;
    k->nodes[k->nodes_n] = (bin_node){key, (uint16_t)index, (int8_t)parent};
    *out = (int)k->nodes_n++;
    return true;
}

static bool add_unit(bin_compiler *k, const br_field *f, size_t off, int parent, int owner,
                     bool array, long entry)
{
    if (k->units_n == BIN_UNITS_MAX || off > UINT16_MAX)
        return false;
    k->units[k->units_n++] = (bin_unit){
        f, (uint16_t)off, (uint16_t)(entry < 0 ? 0 : entry), (int8_t)parent, (int8_t)owner,
        array, entry >= 0};
    return true;
}

/* A step of the unit just added. */
static bin_step *add_step(bin_compiler *k, bin_op op)
{
    if (k->count == BIN_STEPS_MAX)
        return NULL;
    bin_step *s = &k->steps[k->count++];
    memset(s, 0, sizeof *s);
    s->op = (uint8_t)op;
    s->unit = (uint16_t)(k->units_n - 1);
    s->units = 1;
    return s;
}

/* The ranges of n more bytes of step s at `at` in the struct (room
 * checked; the offsets serve BOP_GATHER, which has them below 64 KiB). */
static void add_ranges(bin_compiler *k, bin_step *s, size_t at, size_t n, uint8_t lo,
                       uint8_t span, uint8_t none)
{
    for (size_t i = 0; i < n; i++)
        k->at[k->bytes + i] = (uint16_t)(at + i);
    memset(k->lo + k->bytes, lo, n);
    memset(k->span + k->bytes, span, n);
    memset(k->none + k->bytes, none, n);
    k->bytes += n;
    s->wide |= span >= 0x80;
}

/* Whether a single byte at `at` may join step s as a gathered byte: s is
 * single bytes too, and every offset fits the gather's table. */
static bool joins_gather(const bin_step *s, size_t at, size_t n)
{
    bool single = s->op == BOP_GATHER || (s->op == BOP_COPY && s->n == 1);
    return n == 1 && single && at <= UINT16_MAX && s->off <= UINT16_MAX && s->n < UINT16_MAX;
}

/* n bytes at `at` of the unit just added, each in one range: appended to
 * the copy step before when they follow its bytes in the struct, gathered
 * with it when both are single bytes, else a step of their own. */
static bool add_copy(bin_compiler *k, size_t at, size_t n, uint8_t lo, uint8_t span,
                     uint8_t none)
{
    bin_step *s = k->count ? &k->steps[k->count - 1] : NULL;
    if (k->bytes + n > BIN_BYTES_MAX)
        return false;
    if (s && s->op == BOP_COPY && s->off + s->n == at && s->n + n <= UINT16_MAX) {
        s->units++;
    } else if (s && joins_gather(s, at, n)) {
        s->op = BOP_GATHER;
        s->units++;
    } else {
        if (!(s = add_step(k, BOP_COPY)))
            return false;
        s->off = (uint32_t)at;
        s->ranges = (uint16_t)k->bytes;
    }
    add_ranges(k, s, at, n, lo, span, none);
    s->n = (uint16_t)(s->n + n);
    return true;
}

/* A value (a member, or an array's entry when entry >= 0) at `at`. */
static bool bin_value(bin_compiler *k, const br_field *f, size_t at, int parent, int owner,
                      long entry)
{
    uint8_t lo, span, none;
    uint32_t lo32, hi32;
    if (!add_unit(k, f, at, parent, owner, false, entry))
        return false;
    if (is_one_byte(f) && byte_range(f, &k->c, &lo, &span, &none))
        return add_copy(k, at, 1, lo, span, none);
    if (f->kind == BR_FIELD_BAG && f->width > 0 && byte_range(f, &k->c, &lo, &span, &none))
        return add_copy(k, at, f->width, lo, span, none);
    if (f->kind == BR_FIELD_CODEC)
        return add_step(k, BOP_CODEC) != NULL;
    if (!is_scalar(f) || !plain_range(f, &k->c, &lo32, &hi32))
        return add_step(k, BOP_UNIT) != NULL;
    bin_step *s = add_step(k, BOP_UINT);
    if (!s)
        return false;
    s->off = (uint32_t)at;
    s->width = (uint8_t)bytes_width(f);
    s->stored = f->width;
    s->lo = lo32;
    s->hi = hi32;
    s->nullable = (f->flags & BR_FIELD_NULLABLE) != 0;
    s->none = f->none;
    return true;
}

static bool bin_members(bin_compiler *k, const br_field_table *table, size_t base, int parent,
                        int owner, int depth);

/* What a compiler has built so far, to go back to. */
typedef struct bin_mark {
    size_t count, units_n, nodes_n, bytes;
    bin_step last;
} bin_mark;

static bin_mark bin_mark_of(const bin_compiler *k)
{
    bin_mark m = {k->count, k->units_n, k->nodes_n, k->bytes, {0}};
    if (k->count)
        m.last = k->steps[k->count - 1];
    return m;
}

static void bin_back_to(bin_compiler *k, const bin_mark *m)
{
    k->count = m->count;
    k->units_n = m->units_n;
    k->nodes_n = m->nodes_n;
    k->bytes = m->bytes;
    if (k->count)
        k->steps[k->count - 1] = m->last;
}

/* An array member of the struct at `base`: a run of bytes, its entries
 * unrolled (objects, and a few scalars), or the walk's code. */
static bool bin_array(bin_compiler *k, const br_field *f, size_t base, int parent, int owner,
                      int depth)
{
    bool over_seats = f->count == BR_FIELD_SEATS;
    size_t n = over_seats ? (size_t)k->c.num_seats : f->count, at = base + f->offset;
    uint8_t lo, span, none;
    if (!is_list(f) && (is_byte_run(f) || is_bag_run(f))) {
        size_t bytes = n * (is_bag_run(f) ? f->width : 1);
        if (bytes == 0) /* nothing to read or write */
            return true;
        if (byte_range(f, &k->c, &lo, &span, &none))
            return add_unit(k, f, base, parent, owner, true, -1) &&
                   add_copy(k, at, bytes, lo, span, none);
    }
    if (is_list(f) && is_byte_run(f) && byte_range(f, &k->c, &lo, &span, &none)) {
        size_t len_at = base + f->length_at - 1;
        bin_step *s;
        if (len_at > UINT16_MAX || k->bytes + n > BIN_BYTES_MAX ||
            !add_unit(k, f, base, parent, owner, true, -1) || !(s = add_step(k, BOP_LIST)))
            return false;
        s->off = (uint32_t)at;
        s->n = (uint16_t)n;
        s->len_at = (uint16_t)len_at;
        s->ranges = (uint16_t)k->bytes;
        add_ranges(k, s, at, n, lo, span, none);
        return true;
    }
    bool object = f->kind == BR_FIELD_OBJECT && !f->present_at;
    bool few = is_scalar(f) && !is_byte_run(f) && n <= BIN_UNROLL_MAX;
    if (!is_list(f) && (object || few) && depth + 2 <= BIN_DEPTH_MAX) {
        bin_mark mark = bin_mark_of(k);
        int node;
        bool ok = add_node(k, parent, f->key, 0, &node);
        for (size_t i = 0; ok && i < n; i++) {
            int entry, who = over_seats ? (int)i : owner;
            size_t p = at + i * f->stride;
            ok = object ? add_node(k, node, NULL, i, &entry) &&
                              bin_members(k, f->table, p, entry, who, depth + 2)
                        : bin_value(k, f, p, node, who, (long)i);
        }
        if (ok)
            return true;
        bin_back_to(k, &mark); /* too large to unroll: walked */
    }
    return add_unit(k, f, base, parent, owner, true, -1) && add_step(k, BOP_UNIT);
}

/* The members of `table` in the struct at `base` (from the program's). */
static bool bin_members(bin_compiler *k, const br_field_table *table, size_t base, int parent,
                        int owner, int depth)
{
    for (const br_field *f = table->fields; f < table->fields + table->count; f++) {
        if (f->flags & (BR_FIELD_JSON_ONLY | BR_FIELD_VIEW_ONLY))
            continue;
        size_t at = base + f->offset;
        bool ok;
        if (is_array(f)) {
            ok = bin_array(k, f, base, parent, owner, depth);
        } else if (f->kind == BR_FIELD_OBJECT && !f->present_at && depth < BIN_DEPTH_MAX) {
            int node;
            ok = add_node(k, parent, f->key, 0, &node) &&
                 bin_members(k, f->table, at, node, owner, depth + 1);
        } else {
            ok = bin_value(k, f, at, parent, owner, -1);
        }
        if (!ok)
            return false;
    }
    return true;
}

/* ---- The cache (as the JSON programs'; by table and number of seats) ---- */

static bin_step bin_step_pool[BIN_STEP_POOL];
static bin_unit bin_unit_pool[BIN_UNIT_POOL];
static bin_node bin_node_pool[BIN_NODE_POOL];
static uint8_t bin_byte_pool[3][BIN_BYTE_POOL];
static uint16_t bin_at_pool[BIN_BYTE_POOL];
static atomic_size_t bin_steps_used, bin_units_used, bin_nodes_used, bin_bytes_used;
static bin_program bin_program_pool[BIN_SLOTS];
static atomic_size_t bin_programs_used;
static _Atomic(const bin_program *) bin_slots[BIN_SLOTS];

/* Room for n in a pool of `size` that has `used`; its first, or SIZE_MAX. */
static size_t bin_take(atomic_size_t *used, size_t n, size_t size)
{
    size_t first = atomic_fetch_add(used, n);
    return first + n <= size ? first : SIZE_MAX;
}

/* The compiler's room (some 30 KB: not on the stack), one thread at a
 * time: a thread that finds it taken walks the table this once. */
static bin_compiler bin_compiler_room;
static atomic_flag bin_compiling = ATOMIC_FLAG_INIT;

static bool bin_compile(bin_program *p, const br_field_table *table, int seats)
{
    bin_compiler *k = &bin_compiler_room;
    memset(&k->c, 0, sizeof k->c);
    k->count = k->units_n = k->nodes_n = k->bytes = 0;
    k->c.num_seats = seats;
    if (!bin_members(k, table, 0, -1, OWNER_OUTER, 0))
        return false;
    size_t steps = bin_take(&bin_steps_used, k->count, BIN_STEP_POOL);
    size_t units = bin_take(&bin_units_used, k->units_n, BIN_UNIT_POOL);
    size_t nodes = bin_take(&bin_nodes_used, k->nodes_n, BIN_NODE_POOL);
    size_t bytes = bin_take(&bin_bytes_used, k->bytes, BIN_BYTE_POOL);
    if (steps == SIZE_MAX || units == SIZE_MAX || nodes == SIZE_MAX || bytes == SIZE_MAX)
        return false;
    memcpy(&bin_step_pool[steps], k->steps, k->count * sizeof k->steps[0]);
    memcpy(&bin_unit_pool[units], k->units, k->units_n * sizeof k->units[0]);
    memcpy(&bin_node_pool[nodes], k->nodes, k->nodes_n * sizeof k->nodes[0]);
    memcpy(&bin_byte_pool[0][bytes], k->lo, k->bytes);
    memcpy(&bin_byte_pool[1][bytes], k->span, k->bytes);
    memcpy(&bin_byte_pool[2][bytes], k->none, k->bytes);
    memcpy(&bin_at_pool[bytes], k->at, k->bytes * sizeof k->at[0]);
    p->steps = &bin_step_pool[steps];
    p->units = &bin_unit_pool[units];
    p->nodes = &bin_node_pool[nodes];
    p->lo = &bin_byte_pool[0][bytes];
    p->span = &bin_byte_pool[1][bytes];
    p->none = &bin_byte_pool[2][bytes];
    p->at = &bin_at_pool[bytes];
    p->count = (uint16_t)k->count;
    return true;
}

static const bin_program *bin_build(const br_field_table *table, int seats)
{
    if (atomic_flag_test_and_set_explicit(&bin_compiling, memory_order_acquire))
        return NULL;
    const bin_program *built = NULL;
    size_t id = atomic_fetch_add(&bin_programs_used, 1);
    if (id < BIN_SLOTS) {
        bin_program *p = &bin_program_pool[id];
        p->table = table;
        p->seats = seats;
        p->usable = bin_compile(p, table, seats);
        built = p;
    }
    atomic_flag_clear_explicit(&bin_compiling, memory_order_release);
    return built;
}

/* The program of `table` for c->num_seats (NULL, or not usable: walk). */
static const bin_program *bin_program_for(const br_field_table *table, const br_fields_ctx *c)
{
    int seats = c->num_seats;
    if (seats < 0 || seats > BIN_SEATS_MAX)
        return NULL;
    size_t start = (((uintptr_t)table >> 4) * 8 + (size_t)seats) % BIN_SLOTS;
    const bin_program *built = NULL;
    for (size_t i = 0; i < BIN_SLOTS; i++) {
        _Atomic(const bin_program *) *slot = &bin_slots[(start + i) % BIN_SLOTS];
        const bin_program *p = atomic_load_explicit(slot, memory_order_acquire);
        if (!p) {
            if (!built && !(built = bin_build(table, seats)))
                return NULL;
            if (atomic_compare_exchange_strong_explicit(slot, &p, built, memory_order_acq_rel,
                                                        memory_order_acquire))
                return built;
        }
        if (p->table == table && p->seats == seats)
            return p;
    }
    return NULL;
}

/* ---- Running ---- */

/* The path of unit u below `at`, written out into buf (only when the
 * walk's code runs it). */
static const br_field_path *unit_path(const bin_program *p, const bin_unit *u,
                                      const br_field_path *at,
                                      br_field_path buf[BIN_DEPTH_MAX + 1])
{
    int chain[BIN_DEPTH_MAX];
    size_t d = 0, i = 0;
    if (u->parent < 0) { /* a member of the table: the walk's path */
        buf[0] = (br_field_path){at, u->entry ? NULL : u->f->key, u->index};
        return &buf[0];
    }
    for (int n = u->parent; n >= 0 && d < BIN_DEPTH_MAX; n = p->nodes[n].parent)
        chain[d++] = n;
    while (d > 0) {
        const bin_node *node = &p->nodes[chain[--d]];
        buf[i] = (br_field_path){at, node->key, node->index};
        at = &buf[i++];
    }
    buf[i] = (br_field_path){at, u->entry ? NULL : u->f->key, u->index};
    return &buf[i];
}

/* n bytes from `from` to `to`: the few of most runs in two fixed-size
 * moves that overlap (less than the call, or a loop). */
static inline void copy_bytes(uint8_t *to, const uint8_t *from, size_t n)
{
    uint64_t a, b;
    uint32_t c, d;
    if (n > 16) {
        memcpy(to, from, n);
    } else if (n >= 8) {
        memcpy(&a, from, 8);
        memcpy(&b, from + n - 8, 8);
        memcpy(to, &a, 8);
        memcpy(to + n - 8, &b, 8);
    } else if (n >= 4) {
        memcpy(&c, from, 4);
        memcpy(&d, from + n - 4, 4);
        memcpy(to, &c, 4);
        memcpy(to + n - 4, &d, 4);
    } else {
        for (size_t i = 0; i < n; i++)
            to[i] = from[i];
    }
}

static void write_units(const bin_program *p, const bin_step *s, br_fields_ctx *c, int outer,
                        const char *base, br_bytes_writer *w)
{
    for (const bin_unit *u = &p->units[s->unit]; u < &p->units[s->unit + s->units]; u++) {
        c->owner = u->owner == OWNER_OUTER ? outer : u->owner;
        if (u->array)
            write_array_bytes(u->f, c, base + u->off, w);
        else
            write_entry_bytes(u->f, c, base + u->off, w);
    }
}

void br_fields_write_bytes(const br_field_table *table, const br_fields_ctx *ctx,
                           const void *base, br_bytes_writer *w)
{
    const bin_program *p = bin_program_for(table, ctx);
    if (!p || !p->usable) {
        walk_write_bytes(table, ctx, base, w);
        return;
    }
    br_fields_ctx c = *ctx;
    const char *in = base;
    for (const bin_step *s = p->steps, *end = s + p->count; s < end; s++) {
        const bin_unit *u;
        switch (s->op) {
        case BOP_COPY:
            if (w->len + s->n <= w->size)
                copy_bytes(w->buf + w->len, (const uint8_t *)in + s->off, s->n);
            w->len += s->n;
            break;
        case BOP_GATHER: {
            const uint16_t *at = p->at + s->ranges;
            if (w->len + s->n <= w->size)
                for (size_t i = 0; i < s->n; i++)
                    w->buf[w->len + i] = (uint8_t)in[at[i]];
            w->len += s->n;
            break;
        }
        case BOP_LIST: {
            uint8_t len = *((const uint8_t *)in + s->len_at);
            if (w->len + 1 + len <= w->size) {
                w->buf[w->len] = len;
                copy_bytes(w->buf + w->len + 1, (const uint8_t *)in + s->off, len);
            }
            w->len += 1 + (size_t)len;
            break;
        }
        case BOP_UINT:
            if (s->width == 2 && s->stored == 2 && w->len + 2 <= w->size) { /* most are */
                uint16_t v;
                memcpy(&v, in + s->off, 2);
                w->buf[w->len] = (uint8_t)v;
                w->buf[w->len + 1] = (uint8_t)(v >> 8);
                w->len += 2;
            } else {
                put_uint(w, s->width, load_uint(in + s->off, s->stored));
            }
            break;
        case BOP_CODEC:
            u = &p->units[s->unit];
            c.owner = u->owner == OWNER_OUTER ? ctx->owner : u->owner;
            u->f->codec->write_bytes(&c, in + u->off, w);
            break;
        default:
            write_units(p, s, &c, ctx->owner, in, w);
            break;
        }
    }
}

static inline uint64_t get64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* The first and last four of 4 to 8 bytes (overlapping), as eight. */
static inline uint64_t get4_4(const uint8_t *p, size_t n)
{
    uint32_t a, b;
    memcpy(&a, p, 4);
    memcpy(&b, p + n - 4, 4);
    return a | (uint64_t)b << 32;
}

/* Whether each of eight bytes v is in its range, (v - lo) mod 256 <= span
 * with every span below 128: a subtraction and a comparison of eight
 * bytes at once, each byte in its lane (either byte order). */
static inline bool eight_in(uint64_t v, uint64_t lo, uint64_t span)
{
    const uint64_t high = UINT64_C(0x8080808080808080);
    uint64_t d = ((v | high) - (lo & ~high)) ^ ((v ^ ~lo) & high); /* v - lo */
    uint64_t t = (span | high) - (d & ~high); /* high bit: d's low 7 <= span */
    return (t & ~d & high) == high;
}

/* Whether the n bytes at `in` are each in their range (step s's): eight
 * at a time when they may be, else (or when one is not: it may be `none`)
 * one by one. */
static inline bool bytes_in(const bin_program *p, const bin_step *s, const uint8_t *in,
                            size_t n)
{
    const uint8_t *lo = p->lo + s->ranges, *span = p->span + s->ranges;
    if (n >= 8 && !s->wide) {
        bool all = true;
        for (size_t i = 0; i + 8 < n; i += 8)
            all &= eight_in(get64(in + i), get64(lo + i), get64(span + i));
        all &= eight_in(get64(in + n - 8), get64(lo + n - 8), get64(span + n - 8));
        if (all)
            return true;
    } else if (n >= 4 && !s->wide) {
        if (eight_in(get4_4(in, n), get4_4(lo, n), get4_4(span, n)))
            return true;
    }
    const uint8_t *none = p->none + s->ranges;
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++)
        bad |= ((uint8_t)(in[i] - lo[i]) > span[i]) & (in[i] != none[i]);
    return !bad;
}

/* A copy step's bytes, when all are there and each in its range. */
static inline bool copy_in(const bin_program *p, const bin_step *s, char *base,
                           br_bytes_reader *r)
{
    size_t n = s->n;
    if (r->left < n || !bytes_in(p, s, r->p, n))
        return false;
    copy_bytes((uint8_t *)base + s->off, r->p, n);
    r->p += n;
    r->left -= n;
    return true;
}

/* A gather step's bytes, when all are there and each in its range. */
static inline bool gather_in(const bin_program *p, const bin_step *s, char *base,
                             br_bytes_reader *r)
{
    size_t n = s->n;
    if (r->left < n || !bytes_in(p, s, r->p, n))
        return false;
    const uint16_t *at = p->at + s->ranges;
    for (size_t i = 0; i < n; i++)
        base[at[i]] = (char)r->p[i];
    r->p += n;
    r->left -= n;
    return true;
}

/* A list step's length and entries, when all are there and in range. */
static inline bool list_in(const bin_program *p, const bin_step *s, char *base,
                           br_bytes_reader *r)
{
    size_t len;
    if (r->left < 1 || (len = r->p[0]) > s->n || r->left - 1 < len ||
        !bytes_in(p, s, r->p + 1, len))
        return false;
    *((uint8_t *)base + s->len_at) = (uint8_t)len;
    copy_bytes((uint8_t *)base + s->off, r->p + 1, len);
    r->p += 1 + len;
    r->left -= 1 + len;
    return true;
}

/* A wider scalar, when it is there and in its range. */
static inline bool uint_in(const bin_step *s, char *base, br_bytes_reader *r)
{
    if (r->left < s->width)
        return false;
    uint32_t v = 0;
    if (s->width == 2) /* most are */
        v = r->p[0] | (uint32_t)r->p[1] << 8;
    else
        for (unsigned i = 0; i < s->width; i++)
            v |= (uint32_t)r->p[i] << (8 * i);
    if (!((v >= s->lo && v <= s->hi) || (s->nullable && v == s->none)))
        return false;
    store_uint(base + s->off, s->stored, v);
    r->p += s->width;
    r->left -= s->width;
    return true;
}

/* A step's members by the walk's code, with the walk's paths. */
static bool read_units(const bin_program *p, const bin_step *s, br_fields_ctx *c, int outer,
                       char *base, br_bytes_reader *r, const br_field_path *at)
{
    for (const bin_unit *u = &p->units[s->unit]; u < &p->units[s->unit + s->units]; u++) {
        br_field_path buf[BIN_DEPTH_MAX + 1];
        const br_field_path *path = unit_path(p, u, at, buf);
        c->owner = u->owner == OWNER_OUTER ? outer : u->owner;
        bool ok = u->array ? read_array_bytes(u->f, c, base + u->off, r, path)
                           : read_entry_bytes(u->f, c, base + u->off, r, path);
        if (!ok)
            return false;
    }
    return true;
}

bool br_fields_read_bytes(const br_field_table *table, const br_fields_ctx *ctx, void *base,
                          br_bytes_reader *r, const br_field_path *at)
{
    const bin_program *p = bin_program_for(table, ctx);
    if (!p || !p->usable)
        return walk_read_bytes(table, ctx, base, r, at);
    br_fields_ctx c = *ctx;
    c.viewer = BR_VIEW_FULL;
    for (const bin_step *s = p->steps, *end = s + p->count; s < end; s++) {
        if (s->op == BOP_COPY     ? copy_in(p, s, base, r)
            : s->op == BOP_GATHER ? gather_in(p, s, base, r)
            : s->op == BOP_UINT   ? uint_in(s, base, r)
                                  : s->op == BOP_LIST && list_in(p, s, base, r))
            continue;
        if (s->op == BOP_CODEC) { /* read_units() without the loop */
            const bin_unit *u = &p->units[s->unit];
            br_field_path buf[BIN_DEPTH_MAX + 1];
            c.owner = u->owner == OWNER_OUTER ? ctx->owner : u->owner;
            if (!u->f->codec->read_bytes(&c, (char *)base + u->off, r, unit_path(p, u, at, buf)))
                return false;
            continue;
        }
        if (!read_units(p, s, &c, ctx->owner, base, r, at))
            return false;
    }
    return !r->failed;
}
