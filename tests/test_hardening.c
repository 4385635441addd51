/*
 * test_hardening.c - slide against hostile input and a hostile system: the
 * bad-input corpus (tests/data/bad/cases.txt), an allocation failing at
 * every point of a solve, tiny memory caps and time limits on the command
 * line, a reader that goes away, a full disk, an endless line, damaged or
 * foreign files in the pattern database cache and the environment that
 * places it.
 */
#define _DEFAULT_SOURCE 1 /* wait4, for one child's peak memory, next to _POSIX_C_SOURCE */
#include "testkit.h"

#include "search/search.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A child that runs longer than this is a hang, reported as such. */
#define HANG_SECONDS 30

/* ----------------------------------------------------------------- buffers */

typedef struct buf {
    char *data;
    size_t len;
    size_t cap;
} buf;

/* Room for len more bytes and a NUL, so that data already inside b stays put while adding. */
static void buf_reserve(buf *b, size_t len)
{
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + len + 1)
            cap *= 2;
        b->data = realloc(b->data, cap);
        assert_non_null(b->data);
        b->cap = cap;
    }
}

static void buf_add(buf *b, const char *data, size_t len)
{
    buf_reserve(b, len);
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

static void buf_printf(buf *b, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    buf_add(b, text, n < 0 ? 0 : (size_t)n >= sizeof text ? sizeof text - 1 : (size_t)n);
}

static void buf_free(buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

/* Reads all of fd from its start into a new NUL-terminated buffer. */
static buf slurp_fd(int fd)
{
    buf b = {0};
    char chunk[65536];
    ssize_t got;
    buf_add(&b, "", 0);
    assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
    while ((got = read(fd, chunk, sizeof chunk)) > 0)
        buf_add(&b, chunk, (size_t)got);
    return b;
}

/* ------------------------------------------------------------- running slide */

typedef struct run {
    int status; /* exit status, or 128 + signal */
    buf out;
    buf err;
} run;

static int temp_fd(void)
{
    char path[] = "/tmp/slide-test-hardening-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unlink(path);
    return fd;
}

/*
 * Starts the built slide with args (NULL-terminated, without argv[0]) on
 * the descriptors in, out and err; returns its pid.  The child gets an
 * alarm, kept across exec, so that a hang ends as SIGALRM instead of
 * stalling the suite.
 */
static pid_t start_slide(const char *const *args, int in, int out, int err)
{
    const char *argv[64];
    int argc = 0;
    argv[argc++] = SLIDE_BINARY;
    for (int i = 0; args[i] && argc < 63; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        signal(SIGPIPE, SIG_DFL);
        alarm(HANG_SECONDS);
        execv(SLIDE_BINARY, (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* The exit status of a waited child, or 128 + its signal. */
static int exit_status(int wstatus)
{
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
}

/*
 * Runs the built slide with args (NULL-terminated, without argv[0]) and
 * input[0..len) on stdin, which may hold any bytes; stdout is captured, or
 * goes to stdout_path when that is set.
 */
static run run_slide_with(const char *const *args, const char *input, size_t len,
                          const char *stdout_path)
{
    run r = {0, {0}, {0}};
    int in = temp_fd(), out = temp_fd(), err = temp_fd();
    for (size_t done = 0; done < len;) {
        ssize_t put = write(in, input + done, len - done);
        assert_true(put > 0);
        done += (size_t)put;
    }
    assert_int_equal(lseek(in, 0, SEEK_SET), 0);
    int target = stdout_path ? open(stdout_path, O_WRONLY) : out;
    assert_true(target >= 0);
    pid_t pid = start_slide(args, in, target, err);
    if (stdout_path)
        close(target);
    int wstatus;
    assert_int_equal(waitpid(pid, &wstatus, 0), pid);
    r.status = exit_status(wstatus);
    r.out = slurp_fd(out);
    r.err = slurp_fd(err);
    close(in);
    close(out);
    close(err);
    return r;
}

static run run_slide(const char *const *args, const char *input)
{
    return run_slide_with(args, input, input ? strlen(input) : 0, NULL);
}

static void run_free(run *r)
{
    buf_free(&r->out);
    buf_free(&r->err);
}

#define SLIDE(input, ...) run_slide((const char *const[]){__VA_ARGS__, NULL}, input)

/* dir/name in a new string. */
static char *join(const char *dir, const char *name)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    assert_non_null(path);
    snprintf(path, size, "%s/%s", dir, name);
    return path;
}

static char *make_temp_dir(void)
{
    char *dir = strdup("/tmp/slide-test-hardening-XXXXXX");
    assert_non_null(dir);
    assert_non_null(mkdtemp(dir));
    return dir;
}

/* rm -r of a directory holding files, FIFOs, links and empty directories. */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* ------------------------------------------------------- the bad-input corpus */

#define MAX_ARGS 32
#define MAX_FRAGMENTS 8
#define MAX_FILES 4

typedef struct bad_case {
    char name[200];
    long line; /* where the case starts in cases.txt */
    char *args[MAX_ARGS];
    int argc;
    buf input;
    char *file_name[MAX_FILES];
    buf file_text[MAX_FILES];
    int files;
    int exit_status;
    int has_exit;
    int has_stdout;
    buf expected_out;
    char *fragment[MAX_FRAGMENTS];
    int fragments;
    int quiet; /* stderr must be empty */
} bad_case;

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Appends text[0..len) to out with \n \r \t \\ \0 \xHH decoded. */
static void unescape(const char *text, size_t len, buf *out)
{
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c != '\\' || i + 1 == len) {
            buf_add(out, &c, 1);
            continue;
        }
        char e = text[++i];
        if (e == 'x' && i + 2 < len && hex_digit(text[i + 1]) >= 0 && hex_digit(text[i + 2]) >= 0) {
            c = (char)(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
            i += 2;
        } else {
            c = e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e == '0' ? '\0' : e;
        }
        buf_add(out, &c, 1);
    }
}

static char *unescape_string(const char *text, size_t len)
{
    buf b = {0};
    buf_add(&b, "", 0);
    unescape(text, len, &b);
    return b.data;
}

static void bad_case_free(bad_case *c)
{
    for (int i = 0; i < c->argc; i++)
        free(c->args[i]);
    for (int i = 0; i < c->files; i++) {
        free(c->file_name[i]);
        buf_free(&c->file_text[i]);
    }
    for (int i = 0; i < c->fragments; i++)
        free(c->fragment[i]);
    buf_free(&c->input);
    buf_free(&c->expected_out);
    memset(c, 0, sizeof *c);
}

/* Adds one "key: value" line to c; returns 0, or -1 for a line it cannot read. */
static int bad_case_add(bad_case *c, const char *line, size_t len)
{
    const char *colon = memchr(line, ':', len);
    if (!colon)
        return -1;
    size_t key_len = (size_t)(colon - line);
    const char *value = colon + 1;
    size_t value_len = len - key_len - 1;
    if (value_len > 0 && value[0] == ' ') {
        value++;
        value_len--;
    }
#define KEY(k) (key_len == strlen(k) && memcmp(line, k, key_len) == 0)
    if (KEY("name")) {
        snprintf(c->name, sizeof c->name, "%.*s", (int)value_len, value);
    } else if (KEY("arg")) {
        if (c->argc == MAX_ARGS)
            return -1;
        c->args[c->argc++] = unescape_string(value, value_len);
    } else if (KEY("stdin")) {
        unescape(value, value_len, &c->input);
    } else if (KEY("repeat")) {
        char *end;
        long count = strtol(value, &end, 10);
        if (end == value || *end != ' ' || count < 0)
            return -1;
        char *text = unescape_string(end + 1, value_len - (size_t)(end + 1 - value));
        size_t piece = strlen(text), start = c->input.len;
        if (count > 0 && piece > 0) {
            /* doubling copies: ten million one-byte appends are slow under the sanitizers */
            size_t total = piece * (size_t)count;
            buf_reserve(&c->input, total);
            buf_add(&c->input, text, piece);
            while (c->input.len - start < total) {
                size_t have = c->input.len - start, more = total - have < have ? total - have : have;
                buf_add(&c->input, c->input.data + start, more);
            }
        }
        free(text);
    } else if (KEY("file")) {
        const char *space = memchr(value, ' ', value_len);
        size_t name_len = space ? (size_t)(space - value) : value_len;
        if (c->files == MAX_FILES || name_len == 0)
            return -1;
        c->file_name[c->files] = strndup(value, name_len);
        buf_add(&c->file_text[c->files], "", 0);
        if (space)
            unescape(space + 1, value_len - name_len - 1, &c->file_text[c->files]);
        c->files++;
    } else if (KEY("exit")) {
        c->exit_status = atoi(value);
        c->has_exit = 1;
    } else if (KEY("stdout")) {
        c->has_stdout = 1;
        buf_add(&c->expected_out, "", 0);
        unescape(value, value_len, &c->expected_out);
    } else if (KEY("stderr")) {
        if (value_len == 0)
            c->quiet = 1;
        else if (c->fragments < MAX_FRAGMENTS)
            c->fragment[c->fragments++] = unescape_string(value, value_len);
        else
            return -1;
    } else {
        return -1;
    }
#undef KEY
    return 0;
}

/* Runs one case; appends what went wrong (if anything) to report. */
static void bad_case_run(const bad_case *c, buf *report)
{
    char *dir = NULL;
    const char *args[MAX_ARGS + 1];
    char *owned[MAX_ARGS];
    int owned_count = 0;
    if (c->files) {
        dir = make_temp_dir();
        for (int i = 0; i < c->files; i++) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, c->file_name[i]);
            FILE *f = fopen(path, "wb");
            assert_non_null(f);
            fwrite(c->file_text[i].data, 1, c->file_text[i].len, f);
            fclose(f);
        }
    }
    for (int i = 0; i < c->argc; i++) {
        args[i] = c->args[i];
        if (c->args[i][0] == '@' && dir) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, c->args[i] + 1);
            args[i] = owned[owned_count++] = strdup(path);
        }
    }
    args[c->argc] = NULL;
    run r = run_slide_with(args, c->input.data ? c->input.data : "", c->input.len, NULL);
    size_t before = report->len;
    if (r.status != c->exit_status)
        buf_printf(report, "  exit %d, want %d\n", r.status, c->exit_status);
    if (r.status >= 128)
        buf_printf(report, "  killed by signal %d%s\n", r.status - 128,
                   r.status == 128 + SIGALRM ? " (a hang)" : "");
    if (c->has_stdout && (r.out.len != c->expected_out.len ||
                          memcmp(r.out.data, c->expected_out.data, r.out.len) != 0))
        buf_printf(report, "  stdout '%.300s', want '%.300s'\n", r.out.data, c->expected_out.data);
    for (int i = 0; i < c->fragments; i++)
        if (!strstr(r.err.data, c->fragment[i]))
            buf_printf(report, "  stderr lacks '%s'\n", c->fragment[i]);
    if (c->quiet && r.err.len)
        buf_printf(report, "  stderr should be empty\n");
    if (report->len != before) {
        /* the case's name first, then its complaints */
        buf tail = {0};
        buf_add(&tail, report->data + before, report->len - before);
        report->len = before;
        buf_printf(report, "cases.txt:%ld '%s' (stderr: '%.300s'):\n", c->line, c->name,
                   r.err.data);
        buf_add(report, tail.data, tail.len);
        buf_free(&tail);
    }
    run_free(&r);
    for (int i = 0; i < owned_count; i++)
        free(owned[i]);
    if (dir) {
        remove_tree(dir);
        free(dir);
    }
}

