/*
 * beam_stages.c - one beam search of a board (beam.h): sides placed by
 * stages while the rectangle left is too large, then one beam over it
 * whole; strategy finishes a board whose beam lost its way.
 */
#include "search/beam.h"
#include "strategy/strategy.h"

#include <stdlib.h>

/* Boards of at most this many cells are searched whole; larger ones side by side first. */
#define BEAM_WHOLE_CELLS 36

/*
 * Whether a rectangle of h x w cells is searched whole: up to
 * BEAM_WHOLE_CELLS cells when both sides are at least 4 (on narrower
 * boards the estimate leads a whole beam astray), up to 12 cells always.
 */
static int beam_whole(int h, int w)
{
    int cells = h * w;
    return cells <= 12 || (cells <= BEAM_WHOLE_CELLS && h >= 4 && w >= 4);
}

/* The beam width of a stage that places one side. */
#define BEAM_STAGE_WIDTH 1000

/* The beam width for a board of `cells` cells: about a second of work on one core. */
static size_t beam_width(int cells)
{
    if (cells <= 36)
        return 6000;
    if (cells <= 49)
        return 4000;
    if (cells <= 64)
        return 2500;
    return 1500;
}

/* A width as a budget's rounds widen it (search_task.beam_scale). */
static size_t beam_scaled(const search_task *search, size_t width)
{
    return search->beam_scale > 1 ? width * search->beam_scale : width;
}

/* Limits the blank's moves to rows top .. bottom, columns left .. right. */
static void beam_region(beam *bm, int top, int bottom, int left, int right)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int c = 0; c < bm->cells; c++)
        for (int m = 0; m < 4; m++) {
            int r = c / bm->cols + dr[m], k = c % bm->cols + dc[m];
            bm->next[c][m] =
                (int16_t)(r >= top && r <= bottom && k >= left && k <= right ? r * bm->cols + k
                                                                             : -1);
        }
}

/*
 * near_order for the rectangle rows top..bottom, columns left..right (a
 * stage's): for each of its cells, its cells sorted by distance from that
 * one (a counting sort; ties in board order).
 */
static void beam_near_init(beam *bm, int top, int bottom, int left, int right)
{
    int h = bottom - top + 1, w = right - left + 1, far = h + w - 1;
    int start[BEAM_MAX_CELLS + 1];
    bm->near_count = h * w;
    for (int r = top; r <= bottom; r++)
        for (int k = left; k <= right; k++) {
            memset(start, 0, (size_t)(far + 1) * sizeof *start);
            for (int r2 = top; r2 <= bottom; r2++)
                for (int k2 = left; k2 <= right; k2++)
                    start[abs(r2 - r) + abs(k2 - k) + 1]++;
            for (int d = 1; d <= far; d++)
                start[d] += start[d - 1];
            uint8_t *order = bm->near_order[r * bm->cols + k];
            for (int r2 = top; r2 <= bottom; r2++)
                for (int k2 = left; k2 <= right; k2++)
                    order[start[abs(r2 - r) + abs(k2 - k)]++] = (uint8_t)(r2 * bm->cols + k2);
        }
}

/*
 * sp's beam set up for search's board: its shape and goal, the board as
 * labels (a tile's goal cell + 1, the blank 0) in sp->board.  SLIDE_OK or
 * why not.
 */
static int beam_setup(search_task *search, beam_space *sp)
{
    const slide_board *start = search->start, *goal = search->goal;
    search_budget *budget = search->budget;
    int cells = start->rows * start->cols;
    if (cells > BEAM_MAX_CELLS) {
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                           "beam handles boards of at most %d cells; this one has %d",
                           BEAM_MAX_CELLS, cells);
        return SLIDE_E_TOO_LARGE;
    }
    if (!sp->bm && !(sp->bm = budget_alloc(budget, sizeof *sp->bm)))
        return budget->status;
    if (sp->board_cells != (size_t)cells) {
        budget_free(budget, sp->board, sp->board_cells);
        sp->board_cells = 0;
        if (!(sp->board = budget_alloc(budget, (size_t)cells)))
            return budget->status;
        sp->board_cells = (size_t)cells;
    }
    beam *bm = sp->bm;
    memset(bm, 0, sizeof *bm);
    bm->rows = start->rows;
    bm->cols = start->cols;
    bm->cells = cells;
    bm->lines = bm->rows + bm->cols;
    bm->stride = cells + bm->lines;
    bm->budget = budget;
    uint8_t label_of[BEAM_MAX_CELLS + 1]; /* tile -> goal cell + 1, the blank 0 */
    for (int c = 0; c < cells; c++) {
        label_of[goal->cells[c]] = (uint8_t)(c + 1);
        bm->goal_row[c + 1] = (uint8_t)(c / bm->cols);
        bm->goal_col[c + 1] = (uint8_t)(c % bm->cols);
    }
    label_of[0] = 0;
    for (int c = 0; c < cells; c++)
        sp->board[c] = label_of[start->cells[c]];
    return SLIDE_OK;
}

/* The rectangle of the board a beam still works in. */
typedef struct beam_rect {
    int top, bottom, left, right;
} beam_rect;

