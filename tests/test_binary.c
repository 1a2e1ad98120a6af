/*
 * Binary snapshots (br_state_to_bytes, br_state_from_bytes): arguments, the
 * documented layout of the envelope (doc/snapshots.md), and refusal of every
 * malformed input with a reason - never a crash. The conformance suite
 * round-trips every state of its playouts through the binary form too.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

typedef struct blob {
    unsigned char *bytes;
    size_t len;
} blob;

static blob save(const br_state *s)
{
    blob b = { NULL, 0 };
    b.bytes = brt_binary_of(s, &b.len, NULL);
    return b;
}

/* A state of game `index` some random moves into a game (chance=explicit so
 * that chance nodes are saved too). */
static br_state *state_in_play(int index, size_t moves)
{
    return brt_random_state(br_game_at((size_t)index), "seed=6,chance=explicit", 23, moves);
}

START_TEST(test_arguments)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1");
    size_t len = 99;
    ck_assert_int_eq(br_state_to_bytes(NULL, NULL, 0, &len), BR_ERR_ARGUMENT);
    ck_assert_uint_eq(len, 0);
    ck_assert_int_eq(br_state_to_bytes(s, NULL, 10, &len), BR_ERR_ARGUMENT);
    ck_assert(brt_contains(br_state_last_error(s), "buf is NULL"));
    unsigned char small[8];
    ck_assert_int_eq(br_state_to_bytes(s, small, sizeof small, &len), BR_ERR_BUFFER);
    ck_assert_uint_gt(len, sizeof small);
    ck_assert(brt_contains(br_state_last_error(s), "too small"));
    br_state *out = (br_state *)s;
    char err[128];
    ck_assert_int_eq(br_state_from_bytes(small, sizeof small, NULL, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_from_bytes(NULL, 5, &out, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(br_state_from_bytes(NULL, 0, &out, NULL, 0), BR_ERR_SNAPSHOT);
    br_state_free(s);
}
END_TEST

START_TEST(test_envelope_layout)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1");
    blob b = save(s);
    ck_assert_mem_eq(b.bytes, "BRSB\x03\x05tsuro", 11);
    char *options = brt_options(s);
    size_t n = strlen(options);
    ck_assert_uint_eq(b.bytes[11] | b.bytes[12] << 8, n);
    ck_assert_mem_eq(b.bytes + 13, options, n);
    ck_assert_uint_eq(brt_read_u32(b.bytes + 13 + n), br_state_move_number(s));
    size_t kind = brt_binary_layout_of(b.bytes, b.len).kind;
    size_t moves = br_state_move_number(s);
    ck_assert_uint_eq(brt_read_u32(b.bytes + 13 + n + 4 + 32), 0); /* history start */
    ck_assert_uint_eq(kind, 13 + n + 4 + 32 + 4 + 3 * moves);
    ck_assert(b.bytes[kind] == 0 || b.bytes[kind] == 1);
    ck_assert_uint_eq(brt_read_u32(b.bytes + kind + 1), b.len - kind - 5);
    free(options);
    free(b.bytes);
    br_state_free(s);
}
END_TEST

START_TEST(test_every_cut_refused)
{
    br_state *s = state_in_play(_i, 17);
    blob b = save(s);
    for (size_t len = 0; len < b.len; len++) {
        char err[256] = "";
        ck_assert_msg(brt_binary_load(b.bytes, len, err, sizeof err) == BR_ERR_SNAPSHOT,
                      "%s: the first %zu of %zu bytes loaded", br_game_name(br_state_game(s)),
                      len, b.len);
        ck_assert_msg(err[0] != '\0', "cut at %zu: no reason", len);
    }
    free(b.bytes);
    br_state_free(s);
}
END_TEST

START_TEST(test_trailing_byte_refused)
{
    br_state *s = state_in_play(_i, 9);
    blob b = save(s);
    unsigned char *longer = malloc(b.len + 1);
    memcpy(longer, b.bytes, b.len);
    longer[b.len] = 0;
    char err[256];
    ck_assert_int_eq(brt_binary_load(longer, b.len + 1, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "payload length"), "%s", err);
    free(longer);
    free(b.bytes);
    br_state_free(s);
}
END_TEST

/* Changes one byte of a saved Tsuro state and loads it. */
static br_status load_changed(size_t at, unsigned char value, char *err, size_t err_size)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1");
    blob b = save(s);
    b.bytes[at] = value;
    br_status st = brt_binary_load(b.bytes, b.len, err, err_size);
    free(b.bytes);
    br_state_free(s);
    return st;
}

