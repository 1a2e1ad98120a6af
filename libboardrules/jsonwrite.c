/* Writing JSON text straight into a br_text, without building a tree: the
 * snapshot and observation writers of the games (issue 12). The output is
 * what jansson's json_dumps(JSON_COMPACT) writes for the same members in the
 * same order: no blanks, strings escaped the same way, UTF-8 kept as is
 * (a byte that is not part of well-formed UTF-8 becomes U+FFFD). */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

void br_jw_init(br_jw *w, br_text *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
}

/* Writes the comma that separates this item from the one before it, unless
 * the item is the value of a key just written. */
static void separate(br_jw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    uint64_t bit = (uint64_t)1 << w->depth;
    if (w->has_items & bit)
        br_text_putc(w->out, ',');
    w->has_items |= bit;
}

/* separate() into the start of `text` instead of the output, so that the
 * comma and the item that follows go out in one write: returns the bytes
 * put (0 or 1). The writers of scalars, which run once per value, use it. */
static inline size_t separator(br_jw *w, char *text)
{
    if (w->after_key) {
        w->after_key = false;
        return 0;
    }
    uint64_t bit = (uint64_t)1 << w->depth;
    bool comma = (w->has_items & bit) != 0;
    w->has_items |= bit;
    text[0] = ',';
    return comma;
}

static void open_container(br_jw *w, char c)
{
    separate(w);
    br_text_putc(w->out, c);
    /* Deeper than the bit set can follow is a bug of a writer, not of input:
     * the nesting of every game's JSON is fixed and shallow. */
    assert(w->depth < BR_JW_MAX_DEPTH - 1);
    w->depth++;
    w->has_items &= ~((uint64_t)1 << w->depth);
}

static void close_container(br_jw *w, char c)
{
    br_text_putc(w->out, c);
    assert(w->depth > 0); /* every close has its open: a writer's bug else */
    w->depth--;
}

void br_jw_begin_object(br_jw *w) { open_container(w, '{'); }
void br_jw_end_object(br_jw *w) { close_container(w, '}'); }
void br_jw_begin_array(br_jw *w) { open_container(w, '['); }
void br_jw_end_array(br_jw *w) { close_container(w, ']'); }

size_t br_utf8_length(const unsigned char *s, size_t left)
{
    unsigned char c = s[0];
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || n > left)
        return 0;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c == 0xE0)
        lo = 0xA0;
    else if (c == 0xED)
        hi = 0x9F;
    else if (c == 0xF0)
        lo = 0x90;
    else if (c == 0xF4)
        hi = 0x8F;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

/* Text that comes from outside (a record's lines in a reason) may hold
 * bytes that are not UTF-8: each such byte is written as U+FFFD, so that
 * the output is always valid JSON. */
static void put_escaped(br_text *out, const char *s, size_t n)
{
    br_text_putc(out, '"');
    size_t run = 0; /* characters copied as they are, written in one go */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            run++;
            continue;
        }
        if (c >= 0x80) {
            size_t k = br_utf8_length((const unsigned char *)s + i, n - i);
            if (k > 0) {
                run += k;
                i += k - 1;
                continue;
            }
            if (run)
                br_text_write(out, s + i - run, run);
            run = 0;
            br_text_puts(out, "\\uFFFD");
            continue;
        }
        if (run)
            br_text_write(out, s + i - run, run);
        run = 0;
        switch (c) {
        case '"': br_text_puts(out, "\\\""); break;
        case '\\': br_text_puts(out, "\\\\"); break;
        case '\b': br_text_puts(out, "\\b"); break;
        case '\f': br_text_puts(out, "\\f"); break;
        case '\n': br_text_puts(out, "\\n"); break;
        case '\r': br_text_puts(out, "\\r"); break;
        case '\t': br_text_puts(out, "\\t"); break;
        default: br_text_printf(out, "\\u%04X", c); break;
        }
    }
    if (run)
        br_text_write(out, s + n - run, run);
    br_text_putc(out, '"');
}

/* Keys up to this long go out with their comma and value in one write. */
enum { KEY_FAST_MAX = 64, KEY_ROOM = 1 + 1 + KEY_FAST_MAX + 2 + BR_DECIMAL_MAX };

