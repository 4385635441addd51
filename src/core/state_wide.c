/* state_wide.c - the wide state (17 to 25 cells, 5 bits a cell): packing and finding the blank. */
#include "core/core.h"

/*
 * Bit 5i + 4 set for field i of the 12 a word holds when it is 0, and
 * possibly for fields above a 0 one (a borrow): the lowest set bit names the
 * lowest 0 field exactly.
 */
static uint64_t zero_fields(uint64_t word)
{
    const uint64_t ones = 0x0084210842108421u, tops = ones << 4; /* bits 5i and 5i + 4, i < 12 */
    return (word - ones) & ~word & tops;
}

/* A* asks this of every state it expands: the 0 field found a word at a time, not a cell. */
int state128_blank(state128 s, int cells)
{
    uint64_t lo = zero_fields(s.lo), hi = zero_fields(s.hi);
    int c = lo ? __builtin_ctzll(lo) / 5 : hi ? 12 + __builtin_ctzll(hi) / 5 : 24;
    if (c < cells && state128_get(s, c) == 0)
        return c;
    return -1; /* not a board: every board has a blank */
}

state128 state128_pack(const slide_board *board)
{
    state128 s = {0, 0};
    int n = board->rows * board->cols;
    for (int c = 0; c < n; c++)
        s = state128_add(s, c, board->cells[c] & 31u, 1);
    return s;
}

void state128_unpack(state128 s, slide_board *board)
{
    int n = board->rows * board->cols;
    for (int c = 0; c < n; c++) {
        board->cells[c] = state128_get(s, c);
        if (board->cells[c] == 0)
            board->blank = c;
    }
}
