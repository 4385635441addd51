/*
 * judge.h - the classic judge problems (judge.c), shared by `slide solve
 * --problem` (cli/solve/problem.c: read a problem's input, write its
 * reference output) and `slide check --problem` (check_files.c: judge a
 * contestant's output).
 *
 * A problem is a row of data: how its input is cut into cases, what shape
 * and goal its boards have, and how one answer is written.  Everything that
 * differs between problems lives in that row, so the reader, the writer and
 * the checker stay the same code for all of them.
 */
#ifndef SLIDE_JUDGE_H
#define SLIDE_JUDGE_H

#include "cli/base/base.h"

/* How an input is cut into cases. */
enum {
    FRAME_CELLS, /* 9 one-character cells (1-8, x) a case, across any whitespace, until EOF */
    FRAME_COUNTED_CELLS,  /* a count N, then N cases of 9 one-character cells (UVa 652) */
    FRAME_LINES,          /* one board a non-empty line */
    FRAME_LINE_PAIRS,     /* non-empty lines in pairs: start, then goal */
    FRAME_LIST_PAIRS,     /* bracketed boards in pairs: start, then goal */
    FRAME_COUNTED_NUMBERS /* a count N, then N cases of rows*cols numbers (UVa 10181) */
};

/* What one answer is. */
enum {
    ANSWER_MOVES,      /* lowercase u/d/l/r (empty when solved), or the unsolvable word */
    ANSWER_STEPS,      /* the fewest moves, or -1 */
    ANSWER_UPPER_MOVES /* uppercase U/D/L/R, or the unsolvable sentence */
};

typedef struct judge_problem {
    const char *name;  /* the --problem NAME */
    const char *title; /* "POJ 1077", for messages */
    int framing;       /* FRAME_* */
    int answer;        /* ANSWER_* */
    int rows;
    int cols;
    const char *goal;        /* goal board text; NULL = 1 2 ... n-1 blank */
    const char *algo;        /* algorithm of the reference output (given a context) */
    int fewest;              /* the problem asks for the fewest moves */
    int separated;           /* an empty line between answers (UVa 652) */
    unsigned long max_moves; /* longest accepted answer; 0 = no limit */
    const char *no_solution; /* what an unsolvable case prints */
} judge_problem;

/* One case of an input: its start and goal, and where it began. */
typedef struct judge_case {
    slide_board start;
    slide_board goal;
    long line;
} judge_case;

/*
 * The most cells a judge input may hold in all, as many as the largest
 * board: 444,444 3x3 cases, 250,000 4x4.  Inputs are read whole, and this
 * keeps their cases' memory bounded (about 60 MB) whatever arrives, beside
 * CLI_MAX_INPUT_BYTES on the text.
 */
#define JUDGE_MAX_CELLS SLIDE_MAX_CELLS

typedef struct judge_cases {
    judge_case *items;
    size_t count;
    size_t cap;
} judge_cases;

/* The problem called name, or NULL. */
const judge_problem *judge_problem_find(const char *name);
/* Number of problems in the table and the i-th (NULL past the end), in the table's order. */
size_t judge_problem_count(void);
const judge_problem *judge_problem_at(size_t index);

/* Room for judge_problem_names with every name of the table. */
#define JUDGE_NAMES_SIZE 256
/*
 * Every problem name, comma separated in the table's order, into buf
 * (cut short when size is too small).  Returns buf.
 */
const char *judge_problem_names(char *buf, size_t size);

/* Room for judge_unknown_problem's text. */
#define JUDGE_UNKNOWN_SIZE (JUDGE_NAMES_SIZE + 200)
/*
 * "unknown problem 'NAME' (problems: a, b, c)", and "; did you mean 'b'?"
 * when a name is close, into buf.  Returns buf.
 */
const char *judge_unknown_problem(const char *name, char *buf, size_t size);

/*
 * Cuts a whole input text into cases as problem p frames it, checking every
 * board.  On success returns 0 and cases owns the boards (judge_cases_free).
 * On malformed input returns -1 with "case N, line L: what" in message
 * (cases is freed); on memory exhaustion returns -1 with that message.
 */
int judge_read_cases(const judge_problem *p, const char *text, size_t len, judge_cases *cases,
                     char *message, size_t size);
void judge_cases_free(judge_cases *cases);

/*
 * Reads all of path (or of stream when path is NULL) into a new
 * NUL-terminated buffer the caller frees.  Returns 0, or -1 with errno set:
 * EFBIG when there are more than CLI_MAX_INPUT_BYTES bytes (reading stops
 * one byte past the limit, so memory stays bounded on endless input).
 */
int judge_slurp(const char *path, FILE *stream, char **text, size_t *len);

/*
 * From this many cases on, a run keeps a slide_context: building a 3x3
 * distance table once (about 30 ms) then beats a search per case.
 */
#define JUDGE_CONTEXT_MIN_CASES 8

/*
 * Solves one case the way problem p's reference output does (its
 * algorithm; only the length when count_only).  context (may be NULL)
 * keeps distance tables and pattern databases for the next case; without
 * one, "table" gives way to "bfs", whose answers are the same.  Returns
 * slide_solve's status; sol and stats as for slide_solve.
 */
int judge_solve_case(const judge_problem *p, const judge_case *c, const slide_limits *limits,
                     slide_context *context, int count_only, slide_solution *sol,
                     slide_stats *stats);

#endif /* SLIDE_JUDGE_H */
