/*
 * pdb.h - additive pattern databases (Korf & Felner 2002), shared by the
 * builder and lookups (pdb.c), the on-disk cache (cache.c) and the searches
 * that follow a board move by move (pdb_walk below, used by IDA*).
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
/* Largest group the automatic choice takes: 16!/8! entries is the 15-puzzle's 8-tile group. */
#define PDB_MAX_GROUP_SIZE 8
/*
 * Largest group the automatic choice takes above 16 cells: Korf & Felner's
 * 6 tiles of the 24-puzzle (25!/19! = 127.5 million entries, about a minute
 * and a half to build).  Seven tiles on 20 cells would be 390 million
 * entries and tens of minutes; an explicit max_group still allows them.
 */
#define PDB_MAX_WIDE_GROUP_SIZE 6
/* The most tiles any group can have above 16 cells: 17!/9! already passes 2^32 entries. */
#define PDB_MAX_WIDE_DIGITS 8
/* Most entries a group of the automatic choice has. */
#define PDB_MAX_ENTRIES 600000000u

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
 * mapping_bytes), charged to the budget at their payload size.
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
    int build_threads; /* 0 = two on large groups when there are two cores; tests set 1 or 2 */
    uint64_t *lowest;  /* per_region lookups: open cells -> each cell's region, see pdb_regions */
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
 * The most tiles a group of a board of `cells` cells can have: the most
 * whose table has at most PDB_MAX_ENTRIES entries (8 on 4x4, 11 on 3x4).
 */
int pdb_largest_group(int cells);

/*
 * Chooses groups for shape and goal: tiles taken in goal order (row-major,
 * column-major on tall boards) and cut into as few groups as allowed, each of
 * at most max_group tiles (0 = PDB_MAX_GROUP_SIZE) and PDB_MAX_ENTRIES
 * entries, such that building the largest group while the others are held
 * stays within cap bytes.  Fills *set (no data).  Returns SLIDE_OK, or
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
 * cap bytes, laid out as blocks (see quick_order in pdb.c): 6-6-3 on the
 * 15-puzzle.  Returns SLIDE_OK or SLIDE_E_MEMLIMIT.
 */
int pdb_plan_quick(pdb_set *set, const geometry *shape, state64 goal, int max_group, size_t cap,
                   uint64_t max_states);
/* pdb_plan_quick for the goal whose cell c holds goal[c], any shape up to 25 cells. */
int pdb_plan_quick_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int max_group,
                         size_t cap, uint64_t max_states);

/*
 * Fills *set from explicit groups: group_tiles[g] lists group g's tiles
 * (sizes[g] of them).  Every tile must be in exactly one group.  Returns
 * SLIDE_OK or SLIDE_E_ARGUMENT.
 */
int pdb_set_groups(pdb_set *set, const geometry *shape, state64 goal, int count,
                   const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_WIDE_CELLS]);
/* pdb_set_groups for the goal whose cell c holds goal[c], any shape up to 25 cells. */
int pdb_set_groups_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int count,
                         const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_WIDE_CELLS]);

/*
 * Asks the kernel to back [p, p + bytes) with huge pages where it can: the
 * builder and the lookups touch these arrays at random, and with 4 KiB
 * pages nearly every touch also misses the TLB.  Advice only; no effect on
 * systems without it.  Call before the memory is first written.
 */
void pdb_advise_huge(void *p, size_t bytes);

/* Bytes that `entries` entries take at `bits` per entry. */
size_t pdb_entries_bytes(uint32_t entries, int bits);
/* Bytes of working memory building group g needs on top of its entries. */
size_t pdb_build_scratch(const pdb_set *set, int g);

/*
 * Builds group g's entries by breadth-first search from the goal in the
 * group's abstract space.  On SLIDE_OK set->groups[g].data (charged to
 * budget) holds the entries.  Deterministic: the same set gives the same
 * bytes.  Returns SLIDE_OK or SLIDE_E_MEMLIMIT/NOMEM.
 */
int pdb_build_group(pdb_set *set, int g, search_budget *budget, const pdb_reporter *reporter);

