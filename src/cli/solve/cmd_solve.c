/*
 * cmd_solve.c - `slide solve`: boards from arguments or stdin, answers on stdout
 * in input order, one line (or block, for --output path) per board.
 */
#include "cli/commands.h"
#include "cli/base/text.h"
#include "cli/batch/batch.h"
#include "cli/judge/judge.h"
#include "cli/game/svg.h"
#include "cli/solve/solve_internal.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { OUT_MOVES, OUT_STEPS, OUT_PATH, OUT_JSON, OUT_SVG, OUT_TILES };
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
                                 i == 0 ? "" : wrap ? ",\n" : ", ", name);
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

typedef struct solve_config {
    slide_solve_options lib;
    slide_limits limits; /* lib.limits points here */
    int output;
    int pairs;
    int stats;
    int rows; /* from --size, 0 when not given */
    int cols;
    slide_board goal; /* cells NULL when not given */
    int jobs;
    const char *output_dir; /* -o svg: where each board's file goes; NULL = stdout */
    /*
     * The batch fast path, indexed by a board's cell count: the standard
     * goals it made, and the goal it answers boards of that count for (a
     * view of goal or standard; rows == 0 when it answers none).
     */
    int use_fast;
    slide_board standard[SLIDE_MAX_TABLE_CELLS + 1];
    slide_board fast[SLIDE_MAX_TABLE_CELLS + 1];
    /* the tables once built; threads of a batch share them */
    _Atomic(const slide_dist_table *) fast_table[SLIDE_MAX_TABLE_CELLS + 1];
} solve_config;

typedef struct solve_run {
    const solve_config *config;
    cli_out out;
    FILE *err; /* messages: stderr, or a chunk's buffer with --jobs */
    int failures;
    atomic_int *noted_not_optimal; /* shared by the batch: the auto note was printed */
    long board_number;             /* the argument or line number, for --output-dir names */
    int stopped; /* a signal cancelled this board's search: no answer, nor for any board after */
    long answered; /* the last argument or input line answered: how far a stopped run got */
} solve_run;

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0 when it is not one. */
static size_t utf8_sequence(const unsigned char *s)
{
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (s[0] >= 0xF5 || len == 0)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, surrogate, past U+10FFFF */
    return len;
}

/* s as a JSON string: escaped, and any byte that is not UTF-8 replaced by U+FFFD. */
static void write_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    while (*s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
        } else if (c < 0x20) {
            fprintf(f, "\\u%04x", c);
        } else if (c >= 0x80) {
            size_t len = utf8_sequence((const unsigned char *)s);
            if (len == 0) {
                fputs("\\ufffd", f);
            } else {
                fwrite(s, 1, len, f);
                s += len - 1;
            }
        } else {
            fputc(c, f);
        }
        s++;
    }
    fputc('"', f);
}

static void write_path(FILE *f, const slide_board *start, const char *moves, uint64_t length)
{
    slide_board b;
    if (slide_board_copy(&b, start) != SLIDE_OK) {
        fputs("error\n", f);
        return;
    }
    cli_write_board(f, &b, CLI_BOARD_GRID);
    for (uint64_t i = 0; i < length; i++) {
        slide_board_move(&b, moves[i]);
        fputc('\n', f);
        cli_write_board(f, &b, CLI_BOARD_GRID);
    }
    fprintf(f, "\n%llu\n", (unsigned long long)length);
    slide_board_free(&b);
}

/*
 * -o tiles: the number of the tile each move slides (the one the blank
 * trades places with), in order, separated by spaces, on one line: an
 * empty line when the board is solved already.  Returns 0, or -1 when out
 * of memory (nothing written).
 */
static int write_tiles(FILE *f, const slide_board *start, const char *moves, uint64_t length)
{
    slide_board b;
    if (slide_board_copy(&b, start) != SLIDE_OK)
        return -1;
    for (uint64_t i = 0; i < length; i++) {
        int from = b.blank;
        if (slide_board_move(&b, moves[i]) != SLIDE_OK)
            break; /* the library's answers are legal; this only keeps a bad one from reading wild */
        fprintf(f, i ? " %u" : "%u", (unsigned)b.cells[from]);
    }
    fputc('\n', f);
    slide_board_free(&b);
    return 0;
}

