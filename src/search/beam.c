/*
 * beam.c - the estimate of a beam search's states and the layers of one
 * beam (beam_run); beam.h says how the whole search goes.
 */
#include "search/beam.h"

#include <limits.h>
#include <stdlib.h>

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
 * whole board for every child, which was much of a stage's time.
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

void beam_extras_init(beam *bm, int blank_cell, int top, int bottom, int left, int right)
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

/* How many children before it a child's slot in the state map is asked for. */
#define BEAM_PREFETCH_AHEAD 16

/*
 * The child loop of a layer is a function of its own, called once a
 * layer: inlined into beam_run, it was compiled to about 2% more
 * instructions a board (cachegrind, a 6x6 and a 7x7 board).
 */
#if defined(__GNUC__)
#define BEAM_OWN_FUNCTION __attribute__((noinline))
#else
#define BEAM_OWN_FUNCTION
#endif

/* Where a beam_run stands between layers. */
typedef struct beam_layer {
    size_t count;     /* states in sp->cur */
    size_t children;  /* candidates made from them (sp->cand_*) */
    unsigned h_max;   /* the largest of their estimates */
    size_t depth;     /* moves from the root */
    size_t trail_len; /* states kept so far, in sp->trail_* */
    size_t found;     /* the state at the goal in sp->cur; SIZE_MAX: none yet */
} beam_layer;

/*
 * The root: board (labels) with the blank at blank_at as the layer's one
 * state, remembered in the seen-set and the trail.  SLIDE_OK or the
 * budget's refusal.
 */
static int beam_root(const beam *bm, beam_space *sp, const uint8_t *board, int blank_at,
                     beam_layer *layer)
{
    search_budget *budget = bm->budget;
    uint8_t *cur = sp->cur;
    uint64_t key = 0;
    for (int c = 0; c < bm->cells; c++)
        key ^= beam_zobrist(c, board[c]);
    memcpy(cur, board, (size_t)bm->cells);
    beam_state_lines(bm, cur);
    sp->cur_info[0] = beam_estimate(bm, cur);
    sp->cur_info[1] = (uint32_t)blank_at;
    sp->cur_info[2] = 4;
    sp->cur_info[3] = bm->extras ? beam_last_bits(bm, cur) : 0;
    sp->cur_key[0] = key ? key : 1;
    state_map_add_key(&sp->seen, sp->cur_key[0]);
    int status;
    if ((status = beam_reserve(budget, (void **)&sp->layer_start, &sp->layer_cap, 2,
                               sizeof *sp->layer_start)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_parent, &sp->trail_cap, 1,
                               sizeof *sp->trail_parent)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_move, &sp->trail_move_cap, 1, 1)) !=
            SLIDE_OK)
        return status;
    sp->layer_start[0] = 0;
    sp->trail_parent[0] = 0;
    sp->trail_move[0] = 4;
    layer->count = 1;
    layer->depth = 0;
    layer->trail_len = 1;
    layer->found = SIZE_MAX;
    if (bm->blank_term ? beam_blank_term(bm, cur, blank_at) == 0 : sp->cur_info[0] == 0)
        layer->found = 0;
    return SLIDE_OK;
}

/*
 * Every child of the layer's states (never undoing the move before) into
 * sp->cand_*, with its key and estimate, in the order made: parents in
 * order, moves in u, d, l, r order.  Each child's board is made once, a
 * byte a cell copied in cache, to estimate it.
 */
static BEAM_OWN_FUNCTION void beam_expand(const beam *bm, beam_space *sp, slide_stats *stats,
                                          beam_layer *layer)
{
    /* the arrays in locals: stores through the byte arrays would make the compiler reload sp's */
    const uint8_t *cur = sp->cur;
    const uint32_t *cur_info = sp->cur_info;
    const uint64_t *cur_key = sp->cur_key;
    uint8_t *scratch = sp->scratch;
    uint32_t *cand_parent = sp->cand_parent, *cand_h = sp->cand_h, *cand_base = sp->cand_base;
    uint16_t *cand_line = sp->cand_line;
    uint64_t *cand_key = sp->cand_key;
    uint8_t *cand_move = sp->cand_move, *cand_done = sp->cand_done, *cand_last = sp->cand_last;
    size_t stride = (size_t)bm->stride, cells = (size_t)bm->cells, count = layer->count;
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
            memcpy(scratch, b, cells);
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
    layer->children = children;
    layer->h_max = h_max;
}

