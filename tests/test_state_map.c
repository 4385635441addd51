/*
 * test_state_map.c - the state map (core/state_map.c) on its own: values of
 * both widths through doubling, the bytes a slot costs, a key set (no
 * values), a refused doubling,
 * and tracing parent moves (replayed by the testkit's own move rules); the
 * same for wide (state128) keys, with the wide state's packing.
 */
#include "testkit.h"

#include "core/state_map.h"

/* Two bytes a value at half load, as astar keeps g and the parent move. */
static const state_map_kind two_bytes_half_load = {2, 2};

/* Distinct nonzero keys (an odd multiplier is a bijection on 64 bits). */
static state64 key_of(size_t i)
{
    return (state64)(i + 1) * 0x9e3779b97f4a7c15ull;
}

/* An empty map of `kind` on a fresh budget (default cap). */
static void start_map(state_map *m, search_budget *budget, const state_map_kind *kind)
{
    budget_init(budget, NULL);
    assert_int_equal(state_map_init(m, budget, kind, 0), SLIDE_OK);
}

static void put(state_map *m, size_t i)
{
    size_t slot;
    assert_int_equal(state_map_claim(m, key_of(i), &slot), 1);
    if (m->kind->value_bytes == 1)
        state_map_set_value8(m, slot, (uint8_t)(i * 7));
    else
        state_map_set_value16(m, slot, (uint16_t)(i * 7));
}

/* Asserts keys 0..n-1 are in m with the values put() gave them, and key n is not. */
static void assert_holds(const state_map *m, size_t n)
{
    assert_int_equal(m->count, n);
    for (size_t i = 0; i < n; i++) {
        size_t slot = state_map_find(m, key_of(i));
        assert_int_not_equal(slot, SIZE_MAX);
        unsigned value =
            m->kind->value_bytes == 1 ? state_map_value8(m, slot) : state_map_value16(m, slot);
        assert_int_equal(value, m->kind->value_bytes == 1 ? (uint8_t)(i * 7) : (uint16_t)(i * 7));
    }
    assert_int_equal(state_map_find(m, key_of(n)), SIZE_MAX);
}

static void values_survive_doubling_in_both_widths(void **state)
{
    (void)state;
    const state_map_kind *kinds[] = {&state_map_parent_moves, &two_bytes_half_load};
    for (size_t k = 0; k < 2; k++) {
        search_budget budget;
        state_map m;
        start_map(&m, &budget, kinds[k]);
        size_t n = 20000; /* 1024 slots at first: several doublings */
        for (size_t i = 0; i < n; i++)
            put(&m, i);
        assert_true(m.mask + 1 >= 32768);
        assert_holds(&m, n);
        /* a present key is found, not added again, and keeps its value */
        size_t slot;
        assert_int_equal(state_map_claim(&m, key_of(3), &slot), 0);
        assert_int_equal(slot, state_map_find(&m, key_of(3)));
        assert_holds(&m, n);
        state_map_free(&m);
        assert_int_equal(budget.used, 0);
    }
}

/*
 * bfs and bibfs keep 9 bytes a slot (key and parent move) and double past
 * 3/4 load; astar's kind 10 bytes a slot, doubled past half load.
 */
static void a_slot_costs_the_key_and_the_value_width(void **state)
{
    (void)state;
    const state_map_kind *kinds[] = {&state_map_parent_moves, &two_bytes_half_load};
    const size_t bytes[] = {9, 10}, full[] = {768, 512};
    for (size_t k = 0; k < 2; k++) {
        search_budget budget;
        state_map m;
        start_map(&m, &budget, kinds[k]);
        assert_int_equal(budget.used, 1024 * bytes[k]);
        for (size_t i = 0; i < full[k]; i++)
            put(&m, i);
        assert_int_equal(m.mask + 1, 1024);
        put(&m, full[k]);
        assert_int_equal(m.mask + 1, 2048);
        assert_int_equal(budget.used, 2048 * bytes[k]);
        state_map_free(&m);
    }
    /* room asked for up front: 4096 keys at 3/4 load need 8192 slots */
    search_budget budget;
    budget_init(&budget, NULL);
    state_map m;
    assert_int_equal(state_map_init(&m, &budget, &state_map_parent_moves, 4096), SLIDE_OK);
    assert_int_equal(m.mask + 1, 8192);
    state_map_free(&m);
}

/*
 * A key set (beam's states seen) holds keys alone: 8 bytes a slot, no
 * values array, through doublings, a clear and a refused doubling.
 */
