/*
 * shorten.c - the shortening pass over answers that are not proven
 * optimal (see shorten.h).
 *
 * The filter keeps the moves it has not handed on in a buffer and the board
 * as it stands at a cursor inside that buffer.  At the cursor it looks at
 * the next SHORTEN_WINDOW moves: their blank stays inside a small rectangle
 * of the board, and the tiles of that rectangle end up permuted in a way
 * that depends on the moves alone.  An iterative-deepening search with the
 * Manhattan distance between the two arrangements looks for a shorter
 * sequence inside the rectangle (grown by one cell on each side the board
 * has room for); when it finds one, the window is replaced and the cursor
 * steps back by a window, since earlier windows may now shorten too;
 * otherwise the cursor advances one move (a window on large boards).  Each replacement removes at
 * least two moves, so the pass ends, and it never makes an answer longer.
 * The search's answer is remembered under the window's moves and the sides
 * it could grow on (one 64-bit key), so the move patterns a solver repeats
 * are searched for once; a search that exceeds its node budget is
 * remembered as "no shorter sequence".
 */
#include "core/state_map.h"
#include "search/shorten.h"
#include "strategy/strategy.h"

#include <stdlib.h>

/* Moves held before the oldest are handed on. */
#define SHORTEN_BUFFER 65536
/* Memo entries (direct-mapped, replaced on collision). */
#define SHORTEN_MEMO_BITS 16
/* Nodes one window's search may expand. */
#define SHORTEN_NODE_CAP 50000
/*
 * How often a window is tried: at every move on boards of at most
 * SHORTEN_DENSE_CELLS cells, every SHORTEN_MID_STRIDE moves up to
 * SHORTEN_MID_CELLS (the strategy solver's trials' limit: its answers there
 * cost it about a microsecond a move), every SHORTEN_WINDOW moves above
 * (answers of many millions of moves), which keeps the pass at a few
 * nanoseconds a move.  On twelve 100x100 boards the mid stride takes
 * strategy's answers from 1.7006 to 1.6985 n^3, as much as a window at
 * every move (1.6984) for a quarter of its 0.2 s.
 */
#define SHORTEN_DENSE_CELLS 1024
#define SHORTEN_MID_CELLS STRAT_TRIAL_CELLS
#define SHORTEN_MID_STRIDE 4
/* The largest rectangle searched. */
#define SHORTEN_MAX_BOX 64

struct shortener {
    int rows, cols;
    uint32_t *cell; /* the board at the cursor */
    size_t cells;
    size_t blank;
    uint8_t *buf; /* moves 0-3 not yet handed on; buf[0 .. cursor) are applied to cell */
    size_t len, cursor;
    move_list *out;
    search_budget *budget;
    int status;
    uint64_t in, out_count;
    unsigned stride; /* moves the cursor advances past a window that did not shorten */
    uint64_t *memo_key; /* 0: empty */
    uint64_t *memo_value;
};

/* ------------------------------------------------------------ the window */

typedef struct window_search {
    int w, cells;
    int8_t next[SHORTEN_MAX_BOX][4];
    uint8_t cfg[SHORTEN_MAX_BOX];  /* label per box cell, 0 the blank */
    uint8_t home[SHORTEN_MAX_BOX + 1]; /* label (1 .. cells, 0 the blank) -> box cell it must reach */
    int blank;
    unsigned h;
    unsigned nodes;
    unsigned found;
    uint8_t path[SHORTEN_WINDOW];
} window_search;

static unsigned cell_distance(int w, int a, int b)
{
    int dr = a / w - b / w, dc = a % w - b % w;
    return (unsigned)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
}

