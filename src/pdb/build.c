/*
 * build.c - building one group's entries, the region tables of the lookups
 * (pdb_regions), and the reporter that carries build progress and notes.
 *
 * The build is a breadth-first search from the goal over abstract states:
 * the positions of the group's k tiles plus the region (connected set of
 * cells not holding a group tile) the blank is in.  Inside its region the
 * blank moves for free, so a move is a group tile sliding into an adjacent
 * cell of the blank's region, after which the blank stands where the tile
 * was.  A region is named by its lowest cell, ranked among the free cells,
 * so a state is one slot of (n-k) per placement.
 *
 * Layers are not kept as queues (the largest would need gigabytes for the
 * 15-puzzle's 8-tile group): every slot has two bits, 0 for unseen, 1 + depth
 * mod 2 while waiting in a layer, 3 once expanded, and layer d is found by
 * scanning for its code.  States found while expanding layer d carry the
 * other code, so one array serves every layer.  A
 * placement's table entry is written when the first of its states is
 * expanded, which happens at its smallest depth.
 *
 * Large groups are expanded by two threads, which claim chunks of
 * placements in turn: marks go in with atomic ORs (a field only ever goes
 * from 0 to a code, or from a code to 3), and each entry byte belongs to
 * one chunk.  Above 16 cells the region of a successor is flooded, where
 * smaller boards read it from a table of every set of open cells.  A value too
 * large for a nibble leaves its state open; the entries are widened to bytes
 * between layers and the layer finished.
 */
#include "pdb/pdb_internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Sends one note with its remedy. */
static void report_note(const pdb_reporter *r, int remedy, const char *fmt, va_list ap)
{
    char message[512];
    vsnprintf(message, sizeof message, fmt, ap);
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_NOTE;
    p.message = message;
    p.remedy = remedy;
    r->fn(r->ctx, &p);
}

void pdb_report_note(const pdb_reporter *r, const char *fmt, ...)
{
    if (!r || !r->fn)
        return;
    va_list ap;
    va_start(ap, fmt);
    report_note(r, SLIDE_REMEDY_NONE, fmt, ap);
    va_end(ap);
}

void pdb_report_note_remedy(const pdb_reporter *r, int remedy, const char *fmt, ...)
{
    if (!r || !r->fn)
        return;
    va_list ap;
    va_start(ap, fmt);
    report_note(r, remedy, fmt, ap);
    va_end(ap);
}

size_t pdb_entries_bytes(uint32_t entries, int bits)
{
    return bits == 4 ? ((size_t)entries + 1) / 2 : (size_t)entries;
}

size_t pdb_build_scratch(const pdb_set *set, int g)
{
    const pdb_group *t = &set->groups[g];
    uint64_t slots = (uint64_t)t->placements * (uint64_t)(set->shape.cells - t->size);
    return (size_t)((slots + 31) / 32 * sizeof(uint64_t));
}

/* Threads that expand a layer of a large group. */
#define PDB_BUILD_THREADS 2
/* expand()'s answer when a nibble cannot hold the entry (not a SLIDE_E_* status). */
#define PDB_OVERFLOW (-1000)

/* Placements are decoded in two parts: a prefix, cached, and a short tail read from a table. */
#define TAIL_DIGITS 3