/* Frees or unmaps every group's entries (and the region lookup), back to budget. */
void pdb_set_release(pdb_set *set, search_budget *budget);

/* The group's entry at index. */
static inline unsigned pdb_entry(const pdb_group *t, uint32_t index)
{
    if (t->entry_bits == 4)
        return (t->data[index >> 1] >> ((index & 1) * 4)) & 15u;
    return t->data[index];
}

/*
 * Fills set->lowest (2^n words, charged to budget) when some group is
 * per_region: for every set of open cells, each open cell's region named by
 * its lowest cell, a nibble a cell.  SLIDE_OK or the budget's status.
 */
int pdb_regions(pdb_set *set, search_budget *budget);

/* The index of a placement's entry: per region, the blank's region among its slots. */
static inline uint32_t pdb_index(const pdb_set *set, const pdb_group *t, uint32_t placement,
                                 unsigned occupied, unsigned blank)
{
    if (!t->per_region)
        return placement;
    unsigned open = ((1u << set->shape.cells) - 1) & ~occupied;
    unsigned lowest = (unsigned)(set->lowest[open] >> (4 * blank)) & 15u;
    return placement * (uint32_t)(set->shape.cells - t->size) +
           popcount16(open & ((1u << lowest) - 1));
}

/*
 * Gives group g an entry per blank region (on) or per placement; entries
 * follows.  SLIDE_OK, or SLIDE_E_ARGUMENT when there would be too many.
 */
int pdb_group_per_region(pdb_set *set, int g, int on);

/* The groups in the order they are built: largest scratch first, which keeps the peak lowest. */
void pdb_build_order(const pdb_set *set, int *order);

/*
 * Where group g's tiles stand on the board whose cells are pos[tile] (pos[0]
 * the blank), or on its reflection when mirrored, in the table's frame:
 * returns the placement and sets *occupied to the cells the tiles cover.
 * wide: the board has more than 16 cells (a constant where it is inlined).
 * Both stay valid while none of the group's tiles moves, so an entry kept
 * per blank region is re-read after a blank move without ranking again.
 */
