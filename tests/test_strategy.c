/*
 * test_strategy.c - the strategy solver (--algo strategy): every answer is
 * replayed to the goal by the test's own rules, on every shape from 2x2 to
 * 12x12, narrow boards, arbitrary goals and whole small state spaces,
 * boards large enough for strips of trains on every side; the
 * trivial cases cost exactly 0 and 1 moves; streaming, counting, limits and
 * the command line end to end.
 */
#include "testkit.h"

#include "search/search.h"

#include <stdio.h>
#include <stdlib.h>

/* A uniformly random goal of the shape, of either parity class. */
static slide_board random_goal(int rows, int cols, slide_rng *rng)
{
    slide_board standard, goal;
    assert_int_equal(slide_board_init_goal(&standard, rows, cols), SLIDE_OK);
    int kind = slide_rng_below(rng, 2) ? SLIDE_GEN_RANDOM : SLIDE_GEN_UNSOLVABLE;
    assert_int_equal(slide_generate(&goal, &standard, kind, 0, rng), SLIDE_OK);
    slide_board_free(&standard);
    return goal;
}

/* Solves `seeds` random boards of every shape rows x cols in [lo, hi]^2. */
static void random_shapes(int lo, int hi, int seeds, int any_goal, uint64_t salt)
{
    for (int rows = lo; rows <= hi; rows++)
        for (int cols = lo; cols <= hi; cols++) {
            slide_rng rng;
            slide_rng_seed(&rng, salt + (uint64_t)rows * 100 + (uint64_t)cols);
            for (int k = 0; k < seeds; k++) {
                slide_board goal, start;
                if (any_goal)
                    goal = random_goal(rows, cols, &rng);
                else
                    assert_int_equal(slide_board_init_goal(&goal, rows, cols), SLIDE_OK);
                assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng),
                                 SLIDE_OK);
                testkit_solve_not_optimal("strategy", &start, &goal, 1);
                slide_board_free(&start);
                slide_board_free(&goal);
            }
        }
}

static void random_boards_of_every_shape_reach_the_goal(void **state)
{
    (void)state;
    random_shapes(2, 12, 4, 0, 1);
}

static void random_boards_reach_arbitrary_goals(void **state)
{
    (void)state;
    random_shapes(2, 12, 4, 1, 7);
}

static void narrow_boards_many_seeds(void **state)
{
    (void)state;
    static const int shapes[][2] = {{2, 9}, {9, 2},  {3, 7},  {7, 3},  {2, 2}, {2, 3},
                                    {3, 2}, {2, 12}, {12, 2}, {3, 12}, {12, 3}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        slide_rng rng;
        slide_rng_seed(&rng, 1000 + i);
        for (int k = 0; k < 100; k++) {
            slide_board goal = random_goal(shapes[i][0], shapes[i][1], &rng), start;
            if (k % 2) {
                slide_board_free(&goal);
                assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]),
                                 SLIDE_OK);
            }
            assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            testkit_solve_not_optimal("strategy", &start, &goal, 1);
            slide_board_free(&start);
            slide_board_free(&goal);
        }
    }
}

/*
 * Every board of a small shape that reaches the goal (the standard goal and
 * one with the blank first), via the testkit's own permutation ranks: a
 * phase that could loop or corner a tile would show up here.
 */
static void every_board_of_small_shapes(void **state)
{
    (void)state;
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        for (int blank_first = 0; blank_first < 2; blank_first++) {
            slide_board goal;
            assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]), SLIDE_OK);
            int n = goal.rows * goal.cols;
            if (blank_first) {
                for (int c = 0; c < n; c++)
                    goal.cells[c] = (uint32_t)c;
                goal.blank = 0;
            }
            testkit_table t = {goal.rows, goal.cols, n, 1, NULL};
            for (int k = 2; k <= n; k++)
                t.size *= (size_t)k;
            size_t solved = 0;
            for (size_t rank = 0; rank < t.size; rank++) {
                slide_board start;
                testkit_unrank(&t, rank, &start);
                if (slide_solvable(&start, &goal)) {
                    testkit_solve_not_optimal("strategy", &start, &goal, 1);
                    solved++;
                }
                slide_board_free(&start);
            }
            assert_int_equal(solved, t.size / 2);
            slide_board_free(&goal);
        }
    }
}

