/*
 * The move choice shared by ffi_host.c and linked_host.c, so that both play
 * the same game: the k-th choice takes legal move number (xorshift64* mod n).
 * Knows nothing of libboardrules.
 */
#ifndef FFI_EXAMPLE_PICK_H
#define FFI_EXAMPLE_PICK_H

#include <stddef.h>
#include <stdint.h>

typedef struct picker {
    uint64_t x;
} picker;

static inline picker picker_seeded(uint64_t seed)
{
    picker p = { seed * 0x9E3779B97F4A7C15u + 1 };
    return p;
}

/* An index in 0..n-1 (n > 0). */
static inline size_t picker_index(picker *p, size_t n)
{
    p->x ^= p->x >> 12;
    p->x ^= p->x << 25;
    p->x ^= p->x >> 27;
    return (size_t)((p->x * 0x2545F4914F6CDD1Du) >> 33) % n;
}

/* Usage of both hosts: [seed [players]]. */
#define PICK_DEFAULT_SEED 42u
#define PICK_DEFAULT_PLAYERS 3

#endif /* FFI_EXAMPLE_PICK_H */
