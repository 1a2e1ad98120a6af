/*
 * The conformance suite's playout context, shared by its source files:
 * test_conformance.c (the uniform interface) and conformance_learn.c (the
 * learning interface: facts, masks, tensors, history).
 */
#ifndef BRT_CONFORMANCE_H
#define BRT_CONFORMANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <boardrules.h>

/* A game and an options string (without seed) to play many games with. */
struct option_set {
    const br_game *game;
    char options[200];
};

struct playout {
    const struct option_set *set;
    uint64_t seed;
    size_t step;
    bool explicit_chance;
    int players;
    size_t space, cap;
    br_state *s;       /* the game */
    br_state *twin;    /* explicit chance: same moves, another generator */
    br_state *clone;   /* clone of s taken before the move */
    br_state *scratch; /* destination of copy and resample */
    br_state *scratch2;
    br_move *legal, *other;
    double *probs;
    unsigned char *is_legal; /* space entries */
    br_move *history;
    size_t history_len;
    uint64_t rng;
    char where[320];
    float *tensor, *tensor2; /* facts.tensor_size entries each */
    uint8_t *mask;           /* space entries */
    br_history_entry *entries; /* max_game_length entries */
    br_facts facts;
    bool saw_chance;         /* some step of this playout was a chance node */
};

/* Fails the test with the game, options, seed and step. */
void fail_at(const struct playout *p, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Fails the test with the game, options, seed and step when `cond` is false. */
#define EXPECT(p, cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fail_at((p), #cond, __VA_ARGS__);                                                      \
    } while (0)

/* Reads the facts of p->s and allocates the tensors, mask and history
 * buffers of the playout; learning_end() frees them. */
void learning_begin(struct playout *p);
void learning_end(struct playout *p);

/* The learning interface at one step of a playout (conformance_learn.c):
 * facts agree with the state, the mask with the legal list `legal` (n
 * moves), the tensors of every seat and the spectator are complete and
 * finite, and the history is as long as the moves made. */
void check_learning_step(struct playout *p, size_t n);

/* `resampled` was made by br_state_resample(p->s, seat, ...): the seat's
 * tensor is the same in both, and the resampled state has no history. */
void check_learning_resampled(const struct playout *p, const br_state *resampled, int seat);

/* After p->s moved from move number `before` by `move` of `player`: the
 * history ends with that move, then the chance outcomes drawn after it. */
void check_history_after_move(const struct playout *p, uint32_t before, int player, br_move move);

/* At the end of a playout: the history, chance outcomes included, replayed
 * on a chance=explicit state of the same options, gives the same position. */
void check_history_replays(const struct playout *p);

/* The position and history of `s` (the snapshot's "state", "history" and
 * "move_number"), as compact JSON text to compare: what a record replays,
 * without the options' chance mode and the generator. Free with free(). */
char *position_text(const br_state *s);

/* The per-game tests of option specs and facts (conformance_learn.c). */
struct Suite;
void add_learning_tests(struct Suite *suite);

#endif /* BRT_CONFORMANCE_H */
