/*
 * cmd_solve.c - `slide solve`: boards from arguments or stdin, answers on stdout
 * in input order, one line (or block, for --output path) per board.  This
 * file reads the options and hands each board to answer.c, stdin's to
 * from_stdin.c.
 */
#include "cli/commands.h"
#include "cli/batch/batch.h"
#include "cli/judge/judge.h"
#include "cli/solve/solve_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --output's values, in the order of the OUT_ constants */
static const char *const output_names[] = {"moves", "steps", "path", "json", "svg", "tiles"};

enum {
    OPT_ALGO = 1,
    OPT_HEURISTIC,
    OPT_GOAL,
    OPT_SIZE,
    OPT_OUTPUT,
    OPT_PAIRS,
    OPT_STATS,
    OPT_MAX_MEMORY,
    OPT_TIMEOUT,
    OPT_JOBS,
    OPT_WEIGHT,
    OPT_OUTPUT_DIR,
    OPT_BUDGET,
    OPT_HELP
};

/*
 * In the help's order.  --problem is taken before the scan (cli_solve hands
 * the whole command to cli_solve_problem), so its row is the help's alone.
 */
/* clang-format off */
static const cli_option solve_options[] = {
    {"algo", 'a', OPT_ALGO, "NAME", "%s, auto (default)"},
    {"heuristic", 'H', OPT_HEURISTIC, "NAME", "heuristic for informed searches: %s"},
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_SIZE(OPT_SIZE),
    {"output", 'o', OPT_OUTPUT, "FMT",
     "moves (default), steps, path, json, svg (an animated\n"
     "drawing of one board; see --output-dir), tiles (the\n"
     "numbers of the tiles to slide, in order)"},
    {"output-dir", 0, OPT_OUTPUT_DIR, "DIR",
     "with -o svg: DIR/board-N.svg for each board N (its\n"
     "argument or line number), the file names on stdout"},
    {"pairs", 0, OPT_PAIRS, NULL, "stdin holds pairs of lines: start, then goal"},
    {"problem", 0, 0, "NAME", "read stdin and write answers exactly as a judge problem:\n%s"},
    {"stats", 0, OPT_STATS, NULL, "per-board search figures on stderr"},
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    CLI_OPTION_TIMEOUT(OPT_TIMEOUT),
    {"budget", 0, OPT_BUDGET, "SECONDS",
     "near-optimal answers (auto, beam): keep looking for\n"
     "shorter ones until SECONDS (e.g. 30 or 30s) have passed\n"
     "on the board, then print the shortest found (Ctrl-C\n"
     "too); answers then depend on the machine's speed"},
    {"weight", 0, OPT_WEIGHT, "W",
     "answers at most W x optimal, much faster (idastar,\n"
     "astar; W from 1 to 100, 1 = optimal)"},
    {"jobs", 'j', OPT_JOBS, "N",
     "N threads (0 = all cores), same output: stdin's boards\n"
     "N at a time; a board given as an argument is searched\n"
     "on N threads (idastar)"},
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

/* The i-th name of a list in solve's help (help_list), NULL past its end. */
static const char *help_list_name(const cli_option *row, size_t i)
{
    switch (row->id) {
    case OPT_ALGO: return i < slide_algo_count() ? slide_algo_at(i)->name : NULL;
    case OPT_HEURISTIC: return i < slide_heuristic_count() ? slide_heuristic_at(i)->name : NULL;
    default: return i < judge_problem_count() ? judge_problem_at(i)->name : NULL; /* --problem */
    }
}

/*
 * The lists of solve's help that the library and the judge table hold
 * (cli_help_options's fill): algorithms, heuristics, and for --problem the
 * problem names.  Comma separated; a name that would end past the width of
 * the help's text column starts a line.
 */
static const char *help_list(const cli_option *row, char *buf, size_t size)
{
    const size_t width = CLI_HELP_WIDTH - CLI_HELP_COLUMN;
    size_t used = 0, line = 0;
    const char *name;
    buf[0] = '\0';
    for (size_t i = 0; (name = help_list_name(row, i)) != NULL && used < size; i++) {
        size_t len = strlen(name);
        int wrap = i > 0 && line + 2 + len > width;
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 i == 0 ? ""
                                 : wrap ? ",\n"
                                        : ", ",
                                 name);
        line = i == 0 || wrap ? len : line + 2 + len;
    }
    return buf;
}

