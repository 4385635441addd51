/*
 * test_search.c - every optimal algorithm against the exhaustive table and
 * against each other.
 *
 * The methods under test are read from the algorithm table: every row
 * flagged SLIDE_ALGO_OPTIMAL with SLIDE_ALGO_PACKED or SLIDE_ALGO_WIDE, and for a row flagged
 * SLIDE_ALGO_HEURISTIC one method per heuristic, so an algorithm or a
 * heuristic added later is covered without editing this file.  A heuristic
 * whose tables do not fit a modest cap (the search fails with MEMLIMIT
 * before expanding anything) is skipped with a message on stderr.  Every
 * answer is replayed to the goal by the testkit's own move rules.
 */
#include "testkit.h"

#include "search/search.h"
#include "heuristic/heuristic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cap every solve here runs under: ample for these boards. */
#define TEST_CAP ((size_t)256 << 20)

typedef struct method {
    const char *algo;
    const char *heuristic; /* NULL: the algorithm's default or none */
    unsigned flags;
    int skipped; /* its tables did not fit TEST_CAP */
} method;

static method methods[64];
static size_t method_count;
/* Built tables (exhaustive distances, pattern databases) shared by one case's solves. */
static slide_context *context;

static void collect_methods(void)
{
    method_count = 0;
    if (!context)
        assert_int_equal(slide_context_create(&context, NULL), SLIDE_OK);
    for (size_t i = 0; i < slide_algo_count(); i++) {
        const slide_algo_info *a = slide_algo_at(i);
        if (!(a->flags & SLIDE_ALGO_OPTIMAL) ||
            !(a->flags & (SLIDE_ALGO_PACKED | SLIDE_ALGO_WIDE)))
            continue;
        if (!(a->flags & SLIDE_ALGO_HEURISTIC)) {
            methods[method_count++] = (method){a->name, NULL, a->flags, 0};
            continue;
        }
        for (size_t h = 0; h < slide_heuristic_count(); h++)
            methods[method_count++] = (method){a->name, slide_heuristic_at(h)->name, a->flags, 0};
    }
    assert_true(method_count >= 4); /* bfs, bibfs, astar manhattan, astar linear at least */
}

static void release_methods(void)
{
    slide_context_free(context);
    context = NULL;
}

/* Options for one solve by m: the shared context, no pattern databases on disk. */
static slide_solve_options options_for(const method *m)
{
    static const slide_limits limits = {.size = sizeof limits, .max_memory = TEST_CAP};
    /* builds in well under a second; pruning is not what is tested */
    static const slide_pdb_options pdb = {.size = sizeof pdb, .no_disk_cache = 1, .max_group = 4};
    slide_solve_options opt = slide_solve_options_init();
    opt.context = context;
    opt.algo = m->algo;
    opt.heuristic = m->heuristic;
    opt.limits = &limits;
    opt.pdb = &pdb;
    return opt;
}

static int method_fits(const method *m, int cells)
{
    return !m->skipped && !((m->flags & SLIDE_ALGO_SMALL) && cells > SLIDE_MAX_TABLE_CELLS) &&
           !((m->flags & SLIDE_ALGO_PACKED) && cells > SLIDE_MAX_PACKED_CELLS);
}

/*
 * Solves start -> goal with m and checks the answer replays to the goal.
 * Returns the length, or -1 when the method does not apply (and is marked
 * skipped if its tables did not fit the cap).
 */
