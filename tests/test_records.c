/*
 * Game records, format version 2 (doc/records.md): writing from a state's
 * history, parsing (layout, tags, seats, result; errors with line and
 * column), replaying without the seed, the result line and cut-off records,
 * the JSON export and the JSON verdict. Each test names the rule of the
 * format it checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include <boardrules.h>

#include "brt_util.h"

/* A finished (or `moves`-long) Tsuro game with chance=auto, written as a
 * record with tags. */
static char *tsuro_record(size_t moves, const char *const *tags, size_t num_tags,
                          br_state **played)
{
    br_state *s = brt_random_state(br_game_find("tsuro"), "players=3,seed=77", 3, moves);
    size_t len = 0;
    char err[256] = "";
    ck_assert_int_eq(br_record_write_state(s, tags, num_tags, NULL, 0, &len, err, sizeof err),
                     BR_ERR_BUFFER);
    char *text = malloc(len + 1);
    ck_assert_int_eq(br_record_write_state(s, tags, num_tags, text, len + 1, &len, err,
                                           sizeof err), BR_OK);
    ck_assert_uint_eq(strlen(text), len);
    if (played)
        *played = s;
    else
        br_state_free(s);
    return text;
}

static br_record *parse_ok(const char *text)
{
    br_record *rec = NULL;
    char err[256] = "";
    ck_assert_msg(br_record_parse(text, &rec, NULL, NULL, err, sizeof err) == BR_OK, "%s\n%s",
                  err, text);
    return rec;
}

/* Parses `text`, expecting failure at line:column with `reason` in the message. */
static void expect_parse_error(const char *text, size_t line, size_t column, const char *reason)
{
    br_record *rec = (br_record *)1;
    size_t l = 99, c = 99;
    char err[256] = "";
    ck_assert_int_eq(br_record_parse(text, &rec, &l, &c, err, sizeof err), BR_ERR_RECORD);
    ck_assert_ptr_null(rec);
    ck_assert_msg(l == line && c == column, "'%s': at %zu:%zu, expected %zu:%zu (%s)", text, l,
                  c, line, column, err);
    ck_assert_msg(brt_contains(err, reason), "'%s': '%s' does not say '%s'", text, err, reason);
    char *where = brt_format("line %zu, column %zu", line, column);
    ck_assert_msg(brt_contains(err, where), "'%s' does not name %s", err, where);
    free(where);
}

/* Replays `text`; returns the status, the bad line and the reason. */
static br_status replay(const char *text, size_t *bad, char *err, size_t size, br_state **out)
{
    br_state *s = NULL;
    br_status st = br_record_replay(text, &s, bad, err, size);
    if (out)
        *out = s;
    else
        br_state_free(s);
    return st;
}

/* Rule: "a record is the `record 2` line, `game`, `options`, tags, the moves
 * with their seats, the result line"; written from the history of a state. */
START_TEST(test_written_layout)
{
    const char *tags[] = { "seat0", "Alice", "seat1", "Bob", "date", "2026-11-30" };
    br_state *s;
    char *text = tsuro_record(1000, tags, 3, &s);
    ck_assert(br_state_is_terminal(s));
    ck_assert(brt_contains(text, "\nrecord 2\ngame tsuro\noptions players=3,seed=77,"
                                 "chance=explicit,"));
    ck_assert(brt_contains(text, "\nseat0 Alice\nseat1 Bob\ndate 2026-11-30\nchance: draw "));
    double r[3];
    br_state_returns(s, r, 3);
    char *result = brt_format("\nresult %g %g %g\n", r[0], r[1], r[2]);
    ck_assert_msg(brt_contains(text, result), "no '%s' in\n%s", result, text);
    /* Every history entry is one line, with the player that made it. */
    size_t count = 0;
    br_state_history(s, NULL, 0, &count);
    br_record *rec = parse_ok(text);
    ck_assert_uint_eq(br_record_move_count(rec), count);
    br_history_entry *h = malloc(count * sizeof *h);
    br_state_history(s, h, count, &count);
    for (size_t i = 0; i < count; i++) {
        int player;
        ck_assert_int_eq(br_record_move_at(rec, i, NULL, &player, NULL), BR_OK);
        ck_assert_int_eq(player, h[i].player);
    }
    free(h);
    free(result);
    br_record_free(rec);
    br_state_free(s);
    free(text);
}
END_TEST

