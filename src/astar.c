/*
 * astar.c - A* over packed states (--algo astar).
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
 * Seen table: every state generated, keyed on the 64-bit state, with the
 * smallest g found so far and the move that reached it.  A neighbour is
 * pushed only when it improves on that g, so the open list holds no more
 * than one entry per (state, g); an entry whose g is no longer the state's
 * best is stale and skipped on pop.  This is the closed set too: a state is
 * closed once the entry with its best g has been expanded.
 *
 * Optimality.  Both heuristics in the table are consistent (h changes by
 * exactly one per move; see heuristic.c and heuristic_linear.c), so the
 * first expansion of a state already has its optimal g and no state is
 * expanded twice.  The search does not rely on that: should a heuristic be
 * merely admissible, a shorter path to an expanded state lowers its g and
 * pushes it again (it is reopened), and the goal is only accepted when it
 * is popped, so the answer stays optimal for any admissible heuristic.
 * Parent moves point to a state whose stored g is smaller, so the path
 * traced back from the goal ends at the start and has g(goal) moves.
 */
#include "internal.h"

#define ROOT_MOVE 4
#define NO_ENTRY UINT32_MAX

/* ------------------------------------------------------------ seen table */

/*
 * State -> (g << 3 | move), open addressing with linear probing, doubled at
 * 3/4 load; the same layout as slide_table with a 16-bit value for g.
 */
typedef struct seen_table {
    slide_state *keys;
    uint16_t *values;
    size_t mask;
    size_t count;
    slide_budget *budget;
} seen_table;

static size_t seen_bytes(size_t slots)
{
    return slots * (sizeof(slide_state) + sizeof(uint16_t));
}

static int seen_allocate(seen_table *t, size_t slots)
{
    t->keys = slide_budget_calloc(t->budget, slots, sizeof *t->keys);
    if (!t->keys)
        return t->budget->status;
    t->values = slide_budget_alloc(t->budget, slots * sizeof *t->values);
    if (!t->values) {
        slide_budget_free(t->budget, t->keys, slots * sizeof *t->keys);
        t->keys = NULL;
        return t->budget->status;
    }
    t->mask = slots - 1;
    t->count = 0;
    return SLIDE_OK;
}

static void seen_free(seen_table *t)
{
    if (t->keys) {
        slide_budget_free(t->budget, t->keys, (t->mask + 1) * sizeof *t->keys);
        slide_budget_free(t->budget, t->values, (t->mask + 1) * sizeof *t->values);
    }
    t->keys = NULL;
    t->values = NULL;
}

static size_t seen_slot(const seen_table *t, slide_state key)
{
    size_t i = (size_t)slide_hash64(key) & t->mask;
    while (t->keys[i] != key && t->keys[i] != 0)
        i = (i + 1) & t->mask;
    return i;
}

static int seen_grow(seen_table *t)
{
    seen_table old = *t;
    size_t slots = (t->mask + 1) * 2;
    if (seen_bytes(slots) > t->budget->cap)
        return t->budget->status = SLIDE_E_MEMLIMIT;
    int status = seen_allocate(t, slots);
    if (status != SLIDE_OK) {
        *t = old;
        return status;
    }
    for (size_t i = 0; i <= old.mask; i++) {
        if (old.keys[i]) {
            size_t j = seen_slot(t, old.keys[i]);
            t->keys[j] = old.keys[i];
            t->values[j] = old.values[i];
            t->count++;
        }
    }
    seen_free(&old);
    return SLIDE_OK;
}

/*
 * Records that key is reached in g moves by `move`, unless it was already
 * reached in g moves or fewer.  Returns 1 when recorded (the caller pushes
 * it), 0 when not, or a negative status when the table could not grow.
 */
static int seen_improve(seen_table *t, slide_state key, unsigned g, int move)
{
    size_t i = seen_slot(t, key);
    if (t->keys[i] == key) {
        if ((unsigned)(t->values[i] >> 3) <= g)
            return 0;
        t->values[i] = (uint16_t)(g << 3 | (unsigned)move);
        return 1;
    }
    if (t->count + 1 > (t->mask + 1) / 2) {
        int status = seen_grow(t);
        if (status != SLIDE_OK)
            return status;
        i = seen_slot(t, key);
    }
    t->keys[i] = key;
    t->values[i] = (uint16_t)(g << 3 | (unsigned)move);
    t->count++;
    return 1;
}

