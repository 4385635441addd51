/*
 * term.h - the full-screen terminal of `slide play` and `slide show`, with
 * termios and ANSI escapes only: raw mode and its restoration on every way
 * out (normal exit, Ctrl-C, Ctrl-Z and fg, a crash signal), keys and mouse
 * clicks decoded from the input bytes, and frames drawn whole, the board in
 * them from a game_layout.  It knows boards and their layout, not the game.
 */
#ifndef SLIDE_TERM_H
#define SLIDE_TERM_H

#include "cli/game/layout.h"
#include "slide.h"

#include <stddef.h>

/* ------------------------------------------------------------------ keys */

enum {
    TERM_KEY_NONE, /* a sequence that means nothing here (function keys, releases) */
    TERM_KEY_CHAR, /* ch: a byte */
    TERM_KEY_UP,
    TERM_KEY_DOWN,
    TERM_KEY_LEFT,
    TERM_KEY_RIGHT,
    TERM_KEY_ESCAPE, /* a lone Escape */
    TERM_KEY_CLICK   /* x, y: 0-based screen column and line of a left-button press */
};

typedef struct term_key {
    int kind;
    int ch;
    int x, y;
} term_key;

/*
 * Decodes the first key of buf[0..len): a byte, an arrow (ESC [ A, ESC O A,
 * with or without modifiers), a mouse report (SGR ESC [ < b ; x ; y M, or
 * the legacy ESC [ M b x y), any other escape sequence (as TERM_KEY_NONE),
 * or a lone Escape.  Returns the bytes used, or 0 when buf ends inside a
 * sequence and more_may_come is non-zero (then call again with more bytes,
 * or with more_may_come 0 once no more arrive, which makes it an Escape).
 */
size_t term_decode_key(const unsigned char *buf, size_t len, int more_may_come, term_key *key);

/* ---------------------------------------------------------------- frames */

/*
 * A frame: the whole screen's text, lines of text with SGR escapes inside,
 * written in one go.  Without ansi it is plain text (lines end in CR LF,
 * nothing else); without colour it has no SGR escapes.  Allocation failures
 * are remembered in `failed`.
 */
typedef struct term_frame {
    char *data;
    size_t len, cap;
    int ansi;
    int colour;
    int lines;
    int failed;
} term_frame;

void term_frame_reset(term_frame *f, int ansi, int colour);
void term_frame_free(term_frame *f);
void term_frame_text(term_frame *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Starts SGR attributes ("1;30;42"), or resets them with NULL; nothing without colour. */
void term_frame_style(term_frame *f, const char *sgr);
void term_frame_spaces(term_frame *f, int count);
void term_frame_end_line(term_frame *f);
/*
 * One line holding text (without escapes) centred in width columns.  Text
 * wider than that is shortened at a word's end and marked "...", never cut
 * inside a word (but one word wider than the window).
 */
void term_frame_centred(term_frame *f, int width, const char *text);

/* How a tile is drawn, in colour (SGR) or, without colour, by its brackets. */
enum { TERM_TILE_AWAY, TERM_TILE_HOME, TERM_TILE_MARKED };

/*
 * Appends the board's layout->height lines, each from column 0: tiles on
 * their goal cell drawn one way, the others another, and the cell `marked`
 * (or -1) a third way (the hint's tile).
 */
void term_draw_board(term_frame *f, const game_layout *layout, const slide_board *board,
                     const slide_board *goal, int marked);

/* ------------------------------------------------------- the open terminal */

enum {
    TERM_INPUT = 1,   /* bytes arrived; read keys with term_next_key */
    TERM_WOKEN = 2,   /* something wrote to the wake pipe (another thread) */
    TERM_RESIZED = 4, /* the window changed size or the program came back from a stop */
    TERM_QUIT = 8     /* SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived: quit_signal says which */
};

typedef struct term {
    int in_fd; /* keys; -1 when there is no keyboard */
    int out_fd;
    int ansi;   /* cursor control (not TERM=dumb): a fixed screen, else frames one after another */
    int colour; /* SGR colours: ansi, and NO_COLOR not set */
    int mouse;
    int lines, cols;
    int quit_signal;
    int wake[2]; /* the self-pipe: signal handlers and other threads write to wake[1] */
    unsigned char pending[64];
    size_t pending_len;
    int pending_stale; /* a wait passed with no input after an incomplete sequence */
    term_frame shown;  /* the last frame drawn, so that an unchanged one is not drawn again */
    int redraw;        /* draw the next frame even when unchanged (the screen was lost) */
} term;

/*
 * Decides from the environment what the terminal can do: cursor control
 * unless TERM is unset, empty or "dumb"; colour unless NO_COLOR is set and
 * not empty, too.  Fills ansi and colour of a term not yet open.
 */
void term_detect(term *t);

/*
 * Takes over the terminal: saves in_fd's modes and sets raw input (no echo,
 * no line editing; Ctrl-C and Ctrl-Z still signal), switches to the
 * alternate screen, hides the cursor and (with_mouse) asks for mouse
 * reports, and installs the signal handlers that put all of it back.  Call
 * term_detect first.  Returns 0, or -1 with errno set (nothing changed).
 * One terminal is open at a time.
 */
int term_open(term *t, int in_fd, int out_fd, int with_mouse);
/* Puts the terminal back as term_open found it and removes the handlers. */
void term_close(term *t);
/* After term_close, dies of the signal that asked to quit (t->quit_signal), as the caller would
 * have. */
void term_exit_by_signal(const term *t);

/* Re-reads the window size into lines and cols (80x24 when it cannot be read). */
void term_update_size(term *t);
/*
 * Waits for input, a signal or a wake-up, at most timeout_ms (-1: no limit).
 * Returns TERM_* flags, 0 on a timeout.
 */
int term_wait(term *t, int timeout_ms);
/* The next key read so far: 1 with *key set, 0 when none is complete. */
int term_next_key(term *t, term_key *key);
/*
 * Draws the frame: from the top of the screen with ansi, else after the last
 * one; a frame equal to the last one drawn is skipped unless the screen was
 * lost since (resized, or back from a stop).
 */
int term_present(term *t, const term_frame *f);

#endif /* SLIDE_TERM_H */
