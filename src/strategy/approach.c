/*
 * approach.c - the blank's approach planner: the monotone walk to a cell
 * that pushes the most displaced tiles towards their goals, and the walks a
 * trial's ways share (strat.walk_memo).
 */
#include "strategy/area_internal.h"

/*
 * Walks the blank to (gr, gc) along a monotone path whose cells are all free
 * (the caller checked the box between them).  Every such path has the same
 * length, so it picks the one whose displaced tiles gain most: a dynamic
 * program over a box of at most s->horizon cells a side, scaled to the
 * remaining legs, whose best path is walked STRAT_PLAN_WALK_QUARTERS
 * quarters of the way before planning again (the whole way once the goal
 * is inside the box).
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
        int walk = whole ? n : (STRAT_PLAN_WALK_QUARTERS * n + 3) / 4, down_steps = 0;
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
 * the knobs (large boards, which make no trials, spend much of their time
 * in it).
 */
static void walk_planned_now(strat *s, int gr, int gc)
{
    const int side_extra = s->policy->plan_side_weight - 1, across_wins = s->policy->plan_across;
    if (!SLIDE_PLAIN && side_extra == 0 && !across_wins)
        walk_plan_as(s, gr, gc, 0, 0);
    else
        walk_plan_as(s, gr, gc, side_extra, across_wins);
}

void strat_walk_planned(strat *s, int gr, int gc)
{
    if (SLIDE_PLAIN || !s->trying || s->npending != s->floor) {
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
