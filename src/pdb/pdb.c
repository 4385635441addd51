/*
 * pdb.c - pattern databases: choosing groups, building their entries, lookups.
 *
 * The build is a breadth-first search from the goal over abstract states:
 * the positions of the group's k tiles plus the region (connected set of
 * cells not holding a group tile) the blank is in.  Inside its region the
 * blank moves for free, so a move is a group tile sliding into an adjacent
 * cell of the blank's region, after which the blank stands where the tile
 * was.  A region is named by its lowest cell, ranked among the free cells,
 * so a state is one slot of (n-k) per placement.
 *
 * Layers are not kept as queues (the largest would need gigabytes for the
 * 15-puzzle's 8-tile group): every slot has two bits, 0 for unseen, 1 + depth
 * mod 2 while waiting in a layer, 3 once expanded, and layer d is found by
 * scanning for its code.  States found while expanding layer d carry the
 * other code, so one array serves every layer.  A
 * placement's table entry is written when the first of its states is
 * expanded, which happens at its smallest depth.
 *
 * Large groups are expanded by two threads, which claim chunks of
 * placements in turn: marks go in with atomic ORs (a field only ever goes
 * from 0 to a code, or from a code to 3), and each entry byte belongs to
 * one chunk.  Above 16 cells the region of a successor is flooded, where
 * smaller boards read it from a table of every set of open cells.  A value too
 * large for a nibble leaves its state open; the entries are widened to bytes
 * between layers and the layer finished.
 */
#define _DEFAULT_SOURCE 1 /* madvise(MADV_HUGEPAGE) next to _POSIX_C_SOURCE */
#include "pdb/pdb.h"

#include <pthread.h>
#include <sys/mman.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Sends one note with its remedy. */
static void report_note(const pdb_reporter *r, int remedy, const char *fmt, va_list ap)
{
    char message[512];
    vsnprintf(message, sizeof message, fmt, ap);
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_NOTE;
    p.message = message;
    p.remedy = remedy;
    r->fn(r->ctx, &p);
}

void pdb_report_note(const pdb_reporter *r, const char *fmt, ...)
{
    if (!r || !r->fn)
        return;
    va_list ap;
    va_start(ap, fmt);
    report_note(r, SLIDE_REMEDY_NONE, fmt, ap);
    va_end(ap);
}

void pdb_report_note_remedy(const pdb_reporter *r, int remedy, const char *fmt, ...)
{
    if (!r || !r->fn)
        return;
    va_list ap;
    va_start(ap, fmt);
    report_note(r, remedy, fmt, ap);
    va_end(ap);
}

static uint32_t permutations(int n, int k)
{
    uint64_t count = 1;
    for (int i = 0; i < k; i++) {
        count *= (uint64_t)(n - i);
        if (count > UINT32_MAX)
            return UINT32_MAX;
    }
    return (uint32_t)count;
}

void pdb_advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (p && end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

size_t pdb_entries_bytes(uint32_t entries, int bits)
{
    return bits == 4 ? ((size_t)entries + 1) / 2 : (size_t)entries;
}

size_t pdb_build_scratch(const pdb_set *set, int g)
{
    const pdb_group *t = &set->groups[g];
    uint64_t slots = (uint64_t)t->placements * (uint64_t)(set->shape.cells - t->size);
    return (size_t)((slots + 31) / 32 * sizeof(uint64_t));
}

/*
 * Where sym puts the group's pattern: per cell of the image, 0 for the
 * blank's goal cell, 1 for a group tile's goal cell, 2 for any other.
 */
static void frame_pattern(const board_symmetry *sym, int n, const uint8_t *goal_cell,
                          const pdb_group *t, int blank_matters, uint8_t *pattern)
{
    memset(pattern, 2, (size_t)n);
    for (int i = 0; i < t->size; i++)
        pattern[sym->cell[goal_cell[t->tiles[i]]]] = 1;
    if (blank_matters)
        pattern[sym->cell[goal_cell[0]]] = 0;
}

/*
 * Whether the cells the group's tiles leave free at home form one region.
 * Then the build starts from the same abstract state wherever the blank's
 * goal cell is among them, so the table does not depend on it: Korf &
 * Felner's three 2x3 blocks of the 24-puzzle are then one table turned, and
 * the 8-tile group of the 15-puzzle is the same table for the blank-first
 * and the blank-last goal as it was.
 */
static int homes_leave_one_region(const geometry *shape, const uint8_t *goal_cell,
                                  const pdb_group *t)
{
    uint32_t open = (uint32_t)(((uint64_t)1 << shape->cells) - 1);
    for (int i = 0; i < t->size; i++)
        open &= ~(1u << goal_cell[t->tiles[i]]);
    uint32_t region = open & (0u - open), frontier = region;
    while (frontier) {
        int c = __builtin_ctz(frontier);
        frontier &= frontier - 1;
        for (int m = 0; m < 4; m++) {
            int next = shape->neighbour[c][m];
            if (next >= 0 && (open & ~region & (1u << next))) {
                region |= 1u << next;
                frontier |= 1u << next;
            }
        }
    }
    return region == open;
}

/*
 * Puts group g in its table's frame (see pdb_group): the symmetry whose
 * pattern is smallest (the blank as early as possible, unless the table
 * does not depend on it, then the group's cells), the tiles reordered by
 * their home there, and view[0] reading it.
 */
static void place_in_frame(pdb_set *set, int g, const board_symmetry *syms, int count,
                           const uint8_t *goal_cell)
{
    pdb_group *t = &set->groups[g];
    int n = set->shape.cells, best = 0;
    int blank_matters = !homes_leave_one_region(&set->shape, goal_cell, t);
    uint8_t pattern[SLIDE_MAX_WIDE_CELLS], smallest[SLIDE_MAX_WIDE_CELLS];
    frame_pattern(&syms[0], n, goal_cell, t, blank_matters, smallest);
    for (int s = 1; s < count; s++) {
        frame_pattern(&syms[s], n, goal_cell, t, blank_matters, pattern);
        if (memcmp(pattern, smallest, (size_t)n) < 0) {
            memcpy(smallest, pattern, (size_t)n);
            best = s;
        }
    }
    const uint8_t *frame = syms[best].cell;
    /* the tiles in the order of their homes: digit i is the tile of the i-th lowest home */
    for (int i = 1; i < t->size; i++)
        for (int j = i; j > 0 && frame[goal_cell[t->tiles[j - 1]]] > frame[goal_cell[t->tiles[j]]];
             j--) {
            uint8_t swap = t->tiles[j];
            t->tiles[j] = t->tiles[j - 1];
            t->tiles[j - 1] = swap;
        }
    for (int i = 0; i < t->size; i++) {
        t->home[i] = frame[goal_cell[t->tiles[i]]];
        set->view[0][g].source[i] = t->tiles[i];
    }
    t->blank_home = frame[goal_cell[0]];
    if (!blank_matters) { /* then the blank's home is named by the frame's first free cell */
        int c = 0;
        while (smallest[c] != 2)
            c++;
        t->blank_home = (uint8_t)c;
    }
    memcpy(set->view[0][g].cell, frame, (size_t)n);
}

/*
 * The reflection (see pdb_set): the first symmetry other than the identity
 * that keeps the blank's goal cell and tells something the board's own
 * lookup does not (a group whose tiles' mirror images fall into one group
 * of the same size reads the same entry either way).  Fills mirrored,
 * mirror_group_of and view[1].
 */
static void plan_mirror(pdb_set *set, const board_symmetry *syms, int count,
                        const uint8_t *goal_cell)
{
    int n = set->shape.cells;
    set->mirrored = 0;
    for (int s = 1; s < count && !set->mirrored; s++) {
        const uint8_t *mirror = syms[s].cell;
        if (mirror[goal_cell[0]] != goal_cell[0])
            continue;
        /* sigma renames a tile after the tile whose goal cell mirrors its own */
        uint8_t sigma[SLIDE_MAX_WIDE_CELLS], sigma_inverse[SLIDE_MAX_WIDE_CELLS];
        for (int t = 0; t < n; t++) {
            sigma[t] = set->goal_cells[mirror[goal_cell[t]]];
            sigma_inverse[sigma[t]] = (uint8_t)t;
        }
        for (int g = 0; g < set->count; g++) {
            const pdb_group *t = &set->groups[g];
            int image = set->group_of[sigma[t->tiles[0]]];
            for (int i = 0; i < t->size; i++)
                if (set->group_of[sigma[t->tiles[i]]] != image)
                    set->mirrored = 1;
            if (set->groups[image].size != t->size)
                set->mirrored = 1;
        }
        if (!set->mirrored)
            continue;
        for (int g = 0; g < set->count; g++) {
            pdb_view *view = &set->view[1][g];
            for (int i = 0; i < set->groups[g].size; i++)
                view->source[i] = sigma_inverse[set->groups[g].tiles[i]];
            for (int c = 0; c < n; c++)
                view->cell[c] = set->view[0][g].cell[mirror[c]];
        }
        for (int t = 1; t < n; t++)
            set->mirror_group_of[t] = set->group_of[sigma[t]];
        set->mirror_group_of[0] = -1;
    }
}

/* The goal's tile per cell from a packed goal. */
static void goal_cells_of(const geometry *shape, state64 goal, uint8_t *cells)
{
    for (int c = 0; c < shape->cells; c++)
        cells[c] = (uint8_t)state_get(goal, c);
}

int pdb_set_groups(pdb_set *set, const geometry *shape, state64 goal, int count,
                   const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_WIDE_CELLS])
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    if (shape->cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT;
    goal_cells_of(shape, goal, cells);
    return pdb_set_groups_cells(set, shape, cells, count, sizes, group_tiles);
}