/* The --stats line of one solve that returned status. */
static void print_stats(FILE *err, const char *where, const slide_stats *st, int status)
{
    char mem[32], note[CLI_MESSAGE_SIZE];
    fprintf(err, "slide: stats: %s: algo %s", where, st->algo ? st->algo : "-");
    if (st->heuristic)
        fprintf(err, ", heuristic %s", st->heuristic);
    if (st->weight > 0)
        fprintf(err, ", weight %g", st->weight);
    fprintf(err, ", expanded %llu, generated %llu, peak memory %s",
            (unsigned long long)st->expanded, (unsigned long long)st->generated,
            cli_format_bytes(st->peak_memory, mem, sizeof mem));
    if (st->table_memory)
        fprintf(err, ", tables %s", cli_format_bytes(st->table_memory, mem, sizeof mem));
    if (st->table_shared == st->table_memory && st->table_shared)
        fputs(" (shared with an earlier goal: charged once)", err);
    else if (st->table_shared)
        fprintf(err, " (%s shared with an earlier goal: charged once)",
                cli_format_bytes(st->table_shared, mem, sizeof mem));
    char proven[64];
    fputs(cli_not_optimal(st, status, proven, sizeof proven), err);
    fprintf(err, ", %.3f ms%s%s%s\n", st->seconds * 1e3,
            st->optimal ? ", optimal" : "", st->note[0] ? "; " : "",
            cli_solve_note(st, status, note, sizeof note));
}

/* Reports a board that got no answer: `error` on stdout, the reason on stderr. */
static void answer_error(solve_run *run, const char *where, const char *message)
{
    FILE *f = run->out.file;
    run->failures++;
    fprintf(run->err, "slide: %s: %s\n", where, message);
    if (run->config->output == OUT_JSON) {
        fputs("{\"error\":", f);
        write_json_string(f, message);
        fputs("}\n", f);
    } else {
        fputs("error\n", f);
    }
    cli_out_line_done(&run->out);
}

/*
 * --output moves streams: the library hands the moves over in pieces and
 * they go to the output as they come, so a 1000x1000 answer of 2*10^9
 * moves needs no memory for itself.  The first STREAM_HOLD bytes are held
 * back, so a board that fails before that prints `error` like any other;
 * only a failure after that (a --timeout deep into a huge answer) leaves a
 * partial line, which answer() ends with " error" and reports.
 */
#define STREAM_HOLD ((size_t)1 << 20)

typedef struct move_stream {
    FILE *file;
    char small[8192]; /* held moves, until they outgrow it */
    char *held;       /* small, or a heap block of at most STREAM_HOLD */
    size_t held_len;
    size_t held_cap;
    unsigned long long written; /* bytes already on the output */
} move_stream;

/* slide_move_sink: returns non-zero (cancelling the search) when output fails. */
static int stream_moves(void *ctx, const char *moves, size_t len)
{
    move_stream *ms = ctx;
    if (!ms->written && ms->held_len + len <= STREAM_HOLD) {
        if (ms->held_len + len > ms->held_cap) {
            size_t cap = ms->held_cap * 2;
            while (cap < ms->held_len + len)
                cap *= 2;
            char *bigger = ms->held == ms->small ? malloc(cap) : realloc(ms->held, cap);
            if (!bigger)
                return 1;
            if (ms->held == ms->small)
                memcpy(bigger, ms->small, ms->held_len);
            ms->held = bigger;
            ms->held_cap = cap;
        }
        memcpy(ms->held + ms->held_len, moves, len);
        ms->held_len += len;
        return 0;
    }
    if (ms->held_len && fwrite(ms->held, 1, ms->held_len, ms->file) != ms->held_len)
        return 1;
    ms->written += ms->held_len;
    ms->held_len = 0;
    if (fwrite(moves, 1, len, ms->file) != len)
        return 1;
    ms->written += len;
    return 0;
}

