/* rank.c - the popcount table behind popcount25 (rank.h): bits set in each 13-bit value. */
#include "core/rank.h"

#define POP2(n) (n), (n) + 1, (n) + 1, (n) + 2
#define POP4(n) POP2(n), POP2((n) + 1), POP2((n) + 1), POP2((n) + 2)
#define POP6(n) POP4(n), POP4((n) + 1), POP4((n) + 1), POP4((n) + 2)
#define POP8(n) POP6(n), POP6((n) + 1), POP6((n) + 1), POP6((n) + 2)
#define POP10(n) POP8(n), POP8((n) + 1), POP8((n) + 1), POP8((n) + 2)
#define POP12(n) POP10(n), POP10((n) + 1), POP10((n) + 1), POP10((n) + 2)

const uint8_t popcount13_table[1u << 13] = {POP12(0), POP12(1)};
