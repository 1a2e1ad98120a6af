/*
 * What happened, told to each seat (issue 25): br_state_history_text_view()
 * for every game, against the texts a chance=explicit table shows at the
 * time, and its refusals; br_state_history_effects_json(): well formed, and
 * naming no card, tile or ballot that the seat could not see.
 */
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "brt_util.h"

enum { GAMES_PER_GAME = 4, MAX_MOVES = 3000 };

/* "players=..,seed=S,chance=MODE" for game i's test games. */
static char *options_for(const br_game *g, uint64_t seed, const char *chance)
{
    int players = br_game_max_players(g) < 3 ? br_game_max_players(g) : 3;
    return brt_format("players=%d,seed=%llu,chance=%s", players, (unsigned long long)seed,
                      chance);
}

static char *entry_text(const br_state *s, size_t index, int seat)
{
    size_t len = 0;
    ck_assert_int_eq(br_state_history_text_view(s, index, seat, NULL, 0, &len), BR_ERR_BUFFER);
    char *text = malloc(len + 1);
    ck_assert_int_eq(br_state_history_text_view(s, index, seat, text, len + 1, NULL), BR_OK);
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

static char *view_text(const br_state *s, br_move move, int seat)
{
    char buf[512];
    ck_assert_int_eq(br_state_move_to_text_view(s, move, seat, buf, sizeof buf, NULL), BR_OK);
    return brt_strdup(buf);
}

/* Every entry of a seeded chance=auto game, for every seat and a
 * spectator, reads as an explicit table showed it before the move. */
static void check_game(const br_game *g, uint64_t seed)
{
    char *auto_opts = options_for(g, seed, "auto"), *explicit_opts = options_for(g, seed, "explicit");
    br_state *played = brt_random_state(g, auto_opts, seed * 7919 + 1, MAX_MOVES / 10);
    size_t count = 0;
    ck_assert_int_eq(br_state_history(played, NULL, 0, &count),
                     count ? BR_ERR_BUFFER : BR_OK);
    br_state_history(played, NULL, 0, &count);
    br_history_entry *h = calloc(count + 1, sizeof *h);
    ck_assert_int_eq(br_state_history(played, h, count, &count), BR_OK);
    br_state *table = brt_new_state(g, explicit_opts);
    int seats = br_state_num_players(table);
    for (size_t i = 0; i < count; i++) {
        for (int seat = -1; seat < seats; seat++) {
            char *then = view_text(table, h[i].move, seat), *now = entry_text(played, i, seat);
            ck_assert_msg(strcmp(then, now) == 0, "%s seed %llu entry %zu seat %d: '%s', then '%s'",
                          br_game_name(g), (unsigned long long)seed, i, seat, now, then);
            free(then);
            free(now);
        }
        ck_assert_int_eq(br_state_apply(table, h[i].move), BR_OK);
    }
    free(h);
    br_state_free(table);
    br_state_free(played);
    free(auto_opts);
    free(explicit_opts);
}

START_TEST(test_texts_are_those_shown_at_the_time)
{
    const br_game *g = br_game_at((size_t)_i);
    for (uint64_t seed = 1; seed <= GAMES_PER_GAME; seed++)
        check_game(g, seed);
}
END_TEST

START_TEST(test_refusals_name_the_problem)
{
    const br_game *g = br_game_at((size_t)_i);
    br_state *s = brt_new_state(g, "seed=3");
    uint64_t rng = 5;
    brt_play_random(s, &rng, 20);
    size_t count = 0;
    br_state_history(s, NULL, 0, &count);
    char buf[256];
    ck_assert_int_eq(br_state_history_text_view(NULL, 0, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, count, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(br_state_last_error(s), "is not in 0.."));
    ck_assert_int_eq(br_state_history_text_view(s, 0, 99, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, 0, -2, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_text_view(s, 0, 0, NULL, 8, NULL), BR_ERR_ARGUMENT);
    size_t len = 0;
    ck_assert_int_eq(br_state_history_text_view(s, 0, 0, buf, 1, &len), BR_ERR_BUFFER);
    ck_assert_uint_gt(len, 0);
    ck_assert_str_eq(buf, "");
    /* A resampled state's history starts at its move number. */
    br_state *r = NULL;
    ck_assert_int_eq(br_state_clone(s, &r), BR_OK);
    if (br_state_current_player(s) >= 0) {
        ck_assert_int_eq(br_state_resample(s, br_state_current_player(s), 9, r), BR_OK);
        brt_play_random(r, &rng, 2);
        br_state_history(r, NULL, 0, &count);
        if (count > 0) {
            ck_assert_int_eq(br_state_history_text_view(r, 0, 0, buf, sizeof buf, NULL),
                             BR_ERR_WRONG_PHASE);
            ck_assert_ptr_nonnull(strstr(br_state_last_error(r), "history starts at move"));
        }
    }
    br_state_free(r);
    br_state_free(s);
}
END_TEST

static char *effects_text(const br_state *s, size_t index, int seat)
{
    size_t len = 0;
    ck_assert_int_eq(br_state_history_effects_json(s, index, seat, NULL, 0, &len),
                     BR_ERR_BUFFER);
    char *text = malloc(len + 1);
    ck_assert_int_eq(br_state_history_effects_json(s, index, seat, text, len + 1, NULL), BR_OK);
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

/* The keys under which an effect names what can be hidden. */
static bool names_hidden_things(const char *key)
{
    static const char *const KEYS[] = {"card", "cards", "tile", "tiles", "ballot", "ballots"};
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (strcmp(key, KEYS[i]) == 0)
            return true;
    return false;
}

/* True when the string `name` is a string value somewhere in `v`. */
static bool holds_string(const json_t *v, const char *name)
{
    if (json_is_string(v))
        return strcmp(json_string_value(v), name) == 0;
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++)
            if (holds_string(json_array_get(v, i), name))
                return true;
    } else if (json_is_object(v)) {
        const char *key;
        json_t *member;
        json_object_foreach((json_t *)v, key, member)
            if (holds_string(member, name))
                return true;
    }
    return false;
}

typedef struct seen {
    json_t *before, *after; /* the seat's observations around the entry */
    const char *text;       /* the entry's text as the seat saw it */
} seen;

/* Every name under a hidden-thing key is '?' or something the seat sees:
 * `v` is walked through arrays and objects; `named` says that it lies under
 * such a key (its strings are names, its objects are not looked into). */
static void check_hidden_keys(const json_t *v, const seen *at, const char *where, bool named)
{
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++)
            check_hidden_keys(json_array_get(v, i), at, where, named);
    } else if (named && json_is_string(v)) {
        const char *name = json_string_value(v);
        bool shown = strcmp(name, "?") == 0 || strstr(at->text, name) ||
                     holds_string(at->before, name) || holds_string(at->after, name);
        ck_assert_msg(shown, "%s: names '%s', which the seat does not see", where, name);
    } else if (!named && json_is_object(v)) {
        const char *key;
        json_t *member;
        json_object_foreach((json_t *)v, key, member)
            check_hidden_keys(member, at, where, names_hidden_things(key));
    }
}