/* Rule: "every chance outcome is written out, so a record replays without
 * the seed": the seed taken out of the options line changes nothing. */
START_TEST(test_replays_without_seed)
{
    br_state *s;
    char *text = tsuro_record(1000, NULL, 0, &s);
    char *seed = strstr(text, "seed=77,");
    memmove(seed, seed + strlen("seed=77,"), strlen(seed + strlen("seed=77,")) + 1);
    char *autoed = strstr(text, "chance=explicit");
    ck_assert_ptr_nonnull(autoed);
    /* Written by another tool as chance=auto: the chance lines still rule. */
    char *as_auto = brt_format("%.*schance=auto%s", (int)(autoed - text), text,
                               autoed + strlen("chance=explicit"));
    for (int k = 0; k < 2; k++) {
        br_state *r = NULL;
        size_t bad = 9;
        char err[256] = "";
        ck_assert_msg(replay(k ? as_auto : text, &bad, err, sizeof err, &r) == BR_OK, "%s", err);
        ck_assert_uint_eq(bad, 0);
        brt_expect_same_play(s, r);
        br_state_free(r);
    }
    free(as_auto);
    br_state_free(s);
    free(text);
}
END_TEST

/* Rule: "a record without its result line is incomplete": replay says
 * BR_ERR_INCOMPLETE, names the line after the last, and gives the state. */
START_TEST(test_cut_off_is_incomplete)
{
    br_state *played;
    char *text = tsuro_record(9, NULL, 0, &played);
    char *result = strstr(text, "result *\n");
    ck_assert_ptr_nonnull(result);
    *result = '\0';
    size_t lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    size_t bad = 0;
    char err[256] = "";
    br_state *s = NULL;
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, &s), BR_ERR_INCOMPLETE);
    ck_assert_uint_eq(bad, lines + 1);
    ck_assert_msg(brt_contains(err, "ends without its result line"), "%s", err);
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(br_state_move_number(s), br_state_move_number(played));
    br_state_free(s);
    br_state_free(played);
    /* Cut inside the last move line: that line is bad, not just missing. */
    text[strlen(text) - 3] = '\0';
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, NULL), BR_ERR_RECORD);
    ck_assert_uint_eq(bad, lines);
    free(text);
}
END_TEST

/* Rule: "the result line gives each seat's return, or * for a game stopped
 * before its end", and the replay checks it. */
START_TEST(test_result_checked)
{
    br_state *s;
    char *text = tsuro_record(1000, NULL, 0, &s);
    double r[3];
    br_state_returns(s, r, 3);
    char *good = brt_format("result %g %g %g\n", r[0], r[1], r[2]);
    char *at = strstr(text, good);
    ck_assert_ptr_nonnull(at);
    size_t result_line = 1;
    for (const char *c = text; c < at; c++)
        result_line += *c == '\n';
    static const char *const wrong[] = { "result *\n", "result 1 1 1\n", "result 1\n",
                                         "result x y z\n" };
    for (size_t k = 0; k < sizeof wrong / sizeof wrong[0]; k++) {
        char *bad_text = brt_format("%.*s%s", (int)(at - text), text, wrong[k]);
        size_t bad = 0;
        char err[300] = "";
        ck_assert_int_eq(replay(bad_text, &bad, err, sizeof err, NULL), BR_ERR_RECORD);
        ck_assert_uint_eq(bad, result_line);
        ck_assert_msg(brt_contains(err, "disagrees with the final position"), "%s", err);
        ck_assert_msg(brt_contains(err, good + strlen("result ")) ||
                          brt_contains(err, "result "), "%s", err);
        free(bad_text);
    }
    /* Blanks between the returns do not matter. */
    char *spaced = brt_format("%.*sresult   %g\t%g  %g\n", (int)(at - text), text, r[0], r[1],
                              r[2]);
    ck_assert_int_eq(replay(spaced, NULL, NULL, 0, NULL), BR_OK);
    free(spaced);
    free(good);
    br_state_free(s);
    free(text);
}
END_TEST

/* Rule: "one move per line with the seat that made it": a line naming
 * another seat, or chance where a seat is to move, is refused. */
