/* Fuzz target: record parse and replay (br_record_parse, br_record_replay,
 * br_record_verdict_json). Input: any bytes, taken as record text.
 * - the verdict is JSON whose "valid" and "complete" agree with the replay;
 * - a record that replays (or replays but lacks its result line) parses, and
 *   its move lines, played one by one through the public API (br_state_new
 *   with the options the replay used, then for each line: the seat to move,
 *   br_state_move_from_text, br_state_apply), reach the same state;
 * - that state written by br_record_write_state replays, complete, to the
 *   same position, and writing it again gives the identical text;
 * - a record that fails at a line leaves a sound state before it. */
#include "fuzz_common.h"

#include <jansson.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *write_state(const br_state *s)
{
    size_t len = 0;
    char err[256] = "";
    br_status st = br_record_write_state(s, NULL, 0, NULL, 0, &len, err, sizeof err);
    FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "record_write_state length: %s: %s",
             br_status_string(st), err);
    char *buf = malloc(len + 1);
    st = br_record_write_state(s, NULL, 0, buf, len + 1, NULL, err, sizeof err);
    FZ_CHECK(st == BR_OK, "record_write_state: %s: %s", br_status_string(st), err);
    return buf;
}

static void check_verdict(const char *text, br_status st)
{
    size_t len = 0;
    br_status v = br_record_verdict_json(text, NULL, 0, &len);
    FZ_CHECK(v == BR_ERR_BUFFER || v == BR_ERR_NO_MEMORY, "verdict length: %s",
             br_status_string(v));
    char *json = malloc(len + 1);
    FZ_CHECK(br_record_verdict_json(text, json, len + 1, NULL) == BR_OK, "verdict");
    json_t *root = json_loads(json, 0, NULL);
    FZ_CHECK(root != NULL, "verdict is not JSON: %s", json);
    FZ_CHECK(json_is_true(json_object_get(root, "valid")) ==
                 (st == BR_OK || st == BR_ERR_INCOMPLETE),
             "verdict 'valid' disagrees with status %s: %s", br_status_string(st), json);
    FZ_CHECK(json_is_true(json_object_get(root, "complete")) == (st == BR_OK),
             "verdict 'complete' disagrees with status %s: %s", br_status_string(st), json);
    json_decref(root);
    free(json);
}

/* The parsed record's move lines, one by one through the public API, from
 * the initial state of the options the replay used. */
static void check_line_by_line(const char *text, const br_state *out)
{
    br_record *rec = NULL;
    char err[256] = "";
    FZ_CHECK(br_record_parse(text, &rec, NULL, NULL, err, sizeof err) == BR_OK,
             "replayed record does not parse: %s", err);
    char *opts = fz_options(out);
    br_state *s = NULL;
    FZ_CHECK(br_state_new(br_state_game(out), opts, &s, err, sizeof err) == BR_OK,
             "options of the replay refused: %s: %s", opts, err);
    for (size_t i = 0; i < br_record_move_count(rec); i++) {
        const char *line;
        int player;
        br_record_move_at(rec, i, &line, &player, NULL);
        FZ_CHECK(player == BR_PLAYER_INVALID || player == br_state_current_player(s),
                 "line of player %d replayed, but %d is to move", player,
                 br_state_current_player(s));
        br_move m;
        FZ_CHECK(br_state_move_from_text(s, line, &m) == BR_OK,
                 "record line '%s' replayed but does not parse: %s", line,
                 br_state_last_error(s));
        FZ_CHECK(br_state_apply(s, m) == BR_OK, "record line '%s' replayed but is refused: %s",
                 line, br_state_last_error(s));
    }
    char *mine = fz_snapshot(s), *theirs = fz_snapshot(out);
    FZ_CHECK(strcmp(mine, theirs) == 0, "line-by-line replay differs from br_record_replay");
    free(mine);
    free(theirs);
    free(opts);
    br_state_free(s);
    br_record_free(rec);
}

/* Written from its history, the state replays, complete, to the same
 * position; written again from there, the text is the same. */
static void check_rewrite(const br_state *out)
{
    char *rec = write_state(out);
    br_state *again = NULL;
    size_t bad = 0;
    char err[512] = "";
    br_status st = br_record_replay(rec, &again, &bad, err, sizeof err);
    FZ_CHECK(st == BR_OK, "rewritten record does not replay: %s\n%s", err, rec);
    char *a = fz_position_text(out), *b = fz_position_text(again);
    FZ_CHECK(strcmp(a, b) == 0, "rewritten record replays to another position");
    char *rec2 = write_state(again);
    FZ_CHECK(strcmp(rec, rec2) == 0, "record writing is not stable:\n%s\n%s", rec, rec2);
    free(a);
    free(b);
    free(rec2);
    free(rec);
    br_state_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    char *text = fz_rest_string(&in);
    br_state *out = NULL;
    size_t bad = 99;
    char err[512] = "";
    br_status st = br_record_replay(text, &out, &bad, err, sizeof err);
    check_verdict(text, st);
    if (st != BR_OK && st != BR_ERR_INCOMPLETE) {
        FZ_CHECK(bad > 0 || st != BR_ERR_RECORD, "BR_ERR_RECORD without a bad line");
        FZ_CHECK(err[0] != '\0', "failed replay without a reason");
        if (out) {
            char *snap = fz_check_roundtrip(out);
            free(snap);
        }
    } else {
        FZ_CHECK((bad == 0) == (st == BR_OK), "status %s with bad line %zu",
                 br_status_string(st), bad);
        FZ_CHECK(out, "a replayed record without a state");
        char *snap = fz_check_roundtrip(out);
        free(snap);
        check_line_by_line(text, out);
        check_rewrite(out);
    }
    br_state_free(out);
    free(text);
    return 0;
}
