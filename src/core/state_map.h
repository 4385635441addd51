/*
 * state_map.h - the one hash map of the library (state_map.c): nonzero
 * 64-bit states to a small value of fixed width, keys and values in two
 * parallel arrays (no padding), linear probing, doubled before the load
 * passes a limit.  Memory comes from the budget; a refused doubling leaves
 * the map as it was.
 *
 * Each use describes itself with a state_map_kind, as Redis describes each
 * dictionary with a dictType: the value width (0: a set of keys, 8 bytes a
 * slot; 1 byte: 9; 2 bytes: 10) and how full the map may get.  Values are
 * read and written with the accessors of that width (state_map_value8 /
 * state_map_value16), so lookups carry no per-access test of the width.  A
 * key set has no values array: it takes state64 keys only, added with
 * state_map_add_key, never the value accessors, insert8 or the tracers.
 *
 * Only the searches that remember every state they reach (bfs, bibfs,
 * astar, beam) use it, so its inline hot path lives here, not in core.h,
 * which every file of the library includes.
 */
#ifndef SLIDE_STATE_MAP_H
#define SLIDE_STATE_MAP_H

#include "core/core.h"

/* How one use of the map describes itself (see the top). */
typedef struct state_map_kind {
    size_t value_bytes;       /* 0 (a set of keys: no values), 1 or 2 */
    size_t max_load_quarters; /* the map doubles before more than slots/4 * this are used */
} state_map_kind;

/* One byte a slot, the move that first reached the state, 3/4 load (bfs, bibfs). */
extern const state_map_kind state_map_parent_moves;
/*
 * Keys alone, 3/4 load (beam's states seen): no values array, so adding a
 * key writes one cache line, not two, and a prefetch asks for one.
 */
extern const state_map_kind state_map_key_set;

typedef struct state_map {
    state64 *keys;  /* 0 marks an empty slot (no valid state packs to 0) */
    void *values;   /* kind->value_bytes a slot, parallel to keys (NULL for a key set) */
    int key_words;  /* 1: state64 keys; 2: state128 keys, two words a slot (state_map_init_wide) */
    size_t mask;    /* slots - 1; slots is a power of two */
    size_t count;   /* keys stored */
    size_t grow_at; /* count at which the next new key doubles the map */
    const state_map_kind *kind;
    search_budget *budget;
} state_map;

/*
 * Sets up an empty map of `kind` with room for `expected` keys before its
 * first doubling.  Returns SLIDE_OK or the budget's status.
 */
int state_map_init(state_map *m, search_budget *budget, const state_map_kind *kind,
                   size_t expected);
/*
 * state_map_init for state128 keys: the same map, two words a key, read and
 * written with the *_wide functions below.
 */
int state_map_init_wide(state_map *m, search_budget *budget, const state_map_kind *kind,
                        size_t expected);
/* Returns the map's memory to the budget; safe on a zeroed map or one whose init failed. */
void state_map_free(state_map *m);
/* Empties the map, keeping its memory (a map used again and again, as beam's per run). */
void state_map_clear(state_map *m);
/*
 * Doubles the map (state_map_claim calls it when full).  Returns SLIDE_OK,
 * or the budget's status with the map unchanged.
 */
int state_map_grow(state_map *m);
/*
 * Grows m at once to room for `expected` keys before its next doubling
 * (nothing when it has that already): a map known to be headed there is
 * spared the copies of the doublings on the way.  Returns SLIDE_OK, or the
 * budget's status with the map unchanged.
 */
int state_map_reserve(state_map *m, size_t expected);
/* The bytes a map like m takes with room for `expected` keys. */
size_t state_map_bytes_for(const state_map *m, size_t expected);

static inline uint64_t hash64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

/* The slot that holds key, or else the empty slot where key would go. */
static inline size_t state_map_slot(const state_map *m, state64 key)
{
    size_t i = (size_t)hash64(key) & m->mask;
    while (m->keys[i] != key && m->keys[i] != 0)
        i = (i + 1) & m->mask;
    return i;
}

/*
 * Asks the cache for key's home slot (its key, and its value unless the map
 * is a key set), so that a find or insert of key a little later does not
 * wait for memory.  Always inlined, as state_map_prefetch_wide is (see
 * there).
 */
static ALWAYS_INLINE void state_map_prefetch(const state_map *m, state64 key)
{
    size_t i = (size_t)hash64(key) & m->mask;
    __builtin_prefetch(m->keys + i);
    if (m->values)
        __builtin_prefetch((const char *)m->values + i * m->kind->value_bytes);
}

/* The slot that holds key, or SIZE_MAX when key is absent. */
static inline size_t state_map_find(const state_map *m, state64 key)
{
    size_t i = state_map_slot(m, key);
    return m->keys[i] == key ? i : SIZE_MAX;
}

/*
 * Finds key's slot and stores it in *slot, adding key first when absent
 * (doubling the map if it is full); the caller then sets the new key's
 * value.  Returns 1 when key was added, 0 when it was present, or a
 * negative status when the budget refused the doubling (nothing added).
 */