/*
 * Marks the children the beam keeps (cand_done bit 2): ranked by estimate
 * (a counting sort, ties in the order made), then walked in that order,
 * each added to the seen-set unless it is there (kept before, or made
 * twice in this layer: the same board has the same estimate, so the first
 * made comes first), until `width` are kept.  Only the walked ones touch
 * the map, which outgrows the cache, each slot asked for
 * BEAM_PREFETCH_AHEAD children before it is read.  Returns how many were
 * kept, or a negative status.
 */
static long beam_keep(const beam *bm, beam_space *sp, const beam_layer *layer)
{
    size_t children = layer->children;
    unsigned h_max = layer->h_max;
    const uint32_t *cand_h = sp->cand_h;
    const uint64_t *cand_key = sp->cand_key;
    uint32_t *cand_order = sp->cand_order;
    uint8_t *cand_done = sp->cand_done;
    state_map *seen = &sp->seen;
    size_t width = bm->width;
    int status = beam_reserve(bm->budget, (void **)&sp->h_count, &sp->h_cap, (size_t)h_max + 2,
                              sizeof *sp->h_count);
    if (status != SLIDE_OK)
        return status;
    /* h_count[h] becomes where estimate h's children start */
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
        if (added < 0)
            return added;
        if (added) {
            cand_done[j] |= 2; /* kept */
            kept++;
        }
    }
    return (long)kept;
}

/*
 * The kept children become the next layer, in the order made: each one's
 * board (its parent's with the move made), line conflicts, estimate,
 * blank, move, last bits and key, its parent and move on the trail; the
 * first at the goal is `found`.  Then the layers swap.  SLIDE_OK or the
 * budget's refusal.
 */
static int beam_advance(const beam *bm, beam_space *sp, beam_layer *layer)
{
    search_budget *budget = bm->budget;
    size_t stride = (size_t)bm->stride, width = bm->width, trail_len = layer->trail_len;
    size_t depth = ++layer->depth, next_count = 0;
    int status;
    if ((status = beam_reserve(budget, (void **)&sp->layer_start, &sp->layer_cap, depth + 2,
                               sizeof *sp->layer_start)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_parent, &sp->trail_cap,
                               trail_len + width, sizeof *sp->trail_parent)) != SLIDE_OK ||
        (status = beam_reserve(budget, (void **)&sp->trail_move, &sp->trail_move_cap,
                               trail_len + width, 1)) != SLIDE_OK)
        return status;
    sp->layer_start[depth] = trail_len;
    /* the arrays in locals, as in beam_expand */
    const uint8_t *cur = sp->cur, *cand_move = sp->cand_move, *cand_done = sp->cand_done;
    const uint8_t *cand_last = sp->cand_last;
    const uint32_t *cur_info = sp->cur_info, *cand_parent = sp->cand_parent;
    const uint32_t *cand_base = sp->cand_base;
    const uint16_t *cand_line = sp->cand_line;
    const uint64_t *cand_key = sp->cand_key;
    uint8_t *nxt = sp->nxt, *trail_move = sp->trail_move;
    uint32_t *nxt_info = sp->nxt_info, *trail_parent = sp->trail_parent;
    uint64_t *nxt_key = sp->nxt_key;
    size_t found = layer->found, children = layer->children, cells = (size_t)bm->cells;
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
        trail_parent[trail_len] = p;
        trail_move[trail_len] = (uint8_t)m;
        trail_len++;
        if ((cand_done[j] & 1) && found == SIZE_MAX)
            found = next_count;
        next_count++;
    }
    layer->found = found;
    layer->trail_len = trail_len;
    layer->count = next_count;
    uint8_t *tb = sp->cur;
    sp->cur = sp->nxt;
    sp->nxt = tb;
    uint32_t *ti = sp->cur_info;
    sp->cur_info = sp->nxt_info;
    sp->nxt_info = ti;
    uint64_t *tk = sp->cur_key;
    sp->cur_key = sp->nxt_key;
    sp->nxt_key = tk;
    return SLIDE_OK;
}

/*
 * The path to the layer's `found` state, read back through each layer's
 * parent indices, pushed to search->moves and played on board.  Returns
 * SLIDE_OK or a status; *pushed the moves read back.
 */
static int beam_answer(const beam *bm, beam_space *sp, search_task *search, const beam_layer *layer,
                       uint8_t *board, int *blank_at, size_t *pushed)
{
    size_t depth = layer->depth;
    int status = beam_reserve(bm->budget, (void **)&sp->path, &sp->path_cap, depth + 1, 1);
    if (status != SLIDE_OK)
        return status;
    uint8_t *path = sp->path;
    *pushed = depth;
    for (size_t d = depth, i = layer->found; d > 0; d--) {
        size_t at = sp->layer_start[d] + i;
        path[d - 1] = sp->trail_move[at];
        i = sp->trail_parent[at];
    }
    for (size_t d = 0; d < depth && status == SLIDE_OK; d++) {
        int t = bm->next[*blank_at][path[d]];
        board[*blank_at] = board[t];
        board[t] = 0;
        *blank_at = t;
        status = move_list_push(search->moves, slide_move_letters[path[d]]);
    }
    return status;
}

