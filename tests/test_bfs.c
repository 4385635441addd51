/* test_bfs.c - breadth-first search against the exhaustive table, with replay. */
#include "testkit.h"

static void solve_and_check(const slide_board *b, const slide_board *goal, int expected)
{
    slide_solve_options opt = slide_solve_options_init();
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "bfs";
    int status = slide_solve(b, goal, &opt, &sol, &st);
    if (expected < 0) {
        assert_int_equal(status, SLIDE_E_UNSOLVABLE);
        return;
    }
    assert_int_equal(status, SLIDE_OK);
    assert_int_equal(sol.length, (uint64_t)expected);
    assert_int_equal(strlen(sol.moves), (size_t)expected);
    assert_true(st.optimal);
    assert_string_equal(st.algo, "bfs");
    testkit_assert_solves(b, goal, sol.moves);
    slide_solution_free(&sol);
}

static void judge_sample_exactly(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    slide_solution sol;
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "bfs";
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, NULL), SLIDE_OK);
    assert_string_equal(sol.moves, "ullddrurdllurdruldr");
    slide_solution_free(&sol);
    slide_board_free(&b);
}

static void every_two_by_three_and_three_by_two_board(void **state)
{
    (void)state;
    const char *goals[] = {"1 2 3 4 5 x", "x 1 2 3 4 5", "4 2 x 1 5 3"};
    for (int shape = 0; shape < 2; shape++) {
        for (size_t g = 0; g < 3; g++) {
            slide_board goal = testkit_board(goals[g], shape ? 3 : 2, shape ? 2 : 3);
            testkit_table t;
            testkit_table_build(&t, &goal);
            for (size_t rank = 0; rank < t.size; rank++) {
                slide_board b;
                testkit_unrank(&t, rank, &b);
                solve_and_check(&b, &goal, t.dist[rank]);
                slide_board_free(&b);
            }
            testkit_table_free(&t);
            slide_board_free(&goal);
        }
    }
}

static void random_three_by_three_boards(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 2024);
    slide_board standard = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    for (int g = 0; g < 2; g++) {
        slide_board goal;
        if (g == 0)
            slide_board_copy(&goal, &standard);
        else
            slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (int k = 0; k < 60; k++) {
            slide_board b;
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            solve_and_check(&b, &goal, testkit_table_distance(&t, &b));
            slide_board_free(&b);
        }
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
    slide_board_free(&standard);
}

static void hardest_three_by_three_boards_take_31(void **state)
{
    (void)state;
    /* the two 3x3 boards farthest from the standard goal */
    const char *hardest[] = {"8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"};
    for (int i = 0; i < 2; i++) {
        slide_board b = testkit_board(hardest[i], 0, 0);
        solve_and_check(&b, NULL, 31);
        slide_board_free(&b);
    }
}

static void solved_board_gives_empty_string(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    solve_and_check(&b, NULL, 0);
    slide_board_free(&b);
}

static void two_by_four_boards_from_walks(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 x", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    slide_rng rng;
    slide_rng_seed(&rng, 5);
    for (int k = 0; k < 100; k++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        solve_and_check(&b, &goal, testkit_table_distance(&t, &b));
        slide_board_free(&b);
    }
    testkit_table_free(&t);
    slide_board_free(&goal);
}

static void memory_cap_stops_with_a_note(void **state)
{
    (void)state;
    slide_board b = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "bfs";
    limits.max_memory = 4u << 20;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_null(sol.moves);
    assert_true(st.peak_memory <= limits.max_memory);
    assert_true(st.peak_memory > limits.max_memory / 4);
    assert_non_null(strstr(st.note, "memory cap"));
    assert_int_equal(st.remedy, SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR);
    slide_board_free(&b);
}

static void timeout_stops_with_a_note(void **state)
{
    (void)state;
    slide_board b = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "bfs";
    limits.timeout = 0.05;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_TIMEOUT);
    assert_non_null(strstr(st.note, "time limit"));
    assert_true(st.expanded > 0);
    slide_board_free(&b);
}

static void too_large_board_is_refused(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 5, 6), SLIDE_OK);
    slide_board_move(&goal, 'u');
    slide_solve_options opt = slide_solve_options_init();
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "bfs";
    assert_int_equal(slide_solve(&goal, NULL, &opt, &sol, &st), SLIDE_E_TOO_LARGE);
    assert_non_null(strstr(st.note, "at most 25 cells"));
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(judge_sample_exactly),
    cmocka_unit_test(every_two_by_three_and_three_by_two_board),
    cmocka_unit_test(random_three_by_three_boards),
    cmocka_unit_test(hardest_three_by_three_boards_take_31),
    cmocka_unit_test(solved_board_gives_empty_string),
    cmocka_unit_test(two_by_four_boards_from_walks),
    cmocka_unit_test(memory_cap_stops_with_a_note),
    cmocka_unit_test(timeout_stops_with_a_note),
    cmocka_unit_test(too_large_board_is_refused),
};

TESTKIT_MAIN(tests)