int pdb_set_groups_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int count,
                         const int *sizes, const uint8_t (*group_tiles)[SLIDE_MAX_WIDE_CELLS])
{
    int n = shape->cells;
    memset(set, 0, sizeof *set);
    if (n > SLIDE_MAX_WIDE_CELLS || count < 1 || count > PDB_MAX_GROUPS)
        return SLIDE_E_ARGUMENT;
    set->shape = *shape;
    memcpy(set->goal_cells, goal, (size_t)n);
    if (n <= SLIDE_MAX_PACKED_CELLS)
        for (int c = n - 1; c >= 0; c--)
            set->goal = set->goal << 4 | goal[c];
    set->count = count;
    memset(set->group_of, -1, sizeof set->group_of);
    int placed = 0;
    for (int g = 0; g < count; g++) {
        pdb_group *t = &set->groups[g];
        if (sizes[g] < 1 || sizes[g] > n - 1)
            return SLIDE_E_ARGUMENT;
        t->size = sizes[g];
        for (int i = 0; i < t->size; i++) {
            unsigned tile = group_tiles[g][i];
            if (tile < 1 || tile >= (unsigned)n || set->group_of[tile] >= 0)
                return SLIDE_E_ARGUMENT;
            set->group_of[tile] = (int8_t)g;
            t->tiles[i] = (uint8_t)tile;
            placed++;
        }
        t->placements = t->entries = permutations(n, t->size);
        if (t->entries == UINT32_MAX)
            return SLIDE_E_ARGUMENT;
        if (n > SLIDE_MAX_PACKED_CELLS)
            permutation_weights(t->size, n, set->digit_weight[g]); /* k <= 8 there */
    }
    if (placed != n - 1)
        return SLIDE_E_ARGUMENT;
    manhattan_init_cells(&set->manhattan, shape, goal);
    uint8_t goal_cell[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < n; c++)
        goal_cell[goal[c]] = (uint8_t)c;
    board_symmetry syms[MAX_BOARD_SYMMETRIES];
    int symmetries = board_symmetries(shape, syms);
    for (int g = 0; g < count; g++)
        place_in_frame(set, g, syms, symmetries, goal_cell);
    plan_mirror(set, syms, symmetries, goal_cell);
    for (int k = 0; k < (set->mirrored ? 2 : 1); k++)
        for (int g = 0; g < count; g++)
            for (int i = 0; i < set->groups[g].size; i++)
                set->digit_of[k][set->view[k][g].source[i]] = (uint8_t)i;
    return SLIDE_OK;
}

int pdb_group_per_region(pdb_set *set, int g, int on)
{
    pdb_group *t = &set->groups[g];
    uint64_t entries = (uint64_t)t->placements * (uint64_t)(on ? set->shape.cells - t->size : 1);
    if (entries >= UINT32_MAX)
        return SLIDE_E_ARGUMENT;
    t->per_region = on;
    t->entries = (uint32_t)entries;
    return SLIDE_OK;
}

void pdb_build_order(const pdb_set *set, int *order)
{
    for (int g = 0; g < set->count; g++) {
        int at = g;
        while (at > 0 && pdb_build_scratch(set, order[at - 1]) < pdb_build_scratch(set, g)) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = g;
    }
}

