/*
 * area_internal.h - the area a phase may move in (strat_area) and the ring
 * of 8 cells round a tile: the tests and walks that the blank's routes
 * (route.c), a tile's steps (tile.c), the trains (strip.c) and the 3x2
 * block (block.c) share, inline because they run on every step.
 */
#ifndef SLIDE_STRATEGY_AREA_INTERNAL_H
#define SLIDE_STRATEGY_AREA_INTERNAL_H

#include "strategy/blank_internal.h"

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
static inline strat_area area_of(int rt, int c0, int nh)
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
static inline int ring_index(int tr, int tc, int r, int c)
{
    static const int8_t index[3][3] = {{7, 0, 1}, {6, -1, 2}, {5, 4, 3}};
    int dr = r - tr, dc = c - tc;
    if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
        return -1;
    return index[dr + 1][dc + 1];
}

/* Bit k set when ring cell k round (tr, tc) is in the area. */
static inline unsigned ring_mask(const strat *s, const strat_area *a, int tr, int tc)
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
static inline int ring_choice(unsigned mask, int i, int j, int *way)
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
static inline int ring_gain(const strat *s, int i, int j, int way)
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
static inline void ring_walk(strat *s, int tr, int tc, int i, int j, int way, int then)
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
static inline int column_free(const strat *s, const strat_area *a, int tr, int tc, int c, int r1,
                              int r2)
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

static inline int row_free(const strat *s, const strat_area *a, int tr, int tc, int r, int c1,
                           int c2)
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

static inline void walk_rows(strat *s, int to)
{
    if (s->br < to)
        strat_run(s, SLIDE_DOWN, to - s->br);
    else
        strat_run(s, SLIDE_UP, s->br - to);
}

static inline void walk_cols(strat *s, int to)
{
    if (s->bc < to)
        strat_run(s, SLIDE_RIGHT, to - s->bc);
    else
        strat_run(s, SLIDE_LEFT, s->bc - to);
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

#endif /* SLIDE_STRATEGY_AREA_INTERNAL_H */