void cli_help_solve(FILE *f)
{
    fputs("usage: slide solve [OPTIONS] [BOARD...]\n"
          "       slide solve [OPTIONS] [-]\n"
          "\n"
          "Solves each BOARD, or each line of stdin when no BOARD (or -) is given (empty\n"
          "lines and lines starting with # are skipped). One answer per board, in input\n"
          "order.\n"
          "\n"
          "boards (all the same 3x3 board):\n"
          "  \"2 3 4 1 5 x 7 6 8\"   spaced; blank is x, X, 0, . or _\n"
          "  234150768  23415.768   compact, one character a cell (a-f for 10-15)\n"
          "  \"[[2,3,4],[1,5,0],[7,6,8]]\"   nested list\n"
          "  \"2 3 4/1 5 x/7 6 8\"   rows marked by /\n"
          "\n",
          f);
    cli_help_options(f, solve_options, help_list);
    fputs("\n"
          "Moves name the direction the blank moves: u, d, l, r.\n"
          "Exit status: 0 every board answered (unsolvable is an answer), 1 some board\n"
          "was invalid or hit a limit, 2 usage error.\n",
          f);
}

/*
 * Says how far a run a signal stopped got: every line written is a whole
 * answer, and these boards were answered (the last argument, or input
 * line, answered: `last`; 0 none), so a script knows where to start again.
 */
static void report_interruption(int arguments, long last)
{
    const char *name = strsignal(cli_interrupted());
    if (last == 0)
        fprintf(stderr, "slide: stopped (%s) before any board was answered\n", name);
    else
        fprintf(stderr,
                "slide: stopped (%s); the boards up to %s %ld are answered, each on whole lines, "
                "and none after\n",
                name, arguments ? "argument" : "line", last);
}

/* Whether arg is one of solve's options whose value is the next argument ("-o", "--goal"). */
static int takes_next_argument(const char *arg)
{
    for (const cli_option *o = solve_options; o->long_name; o++) {
        if (!o->value || !o->id)
            continue;
        if ((arg[0] == '-' && arg[1] == '-' && strcmp(arg + 2, o->long_name) == 0) ||
            (o->short_name && arg[0] == '-' && arg[1] == o->short_name && arg[2] == '\0'))
            return 1;
    }
    return 0;
}

static int usage_value(const char *option, const char *value, const char *expected)
{
    cli_error("solve: %s: '%.60s' is not %s", option, value, expected);
    return EXIT_USAGE;
}

/* Room for the names of the algorithm or heuristic table, for --algo and --heuristic. */
/* --budget's seconds, as --timeout's with an optional 's' after them ("30s"); 0 or -1. */
static int parse_budget(const char *text, double *seconds)
{
    char number[64];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof number)
        return -1;
    memcpy(number, text, len + 1);
    if (number[len - 1] == 's')
        number[len - 1] = '\0';
    return cli_parse_seconds(number, seconds) || *seconds > SLIDE_MAX_BUDGET ? -1 : 0;
}

#define MAX_CHOICES 32