START_TEST(test_envelope_fields_named)
{
    char err[256];
    ck_assert_int_eq(load_changed(0, 'X', err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "magic"), "%s", err);
    ck_assert_int_eq(load_changed(4, 4, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "version: 4 is not in 1..3"), "%s", err);
    ck_assert_int_eq(load_changed(4, 0, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "version: 0 is not in 1..3"), "%s", err);
    ck_assert_int_eq(load_changed(6, 'x', err, sizeof err), BR_ERR_UNKNOWN_GAME);
    ck_assert_msg(brt_contains(err, "no game named 'xsuro'"), "%s", err);
    ck_assert_int_eq(load_changed(13, '!', err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "options:"), "%s", err);
}
END_TEST

START_TEST(test_payload_kind_and_generator_checked)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2,seed=1");
    blob b = save(s);
    size_t kind = brt_binary_layout_of(b.bytes, b.len).kind;
    char err[256];
    b.bytes[kind] = 7;
    ck_assert_int_eq(brt_binary_load(b.bytes, b.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "payload kind: 7"), "%s", err);
    blob z = save(s);
    memset(z.bytes + brt_binary_layout_of(z.bytes, z.len).generator, 0, 32);
    ck_assert_int_eq(brt_binary_load(z.bytes, z.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "rng: all-zero"), "%s", err);
    free(z.bytes);
    free(b.bytes);
    br_state_free(s);
}
END_TEST

/* Any byte changed anywhere: refused with a reason, or a state whose own
 * snapshot round-trips (a change can make another valid state). */
START_TEST(test_every_byte_changed)
{
    br_state *s = state_in_play(_i, 23);
    blob b = save(s);
    static const unsigned char values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
    for (size_t at = 0; at < b.len; at++) {
        for (size_t v = 0; v < sizeof values; v++) {
            unsigned char was = b.bytes[at];
            if (values[v] == was)
                continue;
            b.bytes[at] = values[v];
            br_state *loaded = NULL;
            char err[256] = "";
            br_status st = br_state_from_bytes(b.bytes, b.len, &loaded, err, sizeof err);
            if (st == BR_OK) {
                blob again = save(loaded);
                br_state *twice = NULL;
                ck_assert_int_eq(br_state_from_bytes(again.bytes, again.len, &twice, err,
                                                     sizeof err), BR_OK);
                br_state_free(twice);
                free(again.bytes);
            } else {
                ck_assert_msg(err[0] != '\0', "byte %zu = %u: status %d without a reason", at,
                              values[v], (int)st);
            }
            br_state_free(loaded);
            b.bytes[at] = was;
        }
    }
    free(b.bytes);
    br_state_free(s);
}
END_TEST

START_TEST(test_same_state_from_json_and_bytes)
{
    br_state *s = state_in_play(_i, 41);
    blob b = save(s);
    br_state *from_bytes = NULL;
    char err[256];
    ck_assert_int_eq(br_state_from_bytes(b.bytes, b.len, &from_bytes, err, sizeof err), BR_OK);
    char *json = brt_snapshot(s);
    br_state *from_json = brt_load(json);
    blob c = save(from_json);
    ck_assert_uint_eq(b.len, c.len);
    ck_assert_mem_eq(b.bytes, c.bytes, b.len);
    char *json2 = brt_snapshot(from_bytes);
    ck_assert_str_eq(json, json2);
    free(json);
    free(json2);
    free(b.bytes);
    free(c.bytes);
    br_state_free(s);
    br_state_free(from_bytes);
    br_state_free(from_json);
}
END_TEST

/* A kind-0 binary snapshot: the envelope of `b` with the JSON text `state`
 * as the payload. */
