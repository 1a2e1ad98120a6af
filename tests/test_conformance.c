/*
 * The generic conformance suite: every registered game, several option sets
 * each, many seeded random playouts to the end, and at every step the
 * invariants that every game promises through the uniform interface:
 *
 * - turn: the current player is a seat, the chance player or "terminal", in
 *   agreement with br_state_is_terminal() and br_state_is_chance_node();
 * - moves: sorted, unique, inside the move space, no more than
 *   br_state_max_legal_moves(); none exactly when terminal; check-move agrees
 *   with the list for every move of the space; an illegal apply changes nothing;
 * - chance: the outcomes are the legal moves, probabilities > 0 adding up to 1;
 * - notation: text and back gives the same move, for every legal move;
 * - snapshots: save/load/save gives the same text; clones and copies are equal
 *   and stay equal under the same move;
 * - observations: valid JSON for every seat and the spectator, unchanged by
 *   br_state_resample() for that seat, free of the random generator (two games
 *   that differ only in their generator look the same to everybody);
 * - results: returns follow the convention of state.h; scores at every step;
 * - determinism: the same seed and the same choices give the same game, and a
 *   written record replays to the same final state;
 * - learning: facts, masks, tensors and history (conformance_learn.c).
 *
 * The option sets: every player count with chance=auto and chance=explicit,
 * a list of game-specific option strings for the games we know, and every
 * value of the game's own keys in its option table (br_game_option(): each
 * choice, flag value, or number of a small range). A game not in the list
 * still runs with the rest.
 *
 * Environment: BRT_PLAYOUTS (default 20) sets the playouts per option set;
 * for soak runs (make soak, doc/testing.md) BRT_FIRST_SEED (default 1) the
 * first seed, BRT_SOAK_SECONDS a time budget for all the playouts (each
 * option set gets an equal share and plays seeds from the first on until its
 * share is spent, at least one game, at most BRT_PLAYOUTS), BRT_ONLY_GAME
 * and BRT_ONLY_OPTIONS one game's option sets only, or one option set, and
 * BRT_REPORT=1 prints the games and seeds of each option set, the total and
 * the command that replays the run (or a failed game) on stdout.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, for the soak report */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"
#include "conformance.h"

#define DEFAULT_PLAYOUTS 20
#define MAX_STEPS_PER_GAME 5000
/* The heavier checks (every move of the space, the generator scan) run at
 * every k-th step, and always at the first and the last. */
#define FULL_CHECK_INTERVAL 4
#define RESAMPLE_SEEDS 2
#define RECORDED_PLAYOUTS 3

/* Game-specific option strings, beyond the player counts and what the options
 * help lists. */
static const struct {
    const char *game;
    const char *options;
} extra_options[] = {
    {"tsuro", "edition=classic,selfkill=any"},
    {"tsuro", "edition=classic,selfkill=any,players=4,chance=explicit"},
    {"tsuro", "edition=classic,board=7,players=8"},
    {"tsuro", "edition=kosmos,players=2"},
    {"tsuro", "edition=kosmos,players=4,chance=explicit"},
    {"tsuro", "edition=kosmos,players=5"},
    {"tsuro", "edition=kosmos,players=8,chance=explicit"},
    {"tsuro", "edition=kosmos,board=6,players=6"},
    {"tsuro", "edition=kosmos,board=7,players=2,selfkill=any,chance=explicit"},
    {"tsuro", "edition=tactile,players=3,selfkill=any"},
    {"tsuro", "edition=tactile,players=5,chance=explicit"},
    {"drunter-und-drueber", "variant=pro,players=2,chance=explicit"},
    {"drunter-und-drueber", "variant=pro,players=4,chance=explicit"},
    {"drunter-und-drueber", "variant=basic,players=4,chance=explicit"},
    {"drunter-und-drueber", "variant=pro,players=3,revote=laid,choice=no-tile,chance=explicit"},
};

static struct option_set *option_sets;
static size_t num_option_sets;
static size_t playouts_per_set = DEFAULT_PLAYOUTS;
static uint64_t first_seed = 1;
static bool report_sets;
/* Soak runs: the time budget per option set (0: none), and what the run
 * played, for the report (the playouts run in this process: CK_FORK=no). */
static double seconds_per_set;
static const char *only_game, *only_options;
static size_t soaked_games, most_games_per_set;

/* ------------------------------------------------------------------ */
/* Building the option sets */

static void add_option_set(const br_game *game, const char *options)
{
    for (size_t i = 0; i < num_option_sets; i++)
        if (option_sets[i].game == game && strcmp(option_sets[i].options, options) == 0)
            return;
    struct option_set *bigger = realloc(option_sets, (num_option_sets + 1) * sizeof *bigger);
    if (!bigger)
        abort();
    option_sets = bigger;
    option_sets[num_option_sets].game = game;
    snprintf(option_sets[num_option_sets].options, sizeof option_sets->options, "%s", options);
    num_option_sets++;
}

/* Adds `key=value` alone and with explicit chance. */
static void add_key_value(const br_game *game, const char *key, const char *value)
{
    char options[200];
    snprintf(options, sizeof options, "%s=%s", key, value);
    add_option_set(game, options);
    snprintf(options, sizeof options, "%s=%s,chance=explicit", key, value);
    add_option_set(game, options);
}

/* Every value of a game's own key from its option table: each choice, both
 * flag values, or each number of a small integer range (a wide range such
 * as a seed is left alone). */