static int read_options(cli_scan *scan, solve_config *cfg, const char **goal_text)
{
    const char *value;
    int id;
    slide_parse_error err = slide_parse_error_init();
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR: return EXIT_USAGE;
        case OPT_HELP: cli_help_solve(stdout); return -1;
        case OPT_ALGO: {
            const char *names[MAX_CHOICES];
            size_t count = 0;
            for (size_t i = 0; i < slide_algo_count() && count + 1 < MAX_CHOICES; i++)
                names[count++] = slide_algo_at(i)->name;
            names[count++] = "auto";
            if (cli_parse_choice("solve: --algo", value, "algorithm", names, count) < 0)
                return EXIT_USAGE;
            cfg->lib.algo = value;
            break;
        }
        case OPT_HEURISTIC: {
            const char *names[MAX_CHOICES];
            size_t count = 0;
            for (size_t i = 0; i < slide_heuristic_count() && count < MAX_CHOICES; i++)
                names[count++] = slide_heuristic_at(i)->name;
            if (cli_parse_choice("solve: --heuristic", value, "heuristic", names, count) < 0)
                return EXIT_USAGE;
            cfg->lib.heuristic = value;
            break;
        }
        case OPT_GOAL: *goal_text = value; break;
        case OPT_SIZE:
            if (slide_parse_size(value, &cfg->rows, &cfg->cols, &err) != SLIDE_OK) {
                cli_error("solve: --size: %s", err.message);
                return EXIT_USAGE;
            }
            break;
        case OPT_OUTPUT:
            cfg->output = cli_parse_choice("solve: --output", value, NULL, output_names,
                                           sizeof output_names / sizeof output_names[0]);
            if (cfg->output < 0)
                return EXIT_USAGE;
            break;
        case OPT_PAIRS: cfg->pairs = 1; break;
        case OPT_STATS: cfg->stats = 1; break;
        case OPT_OUTPUT_DIR:
            if (!*value) {
                /* an unset variable in a script must not mean the current directory */
                cli_error("solve: --output-dir: the directory name is empty");
                return EXIT_USAGE;
            }
            cfg->output_dir = value;
            break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &cfg->limits.max_memory))
                return usage_value("--max-memory", value, "a size (e.g. 512M, 4G)");
            break;
        case OPT_TIMEOUT:
            if (cli_parse_seconds(value, &cfg->limits.timeout))
                return usage_value("--timeout", value, "a positive number of seconds");
            break;
        case OPT_BUDGET:
            if (parse_budget(value, &cfg->lib.budget))
                return usage_value("--budget", value,
                                   "a number of seconds above 0, at most 1e6 (e.g. 30s)");
            break;
        case OPT_WEIGHT:
            if (cli_parse_seconds(value, &cfg->lib.weight) || cfg->lib.weight < 1 ||
                cfg->lib.weight > SLIDE_MAX_WEIGHT)
                return usage_value("--weight", value, "a number from 1 to 100");
            break;
        case OPT_JOBS: {
            unsigned long long jobs;
            if (cli_parse_count(value, CLI_MAX_JOBS, &jobs))
                return usage_value("--jobs", value,
                                   "a number of threads from 0 (all cores) to 256");
            if (jobs == 0) {
                long cores = sysconf(_SC_NPROCESSORS_ONLN);
                jobs = cores < 1              ? 1
                       : cores > CLI_MAX_JOBS ? CLI_MAX_JOBS
                                              : (unsigned long long)cores;
            }
            cfg->jobs = (int)jobs;
            break;
        }
        default: return EXIT_USAGE;
        }
    }
    return 0;
}

/*
 * An option the chosen algorithm cannot take is a usage error, said before
 * any board is read, rather than an option silently dropped or every board
 * failed: --heuristic with one that uses none (bfs, bibfs, table,
 * strategy), --weight (other than 1, the optimal search) with one that has
 * no weighted mode.  Auto takes both.  Returns 0 or EXIT_USAGE.
 */
static int check_options_fit_algo(const solve_config *cfg)
{
    static const struct {
        const char *option;
        unsigned flag;
        const char *lacks;
    } needs[] = {
        {"--heuristic", SLIDE_ALGO_HEURISTIC, "uses no heuristic (heuristics apply to"},
        {"--weight", SLIDE_ALGO_WEIGHTED, "has no weighted mode (--weight applies to"},
    };
    const char *algo = cfg->lib.algo;
    if (!algo || strcmp(algo, "auto") == 0)
        return 0;
    unsigned flags = slide_algo_by_name(algo)->flags;
    for (size_t n = 0; n < sizeof needs / sizeof needs[0]; n++) {
        int given = needs[n].flag == SLIDE_ALGO_HEURISTIC ? cfg->lib.heuristic != NULL
                                                          : cfg->lib.weight > 1;
        if (!given || (flags & needs[n].flag))
            continue;
        char takers[128] = "";
        size_t used = 0;
        for (size_t i = 0; i < slide_algo_count() && used < sizeof takers; i++)
            if (slide_algo_at(i)->flags & needs[n].flag)
                used += (size_t)snprintf(takers + used, sizeof takers - used, "%s%s",
                                         used ? ", " : "", slide_algo_at(i)->name);
        cli_error("solve: %s: %s %s %s)", needs[n].option, algo, needs[n].lacks, takers);
        return EXIT_USAGE;
    }
    return 0;
}