/*
 * -o svg: the drawing on stdout, or with --output-dir into DIR/board-N.svg
 * (N the board's argument or line number) and that path on stdout.  A
 * board over svg.c's limits, or a file that cannot be written, gets `error`
 * and leaves DIR/board-N.svg as it was (cli_file: the drawing is written
 * under a temporary name and renamed over it only when whole).
 */
static void answer_svg(solve_run *run, const char *where, const slide_board *start,
                       const slide_board *goal, const slide_solution *sol)
{
    const char *dir = run->config->output_dir;
    char reason[400], name[48];
    slide_board standard = {0, 0, 0, NULL};
    if (!goal && slide_board_init_goal(&standard, start->rows, start->cols) != SLIDE_OK) {
        answer_error(run, where, "out of memory");
        return;
    }
    cli_file file;
    FILE *f = run->out.file;
    snprintf(name, sizeof name, "board-%ld.svg", run->board_number);
    int failed = dir && cli_file_open(&file, dir, name, reason, sizeof reason) != 0;
    if (!failed && svg_write(dir ? file.file : f, start, goal ? goal : &standard, sol->moves,
                             sol->length, reason, sizeof reason) != 0) {
        failed = 1;
        if (dir)
            cli_file_discard(&file);
    } else if (!failed && dir) {
        failed = cli_file_commit(&file, reason, sizeof reason) != 0;
    }
    if (failed) {
        answer_error(run, where, reason);
    } else {
        if (dir)
            fprintf(run->out.file, "%s\n", file.path);
        cli_out_line_done(&run->out);
    }
    slide_board_free(&standard);
}

