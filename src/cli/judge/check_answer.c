/*
 * check_answer.c - one answer of one case judged (check_internal.h): a move
 * string replayed, a number of moves, or the no-solution word, against the
 * case's goal, the limits and, when wanted, the fewest moves.
 */
#include "cli/judge/check_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Boards of at most this many cells get their fewest moves computed even unasked. */
#define CHEAP_CELLS 9

const char *const verdict_names[] = {"ok", "wrong answer", "presentation error", "judge failure"};

/* Records a verdict and returns its kind. */
int set_verdict(verdict *v, int kind, const char *fmt, ...)
{
    va_list ap;
    v->kind = kind;
    va_start(ap, fmt);
    vsnprintf(v->text, sizeof v->text, fmt, ap);
    va_end(ap);
    return kind;
}

void checker_init(checker *ck, const check_config *cfg, const judge_problem *p,
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
        slide_stats st = slide_stats_init();
        o->status =
            judge_solve_case(ck->p, &ck->cases->items[i], &ck->limits, ck->context, 1, &sol, &st);
        o->length = sol.length;
        o->known = 1;
        if (o->status != SLIDE_OK) {
            char note[CLI_MESSAGE_SIZE];
            st.remedy = SLIDE_REMEDY_NONE; /* its advice names solve's options, which check has not */
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

/*
 * A problem that caps the moves (UVa 10181: 50) promises tests solvable
 * within the cap.  When case i is solvable only past it, no answer can be
 * right, so the test is at fault, not the answer: VERDICT_FAIL with the
 * reason in v.  Else (or when its fewest moves cannot be computed within
 * the limits) VERDICT_OK, and the answer is judged as it stands.
 */
static int case_past_cap(checker *ck, size_t i, verdict *v)
{
    const judge_problem *p = ck->p;
    uint64_t best = 0;
    verdict unused;
    if (!p->max_moves || case_optimum(ck, i, &best, &unused) != VERDICT_OK ||
        best <= p->max_moves)
        return VERDICT_OK;
    return set_verdict(v, VERDICT_FAIL,
                       "case %zu is solvable but needs %llu moves, more than the %lu %s allows: "
                       "the test breaks the problem's promise, and no answer can be right",
                       i + 1, (unsigned long long)best, p->max_moves, p->title);
}

/*
 * Compares a would-be "no solution" answer with the problem's words,
 * ignoring letter case, runs of spaces and a missing final '.', so that
 * "Unsolvable" or "this puzzle is not solvable" are recognised as the
 * intended answer written wrongly.
 */
int loosely_equal(const char *text, size_t len, const char *word)
{
    size_t i = 0, j = 0, wl = strlen(word);
    if (wl && word[wl - 1] == '.')
        wl--;
    if (len && text[len - 1] == '.')
        len--;
    while (i < len && j < wl) {
        if (is_space_or_tab(text[i]) && is_space_or_tab(word[j])) {
            while (i < len && is_space_or_tab(text[i]))
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

int moves_begin(move_stream *ms, const checker *ck, size_t i, int solvable, verdict *v)
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

void moves_free(move_stream *ms)
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
int moves_feed(move_stream *ms, const char *text, size_t len, const char *at, verdict *v)
{
    char now[200], what[32];
    for (size_t k = 0; k < len; k++) {
        char ch = text[k];
        if (is_line_space(ch)) {
            if (!ms->pending_odd && !is_space_or_tab(ch))
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
                               cli_describe_char(ch, what, sizeof what),
                               ms->upper ? "U, D, L, R" : "u, d, l, r");
        if (!ms->wrong_case && (ch == lower) == ms->upper) {
            ms->wrong_case = n;
            ms->wrong_letter = ch;
        }
        if (slide_board_move(&ms->board, ch) != SLIDE_OK) {
            cli_format_board(&ms->board, CLI_BOARD_MARKED, now, sizeof now);
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
int moves_end(checker *ck, size_t i, const move_stream *ms, const char *at, verdict *v,
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
        cli_format_board(&ms->board, CLI_BOARD_MARKED, now, sizeof now);
        cli_format_board(&ms->c->goal, CLI_BOARD_MARKED, goal, sizeof goal);
        return set_verdict(v, VERDICT_WA, "%safter %llu move%s the board is %s, not the goal %s",
                           at, n, plural(n), now, goal);
    }
    if (p->max_moves && n > p->max_moves) /* judge_answer asks whether any answer could be */
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
int judge_answer(checker *ck, size_t i, const char *text, size_t len, verdict *v, answer_info *info)
{
    const judge_case *c = &ck->cases->items[i];
    char at[48] = "";
    size_t begin = 0, end = len;
    int kind;
    memset(info, 0, sizeof *info);
    if (!ck->single)
        snprintf(at, sizeof at, "case %zu, ", i + 1);
    while (begin < end && is_space_or_tab(text[begin]))
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
    /* a case no output can get right (a presentation error's moves were right: within the cap) */
    if (kind == VERDICT_WA && solvable)
        kind = judge_case_within_cap(ck, i, v, kind);
    return kind;
}

int judge_case_within_cap(checker *ck, size_t i, verdict *v, int kind)
{
    return case_past_cap(ck, i, v) != VERDICT_OK ? VERDICT_FAIL : kind;
}
