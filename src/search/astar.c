/*
 * astar.c - A* over packed and wide states (--algo astar), and anytime
 * weighted A* (--weight).
 *
 * f = g + h with h from the heuristic table (manhattan by default, updated
 * per move through heuristic->delta when the heuristic has one).
 *
 * Open list: f and g are small integers (f <= a few hundred on a packed
 * board), so open states sit in buckets by (f, g), each a stack of entries.
 * Pop takes the lowest f and, within it, the largest g: the state deepest
 * along its path, which reaches the goal soonest among equals.  Push and
 * pop are O(1) apart from skipping empty buckets.  A binary heap on the same
 * (f, -g) key is kept behind SLIDE_ASTAR_BINARY_HEAP for the benchmark that
 * compares the two (README, "A*: bucket queue or binary heap").
 *
 * Seen map: a state map of every state generated, with the smallest g
 * found so far and the move that reached it.  A neighbour is
 * pushed only when it improves on that g, so the open list holds no more
 * than one entry per (state, g); an entry whose g is no longer the state's
 * best is stale and skipped on pop.  This is the closed set too: a state is
 * closed once the entry with its best g has been expanded.
 *
 * Optimality.  Both heuristics in the table are consistent (h changes by
 * exactly one per move; see heuristic.c and linear.c), so the
 * first expansion of a state already has its optimal g and no state is
 * expanded twice.  The search does not rely on that: should a heuristic be
 * merely admissible, a shorter path to an expanded state lowers its g and
 * pushes it again (it is reopened), and the goal is only accepted when it
 * is popped, so the answer stays optimal for any admissible heuristic.
 * Parent moves point to a state whose stored g is smaller, so the path
 * traced back from the goal ends at the start and has g(goal) moves.
 *
 * Boards of 17 to 25 cells run the same search over the wide state
 * (core.h state128): the seen map then has two-word keys, and the open
 * list keeps each entry's high word in a parallel array, so the entries of
 * a packed search stay 16 bytes.  The search is written once (astar_run);
 * each width gets its own copy from the compiler, the width a constant.
 * With pattern databases there, each open entry keeps its state's table
 * entries (a byte a group and side, in a parallel array too); an expansion
 * resumes a pdb_walk at its state from them, placing only the groups its
 * children move, and reads each child's estimate from the moved tile's
 * group alone, rather than starting a walk at every expansion (ranking
 * every group on both sides), which costs far more a state.
 *
 * Weighted (--weight W, and auto on cached 17-25 cell shapes whose sides
 * are at least 4): anytime weighted A*.  The open list is ordered by
 * f = g + W h (rounded down), so the first goal taken is at most W x
 * optimal (every open state of a shortest path has f <= W (g + h) <= W x
 * optimal).  The search then goes on with that answer in hand, dropping
 * every state whose g + h is not below its length (h is admissible, so
 * nothing shorter lies through it), and keeps each shorter answer it
 * takes, until the open list is empty (the last answer is then the
 * shortest) or ASTAR_ANYTIME_EXPANSIONS are spent: a count, not a clock,
 * so the answer is the same on every machine.  A memory cap or deadline met after the
 * first answer ends the search with the shortest so far.  Weight 1 is the
 * optimal search above, unchanged.
 *
 * A first answer's expansion cap (search_task.node_cap, which auto sets)
 * spent without one is the rescue: the open list is ordered again by
 * ASTAR_RESCUE_WEIGHT (open_rekey) and the search goes on from where it
 * stands, for as many expansions again; the answer is then within that
 * weight of the optimum, and the note and stats say so.  Only once that is
 * spent too does the search stop with IDA_NODE_CAP, for auto's ladder.  On
 * such boards the rescue answers shorter than the ladder, in less time.
 * Lowering the weight after each answer instead (as ARA* does) made the
 * answers longer for the same expansions (tests/bench/README.md).
 */
#include "core/state_map.h"
#include "heuristic/heuristic.h"
#include "pdb/walk.h"
#include "search/astar_open.h"
#include "search/search.h"

#include <limits.h>

/* -------------------------------------------------------------- seen map */

