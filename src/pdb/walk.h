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

/*
 * What a move of one tile changes on one side, gathered at the start of a
 * walk so that a child's lookup reads one small record instead of the
 * set's tables by group and digit: the tile's group (own) and digit in it,
 * the group's frame (board cell -> the cell in its table's frame), the
 * weights of its digits and its entries.
 */
typedef struct pdb_mover {
    const uint8_t *map;    /* set->view[k][own].cell */
    const uint8_t *data;   /* the group's entries */
    const uint32_t (*later)[16]; /* set->digits_weight[own]: [0][bits] digits 0-3, [1] 4-7 */
    uint32_t weight;       /* set->digit_weight[own][digit] */
    uint32_t slots;        /* an entry per blank region: cells not the group's, else 0 */
    uint8_t own, digit;
    uint8_t half; /* 1 when an entry is 4 bits (two a byte), 0 when a byte (pdb_entry_at) */
} pdb_mover;

typedef struct pdb_walk {
    const pdb_set *set;
    int sides;          /* 2 when set->mirrored, else 1 */
    int incremental;    /* every group has at most PDB_MAX_WIDE_DIGITS tiles: cells, mover kept */
    unsigned manhattan; /* the board's Manhattan distance */
    uint8_t pos[SLIDE_MAX_WIDE_CELLS]; /* tile -> cell, pos[0] the blank */
    pdb_side side[2];                  /* [0] the board, [1] its reflection */
    /*
     * Each group's cells in its table's frame, by digit (pdb_walk_locate),
     * PDB_NO_CELL past the group's size.
     */
    uint8_t cells[2][PDB_MAX_GROUPS][PDB_MAX_WIDE_DIGITS];
    /* when incremental: a tile's move on each side, see pdb_mover (tiles 1 and up) */
    pdb_mover mover[2][SLIDE_MAX_WIDE_CELLS];
    /* the dual lookups, from pdb_walk_start_dual on */
    uint8_t dpos[SLIDE_MAX_WIDE_CELLS]; /* tile -> its cell on the dual board */
    pdb_side dual[2];                   /* the dual board and its reflection */
    int8_t dual_out[2];                 /* the group left out on each side, -1: none */
    /* what group g's dual entry on side k loses with the blank on cell b (walk.h, dual lookups) */
    uint8_t dual_penalty[2][PDB_MAX_GROUPS][SLIDE_MAX_WIDE_CELLS];
    /*
     * When every penalty is 0 or 255 (dual_whole: tables with one entry a
     * placement, as all are above 16 cells), bit g of dual_counted[k][b]
     * says group g counts whole on side k with the blank on cell b.
     */
    int dual_whole;
    uint16_t dual_counted[2][SLIDE_MAX_WIDE_CELLS];
} pdb_walk;

_Static_assert(PDB_MAX_GROUPS <= 16, "pdb_walk.dual_counted has a bit a group");

/* What pdb_walk.cells holds past a group's digits: no range of cells holds it. */
#define PDB_NO_CELL 0x7Fu

/*
 * Bit j set for each digit j of cells (a group's 8 digit slots) whose cell
 * lies strictly between lo and hi (lo < hi < 0x80): the 8 cells compared
 * at once, a byte each.  Every byte is below 0x80, so setting its top bit
 * keeps each subtraction inside its byte; the top bits left say the
 * comparisons, and the multiply gathers them into the low 8 bits.
 */
static ALWAYS_INLINE unsigned pdb_digits_between(const uint8_t *cells, unsigned lo, unsigned hi)
{
    _Static_assert(PDB_MAX_WIDE_DIGITS == 8, "a group's digit slots are one 64-bit word");
    uint64_t x; /* byte j: cells[j] */
    memcpy(&x, cells, sizeof x);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    const uint64_t ones = 0x0101010101010101u, high = ones << 7;
    uint64_t inside = ((x | high) - ones * (lo + 1)) & ((ones * (hi - 1) | high) - x) & high;
    return (unsigned)(((inside >> 7) * 0x0102040810204080u) >> 56);
}

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
    uint32_t index[2]; /* the locate's: the entry to read on each side */
    /* the dual lookups (pdb_dual_locate): the two tiles that trade cells on the dual board */
    uint8_t dual_t1, dual_t2, dual_cell;
    int8_t dual_in[2], dual_out[2], dual_out_before[2]; /* the group read, the one left out */
    uint32_t dual_index[2];
    pdb_group_state dual_after[2], dual_before[2];
    unsigned dual_sum[2], dual_sum_before[2];
} pdb_step;

