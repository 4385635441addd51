/*
 * text.h - the slide command's text in and out (io.c, reader.c): buffered
 * output and files written whole, boards as text, the one line splitter,
 * the input limits and the one line reader.
 */
#ifndef SLIDE_CLI_TEXT_H
#define SLIDE_CLI_TEXT_H

#include "slide.h"

#include <stdio.h>
#include <string.h>

/* ---- output ---- */

/*
 * Buffered output to a FILE, flushed after each answer when the reader is
 * interactive (a terminal or a pipe), never per line when it is a file.
 * (A stdin batch flushes when its input would block instead: see
 * cli_batch_run, batch.h.)  Write errors are remembered and reported once by
 * cli_out_close.
 */
typedef struct cli_out {
    FILE *file;
    int flush_each_line;
    int failed;
} cli_out;

/*
 * Flushes stdout, for output printed with plain stdio, which learns of a
 * failed write only then: a full disk must not pass for success.  Returns
 * status, or after "error writing output" `failure` (EXIT_WRITE_FAILED, or
 * for check EXIT_JUDGE_FAILURE, since its 1 would claim a wrong answer)
 * when status was 0 or failure is EXIT_JUDGE_FAILURE.  A reader that went
 * away stays quiet, as with any filter.
 */
int cli_stdout_flushed(int status, int failure);
void cli_out_init(cli_out *out, FILE *file);
void cli_out_line_done(cli_out *out);
/* Flushes; returns 0, or EXIT_WRITE_FAILED after a message when a write failed. */
int cli_out_close(cli_out *out);

/*
 * A file written whole or not at all: it is written under a temporary name
 * in its directory (made, one level, when missing) and renamed over
 * dir/name only once complete, so a drawing that fails or is refused never
 * leaves half a file nor removes one that was there, and a symbolic link
 * at dir/name is replaced, never followed: the final name is never opened.
 */
typedef struct cli_file {
    FILE *file;
    char path[4096]; /* dir/name */
    char temp[4160]; /* dir/.name.tmp.PID.N */
} cli_file;

/* Opens f's temporary file: 0, or -1 with "cannot write DIR/NAME: why" in reason. */
int cli_file_open(cli_file *f, const char *dir, const char *name, char *reason, size_t size);
/* Closes f and renames it to dir/name: 0, or -1 with the reason (the temporary is removed). */
int cli_file_commit(cli_file *f, char *reason, size_t size);
/* Closes f and removes its temporary file: dir/name stays as it was. */
void cli_file_discard(cli_file *f);

/* ---- boards as text ---- */

/* The forms cli_write_board writes a board in, all of them readable by slide_board_parse. */
enum {
    /* "2 3 4 1 5 x 7 6 8", rows marked by '/' when slide_infer_shape would not give its shape */
    CLI_BOARD_SPACED,
    CLI_BOARD_MARKED, /* "2 3 4/1 5 x/7 6 8": rows always marked */
    /*
     * "234150768": one character a cell, a-f for 10-15 (at most 16 cells); the
     * rows split by spaces ("12 34 50") when slide_infer_shape would not give its shape
     */
    CLI_BOARD_COMPACT,
    CLI_BOARD_JSON, /* "[[2,3,4],[1,5,0],[7,6,8]]" */
    CLI_BOARD_GRID  /* a line a row, each ending "\n", the numbers right-aligned in columns */
};

/* Writes b to f in form (CLI_BOARD_*); no line end after it, but for the grid's. */
void cli_write_board(FILE *f, const slide_board *b, int form);
/*
 * b in form into buf, for a message: as many whole cells as fit, then
 * "..." when not all of them do; always NUL-terminated.  Returns buf.
 */
const char *cli_format_board(const slide_board *b, int form, char *buf, size_t size);

/* ---- lines ---- */

/* The line ends cli_line_split knows. */
enum {
    CLI_LINES_LF, /* "\n" only: a CR before it stays in the line (check judges it) */
    CLI_LINES_ANY /* "\n", "\r\n" or a lone "\r" */
};

/*
 * How far cli_line_split's search for a LF runs before it looks for a CR:
 * memchr is many times faster than a loop over the bytes, and a bounded
 * search keeps it from running far past a CR that ends the line first.
 */
#define CLI_LINE_WINDOW 256

/*
 * The one line splitter of the slide command: the length of the line at
 * the front of p[0..n), up to its first line end or n, with *next set to
 * where the text after its line end begins (n when there is none: the line
 * may go on in bytes not read yet).  A CR that is p[n - 1] counts as a
 * lone CR; a reader of a stream, where a LF may still follow, tells that
 * case by *next == n and drops a LF that its next read starts with.  Each
 * byte is looked at no more than twice, so splitting a text costs its
 * length whatever its line ends.  Inline: a batch splits millions of lines.
 */