/*
 * The state map of every state generated: value g << STATE_MAP_MOVE_BITS |
 * the move that reached it, 2 bytes (g < 2^13, which open_cover enforces).
 * It doubles at half load rather than the usual 3/4: linear probing expects
 * 2.5 probes on a miss at half load against 8.5 at 3/4, which the 3x3
 * workload shows (README, "A*: bucket queue or binary heap").
 */
static const state_map_kind seen_kind = {2, 2};

/*
 * Records that key is reached in g moves by `move`, unless it was already
 * reached in g moves or fewer.  Returns 1 when recorded (the caller pushes
 * it), 0 when not, or a negative status when the map could not grow.
 */
static int seen_improve(state_map *seen, state128 key, unsigned g, int move, int is_wide)
{
    size_t slot;
    int added = is_wide ? state_map_claim_wide(seen, key, &slot)
                        : state_map_claim(seen, key.lo, &slot);
    if (added < 0)
        return added;
    if (!added && (unsigned)(state_map_value16(seen, slot) >> STATE_MAP_MOVE_BITS) <= g)
        return 0;
    state_map_set_value16(seen, slot, (uint16_t)(g << STATE_MAP_MOVE_BITS | (unsigned)move));
    return 1;
}

/* The stored g of key, which must be present. */
static unsigned seen_g(const state_map *seen, state128 key, int is_wide)
{
    size_t slot = is_wide ? state_map_slot_wide(seen, key) : state_map_slot(seen, key.lo);
    return state_map_value16(seen, slot) >> STATE_MAP_MOVE_BITS;
}

/* ------------------------------------------------------- weighted search */

/*
 * A weighted search above 16 cells that stores ASTAR_HEADED_STATES states
 * is headed for ASTAR_ANYTIME_EXPANSIONS expansions and about two states an
 * expansion, so its map grows at once to room for ASTAR_ANYTIME_STATES
 * (seen_reserve) instead of doubling on the way there, in copies and page
 * faults.  Not from the start: an easy board that empties its open list
 * early would pay for the pages of that map for nothing.
 */
#define ASTAR_HEADED_STATES 65536u
#define ASTAR_ANYTIME_STATES 2000000u
/*
 * The weight a weighted search's open list is ordered by once the first
 * answer's expansions (search_task.node_cap) are spent without one.
 */
#define ASTAR_RESCUE_WEIGHT 1600u
_Static_assert(IDA_WEIGHT_ONE == 1000u, "ASTAR_RESCUE_WEIGHT is 1.6 in thousandths");

/*
 * Expansions a weighted search spends in all before it stops looking for
 * answers shorter than the one in hand: a count, not a clock, so the answer
 * is the same on every machine and under any load (see the top).
 */
#define ASTAR_ANYTIME_EXPANSIONS 1250000u
/*
 * The largest weight the open list orders by: f = g + W h must stay below
 * the 2^13 of open_cover, and beyond 5 the order is greedy anyway.  A
 * smaller W keeps the promise of a larger one (answers within W x optimal).
 */
#define ASTAR_MAX_KEY_WEIGHT (5u * IDA_WEIGHT_ONE)
/* Room for any answer (g is kept in 13 bits), twice: the answer in hand and the one traced. */
#define ANYTIME_PATH_BYTES 0x2000u
#define ANYTIME_BUFFER_BYTES (2 * ANYTIME_PATH_BYTES)

/*
 * The answer in hand: at weight 1 the first goal taken, traced straight
 * into the search's moves; weighted, the shortest so far, kept in path.
 */
typedef struct anytime {
    unsigned weight;     /* requested, in thousandths */
    unsigned key_weight; /* what f is computed with: weight, at most ASTAR_MAX_KEY_WEIGHT */
    unsigned length;     /* moves of the answer; UINT_MAX before the first */
    char *buffer;        /* weighted: ANYTIME_BUFFER_BYTES of budget memory once there is one */
    char *path;          /* the answer: one half of buffer */
    char *tracing;       /* the other half, where the next answer is traced */
    size_t traced;       /* moves copied into tracing by the trace under way */
    move_list *moves;    /* the search's answer */
    search_budget *budget;
} anytime;

