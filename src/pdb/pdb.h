/*
 * pdb.h - additive pattern databases (Korf & Felner 2002), as the layers
 * above use them: a set's groups and plans, making its tables available
 * (cache.c), and a board's estimate (lookup.c).  The searches that follow a
 * board move by move read it through walk.h; what only the files of pdb/
 * share (building, one table's file, explicit groups) is in pdb_internal.h.
 *
 * The tiles of a board (blank excluded) are split into disjoint groups.  A
 * group's entries hold, for every placement of its k tiles on the n cells,
 * the fewest moves *of those tiles* that bring them home when the blank may
 * wander through every other cell for free.  Summed over the groups this
 * never exceeds the true distance, because every real move moves exactly one
 * tile of exactly one group.
 *
 * A group has an entry per placement (the fewest moves over every cell the
 * blank may stand in), or, where memory allows, an entry per placement and
 * region of the blank: the connected set of cells without a group tile that
 * holds it.  Near the goal that matters: with tiles 9-15 home, the blank's
 * goal cell is walled in, and a blank outside it costs two moves of the
 * group that the minimum over regions forgets.
 *
 * Entries do not store that count d itself but (d - m) / 2, where m is the
 * Manhattan distance of the group's tiles: every counted move changes m by
 * one, so d - m is even and never negative.  A board's estimate is then its
 * Manhattan distance plus twice the sum of the entries, the values are small
 * enough for a nibble on every shape tried, and the Manhattan part comes
 * for free from the search's incremental update.
 */
#ifndef SLIDE_PDB_H
#define SLIDE_PDB_H

#include "core/core.h"
#include "core/rank.h"

#define PDB_MAX_GROUPS 15
/* The most tiles any group can have above 16 cells: 17!/9! already passes 2^32 entries. */
#define PDB_MAX_WIDE_DIGITS 8

/*
 * One group: its tiles and its entries.
 *
 * A table depends on where the goal puts the group's tiles and the blank,
 * not on the tiles' names, and a rotation or reflection of the board keeps
 * every distance.  So each group's table is built in its own frame: the
 * symmetry of the board (pdb_view.cell) that gives the group's pattern of
 * goal cells (home) and the blank's goal cell the smallest name, with
 * digit i the tile whose home is the i-th lowest cell.  Goals that are the
 * same up to renaming tiles, rotating or reflecting the board then share
 * one table and one cache file (Korf's blank-first goal and the blank-last
 * one are each other's 180-degree rotation).
 *
 * data is owned by whoever built or loaded it: built tables come from the
 * budget, loaded ones are a read-only mapping of the cache file (mapping,
 * mapping_bytes), charged to the budget at their payload size.  A set that
 * shares through a context (pdb_set.context) borrows each table from the
 * context's entry for its file (shared): held and charged once however
 * many goals read it, and released with the context.
 */
typedef struct pdb_group {
    int size;                              /* k, tiles in the group */
    uint8_t tiles[SLIDE_MAX_WIDE_CELLS];   /* the tiles in index-digit order (by home) */
    uint8_t home[SLIDE_MAX_WIDE_CELLS];    /* digit i's goal cell in the table's frame */
    uint8_t blank_home;                    /* the blank's goal cell in the table's frame */
    uint32_t placements;                   /* n! / (n-k)! */
    int per_region;                        /* an entry per (placement, blank region) */
    uint32_t entries;                      /* placements, times n - k when per_region */
    int entry_bits;                        /* 4 or 8, 0 until built */
    uint8_t *data;
    size_t bytes;
    void *mapping; /* the mapped file when data lies in one, else NULL */
    size_t mapping_bytes;
    int shared; /* data is another group's or a context's: pdb_set_release leaves it */
} pdb_group;

/*
 * How one side of the lookup reads one group: digit i's tile is
 * source[i], and a board cell c is cell[c] of the table's frame.
 */
typedef struct pdb_view {
    uint8_t cell[SLIDE_MAX_WIDE_CELLS];
    uint8_t source[SLIDE_MAX_WIDE_CELLS];
} pdb_view;

/*
 * A partition of one shape and goal into groups, plus a reflection of the
 * board when one is valid for the goal (a symmetry that keeps the blank's
 * goal cell: on a square with the blank in a corner, the diagonal through
 * it): then the reflected board, with each tile renamed after the tile
 * whose goal cell is its mirror, is exactly as far from the goal, and the
 * larger of the two estimates is still admissible.  view[0] reads the
 * board, view[1] its reflection.
 */
