/*
 * term.c - the full-screen terminal of `slide play` and `slide show` (see
 * term.h): termios, ANSI escapes and signal handlers, nothing else.
 */
#include "cli/base/base.h"
#include "cli/game/term.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* ------------------------------------------------------------------ keys */

static int arrow_of(unsigned char final)
{
    switch (final) {
    case 'A': return TERM_KEY_UP;
    case 'B': return TERM_KEY_DOWN;
    case 'C': return TERM_KEY_RIGHT;
    case 'D': return TERM_KEY_LEFT;
    default: return TERM_KEY_NONE;
    }
}

/* A mouse button code (either report form) as a left-button press at (x, y), or nothing. */
static void mouse_press(term_key *key, long button, long x, long y, int pressed)
{
    /* low bits: the button (0 left, 3 release in the legacy form); 32 motion, 64 wheel */
    if (pressed && (button & 3) == 0 && !(button & (32 | 64)) && x >= 0 && y >= 0) {
        key->kind = TERM_KEY_CLICK;
        key->x = (int)x;
        key->y = (int)y;
    }
}

/* Reads "b;x;y" of an SGR mouse report from p..end; 0 when the numbers are not all there. */
static int parse_sgr_mouse(const unsigned char *p, const unsigned char *end, long value[3])
{
    for (int i = 0; i < 3; i++) {
        if (p == end || *p < '0' || *p > '9')
            return 0;
        value[i] = 0;
        while (p < end && *p >= '0' && *p <= '9') {
            if (value[i] < 100000)
                value[i] = value[i] * 10 + (*p - '0');
            p++;
        }
        if (i < 2) {
            if (p == end || *p != ';')
                return 0;
            p++;
        }
    }
    return p == end;
}

size_t term_decode_key(const unsigned char *buf, size_t len, int more_may_come, term_key *key)
{
    memset(key, 0, sizeof *key);
    if (len == 0)
        return 0;
    if (buf[0] != 0x1b) {
        key->kind = TERM_KEY_CHAR;
        key->ch = buf[0];
        return 1;
    }
    size_t need = 0; /* the bytes the sequence takes, once known */
    if (len >= 2 && buf[1] == 'O') {
        need = 3;
        if (len >= 3)
            key->kind = arrow_of(buf[2]);
    } else if (len >= 2 && buf[1] == '[') {
        if (len >= 3 && buf[2] == 'M') {
            /* legacy mouse: button, column and line as bytes offset by 32, 1-based */
            need = 6;
            if (len >= 6)
                mouse_press(key, buf[3] - 32, (long)buf[4] - 33, (long)buf[5] - 33, 1);
        } else {
            /* a control sequence: parameter and intermediate bytes, then a final byte */
            size_t i = 2;
            while (i < len && buf[i] >= 0x20 && buf[i] <= 0x3f)
                i++;
            if (i < len) {
                need = i + 1;
                unsigned char final = buf[i];
                long value[3];
                if (buf[2] == '<' && (final == 'M' || final == 'm')) {
                    if (parse_sgr_mouse(buf + 3, buf + i, value))
                        mouse_press(key, value[0], value[1] - 1, value[2] - 1, final == 'M');
                } else {
                    key->kind = arrow_of(final); /* ESC [ A, ESC [ 1 ; 5 A ... */
                }
            }
        }
    } else if (len >= 2) {
        /* Escape followed by anything else (Alt+key): the Escape alone */
        key->kind = TERM_KEY_ESCAPE;
        return 1;
    }
    if (need && len >= need)
        return need;
    if (more_may_come)
        return 0;
    memset(key, 0, sizeof *key);
    key->kind = TERM_KEY_ESCAPE;
    return 1;
}

/* ---------------------------------------------------------------- frames */