static void a_key_set_keeps_keys_alone(void **state)
{
    (void)state;
    search_budget budget;
    state_map m;
    start_map(&m, &budget, &state_map_key_set);
    assert_null(m.values);
    assert_int_equal(budget.used, 1024 * sizeof(state64));
    size_t n = 20000;
    for (size_t i = 0; i < n; i++)
        assert_int_equal(state_map_add_key(&m, key_of(i)), 1);
    assert_int_equal(state_map_add_key(&m, key_of(5)), 0);
    assert_int_equal(m.count, n);
    assert_null(m.values);
    assert_int_equal(budget.used, (m.mask + 1) * sizeof(state64));
    for (size_t i = 0; i < n; i++)
        assert_int_not_equal(state_map_find(&m, key_of(i)), SIZE_MAX);
    assert_int_equal(state_map_find(&m, key_of(n)), SIZE_MAX);
    state_map_clear(&m);
    assert_int_equal(m.count, 0);
    assert_int_equal(state_map_find(&m, key_of(5)), SIZE_MAX);
    assert_int_equal(state_map_add_key(&m, key_of(5)), 1);
    state_map_free(&m);
    assert_int_equal(budget.used, 0);

    /* a refused doubling leaves it as it was */
    start_map(&m, &budget, &state_map_key_set);
    budget.cap = 1024 * 8 + 2048 * 8 - 1;
    for (size_t i = 0; i < 768; i++)
        assert_int_equal(state_map_add_key(&m, key_of(i)), 1);
    assert_int_equal(state_map_add_key(&m, key_of(768)), SLIDE_E_MEMLIMIT);
    assert_int_equal(m.mask + 1, 1024);
    assert_int_equal(m.count, 768);
    assert_int_equal(budget.used, 1024 * 8);
    for (size_t i = 0; i < 768; i++)
        assert_int_not_equal(state_map_find(&m, key_of(i)), SIZE_MAX);
    assert_int_equal(state_map_find(&m, key_of(768)), SIZE_MAX);
    state_map_free(&m);
    assert_int_equal(budget.used, 0);
}

/*
 * A cap below the doubled map is refused before allocating; a cap that
 * admits the new keys but not the new values is refused halfway.  Either
 * way the insertion reports SLIDE_E_MEMLIMIT and the map keeps what it had.
 */
static void refused_doubling_leaves_the_map_intact(void **state)
{
    (void)state;
    const size_t caps[] = {2048 * 9 - 1, 1024 * 9 + 2048 * 9 - 1};
    for (size_t c = 0; c < 2; c++) {
        search_budget budget;
        state_map m;
        start_map(&m, &budget, &state_map_parent_moves);
        budget.cap = caps[c];
        for (size_t i = 0; i < 768; i++)
            put(&m, i);
        assert_int_equal(state_map_insert8(&m, key_of(768), 1), SLIDE_E_MEMLIMIT);
        assert_int_equal(budget.status, SLIDE_E_MEMLIMIT);
        assert_int_equal(m.mask + 1, 1024);
        assert_int_equal(budget.used, 1024 * 9);
        assert_holds(&m, 768);
        state_map_free(&m);
        assert_int_equal(budget.used, 0);
    }
}

/*
 * Stores the walk `moves` from `root` as a tree of parent moves in m (the
 * value layout of the kind: the move, or g above it for 2-byte values) and
 * returns the state it ends in.
 */
static state64 store_walk(state_map *m, const geometry *shape, state64 root, const char *moves)
{
    size_t slot;
    assert_int_equal(state_map_claim(m, root, &slot), 1);
    if (m->kind->value_bytes == 1)
        state_map_set_value8(m, slot, STATE_MAP_ROOT_MOVE);
    else
        state_map_set_value16(m, slot, STATE_MAP_ROOT_MOVE);
    state64 s = root;
    for (unsigned g = 1; *moves; moves++, g++) {
        int move = (int)(strchr(slide_move_letters, *moves) - slide_move_letters);
        int blank = state_blank(s, shape->cells);
        s = state_swap(s, blank, shape->neighbour[blank][move]);
        assert_int_equal(state_map_claim(m, s, &slot), 1);
        if (m->kind->value_bytes == 1)
            state_map_set_value8(m, slot, (uint8_t)move);
        else
            state_map_set_value16(m, slot, (uint16_t)(g << STATE_MAP_MOVE_BITS | (unsigned)move));
    }
    return s;
}

