/* Binary snapshots: the exact full state as compact bytes, the same on every
 * platform (fixed widths, little-endian).
 *
 * Format version 3:
 *   offset  size  field
 *   0       4     magic "BRSB"
 *   4       1     format version (3)
 *   5       1     n: length of the game's name (1..255)
 *   6       n     the game's name
 *   ...     2     m: length of the canonical options string
 *   ...     m     the options string (as br_state_options() writes it)
 *   ...     4     move number N (at most the options' max_game_length)
 *   ...     32    generator state: four 64-bit words
 *   ...     4     S: move number where the history starts (S <= N)
 *   ...     k     N - S history entries, each: 1 byte player + 1 (0: a chance
 *                 outcome), then the move in 2 bytes when the move space has
 *                 at most 65536 moves, else in 4
 *   ...     1     payload kind: 0 = the game's JSON snapshot text ("state"
 *                 member), 1 = the game's own binary fields
 *   ...     4     L: payload length
 *   ...     L     payload; nothing may follow it
 *
 * Every game writes kind 1. Kind 0 is loaded for every game too: it lets a
 * tool make a binary snapshot from a JSON one without knowing the game's
 * fields. Version 2 (0.2.0) is version 3 with Drunter & Drueber's
 * tallies.votes in one byte, which a long game overflowed (the game reads
 * either layout by the reader's version); version 1 (0.1.0) is version 2
 * without the history fields and loads with an empty history starting at N.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"

#define BINARY_MAGIC "BRSB"
#define BINARY_VERSION 3
#define BINARY_VERSION_NO_HISTORY 1
enum { PAYLOAD_JSON = 0, PAYLOAD_NATIVE = 1 };
enum { OPTIONS_MAX = BR_OPTIONS_MAX - 1 };

/* ------------------------------------------------------------------ */
/* Saving */

/* The game's part: its own fields, the length first. */
static void write_payload(const br_state *state, br_bytes_writer *w)
{
    br_bw_u8(w, PAYLOAD_NATIVE);
    size_t at = w->len;
    br_bw_u32(w, 0); /* the length, filled in below */
    state->game->to_bytes(state->data, w);
    uint32_t n = (uint32_t)(w->len - at - 4);
    if (at + 4 <= w->size)
        for (int i = 0; i < 4; i++)
            w->buf[at + (size_t)i] = (uint8_t)(n >> (8 * i));
}

/* Moves of a space this small fit in two bytes. */
static bool moves_fit_u16(const br_state *state)
{
    return state->game->move_space(state->data) <= 65536;
}

/* v's n lowest bytes at p, little-endian. */
static inline uint8_t *put_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
    return p + n;
}

/* The history entries, straight into the buffer when they fit (else only
 * counted: the save fails for the size). A history word is the move in the
 * upper 24 bits and player + 1 in the lower 8 (state_impl.h), so an entry's
 * bytes (player + 1, then the move) are the word's own bytes, little-endian:
 * the lower three of it for a move in two bytes, all four and a zero for a
 * move in four. */
static void write_history(const br_state *state, br_bytes_writer *w)
{
    const br_history_word *h = br_state_history_words_const(state);
    uint32_t n = br_state_history_length(state);
    bool narrow = moves_fit_u16(state);
    size_t need = (size_t)n * (narrow ? 3 : 5);
    if (w->len + need <= w->size) {
        uint8_t *p = w->buf + w->len;
        if (narrow) {
            for (uint32_t i = 0; i < n; i++, p += 3)
                put_le(p, h[i], 3);
        } else {
            for (uint32_t i = 0; i < n; i++, p += 5)
                put_le(p, h[i], 5); /* the fifth byte: zero */
        }
    }
    w->len += need;
}

/* The envelope up to the history: magic, version, game, options, move
 * number, generator and history start, put together in one buffer. */
