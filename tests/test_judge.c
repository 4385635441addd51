/*
 * test_judge.c - the judge toolkit end to end: `slide solve --problem NAME`
 * against the problems' samples byte for byte (fixtures in
 * tests/data/judge/), and `slide check` in its three forms (one board,
 * testlib, Kattis) on accepted answers, every wrong-answer and
 * presentation-error kind, and judge failures.
 */
#include "testkit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The path of a fixture; a few calls may be in use at once. */
static const char *fixture(const char *name)
{
    static char paths[8][512];
    static int next;
    char *path = paths[next++ % 8];
    snprintf(path, sizeof paths[0], "%s/judge/%s", SLIDE_TEST_DATA, name);
    return path;
}

/* The whole text of a file (caller frees). */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    size_t len = fread(buf, 1, (1 << 16) - 1, f);
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* A new temporary file holding text; its path (caller unlinks and frees). */
static char *temp_file(const char *text)
{
    char *path = strdup("/tmp/slide-judge-XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* Asserts exit status, exact stdout and (when given) a fragment of stderr; frees r. */
static void expect(testkit_run *r, int status, const char *out, const char *err_fragment)
{
    if (r->status != status)
        fail_msg("exit %d, want %d; stdout: %s; stderr: %s", r->status, status, r->out, r->err);
    assert_string_equal(r->out, out);
    if (err_fragment && !strstr(r->err, err_fragment))
        fail_msg("stderr '%s' lacks '%s'", r->err, err_fragment);
    testkit_run_free(r);
}

/* `slide solve --problem name < in` must print exactly the .out fixture. */
static void expect_sample(const char *problem, const char *sample)
{
    char in_name[128], out_name[128];
    snprintf(in_name, sizeof in_name, "%s.in", sample);
    snprintf(out_name, sizeof out_name, "%s.out", sample);
    char *input = read_text(fixture(in_name));
    char *want = read_text(fixture(out_name));
    testkit_run r = RUN(input, "solve", "--problem", problem);
    if (r.status != 0 || strcmp(r.out, want) != 0)
        fail_msg("%s on %s: exit %d, output '%s', want '%s'; stderr %s", problem, in_name, r.status,
                 r.out, want, r.err);
    testkit_run_free(&r);
    free(input);
    free(want);
}

/* Replays every line of out that is a move string from the matching board. */
static void assert_lines_solve(const char *const *boards, const char *out)
{
    const char *line = out;
    for (size_t i = 0; boards[i]; i++) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        char moves[256];
        size_t len = (size_t)(end - line);
        assert_true(len < sizeof moves);
        for (size_t k = 0; k < len; k++)
            moves[k] = (char)tolower((unsigned char)line[k]);
        moves[len] = '\0';
        if (strcmp(moves, "unsolvable") != 0 && strncmp(moves, "this puzzle", 11) != 0) {
            slide_board b = testkit_board(boards[i], 0, 0);
            testkit_assert_solves(&b, NULL, moves);
            slide_board_free(&b);
        }
        line = end + 1;
    }
}

/* ------------------------------------------------------------ presets */

static void eight_sample_byte_for_byte_under_every_name(void **state)
{
    (void)state;
    const char *names[] = {"poj1077", "hdu1043", "zoj1217", "acwing179"};
    for (size_t i = 0; i < 4; i++)
        expect_sample(names[i], "eight");
    const char *boards[] = {"2 3 4 1 5 x 7 6 8", NULL};
    assert_lines_solve(boards, "ullddrurdllurdruldr\n");
}

/*
 * Compact boards, boards split across lines, a solved board (empty line),
 * the two 31-move boards and an unsolvable one: the answers are the
 * forward BFS's (equal to --algo bfs) and as short as an independent
 * exhaustive BFS says is possible.
 */
static void eight_batch_matches_bfs_and_is_optimal(void **state)
{
    (void)state;
    const char *names[] = {"poj1077", "hdu1043", "zoj1217", "acwing179"};
    for (size_t i = 0; i < 4; i++)
        expect_sample(names[i], "eight-batch");
    const char *boards[] = {"1 2 3 x 4 6 7 5 8", "1 2 3 4 5 6 7 8 x", "8 6 7 2 5 4 3 x 1",
                            "6 4 7 8 5 x 3 2 1", "1 2 3 4 5 6 8 7 x", NULL};
    char *out = read_text(fixture("eight-batch.out"));
    assert_lines_solve(boards, out);
    testkit_run r =
        RUN(NULL, "solve", "--algo", "bfs", boards[0], boards[1], boards[2], boards[3], boards[4]);
    expect(&r, 0, out, NULL);

    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    testkit_table table;
    testkit_table_build(&table, &goal);
    const char *line = out;
    for (size_t i = 0; boards[i]; i++) {
        slide_board b = testkit_board(boards[i], 0, 0);
        size_t len = strcspn(line, "\n");
        int want = testkit_table_distance(&table, &b);
        if (want < 0)
            assert_true(len == 10 && strncmp(line, "unsolvable", 10) == 0);
        else
            assert_int_equal(len, want);
        line += len + 1;
        slide_board_free(&b);
    }
    testkit_table_free(&table);
    slide_board_free(&goal);
    free(out);
}

/*
 * From JUDGE_CONTEXT_MIN_CASES cases on the presets answer from a cached
 * distance table instead of a BFS a case: the output must not change, and
 * the checker must accept it with optimality required.
 */
static void many_eight_cases_from_the_table_equal_bfs(void **state)
{
    (void)state;
    testkit_run boards = RUN(NULL, "gen", "--size", "3x3", "--count", "30", "--seed", "1043");
    assert_int_equal(boards.status, 0);
    testkit_run more =
        RUN(NULL, "gen", "--size", "3x3", "--count", "6", "--seed", "1044", "--unsolvable");
    assert_int_equal(more.status, 0);
    size_t len = strlen(boards.out) + strlen(more.out) + 32;
    char *input = malloc(len);
    assert_non_null(input);
    snprintf(input, len, "%s1 2 3 4 5 6 7 8 x\n%s", boards.out, more.out);
    testkit_run table = RUN(input, "solve", "--problem", "acwing179", "--stats");
    testkit_run bfs = RUN(input, "solve", "--algo", "bfs");
    assert_int_equal(table.status, 0);
    assert_int_equal(bfs.status, 0);
    assert_string_equal(table.out, bfs.out);
    assert_non_null(strstr(table.err, "case 37: algo table"));

    const char *lines[40];
    char *copy = strdup(input), *save = NULL;
    size_t n = 0;
    for (char *line = strtok_r(copy, "\n", &save); line && n < 39;
         line = strtok_r(NULL, "\n", &save))
        lines[n++] = line;
    lines[n] = NULL;
    assert_int_equal(n, 37);
    assert_lines_solve(lines, table.out);

    char *in_path = temp_file(input), *out_path = temp_file(table.out);
    const char *args[] = {"check", "--problem", "acwing179", in_path, out_path, out_path, NULL};
    testkit_run verdict = testkit_slide(args, NULL);
    expect(&verdict, 0, "", "ok: 37 cases");
    unlink(in_path);
    unlink(out_path);
    free(in_path);
    free(out_path);
    free(copy);
    free(input);
    testkit_run_free(&boards);
    testkit_run_free(&more);
    testkit_run_free(&table);
    testkit_run_free(&bfs);
}

static void uva652_sample_and_separators(void **state)
{
    (void)state;
    expect_sample("uva652", "uva652");
    /* an empty line between answers, including around a solved board's empty answer */
    expect_sample("uva652", "uva652-batch");
    char *out = read_text(fixture("uva652-batch.out"));
    assert_string_equal(out, "ullddrurdllurdruldr\n\n\n\nunsolvable\n");
    free(out);
    testkit_run r = RUN("0\n", "solve", "--problem", "uva652");
    expect(&r, 0, "", NULL);
}

static void step_count_samples(void **state)
{
    (void)state;
    expect_sample("acwing845", "acwing845");
    expect_sample("leetcode773", "leetcode773");
    expect_sample("lintcode794", "lintcode794-1");
    expect_sample("lintcode794", "lintcode794-2");
    expect_sample("lanqiao", "lanqiao-1");
    expect_sample("lanqiao", "lanqiao-2"); /* trailing spaces on both lines */
    expect_sample("luogu1379", "luogu1379");
    /* LintCode's two boards may share a line, separated by a comma */
    testkit_run r = RUN("[[2,8,3],[1,0,4],[7,6,5]], [[1,2,3],[8,0,4],[7,6,5]]\n", "solve",
                        "--problem", "lintcode794");
    expect(&r, 0, "4\n", NULL);
}

static void uva10181_sample_uppercase_blank_moves(void **state)
{
    (void)state;
    expect_sample("uva10181", "uva10181");
    const char *boards[] = {"2 3 4 x/1 5 7 8/9 6 10 12/13 14 11 15",
                            "13 1 2 4/5 x 3 7/9 6 10 12/15 8 11 14", NULL};
    assert_lines_solve(boards, "LLLDRDRDR\nThis puzzle is not solvable.\n");
}

static void malformed_input_names_case_and_line(void **state)
{
    (void)state;
    static const struct {
        const char *problem, *input, *message;
    } cases[] = {
        {"poj1077", "1 2 3\n4 X 6\n", "poj1077: case 1, line 2: unexpected 'X' (POJ 1077 cells"},
        {"hdu1043", "1 2 3 4 5 6 7 8 x\n1 2 3\n4 5",
         "hdu1043: case 2, line 3: the input ends after 5 of the 9 cells"},
        {"acwing179", "1 2 3 4 5 6 7 8 x\n1 2 3\n4 5 3 6 7 x\n",
         "acwing179: case 2, line 3, cell 6: tile 3 appears twice (cells 3 and 6)"},
        {"uva652", "2\n\n1 2 3 4 5 6 7 8 x\n",
         "uva652: case 2, line 4: the input ends, but the count announced 2 cases"},
        {"uva652", "1\n\n1 2 3 4 5 6 7 8 x\n1\n",
         "uva652: line 4: more input after the 1 case the count announced"},
        {"uva652", "a\n", "uva652: line 1: 'a' is not a number of cases"},
        {"uva10181", "", "uva10181: line 1: the input is empty"},
        {"uva10181", "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n",
         "uva10181: case 1, line 5, cell 16: tile 16 is out of range 1-15"},
        {"uva10181", "1\n1 2 3 4\n5 6 7 8\n9 1a 11 12\n13 14 15 0\n",
         "uva10181: case 1, line 4: '1a' is not a tile number 0-15"},
        {"leetcode773", "[[1,2,3],[4,0,5]]\n\n[[1,2,3],[4,0,5],[6,7,8]]\n",
         "leetcode773: case 2, line 3: the rows give 3x3 where a 2x3 board is expected"},
        {"lanqiao", "12345678.\n123.46758\n13524678.\n",
         "lanqiao: case 2, line 3: a start board without its goal line"},
        {"lanqiao", "12345678.\n123.4675\n", "lanqiao: case 1 (goal), line 2: expected 9 cells"},
        {"lintcode794", "[[2,8,3],[1,0,4],[7,6,5]] x\n",
         "lintcode794: case 1 (goal), line 1: unexpected 'x' where a board"},
        {"lintcode794", "[[2,8,3],[1,0,4],[7,6,5]]\n[[1,2,3],[8,0,4],[7,6,5]\n",
         "lintcode794: case 1 (goal), line 2: unclosed '['"},
        {"luogu1379", "283104765\n28310476\n", "luogu1379: case 2, line 2: expected 9 cells"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = RUN(cases[i].input, "solve", "--problem", cases[i].problem);
        /* the whole input is checked first: no half-written output */
        expect(&r, 1, "", cases[i].message);
    }
}

static void problem_options_are_checked(void **state)
{
    (void)state;
    testkit_run r = RUN("", "solve", "--problem", "poj1078");
    expect(&r, 2, "", "unknown problem 'poj1078' (problems: poj1077,");
    r = RUN("", "solve", "--problem", "poj1077", "--algo", "astar");
    expect(&r, 2, "", "--algo cannot be used with --problem");
    r = RUN("", "solve", "-o", "json", "--problem=acwing845");
    expect(&r, 2, "", "--output cannot be used with --problem");
    r = RUN("", "solve", "--problem", "uva652", "-j", "2");
    expect(&r, 2, "", "--jobs cannot be used with --problem");
    r = RUN("", "solve", "--problem", "poj1077", "2 3 4 1 5 x 7 6 8");
    expect(&r, 2, "", "reads its input from stdin; unexpected argument");
    r = RUN("2 3 4 1 5 x 7 6 8\n", "solve", "--problem", "poj1077", "--timeout", "10", "--stats");
    expect(&r, 0, "ullddrurdllurdruldr\n", "stats: case 1: algo bfs");
}

/* --------------------------------------------------- check BOARD MOVES */

static void check_board_accepts_every_optimal_answer(void **state)
{
    (void)state;
    const char *optimal[] = {"ullddrurdllurdruldr", "dlurullddrurdllurdr", "ldruullddrurdllurrd",
                             "ullddrurdllurrdlurd"};
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    for (size_t i = 0; i < 4; i++) {
        testkit_assert_solves(&b, NULL, optimal[i]);
        testkit_run r = RUN(NULL, "check", "--optimal", "2 3 4 1 5 x 7 6 8", optimal[i]);
        expect(&r, 0, "ok: 19 moves, optimal\n", NULL);
    }
    /* legal and reaching the goal, but longer: accepted unless --optimal */
    testkit_assert_solves(&b, NULL, "ullddrurdllurdruldrlr");
    testkit_run r = RUN(NULL, "check", "2 3 4 1 5 x 7 6 8", "ullddrurdllurdruldrlr");
    expect(&r, 0, "ok: 21 moves, 2 more than the fewest (19)\n", NULL);
    slide_board_free(&b);

    r = RUN(NULL, "check", "1 2 3 4 5 6 8 7 x", "unsolvable");
    expect(&r, 0, "ok: the board is unsolvable\n", NULL);
    r = RUN(NULL, "check", "1 2 3 4 5 6 7 8 x", "");
    expect(&r, 0, "ok: 0 moves, the board is already the goal\n", NULL);
    slide_board luogu = testkit_board("283104765", 0, 0), lgoal = testkit_board("123804765", 0, 0);
    testkit_assert_solves(&luogu, &lgoal, "uldr");
    r = RUN(NULL, "check", "--goal", "123804765", "283104765", "uldr");
    expect(&r, 0, "ok: 4 moves, optimal\n", NULL);
    slide_board_free(&luogu);
    slide_board_free(&lgoal);
    slide_board wide = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", 0, 0);
    testkit_assert_solves(&wide, NULL, "r");
    r = RUN(NULL, "check", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", "r");
    expect(&r, 0, "ok: 1 move (optimality not checked; --optimal checks it)\n", NULL);
    r = RUN(NULL, "check", "--optimal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", "r");
    expect(&r, 0, "ok: 1 move, optimal\n", NULL);
    slide_board_free(&wide);
}

static void check_board_wrong_answers(void **state)
{
    (void)state;
    static const struct {
        const char *options[3], *board, *moves, *verdict;
    } cases[] = {
        {{NULL},
         "2 3 4 1 5 x 7 6 8",
         "ullddrurdllurdruld?",
         "wrong answer: move 19 is '?', not one of u, d, l, r\n"},
        {{NULL},
         "2 3 4 1 5 x 7 6 8",
         "uu",
         "wrong answer: move 2 'u' leaves the board (the board before it: 2 3 x/1 5 4/7 6 8)\n"},
        {{NULL},
         "2 3 4 1 5 x 7 6 8",
         "ul",
         "wrong answer: after 2 moves the board is 2 x 3/1 5 4/7 6 8, not the goal 1 2 3/4 5 "
         "6/7 8 x\n"},
        {{"--optimal"},
         "2 3 4 1 5 x 7 6 8",
         "ullddrurdllurdruldrlr",
         "wrong answer: 21 moves, but the fewest is 19\n"},
        {{"--max-moves", "18"},
         "2 3 4 1 5 x 7 6 8",
         "ullddrurdllurdruldr",
         "wrong answer: 19 moves, more than --max-moves 18\n"},
        {{NULL},
         "2 3 4 1 5 x 7 6 8",
         "unsolvable",
         "wrong answer: 'unsolvable', but the board is solvable in 19 moves\n"},
        {{NULL},
         "1 2 3 4 5 6 8 7 x",
         "ul",
         "wrong answer: moves given, but the board is unsolvable (the answer is 'unsolvable')\n"},
        {{"--goal", "123804765"},
         "283104765",
         "rdlu",
         "wrong answer: after 4 moves the board is 2 8 3/1 x 5/7 4 6, not the goal 1 2 3/8 x "
         "4/7 6 5\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *args[8];
        int n = 0;
        args[n++] = "check";
        for (int k = 0; k < 3 && cases[i].options[k]; k++)
            args[n++] = cases[i].options[k];
        args[n++] = cases[i].board;
        args[n++] = cases[i].moves;
        args[n] = NULL;
        testkit_run r = testkit_slide(args, NULL);
        expect(&r, 1, cases[i].verdict, NULL);
    }
}

static void check_board_presentation_error_and_failures(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    testkit_assert_solves(&b, NULL, "ullddrurdllurdruldr");
    slide_board_free(&b);
    testkit_run r = RUN(NULL, "check", "2 3 4 1 5 x 7 6 8", "ULLDDRURDLLURDRULDR");
    expect(&r, 2, "presentation error: move 1 'U' should be lowercase (moves are u, d, l, r)\n",
           NULL);
    /* the verdict on stdout as always, the parser's message on stderr */
    const char *not_a_board = "judge failure: BOARD is not a board (the message above says why)\n";
    r = RUN(NULL, "check", "1 2 3 4 5 6 7 9 x", "u");
    expect(&r, 3, not_a_board, "check: BOARD, cell 8: tile 9 is out of range 1-8");
    r = RUN(NULL, "check", "--goal", "1 2 3 x", "1 2 3 4 5 6 7 8 x", "");
    expect(&r, 3, not_a_board, "check: BOARD: expected 4 cells for 2x2, found 9");
    r = RUN(NULL, "check", "1 2 3 4 5 6 7 8 x");
    expect(&r, 3, "", "expected BOARD and MOVES, got 1 argument");
    r = RUN(NULL, "check", "--max-moves", "many", "1 2 3 4 5 6 7 8 x", "");
    expect(&r, 3, "", "--max-moves: 'many' is not a number of moves");
    r = RUN(NULL, "check", "--kattis", "a", "b", "c");
    expect(&r, 3, "", "--kattis needs --problem NAME");
}

/* ------------------------------------------- check --problem (testlib) */

/*
 * Runs `slide check --problem problem INPUT OUTPUT [ANSWER]` with output
 * written to a temporary file; the fixtures name INPUT and ANSWER.
 */
static testkit_run check_output(const char *problem, const char *input, const char *output,
                                const char *answer)
{
    char *path = temp_file(output);
    const char *args[] = {
        "check", "--problem", problem, fixture(input), path, answer ? fixture(answer) : NULL, NULL};
    testkit_run r = testkit_slide(args, NULL);
    unlink(path);
    free(path);
    return r;
}

static void check_problem_accepts_reference_outputs(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"poj1077", "eight"},
        {"hdu1043", "eight-batch"},
        {"zoj1217", "eight"},
        {"acwing179", "eight-batch"},
        {"uva652", "uva652"},
        {"uva652", "uva652-batch"},
        {"acwing845", "acwing845"},
        {"leetcode773", "leetcode773"},
        {"lintcode794", "lintcode794-1"},
        {"lintcode794", "lintcode794-2"},
        {"lanqiao", "lanqiao-1"},
        {"lanqiao", "lanqiao-2"},
        {"luogu1379", "luogu1379"},
        {"uva10181", "uva10181"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char in[128], out[128];
        snprintf(in, sizeof in, "%s.in", pairs[i][1]);
        snprintf(out, sizeof out, "%s.out", pairs[i][1]);
        const char *args[] = {"check",      "--problem",  pairs[i][0], fixture(in),
                              fixture(out), fixture(out), NULL};
        testkit_run r = testkit_slide(args, NULL);
        if (r.status != 0 || strncmp(r.err, "ok: ", 4) != 0)
            fail_msg("%s %s: exit %d, %s", pairs[i][0], pairs[i][1], r.status, r.err);
        testkit_run_free(&r);
    }
}

static void check_problem_accepts_other_optimal_eight_answers(void **state)
{
    (void)state;
    const char *answers[] = {"dlurullddrurdllurdr\n", "ldruullddrurdllurrd\n",
                             "ullddrurdllurrdlurd\n", "ullddrurdllurdruldr"};
    const char *boards[] = {"2 3 4 1 5 x 7 6 8", NULL};
    for (size_t i = 0; i < 4; i++) {
        assert_lines_solve(boards, i < 3 ? answers[i] : "ullddrurdllurdruldr\n");
        /* AcWing 179 asks for the fewest moves; a missing final newline is fine */
        testkit_run r = check_output("acwing179", "eight.in", answers[i], "eight.out");
        expect(&r, 0, "", "ok: 1 case");
    }
    /* HDU 1043 takes any solution; AcWing 179 only the fewest */
    assert_lines_solve(boards, "ullddrurdllurdruldrlr\n");
    testkit_run r = check_output("hdu1043", "eight.in", "ullddrurdllurdruldrlr\n", "eight.out");
    expect(&r, 0, "", "ok: 1 case");
    r = check_output("acwing179", "eight.in", "ullddrurdllurdruldrlr\n", "eight.out");
    expect(&r, 1, "",
           "wrong answer: case 1, 21 moves, but the fewest is 19 (AcWing 179 asks for the fewest)");
    /* --optimal asks the same of a problem that does not */
    char *longer = temp_file("ullddrurdllurdruldrlr\n");
    r = RUN(NULL, "check", "--optimal", "--problem", "hdu1043", fixture("eight.in"), longer);
    expect(&r, 1, "", "wrong answer: case 1, 21 moves, but the fewest is 19\n");
    unlink(longer);
    free(longer);
    /* Windows line ends are not a mistake */
    r = check_output("uva652", "uva652-batch.in",
                     "ullddrurdllurdruldr\r\n\r\n\r\n\r\nunsolvable\r\n", NULL);
    expect(&r, 0, "", "ok: 3 cases");
}

static void check_problem_wrong_answers(void **state)
{
    (void)state;
    static const struct {
        const char *problem, *input, *output, *verdict;
    } cases[] = {
        /* eight-batch: rdr, (solved), two 31-move boards, unsolvable */
        {"hdu1043", "eight-batch.in", "rdx\n\nx\nx\nunsolvable\n",
         "wrong answer: case 1, move 3 is 'x', not one of u, d, l, r"},
        {"hdu1043", "eight-batch.in", "rdrr\n",
         "wrong answer: case 1, move 4 'r' leaves the board (the board before it: 1 2 3/4 5 6/7 8 "
         "x)"},
        {"hdu1043", "eight-batch.in", "rd\n",
         "wrong answer: case 1, after 2 moves the board is 1 2 3/4 5 6/7 x 8, not the goal"},
        {"hdu1043", "eight-batch.in", "unsolvable\n",
         "wrong answer: case 1, 'unsolvable', but the board is solvable in 3 moves"},
        {"hdu1043", "eight-batch.in", "rdr\nunsolvable\n",
         "wrong answer: case 2, 'unsolvable', but the board is solvable in 0 moves"},
        {"hdu1043", "eight-batch.in",
         "rdr\n\nuulddrruuldldrruuldldrruullddrr\nuldldrurdluulddrurulldrrulldrdr\nrl\n",
         "wrong answer: case 5, moves given, but the board is unsolvable (the answer is "
         "'unsolvable')"},
        {"hdu1043", "eight-batch.in",
         "rdr\n\nuulddrruuldldrruuldldrruullddrr\nuldldrurdluulddrurulldrrulldrdr\n\n",
         "wrong answer: case 5, an empty answer, but the board is unsolvable"},
        {"acwing845", "acwing845.in", "20\n",
         "wrong answer: case 1, answered 20, but the fewest moves is 19"},
        {"acwing845", "acwing845.in", "18\n",
         "wrong answer: case 1, answered 18, fewer than the fewest moves possible (19)"},
        {"acwing845", "acwing845.in", "-1\n",
         "wrong answer: case 1, answered -1, but the board is solvable in 19 moves"},
        {"acwing845", "acwing845.in", "ullddrurdllurdruldr\n",
         "wrong answer: case 1, expected the number of moves, found 'ullddrurdllurdruldr'"},
        {"acwing845", "acwing845.in", "-2\n",
         "wrong answer: case 1, '-2' is not a number of moves"},
        {"leetcode773", "leetcode773.in", "1\n14\n5\n14\n",
         "wrong answer: case 2, answered 14, but the board is unsolvable (-1)"},
        {"lintcode794", "lintcode794-2.in", "4\n",
         "wrong answer: case 1, answered 4, but the board is unsolvable (-1)"},
        {"uva10181", "uva10181.in", "LLLDRDRDR\nLLLDRDRDR\n",
         "wrong answer: case 2, moves given, but the board is unsolvable (the answer is 'This "
         "puzzle is not solvable.')"},
        {"uva10181", "uva10181.in", "This puzzle is not solvable.\nThis puzzle is not solvable.\n",
         "wrong answer: case 1, 'This puzzle is not solvable.', but the board is solvable"},
        {"uva10181", "uva10181.in", "LLLDRDRDRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLR\n",
         "wrong answer: case 1, 51 moves, more than the 50 UVa 10181 allows"},
        {"uva652", "uva652-batch.in", "ullddrurdllurdruldr\n\nunsolvable\n",
         "wrong answer: case 2, 'unsolvable', but the board is solvable in 0 moves"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = check_output(cases[i].problem, cases[i].input, cases[i].output, NULL);
        expect(&r, 1, "", cases[i].verdict);
    }
    /* 49 moves (parity rules out 50) is within UVa 10181's limit */
    const char *longest = "LLLDRDRDRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLRLR";
    assert_int_equal(strlen(longest), 49);
    const char *boards[] = {"2 3 4 x/1 5 7 8/9 6 10 12/13 14 11 15", NULL};
    char line[128];
    snprintf(line, sizeof line, "%s\n", longest);
    assert_lines_solve(boards, line);
    snprintf(line, sizeof line, "%s\nThis puzzle is not solvable.\n", longest);
    testkit_run r = check_output("uva10181", "uva10181.in", line, "uva10181.out");
    expect(&r, 0, "", "ok: 2 cases");
}

static void check_problem_presentation_errors(void **state)
{
    (void)state;
    static const struct {
        const char *problem, *input, *output, *verdict;
    } cases[] = {
        {"hdu1043", "eight.in", "ULLDDRURDLLURDRULDR\n",
         "presentation error: case 1, move 1 'U' should be lowercase"},
        {"hdu1043", "eight-batch.in",
         "rdr\n\nuulddrruuldldrruuldldrruullddrr\nuldldrurdluulddrurulldrrulldrdr\nUnsolvable\n",
         "presentation error: case 5, 'Unsolvable' should be written 'unsolvable'"},
        {"hdu1043", "eight-batch.in", "rdr\n\nuulddrruuldldrruuldldrruullddrr\n",
         "presentation error: case 4, missing: the output ends after 3 lines for 5 cases"},
        {"poj1077", "eight.in", "",
         "presentation error: case 1, missing: the output ends after 0 "
         "lines for 1 case"},
        {"poj1077", "eight.in", "ullddrurdllurdruldr\nullddrurdllurdruldr\n",
         "presentation error: line 2: extra output after the last case: 'ullddrurdllurdruldr'"},
        {"poj1077", "eight.in", "ullddr urdllurdruldr\n",
         "presentation error: case 1, spaces inside the move string"},
        {"uva652", "uva652-batch.in", "ullddrurdllurdruldr\n\n\nunsolvable\n",
         "presentation error: case 3, line 4: no empty line between case 2 and case 3 (UVa 652 "
         "wants one between answers)"},
        {"acwing845", "acwing845.in", "019\n",
         "presentation error: case 1, '019' should be written 19"},
        {"acwing845", "acwing845.in", " 19\n",
         "presentation error: case 1, spaces before the answer"},
        {"poj1077", "eight.in", " ullddrurdllurdruldr\n",
         "presentation error: case 1, spaces before the answer"},
        {"uva10181", "uva10181.in", "llldrdrdr\nThis puzzle is not solvable.\n",
         "presentation error: case 1, move 1 'l' should be uppercase (moves are U, D, L, R)"},
        {"uva10181", "uva10181.in", "LLLDRDRDR\nthis puzzle is not solvable\n",
         "presentation error: case 2, 'this puzzle is not solvable' should be written 'This "
         "puzzle is not solvable.'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = check_output(cases[i].problem, cases[i].input, cases[i].output, NULL);
        expect(&r, 2, "", cases[i].verdict);
    }
    /* a wrong answer anywhere outranks an earlier presentation error */
    testkit_run r = check_output(
        "hdu1043", "eight-batch.in",
        "RDR\n\nuulddrruuldldrruuldldrruullddrr\nuldldrurdluulddrurulldrrulldrdr\nrl\n", NULL);
    expect(&r, 1, "", "wrong answer: case 5, moves given");
}

static void check_problem_judge_failures(void **state)
{
    (void)state;
    /* an input file that is not a valid input of the problem */
    testkit_run r = check_output("uva652", "eight.in", "ullddrurdllurdruldr\n", NULL);
    expect(&r, 3, "", "judge failure: input file '");
    r = check_output("hdu1043", "uva652.in", "ullddrurdllurdruldr\n", NULL);
    expect(&r, 3, "", "uva652.in': case 1, line 3, cell 5: tile 1 appears twice (cells 1 and 5)");
    r = check_output("acwing845", "missing.in", "19\n", NULL);
    expect(&r, 3, "", "judge failure: cannot read the input file '");
    r = check_output("acwing845", "acwing845.in", "19\n", "missing.out");
    expect(&r, 3, "", "judge failure: cannot read the answer file '");
    /* an answer file better than optimal, or simply wrong */
    char *better = temp_file("18\n");
    const char *args[] = {
        "check", "--problem", "acwing845", fixture("acwing845.in"), fixture("acwing845.out"),
        better,  NULL};
    r = testkit_slide(args, NULL);
    assert_true(strncmp(r.err, "judge failure: the answer file '/tmp/slide-judge-", 49) == 0);
    expect(&r, 3, "",
           "fails the check (wrong answer: case 1, answered 18, fewer than the fewest "
           "moves possible (19))");
    unlink(better);
    free(better);
    r = check_output("hdu1043", "eight.in", "ullddrurdllurdruldr\n", "eight-batch.out");
    expect(&r, 3, "", "judge failure: the answer file");
    /* usage */
    r = RUN(NULL, "check", "--problem", "hdu1043", fixture("eight.in"));
    expect(&r, 3, "", "--problem expects INPUT OUTPUT [ANSWER], got 1 argument");
    r = RUN(NULL, "check", "--problem", "nope", "a", "b");
    expect(&r, 3, "", "unknown problem 'nope'");
    r = RUN(NULL, "check", "--problem", "hdu1043", "--goal", "123804765", "a", "b");
    expect(&r, 3, "", "--goal cannot be used with --problem");
}

/* ------------------------------------------ whitespace at ends, --strict */

/* `slide check [--strict] --problem problem INPUT OUTPUT`, both files written from text. */
static testkit_run check_texts_answer(const char *problem, int strict, const char *input,
                                      const char *output, const char *answer)
{
    char *in = temp_file(input), *out = temp_file(output),
         *jury = answer ? temp_file(answer) : NULL;
    const char *args[8] = {"check", "--problem", problem};
    size_t n = 3;
    if (strict)
        args[n++] = "--strict";
    args[n++] = in;
    args[n++] = out;
    args[n++] = jury; /* NULL ends the list when there is none */
    args[n] = NULL;
    testkit_run r = testkit_slide(args, NULL);
    unlink(in);
    unlink(out);
    if (jury)
        unlink(jury);
    free(in);
    free(out);
    free(jury);
    return r;
}

static testkit_run check_texts(const char *problem, int strict, const char *input,
                               const char *output)
{
    return check_texts_answer(problem, strict, input, output, NULL);
}

/*
 * A UVa 10181 case solvable only past the problem's 50 moves breaks the
 * problem's promise: no output can be right, so the checker blames the test
 * (a judge failure), whether the output claims "not solvable" or gives a
 * right answer of more moves, and the reference solver refuses the case.
 * The board needs 54 moves; IDA* with linear conflict proves it in about
 * 21,000 nodes, within auto's quick try, so no table is built.
 */
static void uva10181_case_past_the_limit_is_the_test_s_fault(void **state)
{
    (void)state;
    const char *input = "1\n4 9 15 6\n11 1 10 14\n8 3 12 2\n7 0 5 13\n";
    const char *fault = "judge failure: case 1 is solvable but needs 54 moves, more than the 50 "
                        "UVa 10181 allows: the test breaks the problem's promise";
    testkit_run r = check_texts("uva10181", 0, input, "This puzzle is not solvable.\n");
    expect(&r, 3, "", fault);
    r = RUN(input, "solve", "--problem", "uva10181");
    expect(&r, 1, "", "uva10181: case 1, line 2: the fewest is 54 moves, more than the 50");
    r = RUN(NULL, "solve", "-a", "idastar", "-H", "linear", "4 9 15 6/11 1 10 14/8 3 12 2/7 x 5 13");
    assert_int_equal(r.status, 0);
    char answer[128];
    size_t n = strlen(r.out);
    assert_int_equal(n, 54 + 1);
    for (size_t i = 0; i <= n; i++)
        answer[i] = (char)toupper((unsigned char)r.out[i]);
    testkit_run_free(&r);
    r = check_texts("uva10181", 0, input, answer);
    expect(&r, 3, "", fault);
    /* whatever else the output says: nothing, an empty line, moves that leave the board */
    const char *outputs[] = {"", "\n", "UUUU\n", "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR\n"};
    for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++) {
        r = check_texts("uva10181", 0, input, outputs[i]);
        expect(&r, 3, "", fault);
    }
    /* within the limit, a "not solvable" claim stays the contestant's wrong answer */
    r = check_texts("uva10181", 0, "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n",
                    "This puzzle is not solvable.\n");
    expect(&r, 1, "", "wrong answer: case 1, 'This puzzle is not solvable.', but the board is solvable");
}

/*
 * A checker needs only the fewest moves' count: it finds it within a small
 * --max-memory (AcWing 179's exact-string BFS stored 49,152 states and gave up).
 */
static void checker_optimum_fits_a_small_memory_cap(void **state)
{
    (void)state;
    char *in = temp_file("8 6 7 2 5 4 3 x 1\n");
    char *good = temp_file("uulddrruuldldrruuldldrruullddrr\n");
    /* eight cases share a context, whose table would not fit either */
    char *in8 = temp_file("8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n"
                          "8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n"
                          "8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n");
    char *good8 = temp_file("uulddrruuldldrruuldldrruullddrr\nuulddrruuldldrruuldldrruullddrr\n"
                            "uulddrruuldldrruuldldrruullddrr\nuulddrruuldldrruuldldrruullddrr\n"
                            "uulddrruuldldrruuldldrruullddrr\nuulddrruuldldrruuldldrruullddrr\n"
                            "uulddrruuldldrruuldldrruullddrr\nuulddrruuldldrruuldldrruullddrr\n");
    const char *accept8[] = {"check", "--problem", "acwing179", "--max-memory", "1M", in8, good8,
                             NULL};
    testkit_run r8 = testkit_slide(accept8, NULL);
    expect(&r8, 0, "", "ok: 8 cases");
    unlink(in8);
    unlink(good8);
    free(in8);
    free(good8);
    char *longer = temp_file("uulddrruuldldrruuldldrruullddrrlr\n");
    const char *accept[] = {"check", "--problem", "acwing179", "--max-memory",
                            "1M",    in,          good,        NULL};
    testkit_run r = testkit_slide(accept, NULL);
    expect(&r, 0, "", "ok: 1 case");
    const char *reject[] = {"check", "--problem", "acwing179", "--max-memory",
                            "1M",    in,          longer,      NULL};
    r = testkit_slide(reject, NULL);
    expect(&r, 1, "", "wrong answer: case 1, 33 moves, but the fewest is 31");
    unlink(in);
    unlink(good);
    unlink(longer);
    free(in);
    free(good);
    free(longer);
}

/*
 * Every way of writing whitespace at the end of a line or of the output,
 * around right answers: accepted by default, as testlib's usual comparators
 * and Kattis's default validator accept it (an empty output included, where
 * the answer is a solved board's empty line), and a presentation error
 * naming it with --strict.
 */
static void whitespace_at_line_ends_is_ignored_unless_strict(void **state)
{
    (void)state;
    const char *eight = "2 3 4 1 5 x 7 6 8\n", *solved = "1 2 3 4 5 6 7 8 x\n";
    const char *solved_last = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n12345678x\n";
    const char *uva652 = "3\n\n2 3 4\n1 5 x\n7 6 8\n\n\n1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 6 8 7 x\n";
    const char *uva10181 = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n"
                           "9 6 10 12\n15 8 11 14\n";
    static const char *const boards[] = {"2 3 4 1 5 x 7 6 8", NULL};
    assert_lines_solve(boards, "ullddrurdllurdruldr\n");
    const struct {
        const char *problem, *input, *output, *strict;
    } cases[] = {
        {"poj1077", eight, "ullddrurdllurdruldr \n", "line 1: spaces after the answer (--strict)"},
        {"poj1077", eight, "ullddrurdllurdruldr\t \t\n", "line 1: spaces after the answer"},
        {"poj1077", eight, "ullddrurdllurdruldr\r\n",
         "line 1: a carriage return before the line end (--strict: lines end with \\n alone)"},
        {"poj1077", eight, "ullddrurdllurdruldr", "line 1: no line end after the last line"},
        {"poj1077", eight, "ullddrurdllurdruldr\n\n", "line 2: an empty line after the last answer"},
        {"poj1077", eight, "ullddrurdllurdruldr\n \n\t\n\n", "line 2: spaces after the answer"},
        {"poj1077", eight, "ullddrurdllurdruldr \r\n\r\n",
         "line 1: a carriage return before the line end"},
        {"acwing179", solved, "", "case 1, missing: the output ends after 0 lines for 1 case"},
        {"acwing179", solved, "\n\n", "line 2: an empty line after the last answer"},
        {"acwing179", solved, "  ", "line 1: spaces after the answer"},
        {"hdu1043", solved_last, "ullddrurdllurdruldr\n",
         "case 2, missing: the output ends after 1 line for 3 cases"},
        {"uva652", uva652, "ullddrurdllurdruldr\n \n\n\t\nunsolvable\n",
         "line 2: spaces after the answer"},
        {"uva652", uva652, "ullddrurdllurdruldr\n\n\n\nunsolvable\n\n",
         "line 6: an empty line after the last answer (UVa 652 wants empty lines only between "
         "answers)"},
        {"acwing845", eight, "19 \r\n", "line 1: a carriage return before the line end"},
        {"leetcode773", "[[1,2,3],[4,0,5]]\n", "1\n\n\n", "line 2: an empty line after the last"},
        {"uva10181", uva10181, "LLLDRDRDR \nThis puzzle is not solvable.  \n",
         "line 1: spaces after the answer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = check_texts(cases[i].problem, 0, cases[i].input, cases[i].output);
        if (r.status != 0 || strncmp(r.err, "ok: ", 4) != 0)
            fail_msg("%s, output '%s': exit %d, %s", cases[i].problem, cases[i].output, r.status,
                     r.err);
        testkit_run_free(&r);
        r = check_texts(cases[i].problem, 1, cases[i].input, cases[i].output);
        char want[300];
        snprintf(want, sizeof want, "presentation error: %s", cases[i].strict);
        expect(&r, 2, "", want);
    }
    /* --strict judges the contestant's layout, not the jury's: an answer file without a final
     * line end still vouches for its answers */
    testkit_run r =
        check_texts_answer("poj1077", 1, eight, "ullddrurdllurdruldr\n", "ullddrurdllurdruldr");
    expect(&r, 0, "", "ok: 1 case");
    /* so does --max-moves: the jury's longer (valid) answer is no judge failure */
    char *in = temp_file(eight), *jury = temp_file("ullddrurdllurdruldrlr\n");
    for (int longer = 0; longer < 2; longer++) {
        char *out = temp_file(longer ? "ullddrurdllurdruldrlr\n" : "ullddrurdllurdruldr\n");
        r = RUN(NULL, "check", "--problem", "poj1077", "--max-moves", "19", in, out, jury);
        if (longer)
            expect(&r, 1, "", "wrong answer: case 1, 21 moves, more than --max-moves 19");
        else
            expect(&r, 0, "", "ok: 1 case");
        unlink(out);
        free(out);
    }
    unlink(in);
    unlink(jury);
    free(in);
    free(jury);
    /* missing answers that are not empty, and other output after the last, stay errors */
    r = check_texts("hdu1043", 0, "12345678x\n2 3 4 1 5 x 7 6 8\n", "\n");
    expect(&r, 2, "", "presentation error: case 2, missing: the output ends after 1 line for 2");
    r = check_texts("hdu1043", 0, "2 3 4 1 5 x 7 6 8\n", "\n");
    expect(&r, 1, "", "wrong answer: case 1, after 0 moves the board is 2 3 4/1 5 x/7 6 8");
    r = check_texts("acwing179", 0, solved, "\n\nunsolvable\n");
    expect(&r, 2, "", "presentation error: line 3: extra output after the last case: 'unsolvable'");

    /* the single form: a MOVES argument ends where its text does */
    r = RUN(NULL, "check", "2 3 4 1 5 x 7 6 8", "ullddrurdllurdruldr \t");
    expect(&r, 0, "ok: 19 moves, optimal\n", NULL);
    r = RUN(NULL, "check", "--strict", "2 3 4 1 5 x 7 6 8", "ullddrurdllurdruldr \t");
    expect(&r, 2, "presentation error: line 1: spaces after the answer (--strict)\n", NULL);
    r = RUN(NULL, "check", "--strict", "2 3 4 1 5 x 7 6 8", "ullddrurdllurdruldr");
    expect(&r, 0, "ok: 19 moves, optimal\n", NULL);
    r = RUN(NULL, "check", "--strict", "1 2 3 4 5 6 7 8 x", "");
    expect(&r, 0, "ok: 0 moves, the board is already the goal\n", NULL);
    /* from stdin it is a line: an empty input is the empty answer unless --strict */
    r = RUN("", "check", "1 2 3 4 5 6 7 8 x", "-");
    expect(&r, 0, "ok: 0 moves, the board is already the goal\n", NULL);
    r = RUN("", "check", "--strict", "1 2 3 4 5 6 7 8 x", "-");
    expect(&r, 2, "presentation error: MOVES is empty (--strict: the answer is a line, \\n included)\n",
           NULL);
    r = RUN("\n", "check", "--strict", "1 2 3 4 5 6 7 8 x", "-");
    expect(&r, 0, "ok: 0 moves, the board is already the goal\n", NULL);
    r = RUN("ullddrurdllurdruldr\n\n", "check", "--strict", "2 3 4 1 5 x 7 6 8", "-");
    expect(&r, 2, "presentation error: line 2: an empty line after the last answer\n", NULL);
    r = RUN("ullddrurdllurdruldr", "check", "--strict", "2 3 4 1 5 x 7 6 8", "-");
    expect(&r, 2, "presentation error: line 1: no line end after the last line (--strict)\n", NULL);
    r = RUN("", "check", "2 3 4 1 5 x 7 6 8", "-");
    expect(&r, 1,
           "wrong answer: after 0 moves the board is 2 3 4/1 5 x/7 6 8, not the goal 1 2 3/4 5 "
           "6/7 8 x\n",
           NULL);
}

/* ------------------------------------------------- MOVES from a file or stdin */

/* The text of a run's stdout with every byte of `from` turned into `to`. */
static void replace_bytes(char *text, char from, char to)
{
    for (; *text; text++)
        if (*text == from)
            *text = to;
}

/*
 * MOVES as `-` (stdin) or a file: the same verdicts as the argument gives,
 * for a 19-move answer and for the strategy's answer of a 100x100 board
 * (about two million moves, replayed as they are read).
 */
static void check_board_reads_moves_from_a_file_or_stdin(void **state)
{
    (void)state;
    const char *board = "2 3 4 1 5 x 7 6 8";
    testkit_run r = RUN("ullddrurdllurdruldr\n", "check", board, "-");
    expect(&r, 0, "ok: 19 moves, optimal\n", NULL);
    char *file = temp_file("ullddrurdllurdruldr\n");
    r = RUN(NULL, "check", "--optimal", board, file);
    expect(&r, 0, "ok: 19 moves, optimal\n", NULL);
    unlink(file);
    free(file);
    file = temp_file("unsolvable\n");
    r = RUN(NULL, "check", "1 2 3 4 5 6 8 7 x", file);
    expect(&r, 0, "ok: the board is unsolvable\n", NULL);
    r = RUN(NULL, "check", board, file);
    expect(&r, 1, "wrong answer: 'unsolvable', but the board is solvable in 19 moves\n", NULL);
    unlink(file);
    free(file);
    r = RUN("ullddr\nurdllurdruldr\n", "check", board, "-");
    /* ullddr: 2 3 x/1 5 4, 2 x 3/1 5 4, x 2 3/1 5 4, 1 2 3/x 5 4/7 6 8, 1 2 3/7 5 4/x 6 8, then */
    expect(&r, 1, "wrong answer: after 6 moves the board is 1 2 3/7 5 4/6 x 8, not the goal 1 2 3/4 "
                  "5 6/7 8 x\n",
           NULL);
    r = RUN(NULL, "check", board, "/nonexistent/moves");
    expect(&r, 3,
           "judge failure: cannot read MOVES from '/nonexistent/moves': No such file or directory\n",
           NULL);
    /* text that names no file is judged as the answer it is, unless it looks like a file name */
    r = RUN(NULL, "check", board, "ullddrurdllurdruldr1");
    expect(&r, 1, "wrong answer: move 20 is '1', not one of u, d, l, r\n", NULL);
    r = RUN(NULL, "check", board, "ullddrurdllurdruldr.txt");
    expect(&r, 3,
           "judge failure: cannot read MOVES from 'ullddrurdllurdruldr.txt': No such file or "
           "directory (a move string holds only u, d, l and r)\n",
           NULL);

    testkit_run big = RUN(NULL, "gen", "--size", "100x100", "--seed", "12");
    assert_int_equal(big.status, 0);
    big.out[strcspn(big.out, "\n")] = '\0';
    testkit_run solved = RUN(NULL, "solve", "--algo", "strategy", big.out);
    assert_int_equal(solved.status, 0);
    size_t moves = strcspn(solved.out, "\n");
    assert_true(moves > 1000000);
    slide_board b = testkit_board(big.out, 0, 0);
    solved.out[moves] = '\0';
    testkit_assert_solves(&b, NULL, solved.out);
    solved.out[moves] = '\n';
    char want[128];
    snprintf(want, sizeof want, "ok: %zu moves (optimality not checked; --optimal checks it)\n",
             moves);
    r = RUN(solved.out, "check", "--strict", big.out, "-");
    expect(&r, 0, want, NULL);
    /* a letter of the other case far along the string, and one move too many */
    solved.out[moves - 1] = (char)(solved.out[moves - 1] - 'a' + 'A');
    r = RUN(solved.out, "check", big.out, "-");
    snprintf(want, sizeof want,
             "presentation error: move %zu '%c' should be lowercase (moves are u, d, l, r)\n",
             moves, solved.out[moves - 1]);
    expect(&r, 2, want, NULL);
    replace_bytes(solved.out, '\n', 'u');
    r = RUN(solved.out, "check", big.out, "-");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "wrong answer: "));
    testkit_run_free(&r);
    slide_board_free(&b);
    testkit_run_free(&big);
    testkit_run_free(&solved);
}

/* --------------------------------------------------------- bounded memory */

/*
 * Peak memory a check may reach on endless input: the line bound (40 MB)
 * and change.  Under AddressSanitizer a growing buffer's old blocks stay in
 * its quarantine, and ThreadSanitizer's runtime and shadow take as much, so
 * the figure is looser there.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CHECK_PEAK_KIB (192 * 1024)
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CHECK_PEAK_KIB (192 * 1024)
#endif
#endif
#ifndef CHECK_PEAK_KIB
#define CHECK_PEAK_KIB (64 * 1024)
#endif

/*
 * /dev/zero as each file of every form: the input file stops at the input
 * bound, an output or answer line at the line bound, MOVES at its first
 * byte; each gets its verdict and memory stays bounded.
 */
static void endless_files_keep_memory_bounded(void **state)
{
    (void)state;
    char *in = temp_file("2 3 4 1 5 x 7 6 8\n"), *out = temp_file("ullddrurdllurdruldr\n");
    const struct {
        const char *args[8];
        int status;
        const char *stream, *message;
    } cases[] = {
        {{"check", "--problem", "poj1077", "/dev/zero", out, out, NULL},
         3,
         "err",
         "judge failure: the input file '/dev/zero' is longer than 40000000 bytes, the most a "
         "judge input may hold"},
        {{"check", "--problem", "poj1077", in, "/dev/zero", NULL},
         1,
         "err",
         "wrong answer: line 1 is longer than 40000000 bytes, the most a line may hold"},
        {{"check", "--problem", "poj1077", in, out, "/dev/zero", NULL},
         3,
         "err",
         "judge failure: the answer file '/dev/zero' fails the check (wrong answer: line 1 is "
         "longer than 40000000 bytes"},
        {{"check", "2 3 4 1 5 x 7 6 8", "/dev/zero", NULL},
         1,
         "out",
         "wrong answer: move 1 is byte 0x00, not one of u, d, l, r"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = testkit_slide(cases[i].args, NULL);
        const char *text = cases[i].stream[0] == 'o' ? r.out : r.err;
        if (r.status != cases[i].status || !strstr(text, cases[i].message))
            fail_msg("case %zu: exit %d, stdout '%s', stderr '%s'", i, r.status, r.out, r.err);
        if (r.peak_kib > CHECK_PEAK_KIB)
            fail_msg("case %zu: peak memory %ld KiB, more than %d KiB", i, r.peak_kib,
                     CHECK_PEAK_KIB);
        testkit_run_free(&r);
    }
    unlink(in);
    unlink(out);
    free(in);
    free(out);
}

/* ----------------------------------------------- check --kattis (DOMjudge) */

/*
 * Runs the Kattis form (with --strict when strict) with team output on
 * stdin; the judge message is read back.
 */
static int run_kattis(const char *problem, int strict, const char *input, const char *answer,
                      const char *team_output, char *message, size_t size, int *has_error_file)
{
    char dir[] = "/tmp/slide-feedback-XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *args[] = {"check",         "--problem",     problem, "--kattis",
                          fixture(input),  fixture(answer), dir,     strict ? "--strict" : NULL,
                          NULL};
    testkit_run r = testkit_slide(args, team_output);
    int status = r.status;
    testkit_run_free(&r);
    char path[600];
    snprintf(path, sizeof path, "%s/judgemessage.txt", dir);
    char *text = read_text(path);
    snprintf(message, size, "%s", text);
    free(text);
    unlink(path);
    snprintf(path, sizeof path, "%s/judgeerror.txt", dir);
    *has_error_file = unlink(path) == 0;
    rmdir(dir);
    return status;
}

static void check_kattis_exit_codes_and_feedback(void **state)
{
    (void)state;
    char message[1024];
    int error_file;
    const char *boards[] = {"2 3 4 1 5 x 7 6 8", NULL};
    assert_lines_solve(boards, "dlurullddrurdllurdr\n");
    assert_int_equal(run_kattis("acwing179", 0, "eight.in", "eight.out", "dlurullddrurdllurdr\n",
                                message, sizeof message, &error_file),
                     42);
    assert_string_equal(message, "ok: 1 case\n");
    assert_false(error_file);
    assert_int_equal(run_kattis("acwing179", 0, "eight.in", "eight.out", "uu\n", message,
                                sizeof message, &error_file),
                     43);
    assert_non_null(strstr(message, "wrong answer: case 1, move 2 'u' leaves the board"));
    /* an empty line at the end is whitespace at the end of the file, as for Kattis's own checker */
    assert_int_equal(run_kattis("uva10181", 0, "uva10181.in", "uva10181.out",
                                "LLLDRDRDR\nThis puzzle is not solvable.\n\n", message,
                                sizeof message, &error_file),
                     42);
    /* no presentation-error verdict in Kattis: it is a wrong answer with its reason */
    assert_int_equal(run_kattis("uva10181", 1, "uva10181.in", "uva10181.out",
                                "LLLDRDRDR\nThis puzzle is not solvable.\n\n", message,
                                sizeof message, &error_file),
                     43);
    assert_non_null(strstr(message, "presentation error: line 3: an empty line after the last"));
    assert_int_equal(run_kattis("acwing845", 0, "acwing845.in", "eight.out", "19\n", message,
                                sizeof message, &error_file),
                     3);
    assert_non_null(strstr(message, "judge failure: the answer file"));
    assert_true(error_file);
    testkit_run r = RUN("", "check", "--problem", "acwing845", "--kattis", fixture("acwing845.in"),
                        fixture("acwing845.out"));
    expect(&r, 3, "", "--kattis expects INPUT ANSWER FEEDBACK_DIR");
    r = RUN("19\n", "check", "--problem", "acwing845", "--kattis", fixture("acwing845.in"),
            fixture("acwing845.out"), "/nonexistent/dir");
    expect(&r, 3, "", "cannot write /nonexistent/dir/judgemessage.txt");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(eight_sample_byte_for_byte_under_every_name),
    cmocka_unit_test(eight_batch_matches_bfs_and_is_optimal),
    cmocka_unit_test(many_eight_cases_from_the_table_equal_bfs),
    cmocka_unit_test(uva652_sample_and_separators),
    cmocka_unit_test(step_count_samples),
    cmocka_unit_test(uva10181_sample_uppercase_blank_moves),
    cmocka_unit_test(malformed_input_names_case_and_line),
    cmocka_unit_test(problem_options_are_checked),
    cmocka_unit_test(check_board_accepts_every_optimal_answer),
    cmocka_unit_test(check_board_wrong_answers),
    cmocka_unit_test(check_board_presentation_error_and_failures),
    cmocka_unit_test(check_problem_accepts_reference_outputs),
    cmocka_unit_test(check_problem_accepts_other_optimal_eight_answers),
    cmocka_unit_test(check_problem_wrong_answers),
    cmocka_unit_test(check_problem_presentation_errors),
    cmocka_unit_test(check_problem_judge_failures),
    cmocka_unit_test(uva10181_case_past_the_limit_is_the_test_s_fault),
    cmocka_unit_test(checker_optimum_fits_a_small_memory_cap),
    cmocka_unit_test(whitespace_at_line_ends_is_ignored_unless_strict),
    cmocka_unit_test(check_board_reads_moves_from_a_file_or_stdin),
    cmocka_unit_test(endless_files_keep_memory_bounded),
    cmocka_unit_test(check_kattis_exit_codes_and_feedback),
};

TESTKIT_MAIN(tests)
