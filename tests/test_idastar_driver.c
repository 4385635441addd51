/*
 * test_idastar_driver.c - the IDA* driver: several threads inside one
 * search print exactly the one-thread string (the first shortest path in
 * u, d, l, r order, which BFS prints too) on many small boards, and the
 * weighted ladder answers at most W x optimal, deterministically, on one
 * thread or several.  Every answer is replayed.
 */
#include "testkit.h"

#include <math.h>
#include <unistd.h>

static slide_solve_options options(const char *algo, const char *heuristic, int threads,
                                   double weight)
{
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = algo;
    opt.heuristic = heuristic;
    opt.threads = threads;
    opt.weight = weight;
    return opt;
}

/* Solves (asserting SLIDE_OK) and replays; returns the length, the moves in *moves (caller frees). */
static uint64_t solve_replayed(const slide_board *b, const slide_board *goal,
                               const slide_solve_options *opt, char **moves, slide_stats *st)
{
    slide_solution sol;
    slide_stats local = slide_stats_init();
    slide_stats *stats = st ? st : &local;
    int status = slide_solve(b, goal, opt, &sol, stats);
    if (status != SLIDE_OK)
        fail_msg("%s, %d threads, weight %g: %s (%s)", opt->algo ? opt->algo : "auto",
                 opt->threads, opt->weight, slide_strerror(status), stats->note);
    testkit_assert_solves(b, goal, sol.moves);
    *moves = sol.moves;
    return sol.length;
}

/*
 * The board solved on 1, 2 and 3 threads with opt's algorithm, heuristic
 * and weight: the same string each time, which is returned (caller frees).
 */
static char *same_on_every_thread_count(const slide_board *b, const slide_board *goal,
                                        slide_solve_options opt)
{
    char *one;
    opt.threads = 1;
    slide_stats st = slide_stats_init();
    uint64_t length = solve_replayed(b, goal, &opt, &one, &st);
    uint64_t expanded = st.expanded;
    for (int threads = 2; threads <= 3; threads++) {
        char *many;
        opt.threads = threads;
        assert_int_equal(solve_replayed(b, goal, &opt, &many, &st), length);
        assert_string_equal(many, one);
        assert_int_equal(st.optimal, opt.weight <= 1);
        /* the split costs a shallow walk and the end of the subtrees dropped after the answer */
        assert_true(st.expanded > 0 && (expanded == 0 || st.expanded < 8 * expanded + 50000));
        free(many);
    }
    return one;
}

/* Random 3x3 boards and short walks (answers above the split depth): threads change nothing. */
static void threads_print_the_one_thread_string_on_3x3(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0), b;
    slide_rng rng;
    slide_rng_seed(&rng, 16);
    for (int i = 0; i < 40; i++) {
        int kind = i < 12 ? SLIDE_GEN_WALK : SLIDE_GEN_RANDOM;
        assert_int_equal(slide_generate(&b, &goal, kind, (uint64_t)i + 1, &rng), SLIDE_OK);
        char *reference, *moves;
        slide_solve_options bfs = options("bfs", NULL, 1, 0);
        solve_replayed(&b, &goal, &bfs, &reference, NULL);
        moves = same_on_every_thread_count(&b, &goal, options("idastar", "linear", 1, 0));
        assert_string_equal(moves, reference);
        free(moves);
        moves = same_on_every_thread_count(&b, &goal, options("idastar", "manhattan", 1, 0));
        assert_string_equal(moves, reference);
        free(moves);
        free(reference);
        slide_board_free(&b);
    }
    slide_board_free(&goal);
}

