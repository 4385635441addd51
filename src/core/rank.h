/*
 * rank.h - counting bits and ranking permutations of cells, shared by the
 * pattern databases (pdb/) and the exhaustive distance tables
 * (search/distance_table.c).  Static inline: both sit in the innermost loops
 * of their builds and lookups.
 */
#ifndef SLIDE_RANK_H
#define SLIDE_RANK_H

#include <stdint.h>

/*
 * Bits set in a mask below 2^16.  Written out because the portable build has
 * no popcount instruction and the library call costs a fifth of a pattern
 * database build.
 */
static inline unsigned popcount16(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/*
 * Bits set in a mask below 2^26 (the cells of a board of up to 25 cells):
 * two reads of an 8 KiB table (rank.c), which measured faster on 6-tile
 * 5x5 ranks than the 32-bit form of popcount16's arithmetic and as fast as
 * the hardware instruction, without needing it.
 */
extern const uint8_t popcount13_table[1u << 13];

static inline unsigned popcount25(uint32_t x)
{
    return (unsigned)popcount13_table[x & 0x1FFFu] + popcount13_table[x >> 13];
}

/* permutation_rank's loop; wide (a constant where it is inlined) picks the popcount. */
static inline uint32_t rank_digits(const uint8_t *values, int k, int n, int wide)
{
    uint32_t index = 0;
    uint32_t used = 0;
    for (int i = 0; i < k; i++) {
        unsigned v = values[i], mask = used & ((1u << v) - 1);
        index = index * (uint32_t)(n - i) + v - (wide ? popcount25(mask) : popcount16(mask));
        used |= 1u << v;
    }
    return index;
}

/*
 * Perfect hash of k distinct values below n (n <= 16, n!/(n-k)! below 2^32)
 * onto 0 .. n!/(n-k)! - 1: the values read as a number whose i-th digit (base
 * n-i) is value i's rank among the values not used before it.  With k = n
 * this is the Lehmer rank of a permutation, onto 0 .. n!-1.
 */
static inline uint32_t permutation_rank(const uint8_t *values, int k, int n)
{
    return rank_digits(values, k, n, 0);
}

/* permutation_rank for values below n <= 25. */
static inline uint32_t permutation_rank_wide(const uint8_t *values, int k, int n)
{
    return rank_digits(values, k, n, 1);
}

/* weights[i]: the product of the bases of the digits after digit i (n - i - 1 down to n - k + 1). */
static inline void permutation_weights(int k, int n, uint32_t *weights)
{
    uint32_t w = 1;
    for (int i = k - 1; i >= 0; i--) {
        weights[i] = w;
        w *= (uint32_t)(n - i);
    }
}

/*
 * permutation_rank_wide written as a sum of each digit times its weight
 * (permutation_weights) rather than in Horner's form: no digit waits for
 * the multiplication of the one before, which the 24-puzzle's IDA*, ranking
 * two 6-tile groups a child, measured as the faster.
 */
static inline uint32_t permutation_rank_weighted(const uint8_t *values, int k,
                                                 const uint32_t *weights)
{
    uint32_t index = 0, used = 0;
    for (int i = 0; i < k; i++) {
        unsigned v = values[i];
        index += (v - popcount25(used & ((1u << v) - 1))) * weights[i];
        used |= 1u << v;
    }
    return index;
}

#endif /* SLIDE_RANK_H */
