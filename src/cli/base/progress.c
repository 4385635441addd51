/*
 * progress.c - the progress callback every command hands the library: notes
 * on stderr, and on a terminal with cursor control a line redrawn in place.
 */
#include "cli/base/base.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
}

void cli_progress_end(void *ctx)
{
    cli_progress_state *state = ctx;
    if (state && state->line_open) {
        fputs("\r\033[K", stderr);
        state->line_open = 0;
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
        fprintf(stderr, "\r\033[Kslide: building pattern database %s: layer %u, %.1f%% filled",
                p->message, p->bound, 100.0 * p->fraction);
        state->line_open = 1;
        break;
    case SLIDE_PROGRESS_SEARCH:
        if (!state->tty || p->nodes < 1000000)
            break;
        fprintf(stderr, "\r\033[Kslide: searching: bound %u, %llu nodes", p->bound,
                (unsigned long long)p->nodes);
        state->line_open = 1;
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