/*
 * Peak bytes of building every group in pdb_build_order, each one's
 * scratch on top of the entries already built (nibbles assumed), plus the
 * region tables and the decoder's tail table.
 */
static size_t plan_peak(const pdb_set *set)
{
    int order[PDB_MAX_GROUPS];
    size_t held = 0, peak = 0;
    pdb_build_order(set, order);
    for (int i = 0; i < set->count; i++) {
        const pdb_group *t = &set->groups[order[i]];
        size_t now = held + pdb_entries_bytes(t->entries, 4) + pdb_build_scratch(set, order[i]);
        if (now > peak)
            peak = now;
        held += pdb_entries_bytes(t->entries, 4);
    }
    size_t regions = set->shape.cells <= SLIDE_MAX_PACKED_CELLS
                         ? 2 * (sizeof(uint64_t) << set->shape.cells)
                         : 0; /* flooded instead (builder.lowest) */
    return peak + regions + 25 * 24 * 23 * 3;
}

int pdb_largest_group(int cells)
{
    int size = cells - 1;
    while (size > 0 && permutations(cells, size) > PDB_MAX_ENTRIES)
        size--;
    return size;
}

int slide_pdb_largest_group(int rows, int cols)
{
    if (rows < 2 || cols < 2 || rows * cols > SLIDE_MAX_WIDE_CELLS)
        return 0;
    return pdb_largest_group(rows * cols);
}

/*
 * Cuts order (the n - 1 tiles) into groups of `largest` tiles, the first
 * group taking the remainder, gives each an entry per blank region where
 * that stays within bounds (smaller groups first), and checks the build's
 * peak against cap.  SLIDE_OK, SLIDE_E_MEMLIMIT when it does not fit (*set
 * filled either way), or SLIDE_E_ARGUMENT.
 */
static int plan_groups(pdb_set *set, const geometry *shape, const uint8_t *goal,
                       const uint8_t *order, int largest, size_t cap)
{
    int n = shape->cells, tiles = n - 1;
    int groups = (tiles + largest - 1) / largest;
    int sizes[PDB_MAX_GROUPS];
    uint8_t members[PDB_MAX_GROUPS][SLIDE_MAX_WIDE_CELLS];
    int next = 0;
    for (int g = 0; g < groups; g++) {
        sizes[g] = g == 0 ? tiles - (groups - 1) * largest : largest;
        for (int i = 0; i < sizes[g]; i++)
            members[g][i] = order[next++];
    }
    int status = pdb_set_groups_cells(set, shape, goal, groups, sizes,
                                      (const uint8_t(*)[SLIDE_MAX_WIDE_CELLS])members);
    if (status != SLIDE_OK)
        return status;
    for (int g = 0; g < set->count; g++) {
        uint64_t slots = (uint64_t)set->groups[g].placements * (uint64_t)(n - set->groups[g].size);
        /* above 16 cells a nibble cannot name a region (and 2^n region tables do not fit) */
        if (slots <= PDB_MAX_ENTRIES && n - set->groups[g].size > 1 &&
            n <= SLIDE_MAX_PACKED_CELLS) {
            pdb_group_per_region(set, g, 1);
            if (plan_peak(set) > cap)
                pdb_group_per_region(set, g, 0);
        }
    }
    return plan_peak(set) <= cap ? SLIDE_OK : SLIDE_E_MEMLIMIT;
}

/* The group sizes a plan tries, largest first: max_group (0 = automatic) within bounds. */
static void plan_sizes(int n, int max_group, int *largest, int *smallest)
{
    int tiles = n - 1;
    *largest = max_group > 0                ? max_group
               : n > SLIDE_MAX_PACKED_CELLS ? PDB_MAX_WIDE_GROUP_SIZE
                                            : PDB_MAX_GROUP_SIZE;
    if (*largest > pdb_largest_group(n))
        *largest = pdb_largest_group(n);
    /* below three tiles a group knows little more than linear conflict does */
    *smallest = max_group > 0 && max_group < 3 ? max_group : 3;
    if (*smallest > tiles)
        *smallest = tiles;
    /* no more than PDB_MAX_GROUPS groups: 24 tiles take groups of two at least */
    int fewest = (tiles + PDB_MAX_GROUPS - 1) / PDB_MAX_GROUPS;
    if (*smallest < fewest)
        *smallest = fewest;
    if (*largest < fewest)
        *largest = fewest;
}

/*
 * The plans' frame: the symmetry of the board that puts the blank's goal
 * cell last in reading order (row-major, column-major on tall boards), the
 * first such in board_symmetries' order.  Fills board_cell[frame cell] and
 * returns the blank's cell in the frame (the last cell, when a symmetry
 * takes the blank to a corner).
 * Planning there makes the groups a function of where the blank is at
 * home, so goals that are the same up to renaming tiles, rotating or
 * reflecting the board get the same groups' patterns, hence the same files.
 */
static int blank_last_frame(const geometry *shape, const uint8_t *goal, uint8_t *board_cell)
{
    board_symmetry syms[MAX_BOARD_SYMMETRIES];
    int count = board_symmetries(shape, syms), best = 0, last = -1;
    int n = shape->cells, blank = 0, wide = shape->cols >= shape->rows;
    while (goal[blank] != 0)
        blank++;
    for (int s = 0; s < count; s++) {
        int c = syms[s].cell[blank];
        int rank = wide ? c : (c % shape->cols) * shape->rows + c / shape->cols;
        if (rank > last) {
            last = rank;
            best = s;
        }
    }
    for (int c = 0; c < n; c++)
        board_cell[syms[best].cell[c]] = (uint8_t)c;
    return syms[best].cell[blank];
}

/*
 * Korf & Felner's partition of the 24-puzzle (2002), by goal cells of the
 * goal whose blank is in cell 0: a block of six at the blank's corner and
 * three 2x3 blocks around it.  A goal with the blank in another corner
 * takes the image under the symmetry that moves cell 0 there.
 */
static const uint8_t korf_felner_blocks[4][6] = {
    {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}};

/*
 * The 6-6-6-6 plan of a 5x5 goal whose blank is in a corner: SLIDE_OK,
 * SLIDE_E_MEMLIMIT when its build passes cap, or SLIDE_E_ARGUMENT when the
 * goal has no corner blank.
 */
