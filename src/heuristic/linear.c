/*
 * linear.c - linear conflict (--heuristic linear).
 *
 * Manhattan distance plus two moves for every tile that must leave its line
 * to let another tile of that line pass (Hansson, Mayer and Yung, 1992).
 * Two tiles are in conflict when both stand in their goal row (or column)
 * but in the opposite order to their goal cells.  For each row and column
 * the tiles that must leave are counted exactly: the tiles of the line that
 * belong to it, minus the longest subsequence already in goal order.  Works
 * for any shape and any goal (the blank counts in no line).
 *
 * Admissible: a tile removed from its goal row makes at least two vertical
 * moves that its vertical Manhattan distance (zero) does not count, a tile
 * removed from its goal column two horizontal ones; vertical and horizontal
 * moves are disjoint, so rows and columns add up.
 *
 * Consistent, because the line term is exact (the greedy form that removes
 * the most-conflicting tile first is not, in general).  A move slides one
 * tile into the blank: its order relative to the other tiles of the line it
 * moves along does not change, so only the line it crosses out of (A) and
 * the one it enters (B) change.  The exact removal count of a line changes
 * by at most one when one tile joins or leaves it.  A tile counts in A only
 * when A is its goal line, and then leaving A costs +1 Manhattan against at
 * most -2 conflict moves; it counts in B only when B is its goal line, and
 * then entering B gains -1 Manhattan against at most +2.  In every case h
 * changes by exactly one (odd, and |change| <= 1), so h(parent) <= 1 +
 * h(child) and A* may close a state on its first expansion.
 */
#include "heuristic/heuristic.h"

/* Rows and columns hold at most half the cells: no shape is narrower than two. */
#define MAX_LINE (SLIDE_MAX_WIDE_CELLS / 2)

typedef struct linear_conflict {
    manhattan_table manhattan;
    uint8_t goal_row[SLIDE_MAX_WIDE_CELLS];
    uint8_t goal_col[SLIDE_MAX_WIDE_CELLS];
} linear_conflict;

int linear_create(search_task *search, void **ctx)
{
    linear_conflict *lc = budget_alloc(search->budget, sizeof *lc);
    if (!lc)
        return search->budget->status;
    uint8_t goal[SLIDE_MAX_WIDE_CELLS];
    search_goal_cells(search, goal);
    manhattan_init_cells(&lc->manhattan, &search->shape, goal);
    for (int t = 0; t < search->shape.cells; t++) {
        lc->goal_row[t] = (uint8_t)(lc->manhattan.goal_cell[t] / search->shape.cols);
        lc->goal_col[t] = (uint8_t)(lc->manhattan.goal_cell[t] % search->shape.cols);
    }
    *ctx = lc;
    return SLIDE_OK;
}

/*
 * Tiles that must leave a line: count minus the longest strictly increasing
 * subsequence of their goal positions, listed in the order they stand.
 * Lines hold at most 12 tiles (8 on a packed board) and mostly 0-2 of them
 * belong there, so the quadratic form is the fastest.
 */
static unsigned line_removals(const uint8_t *goal_pos, int count)
{
    if (count < 2)
        return 0;
    if (count == 2)
        return goal_pos[0] > goal_pos[1];
    uint8_t longest_ending[MAX_LINE];
    int best = 1;
    for (int i = 0; i < count; i++) {
        int len = 1;
        for (int j = 0; j < i; j++)
            if (goal_pos[j] < goal_pos[i] && longest_ending[j] + 1 > len)
                len = longest_ending[j] + 1;
        longest_ending[i] = (uint8_t)len;
        if (len > best)
            best = len;
    }
    return (unsigned)(count - best);
}

/*
 * One pass over the cells, in row-major order, sums the Manhattan distance
 * and lists, per row and per column, the goal positions of the tiles that
 * stand in their goal line: row lists come out left to right and column
 * lists top to bottom, the order line_removals needs.  The board is s, or
 * the wide state when `is_wide` (a constant wherever this is inlined).
 */