static void frame_append(term_frame *f, const char *bytes, size_t n)
{
    if (f->failed || n == 0)
        return;
    if (!f->data || f->len + n + 1 > f->cap) {
        size_t cap = f->cap ? f->cap : 4096;
        while (cap < f->len + n + 1)
            cap *= 2;
        char *bigger = realloc(f->data, cap);
        if (!bigger) {
            f->failed = 1;
            return;
        }
        f->data = bigger;
        f->cap = cap;
    }
    memcpy(f->data + f->len, bytes, n);
    f->len += n;
    f->data[f->len] = '\0';
}

void term_frame_reset(term_frame *f, int ansi, int colour)
{
    f->len = 0;
    f->lines = 0;
    f->ansi = ansi;
    f->colour = ansi && colour;
    f->failed = 0;
}

void term_frame_free(term_frame *f)
{
    free(f->data);
    memset(f, 0, sizeof *f);
}

void term_frame_text(term_frame *f, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        f->failed = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        frame_append(f, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        f->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    frame_append(f, big, (size_t)n);
    free(big);
}

void term_frame_style(term_frame *f, const char *sgr)
{
    if (f->colour)
        term_frame_text(f, "\x1b[%sm", sgr ? sgr : "0");
}

void term_frame_spaces(term_frame *f, int count)
{
    static const char blanks[] = "                                ";
    while (count > 0) {
        int n = count < (int)sizeof blanks - 1 ? count : (int)sizeof blanks - 1;
        frame_append(f, blanks, (size_t)n);
        count -= n;
    }
}

/* With cursor control lines end by clearing what an earlier, wider frame left on them. */
void term_frame_end_line(term_frame *f)
{
    if (f->ansi)
        frame_append(f, "\x1b[K", 3);
    frame_append(f, "\r\n", 2);
    f->lines++;
}

void term_frame_centred(term_frame *f, int width, const char *text)
{
    static const char more[] = "...";
    int n = (int)strlen(text), shortened = 0;
    if (n > width && width > (int)sizeof more) {
        /* the words that fit before "...", without the spaces and ';' or ',' that end them */
        int room = width - (int)(sizeof more - 1);
        for (n = room; n > 0 && text[n] != ' '; n--)
            ;
        while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == ';' || text[n - 1] == ','))
            n--;
        if (n == 0)
            n = room; /* one word wider than the window */
        shortened = 1;
    } else if (n > width) {
        n = width > 0 ? width : 0;
    }
    int shown = n + (shortened ? (int)(sizeof more - 1) : 0);
    term_frame_spaces(f, (width - shown) / 2);
    frame_append(f, text, (size_t)n);
    if (shortened)
        frame_append(f, more, sizeof more - 1);
    term_frame_end_line(f);
}

void term_draw_board(term_frame *f, const game_layout *layout, const slide_board *board,
                     const slide_board *goal, int marked)
{
    /* colour: SGR attributes; without: the brackets round the number */
    static const char *const sgr[] = {"30;47", "30;42", "1;30;43"};
    static const char brackets[][3] = {"[]", "()", "><"};
    int pad = (layout->box_width - layout->number_width) / 2;
    for (int row = 0; row < layout->rows; row++) {
        for (int line = 0; line < layout->box_height; line++) {
            term_frame_spaces(f, layout->left);
            for (int col = 0; col < layout->cols; col++) {
                int cell = row * layout->cols + col;
                uint32_t tile = board->cells[cell];
                if (col > 0)
                    term_frame_spaces(f, layout->gap_x);
                if (tile == 0) {
                    term_frame_spaces(f, layout->box_width);
                    continue;
                }
                int kind = cell == marked              ? TERM_TILE_MARKED
                           : tile == goal->cells[cell] ? TERM_TILE_HOME
                                                       : TERM_TILE_AWAY;
                if (f->colour) {
                    term_frame_style(f, sgr[kind]);
                    if (line == layout->box_height / 2) {
                        term_frame_spaces(f, pad);
                        term_frame_text(f, "%*u", layout->number_width, (unsigned)tile);
                        term_frame_spaces(f, pad);
                    } else {
                        term_frame_spaces(f, layout->box_width);
                    }
                    term_frame_style(f, NULL);
                } else if (line == layout->box_height / 2) {
                    term_frame_text(f, "%c", brackets[kind][0]);
                    term_frame_spaces(f, pad - 1);
                    term_frame_text(f, "%*u", layout->number_width, (unsigned)tile);
                    term_frame_spaces(f, pad - 1);
                    term_frame_text(f, "%c", brackets[kind][1]);
                } else {
                    term_frame_spaces(f, layout->box_width);
                }
            }
            term_frame_end_line(f);
        }
        for (int gap = 0; row + 1 < layout->rows && gap < layout->gap_y; gap++)
            term_frame_end_line(f);
    }
}

