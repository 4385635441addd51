/*
 * beam.c - beam search (--algo beam): near-optimal answers on boards of up
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
 * last-move terms (beam_extras), which take about 4% off the answers on
 * 6x6 for a fifth more time a state.
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
 * is asked about any, and only those the beam may keep are looked up
 * (about a third), each slot prefetched a few children ahead; a line's
 * conflicts are kept in the state, not recounted for the parent; a stage
 * finds the nearest tile of its side by reading cells nearest first.  On
 * 6x6 and 10x10 these made a beam 1.9x and 2.7x faster than a whole-board
 * scan per child and a lookup per child, with the same answers.
 */
#include "core/state_map.h"
#include "search/search.h"
#include "strategy/strategy.h"

#include <stdlib.h>

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

/* The Zobrist word of `label` at `cell`. */
static inline uint64_t beam_zobrist(int cell, unsigned label)
{
    return hash64(((uint64_t)cell << 16 | label) + 0x9e3779b97f4a7c15ull);
}

/* Tiles to lift out of line k (a row when is_row) so the rest stand in goal order. */
static unsigned beam_line_conflicts(const beam *bm, const uint8_t *b, int is_row, int k)
{
    uint8_t tails[BEAM_MAX_CELLS];
    unsigned n = 0, lis = 0;
    int count = is_row ? bm->cols : bm->rows;
    for (int i = 0; i < count; i++) {
        unsigned label = b[is_row ? k * bm->cols + i : i * bm->cols + k];
        if (!label || (is_row ? bm->goal_row[label] : bm->goal_col[label]) != k)
            continue;
        uint8_t key = is_row ? bm->goal_col[label] : bm->goal_row[label];
        n++;
        unsigned lo = 0, hi = lis;
        while (lo < hi) {
            unsigned mid = (lo + hi) / 2;
            if (tails[mid] < key)
                lo = mid + 1;
            else
                hi = mid;
        }
        tails[lo] = key;
        if (lo == lis)
            lis++;
    }
    return n - lis;
}

/*
 * The blank's distance to the nearest stage tile not home (0 when all are
 * home).  The cells are read nearest first (near_order), so the scan stops
 * at the first such tile, usually a few cells away, instead of reading the
 * whole board for every child: that was a third of a stage's time.
 */
static unsigned beam_blank_term(const beam *bm, const uint8_t *b, int blank)
{
    const uint8_t *order = bm->near_order[blank];
    for (int k = 0; k < bm->near_count; k++) {
        int c = order[k];
        unsigned label = b[c];
        if (label && (unsigned)c + 1 != label && bm->stage[label])
            return (unsigned)(abs(c / bm->cols - blank / bm->cols) +
                              abs(c % bm->cols - blank % bm->cols));
    }
    return 0;
}

static unsigned beam_estimate(const beam *bm, const uint8_t *b)
{
    unsigned h = 0;
    for (int c = 0; c < bm->cells; c++)
        if (b[c])
            h += bm->weight[b[c]] * ((unsigned)abs(c / bm->cols - bm->goal_row[b[c]]) +
                                     (unsigned)abs(c % bm->cols - bm->goal_col[b[c]]));
    for (int r = 0; r < bm->rows; r++)
        h += 2 * beam_line_conflicts(bm, b, 1, r);
    for (int c = 0; c < bm->cols; c++)
        h += 2 * beam_line_conflicts(bm, b, 0, c);
    return h;
}

/* Fills in the line conflicts after the board of state (see beam.lines). */
static void beam_state_lines(const beam *bm, uint8_t *state)
{
    for (int r = 0; r < bm->rows; r++)
        state[bm->cells + r] = (uint8_t)beam_line_conflicts(bm, state, 1, r);
    for (int c = 0; c < bm->cols; c++)
        state[bm->cells + bm->rows + c] = (uint8_t)beam_line_conflicts(bm, state, 0, c);
}

/*
 * The estimate of `child` (the board of state `parent` with the tile at
 * `from` moved to `to`, the parent's blank cell): parent's h changed by the
 * tile's distance and the conflicts of the one line of its goal that it
 * left or entered.  *line gets that line's (line + 1) << 8 | its new
 * conflicts, or 0 when no line changed.
 */
static unsigned beam_child_estimate(const beam *bm, const uint8_t *parent, const uint8_t *child,
                                    unsigned h, int from, int to, uint16_t *line)
{
    unsigned label = child[to];
    int gr = bm->goal_row[label], gc = bm->goal_col[label];
    int fr = from / bm->cols, fc = from % bm->cols, tr = to / bm->cols, tc = to % bm->cols;
    long v = (long)h + (long)bm->weight[label] *
                           (-(abs(fr - gr) + abs(fc - gc)) + (abs(tr - gr) + abs(tc - gc)));
    int at = -1;
    unsigned conflicts = 0;
    if (fr != tr && (gr == fr || gr == tr)) { /* the tile left or entered its goal row */
        at = gr;
        conflicts = beam_line_conflicts(bm, child, 1, gr);
    } else if (fc != tc && (gc == fc || gc == tc)) {
        at = bm->rows + gc;
        conflicts = beam_line_conflicts(bm, child, 0, gc);
    }
    *line = 0;
    if (at >= 0) {
        v += 2 * ((long)conflicts - (long)parent[bm->cells + at]);
        *line = (uint16_t)((unsigned)(at + 1) << 8 | conflicts);
    }
    return (unsigned)v;
}