START_TEST(test_seat_checked)
{
    char *text = tsuro_record(4, NULL, 0, NULL);
    char *line = strstr(text, "\n0: ");
    ck_assert_ptr_nonnull(line);
    line[1] = '2';
    size_t bad = 0;
    char err[256] = "";
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, NULL), BR_ERR_RECORD);
    ck_assert_msg(brt_contains(err, "a move of seat 2, but seat 0 is to move"), "%s", err);
    line[1] = '0';
    char *chance = strstr(text, "\nchance: ");
    memcpy(chance + 1, "1:     ", 7);
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, NULL), BR_ERR_RECORD);
    ck_assert_msg(brt_contains(err, "a move of seat 1, but chance is to move"), "%s", err);
    free(text);
}
END_TEST

/* Rule: errors name the line and the column. */
START_TEST(test_parse_errors_located)
{
    expect_parse_error("", 1, 1, "expected 'record 2' or 'game <name>'");
    expect_parse_error("record 2\n", 2, 1, "expected 'game <name>'");
    expect_parse_error("record 3\ngame tsuro\noptions players=2\n", 1, 8,
                       "record version '3'");
    expect_parse_error("record 2\ngame tsuro\n# c\n  opts x\n", 4, 3,
                       "expected 'options <key=value,...>'");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\nresult *\n0: 17r2\n", 5, 1,
                       "nothing but comments may follow the result line");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\n0: x\ndate today\n", 5, 1,
                       "expected a move");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\n0:   \n", 4, 3,
                       "without a move after the colon");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\nDate x\n", 4, 1,
                       "expected a tag");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\ngame again\n", 4, 1,
                       "a second 'game' line");
    expect_parse_error("record 2\ngame tsuro\noptions players=2\nevent\n", 4, 6,
                       "tag 'event' without a value");
    char *long_tag = brt_format("record 2\ngame tsuro\noptions players=2\nevent %0300d\n", 0);
    expect_parse_error(long_tag, 4, 1, "tag line too long");
    free(long_tag);
}
END_TEST

/* Rule: tags, seats of moves and the result are read as data; `#` lines,
 * blank lines, CR LF and a byte-order mark do not matter. */
START_TEST(test_parse_accessors)
{
    const char *text = "\xEF\xBB\xBF# a comment\r\n"
                       "record 2\r\n"
                       "game tsuro\r\n"
                       "options players=2,chance=explicit\r\n"
                       "seat0 Ann Smith\r\n"
                       "\r\n"
                       "round 3\r\n"
                       "chance: draw 5 to seat 0\r\n"
                       "  1:   draw 6   \r\n"
                       "result *\r\n"
                       "# the end\r\n";
    br_record *rec = parse_ok(text);
    ck_assert_int_eq(br_record_version(rec), 2);
    ck_assert_str_eq(br_record_game(rec), "tsuro");
    ck_assert_str_eq(br_record_options(rec), "players=2,chance=explicit");
    ck_assert_uint_eq(br_record_tag_count(rec), 2);
    const char *key, *value;
    ck_assert_int_eq(br_record_tag_at(rec, 1, &key, &value), BR_OK);
    ck_assert_str_eq(key, "round");
    ck_assert_str_eq(value, "3");
    ck_assert_str_eq(br_record_tag(rec, "seat0"), "Ann Smith");
    ck_assert_ptr_null(br_record_tag(rec, "seat1"));
    ck_assert_int_eq(br_record_tag_at(rec, 2, &key, &value), BR_ERR_ARGUMENT);
    ck_assert_ptr_null(key);
    ck_assert_uint_eq(br_record_move_count(rec), 2);
    const char *move;
    int player;
    size_t line;
    ck_assert_int_eq(br_record_move_at(rec, 1, &move, &player, &line), BR_OK);
    ck_assert_str_eq(move, "draw 6");
    ck_assert_int_eq(player, 1);
    ck_assert_uint_eq(line, 9);
    ck_assert_int_eq(br_record_move_at(rec, 0, NULL, &player, NULL), BR_OK);
    ck_assert_int_eq(player, BR_PLAYER_CHANCE);
    ck_assert_int_eq(br_record_move_at(rec, 2, &move, &player, &line), BR_ERR_ARGUMENT);
    ck_assert_int_eq(player, BR_PLAYER_INVALID);
    ck_assert_str_eq(br_record_result(rec), "*");
    br_record_free(rec);
    br_record_free(NULL);
    ck_assert_int_eq(br_record_version(NULL), 0);
    ck_assert_ptr_null(br_record_game(NULL));
}
END_TEST

