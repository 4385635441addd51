/*
 * game.c - the logic of `slide play` apart from the terminal (see game.h).
 */
#include "cli/game/game.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ game */

double game_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static char inverse_move(char letter)
{
    switch (letter) {
    case 'u': return 'd';
    case 'd': return 'u';
    case 'l': return 'r';
    case 'r': return 'l';
    default: return 0;
    }
}

static void plan_clear(game_plan *p)
{
    slide_board_free(&p->from);
    free(p->moves);
    memset(p, 0, sizeof *p);
}

/*
 * How many moves of the plan lead from plan.from to the current board, by
 * replaying the plan; -1 when no prefix does.  Used when the cheap update in
 * track_plan cannot tell (the player left the plan and may have come back).
 */
static long locate_on_plan(const game *g)
{
    const game_plan *p = &g->plan;
    if (!p->from.cells || p->from.rows != g->board.rows || p->from.cols != g->board.cols)
        return -1;
    slide_board walk;
    if (slide_board_copy(&walk, &p->from) != SLIDE_OK)
        return -1;
    long found = -1;
    for (size_t i = 0;; i++) {
        if (slide_board_equal(&walk, &g->board)) {
            found = (long)i;
            break;
        }
        if (i == p->length || slide_board_move(&walk, p->moves[i]) != SLIDE_OK)
            break;
    }
    slide_board_free(&walk);
    return found;
}

/* Keeps plan_at true after the board made move `letter` (0: the board changed otherwise). */
static void track_plan(game *g, char letter)
{
    const game_plan *p = &g->plan;
    if (letter && g->plan_at >= 0 && (size_t)g->plan_at < p->length &&
        p->moves[g->plan_at] == letter)
        g->plan_at++;
    else if (letter && g->plan_at > 0 && p->moves[g->plan_at - 1] == inverse_move(letter))
        g->plan_at--;
    else
        g->plan_at = locate_on_plan(g);
}

int game_init(game *g, const slide_board *start, const slide_board *goal)
{
    memset(g, 0, sizeof *g);
    g->plan_at = -1;
    if (start->rows != goal->rows || start->cols != goal->cols)
        return SLIDE_E_SHAPE;
    g->history_cap = 64;
    g->history = malloc(g->history_cap);
    if (!g->history || slide_board_copy(&g->board, start) != SLIDE_OK ||
        slide_board_copy(&g->start, start) != SLIDE_OK ||
        slide_board_copy(&g->goal, goal) != SLIDE_OK) {
        game_free(g);
        return SLIDE_E_NOMEM;
    }
    return SLIDE_OK;
}

void game_free(game *g)
{
    slide_board_free(&g->board);
    slide_board_free(&g->goal);
    slide_board_free(&g->start);
    free(g->history);
    plan_clear(&g->plan);
    memset(g, 0, sizeof *g);
    g->plan_at = -1;
}

int game_restart(game *g, const slide_board *start)
{
    if (start->rows != g->goal.rows || start->cols != g->goal.cols)
        return SLIDE_E_SHAPE;
    size_t n = (size_t)start->rows * (size_t)start->cols;
    memcpy(g->board.cells, start->cells, n * sizeof *start->cells);
    memcpy(g->start.cells, start->cells, n * sizeof *start->cells);
    g->board.blank = g->start.blank = start->blank;
    g->moves = 0;
    track_plan(g, 0);
    return SLIDE_OK;
}

int game_move(game *g, char blank_letter)
{
    char letter = blank_letter >= 'A' && blank_letter <= 'Z' ? (char)(blank_letter - 'A' + 'a')
                                                             : blank_letter;
    if (!inverse_move(letter))
        return SLIDE_E_BAD_MOVE;
    if (g->moves == g->history_cap) {
        char *bigger = realloc(g->history, g->history_cap * 2);
        if (!bigger)
            return SLIDE_E_NOMEM;
        g->history = bigger;
        g->history_cap *= 2;
    }
    int status = slide_board_move(&g->board, letter);
    if (status != SLIDE_OK)
        return status;
    g->history[g->moves++] = letter;
    track_plan(g, letter);
    return SLIDE_OK;
}

char game_undo(game *g)
{
    if (g->moves == 0)
        return 0;
    char letter = g->history[--g->moves];
    slide_board_move(&g->board, inverse_move(letter));
    track_plan(g, inverse_move(letter));
    return letter;
}

int game_won(const game *g)
{
    return slide_board_equal(&g->board, &g->goal);
}

int game_tile_home(const game *g, int cell)
{
    return g->board.cells[cell] != 0 && g->board.cells[cell] == g->goal.cells[cell];
}

char game_arrow_move(int direction, int tile_convention)
{
    if (direction < 0 || direction > 3)
        return 0;
    char blank = slide_move_letters[direction];
    return tile_convention ? inverse_move(blank) : blank;
}

int game_tile_direction(char blank_letter)
{
    return game_move_direction(inverse_move(blank_letter));
}

int game_move_direction(char blank_letter)
{
    for (int direction = 0; direction < 4; direction++)
        if (blank_letter && slide_move_letters[direction] == blank_letter)
            return direction;
    return -1;
}