static void answer(solve_run *run, const char *where, const slide_board *start,
                   const slide_board *goal)
{
    const solve_config *cfg = run->config;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    slide_solve_options opt = cfg->lib;
    move_stream stream;
    char reason[200];
    if (cfg->output == OUT_SVG && svg_check_board(start, reason, sizeof reason) != 0) {
        answer_error(run, where, reason); /* before a search whose answer could not be drawn */
        return;
    }
    stream.file = run->out.file;
    stream.held = stream.small;
    stream.held_len = 0;
    stream.held_cap = sizeof stream.small;
    stream.written = 0;
    if (cfg->output == OUT_MOVES) {
        opt.sink = stream_moves;
        opt.sink_ctx = &stream;
    } else if (cfg->output == OUT_STEPS) {
        opt.count_only = 1; /* the length is all that is printed */
    }
    int status = slide_solve(start, goal, &opt, &sol, &st);
    cli_progress_end(cfg->lib.progress_ctx);
    FILE *f = run->out.file;
    if (cfg->stats)
        print_stats(run->err, where, &st, status);
    if (status == SLIDE_OK && !st.optimal && run->noted_not_optimal && !cfg->lib.weight &&
        (!cfg->lib.algo || strcmp(cfg->lib.algo, "auto") == 0) &&
        !atomic_exchange(run->noted_not_optimal, 1)) {
        if (st.weight > 0)
            fprintf(run->err,
                    "slide: note: boards of %d to %d cells are solved by weighted search on "
                    "their cached pattern databases: fast and near-optimal (the first by --algo "
                    "%s --weight %g, at most %g x optimal; --stats gives each board's), not "
                    "proven optimal (said once)\n",
                    SLIDE_MAX_PACKED_CELLS + 1, SLIDE_MAX_WIDE_CELLS, st.algo ? st.algo : "astar",
                    st.weight, st.weight);
        else if (st.remedy == SLIDE_REMEDY_PDB_BUILD)
            fprintf(run->err,
                    "slide: note: %dx%d boards are solved with --algo %s: near-optimal, not "
                    "proven optimal; `slide pdb build --size %dx%d%s` once makes their answers "
                    "shorter (said once)\n",
                    start->rows, start->cols, st.algo ? st.algo : "beam", start->rows,
                    start->cols,
                    goal ? " --goal ..." : "");
        else
            fprintf(run->err,
                    "slide: note: answers to boards over %d cells are fast but not proven "
                    "optimal (this %dx%d board's from --algo %s; --stats names each board's; "
                    "said once)\n",
                    SLIDE_MAX_PACKED_CELLS, start->rows, start->cols,
                    st.algo ? st.algo : "strategy");
    }
    if (status != SLIDE_OK && status != SLIDE_E_UNSOLVABLE) {
        if (stream.held != stream.small)
            free(stream.held);
        /* a signal's cancel: no line for the board (the batch stops here) unless one was begun */
        run->stopped = status == SLIDE_E_CANCELLED && cli_interrupted();
        char message[512];
        char cap[32], note[CLI_MESSAGE_SIZE];
        cli_solve_note(&st, status, note, sizeof note);
        if (run->stopped)
            snprintf(message, sizeof message, "interrupted");
        else if (status == SLIDE_E_MEMLIMIT)
            snprintf(message, sizeof message, "memory limit reached (--max-memory %s)%s%s",
                     cli_format_bytes(cfg->limits.max_memory ? cfg->limits.max_memory
                                                                 : SLIDE_DEFAULT_MAX_MEMORY,
                                      cap, sizeof cap),
                     note[0] ? ": " : "", note);
        else if (status == SLIDE_E_TIMEOUT)
            snprintf(message, sizeof message, "time limit reached (--timeout %g s)%s%s",
                     cfg->limits.timeout, note[0] ? ": " : "", note);
        else
            snprintf(message, sizeof message, "%s%s%s", slide_strerror(status),
                     note[0] ? ": " : "", note);
        if (stream.written) {
            /*
             * part of the answer is already on its line: end the line with
             * " error", so that stdout alone tells it from a whole answer
             * (a line that got no answer ends in `error`), and say so
             */
            fputs(" error\n", f);
            run->failures++;
            fprintf(run->err,
                    "slide: %s: %s (the %llu moves before ' error' on its line are an incomplete "
                    "answer)\n",
                    where, message, stream.written);
            cli_out_line_done(&run->out);
            return;
        }
        if (!run->stopped)
            answer_error(run, where, message);
        return;
    }
    int solvable = status == SLIDE_OK;
    switch (cfg->output) {
    case OUT_MOVES:
        if (solvable)
            fwrite(stream.held, 1, stream.held_len, f);
        else
            fputs("unsolvable", f);
        fputc('\n', f);
        if (stream.held != stream.small)
            free(stream.held);
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
        cli_write_board(f, start, CLI_BOARD_SPACED);
        fprintf(f, "\",\"solvable\":%s,", solvable ? "true" : "false");
        if (solvable)
            fprintf(f, "\"steps\":%llu,\"moves\":\"%s\",\"optimal\":%s,\"lower_bound\":%llu,",
                    (unsigned long long)sol.length, sol.moves, st.optimal ? "true" : "false",
                    (unsigned long long)st.lower_bound);
        else
            fputs("\"steps\":-1,\"moves\":null,\"optimal\":true,\"lower_bound\":-1,", f);
        fprintf(f, "\"algo\":");
        if (st.algo)
            write_json_string(f, st.algo);
        else
            fputs("null", f);
        fprintf(f,
                ",\"nodes\":%llu,\"generated\":%llu,\"peak_memory\":%zu,\"table_memory\":%zu,"
                "\"ms\":%.3f}\n",
                (unsigned long long)st.expanded, (unsigned long long)st.generated, st.peak_memory,
                st.table_memory, st.seconds * 1e3);
        break;
    case OUT_TILES:
        if (!solvable) {
            fputs("unsolvable\n", f);
        } else if (write_tiles(f, start, sol.moves, sol.length) != 0) {
            slide_solution_free(&sol);
            answer_error(run, where, slide_strerror(SLIDE_E_NOMEM));
            return;
        }
        break;
    case OUT_SVG:
        if (solvable) {
            answer_svg(run, where, start, goal, &sol);
            slide_solution_free(&sol);
            return;
        }
        fputs("unsolvable\n", f);
        break;
    }
    cli_out_line_done(&run->out);
    slide_solution_free(&sol);
}