typedef struct builder {
    const geometry *shape;
    const pdb_set *set;
    pdb_group *group;
    search_budget *budget;
    int n, k, free_cells;
    unsigned all_cells, not_first_col, not_last_col;
    uint64_t *slots; /* two bits a state */
    size_t slot_words;
    unsigned sentinel;
    uint32_t filled; /* entries written so far */
    uint8_t home_distance[SLIDE_MAX_WIDE_CELLS][SLIDE_MAX_WIDE_CELLS]; /* digit, cell */
    uint32_t neighbours[SLIDE_MAX_WIDE_CELLS]; /* cell -> mask of adjacent cells */
    uint32_t weight[SLIDE_MAX_WIDE_CELLS];     /* value of one unit of digit i */
    int tail;                                  /* digits decoded by tail_digits */
    uint32_t tail_span;                        /* product of the tail's bases */
    uint8_t (*tail_digits)[TAIL_DIGITS];       /* tail_span rows */
    /*
     * open mask -> for each open cell, the lowest cell of its region: 2^n
     * words, so only up to 16 cells; above, each successor's region is
     * flooded (NULL).
     */
    uint64_t *lowest;
    uint8_t select8[256][8]; /* byte -> its i-th set bit */
    /* the decoded placement: cells, digits, cells used before each tile */
    uint32_t prefix; /* placement / tail_span cached, or UINT32_MAX */
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    uint8_t digits[SLIDE_MAX_WIDE_CELLS];
    uint32_t used_before[SLIDE_MAX_WIDE_CELLS + 1];
} builder;

/* The cells reachable from seed through open cells (seed included). */
static unsigned flood(const builder *b, unsigned seed, unsigned open)
{
    unsigned region = seed, grown;
    int cols = b->shape->cols;
    for (;;) {
        grown = region | (((region << cols) | (region >> cols) |
                           ((region << 1) & b->not_first_col) | ((region >> 1) & b->not_last_col)) &
                          open);
        if (grown == region)
            return region;
        region = grown;
    }
}

/*
 * Fills b->lowest: for every set of open cells, each open cell's region
 * named by its lowest cell, a nibble a cell.  One lookup then replaces the
 * flood fill a successor would need (2^n entries, 512 KiB on 16 cells).
 */
static void fill_regions(uint64_t *lowest, const geometry *shape)
{
    unsigned adjacent[SLIDE_MAX_PACKED_CELLS] = {0};
    for (int c = 0; c < shape->cells; c++)
        for (int m = 0; m < 4; m++)
            if (shape->neighbour[c][m] >= 0)
                adjacent[c] |= 1u << shape->neighbour[c][m];
    for (size_t open = 0; open < ((size_t)1 << shape->cells); open++) {
        uint64_t names = 0;
        unsigned left = (unsigned)open;
        while (left) {
            unsigned seed = left & (0u - left), region = seed, frontier = seed;
            while (frontier) {
                unsigned c = (unsigned)__builtin_ctz(frontier);
                frontier &= frontier - 1;
                unsigned added = adjacent[c] & (unsigned)open & ~region;
                region |= added;
                frontier |= added;
            }
            uint64_t name = (uint64_t)__builtin_ctz(seed);
            for (unsigned cells = region; cells; cells &= cells - 1)
                names |= name << (4 * __builtin_ctz(cells));
            left &= ~region;
        }
        lowest[open] = names;
    }
}

