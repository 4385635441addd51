/*
 * test_play.c - `slide play` and `slide show` end to end in a pseudo-terminal
 * (posix_openpt): the built slide runs in a session of its own, as a job
 * that a small shell process started, and the test sends keys and mouse
 * reports, reads the screen through a small terminal model of its own, and
 * checks the terminal modes after every way out (q, Ctrl-C, Ctrl-Z, a crash
 * signal).  The model knows only the sequences slide should write; any other
 * one fails the test.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */

#include "testkit.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* ----------------------------------------------------------- the screen */

enum { MAX_LINES = 60, MAX_COLS = 200 };

typedef struct screen {
    int lines, cols;
    char grid[2][MAX_LINES][MAX_COLS + 1]; /* main and alternate screen */
    int alt;
    int line, col;
    int saved_line, saved_col;
    int cursor_hidden, mouse, sgr_mouse;
    int colour_seen, escape_seen, overflow;
    char unknown[64]; /* the first sequence the model does not know */
    unsigned char pending[64];
    size_t pending_len;
} screen;

static void screen_clear(screen *s, int which)
{
    for (int l = 0; l < MAX_LINES; l++) {
        memset(s->grid[which][l], ' ', MAX_COLS);
        s->grid[which][l][MAX_COLS] = '\0';
    }
}

static void screen_init(screen *s, int lines, int cols)
{
    memset(s, 0, sizeof *s);
    s->lines = lines;
    s->cols = cols;
    screen_clear(s, 0);
    screen_clear(s, 1);
}

static void note_unknown(screen *s, const unsigned char *seq, size_t n)
{
    if (s->unknown[0])
        return;
    size_t used = 0;
    for (size_t i = 0; i < n && used + 5 < sizeof s->unknown; i++)
        used += (size_t)snprintf(s->unknown + used, sizeof s->unknown - used,
                                 seq[i] >= 0x21 && seq[i] < 0x7f ? "%c" : "\\x%02x", seq[i]);
}

/* The numeric parameters of a control sequence; returns how many. */
static int params_of(const unsigned char *p, const unsigned char *end, int out[8])
{
    int count = 0;
    out[0] = -1;
    while (p < end && count < 8) {
        if (*p == ';') {
            count++;
            if (count < 8)
                out[count] = -1;
        } else if (*p >= '0' && *p <= '9') {
            out[count] = (out[count] < 0 ? 0 : out[count] * 10) + (*p - '0');
        }
        p++;
    }
    return count + 1;
}

static void clear_line_from(screen *s, int line, int col)
{
    if (line < MAX_LINES && col < MAX_COLS)
        memset(&s->grid[s->alt][line][col], ' ', (size_t)(MAX_COLS - col));
}

/* One control sequence ESC [ ... final; returns 0 if the model does not know it. */
static int control(screen *s, const unsigned char *seq, size_t n)
{
    unsigned char final = seq[n - 1];
    int priv = n > 2 && seq[2] == '?';
    int p[8];
    int count = params_of(seq + 2 + priv, seq + n - 1, p);
    if (priv && (final == 'h' || final == 'l')) {
        int on = final == 'h';
        for (int i = 0; i < count; i++) {
            if (p[i] == 1049) {
                /* as xterm: the cursor is saved on the way in and restored on the way out */
                if (on && !s->alt) {
                    s->saved_line = s->line;
                    s->saved_col = s->col;
                    screen_clear(s, 1);
                } else if (!on && s->alt) {
                    s->line = s->saved_line;
                    s->col = s->saved_col;
                }
                s->alt = on;
            } else if (p[i] == 25) {
                s->cursor_hidden = !on;
            } else if (p[i] == 1000) {
                s->mouse = on;
            } else if (p[i] == 1006) {
                s->sgr_mouse = on;
            } else {
                return 0;
            }
        }
        return 1;
    }
    if (priv)
        return 0;
    switch (final) {
    case 'H':
        s->line = (p[0] > 0 ? p[0] : 1) - 1;
        s->col = (count > 1 && p[1] > 0 ? p[1] : 1) - 1;
        return 1;
    case 'K':
        if (p[0] > 0)
            return 0;
        clear_line_from(s, s->line, s->col);
        return 1;
    case 'J':
        if (p[0] > 0)
            return 0;
        clear_line_from(s, s->line, s->col);
        for (int l = s->line + 1; l < MAX_LINES; l++)
            clear_line_from(s, l, 0);
        return 1;
    case 'm':
        for (int i = 0; i < count; i++)
            if (p[i] >= 30 && p[i] <= 47 && p[i] != 39)
                s->colour_seen = 1;
        return 1;
    default: return 0;
    }
}