static blob with_json_payload(const blob *b, const char *state)
{
    size_t kind = brt_binary_layout_of(b->bytes, b->len).kind, n = strlen(state);
    blob out = { malloc(kind + 5 + n), kind + 5 + n };
    memcpy(out.bytes, b->bytes, kind);
    out.bytes[kind] = 0;
    for (int i = 0; i < 4; i++)
        out.bytes[kind + 1 + (size_t)i] = (unsigned char)(n >> (8 * i));
    memcpy(out.bytes + kind + 5, state, n);
    return out;
}

START_TEST(test_json_payload_loads)
{
    br_state *s = state_in_play(_i, 13);
    blob b = save(s);
    json_t *snap = brt_snapshot_json(s);
    char *state = json_dumps(json_object_get(snap, "state"), JSON_COMPACT);
    blob k0 = with_json_payload(&b, state);
    br_state *loaded = NULL;
    char err[256] = "";
    ck_assert_msg(br_state_from_bytes(k0.bytes, k0.len, &loaded, err, sizeof err) == BR_OK,
                  "%s: kind-0 payload refused: %s", br_game_name(br_state_game(s)), err);
    char *a = brt_snapshot(s), *c = brt_snapshot(loaded);
    ck_assert_str_eq(a, c);
    blob again = save(loaded); /* saved as the game's own fields */
    ck_assert_uint_eq(again.len, b.len);
    ck_assert_mem_eq(again.bytes, b.bytes, b.len);
    blob bad = with_json_payload(&b, "{\"phase\":");
    ck_assert_int_eq(brt_binary_load(bad.bytes, bad.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "state:"), "%s", err);
    free(a);
    free(c);
    free(state);
    json_decref(snap);
    free(b.bytes);
    free(k0.bytes);
    free(again.bytes);
    free(bad.bytes);
    br_state_free(loaded);
    br_state_free(s);
}
END_TEST

/* The bytes of a version 3 snapshot `b` of state `s` as an older version
 * wrote them (doc/snapshots.md): version 2 holds Drunter & Drueber's
 * tallies.votes (the last fields: votes in 2 bytes, passed, bridges) in one
 * byte; version 1 has no history fields besides. */
static blob older_format(const br_state *s, const blob *b, int version)
{
    brt_binary_layout layout = brt_binary_layout_of(b->bytes, b->len);
    size_t at = layout.history, kind = layout.kind;
    size_t history = version == 1 ? kind - at : 0;
    bool narrow_votes = strcmp(br_game_name(br_state_game(s)), "drunter-und-drueber") == 0;
    blob old = { malloc(b->len), b->len - history - narrow_votes };
    memcpy(old.bytes, b->bytes, at);
    memcpy(old.bytes + at, b->bytes + at + history, b->len - at - history);
    old.bytes[4] = (unsigned char)version;
    if (narrow_votes) {
        size_t high = old.len - 2; /* votes low, votes high, passed, bridges */
        ck_assert_uint_eq(old.bytes[high], 0);
        memmove(old.bytes + high, old.bytes + high + 1, 2);
        size_t payload_len = b->len - layout.payload - 1;
        for (int i = 0; i < 4; i++)
            old.bytes[kind - history + 1 + (size_t)i] = (unsigned char)(payload_len >> (8 * i));
    }
    return old;
}

/* A binary snapshot of version 1 (0.1.0, no history fields) loads, with an
 * empty history that starts at its move number. */
START_TEST(test_version_1_loads_without_history)
{
    br_state *s = state_in_play(_i, 11);
    blob b = save(s);
    blob v1 = older_format(s, &b, 1);
    br_state *loaded = NULL;
    char err[256] = "";
    ck_assert_msg(br_state_from_bytes(v1.bytes, v1.len, &loaded, err, sizeof err) == BR_OK,
                  "%s: version 1 refused: %s", br_game_name(br_state_game(s)), err);
    ck_assert_uint_eq(br_state_move_number(loaded), br_state_move_number(s));
    ck_assert_uint_eq(br_state_history_start(loaded), br_state_move_number(s));
    size_t count = 99;
    ck_assert_int_eq(br_state_history(loaded, NULL, 0, &count), BR_OK);
    ck_assert_uint_eq(count, 0);
    free(v1.bytes);
    free(b.bytes);
    br_state_free(loaded);
    br_state_free(s);
}
END_TEST

