/*
 * tuning.h - the strategy solver's tuning in one place: every number that
 * trades answer length against time, and the ways and plans trials try.
 * The figures behind each choice are in the commits that set it and in
 * tests/bench/README.md; tests/bench/strategy-knobs.sh measures each way
 * and plan against the rest.
 *
 * Legend:
 *   STRAT_TRIAL_CELLS        boards of at most this many cells get trials
 *   STRAT_SCORE_MOVES        what a trial's move counts in its score
 *   STRAT_SCORE_DISTANCE     what a trial's change to the distances counts
 *   STRAT_STRIP_ROWS         rows a strip holds at most
 *   STRAT_STRIP_MIN          rows and columns a rectangle needs for strips
 *   STRAT_DEEP_STRIP_MIN     ... for strips of STRAT_STRIP_ROWS rows
 *   STRAT_TRAIN_TRIP         what a run of a column costs beyond its estimate
 *   STRAT_HORIZON            the approach planner's box side, in cells
 *   STRAT_HORIZON_HUGE       ... on boards of more than STRAT_HUGE_CELLS
 *   STRAT_PLAN_WALK_QUARTERS quarters of a planned walk made before planning again
 *   STRAT_DIP_RUN            cells along a row beyond which a tile dips
 *   STRAT_STRAIGHT_MOVES     the default's cost of a straight step in open board
 *   STRAT_PUSH_WEIGHT        the default's worth of a push, in moves
 *   STRAT_PENDING            moves the pending buffer first holds
 *   STRAT_WALK_MEMO          approach walks a trial remembers
 *
 *   strat_policies: the ways trials place a tile, the first the default
 *     straight  what a straight step in open board counts, in moves
 *     push      what a tile pushed towards its goal counts, in moves
 *     across    the approach planner's ties go along the row, not down
 *     side      what a tile of the side counts in the planner
 *     leg       a step's ties go along the shorter leg
 *     dips      tiles dip a row to travel along one under placed cells
 *
 *   train_plans: the plans trials try for a strip's column, the first the default
 *     trip      what a run costs beyond its estimate
 *     depth     rows added to each train's depth
 *     split     the runs of the least estimate, or every tile on its own
 */
#ifndef SLIDE_STRATEGY_TUNING_H
#define SLIDE_STRATEGY_TUNING_H

#include <stdint.h>

/*
 * Boards of at most this many cells get trials (trials.c): each tile
 * placement and each strip column is made every way listed below and kept
 * the way that leaves the board closest to solved for the moves it took.
 * That multiplies the time by about 8, so larger boards make each the
 * default way alone.
 */
#define STRAT_TRIAL_CELLS 16384

/*
 * A trial's score (strat_best_of): its moves times STRAT_SCORE_MOVES plus
 * its change to the tiles' distances to their goals times
 * STRAT_SCORE_DISTANCE - a change to the distances is worth 1.5 moves.
 */
#define STRAT_SCORE_MOVES 2
#define STRAT_SCORE_DISTANCE 3

/*
 * Strips (strip.c): a side is filled as a strip of 3 rows on rectangles of
 * at least STRAT_STRIP_MIN rows and columns, and of STRAT_STRIP_ROWS on
 * those of at least STRAT_DEEP_STRIP_MIN, where the longer trains' cheaper
 * lifts outweigh the row ends' dearer finish; a small board has little
 * depth for trains.
 */
#define STRAT_STRIP_ROWS 4
#define STRAT_STRIP_MIN 12
#define STRAT_DEEP_STRIP_MIN 40

/* What a run of a strip's column costs beyond its estimate: the blank's trip out to its tiles. */
#define STRAT_TRAIN_TRIP 10

/*
 * The approach planner's horizon (approach.c): routes through the box
 * between blank and goal are planned over at most (horizon+1)^2 cells at a
 * time, STRAT_HORIZON_HUGE on boards of more than STRAT_HUGE_CELLS cells,
 * where the time a move takes matters more than the last percent of
 * length; each planned walk is made STRAT_PLAN_WALK_QUARTERS quarters of
 * the way before planning again.
 */