/* 3x4 and 2x5 random boards with pattern databases (and a goal with the blank first). */
static void threads_print_the_one_thread_string_on_3x4_and_2x5(void **state)
{
    (void)state;
    const char *goals[] = {"1 2 3 4/5 6 7 8/9 10 11 x", "x 1 2 3 4/5 6 7 8 9"};
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 34);
    for (int g = 0; g < 2; g++) {
        slide_board goal = testkit_board(goals[g], 0, 0), b;
        for (int i = 0; i < 12; i++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            slide_solve_options opt = options("idastar", "pdb", 1, 0);
            opt.context = ctx;
            char *moves = same_on_every_thread_count(&b, &goal, opt);
            free(moves);
            slide_board_free(&b);
        }
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

/*
 * 4x4 walks of 20 to 64 moves with pattern databases: the same strings on
 * every thread count, as linear conflict's; weighted answers within W x
 * the optimum, labelled not optimal.
 */
static void threads_and_weights_on_4x4_walks(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0), b;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 44);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 20 + 4 * (uint64_t)i, &rng),
                         SLIDE_OK);
        slide_solve_options opt = options("idastar", "pdb", 1, 0);
        opt.context = ctx;
        char *moves = same_on_every_thread_count(&b, &goal, opt);
        if (i < 6) {
            char *linear = same_on_every_thread_count(&b, &goal, options("idastar", "linear", 1, 0));
            assert_string_equal(moves, linear);
            free(linear);
        }
        for (double weight = 1.2; weight < 3; weight += 0.6) {
            slide_solve_options weighted = opt;
            weighted.weight = weight;
            slide_stats st = slide_stats_init();
            char *near;
            uint64_t length = solve_replayed(&b, &goal, &weighted, &near, &st);
            assert_true((double)length <= weight * (double)strlen(moves) + 1e-9);
            assert_false(st.optimal);
            free(near);
        }
        free(moves);
        slide_board_free(&b);
    }
    slide_context_free(ctx);
    slide_board_free(&goal);
}

/*
 * 17 to 25 cells (2x9, 3x6, 4x5, 3x7, 5x5 walks): the wide node loop on
 * several threads prints the one-thread string with each heuristic, and
 * its weighted answers stay within W x the optimum.
 */
static void threads_and_weights_on_17_to_25_cells(void **state)
{
    (void)state;
    const int shapes[][2] = {{2, 9}, {3, 6}, {4, 5}, {3, 7}, {5, 5}};
    const char *heuristics[] = {"manhattan", "linear", "pdb"};
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 1725);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        slide_board goal, b;
        assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]), SLIDE_OK);
        for (int k = 0; k < 3; k++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 24 + 4 * (uint64_t)k, &rng),
                             SLIDE_OK);
            char *optimal = NULL;
            for (size_t h = 0; h < sizeof heuristics / sizeof heuristics[0]; h++) {
                slide_solve_options opt = options("idastar", heuristics[h], 1, 0);
                opt.context = ctx;
                char *moves = same_on_every_thread_count(&b, &goal, opt);
                if (optimal) /* the first shortest path in u, d, l, r order, whatever h */
                    assert_string_equal(moves, optimal);
                free(optimal);
                optimal = moves;
            }
            slide_solve_options weighted = options("idastar", "linear", 1, 1.5);
            char *moves = same_on_every_thread_count(&b, &goal, weighted);
            assert_true((double)strlen(moves) <= 1.5 * (double)strlen(optimal));
            free(moves);
            free(optimal);
            slide_board_free(&b);
        }
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

/*
 * Above 16 cells plain IDA* adds the dual lookup and BPMX (search/README.md):
 * inconsistent estimates that cut whole nodes.  Every value stays
 * admissible, so the answer must stay BFS's string, on one thread and on
 * two, from blank-first goals (whose corner group walls the blank's goal
 * cell in and whose reflection is looked up too) and the standard goal.
 * (Walks short enough for BFS; threads_and_weights_on_17_to_25_cells
 * compares longer ones across heuristics.)
 */