int game_moved_cell(const game *g, char blank_letter)
{
    int row = g->board.blank / g->board.cols, col = g->board.blank % g->board.cols;
    switch (blank_letter) {
    case 'u': row--; break;
    case 'd': row++; break;
    case 'l': col--; break;
    case 'r': col++; break;
    default: return -1;
    }
    if (row < 0 || row >= g->board.rows || col < 0 || col >= g->board.cols)
        return -1;
    return row * g->board.cols + col;
}

int game_click_moves(const game *g, int cell, char *out, size_t cap)
{
    int cols = g->board.cols;
    if (cell < 0 || cell >= g->board.rows * cols)
        return 0;
    int row = cell / cols, col = cell % cols;
    int blank_row = g->board.blank / cols, blank_col = g->board.blank % cols;
    char letter;
    int count;
    if (row == blank_row && col != blank_col) {
        letter = col < blank_col ? 'l' : 'r';
        count = abs(col - blank_col);
    } else if (col == blank_col && row != blank_row) {
        letter = row < blank_row ? 'u' : 'd';
        count = abs(row - blank_row);
    } else {
        return 0;
    }
    if ((size_t)count > cap)
        return -1;
    memset(out, letter, (size_t)count);
    return count;
}

/* ----------------------------------------------------------------- plans */

int game_set_plan(game *g, const slide_board *from, const char *moves, size_t length, int optimal)
{
    plan_clear(&g->plan);
    g->plan_at = -1;
    char *copy = malloc(length + 1);
    if (!copy || slide_board_copy(&g->plan.from, from) != SLIDE_OK) {
        free(copy);
        return SLIDE_E_NOMEM;
    }
    memcpy(copy, moves, length);
    copy[length] = '\0';
    g->plan.moves = copy;
    g->plan.length = length;
    g->plan.optimal = optimal;
    g->plan_at = locate_on_plan(g);
    return SLIDE_OK;
}

char game_hint(const game *g)
{
    if (g->plan_at < 0 || (size_t)g->plan_at >= g->plan.length)
        return 0;
    return g->plan.moves[g->plan_at];
}

long game_plan_left(const game *g)
{
    return g->plan_at < 0 ? -1 : (long)g->plan.length - g->plan_at;
}

/* ---------------------------------------------------------------- solver */

typedef struct answer_node {
    game_answer answer;
    struct answer_node *next;
} answer_node;

struct game_solver {
    pthread_mutex_t lock;
    pthread_cond_t wake;     /* the thread: a request or stop */
    pthread_cond_t answered; /* game_solver_wait */
    pthread_t thread;
    slide_board goal;
    slide_context *context;
    int notify_fd;
    /* under lock */
    answer_node *request; /* the next board to solve (answer.from), its answer to fill */
    double request_time;
    unsigned long last_id;
    int running;
    int stopping;
    int detached; /* the thread frees the solver when it ends */
    answer_node *first, *last;
    game_solver_state state;
    int reported_percent;
};

/* Wakes the caller's event loop; called with the lock held, never after game_solver_free. */
static void notify(game_solver *s)
{
    if (s->notify_fd >= 0 && !s->stopping) {
        char byte = 's';
        ssize_t written = write(s->notify_fd, &byte, 1);
        (void)written; /* a full pipe already holds a wake-up */
    }
}

/* slide_progress_fn: keeps the latest build fraction and note for the status line. */
static void solver_progress(void *ctx, const slide_progress *progress)
{
    game_solver *s = ctx;
    pthread_mutex_lock(&s->lock);
    if (progress->kind == SLIDE_PROGRESS_BUILD) {
        int percent = (int)(progress->fraction * 100);
        s->state.building = 1;
        s->state.fraction = progress->fraction;
        if (percent != s->reported_percent) {
            s->reported_percent = percent;
            notify(s);
        }
    } else if (progress->kind == SLIDE_PROGRESS_NOTE && progress->message) {
        snprintf(s->state.note, sizeof s->state.note, "%s", progress->message);
        notify(s);
    }
    pthread_mutex_unlock(&s->lock);
}