static void bad_input_corpus(void **state)
{
    (void)state;
    FILE *f = fopen(SLIDE_TEST_DATA "/bad/cases.txt", "rb");
    assert_non_null(f);
    buf file = {0};
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        buf_add(&file, chunk, got);
    fclose(f);

    buf report = {0};
    buf_add(&report, "", 0);
    bad_case c;
    memset(&c, 0, sizeof c);
    int cases = 0, open = 0;
    long number = 0;
    for (size_t pos = 0; pos <= file.len;) {
        const char *line = file.data + pos;
        const char *nl = memchr(line, '\n', file.len - pos);
        size_t len = nl ? (size_t)(nl - line) : file.len - pos;
        pos += len + 1;
        number++;
        if (len > 0 && line[0] == '#')
            continue;
        if (len == 0) {
            if (open) {
                if (!c.name[0] || !c.has_exit)
                    buf_printf(&report, "cases.txt:%ld: a case needs a name and an exit\n", c.line);
                else
                    bad_case_run(&c, &report);
                cases++;
                bad_case_free(&c);
                open = 0;
            }
            continue;
        }
        if (!open) {
            open = 1;
            c.line = number;
        }
        if (bad_case_add(&c, line, len) != 0)
            buf_printf(&report, "cases.txt:%ld: cannot read '%.*s'\n", number, (int)len, line);
    }
    bad_case_free(&c);
    buf_free(&file);
    if (cases < 50)
        buf_printf(&report, "only %d cases; the corpus promises at least 50\n", cases);
    if (report.len)
        fail_msg("%d cases, failures:\n%s", cases, report.data);
    buf_free(&report);
}

