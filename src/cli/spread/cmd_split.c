/*
 * cmd_split.c - `slide split`: the work items of one iteration of an optimal
 * IDA* search (items.h), one line a subtree, for `slide work` on any
 * number of machines.  `slide spread` runs the whole search that way.
 */
#include "cli/commands.h"
#include "cli/spread/items.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_GOAL = 1,
    OPT_SIZE,
    OPT_HEURISTIC,
    OPT_MAX_MEMORY,
    OPT_BOUND,
    OPT_ITEMS,
    OPT_PREFIX,
    OPT_HELP
};

/* clang-format off */
static const cli_option split_options[] = {
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_SIZE(OPT_SIZE),
    {"heuristic", 'H', OPT_HEURISTIC, "NAME", "manhattan, linear or pdb (default: pdb above 9 cells)"},
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    {"bound", 0, OPT_BOUND, "B", "the iteration's bound (default: the start's estimate)"},
    {"items", 0, OPT_ITEMS, "N", "at least N subtrees where the tree has them (1024;\n"
                                 "at most 262144)"},
    {"prefix", 0, OPT_PREFIX, "MOVES", "cut only the subtree below MOVES (an item's prefix)\n"
                                       "again, from one move deeper"},
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_split(FILE *f)
{
    fputs("usage: slide split [OPTIONS] BOARD\n"
          "\n"
          "Prints the work items of one iteration of an optimal IDA* search of BOARD: one\n"
          "line a subtree, in u, d, l, r order, each naming the boards, the tables and the\n"
          "bound, for `slide work` on any machine (`slide spread` runs the whole search\n"
          "so). A first line, a comment, gives the walk's next bound. With --prefix, the\n"
          "subtree of one item is cut again: its items take that item's place in the\n"
          "order, and its nodes are the walk's plus theirs.\n"
          "\n",
          f);
    cli_help_options(f, split_options, NULL);
}

int cli_split(int argc, char **argv)
{
    split_setup setup;
    cli_scan scan;
    split_setup_init(&setup);
    if (cli_scan_init(&scan, argc, argv, 2, split_options, "split") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    scan.aliases = split_near_optimal_aliases;
    const char *value, *goal_text = NULL, *prefix = NULL;
    unsigned long long bound = 0, items = 1024;
    int have_bound = 0, id, status = 0;
    char why[160];
    while (status == 0 && (id = cli_scan_next(&scan, &value)) != SCAN_END) {
        switch (id) {
        case OPT_GOAL: goal_text = value; break;
        case OPT_SIZE:
        case OPT_HEURISTIC:
        case OPT_MAX_MEMORY:
            status = split_setup_option(&setup, "split",
                                        id == OPT_SIZE        ? 's'
                                        : id == OPT_HEURISTIC ? 'H'
                                                              : 'm',
                                        value);
            break;
        case OPT_BOUND:
            if (cli_parse_count(value, SLIDE_SPLIT_MAX_BOUND, &bound)) {
                cli_error("split: --bound: '%.60s' is not a bound from 0 to %u", value,
                          SLIDE_SPLIT_MAX_BOUND);
                status = EXIT_USAGE;
            } else if (split_bound_too_deep(bound, why, sizeof why)) {
                cli_error("split: --bound: %s: give at most %u, or no --bound to start at the "
                          "board's estimate",
                          why, SLIDE_MAX_SEARCH_DEPTH);
                status = EXIT_USAGE;
            }
            have_bound = 1;
            break;
        case OPT_ITEMS:
            if (cli_parse_count(value, SPLIT_MAX_ITEMS, &items) || items == 0) {
                cli_error("split: --items: '%.60s' is not a count from 1 to %u", value,
                          SPLIT_MAX_ITEMS);
                status = EXIT_USAGE;
            }
            break;
        case OPT_PREFIX: prefix = value; break;
        case OPT_HELP:
            cli_help_split(stdout);
            cli_scan_free(&scan);
            return 0;
        default: status = EXIT_USAGE; break;
        }
    }
    if (status == 0 && scan.positional_count != 1) {
        cli_error("split: give one BOARD (%d given)", scan.positional_count);
        status = EXIT_USAGE;
    }
    if (status == 0)
        status = split_setup_search(&setup, "split", scan.positional[0], goal_text);
    if (status == 0 && setup.unsolvable) {
        cli_error("split: the goal cannot be reached from this board: there is nothing to search");
        status = EXIT_FAILED_BOARD;
    }
    cli_scan_free(&scan);
    if (status != 0) {
        split_setup_free(&setup);
        return status;
    }
    slide_split split;
    slide_stats st = slide_stats_init();
    unsigned b = have_bound ? (unsigned)bound : setup.start_bound;
    int r = prefix ? slide_split_subtree(&setup.search.start, &setup.search.goal, &setup.lib, b,
                                         prefix, strlen(prefix), (size_t)items, &split, &st)
                   : slide_split_iteration(&setup.search.start, &setup.search.goal, &setup.lib, b,
                                           (size_t)items, &split, &st);
    cli_progress_end(&setup.progress);
    if (r != SLIDE_OK) {
        split_setup_report(&st, r, "split");
        split_setup_free(&setup);
        return EXIT_FAILED_BOARD;
    }
    printf("# slide-split/1 search=%016llx bound=%u items=%zu", (unsigned long long)setup.search.id,
           b, split.count);
    if (split.next_bound == SLIDE_SPLIT_NO_BOUND)
        printf(" walk-next=none");
    else
        printf(" walk-next=%u", split.next_bound);
    printf(" walk-expanded=%llu\n", (unsigned long long)st.expanded);
    for (size_t i = 0; i < split.count; i++) {
        split_item item = {b, (unsigned long)i, (unsigned long)split.count, split.prefix[i],
                           strlen(split.prefix[i])};
        split_write_item(stdout, &setup.search, &item);
    }
    slide_split_free(&split);
    split_setup_free(&setup);
    return 0;
}
