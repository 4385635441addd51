/*
 * idastar.c - iterative-deepening A* (--algo idastar).
 *
 * Depth-first searches bounded by f = g + h, each bound the smallest f that
 * exceeded the one before, so the first solution found is a shortest one.
 * Memory is the current path only.  The state is changed and restored in
 * place, the move that would undo the previous one is never tried, and h is
 * updated from the one tile that moved instead of recomputed.
 *
 * Children are tried in u, d, l, r order and every shortest path lies inside
 * the last iteration (an admissible h keeps f <= the optimum along it), so
 * the answer is the first shortest path in that order: the same string BFS
 * prints.
 *
 * Pattern databases get their own loop (no function pointer a node): each
 * group's entry is kept, and a move re-ranks only the group of the tile that
 * moved, the groups whose tables are kept per blank region (the blank moved),
 * and the same in the reflected lookup.
 */
#include "pdb.h"

#include <limits.h>
#include <stdio.h>

typedef struct ida {
    const slide_shape *shape;
    slide_state goal;
    slide_budget *budget;
    slide_stats *stats;
    unsigned bound;
    unsigned next_bound;
    unsigned found_length;
    uint8_t *path;
    size_t path_cap;
    /* any heuristic of the table */
    const slide_heuristic *heuristic;
    void *heuristic_ctx;
    /* pattern databases */
    const pdb_set *set;
    uint8_t pos[SLIDE_MAX_PACKED_CELLS]; /* tile -> cell */
    struct lookup_side *side;            /* [0] the board, [1] its reflection */
} ida;

/* Counts an expansion; every 4096 checks the deadline.  Non-zero = stop. */
static int expand_tick(ida *s)
{
    return (++s->stats->expanded & 4095) == 0 && slide_budget_expired(s->budget);
}

static void cut(ida *s, unsigned f)
{
    if (f < s->next_bound)
        s->next_bound = f;
}

/* Returns 1 when the goal was reached (path holds the moves), 0 when not, <0 on a limit. */
static int dfs_generic(ida *s, slide_state state, int blank, unsigned g, unsigned h, int back)
{
    if (state == s->goal) {
        s->found_length = g;
        return 1;
    }
    if (expand_tick(s))
        return s->budget->status;
    const slide_heuristic *heuristic = s->heuristic;
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        slide_state next = slide_state_swap(state, blank, target);
        s->stats->generated++;
        unsigned next_h = heuristic->delta
                              ? (unsigned)((int)h + heuristic->delta(s->heuristic_ctx,
                                                                     slide_state_get(state, target),
                                                                     target, blank))
                              : heuristic->estimate(s->heuristic_ctx, next);
        unsigned f = g + 1 + next_h;
        if (f > s->bound) {
            cut(s, f);
            continue;
        }
        s->path[g] = (uint8_t)m;
        int r = dfs_generic(s, next, target, g + 1, next_h, slide_move_inverse(m));
        if (r)
            return r;
    }
    return 0;
}

/*
 * Ranks group g's tiles where the board (or its reflection) has them.  The
 * rank and the occupied cells stay valid while none of the group's tiles
 * moves, so a table kept per blank region is re-read without re-ranking.
 */
static void rank_group(const ida *s, int g, int mirrored, uint32_t *placement, unsigned *occupied)
{
    const pdb_set *set = s->set;
    const pdb_table *t = &set->groups[g];
    uint8_t cells[SLIDE_MAX_PACKED_CELLS];
    unsigned used = 0;
    for (int i = 0; i < t->size; i++) {
        cells[i] =
            mirrored ? set->mirror_cell[s->pos[set->mirror_source[g][i]]] : s->pos[t->tiles[i]];
        used |= 1u << cells[i];
    }
    *placement = pdb_rank(cells, t->size, set->shape.cells);
    *occupied = used;
}

static unsigned entry_at(const ida *s, int g, uint32_t placement, unsigned occupied, unsigned blank)
{
    const pdb_table *t = &s->set->groups[g];
    return pdb_entry(t, pdb_index(s->set, t, placement, occupied, blank));
}

/* One side of the lookup, the board or its reflection: each group's entry, rank and cells. */
typedef struct lookup_side {
    int mirrored;
    unsigned value[PDB_MAX_GROUPS];
    uint32_t placement[PDB_MAX_GROUPS];
    unsigned occupied[PDB_MAX_GROUPS];
} lookup_side;