static void dual_lookups_and_bpmx_keep_the_bfs_string(void **state)
{
    (void)state;
    static const struct {
        int rows, cols;
        const char *goal; /* NULL: the standard goal */
    } cases[] = {
        {4, 5, "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19"},
        {5, 5, "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"},
        {5, 5, NULL},
        {3, 7, NULL},
    };
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 2005);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        slide_board goal, b;
        if (cases[c].goal)
            goal = testkit_board(cases[c].goal, cases[c].rows, cases[c].cols);
        else
            assert_int_equal(slide_board_init_goal(&goal, cases[c].rows, cases[c].cols), SLIDE_OK);
        for (int k = 0; k < 4; k++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 10 + 2 * (uint64_t)k, &rng),
                             SLIDE_OK);
            char *reference, *moves;
            slide_solve_options bfs = options("bfs", NULL, 1, 0);
            uint64_t length = solve_replayed(&b, &goal, &bfs, &reference, NULL);
            for (int threads = 1; threads <= 2; threads++) {
                slide_solve_options ida = options("idastar", "pdb", threads, 0);
                ida.context = ctx;
                slide_stats st = slide_stats_init();
                assert_int_equal(solve_replayed(&b, &goal, &ida, &moves, &st), length);
                assert_string_equal(moves, reference);
                assert_true(st.optimal);
                free(moves);
            }
            free(reference);
            slide_board_free(&b);
        }
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

/*
 * Weighted answers of algo against the exhaustive distance of 30 random
 * 3x3 boards: at most W x optimal, labelled not optimal, with W in the
 * figures.  Returns how many were longer than the optimum.
 */
static int weighted_answers_within_w_on_3x3(const char *algo, const double *weights, size_t count)
{
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0), b;
    testkit_table table;
    testkit_table_build(&table, &goal);
    slide_rng rng;
    slide_rng_seed(&rng, 1616);
    int longer = 0;
    for (int i = 0; i < 30; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        int optimum = testkit_table_distance(&table, &b);
        for (size_t w = 0; w < count; w++) {
            slide_stats st = slide_stats_init();
            char *moves;
            slide_solve_options opt = options(algo, "manhattan", 1, weights[w]);
            uint64_t length = solve_replayed(&b, &goal, &opt, &moves, &st);
            assert_true((double)length <= weights[w] * optimum + 1e-9);
            assert_true(length >= (uint64_t)optimum);
            longer += length > (uint64_t)optimum;
            assert_false(st.optimal);
            assert_true(fabs(st.weight - weights[w]) < 1e-9);
            free(moves);
        }
        slide_board_free(&b);
    }
    testkit_table_free(&table);
    slide_board_free(&goal);
    return longer;
}

/* The ladder: some answers longer than the optimum, so the weight really loosened the search. */
static void weighted_answers_stay_within_w_times_optimal_on_3x3(void **state)
{
    (void)state;
    const double weights[] = {1.1, 1.25, 1.5, 2, 4};
    assert_true(weighted_answers_within_w_on_3x3("idastar", weights, 5) > 0);
}

/*
 * A huge weight runs as 5 (LADDER_TOP_WEIGHT): at W = 100 these 3x3 boards
 * with Manhattan distance never got an answer (3.5 billion nodes on the
 * first), the bounds creeping up a move at a time over the same few states.
 */
static void huge_weights_answer_small_boards(void **state)
{
    (void)state;
    static const char *const boards[] = {"841657320", "421603785", "607348152", "435216780"};
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    testkit_table table;
    testkit_table_build(&table, &goal);
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        slide_board b = testkit_board(boards[i], 0, 0);
        int optimum = testkit_table_distance(&table, &b);
        for (int w = 50; w <= 100; w += 50) {
            slide_stats st = slide_stats_init();
            char *moves;
            slide_solve_options opt = options("idastar", "manhattan", 1, w);
            uint64_t length = solve_replayed(&b, &goal, &opt, &moves, &st);
            assert_true(length >= (uint64_t)optimum && length <= 5u * (uint64_t)optimum);
            assert_true(st.expanded < 100000);
            assert_true(fabs(st.weight - w) < 1e-9); /* the promise asked for */
            free(moves);
        }
        slide_board_free(&b);
    }
    testkit_table_free(&table);
    slide_board_free(&goal);
}

