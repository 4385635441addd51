/* test_batch.c - stdin batches: order, threads, the table fast path, pairs, interactive use. */
#include "testkit.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    if (!t->data) {
        t->cap = 4096;
        t->data = malloc(t->cap);
        assert_non_null(t->data);
    }
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap ? t->cap * 2 : 4096;
        t->data = realloc(t->data, t->cap);
        assert_non_null(t->data);
    }
}

static void add_board(text *t, const slide_board *b, int compact)
{
    int n = b->rows * b->cols;
    for (int i = 0; i < n; i++) {
        if (compact)
            add(t, "%c", b->cells[i] ? '0' + (int)b->cells[i] : '.');
        else if (b->cells[i])
            add(t, i ? " %u" : "%u", (unsigned)b->cells[i]);
        else
            add(t, i ? " x" : "x");
    }
    add(t, "\n");
}

/*
 * A line meant to trip the framing or the parser: bad boards of every kind
 * (bytes that are not text, unclosed lists, ragged rows, huge numbers, a
 * long line) and good boards in unusual dress (CRLF, padding, lists, rows).
 */
static void add_hostile_line(text *t, slide_rng *rng)
{
    static const char *const lines[] = {
        "1 2 3 4 5 6 7 9 x",
        "1 2 3 4 5 6 7 10 x",
        "\xff\xfe\x01 garbage",
        "[[1,2,3],[4,5,6],[7,8,0]",
        "1 2 3/4 5/6 7 x",
        "1 2 3 4 5 6 7 8 99999999999999999999",
        "x",
        "1 2 3 4 5 6 7 x 8\r",
        "   2 3 4 1 5 x 7 6 8   ",
        "[[2,3,4],[1,5,0],[7,6,8]]",
        "2 3 4/1 5 x/7 6 8",
        "12345678.\r",
    };
    size_t count = sizeof lines / sizeof lines[0];
    uint64_t pick = slide_rng_below(rng, count + 1);
    if (pick < count) {
        add(t, "%s\n", lines[pick]);
        return;
    }
    for (int i = 0; i < 3000; i++) /* a long line of one tile: a duplicate at cell 2 */
        add(t, "7 ");
    add(t, "\n");
}

/* A mixed batch: solvable and unsolvable 3x3 (spaced and compact), 2x3, 2x4 walks, bad lines, comments. */
static text mixed_batch(int lines, uint64_t seed)
{
    text t = {0};
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    slide_board g33, g23, g24;
    slide_board_init_goal(&g33, 3, 3);
    slide_board_init_goal(&g23, 2, 3);
    slide_board_init_goal(&g24, 2, 4);
    for (int i = 0; i < lines; i++) {
        slide_board b;
        switch (slide_rng_below(&rng, 10)) {
        case 0: add_hostile_line(&t, &rng); continue;
        case 1: add(&t, i % 2 ? "# comment %d\n" : "\n", i); continue;
        case 2: slide_generate(&b, &g33, SLIDE_GEN_UNSOLVABLE, 0, &rng); break;
        case 3: slide_generate(&b, &g23, SLIDE_GEN_RANDOM, 0, &rng); break;
        case 4: slide_generate(&b, &g24, SLIDE_GEN_WALK, 30, &rng); break;
        default: slide_generate(&b, &g33, SLIDE_GEN_RANDOM, 0, &rng); break;
        }
        add_board(&t, &b, i % 3 == 0 && b.rows * b.cols <= 9);
        slide_board_free(&b);
    }
    slide_board_free(&g33);
    slide_board_free(&g23);
    slide_board_free(&g24);
    return t;
}

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void jobs_give_identical_output(void **state)
{
    (void)state;
    text in = mixed_batch(6000, 1);
    testkit_run one = RUN(in.data, "solve", "--jobs", "1");
    testkit_run four = RUN(in.data, "solve", "-j", "4");
    testkit_run all = RUN(in.data, "solve", "-j0", "-o", "steps");
    testkit_run all1 = RUN(in.data, "solve", "-o", "steps");
    assert_int_equal(one.status, 1); /* the batch holds bad lines */
    assert_int_equal(four.status, 1);
    assert_string_equal(one.out, four.out);
    assert_string_equal(one.err, four.err);
    assert_string_equal(all.out, all1.out);
    assert_string_equal(all.err, all1.err);
    assert_non_null(strstr(one.err, "tile 9 is out of range 1-8"));
    testkit_run_free(&one);
    testkit_run_free(&four);
    testkit_run_free(&all);
    testkit_run_free(&all1);
    free(in.data);
}

