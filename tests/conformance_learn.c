/*
 * The conformance suite's checks of the learning interface (boardrules/learn.h),
 * run at every step of every playout of every game:
 *
 * - facts: br_state_facts() agrees with the state (move space, bound on legal
 *   moves, players, kind of returns) and with br_game_facts() of the same
 *   options; no state has a move number above max_game_length; a game that
 *   stops at a chance node says it has chance;
 * - mask: br_state_legal_mask() marks exactly the legal moves;
 * - tensors: every entry written (the buffer starts as NaN) and finite, for
 *   every seat and the spectator; a buffer one entry short is refused and not
 *   written; a seat's tensor is the same in a state resampled for that seat
 *   (so it holds nothing the seat cannot know);
 * - information-state tensor: size as the facts say, every entry written, in
 *   0..1, the observation tensor first, then the known-history entry and a
 *   slot per move of the history (who made it, as the seat sees it); in a
 *   resampled state the observation part only;
 * - history: as long as the moves made, the last entry the move just made by
 *   the seat that made it, then the chance outcomes drawn after it; at the
 *   end, the history replayed on a chance=explicit state gives the same
 *   position.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "brt_util.h"
#include "conformance.h"

void learning_begin(struct playout *p)
{
    EXPECT(p, br_state_facts(p->s, &p->facts, sizeof p->facts) == BR_OK, "state_facts failed");
    const br_facts *f = &p->facts;
    EXPECT(p, f->tensor_rank >= 1 && f->tensor_rank <= BR_TENSOR_MAX_RANK, "tensor rank %zu",
           f->tensor_rank);
    size_t size = 1;
    for (size_t i = 0; i < BR_TENSOR_MAX_RANK; i++) {
        if (i < f->tensor_rank) {
            EXPECT(p, f->tensor_shape[i] > 0, "tensor dimension %zu is 0", i);
            size *= f->tensor_shape[i];
        } else {
            EXPECT(p, f->tensor_shape[i] == 0, "tensor dimension %zu past the rank is %zu", i,
                   f->tensor_shape[i]);
        }
    }
    EXPECT(p, size == f->tensor_size, "tensor size %zu, product of the shape %zu", f->tensor_size,
           size);
    EXPECT(p, f->max_game_length > 0, "max_game_length is 0");
    /* The history packs a move into 24 bits (libboardrules/state_impl.h). */
    EXPECT(p, f->move_space <= (size_t)1 << 24, "move space %zu is above 2^24", f->move_space);
    p->tensor = malloc((f->tensor_size + 1) * sizeof *p->tensor);
    p->tensor2 = malloc((f->tensor_size + 1) * sizeof *p->tensor2);
    p->mask = malloc(p->space + 1);
    p->entries = malloc((size_t)f->max_game_length * sizeof *p->entries);
    ck_assert(p->tensor && p->tensor2 && p->mask && p->entries);

    br_facts g;
    char err[200] = "";
    char *options = brt_options(p->s);
    EXPECT(p, br_game_facts(p->set->game, options, &g, sizeof g, err, sizeof err) == BR_OK,
           "game_facts(%s): %s", options, err);
    free(options);
    EXPECT(p, memcmp(&g, f, sizeof g) == 0, "game_facts and state_facts differ");
}

void learning_end(struct playout *p)
{
    free(p->tensor);
    free(p->tensor2);
    free(p->mask);
    free(p->entries);
}

static void check_facts(struct playout *p)
{
    br_facts f;
    memset(&f, 0xa5, sizeof f);
    EXPECT(p, br_state_facts(p->s, &f, sizeof f) == BR_OK, "state_facts failed");
    EXPECT(p, memcmp(&f, &p->facts, sizeof f) == 0, "the facts changed during the game");
    EXPECT(p, f.num_players == p->players, "facts: %d players, state %d", f.num_players,
           p->players);
    EXPECT(p, f.move_space == p->space && f.max_legal_moves == p->cap,
           "facts: space %zu bound %zu; state: %zu %zu", f.move_space, f.max_legal_moves,
           p->space, p->cap);
    EXPECT(p, f.returns_kind == (p->players == 2 ? BR_RETURNS_ZERO_SUM : BR_RETURNS_GENERAL),
           "returns kind %d with %d players", f.returns_kind, p->players);
    EXPECT(p, br_state_move_number(p->s) <= f.max_game_length,
           "move number %u is above max_game_length %u", br_state_move_number(p->s),
           f.max_game_length);
    if (br_state_is_chance_node(p->s))
        p->saw_chance = true;
    EXPECT(p, !p->saw_chance || f.has_chance, "a chance node, but has_chance is 0");
}

