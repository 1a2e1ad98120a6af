/*
 * Golden recorded games: every `<name>.record` in the golden folder is
 * replayed with br_record_replay() and its final state compared with the
 * stored snapshot `<name>.final.json`. A record that has a `<name>.badline`
 * file (holding the 1-based number of its first illegal line) must be
 * rejected at exactly that line, and `<name>.final.json` then holds the
 * state before that line.
 *
 * The folder comes from the environment variable BR_GOLDEN_DIR (make check
 * sets it to $(srcdir)/tests/golden).
 *
 * The same program writes new golden files (see usage()):
 *   test_golden --generate DIR NAME GAME OPTIONS CHOICE_SEED
 *   test_golden --generate-bad DIR NAME GAME OPTIONS CHOICE_SEED GOOD_MOVES
 *   test_golden --refresh DIR NAME   (NAME.final.json anew from NAME.record)
 * Both play uniformly random legal moves (chance outcomes by their
 * probabilities) chosen by a generator seeded with CHOICE_SEED.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

#define MAX_GOLDEN 256
#define MIN_RECORDS_PER_GAME 3

static const char *golden_dir;
static char *golden_names[MAX_GOLDEN]; /* file names without ".record" */
static size_t num_golden;

/* ------------------------------------------------------------------ */
/* Finding the golden files */

static bool has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    return n > k && strcmp(name + n - k, suffix) == 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool list_golden(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && num_golden < MAX_GOLDEN) {
        if (!has_suffix(e->d_name, ".record"))
            continue;
        size_t n = strlen(e->d_name) - strlen(".record");
        golden_names[num_golden] = malloc(n + 1);
        memcpy(golden_names[num_golden], e->d_name, n);
        golden_names[num_golden][n] = '\0';
        num_golden++;
    }
    closedir(d);
    qsort(golden_names, num_golden, sizeof golden_names[0], compare_names);
    return true;
}

static char *golden_path(const char *name, const char *suffix)
{
    return brt_format("%s/%s%s", golden_dir, name, suffix);
}

static char *read_golden(const char *name, const char *suffix)
{
    char *path = golden_path(name, suffix);
    char *text = brt_read_file(path);
    free(path);
    return text;
}

/* The value of the record's `game` or `options` line ("" when absent). */
static char *record_header(const char *record, const char *keyword)
{
    size_t k = strlen(keyword);
    for (const char *line = record; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n > k && strncmp(line, keyword, k) == 0 && line[k] == ' ') {
            char *value = brt_format("%.*s", (int)(n - k - 1), line + k + 1);
            size_t len = strlen(value);
            while (len > 0 && (value[len - 1] == '\r' || value[len - 1] == ' '))
                value[--len] = '\0';
            return value;
        }
        line = end ? end + 1 : NULL;
    }
    return brt_strdup("");
}

/* ------------------------------------------------------------------ */
/* Tests */

static void expect_snapshot(const char *name, const br_state *s, const char *stored_text)
{
    char *snap = brt_snapshot(s);
    json_error_t error;
    json_t *stored = json_loads(stored_text, 0, &error);
    ck_assert_msg(stored != NULL, "%s.final.json is not JSON: %s", name, error.text);
    json_t *actual = json_loads(snap, 0, &error);
    ck_assert_ptr_nonnull(actual);
    ck_assert_msg(json_equal(stored, actual), "%s: final state differs from %s.final.json:\n"
                  "stored: %.1500s\nactual: %.1500s", name, name, stored_text, snap);
    /* The stored snapshot itself still loads, to the same state. */
    br_state *loaded = brt_load(stored_text);
    char *again = brt_snapshot(loaded);
    ck_assert_str_eq(again, snap);
    free(again);
    br_state_free(loaded);
    json_decref(stored);
    json_decref(actual);
    free(snap);
}

