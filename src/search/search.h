/*
 * search.h - the algorithm table, shared by the files of src/search/ only.
 *
 * Adding an algorithm is one file with a solve function and one row in
 * algorithms.c's table.  Every solve function receives a search_task (core.h)
 * whose board is already known solvable, pushes its moves to task->moves in
 * order and returns SLIDE_OK or a status.
 */
#ifndef SLIDE_SEARCH_H
#define SLIDE_SEARCH_H

#include "core/core.h"

typedef int (*solve_fn)(search_task *search);

typedef struct algorithm {
    slide_algo_info info;
    solve_fn solve;
} algorithm;

const algorithm *algorithm_find(const char *name);

int bfs_solve(search_task *search);
int bibfs_solve(search_task *search);
int astar_solve(search_task *search);
int distance_table_solve(search_task *search);
int idastar_solve(search_task *search);
/* Near-optimal above 16 cells without tables (beam.c), and by reduction on any size (reduce.c). */
int beam_solve(search_task *search);
/*
 * Beam search of the board as given only, not of its other views (see
 * beam.c): for reduce, whose answer is nearly all strategy's moves.
 */
int beam_solve_single(search_task *search);
/*
 * What beam_solve and beam_solve_single return when search_task.beam_bound
 * cut every path (nothing shorter than the bound was found); never
 * returned from slide_solve.
 */
#define BEAM_BOUND (-2001)
/* How many views beam_solve searches on a rows x cols board (search_task.beam_view_first). */
int beam_view_count(int rows, int cols, int rounds);
/*
 * The near-optimal answer made shorter while time remains (improve.c,
 * search_task.improve_until): first's answer, then rounds of wider beams.
 */
int improve_solve(search_task *search, solve_fn first);
int reduce_solve(search_task *search);
/*
 * The corner and last-move terms beam search adds to the estimate of a
 * whole rows x cols board (beam.c, beam_extras), from scratch: labels[c]
 * is the goal cell + 1 of the tile on cell c, 0 for the blank, and
 * goal_blank the blank's goal cell.  For the tests.
 */
unsigned beam_board_extras(int rows, int cols, const uint8_t *labels, int goal_blank);

/*
 * The heuristic idastar runs when none is named (idastar.c; auto's too), on a board of `cells`
 * cells: pattern databases above 9 cells, else linear conflict (Manhattan
 * when the table has no "linear"); with pdb_fits 0 (no pattern database
 * fits the memory cap) the one that needs no table.
 */
const char *idastar_default_heuristic(long long cells, int pdb_fits);

struct heuristic_impl;
/*
 * IDA* on a board of 17 to 25 cells (idastar_wide.c) with the heuristic
 * idastar_solve set up (owned by the caller): one searcher a thread over it,
 * then ida_drive.  Returns SLIDE_OK or a status, as idastar_solve.
 */
int idastar_wide_run(search_task *search, const struct heuristic_impl *heuristic,
                     void *heuristic_ctx);

/* ------------------------------------------------------------ IDA* driver */

/*
 * The iterations of every IDA* node loop (idastar_driver.c): one thread,
 * several threads inside one search, and the weighted ladder.  A node loop
 * is written once, as an ida_subtree_fn over an ida_thread; the driver sets
 * the bounds, splits an iteration into ordered subtrees for the threads and
 * keeps the answer the one-thread search prints.
 */

/* Weights are in thousandths: a node's f is g * IDA_WEIGHT_ONE + weight * h. */
#define IDA_WEIGHT_ONE 1000u
/* Threads one search may use (search_task.threads is clamped to it). */
#define IDA_MAX_THREADS 64

/* Why a subtree stopped, besides a SLIDE_E_* status; never returned from src/search/. */
enum {
    IDA_ABANDONED = -1000, /* an earlier subtree of the iteration holds an answer */
    IDA_NODE_CAP = -1001   /* an expansion budget (a rung's, or search_task.node_cap) is spent */
};

/* ---------------------------------------------- twin move strings (twins.c) */

/* The longest strings looked at for twins. */
#define TWIN_MAX_LENGTH 15
/* The state a path never leaves once it holds a string with an earlier twin. */
#define TWIN_STOP 0u
/* The state of the empty path. */
#define TWIN_START 1u

