/* test_gen.c - the PRNG and the board generator. */
#include "testkit.h"

#define GEN_SEED15_3X3 "2 7 1 6 x 3 4 8 5\n6 3 4 5 2 1 x 7 8\n1 x 2 4 8 5 3 6 7\n"
/* `slide gen --size 4x4 --walk 30 --seed 2 --count 3` before walks had a rule and a range */
#define GEN_WALK30_SEED2_4X4                                                                       \
    "5 1 3 4 2 6 9 10 13 7 x 12 14 11 8 15\n6 1 3 8 2 10 4 12 5 13 x 14 9 15 7 11\n"               \
    "6 5 2 3 1 7 12 x 9 10 11 4 13 14 15 8\n"

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

/* A walk by opt from goal, the board compared by the caller and freed here on the next call. */
static slide_board walk_from(const slide_board *goal, const slide_gen_options *opt, slide_rng *rng)
{
    slide_board b;
    assert_int_equal(slide_generate_with(&b, goal, opt, rng), SLIDE_OK);
    return b;
}

static slide_gen_options walk_options(int rule, uint64_t walk, uint64_t walk_max)
{
    slide_gen_options opt = slide_gen_options_init();
    opt.kind = SLIDE_GEN_WALK;
    opt.walk_rule = rule;
    opt.walk = walk;
    opt.walk_max = walk_max;
    return opt;
}

/*
 * One move of the rule `any` from a corner blank: two of the four
 * directions leave the board, so the goal stays with chance 1/2 and each
 * of the two real moves has 1/4; never undoing, the walk always moves.
 */
static void any_rule_keeps_a_corner_goal_half_the_time(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    slide_board up = testkit_board("1 2 3 4 5 x 7 8 6", 0, 0);
    slide_board left = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0);
    slide_rng rng;
    slide_rng_seed(&rng, 21);
    const int draws = 8000;
    int kept = 0, ups = 0, lefts = 0, kept_no_undo = 0;
    slide_gen_options any = walk_options(SLIDE_WALK_ANY, 1, 0);
    slide_gen_options no_undo = walk_options(SLIDE_WALK_NO_UNDO, 1, 0);
    for (int i = 0; i < draws; i++) {
        slide_board b = walk_from(&goal, &any, &rng);
        kept += slide_board_equal(&b, &goal);
        ups += slide_board_equal(&b, &up);
        lefts += slide_board_equal(&b, &left);
        slide_board_free(&b);
        b = walk_from(&goal, &no_undo, &rng);
        kept_no_undo += slide_board_equal(&b, &goal);
        slide_board_free(&b);
    }
    assert_int_equal(kept + ups + lefts, draws);
    /* about 5.5 standard deviations either side */
    assert_in_range(kept, draws / 2 - 250, draws / 2 + 250);
    assert_in_range(ups, draws / 4 - 220, draws / 4 + 220);
    assert_in_range(lefts, draws / 4 - 220, draws / 4 + 220);
    assert_int_equal(kept_no_undo, 0);
    slide_board_free(&left);
    slide_board_free(&up);
    slide_board_free(&goal);
}

/*
 * Four moves of the rule `any` on 3x3, against the chance of each board
 * that the 256 equally likely direction strings give (each string played
 * with slide_board_move, a move off the board doing nothing).
 */
static void any_rule_matches_its_exact_distribution(void **state)
{
    (void)state;
    enum { MOVES = 4, STRINGS = 256, MAX_BOARDS = STRINGS };
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    slide_board seen[MAX_BOARDS];
    int ways[MAX_BOARDS] = {0}, counts[MAX_BOARDS] = {0}, distinct = 0;
    for (int code = 0; code < STRINGS; code++) {
        slide_board b;
        assert_int_equal(slide_board_copy(&b, &goal), SLIDE_OK);
        for (int m = 0, c = code; m < MOVES; m++, c /= 4)
            (void)slide_board_move(&b, slide_move_letters[c % 4]);
        int at = 0;
        while (at < distinct && !slide_board_equal(&seen[at], &b))
            at++;
        if (at == distinct)
            seen[distinct++] = b;
        else
            slide_board_free(&b);
        ways[at]++;
    }
    slide_rng rng;
    slide_rng_seed(&rng, 8);
    const int draws = 100 * STRINGS;
    slide_gen_options opt = walk_options(SLIDE_WALK_ANY, MOVES, 0);
    for (int i = 0; i < draws; i++) {
        slide_board b = walk_from(&goal, &opt, &rng);
        int at = 0;
        while (at < distinct && !slide_board_equal(&seen[at], &b))
            at++;
        assert_true(at < distinct); /* nothing a 4-move string cannot reach */
        counts[at]++;
        slide_board_free(&b);
    }
    for (int i = 0; i < distinct; i++) {
        double expected = (double)draws * ways[i] / STRINGS;
        double p = (double)ways[i] / STRINGS, off = counts[i] - expected;
        /* more than 5 standard deviations (and one draw) away */
        if (off * off > 25 * draws * p * (1 - p) && (off > 1 || off < -1))
            fail_msg("board %d: %d draws, %.0f expected (%d of %d strings)", i, counts[i], expected,
                     ways[i], STRINGS);
        slide_board_free(&seen[i]);
    }
    slide_board_free(&goal);
}