static void trace_replays_a_walk_forwards_and_backwards(void **state)
{
    (void)state;
    const state_map_kind *kinds[] = {&state_map_parent_moves, &two_bytes_half_load};
    const char *walk = "uullddrrullu"; /* no state twice */
    for (size_t k = 0; k < 2; k++) {
        slide_board root = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
        slide_board end = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
        geometry shape;
        geometry_init(&shape, 3, 3);
        search_budget budget;
        state_map m;
        start_map(&m, &budget, kinds[k]);
        state64 last = store_walk(&m, &shape, state_pack(&root), walk);
        state_unpack(last, &end);

        for (int reversed = 0; reversed < 2; reversed++) {
            move_list out;
            memset(&out, 0, sizeof out);
            out.budget = &budget;
            assert_int_equal(state_map_trace_path(&m, &shape, last, &out, reversed), SLIDE_OK);
            assert_int_equal(out.len, strlen(walk));
            if (reversed) {
                assert_string_equal(out.data, "drrdlluurrdd"); /* walk undone, last move first */
                testkit_assert_solves(&end, &root, out.data);
            } else {
                assert_string_equal(out.data, walk);
                testkit_assert_solves(&root, &end, out.data);
            }
            budget_free(&budget, out.data, out.cap);
        }
        state_map_free(&m);
        assert_int_equal(budget.used, 0);
        slide_board_free(&root);
        slide_board_free(&end);
    }
}

/* A state missing from the map, or parent moves that go round in a circle. */
static void trace_reports_a_missing_state_or_a_loop(void **state)
{
    (void)state;
    slide_board board = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    geometry shape;
    geometry_init(&shape, 3, 3);
    search_budget budget;
    state_map m;
    start_map(&m, &budget, &state_map_parent_moves);
    budget.cap = 1 << 20; /* a trace that went round forever would stop here */
    state64 a = state_pack(&board);
    state64 b = state_swap(a, 8, shape.neighbour[8][SLIDE_UP]);
    move_list out;
    memset(&out, 0, sizeof out);
    out.budget = &budget;
    assert_int_equal(state_map_trace_path(&m, &shape, a, &out, 0), SLIDE_E_INTERNAL);
    /* b reached from a by moving up, a from b by moving down: no root */
    assert_int_equal(state_map_insert8(&m, a, SLIDE_DOWN), 1);
    assert_int_equal(state_map_insert8(&m, b, SLIDE_UP), 1);
    assert_int_equal(state_map_trace_path(&m, &shape, b, &out, 0), SLIDE_E_INTERNAL);
    assert_int_equal(out.len, 0);
    state_map_free(&m);
    assert_int_equal(budget.used, 0);
    slide_board_free(&board);
}

/* ------------------------------------------------------------- wide keys */

/* Distinct nonzero wide keys, equal in one word for pairs i, i + 1 (so both words count). */
static state128 key_of_wide(size_t i)
{
    state128 k = {(state64)(i / 2 + 1) * 0x9e3779b97f4a7c15ull, (state64)(i % 2) << 40};
    return k;
}

/*
 * state128 keys through doublings: each is found with its value, a key that
 * shares one word with a stored one is not, the map costs two words a key,
 * and the memory goes back to the budget.
 */
static void wide_keys_survive_doubling(void **state)
{
    (void)state;
    search_budget budget;
    budget_init(&budget, NULL);
    state_map m;
    assert_int_equal(state_map_init_wide(&m, &budget, &state_map_parent_moves, 0), SLIDE_OK);
    assert_int_equal(budget.used, (m.mask + 1) * (2 * sizeof(state64) + 1));
    size_t n = 20000;
    for (size_t i = 0; i < n; i++)
        assert_int_equal(state_map_insert8_wide(&m, key_of_wide(i), (uint8_t)(i * 7)), 1);
    assert_int_equal(state_map_insert8_wide(&m, key_of_wide(5), 0), 0); /* present: untouched */
    assert_int_equal(m.count, n);
    for (size_t i = 0; i < n; i++) {
        size_t slot = state_map_find_wide(&m, key_of_wide(i));
        assert_int_not_equal(slot, SIZE_MAX);
        assert_int_equal(state_map_value8(&m, slot), (uint8_t)(i * 7));
    }
    state128 absent = key_of_wide(n);
    absent.hi ^= (state64)1 << 41;
    assert_int_equal(state_map_find_wide(&m, absent), SIZE_MAX);
    state_map_free(&m);
    assert_int_equal(budget.used, 0);
}

