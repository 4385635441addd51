/* test_cli.c - `slide solve` end to end: the built binary on inputs, outputs compared. */
#include "testkit.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static void expect(testkit_run *r, int status, const char *out, const char *err_fragment)
{
    if (r->status != status)
        fail_msg("exit %d, want %d; stderr: %s", r->status, status, r->err);
    assert_string_equal(r->out, out);
    if (err_fragment && !strstr(r->err, err_fragment))
        fail_msg("stderr '%s' lacks '%s'", r->err, err_fragment);
    if (!err_fragment && status == 0)
        assert_string_equal(r->err, "");
    testkit_run_free(r);
}

static void judge_samples(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "2 3 4 1 5 x 7 6 8");
    expect(&r, 0, "ullddrurdllurdruldr\n", NULL);
    r = RUN(NULL, "solve", "--algo", "bfs", "--goal", "12345678.", "-o", "steps", "123.46758");
    expect(&r, 0, "3\n", NULL);
    r = RUN(NULL, "solve", "-o", "steps", "[[4,1,2],[5,0,3]]", "[[1,2,3],[5,4,0]]",
            "[[1,2,3],[4,0,5]]", "[[3,2,4],[1,5,0]]");
    expect(&r, 0, "5\n-1\n1\n14\n", NULL);
    r = RUN(NULL, "solve", "--goal", "123804765", "--output=steps", "283104765");
    expect(&r, 0, "4\n", NULL);
    r = RUN(NULL, "solve", "-osteps", "8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1");
    expect(&r, 0, "31\n31\n", NULL);
    r = RUN(NULL, "solve", "--pairs", "-o", "steps", "13524678.", "46758123.");
    expect(&r, 0, "22\n", NULL);
}

static void every_form_gives_the_same_answer(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "234150768", "23415.768", "[[2,3,4],[1,5,0],[7,6,8]]",
                        "2 3 4/1 5 x/7 6 8", "2,3,4,1,5,_,7,6,8");
    expect(&r, 0,
           "ullddrurdllurdruldr\nullddrurdllurdruldr\nullddrurdllurdruldr\n"
           "ullddrurdllurdruldr\nullddrurdllurdruldr\n",
           NULL);
}

static void batch_from_stdin_skips_comments_and_reports_bad_lines(void **state)
{
    (void)state;
    testkit_run r = RUN("# header\n\n1 2 3 4 5 6 7 x 8\r\n1 2 3 4 5 6 7 9 x\n  \n1 2 3\n"
                        "1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 8 x\n",
                        "solve");
    expect(&r, 1, "r\nerror\nerror\nunsolvable\n\n", "slide: line 4, cell 8: tile 9 is out of range 1-8");
    r = RUN("1 2 3\n", "solve");
    expect(&r, 1, "error\n", "slide: line 1: cannot infer a shape from 3 cells");
}

static void pairs_from_stdin(void **state)
{
    (void)state;
    testkit_run r = RUN("12345678.\n123.46758\n\n13524678.\n46758123.\n", "solve", "--pairs", "-o",
                        "steps");
    expect(&r, 0, "3\n22\n", NULL);
    r = RUN("12345678.\n", "solve", "--pairs");
    expect(&r, 1, "error\n", "without its goal");
    r = RUN("12345678.\n1234\n", "solve", "--pairs");
    expect(&r, 1, "error\n", "slide: line 2 (goal): expected 9 cells");
    /* the goal's own line, past comments and empty lines, and its own argument */
    r = RUN("12345678.\n123.46758\n12345678.\n# its goal:\n\n1234567.9\n", "solve", "--pairs",
            "-o", "steps");
    expect(&r, 1, "3\nerror\n", "slide: line 6 (goal), cell 9: tile 9 is out of range 1-8");
    r = RUN(NULL, "solve", "--pairs", "-o", "steps", "12345678.", "123.46758", "12345678.",
            "1234567.9");
    expect(&r, 1, "3\nerror\n", "slide: argument 4 (goal), cell 9: tile 9 is out of range 1-8");
}