static inline unsigned estimate_board(const linear_conflict *lc, state64 s, state128 wide,
                                      int is_wide)
{
    const geometry *shape = &lc->manhattan.shape;
    uint8_t row_pos[MAX_LINE][MAX_LINE];
    uint8_t col_pos[MAX_LINE][MAX_LINE];
    int row_count[MAX_LINE] = {0};
    int col_count[MAX_LINE] = {0};
    unsigned h = 0;
    for (int r = 0, cell = 0; r < shape->rows; r++) {
        for (int c = 0; c < shape->cols; c++, cell++, s >>= 4) {
            unsigned t = is_wide ? state128_get(wide, cell) : (unsigned)s & 15u;
            if (t == 0)
                continue;
            h += lc->manhattan.dist[t][cell];
            if (lc->goal_row[t] == r)
                row_pos[r][row_count[r]++] = lc->goal_col[t];
            if (lc->goal_col[t] == c)
                col_pos[c][col_count[c]++] = lc->goal_row[t];
        }
    }
    for (int r = 0; r < shape->rows; r++)
        h += 2 * line_removals(row_pos[r], row_count[r]);
    for (int c = 0; c < shape->cols; c++)
        h += 2 * line_removals(col_pos[c], col_count[c]);
    return h;
}

unsigned linear_estimate(const void *ctx, state64 s)
{
    state128 none = {0, 0};
    return estimate_board(ctx, s, none, 0);
}

unsigned linear_estimate_wide(const void *ctx, state128 s)
{
    return estimate_board(ctx, 0, s, 1);
}

void linear_destroy(void *ctx, search_budget *budget)
{
    budget_free(budget, ctx, sizeof(linear_conflict));
}

/*
 * Tiles of a line that must leave it, for lines of any length: count minus
 * the longest strictly increasing subsequence of goal_pos, by patience
 * sorting into tails (count entries of room).  line_removals is the same
 * count for the short lines of packed boards, where the quadratic form wins.
 */
static uint64_t long_line_removals(const uint32_t *goal_pos, uint32_t count, uint32_t *tails)
{
    uint32_t longest = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t lo = 0, hi = longest;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (tails[mid] < goal_pos[i])
                lo = mid + 1;
            else
                hi = mid;
        }
        tails[lo] = goal_pos[i];
        if (lo == longest)
            longest++;
    }
    return count - longest;
}

int linear_board_bound(const slide_board *start, const slide_board *goal, search_budget *budget,
                       uint64_t *bound)
{
    *bound = 0;
    uint32_t rows = (uint32_t)start->rows, cols = (uint32_t)start->cols, n = rows * cols;
    uint32_t line = rows > cols ? rows : cols;
    size_t bytes = ((size_t)n + 2 * (size_t)line) * sizeof(uint32_t);
    uint32_t *goal_cell = budget_alloc(budget, bytes);
    if (!goal_cell)
        return budget->status;
    uint32_t *goal_pos = goal_cell + n, *tails = goal_pos + line;
    for (uint32_t c = 0; c < n; c++)
        goal_cell[goal->cells[c]] = c;
    uint64_t h = 0;
    for (uint32_t c = 0; c < n; c++) {
        uint32_t t = start->cells[c];
        if (t == 0)
            continue;
        uint32_t r = c / cols, k = c % cols, gr = goal_cell[t] / cols, gk = goal_cell[t] % cols;
        h += (r > gr ? r - gr : gr - r) + (k > gk ? k - gk : gk - k);
    }
    for (uint32_t r = 0; r < rows; r++) { /* tiles in their goal row, left to right */
        uint32_t count = 0;
        for (uint32_t k = 0; k < cols; k++) {
            uint32_t t = start->cells[r * cols + k];
            if (t && goal_cell[t] / cols == r)
                goal_pos[count++] = goal_cell[t] % cols;
        }
        h += 2 * long_line_removals(goal_pos, count, tails);
    }
    for (uint32_t k = 0; k < cols; k++) { /* tiles in their goal column, top to bottom */
        uint32_t count = 0;
        for (uint32_t r = 0; r < rows; r++) {
            uint32_t t = start->cells[r * cols + k];
            if (t && goal_cell[t] % cols == k)
                goal_pos[count++] = goal_cell[t] / cols;
        }
        h += 2 * long_line_removals(goal_pos, count, tails);
    }
    budget_free(budget, goal_cell, bytes);
    *bound = h;
    return SLIDE_OK;
}
