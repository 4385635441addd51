/*
 * base.h - what the rooms of the slide command share: option rows and their
 * scan and help, values, messages, progress and signals.  The command is a
 * thin layer over libslide: it reads text, turns options into library
 * calls and prints results; every puzzle decision is the library's.
 * Reading and writing text is text.h's.
 */
#ifndef SLIDE_CLI_H
#define SLIDE_CLI_H

#include "slide.h"

#include <stdio.h>

/*
 * The slide command's exit statuses, a name for each meaning (README.md
 * gives each command's).  A number means different things to different
 * commands (check's 1 is a wrong answer), never two things to one.
 */
enum {
    EXIT_DONE = 0,         /* the command did what it was asked: every board answered */
    EXIT_FAILED_BOARD = 1, /* a board, item or file got no answer: invalid, a limit, no memory */
    EXIT_USAGE = 2,        /* the command was called wrongly */
    EXIT_WRITE_FAILED = 1, /* stdout could not be written (cli_stdout_flushed, cli_out_close) */
    /* `slide check` (testlib's statuses) */
    EXIT_ACCEPTED = 0,
    EXIT_WRONG_ANSWER = 1,
    EXIT_PRESENTATION_ERROR = 2,
    EXIT_JUDGE_FAILURE = 3, /* bad input or answer file, usage, a write failure */
    /* `slide check --kattis` (Kattis's output validator statuses) */
    EXIT_KATTIS_ACCEPTED = 42,
    EXIT_KATTIS_WRONG = 43
};

/* ---- option scanning ---- */

/*
 * One option of a command: a row of its table, which ends with a row whose
 * long_name is NULL.  The same row serves the scan and the help, as git's
 * struct option does, so the help cannot name an option the command lacks.
 */
typedef struct cli_option {
    const char *long_name;
    char short_name; /* 0 when none */
    /*
     * What cli_scan_next returns for it, from 1.  0 marks a row the scan
     * passes over: an option the command takes before scanning, listed for
     * the help (solve's --problem).
     */
    int id;
    const char *value; /* its value's name in the help ("RxC"); NULL when it takes none */
    /*
     * Its text in the help (cli_help_options): lines after the first are
     * indented under the first, and "%s" stands for a list that only the
     * running program knows (the library's algorithms).  NULL leaves the
     * option out of the help (--help itself).
     */
    const char *help;
} cli_option;

/*
 * An option another command spells otherwise: typed there, it is this
 * command's `means` (gen's --format is solve's -o), so an unknown option
 * that is one is answered with it ("unknown option '-o' (slide solve's);
 * did you mean '--format'?").  One this command has no counterpart for
 * has `why` instead, said after the option.  A list ends with a NULL typed.
 */
typedef struct cli_alias {
    const char *typed; /* "-o", "--output" */
    const char *owner; /* the command that takes it: "solve" */
    const char *means; /* this command's option: "--format", or NULL */
    const char *why;   /* when means is NULL: why this command has none */
} cli_alias;

/*
 * Walks argv: options (long, short, --name=value, -xVALUE) are returned one
 * at a time; anything else is a positional argument, collected in order.
 * "--" ends options.
 */
typedef struct cli_scan {
    int argc;
    char **argv;
    int index;
    const cli_option *options;
    const char *command; /* for messages */
    char **positional;
    int positional_count;
    const cli_alias *aliases; /* NULL, or other commands' spellings (set after cli_scan_init) */
} cli_scan;

enum { SCAN_END = -1, SCAN_ERROR = -2 };

/* Prepares a scan of argv[first..argc). Returns 0, or SCAN_ERROR if out of memory. */
int cli_scan_init(cli_scan *scan, int argc, char **argv, int first, const cli_option *options,
                  const char *command);
/* Next option id with *value set (NULL when the option takes none), SCAN_END, or SCAN_ERROR (message printed). */
int cli_scan_next(cli_scan *scan, const char **value);
void cli_scan_free(cli_scan *scan);

/* ---- help (help.c) ---- */

/* Where the text of an option starts in a command's help, and the width the help keeps to. */
#define CLI_HELP_COLUMN 25
#define CLI_HELP_WIDTH 80