static int solve_with(method *m, const slide_board *start, const slide_board *goal)
{
    if (!method_fits(m, start->rows * start->cols))
        return -1;
    slide_solve_options opt = options_for(m);
    slide_solution sol;
    slide_stats st = slide_stats_init();
    int status = slide_solve(start, goal, &opt, &sol, &st);
    if (status == SLIDE_E_MEMLIMIT && st.expanded == 0 && m->heuristic) {
        fprintf(stderr, "skipping %s with %s: its tables need more than %zu MiB (%s)\n", m->algo,
                m->heuristic, TEST_CAP >> 20, st.note);
        m->skipped = 1;
        return -1;
    }
    if (status != SLIDE_OK)
        fail_msg("%s/%s: status %d (%s) %s", m->algo, m->heuristic ? m->heuristic : "-", status,
                 slide_strerror(status), st.note);
    assert_string_equal(st.algo, m->algo);
    assert_true(st.optimal);
    assert_int_equal(strlen(sol.moves), sol.length);
    testkit_assert_solves(start, goal, sol.moves);
    int length = (int)sol.length;
    slide_solution_free(&sol);
    return length;
}

/* bfs and the exhaustive-table methods redo a whole search space per board. */
static int exhaustive(const method *m)
{
    return strcmp(m->algo, "bfs") == 0 || (m->flags & SLIDE_ALGO_SMALL);
}

/*
 * Every method that applies gives `expected` moves, or when expected < 0
 * the same number as the first; the exhaustive ones run only when
 * with_exhaustive is set.  Returns the length they agree on.
 */
static int check_all(const slide_board *start, const slide_board *goal, int expected,
                     int with_exhaustive)
{
    for (size_t i = 0; i < method_count; i++) {
        if (!with_exhaustive && exhaustive(&methods[i]))
            continue;
        int got = solve_with(&methods[i], start, goal);
        if (got < 0)
            continue;
        if (expected < 0)
            expected = got;
        if (got != expected)
            fail_msg("%s/%s found %d moves where %d is optimal", methods[i].algo,
                     methods[i].heuristic ? methods[i].heuristic : "-", got, expected);
    }
    return expected;
}

static void every_two_by_three_and_three_by_two_board(void **state)
{
    (void)state;
    collect_methods();
    const char *goals[] = {"1 2 3 4 5 x", "x 1 2 3 4 5", "3 5 1 x 2 4"};
    for (int shape = 0; shape < 2; shape++) {
        for (size_t g = 0; g < 3; g++) {
            slide_board goal = testkit_board(goals[g], shape ? 3 : 2, shape ? 2 : 3);
            testkit_table t;
            testkit_table_build(&t, &goal);
            for (size_t rank = 0; rank < t.size; rank++) {
                if (t.dist[rank] < 0)
                    continue;
                slide_board b;
                testkit_unrank(&t, rank, &b);
                check_all(&b, &goal, t.dist[rank], 1);
                slide_board_free(&b);
            }
            testkit_table_free(&t);
            slide_board_free(&goal);
        }
    }
    release_methods();
}

/*
 * Random boards of a shape of at most 9 cells for a few random goals, each
 * checked against the exhaustive table.  The exhaustive methods, slowest
 * here, see every exhaustive_every-th board (test_bfs.c covers bfs alone).
 */
