/* ops: calls one operation of the public API many times over a fixed set of
 * positions, for instruction counts under callgrind (tests/perf/callgrind-ops.sh).
 *
 *   ops GAME OP [REPEAT]
 *
 * GAME is tsuro, tuer-an-tuer, drunter-und-drueber or tore-der-welt (fixed
 * options below); OP is one of the names in `operations` (run `ops` alone for
 * the list). The program builds POSITIONS positions from random games whose
 * moves it picks with a splitmix64 of its own (so the positions are the same
 * for every build of the library whose rules are the same), prepares each
 * operation's input (the snapshots to load, the legal moves), calls the
 * operation once per position as a warm-up (thread-local caches, jansson's
 * first use), and only then enters ops_measure(), which makes REPEAT calls
 * (default 200) per position. Everything outside ops_measure() is set-up:
 * the script runs callgrind with --toggle-collect='ops_measure*' so that only
 * the calls are counted, and divides by the number of calls this program
 * prints. Every call's status is checked: a failure ends the program with
 * exit status 1 rather than measuring an error path.
 *
 * The last line of output reads
 *   game=G op=O positions=P repeat=R calls=C fingerprint=F
 * where F hashes each position's move number and legal moves, so that two
 * runs (before and after a change) can show that they measured the same
 * positions. Uses the public API only (and fixes jansson's hash seed). */
#include <boardrules.h>

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#  define OPS_NOINLINE __attribute__((noinline))
#else
#  define OPS_NOINLINE
#endif

enum { POSITIONS = 64, DEFAULT_REPEAT = 200, TEXT_MAX = 1 << 18, BYTES_MAX = 1 << 16 };

/* One game and its fixed options: one seed for every position, so that all
 * positions share one options string (a loader that keeps a per-thread
 * template for the last options it saw then finds it every time, as a
 * worker loading many states of one game does). */
typedef struct {
    const char *name;
    const char *options;
} game_choice;

static const game_choice games[] = {
    {"tsuro", "players=4,seed=24"},
    {"tuer-an-tuer", "seed=24"},
    {"drunter-und-drueber", "players=3,seed=24"},
    {"tore-der-welt", "players=3,seed=24"},
};

/* Everything an operation needs, prepared before the measurement. */
typedef struct {
    const br_game *game;
    const char *options;
    int players;
    size_t repeat;
    br_state *positions[POSITIONS];
    char *json[POSITIONS];          /* br_state_to_json() of each position */
    unsigned char *bytes[POSITIONS]; /* br_state_to_bytes() of each position */
    size_t bytes_len[POSITIONS];
    br_move *legal[POSITIONS]; /* the legal moves of each position */
    size_t legal_count[POSITIONS];
    br_move chosen[POSITIONS]; /* the legal move that `apply` makes */
    br_state *scratch;         /* target of br_state_copy() for `apply` */
    char *text;                /* output buffer of TEXT_MAX bytes */
    unsigned char *out_bytes;  /* output buffer of BYTES_MAX bytes */
} ops_context;

/* An operation: makes ctx->repeat calls per position, returns how many calls
 * it made in all. */
typedef uint64_t (*op_fn)(ops_context *ctx);

static void fail(const char *what, br_status status)
{
    fprintf(stderr, "ops: %s failed: %s\n", what, br_status_string(status));
    exit(1);
}

static void check(br_status status, const char *what)
{
    if (status != BR_OK)
        fail(what, status);
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------------ */
/* The operations. Each loops over the positions, and per position makes
 * ctx->repeat calls (times the seats, or the legal moves, where it says). */

static uint64_t op_to_json(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++)
            check(br_state_to_json(ctx->positions[p], ctx->text, TEXT_MAX, NULL), "to_json");
    return calls;
}

static uint64_t op_from_json(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            br_state *state = NULL;
            check(br_state_from_json(ctx->json[p], &state, NULL, 0), "from_json");
            br_state_free(state);
        }
    return calls;
}

static uint64_t op_to_bytes(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++)
            check(br_state_to_bytes(ctx->positions[p], ctx->out_bytes, BYTES_MAX, NULL),
                  "to_bytes");
    return calls;
}

static uint64_t op_from_bytes(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            br_state *state = NULL;
            check(br_state_from_bytes(ctx->bytes[p], ctx->bytes_len[p], &state, NULL, 0),
                  "from_bytes");
            br_state_free(state);
        }
    return calls;
}

/* Seats -1 (the spectator) to players-1. */
static uint64_t op_observe(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++)
            for (int seat = -1; seat < ctx->players; seat++, calls++)
                check(br_state_observe(ctx->positions[p], seat, ctx->text, TEXT_MAX, NULL),
                      "observe");
    return calls;
}

static uint64_t op_render(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++)
            check(br_state_render(ctx->positions[p], ctx->text, TEXT_MAX, NULL), "render");
    return calls;
}