static int regions_init(builder *b)
{
    if (b->n > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_OK; /* regions are flooded instead */
    b->lowest = budget_alloc(b->budget, sizeof(uint64_t) << b->n);
    if (!b->lowest)
        return b->budget->status;
    fill_regions(b->lowest, b->shape);
    return SLIDE_OK;
}

/* The region lookup of a shape (a context_cache_get build; arg the shape). */
static int build_regions(void *arg, search_budget *budget, void **data, size_t *size)
{
    const geometry *shape = arg;
    *size = sizeof(uint64_t) << shape->cells;
    uint64_t *lowest = budget_alloc(budget, *size);
    if (!lowest)
        return budget->status;
    fill_regions(lowest, shape);
    *data = lowest;
    return SLIDE_OK;
}

static void destroy_regions(void *data, size_t size, search_budget *budget)
{
    budget_free(budget, data, size);
}

int pdb_regions(pdb_set *set, search_budget *budget)
{
    int needed = 0;
    for (int g = 0; g < set->count; g++)
        needed |= set->groups[g].per_region;
    if (!needed || set->lowest)
        return SLIDE_OK;
    if (set->shape.cells > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_ARGUMENT; /* no entries per region there: the nibbles name 16 cells */
    if (set->context) {
        /* it depends on the shape alone: one for every goal of the context */
        uint8_t key[2] = {(uint8_t)set->shape.rows, (uint8_t)set->shape.cols};
        void *data;
        int status = context_cache_get(set->context, CACHE_PDB_REGIONS, key, sizeof key,
                                       build_regions, destroy_regions, &set->shape, &data);
        if (status != SLIDE_OK)
            return status;
        set->lowest = data;
        set->lowest_shared = 1;
        return SLIDE_OK;
    }
    size_t size;
    void *data = NULL;
    int status = build_regions(&set->shape, budget, &data, &size);
    if (status == SLIDE_OK)
        set->lowest = data;
    return status;
}

static unsigned select_bit(unsigned mask, unsigned index)
{
    while (index--)
        mask &= mask - 1;
    return (unsigned)__builtin_ctz(mask);
}

static void select_init(builder *b)
{
    for (unsigned byte = 0; byte < 256; byte++)
        for (unsigned i = 0; i < (unsigned)popcount16(byte); i++)
            b->select8[byte][i] = (uint8_t)select_bit(byte, i);
}

/* The index-th set bit of a mask of cells, a byte at a time (the loop above mispredicts). */
static unsigned select_cell(const builder *b, uint32_t mask, unsigned index)
{
    unsigned base = 0;
    for (;;) {
        unsigned byte = mask & 0xFFu, in_byte = popcount16(byte);
        if (index < in_byte)
            return base + b->select8[byte][index];
        index -= in_byte;
        mask >>= 8;
        base += 8;
    }
}

/* Precomputes digit weights and the tail table; SLIDE_OK or the budget's status. */
static int decoder_init(builder *b)
{
    uint32_t w = 1;
    for (int i = b->k - 1; i >= 0; i--) {
        b->weight[i] = w;
        w *= (uint32_t)(b->n - i);
    }
    b->tail = b->k < TAIL_DIGITS ? b->k : TAIL_DIGITS;
    b->tail_span = b->tail ? b->weight[b->k - b->tail] * (uint32_t)(b->n - (b->k - b->tail)) : 1;
    b->tail_digits = budget_alloc(b->budget, b->tail_span * sizeof *b->tail_digits);
    if (!b->tail_digits)
        return b->budget->status;
    for (uint32_t lo = 0; lo < b->tail_span; lo++) {
        uint32_t rest = lo;
        for (int j = b->tail - 1; j >= 0; j--) {
            uint32_t base = (uint32_t)(b->n - (b->k - b->tail + j));
            b->tail_digits[lo][j] = (uint8_t)(rest % base);
            rest /= base;
        }
    }
    b->prefix = UINT32_MAX;
    return SLIDE_OK;
}

/* Decodes placement into b->cells, b->digits and b->used_before. */
static void decode(builder *b, uint32_t placement)
{
    uint32_t prefix = placement / b->tail_span, lo = placement % b->tail_span;
    int head = b->k - b->tail;
    if (prefix != b->prefix) {
        uint32_t rest = prefix;
        for (int i = head - 1; i >= 0; i--) {
            uint32_t base = (uint32_t)(b->n - i);
            b->digits[i] = (uint8_t)(rest % base);
            rest /= base;
        }
        uint32_t used = 0;
        for (int i = 0; i < head; i++) {
            b->used_before[i] = used;
            unsigned c = select_cell(b, b->all_cells & ~used, b->digits[i]);
            b->cells[i] = (uint8_t)c;
            used |= 1u << c;
        }
        b->used_before[head] = used;
        b->prefix = prefix;
    }
    uint32_t used = b->used_before[head];
    for (int j = 0; j < b->tail; j++) {
        int i = head + j;
        b->digits[i] = b->tail_digits[lo][j];
        b->used_before[i] = used;
        unsigned c = select_cell(b, b->all_cells & ~used, b->digits[i]);
        b->cells[i] = (uint8_t)c;
        used |= 1u << c;
    }
    b->used_before[b->k] = used;
}

/*
 * The placement after tile i moves from cell a to cell to: digit i becomes
 * to's rank among the cells free before tile i, and each later tile whose
 * cell lies between a and to gains or loses one smaller used cell.
 */
static uint32_t moved_placement(const builder *b, uint32_t placement, int i, unsigned to)
{
    unsigned from = b->cells[i];
    int64_t index = placement;
    unsigned digit = to - popcount25(b->used_before[i] & ((1u << to) - 1));
    index += ((int64_t)digit - b->digits[i]) * b->weight[i];
    unsigned lo = from < to ? from : to, hi = from < to ? to : from;
    int64_t sign = from < to ? 1 : -1; /* a cell between them loses (or gains) one smaller cell */
    int64_t shift = 0;
    for (int j = i + 1; j < b->k; j++) /* branch-free: the test is a coin toss */
        shift += (int64_t)((unsigned)(b->cells[j] - lo - 1) < hi - lo - 1) * b->weight[j];
    index += sign * shift;
    return (uint32_t)index;
}

static uint64_t state_slot(const builder *b, uint32_t placement, unsigned open, unsigned region)
{
    unsigned lowest = region & (0u - region);
    return (uint64_t)placement * (uint64_t)b->free_cells + popcount25(open & (lowest - 1));
}

/*
 * Read with a relaxed atomic load: other workers of the layer mark the same
 * words with atomic ORs meanwhile, and a plain read of them would be a data
 * race.  A stale code only sends expand() to its fetch_or, which settles it;
 * on x86-64 and AArch64 the load is the same instruction as a plain one.
 */
static unsigned slot_code(const builder *b, uint64_t slot)
{
    return (unsigned)(__atomic_load_n(&b->slots[slot >> 5], __ATOMIC_RELAXED) >> ((slot & 31) * 2)) &
           3u;
}

static void slot_mark(builder *b, uint64_t slot, unsigned code)
{
    b->slots[slot >> 5] |= (uint64_t)code << ((slot & 31) * 2);
}

static unsigned entry_get(const pdb_group *t, uint32_t index)
{
    return pdb_entry(t, index);
}

static void entry_put(pdb_group *t, uint32_t index, unsigned value)
{
    if (t->entry_bits == 4) {
        unsigned shift = (index & 1) * 4;
        t->data[index >> 1] = (uint8_t)((t->data[index >> 1] & ~(15u << shift)) | (value << shift));
    } else {
        t->data[index] = (uint8_t)value;
    }
}

/* Widens nibble entries to bytes once a value no longer fits; sentinels stay sentinels. */
static int widen(builder *b)
{
    pdb_group *t = b->group;
    uint8_t *wide = budget_alloc(b->budget, t->entries);
    if (!wide)
        return b->budget->status;
    advise_huge_pages(wide, t->entries);
    for (uint32_t i = 0; i < t->entries; i++) {
        unsigned v = pdb_entry(t, i);
        wide[i] = (uint8_t)(v == 15 ? 255 : v);
    }
    budget_free(b->budget, t->data, t->bytes);
    t->data = wide;
    t->bytes = t->entries;
    t->entry_bits = 8;
    b->sentinel = 255;
    return SLIDE_OK;
}

/*
 * Expands one abstract state at depth: writes the placement's entry if this
 * is its first state expanded, and marks unseen successors with next_code.
 * Successor slots are computed first and prefetched, because on the large
 * groups nearly every one is a cache miss and they are independent.
 * Returns the number of new states, or a negative status.
 */
static long expand(builder *b, uint64_t slot, unsigned depth, unsigned next_code)
{
    uint32_t placement = (uint32_t)(slot / (uint64_t)b->free_cells);
    unsigned region_rank = (unsigned)(slot % (uint64_t)b->free_cells);
    decode(b, placement);
    unsigned occupied = b->used_before[b->k];
    unsigned open = b->all_cells & ~occupied;
    unsigned region = flood(b, 1u << select_cell(b, open, region_rank), open);

    uint32_t index = b->group->per_region ? (uint32_t)slot : placement;
    if (entry_get(b->group, index) == b->sentinel) {
        unsigned manhattan = 0;
        for (int i = 0; i < b->k; i++)
            manhattan += b->home_distance[i][b->cells[i]];
        unsigned value = (depth - manhattan) / 2;
        if (value >= b->sentinel)
            return b->sentinel == 255 ? SLIDE_E_INTERNAL /* no shape of 16 cells comes near */
                                      : PDB_OVERFLOW;
        entry_put(b->group, index, value);
        b->filled++;
    }

    uint64_t next[4 * SLIDE_MAX_WIDE_CELLS];
    int count = 0;
    for (int i = 0; i < b->k; i++) {
        unsigned from = b->cells[i];
        unsigned targets = b->neighbours[from] & region;
        while (targets) {
            unsigned to = (unsigned)__builtin_ctz(targets);
            targets &= targets - 1;
            unsigned next_open = open ^ (1u << to) ^ (1u << from);
            unsigned lowest = b->lowest ? (unsigned)(b->lowest[next_open] >> (4 * from)) & 15u
                                        : (unsigned)__builtin_ctz(flood(b, 1u << from, next_open));
            next[count] = (uint64_t)moved_placement(b, placement, i, to) * (uint64_t)b->free_cells +
                          popcount25(next_open & ((1u << lowest) - 1));
            __builtin_prefetch(&b->slots[next[count] >> 5]);
            count++;
        }
    }
    long found = 0;
    for (int j = 0; j < count; j++) {
        if (slot_code(b, next[j]) != 0)
            continue;
        /* another worker may mark the same word: only the one that set the field counts it */
        unsigned shift = (unsigned)(next[j] & 31) * 2;
        uint64_t old = __atomic_fetch_or(&b->slots[next[j] >> 5], (uint64_t)next_code << shift,
                                         __ATOMIC_RELAXED);
        found += ((old >> shift) & 3u) == 0;
    }
    return found;
}

/*
 * Placements a worker claims at a time: even, so no two workers write the
 * same entry byte, and small enough that a worker slowed by other work on
 * its core leaves the rest of the layer to the others (the 24-puzzle's
 * groups have 3,891 chunks).
 */
#define LAYER_CHUNK 32768u

/*
 * One worker of a layer: it claims chunks of placements in turn (next_chunk
 * is shared) and expands the states with code `code` in them.  States
 * whose entry would overflow a nibble are left open and counted in
 * overflowed.
 */
typedef struct layer_job {
    builder b; /* private decode cache and counters; the arrays are shared */
    uint32_t *next_chunk;
    unsigned depth, code, next_code;
    uint64_t found, overflowed;
    int status;
} layer_job;

/* The states of slots [first, end) with the job's code. */
static void run_range(layer_job *job, uint64_t first, uint64_t end)
{
    builder *b = &job->b;
    uint64_t pattern = 0x5555555555555555ull * job->code;
    size_t first_word = (size_t)(first >> 5), end_word = (size_t)((end + 31) >> 5);
    for (size_t w = first_word; w < end_word && job->status == SLIDE_OK; w++) {
        uint64_t x = __atomic_load_n(&b->slots[w], __ATOMIC_RELAXED) ^ pattern;
        uint64_t match = ~(x | (x >> 1)) & 0x5555555555555555ull;
        if (w == first_word && (first & 31))
            match &= ~0ull << ((first & 31) * 2);
        if (w == end_word - 1 && (end & 31))
            match &= ~0ull >> (64 - (end & 31) * 2);
        uint64_t closed = match;
        for (uint64_t left = match; left; left &= left - 1) {
            int bit = __builtin_ctzll(left);
            long got = expand(b, (uint64_t)w * 32 + (unsigned)bit / 2, job->depth, job->next_code);
            if (got == PDB_OVERFLOW) {
                closed &= ~(1ull << bit);
                job->overflowed++;
            } else if (got < 0) {
                job->status = (int)got;
                break;
            } else {
                job->found += (uint64_t)got;
            }
        }
        if (closed)
            __atomic_fetch_or(&b->slots[w], closed | (closed << 1), __ATOMIC_RELAXED);
    }
}

static void *run_layer(void *arg)
{
    layer_job *job = arg;
    uint32_t placements = job->b.group->placements;
    uint64_t free_cells = (uint64_t)job->b.free_cells;
    while (job->status == SLIDE_OK) {
        /* the caller's time limit and cancel hold in a build too (read only: threads share it) */
        int reason = job->b.budget ? budget_stop_reason(job->b.budget) : 0;
        if (reason) {
            job->status = reason;
            break;
        }
        uint32_t chunk = __atomic_fetch_add(job->next_chunk, 1, __ATOMIC_RELAXED);
        if ((uint64_t)chunk * LAYER_CHUNK >= placements)
            break;
        uint64_t first = (uint64_t)chunk * LAYER_CHUNK, end = first + LAYER_CHUNK;
        run_range(job, first * free_cells, (end < placements ? end : placements) * free_cells);
    }
    return NULL;
}

/* Workers for a group of this many slots: two where there are cores and enough work. */
static int worker_count(uint64_t slots)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return slots >= ((uint64_t)1 << 24) && cores >= 2 ? PDB_BUILD_THREADS : 1;
}

/*
 * Expands layer `depth` with `workers` threads.  *found receives the states
 * of the next layer; *overflowed the states left open because a nibble could
 * not hold their entry.  Returns SLIDE_OK or a status.
 */
static int expand_layer(builder *b, int workers, unsigned depth, uint64_t *found,
                        uint64_t *overflowed)
{
    layer_job jobs[PDB_BUILD_THREADS];
    pthread_t threads[PDB_BUILD_THREADS];
    int started[PDB_BUILD_THREADS] = {0};
    uint32_t next_chunk = 0;
    for (int i = 0; i < workers; i++) {
        layer_job *job = &jobs[i];
        memset(job, 0, sizeof *job);
        job->b = *b;
        job->b.filled = 0;
        job->next_chunk = &next_chunk;
        job->depth = depth;
        job->code = depth % 2 + 1;
        job->next_code = (depth + 1) % 2 + 1;
        if (i > 0)
            started[i] = pthread_create(&threads[i], NULL, run_layer, job) == 0;
    }
    run_layer(&jobs[0]);
    int status = jobs[0].status;
    for (int i = 1; i < workers; i++) {
        if (started[i])
            pthread_join(threads[i], NULL);
        else
            run_layer(&jobs[i]); /* no thread to be had: whatever is left was done above */
    }
    *found = *overflowed = 0;
    for (int i = 0; i < workers; i++) {
        *found += jobs[i].found;
        *overflowed += jobs[i].overflowed;
        b->filled += jobs[i].b.filled;
        if (status == SLIDE_OK)
            status = jobs[i].status;
    }
    return status;
}

static void report_layer(const pdb_reporter *reporter, const char *what, unsigned depth,
                         uint64_t states, uint32_t filled, uint32_t entries)
{
    if (!reporter || !reporter->fn)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_BUILD;
    p.message = what;
    p.bound = depth;
    p.nodes = states;
    p.fraction = entries ? (double)filled / entries : 1.0;
    reporter->fn(reporter->ctx, &p);
}

int pdb_build_group(pdb_set *set, int g, search_budget *budget, const pdb_reporter *reporter)
{
    builder b;
    pdb_group *t = &set->groups[g];
    memset(&b, 0, sizeof b);
    b.shape = &set->shape;
    b.set = set;
    b.group = t;
    b.budget = budget;
    b.n = set->shape.cells;
    b.k = t->size;
    b.free_cells = b.n - b.k;
    b.all_cells = (1u << b.n) - 1;
    for (int c = 0; c < b.n; c++) {
        for (int m = 0; m < 4; m++)
            if (set->shape.neighbour[c][m] >= 0)
                b.neighbours[c] |= 1u << set->shape.neighbour[c][m];
        if (c % set->shape.cols != 0)
            b.not_first_col |= 1u << c;
        if (c % set->shape.cols != set->shape.cols - 1)
            b.not_last_col |= 1u << c;
    }
    char what[96];
    snprintf(what, sizeof what, "group %d of %d (%d tiles, %lu entries)", g + 1, set->count,
             t->size, (unsigned long)t->entries);

    t->entry_bits = 4;
    t->bytes = pdb_entries_bytes(t->entries, 4);
    t->data = budget_alloc(budget, t->bytes);
    if (!t->data)
        return budget->status;
    advise_huge_pages(t->data, t->bytes);
    memset(t->data, 0xFF, t->bytes);
    b.sentinel = 15;
    b.slot_words = pdb_build_scratch(set, g) / sizeof(uint64_t);
    b.slots = budget_calloc(budget, b.slot_words, sizeof(uint64_t));
    advise_huge_pages(b.slots, b.slot_words * sizeof(uint64_t));
    select_init(&b);
    if (!b.slots || decoder_init(&b) != SLIDE_OK || regions_init(&b) != SLIDE_OK) {
        int status = budget->status;
        budget_free(budget, b.slots, b.slot_words * sizeof(uint64_t));
        budget_free(budget, b.tail_digits, b.tail_span * sizeof *b.tail_digits);
        budget_free(budget, t->data, t->bytes);
        t->data = NULL;
        return status;
    }

    /* the search starts from the group's homes in the table's frame: the goal is not read */
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    unsigned occupied = 0;
    int cols = set->shape.cols;
    for (int i = 0; i < b.k; i++) {
        cells[i] = t->home[i];
        occupied |= 1u << cells[i];
        for (int c = 0; c < b.n; c++)
            b.home_distance[i][c] = (uint8_t)(abs(c / cols - t->home[i] / cols) +
                                              abs(c % cols - t->home[i] % cols));
    }
    unsigned open = b.all_cells & ~occupied;
    unsigned region = flood(&b, 1u << t->blank_home, open);
    slot_mark(&b, state_slot(&b, permutation_rank_wide(cells, b.k, b.n), open, region), 1);

    int status = SLIDE_OK,
        workers = set->build_threads > 0 && set->build_threads <= PDB_BUILD_THREADS
                      ? set->build_threads
                      : worker_count((uint64_t)b.slot_words * 32);
    uint64_t layer = 1, states = 1;
    for (unsigned depth = 0; layer > 0 && status == SLIDE_OK; depth++) {
        uint64_t overflowed;
        status = expand_layer(&b, workers, depth, &layer, &overflowed);
        if (status == SLIDE_OK && overflowed) {
            /* widen, then expand what was left open: the rest of the layer is closed */
            uint64_t more = 0;
            status = widen(&b);
            if (status == SLIDE_OK)
                status = expand_layer(&b, workers, depth, &more, &overflowed);
            layer += more;
            if (status == SLIDE_OK && overflowed)
                status = SLIDE_E_INTERNAL;
        }
        states += layer;
        report_layer(reporter, what, depth, states, b.filled, t->entries);
    }
    budget_free(budget, b.slots, b.slot_words * sizeof(uint64_t));
    budget_free(budget, b.tail_digits, b.tail_span * sizeof *b.tail_digits);
    budget_free(budget, b.lowest, b.lowest ? ((size_t)1 << b.n) * sizeof *b.lowest : 0);
    if ((status == SLIDE_E_TIMEOUT || status == SLIDE_E_CANCELLED) && budget->status == SLIDE_OK)
        budget->status = status;
    if (status != SLIDE_OK) {
        budget_free(budget, t->data, t->bytes);
        t->data = NULL;
        t->bytes = 0;
        return status;
    }
    /* placements no board reaches (parity, with one group of every tile) */
    for (uint32_t i = 0; i < t->entries; i++)
        if (entry_get(t, i) == b.sentinel)
            entry_put(t, i, 0);
    return SLIDE_OK;
}
