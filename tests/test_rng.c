/*
 * The core's random generator helpers that the games share
 * (libboardrules/rng.c; internal.h): br_rng_subset, which a resample uses
 * to redeal a seat's hidden cards. Built from rng.c, as it is internal (the
 * library exports none of it).
 */
#include <check.h>
#include <string.h>

#include "brt_util.h"
#include "internal.h"

/* br_rng_subset: k of the mask's bits, never another bit; at its edges
 * (k = 0: nothing, and no draw; k = all: the whole mask). */
START_TEST(test_subset_takes_k_bits_of_the_mask)
{
    br_rng rng;
    br_rng_seed(&rng, 7);
    const uint64_t mask = 0x8000000000000A51ull; /* bits 0, 4, 6, 9, 11, 63 */
    for (int k = 0; k <= 6; k++)
        for (int i = 0; i < 50; i++) {
            uint64_t subset = br_rng_subset(&rng, mask, k);
            ck_assert_uint_eq(subset & ~mask, 0);
            ck_assert_int_eq(br_popcount64(subset), k);
        }
    br_rng before = rng;
    ck_assert_uint_eq(br_rng_subset(&rng, mask, 0), 0);
    ck_assert_int_eq(memcmp(&before, &rng, sizeof rng), 0);
    ck_assert_uint_eq(br_rng_subset(&rng, mask, 6), mask);
    ck_assert_uint_eq(br_rng_subset(&rng, 0, 0), 0);
}
END_TEST

/* Every k-subset is drawn about equally often: the 3 pairs of {0, 1, 2}
 * each about a third of 3,000 draws. */
START_TEST(test_subset_uniform)
{
    br_rng rng;
    br_rng_seed(&rng, 1);
    int seen[8] = {0};
    for (int i = 0; i < 3000; i++)
        seen[br_rng_subset(&rng, 7, 2)]++;
    ck_assert_int_eq(seen[3] + seen[5] + seen[6], 3000);
    ck_assert(seen[3] > 900 && seen[5] > 900 && seen[6] > 900);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("rng", 30),
        BRT_TEST(test_subset_takes_k_bits_of_the_mask),
        BRT_TEST(test_subset_uniform),
    };
    return brt_run_tests("rng", tests, BRT_COUNT(tests));
}
