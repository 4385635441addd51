/* testkit.c - see testkit.h. */
#define _DEFAULT_SOURCE 1 /* wait4, for a run's peak memory, next to _POSIX_C_SOURCE */
#include "testkit.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int testkit_main(int argc, char **argv, const struct CMUnitTest *tests, size_t count)
{
    if (argc < 2)
        return _cmocka_run_group_tests(argv[0], tests, count, NULL, NULL);
    for (size_t i = 0; i < count; i++)
        if (strcmp(tests[i].name, argv[1]) == 0)
            return _cmocka_run_group_tests(argv[0], &tests[i], 1, NULL, NULL);
    fprintf(stderr, "%s: no test case named '%s'\n", argv[0], argv[1]);
    return 1;
}

slide_board testkit_board(const char *text, int rows, int cols)
{
    slide_board b;
    slide_parse_options opt = slide_parse_options_init();
    opt.rows = rows;
    opt.cols = cols;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(text, strlen(text), &opt, &b, &err);
    if (status != SLIDE_OK)
        fail_msg("board '%s' did not parse: %s", text, err.message);
    return b;
}

void testkit_assert_solves(const slide_board *start, const slide_board *goal, const char *moves)
{
    int n = start->rows * start->cols;
    uint32_t *cells = malloc((size_t)n * sizeof *cells);
    assert_non_null(cells);
    memcpy(cells, start->cells, (size_t)n * sizeof *cells);
    int blank = 0;
    while (cells[blank] != 0)
        blank++;
    for (size_t i = 0; moves[i]; i++) {
        int r = blank / start->cols, c = blank % start->cols, to;
        switch (moves[i]) {
        case 'u': to = r > 0 ? blank - start->cols : -1; break;
        case 'd': to = r < start->rows - 1 ? blank + start->cols : -1; break;
        case 'l': to = c > 0 ? blank - 1 : -1; break;
        case 'r': to = c < start->cols - 1 ? blank + 1 : -1; break;
        default: to = -1; break;
        }
        if (to < 0) {
            free(cells);
            fail_msg("move %zu '%c' is illegal in '%s'", i, moves[i], moves);
        }
        cells[blank] = cells[to];
        cells[to] = 0;
        blank = to;
    }
    for (int i = 0; i < n; i++) {
        uint32_t want = goal ? goal->cells[i] : (i == n - 1 ? 0u : (uint32_t)i + 1);
        if (cells[i] != want) {
            free(cells);
            fail_msg("moves '%s' end away from the goal (cell %d)", moves, i + 1);
        }
    }
    free(cells);
}

static size_t factorial(int n)
{
    size_t f = 1;
    for (int i = 2; i <= n; i++)
        f *= (size_t)i;
    return f;
}

static size_t rank_cells(const uint32_t *cells, int n)
{
    size_t rank = 0;
    for (int i = 0; i < n; i++) {
        size_t smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += cells[j] < cells[i];
        rank = rank * (size_t)(n - i) + smaller;
    }
    return rank;
}

static void unrank_cells(size_t rank, int n, uint32_t *cells)
{
    size_t digits[16];
    for (int i = n - 1; i >= 0; i--) {
        digits[i] = rank % (size_t)(n - i);
        rank /= (size_t)(n - i);
    }
    int used[16] = {0};
    for (int i = 0; i < n; i++) {
        size_t k = digits[i];
        for (int v = 0; v < n; v++) {
            if (used[v])
                continue;
            if (k-- == 0) {
                cells[i] = (uint32_t)v;
                used[v] = 1;
                break;
            }
        }
    }
}

void testkit_table_build(testkit_table *t, const slide_board *goal)
{
    int n = goal->rows * goal->cols;
    assert_true(n <= 9);
    t->rows = goal->rows;
    t->cols = goal->cols;
    t->cells = n;
    t->size = factorial(n);
    t->dist = malloc(t->size);
    size_t *queue = malloc(t->size * sizeof *queue);
    assert_non_null(t->dist);
    assert_non_null(queue);
    memset(t->dist, -1, t->size);
    size_t head = 0, tail = 0;
    size_t root = rank_cells(goal->cells, n);
    t->dist[root] = 0;
    queue[tail++] = root;
    uint32_t cells[16];
    while (head < tail) {
        size_t r = queue[head++];
        unrank_cells(r, n, cells);
        int blank = 0;
        while (cells[blank] != 0)
            blank++;
        int row = blank / t->cols, col = blank % t->cols;
        int targets[4] = {row > 0 ? blank - t->cols : -1, row < t->rows - 1 ? blank + t->cols : -1,
                          col > 0 ? blank - 1 : -1, col < t->cols - 1 ? blank + 1 : -1};
        for (int k = 0; k < 4; k++) {
            if (targets[k] < 0)
                continue;
            cells[blank] = cells[targets[k]];
            cells[targets[k]] = 0;
            size_t next = rank_cells(cells, n);
            if (t->dist[next] < 0) {
                t->dist[next] = (int8_t)(t->dist[r] + 1);
                queue[tail++] = next;
            }
            cells[targets[k]] = cells[blank];
            cells[blank] = 0;
        }
    }
    free(queue);
}