static inline int state_map_claim(state_map *m, state64 key, size_t *slot)
{
    size_t i = state_map_slot(m, key);
    *slot = i;
    if (m->keys[i] == key)
        return 0;
    if (m->count >= m->grow_at) {
        int status = state_map_grow(m);
        if (status != SLIDE_OK)
            return status;
        i = state_map_slot(m, key);
        *slot = i;
    }
    m->keys[i] = key;
    m->count++;
    return 1;
}

/*
 * Adds key to a key set (state_map_key_set) when absent.  Returns 1 when
 * added, 0 when already present, or a negative status when the budget
 * refused the doubling.
 */
static inline int state_map_add_key(state_map *m, state64 key)
{
    size_t slot;
    return state_map_claim(m, key, &slot);
}

/* Values of a map whose kind has 1-byte values. */
static inline uint8_t state_map_value8(const state_map *m, size_t slot)
{
    return ((const uint8_t *)m->values)[slot];
}

static inline void state_map_set_value8(state_map *m, size_t slot, uint8_t value)
{
    ((uint8_t *)m->values)[slot] = value;
}

/* Values of a map whose kind has 2-byte values. */
static inline uint16_t state_map_value16(const state_map *m, size_t slot)
{
    return ((const uint16_t *)m->values)[slot];
}

static inline void state_map_set_value16(state_map *m, size_t slot, uint16_t value)
{
    ((uint16_t *)m->values)[slot] = value;
}

/*
 * Adds key with a 1-byte value when absent.  Returns 1 when added, 0 when
 * already present (its value untouched), or a negative status when the
 * budget refused the doubling.
 */
static inline int state_map_insert8(state_map *m, state64 key, uint8_t value)
{
    size_t slot;
    int added = state_map_claim(m, key, &slot);
    if (added == 1)
        state_map_set_value8(m, slot, value);
    return added;
}

/* The same operations on a map of state128 keys (state_map_init_wide). */
static inline uint64_t hash128(state128 key)
{
    return hash64(key.lo ^ hash64(key.hi));
}

static inline size_t state_map_slot_wide(const state_map *m, state128 key)
{
    const state128 *keys = (const state128 *)(const void *)m->keys;
    size_t i = (size_t)hash128(key) & m->mask;
    while (!state128_equal(keys[i], key) && (keys[i].lo | keys[i].hi) != 0)
        i = (i + 1) & m->mask;
    return i;
}

/*
 * Asks the cache for key's home slot (its key and its value), so that a
 * state_map_claim_wide a little later does not wait for memory: a search
 * prefetches all children of a node before it claims any.  Always
 * inlined: gcc otherwise finds a void function that only reads memory and
 * deletes the call as dead before inlining it.
 */
static ALWAYS_INLINE void state_map_prefetch_wide(const state_map *m, state128 key)
{
    size_t i = (size_t)hash128(key) & m->mask;
    __builtin_prefetch((const state128 *)(const void *)m->keys + i);
    __builtin_prefetch((const char *)m->values + i * m->kind->value_bytes);
}

static inline size_t state_map_find_wide(const state_map *m, state128 key)
{
    size_t i = state_map_slot_wide(m, key);
    return state128_equal(((const state128 *)(const void *)m->keys)[i], key) ? i : SIZE_MAX;
}

static inline int state_map_claim_wide(state_map *m, state128 key, size_t *slot)
{
    size_t i = state_map_slot_wide(m, key);
    *slot = i;
    if (state128_equal(((const state128 *)(const void *)m->keys)[i], key))
        return 0;
    if (m->count >= m->grow_at) {
        int status = state_map_grow(m);
        if (status != SLIDE_OK)
            return status;
        i = state_map_slot_wide(m, key);
        *slot = i;
    }
    ((state128 *)(void *)m->keys)[i] = key;
    m->count++;
    return 1;
}

static inline int state_map_insert8_wide(state_map *m, state128 key, uint8_t value)
{
    size_t slot;
    int added = state_map_claim_wide(m, key, &slot);
    if (added == 1)
        state_map_set_value8(m, slot, value);
    return added;
}

/*
 * Parent moves, as state_map_trace_path reads them: the low
 * STATE_MAP_MOVE_BITS of a value are the move that reached the state
 * (0-3), or STATE_MAP_ROOT_MOVE at the root of the tree; a kind may keep
 * more above them (astar keeps g).
 */
enum { STATE_MAP_MOVE_BITS = 3, STATE_MAP_ROOT_MOVE = 4 };

/*
 * Walks the parent moves stored in m from `end` back to the root and pushes
 * the moves to out: root -> end when the tree was grown forwards, or
 * end -> root (each move undone) when `reversed`, for a tree grown from the
 * goal.  Returns SLIDE_OK, the budget's or out's status, or
 * SLIDE_E_INTERNAL when the walk leaves the map or loops.
 */
int state_map_trace_path(const state_map *m, const geometry *shape, state64 end, move_list *out,
                         int reversed);
/*
 * state_map_trace_path from a state128 end, for a map of either key width (a
 * map of state64 keys walks from end.lo), so callers need not branch on it.
 */
int state_map_trace_path_wide(const state_map *m, const geometry *shape, state128 end,
                              move_list *out, int reversed);

#endif /* SLIDE_STATE_MAP_H */
