/*
 * distance_table.c - exhaustive distance tables (--algo table).
 *
 * When a shape has at most 9 cells its whole state space (at most 9!/2 =
 * 181,440 reachable states) fits in a few hundred kilobytes, so one BFS from
 * the goal answers every later board by lookup.  States are ranked by the
 * Lehmer code of their cells (a perfect hash onto 0 .. n!-1) and the table
 * holds one byte a rank: the distance to the goal, or UNREACHED.
 *
 * A solution walks downhill from the board, taking the first neighbour in
 * u, d, l, r order whose distance is one less.  The build records that move
 * in the top two bits of each entry (distances need at most six: the
 * longest 2x4 solution is 36 moves), so the walk is one lookup a move.  That is the lexicographically
 * smallest shortest path, which is exactly the path a forward BFS with the
 * same neighbour order reports (BFS dequeues each layer in lexicographic
 * order of the paths that discovered it), so table answers equal --algo bfs
 * byte for byte.
 *
 * With a context the table is built once per (shape, goal) and shared by
 * every board of a batch; without one it is built for the call and freed.
 */
#include "core/rank.h"
#include "search/search.h"

#define DTABLE_MAX_CELLS SLIDE_MAX_TABLE_CELLS
#define UNREACHED 0xFF
#define DIST_MASK 0x3F
#define MOVE_SHIFT 6

struct slide_dist_table {
    geometry shape;
    size_t size;
    uint8_t *dist;     /* size entries: distance | first downhill move << MOVE_SHIFT */
    uint32_t *downhill; /* size entries: rank of the state that move leads to */
    /* both arrays follow the struct in the same block */
};

typedef struct slide_dist_table dtable;

/* Lehmer rank of the board's tiles read cell by cell (core/rank.h). */
static size_t dtable_rank(const dtable *t, state64 s)
{
    uint8_t tiles[DTABLE_MAX_CELLS];
    int n = t->shape.cells;
    for (int i = 0; i < n; i++)
        tiles[i] = (uint8_t)state_get(s, i);
    return permutation_rank(tiles, n, n);
}

typedef struct build_arg {
    const geometry *shape;
    state64 goal;
    uint64_t expanded;
} build_arg;

/* BFS from the goal filling every reachable rank; UNREACHED elsewhere. */
static int dtable_build(void *arg_, search_budget *budget, void **data, size_t *size)
{
    build_arg *arg = arg_;
    int n = arg->shape->cells;
    uint32_t fact[DTABLE_MAX_CELLS + 1];
    fact[0] = 1;
    for (int i = 1; i <= DTABLE_MAX_CELLS; i++)
        fact[i] = fact[i - 1] * (uint32_t)i;
    size_t states = fact[n];
    size_t bytes = sizeof(dtable) + states * sizeof(uint32_t) + states;
    dtable *t = budget_alloc(budget, bytes);
    if (!t)
        return budget->status;
    t->downhill = (uint32_t *)(t + 1);
    t->dist = (uint8_t *)(t->downhill + states);
    t->shape = *arg->shape;
    t->size = states;
    memset(t->dist, UNREACHED, states);

    /*
     * The reachable half, layer by layer, in one pass: when a state of
     * depth d is expanded, its neighbours of depth d - 1 are all known, so
     * the first of them in u, d, l, r order is its downhill move, found in
     * the same loop that discovers its unreached neighbours.  The queue
     * keeps each state's rank beside it so nothing is ranked twice.
     */
    size_t queue_bytes = (states / 2 + 1) * (sizeof(state64) + sizeof(uint32_t));
    state64 *queue = budget_alloc(budget, queue_bytes);
    if (!queue) {
        budget_free(budget, t, bytes);
        return budget->status;
    }
    uint32_t *queue_rank = (uint32_t *)(queue + states / 2 + 1);
    size_t head = 0, tail = 0;
    queue[tail] = arg->goal;
    queue_rank[tail++] = (uint32_t)dtable_rank(t, arg->goal);
    t->dist[queue_rank[0]] = 0;
    while (head < tail) {
        state64 s = queue[head];
        size_t own = queue_rank[head++];
        unsigned d = t->dist[own];
        int blank = state_blank(s, n);
        int downhill_found = d == 0;
        arg->expanded++;
        for (int m = 0; m < 4; m++) {
            int target = t->shape.neighbour[blank][m];
            if (target < 0)
                continue;
            state64 next = state_swap(s, blank, target);
            size_t r = dtable_rank(t, next);
            uint8_t e = t->dist[r];
            if (e == UNREACHED) {
                t->dist[r] = (uint8_t)(d + 1);
                queue[tail] = next;
                queue_rank[tail++] = (uint32_t)r;
            } else if (!downhill_found && (unsigned)(e & DIST_MASK) + 1 == d) {
                t->dist[own] = (uint8_t)(d | (unsigned)m << MOVE_SHIFT);
                t->downhill[own] = (uint32_t)r;
                downhill_found = 1;
            }
        }
    }
    budget_free(budget, queue, queue_bytes);
    *data = t;
    *size = bytes;
    return SLIDE_OK;
}

