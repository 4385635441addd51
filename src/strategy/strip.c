/*
 * strip.c - filling a strip of rows column by column, each column's tiles
 * home as trains where that pays: stacked under the column, then lifted a
 * row at a time.
 */
#include "strategy/area_internal.h"

/*
 * Lifts the stack of k tiles in area a's pillar by a row, the blank being
 * right under it: round the stack's right side (or its left, where that
 * is free and pushes the tiles it passes further towards their goals) to
 * the cell above it, then down through it.  (strat_route finds the same
 * walk, at a dearer search: a tenth of the time of a 1000x1000 board.)
 */
static void lift(strat *s, const strat_area *a, int k)
{
    uint8_t right[2 * STRAT_STRIP_ROWS + 3], left[2 * STRAT_STRIP_ROWS + 3];
    int n = 0;
    right[n] = SLIDE_RIGHT;
    left[n++] = SLIDE_LEFT;
    for (int i = 0; i <= k; i++, n++)
        right[n] = left[n] = SLIDE_UP;
    right[n] = SLIDE_LEFT;
    left[n++] = SLIDE_RIGHT;
    const uint8_t *way = right;
    if (column_free(s, a, -9, -9, a->pc - 1, a->pr0 - 1, a->pr1)) {
        int gain_right = 0, gain_left = 0;
        uint32_t at_right = s->blank, at_left = s->blank;
        for (int i = 0; i < n; i++) {
            gain_right += move_gain(s, at_right, right[i]);
            gain_left += move_gain(s, at_left, left[i]);
            at_right += (uint32_t)s->view.delta[right[i]];
            at_left += (uint32_t)s->view.delta[left[i]];
        }
        way = gain_left > gain_right ? left : right;
    }
    strat_moves_to(s, way, n, a->pr0 - 1, a->pc);
    strat_run(s, SLIDE_DOWN, k);
}

/*
 * The depth at which a train of the tiles at (row[i], col[i]), i in a ..
 * e-1, is best built in column c - tile i at row depth + i - and its
 * estimate: each tile's staircase to its cell in the stack (3 moves a
 * diagonal step, 5 a straight one) plus the lifts (2 (e - a) + 3 moves a
 * row).  Depth 0 is no train: the tiles go home one by one.  The estimate
 * is convex in the depth, so only its breakpoints are tried; the shallower
 * wins a tie.
 */
static long train_depth(const int *row, const int *col, int a, int e, int c, int deepest,
                        int *depth)
{
    long best = LONG_MAX;
    *depth = 0;
    for (int i = a - 1; i < e; i++)
        for (int m = 0; m < 3; m++) {
            int d = i < a ? (m == 0 ? 0 : deepest) : row[i] - i + (m - 1) * abs(col[i] - c);
            d = d < 0 ? 0 : d > deepest ? deepest : d;
            long cost = (long)(2 * (e - a) + 3) * d;
            for (int j = a; j < e; j++) {
                int dy = abs(row[j] - j - d), dx = abs(col[j] - c);
                cost += staircase_cost(dy > dx ? dy : dx, dy > dx ? dx : dy);
            }
            if (cost < best || (cost == best && d < *depth)) {
                best = cost;
                *depth = d;
            }
        }
    return best;
}

/*
 * Brings the tiles label[a .. e-1] home to rows a .. e-1 of column c (rows
 * 0 .. a-1 are home: the area's cap): at `depth` 0 one by one, else as a
 * train - stacked in order at rows depth + a .. depth + e - 1, each placed
 * below the last (the area's pillar), then lifted a row at a time (lift).
 * A tile that cannot reach its cell in the stack (one above the stack
 * cannot pass it) sends the train home one by one.
 */
static int train_home(strat *s, const open_frames *fs, const uint32_t *label, int k, int c, int a,
                      int e, int depth)
{
    strat_area area = area_of(0, c, k);
    area.pc = c;
    area.cap = a;
    for (;;) {
        int status = SLIDE_OK;
        for (int i = a; i < e && status == SLIDE_OK; i++) {
            area.pr0 = depth + a;
            area.pr1 = depth + i;
            status = strat_place_tile(s, fs, &area, label[i], depth + i, c);
        }
        if (status == SLIDE_OK)
            break;
        if (status != SLIDE_E_INTERNAL || depth == 0)
            return status;
        depth = 0;
    }
    for (int top = depth + a; top > a; top--) {
        area.pr0 = top;
        area.pr1 = top + e - a;
        if (s->br == top + e - a && s->bc == c) {
            lift(s, &area, e - a);
            continue;
        }
        int status = strat_route(s, &area, top, c, top - 1, c);
        if (status != SLIDE_OK)
            return status;
        strat_run(s, SLIDE_DOWN, e - a);
    }
    return SLIDE_OK;
}

/* A column's runs: run i brings rows start[i] .. start[i+1]-1 home, depth[i] its train's depth. */
typedef struct column_runs {
    int count;
    int start[STRAT_STRIP_ROWS + 1];
    int depth[STRAT_STRIP_ROWS];
} column_runs;

/*
 * The runs `plan` makes of a column of k tiles standing at (row[i],
 * col[i]), bound for column c: the split with the least estimate is found by
 * a dynamic program over the ends of the runs.
 */
