/*
 * test_shorten.c - the shortening pass (src/search/shorten.c): a loop of
 * the blank round a 2x2 block three times (the board unchanged) vanishes,
 * back-and-forth moves cancel, detours spliced into answers are taken out,
 * the result replays to the same board and is never longer, in memory and
 * streamed in pieces of every size.
 */
#include "testkit.h"

#include "search/shorten.h"

#include <stdio.h>
#include <stdlib.h>

static size_t shortened(const slide_board *start, char *moves)
{
    search_budget budget;
    budget_init(&budget, NULL);
    size_t len = strlen(moves);
    assert_int_equal(shorten_string(start, moves, &len, &budget), SLIDE_OK);
    assert_int_equal(budget.used, 0);
    assert_int_equal(strlen(moves), len);
    return len;
}

static void a_loop_that_changes_nothing_vanishes(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 4, 4), SLIDE_OK);
    char moves[] = "uldruldruldr";
    assert_int_equal(shortened(&goal, moves), 0);
    char back[] = "ududlrlr";
    assert_int_equal(shortened(&goal, back), 0);
    slide_board_free(&goal);
}

/* Random detours spliced into strategy's answers come out; the answer still solves. */
static void detours_come_out(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 40);
    for (int n = 3; n <= 9; n++) {
        slide_board goal, start;
        assert_int_equal(slide_board_init_goal(&goal, n, n), SLIDE_OK);
        assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        slide_solution sol;
        testkit_answer_not_optimal("strategy", &start, &goal, 1, &sol);
        /* a detour after every 7th move: back the way it came, and forward again */
        size_t len = sol.length, k = 0;
        char *padded = malloc(len * 3 + 1);
        assert_non_null(padded);
        for (size_t i = 0; i < len; i++) {
            char m = sol.moves[i];
            padded[k++] = m;
            if (i % 7 == 3) {
                padded[k++] = m == 'u' ? 'd' : m == 'd' ? 'u' : m == 'l' ? 'r' : 'l';
                padded[k++] = m;
            }
        }
        padded[k] = '\0';
        testkit_assert_solves(&start, &goal, padded);
        size_t got = shortened(&start, padded);
        assert_true(got <= len);
        testkit_assert_solves(&start, &goal, padded);
        free(padded);
        slide_solution_free(&sol);
        slide_board_free(&start);
        slide_board_free(&goal);
    }
}

static int collect(void *ctx, const char *moves, size_t len)
{
    strncat(ctx, moves, len);
    return 0;
}

/* Streamed in pieces of any size, the pass gives the same moves as in memory. */
static void pieces_of_any_size(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 41);
    slide_board goal, start;
    assert_int_equal(slide_board_init_goal(&goal, 7, 5), SLIDE_OK);
    assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    slide_solution sol;
    testkit_answer_not_optimal("strategy", &start, &goal, 1, &sol);
    char *whole = strdup(sol.moves);
    size_t whole_len = shortened(&start, whole);
    for (size_t piece = 1; piece <= 64; piece *= 3) {
        search_budget budget;
        budget_init(&budget, NULL);
        char *got = calloc(sol.length + 1, 1);
        move_list out;
        memset(&out, 0, sizeof out);
        out.budget = &budget;
        out.sink = collect;
        out.sink_ctx = got;
        shortener *sh;
        assert_int_equal(shorten_open(&sh, &start, &out, &budget), SLIDE_OK);
        for (size_t at = 0; at < sol.length; at += piece)
            shorten_sink(sh, sol.moves + at, sol.length - at < piece ? sol.length - at : piece);
        uint64_t in, n;
        assert_int_equal(shorten_close(sh, &in, &n), SLIDE_OK);
        assert_int_equal(move_list_flush(&out), SLIDE_OK);
        assert_int_equal(in, sol.length);
        assert_int_equal(n, whole_len);
        assert_string_equal(got, whole);
        assert_int_equal(budget.used, 0);
        free(got);
    }
    free(whole);
    slide_solution_free(&sol);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(a_loop_that_changes_nothing_vanishes),
    cmocka_unit_test(detours_come_out),
    cmocka_unit_test(pieces_of_any_size),
};

TESTKIT_MAIN(tests)
