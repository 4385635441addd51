/*
 * core.h - what every layer of the library shares and the public header
 * hides: the states and moves (state.h, included here), memory and time
 * accounting, the move list, the search task every algorithm receives, the
 * context cache and Manhattan distances.  The state map, which only the
 * searches that remember states use, has its own header (state_map.h).
 * Used by every folder of src/ except cli/, which sees only slide.h.
 */
#ifndef SLIDE_CORE_H
#define SLIDE_CORE_H

#include "slide.h"
#include "core/state.h"

#include <stdint.h>

/*
 * 1 in a build whose shortcuts that must not change an answer are off
 * (memos, skipped trials, fast paths: cmake -DSLIDE_PLAIN=ON); such a
 * shortcut is written `if (!SLIDE_PLAIN && ...)`, and tests/same-answers.sh
 * compares the two builds' answers.
 */
#ifndef SLIDE_PLAIN
#define SLIDE_PLAIN 0
#endif
#include <string.h>

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
    /*
     * A search that makes its answer shorter while time remains
     * (slide_solve_options.budget, search/improve.c): the monotonic_now()
     * time it answers by with the shortest found; 0: none.
     */
    double improve_until;
    /*
     * Beam search's settings for improve.c's rounds: widths times
     * beam_scale (0: 1), beam_views views (0: beam.c's count) from
     * beam_view_first on, boards of up to beam_whole_cells cells searched
     * whole (0: beam.c's rule alone), and a view given up once its path
     * reaches beam_bound moves (0: never).
     */
    unsigned beam_scale;
    int beam_views, beam_view_first, beam_whole_cells;
    uint64_t beam_bound;
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
