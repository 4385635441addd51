/*
 * test_beam.c - beam search (--algo beam) and what auto does with it: every
 * answer replayed to the goal on small boards of many shapes (whole boards
 * up to 36 cells, and boards reduced side by side above), arbitrary goals,
 * a solved board, answers labelled not optimal, the same answer on one and
 * several threads, the memory cap, and the views of a board (the answer is
 * the shortest of several searches).
 */
#include "search/search.h"
#include "testkit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A board's labels (beam.c): the goal cell + 1 of each cell's tile, 0 the blank. */
static void goal_labels(int cells, int blank, uint8_t *labels)
{
    for (int c = 0; c < cells; c++)
        labels[c] = (uint8_t)(c == blank ? 0 : c + 1);
}

static void swap_cells(uint8_t *labels, int a, int b)
{
    uint8_t t = labels[a];
    labels[a] = labels[b];
    labels[b] = t;
}

/*
 * Korf and Taylor's corner and last-move terms as the whole search counts
 * them: 2 for each tile home next to a corner whose own tile is not, 2
 * when no tile whose goal is next to the blank's may pass through the
 * blank's goal cell on a shortest way home, 0 at the goal.
 */
static void corner_and_last_move_terms(void **state)
{
    (void)state;
    uint8_t b[25];
    /* 4x4, blank's goal in the corner cell 15: corners 0, 3 and 12; last tiles 12 and 15 */
    goal_labels(16, 15, b);
    assert_int_equal(beam_board_extras(4, 4, b, 15), 0);
    swap_cells(b, 0, 5); /* corner 0 not home, its neighbours 2 and 5 home; 12 and 15 home */
    assert_int_equal(beam_board_extras(4, 4, b, 15), 2 + 2 + 2);
    goal_labels(16, 15, b);
    swap_cells(b, 15, 14); /* one move from the goal: tile 15 may come home last */
    assert_int_equal(beam_board_extras(4, 4, b, 15), 0);
    goal_labels(16, 15, b);
    swap_cells(b, 0, 1);  /* corner 0 holds tile 2: tile 5 is home below it */
    swap_cells(b, 14, 3); /* corner 3 holds tile 15: tiles 3 and 8 are home beside it */
    /* and tile 15, on column 3, may pass through cell 15 */
    assert_int_equal(beam_board_extras(4, 4, b, 15), 2 + 4 + 0);
    /* 5x5, blank's goal in the middle (cell 12): four corners, four last tiles 8, 12, 14, 18 */
    goal_labels(25, 12, b);
    assert_int_equal(beam_board_extras(5, 5, b, 12), 0);
    swap_cells(b, 7, 2);   /* tile 8 on row 0, above the blank's goal: ... */
    swap_cells(b, 17, 22); /* tile 18 on row 4, below: ... */
    swap_cells(b, 11, 10); /* tile 12 on column 0, left: ... */
    swap_cells(b, 13, 14); /* tile 14 on column 4, right: none may come home last */
    assert_int_equal(beam_board_extras(5, 5, b, 12), 2);
    swap_cells(b, 11, 10); /* tile 12 back on column 1 ... */
    swap_cells(b, 11, 12); /* ... then on the blank's goal cell: it may */
    assert_int_equal(beam_board_extras(5, 5, b, 12), 0);
    /* all four last tiles home with the blank away: none may come home last */
    goal_labels(25, 12, b);
    swap_cells(b, 24, 18); /* corner 24 holds tile 19: tiles 20 and 24 are home beside it */
    assert_int_equal(beam_board_extras(5, 5, b, 12), 4 + 2);
    /* 2x2: the blank's goal corner is not a corner here, the blank is no tile */
    goal_labels(4, 3, b);
    swap_cells(b, 0, 3); /* corner 0 holds the blank: tiles 2 and 3 home beside it */
    assert_int_equal(beam_board_extras(2, 2, b, 3), 4 + 2);
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
    assert_int_equal(slide_board_init_goal(&goal, 4, 7), SLIDE_OK);
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

/*
 * The transpose of b: cell (r, c) becomes cell (c, r) of a cols x rows
 * board.  Written here again rather than taken from core's board_transpose,
 * so that the test does not lean on what it checks.
 */
static slide_board transposed(const slide_board *b)
{
    slide_board t;
    assert_int_equal(slide_board_init_goal(&t, b->cols, b->rows), SLIDE_OK);
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            t.cells[c * b->rows + r] = b->cells[r * b->cols + c];
    t.blank = (b->blank % b->cols) * b->rows + b->blank / b->cols;
    return t;
}

/* beam_solve's own answer (before the shortening pass slide_solve adds), replayed; its length. */
static size_t beam_length(const slide_board *start, const slide_board *goal)
{
    slide_limits limits = slide_limits_init();
    search_budget budget;
    budget_init(&budget, &limits);
    slide_stats stats = slide_stats_init();
    move_list moves;
    memset(&moves, 0, sizeof moves);
    moves.budget = &budget;
    search_task search;
    memset(&search, 0, sizeof search);
    search.budget = &budget;
    search.stats = &stats;
    search.moves = &moves;
    search.threads = 1;
    search_task_set_boards(&search, start, goal);
    assert_int_equal(beam_solve(&search), SLIDE_OK);
    testkit_assert_solves(start, goal, moves.data ? moves.data : "");
    size_t length = moves.len;
    move_list_free(&moves);
    assert_int_equal(budget.used, 0);
    return length;
}

/*
 * Beam search keeps the shortest answer of its views of a board: up to 8x8
 * the board, the board searched from the goal back, and the same two of the
 * transpose.  The board from its goal back to its start, and the transposed
 * board, have the same four views, so their answers are as long.  One view
 * alone would not do: on this board the views' answers differ.
 */
static void views_give_the_same_length_however_the_board_is_seen(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 25);
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 4, 5), SLIDE_OK);
    slide_board start = random_start(&goal, &rng);
    slide_board start_t = transposed(&start), goal_t = transposed(&goal);
    size_t length = beam_length(&start, &goal);
    assert_int_equal(beam_length(&goal, &start), length);
    assert_int_equal(beam_length(&start_t, &goal_t), length);
    slide_board_free(&start_t);
    slide_board_free(&goal_t);
    slide_board_free(&start);
    slide_board_free(&goal);
}

