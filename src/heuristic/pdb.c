/*
 * pdb.c - the "pdb" row of the heuristic table: finds the pattern
 * databases for a search's shape and goal.
 *
 * Asked for by name, the row uses the best tables for the memory cap
 * (pdb_plan: 7-8 on the 15-puzzle), loading or building them.  As the
 * default of a search, it uses those when every one is cached; otherwise,
 * when they would take long to build (more than PDB_QUICK_STATES abstract
 * states: minutes on the 15-puzzle), it uses tables that build in seconds
 * (pdb_plan_quick: 6-6-3), caches them too, and says once that the full
 * ones are missing, so that the first answer comes in seconds.
 *
 * With a context the set is made once per (shape, goal, groups, choice)
 * and shared by every board of the batch, and each of its tables once per
 * file (pdb_set.context): goals whose tables are the same files (the
 * 15-puzzle's goals with the blank in a corner all read the same two)
 * share them, held and charged to the context's budget once, and the note
 * that the full tables are missing is said once per shape and tables.
 * Without a context they are loaded or built for this search alone and
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

/*
 * What the context's build callback needs: the planned groups, their quick
 * stand-in (NULL when the plan is to be used whatever it costs), and where
 * to cache.
 */
typedef struct pdb_request {
    const pdb_set *plan;
    const pdb_set *quick;
    int remedy; /* with the stand-in's note: SLIDE_REMEDY_PDB_BUILD when that would help */
    const char *dir;
    pdb_reporter reporter;
    slide_context *context; /* where the tables are shared, NULL for the search's own */
    const search_budget *search_limits; /* its deadline and cancel, kept by a build for it */
} pdb_request;

