/*
 * twins.c - the automaton that keeps IDA* off move strings with an earlier
 * twin (Taylor and Korf, "Pruning duplicate nodes in depth-first search",
 * AAAI 1993).
 *
 * A string of blank moves permutes the cells it visits in a way that
 * depends on the moves alone, not on the tiles.  Two strings from the same
 * cell with the same permutation (the blank ends on the same cell and every
 * tile too) are twins: "rdlurd" (the blank once and a half round a 2x2
 * square one way) and "druldr" (the other way) leave every board the same.
 * Depth-first search walks both and everything below them.  The automaton
 * reads a path's moves one at a time and stops at any string that has a
 * twin that is shorter, or as long and earlier in u, d, l, r order, and
 * that needs no more room on the board (its blank's reach in each
 * direction no more than the string's, so it is legal wherever the string
 * is).  "ud" is such a string (its twin is the empty one), so the
 * automaton also does what "never undo the previous move" did.
 *
 * Why the answer stays the same string: IDA*'s answer is the first
 * shortest path in u, d, l, r order.  Were a move string of it stopped,
 * putting the twin in its place would give a path as short or shorter,
 * legal, to the same board, and earlier in that order: so no string of
 * the first shortest path is ever stopped.  Paths of a weighted search are
 * not shortest, so the weighted ladder keeps the automaton of length 2.
 *
 * The strings are found length by length, in u, d, l, r order, the way the
 * search meets them: every string the automaton of the shorter ones lets
 * through is played on a grid around its start, and its permutation looked
 * up (a 64-bit key, then compared cell by cell) among those of the strings
 * kept before it.  A string with such a twin joins the stopped ones, the
 * others are kept.  The automaton is then the Aho-Corasick machine of the
 * stopped strings: a state per prefix of one of them, its move table
 * saying the longest such prefix the path ends in.
 */
#include "search/search.h"

#include <string.h>

/* How far a string's blank reached from its start: up, down, left, right. */
typedef struct reach {
    uint8_t way[4];
} reach;

/* A string kept, by its permutation's key (16 bytes: there are millions at length 14). */
typedef struct kept_string {
    uint64_t key;   /* 0: an empty slot (a real key of 0 is stored as 1) */
    uint32_t moves; /* two bits a move, the first the highest */
    uint16_t reach; /* a nibble a direction (TWIN_MAX_LENGTH < 16) */
    uint8_t length;
} kept_string;

_Static_assert(TWIN_MAX_LENGTH < 16, "a reach is packed a nibble a direction");

static uint16_t reach_pack(const reach *at)
{
    return (uint16_t)(at->way[0] | at->way[1] << 4 | at->way[2] << 8 | at->way[3] << 12);
}

static reach reach_unpack(uint16_t packed)
{
    reach at;
    for (int w = 0; w < 4; w++)
        at.way[w] = (uint8_t)(packed >> (4 * w) & 15);
    return at;
}

/* A node of the trie of the stopped strings: a prefix of one of them. */
typedef struct trie_row {
    uint32_t child[4];
    uint32_t fail; /* the node of its longest proper suffix in the trie */
    uint8_t stops; /* a stopped string ends here, or at a suffix of here */
} trie_row;

typedef struct twin_builder {
    search_budget *budget;
    unsigned length; /* the strings being played now have this many moves */
    int rows, cols;  /* the board: no string's reach is wider or taller */
    /*
     * The grid the strings are played on, (2 rows - 1) x (2 cols - 1) cells
     * (fewer where the length is the tighter bound), the blank starting in
     * the middle: each cell holds the cell its tile started on.
     */
    int side, middle, cells;
    int step[4]; /* a move's change of cell */
    uint16_t *grid;
    uint16_t *scratch;   /* a kept string replayed, to compare */
    uint64_t *tile_keys; /* [tile * cells + cell]: a permutation's key is their xor */
    uint8_t path[TWIN_MAX_LENGTH];
    /* the kept strings, open addressing */
    kept_string *kept;
    size_t kept_slots; /* a power of two */
    size_t kept_count;
    /* the stopped strings of the current length, to add once it is done */
    uint32_t *found;
    size_t found_count, found_room;
    /* the trie of the stopped strings and its automaton */
    trie_row *trie;
    twin_row *next;
    uint32_t nodes, node_room;
} twin_builder;

/* splitmix64: the tile keys, the same on every run. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* 1 when inner reaches no further than outer in any direction. */
static int reach_within(const reach *inner, const reach *outer)
{
    for (int w = 0; w < 4; w++)
        if (inner->way[w] > outer->way[w])
            return 0;
    return 1;
}

/*
 * 1 when the kept string leaves the grid as the current path (b->path,
 * reaching `at`) does: it is replayed on the scratch grid and the cells
 * the path's reach covers compared (its own reach lies inside).
 */
