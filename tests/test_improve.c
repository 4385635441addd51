/*
 * test_improve.c - near-optimal answers with a budget of time
 * (slide_solve_options.budget, src/search/improve.c, --budget): every
 * answer replayed to the goal and never longer than the answer without
 * the budget (beam, and anytime weighted A*), each shorter one reported,
 * the caller's cancel answering with the shortest found, the same answer on one thread and two once
 * every round has run, and bad budgets refused.
 */
#include "testkit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lengths a solve's progress reported as shorter answers (SLIDE_PROGRESS_BEST). */
typedef struct best_log {
    unsigned lengths[64];
    int count;
    int cancel_after; /* the cancel callback says stop once this many were reported; 0: never */
} best_log;

static void log_best(void *ctx, const slide_progress *p)
{
    best_log *log = ctx;
    if (p->kind == SLIDE_PROGRESS_BEST && log->count < 64)
        log->lengths[log->count++] = p->bound;
}

static int cancel_when_logged(void *ctx)
{
    best_log *log = ctx;
    return log->cancel_after && log->count >= log->cancel_after;
}

/*
 * Solves start with algo (NULL: auto) and a budget of `seconds` (0: none)
 * on `threads` threads into *sol, the reports into *log; returns the status.
 */
static int solve_within(const char *algo, const slide_board *start, double seconds, int threads,
                        best_log *log, slide_solution *sol)
{
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    limits.cancel = cancel_when_logged;
    limits.cancel_ctx = log;
    opt.algo = algo;
    opt.budget = seconds;
    opt.threads = threads;
    opt.limits = &limits;
    opt.progress = log_best;
    opt.progress_ctx = log;
    slide_stats stats = slide_stats_init();
    int status = slide_solve(start, NULL, &opt, sol, &stats);
    if (status == SLIDE_OK) {
        assert_false(stats.optimal);
        assert_true(stats.lower_bound > 0 && stats.lower_bound <= sol->length);
        assert_int_equal(strlen(sol->moves), sol->length);
    }
    return status;
}

/* A random board of rows x cols, its standard goal in *goal. */
static slide_board random_board(int rows, int cols, slide_rng *rng, slide_board *goal)
{
    slide_board start;
    assert_int_equal(slide_board_init_goal(goal, rows, cols), SLIDE_OK);
    assert_int_equal(slide_generate(&start, goal, SLIDE_GEN_RANDOM, 0, rng), SLIDE_OK);
    return start;
}

/*
 * With a budget the answer reaches the goal and is never longer than
 * without one (4x5 and 5x5 are beam's whole search, 3x8 places sides
 * first, and 6x7's rounds search it both ways); each shorter answer is
 * reported, the last one being the answer.
 */
static void budget_answers_are_never_longer(void **state)
{
    (void)state;
    static const int shapes[][2] = {{4, 5}, {3, 8}, {5, 5}, {6, 7}};
    slide_rng rng;
    slide_rng_seed(&rng, 71);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        slide_board goal, start = random_board(shapes[i][0], shapes[i][1], &rng, &goal);
        const char *algo = "beam";
        best_log none = {{0}, 0, 0}, log = {{0}, 0, 0};
        slide_solution plain, budgeted;
        assert_int_equal(solve_within(algo, &start, 0, 1, &none, &plain), SLIDE_OK);
        assert_int_equal(none.count, 0); /* no budget, no reports */
        assert_int_equal(solve_within(algo, &start, 0.4, 1 + (int)i % 2, &log, &budgeted),
                         SLIDE_OK);
        testkit_assert_solves(&start, &goal, budgeted.moves);
        assert_true(budgeted.length <= plain.length);
        assert_true(log.count >= 1);
        for (int k = 1; k < log.count; k++)
            assert_true(log.lengths[k] < log.lengths[k - 1]);
        assert_int_equal(log.lengths[log.count - 1], budgeted.length);
        assert_true(log.lengths[0] <= plain.length);
        slide_solution_free(&plain);
        slide_solution_free(&budgeted);
        slide_board_free(&goal);
        slide_board_free(&start);
    }
}

/*
 * The caller's cancel once an answer is in hand answers with it (the first
 * round's: as long as without a budget, or shorter); a cancel before any
 * answer is a cancel.
 */
static void cancel_answers_with_the_best_so_far(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 72);
    slide_board goal, start = random_board(4, 5, &rng, &goal);
    best_log none = {{0}, 0, 0}, log = {{0}, 0, 1};
    slide_solution plain, cancelled;
    assert_int_equal(solve_within("beam", &start, 0, 1, &none, &plain), SLIDE_OK);
    /* a budget far past the test's time: only the cancel ends it */
    assert_int_equal(solve_within("beam", &start, 1000, 1, &log, &cancelled), SLIDE_OK);
    assert_int_equal(log.count, 1);
    testkit_assert_solves(&start, &goal, cancelled.moves);
    assert_true(cancelled.length <= plain.length);
    assert_int_equal(cancelled.length, log.lengths[0]);
    slide_solution_free(&cancelled);
    slide_solution_free(&plain);

    best_log at_once = {{0}, 0, 0};
    at_once.cancel_after = -1; /* count >= -1: stop from the start */
    assert_int_equal(solve_within("beam", &start, 1000, 1, &at_once, &cancelled),
                     SLIDE_E_CANCELLED);
    assert_null(cancelled.moves);
    slide_board_free(&goal);
    slide_board_free(&start);
}