/*
 * Whether tile last_label[i] on `cell` may pass through the goal blank's
 * cell on a shortest way home: it stands level with that cell or beyond
 * it, seen from its goal.  An answer's last move brings one of these tiles
 * home from the blank's goal cell, so while none may, every answer is at
 * least two moves longer than the Manhattan distance says (Korf and
 * Taylor's last-move term).
 */
static unsigned beam_last_bit(const beam *bm, int i, int cell)
{
    int r = cell / bm->cols, c = cell % bm->cols;
    switch (bm->last_dir[i]) {
    case SLIDE_UP: return r <= bm->blank_row;
    case SLIDE_DOWN: return r >= bm->blank_row;
    case SLIDE_LEFT: return c <= bm->blank_col;
    default: return c >= bm->blank_col;
    }
}

/* Bit i set when beam_last_bit holds for tile last_label[i] on board b. */
static unsigned beam_last_bits(const beam *bm, const uint8_t *b)
{
    unsigned bits = 0;
    for (int c = 0; c < bm->cells; c++)
        for (int i = 0; i < bm->last_count; i++)
            if (b[c] == bm->last_label[i] && beam_last_bit(bm, i, c))
                bits |= 1u << i;
    return bits;
}

/* last_bits (beam_last_bits) after `label` moved to cell `to`. */
static unsigned beam_last_bits_after(const beam *bm, unsigned last_bits, unsigned label, int to)
{
    for (int i = 0; i < bm->last_count; i++)
        if (bm->last_label[i] == label)
            last_bits = (last_bits & ~(1u << i)) | beam_last_bit(bm, i, to) << i;
    return last_bits;
}

/*
 * Korf and Taylor's corner and last-move terms of board b, whose tiles'
 * part of the estimate is `base` and whose beam_last_bits are last_bits:
 * 2 for each tile home next to a corner whose own tile is not (it must
 * step aside to let that one in), and 2 when no tile may make the last
 * move (beam_last_bit); 0 at the goal.  Summed with the linear conflicts
 * they may count a tile twice, so the sum is not a lower bound, which a
 * beam does not need: the estimate only ranks the states.
 */
static unsigned beam_extras(const beam *bm, const uint8_t *b, unsigned base, unsigned last_bits)
{
    if (base == 0)
        return 0;
    unsigned extra = bm->last_count && !last_bits ? 2 : 0;
    for (int i = 0; i < bm->corners; i++) {
        int corner = bm->corner[i];
        if (b[corner] == corner + 1)
            continue;
        for (int k = 0; k < 2; k++) {
            int next = bm->corner_next[i][k];
            if (next >= 0 && b[next] == next + 1)
                extra += 2;
        }
    }
    return extra;
}

/*
 * Sets the corner and last-move terms up for a whole search of the
 * rectangle top..bottom x left..right, which holds the goal blank's cell.
 */
static void beam_extras_init(beam *bm, int blank_cell, int top, int bottom, int left, int right)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    bm->extras = 1;
    bm->blank_row = blank_cell / bm->cols;
    bm->blank_col = blank_cell % bm->cols;
    bm->corners = 0;
    const int rows[2] = {top, bottom}, cols[2] = {left, right};
    for (int i = 0; i < 4; i++) {
        int r = rows[i >> 1], c = cols[i & 1], cell = r * bm->cols + c;
        /* each corner once, however thin the rectangle */
        if (cell == blank_cell || ((i & 1) && left == right) || ((i >> 1) && top == bottom))
            continue;
        int along = c == left ? c + 1 : c - 1, down = r == top ? r + 1 : r - 1;
        bm->corner[bm->corners] = (int16_t)cell;
        bm->corner_next[bm->corners][0] =
            (int16_t)(along >= left && along <= right ? r * bm->cols + along : -1);
        bm->corner_next[bm->corners][1] =
            (int16_t)(down >= top && down <= bottom ? down * bm->cols + c : -1);
        bm->corners++;
    }
    bm->last_count = 0;
    for (int m = 0; m < 4; m++) {
        /* the blank comes home by move m from this cell, the goal of the tile it passes */
        int r = bm->blank_row - dr[m], c = bm->blank_col - dc[m];
        if (r < top || r > bottom || c < left || c > right)
            continue;
        bm->last_label[bm->last_count] = (uint8_t)(r * bm->cols + c + 1);
        bm->last_dir[bm->last_count] = (int8_t)m;
        bm->last_count++;
    }
}

unsigned beam_board_extras(int rows, int cols, const uint8_t *labels, int goal_blank)
{
    beam bm;
    memset(&bm, 0, sizeof bm);
    bm.rows = rows;
    bm.cols = cols;
    bm.cells = rows * cols;
    beam_extras_init(&bm, goal_blank, 0, rows - 1, 0, cols - 1);
    unsigned base = 0; /* only whether it is 0 matters: at the goal or not */
    for (int c = 0; c < bm.cells; c++)
        base |= labels[c] && labels[c] != c + 1;
    return beam_extras(&bm, labels, base, beam_last_bits(&bm, labels));
}

