/*
 * judge.c - the judge problems: the table of presets and the framing of
 * their input files, read into cases for `slide solve --problem`
 * (cli/solve/problem.c) and `slide check --problem` (check_files.c) alike.
 *
 * The whole input is read and checked before the first answer is written,
 * so a malformed input file gives an error naming the case and line and no
 * half-written output.
 */
#include "cli/judge/judge.h"
#include "cli/base/text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * The Eight problems print the forward BFS's move string (u, d, l, r
 * neighbour order), which is what their samples show.  They get it from the
 * exhaustive distance table ("table"), whose walk is that same path byte for
 * byte (see src/search/distance_table.c) and which, kept in a context, answers each further
 * case in microseconds instead of a BFS's milliseconds.  The step-count
 * problems take any optimal search.
 */
static const judge_problem problems[] = {
    {"poj1077", "POJ 1077", FRAME_CELLS, ANSWER_MOVES, 3, 3, NULL, "table", 0, 0, 0, "unsolvable"},
    {"hdu1043", "HDU 1043", FRAME_CELLS, ANSWER_MOVES, 3, 3, NULL, "table", 0, 0, 0, "unsolvable"},
    {"zoj1217", "ZOJ 1217", FRAME_CELLS, ANSWER_MOVES, 3, 3, NULL, "table", 0, 0, 0, "unsolvable"},
    {"acwing179", "AcWing 179", FRAME_CELLS, ANSWER_MOVES, 3, 3, NULL, "table", 1, 0, 0,
     "unsolvable"},
    {"uva652", "UVa 652", FRAME_COUNTED_CELLS, ANSWER_MOVES, 3, 3, NULL, "table", 0, 1, 0,
     "unsolvable"},
    {"acwing845", "AcWing 845", FRAME_CELLS, ANSWER_STEPS, 3, 3, NULL, "auto", 1, 0, 0, "-1"},
    {"leetcode773", "LeetCode 773", FRAME_LINES, ANSWER_STEPS, 2, 3, NULL, "auto", 1, 0, 0, "-1"},
    {"lintcode794", "LintCode 794", FRAME_LIST_PAIRS, ANSWER_STEPS, 3, 3, NULL, "auto", 1, 0, 0,
     "-1"},
    {"lanqiao", "Lanqiao (jiugong chongpai)", FRAME_LINE_PAIRS, ANSWER_STEPS, 3, 3, NULL, "auto", 1,
     0, 0, "-1"},
    {"luogu1379", "Luogu P1379", FRAME_LINES, ANSWER_STEPS, 3, 3, "123804765", "auto", 1, 0, 0,
     "-1"},
    {"uva10181", "UVa 10181", FRAME_COUNTED_NUMBERS, ANSWER_UPPER_MOVES, 4, 4, NULL, "auto", 0, 0,
     50, "This puzzle is not solvable."},
};

#define PROBLEM_COUNT (sizeof problems / sizeof problems[0])

const judge_problem *judge_problem_find(const char *name)
{
    for (size_t i = 0; i < PROBLEM_COUNT; i++)
        if (strcmp(problems[i].name, name) == 0)
            return &problems[i];
    return NULL;
}

size_t judge_problem_count(void)
{
    return PROBLEM_COUNT;
}

const judge_problem *judge_problem_at(size_t index)
{
    return index < PROBLEM_COUNT ? &problems[index] : NULL;
}

const char *judge_problem_names(char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < PROBLEM_COUNT && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", problems[i].name);
    return buf;
}

const char *judge_unknown_problem(const char *name, char *buf, size_t size)
{
    char names[JUDGE_NAMES_SIZE], hint[96];
    cli_suggestion s;
    cli_suggest_init(&s, name);
    for (size_t i = 0; i < PROBLEM_COUNT; i++)
        cli_suggest_consider(&s, problems[i].name);
    snprintf(buf, size, "unknown problem '%.60s' (problems: %s)%s", name,
             judge_problem_names(names, sizeof names), cli_did_you_mean(&s, "", hint, sizeof hint));
    return buf;
}

/* ------------------------------------------------------------ input text */