/*
 * Nothing lost: every board line gets exactly one answer line, in order,
 * and every answer is right (replayed to the goal and as short as the
 * exhaustive table says, or really unsolvable, or the line really is bad),
 * over several random mixes, thread counts and output formats.
 */
static void check_batch_answers(const text *in, const char *output, const char *jobs,
                                const testkit_table *tables, size_t table_count)
{
    testkit_run r = RUN(in->data, "solve", "-j", jobs, "-o", output);
    int steps = strcmp(output, "steps") == 0;
    char *saveptr = NULL, *inputs = strdup(in->data);
    const char *answers = r.out;
    size_t boards = 0;
    for (char *line = strtok_r(inputs, "\n", &saveptr); line; line = strtok_r(NULL, "\n", &saveptr)) {
        if (line[0] == '#')
            continue;
        const char *end = strchr(answers, '\n');
        if (!end)
            fail_msg("-j %s -o %s: no answer for board %zu ('%.40s')", jobs, output, boards + 1,
                     line);
        char answer[256];
        size_t n = (size_t)(end - answers);
        assert_true(n < sizeof answer);
        memcpy(answer, answers, n);
        answer[n] = '\0';
        answers = end + 1;
        boards++;
        slide_board b;
        slide_parse_error err = slide_parse_error_init();
        if (slide_board_parse(line, strlen(line), NULL, &b, &err) != SLIDE_OK) {
            assert_string_equal(answer, "error");
            continue;
        }
        const testkit_table *table = NULL;
        for (size_t i = 0; i < table_count; i++)
            if (tables[i].rows == b.rows && tables[i].cols == b.cols)
                table = &tables[i];
        assert_non_null(table);
        int distance = testkit_table_distance(table, &b);
        if (distance < 0) {
            assert_string_equal(answer, steps ? "-1" : "unsolvable");
        } else if (steps) {
            assert_int_equal(atoi(answer), distance);
        } else {
            assert_int_equal(strlen(answer), distance);
            testkit_assert_solves(&b, NULL, answer);
        }
        slide_board_free(&b);
    }
    assert_string_equal(answers, "");
    assert_int_equal(count_lines(r.out), boards);
    free(inputs);
    testkit_run_free(&r);
}

static void every_board_line_answered_in_order(void **state)
{
    (void)state;
    static const int shapes[3][2] = {{3, 3}, {2, 3}, {2, 4}};
    testkit_table tables[3];
    for (int i = 0; i < 3; i++) {
        slide_board g;
        slide_board_init_goal(&g, shapes[i][0], shapes[i][1]);
        testkit_table_build(&tables[i], &g);
        slide_board_free(&g);
    }
    static const struct {
        uint64_t seed;
        const char *jobs;
        const char *output;
    } mixes[] = {{2, "3", "moves"}, {6, "1", "steps"}, {7, "2", "moves"}, {11, "1", "moves"}};
    for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++) {
        text in = mixed_batch(1500, mixes[i].seed);
        check_batch_answers(&in, mixes[i].output, mixes[i].jobs, tables, 3);
        free(in.data);
    }
    for (int i = 0; i < 3; i++)
        testkit_table_free(&tables[i]);
}

