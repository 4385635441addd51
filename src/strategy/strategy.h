/*
 * strategy.h - the large-board solver's entry point, the "strategy" row of
 * the algorithm table (src/search/solve.c).
 */
#ifndef SLIDE_STRATEGY_H
#define SLIDE_STRATEGY_H

#include "core/core.h"

/*
 * Any size, not optimal: rows and columns placed like a person does.  Pushes
 * the moves to task->moves; returns SLIDE_OK or a limit status.
 */
int strategy_solve(search_task *search);

#endif /* SLIDE_STRATEGY_H */
