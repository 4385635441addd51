/*
 * route.c - routing the blank to a cell of the area without entering the
 * tile it works round (strat_route): round the ring when both ends are next
 * to the tile, the approach planner (approach.c) where the box between the
 * ends is free, else straight runs, else a bounded search.
 */
#include "strategy/area_internal.h"

/*
 * Breadth-first search for a blank route inside a box around the blank,
 * the obstacle and the goal: the last resort of strat_route, for a layout
 * none of its runs serve.  None is known (half a million boards of every
 * small shape and goal, and the tests' thousands of larger ones, never get
 * here); it is kept so that an unforeseen one costs a search, not a wrong
 * answer.  The box has a margin of two cells, room enough to pass one
 * obstacle next to the area's border, and holds the pillar with the same
 * margin, room to pass it.  Scratch memory comes from the budget
 * and is released before returning.
 */
static int route_bfs(strat *s, const strat_area *a, int tr, int tc, int gr, int gc)
{
    int r0 = s->br, r1 = s->br, c0 = s->bc, c1 = s->bc;
    const int pr[5] = {tr, gr, s->br, a->pr0, a->pr1 - 1}, pc[5] = {tc, gc, s->bc, a->pc, a->pc};
    for (int k = 0; k < (a->pr1 > a->pr0 ? 5 : 3); k++) {
        if (pr[k] < -1)
            continue;
        r0 = pr[k] < r0 ? pr[k] : r0;
        r1 = pr[k] > r1 ? pr[k] : r1;
        c0 = pc[k] < c0 ? pc[k] : c0;
        c1 = pc[k] > c1 ? pc[k] : c1;
    }
    r0 = r0 - 2 < a->rt ? a->rt : r0 - 2;
    r1 = r1 + 2 >= s->view.h ? s->view.h - 1 : r1 + 2;
    c0 = c0 - 2 < 0 ? 0 : c0 - 2;
    c1 = c1 + 2 >= s->view.w ? s->view.w - 1 : c1 + 2;
    int bw = c1 - c0 + 1;
    size_t cells = (size_t)(r1 - r0 + 1) * (size_t)bw;
    uint8_t *from = budget_alloc(s->budget, cells);
    int32_t *queue = budget_alloc(s->budget, cells * sizeof *queue);
    if (!from || !queue) {
        budget_free(s->budget, from, cells);
        budget_free(s->budget, queue, cells * sizeof *queue);
        return s->budget->status;
    }
    memset(from, 0xFF, cells);
    size_t head = 0, tail = 0;
    int start = (s->br - r0) * bw + (s->bc - c0), goal = (gr - r0) * bw + (gc - c0);
    from[start] = 4;
    queue[tail++] = start;
    while (head < tail && from[goal] == 0xFF) {
        int at = queue[head++];
        int r = at / bw + r0, c = at % bw + c0;
        for (int d = 0; d < 4; d++) {
            int nr = r + strat_move_dr[d], nc = c + strat_move_dc[d];
            if (nr < r0 || nr > r1 || nc < c0 || nc > c1 || (nr == tr && nc == tc) ||
                !area_has(s, a, nr, nc))
                continue;
            int next = (nr - r0) * bw + (nc - c0);
            if (from[next] != 0xFF)
                continue;
            from[next] = (uint8_t)d;
            queue[tail++] = next;
        }
    }
    int status = SLIDE_E_INTERNAL;
    if (from[goal] != 0xFF) {
        /* the moves, read backwards from the goal into the queue's spent prefix */
        size_t n = 0;
        for (int at = goal; from[at] != 4; n++) {
            int d = from[at];
            queue[n] = d;
            at -= strat_move_dr[d] * bw + strat_move_dc[d];
        }
        while (n > 0)
            strat_move(s, queue[--n]);
        status = SLIDE_OK;
    }
    budget_free(s->budget, from, cells);
    budget_free(s->budget, queue, cells * sizeof *queue);
    return status;
}

/*
 * The shortest route of three straight runs from the blank to (gr, gc)
 * that avoids the obstacle (tr, tc) and stays in the area: vertical to a
 * middle row, across, vertical to the goal (kind 0), or the same turned on
 * its side (kind 1).  The middle rows worth trying are the two ends' own
 * (an L) and those beside the obstacle and the pillar (a detour round
 * them).  Returns the
 * length and sets *kind and *mid, or returns INT_MAX when none is clear.
 */
static int best_runs(const strat *s, const strat_area *a, int tr, int tc, int gr, int gc, int *kind,
                     int *mid)
{
    int br = s->br, bc = s->bc, best = INT_MAX;
    const int rows[6] = {gr, br, tr - 1, tr + 1, a->pr0 - 1, a->pr1};
    const int cols[6] = {gc, bc, tc - 1, tc + 1, a->pc - 1, a->pc + 1};
    for (int k = 0; k < (a->pr1 > a->pr0 ? 6 : 4); k++) {
        int m = rows[k];
        int len = abs(br - m) + abs(bc - gc) + abs(m - gr);
        if (len < best && column_free(s, a, tr, tc, bc, br, m) &&
            row_free(s, a, tr, tc, m, bc, gc) && column_free(s, a, tr, tc, gc, m, gr)) {
            best = len;
            *kind = 0;
            *mid = m;
        }
        m = cols[k];
        len = abs(bc - m) + abs(br - gr) + abs(m - gc);
        if (len < best && row_free(s, a, tr, tc, br, bc, m) &&
            column_free(s, a, tr, tc, m, br, gr) && row_free(s, a, tr, tc, gr, m, gc)) {
            best = len;
            *kind = 1;
            *mid = m;
        }
    }
    return best;
}

