/*
 * test_spread.c - one search on many machines, end to end with the built
 * slide: `slide spread` through GNU parallel with local workers (-S :,
 * several -j, items handed out shuffled) prints the one-thread answer on
 * 4x4 and 5x5 boards; a search killed and restarted with its checkpoint
 * goes on where it was, and a checkpoint of another search is refused;
 * workers that die, lose items, hang or cut lines short are retried without
 * a wrong answer; checkpoints edited and sealed again where the driver can
 * tell, or not regular files, are refused; --twice catches a worker that
 * hides the answer; the jobs end with the driver; `slide work` refuses
 * lines cut short, changed, of another version or cut with other tables,
 * naming the line and the cause; an item cut again by `split --prefix` is
 * the same work and answer as the item.  The tests that need
 * GNU parallel skip, with one line, where it is missing.
 */
#include "testkit.h"

#include <fcntl.h>
#include <stdarg.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* 53 moves, about a million nodes with the tests' 4-tile tables. */
#define BOARD_4X4 "14 9 3 x 10 13 1 2 4 7 11 12 15 5 8 6"
#define BOARD_4X4_B "5 1 2 8 7 12 11 x 9 13 4 14 15 6 10 3"
/* 31 moves, the longest on 3x3. */
#define BOARD_3X3 "8 6 7 2 5 4 3 x 1"
/* 64 moves, 0.35 million nodes. */
#define BOARD_5X5 "12 11 6 1 4 3 23 7 2 13 17 22 x 8 5 9 21 24 15 14 16 18 19 10 20"

static int have_parallel(void)
{
    if (system("command -v parallel >/dev/null 2>&1") == 0)
        return 1;
    print_message("skipped: GNU parallel is not installed (Debian package parallel)\n");
    return 0;
}

/* The one-thread answer (idastar, as slide spread searches). */
static char *one_thread(const char *board)
{
    testkit_run r = RUN(NULL, "solve", "-a", "idastar", "-j", "1", board);
    assert_int_equal(r.status, 0);
    char *moves = r.out;
    r.out = NULL;
    testkit_run_free(&r);
    return moves;
}

static void expect_answer(testkit_run *r, const char *want)
{
    if (r->status != 0)
        fail_msg("exit %d; stderr: %s", r->status, r->err);
    assert_string_equal(r->out, want);
    testkit_run_free(r);
}

static void four_by_four_with_local_workers(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    char *want = one_thread(BOARD_4X4);
    /* one, two and four workers; items handed out shuffled, so they finish in any order */
    testkit_run r = RUN(NULL, "spread", "-S", ":", "-j", "4", "--shuffle", "1", "--stats",
                        BOARD_4X4);
    assert_non_null(strstr(r.err, "handed out in 1 pass"));
    expect_answer(&r, want);
    free(want);
    /* the last iterations through parallel: two workers, then one */
    want = one_thread(BOARD_4X4_B);
    r = RUN(NULL, "spread", "-S", ":", "-j", "2", "--local", "5000", "--items", "32", "--shuffle",
            "2", "--per-job", "3", BOARD_4X4_B);
    expect_answer(&r, want);
    r = RUN(NULL, "spread", "-j", "1", "--local", "5000", "--items", "64", BOARD_4X4_B);
    expect_answer(&r, want);
    free(want);
    r = RUN(NULL, "spread", "-o", "steps", "--local", "100000000", BOARD_4X4);
    expect_answer(&r, "53\n");
    r = RUN(NULL, "spread", "2 1 3 4 5 6 7 8 x");
    expect_answer(&r, "unsolvable\n");
    r = RUN(NULL, "spread", "1 2 3 4 5 6 7 8 x");
    expect_answer(&r, "\n");
}

/*
 * The default worker is this slide, by its own path, which parallel hands
 * to a shell: a path with a space and a quote in it reaches the workers
 * whole (it was split at the space, and every item failed); and so with
 * -S N/:, this machine too (it ran the slide on PATH).
 */
static void a_path_with_a_space_reaches_the_workers(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    char dir[] = "/tmp/slide-test-spread-XXXXXX", odd[256], copy[512];
    assert_non_null(mkdtemp(dir));
    snprintf(odd, sizeof odd, "%s/it's a dir", dir);
    assert_int_equal(mkdir(odd, 0700), 0);
    snprintf(copy, sizeof copy, "%s/slide", odd);
    char command[1200];
    snprintf(command, sizeof command, "cp '%s' \"%s\"", SLIDE_BINARY, copy);
    assert_int_equal(system(command), 0);
    char *want = one_thread("8 6 7 2 5 4 3 x 1");
    const char *args[] = {"spread", "--local", "0", "8 6 7 2 5 4 3 x 1", NULL};
    testkit_run r = testkit_slide_at(copy, args, NULL);
    expect_answer(&r, want);
    /* -S N/: is this machine, as : is: its workers run this slide, not a slide on PATH */
    char fake[128], path[4096];
    snprintf(fake, sizeof fake, "%s/slide", dir);
    FILE *f = fopen(fake, "w");
    assert_non_null(f);
    fputs("#!/bin/sh\necho 'the slide on PATH' >&2\nexit 1\n", f);
    fclose(f);
    assert_int_equal(chmod(fake, 0755), 0);
    const char *old = getenv("PATH");
    char *keep = strdup(old ? old : "/usr/bin:/bin");
    snprintf(path, sizeof path, "%s:%s", dir, keep);
    setenv("PATH", path, 1);
    r = RUN(NULL, "spread", "-S", "1/:", "--local", "0", "--retries", "0", "8 6 7 2 5 4 3 x 1");
    setenv("PATH", keep, 1);
    free(keep);
    assert_null(strstr(r.err, "the slide on PATH"));
    expect_answer(&r, want);
    free(want);
    testkit_remove_dir(dir);
}

