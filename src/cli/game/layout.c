/* layout.c - a board's drawing on a screen of character cells (see layout.h). */
#include "cli/game/layout.h"

#include <string.h>

int game_layout_plan(game_layout *l, int rows, int cols, int screen_cols, int area_top,
                     int area_lines, int tall)
{
    /* from the roomiest drawing to the tightest: box lines, padding each side, gaps */
    static const int forms[][4] = {{3, 2, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 0}};
    int digits = 1;
    for (long largest = (long)rows * cols - 1; largest >= 10; largest /= 10)
        digits++;
    size_t count = sizeof forms / sizeof forms[0];
    for (size_t i = tall ? 0 : 1; i < count; i++) {
        memset(l, 0, sizeof *l);
        l->rows = rows;
        l->cols = cols;
        l->number_width = digits;
        l->box_height = forms[i][0];
        l->box_width = digits + 2 * forms[i][1];
        l->gap_x = forms[i][2];
        l->gap_y = forms[i][3];
        l->width = cols * l->box_width + (cols - 1) * l->gap_x;
        l->height = rows * l->box_height + (rows - 1) * l->gap_y;
        if (l->width <= screen_cols && l->height <= area_lines) {
            l->left = (screen_cols - l->width) / 2;
            l->top = area_top + (area_lines - l->height) / 2;
            return 0;
        }
    }
    return -1;
}

int game_layout_cell_at(const game_layout *l, int x, int y)
{
    x -= l->left;
    y -= l->top;
    if (x < 0 || y < 0)
        return -1;
    int pitch_x = l->box_width + l->gap_x, pitch_y = l->box_height + l->gap_y;
    int col = x / pitch_x, row = y / pitch_y;
    if (col >= l->cols || row >= l->rows || x % pitch_x >= l->box_width ||
        y % pitch_y >= l->box_height)
        return -1;
    return row * l->cols + col;
}
