/*
 * answer.c - one board of `slide solve` answered: parsed, searched, and its
 * answer written in the --output form (moves streamed as the library finds
 * them), or `error` and the reason.
 */
#include "cli/game/svg.h"
#include "cli/solve/solve_internal.h"

#include <stdlib.h>
#include <string.h>

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
        /* the library's answers are legal; this only keeps a bad one from reading wild */
        if (slide_board_move(&b, moves[i]) != SLIDE_OK)
            break;
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
    fprintf(err, ", %.3f ms%s%s%s\n", st->seconds * 1e3, st->optimal ? ", optimal" : "",
            st->note[0] ? "; " : "", cli_solve_note(st, status, note, sizeof note));
}

void solve_answer_error(solve_run *run, const char *where, const char *message)
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
        solve_answer_error(run, where, "out of memory");
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
        solve_answer_error(run, where, reason);
    } else {
        if (dir)
            fprintf(run->out.file, "%s\n", file.path);
        cli_out_line_done(&run->out);
    }
    slide_board_free(&standard);
}

static void move_stream_init(move_stream *ms, FILE *file)
{
    ms->file = file;
    ms->held = ms->small;
    ms->held_len = 0;
    ms->held_cap = sizeof ms->small;
    ms->written = 0;
}

static void move_stream_free(move_stream *ms)
{
    if (ms->held != ms->small)
        free(ms->held);
    ms->held = ms->small;
}

/*
 * Once a run (the first of its boards to need it), for --algo auto's
 * answer that is not proven optimal: a note on stderr saying why and what
 * would prove it, or make it shorter.  Nothing when the user chose the
 * algorithm or a --weight, which say so themselves.
 */
static void note_not_optimal_once(solve_run *run, const slide_stats *st, const slide_board *start,
                                  const slide_board *goal)
{
    const solve_config *cfg = run->config;
    if (!run->noted_not_optimal || cfg->lib.weight ||
        (cfg->lib.algo && strcmp(cfg->lib.algo, "auto") != 0) ||
        atomic_exchange(run->noted_not_optimal, 1))
        return;
    if (st->weight > 0)
        fprintf(run->err,
                "slide: note: boards of %d to %d cells are solved by weighted search on "
                "their cached pattern databases: fast and near-optimal (the first by --algo "
                "%s --weight %g, at most %g x optimal; --stats gives each board's), not "
                "proven optimal (said once)\n",
                SLIDE_MAX_PACKED_CELLS + 1, SLIDE_MAX_WIDE_CELLS, st->algo ? st->algo : "astar",
                st->weight, st->weight);
    else if (st->remedy == SLIDE_REMEDY_PDB_BUILD)
        fprintf(run->err,
                "slide: note: %dx%d boards are solved with --algo %s: near-optimal, not "
                "proven optimal; `slide pdb build --size %dx%d%s` once makes their answers "
                "shorter (said once)\n",
                start->rows, start->cols, st->algo ? st->algo : "beam", start->rows, start->cols,
                goal ? " --goal ..." : "");
    else
        fprintf(run->err,
                "slide: note: answers to boards over %d cells are fast but not proven "
                "optimal (this %dx%d board's from --algo %s; --stats names each board's; "
                "said once)\n",
                SLIDE_MAX_PACKED_CELLS, start->rows, start->cols, st->algo ? st->algo : "strategy");
}

/*
 * A search that returned status, neither an answer nor unsolvable: the
 * reason (the limit it reached, with the library's note and advice) on
 * stderr, and on stdout `error`, or " error" ending the line when `written`
 * moves of it are out already.  A signal's cancel writes no line (the
 * batch stops here) unless one was begun.
 */
static void answer_failure(solve_run *run, const char *where, const slide_stats *st, int status,
                           unsigned long long written)
{
    const solve_config *cfg = run->config;
    run->stopped = status == SLIDE_E_CANCELLED && cli_interrupted();
    char message[512];
    char cap[32], note[CLI_MESSAGE_SIZE];
    cli_solve_note(st, status, note, sizeof note);
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
        snprintf(message, sizeof message, "%s%s%s", slide_strerror(status), note[0] ? ": " : "",
                 note);
    if (written) {
        /*
         * part of the answer is already on its line: end the line with
         * " error", so that stdout alone tells it from a whole answer
         * (a line that got no answer ends in `error`), and say so
         */
        fputs(" error\n", run->out.file);
        run->failures++;
        fprintf(run->err,
                "slide: %s: %s (the %llu moves before ' error' on its line are an incomplete "
                "answer)\n",
                where, message, written);
        cli_out_line_done(&run->out);
        return;
    }
    if (!run->stopped)
        solve_answer_error(run, where, message);
}

