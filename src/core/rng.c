/*
 * rng.c - xoshiro256** (Blackman & Vigna), seeded through splitmix64.
 *
 * Written out here rather than taken from libc so that `slide gen --seed S`
 * prints the same boards on every machine and libc.
 */
#include "core/abi.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void slide_rng_seed(slide_rng *rng, uint64_t seed)
{
    if (ABI_MISSING(rng))
        return;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t slide_rng_next(slide_rng *rng)
{
    if (ABI_MISSING(rng))
        return 0;
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Rejection sampling: draws below the largest multiple of bound are kept. */
uint64_t slide_rng_below(slide_rng *rng, uint64_t bound)
{
    if (ABI_MISSING(rng) || bound == 0)
        return 0;
    uint64_t threshold = (0 - bound) % bound; /* 2^64 mod bound */
    for (;;) {
        uint64_t r = slide_rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}