static void dtable_destroy(void *data, size_t size, search_budget *budget)
{
    budget_free(budget, data, size);
}

/*
 * Walks downhill from the state ranked r for d moves, writing the letters
 * to out (d bytes).  Each entry names its first downhill move and the rank
 * it leads to, so the walk is two lookups a move and no ranking.
 */
static void dtable_walk(const dtable *t, size_t r, unsigned d, char *out)
{
    for (unsigned i = 0; i < d; i++) {
        out[i] = slide_move_letters[t->dist[r] >> MOVE_SHIFT];
        r = t->downhill[r];
    }
}

static int dtable_answer(const dtable *t, search_task *search)
{
    size_t r = dtable_rank(t, search->start_state);
    uint8_t entry = t->dist[r];
    if (entry == UNREACHED)
        return SLIDE_E_INTERNAL; /* parity said solvable */
    unsigned d = entry & DIST_MASK;
    search->stats->expanded += d;
    if (search->moves->count_only) {
        search->moves->count = d;
        return SLIDE_OK;
    }
    char path[DIST_MASK];
    dtable_walk(t, r, d, path);
    for (unsigned i = 0; i < d; i++) {
        int status = move_list_push(search->moves, path[i]);
        if (status != SLIDE_OK)
            return status;
    }
    return SLIDE_OK;
}

/* Packs cells into a state, checking they are a valid board of t's shape. */
static int pack_cells(const dtable *t, const uint8_t *cells, state64 *out)
{
    unsigned seen = 0;
    state64 s = 0;
    for (int i = t->shape.cells - 1; i >= 0; i--) {
        if (cells[i] >= t->shape.cells)
            return 0;
        seen |= 1u << cells[i];
        s = s << 4 | cells[i];
    }
    *out = s;
    return seen == (1u << t->shape.cells) - 1;
}

int slide_dist_table_get(slide_context *ctx, const slide_board *goal, const slide_dist_table **out)
{
    *out = NULL;
    int cells = goal->rows * goal->cols;
    if (!ctx)
        return SLIDE_E_ARGUMENT;
    if (cells > SLIDE_MAX_TABLE_CELLS)
        return SLIDE_E_TOO_LARGE;
    if (slide_board_validate(goal, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    geometry shape;
    geometry_init(&shape, goal->rows, goal->cols);
    build_arg arg = {&shape, state_pack(goal), 0};
    uint64_t key[2] = {(uint64_t)shape.rows << 32 | (uint64_t)shape.cols, arg.goal};
    void *data;
    int status = context_cache_get(ctx, CACHE_DISTANCE_TABLE, key, sizeof key, dtable_build,
                                   dtable_destroy, &arg, &data);
    if (status == SLIDE_OK)
        *out = data;
    return status;
}

int slide_dist_table_distance(const slide_dist_table *t, const uint8_t *cells)
{
    state64 s;
    if (!pack_cells(t, cells, &s))
        return SLIDE_E_ARGUMENT;
    uint8_t entry = t->dist[dtable_rank(t, s)];
    return entry == UNREACHED ? SLIDE_E_UNSOLVABLE : entry & DIST_MASK;
}

int slide_dist_table_moves(const slide_dist_table *t, const uint8_t *cells, char *out, size_t cap)
{
    state64 s;
    if (!pack_cells(t, cells, &s))
        return SLIDE_E_ARGUMENT;
    size_t r = dtable_rank(t, s);
    uint8_t entry = t->dist[r];
    if (entry == UNREACHED)
        return SLIDE_E_UNSOLVABLE;
    unsigned d = entry & DIST_MASK;
    if (cap <= d)
        return SLIDE_E_ARGUMENT;
    dtable_walk(t, r, d, out);
    out[d] = '\0';
    return (int)d;
}

int distance_table_solve(search_task *search)
{
    if (search->shape.cells > DTABLE_MAX_CELLS) {
        search_note_remedy(search, SLIDE_REMEDY_ALGO_IDASTAR,
                           "table handles boards of at most %d cells", DTABLE_MAX_CELLS);
        return SLIDE_E_TOO_LARGE;
    }
    build_arg arg = {&search->shape, search->goal_state, 0};
    void *data;
    int status;
    if (search->context) {
        /* the key: shape and goal are all a table depends on */
        uint64_t key[2] = {(uint64_t)search->shape.rows << 32 | (uint64_t)search->shape.cols,
                           search->goal_state};
        status = context_cache_get(search->context, CACHE_DISTANCE_TABLE, key, sizeof key,
                                   dtable_build, dtable_destroy, &arg, &data);
        if (status == SLIDE_OK)
            status = dtable_answer(data, search);
    } else {
        size_t size;
        status = dtable_build(&arg, search->budget, &data, &size);
        if (status == SLIDE_OK) {
            status = dtable_answer(data, search);
            dtable_destroy(data, size, search->budget);
        }
    }
    search->stats->expanded += arg.expanded;
    if (status == SLIDE_E_MEMLIMIT)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_ASTAR,
                           "the distance table does not fit the memory cap");
    return status;
}
