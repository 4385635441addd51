/*
 * core.h - what every layer of the library shares and the public header
 * hides: the packed 64-bit state and a shape's geometry, memory and time
 * accounting, the move list, the search task every algorithm receives, the
 * context cache and Manhattan distances.  The state map, which only the
 * searches that remember states use, has its own header (state_map.h).
 * Used by every folder of src/ except cli/, which sees only slide.h.
 */
#ifndef SLIDE_CORE_H
#define SLIDE_CORE_H

#include "slide.h"

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------ packed state */

/*
 * A board of at most 16 cells as 4 bits a cell: cell i holds its tile in
 * bits 4i..4i+3, the blank is 0.  Cells past the board are 0 too, so two
 * states compare equal exactly when their boards do, and 0 itself is never a
 * valid state (a board has at least three tiles), which lets the state map
 * use 0 as its empty mark.
 */
typedef uint64_t state64;

/* The geometry of one shape of at most SLIDE_MAX_WIDE_CELLS cells, computed once per search. */
typedef struct geometry {
    int rows;
    int cols;
    int cells;
    /* neighbour[c][m]: the cell the blank reaches from c by move m, or -1 */
    int8_t neighbour[SLIDE_MAX_WIDE_CELLS][4];
} geometry;

void geometry_init(geometry *shape, int rows, int cols);

static inline unsigned state_get(state64 s, int cell)
{
    return (unsigned)(s >> (4 * cell)) & 15u;
}

/*
 * The state after the blank at `blank` swaps with the tile at `target`.
 * Because the blank's nibble is 0 the swap is one subtraction and one
 * addition of the moving tile's value at the two positions.
 */
static inline state64 state_swap(state64 s, int blank, int target)
{
    uint64_t tile = (s >> (4 * target)) & 15u;
    return s - (tile << (4 * target)) + (tile << (4 * blank));
}

/* Index of the blank (the only zero nibble among the first `cells`). */
static inline int state_blank(state64 s, int cells)
{
    uint64_t y = s | (s >> 1);
    y |= y >> 2;
    y = ~y & 0x1111111111111111ull;
    if (cells < 16)
        y &= (1ull << (4 * cells)) - 1;
    return __builtin_ctzll(y) >> 2;
}

state64 state_pack(const slide_board *board);
void state_unpack(state64 s, slide_board *board);

/* -------------------------------------------------------------- wide state */

/*
 * For a search written once for both widths: a static function whose
 * width is a parameter, marked this way, is copied into each caller that
 * passes a constant, so each width runs without tests of the other.
 */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif


/*
 * A board of 17 to 25 cells as 5 bits a cell (state_wide.c), the key of
 * A*'s state map above 16 cells.  Cells 0-11 sit in lo and cells 12-23 in hi
 * (cell i at bit 5(i mod 12)); cell 24, the only one left, keeps its low four
 * bits in lo's top nibble and its fifth bit at hi's bit 60.  As in state64
 * the blank is 0 and so are the cells past the board, so equal states are
 * equal boards, and the all-zero state is never a board (the state map's
 * empty mark).  IDA* does not use it: its node loop changes a tile-per-cell
 * array in place, which needs no packing at all.
 */
typedef struct state128 {
    uint64_t lo;
    uint64_t hi;
} state128;

static inline unsigned state128_get(state128 s, int cell)
{
    if (cell < 12)
        return (unsigned)(s.lo >> (5 * cell)) & 31u;
    if (cell < 24)
        return (unsigned)(s.hi >> (5 * (cell - 12))) & 31u;
    return (unsigned)(s.lo >> 60) | ((unsigned)(s.hi >> 60) & 1u) << 4;
}

/* s with `tile` added to cell's field (which must hold 0), or removed with `sign` -1. */
static inline state128 state128_add(state128 s, int cell, uint64_t tile, int sign)
{
    uint64_t lo = 0, hi = 0;
    if (cell < 12)
        lo = tile << (5 * cell);
    else if (cell < 24)
        hi = tile << (5 * (cell - 12));
    else {
        lo = (tile & 15u) << 60;
        hi = (tile >> 4) << 60;
    }
    if (sign < 0) {
        s.lo -= lo;
        s.hi -= hi;
    } else {
        s.lo += lo;
        s.hi += hi;
    }
    return s;
}

