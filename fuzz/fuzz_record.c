/* Fuzz target: record parse and replay (br_record_replay).
 * Input: any bytes, taken as record text. For a record that replays:
 * - reading its lines one by one through the public API (br_state_new with
 *   the options line, br_state_move_from_text + br_state_apply per move line)
 *   reaches the same state;
 * - the same moves written again by br_record_write replay to the identical
 *   snapshot, and writing that record again gives the identical text.
 * For a record that fails at a line, the state before it must be sound. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The next line that is neither blank nor a comment, trimmed as the record
 * reader trims (spaces/tabs both sides, CR at the end). */
static int next_line(const char **p, char *line, size_t cap)
{
    while (**p) {
        const char *start = *p;
        const char *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        *p = end ? end + 1 : start + n;
        while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' ' || start[n - 1] == '\t'))
            n--;
        while (n > 0 && (*start == ' ' || *start == '\t')) {
            start++;
            n--;
        }
        if (n == 0 || *start == '#')
            continue;
        if (n >= cap)
            n = cap - 1;
        memcpy(line, start, n);
        line[n] = '\0';
        return 1;
    }
    return 0;
}

static char *write_record(const br_game *g, const char *opts, const br_move *moves, size_t n)
{
    size_t len = 0;
    char err[256] = "";
    br_status st = br_record_write(g, opts, moves, n, NULL, 0, &len, err, sizeof err);
    FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "record_write length: %s: %s",
             br_status_string(st), err);
    char *buf = malloc(len + 1);
    st = br_record_write(g, opts, moves, n, buf, len + 1, NULL, err, sizeof err);
    FZ_CHECK(st == BR_OK, "record_write: %s: %s", br_status_string(st), err);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    char *text = fz_rest_string(&in);
    br_state *out = NULL;
    size_t bad = 99;
    char err[512] = "";
    br_status st = br_record_replay(text, &out, &bad, err, sizeof err);
    if (st != BR_OK) {
        FZ_CHECK(bad > 0 || st != BR_ERR_RECORD, "BR_ERR_RECORD without a bad line");
        FZ_CHECK(err[0] != '\0', "failed replay without a reason");
        if (out) {
            char *snap = fz_check_roundtrip(out);
            free(snap);
            br_state_free(out);
        }
        free(text);
        return 0;
    }
    FZ_CHECK(bad == 0, "valid record with bad line %zu", bad);
    FZ_CHECK(out, "valid record without a state");
    const br_game *g = br_state_game(out);
    char *opts = fz_options(out);
    char *final = fz_check_roundtrip(out);

    /* Line by line through the public API. */
    const char *p = text;
    if (strncmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
    size_t line_cap = strlen(text) + 1;
    char *line = malloc(line_cap);
    FZ_CHECK(next_line(&p, line, line_cap), "no game line");
    FZ_CHECK(next_line(&p, line, line_cap), "no options line");
    br_state *s = NULL;
    char oerr[256] = "";
    st = br_state_new(g, opts, &s, oerr, sizeof oerr);
    FZ_CHECK(st == BR_OK, "canonical options refused: %s: %s", opts, oerr);
    size_t cap = 64, n = 0;
    br_move *moves = malloc(sizeof *moves * cap);
    while (next_line(&p, line, line_cap)) {
        br_move m;
        st = br_state_move_from_text(s, line, &m);
        FZ_CHECK(st == BR_OK, "record line '%s' replayed but does not parse: %s", line,
                 br_state_last_error(s));
        st = br_state_apply(s, m);
        FZ_CHECK(st == BR_OK, "record line '%s' replayed but is refused: %s", line,
                 br_state_last_error(s));
        if (n == cap)
            moves = realloc(moves, sizeof *moves * (cap *= 2));
        moves[n++] = m;
    }
    char *mine = fz_snapshot(s);
    FZ_CHECK(strcmp(mine, final) == 0, "line-by-line replay differs from br_record_replay");
    free(mine);
    br_state_free(s);

    /* Rewritten by br_record_write, it replays identically. */
    char *rec = write_record(g, opts, moves, n);
    br_state *again = NULL;
    st = br_record_replay(rec, &again, &bad, err, sizeof err);
    FZ_CHECK(st == BR_OK, "rewritten record does not replay: %s\n%s", err, rec);
    char *snap2 = fz_snapshot(again);
    FZ_CHECK(strcmp(snap2, final) == 0, "rewritten record replays differently");
    char *opts2 = fz_options(again);
    FZ_CHECK(strcmp(opts2, opts) == 0, "options differ after rewrite: %s vs %s", opts, opts2);
    char *rec2 = write_record(g, opts2, moves, n);
    FZ_CHECK(strcmp(rec, rec2) == 0, "record writing is not stable");
    free(rec2);
    free(opts2);
    free(snap2);
    br_state_free(again);
    free(rec);
    free(moves);
    free(final);
    free(opts);
    br_state_free(out);
    free(line);
    free(text);
    return 0;
}
