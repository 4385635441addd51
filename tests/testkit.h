/*
 * testkit.h - helpers shared by the cmocka test files: a main that runs one
 * named case, boards from text, independent replay (and solves replayed),
 * an exhaustive BFS distance table, and running the built slide binary.
 */
#ifndef SLIDE_TESTKIT_H
#define SLIDE_TESTKIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "slide.h"

/*
 * Runs the case named argv[1] (exactly), or every case without an argument.
 * A name that matches no case is a failure, so ctest entries cannot go stale.
 */
int testkit_main(int argc, char **argv, const struct CMUnitTest *tests, size_t count);
#define TESTKIT_MAIN(tests)                                                                        \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        return testkit_main(argc, argv, tests, sizeof tests / sizeof tests[0]);                    \
    }

/* Parses text (asserting success); rows/cols 0 = infer. */
slide_board testkit_board(const char *text, int rows, int cols);

/*
 * Replays moves from start with the test's own move rules (not the
 * library's) and asserts every move is legal and the goal is reached.
 */
void testkit_assert_solves(const slide_board *start, const slide_board *goal, const char *moves);

/*
 * Solves start -> goal with algo (NULL: auto) on `threads` threads, asserts
 * an answer that is not labelled optimal, whose length is its string's, and
 * replays it; returns its length.
 */
uint64_t testkit_solve_not_optimal(const char *algo, const slide_board *start,
                                   const slide_board *goal, int threads);
/* The same, keeping the answer in *sol (the caller frees it with slide_solution_free). */
void testkit_answer_not_optimal(const char *algo, const slide_board *start, const slide_board *goal,
                                int threads, slide_solution *sol);

/*
 * Exhaustive distances for a shape of at most 9 cells, from a BFS over
 * permutation ranks written here independently of the library.  dist[rank]
 * is the fewest moves to goal, or -1 when unreachable.
 */
typedef struct testkit_table {
    int rows, cols, cells;
    size_t size;
    int8_t *dist;
} testkit_table;

void testkit_table_build(testkit_table *t, const slide_board *goal);
int testkit_table_distance(const testkit_table *t, const slide_board *b);
void testkit_table_free(testkit_table *t);
/* The board with permutation rank `rank` (cells' tiles in Lehmer order). */
void testkit_unrank(const testkit_table *t, size_t rank, slide_board *out);

/* Runs the built slide with argv (NULL-terminated, without argv[0]) and stdin text. */
typedef struct testkit_run {
    int status; /* exit status, or 128+signal */
    char *out;
    char *err;
    long peak_kib; /* the run's peak resident memory (getrusage's ru_maxrss) */
} testkit_run;

testkit_run testkit_slide(const char *const *args, const char *input);
/* testkit_slide of a copy of slide elsewhere (binary: its path). */
testkit_run testkit_slide_at(const char *binary, const char *const *args, const char *input);
/* testkit_slide with the arguments written out: RUN(input, "solve", "-o", "steps", board). */
#define RUN(input, ...) testkit_slide((const char *const[]){__VA_ARGS__, NULL}, input)
/* Everything f holds from its start (or, for a pipe, everything still to come); the caller frees.
 */
char *testkit_slurp(FILE *f);
/* The whole file at path, failing the test when it cannot be read; the caller frees. */
char *testkit_read_file(const char *path);
void testkit_run_free(testkit_run *r);
/*
 * The environment the slide runs inherit: testkit_env_set sets name to value
 * (NULL: unsets it) and returns the old value (NULL when unset), which
 * testkit_env_restore puts back and frees.
 */
char *testkit_env_set(const char *name, const char *value);
void testkit_env_restore(const char *name, char *saved);
/* rm -rf of a scratch directory (a mkdtemp path), failing the test when it fails. */
void testkit_remove_dir(const char *dir);
/* The pattern database files (*.pdb) in dir. */
int testkit_count_tables(const char *dir);

#endif
