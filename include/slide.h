/*
 * slide.h - the public interface of libslide, a sliding-tile puzzle solver.
 *
 * This is the only header a program needs.  The library never prints and
 * never exits: every fallible function returns a status (0 ok, negative
 * error) that slide_strerror() names.  Memory a function hands back is owned
 * by the caller and released with the matching slide_*_free() function.
 * Nothing here keeps global mutable state, so independent searches may run
 * on separate threads at the same time.
 *
 * Compatibility.  Every release 0.y.z is libslide.so.0 (the SONAME): a
 * program built against one release runs against any later one of the same
 * SONAME, unchanged and unrebuilt.  A later release may add functions,
 * constants (statuses, remedies, flags, progress kinds), algorithms,
 * heuristics, and fields at the end of the structs that may grow (below);
 * and it may change what no contract here promises: speed, memory, which
 * algorithm auto picks, the wording of messages and notes, the figures in
 * slide_stats.  It may not remove, rename or retype anything here, change a
 * constant's value, a function's parameters or the meaning of its results,
 * or move, resize or remove a field: that takes a new SONAME
 * (libslide.so.1, release 1.0).  Only the names declared here are exported,
 * all of them slide_*; slide_version() says which release is loaded.
 *
 * The structs that may grow are those a caller fills in and passes
 * (slide_parse_options, slide_limits, slide_context_options,
 * slide_pdb_options, slide_solve_options, slide_gen_options) and those the
 * library fills in the caller's memory (slide_parse_error, slide_stats,
 * slide_pdb_summary, slide_pdb_file_info).  Each starts with `size` and is
 * made by its init function (slide_solve_options_init() ...), inline here,
 * which sets size to the struct's size in the header the program was built
 * with and every other field to 0, its default.  The library reads and
 * writes only `size` bytes of it: a field added later reads as 0 from an
 * older program, and a newer program's struct is accepted when the fields
 * the loaded library does not know are 0 (else SLIDE_E_ARGUMENT).  A size of
 * 0, a struct not made by its init function, is refused with
 * SLIDE_E_ARGUMENT.  One such struct refers to another by pointer (NULL =
 * defaults), never holds it.
 * A size above SLIDE_MAX_STRUCT_SIZE is no release's (garbage, a struct
 * not made by its init function) and is refused with SLIDE_E_ARGUMENT
 * too: the library reads no byte past it.
 * The other structs never grow: slide_board, slide_solution and slide_rng,
 * which callers make themselves, and those the library hands out and owns
 * (slide_progress, slide_algo_info, slide_heuristic_info) may grow at the
 * end only, so a program reads them through the pointer it is given.
 *
 * Arguments.  One rule for every function here.  A pointer a function
 * needs is never NULL: NULL is refused with SLIDE_E_ARGUMENT and nothing
 * is touched (a board to fill is left empty when it can be).  A function
 * that returns no status returns a safe value instead, as it says: 0 from
 * slide_board_equal, slide_solvable, slide_board_read_small,
 * slide_rng_next and slide_rng_below (also for a bound of 0), NULL from
 * slide_algo_by_name and slide_algo_auto; slide_rng_seed and the *_free
 * functions do nothing.  A pointer that comes with a length (text, moves,
 * a prefix) may be NULL when the length is 0.  Pointers marked optional
 * ("may be NULL") mean the defaults or "not wanted".  Numbers outside
 * what a field or parameter documents are refused with SLIDE_E_ARGUMENT
 * (stats->note saying which, where there is one): threads below 0 or
 * above SLIDE_MAX_THREADS, a timeout that is not a number, a negative
 * max_group, a weight outside 1 .. SLIDE_MAX_WEIGHT; a board past
 * SLIDE_MAX_CELLS cells or SLIDE_MAX_SIDE a side is not a valid board
 * (slide_board_validate).
 */
#ifndef SLIDE_H
#define SLIDE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h> /* memset, for the init functions */