/* -o json: the answer's line, with the search's figures. */
static void write_json_answer(FILE *f, const slide_board *start, int solvable,
                              const slide_solution *sol, const slide_stats *st)
{
    fputs("{\"board\":\"", f);
    cli_write_board(f, start, CLI_BOARD_SPACED);
    fprintf(f, "\",\"solvable\":%s,", solvable ? "true" : "false");
    if (solvable)
        fprintf(f, "\"steps\":%llu,\"moves\":\"%s\",\"optimal\":%s,\"lower_bound\":%llu,",
                (unsigned long long)sol->length, sol->moves, st->optimal ? "true" : "false",
                (unsigned long long)st->lower_bound);
    else
        fputs("\"steps\":-1,\"moves\":null,\"optimal\":true,\"lower_bound\":-1,", f);
    fprintf(f, "\"algo\":");
    if (st->algo)
        write_json_string(f, st->algo);
    else
        fputs("null", f);
    if (st->note[0]) {
        /* what else made the answer (strategy after a beam lost its way), as --stats says */
        fputs(",\"note\":", f);
        write_json_string(f, st->note);
    }
    fprintf(f,
            ",\"nodes\":%llu,\"generated\":%llu,\"peak_memory\":%zu,\"table_memory\":%zu,"
            "\"ms\":%.3f}\n",
            (unsigned long long)st->expanded, (unsigned long long)st->generated, st->peak_memory,
            st->table_memory, st->seconds * 1e3);
}

/*
 * An answer (solvable) or "unsolvable" in the --output form, its line
 * done; the moves of -o moves are those stream held.  A drawing or tiles
 * that cannot be made get `error` instead.
 */
static void write_answer(solve_run *run, const char *where, const slide_board *start,
                         const slide_board *goal, int solvable, const slide_solution *sol,
                         const slide_stats *st, const move_stream *stream)
{
    FILE *f = run->out.file;
    switch (run->config->output) {
    case OUT_MOVES:
        if (solvable)
            fwrite(stream->held, 1, stream->held_len, f);
        else
            fputs("unsolvable", f);
        fputc('\n', f);
        break;
    case OUT_STEPS:
        if (solvable)
            fprintf(f, "%llu\n", (unsigned long long)sol->length);
        else
            fputs("-1\n", f);
        break;
    case OUT_PATH:
        if (solvable)
            write_path(f, start, sol->moves, sol->length);
        else
            fputs("unsolvable\n", f);
        break;
    case OUT_JSON: write_json_answer(f, start, solvable, sol, st); break;
    case OUT_TILES:
        if (!solvable) {
            fputs("unsolvable\n", f);
        } else if (write_tiles(f, start, sol->moves, sol->length) != 0) {
            solve_answer_error(run, where, slide_strerror(SLIDE_E_NOMEM));
            return;
        }
        break;
    case OUT_SVG:
        if (solvable) {
            answer_svg(run, where, start, goal, sol); /* its line done or `error` */
            return;
        }
        fputs("unsolvable\n", f);
        break;
    }
    cli_out_line_done(&run->out);
}

/* One board searched and answered (or `error`), on run's output. */
static void answer(solve_run *run, const char *where, const slide_board *start,
                   const slide_board *goal)
{
    const solve_config *cfg = run->config;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    slide_solve_options opt = cfg->lib;
    move_stream stream;
    char reason[200];
    /* a board too large to draw is refused before a search whose answer could not be drawn */
    if (cfg->output == OUT_SVG && svg_check_board(start, reason, sizeof reason) != 0) {
        solve_answer_error(run, where, reason);
        return;
    }
    move_stream_init(&stream, run->out.file);
    if (cfg->output == OUT_MOVES) {
        opt.sink = stream_moves;
        opt.sink_ctx = &stream;
    } else if (cfg->output == OUT_STEPS) {
        opt.count_only = 1; /* the length is all that is printed */
    }
    int status = slide_solve(start, goal, &opt, &sol, &st);
    cli_progress_end(cfg->lib.progress_ctx);
    if (cfg->stats)
        print_stats(run->err, where, &st, status);
    if (status == SLIDE_OK && !st.optimal)
        note_not_optimal_once(run, &st, start, goal);
    if (status != SLIDE_OK && status != SLIDE_E_UNSOLVABLE) {
        move_stream_free(&stream);
        answer_failure(run, where, &st, status, stream.written);
        return;
    }
    write_answer(run, where, start, goal, status == SLIDE_OK, &sol, &st, &stream);
    move_stream_free(&stream);
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
    solve_answer_error(run, place,
                       status == SLIDE_E_PARSE ? cli_parse_message(&err, message, sizeof message)
                                               : slide_strerror(status));
    return 1;
}

void solve_text(solve_run *run, const char *where, long line, const char *text, size_t len,
                const char *goal_where, long goal_line, const char *goal_text, size_t goal_len)
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
        solve_answer_error(run, where, message);
    } else {
        answer(run, where, &start, goal);
    }
    slide_board_free(&start);
    slide_board_free(&pair_goal);
}
