/*
 * check_internal.h - what the files of `slide check` share; nothing outside
 * src/cli/judge/ includes it.
 *
 *   cmd_check.c     the command: options, help, which form runs
 *   check_single.c  BOARD MOVES: one case, MOVES replayed as it is read
 *   check_files.c   --problem: INPUT and OUTPUT files, testlib's form or Kattis's
 *   check_output.c  a whole output, a line at a time (cli_reader, text.h)
 *   check_answer.c  one answer of one case: moves, a count, the no-solution word
 *
 * Each form judges with the same code (a single BOARD MOVES pair is one case
 * of a one-line problem), so the verdicts and the checker below, and the
 * line reader of text.h, are all there is between them.
 */
#ifndef SLIDE_CHECK_INTERNAL_H
#define SLIDE_CHECK_INTERNAL_H

#include "cli/judge/judge.h"
#include "cli/base/text.h"

/* ---------------------------------------------------------------- verdicts */

/* testlib's exit statuses, and the order verdicts outrank one another in. */
enum {
    VERDICT_OK = EXIT_ACCEPTED,
    VERDICT_WA = EXIT_WRONG_ANSWER,
    VERDICT_PE = EXIT_PRESENTATION_ERROR,
    VERDICT_FAIL = EXIT_JUDGE_FAILURE
};

/* "ok", "wrong answer", ..., indexed by VERDICT_*: the start of a verdict line. */
extern const char *const verdict_names[4];

typedef struct verdict {
    int kind;
    char text[700];
} verdict;

int set_verdict(verdict *v, int kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ----------------------------------------------------------------- checker */

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

/* The options of `slide check`, as read (cmd_check.c). */
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

/* A checker of problem p's cases under cfg; best holds an optimum per case, zeroed. */
void checker_init(checker *ck, const check_config *cfg, const judge_problem *p,
                  const judge_cases *cases, optimum *best);

/* ------------------------------------------------------- one answer (check_answer.c) */

/* A space or a tab: what separates the words of a judge's line. */
static inline int is_space_or_tab(char c)
{
    return c == ' ' || c == '\t';
}

/* Whitespace a line may end with, which judges ignore: blanks, '\r', '\v', '\f'. */
static inline int is_line_space(char c)
{
    return is_space_or_tab(c) || c == '\r' || c == '\v' || c == '\f';
}

/* "s" unless n is 1: "1 move", "19 moves". */
static inline const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

/* text[0..len) is the no-solution word, give or take letter case, spacing and a final '.'. */
int loosely_equal(const char *text, size_t len, const char *word);

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

int moves_begin(move_stream *ms, const checker *ck, size_t i, int solvable, verdict *v);
int moves_feed(move_stream *ms, const char *text, size_t len, const char *at, verdict *v);
int moves_end(checker *ck, size_t i, const move_stream *ms, const char *at, verdict *v,
              answer_info *info);
void moves_free(move_stream *ms);

/*
 * kind (a wrong answer or presentation error of case i), or VERDICT_FAIL
 * with the reason in v when the case is solvable only past the problem's
 * move limit: then no output is right, and the test is at fault.
 */
int judge_case_within_cap(checker *ck, size_t i, verdict *v, int kind);

/* One answer (one line, its line end cut) for case i: the verdict kind, its message in v. */
int judge_answer(checker *ck, size_t i, const char *text, size_t len, verdict *v,
                 answer_info *info);

/* --------------------------------------------------- whole outputs (check_output.c) */

/* Whitespace at the end of line `line`: a presentation error in pe under --strict. */
void trailing_space(const checker *ck, long line, int carriage_return, verdict *pe);
/* What follows the last answer; VERDICT_FAIL in v on a read error, else VERDICT_OK. */
int judge_rest(const checker *ck, cli_reader *r, verdict *pe, verdict *v);
/* A whole output of ck's cases from r: the verdict kind, its message in v. */
int judge_output(checker *ck, cli_reader *r, int first, verdict *v);

/* ------------------------------------------------------------------ the forms */

/* `slide check BOARD MOVES` (check_single.c): the verdict on stdout; returns its kind. */
int check_single(const check_config *cfg, const char *board_text, const char *moves);
/* `--problem NAME INPUT OUTPUT [ANSWER]` (check_files.c): the verdict kind, its line in v. */
int check_files(const check_config *cfg, const judge_problem *p, const char *input_path,
                const char *output_path, const char *answer_path, verdict *v);
/*
 * `--problem NAME --kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT` (check_files.c):
 * EXIT_KATTIS_ACCEPTED, EXIT_KATTIS_WRONG or EXIT_JUDGE_FAILURE.
 */
int check_kattis(const check_config *cfg, const judge_problem *p, char **args);

#endif /* SLIDE_CHECK_INTERNAL_H */
