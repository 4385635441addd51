/*
 * main.c - the slide command: dispatch to subcommands, help and version.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>

/*
 * Commands that print with plain stdio (help, version, check, pdb) learn of
 * a failed write only when stdout is flushed: a full disk must not pass for
 * success.  A reader that went away stays quiet, as with any filter.
 * `failure` is the status that says so: 1, or for check 3 (judge failure),
 * since its 1 would claim a wrong answer.  solve and gen report their own.
 */
static int flushed(int status, int failure)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    if (errno != EPIPE)
        cli_error("error writing output: %s", strerror(errno ? errno : EIO));
    return status == 0 || failure == 3 ? failure : status;
}

static void help_main(FILE *f)
{
    fputs("usage: slide COMMAND [OPTIONS] [ARGS]\n"
          "\n"
          "Solve sliding-tile puzzles (8-puzzle, 15-puzzle and any R x C board).\n"
          "\n"
          "commands:\n"
          "  solve [OPTIONS] [BOARD...]   solve boards given as arguments, or stdin one per line\n"
          "  check [OPTIONS] BOARD MOVES  verify a move string (a special judge)\n"
          "  check --problem NAME INPUT OUTPUT [ANSWER]\n"
          "                               judge a contestant's output file (testlib)\n"
          "  gen [OPTIONS]                generate boards (reproducible with --seed)\n"
          "  pdb build|info|clear         prepare, list or remove cached pattern databases\n"
          "  help [COMMAND]               show help for a command\n"
          "\n"
          "  --help, -h                   this help\n"
          "  --version, -V                print the version\n"
          "\n"
          "example:\n"
          "  slide solve \"2 3 4 1 5 x 7 6 8\"      prints ullddrurdllurdruldr\n"
          "\n"
          "Moves name the direction the blank moves: u, d, l, r.\n",
          f);
}

static int help(const char *topic, FILE *f)
{
    if (!topic) {
        help_main(f);
        return 0;
    }
    if (strcmp(topic, "solve") == 0) {
        cli_help_solve(f);
        return 0;
    }
    if (strcmp(topic, "gen") == 0) {
        cli_help_gen(f);
        return 0;
    }
    if (strcmp(topic, "check") == 0) {
        cli_help_check(f);
        return 0;
    }
    if (strcmp(topic, "pdb") == 0) {
        cli_help_pdb(f);
        return 0;
    }
    cli_error("help: no command '%s' (commands: solve, check, gen, pdb)", topic);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        help_main(stderr);
        return EXIT_USAGE;
    }
    const char *command = argv[1];
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0)
        return flushed(help(NULL, stdout), EXIT_FAILED_BOARD);
    if (strcmp(command, "--version") == 0 || strcmp(command, "-V") == 0 ||
        strcmp(command, "version") == 0) {
        printf("slide %s\n", SLIDE_VERSION_STRING);
        return flushed(0, EXIT_FAILED_BOARD);
    }
    if (strcmp(command, "help") == 0)
        return flushed(help(argc > 2 ? argv[2] : NULL, stdout), EXIT_FAILED_BOARD);
    if (strcmp(command, "solve") == 0)
        return cli_solve(argc, argv);
    if (strcmp(command, "gen") == 0)
        return cli_gen(argc, argv);
    if (strcmp(command, "check") == 0)
        return flushed(cli_check(argc, argv), 3);
    if (strcmp(command, "pdb") == 0)
        return flushed(cli_pdb(argc, argv), EXIT_FAILED_BOARD);
    cli_error("unknown command '%s' (see 'slide --help')", command);
    return EXIT_USAGE;
}
