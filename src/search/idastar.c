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
 * (pdb/pdb.h), which re-reads only what a move changes.
 */
#include "heuristic/heuristic.h"
#include "pdb/pdb.h"
#include "search/search.h"

#include <limits.h>
#include <stdio.h>

typedef struct ida {
    const geometry *shape;
    state64 goal;
    search_budget *budget;
    slide_stats *stats;
    unsigned bound;
    unsigned next_bound;
    unsigned found_length;
    uint8_t *path;
    size_t path_cap;
    /* any heuristic of the table */
    const heuristic_impl *heuristic;
    void *heuristic_ctx;
    /* pattern databases, when the heuristic offers them */
    const pdb_set *set;
    pdb_walk walk;
} ida;

/* Counts an expansion; every 4096 checks the deadline.  Non-zero = stop. */
static int expand_tick(ida *s)
{
    return (++s->stats->expanded & 4095) == 0 && budget_expired(s->budget);
}

static void cut(ida *s, unsigned f)
{
    if (f < s->next_bound)
        s->next_bound = f;
}

/* Returns 1 when the goal was reached (path holds the moves), 0 when not, <0 on a limit. */
static int dfs_generic(ida *s, state64 state, int blank, unsigned g, unsigned h, int back)
{
    if (state == s->goal) {
        s->found_length = g;
        return 1;
    }
    if (expand_tick(s))
        return s->budget->status;
    const heuristic_impl *heuristic = s->heuristic;
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        state64 next = state_swap(state, blank, target);
        s->stats->generated++;
        unsigned next_h = heuristic->delta
                              ? (unsigned)((int)h + heuristic->delta(s->heuristic_ctx,
                                                                     state_get(state, target),
                                                                     target, blank))
                              : heuristic->estimate(s->heuristic_ctx, next);
        unsigned f = g + 1 + next_h;
        if (f > s->bound) {
            cut(s, f);
            continue;
        }
        s->path[g] = (uint8_t)m;
        int r = dfs_generic(s, next, target, g + 1, next_h, move_inverse(m));
        if (r)
            return r;
    }
    return 0;
}

/* The pattern database loop: the walk follows the board (and holds its estimate). */
static int dfs_pdb(ida *s, state64 state, int blank, unsigned g, int back)
{
    if (state == s->goal) {
        s->found_length = g;
        return 1;
    }
    if (expand_tick(s))
        return s->budget->status;
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        unsigned tile = state_get(state, target);
        s->stats->generated++;
        pdb_step step;
        unsigned f = g + 1 + pdb_walk_try(&s->walk, tile, (unsigned)target, (unsigned)blank, &step);
        if (f > s->bound) {
            cut(s, f);
            continue;
        }
        pdb_walk_take(&s->walk, &step);
        s->path[g] = (uint8_t)m;
        int r = dfs_pdb(s, state_swap(state, blank, target), target, g + 1, move_inverse(m));
        if (r)
            return r;
        pdb_walk_undo(&s->walk, &step);
    }
    return 0;
}

static void report_iteration(search_task *search, unsigned bound)
{
    if (!search->progress)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_SEARCH;
    p.bound = bound;
    p.nodes = search->stats->expanded;
    search->progress(search->progress_ctx, &p);
}

/* Runs iterations until a solution, a limit or an error. */
static int iterate(search_task *search, ida *s)
{
    int blank = state_blank(search->start_state, s->shape->cells);
    unsigned h = s->set ? pdb_walk_start(&s->walk, s->set, search->start_state)
                        : s->heuristic->estimate(s->heuristic_ctx, search->start_state);
    for (s->bound = h;;) {
        report_iteration(search, s->bound);
        if (s->bound + 1 > s->path_cap) {
            size_t cap = s->path_cap ? s->path_cap * 2 : 256;
            while (cap < (size_t)s->bound + 1)
                cap *= 2;
            uint8_t *path = budget_realloc(s->budget, s->path, s->path_cap, cap);
            if (!path)
                return s->budget->status;
            s->path = path;
            s->path_cap = cap;
        }
        s->next_bound = UINT_MAX;
        int r = s->set ? dfs_pdb(s, search->start_state, blank, 0, -1)
                       : dfs_generic(s, search->start_state, blank, 0, h, -1);
        if (r < 0)
            return r;
        if (r == 1) {
            int status = SLIDE_OK;
            for (unsigned i = 0; i < s->found_length && status == SLIDE_OK; i++)
                status = move_list_push(search->moves, slide_move_letters[s->path[i]]);
            return status;
        }
        if (s->next_bound == UINT_MAX)
            return SLIDE_E_INTERNAL; /* parity said solvable, so some path must exist */
        s->bound = s->next_bound;
    }
}

/*
 * The heuristic to use: the requested one, else pattern databases on boards
 * of more than 9 cells and linear conflict (Manhattan when the table has no
 * "linear") on smaller ones, where a search is over before a table pays.
 */
static const char *default_heuristic(const search_task *search)
{
    if (search->shape.cells > 9)
        return "pdb";
    return heuristic_find("linear") ? "linear" : "manhattan";
}

int idastar_solve(search_task *search)
{
    ida s;
    memset(&s, 0, sizeof s);
    s.shape = &search->shape;
    s.goal = search->goal_state;
    s.budget = search->budget;
    s.stats = search->stats;
    if (search->start_state == search->goal_state)
        return SLIDE_OK;

    const char *name = search->heuristic ? search->heuristic : default_heuristic(search);
    const heuristic_impl *heuristic = heuristic_find(name);
    if (!heuristic)
        return SLIDE_E_UNKNOWN_HEURISTIC;
    int status = heuristic->create(search, &s.heuristic_ctx);
    if (status == SLIDE_E_MEMLIMIT && !search->heuristic) {
        /* no database fits: say so, and fall back to the best heuristic that needs none */
        const char *fallback = heuristic_find("linear") ? "linear" : "manhattan";
        char cap[32];
        double bytes = (double)search->budget->cap;
        if (bytes >= 1024.0 * 1024.0)
            snprintf(cap, sizeof cap, "%.1f MiB", bytes / (1024.0 * 1024.0));
        else
            snprintf(cap, sizeof cap, "%.1f KiB", bytes / 1024.0);
        search_note(search, "no pattern database fits the memory cap of %s; used %s", cap,
                   strcmp(fallback, "linear") == 0 ? "linear conflict" : fallback);
        search->budget->status = SLIDE_OK;
        heuristic = heuristic_find(fallback);
        status = heuristic->create(search, &s.heuristic_ctx);
    }
    if (status != SLIDE_OK)
        return status;
    search->stats->heuristic = heuristic->info.name;
    s.heuristic = heuristic;
    if (heuristic->pattern_databases)
        s.set = heuristic->pattern_databases(s.heuristic_ctx);

    status = iterate(search, &s);
    if (status == SLIDE_E_TIMEOUT || status == SLIDE_E_MEMLIMIT)
        search_note(search, "idastar reached bound %u after %llu nodes with %s", s.bound,
                   (unsigned long long)search->stats->expanded, heuristic->info.name);
    budget_free(s.budget, s.path, s.path_cap);
    heuristic->destroy(s.heuristic_ctx, s.budget);
    return status;
}

const char *idastar_auto_name(int rows, int cols)
{
    (void)rows;
    (void)cols;
    return "idastar";
}