static void add_spec_values(const br_game *game, const br_option_spec *o)
{
    if (o->kind == BR_OPTION_CHOICE) {
        for (size_t c = 0; o->choices[c]; c++)
            add_key_value(game, o->key, o->choices[c]);
    } else if (o->kind == BR_OPTION_FLAG) {
        add_key_value(game, o->key, "false");
        add_key_value(game, o->key, "true");
    } else if (o->max - o->min <= 16) {
        for (uint64_t v = o->min; v <= o->max; v++) {
            char num[24];
            snprintf(num, sizeof num, "%" PRIu64, v);
            add_key_value(game, o->key, num);
        }
    }
}

/* The game's own keys: the option table after players, seed and chance. */
static void add_table_options(const br_game *game)
{
    for (size_t i = 3; i < br_game_option_count(game); i++)
        add_spec_values(game, br_game_option(game, i));
}

static void build_option_sets(void)
{
    for (size_t g = 0; g < br_game_count(); g++) {
        const br_game *game = br_game_at(g);
        char options[64];
        for (int p = br_game_min_players(game); p <= br_game_max_players(game); p++) {
            snprintf(options, sizeof options, "players=%d,chance=auto", p);
            add_option_set(game, options);
            snprintf(options, sizeof options, "players=%d,chance=explicit", p);
            add_option_set(game, options);
        }
        for (size_t k = 0; k < sizeof extra_options / sizeof extra_options[0]; k++)
            if (strcmp(extra_options[k].game, br_game_name(game)) == 0)
                add_option_set(game, extra_options[k].options);
        add_table_options(game);
    }
}

/* ------------------------------------------------------------------ */
/* One playout and its context */

void fail_at(const struct playout *p, const char *cond, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (report_sets)
        printf("soak: FAILED: %s, step %zu; replay this game:\n"
               "  make soak SOAK_GAME=%s SOAK_OPTIONS='%s' SOAK_FIRST_SEED=%" PRIu64
               " SOAK_GAMES=1\n", p->where, p->step, br_game_name(p->set->game),
               p->set->options, p->seed);
    ck_abort_msg("%s, step %zu: %s [%s]", p->where, p->step, msg, cond);
}


static br_state *new_playout_state(const struct playout *p, uint64_t seed)
{
    char options[300];
    snprintf(options, sizeof options, "%s,seed=%" PRIu64, p->set->options, seed);
    return brt_new_state(p->set->game, options);
}

static void playout_begin(struct playout *p, const struct option_set *set, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->set = set;
    p->seed = seed;
    p->rng = seed * 0x9e3779b97f4a7c15ULL + 1;
    snprintf(p->where, sizeof p->where, "%s [%s] seed %" PRIu64, br_game_name(set->game),
             set->options, seed);
    p->s = new_playout_state(p, seed);
    char *opts = brt_options(p->s);
    p->explicit_chance = brt_contains(opts, "chance=explicit");
    free(opts);
    p->players = br_state_num_players(p->s);
    p->space = br_state_move_space(p->s);
    p->cap = br_state_max_legal_moves(p->s);
    EXPECT(p, p->space > 0, "move space is empty");
    EXPECT(p, p->cap > 0 && p->cap <= p->space, "max_legal_moves %zu, move space %zu", p->cap,
           p->space);
    EXPECT(p, p->cap <= BR_LEGAL_MOVES_MAX, "max_legal_moves %zu > BR_LEGAL_MOVES_MAX %d", p->cap,
           BR_LEGAL_MOVES_MAX);
    if (p->explicit_chance)
        p->twin = new_playout_state(p, seed + 7777);
    p->scratch = new_playout_state(p, seed + 1);
    p->scratch2 = new_playout_state(p, seed + 2);
    p->legal = malloc(p->cap * sizeof *p->legal);
    p->other = malloc(p->cap * sizeof *p->other);
    p->probs = malloc(p->cap * sizeof *p->probs);
    p->is_legal = calloc(p->space, 1);
    p->history = malloc(MAX_STEPS_PER_GAME * sizeof *p->history);
    learning_begin(p);
}

static void playout_end(struct playout *p)
{
    br_state_free(p->s);
    br_state_free(p->twin);
    br_state_free(p->clone);
    br_state_free(p->scratch);
    br_state_free(p->scratch2);
    free(p->legal);
    free(p->other);
    free(p->probs);
    free(p->is_legal);
    free(p->history);
    learning_end(p);
}

/* ------------------------------------------------------------------ */
/* Checks at one step */

static void check_turn(const struct playout *p, const br_state *s)
{
    int cp = br_state_current_player(s);
    int terminal = br_state_is_terminal(s), chance = br_state_is_chance_node(s);
    EXPECT(p, terminal == 0 || terminal == 1, "is_terminal returned %d", terminal);
    EXPECT(p, chance == 0 || chance == 1, "is_chance_node returned %d", chance);
    EXPECT(p, (cp == BR_PLAYER_TERMINAL) == (terminal == 1), "current player %d, terminal %d", cp,
           terminal);
    EXPECT(p, (cp == BR_PLAYER_CHANCE) == (chance == 1), "current player %d, chance node %d", cp,
           chance);
    EXPECT(p, cp == BR_PLAYER_TERMINAL || cp == BR_PLAYER_CHANCE || (cp >= 0 && cp < p->players),
           "current player %d of %d", cp, p->players);
    EXPECT(p, !(chance && !p->explicit_chance), "chance=auto state stopped at a chance node");
}

/* Lists the legal moves of `s` into `out` and checks the list. */
static size_t check_legal_list(const struct playout *p, const br_state *s, br_move *out)
{
    size_t count = (size_t)-1;
    br_status st = br_state_legal_moves(s, out, p->cap, &count);
    EXPECT(p, st == BR_OK, "legal_moves: status %d, count %zu, capacity %zu", (int)st, count,
           p->cap);
    EXPECT(p, (count == 0) == (br_state_is_terminal(s) == 1), "%zu legal moves, terminal %d",
           count, br_state_is_terminal(s));
    for (size_t k = 0; k < count; k++) {
        EXPECT(p, out[k] >= 0 && (size_t)out[k] < p->space, "legal move %d outside 0..%zu",
               (int)out[k], p->space - 1);
        EXPECT(p, k == 0 || out[k - 1] < out[k], "legal moves not sorted or not unique: %d then %d",
               k ? (int)out[k - 1] : 0, (int)out[k]);
    }
    return count;
}