/* 1: reached the end arrangement within bound (ws->found moves); 0: not; -1: node cap. */
static int window_dfs(window_search *ws, unsigned g, unsigned bound, int prev)
{
    if (ws->h == 0) {
        ws->found = g;
        return 1;
    }
    if (g + ws->h > bound)
        return 0;
    for (int m = 0; m < 4; m++) {
        if (prev >= 0 && m == move_inverse(prev))
            continue;
        int t = ws->next[ws->blank][m];
        if (t < 0)
            continue;
        if (++ws->nodes > SHORTEN_NODE_CAP)
            return -1;
        uint8_t tile = ws->cfg[t];
        unsigned before = cell_distance(ws->w, t, ws->home[tile]);
        unsigned after = cell_distance(ws->w, ws->blank, ws->home[tile]);
        int from = ws->blank;
        ws->cfg[from] = tile;
        ws->cfg[t] = 0;
        ws->blank = t;
        ws->h = ws->h - before + after;
        ws->path[g] = (uint8_t)m;
        int r = window_dfs(ws, g + 1, bound, m);
        ws->h = ws->h + before - after;
        ws->blank = from;
        ws->cfg[t] = tile;
        ws->cfg[from] = 0;
        if (r != 0)
            return r;
    }
    return 0;
}

/*
 * The shortest sequence (fewer than n moves) equivalent to moves[0 .. n)
 * inside a box of bh x bw cells with the blank starting at box cell b0:
 * its length, moves in out; n when there is none (or the search gave up).
 */
static unsigned window_best(const uint8_t *moves, unsigned n, int bh, int bw, int b0, uint8_t *out)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    window_search ws;
    memset(&ws, 0, sizeof ws);
    ws.w = bw;
    ws.cells = bh * bw;
    for (int c = 0; c < ws.cells; c++) {
        int r = c / bw, k = c % bw;
        for (int m = 0; m < 4; m++) {
            int nr = r + dr[m], nc = k + dc[m];
            ws.next[c][m] = (int8_t)(nr >= 0 && nr < bh && nc >= 0 && nc < bw ? nr * bw + nc : -1);
        }
    }
    /* labels: the tile at box cell c is c + 1 at the start; play the window */
    uint8_t end[SHORTEN_MAX_BOX];
    for (int c = 0; c < ws.cells; c++)
        ws.cfg[c] = end[c] = (uint8_t)(c + 1);
    ws.cfg[b0] = end[b0] = 0;
    int b = b0;
    for (unsigned i = 0; i < n; i++) {
        int t = ws.next[b][moves[i]];
        end[b] = end[t];
        end[t] = 0;
        b = t;
    }
    ws.home[0] = (uint8_t)b;
    for (int c = 0; c < ws.cells; c++)
        ws.home[end[c]] = (uint8_t)c;
    ws.blank = b0;
    ws.h = 0;
    for (int c = 0; c < ws.cells; c++)
        if (ws.cfg[c])
            ws.h += cell_distance(bw, c, ws.home[ws.cfg[c]]);
    ws.nodes = 0;
    /* lengths share the parity of n: look for n - 2 at most */
    for (unsigned bound = ws.h; bound + 2 <= n; bound += 2) {
        int r = window_dfs(&ws, 0, bound, -1);
        if (r < 0)
            break;
        if (r == 1) {
            memcpy(out, ws.path, ws.found);
            return ws.found;
        }
    }
    return n;
}

/*
 * The replacement for the n moves at buf[at] with the board's blank at the
 * cursor position `blank`: its length (n: none), moves in out.
 */