static void screen_feed(screen *s, const unsigned char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = bytes[i];
        if (s->pending_len || c == 0x1b) {
            s->escape_seen = 1;
            if (s->pending_len < sizeof s->pending)
                s->pending[s->pending_len++] = c;
            size_t len = s->pending_len;
            if (len == 1)
                continue;
            if (s->pending[1] != '[') {
                note_unknown(s, s->pending, len);
                s->pending_len = 0;
                continue;
            }
            if (len >= 3 && c >= 0x40 && c <= 0x7e) {
                if (!control(s, s->pending, len))
                    note_unknown(s, s->pending, len);
                s->pending_len = 0;
            }
            continue;
        }
        if (c == '\r') {
            s->col = 0;
        } else if (c == '\n') {
            if (++s->line >= s->lines) {
                /* scroll the screen up a line */
                for (int l = 1; l < s->lines; l++)
                    memcpy(s->grid[s->alt][l - 1], s->grid[s->alt][l], MAX_COLS);
                clear_line_from(s, s->lines - 1, 0);
                s->line = s->lines - 1;
            }
        } else if (c >= 0x20 && c < 0x7f) {
            if (s->col >= s->cols || s->line >= s->lines)
                s->overflow = 1;
            else
                s->grid[s->alt][s->line][s->col] = (char)c;
            s->col++;
        } else {
            note_unknown(s, &c, 1);
        }
    }
}

/* The visible text of one line of the current screen, without trailing spaces. */
static const char *screen_line(const screen *s, int line, char *buf)
{
    int n = s->cols;
    memcpy(buf, s->grid[s->alt][line], (size_t)n);
    while (n > 0 && buf[n - 1] == ' ')
        n--;
    buf[n] = '\0';
    return buf;
}

static void screen_text(const screen *s, char *out, size_t size)
{
    size_t used = 0;
    char buf[MAX_COLS + 1];
    for (int l = 0; l < s->lines && used + 1 < size; l++)
        used += (size_t)snprintf(out + used, size - used, "%s\n", screen_line(s, l, buf));
}

static int screen_has(const screen *s, const char *text)
{
    char buf[MAX_COLS + 1];
    for (int l = 0; l < s->lines; l++)
        if (strstr(screen_line(s, l, buf), text))
            return 1;
    return 0;
}

/* Where text first appears: its line and column, or -1. */
static int screen_find(const screen *s, const char *text, int *col)
{
    char buf[MAX_COLS + 1];
    *col = -1;
    for (int l = 0; l < s->lines; l++) {
        const char *at = strstr(screen_line(s, l, buf), text);
        if (at) {
            *col = (int)(at - buf);
            return l;
        }
    }
    return -1;
}

/* ---------------------------------------------------------- the session */

/* What the shell process reports: the game's pid, a stop, the end. */
typedef struct report {
    char kind;          /* 'p' pid, 's' stopped, 'x' ended */
    int value;          /* the pid, or the wait status */
    int modes_restored; /* the terminal's modes equal those before slide started */
} report;

typedef struct session {
    int master;
    pid_t shell;
    pid_t slide;
    int reports;
    int control;
    screen scr;
} session;

typedef struct launch {
    const char *term;       /* TERM, NULL to unset */
    int no_colour;          /* set NO_COLOR=1 */
    const char *stdin_text; /* slide's stdin from a pipe holding this; NULL: the terminal */
    int lines, cols;
} launch;

static int same_modes(const struct termios *a, const struct termios *b)
{
    return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag && a->c_lflag == b->c_lflag &&
           a->c_cflag == b->c_cflag && memcmp(a->c_cc, b->c_cc, sizeof a->c_cc) == 0;
}

static void write_report(int fd, char kind, int value, int restored)
{
    report r = {kind, value, restored};
    if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
        _exit(3);
}

/*
 * The shell: a session leader with the terminal as its controlling
 * terminal, which runs slide as a foreground job in a process group of its
 * own (so that Ctrl-Z stops it, as under a real shell), reports its stops
 * and its end with the terminal's modes compared to the ones before, and
 * continues it (fg) when the test writes 'c'.
 */
