/*
 * idastar_wide.c - the IDA* node loops for boards of 17 to 25 cells (5x5,
 * 4x6, 3x8, 2x12 ...), run by the IDA* driver (idastar_driver.c) exactly
 * as idastar.c's loops are for smaller boards.
 *
 * Such a board does not fit the 64-bit state, and IDA* needs no packed
 * state at all: the pattern database loop keeps the board as one tile per
 * cell, changed and restored in place, next to the walk (pdb/walk.h) that
 * holds each group's placement and entry and re-ranks only the group of
 * the tile that moved.  The goal is reached exactly when the walk's
 * Manhattan distance is 0, which costs no comparison of boards.  Before a
 * node's children are tried, the entries every child needs are located and
 * prefetched: on the 24-puzzle's 64 MB tables nearly every read misses the
 * cache, and the children's reads are independent, so their waits overlap.
 *
 * Any other heuristic (manhattan, linear) gets the plain loop over the wide
 * state (core.h state128), estimate_wide() or delta() a child.
 */
#include "heuristic/heuristic.h"
#include "pdb/walk.h"
#include "search/search.h"

/* One thread's searcher; the heuristic's context and the tables are shared, read only. */
typedef struct ida_wide {
    ida_thread run;
    const geometry *shape;
    uint8_t start[SLIDE_MAX_WIDE_CELLS]; /* the start board, tile per cell */
    state128 start_state;
    state128 goal;
    /* the pattern database loop: the board and the walk that follows it */
    const pdb_set *set;
    uint8_t board[SLIDE_MAX_WIDE_CELLS];
    pdb_walk walk;
    /* the plain loop */
    const heuristic_impl *heuristic;
    void *heuristic_ctx;
} ida_wide;

/* One child of a node, located before any child is tried (pdb_walk_locate). */
typedef struct child_wide {
    int move;
    int target;
    uint32_t at; /* its twin automaton state */
    unsigned h;
    int dual; /* its dual lookup was located */
    pdb_step step;
} child_wide;

static int dfs_pdb_one(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                       uint32_t at);
static int dfs_pdb_dual_one(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                            uint32_t at);
static int dfs_pdb_two(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                       uint32_t at);
static int dfs_pdb_dual_two(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                            uint32_t at);
static int dfs_plain(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp, uint32_t at);

/* ida_f in dfs_body: the dual lookups run at weight 1 only, where f is (g + h) * one weight. */
static ALWAYS_INLINE unsigned loop_f(const ida_thread *t, unsigned g, unsigned h, int dual)
{
    return dual ? (g + h) * IDA_WEIGHT_ONE : ida_f(t, g, h);
}

/*
 * The node loop of both kinds (use_pdb, dual and sides are constants in each
 * copy; sides is the walk's, 2 with the reflection, and 1 in the plain loop):
 * the pattern database loop follows s->board and s->walk and ignores state;
 * the plain one follows state.  *hp is the node's estimate on entry and, with
 * dual, what was learned of it on return.  Returns 1 when the goal was
 * reached (t->path holds the moves), 0 when not, <0 to stop.
 *
 * With dual (plain IDA* only, never the weighted ladder, whose budgeted
 * rungs must keep their answers) a child that passes the regular estimate
 * also gets the dual lookup (pdb/walk.h), located for all such children
 * before any is read, and BPMX (Felner, Zahavi, Schaeffer and Holte 2005)
 * passes the inconsistent values on: a child's h - 1 bounds the node's h,
 * which cuts the node and its later children as soon as g + h passes the
 * bound, and the node's h - 1 bounds each child's.  Every value stays
 * admissible, so no node of a shortest path is cut at the last bound and
 * the answer is the same string.
 */
