/*
 * check.c - `slide check`: a special judge for move strings.
 *
 *   slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] [--strict] BOARD MOVES
 *   slide check --problem NAME [--strict] INPUT OUTPUT [ANSWER]          (testlib)
 *   slide check --problem NAME --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT
 *
 * Every form judges answers with the same code: a single BOARD MOVES pair
 * is one case of a one-line problem.  Verdicts follow testlib: 0 accepted,
 * 1 wrong answer, 2 presentation error (the answers are right but written
 * wrongly: letter case, spacing, missing or extra lines), 3 judge failure
 * (bad input, bad answer file, usage).  A wrong answer anywhere outranks a
 * presentation error, so PE always means "right answers, wrong layout".
 *
 * Like testlib's usual comparators and Kattis's default validator, the
 * judge ignores whitespace at the ends of lines and of the output (so an
 * empty output is the empty answer of a solved board) unless --strict asks
 * for the problem's layout byte for byte.
 *
 * Memory stays bounded whatever arrives: INPUT is read whole up to
 * CLI_MAX_INPUT_BYTES, OUTPUT and ANSWER a line at a time (each line at most
 * CLI_MAX_LINE_BYTES), and MOVES from a file or stdin is replayed as it is
 * read, so its length is bounded by nothing but --max-moves.
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

/* The fewest moves of one case, computed at most once (an input may hold millions). */
typedef struct optimum {
    int known;  /* 0 = not computed yet */
    int status; /* slide_solve's status */
    uint64_t length;
    char *reason; /* why the solver gave up, when it did (malloc'd; NULL when out of memory) */
} optimum;

/* What judging one answer learned, for the single-board report. */
typedef struct answer_info {
    int unsolvable;  /* the answer says there is no solution */
    uint64_t length; /* moves given */
    int best_known;
    uint64_t best;
} answer_info;

typedef struct checker {
    const judge_problem *p;
    const judge_cases *cases;
    int optimal;                  /* require the fewest moves (--optimal or the problem) */
    unsigned long long max_moves; /* --max-moves; 0 = none */
    int has_max_moves;
    slide_limits limits;
    int single;             /* one BOARD MOVES pair: messages name no case */
    int strict;             /* --strict: the layout byte for byte */
    optimum *best;          /* one per case */
    slide_context *context; /* tables shared by the cases' solves */
    answer_info info;       /* what the last answer judged claimed */
} checker;

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
        if (o->status != SLIDE_OK) {
            char note[CLI_MESSAGE_SIZE];
            cli_solve_note(&st, o->status, note, sizeof note);
            size_t size = strlen(note) + 64;
            o->reason = malloc(size);
            if (o->reason)
                snprintf(o->reason, size, "%s%s%s", slide_strerror(o->status),
                         note[0] ? ": " : "", note);
        }
        slide_solution_free(&sol);
    }
    if (o->status != SLIDE_OK)
        return set_verdict(v, VERDICT_FAIL, "cannot compute the fewest moves of case %zu: %s",
                           i + 1, o->reason ? o->reason : slide_strerror(o->status));
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

