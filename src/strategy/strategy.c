/*
 * strategy.c - the strategy solver (--algo strategy): any R x C board, any
 * goal, in time and memory proportional to the board, not optimal.
 *
 * It solves the way a person does.  The goal's blank cell decides a final
 * region of 2x3, 3x2 or 2x2 cells that contains it.  Until only that region
 * is left, one side of the remaining rectangle (a row or a column that does
 * not touch the final region) is filled: every tile but the last two goes
 * home one at a time (tile.c, row.c), the last two together through the
 * 3x2 block at the side's end.  The side taken is along the longer
 * dimension, so an n x n board is peeled as alternating rows and columns
 * and a 2 x 9 board column by column; of two such sides the one nearer the
 * blank goes first, filled from its end nearer the blank.  The final region
 * is solved by breadth-first search (small.c).
 *
 * Every phase is bounded: a tile placement takes at most its Manhattan
 * distance of steps, each with a finite blank route, a row ends with a
 * table walk that strictly descends, and the final search has at most 720
 * states.  Tiles already home are skipped, so a solved board costs nothing
 * and a board one move from the goal gets that one move when the final
 * region can be chosen to contain both blanks (it always can).
 *
 * Moves pass through a pending buffer that cancels a move followed by its
 * inverse, then go to the search's move_list in bulk: with a sink or
 * count_only the solver holds only the board (two uint32 arrays) and the
 * buffer, whatever the length of the answer.
 */
#include "strategy/strategy.h"
#include "strategy/strategy_internal.h"

#include <stdlib.h>

/* A rectangle of the board, inclusive bounds. */
typedef struct strat_rect {
    int top, bottom, left, right;
} strat_rect;

/*
 * How many rows a side of `room` rows (those between the rectangle's edge
 * and the final region), in a rectangle of `depth` rows by `length`, that
 * must keep `keep` rows, fills at once: a strip of 3 or 4 rows where they
 * all fit in a rectangle large enough for trains, else one.
 */
static int side_rows(int room, int depth, int length, int keep)
{
    const int deep = depth >= STRAT_DEEP_STRIP_MIN && length >= STRAT_DEEP_STRIP_MIN;
    const int k = deep && room >= STRAT_STRIP_ROWS ? STRAT_STRIP_ROWS : STRAT_STRIP_ROWS - 1;
    return room >= k && depth >= STRAT_STRIP_MIN && length >= STRAT_STRIP_MIN && depth - k >= keep
               ? k
               : 1;
}

/*
 * Fills one side of the remaining rectangle g (one that the final region
 * win does not touch; a strip of rows where side_rows allows) and shrinks
 * g past it, leaving at least keep_rows x keep_cols.
 */
