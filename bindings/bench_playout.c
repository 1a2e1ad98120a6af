/*
 * The C figures that bindings/python/bench.py compares the Python binding
 * with: br_playout_random() and a per-move loop (legal moves + apply), both
 * on Tsuro. Built by `make bench-bindings` only.
 *
 * Usage: bench_playout [games [players [seed]]]
 * Prints one line per measurement: "<name> moves=<n> seconds=<s>".
 */
#include <boardrules.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11 */
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static br_state *new_tsuro(int players, unsigned long long seed)
{
    char options[64];
    snprintf(options, sizeof options, "players=%d,seed=%llu", players, seed);
    br_state *s = NULL;
    char err[200];
    if (br_state_new(br_game_find("tsuro"), options, &s, err, sizeof err) != BR_OK)
        fprintf(stderr, "bench_playout: %s\n", err);
    return s;
}

static int bench_batch(size_t games, int players, unsigned long long seed)
{
    br_state *s = new_tsuro(players, seed);
    if (!s)
        return 1;
    uint64_t total = 0;
    double start = now_seconds();
    br_status st = br_playout_random(s, seed, games, NULL, 0, &total);
    double seconds = now_seconds() - start;
    br_state_free(s);
    if (st != BR_OK) {
        fprintf(stderr, "bench_playout: %s\n", br_status_string(st));
        return 1;
    }
    printf("c-batch moves=%llu seconds=%.6f\n", (unsigned long long)total, seconds);
    return 0;
}

/* The same loop as bench.py's per-move loop: the k-th move takes the
 * (k mod count)-th legal move. */
static int bench_per_move(size_t target_moves, int players)
{
    br_move moves[1024];
    size_t played = 0;
    unsigned long long game = 0;
    double start = now_seconds();
    while (played < target_moves) {
        br_state *s = new_tsuro(players, game++);
        if (!s)
            return 1;
        while (!br_state_is_terminal(s) && played < target_moves) {
            size_t n;
            if (br_state_legal_moves(s, moves, 1024, &n) != BR_OK ||
                br_state_apply(s, moves[played % n]) != BR_OK) {
                br_state_free(s);
                return 1;
            }
            played++;
        }
        br_state_free(s);
    }
    printf("c-per-move moves=%zu seconds=%.6f\n", played, now_seconds() - start);
    return 0;
}

int main(int argc, char **argv)
{
    size_t games = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000;
    int players = argc > 2 ? atoi(argv[2]) : 2;
    unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (bench_batch(games, players, seed) != 0)
        return 1;
    return bench_per_move(1000000, players);
}