/* Seats -1 (the spectator) to players-1. */
static uint64_t op_render_view(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++)
            for (int seat = -1; seat < ctx->players; seat++, calls++)
                check(br_state_render_view(ctx->positions[p], seat, ctx->text, TEXT_MAX, NULL),
                      "render_view");
    return calls;
}

/* Every legal move of the position. */
static uint64_t op_move_to_text(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++)
            for (size_t m = 0; m < ctx->legal_count[p]; m++, calls++)
                check(br_state_move_to_text(ctx->positions[p], ctx->legal[p][m], ctx->text,
                                            TEXT_MAX, NULL),
                      "move_to_text");
    return calls;
}

/* Every legal move of the position, for seats -1 (the spectator) to players-1. */
static uint64_t op_move_text_view(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++)
            for (size_t m = 0; m < ctx->legal_count[p]; m++)
                for (int seat = -1; seat < ctx->players; seat++, calls++)
                    check(br_state_move_to_text_view(ctx->positions[p], ctx->legal[p][m], seat,
                                                     ctx->text, TEXT_MAX, NULL),
                          "move_text_view");
    return calls;
}

static uint64_t op_legal_moves(ops_context *ctx)
{
    static br_move moves[BR_LEGAL_MOVES_MAX];
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            size_t count = 0;
            check(br_state_legal_moves(ctx->positions[p], moves, BR_LEGAL_MOVES_MAX, &count),
                  "legal_moves");
        }
    return calls;
}

/* br_state_copy() of the position into a scratch state, then br_state_apply()
 * of one legal move (chance that follows is resolved inside, chance=auto). */
static uint64_t op_apply(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            check(br_state_copy(ctx->scratch, ctx->positions[p]), "copy");
            check(br_state_apply(ctx->scratch, ctx->chosen[p]), "apply");
        }
    return calls;
}

static uint64_t op_clone(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            br_state *copy = NULL;
            check(br_state_clone(ctx->positions[p], &copy), "clone");
            br_state_free(copy);
        }
    return calls;
}

static uint64_t op_new(ops_context *ctx)
{
    uint64_t calls = 0;
    for (size_t p = 0; p < POSITIONS; p++)
        for (size_t r = 0; r < ctx->repeat; r++, calls++) {
            br_state *state = NULL;
            check(br_state_new(ctx->game, ctx->options, &state, NULL, 0), "new");
            br_state_free(state);
        }
    return calls;
}

typedef struct {
    const char *name;
    op_fn fn;
} operation;

static const operation operations[] = {
    {"to_json", op_to_json},
    {"from_json", op_from_json},
    {"to_bytes", op_to_bytes},
    {"from_bytes", op_from_bytes},
    {"observe", op_observe},
    {"render", op_render},
    {"render_view", op_render_view},
    {"move_to_text", op_move_to_text},
    {"move_text_view", op_move_text_view},
    {"legal_moves", op_legal_moves},
    {"apply", op_apply},
    {"clone", op_clone},
    {"new", op_new},
};

/* The measured function: callgrind counts from its entry to its return
 * (--toggle-collect='ops_measure*', the star for a compiler's clones). Kept
 * out of line and external so that its name survives. */
uint64_t ops_measure(op_fn fn, ops_context *ctx);

OPS_NOINLINE uint64_t ops_measure(op_fn fn, ops_context *ctx)
{
    return fn(ctx);
}

/* ------------------------------------------------------------------ */
/* The positions. */

static size_t legal_moves_of(const br_state *state, br_move *moves)
{
    size_t count = 0;
    check(br_state_legal_moves(state, moves, BR_LEGAL_MOVES_MAX, &count), "legal_moves");
    return count;
}

/* Plays a random game from the start with move picks from @p pick_seed and
 * returns how many player moves it lasts until the end. */
static size_t game_length(const ops_context *ctx, uint64_t pick_seed)
{
    static br_move moves[BR_LEGAL_MOVES_MAX];
    br_state *state = NULL;
    check(br_state_new(ctx->game, ctx->options, &state, NULL, 0), "new");
    size_t length = 0;
    while (!br_state_is_terminal(state)) {
        size_t count = legal_moves_of(state, moves);
        if (count == 0)
            fail("a non-terminal position without legal moves", BR_ERR_ARGUMENT);
        check(br_state_apply(state, moves[splitmix64(&pick_seed) % count]), "apply");
        length++;
    }
    br_state_free(state);
    return length;
}

/* Position @p index: the same random game, stopped after a random number of
 * player moves short of its end, so that every position has legal moves. */
static br_state *make_position(const ops_context *ctx, size_t index)
{
    static br_move moves[BR_LEGAL_MOVES_MAX];
    uint64_t pick_seed = UINT64_C(0x24) + index * UINT64_C(1000003);
    uint64_t stop_seed = ~pick_seed;
    size_t length = game_length(ctx, pick_seed);
    size_t stop = length == 0 ? 0 : (size_t)(splitmix64(&stop_seed) % length);

    br_state *state = NULL;
    check(br_state_new(ctx->game, ctx->options, &state, NULL, 0), "new");
    for (size_t i = 0; i < stop; i++) {
        size_t count = legal_moves_of(state, moves);
        check(br_state_apply(state, moves[splitmix64(&pick_seed) % count]), "apply");
    }
    if (br_state_is_terminal(state))
        fail("a position at the end of its game", BR_ERR_ARGUMENT);
    return state;
}