static unsigned shorten_window(shortener *sh, size_t at, unsigned n, uint8_t *out)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const uint8_t *w = sh->buf + at;
    int r = 0, c = 0, r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    uint64_t key = 0;
    for (unsigned i = 0; i < n; i++) {
        r += dr[w[i]];
        c += dc[w[i]];
        r0 = r < r0 ? r : r0;
        r1 = r > r1 ? r : r1;
        c0 = c < c0 ? c : c0;
        c1 = c > c1 ? c : c1;
        key |= (uint64_t)w[i] << (2 * i);
    }
    int br = (int)(sh->blank / (size_t)sh->cols), bc = (int)(sh->blank % (size_t)sh->cols);
    /* grow the box by a cell where the board has one */
    unsigned flags = 0;
    if (br + r0 > 0)
        flags |= 1, r0--;
    if (br + r1 < sh->rows - 1)
        flags |= 2, r1++;
    if (bc + c0 > 0)
        flags |= 4, c0--;
    if (bc + c1 < sh->cols - 1)
        flags |= 8, c1++;
    int bh = r1 - r0 + 1, bw = c1 - c0 + 1;
    if (bh * bw > SHORTEN_MAX_BOX)
        return n;
    key |= (uint64_t)n << 40 | (uint64_t)flags << 46 | 1ull << 50;
    size_t slot = (size_t)hash64(key) & ((1u << SHORTEN_MEMO_BITS) - 1);
    uint64_t value;
    if (!SLIDE_PLAIN && sh->memo_key[slot] == key) {
        value = sh->memo_value[slot];
    } else {
        uint8_t best[SHORTEN_WINDOW];
        unsigned k = window_best(w, n, bh, bw, (-r0) * bw + (-c0), best);
        value = k;
        for (unsigned i = 0; i < k; i++)
            value |= (uint64_t)best[i] << (5 + 2 * i);
        sh->memo_key[slot] = key;
        sh->memo_value[slot] = value;
    }
    unsigned k = value & 31u;
    for (unsigned i = 0; i < k; i++)
        out[i] = (uint8_t)(value >> (5 + 2 * i) & 3u);
    return k;
}

/* ------------------------------------------------------------ the filter */

static void board_step(shortener *sh, int m)
{
    size_t to;
    switch (m) {
    case SLIDE_UP: to = sh->blank - (size_t)sh->cols; break;
    case SLIDE_DOWN: to = sh->blank + (size_t)sh->cols; break;
    case SLIDE_LEFT: to = sh->blank - 1; break;
    default: to = sh->blank + 1; break;
    }
    sh->cell[sh->blank] = sh->cell[to];
    sh->cell[to] = 0;
    sh->blank = to;
}

/* Hands on buf[0 .. n) (all applied) and drops them from the buffer. */
static void shorten_emit(shortener *sh, size_t n)
{
    char chunk[4096];
    size_t done = 0;
    while (done < n && sh->status == SLIDE_OK) {
        size_t k = n - done < sizeof chunk ? n - done : sizeof chunk;
        for (size_t i = 0; i < k; i++)
            chunk[i] = slide_move_letters[sh->buf[done + i]];
        sh->status = move_list_append(sh->out, chunk, k);
        done += k;
    }
    sh->out_count += n;
    memmove(sh->buf, sh->buf + n, sh->len - n);
    sh->len -= n;
    sh->cursor -= n;
}

/* Runs the cursor over the buffer while a whole window is ahead (all of it when `final`). */
static void shorten_run(shortener *sh, int final)
{
    uint8_t best[SHORTEN_WINDOW];
    while (sh->status == SLIDE_OK) {
        size_t ahead = sh->len - sh->cursor;
        if (ahead < 2 || (!final && ahead < SHORTEN_WINDOW))
            break;
        unsigned n = ahead < SHORTEN_WINDOW ? (unsigned)ahead : SHORTEN_WINDOW;
        unsigned k = shorten_window(sh, sh->cursor, n, best);
        if (k < n) {
            uint8_t *w = sh->buf + sh->cursor;
            memcpy(w, best, k);
            memmove(w + k, w + n, sh->len - sh->cursor - n);
            sh->len -= n - k;
            /* step back: a window before the cursor may shorten now */
            size_t back = sh->cursor < SHORTEN_WINDOW - 1 ? sh->cursor : SHORTEN_WINDOW - 1;
            for (size_t i = 0; i < back; i++)
                board_step(sh, move_inverse(sh->buf[--sh->cursor]));
            continue;
        }
        for (unsigned i = 0; i < sh->stride && sh->cursor < sh->len; i++)
            board_step(sh, sh->buf[sh->cursor++]);
    }
}

