/*
 * pdb.c - the "pdb" row of the heuristic table: finds the pattern
 * databases for a search's shape and goal.
 *
 * With a context the tables are loaded or built once per (shape, goal,
 * groups) and shared by every board of the batch, charged to the context's
 * budget.  Without one they are loaded or built for this search alone and
 * charged to its budget.  Either way the disk cache is used unless the
 * search's pdb options turn it off.
 */
#include "heuristic/heuristic.h"
#include "pdb/pdb.h"

#include <stdio.h>

typedef struct pdb_heuristic {
    const pdb_set *set;
    pdb_set *owned; /* non-NULL when the tables belong to this search */
} pdb_heuristic;

/* What the context's build callback needs: the planned groups and where to cache. */
typedef struct pdb_request {
    const pdb_set *plan;
    const char *dir;
    pdb_reporter reporter;
} pdb_request;

static int build_set(void *arg, search_budget *budget, void **data, size_t *size)
{
    const pdb_request *request = arg;
    pdb_set *set = budget_alloc(budget, sizeof *set);
    if (!set)
        return budget->status;
    *set = *request->plan;
    int loaded, built;
    int status = pdb_set_prepare(set, request->dir, budget, &request->reporter, &loaded, &built);
    if (status != SLIDE_OK) {
        budget_free(budget, set, sizeof *set);
        return status;
    }
    *data = set;
    *size = sizeof *set;
    return SLIDE_OK;
}

static void destroy_set(void *data, size_t size, search_budget *budget)
{
    pdb_set_release(data, budget);
    budget_free(budget, data, size);
}

/* The bytes that identify a planned database: shape, goal, and each group's tiles in order. */
static size_t plan_key(const pdb_set *plan, uint8_t *key)
{
    size_t len = 0;
    key[len++] = (uint8_t)plan->shape.rows;
    key[len++] = (uint8_t)plan->shape.cols;
    for (int c = 0; c < plan->shape.cells; c++)
        key[len++] = (uint8_t)state_get(plan->goal, c);
    for (int g = 0; g < plan->count; g++) {
        key[len++] = (uint8_t)plan->groups[g].size;
        memcpy(key + len, plan->groups[g].tiles, (size_t)plan->groups[g].size);
        len += (size_t)plan->groups[g].size;
    }
    return len;
}

int pdb_heuristic_create(search_task *search, void **ctx)
{
    static const slide_pdb_options defaults = {NULL, 0, 0};
    const slide_pdb_options *options = search->pdb ? search->pdb : &defaults;
    int max_group = options->max_group ? options->max_group : pdb_env_max_group();
    pdb_set plan;
    int status =
        pdb_plan(&plan, &search->shape, search->goal_state, max_group, search->budget->cap);
    if (status != SLIDE_OK) {
        search_note_remedy(search, SLIDE_REMEDY_HEURISTIC_LINEAR,
                           "no pattern database fits the memory cap");
        return status;
    }
    pdb_heuristic *h = budget_calloc(search->budget, 1, sizeof *h);
    if (!h)
        return search->budget->status;
    char dir[4096];
    pdb_request request = {&plan, NULL, {search->progress, search->progress_ctx}};
    if (!options->no_disk_cache) {
        if (pdb_cache_dir(options->cache_dir, dir, sizeof dir) == SLIDE_OK)
            request.dir = dir;
        else
            pdb_report_note(&request.reporter,
                            "no cache directory (set SLIDE_CACHE_DIR or HOME); pattern databases "
                            "are kept in memory for this run only");
    }
    void *data = NULL;
    size_t size = 0;
    if (search->context) {
        uint8_t key[SLIDE_MAX_PACKED_CELLS * 3 + 2];
        size_t key_len = plan_key(&plan, key);
        status = context_cache_get(search->context, CACHE_PATTERN_DB, key, key_len, build_set,
                                   destroy_set, &request, &data);
    } else {
        status = build_set(&request, search->budget, &data, &size);
        h->owned = data;
    }
    if (status != SLIDE_OK) {
        if (status == SLIDE_E_MEMLIMIT)
            search_note_remedy(search, SLIDE_REMEDY_HEURISTIC_LINEAR,
                               "the pattern database does not fit the memory cap");
        budget_free(search->budget, h, sizeof *h);
        return status;
    }
    h->set = data;
    search->stats->table_memory = 0;
    for (int g = 0; g < h->set->count; g++)
        search->stats->table_memory += h->set->groups[g].bytes;
    *ctx = h;
    return SLIDE_OK;
}

unsigned pdb_heuristic_estimate(const void *ctx, state64 s)
{
    const pdb_heuristic *h = ctx;
    return pdb_estimate(h->set, s);
}

const pdb_set *pdb_heuristic_set(const void *ctx)
{
    return ((const pdb_heuristic *)ctx)->set;
}

void pdb_heuristic_destroy(void *ctx, search_budget *budget)
{
    pdb_heuristic *h = ctx;
    if (!h)
        return;
    if (h->owned)
        destroy_set(h->owned, sizeof *h->owned, budget);
    budget_free(budget, h, sizeof *h);
}
