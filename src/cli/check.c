/*
 * check.c - `slide check`: a special judge for move strings.
 *
 *   slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] BOARD MOVES
 *   slide check --problem NAME INPUT OUTPUT [ANSWER]          (testlib)
 *   slide check --problem NAME --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT
 *
 * Every form judges answers with the same code: a single BOARD MOVES pair
 * is one case of a one-line problem.  Verdicts follow testlib: 0 accepted,
 * 1 wrong answer, 2 presentation error (the answers are right but written
 * wrongly: letter case, spacing, missing or extra lines), 3 judge failure
 * (bad input, bad answer file, usage).  A wrong answer anywhere outranks a
 * presentation error, so PE always means "right answers, wrong layout".
 */
#include "judge.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { VERDICT_OK = 0, VERDICT_WA = 1, VERDICT_PE = 2, VERDICT_FAIL = 3 };

/* Kattis / DOMjudge output-validator exit codes. */
enum { KATTIS_ACCEPTED = 42, KATTIS_WRONG = 43 };

/* Boards of at most this many cells get their fewest moves computed even unasked. */
#define CHEAP_CELLS 9

static const char *const verdict_names[] = {"ok", "wrong answer", "presentation error",
                                            "judge failure"};

typedef struct verdict {
    int kind;
    char text[700];
} verdict;

