/* Shared helpers of the libFuzzer targets in fuzz/ (see fuzz/README.md).
 *
 * Header-only on purpose: each target is one translation unit linked with
 * the library objects, and fuzz/make_corpus.c uses the same decoding of the
 * input header so that its seeds land on the positions they were made for.
 * Every broken invariant ends in FZ_CHECK -> abort(), which libFuzzer
 * reports as a crash together with the input.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardrules.h>

#define FZ_CHECK(cond, ...)                                                     \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "fuzz invariant broken at %s:%d: %s\n  ", __FILE__, \
                    __LINE__, #cond);                                           \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            abort();                                                            \
        }                                                                       \
    } while (0)

/* ---- reading the fuzzer's bytes ---------------------------------- */

typedef struct fz_in {
    const uint8_t *data;
    size_t size;
} fz_in;

static inline uint8_t fz_u8(fz_in *in)
{
    if (in->size == 0)
        return 0;
    uint8_t v = in->data[0];
    in->data++;
    in->size--;
    return v;
}

static inline uint16_t fz_u16(fz_in *in)
{
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | ((uint16_t)fz_u8(in) << 8));
}

static inline uint32_t fz_u32(fz_in *in)
{
    uint32_t lo = fz_u16(in);
    return lo | ((uint32_t)fz_u16(in) << 16);
}

/* The rest of the input as a NUL-terminated string (stops at a NUL byte). */
static inline char *fz_rest_string(fz_in *in)
{
    char *s = malloc(in->size + 1);
    FZ_CHECK(s, "out of memory");
    memcpy(s, in->data, in->size);
    s[in->size] = '\0';
    in->data += in->size;
    in->size = 0;
    return s;
}

/* ---- a small generator for the targets' own choices (splitmix64) - */

static inline uint64_t fz_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline size_t fz_below(uint64_t *state, size_t bound)
{
    return bound ? (size_t)(fz_rand(state) % bound) : 0;
}

/* ---- text out of the library (length query, then the text) ------- */

typedef br_status (*fz_text_fn)(const br_state *, char *, size_t, size_t *);

static inline char *fz_text(const br_state *s, fz_text_fn fn)
{
    /* One call into a big buffer, which fits nearly always; the length
     * query and a second call only when it did not. */
    size_t cap = 16384, len = 0;
    char *buf = malloc(cap);
    FZ_CHECK(buf, "out of memory");
    br_status st = fn(s, buf, cap, &len);
    if (st == BR_ERR_BUFFER) {
        FZ_CHECK(len >= cap, "BR_ERR_BUFFER with length %zu < %zu", len, cap);
        free(buf);
        buf = malloc(len + 1);
        FZ_CHECK(buf, "out of memory");
        size_t len2 = 0;
        st = fn(s, buf, len + 1, &len2);
        FZ_CHECK(len2 == len, "text changed length %zu -> %zu", len, len2);
    }
    FZ_CHECK(st == BR_OK && strlen(buf) == len, "text call failed (%s) or wrong length %zu",
             br_status_string(st), len);
    return buf;
}

/* The binary snapshot: the exact state (options, the game's fields, the
 * history, the generator) at a fraction of the JSON text's cost. The
 * targets use it where they only ask "unchanged?" or "identical?"; the JSON
 * round trip is checked on its own (fz_check_roundtrip). */
typedef struct fz_blob {
    unsigned char *data;
    size_t size;
} fz_blob;

static inline fz_blob fz_binary(const br_state *s)
{
    fz_blob b = { malloc(8192), 0 };
    FZ_CHECK(b.data, "out of memory");
    br_status st = br_state_to_bytes(s, b.data, 8192, &b.size);
    if (st == BR_ERR_BUFFER) {
        free(b.data);
        b.data = malloc(b.size);
        FZ_CHECK(b.data, "out of memory");
        st = br_state_to_bytes(s, b.data, b.size, &b.size);
    }
    FZ_CHECK(st == BR_OK, "to_bytes: %s", br_status_string(st));
    return b;
}

/* Whether a state still has the binary snapshot `before` (which it frees). */
static inline int fz_unchanged(const br_state *s, fz_blob before)
{
    fz_blob now = fz_binary(s);
    int same = now.size == before.size && memcmp(now.data, before.data, now.size) == 0;
    free(now.data);
    free(before.data);
    return same;
}

/* Whether two states have the identical binary snapshot. */
static inline int fz_same_state(const br_state *a, const br_state *b)
{
    return fz_unchanged(b, fz_binary(a));
}