/*
 * Sides of the rectangle *rect placed by stages until what is left is
 * small enough for one beam over all its tiles (beam_whole); a side never
 * holds the goal's blank.  *rect shrinks as they are placed.  SLIDE_OK,
 * BEAM_LOST or a status.
 */
static int beam_place_sides(search_task *search, beam_space *sp, beam_rect *rect, int *blank)
{
    beam *bm = sp->bm;
    const slide_board *goal = search->goal;
    int gr = goal->blank / goal->cols, gc = goal->blank % goal->cols;
    int status = SLIDE_OK;
    while (status == SLIDE_OK &&
           !beam_whole(rect->bottom - rect->top + 1, rect->right - rect->left + 1) &&
           (rect->bottom - rect->top + 1) * (rect->right - rect->left + 1) >
               search->beam_whole_cells) {
        int h = rect->bottom - rect->top + 1, w = rect->right - rect->left + 1, r0, r1, c0, c1;
        if (h >= w) {
            r0 = r1 = gr > rect->top ? rect->top : rect->bottom;
            c0 = rect->left;
            c1 = rect->right;
        } else {
            c0 = c1 = gc > rect->left ? rect->left : rect->right;
            r0 = rect->top;
            r1 = rect->bottom;
        }
        for (int label = 1; label <= bm->cells; label++) {
            int r = (label - 1) / bm->cols, k = (label - 1) % bm->cols;
            bm->stage[label] = r >= r0 && r <= r1 && k >= c0 && k <= c1;
            bm->weight[label] = bm->stage[label] ? BEAM_STAGE_WEIGHT : 1;
        }
        beam_region(bm, rect->top, rect->bottom, rect->left, rect->right);
        beam_near_init(bm, rect->top, rect->bottom, rect->left, rect->right);
        bm->blank_term = 1;
        bm->extras = 0;
        bm->width = beam_scaled(search, BEAM_STAGE_WIDTH);
        status = beam_run(bm, sp, search, sp->board, blank);
        if (status != SLIDE_OK)
            break;
        if (h >= w) {
            if (r0 == rect->top)
                rect->top++;
            else
                rect->bottom--;
        } else {
            if (c0 == rect->left)
                rect->left++;
            else
                rect->right--;
        }
    }
    return status;
}

/*
 * A beam lost its way (past 4 x its start's estimate + 400 moves, its best
 * estimate not falling for BEAM_STALL_LAYERS layers, or out of memory once
 * under way): strategy solves the board as the moves so
 * far left it (sp->board, the blank at `blank`).  Rare; the answer stays
 * valid.  Returns strategy's status.
 */
static int beam_finish_by_strategy(search_task *search, beam_space *sp, int blank)
{
    search_budget *budget = search->budget;
    const slide_board *goal = search->goal;
    const beam *bm = sp->bm;
    int cells = bm->cells;
    const uint8_t *board = sp->board;
    slide_board now = {bm->rows, bm->cols, blank, NULL};
    /* strategy needs the room more; board and bm stay */
    beam_space_free_runs(sp, budget);
    budget->status = SLIDE_OK;
    search->stats->note[0] = '\0';
    search->stats->remedy = SLIDE_REMEDY_NONE;
    now.cells = budget_alloc(budget, (size_t)cells * sizeof *now.cells);
    if (!now.cells)
        return budget->status;
    for (int c = 0; c < cells; c++)
        now.cells[c] = board[c] ? goal->cells[board[c] - 1] : 0;
    search_task sub = *search;
    search_task_set_boards(&sub, &now, goal);
    int status = strategy_solve(&sub);
    if (status == SLIDE_OK)
        search_note(search, "beam search lost its way; strategy finished the board");
    budget_free(budget, now.cells, (size_t)cells * sizeof *now.cells);
    return status;
}

int beam_solve_board(search_task *search, beam_space *sp)
{
    int status = beam_setup(search, sp);
    if (status != SLIDE_OK)
        return status;
    beam *bm = sp->bm;
    int blank = search->start->blank;
    beam_rect rect = {0, bm->rows - 1, 0, bm->cols - 1};
    status = beam_place_sides(search, sp, &rect, &blank);
    if (status == SLIDE_OK) {
        beam_region(bm, rect.top, rect.bottom, rect.left, rect.right);
        bm->blank_term = 0;
        beam_extras_init(bm, search->goal->blank, rect.top, rect.bottom, rect.left, rect.right);
        for (int label = 1; label <= bm->cells; label++)
            bm->weight[label] = 1;
        bm->width = beam_scaled(
            search, beam_width((rect.bottom - rect.top + 1) * (rect.right - rect.left + 1)));
        status = beam_run(bm, sp, search, sp->board, &blank);
    }
    if (status == BEAM_LOST)
        status = beam_finish_by_strategy(search, sp, blank);
    return status;
}

int beam_solve_single(search_task *search)
{
    beam_space sp;
    memset(&sp, 0, sizeof sp);
    int status = beam_solve_board(search, &sp);
    beam_space_free(&sp, search->budget);
    return status;
}