static void anytime_init(anytime *a, const search_task *search)
{
    memset(a, 0, sizeof *a);
    a->weight = search->weight > IDA_WEIGHT_ONE ? search->weight : IDA_WEIGHT_ONE;
    a->key_weight = a->weight < ASTAR_MAX_KEY_WEIGHT ? a->weight : ASTAR_MAX_KEY_WEIGHT;
    a->length = UINT_MAX;
    a->moves = search->moves;
    a->budget = search->budget;
}

/* 1 once there is an answer. */
static int anytime_has(const anytime *a)
{
    return a->length != UINT_MAX;
}

/* The open list's key of a state reached in g moves with estimate h: g + W h, rounded down. */
static unsigned weighted_f(const anytime *a, unsigned g, unsigned h)
{
    return g + (unsigned)((uint64_t)h * a->key_weight / IDA_WEIGHT_ONE);
}

/* The move sink of anytime_keep's trace: copies the moves into the half being traced. */
static int copy_traced(void *ctx, const char *moves, size_t len)
{
    anytime *a = ctx;
    if (a->traced + len > ANYTIME_PATH_BYTES)
        return 1;
    memcpy(a->tracing + a->traced, moves, len);
    a->traced += len;
    return 0;
}

/*
 * Keeps the path to `goal`, reached in g moves (shorter than the one in
 * hand), traced through the parent moves of seen as they stand now: later
 * improvements may rewrite them.  A parent reopened since (a shorter way to
 * it found) makes the traced path shorter than g, and still valid: each
 * stored parent had a smaller g than its child when stored, and g's only
 * fall.  The answer in hand stays whole until the trace succeeds.  Returns
 * SLIDE_OK or a status.
 */
static int anytime_keep(anytime *a, const state_map *seen, const geometry *shape, state128 goal,
                        unsigned g)
{
    if (a->weight == IDA_WEIGHT_ONE) {
        int status = state_map_trace_path_wide(seen, shape, goal, a->moves, 0);
        if (status == SLIDE_OK)
            a->length = g;
        return status;
    }
    if (!a->buffer) {
        a->buffer = budget_alloc(a->budget, ANYTIME_BUFFER_BYTES);
        if (!a->buffer)
            return a->budget->status;
        a->tracing = a->buffer + ANYTIME_PATH_BYTES;
    }
    move_list out;
    memset(&out, 0, sizeof out);
    out.budget = a->budget;
    out.sink = copy_traced;
    out.sink_ctx = a;
    a->traced = 0;
    int status = state_map_trace_path_wide(seen, shape, goal, &out, 0);
    if (status == SLIDE_OK)
        status = move_list_flush(&out);
    if (status == SLIDE_OK && (a->traced == 0 || a->traced > g))
        status = SLIDE_E_INTERNAL; /* the parent moves lead back over g moves at most */
    if (status == SLIDE_OK) {
        char *kept = a->path ? a->path : a->buffer;
        a->path = a->tracing;
        a->tracing = kept;
        a->length = (unsigned)a->traced;
    }
    return status;
}

/*
 * Grows the seen map of a weighted search above 16 cells that has reached
 * ASTAR_HEADED_STATES to room for ASTAR_ANYTIME_STATES, when that takes at
 * most a quarter of what the memory cap leaves (the open list and the
 * answer need the rest); otherwise, or when refused, it doubles as before.
 */
static void seen_reserve(state_map *seen, search_budget *budget)
{
    size_t left = budget->cap > budget->used ? budget->cap - budget->used : 0;
    if (state_map_bytes_for(seen, ASTAR_ANYTIME_STATES) > left / 4)
        return;
    if (state_map_reserve(seen, ASTAR_ANYTIME_STATES) != SLIDE_OK)
        budget->status = SLIDE_OK; /* a refusal leaves the map as it was: it grows as needed */
}

/* -------------------------------------------------- the open list's order */

#ifndef SLIDE_ASTAR_BINARY_HEAP

/*
 * Orders the list by a's key (weighted_f, after a change of its weight):
 * each entry (g, h) moves to the bucket of its new key, and entries with
 * g + h at least the length of a's answer (nothing through them is shorter)
 * are dropped.  The entries stay where they are; only the buckets are
 * built anew, so the list never needs twice its memory.  On failure the
 * list is as it was.
 */