int shorten_open(shortener **out_sh, const slide_board *start, move_list *out,
                 search_budget *budget)
{
    shortener *sh = budget_calloc(budget, 1, sizeof *sh);
    *out_sh = NULL;
    if (!sh) /* a refusal records its status; NOMEM should one ever not */
        return budget->status != SLIDE_OK ? budget->status : SLIDE_E_NOMEM;
    sh->rows = start->rows;
    sh->cols = start->cols;
    sh->cells = (size_t)start->rows * (size_t)start->cols;
    sh->out = out;
    sh->budget = budget;
    sh->cell = budget_alloc(budget, sh->cells * sizeof *sh->cell);
    sh->buf = budget_alloc(budget, SHORTEN_BUFFER);
    sh->memo_key = budget_calloc(budget, (size_t)1 << SHORTEN_MEMO_BITS, sizeof *sh->memo_key);
    sh->memo_value = budget_alloc(budget, ((size_t)1 << SHORTEN_MEMO_BITS) * sizeof(uint64_t));
    if (!sh->cell || !sh->buf || !sh->memo_key || !sh->memo_value) {
        int status = budget->status != SLIDE_OK ? budget->status : SLIDE_E_NOMEM;
        shorten_close(sh, NULL, NULL);
        return status;
    }
    memcpy(sh->cell, start->cells, sh->cells * sizeof *sh->cell);
    sh->blank = (size_t)start->blank;
    sh->stride = sh->cells > SHORTEN_MID_CELLS     ? SHORTEN_WINDOW
                 : sh->cells > SHORTEN_DENSE_CELLS ? SHORTEN_MID_STRIDE
                                                   : 1;
    *out_sh = sh;
    return SLIDE_OK;
}

int shorten_sink(void *ctx, const char *moves, size_t len)
{
    shortener *sh = ctx;
    sh->in += len;
    for (size_t i = 0; i < len && sh->status == SLIDE_OK; i++) {
        int m;
        switch (moves[i]) {
        case 'u': m = SLIDE_UP; break;
        case 'd': m = SLIDE_DOWN; break;
        case 'l': m = SLIDE_LEFT; break;
        default: m = SLIDE_RIGHT; break;
        }
        if (sh->len > sh->cursor && sh->buf[sh->len - 1] == move_inverse(m)) {
            sh->len--; /* a move and its inverse */
            continue;
        }
        if (sh->len == SHORTEN_BUFFER) {
            shorten_run(sh, 0);
            size_t keep = SHORTEN_WINDOW;
            shorten_emit(sh, sh->cursor > keep ? sh->cursor - keep : 0);
            if (sh->len == SHORTEN_BUFFER) { /* cannot happen: the cursor is near the end */
                sh->status = SLIDE_E_INTERNAL;
                break;
            }
        }
        sh->buf[sh->len++] = (uint8_t)m;
    }
    return sh->status != SLIDE_OK;
}

int shorten_close(shortener *sh, uint64_t *in, uint64_t *out_count)
{
    if (!sh)
        return SLIDE_OK;
    search_budget *budget = sh->budget;
    if (sh->status == SLIDE_OK && sh->cell && sh->buf && sh->memo_key) {
        shorten_run(sh, 1);
        while (sh->cursor < sh->len)
            board_step(sh, sh->buf[sh->cursor++]);
        shorten_emit(sh, sh->len);
    }
    int status = sh->status;
    if (in)
        *in = sh->in;
    if (out_count)
        *out_count = sh->out_count;
    budget_free(budget, sh->cell, sh->cells * sizeof *sh->cell);
    budget_free(budget, sh->buf, SHORTEN_BUFFER);
    budget_free(budget, sh->memo_key, ((size_t)1 << SHORTEN_MEMO_BITS) * sizeof *sh->memo_key);
    budget_free(budget, sh->memo_value, ((size_t)1 << SHORTEN_MEMO_BITS) * sizeof(uint64_t));
    budget_free(budget, sh, sizeof *sh);
    return status;
}

int shorten_string(const slide_board *start, char *moves, size_t *len, search_budget *budget)
{
    move_list out;
    memset(&out, 0, sizeof out);
    out.budget = budget;
    shortener *sh;
    int status = shorten_open(&sh, start, &out, budget);
    if (status != SLIDE_OK)
        return status;
    shorten_sink(sh, moves, *len);
    status = shorten_close(sh, NULL, NULL);
    if (status == SLIDE_OK && out.len <= *len) {
        memcpy(moves, out.data ? out.data : "", out.len);
        moves[out.len] = '\0';
        *len = out.len;
    }
    move_list_free(&out);
    return status;
}