/* A read position in the input that knows its line number. */
typedef struct cursor {
    const char *text;
    size_t len;
    size_t pos;
    long line;
} cursor;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Non-zero when text[pos] ends a line: a LF, or a lone CR (not the first half of a CRLF). */
static int ends_line(const cursor *cur, size_t pos)
{
    char c = cur->text[pos];
    return c == '\n' || (c == '\r' && (pos + 1 >= cur->len || cur->text[pos + 1] != '\n'));
}

static void skip_space(cursor *cur)
{
    while (cur->pos < cur->len && is_space(cur->text[cur->pos])) {
        if (ends_line(cur, cur->pos))
            cur->line++;
        cur->pos++;
    }
}

/* The next whitespace-delimited token at the cursor (after skip_space); its length. */
static size_t take_token(cursor *cur, const char **token)
{
    size_t begin = cur->pos;
    while (cur->pos < cur->len && !is_space(cur->text[cur->pos]))
        cur->pos++;
    *token = cur->text + begin;
    return cur->pos - begin;
}

/*
 * The next line [*line, *line + *len) without its line end (LF, CRLF or a
 * lone CR) and its number; 0 at the end of the text.
 */
static int take_line(cursor *cur, const char **line, size_t *len, long *number)
{
    if (cur->pos >= cur->len)
        return 0;
    size_t next;
    *line = cur->text + cur->pos;
    *len = cli_line_split(*line, cur->len - cur->pos, CLI_LINES_ANY, &next);
    *number = cur->line;
    cur->pos += next;
    if (next > *len)
        cur->line++;
    return 1;
}

static int blank_text(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!is_space(text[i]))
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- cases */

/*
 * A new zeroed case at the end of cases, starting at `line`.  Returns 0, or
 * -1 with the reason in message: out of memory, or past JUDGE_MAX_CELLS
 * (which keeps the memory of the cases bounded whatever the input holds).
 */
static int push_case(const judge_problem *p, judge_cases *cases, long line, judge_case **out,
                     char *message, size_t size)
{
    if ((cases->count + 1) * (size_t)(p->rows * p->cols) > JUDGE_MAX_CELLS) {
        return cli_fail(message, size,
                        "case %zu, line %ld: more than %u cells in all, the most a judge input "
                        "may hold (as many as the largest board)",
                        cases->count + 1, line, JUDGE_MAX_CELLS);
    }
    if (cases->count == cases->cap) {
        size_t cap = cases->cap ? cases->cap * 2 : 16;
        judge_case *items = realloc(cases->items, cap * sizeof *items);
        if (!items)
            return cli_fail(message, size, "out of memory");
        cases->items = items;
        cases->cap = cap;
    }
    *out = &cases->items[cases->count++];
    memset(*out, 0, sizeof **out);
    return 0;
}

void judge_cases_free(judge_cases *cases)
{
    for (size_t i = 0; i < cases->count; i++) {
        slide_board_free(&cases->items[i].start);
        slide_board_free(&cases->items[i].goal);
    }
    free(cases->items);
    memset(cases, 0, sizeof *cases);
}

/*
 * Parses a board of the problem's shape.  label names it ("case 3",
 * "case 3 (goal)").  cell_lines, when set, gives the input line of each
 * cell (cells spread over several lines); otherwise every cell is on
 * `line`.  Returns 0, or -1 with the reason in message.
 */
static int parse_board_at(const judge_problem *p, const char *text, size_t len,
                          const long *cell_lines, long line, const char *label, slide_board *out,
                          char *message, size_t size)
{
    slide_parse_options opt = slide_parse_options_init();
    opt.rows = p->rows;
    opt.cols = p->cols;
    opt.line = line;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(text, len, &opt, out, &err);
    if (status == SLIDE_OK)
        return 0;
    if (status != SLIDE_E_PARSE)
        return cli_fail(message, size, "%s, line %ld: %s", label, line, slide_strerror(status));
    if (cell_lines && err.cell > 0 && err.cell <= (long)p->rows * p->cols)
        line = cell_lines[err.cell - 1];
    char reason[CLI_MESSAGE_SIZE];
    cli_parse_message(&err, reason, sizeof reason);
    if (err.cell > 0)
        return cli_fail(message, size, "%s, line %ld, cell %ld: %s", label, line, err.cell, reason);
    return cli_fail(message, size, "%s, line %ld: %s", label, line, reason);
}