/*
 * `slide solve -` reads stdin, as no BOARD does: the '-' is dropped from
 * the positional arguments.  Stdin cannot be one of several boards, so a
 * '-' among others is a usage error.  Returns 0 or EXIT_USAGE.
 */
static int take_stdin_dash(cli_scan *scan)
{
    for (int i = 0; i < scan->positional_count; i++) {
        if (strcmp(scan->positional[i], "-") != 0)
            continue;
        if (scan->positional_count > 1) {
            cli_error("solve: '-' reads the boards from stdin; give it alone, not among boards");
            return EXIT_USAGE;
        }
        scan->positional_count = 0;
    }
    return 0;
}

/*
 * -o svg writes one drawing to stdout, so several boards need --output-dir
 * (stdin may hold one: see solve_stdin_svg), which needs -o svg and a
 * directory that is there or can be made: its parent must be one.  The
 * directory itself is made when the first drawing is written (cli_file),
 * so a run that draws nothing leaves nothing behind.  Returns 0 or
 * EXIT_USAGE.
 */
static int check_svg_output(const solve_config *cfg, int positional)
{
    int boards = cfg->pairs ? positional / 2 : positional;
    if (cfg->output_dir && cfg->output != OUT_SVG) {
        cli_error("solve: --output-dir goes with -o svg");
        return EXIT_USAGE;
    }
    if (cfg->output == OUT_SVG && !cfg->output_dir && positional && boards != 1) {
        cli_error("solve: -o svg writes one board's drawing to stdout; for several boards give "
                  "--output-dir DIR");
        return EXIT_USAGE;
    }
    if (!cfg->output_dir)
        return 0;
    struct stat st;
    char parent[4096];
    const char *dir = cfg->output_dir;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        errno = ENOTDIR;
    } else if (errno == ENOENT) {
        /* the parent: what is before the last '/' that trailing ones do not end */
        size_t len = strlen(dir);
        while (len > 1 && dir[len - 1] == '/')
            len--;
        while (len > 0 && dir[len - 1] != '/')
            len--;
        snprintf(parent, sizeof parent, "%.*s", len ? (int)len : 1, len ? dir : ".");
        if (stat(parent, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                return 0;
            errno = ENOTDIR;
        }
    }
    cli_error("solve: --output-dir: cannot make '%.200s': %s", dir, strerror(errno));
    return EXIT_USAGE;
}