/*
 * A side after a tile of group `own` moved and the blank went to `blank`:
 * the moved group re-ranked into *placement and *occupied, new entries in
 * now[] (for `own` and every per-region group).  Returns the new sum.
 */
static unsigned side_after_move(const ida *s, const lookup_side *side, int own, unsigned blank,
                                unsigned sum, uint32_t *placement, unsigned *occupied,
                                unsigned *now)
{
    const pdb_set *set = s->set;
    rank_group(s, own, side->mirrored, placement, occupied);
    for (int g = 0; g < set->count; g++) {
        if (g == own)
            now[g] = entry_at(s, g, *placement, *occupied, blank);
        else if (set->groups[g].per_region)
            now[g] = entry_at(s, g, side->placement[g], side->occupied[g], blank);
        else
            continue;
        sum += now[g] - side->value[g];
    }
    return sum;
}

/*
 * The pattern database loop.  md is the Manhattan distance, sum and
 * mirror_sum the two sums of entries; h = md + 2 * max(sum, mirror_sum).
 * pos[] follows the board (pos[0] the blank).
 */
static int dfs_pdb(ida *s, slide_state state, int blank, unsigned g, unsigned md, unsigned sum,
                   unsigned mirror_sum, int back)
{
    if (state == s->goal) {
        s->found_length = g;
        return 1;
    }
    if (expand_tick(s))
        return s->budget->status;
    const pdb_set *set = s->set;
    int sides = set->mirrored ? 2 : 1;
    for (int m = 0; m < 4; m++) {
        int target = s->shape->neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        unsigned tile = slide_state_get(state, target);
        s->stats->generated++;
        unsigned next_md =
            md + set->manhattan.dist[tile][blank] - set->manhattan.dist[tile][target];
        s->pos[tile] = (uint8_t)blank;
        s->pos[0] = (uint8_t)target;
        int own[2] = {set->group_of[tile], set->mirrored ? set->mirror_group_of[tile] : 0};
        uint32_t placement[2] = {0, 0};
        unsigned occupied[2] = {0, 0}, next[2] = {sum, 0};
        unsigned now[2][PDB_MAX_GROUPS];
        next[0] = side_after_move(s, &s->side[0], own[0], (unsigned)target, sum, &placement[0],
                                  &occupied[0], now[0]);
        if (sides == 2)
            next[1] = side_after_move(s, &s->side[1], own[1], set->mirror_cell[target], mirror_sum,
                                      &placement[1], &occupied[1], now[1]);
        unsigned best = next[0] > next[1] ? next[0] : next[1];
        unsigned f = g + 1 + next_md + 2 * best;
        if (f > s->bound) {
            cut(s, f);
        } else {
            lookup_side saved[2];
            for (int k = 0; k < sides; k++) {
                lookup_side *side = &s->side[k];
                saved[k] = *side;
                for (int grp = 0; grp < set->count; grp++)
                    if (grp == own[k] || set->groups[grp].per_region)
                        side->value[grp] = now[k][grp];
                side->placement[own[k]] = placement[k];
                side->occupied[own[k]] = occupied[k];
            }
            s->path[g] = (uint8_t)m;
            int r = dfs_pdb(s, slide_state_swap(state, blank, target), target, g + 1, next_md,
                            next[0], next[1], slide_move_inverse(m));
            if (r)
                return r;
            for (int k = 0; k < sides; k++)
                s->side[k] = saved[k];
        }
        s->pos[tile] = (uint8_t)target;
        s->pos[0] = (uint8_t)blank;
    }
    return 0;
}

static void report_iteration(slide_search *search, unsigned bound)
{
    if (!search->progress)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_SEARCH;
    p.bound = bound;
    p.nodes = search->stats->expanded;
    search->progress(search->progress_ctx, &p);
}

