/*
 * beam.h - beam search (--algo beam): near-optimal answers on boards of up
 * to 254 cells (5x5 ... 15x15, 5x8 ...), any goal, not proven optimal.
 *
 * A breadth-first search that keeps, of each layer, only the `width`
 * states with the smallest estimate: the Manhattan distance plus twice the
 * linear conflicts (heuristic/linear.c's count, here per line).  Tiles are
 * named by their goal cell, so any goal is the identity.  A state is a byte
 * a cell and a byte a line (its conflicts); a child's estimate is its
 * parent's changed by the one tile that moved (its distance, and the one
 * line whose conflicts it can change, recounted).  Every state kept is
 * remembered by a 64-bit Zobrist key in a set (state_map_key_set), so the
 * beam never comes back to where it was (without that it circles on a
 * plateau of equal estimates); within a layer a state is kept once.  Ties
 * are broken by the order children were made (parents in order, moves in
 * u, d, l, r order), so answers do not depend on timing or threads.  The
 * answer is the first state at the goal, its path read back through each
 * layer's parent indices (5 bytes a kept state).
 *
 * The last, whole search also counts Korf and Taylor's corner and
 * last-move terms (beam_extras), which shorten the answers for a little
 * more time a state.
 *
 * Boards of more than BEAM_WHOLE_CELLS cells are first reduced side by side,
 * as strategy peels them (a row or column of the longer dimension, never the
 * goal blank's): a stage is a beam whose blank stays inside the rectangle
 * left, whose estimate counts the side's tiles BEAM_STAGE_WEIGHT times (the
 * others once, so placing a side also brings the others nearer), plus the
 * blank's distance to the nearest side tile not home, and which ends when
 * the side's tiles are home.  The last rectangle is searched whole.
 *
 * beam_solve searches several views of a board (the board, the way back
 * from the goal, their transposes; beam_views) and answers with the
 * shortest: a greedy search that strays in one view often does not in
 * another.
 *
 * Speed: a layer's children are ranked by their estimates before the set
 * is asked about any, and only those the beam may keep are looked up, each
 * slot prefetched a few children ahead; a line's conflicts are kept in the
 * state, not recounted for the parent; a stage finds the nearest tile of
 * its side by reading cells nearest first.
 *
 * The files: beam.c the estimate and the layers of one beam (beam_run),
 * beam_space.c the arrays it works in, beam_stages.c a board's stages and
 * its last, whole beam, beam_views.c the views.  Shared by them only.
 */
#ifndef SLIDE_SEARCH_BEAM_H
#define SLIDE_SEARCH_BEAM_H

#include "core/state_map.h"
#include "search/search.h"

#define BEAM_MAX_CELLS 254

typedef struct beam {
    int rows, cols, cells;
    /*
     * A state is its board (a label a cell) and then the linear conflicts
     * of each line (rows, then columns; a byte each): a child recounts only
     * the line its tile changed, not its parent's too.
     */
    int lines, stride;
    size_t width;
    uint8_t goal_row[BEAM_MAX_CELLS + 1], goal_col[BEAM_MAX_CELLS + 1];
    int16_t next[BEAM_MAX_CELLS][4];
    int blank_term; /* a stage: add the blank's distance to the nearest stage tile not home */
    uint8_t weight[BEAM_MAX_CELLS + 1]; /* a tile's distance counts this many times */
    uint8_t stage[BEAM_MAX_CELLS + 1];  /* the tiles the stage places */
    /* a stage: the rectangle's cells by their distance from each of its cells, nearest first */
    uint8_t near_order[BEAM_MAX_CELLS][BEAM_MAX_CELLS];
    int near_count; /* cells in each near_order list */
    /* the corner and last-move terms (beam_extras) of a whole search, from beam_extras_init */
    int extras;
    int corners;               /* corners of the rectangle, the goal blank's excluded */
    int16_t corner[4];         /* a corner's cell */
    int16_t corner_next[4][2]; /* its neighbours in the rectangle, -1: none */
    int last_count;            /* cells next to the goal blank's, in the rectangle */
    uint8_t last_label[4];     /* the tile whose goal is such a cell */
    int8_t last_dir[4];        /* the blank's move from that cell to its goal */
    int blank_row, blank_col;  /* the goal blank's cell */
    search_budget *budget;
} beam;