int cli_solve(int argc, char **argv)
{
    solve_config cfg;
    cli_scan scan;
    const char *goal_text = NULL;
    memset(&cfg, 0, sizeof cfg);
    cfg.lib = slide_solve_options_init();
    cfg.limits = slide_limits_init();
    cfg.lib.limits = &cfg.limits;
    cfg.jobs = 1;
    /* a judge problem fixes framing, algorithm and output: its own code reads the options */
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (takes_next_argument(argv[i])) {
            i++; /* another option's value (--output-dir --problem=x), not an option */
            continue;
        }
        if (strcmp(argv[i], "--problem") == 0 || strncmp(argv[i], "--problem=", 10) == 0) {
            int status = cli_solve_problem(argc, argv, solve_options);
            if (status < 0)
                cli_help_solve(stdout);
            return status < 0 ? cli_stdout_flushed(0, EXIT_WRITE_FAILED) : status;
        }
    }
    if (cli_scan_init(&scan, argc, argv, 2, solve_options, "solve") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    /* slide gen's name for what solve calls --output */
    static const cli_alias aliases[] = {{"--format", "gen", "--output", NULL},
                                        {"-f", "gen", "--output", NULL},
                                        {NULL, NULL, NULL, NULL}};
    scan.aliases = aliases;
    int status = read_options(&scan, &cfg, &goal_text);
    if (status == 0)
        status = take_stdin_dash(&scan);
    if (status == 0)
        status = check_options_fit_algo(&cfg);
    if (status == 0)
        status = check_svg_output(&cfg, scan.positional_count);
    if (status != 0) {
        cli_scan_free(&scan);
        return status < 0 ? cli_stdout_flushed(0, EXIT_WRITE_FAILED) : status;
    }
    if (goal_text &&
        cli_parse_board_arg("solve", "--goal", goal_text, cfg.rows, cfg.cols, &cfg.goal) != 0) {
        cli_scan_free(&scan);
        return EXIT_USAGE;
    }
    if (cfg.pairs && goal_text) {
        cli_error("solve: --pairs gives each board its own goal; drop --goal");
        slide_board_free(&cfg.goal);
        cli_scan_free(&scan);
        return EXIT_USAGE;
    }

    /* one context per run: tables built for the first board serve the rest */
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = cfg.limits.max_memory;
    cli_progress_state progress;
    cli_interrupt_watch(); /* before the progress line's handler, which then stays out */
    cli_progress_init(&progress);
    cfg.lib.progress = cli_progress;
    cfg.lib.progress_ctx = &progress;
    cfg.limits.cancel = cli_interrupt_cancel;
    if (slide_context_create(&cfg.lib.context, &copt) != SLIDE_OK) {
        cli_error("out of memory");
        slide_board_free(&cfg.goal);
        cli_scan_free(&scan);
        return EXIT_FAILED_BOARD;
    }

    solve_run run;
    atomic_int noted_not_optimal = 0;
    memset(&run, 0, sizeof run);
    run.config = &cfg;
    run.err = stderr;
    run.noted_not_optimal = &noted_not_optimal;
    cli_out_init(&run.out, stdout);
    /* boards from stdin are spread over the jobs; a board given as an argument gets them all */
    if (scan.positional_count > 0)
        cfg.lib.threads = cfg.jobs;
    if (scan.positional_count == 0 && cfg.output == OUT_SVG && !cfg.output_dir) {
        status = solve_stdin_svg(&run);
    } else if (scan.positional_count == 0) {
        solve_stdin(&run);
    } else if (cfg.pairs) {
        if (scan.positional_count % 2) {
            cli_error("solve: --pairs needs start and goal boards in pairs; %d board%s given",
                      scan.positional_count, scan.positional_count == 1 ? "" : "s");
            status = EXIT_USAGE;
        }
        for (int i = 0; status == 0 && i + 1 < scan.positional_count && !cli_interrupted();
             i += 2) {
            char where[48], goal_where[48];
            run.board_number = i + 1;
            snprintf(where, sizeof where, "argument %d", i + 1);
            snprintf(goal_where, sizeof goal_where, "argument %d (goal)", i + 2);
            solve_text(&run, where, 0, scan.positional[i], strlen(scan.positional[i]), goal_where,
                       0, scan.positional[i + 1], strlen(scan.positional[i + 1]));
            if (!run.stopped)
                run.answered = i + 2; /* the pair's goal */
        }
    } else {
        for (int i = 0; i < scan.positional_count && !cli_interrupted(); i++) {
            char where[48];
            run.board_number = i + 1;
            snprintf(where, sizeof where, "argument %d", i + 1);
            solve_text(&run, where, 0, scan.positional[i], strlen(scan.positional[i]), NULL, 0,
                       NULL, 0);
            if (!run.stopped)
                run.answered = i + 1;
        }
    }
    if (cli_interrupted())
        report_interruption(scan.positional_count > 0, run.answered);
    if (cli_out_close(&run.out) && status == 0)
        status = EXIT_WRITE_FAILED;
    if (status == 0 && run.failures)
        status = EXIT_FAILED_BOARD;
    slide_context_free(cfg.lib.context);
    slide_board_free(&cfg.goal);
    cli_scan_free(&scan);
    cli_interrupt_exit(); /* a signal asked to stop: the process ends by it, as a kill's would */
    return status;
}