static inline uint32_t pdb_place_any(const pdb_set *set, int g, const uint8_t *pos, int mirrored,
                                     unsigned *occupied, int wide)
{
    const pdb_view *view = &set->view[mirrored][g];
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    unsigned used = 0;
    /*
     * The second bound changes nothing but what the compiler knows of the
     * trip count: with it, the <= 16-cell walk is unrolled as it was before
     * boards of 25 cells (3% fewer instructions a node than without it).
     */
    int most = wide ? SLIDE_MAX_WIDE_CELLS : SLIDE_MAX_PACKED_CELLS;
    for (int i = 0; i < set->groups[g].size && i < most; i++) {
        cells[i] = view->cell[pos[view->source[i]]];
        used |= 1u << cells[i];
    }
    *occupied = used;
    return wide ? permutation_rank_weighted(cells, set->groups[g].size, set->digit_weight[g])
                : permutation_rank(cells, set->groups[g].size, set->shape.cells);
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

/* Group g's entry for the board whose cells are pos[tile], or for its reflection when mirrored. */
unsigned pdb_group_value(const pdb_set *set, int g, const uint8_t *pos, int mirrored);

/* Sum over groups of the entries for the board whose tile positions are pos[tile]. */
unsigned pdb_sum(const pdb_set *set, const uint8_t *pos);
/* The same for the reflected board (set->mirrored only). */
unsigned pdb_sum_mirrored(const pdb_set *set, const uint8_t *pos);
/* The full estimate of state s: Manhattan + 2 * max(sum, reflected sum). */
unsigned pdb_estimate(const pdb_set *set, state64 s);
/* pdb_estimate of a wide state (17 to 25 cells). */
unsigned pdb_estimate_wide(const pdb_set *set, state128 s);

/* ------------------------------------------------------ incremental lookup */

/*
 * pdb_estimate, kept up to date while a search moves one tile at a time
 * (IDA*'s depth-first walk) instead of recomputed at every board.  Each
 * group's placement, occupied cells and entry are kept for the board and its
 * reflection, and a move re-ranks and re-reads only the group of the tile
 * that moved, on each side.  That is exact even for groups with an entry per
 * blank region: for every other group the blank slides between two adjacent
 * cells that hold none of its tiles, so it stays in the same region.
 *
 * pdb_walk_try says what a move would give; pdb_walk_take makes it, and
 * pdb_walk_undo takes it back (last taken, first undone).  The walk only
 * reads set, which must outlive it.
 *
 * pdb_group_state is one group on one side: where its tiles stand
 * (pdb_place) and its entry.
 */
typedef struct pdb_group_state {
    uint32_t placement;
    unsigned occupied;
    unsigned value;
} pdb_group_state;

typedef struct pdb_side {
    unsigned sum; /* of the groups' values */
    pdb_group_state group[PDB_MAX_GROUPS];
} pdb_side;

typedef struct pdb_walk {
    const pdb_set *set;
    int sides;                           /* 2 when set->mirrored, else 1 */
    unsigned manhattan;                  /* the board's Manhattan distance */
    uint8_t pos[SLIDE_MAX_WIDE_CELLS];   /* tile -> cell, pos[0] the blank */
    pdb_side side[2];                    /* [0] the board, [1] its reflection */
    /* above 16 cells: each group's cells in its table's frame, by digit (pdb_walk_locate) */
    uint8_t cells[2][PDB_MAX_GROUPS][PDB_MAX_WIDE_DIGITS];
} pdb_walk;

/* One move as pdb_walk_try saw it, and what pdb_walk_take replaced. */
typedef struct pdb_step {
    unsigned tile, from, to;
    int sides; /* the sides tried: take and undo loop over these, not over the walk's */
    unsigned manhattan, manhattan_before;
    int own[2];                /* the moved tile's group on each side */
    pdb_group_state after[2];  /* that group after the move */
    pdb_group_state before[2]; /* and before it (set by pdb_walk_take) */
    unsigned sum[2], sum_before[2];
    /* pdb_walk_locate's: the moved digit, and its cell before and after in the frame */
    uint8_t digit[2], frame_from[2], frame_to[2];
} pdb_step;

/*
 * Starts a walk at state s over set (built, with pdb_regions done).
 * Returns the estimate of s, the same as pdb_estimate.
 */
unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s);
/* pdb_walk_start at the board whose cell c holds cells[c], any shape up to 25 cells. */
unsigned pdb_walk_start_cells(pdb_walk *w, const pdb_set *set, const uint8_t *cells);

/*
 * Group `own` of a side (the reflection when mirrored) after one of its
 * tiles moved and the blank went to cell `blank` of the group's table
 * frame, pos already moved: fills *after
 * and returns the side's new sum.
 */
static inline unsigned pdb_side_after_move(const pdb_set *set, const pdb_side *side,
                                           const uint8_t *pos, int mirrored, int own,
                                           unsigned blank, pdb_group_state *after)
{
    after->placement = pdb_place(set, own, pos, mirrored, &after->occupied);
    after->value = pdb_lookup(set, own, after->placement, after->occupied, blank);
    return side->sum + after->value - side->group[own].value;
}

/* A step's move, and the Manhattan distance after it. */
static inline void pdb_step_start(const pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                  pdb_step *step)
{
    const manhattan_table *m = &w->set->manhattan;
    step->tile = tile;
    step->from = from;
    step->to = to;
    step->manhattan = w->manhattan + m->dist[tile][to] - m->dist[tile][from];
}

/*
 * The estimate of the board after `tile` slides from cell `from` into the
 * blank's cell `to`, with what pdb_walk_take needs in *step.  The walk is
 * left as it was.
 */
static inline unsigned pdb_walk_try(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                    pdb_step *step)
{
    const pdb_set *set = w->set;
    pdb_step_start(w, tile, from, to, step);
    w->pos[tile] = (uint8_t)to; /* the blank's cell is passed, pos[0] is not read */
    step->own[0] = set->group_of[tile];
    step->sum[0] = pdb_side_after_move(set, &w->side[0], w->pos, 0, step->own[0],
                                       set->view[0][step->own[0]].cell[from], &step->after[0]);
    step->sum[1] = 0;
    step->sides = 1;
    if (w->sides == 2) {
        step->sides = 2;
        step->own[1] = set->mirror_group_of[tile];
        step->sum[1] = pdb_side_after_move(set, &w->side[1], w->pos, 1, step->own[1],
                                           set->view[1][step->own[1]].cell[from],
                                           &step->after[1]);
    }
    w->pos[tile] = (uint8_t)from;
    unsigned best = step->sum[0] > step->sum[1] ? step->sum[0] : step->sum[1];
    return step->manhattan + 2 * best;
}