static void check_mask(const struct playout *p, size_t n)
{
    memset(p->mask, 7, p->space + 1);
    EXPECT(p, br_state_legal_mask(p->s, p->mask, p->space - 1) == BR_ERR_BUFFER,
           "a mask one entry short is accepted");
    EXPECT(p, p->mask[0] == 7, "a refused mask was written");
    EXPECT(p, br_state_legal_mask(p->s, p->mask, p->space) == BR_OK, "legal_mask failed");
    EXPECT(p, p->mask[p->space] == 7, "legal_mask wrote past the move space");
    size_t marked = 0, k = 0;
    for (size_t m = 0; m < p->space; m++) {
        EXPECT(p, p->mask[m] <= 1, "mask[%zu] = %u", m, p->mask[m]);
        marked += p->mask[m];
        if (p->mask[m]) {
            EXPECT(p, k < n && (size_t)p->legal[k] == m, "mask marks move %zu, not listed", m);
            k++;
        }
    }
    EXPECT(p, marked == n, "mask marks %zu moves, %zu are legal", marked, n);
}

/* Writes the tensor of `seat` in `s` into `out` (filled with NaN first, one
 * sentinel entry past the end) and checks it is complete and finite. */
static void tensor_of(const struct playout *p, const br_state *s, int seat, float *out)
{
    size_t size = p->facts.tensor_size;
    for (size_t i = 0; i <= size; i++)
        out[i] = NAN;
    br_status st = br_state_observation_tensor(s, seat, out, size);
    EXPECT(p, st == BR_OK, "tensor of seat %d: status %d: %s", seat, (int)st,
           br_state_last_error(s));
    for (size_t i = 0; i < size; i++)
        EXPECT(p, isfinite(out[i]), "tensor of seat %d: entry %zu not written (or not finite)",
               seat, i);
    EXPECT(p, isnan(out[size]), "tensor of seat %d written past its size", seat);
}

static void check_tensors(const struct playout *p)
{
    size_t size = p->facts.tensor_size;
    p->tensor[0] = NAN;
    EXPECT(p, br_state_observation_tensor(p->s, 0, p->tensor, size - 1) == BR_ERR_BUFFER,
           "a tensor buffer one entry short is accepted");
    EXPECT(p, isnan(p->tensor[0]), "a refused tensor buffer was written");
    EXPECT(p, br_state_observation_tensor(p->s, p->players, p->tensor, size) == BR_ERR_ARGUMENT,
           "seat %d (one past the last) is accepted", p->players);
    for (int seat = -1; seat < p->players; seat++) {
        tensor_of(p, p->s, seat, p->tensor);
        if (p->twin) {
            /* Same moves, another generator: nobody can tell them apart. */
            tensor_of(p, p->twin, seat, p->tensor2);
            EXPECT(p, memcmp(p->tensor, p->tensor2, size * sizeof *p->tensor) == 0,
                   "seat %d: tensors differ between states that differ only in the generator",
                   seat);
        }
    }
}

static void check_history_length(const struct playout *p, const br_state *s)
{
    size_t count = 99;
    uint32_t start = br_state_history_start(s), number = br_state_move_number(s);
    EXPECT(p, start <= number, "history starts at %u, after move number %u", start, number);
    br_status st = br_state_history(s, p->entries, p->facts.max_game_length, &count);
    EXPECT(p, st == BR_OK, "history: status %d", (int)st);
    EXPECT(p, count == number - start, "history has %zu entries, moves %u..%u", count, start,
           number);
    if (count > 0) {
        size_t again = 0;
        EXPECT(p, br_state_history(s, p->entries, count - 1, &again) == BR_ERR_BUFFER &&
                      again == count,
               "a history buffer one entry short: count %zu of %zu", again, count);
    }
    for (size_t i = 0; i < count; i++)
        EXPECT(p, p->entries[i].player >= BR_PLAYER_CHANCE && p->entries[i].player < p->players &&
                      p->entries[i].move >= 0 && (size_t)p->entries[i].move < p->space,
               "history[%zu] = {move %d, player %d}", i, (int)p->entries[i].move,
               (int)p->entries[i].player);
}