/* ------------------------------------------------------- the open terminal */

/*
 * What the signal handlers need, in the only place a handler can find it:
 * static storage.  One terminal is open at a time (term_open refuses a
 * second), so this is the open terminal's copy of its fds and modes.
 */
static volatile sig_atomic_t session_active;  /* between term_open and term_close */
static volatile sig_atomic_t session_entered; /* raw mode and the alternate screen are on */
static volatile sig_atomic_t session_quit;    /* the signal that asked to quit, 0 none */
static volatile sig_atomic_t session_resized;
static int session_tty = -1; /* the fd whose modes are saved, -1 when none */
static int session_out = -1;
static int session_wake = -1;
static struct termios session_saved, session_raw;
static char session_enter[64], session_leave[64];
static size_t session_enter_len, session_leave_len;

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
#define QUIT_COUNT (sizeof quit_signals / sizeof quit_signals[0])
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction saved_quit[QUIT_COUNT], saved_crash[CRASH_COUNT], saved_tstp, saved_cont,
    saved_winch;

/* write(2) in full, for handlers too (async-signal-safe, errno kept). */
static void write_all(int fd, const char *bytes, size_t n)
{
    int saved_errno = errno;
    while (fd >= 0 && n > 0) {
        ssize_t done = write(fd, bytes, n);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            break;
        bytes += done;
        n -= (size_t)done;
    }
    errno = saved_errno;
}

static void wake_loop(void)
{
    write_all(session_wake, "w", 1);
}

/* Puts the terminal as it was (from a handler too). */
static void leave_screen(void)
{
    if (!session_entered)
        return;
    write_all(session_out, session_leave, session_leave_len);
    if (session_tty >= 0)
        tcsetattr(session_tty, TCSADRAIN, &session_saved);
    session_entered = 0;
}

/* Raw input, alternate screen, hidden cursor, mouse reports (from a handler too). */
static void enter_screen(void)
{
    if (session_tty >= 0)
        tcsetattr(session_tty, TCSADRAIN, &session_raw);
    if (!session_entered)
        write_all(session_out, session_enter, session_enter_len);
    session_entered = 1;
}

static void on_quit(int sig)
{
    session_quit = sig;
    wake_loop();
}

static void on_resize(int sig)
{
    (void)sig;
    session_resized = 1;
    wake_loop();
}

/* Ctrl-Z: the terminal as it was, then stop for real; on_continue takes it back on fg. */
static void on_stop(int sig)
{
    int saved_errno = errno;
    struct sigaction dfl, mine;
    sigset_t unblock;
    leave_screen();
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, &mine);
    sigemptyset(&unblock);
    sigaddset(&unblock, sig);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(sig); /* stops here until SIGCONT (an orphaned process group is not stopped) */
    sigprocmask(SIG_BLOCK, &unblock, NULL);
    sigaction(sig, &mine, NULL);
    if (session_active)
        enter_screen();
    session_resized = 1;
    wake_loop();
    errno = saved_errno;
}

/* fg after a stop (of any kind): the shell may have changed the modes back. */
static void on_continue(int sig)
{
    (void)sig;
    if (session_active) {
        if (session_tty >= 0)
            tcsetattr(session_tty, TCSADRAIN, &session_raw);
        enter_screen();
    }
    session_resized = 1;
    wake_loop();
}

/* A crash: the terminal back first, then the signal's own action (a core dump). */
static void on_crash(int sig)
{
    leave_screen();
    raise(sig); /* SA_RESETHAND and SA_NODEFER: this one is not caught */
}

