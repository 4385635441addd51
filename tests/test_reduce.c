/*
 * test_reduce.c - large boards by reduction (--algo reduce): strategy's
 * rows and columns down to a 10x10 rectangle (6x6 on large boards), beam
 * search for the rest.
 * Answers replayed to the goal on square, oblong and narrow boards with
 * the standard goal and arbitrary ones; together no longer than strategy's.
 * (One board can be: the rectangle reduce keeps changes the sides strategy
 * peels before it, and beam search may hand the rest back to strategy.)
 */
#include "testkit.h"

#include <stdio.h>
#include <stdlib.h>

/*
 * Square, oblong and narrow boards, split between the two goals: a board
 * with both sides of 10 or more leaves a 10x10 beam search, seconds under
 * ASan, so each test has one.
 */
static const int shape_standard[][2] = {{11, 11}, {2, 30}, {4, 40}};
static const int shape_any[][2] = {{12, 14}, {30, 3}};

static void shapes(int any_goal, uint64_t seed)
{
    const int(*shape)[2] = any_goal ? shape_any : shape_standard;
    size_t count = any_goal ? sizeof shape_any / sizeof shape_any[0]
                            : sizeof shape_standard / sizeof shape_standard[0];
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    uint64_t reduced = 0, strategy = 0;
    for (size_t i = 0; i < count; i++) {
        slide_board standard, goal, start;
        assert_int_equal(slide_board_init_goal(&standard, shape[i][0], shape[i][1]), SLIDE_OK);
        if (any_goal)
            assert_int_equal(slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng),
                             SLIDE_OK);
        else
            assert_int_equal(slide_board_init_goal(&goal, shape[i][0], shape[i][1]), SLIDE_OK);
        assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        reduced += testkit_solve_not_optimal("reduce", &start, &goal, 1);
        strategy += testkit_solve_not_optimal("strategy", &start, &goal, 1);
        slide_board_free(&start);
        slide_board_free(&goal);
        slide_board_free(&standard);
    }
    assert_true(reduced <= strategy);
}

static void boards_reach_the_standard_goal(void **state)
{
    (void)state;
    shapes(0, 30);
}

static void boards_reach_arbitrary_goals(void **state)
{
    (void)state;
    shapes(1, 31);
}

static void a_small_board_is_searched_whole(void **state)
{
    (void)state;
    slide_board goal, start;
    slide_rng rng;
    slide_rng_seed(&rng, 32);
    assert_int_equal(slide_board_init_goal(&goal, 5, 6), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    uint64_t reduced = testkit_solve_not_optimal("reduce", &start, &goal, 1);
    assert_int_equal(reduced, testkit_solve_not_optimal("beam", &start, &goal, 1));
    slide_board_free(&start);
    slide_board_free(&goal);
}

static void a_board_over_4096_cells_reaches_its_goal(void **state)
{
    (void)state;
    /*
     * Over 4,096 cells (reduce.c, REDUCE_LARGE_CELLS) strategy goes on down
     * to 6x6; 64x65 is just over, with an arbitrary goal.
     */
    slide_board standard, goal, start;
    slide_rng rng;
    slide_rng_seed(&rng, 33);
    assert_int_equal(slide_board_init_goal(&standard, 64, 65), SLIDE_OK);
    assert_int_equal(slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    (void)testkit_solve_not_optimal("reduce", &start, &goal, 1);
    slide_board_free(&start);
    slide_board_free(&goal);
    slide_board_free(&standard);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(boards_reach_the_standard_goal),
    cmocka_unit_test(boards_reach_arbitrary_goals),
    cmocka_unit_test(a_small_board_is_searched_whole),
    cmocka_unit_test(a_board_over_4096_cells_reaches_its_goal),
};

TESTKIT_MAIN(tests)
