/*
 * svg.c - a solution as one animated SVG (see svg.h).
 *
 * Every tile is a group translated to its cell, with one animateTransform
 * whose keyframes hold it still and slide it one cell during each of its own
 * moves, so the file grows with the moves plus the tiles, not with their
 * product.  Tiles change colour (discrete animate) when they reach or leave
 * their goal cell.  The animation loops: a pause on the start board, the
 * moves, a longer pause on the goal.
 */
#include "cli/game/svg.h"

#include "cli/base/base.h"

#include <stdlib.h>
#include <string.h>

enum { TILE = 56, GAP = 4, PITCH = TILE + GAP, MARGIN = 16, LINE = 18, MIN_WIDTH = 520 };

static const double LEAD_SECONDS = 1.0, TAIL_SECONDS = 2.5;
static const char *const AWAY_FILL = "#f1e3b8", *const HOME_FILL = "#9fd89f";

/* Where each move took a tile: the tile and the cell it arrived in. */
typedef struct svg_track {
    uint32_t *tile; /* per move */
    uint32_t *cell; /* per move */
    size_t *first;  /* per tile + 1: where its moves start in order[] */
    size_t *order;  /* move indices grouped by tile, each tile's in time order */
} svg_track;

static void track_free(svg_track *t)
{
    free(t->tile);
    free(t->cell);
    free(t->first);
    free(t->order);
}

