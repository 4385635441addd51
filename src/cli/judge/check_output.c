/*
 * check_output.c - a whole output judged a line at a time
 * (check_internal.h): the line reader, then one answer a line in case
 * order, the empty lines between them, and what may follow the last.
 */
#include "cli/judge/check_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- reading lines */

#define READ_BLOCK ((size_t)1 << 16)

void reader_from_text(line_reader *r, const char *what, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->next = text;
    r->left = len;
    r->last_newline = 1;
}

/* A reader of file; 0, or -1 when out of memory. */
int reader_from_file(line_reader *r, const char *what, FILE *file)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->file = file;
    r->last_newline = 1;
    r->block = malloc(READ_BLOCK);
    return r->block ? 0 : -1;
}

void reader_free(line_reader *r)
{
    free(r->block);
    free(r->line);
    r->block = r->line = NULL;
}

/*
 * Reads up to `most` more bytes of the current line (a new line when the
 * last one ended) into r->line, its "\n" left out, and sets r->ended when
 * the line's end was reached: "\n", or the end of the input.  Returns
 * LINE_READ, LINE_END when no line is left, or LINE_ERROR with errno set.
 */
int reader_part(line_reader *r, size_t most)
{
    r->len = 0;
    r->ended = 0;
    for (;;) {
        if (r->left == 0 && r->file) {
            size_t got = fread(r->block, 1, READ_BLOCK, r->file);
            if (got == 0 && ferror(r->file))
                return LINE_ERROR;
            r->next = r->block;
            r->left = got;
        }
        if (r->left == 0) {
            if (!r->in_line)
                return LINE_END;
            r->in_line = 0;
            r->ended = 1;
            r->last_newline = 0;
            return LINE_READ;
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
                return LINE_ERROR;
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
            return LINE_READ;
        }
        if (r->len == most)
            return LINE_READ;
    }
}

/* The next whole line: LINE_READ, LINE_END, LINE_ERROR, or LINE_TOO_LONG past CLI_MAX_LINE_BYTES. */
static int reader_line(line_reader *r)
{
    int got = reader_part(r, CLI_MAX_LINE_BYTES + 1);
    return got == LINE_READ && r->len > CLI_MAX_LINE_BYTES ? LINE_TOO_LONG : got;
}

/* ------------------------------------------------------------ judging lines */

/*
 * Whitespace at the end of a line: ignored, as judges do, unless --strict
 * asks for the layout byte for byte.  Records the presentation error in pe
 * (when it holds none yet).
 */
void trailing_space(const checker *ck, long line, int carriage_return, verdict *pe)
{
    if (!ck->strict || pe->kind != VERDICT_OK)
        return;
    if (carriage_return)
        set_verdict(pe, VERDICT_PE,
                    "line %ld: a carriage return before the line end (--strict: lines end "
                    "with \\n alone)",
                    line);
    else
        set_verdict(pe, VERDICT_PE, "line %ld: spaces after the answer (--strict)", line);
}

/* Cuts the whitespace off the end of the line just read, judging it. */
static void take_line(const checker *ck, line_reader *r, verdict *pe)
{
    size_t end = r->len;
    int carriage_return = 0;
    while (end > 0 && is_line_space(r->line[end - 1]))
        carriage_return |= r->line[--end] == '\r';
    if (end < r->len)
        trailing_space(ck, r->number, carriage_return, pe);
    r->len = end;
}

/*
 * Reads and takes the next line into r, *got saying whether there was one
 * (LINE_READ) or the input ended (LINE_END).  Returns VERDICT_OK, or with
 * the message in v VERDICT_FAIL (a read error) or VERDICT_WA (a line past
 * CLI_MAX_LINE_BYTES, *got LINE_TOO_LONG).
 */
static int next_line(const checker *ck, line_reader *r, verdict *pe, verdict *v, int *got)
{
    *got = reader_line(r);
    if (*got == LINE_ERROR) {
        set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
        return VERDICT_FAIL;
    }
    if (*got == LINE_TOO_LONG) {
        set_verdict(v, VERDICT_WA, "line %ld is longer than %zu bytes, the most a line may hold",
                    r->number, CLI_MAX_LINE_BYTES);
        return VERDICT_WA;
    }
    if (*got == LINE_READ)
        take_line(ck, r, pe);
    return VERDICT_OK;
}

/*
 * The output ended before case i.  A file's end is whitespace, so unless
 * --strict the cases left are fine when each takes the empty answer (a
 * solved board's zero moves); otherwise they are missing.  For a single
 * BOARD MOVES the answer is the empty string, judged as given.  Returns
 * the verdict kind when it is final (a wrong answer, a judge failure),
 * else VERDICT_OK with any presentation error in pe.
 */
