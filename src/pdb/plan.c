/*
 * plan.c - a pattern database set's groups: explicit ones, each put in its
 * table's frame, with the board's reflection when the goal allows one;
 * the automatic plans (blocks in reading order, Korf & Felner's 6-6-6-6 on
 * 5x5, the quick stand-in); and giving a set's tables back.
 */
#include "pdb/pdb_internal.h"

#include <sys/mman.h>

uint32_t pdb_flood(const geometry *shape, uint32_t seed, uint32_t open)
{
    uint32_t region = seed, frontier = seed;
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
    return region;
}

/* n! / (n-k)!, the placements of k tiles on n cells, or UINT32_MAX when it passes that. */
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
    return pdb_flood(shape, open & (0u - open), open) == open;
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
        if (t->size <= PDB_MAX_WIDE_DIGITS) { /* always above 16 cells */
            permutation_weights(t->size, n, set->digit_weight[g]);
            for (int half = 0; half < 2; half++)
                for (unsigned bits = 0; bits < 16; bits++) {
                    uint32_t sum = 0;
                    for (int j = 0; j < 4 && 4 * half + j < t->size; j++)
                        sum += (bits >> j & 1u) ? set->digit_weight[g][4 * half + j] : 0;
                    set->digits_weight[g][half][bits] = sum;
                }
        }
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
    if (on && set->shape.cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT; /* set->lowest names regions of 16 cells at most (pdb_index) */
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
    if (rows < 2 || cols < 2 || rows > SLIDE_MAX_WIDE_CELLS || cols > SLIDE_MAX_WIDE_CELLS ||
        rows * cols > SLIDE_MAX_WIDE_CELLS)
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

void pdb_group_release(pdb_group *t, search_budget *budget)
{
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

void pdb_set_release(pdb_set *set, search_budget *budget)
{
    if (!set->lowest_shared)
        budget_free(budget, set->lowest, sizeof(uint64_t) << set->shape.cells);
    set->lowest = NULL;
    set->lowest_shared = 0;
    for (int g = 0; g < set->count; g++) {
        pdb_group *t = &set->groups[g];
        if (!t->shared) {
            pdb_group_release(t, budget);
            continue;
        }
        t->mapping = NULL; /* the context's to release */
        t->mapping_bytes = 0;
        t->data = NULL;
        t->bytes = 0;
        t->shared = 0;
    }
}