START_TEST(test_golden_record)
{
    const char *name = golden_names[_i];
    char *record = read_golden(name, ".record");
    char *final = read_golden(name, ".final.json");
    char *badline = read_golden(name, ".badline");
    ck_assert_msg(record != NULL, "cannot read %s/%s.record", golden_dir, name);
    ck_assert_msg(final != NULL || badline != NULL, "%s.record has neither %s.final.json nor %s.badline",
                  name, name, name);
    br_state *out = NULL;
    size_t bad = 12345;
    char err[512] = "";
    br_status st = br_record_replay(record, &out, &bad, err, sizeof err);
    if (badline) {
        size_t expected = (size_t)strtoul(badline, NULL, 10);
        ck_assert_msg(expected > 0, "%s.badline does not hold a line number", name);
        ck_assert_msg(st == BR_ERR_RECORD, "%s: status %d (%s), expected BR_ERR_RECORD", name,
                      (int)st, br_status_string(st));
        ck_assert_msg(bad == expected, "%s: bad line %zu, expected %zu (%s)", name, bad, expected,
                      err);
        char *num = brt_format("%zu", expected);
        ck_assert_msg(brt_contains(err, num), "%s: message \"%s\" does not name line %zu", name,
                      err, expected);
        free(num);
    } else {
        ck_assert_msg(st == BR_OK, "%s: status %d (%s) at line %zu: %s", name, (int)st,
                      br_status_string(st), bad, err);
        ck_assert_uint_eq(bad, 0);
        /* A replay without an output state gives the same answer. */
        ck_assert_int_eq(br_record_replay(record, NULL, NULL, NULL, 0), BR_OK);
    }
    if (final) {
        ck_assert_msg(out != NULL, "%s: no state from the replay", name);
        expect_snapshot(name, out, final);
    }
    br_state_free(out);
    free(record);
    free(final);
    free(badline);
}
END_TEST

/* Every registered game has its golden records, explicit chance among them,
 * and the folder has at least one record with an illegal line. */
START_TEST(test_golden_coverage)
{
    size_t with_bad_line = 0;
    for (size_t g = 0; g < br_game_count(); g++) {
        const char *game = br_game_name(br_game_at(g));
        size_t records = 0, explicit_chance = 0;
        for (size_t k = 0; k < num_golden; k++) {
            char *record = read_golden(golden_names[k], ".record");
            ck_assert_ptr_nonnull(record);
            char *name = record_header(record, "game");
            char *options = record_header(record, "options");
            if (strcmp(name, game) == 0) {
                records++;
                explicit_chance += brt_contains(options, "chance=explicit");
            }
            free(name);
            free(options);
            free(record);
        }
        ck_assert_msg(records >= MIN_RECORDS_PER_GAME,
                      "game %s has %zu golden records in %s, expected at least %d "
                      "(make them with: tests/test_golden --generate)", game, records, golden_dir,
                      MIN_RECORDS_PER_GAME);
        ck_assert_msg(explicit_chance > 0, "game %s has no golden record with chance=explicit",
                      game);
    }
    for (size_t k = 0; k < num_golden; k++) {
        char *badline = read_golden(golden_names[k], ".badline");
        with_bad_line += badline != NULL;
        free(badline);
    }
    ck_assert_msg(with_bad_line > 0, "no golden record with an illegal line");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Writing golden files */

static br_move choose_move(const br_state *s, uint64_t *rng)
{
    size_t cap = br_state_max_legal_moves(s), count = 0;
    br_move *moves = malloc(cap * sizeof *moves);
    double *probs = malloc(cap * sizeof *probs);
    br_move chosen;
    if (br_state_is_chance_node(s)) {
        br_state_chance_outcomes(s, moves, probs, cap, &count);
        double x = (double)(brt_rand_next(rng) >> 11) / 9007199254740992.0, acc = 0;
        chosen = moves[count - 1];
        for (size_t k = 0; k < count; k++) {
            acc += probs[k];
            if (x < acc) {
                chosen = moves[k];
                break;
            }
        }
    } else {
        br_state_legal_moves(s, moves, cap, &count);
        chosen = moves[brt_rand_below(rng, count)];
    }
    free(moves);
    free(probs);
    return chosen;
}

static bool write_file(const char *dir, const char *name, const char *suffix, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, suffix);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        return false;
    }
    printf("wrote %s\n", path);
    return true;
}