/* Parses a board with the configured shape; reports and returns non-zero on failure. */
static int parse_board(solve_run *run, const char *where, long line, const char *text, size_t len,
                       slide_board *board, int shape_rows, int shape_cols)
{
    slide_parse_options popt = slide_parse_options_init();
    popt.rows = shape_rows;
    popt.cols = shape_cols;
    popt.line = line;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(text, len, &popt, board, &err);
    if (status == SLIDE_OK)
        return 0;
    char place[128], message[CLI_MESSAGE_SIZE];
    if (err.cell > 0)
        snprintf(place, sizeof place, "%s, cell %ld", where, err.cell);
    else if (err.column > 0)
        snprintf(place, sizeof place, "%s, column %ld", where, err.column);
    else
        snprintf(place, sizeof place, "%s", where);
    answer_error(run, place,
                 status == SLIDE_E_PARSE ? cli_parse_message(&err, message, sizeof message)
                                         : slide_strerror(status));
    return 1;
}

/*
 * One start board (and, with --pairs, its own goal, found at goal_where:
 * its own line or argument).  Boards take their shape from --size, else
 * from the goal when one was given, else from their own text.
 */
static void solve_text(solve_run *run, const char *where, long line, const char *text, size_t len,
                       const char *goal_where, long goal_line, const char *goal_text,
                       size_t goal_len)
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
        if (parse_board(run, goal_where, goal_line, goal_text, goal_len, &pair_goal, start.rows,
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

/*
 * The fast path for the commonest batch: small boards that the library's
 * quick read takes (spaced or compact, one character a cell), answered by
 * table lookup with no allocation.  Anything else (row marks, lists,
 * errors, other options) returns 0 and takes the general path, which gives
 * identical answers and every error message.
 */
static int answer_fast(solve_config *cfg, cli_batch_io *io, const char *text, size_t len)
{
    uint8_t cells[SLIDE_MAX_TABLE_CELLS];
    int n = slide_board_read_small(text, len, cells);
    if (n == 0 || cfg->fast[n].rows == 0)
        return 0;
    /* the table pointer is fetched once per cell count and then read without the context's lock */
    const slide_dist_table *table = atomic_load_explicit(&cfg->fast_table[n], memory_order_acquire);
    if (!table) {
        if (slide_dist_table_get(cfg->lib.context, &cfg->fast[n], &table) != SLIDE_OK)
            return 0;
        atomic_store_explicit(&cfg->fast_table[n], table, memory_order_release);
    }
    char moves[64];
    int d = cfg->output == OUT_STEPS ? slide_dist_table_distance(table, cells)
                                     : slide_dist_table_moves(table, cells, moves, sizeof moves);
    if (d == SLIDE_E_ARGUMENT)
        return 0; /* a duplicate or out-of-range tile: the parser names it */
    if (cfg->output == OUT_STEPS) {
        char digits[4] = {'-', '1', '\n'};
        size_t digit_count = 3;
        if (d >= 10) {
            digits[0] = (char)('0' + d / 10);
            digits[1] = (char)('0' + d % 10);
        } else if (d >= 0) {
            digits[0] = (char)('0' + d);
            digits[1] = '\n';
            digit_count = 2;
        }
        fwrite(digits, 1, digit_count, io->out);
    } else if (d < 0) {
        fputs("unsolvable\n", io->out);
    } else {
        moves[d] = '\n';
        fwrite(moves, 1, (size_t)d + 1, io->out);
    }
    return 1;
}

static void answer_item(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    solve_run *shared = arg;
    solve_config *cfg = (solve_config *)shared->config;
    if (cfg->use_fast && !item->goal_text && answer_fast(cfg, io, item->text, item->len))
        return;
    solve_run run = *shared;
    char where[48], goal_where[48];
    run.out.file = io->out;
    run.out.flush_each_line = 0; /* the batch flushes when its input would block */
    run.err = io->err;
    run.failures = 0;
    run.board_number = item->number;
    snprintf(where, sizeof where, "line %ld", item->number);
    snprintf(goal_where, sizeof goal_where, "line %ld (goal)", item->goal_number);
    solve_text(&run, where, item->number, item->text, item->len, goal_where, item->goal_number,
               item->goal_text, item->goal_len);
    io->failures += run.failures;
    io->stopped = run.stopped;
}

static void answer_refused(void *arg, cli_batch_io *io, const cli_batch_item *item,
                           const char *reason)
{
    solve_run run = *(solve_run *)arg;
    char where[48];
    run.out.file = io->out;
    run.out.flush_each_line = 0;
    run.err = io->err;
    run.failures = 0;
    snprintf(where, sizeof where, "line %ld", item->number);
    answer_error(&run, where, reason);
    io->failures += run.failures;
}


/*
 * Which boards the fast path may answer, by cell count: those of the goal's
 * shape when there is a goal, of the --size shape, else every count the
 * parser infers a shape for (slide_infer_shape), and of those only the
 * shapes the library answers from its distance table under these options
 * (slide_solve_uses_table).  Only for plain moves or steps output with no
 * per-board statistics.  Short of memory for a goal, it answers none: the
 * general path answers them all.
 */
static void plan_fast_path(solve_config *cfg)
{
    if (cfg->stats || cfg->pairs || (cfg->output != OUT_MOVES && cfg->output != OUT_STEPS))
        return;
    for (int n = 1; n <= SLIDE_MAX_TABLE_CELLS; n++) {
        int rows = cfg->rows, cols = cfg->cols;
        if (cfg->goal.cells) {
            if (cfg->goal.rows * cfg->goal.cols != n ||
                !slide_solve_uses_table(cfg->goal.rows, cfg->goal.cols, &cfg->lib))
                continue;
            cfg->fast[n] = cfg->goal;
        } else {
            if (rows ? rows * cols != n : slide_infer_shape((size_t)n, &rows, &cols) != SLIDE_OK)
                continue;
            if (!slide_solve_uses_table(rows, cols, &cfg->lib))
                continue;
            if (slide_board_init_goal(&cfg->standard[n], rows, cols) != SLIDE_OK) {
                cfg->use_fast = 0;
                return;
            }
            cfg->fast[n] = cfg->standard[n];
        }
        cfg->use_fast = 1;
    }
}

static void solve_stdin(solve_run *run)
{
    solve_config *cfg = (solve_config *)run->config;
    cli_batch batch = {cfg->jobs, cfg->pairs, run, answer_item, answer_refused};
    cli_batch_io io = {run->out.file, run->err, 0, 0, 0};
    plan_fast_path(cfg);
    int status = cli_batch_run(&batch, 0, &io);
    run->failures += io.failures;
    run->stopped = io.stopped;
    run->answered = io.last_answered;
    if (status == -1) {
        cli_error("out of memory");
        run->failures++;
    } else if (status == -2) {
        cli_error("error reading input: %s", strerror(errno));
        run->failures++;
    }
    for (int n = 0; n <= SLIDE_MAX_TABLE_CELLS; n++)
        slide_board_free(&cfg->standard[n]);
}

/*
 * -o svg without --output-dir on stdin: the drawing of the one board (or
 * pair) stdin holds, as for a board given as an argument.  Stdin is read to
 * its end first, so that a second board is refused (as a second argument
 * is) before anything is drawn.
 */
typedef struct svg_stdin {
    long items;   /* boards (pairs) read */
    long second;  /* the line the second one starts on */
    long number;  /* the first's line, and its goal's */
    long goal_number;
    char *text; /* the first's text and its goal's (copies; NULL when refused) */
    size_t len;
    char *goal_text;
    size_t goal_len;
    char reason[200]; /* why the first was refused, "" when it was not */
    int no_memory;
} svg_stdin;

static char *copy_text(const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, text, len);
        copy[len] = '\0';
    }
    return copy;
}