static int plan_korf_felner(pdb_set *set, const geometry *shape, const uint8_t *goal, size_t cap)
{
    board_symmetry syms[MAX_BOARD_SYMMETRIES];
    int count = board_symmetries(shape, syms), blank = 0;
    while (goal[blank] != 0)
        blank++;
    for (int s = 0; s < count; s++) {
        if (syms[s].cell[0] != blank)
            continue;
        int sizes[4] = {6, 6, 6, 6};
        uint8_t members[PDB_MAX_GROUPS][SLIDE_MAX_WIDE_CELLS];
        for (int g = 0; g < 4; g++)
            for (int i = 0; i < 6; i++)
                members[g][i] = goal[syms[s].cell[korf_felner_blocks[g][i]]];
        int status = pdb_set_groups_cells(set, shape, goal, 4, sizes,
                                          (const uint8_t(*)[SLIDE_MAX_WIDE_CELLS])members);
        if (status != SLIDE_OK)
            return status;
        return plan_peak(set) <= cap ? SLIDE_OK : SLIDE_E_MEMLIMIT;
    }
    return SLIDE_E_ARGUMENT;
}

int pdb_plan(pdb_set *set, const geometry *shape, state64 goal, int max_group, size_t cap)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    if (shape->cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT;
    goal_cells_of(shape, goal, cells);
    return pdb_plan_cells(set, shape, cells, max_group, cap);
}

int pdb_plan_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int max_group,
                   size_t cap)
{
    int n = shape->cells, wide = shape->cols >= shape->rows;
    uint8_t board_cell[SLIDE_MAX_WIDE_CELLS], order[SLIDE_MAX_WIDE_CELLS];
    int blank = blank_last_frame(shape, goal, board_cell), count = 0;
    /*
     * Reading order keeps each group in a compact block, read backwards from
     * the blank so that the smaller (remainder) group is the one next to it:
     * Korf & Felner's 7-8 split of the blank-first goal, and its mirror
     * image {9..15}, {1..8} for the blank-last one.
     */
    for (int at = n - 1; at >= 0; at--) {
        int cell = wide ? at : (at % shape->rows) * shape->cols + at / shape->rows;
        if (cell != blank)
            order[count++] = goal[board_cell[cell]];
    }
    int largest, smallest;
    plan_sizes(n, max_group, &largest, &smallest);
    if (shape->rows == 5 && shape->cols == 5 && largest >= 6 &&
        plan_korf_felner(set, shape, goal, cap) == SLIDE_OK)
        return SLIDE_OK;
    for (; largest >= smallest; largest--) {
        int status = plan_groups(set, shape, goal, order, largest, cap);
        if (status != SLIDE_E_MEMLIMIT)
            return status;
    }
    memset(set, 0, sizeof *set);
    return SLIDE_E_MEMLIMIT;
}

uint64_t pdb_plan_states(const pdb_set *set)
{
    uint64_t states = 0;
    for (int g = 0; g < set->count; g++)
        states += (uint64_t)set->groups[g].placements *
                  (uint64_t)(set->shape.cells - set->groups[g].size);
    return states;
}

/*
 * The quick plan's order of the cells but the blank's, in the plans' frame
 * (blank_last_frame): the remainder group takes the first `remainder`
 * cells of the far row (row-major from the far corner; column-major on tall
 * boards), and the other groups cut what is left column by column (row by
 * row on tall boards).  Measured with reflection and per-region entries on
 * 30 random 15-puzzles against row strips and other block shapes, this
 * 3 + two 6-tile blocks, each reaching the blank's corner, expanded 3 to 11
 * times fewer nodes: the tiles near the blank are where groups interact.
 */
static void quick_order(const geometry *shape, int blank, int remainder, uint8_t *cells)
{
    int n = shape->cells, rows = shape->rows, cols = shape->cols, wide = cols >= rows, count = 0;
    uint8_t taken[SLIDE_MAX_WIDE_CELLS] = {0};
    taken[blank] = 1;
    for (int i = 0; count < remainder; i++) {
        int cell = wide ? i : (i % rows) * cols + i / rows;
        if (!taken[cell]) {
            cells[count++] = (uint8_t)cell;
            taken[cell] = 1;
        }
    }
    for (int i = 0; i < n; i++) {
        int cell = wide ? (i % rows) * cols + i / rows : i;
        if (!taken[cell])
            cells[count++] = (uint8_t)cell;
    }
}

int pdb_plan_quick(pdb_set *set, const geometry *shape, state64 goal, int max_group, size_t cap,
                   uint64_t max_states)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    if (shape->cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT;
    goal_cells_of(shape, goal, cells);
    return pdb_plan_quick_cells(set, shape, cells, max_group, cap, max_states);
}

int pdb_plan_quick_cells(pdb_set *set, const geometry *shape, const uint8_t *goal, int max_group,
                         size_t cap, uint64_t max_states)
{
    int n = shape->cells, tiles = n - 1;
    uint8_t board_cell[SLIDE_MAX_WIDE_CELLS];
    int blank = blank_last_frame(shape, goal, board_cell);
    int largest, smallest;
    plan_sizes(n, max_group, &largest, &smallest);
    for (; largest >= smallest; largest--) {
        int groups = (tiles + largest - 1) / largest;
        uint8_t cells[SLIDE_MAX_WIDE_CELLS], order[SLIDE_MAX_WIDE_CELLS];
        quick_order(shape, blank, tiles - (groups - 1) * largest, cells);
        for (int i = 0; i < tiles; i++)
            order[i] = goal[board_cell[cells[i]]];
        int status = plan_groups(set, shape, goal, order, largest, cap);
        if (status == SLIDE_OK && pdb_plan_states(set) <= max_states)
            return SLIDE_OK;
        if (status != SLIDE_OK && status != SLIDE_E_MEMLIMIT)
            return status;
    }
    memset(set, 0, sizeof *set);
    return SLIDE_E_MEMLIMIT;
}

void pdb_set_release(pdb_set *set, search_budget *budget)
{
    budget_free(budget, set->lowest, sizeof(uint64_t) << set->shape.cells);
    set->lowest = NULL;
    for (int g = 0; g < set->count; g++) {
        pdb_group *t = &set->groups[g];
        if (t->mapping) {
            munmap(t->mapping, t->mapping_bytes);
            budget_uncharge(budget, t->bytes);
        } else {
            budget_free(budget, t->data, t->bytes);
        }
        t->mapping = NULL;
        t->mapping_bytes = 0;
        t->data = NULL;
        t->bytes = 0;
    }
}

/* ------------------------------------------------------------------ build */

/* Threads that expand a layer of a large group. */
#define PDB_BUILD_THREADS 2
/* expand()'s answer when a nibble cannot hold the entry (not a SLIDE_E_* status). */
#define PDB_OVERFLOW (-1000)