/*
 * A range draws each board's length first (walk + slide_rng_below(span + 1)),
 * then walks it: the same board as a walk of that length from the rng after
 * the draw.  Over a few hundred boards every length of the range comes up.
 */
static void walk_ranges_draw_lengths_across_the_range(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    testkit_table t;
    testkit_table_build(&t, &goal);
    enum { LO = 3, HI = 15 };
    int lengths[HI + 1] = {0}, parities[2] = {0};
    for (uint64_t seed = 0; seed < 400; seed++) {
        int rule = seed % 2 ? SLIDE_WALK_ANY : SLIDE_WALK_NO_UNDO;
        slide_rng range_rng, length_rng;
        slide_rng_seed(&range_rng, seed);
        slide_rng_seed(&length_rng, seed);
        slide_gen_options range = walk_options(rule, LO, HI);
        slide_board b = walk_from(&goal, &range, &range_rng);
        uint64_t length = LO + slide_rng_below(&length_rng, HI - LO + 1);
        slide_gen_options exact = walk_options(rule, length, 0);
        slide_board c = walk_from(&goal, &exact, &length_rng);
        assert_true(slide_board_equal(&b, &c));
        lengths[length]++;
        int d = testkit_table_distance(&t, &b);
        assert_true(d >= 0 && d <= HI);
        if (rule == SLIDE_WALK_NO_UNDO) {
            assert_true((uint64_t)d <= length && (uint64_t)d % 2 == length % 2);
            parities[d % 2]++;
        }
        slide_board_free(&c);
        slide_board_free(&b);
    }
    for (int k = 0; k <= HI; k++)
        if ((k >= LO) != (lengths[k] > 0))
            fail_msg("length %d drawn %d times (range %d-%d)", k, lengths[k], LO, HI);
    assert_true(parities[0] > 0 && parities[1] > 0);
    testkit_table_free(&t);
    slide_board_free(&goal);
}

/* The same seed, the same boards, by either rule, with or without a range; another seed, others. */
static void walks_are_reproducible_by_seed(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    for (int rule = SLIDE_WALK_NO_UNDO; rule <= SLIDE_WALK_ANY; rule++) {
        slide_gen_options opt = walk_options(rule, 50, rule == SLIDE_WALK_ANY ? 500 : 0);
        slide_rng a, b, other;
        slide_rng_seed(&a, 77);
        slide_rng_seed(&b, 77);
        slide_rng_seed(&other, 78);
        int differ = 0;
        for (int i = 0; i < 20; i++) {
            slide_board x = walk_from(&goal, &opt, &a), y = walk_from(&goal, &opt, &b);
            slide_board z = walk_from(&goal, &opt, &other);
            assert_true(slide_board_equal(&x, &y));
            differ += !slide_board_equal(&x, &z);
            slide_board_free(&z);
            slide_board_free(&y);
            slide_board_free(&x);
        }
        assert_true(differ > 15);
    }
    slide_board_free(&goal);
}

/* Every walk reaches back to its goal, whatever the shape, rule, length or goal. */
static void walks_by_either_rule_stay_solvable(void **state)
{
    (void)state;
    static const char *const goals[] = {"1 2 3 x",
                                        "1 2 3 4 5 6 7 8 x",
                                        "x 1 2 3 4 5 6 7 8",
                                        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x",
                                        "1 2 3 4 5 6 7 8 9 x",
                                        "4 7 x 1 5 8 2 6 3"};
    static const int rows[] = {0, 0, 0, 0, 2, 0};
    slide_rng rng;
    slide_rng_seed(&rng, 4);
    for (size_t g = 0; g < sizeof goals / sizeof goals[0]; g++) {
        slide_board goal = testkit_board(goals[g], rows[g], rows[g] ? 5 : 0);
        for (int rule = SLIDE_WALK_NO_UNDO; rule <= SLIDE_WALK_ANY; rule++) {
            slide_gen_options opt = walk_options(rule, 0, 300);
            for (int i = 0; i < 100; i++) {
                slide_board b = walk_from(&goal, &opt, &rng);
                assert_int_equal(slide_board_validate(&b, NULL), SLIDE_OK);
                if (!slide_solvable(&b, &goal))
                    fail_msg("goal %s, rule %d: a walk reached an unsolvable board", goals[g],
                             rule);
                slide_board_free(&b);
            }
        }
        slide_board_free(&goal);
    }
}