/* Runs iterations until a solution, a limit or an error. */
static int iterate(slide_search *search, ida *s)
{
    int blank = slide_state_blank(search->start_state, s->shape->cells);
    unsigned md = 0, sum = 0, mirror_sum = 0, h;
    if (s->set) {
        for (int c = 0; c < s->shape->cells; c++)
            s->pos[slide_state_get(search->start_state, c)] = (uint8_t)c;
        md = slide_manhattan_estimate(&s->set->manhattan, search->start_state);
        for (int k = 0; k < (s->set->mirrored ? 2 : 1); k++) {
            lookup_side *side = &s->side[k];
            unsigned blank_cell = k ? s->set->mirror_cell[blank] : (unsigned)blank;
            side->mirrored = k;
            for (int g = 0; g < s->set->count; g++) {
                rank_group(s, g, k, &side->placement[g], &side->occupied[g]);
                side->value[g] = entry_at(s, g, side->placement[g], side->occupied[g], blank_cell);
                *(k ? &mirror_sum : &sum) += side->value[g];
            }
        }
        h = md + 2 * (sum > mirror_sum ? sum : mirror_sum);
    } else {
        h = s->heuristic->estimate(s->heuristic_ctx, search->start_state);
    }
    for (s->bound = h;;) {
        report_iteration(search, s->bound);
        if (s->bound + 1 > s->path_cap) {
            size_t cap = s->path_cap ? s->path_cap * 2 : 256;
            while (cap < (size_t)s->bound + 1)
                cap *= 2;
            uint8_t *path = slide_budget_realloc(s->budget, s->path, s->path_cap, cap);
            if (!path)
                return s->budget->status;
            s->path = path;
            s->path_cap = cap;
        }
        s->next_bound = UINT_MAX;
        int r = s->set ? dfs_pdb(s, search->start_state, blank, 0, md, sum, mirror_sum, -1)
                       : dfs_generic(s, search->start_state, blank, 0, h, -1);
        if (r < 0)
            return r;
        if (r == 1) {
            int status = SLIDE_OK;
            for (unsigned i = 0; i < s->found_length && status == SLIDE_OK; i++)
                status = slide_moves_push(search->moves, slide_move_letters[s->path[i]]);
            return status;
        }
        if (s->next_bound == UINT_MAX)
            return SLIDE_E_INTERNAL; /* parity said solvable, so some path must exist */
        s->bound = s->next_bound;
    }
}

/*
 * The heuristic to use: the requested one, else pattern databases on boards
 * of more than 9 cells and linear conflict (Manhattan when the table has no
 * "linear") on smaller ones, where a search is over before a table pays.
 */
static const char *default_heuristic(const slide_search *search)
{
    if (search->shape.cells > 9)
        return "pdb";
    return slide_heuristic_find("linear") ? "linear" : "manhattan";
}

int slide_idastar_solve(slide_search *search)
{
    ida s;
    memset(&s, 0, sizeof s);
    s.shape = &search->shape;
    s.goal = search->goal_state;
    s.budget = search->budget;
    s.stats = search->stats;
    if (search->start_state == search->goal_state)
        return SLIDE_OK;

    const char *name = search->heuristic ? search->heuristic : default_heuristic(search);
    const slide_heuristic *heuristic = slide_heuristic_find(name);
    if (!heuristic)
        return SLIDE_E_UNKNOWN_HEURISTIC;
    int status = heuristic->create(search, &s.heuristic_ctx);
    if (status == SLIDE_E_MEMLIMIT && !search->heuristic) {
        /* no database fits: say so, and fall back to the best heuristic that needs none */
        const char *fallback = slide_heuristic_find("linear") ? "linear" : "manhattan";
        char cap[32];
        double bytes = (double)search->budget->cap;
        if (bytes >= 1024.0 * 1024.0)
            snprintf(cap, sizeof cap, "%.1f MiB", bytes / (1024.0 * 1024.0));
        else
            snprintf(cap, sizeof cap, "%.1f KiB", bytes / 1024.0);
        slide_note(search, "no pattern database fits --max-memory %s; used %s", cap,
                   strcmp(fallback, "linear") == 0 ? "linear conflict" : fallback);
        search->budget->status = SLIDE_OK;
        heuristic = slide_heuristic_find(fallback);
        status = heuristic->create(search, &s.heuristic_ctx);
    }
    if (status != SLIDE_OK)
        return status;
    search->stats->heuristic = heuristic->info.name;
    s.heuristic = heuristic;
    lookup_side sides[2];
    if (strcmp(heuristic->info.name, "pdb") == 0) {
        s.set = pdb_heuristic_set(s.heuristic_ctx);
        s.side = sides;
    }

    status = iterate(search, &s);
    if (status == SLIDE_E_TIMEOUT || status == SLIDE_E_MEMLIMIT)
        slide_note(search, "idastar reached bound %u after %llu nodes with %s", s.bound,
                   (unsigned long long)search->stats->expanded, heuristic->info.name);
    slide_budget_free(s.budget, s.path, s.path_cap);
    heuristic->destroy(s.heuristic_ctx, s.budget);
    return status;
}

const char *slide_idastar_auto(int rows, int cols)
{
    (void)rows;
    (void)cols;
    return "idastar";
}