static void five_by_five_with_local_workers(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    char *want = one_thread(BOARD_5X5);
    testkit_run r = RUN(NULL, "spread", "-S", ":", "-j", "4", "--local", "1000", "--shuffle", "5",
                        "--stats", BOARD_5X5);
    assert_non_null(strstr(r.err, "handed out in 1 pass"));
    expect_answer(&r, want);
    free(want);
}

/* A scratch directory (the caller removes it with testkit_remove_dir). */
static void scratch(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/slide-spread-test-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

/*
 * A fake worker: a scratch directory (dir, removed by the caller) holding a
 * script of body, printf-style (its arguments may name dir: it is filled
 * first); worker the --worker that runs it ("$@" is "work").
 */
static void fake_worker(char *dir, size_t dir_size, char *worker, size_t worker_size,
                        const char *body, ...)
{
    scratch(dir, dir_size);
    char script[96];
    snprintf(script, sizeof script, "%.64s/worker.sh", dir);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    va_list ap;
    va_start(ap, body);
    vfprintf(f, body, ap);
    va_end(ap);
    fclose(f);
    snprintf(worker, worker_size, "sh %s", script);
}

static int count_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    int n = 0, c;
    if (!f)
        return 0;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static void killed_search_resumes_from_its_checkpoint(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    char dir[64], checkpoint[128];
    scratch(dir, sizeof dir);
    snprintf(checkpoint, sizeof checkpoint, "%s/search.ck", dir);
    char *want = one_thread(BOARD_4X4);
    /* slowly: every iteration out, one subtree a process, one worker */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", 1);
        dup2(null, 1);
        dup2(null, 2);
        execl(SLIDE_BINARY, SLIDE_BINARY, "spread", "-j", "1", "--per-job", "1", "--local", "0",
              "--items", "64", "--checkpoint", checkpoint, BOARD_4X4, (char *)NULL);
        _exit(127);
    }
    /* kill it once a bound past the first few has results recorded (within
     * two minutes: a sanitizer build on a loaded machine took over 30 s) */
    int lines = 0;
    for (int i = 0; i < 2400 && lines < 12; i++) {
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
        lines = count_lines(checkpoint);
    }
    kill(pid, SIGTERM);
    int wstatus;
    assert_true(waitpid(pid, &wstatus, 0) == pid);
    assert_true(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGTERM);
    lines = count_lines(checkpoint);
    assert_true(lines >= 12);
    char *text = testkit_read_file(checkpoint);
    assert_int_equal(strncmp(text, "slide-checkpoint/1 ", 19), 0);
    const char *bound = strstr(text, " bound=");
    assert_non_null(bound);
    int at = atoi(bound + 7);
    free(text);
    /* restarted: the same bound, fewer subtrees handed out, the same answer */
    testkit_run r = RUN(NULL, "spread", "-j", "2", "--items", "64", "--stats", "--checkpoint",
                        checkpoint, BOARD_4X4);
    char first[64];
    snprintf(first, sizeof first, "slide: spread: bound %d: ", at);
    const char *line = strstr(r.err, first);
    if (!line)
        fail_msg("no bound %d in: %s", at, r.err);
    unsigned long subtrees = 0, handed = 0;
    assert_int_equal(sscanf(line + strlen(first), "%lu subtrees, 0 searched here, %lu handed out",
                            &subtrees, &handed),
                     2);
    assert_true(strstr(r.err, "slide: spread: bound ") == line); /* nothing before it again */
    assert_true(handed + (unsigned long)(lines - 1) <= subtrees + 1);
    expect_answer(&r, want);
    /* done: a run with the finished file answers again */
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, BOARD_4X4);
    expect_answer(&r, want);
    free(want);
    testkit_remove_dir(dir);
}