/* Rule: "version 1 still loads": the layout without the record line. */
START_TEST(test_version_1_parsed_and_replayed)
{
    const char *text = "# old\ngame tsuro\noptions players=2,seed=4\n@a1:0\n";
    br_record *rec = parse_ok(text);
    ck_assert_int_eq(br_record_version(rec), 1);
    ck_assert_uint_eq(br_record_move_count(rec), 1);
    int player;
    br_record_move_at(rec, 0, NULL, &player, NULL);
    ck_assert_int_eq(player, BR_PLAYER_INVALID);
    ck_assert_ptr_null(br_record_result(rec));
    br_record_free(rec);
    size_t bad = 7;
    ck_assert_int_eq(replay(text, &bad, NULL, 0, NULL), BR_OK);
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* Rule (both versions): an empty options line means every default, as an
 * empty options string does (found by fuzz_record: the replay took it, the
 * parser did not). */
START_TEST(test_empty_options_line)
{
    const char *v1 = "game tsuro\noptions\n";
    const char *v2 = "record 2\ngame tsuro\noptions   \nresult *\n";
    for (int k = 0; k < 2; k++) {
        br_record *rec = parse_ok(k ? v2 : v1);
        ck_assert_str_eq(br_record_options(rec), "");
        br_record_free(rec);
        br_state *s = NULL;
        char err[200] = "";
        br_status st = replay(k ? v2 : v1, NULL, err, sizeof err, &s);
        ck_assert_msg(st == BR_OK, "%s", err);
        ck_assert_int_eq(br_state_num_players(s), br_game_default_players(br_game_find("tsuro")));
        br_state_free(s);
    }
}
END_TEST

/* The JSON export holds what the accessors give. */
START_TEST(test_record_json)
{
    const char *tags[] = { "event", "Club \"night\"" };
    char *text = tsuro_record(5, tags, 1, NULL);
    br_record *rec = parse_ok(text);
    size_t len = 0;
    ck_assert_int_eq(br_record_to_json(rec, NULL, 0, &len), BR_ERR_BUFFER);
    char *json = malloc(len + 1);
    ck_assert_int_eq(br_record_to_json(rec, json, len + 1, &len), BR_OK);
    json_t *v = brt_parse_json(json);
    ck_assert_str_eq(json_string_value(json_object_get(v, "format")), "libboardrules-record");
    ck_assert_int_eq(json_integer_value(json_object_get(v, "version")), 2);
    ck_assert_str_eq(json_string_value(json_object_get(v, "game")), "tsuro");
    json_t *tag = json_array_get(json_object_get(v, "tags"), 0);
    ck_assert_str_eq(json_string_value(json_array_get(tag, 1)), "Club \"night\"");
    json_t *moves = json_object_get(v, "moves");
    ck_assert_uint_eq(json_array_size(moves), br_record_move_count(rec));
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(moves, 0), "player")),
                     "chance");
    ck_assert_str_eq(json_string_value(json_object_get(v, "result")), "*");
    json_decref(v);
    free(json);
    br_record_free(rec);
    free(text);
}
END_TEST

static json_t *verdict_of(const char *text)
{
    size_t len = 0;
    ck_assert_int_eq(br_record_verdict_json(text, NULL, 0, &len), BR_ERR_BUFFER);
    char *json = malloc(len + 1);
    ck_assert_int_eq(br_record_verdict_json(text, json, len + 1, NULL), BR_OK);
    json_t *v = brt_parse_json(json);
    free(json);
    return v;
}

static void expect_verdict(json_t *v, bool valid, bool complete, long long bad_line)
{
    ck_assert(json_is_true(json_object_get(v, "valid")) == valid);
    ck_assert(json_is_true(json_object_get(v, "complete")) == complete);
    ck_assert_int_eq(json_integer_value(json_object_get(v, "first_bad_line")), bad_line);
    const char *reason = json_string_value(json_object_get(v, "reason"));
    ck_assert(bad_line == 0 ? reason[0] == '\0' : reason[0] != '\0');
    json_decref(v);
}

