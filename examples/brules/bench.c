/*
 * brules bench: how fast the library plays a game through its public API.
 *
 * Two kinds of figures:
 * - random playouts: legal moves, a uniformly random one (host generator),
 *   apply, until the legal-move list is empty; chance events are resolved
 *   inside apply (chance=auto) or picked like moves (chance=explicit);
 * - single operations, each timed over a fixed sample of positions taken
 *   from random games, so that the figures do not hang on one position.
 * The size of a state is not available through the API and is not shown.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define START_POSITIONS 64   /* initial states with different seeds */
#define SAMPLE_POSITIONS 256 /* unfinished positions from random games */
#define BATCH 256            /* calls between two looks at the clock */

typedef struct bench_config {
    const char *game_name;
    const char *options;
    double seconds;
    bool json;
} bench_config;

typedef struct bench {
    br_state *starts[START_POSITIONS];
    size_t num_samples;
    br_state *samples[SAMPLE_POSITIONS];
    br_move sample_moves[SAMPLE_POSITIONS]; /* one legal move of each sample */
    char *snapshots[SAMPLE_POSITIONS];      /* br_state_to_json of each sample */
    size_t snapshot_bytes;                  /* their total length */
    unsigned char *binaries[SAMPLE_POSITIONS]; /* br_state_to_bytes of each sample */
    size_t binary_lens[SAMPLE_POSITIONS];
    size_t binary_bytes;                    /* their total length */
    br_state *scratch;
    br_move *moves;
    size_t capacity;
    char *text;                             /* output buffer for JSON */
    size_t text_size;
    float *tensor;                          /* observation tensor buffer */
    size_t tensor_size;
    uint8_t *mask;                          /* action mask buffer */
    size_t mask_size;
    br_history_entry *history;              /* history buffer */
    size_t history_size;
    host_rng rng;
    const char *failed;                     /* the operation that failed */
    const br_state *failed_state;           /* its state, for the reason */
    br_status failed_status;
    char load_error[256];                   /* the reason of a failed load */
    progress bar;                           /* on a terminal: what runs, time left */
    double budget;                          /* the whole time budget, seconds */
    const char *running;                    /* what the progress line names */
} bench;

/* One timed operation on sample position i. */
typedef br_status (*bench_op)(bench *b, size_t i);

enum { OPT_OPTIONS = 'o', OPT_TIME = 't' };

static const cli_option bench_options[] = {
    CLI_HELP_OPTION,
    { "options", 'o', true, OPT_OPTIONS },
    { "time", 't', true, OPT_TIME },
    CLI_JSON_OPTION,
    { NULL, 0, false, 0 },
};

static int take_bench_option(void *settings, int id, const char *value)
{
    bench_config *cfg = settings;
    switch (id) {
    case OPT_OPTIONS:
        cfg->options = value;
        break;
    case OPT_TIME:
        if (!parse_positive_double(value, &cfg->seconds) || cfg->seconds > 3600)
            return usage_error("bench", "-t needs a number of seconds in (0, 3600], not '%s'",
                               value);
        break;
    case CLI_JSON_ID:
        cfg->json = true;
        break;
    }
    return -1;
}

static const cli_command bench_command = { "bench", bench_options, "GAME", take_bench_option };

/* Returns -1 to go on, otherwise the exit status. */
static int parse_bench_args(int argc, char **argv, bench_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seconds = 2.0;
    return cli_parse_command(&bench_command, cfg, argc, argv, &cfg->game_name);
}

/* ------------------------------------------------------------------ */
/* Failures inside timed loops are noted and reported once afterwards. */

static br_status note_failure(bench *b, const char *operation, const br_state *state,
                              br_status st)
{
    if (!b->failed) {
        b->failed = operation;
        b->failed_state = state;
        b->failed_status = st;
    }
    return st;
}

static void report_failure(const bench *b)
{
    brules_error("bench: %s failed: %s (%s)", b->failed, br_status_string(b->failed_status),
                 b->failed_state ? br_state_last_error(b->failed_state) : b->load_error);
}

/* Keeps about one position in eight of a game as a sample, so that the
 * samples spread over whole games. */
static void maybe_sample(bench *b, const br_state *position, size_t num_legal)
{
    if (b->num_samples == SAMPLE_POSITIONS || host_rng_below(&b->rng, 8) != 0)
        return;
    br_status st = br_state_clone(position, &b->samples[b->num_samples]);
    if (st != BR_OK) {
        note_failure(b, "clone", position, st);
        return;
    }
    b->sample_moves[b->num_samples++] = b->moves[host_rng_below(&b->rng, (uint32_t)num_legal)];
}

