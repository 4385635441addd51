/*
 * beam_space.c - the arrays a beam works in (beam.h's beam_space), kept
 * from one run to the next.
 */
#include "search/beam.h"

#include <stdlib.h>

int beam_reserve(search_budget *budget, void **p, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return SLIDE_OK;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *q = budget_realloc(budget, *p, *cap * item, n * item);
    if (!q) /* a refusal records its status; NOMEM should one ever not */
        return budget->status != SLIDE_OK ? budget->status : SLIDE_E_NOMEM;
    *p = q;
    *cap = n;
    return SLIDE_OK;
}

/* Gives back the fixed arrays (beam_space_fit allocates them again). */
static void beam_space_free_fixed(beam_space *sp, search_budget *budget)
{
    size_t width = sp->width, bytes = sp->bytes, cand_cap = 4 * width;
    budget_free(budget, sp->cand_last, cand_cap);
    budget_free(budget, sp->cand_done, cand_cap);
    budget_free(budget, sp->cand_move, cand_cap);
    budget_free(budget, sp->cand_key, cand_cap * sizeof *sp->cand_key);
    budget_free(budget, sp->cand_base, cand_cap * sizeof *sp->cand_base);
    budget_free(budget, sp->cand_h, cand_cap * sizeof *sp->cand_h);
    budget_free(budget, sp->cand_parent, cand_cap * sizeof *sp->cand_parent);
    budget_free(budget, sp->cand_order, cand_cap * sizeof *sp->cand_order);
    budget_free(budget, sp->cand_line, cand_cap * sizeof *sp->cand_line);
    budget_free(budget, sp->nxt_key, width * sizeof *sp->nxt_key);
    budget_free(budget, sp->cur_key, width * sizeof *sp->cur_key);
    budget_free(budget, sp->nxt_info, width * 4 * sizeof *sp->nxt_info);
    budget_free(budget, sp->cur_info, width * 4 * sizeof *sp->cur_info);
    budget_free(budget, sp->scratch, bytes);
    budget_free(budget, sp->nxt, width * bytes);
    budget_free(budget, sp->cur, width * bytes);
    sp->cur = sp->nxt = sp->scratch = sp->cand_move = sp->cand_done = sp->cand_last = NULL;
    sp->cur_info = sp->nxt_info = sp->cand_parent = sp->cand_h = sp->cand_base = NULL;
    sp->cand_order = NULL;
    sp->cand_line = NULL;
    sp->cur_key = sp->nxt_key = sp->cand_key = NULL;
    sp->width = sp->bytes = 0;
}

void beam_space_free_runs(beam_space *sp, search_budget *budget)
{
    beam_space_free_fixed(sp, budget);
    state_map_free(&sp->seen);
    budget_free(budget, sp->h_count, sp->h_cap * sizeof *sp->h_count);
    budget_free(budget, sp->layer_start, sp->layer_cap * sizeof *sp->layer_start);
    budget_free(budget, sp->trail_parent, sp->trail_cap * sizeof *sp->trail_parent);
    budget_free(budget, sp->trail_move, sp->trail_move_cap);
    budget_free(budget, sp->path, sp->path_cap);
    sp->h_count = sp->layer_start = NULL;
    sp->trail_parent = NULL;
    sp->trail_move = sp->path = NULL;
    sp->h_cap = sp->layer_cap = sp->trail_cap = sp->trail_move_cap = sp->path_cap = 0;
}

void beam_space_free(beam_space *sp, search_budget *budget)
{
    beam_space_free_runs(sp, budget);
    budget_free(budget, sp->board, sp->board_cells);
    budget_free(budget, sp->bm, sizeof *sp->bm);
    memset(sp, 0, sizeof *sp);
}

int beam_space_fit(beam_space *sp, search_budget *budget, size_t width, size_t bytes)
{
    if (sp->width < width || sp->bytes != bytes) {
        beam_space_free_fixed(sp, budget);
        size_t cand_cap = 4 * width;
        sp->width = width;
        sp->bytes = bytes;
        sp->cur = budget_alloc(budget, width * bytes);
        sp->nxt = budget_alloc(budget, width * bytes);
        sp->scratch = budget_alloc(budget, bytes);
        sp->cur_info = budget_alloc(budget, width * 4 * sizeof *sp->cur_info);
        sp->nxt_info = budget_alloc(budget, width * 4 * sizeof *sp->nxt_info);
        sp->cur_key = budget_alloc(budget, width * sizeof *sp->cur_key);
        sp->nxt_key = budget_alloc(budget, width * sizeof *sp->nxt_key);
        sp->cand_parent = budget_alloc(budget, cand_cap * sizeof *sp->cand_parent);
        sp->cand_order = budget_alloc(budget, cand_cap * sizeof *sp->cand_order);
        sp->cand_line = budget_alloc(budget, cand_cap * sizeof *sp->cand_line);
        sp->cand_h = budget_alloc(budget, cand_cap * sizeof *sp->cand_h);
        sp->cand_base = budget_alloc(budget, cand_cap * sizeof *sp->cand_base);
        sp->cand_key = budget_alloc(budget, cand_cap * sizeof *sp->cand_key);
        sp->cand_move = budget_alloc(budget, cand_cap);
        sp->cand_done = budget_alloc(budget, cand_cap);
        sp->cand_last = budget_alloc(budget, cand_cap);
        if (!sp->cur || !sp->nxt || !sp->scratch || !sp->cur_info || !sp->nxt_info ||
            !sp->cur_key || !sp->nxt_key || !sp->cand_parent || !sp->cand_h || !sp->cand_base ||
            !sp->cand_key || !sp->cand_move || !sp->cand_done || !sp->cand_last ||
            !sp->cand_order || !sp->cand_line)
            return budget->status;
    }
    int status = SLIDE_OK;
    if (!sp->seen.keys)
        status = state_map_init(&sp->seen, budget, &state_map_key_set, width * 64);
    else
        state_map_clear(&sp->seen);
    return status;
}
