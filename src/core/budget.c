/*
 * budget.c - counted allocation, the deadline and the caller's cancel.
 *
 * A search never calls malloc directly: every block goes through its
 * budget so that --max-memory is a promise (the search stops with
 * SLIDE_E_MEMLIMIT before it asks the system for more) and --stats can
 * report the peak.  The caller passes the size to free because the library
 * does not keep per-block headers.
 */
#define _DEFAULT_SOURCE 1 /* madvise(MADV_HUGEPAGE) next to _POSIX_C_SOURCE */
#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

double monotonic_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void budget_init(search_budget *b, const slide_limits *limits)
{
    memset(b, 0, sizeof *b);
    b->cap = limits && limits->max_memory ? limits->max_memory : SLIDE_DEFAULT_MAX_MEMORY;
    if (limits && limits->timeout > 0)
        b->deadline = monotonic_now() + limits->timeout;
    if (limits) {
        b->cancel = limits->cancel;
        b->cancel_ctx = limits->cancel_ctx;
    }
}

/* Reserves size more bytes; 0 on success, else records the refusal. */
static int reserve(search_budget *b, size_t size)
{
    b->allocations++;
    if (b->fail_at && b->allocations == b->fail_at) {
        b->status = SLIDE_E_NOMEM;
        return -1;
    }
    if (size > b->cap - b->used || b->used > b->cap) {
        if (b->status == SLIDE_OK)
            b->status = SLIDE_E_MEMLIMIT;
        return -1;
    }
    b->used += size;
    size_t own = b->used > b->answer ? b->used - b->answer : 0; /* the answer is not the search's */
    if (own > b->peak)
        b->peak = own;
    return 0;
}

void advise_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (p && end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

void *budget_alloc(search_budget *b, size_t size)
{
    if (reserve(b, size))
        return NULL;
    void *p = malloc(size ? size : 1);
    if (!p) {
        b->used -= size;
        b->status = SLIDE_E_NOMEM;
    }
    return p;
}

void *budget_calloc(search_budget *b, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        b->status = SLIDE_E_MEMLIMIT;
        return NULL;
    }
    if (reserve(b, count * size))
        return NULL;
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        b->used -= count * size;
        b->status = SLIDE_E_NOMEM;
    }
    return p;
}

void *budget_realloc(search_budget *b, void *p, size_t old_size, size_t new_size)
{
    if (new_size > old_size && reserve(b, new_size - old_size))
        return NULL;
    void *q = realloc(p, new_size ? new_size : 1);
    if (!q) {
        if (new_size > old_size)
            b->used -= new_size - old_size;
        b->status = SLIDE_E_NOMEM;
        return NULL;
    }
    if (new_size < old_size)
        b->used -= old_size - new_size;
    return q;
}

void budget_free(search_budget *b, void *p, size_t size)
{
    if (!p)
        return;
    free(p);
    b->used -= size < b->used ? size : b->used;
}

int budget_charge(search_budget *b, size_t size)
{
    return reserve(b, size) == 0 ? SLIDE_OK : b->status;
}

void budget_uncharge(search_budget *b, size_t size)
{
    b->used -= size < b->used ? size : b->used;
}

int budget_stop_reason(const search_budget *b)
{
    if (b->deadline > 0 && monotonic_now() > b->deadline)
        return SLIDE_E_TIMEOUT;
    if (b->cancel && b->cancel(b->cancel_ctx))
        return SLIDE_E_CANCELLED;
    return 0;
}

int budget_expired(search_budget *b)
{
    int reason = budget_stop_reason(b);
    if (reason && b->status == SLIDE_OK)
        b->status = reason;
    return reason != 0;
}

void format_bytes(size_t bytes, char *buf, size_t size)
{
    double value = (double)bytes;
    if (value >= 1024.0 * 1024.0)
        snprintf(buf, size, "%.1f MiB", value / (1024.0 * 1024.0));
    else if (value >= 1024.0)
        snprintf(buf, size, "%.1f KiB", value / 1024.0);
    else
        snprintf(buf, size, "%zu B", bytes);
}