/* The history's fields are checked, each failure named. */
START_TEST(test_history_checked)
{
    br_state *s = brt_random_state(br_game_find("tsuro"), "players=2,seed=1,chance=explicit", 5, 6);
    blob b = save(s);
    size_t at = brt_binary_layout_of(b.bytes, b.len).history;
    char err[256];
    b.bytes[at] = 7; /* start after the move number */
    ck_assert_int_eq(brt_binary_load(b.bytes, b.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "history: history start 7"), "%s", err);
    b.bytes[at] = 0;
    b.bytes[at + 4] = 9; /* player 8 of 2 */
    ck_assert_int_eq(brt_binary_load(b.bytes, b.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "history[0]: player 8"), "%s", err);
    br_history_entry first;
    size_t count;
    ck_assert_int_eq(br_state_history(s, &first, 1, &count), count > 1 ? BR_ERR_BUFFER : BR_OK);
    b.bytes[at + 4] = (unsigned char)(first.player + 1);
    b.bytes[at + 5] = 0xff; /* move 65535 and more */
    b.bytes[at + 6] = 0xff;
    ck_assert_int_eq(brt_binary_load(b.bytes, b.len, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "history[0]: move 65535 is outside"), "%s", err);
    free(b.bytes);
    br_state_free(s);
}
END_TEST

/* A binary snapshot of version 2 (0.2.0) loads as the same state, and saves
 * as version 3; Drunter & Drueber's payload is read in the layout of its
 * version (a version 3 payload under version 2 has a byte left over). */
START_TEST(test_version_2_loads)
{
    br_state *s = state_in_play(_i, 29);
    blob b = save(s);
    blob v2 = older_format(s, &b, 2);
    br_state *loaded = NULL;
    char err[256] = "";
    ck_assert_msg(br_state_from_bytes(v2.bytes, v2.len, &loaded, err, sizeof err) == BR_OK,
                  "%s: version 2 refused: %s", br_game_name(br_state_game(s)), err);
    char *a = brt_snapshot(s), *c = brt_snapshot(loaded);
    ck_assert_str_eq(a, c);
    blob again = save(loaded);
    ck_assert_uint_eq(again.len, b.len);
    ck_assert_mem_eq(again.bytes, b.bytes, b.len);
    if (v2.len < b.len) { /* Drunter & Drueber */
        b.bytes[4] = 2;
        ck_assert_int_eq(brt_binary_load(b.bytes, b.len, err, sizeof err), BR_ERR_SNAPSHOT);
        ck_assert_msg(brt_contains(err, "state: 1 bytes left over"), "%s", err);
    }
    free(a);
    free(c);
    free(again.bytes);
    free(v2.bytes);
    free(b.bytes);
    br_state_free(loaded);
    br_state_free(s);
}
END_TEST

/* The longest game of the options of `s` (learn.h: no state has a larger
 * move number). */
static uint32_t longest_game(const br_state *s)
{
    char *options = brt_options(s);
    br_facts f;
    ck_assert_int_eq(br_game_facts(br_state_game(s), options, &f, sizeof f, NULL, 0), BR_OK);
    free(options);
    return f.max_game_length;
}

/* Loads the JSON snapshot of `s` with `key` set to `value`; returns the
 * status, the reason in err. */
static br_status load_json_with(const br_state *s, const char *key, json_int_t value,
                                char *err, size_t err_size)
{
    json_t *root = brt_snapshot_json(s);
    json_object_set_new(root, key, json_integer(value));
    if (strcmp(key, "move_number") == 0) { /* an empty history that starts there */
        json_object_set_new(root, "history_start", json_integer(value));
        json_object_set_new(root, "history", json_array());
    }
    char *text = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    br_state *loaded = NULL;
    br_status st = br_state_from_json(text, &loaded, err, err_size);
    br_state_free(loaded);
    free(text);
    return st;
}

