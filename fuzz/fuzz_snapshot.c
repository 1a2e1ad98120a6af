/* Fuzz target: snapshot load (br_state_from_json).
 * Input: any bytes, taken as JSON text. Every snapshot that loads must
 * write itself back, load again and give the identical text; the loaded
 * state must then answer every read call, list legal moves that are all
 * accepted, and survive observation and rendering for every seat. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    char *json = fz_rest_string(&in);
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_from_json(json, &s, err, sizeof err);
    free(json);
    if (st != BR_OK) {
        FZ_CHECK(s == NULL, "failed load left a state");
        FZ_CHECK(st == BR_ERR_SNAPSHOT || st == BR_ERR_UNKNOWN_GAME || st == BR_ERR_NO_MEMORY,
                 "unexpected status %s", br_status_string(st));
        FZ_CHECK(err[0] != '\0', "failed load without a reason");
        return 0;
    }
    char *snap = fz_check_roundtrip(s);

    /* The options text must make a state of the same game. */
    char *opts = fz_options(s);
    br_state *fresh = NULL;
    char oerr[256] = "";
    st = br_state_new(br_state_game(s), opts, &fresh, oerr, sizeof oerr);
    FZ_CHECK(st == BR_OK, "options of a loaded snapshot refused: %s: %s", opts, oerr);
    FZ_CHECK(br_state_move_space(fresh) == br_state_move_space(s), "move space differs");
    br_state_free(fresh);
    free(opts);

    fz_render_all(s);
    size_t cap = br_state_max_legal_moves(s);
    br_move *moves = malloc(sizeof *moves * (cap + 1));
    size_t n = 0;
    st = br_state_legal_moves(s, moves, cap, &n);
    FZ_CHECK(st == BR_OK, "legal_moves: %s", br_status_string(st));
    FZ_CHECK(br_state_is_terminal(s) ? n == 0 : n > 0, "terminal %d with %zu legal moves",
             br_state_is_terminal(s), n);
    if (br_state_is_chance_node(s)) {
        double *p = malloc(sizeof *p * (cap + 1));
        size_t k = 0;
        st = br_state_chance_outcomes(s, moves, p, cap, &k);
        FZ_CHECK(st == BR_OK && k == n, "chance outcomes %s, %zu vs %zu legal",
                 br_status_string(st), k, n);
        double sum = 0;
        for (size_t i = 0; i < k; i++) {
            FZ_CHECK(p[i] > 0 && p[i] <= 1, "probability %g", p[i]);
            sum += p[i];
        }
        FZ_CHECK(sum > 1 - 1e-9 && sum < 1 + 1e-9, "probabilities add up to %.17g", sum);
        free(p);
    }
    double ret[16];
    FZ_CHECK(br_state_returns(s, ret, 16) == BR_OK, "returns");
    FZ_CHECK(br_state_scores(s, ret, 16) == BR_OK, "scores");
    br_state *work = NULL;
    FZ_CHECK(br_state_clone(s, &work) == BR_OK, "clone");
    for (size_t i = 0; i < n; i++) {
        char why[256] = "";
        st = br_state_check_move(s, moves[i], why, sizeof why);
        FZ_CHECK(st == BR_OK, "listed move %d fails check: %s", (int)moves[i], why);
        FZ_CHECK(br_state_copy(work, s) == BR_OK, "copy");
        st = br_state_apply(work, moves[i]);
        FZ_CHECK(st == BR_OK, "listed move %d refused: %s", (int)moves[i],
                 br_state_last_error(work));
        if (i == 0 || i + 1 == n) {
            char *after = fz_check_roundtrip(work);
            free(after);
        }
    }
    br_state_free(work);
    /* check_move is read-only: the snapshot is unchanged. */
    char *again = fz_snapshot(s);
    FZ_CHECK(strcmp(snap, again) == 0, "read-only calls changed the snapshot");
    free(again);
    free(snap);
    free(moves);
    br_state_free(s);
    return 0;
}