static void random_boards_against_table(int rows, int cols, int goals, int boards,
                                        int exhaustive_every, uint64_t seed)
{
    collect_methods();
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    slide_board standard;
    assert_int_equal(slide_board_init_goal(&standard, rows, cols), SLIDE_OK);
    for (int g = 0; g < goals; g++) {
        slide_board goal;
        if (g == 0)
            assert_int_equal(slide_board_copy(&goal, &standard), SLIDE_OK);
        else
            assert_int_equal(slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (int k = 0; k < boards; k++) {
            slide_board b;
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            check_all(&b, &goal, testkit_table_distance(&t, &b), k % exhaustive_every == 0);
            slide_board_free(&b);
        }
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
    slide_board_free(&standard);
    release_methods();
}

static void random_three_by_three_boards_random_goals(void **state)
{
    (void)state;
    random_boards_against_table(3, 3, 4, 500, 100, 31);
}

static void random_two_by_four_and_four_by_two_boards(void **state)
{
    (void)state;
    random_boards_against_table(2, 4, 2, 150, 10, 24);
    random_boards_against_table(4, 2, 2, 150, 10, 42);
}

/*
 * Boards within `walk` moves of a goal (the standard one, then a random one
 * every goal_every boards), too large for the testkit's table: the methods
 * must agree with each other and beat the walk; bfs, the reference, runs
 * on the boards of the shortest walks.
 */
static void walks_agree(int rows, int cols, int boards, int goal_every, int walk, int bfs_walk,
                        uint64_t seed)
{
    collect_methods();
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    slide_board standard, goal;
    assert_int_equal(slide_board_init_goal(&standard, rows, cols), SLIDE_OK);
    for (int k = 0; k < boards; k++) {
        if (k % goal_every == 0) {
            if (k)
                slide_board_free(&goal);
            if (k == 0)
                assert_int_equal(slide_board_copy(&goal, &standard), SLIDE_OK);
            else
                assert_int_equal(slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng),
                                 SLIDE_OK);
        }
        int steps = k % 4 == 0 ? bfs_walk : walk;
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, (uint64_t)steps, &rng),
                         SLIDE_OK);
        assert_true(check_all(&b, &goal, -1, steps <= bfs_walk) <= steps);
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    slide_board_free(&standard);
    release_methods();
}

static void three_by_four_and_four_by_three_walks(void **state)
{
    (void)state;
    walks_agree(3, 4, 120, 60, 30, 16, 34);
    walks_agree(4, 3, 120, 60, 30, 16, 43);
}

static void four_by_four_walks_of_thirty(void **state)
{
    (void)state;
    walks_agree(4, 4, 40, 60, 30, 14, 44);
}

/*
 * Boards of 17 to 25 cells (the wide state): bfs, astar and idastar with
 * every heuristic agree, from the standard goal and random ones, and beat
 * the walk.  The pattern databases here are groups of four (options_for).
 */
static void two_by_nine_and_nine_by_two_walks(void **state)
{
    (void)state;
    walks_agree(2, 9, 24, 8, 28, 16, 29);
    walks_agree(9, 2, 12, 6, 28, 16, 92);
}

static void three_by_six_and_six_by_three_walks(void **state)
{
    (void)state;
    walks_agree(3, 6, 24, 8, 28, 16, 36);
    walks_agree(6, 3, 12, 6, 28, 16, 63);
}

static void four_by_five_and_five_by_four_walks(void **state)
{
    (void)state;
    walks_agree(4, 5, 24, 8, 28, 16, 45);
    walks_agree(5, 4, 12, 6, 28, 16, 54);
}

static void five_by_five_and_two_by_twelve_walks(void **state)
{
    (void)state;
    walks_agree(5, 5, 24, 8, 26, 14, 55);
    walks_agree(2, 12, 12, 6, 26, 14, 212);
}

/* Known optimal lengths from the judges' samples and the 3x3 extremes. */
static void known_boards(void **state)
{
    (void)state;
    collect_methods();
    struct {
        const char *board, *goal;
        int steps;
    } cases[] = {
        {"2 3 4 1 5 x 7 6 8", NULL, 19},
        {"8 6 7 2 5 4 3 x 1", NULL, 31},
        {"6 4 7 8 5 x 3 2 1", NULL, 31},
        {"283104765", "123804765", 4},
        {"[[4,1,2],[5,0,3]]", NULL, 5},
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", NULL, 0},
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", NULL, 1},
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15", NULL, 2},
        {"1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        slide_board b = testkit_board(cases[i].board, 0, 0), goal;
        if (cases[i].goal)
            goal = testkit_board(cases[i].goal, 0, 0);
        else
            assert_int_equal(slide_board_init_goal(&goal, b.rows, b.cols), SLIDE_OK);
        check_all(&b, &goal, cases[i].steps, cases[i].steps < 25); /* test_bfs has the 31s */
        slide_board_free(&b);
        slide_board_free(&goal);
    }
    release_methods();
}

/* The same board gives the same move string every time, for every method. */
static void answers_are_deterministic(void **state)
{
    (void)state;
    collect_methods();
    slide_rng rng;
    slide_rng_seed(&rng, 7);
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 3, 4), SLIDE_OK);
    for (int k = 0; k < 5; k++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 20, &rng), SLIDE_OK);
        for (size_t i = 0; i < method_count; i++) {
            if (!method_fits(&methods[i], 12) || exhaustive(&methods[i]))
                continue; /* bfs keeps the first path found, deterministic by construction */
            slide_solve_options opt = options_for(&methods[i]);
            slide_solution first, second;
            if (slide_solve(&b, &goal, &opt, &first, NULL) != SLIDE_OK)
                continue; /* a heuristic too big for the cap; solve_with reports those */
            assert_int_equal(slide_solve(&b, &goal, &opt, &second, NULL), SLIDE_OK);
            assert_string_equal(first.moves, second.moves);
            slide_solution_free(&first);
            slide_solution_free(&second);
        }
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    release_methods();
}

