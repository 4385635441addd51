/*
 * algorithms.c - the algorithm table: every --algo row, its flags and its
 * solve function.
 *
 * Adding an algorithm is one file with a solve_fn and one row below.
 */
#include "search/search.h"
#include "strategy/strategy.h"

#include <string.h>

static const algorithm algo_table[] = {
    {{"bfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE,
      "breadth-first search (judges' reference order)"},
     bfs_solve},
    {{"bibfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_PACKED,
      "bidirectional breadth-first search, whole layers of the smaller side"},
     bibfs_solve},
    {{"astar", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE | SLIDE_ALGO_HEURISTIC | SLIDE_ALGO_WEIGHTED,
      "A* with a bucket queue (heuristic manhattan by default, or linear); with a weight, "
      "anytime weighted A*"},
     astar_solve},
    {{"table", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_PACKED | SLIDE_ALGO_SMALL,
      "exhaustive distance table, boards of at most 9 cells (answers equal bfs)"},
     distance_table_solve},
    {{"idastar",
      SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE | SLIDE_ALGO_HEURISTIC | SLIDE_ALGO_WEIGHTED |
          SLIDE_ALGO_THREADED,
      "iterative-deepening A*, memory for the path only (heuristic pdb on > 9 cells, else linear)"},
     idastar_solve},
    {{"strategy", SLIDE_ALGO_ANY_SIZE,
      "any size, fast, not optimal: rows and columns placed in turn, the last cells by search"},
     strategy_solve},
    {{"beam", 0,
      "beam search, near-optimal, boards of at most 254 cells, sides placed first above 36 "
      "(not proven optimal)"},
     beam_solve},
    {{"reduce", SLIDE_ALGO_ANY_SIZE,
      "any size: strategy's rows and columns down to 10x10, then beam search (not proven "
      "optimal)"},
     reduce_solve},
};

#define ALGO_COUNT (sizeof algo_table / sizeof algo_table[0])

size_t slide_algo_count(void)
{
    return ALGO_COUNT;
}

const slide_algo_info *slide_algo_at(size_t index)
{
    return index < ALGO_COUNT ? &algo_table[index].info : NULL;
}

const algorithm *algorithm_find(const char *name)
{
    for (size_t i = 0; i < ALGO_COUNT; i++)
        if (strcmp(algo_table[i].info.name, name) == 0)
            return &algo_table[i];
    return NULL;
}

const slide_algo_info *slide_algo_by_name(const char *name)
{
    const algorithm *algo = name ? algorithm_find(name) : NULL;
    return algo ? &algo->info : NULL;
}