/* A sample of the 3x3 boards (every 23rd rank), standard goal and Luogu's. */
static void sampled_three_by_three(void **state)
{
    (void)state;
    const char *goals[] = {"1 2 3 4 5 6 7 8 x", "1 2 3 8 x 4 7 6 5"};
    for (int g = 0; g < 2; g++) {
        slide_board goal = testkit_board(goals[g], 3, 3);
        testkit_table t = {3, 3, 9, 362880, NULL};
        for (size_t rank = 0; rank < t.size; rank += 23) {
            slide_board start;
            testkit_unrank(&t, rank, &start);
            if (slide_solvable(&start, &goal))
                testkit_solve_not_optimal("strategy", &start, &goal, 1);
            slide_board_free(&start);
        }
        slide_board_free(&goal);
    }
}

static void solved_boards_take_no_moves(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 5);
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 9}, {9, 2}, {5, 5}, {4, 7}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int k = 0; k < 4; k++) {
            slide_board goal;
            if (k == 0)
                assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]),
                                 SLIDE_OK);
            else
                goal = random_goal(shapes[i][0], shapes[i][1], &rng);
            assert_int_equal(testkit_solve_not_optimal("strategy", &goal, &goal, 1), 0);
            slide_board_free(&goal);
        }
}

/*
 * A board one move from its goal gets exactly that move, wherever the goal's
 * blank is (corner, edge, middle) and whichever way the blank must go.
 */
static void one_move_boards_take_one_move(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 6);
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 9},
                                    {9, 2}, {4, 4}, {5, 5}, {3, 7}, {6, 4}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int k = 0; k < 6; k++) {
            slide_board goal;
            if (k == 0)
                assert_int_equal(slide_board_init_goal(&goal, shapes[i][0], shapes[i][1]),
                                 SLIDE_OK);
            else
                goal = random_goal(shapes[i][0], shapes[i][1], &rng);
            for (int m = 0; m < 4; m++) {
                slide_board start;
                assert_int_equal(slide_board_copy(&start, &goal), SLIDE_OK);
                if (slide_board_move(&start, slide_move_letters[m]) == SLIDE_OK)
                    assert_int_equal(testkit_solve_not_optimal("strategy", &start, &goal, 1), 1);
                slide_board_free(&start);
            }
            slide_board_free(&goal);
        }
}

/*
 * Mean answer length / n^3 of `strategy` on `seeds` random n x n boards
 * (standard goal), each answer replayed to the goal.
 */
static double mean_length_over_n_cubed(int n, int seeds, uint64_t seed)
{
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    uint64_t total = 0;
    for (int k = 0; k < seeds; k++) {
        slide_board goal, start;
        assert_int_equal(slide_board_init_goal(&goal, n, n), SLIDE_OK);
        assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        total += testkit_solve_not_optimal("strategy", &start, &goal, 1);
        slide_board_free(&start);
        slide_board_free(&goal);
    }
    return (double)total / seeds / ((double)n * n * n);
}

static void answers_average_at_most_1_86_n_cubed(void **state)
{
    (void)state;
    /*
     * 2.2 n^3 is the promise; on these 30 boards the answers average 1.817
     * n^3 with trials (trials.c, strat_best_of), 1.887 without, 1.910 before
     * tiles' courses, 1.915 before routes left the placed rows first, 2.007
     * before each open step weighed its other ways (tile.c, open_steps):
     * 1.86 keeps most of the trials' gain.
     */
    double ratio = mean_length_over_n_cubed(10, 30, 10);
    if (ratio > 1.86)
        fail_msg("mean %.3f n^3 moves on 10x10 boards", ratio);
}

static void strips_of_trains_reach_every_goal(void **state)
{
    (void)state;
    /*
     * Strips (strip.c, strat_fill_strip) start at 12 rows and columns;
     * arbitrary goals put the final region anywhere, so strips are filled
     * from every side and end, and rectangles to 22 cells a side hold
     * several strips and deep trains.
     */
    random_shapes(12, 22, 1, 0, 11);
    random_shapes(12, 22, 2, 1, 13);
}