/* ------------------------------------------------------ allocation failures */

typedef struct collected {
    buf moves;
} collected;

static int collect_moves(void *ctx, const char *moves, size_t len)
{
    buf_add(&((collected *)ctx)->moves, moves, len);
    return 0;
}

enum { MODE_STRING, MODE_COUNT, MODE_SINK, MODE_COUNT_OF };

/*
 * Fails the 1st, 2nd, ... counted allocation of one solve (the
 * fail_allocation hook) until the solve gets through: every earlier run must
 * end in SLIDE_E_NOMEM with no solution, and (checked by LeakSanitizer in
 * the sanitizer build) nothing leaked.  The run that gets through must be
 * right, and as short as the optimum for an optimal algorithm.
 */
static void fail_every_allocation(const char *algo, const char *heuristic, const slide_board *b,
                                  int optimum, int mode)
{
    const slide_algo_info *info = slide_algo_by_name(algo);
    unsigned long k;
    for (k = 1; k <= 20000; k++) {
        slide_solve_options opt = slide_solve_options_init();
        slide_pdb_options pdb = slide_pdb_options_init();
        opt.pdb = &pdb;
        slide_limits limits = slide_limits_init();
        opt.limits = &limits;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        collected sink = {{0}};
        opt.algo = algo;
        opt.heuristic = heuristic;
        pdb.no_disk_cache = 1;
        pdb.max_group = 3;
        limits.timeout = 30;
        opt.count_only = mode == MODE_COUNT;
        if (mode == MODE_SINK) {
            opt.sink = collect_moves;
            opt.sink_ctx = &sink;
        }
        int status = slide_testing_solve_failing(b, NULL, &opt, k, &sol, &st);
        if (status == SLIDE_E_NOMEM) {
            if (sol.moves || sol.length)
                fail_msg("%s/%s, allocation %lu failing: a solution came back with NOMEM", algo,
                         heuristic ? heuristic : "-", k);
            buf_free(&sink.moves);
            continue;
        }
        if (status != SLIDE_OK)
            fail_msg("%s/%s (mode %d), allocation %lu failing: status %d (%s), want NOMEM; "
                     "note '%s'",
                     algo, heuristic ? heuristic : "-", mode, k, status, slide_strerror(status),
                     st.note);
        if ((info->flags & SLIDE_ALGO_OPTIMAL) && sol.length != (uint64_t)optimum)
            fail_msg("%s/%s: %llu moves, the optimum is %d", algo, heuristic ? heuristic : "-",
                     (unsigned long long)sol.length, optimum);
        if (mode == MODE_STRING)
            testkit_assert_solves(b, NULL, sol.moves);
        if (mode == MODE_SINK) {
            assert_int_equal(sink.moves.len, sol.length);
            testkit_assert_solves(b, NULL, sink.moves.data);
        }
        slide_solution_free(&sol);
        buf_free(&sink.moves);
        /* every method allocates: getting through at once means the hook never fired */
        if (k == 1)
            fail_msg("%s/%s: no allocation failed; is fail_allocation passed to the budget?", algo,
                     heuristic ? heuristic : "-");
        break;
    }
    if (k > 20000)
        fail_msg("%s/%s never got through 20000 failing allocations", algo,
                 heuristic ? heuristic : "-");
}