static void check_chance(const struct playout *p, size_t n)
{
    size_t count = (size_t)-1;
    br_status st = br_state_chance_outcomes(p->s, p->other, p->probs, p->cap, &count);
    if (!br_state_is_chance_node(p->s)) {
        EXPECT(p, st == BR_ERR_WRONG_PHASE, "chance_outcomes off a chance node: status %d", (int)st);
        return;
    }
    EXPECT(p, st == BR_OK, "chance_outcomes: status %d", (int)st);
    EXPECT(p, count == n, "%zu chance outcomes, %zu legal moves", count, n);
    double sum = 0;
    for (size_t k = 0; k < count; k++) {
        EXPECT(p, p->other[k] == p->legal[k], "outcome %zu is %d, legal move %d", k,
               (int)p->other[k], (int)p->legal[k]);
        EXPECT(p, p->probs[k] > 0 && p->probs[k] <= 1, "outcome %d has probability %g",
               (int)p->other[k], p->probs[k]);
        sum += p->probs[k];
    }
    EXPECT(p, fabs(sum - 1.0) <= 1e-9, "chance probabilities add up to %.17g", sum);
}


/* The binary snapshot: the size query answers the size, the bytes load to
 * the same state (its JSON snapshot equal to `snap`) and save to the same
 * bytes again; a cut copy is refused. */
static void check_binary_round_trip(const struct playout *p, const br_state *s, const char *snap)
{
    size_t len = 0;
    br_status st = br_state_to_bytes(s, NULL, 0, &len);
    EXPECT(p, st == BR_ERR_BUFFER && len > 0, "to_bytes size query: status %d, %zu bytes",
           (int)st, len);
    unsigned char *bytes = malloc(len), *again = malloc(len);
    size_t len2 = 0;
    EXPECT(p, br_state_to_bytes(s, bytes, len, &len2) == BR_OK && len2 == len,
           "to_bytes into %zu bytes gave %zu", len, len2);
    br_state *loaded = NULL;
    char err[256] = "";
    st = br_state_from_bytes(bytes, len, &loaded, err, sizeof err);
    EXPECT(p, st == BR_OK, "own binary snapshot rejected: %s", err);
    char *json = brt_snapshot(loaded);
    EXPECT(p, strcmp(snap, json) == 0, "binary round trip differs:\n%.700s\n%.700s", snap, json);
    EXPECT(p, br_state_to_bytes(loaded, again, len, &len2) == BR_OK && len2 == len &&
                  memcmp(bytes, again, len) == 0,
           "a loaded binary snapshot saves to other bytes");
    br_state *cut = NULL;
    st = br_state_from_bytes(bytes, len - 1, &cut, err, sizeof err);
    EXPECT(p, st == BR_ERR_SNAPSHOT && cut == NULL, "a binary snapshot one byte short loads");
    free(json);
    free(bytes);
    free(again);
    br_state_free(loaded);
}

/* Saving, loading and saving again gives the same text; the loaded state
 * has the same legal moves. */
static void check_round_trip(const struct playout *p, const br_state *s, const char *snap)
{
    br_state *loaded = NULL;
    char err[256] = "";
    br_status st = br_state_from_json(snap, &loaded, err, sizeof err);
    EXPECT(p, st == BR_OK, "own snapshot rejected: %s\n%.1500s", err, snap);
    char *again = brt_snapshot(loaded);
    EXPECT(p, strcmp(snap, again) == 0, "snapshot round trip differs:\n%.700s\n%.700s", snap, again);
    EXPECT(p, br_state_current_player(loaded) == br_state_current_player(s),
           "loaded state has another current player");
    size_t n1 = check_legal_list(p, s, p->legal), n2 = check_legal_list(p, loaded, p->other);
    EXPECT(p, n1 == n2 && memcmp(p->legal, p->other, n1 * sizeof *p->legal) == 0,
           "loaded state has other legal moves (%zu, %zu)", n1, n2);
    free(again);
    br_state_free(loaded);
    check_binary_round_trip(p, s, snap);
}

/* The clone taken before the last move was moved the same way: it must equal
 * the original now. Then a new clone (equal now, checked on full steps) and
 * a copy into an existing state. */
static void check_clone_and_copy(struct playout *p, const char *snap, bool full)
{
    if (p->clone) {
        char *c = brt_snapshot(p->clone);
        EXPECT(p, strcmp(c, snap) == 0, "clone and original differ after the same move:\n"
               "%.700s\n%.700s", snap, c);
        free(c);
        br_state_free(p->clone);
        p->clone = NULL;
    }
    EXPECT(p, br_state_clone(p->s, &p->clone) == BR_OK, "clone failed");
    if (full) {
        char *c = brt_snapshot(p->clone);
        EXPECT(p, strcmp(c, snap) == 0, "clone differs from the original");
        free(c);
    }
    EXPECT(p, br_state_copy(p->scratch, p->s) == BR_OK, "copy failed: %s",
           br_state_last_error(p->scratch));
    char *c = brt_snapshot(p->scratch);
    EXPECT(p, strcmp(c, snap) == 0, "copy differs from the original");
    free(c);
}

static bool is_record_safe(const char *text)
{
    if (!text[0] || text[0] == '#' || text[0] == ' ' || text[0] == '\t')
        return false;
    for (const char *c = text; *c; c++)
        if (*c == '\n' || *c == '\r')
            return false;
    return text[strlen(text) - 1] != ' ';
}