/* Plays a random game on b->scratch from its current position, counting the
 * moves; samples positions on the way when `sample` is set. */
static bool random_game(bench *b, uint64_t *moves, bool sample)
{
    for (;;) {
        size_t n;
        br_status st = br_state_legal_moves(b->scratch, b->moves, b->capacity, &n);
        if (st != BR_OK) {
            note_failure(b, "legal moves", b->scratch, st);
            return false;
        }
        if (n == 0)
            break;
        if (sample)
            maybe_sample(b, b->scratch, n);
        st = br_state_apply(b->scratch, b->moves[host_rng_below(&b->rng, (uint32_t)n)]);
        if (st != BR_OK) {
            note_failure(b, "apply", b->scratch, st);
            return false;
        }
        ++*moves;
    }
    if (!br_state_is_terminal(b->scratch)) {
        note_failure(b, "legal moves (none in an unfinished game)", b->scratch, BR_OK);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Set-up */

static bool make_starts(bench *b, const br_game *game, const char *options, int *status)
{
    for (size_t i = 0; i < START_POSITIONS; i++) {
        b->starts[i] = new_seeded_state(game, options, i, status);
        if (!b->starts[i])
            return false;
    }
    return true;
}

/* The binary snapshot of sample i, kept for the load benchmark. */
static bool save_binary(bench *b, size_t i)
{
    size_t len = 0;
    br_state_to_bytes(b->samples[i], NULL, 0, &len);
    b->binaries[i] = malloc(len ? len : 1);
    if (!b->binaries[i]) {
        brules_error("out of memory");
        return false;
    }
    br_status st = br_state_to_bytes(b->samples[i], b->binaries[i], len, &b->binary_lens[i]);
    if (st != BR_OK) {
        note_failure(b, "binary save", b->samples[i], st);
        return false;
    }
    b->binary_bytes += len;
    return true;
}

static bool make_samples(bench *b)
{
    uint64_t moves = 0;
    for (size_t game = 0; b->num_samples < SAMPLE_POSITIONS && !b->failed; game++) {
        br_state_copy(b->scratch, b->starts[game % START_POSITIONS]);
        random_game(b, &moves, true);
    }
    for (size_t i = 0; i < b->num_samples && !b->failed; i++) {
        b->snapshots[i] = state_text(b->samples[i], br_state_to_json, "snapshot");
        if (!b->snapshots[i])
            return false;
        size_t len = strlen(b->snapshots[i]);
        b->snapshot_bytes += len;
        if (len + 1 > b->text_size)
            b->text_size = len + 1;
        if (!save_binary(b, i))
            return false;
    }
    /* Observations are smaller than snapshots; leave room all the same. */
    b->text_size *= 2;
    b->text = malloc(b->text_size);
    if (!b->text)
        brules_error("out of memory");
    return b->text && !b->failed;
}

static int bench_setup(bench *b, const bench_config *cfg)
{
    memset(b, 0, sizeof *b);
    host_rng_seed(&b->rng, 12345);
    const br_game *game = find_game(cfg->game_name);
    if (!game)
        return BRULES_EXIT_USAGE;
    int status = BRULES_EXIT_FAIL;
    if (!make_starts(b, game, cfg->options, &status))
        return status;
    b->capacity = br_state_max_legal_moves(b->starts[0]);
    b->moves = malloc((b->capacity ? b->capacity : 1) * sizeof *b->moves);
    br_facts facts;
    br_state_facts(b->starts[0], &facts, sizeof facts);
    b->tensor_size = facts.tensor_size;
    b->tensor = malloc(facts.tensor_size * sizeof *b->tensor);
    b->mask_size = facts.move_space;
    b->mask = malloc(facts.move_space);
    b->history_size = facts.max_game_length;
    b->history = malloc(facts.max_game_length * sizeof *b->history);
    if (!b->moves || !b->tensor || !b->mask || !b->history ||
        br_state_clone(b->starts[0], &b->scratch) != BR_OK) {
        brules_error("out of memory");
        return BRULES_EXIT_FAIL;
    }
    if (!make_samples(b)) {
        if (b->failed)
            report_failure(b);
        return BRULES_EXIT_FAIL;
    }
    return -1;
}

static void bench_free(bench *b)
{
    for (size_t i = 0; i < START_POSITIONS; i++)
        br_state_free(b->starts[i]);
    for (size_t i = 0; i < SAMPLE_POSITIONS; i++) {
        br_state_free(b->samples[i]);
        free(b->snapshots[i]);
        free(b->binaries[i]);
    }
    br_state_free(b->scratch);
    free(b->moves);
    free(b->text);
    free(b->tensor);
    free(b->mask);
    free(b->history);
}

/* ------------------------------------------------------------------ */
/* Measurements */

typedef struct playout_figures {
    uint64_t playouts;
    uint64_t moves;
    double seconds;
} playout_figures;

/* The progress line: what runs and the time left of the whole budget. */
static void bench_progress(bench *b, const char *detail)
{
    char left[32];
    double spent = now_seconds() - b->bar.start;
    progress_line(&b->bar, false, "bench: %s%s  %s left", b->running, detail,
                  format_duration(b->budget - spent, left, sizeof left));
}

/* Stops early at Ctrl-C (interrupted()); the figures so far stand. */
static bool measure_playouts(bench *b, double budget, playout_figures *f)
{
    memset(f, 0, sizeof *f);
    double start = now_seconds();
    b->running = "random playouts";
    do {
        br_state_copy(b->scratch, b->starts[f->playouts % START_POSITIONS]);
        if (!random_game(b, &f->moves, false))
            return false;
        f->playouts++;
        f->seconds = now_seconds() - start;
        if (b->bar.on) {
            char detail[64];
            snprintf(detail, sizeof detail, ", %llu so far, %.0f per second",
                     (unsigned long long)f->playouts, (double)f->playouts / f->seconds);
            bench_progress(b, detail);
        }
    } while (f->seconds < budget && !interrupted());
    return true;
}

/* Nanoseconds per call of `op`, cycling through the samples. */
static double measure_op(bench *b, bench_op op, double budget)
{
    uint64_t calls = 0;
    size_t i = 0;
    double start = now_seconds(), seconds;
    do {
        for (size_t k = 0; k < BATCH; k++) {
            if (op(b, i) != BR_OK)
                return -1;
            if (++i == b->num_samples)
                i = 0;
        }
        calls += BATCH;
        seconds = now_seconds() - start;
        bench_progress(b, "");
    } while (seconds < budget && !interrupted());
    return seconds * 1e9 / (double)calls;
}

static br_status op_clone_free(bench *b, size_t i)
{
    br_state *copy;
    br_status st = br_state_clone(b->samples[i], &copy);
    if (st != BR_OK)
        return note_failure(b, "clone", b->samples[i], st);
    br_state_free(copy);
    return BR_OK;
}

static br_status op_copy(bench *b, size_t i)
{
    br_status st = br_state_copy(b->scratch, b->samples[i]);
    return st == BR_OK ? st : note_failure(b, "copy", b->scratch, st);
}

static br_status op_legal_moves(bench *b, size_t i)
{
    size_t n;
    br_status st = br_state_legal_moves(b->samples[i], b->moves, b->capacity, &n);
    return st == BR_OK ? st : note_failure(b, "legal moves", b->samples[i], st);
}

static br_status op_copy_apply(bench *b, size_t i)
{
    br_state_copy(b->scratch, b->samples[i]);
    br_status st = br_state_apply(b->scratch, b->sample_moves[i]);
    return st == BR_OK ? st : note_failure(b, "apply", b->scratch, st);
}

static br_status op_save(bench *b, size_t i)
{
    br_status st = br_state_to_json(b->samples[i], b->text, b->text_size, NULL);
    return st == BR_OK ? st : note_failure(b, "snapshot save", b->samples[i], st);
}

static br_status op_load_free(bench *b, size_t i)
{
    br_state *loaded;
    br_status st = br_state_from_json(b->snapshots[i], &loaded, b->load_error,
                                      sizeof b->load_error);
    if (st != BR_OK)
        return note_failure(b, "snapshot load", NULL, st);
    br_state_free(loaded);
    return BR_OK;
}

static br_status op_save_binary(bench *b, size_t i)
{
    br_status st = br_state_to_bytes(b->samples[i], b->text, b->text_size, NULL);
    return st == BR_OK ? st : note_failure(b, "binary save", b->samples[i], st);
}

static br_status op_load_binary(bench *b, size_t i)
{
    br_state *loaded;
    br_status st = br_state_from_bytes(b->binaries[i], b->binary_lens[i], &loaded,
                                       b->load_error, sizeof b->load_error);
    if (st != BR_OK)
        return note_failure(b, "binary load", NULL, st);
    br_state_free(loaded);
    return BR_OK;
}

static br_status op_observe(bench *b, size_t i)
{
    br_status st = br_state_observe(b->samples[i], 0, b->text, b->text_size, NULL);
    return st == BR_OK ? st : note_failure(b, "observation", b->samples[i], st);
}

static br_status op_tensor(bench *b, size_t i)
{
    br_status st = br_state_observation_tensor(b->samples[i], 0, b->tensor, b->tensor_size);
    return st == BR_OK ? st : note_failure(b, "observation tensor", b->samples[i], st);
}

static br_status op_mask(bench *b, size_t i)
{
    br_status st = br_state_legal_mask(b->samples[i], b->mask, b->mask_size);
    return st == BR_OK ? st : note_failure(b, "legal mask", b->samples[i], st);
}

static br_status op_history(bench *b, size_t i)
{
    size_t n;
    br_status st = br_state_history(b->samples[i], b->history, b->history_size, &n);
    return st == BR_OK ? st : note_failure(b, "history", b->samples[i], st);
}

/* ------------------------------------------------------------------ */
/* The report */

typedef struct op_row {
    const char *label;
    const char *key;   /* its name in the JSON report */
    bench_op op;
} op_row;

static const op_row op_rows[] = {
    { "clone + free", "clone_free", op_clone_free },
    { "copy (br_state_copy)", "copy", op_copy },
    { "legal moves", "legal_moves", op_legal_moves },
    { "copy + apply", "copy_apply", op_copy_apply },
    { "snapshot save (br_state_to_json)", "snapshot_save", op_save },
    { "snapshot load (from_json + free)", "snapshot_load", op_load_free },
    { "observation (seat 0)", "observation", op_observe },
    { "binary save (br_state_to_bytes)", "binary_save", op_save_binary },
    { "binary load (from_bytes + free)", "binary_load", op_load_binary },
    { "observation tensor (seat 0)", "observation_tensor", op_tensor },
    { "legal mask", "legal_mask", op_mask },
    { "history (read all)", "history", op_history },
};

#define NUM_OPS (sizeof op_rows / sizeof op_rows[0])

static void print_playouts(const playout_figures *f, bool explicit_chance)
{
    double ns_per_move = f->seconds * 1e9 / (double)(f->moves ? f->moves : 1);
    printf("random playouts (%.2f s); a move = legal moves + uniform random pick + apply;\n",
           f->seconds);
    if (explicit_chance)
        printf("chance outcomes are moves too, picked uniformly (chance=explicit)\n");
    else
        printf("chance events are resolved inside apply (chance=auto)\n");
    printf("  %-36s %12llu\n", "playouts", (unsigned long long)f->playouts);
    printf("  %-36s %12.0f\n", "playouts per second", (double)f->playouts / f->seconds);
    printf("  %-36s %12.0f\n", "moves per second", (double)f->moves / f->seconds);
    printf("  %-36s %12.1f\n", "ns per move", ns_per_move);
    printf("  %-36s %12.1f\n", "moves per playout",
           (double)f->moves / (double)f->playouts);
}

/* Times the operations into ns[] (one entry per row of op_rows); the
 * number measured, less than NUM_OPS after Ctrl-C; -1 on a failure. */
static int measure_operations(bench *b, double budget, double *ns)
{
    int done = 0;
    for (size_t k = 0; k < NUM_OPS && !interrupted(); k++) {
        b->running = op_rows[k].label;
        ns[k] = measure_op(b, op_rows[k].op, budget);
        if (ns[k] < 0)
            return -1;
        done++;
    }
    return done;
}

/* ns per call of copy, for "apply (copy + apply - copy)"; 0 if not measured. */
static double copy_ns(const double *ns, int done)
{
    for (int k = 0; k < done; k++)
        if (op_rows[k].op == op_copy)
            return ns[k];
    return 0;
}

static void print_operations(const bench *b, const double *ns, int done)
{
    printf("\nsingle operations, each timed over %zu positions from random games:\n",
           b->num_samples);
    printf("  %-36s %12s\n", "operation", "ns per call");
    for (int k = 0; k < done; k++) {
        printf("  %-36s %12.1f\n", op_rows[k].label, ns[k]);
        if (op_rows[k].op == op_copy_apply)
            printf("  %-36s %12.1f\n", "apply (copy + apply - copy)",
                   ns[k] - copy_ns(ns, done));
    }
    printf("  %-36s %12.0f\n", "snapshot size, bytes (average)",
           (double)b->snapshot_bytes / (double)b->num_samples);
    printf("  %-36s %12.0f\n", "binary snapshot, bytes (average)",
           (double)b->binary_bytes / (double)b->num_samples);
    printf("  %-36s %12s\n", "state size", "n/a (not in the API)");
}

/* brules bench --json: the settings and every figure measured. */
static bool print_bench_json(const bench *b, const bench_config *cfg, const char *options,
                             const playout_figures *f, const double *ns, int done,
                             bool stopped)
{
    json_t *ops = json_object();
    for (int k = 0; ops && k < done; k++) {
        json_object_set_new(ops, op_rows[k].key, json_real(ns[k]));
        if (op_rows[k].op == op_copy_apply)
            json_object_set_new(ops, "apply", json_real(ns[k] - copy_ns(ns, done)));
    }
    double seconds = f->seconds > 0 ? f->seconds : 1;
    double playouts = f->playouts ? (double)f->playouts : 1;
    json_t *root = json_pack(
        "{s:s, s:s, s:s?, s:s, s:s, s:f, s:b, s:s, s:{s:f, s:I, s:I, s:f, s:f, s:f, s:f},"
        " s:I, s:o, s:f, s:f}",
        "game", cfg->game_name, "library_version", br_version_string(),
        "options_given", cfg->options, "options", options,
        "seeds", options_have_key(cfg->options, "seed") ? "options" : "playout index mod 64",
        "time_budget", cfg->seconds, "interrupted", stopped,
        "chance", options_say(options, "chance", "explicit") ? "explicit" : "auto",
        "playouts", "seconds", f->seconds, "playouts", (json_int_t)f->playouts,
        "moves", (json_int_t)f->moves, "playouts_per_second", (double)f->playouts / seconds,
        "moves_per_second", (double)f->moves / seconds,
        "ns_per_move", f->seconds * 1e9 / (double)(f->moves ? f->moves : 1),
        "moves_per_playout", (double)f->moves / playouts,
        "sample_positions", (json_int_t)b->num_samples, "ns_per_call", ops,
        "snapshot_bytes", (double)b->snapshot_bytes / (double)b->num_samples,
        "binary_snapshot_bytes", (double)b->binary_bytes / (double)b->num_samples);
    return print_json(root);
}

/* What was measured with which options: the command line's and the
 * canonical options of the first position. */
static void print_settings(const bench_config *cfg, const char *options)
{
    printf("brules bench %s (library %s)\n", cfg->game_name, br_version_string());
    printf("  %-14s %s\n", "options given", cfg->options && *cfg->options ? cfg->options
                                                                          : "(none)");
    printf("  %-14s %s\n", "game options", options);
    if (options_have_key(cfg->options, "seed"))
        printf("  %-14s every playout starts from the seed in the options\n", "seeds");
    else
        printf("  %-14s playout i starts from seed=i mod %d\n", "seeds", START_POSITIONS);
    printf("  %-14s %.2f s: half for the playouts, half for the %zu operations\n\n",
           "time budget", cfg->seconds, NUM_OPS);
}

int cmd_bench(int argc, char **argv)
{
    bench_config cfg;
    int status = parse_bench_args(argc, argv, &cfg);
    if (status >= 0)
        return status;
    bench *b = malloc(sizeof *b);
    if (!b) {
        brules_error("out of memory");
        return BRULES_EXIT_FAIL;
    }
    catch_interrupt();
    status = bench_setup(b, &cfg);
    if (status < 0) {
        char *options = state_text(b->starts[0], br_state_options, "options");
        bool ok = options != NULL;
        if (ok && !cfg.json)
            print_settings(&cfg, options);
        progress_start(&b->bar);
        b->budget = cfg.seconds;
        playout_figures f;
        double ns[NUM_OPS];
        int done = 0;
        ok = ok && measure_playouts(b, cfg.seconds / 2, &f);
        if (ok && !interrupted())
            ok = (done = measure_operations(b, cfg.seconds / 2 / NUM_OPS, ns)) >= 0;
        progress_end(&b->bar);
        bool stopped = interrupted();
        if (stopped)
            brules_error("bench: interrupted; the figures so far:");
        if (!ok) {
            report_failure(b);
        } else if (cfg.json) {
            ok = print_bench_json(b, &cfg, options, &f, ns, done, stopped);
        } else {
            if (f.playouts > 0)
                print_playouts(&f, options_say(options, "chance", "explicit"));
            if (done > 0)
                print_operations(b, ns, done);
        }
        free(options);
        status = !ok ? BRULES_EXIT_FAIL : stopped ? BRULES_EXIT_INTERRUPTED : BRULES_EXIT_OK;
    }
    bench_free(b);
    free(b);
    return status;
}