static void allocation_failure_at_every_point_is_clean(void **state)
{
    (void)state;
    slide_board small = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0), goal, large;
    slide_rng rng;
    slide_rng_seed(&rng, 8);
    assert_int_equal(slide_board_init_goal(&goal, 5, 5), SLIDE_OK);
    assert_int_equal(slide_generate(&large, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    for (size_t i = 0; i < slide_algo_count(); i++) {
        const slide_algo_info *a = slide_algo_at(i);
        const slide_board *b = (a->flags & SLIDE_ALGO_ANY_SIZE) ? &large : &small;
        for (int mode = 0; mode < MODE_COUNT_OF; mode++) {
            if (!(a->flags & SLIDE_ALGO_HEURISTIC)) {
                fail_every_allocation(a->name, NULL, b, 19, mode);
                continue;
            }
            for (size_t h = 0; h < slide_heuristic_count(); h++)
                fail_every_allocation(a->name, slide_heuristic_at(h)->name, b, 19, mode);
        }
    }
    slide_board_free(&small);
    slide_board_free(&large);
    slide_board_free(&goal);
}

/* ------------------------------------------- tiny limits on the command line */

/* 31 moves, the most any 3x3 board needs. */
#define HARD_3X3 "8 6 7 2 5 4 3 x 1"

/*
 * One board under one limit: either the right answer (exit 0) or the
 * board's `error` line with the message naming the limit (exit 1); never
 * anything else, and never a crash.
 */
static void expect_answer_or_limit(const char *const *args, const char *answer, const char *limit)
{
    run r = run_slide(args, NULL);
    char command[512] = "";
    for (int i = 0; args[i]; i++)
        snprintf(command + strlen(command), sizeof command - strlen(command), " '%s'", args[i]);
    if (r.status == 0) {
        if (answer && strcmp(r.out.data, answer) != 0)
            fail_msg("slide%s: answered '%s', want '%s'", command, r.out.data, answer);
    } else if (r.status == 1) {
        if (strcmp(r.out.data, "error\n") != 0 || !strstr(r.err.data, limit))
            fail_msg("slide%s: exit 1 with stdout '%s' and stderr '%s' (want error and '%s')",
                     command, r.out.data, r.err.data, limit);
    } else {
        fail_msg("slide%s: exit %d, stderr '%s'", command, r.status, r.err.data);
    }
    run_free(&r);
}

static void tiny_limits_for_every_algorithm(void **state)
{
    (void)state;
    static const char *const caps[] = {"1", "4K", "64K", "1M"};
    char big[4096];
    slide_board goal, b;
    slide_rng rng;
    slide_rng_seed(&rng, 5);
    assert_int_equal(slide_board_init_goal(&goal, 12, 12), SLIDE_OK);
    assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
    size_t used = 0;
    for (int i = 0; i < 144; i++)
        used += (size_t)snprintf(big + used, sizeof big - used, i ? " %u" : "%u",
                                 (unsigned)b.cells[i]);
    slide_board_free(&b);
    slide_board_free(&goal);

    size_t algos = slide_algo_count();
    for (size_t i = 0; i <= algos; i++) {
        const slide_algo_info *a = i < algos ? slide_algo_at(i) : NULL;
        const char *name = a ? a->name : "auto";
        int any_size = !a || (a->flags & SLIDE_ALGO_ANY_SIZE);
        size_t heuristics = a && (a->flags & SLIDE_ALGO_HEURISTIC) ? slide_heuristic_count() : 1;
        for (size_t h = 0; h < heuristics; h++) {
            const char *heuristic =
                a && (a->flags & SLIDE_ALGO_HEURISTIC) ? slide_heuristic_at(h)->name : NULL;
            const char *board = any_size && a ? big : HARD_3X3;
            /* optimal answers are known; the strategy's only needs to be there */
            const char *answer = a && !(a->flags & SLIDE_ALGO_OPTIMAL) ? NULL : "31\n";
            for (size_t c = 0; c <= sizeof caps / sizeof caps[0]; c++) {
                const char *args[12] = {"solve", "-a", name, "-o", "steps"};
                int n = 5;
                const char *limit;
                if (c < sizeof caps / sizeof caps[0]) {
                    args[n++] = "--max-memory";
                    args[n++] = caps[c];
                    limit = "memory limit reached (--max-memory";
                } else {
                    args[n++] = "--timeout";
                    args[n++] = "0.000001";
                    limit = "time limit reached (--timeout 1e-06 s)";
                }
                if (heuristic) {
                    args[n++] = "-H";
                    args[n++] = heuristic;
                }
                args[n++] = board;
                args[n] = NULL;
                expect_answer_or_limit(args, answer, limit);
            }
        }
    }
}

/* ------------------------------------------------------- pipes and full disks */

/* A child writing board lines into a pipe until nobody reads them; returns the read end. */
static int endless_boards(pid_t *feeder)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    *feeder = fork();
    assert_true(*feeder >= 0);
    if (*feeder == 0) {
        close(fds[0]);
        signal(SIGPIPE, SIG_DFL);
        alarm(HANG_SECONDS);
        for (;;)
            if (write(fds[1], "2 3 4 1 5 x 7 6 8\n", 18) != 18)
                _exit(0);
    }
    close(fds[1]);
    return fds[0];
}

/* As input: stdin never ends, so only noticing the closed output can stop slide. */
static const char ENDLESS[] = "endless";

/*
 * The reader takes one line and goes away, as `| head -1` does.  slide then
 * dies of SIGPIPE like any filter, saying nothing; with SIGPIPE ignored (a
 * parent may do that) it stops at the first failed write, again quietly,
 * with exit status 1.  Either way it must end promptly.
 */