/* The verdict for tools: valid and complete, cut off, illegal, unreadable. */
START_TEST(test_verdict)
{
    char *text = tsuro_record(1000, NULL, 0, NULL);
    json_t *v = verdict_of(text);
    ck_assert_str_eq(json_string_value(json_object_get(v, "game")), "tsuro");
    ck_assert_int_eq(json_integer_value(json_object_get(v, "version")), 2);
    ck_assert(json_string_value(json_object_get(v, "result"))[0] != '*');
    expect_verdict(v, true, true, 0);
    *strstr(text, "result ") = '\0';
    size_t lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    expect_verdict(verdict_of(text), true, false, (long long)lines + 1);
    char *illegal = strstr(text, "\n0: ");
    memcpy(illegal + 4, "zz", 2);
    v = verdict_of(text);
    ck_assert_int_gt(json_integer_value(json_object_get(v, "column")), 0);
    expect_verdict(v, false, false, 0 + (long long)(json_integer_value(
                                            json_object_get(v, "first_bad_line"))));
    v = verdict_of("record 7\n");
    ck_assert(json_is_null(json_object_get(v, "game")));
    ck_assert(json_is_null(json_object_get(v, "result")));
    expect_verdict(v, false, false, 1);
    expect_verdict(verdict_of("record 2\ngame nosuch\noptions x=1\nresult *\n"), false, false, 2);
    ck_assert_int_eq(br_record_verdict_json(NULL, NULL, 0, NULL), BR_ERR_ARGUMENT);
    free(text);
}
END_TEST

/* Found by fuzz_record: a move line with a byte that is not UTF-8 made a
 * verdict that was not JSON. Such bytes are written as U+FFFD. */
START_TEST(test_verdict_json_with_bad_utf8)
{
    const char *text = "record 2\ngame ts\xffuro\noptions players=2,chance=explicit\n"
                       "0: @g5:r\xffight \xe2\x82\xac\n";
    json_t *v = verdict_of(text);
    const char *reason = json_string_value(json_object_get(v, "reason"));
    ck_assert_ptr_nonnull(reason);
    ck_assert_msg(brt_contains(reason, "no game named 'ts\xef\xbf\xbduro'"), "%s", reason);
    json_decref(v);
    br_record *rec = parse_ok(text);
    char json[1024];
    ck_assert_int_eq(br_record_to_json(rec, json, sizeof json, NULL), BR_OK);
    json_t *parsed = brt_parse_json(json);
    const char *move = json_string_value(
        json_object_get(json_array_get(json_object_get(parsed, "moves"), 0), "move"));
    ck_assert_str_eq(move, "@g5:r\xef\xbf\xbdight \xe2\x82\xac"); /* the euro sign kept */
    json_decref(parsed);
    br_record_free(rec);
}
END_TEST

/* Tags are checked when written: key syntax, reserved words, one line. */
START_TEST(test_bad_tags_refused)
{
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2");
    char buf[4096], err[256];
    static const char *const bad[][2] = {
        { "Seat0", "x" }, { "game", "x" }, { "result", "x" }, { "a b", "x" },
        { "event", "" }, { "event", "two\nlines" }, { "event", " padded" }, { "", "x" },
        { "event", "\tpadded" }, { "event", "padded\t" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        err[0] = '\0';
        ck_assert_int_eq(br_record_write_state(s, bad[k], 1, buf, sizeof buf, NULL, err,
                                               sizeof err), BR_ERR_ARGUMENT);
        ck_assert_msg(brt_contains(err, "tag"), "%s", err);
    }
    ck_assert_int_eq(br_record_write_state(NULL, NULL, 0, buf, sizeof buf, NULL, err, sizeof err),
                     BR_ERR_ARGUMENT);
    /* A resampled state's history does not start at move 0. */
    br_state *r = brt_new_state(br_game_find("tsuro"), "players=2");
    ck_assert_int_eq(br_state_resample(s, 0, 1, r), BR_OK);
    if (br_state_history_start(r) > 0) {
        ck_assert_int_eq(br_record_write_state(r, NULL, 0, buf, sizeof buf, NULL, err,
                                               sizeof err), BR_ERR_ARGUMENT);
        ck_assert_msg(brt_contains(err, "history starts at move"), "%s", err);
    }
    br_state_free(r);
    br_state_free(s);
}
END_TEST

/* The record `text` with the line after its first `moves` move lines
 * replaced by `bad` (a line of its own); *line receives its number. */
static char *with_bad_line_after(const char *text, size_t moves, const char *bad, size_t *line)
{
    const char *at = text;
    size_t number = 1, seen = 0;
    for (;;) {
        bool is_move = strncmp(at, "chance:", 7) == 0 || (*at >= '0' && *at <= '9');
        if (is_move && seen++ == moves)
            break;
        at = strchr(at, '\n');
        ck_assert_ptr_nonnull(at);
        at++;
        number++;
    }
    *line = number;
    return brt_format("%.*s%s\n%s", (int)(at - text), text, bad, strchr(at, '\n') + 1);
}

/* The state a replay hands back with `text`, its snapshot (NULL when none),
 * and the verdict's game and moves. */
static char *state_before_bad_line(const char *text, size_t line, json_t **verdict)
{
    br_state *s = NULL;
    size_t bad = 0;
    char err[256] = "";
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, &s), BR_ERR_RECORD);
    ck_assert_msg(bad == line, "bad line %zu, expected %zu (%s)", bad, line, err);
    char *snap = s ? brt_snapshot(s) : NULL;
    br_state_free(s);
    *verdict = verdict_of(text);
    ck_assert_int_eq(json_integer_value(json_object_get(*verdict, "first_bad_line")),
                     (long long)line);
    return snap;
}

