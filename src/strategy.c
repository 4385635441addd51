/*
 * strategy.c - the strategy solver (--algo strategy): any R x C board, any
 * goal, in time and memory proportional to the board, not optimal.
 *
 * It solves the way a person does.  The goal's blank cell decides a final
 * region of 2x3, 3x2 or 2x2 cells that contains it.  Until only that region
 * is left, one side of the remaining rectangle (a row or a column that does
 * not touch the final region) is filled: every tile but the last two goes
 * home one at a time (strategy_place.c), the last two together through the
 * 3x2 block at the side's end.  The side taken is along the longer
 * dimension, so an n x n board is peeled as alternating rows and columns
 * and a 2 x 9 board column by column; of two such sides the one nearer the
 * blank goes first, filled from its end nearer the blank.  The final region
 * is solved by breadth-first search (strategy_small.c).
 *
 * Every phase is bounded: a tile placement takes at most its Manhattan
 * distance of steps, each with a finite blank route, a row ends with a
 * table walk that strictly descends, and the final search has at most 720
 * states.  Tiles already home are skipped, so a solved board costs nothing
 * and a board one move from the goal gets that one move when the final
 * region can be chosen to contain both blanks (it always can).
 *
 * Moves pass through a pending buffer that cancels a move followed by its
 * inverse, then go to the search's slide_moves in bulk: with a sink or
 * count_only the solver holds only the board (two uint32 arrays) and the
 * buffer, whatever the length of the answer.
 */
#include "strategy.h"

#include <stdlib.h>