static ALWAYS_INLINE int dfs_body(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                                  uint32_t at, int use_pdb, int dual, int sides)
{
    ida_thread *t = &s->run;
    if (use_pdb ? s->walk.manhattan == 0 : state128_equal(state, s->goal)) {
        t->found_length = g;
        return 1;
    }
    if (g == t->split_depth)
        return ida_split(t, g);
    int stop = ida_tick(t);
    if (stop)
        return stop;
    child_wide children[4];
    int count = 0;
    const uint32_t *twins = t->twins[at];
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (twins[m] == TWIN_STOP || target < 0)
            continue;
        child_wide *child = &children[count++];
        child->move = m;
        child->target = target;
        child->at = twins[m];
        if (use_pdb)
            pdb_walk_locate_body(&s->walk, s->board[target], (unsigned)target, (unsigned)blank,
                                 &child->step, 0, sides);
    }
    const heuristic_impl *heuristic = s->heuristic;
    unsigned h = *hp;
    if (use_pdb) {
        for (int i = 0; i < count; i++) {
            child_wide *child = &children[i];
            t->generated++;
            child->h = pdb_walk_read_sides(&s->walk, &child->step, sides);
            /* the dual lookup only where the regular one does not cut (lazily) */
            child->dual = dual && loop_f(t, g + 1, child->h, dual) <= t->bound;
            if (child->dual)
                pdb_dual_locate(&s->walk, s->board[child->target], (unsigned)child->target,
                                (unsigned)blank, &child->step, 1, sides);
        }
        if (dual)
            for (int i = 0; i < count; i++) {
                child_wide *child = &children[i];
                if (child->dual) {
                    unsigned dual_sum = pdb_dual_read(&s->walk, &child->step, sides);
                    unsigned d = child->step.manhattan + 2 * dual_sum;
                    if (d > child->h)
                        child->h = d;
                }
                if (child->h > h + 1)
                    h = child->h - 1;
            }
        if (dual && loop_f(t, g, h, dual) > t->bound) {
            if (loop_f(t, g, h, dual) < t->next_bound)
                t->next_bound = loop_f(t, g, h, dual);
            *hp = h;
            return 0;
        }
    }
    for (int i = 0; i < count; i++) {
        child_wide *child = &children[i];
        int target = child->target;
        state128 next = state;
        unsigned next_h;
        if (use_pdb) {
            next_h = child->h;
            if (dual && next_h + 1 < h)
                next_h = h - 1;
        } else {
            t->generated++;
            next = state128_swap(state, blank, target);
            next_h = heuristic->delta
                         ? (unsigned)((int)h + heuristic->delta(s->heuristic_ctx,
                                                                state128_get(state, target), target,
                                                                blank))
                         : heuristic->estimate_wide(s->heuristic_ctx, next);
        }
        if (g + 1 + next_h >= t->limit)
            continue;
        unsigned f = loop_f(t, g + 1, next_h, dual);
        if (f > t->bound) {
            if (f < t->next_bound)
                t->next_bound = f;
            continue;
        }
        t->path[g] = (uint8_t)child->move;
        int r;
        if (use_pdb) {
            pdb_walk_take_wide_sides(&s->walk, &child->step, sides);
            if (dual)
                pdb_dual_take(&s->walk, &child->step, sides);
            s->board[blank] = s->board[target];
            s->board[target] = 0;
            if (sides == 2)
                r = dual ? dfs_pdb_dual_two(s, next, target, g + 1, &next_h, child->at)
                         : dfs_pdb_two(s, next, target, g + 1, &next_h, child->at);
            else
                r = dual ? dfs_pdb_dual_one(s, next, target, g + 1, &next_h, child->at)
                         : dfs_pdb_one(s, next, target, g + 1, &next_h, child->at);
            s->board[target] = s->board[blank];
            s->board[blank] = 0;
            if (dual)
                pdb_dual_undo(&s->walk, &child->step, sides);
            pdb_walk_undo_wide_sides(&s->walk, &child->step, sides);
        } else {
            r = dfs_plain(s, next, target, g + 1, &next_h, child->at);
        }
        if (r)
            return r;
        if (dual && next_h > h + 1) {
            h = next_h - 1;
            if (loop_f(t, g, h, dual) > t->bound) {
                if (loop_f(t, g, h, dual) < t->next_bound)
                    t->next_bound = loop_f(t, g, h, dual);
                break;
            }
        }
    }
    if (dual)
        *hp = h;
    return 0;
}

static int dfs_pdb_one(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                       uint32_t at)
{
    return dfs_body(s, state, blank, g, hp, at, 1, 0, 1);
}

static int dfs_pdb_dual_one(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                            uint32_t at)
{
    return dfs_body(s, state, blank, g, hp, at, 1, 1, 1);
}

