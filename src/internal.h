/*
 * internal.h - what the library's files share and the public header hides:
 * the packed 64-bit state, memory and time accounting, the search context
 * every algorithm receives, and the algorithm and heuristic tables.
 */
#ifndef SLIDE_INTERNAL_H
#define SLIDE_INTERNAL_H

#include "slide.h"

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------ packed state */

/*
 * A board of at most 16 cells as 4 bits a cell: cell i holds its tile in
 * bits 4i..4i+3, the blank is 0.  Cells past the board are 0 too, so two
 * states compare equal exactly when their boards do, and 0 itself is never a
 * valid state (a board has at least three tiles), which lets hash tables use
 * 0 as their empty mark.
 */
typedef uint64_t slide_state;

/* The geometry of one shape, computed once per search. */
typedef struct slide_shape {
    int rows;
    int cols;
    int cells;
    /* neighbour[c][m]: the cell the blank reaches from c by move m, or -1 */
    int8_t neighbour[SLIDE_MAX_PACKED_CELLS][4];
} slide_shape;

void slide_shape_init(slide_shape *shape, int rows, int cols);

static inline unsigned slide_state_get(slide_state s, int cell)
{
    return (unsigned)(s >> (4 * cell)) & 15u;
}

/*
 * The state after the blank at `blank` swaps with the tile at `target`.
 * Because the blank's nibble is 0 the swap is one subtraction and one
 * addition of the moving tile's value at the two positions.
 */
static inline slide_state slide_state_swap(slide_state s, int blank, int target)
{
    uint64_t tile = (s >> (4 * target)) & 15u;
    return s - (tile << (4 * target)) + (tile << (4 * blank));
}

/* Index of the blank (the only zero nibble among the first `cells`). */
static inline int slide_state_blank(slide_state s, int cells)
{
    uint64_t y = s | (s >> 1);
    y |= y >> 2;
    y = ~y & 0x1111111111111111ull;
    if (cells < 16)
        y &= (1ull << (4 * cells)) - 1;
    return __builtin_ctzll(y) >> 2;
}

slide_state slide_state_pack(const slide_board *board);
void slide_state_unpack(slide_state s, slide_board *board);

/* Opposite move: u<->d, l<->r. */
static inline int slide_move_inverse(int m)
{
    return m ^ 1;
}

/* ----------------------------------------------------- budget and counting */

/*
 * Every byte a search allocates goes through its budget, which refuses
 * allocations past the cap (SLIDE_E_MEMLIMIT) instead of letting the system
 * kill the process, and records the peak for --stats.  The deadline is
 * polled by searches every few thousand expansions.
 */
typedef struct slide_budget {
    size_t cap;
    size_t used;
    size_t peak;
    double deadline; /* slide_now() value, 0 = none */
    int status;      /* first limit hit, or SLIDE_OK */
    /* Test hook: fail the n-th allocation (1-based); 0 = never. */
    unsigned long fail_at;
    unsigned long allocations;
} slide_budget;

void slide_budget_init(slide_budget *b, const slide_limits *limits);
/* malloc/calloc/realloc counted against the budget; NULL and b->status set on refusal. */
void *slide_budget_alloc(slide_budget *b, size_t size);
void *slide_budget_calloc(slide_budget *b, size_t count, size_t size);
void *slide_budget_realloc(slide_budget *b, void *p, size_t old_size, size_t new_size);
void slide_budget_free(slide_budget *b, void *p, size_t size);
/* Non-zero (and b->status = SLIDE_E_TIMEOUT) once the deadline has passed. */
int slide_budget_expired(slide_budget *b);

/* Monotonic seconds. */
double slide_now(void);

/* ----------------------------------------------------------- move output */

/*
 * The growing move string of a search, or a sink that receives moves in
 * pieces.  Moves are always pushed in order, first move first.
 */
typedef struct slide_moves {
    char *data;
    size_t len;
    size_t cap;
    uint64_t count;
    slide_move_sink sink;
    void *sink_ctx;
    int count_only;
    char chunk[4096];
    size_t chunk_len;
    slide_budget *budget;
} slide_moves;

int slide_moves_push(slide_moves *mv, char move);
/* Hands buffered moves to the sink; SLIDE_OK or SLIDE_E_CANCELLED. */
int slide_moves_flush(slide_moves *mv);
/*
 * Appends len moves at once, as len pushes would (moves may be NULL when
 * mv->count_only is set); for solvers that produce billions of moves.
 */
int slide_moves_append(slide_moves *mv, const char *moves, size_t len);

/* --------------------------------------------------------- search context */

/* Everything an algorithm needs for one board; owned by slide_solve. */
typedef struct slide_search {
    const slide_board *start;
    const slide_board *goal;
    slide_shape shape;         /* valid when start has at most 16 cells */
    slide_state start_state;   /* 0 when the board is larger than 16 cells */
    slide_state goal_state;
    const char *heuristic;     /* requested heuristic name or NULL */
    slide_context *context;    /* caller's cache, may be NULL */
    slide_budget *budget;
    slide_stats *stats;
    slide_moves *moves;
    const slide_pdb_options *pdb; /* pattern database cache settings, never NULL */
    slide_progress_fn progress;   /* optional progress callback and its argument */
    void *progress_ctx;
    int automatic;                /* the algorithm was chosen by --algo auto */
} slide_search;

