/* Snapshots: the exact full state as versioned JSON.
 *
 * Envelope (format version 2):
 *   { "format": "libboardrules-snapshot", "version": 2, "game": "<name>",
 *     "options": "<canonical options>", "move_number": N,
 *     "rng": ["<16 hex digits>" x 4],
 *     "history_start": S, "history": [[player, move], ...],
 *     "state": { <the game's own fields> } }
 *
 * The history holds the N - S moves from move number S on (player -1: a
 * chance outcome). Version 1 (0.1.0) had no history: such a snapshot loads
 * with an empty history starting at N. N and S are at most the options'
 * max_game_length (learn.h: no state has a larger move number).
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"

#define SNAPSHOT_FORMAT "libboardrules-snapshot"
#define SNAPSHOT_VERSION 2
/* The first version, without the history: still loaded. */
#define SNAPSHOT_VERSION_NO_HISTORY 1

/* Writes v in decimal at p; returns the end. Numbers below 1000 (the
 * players and most moves of a history) without the loop. */
static char *put_decimal(char *p, uint32_t v)
{
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    if (v < 100) {
        p[0] = (char)('0' + v / 10);
        p[1] = (char)('0' + v % 10);
        return p + 2;
    }
    if (v < 1000) {
        p[0] = (char)('0' + v / 100);
        p[1] = (char)('0' + v / 10 % 10);
        p[2] = (char)('0' + v % 10);
        return p + 3;
    }
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n > 0)
        *p++ = digits[--n];
    return p;
}

/* The history as "[player,move]" items, written in chunks of many items
 * (one br_jw_raw per chunk, which puts the comma between chunks): the
 * snapshot of a long game stays cheap. */
static void write_history(const br_state *state, br_jw *w)
{
    br_jw_key_int(w, "history_start", (long long)state->history_start);
    br_jw_key(w, "history");
    br_jw_begin_array(w);
    const br_history_word *h = br_state_history_words_const(state);
    uint32_t n = br_state_history_length(state);
    char chunk[1024];
    size_t len = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (len > sizeof chunk - 32) { /* room for ",[-1,16777215]" */
            br_jw_raw(w, chunk, len);
            len = 0;
        }
        br_history_entry e = br_history_unpack(h[i]);
        char *p = chunk + len;
        if (len > 0)
            *p++ = ',';
        *p++ = '[';
        if (e.player < 0) {
            *p++ = '-';
            p = put_decimal(p, (uint32_t)-e.player);
        } else {
            p = put_decimal(p, (uint32_t)e.player);
        }
        *p++ = ',';
        p = put_decimal(p, (uint32_t)e.move);
        *p++ = ']';
        len = (size_t)(p - chunk);
    }
    if (len > 0)
        br_jw_raw(w, chunk, len);
    br_jw_end_array(w);
}

/* Whether s needs no escaping in a JSON string: printable ASCII without
 * quote or backslash (the game's name and the canonical options always). */
static bool plain_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((unsigned char)(c - 0x20) >= 0x60 || c == '"' || c == '\\')
            return false;
    }
    return true;
}

static char *put_text(char *p, const char *s, size_t n)
{
    memcpy(p, s, n);
    return p + n;
}

#define PUT_LITERAL(p, s) put_text(p, s, sizeof(s) - 1)

/* The envelope's members before the history: put together in one buffer
 * and written at once (they are written for every snapshot). */
static void write_head(const br_state *state, const char *options, br_jw *w)
{
    static const char hex[] = "0123456789abcdef";
    size_t name_len = strlen(state->game->name), options_len = strlen(options);
    if (!plain_text(state->game->name, name_len) || !plain_text(options, options_len)) {
        br_jw_key_string(w, "format", SNAPSHOT_FORMAT);
        br_jw_key_int(w, "version", SNAPSHOT_VERSION);
        br_jw_key_string(w, "game", state->game->name);
        br_jw_key_string(w, "options", options);
    } else {
        char head[64 + 256 + BR_OPTIONS_MAX];
        char *p = PUT_LITERAL(head, "\"format\":\"" SNAPSHOT_FORMAT "\",\"version\":");
        p = put_decimal(p, SNAPSHOT_VERSION);
        p = PUT_LITERAL(p, ",\"game\":\"");
        p = put_text(p, state->game->name, name_len);
        p = PUT_LITERAL(p, "\",\"options\":\"");
        p = put_text(p, options, options_len);
        *p++ = '"';
        w->has_items |= (uint64_t)1 << w->depth; /* the object's first items */
        br_text_write(w->out, head, (size_t)(p - head));
    }
    char tail[128];
    char *p = PUT_LITERAL(tail, ",\"move_number\":");
    p = put_decimal(p, state->move_number);
    p = PUT_LITERAL(p, ",\"rng\":[");
    for (int i = 0; i < 4; i++) {
        uint64_t v = state->rng.s[i];
        *p++ = '"';
        for (int d = 15; d >= 0; d--) {
            p[d] = hex[v & 15];
            v >>= 4;
        }
        p += 16;
        *p++ = '"';
        *p++ = i < 3 ? ',' : ']';
    }
    br_text_write(w->out, tail, (size_t)(p - tail));
}