static void write_head(const br_state *state, br_bytes_writer *w)
{
    char options[OPTIONS_MAX + 1];
    br_text o = br_text_over(options, sizeof options);
    br_options_write(state, &o);
    assert(br_text_fits(&o)); /* the tables keep every canonical string below it */
    size_t name_len = strlen(state->game->name);
    uint8_t head[4 + 1 + 1 + 255 + 2 + OPTIONS_MAX + 4 + 32 + 4];
    uint8_t *p = head;
    memcpy(p, BINARY_MAGIC, 4);
    p += 4;
    *p++ = BINARY_VERSION;
    *p++ = (uint8_t)name_len;
    memcpy(p, state->game->name, name_len);
    p = put_le(p + name_len, o.len, 2);
    memcpy(p, options, o.len);
    p = put_le(p + o.len, state->move_number, 4);
    for (int i = 0; i < 4; i++)
        p = put_le(p, state->rng.s[i], 8);
    p = put_le(p, state->history_start, 4);
    br_bw_bytes(w, head, (size_t)(p - head));
}

br_status br_state_to_bytes(const br_state *state, void *buf, size_t size, size_t *len)
{
    if (len)
        *len = 0;
    if (!state)
        return BR_ERR_ARGUMENT;
    if (!buf && size > 0)
        return br_state_fail_const(state, BR_ERR_ARGUMENT, "buf is NULL but size is %zu",
                                   size);
    br_bytes_writer w = { buf, size, 0 };
    write_head(state, &w);
    write_history(state, &w);
    write_payload(state, &w);
    if (len)
        *len = w.len;
    if (w.len > size)
        return br_state_fail_const(state, BR_ERR_BUFFER,
                                   "buffer of %zu bytes too small: %zu needed", size, w.len);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Loading */

/* The state the last binary load on this thread made from its options,
 * before the payload: loading many snapshots of one game (a worker's queue,
 * a transposition table) then copies it instead of parsing the options and
 * setting up the game again, which costs as much as reading the payload. */
enum { TEMPLATE_MAX = 8192 };

typedef struct options_template {
    const struct br_game *game; /* NULL: empty */
    size_t options_len;
    char options[OPTIONS_MAX + 1];
    uint64_t seed;
    int32_t num_players;
    int32_t chance_mode;
    br_option_value game_options[BR_OPTION_KEYS_MAX - BR_COMMON_OPTIONS];
    _Alignas(16) unsigned char data[TEMPLATE_MAX];
} options_template;

static _Thread_local options_template last_template;

static bool template_fits(const struct br_game *game, const char *options, size_t len)
{
    const options_template *t = &last_template;
    return t->game == game && t->options_len == len && memcmp(t->options, options, len) == 0;
}

static void remember_template(const br_state *s, const char *options, size_t len)
{
    options_template *t = &last_template;
    if (s->game->state_size > TEMPLATE_MAX)
        return;
    t->game = s->game;
    t->options_len = len;
    memcpy(t->options, options, len);
    t->seed = s->seed;
    t->num_players = s->num_players;
    t->chance_mode = s->chance_mode;
    memcpy(t->game_options, s->options, sizeof t->game_options);
    memcpy(t->data, s->data, s->game->state_size);
}

static br_status create_from_options(const struct br_game *game, const char *options,
                                     size_t len, br_state **out, br_text *err)
{
    if (!template_fits(game, options, len)) {
        br_status st = br_state_create_unsettled(game, options, out, err);
        if (st == BR_OK)
            remember_template(*out, options, len);
        return st;
    }
    br_state *s = br_mem_zalloc(br_state_alloc_size(game));
    if (!s) {
        br_text_puts(err, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    const options_template *t = &last_template;
    s->game = game;
    br_state_set_identity(s);
    s->seed = t->seed;
    s->num_players = t->num_players;
    s->chance_mode = t->chance_mode;
    memcpy(s->options, t->game_options, sizeof s->options);
    memcpy(s->data, t->data, game->state_size);
    *out = s;
    return BR_OK;
}

static br_status read_history(br_bytes_reader *r, br_state *s, br_text *err)
{
    uint32_t start = br_br_u32(r, "history_start");
    if (r->failed)
        return BR_ERR_SNAPSHOT;
    if (!br_snapshot_check_move_number(s, start, "history_start", err))
        return BR_ERR_SNAPSHOT;
    size_t count = start <= s->move_number ? s->move_number - start : 0;
    size_t entry_size = moves_fit_u16(s) ? 3 : 5;
    if (!br_history_begin(s, start, count, "history", err))
        return BR_ERR_SNAPSHOT;
    if (count * entry_size > r->left) {
        br_text_printf(err, "history: %zu entries need %zu bytes, %zu left", count,
                       count * entry_size, r->left);
        return BR_ERR_SNAPSHOT;
    }
    /* Read straight from the bytes (their length is checked above), the
     * move space asked once; br_history_put() checks again and names the
     * entry only when one is wrong. */
    const uint8_t *p = r->p;
    size_t space = s->game->move_space(s->data);
    br_history_word *h = br_state_history_words(s);
    for (size_t i = 0; i < count; i++, p += entry_size) {
        long long player = (long long)p[0] - 1;
        uint32_t move = (uint32_t)p[1] | (uint32_t)p[2] << 8;
        if (entry_size == 5)
            move |= (uint32_t)p[3] << 16 | (uint32_t)p[4] << 24;
        if (player >= s->num_players || move >= space) {
            br_history_put(s, i, player, move, "history", err);
            return BR_ERR_SNAPSHOT;
        }
        h[i] = br_history_pack((int)player, (br_move)move);
    }
    r->p = p;
    r->left -= count * entry_size;
    return BR_OK;
}

/* Reads the envelope up to the payload; on success *out is the state made
 * from the options, with move number and generator set, and r->version the
 * snapshot's format version. */
static br_status read_envelope(br_bytes_reader *r, br_state **out, br_text *err)
{
    char magic[4];
    if (!br_br_bytes(r, magic, 4, "magic"))
        return BR_ERR_SNAPSHOT;
    if (memcmp(magic, BINARY_MAGIC, 4) != 0) {
        br_text_puts(err, "magic: not a binary libboardrules snapshot (expected \"BRSB\")");
        return BR_ERR_SNAPSHOT;
    }
    uint8_t version = br_br_u8(r, "version");
    if (!r->failed && (version < BINARY_VERSION_NO_HISTORY || version > BINARY_VERSION)) {
        br_text_printf(err, "version: %u is not in %d..%d", version, BINARY_VERSION_NO_HISTORY,
                       BINARY_VERSION);
        return BR_ERR_SNAPSHOT;
    }
    r->version = version;
    char name[256];
    uint8_t name_len = br_br_u8(r, "game");
    if (!br_br_bytes(r, name, name_len, "game"))
        return BR_ERR_SNAPSHOT;
    name[name_len] = '\0';
    const br_game *game = br_game_find(name);
    if (!game) {
        br_text_printf(err, "game: no game named '%s'", name);
        return BR_ERR_UNKNOWN_GAME;
    }
    char options[OPTIONS_MAX + 1];
    uint16_t options_len = br_br_u16(r, "options");
    if (!r->failed && options_len > OPTIONS_MAX) {
        br_text_printf(err, "options: %u bytes, more than %d", options_len, OPTIONS_MAX);
        return BR_ERR_SNAPSHOT;
    }
    if (!br_br_bytes(r, options, options_len, "options"))
        return BR_ERR_SNAPSHOT;
    options[options_len] = '\0';
    if (memchr(options, '\0', options_len)) {
        br_text_puts(err, "options: contains a NUL byte");
        return BR_ERR_SNAPSHOT;
    }
    uint32_t move_number = br_br_u32(r, "move_number");
    br_rng rng;
    for (int i = 0; i < 4; i++)
        rng.s[i] = br_br_u64(r, "rng");
    if (r->failed)
        return BR_ERR_SNAPSHOT;
    if ((rng.s[0] | rng.s[1] | rng.s[2] | rng.s[3]) == 0) {
        br_text_puts(err, "rng: all-zero generator state is invalid");
        return BR_ERR_SNAPSHOT;
    }
    char msg[BR_ERROR_SIZE];
    br_text m = br_text_over(msg, sizeof msg);
    br_status created = create_from_options(game, options, options_len, out, &m);
    if (created != BR_OK) {
        if (created == BR_ERR_NO_MEMORY)
            br_text_puts(err, msg);
        else
            br_text_printf(err, "options: %s", msg);
        return created == BR_ERR_NO_MEMORY ? created : BR_ERR_SNAPSHOT;
    }
    if (!br_snapshot_check_move_number(*out, move_number, "move_number", err))
        return BR_ERR_SNAPSHOT;
    (*out)->move_number = move_number;
    (*out)->rng = rng;
    if (version == BINARY_VERSION_NO_HISTORY) {
        (*out)->history_start = move_number;
        return BR_OK;
    }
    return read_history(r, *out, err);
}

/* A kind-0 payload: the game's JSON snapshot text. */
static br_status load_json_payload(br_state *s, const uint8_t *text, size_t n, br_text *err)
{
    json_error_t jerr;
    json_t *game_state;
    br_status parsed = br_json_parse((const char *)text, n, JSON_REJECT_DUPLICATES,
                                     &game_state, &jerr);
    if (parsed != BR_OK) {
        if (parsed == BR_ERR_NO_MEMORY)
            br_text_puts(err, "out of memory");
        else
            br_text_printf(err, "state: column %d: %s", jerr.column, jerr.text);
        return parsed;
    }
    br_status st = br_snapshot_load_game_state(s, game_state, err);
    json_decref(game_state);
    return st;
}

static br_status load_native_payload(br_state *s, const uint8_t *data, size_t n,
                                     unsigned version, br_text *err)
{
    br_bytes_reader r = { data, n, false, err, version };
    if (s->game->from_bytes(s->data, &r, err) != BR_OK || r.failed)
        return BR_ERR_SNAPSHOT;
    if (r.left > 0) {
        br_text_printf(err, "state: %zu bytes left over after the last field", r.left);
        return BR_ERR_SNAPSHOT;
    }
    return br_snapshot_check_loaded(s, err);
}

static br_status read_payload(br_bytes_reader *r, br_state *s, br_text *err)
{
    uint8_t kind = br_br_u8(r, "payload kind");
    uint32_t n = br_br_u32(r, "payload length");
    if (r->failed)
        return BR_ERR_SNAPSHOT;
    if (kind != PAYLOAD_JSON && kind != PAYLOAD_NATIVE) {
        br_text_printf(err, "payload kind: %u is not 0 (JSON) or 1 (own fields)", kind);
        return BR_ERR_SNAPSHOT;
    }
    if (n != r->left) {
        br_text_printf(err, "payload length: %" PRIu32 " bytes, but %zu follow", n, r->left);
        return BR_ERR_SNAPSHOT;
    }
    return kind == PAYLOAD_JSON ? load_json_payload(s, r->p, n, err)
                                : load_native_payload(s, r->p, n, r->version, err);
}

br_status br_state_from_bytes(const void *data, size_t size, br_state **out, char *err,
                              size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (out)
        *out = NULL;
    if (!out || (!data && size > 0)) {
        br_text_puts(&e, out ? "data is NULL but size is not 0" : "out is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_bytes_reader r = { data, size, false, &e, 0 };
    br_state *s = NULL;
    br_status st = read_envelope(&r, &s, &e);
    if (st == BR_OK)
        st = read_payload(&r, s, &e);
    if (st != BR_OK) {
        br_state_free(s);
        return st;
    }
    *out = s;
    return BR_OK;
}
