/*
 * blank_internal.h - the blank's moves, inline: every phase of the strategy
 * solver moves the blank through these, and a move costs a few
 * nanoseconds, so they stay in registers and out of calls.  Also the side's
 * tracking (side_pos), which every move updates.
 */
#ifndef SLIDE_STRATEGY_BLANK_INTERNAL_H
#define SLIDE_STRATEGY_BLANK_INTERNAL_H

#include "strategy/strategy_internal.h"

/*
 * What the move loops need to track the side's tiles, copied to a local so
 * that the compiler keeps it in registers (see strat_moves_to).
 */
typedef struct strat_tracker {
    uint32_t *side_pos;
    int key_shift, index_shift;
    uint32_t key_mask, index_mask, key_lo, key_span, stride;
} strat_tracker;

static inline strat_tracker strat_tracker_of(const strat *s)
{
    strat_tracker k = {s->side_pos,   s->key_shift, s->index_shift, s->key_mask,
                       s->index_mask, s->key_lo,    s->key_span,    (uint32_t)s->side_cap};
    return k;
}

/* Records that tile now stands at slot when it is one of the side's tiles. */
static inline void strat_track(const strat_tracker *k, uint32_t tile, uint32_t slot)
{
    uint32_t layer = ((tile >> k->key_shift) & k->key_mask) - k->key_lo;
    if (layer < k->key_span)
        k->side_pos[((tile >> k->index_shift) & k->index_mask) + layer * k->stride] = slot;
}

static inline void strat_watch(strat *s, uint32_t tile, uint32_t slot)
{
    strat_tracker k = strat_tracker_of(s);
    strat_track(&k, tile, slot);
}

/*
 * Non-zero when label t is a tile of the side being filled, from the
 * strat's side_mask, side_lo and side_span (copied to locals by the loops).
 */
static inline int strat_of_side(uint32_t t, uint32_t mask, uint32_t lo, uint32_t span)
{
    return (t & mask) - lo < span;
}

/* The slot of a tile of the side being filled (see side_pos). */
static inline uint32_t strat_where(const strat *s, uint32_t label)
{
    uint32_t layer = ((label >> s->key_shift) & s->key_mask) - s->key_lo;
    return s->side_pos[((label >> s->index_shift) & s->index_mask) + layer * s->side_cap];
}

/*
 * Applies n view moves dirs[0..n) that hold no move followed by its inverse
 * (a ring walk, a monotone path) and leave the blank at view cell (end_r,
 * end_c) - the same as n strat_move calls, with the blank and the pending
 * buffer kept in registers: through memory every move would cost a
 * store-to-load round trip.  Only the leading moves can cancel pending ones.
 */
static inline void strat_moves_to(strat *s, const uint8_t *dirs, int n, int end_r, int end_c)
{
    /*
     * Everything the loop reads is copied to locals first: the byte stores
     * to pending may alias any object, which would otherwise force a reload
     * of each field after every move.
     */
    uint32_t *const cell = s->cell;
    const strat_tracker track = strat_tracker_of(s);
    const uint32_t delta[4] = {(uint32_t)s->view.delta[0], (uint32_t)s->view.delta[1],
                               (uint32_t)s->view.delta[2], (uint32_t)s->view.delta[3]};
    const uint8_t dir[4] = {s->view.dir[0], s->view.dir[1], s->view.dir[2], s->view.dir[3]};
    uint32_t blank = s->blank;
    size_t np = s->npending;
    int i = 0;
    for (; i < n && np > s->floor && s->pending[np - 1] == (dir[dirs[i]] ^ 1); i++, np--) {
        uint32_t to = blank + delta[dirs[i]], tile = cell[to];
        cell[blank] = tile;
        strat_track(&track, tile, blank);
        blank = to;
    }
    if (np + (size_t)(n - i) > s->pending_cap) {
        s->npending = np;
        strat_room(s, (size_t)(n - i));
        np = s->npending;
    }
    uint8_t *out = s->pending + np;
    for (; i < n; i++) {
        int d = dirs[i];
        uint32_t to = blank + delta[d], tile = cell[to];
        cell[blank] = tile;
        strat_track(&track, tile, blank);
        blank = to;
        *out++ = dir[d];
    }
    s->npending = (size_t)(out - s->pending);
    s->blank = blank;
    s->br = end_r;
    s->bc = end_c;
}

/* strat_moves_to for callers that do not know where the moves end. */
static inline void strat_moves(strat *s, const uint8_t *dirs, int n)
{
    int r = s->br, c = s->bc;
    for (int i = 0; i < n; i++) {
        r += strat_move_dr[dirs[i]];
        c += strat_move_dc[dirs[i]];
    }
    strat_moves_to(s, dirs, n, r, c);
}

/* Moves the blank count cells in view direction d (a straight run). */
static inline void strat_run(strat *s, int d, int count)
{
    if (count <= 0)
        return;
    uint32_t *const cell = s->cell;
    const strat_tracker track = strat_tracker_of(s);
    const uint32_t delta = (uint32_t)s->view.delta[d];
    const uint8_t bd = s->view.dir[d];
    uint32_t blank = s->blank;
    size_t np = s->npending;
    /* only the leading moves of a run can cancel pending ones */
    int i = 0;
    for (; i < count && np > s->floor && s->pending[np - 1] == (bd ^ 1); i++, np--) {
        uint32_t to = blank + delta, tile = cell[to];
        cell[blank] = tile;
        strat_track(&track, tile, blank);
        blank = to;
    }
    while (i < count) {
        if (np == s->pending_cap) {
            s->npending = np;
            strat_room(s, 1);
            np = s->npending;
        }
        size_t room = s->pending_cap - np;
        int chunk = (size_t)(count - i) < room ? count - i : (int)room;
        memset(s->pending + np, bd, (size_t)chunk);
        np += (size_t)chunk;
        for (int k = 0; k < chunk; k++) {
            uint32_t to = blank + delta, tile = cell[to];
            cell[blank] = tile;
            strat_track(&track, tile, blank);
            blank = to;
        }
        i += chunk;
    }
    s->npending = np;
    s->blank = blank;
    s->br += strat_move_dr[d] * count;
    s->bc += strat_move_dc[d] * count;
}

/*
 * Moves the blank one cell in view direction d; the caller knows it is
 * legal.  (A batch of one: updating the blank's coordinates the same way as
 * the batches keeps the compiler from merging them into a wide load that
 * the store buffer cannot forward.)
 */
static inline void strat_move(strat *s, int d)
{
    uint8_t one = (uint8_t)d;
    strat_moves(s, &one, 1);
}

/* The board slot of view cell (r, c). */
static inline uint32_t strat_slot(const strat *s, int r, int c)
{
    return s->view.base + (uint32_t)(r * s->view.dr) + (uint32_t)(c * s->view.dc);
}

#endif /* SLIDE_STRATEGY_BLANK_INTERNAL_H */