/* Placements are decoded in two parts: a prefix, cached, and a short tail read from a table. */
#define TAIL_DIGITS 3

typedef struct builder {
    const geometry *shape;
    const pdb_set *set;
    pdb_group *group;
    search_budget *budget;
    int n, k, free_cells;
    unsigned all_cells, not_first_col, not_last_col;
    uint64_t *slots; /* two bits a state */
    size_t slot_words;
    unsigned sentinel;
    uint32_t filled; /* entries written so far */
    uint8_t home_distance[SLIDE_MAX_WIDE_CELLS][SLIDE_MAX_WIDE_CELLS]; /* digit, cell */
    uint32_t neighbours[SLIDE_MAX_WIDE_CELLS]; /* cell -> mask of adjacent cells */
    uint32_t weight[SLIDE_MAX_WIDE_CELLS];     /* value of one unit of digit i */
    int tail;                                  /* digits decoded by tail_digits */
    uint32_t tail_span;                        /* product of the tail's bases */
    uint8_t (*tail_digits)[TAIL_DIGITS];       /* tail_span rows */
    /*
     * open mask -> for each open cell, the lowest cell of its region: 2^n
     * words, so only up to 16 cells; above, each successor's region is
     * flooded (NULL).
     */
    uint64_t *lowest;
    uint8_t select8[256][8]; /* byte -> its i-th set bit */
    /* the decoded placement: cells, digits, cells used before each tile */
    uint32_t prefix; /* placement / tail_span cached, or UINT32_MAX */
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    uint8_t digits[SLIDE_MAX_WIDE_CELLS];
    uint32_t used_before[SLIDE_MAX_WIDE_CELLS + 1];
} builder;

/* The cells reachable from seed through open cells (seed included). */
static unsigned flood(const builder *b, unsigned seed, unsigned open)
{
    unsigned region = seed, grown;
    int cols = b->shape->cols;
    for (;;) {
        grown = region | (((region << cols) | (region >> cols) |
                           ((region << 1) & b->not_first_col) | ((region >> 1) & b->not_last_col)) &
                          open);
        if (grown == region)
            return region;
        region = grown;
    }
}

/*
 * Fills b->lowest: for every set of open cells, each open cell's region
 * named by its lowest cell, a nibble a cell.  One lookup then replaces the
 * flood fill a successor would need (2^n entries, 512 KiB on 16 cells).
 */
static void fill_regions(uint64_t *lowest, const geometry *shape)
{
    unsigned adjacent[SLIDE_MAX_PACKED_CELLS] = {0};
    for (int c = 0; c < shape->cells; c++)
        for (int m = 0; m < 4; m++)
            if (shape->neighbour[c][m] >= 0)
                adjacent[c] |= 1u << shape->neighbour[c][m];
    for (size_t open = 0; open < ((size_t)1 << shape->cells); open++) {
        uint64_t names = 0;
        unsigned left = (unsigned)open;
        while (left) {
            unsigned seed = left & (0u - left), region = seed, frontier = seed;
            while (frontier) {
                unsigned c = (unsigned)__builtin_ctz(frontier);
                frontier &= frontier - 1;
                unsigned added = adjacent[c] & (unsigned)open & ~region;
                region |= added;
                frontier |= added;
            }
            uint64_t name = (uint64_t)__builtin_ctz(seed);
            for (unsigned cells = region; cells; cells &= cells - 1)
                names |= name << (4 * __builtin_ctz(cells));
            left &= ~region;
        }
        lowest[open] = names;
    }
}