/* A beam_run that went past its depth or memory: the caller falls back to strategy. */
#define BEAM_LOST (-2000)

/* Growable arrays from the budget. */
static int beam_reserve(search_budget *budget, void **p, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return SLIDE_OK;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    void *q = budget_realloc(budget, *p, *cap * item, n * item);
    if (!q) /* a refusal records its status; NOMEM should one ever not */
        return budget->status != SLIDE_OK ? budget->status : SLIDE_E_NOMEM;
    *p = q;
    *cap = n;
    return SLIDE_OK;
}

/* How many children before it a child's slot in the state map is asked for. */
#define BEAM_PREFETCH_AHEAD 16

/* Boards of at most this many cells are searched whole; larger ones side by side first. */
#define BEAM_WHOLE_CELLS 36

/*
 * Whether a rectangle of h x w cells is searched whole: up to
 * BEAM_WHOLE_CELLS cells when both sides are at least 4 (on narrower
 * boards the estimate leads a whole beam astray), up to 12 cells always.
 */
static int beam_whole(int h, int w)
{
    int cells = h * w;
    return cells <= 12 || (cells <= BEAM_WHOLE_CELLS && h >= 4 && w >= 4);
}

/* How many times a stage tile's distance counts against another tile's. */
#define BEAM_STAGE_WEIGHT 2

/* The beam width of a stage that places one side. */
#define BEAM_STAGE_WIDTH 1000

/* The beam width for a board of `cells` cells: about 1.2 s of work on one core. */
static size_t beam_width(int cells)
{
    if (cells <= 36)
        return 6000;
    if (cells <= 49)
        return 4000;
    if (cells <= 64)
        return 2500;
    return 1500;
}

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
    state_map seen;             /* every state kept (keys NULL: not made yet) */
    beam *bm;                   /* the search's settings and tables, set anew each view */
    uint8_t *board;             /* the board as the moves so far leave it, board_cells cells */
    size_t board_cells;
} beam_space;

/* Gives back the fixed arrays (beam_space_fit allocates them again). */
static void beam_space_free_fixed(beam_space *sp, search_budget *budget)
{
    size_t width = sp->width, bytes = sp->bytes, cand_cap = 4 * width;
    budget_free(budget, sp->cand_last, cand_cap);
    budget_free(budget, sp->cand_done, cand_cap);
    budget_free(budget, sp->cand_move, cand_cap);
    budget_free(budget, sp->cand_key, cand_cap * sizeof *sp->cand_key);
    budget_free(budget, sp->cand_base, cand_cap * sizeof *sp->cand_base);
    budget_free(budget, sp->cand_h, cand_cap * sizeof *sp->cand_h);
    budget_free(budget, sp->cand_parent, cand_cap * sizeof *sp->cand_parent);
    budget_free(budget, sp->cand_order, cand_cap * sizeof *sp->cand_order);
    budget_free(budget, sp->cand_line, cand_cap * sizeof *sp->cand_line);
    budget_free(budget, sp->nxt_key, width * sizeof *sp->nxt_key);
    budget_free(budget, sp->cur_key, width * sizeof *sp->cur_key);
    budget_free(budget, sp->nxt_info, width * 4 * sizeof *sp->nxt_info);
    budget_free(budget, sp->cur_info, width * 4 * sizeof *sp->cur_info);
    budget_free(budget, sp->scratch, bytes);
    budget_free(budget, sp->nxt, width * bytes);
    budget_free(budget, sp->cur, width * bytes);
    sp->cur = sp->nxt = sp->scratch = sp->cand_move = sp->cand_done = sp->cand_last = NULL;
    sp->cur_info = sp->nxt_info = sp->cand_parent = sp->cand_h = sp->cand_base = NULL;
    sp->cand_order = NULL;
    sp->cand_line = NULL;
    sp->cur_key = sp->nxt_key = sp->cand_key = NULL;
    sp->width = sp->bytes = 0;
}

/* Gives back the arrays of the runs, not bm and board. */
static void beam_space_free_runs(beam_space *sp, search_budget *budget)
{
    beam_space_free_fixed(sp, budget);
    state_map_free(&sp->seen);
    budget_free(budget, sp->h_count, sp->h_cap * sizeof *sp->h_count);
    budget_free(budget, sp->layer_start, sp->layer_cap * sizeof *sp->layer_start);
    budget_free(budget, sp->trail_parent, sp->trail_cap * sizeof *sp->trail_parent);
    budget_free(budget, sp->trail_move, sp->trail_move_cap);
    budget_free(budget, sp->path, sp->path_cap);
    sp->h_count = sp->layer_start = NULL;
    sp->trail_parent = NULL;
    sp->trail_move = sp->path = NULL;
    sp->h_cap = sp->layer_cap = sp->trail_cap = sp->trail_move_cap = sp->path_cap = 0;
}

/* Gives back everything; sp is then as new (all zero). */
static void beam_space_free(beam_space *sp, search_budget *budget)
{
    beam_space_free_runs(sp, budget);
    budget_free(budget, sp->board, sp->board_cells);
    budget_free(budget, sp->bm, sizeof *sp->bm);
    memset(sp, 0, sizeof *sp);
}