/*
 * Anytime weighted A*: within W too, up to weights its open list orders as
 * 5 (ASTAR_MAX_KEY_WEIGHT).  On 181,440 states its expansion budget
 * outlasts the open list, which it empties only once nothing shorter than
 * its answer is left: every answer is optimal here.
 */
static void weighted_astar_stays_within_w_times_optimal_on_3x3(void **state)
{
    (void)state;
    const double weights[] = {1.1, 1.25, 1.5, 2, 4, 10, 100};
    assert_int_equal(weighted_answers_within_w_on_3x3("astar", weights, 7), 0);
}

/* The ladder's answer is the same on 1, 2 and 3 threads, and the same when asked twice. */
static void weighted_answers_are_deterministic(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4/5 6 7 8/9 10 11 x", 0, 0), b;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 3416);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        slide_solve_options opt = options("idastar", NULL, 1, 1.3 + 0.15 * i);
        opt.context = ctx;
        char *first = same_on_every_thread_count(&b, &goal, opt);
        char *again;
        solve_replayed(&b, &goal, &opt, &again, NULL);
        assert_string_equal(first, again);
        free(first);
        free(again);
        slide_board_free(&b);
    }
    slide_context_free(ctx);
    slide_board_free(&goal);
}

/* Weight 1 (or 0) is the optimal search: the BFS string, labelled optimal; auto takes idastar. */
static void weight_one_is_the_optimal_search(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    char *reference, *moves;
    slide_solve_options bfs = options("bfs", NULL, 1, 0);
    solve_replayed(&b, NULL, &bfs, &reference, NULL);
    slide_stats st = slide_stats_init();
    slide_solve_options one = options("idastar", NULL, 2, 1);
    solve_replayed(&b, NULL, &one, &moves, &st);
    assert_string_equal(moves, reference);
    assert_true(st.optimal);
    assert_true(st.weight == 0);
    free(moves);
    slide_solve_options weighted_auto = options(NULL, NULL, 1, 2);
    solve_replayed(&b, NULL, &weighted_auto, &moves, &st);
    assert_string_equal(st.algo, "idastar");
    assert_false(st.optimal);
    free(moves);
    free(reference);
    slide_board_free(&b);
}

/*
 * Solves b under opt (auto, a private cache of 4-tile tables) and replays
 * the answer; checks what ran, at what weight and with what note, and that
 * the answer is at least its proven lower bound and, for a short walk (a
 * random 4x5 takes IDA* on linear conflict too long), within that weight
 * of the optimum.
 */
static void auto_ran(const slide_board *b, const slide_board *goal, const slide_solve_options *opt,
                     const char *algo, double weight, const char *note, int walk)
{
    char *moves;
    slide_stats st = slide_stats_init();
    uint64_t length = solve_replayed(b, goal, opt, &moves, &st);
    free(moves);
    assert_string_equal(st.algo, algo);
    assert_true(st.weight == weight);
    assert_false(st.optimal);
    if (note)
        assert_non_null(strstr(st.note, note));
    assert_true(length >= st.lower_bound && st.lower_bound > 0);
    if (!walk)
        return;
    slide_solve_options optimal = options("idastar", "linear", 1, 0);
    uint64_t shortest = solve_replayed(b, goal, &optimal, &moves, NULL);
    free(moves);
    assert_true((double)length <= weight * (double)shortest);
}

/*
 * auto on 17 to 25 cells when the shape's pattern databases are in the
 * cache (small groups here, in a private directory): anytime weighted A* at
 * SLIDE_AUTO_ASTAR_WEIGHT on a 4x5, the weighted ladder at
 * SLIDE_AUTO_WEIGHT on a 3x6 (a side of 3) and on a 4x5 board on which A*
 * has no first answer under a 16 MB cap (a random board, which 4-tile
 * tables guide it to slowly); on that board without the cap, A* going on
 * at weight 1.6 once its first answer's expansions are spent (the rescue,
 * tested on its own in test_search.c); beam with a note and a remedy when
 * the tables are not cached.
 */
