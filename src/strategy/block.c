/*
 * block.c - the last two cells of a row (or of each row of a strip): both
 * tiles are brought into the 3x2 block at the row's end, and the block is
 * finished by table (small.c, strat_w3_finish).
 */
#include "strategy/area_internal.h"

/* Non-zero when view cell (r, c) lies in the 3x2 block at the row's end. */
static int in_block(const strat *s, int r, int c)
{
    return r <= 2 && c >= s->view.w - 2;
}

static int label_in_block(const strat *s, uint32_t label)
{
    int r, c;
    strat_to_view(s, strat_where(s, label), &r, &c);
    return in_block(s, r, c);
}

/*
 * Brings the blank into the 3x2 block without moving tiles a and b, which
 * are in it.  From the left it enters block row 1 or 2 across column w-3,
 * from below it enters block row 2 from row 3; the caller has made sure
 * that the entry chosen here does not hold a or b.  The runs stay outside
 * the block until the last move.  With the rows below placed left of the
 * block too (a strip's notch of nh > 1 rows), it enters from below only,
 * by runs that stay out of the notch.
 */
static int enter_block(strat *s, uint32_t a, uint32_t b, int nh)
{
    const int w = s->view.w;
    if (in_block(s, s->br, s->bc))
        return SLIDE_OK;
    uint32_t sa = strat_where(s, a), sb = strat_where(s, b);
    if (nh == 1 && s->bc <= w - 3) {
        int first = s->br <= 1 ? 1 : 2;
        int row = first;
        uint32_t entry = strat_slot(s, row, w - 2);
        if (entry == sa || entry == sb)
            row = 3 - first;
        entry = strat_slot(s, row, w - 2);
        if (entry == sa || entry == sb)
            return SLIDE_E_INTERNAL;
        walk_rows(s, row);
        walk_cols(s, w - 3);
        strat_move(s, SLIDE_RIGHT);
        return SLIDE_OK;
    }
    int col = s->bc >= w - 2 ? s->bc : w - 2;
    uint32_t entry = strat_slot(s, 2, col);
    if (entry == sa || entry == sb)
        col = col == w - 1 ? w - 2 : w - 1;
    entry = strat_slot(s, 2, col);
    if (entry == sa || entry == sb || s->view.h < 4)
        return SLIDE_E_INTERNAL;
    /* left of the block the blank is below the notch; row 3 is, where it is above row 3 */
    if (s->bc <= w - 3 && s->br >= 3) {
        walk_cols(s, col);
        walk_rows(s, 3);
    } else {
        walk_rows(s, 3);
        walk_cols(s, col);
    }
    strat_move(s, SLIDE_UP);
    return SLIDE_OK;
}

/* Whether enter_block has a free entry on the blank's side. */
static int block_entry_free(const strat *s, uint32_t a, uint32_t b, int nh)
{
    const int w = s->view.w;
    uint32_t sa = strat_where(s, a), sb = strat_where(s, b);
    if (in_block(s, s->br, s->bc))
        return 1;
    uint32_t e1, e2;
    if (s->bc <= w - 3 && nh == 1) {
        e1 = strat_slot(s, 1, w - 2);
        e2 = strat_slot(s, 2, w - 2);
    } else {
        if (s->view.h < 4)
            return 0;
        e1 = strat_slot(s, 2, w - 2);
        e2 = strat_slot(s, 2, w - 1);
    }
    return !((e1 == sa || e1 == sb) && (e2 == sa || e2 == sb));
}

int strat_fill_last_two(strat *s, const open_frames *fs, int nh)
{
    const int w = s->view.w;
    uint32_t a = strat_slot(s, 0, w - 2), b = strat_slot(s, 0, w - 1);
    if (strat_where(s, a) == a && strat_where(s, b) == b)
        return SLIDE_OK;
    int status = SLIDE_OK;
    if (!(label_in_block(s, a) && label_in_block(s, b) && block_entry_free(s, a, b, nh))) {
        if (strat_where(s, a) != b) {
            strat_area corner = area_of(0, w - 2, nh);
            status = strat_place_tile(s, fs, &corner, a, 0, w - 1);
        }
        if (status == SLIDE_OK && !label_in_block(s, b)) {
            /* b is below row 0; keep the blank out of row 0 so a stays put */
            if (s->br == 0)
                strat_move(s, SLIDE_DOWN);
            strat_area below = nh > 1 ? area_of(1, w - 2, nh - 1) : area_of(1, 0, 1);
            status = strat_place_tile(s, fs, &below, b, 1, w - 1);
        }
    }
    if (status == SLIDE_OK)
        status = enter_block(s, a, b, nh);
    if (status == SLIDE_OK)
        status = strat_w3_finish(s, a, b);
    return status;
}
