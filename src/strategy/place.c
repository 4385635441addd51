/*
 * place.c - moving one tile home without disturbing placed tiles,
 * and filling a row with it (the strategy solver's inner loop).
 *
 * A tile travels one cell at a time towards its target; before each step
 * the blank is routed to the cell the tile is to enter, never through the
 * tile itself or a placed cell, and then swaps with the tile.  Each step
 * shortens the tile's Manhattan distance to the cell it is heading for by
 * one - its target, or on the way one of at most two waypoints (see
 * tile_course) - so a placement ends, and every route is a finite walk, so
 * nothing here can loop.
 *
 * Route costs decide the shape of the walk: a step that turns costs the
 * blank 2 moves round the tile (plus the swap), a step straight on costs
 * 4, so a tile that must go both up and sideways alternates (a diagonal
 * staircase, 3 moves a cell) instead of going straight (5 a cell).
 *
 * Every move of the blank also shifts one other tile by a cell.  Where two
 * routes cost the same - which side to pass round the tile, which
 * staircase to take on the way to it - the one that pushes more of those
 * tiles towards their own goals is taken.  Tiles are labelled by their goal
 * slot, so that is one comparison a move, and it takes about a sixth off
 * the length of the answers (2.6 n^3 to 2.0 n^3 moves on random n x n
 * boards, see README); weighing the other ways of a step in open board
 * against that push (open_steps) takes it to 1.93 n^3.
 *
 * On small boards each placement and each strip column is made several
 * ways and taken back, and made for good the way that leaves the board
 * closest to solved for the moves it took (best_of): no one set of scores
 * is best for every tile.
 */
#include "strategy/strategy_internal.h"

#include <limits.h>
#include <stdlib.h>

/* The 8 cells round a tile, clockwise from the one above. */
static const int ring_dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int ring_dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
/* The move from ring cell i to ring cell i+1. */
static const uint8_t ring_cw_move[8] = {SLIDE_RIGHT, SLIDE_DOWN, SLIDE_DOWN, SLIDE_LEFT,
                                        SLIDE_LEFT,  SLIDE_UP,   SLIDE_UP,   SLIDE_RIGHT};
/* Ring cell next to the tile in each move direction u, d, l, r. */
static const uint8_t dir_ring[4] = {0, 4, 6, 2};

/* The area of a row or a strip: rows rt and down, the first nh of them placed left of c0. */
static strat_area area_of(int rt, int c0, int nh)
{
    strat_area a = {rt, c0, nh, -4, rt, 0, 0};
    return a;
}

/* Non-zero when rows r_lo..r_hi by columns c_lo..c_hi meet the cap or the pillar. */
static inline int pillar_meets(const strat_area *a, int r_lo, int r_hi, int c_lo, int c_hi)
{
    return (a->pc >= c_lo) & (a->pc <= c_hi) &
           (((r_lo < a->pr1) & (r_hi >= a->pr0) & (a->pr0 < a->pr1)) |
            ((r_lo < a->cap) & (r_hi >= a->rt)));
}

static inline int area_has(const strat *s, const strat_area *a, int r, int c)
{
    return r >= a->rt && r < s->view.h && c >= 0 && c < s->view.w &&
           (r >= a->rt + a->nh || c >= a->c0) && !pillar_meets(a, r, r, c, c);
}

/*
 * Non-zero when the 3x3 box round (tr, tc) lies in the area ("open
 * board"); & rather than && keeps it one branch.
 */
static inline int box_open(const strat *s, const strat_area *a, int tr, int tc)
{
    return (tr - 1 >= a->rt) & (tr + 1 < s->view.h) & (tc >= 1) & (tc + 1 < s->view.w) &
           ((tr - 1 >= a->rt + a->nh) | (tc - 1 >= a->c0)) &
           !pillar_meets(a, tr - 1, tr + 1, tc - 1, tc + 1);
}

/* Ring index of (r, c) round (tr, tc), or -1 when it is not one of the 8. */
static int ring_index(int tr, int tc, int r, int c)
{
    static const int8_t index[3][3] = {{7, 0, 1}, {6, -1, 2}, {5, 4, 3}};
    int dr = r - tr, dc = c - tc;
    if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
        return -1;
    return index[dr + 1][dc + 1];
}

/* Bit k set when ring cell k round (tr, tc) is in the area. */
static unsigned ring_mask(const strat *s, const strat_area *a, int tr, int tc)
{
    if (box_open(s, a, tr, tc)) /* open board, the common case */
        return 0xFF;
    unsigned mask = 0;
    for (int k = 0; k < 8; k++)
        mask |= (unsigned)area_has(s, a, tr + ring_dr[k], tc + ring_dc[k]) << k;
    return mask;
}

static inline unsigned rotate8(unsigned bits, int by)
{
    return ((bits << by) | (bits >> (8 - by))) & 0xFF;
}

/*
 * The shorter way round the ring from cell i to cell j through cells in
 * mask: returns its length (INT_MAX when both ways are cut) and sets *way to
 * +1 (clockwise), -1, or 0 when both ways are open and equally long.
 */
static int ring_choice(unsigned mask, int i, int j, int *way)
{
    int cw = (j - i) & 7, ccw = (i - j) & 7;
    if (cw == 0) {
        *way = 1;
        return 0;
    }
    unsigned arc_cw = rotate8((1u << cw) - 1, (i + 1) & 7), arc_ccw = rotate8((1u << ccw) - 1, j);
    /* written to compile to conditional moves: the outcome is close to a coin toss */
    int cost_cw = cw | -(int)((mask & arc_cw) != arc_cw); /* -1 when cut */
    int cost_ccw = ccw | -(int)((mask & arc_ccw) != arc_ccw);
    unsigned ucw = (unsigned)cost_cw, uccw = (unsigned)cost_ccw; /* cut = huge */
    *way = (ucw < uccw) - (uccw < ucw);
    unsigned best = ucw < uccw ? ucw : uccw;
    return best == UINT_MAX ? INT_MAX : (int)best;
}

/*
 * +1 when the tile the blank meets by moving from its slot in view direction
 * d is pushed towards its goal, -1 when away (strat_view.gain_*).
 */
static inline int move_gain(const strat *s, uint32_t from, int d)
{
    const strat_view *v = &s->view;
    uint32_t q = from + (uint32_t)v->delta[d], t = s->cell[q];
    int key_t = (int)((t >> v->gain_shift[d]) & v->gain_mask[d]);
    int key_q = (int)((q >> v->gain_shift[d]) & v->gain_mask[d]);
    return v->gain_sign[d] * (key_t - key_q) > 0 ? 1 : -1;
}