/* Walks the route best_runs found. */
static void walk_runs(strat *s, int kind, int mid, int gr, int gc)
{
    if (kind == 0) {
        walk_rows(s, mid);
        walk_cols(s, gc);
        walk_rows(s, gr);
    } else {
        walk_cols(s, mid);
        walk_rows(s, gr);
        walk_cols(s, gc);
    }
}

/*
 * Non-zero when the box between view cells (r1, c1) and (r2, c2) holds
 * neither the obstacle (tr, tc) nor a placed cell of the area's first rows
 * or pillar (the caller knows both cells are in the area).
 */
static int box_free(const strat_area *a, int tr, int tc, int r1, int c1, int r2, int c2)
{
    int lo_r = r1 < r2 ? r1 : r2, hi_r = r1 < r2 ? r2 : r1;
    int lo_c = c1 < c2 ? c1 : c2, hi_c = c1 < c2 ? c2 : c1;
    return !(tr >= lo_r && tr <= hi_r && tc >= lo_c && tc <= hi_c) &&
           !(lo_r < a->rt + a->nh && lo_c < a->c0) && !pillar_meets(a, lo_r, hi_r, lo_c, hi_c);
}

int strat_route(strat *s, const strat_area *a, int tr, int tc, int gr, int gc)
{
    if (s->br == gr && s->bc == gc)
        return SLIDE_OK;
    int from = ring_index(tr, tc, s->br, s->bc), to = ring_index(tr, tc, gr, gc);
    if (from >= 0 && to >= 0) {
        int way, cost = ring_choice(ring_mask(s, a, tr, tc), from, to, &way);
        if (cost != INT_MAX) {
            if (way == 0)
                way = ring_gain(s, from, to, 1) >= ring_gain(s, from, to, -1) ? 1 : -1;
            ring_walk(s, tr, tc, from, to, way, -1);
            return SLIDE_OK;
        }
    }
    if (box_free(a, tr, tc, s->br, s->bc, gr, gc)) {
        strat_walk_planned(s, gr, gc);
        return SLIDE_OK;
    }
    /*
     * The box often meets the placed cells of the area's first rows (a
     * row's left part, a strip's notch) only because one end is in those
     * rows: a run out of them, then the planned walk (or the other way
     * round), is as short, and pushes where runs alone would not.
     */
    const int below = a->rt + a->nh;
    if (s->br < below && gr >= below && column_free(s, a, tr, tc, s->bc, s->br, below) &&
        box_free(a, tr, tc, below, s->bc, gr, gc)) {
        walk_rows(s, below);
        strat_walk_planned(s, gr, gc);
        return SLIDE_OK;
    }
    if (gr < below && s->br >= below && column_free(s, a, tr, tc, gc, below, gr) &&
        box_free(a, tr, tc, s->br, s->bc, below, gc)) {
        strat_walk_planned(s, below, gc);
        walk_rows(s, gr);
        return SLIDE_OK;
    }
    int kind, mid, direct = best_runs(s, a, tr, tc, gr, gc, &kind, &mid);
    if (to >= 0) {
        /*
         * The goal is next to the obstacle: going to another cell round it
         * and then round the ring can be shorter, or the only way when the
         * placed cells cut off the near side (four runs, which best_runs
         * does not try).
         */
        unsigned mask = ring_mask(s, a, tr, tc);
        int best = direct, best_k = -1, best_kind = 0, best_mid = 0, best_way = 1;
        for (int k = 0; k < 8; k++) {
            int way, k_kind, k_mid, er = tr + ring_dr[k], ec = tc + ring_dc[k];
            if (!((mask >> k) & 1))
                continue;
            int round = ring_choice(mask, k, to, &way);
            if (round == INT_MAX || round >= best)
                continue;
            int runs = best_runs(s, a, tr, tc, er, ec, &k_kind, &k_mid);
            if (runs != INT_MAX && runs + round < best) {
                best = runs + round;
                best_k = k;
                best_kind = k_kind;
                best_mid = k_mid;
                best_way = way ? way : 1;
            }
        }
        if (best_k >= 0) {
            walk_runs(s, best_kind, best_mid, tr + ring_dr[best_k], tc + ring_dc[best_k]);
            ring_walk(s, tr, tc, best_k, to, best_way, -1);
            return SLIDE_OK;
        }
    }
    if (direct != INT_MAX) {
        walk_runs(s, kind, mid, gr, gc);
        return SLIDE_OK;
    }
    return route_bfs(s, a, tr, tc, gr, gc);
}