/*
 * The options' defaults and the rule no-undo without a range are
 * slide_generate's boards, draw for draw: every seed of earlier releases
 * gives the boards it gave.
 */
static void old_walks_and_boards_are_unchanged(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    for (int kind = SLIDE_GEN_RANDOM; kind <= SLIDE_GEN_UNSOLVABLE; kind++) {
        for (uint64_t walk_max = 0; walk_max <= 30; walk_max += 30) {
            slide_gen_options opt = slide_gen_options_init();
            opt.kind = kind;
            opt.walk = 30;
            opt.walk_max = walk_max; /* 30: a range of one length, which draws nothing */
            slide_rng a, b;
            slide_rng_seed(&a, 5);
            slide_rng_seed(&b, 5);
            for (int i = 0; i < 20; i++) {
                slide_board x, y;
                assert_int_equal(slide_generate(&x, &goal, kind, 30, &a), SLIDE_OK);
                assert_int_equal(slide_generate_with(&y, &goal, &opt, &b), SLIDE_OK);
                assert_true(slide_board_equal(&x, &y));
                slide_board_free(&y);
                slide_board_free(&x);
            }
            assert_int_equal(slide_rng_next(&a), slide_rng_next(&b));
        }
    }
    slide_board_free(&goal);
    const char *args[] = {"gen",    "--size", "4x4",     "--walk", "30",
                          "--seed", "2",      "--count", "3",      NULL};
    testkit_run r = testkit_slide(args, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, GEN_WALK30_SEED2_4X4);
    testkit_run_free(&r);
}

