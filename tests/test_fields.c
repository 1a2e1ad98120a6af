/*
 * The snapshot field walker (libboardrules/fields.c; internal.h, "Snapshot
 * fields as data"), on a small made-up state that has one member of every
 * kind: the JSON it writes for the snapshot and for each viewer, the reader's
 * checks and messages, and the binary form. Built from the walker's sources
 * (it is internal: the library exports none of it).
 */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brt_util.h"
#include "internal.h"

enum { SEATS = 3, NONE = 0xFF };

typedef struct toy_seat {
    uint16_t points;
    uint8_t hand_len;
    uint8_t hand[4];   /* card numbers, the owner's secret */
    uint8_t held;      /* a SET of colours, shown to everyone */
} toy_seat;

typedef struct toy {
    uint8_t phase;     /* NAME */
    uint8_t turn;      /* INT, a seat */
    uint8_t leader;    /* INT + 1 or null */
    bool over;         /* BOOL */
    uint8_t out;       /* SET of seats */
    uint8_t deck_len;
    uint8_t deck[6];   /* nobody sees the order */
    toy_seat seats[SEATS];
} toy;

static const char *const PHASES[] = {"deal", "play", "over"};
static const char *const COLOURS[] = {"red", "green", "blue"};

/* The game's own notation: card n is "c<n>". */
static void card_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)c;
    char text[8];
    br_text t = br_text_over(text, sizeof text);
    br_text_printf(&t, "c%u", *(const uint8_t *)member);
    br_jw_string(w, text);
}

static bool card_read(const br_fields_ctx *c, void *member, const json_t *v,
                      const br_field_path *at, br_text *err)
{
    (void)c;
    const char *s = json_string_value(v);
    if (!s || s[0] != 'c' || s[1] < '0' || s[1] > '9' || s[2] != '\0')
        return br_field_fail(err, at, "not a card");
    *(uint8_t *)member = (uint8_t)(s[1] - '0');
    return true;
}

static void card_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    br_bw_u8(w, *(const uint8_t *)member);
}

static bool card_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                     const br_field_path *at)
{
    (void)c;
    if (r->left < 1)
        return br_field_fail_bytes(r, at, "the data ends early");
    uint8_t v = br_br_u8(r, "");
    if (v > 9)
        return br_field_fail_bytes(r, at, "%u is not a card", v);
    *(uint8_t *)member = v;
    return true;
}

static const br_field_codec CARD = {card_write, card_read, card_put, card_get};

/* The derived count of cards in hands: JSON only. */
static void cards_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)member;
    const toy *s = c->state;
    int n = 0;
    for (int p = 0; p < c->num_seats; p++)
        n += s->seats[p].hand_len;
    br_jw_int(w, n);
}

static const br_field_codec CARDS_IN_HANDS = {cards_write, NULL, NULL, NULL};

static void viewer_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)member;
    br_jw_int(w, c->viewer);
}

static const br_field_codec VIEWER = {viewer_write, NULL, NULL, NULL};

static const br_field SEAT_FIELDS[] = {
    {.key = "points", .kind = BR_FIELD_INT, .width = 2, .offset = offsetof(toy_seat, points),
     .max = 500},
    {.key = "hand", .kind = BR_FIELD_CODEC, .codec = &CARD, .see = BR_SEE_OWNER,
     .hide = BR_HIDE_COUNT, .offset = offsetof(toy_seat, hand), .count = 4, .stride = 1,
     .length_at = 1 + offsetof(toy_seat, hand_len)},
    {.key = "held", .kind = BR_FIELD_SET, .width = 1, .offset = offsetof(toy_seat, held),
     .max = 3, .names = COLOURS},
};
static const br_field_table SEAT_TABLE = {SEAT_FIELDS, sizeof SEAT_FIELDS / sizeof SEAT_FIELDS[0]};

static const br_field TOY_FIELDS[] = {
    {.key = "seat", .kind = BR_FIELD_CODEC, .codec = &VIEWER, .flags = BR_FIELD_VIEW_ONLY},
    {.key = "phase", .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(toy, phase), .max = 2,
     .names = PHASES},
    {.key = "turn", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(toy, turn),
     .max = BR_FIELD_LAST_SEAT},
    {.key = "leader", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(toy, leader),
     .max = BR_FIELD_LAST_SEAT, .bias = 1, .flags = BR_FIELD_NULLABLE, .none = NONE},
    {.key = "over", .kind = BR_FIELD_BOOL, .offset = offsetof(toy, over)},
    {.key = "out", .kind = BR_FIELD_SET, .width = 1, .offset = offsetof(toy, out),
     .max = BR_FIELD_LAST_SEAT},
    {.key = "deck", .kind = BR_FIELD_INT, .width = 1, .see = BR_SEE_NONE, .hide = BR_HIDE_COUNT,
     .offset = offsetof(toy, deck), .count = 6, .stride = 1, .max = 9,
     .length_at = 1 + offsetof(toy, deck_len)},
    {.key = "cards_in_hands", .kind = BR_FIELD_CODEC, .codec = &CARDS_IN_HANDS,
     .flags = BR_FIELD_JSON_ONLY},
    {.key = "seats", .kind = BR_FIELD_OBJECT, .table = &SEAT_TABLE,
     .offset = offsetof(toy, seats), .count = BR_FIELD_SEATS, .stride = sizeof(toy_seat)},
};
static const br_field_table TOY_TABLE = {TOY_FIELDS, sizeof TOY_FIELDS / sizeof TOY_FIELDS[0]};

static const br_field_path ROOT = {NULL, "state", 0};

static toy sample(void)
{
    toy s;
    memset(&s, 0, sizeof s);
    s.phase = 1;
    s.turn = 2;
    s.leader = NONE;
    s.out = 1u << 1;
    s.deck_len = 2;
    s.deck[0] = 7;
    s.deck[1] = 3;
    s.seats[0] = (toy_seat){.points = 12, .hand_len = 2, .hand = {4, 5}, .held = 5};
    s.seats[1] = (toy_seat){.points = 0, .hand_len = 0, .held = 0};
    s.seats[2] = (toy_seat){.points = 300, .hand_len = 1, .hand = {9}, .held = 2};
    return s;
}

static br_fields_ctx ctx_of(const toy *s, int viewer)
{
    return (br_fields_ctx){.state = s, .viewer = viewer, .num_seats = SEATS, .owner = -1};
}

static char *write_json(const toy *s, int viewer)
{
    static char buf[2048];
    br_text t = br_text_over(buf, sizeof buf);
    br_jw w;
    br_jw_init(&w, &t);
    br_fields_ctx c = ctx_of(s, viewer);
    br_fields_write_json(&TOY_TABLE, &c, s, &w);
    ck_assert(br_text_fits(&t));
    return buf;
}

static const char SNAPSHOT[] =
    "{\"phase\":\"play\",\"turn\":2,\"leader\":null,\"over\":false,\"out\":[1],"
    "\"deck\":[7,3],\"cards_in_hands\":3,\"seats\":["
    "{\"points\":12,\"hand\":[\"c4\",\"c5\"],\"held\":[\"red\",\"blue\"]},"
    "{\"points\":0,\"hand\":[],\"held\":[]},"
    "{\"points\":300,\"hand\":[\"c9\"],\"held\":[\"green\"]}]}";

START_TEST(test_snapshot_has_every_member)
{
    toy s = sample();
    ck_assert_str_eq(write_json(&s, BR_VIEW_FULL), SNAPSHOT);
}
END_TEST

