/*
 * table.c - an open-addressing hash table of packed states.
 *
 * Keys and one-byte values live in two parallel arrays (9 bytes a slot, no
 * padding).  The empty mark is key 0, which no valid board packs to.
 * Linear probing keeps lookups within a cache line or two; the table doubles
 * at 3/4 load, asking the budget first so a search that outgrows its cap
 * stops cleanly.
 */
#include "internal.h"

static size_t slot_bytes(size_t slots)
{
    return slots * (sizeof(slide_state) + sizeof(uint8_t));
}

static int allocate(slide_table *t, size_t slots)
{
    t->keys = slide_budget_calloc(t->budget, slots, sizeof *t->keys);
    if (!t->keys)
        return t->budget->status;
    t->values = slide_budget_alloc(t->budget, slots);
    if (!t->values) {
        slide_budget_free(t->budget, t->keys, slots * sizeof *t->keys);
        t->keys = NULL;
        return t->budget->status;
    }
    t->mask = slots - 1;
    t->count = 0;
    return SLIDE_OK;
}

int slide_table_init(slide_table *t, slide_budget *budget, size_t expected)
{
    size_t slots = 1024;
    memset(t, 0, sizeof *t);
    t->budget = budget;
    while (slots / 4 * 3 < expected && slots < ((size_t)1 << 40))
        slots *= 2;
    return allocate(t, slots);
}

void slide_table_free(slide_table *t)
{
    if (t->keys) {
        slide_budget_free(t->budget, t->keys, (t->mask + 1) * sizeof *t->keys);
        slide_budget_free(t->budget, t->values, t->mask + 1);
    }
    t->keys = NULL;
    t->values = NULL;
}

size_t slide_table_find(const slide_table *t, slide_state key)
{
    size_t i = (size_t)slide_hash64(key) & t->mask;
    for (;;) {
        if (t->keys[i] == key)
            return i;
        if (t->keys[i] == 0)
            return SIZE_MAX;
        i = (i + 1) & t->mask;
    }
}

static void place(slide_table *t, slide_state key, uint8_t value)
{
    size_t i = (size_t)slide_hash64(key) & t->mask;
    while (t->keys[i] != 0)
        i = (i + 1) & t->mask;
    t->keys[i] = key;
    t->values[i] = value;
    t->count++;
}

static int grow(slide_table *t)
{
    slide_table old = *t;
    size_t slots = (t->mask + 1) * 2;
    if (slot_bytes(slots) > t->budget->cap)
        return t->budget->status = SLIDE_E_MEMLIMIT;
    int status = allocate(t, slots);
    if (status != SLIDE_OK) {
        *t = old;
        return status;
    }
    for (size_t i = 0; i <= old.mask; i++)
        if (old.keys[i])
            place(t, old.keys[i], old.values[i]);
    slide_table_free(&old);
    return SLIDE_OK;
}

int slide_table_insert(slide_table *t, slide_state key, uint8_t value)
{
    size_t i = (size_t)slide_hash64(key) & t->mask;
    for (;;) {
        if (t->keys[i] == key)
            return 0;
        if (t->keys[i] == 0)
            break;
        i = (i + 1) & t->mask;
    }
    if (t->count + 1 > (t->mask + 1) / 4 * 3) {
        int status = grow(t);
        if (status != SLIDE_OK)
            return status;
        place(t, key, value);
        return 1;
    }
    t->keys[i] = key;
    t->values[i] = value;
    t->count++;
    return 1;
}
