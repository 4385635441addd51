/*
 * cli.h - what the files of the slide command share.  The command is a thin
 * layer over libslide: it reads text, turns options into library calls and
 * prints results; every puzzle decision is the library's.
 */
#ifndef SLIDE_CLI_H
#define SLIDE_CLI_H

#include "slide.h"

#include <stdio.h>

/* Exit statuses of `slide solve` and `slide gen` (SPEC.md). */
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

/* ---- line input ---- */

/*
 * Reads stdin line by line into one growing buffer (no allocation per line
 * once it is large enough).  The returned line excludes "\n" and a trailing
 * "\r"; it may contain NUL bytes, which the parser reports.
 */
typedef struct cli_lines {
    FILE *file;
    char *buf;
    size_t cap;
    long number;
} cli_lines;

void cli_lines_init(cli_lines *in, FILE *file);
/* Returns the line length, or -1 at end of input (or on a read error, with errno). */
long cli_lines_next(cli_lines *in, const char **line);
void cli_lines_free(cli_lines *in);

/* ---- commands ---- */

int cli_solve(int argc, char **argv);
int cli_gen(int argc, char **argv);
void cli_help_solve(FILE *f);
void cli_help_gen(FILE *f);

#endif /* SLIDE_CLI_H */