static void run_shell(const char *slave_name, const launch *how, const char *const *args,
                      int report_fd, int control_fd)
{
    setsid();
    int slave = open(slave_name, O_RDWR);
    if (slave < 0)
        _exit(4);
    struct termios before;
    tcgetattr(slave, &before);
    signal(SIGTTOU, SIG_IGN);
    int in_pipe[2] = {-1, -1};
    if (how->stdin_text && pipe(in_pipe) != 0)
        _exit(5);
    pid_t game = fork();
    if (game == 0) {
        setpgid(0, 0);
        tcsetpgrp(slave, getpid());
        signal(SIGTTOU, SIG_DFL);
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        dup2(how->stdin_text ? in_pipe[0] : slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        if (how->stdin_text) {
            close(in_pipe[0]);
            close(in_pipe[1]); /* else the moves never end */
        }
        if (how->term)
            setenv("TERM", how->term, 1);
        else
            unsetenv("TERM");
        if (how->no_colour)
            setenv("NO_COLOR", "1", 1);
        else
            unsetenv("NO_COLOR");
        const char *argv[32];
        int argc = 0;
        argv[argc++] = SLIDE_BINARY;
        for (int i = 0; args[i] && argc < 31; i++)
            argv[argc++] = args[i];
        argv[argc] = NULL;
        execv(SLIDE_BINARY, (char *const *)argv);
        _exit(127);
    }
    setpgid(game, game);
    tcsetpgrp(slave, game);
    if (how->stdin_text) {
        close(in_pipe[0]);
        if (write(in_pipe[1], how->stdin_text, strlen(how->stdin_text)) < 0)
            _exit(6);
        close(in_pipe[1]);
    }
    write_report(report_fd, 'p', game, 0);
    for (;;) {
        int status;
        if (waitpid(game, &status, WUNTRACED) != game)
            _exit(7);
        struct termios now;
        tcgetattr(slave, &now);
        int restored = same_modes(&now, &before);
        if (WIFSTOPPED(status)) {
            tcsetpgrp(slave, getpgrp()); /* the shell takes the terminal back */
            write_report(report_fd, 's', status, restored);
            char command;
            if (read(control_fd, &command, 1) != 1)
                _exit(8);
            tcsetpgrp(slave, game); /* fg */
            kill(-game, SIGCONT);
            continue;
        }
        write_report(report_fd, 'x', status, restored);
        _exit(0);
    }
}

static session start(const launch *how, const char *const *args)
{
    session s;
    memset(&s, 0, sizeof s);
    s.master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(s.master >= 0);
    assert_int_equal(grantpt(s.master), 0);
    assert_int_equal(unlockpt(s.master), 0);
    const char *name = ptsname(s.master);
    assert_non_null(name);
    char slave_name[128];
    snprintf(slave_name, sizeof slave_name, "%s", name);
    int lines = how->lines ? how->lines : 24, cols = how->cols ? how->cols : 80;
    struct winsize size = {(unsigned short)lines, (unsigned short)cols, 0, 0};
    assert_int_equal(ioctl(s.master, TIOCSWINSZ, &size), 0);
    screen_init(&s.scr, lines, cols);
    int reports[2], control_pipe[2];
    assert_int_equal(pipe(reports), 0);
    assert_int_equal(pipe(control_pipe), 0);
    fflush(stdout);
    fflush(stderr);
    s.shell = fork();
    assert_true(s.shell >= 0);
    if (s.shell == 0) {
        close(s.master);
        close(reports[0]);
        close(control_pipe[1]);
        run_shell(slave_name, how, args, reports[1], control_pipe[0]);
    }
    close(reports[1]);
    close(control_pipe[0]);
    s.reports = reports[0];
    s.control = control_pipe[1];
    report r;
    assert_int_equal(read(s.reports, &r, sizeof r), (ssize_t)sizeof r);
    assert_int_equal(r.kind, 'p');
    s.slide = r.value;
    return s;
}

/* Reads what slide wrote for up to ms milliseconds (less when something came); 0 when nothing did.
 */
static int pump(session *s, int ms)
{
    struct pollfd p = {s->master, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0 || !(p.revents & POLLIN))
        return 0;
    unsigned char buf[8192];
    ssize_t n = read(s->master, buf, sizeof buf);
    if (n <= 0)
        return 0;
    screen_feed(&s->scr, buf, (size_t)n);
    return 1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail_with_screen(session *s, const char *what)
{
    char text[MAX_LINES * (MAX_COLS + 1) + 1];
    screen_text(&s->scr, text, sizeof text);
    fail_msg("%s; the screen:\n%s", what, text);
}

/* Waits until the screen shows `has` and does not show `lacks` (NULL: no condition). */
static void wait_screen(session *s, const char *has, const char *lacks, double seconds)
{
    double until = now_seconds() + seconds;
    for (;;) {
        /* a frame can come in several reads: judge the screen once the output pauses */
        while (pump(s, 20))
            ;
        if ((!has || screen_has(&s->scr, has)) && (!lacks || !screen_has(&s->scr, lacks)))
            break;
        if (now_seconds() > until) {
            char what[200];
            snprintf(what, sizeof what, "waited %.0f s for '%s'%s%s", seconds, has ? has : "",
                     lacks ? " without " : "", lacks ? lacks : "");
            fail_with_screen(s, what);
        }
        pump(s, 50);
    }
    assert_string_equal(s->scr.unknown, "");
    assert_false(s->scr.overflow);
}

static void send_keys(session *s, const char *keys)
{
    assert_int_equal(write(s->master, keys, strlen(keys)), (ssize_t)strlen(keys));
}

/* The shell's next report, reading the screen meanwhile (slide must never block on output). */
static report next_report(session *s, double seconds)
{
    double until = now_seconds() + seconds;
    for (;;) {
        struct pollfd p[2] = {{s->reports, POLLIN, 0}, {s->master, POLLIN, 0}};
        poll(p, 2, 50);
        if (p[1].revents & POLLIN)
            pump(s, 0);
        if (p[0].revents & (POLLIN | POLLHUP)) {
            report r;
            assert_int_equal(read(s->reports, &r, sizeof r), (ssize_t)sizeof r);
            while (pump(s, 20))
                ; /* what slide wrote last */
            return r;
        }
        if (now_seconds() > until)
            fail_with_screen(s, "slide neither stopped nor ended");
    }
}

/* Waits for the end; checks the modes came back and the screen was left as found. */
static int finish(session *s)
{
    report r = next_report(s, 20);
    assert_int_equal(r.kind, 'x');
    assert_true(r.modes_restored);
    assert_false(s->scr.alt);
    assert_false(s->scr.cursor_hidden);
    assert_false(s->scr.mouse);
    assert_false(s->scr.sgr_mouse);
    assert_string_equal(s->scr.unknown, "");
    int status;
    assert_int_equal(waitpid(s->shell, &status, 0), s->shell);
    close(s->master);
    close(s->reports);
    close(s->control);
    return r.value;
}

/* ------------------------------------------------------------- helpers */

static const launch COLOUR = {"xterm-256color", 0, NULL, 24, 80};

/* The numbers of the board on screen in reading order (lines first..last), into cells. */
static int board_numbers(const screen *s, int first, int last, int *cells, int cap)
{
    char buf[MAX_COLS + 1];
    int n = 0;
    for (int l = first; l <= last; l++) {
        const char *p = screen_line(s, l, buf);
        while (*p) {
            if (*p >= '0' && *p <= '9') {
                char *end;
                long v = strtol(p, &end, 10);
                if (n < cap)
                    cells[n] = (int)v;
                n++;
                p = end;
            } else {
                p++;
            }
        }
    }
    return n;
}

/* The lines of the board: between the title (line 0) and the status line. */
static int status_line_of(const screen *s)
{
    int col;
    return screen_find(s, "moves ", &col);
}

/* The board's tiles in reading order, blank left out. */
static void board_tiles(const slide_board *b, int *tiles)
{
    int n = 0;
    for (int i = 0; i < b->rows * b->cols; i++)
        if (b->cells[i])
            tiles[n++] = (int)b->cells[i];
}

static void assert_screen_board(session *s, const slide_board *b)
{
    int want[100], got[100];
    int n = b->rows * b->cols - 1;
    board_tiles(b, want);
    int status = status_line_of(&s->scr);
    assert_true(status > 0);
    int found = board_numbers(&s->scr, 1, status - 1, got, 100);
    if (found != n)
        fail_with_screen(s, "the board on screen has the wrong number of tiles");
    for (int i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_with_screen(s, "the board on screen is not the one expected");
}

static const char *arrow_key(const char *direction)
{
    if (strcmp(direction, "up") == 0)
        return "\x1b[A";
    if (strcmp(direction, "down") == 0)
        return "\x1b[B";
    if (strcmp(direction, "right") == 0)
        return "\x1b[C";
    return "\x1b[D";
}

/* The blank letter that moves tile `tile` of b the given way, asserting it is a neighbour. */
static char tile_move(const slide_board *b, int tile, const char *direction)
{
    char letter = strcmp(direction, "up") == 0     ? 'd'
                  : strcmp(direction, "down") == 0 ? 'u'
                  : strcmp(direction, "left") == 0 ? 'r'
                                                   : 'l';
    slide_board probe;
    assert_int_equal(slide_board_copy(&probe, b), SLIDE_OK);
    assert_int_equal(slide_board_move(&probe, letter), SLIDE_OK);
    assert_int_equal((int)probe.cells[b->blank], tile);
    slide_board_free(&probe);
    return letter;
}

/* Presses ? and reads the hint: the tile's number, and its direction into direction[16]. */
static int ask_hint(session *s, char *direction)
{
    send_keys(s, "?");
    wait_screen(s, "hint: slide ", NULL, 10);
    int col, tile;
    int line = screen_find(&s->scr, "hint: slide ", &col);
    char buf[MAX_COLS + 1];
    assert_int_equal(
        sscanf(screen_line(&s->scr, line, buf) + col, "hint: slide %d %15s", &tile, direction), 2);
    return tile;
}

static long optimum_on_screen(session *s)
{
    int col;
    int line = screen_find(&s->scr, "optimum ", &col);
    assert_true(line >= 0);
    char buf[MAX_COLS + 1];
    return strtol(screen_line(&s->scr, line, buf) + col + 8, NULL, 10);
}

static long steps_of(const char *board)
{
    testkit_run r = RUN(NULL, "solve", "-o", "steps", board);
    assert_int_equal(r.status, 0);
    long steps = strtol(r.out, NULL, 10);
    testkit_run_free(&r);
    return steps;
}

static void write_board_text(const slide_board *b, char *out, size_t size)
{
    size_t used = 0;
    for (int i = 0; i < b->rows * b->cols && used < size; i++)
        used +=
            (size_t)snprintf(out + used, size - used, "%s%u", i ? " " : "", (unsigned)b->cells[i]);
}

/* --------------------------------------------------------------- tests */

static void start_hint_move_undo_quit(void **state)
{
    (void)state;
    testkit_run g = RUN(NULL, "gen", "--size", "3x3", "--seed", "1");
    assert_int_equal(g.status, 0);
    slide_board board = testkit_board(g.out, 0, 0);
    testkit_run_free(&g);

    session s = start(&COLOUR, (const char *const[]){"play", "--size", "3x3", "--seed", "1", NULL});
    wait_screen(&s, "slide play  3x3", "optimum computing", 10);
    assert_true(s.scr.alt);
    assert_true(s.scr.cursor_hidden);
    assert_true(s.scr.mouse && s.scr.sgr_mouse);
    assert_true(s.scr.colour_seen);
    assert_true(screen_has(&s.scr, "moves 0   time 0:00   optimum "));
    assert_true(screen_has(&s.scr, "? hint   u undo   n new   S solve   q quit"));
    assert_screen_board(&s, &board);
    char text[64];
    write_board_text(&board, text, sizeof text);
    long optimum = optimum_on_screen(&s);
    assert_int_equal(optimum, steps_of(text));

    /* the hint names a tile next to the blank and a direction; following it is optimal */
    char direction[16];
    int tile = ask_hint(&s, direction);
    char letter = tile_move(&board, tile, direction);
    send_keys(&s, arrow_key(direction));
    wait_screen(&s, "moves 1 ", NULL, 10);
    slide_board moved;
    assert_int_equal(slide_board_copy(&moved, &board), SLIDE_OK);
    assert_int_equal(slide_board_move(&moved, letter), SLIDE_OK);
    assert_screen_board(&s, &moved);
    write_board_text(&moved, text, sizeof text);
    assert_int_equal(steps_of(text), optimum - 1);
    assert_false(screen_has(&s.scr, "hint:")); /* a move clears the hint */

    send_keys(&s, "u");
    wait_screen(&s, "moves 0 ", NULL, 10);
    assert_screen_board(&s, &board);
    send_keys(&s, "q");
    int status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    slide_board_free(&moved);
    slide_board_free(&board);
}

/* Sends a left-button press and release at the screen cell where `text` is, in either report form.
 */
static void click_on(session *s, const char *text, int sgr)
{
    int col;
    int line = screen_find(&s->scr, text, &col);
    assert_true(line >= 0);
    char keys[64];
    if (sgr)
        snprintf(keys, sizeof keys, "\x1b[<0;%d;%dM\x1b[<0;%d;%dm", col + 1, line + 1, col + 1,
                 line + 1);
    else
        snprintf(keys, sizeof keys, "\x1b[M%c%c%c\x1b[M%c%c%c", 32, 33 + col, 33 + line, 32 + 3,
                 33 + col, 33 + line);
    send_keys(s, keys);
}

static void mouse_clicks_and_the_win_screen(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "1 2 3 4 5 6 x 7 8", NULL});
    wait_screen(&s, "optimum 2", NULL, 10);
    /* a click on a cell in neither line of the blank does nothing; the legacy report form slides 7
     */
    click_on(&s, "5", 0);
    click_on(&s, "7", 0);
    wait_screen(&s, "moves 1 ", NULL, 10);
    click_on(&s, "8", 1);
    wait_screen(&s, "SOLVED in 2 moves", NULL, 10);
    assert_true(screen_has(&s.scr, "the optimum from the start board: 2 moves, exactly"));
    assert_true(screen_has(&s.scr, "n new game   u undo   q quit"));

    /* a click that slides two tiles at once, from a fresh board */
    send_keys(&s, "u");
    wait_screen(&s, "moves 1 ", "SOLVED", 10);
    send_keys(&s, "u");
    wait_screen(&s, "moves 0 ", NULL, 10);
    click_on(&s, "8", 1);
    wait_screen(&s, "SOLVED in 2 moves", NULL, 10);
    send_keys(&s, "q");
    int status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void solve_animates_to_the_optimum(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "--size", "3x3", "--seed", "5", NULL});
    wait_screen(&s, "slide play  3x3", "optimum computing", 10);
    long optimum = optimum_on_screen(&s);
    assert_true(optimum > 0);
    send_keys(&s, "S");
    char solved[64];
    snprintf(solved, sizeof solved, "SOLVED in %ld moves", optimum);
    wait_screen(&s, solved, NULL, 30);
    assert_true(screen_has(&s.scr, "exactly"));
    char by_slide[64];
    snprintf(by_slide, sizeof by_slide, "%ld by slide, 0 hints", optimum);
    assert_true(screen_has(&s.scr, by_slide));
    send_keys(&s, "q");
    finish(&s);
}