static int open_rekey(open_list *q, const anytime *a)
{
    unsigned length = a->length;
    uint32_t *old_heads = q->heads, *old_counts = q->counts;
    uint16_t *old_top = q->top_g;
    unsigned old_cap = q->f_cap, old_min = q->size ? q->f_min : old_cap, most = 0;
    for (unsigned f = old_min; f < old_cap; f++)
        for (unsigned g = 0; old_counts[f] && g <= old_top[f]; g++)
            for (uint32_t e = old_heads[bucket_index(f, g)]; e != NO_ENTRY; e = q->entries[e].link)
                if (g + q->entries[e].h < length && weighted_f(a, g, q->entries[e].h) > most)
                    most = weighted_f(a, g, q->entries[e].h);
    q->heads = NULL;
    q->f_cap = 0;
    int status = open_cover(q, most);
    if (status != SLIDE_OK) {
        q->heads = old_heads;
        q->counts = old_counts;
        q->top_g = old_top;
        q->f_cap = old_cap;
        return status;
    }
    q->f_min = UINT32_MAX;
    for (unsigned f = old_min; f < old_cap; f++) {
        for (unsigned g = 0; old_counts[f] && g <= old_top[f]; g++) {
            uint32_t e = old_heads[bucket_index(f, g)];
            while (e != NO_ENTRY) {
                uint32_t next = q->entries[e].link;
                unsigned h = q->entries[e].h;
                if (g + h >= length) {
                    q->entries[e].link = q->free;
                    q->free = e;
                    q->size--;
                } else {
                    bucket_link(q, e, weighted_f(a, g, h), g);
                }
                e = next;
            }
        }
    }
    budget_free(q->budget, old_heads, bucket_bytes(old_cap));
    return SLIDE_OK;
}

#else

/* open_rekey of the bucket list, for the heap: new keys, dropped entries, then heapified. */
static int open_rekey(open_list *q, const anytime *a)
{
    size_t kept = 0;
    unsigned length = a->length;
    for (size_t i = 0; i < q->size; i++) {
        unsigned g = 0xffffu - (q->entries[i].link & 0xffffu), h = q->entries[i].h;
        if (g + h >= length)
            continue;
        heap_move(q, kept, i);
        q->entries[kept++].link = (uint32_t)(weighted_f(a, g, h) << 16 | (0xffffu - g));
    }
    q->size = kept;
    for (size_t top = kept / 2; top-- > 0;) {
        size_t i = top;
        for (;;) {
            size_t child = 2 * i + 1;
            if (child >= kept)
                break;
            if (child + 1 < kept && q->entries[child + 1].link < q->entries[child].link)
                child++;
            if (q->entries[child].link >= q->entries[i].link)
                break;
            heap_swap(q, i, child);
            i = child;
        }
    }
    return SLIDE_OK;
}

#endif

/* ---------------------------------------------------------------- search */

/* One A* search: what the steps of astar_run share. */
typedef struct astar_search {
    search_task *search;
    const heuristic_impl *heuristic;
    void *hctx;
    state_map seen;
    open_list open;
    anytime best;
    state128 goal;
    int headed;        /* a weighted wide search whose map has not grown at once yet */
    uint64_t node_cap; /* the first answer's expansions, once rescued twice that */
    /* pattern databases above 16 cells: the walk, and the entries of the state expanded */
    const pdb_set *set;
    pdb_walk walk;
    int walking;
    uint8_t values[2 * PDB_MAX_GROUPS];
    int made; /* the heuristic was made (hctx, which may be NULL, is its own) */
} astar_search;

/*
 * Sets a up for search and pushes the start, whose estimate goes to *h0:
 * the heuristic made, the map and the open list ready.  SLIDE_OK or a
 * status (a->made says whether astar_finish has anything to give back).
 */
