/*
 * spread_internal.h - what the files of `slide spread` share: cmd_spread.c
 * the driver, checkpoint.c its --checkpoint file, parallel.c GNU parallel
 * and the items handed to it.  Nothing outside src/cli/spread/ includes it.
 */
#ifndef SLIDE_SPREAD_INTERNAL_H
#define SLIDE_SPREAD_INTERNAL_H

#include "cli/batch/batch.h"
#include "cli/spread/items.h"

#include <sys/types.h>

/* What one subtree of the iteration has given. */
typedef struct item_state {
    unsigned char done;
    unsigned char found;
    unsigned char seen;  /* results taken for it (--twice: two before it is done) */
    unsigned char from;  /* where the first came from: a spread_source */
    unsigned short host; /* and the machine: 1 + its index in spread_run.hosts, 0 unknown */
    long line;           /* and its line there */
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
    int want_given; /* --items was given (else want is the default) */
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
    unsigned long timeout; /* --timeout: seconds a subtree, 0 none */
    int twice;             /* --twice: each subtree searched by two jobs, which must agree */
    unsigned twice_share;  /* the percentage of subtrees --twice searches twice (100) */
} spread_config;

/* One machine of --sshlogin: its entry, and the name parallel tags its output with. */
typedef struct spread_machine {
    char *entry; /* "8/host1" */
    char *name;  /* "host1" */
} spread_machine;

/* A machine results came from, by the name its jobs were told (`slide work --tag`). */
typedef struct spread_host {
    char *name;
    unsigned long results; /* taken, this bound */
    unsigned long total;   /* taken, every bound */
} spread_host;

/* Which items a pass hands out (spread_write_pending). */
typedef struct spread_pass {
    int copies;          /* 1: first copies only; 2: second copies only; 3: both */
    int by_host;         /* only the items whose first result came from host */
    unsigned short host; /* 1 + an index in spread_run.hosts, 0 unknown */
} spread_pass;

/* Where a result came from, for the messages. */
typedef enum spread_source { FROM_WORKERS, FROM_HERE, FROM_CHECKPOINT } spread_source;

/* One search's driver. */
typedef struct spread_run {
    spread_config *config;
    unsigned bound;
    unsigned long iterations;    /* finished before this bound */
    unsigned long long expanded; /* every finished bound's nodes, and the walks */
    unsigned long long generated;
    slide_split split;          /* the iteration's subtrees */
    item_state *items;          /* split.count of them */
    unsigned long lowest_found; /* ULONG_MAX: none yet */
    unsigned long remaining;    /* items below lowest_found without a result */
    FILE *journal;              /* the checkpoint, open to append results; or NULL */
    FILE *log;
    int failed;                  /* a fatal problem was reported */
    pid_t group;                 /* parallel's process group while it runs, else 0 */
    int stopped;                 /* parallel was told to stop: the answer is decided */
    unsigned long long previous; /* nodes of the iteration before; ULLONG_MAX: unknown */
    unsigned long disagreed;     /* items with two different results, this bound */
    unsigned long first_copies;  /* --twice: the item lines before the second copies */
    int verifying;               /* the bound below a resumed one: shorter answers count */
    spread_machine *machines;    /* --sshlogin's entries, after spread_check_machines */
    size_t machine_count;
    char *machine_list; /* the entries left, joined: config->sshlogin from then on */
    spread_host *hosts; /* the machines results came from */
    size_t host_count;
    double synced; /* when the checkpoint was last synced (now_seconds) */
} spread_run;

/* Whether --twice searches item index of this bound twice (a share of them, chosen by seed). */
int spread_twice_wanted(const spread_run *run, unsigned long index);

/* Where the items that can still change the answer end: at the lowest answer, or all. */
static inline unsigned long spread_items_end(const spread_run *run)
{
    return run->lowest_found < run->split.count ? run->lowest_found
                                                : (unsigned long)run->split.count;
}

/* ---- the checkpoint (checkpoint.c) ---- */

/* A result read back from the checkpoint, kept until its bound is split. */
typedef struct resumed_result {
    split_result res; /* res.moves is moves */
    char *moves;      /* found: a copy of the moves (owned), else NULL */
    long number;      /* its line in the file */
} resumed_result;

