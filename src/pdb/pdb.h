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
/* Most entries a group of the automatic choice has. */
#define PDB_MAX_ENTRIES 600000000u

/* One group: its tiles and its entries.  data is owned by whoever built or loaded it. */
typedef struct pdb_group {
    int size;                              /* k, tiles in the group */
    uint8_t tiles[SLIDE_MAX_PACKED_CELLS]; /* the tiles in index-digit order */
    uint32_t placements;                   /* n! / (n-k)! */
    int per_region;                        /* an entry per (placement, blank region) */
    uint32_t entries;                      /* placements, times n - k when per_region */
    int entry_bits;                        /* 4 or 8, 0 until built */
    uint8_t *data;
    size_t bytes;
} pdb_group;

/*
 * A partition of one shape and goal into groups, plus the main-diagonal
 * reflection when it is valid for the goal (square board, blank's goal cell
 * on the diagonal): then the reflected board, with each tile renamed after
 * the tile whose goal cell is its mirror, is exactly as far from the goal,
 * and the larger of the two estimates is still admissible.
 */
typedef struct pdb_set {
    geometry shape;
    state64 goal;
    int count;
    pdb_group groups[PDB_MAX_GROUPS];
    int8_t group_of[SLIDE_MAX_PACKED_CELLS]; /* tile -> group, -1 for the blank */
    manhattan_table manhattan;
    int mirrored;
    uint8_t mirror_cell[SLIDE_MAX_PACKED_CELLS];                   /* cell (r,c) -> (c,r) */
    uint8_t mirror_source[PDB_MAX_GROUPS][SLIDE_MAX_PACKED_CELLS]; /* reflected digit -> tile */
    int8_t mirror_group_of[SLIDE_MAX_PACKED_CELLS]; /* tile -> group it feeds when reflected */
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
 * Fills *set from explicit groups: group_tiles[g] lists group g's tiles
 * (sizes[g] of them).  Every tile must be in exactly one group.  Returns
 * SLIDE_OK or SLIDE_E_ARGUMENT.
 */
int pdb_set_groups(pdb_set *set, const geometry *shape, state64 goal, int count,
                   const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_PACKED_CELLS]);

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

/* Frees every group's entries (and the region lookup) back to budget. */
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
 * the blank), or on its reflection when mirrored: returns the placement and
 * sets *occupied to the cells the tiles cover.  Both stay valid while none
 * of the group's tiles moves, so an entry kept per blank region is re-read
 * after a blank move without ranking again.
 */
static inline uint32_t pdb_place(const pdb_set *set, int g, const uint8_t *pos, int mirrored,
                                 unsigned *occupied)
{
    const pdb_group *group = &set->groups[g];
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    unsigned used = 0;
    for (int i = 0; i < group->size; i++) {
        cells[i] =
            mirrored ? set->mirror_cell[pos[set->mirror_source[g][i]]] : pos[group->tiles[i]];
        used |= 1u << cells[i];
    }
    *occupied = used;
    return permutation_rank(cells, group->size, set->shape.cells);
}

/*
 * Group g's entry for a placement and its occupied cells (pdb_place) with the
 * blank on cell `blank` (of the reflection, for a reflected placement).
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
    uint8_t pos[SLIDE_MAX_PACKED_CELLS]; /* tile -> cell, pos[0] the blank */
    pdb_side side[2];                    /* [0] the board, [1] its reflection */
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
} pdb_step;

/*
 * Starts a walk at state s over set (built, with pdb_regions done).
 * Returns the estimate of s, the same as pdb_estimate.
 */
unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s);

/*
 * Group `own` of a side (the reflection when mirrored) after one of its
 * tiles moved and the blank went to `blank`, pos already moved: fills *after
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

/*
 * The estimate of the board after `tile` slides from cell `from` into the
 * blank's cell `to`, with what pdb_walk_take needs in *step.  The walk is
 * left as it was.
 */
static inline unsigned pdb_walk_try(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                    pdb_step *step)
{
    const pdb_set *set = w->set;
    step->tile = tile;
    step->from = from;
    step->to = to;
    step->manhattan =
        w->manhattan + set->manhattan.dist[tile][to] - set->manhattan.dist[tile][from];
    w->pos[tile] = (uint8_t)to; /* the blank's cell is passed, pos[0] is not read */
    step->own[0] = set->group_of[tile];
    step->sum[0] =
        pdb_side_after_move(set, &w->side[0], w->pos, 0, step->own[0], from, &step->after[0]);
    step->sum[1] = 0;
    step->sides = 1;
    if (w->sides == 2) {
        step->sides = 2;
        step->own[1] = set->mirror_group_of[tile];
        step->sum[1] = pdb_side_after_move(set, &w->side[1], w->pos, 1, step->own[1],
                                           set->mirror_cell[from], &step->after[1]);
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

/* ----------------------------------------------------------------- cache */

/*
 * The cache directory: override when set, else $SLIDE_CACHE_DIR, else
 * $XDG_CACHE_HOME/slide, else $HOME/.cache/slide.  Returns SLIDE_OK or
 * SLIDE_E_ARGUMENT when none can be named (no HOME) or it does not fit.
 */
int pdb_cache_dir(const char *override, char *buf, size_t size);

/*
 * The automatic group size cap from $SLIDE_PDB_MAX_GROUP (1 .. 15), or 0 when
 * unset or not a number in range.  Applies only when the caller's options
 * leave max_group at 0; the test suite sets it so that loops over every
 * heuristic stay fast on 4x4 boards.
 */
int pdb_env_max_group(void);

/* The file name (no directory) of group g's entries. */
void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size);

/*
 * Loads group g's entries from dir into set->groups[g] (charged to budget),
 * verifying that the header names this shape, goal and group and that the
 * payload checksum matches.  Returns SLIDE_OK; SLIDE_E_IO when the file is
 * missing or unreadable; SLIDE_E_CORRUPT when it is stale, truncated or
 * damaged (why says which); SLIDE_E_MEMLIMIT/NOMEM.
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

#endif /* SLIDE_PDB_H */
