/*
 * solve_internal.h - what the files of `slide solve` share; nothing outside
 * src/cli/solve/ includes it.
 */
#ifndef SLIDE_SOLVE_INTERNAL_H
#define SLIDE_SOLVE_INTERNAL_H

#include "cli/base/base.h"
#include "cli/base/text.h"

#include <stdatomic.h>

/* --output's forms; cmd_solve.c's output_names are in this order. */
enum { OUT_MOVES, OUT_STEPS, OUT_PATH, OUT_JSON, OUT_SVG, OUT_TILES };

/* The options of one run of `slide solve`, as read (cmd_solve.c). */
typedef struct solve_config {
    slide_solve_options lib;
    slide_limits limits; /* lib.limits points here */
    int output;
    int pairs;
    int stats;
    int rows; /* from --size, 0 when not given */
    int cols;
    slide_board goal; /* cells NULL when not given */
    int jobs;
    const char *output_dir; /* -o svg: where each board's file goes; NULL = stdout */
    /*
     * The batch fast path, indexed by a board's cell count: the standard
     * goals it made, and the goal it answers boards of that count for (a
     * view of goal or standard; rows == 0 when it answers none).
     */
    int use_fast;
    slide_board standard[SLIDE_MAX_TABLE_CELLS + 1];
    slide_board fast[SLIDE_MAX_TABLE_CELLS + 1];
    /* the tables once built; threads of a batch share them */
    _Atomic(const slide_dist_table *) fast_table[SLIDE_MAX_TABLE_CELLS + 1];
} solve_config;

typedef struct solve_run {
    const solve_config *config;
    cli_out out;
    FILE *err; /* messages: stderr, or a chunk's buffer with --jobs */
    int failures;
    atomic_int *noted_not_optimal; /* shared by the batch: the auto note was printed */
    long board_number;             /* the argument or line number, for --output-dir names */
    int stopped;   /* a signal cancelled this board's search: no answer, nor for any board after */
    long answered; /* the last argument or input line answered: how far a stopped run got */
} solve_run;

/* ---- one board's answer (answer.c) ---- */

/* Reports a board that got no answer: `error` on stdout, the reason on stderr. */
void solve_answer_error(solve_run *run, const char *where, const char *message);
/*
 * One start board (and, with --pairs, its own goal, found at goal_where:
 * its own line or argument), answered on run's output.  Boards take their
 * shape from --size, else from the goal when one was given, else from
 * their own text.
 */
void solve_text(solve_run *run, const char *where, long line, const char *text, size_t len,
                const char *goal_where, long goal_line, const char *goal_text, size_t goal_len);

/* ---- boards from stdin (from_stdin.c) ---- */

/* Answers every board of stdin in input order, on cfg's jobs, into run. */
void solve_stdin(solve_run *run);
/*
 * -o svg without --output-dir on stdin: the drawing of the one board (or
 * pair) stdin holds.  Returns 0, or EXIT_USAGE when stdin holds more.
 */
int solve_stdin_svg(solve_run *run);

/*
 * `slide solve --problem NAME` (problem.c): stdin framed as a judge problem,
 * its exact output.  solve_options is solve's table: those of its options
 * --problem does not read are refused by name.  Returns an exit status, or
 * -1 after --help, which leaves printing `slide solve`'s help (cmd_solve.c's)
 * to the caller.
 */
int cli_solve_problem(int argc, char **argv, const cli_option *solve_options);

#endif /* SLIDE_SOLVE_INTERNAL_H */