/* Sum of move_gain over the ring walk from i to j in direction way. */
static int ring_gain(const strat *s, int i, int j, int way)
{
    uint32_t at = s->blank;
    int gain = 0, n = way > 0 ? (j - i) & 7 : (i - j) & 7;
    int first = way > 0 ? i : i - 1, flip = way < 0;
    for (int k = 0; k < n; k++) {
        int d = ring_cw_move[(first + way * k) & 7] ^ flip;
        gain += move_gain(s, at, d);
        at += (uint32_t)s->view.delta[d];
    }
    return gain;
}

/*
 * Walks the ring round the tile at (tr, tc) from i to j, then moves `then`
 * (the swap that steps the tile) unless it is -1.
 */
static void ring_walk(strat *s, int tr, int tc, int i, int j, int way, int then)
{
    uint8_t dirs[9];
    /* clockwise: the moves out of i, i+1 ...; counter-clockwise: the inverses of i-1, i-2 ... */
    int n = way > 0 ? (j - i) & 7 : (i - j) & 7;
    int first = way > 0 ? i : i - 1, flip = way < 0;
    for (int k = 0; k < n; k++)
        dirs[k] = (uint8_t)(ring_cw_move[(first + way * k) & 7] ^ flip);
    if (then >= 0) {
        dirs[n++] = (uint8_t)then;
        strat_moves_to(s, dirs, n, tr, tc);
    } else {
        strat_moves_to(s, dirs, n, tr + ring_dr[j], tc + ring_dc[j]);
    }
}

/* Non-zero when the straight run along column c, rows r1..r2, may be walked. */
static int column_free(const strat *s, const strat_area *a, int tr, int tc, int c, int r1, int r2)
{
    int lo = r1 < r2 ? r1 : r2, hi = r1 < r2 ? r2 : r1;
    if (c < 0 || c >= s->view.w || lo < a->rt || hi >= s->view.h)
        return 0;
    if (lo < a->rt + a->nh && c < a->c0)
        return 0;
    if (pillar_meets(a, lo, hi, c, c))
        return 0;
    return !(c == tc && tr >= lo && tr <= hi);
}

static int row_free(const strat *s, const strat_area *a, int tr, int tc, int r, int c1, int c2)
{
    int lo = c1 < c2 ? c1 : c2, hi = c1 < c2 ? c2 : c1;
    if (r < a->rt || r >= s->view.h || lo < 0 || hi >= s->view.w)
        return 0;
    if (r < a->rt + a->nh && lo < a->c0)
        return 0;
    if (pillar_meets(a, r, r, lo, hi))
        return 0;
    return !(r == tr && tc >= lo && tc <= hi);
}

static void walk_rows(strat *s, int to)
{
    if (s->br < to)
        strat_run(s, SLIDE_DOWN, to - s->br);
    else
        strat_run(s, SLIDE_UP, s->br - to);
}