static void auto_is_near_optimal_on_cached_17_to_25_cells(void **state)
{
    (void)state;
    char dir[] = "/tmp/slide-test-auto-XXXXXX";
    assert_non_null(mkdtemp(dir));
    slide_solve_options opt = options(NULL, NULL, 1, 0);
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    pdb.cache_dir = dir;
    pdb.max_group = 4;
    slide_rng rng;
    slide_rng_seed(&rng, 1836);
    const int shapes[][2] = {{4, 5}, {3, 6}};
    for (size_t k = 0; k < 2; k++) {
        slide_board goal, b;
        assert_int_equal(slide_board_init_goal(&goal, shapes[k][0], shapes[k][1]), SLIDE_OK);
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 40, &rng), SLIDE_OK);
        char *moves;
        slide_stats st = slide_stats_init();
        solve_replayed(&b, &goal, &opt, &moves, &st);
        free(moves);
        assert_string_equal(st.algo, "beam");
        assert_int_equal(st.remedy, SLIDE_REMEDY_PDB_BUILD);
        assert_non_null(strstr(st.note, "no pattern databases for"));
        assert_int_equal(slide_pdb_prepare(&goal, opt.pdb, 0, NULL, NULL, NULL), SLIDE_OK);
        if (k == 0)
            auto_ran(&b, &goal, &opt, "astar", SLIDE_AUTO_ASTAR_WEIGHT, NULL, 1);
        else
            auto_ran(&b, &goal, &opt, "idastar", SLIDE_AUTO_WEIGHT, NULL, 1);
        slide_board_free(&b);
        if (k == 0) {
            slide_board hard;
            slide_rng_seed(&rng, 3); /* the first seed whose board A* gives up on */
            assert_int_equal(slide_generate(&hard, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            auto_ran(&hard, &goal, &opt, "astar", 1.6,
                     "astar at weight 1.4 had no answer within 1000000 expansions; went on at "
                     "weight 1.6",
                     0);
            slide_limits limits = slide_limits_init();
            limits.max_memory = (size_t)16 << 20;
            slide_solve_options capped = opt;
            capped.limits = &limits;
            auto_ran(&hard, &goal, &capped, "idastar", SLIDE_AUTO_WEIGHT,
                     "astar at weight 1.4 had no answer before the memory cap; used idastar at "
                     "weight 1.5",
                     0);
            slide_board_free(&hard);
        }
        slide_board_free(&goal);
    }
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_true(removed > 0);
    assert_int_equal(rmdir(dir), 0);
}

/* Weights out of range, and algorithms without a weighted mode, are refused with a reason. */
static void bad_weights_are_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    const double bad[] = {0.5, -1, SLIDE_MAX_WEIGHT + 1, NAN};
    slide_solution sol;
    slide_stats st = slide_stats_init();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        slide_solve_options opt = options("idastar", NULL, 1, bad[i]);
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
        assert_non_null(strstr(st.note, "the weight must be a number from 1 to"));
    }
    for (size_t a = 0; a < slide_algo_count(); a++) {
        const slide_algo_info *algo = slide_algo_at(a);
        if (algo->flags & SLIDE_ALGO_WEIGHTED)
            continue;
        slide_solve_options opt = options(algo->name, NULL, 1, 1.5);
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
        assert_non_null(strstr(st.note, "has no weighted mode"));
        assert_int_equal(st.remedy, SLIDE_REMEDY_ALGO_IDASTAR);
    }
    slide_board_free(&b);
}

/* Two threads stop at the deadline too, with the note one thread leaves. */
static void threads_stop_at_the_time_limit(void **state)
{
    (void)state;
    /* 80 moves: Manhattan IDA* needs billions of nodes */
    slide_board b = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    slide_solve_options opt = options("idastar", "manhattan", 2, 0);
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    limits.timeout = 0.05;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_TIMEOUT);
    assert_non_null(strstr(st.note, "idastar reached bound"));
    assert_true(st.expanded > 0);
    assert_false(st.optimal);
    slide_board_free(&b);
}

