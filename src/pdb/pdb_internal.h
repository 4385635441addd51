/*
 * pdb_internal.h - what the files of pdb/ share and no other folder uses:
 * the automatic plan's bounds, sets of explicit groups, building a group
 * (build.c), the per-group lookups behind pdb_estimate (lookup.c) and one
 * table's file (file.c).  The tests reach in here too.
 */
#ifndef SLIDE_PDB_INTERNAL_H
#define SLIDE_PDB_INTERNAL_H

#include "pdb/pdb.h"

/* ------------------------------------------------------------------ plan */

/* Largest group the automatic choice takes: 16!/8! entries is the 15-puzzle's 8-tile group. */
#define PDB_MAX_GROUP_SIZE 8
/*
 * Largest group the automatic choice takes above 16 cells: Korf & Felner's
 * 6 tiles of the 24-puzzle (25!/19! = 127.5 million entries, about a minute
 * and a half to build).  Seven tiles on 20 cells would be 390 million
 * entries and tens of minutes; an explicit max_group still allows them.
 */
#define PDB_MAX_WIDE_GROUP_SIZE 6
/* Most entries a group of the automatic choice has. */
#define PDB_MAX_ENTRIES 600000000u

/*
 * The cells of shape reachable from the cells of seed (a mask, inside open)
 * through the cells of open: a region of free cells, flood-filled (plan.c).
 */
uint32_t pdb_flood(const geometry *shape, uint32_t seed, uint32_t open);

/*
 * The most tiles a group of a board of `cells` cells can have: the most
 * whose table has at most PDB_MAX_ENTRIES entries (8 on 4x4, 11 on 3x4).
 */
int pdb_largest_group(int cells);

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
 * Gives group g an entry per blank region (on) or per placement; entries
 * follows.  SLIDE_OK, or SLIDE_E_ARGUMENT when there would be too many or
 * the board has more than 16 cells (regions are named for 16 at most).
 */
int pdb_group_per_region(pdb_set *set, int g, int on);

/* The groups in the order they are built: largest scratch first, which keeps the peak lowest. */
void pdb_build_order(const pdb_set *set, int *order);

/* ----------------------------------------------------------------- build */

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

/*
 * Fills set->lowest (2^n words, charged to budget) when some group is
 * per_region: for every set of open cells, each open cell's region named by
 * its lowest cell, a nibble a cell.  SLIDE_OK or the budget's status.
 */
int pdb_regions(pdb_set *set, search_budget *budget);

/* ---------------------------------------------------------------- lookup */

/* Group g's entry for the board whose cells are pos[tile], or for its reflection when mirrored. */
unsigned pdb_group_value(const pdb_set *set, int g, const uint8_t *pos, int mirrored);

/* -------------------------------------------------------------- one file */

/*
 * The file name (no directory) of group g's table: shape, the group's
 * pattern in the table's frame and the layout, never the tiles' names
 * (file.c), so goals that share the table share the file.
 */
void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size);

typedef enum { PDB_NAME_OTHER, PDB_NAME_TABLE, PDB_NAME_STAMP, PDB_NAME_TEMPORARY } pdb_name_kind;
pdb_name_kind pdb_file_name_kind(const char *name);

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
 * A look at group g's file in dir without mapping it: SLIDE_OK when it is a
 * regular file whose header is sound, names exactly this table and says
 * the file's length; else as pdb_load.  The payload is not read: a file
 * damaged inside it is found by pdb_load, which then rebuilds it.
 */
int pdb_probe(const char *dir, const pdb_set *set, int g);

/*
 * Writes group g's built entries to a file in dir under a temporary name,
 * then renames it into place, so readers see a whole file or none even when two
 * processes write at once.  Creates dir (and missing parents).  Returns
 * SLIDE_OK or SLIDE_E_IO with the reason in why.
 */
int pdb_save(const char *dir, const pdb_set *set, int g, char *why, size_t why_size);

#endif /* SLIDE_PDB_INTERNAL_H */