/* A move whose text parses to another move is an alias of it: a number that
 * repeats a listed move (Tsuro: a rotation that looks the same as a lower
 * one, doc/games/tsuro.md). It is never legal, and the move it parses to
 * has a text that parses back to that move. */
static void check_alias(const struct playout *p, br_move m, const char *text, br_move back)
{
    EXPECT(p, br_state_check_move(p->s, m, NULL, 0) == BR_ERR_ILLEGAL_MOVE,
           "legal move %d: text \"%s\" parses as %d", (int)m, text, (int)back);
    EXPECT(p, back >= 0 && (size_t)back < p->space, "move %d: text \"%s\" parses as %d",
           (int)m, text, (int)back);
    char *again = brt_move_text(p->s, back);
    br_move twice = BR_MOVE_NONE;
    EXPECT(p, br_state_move_from_text(p->s, again, &twice) == BR_OK && twice == back,
           "move %d: text \"%s\" parses as %d, whose text \"%s\" parses as %d", (int)m, text,
           (int)back, again, (int)twice);
    free(again);
}

static void check_move_text(const struct playout *p, br_move m)
{
    char *text = brt_move_text(p->s, m);
    EXPECT(p, is_record_safe(text), "move %d has text \"%s\", unfit for a record line", (int)m,
           text);
    br_move back = BR_MOVE_NONE;
    br_status st = br_state_move_from_text(p->s, text, &back);
    EXPECT(p, st == BR_OK, "move %d: text \"%s\" does not parse: %s", (int)m, text,
           br_state_last_error(p->s));
    if (back != m)
        check_alias(p, m, text, back);
    free(text);
}

static void check_move_texts(const struct playout *p, size_t n, bool whole_space)
{
    if (whole_space)
        for (size_t m = 0; m < p->space; m++)
            check_move_text(p, (br_move)m);
    else
        for (size_t k = 0; k < n; k++)
            check_move_text(p, p->legal[k]);
}

/* br_state_check_move() agrees with the legal list for every move. */
static void check_every_move(const struct playout *p, size_t n)
{
    memset(p->is_legal, 0, p->space);
    for (size_t k = 0; k < n; k++)
        p->is_legal[p->legal[k]] = 1;
    for (size_t m = 0; m < p->space; m++) {
        char reason[200] = "";
        br_status st = br_state_check_move(p->s, (br_move)m, reason, sizeof reason);
        if (p->is_legal[m])
            EXPECT(p, st == BR_OK, "listed move %zu: check_move says %d: %s", m, (int)st, reason);
        else
            EXPECT(p, st == BR_ERR_ILLEGAL_MOVE && reason[0] != '\0',
                   "unlisted move %zu: check_move status %d, reason \"%s\"", m, (int)st, reason);
    }
    EXPECT(p, br_state_check_move(p->s, -1, NULL, 0) == BR_ERR_ILLEGAL_MOVE, "move -1 legal");
    EXPECT(p, br_state_check_move(p->s, (br_move)p->space, NULL, 0) == BR_ERR_ILLEGAL_MOVE,
           "move %zu (the move space) legal", p->space);
}

static void check_json(const struct playout *p, const char *text, const char *what)
{
    json_error_t error;
    json_t *value = json_loads(text, 0, &error);
    EXPECT(p, value != NULL, "%s is not JSON: %s\n%.500s", what, error.text, text);
    json_decref(value);
}

/* The generator's words as the snapshot writes them, if it has an "rng"
 * member of strings; none of them may show in an observation. */
static void check_no_generator_in(const struct playout *p, const char *snap,
                                  char **observations, int count)
{
    json_t *root = json_loads(snap, 0, NULL);
    json_t *rng = json_object_get(root, "rng");
    size_t k;
    json_t *word;
    json_array_foreach(rng, k, word) {
        const char *w = json_string_value(word);
        if (!w || strlen(w) < 8)
            continue;
        for (int i = 0; i < count; i++)
            EXPECT(p, !brt_contains(observations[i], w),
                   "observation of seat %d shows the generator word %s", i - 1, w);
    }
    json_decref(root);
}

/* Observations (full: of every seat and the spectator; else of the
 * spectator and `seat`): JSON, and in explicit mode the same as the twin's,
 * whose generator differs. */
static void check_observations(const struct playout *p, const char *snap, int seat, bool full)
{
    int count = p->players + 1;
    char **obs = calloc((size_t)count, sizeof *obs);
    for (int who = -1; who < p->players; who++) {
        if (!full && who != -1 && who != seat)
            continue;
        obs[who + 1] = brt_observation(p->s, who);
        if (full)
            check_json(p, obs[who + 1], "observation");
        char *view = brt_render_view(p->s, who);
        EXPECT(p, view[0] != '\0', "empty render_view of seat %d", who);
        if (p->twin) {
            char *twin = brt_observation(p->twin, who);
            EXPECT(p, strcmp(twin, obs[who + 1]) == 0,
                   "observation of seat %d depends on the random generator (or the seed):\n"
                   "%.600s\n%.600s", who, obs[who + 1], twin);
            free(twin);
            twin = brt_render_view(p->twin, who);
            EXPECT(p, strcmp(twin, view) == 0,
                   "render_view of seat %d depends on the random generator (or the seed):\n"
                   "%.600s\n%.600s", who, view, twin);
            free(twin);
        }
        free(view);
    }
    if (full)
        check_no_generator_in(p, snap, obs, count);
    for (int i = 0; i < count; i++)
        free(obs[i]);
    free(obs);
}

/* A resampled state for `seat`: the seat sees the same, the state is valid,
 * the same seed gives the same state. */
