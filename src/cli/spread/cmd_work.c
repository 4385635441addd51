/*
 * cmd_work.c - `slide work`: searches the work items of a split search read
 * from stdin (items.h), one result line each, written as soon as it is
 * known.  Stateless: an item names its boards, options and the tables it
 * was cut with, so any machine with slide and the same tables can take
 * any item, in any order, as often as GNU parallel retries it.
 */
#include "cli/commands.h"
#include "cli/batch/batch.h"
#include "cli/spread/items.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_TAG = 1, OPT_PROBE, OPT_HELP };

static const cli_option work_options[] = {
    {"tag", 0, OPT_TAG, "NAME",
     "write NAME and a tab before each result (slide spread:\n"
     "the machine's name, for its counts and messages)"},
    {"probe", 0, OPT_PROBE, "ITEM",
     "search nothing: write this machine's version and its\n"
     "tables' fingerprint for ITEM's search, one line"},
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};

void cli_help_work(FILE *f)
{
    fputs("usage: slide work < ITEMS\n"
          "\n"
          "Searches each work item of stdin (the lines `slide split` and `slide spread`\n"
          "write) and prints one result line for it as soon as it is done: whether its\n"
          "subtree holds an answer, else the next bound, and the nodes it took. Items may\n"
          "come in any order and any number of times. An item cut with other pattern\n"
          "databases than this machine's, or a line cut short or changed, is refused\n"
          "with a message naming its line. Run by GNU parallel on each machine:\n"
          "  slide split BOARD | parallel --pipe -N 16 -S host1,host2 slide work\n"
          "\n",
          f);
    cli_help_options(f, work_options, NULL);
    fputs("\n"
          "Exit status: 0 every item searched, 1 some item refused or failed, 2 usage\n"
          "error.\n",
          f);
}

/* The run: the search the last items belonged to, its context and verdict. */
typedef struct work_run {
    cli_progress_state *progress;
    int have;              /* search is set */
    split_identity search; /* of the items before */
    slide_context *context;
    int status;      /* of slide_split_begin for it */
    uint64_t tables; /* this machine's fingerprint for it */
    char note[CLI_MESSAGE_SIZE];
    const char *tag; /* --tag, or NULL */
} work_run;

static void forget(work_run *run)
{
    if (run->have)
        split_identity_free(&run->search);
    slide_context_free(run->context);
    run->context = NULL;
    run->have = 0;
}

/* The options of run's search: its identity's, with the run's context and progress. */
static slide_solve_options search_options(const work_run *run)
{
    slide_solve_options opt = slide_solve_options_init();
    opt.context = run->context;
    opt.progress = cli_progress;
    opt.progress_ctx = run->progress;
    split_identity_options(&run->search, &opt);
    return opt;
}

/* Makes run ready for search (owned by run from now on). */
static void adopt(work_run *run, split_identity *search)
{
    if (run->have && run->search.id == search->id) {
        split_identity_free(search);
        return;
    }
    forget(run);
    run->search = *search;
    run->have = 1;
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = search->max_memory;
    run->status = slide_context_create(&run->context, &copt);
    if (run->status != SLIDE_OK)
        return;
    slide_solve_options opt = search_options(run);
    slide_split first;
    slide_stats st = slide_stats_init();
    /*
     * The tables' plan first, which costs nothing: tables of another plan
     * are refused before minutes are spent building (or mapping) them.
     */
    uint64_t planned;
    if (slide_split_tables(&run->search.start, &run->search.goal, &opt, &planned, &st) ==
            SLIDE_OK &&
        planned != run->search.tables) {
        run->tables = planned;
        return;
    }
    st = slide_stats_init();
    run->status = slide_split_begin(&run->search.start, &run->search.goal, &opt, &first, &st);
    cli_progress_end(run->progress);
    cli_solve_note(&st, run->status, run->note, sizeof run->note);
    run->tables = first.tables;
    slide_split_free(&first);
}

/* Says why run's search cannot be made here, naming line: 0 when it can, else -1. */
static int report_unusable(const work_run *run, FILE *err, long line)
{
    if (run->status == SLIDE_OK)
        return 0;
    int unknown = run->status == SLIDE_E_UNKNOWN_HEURISTIC;
    fprintf(err, "slide: work: line %ld: %s%s%s%s%s%s\n", line, slide_strerror(run->status),
            unknown ? " '" : "", unknown ? run->search.heuristic : "",
            unknown ? "' (this slide does not know it)" : "", run->note[0] ? ": " : "", run->note);
    return -1;
}

/*
 * --probe: what `slide spread` asks each machine before it hands out
 * items, "slide-probe/1 version=V tables=HEX" (the tables of line's
 * search, loaded or built here as its first item would).  Returns the exit
 * status.
 */
