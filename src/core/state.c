/* state.c - the packed 64-bit state and the move geometry of a shape. */
#include "core/core.h"

void geometry_init(geometry *shape, int rows, int cols)
{
    memset(shape, 0, sizeof *shape);
    shape->rows = rows;
    shape->cols = cols;
    shape->cells = rows * cols;
    for (int c = 0; c < shape->cells && c < SLIDE_MAX_WIDE_CELLS; c++) {
        int r = c / cols, k = c % cols;
        shape->neighbour[c][SLIDE_UP] = (int8_t)(r > 0 ? c - cols : -1);
        shape->neighbour[c][SLIDE_DOWN] = (int8_t)(r < rows - 1 ? c + cols : -1);
        shape->neighbour[c][SLIDE_LEFT] = (int8_t)(k > 0 ? c - 1 : -1);
        shape->neighbour[c][SLIDE_RIGHT] = (int8_t)(k < cols - 1 ? c + 1 : -1);
    }
}

state64 state_pack(const slide_board *board)
{
    int n = board->rows * board->cols;
    state64 s = 0;
    for (int i = n - 1; i >= 0; i--)
        s = (s << 4) | (board->cells[i] & 15u);
    return s;
}

void state_unpack(state64 s, slide_board *board)
{
    int n = board->rows * board->cols;
    for (int i = 0; i < n; i++) {
        board->cells[i] = state_get(s, i);
        if (board->cells[i] == 0)
            board->blank = i;
    }
}
