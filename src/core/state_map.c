/*
 * state_map.c - the state map's allocation, doubling and path tracing.
 *
 * Lookups and insertions are inline in state_map.h; this file holds what they
 * call rarely.  Keys and values live in two parallel arrays, so a slot costs
 * 8 bytes plus the kind's value width with no padding.  Linear probing keeps
 * lookups within a cache line or two; the map doubles before it passes its
 * kind's load, asking the budget first so a search that outgrows its cap
 * stops cleanly.
 */
#include "core/state_map.h"

const state_map_kind state_map_parent_moves = {1, 3};
const state_map_kind state_map_key_set = {0, 3};

static size_t map_bytes(const state_map *m, size_t slots)
{
    return slots * (sizeof(state64) * (size_t)m->key_words + m->kind->value_bytes);
}

static size_t load_limit(const state_map_kind *kind, size_t slots)
{
    return slots / 4 * kind->max_load_quarters;
}

/* Gives m `slots` empty slots.  Returns SLIDE_OK or the budget's status. */
static int allocate(state_map *m, size_t slots)
{
    size_t key_bytes = sizeof *m->keys * (size_t)m->key_words;
    m->keys = budget_calloc(m->budget, slots, key_bytes);
    if (!m->keys)
        return m->budget->status;
    m->values = NULL;
    if (m->kind->value_bytes) {
        m->values = budget_alloc(m->budget, slots * m->kind->value_bytes);
        if (!m->values) {
            budget_free(m->budget, m->keys, slots * key_bytes);
            m->keys = NULL;
            return m->budget->status;
        }
        advise_huge_pages(m->values, slots * m->kind->value_bytes);
    }
    advise_huge_pages(m->keys, slots * key_bytes);
    m->mask = slots - 1;
    m->count = 0;
    m->grow_at = load_limit(m->kind, slots);
    return SLIDE_OK;
}

/* The fewest slots (a power of two, at least 1024) that hold `expected` keys before a doubling. */
static size_t slots_for(const state_map_kind *kind, size_t expected)
{
    size_t slots = 1024;
    while (load_limit(kind, slots) < expected && slots < ((size_t)1 << 40))
        slots *= 2;
    return slots;
}

/* state_map_init with keys of `key_words` words. */
static int init_words(state_map *m, search_budget *budget, const state_map_kind *kind,
                      size_t expected, int key_words)
{
    memset(m, 0, sizeof *m);
    m->budget = budget;
    m->kind = kind;
    m->key_words = key_words;
    return allocate(m, slots_for(kind, expected));
}

int state_map_init(state_map *m, search_budget *budget, const state_map_kind *kind, size_t expected)
{
    return init_words(m, budget, kind, expected, 1);
}

int state_map_init_wide(state_map *m, search_budget *budget, const state_map_kind *kind,
                        size_t expected)
{
    return init_words(m, budget, kind, expected, 2);
}

void state_map_free(state_map *m)
{
    if (m->keys) {
        budget_free(m->budget, m->keys, (m->mask + 1) * sizeof *m->keys * (size_t)m->key_words);
        budget_free(m->budget, m->values, (m->mask + 1) * m->kind->value_bytes);
    }
    m->keys = NULL;
    m->values = NULL;
}

void state_map_clear(state_map *m)
{
    if (m->keys)
        memset(m->keys, 0, (m->mask + 1) * sizeof *m->keys * (size_t)m->key_words);
    m->count = 0;
}

size_t state_map_bytes_for(const state_map *m, size_t expected)
{
    return map_bytes(m, slots_for(m->kind, expected));
}

/*
 * Moves every key of m to a new map of `slots` slots.  Returns SLIDE_OK, or
 * the budget's status with m unchanged.
 */