/*
 * Makes sp ready for a beam of `width` states of `bytes` bytes: the fixed
 * arrays grown if they are smaller, the seen-set made (first time) or cleared.
 * SLIDE_OK or the budget's refusal (what was allocated stays in sp).
 */
static int beam_space_fit(beam_space *sp, search_budget *budget, size_t width, size_t bytes)
{
    if (sp->width < width || sp->bytes != bytes) {
        beam_space_free_fixed(sp, budget);
        size_t cand_cap = 4 * width;
        sp->width = width;
        sp->bytes = bytes;
        sp->cur = budget_alloc(budget, width * bytes);
        sp->nxt = budget_alloc(budget, width * bytes);
        sp->scratch = budget_alloc(budget, bytes);
        sp->cur_info = budget_alloc(budget, width * 4 * sizeof *sp->cur_info);
        sp->nxt_info = budget_alloc(budget, width * 4 * sizeof *sp->nxt_info);
        sp->cur_key = budget_alloc(budget, width * sizeof *sp->cur_key);
        sp->nxt_key = budget_alloc(budget, width * sizeof *sp->nxt_key);
        sp->cand_parent = budget_alloc(budget, cand_cap * sizeof *sp->cand_parent);
        sp->cand_order = budget_alloc(budget, cand_cap * sizeof *sp->cand_order);
        sp->cand_line = budget_alloc(budget, cand_cap * sizeof *sp->cand_line);
        sp->cand_h = budget_alloc(budget, cand_cap * sizeof *sp->cand_h);
        sp->cand_base = budget_alloc(budget, cand_cap * sizeof *sp->cand_base);
        sp->cand_key = budget_alloc(budget, cand_cap * sizeof *sp->cand_key);
        sp->cand_move = budget_alloc(budget, cand_cap);
        sp->cand_done = budget_alloc(budget, cand_cap);
        sp->cand_last = budget_alloc(budget, cand_cap);
        if (!sp->cur || !sp->nxt || !sp->scratch || !sp->cur_info || !sp->nxt_info ||
            !sp->cur_key || !sp->nxt_key || !sp->cand_parent || !sp->cand_h || !sp->cand_base ||
            !sp->cand_key || !sp->cand_move || !sp->cand_done || !sp->cand_last ||
            !sp->cand_order || !sp->cand_line)
            return budget->status;
    }
    int status = SLIDE_OK;
    if (!sp->seen.keys)
        status = state_map_init(&sp->seen, budget, &state_map_key_set, width * 64);
    else
        state_map_clear(&sp->seen);
    return status;
}

/*
 * One beam search from board (labels) with the blank at *blank_at, until
 * the goal (a stage: until the stage's tiles are home), in the arrays of
 * sp (beam_space_fit).  The moves are pushed to search->moves and played on
 * board.
 */
