/*
 * view.c - the strategy solver's primitives that every phase uses: the
 * pending-move flush and the views that turn any side of the board into
 * "the top row, left to right" (see strategy_internal.h).  The driver
 * (strategy.c) and the phases (row.c, strip.c, small.c ...) sit on top of this file.
 */
#include "strategy/blank_internal.h"

void strat_flush(strat *s, size_t keep)
{
    size_t n = s->npending - keep;
    if (s->status == SLIDE_OK && n > 0) {
        int status;
        if (s->out->count_only) {
            status = move_list_append(s->out, NULL, n);
        } else {
            char letters[4096];
            status = SLIDE_OK;
            for (size_t i = 0; i < n && status == SLIDE_OK;) {
                size_t m = n - i < sizeof letters ? n - i : sizeof letters;
                for (size_t k = 0; k < m; k++)
                    letters[k] = slide_move_letters[s->pending[i + k]];
                status = move_list_append(s->out, letters, m);
                i += m;
            }
        }
        if (status != SLIDE_OK)
            s->status = status;
    }
    memmove(s->pending, s->pending + n, keep);
    s->npending = keep;
}

void strat_room(strat *s, size_t need)
{
    if (!s->trying) {
        /* the last quarter stays, so that the next moves may still cancel */
        size_t keep = s->npending < s->pending_cap / 4 ? s->npending : s->pending_cap / 4;
        strat_flush(s, keep);
        if (s->pending_cap - s->npending >= need)
            return;
    }
    size_t cap = 2 * s->pending_cap;
    while (cap - s->npending < need)
        cap *= 2;
    uint8_t *grown = budget_alloc(s->budget, cap);
    if (!grown) {
        /*
         * The solve fails; the moves still go on (unrecorded), so that every
         * walk under way reaches its end and the phases stop at their checks.
         */
        if (s->status == SLIDE_OK)
            s->status = s->budget->status;
        s->npending = 0;
        return;
    }
    memcpy(grown, s->pending, s->npending);
    budget_free(s->budget, s->pending, s->pending_cap);
    s->pending = grown;
    s->pending_cap = cap;
}

long strat_undo(strat *s, size_t from)
{
    const uint32_t stride = s->mask + 1, mask = s->mask;
    const int shift = s->shift;
    const uint32_t side_mask = s->side_mask, side_lo = s->side_lo, side_span = s->side_span;
    /* where the tile a move u, d, l, r took is, from the blank after the move */
    const uint32_t back_of[4] = {stride, 0u - stride, 1u, 0u - 1u};
    const strat_tracker track = strat_tracker_of(s);
    uint32_t *const cell = s->cell;
    const uint8_t *const pending = s->pending;
    uint32_t blank = s->blank;
    long change = 0;
    for (size_t i = s->npending; i-- > from;) {
        const unsigned m = pending[i];
        uint32_t back = blank + back_of[m];
        uint32_t tile = cell[back];
        /* the tile went a cell along a row (u, d) or a column (l, r): towards its goal or not */
        uint32_t goal = m < 2 ? tile >> shift : tile & mask;
        uint32_t was = m < 2 ? blank >> shift : blank & mask;
        int towards = m & 1 ? goal < was : goal > was;
        int weight = 1 + strat_of_side(tile, side_mask, side_lo, side_span);
        change += (long)(weight * (1 - 2 * towards));
        cell[blank] = tile;
        strat_track(&track, tile, blank);
        blank = back;
    }
    s->blank = blank;
    s->npending = from;
    strat_to_view(s, blank, &s->br, &s->bc);
    return change;
}

void strat_to_view(const strat *s, uint32_t slot, int *r, int *c)
{
    int row = (int)(slot >> s->shift) - (int)(s->view.base >> s->shift);
    int col = (int)(slot & s->mask) - (int)(s->view.base & s->mask);
    int along_rows = s->view.dr == 1 || s->view.dr == -1;
    int dr_sign = s->view.dr < 0 ? -1 : 1, dc_sign = s->view.dc < 0 ? -1 : 1;
    if (along_rows) {
        *r = col * dr_sign;
        *c = row * dc_sign;
    } else {
        *r = row * dr_sign;
        *c = col * dc_sign;
    }
}

