/*
 * solve.c - `slide solve`: boards from arguments or stdin, answers on stdout
 * in input order, one line (or block, for --output path) per board.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { OUT_MOVES, OUT_STEPS, OUT_PATH, OUT_JSON };

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
    OPT_HELP
};

static const cli_option solve_options[] = {
    {"algo", 'a', 1, OPT_ALGO},
    {"heuristic", 'H', 1, OPT_HEURISTIC},
    {"goal", 'g', 1, OPT_GOAL},
    {"size", 's', 1, OPT_SIZE},
    {"output", 'o', 1, OPT_OUTPUT},
    {"pairs", 0, 0, OPT_PAIRS},
    {"stats", 0, 0, OPT_STATS},
    {"max-memory", 0, 1, OPT_MAX_MEMORY},
    {"timeout", 0, 1, OPT_TIMEOUT},
    {"help", 'h', 0, OPT_HELP},
    {NULL, 0, 0, 0},
};

void cli_help_solve(FILE *f)
{
    fputs("usage: slide solve [OPTIONS] [BOARD...]\n"
          "\n"
          "Solves each BOARD, or each line of stdin when no BOARD is given (empty lines\n"
          "and lines starting with # are skipped). One answer per board, in input order.\n"
          "\n"
          "boards (all the same 3x3 board):\n"
          "  \"2 3 4 1 5 x 7 6 8\"   spaced; blank is x, X, 0, . or _\n"
          "  234150768  23415.768   compact, one character a cell (a-f for 10-15)\n"
          "  \"[[2,3,4],[1,5,0],[7,6,8]]\"   nested list\n"
          "  \"2 3 4/1 5 x/7 6 8\"   rows marked by /\n"
          "\n"
          "options:\n"
          "  -a, --algo NAME        ",
          f);
    for (size_t i = 0; i < slide_algo_count(); i++)
        fprintf(f, "%s%s", i ? ", " : "", slide_algo_at(i)->name);
    fputs(", auto (default)\n"
          "  -H, --heuristic NAME   heuristic for informed searches",
          f);
    for (size_t i = 0; i < slide_heuristic_count(); i++)
        fprintf(f, "%s%s", i ? ", " : ": ", slide_heuristic_at(i)->name);
    fputs("\n"
          "  -g, --goal BOARD       goal board (default 1 2 ... n-1 x)\n"
          "  -s, --size RxC         shape, where the board text does not give it\n"
          "  -o, --output FMT       moves (default), steps, path, json\n"
          "      --pairs            stdin holds pairs of lines: start, then goal\n"
          "      --stats            per-board search figures on stderr\n"
          "      --max-memory SIZE  cap on search memory, e.g. 512M, 4G (default 2G)\n"
          "      --timeout SECONDS  per-board time limit\n"
          "\n"
          "Moves name the direction the blank moves: u, d, l, r.\n"
          "Exit status: 0 every board answered (unsolvable is an answer), 1 some board\n"
          "was invalid or hit a limit, 2 usage error.\n",
          f);
}

typedef struct solve_config {
    slide_solve_options lib;
    int output;
    int pairs;
    int stats;
    int rows; /* from --size, 0 when not given */
    int cols;
    slide_board goal; /* cells NULL when not given */
} solve_config;

typedef struct solve_run {
    const solve_config *config;
    cli_out out;
    int failures;
} solve_run;

static void write_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void write_grid(FILE *f, const slide_board *b)
{
    uint32_t largest = (uint32_t)b->rows * (uint32_t)b->cols - 1;
    int width = 1;
    while (largest >= 10) {
        largest /= 10;
        width++;
    }
    for (int r = 0; r < b->rows; r++) {
        for (int c = 0; c < b->cols; c++) {
            uint32_t v = b->cells[r * b->cols + c];
            if (c > 0)
                fputc(' ', f);
            if (v == 0)
                fprintf(f, "%*s", width, "x");
            else
                fprintf(f, "%*u", width, (unsigned)v);
        }
        fputc('\n', f);
    }
}

static void write_path(FILE *f, const slide_board *start, const char *moves, uint64_t length)
{
    slide_board b;
    if (slide_board_copy(&b, start) != SLIDE_OK) {
        fputs("error\n", f);
        return;
    }
    write_grid(f, &b);
    for (uint64_t i = 0; i < length; i++) {
        slide_board_move(&b, moves[i]);
        fputc('\n', f);
        write_grid(f, &b);
    }
    fprintf(f, "\n%llu\n", (unsigned long long)length);
    slide_board_free(&b);
}