/*
 * Once every round has run (a budget far longer than they take, on 2x4
 * boards, whose beams are short) the answer is the same on one thread and
 * on two.
 */
static void the_same_answer_on_one_thread_and_two(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 73);
    for (int i = 0; i < 3; i++) {
        slide_board goal, start = random_board(2, 4, &rng, &goal);
        best_log one = {{0}, 0, 0}, two = {{0}, 0, 0};
        slide_solution a, b;
        assert_int_equal(solve_within("beam", &start, 1000, 1, &one, &a), SLIDE_OK);
        assert_int_equal(solve_within("beam", &start, 1000, 2, &two, &b), SLIDE_OK);
        testkit_assert_solves(&start, &goal, a.moves);
        assert_string_equal(a.moves, b.moves);
        slide_solution_free(&a);
        slide_solution_free(&b);
        slide_board_free(&goal);
        slide_board_free(&start);
    }
}

/*
 * Anytime weighted A* with a budget spends its usual expansions and then
 * more: never a longer answer than without the budget.
 */
static void astar_with_a_budget_is_never_longer(void **state)
{
    (void)state;
    static const slide_pdb_options pdb = {.size = sizeof pdb, .no_disk_cache = 1, .max_group = 4};
    slide_rng rng;
    slide_rng_seed(&rng, 74);
    slide_board goal, start = random_board(4, 5, &rng, &goal);
    uint64_t length[2];
    for (int budgeted = 0; budgeted < 2; budgeted++) {
        slide_solve_options opt = slide_solve_options_init();
        opt.algo = "astar";
        opt.heuristic = "pdb";
        opt.weight = 1.4;
        opt.pdb = &pdb;
        opt.budget = budgeted ? 0.3 : 0;
        slide_solution sol;
        assert_int_equal(slide_solve(&start, NULL, &opt, &sol, NULL), SLIDE_OK);
        testkit_assert_solves(&start, &goal, sol.moves);
        length[budgeted] = sol.length;
        slide_solution_free(&sol);
    }
    assert_true(length[1] <= length[0]);
    slide_board_free(&goal);
    slide_board_free(&start);
}

/* A budget below 0, past SLIDE_MAX_BUDGET or not a number is refused, and the note says why. */
static void bad_budgets_are_refused(void **state)
{
    (void)state;
    slide_board start = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0);
    const double bad[] = {-1, SLIDE_MAX_BUDGET * 2, NAN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        slide_solve_options opt = slide_solve_options_init();
        opt.budget = bad[i];
        slide_solution sol;
        slide_stats stats = slide_stats_init();
        assert_int_equal(slide_solve(&start, NULL, &opt, &sol, &stats), SLIDE_E_ARGUMENT);
        assert_non_null(strstr(stats.note, "budget"));
        assert_null(sol.moves);
    }
    slide_board_free(&start);
}

/* --budget takes seconds as --timeout does, with an optional s; a bad value is named. */
static void the_budget_option(void **state)
{
    (void)state;
    static const char *const bad[] = {"abc", "0", "-1", "30ss", "", "1e9", "s"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        testkit_run r = RUN(NULL, "solve", "--budget", bad[i], "1 2 3 4 5 6 7 x 8");
        assert_int_equal(r.status, 2);
        char expected[64];
        snprintf(expected, sizeof expected, "--budget: '%s'", bad[i]);
        assert_non_null(strstr(r.err, expected));
        testkit_run_free(&r);
    }
    testkit_run r = RUN(NULL, "solve", "--budget", "0.3s", "-o", "json", "-a", "beam",
                        "16 x 17 12 7 10 4 8 14 15 1 18 5 13 3 11 2 6 19 9");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"optimal\":false,\"lower_bound\":"));
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "--budget", "0.2", "1 2 3 4 5 6 7 x 8");
    assert_int_equal(r.status, 0); /* optimal searches ignore it */
    assert_string_equal(r.out, "r\n");
    testkit_run_free(&r);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(budget_answers_are_never_longer),
    cmocka_unit_test(cancel_answers_with_the_best_so_far),
    cmocka_unit_test(the_same_answer_on_one_thread_and_two),
    cmocka_unit_test(astar_with_a_budget_is_never_longer),
    cmocka_unit_test(bad_budgets_are_refused),
    cmocka_unit_test(the_budget_option),
};

TESTKIT_MAIN(tests)