static int set_verdict(verdict *v, int kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Records a verdict and returns its kind. */
static int set_verdict(verdict *v, int kind, const char *fmt, ...)
{
    va_list ap;
    v->kind = kind;
    va_start(ap, fmt);
    vsnprintf(v->text, sizeof v->text, fmt, ap);
    va_end(ap);
    return kind;
}

/* The fewest moves of one case, computed at most once. */
typedef struct optimum {
    int known;  /* 0 = not computed yet */
    int status; /* slide_solve's status */
    uint64_t length;
    char reason[CLI_MESSAGE_SIZE + 64]; /* why the solver gave up, when it did */
} optimum;

typedef struct checker {
    const judge_problem *p;
    const judge_cases *cases;
    int optimal;                  /* require the fewest moves (--optimal or the problem) */
    unsigned long long max_moves; /* --max-moves; 0 = none */
    int has_max_moves;
    slide_limits limits;
    int single;             /* one BOARD MOVES pair: messages name no case */
    optimum *best;          /* one per case */
    slide_context *context; /* tables shared by the cases' solves */
} checker;

/* What judging one answer learned, for the single-board report. */
typedef struct answer_info {
    int unsolvable;  /* the answer says there is no solution */
    uint64_t length; /* moves given */
    int best_known;
    uint64_t best;
} answer_info;

/*
 * The fewest moves of case i into *length, solved once and remembered.
 * Returns VERDICT_OK, or VERDICT_FAIL with the reason in v when the solver
 * gave up (a memory or time limit).  The case must be solvable.
 */
static int case_optimum(checker *ck, size_t i, uint64_t *length, verdict *v)
{
    optimum *o = &ck->best[i];
    if (!o->known) {
        slide_solution sol;
        slide_stats st;
        o->status =
            judge_solve_case(ck->p, &ck->cases->items[i], &ck->limits, ck->context, 1, &sol, &st);
        o->length = sol.length;
        o->known = 1;
        char note[CLI_MESSAGE_SIZE];
        cli_solve_note(&st, o->status, note, sizeof note);
        snprintf(o->reason, sizeof o->reason, "%s%s%s", slide_strerror(o->status),
                 note[0] ? ": " : "", note);
        slide_solution_free(&sol);
    }
    if (o->status != SLIDE_OK)
        return set_verdict(v, VERDICT_FAIL, "cannot compute the fewest moves of case %zu: %s",
                           i + 1, o->reason);
    *length = o->length;
    return VERDICT_OK;
}

/* Non-zero when the fewest moves of case i are cheap enough to compute unasked. */
static int cheap(const checker *ck, size_t i)
{
    const slide_board *b = &ck->cases->items[i].start;
    return b->rows * b->cols <= CHEAP_CELLS;
}

static int is_blank_char(char c)
{
    return c == ' ' || c == '\t';
}

/* "s" unless n is 1: "1 move", "19 moves". */
static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

/* 'q', or byte 0x01 for a byte that does not print. */
static const char *describe_char(char c, char *buf, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02X", u);
    return buf;
}

/*
 * Compares a would-be "no solution" answer with the problem's words,
 * ignoring letter case, runs of spaces and a missing final '.', so that
 * "Unsolvable" or "this puzzle is not solvable" are recognised as the
 * intended answer written wrongly.
 */
static int loosely_equal(const char *text, size_t len, const char *word)
{
    size_t i = 0, j = 0, wl = strlen(word);
    if (wl && word[wl - 1] == '.')
        wl--;
    if (len && text[len - 1] == '.')
        len--;
    while (i < len && j < wl) {
        if (is_blank_char(text[i]) && is_blank_char(word[j])) {
            while (i < len && is_blank_char(text[i]))
                i++;
            j++;
            continue;
        }
        if (tolower((unsigned char)text[i]) != tolower((unsigned char)word[j]))
            return 0;
        i++;
        j++;
    }
    return i == len && j == wl;
}

/*
 * Replays moves[0..len) from c's start.  The problem wants lowercase
 * letters (uppercase when `upper`); letters of the other case still move,
 * and *wrong_case gets the 1-based index of the first one, so an answer
 * that is right apart from its letter case can be a presentation error.
 * Returns VERDICT_OK or VERDICT_WA with the reason in v; `at` prefixes
 * the message ("case 3, ").
 */
static int replay(const judge_case *c, const char *moves, size_t len, int upper, const char *at,
                  verdict *v, size_t *wrong_case)
{
    slide_board b;
    char now[200], goal[200], what[32];
    *wrong_case = 0;
    if (slide_board_copy(&b, &c->start) != SLIDE_OK)
        return set_verdict(v, VERDICT_FAIL, "out of memory");
    for (size_t i = 0; i < len; i++) {
        char ch = moves[i];
        char lower = (char)tolower((unsigned char)ch);
        if (lower != 'u' && lower != 'd' && lower != 'l' && lower != 'r') {
            slide_board_free(&b);
            return set_verdict(v, VERDICT_WA, "%smove %zu is %s, not one of %s", at, i + 1,
                               describe_char(ch, what, sizeof what),
                               upper ? "U, D, L, R" : "u, d, l, r");
        }
        if (!*wrong_case && (ch == lower) == upper)
            *wrong_case = i + 1;
        if (slide_board_move(&b, ch) != SLIDE_OK) {
            judge_format_board(&b, now, sizeof now);
            slide_board_free(&b);
            return set_verdict(v, VERDICT_WA,
                               "%smove %zu '%c' leaves the board (the board before it: %s)", at,
                               i + 1, ch, now);
        }
    }
    if (!slide_board_equal(&b, &c->goal)) {
        judge_format_board(&b, now, sizeof now);
        judge_format_board(&c->goal, goal, sizeof goal);
        slide_board_free(&b);
        return set_verdict(v, VERDICT_WA, "%safter %zu move%s the board is %s, not the goal %s", at,
                           len, plural(len), now, goal);
    }
    slide_board_free(&b);
    return VERDICT_OK;
}

/*
 * A number-of-moves answer: the fewest moves, or -1 when unsolvable,
 * written as a plain decimal.  A right value written otherwise ("04") is a
 * presentation error; a fewer-than-possible value says so, which is what
 * turns a too-good answer file into a judge failure.
 */
static int judge_steps(checker *ck, size_t i, const char *text, size_t len, int solvable,
                       const char *at, verdict *v, answer_info *info)
{
    size_t sign = len > 0 && text[0] == '-' ? 1 : 0, digits = 0;
    uint64_t value = 0;
    int huge = 0;
    while (sign + digits < len && text[sign + digits] >= '0' && text[sign + digits] <= '9') {
        if (value > (UINT64_MAX - 9) / 10)
            huge = 1;
        else
            value = value * 10 + (uint64_t)(text[sign + digits] - '0');
        digits++;
    }
    int shown = len > 40 ? 40 : (int)len;
    if (digits == 0 || sign + digits != len)
        return set_verdict(v, VERDICT_WA, "%sexpected the number of moves, found '%.*s'", at, shown,
                           text);
    int negative = sign == 1;
    int canonical = (text[sign] != '0' || digits == 1) && !(negative && value == 0);
    if (negative && (value != 1 || huge))
        return set_verdict(v, VERDICT_WA, "%s'%.*s' is not a number of moves (-1 means unsolvable)",
                           at, shown, text);
    info->unsolvable = negative;
    info->length = value;
    if (!solvable) {
        if (!negative)
            return set_verdict(v, VERDICT_WA, "%sanswered %.*s, but the board is unsolvable (-1)",
                               at, shown, text);
    } else {
        uint64_t best;
        if (case_optimum(ck, i, &best, v) != VERDICT_OK)
            return VERDICT_FAIL;
        info->best_known = 1;
        info->best = best;
        if (negative)
            return set_verdict(v, VERDICT_WA,
                               "%sanswered -1, but the board is solvable in %llu move%s", at,
                               (unsigned long long)best, plural(best));
        if (huge || value > best)
            return set_verdict(v, VERDICT_WA, "%sanswered %.*s, but the fewest moves is %llu", at,
                               shown, text, (unsigned long long)best);
        if (value < best)
            return set_verdict(v, VERDICT_WA,
                               "%sanswered %.*s, fewer than the fewest moves possible (%llu)", at,
                               shown, text, (unsigned long long)best);
    }
    if (!canonical)
        return set_verdict(v, VERDICT_PE, "%s'%.*s' should be written %s%llu", at, shown, text,
                           negative ? "-" : "", (unsigned long long)value);
    return VERDICT_OK;
}

/* The answer for an unsolvable claim: right, wrong, or right but misspelt. */
static int judge_no_solution(checker *ck, size_t i, const char *text, size_t len, int solvable,
                             const char *at, verdict *v)
{
    const char *word = ck->p->no_solution;
    int exact = len == strlen(word) && memcmp(text, word, len) == 0;
    int shown = len > 40 ? 40 : (int)len;
    if (solvable) {
        uint64_t best;
        if (cheap(ck, i) && case_optimum(ck, i, &best, v) == VERDICT_OK)
            return set_verdict(v, VERDICT_WA, "%s'%.*s', but the board is solvable in %llu move%s",
                               at, shown, text, (unsigned long long)best, plural(best));
        return set_verdict(v, VERDICT_WA, "%s'%.*s', but the board is solvable", at, shown, text);
    }
    if (!exact)
        return set_verdict(v, VERDICT_PE, "%s'%.*s' should be written '%s'", at, shown, text, word);
    return VERDICT_OK;
}

/*
 * A move-string answer.  Spaces inside the string and letters of the wrong
 * case are presentation errors; whatever makes the moves themselves wrong
 * (a bad letter, leaving the board, missing the goal, too many moves) is a
 * wrong answer.
 */
static int judge_moves(checker *ck, size_t i, const char *text, size_t len, int solvable,
                       const char *at, verdict *v, answer_info *info)
{
    const judge_problem *p = ck->p;
    int upper = p->answer == ANSWER_UPPER_MOVES;
    char *moves = malloc(len + 1);
    size_t n = 0;
    int spaced = 0, kind;
    if (!moves)
        return set_verdict(v, VERDICT_FAIL, "out of memory");
    for (size_t k = 0; k < len; k++) {
        if (is_blank_char(text[k]))
            spaced = 1;
        else
            moves[n++] = text[k];
    }
    moves[n] = '\0';
    info->length = n;
    if (!solvable) {
        kind = set_verdict(v, VERDICT_WA, "%s%s, but the board is unsolvable (the answer is '%s')",
                           at, n ? "moves given" : "an empty answer", p->no_solution);
        goto done;
    }
    size_t wrong_case;
    kind = replay(&ck->cases->items[i], moves, n, upper, at, v, &wrong_case);
    if (kind != VERDICT_OK)
        goto done;
    if (p->max_moves && n > p->max_moves) {
        kind = set_verdict(v, VERDICT_WA, "%s%zu move%s, more than the %lu %s allows", at, n,
                           plural(n), p->max_moves, p->title);
        goto done;
    }
    if (ck->has_max_moves && n > ck->max_moves) {
        kind = set_verdict(v, VERDICT_WA, "%s%zu move%s, more than --max-moves %llu", at, n,
                           plural(n), ck->max_moves);
        goto done;
    }
    if (ck->optimal || cheap(ck, i)) {
        uint64_t best;
        kind = case_optimum(ck, i, &best, v);
        if (kind != VERDICT_OK) {
            /* unasked, a solver that gives up only leaves optimality unreported */
            if (!ck->optimal)
                kind = VERDICT_OK;
            goto done;
        }
        info->best_known = 1;
        info->best = best;
        if (n < best) {
            kind = set_verdict(v, VERDICT_FAIL,
                               "internal error: case %zu: %zu legal moves reach the goal, fewer "
                               "than the %llu the solver found",
                               i + 1, n, (unsigned long long)best);
            goto done;
        }
        if (ck->optimal && n > best) {
            if (p->fewest)
                kind = set_verdict(v, VERDICT_WA,
                                   "%s%zu move%s, but the fewest is %llu (%s asks "
                                   "for the fewest)",
                                   at, n, plural(n), (unsigned long long)best, p->title);
            else
                kind = set_verdict(v, VERDICT_WA, "%s%zu move%s, but the fewest is %llu", at, n,
                                   plural(n), (unsigned long long)best);
            goto done;
        }
    }
    if (wrong_case)
        kind = set_verdict(v, VERDICT_PE, "%smove %zu '%c' should be %s (moves are %s)", at,
                           wrong_case, moves[wrong_case - 1], upper ? "uppercase" : "lowercase",
                           upper ? "U, D, L, R" : "u, d, l, r");
    else if (spaced)
        kind = set_verdict(v, VERDICT_PE, "%sspaces inside the move string", at);
done:
    free(moves);
    return kind;
}

/*
 * Judges the text of one answer (one line) for case i.  Returns its
 * verdict kind with the message in v; info says what the answer claimed.
 */
static int judge_answer(checker *ck, size_t i, const char *text, size_t len, verdict *v,
                        answer_info *info)
{
    const judge_case *c = &ck->cases->items[i];
    char at[48] = "";
    size_t begin = 0, end = len;
    int kind;
    memset(info, 0, sizeof *info);
    if (!ck->single)
        snprintf(at, sizeof at, "case %zu, ", i + 1);
    while (begin < end && is_blank_char(text[begin]))
        begin++;
    while (end > begin && is_blank_char(text[end - 1]))
        end--;
    int padded = begin > 0 || end < len;
    text += begin;
    len = end - begin;
    int solvable = slide_solvable(&c->start, &c->goal);
    if (ck->p->answer == ANSWER_STEPS) {
        kind = judge_steps(ck, i, text, len, solvable, at, v, info);
    } else if (len > 0 && loosely_equal(text, len, ck->p->no_solution)) {
        info->unsolvable = 1;
        kind = judge_no_solution(ck, i, text, len, solvable, at, v);
    } else {
        kind = judge_moves(ck, i, text, len, solvable, at, v, info);
    }
    if (kind == VERDICT_OK && padded)
        kind = set_verdict(v, VERDICT_PE, "%sspaces around the answer", at);
    return kind;
}

/* One line of an output file, without its "\n" (and a "\r" before it). */
typedef struct line_span {
    const char *text;
    size_t len;
    long number;
} line_span;

/*
 * Splits text into lines.  A final "\n" ends the last line rather than
 * starting an empty one; a last line without "\n" still counts.  Returns a
 * new array (caller frees; NULL when out of memory) and its size.
 */
static line_span *split_lines(const char *text, size_t len, size_t *count)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    if (len > 0 && text[len - 1] != '\n')
        n++;
    line_span *lines = malloc((n ? n : 1) * sizeof *lines);
    if (!lines)
        return NULL;
    size_t begin = 0, k = 0;
    for (size_t i = 0; i <= len && k < n; i++) {
        if (i < len && text[i] != '\n')
            continue;
        size_t end = i;
        if (end > begin && text[end - 1] == '\r')
            end--;
        lines[k].text = text + begin;
        lines[k].len = end - begin;
        lines[k].number = (long)k + 1;
        k++;
        begin = i + 1;
    }
    *count = n;
    return lines;
}