static ALWAYS_INLINE int astar_begin(astar_search *a, search_task *search, state128 start,
                                     int is_wide, unsigned *h0)
{
    const heuristic_impl *heuristic = a->heuristic;
    search_budget *budget = search->budget;
    open_init(&a->open, budget, is_wide);
    int status = heuristic->create(search, &a->hctx);
    if (status != SLIDE_OK) {
        if (!search->stats->note[0]) /* the heuristic may have said why itself */
            search_note_remedy(search, SLIDE_REMEDY_HEURISTIC_LINEAR,
                               "astar could not set up heuristic %s (%s)", heuristic->info.name,
                               slide_strerror(status));
        return status;
    }
    a->made = 1;
    status = is_wide ? state_map_init_wide(&a->seen, budget, &seen_kind, 0)
                     : state_map_init(&a->seen, budget, &seen_kind, 0);
    a->headed = is_wide && search->weight > IDA_WEIGHT_ONE;
    *h0 = 0;
    if (status == SLIDE_OK)
        *h0 = is_wide ? heuristic->estimate_wide(a->hctx, start)
                      : heuristic->estimate(a->hctx, start.lo);
    if (status == SLIDE_OK)
        status = seen_improve(&a->seen, start, 0, STATE_MAP_ROOT_MOVE, is_wide) < 0 ? budget->status
                                                                                    : SLIDE_OK;
    anytime_init(&a->best, search);
    if (a->best.weight != IDA_WEIGHT_ONE)
        search->stats->weight = (double)a->best.weight / IDA_WEIGHT_ONE;
    /*
     * Pattern databases above 16 cells: the open list keeps each state's
     * table entries (pdb_walk_values), each expansion resumes a walk at its
     * state with them (pdb/walk.h) and places only the groups its children
     * move, and a child's estimate re-reads only the moved tile's group,
     * one entry a side instead of every group's.
     */
    a->set = status == SLIDE_OK && is_wide && heuristic->pattern_databases
                 ? heuristic->pattern_databases(a->hctx)
                 : NULL;
    a->walking = 0;
    if (a->set) {
        pdb_walk_start_wide(&a->walk, a->set, start);
        a->walking = a->walk.incremental;
        if (a->walking) {
            a->open.stride = (size_t)(a->walk.sides * a->set->count);
            pdb_walk_values(&a->walk, a->values);
        }
    }
    a->node_cap = search->node_cap;
    if (status == SLIDE_OK)
        status = open_push(&a->open, start, weighted_f(&a->best, 0, *h0), 0, *h0,
                           STATE_MAP_ROOT_MOVE, a->values);
    return status;
}

/*
 * Whether the search stops before expanding another state, on its caps:
 * with an answer in hand once ASTAR_ANYTIME_EXPANSIONS are spent, or with
 * a budget (search_task.improve_until) once it is spent too (status
 * stays SLIDE_OK); without one once the first answer's cap is spent, after
 * the rescue (see the top) when weighted (*status IDA_NODE_CAP, for auto's
 * ladder).  Returns 1 to stop, with *status.  Inlined as the loop's own
 * test was: it runs before every expansion.
 */
static ALWAYS_INLINE int astar_capped(astar_search *a, int *status)
{
    search_task *search = a->search;
    slide_stats *stats = search->stats;
    anytime *best = &a->best;
    if (anytime_has(best)) {
        if (stats->expanded < ASTAR_ANYTIME_EXPANSIONS)
            return 0;
        if (!search->improve_until)
            return 1;
        /* a budget: past the usual expansions, as many as it allows */
        return (stats->expanded & 4095) == 0 && monotonic_now() >= search->improve_until;
    }
    if (!search->node_cap || stats->expanded < a->node_cap)
        return 0;
    if (best->weight > IDA_WEIGHT_ONE && best->key_weight < ASTAR_RESCUE_WEIGHT) {
        /*
         * No answer within the cap: the list is ordered by a larger weight
         * and the search goes on from where it stands, which answers sooner
         * and shorter than the ladder starting over.  Only weighted: at
         * weight 1 the answer must stay optimal.
         */
        double rescue = (double)ASTAR_RESCUE_WEIGHT / IDA_WEIGHT_ONE;
        search_note(
            search, "astar at weight %g had no answer within %llu expansions; went on at weight %g",
            (double)best->key_weight / IDA_WEIGHT_ONE, (unsigned long long)a->node_cap, rescue);
        best->key_weight = ASTAR_RESCUE_WEIGHT;
        stats->weight = rescue;
        a->node_cap += search->node_cap;
        *status = open_rekey(&a->open, best);
        if (*status != SLIDE_OK)
            return 1;
    }
    if (stats->expanded >= a->node_cap) {
        *status = IDA_NODE_CAP; /* auto's cap on the first answer: it asks the ladder instead */
        return 1;
    }
    return 0;
}

