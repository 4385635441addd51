/*
 * lookup.c - a board's estimate from a set whose tables are ready, group by
 * group, and the start of the incremental walk (walk.h), whose steps are
 * inline there.
 */
#include "pdb/pdb_internal.h"
#include "pdb/walk.h"

unsigned pdb_group_value(const pdb_set *set, int g, const uint8_t *pos, int mirrored)
{
    unsigned occupied, blank = set->view[mirrored][g].cell[pos[0]];
    uint32_t placement = pdb_place_any(set, g, pos, mirrored, &occupied,
                                       set->shape.cells > SLIDE_MAX_PACKED_CELLS);
    return pdb_lookup(set, g, placement, occupied, blank);
}

/*
 * Sum over groups of the entries for the board whose tile positions are
 * pos[tile], or for its reflection when mirrored (set->mirrored only).
 */
static unsigned pdb_sum(const pdb_set *set, const uint8_t *pos, int mirrored)
{
    unsigned sum = 0;
    for (int g = 0; g < set->count; g++)
        sum += pdb_group_value(set, g, pos, mirrored);
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
    unsigned sum = pdb_sum(set, pos, 0);
    if (set->mirrored) {
        unsigned mirrored = pdb_sum(set, pos, 1);
        if (mirrored > sum)
            sum = mirrored;
    }
    return manhattan + 2 * sum;
}

/* The tiles of a packed state, cell by cell (cells has the set's shape's room). */
static void packed_cells(const pdb_set *set, state64 s, uint8_t *cells)
{
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state_get(s, c);
}

/* The tiles of a wide state, cell by cell. */
static void wide_cells(const pdb_set *set, state128 s, uint8_t *cells)
{
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state128_get(s, c);
}

unsigned pdb_estimate(const pdb_set *set, state64 s)
{
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    packed_cells(set, s, cells);
    return estimate_cells(set, cells);
}

unsigned pdb_estimate_wide(const pdb_set *set, state128 s)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    wide_cells(set, s, cells);
    return estimate_cells(set, cells);
}

unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s)
{
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    packed_cells(set, s, cells);
    return pdb_walk_start_cells(w, set, cells);
}

unsigned pdb_walk_start_wide(pdb_walk *w, const pdb_set *set, state128 s)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    wide_cells(set, s, cells);
    return pdb_walk_start_cells(w, set, cells);
}

/*
 * Sets group g's placement on side k of the walk from w->pos, and its cells
 * in the table's frame (w->cells) when the group is small enough to keep
 * them (the placement is then ranked from those).
 */
static void place_group(pdb_walk *w, int k, int g, int wide)
{
    const pdb_set *set = w->set;
    const pdb_view *view = &set->view[k][g];
    pdb_group_state *group = &w->side[k].group[g];
    uint8_t *frame = w->cells[k][g];
    int size = set->groups[g].size;
    if (size > PDB_MAX_WIDE_DIGITS) {
        group->placement = pdb_place_any(set, g, w->pos, k, &group->occupied, wide);
        return;
    }
    for (int i = 0; i < size; i++)
        frame[i] = view->cell[w->pos[view->source[i]]];
    memset(frame + size, PDB_NO_CELL, PDB_MAX_WIDE_DIGITS - (size_t)size);
    group->placement = pdb_rank_cells(set, g, frame, &group->occupied, wide);
}

/* w->mover[k][tile] (walk.h). */
static void fill_mover(const pdb_set *set, int k, int tile, pdb_mover *mover)
{
    int own = k ? set->mirror_group_of[tile] : set->group_of[tile];
    const pdb_group *group = &set->groups[own];
    mover->map = set->view[k][own].cell;
    mover->data = group->data;
    mover->later = set->digits_weight[own];
    mover->digit = set->digit_of[k][tile];
    mover->weight = set->digit_weight[own][mover->digit];
    mover->slots = group->per_region ? (uint32_t)(set->shape.cells - group->size) : 0;
    mover->own = (uint8_t)own;
    mover->half = group->entry_bits == 4;
}

unsigned pdb_walk_start_cells(pdb_walk *w, const pdb_set *set, const uint8_t *cells)
{
    memset(w, 0, sizeof *w);
    w->set = set;
    w->sides = set->mirrored ? 2 : 1;
    w->incremental = 1;
    for (int g = 0; g < set->count; g++)
        if (set->groups[g].size > PDB_MAX_WIDE_DIGITS)
            w->incremental = 0;
    if (w->incremental)
        for (int k = 0; k < w->sides; k++)
            for (int tile = 1; tile < set->shape.cells; tile++)
                fill_mover(set, k, tile, &w->mover[k][tile]);
    for (int c = 0; c < set->shape.cells; c++) {
        w->pos[cells[c]] = (uint8_t)c;
        w->manhattan += set->manhattan.dist[cells[c]][c];
    }
    /*
     * Every group's entry is asked for before any is read, so that the
     * misses (one a group and side, in tables of a hundred MB and more)
     * overlap.
     */
    int wide = set->shape.cells > SLIDE_MAX_PACKED_CELLS;
    uint32_t index[2][PDB_MAX_GROUPS];
    for (int k = 0; k < w->sides; k++) {
        for (int g = 0; g < set->count; g++) {
            pdb_group_state *group = &w->side[k].group[g];
            const pdb_view *view = &set->view[k][g];
            place_group(w, k, g, wide);
            index[k][g] = pdb_index(set, &set->groups[g], group->placement, group->occupied,
                                    view->cell[w->pos[0]]);
            pdb_prefetch_entry(&set->groups[g], index[k][g]);
        }
    }
    for (int k = 0; k < w->sides; k++) {
        for (int g = 0; g < set->count; g++) {
            w->side[k].group[g].value = pdb_entry(&set->groups[g], index[k][g]);
            w->side[k].sum += w->side[k].group[g].value;
        }
    }
    unsigned best = w->side[0].sum > w->side[1].sum ? w->side[0].sum : w->side[1].sum;
    return w->manhattan + 2 * best;
}