/* The snapshot written straight into the caller's buffer, members in the
 * order the tree path writes them. */
static br_status write_snapshot_text(const br_state *state, const char *options, char *buf,
                                     size_t size, size_t *len)
{
    br_text out = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &out);
    br_jw_begin_object(&w);
    write_head(state, options, &w);
    write_history(state, &w);
    br_jw_key(&w, "state");
    state->game->write_view(state->data, BR_VIEW_FULL, &w);
    br_jw_end_object(&w);
    br_status st = br_text_result(&out, len);
    if (st == BR_ERR_BUFFER)
        return br_state_fail_const(state, st, "buffer of %zu bytes too small: %zu needed", size,
                                   out.len + 1);
    return st;
}

br_status br_state_to_json(const br_state *state, char *buf, size_t size, size_t *len)
{
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!buf && size > 0)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "buf is NULL but size is %zu", size);
    char options[BR_OPTIONS_MAX];
    br_text o = br_text_over(options, sizeof options);
    br_options_write(state, &o);
    assert(br_text_fits(&o)); /* the tables keep every canonical string below it */
    return write_snapshot_text(state, options, buf, size, len);
}

static bool parse_hex64(const char *s, uint64_t *out)
{
    if (strlen(s) != 16)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return false;
        v = (v << 4) | (uint64_t)d;
    }
    *out = v;
    return true;
}

static bool rng_from_json(const json_t *arr, br_rng *rng, br_text *err)
{
    if (!json_is_array(arr) || json_array_size(arr) != 4) {
        br_text_puts(err, "rng: expected an array of 4 strings of 16 hex digits");
        return false;
    }
    for (size_t i = 0; i < 4; i++) {
        const json_t *v = json_array_get(arr, i);
        if (!json_is_string(v) || !parse_hex64(json_string_value(v), &rng->s[i])) {
            br_text_printf(err, "rng[%zu]: expected a string of 16 hex digits", i);
            return false;
        }
    }
    if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0) {
        br_text_puts(err, "rng: all-zero generator state is invalid");
        return false;
    }
    return true;
}

static const char *const envelope_keys[] = {
    "format", "version", "game", "options", "move_number", "rng", "history_start", "history",
    "state",
};

static bool check_envelope_keys(const json_t *root, br_text *err)
{
    const char *key = br_json_unknown_key(root, envelope_keys,
                                          sizeof envelope_keys / sizeof envelope_keys[0]);
    if (key)
        br_text_printf(err, "unknown member '%s'", key);
    return key == NULL;
}

static const char *string_member(const json_t *root, const char *key, br_text *err)
{
    const json_t *v = json_object_get(root, key);
    if (!json_is_string(v)) {
        br_text_printf(err, "%s: %s", key, v ? "not a string" : "missing");
        return NULL;
    }
    return json_string_value(v);
}

static bool history_entry_from_json(const json_t *pair, size_t i, br_state *s, br_text *err)
{
    long long player, move;
    if (!json_is_array(pair) || json_array_size(pair) != 2)
        return br_fail(err, "history[%zu]: expected [player, move]", i);
    char path[40];
    br_format(path, sizeof path, "history[%zu]", i);
    if (!br_json_array_int(pair, 0, BR_PLAYER_CHANCE, BR_MAX_SEATS, &player, path, err) ||
        !br_json_array_int(pair, 1, 0, INT32_MAX, &move, path, err))
        return false;
    return br_history_put(s, i, player, move, "history", err);
}

/* The history members of a version 2 envelope (a version 1 one has none:
 * its history is empty and starts at the move number). */
static bool history_from_json(const json_t *root, long long version, br_state *s,
                              br_text *err)
{
    bool has_start = json_object_get(root, "history_start") != NULL;
    bool has_history = json_object_get(root, "history") != NULL;
    if (version == SNAPSHOT_VERSION_NO_HISTORY) {
        if (has_start || has_history)
            return br_fail(err, "%s: not part of a version 1 snapshot",
                           has_start ? "history_start" : "history");
        s->history_start = s->move_number;
        return true;
    }
    long long start;
    if (!br_json_int(root, "history_start", 0, UINT32_MAX, &start, "snapshot", err)
        || !br_snapshot_check_move_number(s, start, "history_start", err))
        return false;
    const json_t *h = br_json_array(root, "history", -1, "snapshot", err);
    if (!h || !br_history_begin(s, start, json_array_size(h), "history", err))
        return false;
    for (size_t i = 0; i < json_array_size(h); i++)
        if (!history_entry_from_json(json_array_get(h, i), i, s, err))
            return false;
    return true;
}

