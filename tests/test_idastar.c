/*
 * test_idastar.c - IDA*: same lengths as the exhaustive table and BFS (and
 * the same move strings, since both print the first shortest path in u, d,
 * l, r order), with every heuristic; 4x4 boards against A*; limits,
 * progress, and what --algo auto picks.
 */
#include "testkit.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static slide_solve_options options(const char *algo, const char *heuristic, slide_context *ctx)
{
    static const slide_pdb_options no_disk_cache = {.size = sizeof no_disk_cache,
                                                    .no_disk_cache = 1};
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = algo;
    opt.heuristic = heuristic;
    opt.context = ctx;
    opt.pdb = &no_disk_cache;
    return opt;
}

/* Solves and replays; returns the length and leaves the moves in *moves (caller frees). */
static uint64_t solve_ok(const slide_board *b, const slide_board *goal,
                         const slide_solve_options *opt, char **moves, slide_stats *st)
{
    slide_solution sol;
    slide_stats local = slide_stats_init();
    int status = slide_solve(b, goal, opt, &sol, st ? st : &local);
    if (status != SLIDE_OK)
        fail_msg("%s/%s: %s (%s)", opt->algo, opt->heuristic ? opt->heuristic : "default",
                 slide_strerror(status), (st ? st : &local)->note);
    testkit_assert_solves(b, goal, sol.moves);
    *moves = sol.moves;
    return sol.length;
}

/*
 * For random boards of one shape and goal: every heuristic's IDA* length
 * equals the exhaustive distance, and its moves equal BFS's.
 */
static void check_shape(const char *goal_text, int rows, int cols, int boards, uint64_t seed)
{
    slide_board goal = testkit_board(goal_text, rows, cols), b;
    testkit_table table;
    testkit_table_build(&table, &goal);
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    for (int i = 0; i < boards; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        int truth = testkit_table_distance(&table, &b);
        char *reference;
        slide_solve_options bfs = options("bfs", NULL, NULL);
        assert_int_equal(solve_ok(&b, &goal, &bfs, &reference, NULL), truth);
        for (size_t h = 0; h < slide_heuristic_count(); h++) {
            slide_solve_options ida = options("idastar", slide_heuristic_at(h)->name, ctx);
            char *moves;
            slide_stats st = slide_stats_init();
            assert_int_equal(solve_ok(&b, &goal, &ida, &moves, &st), truth);
            assert_string_equal(moves, reference);
            assert_string_equal(st.algo, "idastar");
            assert_string_equal(st.heuristic, slide_heuristic_at(h)->name);
            assert_true(st.optimal);
            free(moves);
        }
        free(reference);
        slide_board_free(&b);
    }
    slide_context_free(ctx);
    testkit_table_free(&table);
    slide_board_free(&goal);
}

static void equals_bfs_and_exhaustive_on_3x3(void **state)
{
    (void)state;
    check_shape("1 2 3 4 5 6 7 8 x", 3, 3, 25, 1);
    check_shape("1 2 3 8 x 4 7 6 5", 3, 3, 10, 2); /* Luogu's goal */
}

static void equals_bfs_and_exhaustive_on_2x3_3x2_2x4(void **state)
{
    (void)state;
    check_shape("1 2 3 4 5 x", 2, 3, 20, 3);
    check_shape("1 2/3 4/5 x", 3, 2, 20, 4);
    check_shape("1 2 3 4 5 6 7 x", 2, 4, 20, 5);
    check_shape("x 1 2 3 4 5 6 7", 2, 4, 10, 6);
}

static void solved_board_needs_no_moves(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    slide_solve_options opt = options("idastar", "manhattan", NULL);
    char *moves;
    assert_int_equal(solve_ok(&b, NULL, &opt, &moves, NULL), 0);
    assert_string_equal(moves, "");
    free(moves);
    slide_board_free(&b);
}

/*
 * 4x4 boards up to 40 moves away: IDA* with linear conflict and with small
 * pattern databases (groups of at most 4 tiles, cached in a temporary
 * directory) agree with A* on the length.
 */
static void equals_astar_on_4x4_within_40_moves(void **state)
{
    (void)state;
    char dir[] = "/tmp/slide-test-ida-XXXXXX";
    assert_non_null(mkdtemp(dir));
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0), b;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 15);
    int longest = 0;
    for (int i = 0; i < 8; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 30 + 2 * (uint64_t)i, &rng),
                         SLIDE_OK);
        char *reference, *moves;
        slide_solve_options astar = options("astar", "linear", NULL);
        uint64_t length = solve_ok(&b, &goal, &astar, &reference, NULL);
        assert_true(length <= 40);
        if ((int)length > longest)
            longest = (int)length;
        slide_solve_options linear = options("idastar", "linear", NULL);
        assert_int_equal(solve_ok(&b, &goal, &linear, &moves, NULL), length);
        free(moves);
        slide_solve_options pdb = options("idastar", "pdb", ctx);
        slide_pdb_options cache = slide_pdb_options_init();
        cache.cache_dir = dir;
        cache.max_group = 4;
        pdb.pdb = &cache;
        slide_stats st = slide_stats_init();
        assert_int_equal(solve_ok(&b, &goal, &pdb, &moves, &st), length);
        assert_string_equal(st.heuristic, "pdb");
        /* the first shortest path in u, d, l, r order, whatever the heuristic */
        slide_solve_options ida_linear = options("idastar", "linear", NULL);
        char *again;
        solve_ok(&b, &goal, &ida_linear, &again, NULL);
        assert_string_equal(moves, again);
        free(again);
        free(moves);
        free(reference);
        slide_board_free(&b);
    }
    assert_true(longest >= 20); /* the walks really left the goal */
    slide_context_free(ctx);
    slide_board_free(&goal);
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(removed, 4); /* 3-4-4-4 */
    assert_int_equal(rmdir(dir), 0);
}

