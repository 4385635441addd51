/*
 * parallel.c - how `slide spread` runs GNU parallel (spread_internal.h):
 * the items of a pass written to a file, parallel started on it with
 * `slide work` for the machines of --sshlogin, and its output read line by
 * line as workers finish their items.
 */
#include "cli/spread/spread_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

/* parallel's process group while it runs, for spread_on_signal. */
static volatile sig_atomic_t running_group;

void spread_on_signal(int sig)
{
    if (running_group > 0)
        kill(-(pid_t)running_group, SIGTERM);
    signal(sig, SIG_DFL);
    raise(sig);
}

int spread_split_words(char *text, char **argv, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(text, " \t", &save); w && n < max; w = strtok_r(NULL, " \t", &save))
        argv[n++] = w;
    return n;
}

unsigned long spread_estimate_slots(const spread_config *cfg)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned long each = cfg->jobs ? cfg->jobs : cores > 0 ? (unsigned long)cores : 1;
    if (!cfg->sshlogin)
        return each;
    unsigned long slots = 0;
    const char *p = cfg->sshlogin;
    while (*p) {
        const char *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        if (end > p) {
            char *stop;
            unsigned long n = strtoul(p, &stop, 10);
            slots += stop > p && stop < end && *stop == '/' && n > 0 && !cfg->jobs ? n : each;
        }
        p = *end ? end + 1 : end;
    }
    return slots ? slots : each;
}

int spread_only_this_machine(const char *list)
{
    if (!list)
        return 1;
    const char *p = list;
    while (*p) {
        p += strspn(p, " ");
        const char *digits = p;
        p += strspn(p, "0123456789");
        if (p > digits && *p == '/')
            p++;
        else
            p = digits;
        if (*p == ',' || *p == '\0')
            ; /* an empty entry */
        else if (*p++ != ':')
            return 0;
        p += strspn(p, " ");
        if (*p == ',')
            p++;
        else if (*p)
            return 0;
    }
    return 1;
}

int spread_twice_wanted(const spread_run *run, unsigned long index)
{
    const spread_config *cfg = run->config;
    if (!cfg->twice || cfg->twice_share >= 100)
        return cfg->twice;
    /* a share chosen by --shuffle's seed, the bound and the item: the same on a restart */
    uint64_t x = cfg->seed ^ ((uint64_t)run->bound << 32) ^ index;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x % 100 < cfg->twice_share;
}