/* Makes the move step was tried with (the last pdb_walk_try on w). */
static inline void pdb_walk_take(pdb_walk *w, pdb_step *step)
{
    step->manhattan_before = w->manhattan;
    w->manhattan = step->manhattan;
    w->pos[step->tile] = (uint8_t)step->to;
    w->pos[0] = (uint8_t)step->from;
    for (int k = 0; k < step->sides; k++) {
        pdb_side *side = &w->side[k];
        int own = step->own[k];
        step->before[k] = side->group[own];
        step->sum_before[k] = side->sum;
        side->group[own] = step->after[k];
        side->sum = step->sum[k];
    }
}

/* Takes back the move of step, the last one taken. */
static inline void pdb_walk_undo(pdb_walk *w, const pdb_step *step)
{
    for (int k = 0; k < step->sides; k++) {
        pdb_side *side = &w->side[k];
        side->group[step->own[k]] = step->before[k];
        side->sum = step->sum_before[k];
    }
    w->manhattan = step->manhattan_before;
    w->pos[step->tile] = (uint8_t)step->from;
    w->pos[0] = (uint8_t)step->to;
}

/*
 * pdb_walk_try in two halves, for boards of 17 to 25 cells, whose tables
 * (64 MB a group on 5x5) miss the cache on nearly every read:
 * pdb_walk_locate finds the moved tile's group's new placement on each side
 * and prefetches the entries, pdb_walk_read reads them and returns what
 * pdb_walk_try would.  A node locates all its children before it reads any,
 * so their misses overlap.  In between, the walk must be as it was at the
 * locate (children taken and undone meanwhile are fine); the move is then
 * made by pdb_walk_take_wide and taken back by pdb_walk_undo_wide.
 *
 * The placement is not ranked again but updated, as the builder does
 * (moved_placement in pdb.c): the moved digit becomes its new cell's rank
 * among the cells of the digits before it, and each later digit whose
 * cell lies between the old cell and the new one gains or loses the moved
 * one below it.  On the 24-puzzle that halves the cost of a child.
 */
static inline void pdb_walk_locate(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                   pdb_step *step)
{
    const pdb_set *set = w->set;
    pdb_step_start(w, tile, from, to, step);
    step->sides = w->sides;
    step->sum[1] = 0;
    for (int k = 0; k < w->sides; k++) {
        int own = k ? set->mirror_group_of[tile] : set->group_of[tile];
        const pdb_group *group = &set->groups[own];
        const uint32_t *weight = set->digit_weight[own];
        const uint8_t *map = set->view[k][own].cell, *cells = w->cells[k][own];
        unsigned d = set->digit_of[k][tile], a = map[from], b = map[to];
        uint32_t before = 0;
        for (unsigned j = 0; j < d; j++)
            before |= 1u << cells[j];
        int64_t digits = ((int64_t)b - popcount25(before & ((1u << b) - 1))) -
                         ((int64_t)a - popcount25(before & ((1u << a) - 1)));
        unsigned lo = a < b ? a : b, hi = a < b ? b : a;
        int64_t shift = 0;
        for (int j = (int)d + 1; j < group->size; j++) /* branch-free: the test is a coin toss */
            shift += (int64_t)((unsigned)(cells[j] - lo - 1) < hi - lo - 1) * weight[j];
        pdb_group_state *after = &step->after[k];
        after->placement = (uint32_t)((int64_t)w->side[k].group[own].placement +
                                      digits * weight[d] + (a < b ? shift : -shift));
        after->occupied = 0; /* no entries per region above 16 cells */
        step->own[k] = own;
        step->digit[k] = (uint8_t)d;
        step->frame_from[k] = (uint8_t)a;
        step->frame_to[k] = (uint8_t)b;
        __builtin_prefetch(group->data + (group->entry_bits == 4 ? after->placement >> 1
                                                                 : after->placement));
    }
}