/* The pid a file holds, waiting up to two minutes for it to be written; 0 when it is not. */
static pid_t wait_for_pid(const char *path)
{
    for (int i = 0; i < 2400; i++) {
        FILE *f = fopen(path, "r");
        long pid = 0;
        if (f) {
            int got = fscanf(f, "%ld", &pid);
            fclose(f);
            if (got == 1 && pid > 0)
                return (pid_t)pid;
        }
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    return 0;
}

/*
 * SIGHUP (a closed terminal or ssh session) ends the driver as SIGTERM
 * does, and parallel and its jobs with it; so does SIGKILL on Linux.
 */
static void workers_end_with_the_driver(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    static const int signals[] = {SIGHUP, SIGKILL};
#ifdef __linux__
    int count = 2;
#else
    int count = 1; /* SIGKILL: parallel is told only where prctl(PR_SET_PDEATHSIG) is */
#endif
    for (int s = 0; s < count; s++) {
        char dir[64], worker[160], pidfile[128];
        /* a worker that hangs, its pid beside it */
        fake_worker(dir, sizeof dir, worker, sizeof worker,
                    "#!/bin/sh\nd=$(dirname \"$0\")\necho $$ > \"$d/pid.new\" && "
                    "mv \"$d/pid.new\" \"$d/worker.pid\"\nexec sleep 600\n");
        snprintf(pidfile, sizeof pidfile, "%s/worker.pid", dir);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            int null = open("/dev/null", 1);
            dup2(null, 1);
            dup2(null, 2);
            signal(SIGHUP, SIG_DFL);
            execl(SLIDE_BINARY, SLIDE_BINARY, "spread", "-j", "1", "--local", "0", "--worker",
                  worker, BOARD_4X4, (char *)NULL);
            _exit(127);
        }
        pid_t job = wait_for_pid(pidfile);
        assert_true(job > 0);
        kill(pid, signals[s]);
        int wstatus;
        assert_true(waitpid(pid, &wstatus, 0) == pid);
        assert_true(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == signals[s]);
        int gone = 0;
        for (int i = 0; i < 2400 && !gone; i++) {
            gone = kill(job, 0) != 0;
            struct timespec pause = {0, 50 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
        if (!gone) {
            kill(job, SIGKILL);
            fail_msg("the job of a driver ended by signal %d lived on", signals[s]);
        }
        testkit_remove_dir(dir);
    }
}

static void checkpoint_of_another_search_is_refused(void **state)
{
    (void)state;
    char dir[64], checkpoint[128];
    scratch(dir, sizeof dir);
    snprintf(checkpoint, sizeof checkpoint, "%s/search.ck", dir);
    /* a checkpoint written by a search done here (its small iterations need no parallel) */
    testkit_run r = RUN(NULL, "spread", "--local", "100000000", "--checkpoint", checkpoint,
                        "8 6 7 2 5 4 3 x 1");
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "6 4 7 8 5 x 3 2 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "was written for another board"));
    testkit_run_free(&r);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "--goal", "x 1 2 3 4 5 6 7 8",
            "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "was written for another goal"));
    testkit_run_free(&r);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "-H", "pdb", "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "was written for another heuristic"));
    testkit_run_free(&r);
    /* damage in the middle is refused; a last line cut short is a crash's, and dropped */
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "cp %s %s.bak && sed -i '2s/found=no/found=nO/' %s && test $(wc -l < %s) -gt 2",
             checkpoint, checkpoint, checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "is damaged (line 2: the checksum does not match"));
    testkit_run_free(&r);
    snprintf(cmd, sizeof cmd, "cp %s.bak %s && truncate -s -30 %s", checkpoint, checkpoint,
             checkpoint);
    assert_int_equal(system(cmd), 0);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "was cut short"));
    assert_string_equal(r.out, "uulddrruuldldrruuldldrruullddrr\n");
    testkit_run_free(&r);
    /* the piece is gone from the file, so the next run finds it whole */
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err, "cut short"));
    assert_null(strstr(r.err, "damaged"));
    assert_string_equal(r.out, "uulddrruuldldrruuldldrruullddrr\n");
    testkit_run_free(&r);
    /* a crash just before a line's "\n": the line reads, and the next result must not join it */
    snprintf(cmd, sizeof cmd, "head -n 3 %s.bak | head -c -1 > %s && ! grep -q found=yes %s",
             checkpoint, checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    for (int run = 0; run < 2; run++) {
        r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
        assert_int_equal(r.status, 0);
        assert_null(strstr(r.err, "damaged"));
        assert_string_equal(r.out, "uulddrruuldldrruuldldrruullddrr\n");
        testkit_run_free(&r);
    }
    /* a memory cap the file was not written with is named as such */
    r = RUN(NULL, "spread", "--max-memory", "2G", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "was written for the default memory cap (no --max-memory)"));
    testkit_run_free(&r);
    snprintf(cmd, sizeof cmd, "echo hello > %s", checkpoint);
    assert_int_equal(system(cmd), 0);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "line 1: not a checkpoint"));
    testkit_run_free(&r);
    testkit_remove_dir(dir);
}

/* --checkpoint writes beside FILE under a name of its own, and refuses what is not a file. */
static void checkpoint_is_a_regular_file_of_its_own(void **state)
{
    (void)state;
    char dir[64], checkpoint[128], path[160];
    scratch(dir, sizeof dir);
    snprintf(checkpoint, sizeof checkpoint, "%s/search.ck", dir);
    snprintf(path, sizeof path, "%s.tmp", checkpoint);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("mine\n", f);
    fclose(f);
    testkit_run r = RUN(NULL, "spread", "--local", "100000000", "--checkpoint", checkpoint,
                        "8 6 7 2 5 4 3 x 1");
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    char *text = testkit_read_file(path);
    assert_string_equal(text, "mine\n");
    free(text);
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    const char *odd[] = {"/dev/zero", path, dir};
    const char *kind[] = {"a device", "a FIFO", "a directory"};
    for (int i = 0; i < 3; i++) {
        r = RUN(NULL, "spread", "--local", "100000000", "--checkpoint", odd[i],
                "8 6 7 2 5 4 3 x 1");
        assert_int_equal(r.status, 1);
        char want[256];
        snprintf(want, sizeof want, "--checkpoint '%s' is not a regular file (%s)", odd[i],
                 kind[i]);
        if (!strstr(r.err, want))
            fail_msg("%s", r.err);
        testkit_run_free(&r);
    }
    testkit_remove_dir(dir);
}

/* FNV-1a, 32 bits: what seals a checkpoint's lines (sum=). */
static unsigned line_sum(const char *text, size_t len)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h & 0xffffffffu;
}

/* A scratch directory with the checkpoint of a finished 3x3 search (searched here). */
static void finished_checkpoint(char *dir, size_t dir_size, char *checkpoint, size_t size)
{
    scratch(dir, dir_size);
    snprintf(checkpoint, size, "%s/search.ck", dir);
    testkit_run r = RUN(NULL, "spread", "--local", "100000000", "--checkpoint", checkpoint,
                        "8 6 7 2 5 4 3 x 1");
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
}

