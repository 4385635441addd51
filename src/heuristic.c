/*
 * heuristic.c - the heuristic table and Manhattan distance.
 *
 * Adding a heuristic is one file with a slide_heuristic and one row below.
 * Manhattan distance is consistent: a move changes one tile's distance by
 * exactly one, so h never drops by more than the cost of the move, which is
 * what lets A* close a state the first time it is expanded.
 */
#include "internal.h"

#include <stdlib.h>

void slide_manhattan_init(slide_manhattan *m, const slide_shape *shape, slide_state goal)
{
    memset(m, 0, sizeof *m);
    m->shape = *shape;
    for (int c = 0; c < shape->cells; c++)
        m->goal_cell[slide_state_get(goal, c)] = (uint8_t)c;
    for (int t = 1; t < shape->cells; t++) {
        int gr = m->goal_cell[t] / shape->cols, gc = m->goal_cell[t] % shape->cols;
        for (int c = 0; c < shape->cells; c++)
            m->dist[t][c] = (uint8_t)(abs(c / shape->cols - gr) + abs(c % shape->cols - gc));
    }
}

unsigned slide_manhattan_estimate(const slide_manhattan *m, slide_state s)
{
    unsigned h = 0;
    for (int c = 0; c < m->shape.cells; c++)
        h += m->dist[slide_state_get(s, c)][c];
    return h;
}

static int manhattan_create(slide_search *search, void **ctx)
{
    slide_manhattan *m = slide_budget_alloc(search->budget, sizeof *m);
    if (!m)
        return search->budget->status;
    slide_manhattan_init(m, &search->shape, search->goal_state);
    *ctx = m;
    return SLIDE_OK;
}

static unsigned manhattan_estimate(const void *ctx, slide_state s)
{
    return slide_manhattan_estimate(ctx, s);
}

static int manhattan_delta(const void *ctx, unsigned tile, int from, int to)
{
    const slide_manhattan *m = ctx;
    return (int)m->dist[tile][to] - (int)m->dist[tile][from];
}

static void manhattan_destroy(void *ctx, slide_budget *budget)
{
    slide_budget_free(budget, ctx, sizeof(slide_manhattan));
}

static const slide_heuristic heuristic_table[] = {
    {{"manhattan", "sum of each tile's Manhattan distance to its goal cell"}, manhattan_create,
     manhattan_estimate, manhattan_delta, manhattan_destroy},
    {{"linear", "Manhattan distance plus linear conflicts in rows and columns"},
     slide_linear_create, slide_linear_estimate, NULL, slide_linear_destroy},
    {{"pdb", "additive pattern databases (Korf & Felner 7-8 on 4x4), cached on disk"},
     slide_pdb_create, slide_pdb_estimate, NULL, slide_pdb_destroy},
};

#define HEURISTIC_COUNT (sizeof heuristic_table / sizeof heuristic_table[0])

size_t slide_heuristic_count(void)
{
    return HEURISTIC_COUNT;
}

const slide_heuristic_info *slide_heuristic_at(size_t index)
{
    return index < HEURISTIC_COUNT ? &heuristic_table[index].info : NULL;
}

const slide_heuristic *slide_heuristic_find(const char *name)
{
    for (size_t i = 0; i < HEURISTIC_COUNT; i++)
        if (strcmp(heuristic_table[i].info.name, name) == 0)
            return &heuristic_table[i];
    return NULL;
}