/* Gives c the problem's own goal (for problems whose input holds none). */
static int fixed_goal(const judge_problem *p, judge_case *c, char *message, size_t size)
{
    int status;
    if (p->goal) {
        slide_parse_options opt = slide_parse_options_init();
        opt.rows = p->rows;
        opt.cols = p->cols;
        status = slide_board_parse(p->goal, strlen(p->goal), &opt, &c->goal, NULL);
    } else {
        status = slide_board_init_goal(&c->goal, p->rows, p->cols);
    }
    return status == SLIDE_OK ? 0 : cli_fail(message, size, "%s", slide_strerror(status));
}

/*
 * One case of rows*cols one-character cells (the Eight framing): each
 * non-space character is a cell, wherever the line breaks fall.  Cells
 * must be 1 .. n-1 or x, as the problems define them.
 */
static int read_cell_case(const judge_problem *p, cursor *cur, size_t number, judge_cases *cases,
                          char *message, size_t size)
{
    int n = p->rows * p->cols;
    char text[2 * SLIDE_MAX_PACKED_CELLS + 1];
    long lines[SLIDE_MAX_PACKED_CELLS];
    char what[32];
    judge_case *c;
    if (push_case(p, cases, cur->line, &c, message, size))
        return -1;
    for (int k = 0; k < n; k++) {
        skip_space(cur);
        if (cur->pos >= cur->len)
            return cli_fail(message, size,
                            "case %zu, line %ld: the input ends after %d of the %d cells", number,
                            k ? lines[k - 1] : cur->line, k, n);
        char ch = cur->text[cur->pos];
        if (!(ch == 'x' || (ch >= '1' && ch < '0' + n)))
            return cli_fail(message, size,
                            "case %zu, line %ld: unexpected %s (%s cells are 1-%d and x)", number,
                            cur->line, cli_describe_char(ch, what, sizeof what), p->title, n - 1);
        if (k == 0)
            c->line = cur->line;
        lines[k] = cur->line;
        text[2 * k] = ch;
        text[2 * k + 1] = ' ';
        cur->pos++;
    }
    char label[48];
    snprintf(label, sizeof label, "case %zu", number);
    if (parse_board_at(p, text, (size_t)(2 * n), lines, c->line, label, &c->start, message, size))
        return -1;
    return fixed_goal(p, c, message, size);
}

/* One case of rows*cols decimal numbers, 0 the blank (UVa 10181). */
static int read_number_case(const judge_problem *p, cursor *cur, size_t number, judge_cases *cases,
                            char *message, size_t size)
{
    int n = p->rows * p->cols;
    char text[SLIDE_MAX_PACKED_CELLS * 11];
    long lines[SLIDE_MAX_PACKED_CELLS];
    size_t used = 0;
    judge_case *c;
    if (push_case(p, cases, cur->line, &c, message, size))
        return -1;
    for (int k = 0; k < n; k++) {
        const char *token;
        skip_space(cur);
        if (cur->pos >= cur->len)
            return cli_fail(message, size,
                            "case %zu, line %ld: the input ends after %d of the %d numbers", number,
                            k ? lines[k - 1] : cur->line, k, n);
        if (k == 0)
            c->line = cur->line;
        lines[k] = cur->line;
        size_t tl = take_token(cur, &token);
        size_t digits = 0;
        while (digits < tl && token[digits] >= '0' && token[digits] <= '9')
            digits++;
        if (digits < tl || tl > 9)
            return cli_fail(message, size, "case %zu, line %ld: '%.*s' is not a tile number 0-%d",
                            number, lines[k], tl > 20 ? 20 : (int)tl, token, n - 1);
        memcpy(text + used, token, tl);
        used += tl;
        /*
         * Row marks keep the text spaced: tokens that are all two digits or
         * more would otherwise read as compact rows, one cell a digit.
         */
        text[used++] = (k + 1) % p->cols == 0 ? '/' : ' ';
    }
    char label[48];
    snprintf(label, sizeof label, "case %zu", number);
    if (parse_board_at(p, text, used, lines, c->line, label, &c->start, message, size))
        return -1;
    return fixed_goal(p, c, message, size);
}