static void blank_convention_and_new_boards(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "1 2 3 4 5 6 7 x 8", NULL});
    wait_screen(&s, "t: blank moves", NULL, 10);
    send_keys(&s, "t");
    wait_screen(&s, "arrows/wasd/hjkl move the blank", NULL, 10);
    send_keys(&s, "h"); /* the blank left: tile 7 goes right */
    wait_screen(&s, "moves 1 ", NULL, 10);
    send_keys(&s, "?");
    wait_screen(&s, "hint: blank right (r), tile 7 goes left", NULL, 10);
    send_keys(&s, "l");
    wait_screen(&s, "moves 2 ", NULL, 10);
    send_keys(&s, "l");
    wait_screen(&s, "SOLVED in 3 moves", NULL, 10);
    assert_true(screen_has(
        &s.scr, "the optimum from the start board: 1 move (you: +2); 0 by slide, 1 hint"));
    send_keys(&s, "n");
    wait_screen(&s, "moves 0 ", "SOLVED", 10);
    send_keys(&s, "q");
    finish(&s);
}

static void ctrl_c_restores_the_terminal(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "--seed", "3", NULL});
    wait_screen(&s, "slide play  4x4", NULL, 10);
    send_keys(&s, "\x03");
    int status = finish(&s);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
}

/* Ctrl-C during a long search erases its progress line (a handler that only write(2)s). */
static void ctrl_c_erases_the_progress_line(void **state)
{
    (void)state;
    /* Korf's first 15-puzzle (57 moves): minutes of IDA* on the Manhattan distance */
    session s = start(&COLOUR, (const char *const[]){"solve", "--algo", "idastar", "--heuristic",
                                                     "manhattan", "--goal",
                                                     "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
                                                     "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3",
                                                     NULL});
    wait_screen(&s, "slide: searching: bound", NULL, 20);
    send_keys(&s, "\x03");
    int status = finish(&s);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
    if (screen_has(&s.scr, "searching"))
        fail_with_screen(&s, "the progress line outlived Ctrl-C");
}