/* ------------------------------------------------------------------ */
/* Information-state tensor */

/* Slots of the information-state tensor: one per move of the longest game,
 * but no more than the history keeps (2048 moves in Drunter & Drüber, more
 * than the longest game elsewhere). */
static size_t infostate_slots(const br_facts *f)
{
    return f->max_game_length < 2048 ? f->max_game_length : 2048;
}

static size_t infostate_slot_size(const br_facts *f)
{
    return (f->information_state_size - f->tensor_size - 1) / infostate_slots(f);
}

/* The information-state tensor of `seat` in `s`, newly allocated (one NaN
 * sentinel past the end, free() it), checked: complete, in 0..1, refused
 * into a buffer one entry short. */
static float *infostate_of(const struct playout *p, const br_state *s, int seat)
{
    size_t size = p->facts.information_state_size;
    float *out = malloc((size + 1) * sizeof *out);
    ck_assert(out);
    for (size_t i = 0; i <= size; i++)
        out[i] = NAN;
    EXPECT(p, br_state_information_state_tensor(s, seat, out, size - 1) == BR_ERR_BUFFER &&
                  isnan(out[0]),
           "seat %d: an information-state buffer one entry short is accepted or written", seat);
    br_status st = br_state_information_state_tensor(s, seat, out, size);
    EXPECT(p, st == BR_OK, "information state of seat %d: status %d: %s", seat, (int)st,
           br_state_last_error(s));
    for (size_t i = 0; i < size; i++)
        EXPECT(p, out[i] >= 0 && out[i] <= 1,
               "information state of seat %d: entry %zu is %g (not written, or not in 0..1)",
               seat, i, (double)out[i]);
    EXPECT(p, isnan(out[size]), "information state of seat %d written past its size", seat);
    return out;
}

/* The parts of seat's information-state tensor of `s`: the observation
 * tensor, the known entry (1 exactly when the history starts at move 0),
 * each history entry's slot marked present with its player, the slots past
 * the history all 0. */
static void check_infostate_parts(const struct playout *p, const br_state *s, int seat,
                                  const float *info)
{
    const br_facts *f = &p->facts;
    float *obs = malloc(f->tensor_size * sizeof *obs);
    ck_assert(obs);
    EXPECT(p, br_state_observation_tensor(s, seat, obs, f->tensor_size) == BR_OK, "tensor");
    EXPECT(p, memcmp(obs, info, f->tensor_size * sizeof *obs) == 0,
           "seat %d: the information state does not start with the observation tensor", seat);
    free(obs);
    size_t slots = infostate_slots(f), slot_size = infostate_slot_size(f);
    EXPECT(p, slots * slot_size + f->tensor_size + 1 == f->information_state_size,
           "information state of %zu entries: not the observation (%zu), 1 and %zu slots",
           f->information_state_size, f->tensor_size, slots);
    bool known = br_state_history_start(s) == 0;
    const float *slot = info + f->tensor_size + 1;
    EXPECT(p, info[f->tensor_size] == (known ? 1.0f : 0.0f), "seat %d: known entry %g", seat,
           (double)info[f->tensor_size]);
    size_t count = 0;
    br_state_history(s, p->entries, f->max_game_length, &count);
    if (!known)
        count = 0;
    int n = p->players;
    for (size_t i = 0; i < slots; i++, slot += slot_size) {
        if (i >= count) {
            for (size_t k = 0; k < slot_size; k++)
                EXPECT(p, slot[k] == 0, "seat %d: slot %zu of %zu moves is not 0", seat, i,
                       count);
            continue;
        }
        int player = p->entries[i].player;
        int actor = player == BR_PLAYER_CHANCE ? n : seat < 0 ? player : (player - seat + n) % n;
        EXPECT(p, slot[0] == 1 && slot[1 + actor] == 1,
               "seat %d: slot %zu does not show move %d of player %d", seat, i,
               (int)p->entries[i].move, player);
    }
}