int testkit_table_distance(const testkit_table *t, const slide_board *b)
{
    return t->dist[rank_cells(b->cells, t->cells)];
}

void testkit_unrank(const testkit_table *t, size_t rank, slide_board *out)
{
    out->rows = t->rows;
    out->cols = t->cols;
    out->cells = malloc((size_t)t->cells * sizeof *out->cells);
    assert_non_null(out->cells);
    unrank_cells(rank, t->cells, out->cells);
    for (int i = 0; i < t->cells; i++)
        if (out->cells[i] == 0)
            out->blank = i;
}

void testkit_table_free(testkit_table *t)
{
    free(t->dist);
    t->dist = NULL;
}

char *testkit_slurp(FILE *f)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    rewind(f);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    buf[len] = '\0';
    return buf;
}

char *testkit_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    char *text = testkit_slurp(f);
    fclose(f);
    return text;
}

testkit_run testkit_slide(const char *const *args, const char *input)
{
    return testkit_slide_at(SLIDE_BINARY, args, input);
}

testkit_run testkit_slide_at(const char *binary, const char *const *args, const char *input)
{
    testkit_run r = {0, NULL, NULL, 0};
    FILE *in = tmpfile(), *out = tmpfile(), *err = tmpfile();
    assert_non_null(in);
    assert_non_null(out);
    assert_non_null(err);
    if (input)
        fwrite(input, 1, strlen(input), in);
    fflush(in);
    rewind(in);
    const char *argv[64];
    int argc = 0;
    argv[argc++] = binary;
    for (int i = 0; args[i] && argc < 63; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fileno(in), 0);
        dup2(fileno(out), 1);
        dup2(fileno(err), 2);
        execv(binary, (char *const *)argv);
        _exit(127);
    }
    int wstatus;
    struct rusage usage;
    assert_true(wait4(pid, &wstatus, 0, &usage) == pid);
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    r.peak_kib = usage.ru_maxrss;
    r.out = testkit_slurp(out);
    r.err = testkit_slurp(err);
    fclose(in);
    fclose(out);
    fclose(err);
    return r;
}

void testkit_run_free(testkit_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

char *testkit_env_set(const char *name, const char *value)
{
    const char *old = getenv(name);
    char *saved = old ? strdup(old) : NULL;
    assert_true(!old || saved);
    if (value)
        assert_int_equal(setenv(name, value, 1), 0);
    else
        assert_int_equal(unsetenv(name), 0);
    return saved;
}

void testkit_env_restore(const char *name, char *saved)
{
    if (saved)
        assert_int_equal(setenv(name, saved, 1), 0);
    else
        assert_int_equal(unsetenv(name), 0);
    free(saved);
}

void testkit_remove_dir(const char *dir)
{
    char command[4096];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    assert_int_equal(system(command), 0);
}

int testkit_count_tables(const char *dir)
{
    char command[4096];
    snprintf(command, sizeof command, "ls '%s' | grep -c '\\.pdb$'", dir);
    FILE *p = popen(command, "r");
    assert_non_null(p);
    int count = -1;
    assert_int_equal(fscanf(p, "%d", &count), 1);
    pclose(p);
    return count;
}

void testkit_answer_not_optimal(const char *algo, const slide_board *start, const slide_board *goal,
                                int threads, slide_solution *sol)
{
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = algo;
    opt.threads = threads;
    slide_stats st = slide_stats_init();
    int status = slide_solve(start, goal, &opt, sol, &st);
    if (status != SLIDE_OK)
        fail_msg("%dx%d board: %s (%s)", start->rows, start->cols, slide_strerror(status), st.note);
    assert_false(st.optimal);
    assert_non_null(sol->moves);
    assert_int_equal(strlen(sol->moves), sol->length);
    testkit_assert_solves(start, goal, sol->moves);
}

uint64_t testkit_solve_not_optimal(const char *algo, const slide_board *start,
                                   const slide_board *goal, int threads)
{
    slide_solution sol;
    testkit_answer_not_optimal(algo, start, goal, threads, &sol);
    uint64_t length = sol.length;
    slide_solution_free(&sol);
    return length;
}
