/*
 * walk.h - the incremental lookup: pdb_estimate kept up to date while a
 * search moves one tile at a time (IDA*'s depth-first walk) instead of
 * recomputed at every board.  Each group's placement, occupied cells and
 * entry are kept for the board and its reflection, and a move re-ranks and
 * re-reads only the group of the tile that moved, on each side.  That is
 * exact even for groups with an entry per blank region: for every other
 * group the blank slides between two adjacent cells that hold none of its
 * tiles, so it stays in the same region.
 *
 * pdb_walk_try says what a move would give; pdb_walk_take makes it, and
 * pdb_walk_undo takes it back (last taken, first undone).  The walk only
 * reads set, which must outlive it.  The steps are inline because IDA*'s
 * node loops take one a child; only the start is a call (lookup.c).
 */
#ifndef SLIDE_PDB_WALK_H
#define SLIDE_PDB_WALK_H

#include "pdb/pdb.h"

/*
 * pdb_group_state is one group on one side: where its tiles stand
 * (pdb_place) and its entry.
 */
typedef struct pdb_group_state {
    uint32_t placement;
    unsigned occupied;
    unsigned value;
} pdb_group_state;

typedef struct pdb_side {
    unsigned sum; /* of the groups' values */
    pdb_group_state group[PDB_MAX_GROUPS];
} pdb_side;

typedef struct pdb_walk {
    const pdb_set *set;
    int sides;                           /* 2 when set->mirrored, else 1 */
    unsigned manhattan;                  /* the board's Manhattan distance */
    uint8_t pos[SLIDE_MAX_WIDE_CELLS];   /* tile -> cell, pos[0] the blank */
    pdb_side side[2];                    /* [0] the board, [1] its reflection */
    /* above 16 cells: each group's cells in its table's frame, by digit (pdb_walk_locate) */
    uint8_t cells[2][PDB_MAX_GROUPS][PDB_MAX_WIDE_DIGITS];
} pdb_walk;

/* One move as pdb_walk_try saw it, and what pdb_walk_take replaced. */
typedef struct pdb_step {
    unsigned tile, from, to;
    int sides; /* the sides tried: take and undo loop over these, not over the walk's */
    unsigned manhattan, manhattan_before;
    int own[2];                /* the moved tile's group on each side */
    pdb_group_state after[2];  /* that group after the move */
    pdb_group_state before[2]; /* and before it (set by pdb_walk_take) */
    unsigned sum[2], sum_before[2];
    /* pdb_walk_locate's: the moved digit, and its cell before and after in the frame */
    uint8_t digit[2], frame_from[2], frame_to[2];
} pdb_step;

/*
 * Starts a walk at state s over set (built, with pdb_regions done).
 * Returns the estimate of s, the same as pdb_estimate.
 */
unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s);
/* pdb_walk_start at the board whose cell c holds cells[c], any shape up to 25 cells. */
unsigned pdb_walk_start_cells(pdb_walk *w, const pdb_set *set, const uint8_t *cells);

/*
 * Group `own` of a side (the reflection when mirrored) after one of its
 * tiles moved and the blank went to cell `blank` of the group's table
 * frame, pos already moved: fills *after
 * and returns the side's new sum.
 */
static inline unsigned pdb_side_after_move(const pdb_set *set, const pdb_side *side,
                                           const uint8_t *pos, int mirrored, int own,
                                           unsigned blank, pdb_group_state *after)
{
    after->placement = pdb_place(set, own, pos, mirrored, &after->occupied);
    after->value = pdb_lookup(set, own, after->placement, after->occupied, blank);
    return side->sum + after->value - side->group[own].value;
}

/* A step's move, and the Manhattan distance after it. */
static inline void pdb_step_start(const pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                  pdb_step *step)
{
    const manhattan_table *m = &w->set->manhattan;
    step->tile = tile;
    step->from = from;
    step->to = to;
    step->manhattan = w->manhattan + m->dist[tile][to] - m->dist[tile][from];
}

/*
 * The estimate of the board after `tile` slides from cell `from` into the
 * blank's cell `to`, with what pdb_walk_take needs in *step.  The walk is
 * left as it was.
 */
static inline unsigned pdb_walk_try(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                    pdb_step *step)
{
    const pdb_set *set = w->set;
    pdb_step_start(w, tile, from, to, step);
    w->pos[tile] = (uint8_t)to; /* the blank's cell is passed, pos[0] is not read */
    step->own[0] = set->group_of[tile];
    step->sum[0] = pdb_side_after_move(set, &w->side[0], w->pos, 0, step->own[0],
                                       set->view[0][step->own[0]].cell[from], &step->after[0]);
    step->sum[1] = 0;
    step->sides = 1;
    if (w->sides == 2) {
        step->sides = 2;
        step->own[1] = set->mirror_group_of[tile];
        step->sum[1] = pdb_side_after_move(set, &w->side[1], w->pos, 1, step->own[1],
                                           set->view[1][step->own[1]].cell[from],
                                           &step->after[1]);
    }
    w->pos[tile] = (uint8_t)from;
    unsigned best = step->sum[0] > step->sum[1] ? step->sum[0] : step->sum[1];
    return step->manhattan + 2 * best;
}