static int same_permutation(twin_builder *b, const kept_string *kept, const reach *at)
{
    reach own = reach_unpack(kept->reach);
    int blank = b->middle;
    for (unsigned i = 0; i < kept->length; i++) {
        int m = (int)(kept->moves >> (2 * (kept->length - 1 - i))) & 3;
        int target = blank + b->step[m];
        uint16_t tile = b->scratch[target];
        b->scratch[target] = b->scratch[blank];
        b->scratch[blank] = tile;
        blank = target;
    }
    int same = 1;
    for (int r = -(int)at->way[SLIDE_UP]; r <= (int)at->way[SLIDE_DOWN] && same; r++)
        for (int c = -(int)at->way[SLIDE_LEFT]; c <= (int)at->way[SLIDE_RIGHT]; c++) {
            int cell = b->middle + r * b->side + c;
            if (b->grid[cell] != b->scratch[cell]) {
                same = 0;
                break;
            }
        }
    /* the scratch grid back to where every tile started */
    for (int r = -(int)own.way[SLIDE_UP]; r <= (int)own.way[SLIDE_DOWN]; r++)
        for (int c = -(int)own.way[SLIDE_LEFT]; c <= (int)own.way[SLIDE_RIGHT]; c++) {
            int cell = b->middle + r * b->side + c;
            b->scratch[cell] = (uint16_t)cell;
        }
    return same;
}

/* Doubles the kept strings' table (4096 slots at first).  SLIDE_OK or the budget's status. */
static int keep_grow(twin_builder *b)
{
    size_t slots = b->kept_slots ? 2 * b->kept_slots : 4096;
    kept_string *kept = budget_alloc(b->budget, slots * sizeof *kept);
    if (!kept)
        return b->budget->status;
    /*
     * Written before it is read: calloc's fresh pages are first mapped to
     * the zero page by the probes' reads and copied at their first write,
     * which took most of a length-10 build (48 ms of a 4x4's 50).
     */
    memset(kept, 0, slots * sizeof *kept);
    for (size_t i = 0; i < b->kept_slots; i++) {
        if (!b->kept[i].key)
            continue;
        size_t at = b->kept[i].key & (slots - 1);
        while (kept[at].key)
            at = (at + 1) & (slots - 1);
        kept[at] = b->kept[i];
    }
    budget_free(b->budget, b->kept, b->kept_slots * sizeof *b->kept);
    b->kept = kept;
    b->kept_slots = slots;
    return SLIDE_OK;
}

/*
 * The current path (b->length moves in b->path, its permutation's key and
 * reach): stopped when an earlier string is its twin, else kept.
 */
static int judge(twin_builder *b, uint64_t key, const reach *at)
{
    key = key ? key : 1;
    uint32_t moves = 0;
    for (unsigned i = 0; i < b->length; i++)
        moves = moves << 2 | b->path[i];
    size_t slot = key & (b->kept_slots - 1);
    for (; b->kept[slot].key; slot = (slot + 1) & (b->kept_slots - 1)) {
        const kept_string *k = &b->kept[slot];
        if (k->key != key)
            continue;
        reach own = reach_unpack(k->reach);
        if (reach_within(&own, at) && same_permutation(b, k, at)) {
            if (b->found_count == b->found_room) {
                size_t room = b->found_room ? 2 * b->found_room : 256;
                uint32_t *found = budget_realloc(b->budget, b->found, b->found_room * sizeof *found,
                                                 room * sizeof *found);
                if (!found)
                    return b->budget->status;
                b->found = found;
                b->found_room = room;
            }
            b->found[b->found_count++] = moves;
            return SLIDE_OK;
        }
    }
    b->kept[slot] = (kept_string){key, moves, reach_pack(at), (uint8_t)b->length};
    if (++b->kept_count * 2 > b->kept_slots)
        return keep_grow(b);
    return SLIDE_OK;
}

/*
 * Plays every string of b->length moves the automaton lets through that
 * begins with the depth moves in b->path (the blank `row` and `col` cells
 * from its start, the automaton in state `state`), in u, d, l, r order.  Strings legal on no
 * cell of the board (reaching further than it is wide or tall) are not
 * played: they are nobody's twin where the search goes.
 */
