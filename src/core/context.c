/*
 * context.c - the cache a batch shares: tables built once, then read-only.
 *
 * Entries are few (one per table kind and goal), so a linked list searched
 * under the lock is plenty.  Building happens under the same lock: a second
 * thread asking for a table being built waits for it instead of building a
 * copy, which would double the memory and the time.
 */
#include "core/abi.h"
#include "core/core.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct cache_entry {
    struct cache_entry *next;
    int kind;
    size_t key_len;
    void *data;
    size_t size;
    cache_destroy_fn destroy;
    unsigned char key[];
} cache_entry;

struct slide_context {
    pthread_mutex_t lock;
    search_budget budget;
    cache_entry *entries;
};

int slide_context_create(slide_context **out, const slide_context_options *opt)
{
    slide_context_options options;
    if (ABI_MISSING(out))
        return SLIDE_E_ARGUMENT;
    *out = NULL;
    if (abi_copy_in(&options, sizeof options, opt, ABI_MIN_CONTEXT_OPTIONS) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    slide_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return SLIDE_E_NOMEM;
    slide_limits limits = {.max_memory = options.max_memory};
    budget_init(&ctx->budget, &limits);
    /* recursive: a build may get entries of its own (context_cache_get in core.h) */
    pthread_mutexattr_t attr;
    int failed = pthread_mutexattr_init(&attr) != 0;
    if (!failed) {
        failed = pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE) != 0 ||
                 pthread_mutex_init(&ctx->lock, &attr) != 0;
        pthread_mutexattr_destroy(&attr);
    }
    if (failed) {
        free(ctx);
        return SLIDE_E_NOMEM;
    }
    *out = ctx;
    return SLIDE_OK;
}

void slide_context_free(slide_context *ctx)
{
    if (!ctx)
        return;
    cache_entry *e = ctx->entries;
    while (e) {
        cache_entry *next = e->next;
        if (e->destroy)
            e->destroy(e->data, e->size, &ctx->budget);
        free(e);
        e = next;
    }
    pthread_mutex_destroy(&ctx->lock);
    free(ctx);
}

int context_cache_get(slide_context *ctx, int kind, const void *key, size_t key_len,
                      cache_build_fn build, cache_destroy_fn destroy, void *arg, void **data)
{
    *data = NULL;
    if (!ctx)
        return SLIDE_E_ARGUMENT;
    pthread_mutex_lock(&ctx->lock);
    for (cache_entry *e = ctx->entries; e; e = e->next) {
        if (e->kind == kind && e->key_len == key_len && memcmp(e->key, key, key_len) == 0) {
            *data = e->data;
            pthread_mutex_unlock(&ctx->lock);
            return SLIDE_OK;
        }
    }
    int status = SLIDE_E_NOMEM;
    cache_entry *e = malloc(sizeof *e + key_len);
    if (e) {
        ctx->budget.status = SLIDE_OK;
        status = build(arg, &ctx->budget, &e->data, &e->size);
        if (status == SLIDE_OK) {
            e->kind = kind;
            e->key_len = key_len;
            e->destroy = destroy;
            memcpy(e->key, key, key_len);
            e->next = ctx->entries;
            ctx->entries = e;
            *data = e->data;
        } else {
            free(e);
        }
    }
    pthread_mutex_unlock(&ctx->lock);
    return status;
}

int context_cache_has(slide_context *ctx, int kind, const void *key, size_t key_len)
{
    int found = 0;
    if (!ctx)
        return 0;
    pthread_mutex_lock(&ctx->lock);
    for (cache_entry *e = ctx->entries; e && !found; e = e->next)
        found = e->kind == kind && e->key_len == key_len && memcmp(e->key, key, key_len) == 0;
    pthread_mutex_unlock(&ctx->lock);
    return found;
}

/* context_first_time's build: nothing to keep, but that it was asked for. */
static int note_first(void *arg, search_budget *budget, void **data, size_t *size)
{
    (void)budget;
    *(int *)arg = 1;
    *data = NULL;
    *size = 0;
    return SLIDE_OK;
}

int context_first_time(slide_context *ctx, int kind, const void *key, size_t key_len)
{
    int first = 0;
    void *data;
    if (!ctx || context_cache_get(ctx, kind, key, key_len, note_first, NULL, &first, &data) != SLIDE_OK)
        return 1;
    return first;
}

size_t context_memory_cap(const slide_context *ctx)
{
    return ctx->budget.cap;
}
