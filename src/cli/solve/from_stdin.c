/*
 * from_stdin.c - the boards of stdin: a batch answered in input order on
 * --jobs threads (cli/batch/), small boards by table lookup on a fast path,
 * and -o svg's one board.
 */
#include "cli/batch/batch.h"
#include "cli/solve/solve_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
    solve_answer_error(&run, where, reason);
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
#ifndef SLIDE_PLAIN /* core/core.h says what it is; CMake defines it */
#define SLIDE_PLAIN 0
#endif

static void plan_fast_path(solve_config *cfg)
{
    if (SLIDE_PLAIN || cfg->stats || cfg->pairs ||
        (cfg->output != OUT_MOVES && cfg->output != OUT_STEPS))
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

void solve_stdin(solve_run *run)
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
    long items;  /* boards (pairs) read */
    long second; /* the line the second one starts on */
    long number; /* the first's line, and its goal's */
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

int solve_stdin_svg(solve_run *run)
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
        solve_answer_error(run, where, c.reason);
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
