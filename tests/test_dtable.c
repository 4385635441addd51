/* test_dtable.c - exhaustive distance tables: lengths, byte-identical bfs answers, sharing. */
#include "testkit.h"

#include <pthread.h>

static int solve_with(const char *algo, slide_context *ctx, const slide_board *b,
                      const slide_board *goal, slide_solution *sol)
{
    slide_solve_options opt = {0};
    opt.algo = algo;
    opt.context = ctx;
    return slide_solve(b, goal, &opt, sol, NULL);
}

/* Every board of the goal's shape: table length equals the exhaustive BFS, moves equal bfs's. */
static void check_every_board(slide_context *ctx, const slide_board *goal)
{
    testkit_table t;
    testkit_table_build(&t, goal);
    for (size_t rank = 0; rank < t.size; rank++) {
        slide_board b;
        slide_solution a, ref;
        testkit_unrank(&t, rank, &b);
        int status = solve_with("table", ctx, &b, goal, &a);
        if (t.dist[rank] < 0) {
            assert_int_equal(status, SLIDE_E_UNSOLVABLE);
        } else {
            assert_int_equal(status, SLIDE_OK);
            assert_int_equal(a.length, (uint64_t)t.dist[rank]);
            testkit_assert_solves(&b, goal, a.moves);
            assert_int_equal(solve_with("bfs", NULL, &b, goal, &ref), SLIDE_OK);
            assert_string_equal(a.moves, ref.moves);
            slide_solution_free(&a);
            slide_solution_free(&ref);
        }
        slide_board_free(&b);
    }
    testkit_table_free(&t);
}

static void every_two_by_three_and_three_by_two_board(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    const char *goals[] = {"1 2 3 4 5 x", "x 5 4 3 2 1", "2 x 4 1 3 5"};
    for (int g = 0; g < 3; g++) {
        slide_board goal = testkit_board(goals[g], 2, 3);
        check_every_board(ctx, &goal);
        slide_board_free(&goal);
        goal = testkit_board(goals[g], 3, 2);
        check_every_board(ctx, &goal);
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

static void random_three_by_three_boards_and_goals(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 31);
    slide_board standard = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    for (int g = 0; g < 3; g++) {
        slide_board goal;
        if (g == 0)
            slide_board_copy(&goal, &standard);
        else
            slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (int k = 0; k < 1000; k++) {
            slide_board b;
            slide_solution sol;
            /* both halves: solvable and not */
            slide_generate(&b, &goal, k % 4 ? SLIDE_GEN_RANDOM : SLIDE_GEN_UNSOLVABLE, 0, &rng);
            int expected = testkit_table_distance(&t, &b);
            int status = solve_with("table", ctx, &b, &goal, &sol);
            if (expected < 0) {
                assert_int_equal(status, SLIDE_E_UNSOLVABLE);
            } else {
                assert_int_equal(status, SLIDE_OK);
                assert_int_equal(sol.length, (uint64_t)expected);
                testkit_assert_solves(&b, &goal, sol.moves);
                slide_solution_free(&sol);
            }
            slide_board_free(&b);
        }
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
    slide_board_free(&standard);
    slide_context_free(ctx);
}

static void bfs_answers_byte_for_byte_on_three_by_three(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 8);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    for (int k = 0; k < 40; k++) {
        slide_board b;
        slide_solution a, ref;
        slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng);
        assert_int_equal(solve_with("table", ctx, &b, NULL, &a), SLIDE_OK);
        assert_int_equal(solve_with("bfs", NULL, &b, NULL, &ref), SLIDE_OK);
        assert_string_equal(a.moves, ref.moves);
        slide_solution_free(&a);
        slide_solution_free(&ref);
        slide_board_free(&b);
    }
    slide_board sample = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    slide_solution s;
    assert_int_equal(solve_with("table", NULL, &sample, NULL, &s), SLIDE_OK);
    assert_string_equal(s.moves, "ullddrurdllurdruldr");
    slide_solution_free(&s);
    slide_board_free(&sample);
    slide_board_free(&goal);
    slide_context_free(ctx);
}