/* record.h: on BR_ERR_RECORD the replay hands back "the state before the
 * first bad line". Issue 21: a line that breaks the layout (`0:` without a
 * move after two valid chance lines) gave no state and a verdict with
 * "game": null, "moves": 0, while an illegal move at the same place gave the
 * state. Both now give the same state and verdict. */
START_TEST(test_layout_error_keeps_state_before_it)
{
    char *text = tsuro_record(1000, NULL, 0, NULL);
    size_t line_illegal, line_layout;
    char *illegal = with_bad_line_after(text, 2, "0: @a1:0", &line_illegal);
    char *layout = with_bad_line_after(text, 2, "0:", &line_layout);
    ck_assert_uint_eq(line_illegal, line_layout);
    json_t *v_illegal, *v_layout;
    char *snap_illegal = state_before_bad_line(illegal, line_illegal, &v_illegal);
    char *snap_layout = state_before_bad_line(layout, line_layout, &v_layout);
    ck_assert_ptr_nonnull(snap_illegal);
    ck_assert_msg(snap_layout != NULL, "no state after a layout error on line %zu",
                  line_layout);
    ck_assert_str_eq(snap_layout, snap_illegal);
    ck_assert_str_eq(json_string_value(json_object_get(v_layout, "game")), "tsuro");
    ck_assert_int_eq(json_integer_value(json_object_get(v_layout, "moves")), 2);
    ck_assert_str_eq(json_string_value(json_object_get(v_layout, "result")), "*");
    ck_assert(brt_contains(json_string_value(json_object_get(v_layout, "reason")),
                           "without a move after the colon"));
    json_decref(v_illegal);
    json_decref(v_layout);
    free(snap_illegal);
    free(snap_layout);
    free(illegal);
    free(layout);
    free(text);
}
END_TEST

/* The first bad line wins: an illegal move before a layout error is the
 * one reported, with the state before it; a bad line among the tags gives
 * the initial state, and a line after the result line the final one. */
START_TEST(test_first_bad_line_before_layout_error)
{
    char *text = tsuro_record(1000, NULL, 0, NULL);
    size_t line_illegal, line_layout;
    char *illegal = with_bad_line_after(text, 1, "0: @a1:0", &line_illegal);
    char *both = with_bad_line_after(illegal, 3, "0:", &line_layout);
    ck_assert_uint_gt(line_layout, line_illegal);
    json_t *v;
    char *snap = state_before_bad_line(both, line_illegal, &v);
    ck_assert_ptr_nonnull(snap);
    ck_assert_int_eq(json_integer_value(json_object_get(v, "moves")), 1);
    char *where = brt_format("line %zu, column 1: a move of seat 0", line_illegal);
    ck_assert(brt_contains(json_string_value(json_object_get(v, "reason")), where));
    free(where);
    json_decref(v);
    free(snap);

    char *tag = brt_format("%.*sDate today\n%s", (int)(strstr(text, "chance:") - text), text,
                           strstr(text, "chance:"));
    size_t tag_line = 1;
    for (const char *c = text; c < strstr(text, "chance:"); c++)
        tag_line += *c == '\n';
    snap = state_before_bad_line(tag, tag_line, &v);
    ck_assert_ptr_nonnull(snap);
    ck_assert_int_eq(json_integer_value(json_object_get(v, "moves")), 0);
    json_decref(v);
    free(snap);

    size_t lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    char *trailing = brt_format("%s0: @a1:0\n", text);
    snap = state_before_bad_line(trailing, lines + 1, &v);
    ck_assert_ptr_nonnull(snap);
    ck_assert(json_string_value(json_object_get(v, "result"))[0] != '*');
    json_decref(v);
    free(snap);
    free(trailing);
    free(tag);
    free(both);
    free(illegal);
    free(text);
}
END_TEST