/* The state after the blank at `blank` swaps with the tile at `target`. */
static inline state128 state128_swap(state128 s, int blank, int target)
{
    uint64_t tile = state128_get(s, target);
    return state128_add(state128_add(s, target, tile, -1), blank, tile, 1);
}

static inline int state128_equal(state128 a, state128 b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

/* Index of the blank among the first `cells` cells. */
int state128_blank(state128 s, int cells);
state128 state128_pack(const slide_board *board);
void state128_unpack(state128 s, slide_board *board);

/*
 * A rotation or reflection of a shape onto itself (symmetry.c): cell c goes
 * to cell[c], and the blank's move m (slide_move_letters order) becomes
 * move[m].  Renaming tiles and moving cells this way maps every state graph
 * edge to an edge, so distances are kept; move letters and their u, d, l, r
 * order are not.
 */
typedef struct board_symmetry {
    uint8_t cell[SLIDE_MAX_WIDE_CELLS];
    uint8_t move[4];
} board_symmetry;

#define MAX_BOARD_SYMMETRIES 8
/*
 * Fills out (room for MAX_BOARD_SYMMETRIES) with the symmetries of shape (of
 * at most SLIDE_MAX_WIDE_CELLS cells), the identity first; returns how
 * many: 8 for a square, else 4.
 */
int board_symmetries(const geometry *shape, board_symmetry *out);

/*
 * The transpose of a board of any size (symmetry.c): cell (r, c) of the
 * rows x cols board in becomes cell (c, r) of the cols x rows board out,
 * with the same tile; out->cells must have room for rows * cols cells and
 * must not be in's.  A blank move m on in is move_transposed(m) on out, and
 * the other way.
 */
void board_transpose(const slide_board *in, slide_board *out);

static inline int move_transposed(int m)
{
    return m ^ 2; /* up <-> left, down <-> right */
}

/* Opposite move: u<->d, l<->r. */
static inline int move_inverse(int m)
{
    return m ^ 1;
}

/* The move (SLIDE_UP ..) a letter of slide_move_letters names, either case; -1 for any other. */
static inline int move_of_letter(char letter)
{
    switch (letter) {
    case 'u':
    case 'U': return SLIDE_UP;
    case 'd':
    case 'D': return SLIDE_DOWN;
    case 'l':
    case 'L': return SLIDE_LEFT;
    case 'r':
    case 'R': return SLIDE_RIGHT;
    default: return -1;
    }
}

/*
 * slide_solvable that tells a failed allocation from "no": SLIDE_OK with
 * *solvable set (0 also for invalid boards), or SLIDE_E_NOMEM.
 */
int board_solvable(const slide_board *start, const slide_board *goal, int *solvable);

/* ----------------------------------------------------- budget and counting */

/*
 * Every byte a search allocates goes through its budget, which refuses
 * allocations past the cap (SLIDE_E_MEMLIMIT) instead of letting the system
 * kill the process, and records the peak for --stats.  The deadline is
 * polled by searches every few thousand expansions.
 */
typedef struct search_budget {
    size_t cap;
    size_t used;
    size_t peak;
    /*
     * Bytes of used that hold the answer's move string (move_list): counted
     * against the cap, but not in peak, which is the search's own memory, so
     * that a search reports the same peak whether its moves are kept (-o
     * json) or streamed (-o moves) or only counted (-o steps).
     */
    size_t answer;
    double deadline; /* monotonic_now() value, 0 = none */
    int (*cancel)(void *ctx); /* the caller's slide_limits.cancel, polled with the deadline */
    void *cancel_ctx;
    int status;      /* first limit hit, or SLIDE_OK */
    /* Test hook: fail the n-th allocation (1-based); 0 = never. */
    unsigned long fail_at;
    unsigned long allocations;
} search_budget;

void budget_init(search_budget *b, const slide_limits *limits);
/* malloc/calloc/realloc counted against the budget; NULL and b->status set on refusal. */
void *budget_alloc(search_budget *b, size_t size);
void *budget_calloc(search_budget *b, size_t count, size_t size);
void *budget_realloc(search_budget *b, void *p, size_t old_size, size_t new_size);
void budget_free(search_budget *b, void *p, size_t size);
/* "1.5 MiB", "12.0 KiB", "300 B": a size for a note. */
void format_bytes(size_t bytes, char *buf, size_t size);
/*
 * Asks the kernel to back [p, p + bytes) with huge pages where it can: the
 * pattern database builder and lookups and the large state maps touch
 * their arrays at random, and with 4 KiB pages nearly every touch also
 * misses the TLB.  Advice only; no effect on systems without it.  Call
 * before the memory is first written.
 */
void advise_huge_pages(void *p, size_t bytes);
/*
 * Counts size bytes the budget did not allocate (a mapped file) against it:
 * SLIDE_OK, or the refusal's status as budget_alloc would give it.
 * budget_uncharge gives them back.
 */
int budget_charge(search_budget *b, size_t size);
void budget_uncharge(search_budget *b, size_t size);
/*
 * Why a search must stop now: SLIDE_E_TIMEOUT once the deadline has passed,
 * SLIDE_E_CANCELLED once the caller's cancel callback says so, else 0.  It
 * writes nothing, so every thread of a search may ask.
 */
int budget_stop_reason(const search_budget *b);
/* budget_stop_reason, recorded as b->status (when none is yet): non-zero = stop. */
int budget_expired(search_budget *b);

/* Monotonic seconds. */
double monotonic_now(void);

/* ----------------------------------------------------------- move output */

/*
 * The growing move string of a search, or a sink that receives moves in
 * pieces.  Moves are always pushed in order, first move first.
 */
typedef struct move_list {
    char *data;
    size_t len;
    size_t cap;
    uint64_t count;
    slide_move_sink sink;
    void *sink_ctx;
    int count_only;
    char chunk[4096];
    size_t chunk_len;
    search_budget *budget;
} move_list;

int move_list_push(move_list *mv, char move);
/* Hands buffered moves to the sink; SLIDE_OK or SLIDE_E_CANCELLED. */
int move_list_flush(move_list *mv);
/*
 * Appends len moves at once, as len pushes would (moves may be NULL when
 * mv->count_only is set); for solvers that produce billions of moves.
 */
int move_list_append(move_list *mv, const char *moves, size_t len);
/*
 * Gives back the memory of a move string kept in memory (no sink): its
 * bytes and their share of the budget's answer; the string is then empty
 * (count, the moves pushed, is left as it was).
 */
void move_list_free(move_list *mv);

/* --------------------------------------------------------- search context */

/* Everything an algorithm needs for one board; owned by slide_solve. */
typedef struct search_task {
    const slide_board *start;
    const slide_board *goal;
    geometry shape;         /* valid when start has at most SLIDE_MAX_WIDE_CELLS cells */
    state64 start_state;   /* 0 when the board is larger than 16 cells */
    state64 goal_state;
    state128 start_wide;   /* for 17 .. SLIDE_MAX_WIDE_CELLS cells, else zero */
    state128 goal_wide;
    const char *heuristic;     /* requested heuristic name or NULL */
    slide_context *context;    /* caller's cache, may be NULL */
    search_budget *budget;
    slide_stats *stats;
    move_list *moves;
    const slide_pdb_options *pdb; /* pattern database cache settings, never NULL */
    slide_progress_fn progress;   /* optional progress callback and its argument */
    void *progress_ctx;
    int threads;                  /* threads inside the search (idastar), at least 1 */
    unsigned weight;              /* answers at most weight / 1000 x optimal; 1000 = optimal */
    /*
     * Expansions an optimal idastar may spend, on one thread, or a
     * weighted astar before its first answer, before it gives up with
     * IDA_NODE_CAP (search/search.h); 0: no cap.  Auto's quick try and its
     * near-optimal astar (search/auto.c).
     */
    uint64_t node_cap;
    struct ida_job *job; /* one piece of a split search (search/search.h), or NULL */
} search_task;

/*
 * Sets search's start and goal and what is derived from them: the shape and
 * the packed states, for boards of at most SLIDE_MAX_WIDE_CELLS cells (task.c).
 */
void search_task_set_boards(search_task *search, const slide_board *start, const slide_board *goal);

/* The goal's tile per cell (0 the blank) into cells, room for SLIDE_MAX_WIDE_CELLS (task.c). */
void search_goal_cells(const search_task *search, uint8_t *cells);
/*
 * Formats a message into search->stats->note (task.c): what happened, in
 * the library's terms (no command-line options).  It names no remedy.
 */
void search_note(search_task *search, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* search_note, with the remedy (SLIDE_REMEDY_*) the caller could try instead. */
void search_note_remedy(search_task *search, int remedy, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/*
 * Reports SLIDE_PROGRESS_SEARCH to the search's progress callback, if any
 * (task.c): the bound (or depth) reached and the nodes expanded so far.
 */
void search_progress(const search_task *search, unsigned bound);
/*
 * The memory the search's tables may take: its own cap, or its context's
 * when that is smaller (shared tables are charged to the context).
 */
size_t search_table_cap(const search_task *search);

/* ---------------------------------------------------------------- context */

/*
 * What a context caches: one entry per (kind, key), where the key is any
 * bytes that identify the table (shape, goal, groups ...).  build() makes
 * the data, charging it to the context's budget, and returns a status;
 * destroy() releases it.  context_cache_get returns the entry's data,
 * building it on first use while holding the context's lock, so concurrent
 * solves build each table once.  The lock is recursive: a build may get
 * other entries (a pattern database set gets its tables).  The data stays
 * valid until the context is freed.  With ctx NULL there is no cache and the caller must build and
 * destroy the data itself.
 */
typedef int (*cache_build_fn)(void *arg, search_budget *budget, void **data, size_t *size);
typedef void (*cache_destroy_fn)(void *data, size_t size, search_budget *budget);

int context_cache_get(slide_context *ctx, int kind, const void *key, size_t key_len,
                      cache_build_fn build, cache_destroy_fn destroy, void *arg, void **data);
/* Non-zero when ctx holds the entry (kind, key): a look that builds nothing (0 for ctx NULL). */
int context_cache_has(slide_context *ctx, int kind, const void *key, size_t key_len);
/* The context's memory cap (its budget's; the budget is set once, so no lock is needed). */
size_t context_memory_cap(const slide_context *ctx);

/*
 * CACHE_DISTANCE_GOAL: how one goal reads the shared CACHE_DISTANCE_TABLE of
 * its blank cell.  CACHE_PATTERN_DB: one goal's pattern database set, whose
 * tables are CACHE_PDB_TABLE entries (one a file: goals that share a file
 * share its table and its charge) and whose region lookup is the shape's
 * CACHE_PDB_REGIONS.  CACHE_SAID: a note said once (context_first_time).
 * CACHE_QUICK_GAVE_UP: a shape and goal whose board auto's quick try did not
 * answer (search/solve.c): the run's later boards go to the tables at once.
 * CACHE_TWINS: IDA*'s twin automaton of a shape and length (search/twins.c).
 */
enum {
    CACHE_DISTANCE_TABLE = 1,
    CACHE_PATTERN_DB = 2,
    CACHE_DISTANCE_GOAL = 3,
    CACHE_PDB_TABLE = 4,
    CACHE_PDB_REGIONS = 5,
    CACHE_SAID = 6,
    CACHE_QUICK_GAVE_UP = 7,
    CACHE_TWINS = 8
};

/*
 * Non-zero the first time a context is asked about (kind, key), zero after
 * (and when ctx is NULL or out of memory, say: it then answers 1, so that
 * a note is said rather than lost): for what a run should say once however
 * many boards meet it.
 */
int context_first_time(slide_context *ctx, int kind, const void *key, size_t key_len);

/*
 * Manhattan distance tables (manhattan.c), shared by the heuristics and the
 * pattern databases: dist[tile][cell]
 * is the Manhattan distance of `tile` standing at `cell` to its goal cell
 * (0 for the blank).
 */
typedef struct manhattan_table {
    geometry shape;
    uint8_t goal_cell[SLIDE_MAX_WIDE_CELLS];
    uint8_t dist[SLIDE_MAX_WIDE_CELLS][SLIDE_MAX_WIDE_CELLS];
} manhattan_table;

/* For the goal whose cell c holds goal_cells[c] (0 = blank), any shape up to 25 cells. */
void manhattan_init_cells(manhattan_table *m, const geometry *shape, const uint8_t *goal_cells);
unsigned manhattan_estimate(const manhattan_table *m, state64 s);
unsigned manhattan_estimate_wide(const manhattan_table *m, state128 s);

#endif /* SLIDE_CORE_H */
