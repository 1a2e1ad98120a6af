/*
 * Helpers for the games' own field codecs (internal.h, "Helpers for a
 * game's codecs"): the shapes a codec writes and reads again and again
 * (bounded bytes, bit masks, seat lists, lists of small numbers, counts), with
 * the walker's error paths, so that a codec is the few lines that are its
 * own.
 */
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------ */
/* Binary */

const uint8_t *br_field_take_in_place(br_bytes_reader *r, size_t n, const br_field_path *at)
{
    if (r->failed)
        return NULL;
    if (r->left < n) {
        br_field_fail_bytes(r, at, "the data ends %zu byte%s early", n - r->left,
                            n - r->left == 1 ? "" : "s");
        return NULL;
    }
    const uint8_t *p = r->p;
    r->p += n;
    r->left -= n;
    return p;
}

bool br_field_get_u8(br_bytes_reader *r, unsigned max, uint8_t *out, const br_field_path *at)
{
    const uint8_t *p = br_field_take_in_place(r, 1, at);
    if (!p)
        return false;
    if (p[0] > max)
        return br_field_fail_bytes(r, at, "%u is not in 0..%u", p[0], max);
    *out = p[0];
    return true;
}

bool br_field_take(br_bytes_reader *r, void *out, size_t n, const br_field_path *at)
{
    const uint8_t *p = br_field_take_in_place(r, n, at);
    if (p)
        memcpy(out, p, n);
    return p != NULL;
}

bool br_field_get_u8_row(br_bytes_reader *r, const uint8_t *max, const char *const *keys,
                         size_t n, uint8_t *out, const br_field_path *at)
{
    const uint8_t *p = br_field_take_in_place(r, n, at);
    if (!p)
        return false;
    for (size_t i = 0; i < n; i++)
        if (p[i] > max[i]) {
            br_field_path member = {at, keys[i], 0};
            return br_field_fail_bytes(r, &member, "%u is not in 0..%u", p[i], max[i]);
        }
    memcpy(out, p, n);
    return true;
}

/* ------------------------------------------------------------------ */
/* JSON */

bool br_field_read_each(const json_t *v, size_t min, size_t max, const char *what,
                        br_field_entry_reader read_one, void *out, const br_field_path *at,
                        br_text *err)
{
    const char *bound = min == max ? "" : "at most ";
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array of %s%zu %s", bound, max, what);
    size_t n = json_array_size(v);
    if (n < min || n > max)
        return br_field_fail(err, at, "%zu %s, expected %s%zu", n, what, bound, max);
    for (size_t i = 0; i < n; i++) {
        br_field_path entry = {at, NULL, (long)i};
        if (!read_one(json_array_get(v, i), i, out, &entry, err))
            return false;
    }
    return true;
}

bool br_field_read_choice(const json_t *v, const char *const *names, int count, bool nullable,
                          uint8_t none, uint8_t *out, const br_field_path *at, br_text *err)
{
    const char *text = json_string_value(v);
    if (nullable && json_is_null(v)) {
        *out = none;
        return true;
    }
    for (int i = 0; text && i < count; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = (uint8_t)i;
            return true;
        }
    return br_field_fail(err, at, "not one of '%s' .. '%s'%s", names[0], names[count - 1],
                         nullable ? " or null" : "");
}

void br_jw_seats(br_jw *w, unsigned mask, int n)
{
    br_jw_begin_array(w);
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            br_jw_int(w, p);
    br_jw_end_array(w);
}

bool br_field_read_seats(const json_t *v, int n, unsigned *mask, const br_field_path *at,
                         br_text *err)
{
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array");
    *mask = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        br_field_path entry = {at, NULL, (long)i};
        long long p = json_is_integer(e) ? json_integer_value(e) : -1;
        if (p < 0 || p >= n || *mask >> p)
            return br_field_fail(err, &entry, "not a seat 0..%d after the ones before", n - 1);
        *mask |= 1u << p;
    }
    return true;
}

bool br_field_read_count(const json_t *obj, const char *key, int max, int *out,
                         const br_field_path *at, br_text *err)
{
    br_field_path member = {at, key, 0};
    const json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
        return br_field_fail(err, &member, "not a number 0..%d", max);
    *out = (int)json_integer_value(v);
    return true;
}

void br_jw_u8_list(br_jw *w, const uint8_t *values, size_t n, int bias)
{
    br_jw_begin_array(w);
    for (size_t i = 0; i < n; i++)
        br_jw_int(w, values[i] + bias);
    br_jw_end_array(w);
}

bool br_field_read_u8_list(const json_t *v, unsigned cap, unsigned max, int bias,
                           const char *what, uint8_t *values, uint8_t *len,
                           const br_field_path *at, br_text *err)
{
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array of at most %u entries", cap);
    if (json_array_size(v) > cap)
        return br_field_fail(err, at, "%zu entries, expected at most %u", json_array_size(v),
                             cap);
    *len = (uint8_t)json_array_size(v);
    for (int i = 0; i < *len; i++) {
        const json_t *e = json_array_get(v, (size_t)i);
        br_field_path entry = {at, NULL, i};
        long long x = json_is_integer(e) ? json_integer_value(e) - bias : -1;
        if (x < 0 || x > max)
            return br_field_fail(err, &entry, "not %s %d..%d", what, bias, (int)max + bias);
        values[i] = (uint8_t)x;
    }
    return true;
}

void br_jw_seat_or_null(br_jw *w, int seat)
{
    if (seat < 0)
        br_jw_null(w);
    else
        br_jw_int(w, seat);
}