static int blank_line(const line_span *line)
{
    for (size_t i = 0; i < line->len; i++)
        if (!is_blank_char(line->text[i]))
            return 0;
    return 1;
}

/*
 * Judges a whole output text: one answer a line, in case order, with an
 * empty line between answers when the problem wants one.  Returns the
 * verdict kind with its message in v: the first wrong answer (or judge
 * failure), else the first presentation error, else "N cases".
 */
static int judge_output(checker *ck, const char *text, size_t len, verdict *v)
{
    size_t n, idx = 0, count = ck->cases->count;
    line_span *lines = split_lines(text, len, &n);
    verdict pe, current;
    answer_info info;
    if (!lines)
        return set_verdict(v, VERDICT_FAIL, "out of memory");
    pe.kind = VERDICT_OK;
    for (size_t i = 0; i < count; i++) {
        if (ck->p->separated && i > 0 && idx < n) {
            if (blank_line(&lines[idx])) {
                if (lines[idx].len > 0 && pe.kind == VERDICT_OK)
                    set_verdict(&pe, VERDICT_PE,
                                "line %ld: spaces on the empty line between case %zu and case %zu",
                                lines[idx].number, i, i + 1);
                idx++;
            } else if (pe.kind == VERDICT_OK) {
                set_verdict(&pe, VERDICT_PE,
                            "case %zu, line %ld: no empty line between case %zu and case %zu (%s "
                            "wants one between answers)",
                            i + 1, lines[idx].number, i, i + 1, ck->p->title);
            }
        }
        if (idx >= n) {
            if (pe.kind == VERDICT_OK)
                set_verdict(&pe, VERDICT_PE,
                            "case %zu, missing: the output ends after %zu line%s for %zu case%s",
                            i + 1, n, n == 1 ? "" : "s", count, count == 1 ? "" : "s");
            break;
        }
        int kind = judge_answer(ck, i, lines[idx].text, lines[idx].len, &current, &info);
        idx++;
        if (kind == VERDICT_WA || kind == VERDICT_FAIL) {
            *v = current;
            free(lines);
            return kind;
        }
        if (kind == VERDICT_PE && pe.kind == VERDICT_OK)
            pe = current;
    }
    if (idx < n && pe.kind == VERDICT_OK) {
        int all_empty = 1;
        for (size_t k = idx; k < n; k++)
            all_empty &= lines[k].len == 0;
        if (all_empty)
            set_verdict(&pe, VERDICT_PE, "line %ld: an empty line after the last answer%s%s%s",
                        lines[idx].number, ck->p->separated ? " (" : "",
                        ck->p->separated ? ck->p->title : "",
                        ck->p->separated ? " wants empty lines only between answers)" : "");
        else
            set_verdict(&pe, VERDICT_PE, "line %ld: extra output after the last case: '%.*s'",
                        lines[idx].number, lines[idx].len > 40 ? 40 : (int)lines[idx].len,
                        lines[idx].text);
    }
    free(lines);
    if (pe.kind != VERDICT_OK) {
        *v = pe;
        return VERDICT_PE;
    }
    return set_verdict(v, VERDICT_OK, "%zu case%s", count, count == 1 ? "" : "s");
}