typedef struct pdb_set {
    geometry shape;
    state64 goal;                             /* 0 above 16 cells: goal_cells says */
    uint8_t goal_cells[SLIDE_MAX_WIDE_CELLS]; /* the goal's tile per cell, 0 the blank */
    int count;
    pdb_group groups[PDB_MAX_GROUPS];
    int8_t group_of[SLIDE_MAX_WIDE_CELLS]; /* tile -> group, -1 for the blank */
    manhattan_table manhattan;
    int mirrored;
    int8_t mirror_group_of[SLIDE_MAX_WIDE_CELLS]; /* tile -> group it feeds when reflected */
    pdb_view view[2][PDB_MAX_GROUPS];
    /* above 16 cells: tile -> its digit in the group it feeds, per side, and the digits' weights */
    uint8_t digit_of[2][SLIDE_MAX_WIDE_CELLS];
    uint32_t digit_weight[PDB_MAX_GROUPS][PDB_MAX_WIDE_DIGITS];
    /*
     * The sum of digit_weight[g][j] over a set of digits j, by halves: [g][0][bits] for the
     * bits j of digits 0-3, [g][1][bits] for digits 4-7 (walk.h, pdb_walk_locate)
     */
    uint32_t digits_weight[PDB_MAX_GROUPS][2][16];
    int build_threads; /* 0 = two on large groups when there are two cores; tests set 1 or 2 */
    uint64_t *lowest;  /* per_region lookups: open cells -> each cell's region, see pdb_regions */
    int lowest_shared; /* lowest is the context's (CACHE_PDB_REGIONS) */
    /*
     * When set, pdb_set_prepare and pdb_set_load_cached take each table from
     * this context, where the first set to need it loads or builds it:
     * goals that share a file share its memory and its charge.  The caller
     * sets it after planning (the plans leave it NULL) and the budget it
     * passes must be the context's own (a context_cache_get build).
     */
    slide_context *context;
    size_t table_bytes;  /* bytes of its tables, each counted once (groups may share one) */
    size_t shared_bytes; /* bytes of those another set had put in the context first */
} pdb_set;

/* Build progress and notes, forwarded to the caller's callback. */
typedef struct pdb_reporter {
    slide_progress_fn fn;
    void *ctx;
} pdb_reporter;

void pdb_report_note(const pdb_reporter *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A note with the remedy (SLIDE_REMEDY_*) the caller could act on. */
void pdb_report_note_remedy(const pdb_reporter *r, int remedy, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/*
 * Chooses groups for shape and goal: tiles taken in goal order (row-major,
 * column-major on tall boards) and cut into as few groups as allowed, each of
 * at most max_group tiles (0 = PDB_MAX_GROUP_SIZE) and PDB_MAX_ENTRIES
 * entries (pdb_internal.h), such that building the largest group while the
 * others are held stays within cap bytes.  Fills *set (no data).  Returns SLIDE_OK, or
 * SLIDE_E_MEMLIMIT when not even groups of three tiles fit.
 */
int pdb_plan(pdb_set *set, const geometry *shape, state64 goal, int max_group, size_t cap);
/*
 * pdb_plan for the goal whose cell c holds goal[c], any shape up to 25
 * cells (the forms taking a state64 are for shapes of at most 16).  On 5x5
 * with the blank in a corner and groups of six allowed: Korf & Felner's
 * 6-6-6-6 blocks, with the reflected lookup.  Other shapes above 16 cells
 * take groups of at most PDB_MAX_WIDE_GROUP_SIZE tiles by default.
 */
int pdb_plan_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int max_group,
                   size_t cap);

/* The abstract states building every group of set walks through: what its build costs. */
uint64_t pdb_plan_states(const pdb_set *set);

/*
 * Most abstract states (pdb_plan_states) of the tables a search builds
 * before its first answer when the full ones are not cached: 2^28, about 3
 * seconds of one core (the 15-puzzle's 6-6-3 tables take 116 million).
 */
#define PDB_QUICK_STATES ((uint64_t)1 << 28)

/*
 * Chooses groups that build quickly, as a stand-in for pdb_plan's until
 * those are cached: the largest groups (at most max_group tiles, 0 =
 * automatic) whose build walks at most max_states abstract states and fits
 * cap bytes, laid out as blocks (see quick_order in plan.c): 6-6-3 on the
 * 15-puzzle.  Returns SLIDE_OK or SLIDE_E_MEMLIMIT.
 */
int pdb_plan_quick(pdb_set *set, const geometry *shape, state64 goal, int max_group, size_t cap,
                   uint64_t max_states);
/* pdb_plan_quick for the goal whose cell c holds goal[c], any shape up to 25 cells. */
int pdb_plan_quick_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int max_group,
                         size_t cap, uint64_t max_states);