/*
 * Ends the search that stopped with status, the last f taken f: the
 * states given back first (so that the answer has room), then the answer
 * in hand pushed, or the note of why there is none.  Returns the status.
 */
static int astar_finish(astar_search *a, int status, unsigned f)
{
    search_task *search = a->search;
    search_budget *budget = search->budget;
    anytime *best = &a->best;
    const char *limit = status == SLIDE_E_MEMLIMIT    ? "hit the memory cap"
                        : status == SLIDE_E_CANCELLED ? "was cancelled"
                                                      : "ran out of time";
    size_t stored = a->seen.count;
    open_free(&a->open);
    state_map_free(&a->seen);
    if (anytime_has(best) && (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT ||
                              (status == SLIDE_E_CANCELLED && search->improve_until))) {
        /* a limit after the first answer: the shortest found is the answer (not proven) */
        search_note(search,
                    "astar at weight %.3g %s after storing %zu states; answered with the "
                    "shortest found",
                    (double)best->key_weight / IDA_WEIGHT_ONE, limit, stored);
        budget->status = SLIDE_OK;
        status = SLIDE_OK;
    }
    if (status == SLIDE_OK && !anytime_has(best))
        status = SLIDE_E_INTERNAL; /* parity said solvable, so the goal must be reachable */
    else if (status == SLIDE_OK && best->path)
        status = move_list_append(search->moves, best->path, best->length); /* weighted */
    else if ((status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT) &&
             best->weight == IDA_WEIGHT_ONE)
        search_note_remedy(
            search, SLIDE_REMEDY_ALGO_IDASTAR,
            "astar (%s) %s after storing %zu states; the answer is at least %u moves",
            a->heuristic->info.name, limit, stored, f);
    else if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT)
        search_note_remedy(
            search, SLIDE_REMEDY_ALGO_IDASTAR,
            "astar (%s) at weight %.3g %s after storing %zu states, before an answer",
            a->heuristic->info.name, (double)best->weight / IDA_WEIGHT_ONE, limit, stored);
    budget_free(budget, best->buffer, best->buffer ? ANYTIME_BUFFER_BYTES : 0);
    if (a->hctx)
        a->heuristic->destroy(a->hctx, budget);
    return status;
}

/*
 * The search, for either width: is_wide is a constant at both call sites,
 * so each gets the code of its width only (a packed search carries the
 * high word as 0 and never reads it).
 */
