/*
 * cmd_gen.c - `slide gen`: reproducible random boards.
 */
#include "cli/commands.h"
#include "cli/base/base.h"
#include "cli/base/text.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { FMT_SPACED, FMT_COMPACT, FMT_JSON };

/*
 * The longest --walk: a walk takes time in proportion to its moves (about
 * 15 ns a move), and a walk much longer than the board's mixing time is no
 * more random than the uniform boards gen makes without --walk.
 */
#define GEN_MAX_WALK 1000000000ull
/* --format's values, in the order of the FMT_ constants */
static const char *const format_names[] = {"spaced", "compact", "json"};
/* --walk-rule's values, in the order of the SLIDE_WALK_ constants */
static const char *const rule_names[] = {"no-undo", "any"};

enum {
    OPT_SIZE = 1,
    OPT_COUNT,
    OPT_SEED,
    OPT_WALK,
    OPT_WALK_RULE,
    OPT_UNSOLVABLE,
    OPT_FORMAT,
    OPT_GOAL,
    OPT_HELP
};

/* clang-format off */
static const cli_option gen_options[] = {
    {"size", 's', OPT_SIZE, "RxC", "shape of the boards (or the goal's)"},
    {"count", 'n', OPT_COUNT, "N", "how many boards (default 1)"},
    {"seed", 0, OPT_SEED, "S", "seed of the generator (default: from the clock)"},
    {"walk", 'w', OPT_WALK, "K|LO-HI", "boards K random moves from the goal (LO-HI: each\nboard's K drawn from LO to HI)"},
    {"walk-rule", 0, OPT_WALK_RULE, "RULE", "how a walk moves: no-undo (default) or any"},
    {"unsolvable", 0, OPT_UNSOLVABLE, NULL, "boards that cannot reach the goal"},
    {"format", 'f', OPT_FORMAT, "FMT", "spaced (default), compact or json"},
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

/* slide solve's name for what gen calls --format */
static const cli_alias gen_aliases[] = {{"-o", "solve", "--format", NULL},
                                        {"--output", "solve", "--format", NULL},
                                        {NULL, NULL, NULL, NULL}};

/* The form each --format writes, in the order of format_names. */
static const int format_forms[] = {CLI_BOARD_SPACED, CLI_BOARD_COMPACT, CLI_BOARD_JSON};

void cli_help_gen(FILE *f)
{
    fputs("usage: slide gen --size RxC [--count N] [--seed S] [--walk K|LO-HI]\n"
          "                 [--walk-rule no-undo|any] [--unsolvable]\n"
          "                 [--format spaced|compact|json] [--goal BOARD]\n"
          "\n"
          "Prints N boards (default 1), one a line: uniformly random boards that can\n"
          "reach the goal, boards K random moves from the goal (--walk K, K at most\n"
          "10^9; --walk LO-HI draws each board's K uniformly from LO to HI), or\n"
          "uniformly random boards that cannot (--unsolvable).  A walk never undoes\n"
          "its previous move; with --walk-rule any, each move is one of the four\n"
          "directions alike, one off the board counting as a move that does nothing\n"
          "(DeepCubeA's test boards: --walk 1000 on 6x6, --walk 1000-10000 on 7x7).\n"
          "The same --seed gives the same boards on every machine (xoshiro256**);\n"
          "without it the seed comes from the clock and is printed on stderr.\n"
          "\n"
          "formats: spaced \"2 3 4 1 5 x 7 6 8\", compact \"234150768\" (at most 16\n"
          "cells), json \"[[2,3,4],[1,5,0],[7,6,8]]\".  When the shape is not the one\n"
          "slide infers, spaced rows end with / and compact ones are split by spaces\n"
          "(\"50 41 32\" is 3x2), so slide solve reads each board back in its shape.\n"
          "\n",
          f);
    cli_help_options(f, gen_options, NULL);
}

/*
 * --walk's value: K, or a range LO-HI, into *lo and *hi (both K for one
 * length).  0, or -1 with the message printed.
 */
static int parse_walk(const char *value, unsigned long long *lo, unsigned long long *hi)
{
    const char *dash = strchr(value, '-');
    if (!dash) {
        if (cli_parse_count(value, ~0ull, lo)) {
            cli_error("gen: --walk: '%.60s' is not a whole number", value);
            return -1;
        }
        *hi = *lo;
    } else {
        char first[24] = "";
        size_t len = (size_t)(dash - value);
        if (len < sizeof first)
            memcpy(first, value, len);
        if (cli_parse_count(first, ~0ull, lo) || cli_parse_count(dash + 1, ~0ull, hi)) {
            cli_error("gen: --walk: '%.60s' is neither a whole number K nor a range LO-HI of them",
                      value);
            return -1;
        }
        if (*lo > *hi) {
            cli_error("gen: --walk: '%.60s': the range's low end %llu is above its high end %llu",
                      value, *lo, *hi);
            return -1;
        }
    }
    if (*hi > GEN_MAX_WALK) {
        cli_error("gen: --walk: %llu is more than the limit of %llu moves (about 15 s a "
                  "board); leave out --walk for a uniformly random board",
                  *hi, GEN_MAX_WALK);
        return -1;
    }
    return 0;
}

int cli_gen(int argc, char **argv)
{
    cli_scan scan;
    const char *value;
    const char *goal_text = NULL;
    int id, rows = 0, cols = 0, format = FMT_SPACED, have_seed = 0, have_walk = 0, unsolvable = 0;
    int rule = SLIDE_WALK_NO_UNDO, have_rule = 0;
    unsigned long long count = 1, seed = 0, walk = 0, walk_max = 0;
    slide_parse_error err = slide_parse_error_init();
    int status = 0;

    if (cli_scan_init(&scan, argc, argv, 2, gen_options, "gen") != 0)
        return EXIT_FAILED_BOARD;
    scan.aliases = gen_aliases;
    while (status == 0 && (id = cli_scan_next(&scan, &value)) != SCAN_END) {
        switch (id) {
        case OPT_HELP:
            cli_help_gen(stdout);
            cli_scan_free(&scan);
            return cli_stdout_flushed(0, EXIT_WRITE_FAILED);
        case OPT_SIZE:
            if (slide_parse_size(value, &rows, &cols, &err) != SLIDE_OK) {
                cli_error("gen: --size: %s", err.message);
                status = EXIT_USAGE;
            }
            break;
        case OPT_COUNT:
            if (cli_parse_count(value, ~0ull, &count)) {
                cli_error("gen: --count: '%.60s' is not a whole number", value);
                status = EXIT_USAGE;
            }
            break;
        case OPT_SEED:
            if (cli_parse_count(value, ~0ull, &seed)) {
                cli_error("gen: --seed: '%.60s' is not a whole number from 0 to 2^64-1", value);
                status = EXIT_USAGE;
            }
            have_seed = 1;
            break;
        case OPT_WALK:
            if (parse_walk(value, &walk, &walk_max))
                status = EXIT_USAGE;
            have_walk = 1;
            break;
        case OPT_WALK_RULE:
            rule = cli_parse_choice("gen: --walk-rule", value, NULL, rule_names,
                                    sizeof rule_names / sizeof rule_names[0]);
            if (rule < 0)
                status = EXIT_USAGE;
            have_rule = 1;
            break;
        case OPT_UNSOLVABLE: unsolvable = 1; break;
        case OPT_FORMAT:
            format = cli_parse_choice("gen: --format", value, NULL, format_names,
                                      sizeof format_names / sizeof format_names[0]);
            if (format < 0)
                status = EXIT_USAGE;
            break;
        case OPT_GOAL: goal_text = value; break;
        default: status = EXIT_USAGE; break;
        }
    }
    if (status == 0 && scan.positional_count > 0) {
        cli_error("gen: unexpected argument '%.60s' (see 'slide help gen')", scan.positional[0]);
        status = EXIT_USAGE;
    }
    /* whichever comes first, even --walk 0 (the goal itself, which is solvable) */
    if (status == 0 && unsolvable && have_walk) {
        cli_error("gen: --walk and --unsolvable exclude each other (a walk always stays solvable)");
        status = EXIT_USAGE;
    }
    if (status == 0 && have_rule && !have_walk) {
        cli_error("gen: --walk-rule says how a walk moves; it needs --walk K");
        status = EXIT_USAGE;
    }
    slide_board goal = {0, 0, 0, NULL};
    if (status == 0 && goal_text) {
        if (cli_parse_board_arg("gen", "--goal", goal_text, rows, cols, &goal) != 0)
            status = EXIT_USAGE;
    } else if (status == 0) {
        if (!rows) {
            cli_error("gen: --size RxC is required (or --goal BOARD)");
            status = EXIT_USAGE;
        } else if (slide_board_init_goal(&goal, rows, cols) != SLIDE_OK) {
            cli_error("gen: out of memory");
            status = EXIT_FAILED_BOARD;
        }
    }
    if (status == 0 && format == FMT_COMPACT && goal.rows * goal.cols > SLIDE_MAX_PACKED_CELLS) {
        cli_error("gen: --format compact holds at most %d cells; %dx%d has %d",
                  SLIDE_MAX_PACKED_CELLS, goal.rows, goal.cols, goal.rows * goal.cols);
        status = EXIT_USAGE;
    }
    if (status != 0) {
        slide_board_free(&goal);
        cli_scan_free(&scan);
        return status;
    }
    slide_gen_options gen = slide_gen_options_init();
    gen.kind = unsolvable ? SLIDE_GEN_UNSOLVABLE : have_walk ? SLIDE_GEN_WALK : SLIDE_GEN_RANDOM;
    gen.walk_rule = rule;
    gen.walk = walk;
    gen.walk_max = walk_max;
    if (!have_seed) {
        seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
        fprintf(stderr, "slide: gen: --seed %llu\n", seed);
    }

    slide_rng rng;
    slide_rng_seed(&rng, seed);
    cli_out out;
    cli_out_init(&out, stdout);
    out.flush_each_line = 0; /* a generator has no dialogue with its reader */
    for (unsigned long long i = 0; i < count && !ferror(stdout); i++) {
        slide_board b;
        if (slide_generate_with(&b, &goal, &gen, &rng) != SLIDE_OK) {
            cli_error("gen: out of memory");
            status = EXIT_FAILED_BOARD;
            break;
        }
        cli_write_board(stdout, &b, format_forms[format]);
        putchar('\n');
        slide_board_free(&b);
    }
    if (cli_out_close(&out))
        status = EXIT_WRITE_FAILED;
    slide_board_free(&goal);
    cli_scan_free(&scan);
    return status;
}