int spread_write_pending(spread_run *run, const spread_pass *pass, unsigned long *written)
{
    char path[] = "/tmp/slide-spread-XXXXXX";
    const char *dir = getenv("TMPDIR");
    char *tmpl = path;
    char *own = NULL;
    if (dir && *dir) {
        size_t len = strlen(dir);
        own = malloc(len + 32);
        if (!own)
            return -1;
        snprintf(own, len + 32, "%s/slide-spread-XXXXXX", dir);
        tmpl = own;
    }
    int fd = mkstemp(tmpl);
    if (fd < 0) {
        cli_error("spread: cannot make a file for the items in '%.200s': %s",
                  dir && *dir ? dir : "/tmp", strerror(errno));
        free(own);
        return -1;
    }
    unlink(tmpl);
    free(own);
    FILE *f = fdopen(dup(fd), "w");
    if (!f) {
        close(fd);
        return -1;
    }
    unsigned long count = (unsigned long)run->split.count;
    unsigned long end = spread_items_end(run);
    unsigned long *order = malloc((end ? end : 1) * sizeof *order);
    if (!order) {
        fclose(f);
        close(fd);
        return -1;
    }
    unsigned long n = 0;
    for (unsigned long i = 0; i < end; i++)
        if (!run->items[i].done && (!pass->by_host || run->items[i].host == pass->host))
            order[n++] = i;
    if (run->config->shuffle) {
        slide_rng rng;
        slide_rng_seed(&rng, run->config->seed ^ run->bound);
        for (unsigned long i = n; i > 1; i--) {
            unsigned long j = (unsigned long)slide_rng_below(&rng, i);
            unsigned long t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
    }
    /* --twice: the second copies after all the first ones, so that no job holds both */
    const split_identity *search = &run->config->setup.search;
    unsigned long lines = 0;
    for (int copy = 0; copy < 1 + run->config->twice; copy++) {
        if (!(pass->copies & (1 << copy)))
            continue;
        for (unsigned long k = 0; k < n; k++) {
            unsigned long i = order[k];
            if (run->items[i].seen > copy || (copy == 1 && !spread_twice_wanted(run, i)))
                continue;
            split_item item = {run->bound, i, count, run->split.prefix[i],
                               strlen(run->split.prefix[i])};
            split_write_item(f, search, &item);
            lines++;
        }
        if (copy == 0)
            run->first_copies = lines;
    }
    free(order);
    int ok = fflush(f) == 0 && !ferror(f);
    fclose(f);
    if (!ok || lseek(fd, 0, SEEK_SET) != 0) {
        cli_error("spread: cannot write the items' file: %s", strerror(errno));
        close(fd);
        return -1;
    }
    *written = lines;
    return fd;
}

/*
 * "PROGRAM work" in new memory (NULL when there is none).  With quote,
 * PROGRAM is made one word of a POSIX shell ('...', each ' inside written
 * '\''), so that a path with a space or a $ in it reaches the shell
 * parallel starts unchanged; a --worker of the user's is a command line as
 * they wrote it.
 */
/*
 * "PROGRAM work" (then " --tag ..." when tag: each job's machine, as
 * parallel names it to the job) in new memory (NULL when there is none).
 * With quote, PROGRAM is made one word of a POSIX shell ('...', each '
 * inside written '\''), so that a path with a space or a $ in it reaches
 * the shell parallel starts unchanged; a --worker of the user's is a
 * command line as they wrote it.
 */
static char *work_command(const char *program, int quote, int tag)
{
    static const char tag_option[] = " --tag \"$PARALLEL_SSHLOGIN\"";
    size_t quotes = 0;
    for (const char *p = program; quote && *p; p++)
        quotes += *p == '\'';
    size_t size =
        strlen(program) + (quote ? 3 * quotes + 2 : 0) + sizeof " work" + sizeof tag_option;
    char *command = malloc(size);
    if (!command)
        return NULL;
    char *w = command;
    if (quote)
        *w++ = '\'';
    for (const char *p = program; *p; p++) {
        if (quote && *p == '\'') {
            memcpy(w, "'\\''", 4);
            w += 4;
        } else {
            *w++ = *p;
        }
    }
    if (quote)
        *w++ = '\'';
    snprintf(w, size - (size_t)(w - command), " work%s", tag ? tag_option : "");
    return command;
}

pid_t spread_start_parallel(char **argv, int in_fd, int *out)
{
    int pipe_out[2], report[2];
    if (pipe(pipe_out) != 0) {
        cli_error("spread: cannot make a pipe: %s", strerror(errno));
        close(in_fd);
        return -1;
    }
    if (pipe(report) != 0) {
        cli_error("spread: cannot make a pipe: %s", strerror(errno));
        close(in_fd);
        close(pipe_out[0]);
        close(pipe_out[1]);
        return -1;
    }
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t driver = getpid();
    (void)driver;
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
#ifdef __linux__
        /* the driver killed outright (SIGKILL): parallel is told, and its jobs with it */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != driver)
            _exit(127);
#endif
        dup2(in_fd, 0);
        dup2(pipe_out[1], 1);
        close(in_fd);
        close(pipe_out[0]);
        close(pipe_out[1]);
        close(report[0]);
        execvp(argv[0], argv);
        int e = errno;
        if (write(report[1], &e, sizeof e) != (ssize_t)sizeof e)
            _exit(127);
        _exit(127);
    }
    close(in_fd);
    close(pipe_out[1]);
    close(report[1]);
    if (pid < 0) {
        cli_error("spread: cannot start %s: %s", argv[0], strerror(errno));
        close(pipe_out[0]);
        close(report[0]);
        return -1;
    }
    setpgid(pid, pid);
    int exec_errno = 0;
    ssize_t got = read(report[0], &exec_errno, sizeof exec_errno);
    close(report[0]);
    if (got == (ssize_t)sizeof exec_errno) {
        cli_error("spread: cannot run '%s': %s%s", argv[0], strerror(exec_errno),
                  exec_errno == ENOENT
                      ? " (GNU parallel: Debian package parallel; or --parallel CMD)"
                      : "");
        close(pipe_out[0]);
        waitpid(pid, NULL, 0);
        return -1;
    }
    *out = pipe_out[0];
    return pid;
}

