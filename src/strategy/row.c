/*
 * row.c - filling one row: its tiles home one at a time, left to right,
 * the last two together through the 3x2 block (block.c).
 */
#include "strategy/area_internal.h"

int strat_fill_row(strat *s)
{
    const int w = s->view.w;
    strat_area a = area_of(0, 0, 1);
    open_frames frames;
    strat_open_frames_init(&frames, s);
    for (int c = 0; c + 2 < w && s->status == SLIDE_OK; c++) {
        uint32_t label = strat_slot(s, 0, c);
        if (strat_where(s, label) == label)
            continue;
        a.c0 = c;
        int status = strat_place_tile(s, &frames, &a, label, 0, c);
        if (status != SLIDE_OK && s->status == SLIDE_OK)
            s->status = status;
        if ((c & 63) == 63 && budget_expired(s->budget) && s->status == SLIDE_OK)
            s->status = s->budget->status;
    }
    if (s->status == SLIDE_OK) {
        int status = strat_fill_last_two(s, &frames, 1);
        if (status != SLIDE_OK)
            s->status = status;
    }
    return s->status;
}