static ALWAYS_INLINE int astar_run(search_task *search, int is_wide)
{
    search_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    const char *name = search->heuristic ? search->heuristic : "manhattan";
    astar_search a;
    memset(&a, 0, sizeof a);
    a.search = search;
    a.heuristic = heuristic_find(name);
    if (!a.heuristic) {
        search_note(search, "astar has no heuristic '%.40s'", name);
        return SLIDE_E_UNKNOWN_HEURISTIC;
    }
    stats->heuristic = a.heuristic->info.name;
    state128 start = search->start_wide;
    a.goal = search->goal_wide;
    if (!is_wide) {
        start.lo = search->start_state;
        a.goal.lo = search->goal_state;
    }
    if (state128_equal(start, a.goal))
        return SLIDE_OK;
    unsigned h0 = 0;
    int status = astar_begin(&a, search, start, is_wide, &h0);
    if (!a.made)
        return status;
    /* the search's constants in locals: read after every store through a byte otherwise */
    const geometry *shape = &search->shape;
    const heuristic_impl *heuristic = a.heuristic;
    void *hctx = a.hctx;
    const pdb_set *set = a.set;
    int walking = a.walking, headed = a.headed;
    state128 goal = a.goal;
    uint8_t child_values[4][2 * PDB_MAX_GROUPS];
    unsigned f = h0, g = 0;
    while (status == SLIDE_OK && a.open.size > 0) {
        open_item e = open_pop(&a.open, &f, &g, a.values);
        if (seen_g(&a.seen, e.state, is_wide) != g)
            continue; /* stale: a shorter path to this state was found after the push */
        if (g + e.h >= a.best.length)
            continue; /* nothing through it is shorter than the answer in hand */
        if (is_wide ? state128_equal(e.state, goal) : e.state.lo == goal.lo) {
            status = anytime_keep(&a.best, &a.seen, shape, e.state, g);
            if (a.best.weight == IDA_WEIGHT_ONE)
                break; /* at weight 1 the first goal taken is a shortest answer */
            continue;
        }
        if (astar_capped(&a, &status))
            break;
        if (headed && a.seen.count >= ASTAR_HEADED_STATES) {
            seen_reserve(&a.seen, budget);
            headed = 0;
        }
        stats->expanded++;
        if ((stats->expanded & 4095) == 0 && budget_expired(budget)) {
            status = budget->status;
            break;
        }
        /*
         * The expansion: the children first, their map slots (and table
         * entries, on the walk) asked for before any is read, so that the
         * misses overlap; then each child estimated, and pushed when it
         * improves on the map's g for it and may lead to an answer shorter
         * than the one in hand.
         */
        int blank =
            is_wide ? state128_blank(e.state, shape->cells) : state_blank(e.state.lo, shape->cells);
        int back = e.move == STATE_MAP_ROOT_MOVE ? -1 : move_inverse(e.move);
        state128 children[4];
        unsigned tiles[4];
        int targets[4], moves[4], count = 0;
        unsigned touched[2] = {0, 0};
        for (int m = 0; m < 4; m++) {
            int target = shape->neighbour[blank][m];
            if (target < 0 || m == back)
                continue;
            state128 child = e.state;
            if (is_wide) {
                tiles[count] = state128_get(e.state, target);
                child = state128_swap(e.state, blank, target);
                state_map_prefetch_wide(&a.seen, child);
            } else {
                tiles[count] = state_get(e.state.lo, target);
                child.lo = state_swap(e.state.lo, blank, target);
            }
            if (walking) {
                touched[0] |= 1u << set->group_of[tiles[count]];
                touched[1] |= 1u << set->mirror_group_of[tiles[count]];
            }
            children[count] = child;
            targets[count] = target;
            moves[count++] = m;
        }
        pdb_step steps[4];
        if (walking) {
            pdb_walk_resume_wide(&a.walk, e.state, e.h, a.values, touched);
            for (int i = 0; i < count; i++)
                pdb_walk_locate(&a.walk, tiles[i], (unsigned)targets[i], (unsigned)blank,
                                &steps[i]);
        }
        for (int i = 0; i < count && status == SLIDE_OK; i++) {
            state128 child = children[i];
            stats->generated++;
            unsigned child_h;
            if (walking)
                child_h = pdb_walk_read(&a.walk, &steps[i]);
            else if (heuristic->delta)
                child_h =
                    (unsigned)((int)e.h + heuristic->delta(hctx, tiles[i], targets[i], blank));
            else
                child_h = is_wide ? heuristic->estimate_wide(hctx, child)
                                  : heuristic->estimate(hctx, child.lo);
            if (g + 1 + child_h >= a.best.length)
                continue;
            int improved = seen_improve(&a.seen, child, g + 1, moves[i], is_wide);
            if (improved < 0) {
                status = improved;
            } else if (improved) {
                if (walking) {
                    memcpy(child_values[i], a.values, a.open.stride);
                    pdb_step_values(&a.walk, &steps[i], child_values[i]);
                }
                status = open_push(&a.open, child, weighted_f(&a.best, g + 1, child_h), g + 1,
                                   child_h, moves[i], child_values[i]);
            }
        }
    }
    return astar_finish(&a, status, f);
}

int astar_solve(search_task *search)
{
    if (search->shape.cells > SLIDE_MAX_PACKED_CELLS)
        return astar_run(search, 1);
    return astar_run(search, 0);
}