START_TEST(test_observation_hides_by_table)
{
    toy s = sample();
    /* Seat 0 sees its own hand, the count of the others', no deck. */
    ck_assert_str_eq(write_json(&s, 0),
                     "{\"seat\":0,\"phase\":\"play\",\"turn\":2,\"leader\":null,\"over\":false,"
                     "\"out\":[1],\"deck\":2,\"cards_in_hands\":3,\"seats\":["
                     "{\"points\":12,\"hand\":[\"c4\",\"c5\"],\"held\":[\"red\",\"blue\"]},"
                     "{\"points\":0,\"hand\":0,\"held\":[]},"
                     "{\"points\":300,\"hand\":1,\"held\":[\"green\"]}]}");
    /* A spectator sees no hand. */
    const char *spectator = write_json(&s, -1);
    ck_assert_ptr_nonnull(strstr(spectator, "{\"points\":12,\"hand\":2,"));
    ck_assert_ptr_null(strstr(spectator, "c9"));
}
END_TEST

static bool load(const char *text, toy *out, char *err, size_t err_size)
{
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    ck_assert_ptr_nonnull(root);
    br_text e = br_text_over(err, err_size);
    memset(out, 0, sizeof *out);
    br_fields_ctx c = ctx_of(out, BR_VIEW_FULL);
    bool ok = br_fields_read_json(&TOY_TABLE, &c, out, root, &ROOT, &e);
    json_decref(root);
    return ok;
}

