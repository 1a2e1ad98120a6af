/* Fuzz target: move text (br_state_move_from_text) of every game on
 * positions from play.
 * Input: an 8-byte header (fuzz_common.h: game, players, chance, variant,
 * seed, number of random moves played from the start), then the move text.
 * - a parsed move lies in the move space, and its text
 *   (br_state_move_to_text) parses back to the same move, whose text is the same;
 * - br_state_check_move and br_state_apply agree; an illegal move leaves the
 *   snapshot byte-identical and keeps a reason;
 * - every legal move of the position round-trips through its text. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *move_text(const br_state *s, br_move m)
{
    size_t len = 0;
    br_status st = br_state_move_to_text(s, m, NULL, 0, &len);
    FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "move_to_text(%d) length: %s", (int)m,
             br_status_string(st));
    char *buf = malloc(len + 1);
    st = br_state_move_to_text(s, m, buf, len + 1, NULL);
    FZ_CHECK(st == BR_OK, "move_to_text(%d): %s", (int)m, br_status_string(st));
    return buf;
}

static void check_text_roundtrip(const br_state *s, br_move m)
{
    char *t = move_text(s, m);
    br_move back = BR_MOVE_NONE;
    br_status st = br_state_move_from_text(s, t, &back);
    FZ_CHECK(st == BR_OK, "text '%s' of move %d does not parse: %s", t, (int)m,
             br_state_last_error(s));
    FZ_CHECK(back == m, "text '%s' of move %d parses as %d", t, (int)m, (int)back);
    free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    fz_in in = { data, size };
    fz_header h = fz_read_header(&in);
    h.moves %= 256;
    br_state *s = fz_position(&h);
    char *text = fz_rest_string(&in);
    size_t space = br_state_move_space(s);

    br_move m = BR_MOVE_NONE;
    br_status st = br_state_move_from_text(s, text, &m);
    if (st == BR_OK) {
        FZ_CHECK(m >= 0 && (size_t)m < space, "parsed move %d outside 0..%zu", (int)m, space);
        check_text_roundtrip(s, m);
        char *canon = move_text(s, m);
        br_move again;
        FZ_CHECK(br_state_move_from_text(s, canon, &again) == BR_OK && again == m,
                 "canonical text '%s' unstable", canon);
        char *canon2 = move_text(s, again);
        FZ_CHECK(strcmp(canon, canon2) == 0, "text of move %d: '%s' then '%s'", (int)m, canon,
                 canon2);
        free(canon2);
        free(canon);
        for (int seat = -1; seat < br_state_num_players(s); seat++) {
            char small[4];
            st = br_state_move_to_text_view(s, m, seat, small, sizeof small, NULL);
            FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "move_to_text_view: %s",
                     br_status_string(st));
        }
        char why[256] = "";
        br_status legal = br_state_check_move(s, m, why, sizeof why);
        FZ_CHECK(legal == BR_OK || legal == BR_ERR_ILLEGAL_MOVE, "check_move: %s",
                 br_status_string(legal));
        fz_blob before = fz_binary(s);
        st = br_state_apply(s, m);
        if (legal == BR_OK) {
            FZ_CHECK(st == BR_OK, "check_move accepts %d, apply refuses: %s", (int)m,
                     br_state_last_error(s));
            char *after = fz_check_roundtrip(s);
            free(after);
            free(before.data);
        } else {
            FZ_CHECK(st == BR_ERR_ILLEGAL_MOVE, "check_move refuses %d (%s), apply says %s",
                     (int)m, why, br_status_string(st));
            FZ_CHECK(br_state_last_error(s)[0] != '\0', "illegal move without a reason");
            FZ_CHECK(fz_unchanged(s, before), "illegal move %d changed the state", (int)m);
        }
    } else {
        FZ_CHECK(st == BR_ERR_PARSE, "move_from_text: %s", br_status_string(st));
        FZ_CHECK(br_state_last_error(s)[0] != '\0', "parse failure without a reason");
        /* Every legal move of this position round-trips through its text. */
        size_t cap = br_state_max_legal_moves(s);
        br_move *moves = malloc(sizeof *moves * (cap + 1));
        size_t n = 0;
        FZ_CHECK(br_state_legal_moves(s, moves, cap, &n) == BR_OK, "legal_moves");
        for (size_t i = 0; i < n; i++)
            check_text_roundtrip(s, moves[i]);
        free(moves);
    }
    free(text);
    br_state_free(s);
    return 0;
}