bool br_snapshot_check_move_number(const br_state *s, long long value, const char *field,
                                   br_text *err)
{
    br_traits t;
    s->game->traits(s->data, &t);
    if (value > (long long)t.max_game_length)
        return br_fail(err, "%s: %lld is more than the %lu moves of the longest game of "
                       "these options", field, value, (unsigned long)t.max_game_length);
    return true;
}

/* Reads the envelope; on success *out holds the state made from the options. */
static br_status load_envelope(const json_t *root, br_state **out, br_text *err)
{
    if (!json_is_object(root)) {
        br_text_puts(err, "a snapshot must be a JSON object");
        return BR_ERR_SNAPSHOT;
    }
    if (!check_envelope_keys(root, err))
        return BR_ERR_SNAPSHOT;
    const char *format = string_member(root, "format", err);
    if (!format)
        return BR_ERR_SNAPSHOT;
    if (strcmp(format, SNAPSHOT_FORMAT) != 0) {
        br_text_printf(err, "format: '%s' is not '%s'", format, SNAPSHOT_FORMAT);
        return BR_ERR_SNAPSHOT;
    }
    long long version, move_number;
    if (!br_json_int(root, "version", SNAPSHOT_VERSION_NO_HISTORY, SNAPSHOT_VERSION, &version,
                     "snapshot", err) ||
        !br_json_int(root, "move_number", 0, UINT32_MAX, &move_number, "snapshot", err))
        return BR_ERR_SNAPSHOT;
    const char *name = string_member(root, "game", err);
    const char *options = name ? string_member(root, "options", err) : NULL;
    if (!options)
        return BR_ERR_SNAPSHOT;
    const br_game *game = br_game_find(name);
    if (!game) {
        br_text_printf(err, "game: no game named '%s'", name);
        return BR_ERR_UNKNOWN_GAME;
    }
    char opt_msg[200];
    br_text opt_err = br_text_over(opt_msg, sizeof opt_msg);
    br_status created = br_state_create_unsettled(game, options, out, &opt_err);
    if (created == BR_ERR_NO_MEMORY) {
        br_text_puts(err, opt_msg);
        return created;
    }
    if (created != BR_OK) {
        br_text_printf(err, "options: %s", opt_msg);
        return BR_ERR_SNAPSHOT;
    }
    if (!br_snapshot_check_move_number(*out, move_number, "move_number", err))
        return BR_ERR_SNAPSHOT;
    (*out)->move_number = (uint32_t)move_number;
    if (!rng_from_json(json_object_get(root, "rng"), &(*out)->rng, err))
        return BR_ERR_SNAPSHOT;
    if (!history_from_json(root, version, *out, err))
        return BR_ERR_SNAPSHOT;
    return BR_OK;
}

br_status br_snapshot_load_game_state(br_state *s, const json_t *game_state, br_text *err)
{
    if (!json_is_object(game_state)) {
        br_text_printf(err, "state: %s", game_state ? "not an object" : "missing");
        return BR_ERR_SNAPSHOT;
    }
    /* A game's reading may parse JSON of its own (Drunter & Drüber checks
     * its result so): memory that ran out there is not a corrupt snapshot. */
    unsigned long failures = br_mem_failures();
    br_status st = s->game->from_json(s->data, game_state, err) == BR_OK ? BR_OK
                                                                        : BR_ERR_SNAPSHOT;
    if (br_mem_failures() != failures) {
        *err = br_text_over(err->buf, err->size);
        br_text_puts(err, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    return st == BR_OK ? br_snapshot_check_loaded(s, err) : st;
}

br_status br_snapshot_check_loaded(br_state *s, br_text *err)
{
    if (s->chance_mode == BR_CHANCE_AUTO &&
        s->game->current_player(s->data) == BR_PLAYER_CHANCE) {
        br_text_puts(err, "state: at a chance node, but the options say chance=auto");
        return BR_ERR_SNAPSHOT;
    }
    return BR_OK;
}

br_status br_state_from_json(const char *json, br_state **out, char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (out)
        *out = NULL;
    if (!json || !out) {
        br_text_puts(&e, json ? "out is NULL" : "json is NULL");
        return BR_ERR_ARGUMENT;
    }
    json_error_t jerr;
    json_t *root;
    br_status parsed = br_json_parse(json, strlen(json), JSON_REJECT_DUPLICATES, &root, &jerr);
    if (parsed == BR_ERR_NO_MEMORY) {
        br_text_puts(&e, "out of memory");
        return parsed;
    }
    if (parsed != BR_OK) {
        br_text_printf(&e, "line %d column %d: %s", jerr.line, jerr.column, jerr.text);
        return parsed;
    }
    br_state *s = NULL;
    br_status st = load_envelope(root, &s, &e);
    if (st == BR_OK)
        st = br_snapshot_load_game_state(s, json_object_get(root, "state"), &e);
    json_decref(root);
    if (st != BR_OK) {
        br_state_free(s);
        return st;
    }
    *out = s;
    return BR_OK;
}
