/*
 * pdb.h - additive pattern databases (Korf & Felner 2002), shared by the
 * builder and lookups (pdb.c), the on-disk cache (pdb_cache.c) and IDA*
 * (idastar.c).
 *
 * The tiles of a board (blank excluded) are split into disjoint groups.  A
 * group's table holds, for every placement of its k tiles on the n cells,
 * the fewest moves *of those tiles* that bring them home when the blank may
 * wander through every other cell for free.  Summed over the groups this
 * never exceeds the true distance, because every real move moves exactly one
 * tile of exactly one group.
 *
 * A table has an entry per placement (the fewest moves over every cell the
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

#include "internal.h"

#define PDB_MAX_GROUPS 15
/* Largest group the automatic choice takes: 16!/8! entries is the 15-puzzle's 8-tile table. */
#define PDB_MAX_GROUP_SIZE 8
/* Largest table the automatic choice takes (entries). */
#define PDB_MAX_ENTRIES 600000000u

/* One group's table.  data is owned by whoever built or loaded it. */
typedef struct pdb_table {
    int size;                              /* k, tiles in the group */
    uint8_t tiles[SLIDE_MAX_PACKED_CELLS]; /* the tiles in index-digit order */
    uint32_t placements;                   /* n! / (n-k)! */
    int per_region;                        /* an entry per (placement, blank region) */
    uint32_t entries;                      /* placements, times n - k when per_region */
    int entry_bits;                        /* 4 or 8, 0 until built */
    uint8_t *data;
    size_t bytes;
} pdb_table;

/*
 * A partition of one shape and goal into groups, plus the main-diagonal
 * reflection when it is valid for the goal (square board, blank's goal cell
 * on the diagonal): then the reflected board, with each tile renamed after
 * the tile whose goal cell is its mirror, is exactly as far from the goal,
 * and the larger of the two estimates is still admissible.
 */
typedef struct pdb_set {
    slide_shape shape;
    slide_state goal;
    int count;
    pdb_table groups[PDB_MAX_GROUPS];
    int8_t group_of[SLIDE_MAX_PACKED_CELLS]; /* tile -> group, -1 for the blank */
    slide_manhattan manhattan;
    int mirrored;
    uint8_t mirror_cell[SLIDE_MAX_PACKED_CELLS];                   /* cell (r,c) -> (c,r) */
    uint8_t mirror_source[PDB_MAX_GROUPS][SLIDE_MAX_PACKED_CELLS]; /* reflected digit -> tile */
    int8_t mirror_group_of[SLIDE_MAX_PACKED_CELLS]; /* tile -> group it feeds when reflected */
    int build_threads; /* 0 = two on large tables when there are two cores; tests set 1 or 2 */
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
 * entries, such that building the largest table while the others are held
 * stays within cap bytes.  Fills *set (no data).  Returns SLIDE_OK, or
 * SLIDE_E_MEMLIMIT when not even groups of three tiles fit.
 */
int pdb_plan(pdb_set *set, const slide_shape *shape, slide_state goal, int max_group, size_t cap);

/*
 * Fills *set from explicit groups: group_tiles[g] lists group g's tiles
 * (sizes[g] of them).  Every tile must be in exactly one group.  Returns
 * SLIDE_OK or SLIDE_E_ARGUMENT.
 */
int pdb_set_groups(pdb_set *set, const slide_shape *shape, slide_state goal, int count,
                   const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_PACKED_CELLS]);

/*
 * Asks the kernel to back [p, p + bytes) with huge pages where it can: the
 * builder and the lookups touch these arrays at random, and with 4 KiB
 * pages nearly every touch also misses the TLB.  Advice only; no effect on
 * systems without it.  Call before the memory is first written.
 */
void pdb_advise_huge(void *p, size_t bytes);

/* Bytes a table of `entries` entries needs at `bits` per entry. */
size_t pdb_table_bytes(uint32_t entries, int bits);
/* Bytes of working memory building group g needs on top of its table. */
size_t pdb_build_scratch(const pdb_set *set, int g);

/*
 * Builds group g's table by breadth-first search from the goal in the
 * group's abstract space.  On SLIDE_OK set->groups[g].data (charged to
 * budget) holds the entries.  Deterministic: the same set gives the same
 * bytes.  Returns SLIDE_OK or SLIDE_E_MEMLIMIT/NOMEM.
 */
int pdb_build_group(pdb_set *set, int g, slide_budget *budget, const pdb_reporter *reporter);

/* Frees every table's data back to budget. */
void pdb_set_release(pdb_set *set, slide_budget *budget);

