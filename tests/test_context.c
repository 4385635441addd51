/*
 * test_context.c - contexts (core/context.c) on the caller's threads: each
 * thread of a program with its own context, solving at the same time; the
 * answers are those of one thread alone.  ThreadSanitizer runs it in CI
 * (tests/README.md, "Hardening").
 */
#include "testkit.h"

#include <pthread.h>

#define BOARDS 40

/* One caller thread: its own context, its own boards, the lengths it found. */
typedef struct caller {
    uint64_t seed;
    const testkit_table *truth;
    int failures;
    int lengths[BOARDS][4];
} caller;

static const char *const algos[4] = {"auto", "astar", "idastar", "idastar"};
static const char *const heuristics[4] = {NULL, "linear", "pdb", "manhattan"};

/* Solves BOARDS random 3x3 boards four ways through one new context; counts wrong answers. */
static void *solve_with_own_context(void *arg)
{
    caller *c = arg;
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = (size_t)64 << 20;
    slide_context *ctx;
    if (slide_context_create(&ctx, &copt) != SLIDE_OK) {
        c->failures++;
        return NULL;
    }
    slide_pdb_options pdb = slide_pdb_options_init();
    pdb.no_disk_cache = 1; /* the tables live in this thread's context only */
    pdb.max_group = 4;
    slide_board goal;
    slide_board_init_goal(&goal, 3, 3);
    slide_rng rng;
    slide_rng_seed(&rng, c->seed);
    for (int i = 0; i < BOARDS; i++) {
        slide_board b;
        if (slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng) != SLIDE_OK) {
            c->failures++;
            continue;
        }
        int want = testkit_table_distance(c->truth, &b);
        for (int a = 0; a < 4; a++) {
            slide_solve_options opt = slide_solve_options_init();
            opt.context = a < 3 ? ctx : NULL;
            opt.algo = algos[a];
            opt.heuristic = heuristics[a];
            opt.pdb = &pdb;
            opt.threads = a == 2 ? 2 : 1; /* and one of them on two threads of its own */
            slide_solution sol;
            slide_stats st = slide_stats_init();
            int status = slide_solve(&b, NULL, &opt, &sol, &st);
            c->lengths[i][a] = status == SLIDE_OK ? (int)sol.length : -1;
            if (status != SLIDE_OK || (int)sol.length != want || !st.optimal)
                c->failures++;
            slide_solution_free(&sol);
        }
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    slide_context_free(ctx);
    return NULL;
}

static void two_caller_threads_each_with_its_own_context(void **state)
{
    (void)state;
    slide_board goal;
    testkit_table truth;
    slide_board_init_goal(&goal, 3, 3);
    testkit_table_build(&truth, &goal);
    /* the same seed on both threads: both build the same tables at the same time */
    caller alone = {7, &truth, 0, {{0}}};
    caller callers[2] = {{7, &truth, 0, {{0}}}, {7, &truth, 0, {{0}}}};
    solve_with_own_context(&alone);
    assert_int_equal(alone.failures, 0);
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, solve_with_own_context, &callers[i]), 0);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(callers[i].failures, 0);
        assert_memory_equal(callers[i].lengths, alone.lengths, sizeof alone.lengths);
    }
    testkit_table_free(&truth);
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(two_caller_threads_each_with_its_own_context),
};

TESTKIT_MAIN(tests)
