/*
 * Internal interface between the dispatch layer and the games.
 *
 * Nothing here is exported. A game is one folder, libboardrules/games/<game>/,
 * split the same way for every game (<game>.h, game.c, rules.c, notation.c,
 * snapshot.c, views.c, content.c; doc/adding-a-game.md). Its game.c defines
 * the one `const struct br_game` (the vtable), declared below and listed in
 * registry.c.
 *
 * Division of labour: the dispatch layer validates every public argument,
 * parses the options string, owns allocation, error text, the random generator,
 * the move counter and the JSON envelope of snapshots, and resolves chance
 * nodes in `chance=auto` mode. A game is pure rules over its own plain-data
 * state: it never allocates in move generation or application, never prints
 * and has no global mutable state.
 */
#ifndef BR_INTERNAL_H
#define BR_INTERNAL_H

#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "boardrules.h"

/* ------------------------------------------------------------------ */
/* Random generator: xoshiro256** seeded through splitmix64. Portable: the
 * same seed gives the same sequence on every platform. */

typedef struct br_rng {
    uint64_t s[4];
} br_rng;

void br_rng_seed(br_rng *rng, uint64_t seed);
uint64_t br_rng_next(br_rng *rng);
/* Uniform integer in 0..bound-1 (bound > 0), without modulo bias. */
uint32_t br_rng_below(br_rng *rng, uint32_t bound);
/* Shuffles v[0..n-1] uniformly (Fisher-Yates, one br_rng_below per step). */
void br_rng_shuffle_bytes(br_rng *rng, uint8_t *v, int n);
/* A uniform subset of k of the set bits of `mask` (0 <= k <= its bits), as
 * a mask: which k of a seat's hidden cards lie where, when a resample
 * redeals them (one br_rng_below per bit taken; k = 0 draws nothing). */
uint64_t br_rng_subset(br_rng *rng, uint64_t mask, int k);

/* ------------------------------------------------------------------ */
/* Text sink over a caller's buffer (snprintf semantics): writes what fits,
 * always NUL-terminates when size > 0, and counts the full length so that
 * the caller can report the size needed. */

/* The library's own memory, from the host's allocator (boardrules/memory.h). */
void *br_mem_alloc(size_t size);
void *br_mem_zalloc(size_t size);
void br_mem_free(void *ptr);
/* How many allocations failed on the calling thread so far, the library's
 * and jansson's: a step whose count changed ran out of memory, whatever it
 * answered. */
unsigned long br_mem_failures(void);
/* Brackets one jansson parse on the calling thread (br_json_parse only; not
 * nested): after a failed allocation, jansson gets no more memory until
 * the end, which says whether one failed. */
void br_mem_json_parse_begin(void);
bool br_mem_json_parse_end(void);

typedef struct br_text {
    char *buf;
    size_t size;
    size_t len;
} br_text;

br_text br_text_over(char *buf, size_t size);
void br_text_puts(br_text *t, const char *s);
/* Appends n bytes of s (which need not be NUL-terminated): inline when they
 * fit, as the JSON writers append a few bytes at a time. */
void br_text_write_slow(br_text *t, const char *s, size_t n);
static inline void br_text_write(br_text *t, const char *s, size_t n)
{
    if (t->len + n < t->size) {
        memcpy(t->buf + t->len, s, n);
        t->len += n;
        t->buf[t->len] = '\0';
        return;
    }
    br_text_write_slow(t, s, n);
}
/* Bit helpers for the games' sets as masks: the compiler's builtins where
 * there are some (some games walk their sets in every move generation), a
 * portable loop elsewhere. */
static inline int br_popcount64(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(v);
#else
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
#endif
}
/* The index of the lowest set bit; v must not be 0. */
static inline int br_lowest_bit64(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(v);
#else
    int i = 0;
    while (!(v & 1)) {
        v >>= 1;
        i++;
    }
    return i;
#endif
}
/* Numbers in decimal, and 64 bits as 16 lower-case hex digits: without
 * printf, for the writers that run at every snapshot. */
/* Decimal text into a caller's buffer, shared by br_text_put_int/uint, the
 * JSON writer and the field walker. BR_DECIMAL_MAX is the most it writes:
 * a '-' and 19 digits, or the 20 digits of an unsigned long long. */
