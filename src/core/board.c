/* board.c - the board model: construction, comparison, moves and replay. */
#include "core/abi.h"
#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>

const char slide_move_letters[4] = {'u', 'd', 'l', 'r'};

int slide_board_init_goal(slide_board *out, int rows, int cols)
{
    if (ABI_MISSING(out))
        return SLIDE_E_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (rows < 2 || cols < 2 || rows > SLIDE_MAX_SIDE || cols > SLIDE_MAX_SIDE ||
        (uint64_t)rows * (uint64_t)cols > SLIDE_MAX_CELLS)
        return SLIDE_E_ARGUMENT;
    size_t n = (size_t)rows * (size_t)cols;
    out->cells = malloc(n * sizeof *out->cells);
    if (!out->cells)
        return SLIDE_E_NOMEM;
    for (size_t i = 0; i + 1 < n; i++)
        out->cells[i] = (uint32_t)(i + 1);
    out->cells[n - 1] = 0;
    out->rows = rows;
    out->cols = cols;
    out->blank = (int)(n - 1);
    return SLIDE_OK;
}

int slide_board_copy(slide_board *out, const slide_board *src)
{
    if (ABI_MISSING(out, src)) {
        if (out)
            memset(out, 0, sizeof *out);
        return SLIDE_E_ARGUMENT;
    }
    size_t n = (size_t)src->rows * (size_t)src->cols;
    *out = *src;
    if (!src->cells || src->rows <= 0 || src->cols <= 0) {
        /* an empty board (as slide_board_free leaves one) copies as empty */
        memset(out, 0, sizeof *out);
        return SLIDE_OK;
    }
    out->cells = malloc(n * sizeof *out->cells);
    if (!out->cells) {
        memset(out, 0, sizeof *out);
        return SLIDE_E_NOMEM;
    }
    memcpy(out->cells, src->cells, n * sizeof *out->cells);
    return SLIDE_OK;
}

void slide_board_free(slide_board *board)
{
    if (!board)
        return;
    free(board->cells);
    memset(board, 0, sizeof *board);
}

int slide_board_equal(const slide_board *a, const slide_board *b)
{
    if (ABI_MISSING(a, b))
        return 0;
    if (a->rows != b->rows || a->cols != b->cols || a->blank != b->blank)
        return 0;
    if (!a->cells || !b->cells || a->rows <= 0 || a->cols <= 0)
        return a->cells == b->cells;
    size_t n = (size_t)a->rows * (size_t)a->cols;
    return memcmp(a->cells, b->cells, n * sizeof *a->cells) == 0;
}

static int validate(const slide_board *board, slide_parse_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!board->cells || board->rows < 2 || board->cols < 2) {
        if (err)
            snprintf(err->message, sizeof err->message, "a board needs at least 2 rows and 2 columns");
        return SLIDE_E_PARSE;
    }
    /* the parser's caps: a board past them was not read from text, and is not allocated for */
    if (board->rows > SLIDE_MAX_SIDE || board->cols > SLIDE_MAX_SIDE ||
        (uint64_t)board->rows * (uint64_t)board->cols > SLIDE_MAX_CELLS) {
        if (err)
            snprintf(err->message, sizeof err->message,
                     "a board has at most %u cells and sides of at most %d",
                     (unsigned)SLIDE_MAX_CELLS, SLIDE_MAX_SIDE);
        return SLIDE_E_PARSE;
    }
    size_t n = (size_t)board->rows * (size_t)board->cols;
    unsigned char *seen = calloc(n, 1);
    if (!seen)
        return SLIDE_E_NOMEM;
    int status = SLIDE_OK;
    for (size_t i = 0; i < n && status == SLIDE_OK; i++) {
        uint32_t v = board->cells[i];
        if (v >= n || seen[v]) {
            if (err) {
                err->cell = (long)i + 1;
                if (v == 0)
                    snprintf(err->message, sizeof err->message, "a second blank");
                else
                    snprintf(err->message, sizeof err->message,
                             v >= n ? "tile %u is out of range" : "tile %u appears twice",
                             (unsigned)v);
            }
            status = SLIDE_E_PARSE;
        }
        else
            seen[v] = 1;
    }
    if (status == SLIDE_OK && (board->blank < 0 || (size_t)board->blank >= n ||
                               board->cells[board->blank] != 0)) {
        if (err)
            snprintf(err->message, sizeof err->message, "the blank index does not hold the blank");
        status = SLIDE_E_PARSE;
    }
    free(seen);
    return status;
}