static int play(twin_builder *b, unsigned depth, uint32_t state, int row, int col, uint64_t key,
                reach at)
{
    if (depth == b->length)
        return judge(b, key, &at);
    for (int m = 0; m < 4; m++) {
        uint32_t next = b->next[state][m];
        if (next == TWIN_STOP)
            continue;
        int next_row = row + (m == SLIDE_DOWN) - (m == SLIDE_UP);
        int next_col = col + (m == SLIDE_RIGHT) - (m == SLIDE_LEFT);
        reach next_at = at;
        int far = m == SLIDE_UP     ? -next_row
                  : m == SLIDE_DOWN ? next_row
                  : m == SLIDE_LEFT ? -next_col
                                    : next_col;
        if (far > next_at.way[m])
            next_at.way[m] = (uint8_t)far;
        if (next_at.way[SLIDE_UP] + next_at.way[SLIDE_DOWN] >= b->rows ||
            next_at.way[SLIDE_LEFT] + next_at.way[SLIDE_RIGHT] >= b->cols)
            continue;
        int blank = b->middle + row * b->side + col, target = blank + b->step[m];
        /* the tile moves from target to blank (where the blank is follows from the tiles) */
        uint16_t tile = b->grid[target], blank_tile = b->grid[blank];
        const uint64_t *keys = &b->tile_keys[(size_t)tile * (size_t)b->cells];
        uint64_t next_key = key ^ keys[target] ^ keys[blank];
        b->grid[target] = blank_tile;
        b->grid[blank] = tile;
        b->path[depth] = (uint8_t)m;
        int status = play(b, depth + 1, next, next_row, next_col, next_key, next_at);
        b->grid[blank] = blank_tile;
        b->grid[target] = tile;
        if (status != SLIDE_OK)
            return status;
    }
    return SLIDE_OK;
}

/*
 * A new trie node (its moves lead nowhere yet); 0 when the budget refuses
 * (the first node, TWIN_STOP, is 0 too: the builder makes it first).  The
 * rows grow together or not at all.
 */
static uint32_t trie_node(twin_builder *b)
{
    if (b->nodes == b->node_room) {
        size_t room = b->node_room ? 2 * (size_t)b->node_room : 256;
        trie_row *rows = budget_calloc(b->budget, room, sizeof *rows);
        twin_row *next = budget_calloc(b->budget, room, sizeof *next);
        if (!rows || !next) {
            budget_free(b->budget, rows, room * sizeof *rows);
            budget_free(b->budget, next, room * sizeof *next);
            return 0;
        }
        if (b->nodes) {
            memcpy(rows, b->trie, b->nodes * sizeof *rows);
            memcpy(next, b->next, b->nodes * sizeof *next);
        }
        budget_free(b->budget, b->trie, b->node_room * sizeof *b->trie);
        budget_free(b->budget, b->next, b->node_room * sizeof *b->next);
        b->trie = rows;
        b->next = next;
        b->node_room = (uint32_t)room;
    }
    uint32_t node = b->nodes++;
    memset(&b->trie[node], 0, sizeof b->trie[node]);
    return node;
}

/* Adds the strings stopped at the current length to the trie. */
static int add_found(twin_builder *b)
{
    for (size_t i = 0; i < b->found_count; i++) {
        uint32_t node = TWIN_START;
        for (unsigned d = 0; d < b->length; d++) {
            int m = (int)(b->found[i] >> (2 * (b->length - 1 - d))) & 3;
            if (!b->trie[node].child[m]) {
                uint32_t made = trie_node(b);
                if (!made)
                    return b->budget->status;
                b->trie[node].child[m] = made;
            }
            node = b->trie[node].child[m];
        }
        b->trie[node].stops = 1;
    }
    b->found_count = 0;
    return SLIDE_OK;
}

/*
 * The Aho-Corasick moves of the trie (breadth first, so a node's failure
 * link is done before the node), then every move into a node where a
 * stopped string ends made TWIN_STOP.
 */
static int make_moves(twin_builder *b)
{
    uint32_t *queue = budget_alloc(b->budget, (size_t)b->nodes * sizeof *queue);
    if (!queue)
        return b->budget->status;
    size_t head = 0, tail = 0;
    memset(b->next[TWIN_STOP], 0, sizeof b->next[TWIN_STOP]);
    b->trie[TWIN_START].fail = TWIN_START;
    for (int m = 0; m < 4; m++) {
        uint32_t c = b->trie[TWIN_START].child[m];
        if (c) {
            b->trie[c].fail = TWIN_START;
            queue[tail++] = c;
        }
        b->next[TWIN_START][m] = c ? c : TWIN_START;
    }
    while (head < tail) {
        uint32_t node = queue[head++];
        b->trie[node].stops |= b->trie[b->trie[node].fail].stops;
        for (int m = 0; m < 4; m++) {
            uint32_t c = b->trie[node].child[m];
            uint32_t by_failure = b->next[b->trie[node].fail][m];
            if (c) {
                b->trie[c].fail = by_failure;
                queue[tail++] = c;
            }
            b->next[node][m] = c ? c : by_failure;
        }
    }
    budget_free(b->budget, queue, (size_t)b->nodes * sizeof *queue);
    for (uint32_t node = TWIN_START; node < b->nodes; node++)
        for (int m = 0; m < 4; m++)
            if (b->trie[b->next[node][m]].stops)
                b->next[node][m] = TWIN_STOP;
    return SLIDE_OK;
}