/* A state's moves: the state after u, d, l, r; TWIN_STOP where that move is dropped. */
typedef uint32_t twin_row[4];

/*
 * The automaton that drops every path holding a move string with a twin
 * (the same effect on every board) that is shorter, or as long and earlier
 * in u, d, l, r order, and legal wherever it is, among strings of up to
 * `length` moves.  Such a path is never the first shortest one, so IDA*
 * at weight 1 follows it without changing its answer; length 2 drops
 * exactly the moves that undo the one before.
 */
typedef struct twin_automaton {
    twin_row *next;
    uint32_t states;
    unsigned length;
    size_t bytes; /* of next, counted against the budget */
} twin_automaton;

/*
 * Builds the automaton of `length` (at most TWIN_MAX_LENGTH) for boards of
 * rows x cols cells: strings legal on no cell of such a board are not
 * looked at.  SLIDE_OK or the budget's status.
 */
int twin_automaton_build(search_budget *budget, int rows, int cols, unsigned length,
                         twin_automaton *out);
void twin_automaton_free(search_budget *budget, twin_automaton *a);
/* The state after moves[0 .. count) from TWIN_START (TWIN_STOP once one is dropped). */
uint32_t twin_follow(const twin_row *next, const uint8_t *moves, unsigned count);
/* The automaton of length 2, which needs no building: never undo the move before. */
extern const twin_row twin_reversals[6];

typedef struct ida_iteration ida_iteration; /* what the threads of one split iteration share */
typedef struct ida_tasks ida_tasks;         /* the subtrees an iteration is split into */

/*
 * One thread of an IDA* search.  The driver sets the first group before
 * each call of the subtree function; the node loop reads it and updates
 * the second.  Counters are cumulative over the whole search.
 */
typedef struct ida_thread {
    unsigned bound;       /* prune f > bound (f from ida_f) */
    unsigned weight;      /* IDA_WEIGHT_ONE: plain IDA* */
    unsigned limit;       /* prune g + h >= limit (only shorter answers wanted); UINT_MAX: none */
    unsigned split_depth; /* a node this deep is handed to ida_split; UINT_MAX: none */
    const twin_row *twins; /* the moves a path may take (the twin automaton's next) */
    uint8_t *path;        /* path[g]: the move taken at depth g, from the start */

    unsigned next_bound;   /* the smallest f above bound seen (limit-pruned nodes not counted) */
    unsigned found_length; /* path[0 .. found_length) when the subtree function returned 1 */
    uint64_t expanded;
    uint64_t generated;

    void *searcher; /* the node loop's own state: board copy, pattern database walk */

    /* the driver's own */
    search_budget *budget; /* the deadline; only the first thread may change the budget */
    ida_iteration *iteration; /* NULL while the thread searches alone */
    ida_tasks *tasks;         /* where ida_split records subtrees */
    uint32_t task;            /* the subtree being searched, in u, d, l, r order */
    uint64_t node_cap;        /* stop with IDA_NODE_CAP once expanded reaches it; 0: none */
    size_t path_cap;
} ida_thread;

static inline unsigned ida_f(const ida_thread *t, unsigned g, unsigned h)
{
    return g * IDA_WEIGHT_ONE + t->weight * h;
}

/*
 * The slow half of ida_tick: the deadline, an earlier subtree's answer, the
 * expansion budget.  Returns 0 to go on, else the status to return.
 */
int ida_checkpoint(ida_thread *t);

/* Counts an expansion; every 4096 asks ida_checkpoint.  Non-zero: return it. */
static inline int ida_tick(ida_thread *t)
{
    return (++t->expanded & 4095) == 0 ? ida_checkpoint(t) : 0;
}

/*
 * Records path[0 .. depth) as the next subtree of the iteration being
 * split (the node loop calls it at depth == split_depth instead of
 * searching further).  Returns 0, or the budget's status.
 */
int ida_split(ida_thread *t, unsigned depth);

