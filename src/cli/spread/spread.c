/*
 * spread.c - `slide spread`: one optimal IDA* search on many machines.
 *
 * The driver of the split search (items.h): for each bound it cuts the
 * iteration into subtrees (slide_split_iteration), writes the items not
 * done yet to a file and hands it to GNU parallel, which runs `slide work`
 * on the machines of --sshlogin, retrying failed jobs; the results come
 * back on parallel's stdout, line by line as workers finish them, and are
 * checked (checksum, search, bound, item) before they count.  The answer is
 * the first answer of the lowest subtree that holds one, once every subtree
 * below it is done: the string one thread prints, whatever the machines
 * and the order results arrive in.  Items that got no result (a worker
 * that died past its retries, output lost) are handed out again.
 *
 * --checkpoint FILE: the file holds the search, the bound and the results
 * of the bound so far.  A new bound replaces it whole (written aside and
 * renamed); each result is appended as one line as it arrives.  A restart
 * with the same file continues at its bound with those results, and a file
 * of another board, goal or table set is refused.  A last line cut short
 * by a crash is dropped (its item runs again); damage elsewhere is refused.
 */
#include "cli/spread/items.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
    OPT_GOAL = 1,
    OPT_SIZE,
    OPT_HEURISTIC,
    OPT_MAX_MEMORY,
    OPT_SSHLOGIN,
    OPT_JOBS,
    OPT_ITEMS,
    OPT_PER_JOB,
    OPT_CHECKPOINT,
    OPT_RETRIES,
    OPT_WORKER,
    OPT_PARALLEL,
    OPT_LOG,
    OPT_STATS,
    OPT_SHUFFLE,
    OPT_OUTPUT,
    OPT_LOCAL,
    OPT_HELP
};

