/* The smallest complete embedding of libboardrules: four players who pick
 * random legal moves play Tsuro to the end. Build: make; run: ./minimal */
#include <boardrules.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char err[256];
    br_state *game;
    if (br_state_new(br_game_find("tsuro"), "players=4,seed=7", &game, err, sizeof err) != BR_OK) {
        fprintf(stderr, "minimal: %s\n", err);
        return 1;
    }
    br_move moves[512]; /* enough for Tsuro: br_state_max_legal_moves() tells */
    size_t n;
    srand(7);
    while (!br_state_is_terminal(game)) {
        if (br_state_legal_moves(game, moves, 512, &n) != BR_OK || n == 0
            || br_state_apply(game, moves[rand() % (int)n]) != BR_OK) {
            fprintf(stderr, "minimal: %s\n", br_state_last_error(game));
            return 1;
        }
    }
    double result[4]; /* +1 a winner, -1 a loser; 0 for all when all or none win */
    br_state_returns(game, result, 4);
    for (int seat = 0; seat < 4; seat++)
        printf("seat %d: %s\n", seat, result[seat] > 0 ? "wins" : result[seat] < 0 ? "loses" : "draw");
    br_state_free(game);
    return 0;
}