static void reader_goes_away(const char *const *args, const char *input, int ignore_sigpipe)
{
    int pipe_fds[2], in = temp_fd(), err = temp_fd();
    pid_t feeder = 0;
    /* the feeder first: holding the output pipe open, it would keep slide writing */
    if (input == ENDLESS) {
        close(in);
        in = endless_boards(&feeder);
    }
    assert_int_equal(pipe(pipe_fds), 0);
    if (input && input != ENDLESS) {
        size_t len = strlen(input);
        assert_int_equal(write(in, input, len), (ssize_t)len);
        assert_int_equal(lseek(in, 0, SEEK_SET), 0);
    }
    const char *argv[32] = {SLIDE_BINARY};
    int argc = 1;
    for (int i = 0; args[i]; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(in, 0);
        dup2(pipe_fds[1], 1);
        dup2(err, 2);
        close(pipe_fds[0]);
        signal(SIGPIPE, ignore_sigpipe ? SIG_IGN : SIG_DFL);
        alarm(HANG_SECONDS);
        execv(SLIDE_BINARY, (char *const *)argv);
        _exit(127);
    }
    close(pipe_fds[1]);
    char c;
    do
        assert_int_equal(read(pipe_fds[0], &c, 1), 1);
    while (c != '\n');
    close(pipe_fds[0]);
    int wstatus;
    assert_int_equal(waitpid(pid, &wstatus, 0), pid);
    buf message = slurp_fd(err);
    if (ignore_sigpipe) {
        if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 1)
            fail_msg("%s with SIGPIPE ignored: wait status %d, want exit 1", args[0], wstatus);
    } else if (!WIFSIGNALED(wstatus) || WTERMSIG(wstatus) != SIGPIPE) {
        fail_msg("%s: wait status %d, want death by SIGPIPE", args[0], wstatus);
    }
    if (message.len)
        fail_msg("%s: a closed pipe should end quietly, but stderr says '%s'", args[0],
                 message.data);
    buf_free(&message);
    close(in);
    close(err);
    if (feeder)
        assert_int_equal(waitpid(feeder, &wstatus, 0), feeder);
}

static void closed_pipe_ends_quietly(void **state)
{
    (void)state;
    const char *gen[] = {"gen", "--size", "3x3", "--count", "100000", "--seed", "1", NULL};
    buf batch = {0};
    /* 160 KB of answers, past a pipe's 64 KB buffer: the writer must meet the closed end */
    for (int i = 0; i < 8000; i++)
        buf_add(&batch, "2 3 4 1 5 x 7 6 8\n", 18);
    const char *solve[] = {"solve", NULL};
    const char *threads[] = {"solve", "-j", "2", NULL};
    const char *problem[] = {"solve", "--problem", "poj1077", NULL};
    for (int ignore = 0; ignore < 2; ignore++) {
        reader_goes_away(gen, NULL, ignore);
        reader_goes_away(solve, batch.data, ignore);
        reader_goes_away(threads, batch.data, ignore);
        reader_goes_away(problem, batch.data, ignore);
        reader_goes_away(solve, ENDLESS, ignore);
        reader_goes_away(threads, ENDLESS, ignore);
    }
    buf_free(&batch);
}

/* stdout on /dev/full: every write fails, and each command must say so. */
static void expect_write_error(const char *const *args, const char *input, int status)
{
    run r = run_slide_with(args, input, input ? strlen(input) : 0, "/dev/full");
    if (r.status != status || !strstr(r.err.data, "error writing output: No space left on device"))
        fail_msg("slide %s %s > /dev/full: exit %d, stderr '%s'; want %d and a write error",
                 args[0], args[1] ? args[1] : "", r.status, r.err.data, status);
    run_free(&r);
}

static void full_disk_is_reported(void **state)
{
    (void)state;
    const char *gen[] = {"gen", "--size", "3x3", "--count", "10", "--seed", "1", NULL};
    expect_write_error(gen, NULL, 1);
    const char *big_gen[] = {"gen", "--size", "4x4", "--count", "100000", "--seed", "1", NULL};
    expect_write_error(big_gen, NULL, 1);
    const char *solve[] = {"solve", "-j", "2", NULL};
    expect_write_error(solve, "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 x 8\n", 1);
    const char *path[] = {"solve", "-o", "path", "2 3 4 1 5 x 7 6 8", NULL};
    expect_write_error(path, NULL, 1);
    const char *problem[] = {"solve", "--problem", "poj1077", NULL};
    expect_write_error(problem, "2 3 4 1 5 x 7 6 8\n", 1);
    /* check's 1 means "wrong answer": an unwritten verdict is a judge failure */
    const char *check[] = {"check", "1 2 3 4 5 6 7 x 8", "r", NULL};
    expect_write_error(check, NULL, 3);
    const char *wrong[] = {"check", "1 2 3 4 5 6 7 x 8", "l", NULL};
    expect_write_error(wrong, NULL, 3);
    const char *help[] = {"help", "solve", NULL};
    expect_write_error(help, NULL, 1);
    const char *version[] = {"--version", NULL};
    expect_write_error(version, NULL, 1);
    /* every command's --help (solve's and gen's passed for written) */
    static const char *const commands[] = {"solve", "gen",   "check", "pdb",   "play",
                                           "show",  "split", "work",  "spread"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        const char *asked[] = {commands[i], "--help", NULL};
        expect_write_error(asked, NULL, strcmp(commands[i], "check") == 0 ? 3 : 1);
    }
}

/* --------------------------------------------------------------- cache faults */

/* Sets the pattern database environment of the children; returns what to restore. */
typedef struct saved_env {
    char *cache_dir;
    char *max_group;
} saved_env;

static char *copy_env(const char *name)
{
    const char *value = getenv(name);
    return value ? strdup(value) : NULL;
}

static saved_env use_cache(const char *dir)
{
    saved_env saved = {testkit_env_set("SLIDE_CACHE_DIR", dir),
                       testkit_env_set("SLIDE_PDB_MAX_GROUP", "4")};
    return saved;
}

static void restore_env(saved_env *saved)
{
    testkit_env_restore("SLIDE_CACHE_DIR", saved->cache_dir);
    testkit_env_restore("SLIDE_PDB_MAX_GROUP", saved->max_group);
}