static void builder_free(twin_builder *b)
{
    size_t cells = (size_t)b->cells;
    budget_free(b->budget, b->grid, cells * sizeof *b->grid);
    budget_free(b->budget, b->scratch, cells * sizeof *b->scratch);
    budget_free(b->budget, b->tile_keys, cells * cells * sizeof *b->tile_keys);
    budget_free(b->budget, b->kept, b->kept_slots * sizeof *b->kept);
    budget_free(b->budget, b->found, b->found_room * sizeof *b->found);
    budget_free(b->budget, b->trie, b->node_room * sizeof *b->trie);
}

int twin_automaton_build(search_budget *budget, int rows, int cols, unsigned length,
                         twin_automaton *out)
{
    memset(out, 0, sizeof *out);
    if (length > TWIN_MAX_LENGTH)
        length = TWIN_MAX_LENGTH;
    twin_builder *b = budget_calloc(budget, 1, sizeof *b);
    if (!b)
        return budget->status;
    b->budget = budget;
    b->rows = rows;
    b->cols = cols;
    int high = rows < (int)length + 1 ? rows : (int)length + 1;
    int wide = cols < (int)length + 1 ? cols : (int)length + 1;
    b->side = 2 * wide - 1;
    b->cells = (2 * high - 1) * b->side;
    b->middle = (high - 1) * b->side + wide - 1;
    b->step[SLIDE_UP] = -b->side;
    b->step[SLIDE_DOWN] = b->side;
    b->step[SLIDE_LEFT] = -1;
    b->step[SLIDE_RIGHT] = 1;
    size_t cells = (size_t)b->cells;
    b->grid = budget_calloc(budget, cells, sizeof *b->grid);
    b->scratch = budget_calloc(budget, cells, sizeof *b->scratch);
    b->tile_keys = budget_calloc(budget, cells * cells, sizeof *b->tile_keys);
    int status = SLIDE_OK;
    if (!b->grid || !b->scratch || !b->tile_keys) {
        status = budget->status != SLIDE_OK ? budget->status : SLIDE_E_NOMEM;
    } else {
        for (size_t cell = 0; cell < cells; cell++)
            b->grid[cell] = b->scratch[cell] = (uint16_t)cell;
        for (size_t i = 0; i < cells * cells; i++)
            b->tile_keys[i] = mix(i);
        status = keep_grow(b);
    }
    /* the empty string: the twin of "ud", "du", "lr" and "rl" */
    if (status == SLIDE_OK)
        status = judge(b, 0, &(reach){{0, 0, 0, 0}});
    /* the rows of TWIN_STOP (every move stays there) and of TWIN_START */
    if (status == SLIDE_OK) {
        trie_node(b);
        if (trie_node(b) != TWIN_START)
            status = budget->status;
    }
    if (status == SLIDE_OK)
        status = make_moves(b);
    for (b->length = 1; b->length <= length && status == SLIDE_OK; b->length++) {
        status = play(b, 0, TWIN_START, 0, 0, 0, (reach){{0, 0, 0, 0}});
        if (status == SLIDE_OK)
            status = add_found(b);
        if (status == SLIDE_OK)
            status = make_moves(b);
    }
    if (status == SLIDE_OK) {
        /* the move table alone is kept */
        out->next = b->next;
        out->states = b->nodes;
        out->length = length;
        out->bytes = (size_t)b->node_room * sizeof *b->next;
    } else {
        budget_free(budget, b->next, (size_t)b->node_room * sizeof *b->next);
    }
    builder_free(b);
    budget_free(budget, b, sizeof *b);
    return status;
}

void twin_automaton_free(search_budget *budget, twin_automaton *a)
{
    budget_free(budget, a->next, a->bytes);
    memset(a, 0, sizeof *a);
}

uint32_t twin_follow(const twin_row *next, const uint8_t *moves, unsigned count)
{
    uint32_t state = TWIN_START;
    for (unsigned i = 0; i < count && state != TWIN_STOP; i++)
        state = next[state][moves[i]];
    return state;
}

/* Length 2 by hand: after a move, its inverse is dropped (twin_automaton_build's for length 2). */
const twin_row twin_reversals[6] = {
    {TWIN_STOP, TWIN_STOP, TWIN_STOP, TWIN_STOP}, /* TWIN_STOP */
    {2, 3, 4, 5},                                 /* TWIN_START */
    {2, TWIN_STOP, 4, 5},                         /* after u */
    {TWIN_STOP, 3, 4, 5},                         /* after d */
    {2, 3, 4, TWIN_STOP},                         /* after l */
    {2, 3, TWIN_STOP, 5},                         /* after r */
};