/* ------------------------------------------------------------- commands */

enum {
    OPT_GOAL = 1,
    OPT_SIZE,
    OPT_OPTIMAL,
    OPT_MAX_MOVES,
    OPT_PROBLEM,
    OPT_KATTIS,
    OPT_MAX_MEMORY,
    OPT_TIMEOUT,
    OPT_HELP
};

/* clang-format off */
static const cli_option check_options[] = {
    {"goal", 'g', 1, OPT_GOAL},
    {"size", 's', 1, OPT_SIZE},
    {"optimal", 0, 0, OPT_OPTIMAL},
    {"max-moves", 0, 1, OPT_MAX_MOVES},
    {"problem", 0, 1, OPT_PROBLEM},
    {"kattis", 0, 0, OPT_KATTIS},
    {"max-memory", 0, 1, OPT_MAX_MEMORY},
    {"timeout", 0, 1, OPT_TIMEOUT},
    {"help", 'h', 0, OPT_HELP},
    {NULL, 0, 0, 0},
};
/* clang-format on */

void cli_help_check(FILE *f)
{
    char names[JUDGE_NAMES_SIZE];
    fprintf(f,
            "usage: slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] BOARD MOVES\n"
            "       slide check --problem NAME [--optimal] INPUT OUTPUT [ANSWER]\n"
            "       slide check --problem NAME --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT\n"
            "\n"
            "Replays MOVES (u, d, l, r: where the blank goes; 'unsolvable' for none) from\n"
            "BOARD and says whether they are legal and reach the goal, on stdout:\n"
            "  ok: 19 moves, optimal\n"
            "  wrong answer: move 7 'u' leaves the board (the board before it: ...)\n"
            "\n"
            "With --problem it is a special judge for that problem's whole output file\n"
            "(testlib's argument order); the verdict line goes to stderr and names the\n"
            "case. Problems that ask for the fewest moves require them.\n"
            "problems: %s\n"
            "\n"
            "options:\n"
            "  -g, --goal BOARD       goal board (default 1 2 ... n-1 x)\n"
            "  -s, --size RxC         shape, where the board text does not give it\n"
            "      --optimal          also require the fewest moves\n"
            "      --max-moves N      reject answers longer than N moves\n"
            "      --problem NAME     judge OUTPUT against INPUT as problem NAME does\n"
            "      --kattis           Kattis/DOMjudge output validator: team output on stdin,\n"
            "                         the reason in FEEDBACK_DIR/judgemessage.txt\n"
            "      --max-memory SIZE  memory cap for finding the fewest moves (default 2G)\n"
            "      --timeout SECONDS  time limit for finding the fewest moves, per case\n"
            "\n"
            "Exit status (testlib): 0 accepted, 1 wrong answer, 2 presentation error\n"
            "(letter case, spacing, missing or extra lines), 3 judge failure (bad input,\n"
            "answer file wrong or better than optimal, usage). With --kattis: 42 accepted,\n"
            "43 wrong answer or presentation error, 3 judge failure.\n",
            judge_problem_names(names, sizeof names));
}