/* The names of the .pdb entries in dir (at most max), sorted; returns how many. */
static int list_tables(const char *dir, char names[][128], int max)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (strstr(e->d_name, ".tmp."))
            fail_msg("a temporary file was left behind: %s", e->d_name);
        if (len > 4 && len < 128 && strcmp(e->d_name + len - 4, ".pdb") == 0 && n < max)
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[128];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    return n;
}

/* Every table in dir is a regular file that verifies, or not a file at all. */
static void expect_valid_tables(const char *dir)
{
    char names[16][128];
    int n = list_tables(dir, names, 16);
    for (int i = 0; i < n; i++) {
        char *path = join(dir, names[i]);
        struct stat st;
        assert_int_equal(lstat(path, &st), 0);
        slide_pdb_file_info info = slide_pdb_file_info_init();
        /* a directory in the way leaves no file, which is allowed */
        if (!S_ISDIR(st.st_mode) && slide_pdb_file_inspect(path, &info) != SLIDE_OK)
            fail_msg("%s is left invalid: %s", names[i], info.problem);
        free(path);
    }
}

/* 19 moves; a 3x3 board so that 4-tile tables build in milliseconds. */
#define PDB_BOARD "2 3 4 1 5 x 7 6 8"

static void solve_with_cache_expect(const char *note)
{
    run r = SLIDE(NULL, "solve", "-a", "idastar", "-H", "pdb", "-o", "steps", PDB_BOARD);
    if (r.status != 0 || strcmp(r.out.data, "19\n") != 0)
        fail_msg("exit %d, stdout '%s', stderr '%s'", r.status, r.out.data, r.err.data);
    if (note && !strstr(r.err.data, note))
        fail_msg("stderr '%s' lacks '%s'", r.err.data, note);
    run_free(&r);
}

static void put_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

enum {
    FAULT_TRUNCATED,
    FAULT_BIT_FLIPPED,
    FAULT_WRONG_VERSION,
    FAULT_TEXT,
    FAULT_EMPTY,
    FAULT_FIFO,
    FAULT_DEVICE_LINK,
    FAULT_DIRECTORY,
    FAULT_COUNT
};

static const char *const fault_names[] = {"truncated", "bit-flipped", "wrong version", "text",
                                          "empty", "FIFO", "link to /dev/zero", "directory"};

/* Puts fault f in place of the table at path, whose good bytes are good[0..len). */
static void damage(const char *path, int f, const char *good, size_t len)
{
    char *copy = malloc(len);
    assert_non_null(copy);
    memcpy(copy, good, len);
    unlink(path);
    switch (f) {
    case FAULT_TRUNCATED: put_file(path, copy, len / 2); break;
    case FAULT_BIT_FLIPPED:
        copy[len - 3] ^= 0x10;
        put_file(path, copy, len);
        break;
    case FAULT_WRONG_VERSION:
        copy[8] ^= 0x03;
        put_file(path, copy, len);
        break;
    case FAULT_TEXT: put_file(path, "not a table\n", 12); break;
    case FAULT_EMPTY: put_file(path, "", 0); break;
    case FAULT_FIFO: assert_int_equal(mkfifo(path, 0600), 0); break;
    case FAULT_DEVICE_LINK: assert_int_equal(symlink("/dev/zero", path), 0); break;
    case FAULT_DIRECTORY: assert_int_equal(mkdir(path, 0700), 0); break;
    default: break;
    }
    free(copy);
}

/*
 * Each kind of damage to each table of a cached database: the next solve
 * must answer correctly, say what it rebuilt, and leave a valid file (or,
 * where a directory stands in the way, none), with no temporary behind.
 */
static void damaged_or_foreign_cache_files(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    saved_env saved = use_cache(dir);
    solve_with_cache_expect("building pattern database");
    char names[16][128];
    int tables = list_tables(dir, names, 16);
    assert_true(tables >= 2);
    for (int t = 0; t < tables; t++) {
        char *path = join(dir, names[t]);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        char good[1 << 16];
        size_t len = fread(good, 1, sizeof good, f);
        fclose(f);
        assert_true(len > 80 && len < sizeof good);
        for (int fault = 0; fault < FAULT_COUNT; fault++) {
            damage(path, fault, good, len);
            run r = SLIDE(NULL, "solve", "-a", "idastar", "-H", "pdb", "-o", "steps", PDB_BOARD);
            if (r.status != 0 || strcmp(r.out.data, "19\n") != 0 ||
                !strstr(r.err.data, "rebuilding it") || !strstr(r.err.data, names[t]))
                fail_msg("%s made %s: exit %d, stdout '%s', stderr '%s'", names[t],
                         fault_names[fault], r.status, r.out.data, r.err.data);
            run_free(&r);
            expect_valid_tables(dir);
            if (fault == FAULT_DIRECTORY)
                assert_int_equal(rmdir(path), 0);
            else
                put_file(path, good, len);
        }
        free(path);
    }
    solve_with_cache_expect(NULL);
    restore_env(&saved);
    remove_tree(dir);
    free(dir);
}

static void unwritable_cache_directory_still_answers(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    char blocker[512], below[600];
    snprintf(blocker, sizeof blocker, "%s/a-file", dir);
    put_file(blocker, "x", 1);
    snprintf(below, sizeof below, "%s/cache", blocker); /* no directory can be made below a file */
    saved_env saved = use_cache(below);
    run r = SLIDE(NULL, "solve", "-a", "idastar", "-H", "pdb", "-o", "steps", PDB_BOARD);
    restore_env(&saved);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out.data, "19\n");
    const char *first = strstr(r.err.data, "cannot write the cache directory");
    if (!first || strstr(first + 1, "cannot write the cache directory"))
        fail_msg("want exactly one warning, stderr '%s'", r.err.data);
    run_free(&r);
    remove_tree(dir);
    free(dir);
}

