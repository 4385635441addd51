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
 * longest 2x4 solution is 36 moves), so the walk is one lookup a move.  That
 * is the lexicographically smallest shortest path, which is exactly the path
 * a forward BFS with the same neighbour order reports (BFS dequeues each
 * layer in lexicographic order of the paths that discovered it), so table
 * answers equal --algo bfs byte for byte.
 *
 * One table serves every goal whose blank sits in the same cell, up to the
 * board's symmetries.  Renaming tiles changes no move: a board reaches its
 * goal by exactly the moves its renamed board reaches the renamed goal, so a
 * goal reads the table of the standard arrangement with the blank in the
 * same cell (tiles 1 .. n-1 in reading order around it) through a renaming
 * of its tiles.  A rotation or reflection (core/symmetry.c) keeps distances
 * too and carries the blank's cell to a representative of its class, so a
 * context builds at most three 3x3 tables (corner, edge, centre) and two for
 * 2x3 or 2x4, whatever the goals.  A symmetry renames the moves as well (a
 * left-right flip swaps l and r), and the table's recorded move is the first
 * in the table's u, d, l, r order, not the goal's: goals whose blank needs a
 * rotation walk by distances alone instead, trying the board's own moves in
 * u, d, l, r order and taking the first that is one closer (up to four
 * lookups a move).  That is the same path, so answers stay byte-identical.
 *
 * With a context each table is built once per (shape, blank class) and
 * shared by every board and goal of a batch; without one it is built for
 * the call and freed.
 */
#include "core/abi.h"
#include "core/rank.h"
#include "search/search.h"

#define DTABLE_MAX_CELLS SLIDE_MAX_TABLE_CELLS
#define UNREACHED 0xFF
#define DIST_MASK 0x3F
#define MOVE_SHIFT 6

/* The table of one shape and one representative blank cell. */
typedef struct dtable {
    geometry shape;
    size_t size;
    uint8_t *dist;      /* size entries: distance | first downhill move << MOVE_SHIFT */
    uint32_t *downhill; /* size entries: rank of the state that move leads to */
    /* both arrays follow the struct in the same block */
} dtable;

/*
 * How one goal reads its table: a board of the goal's frame becomes a board
 * of the table's by moving cell c to sym.cell[c] and renaming tile x to
 * rename[x].  The public handle of slide_dist_table_get.
 */
struct slide_dist_table {
    const dtable *table;
    board_symmetry sym;
    uint8_t rename[DTABLE_MAX_CELLS];
    int moves_kept; /* sym is the identity: the table's recorded moves are the goal's */
    int plain;      /* nothing to map: the goal is the table's own */
};

typedef struct slide_dist_table goal_view;

/* Bytes of a table of `states` ranks: the struct, then both arrays. */
static size_t dtable_bytes(size_t states)
{
    return sizeof(dtable) + states * sizeof(uint32_t) + states;
}

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
    size_t bytes = dtable_bytes(states);
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

/* The goal frame's state s as a state of the view's table. */
static state64 view_state(const goal_view *v, state64 s)
{
    if (v->plain)
        return s;
    state64 mapped = 0;
    for (int i = 0; i < v->table->shape.cells; i++)
        mapped |= (state64)v->rename[state_get(s, i)] << (4 * v->sym.cell[i]);
    return mapped;
}

/*
 * The d letters of the goal's answer for the table state s (ranked r): the
 * recorded moves when the goal's frame is the table's, else the first of
 * the goal's own moves in u, d, l, r order that the table says is one closer.
 */
static void view_walk(const goal_view *v, state64 s, size_t r, unsigned d, char *out)
{
    const dtable *t = v->table;
    if (v->moves_kept) {
        dtable_walk(t, r, d, out);
        return;
    }
    int blank = state_blank(s, t->shape.cells);
    for (unsigned i = 0; i < d; i++) {
        for (int m = 0; m < 4; m++) {
            int target = t->shape.neighbour[blank][v->sym.move[m]];
            if (target < 0)
                continue;
            state64 next = state_swap(s, blank, target);
            if ((unsigned)(t->dist[dtable_rank(t, next)] & DIST_MASK) + 1 + i == d) {
                out[i] = slide_move_letters[m];
                s = next;
                blank = target;
                break;
            }
        }
    }
}

static int view_answer(const goal_view *v, search_task *search)
{
    state64 s = view_state(v, search->start_state);
    size_t r = dtable_rank(v->table, s);
    uint8_t entry = v->table->dist[r];
    if (entry == UNREACHED)
        return SLIDE_E_INTERNAL; /* parity said solvable */
    unsigned d = entry & DIST_MASK;
    search->stats->expanded += d;
    if (search->moves->count_only) {
        search->moves->count = d;
        return SLIDE_OK;
    }
    char path[DIST_MASK];
    view_walk(v, s, r, d, path);
    for (unsigned i = 0; i < d; i++) {
        int status = move_list_push(search->moves, path[i]);
        if (status != SLIDE_OK)
            return status;
    }
    return SLIDE_OK;
}

/*
 * Sets v up for goal (a valid state of shape) without its table, and *arg
 * for building that table: the symmetry that carries the goal's blank to
 * the largest cell it can reach (the identity when the blank is there
 * already), the table's goal (the standard arrangement with the blank in
 * that cell) and the renaming of the goal's tiles to the table's.
 */