/* clang-format off */
static const cli_option spread_options[] = {
    {"goal", 'g', OPT_GOAL, "BOARD", "goal board (default 1 2 ... n-1 x)"},
    {"size", 's', OPT_SIZE, "RxC", "shape, where the board text does not give it"},
    {"heuristic", 'H', OPT_HEURISTIC, "NAME", "manhattan, linear or pdb (default: pdb above 9 cells)"},
    {"max-memory", 0, OPT_MAX_MEMORY, "SIZE", "cap on the tables and each search (default 2G)"},
    {"sshlogin", 'S', OPT_SSHLOGIN, "LIST",
     "machines, as parallel's --sshlogin (default ':', this\n"
     "one): host1,host2,: or 8/user@host ..."},
    {"jobs", 'j', OPT_JOBS, "N", "workers a machine (parallel's -j; default its cores)"},
    {"items", 0, OPT_ITEMS, "N", "subtrees an iteration is cut into, at least (default:\n"
                                 "64 a worker, at least 1024)"},
    {"per-job", 0, OPT_PER_JOB, "N", "subtrees one worker process takes (default: about 8\n"
                                     "processes a worker an iteration)"},
    {"local", 0, OPT_LOCAL, "NODES", "search an iteration in this process while the one\n"
                                     "before expanded fewer than NODES (100000; 0: never)"},
    {"checkpoint", 0, OPT_CHECKPOINT, "FILE", "record the bound and the subtrees done; a restart with\n"
                                              "the same FILE continues from there"},
    {"retries", 0, OPT_RETRIES, "N", "tries of a failed job (parallel's --retries) and passes\n"
                                     "over subtrees still without a result (3)"},
    {"worker", 0, OPT_WORKER, "CMD", "what a machine runs, then ' work' (default: this slide,\n"
                                     "or 'slide' when --sshlogin names other machines)"},
    {"parallel", 0, OPT_PARALLEL, "CMD", "GNU parallel and options of yours (default parallel)"},
    {"log", 0, OPT_LOG, "FILE", "append every result, for tests/bench/spread-scale.sh"},
    {"stats", 0, OPT_STATS, NULL, "a line per iteration on stderr"},
    {"shuffle", 0, OPT_SHUFFLE, "SEED", "hand the subtrees out in a shuffled order (the answer\n"
                                        "does not change; for tests)"},
    {"output", 'o', OPT_OUTPUT, "FMT", "moves (default) or steps"},
    {"help", 'h', OPT_HELP, NULL, NULL},
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_spread(FILE *f)
{
    fputs("usage: slide spread [OPTIONS] BOARD\n"
          "\n"
          "Solves BOARD optimally (IDA*) on many machines: each iteration is cut into\n"
          "subtrees that GNU parallel hands to `slide work` on the machines of\n"
          "--sshlogin. The answer is the one `slide solve -a idastar` prints on one\n"
          "thread. Every machine needs slide and the same pattern databases.\n"
          "\n",
          f);
    cli_help_options(f, spread_options, NULL);
    fputs("\n"
          "Exit status: 0 answered (unsolvable is an answer), 1 failed, 2 usage error.\n",
          f);
}

/* What one subtree of the iteration has given. */
typedef struct item_state {
    unsigned char done;
    unsigned char found;
    unsigned next;
    unsigned long long expanded;
    unsigned long long generated;
    char *moves; /* found: the answer, NUL-terminated */
} item_state;

typedef struct spread_config {
    split_setup setup;
    const char *sshlogin;
    unsigned long jobs; /* 0: parallel's default */
    unsigned long want;
    unsigned long per_job;
    const char *checkpoint;
    unsigned long retries;
    const char *worker;
    const char *parallel;
    const char *log_path;
    int stats;
    int shuffle;
    unsigned long long seed;
    int steps;
    unsigned long long local;
} spread_config;

/* One search's driver. */
typedef struct spread_run {
    spread_config *config;
    unsigned bound;
    unsigned long iterations;          /* finished before this bound */
    unsigned long long expanded;       /* every finished bound's nodes, and the walks */
    unsigned long long generated;
    slide_split split;                 /* the iteration's subtrees */
    item_state *items;                 /* split.count of them */
    unsigned long lowest_found;        /* ULONG_MAX: none yet */
    unsigned long remaining;           /* items below lowest_found without a result */
    FILE *journal;                     /* the checkpoint, open to append results; or NULL */
    FILE *log;
    long output_line;                  /* of parallel's output, for messages */
    int bad_lines;
    int failed;                        /* a fatal problem was reported */
    pid_t group;                       /* parallel's process group while it runs, else 0 */
    int stopped;                       /* parallel was told to stop: the answer is decided */
    unsigned long long previous;       /* nodes of the iteration before; ULLONG_MAX: unknown */
} spread_run;

/* parallel's process group, for a signal that ends the driver (see on_signal). */
static volatile sig_atomic_t running_group;

static void on_signal(int sig)
{
    if (running_group > 0)
        kill(-(pid_t)running_group, SIGTERM);
    signal(sig, SIG_DFL);
    raise(sig);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void free_items(spread_run *run)
{
    if (run->items)
        for (size_t i = 0; i < run->split.count; i++)
            free(run->items[i].moves);
    free(run->items);
    run->items = NULL;
    slide_split_free(&run->split);
}

/* ------------------------------------------------------------ checkpoint */

static int checkpoint_head(const spread_run *run, split_checkpoint *head)
{
    memset(head, 0, sizeof *head);
    head->search = run->config->setup.search;
    head->want = run->config->want;
    head->bound = run->bound;
    head->iterations = run->iterations;
    head->expanded = run->expanded;
    head->generated = run->generated;
    return 0;
}

/*
 * Starts the checkpoint of a new bound: the head line alone, written to
 * FILE.tmp, synced and renamed over FILE, then FILE opened to append
 * results.  Returns 0, or -1 after a message.
 */
static int checkpoint_start(spread_run *run)
{
    const char *path = run->config->checkpoint;
    if (!path)
        return 0;
    if (run->journal) {
        fclose(run->journal);
        run->journal = NULL;
    }
    size_t len = strlen(path);
    char *tmp = malloc(len + 5);
    if (!tmp) {
        cli_error("out of memory");
        return -1;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    split_checkpoint head;
    checkpoint_head(run, &head);
    FILE *f = fopen(tmp, "w");
    int ok = f && split_write_checkpoint(f, &head) == 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        cli_error("spread: --checkpoint: cannot write '%.200s': %s", tmp, strerror(saved));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    run->journal = fopen(path, "a");
    if (!run->journal) {
        cli_error("spread: --checkpoint: cannot append to '%.200s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* The first difference between the checkpoint's search and this one, in words, or NULL. */
static const char *other_search(const split_search *file, const split_search *mine)
{
    if (!slide_board_equal(&file->start, &mine->start))
        return "another board";
    if (!slide_board_equal(&file->goal, &mine->goal))
        return "another goal";
    if (strcmp(file->heuristic, mine->heuristic) != 0)
        return "another heuristic";
    if (file->tables != mine->tables || file->max_group != mine->max_group ||
        file->max_memory != mine->max_memory)
        return "another table set";
    return NULL;
}

/* Reading a checkpoint file: its lines, through the stdin batch reader. */
typedef struct resume_read {
    spread_run *run;
    const char *path;
    int have_head;
    split_checkpoint head;
    /* the results after the head, kept as their lines until the split is known */
    char **lines;
    size_t *lens;
    long *numbers;
    size_t count, cap;
    int failed;
    long bad_line;     /* the first line that did not read, 0: none */
    char bad_why[CLI_MESSAGE_SIZE];
    long last_line;
} resume_read;

static void resume_line(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    (void)io;
    resume_read *r = arg;
    char why[CLI_MESSAGE_SIZE];
    r->last_line = item->number;
    if (r->failed)
        return;
    if (r->bad_line) {
        /* a bad line that is not the last one is damage, not a crash's cut-off line */
        cli_error("spread: --checkpoint '%.200s' is damaged (line %ld: %s); remove it to start "
                  "again",
                  r->path, r->bad_line, r->bad_why);
        r->failed = 1;
        return;
    }
    if (!r->have_head) {
        if (split_read_checkpoint(item->text, item->len, &r->head, why, sizeof why) != 0) {
            cli_error("spread: --checkpoint '%.200s', line %ld: %s", r->path, item->number, why);
            r->failed = 1;
            return;
        }
        r->have_head = 1;
        return;
    }
    split_result res;
    if (split_read_result(item->text, item->len, &res, why, sizeof why) != 0) {
        r->bad_line = item->number;
        snprintf(r->bad_why, sizeof r->bad_why, "%s", why);
        return;
    }
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        char **lines = realloc(r->lines, cap * sizeof *lines);
        if (lines)
            r->lines = lines;
        size_t *lens = realloc(r->lens, cap * sizeof *lens);
        if (lens)
            r->lens = lens;
        long *numbers = realloc(r->numbers, cap * sizeof *numbers);
        if (numbers)
            r->numbers = numbers;
        if (!lines || !lens || !numbers) {
            cli_error("out of memory");
            r->failed = 1;
            return;
        }
        r->cap = cap;
    }
    r->lines[r->count] = malloc(item->len + 1);
    if (!r->lines[r->count]) {
        cli_error("out of memory");
        r->failed = 1;
        return;
    }
    memcpy(r->lines[r->count], item->text, item->len);
    r->lines[r->count][item->len] = '\0';
    r->lens[r->count] = item->len;
    r->numbers[r->count++] = item->number;
}

static void resume_refuse(void *arg, cli_batch_io *io, const cli_batch_item *item,
                          const char *reason)
{
    (void)io;
    resume_read *r = arg;
    cli_error("spread: --checkpoint '%.200s', line %ld: %s", r->path, item->number, reason);
    r->failed = 1;
}

static void resume_free(resume_read *r)
{
    for (size_t i = 0; i < r->count; i++)
        free(r->lines[i]);
    free(r->lines);
    free(r->lens);
    free(r->numbers);
    if (r->have_head)
        split_search_free(&r->head.search);
}

static int record(spread_run *run, const split_result *res, const char *where, long line,
                  int journal);

/*
 * Reads the checkpoint, when there is one: run->bound and the counts of
 * the bounds before, and in *r the results to record once the bound is
 * split.  Returns 0 (r->have_head says whether there was a file), or -1
 * after a message.
 */
static int resume_read_file(spread_run *run, resume_read *r)
{
    spread_config *cfg = run->config;
    memset(r, 0, sizeof *r);
    r->run = run;
    r->path = cfg->checkpoint;
    if (!cfg->checkpoint)
        return 0;
    int fd = open(cfg->checkpoint, O_RDONLY);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        cli_error("spread: --checkpoint: cannot read '%.200s': %s", cfg->checkpoint,
                  strerror(errno));
        return -1;
    }
    cli_batch batch = {1, 0, r, resume_line, resume_refuse};
    cli_batch_io io = {stdout, stderr, 0};
    int status = cli_batch_run(&batch, fd, &io);
    close(fd);
    if (status != 0) {
        cli_error("spread: --checkpoint: cannot read '%.200s': %s", cfg->checkpoint,
                  status == -1 ? "out of memory" : strerror(errno));
        return -1;
    }
    if (r->failed)
        return -1;
    if (!r->have_head) {
        cli_error("spread: --checkpoint '%.200s' is empty or not a checkpoint; remove it to start "
                  "again",
                  cfg->checkpoint);
        return -1;
    }
    if (r->bad_line)
        fprintf(stderr,
                "slide: spread: note: the last line of --checkpoint '%.200s' was cut short (line "
                "%ld: %s); its subtree will be searched again\n",
                cfg->checkpoint, r->bad_line, r->bad_why);
    const char *other = other_search(&r->head.search, &cfg->setup.search);
    if (other) {
        cli_error("spread: --checkpoint '%.200s' was written for %s (search %016llx, this one is "
                  "%016llx); remove it or name another file",
                  cfg->checkpoint, other, (unsigned long long)r->head.search.id,
                  (unsigned long long)cfg->setup.search.id);
        return -1;
    }
    if (r->head.want != cfg->want) {
        fprintf(stderr,
                "slide: spread: note: --checkpoint '%.200s' cuts iterations into %lu subtrees; "
                "going on with that, not %lu\n",
                cfg->checkpoint, r->head.want, cfg->want);
        cfg->want = r->head.want;
    }
    run->bound = r->head.bound;
    run->iterations = r->head.iterations;
    run->expanded = r->head.expanded;
    run->generated = r->head.generated;
    return 0;
}

/* Records the results read from the checkpoint (the bound is split).  0, or -1 after a message. */
static int resume_apply(spread_run *run, resume_read *r)
{
    char why[CLI_MESSAGE_SIZE], where[300];
    snprintf(where, sizeof where, "--checkpoint '%.200s'", r->path);
    for (size_t i = 0; i < r->count; i++) {
        split_result res;
        if (split_read_result(r->lines[i], r->lens[i], &res, why, sizeof why) != 0)
            return -1; /* read once already */
        if (record(run, &res, where, r->numbers[i], 0) != 0 || run->failed)
            return -1;
    }
    return 0;
}

/* --------------------------------------------------------------- results */

/* The lowest item without a result below the lowest answer; run->remaining counts them. */
static void count_remaining(spread_run *run)
{
    unsigned long end = run->lowest_found < run->split.count ? run->lowest_found
                                                             : (unsigned long)run->split.count;
    run->remaining = 0;
    for (unsigned long i = 0; i < end; i++)
        if (!run->items[i].done)
            run->remaining++;
}

/*
 * Takes one result (read from where, line): checked against the search,
 * the bound and the item it names, and against an earlier result for the
 * same item.  A result that does not belong is reported and dropped (its
 * item runs again); two results that disagree stop the search.  journal:
 * append it to the checkpoint and the log.  Returns 0, or -1 after a
 * message when the line does not belong.
 */
static int record(spread_run *run, const split_result *res, const char *where, long line,
                  int journal)
{
    const split_search *search = &run->config->setup.search;
    if (res->search != search->id) {
        cli_error("spread: %s, line %ld: a result of search %016llx, not of this one (%016llx)",
                  where, line, (unsigned long long)res->search, (unsigned long long)search->id);
        return -1;
    }
    if (res->bound != run->bound) {
        cli_error("spread: %s, line %ld: a result for bound %u, not the bound searched, %u",
                  where, line, res->bound, run->bound);
        return -1;
    }
    if (res->index >= run->split.count) {
        cli_error("spread: %s, line %ld: a result for item %lu; bound %u has %zu", where, line,
                  res->index, run->bound, run->split.count);
        return -1;
    }
    item_state *it = &run->items[res->index];
    if (it->done) {
        int same = it->found == res->found && it->expanded == res->expanded &&
                   it->generated == res->generated &&
                   (res->found ? strlen(it->moves) == res->moves_len &&
                                     memcmp(it->moves, res->moves, res->moves_len) == 0
                               : it->next == res->next);
        if (!same) {
            cli_error("spread: %s, line %ld: item %lu of bound %u has two different results: "
                      "machines with another slide or other tables?",
                      where, line, res->index, run->bound);
            run->failed = 1;
        }
        return 0;
    }
    if (res->found) {
        it->moves = malloc(res->moves_len + 1);
        if (!it->moves) {
            cli_error("out of memory");
            run->failed = 1;
            return 0;
        }
        memcpy(it->moves, res->moves, res->moves_len);
        it->moves[res->moves_len] = '\0';
        if (res->index < run->lowest_found)
            run->lowest_found = res->index;
    }
    it->done = 1;
    it->found = (unsigned char)res->found;
    it->next = res->next;
    it->expanded = res->expanded;
    it->generated = res->generated;
    count_remaining(run);
    if (journal) {
        if (run->journal && (split_write_result(run->journal, res) != 0 || fflush(run->journal) != 0)) {
            cli_error("spread: --checkpoint: cannot append to '%.200s': %s", run->config->checkpoint,
                      strerror(errno));
            run->failed = 1;
        }
        if (run->log) {
            split_write_result(run->log, res);
            fflush(run->log);
        }
    }
    return 0;
}

/* One line of parallel's output. */
static void on_output(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    (void)io;
    spread_run *run = arg;
    char why[CLI_MESSAGE_SIZE];
    run->output_line++;
    split_result res;
    if (split_read_result(item->text, item->len, &res, why, sizeof why) != 0) {
        /* a worker that died mid-line, or noise: its item runs again */
        cli_error("spread: workers' output, line %ld: %s; its item will be searched again",
                  item->number, why);
        run->bad_lines++;
        return;
    }
    if (record(run, &res, "workers' output", item->number, 1) != 0)
        run->bad_lines++;
    if ((run->remaining == 0 && run->lowest_found != ULONG_MAX) || run->failed) {
        /* decided (or hopeless): the subtrees still running cannot change the answer */
        if (run->group > 0 && !run->stopped)
            kill(-run->group, SIGTERM);
        run->stopped = 1;
    }
}

static void on_output_refused(void *arg, cli_batch_io *io, const cli_batch_item *item,
                              const char *reason)
{
    (void)io;
    spread_run *run = arg;
    cli_error("spread: workers' output, line %ld: %s", item->number, reason);
    run->bad_lines++;
}

/* ------------------------------------------------------------ parallel */

/* Splits text at spaces into argv (pointers into text, which is changed); returns the count. */
static int split_words(char *text, char **argv, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(text, " \t", &save); w && n < max; w = strtok_r(NULL, " \t", &save))
        argv[n++] = w;
    return n;
}

/*
 * Workers the machines run at once, as far as the options tell: each
 * --sshlogin entry's N/ or else --jobs or else this machine's cores.  For
 * the defaults of --items and --per-job only.
 */
static unsigned long estimate_slots(const spread_config *cfg)
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

/* Non-zero when every machine of the --sshlogin list is ':' (this one). */
static int only_this_machine(const char *list)
{
    if (!list)
        return 1;
    for (const char *p = list; *p; p++)
        if (*p != ':' && *p != ',' && *p != ' ')
            return 0;
    return 1;
}

/* The items without a result, below the lowest answer, into a new unlinked file; its fd or -1. */
static int write_pending(spread_run *run, unsigned long *written)
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
    unsigned long end = run->lowest_found < count ? run->lowest_found : count;
    unsigned long *order = malloc((end ? end : 1) * sizeof *order);
    if (!order) {
        fclose(f);
        close(fd);
        return -1;
    }
    unsigned long n = 0;
    for (unsigned long i = 0; i < end; i++)
        if (!run->items[i].done)
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
    const split_search *search = &run->config->setup.search;
    for (unsigned long k = 0; k < n; k++) {
        unsigned long i = order[k];
        split_item item = {run->bound, i, count, run->split.prefix[i], strlen(run->split.prefix[i])};
        split_write_item(f, search, &item);
    }
    free(order);
    int ok = fflush(f) == 0 && !ferror(f);
    fclose(f);
    if (!ok || lseek(fd, 0, SEEK_SET) != 0) {
        cli_error("spread: cannot write the items' file: %s", strerror(errno));
        close(fd);
        return -1;
    }
    *written = n;
    return fd;
}

/*
 * Runs GNU parallel over the items in fd (closed here), reading its output
 * as it comes.  Returns 0, or -1 after a message when parallel could not run.
 */
static int run_parallel(spread_run *run, int items_fd, unsigned long pending)
{
    spread_config *cfg = run->config;
    char numbers[3][32];
    char *argv[96];
    int argc = 0;
    char *parallel_copy = strdup(cfg->parallel);
    char self[PATH_MAX];
    const char *worker = cfg->worker;
    if (!parallel_copy) {
        close(items_fd);
        cli_error("out of memory");
        return -1;
    }
    if (!worker) {
        ssize_t n = -1;
        if (only_this_machine(cfg->sshlogin))
            n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n > 0) {
            self[n] = '\0';
            worker = self;
        } else {
            worker = "slide";
        }
    }
    argc = split_words(parallel_copy, argv, 64);
    argv[argc++] = "--pipe";
    argv[argc++] = "-N";
    /* by default about 8 jobs a worker, so that uneven subtrees even out */
    unsigned long per_job = cfg->per_job;
    if (!per_job) {
        per_job = pending / (8 * estimate_slots(cfg));
        if (per_job < 1)
            per_job = 1;
    }
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
    if (cfg->sshlogin) {
        argv[argc++] = "-S";
        argv[argc++] = (char *)cfg->sshlogin;
    }
    char *command = malloc(strlen(worker) + 8);
    if (!command) {
        free(parallel_copy);
        close(items_fd);
        cli_error("out of memory");
        return -1;
    }
    snprintf(command, strlen(worker) + 8, "%s work", worker);
    argv[argc++] = command;
    argv[argc] = NULL;

    int out[2], report[2];
    if (pipe(out) != 0 || pipe(report) != 0) {
        cli_error("spread: cannot make a pipe: %s", strerror(errno));
        free(parallel_copy);
        free(command);
        close(items_fd);
        return -1;
    }
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        dup2(items_fd, 0);
        dup2(out[1], 1);
        close(items_fd);
        close(out[0]);
        close(out[1]);
        close(report[0]);
        execvp(argv[0], argv);
        int e = errno;
        if (write(report[1], &e, sizeof e) != (ssize_t)sizeof e)
            _exit(127);
        _exit(127);
    }
    close(items_fd);
    close(out[1]);
    close(report[1]);
    free(command);
    if (pid < 0) {
        cli_error("spread: cannot start %s: %s", argv[0], strerror(errno));
        free(parallel_copy);
        close(out[0]);
        close(report[0]);
        return -1;
    }
    setpgid(pid, pid);
    run->group = pid;
    running_group = pid;
    run->stopped = 0;
    int exec_errno = 0;
    ssize_t got = read(report[0], &exec_errno, sizeof exec_errno);
    close(report[0]);
    if (got == (ssize_t)sizeof exec_errno) {
        cli_error("spread: cannot run '%s': %s%s", argv[0], strerror(exec_errno),
                  exec_errno == ENOENT ? " (GNU parallel: Debian package parallel; or --parallel CMD)"
                                       : "");
        free(parallel_copy);
        close(out[0]);
        waitpid(pid, NULL, 0);
        run->group = 0;
        running_group = 0;
        return -1;
    }
    free(parallel_copy);
    cli_batch batch = {1, 0, run, on_output, on_output_refused};
    cli_batch_io io = {stdout, stderr, 0};
    int status = cli_batch_run(&batch, out[0], &io);
    close(out[0]);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    running_group = 0;
    run->group = 0;
    if (status == -1) {
        cli_error("out of memory");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ the search */

/* The item numbers still without a result, for a message: "3, 7, 9 and 2 more". */
static void describe_missing(const spread_run *run, char *buf, size_t size)
{
    size_t used = 0;
    int listed = 0;
    unsigned long more = 0;
    unsigned long end = run->lowest_found < run->split.count ? run->lowest_found
                                                             : (unsigned long)run->split.count;
    buf[0] = '\0';
    for (unsigned long i = 0; i < end; i++) {
        if (run->items[i].done)
            continue;
        if (listed < 8 && used < size) {
            used += (size_t)snprintf(buf + used, size - used, "%s%lu", listed ? ", " : "", i);
            listed++;
        } else {
            more++;
        }
    }
    if (more && used < size)
        snprintf(buf + used, size - used, " and %lu more", more);
}

/*
 * Searches the subtrees without a result here, in order, until the answer
 * is decided: for the small iterations, where starting parallel would cost
 * more than the search.  Returns 0, or -1 after a message.
 */
static int search_here(spread_run *run, unsigned long *searched)
{
    split_setup *setup = &run->config->setup;
    for (size_t i = 0; i < run->split.count && run->remaining > 0 && !run->failed; i++) {
        if (run->items[i].done)
            continue;
        slide_split_result res;
        slide_stats st = slide_stats_init();
        const char *prefix = run->split.prefix[i];
        int status = slide_split_search(&setup->search.start, &setup->search.goal, &setup->lib,
                                        run->bound, prefix, strlen(prefix), &res, &st);
        cli_progress_end(&setup->progress);
        if (status != SLIDE_OK) {
            split_setup_report(&st, status, "spread");
            return -1;
        }
        split_result r;
        split_result_of(&r, &setup->search, run->bound, (unsigned long)i, &res, &st);
        record(run, &r, "this process", 0, 1);
        slide_split_result_free(&res);
        (*searched)++;
    }
    return run->failed ? -1 : 0;
}

/*
 * Searches iteration run->bound (resumed: r's results first).  Returns 1
 * with the answer in run->items[run->lowest_found], 0 with run->bound the
 * next one, or -1 after a message.
 */
static int iterate(spread_run *run, resume_read *r)
{
    spread_config *cfg = run->config;
    split_setup *setup = &cfg->setup;
    double started = now_seconds();
    slide_stats st = slide_stats_init();
    int status = slide_split_iteration(&setup->search.start, &setup->search.goal, &setup->lib,
                                       run->bound, cfg->want, &run->split, &st);
    cli_progress_end(&setup->progress);
    if (status != SLIDE_OK) {
        split_setup_report(&st, status, "spread");
        return -1;
    }
    if (run->split.tables != setup->search.tables) {
        cli_error("spread: the tables changed during the search");
        return -1;
    }
    run->expanded += st.expanded;
    run->generated += st.generated;
    run->items = calloc(run->split.count ? run->split.count : 1, sizeof *run->items);
    if (!run->items) {
        cli_error("out of memory");
        return -1;
    }
    run->lowest_found = ULONG_MAX;
    count_remaining(run);
    if (r && r->have_head) {
        if (resume_apply(run, r) != 0)
            return -1;
        /* go on appending to the file as it is */
        run->journal = fopen(cfg->checkpoint, "a");
        if (!run->journal) {
            cli_error("spread: --checkpoint: cannot append to '%.200s': %s", cfg->checkpoint,
                      strerror(errno));
            return -1;
        }
    } else if (checkpoint_start(run) != 0) {
        return -1;
    }
    if (run->log)
        fprintf(run->log, "# bound=%u items=%zu walk-expanded=%llu walk-next=%u\n", run->bound,
                run->split.count, (unsigned long long)st.expanded, run->split.next_bound);
    unsigned long passes = 0, handed = 0, here = 0;
    if (run->previous < cfg->local && search_here(run, &here) != 0)
        return -1;
    while (run->remaining > 0 && !run->failed) {
        if (passes > cfg->retries) {
            char missing[200];
            describe_missing(run, missing, sizeof missing);
            cli_error("spread: bound %u: %lu subtree%s got no result after %lu passes (items %s); "
                      "the workers' messages above say why",
                      run->bound, run->remaining, run->remaining == 1 ? "" : "s", passes, missing);
            return -1;
        }
        unsigned long n = 0;
        int fd = write_pending(run, &n);
        if (fd < 0)
            return -1;
        handed += n;
        if (run_parallel(run, fd, n) != 0)
            return -1;
        passes++;
    }
    if (run->failed)
        return -1;
    unsigned long long expanded = 0, generated = 0;
    unsigned next = run->split.next_bound;
    for (size_t i = 0; i < run->split.count; i++) {
        const item_state *it = &run->items[i];
        if (!it->done)
            continue;
        expanded += it->expanded;
        generated += it->generated;
        if (!it->found && it->next < next)
            next = it->next;
    }
    run->expanded += expanded;
    run->generated += generated;
    run->previous = expanded + st.expanded;
    if (cfg->stats)
        fprintf(stderr,
                "slide: spread: bound %u: %zu subtrees, %lu searched here, %lu handed out in %lu "
                "pass%s, expanded %llu, %.3f s%s\n",
                run->bound, run->split.count, here, handed, passes, passes == 1 ? "" : "es",
                expanded + st.expanded, now_seconds() - started,
                run->lowest_found != ULONG_MAX ? ", answer" : "");
    if (run->lowest_found != ULONG_MAX)
        return 1;
    if (next == SLIDE_SPLIT_NO_BOUND) {
        cli_error("spread: bound %u: no node was cut and no answer found (%s)", run->bound,
                  slide_strerror(SLIDE_E_INTERNAL));
        return -1;
    }
    run->bound = next;
    run->iterations++;
    free_items(run);
    return 0;
}

static int read_spread_options(cli_scan *scan, spread_config *cfg, const char **goal_text)
{
    const char *value;
    int id;
    unsigned long long n;
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        int status = 0;
        switch (id) {
        case SCAN_ERROR: return EXIT_USAGE;
        case OPT_HELP: cli_help_spread(stdout); return -1;
        case OPT_GOAL: *goal_text = value; break;
        case OPT_SIZE: status = split_setup_option(&cfg->setup, "spread", 's', value); break;
        case OPT_HEURISTIC: status = split_setup_option(&cfg->setup, "spread", 'H', value); break;
        case OPT_MAX_MEMORY: status = split_setup_option(&cfg->setup, "spread", 'm', value); break;
        case OPT_SSHLOGIN: cfg->sshlogin = value; break;
        case OPT_CHECKPOINT: cfg->checkpoint = value; break;
        case OPT_WORKER: cfg->worker = value; break;
        case OPT_PARALLEL: cfg->parallel = value; break;
        case OPT_LOG: cfg->log_path = value; break;
        case OPT_STATS: cfg->stats = 1; break;
        case OPT_OUTPUT:
            if (strcmp(value, "moves") == 0 || strcmp(value, "steps") == 0) {
                cfg->steps = value[0] == 's';
            } else {
                cli_error("spread: --output: '%.60s' is not one of moves, steps", value);
                status = EXIT_USAGE;
            }
            break;
        case OPT_LOCAL:
            if (cli_parse_count(value, ~0ull, &cfg->local)) {
                cli_error("spread: --local: '%.60s' is not a number of nodes", value);
                status = EXIT_USAGE;
            }
            break;
        case OPT_JOBS:
        case OPT_ITEMS:
        case OPT_PER_JOB:
        case OPT_RETRIES:
        case OPT_SHUFFLE: {
            const char *name = id == OPT_JOBS      ? "--jobs"
                               : id == OPT_ITEMS   ? "--items"
                               : id == OPT_PER_JOB ? "--per-job"
                               : id == OPT_RETRIES ? "--retries"
                                                   : "--shuffle";
            unsigned long long max = id == OPT_SHUFFLE ? ~0ull : id == OPT_ITEMS ? 1u << 24 : 100000;
            if (cli_parse_count(value, max, &n) || (n == 0 && id != OPT_RETRIES && id != OPT_SHUFFLE)) {
                cli_error("spread: %s: '%.60s' is not a count from %d to %llu", name, value,
                          id == OPT_RETRIES || id == OPT_SHUFFLE ? 0 : 1, max);
                status = EXIT_USAGE;
            } else if (id == OPT_JOBS) {
                cfg->jobs = (unsigned long)n;
            } else if (id == OPT_ITEMS) {
                cfg->want = (unsigned long)n;
            } else if (id == OPT_PER_JOB) {
                cfg->per_job = (unsigned long)n;
            } else if (id == OPT_RETRIES) {
                cfg->retries = (unsigned long)n;
            } else {
                cfg->shuffle = 1;
                cfg->seed = n;
            }
            break;
        }
        default: return EXIT_USAGE;
        }
        if (status)
            return status;
    }
    return 0;
}

int cli_spread(int argc, char **argv)
{
    spread_config cfg;
    cli_scan scan;
    const char *goal_text = NULL;
    memset(&cfg, 0, sizeof cfg);
    split_setup_init(&cfg.setup);

    cfg.retries = 3;
    cfg.parallel = "parallel";
    cfg.local = 100000;
    if (cli_scan_init(&scan, argc, argv, 2, spread_options, "spread") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    int status = read_spread_options(&scan, &cfg, &goal_text);
    if (status == 0 && scan.positional_count != 1) {
        cli_error("spread: give one BOARD (%d given)", scan.positional_count);
        status = EXIT_USAGE;
    }
    if (status == 0)
        status = split_setup_search(&cfg.setup, "spread", scan.positional[0], goal_text);
    cli_scan_free(&scan);
    if (status == 0 && !cfg.want) {
        cfg.want = 64 * estimate_slots(&cfg);
        if (cfg.want < 1024)
            cfg.want = 1024;
    }
    if (status == 0 && cfg.setup.unsolvable) {
        puts(cfg.steps ? "-1" : "unsolvable");
        status = -1;
    }
    if (status != 0) {
        split_setup_free(&cfg.setup);
        return status < 0 ? 0 : status;
    }
    spread_run run;
    memset(&run, 0, sizeof run);
    run.config = &cfg;
    run.bound = cfg.setup.start_bound;
    run.lowest_found = ULONG_MAX;
    if (slide_board_equal(&cfg.setup.search.start, &cfg.setup.search.goal)) {
        puts(cfg.steps ? "0" : "");
        split_setup_free(&cfg.setup);
        return 0;
    }
    resume_read resume;
    int result = resume_read_file(&run, &resume);
    /* a resumed iteration may be a long one: it goes out */
    run.previous = resume.have_head ? ULLONG_MAX : 0;
    if (result == 0 && cfg.log_path) {
        run.log = fopen(cfg.log_path, "a");
        if (!run.log) {
            cli_error("spread: --log: cannot append to '%.200s': %s", cfg.log_path, strerror(errno));
            result = -1;
        }
    }
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    double started = now_seconds();
    int first = 1;
    while (result == 0) {
        result = iterate(&run, first ? &resume : NULL);
        first = 0;
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    resume_free(&resume);
    status = EXIT_FAILED_BOARD;
    if (result == 1) {
        const char *moves = run.items[run.lowest_found].moves;
        if (cfg.steps)
            printf("%zu\n", strlen(moves));
        else
            printf("%s\n", moves);
        status = 0;
        if (cfg.stats)
            fprintf(stderr,
                    "slide: stats: spread: heuristic %s, tables %016llx, bound %u after %lu "
                    "iterations, expanded %llu, generated %llu, %.3f s\n",
                    cfg.setup.search.heuristic, (unsigned long long)cfg.setup.search.tables,
                    run.bound, run.iterations + 1, run.expanded, run.generated,
                    now_seconds() - started);
    }
    free_items(&run);
    if (run.journal)
        fclose(run.journal);
    if (run.log)
        fclose(run.log);
    split_setup_free(&cfg.setup);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (errno != EPIPE)
            cli_error("error writing output: %s", strerror(errno ? errno : EIO));
        return EXIT_FAILED_BOARD;
    }
    return status;
}