/*
 * Two processes building the same tables into one cache directory at once:
 * both succeed, the files verify, no temporary is left, and a later solve
 * loads them without a word.
 */
static void two_processes_build_the_same_tables(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    for (int round = 0; round < 3; round++) {
        pid_t pids[2];
        for (int i = 0; i < 2; i++) {
            pids[i] = fork();
            assert_true(pids[i] >= 0);
            if (pids[i] == 0) {
                int null = open("/dev/null", O_WRONLY);
                dup2(null, 1);
                dup2(null, 2);
                alarm(HANG_SECONDS);
                execl(SLIDE_BINARY, SLIDE_BINARY, "pdb", "build", "--size", "3x4", "--max-group",
                      "5", "--cache-dir", dir, (char *)NULL);
                _exit(127);
            }
        }
        for (int i = 0; i < 2; i++) {
            int wstatus;
            assert_int_equal(waitpid(pids[i], &wstatus, 0), pids[i]);
            if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0)
                fail_msg("round %d, builder %d: wait status %d", round, i, wstatus);
        }
        char names[16][128];
        assert_true(list_tables(dir, names, 16) >= 2);
        expect_valid_tables(dir);
        const char *info[] = {"pdb", "info", "--cache-dir", dir, NULL};
        run r = run_slide(info, NULL);
        assert_int_equal(r.status, 0);
        assert_null(strstr(r.out.data, "INVALID"));
        run_free(&r);
        if (round < 2) {
            const char *clear[] = {"pdb", "clear", "--cache-dir", dir, NULL};
            r = run_slide(clear, NULL);
            assert_int_equal(r.status, 0);
            run_free(&r);
        }
    }
    const char *again[] = {"pdb", "build", "--size", "3x4", "--max-group", "5", "--cache-dir", dir,
                           NULL};
    run r = run_slide(again, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out.data, " 0 built"));
    assert_string_equal(r.err.data, "");
    run_free(&r);
    remove_tree(dir);
    free(dir);
}

/* ------------------------------------------------------------- endless input */

/*
 * The peak memory `slide solve < /dev/zero` may reach (README, "Streams";
 * tests/bench/streams.sh): 64 MiB.  AddressSanitizer adds its own: shadow
 * memory, a runtime of about 10 MiB, and a realloc that holds the old block
 * beside the new and then quarantines it (130 MiB measured), so an
 * instrumented build gets 160 MiB, still far below unbounded growth.
 * ThreadSanitizer's runtime and shadow take about as much (118 MiB measured).
 */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ENDLESS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(ENDLESS_SANITIZED)
#define ENDLESS_PEAK_KIB (160 * 1024)
#else
#define ENDLESS_PEAK_KIB (64 * 1024)
#endif

/*
 * Runs slide with args on a pipe that carries `zeros` NUL bytes with no
 * line end, then tail, and ends.  The zeros come from a 64 KiB block, so
 * this process stays small: a forked child's peak memory counts what it
 * shared with its parent before exec.  *peak_kib is the child's peak
 * resident memory (getrusage's ru_maxrss, through wait4).
 */
static run run_on_zeros(const char *const *args, size_t zeros, const char *tail, long *peak_kib)
{
    run r = {0, {0}, {0}};
    int fds[2], out = temp_fd(), err = temp_fd();
    assert_int_equal(pipe(fds), 0);
    /* slide must not hold the write end open, or its input would never end */
    assert_int_equal(fcntl(fds[1], F_SETFD, FD_CLOEXEC), 0);
    pid_t pid = start_slide(args, fds[0], out, err);
    close(fds[0]);
    static const char block[1 << 16];
    signal(SIGPIPE, SIG_IGN); /* --problem stops reading at its limit */
    int open_pipe = 1;
    for (size_t done = 0; done < zeros && open_pipe;) {
        size_t n = zeros - done < sizeof block ? zeros - done : sizeof block;
        ssize_t put = write(fds[1], block, n);
        open_pipe = put > 0;
        done += open_pipe ? (size_t)put : 0;
    }
    if (open_pipe && tail)
        open_pipe = write(fds[1], tail, strlen(tail)) == (ssize_t)strlen(tail);
    close(fds[1]);
    signal(SIGPIPE, SIG_DFL);
    int wstatus;
    struct rusage usage;
    assert_int_equal(wait4(pid, &wstatus, 0, &usage), pid);
    r.status = exit_status(wstatus);
    *peak_kib = usage.ru_maxrss;
    r.out = slurp_fd(out);
    r.err = slurp_fd(err);
    close(out);
    close(err);
    return r;
}

/*
 * `slide solve < /dev/zero`, and its -j 2, --pairs and --problem forms: a
 * line with no end in sight is refused once it passes the line limit, its
 * rest is dropped as it arrives, and memory stays bounded.  Here the line
 * is three times the limit (120 MB) and then ends; the batch goes on.
 */