/* The text of `m` as `seat` sees it (br_state_move_to_text_view), in a
 * fixed buffer. */
static const char *view_text(const struct playout *p, const br_state *s, br_move m, int seat,
                             char *buf, size_t size)
{
    br_status st = br_state_move_to_text_view(s, m, seat, buf, size, NULL);
    EXPECT(p, st == BR_OK, "move_to_text_view(%d, seat %d): status %d", (int)m, seat, (int)st);
    EXPECT(p, buf[0] != '\0', "move_to_text_view(%d, seat %d) is empty", (int)m, seat);
    return buf;
}

/* Move texts as a seat sees them: the seat to move sees each of its legal
 * moves in full; and what any seat is shown of any move depends only on
 * what that seat may know, so a state resampled for the seat (which it
 * cannot tell from the real one) shows every move of the space the same. */
static void check_move_views(const struct playout *p, size_t n, int seat)
{
    char a[128], b[128];
    int mover = br_state_current_player(p->s);
    for (size_t i = 0; mover >= 0 && i < n; i++) {
        char *full = brt_move_text(p->s, p->legal[i]);
        view_text(p, p->s, p->legal[i], mover, a, sizeof a);
        EXPECT(p, strcmp(full, a) == 0, "seat %d sees its own move %s as %s", mover, full, a);
        free(full);
    }
    EXPECT(p, br_state_resample(p->s, seat, p->seed + p->step, p->scratch2) == BR_OK,
           "resample(seat %d) failed", seat);
    for (size_t m = 0; m < p->space; m++) {
        view_text(p, p->s, (br_move)m, seat, a, sizeof a);
        view_text(p, p->scratch2, (br_move)m, seat, b, sizeof b);
        EXPECT(p, strcmp(a, b) == 0,
               "seat %d is shown move %zu as '%s', but as '%s' in a state it cannot tell "
               "apart", seat, m, a, b);
    }
}

static void check_resample_seat(const struct playout *p, int seat, uint64_t seed,
                                const char *seen, const char *view, bool full)
{
    br_status st = br_state_resample(p->s, seat, seed, p->scratch);
    EXPECT(p, st == BR_OK, "resample(seat %d): status %d: %s", seat, (int)st,
           br_state_last_error(p->s));
    check_learning_resampled(p, p->scratch, seat);
    char *obs = brt_observation(p->scratch, seat);
    EXPECT(p, strcmp(obs, seen) == 0,
           "resample for seat %d changed what the seat sees:\n%.600s\n%.600s", seat, seen, obs);
    free(obs);
    char *picture = brt_render_view(p->scratch, seat);
    EXPECT(p, strcmp(picture, view) == 0,
           "resample for seat %d changed the seat's render_view:\n%.600s\n%.600s", seat, view,
           picture);
    free(picture);
    check_turn(p, p->scratch);
    EXPECT(p, br_state_current_player(p->scratch) == br_state_current_player(p->s),
           "resample for seat %d: current player %d, was %d", seat,
           br_state_current_player(p->scratch), br_state_current_player(p->s));
    EXPECT(p, br_state_move_number(p->scratch) == br_state_move_number(p->s),
           "resample for seat %d changed the move number", seat);
    size_t n = check_legal_list(p, p->scratch, p->other);
    if (seat >= 0 && br_state_current_player(p->s) == seat) {
        size_t own = check_legal_list(p, p->s, p->legal);
        EXPECT(p, n == own && memcmp(p->legal, p->other, n * sizeof *p->legal) == 0,
               "resample for seat %d (to move) changed its legal moves", seat);
    }
    if (!full)
        return;
    char *snap = brt_snapshot(p->scratch);
    check_round_trip(p, p->scratch, snap);
    EXPECT(p, br_state_resample(p->s, seat, seed, p->scratch2) == BR_OK, "second resample failed");
    char *again = brt_snapshot(p->scratch2);
    EXPECT(p, strcmp(snap, again) == 0, "resample(seat %d, seed %" PRIu64 ") is not reproducible",
           seat, seed);
    free(again);
    free(snap);
}

/* Resamples for one seat (a different one at each step): with one seed, and
 * on full steps with more seeds and the state's validity checked in full. */
static void check_resample(struct playout *p, int seat, bool full)
{
    char *seen = brt_observation(p->s, seat), *view = brt_render_view(p->s, seat);
    uint64_t seeds = full ? RESAMPLE_SEEDS : 1;
    for (uint64_t k = 0; k < seeds; k++)
        check_resample_seat(p, seat, p->seed * 1000 + p->step * RESAMPLE_SEEDS + k, seen, view,
                            full);
    free(seen);
    free(view);
    /* The legal list of p->s may have been overwritten by the checks. */
    check_legal_list(p, p->s, p->legal);
}

/* Returns: all 0 before the end; at the end +1 per winner, -1 per loser,
 * or all 0 when everybody or nobody wins. Scores at any step. */