/*
 * One layer of the beam (see beam_keep): its children made, ranked, the
 * best `width` new ones kept as the next layer.  SLIDE_OK or a status.
 */
static int beam_layer_step(const beam *bm, beam_space *sp, search_task *search, beam_layer *layer)
{
    beam_expand(bm, sp, search->stats, layer);
    long kept = beam_keep(bm, sp, layer);
    if (kept < 0)
        return (int)kept;
    if (kept == 0) {
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                           "beam search ran out of new states at depth %zu", layer->depth);
        return SLIDE_E_INTERNAL;
    }
    return beam_advance(bm, sp, layer);
}

/*
 * A beam whose best estimate has not fallen for this many layers is lost:
 * on 30 random 10x10 boards (`slide gen --size 10x10 --seed S`, S = 1 ..
 * 30) the beams that found their goal went at most 14 layers without a new
 * best, bar one (the 25th of `slide gen --size 10x10 --count 30 --seed 1`,
 * whose beam came back after a longer stall to 1,544 moves, where strategy
 * gives 1,650), while the two that strayed (seeds 15 and 29) stopped
 * falling within their first side's ~530 layers and went on for ~2,800
 * more to the depth cap below.  At 600 both answers stay, and a stray costs
 * a second, not five.
 */
#define BEAM_STALL_LAYERS 600

/* The smallest estimate among the layer's states. */
static unsigned beam_layer_best(const beam_space *sp, const beam_layer *layer)
{
    unsigned best = UINT_MAX;
    for (size_t i = 0; i < layer->count; i++)
        if (sp->cur_info[4 * i] < best)
            best = sp->cur_info[4 * i];
    return best;
}

int beam_run(const beam *bm, beam_space *sp, search_task *search, uint8_t *board, int *blank_at)
{
    search_budget *budget = search->budget;
    beam_layer layer = {0, 0, 0, 0, 0, SIZE_MAX};
    size_t pushed = 0;
    int status = beam_space_fit(sp, budget, bm->width, (size_t)bm->stride);
    if (status == SLIDE_OK)
        status = beam_root(bm, sp, board, *blank_at, &layer);
    /* a beam that wanders this far is lost: beam_solve hands the board to strategy ... */
    size_t max_depth = status == SLIDE_OK ? 4 * (size_t)sp->cur_info[0] + 400 : 0;
    /* ... or whose best estimate stopped falling (BEAM_STALL_LAYERS) */
    unsigned best = UINT_MAX;
    size_t best_depth = 0;
    while (status == SLIDE_OK && layer.found == SIZE_MAX) {
        unsigned now = beam_layer_best(sp, &layer);
        if (now < best) {
            best = now;
            best_depth = layer.depth;
        }
        if (layer.depth >= max_depth || layer.depth - best_depth >= BEAM_STALL_LAYERS) {
            status = BEAM_LOST;
        } else if (search->beam_bound &&
                   search->moves->count + layer.depth + 1 >= search->beam_bound) {
            status = BEAM_BOUND; /* no answer shorter than the bound lies ahead */
        } else if (budget_expired(budget)) {
            status = budget->status;
            if (status == SLIDE_E_TIMEOUT)
                search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                                   "beam search reached depth %zu of a %dx%d board by the time "
                                   "limit",
                                   layer.depth, bm->rows, bm->cols);
        } else {
            status = beam_layer_step(bm, sp, search, &layer);
            /* the depth reached, as an iterative search reports its bound */
            if (status == SLIDE_OK && (layer.depth & 255) == 0)
                search_progress(search, (unsigned)layer.depth);
        }
    }
    if (status == SLIDE_OK)
        status = beam_answer(bm, sp, search, &layer, board, blank_at, &pushed);
    if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_NOMEM)
        search_note_remedy(search, SLIDE_REMEDY_ALGO_STRATEGY,
                           "beam search of %zu states a layer on a %dx%d board reached the memory "
                           "cap at depth %zu",
                           bm->width, bm->rows, bm->cols, layer.depth);
    if (status == SLIDE_E_MEMLIMIT && layer.depth > 0 && pushed == 0)
        status = BEAM_LOST; /* it had started: what is left of the board goes to strategy */
    return status;
}