static void ctrl_z_and_fg(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "--size", "3x3", "--seed", "2", NULL});
    wait_screen(&s, "slide play  3x3", "optimum computing", 10);
    send_keys(&s, "\x1a");
    report r = next_report(&s, 10);
    assert_int_equal(r.kind, 's');
    assert_true(WIFSTOPPED(r.value) && WSTOPSIG(r.value) == SIGTSTP);
    assert_true(r.modes_restored); /* the shell gets its terminal back as it was */
    assert_false(s.scr.alt);
    assert_false(s.scr.cursor_hidden);
    assert_false(s.scr.mouse);

    /* fg: the game comes back, redrawn, and takes single keys again */
    assert_int_equal(write(s.control, "c", 1), 1);
    wait_screen(&s, "slide play  3x3", NULL, 10);
    assert_true(s.scr.alt);
    assert_true(s.scr.mouse);
    char direction[16];
    ask_hint(&s, direction);
    send_keys(&s, arrow_key(direction));
    wait_screen(&s, "moves 1 ", NULL, 10);
    send_keys(&s, "q");
    int status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void crash_and_termination_signals_restore_the_terminal(void **state)
{
    (void)state;
    static const int signals[] = {SIGSEGV, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        session s = start(&COLOUR, (const char *const[]){"play", "--size", "3x3", NULL});
        wait_screen(&s, "slide play  3x3", NULL, 10);
        assert_int_equal(kill(s.slide, signals[i]), 0);
        int status = finish(&s);
        assert_true(WIFSIGNALED(status) && WTERMSIG(status) == signals[i]);
    }
}

