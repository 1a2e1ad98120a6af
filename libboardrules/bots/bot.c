/*
 * The bots' public calls (boardrules/bot.h): the table of kinds, argument
 * checks, the options string, and binding a bot to a game.
 *
 * The options are parsed here rather than by the games' option machinery
 * (options.c): that one reads a game's table into a state, and knows no real
 * numbers, which the exploration constant `c` is.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bots/bots.h"

/* In the order of their strength (br_bot_kind_at). */
static const bot_kind *const KINDS[] = {
    &br_bot_random_kind,
    &br_bot_greedy_kind,
    &br_bot_planner_kind,
    &br_bot_ismcts_kind,
};
enum { NUM_KINDS = sizeof KINDS / sizeof KINDS[0] };

/* ------------------------------------------------------------------ */
/* The generator (splitmix64) */

uint64_t bot_rng_next(bot_rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Lemire's multiply-and-shift with rejection of the few biased values. */
uint32_t bot_rng_below(bot_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)bot_rng_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)-bound % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)bot_rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ------------------------------------------------------------------ */
/* Helpers of the kinds */

br_status bot_fail(struct br_bot *bot, br_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(bot->error, sizeof bot->error, fmt, ap);
    va_end(ap);
    return status;
}

const char *bot_move_text(const br_state *state, br_move move, char *buf, size_t size)
{
    if (br_state_move_to_text(state, move, buf, size, NULL) != BR_OK)
        br_format(buf, size, "#%ld", (long)move);
    return buf;
}

const char *bot_observe(struct br_bot *bot, const br_state *state, int seat)
{
    size_t len = 0;
    br_status st = br_state_observe(state, seat, bot->text, bot->text_size, &len);
    if (st == BR_ERR_BUFFER || (st == BR_OK && !bot->text)) {
        char *grown = br_mem_alloc(len + 1);
        if (!grown)
            return NULL;
        br_mem_free(bot->text);
        bot->text = grown;
        bot->text_size = len + 1;
        st = br_state_observe(state, seat, bot->text, bot->text_size, &len);
    }
    return st == BR_OK ? bot->text : NULL;
}

/* ------------------------------------------------------------------ */
/* Options */

static const char *const NO_KEYS[] = {NULL};

static bool kind_takes(const bot_kind *kind, const char *key)
{
    if (strcmp(key, "seed") == 0)
        return true;
    for (const char *const *k = kind->keys ? kind->keys : NO_KEYS; *k; k++)
        if (strcmp(*k, key) == 0)
            return true;
    return false;
}

static void known_keys(const bot_kind *kind, br_text *err)
{
    br_text_puts(err, "seed");
    for (const char *const *k = kind->keys ? kind->keys : NO_KEYS; *k; k++)
        br_text_printf(err, ", %s", *k);
}