static void check_results(const struct playout *p)
{
    double r[64], sc[64];
    size_t n = (size_t)p->players;
    EXPECT(p, br_state_returns(p->s, r, 64) == BR_OK, "returns failed");
    EXPECT(p, br_state_scores(p->s, sc, 64) == BR_OK, "scores failed");
    size_t winners = 0, losers = 0, zeros = 0;
    for (size_t i = 0; i < n; i++) {
        EXPECT(p, isfinite(sc[i]), "score of seat %zu is %g", i, sc[i]);
        EXPECT(p, r[i] == 1 || r[i] == -1 || r[i] == 0, "return of seat %zu is %g", i, r[i]);
        winners += r[i] == 1;
        losers += r[i] == -1;
        zeros += r[i] == 0;
    }
    if (!br_state_is_terminal(p->s)) {
        EXPECT(p, zeros == n, "a return is not 0 before the end");
        int is_winner[64];
        EXPECT(p, br_state_winners(p->s, is_winner, 64) == BR_ERR_WRONG_PHASE,
               "winners before the end is not BR_ERR_WRONG_PHASE");
        return;
    }
    EXPECT(p, zeros == n || (zeros == 0 && winners > 0 && losers > 0),
           "returns at the end: %zu winners, %zu losers, %zu zeros", winners, losers, zeros);
    int is_winner[64];
    EXPECT(p, br_state_winners(p->s, is_winner, 64) == BR_OK, "winners failed at the end");
    size_t marked = 0;
    for (size_t i = 0; i < n; i++) {
        EXPECT(p, is_winner[i] == 0 || is_winner[i] == 1, "is_winner[%zu] = %d", i, is_winner[i]);
        marked += (size_t)is_winner[i];
        if (zeros == 0)
            EXPECT(p, is_winner[i] == (r[i] == 1), "seat %zu: winner %d but return %g", i,
                   is_winner[i], r[i]);
    }
    if (zeros == n)
        EXPECT(p, marked == 0 || marked == n, "all returns 0 but %zu of %zu seats won", marked, n);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += r[i];
    EXPECT(p, sum == (double)winners - (double)losers, "returns add up to %g", sum);
}

static void check_render(const struct playout *p)
{
    char *text = brt_render(p->s);
    EXPECT(p, text[0] != '\0', "empty rendering");
    free(text);
}

/* An illegal move (a random unlisted one; on full steps also -1) changes
 * nothing. */
static void check_illegal_apply(struct playout *p, const char *snap, size_t n, bool full)
{
    br_move bad = -1;
    if (n < p->space) {
        memset(p->is_legal, 0, p->space);
        for (size_t k = 0; k < n; k++)
            p->is_legal[p->legal[k]] = 1;
        size_t start = brt_rand_below(&p->rng, p->space);
        for (size_t k = 0; k < p->space && bad < 0; k++)
            if (!p->is_legal[(start + k) % p->space])
                bad = (br_move)((start + k) % p->space);
    }
    const br_move tries[2] = {bad, -1};
    for (size_t k = 0; k < (full || bad < 0 ? 2 : 1); k++) {
        br_status st = br_state_apply(p->s, tries[k]);
        EXPECT(p, st == BR_ERR_ILLEGAL_MOVE, "apply of unlisted move %d: status %d", (int)tries[k],
               (int)st);
        EXPECT(p, br_state_last_error(p->s)[0] != '\0', "apply of %d: no reason", (int)tries[k]);
        char *after = brt_snapshot(p->s);
        EXPECT(p, strcmp(after, snap) == 0, "rejected move %d changed the state", (int)tries[k]);
        free(after);
    }
}

static void check_step(struct playout *p, bool full)
{
    check_turn(p, p->s);
    size_t n = check_legal_list(p, p->s, p->legal);
    EXPECT(p, n <= p->cap, "%zu legal moves > max_legal_moves %zu", n, p->cap);
    check_chance(p, n);
    check_learning_step(p, n);
    char *snap = brt_snapshot(p->s);
    if (full)
        check_json(p, snap, "snapshot");
    check_round_trip(p, p->s, snap);
    check_clone_and_copy(p, snap, full);
    check_move_texts(p, n, p->step == 0);
    if (full)
        check_every_move(p, n);
    /* Seats in turn, the spectator (-1) among them. */
    int seat = (int)(p->step % (size_t)(p->players + 1)) - 1;
    check_observations(p, snap, seat, full);
    check_resample(p, seat, full);
    if (full)
        check_move_views(p, n, seat);
    check_results(p);
    check_render(p);
    check_illegal_apply(p, snap, n, full);
    free(snap);
}

/* ------------------------------------------------------------------ */
/* Playing */

/* A legal move: uniform for seats, by probability at chance nodes. */
static br_move choose_move(struct playout *p, size_t n)
{
    if (!br_state_is_chance_node(p->s))
        return p->legal[brt_rand_below(&p->rng, n)];
    size_t count = 0;
    br_state_chance_outcomes(p->s, p->other, p->probs, p->cap, &count);
    double x = (double)(brt_rand_next(&p->rng) >> 11) / 9007199254740992.0, acc = 0;
    for (size_t k = 0; k < count; k++) {
        acc += p->probs[k];
        if (x < acc)
            return p->other[k];
    }
    return p->other[count - 1];
}

static void apply_everywhere(struct playout *p, br_move m)
{
    uint32_t number = br_state_move_number(p->s);
    int player = br_state_current_player(p->s);
    br_status st = br_state_apply(p->s, m);
    EXPECT(p, st == BR_OK, "apply of listed move %d: %s", (int)m, br_state_last_error(p->s));
    EXPECT(p, br_state_last_error(p->s)[0] == '\0', "last error after a good apply: %s",
           br_state_last_error(p->s));
    uint32_t after = br_state_move_number(p->s);
    if (p->explicit_chance)
        EXPECT(p, after == number + 1, "move number %u after %u", after, number);
    else
        EXPECT(p, after > number, "move number %u after %u", after, number);
    check_history_after_move(p, number, player, m);
    /* The clone, taken before the move, follows the same way (compared at
     * the next step). */
    EXPECT(p, br_state_apply(p->clone, m) == BR_OK, "clone rejects the move %d", (int)m);
    if (p->twin)
        EXPECT(p, br_state_apply(p->twin, m) == BR_OK, "twin rejects the move %d: %s", (int)m,
               br_state_last_error(p->twin));
}