/* Seals every line of path again (sum=), as a user editing a checkpoint could. */
static void reseal_file(const char *path)
{
    char *text = testkit_read_file(path);
    assert_non_null(text);
    for (char *line = text; *line; line = strchr(line, '\n') + 1) {
        char *sum = strstr(line, " sum=");
        assert_non_null(sum);
        char seal[16];
        snprintf(seal, sizeof seal, "%08x", line_sum(line, (size_t)(sum - line)));
        memcpy(sum + 5, seal, 8);
    }
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    free(text);
}

/*
 * A result line whose checksum holds but whose answer does not reach the
 * goal (a worker with a broken slide) is caught by replaying it, not printed.
 */
static void a_sealed_wrong_answer_is_refused(void **state)
{
    (void)state;
    char dir[64], checkpoint[128];
    scratch(dir, sizeof dir);
    snprintf(checkpoint, sizeof checkpoint, "%s/search.ck", dir);
    testkit_run r = RUN(NULL, "spread", "--local", "100000000", "--stats", "--checkpoint",
                        checkpoint, "8 6 7 2 5 4 3 x 1");
    const char *counts = strstr(r.err, "slide: stats: spread: ");
    assert_non_null(counts);
    counts = strstr(counts, ", expanded ");
    assert_non_null(counts);
    const char *generated = strstr(counts, ", generated ");
    assert_non_null(generated);
    char first[80]; /* ", expanded N, generated N" */
    generated += strlen(", generated ");
    snprintf(first, sizeof first, "%.*s", (int)(generated - counts + strcspn(generated, ",")),
             counts);
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    /* answered again from the finished file: the same counts (the last walk once) */
    r = RUN(NULL, "spread", "--stats", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_non_null(strstr(r.err, first));
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    char *text = testkit_read_file(checkpoint);
    assert_non_null(text);
    char *moves = strstr(text, "found=yes moves=");
    assert_non_null(moves);
    moves += strlen("found=yes moves=");
    assert_int_equal(moves[0], 'u');
    moves[0] = 'r'; /* the same length, a legal first move, and the answer misses the goal */
    FILE *f = fopen(checkpoint, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    free(text);
    reseal_file(checkpoint);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "claims an answer that is not 31 moves"));
    testkit_run_free(&r);
    testkit_remove_dir(dir);
}