static void install(int sig, void (*handler)(int), int flags, struct sigaction *old)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, old);
}

void term_detect(term *t)
{
    t->ansi = cli_terminal_detect(&t->colour);
}

static int set_pipe_flags(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 ||
                   fcntl(fd, F_SETFD, FD_CLOEXEC) < 0
               ? -1
               : 0;
}

int term_open(term *t, int in_fd, int out_fd, int with_mouse)
{
    if (session_active) {
        errno = EBUSY;
        return -1;
    }
    t->in_fd = in_fd;
    t->out_fd = out_fd;
    t->mouse = with_mouse && t->ansi && in_fd >= 0;
    t->quit_signal = 0;
    t->pending_len = 0;
    t->pending_stale = 0;
    session_tty = -1;
    if (in_fd >= 0 && isatty(in_fd)) {
        if (tcgetattr(in_fd, &session_saved) != 0)
            return -1;
        session_tty = in_fd;
        session_raw = session_saved;
        /* no echo, no line editing, bytes as typed; ISIG stays: Ctrl-C and Ctrl-Z signal */
        session_raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO | IEXTEN);
        session_raw.c_iflag &= (tcflag_t) ~(IXON | ICRNL | INLCR | ISTRIP);
        session_raw.c_cc[VMIN] = 1;
        session_raw.c_cc[VTIME] = 0;
    }
    if (pipe(t->wake) != 0)
        return -1;
    if (set_pipe_flags(t->wake[0]) || set_pipe_flags(t->wake[1])) {
        close(t->wake[0]);
        close(t->wake[1]);
        return -1;
    }
    session_enter_len = session_leave_len = 0;
    if (t->ansi) {
        session_enter_len =
            (size_t)snprintf(session_enter, sizeof session_enter, "%s%s", "\x1b[?1049h\x1b[?25l",
                             t->mouse ? "\x1b[?1000h\x1b[?1006h" : "");
        session_leave_len = (size_t)snprintf(session_leave, sizeof session_leave, "%s%s",
                                             t->mouse ? "\x1b[?1006l\x1b[?1000l" : "",
                                             "\x1b[0m\x1b[?25h\x1b[?1049l");
    }
    session_out = out_fd;
    session_wake = t->wake[1];
    session_quit = 0;
    session_resized = 0;
    session_entered = 0;
    for (size_t i = 0; i < QUIT_COUNT; i++)
        install(quit_signals[i], on_quit, 0, &saved_quit[i]);
    for (size_t i = 0; i < CRASH_COUNT; i++)
        install(crash_signals[i], on_crash, SA_RESETHAND | SA_NODEFER, &saved_crash[i]);
    install(SIGTSTP, on_stop, 0, &saved_tstp);
    install(SIGCONT, on_continue, 0, &saved_cont);
    install(SIGWINCH, on_resize, 0, &saved_winch);
    session_active = 1;
    enter_screen();
    term_update_size(t);
    memset(&t->shown, 0, sizeof t->shown);
    t->redraw = 1;
    return 0;
}

void term_close(term *t)
{
    session_active = 0;
    leave_screen();
    for (size_t i = 0; i < QUIT_COUNT; i++)
        sigaction(quit_signals[i], &saved_quit[i], NULL);
    for (size_t i = 0; i < CRASH_COUNT; i++)
        sigaction(crash_signals[i], &saved_crash[i], NULL);
    sigaction(SIGTSTP, &saved_tstp, NULL);
    sigaction(SIGCONT, &saved_cont, NULL);
    sigaction(SIGWINCH, &saved_winch, NULL);
    session_wake = -1;
    session_out = -1;
    session_tty = -1;
    term_frame_free(&t->shown);
    close(t->wake[0]);
    close(t->wake[1]);
    t->wake[0] = t->wake[1] = -1;
}

