/*
 * solvable.c - the permutation-parity rule.
 *
 * Every move is a transposition of the blank with a neighbour and moves the
 * blank one step, so the parity of the permutation (blank included) taking
 * start to goal always equals the parity of the blank's distance from its
 * goal cell along the moves made.  The converse holds on any R x C board with
 * R, C >= 2 (Johnson & Story 1879 for 4x4; the argument generalises), so the
 * rule decides reachability exactly.
 */
#include "core/core.h"

#include <stdlib.h>
#include <string.h>

/*
 * Whether board is a permutation of 0 .. n-1 whose blank index holds the 0;
 * seen (n bytes, zeroed) is left marked.  slide_solvable must not trust a
 * caller's board: a tile out of range would index past its tables.
 */
static int board_is_valid(const slide_board *board, size_t n, unsigned char *seen)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t v = board->cells[i];
        if (v >= n || seen[v])
            return 0;
        seen[v] = 1;
    }
    return board->blank >= 0 && (size_t)board->blank < n && board->cells[board->blank] == 0;
}

int board_solvable(const slide_board *start, const slide_board *goal, int *result)
{
    *result = 0;
    if (!start || !goal || !start->cells || !goal->cells || start->rows < 2 || start->cols < 2 ||
        start->rows != goal->rows || start->cols != goal->cols ||
        (uint64_t)start->rows * (uint64_t)start->cols > SLIDE_MAX_CELLS)
        return SLIDE_OK; /* not boards (past the cap: as slide_board_validate says) */
    size_t n = (size_t)start->rows * (size_t)start->cols;
    uint32_t *goal_cell = malloc(n * sizeof *goal_cell);
    unsigned char *visited = calloc(n, 1);
    int solvable = 0;
    if (!goal_cell || !visited) {
        free(goal_cell);
        free(visited);
        return SLIDE_E_NOMEM;
    }
    if (board_is_valid(goal, n, visited)) {
        memset(visited, 0, n);
        if (board_is_valid(start, n, visited)) {
            memset(visited, 0, n);
            for (size_t i = 0; i < n; i++)
                goal_cell[goal->cells[i]] = (uint32_t)i;
            /* parity of a permutation = (n - number of cycles) mod 2 */
            size_t cycles = 0;
            for (size_t i = 0; i < n; i++) {
                if (visited[i])
                    continue;
                cycles++;
                for (size_t j = i; !visited[j]; j = goal_cell[start->cells[j]])
                    visited[j] = 1;
            }
            size_t perm_parity = (n - cycles) & 1;
            int sr = start->blank / start->cols, sc = start->blank % start->cols;
            int gr = goal->blank / goal->cols, gc = goal->blank % goal->cols;
            size_t dist_parity = (size_t)(abs(sr - gr) + abs(sc - gc)) & 1;
            solvable = perm_parity == dist_parity;
        }
    }
    free(goal_cell);
    free(visited);
    *result = solvable;
    return SLIDE_OK;
}

int slide_solvable(const slide_board *start, const slide_board *goal)
{
    int solvable;
    board_solvable(start, goal, &solvable);
    return solvable;
}