/* Options not made by their init, an unknown rule or a range upside down: refused, out empty. */
static void gen_options_are_checked(void **state)
{
    (void)state;
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0), out;
    slide_rng rng;
    slide_rng_seed(&rng, 1);
    slide_gen_options bad = {0};
    assert_int_equal(slide_generate_with(&out, &goal, &bad, &rng), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    slide_gen_options opt = walk_options(2, 5, 0);
    assert_int_equal(slide_generate_with(&out, &goal, &opt, &rng), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    opt = walk_options(SLIDE_WALK_ANY, 5, 4);
    assert_int_equal(slide_generate_with(&out, &goal, &opt, &rng), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    opt.kind = 7;
    opt.walk_max = 0;
    assert_int_equal(slide_generate_with(&out, &goal, &opt, &rng), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    assert_int_equal(slide_generate_with(&out, &goal, NULL, &rng), SLIDE_OK); /* a random board */
    assert_true(slide_solvable(&out, &goal));
    slide_board_free(&out);
    /* a walk's fields mean nothing to the other kinds */
    opt = walk_options(SLIDE_WALK_ANY, 0, UINT64_MAX);
    opt.kind = SLIDE_GEN_UNSOLVABLE;
    assert_int_equal(slide_generate_with(&out, &goal, &opt, &rng), SLIDE_OK);
    assert_false(slide_solvable(&out, &goal));
    slide_board_free(&out);
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

/* The number of lines of text that are exactly line (with its newline). */
static int lines_equal_to(const char *text, const char *line)
{
    int n = 0;
    size_t len = strlen(line);
    for (const char *at = text; at && *at; at = strchr(at, '\n'), at = at ? at + 1 : NULL)
        n += strncmp(at, line, len) == 0 && at[len] == '\n';
    return n;
}

/*
 * slide gen --walk LO-HI and --walk-rule from end to end: a range of one
 * length and the rule no-undo are the plain --walk's boards; the rule any
 * keeps a corner goal half the time after one move; the boards are
 * reproducible by seed (pinned), and solve finds every one solvable.
 */
static void cli_gen_walk_ranges_and_rules(void **state)
{
    (void)state;
    testkit_run plain =
        RUN(NULL, "gen", "--size", "4x4", "--walk", "30", "--seed", "2", "--count", "3");
    testkit_run range = RUN(NULL, "gen", "--size", "4x4", "--walk", "30-30", "--seed", "2",
                            "--count", "3", "--walk-rule", "no-undo");
    assert_int_equal(plain.status, 0);
    assert_int_equal(range.status, 0);
    assert_string_equal(plain.out, GEN_WALK30_SEED2_4X4);
    assert_string_equal(range.out, plain.out);
    testkit_run_free(&range);
    testkit_run_free(&plain);

    testkit_run one =
        RUN(NULL, "gen", "-s", "3x3", "-w", "1", "--walk-rule=any", "--seed", "5", "-n", "4000");
    assert_int_equal(one.status, 0);
    assert_in_range(lines_equal_to(one.out, "1 2 3 4 5 6 7 8 x"), 2000 - 200, 2000 + 200);
    assert_in_range(lines_equal_to(one.out, "1 2 3 4 5 x 7 8 6"), 1000 - 180, 1000 + 180);
    assert_in_range(lines_equal_to(one.out, "1 2 3 4 5 6 7 x 8"), 1000 - 180, 1000 + 180);
    testkit_run_free(&one);

    const char *args[] = {"gen", "--size", "3x3", "--walk",  "5-9", "--walk-rule",
                          "any", "--seed", "3",   "--count", "3",   NULL};
    testkit_run a = testkit_slide(args, NULL), b = testkit_slide(args, NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_string_equal(a.out, "1 2 3 4 5 6 x 7 8\n1 2 3 4 5 x 7 8 6\n1 2 3 4 5 6 7 8 x\n");
    testkit_run_free(&b);
    testkit_run_free(&a);

    testkit_run big = RUN(NULL, "gen", "--size", "5x5", "--walk", "0-2000", "--walk-rule", "any",
                          "--seed", "1", "--count", "20");
    assert_int_equal(big.status, 0);
    testkit_run solved = RUN(big.out, "solve", "--algo", "strategy", "-o", "json");
    assert_int_equal(solved.status, 0);
    int solvable = 0;
    for (const char *at = solved.out; (at = strstr(at, "\"solvable\":true")); at++)
        solvable++;
    assert_int_equal(solvable, 20);
    testkit_run_free(&solved);
    testkit_run_free(&big);
}

/* A bad --walk or --walk-rule: exit 2, nothing on stdout, a message naming the option and value. */
static void cli_gen_rejects_bad_walks(void **state)
{
    (void)state;
    static const struct {
        const char *walk, *rule, *message;
    } cases[] = {
        {"abc", NULL, "gen: --walk: 'abc' is not a whole number"},
        {"9-5", NULL, "gen: --walk: '9-5': the range's low end 9 is above its high end 5"},
        {"5-", NULL, "gen: --walk: '5-' is neither a whole number K nor a range LO-HI"},
        {"-5", NULL, "gen: --walk: '-5' is neither"},
        {"1-x", NULL, "gen: --walk: '1-x' is neither"},
        {"1-2-3", NULL, "gen: --walk: '1-2-3' is neither"},
        {"10-1000000001", NULL, "gen: --walk: 1000000001 is more than the limit of 1000000000"},
        {"1000000001", NULL, "gen: --walk: 1000000001 is more than the limit"},
        {"5", "sometimes", "gen: --walk-rule: 'sometimes' is not one of no-undo, any"},
        {NULL, "any", "gen: --walk-rule says how a walk moves; it needs --walk K"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *args[9] = {"gen", "--size", "3x3"};
        int n = 3;
        if (cases[i].walk) {
            args[n++] = "--walk";
            args[n++] = cases[i].walk;
        }
        if (cases[i].rule) {
            args[n++] = "--walk-rule";
            args[n++] = cases[i].rule;
        }
        args[n] = NULL;
        testkit_run r = testkit_slide(args, NULL);
        assert_int_equal(r.status, 2);
        assert_string_equal(r.out, "");
        if (!strstr(r.err, cases[i].message))
            fail_msg("--walk %s --walk-rule %s: said '%s', not '%s'",
                     cases[i].walk ? cases[i].walk : "-", cases[i].rule ? cases[i].rule : "-",
                     r.err, cases[i].message);
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
    cmocka_unit_test(any_rule_keeps_a_corner_goal_half_the_time),
    cmocka_unit_test(any_rule_matches_its_exact_distribution),
    cmocka_unit_test(walk_ranges_draw_lengths_across_the_range),
    cmocka_unit_test(walks_are_reproducible_by_seed),
    cmocka_unit_test(walks_by_either_rule_stay_solvable),
    cmocka_unit_test(old_walks_and_boards_are_unchanged),
    cmocka_unit_test(gen_options_are_checked),
    cmocka_unit_test(cli_gen_walk_ranges_and_rules),
    cmocka_unit_test(cli_gen_rejects_bad_walks),
};

TESTKIT_MAIN(tests)