enum { BR_DECIMAL_MAX = 20 };
/* The digits of v at out; returns how many. */
static inline size_t br_decimal_digits(char *out, unsigned long long v)
{
    char digits[BR_DECIMAL_MAX];
    size_t d = sizeof digits;
    do {
        digits[--d] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    memcpy(out, digits + d, sizeof digits - d);
    return sizeof digits - d;
}
/* v at out, a '-' first when negative; returns the length. Values below
 * 100 (most of a game's state: counts, scores, places) take a short path. */
static inline size_t br_decimal(char *out, long long v)
{
    if (v >= 0 && v < 10) {
        out[0] = (char)('0' + v);
        return 1;
    }
    if (v >= 10 && v < 100) {
        out[0] = (char)('0' + v / 10);
        out[1] = (char)('0' + v % 10);
        return 2;
    }
    if (v >= 0)
        return br_decimal_digits(out, (unsigned long long)v);
    out[0] = '-';
    /* The magnitude of the most negative value fits an unsigned. */
    return 1 + br_decimal_digits(out + 1, 0ull - (unsigned long long)v);
}
void br_text_put_uint(br_text *t, unsigned long long v);
void br_text_put_int(br_text *t, long long v);
void br_text_put_hex64(br_text *t, uint64_t v);
void br_text_putc_slow(br_text *t, char c);
/* One character: inline, since the JSON writers put one between every two
 * values. */
static inline void br_text_putc(br_text *t, char c)
{
    if (t->len + 2 <= t->size) {
        t->buf[t->len] = c;
        t->buf[t->len + 1] = '\0';
        t->len++;
        return;
    }
    br_text_putc_slow(t, c);
}

/* Length of the well-formed UTF-8 sequence at s (left bytes available,
 * s[0] >= 0x80), or 0 when it is not one (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF). The JSON writer and the record
 * parser's tag check share it. */
size_t br_utf8_length(const unsigned char *s, size_t left);
void br_text_printf(br_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void br_text_vprintf(br_text *t, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* True when everything written so far fit in the buffer. */
bool br_text_fits(const br_text *t);
/* Writes a reason (printf-style) into `out` when `out` is not NULL, and
 * returns false: the one shape of every check_move reason and snapshot
 * error ("return br_fail(err, \"state.x: ...\", ...)"). */
bool br_fail(br_text *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* snprintf into buf (size > 0) without truncation warnings: the text is cut
 * at the buffer's end (which only shortens a message or a path). Returns the
 * length written. */
int br_format(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------ */
/* Lines of a rendering (the games' render) that wrap before BR_LINE_WIDTH
 * columns onto lines indented by BR_LINE_INDENT, so that long hands and
 * lists stay readable in an 80-column terminal. */

enum { BR_LINE_WIDTH = 78, BR_LINE_INDENT = 4 };

typedef struct br_line {
    br_text *out; /* the caller's */
    int col;      /* the column the next character goes to */
} br_line;

/* Writes `head` and starts the line after it. */
br_line br_line_start(br_text *out, const char *head);
/* Writes `word` (which may hold blanks: it stays on one line) after `gap`
 * blanks, or on a new indented line when it would pass BR_LINE_WIDTH (and
 * the line holds more than its indent). */
void br_line_put(br_line *l, int gap, const char *word);
/* br_line_put() with a gap of one blank. */
void br_line_word(br_line *l, const char *word);
/* br_line_put() of a printf-formatted word (cut at 159 characters). */
void br_line_printf(br_line *l, int gap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Ends the line. */
void br_line_end(br_line *l);

/* ------------------------------------------------------------------ */
/* Move texts as words (the games' move_from_text). */

enum { BR_WORDS_MAX = 10, BR_WORD_MAX = 15 };

typedef struct br_words {
    char w[BR_WORDS_MAX][BR_WORD_MAX + 1]; /* lower-cased, NUL-terminated */
    int n;
} br_words;

/* Splits `text` at blanks into lower-cased words. False when a word is
 * longer than BR_WORD_MAX characters or there are more than `max_words`
 * (at most BR_WORDS_MAX): no move of the game has that many. */
bool br_split_words(const char *text, int max_words, br_words *out);
/* The index of `text` among the `count` `names` (exact match), or -1. */
int br_name_index(const char *text, const char *const *names, int count);
/* `utf8` in ASCII into buf (size > 0, cut at its end): the German letters
 * ä ö ü Ä Ö Ü ß as ae oe ue Ae Oe Ue ss, any other non-ASCII byte as '?'
 * (a rendering's names, for any terminal). */
void br_ascii(char *buf, size_t size, const char *utf8);

/* A whole number lo..hi written in at most 3 digits ("12"), or -1. */
int br_word_number(const char *text, int lo, int hi);

/* Notation as data: the moves a game writes '<verb>' or '<verb> <argument>',
 * each verb over a run of move numbers, described once in a table of
 * br_verb from which the core writes a move's text and reads it back. */
typedef enum br_verb_arg {
    BR_VERB_ALONE,  /* the verb alone ("accept"): one move */
    BR_VERB_NAME,   /* move base + i is "<word> <names[i]>" ("play rent") */
    BR_VERB_NUMBER, /* move base + i is "<word> <first + i>" ("care 7") */
} br_verb_arg;

typedef struct br_verb {
    const char *word;
    uint16_t base, count;        /* the moves base .. base + count - 1 */
    uint8_t arg;                 /* br_verb_arg */
    char letter;                 /* NUMBER: a letter the text may put before
                                    the number ("p5" or "5"), or 0 */
    bool write_letter;           /* NUMBER: the text is written with it */
    int16_t first;               /* NUMBER: the number of move `base` */
    const char *const *names;    /* NAME: `count` names (the caller's) */
    const char *what, *example;  /* a wrong argument's reason: "what (e.g.
                                    'example')" */
} br_verb;

/* The verb of the `n` verbs whose run holds `move`, or NULL. */
const br_verb *br_verb_of(const br_verb *verbs, size_t n, br_move move);
/* Writes the text of `move`, which lies in verb v's run. */
void br_verb_write(const br_verb *v, br_move move, br_text *out);
/* The verb that words `ws` name, with an argument word if the verb takes
 * one (and none if not), or NULL. */
const br_verb *br_verb_find(const br_verb *verbs, size_t n, const br_words *ws);
/* Reads the move of v = br_verb_find(.., ws) into *out; BR_ERR_PARSE with
 * v's reason when its argument is none of its run. */
br_status br_verb_read(const br_verb *v, const br_words *ws, br_move *out, br_text *err);

/* ------------------------------------------------------------------ */
/* Observation tensors (the games' write_tensor): planes of 0.0f/1.0f and
 * of values scaled into 0..1. */

/* Sets out[i] to 1.0f for each bit i of `mask` below n (the others stay). */
static inline void br_tensor_bits(float *out, unsigned mask, int n)
{
    for (int i = 0; i < n; i++)
        if (mask >> i & 1)
            out[i] = 1.0f;
}

/* v / max, or 0.0f when max is 0 (an empty pile's share). */
static inline float br_tensor_scaled(int v, int max)
{
    return max > 0 ? (float)v / (float)max : 0.0f;
}

/* ------------------------------------------------------------------ */
/* Options as data. A game describes its options once, in its option table
 * (`option_specs`, the public br_option_spec): the common keys players,
 * seed and chance first (BR_OPTION_PLAYERS .. BR_OPTION_CHANCE), then the
 * game's own keys in the order of the canonical string. From the table the
 * core (options.c) parses and checks the options string, writes the
 * canonical string and the help text; the game gets one value per own key
 * (br_option_value) in setup() and keeps only the checks across keys. */

enum { BR_OPTION_PLAYERS = 0, BR_OPTION_SEED = 1, BR_OPTION_CHANCE = 2, BR_COMMON_OPTIONS = 3 };

/* Limits of options (doc/api.md, "Limits"). A longer key or value, more
 * items, or a table with more keys is refused with a reason naming the
 * limit, never cut short. */
#define BR_OPTION_KEYS_MAX 16    /* keys in a table, the common three included */
#define BR_OPTION_KEY_MAX 31     /* characters of one key */
#define BR_OPTION_VALUE_MAX 63   /* characters of one value */
#define BR_OPTIONS_HELP_MAX 4096 /* bytes of a game's generated options help */
/* The whole options string: BR_OPTIONS_MAX (boardrules/state.h), bytes with
 * the NUL, for the string given and the canonical one alike. The canonical
 * strings stay below it because the tables do (test_api checks the longest
 * each table allows). */

/* Most seats any game may have (the registry's games stay at or below it). */
#define BR_MAX_SEATS 64

/* The value of one key: the number (BR_OPTION_INTEGER), the index into
 * `choices` (BR_OPTION_CHOICE) or 0/1 (BR_OPTION_FLAG). */
typedef uint64_t br_option_value;
/* A key without a default (default_value NULL) that the string did not
 * give: setup() must resolve it. Integer keys never reach this value. */
#define BR_OPTION_UNSET UINT64_MAX

typedef struct br_option {
    char key[BR_OPTION_KEY_MAX + 1];
    char value[BR_OPTION_VALUE_MAX + 1];
} br_option;

/* The common keys' specs, the same in every game (options.c parses these
 * keys for all games): a game's option_specs starts with its own `players`
 * entry, then BR_SEED_OPTION_SPEC, then a `chance` entry whose choices are
 * br_chance_choices and whose help says what its chance events are. */
extern const char *const br_chance_choices[];
#define BR_SEED_OPTION_SPEC \
    { "seed", BR_OPTION_INTEGER, "0", 0, UINT64_MAX, NULL, "seed of the state's random generator" }

/* The index of `key` in the game's option table, or -1. */
int br_option_index(const struct br_game *game, const char *key);
/* Writes the game's options help (one `key=values  help (default d)` line
 * per key) into out. */
void br_options_help_write(const struct br_game *game, br_text *out);

/* ------------------------------------------------------------------ */
/* The viewer of the vtable's view functions (write_view, render,
 * move_to_text) that sees everything: the full state, as the snapshot holds
 * it. The others are a seat (0..n-1) or -1, a spectator. */
#define BR_VIEW_FULL (-2)

/* Whether `max` fits the unsigned member `member` of struct `type`: the
 * games' counters assert that their bounds fit their state, as in
 * _Static_assert(BR_FITS(struct state, turns, MAX_TURNS), "turns"). */
#define BR_FITS(type, member, max) \
    ((unsigned long long)(max) < 1ull << (8 * sizeof(((type *)0)->member)))

/* The vtable. `st` always points at the game's own state of state_size
 * bytes (aligned to 16), which must be plain data: copying its bytes copies
 * the position. */

/* The writers and reader of snapshots, defined below. */
typedef struct br_jw br_jw;
typedef struct br_bytes_writer br_bytes_writer;
typedef struct br_bytes_reader br_bytes_reader;

/* The facts of a game that depend on its option set, from the game. */
typedef struct br_traits {
    uint32_t max_game_length;  /* longest game in moves, chance outcomes included */
    bool has_chance;
    bool has_hidden_information;
    size_t tensor_rank;        /* 1 .. BR_TENSOR_MAX_RANK */
    size_t tensor_shape[BR_TENSOR_MAX_RANK];
} br_traits;

struct br_game {
    const char *name;        /* short name, e.g. "tsuro" */
    const char *title;       /* e.g. "Tsuro" */
    const char *description; /* one paragraph */
    size_t state_size;       /* sizeof the game's state struct */
    size_t legal_moves_bound;/* upper bound on legal moves / chance outcomes
                                over every option set, and so at least every
                                max_legal_moves() (for stack buffers) */

    /* Sets up the initial state from the values of the game's own keys,
     * which the core has parsed and checked against option_specs:
     * values[i] belongs to option_specs[BR_COMMON_OPTIONS + i]. A key the
     * string did not give has its default, or BR_OPTION_UNSET when it has
     * none: setup() then writes the value it resolves to (the canonical
     * string shows it). Only checks across keys are left to the game: on
     * error return BR_ERR_OPTION and write the reason naming the key. */
    br_status (*setup)(void *st, int num_players, br_option_value *values, br_text *err);

    size_t (*move_space)(const void *st);
    size_t (*max_legal_moves)(const void *st);
    /* Seat, BR_PLAYER_CHANCE or BR_PLAYER_TERMINAL. */
    int (*current_player)(const void *st);
    /* Legal moves (at a chance node: the outcomes) in increasing order into
     * `out`, which has max_legal_moves() entries. Returns the count. */
    size_t (*legal_moves)(const void *st, br_move *out);
    /* Returns true when `move` is legal. When illegal and `reason` is not
     * NULL, writes why (one English sentence, no trailing period). `move`
     * may be any integer. */
    bool (*check_move)(const void *st, br_move move, br_text *reason);
    /* Applies a move that check_move() accepted. */
    void (*apply_move)(void *st, br_move move);
    /* At a chance node: the outcomes in increasing order and their integer
     * weights (probability = weight / sum of weights). Returns the count. */
    size_t (*chance_outcomes)(const void *st, br_move *out, uint32_t *weights);

    /* At a terminal state: marks each winning seat with 1, others 0. */
    void (*winners)(const void *st, uint8_t *is_winner);
    /* The game's own points per seat, at any time. */
    void (*scores)(const void *st, double *out);

    /* Text form of any move in 0..move_space()-1 (not necessarily legal), as
     * `viewer` may see it: BR_VIEW_FULL for the move itself (the notation),
     * a seat or -1 (a spectator) for the text with what is hidden from them
     * replaced by '?'. */
    void (*move_to_text)(const void *st, br_move move, int viewer, br_text *out);
    /* Parses a move text (trimmed, each run of blanks folded into one space;
     * see br_move_text_normalize()). On error: return BR_ERR_PARSE and
     * write the reason. */
    br_status (*move_from_text)(const void *st, const char *text, br_move *out,
                                br_text *err);

    /* The state as `viewer` may see it, one JSON value written without
     * building a tree: BR_VIEW_FULL for the snapshot (the "state" member of
     * the envelope), a seat or -1 (a spectator) for the observation. */
    void (*write_view)(const void *st, int viewer, br_jw *w);
    /* The game's state as the binary snapshot's payload, and back.
     * from_bytes() gets `st` set up by init() from the snapshot's options,
     * and must check every field and invariant as from_json() does, failing
     * with BR_ERR_SNAPSHOT and a reason naming the field. */
    void (*to_bytes)(const void *st, br_bytes_writer *w);
    br_status (*from_bytes)(void *st, br_bytes_reader *r, br_text *err);
    /* Loads a snapshot into `st`, which init() has already set up from the
     * snapshot's options. Must check every field and invariant; on error
     * return BR_ERR_SNAPSHOT with a reason naming the field (e.g.
     * "hands[2][0]: 40 is not a tile number"). */
    br_status (*from_json)(void *st, const json_t *state, br_text *err);
    /* Text picture for people, of what `viewer` may see: BR_VIEW_FULL for
     * everything, a seat or -1 (a spectator) without what is hidden from it. */
    void (*render)(const void *st, int viewer, br_text *out);
    /* Writes into `out` (same options) a state that `seat` cannot tell apart
     * from `st`, drawing what is hidden from `rng`. */
    void (*resample)(const void *st, int seat, br_rng *rng, void *out);

    /* What `move`, made at `before` and leading to `after` (apply_move()
     * alone: chance outcomes that followed are entries of their own),
     * changed that `viewer` (a seat, or -1: a spectator) may see: the items
     * of a JSON array, each an object whose first member is "type", in the
     * vocabulary of the game's doc ("Effects"). The core writes the brackets.
     * Nothing the viewer could not tell from write_view() of both positions
     * and move_to_text() of the move for it; hidden cards, tiles and ballots
     * never appear under the keys the conformance suite checks ("card",
     * "cards", "tile", "tiles", "ballot", "ballots") unless the viewer sees
     * them there. */
    void (*write_effects)(const void *before, const void *after, br_move move, int viewer,
                          br_jw *w);

    /* Optional (NULL: the dispatcher lists chance_outcomes() and picks one).
     * At a chance node: draws one outcome from `rng` with exactly the
     * probabilities chance_outcomes() gives, for speed in chance=auto mode.
     * To keep seeded games the same either way, it should take from `rng`
     * what the generic path takes: one br_rng_below(rng, sum of weights),
     * that number then walked through the outcomes in increasing order. */
    br_move (*sample_chance)(const void *st, br_rng *rng);

    /* ---- Learning interface (learn.c; boardrules/learn.h) ---- */
    /* The option table: every key of the options string, the common keys
     * (players, seed, chance) first, in the order br_state_options() writes
     * them (at most BR_OPTION_KEYS_MAX). The only description of the
     * options: the players range, the help text and the parser come from it. */
    const br_option_spec *option_specs;
    size_t num_option_specs;
    /* The number of history entries every state of the game has room for
     * (4 bytes each): at least traits().max_game_length of every option set,
     * unless that bound is huge for a reason ordinary play never meets (then
     * a longer game keeps its last history_capacity moves, and the game's
     * doc says so). */
    uint32_t history_capacity;
    /* What depends on the option set (the dispatcher adds the rest). */
    void (*traits)(const void *st, br_traits *out);
    /* Writes the observation tensor of `seat` (or -1): exactly the product
     * of traits().tensor_shape floats, every one of them (the buffer is not
     * cleared first), from nothing `seat` could not see in
     * write_view(). */
    void (*write_tensor)(const void *st, int seat, float *out);

    /* ---- Information-state tensor (learn.c; doc/api.md) ---- */
    /* The number of hidden move classes: the kinds of move another seat may
     * see only as `?` (the `?` texts of move_to_text() for a seat), at most 32. */
    uint32_t hidden_move_classes;
    /* `move`, about to be made at `st`, as `seat` (or -1: a spectator) sees
     * it then: `move` itself when the seat sees all of it, else
     * move_space() + k for its hidden class k. Must agree with
     * move_to_text() for `seat`: a `?` there exactly when a class here. */
    uint32_t (*move_view)(const void *st, br_move move, int seat);
    /* Optional (NULL: a hidden move stays hidden). `st` is the state just
     * after `move`: bit k set when every earlier move of hidden class k is
     * shown to every seat from now on (a vote's ballots once all are cast). */
    uint32_t (*view_reveals)(const void *st, br_move move);

    /* ---- Bots (bots/; doc/bots.md) ---- */
    /* Optional (NULL: points alone). What the greedy bot and the planner
     * know of `seat`'s unfinished position beyond the game's points, in
     * points, read from nothing `seat` could not see in write_view()
     * (bots/advice.c says why a game needs it). */
    double (*bot_advice)(const void *st, int seat);
};

/* The entries every game defines in its own files as <prefix>_<entry>
 * (tsuro_legal_moves, dud_render, ...), with the signatures of the vtable
 * above: BR_GAME_DECLARE(prefix) declares them in the game's header,
 * BR_GAME_ENTRIES(prefix) fills them in its vtable (game.c). The entries a
 * game may leave out or keeps in game.c (setup, traits, sample_chance,
 * view_reveals) it names itself. */
#define BR_GAME_DECLARE(p)                                                                         \
    size_t p##_move_space(const void *st);                                                         \
    size_t p##_max_legal_moves(const void *st);                                                    \
    int p##_current_player(const void *st);                                                        \
    size_t p##_legal_moves(const void *st, br_move *out);                                          \
    bool p##_check_move(const void *st, br_move move, br_text *reason);                            \
    void p##_apply_move(void *st, br_move move);                                                   \
    size_t p##_chance_outcomes(const void *st, br_move *out, uint32_t *weights);                   \
    void p##_winners(const void *st, uint8_t *is_winner);                                          \
    void p##_scores(const void *st, double *out);                                                  \
    void p##_move_to_text(const void *st, br_move move, int viewer, br_text *out);                 \
    br_status p##_move_from_text(const void *st, const char *text, br_move *out, br_text *err);    \
    void p##_write_view(const void *st, int viewer, br_jw *w);                                     \
    void p##_to_bytes(const void *st, br_bytes_writer *w);                                         \
    br_status p##_from_bytes(void *st, br_bytes_reader *r, br_text *err);                          \
    br_status p##_from_json(void *st, const json_t *state, br_text *err);                          \
    void p##_render(const void *st, int viewer, br_text *out);                                     \
    void p##_resample(const void *st, int seat, br_rng *rng, void *out);                           \
    void p##_write_effects(const void *before, const void *after, br_move move, int viewer,        \
                           br_jw *w);                                                              \
    void p##_write_tensor(const void *st, int seat, float *out);                                   \
    uint32_t p##_move_view(const void *st, br_move move, int seat)

#define BR_GAME_ENTRIES(p)                                                                         \
    .move_space = p##_move_space, .max_legal_moves = p##_max_legal_moves,                          \
    .current_player = p##_current_player, .legal_moves = p##_legal_moves,                          \
    .check_move = p##_check_move, .apply_move = p##_apply_move,                                    \
    .chance_outcomes = p##_chance_outcomes, .winners = p##_winners, .scores = p##_scores,          \
    .move_to_text = p##_move_to_text, .move_from_text = p##_move_from_text,                        \
    .write_view = p##_write_view, .to_bytes = p##_to_bytes, .from_bytes = p##_from_bytes,          \
    .from_json = p##_from_json, .render = p##_render, .resample = p##_resample,                    \
    .write_effects = p##_write_effects, .write_tensor = p##_write_tensor,                          \
    .move_view = p##_move_view

/* The registry (registry.c). */
extern const struct br_game *const br_registry[];
extern const size_t br_registry_count;

/* Games. */
extern const struct br_game br_game_tsuro;
extern const struct br_game br_game_tuer_an_tuer;
extern const struct br_game br_game_drunter_und_drueber;
extern const struct br_game br_game_tore_der_welt;

/* ------------------------------------------------------------------ */
/* JSON helpers for games' from_json: each checks the type and range and on
 * failure writes "<path>: <what is wrong>" into err and returns false. */

bool br_json_int(const json_t *obj, const char *key, long long min, long long max,
                 long long *out, const char *path, br_text *err);
bool br_json_bool(const json_t *obj, const char *key, bool *out, const char *path,
                  br_text *err);
/* Array member `key` with exactly `len` entries (len < 0: any length). */
const json_t *br_json_array(const json_t *obj, const char *key, long len,
                            const char *path, br_text *err);
bool br_json_array_int(const json_t *arr, size_t index, long long min,
                       long long max, long long *out, const char *path,
                       br_text *err);
/* Member `key` of `obj`; when it is missing, writes "<path>.<key>: missing"
 * and returns NULL. */
const json_t *br_json_member(const json_t *obj, const char *key, const char *path,
                             br_text *err);
/* A string among `names` (count of them): its index into *out; otherwise
 * writes "<path>: ..." and returns false. */
bool br_json_name(const json_t *v, const char *const *names, int count, int *out,
                  const char *path, br_text *err);

/* The first member of `obj` whose key is not among the `n` `keys`, or NULL:
 * a snapshot with a member this version does not write is not one of ours. */
const char *br_json_unknown_key(const json_t *obj, const char *const *keys, size_t n);

/* Parses the `len` bytes of `text` with jansson (json_loadb() with `flags`)
 * into *out (NULL on failure). BR_ERR_NO_MEMORY when any allocation failed
 * on the way, even if jansson read on and made a tree (jansson 2.14 drops a
 * character it cannot store); BR_ERR_SNAPSHOT with *jerr for malformed
 * text. The only way the library parses JSON. */
br_status br_json_parse(const char *text, size_t len, size_t flags, json_t **out,
                        json_error_t *jerr);

/* ------------------------------------------------------------------ */
/* Writing JSON text without a tree (jsonwrite.c): snapshots and
 * observations straight into the caller's buffer. A writer emits the members
 * in the order the format lists them; the text equals jansson's compact dump
 * of the same tree. */

enum { BR_JW_MAX_DEPTH = 64 };

struct br_jw {
    br_text *out;
    uint64_t has_items; /* bit d: the container at depth d has an item */
    uint8_t depth;
    bool after_key;     /* the next value belongs to the key just written */
};

void br_jw_init(br_jw *w, br_text *out);
void br_jw_begin_object(br_jw *w);
void br_jw_end_object(br_jw *w);
void br_jw_begin_array(br_jw *w);
void br_jw_end_array(br_jw *w);
/* `key` is written as it is: plain text with no character JSON escapes. */
void br_jw_key(br_jw *w, const char *key);
void br_jw_string(br_jw *w, const char *s);
void br_jw_string_n(br_jw *w, const char *s, size_t n);
/* A string from the library's own tables (plain ASCII that JSON writes as
 * it is: no quote, backslash or control character), without escaping. */
void br_jw_name(br_jw *w, const char *name);
void br_jw_int(br_jw *w, long long v);
void br_jw_real(br_jw *w, double v);
void br_jw_bool(br_jw *w, bool v);
void br_jw_null(br_jw *w);
/* A value the caller has already written as JSON text (n bytes). */
void br_jw_raw(br_jw *w, const char *json, size_t n);
/* A key whose text the caller has precomputed as `,"key":` (n bytes, the
 * comma included): written with the comma or without it, in one append. */
static inline void br_jw_key_text(br_jw *w, const char *comma_key, size_t n)
{
    uint64_t bit = (uint64_t)1 << w->depth;
    size_t first = !(w->has_items & bit); /* no comma before the first item */
    w->has_items |= bit;
    w->after_key = true;
    br_text_write(w->out, comma_key + first, n - first);
}
void br_jw_key_int(br_jw *w, const char *key, long long v);
void br_jw_key_string(br_jw *w, const char *key, const char *s);
void br_jw_key_bool(br_jw *w, const char *key, bool v);
/* names[index], or null when index is `none`. */
void br_jw_name_or_null(br_jw *w, const char *const *names, unsigned index, unsigned none);

/* An array gathered as text and written as one value (br_jw_raw()): for a
 * codec with many short items (names, small numbers, rows), which
 * br_jw_string_n() would scan a character at a time and br_jw_int() put
 * out one call each. The caller sizes its longest array within
 * BR_JW_LIST_MAX (a _Static_assert beside its bound). */
enum { BR_JW_LIST_MAX = 1100 };
typedef struct br_jw_list {
    size_t len;
    char text[BR_JW_LIST_MAX];
} br_jw_list;

static inline void br_jw_list_begin(br_jw_list *l)
{
    l->text[0] = '[';
    l->len = 1;
}

/* One item: `text` (n bytes, none of them in need of escaping) in quotes,
 * or as it is (a number, an object the caller has written). */
static inline void br_jw_list_item(br_jw_list *l, const char *text, size_t n, bool quoted)
{
    char *p = l->text + l->len;
    assert(l->len + n + 4 <= sizeof l->text); /* the caller's bound holds its longest */
    if (l->len + n + 4 > sizeof l->text)
        return;
    if (l->len > 1)
        *p++ = ',';
    if (quoted)
        *p++ = '"';
    memcpy(p, text, n);
    p += n;
    if (quoted)
        *p++ = '"';
    l->len = (size_t)(p - l->text);
}

static inline void br_jw_list_end(br_jw_list *l, br_jw *w)
{
    l->text[l->len++] = ']';
    br_jw_raw(w, l->text, l->len);
}

/* ------------------------------------------------------------------ */
/* Snapshot fields as data (fields.c). A game describes the members of its
 * snapshot once, as a table of br_field: the key, the kind of value, where
 * it lives in the state, its range, who may see it and how it is written in
 * the binary form. From the table the core writes the snapshot (viewer
 * BR_VIEW_FULL) and every observation as JSON, reads the snapshot back with
 * every type and range checked and a reason naming the member
 * ("state.markers[2].point: 9 is not in 0..7"; the root of the path is the
 * caller's: {NULL, "state", 0}), and writes and reads the
 * binary form. The game keeps what is its own: codecs for its notation,
 * derived members, and the checks across members after a load. */

typedef enum br_field_kind {
    BR_FIELD_INT,    /* an unsigned member of `width` bytes: a JSON number */
    BR_FIELD_BOOL,   /* a one-byte member holding 0 or 1: true or false */
    BR_FIELD_NAME,   /* an index member: the string names[index] */
    BR_FIELD_SET,    /* a bit mask member: the array of the names (or the
                        numbers bias + bit) of its set bits, lowest first */
    BR_FIELD_OBJECT, /* a struct member: an object of `table`'s members;
                        NULLABLE: an optional record, null while its
                        presence flag (`present_at`) is 0 */
    BR_FIELD_CODEC,  /* the game's own codec writes and reads it */
    BR_FIELD_FLAG,   /* bit `bias` of a one-byte bit mask member: true or
                        false (JSON only: the mask is the binary form's) */
    BR_FIELD_BAG,    /* `width` one-byte counts, one per name: the array of
                        the names, each as often as its count, in name
                        order (read in any order); binary: the counts */
} br_field_kind;

/* Who sees a member in an observation (the snapshot shows every member). */
typedef enum br_field_see {
    BR_SEE_ALL,    /* every seat and spectators */
    BR_SEE_OWNER,  /* the seat whose entry it is, in an array over the seats
                      (the member itself, or one it lies in) */
    BR_SEE_NONE,   /* nobody: only the snapshot has it */
    BR_SEE_CUSTOM, /* the member's `visible` callback decides */
} br_field_see;

/* What an observation writes for a member hidden from its viewer. */
typedef enum br_field_hide {
    BR_HIDE_OMIT,  /* nothing: the key is left out */
    BR_HIDE_NULL,  /* null */
    BR_HIDE_COUNT, /* a set: its number of members; a list: its length; a
                      bag: the sum of its counts */
    BR_HIDE_SUM,   /* an array of counts: their total */
    BR_HIDE_SECRET, /* the string "hidden"; null where a NULLABLE member is
                       `none` (that there is nothing is public) */
} br_field_hide;

enum {
    BR_FIELD_NULLABLE = 1 << 0,   /* the stored value `none` is JSON null
                                     (an OBJECT: see `present_at`) */
    BR_FIELD_JSON_ONLY = 1 << 1,  /* not in the binary form (derived) */
    BR_FIELD_BYTES_ONLY = 1 << 2, /* not in JSON (the binary form's own) */
    BR_FIELD_VIEW_ONLY = 1 << 3,  /* only in observations, never in the
                                     snapshot (nor in the binary form) */
    BR_FIELD_ANY_ORDER = 1 << 4,  /* SET: read in any order (a repeat is
                                     refused); written lowest first */
};

/* `count` of an array with one entry per seat (owner = the index). */
#define BR_FIELD_SEATS 0xFFFF
/* `max` of a seat number: the last seat of the state (num_seats - 1); of a
 * set: one bit per seat. */
#define BR_FIELD_LAST_SEAT INT32_MIN

typedef struct br_field br_field;

/* Where a reader is, for its error messages: written out only on failure
 * ("state.players[1].goods.stone"), so a load pays nothing for the names. */
typedef struct br_field_path {
    const struct br_field_path *parent; /* NULL at the root */
    const char *key;                    /* a member, or NULL for an entry */
    long index;                         /* the entry's index when key is NULL */
} br_field_path;

/* Writes "<path>: <why>" into err (when not NULL) and returns false. */
bool br_field_fail(br_text *err, const br_field_path *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same for a binary reader: fails it once, as br_br_fail() does. */
bool br_field_fail_bytes(br_bytes_reader *r, const br_field_path *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Where a walk is: the whole state, the viewer and the seat whose entry of
 * an array over the seats it is in. */
typedef struct br_fields_ctx {
    const void *state; /* the game's whole state */
    int viewer;        /* BR_VIEW_FULL, a seat, or -1 (a spectator) */
    int num_seats;
    int owner;         /* index in the innermost array over the seats, or -1 */
} br_fields_ctx;

/* A member the core cannot write itself: the game's notation ("20r3"),
 * derived members, members whose forms differ. `member` points at the
 * member's bytes in the enclosing struct (offset applied; for an array, at
 * the element). Any callback may be NULL: a NULL write_json with a member
 * in JSON, or write_bytes with one in the binary form, is a bug; a NULL
 * read_json only requires the key (derived members, which the game's checks
 * across members compare with what it derives). */
typedef struct br_field_codec {
    void (*write_json)(const br_fields_ctx *c, const void *member, br_jw *w);
    /* Reads `v` into the member; on failure br_field_fail(err, at, ...). */
    bool (*read_json)(const br_fields_ctx *c, void *member, const json_t *v,
                      const br_field_path *at, br_text *err);
    void (*write_bytes)(const br_fields_ctx *c, const void *member, br_bytes_writer *w);
    /* Reads the member; on failure br_field_fail_bytes(r, at, ...). */
    bool (*read_bytes)(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                       const br_field_path *at);
} br_field_codec;

/* A CODEC member's JSON value written straight into the walker's text, in
 * place of the codec's write_json (which goes through br_jw): for members
 * written often (a hand's list), where a call into the writer per value
 * costs more than the value. write() puts the value's JSON text, at most
 * `max` bytes (max <= BR_FIELD_TEXT_MAX), at `out` and returns its length;
 * `out` is the walker's buffer, valid only during the call. */
typedef struct br_field_text {
    size_t (*write)(const br_fields_ctx *c, const void *member, char *out);
    uint16_t max;
} br_field_text;
enum { BR_FIELD_TEXT_MAX = 400 };

/* A name as JSON text, quoted, in a fixed-size array: the walker copies it
 * in one fixed-size move instead of a byte loop (a table's names, the
 * codecs' lists). BR_QUOTED("red") gives {"\"red\"", 5}; a name longer than
 * BR_QUOTED_MAX - 3 bytes does not compile. */
enum { BR_QUOTED_MAX = 16 };
typedef struct br_quoted_name {
    char text[BR_QUOTED_MAX];
    uint8_t len;
} br_quoted_name;
#define BR_QUOTED(name)                                                                        \
    {"\"" name "\"",                                                                           \
     (uint8_t)((sizeof(name) + 1) * sizeof(char[sizeof(name) + 2 <= BR_QUOTED_MAX ? 1 : -1]))}

/* Room for a key's JSON text `,"key":` in a table entry (BR_KEY()). */
enum { BR_KEY_TEXT_MAX = 24 };

typedef struct br_field_table {
    const br_field *fields;
    size_t count;
} br_field_table;

struct br_field {
    const char *key;
    uint8_t kind;       /* br_field_kind */
    uint8_t width;      /* bytes of the member (INT, NAME, SET): 1, 2 or 4;
                           BAG: the number of names (a count byte each) */
    uint8_t see;        /* br_field_see */
    uint8_t hide;       /* br_field_hide */
    uint8_t flags;      /* BR_FIELD_NULLABLE, ... */
    uint8_t bytes;      /* width in the binary form (0: `width`) */
    uint16_t offset;    /* of the member in the enclosing struct */
    uint16_t count;     /* 0: one value; n: an array of n (the capacity when
                           `length_at` is set); BR_FIELD_SEATS */
    uint16_t stride;    /* bytes from one array entry to the next */
    uint16_t length_at; /* a list: 1 + the offset of its uint8_t length
                           member (0: a fixed count) */
    uint16_t present_at; /* an OBJECT with BR_FIELD_NULLABLE (and only
                            there; it needs one): 1 + the offset,
                            in the object's own struct, of its uint8_t
                            presence flag, which no member of `table` is.
                            Flag 0: JSON null (read: the members are left
                            as they are), 1: the object. Binary: the flag
                            (0 or 1), then the members either way */
    int32_t min, max;   /* the stored value's range (INT); SET: max = the
                           number of bits; BAG: the largest count;
                           BR_FIELD_LAST_SEAT */
    int32_t bias;       /* INT, SET without names: JSON shows value + bias */
    uint32_t none;      /* NULLABLE: the stored value that is null */
    const char *const *names;    /* NAME, SET: `max` names (NAME: max + 1);
                                    BAG: `width` names */
    const br_quoted_name *quoted; /* NAME, BAG: the same names as JSON
                                     text, for speed (NULL: quoted on each
                                     write) */
    const br_field_table *table; /* OBJECT */
    const br_field_codec *codec; /* CODEC */
    const br_field_text *text;   /* CODEC: its JSON value into the walker's
                                    text, instead of codec->write_json (NULL:
                                    through the writer) */
    bool (*visible)(const br_fields_ctx *c); /* BR_SEE_CUSTOM */
    /* The key as the JSON writer puts it, `,"key":`, and its length: set by
     * BR_KEY() with the key (length 0: the writer quotes `key` each time).
     * A fixed array, so that the writer copies it in one fixed-size move. */
    char json_key[BR_KEY_TEXT_MAX];
    uint8_t json_key_len;
};

/* A table entry's key, with its JSON text precomputed: {BR_KEY("turn"),
 * .kind = ...}. `k` must be a string literal of at most BR_KEY_TEXT_MAX - 5
 * bytes (a longer one does not compile: the array size below goes
 * negative). */
#define BR_KEY(k)                                                                              \
    .key = k, .json_key = ",\"" k "\":",                                                       \
    .json_key_len = (uint8_t)((sizeof(k) + 3) *                                                \
                              sizeof(char[sizeof(k) + 4 <= BR_KEY_TEXT_MAX ? 1 : -1]))

/* Writes the object of `table`'s members of the struct at `base` as
 * c->viewer sees it (BR_VIEW_FULL: the snapshot). The first write with a
 * table compiles it into a program (fields.c), kept for the process by the
 * table's address: a table written with must stay where it is, unchanged,
 * for the life of the process (the games' tables are static const). */
void br_fields_write_json(const br_field_table *table, const br_fields_ctx *c,
                          const void *base, br_jw *w);
/* Reads the snapshot object `obj` into the struct at `base`: every key of
 * the table present (but view-only and bytes-only ones), no other key, each
 * value of its type and range. On failure writes "<path>.<key>...: why". */
bool br_fields_read_json(const br_field_table *table, const br_fields_ctx *c, void *base,
                         const json_t *obj, const br_field_path *at, br_text *err);
/* One value `v` of member f (not an array) into `member`, checked as the
 * walk checks it, failing at `at`: for a codec that wraps a table shape
 * (null for "none yet", else the shape's value). */
bool br_field_read_value(const br_field *f, const br_fields_ctx *c, void *member,
                         const json_t *v, const br_field_path *at, br_text *err);
/* The binary form: the members in table order, each in its width. */
void br_fields_write_bytes(const br_field_table *table, const br_fields_ctx *c,
                           const void *base, br_bytes_writer *w);
bool br_fields_read_bytes(const br_field_table *table, const br_fields_ctx *c, void *base,
                          br_bytes_reader *r, const br_field_path *at);

/* Helpers for a game's codecs (fieldcodecs.c): the shapes codecs share,
 * each failing with the walker's path. Out-pointers are the caller's and are
 * written only on success (a list's values may be partly written). */
/* Binary: one byte at most `max`. A short read names `at` ("the data ends
 * 1 byte early"), as does a value out of range. */
bool br_field_get_u8(br_bytes_reader *r, unsigned max, uint8_t *out, const br_field_path *at);
/* The next n bytes in place (valid while the reader's data is), or NULL
 * after failing the reader naming `at` ("the data ends 2 bytes early"). */
const uint8_t *br_field_take_in_place(br_bytes_reader *r, size_t n, const br_field_path *at);
/* n rows of `size` bytes each, read in one go; row i goes to read_row()
 * with its path at[i] (an array over the seats: a row per seat), which
 * checks it, stores it into `out` and fails with br_field_fail_bytes().
 * Inline, so that a codec's reader is called directly (or inlined). */
typedef bool (*br_field_row_reader)(const uint8_t *row, size_t i, void *out,
                                    br_bytes_reader *r, const br_field_path *at);
static inline bool br_field_get_rows(br_bytes_reader *r, size_t n, size_t size,
                                     br_field_row_reader read_row, void *out,
                                     const br_field_path *at)
{
    const uint8_t *p = br_field_take_in_place(r, n * size, at);
    if (!p)
        return false;
    for (size_t i = 0; i < n; i++) {
        br_field_path entry = {at, NULL, (long)i};
        if (!read_row(p + i * size, i, out, r, &entry))
            return false;
    }
    return true;
}
/* n bytes into out[0..n), byte i at most max[i]; one out of range fails
 * naming at.keys[i] (a struct's members in one go, faster than the walk). */
bool br_field_get_u8_row(br_bytes_reader *r, const uint8_t *max, const char *const *keys,
                         size_t n, uint8_t *out, const br_field_path *at);
/* JSON: the seats of bit mask `mask` among n, ascending ([0,2]); read back
 * as distinct seats 0..n-1 in ascending order. */
void br_jw_seats(br_jw *w, unsigned mask, int n);
bool br_field_read_seats(const json_t *v, int n, unsigned *mask, const br_field_path *at,
                         br_text *err);
/* The number obj[key] in 0..max (a derived count the game checks). */
bool br_field_read_count(const json_t *obj, const char *key, int max, int *out,
                         const br_field_path *at, br_text *err);
/* A list of small numbers, each value + bias ([1,12]); read back as at most
 * `cap` numbers bias..max + bias, an entry outside failing "not <what>
 * 1..44" (what: "an event id"). */
void br_jw_u8_list(br_jw *w, const uint8_t *values, size_t n, int bias);
/* The viewer's seat (-1: a spectator): an observation's "seat" member,
 * {BR_KEY("seat"), .kind = BR_FIELD_CODEC, .codec = &br_field_viewer_codec,
 * .flags = BR_FIELD_VIEW_ONLY}, or BR_FIELD_VIEWER_SEAT, which writes it
 * straight into the walker's text (br_field_viewer_text). */
extern const br_field_codec br_field_viewer_codec;
extern const br_field_text br_field_viewer_text;
#define BR_FIELD_VIEWER_SEAT                                                                   \
    {BR_KEY("seat"), .kind = BR_FIELD_CODEC, .codec = &br_field_viewer_codec,                  \
     .text = &br_field_viewer_text, .flags = BR_FIELD_VIEW_ONLY}
bool br_field_read_u8_list(const json_t *v, unsigned cap, unsigned max, int bias,
                           const char *what, uint8_t *values, uint8_t *len,
                           const br_field_path *at, br_text *err);
/* After a load: checks each derived member of the snapshot object `obj` (a
 * JSON-only codec without read_json) against what its codec writes from the
 * loaded struct at `base`, in nested objects too (each entry of an array of
 * them; over the seats with its owner); on a difference fails naming the
 * first entry that differs ("state.crews[2]: the rest of the state gives
 * {...}", "state.players[1].houses: the rest of the state gives 3"). */
bool br_fields_check_derived(const br_field_table *table, const br_fields_ctx *c,
                             const void *base, const json_t *obj, const br_field_path *at,
                             br_text *err);
/* Reads n bytes into out; a short read fails naming the path. */
bool br_field_take(br_bytes_reader *r, void *out, size_t n, const br_field_path *at);
/* Reads the JSON array `v` of min..max entries, entry i by read_one (its
 * path `at`[i]); else fails "not an array of [at most] <max> <what>" or
 * "<n> <what>, expected [at most] <max>". `out` is read_one's. */
typedef bool (*br_field_entry_reader)(const json_t *e, size_t i, void *out,
                                      const br_field_path *at, br_text *err);
bool br_field_read_each(const json_t *v, size_t min, size_t max, const char *what,
                        br_field_entry_reader read_one, void *out, const br_field_path *at,
                        br_text *err);
/* Reads a string among the first `count` of `names` into *out (its index),
 * or, when `nullable`, null as `none`; else fails "not one of '<first>' ..
 * '<last>'[ or null]". */
bool br_field_read_choice(const json_t *v, const char *const *names, int count, bool nullable,
                          uint8_t none, uint8_t *out, const br_field_path *at, br_text *err);
/* A seat, or null when `seat` is negative (nobody: no seat holds it, the
 * game is over): a derived member or an effect that names a seat or none. */
void br_jw_seat_or_null(br_jw *w, int seat);

/* ------------------------------------------------------------------ */
/* Binary snapshots (binary.c): fixed widths, little-endian, the same on
 * every platform. A game writes its fields with br_bw_*, and reads them
 * back with br_br_*, which check the bounds: on a short or bad read the
 * reader fails once, with the field's name, and later reads return 0. */

struct br_bytes_writer {
    uint8_t *buf;  /* may be NULL when size is 0 */
    size_t size;
    size_t len;    /* bytes written, or that would have been */
};

void br_bw_u8(br_bytes_writer *w, unsigned v);
void br_bw_u16(br_bytes_writer *w, unsigned v);
void br_bw_u32(br_bytes_writer *w, uint32_t v);
void br_bw_u64(br_bytes_writer *w, uint64_t v);
/* A 64-bit value as its 8 little-endian bytes at b, and back: one move on a
 * little-endian machine (a game's masks), byte by byte elsewhere. */
static inline void br_put_le64(uint8_t *b, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(b, &v, 8);
#else
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
#endif
}
static inline uint64_t br_get_le64(const uint8_t *b)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, b, 8);
#else
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
#endif
    return v;
}
/* Writes n bytes (inline: the walker and the codecs write whole runs). */
static inline void br_bw_bytes(br_bytes_writer *w, const void *data, size_t n)
{
    if (w->len + n <= w->size)
        memcpy(w->buf + w->len, data, n);
    w->len += n;
}

struct br_bytes_reader {
    const uint8_t *p;
    size_t left;
    bool failed;
    br_text *err;
    unsigned version; /* the snapshot's format version: a game whose payload
                         layout changed reads older snapshots by it */
};

/* Each reads a value of its width; `field` names it in the error. */
uint8_t br_br_u8(br_bytes_reader *r, const char *field);
uint16_t br_br_u16(br_bytes_reader *r, const char *field);
uint32_t br_br_u32(br_bytes_reader *r, const char *field);
uint64_t br_br_u64(br_bytes_reader *r, const char *field);
/* Reads n bytes into out. */
bool br_br_bytes(br_bytes_reader *r, void *out, size_t n, const char *field);
/* Reads a u8 that must lie in min..max (else fails naming the field). */
bool br_br_u8_in(br_bytes_reader *r, unsigned min, unsigned max, uint8_t *out,
                 const char *field);
/* Fails the reader with a reason (printf-style); returns false. */
bool br_br_fail(br_bytes_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* BR_INTERNAL_H */