int slide_board_validate(const slide_board *board, slide_parse_error *err)
{
    slide_parse_error error;
    if (ABI_MISSING(board) || abi_check_out(err, ABI_MIN_PARSE_ERROR) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    int status = validate(board, err ? &error : NULL);
    abi_copy_out(err, &error, sizeof error);
    return status;
}

/* Whether board's blank is on it: what every move relies on, checked once per caller. */
static int blank_on_board(const slide_board *board)
{
    return board && board->cells && board->rows >= 1 && board->cols >= 1 && board->blank >= 0 &&
           (long long)board->blank < (long long)board->rows * board->cols;
}

/* slide_board_move on a board whose blank is on it. */
static int move_blank(slide_board *board, char move)
{
    int m = move_of_letter(move);
    if (board->cols < 1)
        return SLIDE_E_ARGUMENT; /* blank_on_board said no already: a guard for the analyzer */
    int row = board->blank / board->cols, col = board->blank % board->cols;
    int target;
    switch (m) {
    case SLIDE_UP: if (row == 0) return SLIDE_E_BAD_MOVE; target = board->blank - board->cols; break;
    case SLIDE_DOWN: if (row == board->rows - 1) return SLIDE_E_BAD_MOVE; target = board->blank + board->cols; break;
    case SLIDE_LEFT: if (col == 0) return SLIDE_E_BAD_MOVE; target = board->blank - 1; break;
    case SLIDE_RIGHT: if (col == board->cols - 1) return SLIDE_E_BAD_MOVE; target = board->blank + 1; break;
    default: return SLIDE_E_BAD_MOVE;
    }
    board->cells[board->blank] = board->cells[target];
    board->cells[target] = 0;
    board->blank = target;
    return SLIDE_OK;
}

int slide_board_move(slide_board *board, char move)
{
    if (!blank_on_board(board))
        return SLIDE_E_ARGUMENT; /* not a board: its blank is not on it */
    return move_blank(board, move);
}

int slide_replay(const slide_board *start, const slide_board *goal, const char *moves, size_t len,
                 size_t *failed_at, int *reached_goal)
{
    if (failed_at)
        *failed_at = len;
    if (reached_goal)
        *reached_goal = 0;
    if (ABI_MISSING(start) || (len && !moves))
        return SLIDE_E_ARGUMENT;
    if (goal && (goal->rows != start->rows || goal->cols != start->cols))
        return SLIDE_E_SHAPE;
    if (!blank_on_board(start))
        return SLIDE_E_ARGUMENT;
    slide_board b;
    int status = slide_board_copy(&b, start);
    if (status != SLIDE_OK)
        return status;
    for (size_t i = 0; i < len; i++) {
        if (move_blank(&b, moves[i]) != SLIDE_OK) {
            if (failed_at)
                *failed_at = i;
            status = SLIDE_E_BAD_MOVE;
            break;
        }
    }
    if (status == SLIDE_OK && reached_goal) {
        if (goal)
            *reached_goal = slide_board_equal(&b, goal);
        else {
            slide_board g;
            status = slide_board_init_goal(&g, start->rows, start->cols);
            if (status == SLIDE_OK)
                *reached_goal = slide_board_equal(&b, &g);
            slide_board_free(&g);
        }
    }
    slide_board_free(&b);
    return status;
}