static void fast_path_equals_bfs(void **state)
{
    (void)state;
    text in = {0};
    slide_rng rng;
    slide_rng_seed(&rng, 3);
    slide_board g;
    slide_board_init_goal(&g, 3, 3);
    for (int i = 0; i < 80; i++) {
        slide_board b;
        slide_generate(&b, &g, i % 5 ? SLIDE_GEN_RANDOM : SLIDE_GEN_UNSOLVABLE, 0, &rng);
        add_board(&in, &b, i % 2);
        slide_board_free(&b);
    }
    add(&in, "1 2 3 4 x 5\n2 3 1 x\n1 2 3 4 5 6 7 x\n");
    testkit_run fast = RUN(in.data, "solve");
    testkit_run bfs = RUN(in.data, "solve", "-a", "bfs");
    testkit_run table = RUN(in.data, "solve", "-a", "table", "-o", "steps");
    testkit_run bfs_steps = RUN(in.data, "solve", "-a", "bfs", "-o", "steps");
    assert_int_equal(fast.status, 0);
    assert_string_equal(fast.out, bfs.out);
    assert_string_equal(table.out, bfs_steps.out);
    /* goals and sizes steer the fast path too */
    testkit_run goal = RUN("123.46758\n1 2 3 x 4 6 7 5 8\n", "solve", "--goal", "12345678.", "-o", "steps");
    assert_string_equal(goal.out, "3\n3\n");
    testkit_run tall = RUN("1 2 3 4 x 5\n", "solve", "--size", "3x2");
    assert_string_equal(tall.out, "r\n");
    testkit_run_free(&fast);
    testkit_run_free(&bfs);
    testkit_run_free(&table);
    testkit_run_free(&bfs_steps);
    testkit_run_free(&goal);
    testkit_run_free(&tall);
    slide_board_free(&g);
    free(in.data);
}

static void pairs_across_blocks(void **state)
{
    (void)state;
    /* more than one read block (1 MiB) of pairs, with a bad pair in the middle */
    text in = {0};
    size_t pairs = 0;
    while (in.len < (3u << 20) / 2) {
        add(&in, "12345678.\n123.46758\n\n# c\n13524678.\n46758123.\n");
        pairs += 2;
        if (pairs == 20000) {
            add(&in, "12345678.\n1234\n");
            pairs++;
        }
    }
    add(&in, "12345678.\n");
    testkit_run r = RUN(in.data, "solve", "--pairs", "-o", "steps", "-j", "2");
    assert_int_equal(r.status, 1);
    assert_int_equal(count_lines(r.out), pairs + 1);
    assert_int_equal(strncmp(r.out, "3\n22\n3\n22\n", 10), 0);
    assert_non_null(strstr(r.err, "without its goal"));
    assert_non_null(strstr(r.err, "(goal)"));
    testkit_run_free(&r);
    free(in.data);
}

/* Reads one line from fd within a few seconds; asserts it equals want. */
static void read_answer(int fd, const char *want)
{
    char buf[128];
    size_t len = 0;
    while (len < sizeof buf - 1) {
        struct pollfd p = {fd, POLLIN, 0};
        assert_int_equal(poll(&p, 1, 10000), 1);
        ssize_t got = read(fd, buf + len, 1);
        assert_int_equal(got, 1);
        if (buf[len++] == '\n')
            break;
    }
    buf[len] = '\0';
    assert_string_equal(buf, want);
}

/*
 * A coprocess writes one line and waits for its answer: each answer must
 * come at once, on one thread or several, whatever ends the line (a lone
 * CR too), though output is flushed only when the input would block.
 */