static int resize(state_map *m, size_t slots)
{
    state_map old = *m;
    if (map_bytes(m, slots) > m->budget->cap)
        return m->budget->status = SLIDE_E_MEMLIMIT;
    int status = allocate(m, slots);
    if (status != SLIDE_OK) {
        *m = old;
        return status;
    }
    size_t value_bytes = m->kind->value_bytes; /* 0, 1 or 2, see state_map_kind */
    const state128 *old_wide = (const state128 *)(const void *)old.keys;
    for (size_t i = 0; i <= old.mask; i++) {
        size_t j;
        if (m->key_words == 2) {
            if ((old_wide[i].lo | old_wide[i].hi) == 0)
                continue;
            j = state_map_slot_wide(m, old_wide[i]);
            ((state128 *)(void *)m->keys)[j] = old_wide[i];
        } else {
            if (!old.keys[i])
                continue;
            j = state_map_slot(m, old.keys[i]);
            m->keys[j] = old.keys[i];
        }
        if (value_bytes == 1)
            state_map_set_value8(m, j, state_map_value8(&old, i));
        else if (value_bytes == 2)
            state_map_set_value16(m, j, state_map_value16(&old, i));
    }
    m->count = old.count;
    state_map_free(&old);
    return SLIDE_OK;
}

int state_map_grow(state_map *m)
{
    return resize(m, (m->mask + 1) * 2);
}

int state_map_reserve(state_map *m, size_t expected)
{
    size_t slots = slots_for(m->kind, expected);
    return slots > m->mask + 1 ? resize(m, slots) : SLIDE_OK;
}

/* The parent move kept in slot's value, whatever the kind's width. */
static int parent_move(const state_map *m, size_t slot)
{
    unsigned value =
        m->kind->value_bytes == 1 ? state_map_value8(m, slot) : state_map_value16(m, slot);
    return (int)(value & ((1u << STATE_MAP_MOVE_BITS) - 1));
}

/*
 * Both tracers: the walk starts at `end` (the narrow or the wide one, after
 * the map's key width) and steps through states of that width.
 */
static int trace(const state_map *m, const geometry *shape, state64 end, state128 end_wide,
                 move_list *out, int reversed)
{
    size_t cap = 64, len = 0;
    char *path = budget_alloc(m->budget, cap);
    if (!path)
        return m->budget->status;
    state64 s = end;
    state128 wide = end_wide;
    for (;;) {
        size_t slot = m->key_words == 2 ? state_map_find_wide(m, wide) : state_map_find(m, s);
        /* a path visits each stored state at most once */
        if (slot == SIZE_MAX || len >= m->count) {
            budget_free(m->budget, path, cap);
            return SLIDE_E_INTERNAL;
        }
        int move = parent_move(m, slot);
        if (move == STATE_MAP_ROOT_MOVE)
            break;
        if (len == cap) {
            char *bigger = budget_realloc(m->budget, path, cap, cap * 2);
            if (!bigger) {
                budget_free(m->budget, path, cap);
                return m->budget->status;
            }
            path = bigger;
            cap *= 2;
        }
        path[len++] = (char)move;
        if (m->key_words == 2) {
            int blank = state128_blank(wide, shape->cells);
            wide = state128_swap(wide, blank, shape->neighbour[blank][move_inverse(move)]);
        } else {
            int blank = state_blank(s, shape->cells);
            s = state_swap(s, blank, shape->neighbour[blank][move_inverse(move)]);
        }
    }
    int status = SLIDE_OK;
    /*
     * path[] holds root->end moves last-first.  A forward tree wants them
     * first-first; a tree grown from the goal (reversed) already lists the
     * way from `end` towards the root, each move undone.
     */
    if (reversed) {
        for (size_t i = 0; i < len && status == SLIDE_OK; i++)
            status = move_list_push(out, slide_move_letters[move_inverse(path[i])]);
    } else {
        for (size_t i = len; i > 0 && status == SLIDE_OK; i--)
            status = move_list_push(out, slide_move_letters[(int)path[i - 1]]);
    }
    budget_free(m->budget, path, cap);
    return status;
}

int state_map_trace_path(const state_map *m, const geometry *shape, state64 end, move_list *out,
                         int reversed)
{
    state128 none = {0, 0};
    return trace(m, shape, end, none, out, reversed);
}

int state_map_trace_path_wide(const state_map *m, const geometry *shape, state128 end,
                              move_list *out, int reversed)
{
    return trace(m, shape, end.lo, end, out, reversed);
}
