/*
 * small.c - the strategy solver's exact searches over a few cells:
 * the 3x2 block that finishes every row, and the last 2x2, 2x3 or 3x2
 * region of the board.  Both are breadth-first searches small enough to run
 * per solve (120 and at most 720 states), so their answers are the shortest
 * for their cells and they need no tables in the binary.
 */
#include "strategy/blank_internal.h"

#define W3_CELLS 6
#define W3_NONE 0xFF

static int w3_index(int a, int b, int z)
{
    return a * 36 + b * 6 + z;
}

/* The block cell next to k in move d, or -1 (block: 3 rows, 2 columns). */
static int w3_neighbour(int k, int d)
{
    int r = k / 2 + strat_move_dr[d], c = k % 2 + strat_move_dc[d];
    return r < 0 || r > 2 || c < 0 || c > 1 ? -1 : r * 2 + c;
}

/* The state after the blank at z moves onto cell q. */
static int w3_after(int a, int b, int z, int q)
{
    return w3_index(a == q ? z : a, b == q ? z : b, q);
}

void strat_w3_init(uint8_t dist[216])
{
    uint8_t queue[216];
    size_t head = 0, tail = 0;
    memset(dist, W3_NONE, 216);
    for (int z = 2; z < W3_CELLS; z++) {
        int s = w3_index(0, 1, z);
        dist[s] = 0;
        queue[tail++] = (uint8_t)s;
    }
    /* moves are reversible, so distances from the goals are distances to them */
    while (head < tail) {
        int s = queue[head++];
        int a = s / 36, b = s / 6 % 6, z = s % 6;
        for (int d = 0; d < 4; d++) {
            int q = w3_neighbour(z, d);
            if (q < 0)
                continue;
            int next = w3_after(a, b, z, q);
            if (dist[next] != W3_NONE)
                continue;
            dist[next] = (uint8_t)(dist[s] + 1);
            queue[tail++] = (uint8_t)next;
        }
    }
}

/* Block cell of a view cell known to be in the block. */
static int w3_cell(const strat *s, int r, int c)
{
    return r * 2 + (c - (s->view.w - 2));
}

int strat_w3_finish(strat *s, uint32_t a, uint32_t b)
{
    if (!s->w3_ready) {
        strat_w3_init(s->w3_dist);
        s->w3_ready = 1;
    }
    int r, c;
    strat_to_view(s, strat_where(s, a), &r, &c);
    int ka = w3_cell(s, r, c);
    strat_to_view(s, strat_where(s, b), &r, &c);
    int kb = w3_cell(s, r, c);
    int kz = w3_cell(s, s->br, s->bc);
    int state = w3_index(ka, kb, kz);
    if (s->w3_dist[state] == W3_NONE)
        return SLIDE_E_INTERNAL;
    /* each move lowers the distance by one, so this ends after dist moves */
    while (s->w3_dist[state] > 0) {
        int d, next = -1;
        for (d = 0; d < 4; d++) {
            int q = w3_neighbour(kz, d);
            if (q < 0)
                continue;
            next = w3_after(ka, kb, kz, q);
            if (s->w3_dist[next] + 1 == s->w3_dist[state])
                break;
        }
        if (d == 4)
            return SLIDE_E_INTERNAL;
        strat_move(s, d);
        int q = w3_neighbour(kz, d);
        ka = ka == q ? kz : ka;
        kb = kb == q ? kz : kb;
        kz = q;
        state = next;
    }
    return SLIDE_OK;
}

/* ---------------------------------------------------------- last region */

#define WINDOW_MAX 6
#define WINDOW_STATES 360 /* 6!/2: the arrangements one parity class holds */
#define WINDOW_SLOTS 1024 /* open-addressing table, load at most 0.35 */

/*
 * An arrangement of the window packed 4 bits a cell (cell k in bits 4k..4k+3,
 * holding the window cell its tile belongs in), so a move is a nibble swap
 * and a state a 24-bit key; never 0, since the labels are distinct.
 */
