/*
 * heuristic.h - the heuristic table, used by the searches of src/search/.
 *
 * Adding a heuristic is one file with its create/estimate/destroy functions
 * and one row in heuristic.c's table.
 */
#ifndef SLIDE_HEURISTIC_H
#define SLIDE_HEURISTIC_H

#include "core/core.h"

struct pdb_set;

/*
 * An admissible estimate of the moves left to the goal, over packed states.
 * create() builds whatever the heuristic needs for search->goal (tables are
 * charged to search->budget) into *ctx, which destroy() releases.
 * estimate() is the full evaluation.  delta(), when not NULL, says how the
 * estimate changes when `tile` moves from cell `from` to cell `to` and the
 * rest of the board is irrelevant to that change (Manhattan distance);
 * searches use it for incremental updates and fall back to estimate().
 * pattern_databases(), when not NULL, returns the pattern databases behind
 * ctx (owned by ctx): a search that moves one tile at a time can then follow
 * the estimate with pdb_walk (pdb/walk.h), which re-reads only the groups a
 * move touches.  estimate_wide() is estimate() for boards of 17 to 25 cells
 * (create() sets the heuristic up for either width: search->shape says).
 */
typedef struct heuristic_impl {
    slide_heuristic_info info;
    int (*create)(search_task *search, void **ctx);
    unsigned (*estimate)(const void *ctx, state64 s);
    int (*delta)(const void *ctx, unsigned tile, int from, int to);
    void (*destroy)(void *ctx, search_budget *budget);
    const struct pdb_set *(*pattern_databases)(const void *ctx);
    unsigned (*estimate_wide)(const void *ctx, state128 s);
} heuristic_impl;

const heuristic_impl *heuristic_find(const char *name);

/*
 * What the estimates of heuristic h with context ctx depend on, as 64 bits:
 * its name and, for pattern databases, the shape, the goal and every
 * table's tiles, frame, layout and size (builds are deterministic, so equal
 * plans mean equal tables).  Two processes whose fingerprints match prune
 * alike; a split search (search.h, ida_job) refuses work cut with another.
 */
uint64_t heuristic_fingerprint(const heuristic_impl *h, const void *ctx);
/*
 * The fingerprint heuristic_fingerprint gives once h is created for
 * search, from its plan alone: no table built, loaded or mapped.  SLIDE_OK,
 * or the plan's refusal (no table fits the memory cap), when only creating
 * h tells (it may then fall back on another heuristic).
 */
int heuristic_plan_fingerprint(search_task *search, const heuristic_impl *h, uint64_t *out);

/* Linear conflict (linear.c), the "linear" row of the heuristic table. */
int linear_create(search_task *search, void **ctx);
unsigned linear_estimate(const void *ctx, state64 s);
unsigned linear_estimate_wide(const void *ctx, state128 s);
void linear_destroy(void *ctx, search_budget *budget);
/*
 * Linear conflict of start against goal (same shape, both valid) on a board
 * of any size, as linear_estimate counts it on packed ones: the fewest
 * moves any answer needs, as far as this heuristic proves.  Borrows a word
 * a cell and two a line from budget.  SLIDE_OK, or its refusal (*bound 0).
 */
int linear_board_bound(const slide_board *start, const slide_board *goal, search_budget *budget,
                       uint64_t *bound);

/* Additive pattern databases (pdb.c), the "pdb" row of the heuristic table. */
int pdb_heuristic_create(search_task *search, void **ctx);
unsigned pdb_heuristic_estimate(const void *ctx, state64 s);
unsigned pdb_heuristic_estimate_wide(const void *ctx, state128 s);
void pdb_heuristic_destroy(void *ctx, search_budget *budget);
/*
 * 1 when the tables pdb_heuristic_create would plan for search (its shape,
 * goal, group cap and memory cap) are all in the cache directory and sound,
 * else 0; nothing is built and nothing stays held.  For `auto`, which uses
 * them only when they need no build.
 */
int pdb_heuristic_cached(search_task *search);
/* The full tables pdb_heuristic_create plans for search, named (no data): SLIDE_OK or why not. */
int pdb_heuristic_plan(search_task *search, struct pdb_set *plan);
/*
 * The table entries a search with no heuristic named would have to build
 * before it starts: 0 when its tables are at hand (held by the search's
 * context, or cached: the full ones, or the quick ones that stand in for
 * them) or when none fits the memory cap.  Nothing is built and nothing
 * stays held.  For `auto`, which weighs a build against more of a search
 * that needs no table.
 */
uint64_t pdb_heuristic_build_states(search_task *search);
/* The pattern databases behind a context made by pdb_heuristic_create. */
const struct pdb_set *pdb_heuristic_set(const void *ctx);

#endif /* SLIDE_HEURISTIC_H */