/*
 * Frees or unmaps every group's entries (and the region lookup), back to
 * budget; what the set borrowed from a context stays the context's.
 */
void pdb_set_release(pdb_set *set, search_budget *budget);
/* Frees or unmaps one group's entries, back to budget (shared or not). */
void pdb_group_release(pdb_group *t, search_budget *budget);

/*
 * Entry `index` of a table whose entries are 4 bits, two a byte (half = 1),
 * or a byte each (half = 0), without a branch on the width: the IDA* loops
 * measured it the faster (their walk keeps half per tile, pdb_mover).
 */
static inline unsigned pdb_entry_at(const uint8_t *data, unsigned half, uint32_t index)
{
    return (unsigned)(data[index >> half] >> ((index & half) * 4)) & (half ? 15u : 255u);
}

/* Asks for the cache line of pdb_entry_at's entry, to be read a little later. */
static inline void pdb_prefetch_at(const uint8_t *data, unsigned half, uint32_t index)
{
    __builtin_prefetch(data + (index >> half));
}

/* The group's entry at index. */
static inline unsigned pdb_entry(const pdb_group *t, uint32_t index)
{
    return pdb_entry_at(t->data, t->entry_bits == 4, index);
}

/* Asks for the cache line of the group's entry at index, to be read a little later. */
static inline void pdb_prefetch_entry(const pdb_group *t, uint32_t index)
{
    pdb_prefetch_at(t->data, t->entry_bits == 4, index);
}

/*
 * Which of a placement's per-region entries holds with the blank on cell
 * `blank` and the group's tiles on `occupied`: the blank's region, named by
 * its lowest cell, ranked among the cells the group leaves open.
 */
static inline unsigned pdb_region_slot(const pdb_set *set, unsigned occupied, unsigned blank)
{
    unsigned open = ((1u << set->shape.cells) - 1) & ~occupied;
    unsigned lowest = (unsigned)(set->lowest[open] >> (4 * blank)) & 15u;
    return popcount25(open & ((1u << lowest) - 1));
}

/* The index of a placement's entry: per region, the blank's region among its slots. */
static inline uint32_t pdb_index(const pdb_set *set, const pdb_group *t, uint32_t placement,
                                 unsigned occupied, unsigned blank)
{
    if (!t->per_region)
        return placement;
    return placement * (uint32_t)(set->shape.cells - t->size) +
           pdb_region_slot(set, occupied, blank);
}

/*
 * The placement of group g whose tiles stand on cells[i] of its table's
 * frame (what pdb_place_any computes from the board), and *occupied.
 */
static inline uint32_t pdb_rank_cells(const pdb_set *set, int g, const uint8_t *cells,
                                      unsigned *occupied, int wide)
{
    unsigned used = 0;
    /* above 16 cells no group keeps entries per region (plan.c): its cells are not needed */
    for (int i = 0; i < set->groups[g].size && !wide; i++)
        used |= 1u << cells[i];
    *occupied = used;
    return wide ? permutation_rank_weighted(cells, set->groups[g].size, set->digit_weight[g])
                : permutation_rank(cells, set->groups[g].size, set->shape.cells);
}

/*
 * Where group g's tiles stand on the board whose cells are pos[tile] (pos[0]
 * the blank), or on its reflection when mirrored, in the table's frame:
 * returns the placement and sets *occupied to the cells the tiles cover
 * (0 above 16 cells, where no group keeps entries per region, plan.c).
 * wide: the board has more than 16 cells (a constant where it is inlined).
 * Both stay valid while none of the group's tiles moves, so an entry kept
 * per blank region is re-read after a blank move without ranking again.
 */
