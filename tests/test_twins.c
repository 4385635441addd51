/*
 * test_twins.c - IDA*'s twin automaton (src/search/twins.c).  On small
 * shapes, from every blank cell, a breadth-first search of the boards the
 * blank's moves reach (children in u, d, l, r order) finds for each board
 * the first shortest move string in that order; the automaton must let
 * every one of them through, a few moves beyond its own length too, since
 * IDA*'s answer is such a string.  It must also drop strings (else it
 * would be the reversal automaton), drop exactly the reversals at length
 * 2, and leave nothing behind when an allocation is refused.
 */
#include "testkit.h"

#include "search/search.h"

/* A board of at most 16 cells, a tile (0 = blank) a nibble. */
typedef uint64_t packed;

static int nibble(packed p, int cell)
{
    return (int)(p >> (4 * cell)) & 15;
}

static packed swap_cells(packed p, int a, int b)
{
    uint64_t x = (uint64_t)nibble(p, a), y = (uint64_t)nibble(p, b);
    p &= ~((uint64_t)15 << (4 * a) | (uint64_t)15 << (4 * b));
    return p | y << (4 * a) | x << (4 * b);
}

/* The cell the blank moves to, or -1 off the board. */
static int neighbour(int rows, int cols, int cell, int move)
{
    int r = cell / cols, c = cell % cols;
    switch (move) {
    case SLIDE_UP: return r > 0 ? cell - cols : -1;
    case SLIDE_DOWN: return r < rows - 1 ? cell + cols : -1;
    case SLIDE_LEFT: return c > 0 ? cell - 1 : -1;
    default: return c < cols - 1 ? cell + 1 : -1;
    }
}

/* A set of boards, open addressing (0 is no board: every board has a tile 1 somewhere). */
typedef struct board_set {
    packed *slots;
    size_t size;
} board_set;

static int set_add(board_set *set, packed p)
{
    size_t i = (size_t)((p * 0x9e3779b97f4a7c15u) >> 20) & (set->size - 1);
    for (; set->slots[i]; i = (i + 1) & (set->size - 1))
        if (set->slots[i] == p)
            return 0;
    set->slots[i] = p;
    return 1;
}

/* A board met first, with its automaton state and blank. */
typedef struct reached {
    packed board;
    uint32_t state;
    int blank;
} reached;

/*
 * From a board with the blank on `start`, breadth first to `depth` moves:
 * each board's first string must be let through (its state is never
 * TWIN_STOP).  Returns the boards met.
 */
static size_t check_first_strings(const twin_automaton *a, int rows, int cols, int start,
                                  unsigned depth)
{
    int cells = rows * cols;
    packed board = 0;
    for (int c = 0, tile = 1; c < cells; c++)
        if (c != start)
            board |= (packed)tile++ << (4 * c);
    board_set seen = {calloc((size_t)1 << 20, sizeof(packed)), (size_t)1 << 20};
    reached *level = malloc(sizeof *level), *next = NULL;
    assert_non_null(seen.slots);
    assert_non_null(level);
    level[0] = (reached){board, TWIN_START, start};
    set_add(&seen, board);
    size_t count = 1, met = 1;
    for (unsigned d = 1; d <= depth; d++) {
        next = malloc(count * 4 * sizeof *next);
        assert_non_null(next);
        size_t made = 0;
        for (size_t i = 0; i < count; i++)
            for (int m = 0; m < 4; m++) {
                int target = neighbour(rows, cols, level[i].blank, m);
                if (target < 0)
                    continue;
                uint32_t state = a->next[level[i].state][m];
                packed child = swap_cells(level[i].board, level[i].blank, target);
                if (!set_add(&seen, child))
                    continue;
                /* the first string to this board: never dropped */
                assert_int_not_equal(state, TWIN_STOP);
                next[made++] = (reached){child, state, target};
            }
        free(level);
        level = next;
        count = made;
        met += made;
    }
    free(level);
    free(seen.slots);
    return met;
}

static void first_strings_get_through(void **unused)
{
    (void)unused;
    static const struct {
        int rows, cols;
        unsigned length, depth;
    } shapes[] = {{2, 2, 8, 12},  {2, 3, 10, 14}, {3, 2, 10, 14}, {3, 3, 14, 16},
                  {2, 4, 12, 14}, {3, 4, 8, 12},  {4, 3, 8, 12},  {4, 4, 6, 11}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        search_budget budget;
        budget_init(&budget, NULL);
        twin_automaton a;
        assert_int_equal(
            twin_automaton_build(&budget, shapes[k].rows, shapes[k].cols, shapes[k].length, &a),
            SLIDE_OK);
        for (int start = 0; start < shapes[k].rows * shapes[k].cols; start++)
            assert_true(check_first_strings(&a, shapes[k].rows, shapes[k].cols, start,
                                            shapes[k].depth) > 1);
        twin_automaton_free(&budget, &a);
        assert_int_equal(budget.used, 0);
    }
}