static void svg_stdin_take(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    svg_stdin *c = arg;
    (void)io;
    if (++c->items == 2)
        c->second = item->number;
    if (c->items != 1)
        return;
    c->number = item->number;
    c->goal_number = item->goal_number;
    c->len = item->len;
    c->goal_len = item->goal_len;
    c->text = copy_text(item->text, item->len);
    c->goal_text = item->goal_text ? copy_text(item->goal_text, item->goal_len) : NULL;
    c->no_memory = !c->text || (item->goal_text && !c->goal_text);
}

static void svg_stdin_refused(void *arg, cli_batch_io *io, const cli_batch_item *item,
                              const char *reason)
{
    svg_stdin *c = arg;
    (void)io;
    if (++c->items == 2)
        c->second = item->number;
    if (c->items == 1) {
        c->number = item->number;
        snprintf(c->reason, sizeof c->reason, "%s", reason);
    }
}

static int solve_stdin_svg(solve_run *run)
{
    solve_config *cfg = (solve_config *)run->config;
    svg_stdin c;
    memset(&c, 0, sizeof c);
    cli_batch batch = {1, cfg->pairs, &c, svg_stdin_take, svg_stdin_refused};
    cli_batch_io io = {run->out.file, run->err, 0, 0, 0};
    int status = cli_batch_run(&batch, 0, &io), exit = 0;
    char where[48], goal_where[48];
    snprintf(where, sizeof where, "line %ld", c.number);
    snprintf(goal_where, sizeof goal_where, "line %ld (goal)", c.goal_number);
    if (status == -1 || c.no_memory) {
        cli_error("out of memory");
        run->failures++;
    } else if (status == -2) {
        cli_error("error reading input: %s", strerror(errno));
        run->failures++;
    } else if (c.items > 1) {
        cli_error("solve: -o svg writes one board's drawing to stdout, but stdin holds more "
                  "(line %ld starts another); for several boards give --output-dir DIR",
                  c.second);
        exit = EXIT_USAGE;
    } else if (c.items == 1 && c.reason[0]) {
        answer_error(run, where, c.reason);
    } else if (c.items == 1) {
        /* one board, searched on every job's thread as an argument is */
        cfg->lib.threads = cfg->jobs;
        run->board_number = c.number;
        solve_text(run, where, c.number, c.text, c.len, goal_where, c.goal_number, c.goal_text,
                   c.goal_len);
    }
    free(c.text);
    free(c.goal_text);
    return exit;
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
#define MAX_CHOICES 32

static int read_options(cli_scan *scan, solve_config *cfg, const char **goal_text)
{
    const char *value;
    int id;
    slide_parse_error err = slide_parse_error_init();
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR:
            return EXIT_USAGE;
        case OPT_HELP:
            cli_help_solve(stdout);
            return -1;
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
            cfg->output = cli_parse_choice("solve: --output", value, NULL, output_names,
                                           sizeof output_names / sizeof output_names[0]);
            if (cfg->output < 0)
                return EXIT_USAGE;
            break;
        case OPT_PAIRS:
            cfg->pairs = 1;
            break;
        case OPT_STATS:
            cfg->stats = 1;
            break;
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
        case OPT_WEIGHT:
            if (cli_parse_seconds(value, &cfg->lib.weight) || cfg->lib.weight < 1 ||
                cfg->lib.weight > SLIDE_MAX_WEIGHT)
                return usage_value("--weight", value, "a number from 1 to 100");
            break;
        case OPT_JOBS: {
            unsigned long long jobs;
            if (cli_parse_count(value, CLI_MAX_JOBS, &jobs))
                return usage_value("--jobs", value, "a number of threads from 0 (all cores) to 256");
            if (jobs == 0) {
                long cores = sysconf(_SC_NPROCESSORS_ONLN);
                jobs = cores < 1 ? 1 : cores > CLI_MAX_JOBS ? CLI_MAX_JOBS : (unsigned long long)cores;
            }
            cfg->jobs = (int)jobs;
            break;
        }
        default:
            return EXIT_USAGE;
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
    static const cli_alias aliases[] = {
        {"--format", "gen", "--output"}, {"-f", "gen", "--output"}, {NULL, NULL, NULL}};
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