/*
 * One item of a help's two columns: "  TERM" and text from column on, or
 * when TERM leaves no room (less than a space), TERM on a line of its own
 * and the text on the next.  Lines of text after its first are indented to
 * column too; the item ends with "\n".
 */
void cli_help_item(FILE *f, const char *term, const char *text, int column);
/*
 * The options part of a command's help: "options:" and an item for each
 * row of options that has help text, in the table's order: "-s, --size RxC"
 * (or "    --seed S" without a short name) at CLI_HELP_COLUMN.  A "%s" in a
 * row's text is replaced by fill(row, buf, size): lines separated by "\n",
 * each at most CLI_HELP_WIDTH - CLI_HELP_COLUMN wide.  fill may be NULL
 * when no row says "%s".
 */
void cli_help_options(FILE *f, const cli_option *options,
                      const char *(*fill)(const cli_option *row, char *buf, size_t size));

/*
 * The rows that mean the same to every command that takes them, written
 * once: a command's table lists them with its own id.  Their help is
 * help.c's, a default in it printed from the library's constant
 * (SLIDE_DEFAULT_MAX_MEMORY), whatever fill the command gives.
 */
extern const char cli_help_goal[], cli_help_size[], cli_help_max_memory[], cli_help_timeout[];
/* clang-format off */
#define CLI_OPTION_GOAL(id) {"goal", 'g', (id), "BOARD", cli_help_goal}
/* for a command that reads boards: the shape, where the text does not give it */
#define CLI_OPTION_SIZE(id) {"size", 's', (id), "RxC", cli_help_size}
#define CLI_OPTION_MAX_MEMORY(id) {"max-memory", 0, (id), "SIZE", cli_help_max_memory}
#define CLI_OPTION_TIMEOUT(id) {"timeout", 0, (id), "SECONDS", cli_help_timeout}
#define CLI_OPTION_HELP(id) {"help", 'h', (id), NULL, NULL}
/* clang-format on */

/* ---- values ---- */

/* Parses a byte count like 512M, 4G, 1.5G, 1048576.  0 on success, -1 on error. */
int cli_parse_memory(const char *text, size_t *bytes);
/* bytes as cli_parse_memory reads it, in the largest unit that holds it whole ("2G", "1536M"). */
const char *cli_format_memory(size_t bytes, char *buf, size_t size);
/* Parses a non-negative decimal count no larger than max. */
int cli_parse_count(const char *text, unsigned long long max, unsigned long long *value);
/* Parses a positive number of seconds. */
int cli_parse_seconds(const char *text, double *seconds);

/* ---- "did you mean" ---- */

/*
 * The candidate closest to a word the user mistyped (a command, an option,
 * an option's value): cli_suggest_init, then cli_suggest_consider for each
 * candidate name.  best stays NULL when none is close enough to suggest;
 * it points at the candidate's own string otherwise.
 */
typedef struct cli_suggestion {
    const char *word;
    const char *best;
    size_t distance;
} cli_suggestion;

void cli_suggest_init(cli_suggestion *s, const char *word);
void cli_suggest_consider(cli_suggestion *s, const char *candidate);
/* "; did you mean 'PREFIX BEST'?" into buf (returned), or "" when there is no suggestion. */
const char *cli_did_you_mean(const cli_suggestion *s, const char *prefix, char *buf, size_t size);
/*
 * The index of value among names[0..count), or -1 after reporting
 * "WHERE: 'value' is not one of a, b, c; did you mean 'b'?", or with a noun
 * "WHERE: unknown NOUN 'value' (NOUNs: a, b, c); did you mean 'b'?".
 */
int cli_parse_choice(const char *where, const char *value, const char *noun,
                     const char *const *names, size_t count);

/* ---- messages ---- */

void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/*
 * A message into buf (as snprintf does) for the caller to report, and -1,
 * so that a reader can `return cli_fail(why, size, ...)`.  A macro, as
 * git's error() is, so that the static analyzer sees the -1 (it does not
 * follow calls into variadic functions) and the outputs a failed reader
 * leaves unset.
 */