/* Same seed, same choices: the same game. A record of it replays to it. */
static void check_determinism(struct playout *p, const char *final_snap, bool with_record)
{
    br_state *again = new_playout_state(p, p->seed);
    for (size_t k = 0; k < p->history_len; k++)
        EXPECT(p, br_state_apply(again, p->history[k]) == BR_OK, "replay: move %zu rejected", k);
    char *snap = brt_snapshot(again);
    EXPECT(p, strcmp(snap, final_snap) == 0, "same seed and moves gave another game");
    free(snap);
    br_state_free(again);
    if (!with_record)
        return;
    char options[300];
    snprintf(options, sizeof options, "%s,seed=%" PRIu64, p->set->options, p->seed);
    size_t len = 0;
    char err[256] = "";
    br_status st = br_record_write(p->set->game, options, p->history, p->history_len, NULL, 0,
                                   &len, err, sizeof err);
    EXPECT(p, st == BR_ERR_BUFFER, "record_write length query: status %d: %s", (int)st, err);
    char *record = malloc(len + 1);
    st = br_record_write(p->set->game, options, p->history, p->history_len, record, len + 1, &len,
                         err, sizeof err);
    EXPECT(p, st == BR_OK, "record_write: status %d: %s", (int)st, err);
    br_state *replayed = NULL;
    size_t bad = 99;
    st = br_record_replay(record, &replayed, &bad, err, sizeof err);
    EXPECT(p, st == BR_OK && bad == 0, "own record rejected at line %zu: %s", bad, err);
    /* A record replays as chance=explicit: the same position and history. */
    char *a = position_text(p->s), *b = position_text(replayed);
    EXPECT(p, strcmp(a, b) == 0, "replayed record ends in another state:\n%.600s\n%.600s", a, b);
    free(a);
    free(b);
    br_state_free(replayed);
    free(record);
}