static int dfs_pdb_two(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                       uint32_t at)
{
    return dfs_body(s, state, blank, g, hp, at, 1, 0, 2);
}

static int dfs_pdb_dual_two(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp,
                            uint32_t at)
{
    return dfs_body(s, state, blank, g, hp, at, 1, 1, 2);
}

static int dfs_plain(ida_wide *s, state128 state, int blank, unsigned g, unsigned *hp, uint32_t at)
{
    return dfs_body(s, state, blank, g, hp, at, 0, 0, 1);
}

/* The cell of the blank on a tile-per-cell board. */
static int blank_cell(const uint8_t *board, int cells)
{
    int c = 0;
    while (c < cells - 1 && board[c] != 0)
        c++;
    return c;
}

/* The ida_subtree_fn of these loops (search.h): replays the prefix, then searches below it. */
static int search_subtree_wide(ida_thread *t, const uint8_t *prefix, unsigned depth)
{
    ida_wide *s = t->searcher;
    int blank = blank_cell(s->start, s->shape->cells);
    uint32_t at = twin_follow(t->twins, prefix, depth);
    if (at == TWIN_STOP)
        return 0; /* a twin's subtree holds whatever this one would */
    if (s->set) {
        memcpy(s->board, s->start, sizeof s->board);
        pdb_walk_start_cells(&s->walk, s->set, s->board);
        for (unsigned i = 0; i < depth; i++) {
            int target = s->shape->neighbour[blank][prefix[i]];
            pdb_step step;
            pdb_walk_locate(&s->walk, s->board[target], (unsigned)target, (unsigned)blank, &step);
            pdb_walk_read(&s->walk, &step);
            pdb_walk_take_wide(&s->walk, &step);
            s->board[blank] = s->board[target];
            s->board[target] = 0;
            blank = target;
            t->path[i] = prefix[i];
        }
        unsigned h = 0;
        if (t->weight == IDA_WEIGHT_ONE) { /* dual lookups and BPMX: plain IDA* only */
            h = pdb_walk_start_dual(&s->walk, s->board);
            return s->walk.sides == 2 ? dfs_pdb_dual_two(s, s->start_state, blank, depth, &h, at)
                                      : dfs_pdb_dual_one(s, s->start_state, blank, depth, &h, at);
        }
        return s->walk.sides == 2 ? dfs_pdb_two(s, s->start_state, blank, depth, &h, at)
                                  : dfs_pdb_one(s, s->start_state, blank, depth, &h, at);
    }
    state128 state = s->start_state;
    for (unsigned i = 0; i < depth; i++) {
        int target = s->shape->neighbour[blank][prefix[i]];
        state = state128_swap(state, blank, target);
        blank = target;
        t->path[i] = prefix[i];
    }
    unsigned h = s->heuristic->estimate_wide(s->heuristic_ctx, state);
    return dfs_plain(s, state, blank, depth, &h, at);
}

int idastar_wide_run(search_task *search, const heuristic_impl *heuristic, void *heuristic_ctx)
{
    int count = ida_thread_count(search);
    ida_wide *searchers = budget_calloc(search->budget, (size_t)count, sizeof *searchers);
    if (!searchers)
        return search->budget->status;
    const pdb_set *set =
        heuristic->pattern_databases ? heuristic->pattern_databases(heuristic_ctx) : NULL;
    ida_thread *threads[IDA_MAX_THREADS];
    for (int i = 0; i < count; i++) {
        ida_wide *s = &searchers[i];
        s->shape = &search->shape;
        for (int c = 0; c < search->shape.cells; c++)
            s->start[c] = (uint8_t)search->start->cells[c];
        s->start_state = search->start_wide;
        s->goal = search->goal_wide;
        s->set = set;
        s->heuristic = heuristic;
        s->heuristic_ctx = heuristic_ctx;
        s->run.searcher = s;
        threads[i] = &s->run;
    }
    unsigned h = set ? pdb_walk_start_cells(&searchers[0].walk, set, searchers[0].start)
                     : heuristic->estimate_wide(heuristic_ctx, search->start_wide);
    int status = ida_drive(search, search_subtree_wide, threads, count, h);
    budget_free(search->budget, searchers, (size_t)count * sizeof *searchers);
    return status;
}
