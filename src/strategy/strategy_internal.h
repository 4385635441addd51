/*
 * strategy_internal.h - what the files of the strategy solver share (view.c,
 * place.c, small.c, strategy.c); nothing outside src/strategy/ includes it.
 *
 * The board is held with a power-of-two row stride so a slot splits into
 * row and column with a shift and a mask.  Tiles are relabelled by the slot
 * of their goal cell, so "tile L is home" is cell[L] == L and the goal needs
 * no lookups.  Every phase works through a view: a rectangle of the board
 * seen with its row 0 as the side being filled, which turns "fill the bottom
 * row right to left" or "fill the left column" into "fill the top row left
 * to right" and lets one set of routines serve every side and orientation.
 */
#ifndef SLIDE_STRATEGY_INTERNAL_H
#define SLIDE_STRATEGY_INTERNAL_H

#include "core/core.h"

/*
 * Rows a strip holds at most (strat_fill_strip; strategy.c's side_rows says
 * how many): its tiles come home a column at a time, as trains (see
 * place.c).
 */
#define STRAT_STRIP_ROWS 4

/*
 * Moves held back so that a move followed by its inverse can be cancelled
 * (the buffer's first size; a trial's moves stay until it is decided, so
 * it grows during one, see strat_room).
 */
#define STRAT_PENDING 16384

/*
 * Boards of at most this many cells get trials (place.c, best_of): each
 * tile placement and each strip column is made every way listed there and
 * kept the way that leaves the board closest to solved for the moves it
 * took.  That multiplies the time by about 8, so larger boards make each
 * the one default way (100x100: 1.765 -> 1.699 n^3 in about 0.45 s instead
 * of 0.06; 1000x1000 would take minutes).
 */
#define STRAT_TRIAL_CELLS 16384

/*
 * One way of placing a tile: the knobs the trials vary (place.c lists the
 * ways tried; the first is the default, used alone on large boards).
 */
typedef struct strat_policy {
    int8_t straight_moves;   /* what a straight step in open board counts (open_steps) */
    int8_t push_weight;      /* what a tile pushed towards its goal counts there, against a move */
    int8_t plan_across;      /* the approach planner's ties go along the row, not down */
    int8_t plan_side_weight; /* what a tile of the side counts in the planner */
    int8_t shorter_leg;      /* a step's ties go along the shorter leg (place_tile) */
    int8_t dips;             /* tiles dip a row to travel along one under placed cells */
} strat_policy;

/* Approach walks a trial remembers (see strat.walk_memo). */
#define STRAT_WALK_MEMO 4

/* One remembered walk: of trial `trial`, from slot blank to view cell (gr, gc). */
typedef struct strat_walk_memo {
    uint32_t trial, blank;
    int gr, gc;
    int sig; /* the planner's knobs */
    int len; /* moves */
} strat_walk_memo;

/*
 * Choices a placement met where the knobs dips and shorter_leg would have
 * decided otherwise (strat.touched): a way that differs from the default
 * only in knobs whose choices the default's placement never met makes the
 * same moves, so trials pass it over.
 */
#define STRAT_TOUCH_DIP 1u /* a tile could have dipped (course_next) */
#define STRAT_TOUCH_LEG 2u /* two steps tied but for their legs (place_tile_as) */

/* The ways trials make a placement (place.c); the first is the default. */
extern const strat_policy strat_policies[];

/*
 * View cell (r, c) is board slot base + r*dr + c*dc; dr and dc are +-1 or
 * +-stride.  delta[d] and dir[d] give the slot change and the board move
 * for a blank move d (SLIDE_UP ...) expressed in view terms.
 */
typedef struct strat_view {
    uint32_t base;
    int32_t dr, dc;
    int h, w;
    int32_t delta[4];
    uint8_t dir[4];
    /*
     * The blank entering slot q by view move d pushes the tile t there
     * towards its goal when gain_sign[d] * (key(t) - key(q)) > 0, where
     * key(x) = (x >> gain_shift[d]) & gain_mask[d] is the row for a board
     * move u or d and the column for l or r.
     */
    int gain_shift[4];
    uint32_t gain_mask[4];
    int gain_sign[4];
} strat_view;

