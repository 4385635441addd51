/*
 * hint.c - the latency of `slide play`'s hint (`?`), measured the way the
 * game asks for it: one solver thread (src/cli/game.c) for the run, boards
 * requested one at a time, each latency from the request to the answer.
 *
 *   usage: bench_hint RxC COUNT SEED
 *
 * Solves COUNT uniformly random boards of the shape (slide gen's generator
 * and SEED), each answer replayed to the goal, and prints the first latency
 * (it includes building or loading the tables the run needs: exhaustive
 * tables up to 9 cells, pattern databases from the cache directory up to
 * 16, nothing for the strategy solver above) and the median and largest of
 * the others.  tests/bench/hint.sh runs it with an empty and a warm cache.
 */
#include "cli/game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int rows, cols;
    slide_parse_error err = slide_parse_error_init();
    if (argc != 4 || slide_parse_size(argv[1], &rows, &cols, &err) != SLIDE_OK) {
        fprintf(stderr, "usage: bench_hint RxC COUNT SEED\n");
        return 2;
    }
    int count = atoi(argv[2]);
    if (count < 1)
        count = 1;
    slide_board goal;
    slide_rng rng;
    slide_rng_seed(&rng, strtoull(argv[3], NULL, 10));
    game_solver *solver;
    if (slide_board_init_goal(&goal, rows, cols) != SLIDE_OK ||
        game_solver_create(&solver, &goal, -1) != SLIDE_OK)
        return 1;
    double *latency = malloc((size_t)count * sizeof *latency);
    if (!latency)
        return 1;
    char algo[16] = "";
    int optimal = 1;
    uint64_t total_moves = 0;
    for (int i = 0; i < count; i++) {
        slide_board start;
        unsigned long id;
        game_answer a;
        size_t failed_at;
        int reached = 0;
        if (slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng) != SLIDE_OK ||
            game_solver_request(solver, &start, &id) != SLIDE_OK)
            return 1;
        game_solver_wait(solver, &a);
        if (a.status != SLIDE_OK ||
            slide_replay(&start, &goal, a.moves, (size_t)a.length, &failed_at, &reached) !=
                SLIDE_OK ||
            !reached) {
            fprintf(stderr, "board %d: %s %s\n", i + 1, slide_strerror(a.status), a.note);
            return 1;
        }
        latency[i] = a.seconds;
        optimal &= a.optimal;
        total_moves += a.length;
        snprintf(algo, sizeof algo, "%s", a.algo);
        game_answer_free(&a);
        slide_board_free(&start);
    }
    printf("%s: %d boards, algo %s%s, mean %.1f moves; first hint %.1f ms", argv[1], count, algo,
           optimal ? " (optimal)" : "", (double)total_moves / count, latency[0] * 1e3);
    if (count > 1) {
        qsort(latency + 1, (size_t)count - 1, sizeof *latency, compare_doubles);
        printf(", then median %.3f ms, max %.3f ms", latency[1 + (count - 1) / 2] * 1e3,
               latency[count - 1] * 1e3);
    }
    printf("\n");
    free(latency);
    game_solver_free(solver);
    slide_board_free(&goal);
    return 0;
}