#define STRAT_HORIZON 40
#define STRAT_HORIZON_HUGE 10
#define STRAT_HUGE_CELLS 250000
#define STRAT_PLAN_WALK_QUARTERS 3

/* A tile with more than this many cells to go along a row under placed cells dips a row. */
#define STRAT_DIP_RUN 2

/*
 * The default way's open steps (tile.c, open_steps): a straight step counts
 * 3 moves, not its 4, as the staircase has to take its straight steps
 * somewhere; a push is worth a move.
 */
#define STRAT_STRAIGHT_MOVES 3
#define STRAT_PUSH_WEIGHT 1

/*
 * Moves held back so that a move followed by its inverse can be cancelled
 * (the buffer's first size; a trial's moves stay until it is decided, so
 * it grows during one, see strat_room).
 */
#define STRAT_PENDING 16384

/* Approach walks a trial remembers (see strat.walk_memo). */
#define STRAT_WALK_MEMO 4

/* One way of placing a tile: the knobs the trials vary. */
typedef struct strat_policy {
    int8_t straight_moves;   /* what a straight step in open board counts (open_steps) */
    int8_t push_weight;      /* what a tile pushed towards its goal counts there, against a move */
    int8_t plan_across;      /* the approach planner's ties go along the row, not down */
    int8_t plan_side_weight; /* what a tile of the side counts in the planner */
    int8_t shorter_leg;      /* a step's ties go along the shorter leg (strat_place_tile_as) */
    int8_t dips;             /* tiles dip a row to travel along one under placed cells */
} strat_policy;

/*
 * The ways trials place a tile (strat_best_of), each the default (the
 * first, the one way of large boards) with one or two knobs changed.
 */
static const strat_policy strat_policies[] = {
    /* straight, push, across, side, leg, dips; the default: */
    {STRAT_STRAIGHT_MOVES, STRAT_PUSH_WEIGHT, 0, 1, 0, 1},
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

/* How a strip's column is split into runs and how deep its trains are stacked. */
typedef struct train_plan {
    int8_t trip;        /* what a run costs beyond its estimate */
    int8_t depth_shift; /* rows added to each train's depth (0 stays 0) */
    int8_t split;       /* TRAIN_SPLIT_* */
} train_plan;

enum {
    TRAIN_SPLIT_BEST, /* the runs of the least estimate */
    TRAIN_SPLIT_TILES /* every tile on its own */
};

/* The plans trials try for a column, the first the default (the one plan of large boards). */
static const train_plan train_plans[] = {
    /* trip, depth, split */
    {STRAT_TRAIN_TRIP, 0, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, 2, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, -2, TRAIN_SPLIT_BEST},
    {30, 0, TRAIN_SPLIT_BEST},
    {0, 0, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, 1, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, -1, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, 4, TRAIN_SPLIT_BEST},
    {STRAT_TRAIN_TRIP, 0, TRAIN_SPLIT_TILES},
};

#define STRAT_POLICIES ((int)(sizeof strat_policies / sizeof strat_policies[0]))
#define STRAT_TRAIN_PLANS ((int)(sizeof train_plans / sizeof train_plans[0]))

/*
 * The ways and plans a solve's trials try (strat.knobs), the first of each
 * the default: strat_knobs_tuned, the lists above; a benchmark passes
 * others (strategy_solve_knobs) to see what each is worth.
 */
typedef struct strat_knobs {
    const strat_policy *policies;
    int policy_count; /* 1 .. STRAT_POLICIES */
    const train_plan *plans;
    int plan_count; /* 1 .. STRAT_TRAIN_PLANS */
} strat_knobs;

static const strat_knobs strat_knobs_tuned = {strat_policies, STRAT_POLICIES, train_plans,
                                              STRAT_TRAIN_PLANS};

#endif /* SLIDE_STRATEGY_TUNING_H */