/* The leading count of cases (UVa style). */
static int read_count(const judge_problem *p, cursor *cur, size_t *count, char *message,
                      size_t size)
{
    const char *token;
    skip_space(cur);
    if (cur->pos >= cur->len)
        return cli_fail(message, size,
                        "line %ld: the input is empty; %s starts with the number of cases",
                        cur->line, p->title);
    long line = cur->line;
    size_t tl = take_token(cur, &token);
    size_t value = 0;
    for (size_t i = 0; i < tl; i++) {
        if (token[i] < '0' || token[i] > '9' || i >= 9)
            return cli_fail(message, size,
                            "line %ld: '%.*s' is not a number of cases (%s starts with one)", line,
                            tl > 20 ? 20 : (int)tl, token, p->title);
        value = value * 10 + (size_t)(token[i] - '0');
    }
    *count = value;
    return 0;
}

static int read_counted(const judge_problem *p, cursor *cur, judge_cases *cases, char *message,
                        size_t size)
{
    size_t count = 0;
    if (read_count(p, cur, &count, message, size))
        return -1;
    for (size_t i = 1; i <= count; i++) {
        skip_space(cur);
        if (cur->pos >= cur->len)
            return cli_fail(
                message, size,
                "case %zu, line %ld: the input ends, but the count announced %zu case%s", i,
                cur->line, count, count == 1 ? "" : "s");
        int status = p->framing == FRAME_COUNTED_CELLS
                         ? read_cell_case(p, cur, i, cases, message, size)
                         : read_number_case(p, cur, i, cases, message, size);
        if (status)
            return -1;
    }
    skip_space(cur);
    if (cur->pos < cur->len)
        return cli_fail(message, size,
                        "line %ld: more input after the %zu case%s the count announced", cur->line,
                        count, count == 1 ? "" : "s");
    return 0;
}

/* One board a non-empty line; with `pairs`, lines alternate start and goal. */
static int read_lines(const judge_problem *p, cursor *cur, int pairs, judge_cases *cases,
                      char *message, size_t size)
{
    const char *line;
    size_t len;
    long number;
    judge_case *c = NULL;
    int want_goal = 0;
    char label[48];
    while (take_line(cur, &line, &len, &number)) {
        if (blank_text(line, len))
            continue;
        if (!want_goal) {
            if (push_case(p, cases, number, &c, message, size))
                return -1;
            c->line = number;
            snprintf(label, sizeof label, "case %zu", cases->count);
            if (parse_board_at(p, line, len, NULL, number, label, &c->start, message, size))
                return -1;
            if (!pairs) {
                if (fixed_goal(p, c, message, size))
                    return -1;
                continue;
            }
            want_goal = 1;
        } else {
            snprintf(label, sizeof label, "case %zu (goal)", cases->count);
            if (parse_board_at(p, line, len, NULL, number, label, &c->goal, message, size))
                return -1;
            want_goal = 0;
        }
    }
    if (want_goal)
        return cli_fail(message, size, "case %zu, line %ld: a start board without its goal line",
                        cases->count, c->line);
    return 0;
}

/*
 * Bracketed boards "[[2,8,3],[1,0,4],[7,6,5]]" in pairs, separated by
 * whitespace or commas, on one line or many (LintCode 794).
 */
static int read_list_pairs(const judge_problem *p, cursor *cur, judge_cases *cases, char *message,
                           size_t size)
{
    judge_case *c = NULL;
    int want_goal = 0;
    char label[48], what[32];
    for (;;) {
        while (cur->pos < cur->len &&
               (is_space(cur->text[cur->pos]) || cur->text[cur->pos] == ',')) {
            if (ends_line(cur, cur->pos))
                cur->line++;
            cur->pos++;
        }
        if (cur->pos >= cur->len)
            break;
        size_t number = cases->count + (want_goal ? 0 : 1);
        snprintf(label, sizeof label, want_goal ? "case %zu (goal)" : "case %zu", number);
        if (cur->text[cur->pos] != '[')
            return cli_fail(message, size,
                            "%s, line %ld: unexpected %s where a board '[[...]]' starts", label,
                            cur->line, cli_describe_char(cur->text[cur->pos], what, sizeof what));
        size_t begin = cur->pos;
        long line = cur->line;
        int depth = 0;
        do {
            char ch = cur->text[cur->pos];
            depth += ch == '[' ? 1 : ch == ']' ? -1 : 0;
            if (ends_line(cur, cur->pos))
                cur->line++;
            cur->pos++;
        } while (depth > 0 && cur->pos < cur->len);
        if (depth > 0)
            return cli_fail(message, size, "%s, line %ld: unclosed '['", label, line);
        if (!want_goal) {
            if (push_case(p, cases, line, &c, message, size))
                return -1;
            c->line = line;
        }
        if (parse_board_at(p, cur->text + begin, cur->pos - begin, NULL, line, label,
                           want_goal ? &c->goal : &c->start, message, size))
            return -1;
        want_goal = !want_goal;
    }
    if (want_goal)
        return cli_fail(message, size, "case %zu, line %ld: a start board without its goal board",
                        cases->count, c->line);
    return 0;
}