typedef int (*slide_solve_fn)(slide_search *search);

typedef struct slide_algo {
    slide_algo_info info;
    slide_solve_fn solve;
} slide_algo;

const slide_algo *slide_algo_find(const char *name);

int slide_bfs_solve(slide_search *search);
int slide_bibfs_solve(slide_search *search);
int slide_astar_solve(slide_search *search);
int slide_dtable_solve(slide_search *search);
int slide_idastar_solve(slide_search *search);
/* Any size, not optimal: rows and columns placed like a person does (strategy.c). */
int slide_strategy_solve(slide_search *search);
/* The optimal method --algo auto uses on a board of at most 16 cells (idastar.c). */
const char *slide_idastar_auto(int rows, int cols);

/* ---------------------------------------------------------------- context */

/*
 * What a context caches: one entry per (kind, key), where the key is any
 * bytes that identify the table (shape, goal, groups ...).  build() makes
 * the data, charging it to the context's budget, and returns a status;
 * destroy() releases it.  slide_context_get returns the entry's data,
 * building it on first use while holding the context's lock, so concurrent
 * solves build each table once.  The data stays valid until the context is
 * freed.  With ctx NULL there is no cache and the caller must build and
 * destroy the data itself.
 */
typedef int (*slide_cache_build)(void *arg, slide_budget *budget, void **data, size_t *size);
typedef void (*slide_cache_destroy)(void *data, size_t size, slide_budget *budget);

int slide_context_get(slide_context *ctx, int kind, const void *key, size_t key_len,
                      slide_cache_build build, slide_cache_destroy destroy, void *arg, void **data);

enum { SLIDE_CACHE_DISTANCE_TABLE = 1, SLIDE_CACHE_PATTERN_DB = 2 };

/* ------------------------------------------------------------- heuristics */

/*
 * An admissible estimate of the moves left to the goal, over packed states.
 * create() builds whatever the heuristic needs for search->goal (tables are
 * charged to search->budget) into *ctx, which destroy() releases.
 * estimate() is the full evaluation.  delta(), when not NULL, says how the
 * estimate changes when `tile` moves from cell `from` to cell `to` and the
 * rest of the board is irrelevant to that change (Manhattan distance);
 * searches use it for incremental updates and fall back to estimate().
 */
typedef struct slide_heuristic {
    slide_heuristic_info info;
    int (*create)(slide_search *search, void **ctx);
    unsigned (*estimate)(const void *ctx, slide_state s);
    int (*delta)(const void *ctx, unsigned tile, int from, int to);
    void (*destroy)(void *ctx, slide_budget *budget);
} slide_heuristic;

const slide_heuristic *slide_heuristic_find(const char *name);

/*
 * Manhattan distance tables shared by several heuristics: dist[tile][cell]
 * is the Manhattan distance of `tile` standing at `cell` to its goal cell
 * (0 for the blank).
 */
typedef struct slide_manhattan {
    slide_shape shape;
    uint8_t goal_cell[SLIDE_MAX_PACKED_CELLS];
    uint8_t dist[SLIDE_MAX_PACKED_CELLS][SLIDE_MAX_PACKED_CELLS];
} slide_manhattan;

void slide_manhattan_init(slide_manhattan *m, const slide_shape *shape, slide_state goal);
unsigned slide_manhattan_estimate(const slide_manhattan *m, slide_state s);

/* Linear conflict (heuristic_linear.c), the "linear" row of the heuristic table. */
int slide_linear_create(slide_search *search, void **ctx);
unsigned slide_linear_estimate(const void *ctx, slide_state s);
void slide_linear_destroy(void *ctx, slide_budget *budget);

/* Additive pattern databases (heuristic_pdb.c), the "pdb" row of the heuristic table. */
int slide_pdb_create(slide_search *search, void **ctx);
unsigned slide_pdb_estimate(const void *ctx, slide_state s);
void slide_pdb_destroy(void *ctx, slide_budget *budget);

/* ------------------------------------------------------- hash set (64-bit) */

/*
 * Open-addressing table from a nonzero 64-bit state to one byte of payload
 * (a parent move, a layer mark), linear probing, grown by doubling at 3/4
 * load.  Memory comes from the budget.
 */
typedef struct slide_table {
    slide_state *keys;
    uint8_t *values;
    size_t mask;
    size_t count;
    slide_budget *budget;
} slide_table;

int slide_table_init(slide_table *t, slide_budget *budget, size_t expected);
void slide_table_free(slide_table *t);
/* Finds the slot of key; returns its index or SIZE_MAX. */
size_t slide_table_find(const slide_table *t, slide_state key);
/*
 * Inserts key with value if absent.  Returns 1 when inserted, 0 when already
 * present (value untouched), or a negative status when growth was refused.
 */
int slide_table_insert(slide_table *t, slide_state key, uint8_t value);

static inline uint64_t slide_hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

/*
 * Walks the parent moves stored in t from `end` back to the state marked as
 * root (value 4) and pushes the moves to out: root -> end when the tree was
 * grown forwards, or end -> root (each move undone) when `reversed`, for a
 * tree grown from the goal.
 */
int slide_trace_path(const slide_table *t, const slide_shape *shape, slide_state end,
                     slide_moves *out, int reversed);

/* Formats a message into stats->note when stats is set. */
void slide_note(slide_search *search, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif /* SLIDE_INTERNAL_H */