/* The header of a 2-player Tsuro record, for the tag tests (lines 1-3). */
#define TAG_TEST_HEADER "record 2\ngame tsuro\noptions players=2,chance=explicit\n"

/* Issue 21: "records accept bad tags". The text is UTF-8 (doc/records.md): a
 * tag value that is not is refused at the first byte that breaks it. */
START_TEST(test_tag_value_not_utf8_refused)
{
    /* a Latin-1 e-acute; an overlong '/'; a UTF-16 surrogate; a code point
     * beyond U+10FFFF; a sequence cut short by the line end */
    expect_parse_error(TAG_TEST_HEADER "event Caf\xe9 night\n", 4, 10, "not UTF-8");
    expect_parse_error(TAG_TEST_HEADER "site a\xc0\xaf\n", 4, 7, "not UTF-8");
    expect_parse_error(TAG_TEST_HEADER "seat0 \xed\xa0\x80\n", 4, 7, "not UTF-8");
    expect_parse_error(TAG_TEST_HEADER "seat1 x\xf4\x90\x80\x80\n", 4, 8, "not UTF-8");
    expect_parse_error(TAG_TEST_HEADER "round 3\xe2\x82\n", 4, 8, "not UTF-8");
    /* Well-formed UTF-8 of every length is a value like any other. */
    br_record *rec = parse_ok(TAG_TEST_HEADER "event Caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e\n");
    ck_assert_str_eq(br_record_tag(rec, "event"), "Caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e");
    br_record_free(rec);
    /* The writer does not write what the reader refuses. */
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2");
    static const char *const latin1[] = { "event", "Caf\xe9" };
    char buf[4096], err[256] = "";
    ck_assert_int_eq(br_record_write_state(s, latin1, 1, buf, sizeof buf, NULL, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(err, "not UTF-8"), "%s", err);
    br_state_free(s);
}
END_TEST

/* Issue 21: the same tag twice is refused at the second, naming the first. */
START_TEST(test_tag_twice_refused)
{
    expect_parse_error(TAG_TEST_HEADER "event Cup\ndate 2026-12-01\n# c\n  event Cup\n", 7, 3,
                       "tag 'event' twice (first on line 4)");
    expect_parse_error(TAG_TEST_HEADER "seat0 Ann\nseat1 Bob\nseat0 Carl\n", 6, 1,
                       "tag 'seat0' twice (first on line 4)");
    br_state *s = brt_new_state(br_game_find("tsuro"), "players=2");
    static const char *const twice[] = { "event", "a", "site", "b", "event", "c" };
    char buf[4096], err[256] = "";
    ck_assert_int_eq(br_record_write_state(s, twice, 3, buf, sizeof buf, NULL, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(err, "tag 'event' twice"), "%s", err);
    br_state_free(s);
}
END_TEST

/* Issue 21: a seat tag names a seat of the game. Whether `seat7` is one
 * depends on the options, so the parse (layout only) reads it and the replay
 * refuses it, at its line, before any move; the state handed back is the
 * initial one. A seat number is written as in a move line: no leading zero. */
START_TEST(test_seat_tag_for_missing_seat_refused)
{
    const char *text = TAG_TEST_HEADER "seat0 Ann\nseat7 Zoe\nresult *\n";
    br_record *rec = parse_ok(text);
    ck_assert_str_eq(br_record_tag(rec, "seat7"), "Zoe");
    br_record_free(rec);
    size_t bad = 0;
    char err[256] = "";
    br_state *s = NULL;
    ck_assert_int_eq(replay(text, &bad, err, sizeof err, &s), BR_ERR_RECORD);
    ck_assert_uint_eq(bad, 5);
    ck_assert_msg(brt_contains(err, "line 5, column 1: tag 'seat7': the game has seats 0..1"),
                  "%s", err);
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(br_state_move_number(s), 0);
    br_state_free(s);
    json_t *v = verdict_of(text);
    expect_verdict(v, false, false, 5);
    /* Seat 1 is a seat of this game; a 3-player game has seat 2. */
    ck_assert_int_eq(replay(TAG_TEST_HEADER "seat1 Bob\nresult *\n", &bad, err, sizeof err, NULL),
                     BR_OK);
    ck_assert_int_eq(replay("record 2\ngame tsuro\noptions players=3\nseat2 Cy\nresult *\n", &bad,
                            err, sizeof err, NULL), BR_OK);
    ck_assert_int_eq(replay(TAG_TEST_HEADER "seat99999999999999999999 X\nresult *\n", &bad, err,
                            sizeof err, NULL), BR_ERR_RECORD);
    ck_assert_uint_eq(bad, 4);
    expect_parse_error(TAG_TEST_HEADER "seat01 Ann\n", 4, 5, "no leading zero");
    /* Keys that only start with "seat" are other tags. */
    ck_assert_int_eq(replay(TAG_TEST_HEADER "seats 2\nseat-7 x\nresult *\n", &bad, err, sizeof err,
                            NULL), BR_OK);
    /* The writer knows the seats too. */
    br_state *w = brt_new_state(br_game_find("tsuro"), "players=2");
    static const char *const seat7[] = { "seat7", "Zoe" };
    char buf[4096];
    ck_assert_int_eq(br_record_write_state(w, seat7, 1, buf, sizeof buf, NULL, err, sizeof err),
                     BR_ERR_ARGUMENT);
    ck_assert_msg(brt_contains(err, "the game has seats 0..1"), "%s", err);
    br_state_free(w);
}
END_TEST

/* br_record_write (a move list) writes version 2 too, chance lines included. */
START_TEST(test_write_from_moves)
{
    const br_game *g = br_game_at((size_t)_i);
    br_state *s = brt_new_state(g, "seed=5");
    br_move moves[64];
    size_t n = 0;
    br_move legal[1024];
    while (n < 6 && !br_state_is_terminal(s)) {
        brt_legal_moves(s, legal, 1024);
        moves[n] = legal[0];
        br_state_apply(s, moves[n++]);
    }
    char buf[65536], err[256] = "";
    ck_assert_int_eq(br_record_write(g, "seed=5", moves, n, buf, sizeof buf, NULL, err,
                                     sizeof err), BR_OK);
    ck_assert(brt_contains(buf, "\nrecord 2\n"));
    ck_assert(brt_contains(buf, "chance=explicit"));
    ck_assert(brt_contains(buf, br_state_is_terminal(s) ? "\nresult " : "\nresult *\n"));
    ck_assert_int_eq(replay(buf, NULL, NULL, 0, NULL), BR_OK);
    br_state_free(s);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("v2", 120),
        BRT_TEST(test_written_layout),
        BRT_TEST(test_replays_without_seed),
        BRT_TEST(test_cut_off_is_incomplete),
        BRT_TEST(test_result_checked),
        BRT_TEST(test_seat_checked),
        BRT_TEST(test_parse_errors_located),
        BRT_TEST(test_parse_accessors),
        BRT_TEST(test_version_1_parsed_and_replayed),
        BRT_TEST(test_record_json),
        BRT_TEST(test_empty_options_line),
        BRT_TEST(test_verdict),
        BRT_TEST(test_verdict_json_with_bad_utf8),
        BRT_TEST(test_bad_tags_refused),
        BRT_TEST(test_layout_error_keeps_state_before_it),
        BRT_TEST(test_first_bad_line_before_layout_error),
        BRT_TEST(test_tag_value_not_utf8_refused),
        BRT_TEST(test_tag_twice_refused),
        BRT_TEST(test_seat_tag_for_missing_seat_refused),
        BRT_PER_GAME(test_write_from_moves),
    };
    return brt_run_tests("records", tests, BRT_COUNT(tests));
}