/*
 * Starts a walk at state s over set (built, with pdb_regions done).
 * Returns the estimate of s, the same as pdb_estimate.
 */
unsigned pdb_walk_start(pdb_walk *w, const pdb_set *set, state64 s);
/* pdb_walk_start at a wide state (17 to 25 cells); the same as pdb_estimate_wide. */
unsigned pdb_walk_start_wide(pdb_walk *w, const pdb_set *set, state128 s);
/* pdb_walk_start at the board whose cell c holds cells[c], any shape up to 25 cells. */
unsigned pdb_walk_start_cells(pdb_walk *w, const pdb_set *set, const uint8_t *cells);

/*
 * The entries of the walk's board, side by side: values[k * set->count + g]
 * is group g's on side k (the reflection when k is 1), for every side the
 * walk has.  pdb_step_values gives a child's from its parent's.
 */
void pdb_walk_values(const pdb_walk *w, uint8_t *values);
/*
 * Moves a started walk (same set, every group incremental) to the wide
 * state s whose estimate is h (what pdb_walk_read or the start gave for it)
 * and whose entries pdb_walk_values stored, without reading a table: only
 * the groups with bit g of touched[k] set are placed on side k, so only
 * their tiles may be located next.  A* resumes at each state it expands
 * instead of starting again: starting ranked every group, half of a
 * weighted 24-puzzle search's instructions.
 */
void pdb_walk_resume_wide(pdb_walk *w, state128 s, unsigned h, const uint8_t *values,
                          const unsigned *touched);

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

/* pdb_walk_take for a walk of `sides` sides (a constant where the caller knows it). */
static ALWAYS_INLINE void pdb_walk_take_sides(pdb_walk *w, pdb_step *step, int sides)
{
    step->manhattan_before = w->manhattan;
    w->manhattan = step->manhattan;
    w->pos[step->tile] = (uint8_t)step->to;
    w->pos[0] = (uint8_t)step->from;
    for (int k = 0; k < sides; k++) {
        pdb_side *side = &w->side[k];
        int own = step->own[k];
        step->before[k] = side->group[own];
        step->sum_before[k] = side->sum;
        side->group[own] = step->after[k];
        side->sum = step->sum[k];
    }
}

/* Makes the move step was tried with (the last pdb_walk_try on w). */
static inline void pdb_walk_take(pdb_walk *w, pdb_step *step)
{
    pdb_walk_take_sides(w, step, step->sides);
}

/* pdb_walk_undo for a walk of `sides` sides. */
static ALWAYS_INLINE void pdb_walk_undo_sides(pdb_walk *w, const pdb_step *step, int sides)
{
    for (int k = 0; k < sides; k++) {
        pdb_side *side = &w->side[k];
        side->group[step->own[k]] = step->before[k];
        side->sum = step->sum_before[k];
    }
    w->manhattan = step->manhattan_before;
    w->pos[step->tile] = (uint8_t)step->from;
    w->pos[0] = (uint8_t)step->to;
}

