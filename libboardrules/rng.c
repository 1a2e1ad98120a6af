/* The state's random generator: xoshiro256** (Blackman & Vigna), seeded
 * through splitmix64, so that every seed (0 included) gives a well-mixed,
 * portable sequence. */
#include "internal.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void br_rng_seed(br_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t br_rng_next(br_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject method: unbiased and without division in the
 * common case. */
uint32_t br_rng_below(br_rng *rng, uint32_t bound)
{
    uint64_t m = (br_rng_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (br_rng_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void br_rng_shuffle_bytes(br_rng *rng, uint8_t *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)br_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* The bits of `mask` ascending, then the first k of a partial Fisher-Yates
 * shuffle of them: one br_rng_below per bit taken. */
uint64_t br_rng_subset(br_rng *rng, uint64_t mask, int k)
{
    uint8_t bits[64];
    int n = 0;
    for (uint64_t m = mask; m; m &= m - 1)
        bits[n++] = (uint8_t)br_lowest_bit64(m);
    assert(k >= 0 && k <= n);
    uint64_t subset = 0;
    for (int i = 0; i < k; i++) {
        int j = i + (int)br_rng_below(rng, (uint32_t)(n - i));
        uint8_t t = bits[i];
        bits[i] = bits[j];
        bits[j] = t;
        subset |= (uint64_t)1 << bits[i];
    }
    return subset;
}
