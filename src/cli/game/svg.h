/*
 * svg.h - a solution drawn as one self-contained animated SVG (`slide solve
 * -o svg`): the start board, its tiles moving along the moves with SVG's own
 * animation elements (no script), the move count and the moves as text.
 */
#ifndef SLIDE_SVG_H
#define SLIDE_SVG_H

#include "slide.h"

#include <stdio.h>

/* Larger drawings would not be watched: an error names the limit instead. */
#define SVG_MAX_CELLS 2500
#define SVG_MAX_MOVES 200000u

/*
 * 0 when svg_write draws boards of start's size, else -1 with a sentence in
 * reason: asked before a board is solved, so that one too large to draw
 * costs no search.
 */
int svg_check_board(const slide_board *start, char *reason, size_t size);

/*
 * Writes the SVG of moves[0..length) (blank letters) played from start;
 * goal colours the tiles that are home.  Returns 0, or -1 with a sentence in
 * reason when the board or the solution is over the limits above, a move is
 * not legal, or memory runs out (nothing is written then).  Write errors
 * are the caller's to see on f.
 */
int svg_write(FILE *f, const slide_board *start, const slide_board *goal, const char *moves,
              uint64_t length, char *reason, size_t size);

#endif /* SLIDE_SVG_H */