static int beam_run(beam *bm, beam_space *sp, search_task *search, uint8_t *board, int *blank_at)
{
    search_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    int cells = bm->cells;
    size_t width = bm->width;
    uint8_t *path = NULL;
    size_t path_len = 0, depth = 0, found = SIZE_MAX, trail_len = 0;
    size_t stride = (size_t)bm->stride;
    int status = beam_space_fit(sp, budget, width, stride);
    if (status != SLIDE_OK)
        goto done;
    uint8_t *cur = sp->cur, *nxt = sp->nxt, *scratch = sp->scratch;
    uint32_t *cur_info = sp->cur_info, *nxt_info = sp->nxt_info;
    uint64_t *cur_key = sp->cur_key, *nxt_key = sp->nxt_key;
    uint32_t *cand_parent = sp->cand_parent, *cand_h = sp->cand_h, *cand_base = sp->cand_base;
    uint32_t *cand_order = sp->cand_order;
    uint16_t *cand_line = sp->cand_line;
    uint64_t *cand_key = sp->cand_key;
    uint8_t *cand_move = sp->cand_move, *cand_done = sp->cand_done, *cand_last = sp->cand_last;
    state_map *seen = &sp->seen;

    /* the root */
    uint64_t key = 0;
    for (int c = 0; c < cells; c++)
        key ^= beam_zobrist(c, board[c]);
    memcpy(cur, board, (size_t)cells);
    beam_state_lines(bm, cur);
    cur_info[0] = beam_estimate(bm, cur);
    cur_info[1] = (uint32_t)*blank_at;
    cur_info[2] = 4;
    cur_info[3] = bm->extras ? beam_last_bits(bm, cur) : 0;
    cur_key[0] = key ? key : 1;
    state_map_add_key(seen, cur_key[0]);
    size_t count = 1;
    if ((status = beam_reserve(budget, (void **)&sp->layer_start, &sp->layer_cap, 2,
                               sizeof *sp->layer_start)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_parent, &sp->trail_cap, 1,
                               sizeof *sp->trail_parent)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_move, &sp->trail_move_cap, 1, 1)) !=
            SLIDE_OK)
        goto done;
    sp->layer_start[0] = 0;
    sp->trail_parent[0] = 0;
    sp->trail_move[0] = 4;
    trail_len = 1;
    if (bm->blank_term ? beam_blank_term(bm, cur, *blank_at) == 0 : cur_info[0] == 0)
        found = 0;
    /* a beam that wanders this far is lost: beam_solve hands the board to strategy */
    size_t max_depth = 4 * (size_t)cur_info[0] + 400;
    while (found == SIZE_MAX) {
        if (depth >= max_depth) {
            status = BEAM_LOST;
            goto done;
        }
        if (budget_expired(budget)) {
            status = budget->status;
            if (status == SLIDE_E_TIMEOUT)
                search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                                   "beam search reached depth %zu of a %dx%d board by the time "
                                   "limit",
                                   depth, bm->rows, bm->cols);
            goto done;
        }
        /*
         * The layer's children are ranked before any is looked up: each
         * one's estimate (a byte a cell to copy, in cache), then the
         * children sorted by it (ties in the order made), then walked in
         * that order, each added to `seen` unless it is there (kept before,
         * or made twice in this layer: the same board has the same
         * estimate, so the first made comes first), until `width` are
         * kept.  Only the walked ones touch the map, which outgrows the
         * cache (about a third of the children), each slot asked for
         * BEAM_PREFETCH_AHEAD children before it is read.  The kept ones
         * then go to the next layer in the order made.
         */
        size_t children = 0;
        unsigned h_max = 0;
        for (size_t i = 0; i < count; i++) {
            int blank = (int)cur_info[4 * i + 1], prev = (int)cur_info[4 * i + 2];
            const uint8_t *b = cur + i * stride;
            stats->expanded++;
            for (int m = 0; m < 4; m++) {
                int t = bm->next[blank][m];
                if (t < 0 || (prev < 4 && m == move_inverse(prev)))
                    continue;
                unsigned label = b[t];
                uint64_t k = cur_key[i] ^ beam_zobrist(blank, 0) ^ beam_zobrist(t, label) ^
                             beam_zobrist(blank, label) ^ beam_zobrist(t, 0);
                memcpy(scratch, b, (size_t)cells);
                scratch[blank] = (uint8_t)label;
                scratch[t] = 0;
                unsigned base = beam_child_estimate(bm, b, scratch, cur_info[4 * i], t, blank,
                                                    &cand_line[children]);
                unsigned term = bm->blank_term ? beam_blank_term(bm, scratch, t) : 0;
                unsigned h = base + BEAM_STAGE_WEIGHT * term;
                unsigned last_bits = 0;
                if (bm->extras) {
                    last_bits = beam_last_bits_after(bm, cur_info[4 * i + 3], label, blank);
                    h += beam_extras(bm, scratch, base, last_bits);
                }
                cand_parent[children] = (uint32_t)i;
                cand_move[children] = (uint8_t)m;
                cand_key[children] = k ? k : 1;
                cand_h[children] = h;
                cand_base[children] = base;
                cand_done[children] = (uint8_t)(bm->blank_term ? term == 0 : base == 0);
                cand_last[children] = (uint8_t)last_bits;
                h_max = h > h_max ? h : h_max;
                children++;
            }
        }
        stats->generated += children;
        /* a counting sort: h_count[h] becomes where estimate h's children start */
        if ((status = beam_reserve(budget, (void **)&sp->h_count, &sp->h_cap, (size_t)h_max + 2,
                                   sizeof *sp->h_count)) != SLIDE_OK)
            goto done;
        size_t *h_count = sp->h_count;
        memset(h_count, 0, ((size_t)h_max + 2) * sizeof *h_count);
        for (size_t j = 0; j < children; j++)
            h_count[cand_h[j] + 1]++;
        for (unsigned h = 1; h <= h_max; h++)
            h_count[h] += h_count[h - 1];
        for (size_t j = 0; j < children; j++)
            cand_order[h_count[cand_h[j]]++] = (uint32_t)j;
        size_t kept = 0;
        for (size_t k = 0; k < children && k < BEAM_PREFETCH_AHEAD; k++)
            state_map_prefetch(seen, cand_key[cand_order[k]]);
        for (size_t k = 0; k < children && kept < width; k++) {
            if (k + BEAM_PREFETCH_AHEAD < children)
                state_map_prefetch(seen, cand_key[cand_order[k + BEAM_PREFETCH_AHEAD]]);
            size_t j = cand_order[k];
            int added = state_map_add_key(seen, cand_key[j]);
            if (added < 0) {
                status = added;
                goto done;
            }
            if (added) {
                cand_done[j] |= 2; /* kept */
                kept++;
            }
        }
        if (kept == 0) {
            status = SLIDE_E_INTERNAL;
            search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                               "beam search ran out of new states at depth %zu", depth);
            goto done;
        }
        size_t next_count = 0;
        depth++;
        if ((status = beam_reserve(budget, (void **)&sp->layer_start, &sp->layer_cap, depth + 2,
                                   sizeof *sp->layer_start)) != SLIDE_OK ||
            (status = beam_reserve(budget, (void **)&sp->trail_parent, &sp->trail_cap,
                                   trail_len + width, sizeof *sp->trail_parent)) != SLIDE_OK ||
            (status = beam_reserve(budget, (void **)&sp->trail_move, &sp->trail_move_cap,
                                   trail_len + width, 1)) != SLIDE_OK)
            goto done;
        sp->layer_start[depth] = trail_len;
        for (size_t j = 0; j < children; j++) {
            if (!(cand_done[j] & 2))
                continue;
            uint32_t p = cand_parent[j];
            int m = cand_move[j];
            uint8_t *nb = nxt + next_count * stride;
            int blank = (int)cur_info[4 * p + 1], t = bm->next[blank][m];
            memcpy(nb, cur + (size_t)p * stride, stride);
            nb[blank] = nb[t];
            nb[t] = 0;
            if (cand_line[j])
                nb[cells + (cand_line[j] >> 8) - 1] = (uint8_t)cand_line[j];
            nxt_info[4 * next_count] = cand_base[j];
            nxt_info[4 * next_count + 1] = (uint32_t)t;
            nxt_info[4 * next_count + 2] = (uint32_t)m;
            nxt_info[4 * next_count + 3] = cand_last[j];
            nxt_key[next_count] = cand_key[j];
            sp->trail_parent[trail_len] = p;
            sp->trail_move[trail_len] = (uint8_t)m;
            trail_len++;
            if ((cand_done[j] & 1) && found == SIZE_MAX)
                found = next_count;
            next_count++;
        }
        uint8_t *tb = cur;
        cur = nxt;
        nxt = tb;
        uint32_t *ti = cur_info;
        cur_info = nxt_info;
        nxt_info = ti;
        uint64_t *tk = cur_key;
        cur_key = nxt_key;
        nxt_key = tk;
        count = next_count;
        /* the depth reached, as an iterative search reports its bound */
        if ((depth & 255) == 0)
            search_progress(search, (unsigned)depth);
    }
    /* read the path back through the layers, play it on board */
    if ((status = beam_reserve(budget, (void **)&sp->path, &sp->path_cap, depth + 1, 1)) !=
        SLIDE_OK)
        goto done;
    path = sp->path;
    path_len = depth;
    for (size_t d = depth, i = found; d > 0; d--) {
        size_t at = sp->layer_start[d] + i;
        path[d - 1] = sp->trail_move[at];
        i = sp->trail_parent[at];
    }
    for (size_t d = 0; d < path_len && status == SLIDE_OK; d++) {
        int t = bm->next[*blank_at][path[d]];
        board[*blank_at] = board[t];
        board[t] = 0;
        *blank_at = t;
        status = move_list_push(search->moves, slide_move_letters[path[d]]);
    }

