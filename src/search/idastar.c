/*
 * idastar.c - iterative-deepening A* (--algo idastar).
 *
 * Depth-first searches bounded by f = g + h, each bound the smallest f that
 * exceeded the one before, so the first solution found is a shortest one.
 * Memory is the current path only.  The state is changed and restored in
 * place, the move that would undo the previous one is never tried, and h is
 * updated from the one tile that moved instead of recomputed.
 *
 * Children are tried in u, d, l, r order and every shortest path lies inside
 * the last iteration (an admissible h keeps f <= the optimum along it), so
 * the answer is the first shortest path in that order: the same string BFS
 * prints.
 *
 * A heuristic row that offers its pattern databases gets its own loop (no
 * function pointer a node): the estimate follows the board through pdb_walk
 * (pdb/walk.h), which re-reads only what a move changes.
 *
 * The loops are subtree searches for the IDA* driver (idastar_driver.c),
 * which runs the iterations, on several threads when asked (same answer),
 * and the weighted ladder of --weight.
 */
#include "heuristic/heuristic.h"
#include "pdb/walk.h"
#include "search/search.h"

#include <limits.h>
#include <stdio.h>

/*
 * One thread's searcher: the shared ida_thread (bound, counters, path) and
 * this loop's own state.  The heuristic's context and the pattern databases
 * are read only, so every thread's searcher points at the same ones.
 */
typedef struct ida {
    ida_thread run;
    const geometry *shape;
    state64 start;
    state64 goal;
    /* any heuristic of the table */
    const heuristic_impl *heuristic;
    void *heuristic_ctx;
    /* pattern databases, when the heuristic offers them */
    const pdb_set *set;
    pdb_walk walk;
} ida;

/* Records an f above the bound: the next iteration's bound is the smallest. */
static void cut(ida_thread *t, unsigned f)
{
    if (f < t->next_bound)
        t->next_bound = f;
}

/* Returns 1 when the goal was reached (path holds the moves), 0 when not, <0 to stop. */
static int dfs_generic(ida *s, state64 state, int blank, unsigned g, unsigned h, uint32_t at)
{
    ida_thread *t = &s->run;
    if (state == s->goal) {
        t->found_length = g;
        return 1;
    }
    if (g == t->split_depth)
        return ida_split(t, g);
    int stop = ida_tick(t);
    if (stop)
        return stop;
    const heuristic_impl *heuristic = s->heuristic;
    const uint32_t *twins = t->twins[at];
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (twins[m] == TWIN_STOP || target < 0)
            continue;
        state64 next = state_swap(state, blank, target);
        t->generated++;
        unsigned next_h = heuristic->delta
                              ? (unsigned)((int)h + heuristic->delta(s->heuristic_ctx,
                                                                     state_get(state, target),
                                                                     target, blank))
                              : heuristic->estimate(s->heuristic_ctx, next);
        if (g + 1 + next_h >= t->limit)
            continue;
        unsigned f = ida_f(t, g + 1, next_h);
        if (f > t->bound) {
            cut(t, f);
            continue;
        }
        t->path[g] = (uint8_t)m;
        int r = dfs_generic(s, next, target, g + 1, next_h, twins[m]);
        if (r)
            return r;
    }
    return 0;
}

/* One child of a node, located before any child is read (pdb_walk_locate_body or _ranked). */
typedef struct child_narrow {
    int move;
    int target;
    uint32_t at; /* its twin automaton state */
    pdb_step step;
} child_narrow;

/*
 * The pattern database loop: the walk follows the board (and holds its
 * estimate).  Every child's entries are located and prefetched before any
 * is read, so that their cache misses overlap (the 7-8 tables are 495 MiB).
 * `sides` is a constant in each copy below: the walk's sides (1, or 2 with
 * the reflection) when every group is incremental (pdb_walk_locate_body),
 * 0 when groups are ranked again (pdb_walk_locate_ranked); each copy then
 * runs without a loop over sides or a test of the walk's kind.
 */
static ALWAYS_INLINE int dfs_pdb_body(ida *s, state64 state, int blank, unsigned g, uint32_t at,
                                      int sides);

static int dfs_pdb_ranked(ida *s, state64 state, int blank, unsigned g, uint32_t at)
{
    return dfs_pdb_body(s, state, blank, g, at, 0);
}