static char *snapshot_or_null(const br_state *s)
{
    size_t len = 0;
    if (br_state_to_json(s, NULL, 0, &len) != BR_ERR_BUFFER)
        return NULL;
    char *buf = malloc(len + 2);
    if (br_state_to_json(s, buf, len + 1, &len) != BR_OK) {
        free(buf);
        return NULL;
    }
    strcat(buf, "\n");
    return buf;
}

static size_t count_lines(const char *text)
{
    size_t n = 0;
    for (const char *c = text; *c; c++)
        n += *c == '\n';
    return n;
}

/* Whether the text of `move` parses back to `move` itself: a number that
 * repeats a listed move (a Tsuro rotation that looks the same as a lower
 * one) has a text that names the listed move, which would make a legal line. */
static bool text_names_itself(const br_state *s, br_move move)
{
    char text[128];
    br_move back = BR_MOVE_NONE;
    return br_state_move_to_text(s, move, text, sizeof text, NULL) == BR_OK &&
           br_state_move_from_text(s, text, &back) == BR_OK && back == move;
}

/* Plays (at most `limit` moves) and writes the record, the final snapshot,
 * and with `bad` an illegal move after the last one plus its line number. */
static int generate(const char *dir, const char *name, const char *game_name,
                    const char *options, uint64_t choice_seed, size_t limit, bool bad)
{
    const br_game *game = br_game_find(game_name);
    br_state *s = NULL;
    char err[256] = "";
    if (!game || br_state_new(game, options, &s, err, sizeof err) != BR_OK) {
        fprintf(stderr, "cannot make %s [%s]: %s\n", game_name, options, err);
        return 1;
    }
    br_move *moves = malloc(100000 * sizeof *moves);
    size_t n = 0;
    uint64_t rng = choice_seed;
    while (n < limit && n < 100000 && !br_state_is_terminal(s)) {
        moves[n] = choose_move(s, &rng);
        br_state_apply(s, moves[n++]);
    }
    size_t len = 0;
    br_record_write(game, options, moves, n, NULL, 0, &len, NULL, 0);
    char *body = malloc(len + 1);
    if (br_record_write(game, options, moves, n, body, len + 1, &len, err, sizeof err) != BR_OK) {
        fprintf(stderr, "br_record_write: %s\n", err);
        return 1;
    }
    char *limit_arg = bad ? brt_format(" %zu", limit) : brt_strdup("");
    char *record = brt_format(
        "# Golden record for tests/test_golden.c (libboardrules %s).\n"
        "# Produced by: tests/test_golden --generate%s <dir> %s %s '%s' %" PRIu64 "%s\n"
        "# Uniformly random legal moves (chance outcomes by their probabilities)\n"
        "# from choice seed %" PRIu64 "; %zu moves%s. Expected final state: %s.final.json%s.\n"
        "%s",
        br_version_string(), bad ? "-bad" : "", name, game_name, options, choice_seed,
        limit_arg, choice_seed, n,
        br_state_is_terminal(s) ? ", to the end" : "", name,
        bad ? " (the state before the illegal line)" : "", body);
    free(limit_arg);
    if (bad) {
        /* The illegal move goes where the next move would: before the
         * result line, with the seat to move. */
        char *result = strstr(record, "\nresult ");
        if (result)
            result[1] = '\0';
        int to_move = br_state_current_player(s);
        char *who = to_move == BR_PLAYER_CHANCE ? brt_strdup("chance: ")
                                                : brt_format("%d: ", to_move < 0 ? 0 : to_move);
        size_t space = br_state_move_space(s);
        br_move illegal = BR_MOVE_NONE;
        for (size_t m = 0; m < space && illegal == BR_MOVE_NONE; m++)
            if (br_state_check_move(s, (br_move)m, NULL, 0) == BR_ERR_ILLEGAL_MOVE &&
                text_names_itself(s, (br_move)m))
                illegal = (br_move)m;
        char text[128], reason[256];
        br_state_move_to_text(s, illegal, text, sizeof text, NULL);
        br_state_check_move(s, illegal, reason, sizeof reason);
        char *bad_record = brt_format("%s%s%s\n", record, who, text);
        free(who);
        size_t number = count_lines(bad_record);
        char *line = brt_format("%zu\n", number);
        printf("illegal line %zu: %s (%s)\n", number, text, reason);
        bool written = write_file(dir, name, ".badline", line);
        free(line);
        if (!written)
            return 1;
        free(record);
        record = bad_record;
    }
    /* The expected state is the record's own replay (a version 2 record
     * replays as chance=explicit), which must agree with the game played. */
    br_state *replayed = NULL;
    br_status st = br_record_replay(record, &replayed, NULL, err, sizeof err);
    if (st != (bad ? BR_ERR_RECORD : BR_OK) || !replayed ||
        br_state_move_number(replayed) != br_state_move_number(s)) {
        fprintf(stderr, "the written record does not replay as expected: %s\n", err);
        return 1;
    }
    char *snap = snapshot_or_null(replayed);
    br_state_free(replayed);
    int rc = snap && write_file(dir, name, ".record", record) &&
                     write_file(dir, name, ".final.json", snap)
                 ? 0
                 : 1;
    free(snap);
    free(record);
    free(body);
    free(moves);
    br_state_free(s);
    return rc;
}