/* A checkpoint edited (and sealed again) where the driver can tell is refused, naming the field. */
static void an_edited_checkpoint_is_refused(void **state)
{
    (void)state;
    char dir[64], checkpoint[128], cmd[1024];
    finished_checkpoint(dir, sizeof dir, checkpoint, sizeof checkpoint);
    testkit_run r;
    /* a subtree's next bound not above the bound: it looped over the bounds for ever */
    snprintf(cmd, sizeof cmd, "cp %s %s.bak && sed -i '2s/next=[0-9]*/next=0/' %s", checkpoint,
             checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    reseal_file(checkpoint);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    if (!strstr(r.err, "line 2: item ") || !strstr(r.err, "next=0 is not above the bound"))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    /* a bound past where the search is, the iterations before left as they were */
    snprintf(cmd, sizeof cmd,
             "head -n 1 %s.bak > %s && sed -i '1s/ bound=31 / bound=33 /;1s/ iterations=[0-9]* / "
             "iterations=0 /' %s",
             checkpoint, checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    reseal_file(checkpoint);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    if (!strstr(r.err, "line 1: bound=33 after iterations=0 is not a bound this search reaches"))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    /* consistent with the iterations: --twice searches the bound below it again */
    if (!have_parallel()) {
        testkit_remove_dir(dir);
        return;
    }
    snprintf(cmd, sizeof cmd,
             "head -n 1 %s.bak > %s && sed -i '1s/ bound=31 / bound=33 /;1s/ iterations=[0-9]* / "
             "iterations=5 /' %s",
             checkpoint, checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    reseal_file(checkpoint);
    r = RUN(NULL, "spread", "--twice", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    if (!strstr(r.err, "line 1: bound=33 is not the bound this search reaches: searched again "
                       "(--twice), bound 32 gives an answer of 31 moves"))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    /* the head as written: the bound below gives it, and the search goes on */
    snprintf(cmd, sizeof cmd, "head -n 1 %s.bak > %s", checkpoint, checkpoint);
    assert_int_equal(system(cmd), 0);
    r = RUN(NULL, "spread", "--twice", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    testkit_remove_dir(dir);
}

/*
 * A worker's found=no with a valid checksum cannot be told from a true one
 * (it made the answer longer); --twice has every subtree searched by two
 * jobs and stops when they disagree, naming both lines.
 */
static void twice_catches_a_worker_that_misses_the_answer(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    const char *board = "8 6 7 2 5 4 3 x 1";
    testkit_run s = RUN(NULL, "split", "--items", "16", "--bound", "31", board);
    assert_int_equal(s.status, 0);
    testkit_run w = RUN(strchr(s.out, '\n') + 1, "work");
    assert_int_equal(w.status, 0);
    char *yes = strstr(w.out, " found=yes ");
    assert_non_null(yes);
    char *line = yes;
    while (line > w.out && line[-1] != '\n')
        line--;
    char *at = strstr(line, " item=");
    assert_non_null(at);
    unsigned long item = strtoul(at + 6, NULL, 10);
    char forged[512], match[64];
    int n = snprintf(forged, sizeof forged, "%.*s found=no next=33 expanded=1 generated=1",
                     (int)(yes - line), line);
    snprintf(forged + n, sizeof forged - (size_t)n, " sum=%08x", line_sum(forged, (size_t)n));
    snprintf(match, sizeof match, "*\" item=%lu found=yes \"*", item);
    testkit_run_free(&w);
    testkit_run_free(&s);
    char dir[64], worker[160];
    /* the first job that finds the answer says it is not there */
    fake_worker(dir, sizeof dir, worker, sizeof worker,
                "#!/bin/sh\n"
                "%s work | while read -r line; do\n"
                "  case \"$line\" in\n"
                "  %s) if mkdir %s/forged 2>/dev/null; then echo '%s'; continue; fi;;\n"
                "  esac\n"
                "  echo \"$line\"\n"
                "done\n",
                SLIDE_BINARY, match, dir, forged);
    testkit_run r = RUN(NULL, "spread", "--twice", "--local", "0", "--items", "16", "-j", "2",
                        "--worker", worker, board);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    char want[96];
    snprintf(want, sizeof want,
             "item %lu of bound 31 has two different results, workers' output "
             "line ",
             item);
    if (!strstr(r.err, want))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    /* honest workers agree: the one-thread answer */
    r = RUN(NULL, "spread", "--twice", "--local", "0", "--items", "16", "-j", "2", board);
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    testkit_remove_dir(dir);
}

static void dying_workers_and_lost_items_are_retried(void **state)
{
    (void)state;
    if (!have_parallel())
        return;
    char dir[64], worker[160];
    /*
     * The first job to start: one result cut short, and death (parallel
     * retries it); the next: its items swallowed, nothing printed, success
     * (lost items, which the driver hands out again); the others: slide work.
     */
    fake_worker(dir, sizeof dir, worker, sizeof worker,
                "#!/bin/sh\n"
                "if mkdir %s/died 2>/dev/null; then head -n 1 | %s \"$@\" | cut -c 1-60; sleep 1; "
                "exit 1; fi\n"
                "if mkdir %s/lost 2>/dev/null; then cat > /dev/null; exit 0; fi\n"
                "exec %s \"$@\"\n",
                dir, SLIDE_BINARY, dir, SLIDE_BINARY);
    char *want = one_thread(BOARD_4X4);
    testkit_run r = RUN(NULL, "spread", "-j", "3", "--per-job", "40",
                        "--worker", worker, "--retries", "2", "--stats", BOARD_4X4);
    assert_non_null(strstr(r.err, "it was cut short or changed"));
    assert_non_null(strstr(r.err, "its item will be searched again"));
    assert_non_null(strstr(r.err, "in 2 passes")); /* the lost items went out again */
    expect_answer(&r, want);
    /* a worker that never answers: the search stops, naming the items */
    r = RUN(NULL, "spread", "-j", "2", "--local", "0", "--worker", "true", "--retries", "1",
            BOARD_4X4);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "got no result after 2 passes (items 0, 1, 2"));
    testkit_run_free(&r);
    r = RUN(NULL, "spread", "--local", "0", "--parallel", "no-such-parallel-here", BOARD_4X4);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "cannot run 'no-such-parallel-here'"));
    testkit_run_free(&r);
    testkit_remove_dir(dir);
    /* a job that hangs: --timeout stops it, and its subtrees are searched again */
    fake_worker(dir, sizeof dir, worker, sizeof worker,
                "#!/bin/sh\n"
                "if mkdir %s/hung 2>/dev/null; then exec sleep 600; fi\n"
                "exec %s work\n",
                dir, SLIDE_BINARY);
    r = RUN(NULL, "spread", "-j", "2", "--local", "0", "--items", "16", "--timeout", "2",
            "--worker", worker, "8 6 7 2 5 4 3 x 1");
    expect_answer(&r, "uulddrruuldldrruuldldrruullddrr\n");
    r = RUN(NULL, "spread", "--timeout", "0", "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--timeout: '0' is not a number of seconds"));
    testkit_run_free(&r);
    free(want);
    testkit_remove_dir(dir);
}

/* The first item line `slide split` prints for the board at bound, NUL-terminated (caller frees). */
static char *an_item(const char *board, const char *bound)
{
    testkit_run r = RUN(NULL, "split", "--items", "4", "--bound", bound, board);
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "# slide-split/1 search=", 23), 0);
    char *line = strchr(r.out, '\n') + 1;
    char *end = strchr(line, '\n');
    assert_non_null(end);
    char *item = strndup(line, (size_t)(end - line + 1));
    testkit_run_free(&r);
    return item;
}

/*
 * An item cut with other tables is refused from their plan, before this
 * machine builds or maps its own (at 744e4ce it built them first: minutes
 * on a 4x4), naming both fingerprints.  Here the worker's cache is empty
 * and stays so.
 */
