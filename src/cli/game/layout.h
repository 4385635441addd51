/*
 * layout.h - where a board is drawn on a screen of character cells, and
 * which tile a mouse click there hits: the geometry that the terminal draws
 * with (term.h) and `slide play` reads clicks with, knowing neither the game
 * nor the terminal.
 */
#ifndef SLIDE_LAYOUT_H
#define SLIDE_LAYOUT_H

/*
 * Where the board is drawn on a screen of character cells.  A tile is a box
 * box_width columns by box_height lines (the number centred in it), boxes
 * gap_x columns and gap_y lines apart; (left, top) is the 0-based screen
 * column and line of the top-left box.
 */
typedef struct game_layout {
    int rows, cols;
    int number_width; /* digits of the largest tile */
    int box_width;
    int box_height;
    int gap_x, gap_y;
    int left, top;
    int width, height; /* the board's extent in columns and lines */
} game_layout;

/*
 * Picks the largest drawing of a rows x cols board that fits an area of the
 * screen: area_lines lines from line area_top, screen_cols columns, centred
 * in both.  Three-line boxes are tried only when tall is non-zero (they need
 * colour to show).  Returns 0, or -1 when even the smallest drawing does not
 * fit (the layout then holds the size the smallest needs).
 */
int game_layout_plan(game_layout *l, int rows, int cols, int screen_cols, int area_top,
                     int area_lines, int tall);
/* The cell whose box holds the screen position (x, y), 0-based, or -1 (a gap or off the board). */
int game_layout_cell_at(const game_layout *l, int x, int y);

#endif /* SLIDE_LAYOUT_H */