static void redraws_on_resize(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"play", "--size", "3x3", "--seed", "1", NULL});
    /* once the optimum is in nothing redraws but the resizes (the model changes size with them) */
    wait_screen(&s, "slide play  3x3", "optimum computing", 10);
    int col;
    assert_int_equal(screen_find(&s.scr, "slide play  3x3", &col), 0);
    assert_int_equal(col, (80 - 15) / 2);
    struct winsize wide = {40, 120, 0, 0};
    s.scr.lines = 40;
    s.scr.cols = 120;
    assert_int_equal(ioctl(s.master, TIOCSWINSZ, &wide), 0);
    double until = now_seconds() + 10;
    while (screen_find(&s.scr, "slide play  3x3", &col) != 0 || col != (120 - 15) / 2) {
        if (now_seconds() > until)
            fail_with_screen(&s, "no redraw centred in 120 columns");
        pump(&s, 50);
    }
    while (pump(&s, 20))
        ; /* the rest of that frame, before the model narrows */
    struct winsize tiny = {6, 30, 0, 0};
    s.scr.lines = 6;
    s.scr.cols = 30;
    assert_int_equal(ioctl(s.master, TIOCSWINSZ, &tiny), 0);
    wait_screen(&s, "the window is too small", NULL, 10);
    /* a board out of sight is not played blind */
    send_keys(&s, "wasdhjkl");
    /* the ignored keys draw nothing: give play time to read them before the resize */
    double read_by = now_seconds() + 0.5;
    while (now_seconds() < read_by)
        pump(&s, 100);
    struct winsize back = {24, 80, 0, 0};
    s.scr.lines = 24;
    s.scr.cols = 80;
    assert_int_equal(ioctl(s.master, TIOCSWINSZ, &back), 0);
    wait_screen(&s, "slide play  3x3", "too small", 10);
    if (!screen_has(&s.scr, "moves 0 "))
        fail_with_screen(&s, "keys moved tiles in a window too small to show them");
    send_keys(&s, "q");
    finish(&s);
}

/*
 * A line wider than the window is shortened at a word's end and marked
 * "...", never cut inside a word: the keys in 40 columns, as a long note
 * of the library's (pattern databases not cached) in 80.
 */
static void narrow_windows_shorten_lines_at_words(void **state)
{
    (void)state;
    launch narrow = {"xterm-256color", 0, NULL, 24, 40};
    session s = start(&narrow, (const char *const[]){"play", "--size", "3x3", "--seed", "1", NULL});
    wait_screen(&s, "optimum 22", NULL, 10);
    assert_true(screen_has(&s.scr, "arrows/wasd/hjkl move a tile   click..."));
    assert_true(screen_has(&s.scr, "? hint   u undo   n new   S solve   q..."));
    send_keys(&s, "q");
    finish(&s);
}