static int fill_side(strat *s, strat_rect *g, const strat_rect *win, int keep_rows, int keep_cols)
{
    int h = g->bottom - g->top + 1, w = g->right - g->left + 1;
    int can_top = g->top<win->top, can_bottom = g->bottom> win->bottom;
    int can_left = g->left<win->left, can_right = g->right> win->right;
    int brow = (int)(s->blank >> s->shift), bcol = (int)(s->blank & s->mask);
    int32_t stride = (int32_t)(s->mask + 1);
    int k; /* rows filled at once (side_rows) */
    if ((can_top || can_bottom) && (h >= w || !(can_left || can_right))) {
        int top = can_top && (!can_bottom || brow - g->top <= g->bottom - brow);
        int from_left = bcol - g->left <= g->right - bcol;
        uint32_t base = ((uint32_t)(top ? g->top : g->bottom) << s->shift) |
                        (uint32_t)(from_left ? g->left : g->right);
        k = side_rows(top ? win->top - g->top : g->bottom - win->bottom, h, w, keep_rows);
        strat_set_view(s, base, top ? stride : -stride, from_left ? 1 : -1, h, w, k);
        if (top)
            g->top += k;
        else
            g->bottom -= k;
    } else {
        int left = can_left && (!can_right || bcol - g->left <= g->right - bcol);
        int from_top = brow - g->top <= g->bottom - brow;
        uint32_t base = ((uint32_t)(from_top ? g->top : g->bottom) << s->shift) |
                        (uint32_t)(left ? g->left : g->right);
        k = side_rows(left ? win->left - g->left : g->right - win->right, w, h, keep_cols);
        strat_set_view(s, base, left ? 1 : -1, from_top ? stride : -stride, w, h, k);
        if (left)
            g->left += k;
        else
            g->right -= k;
    }
    return k > 1 ? strat_fill_strip(s, k) : strat_fill_row(s);
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
    s->horizon =
        (long)start->rows * start->cols > STRAT_HUGE_CELLS ? STRAT_HORIZON_HUGE : STRAT_HORIZON;
    s->shift = shift;
    s->mask = (1u << shift) - 1;
    s->slots = (size_t)start->rows << shift;
    size_t cells = (size_t)s->rows * (size_t)s->cols;
    s->side_cap = (size_t)(s->rows > (int)s->mask + 1 ? s->rows : (int)s->mask + 1);
    s->cell = budget_alloc(s->budget, s->slots * sizeof *s->cell);
    s->side_pos = budget_alloc(s->budget, s->side_cap * STRAT_STRIP_ROWS * sizeof *s->side_pos);
    s->pending = budget_alloc(s->budget, STRAT_PENDING);
    s->pending_cap = STRAT_PENDING;
    s->trials = cells <= STRAT_TRIAL_CELLS;
    s->policy = &s->knobs->policies[0];
    if (s->trials) {
        s->walk_memo_cap = s->rows + s->cols;
        s->walk_memo_moves =
            budget_alloc(s->budget, (size_t)STRAT_WALK_MEMO * (size_t)s->walk_memo_cap);
    }
    /* label of tile t = slot of its goal cell */
    uint32_t *goal_slot = budget_alloc(s->budget, cells * sizeof *goal_slot);
    if (!s->cell || !s->side_pos || !s->pending || (s->trials && !s->walk_memo_moves) ||
        !goal_slot) {
        budget_free(s->budget, goal_slot, cells * sizeof *goal_slot);
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
    budget_free(s->budget, goal_slot, cells * sizeof *goal_slot);
    return SLIDE_OK;
}

static void strat_release(strat *s)
{
    budget_free(s->budget, s->cell, s->slots * sizeof *s->cell);
    budget_free(s->budget, s->side_pos, s->side_cap * STRAT_STRIP_ROWS * sizeof *s->side_pos);
    budget_free(s->budget, s->pending, s->pending_cap);
    budget_free(s->budget, s->walk_memo_moves, (size_t)STRAT_WALK_MEMO * (size_t)s->walk_memo_cap);
}

/*
 * The rectangle left (h x w cells from top, left) as a board of its own and
 * its goal: the goal numbers the rectangle's cells 1, 2, ... in order, the
 * goal blank's cell left out; each tile of the start takes the number of its
 * goal cell.  The boards' cells come from malloc (slide_board_free).
 */
static int strat_rest(strat *s, int top, int left, int h, int w, slide_board *rest,
                      slide_board *rest_goal)
{
    size_t n = (size_t)h * (size_t)w;
    int gb = (int)((s->goal_blank >> s->shift) - (uint32_t)top) * w +
             (int)((s->goal_blank & s->mask) - (uint32_t)left);
    rest->rows = rest_goal->rows = h;
    rest->cols = rest_goal->cols = w;
    rest->cells = malloc(n * sizeof *rest->cells);
    rest_goal->cells = malloc(n * sizeof *rest_goal->cells);
    if (!rest->cells || !rest_goal->cells) {
        free(rest->cells);
        free(rest_goal->cells);
        rest->cells = rest_goal->cells = NULL;
        return SLIDE_E_NOMEM;
    }
    for (int p = 0; p < (int)n; p++)
        rest_goal->cells[p] = p == gb ? 0u : (uint32_t)(p < gb ? p + 1 : p);
    rest_goal->blank = gb;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            uint32_t slot = (uint32_t)(top + r) << s->shift | (uint32_t)(left + c);
            int p = r * w + c;
            if (slot == s->blank) {
                rest->cells[p] = 0;
                rest->blank = p;
                continue;
            }
            uint32_t label = s->cell[slot];
            int q = (int)((label >> s->shift) - (uint32_t)top) * w +
                    (int)((label & s->mask) - (uint32_t)left);
            rest->cells[p] = (uint32_t)(q < gb ? q + 1 : q);
        }
    return SLIDE_OK;
}

