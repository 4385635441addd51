/*
 * manhattan.c - per-tile Manhattan distances to a goal, the base of the
 * Manhattan, linear-conflict and pattern-database estimates.
 */
#include "core/core.h"

#include <stdlib.h>

void manhattan_init_cells(manhattan_table *m, const geometry *shape, const uint8_t *goal_cells)
{
    memset(m, 0, sizeof *m);
    m->shape = *shape;
    for (int c = 0; c < shape->cells; c++)
        m->goal_cell[goal_cells[c]] = (uint8_t)c;
    for (int t = 1; t < shape->cells; t++) {
        int gr = m->goal_cell[t] / shape->cols, gc = m->goal_cell[t] % shape->cols;
        for (int c = 0; c < shape->cells; c++)
            m->dist[t][c] = (uint8_t)(abs(c / shape->cols - gr) + abs(c % shape->cols - gc));
    }
}

unsigned manhattan_estimate(const manhattan_table *m, state64 s)
{
    unsigned h = 0;
    for (int c = 0; c < m->shape.cells; c++)
        h += m->dist[state_get(s, c)][c];
    return h;
}

unsigned manhattan_estimate_wide(const manhattan_table *m, state128 s)
{
    unsigned h = 0;
    for (int c = 0; c < m->shape.cells; c++)
        h += m->dist[state128_get(s, c)][c];
    return h;
}