static void deep_strips_reach_every_goal(void **state)
{
    (void)state;
    /*
     * From 40 rows and columns (tuning.h, STRAT_DEEP_STRIP_MIN) strips are
     * of 4 rows, with trains of up to 4 tiles; then of 3 as the rectangle
     * shrinks below it.
     */
    random_shapes(40, 43, 1, 0, 17);
    random_shapes(40, 43, 1, 1, 19);
}

static void a_train_that_cannot_be_built_goes_home_tile_by_tile(void **state)
{
    (void)state;
    /*
     * The boards of `slide gen --size 16x16 --seed 1 --count 20`: on the
     * 4th and the 5th a tile of a train stood above the stack it was to
     * join, and the train went home one tile at a time (found by a counter
     * in the train code when this test was written).
     */
    (void)mean_length_over_n_cubed(16, 20, 1);
}

static void trials_trains_and_courses_shorten_30x30_answers(void **state)
{
    (void)state;
    /*
     * On these 10 boards the answers average 1.751 n^3 with trials
     * (trials.c, strat_best_of), 1.837 without, with strips of trains and tiles'
     * courses (tile.c, course_next), 1.871 with the trains alone and 1.933
     * n^3 with rows alone (tests/bench/README.md has the larger boards);
     * 1.78 keeps most of the trials' gain.
     */
    double ratio = mean_length_over_n_cubed(30, 10, 30);
    if (ratio > 1.78)
        fail_msg("mean %.3f n^3 moves on 30x30 boards", ratio);
}

static void boards_either_side_of_the_trials_limit_reach_their_goals(void **state)
{
    (void)state;
    /*
     * Boards of at most 16,384 cells (tuning.h,
     * STRAT_TRIAL_CELLS) make each placement and column every way trials
     * list and keep the best; larger ones make the default way alone.
     * 128x128 is at the limit, 128x129 and 129x129 over it.
     */
    random_shapes(128, 129, 1, 1, 23);
}

/* Collects streamed pieces into a growing string. */
typedef struct collected {
    char *data;
    size_t len;
    size_t calls;
    size_t cancel_after; /* 0 = never */
} collected;

static int collect(void *ctx, const char *moves, size_t len)
{
    collected *c = ctx;
    c->calls++;
    if (c->cancel_after && c->calls >= c->cancel_after)
        return 1;
    c->data = realloc(c->data, c->len + len + 1);
    assert_non_null(c->data);
    memcpy(c->data + c->len, moves, len);
    c->len += len;
    c->data[c->len] = '\0';
    return 0;
}

static void streamed_and_counted_answers_match_the_stored_one(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 11);
    slide_board goal = random_goal(30, 30, &rng), start;
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "strategy";
    slide_solution stored, streamed, counted;
    assert_int_equal(slide_solve(&start, &goal, &opt, &stored, NULL), SLIDE_OK);
    testkit_assert_solves(&start, &goal, stored.moves);

    collected c = {NULL, 0, 0, 0};
    opt.sink = collect;
    opt.sink_ctx = &c;
    assert_int_equal(slide_solve(&start, &goal, &opt, &streamed, NULL), SLIDE_OK);
    assert_null(streamed.moves);
    assert_true(c.calls > 1); /* tens of thousands of moves come in pieces */
    assert_int_equal(streamed.length, stored.length);
    assert_string_equal(c.data, stored.moves);

    opt.sink = NULL;
    opt.count_only = 1;
    assert_int_equal(slide_solve(&start, &goal, &opt, &counted, NULL), SLIDE_OK);
    assert_null(counted.moves);
    assert_int_equal(counted.length, stored.length);

    free(c.data);
    slide_solution_free(&stored);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static void a_sink_can_cancel(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 12);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 40, 40), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "strategy";
    collected c = {NULL, 0, 0, 2};
    opt.sink = collect;
    opt.sink_ctx = &c;
    slide_solution sol;
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, NULL), SLIDE_E_CANCELLED);
    assert_int_equal(c.calls, 2);
    free(c.data);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static void memory_cap_stops_with_a_note(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 13);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 50, 50), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    opt.algo = "strategy";
    slide_solution sol;
    slide_stats st = slide_stats_init();
    /* too small for the board itself */
    limits.max_memory = 4096;
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_non_null(strstr(st.note, "50x50"));
    /* room for the board but not for a stored answer of ~250000 moves */
    limits.max_memory = 100000;
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
    assert_true(st.peak_memory <= 100000);
    /* counting needs no room for the answer */
    opt.count_only = 1;
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, &st), SLIDE_OK);
    assert_true(sol.length > 100000);
    slide_board_free(&start);
    slide_board_free(&goal);
}

