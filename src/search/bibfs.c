/*
 * bibfs.c - bidirectional breadth-first search (--algo bibfs).
 *
 * One BFS grows from the start and one from the goal, each with its own
 * state map of parent moves (the same kind of map and accounting as bfs.c).  Each
 * step expands one whole layer of the side whose frontier is smaller, so
 * both trees stay near half the solution depth: on a board of branching
 * factor b at distance d that is about 2 b^(d/2) states instead of b^d.
 *
 * When to stop.  Let the forward map hold every state within a moves of
 * the start and the backward one every state within b moves of the goal,
 * with no state in both (each new state is looked up in the other map
 * the moment it is added, so a shared state is always seen).  Then every
 * path is longer than a + b moves.  Expanding the forward layer a finds new
 * states at depth a + 1; one found in the other map has depth at most b
 * there, so it closes a path of at most a + b + 1 moves, which is therefore
 * optimal.  Every meeting in that layer gives the same length, so the first
 * one found is as good as the best, and the search stops there.  States,
 * layers and neighbours are visited in a fixed order, so the answer is the
 * same on every run.
 */
#include "core/state_map.h"
#include "search/search.h"

/* One direction: its tree of parent moves and its current frontier. */
typedef struct bibfs_side {
    state_map seen;
    state64 *layer; /* frontier: every state at distance `depth` */
    size_t layer_len;
    size_t layer_cap;
    state64 *next; /* the layer being built */
    size_t next_len;
    size_t next_cap;
    unsigned depth;
} bibfs_side;

static int side_init(bibfs_side *side, search_budget *budget, state64 root)
{
    memset(side, 0, sizeof *side);
    int status = state_map_init(&side->seen, budget, &state_map_parent_moves, 1 << 12);
    if (status != SLIDE_OK)
        return status;
    state_map_insert8(&side->seen, root, STATE_MAP_ROOT_MOVE);
    side->layer = budget_alloc(budget, 64 * sizeof *side->layer);
    if (!side->layer)
        return budget->status;
    side->layer_cap = 64;
    side->layer[side->layer_len++] = root;
    return SLIDE_OK;
}

static void side_free(bibfs_side *side, search_budget *budget)
{
    budget_free(budget, side->layer, side->layer_cap * sizeof *side->layer);
    budget_free(budget, side->next, side->next_cap * sizeof *side->next);
    state_map_free(&side->seen);
}

static int push_next(bibfs_side *side, search_budget *budget, state64 s)
{
    if (side->next_len == side->next_cap) {
        size_t cap = side->next_cap ? side->next_cap * 2 : 1024;
        state64 *bigger = budget_realloc(budget, side->next, side->next_cap * sizeof *bigger,
                                         cap * sizeof *bigger);
        if (!bigger)
            return budget->status;
        side->next = bigger;
        side->next_cap = cap;
    }
    side->next[side->next_len++] = s;
    return SLIDE_OK;
}

/*
 * Expands every state of side's frontier.  Returns 1 with *meet set when a
 * new state is already in other's map, 0 when the layer is done (the new
 * layer becomes the frontier), or a negative status from the budget.
 */
static int expand_layer(search_task *search, bibfs_side *side, const bibfs_side *other,
                        state64 *meet)
{
    const geometry *shape = &search->shape;
    slide_stats *stats = search->stats;
    side->next_len = 0;
    for (size_t i = 0; i < side->layer_len; i++) {
        state64 s = side->layer[i];
        int blank = state_blank(s, shape->cells);
        stats->expanded++;
        if ((stats->expanded & 4095) == 0 && budget_expired(search->budget))
            return search->budget->status;
        for (int m = 0; m < 4; m++) {
            int target = shape->neighbour[blank][m];
            if (target < 0)
                continue;
            state64 child = state_swap(s, blank, target);
            stats->generated++;
            int inserted = state_map_insert8(&side->seen, child, (uint8_t)m);
            if (inserted < 0)
                return inserted;
            if (!inserted)
                continue;
            if (state_map_find(&other->seen, child) != SIZE_MAX) {
                *meet = child;
                return 1;
            }
            int status = push_next(side, search->budget, child);
            if (status != SLIDE_OK)
                return status;
        }
    }
    state64 *swap = side->layer;
    size_t swap_cap = side->layer_cap;
    side->layer = side->next;
    side->layer_cap = side->next_cap;
    side->layer_len = side->next_len;
    side->next = swap;
    side->next_cap = swap_cap;
    side->next_len = 0;
    side->depth++;
    return 0;
}

int bibfs_solve(search_task *search)
{
    search_budget *budget = search->budget;
    if (search->start_state == search->goal_state)
        return SLIDE_OK;

    bibfs_side forward, backward;
    memset(&backward, 0, sizeof backward);
    int status = side_init(&forward, budget, search->start_state);
    if (status == SLIDE_OK)
        status = side_init(&backward, budget, search->goal_state);
    state64 meet = 0;
    while (status == SLIDE_OK && meet == 0) {
        if (forward.layer_len == 0 || backward.layer_len == 0) {
            status = SLIDE_E_INTERNAL; /* parity said solvable, so the trees must meet */
            break;
        }
        /* ties go forward, so the order of layers is fixed */
        int go_forward = forward.layer_len <= backward.layer_len;
        int found = go_forward ? expand_layer(search, &forward, &backward, &meet)
                               : expand_layer(search, &backward, &forward, &meet);
        if (found < 0)
            status = found;
    }
    if (status == SLIDE_OK) {
        status = state_map_trace_path(&forward.seen, &search->shape, meet, search->moves, 0);
        if (status == SLIDE_OK)
            status = state_map_trace_path(&backward.seen, &search->shape, meet, search->moves, 1);
    } else if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT) {
        search_note_remedy(
            search, SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR,
            "bibfs %s after storing %zu states (depth %u from the start, %u from the goal), "
            "so the answer is over %u moves",
            status == SLIDE_E_MEMLIMIT ? "hit the memory cap" : "ran out of time",
            forward.seen.count + backward.seen.count, forward.depth, backward.depth,
            forward.depth + backward.depth);
    }
    side_free(&forward, budget);
    side_free(&backward, budget);
    return status;
}
