/*
 * strategy.h - the large-board solver's entry point, the "strategy" row of
 * the algorithm table (src/search/solve.c).
 */
#ifndef SLIDE_STRATEGY_H
#define SLIDE_STRATEGY_H

#include "core/core.h"
/*
 * The strategy solver's tuning; what the searches above read of it:
 * STRAT_TRIAL_CELLS, the largest boards whose placements are made by
 * trials (about a microsecond a move).
 */
#include "strategy/tuning.h"

/*
 * Any size, not optimal: rows and columns placed like a person does.  Pushes
 * the moves to task->moves; returns SLIDE_OK or a limit status.
 */
int strategy_solve(search_task *search);

/*
 * strategy_solve with the ways and column plans of knobs (at most as many
 * of each as tuning.h lists) in place of tuning.h's: for a benchmark
 * that measures what each way and plan is worth
 * (tests/bench/strategy-knobs.sh).  SLIDE_E_ARGUMENT for counts out of range.
 */
int strategy_solve_knobs(search_task *search, const strat_knobs *knobs);

/*
 * The first part of strategy_solve: outer rows and columns are placed until
 * the rectangle left is at most keep_rows x keep_cols (never smaller than
 * the final region strategy_solve would search), and that rectangle is
 * returned as a board of its own, rest, with its goal, rest_goal (cells from
 * malloc: slide_board_free).  The moves so far are pushed to task->moves;
 * the moves that solve rest from there solve the whole board.  Returns
 * SLIDE_OK or a limit status.
 */
int strategy_reduce(search_task *search, int keep_rows, int keep_cols, slide_board *rest,
                    slide_board *rest_goal);

#endif /* SLIDE_STRATEGY_H */