static void endless_line_keeps_memory_bounded(void **state)
{
    (void)state;
    const size_t zeros = (size_t)120 * 1000 * 1000;
    const char *board = "\n1 2 3 4 5 6 7 x 8\n";
    struct {
        const char *args[6];
        const char *tail;
        const char *out;
        const char *message;
    } cases[] = {
        {{"solve", NULL}, board, "error\nr\n", "line 1: the line is longer than 40000000 bytes"},
        {{"solve", "-j", "2", NULL}, board, "error\nr\n", "line 1: the line is longer than"},
        {{"solve", "--pairs", NULL},
         "\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 8 x\n",
         "error\nr\n",
         "line 1: the line is longer than"},
        {{"solve", "--problem", "poj1077", NULL}, board, "",
         "poj1077: the input is longer than 40000000 bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long peak = 0;
        run r = run_on_zeros(cases[i].args, zeros, cases[i].tail, &peak);
        if (r.status != 1 || strcmp(r.out.data, cases[i].out) != 0 ||
            !strstr(r.err.data, cases[i].message))
            fail_msg("%s %s: exit %d, stdout '%s', stderr '%s'", cases[i].args[0],
                     cases[i].args[1] ? cases[i].args[1] : "", r.status, r.out.data, r.err.data);
        if (peak > ENDLESS_PEAK_KIB)
            fail_msg("%s %s: peak memory %ld KiB on an endless line, more than %d KiB",
                     cases[i].args[0], cases[i].args[1] ? cases[i].args[1] : "", peak,
                     ENDLESS_PEAK_KIB);
        run_free(&r);
    }
}

/* ------------------------------------------------------ the cache's environment */

typedef struct env_copy {
    const char *name;
    char *value; /* NULL when unset */
} env_copy;

static const char *const cache_env_names[] = {"HOME", "XDG_CACHE_HOME", "SLIDE_CACHE_DIR",
                                              "SLIDE_PDB_MAX_GROUP"};
#define CACHE_ENV_COUNT 4

static void save_cache_env(env_copy saved[CACHE_ENV_COUNT])
{
    for (int i = 0; i < CACHE_ENV_COUNT; i++)
        saved[i] = (env_copy){cache_env_names[i], copy_env(cache_env_names[i])};
}

static void restore_cache_env(env_copy saved[CACHE_ENV_COUNT])
{
    for (int i = 0; i < CACHE_ENV_COUNT; i++)
        testkit_env_restore(saved[i].name, saved[i].value);
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/*
 * Where the cache goes when no option names it: an empty SLIDE_CACHE_DIR
 * counts as unset; a relative XDG_CACHE_HOME is ignored (the XDG base
 * directory spec); HOME=/nonexistent (as daemons run) is never created, the
 * tables are kept in memory with a note; an existing HOME gets .cache/slide.
 */
static void cache_directory_follows_the_environment(void **state)
{
    (void)state;
    env_copy saved[CACHE_ENV_COUNT];
    save_cache_env(saved);
    char *dir = make_temp_dir();
    char *home = join(dir, "home");
    char *relative = join(dir, "relative-cache");
    char here[4096];
    assert_non_null(getcwd(here, sizeof here));
    assert_int_equal(chdir(dir), 0); /* where a relative XDG_CACHE_HOME would land */
    setenv("SLIDE_PDB_MAX_GROUP", "4", 1);
    setenv("SLIDE_CACHE_DIR", "", 1);
    setenv("HOME", home, 1);
    unsetenv("XDG_CACHE_HOME");
    solve_with_cache_expect("no cache directory");
    if (exists(home))
        fail_msg("HOME=%s did not exist and was created", home);
    setenv("XDG_CACHE_HOME", "relative-cache", 1);
    solve_with_cache_expect("no cache directory");
    if (exists(home) || exists(relative))
        fail_msg("a relative XDG_CACHE_HOME, or a missing HOME, was created");
    assert_int_equal(mkdir(home, 0700), 0);
    solve_with_cache_expect("building pattern database");
    char *cache = join(home, ".cache/slide");
    char names[16][128];
    assert_true(list_tables(cache, names, 16) > 0);
    assert_false(exists(relative));
    char *absolute = join(dir, "xdg");
    setenv("XDG_CACHE_HOME", absolute, 1);
    solve_with_cache_expect("building pattern database");
    char *xdg_cache = join(absolute, "slide");
    assert_true(list_tables(xdg_cache, names, 16) > 0);
    assert_int_equal(chdir(here), 0);
    restore_cache_env(saved);
    remove_tree(dir);
    free(xdg_cache);
    free(absolute);
    free(cache);
    free(relative);
    free(home);
    free(dir);
}

/*
 * A SLIDE_PDB_MAX_GROUP the library cannot use is ignored, and a typo
 * must not pass unseen (it would mean the minutes-long automatic 4x4
 * build): the command warns, naming the value.
 */
static void bad_max_group_variable_is_named(void **state)
{
    (void)state;
    env_copy saved[CACHE_ENV_COUNT];
    save_cache_env(saved);
    char *dir = make_temp_dir();
    setenv("SLIDE_CACHE_DIR", dir, 1);
    const char *bad[] = {"5x", "abc", "0", "99", "-1", "4 ", " 4", "+4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("SLIDE_PDB_MAX_GROUP", bad[i], 1);
        char want[96];
        snprintf(want, sizeof want, "warning: SLIDE_PDB_MAX_GROUP='%s' is not a whole number", bad[i]);
        solve_with_cache_expect(want);
    }
    setenv("SLIDE_PDB_MAX_GROUP", "4", 1);
    run r = SLIDE(NULL, "solve", "-a", "idastar", "-H", "pdb", "-o", "steps", PDB_BOARD);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err.data, "warning"));
    run_free(&r);
    restore_cache_env(saved);
    remove_tree(dir);
    free(dir);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(bad_input_corpus),
    cmocka_unit_test(allocation_failure_at_every_point_is_clean),
    cmocka_unit_test(tiny_limits_for_every_algorithm),
    cmocka_unit_test(closed_pipe_ends_quietly),
    cmocka_unit_test(full_disk_is_reported),
    cmocka_unit_test(damaged_or_foreign_cache_files),
    cmocka_unit_test(unwritable_cache_directory_still_answers),
    cmocka_unit_test(two_processes_build_the_same_tables),
    cmocka_unit_test(endless_line_keeps_memory_bounded),
    cmocka_unit_test(cache_directory_follows_the_environment),
    cmocka_unit_test(bad_max_group_variable_is_named),
};

TESTKIT_MAIN(tests)