/*
 * Evaluates heuristic `name` for goal on many states: never above the
 * true distance (admissible), zero at the goal.  Returns 0 when its
 * tables do not fit the cap.
 */
static int check_admissible(const char *name, const slide_board *goal, const testkit_table *t)
{
    const heuristic_impl *h = heuristic_find(name);
    assert_non_null(h);
    slide_limits limits = {.max_memory = TEST_CAP};
    search_budget budget;
    slide_stats stats = slide_stats_init();
    search_task search;
    budget_init(&budget, &limits);
    memset(&search, 0, sizeof search);
    search.start = goal;
    search.goal = goal;
    geometry_init(&search.shape, goal->rows, goal->cols);
    search.start_state = search.goal_state = state_pack(goal);
    search.budget = &budget;
    search.stats = &stats;
    void *ctx = NULL;
    int status = h->create(&search, &ctx);
    if (status == SLIDE_E_MEMLIMIT) {
        fprintf(stderr, "skipping heuristic %s: its tables need more than %zu MiB\n", name,
                TEST_CAP >> 20);
        return 0;
    }
    assert_int_equal(status, SLIDE_OK);
    assert_int_equal(h->estimate(ctx, search.goal_state), 0);
    slide_board b;
    for (size_t rank = 0; rank < t->size; rank++) {
        if (t->dist[rank] < 0)
            continue;
        testkit_unrank(t, rank, &b);
        unsigned est = h->estimate(ctx, state_pack(&b));
        if (est > (unsigned)t->dist[rank])
            fail_msg("%s estimates %u for a board %d moves from its goal", name, est,
                     t->dist[rank]);
        slide_board_free(&b);
    }
    h->destroy(ctx, &budget);
    assert_int_equal(budget.used, 0);
    return 1;
}

static void every_heuristic_is_admissible(void **state)
{
    (void)state;
    const char *goals[] = {"1 2 3 4 5 6 7 8 x", "8 x 6 5 4 7 2 3 1"};
    for (size_t g = 0; g < 2; g++) {
        slide_board goal = testkit_board(goals[g], 0, 0);
        testkit_table t;
        testkit_table_build(&t, &goal);
        for (size_t i = 0; i < slide_heuristic_count(); i++)
            check_admissible(slide_heuristic_at(i)->name, &goal, &t);
        testkit_table_free(&t);
        slide_board_free(&goal);
    }
}

static void unknown_or_misplaced_heuristic_is_an_error(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "astar";
    opt.heuristic = "no-such";
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_UNKNOWN_HEURISTIC);
    assert_null(sol.moves);
    assert_non_null(strstr(st.note, "no-such"));
    for (const char *const *a = (const char *const[]){"bfs", "bibfs", NULL}; *a; a++) {
        opt.algo = *a;
        opt.heuristic = "manhattan";
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
        assert_non_null(strstr(st.note, "no heuristic"));
    }
    slide_board_free(&b);
}

