/*
 * reduce.c - large boards by reduction (--algo reduce): strategy places the
 * outer rows and columns until a rectangle that a near-optimal search
 * serves is left, and that search finishes it.
 *
 * The rectangle kept is the largest on which the finishing search answers
 * within about a second: beam search (beam.c) on up to REDUCE_BEAM_SIDE x
 * REDUCE_BEAM_SIDE cells (a narrow board keeps its short side), of the
 * rectangle as given only when strategy placed the rest: its other views
 * would cost seconds more for a few of the answer's millions of moves.  The rest is a board of its
 * own (its tiles renumbered by their goal cells in the rectangle), so any goal works, and its moves
 * are the whole board's moves.
 */
#include "search/search.h"
#include "strategy/strategy.h"

/* The side of the square that beam search finishes. */
#define REDUCE_BEAM_SIDE 10

int reduce_solve(search_task *search)
{
    int rows = search->start->rows, cols = search->start->cols;
    int keep_rows = rows < REDUCE_BEAM_SIDE ? rows : REDUCE_BEAM_SIDE;
    int keep_cols = cols < REDUCE_BEAM_SIDE ? cols : REDUCE_BEAM_SIDE;
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
