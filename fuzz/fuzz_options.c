/* Fuzz target: option strings (br_state_new) for every game.
 * Input: byte 0 selects the game, the rest is the options string.
 * - a refused string gives BR_ERR_OPTION (or ARGUMENT) and a reason, no state;
 * - an accepted one gives a state whose br_state_options() text, fed back,
 *   gives the identical snapshot and the identical options text;
 * - the state of an accepted string is sound (snapshot round trip, views). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fz_in in = { data, size };
    const br_game *g = fz_game(fz_u8(&in));
    char *opts = fz_rest_string(&in);
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_new(g, opts, &s, err, sizeof err);
    if (st != BR_OK) {
        FZ_CHECK(s == NULL, "refused options left a state");
        FZ_CHECK(st == BR_ERR_OPTION || st == BR_ERR_NO_MEMORY, "unexpected status %s",
                 br_status_string(st));
        FZ_CHECK(err[0] != '\0', "refused options without a reason: '%s'", opts);
        free(opts);
        return 0;
    }
    FZ_CHECK(br_state_game(s) == g, "state of another game");
    int np = br_state_num_players(s);
    FZ_CHECK(np >= br_game_min_players(g) && np <= br_game_max_players(g), "%d players", np);
    char *canon = fz_options(s);
    br_state *t = NULL;
    char err2[256] = "";
    st = br_state_new(g, canon, &t, err2, sizeof err2);
    FZ_CHECK(st == BR_OK, "canonical options '%s' (from '%s') refused: %s", canon, opts, err2);
    char *snap1 = fz_check_roundtrip(s);
    char *snap2 = fz_snapshot(t);
    FZ_CHECK(strcmp(snap1, snap2) == 0, "options '%s' and their canonical text '%s' differ",
             opts, canon);
    char *canon2 = fz_options(t);
    FZ_CHECK(strcmp(canon, canon2) == 0, "canonical options unstable: '%s' -> '%s'", canon,
             canon2);
    FZ_CHECK(br_state_move_space(s) == br_state_move_space(t), "move space differs");
    fz_render_all(s);
    free(canon2);
    free(snap2);
    free(snap1);
    free(canon);
    br_state_free(t);
    br_state_free(s);
    free(opts);
    return 0;
}