/*
 * The common run of strategy_solve and strategy_reduce: sides are filled
 * until the remaining rectangle is at most keep_rows x keep_cols, and never
 * past the final region (all strategy_solve, with 0 x 0, asks for); then
 * the rectangle goes out as a board of its own when rest is given (see
 * strat_rest), else the final region is solved.  Trials try the ways and
 * plans of knobs.
 */
static int strategy_run(search_task *search, const strat_knobs *knobs, int keep_rows, int keep_cols,
                        slide_board *rest, slide_board *rest_goal)
{
    search_budget *budget = search->budget;
    strat *s = budget_calloc(budget, 1, sizeof *s);
    if (!s) {
        search_note(search, "strategy needs %zu bytes of state for this %dx%d board", sizeof *s,
                   search->start->rows, search->start->cols);
        return budget->status;
    }
    s->budget = budget;
    s->knobs = knobs;
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
    while (s->status == SLIDE_OK &&
           (g.bottom - g.top + 1 > keep_rows || g.right - g.left + 1 > keep_cols) &&
           (g.bottom - g.top + 1 > wh || g.right - g.left + 1 > ww)) {
        fill_side(s, &g, &win, keep_rows, keep_cols);
        if (s->status == SLIDE_OK && budget_expired(budget))
            s->status = budget->status;
    }
    int status;
    if (s->status == SLIDE_OK && rest) {
        s->status = strat_rest(s, g.top, g.left, g.bottom - g.top + 1, g.right - g.left + 1,
                               rest, rest_goal);
    } else if (s->status == SLIDE_OK) {
        status = strat_window_solve(s, win.top, win.left, wh, ww);
        if (status != SLIDE_OK)
            s->status = status;
    }
    if (s->status == SLIDE_OK)
        strat_flush(s, 0);
    status = s->status;
    if (status == SLIDE_E_TIMEOUT)
        search_note(search, "strategy placed tiles up to the time limit on this %dx%d board", rows,
                   cols);
    else if (status == SLIDE_E_MEMLIMIT)
        search_note(search,
                    "strategy needs %zu bytes for this %dx%d board, and a stored answer one byte a "
                    "move (%llu moves so far)",
                    s->slots * sizeof(uint32_t) + sizeof *s + s->pending_cap +
                        (size_t)STRAT_WALK_MEMO * (size_t)s->walk_memo_cap,
                    rows, cols, (unsigned long long)s->out->count);
    strat_release(s);
    budget_free(budget, s, sizeof *s);
    return status;
}

int strategy_solve(search_task *search)
{
    return strategy_run(search, &strat_knobs_tuned, 0, 0, NULL, NULL);
}

int strategy_solve_knobs(search_task *search, const strat_knobs *knobs)
{
    if (knobs->policy_count < 1 || knobs->policy_count > STRAT_POLICIES || knobs->plan_count < 1 ||
        knobs->plan_count > STRAT_TRAIN_PLANS)
        return SLIDE_E_ARGUMENT;
    return strategy_run(search, knobs, 0, 0, NULL, NULL);
}

int strategy_reduce(search_task *search, int keep_rows, int keep_cols, slide_board *rest,
                    slide_board *rest_goal)
{
    return strategy_run(search, &strat_knobs_tuned, keep_rows, keep_cols, rest, rest_goal);
}
