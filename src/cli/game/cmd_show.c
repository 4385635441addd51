/*
 * cmd_show.c - `slide show BOARD MOVES`: a given solution played move by move
 * in the terminal, then the final board printed.
 */
#include "cli/commands.h"
#include "cli/base/base.h"
#include "cli/base/text.h"
#include "cli/game/game.h"
#include "cli/game/term.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHOW_MAX_SIDE 40
#define SHOW_DEFAULT_DELAY 0.3

enum { OPT_DELAY = 1, OPT_GOAL, OPT_SIZE, OPT_HELP };

/* clang-format off */
static const cli_option show_options[] = {
    {"delay", 0, OPT_DELAY, "SECONDS", "time between moves (default 0.3)"},
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_SIZE(OPT_SIZE),
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_show(FILE *f)
{
    fputs("usage: slide show [--delay SECONDS] [--goal BOARD] [--size RxC] BOARD MOVES\n"
          "\n"
          "Plays MOVES from BOARD in the terminal, one move every --delay seconds\n"
          "(default 0.3), then prints the final board.  MOVES is a move string (the\n"
          "blank's moves u, d, l, r, as slide solve prints them), a file holding one,\n"
          "or - for stdin:  slide solve BOARD | slide show BOARD -\n"
          "\n",
          f);
    cli_help_options(f, show_options, NULL);
    fputs("\n"
          "keys: space pauses, + and - change the speed, q stops.\n",
          f);
}

/* The moves of a show and where they stand. */
typedef struct show {
    term term;
    term_frame frame;
    game game;
    char *moves;
    size_t length;
    size_t done;
    double delay;
    int paused;
} show;

/*
 * The most moves show plays: a hundred times the 130,000 or so that --algo
 * strategy gives the largest board it shows (40x40), and 2 MB of memory.
 * MOVES is read in parts of SHOW_READ_PART bytes, each byte checked as it
 * arrives, so that neither a stray file nor an endless stream (/dev/zero,
 * /dev/urandom) costs more than that.
 */
#ifndef SHOW_MAX_MOVES /* the fuzz build makes both small (CMakeLists.txt) */
#define SHOW_MAX_MOVES ((size_t)2000000)
#define SHOW_READ_PART ((size_t)1 << 16)
#endif

/*
 * Reads MOVES: "-" is stdin, text of move letters only is itself, anything
 * else names a file.  Whitespace between moves is skipped; any other byte is
 * an error naming where it is, and so is a move past SHOW_MAX_MOVES.  On
 * success *out is a malloc'd string of lowercase letters.  Returns 0 or an
 * exit status (message printed).
 */
static int read_moves(const char *arg, char **out, size_t *length)
{
    const char *source = arg;
    FILE *file = NULL;
    cli_reader r;
    if (strcmp(arg, "-") == 0) {
        file = stdin;
        source = "stdin";
        if (isatty(STDIN_FILENO))
            fputs("slide: show: type the moves, then Enter and Ctrl-D\n", stderr);
    } else if (strspn(arg, "udlrUDLR") != strlen(arg)) {
        file = fopen(arg, "rb");
        if (!file) {
            cli_error("show: MOVES '%.60s' is neither moves (u, d, l, r) nor a readable file: %s",
                      arg, strerror(errno));
            return EXIT_USAGE;
        }
    }
    if (!file)
        cli_reader_from_text(&r, "MOVES", arg, strlen(arg));
    char *moves = NULL;
    size_t kept = 0, cap = 0, offset = 0; /* offset: bytes of MOVES before r.line */
    int status = file && cli_reader_from_file(&r, "MOVES", file) != 0 ? -1 : 0;
    int got = CLI_LINE_END;
    while (status == 0 && (got = cli_reader_part(&r, SHOW_READ_PART)) == CLI_LINE_READ) {
        for (size_t i = 0; i < r.len && status == 0; i++) {
            char c = r.line[i];
            if (c == ' ' || c == '\t' || c == '\r')
                continue;
            if (!strchr("udlrUDLR", c) || c == '\0') {
                char what[48];
                cli_error("show: MOVES (%.60s), byte %zu: %s is not a move (u, d, l, r)", source,
                          offset + i + 1, cli_describe_char(c, what, sizeof what));
                status = EXIT_FAILED_BOARD;
            } else if (kept == SHOW_MAX_MOVES) {
                cli_error("show: MOVES (%.60s) holds more than %zu moves, the most show plays",
                          source, SHOW_MAX_MOVES);
                status = EXIT_FAILED_BOARD;
            } else {
                if (kept + 1 >= cap) {
                    size_t bigger_cap = cap ? cap * 2 : 4096;
                    if (bigger_cap > SHOW_MAX_MOVES + 1)
                        bigger_cap = SHOW_MAX_MOVES + 1;
                    char *bigger = realloc(moves, bigger_cap);
                    if (!bigger) {
                        status = -1;
                        break;
                    }
                    moves = bigger;
                    cap = bigger_cap;
                }
                moves[kept++] = (char)(c | 0x20);
            }
        }
        offset += r.len + (r.ended && r.last_newline);
    }
    if (status == 0 && got == CLI_LINE_ERROR) {
        cli_error("show: cannot read MOVES from %s: %s", source, strerror(errno));
        status = EXIT_FAILED_BOARD;
    }
    if (status == 0 && !moves && !(moves = malloc(1)))
        status = -1;
    if (status < 0) {
        cli_error("out of memory");
        status = EXIT_FAILED_BOARD;
    }
    cli_reader_free(&r);
    if (file && file != stdin)
        fclose(file);
    if (status != 0) {
        free(moves);
        return status;
    }
    moves[kept] = '\0';
    *out = moves;
    *length = kept;
    return 0;
}

static void draw(show *s, const game_layout *layout, int fits)
{
    term_frame *f = &s->frame;
    int width = s->term.cols;
    char line[200];
    term_frame_reset(f, s->term.ansi, s->term.colour);
    if (!fits) {
        snprintf(line, sizeof line, "the window is too small for %s %dx%d board (q stops)",
                 cli_article((unsigned long)s->game.board.rows), s->game.board.rows,
                 s->game.board.cols);
        term_frame_centred(f, width, line);
        term_present(&s->term, f);
        return;
    }
    snprintf(line, sizeof line, "slide show  %dx%d", s->game.board.rows, s->game.board.cols);
    term_frame_centred(f, width, line);
    while (f->lines < layout->top)
        term_frame_end_line(f);
    char next = s->done < s->length ? s->moves[s->done] : 0;
    term_draw_board(f, layout, &s->game.board, &s->game.goal,
                    next ? game_moved_cell(&s->game, next) : -1);
    term_frame_end_line(f);
    if (next) /* the moves played, as `q` then reports them, and the one the marked tile makes */
        snprintf(line, sizeof line, "%zu of %zu moves, next: %c%s", s->done, s->length, next,
                 s->paused ? "   (paused)" : "");
    else
        snprintf(line, sizeof line, "%zu move%s: %s", s->length, s->length == 1 ? "" : "s",
                 game_won(&s->game) ? "the goal is reached" : "the goal is NOT reached");
    term_frame_centred(f, width, line);
    snprintf(line, sizeof line, "space pause   + faster   - slower   q stop   (%.3g s a move)",
             s->delay);
    term_frame_centred(f, width, line);
    term_present(&s->term, f);
}

/* Plays the moves; returns when they are done (and shown for a moment) or on q. */
static void run(show *s)
{
    game_layout layout;
    int fits = 0;
    double next_step = game_now() + s->delay;
    int resized = 1;
    for (;;) {
        if (resized)
            fits = game_layout_plan(&layout, s->game.board.rows, s->game.board.cols, s->term.cols,
                                    2, s->term.lines - 5, s->term.colour) == 0;
        draw(s, &layout, fits);
        double now = game_now();
        int finished = s->done == s->length;
        int timeout = s->paused ? -1 : next_step > now ? (int)((next_step - now) * 1e3) + 1 : 0;
        int events = term_wait(&s->term, timeout);
        if (events & TERM_QUIT)
            return;
        resized = (events & TERM_RESIZED) != 0;
        term_key key;
        while (term_next_key(&s->term, &key)) {
            if (key.kind != TERM_KEY_CHAR)
                continue;
            if (key.ch == 'q')
                return;
            if (key.ch == ' ') {
                s->paused = !s->paused;
                next_step = game_now() + s->delay;
            } else if (key.ch == '+' && s->delay > 0.002) {
                s->delay /= 2;
                /* the move already waited for comes no later than the new pace says */
                if (next_step > game_now() + s->delay)
                    next_step = game_now() + s->delay;
            } else if (key.ch == '-' && s->delay < 10) {
                s->delay *= 2;
            }
        }
        if (s->paused || game_now() < next_step)
            continue;
        if (finished)
            return; /* the last board stayed up for one delay */
        game_move(&s->game, s->moves[s->done++]);
        next_step += s->delay;
        if (next_step < game_now())
            next_step = game_now(); /* a stop (Ctrl-Z) does not make the show race to catch up */
    }
}

/* After the screen is gone: the final board and the verdict, as plain text on stdout. */
static void print_result(show *s)
{
    game_layout layout;
    term_frame *f = &s->frame;
    game_layout_plan(&layout, s->game.board.rows, s->game.board.cols, 1 << 20, 0, 1 << 20, 0);
    layout.left = 0;
    term_frame_reset(f, 0, 0);
    term_draw_board(f, &layout, &s->game.board, &s->game.goal, -1);
    if (s->done == s->length)
        term_frame_text(f, "%zu move%s: %s\n", s->length, s->length == 1 ? "" : "s",
                        game_won(&s->game) ? "the goal is reached" : "the goal is not reached");
    else
        term_frame_text(f, "stopped after %zu of %zu moves\n", s->done, s->length);
    if (!f->failed)
        fwrite(f->data, 1, f->len, stdout);
}

int cli_show(int argc, char **argv)
{
    cli_scan scan;
    const char *value, *goal_text = NULL;
    int id, rows = 0, cols = 0, status = 0;
    slide_parse_error err = slide_parse_error_init();
    show s;
    slide_board start = {0, 0, 0, NULL}, goal = {0, 0, 0, NULL};
    memset(&s, 0, sizeof s);
    s.delay = SHOW_DEFAULT_DELAY;
    if (cli_scan_init(&scan, argc, argv, 2, show_options, "show") != 0)
        return EXIT_FAILED_BOARD;
    while (status == 0 && (id = cli_scan_next(&scan, &value)) != SCAN_END) {
        switch (id) {
        case OPT_HELP:
            cli_help_show(stdout);
            cli_scan_free(&scan);
            return 0;
        case OPT_DELAY:
            if (cli_parse_seconds(value, &s.delay)) {
                cli_error("show: --delay: '%.60s' is not a positive number of seconds", value);
                status = EXIT_USAGE;
            }
            break;
        case OPT_GOAL: goal_text = value; break;
        case OPT_SIZE:
            if (slide_parse_size(value, &rows, &cols, &err) != SLIDE_OK) {
                cli_error("show: --size: %s", err.message);
                status = EXIT_USAGE;
            }
            break;
        default: status = EXIT_USAGE; break;
        }
    }
    if (status == 0 && scan.positional_count != 2) {
        cli_error("show: needs BOARD and MOVES (%d argument%s given; see 'slide help show')",
                  scan.positional_count, scan.positional_count == 1 ? "" : "s");
        status = EXIT_USAGE;
    }
    if (status == 0)
        status =
            cli_read_start_goal("show", scan.positional[0], goal_text, rows, cols, &start, &goal);
    if (status == 0 && (start.rows > SHOW_MAX_SIDE || start.cols > SHOW_MAX_SIDE)) {
        cli_error("show: %s %dx%d board is too large to show (sides up to %d)",
                  cli_article((unsigned long)start.rows), start.rows, start.cols, SHOW_MAX_SIDE);
        status = EXIT_USAGE;
    }
    if (status == 0)
        status = read_moves(scan.positional[1], &s.moves, &s.length);
    if (status == 0) {
        size_t failed_at;
        int reached;
        if (slide_replay(&start, &goal, s.moves, s.length, &failed_at, &reached) != SLIDE_OK) {
            cli_error("show: move %zu ('%c') takes the blank off the board", failed_at + 1,
                      s.moves[failed_at]);
            status = EXIT_FAILED_BOARD;
        }
    }
    if (status == 0 && !isatty(STDOUT_FILENO)) {
        cli_error("show: stdout is not a terminal (to see a solution without one, use slide "
                  "solve -o path or -o svg)");
        status = EXIT_USAGE;
    }
    if (status == 0 && game_init(&s.game, &start, &goal) != SLIDE_OK) {
        cli_error("out of memory");
        status = EXIT_FAILED_BOARD;
    }
    if (status == 0) {
        /* keys come from the terminal even when MOVES came through stdin */
        int keys = isatty(STDIN_FILENO) ? STDIN_FILENO : open("/dev/tty", O_RDONLY | O_CLOEXEC);
        term_detect(&s.term);
        if (term_open(&s.term, keys, STDOUT_FILENO, 0) != 0) {
            cli_error("show: cannot set up the terminal: %s", strerror(errno));
            status = EXIT_FAILED_BOARD;
        } else {
            run(&s);
            term_close(&s.term);
            print_result(&s);
            term_exit_by_signal(&s.term);
        }
        if (keys > STDIN_FILENO)
            close(keys);
    }
    term_frame_free(&s.frame);
    game_free(&s.game);
    free(s.moves);
    slide_board_free(&start);
    slide_board_free(&goal);
    cli_scan_free(&scan);
    return status;
}
