/*
 * problem.c - `slide solve --problem NAME`: reads stdin framed as a judge
 * problem (cli/judge/judge.c) and writes its reference output byte for
 * byte, one case at a time once the whole input has been read and checked.
 */
#include "cli/judge/judge.h"
#include "cli/base/text.h"
#include "cli/solve/solve_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_PROBLEM = 1, OPT_MAX_MEMORY, OPT_TIMEOUT, OPT_STATS, OPT_HELP, OPT_JOBS, OPT_FIXED };

/*
 * The options --problem reads.  Every other option of solve's (its table,
 * handed in) is refused by name: the problem fixes algorithm, goal, shape
 * and output.  This table's help is never printed: --help prints solve's,
 * from solve's table.
 */
/* clang-format off */
static const cli_option problem_options[] = {
    {"problem", 0, OPT_PROBLEM, "NAME", NULL},
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    CLI_OPTION_TIMEOUT(OPT_TIMEOUT),
    {"stats", 0, OPT_STATS, NULL, NULL},
    CLI_OPTION_HELP(OPT_HELP),
    {"jobs", 'j', OPT_JOBS, "N", NULL},
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

/* Room for problem_options and the rest of solve's options in one scan table. */
#define PROBLEM_SCAN_ROWS 48

/*
 * problem_options followed by each other option of solve's, numbered from
 * OPT_FIXED, so that the scan knows them and option_name_conflict names
 * them; ends with the empty row.
 */
static void problem_scan_table(const cli_option *solve_options, cli_option table[PROBLEM_SCAN_ROWS])
{
    size_t n = 0;
    for (const cli_option *o = problem_options; o->long_name; o++)
        table[n++] = *o;
    for (const cli_option *o = solve_options; o->long_name && n + 1 < PROBLEM_SCAN_ROWS; o++) {
        int own = 0;
        for (const cli_option *q = problem_options; q->long_name; q++)
            own |= strcmp(q->long_name, o->long_name) == 0;
        if (!own) {
            table[n] = *o;
            table[n].id = OPT_FIXED + (int)n;
            n++;
        }
    }
    memset(&table[n], 0, sizeof table[n]);
}

static void write_answer(FILE *f, const judge_problem *p, int status, const slide_solution *sol)
{
    if (status == SLIDE_E_UNSOLVABLE) {
        fputs(p->no_solution, f);
    } else if (p->answer == ANSWER_STEPS) {
        fprintf(f, "%llu", (unsigned long long)sol->length);
    } else if (p->answer == ANSWER_UPPER_MOVES) {
        for (const char *m = sol->moves; *m; m++)
            fputc(toupper((unsigned char)*m), f);
    } else {
        fputs(sol->moves, f);
    }
    fputc('\n', f);
}

static void print_case_stats(size_t number, const slide_stats *st, int status)
{
    char mem[32], tables[48] = "", proven[64];
    if (st->optimal)
        snprintf(proven, sizeof proven, ", optimal");
    else
        cli_not_optimal(st, status, proven, sizeof proven);
    if (st->table_memory)
        snprintf(tables, sizeof tables, ", tables %s",
                 cli_format_bytes(st->table_memory, mem, sizeof mem));
    fprintf(stderr,
            "slide: stats: case %zu: algo %s, expanded %llu, generated %llu, peak memory %s%s, "
            "%.3f ms%s\n",
            number, st->algo ? st->algo : "-", (unsigned long long)st->expanded,
            (unsigned long long)st->generated, cli_format_bytes(st->peak_memory, mem, sizeof mem),
            tables, st->seconds * 1e3, proven);
}

/*
 * Solves and writes one case; returns 0, or 1 after reporting a case that
 * got no answer (a limit, or an answer longer than the problem allows).
 */
static int answer_case(const judge_problem *p, const judge_case *c, size_t number,
                       const slide_limits *limits, slide_context *context, int stats, cli_out *out)
{
    slide_solution sol;
    slide_stats st = slide_stats_init();
    int status = judge_solve_case(p, c, limits, context, p->answer == ANSWER_STEPS, &sol, &st);
    if (stats)
        print_case_stats(number, &st, status);
    if (status != SLIDE_OK && status != SLIDE_E_UNSOLVABLE) {
        char cap[32], note[CLI_MESSAGE_SIZE];
        st.remedy = SLIDE_REMEDY_NONE; /* its advice names --algo or --weight, which --problem refuses */
        cli_solve_note(&st, status, note, sizeof note);
        if (status == SLIDE_E_MEMLIMIT)
            cli_error(
                "%s: case %zu, line %ld: memory limit reached (--max-memory %s)%s%s", p->name,
                number, c->line,
                cli_format_bytes(limits->max_memory ? limits->max_memory : SLIDE_DEFAULT_MAX_MEMORY,
                                 cap, sizeof cap),
                note[0] ? ": " : "", note);
        else if (status == SLIDE_E_TIMEOUT)
            cli_error("%s: case %zu, line %ld: time limit reached (--timeout %g s)%s%s", p->name,
                      number, c->line, limits->timeout, note[0] ? ": " : "", note);
        else
            cli_error("%s: case %zu, line %ld: %s%s%s", p->name, number, c->line,
                      slide_strerror(status), note[0] ? ": " : "", note);
        return 1;
    }
    if (status == SLIDE_OK && p->max_moves && sol.length > p->max_moves) {
        cli_error("%s: case %zu, line %ld: %s %llu moves, more than the %lu %s allows", p->name,
                  number, c->line, st.optimal ? "the fewest is" : "the solution found has",
                  (unsigned long long)sol.length, p->max_moves, p->title);
        slide_solution_free(&sol);
        return 1;
    }
    if (p->separated && number > 1)
        fputc('\n', out->file);
    write_answer(out->file, p, status, &sol);
    cli_out_line_done(out);
    slide_solution_free(&sol);
    return 0;
}

static int option_name_conflict(const cli_option *table, int id)
{
    for (const cli_option *o = table; o->long_name; o++)
        if (o->id == id) {
            cli_error("solve: --%s cannot be used with --problem (%s)", o->long_name,
                      id == OPT_JOBS ? "its cases are answered in order, on one thread sharing "
                                       "cached tables"
                                     : "the problem fixes the algorithm, goal, shape and output");
            break;
        }
    return EXIT_USAGE;
}

int cli_solve_problem(int argc, char **argv, const cli_option *solve_options)
{
    cli_scan scan;
    const char *value, *name = NULL;
    slide_limits limits = slide_limits_init();
    int id, stats = 0, status = 0;
    cli_option table[PROBLEM_SCAN_ROWS];
    problem_scan_table(solve_options, table);
    if (cli_scan_init(&scan, argc, argv, 2, table, "solve") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    while (status == 0 && (id = cli_scan_next(&scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR: status = EXIT_USAGE; break;
        case OPT_HELP: cli_scan_free(&scan); return -1;
        case OPT_PROBLEM: name = value; break;
        case OPT_STATS: stats = 1; break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &limits.max_memory)) {
                cli_error("solve: --max-memory: '%.60s' is not a size (e.g. 512M, 4G)", value);
                status = EXIT_USAGE;
            }
            break;
        case OPT_TIMEOUT:
            if (cli_parse_seconds(value, &limits.timeout)) {
                cli_error("solve: --timeout: '%.60s' is not a positive number of seconds", value);
                status = EXIT_USAGE;
            }
            break;
        default: status = option_name_conflict(table, id); break;
        }
    }
    const judge_problem *p = name ? judge_problem_find(name) : NULL;
    if (status == 0 && !p) {
        char unknown[JUDGE_UNKNOWN_SIZE];
        cli_error("solve: --problem: %s", judge_unknown_problem(name ? name : "", unknown, sizeof unknown));
        status = EXIT_USAGE;
    }
    if (status == 0 && scan.positional_count > 0) {
        cli_error("solve: --problem %s reads its input from stdin; unexpected argument '%.60s'",
                  p->name, scan.positional[0]);
        status = EXIT_USAGE;
    }
    cli_scan_free(&scan);
    if (status)
        return status;

    char *text;
    size_t len;
    if (judge_slurp(NULL, stdin, &text, &len)) {
        if (errno == EFBIG)
            cli_error("%s: the input is longer than %zu bytes, the limit for a judge input", p->name,
                      CLI_MAX_INPUT_BYTES);
        else
            cli_error("%s: cannot read stdin: %s", p->name, strerror(errno));
        return EXIT_FAILED_BOARD;
    }
    judge_cases cases;
    char message[512];
    if (judge_read_cases(p, text, len, &cases, message, sizeof message)) {
        cli_error("%s: %s", p->name, message);
        free(text);
        return EXIT_FAILED_BOARD;
    }
    free(text);
    slide_context *context = NULL;
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = limits.max_memory;
    if (cases.count >= JUDGE_CONTEXT_MIN_CASES &&
        slide_context_create(&context, &copt) != SLIDE_OK) {
        cli_error("out of memory");
        judge_cases_free(&cases);
        return EXIT_FAILED_BOARD;
    }
    cli_out out;
    cli_out_init(&out, stdout);
    out.flush_each_line = 0; /* the whole input is read: nobody waits for one answer */
    /* a reader gone or a full disk: solving the remaining cases would be wasted */
    for (size_t i = 0; i < cases.count && status == 0 && !ferror(out.file); i++)
        if (answer_case(p, &cases.items[i], i + 1, &limits, context, stats, &out))
            status = EXIT_FAILED_BOARD;
    if (cli_out_close(&out) && status == 0)
        status = EXIT_WRITE_FAILED;
    slide_context_free(context);
    judge_cases_free(&cases);
    return status;
}