static int probe(work_run *run, const char *line)
{
    char why[CLI_MESSAGE_SIZE];
    split_identity search;
    split_item it;
    if (split_read_item(line, strlen(line), &search, &it, why, sizeof why) != 0) {
        cli_error("work: --probe: %s", why);
        return EXIT_USAGE;
    }
    adopt(run, &search);
    if (report_unusable(run, stderr, 1) != 0)
        return EXIT_FAILED_BOARD;
    if (run->tag)
        printf("%s\t", run->tag);
    printf("slide-probe/1 version=%s tables=%016llx\n", slide_version(),
           (unsigned long long)run->tables);
    return 0;
}

static void answer_item(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    work_run *run = arg;
    char why[CLI_MESSAGE_SIZE];
    split_identity search;
    split_item it;
    if (split_read_item(item->text, item->len, &search, &it, why, sizeof why) != 0) {
        fprintf(io->err, "slide: work: line %ld: %s\n", item->number, why);
        io->failures++;
        return;
    }
    if (slide_board_equal(&search.start, &search.goal)) {
        /* no tables, no fingerprint: nothing to search, whatever the tables */
        fprintf(io->err,
                "slide: work: line %ld: the item's start is its goal: there is nothing to "
                "search (`slide split` writes no item for such a board)\n",
                item->number);
        split_identity_free(&search);
        io->failures++;
        return;
    }
    adopt(run, &search);
    if (report_unusable(run, io->err, item->number) != 0) {
        io->failures++;
        return;
    }
    if (run->tables != run->search.tables) {
        fprintf(io->err,
                "slide: work: line %ld: the item was cut with %s tables %016llx, this machine's "
                "are %016llx: every machine needs the same pattern databases (copy the cache "
                "directory, see `slide pdb info`, or build them alike)\n",
                item->number, run->search.heuristic, (unsigned long long)run->search.tables,
                (unsigned long long)run->tables);
        io->failures++;
        return;
    }
    slide_solve_options opt = search_options(run);
    slide_split_result res;
    slide_stats st = slide_stats_init();
    int status = slide_split_search(&run->search.start, &run->search.goal, &opt, it.bound,
                                    it.prefix, it.prefix_len, &res, &st);
    cli_progress_end(run->progress);
    if (status == SLIDE_OK && res.tables != run->search.tables)
        status = SLIDE_E_INTERNAL; /* the context's tables changed under it: never */
    if (status != SLIDE_OK) {
        char note[CLI_MESSAGE_SIZE];
        cli_solve_note(&st, status, note, sizeof note);
        fprintf(io->err, "slide: work: line %ld: item %lu: %s%s%s\n", item->number, it.index,
                slide_strerror(status), note[0] ? ": " : "", note);
        io->failures++;
        return;
    }
    split_result r;
    split_result_of(&r, &run->search, it.bound, it.index, &res, &st);
    if (run->tag)
        fprintf(io->out, "%s\t", run->tag);
    split_write_result(io->out, &r);
    /* each result as soon as it is known: a driver records it even if this process dies next */
    fflush(io->out);
    slide_split_result_free(&res);
}

static void refuse_item(void *arg, cli_batch_io *io, const cli_batch_item *item, const char *reason)
{
    (void)arg;
    fprintf(io->err, "slide: work: line %ld: %s\n", item->number, reason);
    io->failures++;
}

int cli_work(int argc, char **argv)
{
    cli_scan scan;
    if (cli_scan_init(&scan, argc, argv, 2, work_options, "work") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    const char *value;
    const char *tag = NULL, *probe_line = NULL;
    int id;
    while ((id = cli_scan_next(&scan, &value)) != SCAN_END) {
        if (id == OPT_TAG && !strpbrk(value, "\t\n")) {
            tag = *value ? value : NULL;
            continue;
        }
        if (id == OPT_PROBE) {
            probe_line = value;
            continue;
        }
        if (id == OPT_TAG)
            cli_error("work: --tag: a name without tabs or newlines");
        if (id == OPT_HELP)
            cli_help_work(stdout);
        cli_scan_free(&scan);
        return id == OPT_HELP ? 0 : EXIT_USAGE;
    }
    if (scan.positional_count > 0) {
        cli_error("work: reads its items from stdin; '%.60s' is not an option", scan.positional[0]);
        cli_scan_free(&scan);
        return EXIT_USAGE;
    }
    cli_scan_free(&scan);
    cli_progress_state progress;
    cli_progress_init(&progress);
    work_run run;
    memset(&run, 0, sizeof run);
    run.progress = &progress;
    run.tag = tag;
    if (probe_line) {
        int status = probe(&run, probe_line);
        forget(&run);
        return status;
    }
    cli_batch batch = {1, 0, &run, answer_item, refuse_item};
    cli_batch_io io = {stdout, stderr, 0, 0, 0};
    int status = cli_batch_run(&batch, 0, &io);
    forget(&run);
    if (status == -1) {
        cli_error("out of memory");
        io.failures++;
    } else if (status == -2) {
        cli_error("error reading input: %s", strerror(errno));
        io.failures++;
    }
    return io.failures ? EXIT_FAILED_BOARD : 0;
}
