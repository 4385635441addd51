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
 * Perfect hash of k distinct values below n (n <= 16, n!/(n-k)! below 2^32)
 * onto 0 .. n!/(n-k)! - 1: the values read as a number whose i-th digit (base
 * n-i) is value i's rank among the values not used before it.  With k = n
 * this is the Lehmer rank of a permutation, onto 0 .. n!-1.
 */
static inline uint32_t permutation_rank(const uint8_t *values, int k, int n)
{
    uint32_t index = 0;
    unsigned used = 0;
    for (int i = 0; i < k; i++) {
        unsigned v = values[i];
        index = index * (uint32_t)(n - i) + v - popcount16(used & ((1u << v) - 1));
        used |= 1u << v;
    }
    return index;
}

#endif /* SLIDE_RANK_H */