done:
    if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_NOMEM)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                           "beam search of %zu states a layer on a %dx%d board reached the memory "
                           "cap at depth %zu",
                           width, bm->rows, bm->cols, depth);
    if (status == SLIDE_E_MEMLIMIT && depth > 0 && path_len == 0)
        status = BEAM_LOST; /* it had started: what is left of the board goes to strategy */
    return status;
}

/* Limits the blank's moves to rows top .. bottom, columns left .. right. */
static void beam_region(beam *bm, int top, int bottom, int left, int right)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int c = 0; c < bm->cells; c++)
        for (int m = 0; m < 4; m++) {
            int r = c / bm->cols + dr[m], k = c % bm->cols + dc[m];
            bm->next[c][m] =
                (int16_t)(r >= top && r <= bottom && k >= left && k <= right ? r * bm->cols + k
                                                                             : -1);
        }
}

/*
 * near_order for the rectangle rows top..bottom, columns left..right (a
 * stage's): for each of its cells, its cells sorted by distance from that
 * one (a counting sort; ties in board order).
 */
static void beam_near_init(beam *bm, int top, int bottom, int left, int right)
{
    int h = bottom - top + 1, w = right - left + 1, far = h + w - 1;
    int start[BEAM_MAX_CELLS + 1];
    bm->near_count = h * w;
    for (int r = top; r <= bottom; r++)
        for (int k = left; k <= right; k++) {
            memset(start, 0, (size_t)(far + 1) * sizeof *start);
            for (int r2 = top; r2 <= bottom; r2++)
                for (int k2 = left; k2 <= right; k2++)
                    start[abs(r2 - r) + abs(k2 - k) + 1]++;
            for (int d = 1; d <= far; d++)
                start[d] += start[d - 1];
            uint8_t *order = bm->near_order[r * bm->cols + k];
            for (int r2 = top; r2 <= bottom; r2++)
                for (int k2 = left; k2 <= right; k2++)
                    order[start[abs(r2 - r) + abs(k2 - k)]++] = (uint8_t)(r2 * bm->cols + k2);
        }
}