void term_exit_by_signal(const term *t)
{
    if (t->quit_signal <= 0)
        return;
    struct sigaction dfl;
    sigset_t unblock;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(t->quit_signal, &dfl, NULL);
    sigemptyset(&unblock);
    sigaddset(&unblock, t->quit_signal);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(t->quit_signal);
}

void term_update_size(term *t)
{
    struct winsize size;
    t->lines = 24;
    t->cols = 80;
    if (ioctl(t->out_fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
        t->lines = size.ws_row;
        t->cols = size.ws_col;
    }
}

int term_wait(term *t, int timeout_ms)
{
    term_key probe;
    int incomplete = t->pending_len && !t->pending_stale &&
                     term_decode_key(t->pending, t->pending_len, 1, &probe) == 0;
    if (incomplete && (timeout_ms < 0 || timeout_ms > 30))
        timeout_ms = 30; /* the rest of an escape sequence comes at once, or never */
    struct pollfd fds[2];
    nfds_t count = 0;
    int wake_index = -1, in_index = -1;
    fds[count].fd = t->wake[0];
    fds[count].events = POLLIN;
    wake_index = (int)count++;
    if (t->in_fd >= 0) {
        fds[count].fd = t->in_fd;
        fds[count].events = POLLIN;
        in_index = (int)count++;
    }
    int flags = 0;
    int ready = poll(fds, count, timeout_ms);
    if (ready > 0 && (fds[wake_index].revents & POLLIN)) {
        char drain[64];
        while (read(t->wake[0], drain, sizeof drain) > 0)
            ;
        flags |= TERM_WOKEN;
    }
    if (ready > 0 && in_index >= 0 && fds[in_index].revents) {
        size_t room = sizeof t->pending - t->pending_len;
        ssize_t got = room ? read(t->in_fd, t->pending + t->pending_len, room) : 0;
        if (got > 0) {
            t->pending_len += (size_t)got;
            t->pending_stale = 0;
            flags |= TERM_INPUT;
        } else if (room && (got == 0 || (errno != EINTR && errno != EAGAIN))) {
            t->quit_signal = 0; /* the terminal went away: quit, no signal to die of */
            flags |= TERM_QUIT;
        }
    } else if (incomplete && ready == 0) {
        t->pending_stale = 1;
        flags |= TERM_INPUT;
    }
    if (session_quit) {
        t->quit_signal = session_quit;
        flags |= TERM_QUIT;
    }
    if (session_resized) {
        session_resized = 0;
        term_update_size(t);
        t->redraw = 1;
        flags |= TERM_RESIZED;
    }
    return flags;
}

int term_next_key(term *t, term_key *key)
{
    if (!t->pending_len)
        return 0;
    size_t used = term_decode_key(t->pending, t->pending_len, !t->pending_stale, key);
    if (used == 0) {
        if (t->pending_len == sizeof t->pending)
            t->pending_len = 0; /* a sequence longer than any we know: drop it */
        return 0;
    }
    memmove(t->pending, t->pending + used, t->pending_len - used);
    t->pending_len -= used;
    t->pending_stale = 0;
    return 1;
}

int term_present(term *t, const term_frame *f)
{
    if (f->failed)
        return -1;
    if (!f->data)
        return 0; /* nothing was ever written into it */
    if (!t->redraw && t->shown.len == f->len && t->shown.data &&
        memcmp(t->shown.data, f->data, f->len) == 0)
        return 0;
    t->redraw = 0;
    term_frame_reset(&t->shown, f->ansi, f->colour);
    frame_append(&t->shown, f->data, f->len);
    size_t len = f->len;
    if (t->ansi) {
        /* the last line's break would scroll a full screen */
        if (len >= 2 && f->data[len - 2] == '\r' && f->data[len - 1] == '\n')
            len -= 2;
        write_all(t->out_fd, "\x1b[H", 3);
        write_all(t->out_fd, f->data, len);
        write_all(t->out_fd, "\x1b[J", 3);
    } else {
        /* no cursor control: each frame after the last, plain lines */
        write_all(t->out_fd, "\r\n", 2);
        write_all(t->out_fd, f->data, len);
    }
    return 0;
}