/* Makes the move step was tried with (the last pdb_walk_try on w). */
static inline void pdb_walk_take(pdb_walk *w, pdb_step *step)
{
    step->manhattan_before = w->manhattan;
    w->manhattan = step->manhattan;
    w->pos[step->tile] = (uint8_t)step->to;
    w->pos[0] = (uint8_t)step->from;
    for (int k = 0; k < step->sides; k++) {
        pdb_side *side = &w->side[k];
        int own = step->own[k];
        step->before[k] = side->group[own];
        step->sum_before[k] = side->sum;
        side->group[own] = step->after[k];
        side->sum = step->sum[k];
    }
}

/* Takes back the move of step, the last one taken. */
static inline void pdb_walk_undo(pdb_walk *w, const pdb_step *step)
{
    for (int k = 0; k < step->sides; k++) {
        pdb_side *side = &w->side[k];
        side->group[step->own[k]] = step->before[k];
        side->sum = step->sum_before[k];
    }
    w->manhattan = step->manhattan_before;
    w->pos[step->tile] = (uint8_t)step->from;
    w->pos[0] = (uint8_t)step->to;
}

/*
 * pdb_walk_try in two halves, for boards of 17 to 25 cells, whose tables
 * (64 MB a group on 5x5) miss the cache on nearly every read:
 * pdb_walk_locate finds the moved tile's group's new placement on each side
 * and prefetches the entries, pdb_walk_read reads them and returns what
 * pdb_walk_try would.  A node locates all its children before it reads any,
 * so their misses overlap.  In between, the walk must be as it was at the
 * locate (children taken and undone meanwhile are fine); the move is then
 * made by pdb_walk_take_wide and taken back by pdb_walk_undo_wide.
 *
 * The placement is not ranked again but updated, as the builder does
 * (moved_placement in build.c): the moved digit becomes its new cell's rank
 * among the cells of the digits before it, and each later digit whose
 * cell lies between the old cell and the new one gains or loses the moved
 * one below it.  On the 24-puzzle that halves the cost of a child.
 */
static inline void pdb_walk_locate(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                   pdb_step *step)
{
    const pdb_set *set = w->set;
    pdb_step_start(w, tile, from, to, step);
    step->sides = w->sides;
    step->sum[1] = 0;
    for (int k = 0; k < w->sides; k++) {
        int own = k ? set->mirror_group_of[tile] : set->group_of[tile];
        const pdb_group *group = &set->groups[own];
        const uint32_t *weight = set->digit_weight[own];
        const uint8_t *map = set->view[k][own].cell, *cells = w->cells[k][own];
        unsigned d = set->digit_of[k][tile], a = map[from], b = map[to];
        uint32_t before = 0;
        for (unsigned j = 0; j < d; j++)
            before |= 1u << cells[j];
        int64_t digits = ((int64_t)b - popcount25(before & ((1u << b) - 1))) -
                         ((int64_t)a - popcount25(before & ((1u << a) - 1)));
        unsigned lo = a < b ? a : b, hi = a < b ? b : a;
        int64_t shift = 0;
        for (int j = (int)d + 1; j < group->size; j++) /* branch-free: the test is a coin toss */
            shift += (int64_t)((unsigned)(cells[j] - lo - 1) < hi - lo - 1) * weight[j];
        pdb_group_state *after = &step->after[k];
        after->placement = (uint32_t)((int64_t)w->side[k].group[own].placement +
                                      digits * weight[d] + (a < b ? shift : -shift));
        after->occupied = 0; /* no entries per region above 16 cells */
        step->own[k] = own;
        step->digit[k] = (uint8_t)d;
        step->frame_from[k] = (uint8_t)a;
        step->frame_to[k] = (uint8_t)b;
        __builtin_prefetch(group->data + (group->entry_bits == 4 ? after->placement >> 1
                                                                 : after->placement));
    }
}

/* pdb_walk_take for a move found by pdb_walk_locate. */
static inline void pdb_walk_take_wide(pdb_walk *w, pdb_step *step)
{
    pdb_walk_take(w, step);
    for (int k = 0; k < step->sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_to[k];
}

/* pdb_walk_undo for a move made by pdb_walk_take_wide. */
static inline void pdb_walk_undo_wide(pdb_walk *w, const pdb_step *step)
{
    pdb_walk_undo(w, step);
    for (int k = 0; k < step->sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_from[k];
}

/* The second half of pdb_walk_locate (see there): the estimate after the move. */
static inline unsigned pdb_walk_read(const pdb_walk *w, pdb_step *step)
{
    const pdb_set *set = w->set;
    unsigned best = 0;
    for (int k = 0; k < step->sides; k++) {
        int own = step->own[k];
        pdb_group_state *after = &step->after[k];
        after->value = pdb_lookup(set, own, after->placement, after->occupied,
                                  set->view[k][own].cell[step->from]);
        step->sum[k] = w->side[k].sum + after->value - w->side[k].group[own].value;
        if (step->sum[k] > best)
            best = step->sum[k];
    }
    return step->manhattan + 2 * best;
}

#endif /* SLIDE_PDB_WALK_H */
