/* test_gen.c - the PRNG and the board generator. */
#include "testkit.h"

#define GEN_SEED15_3X3 "2 7 1 6 x 3 4 8 5\n6 3 4 5 2 1 x 7 8\n1 x 2 4 8 5 3 6 7\n"

static void rng_is_reproducible_and_pinned(void **state)
{
    (void)state;
    slide_rng a, b;
    slide_rng_seed(&a, 1);
    slide_rng_seed(&b, 1);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(slide_rng_next(&a), slide_rng_next(&b));
    /* pinned values: a change here changes every user's --seed boards */
    slide_rng_seed(&a, 0);
    assert_int_equal(slide_rng_next(&a), 0x99ec5f36cb75f2b4ull);
    slide_rng_seed(&a, 12345);
    uint64_t x = 0;
    for (int i = 0; i < 100; i++)
        x ^= slide_rng_next(&a);
    slide_rng_seed(&b, 12345);
    uint64_t y = 0;
    for (int i = 0; i < 100; i++)
        y ^= slide_rng_next(&b);
    assert_int_equal(x, y);
}

static void below_stays_in_range_and_covers_it(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 3);
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint64_t v = slide_rng_below(&rng, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_in_range(seen[i], 850, 1150);
}

/* Over 2x2 boards (12 reachable of 24) the generator must hit each reachable one about equally. */
static void random_boards_are_uniform_over_the_solvable_half(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 x", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    int counts[24] = {0};
    slide_rng rng;
    slide_rng_seed(&rng, 11);
    const int draws = 24000;
    for (int i = 0; i < draws; i++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        int d = testkit_table_distance(&t, &b);
        assert_true(d >= 0);
        size_t rank = 0;
        for (size_t r = 0; r < t.size; r++) {
            slide_board u;
            testkit_unrank(&t, r, &u);
            if (slide_board_equal(&u, &b))
                rank = r;
            slide_board_free(&u);
        }
        counts[rank]++;
        slide_board_free(&b);
    }
    double chi2 = 0, expected = draws / 12.0;
    for (size_t r = 0; r < t.size; r++) {
        if (t.dist[r] < 0) {
            assert_int_equal(counts[r], 0);
            continue;
        }
        chi2 += (counts[r] - expected) * (counts[r] - expected) / expected;
    }
    /* 11 degrees of freedom: 31.3 is the 0.1% critical value */
    assert_true(chi2 < 31.3);
    testkit_table_free(&t);
    slide_board_free(&goal);
}

static void unsolvable_boards_are_unsolvable(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    slide_rng rng;
    slide_rng_seed(&rng, 99);
    for (int i = 0; i < 500; i++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_UNSOLVABLE, 0, &rng), SLIDE_OK);
        assert_int_equal(testkit_table_distance(&t, &b), -1);
        assert_int_equal(slide_board_validate(&b, NULL), SLIDE_OK);
        slide_board_free(&b);
    }
    testkit_table_free(&t);
    slide_board_free(&goal);
}

static void walks_stay_within_their_length(void **state)
{
    (void)state;
    slide_board goal = testkit_board("x 1 2 3 4 5 6 7 8", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    slide_rng rng;
    slide_rng_seed(&rng, 5);
    for (uint64_t k = 0; k < 40; k++) {
        slide_board b;
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, k, &rng), SLIDE_OK);
        int d = testkit_table_distance(&t, &b);
        assert_true(d >= 0 && (uint64_t)d <= k);
        assert_int_equal((uint64_t)d % 2, k % 2);
        slide_board_free(&b);
    }
    testkit_table_free(&t);
    slide_board_free(&goal);
}

static void cli_gen_is_reproducible(void **state)
{
    (void)state;
    const char *args[] = {"gen", "--size", "3x3", "--count", "3", "--seed", "15", NULL};
    testkit_run a = testkit_slide(args, NULL);
    testkit_run b = testkit_slide(args, NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    /* pinned: the same seed gives the same boards on every machine */
    assert_string_equal(a.out, GEN_SEED15_3X3);
    testkit_run_free(&a);
    testkit_run_free(&b);
}

static void cli_gen_formats_and_shapes(void **state)
{
    (void)state;
    const char *json[] = {"gen", "--size", "2x3", "--seed", "1", "--format", "json", NULL};
    testkit_run r = testkit_slide(json, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.out[0], '[');
    assert_int_equal(r.out[1], '[');
    testkit_run_free(&r);
    const char *tall[] = {"gen", "--size", "3x2", "--seed", "1", "--count", "5", NULL};
    r = testkit_slide(tall, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strchr(r.out, '/'));
    /* what gen prints, solve reads back without --size */
    const char *solve[] = {"solve", "-o", "steps", NULL};
    testkit_run s = testkit_slide(solve, r.out);
    assert_int_equal(s.status, 0);
    assert_null(strstr(s.out, "error"));
    testkit_run_free(&s);
    testkit_run_free(&r);
    const char *compact_big[] = {"gen", "--size", "5x5", "--format", "compact", NULL};
    r = testkit_slide(compact_big, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "at most 16 cells"));
    testkit_run_free(&r);
}