/* The stored g of key, which must be present. */
static unsigned seen_g(const seen_table *t, slide_state key)
{
    return t->values[seen_slot(t, key)] >> 3;
}

/*
 * Pushes the moves start -> end by following parent moves back from end.
 * Returns SLIDE_OK, the budget's status, or SLIDE_E_INTERNAL when a state
 * on the way is missing (cannot happen, see the file comment).
 */
static int seen_trace(const seen_table *t, const slide_shape *shape, slide_state end,
                      slide_moves *out)
{
    unsigned length = seen_g(t, end);
    char *path = slide_budget_alloc(t->budget, length + 1);
    if (!path)
        return t->budget->status;
    size_t len = 0;
    slide_state s = end;
    int status = SLIDE_OK;
    for (;;) {
        size_t i = seen_slot(t, s);
        int move = t->values[i] & 7;
        if (t->keys[i] != s || len > length) {
            status = SLIDE_E_INTERNAL;
            break;
        }
        if (move == ROOT_MOVE)
            break;
        path[len++] = (char)move;
        int blank = slide_state_blank(s, shape->cells);
        s = slide_state_swap(s, blank, shape->neighbour[blank][slide_move_inverse(move)]);
    }
    for (size_t k = len; k > 0 && status == SLIDE_OK; k--)
        status = slide_moves_push(out, slide_move_letters[(int)path[k - 1]]);
    slide_budget_free(t->budget, path, length + 1);
    return status;
}

/* ------------------------------------------------------------- open list */

/* One open state: its f and g are the bucket it sits in (or the heap key). */
typedef struct open_entry {
    slide_state state;
    uint32_t link; /* next entry in the bucket, or heap key (f << 16 | 0xffff - g) */
    uint8_t move;  /* the move that reached it, so its parent is not generated again */
} open_entry;

typedef struct open_list {
    open_entry *entries;
    size_t cap;
    size_t size; /* entries in the list */
    slide_budget *budget;
#ifndef SLIDE_ASTAR_BINARY_HEAP
    size_t used;      /* entries[0..used) have been handed out */
    uint32_t free;    /* popped entries, linked through .link */
    uint32_t *heads;  /* bucket (f, g) at f * (f + 1) / 2 + g: its top entry */
    uint32_t *counts; /* entries per f (in the block of heads) */
    uint16_t *top_g;  /* per f: no bucket above this g is occupied (same block) */
    unsigned f_cap;   /* heads covers f < f_cap */
    unsigned f_min;   /* no entry has a smaller f */
#endif
} open_list;

static int open_reserve_entry(open_list *q)
{
    if (q->size < q->cap)
        return SLIDE_OK;
    size_t cap = q->cap ? q->cap * 2 : 1024;
    if (cap >= NO_ENTRY)
        return q->budget->status = SLIDE_E_MEMLIMIT;
    open_entry *bigger =
        slide_budget_realloc(q->budget, q->entries, q->cap * sizeof *bigger, cap * sizeof *bigger);
    if (!bigger)
        return q->budget->status;
    q->entries = bigger;
    q->cap = cap;
    return SLIDE_OK;
}

#ifndef SLIDE_ASTAR_BINARY_HEAP

static size_t bucket_index(unsigned f, unsigned g)
{
    return (size_t)f * (f + 1) / 2 + g;
}

/* Bytes of the one block that holds heads, counts and top_g for f < f_cap. */
static size_t bucket_bytes(unsigned f_cap)
{
    return bucket_index(f_cap, 0) * sizeof(uint32_t) +
           f_cap * (sizeof(uint32_t) + sizeof(uint16_t));
}

static void open_free(open_list *q)
{
    slide_budget_free(q->budget, q->entries, q->cap * sizeof *q->entries);
    slide_budget_free(q->budget, q->heads, bucket_bytes(q->f_cap));
}

/*
 * Makes room for buckets up to f (new buckets start empty).  heads, counts
 * and top_g share one block, moved to a larger one as f grows.
 */
