/*
 * task.c - what a search reports about itself beyond its moves, and what it
 * reads of its task.
 */
#include "core/core.h"

#include <stdarg.h>
#include <stdio.h>

static void write_note(search_task *search, int remedy, const char *fmt, va_list ap)
{
    vsnprintf(search->stats->note, sizeof search->stats->note, fmt, ap);
    search->stats->remedy = remedy;
}

void search_note(search_task *search, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    write_note(search, SLIDE_REMEDY_NONE, fmt, ap);
    va_end(ap);
}

void search_note_remedy(search_task *search, int remedy, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    write_note(search, remedy, fmt, ap);
    va_end(ap);
}

void search_progress(const search_task *search, unsigned bound)
{
    if (!search->progress)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_SEARCH;
    p.bound = bound;
    p.nodes = search->stats->expanded;
    search->progress(search->progress_ctx, &p);
}

void search_goal_cells(const search_task *search, uint8_t *cells)
{
    int n = search->goal->rows * search->goal->cols;
    for (int c = 0; c < n && c < SLIDE_MAX_WIDE_CELLS; c++)
        cells[c] = (uint8_t)search->goal->cells[c];
}

void search_task_set_boards(search_task *search, const slide_board *start, const slide_board *goal)
{
    int cells = start->rows * start->cols;
    search->start = start;
    search->goal = goal;
    search->start_state = search->goal_state = 0;
    memset(&search->start_wide, 0, sizeof search->start_wide);
    memset(&search->goal_wide, 0, sizeof search->goal_wide);
    if (cells <= SLIDE_MAX_WIDE_CELLS)
        geometry_init(&search->shape, start->rows, start->cols);
    if (cells > SLIDE_MAX_PACKED_CELLS && cells <= SLIDE_MAX_WIDE_CELLS) {
        search->start_wide = state128_pack(start);
        search->goal_wide = state128_pack(goal);
    } else if (cells <= SLIDE_MAX_PACKED_CELLS) {
        search->start_state = state_pack(start);
        search->goal_state = state_pack(goal);
    }
}

size_t search_table_cap(const search_task *search)
{
    size_t cap = search->budget->cap;
    if (search->context && context_memory_cap(search->context) < cap)
        cap = context_memory_cap(search->context);
    return cap;
}