/* The board move that changes a slot by delta. */
static uint8_t board_dir(const strat *s, int32_t delta)
{
    if (delta == 1)
        return SLIDE_RIGHT;
    if (delta == -1)
        return SLIDE_LEFT;
    return delta == (int32_t)(s->mask + 1) ? SLIDE_DOWN : SLIDE_UP;
}

void strat_set_view(strat *s, uint32_t base, int32_t dr, int32_t dc, int h, int w, int watch)
{
    strat_view *v = &s->view;
    v->base = base;
    v->dr = dr;
    v->dc = dc;
    v->h = h;
    v->w = w;
    v->delta[SLIDE_UP] = -dr;
    v->delta[SLIDE_DOWN] = dr;
    v->delta[SLIDE_LEFT] = -dc;
    v->delta[SLIDE_RIGHT] = dc;
    for (int d = 0; d < 4; d++) {
        int b = v->dir[d] = board_dir(s, v->delta[d]);
        int vertical = b == SLIDE_UP || b == SLIDE_DOWN;
        v->gain_shift[d] = vertical ? s->shift : 0;
        v->gain_mask[d] = vertical ? ~0u : s->mask;
        v->gain_sign[d] = b == SLIDE_UP || b == SLIDE_LEFT ? 1 : -1;
    }
    strat_to_view(s, s->blank, &s->br, &s->bc);
    /* row 0 of the view is a board row when a view column step is +-1 */
    int side_is_row = dc == 1 || dc == -1;
    s->key_shift = side_is_row ? s->shift : 0;
    s->key_mask = side_is_row ? ~0u : s->mask;
    s->index_shift = side_is_row ? 0 : s->shift;
    s->index_mask = side_is_row ? s->mask : ~0u;
    /* the side's keys: those of view rows 0 .. watch-1, in either order */
    uint32_t key0 = (base >> s->key_shift) & s->key_mask;
    uint32_t key_last =
        ((base + (uint32_t)((watch > 0 ? watch - 1 : 0) * dr)) >> s->key_shift) & s->key_mask;
    s->key_lo = key0 < key_last ? key0 : key_last;
    s->key_span = (uint32_t)watch;
    s->side_mask = !watch ? 0 : side_is_row ? ~s->mask : s->mask;
    s->side_lo = !watch ? 1 : side_is_row ? s->key_lo << s->shift : s->key_lo;
    s->side_span = !watch ? 0 : side_is_row ? (uint32_t)watch << s->shift : (uint32_t)watch;
    if (!watch)
        return;
    /*
     * Find the side's w * watch tiles: one pass over the view's rectangle in
     * board order, whatever the view's orientation, so each row is
     * contiguous and a block of 16 cells is first tested for any match
     * without branches (which compilers vectorise).  The blank's cell holds
     * junk.
     */
    uint32_t far = base + (uint32_t)((h - 1) * dr) + (uint32_t)((w - 1) * dc);
    uint32_t top = (base < far ? base : far) >> s->shift,
             bottom = (base < far ? far : base) >> s->shift;
    uint32_t left = base & s->mask, right = far & s->mask;
    if (left > right) {
        uint32_t t = left;
        left = right;
        right = t;
    }
    const strat_tracker track = strat_tracker_of(s);
    const int key_shift = s->key_shift;
    const uint32_t key_mask = s->key_mask, lo = s->key_lo, span = s->key_span;
    int found = 0, wanted = w * watch;
    for (uint32_t row = top; row <= bottom && found < wanted; row++) {
        const uint32_t *line = s->cell + ((size_t)row << s->shift);
        for (uint32_t c = left; c <= right; c += 16) {
            uint32_t end = c + 16 <= right + 1 ? c + 16 : right + 1;
            unsigned any = 0;
            for (uint32_t k = c; k < end; k++)
                any |= ((line[k] >> key_shift) & key_mask) - lo < span;
            if (!any)
                continue;
            for (uint32_t k = c; k < end; k++) {
                uint32_t slot = (row << s->shift) | k, t = line[k];
                if (((t >> key_shift) & key_mask) - lo < span && slot != s->blank) {
                    strat_track(&track, t, slot);
                    found++;
                }
            }
        }
    }
}

void strat_view_down(strat *s)
{
    s->view.base += (uint32_t)s->view.dr;
    s->view.h--;
    s->br--;
}