static int usage(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* A usage mistake is a judge failure for a checker: report it and return 3. */
static int usage(const char *fmt, ...)
{
    va_list ap;
    fputs("slide: check: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return VERDICT_FAIL;
}

typedef struct check_config {
    int optimal;
    int has_max_moves;
    unsigned long long max_moves;
    slide_limits limits;
    const char *goal_text;
    int rows; /* --size, 0 when not given */
    int cols;
    const char *problem;
    int kattis;
} check_config;

static void checker_init(checker *ck, const check_config *cfg, const judge_problem *p,
                         const judge_cases *cases, optimum *best)
{
    memset(ck, 0, sizeof *ck);
    ck->p = p;
    ck->cases = cases;
    ck->optimal = cfg->optimal || p->fewest;
    ck->has_max_moves = cfg->has_max_moves;
    ck->max_moves = cfg->max_moves;
    ck->limits = cfg->limits;
    ck->best = best;
}

/* Parses a board for check; reports with `what` and returns non-zero on failure. */
static int parse_arg_board(const char *what, const char *text, int rows, int cols, slide_board *out)
{
    slide_parse_options opt = {rows, cols, 0};
    slide_parse_error err;
    if (slide_board_parse(text, strlen(text), &opt, out, &err) == SLIDE_OK)
        return 0;
    char where[64];
    snprintf(where, sizeof where, "check: %s", what);
    cli_report_parse_error(where, &err);
    return 1;
}

/* `slide check BOARD MOVES`: one case, the verdict on stdout. */
static int check_single(const check_config *cfg, const char *board_text, const char *moves)
{
    slide_board goal = {0, 0, 0, NULL}, start;
    int rows = cfg->rows, cols = cfg->cols;
    if (cfg->goal_text) {
        if (parse_arg_board("--goal", cfg->goal_text, rows, cols, &goal))
            return VERDICT_FAIL;
        rows = goal.rows;
        cols = goal.cols;
    }
    if (parse_arg_board("BOARD", board_text, rows, cols, &start)) {
        slide_board_free(&goal);
        return VERDICT_FAIL;
    }
    if (!goal.cells && slide_board_init_goal(&goal, start.rows, start.cols) != SLIDE_OK) {
        slide_board_free(&start);
        return usage("out of memory");
    }
    judge_problem single = {"check",     "slide check",
                            FRAME_LINES, ANSWER_MOVES,
                            start.rows,  start.cols,
                            NULL,        "auto",
                            0,           0,
                            0,           "unsolvable"};
    judge_case the_case = {start, goal, 0};
    judge_cases cases = {&the_case, 1, 1};
    optimum best;
    checker ck;
    verdict v;
    answer_info info;
    memset(&best, 0, sizeof best);
    checker_init(&ck, cfg, &single, &cases, &best);
    ck.single = 1;
    int kind = judge_answer(&ck, 0, moves, strlen(moves), &v, &info);
    if (kind == VERDICT_OK) {
        if (info.unsolvable)
            set_verdict(&v, kind, "the board is unsolvable");
        else if (info.length == 0)
            set_verdict(&v, kind, "0 moves, the board is already the goal");
        else if (info.best_known && info.length == info.best)
            set_verdict(&v, kind, "%llu move%s, optimal", (unsigned long long)info.length,
                        plural(info.length));
        else if (info.best_known)
            set_verdict(&v, kind, "%llu move%s, %llu more than the fewest (%llu)",
                        (unsigned long long)info.length, plural(info.length),
                        (unsigned long long)(info.length - info.best),
                        (unsigned long long)info.best);
        else
            set_verdict(&v, kind, "%llu move%s (optimality not checked; --optimal checks it)",
                        (unsigned long long)info.length, plural(info.length));
    }
    printf("%s: %s\n", verdict_names[kind], v.text);
    slide_board_free(&start);
    slide_board_free(&goal);
    return kind;
}

/* Reads a file the judge named; a judge failure in v when it cannot. */
static int read_judge_file(const char *what, const char *path, char **text, size_t *len, verdict *v)
{
    if (judge_slurp(path, stdin, text, len) == 0)
        return VERDICT_OK;
    if (path)
        return set_verdict(v, VERDICT_FAIL, "cannot read the %s '%s': %s", what, path,
                           strerror(errno));
    return set_verdict(v, VERDICT_FAIL, "cannot read the %s from stdin: %s", what, strerror(errno));
}

/*
 * Judges an output (a file, or stdin when output_path is NULL) against an
 * input file, after checking the jury's answer file when there is one.
 * Returns the verdict kind with the line to show in v.
 */
static int check_files(const check_config *cfg, const judge_problem *p, const char *input_path,
                       const char *output_path, const char *answer_path, verdict *v)
{
    char *input = NULL, *answer = NULL, *output = NULL;
    size_t input_len, answer_len, output_len;
    judge_cases cases = {NULL, 0, 0};
    optimum *best = NULL;
    slide_context *context = NULL;
    slide_context_options copt = {cfg->limits.max_memory};
    checker ck;
    char message[512];
    int kind = read_judge_file("input file", input_path, &input, &input_len, v);
    if (kind != VERDICT_OK)
        goto done;
    if (judge_read_cases(p, input, input_len, &cases, message, sizeof message)) {
        kind = set_verdict(v, VERDICT_FAIL, "input file '%s': %s", input_path, message);
        goto done;
    }
    best = calloc(cases.count ? cases.count : 1, sizeof *best);
    if (!best || (cases.count >= JUDGE_CONTEXT_MIN_CASES &&
                  slide_context_create(&context, &copt) != SLIDE_OK)) {
        kind = set_verdict(v, VERDICT_FAIL, "out of memory");
        goto done;
    }
    checker_init(&ck, cfg, p, &cases, best);
    ck.context = context;
    if (answer_path) {
        kind = read_judge_file("answer file", answer_path, &answer, &answer_len, v);
        if (kind != VERDICT_OK)
            goto done;
        verdict jury;
        int jury_kind = judge_output(&ck, answer, answer_len, &jury);
        if (jury_kind != VERDICT_OK) {
            kind = set_verdict(v, VERDICT_FAIL, "the answer file '%s' fails the check (%s: %s)",
                               answer_path, verdict_names[jury_kind], jury.text);
            goto done;
        }
    }
    kind = read_judge_file("output", output_path, &output, &output_len, v);
    if (kind == VERDICT_OK)
        kind = judge_output(&ck, output, output_len, v);
done:
    free(input);
    free(answer);
    free(output);
    free(best);
    slide_context_free(context);
    judge_cases_free(&cases);
    return kind;
}

/* Writes text and a newline to dir/name; 0, or -1 with errno. */
static int write_feedback(const char *dir, const char *name, const char *text)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    if (!path)
        return -1;
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    free(path);
    if (!f)
        return -1;
    fprintf(f, "%s\n", text);
    int failed = ferror(f);
    if (fclose(f) != 0 || failed)
        return -1;
    return 0;
}

/* `--kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT`: exit 42 / 43, reasons in files. */
static int check_kattis(const check_config *cfg, const judge_problem *p, char **args)
{
    verdict v;
    char line[sizeof v.text + 32];
    int kind = check_files(cfg, p, args[0], NULL, args[1], &v);
    snprintf(line, sizeof line, "%s: %s", verdict_names[kind], v.text);
    if (write_feedback(args[2], "judgemessage.txt", line) != 0) {
        cli_error("check: cannot write %s/judgemessage.txt: %s", args[2], strerror(errno));
        return VERDICT_FAIL;
    }
    if (kind == VERDICT_FAIL) {
        write_feedback(args[2], "judgeerror.txt", line);
        fprintf(stderr, "%s\n", line);
        return VERDICT_FAIL;
    }
    return kind == VERDICT_OK ? KATTIS_ACCEPTED : KATTIS_WRONG;
}

static int read_check_options(cli_scan *scan, check_config *cfg)
{
    const char *value;
    slide_parse_error err;
    int id;
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR: return VERDICT_FAIL;
        case OPT_HELP: cli_help_check(stdout); return -1;
        case OPT_GOAL: cfg->goal_text = value; break;
        case OPT_SIZE:
            if (slide_parse_size(value, &cfg->rows, &cfg->cols, &err) != SLIDE_OK)
                return usage("--size: %s", err.message);
            break;
        case OPT_OPTIMAL: cfg->optimal = 1; break;
        case OPT_MAX_MOVES:
            if (cli_parse_count(value, ~0ull, &cfg->max_moves))
                return usage("--max-moves: '%.60s' is not a number of moves", value);
            cfg->has_max_moves = 1;
            break;
        case OPT_PROBLEM: cfg->problem = value; break;
        case OPT_KATTIS: cfg->kattis = 1; break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &cfg->limits.max_memory))
                return usage("--max-memory: '%.60s' is not a size (e.g. 512M, 4G)", value);
            break;
        case OPT_TIMEOUT:
            if (cli_parse_seconds(value, &cfg->limits.timeout))
                return usage("--timeout: '%.60s' is not a positive number of seconds", value);
            break;
        default: return VERDICT_FAIL;
        }
    }
    return 0;
}

