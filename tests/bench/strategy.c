/*
 * strategy.c - benchmark of --algo strategy on random square boards.
 *
 * For each n, solves a fixed set of uniformly random n x n boards (seed
 * 1000 + board index, standard goal), replays every answer with
 * slide_replay, and prints the mean answer length over n^3 next to
 * Parberry's 8/3 and the 2.2 target, with the median solve and replay
 * times and the share of moves that take the tile they move closer to its
 * goal (each move takes one tile a cell closer or further, so that share,
 * s, and the board's Manhattan distance M fix the length: M / (2s - 1)).
 *
 *   usage: bench_strategy [N:BOARDS ...]     (default 5:200 10:100 30:20 100:5)
 *          bench_strategy --replay BOARD_FILE MOVES_FILE
 *
 * The second form replays the first line of MOVES_FILE (what `slide solve`
 * printed) from the board on the first line of BOARD_FILE and says whether
 * it reaches the standard goal: an end-to-end check for answers too long to
 * pass to `slide check` as an argument.
 */
#include "slide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Of the moves of an answer, how many bring the tile they move closer to
 * its goal cell (the rest take it a cell further): how much of the work the
 * displaced tiles' pushes do.  The caller has replayed the answer already.
 */
static size_t moves_towards(const slide_board *start, const slide_board *goal,
                            const char *moves, size_t len)
{
    size_t cells = (size_t)start->rows * (size_t)start->cols, towards = 0;
    uint32_t *cell = malloc(cells * sizeof *cell), *home = malloc(cells * sizeof *home);
    if (!cell || !home) {
        free(cell);
        free(home);
        return 0;
    }
    memcpy(cell, start->cells, cells * sizeof *cell);
    for (size_t i = 0; i < cells; i++)
        home[goal->cells[i]] = (uint32_t)i;
    int cols = start->cols;
    long blank = start->blank;
    for (size_t i = 0; i < len; i++) {
        long to = moves[i] == 'u' ? blank - cols : moves[i] == 'd' ? blank + cols
                  : moves[i] == 'l' ? blank - 1 : blank + 1;
        uint32_t tile = cell[to];
        long g = home[tile];
        long before = labs(to / cols - g / cols) + labs(to % cols - g % cols);
        long after = labs(blank / cols - g / cols) + labs(blank % cols - g % cols);
        towards += after < before;
        cell[blank] = tile;
        blank = to;
    }
    free(cell);
    free(home);
    return towards;
}

/* Runs one size; returns 0, or 1 when an answer failed to replay. */
static int bench(int n, int boards)
{
    double *solve_ms = malloc((size_t)boards * sizeof *solve_ms);
    double *replay_ms = malloc((size_t)boards * sizeof *replay_ms);
    double total_moves = 0, lo = 1e30, hi = 0, solve_total = 0, total_towards = 0;
    if (!solve_ms || !replay_ms)
        return 1;
    slide_board goal;
    slide_board_init_goal(&goal, n, n);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "strategy";
    for (int k = 0; k < boards; k++) {
        slide_rng rng;
        slide_rng_seed(&rng, 1000 + (uint64_t)k);
        slide_board start;
        slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng);
        slide_solution sol;
        double t0 = now();
        int status = slide_solve(&start, &goal, &opt, &sol, NULL);
        double t1 = now();
        if (status != SLIDE_OK) {
            fprintf(stderr, "bench_strategy: %dx%d board %d: %s\n", n, n, k,
                    slide_strerror(status));
            return 1;
        }
        size_t failed_at;
        int reached = 0;
        status = slide_replay(&start, &goal, sol.moves, sol.length, &failed_at, &reached);
        double t2 = now();
        if (status != SLIDE_OK || !reached) {
            fprintf(stderr, "bench_strategy: %dx%d board %d: the answer does not replay\n", n, n,
                    k);
            return 1;
        }
        double ratio = (double)sol.length / ((double)n * n * n);
        lo = ratio < lo ? ratio : lo;
        hi = ratio > hi ? ratio : hi;
        total_moves += (double)sol.length;
        total_towards += (double)moves_towards(&start, &goal, sol.moves, sol.length);
        solve_total += t1 - t0;
        solve_ms[k] = (t1 - t0) * 1e3;
        replay_ms[k] = (t2 - t1) * 1e3;
        slide_solution_free(&sol);
        slide_board_free(&start);
    }
    double mean = total_moves / boards, per_cube = mean / ((double)n * n * n);
    printf("%5d %7d %13.0f %8.3f %7.3f-%-7.3f %8.2f %8.2f %10.3f %10.3f %8.2f %8.1f\n", n, boards,
           mean, per_cube, lo, hi, per_cube / (8.0 / 3.0), per_cube / 2.2, median(solve_ms, boards),
           median(replay_ms, boards), solve_total / total_moves * 1e9,
           100 * total_towards / total_moves);
    slide_board_free(&goal);
    free(solve_ms);
    free(replay_ms);
    return 0;
}

/* The first line of a file, without its newline (caller frees), or NULL. */
static char *read_line(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int c;
    while (buf && (c = getc(f)) != EOF && c != '\n') {
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
        }
        buf[n++] = (char)c;
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    *len = n;
    return buf;
}

static int replay_files(const char *board_path, const char *moves_path)
{
    size_t board_len, moves_len;
    char *text = read_line(board_path, &board_len), *moves = read_line(moves_path, &moves_len);
    if (!text || !moves) {
        fprintf(stderr, "bench_strategy: cannot read %s or %s\n", board_path, moves_path);
        return 2;
    }
    slide_board board;
    slide_parse_error err = slide_parse_error_init();
    if (slide_board_parse(text, board_len, NULL, &board, &err) != SLIDE_OK) {
        fprintf(stderr, "bench_strategy: %s: %s\n", board_path, err.message);
        return 2;
    }
    size_t failed_at;
    int reached = 0;
    double t0 = now();
    int status = slide_replay(&board, NULL, moves, moves_len, &failed_at, &reached);
    double t1 = now();
    int ok = status == SLIDE_OK && reached;
    printf("%s: %zu moves replayed in %.1f ms%s\n", ok ? "ok" : "wrong answer", moves_len,
           (t1 - t0) * 1e3, ok ? ", goal reached" : "");
    slide_board_free(&board);
    free(text);
    free(moves);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--replay") == 0)
        return replay_files(argv[2], argv[3]);
    static const char *defaults[] = {"5:200", "10:100", "30:20", "100:5"};
    int count = argc > 1 ? argc - 1 : 4;
    printf("%5s %7s %13s %8s %15s %8s %8s %10s %10s %8s %8s\n", "n", "boards", "mean moves", "/n^3",
           "range /n^3", "vs 8/3", "vs 2.2", "solve ms", "replay ms", "ns/move", "toward%");
    for (int i = 0; i < count; i++) {
        const char *arg = argc > 1 ? argv[i + 1] : defaults[i];
        int n = 0, boards = 0;
        if (sscanf(arg, "%d:%d", &n, &boards) != 2 || n < 2 || n > 1000 || boards < 1) {
            fprintf(stderr, "bench_strategy: '%s' is not N:BOARDS (2 <= N <= 1000)\n", arg);
            return 2;
        }
        if (bench(n, boards))
            return 1;
    }
    printf("(solve and replay ms are medians per board; ns/move is total solve time over total "
           "moves; toward%% the share of moves that bring their tile closer to its goal)\n");
    return 0;
}