/*
 * Failing each allocation of a solve in turn (stored, streamed and counted
 * answers) ends every time in SLIDE_E_NOMEM or a correct answer, and the
 * sanitizer build checks that nothing leaks on the way.
 */
static void every_allocation_failure_ends_cleanly(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 19);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 9, 7), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    for (int mode = 0; mode < 3; mode++) {
        int succeeded = 0;
        for (unsigned long k = 1; k < 200 && !succeeded; k++) {
            slide_solve_options opt = slide_solve_options_init();
            opt.algo = "strategy";
            collected c = {NULL, 0, 0, 0};
            if (mode == 1) {
                opt.sink = collect;
                opt.sink_ctx = &c;
            }
            opt.count_only = mode == 2;
            slide_solution sol;
            int status = slide_testing_solve_failing(&start, &goal, &opt, k, &sol, NULL);
            if (status == SLIDE_OK) {
                succeeded = 1;
                if (mode == 0)
                    testkit_assert_solves(&start, &goal, sol.moves);
                if (mode == 1)
                    testkit_assert_solves(&start, &goal, c.data);
            } else {
                assert_int_equal(status, SLIDE_E_NOMEM);
            }
            free(c.data);
            slide_solution_free(&sol);
        }
        assert_true(succeeded);
    }
    slide_board_free(&start);
    slide_board_free(&goal);
}

static void unsolvable_boards_never_start(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 14);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 6, 9), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_UNSOLVABLE, 0, &rng), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "strategy";
    slide_solution sol;
    assert_int_equal(slide_solve(&start, &goal, &opt, &sol, NULL), SLIDE_E_UNSOLVABLE);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static void table_row_and_auto_choice(void **state)
{
    (void)state;
    const slide_algo_info *info = slide_algo_by_name("strategy");
    assert_non_null(info);
    assert_true(info->flags & SLIDE_ALGO_ANY_SIZE);
    assert_false(info->flags & SLIDE_ALGO_OPTIMAL);
    assert_false(info->flags & (SLIDE_ALGO_PACKED | SLIDE_ALGO_WIDE));

    slide_board b;
    /* auto runs beam above 16 cells and reduce (strategy, then beam) above 254 */
    assert_int_equal(slide_board_init_goal(&b, 4, 5), SLIDE_OK); /* 20 cells */
    assert_string_equal(slide_algo_auto(&b), "beam");
    slide_board_free(&b);
    assert_int_equal(slide_board_init_goal(&b, 100, 3), SLIDE_OK);
    assert_string_equal(slide_algo_auto(&b), "reduce");
    slide_board_free(&b);
    assert_int_equal(slide_board_init_goal(&b, 4, 4), SLIDE_OK); /* 16 cells: an optimal method */
    assert_string_not_equal(slide_algo_auto(&b), "strategy");
    slide_board_free(&b);

    /*
     * auto on a large board without cached pattern databases (no disk
     * cache here: other tests may have filled the test cache) runs beam
     * and says the answer is not optimal
     */
    slide_rng rng;
    slide_rng_seed(&rng, 15);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 5, 5), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_solution sol;
    slide_stats st = slide_stats_init();
    slide_solve_options no_cache = slide_solve_options_init();
    slide_pdb_options no_cache_pdb = slide_pdb_options_init();
    no_cache.pdb = &no_cache_pdb;
    no_cache_pdb.no_disk_cache = 1;
    assert_int_equal(slide_solve(&start, &goal, &no_cache, &sol, &st), SLIDE_OK);
    assert_string_equal(st.algo, "beam");
    assert_false(st.optimal);
    testkit_assert_solves(&start, &goal, sol.moves);
    slide_solution_free(&sol);
    slide_board_free(&start);
    slide_board_free(&goal);
}

/* A board as spaced text with '/' row marks (caller frees). */
static char *format_board(const slide_board *board)
{
    size_t n = (size_t)board->rows * (size_t)board->cols, cap = n * 8 + 16, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (size_t i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i % (size_t)board->cols == 0 ? "/" : " ";
        if (board->cells[i])
            len += (size_t)snprintf(text + len, cap - len, "%s%u", sep, (unsigned)board->cells[i]);
        else
            len += (size_t)snprintf(text + len, cap - len, "%sx", sep);
    }
    return text;
}