START_TEST(test_snapshot_reads_back)
{
    toy s = sample(), back;
    char err[256] = "";
    ck_assert_msg(load(SNAPSHOT, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(memcmp(&s, &back, sizeof s), 0);
}
END_TEST

/* Each broken member is refused with its path. */
static const struct {
    const char *from, *to, *reason;
} BROKEN[] = {
    {"\"turn\":2", "\"turn\":3", "state.turn: 3 is not in 0..2"},
    {"\"leader\":null", "\"leader\":0", "state.leader: 0 is not in 1..3"},
    {"\"phase\":\"play\"", "\"phase\":\"nap\"", "state.phase: 'nap' is not a valid value"},
    {"\"over\":false", "\"over\":0", "state.over: not true or false"},
    {"\"out\":[1]", "\"out\":[3]", "state.out[0]: 3 is not in 0..2"},
    {"\"out\":[1]", "\"out\":[1,0]", "state.out[1]: not in increasing order without repeats"},
    {"\"deck\":[7,3]", "\"deck\":[7,3,1,1,1,1,1]", "state.deck: 7 entries, at most 6"},
    {"\"deck\":[7,3]", "\"deck\":[7,10]", "state.deck[1]: 10 is not in 0..9"},
    {"\"points\":300", "\"points\":501", "state.seats[2].points: 501 is not in 0..500"},
    {"\"c5\"", "\"x5\"", "state.seats[0].hand[1]: not a card"},
    {"\"held\":[\"green\"]", "\"held\":[\"grey\"]",
     "state.seats[2].held[0]: 'grey' is not a valid value"},
    {"\"over\":false,", "", "state.over: missing"},
    {"\"over\":false,", "\"over\":false,\"extra\":1,", "state.extra: unknown field"},
    {"{\"points\":0,\"hand\":[],\"held\":[]},", "", "state.seats: 2 entries, not 3"},
};

START_TEST(test_reader_names_the_member)
{
    char text[1024];
    const char *at = strstr(SNAPSHOT, BROKEN[_i].from);
    ck_assert_ptr_nonnull(at);
    size_t head = (size_t)(at - SNAPSHOT);
    snprintf(text, sizeof text, "%.*s%s%s", (int)head, SNAPSHOT, BROKEN[_i].to,
             at + strlen(BROKEN[_i].from));
    toy back;
    char err[256] = "";
    ck_assert(!load(text, &back, err, sizeof err));
    ck_assert_str_eq(err, BROKEN[_i].reason);
}
END_TEST

static size_t write_bytes(const toy *s, uint8_t *buf, size_t size)
{
    br_bytes_writer w = {buf, size, 0};
    br_fields_ctx c = ctx_of(s, BR_VIEW_FULL);
    br_fields_write_bytes(&TOY_TABLE, &c, s, &w);
    return w.len;
}

static bool read_bytes(const uint8_t *buf, size_t n, toy *out, char *err, size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    br_bytes_reader r = {.p = buf, .left = n, .err = &e};
    memset(out, 0, sizeof *out);
    br_fields_ctx c = ctx_of(out, BR_VIEW_FULL);
    return br_fields_read_bytes(&TOY_TABLE, &c, out, &r, &ROOT) && r.left == 0;
}

/* `s` written as bytes must read back as it was; returns the bytes' count. */
static size_t expect_bytes_round_trip(const toy *s)
{
    toy back;
    uint8_t buf[64];
    size_t n = write_bytes(s, buf, sizeof buf);
    char err[256] = "";
    ck_assert_msg(read_bytes(buf, n, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(memcmp(s, &back, sizeof *s), 0);
    return n;
}

/* The sample's bytes with byte `at` set to `value` (at < 0: none changed)
 * and the last `cut` bytes left off must be refused with `reason`. */
static void expect_bytes_refused(int at, uint8_t value, size_t cut, const char *reason)
{
    toy s = sample(), back;
    uint8_t buf[64];
    size_t n = write_bytes(&s, buf, sizeof buf);
    if (at >= 0)
        buf[at] = value;
    char err[256] = "";
    ck_assert(!read_bytes(buf, n - cut, &back, err, sizeof err));
    ck_assert_str_eq(err, reason);
}

START_TEST(test_bytes_round_trip)
{
    toy s = sample();
    /* phase turn leader over out | deck: len + 2 | seats: 2+1+k+1 each */
    ck_assert_uint_eq(expect_bytes_round_trip(&s), 5 + 3 + (4 + 2) + (4 + 0) + (4 + 1));
}
END_TEST

START_TEST(test_bytes_checked_as_json)
{
    expect_bytes_refused(1, 3, 0, "state.turn: 3 is not in 0..2");
    expect_bytes_refused(4, 8, 0, "state.out: bits beyond the 3 of the set"); /* seat 3 of 3 */
    expect_bytes_refused(5, 7, 0, "state.deck: 7 entries, at most 6");         /* its length */
    expect_bytes_refused(-1, 0, 1, "state.seats[2].held: the data ends 1 bytes early");
}
END_TEST

/* The binary reader checks a run of one-byte values (the deck) against the
 * member's range once per run, and a scalar without check_stored()'s call:
 * a value outside is still refused with the entry's path, and null and the
 * range's ends are still read. */
START_TEST(test_bytes_quick_checks_refuse_the_same)
{
    expect_bytes_refused(7, 10, 0, "state.deck[1]: 10 is not in 0..9");
    /* leader: seat 3 of 3, shown as 4 */
    expect_bytes_refused(2, 3, 0, "state.leader: 4 is not in 1..3");
    expect_bytes_refused(3, 2, 0, "state.over: 2 is not 0 or 1");
    toy s = sample();
    s.deck[0] = 9;
    s.deck[1] = 0;
    s.leader = 2;
    expect_bytes_round_trip(&s);
}
END_TEST

/* The tables again, with each key's JSON text precomputed as BR_KEY() stores
 * it and, in both, a phase name longer than the walker copies into its run
 * of text: the keyed tables go through that run, and must write the same
 * text as the plain ones, for the snapshot and every viewer. */
enum { TOY_COUNT = sizeof TOY_FIELDS / sizeof TOY_FIELDS[0],
       SEAT_COUNT = sizeof SEAT_FIELDS / sizeof SEAT_FIELDS[0] };
static const char *const LONG_PHASES[] = {
    "deal", "play-a-phase-whose-name-is-longer-than-sixty-four-bytes-of-text-so-it-goes-out-alone",
    "over"};

typedef struct toy_tables {
    br_field toy[TOY_COUNT], seat[SEAT_COUNT];
    br_field_table toy_table, seat_table;
    char keys[TOY_COUNT + SEAT_COUNT][40];
} toy_tables;

static void copy_fields(br_field *out, const br_field *in, size_t n, char (*keys)[40], bool keyed)
{
    for (size_t i = 0; i < n; i++) {
        out[i] = in[i];
        memset(out[i].json_key, 0, sizeof out[i].json_key);
        out[i].json_key_len = 0;
        if (keyed) {
            br_text t = br_text_over(keys[i], sizeof keys[i]);
            br_text_printf(&t, ",\"%s\":", in[i].key);
            ck_assert_uint_lt(t.len, sizeof out[i].json_key);
            memcpy(out[i].json_key, keys[i], t.len);
            out[i].json_key_len = (uint8_t)t.len;
        }
        if (out[i].names == PHASES)
            out[i].names = LONG_PHASES;
    }
}

static void toy_tables_init(toy_tables *t, bool keyed)
{
    copy_fields(t->seat, SEAT_FIELDS, SEAT_COUNT, t->keys + TOY_COUNT, keyed);
    copy_fields(t->toy, TOY_FIELDS, TOY_COUNT, t->keys, keyed);
    t->seat_table = (br_field_table){t->seat, SEAT_COUNT};
    t->toy_table = (br_field_table){t->toy, TOY_COUNT};
    for (size_t i = 0; i < TOY_COUNT; i++)
        if (t->toy[i].table == &SEAT_TABLE)
            t->toy[i].table = &t->seat_table;
}

static void write_with(const toy_tables *t, const toy *s, int viewer, char *buf, size_t size)
{
    br_text out = br_text_over(buf, size);
    br_jw w;
    br_jw_init(&w, &out);
    br_fields_ctx c = ctx_of(s, viewer);
    br_fields_write_json(&t->toy_table, &c, s, &w);
    ck_assert(br_text_fits(&out));
}

START_TEST(test_precomputed_keys_write_the_same_text)
{
    static toy_tables plain, keyed;
    toy_tables_init(&plain, false);
    toy_tables_init(&keyed, true);
    toy s = sample();
    static const int viewers[] = {BR_VIEW_FULL, 0, 1, 2, -1};
    for (size_t i = 0; i < sizeof viewers / sizeof viewers[0]; i++) {
        char a[2048], b[2048];
        write_with(&plain, &s, viewers[i], a, sizeof a);
        write_with(&keyed, &s, viewers[i], b, sizeof b);
        ck_assert_str_eq(b, a);
        ck_assert_ptr_nonnull(strstr(b, "\"phase\":\"play-a-phase-whose-name"));
    }
}
END_TEST

/* The walker's JSON writer compiles each table into a program (fixed text
 * and one op per value) at first use: the shapes it cannot compile, or
 * compiles in pieces, must write what the walk writes. */

typedef struct pair {
    uint8_t secret, x;
} pair;

static bool viewer_is_one(const br_fields_ctx *c)
{
    return c->viewer == 1;
}

/* A member some viewers do not see comes first: the program cannot know
 * whether the next key needs a comma, so the table is walked. */
static const br_field SECRET_FIRST[] = {
    {BR_KEY("secret"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(pair, secret),
     .max = 9, .see = BR_SEE_CUSTOM, .visible = viewer_is_one},
    {BR_KEY("x"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(pair, x), .max = 9},
};
static const br_field_table SECRET_FIRST_TABLE = {SECRET_FIRST, 2};

typedef struct outer {
    uint8_t n;
    pair inner;
} outer;

/* The same table as a nested object: not inlined, written by its own
 * (walked) table; the keys have no precomputed text and are longer than a
 * program step's fixed text, which is cut into steps of its own. */
static const br_field OUTER_FIELDS[] = {
    {.key = "a-key-longer-than-the-fixed-text-of-one-step", .kind = BR_FIELD_INT, .width = 1,
     .offset = offsetof(outer, n), .max = 9},
    {.key = "inner", .kind = BR_FIELD_OBJECT, .table = &SECRET_FIRST_TABLE,
     .offset = offsetof(outer, inner)},
};
static const br_field_table OUTER_TABLE = {OUTER_FIELDS, 2};

static const br_field PLAIN_PAIR[] = {
    {.key = "another-key-longer-than-the-fixed-text-of-one-step", .kind = BR_FIELD_INT,
     .width = 1, .offset = offsetof(pair, secret), .max = 9},
    {.key = "x", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(pair, x), .max = 9},
};
static const br_field_table PLAIN_PAIR_TABLE = {PLAIN_PAIR, 2};
static const br_field NESTED_FIELDS[] = {
    {.key = "a-key-longer-than-the-fixed-text-of-one-step", .kind = BR_FIELD_INT, .width = 1,
     .offset = offsetof(outer, n), .max = 9},
    {.key = "inner", .kind = BR_FIELD_OBJECT, .table = &PLAIN_PAIR_TABLE,
     .offset = offsetof(outer, inner)},
};
static const br_field_table NESTED_TABLE = {NESTED_FIELDS, 2};

static const char *write_table(const br_field_table *table, const void *s, int viewer)
{
    static _Thread_local char buf[512];
    br_text t = br_text_over(buf, sizeof buf);
    br_jw w;
    br_jw_init(&w, &t);
    br_fields_ctx c = {.state = s, .viewer = viewer, .num_seats = SEATS, .owner = -1};
    br_fields_write_json(table, &c, s, &w);
    ck_assert(br_text_fits(&t));
    return buf;
}

START_TEST(test_program_first_member_hidden_is_walked)
{
    pair p = {7, 3};
    ck_assert_str_eq(write_table(&SECRET_FIRST_TABLE, &p, BR_VIEW_FULL), "{\"secret\":7,\"x\":3}");
    ck_assert_str_eq(write_table(&SECRET_FIRST_TABLE, &p, 0), "{\"x\":3}");
    ck_assert_str_eq(write_table(&SECRET_FIRST_TABLE, &p, 1), "{\"secret\":7,\"x\":3}");
    outer o = {5, {7, 3}};
    ck_assert_str_eq(write_table(&OUTER_TABLE, &o, 2),
                     "{\"a-key-longer-than-the-fixed-text-of-one-step\":5,\"inner\":{\"x\":3}}");
    ck_assert_str_eq(write_table(&OUTER_TABLE, &o, 1),
                     "{\"a-key-longer-than-the-fixed-text-of-one-step\":5,"
                     "\"inner\":{\"secret\":7,\"x\":3}}");
}
END_TEST

START_TEST(test_program_long_text_is_cut_into_steps)
{
    outer o = {5, {7, 3}};
    static const char expected[] =
        "{\"a-key-longer-than-the-fixed-text-of-one-step\":5,\"inner\":"
        "{\"another-key-longer-than-the-fixed-text-of-one-step\":7,\"x\":3}}";
    ck_assert_str_eq(write_table(&NESTED_TABLE, &o, BR_VIEW_FULL), expected);
    ck_assert_str_eq(write_table(&NESTED_TABLE, &o, 0), expected);
}
END_TEST

/* More tables than the cache has room for: the ones without a program are
 * walked, and write the same. */
enum { MANY_TABLES = 80 };

START_TEST(test_program_cache_full_walks)
{
    static br_field_table tables[MANY_TABLES];
    pair p = {7, 3};
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < MANY_TABLES; i++) {
            tables[i] = PLAIN_PAIR_TABLE;
            ck_assert_str_eq(write_table(&tables[i], &p, i % 2 ? 0 : BR_VIEW_FULL),
                             "{\"another-key-longer-than-the-fixed-text-of-one-step\":7,"
                             "\"x\":3}");
        }
}
END_TEST

/* Threads that write with a table nobody has written with yet, all at once:
 * each builds or finds its program, and every text is right (TSan, in CI,
 * watches the cache). */
enum { RACE_THREADS = 8, RACE_WRITES = 50 };
static atomic_int race_waiting; /* threads not yet at the start */

static void *write_toy_views(void *arg)
{
    const br_field_table *table = arg;
    toy s = sample();
    atomic_fetch_sub(&race_waiting, 1);
    while (atomic_load(&race_waiting) > 0)
        ; /* all start writing at once */
    for (int i = 0; i < RACE_WRITES; i++) {
        br_text t;
        char buf[2048];
        t = br_text_over(buf, sizeof buf);
        br_jw w;
        br_jw_init(&w, &t);
        br_fields_ctx c = ctx_of(&s, i % 2 ? BR_VIEW_FULL : 1);
        br_fields_write_json(table, &c, &s, &w);
        if (i % 2 && strcmp(buf, SNAPSHOT) != 0)
            return (void *)"snapshot";
        if (!(i % 2) && !strstr(buf, "{\"points\":0,\"hand\":[],\"held\":[]}"))
            return (void *)"view";
    }
    return NULL;
}

START_TEST(test_program_built_by_threads_at_once)
{
    static br_field_table fresh;
    fresh = TOY_TABLE; /* a table of its own: no program yet */
    pthread_t threads[RACE_THREADS];
    atomic_store(&race_waiting, RACE_THREADS);
    for (int i = 0; i < RACE_THREADS; i++)
        ck_assert_int_eq(pthread_create(&threads[i], NULL, write_toy_views, &fresh), 0);
    for (int i = 0; i < RACE_THREADS; i++) {
        void *wrong;
        ck_assert_int_eq(pthread_join(threads[i], &wrong), 0);
        ck_assert_msg(wrong == NULL, "a thread wrote a wrong %s", (const char *)wrong);
    }
}
END_TEST

/* An optional record: a NULLABLE OBJECT is null while its presence flag
 * (present_at; no member of its table covers it) is 0; reading null clears
 * the flag, reading an object sets it to 1. The binary form holds the flag,
 * then the members. */
typedef struct optional_pair {
    uint8_t present;
    uint8_t a, b;
} optional_pair;

typedef struct holder {
    uint8_t n;
    optional_pair opt;
} holder;

static const br_field OPTIONAL_PAIR[] = {
    {BR_KEY("a"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(optional_pair, a),
     .max = 9},
    {BR_KEY("b"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(optional_pair, b),
     .max = 9},
};
static const br_field_table OPTIONAL_PAIR_TABLE = {OPTIONAL_PAIR, 2};
static const br_field HOLDER_FIELDS[] = {
    {BR_KEY("n"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(holder, n), .max = 9},
    {BR_KEY("opt"), .kind = BR_FIELD_OBJECT, .table = &OPTIONAL_PAIR_TABLE,
     .offset = offsetof(holder, opt), .flags = BR_FIELD_NULLABLE,
     .present_at = 1 + offsetof(optional_pair, present)},
};
static const br_field_table HOLDER_TABLE = {HOLDER_FIELDS, 2};

static bool load_holder(const char *text, holder *out, char *err, size_t err_size)
{
    json_t *root = json_loads(text, 0, NULL);
    ck_assert_ptr_nonnull(root);
    br_text e = br_text_over(err, err_size);
    br_fields_ctx c = {.state = out, .viewer = BR_VIEW_FULL, .num_seats = SEATS, .owner = -1};
    bool ok = br_fields_read_json(&HOLDER_TABLE, &c, out, root, &ROOT, &e);
    json_decref(root);
    return ok;
}

START_TEST(test_optional_object_is_null_while_absent)
{
    static const char absent[] = "{\"n\":5,\"opt\":null}";
    static const char present[] = "{\"n\":5,\"opt\":{\"a\":7,\"b\":3}}";
    holder h = {5, {0, 0, 0}}, back = {0, {1, 0, 0}};
    ck_assert_str_eq(write_table(&HOLDER_TABLE, &h, BR_VIEW_FULL), absent);
    ck_assert_str_eq(write_table(&HOLDER_TABLE, &h, 0), absent);
    h.opt = (optional_pair){1, 7, 3};
    ck_assert_str_eq(write_table(&HOLDER_TABLE, &h, BR_VIEW_FULL), present);
    ck_assert_str_eq(write_table(&HOLDER_TABLE, &h, 0), present);
    char err[128] = "";
    ck_assert_msg(load_holder(absent, &back, err, sizeof err), "%s", err);
    ck_assert_uint_eq(back.opt.present, 0);
    ck_assert_msg(load_holder(present, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(memcmp(&back, &h, sizeof h), 0);
    ck_assert(!load_holder("{\"n\":5,\"opt\":{\"a\":10,\"b\":3}}", &back, err, sizeof err));
    ck_assert_str_eq(err, "state.opt.a: 10 is not in 0..9");
    uint8_t bytes[8];
    br_bytes_writer w = {bytes, sizeof bytes, 0};
    br_fields_ctx c = {.state = &h, .viewer = BR_VIEW_FULL, .num_seats = SEATS, .owner = -1};
    br_fields_write_bytes(&HOLDER_TABLE, &c, &h, &w);
    ck_assert_uint_eq(w.len, 4); /* n, the flag, a, b */
    ck_assert_uint_eq(bytes[1], 1);
    ck_assert_uint_eq(bytes[2], 7);
}
END_TEST

/* A codec that wraps a table shape (null for "none yet", then the shape's
 * value) reads that value with br_field_read_value(): the walker's checks
 * and reasons, the path the codec's. */
START_TEST(test_read_value_reads_one_member_as_the_walk)
{
    const br_field *held = &SEAT_FIELDS[2];
    br_fields_ctx c = {.num_seats = SEATS, .viewer = BR_VIEW_FULL, .owner = -1};
    br_field_path at = {&ROOT, "held", 0};
    char err[128] = "";
    br_text e = br_text_over(err, sizeof err);
    uint8_t mask = 0;
    json_t *v = json_loads("[\"red\",\"blue\"]", 0, NULL);
    ck_assert_msg(br_field_read_value(held, &c, &mask, v, &at, &e), "%s", err);
    ck_assert_uint_eq(mask, 5);
    json_decref(v);
    v = json_loads("[\"red\",\"grey\"]", 0, NULL);
    ck_assert(!br_field_read_value(held, &c, &mask, v, &at, &e));
    ck_assert_str_eq(err, "state.held[1]: 'grey' is not a valid value");
    json_decref(v);
}
END_TEST

/* Derived members inside nested objects (issue 24): br_fields_check_derived()
 * compares each entry of an array over the seats with what its codec writes
 * for that entry's owner, and names the entry that differs. */
static void hand_size_write(const br_fields_ctx *c, const void *member, br_jw *w)
{
    (void)member;
    br_jw_int(w, ((const toy *)c->state)->seats[c->owner].hand_len);
}

static const br_field_codec HAND_SIZE = {hand_size_write, NULL, NULL, NULL};
static const br_field SIZED_SEAT_FIELDS[] = {
    {.key = "hand_size", .kind = BR_FIELD_CODEC, .codec = &HAND_SIZE,
     .flags = BR_FIELD_JSON_ONLY},
};
static const br_field_table SIZED_SEAT_TABLE = {SIZED_SEAT_FIELDS, 1};
static const br_field SIZED_FIELDS[] = {
    {.key = "seats", .kind = BR_FIELD_OBJECT, .table = &SIZED_SEAT_TABLE,
     .offset = offsetof(toy, seats), .count = BR_FIELD_SEATS, .stride = sizeof(toy_seat)},
};
static const br_field_table SIZED_TABLE = {SIZED_FIELDS, 1};

static bool derived_agree(const toy *s, const char *text, char *err, size_t err_size)
{
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    ck_assert_ptr_nonnull(root);
    br_text e = br_text_over(err, err_size);
    br_fields_ctx c = ctx_of(s, BR_VIEW_FULL);
    bool ok = br_fields_check_derived(&SIZED_TABLE, &c, s, root, &ROOT, &e);
    json_decref(root);
    return ok;
}

START_TEST(test_derived_checked_in_nested_objects)
{
    toy s = sample();
    char err[256] = "";
    const char *right = "{\"seats\":[{\"hand_size\":2},{\"hand_size\":0},{\"hand_size\":1}]}";
    ck_assert_msg(derived_agree(&s, right, err, sizeof err), "%s", err);
    const char *wrong = "{\"seats\":[{\"hand_size\":2},{\"hand_size\":0},{\"hand_size\":2}]}";
    ck_assert(!derived_agree(&s, wrong, err, sizeof err));
    ck_assert_str_eq(err, "state.seats[2].hand_size: the rest of the state gives 1");
}
END_TEST

/* ------------------------------------------------------------------ */
/* A BAG with its names quoted, an OBJECT that may be null, and the viewer's
 * seat as text: a state that has each. */

typedef struct extras {
    uint8_t bag[3];   /* copies of each colour, at most 2 */
    uint8_t has_best; /* the presence flag of `best` */
    uint8_t best_at, best_score[SEATS];
} extras;

#define Q BR_QUOTED
static const br_quoted_name QUOTED_COLOURS[] = {Q("red"), Q("green"), Q("blue")};
#undef Q

static const br_field BEST_FIELDS[] = {
    {BR_KEY("at"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(extras, best_at),
     .max = 9},
    {BR_KEY("score"), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(extras, best_score),
     .count = BR_FIELD_SEATS, .stride = 1, .max = 99},
};
static const br_field_table BEST_TABLE = {BEST_FIELDS, 2};

static const br_field EXTRAS_FIELDS[] = {
    BR_FIELD_VIEWER_SEAT,
    {BR_KEY("bag"), .kind = BR_FIELD_BAG, .width = 3, .max = 2, .offset = offsetof(extras, bag),
     .names = COLOURS, .quoted = QUOTED_COLOURS},
    {BR_KEY("best"), .kind = BR_FIELD_OBJECT, .table = &BEST_TABLE, .flags = BR_FIELD_NULLABLE,
     .present_at = 1 + offsetof(extras, has_best)},
};
static const br_field_table EXTRAS_TABLE = {EXTRAS_FIELDS, 3};

static bool load_extras(const char *text, extras *out, char *err, size_t size)
{
    json_t *obj = json_loads(text, 0, NULL);
    ck_assert_ptr_nonnull(obj);
    br_text e = br_text_over(err, size);
    memset(out, 0, sizeof *out);
    br_fields_ctx c = {.state = out, .viewer = BR_VIEW_FULL, .num_seats = SEATS, .owner = -1};
    bool ok = br_fields_read_json(&EXTRAS_TABLE, &c, out, obj, &ROOT, &e);
    json_decref(obj);
    return ok;
}

/* The quoted names write what the names would (each copy once more), read
 * back in any order, a count over the largest refused naming the entry. */
START_TEST(test_bag_with_quoted_names_writes_each_copy)
{
    extras x = {.bag = {2, 0, 1}}, back;
    const char *text = write_table(&EXTRAS_TABLE, &x, BR_VIEW_FULL);
    ck_assert_str_eq(text, "{\"bag\":[\"red\",\"red\",\"blue\"],\"best\":null}");
    char err[256] = "";
    ck_assert_msg(load_extras("{\"bag\":[\"blue\",\"red\",\"red\"],\"best\":null}", &back, err,
                              sizeof err), "%s", err);
    ck_assert_int_eq(memcmp(&x, &back, sizeof x), 0);
    ck_assert(!load_extras("{\"bag\":[\"red\",\"red\",\"red\"],\"best\":null}", &back, err,
                           sizeof err));
    ck_assert_str_eq(err, "state.bag[2]: 'red' more than 2 times");
}
END_TEST

/* Null while the flag is 0, the object while it is 1; read back the same
 * way, its members checked with their paths. */
START_TEST(test_object_may_be_null_by_its_flag)
{
    extras x = {.has_best = 1, .best_at = 4, .best_score = {7, 0, 12}}, back;
    ck_assert_str_eq(write_table(&EXTRAS_TABLE, &x, 2),
                     "{\"seat\":2,\"bag\":[],\"best\":{\"at\":4,\"score\":[7,0,12]}}");
    char err[256] = "";
    ck_assert_msg(load_extras("{\"bag\":[],\"best\":{\"at\":4,\"score\":[7,0,12]}}", &back, err,
                              sizeof err), "%s", err);
    ck_assert_int_eq(memcmp(&x, &back, sizeof x), 0);
    ck_assert_msg(load_extras("{\"bag\":[],\"best\":null}", &back, err, sizeof err), "%s", err);
    ck_assert_uint_eq(back.has_best, 0);
    ck_assert(!load_extras("{\"bag\":[],\"best\":{\"at\":10,\"score\":[0,0,0]}}", &back, err,
                           sizeof err));
    ck_assert_str_eq(err, "state.best.at: 10 is not in 0..9");
    ck_assert(!load_extras("{\"bag\":[],\"best\":3}", &back, err, sizeof err));
    ck_assert_str_eq(err, "state.best: not an object");
}
END_TEST

/* Binary: the bag's counts, the flag and the members either way (11 and
 * 12 in one case, as 0 and 1 around them); a flag of 2 is refused. */
START_TEST(test_object_may_be_null_in_bytes)
{
    for (uint8_t has = 0; has <= 1; has++) {
        extras x = {.bag = {1, 2, 0}, .has_best = has, .best_at = 9, .best_score = {1, 2, 3}};
        uint8_t buf[16];
        br_bytes_writer w = {buf, sizeof buf, 0};
        br_fields_ctx c = {.state = &x, .viewer = BR_VIEW_FULL, .num_seats = SEATS, .owner = -1};
        br_fields_write_bytes(&EXTRAS_TABLE, &c, &x, &w);
        ck_assert_uint_eq(w.len, 3 + 1 + 1 + SEATS);
        ck_assert_uint_eq(buf[3], has);
        extras back;
        memset(&back, 0, sizeof back);
        char err[256] = "";
        br_text e = br_text_over(err, sizeof err);
        br_bytes_reader r = {.p = buf, .left = w.len, .err = &e};
        ck_assert_msg(br_fields_read_bytes(&EXTRAS_TABLE, &c, &back, &r, &ROOT), "%s", err);
        ck_assert_int_eq(memcmp(&x, &back, sizeof x), 0);
        buf[3] = 2;
        r = (br_bytes_reader){.p = buf, .left = w.len, .err = &e};
        ck_assert(!br_fields_read_bytes(&EXTRAS_TABLE, &c, &back, &r, &ROOT));
        ck_assert_str_eq(err, "state.best: 2 is not 0 or 1");
    }
}
END_TEST

/* A seat or nobody (a negative seat): the number, or null. */
START_TEST(test_seat_or_null_writes_null_for_nobody)
{
    char buf[64];
    br_text t = br_text_over(buf, sizeof buf);
    br_jw w;
    br_jw_init(&w, &t);
    br_jw_begin_array(&w);
    br_jw_seat_or_null(&w, 0);
    br_jw_seat_or_null(&w, 7);
    br_jw_seat_or_null(&w, -1);
    br_jw_seat_or_null(&w, BR_PLAYER_TERMINAL);
    br_jw_end_array(&w);
    ck_assert_str_eq(buf, "[0,7,null,null]");
}
END_TEST

/* The binary form by a program (fields.c): members whose bytes follow one
 * another in the struct are one copy, across nested objects and arrays of
 * objects; the bytes must be the walk's, and every refusal the walk's
 * reason with the member's path. The layout: phase, turn and counts[3] in a
 * row, a gap, then over and pairs[2] (objects) in a row; per seat vp (two
 * bytes), goods and mark in a row, a gap, flags and a codec's byte. */
typedef struct run_goods {
    uint8_t wood, stone;
} run_goods;

typedef struct run_seat {
    uint16_t vp;
    run_goods goods;
    uint8_t mark;  /* a seat, or NONE */
    uint8_t gap;   /* not in the table */
    uint8_t flags; /* a SET of seats */
    uint8_t spare; /* no padding: the tests compare whole structs */
} run_seat;

enum { RUN_SEATS_MAX = 8 };

typedef struct run_state {
    uint8_t phase;
    uint8_t turn;
    uint8_t counts[3];
    uint8_t gap; /* not in the table */
    uint8_t over;
    run_goods pairs[2];
    uint8_t spare;
    run_seat seats[RUN_SEATS_MAX];
} run_state;
_Static_assert(sizeof(run_seat) == 8 && offsetof(run_state, seats) == 12, "no padding");

/* The seat whose entry it is, as one byte: the program must set c->owner
 * for the entries of an array over the seats it unrolls. */
static void owner_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)member;
    br_bw_u8(w, (unsigned)c->owner);
}

static bool owner_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                      const br_field_path *at)
{
    (void)member;
    uint8_t v = 0;
    return br_field_get_u8(r, 255, &v, at) &&
           (v == c->owner || br_field_fail_bytes(r, at, "%u is not the owner", v));
}

static const br_field_codec OWNER_BYTE = {NULL, NULL, owner_put, owner_get};

static const br_field RUN_GOODS_FIELDS[] = {
    {.key = "wood", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(run_goods, wood),
     .max = 15},
    {.key = "stone", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(run_goods, stone),
     .max = 25},
};
static const br_field_table RUN_GOODS_TABLE = {RUN_GOODS_FIELDS, 2};

static const br_field RUN_SEAT_FIELDS[] = {
    {.key = "vp", .kind = BR_FIELD_INT, .width = 2, .offset = offsetof(run_seat, vp), .max = 500},
    {.key = "goods", .kind = BR_FIELD_OBJECT, .table = &RUN_GOODS_TABLE,
     .offset = offsetof(run_seat, goods)},
    {.key = "mark", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(run_seat, mark),
     .max = BR_FIELD_LAST_SEAT, .flags = BR_FIELD_NULLABLE, .none = NONE},
    {.key = "flags", .kind = BR_FIELD_SET, .width = 1, .offset = offsetof(run_seat, flags),
     .max = BR_FIELD_LAST_SEAT},
    {.key = "owner", .kind = BR_FIELD_CODEC, .codec = &OWNER_BYTE, .flags = BR_FIELD_BYTES_ONLY},
};
static const br_field_table RUN_SEAT_TABLE = {RUN_SEAT_FIELDS, 5};

static const br_field RUN_FIELDS[] = {
    {.key = "phase", .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(run_state, phase),
     .max = 2, .names = PHASES},
    {.key = "turn", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(run_state, turn),
     .max = BR_FIELD_LAST_SEAT},
    {.key = "counts", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(run_state, counts),
     .count = 3, .stride = 1, .max = 9},
    {.key = "over", .kind = BR_FIELD_BOOL, .offset = offsetof(run_state, over)},
    {.key = "pairs", .kind = BR_FIELD_OBJECT, .table = &RUN_GOODS_TABLE,
     .offset = offsetof(run_state, pairs), .count = 2, .stride = sizeof(run_goods)},
    {.key = "seats", .kind = BR_FIELD_OBJECT, .table = &RUN_SEAT_TABLE,
     .offset = offsetof(run_state, seats), .count = BR_FIELD_SEATS, .stride = sizeof(run_seat)},
};
static const br_field_table RUN_TABLE = {RUN_FIELDS, 6};

enum { RUN_HEAD = 10, RUN_SEAT_BYTES = 7 }; /* bytes before the seats; per seat */

static const br_field_table *run_table = &RUN_TABLE; /* what run_write() and
                                                        run_read() use */

static run_state run_sample(int seats)
{
    run_state s;
    memset(&s, 0, sizeof s);
    s.phase = 2;
    s.turn = (uint8_t)(seats - 1);
    s.counts[0] = 9;
    s.counts[2] = 4;
    s.over = 1;
    s.pairs[0] = (run_goods){15, 25};
    s.pairs[1] = (run_goods){3, 0};
    for (int i = 0; i < seats; i++)
        s.seats[i] = (run_seat){.vp = (uint16_t)(300 + i), .goods = {(uint8_t)i, 25},
                                .mark = i % 2 ? NONE : (uint8_t)(seats - 1),
                                .flags = (uint8_t)((1u << seats) - 1)};
    return s;
}

static size_t run_write(const run_state *s, int seats, uint8_t *buf, size_t size)
{
    br_bytes_writer w = {buf, size, 0};
    br_fields_ctx c = {.state = s, .viewer = BR_VIEW_FULL, .num_seats = seats, .owner = -1};
    br_fields_write_bytes(run_table, &c, s, &w);
    return w.len;
}

/* buf[0..n) read at `seats`: NULL when it reads, else the reason. */
static const char *run_read(const uint8_t *buf, size_t n, int seats, run_state *out)
{
    static char err[256];
    err[0] = '\0';
    br_text e = br_text_over(err, sizeof err);
    br_bytes_reader r = {.p = buf, .left = n, .err = &e};
    memset(out, 0, sizeof *out);
    br_fields_ctx c = {.state = out, .viewer = BR_VIEW_FULL, .num_seats = seats, .owner = -1};
    bool ok = br_fields_read_bytes(run_table, &c, out, &r, &ROOT);
    ck_assert(ok == (err[0] == '\0'));
    ck_assert(!ok || r.left == 0);
    return ok ? NULL : err;
}

/* The sample at `seats` with byte `at` set to `value` (at < 0: none) and
 * the last `cut` bytes left off: its reason, or NULL. */
static const char *run_refused(int seats, int at, uint8_t value, size_t cut)
{
    run_state s = run_sample(seats), back;
    uint8_t buf[128];
    size_t n = run_write(&s, seats, buf, sizeof buf);
    if (at >= 0)
        buf[at] = value;
    return run_read(buf, n - cut, seats, &back);
}

START_TEST(test_bytes_program_writes_the_walks_bytes)
{
    static const int seat_counts[] = {1, 2, 5, RUN_SEATS_MAX};
    for (size_t k = 0; k < sizeof seat_counts / sizeof seat_counts[0]; k++) {
        int seats = seat_counts[k];
        run_state s = run_sample(seats), back;
        uint8_t buf[128], want[128];
        size_t n = run_write(&s, seats, buf, sizeof buf), len = 0;
        const uint8_t head[RUN_HEAD] = {2, (uint8_t)(seats - 1), 9, 0, 4, 1, 15, 25, 3, 0};
        memcpy(want, head, sizeof head);
        len = sizeof head;
        for (int i = 0; i < seats; i++) {
            const run_seat *p = &s.seats[i];
            const uint8_t seat[] = {(uint8_t)p->vp, (uint8_t)(p->vp >> 8), p->goods.wood,
                                    p->goods.stone, p->mark, p->flags, (uint8_t)i};
            memcpy(want + len, seat, sizeof seat);
            len += sizeof seat;
        }
        ck_assert_uint_eq(n, RUN_HEAD + (size_t)seats * RUN_SEAT_BYTES);
        ck_assert_uint_eq(n, len);
        ck_assert_int_eq(memcmp(buf, want, n), 0);
        ck_assert_ptr_null(run_read(buf, n, seats, &back));
        ck_assert_int_eq(memcmp(&s, &back, sizeof s), 0);
        /* too small a buffer: the length, as the walk counts it */
        ck_assert_uint_eq(run_write(&s, seats, buf, 3), n);
    }
}
END_TEST

/* A byte out of range in a run: the member's reason and path, the first
 * one in the binary order; byte offsets: head, then seat i at 10 + 7i. */
START_TEST(test_bytes_program_refuses_as_the_walk)
{
    ck_assert_str_eq(run_refused(2, 0, 3, 0), "state.phase: 3 is not a name's number (0..2)");
    ck_assert_str_eq(run_refused(2, 3, 10, 0), "state.counts[1]: 10 is not in 0..9");
    ck_assert_str_eq(run_refused(2, 5, 2, 0), "state.over: 2 is not 0 or 1");
    ck_assert_str_eq(run_refused(2, 8, 16, 0), "state.pairs[1].wood: 16 is not in 0..15");
    ck_assert_str_eq(run_refused(3, 10 + 7 + 3, 26, 0), "state.seats[1].goods.stone: 26 is "
                                                        "not in 0..25");
    ck_assert_str_eq(run_refused(3, 10 + 14, 255, 0), "state.seats[2].vp: 511 is not in "
                                                        "0..500");
    ck_assert_str_eq(run_refused(3, 10 + 14 + 6, 0, 0), "state.seats[2].owner: 0 is not the "
                                                        "owner");
    /* two bad bytes: the first is named */
    run_state s = run_sample(2), back;
    uint8_t buf[128];
    size_t n = run_write(&s, 2, buf, sizeof buf);
    buf[4] = 10;
    buf[7] = 26;
    ck_assert_str_eq(run_read(buf, n, 2, &back), "state.counts[2]: 10 is not in 0..9");
    buf[1] = 2;
    ck_assert_str_eq(run_read(buf, n, 2, &back), "state.turn: 2 is not in 0..1");
}
END_TEST

/* The ranges that depend on the number of seats, read at 2 and at 8 (one
 * table, a program for each). */
START_TEST(test_bytes_program_ranges_by_seats)
{
    ck_assert_ptr_null(run_refused(8, 1, 7, 0));
    ck_assert_str_eq(run_refused(2, 1, 7, 0), "state.turn: 7 is not in 0..1");
    ck_assert_ptr_null(run_refused(8, 10 + 4, 7, 0)); /* seats[0].mark */
    ck_assert_str_eq(run_refused(2, 10 + 4, 2, 0), "state.seats[0].mark: 2 is not in 0..1");
    ck_assert_ptr_null(run_refused(8, 10 + 7 + 5, 0xFF, 0)); /* seats[1].flags */
    ck_assert_str_eq(run_refused(2, 10 + 7 + 5, 4, 0),
                     "state.seats[1].flags: bits beyond the 2 of the set");
    ck_assert_ptr_null(run_refused(2, 10 + 7 + 5, 3, 0));
}
END_TEST

/* A NULLABLE member's `none` inside a run is read; one beside it is not. */
START_TEST(test_bytes_program_reads_none_in_a_run)
{
    run_state back;
    ck_assert_ptr_null(run_refused(4, 10 + 4, NONE, 0));
    ck_assert_str_eq(run_refused(4, 10 + 4, NONE - 1, 0),
                     "state.seats[0].mark: 254 is not in 0..3");
    run_state s = run_sample(4);
    uint8_t buf[128];
    size_t n = run_write(&s, 4, buf, sizeof buf);
    ck_assert_uint_eq(buf[10 + 7 + 4], NONE); /* seats[1].mark, as sampled */
    ck_assert_ptr_null(run_read(buf, n, 4, &back));
    ck_assert_uint_eq(back.seats[1].mark, NONE);
}
END_TEST

/* The data ending inside a run: named where the walk names it (an array
 * of bytes as a whole, an object's member, a two-byte value); a bad byte
 * before the end is named first. */
START_TEST(test_bytes_program_short_read_in_a_run)
{
    size_t n = RUN_HEAD + 2 * RUN_SEAT_BYTES;
    ck_assert_str_eq(run_refused(2, -1, 0, n - 3), "state.counts: the data ends 2 bytes early");
    ck_assert_str_eq(run_refused(2, -1, 0, n - 9), "state.pairs[1].stone: the data ends 1 "
                                                   "bytes early");
    ck_assert_str_eq(run_refused(2, -1, 0, n - 8), "state.pairs[1].wood: the data ends 1 "
                                                   "bytes early");
    ck_assert_str_eq(run_refused(2, -1, 0, n - 11), "state.seats[0].vp: the data ends 1 bytes "
                                                    "early");
    ck_assert_str_eq(run_refused(2, -1, 0, 1), "state.seats[1].owner: the data ends 1 byte "
                                               "early");
    ck_assert_str_eq(run_refused(2, 5, 2, n - 8), "state.over: 2 is not 0 or 1");
}
END_TEST

/* More tables than the cache of programs holds: the ones beyond it are
 * walked, and must write and refuse as the program does, for every byte
 * set to a few values and every length the data may be cut to. */
enum { RUN_TABLES = 140 };

START_TEST(test_bytes_program_and_walk_agree)
{
    static br_field_table tables[RUN_TABLES];
    static const uint8_t values[] = {0, 1, 2, 3, 9, 16, 26, 0xFE, NONE};
    enum { SEATS_HERE = 3 };
    run_state s = run_sample(SEATS_HERE), back;
    uint8_t want[128], buf[128];
    run_table = &RUN_TABLE;
    size_t n = run_write(&s, SEATS_HERE, want, sizeof want);
    for (size_t t = 0; t < RUN_TABLES; t++) {
        tables[t] = RUN_TABLE;
        run_table = &tables[t];
        ck_assert_uint_eq(run_write(&s, SEATS_HERE, buf, sizeof buf), n);
        ck_assert_int_eq(memcmp(buf, want, n), 0);
    }
    for (size_t at = 0; at < n; at++)
        for (size_t v = 0; v < sizeof values; v++) {
            char program[256], walk[256];
            memcpy(buf, want, n);
            buf[at] = values[v];
            run_table = &RUN_TABLE;
            const char *why = run_read(buf, n, SEATS_HERE, &back);
            snprintf(program, sizeof program, "%s", why ? why : "read");
            run_table = &tables[RUN_TABLES - 1];
            why = run_read(buf, n, SEATS_HERE, &back);
            snprintf(walk, sizeof walk, "%s", why ? why : "read");
            ck_assert_str_eq(program, walk);
        }
    for (size_t cut = 1; cut <= n; cut++) {
        char program[256];
        run_table = &RUN_TABLE;
        snprintf(program, sizeof program, "%s", run_read(want, n - cut, SEATS_HERE, &back));
        run_table = &tables[RUN_TABLES - 1];
        ck_assert_str_eq(run_read(want, n - cut, SEATS_HERE, &back), program);
    }
    run_table = &RUN_TABLE;
}
END_TEST

/* Threads writing and reading with a table nobody has used yet, each at
 * its own number of seats, all at once: a thread finding the compiler
 * busy walks the table, and every thread's bytes and reads are the same
 * each time (TSan, in CI, watches the cache). */
static void *bytes_round_trips(void *arg)
{
    int seats = 2 + (int)(intptr_t)arg % (RUN_SEATS_MAX - 1);
    run_state s = run_sample(seats), back;
    uint8_t first[128], buf[128];
    size_t n = 0;
    atomic_fetch_sub(&race_waiting, 1);
    while (atomic_load(&race_waiting) > 0)
        ; /* all start at once */
    for (int i = 0; i < RACE_WRITES; i++) {
        br_bytes_writer w = {buf, sizeof buf, 0};
        br_fields_ctx c = {.state = &s, .viewer = BR_VIEW_FULL, .num_seats = seats, .owner = -1};
        br_fields_write_bytes(run_table, &c, &s, &w);
        if (i == 0)
            memcpy(first, buf, n = w.len);
        if (w.len != n || memcmp(buf, first, n) != 0)
            return (void *)"bytes";
        char err[256] = "";
        br_text e = br_text_over(err, sizeof err);
        br_bytes_reader r = {.p = buf, .left = n, .err = &e};
        memset(&back, 0, sizeof back);
        c.state = &back;
        if (!br_fields_read_bytes(run_table, &c, &back, &r, &ROOT) || r.left != 0 ||
            memcmp(&s, &back, sizeof s) != 0)
            return (void *)"read";
    }
    return NULL;
}

START_TEST(test_bytes_program_built_by_threads_at_once)
{
    static br_field_table fresh;
    fresh = RUN_TABLE; /* a table of its own: no program yet */
    run_table = &fresh;
    pthread_t threads[RACE_THREADS];
    atomic_store(&race_waiting, RACE_THREADS);
    for (intptr_t i = 0; i < RACE_THREADS; i++)
        ck_assert_int_eq(pthread_create(&threads[i], NULL, bytes_round_trips, (void *)i), 0);
    for (int i = 0; i < RACE_THREADS; i++) {
        void *wrong;
        ck_assert_int_eq(pthread_join(threads[i], &wrong), 0);
        ck_assert_msg(wrong == NULL, "a thread had wrong %s", (const char *)wrong);
    }
    run_table = &RUN_TABLE;
}
END_TEST

/* Single bytes that follow each other in the binary form but not in the
 * struct (each place's state, then its value, which lies PLACES bytes on,
 * as Die Tore der Welt's places): one gather step. Its bytes, its reads and
 * every refusal must be the walk's (the walk: a copy of the table beyond
 * the programs' cache, as in test_bytes_program_and_walk_agree). */
enum { GATHER_PLACES = 3, GATHER_TABLES = 140 };

typedef struct gather_state {
    uint8_t state[GATHER_PLACES];
    uint8_t value[GATHER_PLACES]; /* 1..5, 0: none */
    uint8_t tail;
} gather_state;

static const br_field GATHER_PLACE_FIELDS[] = {
    {.key = "state", .kind = BR_FIELD_INT, .width = 1, .offset = 0, .max = 3},
    {.key = "value", .kind = BR_FIELD_INT, .width = 1, .offset = GATHER_PLACES, .min = 1,
     .max = 5, .flags = BR_FIELD_NULLABLE, .none = 0},
};
static const br_field_table GATHER_PLACE_TABLE = {GATHER_PLACE_FIELDS, 2};

static const br_field GATHER_FIELDS[] = {
    {.key = "places", .kind = BR_FIELD_OBJECT, .table = &GATHER_PLACE_TABLE,
     .offset = offsetof(gather_state, state), .count = GATHER_PLACES, .stride = 1},
    {.key = "tail", .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(gather_state, tail),
     .max = 9},
};
static const br_field_table GATHER_TABLE = {GATHER_FIELDS, 2};

/* buf[0..n) read by `table`: "read", or the reason. */
static void gather_read(const br_field_table *table, const uint8_t *buf, size_t n,
                        gather_state *out, char *why, size_t size)
{
    char err[256] = "";
    br_text e = br_text_over(err, sizeof err);
    br_bytes_reader r = {.p = buf, .left = n, .err = &e};
    br_fields_ctx c = {.state = out, .viewer = BR_VIEW_FULL, .num_seats = 2, .owner = -1};
    memset(out, 0, sizeof *out);
    bool ok = br_fields_read_bytes(table, &c, out, &r, &ROOT);
    ck_assert(ok == (err[0] == '\0'));
    snprintf(why, size, "%s", ok ? "read" : err);
}

START_TEST(test_bytes_program_gathers_single_bytes)
{
    static br_field_table walked[GATHER_TABLES];
    static const uint8_t values[] = {0, 1, 3, 4, 5, 6, 9, 10, 0xFF};
    gather_state s = {{3, 0, 2}, {5, 0, 1}, 9}, back;
    const uint8_t want[] = {3, 5, 0, 0, 2, 1, 9};
    uint8_t buf[16];
    br_bytes_writer w = {buf, sizeof buf, 0};
    br_fields_ctx c = {.state = &s, .viewer = BR_VIEW_FULL, .num_seats = 2, .owner = -1};
    br_fields_write_bytes(&GATHER_TABLE, &c, &s, &w);
    ck_assert_uint_eq(w.len, sizeof want);
    ck_assert_int_eq(memcmp(buf, want, sizeof want), 0);
    char program[256], walk[256];
    gather_read(&GATHER_TABLE, want, sizeof want, &back, program, sizeof program);
    ck_assert_str_eq(program, "read");
    ck_assert_int_eq(memcmp(&s, &back, sizeof s), 0);
    memcpy(buf, want, sizeof want);
    buf[3] = 6;
    gather_read(&GATHER_TABLE, buf, sizeof want, &back, program, sizeof program);
    ck_assert_str_eq(program, "state.places[1].value: 6 is not in 1..5");
    for (size_t t = 0; t < GATHER_TABLES; t++)
        walked[t] = GATHER_TABLE; /* the last ones beyond the cache: walked */
    for (size_t t = 0; t < GATHER_TABLES; t++) {
        w = (br_bytes_writer){buf, sizeof buf, 0};
        br_fields_write_bytes(&walked[t], &c, &s, &w);
        ck_assert_int_eq(memcmp(buf, want, sizeof want), 0);
    }
    for (size_t at = 0; at < sizeof want; at++)
        for (size_t v = 0; v < sizeof values; v++) {
            memcpy(buf, want, sizeof want);
            buf[at] = values[v];
            gather_read(&GATHER_TABLE, buf, sizeof want, &back, program, sizeof program);
            gather_read(&walked[GATHER_TABLES - 1], buf, sizeof want, &back, walk, sizeof walk);
            ck_assert_str_eq(program, walk);
        }
    for (size_t cut = 1; cut <= sizeof want; cut++) {
        gather_read(&GATHER_TABLE, want, sizeof want - cut, &back, program, sizeof program);
        gather_read(&walked[GATHER_TABLES - 1], want, sizeof want - cut, &back, walk,
                    sizeof walk);
        ck_assert_str_eq(program, walk);
    }
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("walker", 0),
        BRT_TEST(test_snapshot_has_every_member),
        BRT_TEST(test_observation_hides_by_table),
        BRT_TEST(test_snapshot_reads_back),
        BRT_LOOP(test_reader_names_the_member, (int)BRT_COUNT(BROKEN)),
        BRT_TEST(test_bytes_round_trip),
        BRT_TEST(test_bytes_checked_as_json),
        BRT_TEST(test_bytes_quick_checks_refuse_the_same),
        BRT_TEST(test_precomputed_keys_write_the_same_text),
        BRT_TEST(test_program_first_member_hidden_is_walked),
        BRT_TEST(test_program_long_text_is_cut_into_steps),
        BRT_TEST(test_program_built_by_threads_at_once),
        BRT_TEST(test_program_cache_full_walks),
        BRT_TEST(test_optional_object_is_null_while_absent),
        BRT_TEST(test_read_value_reads_one_member_as_the_walk),
        BRT_TEST(test_derived_checked_in_nested_objects),
        BRT_TEST(test_bag_with_quoted_names_writes_each_copy),
        BRT_TEST(test_object_may_be_null_by_its_flag),
        BRT_TEST(test_object_may_be_null_in_bytes),
        BRT_TEST(test_seat_or_null_writes_null_for_nobody),
        BRT_TEST(test_bytes_program_writes_the_walks_bytes),
        BRT_TEST(test_bytes_program_refuses_as_the_walk),
        BRT_TEST(test_bytes_program_ranges_by_seats),
        BRT_TEST(test_bytes_program_reads_none_in_a_run),
        BRT_TEST(test_bytes_program_short_read_in_a_run),
        BRT_TEST(test_bytes_program_and_walk_agree),
        BRT_TEST(test_bytes_program_built_by_threads_at_once),
        BRT_TEST(test_bytes_program_gathers_single_bytes),
    };
    return brt_run_tests("fields", tests, BRT_COUNT(tests));
}