static inline char *fz_snapshot(const br_state *s) { return fz_text(s, br_state_to_json); }
static inline char *fz_options(const br_state *s) { return fz_text(s, br_state_options); }

/* The snapshot text from its "move_number" member on, without the "rng"
 * member: the position and the history, not the options (a record replays
 * as chance=explicit, with another options string and generator). */
static inline char *fz_position_text(const br_state *s)
{
    char *json = fz_snapshot(s);
    char *from = strstr(json, "\"move_number\"");
    if (from)
        memmove(json, from, strlen(from) + 1);
    char *p = strstr(json, "\"rng\":[");
    char *q = p ? strchr(p, ']') : NULL;
    if (q) {
        q += q[1] == ',' ? 2 : 1;
        memmove(p, q, strlen(q) + 1);
    }
    return json;
}

static inline char *fz_observe(const br_state *s, int seat)
{
    size_t len = 0;
    br_status st = br_state_observe(s, seat, NULL, 0, &len);
    FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "observe(%d) length: %s", seat,
             br_status_string(st));
    char *buf = malloc(len + 1);
    FZ_CHECK(buf, "out of memory");
    st = br_state_observe(s, seat, buf, len + 1, NULL);
    FZ_CHECK(st == BR_OK, "observe(%d): %s", seat, br_status_string(st));
    return buf;
}

static inline void fz_render_all(const br_state *s)
{
    char small[8];
    size_t len;
    int n = br_state_num_players(s);
    for (int seat = -1; seat < n; seat++) {
        free(fz_observe(s, seat));
        br_status st = br_state_render_view(s, seat, small, sizeof small, &len);
        FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "render_view(%d): %s", seat,
                 br_status_string(st));
    }
    char *r = fz_text(s, br_state_render);
    free(r);
}

/* Snapshot of a state must load again and give the identical text. */
static inline char *fz_check_roundtrip(const br_state *s)
{
    char *json = fz_snapshot(s);
    br_state *t = NULL;
    char err[256] = "";
    br_status st = br_state_from_json(json, &t, err, sizeof err);
    FZ_CHECK(st == BR_OK, "own snapshot does not load: %s\n%s", err, json);
    char *json2 = fz_snapshot(t);
    FZ_CHECK(strcmp(json, json2) == 0, "snapshot round trip differs:\n%s\n%s", json, json2);
    FZ_CHECK(br_state_current_player(t) == br_state_current_player(s), "player differs");
    FZ_CHECK(br_state_move_number(t) == br_state_move_number(s), "move number differs");
    free(json2);
    br_state_free(t);
    return json;
}

/* ---- choosing a game, options and a position -------------------- */

/* Variant options per game, from its option table (br_game_option()), so
 * that a new game or key is fuzzed without edits here: the values of a
 * game's own key are its choices, both flag values, or the numbers of a
 * small integer range. */
static inline size_t fz_spec_value_count(const br_option_spec *o)
{
    size_t n = 0;
    if (o->kind == BR_OPTION_CHOICE)
        while (o->choices[n])
            n++;
    else if (o->kind == BR_OPTION_FLAG)
        n = 2;
    else if (o->max - o->min <= 16)
        n = (size_t)(o->max - o->min + 1);
    return n;
}

/* Appends `,key=value` (the spec's i-th value) to out. */
static inline void fz_put_spec_value(const br_option_spec *o, size_t i, char *out, size_t size)
{
    size_t used = strlen(out);
    const char *sep = used ? "," : "";
    if (o->kind == BR_OPTION_CHOICE)
        snprintf(out + used, size - used, "%s%s=%s", sep, o->key, o->choices[i]);
    else if (o->kind == BR_OPTION_FLAG)
        snprintf(out + used, size - used, "%s%s=%s", sep, o->key, i ? "true" : "false");
    else
        snprintf(out + used, size - used, "%s%s=%llu", sep, o->key,
                 (unsigned long long)(o->min + i));
}

/* Variant k (0..15) of game g into out: 0 the defaults, 15 every own key at
 * its last value, else one key=value among all of them (k-1 modulo their
 * number). */
