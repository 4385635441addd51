/*
 * reduce.c - large boards by reduction (--algo reduce): strategy places the
 * outer rows and columns until a rectangle that a near-optimal search
 * serves is left, and that search finishes it.
 *
 * The rectangle kept is the largest on which the finishing search answers
 * within about a second: beam search (beam.c) on up to REDUCE_BEAM_SIDE x
 * REDUCE_BEAM_SIDE cells (REDUCE_BEAM_SIDE_LARGE on large boards; a narrow
 * board keeps its short side), of the
 * rectangle as given only when strategy placed the rest: its other views
 * would cost seconds more for a few of the answer's millions of moves.  The rest is a board of its
 * own (its tiles renumbered by their goal cells in the rectangle), so any goal works, and its moves
 * are the whole board's moves.
 */
#include "search/search.h"
#include "strategy/strategy.h"

/* The side of the square that beam search finishes. */
#define REDUCE_BEAM_SIDE 10

/*
 * Boards of more cells than this leave beam search a square of
 * REDUCE_BEAM_SIDE_LARGE instead: strategy's trials (src/strategy/) take
 * most of the second there, and the 10x10 square's quarter second saves
 * 120-380 moves of 1.7 million on 100x100 boards (tests/bench/README.md).
 */
#define REDUCE_LARGE_CELLS 4096
#define REDUCE_BEAM_SIDE_LARGE 6

int reduce_solve(search_task *search)
{
    int rows = search->start->rows, cols = search->start->cols;
    int side = (long)rows * cols > REDUCE_LARGE_CELLS ? REDUCE_BEAM_SIDE_LARGE : REDUCE_BEAM_SIDE;
    int keep_rows = rows < side ? rows : side;
    int keep_cols = cols < side ? cols : side;
    slide_board rest = {0, 0, 0, NULL}, rest_goal = {0, 0, 0, NULL};
    int status = strategy_reduce(search, keep_rows, keep_cols, &rest, &rest_goal);
    if (status == SLIDE_OK) {
        search_task sub = *search;
        search_task_set_boards(&sub, &rest, &rest_goal);
        /* on a board strategy left whole, all of beam's views (beam.c) */
        status =
            keep_rows == rows && keep_cols == cols ? beam_solve(&sub) : beam_solve_single(&sub);
    }
    if (status != SLIDE_OK && !strstr(search->stats->note, "reduce")) {
        /* name the method that stopped, and keep what its part said */
        char note[sizeof search->stats->note];
        memcpy(note, search->stats->note, sizeof note);
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY, "reduce: %s",
                           note[0] ? note : slide_strerror(status));
    }
    slide_board_free(&rest);
    slide_board_free(&rest_goal);
    return status;
}