static int judge_missing(checker *ck, size_t i, const line_reader *r, verdict *pe, verdict *v)
{
    size_t count = ck->cases->count;
    verdict empty;
    if (ck->single) {
        int kind = judge_answer(ck, 0, "", 0, &empty, &ck->info);
        if (kind == VERDICT_PE || (kind == VERDICT_OK && ck->strict && r->file)) {
            if (pe->kind == VERDICT_OK && kind == VERDICT_PE)
                *pe = empty;
            else if (pe->kind == VERDICT_OK)
                set_verdict(pe, VERDICT_PE, "MOVES is empty (--strict: the answer is a line, "
                                            "\\n included)");
            return VERDICT_OK;
        }
        if (kind != VERDICT_OK)
            *v = empty;
        return kind;
    }
    size_t k = i;
    while (!ck->strict && k < count && judge_answer(ck, k, "", 0, &empty, &ck->info) == VERDICT_OK)
        k++;
    if (k < count && pe->kind == VERDICT_OK)
        set_verdict(pe, VERDICT_PE, "case %zu, missing: the output ends after %ld line%s for %zu case%s",
                    k + 1, r->number, r->number == 1 ? "" : "s", count, count == 1 ? "" : "s");
    return VERDICT_OK;
}

/*
 * After the last answer: only whitespace may follow (with --strict,
 * nothing, and the last line ends with "\n").  Records a presentation
 * error in pe; returns VERDICT_OK, or VERDICT_FAIL in v on a read error.
 */
int judge_rest(const checker *ck, line_reader *r, verdict *pe, verdict *v)
{
    for (;;) {
        int got;
        if (next_line(ck, r, pe, v, &got) == VERDICT_FAIL)
            return VERDICT_FAIL;
        if (got == LINE_END)
            break;
        if (pe->kind != VERDICT_OK)
            return VERDICT_OK; /* nothing after the answers can be worse */
        if (got == LINE_TOO_LONG || r->len > 0) {
            set_verdict(pe, VERDICT_PE, "line %ld: extra output after the last %s: '%.*s'",
                        r->number, ck->single ? "answer" : "case", r->len > 40 ? 40 : (int)r->len,
                        r->line);
            return VERDICT_OK;
        }
        if (ck->strict) {
            set_verdict(pe, VERDICT_PE, "line %ld: an empty line after the last answer%s%s%s",
                        r->number, ck->p->separated ? " (" : "",
                        ck->p->separated ? ck->p->title : "",
                        ck->p->separated ? " wants empty lines only between answers)" : "");
            return VERDICT_OK;
        }
    }
    if (ck->strict && r->file && !r->last_newline && pe->kind == VERDICT_OK)
        set_verdict(pe, VERDICT_PE, "line %ld: no line end after the last line (--strict)",
                    r->number);
    return VERDICT_OK;
}

/*
 * Judges a whole output: one answer a line, in case order, with an empty
 * line between answers when the problem wants one.  `first` is what the
 * caller's first read of r returned (LINE_READ: the reader holds the first
 * line; LINE_END: the input is empty), or -1 when nothing was read.
 * Returns the verdict kind with its message in v: the first wrong answer
 * (or judge failure), else the first presentation error, else "N cases".
 */
int judge_output(checker *ck, line_reader *r, int first, verdict *v)
{
    size_t count = ck->cases->count;
    verdict pe, current;
    int got = first, kind;
    pe.kind = VERDICT_OK;
    if (got == LINE_READ)
        take_line(ck, r, &pe);
    for (size_t i = 0; i < count; i++) {
        if (got < 0 && (kind = next_line(ck, r, &pe, v, &got)) != VERDICT_OK)
            return kind;
        if (ck->p->separated && i > 0 && got == LINE_READ) {
            if (r->len == 0) {
                if ((kind = next_line(ck, r, &pe, v, &got)) != VERDICT_OK)
                    return kind;
            } else if (pe.kind == VERDICT_OK) {
                set_verdict(&pe, VERDICT_PE,
                            "case %zu, line %ld: no empty line between case %zu and case %zu (%s "
                            "wants one between answers)",
                            i + 1, r->number, i, i + 1, ck->p->title);
            }
        }
        if (got == LINE_END) {
            kind = judge_missing(ck, i, r, &pe, v);
            if (kind != VERDICT_OK)
                return kind;
            break;
        }
        kind = judge_answer(ck, i, r->line, r->len, &current, &ck->info);
        got = -1;
        if (kind == VERDICT_WA || kind == VERDICT_FAIL) {
            *v = current;
            return kind;
        }
        if (kind == VERDICT_PE && pe.kind == VERDICT_OK)
            pe = current;
    }
    if (got != LINE_END && judge_rest(ck, r, &pe, v) != VERDICT_OK)
        return VERDICT_FAIL;
    if (pe.kind != VERDICT_OK) {
        *v = pe;
        return VERDICT_PE;
    }
    return set_verdict(v, VERDICT_OK, "%zu case%s", count, count == 1 ? "" : "s");
}
