/*
 * game.h - the logic of `slide play` and `slide show`, apart from the
 * terminal: the board and its history, moves in both conventions, where a
 * tile is drawn and which tile a mouse click hits (layout.h), undo, the win,
 * the plan a hint is read from, the solver thread that computes plans
 * without holding up the screen, and the boards both commands read from
 * their arguments.  Uses libslide through include/slide.h only.
 */
#ifndef SLIDE_GAME_H
#define SLIDE_GAME_H

#include "cli/game/layout.h"
#include "slide.h"

/* ------------------------------------------------------------------ game */

/* Seconds on the monotonic clock, for timers and latencies. */
double game_now(void);

/*
 * A plan: a move string from the board `from`.  A hint is the next move of
 * the plan when the current board lies on it (see game_plan_position), so
 * a player who follows hints gets each next one without a new search.
 */
typedef struct game_plan {
    slide_board from; /* cells NULL when there is no plan */
    char *moves;
    size_t length;
    int optimal; /* the moves are a shortest solution from `from` */
} game_plan;

/*
 * One game: the current board, the goal, the board the game started from,
 * the moves made (blank letters u/d/l/r, the library's convention) and the
 * plan.  Everything is owned by the game (game_free).
 */
typedef struct game {
    slide_board board;
    slide_board goal;
    slide_board start;
    char *history;
    size_t moves; /* moves made and not undone: the move counter */
    size_t history_cap;
    game_plan plan;
    long plan_at; /* moves of the plan that lead from plan.from to board, -1 off the plan */
} game;

/*
 * Starts a game on copies of start and goal (same shape, both valid).
 * Returns SLIDE_OK, SLIDE_E_SHAPE or SLIDE_E_NOMEM; on failure *g is left
 * empty (game_free is still safe).
 */
int game_init(game *g, const slide_board *start, const slide_board *goal);
void game_free(game *g);
/* A new game from start (same shape as the goal) with no history; the plan is kept. */
int game_restart(game *g, const slide_board *start);

/*
 * Makes one move, a blank letter (u, d, l, r), and records it.  Returns
 * SLIDE_OK, SLIDE_E_BAD_MOVE (nothing changed) when the blank would leave the
 * board, or SLIDE_E_NOMEM.
 */
int game_move(game *g, char blank_letter);
/* Takes back the last move; returns the letter it had, or 0 when there is none. */
char game_undo(game *g);
/* Non-zero when the board equals the goal. */
int game_won(const game *g);
/* Non-zero when cell holds a tile (not the blank) that is on its goal cell. */
int game_tile_home(const game *g, int cell);

/*
 * The blank letter for an arrow (SLIDE_UP, SLIDE_DOWN, SLIDE_LEFT,
 * SLIDE_RIGHT).  In the tile convention (tile_convention non-zero, as in
 * phone games) the arrow says where a tile goes, so the blank goes the
 * other way; otherwise the arrow says where the blank goes.
 */
char game_arrow_move(int direction, int tile_convention);
/* The direction (SLIDE_UP ...) the tile travels when the blank makes this move, or -1. */
int game_tile_direction(char blank_letter);
/* The direction (SLIDE_UP ...) of a blank letter itself, or -1. */
int game_move_direction(char blank_letter);
/* The cell whose tile a blank letter moves (into the blank), or -1 when the move leaves the board.
 */
int game_moved_cell(const game *g, char blank_letter);

/*
 * The moves a click on cell makes: when the cell is in the blank's row or
 * column, its tile and every tile between slide one cell towards the blank,
 * which is the same blank letter repeated.  Writes them (no NUL) to out and
 * returns how many (0 for the blank itself or a cell in neither line, -1 when
 * cap is too small; rows or cols letters always suffice).
 */
int game_click_moves(const game *g, int cell, char *out, size_t cap);

/* ----------------------------------------------------------------- plans */

/*
 * Replaces the game's plan with a copy of moves[0..length) from `from`.
 * Returns SLIDE_OK or SLIDE_E_NOMEM (the old plan is then dropped).
 */
int game_set_plan(game *g, const slide_board *from, const char *moves, size_t length, int optimal);
/* The next move of the plan from the current board (a blank letter), or 0 when the board is off it.
 */
char game_hint(const game *g);
/* Moves the plan still holds from the current board, or -1 when the board is off it. */
long game_plan_left(const game *g);

/* ---------------------------------------------------------------- solver */

/*
 * A solver thread: boards are solved towards one goal with slide_solve
 * (algorithm auto: exhaustive tables up to 9 cells, IDA* with the pattern
 * databases that are cached or quick to build up to 16, the strategy solver
 * above), one at a time, while the caller goes on.  Tables built once serve
 * every later board (one slide_context).  When an answer or progress is
 * ready a byte is written to notify_fd (a non-blocking pipe; -1 for none),
 * so an event loop can poll it.
 */
typedef struct game_solver game_solver;

/* One finished request; owned by the caller after game_solver_take (game_answer_free). */
typedef struct game_answer {
    unsigned long id; /* from game_solver_request */
    int status;       /* slide_solve's */
    slide_board from; /* the board that was solved */
    char *moves;      /* NUL-terminated; NULL unless status is SLIDE_OK */
    uint64_t length;
    int optimal;
    double seconds; /* from the request to the answer, waiting included */
    char algo[16];
    char note[160];
} game_answer;

/* What the thread is doing, for a status line. */
typedef struct game_solver_state {
    int busy;        /* a request is queued or running */
    int building;    /* a pattern database is being built */
    double fraction; /* of that build, 0 .. 1 */
    char note[160];  /* the library's last note, "" when none */
} game_solver_state;

/* Starts the thread.  Returns SLIDE_OK, SLIDE_E_NOMEM, or SLIDE_E_INTERNAL when no thread starts.
 */
int game_solver_create(game_solver **out, const slide_board *goal, int notify_fd);
/*
 * Asks for a solution of board.  A request that has not started yet is
 * replaced (only the newest board matters); one that is running finishes.
 * *id names the answer.  Returns SLIDE_OK or SLIDE_E_NOMEM.
 */
int game_solver_request(game_solver *s, const slide_board *board, unsigned long *id);
/* Takes the oldest finished answer: 1 when one was taken, 0 when none is ready. */
int game_solver_take(game_solver *s, game_answer *out);
/* Like game_solver_take, but waits for an answer (callers that have asked for one). */
void game_solver_wait(game_solver *s, game_answer *out);
void game_solver_state_get(game_solver *s, game_solver_state *out);
/*
 * Stops the thread.  A search cannot be interrupted, so when one is running
 * the thread is left to finish it and free everything itself; the caller
 * must not use s again either way.
 */
void game_solver_free(game_solver *s);
void game_answer_free(game_answer *a);

/* ------------------------------------------------------------- arguments */

/*
 * boards.c, for play and show: the --goal text and a BOARD text (either may
 * be NULL) read with the --size shape (rows 0 when none): the goal gives the
 * shape to BOARD, BOARD to the standard goal when there is no --goal.  On
 * success *start (cells NULL without a text) and *goal belong to the caller;
 * problems are reported as "slide: COMMAND: ...".  Returns 0 or an exit
 * status (EXIT_USAGE, EXIT_FAILED_BOARD).
 */
int cli_read_start_goal(const char *command, const char *start_text, const char *goal_text,
                        int rows, int cols, slide_board *start, slide_board *goal);

#endif /* SLIDE_GAME_H */