/* One seat per step, in turn (the spectator too): each replays the history. */
static void check_information_state(const struct playout *p)
{
    int seat = (int)(p->step % (size_t)(p->players + 1)) - 1;
    float *info = infostate_of(p, p->s, seat);
    check_infostate_parts(p, p->s, seat, info);
    EXPECT(p, br_state_information_state_tensor(p->s, p->players, info,
                                                p->facts.information_state_size) ==
                  BR_ERR_ARGUMENT,
           "information state: seat %d (one past the last) is accepted", p->players);
    free(info);
}

void check_learning_step(struct playout *p, size_t n)
{
    check_facts(p);
    check_mask(p, n);
    check_tensors(p);
    check_information_state(p);
    check_history_length(p, p->s);
    EXPECT(p, br_state_history_start(p->s) == 0, "history of a new state starts at %u",
           br_state_history_start(p->s));
}

void check_learning_resampled(const struct playout *p, const br_state *resampled, int seat)
{
    tensor_of(p, p->s, seat, p->tensor);
    tensor_of(p, resampled, seat, p->tensor2);
    for (size_t i = 0; i < p->facts.tensor_size; i++)
        EXPECT(p, p->tensor[i] == p->tensor2[i],
               "seat %d's tensor entry %zu is %g, but %g in a state resampled for the seat: the "
               "tensor shows what the seat cannot know", seat, i, (double)p->tensor[i],
               (double)p->tensor2[i]);
    /* Its history is empty from its move number: the information state is
     * the observation part only (the known entry 0 unless at move 0). */
    float *info = infostate_of(p, resampled, seat);
    check_infostate_parts(p, resampled, seat, info);
    free(info);
    EXPECT(p, br_state_history_start(resampled) == br_state_move_number(resampled),
           "a resampled state's history starts at %u, not at its move number %u",
           br_state_history_start(resampled), br_state_move_number(resampled));
    check_history_length(p, resampled);
}

void check_history_after_move(const struct playout *p, uint32_t before, int player, br_move move)
{
    size_t count = 0;
    EXPECT(p, br_state_history(p->s, p->entries, p->facts.max_game_length, &count) == BR_OK,
           "history failed");
    uint32_t after = br_state_move_number(p->s), start = br_state_history_start(p->s);
    EXPECT(p, count == after - start && before < after && start <= before,
           "history has %zu entries from move %u after move %u", count, start, after);
    before -= start;
    after -= start;
    EXPECT(p, p->entries[before].move == move && p->entries[before].player == player,
           "history[%u] = {move %d, player %d}, but seat %d made move %d", before,
           (int)p->entries[before].move, (int)p->entries[before].player, player, (int)move);
    for (uint32_t i = before + 1; i < after; i++)
        EXPECT(p, p->entries[i].player == BR_PLAYER_CHANCE,
               "history[%u]: player %d, but only chance moves after the seat's move", i,
               (int)p->entries[i].player);
}

