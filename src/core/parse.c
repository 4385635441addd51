/*
 * parse.c - board text to slide_board.
 *
 * Four forms are accepted (see README.md, "Boards"): spaced tokens, compact characters,
 * a nested list, and rows split by '/'.  The parser first turns the text
 * into a flat list of raw cells with the row lengths it saw, then settles
 * the shape, then checks the tiles.  Every rejection names the first place
 * it applies to, so a user can find the mistake without counting by hand.
 */
#include "core/abi.h"
#include "core/core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* A cell as read, before the shape is known: value 0 is the blank. */
typedef struct raw_cell {
    uint32_t value;
    uint32_t column;
} raw_cell;

/* Values past this are reported as out of range without further arithmetic. */
#define RAW_TOO_BIG 0xFFFFFFFFu

typedef struct parser {
    const char *text;
    size_t len;
    raw_cell *cells;
    size_t count;
    size_t cap;
    /* Row lengths when the text marks rows; rows == 0 when it does not. */
    size_t *row_len;
    size_t rows;
    size_t rows_cap;
    int compact;  /* some cells came from compact characters */
    slide_parse_error *err;
    int status;
} parser;

static int fail(parser *p, long cell, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int fail(parser *p, long cell, size_t offset, const char *fmt, ...)
{
    if (p->err) {
        va_list ap;
        p->err->cell = cell;
        p->err->column = offset == (size_t)-1 ? 0 : (long)offset + 1;
        va_start(ap, fmt);
        vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
        va_end(ap);
    }
    p->status = SLIDE_E_PARSE;
    return SLIDE_E_PARSE;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int is_separator(char c)
{
    return is_space(c) || c == ',';
}

static int is_blank_char(char c)
{
    return c == 'x' || c == 'X' || c == '.' || c == '_' || c == '0';
}

/* The code point of the three-byte UTF-8 sequence at s (left bytes there), or 0 for none. */
static unsigned utf8_three(const unsigned char *s, size_t left)
{
    if (left < 3 || (s[0] & 0xF0) != 0xE0 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
        return 0;
    return ((s[0] & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
}

/*
 * Describes the byte at p->text[offset] for a message: 'q', or 0xC3 for
 * bytes that do not print; a byte-order mark, and the full-width forms of
 * ASCII an input method types (U+FF01-FF5E, the ideographic space), are
 * named with what to write instead.
 */
static const char *describe_byte(const parser *p, size_t offset, char *buf, size_t size)
{
    unsigned char u = (unsigned char)p->text[offset];
    unsigned cp = utf8_three((const unsigned char *)p->text + offset, p->len - offset);
    if (u >= 0x21 && u < 0x7f)
        snprintf(buf, size, "'%c'", u);
    else if (u == 0)
        snprintf(buf, size, "byte 0x00 (NUL)");
    else if (cp == 0xFEFF)
        snprintf(buf, size, "byte 0xEF (a UTF-8 byte-order mark)");
    else if (cp >= 0xFF10 && cp <= 0xFF19)
        snprintf(buf, size, "full-width digit %c (U+%04X: use ASCII digits)",
                 (char)('0' + cp - 0xFF10), cp);
    else if (cp >= 0xFF01 && cp <= 0xFF5E)
        snprintf(buf, size, "full-width '%c' (U+%04X: use ASCII)", (char)(cp - 0xFF01 + 0x21), cp);
    else if (cp == 0x3000)
        snprintf(buf, size, "ideographic space (U+3000: use ASCII spaces)");
    else
        snprintf(buf, size, "byte 0x%02X", u);
    return buf;
}

static int push_cell(parser *p, uint32_t value, size_t offset)
{
    if (p->count >= SLIDE_MAX_CELLS)
        return fail(p, (long)p->count + 1, offset, "more than %u cells", SLIDE_MAX_CELLS);
    if (p->count == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 64;
        raw_cell *cells = realloc(p->cells, cap * sizeof *cells);
        if (!cells)
            return p->status = SLIDE_E_NOMEM;
        p->cells = cells;
        p->cap = cap;
    }
    p->cells[p->count].value = value;
    p->cells[p->count].column = (uint32_t)(offset > UINT32_MAX - 1 ? UINT32_MAX - 1 : offset);
    p->count++;
    return SLIDE_OK;
}

static int push_row(parser *p, size_t length)
{
    if (p->rows == p->rows_cap) {
        size_t cap = p->rows_cap ? p->rows_cap * 2 : 16;
        size_t *rows = realloc(p->row_len, cap * sizeof *rows);
        if (!rows)
            return p->status = SLIDE_E_NOMEM;
        p->row_len = rows;
        p->rows_cap = cap;
    }
    p->row_len[p->rows++] = length;
    return SLIDE_OK;
}

/*
 * One spaced token [begin, end): a decimal number (0 = blank) or one of the
 * blank characters.  Anything else is rejected with the token quoted.
 */
static int push_token(parser *p, size_t begin, size_t end)
{
    const char *t = p->text + begin;
    size_t n = end - begin;
    char what[64];
    if (n == 1 && is_blank_char(t[0]))
        return push_cell(p, 0, begin);
    uint64_t value = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9') {
            /*
             * A token is quoted only when all of it prints as ASCII: a byte
             * that does not (a control byte that would drive the terminal,
             * UTF-8 a quote could cut in half) is named by value instead.
             */
            size_t odd = i;
            while (odd < n && (unsigned char)t[odd] >= 0x21 && (unsigned char)t[odd] < 0x7f)
                odd++;
            if (n == 1 || odd < n)
                return fail(p, (long)p->count + 1, begin + (odd < n ? odd : i), "unexpected %s",
                            describe_byte(p, begin + (odd < n ? odd : i), what, sizeof what));
            return fail(p, (long)p->count + 1, begin, "'%.*s' is not a tile", n > 24 ? 24 : (int)n,
                        t);
        }
        if (value < RAW_TOO_BIG)
            value = value * 10 + (uint64_t)(t[i] - '0');
    }
    return push_cell(p, value >= RAW_TOO_BIG ? RAW_TOO_BIG : (uint32_t)value, begin);
}

/* One compact character: 1-9, a-f/A-F for 10-15, or a blank character. */
static int push_compact_char(parser *p, size_t offset)
{
    char c = p->text[offset];
    char what[64];
    p->compact = 1;
    if (is_blank_char(c))
        return push_cell(p, 0, offset);
    if (c >= '1' && c <= '9')
        return push_cell(p, (uint32_t)(c - '0'), offset);
    if (c >= 'a' && c <= 'f')
        return push_cell(p, (uint32_t)(c - 'a' + 10), offset);
    if (c >= 'A' && c <= 'F')
        return push_cell(p, (uint32_t)(c - 'A' + 10), offset);
    return fail(p, (long)p->count + 1, offset, "unexpected %s in a compact board",
                describe_byte(p, offset, what, sizeof what));
}

/* Splits [begin, end) at separators into tokens; returns how many there were. */
typedef struct token_span {
    size_t begin;
    size_t end;
} token_span;

static size_t next_token(const parser *p, size_t *pos, size_t end, token_span *tok)
{
    size_t i = *pos;
    while (i < end && is_separator(p->text[i]))
        i++;
    if (i >= end) {
        *pos = end;
        return 0;
    }
    tok->begin = i;
    while (i < end && !is_separator(p->text[i]))
        i++;
    tok->end = i;
    *pos = i;
    return 1;
}

/*
 * Cells of the span [begin, end).  In a whole board the tokens are compact
 * rows when every token is at least two characters long (no spaced board can
 * be: it holds single-digit tiles), each token a row when there are several.
 * In one '/' row a single token is a compact row (a spaced row needs two
 * cells).  Otherwise tokens are spaced cells.
 */
static int parse_span(parser *p, size_t begin, size_t end, int whole_board)
{
    size_t pos = begin;
    token_span tok;
    size_t tokens = 0;
    int all_long = 1;
    while (next_token(p, &pos, end, &tok)) {
        tokens++;
        if (tok.end - tok.begin < 2)
            all_long = 0;
    }
    int compact = whole_board ? tokens > 0 && all_long : tokens == 1;
    pos = begin;
    while (next_token(p, &pos, end, &tok)) {
        if (compact) {
            for (size_t i = tok.begin; i < tok.end; i++)
                if (push_compact_char(p, i) != SLIDE_OK)
                    return p->status;
            if (whole_board && tokens > 1 && push_row(p, tok.end - tok.begin) != SLIDE_OK)
                return p->status;
        } else if (push_token(p, tok.begin, tok.end) != SLIDE_OK) {
            return p->status;
        }
    }
    return SLIDE_OK;
}

/* Rows split by '/': each row spaced or compact; one trailing '/' is allowed. */
static int parse_rows(parser *p, size_t begin, size_t end)
{
    size_t row_begin = begin;
    for (size_t i = begin; i <= end; i++) {
        if (i < end && p->text[i] != '/')
            continue;
        size_t before = p->count;
        if (parse_span(p, row_begin, i, 0) != SLIDE_OK)
            return p->status;
        size_t length = p->count - before;
        if (length == 0) {
            if (i == end && p->rows > 0)
                break; /* "a/b/c/" */
            return fail(p, 0, row_begin, "row %zu is empty", p->rows + 1);
        }
        if (push_row(p, length) != SLIDE_OK)
            return p->status;
        row_begin = i + 1;
    }
    return SLIDE_OK;
}

static size_t skip_space(const parser *p, size_t i, size_t end)
{
    while (i < end && is_space(p->text[i]))
        i++;
    return i;
}

/*
 * One bracketed list of cells starting at '[' (at *pos): "[1, 2, 0]".
 * Items are numbers or blank characters separated by commas.
 */
static int parse_list_row(parser *p, size_t *pos, size_t end)
{
    size_t i = *pos + 1;
    size_t before = p->count;
    char what[64];
    for (;;) {
        i = skip_space(p, i, end);
        if (i >= end)
            return fail(p, 0, end - 1, "unclosed '[' in row %zu", p->rows + 1);
        if (p->text[i] == ']' && p->count == before)
            return fail(p, 0, i, "row %zu is empty", p->rows + 1);
        size_t tb = i;
        while (i < end && !is_separator(p->text[i]) && p->text[i] != ']' && p->text[i] != '[')
            i++;
        if (i == tb)
            return fail(p, (long)p->count + 1, i, "unexpected %s in a list",
                        describe_byte(p, i, what, sizeof what));
        if (push_token(p, tb, i) != SLIDE_OK)
            return p->status;
        i = skip_space(p, i, end);
        if (i < end && p->text[i] == ',') {
            i++;
            continue;
        }
        if (i < end && p->text[i] == ']') {
            *pos = i + 1;
            return push_row(p, p->count - before);
        }
        if (i >= end)
            return fail(p, 0, end - 1, "unclosed '[' in row %zu", p->rows + 1);
        return fail(p, (long)p->count + 1, i, "expected ',' or ']' but found %s",
                    describe_byte(p, i, what, sizeof what));
    }
}

/*
 * A nested list "[[1,2,3],[4,0,5]]" (the brackets give the rows), or a flat
 * list "[1,2,3,4,0,5]" whose shape is found like a spaced board's.
 */
static int parse_list(parser *p, size_t begin, size_t end)
{
    char what[64];
    size_t i = skip_space(p, begin + 1, end);
    if (i < end && p->text[i] != '[') {
        size_t close = end;
        while (close > i && p->text[close - 1] != ']')
            close--;
        if (close == i || skip_space(p, close, end) != end)
            return fail(p, 0, begin, "unclosed '['");
        return parse_span(p, i, close - 1, 0);
    }
    for (;;) {
        i = skip_space(p, i, end);
        if (i >= end)
            return fail(p, 0, end - 1, "unclosed '['");
        if (p->text[i] != '[')
            return fail(p, (long)p->count + 1, i, "expected '[' to start row %zu but found %s",
                        p->rows + 1, describe_byte(p, i, what, sizeof what));
        if (parse_list_row(p, &i, end) != SLIDE_OK)
            return p->status;
        i = skip_space(p, i, end);
        if (i < end && p->text[i] == ',')
            i++;
        else if (i < end && p->text[i] == ']')
            break;
        else if (i >= end)
            return fail(p, 0, end - 1, "unclosed '['");
        else
            return fail(p, (long)p->count + 1, i, "expected ',' or ']' after row %zu but found %s",
                        p->rows, describe_byte(p, i, what, sizeof what));
    }
    i = skip_space(p, i + 1, end);
    if (i < end)
        return fail(p, 0, i, "unexpected %s after the list",
                    describe_byte(p, i, what, sizeof what));
    return SLIDE_OK;
}

int slide_infer_shape(size_t cells, int *rows, int *cols)
{
    /* sides must fit an int, and r * r must not wrap */
    if (ABI_MISSING(rows, cols) || cells > SLIDE_MAX_CELLS)
        return SLIDE_E_ARGUMENT;
    size_t best = 0;
    for (size_t r = 2; r * r <= cells; r++)
        if (cells % r == 0)
            best = r;
    if (best == 0)
        return SLIDE_E_ARGUMENT;
    *rows = (int)best;
    *cols = (int)(cells / best);
    return SLIDE_OK;
}

static int settle_shape(parser *p, const slide_parse_options *opt, int *rows, int *cols)
{
    int want_rows = opt ? opt->rows : 0;
    int want_cols = opt ? opt->cols : 0;
    if (p->count == 0)
        return fail(p, 0, (size_t)-1, "empty board");
    if (p->compact && p->count > SLIDE_MAX_PACKED_CELLS)
        return fail(p, SLIDE_MAX_PACKED_CELLS + 1, p->cells[SLIDE_MAX_PACKED_CELLS].column,
                    "a compact board holds at most %d cells; use spaced tokens for larger boards",
                    SLIDE_MAX_PACKED_CELLS);
    if (p->rows > 0) {
        for (size_t r = 1; r < p->rows; r++)
            if (p->row_len[r] != p->row_len[0])
                return fail(p, 0, (size_t)-1, "ragged rows: row %zu has %zu cells but row 1 has %zu",
                            r + 1, p->row_len[r], p->row_len[0]);
        if (p->rows < 2 || p->row_len[0] < 2)
            return fail(p, 0, (size_t)-1, "a board needs at least 2 rows and 2 columns, found %zux%zu",
                        p->rows, p->row_len[0]);
        if (p->rows > SLIDE_MAX_SIDE || p->row_len[0] > SLIDE_MAX_SIDE)
            return fail(p, 0, (size_t)-1, "%zux%zu is larger than the %dx%d limit", p->rows,
                        p->row_len[0], SLIDE_MAX_SIDE, SLIDE_MAX_SIDE);
        if (want_rows && ((size_t)want_rows != p->rows || (size_t)want_cols != p->row_len[0]))
            return fail(p, 0, (size_t)-1, "the rows give %zux%zu where a %dx%d board is expected",
                        p->rows, p->row_len[0], want_rows, want_cols);
        *rows = (int)p->rows;
        *cols = (int)p->row_len[0];
        return SLIDE_OK;
    }
    if (want_rows) {
        size_t expected = (size_t)want_rows * (size_t)want_cols;
        if (p->count != expected)
            return fail(p, 0, (size_t)-1, "expected %zu cells for %dx%d, found %zu", expected,
                        want_rows, want_cols, p->count);
        *rows = want_rows;
        *cols = want_cols;
        return SLIDE_OK;
    }
    if (slide_infer_shape(p->count, rows, cols) != SLIDE_OK) {
        fail(p, 0, (size_t)-1, "cannot infer a shape from %zu cell%s", p->count,
             p->count == 1 ? "" : "s");
        if (p->err)
            p->err->remedy = SLIDE_REMEDY_GIVE_SHAPE;
    }
    return p->status;
}

/*
 * A tile too large for its value to be kept: quote its digits (from the
 * text, where the cell's column points) so the message still names it.
 */
static int fail_too_big(parser *p, long cell, size_t column, size_t largest)
{
    size_t digits = 0;
    while (column < p->len && column + digits < p->len && p->text[column + digits] >= '0' &&
           p->text[column + digits] <= '9')
        digits++;
    if (digits == 0)
        return fail(p, cell, column, "tile is out of range 1-%zu", largest);
    return fail(p, cell, column, "tile %.*s%s is out of range 1-%zu", digits > 24 ? 24 : (int)digits,
                p->text + column, digits > 24 ? "..." : "", largest);
}

/*
 * Tiles must be 1 .. n-1, each once, with exactly one blank.  Problems are
 * reported at the first cell they show at; missing tiles after the scan.
 */
static int check_tiles(parser *p, slide_board *board)
{
    size_t n = p->count;
    uint32_t *first = calloc(n, sizeof *first); /* 1-based cell where each tile was seen */
    if (!first)
        return p->status = SLIDE_E_NOMEM;
    long blank_at = 0;
    int status = SLIDE_OK;
    for (size_t i = 0; i < n && status == SLIDE_OK; i++) {
        uint32_t v = p->cells[i].value;
        long cell = (long)i + 1;
        if (v == 0) {
            if (blank_at)
                status = fail(p, cell, p->cells[i].column, "a second blank (the first is at cell %ld)",
                              blank_at);
            blank_at = cell;
        } else if (v >= n) {
            if (v == RAW_TOO_BIG)
                status = fail_too_big(p, cell, p->cells[i].column, n - 1);
            else
                status = fail(p, cell, p->cells[i].column, "tile %u is out of range 1-%zu", v, n - 1);
        } else if (first[v]) {
            status = fail(p, cell, p->cells[i].column, "tile %u appears twice (cells %u and %ld)", v,
                          first[v], cell);
        } else {
            first[v] = (uint32_t)cell;
        }
    }
    if (status == SLIDE_OK && !blank_at)
        status = fail(p, 0, (size_t)-1, "no blank (write it as x, 0, . or _)");
    for (size_t v = 1; v < n && status == SLIDE_OK; v++)
        if (!first[v])
            status = fail(p, 0, (size_t)-1, "tile %zu is missing", v);
    free(first);
    if (status == SLIDE_OK) {
        for (size_t i = 0; i < n; i++)
            board->cells[i] = p->cells[i].value;
        board->blank = (int)blank_at - 1;
    }
    return status;
}

static int parse_board(const char *text, size_t len, const slide_parse_options *opt,
                       slide_board *out, slide_parse_error *err)
{
    parser p;
    memset(&p, 0, sizeof p);
    p.text = text;
    p.len = len;
    p.err = err;
    memset(out, 0, sizeof *out);
    if (err) {
        memset(err, 0, sizeof *err);
        err->line = opt ? opt->line : 0;
    }
    if (!text)
        return fail(&p, 0, (size_t)-1, "empty board");
    if (opt && (opt->rows || opt->cols) &&
        (opt->rows < 2 || opt->cols < 2 || opt->rows > SLIDE_MAX_SIDE || opt->cols > SLIDE_MAX_SIDE))
        return fail(&p, 0, (size_t)-1, "size %dx%d is out of range", opt->rows, opt->cols);

    size_t begin = 0, end = len;
    const char *nul = memchr(text, '\0', len);
    if (nul)
        fail(&p, 0, (size_t)(nul - text), "unexpected byte 0x00 (NUL)");
    if (p.status == SLIDE_OK) {
        begin = skip_space(&p, 0, len);
        while (end > begin && is_space(text[end - 1]))
            end--;
        if (begin < end && text[begin] == '[')
            parse_list(&p, begin, end);
        else if (memchr(text + begin, '/', end - begin))
            parse_rows(&p, begin, end);
        else
            parse_span(&p, begin, end, 1);
    }
    int rows = 0, cols = 0;
    if (p.status == SLIDE_OK)
        settle_shape(&p, opt, &rows, &cols);
    if (p.status == SLIDE_OK) {
        out->cells = malloc(p.count * sizeof *out->cells);
        if (!out->cells)
            p.status = SLIDE_E_NOMEM;
    }
    if (p.status == SLIDE_OK && check_tiles(&p, out) == SLIDE_OK) {
        out->rows = rows;
        out->cols = cols;
    }
    if (p.status != SLIDE_OK) {
        free(out->cells);
        out->cells = NULL;
        if (p.status == SLIDE_E_NOMEM && err)
            snprintf(err->message, sizeof err->message, "out of memory");
    }
    free(p.cells);
    free(p.row_len);
    return p.status;
}

int slide_board_parse(const char *text, size_t len, const slide_parse_options *opt,
                      slide_board *out, slide_parse_error *err)
{
    slide_parse_options options;
    slide_parse_error error;
    if (ABI_MISSING(out))
        return SLIDE_E_ARGUMENT;
    if ((len && !text) ||
        abi_copy_in(&options, sizeof options, opt, ABI_MIN_PARSE_OPTIONS) != SLIDE_OK ||
        abi_check_out(err, ABI_MIN_PARSE_ERROR) != SLIDE_OK) {
        memset(out, 0, sizeof *out);
        return SLIDE_E_ARGUMENT;
    }
    int status = parse_board(text, len, &options, out, err ? &error : NULL);
    abi_copy_out(err, &error, sizeof error);
    return status;
}

int slide_board_read_small(const char *text, size_t len, uint8_t *cells)
{
    int count = 0, tokens = 0, in_token = 0;
    if (ABI_MISSING(cells) || (len && !text))
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        uint8_t value;
        if (c >= '1' && c <= '8') {
            value = (uint8_t)(c - '0');
        } else if (is_separator(c)) {
            in_token = 0;
            continue;
        } else if (is_blank_char(c)) {
            value = 0;
        } else {
            return 0;
        }
        if (count == SLIDE_MAX_TABLE_CELLS)
            return 0;
        cells[count++] = value;
        tokens += !in_token;
        in_token = 1;
    }
    /* as parse_span reads a whole board: one cell a token, or one compact run */
    return tokens == count || tokens == 1 ? count : 0;
}

static int parse_size(const char *text, int *rows, int *cols, slide_parse_error *err)
{
    const char *s = text;
    long values[2] = {0, 0};
    if (err)
        memset(err, 0, sizeof *err);
    for (int k = 0; k < 2; k++) {
        if (*s < '0' || *s > '9')
            goto bad;
        while (*s >= '0' && *s <= '9') {
            values[k] = values[k] * 10 + (*s - '0');
            if (values[k] > SLIDE_MAX_SIDE * 10L)
                values[k] = SLIDE_MAX_SIDE * 10L;
            s++;
        }
        if (k == 0) {
            /* 3x3, 3X3, 3*3, or 3×3 (U+00D7) as tables write it */
            if (*s == 'x' || *s == 'X' || *s == '*')
                s++;
            else if ((unsigned char)s[0] == 0xC3 && (unsigned char)s[1] == 0x97)
                s += 2;
            else
                goto bad;
        }
    }
    if (*s)
        goto bad;
    if (values[0] < 2 || values[1] < 2) {
        if (err)
            snprintf(err->message, sizeof err->message,
                     "size '%.40s' needs at least 2 rows and 2 columns", text);
        return SLIDE_E_ARGUMENT;
    }
    if (values[0] > SLIDE_MAX_SIDE || values[1] > SLIDE_MAX_SIDE) {
        if (err)
            snprintf(err->message, sizeof err->message,
                     "size '%.40s' has a side longer than the limit of %d", text, SLIDE_MAX_SIDE);
        return SLIDE_E_ARGUMENT;
    }
    if ((uint64_t)values[0] * (uint64_t)values[1] > SLIDE_MAX_CELLS) {
        if (err)
            snprintf(err->message, sizeof err->message,
                     "size '%.40s' is larger than the limit of %u cells", text, SLIDE_MAX_CELLS);
        return SLIDE_E_ARGUMENT;
    }
    *rows = (int)values[0];
    *cols = (int)values[1];
    return SLIDE_OK;
bad:
    if (err)
        snprintf(err->message, sizeof err->message, "size '%.40s' is not of the form RxC (e.g. 3x3)",
                 text);
    return SLIDE_E_ARGUMENT;
}

int slide_parse_size(const char *text, int *rows, int *cols, slide_parse_error *err)
{
    slide_parse_error error;
    if (ABI_MISSING(text, rows, cols) || abi_check_out(err, ABI_MIN_PARSE_ERROR) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    int status = parse_size(text, rows, cols, err ? &error : NULL);
    abi_copy_out(err, &error, sizeof error);
    return status;
}