static void column_plan(const strat *s, const int *row, const int *col, int k, int c,
                        const train_plan *plan, column_runs *runs)
{
    /* best[e]: the least estimate for rows 0 .. e-1, the last run from[e] .. e-1 */
    long best[STRAT_STRIP_ROWS + 1];
    int from[STRAT_STRIP_ROWS + 1], depth[STRAT_STRIP_ROWS + 1];
    best[0] = 0;
    for (int e = 1; e <= k; e++) {
        best[e] = LONG_MAX;
        from[e] = e - 1;
        depth[e] = 0;
        for (int a = 0; a < e; a++) {
            /* two rows under a stack keep the area round it connected */
            const int deepest = s->view.h - e - 2;
            int d;
            long cost = best[a] + train_depth(row, col, a, e, c, deepest, &d) + plan->trip;
            if (d > 0 && plan->depth_shift) {
                d += plan->depth_shift;
                d = d < 0 ? 0 : d > deepest ? deepest : d;
            }
            if (cost < best[e]) {
                best[e] = cost;
                from[e] = a;
                depth[e] = d;
            }
        }
    }
    if (plan->split == TRAIN_SPLIT_TILES) {
        for (int e = 1; e <= k; e++) {
            from[e] = e - 1;
            depth[e] = 0;
        }
    }
    int ends[STRAT_STRIP_ROWS], n = 0;
    for (int e = k; e > 0; e = from[e])
        ends[n++] = e;
    memset(runs, 0, sizeof *runs);
    runs->count = n;
    for (int r = 0; r < n; r++) {
        int e = ends[n - 1 - r];
        runs->start[r] = from[e];
        runs->start[r + 1] = e;
        runs->depth[r] = depth[e];
    }
}

/* A strip's column and the different runs the plans make of it, for strat_best_of. */
typedef struct column_job {
    const open_frames *fs;
    int k, c, plans;
    uint32_t label[STRAT_STRIP_ROWS];
    column_runs runs[STRAT_TRAIN_PLANS];
} column_job;

static int attempt_column(strat *s, void *job, int way)
{
    const column_job *j = job;
    const column_runs *runs = &j->runs[way];
    for (int r = 0; r < runs->count; r++) {
        int status = train_home(s, j->fs, j->label, j->k, j->c, runs->start[r], runs->start[r + 1],
                                runs->depth[r]);
        if (status != SLIDE_OK)
            return status;
    }
    return SLIDE_OK;
}

/*
 * A column of a strip: the tiles of view cells (0, c) .. (k-1, c).  Where
 * it pays they come home as trains: the blank fetches a train's tiles on
 * one trip instead of coming back to the strip after each, and lifting a
 * train of L tiles costs 2L + 3 moves a row, where a lone tile pays 3 to 5
 * a step.  The column is split into runs of consecutive rows, each home as
 * a train or one by one (train_home), as the first of the knobs' plans says
 * (the least estimate: train_depth, plus STRAT_TRAIN_TRIP a run); on a small
 * board as the best of the different splits the plans make, each tried
 * with the default placements (strat_best_of), the one kept then made with its
 * placements' trials.
 */
static int train_column(strat *s, const open_frames *fs, int k, int c)
{
    column_job job;
    int row[STRAT_STRIP_ROWS], col[STRAT_STRIP_ROWS], home = 1;
    job.fs = fs;
    job.k = k;
    job.c = c;
    for (int i = 0; i < k; i++) {
        job.label[i] = strat_slot(s, i, c);
        strat_to_view(s, strat_where(s, job.label[i]), &row[i], &col[i]);
        home &= row[i] == i && col[i] == c;
    }
    if (home)
        return SLIDE_OK;
    job.plans = 0;
    for (int p = 0; p < (s->trials ? s->knobs->plan_count : 1); p++) {
        column_runs *runs = &job.runs[job.plans];
        column_plan(s, row, col, k, c, &s->knobs->plans[p], runs);
        int seen = 0;
        for (int q = 0; q < job.plans && !seen; q++)
            seen = !memcmp(&job.runs[q], runs, sizeof *runs);
        job.plans += !seen;
    }
    return job.plans == 1 ? attempt_column(s, &job, 0)
                          : strat_best_of(s, job.plans, attempt_column, NULL, &job);
}

int strat_fill_strip(strat *s, int k)
{
    const int w = s->view.w;
    open_frames frames;
    strat_open_frames_init(&frames, s);
    for (int c = 0; c + 2 < w && s->status == SLIDE_OK; c++) {
        int status = train_column(s, &frames, k, c);
        if (status != SLIDE_OK && s->status == SLIDE_OK)
            s->status = status;
        if ((c & 15) == 15 && budget_expired(s->budget) && s->status == SLIDE_OK)
            s->status = s->budget->status;
    }
    /* the last two cells of each row, the rows below still placed left of them */
    for (int l = 0; l < k && s->status == SLIDE_OK; l++) {
        if (l > 0)
            strat_view_down(s);
        int status = strat_fill_last_two(s, &frames, k - l);
        if (status != SLIDE_OK)
            s->status = status;
    }
    return s->status;
}