/* Whitespace a line may end with, which judges ignore: blanks, '\r', '\v', '\f'. */
static int is_line_space(char c)
{
    return is_blank_char(c) || c == '\r' || c == '\v' || c == '\f';
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
 * A move string judged as it arrives, so that MOVES of any length is
 * replayed in the memory of one board: moves_begin, moves_feed for each
 * piece, moves_end, moves_free.  The problem wants lowercase letters
 * (uppercase when `upper`); letters of the other case still move, and the
 * first one is remembered, so an answer that is right apart from its letter
 * case can be a presentation error.  Whitespace after the last move stays
 * pending: inside the string when a move follows, trailing otherwise.
 */
typedef struct move_stream {
    const judge_case *c;
    const char *no_solution;
    slide_board board; /* the start, moved (solvable boards only) */
    int upper;
    int solvable;
    uint64_t moves;      /* letters read, each one a move */
    uint64_t wrong_case; /* 1-based index of the first letter of the other case; 0 = none */
    char wrong_letter;
    int leading;      /* blanks before the first move */
    int spaced;       /* blanks between two moves */
    uint64_t pending; /* whitespace bytes since the last move */
    char pending_odd; /* the first of them that is not a blank (a '\r'), or 0 */
} move_stream;

static int moves_begin(move_stream *ms, const checker *ck, size_t i, int solvable, verdict *v)
{
    memset(ms, 0, sizeof *ms);
    ms->c = &ck->cases->items[i];
    ms->no_solution = ck->p->no_solution;
    ms->upper = ck->p->answer == ANSWER_UPPER_MOVES;
    ms->solvable = solvable;
    if (solvable && slide_board_copy(&ms->board, &ms->c->start) != SLIDE_OK)
        return set_verdict(v, VERDICT_FAIL, "out of memory");
    return VERDICT_OK;
}

static void moves_free(move_stream *ms)
{
    if (ms->board.cells)
        slide_board_free(&ms->board);
}

/*
 * Replays the next piece of the string.  Returns VERDICT_OK, or VERDICT_WA
 * with the reason in v (a byte that is no move, a move off the board, moves
 * for an unsolvable board), after which the stream takes no more; `at`
 * prefixes the message ("case 3, ").
 */
static int moves_feed(move_stream *ms, const char *text, size_t len, const char *at, verdict *v)
{
    char now[200], what[32];
    for (size_t k = 0; k < len; k++) {
        char ch = text[k];
        if (is_line_space(ch)) {
            if (!ms->pending_odd && !is_blank_char(ch))
                ms->pending_odd = ch;
            ms->pending++;
            continue;
        }
        unsigned long long n = ms->moves + 1; /* the move this byte is */
        if (ms->pending) {
            if (ms->pending_odd) {
                ch = ms->pending_odd; /* whitespace that is no blank is a bad move */
            } else {
                ms->spaced |= ms->moves > 0;
                ms->leading |= ms->moves == 0;
            }
            ms->pending = 0;
        }
        if (!ms->solvable)
            return set_verdict(v, VERDICT_WA,
                               "%smoves given, but the board is unsolvable (the answer is '%s')",
                               at, ms->no_solution);
        char lower = (char)tolower((unsigned char)ch);
        if (lower != 'u' && lower != 'd' && lower != 'l' && lower != 'r')
            return set_verdict(v, VERDICT_WA, "%smove %llu is %s, not one of %s", at, n,
                               describe_char(ch, what, sizeof what),
                               ms->upper ? "U, D, L, R" : "u, d, l, r");
        if (!ms->wrong_case && (ch == lower) == ms->upper) {
            ms->wrong_case = n;
            ms->wrong_letter = ch;
        }
        if (slide_board_move(&ms->board, ch) != SLIDE_OK) {
            judge_format_board(&ms->board, now, sizeof now);
            return set_verdict(v, VERDICT_WA,
                               "%smove %llu '%c' leaves the board (the board before it: %s)", at,
                               n, ch, now);
        }
        ms->moves = n;
    }
    return VERDICT_OK;
}

/*
 * Judges the whole string once fed: the goal reached, the problem's and
 * --max-moves's limits, the fewest moves when they are wanted (or cheap),
 * then the letter case and spacing (presentation errors).  Whitespace still
 * pending is the caller's to judge.  Returns the verdict kind with the
 * message in v; info gets the length and, when known, the fewest moves.
 */
static int moves_end(checker *ck, size_t i, const move_stream *ms, const char *at, verdict *v,
                     answer_info *info)
{
    const judge_problem *p = ck->p;
    unsigned long long n = ms->moves;
    char now[200], goal[200];
    info->length = n;
    if (!ms->solvable)
        return set_verdict(v, VERDICT_WA,
                           "%san empty answer, but the board is unsolvable (the answer is '%s')",
                           at, p->no_solution);
    if (!slide_board_equal(&ms->board, &ms->c->goal)) {
        judge_format_board(&ms->board, now, sizeof now);
        judge_format_board(&ms->c->goal, goal, sizeof goal);
        return set_verdict(v, VERDICT_WA, "%safter %llu move%s the board is %s, not the goal %s",
                           at, n, plural(n), now, goal);
    }
    if (p->max_moves && n > p->max_moves)
        return set_verdict(v, VERDICT_WA, "%s%llu move%s, more than the %lu %s allows", at, n,
                           plural(n), p->max_moves, p->title);
    if (ck->has_max_moves && n > ck->max_moves)
        return set_verdict(v, VERDICT_WA, "%s%llu move%s, more than --max-moves %llu", at, n,
                           plural(n), ck->max_moves);
    if (ck->optimal || cheap(ck, i)) {
        uint64_t best;
        if (case_optimum(ck, i, &best, v) != VERDICT_OK) {
            /* unasked, a solver that gives up only leaves optimality unreported */
            return ck->optimal ? VERDICT_FAIL : VERDICT_OK;
        }
        info->best_known = 1;
        info->best = best;
        if (n < best)
            return set_verdict(v, VERDICT_FAIL,
                               "internal error: case %zu: %llu legal moves reach the goal, fewer "
                               "than the %llu the solver found",
                               i + 1, n, (unsigned long long)best);
        if (ck->optimal && n > best) {
            if (p->fewest)
                return set_verdict(v, VERDICT_WA,
                                   "%s%llu move%s, but the fewest is %llu (%s asks for the fewest)",
                                   at, n, plural(n), (unsigned long long)best, p->title);
            return set_verdict(v, VERDICT_WA, "%s%llu move%s, but the fewest is %llu", at, n,
                               plural(n), (unsigned long long)best);
        }
    }
    if (ms->wrong_case)
        return set_verdict(v, VERDICT_PE, "%smove %llu '%c' should be %s (moves are %s)", at,
                           (unsigned long long)ms->wrong_case, ms->wrong_letter,
                           ms->upper ? "uppercase" : "lowercase",
                           ms->upper ? "U, D, L, R" : "u, d, l, r");
    if (ms->spaced)
        return set_verdict(v, VERDICT_PE, "%sspaces inside the move string", at);
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
 * A move-string answer held whole (one line).  Spaces inside the string
 * and letters of the wrong case are presentation errors; whatever makes the
 * moves themselves wrong (a bad letter, leaving the board, missing the goal,
 * too many moves) is a wrong answer.
 */
static int judge_moves(checker *ck, size_t i, const char *text, size_t len, int solvable,
                       const char *at, verdict *v, answer_info *info)
{
    move_stream ms;
    int kind = moves_begin(&ms, ck, i, solvable, v);
    if (kind == VERDICT_OK)
        kind = moves_feed(&ms, text, len, at, v);
    if (kind == VERDICT_OK)
        kind = moves_end(ck, i, &ms, at, v, info);
    moves_free(&ms);
    return kind;
}

/*
 * Judges the text of one answer (one line) for case i.  Spaces before it
 * are a presentation error; whitespace after it is the line's end, which
 * the caller judges (take_line).  Returns the verdict kind with the message
 * in v; info says what the answer claimed.
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
    while (end > begin && is_line_space(text[end - 1]))
        end--;
    int padded = begin > 0;
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
        kind = set_verdict(v, VERDICT_PE, "%sspaces before the answer", at);
    return kind;
}

/* ----------------------------------------------------------- reading lines */

/*
 * Output and answer files, and MOVES, are read a line at a time, never
 * whole: memory is one line, at most CLI_MAX_LINE_BYTES (cli.h), whatever
 * arrives.  A reader takes a FILE, or a text that is all there is (a MOVES
 * argument).
 */
enum { LINE_ERROR = -1, LINE_END = 0, LINE_READ = 1, LINE_TOO_LONG = 2 };

#define READ_BLOCK ((size_t)1 << 16)

typedef struct line_reader {
    FILE *file;       /* NULL: `next` holds all the text there is */
    const char *what; /* "the output", for messages */
    char *block;      /* READ_BLOCK bytes of the file */
    const char *next; /* bytes in hand, not yet read */
    size_t left;
    char *line; /* what the last read returned, and its length */
    size_t len;
    size_t cap;
    long number;      /* 1-based number of the line last read */
    int in_line;      /* a line has begun and not ended */
    int ended;        /* the last read reached its line's end */
    int last_newline; /* the last line that ended did so with "\n" */
} line_reader;

static void reader_from_text(line_reader *r, const char *what, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->next = text;
    r->left = len;
    r->last_newline = 1;
}

/* A reader of file; 0, or -1 when out of memory. */
static int reader_from_file(line_reader *r, const char *what, FILE *file)
{
    memset(r, 0, sizeof *r);
    r->what = what;
    r->file = file;
    r->last_newline = 1;
    r->block = malloc(READ_BLOCK);
    return r->block ? 0 : -1;
}

static void reader_free(line_reader *r)
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
static int reader_part(line_reader *r, size_t most)
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
        const char *newline = memchr(r->next, '\n', r->left);
        size_t span = newline ? (size_t)(newline - r->next) : r->left;
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
static void trailing_space(const checker *ck, long line, int carriage_return, verdict *pe)
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
static int judge_rest(const checker *ck, line_reader *r, verdict *pe, verdict *v)
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
static int judge_output(checker *ck, line_reader *r, int first, verdict *v)
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
    OPT_STRICT,
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
    {"strict", 0, 0, OPT_STRICT},
    {"help", 'h', 0, OPT_HELP},
    {NULL, 0, 0, 0},
};
/* clang-format on */

void cli_help_check(FILE *f)
{
    char names[JUDGE_NAMES_SIZE];
    fprintf(f,
            "usage: slide check [--goal G] [--size RxC] [--optimal] [--max-moves N] [--strict]\n"
            "                   BOARD MOVES\n"
            "       slide check --problem NAME [--optimal] [--strict] INPUT OUTPUT [ANSWER]\n"
            "       slide check --problem NAME --kattis [--strict] INPUT ANSWER FEEDBACK_DIR"
            " < OUTPUT\n"
            "\n"
            "Replays MOVES (u, d, l, r: where the blank goes; 'unsolvable' for none) from\n"
            "BOARD and says whether they are legal and reach the goal, on stdout:\n"
            "  ok: 19 moves, optimal\n"
            "  wrong answer: move 7 'u' leaves the board (the board before it: ...)\n"
            "MOVES is the move string itself, - for stdin, or a file holding it; from a\n"
            "file or stdin it is replayed as it is read, whatever its length.\n"
            "\n"
            "With --problem it is a special judge for that problem's whole output file\n"
            "(testlib's argument order); the verdict line goes to stderr and names the\n"
            "case. Problems that ask for the fewest moves require them. INPUT is read\n"
            "whole (at most %zu bytes and %u cells in all), OUTPUT and ANSWER a\n"
            "line at a time (each line at most %zu bytes).\n"
            "problems: %s\n"
            "\n"
            "Whitespace at the end of a line and of the output is ignored, as judges do\n"
            "(an empty output is the empty answer of a solved board); --strict wants the\n"
            "problem's layout byte for byte, anything else a presentation error.\n"
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
            "      --strict           compare the layout byte for byte: trailing spaces, \\r,\n"
            "                         extra or missing line ends are presentation errors\n"
            "\n"
            "Exit status (testlib): 0 accepted, 1 wrong answer, 2 presentation error\n"
            "(letter case, spacing, missing or extra lines), 3 judge failure (bad input,\n"
            "answer file wrong or better than optimal, usage). With --kattis: 42 accepted,\n"
            "43 wrong answer or presentation error, 3 judge failure.\n",
            CLI_MAX_INPUT_BYTES, (unsigned)JUDGE_MAX_CELLS, CLI_MAX_LINE_BYTES,
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
    int strict;
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
    ck->strict = cfg->strict;
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

/* Bytes of MOVES judged whole; a longer first line can only be a move string. */
#define MOVES_PEEK ((size_t)1 << 16)

/*
 * Where MOVES comes from: "-" is stdin; a string of move letters (or the
 * empty string, or the no-solution word) is itself; anything else is the
 * file it names, or, when no such file exists and it has no '/', itself
 * again (a wrong answer, as it was before files were read).  Returns
 * VERDICT_OK with *file set (NULL: the text is the answer), or
 * VERDICT_FAIL in v.
 */
static int open_moves(const char *arg, const char *no_solution, FILE **file, verdict *v)
{
    size_t len = strlen(arg);
    *file = NULL;
    if (strcmp(arg, "-") == 0) {
        *file = stdin;
        return VERDICT_OK;
    }
    if (strspn(arg, "udlrUDLR") == len || loosely_equal(arg, len, no_solution))
        return VERDICT_OK;
    *file = fopen(arg, "rb");
    if (*file || (errno == ENOENT && !strchr(arg, '/')))
        return VERDICT_OK;
    return set_verdict(v, VERDICT_FAIL, "cannot read MOVES from '%.200s': %s", arg,
                       strerror(errno));
}

/*
 * A first line of MOVES longer than MOVES_PEEK (already read in part): a
 * move string, replayed as it arrives, so memory stays one board's and a
 * buffer's whatever its length.  Returns the verdict kind; presentation
 * errors go to pe.
 */
static int judge_long_moves(checker *ck, line_reader *r, verdict *pe, verdict *v)
{
    const judge_case *c = &ck->cases->items[0];
    move_stream ms;
    int kind = moves_begin(&ms, ck, 0, slide_solvable(&c->start, &c->goal), v);
    while (kind == VERDICT_OK) {
        kind = moves_feed(&ms, r->line, r->len, "", v);
        if (kind != VERDICT_OK || r->ended)
            break;
        if (reader_part(r, MOVES_PEEK) == LINE_ERROR)
            kind = set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
    }
    memset(&ck->info, 0, sizeof ck->info);
    if (kind == VERDICT_OK)
        kind = moves_end(ck, 0, &ms, "", v, &ck->info);
    moves_free(&ms);
    if (kind == VERDICT_PE) {
        *pe = *v;
        kind = VERDICT_OK;
    }
    if (kind == VERDICT_OK && ms.leading && pe->kind == VERDICT_OK)
        set_verdict(pe, VERDICT_PE, "spaces before the answer");
    if (kind == VERDICT_OK && ms.pending)
        trailing_space(ck, r->number, ms.pending_odd == '\r', pe);
    return kind;
}

/* MOVES judged as the whole output of a one-case problem. */
static int judge_single(checker *ck, line_reader *r, verdict *v)
{
    verdict pe;
    pe.kind = VERDICT_OK;
    int got = reader_part(r, MOVES_PEEK);
    if (got == LINE_ERROR)
        return set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
    if (got == LINE_END || r->ended)
        return judge_output(ck, r, got, v);
    int kind = judge_long_moves(ck, r, &pe, v);
    if (kind != VERDICT_OK)
        return kind;
    if (judge_rest(ck, r, &pe, v) != VERDICT_OK)
        return VERDICT_FAIL;
    if (pe.kind != VERDICT_OK) {
        *v = pe;
        return VERDICT_PE;
    }
    return VERDICT_OK;
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
    line_reader reader;
    FILE *file;
    memset(&best, 0, sizeof best);
    checker_init(&ck, cfg, &single, &cases, &best);
    ck.single = 1;
    int kind = open_moves(moves, single.no_solution, &file, &v);
    if (kind == VERDICT_OK) {
        if (!file)
            reader_from_text(&reader, "MOVES", moves, strlen(moves));
        if (file && reader_from_file(&reader, file == stdin ? "MOVES from stdin" : "MOVES", file))
            kind = set_verdict(&v, VERDICT_FAIL, "out of memory");
        else
            kind = judge_single(&ck, &reader, &v);
        if (file && file != stdin)
            fclose(file);
        reader_free(&reader);
    }
    const answer_info *info = &ck.info;
    if (kind == VERDICT_OK) {
        if (info->unsolvable)
            set_verdict(&v, kind, "the board is unsolvable");
        else if (info->length == 0)
            set_verdict(&v, kind, "0 moves, the board is already the goal");
        else if (info->best_known && info->length == info->best)
            set_verdict(&v, kind, "%llu move%s, optimal", (unsigned long long)info->length,
                        plural(info->length));
        else if (info->best_known)
            set_verdict(&v, kind, "%llu move%s, %llu more than the fewest (%llu)",
                        (unsigned long long)info->length, plural(info->length),
                        (unsigned long long)(info->length - info->best),
                        (unsigned long long)info->best);
        else
            set_verdict(&v, kind, "%llu move%s (optimality not checked; --optimal checks it)",
                        (unsigned long long)info->length, plural(info->length));
    }
    printf("%s: %s\n", verdict_names[kind], v.text);
    free(best.reason);
    slide_board_free(&start);
    slide_board_free(&goal);
    return kind;
}

/* Reads the input file whole (at most CLI_MAX_INPUT_BYTES); a judge failure in v when it cannot. */
static int read_input_file(const char *path, char **text, size_t *len, verdict *v)
{
    if (judge_slurp(path, stdin, text, len) == 0)
        return VERDICT_OK;
    if (errno == EFBIG)
        return set_verdict(v, VERDICT_FAIL,
                           "the input file '%s' is longer than %zu bytes, the most a judge input "
                           "may hold",
                           path, CLI_MAX_INPUT_BYTES);
    return set_verdict(v, VERDICT_FAIL, "cannot read the input file '%s': %s", path,
                       strerror(errno));
}

/*
 * Opens a file the judge named (stdin when path is NULL) for reading a
 * line at a time; label names it in messages ("the output 'out.txt'").
 * Returns VERDICT_OK, or VERDICT_FAIL in v.
 */
static int open_judge_file(const char *path, const char *label, line_reader *r, verdict *v)
{
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f)
        return set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", label, strerror(errno));
    if (reader_from_file(r, label, f) == 0)
        return VERDICT_OK;
    if (path)
        fclose(f);
    reader_free(r);
    return set_verdict(v, VERDICT_FAIL, "out of memory");
}

static void close_judge_file(line_reader *r)
{
    if (r->file && r->file != stdin)
        fclose(r->file);
    reader_free(r);
}

/*
 * Judges an output (a file, or stdin when output_path is NULL) against an
 * input file, after checking the jury's answer file when there is one.
 * Returns the verdict kind with the line to show in v.
 */
static int check_files(const check_config *cfg, const judge_problem *p, const char *input_path,
                       const char *output_path, const char *answer_path, verdict *v)
{
    char *input = NULL;
    size_t input_len;
    judge_cases cases = {NULL, 0, 0};
    optimum *best = NULL;
    slide_context *context = NULL;
    slide_context_options copt = {cfg->limits.max_memory};
    checker ck;
    line_reader reader;
    char message[512], label[300];
    int kind = read_input_file(input_path, &input, &input_len, v);
    if (kind != VERDICT_OK)
        goto done;
    if (judge_read_cases(p, input, input_len, &cases, message, sizeof message)) {
        kind = set_verdict(v, VERDICT_FAIL, "input file '%s': %s", input_path, message);
        goto done;
    }
    free(input);
    input = NULL;
    best = calloc(cases.count ? cases.count : 1, sizeof *best);
    if (!best || (cases.count >= JUDGE_CONTEXT_MIN_CASES &&
                  slide_context_create(&context, &copt) != SLIDE_OK)) {
        kind = set_verdict(v, VERDICT_FAIL, "out of memory");
        goto done;
    }
    checker_init(&ck, cfg, p, &cases, best);
    ck.context = context;
    if (answer_path) {
        snprintf(label, sizeof label, "the answer file '%.200s'", answer_path);
        kind = open_judge_file(answer_path, label, &reader, v);
        if (kind != VERDICT_OK)
            goto done;
        verdict jury;
        int jury_kind = judge_output(&ck, &reader, -1, &jury);
        close_judge_file(&reader);
        if (jury_kind == VERDICT_FAIL) {
            *v = jury; /* the answer file unreadable, or a case the solver gave up on */
            kind = VERDICT_FAIL;
            goto done;
        }
        if (jury_kind != VERDICT_OK) {
            kind = set_verdict(v, VERDICT_FAIL, "the answer file '%s' fails the check (%s: %s)",
                               answer_path, verdict_names[jury_kind], jury.text);
            goto done;
        }
    }
    if (output_path)
        snprintf(label, sizeof label, "the output '%.200s'", output_path);
    else
        snprintf(label, sizeof label, "the output from stdin");
    kind = open_judge_file(output_path, label, &reader, v);
    if (kind == VERDICT_OK) {
        kind = judge_output(&ck, &reader, -1, v);
        close_judge_file(&reader);
    }
done:
    free(input);
    for (size_t i = 0; best && i < cases.count; i++)
        free(best[i].reason);
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
        case OPT_STRICT: cfg->strict = 1; break;
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