/*
 * A board too large for an algorithm is refused with what answers it
 * instead: idastar up to 25 cells, beam search up to 254, strategy above;
 * with a weight (astar or idastar, at most 25 cells), auto without one.
 */
static void too_large_boards_name_what_answers_them(void **state)
{
    (void)state;
    static const struct {
        int side;
        const char *algo;
        double weight;
        int remedy;
        const char *says;
    } cases[] = {
        {6, "idastar", 0, SLIDE_REMEDY_ALGO_BEAM, "idastar handles boards of at most 25 cells"},
        {16, "idastar", 0, SLIDE_REMEDY_ALGO_STRATEGY, "this one has 256"},
        {5, "bibfs", 0, SLIDE_REMEDY_ALGO_IDASTAR, "bibfs handles boards of at most 16 cells"},
        {4, "table", 0, SLIDE_REMEDY_ALGO_IDASTAR, "table handles boards of at most 9 cells"},
        {6, "astar", 1.5, SLIDE_REMEDY_AUTO_NO_WEIGHT,
         "astar handles at most 25 cells; this one has 36; without a weight auto answers it by "
         "beam search"},
        {6, NULL, 1.5, SLIDE_REMEDY_NO_WEIGHT,
         "with a weight auto runs idastar, which handles at most 25 cells; this one has 36; "
         "without a weight auto answers it by beam search"},
        {16, "auto", 2, SLIDE_REMEDY_NO_WEIGHT,
         "without a weight auto answers it by strategy and "
         "beam search"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        slide_board goal;
        assert_int_equal(slide_board_init_goal(&goal, cases[i].side, cases[i].side), SLIDE_OK);
        slide_board_move(&goal, 'u');
        slide_solve_options opt = slide_solve_options_init();
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.algo = cases[i].algo;
        opt.weight = cases[i].weight;
        assert_int_equal(slide_solve(&goal, NULL, &opt, &sol, &st), SLIDE_E_TOO_LARGE);
        assert_int_equal(st.remedy, cases[i].remedy);
        assert_non_null(strstr(st.note, cases[i].says));
        assert_null(sol.moves);
        slide_board_free(&goal);
    }
    /* without the weight, auto answers the 6x6 board */
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 6, 6), SLIDE_OK);
    slide_board_move(&goal, 'u');
    testkit_solve_not_optimal("auto", &goal, NULL, 1);
    slide_board_free(&goal);
}

/* --stats figures: filled by both new algorithms, heuristic named even when defaulted. */
static void stats_are_filled(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    const char *algos[] = {"bibfs", "astar"};
    for (int i = 0; i < 2; i++) {
        slide_solve_options opt = slide_solve_options_init();
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.algo = algos[i];
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_OK);
        assert_string_equal(st.algo, algos[i]);
        if (i == 1)
            assert_string_equal(st.heuristic, "manhattan");
        else
            assert_null(st.heuristic);
        assert_true(st.expanded > 0);
        assert_true(st.generated >= st.expanded);
        assert_true(st.peak_memory > 0);
        assert_true(st.seconds >= 0);
        assert_true(st.optimal);
        slide_solution_free(&sol);
    }
    slide_board_free(&b);
}

/*
 * linear_board_bound (any size, from boards) counts what the linear
 * heuristic counts on packed and wide states: random boards of 3x3 ... 5x5
 * against random goals, and the borrowed memory goes back.
 */
