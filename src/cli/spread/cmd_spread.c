/*
 * cmd_spread.c - `slide spread`: one optimal IDA* search on many machines.
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
 * Running GNU parallel is parallel.c's, the --checkpoint file
 * checkpoint.c's (spread_internal.h).
 */
#include "cli/commands.h"
#include "cli/spread/spread_internal.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The longest a result appended to the checkpoint waits for its fsync (sync_journal). */
#define SPREAD_SYNC_SECONDS 1.0

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
    OPT_TWICE,
    OPT_TWICE_SHARE,
    OPT_TIMEOUT,
    OPT_HELP
};

/* clang-format off */
static const cli_option spread_options[] = {
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_SIZE(OPT_SIZE),
    {"heuristic", 'H', OPT_HEURISTIC, "NAME", "manhattan, linear or pdb (default: pdb above 9 cells)"},
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    {"sshlogin", 'S', OPT_SSHLOGIN, "LIST",
     "machines, as parallel's --sshlogin (default ':', this\n"
     "one): host1,host2,: or 8/user@host ..."},
    {"jobs", 'j', OPT_JOBS, "N", "workers a machine (parallel's -j; default its cores)"},
    {"items", 0, OPT_ITEMS, "N", "subtrees an iteration is cut into, at least (default:\n"
                                 "64 a worker, at least 1024; at most 262144)"},
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
    {"timeout", 0, OPT_TIMEOUT, "SECONDS", "a subtree's time limit: a job of K subtrees is\n"
                                           "stopped after K x SECONDS and run again (default none)"},
    {"twice", 0, OPT_TWICE, NULL, "search each subtree in two jobs (a checkpoint's result\n"
                                  "and one job; on two machines when -S names several)\n"
                                  "and stop if they disagree"},
    {"twice-share", 0, OPT_TWICE_SHARE, "PERCENT", "--twice for PERCENT of the subtrees only, chosen by\n"
                                                   "--shuffle's seed (default 0) and the bound"},
    {"output", 'o', OPT_OUTPUT, "FMT", "moves (default) or steps"},
    CLI_OPTION_HELP(OPT_HELP),
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

/* --------------------------------------------------------------- results */

/* The items without a result below the lowest answer, into run->remaining. */
static void count_remaining(spread_run *run)
{
    unsigned long end = spread_items_end(run);
    run->remaining = 0;
    for (unsigned long i = 0; i < end; i++)
        if (!run->items[i].done)
            run->remaining++;
}

/*
 * Whether a found result's moves are an answer of the bound's length: a
 * line's checksum proves only that it arrived whole, not that the worker
 * (another build, another machine) searched right.
 */
static int answer_reaches_goal(const split_identity *search, unsigned bound,
                               const split_result *res, int shorter)
{
    size_t failed_at;
    int reached = 0;
    return (res->moves_len == bound || (shorter && res->moves_len < bound)) &&
           slide_replay(&search->start, &search->goal, res->moves, res->moves_len, &failed_at,
                        &reached) == SLIDE_OK &&
           reached;
}

/*
 * Syncs the checkpoint's appended results to disk when the last sync was
 * SPREAD_SYNC_SECONDS ago or more, or always with force.  A line written
 * (fflush) survives the driver's own death at once; one not yet synced is
 * lost only with the machine (a power cut), and its item is searched again
 * after the restart: at most the last SPREAD_SYNC_SECONDS of results.
 */
static void sync_journal(spread_run *run, int force)
{
    double now = now_seconds();
    if (!run->journal || (!force && now - run->synced < SPREAD_SYNC_SECONDS))
        return;
    run->synced = now;
    if (fsync(fileno(run->journal)) != 0 && errno != EINVAL) {
        cli_error("spread: --checkpoint: cannot sync '%.200s': %s", run->config->checkpoint,
                  strerror(errno));
        run->failed = 1;
    }
}

/* Appends a result to the checkpoint and the log. */
static void journal_result(spread_run *run, const split_result *res)
{
    if (run->journal && (split_write_result(run->journal, res) != 0 || fflush(run->journal) != 0)) {
        cli_error("spread: --checkpoint: cannot append to '%.200s': %s", run->config->checkpoint,
                  strerror(errno));
        run->failed = 1;
    }
    sync_journal(run, 0);
    if (run->log) {
        split_write_result(run->log, res);
        fflush(run->log);
    }
}

/*
 * Where results come from, in words: "workers' output", "host2's output"
 * (host: 1 + its index in run->hosts, 0 unknown), "--checkpoint 'FILE'".
 */
static void source_name(const spread_run *run, int from, unsigned short host, char *buf,
                        size_t size)
{
    if (from == FROM_CHECKPOINT)
        snprintf(buf, size, "--checkpoint '%.200s'", run->config->checkpoint);
    else if (from == FROM_WORKERS && host)
        snprintf(buf, size, "%.200s's output", run->hosts[host - 1].name);
    else
        snprintf(buf, size, "%s", from == FROM_HERE ? "this process" : "workers' output");
}

/* Whether a result says what an earlier one for its item said. */
static int same_result(const item_state *it, const split_result *res)
{
    return it->found == res->found && it->expanded == res->expanded &&
           it->generated == res->generated &&
           (res->found ? strlen(it->moves) == res->moves_len &&
                             memcmp(it->moves, res->moves, res->moves_len) == 0
                       : it->next == res->next);
}

/*
 * Whether a result could be one of this iteration's, as far as the driver
 * can tell without searching: an answer of the bound's length that takes
 * the board to the goal (replayed), or else a next bound above this one.
 * 0, or -1 after a message.
 */
static int plausible(const spread_run *run, const split_result *res, const char *where, long line)
{
    const split_identity *search = &run->config->setup.search;
    if (res->found && !answer_reaches_goal(search, run->bound, res, run->verifying)) {
        cli_error(
            "spread: %s, line %ld: item %lu of bound %u claims an answer that is not %u moves "
            "from the board to the goal: machines with another slide?",
            where, line, res->index, run->bound, run->bound);
        return -1;
    }
    if (!res->found && res->next != SLIDE_SPLIT_NO_BOUND && res->next <= run->bound) {
        cli_error("spread: %s, line %ld: item %lu of bound %u: a malformed result, next=%u is "
                  "not above the bound (a subtree searched within bound %u cuts only nodes "
                  "above it): machines with another slide?",
                  where, line, res->index, run->bound, res->next, run->bound);
        return -1;
    }
    return 0;
}

/*
 * Takes one result (read from from, line): checked against the search,
 * the bound and the item it names, and against an earlier result for the
 * same item.  A result that does not belong is reported and dropped (its
 * item runs again); a result that cannot be this iteration's, or two that
 * disagree, stop the search.  An item is done at its first result, or its
 * second with --twice (from another host than the first, when both are
 * known).  host: where it came from (1 + its index in run->hosts, 0
 * unknown).  journal: append it to the checkpoint and the log.
 * Returns 0, or -1 after a message when the line does not belong.
 */
static int record(spread_run *run, const split_result *res, spread_source from, unsigned short host,
                  long line, int journal)
{
    const split_identity *search = &run->config->setup.search;
    char where[300];
    source_name(run, from, host, where, sizeof where);
    if (res->search != search->id) {
        cli_error("spread: %s, line %ld: a result of search %016llx, not of this one (%016llx)",
                  where, line, (unsigned long long)res->search, (unsigned long long)search->id);
        return -1;
    }
    if (res->bound != run->bound) {
        cli_error("spread: %s, line %ld: a result for bound %u, not the bound searched, %u", where,
                  line, res->bound, run->bound);
        return -1;
    }
    if (res->index >= run->split.count) {
        cli_error("spread: %s, line %ld: a result for item %lu; bound %u has %zu", where, line,
                  res->index, run->bound, run->split.count);
        return -1;
    }
    if (plausible(run, res, where, line) != 0) {
        run->failed = 1;
        return 0;
    }
    item_state *it = &run->items[res->index];
    if (host)
        run->hosts[host - 1].results++;
    if (it->seen) {
        if (!same_result(it, res)) {
            if (run->disagreed++ == 0) {
                char first[300];
                source_name(run, it->from, it->host, first, sizeof first);
                cli_error("spread: item %lu of bound %u has two different results, %s line %ld "
                          "and %s line %ld: machines with another slide or other tables?",
                          res->index, run->bound, first, it->line, where, line);
            }
            run->failed = 1;
            return 0;
        }
        if (it->done || (host && host == it->host && run->machine_count >= 2))
            return 0; /* a second result from the same host checks nothing */
        if (journal)
            journal_result(run, res);
        if (++it->seen < 2)
            return 0;
    } else {
        if (res->found) {
            it->moves = malloc(res->moves_len + 1);
            if (!it->moves) {
                cli_error("out of memory");
                run->failed = 1;
                return 0;
            }
            memcpy(it->moves, res->moves, res->moves_len);
            it->moves[res->moves_len] = '\0';
        }
        if (journal)
            journal_result(run, res);
        it->seen = 1;
        it->from = (unsigned char)from;
        it->host = host;
        it->line = line;
        it->found = (unsigned char)res->found;
        it->next = res->next;
        it->expanded = res->expanded;
        it->generated = res->generated;
        if (spread_twice_wanted(run, res->index))
            return 0;
    }
    it->done = 1;
    if (res->index < run->lowest_found) {
        if (res->found) {
            /* a lower answer: the items from it up no longer count */
            run->lowest_found = res->index;
            count_remaining(run);
        } else {
            run->remaining--;
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
    split_result res;
    /* "HOST<tab>" first: the machine it ran on (`slide work --tag`) */
    const char *text = item->text;
    size_t len = item->len;
    const char *tab = memchr(text, '\t', len);
    unsigned short host = 0;
    if (tab) {
        host = spread_host_of(run, text, (size_t)(tab - text));
        len -= (size_t)(tab + 1 - text);
        text = tab + 1;
    }
    if (split_read_result(text, len, &res, why, sizeof why) != 0) {
        /* a worker that died mid-line, or noise: its item runs again */
        cli_error("spread: workers' output, line %ld: %s; its item will be searched again",
                  item->number, why);
        return;
    }
    record(run, &res, FROM_WORKERS, host, item->number, 1);
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
    (void)arg;
    cli_error("spread: workers' output, line %ld: %s", item->number, reason);
}

/* ------------------------------------------------------------ the search */

/* The item numbers still without a result, for a message: "3, 7, 9 and 2 more". */
static void describe_missing(const spread_run *run, char *buf, size_t size)
{
    size_t used = 0;
    int listed = 0;
    unsigned long more = 0;
    unsigned long end = spread_items_end(run);
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
        record(run, &r, FROM_HERE, 0, 0, 1);
        slide_split_result_free(&res);
        (*searched)++;
    }
    return run->failed ? -1 : 0;
}

/* Records the results read from the checkpoint (the bound is split).  0, or -1 after a message. */
static int resume_apply(spread_run *run, const spread_resume *r)
{
    for (size_t i = 0; i < r->count; i++)
        if (record(run, &r->results[i].res, FROM_CHECKPOINT, 0, r->results[i].number, 0) != 0 ||
            run->failed)
            return -1;
    return 0;
}

/* Hands out the items pass selects to the machines of sshlogin; *handed counts them. */
static int hand_out_pass(spread_run *run, const spread_pass *pass, const char *sshlogin,
                         const cli_batch *reader, unsigned long *handed)
{
    unsigned long n = 0;
    int fd = spread_write_pending(run, pass, &n);
    if (fd < 0)
        return -1;
    if (n == 0) {
        close(fd);
        return 0;
    }
    *handed += n;
    return spread_run_parallel(run, fd, n, sshlogin, reader);
}

/*
 * One pass over the items without a result.  --twice on two machines or
 * more: the first copies go anywhere, then the second copies of the items
 * whose first came from host H go to the machines but H, so that no host
 * checks itself.  Returns 0, or -1 after a message.
 */
static int hand_out(spread_run *run, const cli_batch *reader, unsigned long *handed)
{
    const spread_config *cfg = run->config;
    if (!cfg->twice || run->machine_count < 2) {
        const spread_pass all = {3, 0, 0};
        return hand_out_pass(run, &all, cfg->sshlogin, reader, handed);
    }
    const spread_pass first = {1, 0, 0};
    if (hand_out_pass(run, &first, cfg->sshlogin, reader, handed) != 0)
        return -1;
    for (size_t h = 0; h <= run->host_count && run->remaining > 0 && !run->failed; h++) {
        /* h == host_count: the items whose first result came from here or the checkpoint */
        const spread_pass second = {2, 1, h < run->host_count ? (unsigned short)(h + 1) : 0};
        char *others = spread_machines_but(run, h < run->host_count ? run->hosts[h].name : NULL);
        if (!others) {
            cli_error("out of memory");
            return -1;
        }
        int status = hand_out_pass(run, &second, others, reader, handed);
        free(others);
        if (status != 0)
            return -1;
    }
    return 0;
}

/*
 * Searches iteration run->bound (resumed: r's results first).  Returns 1
 * with the answer in run->items[run->lowest_found], 0 with run->bound the
 * next one, or -1 after a message.
 */
static int iterate(spread_run *run, const spread_resume *r)
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
    if (!(r && r->have_head)) {
        /* a resumed file's counts hold this bound's walk already */
        run->expanded += st.expanded;
        run->generated += st.generated;
    }
    run->items = calloc(run->split.count ? run->split.count : 1, sizeof *run->items);
    if (!run->items) {
        cli_error("out of memory");
        return -1;
    }
    run->lowest_found = ULONG_MAX;
    run->disagreed = 0;
    count_remaining(run);
    if (r && r->have_head) {
        /* then go on appending to the file (written anew without a cut-off last line) */
        if (resume_apply(run, r) != 0 ||
            (r->bad_line || r->unterminated ? spread_checkpoint_rewrite(run, r)
                                            : spread_checkpoint_append(run)) != 0)
            return -1;
    } else if (spread_checkpoint_start(run) != 0) {
        return -1;
    }
    if (run->log)
        fprintf(run->log, "# bound=%u items=%zu walk-expanded=%llu walk-next=%u\n", run->bound,
                run->split.count, (unsigned long long)st.expanded, run->split.next_bound);
    unsigned long passes = 0, handed = 0, here = 0;
    const cli_batch reader = {1, 0, run, on_output, on_output_refused};
    if (run->previous < cfg->local && search_here(run, &here) != 0)
        return -1;
    while (run->remaining > 0 && !run->failed) {
        if (passes > cfg->retries) {
            char missing[200];
            describe_missing(run, missing, sizeof missing);
            cli_error("spread: bound %u: %lu subtree%s got no result after %lu pass%s (items %s); "
                      "the workers' messages above say why, if they printed any (a worker "
                      "that exits without a word, or a --worker that is not slide, prints none)",
                      run->bound, run->remaining, run->remaining == 1 ? "" : "s", passes,
                      passes == 1 ? "" : "es", missing);
            return -1;
        }
        if (hand_out(run, &reader, &handed) != 0)
            return -1;
        passes++;
    }
    sync_journal(run, 1);
    if (run->disagreed > 1)
        cli_error("spread: bound %u: %lu more items had two different results", run->bound,
                  run->disagreed - 1);
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
    char by_host[400];
    spread_hosts_describe(run, 0, by_host, sizeof by_host);
    for (size_t h = 0; h < run->host_count; h++) {
        run->hosts[h].total += run->hosts[h].results;
        run->hosts[h].results = 0;
    }
    if (cfg->stats)
        fprintf(stderr,
                "slide: spread: bound %u: %zu subtrees, %lu searched here, %lu handed out in %lu "
                "pass%s, expanded %llu, %.3f s%s%s%s\n",
                run->bound, run->split.count, here, handed, passes, passes == 1 ? "" : "es",
                expanded + st.expanded, now_seconds() - started,
                run->lowest_found != ULONG_MAX ? ", answer" : "", by_host[0] ? "; results: " : "",
                by_host);
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

/*
 * --twice on a resumed checkpoint: its bound B is checked as the driver
 * would reach it, by searching bound B - 1 (without the file): no answer,
 * and B the next bound.  That costs about what the iteration before B did,
 * and catches a head edited and sealed again.  Returns 0, or -1 after a
 * message.
 */
static int verify_resumed_bound(spread_run *run)
{
    spread_config *cfg = run->config;
    unsigned bound = run->bound;
    if (!cfg->twice || bound <= cfg->setup.start_bound)
        return 0;
    /* nothing of the search is held yet (no items, no file open): all of it comes back after */
    const spread_run before = *run;
    const char *checkpoint = cfg->checkpoint;
    cfg->checkpoint = NULL;
    run->log = NULL;
    run->verifying = 1;
    run->bound = bound - 1;
    int result = iterate(run, NULL);
    unsigned next = run->bound;
    size_t shorter = result == 1 ? strlen(run->items[run->lowest_found].moves) : 0;
    free_items(run);
    *run = before;
    cfg->checkpoint = checkpoint;
    if (result < 0)
        return -1;
    if (result == 1 || next != bound) {
        char found[64];
        if (result == 1)
            snprintf(found, sizeof found, "an answer of %zu moves", shorter);
        else
            snprintf(found, sizeof found, "the next bound %u", next);
        cli_error("spread: --checkpoint '%.200s', line 1: bound=%u is not the bound this search "
                  "reaches: searched again (--twice), bound %u gives %s; the file was edited, "
                  "remove it to start again",
                  checkpoint, bound, bound - 1, found);
        return -1;
    }
    return 0;
}

/*
 * A text option's value into *slot, or EXIT_USAGE when it is empty or blank:
 * an unset variable in a script (--worker "$W") must not mean the default.
 */
static int take_text(const char *option, const char *what, const char *value, const char **slot)
{
    *slot = value;
    if (value[strspn(value, " \t")] != '\0')
        return 0;
    cli_error("spread: %s: the %s is empty", option, what);
    return EXIT_USAGE;
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
        case OPT_SSHLOGIN:
            status = take_text("--sshlogin", "list of machines", value, &cfg->sshlogin);
            break;
        case OPT_CHECKPOINT:
            status = take_text("--checkpoint", "file name", value, &cfg->checkpoint);
            break;
        case OPT_WORKER: status = take_text("--worker", "command", value, &cfg->worker); break;
        case OPT_PARALLEL:
            status = take_text("--parallel", "command", value, &cfg->parallel);
            break;
        case OPT_LOG: status = take_text("--log", "file name", value, &cfg->log_path); break;
        case OPT_STATS: cfg->stats = 1; break;
        case OPT_TWICE: cfg->twice = 1; break;
        case OPT_TWICE_SHARE:
            if (cli_parse_count(value, 100, &n) || n == 0) {
                cli_error("spread: --twice-share: '%.60s' is not a percentage from 1 to 100",
                          value);
                status = EXIT_USAGE;
            }
            cfg->twice = 1;
            cfg->twice_share = (unsigned)n;
            break;
        case OPT_OUTPUT: {
            static const char *const formats[] = {"moves", "steps"};
            int format = cli_parse_choice("spread: --output", value, NULL, formats, 2);
            if (format < 0)
                status = EXIT_USAGE;
            cfg->steps = format == 1;
            break;
        }
        case OPT_TIMEOUT:
            if (cli_parse_count(value, 31536000, &n) || n == 0) {
                cli_error("spread: --timeout: '%.60s' is not a number of seconds from 1 to "
                          "31536000",
                          value);
                status = EXIT_USAGE;
            }
            cfg->timeout = (unsigned long)n;
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
            unsigned long long max = id == OPT_SHUFFLE ? ~0ull
                                     : id == OPT_ITEMS ? SPLIT_MAX_ITEMS
                                                       : 100000;
            if (cli_parse_count(value, max, &n) ||
                (n == 0 && id != OPT_RETRIES && id != OPT_SHUFFLE)) {
                cli_error("spread: %s: '%.60s' is not a %s from %d to %llu", name, value,
                          id == OPT_SHUFFLE ? "seed" : "count",
                          id == OPT_RETRIES || id == OPT_SHUFFLE ? 0 : 1, max);
                status = EXIT_USAGE;
            } else if (id == OPT_JOBS) {
                cfg->jobs = (unsigned long)n;
            } else if (id == OPT_ITEMS) {
                cfg->want = (unsigned long)n;
                cfg->want_given = 1;
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
    cfg.twice_share = 100;
    cfg.parallel = "parallel";
    cfg.local = 100000;
    if (cli_scan_init(&scan, argc, argv, 2, spread_options, "spread") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    scan.aliases = split_near_optimal_aliases;
    int status = read_spread_options(&scan, &cfg, &goal_text);
    if (status == 0 && scan.positional_count != 1) {
        cli_error("spread: give one BOARD (%d given)", scan.positional_count);
        status = EXIT_USAGE;
    }
    if (status == 0)
        status = split_setup_search(&cfg.setup, "spread", scan.positional[0], goal_text);
    cli_scan_free(&scan);
    if (status == 0 && !cfg.want) {
        cfg.want = 64 * spread_estimate_slots(&cfg);
        if (cfg.want < 1024)
            cfg.want = 1024;
        if (cfg.want > SPLIT_MAX_ITEMS)
            cfg.want = SPLIT_MAX_ITEMS;
    }
    if (status == 0 && cfg.setup.unsolvable) {
        puts(cfg.steps ? "-1" : "unsolvable");
        status = -1;
    }
    if (status != 0) {
        split_setup_free(&cfg.setup);
        return status < 0 ? EXIT_DONE : status;
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
    spread_resume resume;
    int result = spread_resume_read(&run, &resume);
    /* a resumed iteration may be a long one: it goes out */
    run.previous = resume.have_head ? ULLONG_MAX : 0;
    if (result == 0 && cfg.log_path) {
        run.log = fopen(cfg.log_path, "a");
        if (!run.log) {
            cli_error("spread: --log: cannot append to '%.200s': %s", cfg.log_path,
                      strerror(errno));
            result = -1;
        }
    }
    /* SIGHUP (the terminal or ssh session gone) as SIGTERM, unless ignored (nohup) */
    struct sigaction sa, old_int, old_term, old_hup;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = spread_on_signal;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, NULL, &old_hup);
    if (old_hup.sa_handler != SIG_IGN)
        sigaction(SIGHUP, &sa, NULL);
    double started = now_seconds();
    int first = 1;
    if (result == 0)
        result = spread_check_machines(&run);
    if (result == 0 && resume.have_head)
        result = verify_resumed_bound(&run);
    while (result == 0) {
        result = iterate(&run, first ? &resume : NULL);
        first = 0;
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    spread_resume_free(&resume);
    status = EXIT_FAILED_BOARD;
    if (result == 1) {
        const char *moves = run.items[run.lowest_found].moves;
        if (cfg.steps)
            printf("%zu\n", strlen(moves));
        else
            printf("%s\n", moves);
        status = 0;
        char by_host[400];
        spread_hosts_describe(&run, 1, by_host, sizeof by_host);
        if (cfg.stats)
            fprintf(stderr,
                    "slide: stats: spread: heuristic %s, tables %016llx, bound %u after %lu "
                    "iterations, expanded %llu, generated %llu, %.3f s%s%s\n",
                    cfg.setup.search.heuristic, (unsigned long long)cfg.setup.search.tables,
                    run.bound, run.iterations + 1, run.expanded, run.generated,
                    now_seconds() - started, by_host[0] ? "; results: " : "", by_host);
    }
    free_items(&run);
    spread_machines_free(&run);
    if (run.journal)
        fclose(run.journal);
    if (run.log)
        fclose(run.log);
    split_setup_free(&cfg.setup);
    return status;
}
