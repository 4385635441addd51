/*
 * context.c - the cache a batch shares: tables built once, then read-only.
 *
 * Entries are few (one per table kind and goal), so a linked list searched
 * under the lock is plenty.  Building happens under the same lock: a second
 * thread asking for a table being built waits for it instead of building a
 * copy, which would double the memory and the time.
 */
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
    slide_context *ctx = calloc(1, sizeof *ctx);
    *out = NULL;
    if (!ctx)
        return SLIDE_E_NOMEM;
    slide_limits limits = {opt ? opt->max_memory : 0, 0};
    budget_init(&ctx->budget, &limits);
    if (pthread_mutex_init(&ctx->lock, NULL) != 0) {
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