static void work_refuses_other_tables_before_building(void **state)
{
    (void)state;
    const char *saved_group = getenv("SLIDE_PDB_MAX_GROUP");
    const char *saved_dir = getenv("SLIDE_CACHE_DIR");
    char *keep_group = saved_group ? strdup(saved_group) : NULL;
    char *keep_dir = saved_dir ? strdup(saved_dir) : NULL;
    unsetenv("SLIDE_PDB_MAX_GROUP");
    testkit_run s =
        RUN(NULL, "split", "-H", "pdb", "--items", "4", "--bound", "31", "8 6 7 2 5 4 3 x 1");
    assert_int_equal(s.status, 0);
    const char *fingerprint = strstr(s.out, " tables=");
    assert_non_null(fingerprint);
    char want[128];
    snprintf(want, sizeof want, "the item was cut with pdb tables %.16s, this machine's are ",
             fingerprint + 8);
    char dir[64];
    scratch(dir, sizeof dir);
    setenv("SLIDE_CACHE_DIR", dir, 1);
    setenv("SLIDE_PDB_MAX_GROUP", "3", 1);
    testkit_run r = RUN(strchr(s.out, '\n') + 1, "work");
    assert_int_equal(r.status, 1);
    if (!strstr(r.err, want))
        fail_msg("no '%s' in: %s", want, r.err);
    assert_null(strstr(r.err, "building"));
    char list[128];
    snprintf(list, sizeof list, "test -z \"$(ls -A %s)\"", dir);
    assert_int_equal(system(list), 0); /* nothing built into the cache */
    testkit_run_free(&r);
    testkit_run_free(&s);
    testkit_remove_dir(dir);
    if (keep_group)
        setenv("SLIDE_PDB_MAX_GROUP", keep_group, 1);
    else
        unsetenv("SLIDE_PDB_MAX_GROUP");
    if (keep_dir)
        setenv("SLIDE_CACHE_DIR", keep_dir, 1);
    else
        unsetenv("SLIDE_CACHE_DIR");
    free(keep_group);
    free(keep_dir);
}

/*
 * A bound past the deepest search (SLIDE_MAX_SEARCH_DEPTH, 1500) is
 * refused by name, with what to do: split's --bound and an item sealed
 * again by hand.  It was taken for a board too large ("slide solve answers
 * larger boards") at 744e4ce.
 */
static void a_bound_past_the_deepest_search_is_named(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "split", "-H", "manhattan", "--bound", "60000", BOARD_4X4);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "split: --bound: a bound of 60000 moves is past the deepest "
                                  "search slide makes, 1500 moves: give at most 1500"));
    assert_null(strstr(r.err, "larger boards"));
    testkit_run_free(&r);
    char *item = an_item(BOARD_4X4, "49");
    char *at = strstr(item, " bound=49 ");
    assert_non_null(at);
    char deep[1024];
    int n = snprintf(deep, sizeof deep, "%.*s bound=60000 %s", (int)(at - item), item, at + 10);
    char *sum = strstr(deep, " sum=");
    assert_non_null(sum);
    n = (int)(sum - deep);
    snprintf(sum, sizeof deep - (size_t)n, " sum=%08x\n", line_sum(deep, (size_t)n));
    r = RUN(deep, "work");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "slide: work: line 1: field 9, bound: a bound of 60000 moves "
                                  "is past the deepest search slide makes, 1500 moves"));
    assert_non_null(strstr(r.err, "cut the search again with `slide split`"));
    assert_null(strstr(r.err, "too large"));
    assert_string_equal(r.out, "");
    testkit_run_free(&r);
    free(item);
}

static void work_refuses_bad_lines_naming_them(void **state)
{
    (void)state;
    char *item = an_item(BOARD_4X4, "49");
    testkit_run r = RUN(item, "work");
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "slide-result/1 search=", 22), 0);
    assert_non_null(strstr(r.out, " bound=49 item=0 found=no next=51 expanded="));
    testkit_run_free(&r);
    size_t len = strlen(item);
    char *input = malloc(3 * len + 200);
    assert_non_null(input);
    /* line 1 cut short, line 2 changed, line 3 another version, line 4 not an item, line 5 good */
    int cut = (int)(len / 2);
    char *changed = strdup(item);
    char *prefix = strstr(changed, "prefix=");
    prefix[7] = prefix[7] == 'u' ? 'd' : 'u';
    sprintf(input, "%.*s\n%s%s\nhello\n%s", cut, item, changed, "slide-item/2 search=0", item);
    r = RUN(input, "work");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "slide: work: line 1: the line does not end in sum="));
    assert_non_null(strstr(r.err, "slide: work: line 2: the checksum does not match"));
    assert_non_null(strstr(r.err, "slide: work: line 3: an item line of another format version"));
    assert_non_null(strstr(r.err, "slide: work: line 4: not an item line"));
    assert_non_null(strstr(r.out, " item=0 found=no next=51 "));
    assert_null(strstr(r.out, "\nslide-result")); /* one result only */
    testkit_run_free(&r);
    free(changed);
    free(input);
    free(item);
    /* cut with other tables: automatic groups here, 3-tile ones on the worker */
    const char *saved = getenv("SLIDE_PDB_MAX_GROUP");
    char *keep = saved ? strdup(saved) : NULL;
    unsetenv("SLIDE_PDB_MAX_GROUP");
    testkit_run s = RUN(NULL, "split", "-H", "pdb", "--items", "4", "--bound", "31",
                        "8 6 7 2 5 4 3 x 1");
    assert_int_equal(s.status, 0);
    setenv("SLIDE_PDB_MAX_GROUP", "3", 1);
    char *other = strstr(s.out, "max-group=0");
    assert_non_null(other);
    r = RUN(strchr(s.out, '\n') + 1, "work");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "slide: work: line 1: the item was cut with pdb tables"));
    assert_non_null(strstr(r.err, "every machine needs the same pattern databases"));
    testkit_run_free(&r);
    testkit_run_free(&s);
    if (keep)
        setenv("SLIDE_PDB_MAX_GROUP", keep, 1);
    else
        unsetenv("SLIDE_PDB_MAX_GROUP");
    free(keep);
    /* usage */
    r = RUN(NULL, "split", "--items", "0", BOARD_4X4);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "split: --items"));
    testkit_run_free(&r);
    r = RUN(NULL, "spread", "--retries", "x", BOARD_4X4);
    assert_int_equal(r.status, 2);
    testkit_run_free(&r);
    /* an empty value (an unset variable in a script) is refused, not taken as the default */
    static const char *const empty[][2] = {{"--worker", "the command is empty"},
                                           {"--parallel", "the command is empty"},
                                           {"-S", "the list of machines is empty"},
                                           {"--log", "the file name is empty"},
                                           {"--checkpoint", "the file name is empty"}};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        r = RUN(NULL, "spread", empty[i][0], " ", BOARD_4X4);
        assert_int_equal(r.status, 2);
        if (!strstr(r.err, empty[i][1]))
            fail_msg("spread %s ' ': %s", empty[i][0], r.err);
        testkit_run_free(&r);
    }
    r = RUN(NULL, "spread", "-o", "stpes", BOARD_4X4);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "did you mean 'steps'?"));
    testkit_run_free(&r);
    r = RUN(NULL, "work", "extra");
    assert_int_equal(r.status, 2);
    testkit_run_free(&r);
}