static void print_stats(const char *where, const slide_stats *st)
{
    char mem[32];
    fprintf(stderr, "slide: stats: %s: algo %s", where, st->algo ? st->algo : "-");
    if (st->heuristic)
        fprintf(stderr, ", heuristic %s", st->heuristic);
    fprintf(stderr, ", expanded %llu, generated %llu, peak memory %s, %.3f ms%s\n",
            (unsigned long long)st->expanded, (unsigned long long)st->generated,
            cli_format_bytes(st->peak_memory, mem, sizeof mem), st->seconds * 1e3,
            st->optimal ? ", optimal" : "");
}

/* Reports a board that got no answer: `error` on stdout, the reason on stderr. */
static void answer_error(solve_run *run, const char *where, const char *message)
{
    FILE *f = run->out.file;
    run->failures++;
    cli_error("%s: %s", where, message);
    if (run->config->output == OUT_JSON) {
        fputs("{\"error\":", f);
        write_json_string(f, message);
        fputs("}\n", f);
    } else {
        fputs("error\n", f);
    }
    cli_out_line_done(&run->out);
}

static void answer(solve_run *run, const char *where, const slide_board *start,
                   const slide_board *goal)
{
    const solve_config *cfg = run->config;
    slide_solution sol;
    slide_stats st;
    int status = slide_solve(start, goal, &cfg->lib, &sol, &st);
    FILE *f = run->out.file;
    if (cfg->stats)
        print_stats(where, &st);
    if (status != SLIDE_OK && status != SLIDE_E_UNSOLVABLE) {
        char message[512];
        char cap[32];
        if (status == SLIDE_E_MEMLIMIT)
            snprintf(message, sizeof message, "memory limit reached (--max-memory %s)%s%s",
                     cli_format_bytes(cfg->lib.limits.max_memory ? cfg->lib.limits.max_memory
                                                                 : SLIDE_DEFAULT_MAX_MEMORY,
                                      cap, sizeof cap),
                     st.note[0] ? ": " : "", st.note);
        else if (status == SLIDE_E_TIMEOUT)
            snprintf(message, sizeof message, "time limit reached (--timeout %g s)%s%s",
                     cfg->lib.limits.timeout, st.note[0] ? ": " : "", st.note);
        else
            snprintf(message, sizeof message, "%s%s%s", slide_strerror(status),
                     st.note[0] ? ": " : "", st.note);
        answer_error(run, where, message);
        return;
    }
    int solvable = status == SLIDE_OK;
    switch (cfg->output) {
    case OUT_MOVES:
        fputs(solvable ? sol.moves : "unsolvable", f);
        fputc('\n', f);
        break;
    case OUT_STEPS:
        if (solvable)
            fprintf(f, "%llu\n", (unsigned long long)sol.length);
        else
            fputs("-1\n", f);
        break;
    case OUT_PATH:
        if (solvable)
            write_path(f, start, sol.moves, sol.length);
        else
            fputs("unsolvable\n", f);
        break;
    case OUT_JSON:
        fputs("{\"board\":\"", f);
        cli_write_board_spaced(f, start);
        fprintf(f, "\",\"solvable\":%s,", solvable ? "true" : "false");
        if (solvable)
            fprintf(f, "\"steps\":%llu,\"moves\":\"%s\",\"optimal\":%s,",
                    (unsigned long long)sol.length, sol.moves, st.optimal ? "true" : "false");
        else
            fputs("\"steps\":-1,\"moves\":null,\"optimal\":true,", f);
        fprintf(f, "\"algo\":");
        if (st.algo)
            write_json_string(f, st.algo);
        else
            fputs("null", f);
        fprintf(f, ",\"nodes\":%llu,\"generated\":%llu,\"peak_memory\":%zu,\"ms\":%.3f}\n",
                (unsigned long long)st.expanded, (unsigned long long)st.generated, st.peak_memory,
                st.seconds * 1e3);
        break;
    }
    cli_out_line_done(&run->out);
    slide_solution_free(&sol);
}

