/*
 * tile.c - moving one tile home without disturbing placed tiles (the
 * strategy solver's inner loop).
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
 * slot, so that is one comparison a move; in open board the other ways of
 * a step are weighed against that push as well (open_steps).
 */
#include "strategy/area_internal.h"

/* The ways of a step in open board, in the frame of open_frame. */
enum { WAY_NEAR, WAY_FAR, WAY_STRAIGHT_CW, WAY_STRAIGHT_CCW };

/* The view move from ring cell i to the next ring cell j. */
static int ring_step_dir(int i, int j)
{
    int dr = ring_dr[j] - ring_dr[i], dc = ring_dc[j] - ring_dc[i];
    return dr < 0 ? SLIDE_UP : dr > 0 ? SLIDE_DOWN : dc < 0 ? SLIDE_LEFT : SLIDE_RIGHT;
}

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

void strat_open_frames_init(open_frames *fs, const strat *s)
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
         * longer leg goes first (scored with the rest of the staircase
         * instead, a push counted for less than a move, and the answers were
         * longer).  A straight step counts straight_moves, by default fewer
         * than its 4 (tuning.h, STRAT_STRAIGHT_MOVES): the staircase has to
         * take its straight steps somewhere, and here the blank may pass
         * either side of the tile, where near its target a placed cell often
         * leaves it one; a push is worth push_weight moves.  Packed as
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
    if (!SLIDE_PLAIN && p->straight_moves == STRAT_STRAIGHT_MOVES &&
        p->push_weight == STRAT_PUSH_WEIGHT)
        return open_steps_as(s, fs, a, tile_r, tile_c, gr, gc, last_step, STRAT_STRAIGHT_MOVES,
                             STRAT_PUSH_WEIGHT);
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
 *   free, and climbs back diagonally.
 * dip is 0 before a dip, 1 while heading for the dip cell, 2 after it.
 */
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

int strat_place_tile_as(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
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