/*
 * Where a phase may move the blank and the tiles, in view coordinates: rows
 * rt .. h-1 of the view, except the cells (r, c) with r < rt + nh and
 * c < c0 (a notch of placed tiles: nh is 1 for a row, the strip's rows
 * left for a strip) and, in column pc, the cap (rows rt .. cap-1: the
 * column's tiles already home) and the pillar (rows pr0 .. pr1-1: a train
 * being built or lifted; none when pr0 == pr1).  Everything outside the
 * view is placed as well.
 */
typedef struct strat_area {
    int rt;
    int c0;
    int nh;
    int pc, cap, pr0, pr1;
} strat_area;

/*
 * The approach planner's horizon: routes through the box between blank and
 * goal are planned over at most (horizon+1)^2 cells at a time, horizon
 * being STRAT_HORIZON, or STRAT_HORIZON_HUGE on boards of more than
 * STRAT_HUGE_CELLS cells, where the time a move takes matters more than
 * the last percent of length (1000x1000 before strips: 1.906 n^3 in 17 s
 * of CPU at 10 cells, 1.886 n^3 in 22 s at 20).  With strips, 40 against
 * 20: 100x100 1.809 n^3 against 1.814, a 500x500 board 0.6% shorter in
 * 2.5 s of CPU against 2.1; 30 gave 1.811.
 */
#define STRAT_HORIZON 40
#define STRAT_HORIZON_HUGE 10
#define STRAT_HUGE_CELLS 250000
#define STRAT_PLAN_CELLS ((STRAT_HORIZON + 1) * (STRAT_HORIZON + 1))

typedef struct strat {
    int rows, cols;
    int shift;      /* slot = row << shift | col */
    uint32_t mask;  /* (1 << shift) - 1 */
    size_t slots;   /* rows << shift */
    uint32_t *cell; /* cell[slot] = label of the tile there (blank: junk) */
    /*
     * Where the tiles of the side being filled are (its view rows 0 ..
     * watch-1, see strat_set_view).  Only these tiles are ever looked up,
     * so only they are tracked: a full label -> slot table would cost a
     * cache miss on every move of a large board.  A tile that moves is never
     * placed, so its label lies in the remaining rectangle, and it belongs
     * to the side exactly when its label's row (for a row side; column for a
     * column side) is one of the side's: the layer
     * ((t >> key_shift) & key_mask) - key_lo is below key_span.  side_pos is
     * indexed by the label's other coordinate, ((t >> index_shift) &
     * index_mask), plus layer * side_cap.
     */
    uint32_t *side_pos;
    size_t side_cap;
    int key_shift, index_shift;
    uint32_t key_mask, index_mask;
    uint32_t key_lo, key_span; /* key_span 0: nothing is tracked */
    /*
     * The same test on a label in one step: (t & side_mask) - side_lo <
     * side_span (never, when nothing is tracked).
     */
    uint32_t side_mask, side_lo, side_span;
    uint32_t blank;      /* slot of the blank */
    uint32_t goal_blank; /* slot where the blank belongs */
    strat_view view;
    int br, bc;                     /* the blank in view coordinates */
    uint8_t *pending;               /* board moves not yet handed on, pending_cap bytes */
    size_t npending, pending_cap;
    /*
     * While a trial is open (trying), the moves from pending[floor] on are
     * its own: none of them cancels one below, and none is handed on.
     */
    size_t floor;
    int trying;
    int trials;                 /* the board is small enough for trials */
    const strat_policy *policy; /* the way tiles are placed now */
    unsigned touched;           /* STRAT_TOUCH_* the placements met (see best_of) */
    /*
     * The approach walks planned before any move of a trial's way
     * (walk_planned): a later way that plans the same walk from the same
     * board replays it instead (most ways differ only in the steps).
     * trial counts trials, so an entry of an earlier one is stale; the
     * moves (view moves) are walk_memo_cap bytes an entry.
     */
    uint32_t trial;
    strat_walk_memo walk_memo[STRAT_WALK_MEMO];
    uint8_t *walk_memo_moves;
    int walk_memo_cap, walk_memo_next;
    move_list *out;
    search_budget *budget;
    int status;           /* first failure; phases stop once it is set */
    uint8_t w3_dist[216]; /* see strat_w3_init; built on first use */
    int w3_ready;
    int horizon;                         /* the approach planner's, STRAT_HORIZON at most */
    int16_t plan_best[STRAT_PLAN_CELLS]; /* scratch of the approach planner */
    int8_t plan_down[STRAT_PLAN_CELLS];
    uint8_t plan_path[2 * STRAT_HORIZON];
} strat;