/* ------------------------------------------------------------------ */
/* Derived members after a load */

enum { DERIVED_TEXT_MAX = 2048 };

static bool is_derived(const br_field *f)
{
    return f->kind == BR_FIELD_CODEC && !f->codec->read_json &&
           (f->flags & (BR_FIELD_JSON_ONLY | BR_FIELD_VIEW_ONLY)) == BR_FIELD_JSON_ONLY;
}

/* What the member should read, as the failure message shows it: the first
 * entry that differs when both are arrays of one length, else the whole. */
static bool derived_differs(const json_t *want, const json_t *got, const br_field_path *at,
                            br_text *err)
{
    br_field_path entry = {at, NULL, 0};
    if (json_is_array(want) && json_is_array(got) &&
        json_array_size(want) == json_array_size(got)) {
        while (json_equal(json_array_get(want, (size_t)entry.index),
                          json_array_get(got, (size_t)entry.index)))
            entry.index++;
        want = json_array_get(want, (size_t)entry.index);
        at = &entry;
    }
    char text[DERIVED_TEXT_MAX];
    size_t n = json_dumpb(want, text, sizeof text - 1, JSON_COMPACT | JSON_ENCODE_ANY);
    text[n < sizeof text ? n : 0] = '\0';
    return br_field_fail(err, at, "the rest of the state gives %s", text);
}

/* Whether `got`, a number or null (most derived members: counts), reads as
 * the writer's `text`: written by the same writer, without jansson's dump. */
static bool same_scalar(const json_t *got, const char *text, size_t len)
{
    char mine[BR_DECIMAL_MAX + 8];
    br_text t = br_text_over(mine, sizeof mine);
    br_jw w;
    br_jw_init(&w, &t);
    if (json_is_null(got))
        br_jw_null(&w);
    else
        br_jw_int(&w, json_integer_value(got));
    return t.len == len && memcmp(mine, text, len) == 0;
}

static bool check_derived(const br_field *f, const br_fields_ctx *c, const void *base,
                          const json_t *got, const br_field_path *at, br_text *err)
{
    char text[DERIVED_TEXT_MAX];
    br_text t = br_text_over(text, sizeof text);
    br_jw w;
    br_jw_init(&w, &t);
    f->codec->write_json(c, (const char *)base + f->offset, &w);
    if ((json_is_integer(got) || json_is_null(got)) && br_text_fits(&t) &&
        same_scalar(got, text, t.len))
        return true;
    /* The quick way: the same text (the writer's text is jansson's compact
     * dump); else the trees are compared, keys in any order. */
    char given[DERIVED_TEXT_MAX];
    size_t n = json_dumpb(got, given, sizeof given, JSON_COMPACT | JSON_ENCODE_ANY);
    if (br_text_fits(&t) && n == t.len && memcmp(given, text, n) == 0)
        return true;
    json_t *want = NULL;
    json_error_t jerr;
    if (br_text_fits(&t))
        br_json_parse(text, t.len, JSON_DECODE_ANY, &want, &jerr);
    if (!want)
        return br_field_fail(err, at, "out of memory while checking it");
    bool same = json_equal(want, got) || derived_differs(want, got, at, err);
    json_decref(want);
    return same;
}

/* A nested object in the snapshot's JSON (one, an array of them, or one per
 * seat): its derived members are checked too, entry by entry. */
static bool is_json_object(const br_field *f)
{
    return f->kind == BR_FIELD_OBJECT && !(f->flags & (BR_FIELD_BYTES_ONLY | BR_FIELD_VIEW_ONLY));
}

/* Whether a table has a derived member, in its nested objects too (those
 * without are not walked: their keys' look-ups are most of the cost). */
static bool has_derived(const br_field_table *table)
{
    for (size_t i = 0; i < table->count; i++) {
        const br_field *f = &table->fields[i];
        if (is_derived(f) || (is_json_object(f) && has_derived(f->table)))
            return true;
    }
    return false;
}

static bool check_nested(const br_field *f, const br_fields_ctx *c, const void *base,
                         const json_t *got, const br_field_path *at, br_text *err)
{
    const char *p = (const char *)base + f->offset;
    if (!f->count)
        return br_fields_check_derived(f->table, c, p, got, at, err);
    br_fields_ctx entry_ctx = *c;
    size_t n = f->count == BR_FIELD_SEATS ? (size_t)c->num_seats : f->count;
    for (size_t i = 0; i < n; i++) {
        br_field_path entry = {at, NULL, (long)i};
        if (f->count == BR_FIELD_SEATS)
            entry_ctx.owner = (int)i;
        if (!br_fields_check_derived(f->table, &entry_ctx, p + i * f->stride,
                                     json_array_get(got, i), &entry, err))
            return false;
    }
    return true;
}

bool br_fields_check_derived(const br_field_table *table, const br_fields_ctx *c,
                             const void *base, const json_t *obj, const br_field_path *at,
                             br_text *err)
{
    for (size_t i = 0; i < table->count; i++) {
        const br_field *f = &table->fields[i];
        bool derived = is_derived(f), nested = is_json_object(f) && has_derived(f->table);
        if (!derived && !nested)
            continue;
        br_field_path member = {at, f->key, 0};
        const json_t *got = json_object_get(obj, f->key);
        if (derived ? !check_derived(f, c, base, got, &member, err)
                    : !check_nested(f, c, base, got, &member, err))
            return false;
    }
    return true;
}
