/*
 * cmd_check.c - `slide check`: a special judge for move strings.
 *
 *   slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] [--strict] BOARD MOVES
 *   slide check --problem NAME [--strict] INPUT OUTPUT [ANSWER]          (testlib)
 *   slide check --problem NAME --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT
 *
 * Every form judges answers with the same code: a single BOARD MOVES pair
 * is one case of a one-line problem.  Verdicts follow testlib: 0 accepted,
 * 1 wrong answer, 2 presentation error (the answers are right but written
 * wrongly: letter case, spacing, missing or extra lines), 3 judge failure
 * (bad input, bad answer file, usage).  A wrong answer anywhere outranks a
 * presentation error, so PE always means "right answers, wrong layout".
 *
 * Like testlib's usual comparators and Kattis's default validator, the
 * judge ignores whitespace at the ends of lines and of the output (so an
 * empty output is the empty answer of a solved board) unless --strict asks
 * for the problem's layout byte for byte.
 *
 * Memory stays bounded whatever arrives: INPUT is read whole up to
 * CLI_MAX_INPUT_BYTES, OUTPUT and ANSWER a line at a time (each line at most
 * CLI_MAX_LINE_BYTES), and MOVES from a file or stdin is replayed as it is
 * read, so its length is bounded by nothing but --max-moves.
 *
 * This file reads the options and runs the form they ask for; the forms and
 * the judging they share are in the files check_internal.h lists.
 */
#include "cli/commands.h"
#include "cli/judge/check_internal.h"

#include <stdarg.h>
#include <string.h>

enum {
    OPT_GOAL = 1,
    OPT_SIZE,
    OPT_OPTIMAL,
    OPT_MAX_MOVES,
    OPT_PROBLEM,
    OPT_KATTIS,
    OPT_MAX_MEMORY,
    OPT_TIMEOUT,
    OPT_STRICT,
    OPT_HELP
};

/* clang-format off */
static const cli_option check_options[] = {
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_SIZE(OPT_SIZE),
    {"optimal", 0, OPT_OPTIMAL, NULL, "also require the fewest moves"},
    {"max-moves", 0, OPT_MAX_MOVES, "N", "reject answers longer than N moves"},
    {"problem", 0, OPT_PROBLEM, "NAME", "judge OUTPUT against INPUT as problem NAME does"},
    {"kattis", 0, OPT_KATTIS, NULL,
     "Kattis/DOMjudge output validator: team output on stdin,\n"
     "the reason in FEEDBACK_DIR/judgemessage.txt"},
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    CLI_OPTION_TIMEOUT(OPT_TIMEOUT),
    {"strict", 0, OPT_STRICT, NULL,
     "compare the layout byte for byte: trailing spaces, \\r,\n"
     "extra or missing line ends are presentation errors"},
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_check(FILE *f)
{
    char names[JUDGE_NAMES_SIZE];
    fprintf(f,
            "usage: slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] [--strict]\n"
            "                   BOARD MOVES\n"
            "       slide check --problem NAME [--optimal] [--max-moves N] [--strict]\n"
            "                   INPUT OUTPUT [ANSWER]\n"
            "       slide check --problem NAME --kattis [--max-moves N] [--strict]\n"
            "                   INPUT ANSWER FEEDBACK_DIR < OUTPUT\n"
            "\n"
            "Replays MOVES (u, d, l, r: where the blank goes; 'unsolvable' for none) from\n"
            "BOARD and says whether they are legal and reach the goal, on stdout:\n"
            "  ok: 19 moves, optimal\n"
            "  wrong answer: move 7 'u' leaves the board (the board before it: ...)\n"
            "MOVES is the move string itself, - for stdin, or a file holding it; from a\n"
            "file or stdin it is replayed as it is read, whatever its length. A name\n"
            "that looks like a file's (a . or /, or letters besides u, d, l, r) and\n"
            "names none is a judge failure.\n"
            "\n"
            "With --problem it is a special judge for that problem's whole output file\n"
            "(testlib's argument order); the verdict line goes to stderr and names the\n"
            "case. Problems that ask for the fewest moves require them. INPUT is read\n"
            "whole (at most %zu bytes and %u cells in all), OUTPUT and ANSWER a\n"
            "line at a time (each line at most %zu bytes).\n"
            "problems: %s\n"
            "\n"
            "Whitespace at the end of a line and of the output is ignored, as judges do\n"
            "(an empty output is the empty answer of a solved board); --strict wants the\n"
            "problem's layout byte for byte, anything else a presentation error.\n"
            "\n",
            CLI_MAX_INPUT_BYTES, (unsigned)JUDGE_MAX_CELLS, CLI_MAX_LINE_BYTES,
            judge_problem_names(names, sizeof names));
    cli_help_options(f, check_options, NULL);
    fputs("\n"
          "Exit status (testlib): 0 accepted, 1 wrong answer, 2 presentation error\n"
          "(letter case, spacing, missing or extra lines), 3 judge failure (bad input,\n"
          "answer file wrong or better than optimal, usage). With --kattis: 42 accepted,\n"
          "43 wrong answer or presentation error, 3 judge failure.\n",
          f);
}

static int usage(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* A usage mistake is a judge failure for a checker: report it and return 3. */
static int usage(const char *fmt, ...)
{
    va_list ap;
    fputs("slide: check: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return VERDICT_FAIL;
}

static int read_check_options(cli_scan *scan, check_config *cfg)
{
    const char *value;
    slide_parse_error err = slide_parse_error_init();
    int id;
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR: return VERDICT_FAIL;
        case OPT_HELP: cli_help_check(stdout); return -1;
        case OPT_GOAL: cfg->goal_text = value; break;
        case OPT_SIZE:
            if (slide_parse_size(value, &cfg->rows, &cfg->cols, &err) != SLIDE_OK)
                return usage("--size: %s", err.message);
            break;
        case OPT_OPTIMAL: cfg->optimal = 1; break;
        case OPT_MAX_MOVES:
            if (cli_parse_count(value, ~0ull, &cfg->max_moves))
                return usage("--max-moves: '%.60s' is not a number of moves", value);
            cfg->has_max_moves = 1;
            break;
        case OPT_PROBLEM: cfg->problem = value; break;
        case OPT_KATTIS: cfg->kattis = 1; break;
        case OPT_STRICT: cfg->strict = 1; break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &cfg->limits.max_memory))
                return usage("--max-memory: '%.60s' is not a size (e.g. 512M, 4G)", value);
            break;
        case OPT_TIMEOUT:
            if (cli_parse_seconds(value, &cfg->limits.timeout))
                return usage("--timeout: '%.60s' is not a positive number of seconds", value);
            break;
        default: return VERDICT_FAIL;
        }
    }
    return 0;
}