static void interactive_filter(const char *jobs)
{
    int to[2], from[2];
    FILE *err = tmpfile();
    assert_non_null(err);
    assert_int_equal(pipe(to), 0);
    assert_int_equal(pipe(from), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        dup2(fileno(err), 2);
        close(to[1]);
        close(from[0]);
        execl(SLIDE_BINARY, SLIDE_BINARY, "solve", "-j", jobs, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    signal(SIGPIPE, SIG_IGN);
    /* each answer arrives before the next board is written */
    assert_int_equal(write(to[1], "1 2 3 4 5 6 7 x 8\n", 18), 18);
    read_answer(from[0], "r\n");
    assert_int_equal(write(to[1], "2 3 4 1 5 x 7 6 8\n", 18), 18);
    read_answer(from[0], "ullddrurdllurdruldr\n");
    assert_int_equal(write(to[1], "1 2 3 4/5 6 x 7\n", 16), 16);
    read_answer(from[0], "r\n");
    /* a CR alone ends the line; the LF that may follow it later is its CRLF */
    assert_int_equal(write(to[1], "1 2 3 4 5 6 x 7 8\r", 18), 18);
    read_answer(from[0], "rr\n");
    assert_int_equal(write(to[1], "\n1 2 3\n", 7), 7);
    read_answer(from[0], "error\n");
    close(to[1]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    close(from[0]);
    char message[256] = "";
    rewind(err);
    assert_non_null(fgets(message, sizeof message, err));
    /* lines 1-4, then "\n" completes line 4's CRLF: "1 2 3" is line 5 */
    assert_non_null(strstr(message, "slide: line 5: cannot infer a shape from 3 cells"));
    fclose(err);
}

static void works_as_an_interactive_filter(void **state)
{
    (void)state;
    interactive_filter("1");
    interactive_filter("2");
}

static void pause_ms(long ms)
{
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/* The bytes of f so far (a file the child writes), NUL-terminated; the caller frees. */
static char *file_so_far(FILE *f)
{
    fflush(f);
    rewind(f);
    return testkit_slurp(f);
}

/*
 * Appends to f's file whatever its offset: a child's stdout or stderr shares
 * the open file with the test, whose reads (file_so_far) rewind it, and
 * without this the child's next write lands where a read left the offset,
 * over lines already written (under load, a count of lines that never grew
 * to what the test waits for).
 */
static void append_always(FILE *f)
{
    int flags = fcntl(fileno(f), F_GETFL);
    assert_true(flags >= 0);
    assert_int_equal(fcntl(fileno(f), F_SETFL, flags | O_APPEND), 0);
}

/* Starts `slide solve ARGS` on a pipe (*to: its writing end), into out and err. */
static pid_t start_solve(const char *const *args, int *to, FILE *out, FILE *err)
{
    int pipe_fds[2];
    assert_int_equal(pipe(pipe_fds), 0);
    append_always(out);
    append_always(err);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGINT, SIG_DFL); /* a test runner's shell may start its jobs with it ignored */
        signal(SIGTERM, SIG_DFL);
        dup2(pipe_fds[0], 0);
        dup2(fileno(out), 1);
        dup2(fileno(err), 2);
        close(pipe_fds[1]);
        const char *argv[16] = {SLIDE_BINARY, "solve"};
        size_t n = 2;
        while (*args && n < 15)
            argv[n++] = *args++;
        argv[n] = NULL;
        execv(SLIDE_BINARY, (char *const *)argv);
        _exit(127);
    }
    close(pipe_fds[0]);
    *to = pipe_fds[1];
    return pid;
}

/* Sends sig to a slide start_solve started, closes its input (to): it must die of sig. */
static void signal_and_expect_its_end(pid_t pid, int to, int sig)
{
    assert_int_equal(kill(pid, sig), 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    close(to);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), sig);
}

/*
 * SIGINT or SIGTERM in the middle of a batch whose answers go to a file:
 * the search running is cancelled, and the file holds the answers before it,
 * each a whole line (killed outright, stdio's last block would end
 * mid-line and the rest be lost); then slide dies by that signal, and
 * stderr names the last input line answered.  Boards after the stopped one
 * get no answer.  With one job the signal waits until the easy boards are
 * answered (their --stats lines are on stderr); with two it comes after a
 * moment, so the count may vary but the lines must be whole and right.
 */
static void stopped_batch(const char *jobs, int sig)
{
    const char *easy[2] = {"2 3 4 1 5 x 7 6 8", "1 2 3 4 5 6 7 x 8"};
    char want[2][64];
    for (int i = 0; i < 2; i++) {
        testkit_run r = RUN(NULL, "solve", "-a", "idastar", "-H", "manhattan", easy[i]);
        assert_int_equal(r.status, 0);
        snprintf(want[i], sizeof want[i], "%s", r.out);
        testkit_run_free(&r);
    }
    enum { EASY = 1000 }; /* over 10 KB of answers: stdio has written some blocks */
    text in = {0};
    for (int i = 0; i < EASY; i++)
        add(&in, "%s\n", easy[i % 2]);
    /* 80 moves: Manhattan distance alone takes minutes */
    add(&in, "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1\n%s\n", easy[0]);
    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    int to;
    const char *args[] = {"-j", jobs, "-a", "idastar", "-H", "manhattan", "--stats", NULL};
    pid_t pid = start_solve(args, &to, out, err);
    signal(SIGPIPE, SIG_IGN);
    assert_int_equal(write(to, in.data, in.len), (ssize_t)in.len);
    if (strcmp(jobs, "1") == 0) {
        for (int tries = 0;; tries++) {
            char *so_far = file_so_far(err);
            size_t lines = count_lines(so_far);
            free(so_far);
            if (lines >= EASY)
                break;
            assert_true(tries < 3000); /* five minutes (sanitizers are slow) */
            pause_ms(100);
        }
    } else {
        pause_ms(500);
    }
    signal_and_expect_its_end(pid, to, sig);
    char *answers = file_so_far(out), *messages = file_so_far(err);
    size_t count = count_lines(answers);
    assert_true(count <= EASY);
    if (strcmp(jobs, "1") == 0)
        assert_int_equal(count, EASY);
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
        const char *w = want[i % 2];
        if (strncmp(answers + at, w, strlen(w)) != 0)
            fail_msg("answer %zu is not %s", i + 1, w);
        at += strlen(w);
    }
    assert_int_equal(answers[at], '\0'); /* nothing after the last whole line */
    char said[160];
    if (count)
        snprintf(said, sizeof said, "the boards up to line %zu are answered, each on whole lines",
                 count);
    else
        snprintf(said, sizeof said, "before any board was answered");
    if (!strstr(messages, said))
        fail_msg("stderr does not say '%s': %s", said, messages + strlen(messages) / 2);
    free(answers);
    free(messages);
    free(in.data);
    fclose(out);
    fclose(err);
}

