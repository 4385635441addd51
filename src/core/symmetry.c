/*
 * symmetry.c - the rotations and reflections of a shape, as maps of cells
 * and of moves, for tables that one goal's answers can share with another's
 * (search/distance_table.c), and the transpose of a board of any size, for
 * searches that look at a board from more than one side (search/beam.c).
 */
#include "core/core.h"

_Static_assert(SLIDE_UP == 0 && SLIDE_DOWN == 1 && SLIDE_LEFT == 2 && SLIDE_RIGHT == 3,
               "move_transposed and move_inverse flip the bits of this order");

/* Row and column steps of the blank's moves, in slide_move_letters order. */
static const int move_rows[4] = {-1, 1, 0, 0};
static const int move_cols[4] = {0, 0, -1, 1};

/* The move whose step is (dr, dc). */
static uint8_t move_with_step(int dr, int dc)
{
    uint8_t m = 0;
    while (m < 3 && (move_rows[m] != dr || move_cols[m] != dc))
        m++;
    return m;
}

int board_symmetries(const geometry *shape, board_symmetry *out)
{
    int count = 0, square = shape->rows == shape->cols;
    /* transpose (square shapes only), then flip rows, then flip columns */
    for (int transpose = 0; transpose <= square; transpose++) {
        for (int flip = 0; flip < 4; flip++) {
            int flip_rows = flip & 1, flip_cols = flip >> 1;
            board_symmetry *sym = &out[count++];
            for (int c = 0; c < shape->cells && c < SLIDE_MAX_WIDE_CELLS; c++) {
                int r = c / shape->cols, k = c % shape->cols;
                if (transpose) {
                    int t = r;
                    r = k;
                    k = t;
                }
                if (flip_rows)
                    r = shape->rows - 1 - r;
                if (flip_cols)
                    k = shape->cols - 1 - k;
                sym->cell[c] = (uint8_t)(r * shape->cols + k);
            }
            for (int m = 0; m < 4; m++) {
                int dr = transpose ? move_cols[m] : move_rows[m];
                int dc = transpose ? move_rows[m] : move_cols[m];
                sym->move[m] = move_with_step(flip_rows ? -dr : dr, flip_cols ? -dc : dc);
            }
        }
    }
    return count;
}

void board_transpose(const slide_board *in, slide_board *out)
{
    out->rows = in->cols;
    out->cols = in->rows;
    for (int r = 0; r < in->rows; r++)
        for (int c = 0; c < in->cols; c++)
            out->cells[c * in->rows + r] = in->cells[r * in->cols + c];
    out->blank = (in->blank % in->cols) * in->rows + in->blank / in->cols;
}