static int dfs_pdb_one(ida *s, state64 state, int blank, unsigned g, uint32_t at)
{
    return dfs_pdb_body(s, state, blank, g, at, 1);
}

static int dfs_pdb_two(ida *s, state64 state, int blank, unsigned g, uint32_t at)
{
    return dfs_pdb_body(s, state, blank, g, at, 2);
}

static ALWAYS_INLINE int dfs_pdb_body(ida *s, state64 state, int blank, unsigned g, uint32_t at,
                                      int sides)
{
    ida_thread *t = &s->run;
    if (state == s->goal) {
        t->found_length = g;
        return 1;
    }
    if (g == t->split_depth)
        return ida_split(t, g);
    int stop = ida_tick(t);
    if (stop)
        return stop;
    child_narrow children[4];
    int count = 0;
    const uint32_t *twins = t->twins[at];
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (twins[m] == TWIN_STOP || target < 0)
            continue;
        child_narrow *child = &children[count++];
        child->move = m;
        child->target = target;
        child->at = twins[m];
        unsigned tile = state_get(state, target);
        if (sides)
            pdb_walk_locate_body(&s->walk, tile, (unsigned)target, (unsigned)blank, &child->step,
                                 1, sides);
        else
            pdb_walk_locate_ranked(&s->walk, tile, (unsigned)target, (unsigned)blank, &child->step);
    }
    for (int i = 0; i < count; i++) {
        child_narrow *child = &children[i];
        t->generated++;
        unsigned h = sides ? pdb_walk_read_sides(&s->walk, &child->step, sides)
                           : pdb_walk_read_narrow(&s->walk, &child->step);
        if (g + 1 + h >= t->limit)
            continue;
        unsigned f = ida_f(t, g + 1, h);
        if (f > t->bound) {
            cut(t, f);
            continue;
        }
        if (sides)
            pdb_walk_take_wide_sides(&s->walk, &child->step, sides);
        else
            pdb_walk_take(&s->walk, &child->step);
        t->path[g] = (uint8_t)child->move;
        state64 next = state_swap(state, blank, child->target);
        int r = sides == 2   ? dfs_pdb_two(s, next, child->target, g + 1, child->at)
                : sides == 1 ? dfs_pdb_one(s, next, child->target, g + 1, child->at)
                             : dfs_pdb_ranked(s, next, child->target, g + 1, child->at);
        if (r)
            return r;
        if (sides)
            pdb_walk_undo_wide_sides(&s->walk, &child->step, sides);
        else
            pdb_walk_undo(&s->walk, &child->step);
    }
    return 0;
}

/* The ida_subtree_fn of this loop (search.h): replays the prefix, then searches below it. */
static int search_subtree(ida_thread *t, const uint8_t *prefix, unsigned depth)
{
    ida *s = t->searcher;
    state64 state = s->start;
    int blank = state_blank(state, s->shape->cells);
    for (unsigned i = 0; i < depth; i++) {
        int target = s->shape->neighbour[blank][prefix[i]];
        state = state_swap(state, blank, target);
        blank = target;
        t->path[i] = prefix[i];
    }
    uint32_t at = twin_follow(t->twins, prefix, depth);
    if (at == TWIN_STOP)
        return 0; /* a twin's subtree holds whatever this one would */
    if (s->set) {
        /*
         * Started afresh rather than stepped along the prefix: the locate
         * is then called from the loops alone, where the compiler inlines
         * it (a second caller made it an out-of-line call, slower a node).
         */
        pdb_walk_start(&s->walk, s->set, state);
        if (!s->walk.incremental)
            return dfs_pdb_ranked(s, state, blank, depth, at);
        return s->walk.sides == 2 ? dfs_pdb_two(s, state, blank, depth, at)
                                  : dfs_pdb_one(s, state, blank, depth, at);
    }
    return dfs_generic(s, state, blank, depth, s->heuristic->estimate(s->heuristic_ctx, state), at);
}

/* A heuristic's name as the notes say it. */
static const char *heuristic_label(const char *name)
{
    return strcmp(name, "linear") == 0 ? "linear conflict" : name;
}

const char *idastar_default_heuristic(long long cells, int pdb_fits)
{
    /* on 9 cells or fewer a search is over before a pattern database would pay */
    if (cells > 9 && pdb_fits)
        return "pdb";
    return heuristic_find("linear") ? "linear" : "manhattan";
}