static void a_signal_stops_a_batch_on_whole_lines(void **state)
{
    (void)state;
    stopped_batch("1", SIGINT);
    stopped_batch("1", SIGTERM);
    stopped_batch("2", SIGINT);
}

/*
 * A batch waiting for its next line has nothing unwritten: a signal ends
 * the wait at once, with every answer already out, and slide by the signal.
 */
static void a_signal_ends_a_waiting_batch_at_once(void **state)
{
    (void)state;
    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    int to;
    const char *args[] = {NULL};
    pid_t pid = start_solve(args, &to, out, err);
    assert_int_equal(write(to, "1 2 3 4 5 6 7 x 8\n", 18), 18);
    char *so_far = NULL;
    for (int tries = 0;; tries++) {
        free(so_far);
        so_far = file_so_far(out);
        if (strcmp(so_far, "r\n") == 0)
            break;
        assert_true(tries < 600);
        pause_ms(100);
    }
    free(so_far);
    pause_ms(100); /* into the wait for the next line */
    signal_and_expect_its_end(pid, to, SIGTERM);
    so_far = file_so_far(out);
    assert_string_equal(so_far, "r\n");
    free(so_far);
    so_far = file_so_far(err);
    assert_non_null(strstr(so_far, "the boards up to line 1 are answered"));
    free(so_far);
    fclose(out);
    fclose(err);
}

static void bad_jobs_values(void **state)
{
    (void)state;
    const char *values[] = {"-1", "257", "two", ""};
    for (size_t i = 0; i < 4; i++) {
        testkit_run r = RUN("", "solve", "--jobs", values[i]);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "--jobs"));
        testkit_run_free(&r);
    }
}