/* The group's entry at index. */
static inline unsigned pdb_entry(const pdb_table *t, uint32_t index)
{
    if (t->entry_bits == 4)
        return (t->data[index >> 1] >> ((index & 1) * 4)) & 15u;
    return t->data[index];
}

/*
 * Bits set in a 16-bit mask.  Written out because the portable build has no
 * popcount instruction and the library call costs a fifth of a table build.
 */
static inline unsigned pdb_popcount16(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/*
 * Perfect hash of k distinct cells of n: the cells read as a number whose
 * i-th digit (base n-i) is cell i's rank among the cells not used before it.
 */
static inline uint32_t pdb_rank(const uint8_t *cells, int k, int n)
{
    uint32_t index = 0;
    unsigned used = 0;
    for (int i = 0; i < k; i++) {
        unsigned c = cells[i];
        index = index * (uint32_t)(n - i) + c - pdb_popcount16(used & ((1u << c) - 1));
        used |= 1u << c;
    }
    return index;
}

/*
 * Fills set->lowest (2^n words, charged to budget) when some group is
 * per_region: for every set of open cells, each open cell's region named by
 * its lowest cell, a nibble a cell.  SLIDE_OK or the budget's status.
 */
int pdb_regions(pdb_set *set, slide_budget *budget);

/* The index of a placement's entry: per region, the blank's region among its slots. */
static inline uint32_t pdb_index(const pdb_set *set, const pdb_table *t, uint32_t placement,
                                 unsigned occupied, unsigned blank)
{
    if (!t->per_region)
        return placement;
    unsigned open = ((1u << set->shape.cells) - 1) & ~occupied;
    unsigned lowest = (unsigned)(set->lowest[open] >> (4 * blank)) & 15u;
    return placement * (uint32_t)(set->shape.cells - t->size) +
           pdb_popcount16(open & ((1u << lowest) - 1));
}

/*
 * Gives group g an entry per blank region (on) or per placement; entries
 * follows.  SLIDE_OK, or SLIDE_E_ARGUMENT when the table would be too large.
 */
int pdb_table_per_region(pdb_set *set, int g, int on);

/* The groups in the order they are built: largest scratch first, which keeps the peak lowest. */
void pdb_build_order(const pdb_set *set, int *order);

/*
 * Group g's entry for the board whose cells are pos[tile] (pos[0] the
 * blank), or for its reflection when mirrored.  Per-region tables need
 * set->lowest (pdb_regions).
 */
unsigned pdb_group_value(const pdb_set *set, int g, const uint8_t *pos, int mirrored);

/* Sum over groups of the entries for the board whose tile positions are pos[tile]. */
unsigned pdb_sum(const pdb_set *set, const uint8_t *pos);
/* The same for the reflected board (set->mirrored only). */
unsigned pdb_sum_mirrored(const pdb_set *set, const uint8_t *pos);
/* The full estimate of state s: Manhattan + 2 * max(sum, reflected sum). */
unsigned pdb_estimate(const pdb_set *set, slide_state s);

/* The tables behind a context made by slide_pdb_create (heuristic_pdb.c). */
const pdb_set *pdb_heuristic_set(const void *ctx);

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

/* The file name (no directory) of group g's table. */
void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size);

/*
 * Loads group g's table from dir into set->groups[g] (charged to budget),
 * verifying that the header names this shape, goal and group and that the
 * payload checksum matches.  Returns SLIDE_OK; SLIDE_E_IO when the file is
 * missing or unreadable; SLIDE_E_CORRUPT when it is stale, truncated or
 * damaged (why says which); SLIDE_E_MEMLIMIT/NOMEM.
 */
int pdb_load(const char *dir, pdb_set *set, int g, slide_budget *budget, char *why,
             size_t why_size);

/*
 * Writes group g's built table into dir under a temporary name, then renames
 * it into place, so readers see a whole file or none even when two
 * processes write at once.  Creates dir (and missing parents).  Returns
 * SLIDE_OK or SLIDE_E_IO with the reason in why.
 */
int pdb_save(const char *dir, const pdb_set *set, int g, char *why, size_t why_size);

/*
 * Makes every table of set available: each group is loaded from the cache
 * directory when a valid file is there, else built (with a note when a file
 * was stale or corrupt) and saved.  An unusable directory means the tables
 * are built in memory with one warning.  dir NULL = no disk cache at all.
 * *loaded and *built count the tables of each kind.  On failure the tables
 * loaded so far are released.
 */
int pdb_set_prepare(pdb_set *set, const char *dir, slide_budget *budget,
                    const pdb_reporter *reporter, int *loaded, int *built);

#endif /* SLIDE_PDB_H */