/* pdb_walk_take for a move found by pdb_walk_locate. */
static inline void pdb_walk_take_wide(pdb_walk *w, pdb_step *step)
{
    pdb_walk_take(w, step);
    for (int k = 0; k < step->sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_to[k];
}

/* pdb_walk_undo for a move made by pdb_walk_take_wide. */
static inline void pdb_walk_undo_wide(pdb_walk *w, const pdb_step *step)
{
    pdb_walk_undo(w, step);
    for (int k = 0; k < step->sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_from[k];
}

/* The second half of pdb_walk_locate (see there): the estimate after the move. */
static inline unsigned pdb_walk_read(const pdb_walk *w, pdb_step *step)
{
    const pdb_set *set = w->set;
    unsigned best = 0;
    for (int k = 0; k < step->sides; k++) {
        int own = step->own[k];
        pdb_group_state *after = &step->after[k];
        after->value = pdb_lookup(set, own, after->placement, after->occupied,
                                  set->view[k][own].cell[step->from]);
        step->sum[k] = w->side[k].sum + after->value - w->side[k].group[own].value;
        if (step->sum[k] > best)
            best = step->sum[k];
    }
    return step->manhattan + 2 * best;
}

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

/* ------------------------------------------------------------ one file */

/*
 * The file name (no directory) of group g's table: shape, the group's
 * pattern in the table's frame and the layout, never the tiles' names
 * (file.c), so goals that share the table share the file.
 */
void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size);

/*
 * The cache files' checksum of len bytes: four lanes of a word-at-a-time
 * hash, each step a bijection of its lane, so any single changed word (a
 * flipped bit, a zeroed page) changes the result.
 */
uint64_t pdb_checksum(const uint8_t *data, size_t len);

/*
 * Maps group g's table from its file in dir, read-only, into
 * set->groups[g] (mapping; data points into it), charged to budget at its
 * payload size: a mapped table can become wholly resident, so --max-memory
 * counts it like a loaded one, although its pages are the kernel's file
 * cache, shared by every process that maps the file.  The header must name
 * exactly this table; the payload's checksum is verified unless the file's
 * stamp shows it was verified before and has not changed since (file.c says
 * why that is safe).  Returns SLIDE_OK; SLIDE_E_IO when the file is missing
 * or cannot be opened or mapped; SLIDE_E_CORRUPT when it is stale,
 * truncated or damaged (why says which); SLIDE_E_MEMLIMIT/NOMEM.
 */
int pdb_load(const char *dir, pdb_set *set, int g, search_budget *budget, char *why,
             size_t why_size);

/*
 * Writes group g's built entries to a file in dir under a temporary name,
 * then renames it into place, so readers see a whole file or none even when two
 * processes write at once.  Creates dir (and missing parents).  Returns
 * SLIDE_OK or SLIDE_E_IO with the reason in why.
 */
int pdb_save(const char *dir, const pdb_set *set, int g, char *why, size_t why_size);

/*
 * Makes every group of set available: each group is loaded from the cache
 * directory when a valid file is there, else built (with a note when a file
 * was stale or corrupt) and saved.  An unusable directory means the groups
 * are built in memory with one warning.  dir NULL = no disk cache at all.
 * *loaded and *built count the groups of each kind.  On failure the groups
 * loaded so far are released.
 */
int pdb_set_prepare(pdb_set *set, const char *dir, search_budget *budget,
                    const pdb_reporter *reporter, int *loaded, int *built);

/*
 * Maps every group of set from dir, building none: SLIDE_OK with set
 * ready (regions included), else the first group's failure (SLIDE_E_IO for
 * a missing file) with nothing held.  A damaged or stale file is reported
 * through reporter, since a caller that falls back to other tables would
 * otherwise hide it.
 */
int pdb_set_load_cached(pdb_set *set, const char *dir, search_budget *budget,
                        const pdb_reporter *reporter);

#endif /* SLIDE_PDB_H */