/* Row and column offsets of the four moves u, d, l, r. */
static const int strat_move_dr[4] = {-1, 1, 0, 0};
static const int strat_move_dc[4] = {0, 0, -1, 1};

/* Hands all but the last `keep` pending moves to the output. */
void strat_flush(strat *s, size_t keep);

/*
 * Makes room for `need` (at most STRAT_PENDING / 2) more pending moves:
 * hands on all but the last quarter of the buffer, or while a trial is
 * open grows it.  When memory runs out it sets s->status and empties the
 * buffer: the solve has failed, but the moves can still be made.
 */
void strat_room(strat *s, size_t need);

/*
 * Takes back the pending moves from pending[from] on, newest first, and
 * returns how much they had changed the tiles' distances to their goals,
 * summed (negative: closer), a tile of the side being filled counting
 * twice.  The board, the blank and the side's tracking are as before them.
 */
long strat_undo(strat *s, size_t from);

/* View coordinates of a board slot. */
void strat_to_view(const strat *s, uint32_t slot, int *r, int *c);

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

/*
 * Makes v the current view: rows (or columns) of the board starting at slot
 * base, stepping dr per view row and dc per view column, h by w cells.  The
 * blank's view coordinates are recomputed.  View rows 0 .. watch-1 (at most
 * STRAT_STRIP_ROWS) become the side being filled: their tiles are found by
 * one scan of the view and tracked from then on (side_pos); with watch 0
 * nothing is.
 */
void strat_set_view(strat *s, uint32_t base, int32_t dr, int32_t dc, int h, int w, int watch);

/*
 * Fills view row 0 (w cells, h >= 3 rows in the view, everything outside the
 * view placed): cells 0 .. w-3 one tile at a time, the last two together.
 * Returns SLIDE_OK or the first failure (s->status).
 */
int strat_fill_row(strat *s);

/*
 * Fills view rows 0 .. k-1 (a strip: 2 <= k <= watched rows <=
 * STRAT_STRIP_ROWS, h >= k + 3, w >= 4, everything outside the view
 * placed): column by column but the last two, each column's k tiles as a
 * train, then the last two cells of each row through the 3x2 block.
 * Returns SLIDE_OK or the first failure (s->status).
 */
int strat_fill_strip(strat *s, int k);

/*
 * Moves the view one row in (its row 1 becomes row 0, h one less) and keeps
 * tracking the tiles it tracked.
 */
void strat_view_down(strat *s);

/*
 * Distances for the last two tiles of a row inside the 3x2 block at the
 * row's end: dist[a*36 + b*6 + z] is the fewest moves that bring tile a to
 * block cell 0 and b to cell 1 with the blank at z and the other cells
 * holding tiles that do not matter (cell k is block row k/2, column k%2).
 */
void strat_w3_init(uint8_t dist[216]);

/*
 * Finishes a row whose tiles a and b (labels) and the blank are all inside
 * the 3x2 block at view rows 0..2, columns w-2..w-1, by following w3_dist.
 */
int strat_w3_finish(strat *s, uint32_t a, uint32_t b);

/*
 * Solves the last region, rows top..top+h-1 and columns left..left+w-1 of
 * the board (at most 6 cells, holding exactly its own tiles and the
 * blank), with the fewest moves, by breadth-first search.
 */
int strat_window_solve(strat *s, int top, int left, int h, int w);

#endif /* SLIDE_STRATEGY_INTERNAL_H */