static size_t window_slot(const uint32_t *keys, uint32_t key)
{
    size_t i = (size_t)((key * 2654435761u) >> 22) & (WINDOW_SLOTS - 1);
    while (keys[i] && keys[i] != key)
        i = (i + 1) & (WINDOW_SLOTS - 1);
    return i;
}

int strat_window_solve(strat *s, int top, int left, int h, int w)
{
    int n = h * w;
    if (n > WINDOW_MAX)
        return SLIDE_E_INTERNAL;
    uint32_t stride = s->mask + 1;
    strat_set_view(s, ((uint32_t)top << s->shift) | (uint32_t)left, (int32_t)stride, 1, h, w, 0);
    /* local labels: the window cell each tile belongs in; the blank's is the goal blank's cell */
    uint32_t start = 0, target = 0;
    int blank_label = (int)((s->goal_blank >> s->shift) - (uint32_t)top) * w +
                      (int)((s->goal_blank & s->mask) - (uint32_t)left);
    for (int k = 0; k < n; k++) {
        uint32_t slot = strat_slot(s, k / w, k % w);
        uint32_t label = slot == s->blank ? s->goal_blank : s->cell[slot];
        int lr = (int)(label >> s->shift) - top, lc = (int)(label & s->mask) - left;
        if (lr < 0 || lr >= h || lc < 0 || lc >= w)
            return SLIDE_E_INTERNAL;
        start |= (uint32_t)(lr * w + lc + 1) << (4 * k); /* +1 keeps every key nonzero */
        target |= (uint32_t)(k + 1) << (4 * k);
    }
    if (start == target)
        return SLIDE_OK;

    /* breadth-first from the start; each state remembers its parent and move */
    uint32_t keys[WINDOW_SLOTS];
    int16_t parent[WINDOW_SLOTS];
    uint8_t via[WINDOW_SLOTS];
    int16_t queue[WINDOW_STATES + 1];
    memset(keys, 0, sizeof keys);
    size_t head = 0, tail = 0, at = window_slot(keys, start);
    keys[at] = start;
    parent[at] = -1;
    queue[tail++] = (int16_t)at;
    const uint32_t blank_key = (uint32_t)blank_label + 1;
    size_t found = SIZE_MAX;
    while (head < tail && found == SIZE_MAX) {
        size_t from = (size_t)queue[head++];
        uint32_t state = keys[from];
        int z = 0;
        while (((state >> (4 * z)) & 15u) != blank_key)
            z++;
        for (int d = 0; d < 4 && found == SIZE_MAX; d++) {
            int r = z / w + strat_move_dr[d], c = z % w + strat_move_dc[d];
            if (r < 0 || r >= h || c < 0 || c >= w)
                continue;
            int to = r * w + c;
            uint32_t tile = (state >> (4 * to)) & 15u;
            uint32_t next = state - (tile << (4 * to)) + (tile << (4 * z)) -
                            (blank_key << (4 * z)) + (blank_key << (4 * to));
            size_t slot = window_slot(keys, next);
            if (keys[slot])
                continue;
            if (tail > WINDOW_STATES)
                return SLIDE_E_INTERNAL; /* more states than one parity class holds */
            keys[slot] = next;
            parent[slot] = (int16_t)from;
            via[slot] = (uint8_t)d;
            queue[tail++] = (int16_t)slot;
            if (next == target)
                found = slot;
        }
    }
    if (found == SIZE_MAX)
        return SLIDE_E_INTERNAL; /* parity was checked, so this cannot happen */
    uint8_t path[WINDOW_STATES];
    size_t len = 0;
    for (size_t k = found; parent[k] >= 0; k = (size_t)parent[k])
        path[len++] = via[k];
    while (len > 0)
        strat_move(s, path[--len]);
    return SLIDE_OK;
}