/*
 * The same options give the same answer whether a board comes from stdin
 * or an argument: a weight sends a 3x3 board to the weighted search in a
 * batch too (the fast path once read the distance table, 31 moves, where
 * the argument got 37, 35 after the shortening pass), with and without
 * threads; a weight of 1 is the optimal search, and the table.
 */
static void weight_gives_a_batch_the_argument_answer(void **state)
{
    (void)state;
    const char *board = "8 6 7 2 5 4 3 x 1";
    static const char *const weights[] = {"3", "1.5", "1"};
    for (size_t w = 0; w < sizeof weights / sizeof weights[0]; w++) {
        testkit_run arg = RUN(NULL, "solve", "--weight", weights[w], board);
        assert_int_equal(arg.status, 0);
        char line[64];
        snprintf(line, sizeof line, "%s\n%s\n", board, board);
        testkit_run batch = RUN(line, "solve", "--weight", weights[w]);
        testkit_run jobs = RUN(line, "solve", "-j", "2", "--weight", weights[w]);
        assert_int_equal(batch.status, 0);
        char twice[256];
        snprintf(twice, sizeof twice, "%s%s", arg.out, arg.out);
        assert_string_equal(batch.out, twice);
        assert_string_equal(jobs.out, twice);
        if (strcmp(weights[w], "3") == 0)
            assert_int_equal(strlen(arg.out), 35 + 1);
        if (strcmp(weights[w], "1") == 0)
            assert_string_equal(arg.out, "uulddrruuldldrruuldldrruullddrr\n");
        testkit_run_free(&arg);
        testkit_run_free(&batch);
        testkit_run_free(&jobs);
    }
}

/*
 * The README's recipe past one process: GNU parallel cuts stdin into blocks,
 * runs slide on each (here on the local "host" too, the --sshlogin form)
 * and keeps the order: the output must equal one slide's.
 */
static void gnu_parallel_recipe_keeps_order(void **state)
{
    (void)state;
    if (system("command -v parallel >/dev/null 2>&1") != 0)
        fail_msg("GNU parallel is not installed (tests/run-tests.sh installs it)");
    text in = mixed_batch(3000, 4);
    char dir[] = "/tmp/slide-parallel-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[1024];
    snprintf(path, sizeof path, "%s/in", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fwrite(in.data, 1, in.len, f);
    fclose(f);
    testkit_run direct = RUN(in.data, "solve");
    const char *forms[] = {"parallel --pipe --keep-order -N 500 %s solve < %s/in > %s/out 2>/dev/null",
                           "parallel --pipe --keep-order -N 700 --sshlogin : %s solve < %s/in > %s/out "
                           "2>/dev/null"};
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, forms[i], SLIDE_BINARY, dir, dir);
        int status = system(cmd);
        /* parallel exits with the number of failed jobs: some blocks hold bad lines */
        assert_true(WIFEXITED(status));
        snprintf(path, sizeof path, "%s/out", dir);
        f = fopen(path, "r");
        assert_non_null(f);
        char *got = calloc(1, strlen(direct.out) + 2);
        assert_non_null(got);
        size_t n = fread(got, 1, strlen(direct.out) + 1, f);
        fclose(f);
        got[n] = '\0';
        assert_string_equal(got, direct.out);
        free(got);
    }
    testkit_remove_dir(dir);
    testkit_run_free(&direct);
    free(in.data);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(jobs_give_identical_output),
    cmocka_unit_test(every_board_line_answered_in_order),
    cmocka_unit_test(fast_path_equals_bfs),
    cmocka_unit_test(pairs_across_blocks),
    cmocka_unit_test(works_as_an_interactive_filter),
    cmocka_unit_test(a_signal_stops_a_batch_on_whole_lines),
    cmocka_unit_test(a_signal_ends_a_waiting_batch_at_once),
    cmocka_unit_test(bad_jobs_values),
    cmocka_unit_test(weight_gives_a_batch_the_argument_answer),
    cmocka_unit_test(gnu_parallel_recipe_keeps_order),
};

TESTKIT_MAIN(tests)