void pdb_walk_values(const pdb_walk *w, uint8_t *values)
{
    for (int k = 0; k < w->sides; k++)
        for (int g = 0; g < w->set->count; g++)
            values[k * w->set->count + g] = (uint8_t)w->side[k].group[g].value;
}

void pdb_walk_resume_wide(pdb_walk *w, state128 s, unsigned h, const uint8_t *values,
                          const unsigned *touched)
{
    const pdb_set *set = w->set;
    for (int c = 0; c < set->shape.cells; c++)
        w->pos[state128_get(s, c)] = (uint8_t)c;
    unsigned best = 0;
    for (int k = 0; k < w->sides; k++) {
        pdb_side *side = &w->side[k];
        side->sum = 0;
        for (int g = 0; g < set->count; g++) {
            side->group[g].value = values[k * set->count + g];
            side->sum += side->group[g].value;
            if (touched[k] >> g & 1u)
                place_group(w, k, g, 1);
        }
        if (side->sum > best)
            best = side->sum;
    }
    w->manhattan = h - 2 * best;
}

/*
 * Fills w->dual_penalty for group g on side k (walk.h, dual lookups): 0
 * where the blank's cell b lies, in the table's frame, in the region of the
 * blank's goal cell that the group's tiles at home leave open; else the
 * table's entry for the tiles at home and the blank on b (per region), or
 * 255 (the group is not counted) for a table with one entry a placement.
 */
static void dual_penalties(pdb_walk *w, int k, int g)
{
    const pdb_set *set = w->set;
    const pdb_group *group = &set->groups[g];
    int n = set->shape.cells;
    uint32_t walls = 0;
    for (int i = 0; i < group->size; i++)
        walls |= 1u << group->home[i];
    /* in the frame, whose cells are the board's shape */
    uint32_t all = (uint32_t)(((uint64_t)1 << n) - 1);
    uint32_t region = pdb_flood(&set->shape, 1u << group->blank_home, all & ~walls);
    uint32_t home = n > SLIDE_MAX_PACKED_CELLS
                        ? permutation_rank_weighted(group->home, group->size, set->digit_weight[g])
                        : permutation_rank(group->home, group->size, n);
    for (int b = 0; b < n; b++) {
        unsigned cell = set->view[k][g].cell[b];
        unsigned penalty = 0;
        if (!(region >> cell & 1u))
            penalty = group->per_region && !(walls >> cell & 1u)
                          ? pdb_lookup(set, g, home, walls, cell)
                          : 255u;
        w->dual_penalty[k][g][b] = (uint8_t)penalty;
    }
}

unsigned pdb_walk_start_dual(pdb_walk *w, const uint8_t *cells)
{
    const pdb_set *set = w->set;
    const uint8_t *home = set->manhattan.goal_cell;
    unsigned c0 = home[0], blank = w->pos[0];
    int wide = set->shape.cells > SLIDE_MAX_PACKED_CELLS;
    for (int t = 0; t < set->shape.cells; t++)
        w->dpos[t] = home[cells[home[t]]];
    for (int k = 0; k < w->sides; k++)
        for (int g = 0; g < set->count; g++)
            dual_penalties(w, k, g);
    w->dual_whole = 1;
    for (int k = 0; k < w->sides; k++)
        for (int b = 0; b < set->shape.cells; b++) {
            w->dual_counted[k][b] = 0;
            for (int g = 0; g < set->count; g++) {
                unsigned penalty = w->dual_penalty[k][g][b];
                if (penalty != 0 && penalty != 255)
                    w->dual_whole = 0;
                if (penalty == 0)
                    w->dual_counted[k][b] |= (uint16_t)(1u << g);
            }
        }
    unsigned best = 0;
    for (int k = 0; k < w->sides; k++) {
        pdb_side *side = &w->dual[k];
        int out = pdb_dual_group(set, k, set->goal_cells[blank]);
        w->dual_out[k] = (int8_t)out;
        for (int g = 0; g < set->count; g++) {
            pdb_group_state *group = &side->group[g];
            memset(group, 0, sizeof *group);
            if (g == out)
                continue;
            group->placement = pdb_place_any(set, g, w->dpos, k, &group->occupied, wide);
            group->value =
                pdb_lookup(set, g, group->placement, group->occupied, set->view[k][g].cell[c0]);
        }
        side->sum = pdb_dual_sum(w, k, out, blank, -1, 0);
        if (side->sum > best)
            best = side->sum;
    }
    unsigned regular = w->side[0].sum > w->side[1].sum ? w->side[0].sum : w->side[1].sum;
    return w->manhattan + 2 * (best > regular ? best : regular);
}