static void board_bound_is_linear_conflict(void **state)
{
    (void)state;
    const heuristic_impl *h = heuristic_find("linear");
    assert_non_null(h);
    const int shapes[][2] = {{3, 3}, {2, 7}, {4, 4}, {5, 5}, {3, 8}};
    slide_rng rng;
    slide_rng_seed(&rng, 7);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int rows = shapes[k][0], cols = shapes[k][1], wide = rows * cols > SLIDE_MAX_PACKED_CELLS;
        slide_board standard, goal;
        assert_int_equal(slide_board_init_goal(&standard, rows, cols), SLIDE_OK);
        assert_int_equal(slide_generate(&goal, &standard, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        slide_limits limits = slide_limits_init();
        limits.max_memory = TEST_CAP;
        search_budget budget;
        budget_init(&budget, &limits);
        slide_stats stats = slide_stats_init();
        search_task search;
        memset(&search, 0, sizeof search);
        search.start = search.goal = &goal;
        search.budget = &budget;
        search.stats = &stats;
        search_task_set_boards(&search, &goal, &goal);
        void *ctx = NULL;
        assert_int_equal(h->create(&search, &ctx), SLIDE_OK);
        for (int i = 0; i < 200; i++) {
            slide_board b;
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            uint64_t bound = 1;
            assert_int_equal(linear_board_bound(&b, &goal, &budget, &bound), SLIDE_OK);
            unsigned est = wide ? h->estimate_wide(ctx, state128_pack(&b))
                                : h->estimate(ctx, state_pack(&b));
            assert_int_equal(bound, est);
            slide_board_free(&b);
        }
        uint64_t bound = 1;
        assert_int_equal(linear_board_bound(&goal, &goal, &budget, &bound), SLIDE_OK);
        assert_int_equal(bound, 0);
        h->destroy(ctx, &budget);
        assert_int_equal(budget.used, 0);
        slide_board_free(&goal);
        slide_board_free(&standard);
    }
}

/*
 * Runs astar_solve on a 4x5 board (the wide state) with the Manhattan
 * distance at `weight` and an expansion cap on the first answer, as auto
 * sets one: returns its status, the answer in *moves (NULL when none), the
 * stats in *stats (peak_memory: the search's own peak).
 */
static int astar_capped(const slide_board *start, const slide_board *goal, double weight,
                        uint64_t node_cap, size_t max_memory, char **moves, slide_stats *stats)
{
    slide_limits limits = slide_limits_init();
    limits.max_memory = max_memory;
    search_budget budget;
    budget_init(&budget, &limits);
    *stats = slide_stats_init();
    move_list answer;
    memset(&answer, 0, sizeof answer);
    answer.budget = &budget;
    search_task search;
    memset(&search, 0, sizeof search);
    search.budget = &budget;
    search.stats = stats;
    search.moves = &answer;
    search.weight = (unsigned)(weight * IDA_WEIGHT_ONE + 0.5);
    search.node_cap = node_cap;
    search_task_set_boards(&search, start, goal);
    int status = astar_solve(&search);
    if (status == SLIDE_OK)
        status = move_list_flush(&answer);
    *moves = NULL;
    if (status == SLIDE_OK) {
        *moves = malloc(answer.len + 1);
        assert_non_null(*moves);
        memcpy(*moves, answer.data, answer.len);
        (*moves)[answer.len] = '\0';
    }
    budget_free(&budget, answer.data, answer.cap);
    assert_int_equal(budget.used, 0);
    stats->peak_memory = budget.peak;
    return status;
}

/*
 * Weighted A* that spends its first answer's expansions without one orders
 * its open list by weight 1.6 and goes on (the rescue): it answers within
 * 1.6 x optimal and says so, or, once as many expansions again are spent,
 * stops with IDA_NODE_CAP and nothing written, for auto's ladder.  At
 * weight 1 a cap is never a reason to loosen the answer.
 */
static void astar_rescue_reorders_at_a_larger_weight(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 4, 5), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 7);
    slide_board b;
    assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 60, &rng), SLIDE_OK);
    char *moves;
    slide_stats st;
    assert_int_equal(astar_capped(&b, &goal, 1, 0, TEST_CAP, &moves, &st), SLIDE_OK);
    size_t shortest = strlen(moves);
    free(moves);

    /* uncapped at 1.1, and capped at 1.1 but given the room: no rescue */
    assert_int_equal(astar_capped(&b, &goal, 1.1, 0, TEST_CAP, &moves, &st), SLIDE_OK);
    uint64_t uncapped = st.expanded;
    free(moves);
    int rescued = 0, refused = 0;
    for (uint64_t cap = 1; cap <= 2 * uncapped; cap *= 2) {
        int status = astar_capped(&b, &goal, 1.1, cap, TEST_CAP, &moves, &st);
        if (status == IDA_NODE_CAP) {
            assert_null(moves);
            assert_true(st.expanded <= 2 * cap);
            refused++;
            continue;
        }
        assert_int_equal(status, SLIDE_OK);
        testkit_assert_solves(&b, &goal, moves);
        assert_true(strlen(moves) >= shortest);
        if (strstr(st.note, "went on at weight 1.6")) {
            assert_true(st.weight == 1.6);
            assert_true((double)strlen(moves) <= 1.6 * (double)shortest);
            rescued++;
        } else {
            assert_true(st.weight == 1.1);
            assert_true((double)strlen(moves) <= 1.1 * (double)shortest);
        }
        free(moves);
    }
    assert_true(rescued > 0 && refused > 0);

    /* weight 1 with a cap: optimal or nothing */
    int status = astar_capped(&b, &goal, 1, 8, TEST_CAP, &moves, &st);
    assert_true(status == SLIDE_OK || status == IDA_NODE_CAP);
    if (status == SLIDE_OK) {
        assert_int_equal(strlen(moves), shortest);
        free(moves);
    }
    slide_board_free(&b);
    slide_board_free(&goal);
}