static inline void fz_variant(const br_game *g, unsigned k, char *out, size_t size)
{
    out[0] = '\0';
    size_t total = 0;
    for (size_t i = 3; i < br_game_option_count(g); i++)
        total += fz_spec_value_count(br_game_option(g, i));
    if (k == 0 || total == 0)
        return;
    size_t pick = (k - 1) % total;
    for (size_t i = 3; i < br_game_option_count(g); i++) {
        const br_option_spec *o = br_game_option(g, i);
        size_t n = fz_spec_value_count(o);
        if (k == 15 && n > 0)
            fz_put_spec_value(o, n - 1, out, size);
        else if (k != 15 && pick < n) {
            fz_put_spec_value(o, pick, out, size);
            return;
        } else if (k != 15)
            pick -= n;
    }
}

static inline const br_game *fz_game(unsigned k)
{
    return br_game_at(k % br_game_count());
}

/* A header of 8 bytes selects game, option set and position:
 *   byte 0: game; byte 1: bits 0-2 players offset, bit 3 chance=explicit,
 *   bits 4-7 variant; bytes 2-5 seed (state's seed and the choice of the
 *   random moves); bytes 6-7 number of random moves played from the start.
 * Always returns a state (falls back to fewer options when some are refused). */
typedef struct fz_header {
    uint8_t game, flags;
    uint32_t seed;
    uint16_t moves;
} fz_header;

static inline fz_header fz_read_header(fz_in *in)
{
    fz_header h;
    h.game = fz_u8(in);
    h.flags = fz_u8(in);
    h.seed = fz_u32(in);
    h.moves = fz_u16(in);
    return h;
}

static inline void fz_write_header(uint8_t out[8], const fz_header *h)
{
    out[0] = h->game;
    out[1] = h->flags;
    for (int i = 0; i < 4; i++)
        out[2 + i] = (uint8_t)(h->seed >> (8 * i));
    out[6] = (uint8_t)h->moves;
    out[7] = (uint8_t)(h->moves >> 8);
}

static inline br_state *fz_new_state(const fz_header *h)
{
    const br_game *g = fz_game(h->game);
    int lo = br_game_min_players(g), hi = br_game_max_players(g);
    int players = lo + (h->flags & 7) % (hi - lo + 1);
    const char *chance = (h->flags & 8) ? "explicit" : "auto";
    char extra[200];
    fz_variant(g, h->flags >> 4, extra, sizeof extra);
    char opts[256];
    br_state *s = NULL;
    snprintf(opts, sizeof opts, "players=%d,seed=%u,chance=%s%s%s", players, (unsigned)h->seed,
             chance, *extra ? "," : "", extra);
    if (br_state_new(g, opts, &s, NULL, 0) == BR_OK)
        return s;
    snprintf(opts, sizeof opts, "players=%d,seed=%u,chance=%s", players, (unsigned)h->seed,
             chance);
    if (br_state_new(g, opts, &s, NULL, 0) == BR_OK)
        return s;
    char err[256] = "";
    br_status st = br_state_new(g, NULL, &s, err, sizeof err);
    FZ_CHECK(st == BR_OK, "default options refused by %s: %s", br_game_name(g), err);
    return s;
}

/* Plays up to max_moves uniformly random legal moves (chance outcomes too);
 * every listed legal move must be accepted. If `history` is not NULL it
 * receives the moves (room for max_moves). Returns the number played. */
static inline size_t fz_play(br_state *s, uint64_t *rng, size_t max_moves, br_move *history)
{
    size_t cap = br_state_max_legal_moves(s);
    br_move *moves = malloc(sizeof *moves * (cap + 1));
    FZ_CHECK(moves, "out of memory");
    size_t played = 0;
    while (played < max_moves && !br_state_is_terminal(s)) {
        size_t n = 0;
        br_status st = br_state_legal_moves(s, moves, cap, &n);
        FZ_CHECK(st == BR_OK && n <= cap, "legal_moves: %s, %zu of %zu", br_status_string(st),
                 n, cap);
        FZ_CHECK(n > 0, "no legal move in a state that is not over");
        br_move m = moves[fz_below(rng, n)];
        st = br_state_apply(s, m);
        FZ_CHECK(st == BR_OK, "listed legal move %d refused: %s", (int)m,
                 br_state_last_error(s));
        if (history)
            history[played] = m;
        played++;
    }
    free(moves);
    return played;
}

static inline br_state *fz_position(const fz_header *h)
{
    br_state *s = fz_new_state(h);
    uint64_t rng = h->seed ^ ((uint64_t)h->flags << 40) ^ 0x5eedull;
    fz_play(s, &rng, h->moves % 512, NULL);
    return s;
}

#endif /* FUZZ_COMMON_H */