void strat_flush(strat *s, size_t keep)
{
    size_t n = s->npending - keep;
    if (s->status == SLIDE_OK && n > 0) {
        int status;
        if (s->out->count_only) {
            status = slide_moves_append(s->out, NULL, n);
        } else {
            char letters[4096];
            status = SLIDE_OK;
            for (size_t i = 0; i < n && status == SLIDE_OK;) {
                size_t m = n - i < sizeof letters ? n - i : sizeof letters;
                for (size_t k = 0; k < m; k++)
                    letters[k] = slide_move_letters[s->pending[i + k]];
                status = slide_moves_append(s->out, letters, m);
                i += m;
            }
        }
        if (status != SLIDE_OK)
            s->status = status;
    }
    memmove(s->pending, s->pending + n, keep);
    s->npending = keep;
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
    s->watch_key = watch ? (base >> s->key_shift) & s->key_mask : UINT32_MAX;
    if (!watch)
        return;
    /*
     * Find the side's w tiles: one pass over the view's rectangle in board
     * order, whatever the view's orientation, so each row is contiguous and
     * a block of 16 cells is first tested for any match without branches
     * (which compilers vectorise).  The blank's cell holds junk.
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
    const int key_shift = s->key_shift;
    const uint32_t key_mask = s->key_mask, key = s->watch_key;
    int found = 0;
    for (uint32_t row = top; row <= bottom && found < w; row++) {
        const uint32_t *line = s->cell + ((size_t)row << s->shift);
        for (uint32_t c = left; c <= right; c += 16) {
            uint32_t end = c + 16 <= right + 1 ? c + 16 : right + 1;
            unsigned any = 0;
            for (uint32_t k = c; k < end; k++)
                any |= ((line[k] >> key_shift) & key_mask) == key;
            if (!any)
                continue;
            for (uint32_t k = c; k < end; k++) {
                uint32_t slot = (row << s->shift) | k, t = line[k];
                if (((t >> key_shift) & key_mask) == key && slot != s->blank) {
                    s->side_pos[(t >> s->index_shift) & s->index_mask] = slot;
                    found++;
                }
            }
        }
    }
}

/* A rectangle of the board, inclusive bounds. */
typedef struct strat_rect {
    int top, bottom, left, right;
} strat_rect;

/*
 * Fills one side of the remaining rectangle g (one that the final region
 * win does not touch) and shrinks g past it.
 */
static int fill_side(strat *s, strat_rect *g, const strat_rect *win)
{
    int h = g->bottom - g->top + 1, w = g->right - g->left + 1;
    int can_top = g->top<win->top, can_bottom = g->bottom> win->bottom;
    int can_left = g->left<win->left, can_right = g->right> win->right;
    int brow = (int)(s->blank >> s->shift), bcol = (int)(s->blank & s->mask);
    int32_t stride = (int32_t)(s->mask + 1);
    if ((can_top || can_bottom) && (h >= w || !(can_left || can_right))) {
        int top = can_top && (!can_bottom || brow - g->top <= g->bottom - brow);
        int from_left = bcol - g->left <= g->right - bcol;
        uint32_t base = ((uint32_t)(top ? g->top : g->bottom) << s->shift) |
                        (uint32_t)(from_left ? g->left : g->right);
        strat_set_view(s, base, top ? stride : -stride, from_left ? 1 : -1, h, w, 1);
        if (top)
            g->top++;
        else
            g->bottom--;
    } else {
        int left = can_left && (!can_right || bcol - g->left <= g->right - bcol);
        int from_top = brow - g->top <= g->bottom - brow;
        uint32_t base = ((uint32_t)(from_top ? g->top : g->bottom) << s->shift) |
                        (uint32_t)(left ? g->left : g->right);
        strat_set_view(s, base, left ? 1 : -1, from_top ? stride : -stride, w, h, 1);
        if (left)
            g->left++;
        else
            g->right--;
    }
    return strat_fill_row(s);
}

/*
 * The first of the positions lo..hi (a window of `size` cells along a line
 * of `extent`, containing `must`) that also contains `want` when one does,
 * else the one nearest to it.
 */
static int window_start(int must, int want, int size, int extent)
{
    int lo = must - size + 1 < 0 ? 0 : must - size + 1;
    int hi = must > extent - size ? extent - size : must;
    int best = want - size + 1;
    if (best < lo)
        best = lo;
    if (best > hi)
        best = hi;
    return best;
}

/* Builds the relabelled board in s from the search's start and goal. */
static int strat_load(strat *s, const slide_board *start, const slide_board *goal)
{
    int shift = 1;
    while ((1 << shift) < start->cols)
        shift++;
    s->rows = start->rows;
    s->cols = start->cols;
    s->shift = shift;
    s->mask = (1u << shift) - 1;
    s->slots = (size_t)start->rows << shift;
    size_t cells = (size_t)s->rows * (size_t)s->cols;
    s->side_cap = (size_t)(s->rows > (int)s->mask + 1 ? s->rows : (int)s->mask + 1);
    s->cell = slide_budget_alloc(s->budget, s->slots * sizeof *s->cell);
    s->side_pos = slide_budget_alloc(s->budget, s->side_cap * sizeof *s->side_pos);
    /* label of tile t = slot of its goal cell */
    uint32_t *goal_slot = slide_budget_alloc(s->budget, cells * sizeof *goal_slot);
    if (!s->cell || !s->side_pos || !goal_slot) {
        slide_budget_free(s->budget, goal_slot, cells * sizeof *goal_slot);
        return s->budget->status;
    }
    size_t i = 0;
    for (int r = 0; r < s->rows; r++)
        for (int c = 0; c < s->cols; c++, i++)
            goal_slot[goal->cells[i]] = (uint32_t)r << shift | (uint32_t)c;
    memset(s->cell, 0xFF, s->slots * sizeof *s->cell);
    i = 0;
    for (int r = 0; r < s->rows; r++)
        for (int c = 0; c < s->cols; c++, i++)
            s->cell[(size_t)r << shift | (size_t)c] = goal_slot[start->cells[i]];
    s->blank =
        (uint32_t)(start->blank / start->cols) << shift | (uint32_t)(start->blank % start->cols);
    s->goal_blank =
        (uint32_t)(goal->blank / goal->cols) << shift | (uint32_t)(goal->blank % goal->cols);
    slide_budget_free(s->budget, goal_slot, cells * sizeof *goal_slot);
    return SLIDE_OK;
}

static void strat_release(strat *s)
{
    slide_budget_free(s->budget, s->cell, s->slots * sizeof *s->cell);
    slide_budget_free(s->budget, s->side_pos, s->side_cap * sizeof *s->side_pos);
}

int slide_strategy_solve(slide_search *search)
{
    slide_budget *budget = search->budget;
    strat *s = slide_budget_calloc(budget, 1, sizeof *s);
    if (!s) {
        slide_note(search, "strategy needs %zu bytes of state for a %dx%d board", sizeof *s,
                   search->start->rows, search->start->cols);
        return budget->status;
    }
    s->budget = budget;
    s->out = search->moves;
    s->status = strat_load(s, search->start, search->goal);

    int rows = s->rows, cols = s->cols;
    int wh = 2, ww = 2;
    if (rows >= 3 && cols >= 3) {
        wh = cols >= rows ? 2 : 3;
        ww = 5 - wh;
    } else if (rows == 2) {
        ww = cols >= 3 ? 3 : 2;
    } else {
        wh = rows >= 3 ? 3 : 2;
    }
    int gr = (int)(s->goal_blank >> s->shift), gc = (int)(s->goal_blank & s->mask);
    int sr = (int)(s->blank >> s->shift), sc = (int)(s->blank & s->mask);
    strat_rect win;
    win.top = window_start(gr, sr, wh, rows);
    win.left = window_start(gc, sc, ww, cols);
    win.bottom = win.top + wh - 1;
    win.right = win.left + ww - 1;

    strat_rect g = {0, rows - 1, 0, cols - 1};
    while (s->status == SLIDE_OK && (g.bottom - g.top + 1 > wh || g.right - g.left + 1 > ww)) {
        fill_side(s, &g, &win);
        if (s->status == SLIDE_OK && slide_budget_expired(budget))
            s->status = SLIDE_E_TIMEOUT;
    }
    int status;
    if (s->status == SLIDE_OK) {
        status = strat_window_solve(s, win.top, win.left, wh, ww);
        if (status != SLIDE_OK)
            s->status = status;
    }
    if (s->status == SLIDE_OK)
        strat_flush(s, 0);
    status = s->status;
    if (status == SLIDE_E_TIMEOUT)
        slide_note(search, "strategy placed tiles up to the time limit on a %dx%d board", rows,
                   cols);
    else if (status == SLIDE_E_MEMLIMIT)
        slide_note(search,
                   "strategy needs %zu bytes for a %dx%d board, and a stored answer one byte a "
                   "move (%llu moves so far)",
                   s->slots * sizeof(uint32_t) + sizeof *s, rows, cols,
                   (unsigned long long)s->out->count);
    strat_release(s);
    slide_budget_free(budget, s, sizeof *s);
    return status;
}