static json_t *observation(const br_state *s, int seat)
{
    char *text = brt_observation(s, seat);
    json_error_t err;
    json_t *v = json_loads(text, 0, &err);
    ck_assert_msg(v != NULL, "observation: %s", err.text);
    free(text);
    return v;
}

/* One entry's effects for one seat: an array of objects, "type" first. */
static void check_effects(const br_state *played, const br_state *before, const br_state *after,
                          size_t index, int seat, const char *where)
{
    char *text = effects_text(played, index, seat);
    json_error_t err;
    json_t *effects = json_loads(text, 0, &err);
    ck_assert_msg(effects && json_is_array(effects), "%s: not a JSON array: %s", where, text);
    for (size_t k = 0; k < json_array_size(effects); k++) {
        json_t *e = json_array_get(effects, k);
        ck_assert_msg(json_is_object(e) && json_is_string(json_object_get(e, "type")),
                      "%s: effect %zu has no type: %s", where, k, text);
        char *item = json_dumps(e, JSON_COMPACT);
        ck_assert_msg(strncmp(item, "{\"type\":", 8) == 0, "%s: \"type\" is not first: %s",
                      where, item);
        free(item);
    }
    char *seen_text = entry_text(played, index, seat);
    seen at = {observation(before, seat), observation(after, seat), seen_text};
    check_hidden_keys(effects, &at, where, false);
    json_decref(at.before);
    json_decref(at.after);
    json_decref(effects);
    free(seen_text);
    free(text);
}

/* Every entry of a seeded chance=auto game, for every seat and a
 * spectator: effects that name only what the seat sees (its observations
 * around the entry, on a chance=explicit table, and the entry's text). */
static void check_game_effects(const br_game *g, uint64_t seed, size_t moves)
{
    char *auto_opts = options_for(g, seed, "auto"), *explicit_opts = options_for(g, seed, "explicit");
    br_state *played = brt_new_state(g, auto_opts);
    uint64_t rng = seed * 104729 + 3;
    brt_play_random(played, &rng, moves);
    size_t count = 0;
    br_state_history(played, NULL, 0, &count);
    br_history_entry *h = calloc(count + 1, sizeof *h);
    ck_assert_int_eq(br_state_history(played, h, count, &count), BR_OK);
    br_state *table = brt_new_state(g, explicit_opts), *before = NULL;
    int seats = br_state_num_players(table);
    for (size_t i = 0; i < count; i++) {
        ck_assert_int_eq(br_state_clone(table, &before), BR_OK);
        ck_assert_int_eq(br_state_apply(table, h[i].move), BR_OK);
        for (int seat = -1; seat < seats; seat++) {
            char where[96];
            snprintf(where, sizeof where, "%s seed %llu entry %zu seat %d", br_game_name(g),
                     (unsigned long long)seed, i, seat);
            check_effects(played, before, table, i, seat, where);
        }
        br_state_free(before);
        before = NULL;
    }
    free(h);
    br_state_free(table);
    br_state_free(played);
    free(auto_opts);
    free(explicit_opts);
}

START_TEST(test_effects_name_nothing_hidden)
{
    const br_game *g = br_game_at((size_t)_i);
    for (uint64_t seed = 1; seed <= 3; seed++)
        check_game_effects(g, seed, 200);
}
END_TEST

START_TEST(test_effects_refusals)
{
    br_state *s = brt_new_state(br_game_at((size_t)_i), "seed=3");
    char buf[64];
    size_t count = 0;
    br_state_history(s, NULL, 0, &count);
    ck_assert_int_eq(br_state_history_effects_json(NULL, 0, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_effects_json(s, count, 0, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_effects_json(s, 0, -2, buf, sizeof buf, NULL),
                     BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_history_effects_json(s, 0, 0, NULL, 4, NULL), BR_ERR_ARGUMENT);
    br_state_free(s);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("text_view", 900),
        BRT_PER_GAME(test_texts_are_those_shown_at_the_time),
        BRT_PER_GAME(test_refusals_name_the_problem),
        BRT_CASE("effects", 900),
        BRT_PER_GAME(test_effects_name_nothing_hidden),
        BRT_PER_GAME(test_effects_refusals),
    };
    return brt_run_tests("history", tests, BRT_COUNT(tests));
}
