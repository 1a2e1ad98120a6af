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
/* Parsing */

br_status br_json_parse(const char *text, size_t len, size_t flags, json_t **out,
                        json_error_t *jerr)
{
    br_mem_json_parse_begin();
    json_t *root = json_loadb(text, len, flags, jerr);
    bool failed = br_mem_json_parse_end();
    /* jansson's own word, for a host that gave it another allocator since */
    if (!root && (jerr->text[0] == '\0' || json_error_code(jerr) == json_error_out_of_memory))
        failed = true;
    if (failed) {
        json_decref(root);
        root = NULL;
    }
    *out = root;
    return failed ? BR_ERR_NO_MEMORY : root ? BR_OK : BR_ERR_SNAPSHOT;
}