/* Takes back the move of step, the last one taken. */
static inline void pdb_walk_undo(pdb_walk *w, const pdb_step *step)
{
    pdb_walk_undo_sides(w, step, step->sides);
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
 *
 * The halves of an incremental walk (every group of at most
 * PDB_MAX_WIDE_DIGITS tiles) work a side at a time from the moved tile's
 * pdb_mover: pdb_walk_locate_side and pdb_walk_read_side, gathered by
 * pdb_walk_locate_body and pdb_walk_read_sides for `sides` sides, a
 * constant in the IDA* loops (a copy of the loop for each count, without
 * the loop over sides) and w->sides elsewhere.  `narrow` (a constant too)
 * is 1 on boards of at most 16 cells, whose groups may have an entry per
 * blank region.
 */
static ALWAYS_INLINE void pdb_walk_locate_side(pdb_walk *w, pdb_step *step, int k, int narrow)
{
    /* step->tile, from and to are set (pdb_walk_locate_move) */
    const pdb_mover *mover = &w->mover[k][step->tile];
    unsigned own = mover->own, d = mover->digit;
    const pdb_group_state *before = &w->side[k].group[own];
    unsigned a = mover->map[step->from], b = mover->map[step->to];
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    /* the digits whose cells the moved one passes over: earlier ones change its rank */
    unsigned between = pdb_digits_between(w->cells[k][own], lo, hi);
    int64_t passed = popcount13_table[between & ((1u << d) - 1)];
    int64_t digits = (int64_t)b - (int64_t)a + (a < b ? -passed : passed);
    /* and each later one gains (or loses) one smaller cell: its weight */
    unsigned later = between >> (d + 1) << (d + 1);
    int64_t shift = (int64_t)mover->later[0][later & 15u] + mover->later[1][later >> 4];
    uint32_t placement = (uint32_t)((int64_t)before->placement + digits * mover->weight +
                                    (a < b ? shift : -shift));
    uint32_t index = placement;
    unsigned occupied = 0; /* no entries per region above 16 cells */
    if (narrow) {
        /* the blank takes the tile's old cell, a; per region, that names the entry */
        occupied = before->occupied ^ (1u << a) ^ (1u << b);
        if (mover->slots)
            index = placement * mover->slots + pdb_region_slot(w->set, occupied, a);
    }
    pdb_prefetch_at(mover->data, mover->half, index);
    step->after[k].placement = placement;
    step->after[k].occupied = occupied;
    step->index[k] = index;
    step->own[k] = (int)own;
    step->digit[k] = (uint8_t)d;
    step->frame_from[k] = (uint8_t)a;
    step->frame_to[k] = (uint8_t)b;
}

/* The move of pdb_walk_locate_body, and the Manhattan distance after it. */
static ALWAYS_INLINE void pdb_walk_locate_move(pdb_walk *w, unsigned tile, unsigned from,
                                               unsigned to, pdb_step *step, int sides)
{
    pdb_step_start(w, tile, from, to, step);
    step->sides = sides;
    step->sum[1] = 0;
}

/* pdb_walk_locate of an incremental walk (see above). */
static ALWAYS_INLINE void pdb_walk_locate_body(pdb_walk *w, unsigned tile, unsigned from,
                                               unsigned to, pdb_step *step, int narrow,
                                               int sides)
{
    pdb_walk_locate_move(w, tile, from, to, step, sides);
    for (int k = 0; k < sides; k++)
        pdb_walk_locate_side(w, step, k, narrow);
}

/* Reads side k's entry located by pdb_walk_locate_side: returns the side's sum after the move. */
static ALWAYS_INLINE unsigned pdb_walk_read_side(const pdb_walk *w, pdb_step *step, int k)
{
    const pdb_mover *mover = &w->mover[k][step->tile];
    unsigned value = pdb_entry_at(mover->data, mover->half, step->index[k]);
    step->after[k].value = value;
    step->sum[k] = w->side[k].sum + value - w->side[k].group[mover->own].value;
    return step->sum[k];
}

/* The estimate after the move of pdb_walk_locate_body (what pdb_walk_try would give). */
static ALWAYS_INLINE unsigned pdb_walk_read_sides(const pdb_walk *w, pdb_step *step, int sides)
{
    unsigned best = 0;
    for (int k = 0; k < sides; k++) {
        unsigned sum = pdb_walk_read_side(w, step, k);
        if (sum > best)
            best = sum;
    }
    return step->manhattan + 2 * best;
}

/* The first half above 16 cells, for the walk's sides. */
static inline void pdb_walk_locate(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                   pdb_step *step)
{
    pdb_walk_locate_body(w, tile, from, to, step, 0, w->sides);
}

/* The second half of pdb_walk_locate (see there): the estimate after the move. */
static inline unsigned pdb_walk_read(const pdb_walk *w, pdb_step *step)
{
    return pdb_walk_read_sides(w, step, step->sides);
}

/* pdb_walk_take_wide for a walk of `sides` sides. */
static ALWAYS_INLINE void pdb_walk_take_wide_sides(pdb_walk *w, pdb_step *step, int sides)
{
    pdb_walk_take_sides(w, step, sides);
    for (int k = 0; k < sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_to[k];
}

/* pdb_walk_undo_wide for a walk of `sides` sides. */
static ALWAYS_INLINE void pdb_walk_undo_wide_sides(pdb_walk *w, const pdb_step *step, int sides)
{
    pdb_walk_undo_sides(w, step, sides);
    for (int k = 0; k < sides; k++)
        w->cells[k][step->own[k]][step->digit[k]] = step->frame_from[k];
}

/* pdb_walk_take for a move found by pdb_walk_locate. */
static inline void pdb_walk_take_wide(pdb_walk *w, pdb_step *step)
{
    pdb_walk_take_wide_sides(w, step, step->sides);
}

/* pdb_walk_undo for a move made by pdb_walk_take_wide. */
static inline void pdb_walk_undo_wide(pdb_walk *w, const pdb_step *step)
{
    pdb_walk_undo_wide_sides(w, step, step->sides);
}

/* A child's entries (pdb_walk_values' order) from its parent's and the read step that made it. */
static inline void pdb_step_values(const pdb_walk *w, const pdb_step *step, uint8_t *values)
{
    for (int k = 0; k < step->sides; k++)
        values[k * w->set->count + step->own[k]] = (uint8_t)step->after[k].value;
}

/*
 * pdb_walk_try in two halves, for boards of at most 16 cells, as
 * pdb_walk_locate and pdb_walk_read are above 16: the 15-puzzle's 7-8
 * tables are 495 MiB, and a child's entries miss the cache as often as the
 * 24-puzzle's.  pdb_walk_locate_narrow finds the moved tile's group's new
 * placement on each side (updated by pdb_walk_locate_body when every group
 * has at most PDB_MAX_WIDE_DIGITS tiles, which took a quarter of the
 * instructions off a node of the 15-puzzle; ranked again by
 * pdb_walk_locate_ranked otherwise), the entry's index (its blank region
 * included) and prefetches it; pdb_walk_read_narrow reads it and returns
 * what pdb_walk_try would.  A node locates all its children before it reads
 * any, so their misses overlap.  Between the two the walk must be as it
 * was at the locate (children taken and undone meanwhile are fine); the
 * move is made by pdb_walk_take_wide when w->incremental (the cells must
 * follow), else pdb_walk_take, and taken back by the matching undo.  IDA*'s
 * loops call the two kinds' halves themselves, a copy of the loop for each.
 */
static ALWAYS_INLINE void pdb_walk_locate_ranked(pdb_walk *w, unsigned tile, unsigned from,
                                                 unsigned to, pdb_step *step)
{
    const pdb_set *set = w->set;
    pdb_step_start(w, tile, from, to, step);
    w->pos[tile] = (uint8_t)to; /* the blank's cell is passed, pos[0] is not read */
    step->sides = w->sides;
    step->sum[1] = 0;
    for (int k = 0; k < step->sides; k++) {
        int own = k ? set->mirror_group_of[tile] : set->group_of[tile];
        const pdb_group *group = &set->groups[own];
        pdb_group_state *after = &step->after[k];
        after->placement = pdb_place(set, own, w->pos, k, &after->occupied);
        uint32_t index =
            pdb_index(set, group, after->placement, after->occupied, set->view[k][own].cell[from]);
        step->own[k] = own;
        step->index[k] = index;
        pdb_prefetch_entry(group, index);
    }
    w->pos[tile] = (uint8_t)from;
}

static ALWAYS_INLINE void pdb_walk_locate_narrow(pdb_walk *w, unsigned tile, unsigned from,
                                                 unsigned to, pdb_step *step)
{
    if (w->incremental)
        pdb_walk_locate_body(w, tile, from, to, step, 1, w->sides);
    else
        pdb_walk_locate_ranked(w, tile, from, to, step);
}

/* The second half of pdb_walk_locate_narrow: the estimate after the move. */
static ALWAYS_INLINE unsigned pdb_walk_read_narrow(const pdb_walk *w, pdb_step *step)
{
    const pdb_set *set = w->set;
    unsigned best = 0;
    for (int k = 0; k < step->sides; k++) {
        int own = step->own[k];
        unsigned value = pdb_entry(&set->groups[own], step->index[k]);
        step->after[k].value = value;
        step->sum[k] = w->side[k].sum + value - w->side[k].group[own].value;
        if (step->sum[k] > best)
            best = step->sum[k];
    }
    return step->manhattan + 2 * best;
}

/* ------------------------------------------------------------ dual lookups */

/*
 * The dual lookup (Felner, Zahavi, Schaeffer and Holte, "Dual lookups in
 * pattern databases", IJCAI 2005), kept up to date like the regular one.
 * Read the board as a permutation of cells: the tile on cell c belongs on
 * cell home(c).  Its inverse is the dual board: tile t stands on
 * home(tile on home(t)).  Any path of k moves from the board to the goal,
 * read backwards as swaps of cells, takes the dual board to the goal in k
 * swaps, every one of which moves the tile t* = the goal's tile of the
 * blank's cell (on the dual board it stands on the blank's goal cell) and
 * one other token, the blank among them.  So t* plays the blank there, and
 * for every group without t* its table's entry (blank at the blank's goal
 * cell; per region too) bounds the swaps that move its tiles; the tokens of
 * t*'s own group, and the blank, are bounded by their Manhattan distance.
 * Summed, the Manhattan part is exactly the board's own Manhattan distance,
 * so the dual estimate is manhattan + 2 * (sum of the entries of the dual
 * board's groups but t*'s): admissible whatever the blank's cell, but not
 * consistent (a move can change it by more than one), which is what BPMX
 * in the IDA* loops turns into cut-offs.  The reflection's dual is the
 * dual's reflection, read through the mirrored views.
 *
 * One more condition: the swaps end with t* on its home, the blank's cell b,
 * not on the blank's goal cell, and a table counts the moves to its tiles'
 * goal with the blank in the goal cell's region.  Where a group's tiles at
 * home wall that cell in (the 15-puzzle's 7 tiles next to the blank, the
 * 24-puzzle's corner block) and b lies outside, the entry overshoots by at
 * most the distance between the two goals (the triangle inequality; moves
 * are reversible), which a per-region table holds itself: its entry for
 * the tiles at home with the blank on b.  So the dual counts such a group's
 * entry less that (dual_penalty, never below 0); a table with one entry
 * per placement does not hold it, and its group is not counted then.
 *
 * A move of tile u from cell y into the blank's cell x swaps the dual cells
 * of t1 = goal tile of x (t* before the move, on the blank's goal cell)
 * and t2 = goal tile of y (t* after it, on home(u)): t1's group is read
 * (unless t2 shares it) and t2's is left out, one rank and one read a side.
 */
static ALWAYS_INLINE int pdb_dual_group(const pdb_set *set, int k, unsigned tile)
{
    return tile ? (k ? set->mirror_group_of[tile] : set->group_of[tile]) : -1;
}

/*
 * Starts the dual lookups on a walk started at the board whose cell c holds
 * cells[c] (pdb_walk_start_cells): returns the larger of the regular and
 * dual estimates.  From then on pdb_dual_locate/read/take/undo follow each
 * move next to the regular step.
 */
unsigned pdb_walk_start_dual(pdb_walk *w, const uint8_t *cells);

/* The first half of a move's dual lookup (pdb_walk_locate's arguments): ranks, prefetches. */
static ALWAYS_INLINE void pdb_dual_locate(pdb_walk *w, unsigned tile, unsigned from, unsigned to,
                                          pdb_step *step, int wide, int sides)
{
    const pdb_set *set = w->set;
    unsigned c0 = set->manhattan.goal_cell[0];
    unsigned t1 = set->goal_cells[to], t2 = set->goal_cells[from];
    unsigned hu = set->manhattan.goal_cell[tile];
    step->dual_t1 = (uint8_t)t1;
    step->dual_t2 = (uint8_t)t2;
    step->dual_cell = (uint8_t)hu;
    w->dpos[t1] = (uint8_t)hu;
    w->dpos[t2] = (uint8_t)c0;
    for (int k = 0; k < sides; k++) {
        int q1 = pdb_dual_group(set, k, t1), q2 = pdb_dual_group(set, k, t2);
        step->dual_in[k] = -1;
        step->dual_out[k] = (int8_t)q2;
        if (q1 != q2 && q1 >= 0) {
            const pdb_group *group = &set->groups[q1];
            pdb_group_state *after = &step->dual_after[k];
            after->placement = pdb_place_any(set, q1, w->dpos, k, &after->occupied, wide);
            uint32_t index =
                pdb_index(set, group, after->placement, after->occupied, set->view[k][q1].cell[c0]);
            step->dual_in[k] = (int8_t)q1;
            step->dual_index[k] = index;
            pdb_prefetch_entry(group, index);
        }
    }
    w->dpos[t1] = (uint8_t)c0;
    w->dpos[t2] = (uint8_t)hu;
}

/*
 * The dual sum of one side: every group's entry but the one left out (out),
 * less its penalty for the blank on cell `blank`; group `in` counts
 * `value` instead of its kept entry (in < 0: none).  With dual_whole (every
 * set above 16 cells) a group counts whole or not at all, so only the groups
 * dual_counted names are added, without a test a group.
 */
static ALWAYS_INLINE unsigned pdb_dual_sum(const pdb_walk *w, int k, int out, unsigned blank,
                                           int in, unsigned value)
{
    unsigned sum = 0;
    if (w->dual_whole) {
        unsigned counted = w->dual_counted[k][blank] & ~(out >= 0 ? 1u << out : 0u);
        if (in >= 0 && (counted >> in & 1u)) {
            sum = value;
            counted &= ~(1u << in);
        }
        for (; counted; counted &= counted - 1)
            sum += w->dual[k].group[__builtin_ctz(counted)].value;
        return sum;
    }
    for (int g = 0; g < w->set->count; g++) {
        unsigned v = g == in ? value : w->dual[k].group[g].value;
        unsigned penalty = w->dual_penalty[k][g][blank];
        if (g != out)
            sum += v > penalty ? v - penalty : 0;
    }
    return sum;
}

/* The second half: the larger dual sum after the move (the estimate is Manhattan + twice it). */
static ALWAYS_INLINE unsigned pdb_dual_read(const pdb_walk *w, pdb_step *step, int sides)
{
    const pdb_set *set = w->set;
    unsigned best = 0;
    for (int k = 0; k < sides; k++) {
        int q1 = step->dual_in[k];
        unsigned value = 0;
        if (q1 >= 0)
            step->dual_after[k].value = value = pdb_entry(&set->groups[q1], step->dual_index[k]);
        unsigned sum = pdb_dual_sum(w, k, step->dual_out[k], step->from, q1, value);
        step->dual_sum[k] = sum;
        if (sum > best)
            best = sum;
    }
    return best;
}

/* Makes the dual side of a move located by pdb_dual_locate and read by pdb_dual_read. */
static ALWAYS_INLINE void pdb_dual_take(pdb_walk *w, pdb_step *step, int sides)
{
    w->dpos[step->dual_t1] = step->dual_cell;
    w->dpos[step->dual_t2] = (uint8_t)w->set->manhattan.goal_cell[0];
    for (int k = 0; k < sides; k++) {
        pdb_side *side = &w->dual[k];
        step->dual_out_before[k] = w->dual_out[k];
        w->dual_out[k] = step->dual_out[k];
        int q1 = step->dual_in[k];
        if (q1 >= 0) {
            step->dual_before[k] = side->group[q1];
            side->group[q1] = step->dual_after[k];
        }
    }
}

/* Takes back pdb_dual_take. */
static ALWAYS_INLINE void pdb_dual_undo(pdb_walk *w, const pdb_step *step, int sides)
{
    for (int k = 0; k < sides; k++) {
        pdb_side *side = &w->dual[k];
        w->dual_out[k] = step->dual_out_before[k];
        if (step->dual_in[k] >= 0)
            side->group[step->dual_in[k]] = step->dual_before[k];
    }
    w->dpos[step->dual_t1] = (uint8_t)w->set->manhattan.goal_cell[0];
    w->dpos[step->dual_t2] = step->dual_cell;
}

#endif /* SLIDE_PDB_WALK_H */
