/*
 * heuristic.c - the heuristic table and its Manhattan row.
 *
 * Adding a heuristic is one file with a heuristic_impl and one row below.
 * Manhattan distance is consistent: a move changes one tile's distance by
 * exactly one, so h never drops by more than the cost of the move, which is
 * what lets A* close a state the first time it is expanded.
 */
#include "heuristic/heuristic.h"
#include "pdb/pdb.h"

static int manhattan_create(search_task *search, void **ctx)
{
    manhattan_table *m = budget_alloc(search->budget, sizeof *m);
    if (!m)
        return search->budget->status;
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    search_goal_cells(search, goal);
    manhattan_init_cells(m, &search->shape, goal);
    *ctx = m;
    return SLIDE_OK;
}

static unsigned manhattan_row_estimate(const void *ctx, state64 s)
{
    return manhattan_estimate(ctx, s);
}

static unsigned manhattan_row_estimate_wide(const void *ctx, state128 s)
{
    return manhattan_estimate_wide(ctx, s);
}

static int manhattan_delta(const void *ctx, unsigned tile, int from, int to)
{
    const manhattan_table *m = ctx;
    return (int)m->dist[tile][to] - (int)m->dist[tile][from];
}

static void manhattan_destroy(void *ctx, search_budget *budget)
{
    budget_free(budget, ctx, sizeof(manhattan_table));
}

static const heuristic_impl heuristic_table[] = {
    {{"manhattan", "sum of each tile's Manhattan distance to its goal cell"}, manhattan_create,
     manhattan_row_estimate, manhattan_delta, manhattan_destroy, NULL,
     manhattan_row_estimate_wide},
    {{"linear", "Manhattan distance plus linear conflicts in rows and columns"},
     linear_create, linear_estimate, NULL, linear_destroy, NULL, linear_estimate_wide},
    {{"pdb", "additive pattern databases (Korf & Felner 7-8 on 4x4, 6-6-6-6 on 5x5), cached on disk"},
     pdb_heuristic_create, pdb_heuristic_estimate, NULL, pdb_heuristic_destroy,
     pdb_heuristic_set, pdb_heuristic_estimate_wide},
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

const heuristic_impl *heuristic_find(const char *name)
{
    for (size_t i = 0; i < HEURISTIC_COUNT; i++)
        if (strcmp(heuristic_table[i].info.name, name) == 0)
            return &heuristic_table[i];
    return NULL;
}

/* The fingerprint of heuristic h with the tables of set (NULL: none); set's data is not read. */
static uint64_t fingerprint_of(const heuristic_impl *h, const pdb_set *set)
{
    uint8_t key[64 + PDB_MAX_GROUPS * (3 * SLIDE_MAX_WIDE_CELLS + 16) + SLIDE_MAX_WIDE_CELLS];
    size_t len = strlen(h->info.name);
    memcpy(key, h->info.name, len);
    key[len++] = 0;
    if (set) {
        key[len++] = (uint8_t)set->shape.rows;
        key[len++] = (uint8_t)set->shape.cols;
        memcpy(key + len, set->goal_cells, (size_t)set->shape.cells);
        len += (size_t)set->shape.cells;
        key[len++] = (uint8_t)set->count;
        key[len++] = (uint8_t)set->mirrored;
        for (int g = 0; g < set->count; g++) {
            const pdb_group *t = &set->groups[g];
            key[len++] = (uint8_t)t->size;
            memcpy(key + len, t->tiles, (size_t)t->size);
            len += (size_t)t->size;
            memcpy(key + len, t->home, (size_t)t->size);
            len += (size_t)t->size;
            key[len++] = t->blank_home;
            key[len++] = (uint8_t)t->per_region;
            /* not the entry width: the build chooses it, and the plan fixes the build */
            for (int b = 0; b < 4; b++)
                key[len++] = (uint8_t)(t->entries >> (8 * b));
        }
    }
    uint64_t hash = 14695981039346656037ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ key[i]) * 1099511628211ull;
    return hash;
}

uint64_t heuristic_fingerprint(const heuristic_impl *h, const void *ctx)
{
    return fingerprint_of(h, h->pattern_databases ? h->pattern_databases(ctx) : NULL);
}

int heuristic_plan_fingerprint(search_task *search, const heuristic_impl *h, uint64_t *out)
{
    pdb_set plan;
    if (!h->pattern_databases) {
        *out = fingerprint_of(h, NULL);
        return SLIDE_OK;
    }
    int status = pdb_heuristic_plan(search, &plan);
    if (status == SLIDE_OK)
        *out = fingerprint_of(h, &plan);
    return status;
}