static int open_cover(open_list *q, unsigned f)
{
    if (f < q->f_cap)
        return SLIDE_OK;
    unsigned cap = q->f_cap ? q->f_cap : 32;
    while (cap <= f)
        cap *= 2;
    if (cap > 0x2000)
        return SLIDE_E_INTERNAL; /* g is stored in 13 bits; no packed board comes near */
    uint32_t *heads = slide_budget_alloc(q->budget, bucket_bytes(cap));
    if (!heads)
        return q->budget->status;
    size_t old_heads = bucket_index(q->f_cap, 0), new_heads = bucket_index(cap, 0);
    uint32_t *counts = heads + new_heads;
    uint16_t *top_g = (uint16_t *)(counts + cap);
    if (q->f_cap) {
        memcpy(heads, q->heads, old_heads * sizeof *heads);
        memcpy(counts, q->counts, q->f_cap * sizeof *counts);
        memcpy(top_g, q->top_g, q->f_cap * sizeof *top_g);
    }
    memset(heads + old_heads, 0xff, (new_heads - old_heads) * sizeof *heads);
    memset(counts + q->f_cap, 0, (cap - q->f_cap) * sizeof *counts);
    memset(top_g + q->f_cap, 0, (cap - q->f_cap) * sizeof *top_g);
    slide_budget_free(q->budget, q->heads, bucket_bytes(q->f_cap));
    q->heads = heads;
    q->counts = counts;
    q->top_g = top_g;
    q->f_cap = cap;
    return SLIDE_OK;
}

static int open_push(open_list *q, slide_state s, unsigned f, unsigned g, int move)
{
    int status = open_cover(q, f);
    if (status != SLIDE_OK)
        return status;
    uint32_t e;
    if (q->free != NO_ENTRY) {
        e = q->free;
        q->free = q->entries[e].link;
    } else {
        status = open_reserve_entry(q);
        if (status != SLIDE_OK)
            return status;
        e = (uint32_t)q->used++;
    }
    size_t b = bucket_index(f, g);
    q->entries[e].state = s;
    q->entries[e].move = (uint8_t)move;
    q->entries[e].link = q->heads[b];
    q->heads[b] = e;
    q->counts[f]++;
    if (g > q->top_g[f])
        q->top_g[f] = (uint16_t)g;
    if (f < q->f_min)
        q->f_min = f;
    q->size++;
    return SLIDE_OK;
}

/* Takes the entry of least f, then greatest g.  The list must not be empty. */
static open_entry open_pop(open_list *q, unsigned *f_out, unsigned *g_out)
{
    unsigned f = q->f_min;
    while (q->counts[f] == 0)
        f++;
    q->f_min = f;
    unsigned g = q->top_g[f];
    size_t b = bucket_index(f, g);
    while (q->heads[b] == NO_ENTRY)
        b--, g--;
    q->top_g[f] = (uint16_t)g;
    uint32_t e = q->heads[b];
    open_entry entry = q->entries[e];
    q->heads[b] = entry.link;
    q->entries[e].link = q->free;
    q->free = e;
    q->counts[f]--;
    q->size--;
    *f_out = f;
    *g_out = g;
    return entry;
}

static int open_init(open_list *q, slide_budget *budget)
{
    memset(q, 0, sizeof *q);
    q->budget = budget;
    q->free = NO_ENTRY;
    q->f_min = UINT32_MAX;
    return SLIDE_OK;
}

#else /* SLIDE_ASTAR_BINARY_HEAP: a binary min-heap on (f, -g) */

static int open_init(open_list *q, slide_budget *budget)
{
    memset(q, 0, sizeof *q);
    q->budget = budget;
    return SLIDE_OK;
}

static void open_free(open_list *q)
{
    slide_budget_free(q->budget, q->entries, q->cap * sizeof *q->entries);
}

