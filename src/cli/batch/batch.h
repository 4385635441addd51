/*
 * batch.h - the ordered, threaded processor of stdin's lines (batch.c) that
 * `slide solve` answers boards with and `slide work`, `slide spread` and
 * spread's checkpoint read their lines with: lines in, one answer each,
 * written in input order whatever the threads.
 */
#ifndef SLIDE_CLI_BATCH_H
#define SLIDE_CLI_BATCH_H

#include <stdio.h>

/* How much of stdin `slide solve` reads at a time (batch.c's blocks). */
#ifndef CLI_BLOCK_BYTES
#define CLI_BLOCK_BYTES ((size_t)1 << 20)
#endif

/* The most threads a batch answers on (solve's --jobs). */
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

/*
 * Where one item's answer goes, and how many items got no answer.  An
 * answer() whose search a signal cancelled (cli_interrupted) sets stopped
 * and writes nothing, or ends a line it had begun with " error": no item
 * after it is answered, and last_answered keeps the input line of the last
 * item whose answer was written.
 */
typedef struct cli_batch_io {
    FILE *out;
    FILE *err;
    int failures;
    int stopped;
    long last_answered;
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
 * line too long to keep starts, never after each answer otherwise.  Once a
 * signal asks to stop (cli_interrupted), no further item is begun, the
 * answers before the one it stopped are written, and io->stopped is set.
 * Returns 0, -1 when out of memory, -2 on a read error (errno set).
 */
int cli_batch_run(const cli_batch *batch, int fd, cli_batch_io *io);

#endif /* SLIDE_CLI_BATCH_H */
