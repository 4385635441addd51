/*
 * test_beam.c - beam search (--algo beam) and what auto does with it: every
 * answer replayed to the goal on small boards of many shapes (whole boards
 * up to 36 cells, and boards reduced side by side above), arbitrary goals,
 * a solved board, answers labelled not optimal, the same answer on one and
 * several threads, and the memory cap.
 */
#include "testkit.h"

#include <stdio.h>
#include <stdlib.h>

static slide_board random_start(const slide_board *goal, slide_rng *rng)
{
    slide_board start;
    assert_int_equal(slide_generate(&start, goal, SLIDE_GEN_RANDOM, 0, rng), SLIDE_OK);
    return start;
}

static void random_boards_of_many_shapes_reach_the_goal(void **state)
{
    (void)state;
    /* whole boards up to 6x6, side by side above 36 cells or a side under 4 (8x5, 3x12, 2x9);
       a few shapes only: each costs seconds under ASan */
    static const int shapes[][2] = {{3, 3}, {3, 4}, {4, 4}, {2, 9}, {5, 5},
                                    {4, 7}, {6, 6}, {8, 5}, {3, 12}};
    slide_rng rng;
    slide_rng_seed(&rng, 20);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        slide_board goal;
        assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]), SLIDE_OK);
        slide_board start = random_start(&goal, &rng);
        testkit_solve_not_optimal("beam", &start, &goal, 1);
        slide_board_free(&start);
        slide_board_free(&goal);
    }
}

static void arbitrary_goals(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 21);
    static const int shapes[][2] = {{4, 4}, {6, 6}, {5, 7}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        slide_board standard, goal;
        assert_int_equal(slide_board_init_goal(&standard, shapes[i][0], shapes[i][1]), SLIDE_OK);
        goal = random_start(&standard, &rng); /* a random goal */
        slide_board start = random_start(&goal, &rng);
        testkit_solve_not_optimal("beam", &start, &goal, 1);
        slide_board_free(&start);
        slide_board_free(&goal);
        slide_board_free(&standard);
    }
}

/* Far shorter than strategy on a 6x6 board, and no longer than it on 8x8. */
static void shorter_than_strategy(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 22);
    for (int n = 6; n <= 8; n += 2) {
        slide_board goal;
        assert_int_equal(slide_board_init_goal(&goal, n, n), SLIDE_OK);
        slide_board start = random_start(&goal, &rng);
        uint64_t beam = testkit_solve_not_optimal("beam", &start, &goal, 1);
        uint64_t strategy = testkit_solve_not_optimal("strategy", &start, &goal, 1);
        assert_true(beam * 3 < strategy * 2);
        slide_board_free(&start);
        slide_board_free(&goal);
    }
}

static void solved_and_one_move_boards(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 6, 6), SLIDE_OK);
    assert_int_equal(testkit_solve_not_optimal("beam", &goal, &goal, 1), 0);
    slide_board start = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 "
                                      "24 25 26 27 28 29 30 31 32 33 34 x 35",
                                      6, 6);
    assert_int_equal(testkit_solve_not_optimal("beam", &start, &goal, 1), 1);
    slide_board_free(&start);
    slide_board_free(&goal);
}

/* --jobs does not change the answer (beam runs on one thread). */
static void threads_give_the_same_answer(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 23);
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 6, 7), SLIDE_OK);
    slide_board start = random_start(&goal, &rng);
    char *answers[2];
    for (int k = 0; k < 2; k++) {
        slide_solution sol;
        testkit_answer_not_optimal("beam", &start, &goal, k + 1, &sol);
        answers[k] = sol.moves;
    }
    assert_string_equal(answers[0], answers[1]);
    free(answers[0]);
    free(answers[1]);
    slide_board_free(&start);
    slide_board_free(&goal);
}

/* auto: beam on 26 to 254 cells, reduce above, not optimal either way. */
static void auto_picks_beam_and_reduce(void **state)
{
    (void)state;
    slide_board b;
    assert_int_equal(slide_board_init_goal(&b, 6, 6), SLIDE_OK);
    assert_string_equal(slide_algo_auto(&b), "beam");
    slide_board_free(&b);
    assert_int_equal(slide_board_init_goal(&b, 16, 16), SLIDE_OK);
    assert_string_equal(slide_algo_auto(&b), "reduce");
    slide_board_free(&b);
    assert_int_equal(slide_board_init_goal(&b, 4, 4), SLIDE_OK);
    assert_string_not_equal(slide_algo_auto(&b), "beam");
    slide_board_free(&b);
}

static void a_small_memory_cap_is_reported(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 24);
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 7, 7), SLIDE_OK);
    slide_board start = random_start(&goal, &rng);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "beam";
    slide_limits limits = slide_limits_init();
    limits.max_memory = 64 * 1024;
    opt.limits = &limits;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_true(st.peak_memory <= limits.max_memory);
    assert_false(st.optimal);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(random_boards_of_many_shapes_reach_the_goal),
    cmocka_unit_test(arbitrary_goals),
    cmocka_unit_test(shorter_than_strategy),
    cmocka_unit_test(solved_and_one_move_boards),
    cmocka_unit_test(threads_give_the_same_answer),
    cmocka_unit_test(auto_picks_beam_and_reduce),
    cmocka_unit_test(a_small_memory_cap_is_reported),
};

TESTKIT_MAIN(tests)
