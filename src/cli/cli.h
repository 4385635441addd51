/*
 * cli.h - what the files of the slide command share.  The command is a thin
 * layer over libslide: it reads text, turns options into library calls and
 * prints results; every puzzle decision is the library's.
 */
#ifndef SLIDE_CLI_H
#define SLIDE_CLI_H

#include "slide.h"

#include <stdio.h>

/* Exit statuses of `slide solve` and `slide gen` (README.md, `slide solve`). */
enum { EXIT_ANSWERED = 0, EXIT_FAILED_BOARD = 1, EXIT_USAGE = 2 };

/* ---- option scanning ---- */

typedef struct cli_option {
    const char *long_name;
    char short_name; /* 0 when none */
    int takes_value;
    int id;
} cli_option;

/*
 * Walks argv: options (long, short, --name=value, -xVALUE) are returned one
 * at a time; anything else is a positional argument, collected in order.
 * "--" ends options.
 */
typedef struct cli_scan {
    int argc;
    char **argv;
    int index;
    const cli_option *options;
    const char *command; /* for messages */
    char **positional;
    int positional_count;
} cli_scan;

enum { SCAN_END = -1, SCAN_ERROR = -2 };

/* Prepares a scan of argv[first..argc). Returns 0, or SCAN_ERROR if out of memory. */
int cli_scan_init(cli_scan *scan, int argc, char **argv, int first, const cli_option *options,
                  const char *command);
/* Next option id with *value set (NULL when the option takes none), SCAN_END, or SCAN_ERROR (message printed). */
int cli_scan_next(cli_scan *scan, const char **value);
void cli_scan_free(cli_scan *scan);

/* ---- values ---- */

/* Parses a byte count like 512M, 4G, 1.5G, 1048576.  0 on success, -1 on error. */
int cli_parse_memory(const char *text, size_t *bytes);
/* Parses a non-negative decimal count no larger than max. */
int cli_parse_count(const char *text, unsigned long long max, unsigned long long *value);
/* Parses a positive number of seconds. */
int cli_parse_seconds(const char *text, double *seconds);

/* ---- messages ---- */

void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/*
 * The advice of the slide command for a library remedy (SLIDE_REMEDY_*),
 * in terms of its options: "try --algo idastar".  "" for none.
 */
const char *cli_advice(int remedy);

/* Room for a library message with its advice (cli_parse_message, cli_solve_note). */
#define CLI_MESSAGE_SIZE 320

/* A parse error's message, and after "; " the advice for its remedy, into buf.  Returns buf. */
const char *cli_parse_message(const slide_parse_error *err, char *buf, size_t size);

/*
 * A solve's note (st->note, "" when none) with the advice for its remedy
 * into buf; returns buf.  The advice follows in parentheses when the
 * library refused the request before searching (status SLIDE_E_TOO_LARGE
 * or SLIDE_E_ARGUMENT: the note says what does not fit), else after "; "
 * (a search stopped at a limit).
 */
const char *cli_solve_note(const slide_stats *st, int status, char *buf, size_t size);

/* "slide: <where>, cell N: message" for a parse error; where may be NULL. */
void cli_report_parse_error(const char *where, const slide_parse_error *err);
/* Formats a byte count as "1.5 MiB" into buf. */
const char *cli_format_bytes(size_t bytes, char *buf, size_t size);

/* ---- output ---- */

/*
 * Buffered output to a FILE, flushed after each answer when the reader is
 * interactive (a terminal or a pipe), never per line when it is a file.
 * Write errors are remembered and reported once by cli_out_close.
 */
typedef struct cli_out {
    FILE *file;
    int flush_each_line;
    int failed;
} cli_out;

void cli_out_init(cli_out *out, FILE *file);
void cli_out_line_done(cli_out *out);
/* Flushes; returns 0, or 1 after printing a message when a write failed. */
int cli_out_close(cli_out *out);
/* Writes a board as spaced text (blank x), with '/' row marks when the shape is not the one inferred. */
void cli_write_board_spaced(FILE *f, const slide_board *b);

/* ---- stdin batches (batch.c) ---- */

#define CLI_MAX_JOBS 256

/* One board of a batch, or with --pairs a start and its goal. */
typedef struct cli_batch_item {
    long number; /* 1-based input line */
    const char *text;
    size_t len;
    long goal_number;
    const char *goal_text; /* NULL unless --pairs */
    size_t goal_len;
} cli_batch_item;

/* Where one item's answer goes, and how many items got no answer. */
typedef struct cli_batch_io {
    FILE *out;
    FILE *err;
    int failures;
} cli_batch_io;

/*
 * How a batch is answered.  answer() may run on several threads at once
 * (jobs > 1) and must write only to io.  after_item() (optional) runs after
 * each item when jobs == 1, after_block() after each block's output when
 * jobs > 1: the caller flushes there when its reader is interactive.
 * unpaired() reports a --pairs start line that has no goal line.
 */
typedef struct cli_batch {
    int jobs;
    int pairs;
    void *arg;
    void (*answer)(void *arg, cli_batch_io *io, const cli_batch_item *item);
    void (*unpaired)(void *arg, cli_batch_io *io, const cli_batch_item *item);
    void (*after_item)(void *arg);
    void (*after_block)(void *arg);
} cli_batch;

/*
 * Reads fd to its end, skipping empty lines and lines starting with '#',
 * and answers every item in input order into io.  Returns 0, -1 when out
 * of memory, -2 on a read error (errno set).
 */
int cli_batch_run(const cli_batch *batch, int fd, cli_batch_io *io);

/* ---- commands ---- */

int cli_solve(int argc, char **argv);
int cli_gen(int argc, char **argv);
void cli_help_solve(FILE *f);
void cli_help_gen(FILE *f);
/*
 * `slide solve --problem NAME` (problem.c): stdin framed as a judge problem,
 * its exact output.  Its --help calls help, which prints `slide solve`'s
 * help (passed in by solve.c, so that problem.c does not depend on it).
 */
int cli_solve_problem(int argc, char **argv, void (*help)(FILE *f));
/* `slide check` (check.c): exit 0 accepted, 1 wrong, 2 presentation error, 3 judge failure. */
int cli_check(int argc, char **argv);
void cli_help_check(FILE *f);
/* `slide pdb build|info|clear` (pdb.c): the pattern database cache. */
int cli_pdb(int argc, char **argv);
void cli_help_pdb(FILE *f);

/*
 * The library's progress callback (pdb.c): notes always go to stderr,
 * progress lines only to a terminal.  cli_progress_end clears an open
 * progress line before other output.
 */
typedef struct cli_progress_state {
    int tty;
    int line_open;
} cli_progress_state;

void cli_progress_init(cli_progress_state *state);
void cli_progress(void *ctx, const slide_progress *progress);
void cli_progress_end(void *ctx);

#endif /* SLIDE_CLI_H */
