/*
 * wasm_reference: plays seeded games of every game natively, with a fixed
 * rule for the move choices, and prints their final snapshots (JSON text,
 * binary as hex), records and returns as one JSON array. `make check-wasm`
 * compares them with the same games played through the WebAssembly build
 * (bindings/js/test/native.test.mjs plays them with the same rule): the
 * library compiled to wasm must give the same results byte for byte.
 *
 * The rule: at a chance node the state's own seeded generator resolves it;
 * otherwise move number k takes entry (31 k + 7) mod n of the n legal moves.
 * The option sets are in bindings/js/test/native.test.mjs's header too.
 */
#include <boardrules.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_STEPS 100000

static const char *const games[][2] = {
    {"tsuro", "players=4,seed=7"},
    {"tsuro", "players=8,seed=11,chance=auto"},
    {"tuer-an-tuer", "seed=3"},
    {"tuer-an-tuer", "seed=5,chance=auto"},
    {"drunter-und-drueber", "players=3,seed=2"},
    {"drunter-und-drueber", "players=4,seed=9,chance=auto"},
    {"tore-der-welt", "players=2,seed=4"},
    {"tore-der-welt", "players=4,seed=8,chance=auto"},
};

static void fail(const char *what, const char *game, const char *why)
{
    fprintf(stderr, "wasm_reference: %s: %s: %s\n", game, what, why);
    exit(1);
}

/* Plays the game to its end (or MAX_STEPS) with the rule above. */
static void play(br_state *s, const char *game)
{
    br_move *moves = malloc(sizeof *moves * (br_state_max_legal_moves(s) + 1));
    if (!moves)
        fail("play", game, "out of memory");
    for (int step = 0; step < MAX_STEPS && !br_state_is_terminal(s); step++) {
        br_move move;
        size_t n;
        if (br_state_is_chance_node(s)) {
            if (br_state_resolve_chance(s, &move) != BR_OK)
                fail("resolve_chance", game, br_state_last_error(s));
            continue;
        }
        if (br_state_legal_moves(s, moves, br_state_max_legal_moves(s), &n) != BR_OK || n == 0)
            fail("legal_moves", game, br_state_last_error(s));
        uint64_t k = br_state_move_number(s);
        if (br_state_apply(s, moves[(31 * k + 7) % n]) != BR_OK)
            fail("apply", game, br_state_last_error(s));
    }
    free(moves);
}

static json_t *text_of(br_status (*call)(const br_state *, char *, size_t, size_t *),
                       const br_state *s, const char *game)
{
    size_t len = 0;
    call(s, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (!buf || call(s, buf, len + 1, &len) != BR_OK)
        fail("text", game, br_state_last_error(s));
    json_t *text = json_stringn(buf, len);
    free(buf);
    return text;
}

static json_t *result_of(const br_state *s, const char *game, const char *options)
{
    size_t len = 0;
    br_state_to_bytes(s, NULL, 0, &len);
    unsigned char *bytes = malloc(len + 1);
    char *hex = malloc(2 * len + 1);
    if (!bytes || !hex || br_state_to_bytes(s, bytes, len, &len) != BR_OK)
        fail("to_bytes", game, br_state_last_error(s));
    for (size_t i = 0; i < len; i++)
        snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
    hex[2 * len] = '\0';

    size_t rlen = 0;
    br_record_write_state(s, NULL, 0, NULL, 0, &rlen, NULL, 0);
    char *record = malloc(rlen + 1);
    if (!record || br_record_write_state(s, NULL, 0, record, rlen + 1, &rlen, NULL, 0) != BR_OK)
        fail("record", game, "cannot write the record");

    double returns[8];
    int players = br_state_num_players(s);
    br_state_returns(s, returns, (size_t)players);
    json_t *r = json_array();
    for (int p = 0; p < players; p++)
        json_array_append_new(r, json_real(returns[p]));

    json_t *out = json_pack("{s:s, s:s, s:I, s:o, s:s, s:s, s:o}", "game", game, "options",
                            options, "move_number", (json_int_t)br_state_move_number(s),
                            "json", text_of(br_state_to_json, s, game), "bytes", hex,
                            "record", record, "returns", r);
    free(bytes);
    free(hex);
    free(record);
    return out;
}

int main(void)
{
    json_t *all = json_array();
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        br_state *s;
        char err[256];
        if (br_state_new(br_game_find(games[i][0]), games[i][1], &s, err, sizeof err) != BR_OK)
            fail("new", games[i][0], err);
        play(s, games[i][0]);
        json_array_append_new(all, result_of(s, games[i][0], games[i][1]));
        br_state_free(s);
    }
    json_dumpf(all, stdout, JSON_INDENT(1));
    putchar('\n');
    json_decref(all);
    return 0;
}