/* What a checkpoint file held. */
typedef struct spread_resume {
    const char *path;
    int have_head; /* there was a file, and head is its first line */
    split_checkpoint head;
    resumed_result *results; /* the results after the head, count of them */
    size_t count, cap;
    int failed;
    long bad_line; /* the first line that did not read, 0: none */
    char bad_why[CLI_MESSAGE_SIZE];
    int unterminated; /* the file does not end in "\n" (a crash before the last one) */
} spread_resume;

/*
 * Starts the checkpoint of a new bound: the head line alone, written to
 * FILE.tmp, synced and renamed over FILE, then FILE opened to append
 * results (run->journal).  Returns 0 (nothing to do without --checkpoint),
 * or -1 after a message.
 */
int spread_checkpoint_start(spread_run *run);
/* Opens the checkpoint as it is to append results (run->journal): 0, or -1 after a message. */
int spread_checkpoint_append(spread_run *run);
/*
 * As spread_checkpoint_start, the head followed by the results r read:
 * for a file whose last line a crash cut short, so that what comes next
 * is not appended to the piece.
 */
int spread_checkpoint_rewrite(spread_run *run, const spread_resume *r);
/*
 * Reads the checkpoint, when there is one: run->bound and the counts of
 * the bounds before, and in *r the results to record once the bound is
 * split.  Returns 0 (r->have_head says whether there was a file), or -1
 * after a message; spread_resume_free(r) either way.
 */
int spread_resume_read(spread_run *run, spread_resume *r);
void spread_resume_free(spread_resume *r);

/* ---- GNU parallel (parallel.c) ---- */

/*
 * Workers the machines run at once, as far as the options tell: each
 * --sshlogin entry's N/ or else --jobs or else this machine's cores.  For
 * the defaults of --items and --per-job only.
 */
unsigned long spread_estimate_slots(const spread_config *cfg);
/*
 * The items without a result, below the lowest answer, that pass hands
 * out, into a new unlinked file, *written of them: its fd, or -1 (after a
 * message when one helps).
 */
int spread_write_pending(spread_run *run, const spread_pass *pass, unsigned long *written);
/*
 * Runs GNU parallel over the items in items_fd (closed here) on the
 * machines of sshlogin (NULL: this one), its output read as it comes by
 * reader (arg: the run's).  Returns 0, or -1 after a message when parallel
 * could not run.
 */
int spread_run_parallel(spread_run *run, int items_fd, unsigned long pending, const char *sshlogin,
                        const cli_batch *reader);
/*
 * Before the first item goes out to other machines: asks each machine of
 * --sshlogin for its slide's version and its tables' fingerprint for this
 * search (`slide work --probe`), and leaves out, each named in one line,
 * those without slide, with another version or other tables.  Fills
 * run->machines with the rest.  Returns 0, or -1 after a message when
 * none is left.
 */
int spread_check_machines(spread_run *run);
/*
 * The --sshlogin list without the machine named name (NULL: all of them),
 * in new memory; NULL when nothing is left or out of memory.
 */
char *spread_machines_but(const spread_run *run, const char *name);
void spread_machines_free(spread_run *run);
/* The host named name (len bytes), 1 + its index in run->hosts (added if new); 0 out of memory. */
unsigned short spread_host_of(spread_run *run, const char *name, size_t len);
/* "host1 410, host2 377" (each host's results this bound, or in all), for --stats. */
void spread_hosts_describe(const spread_run *run, int total, char *buf, size_t size);
/* Splits text at spaces into argv (pointers into text, which is changed); returns the count. */
int spread_split_words(char *text, char **argv, int max);
/* Non-zero when every machine of the --sshlogin list is ':' or 'N/:' (this one), or it is NULL. */
int spread_only_this_machine(const char *list);
/*
 * Starts argv (GNU parallel) in a process group of its own, stdin from
 * in_fd (closed here), stdout into a pipe: *out its reading end.  Returns
 * its pid, or -1 after a message.
 */
pid_t spread_start_parallel(char **argv, int in_fd, int *out);
/* Waits for pid to end. */
void spread_wait(pid_t pid);
/* SIGINT and SIGTERM while the search runs: parallel's jobs end too, then the driver by sig. */
void spread_on_signal(int sig);

#endif /* SLIDE_SPREAD_INTERNAL_H */