/* `,"key":` into text (the comma only after an item): returns where it
 * starts and sets *end after the colon; NULL for a key longer than
 * KEY_FAST_MAX, which the caller writes the long way. Keys are the writers'
 * own constants, never in need of escaping. */
static char *key_text(br_jw *w, const char *key, char text[KEY_ROOM], size_t *end)
{
    size_t n = strlen(key);
    if (n > KEY_FAST_MAX)
        return NULL;
    size_t comma = separator(w, text); /* text[0] */
    text[1] = '"';
    memcpy(text + 2, key, n);
    text[2 + n] = '"';
    text[3 + n] = ':';
    *end = 4 + n;
    return text + 1 - comma;
}

void br_jw_key(br_jw *w, const char *key)
{
    char text[KEY_ROOM];
    size_t end;
    const char *start = key_text(w, key, text, &end);
    if (start) {
        br_text_write(w->out, start, (size_t)(text + end - start));
    } else {
        separate(w);
        br_text_putc(w->out, '"');
        br_text_puts(w->out, key);
        br_text_write(w->out, "\":", 2);
    }
    w->after_key = true;
}

void br_jw_string(br_jw *w, const char *s)
{
    br_jw_string_n(w, s, strlen(s));
}

void br_jw_string_n(br_jw *w, const char *s, size_t n)
{
    separate(w);
    put_escaped(w->out, s, n);
}

void br_jw_name(br_jw *w, const char *name)
{
    char text[68];
    size_t n = strlen(name);
    if (n + 3 > sizeof text) {
        separate(w);
        put_escaped(w->out, name, n);
        return;
    }
    size_t k = separator(w, text);
    text[k] = '"';
    memcpy(text + k + 1, name, n);
    text[k + n + 1] = '"';
    br_text_write(w->out, text, k + n + 2);
}

/* The decimal digits of v after the separator, in one write. */
void br_jw_int(br_jw *w, long long v)
{
    char text[1 + BR_DECIMAL_MAX];
    size_t k = separator(w, text);
    k += br_decimal(text + k, v);
    br_text_write(w->out, text, k);
}

void br_jw_raw(br_jw *w, const char *json, size_t n)
{
    char text[32];
    if (n + 1 > sizeof text) {
        separate(w);
        br_text_write(w->out, json, n);
        return;
    }
    size_t k = separator(w, text);
    memcpy(text + k, json, n);
    br_text_write(w->out, text, k + n);
}

void br_jw_real(br_jw *w, double v)
{
    separate(w);
    /* jansson's form: %.17g, with ".0" added to integral values so that
     * they read back as reals. */
    char digits[40];
    int n = snprintf(digits, sizeof digits, "%.17g", v);
    if (!strpbrk(digits, ".eE") && n + 2 < (int)sizeof digits) {
        memcpy(digits + n, ".0", 3);
        n += 2;
    }
    br_text_write(w->out, digits, (size_t)n);
}

void br_jw_bool(br_jw *w, bool v)
{
    char text[6];
    size_t k = separator(w, text);
    memcpy(text + k, v ? "true" : "false", 5);
    br_text_write(w->out, text, k + (v ? 4 : 5));
}

void br_jw_null(br_jw *w)
{
    char text[5];
    size_t k = separator(w, text);
    memcpy(text + k, "null", 4);
    br_text_write(w->out, text, k + 4);
}

/* The key and the number in one write. */
void br_jw_key_int(br_jw *w, const char *key, long long v)
{
    char text[KEY_ROOM];
    size_t end;
    const char *start = key_text(w, key, text, &end);
    if (!start) {
        br_jw_key(w, key);
        br_jw_int(w, v);
        return;
    }
    end += br_decimal(text + end, v);
    br_text_write(w->out, start, (size_t)(text + end - start));
}

void br_jw_key_string(br_jw *w, const char *key, const char *s)
{
    br_jw_key(w, key);
    br_jw_string(w, s);
}

void br_jw_key_bool(br_jw *w, const char *key, bool v)
{
    br_jw_key(w, key);
    br_jw_bool(w, v);
}

void br_jw_name_or_null(br_jw *w, const char *const *names, unsigned index, unsigned none)
{
    if (index == none)
        br_jw_null(w);
    else
        br_jw_name(w, names[index]);
}