static void view_init(goal_view *v, const geometry *shape, state64 goal, build_arg *arg)
{
    board_symmetry syms[MAX_BOARD_SYMMETRIES];
    int count = board_symmetries(shape, syms), n = shape->cells;
    int blank = state_blank(goal, n), chosen = 0;
    for (int k = 1; k < count; k++)
        if (syms[k].cell[blank] > syms[chosen].cell[blank])
            chosen = k;
    memset(v, 0, sizeof *v);
    v->sym = syms[chosen];
    int table_blank = v->sym.cell[blank];
    state64 table_goal = 0;
    for (int c = 0; c < n; c++)
        if (c != table_blank)
            table_goal |= (state64)(c < table_blank ? c + 1 : c) << (4 * c);
    v->plain = chosen == 0;
    for (int c = 0; c < n; c++) {
        unsigned tile = state_get(goal, c);
        v->rename[tile] = (uint8_t)state_get(table_goal, v->sym.cell[c]);
        v->plain &= v->rename[tile] == tile;
    }
    v->moves_kept = chosen == 0;
    arg->shape = shape;
    arg->goal = table_goal;
    arg->expanded = 0;
}

/* The context's key of the table arg builds: its shape and its blank cell. */
static void table_key(const build_arg *arg, uint64_t key[2])
{
    key[0] = (uint64_t)arg->shape->rows << 32 | (uint64_t)arg->shape->cols;
    key[1] = (uint64_t)state_blank(arg->goal, arg->shape->cells);
}

/* A cached copy of the view arg points to. */
static int view_copy(void *arg, search_budget *budget, void **data, size_t *size)
{
    goal_view *copy = budget_alloc(budget, sizeof *copy);
    if (!copy)
        return budget->status;
    *copy = *(const goal_view *)arg;
    *data = copy;
    *size = sizeof *copy;
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
    if (ABI_MISSING(ctx, goal, out)) {
        if (out)
            *out = NULL;
        return SLIDE_E_ARGUMENT;
    }
    *out = NULL;
    if ((long long)goal->rows * goal->cols > SLIDE_MAX_TABLE_CELLS)
        return SLIDE_E_TOO_LARGE;
    int status = slide_board_validate(goal, NULL);
    if (status != SLIDE_OK)
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    geometry shape;
    geometry_init(&shape, goal->rows, goal->cols);
    goal_view view;
    build_arg arg;
    state64 goal_state = state_pack(goal);
    view_init(&view, &shape, goal_state, &arg);
    uint64_t key[2];
    table_key(&arg, key);
    void *data;
    status = context_cache_get(ctx, CACHE_DISTANCE_TABLE, key, sizeof key, dtable_build,
                               dtable_destroy, &arg, &data);
    if (status != SLIDE_OK)
        return status;
    view.table = data;
    /* the view is cached too: the handle must live as long as the context */
    key[1] = goal_state;
    status = context_cache_get(ctx, CACHE_DISTANCE_GOAL, key, sizeof key, view_copy,
                               dtable_destroy, &view, &data);
    if (status == SLIDE_OK)
        *out = data;
    return status;
}

int slide_dist_table_distance(const slide_dist_table *v, const uint8_t *cells)
{
    state64 s;
    if (ABI_MISSING(v, cells) || !pack_cells(v->table, cells, &s))
        return SLIDE_E_ARGUMENT;
    uint8_t entry = v->table->dist[dtable_rank(v->table, view_state(v, s))];
    return entry == UNREACHED ? SLIDE_E_UNSOLVABLE : entry & DIST_MASK;
}

int slide_dist_table_moves(const slide_dist_table *v, const uint8_t *cells, char *out, size_t cap)
{
    state64 s;
    if (ABI_MISSING(v, cells, out) || !pack_cells(v->table, cells, &s))
        return SLIDE_E_ARGUMENT;
    s = view_state(v, s);
    size_t r = dtable_rank(v->table, s);
    uint8_t entry = v->table->dist[r];
    if (entry == UNREACHED)
        return SLIDE_E_UNSOLVABLE;
    unsigned d = entry & DIST_MASK;
    if (cap <= d)
        return SLIDE_E_ARGUMENT;
    view_walk(v, s, r, d, out);
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
    goal_view view;
    build_arg arg;
    view_init(&view, &search->shape, search->goal_state, &arg);
    void *data;
    int status;
    if (search->context) {
        /* the key: shape and blank cell are all a table depends on */
        uint64_t key[2];
        table_key(&arg, key);
        status = context_cache_get(search->context, CACHE_DISTANCE_TABLE, key, sizeof key,
                                   dtable_build, dtable_destroy, &arg, &data);
        if (status == SLIDE_OK) {
            view.table = data;
            status = view_answer(&view, search);
        }
    } else {
        size_t size;
        status = dtable_build(&arg, search->budget, &data, &size);
        if (status == SLIDE_OK) {
            view.table = data;
            status = view_answer(&view, search);
            search->stats->table_memory = size;
            dtable_destroy(data, size, search->budget);
            view.table = NULL;
        }
    }
    search->stats->expanded += arg.expanded;
    if (view.table)
        search->stats->table_memory = dtable_bytes(view.table->size);
    if (status == SLIDE_E_MEMLIMIT)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_IDASTAR,
                           "the distance table does not fit the memory cap");
    return status;
}
