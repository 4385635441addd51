/*
 * check_output.c - a whole output judged a line at a time
 * (check_internal.h), read with cli_reader (text.h): one answer a line in
 * case order, the empty lines between them, and what may follow the last.
 */
#include "cli/judge/check_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
static void take_line(const checker *ck, cli_reader *r, verdict *pe)
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
 * (CLI_LINE_READ) or the input ended (CLI_LINE_END).  Returns VERDICT_OK, or with
 * the message in v VERDICT_FAIL (a read error) or VERDICT_WA (a line past
 * CLI_MAX_LINE_BYTES, *got CLI_LINE_TOO_LONG).
 */
static int next_line(const checker *ck, cli_reader *r, verdict *pe, verdict *v, int *got)
{
    *got = cli_reader_line(r);
    if (*got == CLI_LINE_ERROR) {
        set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
        return VERDICT_FAIL;
    }
    if (*got == CLI_LINE_TOO_LONG) {
        set_verdict(v, VERDICT_WA, "line %ld is longer than %zu bytes, the most a line may hold",
                    r->number, CLI_MAX_LINE_BYTES);
        return VERDICT_WA;
    }
    if (*got == CLI_LINE_READ)
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
static int judge_missing(checker *ck, size_t i, const cli_reader *r, verdict *pe, verdict *v)
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
    if (k < count && slide_solvable(&ck->cases->items[k].start, &ck->cases->items[k].goal) &&
        judge_case_within_cap(ck, k, v, VERDICT_PE) == VERDICT_FAIL)
        return VERDICT_FAIL;
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
int judge_rest(const checker *ck, cli_reader *r, verdict *pe, verdict *v)
{
    for (;;) {
        int got;
        if (next_line(ck, r, pe, v, &got) == VERDICT_FAIL)
            return VERDICT_FAIL;
        if (got == CLI_LINE_END)
            break;
        if (pe->kind != VERDICT_OK)
            return VERDICT_OK; /* nothing after the answers can be worse */
        if (got == CLI_LINE_TOO_LONG || r->len > 0) {
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
 * caller's first read of r returned (CLI_LINE_READ: the reader holds the first
 * line; CLI_LINE_END: the input is empty), or -1 when nothing was read.
 * Returns the verdict kind with its message in v: the first wrong answer
 * (or judge failure), else the first presentation error, else "N cases".
 */
int judge_output(checker *ck, cli_reader *r, int first, verdict *v)
{
    size_t count = ck->cases->count;
    verdict pe, current;
    int got = first, kind;
    pe.kind = VERDICT_OK;
    if (got == CLI_LINE_READ)
        take_line(ck, r, &pe);
    for (size_t i = 0; i < count; i++) {
        if (got < 0 && (kind = next_line(ck, r, &pe, v, &got)) != VERDICT_OK)
            return kind;
        if (ck->p->separated && i > 0 && got == CLI_LINE_READ) {
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
        if (got == CLI_LINE_END) {
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
    if (got != CLI_LINE_END && judge_rest(ck, r, &pe, v) != VERDICT_OK)
        return VERDICT_FAIL;
    if (pe.kind != VERDICT_OK) {
        *v = pe;
        return VERDICT_PE;
    }
    return set_verdict(v, VERDICT_OK, "%zu case%s", count, count == 1 ? "" : "s");
}