/*
 * A node loop: searches below the node the start reaches by
 * prefix[0 .. depth) (depth 0: the whole tree), children in u, d, l, r
 * order, never undoing the previous move, with t's bound, weight, limit and
 * split depth.  It sets path[0 .. depth) to the prefix.  Returns 1 when it
 * reached the goal (t->path[0 .. found_length) the first answer in that
 * order), 0 when the subtree holds none, or a negative status from
 * ida_tick or ida_split.
 */
typedef int (*ida_subtree_fn)(ida_thread *t, const uint8_t *prefix, unsigned depth);

/* The threads a search runs on: search->threads, within 1 .. IDA_MAX_THREADS. */
int ida_thread_count(const search_task *search);

/*
 * Runs IDA* for search with threads[0 .. count) (count >= 1; each one's
 * searcher made by the caller over the same read-only tables, the driver
 * owns the rest of the struct): iterations from start_h (the start's
 * estimate), split between the threads when there are several, or the
 * weighted ladder when search->weight is above IDA_WEIGHT_ONE.  Pushes the
 * answer to search->moves, sums the counters into search->stats, reports
 * each iteration, and notes why it stopped on a limit.  Returns SLIDE_OK or
 * a status.  The answer does not depend on count.
 */
int ida_drive(search_task *search, ida_subtree_fn subtree, ida_thread *const *threads, int count,
              unsigned start_h);

/* ------------------------------------------------------- a split search */

/*
 * One piece of an optimal IDA* search split between processes (split.c,
 * the slide_split_* functions of slide.h): instead of iterating, ida_drive
 * does the one thing job->kind asks, on the first thread, with the
 * driver's own walk (split_iteration) and node loop, so that the pieces
 * are exactly the subtrees the threads of one search take (all following
 * the same twin automaton, of length TWINS_JOB in idastar_driver.c).
 */
enum {
    IDA_JOB_BEGIN,   /* only the start's estimate and the tables' fingerprint */
    IDA_JOB_SPLIT,   /* the subtrees of iteration `bound` (below prefix, if any), to emit */
    IDA_JOB_SUBTREE, /* search the subtree below prefix within `bound` */
    IDA_JOB_TABLES   /* only the fingerprint, from the tables' plan: nothing built or mapped */
};

typedef struct ida_job {
    int kind;
    unsigned bound;         /* SPLIT, SUBTREE: the iteration's bound, in moves */
    unsigned want;          /* SPLIT: subtrees wanted (the walk deepens until a level has them) */
    const uint8_t *prefix;  /* SUBTREE, SPLIT: moves 0-3 from the start to the subtree's root, */
    unsigned prefix_length; /*   legal, never undoing the move before, at most bound of them */
    /* SPLIT: receives each subtree's prefix in u, d, l, r order; non-zero stops with that status */
    int (*emit)(void *ctx, const uint8_t *prefix, unsigned length);
    void *emit_ctx;
    /* what the job found */
    unsigned start_bound; /* the start's estimate, in moves */
    unsigned next_bound;  /* SPLIT, SUBTREE: the smallest f above the bound met, in moves; UINT_MAX: none */
    int found;            /* SUBTREE: the subtree's first answer was pushed to search->moves */
    uint64_t tables;      /* the heuristic and its tables (heuristic_fingerprint) */
} ida_job;

/*
 * slide_solve for a job (solve.c): the same checks of the boards, of the
 * options and of the structs' sizes (core/abi.h), then idastar with
 * search.job set.  Returns SLIDE_OK or a status.
 */
int search_run_job(const slide_board *start, const slide_board *goal,
                   const slide_solve_options *opt, ida_job *job, slide_solution *solution,
                   slide_stats *stats);

/*
 * A hook for the library's own tests, not exported: slide_solve with the
 * n-th allocation this solve counts against its limits (n = fail_allocation
 * > 0) failing as if the system had refused it, so a test can walk n = 1,
 * 2, ... and see every failure path end in SLIDE_E_NOMEM with nothing
 * leaked.  Per call, so no global state; fail_allocation 0 is exactly
 * slide_solve.
 */
int slide_testing_solve_failing(const slide_board *start, const slide_board *goal,
                                const slide_solve_options *opt, unsigned long fail_allocation,
                                slide_solution *solution, slide_stats *stats);

#endif /* SLIDE_SEARCH_H */