/*
 * A board whose weighted search passes ASTAR_HEADED_STATES (65,536
 * states): with room under the cap its map grows at once to 2,000,000
 * states' room (seen_reserve), under a tighter cap it doubles as it fills;
 * the answer and the expansions are the same either way.
 */
static void astar_map_grows_at_once_when_headed_for_millions(void **state)
{
    (void)state;
    slide_board goal, b;
    assert_int_equal(slide_board_init_goal(&goal, 4, 5), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 8);
    assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 80, &rng), SLIDE_OK);
    char *moves, *roomy;
    slide_stats st, roomy_st;
    assert_int_equal(astar_capped(&b, &goal, 1.5, 0, (size_t)1 << 30, &roomy, &roomy_st), SLIDE_OK);
    assert_true(roomy_st.generated > 2 * 65536);
    assert_int_equal(astar_capped(&b, &goal, 1.5, 0, TEST_CAP, &moves, &st), SLIDE_OK);
    assert_string_equal(moves, roomy);
    assert_int_equal(st.expanded, roomy_st.expanded);
    /* the doublings' last copy held the old map beside the new one; the early growth did not */
    assert_true(roomy_st.peak_memory < st.peak_memory);
    testkit_assert_solves(&b, &goal, moves);
    free(moves);
    free(roomy);
    slide_board_free(&b);
    slide_board_free(&goal);
}

/*
 * stats.lower_bound: an optimal answer's length, else a bound at most the
 * exhaustive distance (so at most the answer); every answer replayed.
 */
static void lower_bound_is_proven(void **state)
{
    (void)state;
    slide_board goal = testkit_board("8 x 6 5 4 7 2 3 1", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    slide_rng rng;
    slide_rng_seed(&rng, 11);
    const char *algos[] = {"strategy", "astar", "bfs"};
    int strictly_below = 0;
    for (int i = 0; i < 300; i++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        uint64_t dist = (uint64_t)testkit_table_distance(&t, &b);
        for (size_t a = 0; a < 3; a++) {
            slide_solve_options opt = slide_solve_options_init();
            opt.algo = algos[a];
            slide_solution sol;
            slide_stats st = slide_stats_init();
            assert_int_equal(slide_solve(&b, &goal, &opt, &sol, &st), SLIDE_OK);
            testkit_assert_solves(&b, &goal, sol.moves);
            if (st.optimal) {
                assert_int_equal(st.lower_bound, sol.length);
                assert_int_equal(sol.length, dist);
            } else {
                assert_true(st.lower_bound <= dist);
                assert_true(st.lower_bound > 0 || dist == 0);
                strictly_below += st.lower_bound < sol.length;
            }
            slide_solution_free(&sol);
        }
        slide_board_free(&b);
    }
    assert_true(strictly_below > 0); /* strategy ran, and its answers were not all shortest */
    slide_board unsolvable = testkit_board("8 x 6 5 4 7 2 1 3", 0, 0);
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&unsolvable, &goal, NULL, &sol, &st), SLIDE_E_UNSOLVABLE);
    assert_int_equal(st.lower_bound, 0);
    slide_board_free(&unsolvable);
    testkit_table_free(&t);
    slide_board_free(&goal);
}

