/* Checked accessors for snapshot loading: each names the offending field. */
#include <string.h>

#include "internal.h"

bool br_json_int(const json_t *obj, const char *key, long long min, long long max,
                 long long *out, const char *path, br_text *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v) {
        br_text_printf(err, "%s.%s: missing", path, key);
        return false;
    }
    if (!json_is_integer(v)) {
        br_text_printf(err, "%s.%s: not an integer", path, key);
        return false;
    }
    long long x = json_integer_value(v);
    if (x < min || x > max) {
        br_text_printf(err, "%s.%s: %lld is not in %lld..%lld", path, key, x, min, max);
        return false;
    }
    *out = x;
    return true;
}

bool br_json_bool(const json_t *obj, const char *key, bool *out, const char *path,
                  br_text *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v) {
        br_text_printf(err, "%s.%s: missing", path, key);
        return false;
    }
    if (!json_is_boolean(v)) {
        br_text_printf(err, "%s.%s: not true or false", path, key);
        return false;
    }
    *out = json_is_true(v);
    return true;
}

const json_t *br_json_array(const json_t *obj, const char *key, long len,
                            const char *path, br_text *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v) {
        br_text_printf(err, "%s.%s: missing", path, key);
        return NULL;
    }
    if (!json_is_array(v)) {
        br_text_printf(err, "%s.%s: not an array", path, key);
        return NULL;
    }
    if (len >= 0 && json_array_size(v) != (size_t)len) {
        br_text_printf(err, "%s.%s: has %zu entries, expected %ld", path, key,
                       json_array_size(v), len);
        return NULL;
    }
    return v;
}

bool br_json_array_int(const json_t *arr, size_t index, long long min, long long max,
                       long long *out, const char *path, br_text *err)
{
    const json_t *v = json_array_get(arr, index);
    if (!v || !json_is_integer(v)) {
        br_text_printf(err, "%s[%zu]: not an integer", path, index);
        return false;
    }
    long long x = json_integer_value(v);
    if (x < min || x > max) {
        br_text_printf(err, "%s[%zu]: %lld is not in %lld..%lld", path, index, x, min, max);
        return false;
    }
    *out = x;
    return true;
}

const char *br_json_unknown_key(const json_t *obj, const char *const *keys, size_t n)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value) {
        size_t i = 0;
        while (i < n && strcmp(key, keys[i]) != 0)
            i++;
        if (i == n)
            return key;
    }
    return NULL;
}

const json_t *br_json_member(const json_t *obj, const char *key, const char *path,
                             br_text *err)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        br_fail(err, "%s.%s: missing", path, key);
    return v;
}

bool br_json_name(const json_t *v, const char *const *names, int count, int *out,
                  const char *path, br_text *err)
{
    if (!json_is_string(v))
        return br_fail(err, "%s: not a string", path);
    for (int i = 0; i < count; i++) {
        if (strcmp(json_string_value(v), names[i]) == 0) {
            *out = i;
            return true;
        }
    }
    return br_fail(err, "%s: '%s' is not a valid value", path, json_string_value(v));
}

/* ------------------------------------------------------------------ */
/* A syntax check of JSON text that allocates nothing (RFC 8259). Used to
 * tell a parse that failed for want of memory (jansson reports some of
 * those as syntax errors) from text that is truly malformed. */

typedef struct json_scan {
    const unsigned char *p;
    int depth;
} json_scan;

enum { SCAN_MAX_DEPTH = 2048 }; /* jansson's own nesting limit */

static bool scan_value(json_scan *s);

static void scan_blanks(json_scan *s)
{
    while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
        s->p++;
}

static bool scan_literal(json_scan *s, const char *word)
{
    size_t n = strlen(word);
    if (strncmp((const char *)s->p, word, n) != 0)
        return false;
    s->p += n;
    return true;
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static bool scan_digits(json_scan *s)
{
    if (!is_digit(*s->p))
        return false;
    while (is_digit(*s->p))
        s->p++;
    return true;
}

static bool scan_number(json_scan *s)
{
    if (*s->p == '-')
        s->p++;
    if (*s->p == '0')
        s->p++;
    else if (!scan_digits(s))
        return false;
    if (*s->p == '.') {
        s->p++;
        if (!scan_digits(s))
            return false;
    }
    if (*s->p == 'e' || *s->p == 'E') {
        s->p++;
        if (*s->p == '+' || *s->p == '-')
            s->p++;
        if (!scan_digits(s))
            return false;
    }
    return true;
}

static bool is_hex(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool scan_string(json_scan *s)
{
    if (*s->p != '"')
        return false;
    s->p++;
    while (*s->p != '"') {
        unsigned char c = *s->p;
        if (c < 0x20)
            return false; /* control characters, and the end of the text */
        s->p++;
        if (c != '\\')
            continue;
        c = *s->p++;
        if (c == 'u') {
            for (int i = 0; i < 4; i++)
                if (!is_hex(*s->p++))
                    return false;
        } else if (!strchr("\"\\/bfnrt", c) || c == '\0') {
            return false;
        }
    }
    s->p++;
    return true;
}

/* Scans "open (item (, item)*)? close" where item is a value or, in an
 * object, "string : value". */
static bool scan_container(json_scan *s, char close, bool is_object)
{
    if (++s->depth > SCAN_MAX_DEPTH)
        return false;
    s->p++;
    scan_blanks(s);
    if (*s->p == (unsigned char)close) {
        s->p++;
        s->depth--;
        return true;
    }
    for (;;) {
        if (is_object) {
            if (!scan_string(s))
                return false;
            scan_blanks(s);
            if (*s->p++ != ':')
                return false;
        }
        if (!scan_value(s))
            return false;
        scan_blanks(s);
        if (*s->p == (unsigned char)close) {
            s->p++;
            s->depth--;
            return true;
        }
        if (*s->p++ != ',')
            return false;
        scan_blanks(s);
    }
}

static bool scan_value(json_scan *s)
{
    scan_blanks(s);
    switch (*s->p) {
    case '{': return scan_container(s, '}', true);
    case '[': return scan_container(s, ']', false);
    case '"': return scan_string(s);
    case 't': return scan_literal(s, "true");
    case 'f': return scan_literal(s, "false");
    case 'n': return scan_literal(s, "null");
    default: return scan_number(s);
    }
}

bool br_json_text_is_valid(const char *text)
{
    json_scan s = { (const unsigned char *)text, 0 };
    scan_blanks(&s);
    if (*s.p != '{' && *s.p != '[')
        return false; /* as json_loads() without JSON_DECODE_ANY */
    if (!scan_value(&s))
        return false;
    scan_blanks(&s);
    return *s.p == '\0';
}
