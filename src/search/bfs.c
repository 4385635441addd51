/*
 * bfs.c - breadth-first search over packed states (--algo bfs).
 *
 * The reference algorithm: no heuristic, optimal by construction, and the
 * one whose answers the judges print, because neighbours are generated in
 * u, d, l, r order and the first path to reach a state is the one kept.
 * The state map keeps, for each state, the move that first reached it; the
 * path is rebuilt by undoing those moves from the goal back to the start.
 */
#include "search/search.h"

/*
 * A FIFO of states that compacts itself instead of wrapping: the consumed
 * prefix is dropped whenever it is at least half the array.
 */
typedef struct state_queue {
    state64 *items;
    size_t head;
    size_t tail;
    size_t cap;
    search_budget *budget;
} state_queue;

static int queue_push(state_queue *q, state64 s)
{
    if (q->tail == q->cap) {
        if (q->head > 0 && q->head >= q->cap / 2) {
            memmove(q->items, q->items + q->head, (q->tail - q->head) * sizeof *q->items);
            q->tail -= q->head;
            q->head = 0;
        } else {
            size_t cap = q->cap ? q->cap * 2 : 1024;
            state64 *items =
                budget_realloc(q->budget, q->items, q->cap * sizeof *items, cap * sizeof *items);
            if (!items)
                return q->budget->status;
            q->items = items;
            q->cap = cap;
        }
    }
    q->items[q->tail++] = s;
    return SLIDE_OK;
}

int bfs_solve(search_task *search)
{
    const geometry *shape = &search->shape;
    search_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    state64 goal = search->goal_state;
    if (search->start_state == goal)
        return SLIDE_OK;

    state_map seen;
    state_queue queue = {NULL, 0, 0, 0, budget};
    int status = state_map_init(&seen, budget, &state_map_parent_moves, 1 << 12);
    if (status != SLIDE_OK)
        return status;
    state_map_insert8(&seen, search->start_state, STATE_MAP_ROOT_MOVE);
    status = queue_push(&queue, search->start_state);
    int found = 0;
    while (status == SLIDE_OK && !found && queue.head < queue.tail) {
        state64 s = queue.items[queue.head++];
        int blank = state_blank(s, shape->cells);
        stats->expanded++;
        if ((stats->expanded & 4095) == 0 && budget_expired(budget)) {
            status = budget->status;
            break;
        }
        for (int m = 0; m < 4; m++) {
            int target = shape->neighbour[blank][m];
            if (target < 0)
                continue;
            state64 next = state_swap(s, blank, target);
            stats->generated++;
            int inserted = state_map_insert8(&seen, next, (uint8_t)m);
            if (inserted < 0) {
                status = inserted;
                break;
            }
            if (!inserted)
                continue;
            if (next == goal) {
                found = 1;
                break;
            }
            status = queue_push(&queue, next);
            if (status != SLIDE_OK)
                break;
        }
    }
    if (status == SLIDE_OK && found)
        status = state_map_trace_path(&seen, shape, goal, search->moves, 0);
    else if (status == SLIDE_OK)
        status = SLIDE_E_INTERNAL; /* parity said solvable, so the goal must be reachable */
    if (status == SLIDE_E_MEMLIMIT)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR,
                           "bfs stored %zu states before reaching the memory cap", seen.count);
    else if (status == SLIDE_E_TIMEOUT)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR,
                           "bfs expanded %llu states before the time limit",
                           (unsigned long long)stats->expanded);
    budget_free(budget, queue.items, queue.cap * sizeof *queue.items);
    state_map_free(&seen);
    return status;
}
