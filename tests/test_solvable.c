/* test_solvable.c - the parity rule against exhaustive reachability. */
#include "testkit.h"

/* Every board of the goal's shape: the rule must agree with the exhaustive BFS. */
static void check_every_board(const slide_board *goal)
{
    testkit_table t;
    testkit_table_build(&t, goal);
    size_t reachable = 0;
    for (size_t rank = 0; rank < t.size; rank++) {
        slide_board b;
        testkit_unrank(&t, rank, &b);
        int expected = t.dist[rank] >= 0;
        if (slide_solvable(&b, goal) != expected)
            fail_msg("rank %zu: rule says %d, BFS says %d", rank, !expected, expected);
        reachable += (size_t)expected;
        slide_board_free(&b);
    }
    /* exactly half of all arrangements are reachable */
    assert_int_equal(reachable * 2, t.size);
    testkit_table_free(&t);
}

static void every_small_board_for_several_goals(void **state)
{
    (void)state;
    static const struct {
        const char *goal;
        int rows, cols;
    } goals[] = {
        {"1 2 3 x", 2, 2},         {"x 1 2 3", 2, 2},       {"2 1 x 3", 2, 2},
        {"1 2 3 4 5 x", 2, 3},     {"x 1 2 3 4 5", 2, 3},   {"5 4 3 2 1 x", 2, 3},
        {"1 x 2 3 4 5", 2, 3},     {"1 2 3 4 5 x", 3, 2},   {"x 1 2 3 4 5", 3, 2},
        {"3 1 x 5 2 4", 3, 2},
    };
    for (size_t i = 0; i < sizeof goals / sizeof goals[0]; i++) {
        slide_board g = testkit_board(goals[i].goal, goals[i].rows, goals[i].cols);
        check_every_board(&g);
        slide_board_free(&g);
    }
}

static void random_three_by_three_boards_and_goals(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 42);
    slide_board standard = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    for (int g = 0; g < 4; g++) {
        slide_board goal;
        /* a random goal of either parity class, found by shuffling */
        assert_int_equal(slide_generate(&goal, &standard, g % 2 ? SLIDE_GEN_UNSOLVABLE : SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (int k = 0; k < 1000; k++) {
            slide_board b;
            testkit_unrank(&t, (size_t)slide_rng_below(&rng, t.size), &b);
            assert_int_equal(slide_solvable(&b, &goal), testkit_table_distance(&t, &b) >= 0);
            slide_board_free(&b);
        }
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
    slide_board_free(&standard);
}

static void larger_boards_follow_the_rule(void **state)
{
    (void)state;
    /* one swap of two tiles flips solvability; a walk never does */
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    slide_board swapped = testkit_board("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    assert_true(slide_solvable(&goal, &goal));
    assert_false(slide_solvable(&swapped, &goal));
    slide_board korf = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    assert_true(slide_solvable(&korf, &goal));
    slide_rng rng;
    slide_rng_seed(&rng, 7);
    slide_board big;
    assert_int_equal(slide_board_init_goal(&big, 7, 9), SLIDE_OK);
    for (int k = 0; k < 20; k++) {
        slide_board w;
        assert_int_equal(slide_generate(&w, &big, SLIDE_GEN_WALK, 500, &rng), SLIDE_OK);
        assert_true(slide_solvable(&w, &big));
        slide_board_free(&w);
    }
    slide_board_free(&big);
    slide_board_free(&goal);
    slide_board_free(&swapped);
    slide_board_free(&korf);
}

static void unsolvable_board_never_searches(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 8 7 x", 0, 0);
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&b, NULL, NULL, &sol, &st), SLIDE_E_UNSOLVABLE);
    assert_int_equal(st.expanded, 0);
    assert_int_equal(st.peak_memory, 0);
    slide_board_free(&b);
}

/*
 * A board that is not a permutation of its tiles (a tile out of range, one
 * twice, the blank index wrong) is never solvable, whichever side it is on,
 * and is read within its cells (a tile past the end used to index past a
 * table).
 */
static void invalid_boards_are_not_solvable(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 3, 3), SLIDE_OK);
    uint32_t out_of_range[9] = {1, 2, 3, 4, 5, 6, 7, 99, 0};
    uint32_t twice[9] = {1, 1, 3, 4, 5, 6, 7, 8, 0};
    uint32_t no_blank[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    uint32_t valid[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    const struct {
        uint32_t *cells;
        int blank;
    } bad[] = {{out_of_range, 8}, {twice, 8}, {no_blank, 8}, {valid, 3}, {valid, -1}, {valid, 9}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        slide_board b = {3, 3, bad[i].blank, bad[i].cells};
        assert_false(slide_solvable(&b, &goal));
        assert_false(slide_solvable(&goal, &b));
    }
    slide_board fine = {3, 3, 8, valid};
    assert_true(slide_solvable(&fine, &goal));
    slide_board no_cells = {3, 3, 8, NULL}, thin = {1, 9, 8, valid};
    assert_false(slide_solvable(&no_cells, &goal));
    assert_false(slide_solvable(&thin, &thin));
    assert_false(slide_solvable(NULL, &goal));
    assert_false(slide_solvable(&goal, NULL));
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_small_board_for_several_goals),
    cmocka_unit_test(random_three_by_three_boards_and_goals),
    cmocka_unit_test(larger_boards_follow_the_rule),
    cmocka_unit_test(unsolvable_board_never_searches),
    cmocka_unit_test(invalid_boards_are_not_solvable),
};

TESTKIT_MAIN(tests)
