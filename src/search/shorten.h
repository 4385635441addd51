/*
 * shorten.h - the shortening pass (shorten.c): a filter between a solver
 * that is not optimal and its move list.  Used by src/search/ only.
 *
 * Moves go in as a slide_move_sink (so a solver that streams billions of
 * moves keeps streaming); the filter holds a bounded buffer of them and the
 * board they start from, cancels a move followed by its inverse, and
 * replaces each window of SHORTEN_WINDOW moves by a shorter sequence that
 * leads to the same board whenever a bounded search finds one inside the
 * rectangle the window's blank visits (one cell wider where the board
 * allows).  Replacements depend only on the window's moves (which cells
 * the rectangle holds, not which tiles), so they are remembered: a
 * solver's repeated move patterns are searched once.  The answer never
 * gets longer and always reaches the same board.
 */
#ifndef SLIDE_SHORTEN_H
#define SLIDE_SHORTEN_H

#include "core/core.h"

/* Moves a window holds: at most 20, two bits a move in the memo's key. */
#define SHORTEN_WINDOW 16

/*
 * Answers on boards of more cells are not filtered: on a 1000 x 1000 board
 * (2 billion moves) the pass took as much CPU again as strategy itself and
 * saved 0.0003% of the moves; strategy cancels back-and-forth moves itself.
 */
#define SHORTEN_MAX_CELLS 65536

typedef struct shortener shortener;

/*
 * A filter from start (copied) into out, its memory from budget.  Returns
 * SLIDE_OK or the budget's status (*sh NULL).
 */
int shorten_open(shortener **sh, const slide_board *start, move_list *out, search_budget *budget);
/* The slide_move_sink a solver's move list feeds (ctx: the shortener). */
int shorten_sink(void *ctx, const char *moves, size_t len);
/*
 * Shortens and hands on what is still held, then frees the filter.  The
 * moves that came in and went out are in *in and *out when not NULL.
 * Returns SLIDE_OK or the first status of the filter or of out.
 */
int shorten_close(shortener *sh, uint64_t *in, uint64_t *out_count);

/*
 * The whole pass over a move string held in memory, in place: *len becomes
 * the new length.  Returns SLIDE_OK or the budget's status (moves unchanged).
 */
int shorten_string(const slide_board *start, char *moves, size_t *len, search_budget *budget);

#endif /* SLIDE_SHORTEN_H */