/*
 * After heuristic `name` did not fit the memory cap: when none was named,
 * the best heuristic that needs no table instead (into *heuristic and
 * *heuristic_ctx); and the note that says what did not fit.  Returns
 * SLIDE_OK, or the status to stop with.
 */
static int after_memlimit(search_task *search, const char *name, const heuristic_impl **heuristic,
                          void **heuristic_ctx)
{
    const char *fallback = idastar_default_heuristic(search->shape.cells, 0);
    char cap[32];
    format_bytes(search_table_cap(search), cap, sizeof cap);
    int status = SLIDE_E_MEMLIMIT;
    if (!search->heuristic && strcmp(name, fallback) != 0) {
        /* no database fits: fall back to the best heuristic that needs none, and say so */
        search->budget->status = SLIDE_OK;
        *heuristic = heuristic_find(fallback);
        status = (*heuristic)->create(search, heuristic_ctx);
        if (status == SLIDE_OK)
            search_note(search, "no pattern database fits the memory cap of %s; used %s", cap,
                        heuristic_label(fallback));
        else
            search_note(search, "no pattern database fits the memory cap of %s, nor does %s", cap,
                        heuristic_label(fallback));
    } else if (!search->stats->note[0]) {
        search_note(search, "%s does not fit the memory cap of %s", heuristic_label(name), cap);
    } else if (strcmp(name, "pdb") != 0) {
        /* after what else did not fit (the distance table) */
        char before[sizeof search->stats->note];
        snprintf(before, sizeof before, "%s", search->stats->note);
        search_note(search, "%s; %s does not fit it either", before, heuristic_label(name));
    }
    return status;
}

int idastar_solve(search_task *search)
{
    if (slide_board_equal(search->start, search->goal))
        return SLIDE_OK;
    const char *name =
        search->heuristic ? search->heuristic : idastar_default_heuristic(search->shape.cells, 1);
    if (search->job)
        search->heuristic =
            name; /* every piece of a split search uses these tables, never a stand-in */
    const heuristic_impl *heuristic = heuristic_find(name);
    if (!heuristic)
        return SLIDE_E_UNKNOWN_HEURISTIC;
    if (search->job && search->job->kind == IDA_JOB_TABLES) {
        search->stats->heuristic = heuristic->info.name;
        return heuristic_plan_fingerprint(search, heuristic, &search->job->tables);
    }
    void *heuristic_ctx = NULL;
    int status = heuristic->create(search, &heuristic_ctx);
    if (status == SLIDE_E_MEMLIMIT)
        status = after_memlimit(search, name, &heuristic, &heuristic_ctx);
    if (status != SLIDE_OK)
        return status;
    search->stats->heuristic = heuristic->info.name;
    if (search->job)
        search->job->tables = heuristic_fingerprint(heuristic, heuristic_ctx);
    if (search->shape.cells > SLIDE_MAX_PACKED_CELLS) {
        status = idastar_wide_run(search, heuristic, heuristic_ctx);
        heuristic->destroy(heuristic_ctx, search->budget);
        return status;
    }

    /* one searcher a thread, all over the same heuristic context (one alone needs no heap) */
    int count = ida_thread_count(search);
    ida alone;
    memset(&alone, 0, sizeof alone);
    ida *searchers = count > 1 ? budget_calloc(search->budget, (size_t)count, sizeof *searchers)
                               : &alone;
    if (!searchers) {
        heuristic->destroy(heuristic_ctx, search->budget);
        return search->budget->status;
    }
    ida_thread *threads[IDA_MAX_THREADS];
    for (int i = 0; i < count; i++) {
        ida *s = &searchers[i];
        s->shape = &search->shape;
        s->start = search->start_state;
        s->goal = search->goal_state;
        s->heuristic = heuristic;
        s->heuristic_ctx = heuristic_ctx;
        if (heuristic->pattern_databases)
            s->set = heuristic->pattern_databases(heuristic_ctx);
        s->run.searcher = s;
        threads[i] = &s->run;
    }
    unsigned h = searchers[0].set ? pdb_walk_start(&searchers[0].walk, searchers[0].set,
                                                   search->start_state)
                                  : heuristic->estimate(heuristic_ctx, search->start_state);
    status = ida_drive(search, search_subtree, threads, count, h);
    if (searchers != &alone)
        budget_free(search->budget, searchers, (size_t)count * sizeof *searchers);
    heuristic->destroy(heuristic_ctx, search->budget);
    return status;
}