/*
 * Every shape gen takes, in every format, reads back as the same boards in
 * the same shape with no --size: `gen | solve` never turns a 4x3 board into
 * a 3x4 one (compact output groups the rows, "6ab 053 749 182", when the
 * shape is not the one inferred).  solve -o json names the board as it read
 * it, spaced with row marks, which is what gen's spaced form must be too.
 */
static void cli_gen_output_reads_back_in_its_shape(void **state)
{
    (void)state;
    static const char *const formats[] = {"spaced", "compact", "json"};
    for (int rows = 2; rows <= 8; rows++) {
        for (int cols = 2; rows * cols <= 16; cols++) {
            char size[16];
            snprintf(size, sizeof size, "%dx%d", rows, cols);
            const char *spaced_args[] = {"gen", "--size", size, "--count", "5", "--seed", "24", NULL};
            testkit_run spaced = testkit_slide(spaced_args, NULL);
            assert_int_equal(spaced.status, 0);
            for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
                const char *gen_args[] = {"gen",  "--size",   size,       "--count", "5",
                                          "--seed", "24", "--format", formats[f], NULL};
                testkit_run boards = testkit_slide(gen_args, NULL);
                assert_int_equal(boards.status, 0);
                const char *solve_args[] = {"solve", "--algo", "strategy", "-o", "json", NULL};
                testkit_run answers = testkit_slide(solve_args, boards.out);
                if (answers.status != 0)
                    fail_msg("%s %s: solve said %s", size, formats[f], answers.err);
                /* each answer's "board", in order, is the spaced board gen printed */
                const char *line = spaced.out, *at = answers.out;
                for (int i = 0; i < 5; i++) {
                    const char *end = strchr(line, '\n');
                    at = strstr(at, "\"board\":\"");
                    assert_non_null(end);
                    assert_non_null(at);
                    at += 9;
                    size_t len = (size_t)(end - line);
                    if (strncmp(at, line, len) != 0 || at[len] != '"' ||
                        !strstr(at, "\"solvable\":true"))
                        fail_msg("%s %s: board %d read back as %.60s, not %.*s", size,
                                 formats[f], i + 1, at, (int)len, line);
                    line = end + 1;
                }
                testkit_run_free(&answers);
                testkit_run_free(&boards);
            }
            testkit_run_free(&spaced);
        }
    }
}

/* A goal that is not a board (filled by hand) is refused, not shuffled into a non-board. */
static void goals_that_are_not_boards_are_refused(void **state)
{
    (void)state;
    slide_rng rng;
    slide_rng_seed(&rng, 3);
    slide_board out;
    uint32_t twice[] = {1, 1, 2, 3, 4, 5, 6, 7, 0};
    slide_board dup = {3, 3, 8, twice};
    assert_int_equal(slide_generate(&out, &dup, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_E_ARGUMENT);
    uint32_t one[] = {0};
    slide_board tiny = {1, 1, 0, one};
    assert_int_equal(slide_generate(&out, &tiny, SLIDE_GEN_WALK, 3, &rng), SLIDE_E_ARGUMENT);
    uint32_t cells[] = {1, 2, 3, 0};
    slide_board off = {2, 2, 9, cells};
    assert_int_equal(slide_generate(&out, &off, SLIDE_GEN_WALK, 3, &rng), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_generate(&out, NULL, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_E_ARGUMENT);
    slide_board good = {2, 2, 3, cells};
    assert_int_equal(slide_generate(&out, &good, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    assert_true(slide_solvable(&out, &good));
    slide_board_free(&out);
}

static void cli_gen_rejects_bad_options(void **state)
{
    (void)state;
    const char *cases[][6] = {
        {"gen", NULL},
        {"gen", "--size", "0x3", NULL},
        {"gen", "--size", "3x3", "--count", "-1", NULL},
        {"gen", "--size", "3x3", "--format", "xml", NULL},
        {"gen", "--size", "3x3", "--bogus", NULL},
        {"gen", "--size", "3x3", "--seed", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = testkit_slide(cases[i], NULL);
        assert_int_equal(r.status, 2);
        assert_true(strncmp(r.err, "slide: gen", 10) == 0);
        assert_string_equal(r.out, "");
        testkit_run_free(&r);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(rng_is_reproducible_and_pinned),
    cmocka_unit_test(below_stays_in_range_and_covers_it),
    cmocka_unit_test(random_boards_are_uniform_over_the_solvable_half),
    cmocka_unit_test(unsolvable_boards_are_unsolvable),
    cmocka_unit_test(walks_stay_within_their_length),
    cmocka_unit_test(cli_gen_is_reproducible),
    cmocka_unit_test(cli_gen_formats_and_shapes),
    cmocka_unit_test(cli_gen_output_reads_back_in_its_shape),
    cmocka_unit_test(cli_gen_rejects_bad_options),
    cmocka_unit_test(goals_that_are_not_boards_are_refused),
};

TESTKIT_MAIN(tests)
