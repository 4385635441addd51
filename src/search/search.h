/*
 * search.h - the algorithm table, shared by the files of src/search/ only.
 *
 * Adding an algorithm is one file with a solve function and one row in
 * solve.c's table.  Every solve function receives a search_task (core.h)
 * whose board is already known solvable, pushes its moves to task->moves in
 * order and returns SLIDE_OK or a status.
 */
#ifndef SLIDE_SEARCH_H
#define SLIDE_SEARCH_H

#include "core/core.h"

typedef int (*solve_fn)(search_task *search);

typedef struct algorithm {
    slide_algo_info info;
    solve_fn solve;
} algorithm;

const algorithm *algorithm_find(const char *name);

int bfs_solve(search_task *search);
int bibfs_solve(search_task *search);
int astar_solve(search_task *search);
int distance_table_solve(search_task *search);
int idastar_solve(search_task *search);
/* The optimal method --algo auto uses on a board of at most 16 cells (idastar.c). */
const char *idastar_auto_name(int rows, int cols);

#endif /* SLIDE_SEARCH_H */
