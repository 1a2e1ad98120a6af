/*
 * The reference for ffi_host.c: the same seeded Tsuro game, played through
 * the linked C API. Both print the same transcript; test_ffi.sh compares them.
 *
 * Usage: linked_host [seed [players]]
 */
#include <boardrules.h>

#include <stdio.h>
#include <stdlib.h>

#include "pick.h"

#define MAX_MOVES 1024

static int print_result(const br_state *s)
{
    double returns[8];
    int n = br_state_num_players(s);
    if (br_state_returns(s, returns, 8) != BR_OK)
        return 1;
    printf("returns");
    for (int i = 0; i < n; i++)
        printf(" %g", returns[i]);
    printf("\n");
    size_t len;
    br_state_to_json(s, NULL, 0, &len);
    char *json = malloc(len + 1);
    if (!json || br_state_to_json(s, json, len + 1, NULL) != BR_OK) {
        free(json);
        return 1;
    }
    printf("snapshot %s\n", json);
    free(json);
    return 0;
}

static int play(br_state *s, picker *p)
{
    br_move moves[MAX_MOVES];
    if (br_state_max_legal_moves(s) > MAX_MOVES)
        return 1;
    while (!br_state_is_terminal(s)) {
        size_t n;
        if (br_state_legal_moves(s, moves, MAX_MOVES, &n) != BR_OK || n == 0)
            return 1;
        br_move m = moves[picker_index(p, n)];
        char text[64];
        if (br_state_move_to_text(s, m, text, sizeof text, NULL) != BR_OK)
            return 1;
        printf("seat %d plays %d %s\n", br_state_current_player(s), (int)m, text);
        br_status st = br_state_apply(s, m);
        if (st != BR_OK) {
            fprintf(stderr, "linked_host: %s: %s\n", br_status_string(st),
                    br_state_last_error(s));
            return 1;
        }
    }
    return print_result(s);
}

int main(int argc, char **argv)
{
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : PICK_DEFAULT_SEED;
    int players = argc > 2 ? atoi(argv[2]) : PICK_DEFAULT_PLAYERS;
    char options[64], err[256];
    snprintf(options, sizeof options, "players=%d,seed=%llu", players, seed);

    br_state *s;
    if (br_state_new(br_game_find("tsuro"), options, &s, err, sizeof err) != BR_OK) {
        fprintf(stderr, "linked_host: %s\n", err);
        return 1;
    }
    printf("libboardrules %s, tsuro %s\n", br_version_string(), options);
    picker p = picker_seeded(seed);
    int rc = play(s, &p);
    br_state_free(s);
    return rc;
}