static void stops_at_the_time_limit(void **state)
{
    (void)state;
    /* 80 moves: Manhattan IDA* needs billions of nodes */
    slide_board b = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    slide_solve_options opt = options("idastar", "manhattan", NULL);
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    limits.timeout = 0.05;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_TIMEOUT);
    assert_non_null(strstr(st.note, "idastar reached bound"));
    assert_true(st.expanded > 0);
    slide_board_free(&b);
}

typedef struct bounds {
    unsigned seen[64];
    int count;
} bounds;

static void record_bound(void *ctx, const slide_progress *p)
{
    bounds *log = ctx;
    if (p->kind == SLIDE_PROGRESS_SEARCH && log->count < 64)
        log->seen[log->count++] = p->bound;
}

static void reports_each_iteration(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    bounds log = {{0}, 0};
    slide_solve_options opt = options("idastar", "manhattan", NULL);
    opt.progress = record_bound;
    opt.progress_ctx = &log;
    char *moves;
    assert_int_equal(solve_ok(&b, NULL, &opt, &moves, NULL), 19);
    assert_true(log.count >= 2);
    for (int i = 1; i < log.count; i++)
        assert_true(log.seen[i] > log.seen[i - 1]);
    assert_int_equal(log.seen[log.count - 1], 19);
    free(moves);
    /* on two threads: the same iterations, reported by the first thread */
    bounds two = {{0}, 0};
    opt.threads = 2;
    opt.progress_ctx = &two;
    assert_int_equal(solve_ok(&b, NULL, &opt, &moves, NULL), 19);
    assert_int_equal(two.count, log.count);
    assert_memory_equal(two.seen, log.seen, sizeof log.seen[0] * (size_t)log.count);
    free(moves);
    slide_board_free(&b);
}

/*
 * A 44-move 3x4 board that auto's quick try (linear conflict, search/auto.c)
 * does not answer: linear conflict alone needs 213,964 expansions.
 */
#define PAST_THE_QUICK_TRY "4 3 1 x/7 5 6 9/11 10 8 2"

static void auto_picks_idastar_and_falls_back_to_linear(void **state)
{
    (void)state;
    slide_board b = testkit_board(PAST_THE_QUICK_TRY, 0, 0);
    assert_string_equal(slide_algo_auto(&b), "idastar");
    slide_solve_options opt = options(NULL, NULL, NULL);
    slide_pdb_options pdb = *opt.pdb;
    pdb.max_group = 3;
    opt.pdb = &pdb;
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    slide_stats st = slide_stats_init();
    char *moves;
    assert_int_equal(solve_ok(&b, NULL, &opt, &moves, &st), 44);
    assert_string_equal(st.algo, "idastar");
    assert_string_equal(st.heuristic, "pdb");
    free(moves);

    /* no database fits a 4 KiB cap: linear conflict, and the note says so */
    limits.max_memory = 4096;
    assert_int_equal(solve_ok(&b, NULL, &opt, &moves, &st), 44);
    assert_string_equal(st.heuristic, "linear");
    assert_non_null(strstr(st.note, "no pattern database fits the memory cap of 4.0 KiB"));
    free(moves);

    /* asked for by name, pdb does not fall back: the cap is reported */
    opt.heuristic = "pdb";
    slide_solution sol;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_int_equal(st.remedy, SLIDE_REMEDY_HEURISTIC_LINEAR);
    slide_board_free(&b);
}

static void cli_stats_say_when_auto_fell_back(void **state)
{
    (void)state;
    const char *args[] = {"solve", "--stats", "--max-memory", "4K", PAST_THE_QUICK_TRY, NULL};
    testkit_run r = testkit_slide(args, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "ddluulldrrurdluldrulldrurrdlldluurrddlururdd\n");
    assert_non_null(strstr(r.err, "algo idastar, heuristic linear"));
    assert_non_null(strstr(r.err, "no pattern database fits the memory cap of 4.0 KiB"));
    testkit_run_free(&r);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(equals_bfs_and_exhaustive_on_3x3),
    cmocka_unit_test(equals_bfs_and_exhaustive_on_2x3_3x2_2x4),
    cmocka_unit_test(solved_board_needs_no_moves),
    cmocka_unit_test(equals_astar_on_4x4_within_40_moves),
    cmocka_unit_test(stops_at_the_time_limit),
    cmocka_unit_test(reports_each_iteration),
    cmocka_unit_test(auto_picks_idastar_and_falls_back_to_linear),
    cmocka_unit_test(cli_stats_say_when_auto_fell_back),
};

TESTKIT_MAIN(tests)