int judge_read_cases(const judge_problem *p, const char *text, size_t len, judge_cases *cases,
                     char *message, size_t size)
{
    cursor cur = {text, len, 0, 1};
    int status = 0;
    memset(cases, 0, sizeof *cases);
    switch (p->framing) {
    case FRAME_CELLS:
        for (;;) {
            skip_space(&cur);
            if (cur.pos >= cur.len)
                break;
            if (read_cell_case(p, &cur, cases->count + 1, cases, message, size)) {
                status = -1;
                break;
            }
        }
        break;
    case FRAME_COUNTED_CELLS:
    case FRAME_COUNTED_NUMBERS: status = read_counted(p, &cur, cases, message, size); break;
    case FRAME_LINES: status = read_lines(p, &cur, 0, cases, message, size); break;
    case FRAME_LINE_PAIRS: status = read_lines(p, &cur, 1, cases, message, size); break;
    case FRAME_LIST_PAIRS: status = read_list_pairs(p, &cur, cases, message, size); break;
    default: status = cli_fail(message, size, "internal error: unknown framing"); break;
    }
    if (status)
        judge_cases_free(cases);
    return status;
}

int judge_slurp(const char *path, FILE *stream, char **text, size_t *len)
{
    FILE *f = path ? fopen(path, "rb") : stream;
    /* room for the limit, one byte past it (the sign of a larger input) and a NUL */
    const size_t most = CLI_MAX_INPUT_BYTES + 2;
    size_t cap = 1 << 16, used = 0;
    char *buf;
    *text = NULL;
    *len = 0;
    if (!f)
        return -1;
    buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + used, 1, cap - used - 1, f);
        used += got;
        if (used + 1 < cap || used > CLI_MAX_INPUT_BYTES)
            break; /* a short read (end of file or an error), or past the limit */
        size_t larger = cap * 2 < most ? cap * 2 : most;
        char *bigger = realloc(buf, larger);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap = larger;
    }
    int too_large = buf && used > CLI_MAX_INPUT_BYTES;
    int failed = !buf || ferror(f) || too_large;
    int saved = too_large ? EFBIG : buf ? errno : ENOMEM;
    if (path)
        fclose(f);
    if (failed) {
        free(buf);
        errno = saved ? saved : EIO;
        return -1;
    }
    buf[used] = '\0';
    *text = buf;
    *len = used;
    return 0;
}

int judge_solve_case(const judge_problem *p, const judge_case *c, const slide_limits *limits,
                     slide_context *context, int count_only, slide_solution *sol,
                     slide_stats *stats)
{
    slide_solve_options opt = slide_solve_options_init();
    opt.context = context;
    opt.algo = p->algo;
    opt.limits = limits;
    /*
     * A table built for one case alone costs more than the BFS whose string
     * it walks.  A length alone (a checker's optimum) needs neither: auto
     * reads the shared table where it fits the memory cap, else IDA*.
     */
    if (strcmp(p->algo, "table") == 0) {
        if (count_only)
            opt.algo = NULL;
        else if (!slide_solve_uses_table(c->start.rows, c->start.cols, &opt))
            opt.algo = "bfs";
    }
    opt.count_only = count_only;
    return slide_solve(&c->start, &c->goal, &opt, sol, stats);
}