#ifdef __cplusplus
extern "C" {
#endif

/* What the shared library exports: the declarations below, nothing else. */
#ifndef SLIDE_API
#if defined(__GNUC__) && __GNUC__ >= 4
#define SLIDE_API __attribute__((visibility("default")))
#else
#define SLIDE_API
#endif
#endif

/* The release this header belongs to (CMakeLists.txt reads its version from here). */
#define SLIDE_VERSION_MAJOR 0
#define SLIDE_VERSION_MINOR 4
#define SLIDE_VERSION_PATCH 0
#define SLIDE_VERSION_STRING "0.4.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH: 200 for 0.2.0. */
#define SLIDE_VERSION_NUMBER                                                                       \
    (SLIDE_VERSION_MAJOR * 10000 + SLIDE_VERSION_MINOR * 100 + SLIDE_VERSION_PATCH)

/*
 * The release of the library loaded at run time, as "MAJOR.MINOR.PATCH"
 * (never NULL, never freed) and as SLIDE_VERSION_NUMBER counts it.  A
 * program built against this header runs on a library whose number is at
 * least SLIDE_VERSION_NUMBER and whose MAJOR is the same.
 */
SLIDE_API const char *slide_version(void);
SLIDE_API unsigned slide_version_number(void);

/* Boards with at most this many cells fit the 64-bit state (4 bits a cell). */
#define SLIDE_MAX_PACKED_CELLS 16
/*
 * Boards with at most this many cells fit the wide state (5 bits a cell):
 * the optimal searches astar and idastar take them (5x5, 4x6, 3x8, 2x12 ...).
 */
#define SLIDE_MAX_WIDE_CELLS 25
/* Boards with at most this many cells can use exhaustive distance tables. */
#define SLIDE_MAX_TABLE_CELLS 9
/* Largest side the parser accepts; keeps rows*cols far from overflow. */
#define SLIDE_MAX_SIDE 100000
/* Largest cell count the parser accepts (4 million: 2000x2000, four times a 1000x1000 board). */
#define SLIDE_MAX_CELLS (4u * 1000u * 1000u)
/* The largest `size` a struct that may grow can have (see Compatibility). */
#define SLIDE_MAX_STRUCT_SIZE 4096u

/* ---------------------------------------------------------------- status */

enum {
    SLIDE_OK = 0,
    SLIDE_E_PARSE = -1,       /* text is not a valid board */
    SLIDE_E_NOMEM = -2,       /* the system refused an allocation */
    SLIDE_E_MEMLIMIT = -3,    /* the search reached its memory cap */
    SLIDE_E_TIMEOUT = -4,     /* the search reached its time limit */
    SLIDE_E_UNSOLVABLE = -5,  /* the goal cannot be reached from the start */
    SLIDE_E_SHAPE = -6,       /* start and goal differ in shape */
    SLIDE_E_TOO_LARGE = -7,   /* the algorithm does not handle this size */
    SLIDE_E_ARGUMENT = -8,    /* a caller-supplied argument is invalid */
    SLIDE_E_UNKNOWN_ALGO = -9,
    SLIDE_E_UNKNOWN_HEURISTIC = -10,
    SLIDE_E_BAD_MOVE = -11,   /* a move string has a bad letter or leaves the board */
    SLIDE_E_IO = -12,         /* a file could not be read or written */
    SLIDE_E_CORRUPT = -13,    /* a stored file failed verification */
    SLIDE_E_CANCELLED = -14,  /* a sink asked the search to stop */
    SLIDE_E_INTERNAL = -15
};

/* A short English phrase for a status code; never NULL, never freed. */
SLIDE_API const char *slide_strerror(int status);

/*
 * What the caller could change to get past a failure, reported next to the
 * message that explains it (slide_parse_error.remedy, slide_stats.remedy).
 * The library's messages say what happened and name no command-line
 * options; a front end turns the remedy into advice in its own terms (the
 * slide command: "try --algo idastar").  SLIDE_REMEDY_NONE when nothing
 * specific would help.
 */
enum {
    SLIDE_REMEDY_NONE = 0,
    SLIDE_REMEDY_GIVE_SHAPE,            /* state the board's shape, or mark its rows */
    SLIDE_REMEDY_HEURISTIC_LINEAR,      /* ask for the linear conflict heuristic */
    SLIDE_REMEDY_NO_HEURISTIC,          /* ask for no heuristic: the algorithm uses none */
    SLIDE_REMEDY_ALGO_ASTAR,            /* ask for astar */
    SLIDE_REMEDY_ALGO_IDASTAR,          /* ask for idastar */
    SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR, /* ask for astar or idastar */
    SLIDE_REMEDY_ALGO_STRATEGY,         /* ask for strategy (any size, not optimal) */
    SLIDE_REMEDY_PDB_BUILD,             /* build the full pattern databases once, ahead */
    SLIDE_REMEDY_ALGO_BEAM,             /* ask for beam (up to 254 cells, near-optimal) */
    SLIDE_REMEDY_NO_WEIGHT,             /* ask for no weight: auto then answers near-optimally */
    SLIDE_REMEDY_AUTO_NO_WEIGHT         /* ask for auto and no weight (near-optimal, any size) */
};

/* ----------------------------------------------------------------- board */

/*
 * A board of rows x cols cells in row-major order.  cells[i] is the tile in
 * cell i, 0 for the blank.  A valid board holds each of 1 .. rows*cols-1 once
 * and one blank.  cells is owned by the board (slide_board_free).
 */
typedef struct slide_board {
    int rows;
    int cols;
    int blank;        /* index of the blank cell */
    uint32_t *cells;
} slide_board;

/*
 * Where and why a board text was rejected.  line is copied from the parse
 * options (the caller knows which line of which input it passed); cell is
 * the 1-based cell the problem was found at, 0 when the problem belongs to
 * the board as a whole (cell count, missing tile, shape).  column is the
 * 1-based byte offset in the text, 0 when not applicable.
 */
typedef struct slide_parse_error {
    size_t size; /* set by slide_parse_error_init (see Compatibility, at the top) */
    long line;
    long cell;
    long column;
    char message[200];
    int remedy; /* SLIDE_REMEDY_*: what would let the text be read */
} slide_parse_error;

static inline slide_parse_error slide_parse_error_init(void)
{
    slide_parse_error value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

typedef struct slide_parse_options {
    size_t size; /* set by slide_parse_options_init */
    int rows;    /* 0 = take the shape from the text or infer it */
    int cols;
    long line;   /* copied into slide_parse_error.line */
} slide_parse_options;

static inline slide_parse_options slide_parse_options_init(void)
{
    slide_parse_options value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * Parses one board in any accepted form: spaced tokens, compact characters,
 * a nested list, or rows split by '/'.  len bytes of text are read; NUL
 * bytes inside are errors.  opt may be NULL (the defaults).  On success
 * *out owns new memory; on failure *out is left empty and err (if not NULL)
 * says what and where.  Returns SLIDE_OK, SLIDE_E_PARSE or SLIDE_E_NOMEM;
 * SLIDE_E_ARGUMENT when opt or err was not made by its init function.
 */
SLIDE_API int slide_board_parse(const char *text, size_t len, const slide_parse_options *opt,
                                slide_board *out, slide_parse_error *err);

/* The goal 1 2 ... n-1 blank for a shape.  Returns SLIDE_OK, SLIDE_E_ARGUMENT, SLIDE_E_NOMEM. */
SLIDE_API int slide_board_init_goal(slide_board *out, int rows, int cols);
/* A deep copy of src into *out (an emptied board, as slide_board_free leaves it, stays empty). */
SLIDE_API int slide_board_copy(slide_board *out, const slide_board *src);
SLIDE_API void slide_board_free(slide_board *board);
/* Non-zero when both boards have the same shape and cells (0 when either is NULL). */
SLIDE_API int slide_board_equal(const slide_board *a, const slide_board *b);
/*
 * Validates shape, tiles and blank (a board past SLIDE_MAX_CELLS cells or
 * SLIDE_MAX_SIDE a side is refused before anything is allocated); fills
 * err like the parser.  SLIDE_OK, SLIDE_E_PARSE or SLIDE_E_NOMEM.
 */
SLIDE_API int slide_board_validate(const slide_board *board, slide_parse_error *err);

/*
 * The shape the parser gives a board of `cells` cells when neither its text
 * (row marks, a nested list) nor the parse options say: the most square
 * R x C with 2 <= R <= C.  Returns SLIDE_OK, or SLIDE_E_ARGUMENT when there
 * is none (fewer than 4 cells, a prime count, or more than SLIDE_MAX_CELLS).
 */
SLIDE_API int slide_infer_shape(size_t cells, int *rows, int *cols);

/*
 * A quick read of the commonest small board texts, for callers that answer
 * many boards from exhaustive distance tables (slide_dist_table_get):
 * one-character cells separated by whitespace or commas
 * ("2 3 4 1 5 x 7 6 8"), or one compact run of them ("234150768"), the
 * tiles 1-8 and the blank written x, X, 0, . or _.  Fills cells (room for
 * SLIDE_MAX_TABLE_CELLS) with the values, 0 for the blank, and returns how
 * many; allocates nothing.  Returns 0 for any other text (row marks, lists,
 * larger tiles, several compact rows, stray bytes), which only
 * slide_board_parse reads.  slide_board_parse reads such a text as the same
 * cells, in the shape its options give or else slide_infer_shape's.  The
 * cells are not checked as a board: slide_dist_table_distance rejects
 * cells that are not a board of its shape.
 */
SLIDE_API int slide_board_read_small(const char *text, size_t len, uint8_t *cells);

/*
 * Parses "RxC" (also "R*C", "RXC").  Returns SLIDE_OK or SLIDE_E_ARGUMENT
 * with a reason in err->message.
 */
SLIDE_API int slide_parse_size(const char *text, int *rows, int *cols, slide_parse_error *err);

/* ----------------------------------------------------------------- moves */

/*
 * Moves name the direction the blank travels: 'u' swaps the blank with the
 * tile above it, then 'd', 'l', 'r'.  This order is also the neighbour order
 * of every search, which makes answers deterministic.
 */
enum { SLIDE_UP = 0, SLIDE_DOWN = 1, SLIDE_LEFT = 2, SLIDE_RIGHT = 3 };
SLIDE_API extern const char slide_move_letters[4];

/*
 * Applies one move letter (either case) to board in place.  Returns
 * SLIDE_OK, SLIDE_E_BAD_MOVE (board unchanged) when the letter is not a
 * move or the blank would leave the board, or SLIDE_E_ARGUMENT when board
 * is NULL or its blank index is not on it (the cells are not otherwise
 * checked: slide_board_validate does that once).
 */
SLIDE_API int slide_board_move(slide_board *board, char move);

/*
 * Replays moves[0..len) on a copy of start.  *failed_at receives the 0-based
 * index of the first bad move (or len when all were legal).  *reached_goal
 * is set when the final board equals goal.  Returns SLIDE_OK when every move
 * was legal (whether or not the goal was reached), SLIDE_E_BAD_MOVE when one
 * was not, SLIDE_E_SHAPE or SLIDE_E_NOMEM.
 */
SLIDE_API int slide_replay(const slide_board *start, const slide_board *goal, const char *moves,
                           size_t len, size_t *failed_at, int *reached_goal);

/* ----------------------------------------------------------- solvability */

/*
 * Non-zero when goal can be reached from start: both valid (as
 * slide_board_validate says) and of the same shape, and the parity of the
 * permutation taking start to goal, blank included, equal to the parity of
 * the blank's Manhattan distance to its goal cell.  0 for an invalid board,
 * and 0 when the memory for the check (5 bytes a cell) cannot be had:
 * slide_solve tells that apart, returning SLIDE_E_NOMEM.
 */
SLIDE_API int slide_solvable(const slide_board *start, const slide_board *goal);

/* ---------------------------------------------------------------- solver */

typedef struct slide_limits {
    size_t size;        /* set by slide_limits_init */
    size_t max_memory;  /* bytes of search memory; 0 = SLIDE_DEFAULT_MAX_MEMORY */
    /*
     * Seconds of wall time; <= 0 or infinity = none, NaN refused
     * (SLIDE_E_ARGUMENT).  It covers building the pattern
     * databases a solve needs (tables finished by then stay cached), but
     * not the wait for a context's lock while another thread builds.
     */
    double timeout;
    /*
     * Optional: asked where the deadline is (every few thousand nodes, each
     * layer of a table build); once it returns non-zero the solve stops with
     * SLIDE_E_CANCELLED and no answer (where a time limit would have kept an
     * anytime search's best so far), unless its answer was complete first
     * or a search with a budget (slide_solve_options.budget) had an answer:
     * that then answers with the shortest found.
     * A search on several threads asks from each of them, so it must be
     * safe to call from any thread (an atomic flag that a signal handler or
     * another thread sets, for example).
     */
    int (*cancel)(void *ctx);
    void *cancel_ctx;
} slide_limits;

static inline slide_limits slide_limits_init(void)
{
    slide_limits value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

#define SLIDE_DEFAULT_MAX_MEMORY ((size_t)2 << 30)

/* Figures one search reports, filled even when the search fails. */
typedef struct slide_stats {
    size_t size;            /* set by slide_stats_init */
    const char *algo;       /* table name of the algorithm that ran */
    const char *heuristic;  /* heuristic name, or NULL */
    uint64_t expanded;      /* nodes whose neighbours were generated */
    uint64_t generated;     /* neighbours produced */
    size_t peak_memory;     /* bytes, as counted against max_memory */
    size_t table_memory;    /* bytes of the precomputed tables the search read (distance
                               table, pattern databases); with a context they are held
                               there, not in peak_memory; 0 when it read none */
    double seconds;         /* wall time of the search */
    int optimal;            /* non-zero when an answer was found and it is proven shortest */
    double weight;          /* a weighted search's W (answers at most W x optimal); 0 for
                               every other search */
    char note[160];         /* why a search stopped, or what it did instead */
    int remedy;             /* SLIDE_REMEDY_*: what to try instead, after note */
    size_t table_shared;    /* bytes of table_memory the context held already, read by an
                               earlier goal's search (pattern databases of goals that share
                               their files): charged to the context once, not again for
                               this goal; 0 without a context */
    uint64_t lower_bound;   /* the fewest moves an answer can have, as proven: the answer's
                               length when optimal, else the linear-conflict bound of the
                               start (the gap to the answer is at most what the answer
                               wastes); 0 without an answer, or when the memory cap
                               left no room to compute the bound */
} slide_stats;

static inline slide_stats slide_stats_init(void)
{
    slide_stats value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * Where moves go.  A search appends moves to an owned buffer; when sink is
 * set the moves are handed to it in pieces instead and only counted, so a
 * solution of billions of moves needs no memory for itself.  A sink
 * returning non-zero cancels the search (SLIDE_E_CANCELLED).
 */
typedef int (*slide_move_sink)(void *ctx, const char *moves, size_t len);

typedef struct slide_solution {
    char *moves;       /* NUL-terminated move string; NULL when streamed */
    uint64_t length;   /* number of moves */
} slide_solution;

SLIDE_API void slide_solution_free(slide_solution *solution);

/*
 * A context keeps what is worth building once and reusing for every board
 * of a batch: exhaustive distance tables, pattern databases.  It is
 * optional (NULL in the solve options: each solve builds what it needs and
 * frees it).  Entries are built on first use under a lock and are read-only
 * afterwards, so one context may serve solves on many threads at once.  Its
 * memory is counted against its own max_memory.  The caller owns the context
 * and frees it with slide_context_free after the last solve that uses it.
 */
typedef struct slide_context slide_context;

typedef struct slide_context_options {
    size_t size;       /* set by slide_context_options_init */
    size_t max_memory; /* bytes for cached tables; 0 = SLIDE_DEFAULT_MAX_MEMORY */
} slide_context_options;

static inline slide_context_options slide_context_options_init(void)
{
    slide_context_options value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/* SLIDE_OK, SLIDE_E_NOMEM, or SLIDE_E_ARGUMENT (opt not made by its init); opt may be NULL. */
SLIDE_API int slide_context_create(slide_context **out, const slide_context_options *opt);
SLIDE_API void slide_context_free(slide_context *ctx);

/*
 * Progress of long work, for a caller that wants to show it (the library
 * never prints).  SEARCH: an iterative search starts a new iteration.
 * BUILD: a pattern database is being built.  NOTE: something the user
 * should hear about (a cache file rebuilt, an unwritable cache directory);
 * message is one sentence without a trailing newline.  BEST: a search with
 * a budget has a shorter answer, of bound moves.  The struct and its
 * message are valid during the call only.
 */
enum {
    SLIDE_PROGRESS_SEARCH = 0,
    SLIDE_PROGRESS_BUILD = 1,
    SLIDE_PROGRESS_NOTE = 2,
    SLIDE_PROGRESS_BEST = 3 /* a search with a budget found a shorter answer: bound moves */
};

typedef struct slide_progress {
    int kind;
    const char *message; /* NOTE: the sentence; BUILD: which table */
    unsigned bound;      /* SEARCH: the new bound; BUILD: the BFS layer; BEST: its length */
    uint64_t nodes;      /* SEARCH: nodes expanded so far; BUILD: abstract states reached */
    double fraction;     /* BUILD: share of the table's entries filled, 0 .. 1 */
    int remedy;          /* NOTE: SLIDE_REMEDY_* the caller could act on, else NONE */
} slide_progress;

typedef void (*slide_progress_fn)(void *ctx, const slide_progress *progress);

/*
 * Where pattern databases (--heuristic pdb) live.  cache_dir NULL means
 * $SLIDE_CACHE_DIR, else $XDG_CACHE_HOME/slide, else ~/.cache/slide (empty
 * variables count as unset, a relative XDG_CACHE_HOME is ignored, and HOME
 * only counts when the directory exists: it is never created);
 * no_disk_cache builds them in memory only.  max_group caps the tiles of one
 * group (0 = automatic: 7-8 on 4x4, or $SLIDE_PDB_MAX_GROUP); smaller groups
 * build faster and prune less.  A cap past slide_pdb_largest_group allows
 * nothing more than that.
 *
 * quick_states: when a search uses pattern databases by default (no
 * heuristic named) and the best tables are not all cached, it does not wait
 * for tables whose build walks more than this many abstract states (0 =
 * 2^28, a few seconds): it builds and caches smaller ones (6-6-3 on 4x4)
 * and says so once through the progress callback (SLIDE_REMEDY_PDB_BUILD).
 * Once the best tables are cached (slide_pdb_prepare) they are used.
 * UINT64_MAX: always the best tables.
 */
typedef struct slide_pdb_options {
    size_t size; /* set by slide_pdb_options_init */
    const char *cache_dir;
    int no_disk_cache;
    int max_group;
    uint64_t quick_states;
} slide_pdb_options;

static inline slide_pdb_options slide_pdb_options_init(void)
{
    slide_pdb_options value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * Exhaustive distance tables, for callers that answer many boards of one
 * small shape (at most SLIDE_MAX_TABLE_CELLS cells) and want no per-board
 * overhead.  slide_dist_table_get builds the table for goal's shape and goal in
 * ctx on first use (SLIDE_E_TOO_LARGE for larger shapes); the table belongs
 * to ctx.  cells holds rows*cols values, 0 for the blank.
 * slide_dist_table_distance returns the fewest moves, SLIDE_E_UNSOLVABLE, or
 * SLIDE_E_ARGUMENT when cells is not a board of the shape.
 * slide_dist_table_moves writes the move string (the same one --algo bfs finds)
 * and a NUL into out and returns its length, or a negative status; cap must
 * exceed the length (64 always suffices).
 */
typedef struct slide_dist_table slide_dist_table;
SLIDE_API int slide_dist_table_get(slide_context *ctx, const slide_board *goal,
                                   const slide_dist_table **out);
SLIDE_API int slide_dist_table_distance(const slide_dist_table *table, const uint8_t *cells);
SLIDE_API int slide_dist_table_moves(const slide_dist_table *table, const uint8_t *cells, char *out,
                                     size_t cap);

typedef struct slide_solve_options {
    size_t size;            /* set by slide_solve_options_init */
    slide_context *context; /* optional cache shared by a batch, see slide_context */
    const char *algo;       /* table name; NULL or "auto" = slide_solve picks */
    const char *heuristic;  /* NULL = the algorithm's default */
    const slide_limits *limits; /* NULL = no time limit and the default memory cap */
    slide_move_sink sink;   /* optional, see slide_move_sink */
    void *sink_ctx;
    int count_only;         /* non-zero: only the length is wanted */
    const slide_pdb_options *pdb; /* pattern database cache (--heuristic pdb, auto on <= 16
                                     cells); NULL = the defaults */
    slide_progress_fn progress; /* optional: iterations, database builds, notes */
    void *progress_ctx;
    /*
     * Threads inside one search (idastar; the other algorithms use one);
     * 0 or 1 = one, at most SLIDE_MAX_THREADS (else SLIDE_E_ARGUMENT), of
     * which a search runs 64 at most.  The answer is the same string
     * whatever the count.
     */
    int threads;
    /*
     * Bounded-suboptimal search: answers at most weight x optimal (idastar's
     * ladder; astar's anytime weighted search; auto, which then takes
     * idastar), from 1 to SLIDE_MAX_WEIGHT; 0 or 1 = optimal.
     * Deterministic.
     */
    double weight;
    /*
     * Seconds a near-optimal answer may take to get shorter (anytime): the
     * answer auto would give without it is found first (only limits bound
     * that), then the method looks for shorter ones, each round harder
     * (beam search: wider beams, every view), until this much wall time has
     * passed since the solve began, and answers with the shortest found.
     * limits->cancel and limits->timeout then also end it with the
     * shortest found.  0 = none: the answer depends on the board alone;
     * with a budget it depends on the machine's speed too (never on
     * threads).  Progress reports each shorter answer (SLIDE_PROGRESS_BEST).
     * From 0 to SLIDE_MAX_BUDGET; optimal searches ignore it.
     */
    double budget;
} slide_solve_options;

#define SLIDE_MAX_BUDGET 1e6

static inline slide_solve_options slide_solve_options_init(void)
{
    slide_solve_options value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

#define SLIDE_MAX_WEIGHT 100.0
#define SLIDE_MAX_THREADS 1024

/*
 * Stack.  idastar's search recurses a frame a move of depth, so a path is
 * at most SLIDE_MAX_SEARCH_DEPTH moves long: an iteration whose bound
 * would let one go deeper is refused with SLIDE_E_TOO_LARGE (stats->note
 * says so), by slide_solve and by slide_split_iteration and
 * slide_split_search past that bound.  Every shortest answer on the boards
 * idastar takes (at most SLIDE_MAX_WIDE_CELLS cells) is far shorter (the
 * 24-puzzle's longest is at most 205 moves), and so is the deepest path of
 * the weighted ladder, whose weight stops at 5.  A thread that calls
 * slide_solve, slide_split_iteration or slide_split_search needs
 * SLIDE_SEARCH_STACK bytes of stack (a search at the cap used 1.7 MiB with
 * GCC -O3 on x86-64, the pattern database loop on 5x5 the deepest frames);
 * the threads a search starts itself get that much.  The main thread's
 * stack (8 MiB on Linux) and glibc's default for new threads are enough.
 */
#define SLIDE_MAX_SEARCH_DEPTH 1500u
#define SLIDE_SEARCH_STACK ((size_t)4 << 20)
/*
 * The weights auto uses on boards of 17 to 25 cells when their pattern
 * databases are cached (without them: beam search, with a note): anytime
 * weighted A* at SLIDE_AUTO_ASTAR_WEIGHT when both sides are at least 4
 * long, else (or when A* finds no first answer within its budget) the
 * weighted IDA* ladder at SLIDE_AUTO_WEIGHT.
 */
#define SLIDE_AUTO_WEIGHT 1.5
#define SLIDE_AUTO_ASTAR_WEIGHT 1.4

/*
 * Solves start -> goal (goal NULL = the standard goal of start's shape).
 * On SLIDE_OK *solution holds the moves (caller frees with
 * slide_solution_free).  An unsolvable pair returns SLIDE_E_UNSOLVABLE
 * before any search.  opt and stats may be NULL; SLIDE_E_ARGUMENT when
 * one of them, or a struct opt points to, was not made by its init function.
 */
SLIDE_API int slide_solve(const slide_board *start, const slide_board *goal,
                          const slide_solve_options *opt, slide_solution *solution,
                          slide_stats *stats);

/* Algorithm capabilities, for listings and for tests that loop over all. */
enum {
    SLIDE_ALGO_OPTIMAL = 1 << 0,   /* answers are always shortest */
    SLIDE_ALGO_PACKED = 1 << 1,    /* needs a board of at most 16 cells */
    SLIDE_ALGO_HEURISTIC = 1 << 2, /* accepts a heuristic */
    SLIDE_ALGO_ANY_SIZE = 1 << 3,  /* handles boards of any size */
    SLIDE_ALGO_SMALL = 1 << 4,     /* needs a board of at most 9 cells (exhaustive tables) */
    SLIDE_ALGO_WIDE = 1 << 5,      /* needs a board of at most 25 cells (SLIDE_MAX_WIDE_CELLS) */
    SLIDE_ALGO_WEIGHTED = 1 << 6,  /* takes a weight (slide_solve_options.weight) */
    SLIDE_ALGO_THREADED = 1 << 7   /* runs one search on several threads (.threads) */
};

typedef struct slide_algo_info {
    const char *name;
    unsigned flags;
    const char *summary;
} slide_algo_info;

/* Number of algorithms in the table and the i-th entry (NULL past the end). */
SLIDE_API size_t slide_algo_count(void);
SLIDE_API const slide_algo_info *slide_algo_at(size_t index);
/* The entry named name, or NULL. */
SLIDE_API const slide_algo_info *slide_algo_by_name(const char *name);
/*
 * Name of the algorithm slide_solve uses for "auto" on this board, as far
 * as the board alone decides: on 17 to 25 cells slide_solve takes astar
 * or idastar (SLIDE_AUTO_WEIGHT) instead of this "beam" when the pattern
 * databases are cached.
 */
SLIDE_API const char *slide_algo_auto(const slide_board *start);
/*
 * Non-zero when slide_solve answers boards of rows x cols cells under opt
 * from the distance table opt->context keeps ("table", or auto with a
 * context and no heuristic or weight, on at most SLIDE_MAX_TABLE_CELLS
 * cells), so that a caller with many such boards may read that table
 * itself (slide_dist_table_get with opt->context) for the same answers.  A
 * weight asks for idastar's weighted search, so it rules the table out.
 * When the table does not fit the context's memory cap slide_dist_table_get
 * says so, and slide_solve then searches instead.
 */
SLIDE_API int slide_solve_uses_table(int rows, int cols, const slide_solve_options *opt);

typedef struct slide_heuristic_info {
    const char *name;
    const char *summary;
} slide_heuristic_info;
SLIDE_API size_t slide_heuristic_count(void);
SLIDE_API const slide_heuristic_info *slide_heuristic_at(size_t index);

/* ----------------------------------------- one search on many machines */

/*
 * An optimal IDA* search cut into pieces that separate processes, on any
 * number of machines, search on their own (`slide split`, `slide work`,
 * `slide spread`).  Iteration `bound` (in moves) is cut as the threads of
 * one search cut it: the walk from the start within the bound, a level at
 * a time from 4 moves deep, until a level holds at least `want` nodes;
 * those nodes are the subtrees, in u, d, l, r order.  The iteration's
 * answer is the first answer of the lowest subtree that holds one, which
 * is the string one thread prints; an iteration without one gives the
 * next bound, the smallest next_bound of the walk and of all its
 * subtrees.  Deterministic: the same boards, options and tables give the
 * same subtrees, answers, bounds and node counts on every machine.
 *
 * Options as for slide_solve, except that algo must be NULL, "auto" or
 * "idastar" and weight 0 or 1 (else SLIDE_E_ARGUMENT), and threads is
 * ignored (once within 0 .. SLIDE_MAX_THREADS, as everywhere).  The
 * heuristic is idastar's default when none is named; a context keeps its
 * tables for the next call.  stats gets the call's nodes.
 */
#define SLIDE_SPLIT_NO_BOUND 0xffffffffu /* nothing was cut: there is no next iteration */
/*
 * The largest bound the calls read; one past SLIDE_MAX_SEARCH_DEPTH is
 * then refused with SLIDE_E_TOO_LARGE (stats->note says so).
 */
#define SLIDE_SPLIT_MAX_BOUND 100000u

typedef struct slide_split {
    unsigned start_bound; /* the first iteration's bound, the start's estimate; 0: start is the goal */
    uint64_t tables;      /* fingerprint of the heuristic and its tables: equal exactly when two
                             processes prune alike (0 when start is the goal) */
    size_t count;         /* subtrees of the iteration, 0 for slide_split_begin */
    char **prefix;        /* prefix[i]: the moves from the start to subtree i's root */
    unsigned next_bound;  /* the smallest f above the bound the walk met; SLIDE_SPLIT_NO_BOUND */
} slide_split;

/* The first bound and the tables' fingerprint (count 0).  SLIDE_OK or a status, as slide_solve. */
SLIDE_API int slide_split_begin(const slide_board *start, const slide_board *goal,
                                const slide_solve_options *opt, slide_split *out,
                                slide_stats *stats);
/*
 * The fingerprint slide_split_begin would give (slide_split.tables), from
 * the plan of the tables alone: nothing is built, loaded or mapped, so a
 * worker can refuse work cut with other tables before it spends minutes
 * building its own.  0 when start is the goal.  SLIDE_OK or a status, as
 * slide_solve; a plan that does not fit the memory cap is refused
 * (SLIDE_E_MEMLIMIT), where slide_split_begin may fall back on another
 * heuristic.
 */
SLIDE_API int slide_split_tables(const slide_board *start, const slide_board *goal,
                                 const slide_solve_options *opt, uint64_t *tables,
                                 slide_stats *stats);
/*
 * The subtrees of iteration bound (want >= 1), owned by *out until
 * slide_split_free.  A goal met above the split depth is the last subtree
 * (its prefix reaches the goal).  SLIDE_OK or a status, as slide_solve.
 */
SLIDE_API int slide_split_iteration(const slide_board *start, const slide_board *goal,
                                    const slide_solve_options *opt, unsigned bound, size_t want,
                                    slide_split *out, slide_stats *stats);
/*
 * The subtrees below one subtree, prefix[0..len) of iteration bound (a
 * prefix as slide_split_search takes it, of at most 254 moves), cut as
 * slide_split_iteration cuts the iteration but from one move below the
 * prefix: its place in the iteration's order is taken by these, in their
 * order.  So a subtree that turns out large is cut again while its
 * iteration runs; its answer is the first answer of the lowest of these
 * that holds one, and its nodes are stats' (the walk, from the prefix's
 * end) plus theirs (or a few more: with dual lookups, on 5x5, BPMX lets
 * one child's estimate cut its later siblings, which pieces searched
 * apart do not see).  count 0: the walk searched it all (a goal it met is
 * the last subtree, as above).  SLIDE_OK or a status, as
 * slide_split_search.
 */
SLIDE_API int slide_split_subtree(const slide_board *start, const slide_board *goal,
                                  const slide_solve_options *opt, unsigned bound,
                                  const char *prefix, size_t len, size_t want, slide_split *out,
                                  slide_stats *stats);
SLIDE_API void slide_split_free(slide_split *split);

typedef struct slide_split_result {
    uint64_t tables;     /* as slide_split.tables: compare before trusting the result */
    int found;           /* the subtree holds an answer: the first in u, d, l, r order */
    char *moves;         /* found: the answer from the start, prefix included; else NULL */
    uint64_t length;
    unsigned next_bound; /* not found: the smallest f above the bound met; SLIDE_SPLIT_NO_BOUND */
} slide_split_result;

/*
 * Searches the subtree below prefix[0..len) (move letters, either case)
 * within bound.  The prefix must be legal, never undo the move before it
 * nor hold moves that a shorter or earlier string does the same as (the
 * subtree is another prefix's; slide_split_iteration never gives one),
 * and be at most bound long (SLIDE_E_BAD_MOVE or SLIDE_E_ARGUMENT, with
 * stats->note saying which move).  SLIDE_OK or a status, as slide_solve.
 */
SLIDE_API int slide_split_search(const slide_board *start, const slide_board *goal,
                                 const slide_solve_options *opt, unsigned bound, const char *prefix,
                                 size_t len, slide_split_result *out, slide_stats *stats);
SLIDE_API void slide_split_result_free(slide_split_result *result);

/* ------------------------------------------------------ pattern databases */

/* What slide_pdb_prepare did. */
typedef struct slide_pdb_summary {
    size_t size;                          /* set by slide_pdb_summary_init */
    int groups;                           /* tables in the database */
    int group_size[SLIDE_MAX_WIDE_CELLS];
    int mirrored;                         /* the reflected lookup is used too */
    int loaded;                           /* tables read from the cache */
    int built;                            /* tables built */
    size_t bytes;                         /* memory the tables take */
    size_t peak_memory;                   /* peak while loading or building */
    double seconds;
    int all_cached; /* all tables in the cache directory afterwards (0 without one) */
} slide_pdb_summary;

static inline slide_pdb_summary slide_pdb_summary_init(void)
{
    slide_pdb_summary value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * Loads, or builds and stores in the cache, the pattern databases that
 * --heuristic pdb uses for goal's shape and goal, so that a batch finds them
 * ready (`slide pdb build`).  max_memory caps the tables plus the build's
 * working memory (0 = SLIDE_DEFAULT_MAX_MEMORY); progress may be NULL.
 * Returns SLIDE_OK; SLIDE_E_TOO_LARGE past SLIDE_MAX_WIDE_CELLS cells;
 * SLIDE_E_MEMLIMIT when no database fits; SLIDE_E_NOMEM.  Problems with the cache directory are not
 * errors: they are reported through progress and the tables built in memory.
 * summary may be NULL.
 */
SLIDE_API int slide_pdb_prepare(const slide_board *goal, const slide_pdb_options *opt,
                                size_t max_memory, slide_progress_fn progress, void *progress_ctx,
                                slide_pdb_summary *summary);

/* The cache directory opt names (see slide_pdb_options) into buf. SLIDE_OK or SLIDE_E_ARGUMENT. */
SLIDE_API int slide_pdb_cache_dir(const slide_pdb_options *opt, char *buf, size_t size);

/*
 * The most tiles one pattern database group can have on a rows x cols board
 * (8 on 4x4, 11 on 3x4, 6 on 5x5: a table of at most 600 million entries); 0
 * for a shape past SLIDE_MAX_WIDE_CELLS cells.
 */
SLIDE_API int slide_pdb_largest_group(int rows, int cols);

/*
 * Reads $SLIDE_PDB_MAX_GROUP, the automatic group cap used when
 * slide_pdb_options.max_group is 0.  SLIDE_OK with *max_group set (0 when
 * unset or empty); SLIDE_E_ARGUMENT when it holds anything but a whole
 * number from 1 to SLIDE_MAX_PACKED_CELLS - 1: then *max_group is 0 and the
 * library ignores the variable, so callers may warn.
 */
SLIDE_API int slide_pdb_env_max_group(int *max_group);

/* What a cache file holds, from slide_pdb_file_inspect. */
typedef struct slide_pdb_file_info {
    size_t size; /* set by slide_pdb_file_info_init */
    int rows;
    int cols;
    int group_size;
    /*
     * Where the table puts the blank and the group's tiles at home, in its
     * own frame: one table serves every goal that is the same up to
     * renaming tiles, rotating or reflecting the board.
     */
    int blank_home;
    uint8_t home[SLIDE_MAX_WIDE_CELLS]; /* group_size cells, ascending */
    int entry_bits;                        /* 4 or 8 */
    int per_region;                        /* an entry per placement and blank region */
    uint64_t entries;
    uint64_t file_bytes;
    char problem[160];                     /* why it is not valid; empty when valid */
} slide_pdb_file_info;

static inline slide_pdb_file_info slide_pdb_file_info_init(void)
{
    slide_pdb_file_info value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * Reads and fully verifies one cache file (header, size, checksum).
 * Returns SLIDE_OK when valid, SLIDE_E_CORRUPT (info->problem says why) or
 * SLIDE_E_IO (unreadable; problem names the system error).
 */
SLIDE_API int slide_pdb_file_inspect(const char *path, slide_pdb_file_info *info);

/*
 * 1 when name (a file name, not a path) is one slide gives a cache table, as
 * in 4x4-xooooooo________-r.pdb; 0 for anything else, such as another
 * program's .pdb file in the same directory.
 */
SLIDE_API int slide_pdb_file_name_is_table(const char *name);

/*
 * Removes the cache files (and leftover temporary files) of slide from dir,
 * nothing else: only files named as slide names them (see
 * slide_pdb_file_name_is_table); another program's .pdb files stay.
 * *removed counts them.  Returns SLIDE_OK (also when dir does not exist:
 * there is nothing to clear), or SLIDE_E_IO when the directory cannot be
 * read or a file cannot be removed.
 */
SLIDE_API int slide_pdb_cache_clear(const char *dir, unsigned *removed);

/* -------------------------------------------------------------- generator */

/*
 * A small deterministic PRNG (xoshiro256** seeded through splitmix64): the
 * same seed gives the same stream on every machine.
 */
typedef struct slide_rng {
    uint64_t s[4];
} slide_rng;

SLIDE_API void slide_rng_seed(slide_rng *rng, uint64_t seed);
SLIDE_API uint64_t slide_rng_next(slide_rng *rng);
/* Uniform in [0, bound) without modulo bias; bound > 0. */
SLIDE_API uint64_t slide_rng_below(slide_rng *rng, uint64_t bound);

enum { SLIDE_GEN_RANDOM = 0, SLIDE_GEN_WALK = 1, SLIDE_GEN_UNSOLVABLE = 2 };

/*
 * Fills *out (same shape as goal) with a board: uniformly random among those
 * that reach goal (RANDOM), uniformly random among those that cannot
 * (UNSOLVABLE), or the end of a walk of `walk` random moves from goal that
 * never undoes its previous move (WALK).  Returns SLIDE_OK,
 * SLIDE_E_ARGUMENT (a NULL argument, goal not a valid board as
 * slide_board_validate says, or an unknown kind) or SLIDE_E_NOMEM.
 */
SLIDE_API int slide_generate(slide_board *out, const slide_board *goal, int kind, uint64_t walk,
                             slide_rng *rng);

/* How a walk (SLIDE_GEN_WALK) picks each move: slide_gen_options.walk_rule. */
enum {
    /* uniformly among the moves that keep the blank on the board, never undoing the previous one */
    SLIDE_WALK_NO_UNDO = 0,
    /*
     * each of the four directions with chance 1/4; one that would take the
     * blank off the board counts as a move and leaves the board as it is
     * (the scrambles of DeepCubeA's published sliding-puzzle test sets)
     */
    SLIDE_WALK_ANY = 1
};

typedef struct slide_gen_options {
    size_t size;   /* set by slide_gen_options_init */
    int kind;      /* SLIDE_GEN_RANDOM (0, the default), SLIDE_GEN_WALK or SLIDE_GEN_UNSOLVABLE */
    int walk_rule; /* WALK: SLIDE_WALK_NO_UNDO (0, the default) or SLIDE_WALK_ANY */
    uint64_t walk; /* WALK: the walk's moves, or the fewest of a range */
    /*
     * WALK: 0 = exactly `walk` moves; else the most of a range: each board
     * first draws its length walk + slide_rng_below(rng, walk_max - walk + 1)
     * (no draw when walk_max == walk), then walks it.
     */
    uint64_t walk_max;
} slide_gen_options;

static inline slide_gen_options slide_gen_options_init(void)
{
    slide_gen_options value;
    memset(&value, 0, sizeof value);
    value.size = sizeof value;
    return value;
}

/*
 * slide_generate with its choices in opt (NULL: a uniformly random
 * solvable board): a walk's rule and a range of lengths besides.  The same
 * options and rng state give the same board as slide_generate(out, goal,
 * opt->kind, opt->walk, rng) whenever the rule is SLIDE_WALK_NO_UNDO and
 * walk_max is 0 or walk.  Returns SLIDE_OK, SLIDE_E_ARGUMENT (as
 * slide_generate, and opt not made by slide_gen_options_init, an unknown
 * walk_rule, or walk_max neither 0 nor at least walk) or SLIDE_E_NOMEM.
 */
SLIDE_API int slide_generate_with(slide_board *out, const slide_board *goal,
                                  const slide_gen_options *opt, slide_rng *rng);

#ifdef __cplusplus
}
#endif

#endif /* SLIDE_H */