static bool parse_count(const char *value, uint64_t max, uint64_t *out)
{
    if (value[0] < '0' || value[0] > '9')
        return false;
    uint64_t v = 0;
    for (const char *p = value; *p; p++) {
        if (*p < '0' || *p > '9' || v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

/* Longest budget a bot accepts: an hour, or a billion iterations. */
#define BOT_MAX_TIME_MS 3600000u
#define BOT_MAX_ITERATIONS 1000000000u
#define BOT_MAX_NODES 100000000u
#define BOT_MAX_DEPTH 1000000u

static br_status set_option(bot_options *o, const char *key, const char *value, br_text *err)
{
    bool ok = true;
    if (strcmp(key, "seed") == 0)
        ok = parse_count(value, UINT64_MAX, &o->seed);
    else if (strcmp(key, "iterations") == 0)
        ok = parse_count(value, BOT_MAX_ITERATIONS, &o->iterations) && o->iterations > 0;
    else if (strcmp(key, "time_ms") == 0)
        ok = parse_count(value, BOT_MAX_TIME_MS, &o->time_ms) && o->time_ms > 0;
    else if (strcmp(key, "nodes") == 0)
        ok = parse_count(value, BOT_MAX_NODES, &o->nodes) && o->nodes >= 2;
    else if (strcmp(key, "depth") == 0)
        ok = parse_count(value, BOT_MAX_DEPTH, &o->depth);
    else if (strcmp(key, "rollout") == 0) {
        ok = strcmp(value, "random") == 0 || strcmp(value, "greedy") == 0;
        o->rollout = strcmp(value, "greedy") == 0 ? BOT_ROLLOUT_GREEDY : BOT_ROLLOUT_RANDOM;
    } else if (strcmp(key, "c") == 0) {
        char *end;
        o->c = strtod(value, &end);
        ok = *end == '\0' && end != value && isfinite(o->c) && o->c >= 0 && o->c <= 100;
    }
    if (ok)
        return BR_OK;
    static const struct {
        const char *key, *what;
    } wanted[] = {
        {"seed", "an unsigned 64-bit number"},
        {"iterations", "a number in 1..1000000000"},
        {"time_ms", "a number of milliseconds in 1..3600000"},
        {"nodes", "a number in 2..100000000"},
        {"depth", "a number of moves in 0..1000000 (0: the game's default)"},
        {"rollout", "'random' or 'greedy'"},
        {"c", "a number in 0..100"},
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++)
        if (strcmp(wanted[i].key, key) == 0)
            br_text_printf(err, "bot option '%s': '%s' is not %s", key, value, wanted[i].what);
    return BR_ERR_OPTION;
}

/* One `key=value` item of n bytes at item; keys seen so far in *seen. */
static br_status parse_item(const bot_kind *kind, bot_options *o, const char *item, size_t n,
                            char seen[][16], size_t *num_seen, br_text *err)
{
    char key[16], value[64];
    const char *eq = memchr(item, '=', n);
    size_t key_len = eq ? (size_t)(eq - item) : n;
    if (!eq || key_len == 0 || key_len >= sizeof key || n - key_len - 1 >= sizeof value
        || n - key_len - 1 == 0) {
        br_text_printf(err, "bot option '%.*s': expected key=value", (int)(n < 40 ? n : 40),
                       item);
        return BR_ERR_OPTION;
    }
    memcpy(key, item, key_len);
    key[key_len] = '\0';
    memcpy(value, eq + 1, n - key_len - 1);
    value[n - key_len - 1] = '\0';
    if (!kind_takes(kind, key)) {
        br_text_printf(err, "bot option '%s': unknown for %s bots (known: ", key, kind->name);
        known_keys(kind, err);
        br_text_putc(err, ')');
        return BR_ERR_OPTION;
    }
    for (size_t i = 0; i < *num_seen; i++)
        if (strcmp(seen[i], key) == 0) {
            br_text_printf(err, "bot option '%s': given twice", key);
            return BR_ERR_OPTION;
        }
    if (*num_seen < 8)
        memcpy(seen[(*num_seen)++], key, sizeof key);
    return set_option(o, key, value, err);
}

static br_status parse_options(const bot_kind *kind, const char *options, bot_options *o,
                               br_text *err)
{
    *o = (bot_options){ .c = 0.7, .rollout = BOT_ROLLOUT_RANDOM };
    char seen[8][16];
    size_t num_seen = 0;
    for (const char *p = options ? options : ""; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        br_status st = parse_item(kind, o, p, n, seen, &num_seen, err);
        if (st != BR_OK)
            return st;
        p = comma ? comma + 1 : p + n;
    }
    if (o->iterations && o->time_ms) {
        br_text_puts(err, "bot options 'iterations' and 'time_ms' exclude each other");
        return BR_ERR_OPTION;
    }
    /* Neither: the game's default budget, known when the bot is bound
     * (ismcts.c, game_defaults). */
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Public calls */

const char *br_bot_kind_at(size_t index)
{
    return index < NUM_KINDS ? KINDS[index]->name : NULL;
}

static const bot_kind *find_kind(const char *name)
{
    for (size_t i = 0; i < NUM_KINDS; i++)
        if (strcmp(KINDS[i]->name, name) == 0)
            return KINDS[i];
    return NULL;
}

br_status br_bot_new(const char *kind, const char *options, br_bot **out, char *err,
                     size_t err_size)
{
    br_text e = br_text_over(err, err ? err_size : 0);
    if (out)
        *out = NULL;
    if (!kind || !out) {
        br_text_puts(&e, kind ? "out is NULL" : "kind is NULL");
        return BR_ERR_ARGUMENT;
    }
    const bot_kind *k = find_kind(kind);
    if (!k) {
        br_text_printf(&e, "unknown bot kind '%s' (known: random, greedy, planner, ismcts)",
                       kind);
        return BR_ERR_UNKNOWN_BOT;
    }
    bot_options o;
    br_status st = parse_options(k, options, &o, &e);
    if (st != BR_OK)
        return st;
    br_bot *bot = br_mem_zalloc(sizeof *bot);
    if (!bot) {
        br_text_puts(&e, "out of memory");
        return BR_ERR_NO_MEMORY;
    }
    bot->kind = k;
    bot->opt = o;
    bot->rng.state = o.seed;
    if (k->init && !k->init(bot)) {
        br_bot_free(bot);
        br_text_puts(&e, "out of memory (the search tree)");
        return BR_ERR_NO_MEMORY;
    }
    *out = bot;
    return BR_OK;
}

static void release_buffers(br_bot *bot)
{
    br_mem_free(bot->moves);
    br_mem_free(bot->scratch);
    br_mem_free(bot->returns);
    br_mem_free(bot->scores);
    br_mem_free(bot->text);
    br_state_free(bot->view);
    br_state_free(bot->trial);
    for (int level = 0; level < BOT_PLAN_DEPTH; level++) {
        br_mem_free(bot->plan_moves[level]);
        br_state_free(bot->plan[level]);
    }
}

void br_bot_free(br_bot *bot)
{
    if (!bot)
        return;
    if (bot->kind->release)
        bot->kind->release(bot);
    release_buffers(bot);
    br_mem_free(bot);
}

const char *br_bot_kind(const br_bot *bot)
{
    return bot ? bot->kind->name : NULL;
}

const char *br_bot_last_error(const br_bot *bot)
{
    return bot ? bot->error : "bot is NULL";
}

static br_move *move_buffer(size_t capacity)
{
    return br_mem_alloc((capacity ? capacity : 1) * sizeof(br_move));
}

/* Allocates the buffers for states like `state`: every kind gets them all
 * (a few kilobytes and states), so that binding is one code path. */
static br_status bind(br_bot *bot, const br_state *state)
{
    bot->game = br_state_game(state);
    bot->num_players = br_state_num_players(state);
    /* Every option set of the game fits (other variants list more moves). */
    bot->capacity = BR_LEGAL_MOVES_MAX;
    bot->move_space = br_state_move_space(state);
    size_t seats = (size_t)bot->num_players;
    bot->moves = move_buffer(bot->capacity);
    bot->scratch = move_buffer(bot->capacity);
    bot->returns = br_mem_zalloc(seats * sizeof *bot->returns);
    bot->scores = br_mem_zalloc(seats * sizeof *bot->scores);
    bool ok = bot->moves && bot->scratch && bot->returns && bot->scores
              && br_state_clone(state, &bot->view) == BR_OK
              && br_state_clone(state, &bot->trial) == BR_OK;
    for (int level = 0; ok && level < BOT_PLAN_DEPTH; level++)
        ok = (bot->plan_moves[level] = move_buffer(bot->capacity)) != NULL
             && br_state_clone(state, &bot->plan[level]) == BR_OK;
    if (ok)
        return BR_OK;
    release_buffers(bot);
    bot->game = NULL;
    return bot_fail(bot, BR_ERR_NO_MEMORY, "out of memory (the bot's positions)");
}

/* The checks of br_bot_choose's state, with the reasons. */
static br_status check_state(br_bot *bot, const br_state *state)
{
    if (br_state_is_terminal(state))
        return bot_fail(bot, BR_ERR_WRONG_PHASE, "the game is over: there is no move to choose");
    if (br_state_is_chance_node(state))
        return bot_fail(bot, BR_ERR_WRONG_PHASE,
                        "the state is at a chance node: resolve it, no seat is to move");
    if (bot->game && (bot->game != br_state_game(state)
                      || bot->num_players != br_state_num_players(state)
                      || bot->move_space < br_state_move_space(state)))
        return bot_fail(bot, BR_ERR_GAME_MISMATCH,
                        "this bot serves %s with %d players (and its option set), not %s "
                        "with %d players",
                        br_game_name(bot->game), bot->num_players,
                        br_game_name(br_state_game(state)), br_state_num_players(state));
    return BR_OK;
}

br_status br_bot_choose(br_bot *bot, const br_state *state, br_move *move)
{
    if (!bot)
        return BR_ERR_ARGUMENT;
    bot->error[0] = '\0';
    if (!state || !move)
        return bot_fail(bot, BR_ERR_ARGUMENT, "%s is NULL", state ? "move" : "state");
    br_status st = check_state(bot, state);
    if (st == BR_OK && !bot->game)
        st = bind(bot, state);
    if (st != BR_OK)
        return st;
    size_t count = 0;
    st = br_state_legal_moves(state, bot->moves, bot->capacity, &count);
    if (st != BR_OK || count == 0)
        return bot_fail(bot, st != BR_OK ? st : BR_ERR_WRONG_PHASE,
                        "the state lists no legal move: %s", br_state_last_error(state));
    return bot->kind->choose(bot, state, count, move);
}