/* A random board of the shape that reaches the standard goal, and its text. */
static char *board_text(int rows, int cols, uint64_t seed, slide_board *board)
{
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, rows, cols), SLIDE_OK);
    assert_int_equal(slide_generate(board, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_board_free(&goal);
    return format_board(board);
}

/* The first line of s, NUL-terminated in a new string. */
static char *first_line(const char *s)
{
    size_t n = strcspn(s, "\n");
    char *line = malloc(n + 1);
    assert_non_null(line);
    memcpy(line, s, n);
    line[n] = '\0';
    return line;
}

static void cli_solves_20x20_with_strategy_and_auto(void **state)
{
    (void)state;
    slide_board board;
    char *text = board_text(20, 20, 16, &board);

    const char *strategy_args[] = {"solve", "--algo", "strategy", text, NULL};
    testkit_run r = testkit_slide(strategy_args, NULL);
    assert_int_equal(r.status, 0);
    char *moves = first_line(r.out);
    assert_int_equal(strlen(r.out), strlen(moves) + 1); /* one line, one newline */
    testkit_assert_solves(&board, NULL, moves);
    assert_null(strstr(r.err, "note")); /* asked for by name: nothing to say */
    testkit_run_free(&r);

    /* auto (reduce: strategy, then beam on the last 10x10): no longer; two boards, the note once */
    size_t len = strlen(text);
    char *input = malloc(2 * len + 3);
    assert_non_null(input);
    snprintf(input, 2 * len + 3, "%s\n%s\n", text, text);
    const char *auto_args[] = {"solve", NULL};
    r = testkit_slide(auto_args, input);
    assert_int_equal(r.status, 0);
    char *first = first_line(r.out);
    /* what matters: a valid answer replayed to the goal, no longer than strategy's */
    testkit_assert_solves(&board, NULL, first);
    assert_true(strlen(first) <= strlen(moves));
    char *second = first_line(r.out + strlen(first) + 1);
    testkit_assert_solves(&board, NULL, second);
    assert_true(strlen(second) <= strlen(moves));
    free(second);
    const char *note = strstr(r.err, "not proven optimal");
    assert_non_null(note);
    assert_null(strstr(note + 1, "not proven optimal"));
    testkit_run_free(&r);

    const char *steps_args[] = {"solve", "-a", "strategy", "-o", "steps", text, NULL};
    r = testkit_slide(steps_args, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strtoull(r.out, NULL, 10), strlen(moves));
    testkit_run_free(&r);

    const char *json_args[] = {"solve", "-a", "strategy", "-o", "json", text, NULL};
    r = testkit_slide(json_args, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"optimal\":false"));
    assert_non_null(strstr(r.out, "\"algo\":\"strategy\""));
    assert_non_null(strstr(r.out, moves));
    /* the proven bound: at least the Manhattan distance, at most the answer */
    const char *bound_at = strstr(r.out, "\"lower_bound\":");
    assert_non_null(bound_at);
    unsigned long long bound = strtoull(bound_at + strlen("\"lower_bound\":"), NULL, 10);
    unsigned long long manhattan = 0;
    for (int c = 0; c < 400; c++) {
        int t = (int)board.cells[c], home = t ? t - 1 : 399;
        if (t)
            manhattan += (unsigned long long)(abs(c / 20 - home / 20) + abs(c % 20 - home % 20));
    }
    assert_true(bound >= manhattan);
    assert_true(bound < strlen(moves));
    testkit_run_free(&r);

    const char *stats_args[] = {"solve", "-a", "strategy", "--stats", "-o", "steps", text, NULL};
    r = testkit_slide(stats_args, NULL);
    assert_int_equal(r.status, 0);
    char said[64];
    snprintf(said, sizeof said, "not optimal: at least %llu moves", bound);
    assert_non_null(strstr(r.err, said));
    testkit_run_free(&r);

    free(first);
    free(input);
    free(moves);
    free(text);
    slide_board_free(&board);
}