/* On a board with linear conflicts, the better heuristic expands fewer nodes. */
static void linear_conflict_expands_fewer_nodes(void **state)
{
    (void)state;
    slide_board b = testkit_board("6 10 11 x 5 3 7 4 9 1 8 2", 0, 0);
    uint64_t expanded[2];
    const char *names[] = {"manhattan", "linear"};
    for (int i = 0; i < 2; i++) {
        slide_solve_options opt = slide_solve_options_init();
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.algo = "astar";
        opt.heuristic = names[i];
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_OK);
        assert_int_equal(sol.length, 28);
        expanded[i] = st.expanded;
        slide_solution_free(&sol);
    }
    assert_true(expanded[1] < expanded[0]);
    slide_board_free(&b);
}

static void command_line(void **state)
{
    (void)state;
    const char *bibfs[] = {"solve", "-a", "bibfs", "2 3 4 1 5 x 7 6 8", NULL};
    testkit_run r = testkit_slide(bibfs, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(strlen(r.out), 20); /* 19 moves and a newline */
    testkit_run_free(&r);

    const char *linear[] = {
        "solve", "-a", "astar", "-H", "linear", "--stats", "-o", "json", "2 3 4 1 5 x 7 6 8", NULL};
    r = testkit_slide(linear, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"steps\":19"));
    assert_non_null(strstr(r.out, "\"algo\":\"astar\""));
    assert_non_null(strstr(r.err, "algo astar, heuristic linear, expanded "));
    testkit_run_free(&r);

    const char *misplaced[] = {"solve", "-H", "linear", "-a", "bibfs", "1 2 3 4 5 6 7 x 8", NULL};
    r = testkit_slide(misplaced, NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "bibfs uses no heuristic"));
    testkit_run_free(&r);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_two_by_three_and_three_by_two_board),
    cmocka_unit_test(random_three_by_three_boards_random_goals),
    cmocka_unit_test(random_two_by_four_and_four_by_two_boards),
    cmocka_unit_test(three_by_four_and_four_by_three_walks),
    cmocka_unit_test(four_by_four_walks_of_thirty),
    cmocka_unit_test(two_by_nine_and_nine_by_two_walks),
    cmocka_unit_test(three_by_six_and_six_by_three_walks),
    cmocka_unit_test(four_by_five_and_five_by_four_walks),
    cmocka_unit_test(five_by_five_and_two_by_twelve_walks),
    cmocka_unit_test(known_boards),
    cmocka_unit_test(answers_are_deterministic),
    cmocka_unit_test(every_heuristic_is_admissible),
    cmocka_unit_test(unknown_or_misplaced_heuristic_is_an_error),
    cmocka_unit_test(too_large_boards_name_what_answers_them),
    cmocka_unit_test(stats_are_filled),
    cmocka_unit_test(linear_conflict_expands_fewer_nodes),
    cmocka_unit_test(board_bound_is_linear_conflict),
    cmocka_unit_test(lower_bound_is_proven),
    cmocka_unit_test(astar_rescue_reorders_at_a_larger_weight),
    cmocka_unit_test(astar_map_grows_at_once_when_headed_for_millions),
    cmocka_unit_test(command_line),
};

TESTKIT_MAIN(tests)