/* One beam search of the board as given (see the top), in the arrays of sp. */
static int beam_solve_in(search_task *search, beam_space *sp)
{
    const slide_board *start = search->start, *goal = search->goal;
    search_budget *budget = search->budget;
    int cells = start->rows * start->cols;
    if (cells > BEAM_MAX_CELLS) {
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                           "beam handles boards of at most %d cells; this one has %d",
                           BEAM_MAX_CELLS, cells);
        return SLIDE_E_TOO_LARGE;
    }
    if (!sp->bm && !(sp->bm = budget_alloc(budget, sizeof *sp->bm)))
        return budget->status;
    if (sp->board_cells != (size_t)cells) {
        budget_free(budget, sp->board, sp->board_cells);
        sp->board_cells = 0;
        if (!(sp->board = budget_alloc(budget, (size_t)cells)))
            return budget->status;
        sp->board_cells = (size_t)cells;
    }
    beam *bm = sp->bm;
    uint8_t *board = sp->board;
    memset(bm, 0, sizeof *bm);
    bm->rows = start->rows;
    bm->cols = start->cols;
    bm->cells = cells;
    bm->lines = bm->rows + bm->cols;
    bm->stride = cells + bm->lines;
    bm->budget = budget;
    uint8_t label_of[BEAM_MAX_CELLS + 1]; /* tile -> goal cell + 1, the blank 0 */
    for (int c = 0; c < cells; c++) {
        label_of[goal->cells[c]] = (uint8_t)(c + 1);
        bm->goal_row[c + 1] = (uint8_t)(c / bm->cols);
        bm->goal_col[c + 1] = (uint8_t)(c % bm->cols);
    }
    label_of[0] = 0;
    for (int c = 0; c < cells; c++)
        board[c] = label_of[start->cells[c]];
    int blank = start->blank, status = SLIDE_OK;
    int gr = goal->blank / goal->cols, gc = goal->blank % goal->cols;
    int top = 0, bottom = bm->rows - 1, left = 0, right = bm->cols - 1;
    /*
     * Sides of the rectangle are placed by stages until what is left is
     * small enough for one beam over all its tiles; a side never holds the
     * goal's blank.
     */
    while (status == SLIDE_OK && !beam_whole(bottom - top + 1, right - left + 1)) {
        int h = bottom - top + 1, w = right - left + 1, r0, r1, c0, c1;
        if (h >= w) {
            r0 = r1 = gr > top ? top : bottom;
            c0 = left;
            c1 = right;
        } else {
            c0 = c1 = gc > left ? left : right;
            r0 = top;
            r1 = bottom;
        }
        for (int label = 1; label <= cells; label++) {
            int r = (label - 1) / bm->cols, k = (label - 1) % bm->cols;
            bm->stage[label] = r >= r0 && r <= r1 && k >= c0 && k <= c1;
            bm->weight[label] = bm->stage[label] ? BEAM_STAGE_WEIGHT : 1;
        }
        beam_region(bm, top, bottom, left, right);
        beam_near_init(bm, top, bottom, left, right);
        bm->blank_term = 1;
        bm->extras = 0;
        bm->width = BEAM_STAGE_WIDTH;
        status = beam_run(bm, sp, search, board, &blank);
        if (status != SLIDE_OK)
            break;
        if (h >= w) {
            if (r0 == top)
                top++;
            else
                bottom--;
        } else {
            if (c0 == left)
                left++;
            else
                right--;
        }
    }
    if (status == SLIDE_OK) {
        beam_region(bm, top, bottom, left, right);
        bm->blank_term = 0;
        beam_extras_init(bm, goal->blank, top, bottom, left, right);
        for (int label = 1; label <= cells; label++)
            bm->weight[label] = 1;
        bm->width = beam_width((bottom - top + 1) * (right - left + 1));
        status = beam_run(bm, sp, search, board, &blank);
    }
    if (status == BEAM_LOST) {
        beam_space_free_runs(sp, budget); /* strategy needs the room more */
        /*
         * A beam lost its way (past 4 x its start's estimate + 400 moves, or
         * out of memory once under way): strategy solves the board as the
         * moves so far left it.  Rare; the answer stays valid.
         */
        budget->status = SLIDE_OK;
        search->stats->note[0] = '\0';
        search->stats->remedy = SLIDE_REMEDY_NONE;
        slide_board now = {bm->rows, bm->cols, blank, NULL};
        now.cells = budget_alloc(budget, (size_t)cells * sizeof *now.cells);
        if (!now.cells) {
            status = budget->status;
        } else {
            for (int c = 0; c < cells; c++)
                now.cells[c] = board[c] ? goal->cells[board[c] - 1] : 0;
            search_task sub = *search;
            search_task_set_boards(&sub, &now, goal);
            status = strategy_solve(&sub);
            if (status == SLIDE_OK)
                search_note(search, "beam search lost its way; strategy finished the board");
            budget_free(budget, now.cells, (size_t)cells * sizeof *now.cells);
        }
    }
    return status;
}

int beam_solve_single(search_task *search)
{
    beam_space sp;
    memset(&sp, 0, sizeof sp);
    int status = beam_solve_in(search, &sp);
    beam_space_free(&sp, search->budget);
    return status;
}

/*
 * The views of a board beam_solve searches, in order: the board, the board
 * searched from the goal back to the start (the path, reversed with each
 * move undone, is an answer), and the same two of its transpose.  A beam is
 * greedy: the views break their ties and place their sides differently,
 * and where one strays another often does not.  On 20 random boards a
 * size (tests/bench/nearoptimal.sh's) the shortest of the four is 4.4%
 * shorter than the first view alone on 6x6 (194.05 moves against 202.95),
 * 6.7% on 7x7 and 5.3% on 8x8; on 10x10 the shortest of the first two is
 * 5.7% shorter (1,288.35 against 1,366.85).
 */