/* The command's optimal length for board (-o steps), asserting success. */
static long optimal_steps(const char *board)
{
    const char *args[] = {"solve", "-H", "linear", "-o", "steps", board, NULL};
    testkit_run r = testkit_slide(args, NULL);
    assert_int_equal(r.status, 0);
    long steps = strtol(r.out, NULL, 10);
    testkit_run_free(&r);
    return steps;
}

/* The command: --jobs on an argument board, --weight, and their usage errors. */
static void cli_jobs_and_weight(void **state)
{
    (void)state;
    const char *board = "5 1 2 8 7 12 11 x 9 13 4 14 15 6 10 3";
    const char *one_args[] = {"solve", "-H", "linear", board, NULL};
    const char *two_args[] = {"solve", "-H", "linear", "--jobs", "2", board, NULL};
    testkit_run one = testkit_slide(one_args, NULL), two = testkit_slide(two_args, NULL);
    assert_int_equal(one.status, 0);
    assert_int_equal(two.status, 0);
    assert_string_equal(one.out, two.out);
    testkit_run_free(&one);
    testkit_run_free(&two);

    const char *weighted[] = {"solve", "-H", "linear", "--weight", "1.5", "-o", "json", "--stats",
                              board, NULL};
    testkit_run r = testkit_slide(weighted, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"optimal\":false"));
    assert_non_null(strstr(r.out, "\"algo\":\"idastar\""));
    assert_non_null(strstr(r.err, "weight 1.5"));
    assert_null(strstr(r.err, "note:")); /* asked for: no "not optimal" note */
    const char *moves = strstr(r.out, "\"moves\":\"");
    assert_non_null(moves);
    moves += strlen("\"moves\":\"");
    char *answer = strndup(moves, (size_t)(strchr(moves, '"') - moves));
    slide_board b = testkit_board(board, 0, 0);
    testkit_assert_solves(&b, NULL, answer);
    assert_true((double)strlen(answer) <= 1.5 * (double)optimal_steps(board));
    free(answer);
    slide_board_free(&b);
    testkit_run_free(&r);

    const char *bad_weight[] = {"solve", "--weight", "0.9", "1 2 3 4 5 6 7 x 8", NULL};
    r = testkit_slide(bad_weight, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--weight: '0.9' is not a number from 1 to 100"));
    testkit_run_free(&r);

    const char *bfs_weight[] = {"solve", "-a", "bfs", "--weight", "2", "1 2 3 4 5 6 7 x 8", NULL};
    r = testkit_slide(bfs_weight, NULL);
    assert_int_equal(r.status, 2); /* a usage error, before any board */
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "solve: --weight: bfs has no weighted mode"));
    testkit_run_free(&r);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(threads_print_the_one_thread_string_on_3x3),
    cmocka_unit_test(threads_print_the_one_thread_string_on_3x4_and_2x5),
    cmocka_unit_test(threads_and_weights_on_4x4_walks),
    cmocka_unit_test(threads_and_weights_on_17_to_25_cells),
    cmocka_unit_test(dual_lookups_and_bpmx_keep_the_bfs_string),
    cmocka_unit_test(weighted_answers_stay_within_w_times_optimal_on_3x3),
    cmocka_unit_test(huge_weights_answer_small_boards),
    cmocka_unit_test(weighted_astar_stays_within_w_times_optimal_on_3x3),
    cmocka_unit_test(weighted_answers_are_deterministic),
    cmocka_unit_test(weight_one_is_the_optimal_search),
    cmocka_unit_test(auto_is_near_optimal_on_cached_17_to_25_cells),
    cmocka_unit_test(bad_weights_are_refused),
    cmocka_unit_test(threads_stop_at_the_time_limit),
    cmocka_unit_test(cli_jobs_and_weight),
};

TESTKIT_MAIN(tests)