static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *byte = data;
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ byte[i]) * UINT64_C(0x100000001B3);
    return hash;
}

static void *allocate(size_t size)
{
    void *block = malloc(size);
    if (block == NULL)
        fail("malloc", BR_ERR_NO_MEMORY);
    return block;
}

/* Builds the positions and every operation's input; returns the fingerprint. */
static uint64_t prepare(ops_context *ctx)
{
    uint64_t fingerprint = UINT64_C(0xCBF29CE484222325);
    ctx->text = allocate(TEXT_MAX);
    ctx->out_bytes = allocate(BYTES_MAX);
    for (size_t p = 0; p < POSITIONS; p++) {
        br_state *state = make_position(ctx, p);
        ctx->positions[p] = state;

        size_t len = 0;
        check(br_state_to_json(state, ctx->text, TEXT_MAX, &len), "to_json");
        ctx->json[p] = allocate(len + 1);
        memcpy(ctx->json[p], ctx->text, len + 1);

        check(br_state_to_bytes(state, ctx->out_bytes, BYTES_MAX, &len), "to_bytes");
        ctx->bytes[p] = allocate(len);
        memcpy(ctx->bytes[p], ctx->out_bytes, len);
        ctx->bytes_len[p] = len;

        ctx->legal[p] = allocate(BR_LEGAL_MOVES_MAX * sizeof(br_move));
        ctx->legal_count[p] = legal_moves_of(state, ctx->legal[p]);
        uint64_t choose_seed = UINT64_C(0xA99) + p;
        ctx->chosen[p] = ctx->legal[p][splitmix64(&choose_seed) % ctx->legal_count[p]];

        uint32_t move_number = br_state_move_number(state);
        fingerprint = fnv1a(fingerprint, &move_number, sizeof move_number);
        fingerprint = fnv1a(fingerprint, ctx->legal[p], ctx->legal_count[p] * sizeof(br_move));
    }
    check(br_state_clone(ctx->positions[0], &ctx->scratch), "clone");
    return fingerprint;
}

static void release(ops_context *ctx)
{
    for (size_t p = 0; p < POSITIONS; p++) {
        br_state_free(ctx->positions[p]);
        free(ctx->json[p]);
        free(ctx->bytes[p]);
        free(ctx->legal[p]);
    }
    br_state_free(ctx->scratch);
    free(ctx->text);
    free(ctx->out_bytes);
}

static int usage(void)
{
    fprintf(stderr, "usage: ops GAME OP [REPEAT]\n  GAME:");
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        fprintf(stderr, " %s", games[i].name);
    fprintf(stderr, "\n  OP:");
    for (size_t i = 0; i < sizeof operations / sizeof operations[0]; i++)
        fprintf(stderr, " %s", operations[i].name);
    fprintf(stderr, "\n  REPEAT: calls per position (default %d)\n", DEFAULT_REPEAT);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4)
        return usage();
    const game_choice *choice = NULL;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        if (strcmp(argv[1], games[i].name) == 0)
            choice = &games[i];
    const operation *op = NULL;
    for (size_t i = 0; i < sizeof operations / sizeof operations[0]; i++)
        if (strcmp(argv[2], operations[i].name) == 0)
            op = &operations[i];
    char *end = NULL;
    unsigned long repeat = argc == 4 ? strtoul(argv[3], &end, 10) : DEFAULT_REPEAT;
    if (choice == NULL || op == NULL || (end != NULL && (*end != '\0' || end == argv[3])) ||
        repeat == 0 || repeat > 1000000)
        return usage();

    /* jansson (the JSON loader's parser) seeds its hash tables at random,
     * which moved from_json's count by up to 2 % from run to run; a fixed
     * seed makes it repeatable. Harmless when the library does not use it. */
    json_object_seed(24);

    static ops_context ctx;
    ctx.game = br_game_find(choice->name);
    if (ctx.game == NULL) {
        fprintf(stderr, "ops: the library has no game '%s'\n", choice->name);
        return 1;
    }
    ctx.options = choice->options;
    ctx.repeat = 1;
    uint64_t fingerprint = prepare(&ctx);
    ctx.players = br_state_num_players(ctx.positions[0]);

    op->fn(&ctx); /* the warm-up: one call per position, not measured */
    ctx.repeat = (size_t)repeat;
    uint64_t calls = ops_measure(op->fn, &ctx);

    printf("game=%s op=%s positions=%d repeat=%lu calls=%" PRIu64 " fingerprint=%016" PRIx64
           "\n",
           choice->name, op->name, POSITIONS, repeat, calls, fingerprint);
    release(&ctx);
    return 0;
}
