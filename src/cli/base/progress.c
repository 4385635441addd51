/*
 * progress.c - the progress callback every command hands the library: notes
 * on stderr, and on a terminal with cursor control a line redrawn in place.
 */
#include "cli/base/base.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char erase_line[] = "\r\033[K";

/*
 * Whether a progress line is on the terminal now, for the handler below:
 * Ctrl-C (or a kill) during a long search or build erases it before the
 * process dies, as cli_progress_end would have.
 */
static volatile sig_atomic_t line_on_screen;

/* Only async-signal-safe calls: write(2), then raise(3) with the default action back
 * (SA_RESETHAND). */
static void erase_and_die(int sig)
{
    if (line_on_screen) {
        ssize_t written = write(STDERR_FILENO, erase_line, sizeof erase_line - 1);
        (void)written; /* nothing more can be done about a terminal that is gone */
    }
    raise(sig); /* delivered once the handler returns: the process ends by sig, as before */
}

/* The handler for sig, unless sig is ignored or handled already (nohup, a shell's background job). */
static void erase_on(int sig)
{
    struct sigaction old, sa;
    if (sigaction(sig, NULL, &old) != 0 || old.sa_handler != SIG_DFL)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = erase_and_die;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(sig, &sa, NULL);
}

/*
 * A progress line is redrawn in place with \r and an erase sequence, which a
 * terminal without cursor control (TERM=dumb: Emacs shells, some CI logs;
 * cli_terminal_detect decides) would show as a pile of lines: there only the notes
 * are written.
 */
void cli_progress_init(cli_progress_state *state)
{
    int colour;
    memset(state, 0, sizeof *state);
    state->tty = isatty(fileno(stderr)) && cli_terminal_detect(&colour);
    if (state->tty) {
        erase_on(SIGINT);
        erase_on(SIGTERM);
    }
}

void cli_progress_end(void *ctx)
{
    cli_progress_state *state = ctx;
    if (state && state->line_open) {
        fputs(erase_line, stderr);
        state->line_open = line_on_screen = 0; /* after the erase: a signal between erases again */
    }
}

/*
 * Notes always reach stderr; progress lines only a terminal, overwritten in
 * place, and for searches only once they are big enough to be worth watching.
 */
void cli_progress(void *ctx, const slide_progress *p)
{
    cli_progress_state *state = ctx;
    switch (p->kind) {
    case SLIDE_PROGRESS_NOTE:
        cli_progress_end(state);
        if (cli_advice(p->remedy)[0])
            cli_error("%s; %s", p->message, cli_advice(p->remedy));
        else
            cli_error("%s", p->message);
        break;
    case SLIDE_PROGRESS_BUILD:
        if (!state->tty)
            break;
        state->line_open = line_on_screen = 1; /* before the line: a signal meanwhile erases it */
        fprintf(stderr, "\r\033[Kslide: building pattern database %s: layer %u, %.1f%% filled",
                p->message, p->bound, 100.0 * p->fraction);
        break;
    case SLIDE_PROGRESS_SEARCH:
        if (!state->tty || p->nodes < 1000000)
            break;
        state->line_open = line_on_screen = 1;
        fprintf(stderr, "\r\033[Kslide: searching: bound %u, %llu nodes", p->bound,
                (unsigned long long)p->nodes);
        break;
    case SLIDE_PROGRESS_BEST:
        if (!state->tty)
            break;
        state->line_open = line_on_screen = 1;
        fprintf(stderr, "\r\033[Kslide: improving: best %u moves, %llu nodes", p->bound,
                (unsigned long long)p->nodes);
        break;
    default: break;
    }
    fflush(stderr);
}

int cli_terminal_detect(int *colour)
{
    const char *name = getenv("TERM");
    const char *no_colour = getenv("NO_COLOR");
    int ansi = name && *name && strcmp(name, "dumb") != 0;
    *colour = ansi && !(no_colour && *no_colour);
    return ansi;
}