static void cli_unsolvable_and_bad_boards_print_as_before(void **state)
{
    (void)state;
    slide_board board, flipped;
    char *text = board_text(20, 20, 17, &board);
    /* two tiles swapped: the other parity class */
    assert_int_equal(slide_board_copy(&flipped, &board), SLIDE_OK);
    int a = flipped.cells[0] ? 0 : 2, b = flipped.cells[1] ? 1 : 2;
    uint32_t t = flipped.cells[a];
    flipped.cells[a] = flipped.cells[b];
    flipped.cells[b] = t;
    char *flipped_text = format_board(&flipped);
    const char *args_unsolvable[] = {"solve", "--algo", "strategy", flipped_text, NULL};
    testkit_run r = testkit_slide(args_unsolvable, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "unsolvable\n");
    testkit_run_free(&r);

    /* a bad line in a batch: `error` on its line, the next board still answered */
    const char *bad = "1 2 3 x 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 99\n";
    size_t total = strlen(bad) + strlen(text) + 2;
    char *input = malloc(total);
    assert_non_null(input);
    snprintf(input, total, "%s%s\n", bad, text);
    const char *args[] = {"solve", "--algo", "strategy", "--size", "20x20", NULL};
    r = testkit_slide(args, input);
    assert_int_equal(r.status, 1);
    assert_true(strncmp(r.out, "error\n", 6) == 0);
    char *moves = first_line(r.out + 6);
    testkit_assert_solves(&board, NULL, moves);
    testkit_run_free(&r);

    free(moves);
    free(input);
    free(flipped_text);
    slide_board_free(&flipped);
    free(text);
    slide_board_free(&board);
}

/*
 * A 100x100 board (a 49 KB line) through stdin: its answer of about 2
 * million moves is past what the command holds back, so it is streamed;
 * it must still be one line that replays to the goal.
 */
static void cli_streams_a_100x100_answer(void **state)
{
    (void)state;
    slide_board board;
    char *text = board_text(100, 100, 18, &board);
    size_t len = strlen(text);
    char *input = malloc(len + 2);
    assert_non_null(input);
    memcpy(input, text, len);
    memcpy(input + len, "\n", 2);
    const char *args[] = {"solve", "--algo", "strategy", NULL};
    testkit_run r = testkit_slide(args, input);
    assert_int_equal(r.status, 0);
    size_t out_len = strlen(r.out);
    assert_true(out_len > ((size_t)1 << 20));
    assert_int_equal(r.out[out_len - 1], '\n');
    r.out[out_len - 1] = '\0';
    assert_null(strchr(r.out, '\n'));
    testkit_assert_solves(&board, NULL, r.out);
    testkit_run_free(&r);
    free(input);
    free(text);
    slide_board_free(&board);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(random_boards_of_every_shape_reach_the_goal),
    cmocka_unit_test(random_boards_reach_arbitrary_goals),
    cmocka_unit_test(narrow_boards_many_seeds),
    cmocka_unit_test(every_board_of_small_shapes),
    cmocka_unit_test(sampled_three_by_three),
    cmocka_unit_test(solved_boards_take_no_moves),
    cmocka_unit_test(one_move_boards_take_one_move),
    cmocka_unit_test(answers_average_at_most_1_86_n_cubed),
    cmocka_unit_test(strips_of_trains_reach_every_goal),
    cmocka_unit_test(a_train_that_cannot_be_built_goes_home_tile_by_tile),
    cmocka_unit_test(deep_strips_reach_every_goal),
    cmocka_unit_test(trials_trains_and_courses_shorten_30x30_answers),
    cmocka_unit_test(boards_either_side_of_the_trials_limit_reach_their_goals),
    cmocka_unit_test(streamed_and_counted_answers_match_the_stored_one),
    cmocka_unit_test(a_sink_can_cancel),
    cmocka_unit_test(memory_cap_stops_with_a_note),
    cmocka_unit_test(every_allocation_failure_ends_cleanly),
    cmocka_unit_test(unsolvable_boards_never_start),
    cmocka_unit_test(table_row_and_auto_choice),
    cmocka_unit_test(cli_solves_20x20_with_strategy_and_auto),
    cmocka_unit_test(cli_unsolvable_and_bad_boards_print_as_before),
    cmocka_unit_test(cli_streams_a_100x100_answer),
};

TESTKIT_MAIN(tests)