/* A beam_run that went past its depth or memory: the caller falls back to strategy. */
#define BEAM_LOST (-2000)

/* How many times a stage tile's distance counts against another tile's. */
#define BEAM_STAGE_WEIGHT 2

/*
 * The arrays a beam works in, kept from one run to the next (the stages of
 * a board, and its views): the fixed ones sized for the widest beam yet,
 * the growable ones as grown, the seen-set cleared between runs.  Later runs
 * then allocate next to nothing: no page faults for arrays the last run
 * had, and a failing allocation is met early (the hardening tests fail
 * every allocation of a solve in turn, each time from the start).
 */
typedef struct beam_space {
    size_t width, bytes; /* the fixed arrays' room: states of `bytes` bytes (0: none yet) */
    uint8_t *cur, *nxt;  /* the layer's states and the next layer's */
    uint8_t *scratch;    /* a child in the making */
    /* per state: the tiles' estimate, the blank's cell, the move made, the last bits */
    uint32_t *cur_info, *nxt_info;
    uint64_t *cur_key, *nxt_key;
    /* per child of a layer (at most 4 a state) */
    uint32_t *cand_parent, *cand_h, *cand_base; /* cand_h: the ranking; base: the tiles' part */
    uint32_t *cand_order; /* the children by estimate, ties in the order made */
    uint16_t *cand_line;  /* the line whose conflicts changed (beam_child_estimate) */
    uint64_t *cand_key;
    uint8_t *cand_move, *cand_done, *cand_last; /* cand_last: the child's last bits */
    /* growable: each kept state's parent and move, where each layer starts, estimate counts */
    uint32_t *trail_parent;
    uint8_t *trail_move;
    size_t *layer_start, *h_count;
    size_t trail_cap, trail_move_cap, layer_cap, h_cap;
    uint8_t *path; /* the answer's moves, read back through the layers */
    size_t path_cap;
    state_map seen; /* every state kept (keys NULL: not made yet) */
    beam *bm;       /* the search's settings and tables, set anew each view */
    uint8_t *board; /* the board as the moves so far leave it, board_cells cells */
    size_t board_cells;
} beam_space;

/* Grows *p (of *cap items of `item` bytes) to hold `need`, from the budget.  SLIDE_OK or why not.
 */
int beam_reserve(search_budget *budget, void **p, size_t *cap, size_t need, size_t item);

/*
 * Makes sp ready for a beam of `width` states of `bytes` bytes: the fixed
 * arrays grown if they are smaller, the seen-set made (first time) or cleared.
 * SLIDE_OK or the budget's refusal (what was allocated stays in sp).
 */
int beam_space_fit(beam_space *sp, search_budget *budget, size_t width, size_t bytes);
/* Gives back the arrays of the runs, not bm and board. */
void beam_space_free_runs(beam_space *sp, search_budget *budget);
/* Gives back everything; sp is then as new (all zero). */
void beam_space_free(beam_space *sp, search_budget *budget);

/*
 * Sets the corner and last-move terms up for a whole search of the
 * rectangle top..bottom x left..right, which holds the goal blank's cell.
 */
void beam_extras_init(beam *bm, int blank_cell, int top, int bottom, int left, int right);

/*
 * One beam search from board (labels) with the blank at *blank_at, until
 * the goal (a stage: until the stage's tiles are home), in the arrays of
 * sp (beam_space_fit).  The moves are pushed to search->moves and played on
 * board.  SLIDE_OK, BEAM_LOST or a status.
 */
int beam_run(const beam *bm, beam_space *sp, search_task *search, uint8_t *board, int *blank_at);

/* One beam search of search's board as given (stages, then whole), in the arrays of sp. */
int beam_solve_board(search_task *search, beam_space *sp);

#endif /* SLIDE_SEARCH_BEAM_H */
