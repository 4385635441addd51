/*
 * test_distance_table.c - exhaustive distance tables: lengths, byte-identical bfs
 * answers for every goal through the per-blank tables, sharing.
 */
#include "testkit.h"

#include <pthread.h>

static int solve_with(const char *algo, slide_context *ctx, const slide_board *b,
                      const slide_board *goal, slide_solution *sol)
{
    slide_solve_options opt = slide_solve_options_init();
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
    slide_solve_options opt = slide_solve_options_init();
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
    slide_stats st = slide_stats_init();
    slide_solve_options opt = slide_solve_options_init();
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
    slide_stats st = slide_stats_init();
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    opt.algo = "table";
    limits.max_memory = 100000;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_non_null(strstr(st.note, "memory cap"));
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = 100000;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_OK);
    limits.max_memory = 0;
    opt.context = ctx;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    slide_context_free(ctx);
    slide_board_free(&b);
}

/*
 * One start against one goal: the table (through the context, and through
 * the public handle of slide_dist_table_get) must answer exactly what
 * --algo bfs answers, and the moves must replay.  Returns whether the
 * table solve built a table (it expanded more states than the answer's
 * length, which is all a lookup counts).
 */
static int check_against_bfs(slide_context *ctx, const slide_board *b, const slide_board *goal)
{
    slide_solve_options opt = slide_solve_options_init();
    slide_solution table, ref;
    slide_stats st = slide_stats_init();
    opt.algo = "table";
    opt.context = ctx;
    int status = slide_solve(b, goal, &opt, &table, &st);
    /* a lookup counts the answer's moves as expanded; a build every state it reached */
    int built = status == SLIDE_OK && st.expanded > table.length;
    assert_int_equal(solve_with("bfs", NULL, b, goal, &ref), status);

    const slide_dist_table *handle;
    uint8_t cells[SLIDE_MAX_TABLE_CELLS];
    char moves[64];
    int n = b->rows * b->cols;
    assert_true(n <= SLIDE_MAX_TABLE_CELLS);
    for (int i = 0; i < n && i < SLIDE_MAX_TABLE_CELLS; i++)
        cells[i] = (uint8_t)b->cells[i];
    assert_int_equal(slide_dist_table_get(ctx, goal, &handle), SLIDE_OK);
    int length = slide_dist_table_moves(handle, cells, moves, sizeof moves);
    if (status == SLIDE_E_UNSOLVABLE) {
        assert_int_equal(length, SLIDE_E_UNSOLVABLE);
        assert_int_equal(slide_dist_table_distance(handle, cells), SLIDE_E_UNSOLVABLE);
        return built;
    }
    assert_int_equal(status, SLIDE_OK);
    testkit_assert_solves(b, goal, table.moves);
    if (strcmp(table.moves, ref.moves) != 0)
        fail_msg("%dx%d goal blank %d: table '%s', bfs '%s'", goal->rows, goal->cols, goal->blank,
                 table.moves, ref.moves);
    assert_int_equal(length, (int)ref.length);
    assert_string_equal(moves, ref.moves);
    assert_int_equal(slide_dist_table_distance(handle, cells), (int)ref.length);
    slide_solution_free(&table);
    slide_solution_free(&ref);
    return built;
}

/*
 * Every one of the 720 goals of 2x3 and of 3x2, each with a random start
 * that reaches it (and every fifth with one that cannot): answers equal
 * bfs's, and one context builds one table per blank cell up to symmetry,
 * two in all (corners, and the middle of the long sides).
 */
static void every_two_by_three_goal_answers_like_bfs(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 773);
    for (int shape = 0; shape < 2; shape++) {
        slide_board standard;
        slide_board_init_goal(&standard, shape ? 3 : 2, shape ? 2 : 3);
        testkit_table every;
        testkit_table_build(&every, &standard);
        slide_context *ctx;
        assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
        int builds = 0;
        for (size_t rank = 0; rank < every.size; rank++) {
            slide_board goal, b;
            testkit_unrank(&every, rank, &goal);
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            builds += check_against_bfs(ctx, &b, &goal);
            slide_board_free(&b);
            if (rank % 5 == 0) {
                assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_UNSOLVABLE, 0, &rng),
                                 SLIDE_OK);
                builds += check_against_bfs(ctx, &b, &goal);
                slide_board_free(&b);
            }
            slide_board_free(&goal);
        }
        assert_int_equal(every.size, 720);
        assert_int_equal(builds, 2);
        slide_context_free(ctx);
        testkit_table_free(&every);
        slide_board_free(&standard);
    }
}

/*
 * For every shape the tables serve, random goals with the blank in each
 * cell in turn (three a cell), two starts each plus an unsolvable one:
 * answers equal bfs's byte for byte whichever rotation or reflection the
 * goal's table is read through, and one context builds one table per class
 * of blank cells (3x3: corner, edge, centre).
 */
static void goals_with_the_blank_in_every_cell_answer_like_bfs(void **state)
{
    (void)state;
    static const struct {
        int rows, cols, tables;
    } shapes[] = {{3, 3, 3}, {2, 2, 1}, {2, 4, 2}, {4, 2, 2}};
    slide_rng rng;
    slide_rng_seed(&rng, 1043);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int rows = shapes[s].rows, cols = shapes[s].cols, n = rows * cols, builds = 0;
        slide_context *ctx;
        assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
        slide_board standard;
        slide_board_init_goal(&standard, rows, cols);
        for (int blank = 0; blank < n; blank++) {
            for (int g = 0; g < 3; g++) {
                /* a random arrangement (either parity), its blank moved to `blank` */
                slide_board goal, b;
                assert_int_equal(slide_generate(&goal, &standard,
                                                g == 1 ? SLIDE_GEN_UNSOLVABLE : SLIDE_GEN_RANDOM,
                                                0, &rng),
                                 SLIDE_OK);
                goal.cells[goal.blank] = goal.cells[blank];
                goal.cells[blank] = 0;
                goal.blank = blank;
                for (int k = 0; k < 3; k++) {
                    assert_int_equal(slide_generate(&b, &goal,
                                                    k == 2 ? SLIDE_GEN_UNSOLVABLE
                                                           : SLIDE_GEN_RANDOM,
                                                    0, &rng),
                                     SLIDE_OK);
                    builds += check_against_bfs(ctx, &b, &goal);
                    slide_board_free(&b);
                }
                slide_board_free(&goal);
            }
        }
        if (builds != shapes[s].tables)
            fail_msg("%dx%d: %d tables built, want %d", rows, cols, builds, shapes[s].tables);
        slide_board_free(&standard);
        slide_context_free(ctx);
    }
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
    cmocka_unit_test(every_two_by_three_goal_answers_like_bfs),
    cmocka_unit_test(goals_with_the_blank_in_every_cell_answer_like_bfs),
    cmocka_unit_test(count_only_skips_the_walk),
    cmocka_unit_test(larger_boards_are_refused),
    cmocka_unit_test(memory_cap_is_honoured),
    cmocka_unit_test(one_context_serves_several_threads),
};

TESTKIT_MAIN(tests)