/* The game's own fields of a snapshot, as compact JSON text. */
static char *game_fields(const br_state *s)
{
    json_t *snap = brt_snapshot_json(s);
    char *text = json_dumps(json_object_get(snap, "state"), JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(snap);
    return text;
}

char *position_text(const br_state *s)
{
    json_t *snap = brt_snapshot_json(s);
    json_t *both = json_pack("{sOsOsO}", "state", json_object_get(snap, "state"), "history",
                             json_object_get(snap, "history"), "move_number",
                             json_object_get(snap, "move_number"));
    char *text = json_dumps(both, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(both);
    json_decref(snap);
    return text;
}

/* `options` with chance=explicit in place of chance=auto (or added). */
static char *explicit_options(const char *options)
{
    const char *at = strstr(options, "chance=auto");
    if (at)
        return brt_format("%.*schance=explicit%s", (int)(at - options), options,
                          at + strlen("chance=auto"));
    if (strstr(options, "chance=explicit"))
        return brt_strdup(options);
    return brt_format("%s%schance=explicit", options, options[0] ? "," : "");
}

void check_history_replays(const struct playout *p)
{
    size_t count = 0;
    EXPECT(p, br_state_history(p->s, p->entries, p->facts.max_game_length, &count) == BR_OK,
           "history failed");
    char *options = explicit_options(p->set->options);
    br_state *replay = brt_new_state(p->set->game, options);
    for (size_t i = 0; i < count; i++) {
        int cp = br_state_current_player(replay);
        EXPECT(p, cp == p->entries[i].player, "history[%zu]: player %d, replay has %d to move", i,
               (int)p->entries[i].player, cp);
        EXPECT(p, br_state_apply(replay, p->entries[i].move) == BR_OK,
               "history[%zu] = %d does not replay: %s", i, (int)p->entries[i].move,
               br_state_last_error(replay));
    }
    char *a = game_fields(p->s), *b = game_fields(replay);
    EXPECT(p, strcmp(a, b) == 0, "the history replayed gives another position:\n%.600s\n%.600s",
           a, b);
    free(a);
    free(b);
    free(options);
    br_state_free(replay);
}

/* ------------------------------------------------------------------ */
/* Option specs, per game */

/* The value of `key` in a canonical options string, into out. */
static bool canonical_value(const char *options, const char *key, char *out, size_t size)
{
    size_t klen = strlen(key);
    for (const char *item = options; item && *item;) {
        size_t len = strcspn(item, ",");
        if (len > klen && strncmp(item, key, klen) == 0 && item[klen] == '=') {
            snprintf(out, size, "%.*s", (int)(len - klen - 1), item + klen + 1);
            return true;
        }
        item = item[len] ? item + len + 1 : NULL;
    }
    return false;
}

/* br_game_check_options() and br_state_new() agree on `key=value`, and
 * accept it exactly when `good`. */
static void expect_value(const br_game *game, const char *key, const char *value, bool good)
{
    char *options = brt_format("%s=%s", key, value);
    char err[200] = "";
    br_status checked = br_game_check_options(game, options, err, sizeof err);
    br_state *s = NULL;
    br_status made = br_state_new(game, options, &s, NULL, 0);
    br_state_free(s);
    ck_assert_msg(checked == made, "%s [%s]: check_options %d, state_new %d", br_game_name(game),
                  options, (int)checked, (int)made);
    if (good)
        ck_assert_msg(checked == BR_OK, "%s: the spec allows '%s', refused: %s",
                      br_game_name(game), options, err);
    else
        ck_assert_msg(checked == BR_ERR_OPTION && strstr(err, key),
                      "%s: the spec does not allow '%s', check_options says %d '%s'",
                      br_game_name(game), options, (int)checked, err);
    free(options);
}

static void check_integer_spec(const br_game *game, const br_option_spec *o)
{
    ck_assert_msg(o->min <= o->max && o->choices == NULL, "%s: %s: range %llu..%llu",
                  br_game_name(game), o->key, (unsigned long long)o->min,
                  (unsigned long long)o->max);
    char v[32];
    snprintf(v, sizeof v, "%llu", (unsigned long long)o->min);
    expect_value(game, o->key, v, true);
    snprintf(v, sizeof v, "%llu", (unsigned long long)o->max);
    expect_value(game, o->key, v, true);
    if (o->min > 0) {
        snprintf(v, sizeof v, "%llu", (unsigned long long)o->min - 1);
        expect_value(game, o->key, v, false);
    }
    if (o->max < UINT64_MAX) {
        snprintf(v, sizeof v, "%llu", (unsigned long long)o->max + 1);
        expect_value(game, o->key, v, false);
    }
}

static void check_choice_spec(const br_game *game, const br_option_spec *o)
{
    ck_assert_msg(o->choices && o->choices[0], "%s: %s has no choices", br_game_name(game),
                  o->key);
    for (const char *const *c = o->choices; *c; c++)
        expect_value(game, o->key, *c, true);
    expect_value(game, o->key, "no-such-value", false);
}

static void check_one_spec(const br_game *game, const br_option_spec *o, const char *defaults)
{
    ck_assert_msg(o->key && o->key[0] && o->help && o->help[0], "%s: a spec without key or help",
                  br_game_name(game));
    ck_assert_msg(strstr(br_game_options_help(game), o->key),
                  "%s: key %s is not in the options help", br_game_name(game), o->key);
    char value[100];
    ck_assert_msg(canonical_value(defaults, o->key, value, sizeof value),
                  "%s: key %s is not in the canonical options '%s'", br_game_name(game), o->key,
                  defaults);
    if (o->default_value)
        ck_assert_msg(strcmp(o->default_value, value) == 0, "%s: %s defaults to '%s', spec '%s'",
                      br_game_name(game), o->key, value, o->default_value);
    switch (o->kind) {
    case BR_OPTION_INTEGER:
        check_integer_spec(game, o);
        break;
    case BR_OPTION_CHOICE:
        check_choice_spec(game, o);
        break;
    case BR_OPTION_FLAG:
        expect_value(game, o->key, "true", true);
        expect_value(game, o->key, "false", true);
        expect_value(game, o->key, "maybe", false);
        break;
    default:
        ck_abort_msg("%s: %s has kind %d", br_game_name(game), o->key, o->kind);
    }
}

/* The specs list exactly the keys of the canonical options string, in its
 * order, each with the values the parser accepts; the common three first. */
START_TEST(test_option_specs)
{
    const br_game *game = br_game_at((size_t)_i);
    br_state *s = brt_new_state(game, "");
    char *defaults = brt_options(s);
    br_state_free(s);
    size_t count = br_game_option_count(game);
    ck_assert_msg(count >= 3, "%s: %zu option specs", br_game_name(game), count);
    ck_assert_ptr_null(br_game_option(game, count));
    ck_assert_ptr_null(br_game_option(NULL, 0));
    const char *common[3] = { "players", "seed", "chance" };
    for (size_t i = 0; i < 3; i++)
        ck_assert_str_eq(br_game_option(game, i)->key, common[i]);
    const br_option_spec *players = br_game_option(game, 0);
    ck_assert_int_eq((int)players->min, br_game_min_players(game));
    ck_assert_int_eq((int)players->max, br_game_max_players(game));
    /* The keys, in order, make up the canonical string. */
    char *rebuilt = brt_strdup("");
    for (size_t i = 0; i < count; i++) {
        const br_option_spec *o = br_game_option(game, i);
        check_one_spec(game, o, defaults);
        char value[100];
        canonical_value(defaults, o->key, value, sizeof value);
        char *longer = brt_format("%s%s%s=%s", rebuilt, i ? "," : "", o->key, value);
        free(rebuilt);
        rebuilt = longer;
    }
    ck_assert_msg(strcmp(rebuilt, defaults) == 0, "%s: specs give '%s', canonical '%s'",
                  br_game_name(game), rebuilt, defaults);
    char err[200] = "";
    ck_assert_int_eq(br_game_check_options(game, "no-such-key=1", err, sizeof err),
                     BR_ERR_OPTION);
    ck_assert_msg(strstr(err, "no-such-key"), "unknown key not named: %s", err);
    ck_assert_int_eq(br_game_check_options(NULL, "", err, sizeof err), BR_ERR_ARGUMENT);
    free(rebuilt);
    free(defaults);
}
END_TEST

/* br_game_facts() of the defaults equals br_state_facts() of a new state; a
 * short struct gets its first bytes only; bad arguments are refused. */
START_TEST(test_game_facts)
{
    const br_game *game = br_game_at((size_t)_i);
    br_facts a, b;
    char err[200] = "";
    ck_assert_int_eq(br_game_facts(game, NULL, &a, sizeof a, err, sizeof err), BR_OK);
    br_state *s = brt_new_state(game, "");
    ck_assert_int_eq(br_state_facts(s, &b, sizeof b), BR_OK);
    ck_assert_mem_eq(&a, &b, sizeof a);
    ck_assert_int_eq(a.num_players, br_game_default_players(game));
    ck_assert_uint_eq(a.move_space, br_state_move_space(s));
    unsigned char part[sizeof(br_facts)];
    memset(part, 0xee, sizeof part);
    ck_assert_int_eq(br_state_facts(s, (br_facts *)(void *)part, sizeof(int)), BR_OK);
    ck_assert_int_eq(((br_facts *)(void *)part)->num_players, a.num_players);
    ck_assert_uint_eq(part[sizeof(int)], 0xee);
    ck_assert_int_eq(br_game_facts(game, "players=99", &a, sizeof a, err, sizeof err),
                     BR_ERR_OPTION);
    ck_assert_msg(strstr(err, "players"), "%s", err);
    ck_assert_int_eq(br_game_facts(NULL, NULL, &a, sizeof a, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_game_facts(game, NULL, NULL, sizeof a, err, sizeof err), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_facts(NULL, &a, sizeof a), BR_ERR_ARGUMENT);
    ck_assert_int_eq(br_state_facts(s, NULL, sizeof a), BR_ERR_ARGUMENT);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Information-state tensor: histories a seat can and cannot tell apart */

static bool has_question_mark(const br_state *s, br_move move, int seat)
{
    char text[300];
    ck_assert_int_eq(br_state_move_to_text_view(s, move, seat, text, sizeof text, NULL), BR_OK);
    return strchr(text, '?') != NULL;
}

static char *view_text_of(const br_state *s, br_move move, int seat)
{
    char text[300];
    ck_assert_int_eq(br_state_move_to_text_view(s, move, seat, text, sizeof text, NULL), BR_OK);
    return brt_strdup(text);
}

/* A legal move of `s` whose view for `seat` reads `text`, other than
 * `avoid` when there is one (random among them); -1 when none. */
static br_move other_with_view(const br_state *s, int seat, const char *text, br_move avoid,
                               uint64_t *rng)
{
    br_move moves[1024], same[1024];
    size_t n = brt_legal_moves(s, moves, 1024), k = 0;
    for (size_t i = 0; i < n; i++) {
        char *t = view_text_of(s, moves[i], seat);
        if (strcmp(t, text) == 0 && moves[i] != avoid)
            same[k++] = moves[i];
        free(t);
    }
    return k ? same[brt_rand_below(rng, k)] : -1;
}

struct infostate_pair {
    const struct playout *p;
    int seat;
    size_t equal_with_other_hidden; /* steps compared where the histories differ */
    size_t told_apart;              /* steps where a visible difference shows */
};

/* Compares the seat's information states of `a` and `b`: equal when
 * `same`, else different. */
static void compare_infostates(struct infostate_pair *c, const br_state *a, const br_state *b,
                               bool same)
{
    float *x = infostate_of(c->p, a, c->seat), *y = infostate_of(c->p, b, c->seat);
    bool equal = memcmp(x, y, c->p->facts.information_state_size * sizeof *x) == 0;
    if (same)
        EXPECT(c->p, equal, "seat %d can tell the histories apart by the information state, "
               "but not by the moves it saw and what it sees", c->seat);
    else
        EXPECT(c->p, !equal, "seat %d saw a different move, but the information states are "
               "the same", c->seat);
    free(x);
    free(y);
}

/* Plays a random chance=explicit game `a` and, beside it, `b`: the same
 * moves, but half of the moves hidden from the seat (a `?` in its view text:
 * chance outcomes and other seats' secret moves) chosen anew among those
 * with the same view text. While each move
 * reads the same to the seat and the seat's observations agree, the seat
 * cannot tell the two apart, and neither may its information state. Once
 * per game, a third history takes another move that the seat sees
 * differently: its information state must differ. */
static void play_infostate_pair(struct infostate_pair *c, const char *options, uint64_t *rng)
{
    const struct playout *p = c->p;
    br_state *a = brt_new_state(p->set->game, options), *b = brt_new_state(p->set->game, options);
    bool diverged = false, told = false;
    br_move moves[1024];
    size_t slot_size = infostate_slot_size(&p->facts);
    size_t hidden_at = p->facts.tensor_size + 1 + 1 + (size_t)p->players + 1;
    for (size_t step = 0; !br_state_is_terminal(a); step++) {
        size_t n = brt_legal_moves(a, moves, 1024);
        br_move m = moves[brt_rand_below(rng, n)];
        char *seen = view_text_of(a, m, c->seat);
        bool hidden = strchr(seen, '?') != NULL;
        if (!told && !hidden) {
            br_move other = -1;
            for (size_t i = 0; i < n && other < 0; i++)
                if (moves[i] != m && !has_question_mark(a, moves[i], c->seat))
                    other = moves[i];
            if (other >= 0) {
                br_state *d = brt_new_state(p->set->game, options);
                ck_assert_int_eq(br_state_copy(d, a), BR_OK);
                br_state *e = brt_new_state(p->set->game, options);
                ck_assert_int_eq(br_state_copy(e, a), BR_OK);
                ck_assert_int_eq(br_state_apply(d, m), BR_OK);
                ck_assert_int_eq(br_state_apply(e, other), BR_OK);
                compare_infostates(c, d, e, false);
                c->told_apart++;
                told = true;
                br_state_free(d);
                br_state_free(e);
            }
        }
        br_move mb = m;
        bool chance = br_state_current_player(a) == BR_PLAYER_CHANCE;
        if (hidden && brt_rand_below(rng, 2) == 0) {
            br_move alt = other_with_view(b, c->seat, seen, m, rng);
            if (alt >= 0)
                mb = alt;
        }
        bool fits = br_state_check_move(b, mb, NULL, 0) == BR_OK;
        char *seen_b = fits ? view_text_of(b, mb, c->seat) : brt_strdup("");
        bool same_view = fits && strcmp(seen, seen_b) == 0;
        free(seen_b);
        if (!same_view) {
            free(seen);
            break;
        }
        uint32_t index = br_state_move_number(a);
        ck_assert_int_eq(br_state_apply(a, m), BR_OK);
        ck_assert_int_eq(br_state_apply(b, mb), BR_OK);
        diverged = diverged || mb != m;
        char *oa = brt_observation(a, c->seat), *ob = brt_observation(b, c->seat);
        bool same_obs = strcmp(oa, ob) == 0;
        free(oa);
        free(ob);
        if (!same_obs) {
            free(seen);
            break;
        }
        compare_infostates(c, a, b, true);
        if (diverged)
            c->equal_with_other_hidden++;
        /* A move the seat saw in full has no hidden flag in its slot; a
         * chance outcome it saw as `?` has one (until the end, where a game
         * may show it: Drunter & Drüber's building cards). */
        float *info = infostate_of(p, a, c->seat);
        float flag = info[hidden_at + index * slot_size];
        EXPECT(p, hidden || flag == 0,
               "seat %d saw move %u (%s) in full, but its slot is marked hidden", c->seat, index,
               seen);
        EXPECT(p, !hidden || !chance || br_state_is_terminal(a) || flag == 1,
               "seat %d saw chance outcome %u as '%s', but its slot is not marked hidden",
               c->seat, index, seen);
        free(info);
        free(seen);
    }
    br_state_free(a);
    br_state_free(b);
}

START_TEST(test_information_state_tells_apart_what_the_seat_can)
{
    const br_game *game = br_game_at((size_t)_i);
    struct option_set set = { game, "" };
    struct playout p;
    memset(&p, 0, sizeof p);
    p.set = &set;
    br_state *s = brt_new_state(game, "chance=explicit");
    ck_assert_int_eq(br_state_facts(s, &p.facts, sizeof p.facts), BR_OK);
    br_state_free(s);
    p.players = p.facts.num_players;
    p.entries = malloc((size_t)p.facts.max_game_length * sizeof *p.entries);
    size_t equal = 0, told = 0;
    uint64_t rng = 4242 + (uint64_t)_i;
    for (int seat = -1; seat < p.players; seat++) {
        for (int game_no = 0; game_no < 3; game_no++) {
            p.seed = (uint64_t)game_no;
            snprintf(p.where, sizeof p.where, "%s seat %d game %d", br_game_name(game), seat,
                     game_no);
            struct infostate_pair c = { &p, seat, 0, 0 };
            char options[64];
            snprintf(options, sizeof options, "chance=explicit,seed=%d", game_no);
            play_infostate_pair(&c, options, &rng);
            equal += c.equal_with_other_hidden;
            told += c.told_apart;
        }
    }
    /* The test means something: hidden outcomes differed while the seats
     * could not tell, and a visible difference was told apart. */
    ck_assert_msg(equal > 0, "%s: no pair of histories differing only in what a seat cannot "
                  "see was compared", br_game_name(game));
    ck_assert_msg(told > 0, "%s: no history told apart", br_game_name(game));
    free(p.entries);
}
END_TEST

void add_learning_tests(Suite *suite)
{
    const brt_test tests[] = {
        /* The information-state pairs replay their histories at every step
         * (Drunter & Drüber's tensor is 135 KB): room for sanitizer builds. */
        BRT_CASE("learning", 120),
        BRT_PER_GAME(test_information_state_tells_apart_what_the_seat_can),
        BRT_PER_GAME(test_option_specs),
        BRT_PER_GAME(test_game_facts),
    };
    brt_add_tests(suite, tests, BRT_COUNT(tests));
}
