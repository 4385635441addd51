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

/* ---- "did you mean" ---- */

/*
 * The candidate closest to a word the user mistyped (a command, an option,
 * an option's value): cli_suggest_init, then cli_suggest_consider for each
 * candidate name.  best stays NULL when none is close enough to suggest;
 * it points at the candidate's own string otherwise.
 */
typedef struct cli_suggestion {
    const char *word;
    const char *best;
    size_t distance;
} cli_suggestion;

void cli_suggest_init(cli_suggestion *s, const char *word);
void cli_suggest_consider(cli_suggestion *s, const char *candidate);
/* "; did you mean 'PREFIX BEST'?" into buf (returned), or "" when there is no suggestion. */
const char *cli_did_you_mean(const cli_suggestion *s, const char *prefix, char *buf, size_t size);
/*
 * The index of value among names[0..count), or -1 after reporting
 * "WHERE: 'value' is not one of a, b, c; did you mean 'b'?", or with a noun
 * "WHERE: unknown NOUN 'value' (NOUNs: a, b, c); did you mean 'b'?".
 */
int cli_parse_choice(const char *where, const char *value, const char *noun,
                     const char *const *names, size_t count);

/* ---- messages ---- */

void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/*
 * Warns on stderr about environment variables the library would ignore
 * (a SLIDE_PDB_MAX_GROUP that is not a group size), naming the bad value.
 */
void cli_warn_environment(void);
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
 * (A stdin batch flushes when its input would block instead: see
 * cli_batch_run.)  Write errors are remembered and reported once by
 * cli_out_close.
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

/* ---- input limits ---- */

/*
 * The longest line any reader of the slide command takes, in bytes, its
 * line end not counted: ten bytes for each of the SLIDE_MAX_CELLS cells a
 * board can have, room for the largest tile's seven digits and a separator
 * with some to spare (the longest board in plain spaced form, 2000x2000,
 * takes 30,888,889 bytes).  A longer line cannot be a board: it is
 * refused with a message once this many bytes have arrived, and the rest
 * of it is read and dropped, so memory stays bounded whatever arrives.
 */
#define CLI_MAX_LINE_BYTES ((size_t)SLIDE_MAX_CELLS * 10u)

/*
 * The largest whole input a judge problem's reader holds (`solve
 * --problem`, `check --problem`'s files), in bytes: one line's worth,
 * CLI_MAX_LINE_BYTES, which holds as many cells as the largest board and
 * far more cases than any judge's test.  judge_slurp stops reading there.
 */
#define CLI_MAX_INPUT_BYTES CLI_MAX_LINE_BYTES

/* ---- stdin batches (batch.c) ---- */

#define CLI_MAX_JOBS 256

/* Why a batch item gets no answer from answer() (cli_batch_item.refused). */
enum {
    CLI_ITEM_OK = 0,
    CLI_ITEM_TOO_LONG,      /* its line (the start's, with --pairs) passed CLI_MAX_LINE_BYTES */
    CLI_ITEM_GOAL_TOO_LONG, /* --pairs: the goal line passed CLI_MAX_LINE_BYTES */
    CLI_ITEM_UNPAIRED       /* --pairs: a start line at the end of input, without its goal */
};

/*
 * One board of a batch, or with --pairs a start and its goal.  Lines end
 * at LF, CRLF or a lone CR; text excludes the line end.  A refused item's
 * text is NULL for a line too long to keep.
 */
typedef struct cli_batch_item {
    long number; /* 1-based input line */
    const char *text;
    size_t len;
    long goal_number;
    const char *goal_text; /* NULL unless --pairs */
    size_t goal_len;
    int refused; /* CLI_ITEM_* */
} cli_batch_item;

/* Where one item's answer goes, and how many items got no answer. */
typedef struct cli_batch_io {
    FILE *out;
    FILE *err;
    int failures;
} cli_batch_io;

/*
 * How a batch is answered.  answer() may run on several threads at once
 * (jobs > 1) and must write only to io.  refuse() answers an item that
 * cannot be solved (item->refused): reason says why, in a sentence
 * ("the line is longer than ..."), without the line number.
 */
typedef struct cli_batch {
    int jobs;
    int pairs;
    void *arg;
    void (*answer)(void *arg, cli_batch_io *io, const cli_batch_item *item);
    void (*refuse)(void *arg, cli_batch_io *io, const cli_batch_item *item, const char *reason);
} cli_batch;

/*
 * Reads fd to its end, skipping empty lines and lines starting with '#',
 * and answers every item in input order into io.  io->out is flushed
 * whenever the next read of fd would wait (a terminal or pipe with nothing
 * more to read: someone may be waiting for these answers), and when a
 * line too long to keep starts, never after each answer otherwise.
 * Returns 0, -1 when out of memory, -2 on a read error (errno set).
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
/* `slide play` (play.c): the game in the terminal.  `slide show` (show.c): a solution animated there. */
int cli_play(int argc, char **argv);
void cli_help_play(FILE *f);
int cli_show(int argc, char **argv);
void cli_help_show(FILE *f);
/*
 * play.c, for play and show: the --goal text and a BOARD text (either may be
 * NULL) read with the --size shape (rows 0 when none): the goal gives the
 * shape to BOARD, BOARD to the standard goal when there is no --goal.  On
 * success *start (cells NULL without a text) and *goal belong to the caller;
 * problems are reported as "slide: COMMAND: ...".  Returns 0 or an exit status.
 */
int cli_read_start_goal(const char *command, const char *start_text, const char *goal_text,
                        int rows, int cols, slide_board *start, slide_board *goal);

/*
 * The library's progress callback (pdb.c): notes always go to stderr,
 * progress lines only to a terminal with cursor control (not TERM=dumb, see
 * term_detect).  cli_progress_end clears an open
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
