/*
 * astar_open.h - A*'s open list (astar.c): a bucket queue on (f, g), or
 * with SLIDE_ASTAR_BINARY_HEAP the binary heap it was measured against.
 * Included by astar.c alone, whose loop calls these for every state: they
 * are static as they were there, so the compiler weighs their inlining
 * as before (marked inline, it inlines differently).
 */
#ifndef SLIDE_SEARCH_ASTAR_OPEN_H
#define SLIDE_SEARCH_ASTAR_OPEN_H

#include "core/core.h"

#define NO_ENTRY UINT32_MAX

/* ------------------------------------------------------------- open list */

/* One open state: its f and g are the bucket it sits in (or the heap key). */
typedef struct open_entry {
    state64 state; /* a wide state's low word */
    uint32_t link; /* next entry in the bucket, or heap key (f << 16 | 0xffff - g) */
    uint16_t h;    /* its estimate (f is g + h only at weight 1) */
    uint8_t move;  /* the move that reached it, so its parent is not generated again */
} open_entry;

/* What open_pop hands back. */
typedef struct open_item {
    state128 state; /* hi 0 in a packed search */
    unsigned h;
    uint8_t move;
} open_item;

typedef struct open_list {
    open_entry *entries;
    int wide;       /* states are state128: high holds their high words */
    uint64_t *high; /* entry i's high word, in a wide search */
    size_t high_cap;
    /*
     * Entry i's pattern database entries (pdb_walk_values) at i * stride,
     * in a search that walks the tables; stride 0 otherwise.
     */
    uint8_t *values;
    size_t stride, values_cap;
    size_t cap;
    size_t size; /* entries in the list */
    search_budget *budget;
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
    if (q->stride && q->values_cap < cap) {
        uint8_t *values =
            budget_realloc(q->budget, q->values, q->values_cap * q->stride, cap * q->stride);
        if (!values)
            return q->budget->status;
        q->values = values;
        q->values_cap = cap;
    }
    if (q->wide && q->high_cap < cap) {
        uint64_t *high =
            budget_realloc(q->budget, q->high, q->high_cap * sizeof *high, cap * sizeof *high);
        if (!high)
            return q->budget->status;
        q->high = high;
        q->high_cap = cap;
    }
    open_entry *bigger =
        budget_realloc(q->budget, q->entries, q->cap * sizeof *bigger, cap * sizeof *bigger);
    if (!bigger)
        return q->budget->status;
    q->entries = bigger;
    q->cap = cap;
    return SLIDE_OK;
}

/* Frees the entries (and high words) of either kind of open list. */
static void open_free_entries(open_list *q)
{
    budget_free(q->budget, q->entries, q->cap * sizeof *q->entries);
    budget_free(q->budget, q->high, q->high_cap * sizeof *q->high);
    budget_free(q->budget, q->values, q->values_cap * q->stride);
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
    open_free_entries(q);
    budget_free(q->budget, q->heads, bucket_bytes(q->f_cap));
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
    uint32_t *heads = budget_alloc(q->budget, bucket_bytes(cap));
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
    budget_free(q->budget, q->heads, bucket_bytes(q->f_cap));
    q->heads = heads;
    q->counts = counts;
    q->top_g = top_g;
    q->f_cap = cap;
    return SLIDE_OK;
}

/* Puts entry e on top of bucket (f, g), which open_cover made room for. */
static void bucket_link(open_list *q, uint32_t e, unsigned f, unsigned g)
{
    size_t b = bucket_index(f, g);
    q->entries[e].link = q->heads[b];
    q->heads[b] = e;
    q->counts[f]++;
    if (g > q->top_g[f])
        q->top_g[f] = (uint16_t)g;
    if (f < q->f_min)
        q->f_min = f;
}

static int open_push(open_list *q, state128 s, unsigned f, unsigned g, unsigned h, int move,
                     const uint8_t *values)
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
    q->entries[e].state = s.lo;
    if (q->wide)
        q->high[e] = s.hi;
    if (q->stride)
        memcpy(q->values + e * q->stride, values, q->stride);
    q->entries[e].h = (uint16_t)h;
    q->entries[e].move = (uint8_t)move;
    bucket_link(q, e, f, g);
    q->size++;
    return SLIDE_OK;
}