static int open_push(open_list *q, slide_state s, unsigned f, unsigned g, int move)
{
    int status = open_reserve_entry(q);
    if (status != SLIDE_OK)
        return status;
    open_entry entry = {s, (uint32_t)(f << 16 | (0xffffu - g)), (uint8_t)move};
    size_t i = q->size++;
    while (i > 0 && q->entries[(i - 1) / 2].link > entry.link) {
        q->entries[i] = q->entries[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->entries[i] = entry;
    return SLIDE_OK;
}

static open_entry open_pop(open_list *q, unsigned *f_out, unsigned *g_out)
{
    open_entry top = q->entries[0], last = q->entries[--q->size];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= q->size)
            break;
        if (child + 1 < q->size && q->entries[child + 1].link < q->entries[child].link)
            child++;
        if (q->entries[child].link >= last.link)
            break;
        q->entries[i] = q->entries[child];
        i = child;
    }
    q->entries[i] = last;
    *f_out = top.link >> 16;
    *g_out = 0xffffu - (top.link & 0xffffu);
    return top;
}

#endif

/* ---------------------------------------------------------------- search */

int slide_astar_solve(slide_search *search)
{
    const slide_shape *shape = &search->shape;
    slide_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    const char *name = search->heuristic ? search->heuristic : "manhattan";
    const slide_heuristic *heuristic = slide_heuristic_find(name);
    if (!heuristic) {
        slide_note(search, "astar has no heuristic '%.40s'", name);
        return SLIDE_E_UNKNOWN_HEURISTIC;
    }
    stats->heuristic = heuristic->info.name;
    if (search->start_state == search->goal_state)
        return SLIDE_OK;

    void *hctx = NULL;
    seen_table seen = {NULL, NULL, 0, 0, budget};
    open_list open;
    open_init(&open, budget);
    int status = heuristic->create(search, &hctx);
    if (status != SLIDE_OK) {
        if (!stats->note[0]) /* the heuristic may have said why itself */
            slide_note(search, "astar could not set up heuristic %s (%s); try --heuristic linear",
                       heuristic->info.name, slide_strerror(status));
        return status;
    }
    status = seen_allocate(&seen, 1024);
    unsigned h0 = status == SLIDE_OK ? heuristic->estimate(hctx, search->start_state) : 0;
    if (status == SLIDE_OK)
        status =
            seen_improve(&seen, search->start_state, 0, ROOT_MOVE) < 0 ? budget->status : SLIDE_OK;
    if (status == SLIDE_OK)
        status = open_push(&open, search->start_state, h0, 0, ROOT_MOVE);

    unsigned f = h0, g = 0;
    int found = 0;
    while (status == SLIDE_OK && open.size > 0) {
        open_entry e = open_pop(&open, &f, &g);
        if (seen_g(&seen, e.state) != g)
            continue; /* stale: a shorter path to this state was found after the push */
        if (e.state == search->goal_state) {
            found = 1;
            break;
        }
        stats->expanded++;
        if ((stats->expanded & 4095) == 0 && slide_budget_expired(budget)) {
            status = budget->status;
            break;
        }
        unsigned h = f - g;
        int blank = slide_state_blank(e.state, shape->cells);
        int back = e.move == ROOT_MOVE ? -1 : slide_move_inverse(e.move);
        for (int m = 0; m < 4; m++) {
            int target = shape->neighbour[blank][m];
            if (target < 0 || m == back)
                continue;
            slide_state child = slide_state_swap(e.state, blank, target);
            stats->generated++;
            unsigned child_h =
                heuristic->delta
                    ? (unsigned)((int)h + heuristic->delta(hctx, slide_state_get(e.state, target),
                                                           target, blank))
                    : heuristic->estimate(hctx, child);
            int improved = seen_improve(&seen, child, g + 1, m);
            if (improved < 0) {
                status = improved;
                break;
            }
            if (improved)
                status = open_push(&open, child, g + 1 + child_h, g + 1, m);
            if (status != SLIDE_OK)
                break;
        }
    }
    if (status == SLIDE_OK && found)
        status = seen_trace(&seen, shape, search->goal_state, search->moves);
    else if (status == SLIDE_OK)
        status = SLIDE_E_INTERNAL; /* parity said solvable, so the goal must be reachable */
    if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT)
        slide_note(search,
                   "astar (%s) %s after storing %zu states; the answer is at least %u moves; "
                   "try --algo idastar",
                   heuristic->info.name,
                   status == SLIDE_E_MEMLIMIT ? "hit the memory cap" : "ran out of time",
                   seen.count, f);
    open_free(&open);
    seen_free(&seen);
    if (hctx)
        heuristic->destroy(hctx, budget);
    return status;
}
