/*
 * reader.c - text read a line at a time, a line in bounded parts (text.h):
 * what `slide check` reads its output, answer and MOVES files with, and
 * `slide show` its MOVES.
 */
#include "cli/base/base.h"
#include "cli/base/text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define READ_BLOCK ((size_t)1 << 16)

void cli_reader_from_text(cli_reader *r, const char *what, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->next = text;
    r->left = len;
    r->last_newline = 1;
}

/* A reader of file; 0, or -1 when out of memory. */
int cli_reader_from_file(cli_reader *r, const char *what, FILE *file)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->file = file;
    r->last_newline = 1;
    r->block = malloc(READ_BLOCK);
    return r->block ? 0 : -1;
}

void cli_reader_free(cli_reader *r)
{
    free(r->block);
    free(r->line);
    r->block = r->line = NULL;
}

/*
 * Reads up to `most` more bytes of the current line (a new line when the
 * last one ended) into r->line, its "\n" left out, and sets r->ended when
 * the line's end was reached: "\n", or the end of the input.  Returns
 * CLI_LINE_READ, CLI_LINE_END when no line is left, or CLI_LINE_ERROR with errno set.
 */
int cli_reader_part(cli_reader *r, size_t most)
{
    r->len = 0;
    r->ended = 0;
    for (;;) {
        if (r->left == 0 && r->file && !feof(r->file)) {
            /* (not again after the end: at a terminal that would wait for a second Ctrl-D) */
            size_t got = fread(r->block, 1, READ_BLOCK, r->file);
            if (got == 0 && ferror(r->file))
                return CLI_LINE_ERROR;
            r->next = r->block;
            r->left = got;
        }
        if (r->left == 0) {
            if (!r->in_line)
                return CLI_LINE_END;
            r->in_line = 0;
            r->ended = 1;
            r->last_newline = 0;
            return CLI_LINE_READ;
        }
        if (!r->in_line) {
            r->in_line = 1;
            r->number++;
        }
        size_t after;
        size_t span = cli_line_split(r->next, r->left, CLI_LINES_LF, &after);
        int newline = after > span;
        size_t take = span < most - r->len ? span : most - r->len;
        if (!r->line || r->len + take > r->cap) {
            size_t cap = r->cap ? r->cap : 4096;
            while (cap < r->len + take)
                cap *= 2;
            if (cap > most)
                cap = most; /* a line at the bound takes no more than the bound */
            char *bigger = realloc(r->line, cap);
            if (!bigger) {
                errno = ENOMEM;
                return CLI_LINE_ERROR;
            }
            r->line = bigger;
            r->cap = cap;
        }
        if (take)
            memcpy(r->line + r->len, r->next, take);
        r->len += take;
        r->next += take;
        r->left -= take;
        if (newline && take == span) {
            r->next++;
            r->left--;
            r->in_line = 0;
            r->ended = 1;
            r->last_newline = 1;
            return CLI_LINE_READ;
        }
        if (r->len == most)
            return CLI_LINE_READ;
    }
}

int cli_reader_line(cli_reader *r)
{
    int got = cli_reader_part(r, CLI_MAX_LINE_BYTES + 1);
    return got == CLI_LINE_READ && r->len > CLI_MAX_LINE_BYTES ? CLI_LINE_TOO_LONG : got;
}
