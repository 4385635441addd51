/*
 * strategy_internal.h - what the files of the strategy solver share; nothing
 * outside src/strategy/ includes it.  The blank's inline moves are in
 * blank_internal.h, the area and the ring round a tile in area_internal.h.
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
#include "strategy/tuning.h"

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
#define STRAT_TOUCH_LEG 2u /* two steps tied but for their legs (strat_place_tile_as) */

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

/* The approach planner's scratch, in cells (tuning.h, STRAT_HORIZON). */
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
    const strat_knobs *knobs;   /* the ways and plans trials try */
    const strat_policy *policy; /* the way tiles are placed now */
    unsigned touched;           /* STRAT_TOUCH_* the placements met (see strat_best_of) */
    /*
     * The approach walks planned before any move of a trial's way
     * (strat_walk_planned): a later way that plans the same walk from the same
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
 * Makes v the current view: rows (or columns) of the board starting at slot
 * base, stepping dr per view row and dc per view column, h by w cells.  The
 * blank's view coordinates are recomputed.  View rows 0 .. watch-1 (at most
 * STRAT_STRIP_ROWS) become the side being filled: their tiles are found by
 * one scan of the view and tracked from then on (side_pos); with watch 0
 * nothing is.
 */
void strat_set_view(strat *s, uint32_t base, int32_t dr, int32_t dc, int h, int w, int watch);

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
 * The frames of open_steps, built once per row: the tile last went up and
 * turns right (0) or left (1), went left (2), went right (3).
 */
typedef struct open_frames {
    open_frame f[4];
} open_frames;

/* Makes a unit of work (a placement, a strip's column) its `way`-th way. */
typedef int (*strat_attempt)(strat *s, void *job, int way);

/*
 * What the `way`-th way needs the first to have met (STRAT_TOUCH_*) to make
 * other moves than the first; STRAT_TOUCH_ALWAYS: it may differ anywhere
 * (every way, when strat_best_of is given no needs).
 */
#define STRAT_TOUCH_ALWAYS (~0u)
typedef unsigned (*strat_needs)(const strat *s, int way);

/*
 * Moves the blank to view cell (gr, gc) inside area a without entering the
 * obstacle cell (tr, tc) (tr = -9 for none).  Round the obstacle when both
 * ends are next to it; a planned monotone walk when the box between the
 * ends is free; else three straight runs, possibly to another cell next to
 * the obstacle and round it; else a bounded search.  Returns
 * SLIDE_OK, or a failure status (the area's shape rules out "no route").
 */
int strat_route(strat *s, const strat_area *a, int tr, int tc, int gr, int gc);

/*
 * Walks the blank to view cell (gr, gc) along the monotone path the
 * approach planner picks (the caller knows the box between the ends is
 * free), remembered at the start of a trial's ways (strat.walk_memo): the
 * walk depends only on the board, the blank, the goal cell and the
 * planner's knobs, and the board is the trial's own until its first move.
 */
void strat_walk_planned(strat *s, int gr, int gc);

/* Builds the frames of open_steps for the current view. */
void strat_open_frames_init(open_frames *fs, const strat *s);

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
int strat_place_tile_as(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
                        int target_r, int target_c);

/*
 * Trials: makes the unit each of its `ways` ways in turn and takes each
 * back (strat_undo), then makes it for good the way whose moves plus the
 * change it made to the tiles' distances to their goals (a tile of the side
 * twice), weighed as tuning.h's STRAT_SCORE_* say, is least - a way that
 * spends moves pushing tiles home is worth them, one that leaves the board
 * further from solved is not.  The first way wins a tie.  A way that fails with SLIDE_E_INTERNAL (a
 * train's tile that cannot reach the stack) is passed over, and when every way does the first is
 * made for its failure; any other failure (time, memory) ends the trials. A way that needs(way)
 * says would make the first way's moves again, by what the first met (strat.touched), is not made.
 * While trials are open no unit inside makes trials of its own.
 */
int strat_best_of(strat *s, int ways, strat_attempt attempt, strat_needs needs, void *job);

/* strat_place_tile_as, on a small board the best of the ways s->knobs lists. */
int strat_place_tile(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
                     int target_r, int target_c);

/*
 * The last two cells of the row, (0, w-2) for tile a and (0, w-1) for b.
 * Placing a and then b directly can corner b; instead a goes to (0, w-1)
 * and b below it to (1, w-1) unless both are already in the 3x2 block at
 * the row's end, and the block is then finished by table (strat_w3_finish),
 * which knows the shortest way for every arrangement of a, b and the blank.
 * Rows 0 .. nh-1 are placed left of the block (nh > 1: the rest of a
 * strip).
 */
int strat_fill_last_two(strat *s, const open_frames *fs, int nh);

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
