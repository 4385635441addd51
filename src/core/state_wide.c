/* state_wide.c - the wide state (17 to 25 cells, 5 bits a cell): packing and finding the blank. */
#include "core/core.h"

int state128_blank(state128 s, int cells)
{
    for (int c = 0; c < cells; c++)
        if (state128_get(s, c) == 0)
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