/*
 * state128_blank finds the blank a word at a time: on every cell of shapes
 * of 17 to 25 cells, among random tiles (tiles 16 and up set a field's top
 * bit), and says -1 for a state without one.
 */
static void wide_blank_is_found_on_every_cell(void **state)
{
    (void)state;
    const int shapes[][2] = {{5, 5}, {4, 5}, {3, 6}, {2, 9}, {4, 6}};
    slide_rng rng;
    slide_rng_seed(&rng, 128);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int rows = shapes[k][0], cols = shapes[k][1], cells = rows * cols;
        slide_board goal, b;
        assert_int_equal(slide_board_init_goal(&goal, rows, cols), SLIDE_OK);
        for (int trial = 0; trial < 20; trial++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            /* the blank swapped onto every cell in turn */
            for (int c = 0; c < cells; c++) {
                int tile = b.cells[c];
                b.cells[b.blank] = tile;
                b.cells[c] = 0;
                b.blank = c;
                assert_int_equal(state128_blank(state128_pack(&b), cells), c);
            }
            slide_board_free(&b);
        }
        state128 none = state128_pack(&goal);
        none = state128_add(none, goal.blank, (uint64_t)cells, 1); /* a tile where the blank was */
        assert_int_equal(state128_blank(none, cells), -1);
        slide_board_free(&goal);
    }
}

/*
 * The wide state itself and the wide trace: a walk on a 5x5 board stored as
 * parent moves comes back forwards and undone, every cell (the split one,
 * cell 24, too) packing and unpacking to the same board.
 */
static void wide_trace_replays_a_walk_on_5x5(void **state)
{
    (void)state;
    slide_board root, end, copy;
    assert_int_equal(slide_board_init_goal(&root, 5, 5), SLIDE_OK);
    assert_int_equal(slide_board_init_goal(&end, 5, 5), SLIDE_OK);
    assert_int_equal(slide_board_init_goal(&copy, 5, 5), SLIDE_OK);
    geometry shape;
    geometry_init(&shape, 5, 5);
    search_budget budget;
    budget_init(&budget, NULL);
    state_map m;
    assert_int_equal(state_map_init_wide(&m, &budget, &state_map_parent_moves, 0), SLIDE_OK);
    const char *walk = "uullddrruuuullldddrrrd"; /* no state twice; the blank leaves cell 24 and returns */
    state128 s = state128_pack(&root);
    assert_int_equal(state128_blank(s, 25), 24);
    state128_unpack(s, &copy);
    assert_true(slide_board_equal(&copy, &root));
    assert_int_equal(state_map_insert8_wide(&m, s, STATE_MAP_ROOT_MOVE), 1);
    for (const char *p = walk; *p; p++) {
        int move = (int)(strchr(slide_move_letters, *p) - slide_move_letters);
        int blank = state128_blank(s, 25);
        s = state128_swap(s, blank, shape.neighbour[blank][move]);
        assert_int_equal(slide_board_move(&end, *p), SLIDE_OK);
        state128_unpack(s, &copy);
        assert_true(slide_board_equal(&copy, &end));
        assert_int_equal(state_map_insert8_wide(&m, s, (uint8_t)move), 1);
    }
    for (int reversed = 0; reversed < 2; reversed++) {
        move_list out;
        memset(&out, 0, sizeof out);
        out.budget = &budget;
        assert_int_equal(state_map_trace_path_wide(&m, &shape, s, &out, reversed), SLIDE_OK);
        assert_int_equal(out.len, strlen(walk));
        if (reversed)
            testkit_assert_solves(&end, &root, out.data);
        else
            assert_string_equal(out.data, walk);
        budget_free(&budget, out.data, out.cap);
    }
    state_map_free(&m);
    assert_int_equal(budget.used, 0);
    slide_board_free(&root);
    slide_board_free(&end);
    slide_board_free(&copy);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(values_survive_doubling_in_both_widths),
    cmocka_unit_test(a_slot_costs_the_key_and_the_value_width),
    cmocka_unit_test(a_key_set_keeps_keys_alone),
    cmocka_unit_test(refused_doubling_leaves_the_map_intact),
    cmocka_unit_test(trace_replays_a_walk_forwards_and_backwards),
    cmocka_unit_test(trace_reports_a_missing_state_or_a_loop),
    cmocka_unit_test(wide_keys_survive_doubling),
    cmocka_unit_test(wide_blank_is_found_on_every_cell),
    cmocka_unit_test(wide_trace_replays_a_walk_on_5x5),
};

TESTKIT_MAIN(tests)
