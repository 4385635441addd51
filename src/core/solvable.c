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

int slide_solvable(const slide_board *start, const slide_board *goal)
{
    if (start->rows != goal->rows || start->cols != goal->cols)
        return 0;
    size_t n = (size_t)start->rows * (size_t)start->cols;
    uint32_t *goal_cell = malloc(n * sizeof *goal_cell);
    unsigned char *visited = calloc(n, 1);
    int solvable = 0;
    if (goal_cell && visited) {
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
    free(goal_cell);
    free(visited);
    return solvable;
}