void spread_wait(pid_t pid)
{
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
}

int spread_run_parallel(spread_run *run, int items_fd, unsigned long pending, const char *sshlogin,
                        const cli_batch *reader)
{
    spread_config *cfg = run->config;
    char numbers[4][32];
    char *argv[96];
    int argc = 0;
    char *parallel_copy = strdup(cfg->parallel);
    char self[PATH_MAX];
    const char *worker = cfg->worker;
    int here = spread_only_this_machine(sshlogin);
    if (!parallel_copy) {
        close(items_fd);
        cli_error("out of memory");
        return -1;
    }
    if (!worker) {
        ssize_t n = -1;
        if (here)
            n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n > 0) {
            self[n] = '\0';
            worker = self;
        } else {
            worker = "slide";
        }
    }
    argc = spread_split_words(parallel_copy, argv, 64);
    argv[argc++] = "--pipe";
    argv[argc++] = "-N";
    /* by default about 8 jobs a worker, so that uneven subtrees even out */
    unsigned long per_job = cfg->per_job;
    if (!per_job) {
        per_job = pending / (8 * spread_estimate_slots(cfg));
        if (per_job < 1)
            per_job = 1;
    }
    if (cfg->twice && per_job > run->first_copies && run->first_copies > 0)
        per_job = run->first_copies; /* an item's two copies in two jobs */
    snprintf(numbers[0], sizeof numbers[0], "%lu", per_job);
    argv[argc++] = numbers[0];
    argv[argc++] = "--line-buffer";
    argv[argc++] = "--retries";
    snprintf(numbers[1], sizeof numbers[1], "%lu", cfg->retries ? cfg->retries : 1);
    argv[argc++] = numbers[1];
    if (cfg->jobs) {
        argv[argc++] = "-j";
        snprintf(numbers[2], sizeof numbers[2], "%lu", cfg->jobs);
        argv[argc++] = numbers[2];
    }
    if (cfg->timeout) {
        /* a job that hangs is killed, and retried (on another machine when there is one) */
        argv[argc++] = "--timeout";
        snprintf(numbers[3], sizeof numbers[3], "%llu", (unsigned long long)cfg->timeout * per_job);
        argv[argc++] = numbers[3];
    }
    if (sshlogin) {
        argv[argc++] = "-S";
        argv[argc++] = (char *)sshlogin;
    }
    /* parallel hands the command to a shell: this slide's own path is quoted for it */
    char *command = work_command(worker, worker == self, !here);
    if (!command) {
        free(parallel_copy);
        close(items_fd);
        cli_error("out of memory");
        return -1;
    }
    argv[argc++] = command;
    argv[argc] = NULL;
    int out = -1;
    pid_t pid = spread_start_parallel(argv, items_fd, &out);
    free(command);
    free(parallel_copy);
    if (pid < 0)
        return -1;
    run->group = pid;
    running_group = pid;
    run->stopped = 0;
    cli_batch_io io = {stdout, stderr, 0, 0, 0};
    int status = cli_batch_run(reader, out, &io);
    close(out);
    spread_wait(pid);
    running_group = 0;
    run->group = 0;
    if (status == -1) {
        cli_error("out of memory");
        return -1;
    }
    return 0;
}