static void solver_destroy(game_solver *s)
{
    while (s->first) {
        answer_node *node = s->first;
        s->first = node->next;
        game_answer_free(&node->answer);
        free(node);
    }
    if (s->request) {
        game_answer_free(&s->request->answer);
        free(s->request);
    }
    slide_board_free(&s->goal);
    slide_context_free(s->context);
    pthread_cond_destroy(&s->answered);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* Solves the board of node->answer.from into node->answer; the lock is not held. */
static void solve_one(game_solver *s, answer_node *node, double asked)
{
    game_answer *a = &node->answer;
    slide_solve_options opt = slide_solve_options_init();
    slide_solution solution;
    slide_stats stats = slide_stats_init();
    opt.context = s->context;
    /*
     * Above 25 cells auto spends a second or more on a near-optimal answer
     * (beam search); the game asks again after every move and shows one
     * move at a time, so it asks strategy, which answers in milliseconds.
     */
    if ((long long)a->from.rows * a->from.cols > SLIDE_MAX_WIDE_CELLS)
        opt.algo = "strategy";
    opt.progress = solver_progress;
    opt.progress_ctx = s;
    a->status = slide_solve(&a->from, &s->goal, &opt, &solution, &stats);
    if (a->status == SLIDE_OK) {
        a->moves = solution.moves;
        a->length = solution.length;
    }
    a->optimal = stats.optimal;
    snprintf(a->algo, sizeof a->algo, "%s", stats.algo ? stats.algo : "");
    snprintf(a->note, sizeof a->note, "%s", stats.note);
    a->seconds = game_now() - asked;
}

static void *solver_thread(void *arg)
{
    game_solver *s = arg;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!s->request && !s->stopping)
            pthread_cond_wait(&s->wake, &s->lock);
        if (s->stopping)
            break;
        answer_node *node = s->request;
        double asked = s->request_time;
        s->request = NULL;
        s->running = 1;
        s->reported_percent = -1;
        pthread_mutex_unlock(&s->lock);

        solve_one(s, node, asked);

        pthread_mutex_lock(&s->lock);
        s->running = 0;
        s->state.building = 0;
        if (s->last)
            s->last->next = node;
        else
            s->first = node;
        s->last = node;
        pthread_cond_broadcast(&s->answered);
        notify(s);
    }
    int detached = s->detached;
    pthread_mutex_unlock(&s->lock);
    if (detached)
        solver_destroy(s);
    return NULL;
}

int game_solver_create(game_solver **out, const slide_board *goal, int notify_fd)
{
    *out = NULL;
    game_solver *s = calloc(1, sizeof *s);
    if (!s)
        return SLIDE_E_NOMEM;
    s->notify_fd = notify_fd;
    if (slide_board_copy(&s->goal, goal) != SLIDE_OK ||
        slide_context_create(&s->context, NULL) != SLIDE_OK) {
        slide_board_free(&s->goal);
        free(s);
        return SLIDE_E_NOMEM;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    pthread_cond_init(&s->answered, NULL);
    /*
     * The thread takes no asynchronous signals (the caller's event loop
     * handles them); faults stay with the thread that causes them.
     */
    sigset_t blocked, old_mask;
    sigfillset(&blocked);
    sigdelset(&blocked, SIGSEGV);
    sigdelset(&blocked, SIGBUS);
    sigdelset(&blocked, SIGFPE);
    sigdelset(&blocked, SIGILL);
    sigdelset(&blocked, SIGABRT);
    pthread_sigmask(SIG_BLOCK, &blocked, &old_mask);
    int created = pthread_create(&s->thread, NULL, solver_thread, s);
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
    if (created != 0) {
        solver_destroy(s);
        return SLIDE_E_INTERNAL;
    }
    *out = s;
    return SLIDE_OK;
}

int game_solver_request(game_solver *s, const slide_board *board, unsigned long *id)
{
    answer_node *node = calloc(1, sizeof *node);
    if (!node || slide_board_copy(&node->answer.from, board) != SLIDE_OK) {
        free(node);
        return SLIDE_E_NOMEM;
    }
    pthread_mutex_lock(&s->lock);
    if (s->request) {
        game_answer_free(&s->request->answer);
        free(s->request);
    }
    s->request = node;
    node->answer.id = ++s->last_id;
    s->request_time = game_now();
    *id = node->answer.id;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    return SLIDE_OK;
}

/* Pops the oldest answer into *out; the lock is held and an answer is there. */
static void pop_answer(game_solver *s, game_answer *out)
{
    answer_node *node = s->first;
    s->first = node->next;
    if (!s->first)
        s->last = NULL;
    *out = node->answer;
    free(node);
}

int game_solver_take(game_solver *s, game_answer *out)
{
    pthread_mutex_lock(&s->lock);
    int taken = s->first != NULL;
    if (taken)
        pop_answer(s, out);
    pthread_mutex_unlock(&s->lock);
    return taken;
}

void game_solver_wait(game_solver *s, game_answer *out)
{
    pthread_mutex_lock(&s->lock);
    while (!s->first)
        pthread_cond_wait(&s->answered, &s->lock);
    pop_answer(s, out);
    pthread_mutex_unlock(&s->lock);
}

void game_solver_state_get(game_solver *s, game_solver_state *out)
{
    pthread_mutex_lock(&s->lock);
    *out = s->state;
    out->busy = s->running || s->request != NULL;
    pthread_mutex_unlock(&s->lock);
}

void game_solver_free(game_solver *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    s->detached = s->running;
    pthread_cond_signal(&s->wake);
    int detached = s->detached;
    /*
     * Read while s is surely alive: once the lock is released a detached
     * thread may finish its search, destroy s and return.  Its handle
     * stays valid until it is detached (or joined), whether or not it has
     * ended.
     */
    pthread_t thread = s->thread;
    pthread_mutex_unlock(&s->lock);
    if (detached) {
        pthread_detach(thread);
        return;
    }
    pthread_join(thread, NULL);
    solver_destroy(s);
}

void game_answer_free(game_answer *a)
{
    if (!a)
        return;
    slide_board_free(&a->from);
    free(a->moves);
    memset(a, 0, sizeof *a);
}