typedef struct beam_view {
    int transposed, reversed;
} beam_view;

static const beam_view beam_views[] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};

/*
 * How many of beam_views a board of `cells` cells gets: all four up to 8x8
 * (a beam takes a quarter of a second or less there), the first two up to
 * 10x10 (half a second to a second each), one above.
 */
static int beam_view_count(int cells)
{
    return cells <= 64 ? 4 : cells <= 100 ? 2 : 1;
}

/*
 * Searches view v of search's board (in the arrays of sp) into moves, a list of its own kept in
 * memory (no sink; it is rewritten in place), with stats of its own, and
 * turns the answer into one for the board itself.  Returns SLIDE_OK, or
 * the view's failure (moves may then hold part of a string in the view's
 * terms, which the caller frees).
 */
static int beam_solve_in_view(search_task *search, beam_space *sp, const beam_view *v,
                              move_list *moves, slide_stats *stats)
{
    search_budget *budget = search->budget;
    const slide_board *from = v->reversed ? search->goal : search->start;
    const slide_board *to = v->reversed ? search->start : search->goal;
    size_t cells = (size_t)from->rows * (size_t)from->cols;
    slide_board start = *from, goal = *to;
    uint32_t *room = NULL;
    if (v->transposed) {
        room = budget_alloc(budget, 2 * cells * sizeof *room);
        if (!room)
            return budget->status;
        start.cells = room;
        goal.cells = room + cells;
        board_transpose(from, &start);
        board_transpose(to, &goal);
    }
    search_task sub = *search;
    search_task_set_boards(&sub, &start, &goal);
    sub.moves = moves;
    sub.stats = stats;
    int status = beam_solve_in(&sub, sp);
    budget_free(budget, room, room ? 2 * cells * sizeof *room : 0);
    if (status != SLIDE_OK)
        return status;
    char *m = moves->data;
    size_t n = moves->len;
    for (size_t i = 0; i < n; i++) {
        int d = move_of_letter(m[i]);
        if (v->transposed)
            d = move_transposed(d);
        m[i] = slide_move_letters[d];
    }
    if (v->reversed) {
        for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
            char t = m[i];
            m[i] = m[j - 1];
            m[j - 1] = t;
        }
        for (size_t i = 0; i < n; i++)
            m[i] = slide_move_letters[move_inverse(move_of_letter(m[i]))];
    }
    return SLIDE_OK;
}

/*
 * Beam search of each view (beam_views) in turn, the shortest answer kept
 * (the first of equal ones), so that without a deadline the answer depends
 * on the board alone.  A view that fails once an answer is in hand ends the
 * search with that answer (a deadline, the memory cap, a beam with nowhere
 * left to go), unless memory ran out in the system or the caller
 * cancelled.  The nodes are those of every view, counted on through them
 * for the progress reports; the note is the answer's view's.
 */
int beam_solve(search_task *search)
{
    const slide_board *start = search->start;
    int views = beam_view_count(start->rows * start->cols);
    if (views == 1)
        return beam_solve_single(search);
    search_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    move_list best = {.budget = budget};
    slide_stats best_stats = *stats;
    beam_space space; /* one for all views */
    memset(&space, 0, sizeof space);
    int status = SLIDE_OK, found = 0, searched = 0;
    for (int v = 0; v < views && status == SLIDE_OK; v++) {
        move_list moves = {.budget = budget};
        /* with the note and remedy the search came with, and the nodes so far */
        slide_stats view_stats = *stats;
        status = beam_solve_in_view(search, &space, &beam_views[v], &moves, &view_stats);
        stats->expanded = view_stats.expanded;
        stats->generated = view_stats.generated;
        if (status == SLIDE_OK) {
            searched++;
            if (!found || moves.len < best.len) {
                move_list t = best;
                best = moves;
                moves = t;
                best_stats = view_stats;
                found = 1;
            }
        } else if (!found || status == SLIDE_E_NOMEM || status == SLIDE_E_CANCELLED) {
            memcpy(stats->note, view_stats.note, sizeof stats->note);
            stats->remedy = view_stats.remedy;
        }
        move_list_free(&moves);
    }
    beam_space_free(&space, budget); /* before the answer is copied out */
    if (found && status != SLIDE_OK && status != SLIDE_E_NOMEM && status != SLIDE_E_CANCELLED) {
        const char *why = status == SLIDE_E_TIMEOUT    ? "ran out of time"
                          : status == SLIDE_E_MEMLIMIT ? "hit the memory cap"
                                                       : "failed";
        search_note(search,
                    "beam search %s after %d of its %d views of the board; answered with the "
                    "shortest found",
                    why, searched, views);
        stats->remedy = best_stats.remedy; /* the advice the search came with still holds */
        budget->status = SLIDE_OK;
        status = SLIDE_OK;
    } else if (status == SLIDE_OK) {
        memcpy(stats->note, best_stats.note, sizeof stats->note);
        stats->remedy = best_stats.remedy;
    }
    if (status == SLIDE_OK)
        status = move_list_append(search->moves, best.data, best.len);
    move_list_free(&best);
    return status;
}