static int regions_init(builder *b)
{
    if (b->n > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_OK; /* regions are flooded instead */
    b->lowest = budget_alloc(b->budget, sizeof(uint64_t) << b->n);
    if (!b->lowest)
        return b->budget->status;
    fill_regions(b->lowest, b->shape);
    return SLIDE_OK;
}

int pdb_regions(pdb_set *set, search_budget *budget)
{
    int needed = 0;
    for (int g = 0; g < set->count; g++)
        needed |= set->groups[g].per_region;
    if (!needed || set->lowest)
        return SLIDE_OK;
    if (set->shape.cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT; /* no entries per region there: the nibbles name 16 cells */
    set->lowest = budget_alloc(budget, sizeof(uint64_t) << set->shape.cells);
    if (!set->lowest)
        return budget->status;
    fill_regions(set->lowest, &set->shape);
    return SLIDE_OK;
}

static unsigned select_bit(unsigned mask, unsigned index)
{
    while (index--)
        mask &= mask - 1;
    return (unsigned)__builtin_ctz(mask);
}

static void select_init(builder *b)
{
    for (unsigned byte = 0; byte < 256; byte++)
        for (unsigned i = 0; i < (unsigned)popcount16(byte); i++)
            b->select8[byte][i] = (uint8_t)select_bit(byte, i);
}

/* The index-th set bit of a mask of cells, a byte at a time (the loop above mispredicts). */
static unsigned select_cell(const builder *b, uint32_t mask, unsigned index)
{
    unsigned base = 0;
    for (;;) {
        unsigned byte = mask & 0xFFu, in_byte = popcount16(byte);
        if (index < in_byte)
            return base + b->select8[byte][index];
        index -= in_byte;
        mask >>= 8;
        base += 8;
    }
}

/* Precomputes digit weights and the tail table; SLIDE_OK or the budget's status. */
static int decoder_init(builder *b)
{
    uint32_t w = 1;
    for (int i = b->k - 1; i >= 0; i--) {
        b->weight[i] = w;
        w *= (uint32_t)(b->n - i);
    }
    b->tail = b->k < TAIL_DIGITS ? b->k : TAIL_DIGITS;
    b->tail_span = b->tail ? b->weight[b->k - b->tail] * (uint32_t)(b->n - (b->k - b->tail)) : 1;
    b->tail_digits = budget_alloc(b->budget, b->tail_span * sizeof *b->tail_digits);
    if (!b->tail_digits)
        return b->budget->status;
    for (uint32_t lo = 0; lo < b->tail_span; lo++) {
        uint32_t rest = lo;
        for (int j = b->tail - 1; j >= 0; j--) {
            uint32_t base = (uint32_t)(b->n - (b->k - b->tail + j));
            b->tail_digits[lo][j] = (uint8_t)(rest % base);
            rest /= base;
        }
    }
    b->prefix = UINT32_MAX;
    return SLIDE_OK;
}

/* Decodes placement into b->cells, b->digits and b->used_before. */
static void decode(builder *b, uint32_t placement)
{
    uint32_t prefix = placement / b->tail_span, lo = placement % b->tail_span;
    int head = b->k - b->tail;
    if (prefix != b->prefix) {
        uint32_t rest = prefix;
        for (int i = head - 1; i >= 0; i--) {
            uint32_t base = (uint32_t)(b->n - i);
            b->digits[i] = (uint8_t)(rest % base);
            rest /= base;
        }
        uint32_t used = 0;
        for (int i = 0; i < head; i++) {
            b->used_before[i] = used;
            unsigned c = select_cell(b, b->all_cells & ~used, b->digits[i]);
            b->cells[i] = (uint8_t)c;
            used |= 1u << c;
        }
        b->used_before[head] = used;
        b->prefix = prefix;
    }
    uint32_t used = b->used_before[head];
    for (int j = 0; j < b->tail; j++) {
        int i = head + j;
        b->digits[i] = b->tail_digits[lo][j];
        b->used_before[i] = used;
        unsigned c = select_cell(b, b->all_cells & ~used, b->digits[i]);
        b->cells[i] = (uint8_t)c;
        used |= 1u << c;
    }
    b->used_before[b->k] = used;
}

/*
 * The placement after tile i moves from cell a to cell to: digit i becomes
 * to's rank among the cells free before tile i, and each later tile whose
 * cell lies between a and to gains or loses one smaller used cell.
 */
static uint32_t moved_placement(const builder *b, uint32_t placement, int i, unsigned to)
{
    unsigned from = b->cells[i];
    int64_t index = placement;
    unsigned digit = to - popcount25(b->used_before[i] & ((1u << to) - 1));
    index += ((int64_t)digit - b->digits[i]) * b->weight[i];
    unsigned lo = from < to ? from : to, hi = from < to ? to : from;
    int64_t sign = from < to ? 1 : -1; /* a cell between them loses (or gains) one smaller cell */
    int64_t shift = 0;
    for (int j = i + 1; j < b->k; j++) /* branch-free: the test is a coin toss */
        shift += (int64_t)((unsigned)(b->cells[j] - lo - 1) < hi - lo - 1) * b->weight[j];
    index += sign * shift;
    return (uint32_t)index;
}

static uint64_t state_slot(const builder *b, uint32_t placement, unsigned open, unsigned region)
{
    unsigned lowest = region & (0u - region);
    return (uint64_t)placement * (uint64_t)b->free_cells + popcount25(open & (lowest - 1));
}

static unsigned slot_code(const builder *b, uint64_t slot)
{
    return (unsigned)(b->slots[slot >> 5] >> ((slot & 31) * 2)) & 3u;
}

static void slot_mark(builder *b, uint64_t slot, unsigned code)
{
    b->slots[slot >> 5] |= (uint64_t)code << ((slot & 31) * 2);
}

static unsigned entry_get(const pdb_group *t, uint32_t index)
{
    return pdb_entry(t, index);
}

static void entry_put(pdb_group *t, uint32_t index, unsigned value)
{
    if (t->entry_bits == 4) {
        unsigned shift = (index & 1) * 4;
        t->data[index >> 1] = (uint8_t)((t->data[index >> 1] & ~(15u << shift)) | (value << shift));
    } else {
        t->data[index] = (uint8_t)value;
    }
}

/* Widens nibble entries to bytes once a value no longer fits; sentinels stay sentinels. */
static int widen(builder *b)
{
    pdb_group *t = b->group;
    uint8_t *wide = budget_alloc(b->budget, t->entries);
    if (!wide)
        return b->budget->status;
    pdb_advise_huge(wide, t->entries);
    for (uint32_t i = 0; i < t->entries; i++) {
        unsigned v = pdb_entry(t, i);
        wide[i] = (uint8_t)(v == 15 ? 255 : v);
    }
    budget_free(b->budget, t->data, t->bytes);
    t->data = wide;
    t->bytes = t->entries;
    t->entry_bits = 8;
    b->sentinel = 255;
    return SLIDE_OK;
}

/*
 * Expands one abstract state at depth: writes the placement's entry if this
 * is its first state expanded, and marks unseen successors with next_code.
 * Successor slots are computed first and prefetched, because on the large
 * groups nearly every one is a cache miss and they are independent.
 * Returns the number of new states, or a negative status.
 */
static long expand(builder *b, uint64_t slot, unsigned depth, unsigned next_code)
{
    uint32_t placement = (uint32_t)(slot / (uint64_t)b->free_cells);
    unsigned region_rank = (unsigned)(slot % (uint64_t)b->free_cells);
    decode(b, placement);
    unsigned occupied = b->used_before[b->k];
    unsigned open = b->all_cells & ~occupied;
    unsigned region = flood(b, 1u << select_cell(b, open, region_rank), open);

    uint32_t index = b->group->per_region ? (uint32_t)slot : placement;
    if (entry_get(b->group, index) == b->sentinel) {
        unsigned manhattan = 0;
        for (int i = 0; i < b->k; i++)
            manhattan += b->home_distance[i][b->cells[i]];
        unsigned value = (depth - manhattan) / 2;
        if (value >= b->sentinel)
            return b->sentinel == 255 ? SLIDE_E_INTERNAL /* no shape of 16 cells comes near */
                                      : PDB_OVERFLOW;
        entry_put(b->group, index, value);
        b->filled++;
    }

    uint64_t next[4 * SLIDE_MAX_WIDE_CELLS];
    int count = 0;
    for (int i = 0; i < b->k; i++) {
        unsigned from = b->cells[i];
        unsigned targets = b->neighbours[from] & region;
        while (targets) {
            unsigned to = (unsigned)__builtin_ctz(targets);
            targets &= targets - 1;
            unsigned next_open = open ^ (1u << to) ^ (1u << from);
            unsigned lowest = b->lowest ? (unsigned)(b->lowest[next_open] >> (4 * from)) & 15u
                                        : (unsigned)__builtin_ctz(flood(b, 1u << from, next_open));
            next[count] = (uint64_t)moved_placement(b, placement, i, to) * (uint64_t)b->free_cells +
                          popcount25(next_open & ((1u << lowest) - 1));
            __builtin_prefetch(&b->slots[next[count] >> 5]);
            count++;
        }
    }
    long found = 0;
    for (int j = 0; j < count; j++) {
        if (slot_code(b, next[j]) != 0)
            continue;
        /* another worker may mark the same word: only the one that set the field counts it */
        unsigned shift = (unsigned)(next[j] & 31) * 2;
        uint64_t old = __atomic_fetch_or(&b->slots[next[j] >> 5], (uint64_t)next_code << shift,
                                         __ATOMIC_RELAXED);
        found += ((old >> shift) & 3u) == 0;
    }
    return found;
}

/*
 * Placements a worker claims at a time: even, so no two workers write the
 * same entry byte, and small enough that a worker slowed by other work on
 * its core leaves the rest of the layer to the others (the 24-puzzle's
 * groups have 3,891 chunks).
 */
#define LAYER_CHUNK 32768u

/*
 * One worker of a layer: it claims chunks of placements in turn (next_chunk
 * is shared) and expands the states with code `code` in them.  States
 * whose entry would overflow a nibble are left open and counted in
 * overflowed.
 */
typedef struct layer_job {
    builder b; /* private decode cache and counters; the arrays are shared */
    uint32_t *next_chunk;
    unsigned depth, code, next_code;
    uint64_t found, overflowed;
    int status;
} layer_job;

/* The states of slots [first, end) with the job's code. */
static void run_range(layer_job *job, uint64_t first, uint64_t end)
{
    builder *b = &job->b;
    uint64_t pattern = 0x5555555555555555ull * job->code;
    size_t first_word = (size_t)(first >> 5), end_word = (size_t)((end + 31) >> 5);
    for (size_t w = first_word; w < end_word && job->status == SLIDE_OK; w++) {
        uint64_t x = __atomic_load_n(&b->slots[w], __ATOMIC_RELAXED) ^ pattern;
        uint64_t match = ~(x | (x >> 1)) & 0x5555555555555555ull;
        if (w == first_word && (first & 31))
            match &= ~0ull << ((first & 31) * 2);
        if (w == end_word - 1 && (end & 31))
            match &= ~0ull >> (64 - (end & 31) * 2);
        uint64_t closed = match;
        for (uint64_t left = match; left; left &= left - 1) {
            int bit = __builtin_ctzll(left);
            long got = expand(b, (uint64_t)w * 32 + (unsigned)bit / 2, job->depth, job->next_code);
            if (got == PDB_OVERFLOW) {
                closed &= ~(1ull << bit);
                job->overflowed++;
            } else if (got < 0) {
                job->status = (int)got;
                break;
            } else {
                job->found += (uint64_t)got;
            }
        }
        if (closed)
            __atomic_fetch_or(&b->slots[w], closed | (closed << 1), __ATOMIC_RELAXED);
    }
}

static void *run_layer(void *arg)
{
    layer_job *job = arg;
    uint32_t placements = job->b.group->placements;
    uint64_t free_cells = (uint64_t)job->b.free_cells;
    while (job->status == SLIDE_OK) {
        uint32_t chunk = __atomic_fetch_add(job->next_chunk, 1, __ATOMIC_RELAXED);
        if ((uint64_t)chunk * LAYER_CHUNK >= placements)
            break;
        uint64_t first = (uint64_t)chunk * LAYER_CHUNK, end = first + LAYER_CHUNK;
        run_range(job, first * free_cells, (end < placements ? end : placements) * free_cells);
    }
    return NULL;
}

/* Workers for a group of this many slots: two where there are cores and enough work. */
static int worker_count(uint64_t slots)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return slots >= ((uint64_t)1 << 24) && cores >= 2 ? PDB_BUILD_THREADS : 1;
}

/*
 * Expands layer `depth` with `workers` threads.  *found receives the states
 * of the next layer; *overflowed the states left open because a nibble could
 * not hold their entry.  Returns SLIDE_OK or a status.
 */
static int expand_layer(builder *b, int workers, unsigned depth, uint64_t *found,
                        uint64_t *overflowed)
{
    layer_job jobs[PDB_BUILD_THREADS];
    pthread_t threads[PDB_BUILD_THREADS];
    int started[PDB_BUILD_THREADS] = {0};
    uint32_t next_chunk = 0;
    for (int i = 0; i < workers; i++) {
        layer_job *job = &jobs[i];
        memset(job, 0, sizeof *job);
        job->b = *b;
        job->b.filled = 0;
        job->next_chunk = &next_chunk;
        job->depth = depth;
        job->code = depth % 2 + 1;
        job->next_code = (depth + 1) % 2 + 1;
        if (i > 0)
            started[i] = pthread_create(&threads[i], NULL, run_layer, job) == 0;
    }
    run_layer(&jobs[0]);
    int status = jobs[0].status;
    for (int i = 1; i < workers; i++) {
        if (started[i])
            pthread_join(threads[i], NULL);
        else
            run_layer(&jobs[i]); /* no thread to be had: whatever is left was done above */
    }
    *found = *overflowed = 0;
    for (int i = 0; i < workers; i++) {
        *found += jobs[i].found;
        *overflowed += jobs[i].overflowed;
        b->filled += jobs[i].b.filled;
        if (status == SLIDE_OK)
            status = jobs[i].status;
    }
    return status;
}

static void report_layer(const pdb_reporter *reporter, const char *what, unsigned depth,
                         uint64_t states, uint32_t filled, uint32_t entries)
{
    if (!reporter || !reporter->fn)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_BUILD;
    p.message = what;
    p.bound = depth;
    p.nodes = states;
    p.fraction = entries ? (double)filled / entries : 1.0;
    reporter->fn(reporter->ctx, &p);
}

int pdb_build_group(pdb_set *set, int g, search_budget *budget, const pdb_reporter *reporter)
{
    builder b;
    pdb_group *t = &set->groups[g];
    memset(&b, 0, sizeof b);
    b.shape = &set->shape;
    b.set = set;
    b.group = t;
    b.budget = budget;
    b.n = set->shape.cells;
    b.k = t->size;
    b.free_cells = b.n - b.k;
    b.all_cells = (1u << b.n) - 1;
    for (int c = 0; c < b.n; c++) {
        for (int m = 0; m < 4; m++)
            if (set->shape.neighbour[c][m] >= 0)
                b.neighbours[c] |= 1u << set->shape.neighbour[c][m];
        if (c % set->shape.cols != 0)
            b.not_first_col |= 1u << c;
        if (c % set->shape.cols != set->shape.cols - 1)
            b.not_last_col |= 1u << c;
    }
    char what[96];
    snprintf(what, sizeof what, "group %d of %d (%d tiles, %lu entries)", g + 1, set->count,
             t->size, (unsigned long)t->entries);

    t->entry_bits = 4;
    t->bytes = pdb_entries_bytes(t->entries, 4);
    t->data = budget_alloc(budget, t->bytes);
    if (!t->data)
        return budget->status;
    pdb_advise_huge(t->data, t->bytes);
    memset(t->data, 0xFF, t->bytes);
    b.sentinel = 15;
    b.slot_words = pdb_build_scratch(set, g) / sizeof(uint64_t);
    b.slots = budget_calloc(budget, b.slot_words, sizeof(uint64_t));
    pdb_advise_huge(b.slots, b.slot_words * sizeof(uint64_t));
    select_init(&b);
    if (!b.slots || decoder_init(&b) != SLIDE_OK || regions_init(&b) != SLIDE_OK) {
        int status = budget->status;
        budget_free(budget, b.slots, b.slot_words * sizeof(uint64_t));
        budget_free(budget, b.tail_digits, b.tail_span * sizeof *b.tail_digits);
        budget_free(budget, t->data, t->bytes);
        t->data = NULL;
        return status;
    }

    /* the search starts from the group's homes in the table's frame: the goal is not read */
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    unsigned occupied = 0;
    int cols = set->shape.cols;
    for (int i = 0; i < b.k; i++) {
        cells[i] = t->home[i];
        occupied |= 1u << cells[i];
        for (int c = 0; c < b.n; c++)
            b.home_distance[i][c] = (uint8_t)(abs(c / cols - t->home[i] / cols) +
                                              abs(c % cols - t->home[i] % cols));
    }
    unsigned open = b.all_cells & ~occupied;
    unsigned region = flood(&b, 1u << t->blank_home, open);
    slot_mark(&b, state_slot(&b, permutation_rank_wide(cells, b.k, b.n), open, region), 1);

    int status = SLIDE_OK,
        workers = set->build_threads > 0 && set->build_threads <= PDB_BUILD_THREADS
                      ? set->build_threads
                      : worker_count((uint64_t)b.slot_words * 32);
    uint64_t layer = 1, states = 1;
    for (unsigned depth = 0; layer > 0 && status == SLIDE_OK; depth++) {
        uint64_t overflowed;
        status = expand_layer(&b, workers, depth, &layer, &overflowed);
        if (status == SLIDE_OK && overflowed) {
            /* widen, then expand what was left open: the rest of the layer is closed */
            uint64_t more = 0;
            status = widen(&b);
            if (status == SLIDE_OK)
                status = expand_layer(&b, workers, depth, &more, &overflowed);
            layer += more;
            if (status == SLIDE_OK && overflowed)
                status = SLIDE_E_INTERNAL;
        }
        states += layer;
        report_layer(reporter, what, depth, states, b.filled, t->entries);
    }
    budget_free(budget, b.slots, b.slot_words * sizeof(uint64_t));
    budget_free(budget, b.tail_digits, b.tail_span * sizeof *b.tail_digits);
    budget_free(budget, b.lowest, b.lowest ? ((size_t)1 << b.n) * sizeof *b.lowest : 0);
    if (status != SLIDE_OK) {
        budget_free(budget, t->data, t->bytes);
        t->data = NULL;
        t->bytes = 0;
        return status;
    }
    /* placements no board reaches (parity, with one group of every tile) */
    for (uint32_t i = 0; i < t->entries; i++)
        if (entry_get(t, i) == b.sentinel)
            entry_put(t, i, 0);
    return SLIDE_OK;
}

/* ---------------------------------------------------------------- lookups */

unsigned pdb_group_value(const pdb_set *set, int g, const uint8_t *pos, int mirrored)
{
    unsigned occupied, blank = set->view[mirrored][g].cell[pos[0]];
    uint32_t placement = pdb_place_any(set, g, pos, mirrored, &occupied,
                                       set->shape.cells > SLIDE_MAX_PACKED_CELLS);
    return pdb_lookup(set, g, placement, occupied, blank);
}

unsigned pdb_sum(const pdb_set *set, const uint8_t *pos)
{
    unsigned sum = 0;
    for (int g = 0; g < set->count; g++)
        sum += pdb_group_value(set, g, pos, 0);
    return sum;
}

unsigned pdb_sum_mirrored(const pdb_set *set, const uint8_t *pos)
{
    unsigned sum = 0;
    for (int g = 0; g < set->count; g++)
        sum += pdb_group_value(set, g, pos, 1);
    return sum;
}

/* The estimate of the board whose cell c holds cells[c]. */
static unsigned estimate_cells(const pdb_set *set, const uint8_t *cells)
{
    uint8_t pos[SLIDE_MAX_WIDE_CELLS];
    unsigned manhattan = 0;
    for (int c = 0; c < set->shape.cells; c++) {
        pos[cells[c]] = (uint8_t)c;
        manhattan += set->manhattan.dist[cells[c]][c];
    }
    unsigned sum = pdb_sum(set, pos);
    if (set->mirrored) {
        unsigned mirrored = pdb_sum_mirrored(set, pos);
        if (mirrored > sum)
            sum = mirrored;
    }
    return manhattan + 2 * sum;
}

unsigned pdb_estimate(const pdb_set *set, state64 s)
{
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state_get(s, c);
    return estimate_cells(set, cells);
}

unsigned pdb_estimate_wide(const pdb_set *set, state128 s)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state128_get(s, c);
    return estimate_cells(set, cells);
}

unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s)
{
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state_get(s, c);
    return pdb_walk_start_cells(w, set, cells);
}

unsigned pdb_walk_start_cells(pdb_walk *w, const pdb_set *set, const uint8_t *cells)
{
    memset(w, 0, sizeof *w);
    w->set = set;
    w->sides = set->mirrored ? 2 : 1;
    for (int c = 0; c < set->shape.cells; c++) {
        w->pos[cells[c]] = (uint8_t)c;
        w->manhattan += set->manhattan.dist[cells[c]][c];
    }
    for (int k = 0; k < w->sides; k++) {
        pdb_side *side = &w->side[k];
        for (int g = 0; g < set->count; g++) {
            pdb_group_state *group = &side->group[g];
            group->placement = pdb_place_any(set, g, w->pos, k, &group->occupied,
                                             set->shape.cells > SLIDE_MAX_PACKED_CELLS);
            group->value = pdb_lookup(set, g, group->placement, group->occupied,
                                      set->view[k][g].cell[w->pos[0]]);
            side->sum += group->value;
            const pdb_view *view = &set->view[k][g];
            for (int i = 0; i < set->groups[g].size && i < PDB_MAX_WIDE_DIGITS; i++)
                w->cells[k][g][i] = view->cell[w->pos[view->source[i]]];
        }
    }
    unsigned best = w->side[0].sum > w->side[1].sum ? w->side[0].sum : w->side[1].sum;
    return w->manhattan + 2 * best;
}