static void sizes_and_goals(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "--size", "3x2", "1 2 3 4 x 5");
    expect(&r, 0, "r\n", NULL);
    r = RUN(NULL, "solve", "1 2/3 4/x 5");
    expect(&r, 0, "r\n", NULL);
    /* boards take the goal's shape */
    r = RUN(NULL, "solve", "--goal", "1 2/3 4/5 x", "1 2 3 4 x 5");
    expect(&r, 0, "r\n", NULL);
    r = RUN(NULL, "solve", "--goal", "1 2 3 4 5 6 7 8 x", "1 2 3 x");
    expect(&r, 1, "error\n", "expected 9 cells for 3x3, found 4");
    r = RUN(NULL, "solve", "--goal", "1 2 3 x/4 5 6 7", "1 2 3 7/4 5 6 x");
    expect(&r, 0, "u\n", NULL);
    r = RUN(NULL, "solve", "--goal", "2 1 3 4 5 6 7 8 x", "-o", "steps", "1 2 3 4 5 6 7 8 x");
    expect(&r, 0, "-1\n", NULL);
}

static void output_formats(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "-o", "path", "1 2 3 4 5 6 7 x 8");
    expect(&r, 0, "1 2 3\n4 5 6\n7 x 8\n\n1 2 3\n4 5 6\n7 8 x\n\n1\n", NULL);
    r = RUN(NULL, "solve", "-o", "path", "2 1 3 4 5 6 7 8 x");
    expect(&r, 0, "unsolvable\n", NULL);
    r = RUN(NULL, "solve", "-o", "json", "1 2 3 4 5 6 7 x 8");
    assert_int_equal(r.status, 0);
    const char *prefix = "{\"board\":\"1 2 3 4 5 6 7 x 8\",\"solvable\":true,\"steps\":1,"
                         "\"moves\":\"r\",\"optimal\":true,\"lower_bound\":1,\"algo\":\"";
    assert_true(strncmp(r.out, prefix, strlen(prefix)) == 0);
    assert_non_null(strstr(r.out, "\"nodes\":"));
    assert_non_null(strstr(r.out, "\"ms\":"));
    assert_int_equal(r.out[strlen(r.out) - 2], '}');
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "-o", "json", "2 1 3 4 5 6 7 8 x", "1 2 3");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "\"solvable\":false,\"steps\":-1,\"moves\":null"));
    assert_non_null(strstr(r.out, "\n{\"error\":\"cannot infer a shape"));
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "-o", "steps", "1 2 3 4 5 6 7 8 x");
    expect(&r, 0, "0\n", NULL);
}

static void stats_on_stderr(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "--stats", "-a", "bfs", "2 3 4 1 5 x 7 6 8");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "ullddrurdllurdruldr\n");
    assert_non_null(strstr(r.err, "slide: stats: argument 1: algo bfs, expanded "));
    assert_non_null(strstr(r.err, "peak memory"));
    testkit_run_free(&r);
}

/*
 * --stats reports the search's peak memory, the answer's own string not
 * counted: the same figure whether the moves are kept (json, path, tiles),
 * streamed (moves) or only counted (steps).
 */
static void stats_peak_is_the_same_for_every_output(void **state)
{
    (void)state;
    static const char *const outputs[] = {"moves", "steps", "path", "json", "tiles"};
    static const char *const algos[][2] = {{"astar", "8 6 7 2 5 4 3 x 1"},
                                           {"idastar", "8 6 7 2 5 4 3 x 1"},
                                           {"bfs", "8 6 7 2 5 4 3 x 1"},
                                           {"strategy", "12 3 7 31 19 25 26 33 16 6 15 2 23 29 "
                                                        "11 13 22 5 18 1 28 14 30 35 9 24 20 "
                                                        "27 10 17 34 21 32 4 8 x"}};
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        char first[64] = "";
        for (size_t o = 0; o < sizeof outputs / sizeof outputs[0]; o++) {
            testkit_run r = RUN(NULL, "solve", "--stats", "-a", algos[a][0], "-o", outputs[o],
                                algos[a][1]);
            assert_int_equal(r.status, 0);
            assert_null(strstr(r.out, "unsolvable"));
            const char *at = strstr(r.err, "peak memory ");
            assert_non_null(at);
            char peak[64];
            snprintf(peak, sizeof peak, "%.*s", (int)strcspn(at, ","), at);
            if (!first[0])
                snprintf(first, sizeof first, "%s", peak);
            else if (strcmp(first, peak) != 0)
                fail_msg("%s: -o %s says %s, -o moves %s", algos[a][0], outputs[o], peak, first);
            testkit_run_free(&r);
        }
    }
}