static inline size_t cli_line_split(const char *p, size_t n, int ends, size_t *next)
{
    const char *from = p, *end = p + n;
    for (;;) {
        size_t span = (size_t)(end - from);
        if (ends == CLI_LINES_ANY && span > CLI_LINE_WINDOW)
            span = CLI_LINE_WINDOW;
        const char *at = memchr(from, '\n', span);
        const char *cr =
            ends == CLI_LINES_ANY ? memchr(from, '\r', at ? (size_t)(at - from) : span) : NULL;
        if (cr)
            at = cr;
        if (at) {
            *next = (size_t)(at - p) + 1 + (at == cr && at + 1 < end && at[1] == '\n');
            return (size_t)(at - p);
        }
        from += span;
        if (from == end) {
            *next = n;
            return n;
        }
    }
}

/* ---- input limits ---- */

/*
 * The longest line any reader of the slide command takes, in bytes, its
 * line end not counted: ten bytes for each of the SLIDE_MAX_CELLS cells a
 * board can have, room for the largest tile's seven digits and a separator
 * with some to spare (the longest board in plain spaced form, 2000x2000,
 * takes 30,888,889 bytes).  A longer line cannot be a board: it is
 * refused with a message once this many bytes have arrived, and the rest
 * of it is read and dropped, so memory stays bounded whatever arrives.
 *
 * The fuzz build (SLIDE_FUZZ) makes this and CLI_BLOCK_BYTES (batch.h) small, so
 * that a line across blocks or past the limit costs a fuzzer's input
 * microseconds, not seconds; the code at their edges is the same.
 */
#ifndef CLI_MAX_LINE_BYTES
#define CLI_MAX_LINE_BYTES ((size_t)SLIDE_MAX_CELLS * 10u)
#endif

/*
 * The largest whole input a judge problem's reader holds (`solve
 * --problem`, `check --problem`'s files), in bytes: one line's worth,
 * CLI_MAX_LINE_BYTES, which holds as many cells as the largest board and
 * far more cases than any judge's test.  judge_slurp stops reading there.
 */
#define CLI_MAX_INPUT_BYTES CLI_MAX_LINE_BYTES

/* ---- reading lines (reader.c) ---- */

/*
 * The one reader of text a line at a time, never whole: memory is the part
 * of a line asked for, whatever arrives.  `slide check` reads output and
 * answer files and MOVES with it, `slide show` its MOVES.  A reader takes
 * a FILE, or a text that is all there is (a MOVES argument).  Lines end at
 * "\n" (CLI_LINES_LF: a CR stays in the line).
 */
enum { CLI_LINE_ERROR = -1, CLI_LINE_END = 0, CLI_LINE_READ = 1, CLI_LINE_TOO_LONG = 2 };

typedef struct cli_reader {
    FILE *file;       /* NULL: `next` holds all the text there is */
    const char *what; /* "the output", for messages */
    char *block;      /* a block of the file, read with fread */
    const char *next; /* bytes in hand, not yet read */
    size_t left;
    char *line; /* what the last read returned, and its length */
    size_t len;
    size_t cap;
    long number;      /* 1-based number of the line last read */
    int in_line;      /* a line has begun and not ended */
    int ended;        /* the last read reached its line's end */
    int last_newline; /* the last line that ended did so with "\n" */
} cli_reader;

void cli_reader_from_text(cli_reader *r, const char *what, const char *text, size_t len);
/* A reader of file; 0, or -1 when out of memory. */
int cli_reader_from_file(cli_reader *r, const char *what, FILE *file);
void cli_reader_free(cli_reader *r);
/*
 * Up to `most` more bytes of the current line (a new line when the last
 * one ended) into r->line, the "\n" left out; r->ended says whether the
 * line's end was reached.  CLI_LINE_READ, CLI_LINE_END when no line is
 * left, or CLI_LINE_ERROR with errno set.
 */
int cli_reader_part(cli_reader *r, size_t most);
/*
 * The next whole line: CLI_LINE_READ, CLI_LINE_END, CLI_LINE_ERROR, or
 * CLI_LINE_TOO_LONG past CLI_MAX_LINE_BYTES (its first bytes in r->line).
 */
int cli_reader_line(cli_reader *r);

#endif /* SLIDE_CLI_TEXT_H */