/* The sum of the values of field name= (" expanded=") over the lines of text. */
static unsigned long long sum_field(const char *text, const char *name)
{
    unsigned long long sum = 0;
    for (const char *at = strstr(text, name); at; at = strstr(at + 1, name))
        sum += strtoull(at + strlen(name), NULL, 10);
    return sum;
}

/* The moves of the first found=yes result of text, NUL-terminated (caller frees); NULL: none. */
static char *first_answer(const char *text)
{
    const char *at = strstr(text, " found=yes moves=");
    if (!at)
        return NULL;
    at += strlen(" found=yes moves=");
    return strndup(at, strcspn(at, " "));
}

/*
 * The items `split --prefix` cuts an item into, each searched by `work`
 * (item: the line of one that `split` cut from board at bound): their
 * prefixes extend the item's, the walk's nodes and theirs are the item's
 * own, and their first answer in order is its answer.
 */
static void an_item_cut_again_is_the_item(const char *board, const char *item, const char *bound)
{
    testkit_run whole = RUN(item, "work");
    assert_int_equal(whole.status, 0);
    const char *p = strstr(item, " prefix=") + strlen(" prefix=");
    char *prefix = strndup(p, strcspn(p, " "));
    testkit_run cut =
        RUN(NULL, "split", "--items", "4", "--bound", bound, "--prefix", prefix, board);
    assert_int_equal(cut.status, 0);
    char *lines = strchr(cut.out, '\n') + 1;
    int items = 0;
    for (const char *at = strstr(lines, " prefix="); at; at = strstr(at + 1, " prefix=")) {
        assert_int_equal(strncmp(at + strlen(" prefix="), prefix, strlen(prefix)), 0);
        assert_true(at[strlen(" prefix=") + strlen(prefix)] != ' ');
        items++;
    }
    assert_true(items >= 4);
    testkit_run parts = RUN(lines, "work");
    assert_int_equal(parts.status, 0);
    char *answer = first_answer(whole.out), *parts_answer = first_answer(parts.out);
    if (answer) {
        assert_non_null(parts_answer);
        assert_string_equal(parts_answer, answer);
    } else {
        /* every node once: the walk below the prefix and the items' */
        assert_null(parts_answer);
        assert_int_equal(sum_field(cut.out, " walk-expanded=") + sum_field(parts.out, " expanded="),
                         sum_field(whole.out, " expanded="));
    }
    free(answer);
    free(parts_answer);
    free(prefix);
    testkit_run_free(&parts);
    testkit_run_free(&cut);
    testkit_run_free(&whole);
}

/* `split --prefix` cuts one item again, and the search through its items is the same search. */
static void split_cuts_an_item_again(void **state)
{
    (void)state;
    char *item = an_item(BOARD_4X4, "49");
    an_item_cut_again_is_the_item(BOARD_4X4, item, "49");
    free(item);
    /* the last bound: the item with the answer cut again gives the one-thread answer */
    testkit_run s = RUN(NULL, "split", "--items", "4", "--bound", "31", BOARD_3X3);
    assert_int_equal(s.status, 0);
    testkit_run r = RUN(strchr(s.out, '\n') + 1, "work");
    assert_int_equal(r.status, 0);
    const char *found = strstr(r.out, " found=yes ");
    assert_non_null(found);
    char *want = one_thread(BOARD_3X3);
    want[strcspn(want, "\n")] = '\0';
    char *moves = first_answer(r.out);
    assert_string_equal(moves, want);
    slide_board start = testkit_board(BOARD_3X3, 0, 0),
                goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    testkit_assert_solves(&start, &goal, moves);
    slide_board_free(&start);
    slide_board_free(&goal);
    /* its item line: the item=N of the first answer */
    while (found > r.out && found[-1] != '\n')
        found--;
    const char *index = strstr(found, " item=");
    char tag[32];
    snprintf(tag, sizeof tag, " item=%lu ", strtoul(index + strlen(" item="), NULL, 10));
    const char *line = strstr(s.out, tag);
    assert_non_null(line);
    while (line > s.out && line[-1] != '\n')
        line--;
    char *its = strndup(line, strcspn(line, "\n") + 1);
    an_item_cut_again_is_the_item(BOARD_3X3, its, "31");
    free(its);
    free(moves);
    free(want);
    testkit_run_free(&r);
    testkit_run_free(&s);
}

/*
 * An item line with from replaced by to, its search id (FNV-1a, 64 bits,
 * over "size=" up to " bound=") and its sum made right again: a line of
 * another slide, or made by hand (caller frees).
 */