int cli_check(int argc, char **argv)
{
    cli_scan scan;
    check_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.limits = slide_limits_init();
    if (cli_scan_init(&scan, argc, argv, 2, check_options, "check") != 0)
        return usage("out of memory");
    int status = read_check_options(&scan, &cfg);
    int n = scan.positional_count;
    char **args = scan.positional;
    if (status != 0) {
        cli_scan_free(&scan);
        return status < 0 ? EXIT_DONE : status;
    }
    if (!cfg.problem) {
        if (cfg.kattis)
            status = usage("--kattis needs --problem NAME");
        else if (n != 2)
            status = usage("expected BOARD and MOVES, got %d argument%s (see 'slide help check')",
                           n, n == 1 ? "" : "s");
        else
            status = check_single(&cfg, args[0], args[1]);
        cli_scan_free(&scan);
        return status;
    }
    const judge_problem *p = judge_problem_find(cfg.problem);
    char unknown[JUDGE_UNKNOWN_SIZE];
    if (!p)
        status =
            usage("--problem: %s", judge_unknown_problem(cfg.problem, unknown, sizeof unknown));
    else if (cfg.goal_text || cfg.rows)
        status = usage("--%s cannot be used with --problem (%s fixes the goal and shape)",
                       cfg.goal_text ? "goal" : "size", p->name);
    else if (cfg.kattis && n != 3)
        status = usage("--kattis expects INPUT ANSWER FEEDBACK_DIR (team output on stdin), got "
                       "%d argument%s",
                       n, n == 1 ? "" : "s");
    else if (!cfg.kattis && (n < 2 || n > 3))
        status = usage("--problem expects INPUT OUTPUT [ANSWER], got %d argument%s", n,
                       n == 1 ? "" : "s");
    else if (cfg.kattis)
        status = check_kattis(&cfg, p, args);
    else {
        verdict v;
        status = check_files(&cfg, p, args[0], args[1], n == 3 ? args[2] : NULL, &v);
        fprintf(stderr, "%s: %s\n", verdict_names[status], v.text);
    }
    cli_scan_free(&scan);
    return status;
}