/* Replays the moves; -1 with reason set when one is not legal or memory runs out. */
static int track_moves(svg_track *t, const slide_board *start, const char *moves, size_t length,
                       char *reason, size_t size)
{
    size_t tiles = (size_t)start->rows * (size_t)start->cols;
    slide_board b;
    memset(t, 0, sizeof *t);
    t->tile = malloc((length + 1) * sizeof *t->tile);
    t->cell = malloc((length + 1) * sizeof *t->cell);
    t->first = calloc(tiles + 1, sizeof *t->first);
    t->order = malloc((length + 1) * sizeof *t->order);
    if (!t->tile || !t->cell || !t->first || !t->order || slide_board_copy(&b, start) != SLIDE_OK) {
        track_free(t);
        snprintf(reason, size, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < length; i++) {
        int blank = b.blank;
        if (slide_board_move(&b, moves[i]) != SLIDE_OK) {
            snprintf(reason, size, "move %zu ('%c') takes the blank off the board", i + 1,
                     moves[i]);
            slide_board_free(&b);
            track_free(t);
            return -1;
        }
        t->tile[i] = b.cells[blank];
        t->cell[i] = (uint32_t)blank;
        t->first[t->tile[i]]++;
    }
    slide_board_free(&b);
    /* counts to starts, then each tile's moves in order */
    size_t sum = 0;
    for (size_t tile = 0; tile <= tiles; tile++) {
        size_t count = tile < tiles ? t->first[tile] : 0;
        t->first[tile] = sum;
        sum += count;
    }
    size_t *next = malloc((tiles + 1) * sizeof *next);
    if (!next) {
        track_free(t);
        snprintf(reason, size, "out of memory");
        return -1;
    }
    memcpy(next, t->first, tiles * sizeof *next);
    for (size_t i = 0; i < length; i++)
        t->order[next[t->tile[i]]++] = i;
    free(next);
    return 0;
}

static void write_position(FILE *f, int cols, uint32_t cell, int origin_x, int origin_y)
{
    fprintf(f, "%d,%d", origin_x + (int)(cell % (uint32_t)cols) * PITCH,
            origin_y + (int)(cell / (uint32_t)cols) * PITCH);
}

/* One tile: its group, colour changes and path; its moves are order[from..to). */
static void write_tile(FILE *f, const slide_board *start, const slide_board *goal,
                       const svg_track *t, uint32_t tile, uint32_t start_cell, int origin_x,
                       int origin_y, double lead, double step, double total)
{
    int cols = start->cols;
    size_t from = t->first[tile], to = t->first[tile + 1];
    int home = goal->cells[start_cell] == tile;
    fprintf(f, "<g id=\"tile-%u\" transform=\"translate(", (unsigned)tile);
    write_position(f, cols, start_cell, origin_x, origin_y);
    fprintf(f, ")\">\n<rect width=\"%d\" height=\"%d\" rx=\"7\" stroke=\"#7a6a3a\" fill=\"%s\">",
            TILE, TILE, home ? HOME_FILL : AWAY_FILL);
    /* discrete colour changes when the tile arrives home or leaves it */
    int changes = 0;
    int was_home = home;
    for (size_t k = from; k < to; k++) {
        int now_home = goal->cells[t->cell[t->order[k]]] == tile;
        changes += now_home != was_home;
        was_home = now_home;
    }
    if (changes) {
        fprintf(f,
                "<animate attributeName=\"fill\" calcMode=\"discrete\" dur=\"%.3fs\" "
                "repeatCount=\"indefinite\" values=\"%s",
                total, home ? HOME_FILL : AWAY_FILL);
        was_home = home;
        for (size_t k = from; k < to; k++) {
            int now_home = goal->cells[t->cell[t->order[k]]] == tile;
            if (now_home != was_home)
                fprintf(f, ";%s", now_home ? HOME_FILL : AWAY_FILL);
            was_home = now_home;
        }
        fputs("\" keyTimes=\"0", f);
        was_home = home;
        for (size_t k = from; k < to; k++) {
            int now_home = goal->cells[t->cell[t->order[k]]] == tile;
            if (now_home != was_home)
                fprintf(f, ";%.7f", (lead + (double)(t->order[k] + 1) * step) / total);
            was_home = now_home;
        }
        fputs("\"/>", f);
    }
    fprintf(f,
            "</rect>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"%d\" "
            "font-weight=\"bold\" fill=\"#3a3020\">%u</text>\n",
            TILE / 2, TILE / 2 + 8, tile >= 100 ? 18 : 24, (unsigned)tile);
    /* the path: still, then one cell during each of its moves, then still to the end */
    fputs("<animateTransform attributeName=\"transform\" type=\"translate\" values=\"", f);
    write_position(f, cols, start_cell, origin_x, origin_y);
    uint32_t at = start_cell;
    for (size_t k = from; k < to; k++) {
        size_t move = t->order[k];
        int held = k > from && t->order[k - 1] + 1 == move; /* moved just before: no pause */
        if (!held) {
            fputc(';', f);
            write_position(f, cols, at, origin_x, origin_y);
        }
        at = t->cell[move];
        fputc(';', f);
        write_position(f, cols, at, origin_x, origin_y);
    }
    fputc(';', f);
    write_position(f, cols, at, origin_x, origin_y);
    fputs("\" keyTimes=\"0", f);
    for (size_t k = from; k < to; k++) {
        size_t move = t->order[k];
        if (!(k > from && t->order[k - 1] + 1 == move))
            fprintf(f, ";%.7f", (lead + (double)move * step) / total);
        fprintf(f, ";%.7f", (lead + (double)(move + 1) * step) / total);
    }
    fprintf(f, ";1\" dur=\"%.3fs\" repeatCount=\"indefinite\"/>\n</g>\n", total);
}

int svg_check_board(const slide_board *start, char *reason, size_t size)
{
    long cells = (long)start->rows * start->cols;
    if (cells <= SVG_MAX_CELLS)
        return 0;
    snprintf(reason, size, "an SVG is drawn for boards of at most %d cells; this one has %ld",
             SVG_MAX_CELLS, cells);
    return -1;
}

int svg_write(FILE *f, const slide_board *start, const slide_board *goal, const char *moves,
              uint64_t length, char *reason, size_t size)
{
    long cells = (long)start->rows * start->cols;
    if (svg_check_board(start, reason, size) != 0)
        return -1;
    if (length > SVG_MAX_MOVES) {
        snprintf(reason, size,
                 "an SVG is drawn for solutions of at most %u moves; this one has %llu",
                 SVG_MAX_MOVES, (unsigned long long)length);
        return -1;
    }
    svg_track track;
    if (track_moves(&track, start, moves, (size_t)length, reason, size) != 0)
        return -1;

    int board_w = start->cols * PITCH + GAP, board_h = start->rows * PITCH + GAP;
    int width = board_w + 2 * MARGIN < MIN_WIDTH ? MIN_WIDTH : board_w + 2 * MARGIN;
    size_t per_line = (size_t)(width - 2 * MARGIN) / 9; /* monospace 15px: about 9px a letter */
    size_t move_lines = length ? ((size_t)length + per_line - 1) / per_line : 1;
    int text_top = MARGIN + LINE;
    int board_x = (width - board_w) / 2, board_y = text_top + (int)move_lines * LINE + MARGIN;
    int height = board_y + board_h + MARGIN + 8;
    double step = length ? 30.0 / (double)length : 0.5;
    step = step > 0.5 ? 0.5 : step < 0.08 ? 0.08 : step;
    double total = LEAD_SECONDS + (double)length * step + TAIL_SECONDS;

    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
            width, height, width, height);
    fprintf(f, "<title>slide: %s %dx%d board solved in %llu move%s</title>\n",
            cli_article((unsigned long)start->rows), start->rows, start->cols,
            (unsigned long long)length, length == 1 ? "" : "s");
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fbfaf6\"/>\n", width, height);
    fprintf(f,
            "<text x=\"%d\" y=\"%d\" font-size=\"15\" fill=\"#222\">%llu move%s "
            "(the blank's: u d l r)</text>\n",
            MARGIN, MARGIN + 4, (unsigned long long)length, length == 1 ? "" : "s");
    fprintf(f,
            "<text font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"15\" "
            "fill=\"#444\">\n");
    for (size_t line = 0; line < move_lines; line++) {
        size_t begin = line * per_line;
        size_t n = length - begin < per_line ? (size_t)length - begin : per_line;
        fprintf(f, "<tspan id=\"moves-%zu\" x=\"%d\" y=\"%d\">%.*s</tspan>\n", line + 1, MARGIN,
                text_top + 4 + (int)line * LINE, (int)n, length ? moves + begin : "");
    }
    fputs("</text>\n", f);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"9\" fill=\"#4a4a4a\"/>\n",
            board_x, board_y, board_w, board_h);
    for (int cell = 0; cell < (int)cells; cell++)
        if (start->cells[cell])
            write_tile(f, start, goal, &track, start->cells[cell], (uint32_t)cell, board_x + GAP,
                       board_y + GAP, LEAD_SECONDS, step, total);
    /* progress: a bar that fills while the moves play */
    fprintf(f,
            "<rect id=\"progress\" x=\"%d\" y=\"%d\" height=\"4\" width=\"0\" fill=\"#4a9a5a\">"
            "<animate attributeName=\"width\" dur=\"%.3fs\" repeatCount=\"indefinite\" "
            "values=\"0;0;%d;%d\" keyTimes=\"0;%.7f;%.7f;1\"/></rect>\n",
            board_x, board_y + board_h + 4, total, board_w, board_w, LEAD_SECONDS / total,
            (LEAD_SECONDS + (double)length * step) / total);
    fputs("</svg>\n", f);
    track_free(&track);
    return 0;
}