/* "3-6-6": the sizes of set's groups, smallest first. */
static void describe_groups(const pdb_set *set, char *buf, size_t size)
{
    int sizes[PDB_MAX_GROUPS];
    for (int g = 0; g < set->count; g++) {
        int at = g;
        for (; at > 0 && sizes[at - 1] > set->groups[g].size; at--)
            sizes[at] = sizes[at - 1];
        sizes[at] = set->groups[g].size;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int g = 0; g < set->count && used < size; g++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d", g ? "-" : "", sizes[g]);
}

/*
 * Makes *set the tables to search with: the plan's when the request has no
 * quick stand-in or they are all cached, else the stand-in's, said once.
 */
static int prepare_choice(const pdb_request *request, pdb_set *set, search_budget *budget)
{
    int loaded, built;
    *set = *request->plan;
    set->context = request->context;
    if (!request->quick)
        return pdb_set_prepare(set, request->dir, budget, &request->reporter, &loaded, &built,
                               NULL);
    if (request->dir && pdb_set_load_cached(set, request->dir, budget, &request->reporter) == SLIDE_OK)
        return SLIDE_OK;
    budget->status = SLIDE_OK; /* a refused mapping leaves the quick tables to try */
    char full[48], quick[48], said[128];
    describe_groups(request->plan, full, sizeof full);
    describe_groups(request->quick, quick, sizeof quick);
    *set = *request->quick;
    set->context = request->context;
    /* once a run for a shape and its tables, however many goals meet it */
    int len = snprintf(said, sizeof said, "quick %dx%d %s %s", set->shape.rows, set->shape.cols,
                       full, quick);
    if (request->dir && context_first_time(request->context, CACHE_SAID, said, (size_t)len))
        pdb_report_note_remedy(&request->reporter, request->remedy,
                               "the full pattern databases for this %dx%d goal (%s tiles) are not "
                               "cached; using %s ones, which build in seconds but search slower",
                               set->shape.rows, set->shape.cols, full, quick);
    return pdb_set_prepare(set, request->dir, budget, &request->reporter, &loaded, &built, NULL);
}

static int build_set(void *arg, search_budget *budget, void **data, size_t *size)
{
    const pdb_request *request = arg;
    pdb_set *set = budget_alloc(budget, sizeof *set);
    if (!set)
        return budget->status;
    /*
     * A context's budget has no deadline or cancel of its own: the build done
     * for this search keeps the search's (held under the context's lock, and
     * put back).
     */
    search_budget own = *budget;
    budget->deadline = request->search_limits->deadline;
    budget->cancel = request->search_limits->cancel;
    budget->cancel_ctx = request->search_limits->cancel_ctx;
    int status = prepare_choice(request, set, budget);
    budget->deadline = own.deadline;
    budget->cancel = own.cancel;
    budget->cancel_ctx = own.cancel_ctx;
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

/*
 * The bytes that identify a planned database: whether a quick stand-in may
 * serve, shape, goal, and each group's tiles in order.
 */
static size_t plan_key(const pdb_set *plan, int may_stand_in, uint8_t *key)
{
    size_t len = 0;
    key[len++] = (uint8_t)may_stand_in;
    key[len++] = (uint8_t)plan->shape.rows;
    key[len++] = (uint8_t)plan->shape.cols;
    for (int c = 0; c < plan->shape.cells; c++)
        key[len++] = plan->goal_cells[c];
    for (int g = 0; g < plan->count; g++) {
        key[len++] = (uint8_t)plan->groups[g].size;
        memcpy(key + len, plan->groups[g].tiles, (size_t)plan->groups[g].size);
        len += (size_t)plan->groups[g].size;
    }
    return len;
}

/* The search's pattern database options, or the defaults. */
static const slide_pdb_options *options_of(const search_task *search)
{
    static const slide_pdb_options defaults;
    return search->pdb ? search->pdb : &defaults;
}

/*
 * The best tables for the search's shape, goal, group cap and memory cap
 * (no data); *max_group receives the group cap, goal the goal's cells.
 */
static int plan_full(const search_task *search, pdb_set *plan, uint8_t *goal, int *max_group)
{
    const slide_pdb_options *options = options_of(search);
    *max_group = options->max_group ? options->max_group : pdb_env_max_group();
    search_goal_cells(search, goal);
    return pdb_plan_cells(plan, &search->shape, goal, *max_group, search_table_cap(search));
}

/*
 * Non-zero when plan is what the cache gets from building the full tables
 * with the default memory cap (slide_pdb_prepare): under a smaller cap the
 * plan may be smaller tables, which that build would not make.
 */
static int plan_is_the_default(const search_task *search, const pdb_set *plan,
                               const uint8_t *goal, int max_group)
{
    pdb_set usual;
    if (search_table_cap(search) >= SLIDE_DEFAULT_MAX_MEMORY)
        return 1;
    if (pdb_plan_cells(&usual, &search->shape, goal, max_group, SLIDE_DEFAULT_MAX_MEMORY) !=
            SLIDE_OK ||
        usual.count != plan->count)
        return 0;
    for (int g = 0; g < plan->count; g++)
        if (usual.groups[g].size != plan->groups[g].size ||
            usual.groups[g].per_region != plan->groups[g].per_region ||
            memcmp(usual.groups[g].tiles, plan->groups[g].tiles, (size_t)plan->groups[g].size) != 0)
            return 0;
    return 1;
}

/*
 * Whether quick tables stand in for the full plan (filled into *quick):
 * only for the default heuristic (`named` is 0), when the full tables are
 * larger than the quick limit and a quick set fits (see the top).
 */
static int plan_quick(const search_task *search, const pdb_set *plan, const uint8_t *goal,
                      int max_group, int named, pdb_set *quick)
{
    const slide_pdb_options *options = options_of(search);
    uint64_t quick_states = options->quick_states ? options->quick_states : PDB_QUICK_STATES;
    return !named && pdb_plan_states(plan) > quick_states &&
           pdb_plan_quick_cells(quick, &search->shape, goal, max_group, search_table_cap(search),
                                quick_states) == SLIDE_OK;
}

/*
 * 1 when the tables of set are all at hand: held by the search's context
 * or in its cache directory with sound headers (pdb_set_at_hand: a look at
 * the headers, nothing mapped, so that asking costs a few system calls).
 */
static int cached_in_dir(search_task *search, pdb_set *set)
{
    const slide_pdb_options *options = options_of(search);
    char dir[4096];
    int have_dir =
        !options->no_disk_cache && pdb_cache_dir(options->cache_dir, dir, sizeof dir) == SLIDE_OK;
    set->context = search->context;
    return pdb_set_at_hand(set, have_dir ? dir : NULL);
}

uint64_t pdb_heuristic_build_states(search_task *search)
{
    pdb_set plan, quick;
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    int max_group;
    if (plan_full(search, &plan, goal, &max_group) != SLIDE_OK)
        return 0; /* no table fits: nothing would be built */
    int may_stand_in = plan_quick(search, &plan, goal, max_group, 0, &quick);
    if (search->context) {
        uint8_t key[SLIDE_MAX_WIDE_CELLS * 3 + 3];
        size_t key_len = plan_key(&plan, may_stand_in, key);
        if (context_cache_has(search->context, CACHE_PATTERN_DB, key, key_len))
            return 0;
    }
    if (cached_in_dir(search, &plan) || (may_stand_in && cached_in_dir(search, &quick)))
        return 0;
    return pdb_plan_states(may_stand_in ? &quick : &plan);
}

int pdb_heuristic_cached(search_task *search)
{
    pdb_set set;
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    int max_group;
    return plan_full(search, &set, goal, &max_group) == SLIDE_OK && cached_in_dir(search, &set);
}

int pdb_heuristic_plan(search_task *search, pdb_set *plan)
{
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    int max_group;
    return plan_full(search, plan, goal, &max_group);
}

int pdb_heuristic_create(search_task *search, void **ctx)
{
    const slide_pdb_options *options = options_of(search);
    int max_group;
    pdb_set plan;
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    int status = plan_full(search, &plan, goal, &max_group);
    if (status != SLIDE_OK) {
        search_note_remedy(search, SLIDE_REMEDY_HEURISTIC_LINEAR,
                           "no pattern database fits the memory cap");
        return status;
    }
    /* the default heuristic need not wait minutes for its first answer (see the top) */
    pdb_set quick;
    int may_stand_in = plan_quick(search, &plan, goal, max_group, search->heuristic != NULL, &quick);
    pdb_heuristic *h = budget_calloc(search->budget, 1, sizeof *h);
    if (!h)
        return search->budget->status;
    char dir[4096];
    pdb_request request = {&plan,
                           may_stand_in ? &quick : NULL,
                           SLIDE_REMEDY_NONE,
                           NULL,
                           {search->progress, search->progress_ctx},
                           search->context,
                           search->budget};
    if (may_stand_in && plan_is_the_default(search, &plan, goal, max_group))
        request.remedy = SLIDE_REMEDY_PDB_BUILD;
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
        uint8_t key[SLIDE_MAX_WIDE_CELLS * 3 + 3];
        size_t key_len = plan_key(&plan, may_stand_in, key);
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
        else if (status == SLIDE_E_TIMEOUT)
            search_note_remedy(search, SLIDE_REMEDY_PDB_BUILD,
                               "%s was still building its pattern databases (a table not "
                               "finished in time is built again by the next search)",
                               search->stats->algo ? search->stats->algo : "the search");
        budget_free(search->budget, h, sizeof *h);
        return status;
    }
    h->set = data;
    search->stats->table_memory = h->set->table_bytes;
    search->stats->table_shared = h->set->shared_bytes;
    *ctx = h;
    return SLIDE_OK;
}

unsigned pdb_heuristic_estimate(const void *ctx, state64 s)
{
    const pdb_heuristic *h = ctx;
    return pdb_estimate(h->set, s);
}

unsigned pdb_heuristic_estimate_wide(const void *ctx, state128 s)
{
    const pdb_heuristic *h = ctx;
    return pdb_estimate_wide(h->set, s);
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
