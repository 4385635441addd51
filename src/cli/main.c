/*
 * main.c - the slide command: the table of commands, help and version.
 *
 * A command is one row of `commands` below: its name, what runs it, its
 * help and its lines in `slide --help`.  Adding one is a file and a row.
 */
#include "cli/base/base.h"
#include "cli/base/text.h"
#include "cli/commands.h"

#include <errno.h>
#include <string.h>

/*
 * Commands that print with plain stdio (help, version, check, pdb, split,
 * work, spread) learn of a failed write only when stdout is flushed
 * (cli_stdout_flushed): `write_failure` in their row is the status that
 * says so.  solve and gen report their own.
 */

/* One line of `slide --help`: how a command is called and what it does. */
typedef struct command_usage {
    const char *synopsis;
    const char *summary;
} command_usage;

typedef struct command {
    const char *name;
    const char *alias; /* another name, or NULL */
    int (*run)(int argc, char **argv);
    /* `slide help NAME`; NULL for the commands that have none (help, version) */
    void (*help)(FILE *f);
    /* the status when stdout cannot be written (see flushed); 0 = run reports its own */
    int write_failure;
    command_usage usage[2]; /* its lines in `slide --help`; synopsis NULL ends them */
} command;

static int run_help(int argc, char **argv);
static int run_main_help(int argc, char **argv);
static int run_version(int argc, char **argv);
static void help_help(FILE *f);
static void help_version(FILE *f);

/*
 * In the order `slide --help` lists them; the rows named as options
 * (--help, --version) follow the commands there, after an empty line.
 */
/* clang-format off */
static const command commands[] = {
    {"solve", NULL, cli_solve, cli_help_solve, 0,
     {{"solve [OPTIONS] [BOARD...]", "solve boards given as arguments, or stdin one per line"}}},
    {"split", NULL, cli_split, cli_help_split, EXIT_WRITE_FAILED,
     {{"split [OPTIONS] BOARD", "print the work items of one iteration, for slide work"}}},
    {"work", NULL, cli_work, cli_help_work, EXIT_WRITE_FAILED,
     {{"work < ITEMS", "search work items, print their results (on any machine)"}}},
    {"spread", NULL, cli_spread, cli_help_spread, EXIT_WRITE_FAILED,
     {{"spread [OPTIONS] BOARD", "one optimal search on many machines (GNU parallel)"}}},
    {"check", NULL, cli_check, cli_help_check, EXIT_JUDGE_FAILURE,
     {{"check [OPTIONS] BOARD MOVES", "verify a move string (a special judge)"},
      {"check --problem NAME INPUT OUTPUT [ANSWER]", "judge a contestant's output file (testlib)"}}},
    {"gen", NULL, cli_gen, cli_help_gen, 0,
     {{"gen [OPTIONS]", "generate boards (reproducible with --seed)"}}},
    {"pdb", NULL, cli_pdb, cli_help_pdb, EXIT_WRITE_FAILED,
     {{"pdb build|info|clear", "prepare, list or remove cached pattern databases"}}},
    {"play", NULL, cli_play, cli_help_play, EXIT_WRITE_FAILED,
     {{"play [OPTIONS] [BOARD]", "play the puzzle in the terminal: hints, undo, solve"}}},
    {"show", NULL, cli_show, cli_help_show, EXIT_WRITE_FAILED,
     {{"show [OPTIONS] BOARD MOVES", "play a solution move by move in the terminal"}}},
    {"help", NULL, run_help, help_help, EXIT_WRITE_FAILED,
     {{"help [COMMAND]", "show help for a command"}}},
    {"version", NULL, run_version, help_version, EXIT_WRITE_FAILED, {{NULL, NULL}}},
    {"--help", "-h", run_main_help, help_help, EXIT_WRITE_FAILED, {{"--help, -h", "this help"}}},
    {"--version", "-V", run_version, help_version, EXIT_WRITE_FAILED,
     {{"--version, -V", "print the version"}}},
};
/* clang-format on */

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* Where the summaries of `slide --help` start; a longer synopsis gets a line of its own. */
#define SUMMARY_COLUMN 31

static void help_main(FILE *f)
{
    fputs("usage: slide COMMAND [OPTIONS] [ARGS]\n"
          "\n"
          "Solve sliding-tile puzzles (8-puzzle, 15-puzzle and any R x C board).\n"
          "\n"
          "commands:\n",
          f);
    int options_started = 0;
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        const command *c = &commands[i];
        if (c->name[0] == '-' && !options_started) {
            fputc('\n', f);
            options_started = 1;
        }
        for (const command_usage *u = c->usage; u < c->usage + 2 && u->synopsis; u++)
            cli_help_item(f, u->synopsis, u->summary, SUMMARY_COLUMN);
    }
    fputs("\n"
          "example:\n"
          "  slide solve \"2 3 4 1 5 x 7 6 8\"      prints ullddrurdllurdruldr\n"
          "\n"
          "Moves name the direction the blank moves: u, d, l, r.\n",
          f);
}

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0 ||
            (commands[i].alias && strcmp(commands[i].alias, name) == 0))
            return &commands[i];
    return NULL;
}

/* "; did you mean 'NAME'?" for the command name closest to word, or "" (see cli_suggest_consider). */
static const char *closest_command(const char *word, int with_help_only, char *buf, size_t size)
{
    cli_suggestion s;
    cli_suggest_init(&s, word);
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!with_help_only || commands[i].help)
            cli_suggest_consider(&s, commands[i].name);
    return cli_did_you_mean(&s, "", buf, size);
}

static void help_help(FILE *f)
{
    fputs("usage: slide help [COMMAND]\n"
          "       slide --help, -h\n"
          "       slide COMMAND --help\n"
          "\n"
          "Prints the help of COMMAND: how it is called, what it does, its options.\n"
          "Without COMMAND (and as --help) the list of commands.\n",
          f);
}

static void help_version(FILE *f)
{
    fputs("usage: slide version\n"
          "       slide --version, -V\n"
          "\n"
          "Prints the version of slide.\n",
          f);
}

/* `slide help [COMMAND]`: the main help, or the help of a command that has one. */
static int run_help(int argc, char **argv)
{
    if (argc < 3) {
        help_main(stdout);
        return EXIT_DONE;
    }
    const char *topic = argv[2];
    const command *c = find_command(topic);
    if (c && c->help) {
        c->help(stdout);
        return EXIT_DONE;
    }
    char names[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < COMMAND_COUNT && used < sizeof names; i++)
        if (commands[i].help && commands[i].name[0] != '-')
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
                                     commands[i].name);
    char hint[96];
    cli_error("help: no command '%s'%s (commands: %s)", topic,
              closest_command(topic, 1, hint, sizeof hint), names);
    return EXIT_USAGE;
}

/* `slide --help`: the main help, whatever follows. */
static int run_main_help(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    help_main(stdout);
    return EXIT_DONE;
}

static int run_version(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("slide %s\n", SLIDE_VERSION_STRING);
    return EXIT_DONE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        help_main(stderr);
        return EXIT_USAGE;
    }
    const command *c = find_command(argv[1]);
    if (!c) {
        char hint[96];
        cli_error("unknown command '%s'%s (see 'slide --help')", argv[1],
                  closest_command(argv[1], 0, hint, sizeof hint));
        return EXIT_USAGE;
    }
    cli_warn_environment();
    int status = c->run(argc, argv);
    return c->write_failure ? cli_stdout_flushed(status, c->write_failure) : status;
}