static inline uint32_t pdb_place_any(const pdb_set *set, int g, const uint8_t *pos, int mirrored,
                                     unsigned *occupied, int wide)
{
    const pdb_view *view = &set->view[mirrored][g];
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    /*
     * The second bound changes nothing but what the compiler knows of the
     * trip count: with it, the <= 16-cell walk is unrolled as it was before
     * boards of 25 cells (3% fewer instructions a node than without it).
     */
    int most = wide ? SLIDE_MAX_WIDE_CELLS : SLIDE_MAX_PACKED_CELLS;
    for (int i = 0; i < set->groups[g].size && i < most; i++)
        cells[i] = view->cell[pos[view->source[i]]];
    return pdb_rank_cells(set, g, cells, occupied, wide);
}

/* pdb_place_any on a board of at most 16 cells (the walk's hot path: no test of the width). */
static inline uint32_t pdb_place(const pdb_set *set, int g, const uint8_t *pos, int mirrored,
                                 unsigned *occupied)
{
    return pdb_place_any(set, g, pos, mirrored, occupied, 0);
}

/*
 * Group g's entry for a placement and its occupied cells (pdb_place) with the
 * blank on cell `blank` of the table's frame (pdb_view.cell of its cell).
 * Per-region groups need set->lowest (pdb_regions).
 */
static inline unsigned pdb_lookup(const pdb_set *set, int g, uint32_t placement, unsigned occupied,
                                  unsigned blank)
{
    const pdb_group *group = &set->groups[g];
    return pdb_entry(group, pdb_index(set, group, placement, occupied, blank));
}

/* The full estimate of state s: Manhattan + 2 * max(sum, reflected sum). */
unsigned pdb_estimate(const pdb_set *set, state64 s);
/* pdb_estimate of a wide state (17 to 25 cells). */
unsigned pdb_estimate_wide(const pdb_set *set, state128 s);

/* ----------------------------------------------------------------- cache */

/*
 * The cache directory: override when set, else $SLIDE_CACHE_DIR, else
 * $XDG_CACHE_HOME/slide, else $HOME/.cache/slide.  Empty values count as
 * unset, a relative XDG_CACHE_HOME is ignored (the XDG base directory
 * spec), and HOME counts only when it names an existing directory: the
 * cache may create ~/.cache/slide but never the home directory itself.
 * Returns SLIDE_OK or SLIDE_E_ARGUMENT when none can be named or it does
 * not fit.
 */
int pdb_cache_dir(const char *override, char *buf, size_t size);

/*
 * The automatic group size cap from $SLIDE_PDB_MAX_GROUP (1 .. 15), or 0 when
 * unset or not a number in range (slide_pdb_env_max_group tells the two
 * apart).  Applies only when the caller's options leave max_group at 0; the
 * test suite sets it so that loops over every heuristic stay fast on 4x4
 * boards.
 */
int pdb_env_max_group(void);

/*
 * Makes every group of set available: each group is loaded from the cache
 * directory when a valid file is there, else built (with a note when a file
 * was stale or corrupt) and saved.  An unusable directory means the groups
 * are built in memory with one warning.  dir NULL = no disk cache at all.
 * *loaded and *built count the groups of each kind; *unsaved (when not
 * NULL) is set when a built group could not be saved in dir.  On failure
 * the groups loaded so far are released.
 */
int pdb_set_prepare(pdb_set *set, const char *dir, search_budget *budget,
                    const pdb_reporter *reporter, int *loaded, int *built, int *unsaved);

/*
 * Maps every group of set from dir, building none: SLIDE_OK with set
 * ready (regions included), else the first group's failure (SLIDE_E_IO for
 * a missing file) with nothing held.  A damaged or stale file is reported
 * through reporter, since a caller that falls back to other tables would
 * otherwise hide it.
 */
int pdb_set_load_cached(pdb_set *set, const char *dir, search_budget *budget,
                        const pdb_reporter *reporter);

/*
 * Whether every table of set (its plan: no data) is at hand without
 * building: held by set->context, or in dir with a sound header naming it
 * (pdb_probe: headers only, nothing mapped).  1 or 0.
 */
int pdb_set_at_hand(const pdb_set *set, const char *dir);

#endif /* SLIDE_PDB_H */