/*
 * --pairs with goals whose pattern databases are the same files (renamings
 * of one goal): the tables are held and charged once, and --stats says so
 * from the second goal on.
 */
static void stats_say_when_goals_share_tables(void **state)
{
    (void)state;
    testkit_run r = RUN("2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n4 3 2 1 5 x 7 6 8\n"
                        "2 1 3 4 5 6 7 8 x\n",
                        "solve", "--pairs", "--stats", "-a", "idastar", "-H", "pdb");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "ullddrurdllurdruldr\nulddrulurddluruldlurddr\n");
    const char *first = strstr(r.err, "stats: line 1: "), *second = strstr(r.err, "stats: line 3: ");
    assert_non_null(first);
    assert_non_null(second);
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(first, "\n"), first);
    assert_null(strstr(line, "shared")); /* the first goal loaded them */
    assert_non_null(strstr(second, " (shared with an earlier goal: charged once), "));
    testkit_run_free(&r);
}

static void limits_stop_a_board_not_the_batch(void **state)
{
    (void)state;
    testkit_run r = RUN("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
                        "solve", "-a", "bfs", "--max-memory", "4M");
    expect(&r, 1, "error\nr\n", "line 1: memory limit reached (--max-memory 4.0 MiB): bfs stored");
    r = RUN(NULL, "solve", "-a", "bfs", "--timeout", "0.05", "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1");
    expect(&r, 1, "error\n", "time limit reached (--timeout 0.05 s)");
}