static void walk_cols(strat *s, int to)
{
    if (s->bc < to)
        strat_run(s, SLIDE_RIGHT, to - s->bc);
    else
        strat_run(s, SLIDE_LEFT, s->bc - to);
}

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
 * Walks the blank to (gr, gc) along a monotone path whose cells are all free
 * (the caller checked the box between them).  Every such path has the same
 * length, so it picks the one whose displaced tiles gain most: a dynamic
 * program over a box of at most s->horizon cells a side, scaled to the
 * remaining legs, whose best path is walked three quarters of the way
 * before planning again (the whole way once the goal is inside the box).
 * Cost per move is about s->horizon cell evaluations, whatever the
 * distance.  A tile of the side counts 1 + side_extra; ties go down the
 * vertical leg first, or along the row with across_wins (trials' knobs).
 */
static ALWAYS_INLINE void walk_plan_as(strat *s, int gr, int gc, const int side_extra,
                                       const int across_wins)
{
    const strat_view *v = &s->view;
    const int vd = gr > s->br ? SLIDE_DOWN : SLIDE_UP, hd = gc > s->bc ? SLIDE_RIGHT : SLIDE_LEFT;
    const uint32_t step_v = (uint32_t)v->delta[vd], step_h = (uint32_t)v->delta[hd];
    const int shift_v = v->gain_shift[vd], shift_h = v->gain_shift[hd];
    const uint32_t mask_v = v->gain_mask[vd], mask_h = v->gain_mask[hd];
    const int sign_v = v->gain_sign[vd], sign_h = v->gain_sign[hd];
    const uint32_t *cell = s->cell;
    int16_t *best = s->plan_best;
    int8_t *down = s->plan_down;
    const uint32_t side_mask = s->side_mask, side_lo = s->side_lo, side_span = s->side_span;
    while (s->br != gr && s->bc != gc) {
        int dy = abs(gr - s->br), dx = abs(gc - s->bc);
        int ky = dy, kx = dx, whole = 1;
        const int horizon = s->horizon;
        if (dy > horizon || dx > horizon) {
            int longer = dy > dx ? dy : dx;
            ky = (dy * horizon + longer - 1) / longer;
            kx = (dx * horizon + longer - 1) / longer;
            whole = 0;
        }
        /*
         * best[i][j]: most tiles helped on a way to i cells down the vertical
         * leg and j along the other (all ways there are equally long, so
         * counting helped tiles maximises the gain); down[i][j] says the
         * best way in came down the vertical leg.  A slot's row and column
         * are linear in (i, j), so the keys move by fixed steps.
         */
        const uint32_t origin = s->blank;
        const int key_v0 = (int)((origin >> shift_v) & mask_v);
        const int key_h0 = (int)((origin >> shift_h) & mask_h);
        const int key_v_i = (int)(((origin + step_v) >> shift_v) & mask_v) - key_v0;
        const int key_v_j = (int)(((origin + step_h) >> shift_v) & mask_v) - key_v0;
        const int key_h_i = (int)(((origin + step_v) >> shift_h) & mask_h) - key_h0;
        const int key_h_j = (int)(((origin + step_h) >> shift_h) & mask_h) - key_h0;
        const int width = kx + 1;
        int run = 0;
        best[0] = 0;
        uint32_t q = origin + step_h;
        for (int j = 1, key_h = key_h0 + key_h_j; j <= kx; j++, q += step_h, key_h += key_h_j) {
            uint32_t t = cell[q];
            int key_t = (int)((t >> shift_h) & mask_h);
            run += (sign_h * (key_t - key_h) > 0) *
                   (1 + side_extra * strat_of_side(t, side_mask, side_lo, side_span));
            best[j] = (int16_t)run;
            down[j] = 0;
        }
        for (int i = 1; i <= ky; i++) {
            const int16_t *prev = best + (i - 1) * width;
            int16_t *cur = best + i * width;
            int8_t *row_down = down + i * width;
            int key_v = key_v0 + i * key_v_i, key_h = key_h0 + i * key_h_i, left = -1000;
            q = origin + (uint32_t)i * step_v;
            for (int j = 0; j <= kx; j++, q += step_h, key_v += key_v_j, key_h += key_h_j) {
                uint32_t t = cell[q];
                int weight = 1 + side_extra * strat_of_side(t, side_mask, side_lo, side_span);
                int up = prev[j] + weight * (sign_v * ((int)((t >> shift_v) & mask_v) - key_v) > 0);
                int across =
                    left + weight * (sign_h * ((int)((t >> shift_h) & mask_h) - key_h) > 0);
                int take_up = up > across - !across_wins; /* at j = 0, left makes this 1 */
                left = take_up ? up : across;
                cur[j] = (int16_t)left;
                row_down[j] = (int8_t)take_up;
            }
        }
        int n = ky + kx;
        for (int i = ky, j = kx, at = n; at > 0;) {
            int go_down = (j == 0) | down[i * width + j]; /* row 0 holds no downs */
            s->plan_path[--at] = (uint8_t)(go_down ? vd : hd);
            i -= go_down;
            j -= !go_down;
        }
        int walk = whole ? n : (3 * n + 3) / 4, down_steps = 0;
        for (int k = 0; k < walk; k++)
            down_steps += s->plan_path[k] == vd;
        strat_moves_to(s, s->plan_path, walk, s->br + strat_move_dr[vd] * down_steps,
                       s->bc + strat_move_dc[hd] * (walk - down_steps));
    }
    walk_rows(s, gr);
    walk_cols(s, gc);
}

/*
 * walk_plan_as with the policy's knobs (plan_side_weight, plan_across),
 * inlined with the default's constants: the loop is then as lean as before
 * the knobs (1000x1000 boards, which make no trials, spend a third of their
 * time in it).
 */
static void walk_planned_now(strat *s, int gr, int gc)
{
    const int side_extra = s->policy->plan_side_weight - 1, across_wins = s->policy->plan_across;
    if (side_extra == 0 && !across_wins)
        walk_plan_as(s, gr, gc, 0, 0);
    else
        walk_plan_as(s, gr, gc, side_extra, across_wins);
}

/*
 * walk_planned, remembered at the start of a trial's ways (strat.walk_memo):
 * the walk depends only on the board, the blank, the goal cell and the
 * planner's knobs, and the board is the trial's own until its first move.
 */
static void walk_planned(strat *s, int gr, int gc)
{
    if (!s->trying || s->npending != s->floor) {
        walk_planned_now(s, gr, gc);
        return;
    }
    const int sig = s->policy->plan_across * 16 + s->policy->plan_side_weight;
    for (int i = 0; i < STRAT_WALK_MEMO; i++) {
        const strat_walk_memo *m = &s->walk_memo[i];
        if (m->trial == s->trial && m->blank == s->blank && m->gr == gr && m->gc == gc &&
            m->sig == sig) {
            strat_moves_to(s, s->walk_memo_moves + (size_t)i * (size_t)s->walk_memo_cap, m->len, gr,
                           gc);
            return;
        }
    }
    const uint32_t blank = s->blank;
    walk_planned_now(s, gr, gc);
    size_t len = s->npending - s->floor;
    if (s->status != SLIDE_OK || len > (size_t)s->walk_memo_cap)
        return;
    /* the walk's board moves, as view moves */
    uint8_t view_move[4];
    for (int d = 0; d < 4; d++)
        view_move[s->view.dir[d]] = (uint8_t)d;
    int i = s->walk_memo_next;
    s->walk_memo_next = (i + 1) % STRAT_WALK_MEMO;
    uint8_t *moves = s->walk_memo_moves + (size_t)i * (size_t)s->walk_memo_cap;
    for (size_t k = 0; k < len; k++)
        moves[k] = view_move[s->pending[s->floor + k]];
    s->walk_memo[i].trial = s->trial;
    s->walk_memo[i].blank = blank;
    s->walk_memo[i].gr = gr;
    s->walk_memo[i].gc = gc;
    s->walk_memo[i].sig = sig;
    s->walk_memo[i].len = (int)len;
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

/*
 * Moves the blank to view cell (gr, gc) inside area a without entering the
 * obstacle cell (tr, tc) (tr = -9 for none).  Round the obstacle when both
 * ends are next to it; a planned monotone walk when the box between the
 * ends is free; else three straight runs, possibly to another cell next to
 * the obstacle and round it; else a bounded search.  Returns
 * SLIDE_OK, or a failure status (the area's shape rules out "no route").
 */
static int strat_route(strat *s, const strat_area *a, int tr, int tc, int gr, int gc)
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
        walk_planned(s, gr, gc);
        return SLIDE_OK;
    }
    /*
     * The box often meets the placed cells of the area's first rows (a
     * row's left part, a strip's notch) only because one end is in those
     * rows: a run out of them, then the planned walk (or the other way
     * round), is as short, and pushes where runs alone would not: 10x10
     * answers 1% shorter, 100x100 with strips 1.7%.
     */
    const int below = a->rt + a->nh;
    if (s->br < below && gr >= below && column_free(s, a, tr, tc, s->bc, s->br, below) &&
        box_free(a, tr, tc, below, s->bc, gr, gc)) {
        walk_rows(s, below);
        walk_planned(s, gr, gc);
        return SLIDE_OK;
    }
    if (gr < below && s->br >= below && column_free(s, a, tr, tc, gc, below, gr) &&
        box_free(a, tr, tc, s->br, s->bc, below, gc)) {
        walk_planned(s, below, gc);
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

/*
 * The fewest moves a staircase of `same` more steps in the direction the
 * tile last went and `other` steps in the other direction can cost in open
 * board: 3 for a step that turns, 5 for one straight on, with as many turns
 * as the two legs allow.  same is -1 for a way whose leg is 0 (that way may
 * not be taken; the caller's penalty outweighs whatever this returns).
 */
static inline int staircase_cost(int same, int other)
{
    int turns = 2 * same + 1 < 2 * other ? 2 * same + 1 : 2 * other;
    return 5 * (same + other) - 2 * turns;
}

/* The view move from ring cell i to the next ring cell j. */
static int ring_step_dir(int i, int j)
{
    int dr = ring_dr[j] - ring_dr[i], dc = ring_dc[j] - ring_dc[i];
    return dr < 0 ? SLIDE_UP : dr > 0 ? SLIDE_DOWN : dc < 0 ? SLIDE_LEFT : SLIDE_RIGHT;
}

/* The ways of a step in open board, in the frame of open_frame. */
enum { WAY_NEAR, WAY_FAR, WAY_STRAIGHT_CW, WAY_STRAIGHT_CCW };

/* One way of a step: the blank's moves round the ring, then the swap. */
typedef struct open_way {
    uint8_t moves[8];   /* board moves (count of them; the rest is junk) */
    uint8_t after[8];   /* ring cell k then holds the tile of ring cell after[k] (8: the tile) */
    int count, heading; /* heading: the tile's step, a view move */
} open_way;

/*
 * A step of open_steps seen in a frame turned and mirrored so that the
 * blank is below the tile (ring cell 4), straight on is up (ring cell 0)
 * and the step that turns goes right (ring cell 2): turning round the near
 * side is the walk 4, 3, 2; round the far side 4, 5, 6, 7, 0, 1, 2; straight
 * on 4, 5, 6, 7, 0 or 4, 3, 2, 1, 0.  The key of a slot or label x along
 * the frame's rows (v) or columns (h) is (x & mask) ^ flip: the whole label
 * where that is a board row (the column bits, `fill`, only order it within
 * the row), the column where it is a board column (fill 0), reversed by
 * flip where the frame runs against the board.
 */
typedef struct open_frame {
    int32_t off[8]; /* slot of the frame's ring cell k less the tile's */
    uint32_t vmask, vflip, vfill, hmask, hflip, hfill;
    int straight_first; /* the step straight on heads up: its ways are weighed first */
    int first_cw;       /* the straight way weighed first goes clockwise in the frame */
    open_way way[4];    /* in the order they are weighed */
} open_frame;

/*
 * Sets up the frame for a tile that last went `last` (up, left or right)
 * and turns towards `turn` (across when last is up, else up).
 */
static void open_frame_init(open_frame *f, const strat *s, int last, int turn)
{
    const strat_view *v = &s->view;
    static const uint8_t ring_of_dir[4] = {0, 4, 6, 2};
    /* the frame's ring cell k is the view's (sign * k + base) & 7: 4 the blank's, 2 the turn's */
    int blank = ring_of_dir[last ^ 1], side = ring_of_dir[turn];
    int sign = ((side - blank) & 7) == 6 ? 1 : -1, base = (blank - 4 * sign) & 7;
    int32_t off[8];
    for (int k = 0; k < 8; k++)
        off[k] = ring_dr[k] * v->dr + ring_dc[k] * v->dc;
    for (int k = 0; k < 8; k++)
        f->off[k] = off[(sign * k + base) & 7];
    /* keys growing in the view's direction of the frame's down and right */
    for (int axis = 0; axis < 2; axis++) {
        int d = axis ? turn : last ^ 1;
        int g = d == SLIDE_UP || d == SLIDE_DOWN ? SLIDE_UP : SLIDE_LEFT;
        int board_row = v->gain_mask[g] == ~0u;
        /* gain_sign[u] > 0: the view's key grows a view row down (l: a column right) */
        uint32_t flip = (v->gain_sign[g] > 0) == (d == SLIDE_DOWN || d == SLIDE_RIGHT) ? 0 : ~0u;
        uint32_t mask = board_row ? ~0u : s->mask, fill = board_row ? s->mask : 0;
        if (axis) {
            f->hmask = mask;
            f->hflip = flip;
            f->hfill = fill;
        } else {
            f->vmask = mask;
            f->vflip = flip;
            f->vfill = fill;
        }
    }
    f->straight_first = last == SLIDE_UP;
    /* the view weighs first the straight way that leaves the blank's cell left (going up) or up */
    int first_move = last == SLIDE_UP ? SLIDE_LEFT : SLIDE_UP;
    f->first_cw = ring_step_dir(blank, (sign * 5 + base) & 7) == first_move;
    for (int kind = WAY_NEAR; kind <= WAY_STRAIGHT_CCW; kind++) {
        int cw = kind == WAY_FAR || kind == WAY_STRAIGHT_CW;
        int n = kind == WAY_NEAR ? 2 : kind == WAY_FAR ? 6 : 4, straight = n == 4;
        int rank = straight ? (f->straight_first ? 0 : 2) + (cw != f->first_cw)
                            : (f->straight_first ? 2 : 0) + (kind == WAY_FAR);
        open_way *w = &f->way[rank];
        memset(w, 0, sizeof *w);
        w->heading = straight ? last : turn;
        w->count = n + 1;
        int from = blank;
        for (int j = 1; j <= n; j++) {
            int to = (sign * (4 + (cw ? j : -j)) + base) & 7;
            w->moves[j - 1] = v->dir[ring_step_dir(from, to)];
            from = to;
        }
        w->moves[n] = v->dir[w->heading ^ 1];
        /* the walk shifts the tiles on it back by a cell; the last cell gets the tile */
        for (int k = 0; k < 8; k++)
            w->after[k] = (uint8_t)k;
        for (int j = 0; j < n; j++)
            w->after[(4 + (cw ? j : -j)) & 7] = (uint8_t)((4 + (cw ? j + 1 : -j - 1)) & 7);
        w->after[(4 + (cw ? n : -n)) & 7] = 8;
    }
}

/*
 * The frames of open_steps, built once per row: the tile last went up and
 * turns right (0) or left (1), went left (2), went right (3).
 */
typedef struct open_frames {
    open_frame f[4];
} open_frames;

static void open_frames_init(open_frames *fs, const strat *s)
{
    open_frame_init(&fs->f[0], s, SLIDE_UP, SLIDE_RIGHT);
    open_frame_init(&fs->f[1], s, SLIDE_UP, SLIDE_LEFT);
    open_frame_init(&fs->f[2], s, SLIDE_LEFT, SLIDE_UP);
    open_frame_init(&fs->f[3], s, SLIDE_RIGHT, SLIDE_UP);
}

/* +weight when `towards`, else -weight (no branch: the outcome is a coin toss). */
static inline int signed_weight(int towards, int weight)
{
    return (2 * towards - 1) * weight;
}

/*
 * The push each way of frame f gives the ring tiles t[k] round the tile at
 * slot `at`, with weight[k] per tile: push[kind] for the kinds WAY_NEAR ...
 * A tile goes towards its goal when its key passes the cell it enters
 * along the frame's rows or columns: past the frame row of the tile (v_gt0:
 * a key above the row's last) or of the row up (v_gt_up), before it
 * (v_lt0); the same for columns (h_*), the column left and right.
 */
static inline void open_pushes(const open_frame *f, uint32_t at, const uint32_t t[8],
                               const int weight[8], int push[4])
{
    const uint32_t vmask = f->vmask, vflip = f->vflip, hmask = f->hmask, hflip = f->hflip;
#define OPEN_V(x) (((x)&vmask) ^ vflip)
#define OPEN_H(x) (((x)&hmask) ^ hflip)
    const uint32_t vat = OPEN_V(at), vup = OPEN_V(at + (uint32_t)f->off[0]);
    const uint32_t hat = OPEN_H(at), hleft = OPEN_H(at + (uint32_t)f->off[6]);
    const uint32_t hright = OPEN_H(at + (uint32_t)f->off[2]);
    const uint32_t v_gt0 = vat | f->vfill, v_lt0 = vat & ~f->vfill, v_gt_up = vup | f->vfill;
    const uint32_t h_gt0 = hat | f->hfill, h_lt0 = hat & ~f->hfill;
    const uint32_t h_gt_left = hleft | f->hfill, h_lt_right = hright & ~f->hfill;
    const uint32_t h0 = OPEN_H(t[0]), v1 = OPEN_V(t[1]), v2 = OPEN_V(t[2]);
    /* each move of a walk enters a cell along the frame's rows or columns */
    int near =
        signed_weight(OPEN_H(t[3]) < h_lt_right, weight[3]) + signed_weight(v2 > v_gt0, weight[2]);
    int cw =
        (signed_weight(OPEN_H(t[5]) > h_gt_left, weight[5]) +
         signed_weight(OPEN_V(t[6]) > v_gt0, weight[6])) +
        (signed_weight(OPEN_V(t[7]) > v_gt_up, weight[7]) + signed_weight(h0 < h_lt0, weight[0]));
    push[WAY_NEAR] = near;
    push[WAY_STRAIGHT_CCW] =
        near + (signed_weight(v1 > v_gt_up, weight[1]) + signed_weight(h0 > h_gt0, weight[0]));
    push[WAY_STRAIGHT_CW] = cw;
    push[WAY_FAR] = cw + (signed_weight(OPEN_H(t[1]) < h_lt_right, weight[1]) +
                          signed_weight(v2 < v_lt0, weight[2]));
#undef OPEN_V
#undef OPEN_H
}

/*
 * The steps of a placement in open board (all 8 cells round the tile in the
 * area) with the blank behind the tile, as many as come in a row.  Each
 * step weighs every way to take it: turning round the near side (the blank
 * goes via the side, then forward: 2 moves) or the far side (6 moves), or
 * going straight on round either side (x, d, d, x^1: 4 moves) where that
 * costs the rest of the staircase nothing (a leg longer than the other can
 * take its straight steps anywhere).  A way's score is its moves plus the
 * least the rest of the staircase can cost (staircase_cost) less the push
 * it gives the tiles it displaces: +1 for a tile pushed towards its goal,
 * -1 away, twice that for a tile of the side being filled (it is placed
 * soon, so its progress is least likely to be undone).  The lowest score
 * wins, the larger push on a tie.  Every step still takes the tile one
 * cell closer, so a placement ends.
 *
 * Each step is a chain from the board through the choice to the moves and
 * on to the next step, so it is kept short and without branches: the ways
 * are weighed in a frame (open_frame) where they are always the same walks
 * round the ring, so the pushes are sums over the 7 ring tiles, read once,
 * and the chosen walk rewrites the ring from those.  No move here can
 * cancel a pending one: the last pending move is the swap of the tile's
 * previous step (the blank entering the tile's old cell, against `last`),
 * and no way starts with its inverse (`last`).  Updates the tile's cell and
 * last step; returns the number of steps taken (0: not in open board).
 */
static ALWAYS_INLINE int open_steps_as(strat *s, const open_frames *fs, const strat_area *a,
                                       int *tile_r, int *tile_c, int gr, int gc, int *last_step,
                                       const int straight_moves, const int push_weight)
{
    const strat_view *v = &s->view;
    int tr = *tile_r, tc = *tile_c, last = *last_step, steps = 0;
    /* the frames have the tile go up, left or right; a tile on its target has arrived */
    if (!((tr != gr || tc != gc) && tr >= gr && last != SLIDE_DOWN && box_open(s, a, tr, tc)))
        return 0;
    uint32_t *const cell = s->cell;
    const uint32_t side_mask = s->side_mask, side_lo = s->side_lo, side_span = s->side_span;
    static const int unweighted[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    uint32_t at = s->blank + (uint32_t)v->delta[last]; /* the tile's slot */
    const uint32_t tile = cell[at];
    size_t np = s->npending;
    do {
        const int up = tr - gr, side = abs(tc - gc);
        const open_frame *f = &fs->f[last == SLIDE_UP ? tc >= gc : last];
        uint32_t *const ring = cell + at; /* the tile's cell */
        uint32_t t[9]; /* the ring's tiles; t[4] (the blank's) unused, t[8] the tile */
        int push[4];
        for (int k = 0; k < 8; k++)
            t[k] = ring[f->off[k]];
        t[8] = tile;
        int sides = strat_of_side(t[0], side_mask, side_lo, side_span) |
                    strat_of_side(t[1], side_mask, side_lo, side_span) |
                    strat_of_side(t[2], side_mask, side_lo, side_span) |
                    strat_of_side(t[3], side_mask, side_lo, side_span) |
                    strat_of_side(t[5], side_mask, side_lo, side_span) |
                    strat_of_side(t[6], side_mask, side_lo, side_span) |
                    strat_of_side(t[7], side_mask, side_lo, side_span);
        if (sides) {
            /* a tile of the side in the ring (rare): its pushes count twice */
            int weight[8];
            for (int k = 0; k < 8; k++)
                weight[k] = 1 + strat_of_side(t[k], side_mask, side_lo, side_span);
            open_pushes(f, at, t, weight, push);
        } else {
            open_pushes(f, at, t, unweighted, push);
        }
        int first = push[f->first_cw ? WAY_STRAIGHT_CW : WAY_STRAIGHT_CCW];
        int second = push[f->first_cw ? WAY_STRAIGHT_CCW : WAY_STRAIGHT_CW];
        int straight_legs = f->straight_first ? up : side,
            turn_legs = f->straight_first ? side : up;
        int turn_rest = staircase_cost(turn_legs - 1, straight_legs);
        int straight_rest = staircase_cost(straight_legs - 1, turn_legs);
        int turn_ok = turn_legs > 0;
        /* the rest of the staircase decides only whether a straight step may be taken */
        int straight_ok = (straight_legs > 0) & (!turn_ok | (4 + straight_rest <= 2 + turn_rest));
        /*
         * A way's score is 2 * (moves - push), plus 1 for the way along the
         * shorter leg, so that of ways worth the same the step along the
         * longer leg goes first.  Scored with the rest of the staircase
         * instead, a push counted for less than a move: 1.940 n^3 against
         * 1.908 at n = 100 (tests/bench/README.md).  A straight step counts
         * 3 moves, not 4: the staircase has to take its straight steps
         * somewhere, and here the blank may pass either side of the tile,
         * where near its target a placed cell often leaves it one (100x100:
         * 1.775 n^3, against 1.779 counting 4 and 1.792 counting 2; trials
         * try 2 and 4 as well, and pushes worth push_weight moves).  Packed as
         * (score * 32 - push) * 4 + rank, |push| <= 12, push_weight <= 2: the
         * least wins, the first on a tie; a way that may not be taken is
         * pushed far back.
         */
        _Static_assert(128LL * (2 * (6 + 2 * 12) + 1) + 12 * 4 + 4 < (1LL << 28),
                       "packed scores stay below the penalty");
        int rank_s = f->straight_first ? 0 : 2, rank_t = 2 - rank_s;
        int near = push[WAY_NEAR], far = push[WAY_FAR];
        int turn_tie = turn_legs < straight_legs, straight_tie = !turn_tie;
        int c_near =
            ((2 * (2 - push_weight * near) + turn_tie) * 32 - near) * 4 + rank_t + (!turn_ok << 28);
        int c_far = ((2 * (6 - push_weight * far) + turn_tie) * 32 - far) * 4 + rank_t + 1 +
                    (!turn_ok << 28);
        int c_first =
            ((2 * (straight_moves - push_weight * first) + straight_tie) * 32 - first) * 4 +
            rank_s + (!straight_ok << 28);
        int c_second =
            ((2 * (straight_moves - push_weight * second) + straight_tie) * 32 - second) * 4 +
            rank_s + 1 + (!straight_ok << 28);
        int c_turn = c_near < c_far ? c_near : c_far;
        int c_straight = c_first < c_second ? c_first : c_second;
        const open_way *way = &f->way[(c_turn < c_straight ? c_turn : c_straight) & 3];
        if (np + 8 > s->pending_cap) {
            s->npending = np;
            strat_room(s, 8);
            np = s->npending;
        }
        /* the ring after the walk: each cell on it takes the next cell's tile, the last the tile */
        for (int k = 0; k < 8; k++)
            ring[f->off[k]] = t[way->after[k]];
        if (sides)
            for (int k = 0; k < 8; k++)
                strat_watch(s, t[way->after[k]], at + (uint32_t)f->off[k]);
        memcpy(s->pending + np, way->moves, 8);
        np += (size_t)way->count;
        const int d = way->heading;
        at += (uint32_t)v->delta[d];
        tr += strat_move_dr[d];
        tc += strat_move_dc[d];
        last = d;
        steps++;
    } while (box_open(s, a, tr, tc) & ((tr != gr) | (tc != gc)));
    strat_watch(s, tile, at);
    s->npending = np;
    /* the blank is where the tile was, one step behind it */
    s->blank = at - (uint32_t)v->delta[last];
    s->br = tr - strat_move_dr[last];
    s->bc = tc - strat_move_dc[last];
    *tile_r = tr;
    *tile_c = tc;
    *last_step = last;
    return steps;
}

/* open_steps_as with the policy's knobs, inlined with the default's constants. */
static int open_steps(strat *s, const open_frames *fs, const strat_area *a, int *tile_r,
                      int *tile_c, int gr, int gc, int *last_step)
{
    const strat_policy *p = s->policy;
    if (p->straight_moves == 3 && p->push_weight == 1)
        return open_steps_as(s, fs, a, tile_r, tile_c, gr, gc, last_step, 3, 1);
    return open_steps_as(s, fs, a, tile_r, tile_c, gr, gc, last_step, p->straight_moves,
                         p->push_weight);
}

/*
 * Where a tile bound for its target (k->gr, k->gc) heads next, in *wr and
 * *wc.  A tile on a row whose cells above it are placed (the area's top
 * row, or the row under the notch) that has to travel along it steps
 * straight with the blank forced round the one free side, pushing whatever
 * is there: five moves a cell.  So:
 * - a tile left of the notch whose target is in the notch's rows heads for
 *   the cell under the notch's corner first (it cannot rise earlier), in
 *   open board as long as it can;
 * - a tile standing on such a row with more than STRAT_DIP_RUN cells to go
 *   along it first dips a row (to the cell one short of the corner, or of
 *   its target on the area's top row), travels there with both sides of it
 *   free, and climbs back diagonally.  100x100: 1.812 n^3 without either,
 *   1.779 with both (bench_strategy, tests/bench/README.md).
 * dip is 0 before a dip, 1 while heading for the dip cell, 2 after it.
 */
#define STRAT_DIP_RUN 2

typedef struct tile_course {
    int gr, gc;       /* the target */
    int dip;          /* 0, 1 or 2 */
    int dip_r, dip_c; /* the dip cell */
} tile_course;

static void course_next(strat *s, const strat_area *a, tile_course *k, int tr, int tc, int *wr,
                        int *wc)
{
    int er = -1, ec = 0; /* the end of the run along a row with placed cells above */
    *wr = k->gr;
    *wc = k->gc;
    if (tc < a->c0 && k->gr < a->rt + a->nh) {
        er = a->rt + a->nh;
        ec = a->c0;
        *wr = er;
        *wc = ec;
    } else if (tr == a->rt && k->gr == a->rt) {
        er = a->rt;
        ec = k->gc;
    }
    if (k->dip == 0 && er >= 0 && tr == er && abs(ec - tc) > STRAT_DIP_RUN) {
        int dr = er + 1, dc = ec > tc ? ec - 1 : ec + 1;
        int can = area_has(s, a, dr, dc) &&
                  !pillar_meets(a, dr, dr, tc < dc ? tc : dc, tc < dc ? dc : tc);
        s->touched |= can ? STRAT_TOUCH_DIP : 0u;
        if (can && s->policy->dips) {
            k->dip = 1;
            k->dip_r = dr;
            k->dip_c = dc;
        }
    }
    if (k->dip == 1) {
        if (tr == k->dip_r && tc == k->dip_c) {
            k->dip = 2;
        } else {
            *wr = k->dip_r;
            *wc = k->dip_c;
        }
    }
}

/*
 * Brings the tile `label` to view cell (target_r, target_c) inside area a,
 * each step closer to where it heads (course_next): up, left or right, or
 * down to a cell below the tile (a dip, a train's cell; a row's target is
 * on the area's top row).  Each step goes the way that is cheapest for the
 * blank: round the ring when it is next to the tile (exact), else its
 * Manhattan distance (plus 2 when the tile stands in the way); on a tie the
 * longer remaining leg goes first, which keeps the walk diagonal.
 * Returns SLIDE_OK or a failure status.
 */
static int place_tile_as(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
                         int target_r, int target_c)
{
    int tr, tc, last = -1; /* the tile's previous step; the blank is then behind it */
    tile_course course = {target_r, target_c, 0, 0, 0};
    const int shorter_leg = s->policy->shorter_leg;
    strat_to_view(s, strat_where(s, label), &tr, &tc);
    while (tr != target_r || tc != target_c) {
        int gr, gc;
        course_next(s, a, &course, tr, tc, &gr, &gc);
        if (last >= 0 && open_steps(s, fs, a, &tr, &tc, gr, gc, &last))
            continue;
        int from = ring_index(tr, tc, s->br, s->bc);
        unsigned mask = from >= 0 ? ring_mask(s, a, tr, tc) : 0u;
        int best_dir = -1, best_cost = INT_MAX, best_leg = -1, best_way = 0;
        for (int d = SLIDE_UP; d <= SLIDE_RIGHT; d++) {
            int leg;
            if (d == SLIDE_UP)
                leg = tr - gr;
            else if (d == SLIDE_DOWN)
                leg = gr - tr;
            else
                leg = d == SLIDE_LEFT ? tc - gc : gc - tc;
            int nr = tr + strat_move_dr[d], nc = tc + strat_move_dc[d];
            if (leg <= 0 || !(from >= 0 ? (int)(mask >> dir_ring[d]) & 1 : area_has(s, a, nr, nc)))
                continue;
            int way = 0, cost = INT_MAX;
            if (from >= 0)
                cost = ring_choice(mask, from, dir_ring[d], &way);
            if (cost == INT_MAX) {
                /* a far blank, or a ring cut on both sides: a longer route */
                cost = abs(s->br - nr) + abs(s->bc - nc) + (from >= 0 ? 8 : 0);
                if ((s->br == nr && tr == nr && (tc - s->bc) * (tc - nc) < 0) ||
                    (s->bc == nc && tc == nc && (tr - s->br) * (tr - nr) < 0))
                    cost += 2;
                way = 2;
            }
            s->touched |= cost == best_cost && leg != best_leg ? STRAT_TOUCH_LEG : 0u;
            if (cost < best_cost ||
                (cost == best_cost && (shorter_leg ? leg < best_leg : leg > best_leg))) {
                best_cost = cost;
                best_dir = d;
                best_leg = leg;
                best_way = way;
            }
        }
        if (best_dir < 0)
            return SLIDE_E_INTERNAL;
        int nr = tr + strat_move_dr[best_dir], nc = tc + strat_move_dc[best_dir];
        if (best_way != 2) {
            int to = dir_ring[best_dir];
            if (best_way == 0)
                best_way = ring_gain(s, from, to, 1) >= ring_gain(s, from, to, -1) ? 1 : -1;
            ring_walk(s, tr, tc, from, to, best_way, best_dir ^ 1); /* round, then the swap */
        } else {
            int status = strat_route(s, a, tr, tc, nr, nc);
            if (status != SLIDE_OK)
                return status;
            strat_move(s, best_dir ^ 1); /* the blank swaps back: the tile steps */
        }
        tr = nr;
        tc = nc;
        last = best_dir;
    }
    return SLIDE_OK;
}

/*
 * The ways trials place a tile (best_of), each the default (the first) with
 * one or two knobs changed.  Every way pays somewhere: with the columns'
 * plans tried as well, the ten give 1.699 n^3 on 100x100 (5 boards; the
 * first alone 1.765), and each left out in turn costs 0.02-0.4% there or
 * on 30x30 (tests/bench/README.md).
 */
const strat_policy strat_policies[] = {
    /* straight, push, across, side, shorter leg, dips */
    {3, 1, 0, 1, 0, 1}, /* the default */
    {2, 1, 0, 1, 0, 1}, /* straight steps cheaper */
    {3, 2, 0, 1, 0, 1}, /* pushes worth more */
    {4, 1, 0, 1, 0, 1}, /* straight steps dearer */
    {3, 1, 1, 1, 0, 1}, /* the approach's ties along the row */
    {3, 1, 0, 1, 1, 1}, /* a step's ties along the shorter leg */
    {3, 1, 0, 1, 0, 0}, /* no dips */
    {2, 1, 1, 1, 0, 1}, /* straight steps cheaper, the approach along the row */
    {3, 1, 0, 2, 0, 1}, /* the approach counts the side's tiles twice */
    {4, 1, 1, 1, 0, 1}, /* straight steps dearer, the approach along the row */
};
#define STRAT_POLICIES ((int)(sizeof strat_policies / sizeof strat_policies[0]))

/* Makes a unit of work (a placement, a strip's column) its `way`-th way. */
typedef int (*strat_attempt)(strat *s, void *job, int way);

/*
 * What the `way`-th way needs the first to have met (STRAT_TOUCH_*) to make
 * other moves than the first; STRAT_TOUCH_ALWAYS: it may differ anywhere
 * (every way, when best_of is given no needs).
 */
#define STRAT_TOUCH_ALWAYS (~0u)
typedef unsigned (*strat_needs)(int way);

/*
 * Trials: makes the unit each of its `ways` ways in turn and takes each
 * back (strat_undo), then makes it for good the way whose moves plus 1.5
 * times the change it made to the tiles' distances to their goals (a tile of
 * the side twice) is least - a way that spends moves pushing tiles home is
 * worth them, one that leaves the board further from solved is not.  (On
 * 100x100, weights from 1 to 2.2 give the same within 0.2%.)  The first way
 * wins a tie.  A way that fails with SLIDE_E_INTERNAL (a train's tile that
 * cannot reach the stack) is passed over, and when every way does the first
 * is made for its failure; any other failure (time, memory) ends the trials.
 * A way that needs(way) says would make the first way's moves again, by
 * what the first met (strat.touched), is not made.  While trials are open
 * no unit inside makes trials of its own.
 */
static int best_of(strat *s, int ways, strat_attempt attempt, strat_needs needs, void *job)
{
    /* the ways' moves stay in the buffer: half of it free keeps it from growing */
    if (s->pending_cap - s->npending < s->pending_cap / 2)
        strat_room(s, s->pending_cap / 2);
    const size_t start = s->npending, floor = s->floor;
    long best = LONG_MAX;
    int pick = 0, failure = SLIDE_OK;
    s->trying++;
    s->trial++;
    s->floor = start;
    unsigned met = 0; /* what the first way met */
    for (int way = 0; way < ways; way++) {
        unsigned need = way > 0 && needs ? needs(way) : STRAT_TOUCH_ALWAYS;
        if (need != STRAT_TOUCH_ALWAYS && !(need & met))
            continue; /* the first way's moves again: it wins the tie */
        s->touched = 0;
        int status = attempt(s, job, way);
        if (way == 0)
            met = s->touched;
        long score = 2 * (long)(s->npending - start);
        score += 3 * strat_undo(s, start);
        if (s->status != SLIDE_OK || (status != SLIDE_OK && status != SLIDE_E_INTERNAL)) {
            failure = s->status != SLIDE_OK ? s->status : status;
            break;
        }
        if (status == SLIDE_OK && score < best) {
            best = score;
            pick = way;
        }
    }
    s->trying--;
    s->floor = floor;
    return failure != SLIDE_OK ? failure : attempt(s, job, pick);
}

/* A placement of place_tile, for best_of. */
typedef struct tile_job {
    const open_frames *fs;
    const strat_area *a;
    uint32_t label;
    int target_r, target_c;
} tile_job;

/* What a way of strat_policies needs the default to have met to differ from it. */
static unsigned policy_needs(int way)
{
    const strat_policy *p = &strat_policies[way], *d = &strat_policies[0];
    if (p->straight_moves != d->straight_moves || p->push_weight != d->push_weight ||
        p->plan_across != d->plan_across || p->plan_side_weight != d->plan_side_weight)
        return STRAT_TOUCH_ALWAYS;
    return (p->dips != d->dips ? STRAT_TOUCH_DIP : 0u) |
           (p->shorter_leg != d->shorter_leg ? STRAT_TOUCH_LEG : 0u);
}

static int attempt_tile(strat *s, void *job, int way)
{
    const tile_job *j = job;
    s->policy = &strat_policies[way];
    int status = place_tile_as(s, j->fs, j->a, j->label, j->target_r, j->target_c);
    s->policy = &strat_policies[0];
    return status;
}

/* place_tile_as, on a small board the best of the ways strat_policies lists. */
static int place_tile(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
                      int target_r, int target_c)
{
    if (!s->trials || s->trying)
        return place_tile_as(s, fs, a, label, target_r, target_c);
    tile_job job = {fs, a, label, target_r, target_c};
    return best_of(s, STRAT_POLICIES, attempt_tile, policy_needs, &job);
}

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

/*
 * The last two cells of the row, (0, w-2) for tile a and (0, w-1) for b.
 * Placing a and then b directly can corner b; instead a goes to (0, w-1)
 * and b below it to (1, w-1) unless both are already in the 3x2 block at
 * the row's end, and the block is then finished by table (strat_w3_finish),
 * which knows the shortest way for every arrangement of a, b and the blank.
 * Rows 0 .. nh-1 are placed left of the block (nh > 1: the rest of a
 * strip).
 */
static int fill_last_two(strat *s, const open_frames *fs, int nh)
{
    const int w = s->view.w;
    uint32_t a = strat_slot(s, 0, w - 2), b = strat_slot(s, 0, w - 1);
    if (strat_where(s, a) == a && strat_where(s, b) == b)
        return SLIDE_OK;
    int status = SLIDE_OK;
    if (!(label_in_block(s, a) && label_in_block(s, b) && block_entry_free(s, a, b, nh))) {
        if (strat_where(s, a) != b) {
            strat_area corner = area_of(0, w - 2, nh);
            status = place_tile(s, fs, &corner, a, 0, w - 1);
        }
        if (status == SLIDE_OK && !label_in_block(s, b)) {
            /* b is below row 0; keep the blank out of row 0 so a stays put */
            if (s->br == 0)
                strat_move(s, SLIDE_DOWN);
            strat_area below = nh > 1 ? area_of(1, w - 2, nh - 1) : area_of(1, 0, 1);
            status = place_tile(s, fs, &below, b, 1, w - 1);
        }
    }
    if (status == SLIDE_OK)
        status = enter_block(s, a, b, nh);
    if (status == SLIDE_OK)
        status = strat_w3_finish(s, a, b);
    return status;
}

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
            status = place_tile(s, fs, &area, label[i], depth + i, c);
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

/*
 * What a run of a column costs beyond its estimate (train_depth): the
 * blank's trip out to its tiles.  bench_strategy 20:40 30:20 100:5, mean
 * / n^3: 1.899, 1.875, 1.817 at 0; 1.902, 1.872, 1.814 at 10; 1.907,
 * 1.873, 1.813 at 20; 1.912, 1.881, 1.813 at 30; a column as one train or
 * one tile at a time, no other split: 1.947, 1.921, 1.840.
 */
#define TRAIN_TRIP 10

/* How a column is split into runs and how deep its trains are stacked. */
typedef struct train_plan {
    int8_t trip;        /* what a run costs beyond its estimate */
    int8_t depth_shift; /* rows added to each train's depth (0 stays 0) */
    int8_t split;       /* TRAIN_SPLIT_* */
} train_plan;

enum {
    TRAIN_SPLIT_BEST, /* the runs of the least estimate */
    TRAIN_SPLIT_TILES /* every tile on its own */
};

/*
 * The plans trials try for a column, the first the default.  With the
 * placements' trials, 100x100 (5 boards): 1.698 n^3; each plan left out in
 * turn 1.699 to 1.702, but for a whole column as one train, left out
 * (1.699, and 30x30 1.743 against 1.745).
 */
static const train_plan train_plans[] = {
    {TRAIN_TRIP, 0, TRAIN_SPLIT_BEST},  {TRAIN_TRIP, 2, TRAIN_SPLIT_BEST},
    {TRAIN_TRIP, -2, TRAIN_SPLIT_BEST}, {30, 0, TRAIN_SPLIT_BEST},
    {0, 0, TRAIN_SPLIT_BEST},           {TRAIN_TRIP, 1, TRAIN_SPLIT_BEST},
    {TRAIN_TRIP, -1, TRAIN_SPLIT_BEST}, {TRAIN_TRIP, 4, TRAIN_SPLIT_BEST},
    {TRAIN_TRIP, 0, TRAIN_SPLIT_TILES},
};
#define TRAIN_PLANS ((int)(sizeof train_plans / sizeof train_plans[0]))

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

/* A strip's column and the different runs the plans make of it, for best_of. */
typedef struct column_job {
    const open_frames *fs;
    int k, c, plans;
    uint32_t label[STRAT_STRIP_ROWS];
    column_runs runs[TRAIN_PLANS];
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
 * a train or one by one (train_home), as the first of train_plans says
 * (the least estimate: train_depth, plus TRAIN_TRIP a run); on a small
 * board as the best of the different splits the plans make, each tried
 * with the default placements (best_of), the one kept then made with its
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
    for (int p = 0; p < (s->trials ? TRAIN_PLANS : 1); p++) {
        column_runs *runs = &job.runs[job.plans];
        column_plan(s, row, col, k, c, &train_plans[p], runs);
        int seen = 0;
        for (int q = 0; q < job.plans && !seen; q++)
            seen = !memcmp(&job.runs[q], runs, sizeof *runs);
        job.plans += !seen;
    }
    return job.plans == 1 ? attempt_column(s, &job, 0)
                          : best_of(s, job.plans, attempt_column, NULL, &job);
}

int strat_fill_strip(strat *s, int k)
{
    const int w = s->view.w;
    open_frames frames;
    open_frames_init(&frames, s);
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
        int status = fill_last_two(s, &frames, k - l);
        if (status != SLIDE_OK)
            s->status = status;
    }
    return s->status;
}

int strat_fill_row(strat *s)
{
    const int w = s->view.w;
    strat_area a = area_of(0, 0, 1);
    open_frames frames;
    open_frames_init(&frames, s);
    for (int c = 0; c + 2 < w && s->status == SLIDE_OK; c++) {
        uint32_t label = strat_slot(s, 0, c);
        if (strat_where(s, label) == label)
            continue;
        a.c0 = c;
        int status = place_tile(s, &frames, &a, label, 0, c);
        if (status != SLIDE_OK && s->status == SLIDE_OK)
            s->status = status;
        if ((c & 63) == 63 && budget_expired(s->budget) && s->status == SLIDE_OK)
            s->status = s->budget->status;
    }
    if (s->status == SLIDE_OK) {
        int status = fill_last_two(s, &frames, 1);
        if (status != SLIDE_OK)
            s->status = status;
    }
    return s->status;
}