/*
 * A beam whose best estimate stops falling is handed to strategy within
 * BEAM_STALL_LAYERS layers, not after walking to 4 x its estimate + 400:
 * `slide gen --size 10x10 --seed 15` strays in its first side in both
 * views (at 744e4ce: 6,482,162 expansions, 3.4-5.4 s; now 2,043,162, about
 * a second), with the same 1,731 moves, and -o json names strategy in its
 * note as --stats does.
 */
static void a_beam_that_stops_falling_hands_over_soon(void **state)
{
    (void)state;
    testkit_run g = RUN(NULL, "gen", "--size", "10x10", "--seed", "15");
    assert_int_equal(g.status, 0);
    g.out[strcspn(g.out, "\n")] = '\0';
    testkit_run r = RUN(NULL, "solve", "-a", "beam", "-o", "json", g.out);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"algo\":\"beam\",\"note\":\"beam search lost its way; "
                                  "strategy finished the board\""));
    unsigned long long expanded = 0;
    const char *nodes = strstr(r.out, "\"nodes\":");
    assert_non_null(nodes);
    expanded = strtoull(nodes + 8, NULL, 10);
    if (expanded > 3000000)
        fail_msg("beam went on for %llu expansions after it stopped falling", expanded);
    const char *moves = strstr(r.out, "\"moves\":\"");
    assert_non_null(moves);
    moves += 9;
    char *answer = strndup(moves, strcspn(moves, "\""));
    assert_int_equal(strlen(answer), 1731);
    slide_board start = testkit_board(g.out, 10, 10), goal;
    assert_int_equal(slide_board_init_goal(&goal, 10, 10), SLIDE_OK);
    testkit_assert_solves(&start, &goal, answer);
    slide_board_free(&start);
    slide_board_free(&goal);
    free(answer);
    testkit_run_free(&r);
    testkit_run_free(&g);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(random_boards_of_many_shapes_reach_the_goal),
    cmocka_unit_test(arbitrary_goals),
    cmocka_unit_test(shorter_than_strategy),
    cmocka_unit_test(corner_and_last_move_terms),
    cmocka_unit_test(solved_and_one_move_boards),
    cmocka_unit_test(threads_give_the_same_answer),
    cmocka_unit_test(auto_picks_beam_and_reduce),
    cmocka_unit_test(a_small_memory_cap_is_reported),
    cmocka_unit_test(views_give_the_same_length_however_the_board_is_seen),
    cmocka_unit_test(a_beam_that_stops_falling_hands_over_soon),
};

TESTKIT_MAIN(tests)