/* Parses a board with the configured shape; reports and returns non-zero on failure. */
static int parse_board(solve_run *run, const char *where, long line, const char *text, size_t len,
                       slide_board *board, int shape_rows, int shape_cols)
{
    slide_parse_options popt = {shape_rows, shape_cols, line};
    slide_parse_error err;
    int status = slide_board_parse(text, len, &popt, board, &err);
    if (status == SLIDE_OK)
        return 0;
    char place[128];
    if (err.cell > 0)
        snprintf(place, sizeof place, "%s, cell %ld", where, err.cell);
    else if (err.column > 0)
        snprintf(place, sizeof place, "%s, column %ld", where, err.column);
    else
        snprintf(place, sizeof place, "%s", where);
    answer_error(run, place, status == SLIDE_E_PARSE ? err.message : slide_strerror(status));
    return 1;
}

/*
 * One start board (and, with --pairs, its own goal).  Boards take their
 * shape from --size, else from the goal when one was given, else from
 * their own text.
 */
static void solve_text(solve_run *run, const char *where, long line, const char *text, size_t len,
                       const char *goal_text, size_t goal_len)
{
    const solve_config *cfg = run->config;
    slide_board start, pair_goal = {0, 0, 0, NULL};
    const slide_board *goal = cfg->goal.cells ? &cfg->goal : NULL;
    int rows = cfg->rows, cols = cfg->cols;
    if (!rows && goal) {
        rows = goal->rows;
        cols = goal->cols;
    }
    if (parse_board(run, where, line, text, len, &start, rows, cols))
        return;
    if (goal_text) {
        char goal_where[64];
        snprintf(goal_where, sizeof goal_where, "%s (goal)", where);
        if (parse_board(run, goal_where, line + 1, goal_text, goal_len, &pair_goal, start.rows,
                        start.cols)) {
            slide_board_free(&start);
            return;
        }
        goal = &pair_goal;
    }
    if (goal && (goal->rows != start.rows || goal->cols != start.cols)) {
        char message[128];
        snprintf(message, sizeof message, "the board is %dx%d but the goal is %dx%d", start.rows,
                 start.cols, goal->rows, goal->cols);
        answer_error(run, where, message);
    } else {
        answer(run, where, &start, goal);
    }
    slide_board_free(&start);
    slide_board_free(&pair_goal);
}

static int skip_line(const char *line, long len)
{
    long i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i == len || line[i] == '#';
}

static void solve_stdin(solve_run *run)
{
    cli_lines in;
    const char *line;
    long len;
    char where[48];
    cli_lines_init(&in, stdin);
    if (!run->config->pairs) {
        while ((len = cli_lines_next(&in, &line)) >= 0) {
            if (skip_line(line, len))
                continue;
            snprintf(where, sizeof where, "line %ld", in.number);
            solve_text(run, where, in.number, line, (size_t)len, NULL, 0);
        }
    } else {
        char *start = NULL;
        size_t start_cap = 0;
        long start_len = -1, start_number = 0;
        while ((len = cli_lines_next(&in, &line)) >= 0) {
            if (skip_line(line, len))
                continue;
            if (start_len < 0) {
                if ((size_t)len + 1 > start_cap) {
                    char *bigger = realloc(start, (size_t)len + 1);
                    if (!bigger) {
                        cli_error("out of memory");
                        run->failures++;
                        break;
                    }
                    start = bigger;
                    start_cap = (size_t)len + 1;
                }
                memcpy(start, line, (size_t)len + 1);
                start_len = len;
                start_number = in.number;
                continue;
            }
            snprintf(where, sizeof where, "line %ld", start_number);
            solve_text(run, where, start_number, start, (size_t)start_len, line, (size_t)len);
            start_len = -1;
        }
        if (start_len >= 0) {
            snprintf(where, sizeof where, "line %ld", start_number);
            answer_error(run, where, "a start board without its goal line (--pairs)");
        }
        free(start);
    }
    cli_lines_free(&in);
}

static int usage_value(const char *option, const char *value, const char *expected)
{
    cli_error("solve: %s: '%.60s' is not %s", option, value, expected);
    return EXIT_USAGE;
}

