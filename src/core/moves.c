/*
 * moves.c - collecting a solution's moves.
 *
 * Small solutions are kept as a string.  Large-board solutions can run to
 * billions of moves, so with a sink the moves pass through a fixed chunk and
 * are only counted.
 */
#include "core/core.h"

/* The move string grown to cap bytes, counted as the answer's (search_budget.answer). */
static char *answer_realloc(move_list *mv, size_t cap)
{
    mv->budget->answer += cap - mv->cap;
    char *data = budget_realloc(mv->budget, mv->data, mv->cap, cap);
    if (!data)
        mv->budget->answer -= cap - mv->cap;
    return data;
}

int move_list_flush(move_list *mv)
{
    if (mv->sink && mv->chunk_len) {
        size_t n = mv->chunk_len;
        mv->chunk_len = 0;
        if (mv->sink(mv->sink_ctx, mv->chunk, n))
            return SLIDE_E_CANCELLED;
    }
    return SLIDE_OK;
}

int move_list_push(move_list *mv, char move)
{
    mv->count++;
    if (mv->count_only)
        return SLIDE_OK;
    if (mv->sink) {
        mv->chunk[mv->chunk_len++] = move;
        return mv->chunk_len == sizeof mv->chunk ? move_list_flush(mv) : SLIDE_OK;
    }
    if (mv->len + 1 >= mv->cap) {
        size_t cap = mv->cap ? mv->cap * 2 : 256;
        char *data = answer_realloc(mv, cap);
        if (!data)
            return mv->budget->status;
        mv->data = data;
        mv->cap = cap;
    }
    mv->data[mv->len++] = move;
    mv->data[mv->len] = '\0';
    return SLIDE_OK;
}

int move_list_append(move_list *mv, const char *moves, size_t len)
{
    mv->count += len;
    if (mv->count_only || len == 0)
        return SLIDE_OK;
    if (mv->sink) {
        while (len > 0) {
            size_t room = sizeof mv->chunk - mv->chunk_len;
            size_t n = len < room ? len : room;
            memcpy(mv->chunk + mv->chunk_len, moves, n);
            mv->chunk_len += n;
            moves += n;
            len -= n;
            if (mv->chunk_len == sizeof mv->chunk && move_list_flush(mv) != SLIDE_OK)
                return SLIDE_E_CANCELLED;
        }
        return SLIDE_OK;
    }
    if (mv->len + len + 1 > mv->cap) {
        size_t cap = mv->cap ? mv->cap : 256;
        while (cap < mv->len + len + 1)
            cap *= 2;
        char *data = answer_realloc(mv, cap);
        if (!data)
            return mv->budget->status;
        mv->data = data;
        mv->cap = cap;
    }
    memcpy(mv->data + mv->len, moves, len);
    mv->len += len;
    mv->data[mv->len] = '\0';
    return SLIDE_OK;
}

void move_list_free(move_list *mv)
{
    if (!mv->data)
        return;
    mv->budget->answer -= mv->cap;
    budget_free(mv->budget, mv->data, mv->cap);
    mv->data = NULL;
    mv->len = mv->cap = 0;
}