/* The strings of `length` moves on a rows x cols board the automaton lets through, all starts. */
static uint64_t strings_through(const twin_row *next, int rows, int cols, unsigned length)
{
    uint64_t total = 0;
    for (int start = 0; start < rows * cols; start++) {
        /* depth-first over move strings, the automaton's state and the blank on a stack */
        struct {
            uint32_t state;
            int blank, move;
        } stack[TWIN_MAX_LENGTH + 1];
        unsigned depth = 0;
        stack[0].state = TWIN_START;
        stack[0].blank = start;
        stack[0].move = -1;
        for (;;) {
            if (depth == length) {
                total++;
                depth--;
                continue;
            }
            int m = ++stack[depth].move;
            if (m == 4) {
                if (depth == 0)
                    break;
                depth--;
                continue;
            }
            int target = neighbour(rows, cols, stack[depth].blank, m);
            uint32_t state = next[stack[depth].state][m];
            if (target < 0 || state == TWIN_STOP)
                continue;
            depth++;
            stack[depth].state = state;
            stack[depth].blank = target;
            stack[depth].move = -1;
        }
    }
    return total;
}

/* Longer strings drop more: on 4x4, strings of 12 moves through 2, 6, 10 and 12. */
static void longer_twins_drop_more(void **unused)
{
    (void)unused;
    search_budget budget;
    budget_init(&budget, NULL);
    uint64_t before = strings_through(twin_reversals, 4, 4, 12);
    static const unsigned lengths[] = {6, 10, 12};
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        twin_automaton a;
        assert_int_equal(twin_automaton_build(&budget, 4, 4, lengths[k], &a), SLIDE_OK);
        assert_int_equal(a.length, lengths[k]);
        uint64_t now = strings_through((const twin_row *)a.next, 4, 4, 12);
        assert_true(now < before);
        before = now;
        twin_automaton_free(&budget, &a);
    }
    assert_int_equal(budget.used, 0);
}

/* The blank once and a half round a 2x2 square: the later way round is dropped. */
static void the_later_way_round_a_square_is_dropped(void **unused)
{
    (void)unused;
    search_budget budget;
    budget_init(&budget, NULL);
    twin_automaton a;
    assert_int_equal(twin_automaton_build(&budget, 3, 3, 6, &a), SLIDE_OK);
    static const uint8_t earlier[] = {SLIDE_DOWN, SLIDE_RIGHT, SLIDE_UP,
                                      SLIDE_LEFT, SLIDE_DOWN,  SLIDE_RIGHT}; /* druldr */
    static const uint8_t later[] = {SLIDE_RIGHT, SLIDE_DOWN,  SLIDE_LEFT,
                                    SLIDE_UP,    SLIDE_RIGHT, SLIDE_DOWN}; /* rdlurd */
    const twin_row *next = (const twin_row *)a.next;
    assert_int_not_equal(twin_follow(next, earlier, 6), TWIN_STOP);
    assert_int_equal(twin_follow(next, later, 6), TWIN_STOP);
    assert_int_not_equal(twin_follow(next, later, 5), TWIN_STOP);
    /* on a 2-row board the square fits too; on a 1-row board nothing but reversals drops */
    twin_automaton_free(&budget, &a);
    assert_int_equal(twin_automaton_build(&budget, 1, 6, 8, &a), SLIDE_OK);
    assert_int_equal(strings_through((const twin_row *)a.next, 1, 6, 8),
                     strings_through(twin_reversals, 1, 6, 8));
    twin_automaton_free(&budget, &a);
    assert_int_equal(budget.used, 0);
}

/* Length 2 is the reversal automaton: the same strings through, up to 10 moves, on 3x4. */
static void length_two_is_the_reversals(void **unused)
{
    (void)unused;
    search_budget budget;
    budget_init(&budget, NULL);
    twin_automaton a;
    assert_int_equal(twin_automaton_build(&budget, 3, 4, 2, &a), SLIDE_OK);
    for (unsigned length = 1; length <= 10; length++)
        assert_int_equal(strings_through((const twin_row *)a.next, 3, 4, length),
                         strings_through(twin_reversals, 3, 4, length));
    static const uint8_t undo[] = {SLIDE_LEFT, SLIDE_UP, SLIDE_DOWN};
    assert_int_equal(twin_follow(twin_reversals, undo, 3), TWIN_STOP);
    assert_int_not_equal(twin_follow(twin_reversals, undo, 2), TWIN_STOP);
    twin_automaton_free(&budget, &a);
    assert_int_equal(budget.used, 0);
}

/* Every allocation refused in turn: the budget's status, nothing left counted. */
static void a_refused_allocation_leaves_nothing(void **unused)
{
    (void)unused;
    for (unsigned long n = 1;; n++) {
        search_budget budget;
        budget_init(&budget, NULL);
        budget.fail_at = n;
        twin_automaton a;
        int status = twin_automaton_build(&budget, 4, 4, 10, &a);
        if (status == SLIDE_OK) {
            assert_true(n > 5);
            twin_automaton_free(&budget, &a);
            assert_int_equal(budget.used, 0);
            break;
        }
        assert_int_equal(status, SLIDE_E_NOMEM);
        assert_int_equal(budget.used, 0);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(first_strings_get_through),
    cmocka_unit_test(longer_twins_drop_more),
    cmocka_unit_test(the_later_way_round_a_square_is_dropped),
    cmocka_unit_test(length_two_is_the_reversals),
    cmocka_unit_test(a_refused_allocation_leaves_nothing),
};

TESTKIT_MAIN(tests)