#define cli_fail(buf, size, ...) (snprintf((buf), (size), __VA_ARGS__), -1)
/*
 * Warns on stderr about environment variables the library would ignore
 * (a SLIDE_PDB_MAX_GROUP that is not a group size), naming the bad value.
 */
void cli_warn_environment(void);
/*
 * The advice of the slide command for a library remedy (SLIDE_REMEDY_*),
 * in terms of its options: "try --algo idastar".  "" for none.
 */
const char *cli_advice(int remedy);

/* Room for a library message with its advice (cli_parse_message, cli_solve_note). */
#define CLI_MESSAGE_SIZE 320

/* A parse error's message, and after "; " the advice for its remedy, into buf.  Returns buf. */
const char *cli_parse_message(const slide_parse_error *err, char *buf, size_t size);

/*
 * A solve's note (st->note, "" when none) with the advice for its remedy
 * into buf; returns buf.  The advice follows in parentheses when the
 * library refused the request before searching (status SLIDE_E_TOO_LARGE
 * or SLIDE_E_ARGUMENT: the note says what does not fit), else after "; "
 * (a search stopped at a limit).
 */
const char *cli_solve_note(const slide_stats *st, int status, char *buf, size_t size);
/*
 * For an answer not proven optimal (status SLIDE_OK), ", not optimal: at
 * least N moves" with the bound the library proved, or ", not optimal"
 * when the memory cap left no room to prove one; "" for any other solve.
 * Into buf; returns buf.
 */
const char *cli_not_optimal(const slide_stats *st, int status, char *buf, size_t size);

/*
 * Reads the board text of an argument (WHAT: "--goal", "BOARD") in the
 * shape rows x cols (0: the one the text gives) into *out: 0, or -1 after
 * "slide: COMMAND: WHAT, cell N: message" (nothing held).
 */
int cli_parse_board_arg(const char *command, const char *what, const char *text, int rows, int cols,
                        slide_board *out);
/* Formats a byte count as "1.5 MiB" into buf. */
const char *cli_format_bytes(size_t bytes, char *buf, size_t size);
/*
 * "a" or "an": the article before the number n as English reads it, "an 8",
 * "an 11x11 board", "an 18", "an 80" to "an 89", "an 800" to "an 899", and
 * the same for thousands ("an 8000", "an 11000"); "a" before every other.
 */
const char *cli_article(unsigned long n);
/* A byte of the input for a message, 'q' or, when it does not print, byte 0x01, into buf. */
const char *cli_describe_char(char c, char *buf, size_t size);

/*
 * The library's progress callback (progress.c): notes always go to stderr,
 * progress lines only to a terminal with cursor control (not TERM=dumb, see
 * cli_terminal_detect).  cli_progress_end clears an open
 * progress line before other output.
 */
typedef struct cli_progress_state {
    int tty;
    int line_open;
} cli_progress_state;

void cli_progress_init(cli_progress_state *state);
void cli_progress(void *ctx, const slide_progress *progress);
void cli_progress_end(void *ctx);

/*
 * An orderly stop on SIGINT, SIGTERM or SIGHUP (interrupt.c), for commands
 * whose output must stay whole lines: cli_interrupt_watch takes the signals
 * still at their default action (before cli_progress_init, whose own
 * handler then stays out).  The first signal is only recorded:
 * cli_interrupted() names it, cli_interrupt_cancel (for
 * slide_limits.cancel) stops the search running, and cli_interrupt_fd()
 * (-1 when there is none) becomes readable, for a wait on input to end.
 * The command writes what it has, then cli_interrupt_exit() ends the
 * process by that signal.  A second signal ends it at once.
 */
void cli_interrupt_watch(void);
int cli_interrupted(void);
int cli_interrupt_cancel(void *unused);
int cli_interrupt_fd(void);
/* When a signal asked to stop: flushes stdout and stderr and ends the process by it. */
void cli_interrupt_exit(void);

/*
 * Whether the terminal named by TERM has cursor control (not TERM=dumb, not
 * unset); *colour says whether it may also show colours (NO_COLOR unset).
 */
int cli_terminal_detect(int *colour);

#endif /* SLIDE_CLI_H */