/* A line's board too large for a weight or for the algorithm named: refused, the batch goes on. */
static void boards_too_large_say_what_answers_them(void **state)
{
    (void)state;
    char six[200], big[1400]; /* solved 6x6 and 16x16 boards, row by row */
    size_t n = 0;
    for (int t = 1; t < 36; t++)
        n += (size_t)snprintf(six + n, sizeof six - n, "%d ", t);
    snprintf(six + n, sizeof six - n, "x");
    n = 0;
    for (int t = 1; t < 256; t++)
        n += (size_t)snprintf(big + n, sizeof big - n, "%d ", t);
    snprintf(big + n, sizeof big - n, "x");
    char input[1700];
    snprintf(input, sizeof input, "1 2 3 4 5 6 7 x 8\n%s\n%s\n", six, big);
    testkit_run r = RUN(input, "solve", "--weight", "2");
    expect(&r, 1, "r\nerror\nerror\n",
           "line 2: board too large for this algorithm: with a weight auto runs idastar, which "
           "handles at most 25 cells; this one has 36; without a weight auto answers it by beam "
           "search (drop --weight)");
    r = RUN(input, "solve", "--weight", "2");
    expect(&r, 1, "r\nerror\nerror\n",
           "line 3: board too large for this algorithm: with a weight auto runs idastar, which "
           "handles at most 25 cells; this one has 256; without a weight auto answers it by "
           "strategy and beam search (drop --weight)");
    r = RUN(NULL, "solve", "-a", "astar", "--weight", "1.5", six);
    expect(&r, 1, "error\n", "(drop --algo and --weight)");
    r = RUN(NULL, "solve", "-a", "idastar", "-o", "json", six);
    expect(&r, 1,
           "{\"error\":\"board too large for this algorithm: idastar handles boards of at most "
           "25 cells; this one has 36 (try --algo beam)\"}\n",
           NULL);
    r = RUN(NULL, "solve", "-a", "table", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15");
    expect(&r, 1, "error\n",
           "table handles boards of at most 9 cells; this one has 16 (try "
           "--algo idastar)");
    /* without the weight the same batch is answered */
    r = RUN(input, "solve", "-o", "steps");
    expect(&r, 0, "1\n0\n0\n", "are fast but not proven optimal (this 6x6 board's from --algo beam");
}

static void usage_errors_exit_2(void **state)
{
    (void)state;
    struct {
        const char *args[7];
        const char *message;
    } cases[] = {
        {{"solve", "--bogus", NULL}, "unknown option '--bogus'"},
        {{"solve", "-Z", NULL}, "unknown option '-Z'"},
        {{"solve", "--algo", NULL}, "option '--algo' needs a value"},
        {{"solve", "--algo", "dfs", "1 2 3 x", NULL}, "unknown algorithm 'dfs'"},
        {{"solve", "--output", "xml", "1 2 3 x", NULL}, "'xml' is not one of moves"},
        {{"solve", "--size", "0x3", "1 2 3 x", NULL}, "at least 2 rows"},
        {{"solve", "--size", "1x9", "1 2 3 x", NULL}, "at least 2 rows"},
        {{"solve", "--size", "100000x100000", "1 2 3 x", NULL}, "larger than"},
        {{"solve", "--max-memory", "12Q", "1 2 3 x", NULL}, "'12Q' is not a size"},
        /* decimal sizes only; a fraction of a byte is none (1.5K is 1536 bytes) */
        {{"solve", "--max-memory", "1.5", "1 2 3 x", NULL}, "'1.5' is not a size"},
        {{"solve", "--max-memory", "0x10", "1 2 3 x", NULL}, "'0x10' is not a size"},
        {{"solve", "--max-memory", "1e3", "1 2 3 x", NULL}, "'1e3' is not a size"},
        {{"solve", "--timeout", "0x1p-3", "1 2 3 x", NULL}, "not a positive number"},
        /* an empty directory (an unset variable in a script) is not the current one */
        {{"solve", "-o", "svg", "--output-dir", "", "1 2 3 x", NULL},
         "--output-dir: the directory name is empty"},
        {{"solve", "--timeout", "-1", "1 2 3 x", NULL}, "not a positive number"},
        {{"solve", "--goal", "1 2 3", "1 2 3 x", NULL}, "--goal: cannot infer"},
        {{"solve", "--stats=yes", NULL}, "takes no value"},
        /* another option's value is not --problem, even when it reads so */
        {{"solve", "-a", "--problem", "1 2 3 x", NULL}, "unknown algorithm '--problem'"},
        {{"frobnicate", NULL}, "unknown command 'frobnicate'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        testkit_run r = testkit_slide(cases[i].args, "");
        if (r.status != 2 || !strstr(r.err, cases[i].message))
            fail_msg("case %zu: exit %d, stderr '%s', want 2 and '%s'", i, r.status, r.err,
                     cases[i].message);
        assert_string_equal(r.out, "");
        testkit_run_free(&r);
    }
}

static void help_and_version(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "--version");
    expect(&r, 0, "slide " SLIDE_VERSION_STRING "\n", NULL);
    r = RUN(NULL, "--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "usage: slide COMMAND"));
    testkit_run_free(&r);
    r = RUN(NULL, "help", "solve");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "--max-memory"));
    assert_non_null(strstr(r.out, "bfs"));
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "usage: slide solve"));
    testkit_run_free(&r);
    r = RUN(NULL, "help", "nothing");
    assert_int_equal(r.status, 2);
    testkit_run_free(&r);
    /* every command has a help, version and help itself too */
    static const char *const topics[] = {"version", "--version", "help", "--help"};
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++) {
        r = RUN(NULL, "help", topics[i]);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, i < 2 ? "usage: slide version" : "usage: slide help"));
        testkit_run_free(&r);
    }
    r = RUN(NULL, "help", "verson");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "did you mean 'version'?"));
    assert_null(strstr(r.err, "--version")); /* the list names commands, not options */
    testkit_run_free(&r);
    /* pdb's help: --cache-dir for every action, and the scope past 16 cells */
    r = RUN(NULL, "pdb", "build", "--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "[--max-group N]\n                       [--cache-dir DIR]\n"));
    assert_non_null(strstr(r.out, "slide pdb info [--cache-dir DIR]"));
    assert_non_null(strstr(r.out, "slide pdb clear [--cache-dir DIR]"));
    assert_non_null(strstr(r.out, "on boards of 10 to 25 cells"));
    testkit_run_free(&r);
}