static void two_by_four_and_four_by_two(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 9);
    for (int shape = 0; shape < 2; shape++) {
        slide_board goal;
        slide_board_init_goal(&goal, shape ? 4 : 2, shape ? 2 : 4);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (int k = 0; k < 300; k++) {
            slide_board b;
            slide_solution sol;
            slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng);
            assert_int_equal(solve_with("table", ctx, &b, &goal, &sol), SLIDE_OK);
            assert_int_equal(sol.length, (uint64_t)testkit_table_distance(&t, &b));
            testkit_assert_solves(&b, &goal, sol.moves);
            slide_solution_free(&sol);
            slide_board_free(&b);
        }
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

static void count_only_skips_the_walk(void **state)
{
    (void)state;
    slide_board b = testkit_board("8 6 7 2 5 4 3 x 1", 0, 0);
    slide_solve_options opt = {0};
    slide_solution sol;
    opt.algo = "table";
    opt.count_only = 1;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, NULL), SLIDE_OK);
    assert_int_equal(sol.length, 31);
    assert_null(sol.moves);
    slide_board_free(&b);
}

static void larger_boards_are_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 9 10 x 11", 0, 0);
    slide_solution sol;
    slide_stats st;
    slide_solve_options opt = {0};
    opt.algo = "table";
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_TOO_LARGE);
    assert_non_null(strstr(st.note, "at most 9 cells"));
    slide_board_free(&b);
}

static void memory_cap_is_honoured(void **state)
{
    (void)state;
    slide_board b = testkit_board("8 6 7 2 5 4 3 x 1", 0, 0);
    slide_solution sol;
    slide_stats st;
    slide_solve_options opt = {0};
    opt.algo = "table";
    opt.limits.max_memory = 100000;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_non_null(strstr(st.note, "memory cap"));
    slide_context_options copt = {100000};
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_OK);
    opt.limits.max_memory = 0;
    opt.context = ctx;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    slide_context_free(ctx);
    slide_board_free(&b);
}

typedef struct worker {
    slide_context *ctx;
    const testkit_table *truth;
    uint64_t seed;
    int failures;
} worker;

static void *solve_many(void *arg)
{
    worker *w = arg;
    slide_rng rng;
    slide_rng_seed(&rng, w->seed);
    slide_board goal;
    slide_board_init_goal(&goal, 3, 3);
    for (int k = 0; k < 200; k++) {
        slide_board b;
        slide_solution a;
        slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng);
        if (solve_with("table", w->ctx, &b, NULL, &a) != SLIDE_OK ||
            a.length != (uint64_t)testkit_table_distance(w->truth, &b))
            w->failures++;
        slide_solution_free(&a);
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    return NULL;
}

static void one_context_serves_several_threads(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_board goal;
    testkit_table truth;
    slide_board_init_goal(&goal, 3, 3);
    testkit_table_build(&truth, &goal);
    pthread_t threads[4];
    worker workers[4];
    for (int i = 0; i < 4; i++) {
        workers[i] = (worker){ctx, &truth, (uint64_t)i + 100, 0};
        assert_int_equal(pthread_create(&threads[i], NULL, solve_many, &workers[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(threads[i], NULL);
        assert_int_equal(workers[i].failures, 0);
    }
    testkit_table_free(&truth);
    slide_board_free(&goal);
    slide_context_free(ctx);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_two_by_three_and_three_by_two_board),
    cmocka_unit_test(random_three_by_three_boards_and_goals),
    cmocka_unit_test(bfs_answers_byte_for_byte_on_three_by_three),
    cmocka_unit_test(two_by_four_and_four_by_two),
    cmocka_unit_test(count_only_skips_the_walk),
    cmocka_unit_test(larger_boards_are_refused),
    cmocka_unit_test(memory_cap_is_honoured),
    cmocka_unit_test(one_context_serves_several_threads),
};

TESTKIT_MAIN(tests)
