/*
 * solve_internal.h - what the files of `slide solve` share; nothing outside
 * src/cli/solve/ includes it.
 */
#ifndef SLIDE_SOLVE_INTERNAL_H
#define SLIDE_SOLVE_INTERNAL_H

/*
 * `slide solve --problem NAME` (problem.c): stdin framed as a judge problem,
 * its exact output.  solve_options is solve's table: those of its options
 * --problem does not read are refused by name.  Returns an exit status, or
 * -1 after --help, which leaves printing `slide solve`'s help (cmd_solve.c's)
 * to the caller.
 */
int cli_solve_problem(int argc, char **argv, const cli_option *solve_options);

#endif /* SLIDE_SOLVE_INTERNAL_H */