static void write_error_is_reported(void **state)
{
    (void)state;
    /* stdout on /dev/full: every write fails */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("/dev/full", O_WRONLY);
        int null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0)
            _exit(99);
        dup2(fd, 1);
        dup2(null, 2);
        execl(SLIDE_BINARY, SLIDE_BINARY, "solve", "1 2 3 4 5 6 7 x 8", (char *)NULL);
        _exit(98);
    }
    int wstatus;
    assert_int_equal(waitpid(pid, &wstatus, 0), pid);
    assert_true(WIFEXITED(wstatus));
    assert_int_equal(WEXITSTATUS(wstatus), 1);
}

/*
 * A streamed answer cut short by --timeout (its first MiB already written)
 * ends its line with " error", so stdout alone tells it from a whole
 * answer.  A 400x400 board takes strategy over a second; 0.3 s stops it
 * after tens of millions of moves, or, on a slow (instrumented) build,
 * maybe before the first MiB, when the line is `error` alone.  The moves
 * written are replayed: each must be legal on the board.
 */
static void an_answer_cut_short_ends_in_error(void **state)
{
    (void)state;
    testkit_run board = RUN(NULL, "gen", "--size", "400x400", "--seed", "13");
    assert_int_equal(board.status, 0);
    testkit_run r = RUN(board.out, "solve", "-a", "strategy", "--timeout", "0.3");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "time limit reached (--timeout 0.3 s)"));
    size_t len = strlen(r.out);
    assert_true(len >= 6 && strcmp(r.out + len - 6, "error\n") == 0);
    if (len > 6) {
        /* moves, then " error" */
        assert_true(len > 7 && r.out[len - 7] == ' ');
        assert_non_null(strstr(r.err, "are an incomplete answer"));
        slide_board b = testkit_board(board.out, 0, 0);
        long blank = 0, side = 400;
        while (b.cells[blank] != 0)
            blank++;
        for (size_t i = 0; i + 7 < len; i++) {
            char m = r.out[i];
            long row = blank / side, col = blank % side;
            int legal = (m == 'u' && row > 0) || (m == 'd' && row < side - 1) ||
                        (m == 'l' && col > 0) || (m == 'r' && col < side - 1);
            if (!legal)
                fail_msg("move %zu '%c' is not a legal move", i + 1, m);
            blank += m == 'u' ? -side : m == 'd' ? side : m == 'l' ? -1 : 1;
        }
        slide_board_free(&b);
    } else {
        assert_string_equal(r.out, "error\n");
    }
    testkit_run_free(&r);
    testkit_run_free(&board);
}

/*
 * What the user typed is quoted in messages, but a control byte in it is
 * written \xNN: an escape sequence must not act on the terminal, nor a
 * newline forge a second message.
 */
static void control_bytes_in_messages_are_escaped(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "-a", "\033[2J", "1 2 3 4 5 6 7 x 8");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "unknown algorithm '\\x1B[2J'"));
    assert_null(strchr(r.err, '\033'));
    testkit_run_free(&r);
    r = RUN(NULL, "gen", "--size", "3\nx3");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "size '3\\x0Ax3' is not of the form RxC"));
    assert_int_equal(strchr(r.err, '\n') - r.err, (long)strlen(r.err) - 1); /* one line */
    testkit_run_free(&r);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(judge_samples),
    cmocka_unit_test(every_form_gives_the_same_answer),
    cmocka_unit_test(batch_from_stdin_skips_comments_and_reports_bad_lines),
    cmocka_unit_test(pairs_from_stdin),
    cmocka_unit_test(sizes_and_goals),
    cmocka_unit_test(output_formats),
    cmocka_unit_test(stats_on_stderr),
    cmocka_unit_test(stats_peak_is_the_same_for_every_output),
    cmocka_unit_test(stats_say_when_goals_share_tables),
    cmocka_unit_test(limits_stop_a_board_not_the_batch),
    cmocka_unit_test(an_answer_cut_short_ends_in_error),
    cmocka_unit_test(boards_too_large_say_what_answers_them),
    cmocka_unit_test(usage_errors_exit_2),
    cmocka_unit_test(control_bytes_in_messages_are_escaped),
    cmocka_unit_test(help_and_version),
    cmocka_unit_test(write_error_is_reported),
};

TESTKIT_MAIN(tests)