/* Loads the binary snapshot of `s` with the 4 bytes at `at` set to `value`
 * (for the move number, an empty history that starts there). */
static br_status load_bytes_with(const br_state *s, bool move_number, uint32_t value,
                                 char *err, size_t err_size)
{
    blob b = save(s);
    brt_binary_layout l = brt_binary_layout_of(b.bytes, b.len);
    blob c = { malloc(b.len), 0 };
    memcpy(c.bytes, b.bytes, l.history + 4);
    memcpy(c.bytes + l.history + 4, b.bytes + l.kind, b.len - l.kind); /* no entries */
    c.len = l.history + 4 + b.len - l.kind;
    uint32_t n = brt_read_u32(b.bytes + l.move_number);
    uint32_t fields[2] = { move_number ? value : n, value }; /* N, S */
    size_t where[2] = { l.move_number, l.history };
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < 4; i++)
            c.bytes[where[f] + (size_t)i] = (unsigned char)(fields[f] >> (8 * i));
    br_state *loaded = NULL;
    br_status st = br_state_from_bytes(c.bytes, c.len, &loaded, err, err_size);
    br_state_free(loaded);
    free(c.bytes);
    free(b.bytes);
    return st;
}

/* Issue 21, item 2: a move number or history start beyond the longest game
 * of the snapshot's options is refused by both loaders, naming the field
 * (one move would have wrapped such a move number to 0, and the state's own
 * snapshot was refused: "history start 4294967289 is not in 0..0"); the
 * bound itself loads. */
START_TEST(test_move_number_beyond_the_longest_game_refused)
{
    br_state *s = state_in_play(_i, 7);
    uint32_t bound = longest_game(s);
    const char *game = br_game_name(br_state_game(s));
    char err[256] = "", want[128];
    snprintf(want, sizeof want, "move_number: %u is more than the %u moves", bound + 1, bound);
    ck_assert_int_eq(load_json_with(s, "move_number", bound + 1, err, sizeof err),
                     BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, want), "%s JSON: %s", game, err);
    ck_assert_int_eq(load_bytes_with(s, true, bound + 1, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, want), "%s binary: %s", game, err);
    ck_assert_int_eq(load_json_with(s, "move_number", 4294967289, err, sizeof err),
                     BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "move_number: 4294967289 is more than"), "%s", err);
    ck_assert_int_eq(load_bytes_with(s, true, 4294967289u, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, "move_number: 4294967289 is more than"), "%s", err);
    snprintf(want, sizeof want, "history_start: %u is more than the %u moves", bound + 1,
             bound);
    ck_assert_int_eq(load_json_with(s, "history_start", bound + 1, err, sizeof err),
                     BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, want), "%s JSON: %s", game, err);
    ck_assert_int_eq(load_bytes_with(s, false, bound + 1, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(brt_contains(err, want), "%s binary: %s", game, err);
    ck_assert_msg(load_json_with(s, "move_number", bound, err, sizeof err) == BR_OK, "%s: %s",
                  game, err);
    ck_assert_msg(load_bytes_with(s, true, bound, err, sizeof err) == BR_OK, "%s: %s", game,
                  err);
    br_state_free(s);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("binary", 600),
        BRT_TEST(test_arguments),
        BRT_TEST(test_envelope_layout),
        BRT_TEST(test_envelope_fields_named),
        BRT_TEST(test_payload_kind_and_generator_checked),
        BRT_PER_GAME(test_every_cut_refused),
        BRT_PER_GAME(test_trailing_byte_refused),
        BRT_PER_GAME(test_every_byte_changed),
        BRT_PER_GAME(test_same_state_from_json_and_bytes),
        BRT_PER_GAME(test_json_payload_loads),
        BRT_PER_GAME(test_version_1_loads_without_history),
        BRT_TEST(test_history_checked),
        BRT_PER_GAME(test_version_2_loads),
        BRT_PER_GAME(test_move_number_beyond_the_longest_game_refused),
    };
    return brt_run_tests("binary", tests, BRT_COUNT(tests));
}
