/*
 * commands.h - the commands that main.c's table runs: for each, its entry
 * point (argc and argv as main has them, argv[1] the command's name; it
 * returns the exit status) and its help.  main.c includes it, and so does
 * the cmd_NAME.c file that defines each command, wherever its room is: the
 * only header a room includes from above it (src/README.md).
 */
#ifndef SLIDE_CLI_COMMANDS_H
#define SLIDE_CLI_COMMANDS_H

#include <stdio.h>

/* `slide solve` (solve/cmd_solve.c): boards from arguments or stdin. */
int cli_solve(int argc, char **argv);
void cli_help_solve(FILE *f);
/* `slide gen` (cmd_gen.c): random boards. */
int cli_gen(int argc, char **argv);
void cli_help_gen(FILE *f);
/* `slide check` (judge/cmd_check.c): a special judge (exit statuses: base.h). */
int cli_check(int argc, char **argv);
void cli_help_check(FILE *f);
/* `slide pdb build|info|clear` (cmd_pdb.c): the pattern database cache. */
int cli_pdb(int argc, char **argv);
void cli_help_pdb(FILE *f);
/* `slide play` (game/cmd_play.c): the game in the terminal. */
int cli_play(int argc, char **argv);
void cli_help_play(FILE *f);
/* `slide show` (game/cmd_show.c): a solution played move by move there. */
int cli_show(int argc, char **argv);
void cli_help_show(FILE *f);
/*
 * One search on many machines (cli/spread/): `slide split` prints an
 * iteration's work items, `slide work` searches items from stdin, `slide
 * spread` drives the whole search through GNU parallel.
 */
int cli_split(int argc, char **argv);
void cli_help_split(FILE *f);
int cli_work(int argc, char **argv);
void cli_help_work(FILE *f);
int cli_spread(int argc, char **argv);
void cli_help_spread(FILE *f);

#endif /* SLIDE_CLI_COMMANDS_H */