int cli_check(int argc, char **argv)
{
    cli_scan scan;
    check_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (cli_scan_init(&scan, argc, argv, 2, check_options, "check") != 0)
        return usage("out of memory");
    int status = read_check_options(&scan, &cfg);
    int n = scan.positional_count;
    char **args = scan.positional;
    if (status != 0) {
        cli_scan_free(&scan);
        return status < 0 ? 0 : status;
    }
    if (!cfg.problem) {
        if (cfg.kattis)
            status = usage("--kattis needs --problem NAME");
        else if (n != 2)
            status = usage("expected BOARD and MOVES, got %d argument%s (see 'slide help check')",
                           n, n == 1 ? "" : "s");
        else
            status = check_single(&cfg, args[0], args[1]);
        cli_scan_free(&scan);
        return status;
    }
    const judge_problem *p = judge_problem_find(cfg.problem);
    char names[JUDGE_NAMES_SIZE];
    if (!p)
        status = usage("--problem: unknown problem '%.60s' (problems: %s)", cfg.problem,
                       judge_problem_names(names, sizeof names));
    else if (cfg.goal_text || cfg.rows)
        status = usage("--%s cannot be used with --problem (%s fixes the goal and shape)",
                       cfg.goal_text ? "goal" : "size", p->name);
    else if (cfg.kattis && n != 3)
        status = usage("--kattis expects INPUT ANSWER FEEDBACK_DIR (team output on stdin), got "
                       "%d argument%s",
                       n, n == 1 ? "" : "s");
    else if (!cfg.kattis && (n < 2 || n > 3))
        status = usage("--problem expects INPUT OUTPUT [ANSWER], got %d argument%s", n,
                       n == 1 ? "" : "s");
    else if (cfg.kattis)
        status = check_kattis(&cfg, p, args);
    else {
        verdict v;
        status = check_files(&cfg, p, args[0], args[1], n == 3 ? args[2] : NULL, &v);
        fprintf(stderr, "%s: %s\n", verdict_names[status], v.text);
    }
    cli_scan_free(&scan);
    return status;
}