static char *forge_item(const char *item, const char *from, const char *to)
{
    const char *at = strstr(item, from);
    assert_non_null(at);
    char *line = malloc(strlen(item) + strlen(to) + 1);
    assert_non_null(line);
    sprintf(line, "%.*s%s%s", (int)(at - item), item, to, at + strlen(from));
    char *size = strstr(line, " size=") + 1, *bound = strstr(line, " bound=");
    unsigned long long h = 14695981039346656037ull;
    for (const char *p = size; p < bound; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    char id[24];
    snprintf(id, sizeof id, "%016llx", h);
    memcpy(strstr(line, "search=") + 7, id, 16);
    char *sum = strstr(line, " sum=");
    snprintf(id, sizeof id, "%08x", line_sum(line, (size_t)(sum - line)));
    memcpy(sum + 5, id, 8);
    return line;
}

/* What is wrong is named: the field, the value, the real cause. */
/*
 * solve's near-optimal options given to split or spread are refused with why
 * and what gives such an answer instead, not as unknown options alone.
 */
static void near_optimal_options_are_refused_with_the_way_to_them(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"spread", "--weight"}, {"split", "--budget"}, {"spread", "--budget"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        testkit_run r = RUN(NULL, cases[i][0], cases[i][1], "2", "8 6 7 2 5 4 3 x 1");
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "(slide solve's): the search cut into items is optimal"));
        assert_non_null(strstr(r.err, "slide solve --weight W --jobs N"));
        assert_string_equal(r.out, "");
        testkit_run_free(&r);
    }
}

static void messages_name_the_field_and_the_cause(void **state)
{
    (void)state;
    char *item = an_item("8 6 7 2 5 4 3 x 1", "31");
    char *foo = forge_item(item, "heuristic=linear", "heuristic=foo");
    testkit_run r = RUN(foo, "work");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "slide: work: line 1: unknown heuristic 'foo'"));
    testkit_run_free(&r);
    free(foo);
    char *solved = forge_item(item, "start=8,6,7,2,5,4,3,0,1", "start=1,2,3,4,5,6,7,8,0");
    r = RUN(solved, "work");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "line 1: the item's start is its goal"));
    assert_null(strstr(r.err, "tables"));
    testkit_run_free(&r);
    free(solved);
    free(item);
    /* --items at most 262144: 16777216 wrote 4 GB of items */
    r = RUN(NULL, "split", "--items", "262145", "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "is not a count from 1 to 262144"));
    testkit_run_free(&r);
    /* a checkpoint's items= out of range is named, with the file and line */
    char dir[64], checkpoint[128], cmd[512];
    finished_checkpoint(dir, sizeof dir, checkpoint, sizeof checkpoint);
    snprintf(cmd, sizeof cmd, "sed -i '1s/ items=[0-9]* / items=4000000000 /' %s", checkpoint);
    assert_int_equal(system(cmd), 0);
    reseal_file(checkpoint);
    r = RUN(NULL, "spread", "--checkpoint", checkpoint, "8 6 7 2 5 4 3 x 1");
    assert_int_equal(r.status, 1);
    char want[256];
    snprintf(want, sizeof want,
             "--checkpoint '%s', line 1: field 9, items=4000000000 is not a count of subtrees",
             checkpoint);
    if (!strstr(r.err, want))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    testkit_remove_dir(dir);
}

/* Tables not cached yet: a note says they are built first, before the build; once only. */
static void a_build_of_tables_is_announced(void **state)
{
    (void)state;
    char dir[64];
    scratch(dir, sizeof dir);
    const char *saved = getenv("SLIDE_CACHE_DIR");
    char *keep = saved ? strdup(saved) : NULL;
    setenv("SLIDE_CACHE_DIR", dir, 1);
    testkit_run r = RUN(NULL, "split", "--items", "4", BOARD_4X4);
    assert_int_equal(r.status, 0);
    const char *note = strstr(r.err, "slide: split: note: the pattern databases this search "
                                     "needs are not cached: building them first");
    if (!note || note != strstr(r.err, "slide: "))
        fail_msg("%s", r.err);
    testkit_run_free(&r);
    r = RUN(NULL, "split", "--items", "4", BOARD_4X4);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    testkit_run_free(&r);
    if (keep)
        setenv("SLIDE_CACHE_DIR", keep, 1);
    else
        unsetenv("SLIDE_CACHE_DIR");
    free(keep);
    testkit_remove_dir(dir);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(four_by_four_with_local_workers),
    cmocka_unit_test(a_path_with_a_space_reaches_the_workers),
    cmocka_unit_test(five_by_five_with_local_workers),
    cmocka_unit_test(killed_search_resumes_from_its_checkpoint),
    cmocka_unit_test(workers_end_with_the_driver),
    cmocka_unit_test(checkpoint_of_another_search_is_refused),
    cmocka_unit_test(checkpoint_is_a_regular_file_of_its_own),
    cmocka_unit_test(a_sealed_wrong_answer_is_refused),
    cmocka_unit_test(an_edited_checkpoint_is_refused),
    cmocka_unit_test(twice_catches_a_worker_that_misses_the_answer),
    cmocka_unit_test(dying_workers_and_lost_items_are_retried),
    cmocka_unit_test(work_refuses_bad_lines_naming_them),
    cmocka_unit_test(work_refuses_other_tables_before_building),
    cmocka_unit_test(a_bound_past_the_deepest_search_is_named),
    cmocka_unit_test(split_cuts_an_item_again),
    cmocka_unit_test(near_optimal_options_are_refused_with_the_way_to_them),
    cmocka_unit_test(messages_name_the_field_and_the_cause),
    cmocka_unit_test(a_build_of_tables_is_announced),
};

TESTKIT_MAIN(tests)