/* Writes <name>.final.json anew from the replay of <name>.record: the
 * snapshot format changed, the record and the rules did not. */
static int refresh(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.record", dir, name);
    char *record = brt_read_file(path);
    if (!record) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    br_state *s = NULL;
    char err[512] = "";
    br_status st = br_record_replay(record, &s, NULL, err, sizeof err);
    char *snap = s ? snapshot_or_null(s) : NULL;
    int rc = snap && (st == BR_OK || st == BR_ERR_RECORD) &&
                     write_file(dir, name, ".final.json", snap)
                 ? 0
                 : 1;
    if (rc)
        fprintf(stderr, "%s: %s\n", name, err);
    free(snap);
    br_state_free(s);
    free(record);
    return rc;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: test_golden                      run the golden tests (BR_GOLDEN_DIR)\n"
            "       test_golden --generate DIR NAME GAME OPTIONS CHOICE_SEED\n"
            "       test_golden --generate-bad DIR NAME GAME OPTIONS CHOICE_SEED GOOD_MOVES\n"
            "       test_golden --refresh DIR NAME    rewrite NAME.final.json from NAME.record\n");
    return 2;
}

/* ------------------------------------------------------------------ */

static Suite *golden_suite(void)
{
    const brt_test tests[] = {
        BRT_CASE("records", 60),
        BRT_TEST(test_golden_coverage),
        BRT_LOOP(test_golden_record, (int)num_golden),
    };
    Suite *suite = suite_create("golden");
    brt_add_tests(suite, tests, BRT_COUNT(tests));
    return suite;
}

int main(int argc, char **argv)
{
    if (argc == 7 && strcmp(argv[1], "--generate") == 0)
        return generate(argv[2], argv[3], argv[4], argv[5], strtoull(argv[6], NULL, 10),
                        (size_t)-1, false);
    if (argc == 4 && strcmp(argv[1], "--refresh") == 0)
        return refresh(argv[2], argv[3]);
    if (argc == 8 && strcmp(argv[1], "--generate-bad") == 0)
        return generate(argv[2], argv[3], argv[4], argv[5], strtoull(argv[6], NULL, 10),
                        (size_t)strtoull(argv[7], NULL, 10), true);
    if (argc != 1)
        return usage();
    golden_dir = getenv("BR_GOLDEN_DIR");
    if (!golden_dir || !*golden_dir)
        golden_dir = "tests/golden";
    if (!list_golden(golden_dir)) {
        fprintf(stderr, "test_golden: cannot read the folder %s (set BR_GOLDEN_DIR)\n",
                golden_dir);
        return EXIT_FAILURE;
    }
    int status = brt_run_suite(golden_suite());
    for (size_t k = 0; k < num_golden; k++)
        free(golden_names[k]);
    return status;
}