static void run_playout(const struct option_set *set, uint64_t seed, bool with_record)
{
    struct playout p;
    playout_begin(&p, set, seed);
    for (;; p.step++) {
        EXPECT(&p, p.step < MAX_STEPS_PER_GAME, "game did not end");
        bool terminal = br_state_is_terminal(p.s);
        check_step(&p, terminal || p.step % FULL_CHECK_INTERVAL == 0);
        if (terminal)
            break;
        size_t n = check_legal_list(&p, p.s, p.legal);
        br_move m = choose_move(&p, n);
        apply_everywhere(&p, m);
        /* With chance=auto only the players' moves make the history. */
        p.history[p.history_len++] = m;
    }
    check_history_replays(&p);
    char *final_snap = brt_snapshot(p.s);
    check_determinism(&p, final_snap, with_record);
    free(final_snap);
    playout_end(&p);
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

START_TEST(test_random_playouts)
{
    const struct option_set *set = &option_sets[_i];
    double start = seconds_now();
    size_t k = 0;
    /* With a budget, the seeds from the first on until the share is spent:
     * every run from another first seed plays other games. */
    while (k < playouts_per_set
           && (k == 0 || seconds_per_set <= 0 || seconds_now() - start < seconds_per_set)) {
        /* Noted before the game, so that the replay command of the run
         * holds a game that fails (which leaves this function at once). */
        if (k + 1 > most_games_per_set)
            most_games_per_set = k + 1;
        run_playout(set, first_seed + k, k < RECORDED_PLAYOUTS);
        soaked_games++;
        k++;
    }
    if (report_sets)
        printf("soak: %-20s %-60s %zu games, seeds %" PRIu64 "..%" PRIu64
               ", all checks passed, %.1f s\n",
               br_game_name(set->game), set->options, k, first_seed, first_seed + k - 1,
               seconds_now() - start);
}
END_TEST

/* Every option set made for the run is accepted, and the canonical options of
 * the state make the same initial state. */
START_TEST(test_option_set_canonical)
{
    const struct option_set *set = &option_sets[_i];
    br_state *s = brt_new_state(set->game, set->options);
    char *canon = brt_options(s);
    br_state *again = brt_new_state(set->game, canon);
    char *a = brt_snapshot(s), *b = brt_snapshot(again);
    ck_assert_msg(strcmp(a, b) == 0, "%s [%s]: canonical options \"%s\" make another state",
                  br_game_name(set->game), set->options, canon);
    free(a);
    free(b);
    free(canon);
    br_state_free(again);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Chance draws */

#define DRAW_SAMPLES 4000
#define MAX_PATH 4096

/* The option sets whose draws are checked: every game with its defaults
 * (index < br_game_count()), then these, which draw from other piles. */
static const struct {
    const char *game, *options;
} draw_sets[] = {
    {"tsuro", "edition=kosmos,players=3,"},
    {"drunter-und-drueber", "variant=pro,players=4,"},
};

/* A state of `game` with `extra` options, chance=explicit and the given
 * seed, after `path`. */
static br_state *state_after(const br_game *game, const char *extra, uint64_t seed,
                             const br_move *path, size_t len)
{
    char options[200];
    snprintf(options, sizeof options, "%schance=explicit,seed=%llu", extra,
             (unsigned long long)seed);
    br_state *s = brt_new_state(game, options);
    for (size_t i = 0; i < len; i++)
        ck_assert_int_eq(br_state_apply(s, path[i]), BR_OK);
    return s;
}

/* At the chance node reached by `path`, DRAW_SAMPLES states with other
 * seeds resolve the node from their own generator: every draw must be a
 * listed outcome, and each outcome's count must lie within 5 standard
 * deviations (plus one) of what its listed probability predicts. */
static void check_draws_at(const br_game *game, const char *extra, const br_move *path,
                           size_t len)
{
    br_state *s = state_after(game, extra, 1, path, len);
    br_move outcomes[1024];
    double probs[1024];
    size_t n;
    ck_assert_int_eq(br_state_chance_outcomes(s, outcomes, probs, 1024, &n), BR_OK);
    br_state_free(s);
    size_t counts[1024] = { 0 };
    for (uint64_t i = 0; i < DRAW_SAMPLES; i++) {
        br_state *t = state_after(game, extra, 1000 + i, path, len);
        br_move drawn;
        ck_assert_int_eq(br_state_resolve_chance(t, &drawn), BR_OK);
        size_t k = 0;
        while (k < n && outcomes[k] != drawn)
            k++;
        ck_assert_msg(k < n, "%s: drawn outcome %d is not listed", br_game_name(game),
                      (int)drawn);
        counts[k]++;
        br_state_free(t);
    }
    for (size_t k = 0; k < n; k++) {
        double expected = DRAW_SAMPLES * probs[k];
        double sd = sqrt(DRAW_SAMPLES * probs[k] * (1 - probs[k]));
        ck_assert_msg(fabs((double)counts[k] - expected) <= 5 * sd + 1,
                      "%s, %zu moves in: outcome %d drawn %zu times, expected %.1f",
                      br_game_name(game), len, (int)outcomes[k], counts[k], expected);
    }
}

/* br_state_resolve_chance() (and so chance=auto) draws with the
 * probabilities br_state_chance_outcomes() lists, at several chance nodes of
 * a random game of every registered game. */
START_TEST(test_chance_draws_follow_probabilities)
{
    size_t games = br_game_count();
    const br_game *game = (size_t)_i < games ? br_game_at((size_t)_i)
                                             : br_game_find(draw_sets[(size_t)_i - games].game);
    const char *extra = (size_t)_i < games ? "" : draw_sets[(size_t)_i - games].options;
    if (!game)
        return; /* a game of the table that is not registered in this build */
    br_state *s = state_after(game, extra, 1, NULL, 0);
    br_move path[MAX_PATH], legal[1024];
    size_t len = 0, nodes_seen = 0, checked = 0;
    uint64_t rng = 11;
    while (!br_state_is_terminal(s) && len < MAX_PATH && checked < 4) {
        if (br_state_is_chance_node(s) && nodes_seen++ % 5 == 0) {
            check_draws_at(game, extra, path, len);
            checked++;
        }
        size_t n = brt_legal_moves(s, legal, 1024);
        path[len] = legal[brt_rand_below(&rng, n)];
        ck_assert_int_eq(br_state_apply(s, path[len]), BR_OK);
        len++;
    }
    ck_assert_msg(checked > 0, "%s: no chance node in a random game", br_game_name(game));
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */

/* Drops every option set of other games than `name`, and with `options`
 * every other option set (NULL or "": keep all). */
static void keep_only_game(const char *name, const char *options)
{
    size_t kept = 0;
    for (size_t i = 0; i < num_option_sets; i++)
        if ((!name || !*name || strcmp(br_game_name(option_sets[i].game), name) == 0)
            && (!options || !*options || strcmp(option_sets[i].options, options) == 0))
            option_sets[kept++] = option_sets[i];
    num_option_sets = kept;
}

/* After a soak run: how many games, and the command that plays them again
 * (every option set played the seeds from the first on, the most of them
 * `most_games_per_set`). */
static void report_soak(double seconds)
{
    printf("soak: %zu games played to the end in %zu option sets, %.0f s; seeds %" PRIu64
           "..%" PRIu64 "\n",
           soaked_games, num_option_sets, seconds, first_seed,
           first_seed + (most_games_per_set ? most_games_per_set - 1 : 0));
    printf("soak: replay: make soak SOAK_FIRST_SEED=%" PRIu64 " SOAK_GAMES=%zu", first_seed,
           most_games_per_set);
    if (only_game && *only_game)
        printf(" SOAK_GAME=%s", only_game);
    if (only_options && *only_options)
        printf(" SOAK_OPTIONS='%s'", only_options);
    printf("\n");
}

static Suite *conformance_suite(void)
{
    const brt_test tests[] = {
        BRT_CASE("option-sets", 60),
        BRT_LOOP(test_option_set_canonical, (int)num_option_sets),
        BRT_CASE("playouts", 600),
        BRT_LOOP(test_random_playouts, (int)num_option_sets),
        BRT_CASE("chance-draws", 120),
        BRT_LOOP(test_chance_draws_follow_probabilities,
                 (int)(br_game_count() + BRT_COUNT(draw_sets))),
    };
    Suite *suite = suite_create("conformance");
    brt_add_tests(suite, tests, BRT_COUNT(tests));
    add_learning_tests(suite);
    return suite;
}

int main(void)
{
    const char *env = getenv("BRT_PLAYOUTS");
    if (env && *env)
        playouts_per_set = (size_t)strtoul(env, NULL, 10);
    env = getenv("BRT_FIRST_SEED");
    if (env && *env)
        first_seed = strtoull(env, NULL, 10);
    env = getenv("BRT_REPORT");
    report_sets = env && strcmp(env, "1") == 0;
    build_option_sets();
    only_game = getenv("BRT_ONLY_GAME");
    only_options = getenv("BRT_ONLY_OPTIONS");
    keep_only_game(only_game, only_options);
    env = getenv("BRT_SOAK_SECONDS");
    if (env && *env && num_option_sets > 0)
        seconds_per_set = strtod(env, NULL) / (double)num_option_sets;
    fprintf(stderr, "conformance: %zu games, %zu option sets, %zu playouts each", br_game_count(),
            num_option_sets, playouts_per_set);
    if (seconds_per_set > 0)
        fprintf(stderr, " at most, %.1f s each", seconds_per_set);
    fprintf(stderr, "\n");
    double start = seconds_now();
    int status = brt_run_suite(conformance_suite());
    if (report_sets)
        report_soak(seconds_now() - start);
    free(option_sets);
    return status;
}