static void respects_no_color_and_dumb_terminals(void **state)
{
    (void)state;
    launch mono = {"xterm", 1, NULL, 24, 80};
    session s = start(&mono, (const char *const[]){"play", "1 2 3 4 5 6 7 x 8", NULL});
    wait_screen(&s, "(n) home  [n] away", NULL, 10);
    assert_true(screen_has(&s.scr, "(1) (2) (3)"));
    assert_true(screen_has(&s.scr, "(7)     [8]"));
    assert_false(s.scr.colour_seen);
    send_keys(&s, "q");
    finish(&s);

    launch dumb = {"dumb", 0, NULL, 24, 80};
    s = start(&dumb, (const char *const[]){"play", "1 2 3 4 5 6 7 x 8", NULL});
    wait_screen(&s, "(7)     [8]", NULL, 10);
    send_keys(&s, "a"); /* wasd left: tile 8 goes left */
    wait_screen(&s, "SOLVED in 1 move", NULL, 10);
    send_keys(&s, "q");
    finish(&s);
    assert_false(s.scr.escape_seen); /* not one escape sequence */

    launch unset = {NULL, 0, NULL, 24, 80};
    s = start(&unset, (const char *const[]){"play", "--size", "2x2", NULL});
    wait_screen(&s, "slide play  2x2", NULL, 10);
    send_keys(&s, "q");
    finish(&s);
    assert_false(s.scr.escape_seen);
}

static void largest_board_fits_80x24(void **state)
{
    (void)state;
    session s =
        start(&COLOUR, (const char *const[]){"play", "--size", "10x10", "--seed", "3", NULL});
    wait_screen(&s, "optimum unknown", NULL, 10);
    int tiles[120];
    int status = status_line_of(&s.scr);
    int first =
        screen_has(&s.scr, "slide play") ? 1 : 0; /* no title when the board needs the room */
    assert_int_equal(board_numbers(&s.scr, first, status - 1, tiles, 120), 99);
    int seen[100] = {0};
    for (int i = 0; i < 99; i++) {
        assert_true(tiles[i] >= 1 && tiles[i] <= 99);
        assert_int_equal(seen[tiles[i]]++, 0);
    }
    assert_true(screen_has(&s.scr, "q quit"));
    /* a hint above 16 cells comes from the strategy solver, at once */
    send_keys(&s, "?");
    wait_screen(&s, "hint: slide ", NULL, 10);
    send_keys(&s, "q");
    finish(&s);
}

static void show_plays_a_solution(void **state)
{
    (void)state;
    session s = start(&COLOUR, (const char *const[]){"show", "--delay", "0.01", "2 3 4 1 5 x 7 6 8",
                                                     "ullddrurdllurdruldr", NULL});
    int status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_true(screen_has(&s.scr, "(1) (2) (3)"));
    assert_true(screen_has(&s.scr, "(7) (8)"));
    assert_true(screen_has(&s.scr, "19 moves: the goal is reached"));

    /* MOVES from stdin; keys still come from the terminal: q stops early */
    launch piped = {"xterm", 0, "ullddrurdllurdruldr\n", 24, 80};
    s = start(&piped,
              (const char *const[]){"show", "--delay", "5", "2 3 4 1 5 x 7 6 8", "-", NULL});
    wait_screen(&s, "0 of 19 moves, next: u", NULL, 10);
    send_keys(&s, "q");
    status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_true(screen_has(&s.scr, "stopped after 0 of 19 moves"));

    /* MOVES typed at the terminal: a prompt, and one Ctrl-D ends them */
    s = start(&COLOUR,
              (const char *const[]){"show", "--delay", "0.01", "2 3 4 1 5 x 7 6 8", "-", NULL});
    wait_screen(&s, "type the moves, then Enter and Ctrl-D", NULL, 10);
    send_keys(&s, "ullddrurdllurdruldr\n\004");
    status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_true(screen_has(&s.scr, "19 moves: the goal is reached"));

    /* + speeds up the move already waited for, not only the ones after it (a minute's delay) */
    s = start(&piped,
              (const char *const[]){"show", "--delay", "60", "2 3 4 1 5 x 7 6 8", "-", NULL});
    wait_screen(&s, "0 of 19 moves, next: u", NULL, 10);
    send_keys(&s, "++++++++++");
    wait_screen(&s, "1 of 19 moves, next: ", NULL, 10);
    send_keys(&s, "q");
    status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    /* paused after some moves, the screen and q count the same moves played */
    s = start(&piped,
              (const char *const[]){"show", "--delay", "0.1", "2 3 4 1 5 x 7 6 8", "-", NULL});
    wait_screen(&s, "2 of 19 moves, next: ", NULL, 10);
    send_keys(&s, " ");
    wait_screen(&s, "(paused)", NULL, 10);
    int col, line = screen_find(&s.scr, " of 19 moves, next: ", &col);
    assert_true(line >= 0);
    char buf[MAX_COLS + 1], stopped[64];
    unsigned played = 0;
    assert_int_equal(sscanf(screen_line(&s.scr, line, buf), " %u of 19", &played), 1);
    send_keys(&s, "q");
    status = finish(&s);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    snprintf(stopped, sizeof stopped, "stopped after %u of 19 moves", played);
    assert_true(screen_has(&s.scr, stopped));
}

/* The screen as the captures in tests/data/play keep it: no trailing spaces, no runs of empty
 * lines. */
static void capture(const screen *scr, char *out, size_t size)
{
    char buf[MAX_COLS + 1];
    size_t used = 0;
    int blank_before = 0;
    out[0] = '\0';
    for (int l = 0; l < scr->lines && used + MAX_COLS + 2 < size; l++) {
        const char *line = screen_line(scr, l, buf);
        if (!*line) {
            blank_before = used > 0;
            continue;
        }
        used += (size_t)snprintf(out + used, size - used, "%s%s\n", blank_before ? "\n" : "", line);
        blank_before = 0;
    }
}