/*
 * Takes the entry of least f, then greatest g, its values copied to
 * values_out.  The list must not be empty.
 */
static open_item open_pop(open_list *q, unsigned *f_out, unsigned *g_out, uint8_t *values_out)
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
    open_item item = {{entry.state, q->wide ? q->high[e] : 0}, entry.h, entry.move};
    if (q->stride)
        memcpy(values_out, q->values + e * q->stride, q->stride);
    q->heads[b] = entry.link;
    q->entries[e].link = q->free;
    q->free = e;
    q->counts[f]--;
    q->size--;
    *f_out = f;
    *g_out = g;
    return item;
}

static int open_init(open_list *q, search_budget *budget, int wide)
{
    memset(q, 0, sizeof *q);
    q->budget = budget;
    q->wide = wide;
    q->free = NO_ENTRY;
    q->f_min = UINT32_MAX;
    return SLIDE_OK;
}

#else /* SLIDE_ASTAR_BINARY_HEAP: a binary min-heap on (f, -g) */

static int open_init(open_list *q, search_budget *budget, int wide)
{
    memset(q, 0, sizeof *q);
    q->budget = budget;
    q->wide = wide;
    return SLIDE_OK;
}

static void open_free(open_list *q)
{
    open_free_entries(q);
}

/* Moves heap entry `from` (with its high word and values) to slot `to`. */
static void heap_move(open_list *q, size_t to, size_t from)
{
    if (to == from)
        return; /* the last entry popped, or one kept in place by open_rekey */
    q->entries[to] = q->entries[from];
    if (q->wide)
        q->high[to] = q->high[from];
    if (q->stride)
        memcpy(q->values + to * q->stride, q->values + from * q->stride, q->stride);
}

/* Swaps heap entries i and j (with their high words and values). */
static void heap_swap(open_list *q, size_t i, size_t j)
{
    open_entry entry = q->entries[i];
    q->entries[i] = q->entries[j];
    q->entries[j] = entry;
    if (q->wide) {
        uint64_t high = q->high[i];
        q->high[i] = q->high[j];
        q->high[j] = high;
    }
    for (size_t b = 0; b < q->stride; b++) {
        uint8_t v = q->values[i * q->stride + b];
        q->values[i * q->stride + b] = q->values[j * q->stride + b];
        q->values[j * q->stride + b] = v;
    }
}

static int open_push(open_list *q, state128 s, unsigned f, unsigned g, unsigned h, int move,
                     const uint8_t *values)
{
    int status = open_reserve_entry(q);
    if (status != SLIDE_OK)
        return status;
    open_entry entry = {s.lo, (uint32_t)(f << 16 | (0xffffu - g)), (uint16_t)h, (uint8_t)move};
    size_t i = q->size++;
    while (i > 0 && q->entries[(i - 1) / 2].link > entry.link) {
        heap_move(q, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
    q->entries[i] = entry;
    if (q->wide)
        q->high[i] = s.hi;
    if (q->stride)
        memcpy(q->values + i * q->stride, values, q->stride);
    return SLIDE_OK;
}

static open_item open_pop(open_list *q, unsigned *f_out, unsigned *g_out, uint8_t *values_out)
{
    open_entry top = q->entries[0];
    open_item item = {{top.state, q->wide ? q->high[0] : 0}, top.h, top.move};
    if (q->stride)
        memcpy(values_out, q->values, q->stride);
    size_t last = --q->size, i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= q->size)
            break;
        if (child + 1 < q->size && q->entries[child + 1].link < q->entries[child].link)
            child++;
        if (q->entries[child].link >= q->entries[last].link)
            break;
        heap_move(q, i, child);
        i = child;
    }
    heap_move(q, i, last);
    *f_out = top.link >> 16;
    *g_out = 0xffffu - (top.link & 0xffffu);
    return item;
}

#endif

#endif /* SLIDE_SEARCH_ASTAR_OPEN_H */
