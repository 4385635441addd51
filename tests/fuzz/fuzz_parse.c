/*
 * fuzz_parse.c - the board parser, every form, with and without a size.
 *
 * The first byte chooses how slide_board_parse is called: no options, a
 * shape from the next two bytes (sizes out of range included), or the
 * size text parser on the rest.  A board that parses must be valid, and
 * writing it back out as rows and parsing that again must give the same
 * board: the parser may refuse text, but never invent a board.
 */
#include "fuzz.h"

#include "slide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The board as "1 2 3/4 5 x": rows marked, so the shape needs no inference. */
static char *write_rows(const slide_board *b, size_t *len)
{
    size_t n = (size_t)b->rows * (size_t)b->cols, cap = n * 12 + 1, used = 0;
    char *text = malloc(cap);
    if (!text)
        abort();
    for (size_t i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i % (size_t)b->cols ? " " : "/";
        if (b->cells[i] == 0)
            used += (size_t)snprintf(text + used, cap - used, "%sx", sep);
        else
            used += (size_t)snprintf(text + used, cap - used, "%s%u", sep, (unsigned)b->cells[i]);
    }
    *len = used;
    return text;
}

static void check_board(const slide_board *b)
{
    if (b->rows < 2 || b->cols < 2 || !b->cells || b->blank < 0 ||
        b->blank >= b->rows * b->cols || b->cells[b->blank] != 0)
        abort();
    slide_parse_error err = slide_parse_error_init();
    if (slide_board_validate(b, &err) != SLIDE_OK)
        abort();
    size_t len;
    char *text = write_rows(b, &len);
    slide_board again;
    if (slide_board_parse(text, len, NULL, &again, &err) != SLIDE_OK)
        abort();
    if (!slide_board_equal(b, &again))
        abort();
    slide_board goal;
    if (slide_board_init_goal(&goal, b->rows, b->cols) == SLIDE_OK) {
        (void)slide_solvable(b, &goal);
        slide_board_free(&goal);
    }
    slide_board_free(&again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int mode = data[0] % 4;
    slide_parse_options opt = slide_parse_options_init();
    opt.rows = 0;
    opt.cols = 0;
    opt.line = 7;
    const slide_parse_options *use = &opt;
    const uint8_t *text = data + 1;
    size_t len = size - 1;
    if (mode == 0) {
        use = NULL;
    } else if (mode == 1 && len >= 2) {
        /* shapes 0x0 .. 15x15: the small valid ones and the too-small ones */
        opt.rows = text[0] % 16;
        opt.cols = text[1] % 16;
        text += 2;
        len -= 2;
    } else if (mode == 3) {
        char *s = fuzz_string(text, len);
        int rows = -1, cols = -1;
        slide_parse_error err = slide_parse_error_init();
        if (slide_parse_size(s, &rows, &cols, &err) == SLIDE_OK &&
            (rows < 2 || cols < 2 || (uint64_t)rows * (uint64_t)cols > SLIDE_MAX_CELLS))
            abort();
        free(s);
        return 0;
    }
    slide_board b;
    slide_parse_error err = slide_parse_error_init();
    /* an exact-size copy, so a read past the end is caught */
    char *copy = malloc(len ? len : 1);
    if (!copy)
        abort();
    if (len)
        memcpy(copy, text, len);
    int status = slide_board_parse(copy, len, use, &b, &err);
    if (status == SLIDE_OK) {
        if (use && opt.rows && (b.rows != opt.rows || b.cols != opt.cols))
            abort();
        check_board(&b);
        slide_board_free(&b);
    } else if (status != SLIDE_E_PARSE || b.cells || !err.message[0] ||
               !memchr(err.message, '\0', sizeof err.message)) {
        abort();
    }
    free(copy);
    return 0;
}