static int read_options(cli_scan *scan, solve_config *cfg, const char **goal_text)
{
    const char *value;
    int id;
    slide_parse_error err;
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR:
            return EXIT_USAGE;
        case OPT_HELP:
            cli_help_solve(stdout);
            return -1;
        case OPT_ALGO:
            if (strcmp(value, "auto") != 0 && !slide_algo_by_name(value)) {
                cli_error("solve: --algo: unknown algorithm '%.60s' (see 'slide help solve')", value);
                return EXIT_USAGE;
            }
            cfg->lib.algo = value;
            break;
        case OPT_HEURISTIC: {
            int known = 0;
            for (size_t i = 0; i < slide_heuristic_count(); i++)
                known |= strcmp(slide_heuristic_at(i)->name, value) == 0;
            if (!known) {
                cli_error("solve: --heuristic: unknown heuristic '%.60s' (see 'slide help solve')",
                          value);
                return EXIT_USAGE;
            }
            cfg->lib.heuristic = value;
            break;
        }
        case OPT_GOAL:
            *goal_text = value;
            break;
        case OPT_SIZE:
            if (slide_parse_size(value, &cfg->rows, &cfg->cols, &err) != SLIDE_OK) {
                cli_error("solve: --size: %s", err.message);
                return EXIT_USAGE;
            }
            break;
        case OPT_OUTPUT:
            if (strcmp(value, "moves") == 0)
                cfg->output = OUT_MOVES;
            else if (strcmp(value, "steps") == 0)
                cfg->output = OUT_STEPS;
            else if (strcmp(value, "path") == 0)
                cfg->output = OUT_PATH;
            else if (strcmp(value, "json") == 0)
                cfg->output = OUT_JSON;
            else
                return usage_value("--output", value, "one of moves, steps, path, json");
            break;
        case OPT_PAIRS:
            cfg->pairs = 1;
            break;
        case OPT_STATS:
            cfg->stats = 1;
            break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &cfg->lib.limits.max_memory))
                return usage_value("--max-memory", value, "a size (e.g. 512M, 4G)");
            break;
        case OPT_TIMEOUT:
            if (cli_parse_seconds(value, &cfg->lib.limits.timeout))
                return usage_value("--timeout", value, "a positive number of seconds");
            break;
        default:
            return EXIT_USAGE;
        }
    }
    return 0;
}

int cli_solve(int argc, char **argv)
{
    solve_config cfg;
    cli_scan scan;
    const char *goal_text = NULL;
    memset(&cfg, 0, sizeof cfg);
    if (cli_scan_init(&scan, argc, argv, 2, solve_options, "solve") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    int status = read_options(&scan, &cfg, &goal_text);
    if (status != 0) {
        cli_scan_free(&scan);
        return status < 0 ? 0 : status;
    }
    if (goal_text) {
        slide_parse_options popt = {cfg.rows, cfg.cols, 0};
        slide_parse_error err;
        if (slide_board_parse(goal_text, strlen(goal_text), &popt, &cfg.goal, &err) != SLIDE_OK) {
            cli_report_parse_error("solve: --goal", &err);
            cli_scan_free(&scan);
            return EXIT_USAGE;
        }
    }
    if (cfg.pairs && goal_text) {
        cli_error("solve: --pairs gives each board its own goal; drop --goal");
        slide_board_free(&cfg.goal);
        cli_scan_free(&scan);
        return EXIT_USAGE;
    }

    solve_run run;
    memset(&run, 0, sizeof run);
    run.config = &cfg;
    cli_out_init(&run.out, stdout);
    if (scan.positional_count == 0) {
        solve_stdin(&run);
    } else if (cfg.pairs) {
        if (scan.positional_count % 2) {
            cli_error("solve: --pairs needs start and goal boards in pairs; %d boards given",
                      scan.positional_count);
            status = EXIT_USAGE;
        }
        for (int i = 0; status == 0 && i + 1 < scan.positional_count; i += 2) {
            char where[48];
            snprintf(where, sizeof where, "argument %d", i + 1);
            solve_text(&run, where, 0, scan.positional[i], strlen(scan.positional[i]),
                       scan.positional[i + 1], strlen(scan.positional[i + 1]));
        }
    } else {
        for (int i = 0; i < scan.positional_count; i++) {
            char where[48];
            snprintf(where, sizeof where, "argument %d", i + 1);
            solve_text(&run, where, 0, scan.positional[i], strlen(scan.positional[i]), NULL, 0);
        }
    }
    if (cli_out_close(&run.out) && status == 0)
        status = EXIT_FAILED_BOARD;
    if (status == 0 && run.failures)
        status = EXIT_FAILED_BOARD;
    slide_board_free(&cfg.goal);
    cli_scan_free(&scan);
    return status;
}
