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

void search_goal_cells(const search_task *search, uint8_t *cells)
{
    int n = search->goal->rows * search->goal->cols;
    for (int c = 0; c < n && c < SLIDE_MAX_WIDE_CELLS; c++)
        cells[c] = (uint8_t)search->goal->cells[c];
}