/* Clock readings (M:SS) as ?:??, for screens whose timer moved. */
static void mask_times(char *text)
{
    for (char *p = text; p[0] && p[1] && p[2] && p[3]; p++)
        if (p[0] >= '0' && p[0] <= '9' && p[1] == ':' && p[2] >= '0' && p[2] <= '9' &&
            p[3] >= '0' && p[3] <= '9')
            p[0] = p[2] = p[3] = '?';
}

/* The screen matches tests/data/play/NAME.txt (times masked when asked), and the README shows it.
 */
static void assert_capture(session *s, const char *name, int masked)
{
    char path[512], got[8192];
    snprintf(path, sizeof path, "%s/play/%s.txt", SLIDE_TEST_DATA, name);
    char *want = testkit_read_file(path);
    char *readme = testkit_read_file(SLIDE_TEST_DATA "/../../README.md");
    if (!strstr(readme, want))
        fail_msg("README.md does not show %s as it is", path);
    capture(&s->scr, got, sizeof got);
    if (masked) {
        mask_times(got);
        mask_times(want);
    }
    if (strcmp(got, want) != 0)
        fail_msg("the screen differs from %s:\n%s", path, got);
    free(want);
    free(readme);
}

static void readme_captures_are_current(void **state)
{
    (void)state;
    launch mono = {"xterm", 1, NULL, 24, 80};
    session s = start(&mono, (const char *const[]){"play", "--size", "3x3", "--seed", "1", NULL});
    wait_screen(&s, "slide play  3x3", "optimum computing", 10);
    assert_capture(&s, "start", 0);
    char direction[16];
    ask_hint(&s, direction);
    assert_capture(&s, "hint", 0);
    /* follow the hints to the end */
    for (int moves = 1; !screen_has(&s.scr, "SOLVED"); moves++) {
        char counter[32];
        send_keys(&s, arrow_key(direction));
        snprintf(counter, sizeof counter, "moves %d ", moves);
        wait_screen(&s, counter, NULL, 10);
        if (!screen_has(&s.scr, "SOLVED"))
            ask_hint(&s, direction);
    }
    assert_capture(&s, "win", 1);
    send_keys(&s, "q");
    finish(&s);
}

/* A run that must fail with status and a message holding fragment. */
static void refused(testkit_run r, int status, const char *fragment)
{
    if (r.status != status || !strstr(r.err, fragment))
        fail_msg("exit %d (want %d), stderr '%s' (want '%s')", r.status, status, r.err, fragment);
    testkit_run_free(&r);
}

static void refusals_name_what_is_wrong(void **state)
{
    (void)state;
    refused(RUN(NULL, "play"), 2, "slide: play: stdin is not a terminal");
    refused(RUN(NULL, "play", "--size", "11x11"), 2,
            "an 11x11 board is too large to play here (sides 2 to 10)");
    refused(RUN(NULL, "play", "--size", "8x12"), 2, "play: an 8x12 board is too large");
    refused(RUN(NULL, "play", "--size", "12x8"), 2, "play: a 12x8 board is too large");
    refused(RUN(NULL, "play", "1 2 3 4 5 6 8 7 x"), 1, "slide: play: BOARD cannot reach the goal");
    refused(RUN(NULL, "play", "1 2 3 4 5 6 7 9 x"), 1,
            "slide: play: BOARD, cell 8: tile 9 is out of range 1-8");
    refused(RUN(NULL, "show", "2 3 4 1 5 x 7 6 8", "ullddrurdllurdruldr"), 2,
            "slide: show: stdout is not a terminal");
    refused(RUN(NULL, "show", "2 3 4 1 5 x 7 6 8", "ur"), 1,
            "slide: show: move 2 ('r') takes the blank off the board");
    refused(RUN(NULL, "show", "2 3 4 1 5 x 7 6 8", "no-such-file"), 2,
            "is neither moves (u, d, l, r) nor a readable file");
    refused(RUN("ull\nddx\n", "show", "2 3 4 1 5 x 7 6 8", "-"), 1,
            "slide: show: MOVES (stdin), byte 7: 'x' is not a move");
    refused(RUN(NULL, "show", "2 3 4 1 5 x 7 6 8"), 2, "needs BOARD and MOVES");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(start_hint_move_undo_quit),
    cmocka_unit_test(mouse_clicks_and_the_win_screen),
    cmocka_unit_test(solve_animates_to_the_optimum),
    cmocka_unit_test(blank_convention_and_new_boards),
    cmocka_unit_test(ctrl_c_restores_the_terminal),
    cmocka_unit_test(ctrl_c_erases_the_progress_line),
    cmocka_unit_test(ctrl_z_and_fg),
    cmocka_unit_test(crash_and_termination_signals_restore_the_terminal),
    cmocka_unit_test(redraws_on_resize),
    cmocka_unit_test(narrow_windows_shorten_lines_at_words),
    cmocka_unit_test(respects_no_color_and_dumb_terminals),
    cmocka_unit_test(largest_board_fits_80x24),
    cmocka_unit_test(show_plays_a_solution),
    cmocka_unit_test(readme_captures_are_current),
    cmocka_unit_test(refusals_name_what_is_wrong),
};

TESTKIT_MAIN(tests)
