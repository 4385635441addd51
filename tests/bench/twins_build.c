/*
 * twins_build.c - IDA*'s twin automaton (src/search/twins.c) for one shape:
 * for each length up to MAX_LENGTH, its states and bytes, the time to build
 * it (the mean of REPEATS builds, CPU and wall), and the branching factor of
 * the search tree it leaves on the board: the growth of the number of move
 * strings it lets through from a blank cell taken at random, between 22 and
 * 24 moves (two moves, since the blank's colour alternates).
 *
 *   bench_twins_build [RxC [MAX_LENGTH [REPEATS]]]   defaults: 4x4, 14, 5
 */
#include "search/search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Move strings of `depth` moves the automaton lets through, summed over every blank cell. */
static double strings_through(const twin_automaton *a, int rows, int cols, int depth)
{
    int cells = rows * cols;
    size_t size = (size_t)a->states * (size_t)cells;
    double *now = calloc(size, sizeof *now), *next = calloc(size, sizeof *next);
    if (!now || !next)
        exit(1);
    for (int c = 0; c < cells; c++)
        now[(size_t)TWIN_START * (size_t)cells + (size_t)c] = 1;
    double total = 0;
    for (int d = 1; d <= depth; d++) {
        for (size_t i = 0; i < size; i++)
            next[i] = 0;
        for (uint32_t s = TWIN_START; s < a->states; s++)
            for (int c = 0; c < cells; c++) {
                double n = now[(size_t)s * (size_t)cells + (size_t)c];
                if (n == 0)
                    continue;
                int r = c / cols, k = c % cols;
                int to[4] = {r > 0 ? c - cols : -1, r < rows - 1 ? c + cols : -1,
                             k > 0 ? c - 1 : -1, k < cols - 1 ? c + 1 : -1};
                for (int m = 0; m < 4; m++) {
                    uint32_t t = a->next[s][m];
                    if (to[m] >= 0 && t != TWIN_STOP)
                        next[(size_t)t * (size_t)cells + (size_t)to[m]] += n;
                }
            }
        double *swap = now;
        now = next;
        next = swap;
    }
    for (size_t i = 0; i < size; i++)
        total += now[i];
    free(now);
    free(next);
    return total;
}

int main(int argc, char **argv)
{
    int rows = 4, cols = 4;
    unsigned max_length = argc > 2 ? (unsigned)atoi(argv[2]) : 14;
    int repeats = argc > 3 ? atoi(argv[3]) : 5;
    if (argc > 1 && sscanf(argv[1], "%dx%d", &rows, &cols) != 2)
        return 2;
    if (rows < 1 || cols < 1 || rows * cols > 64 || repeats < 1 || max_length > TWIN_MAX_LENGTH)
        return 2;
    printf("%dx%d: length, states, bytes, build ms (CPU, wall; mean of %d), branching factor\n",
           rows, cols, repeats);
    for (unsigned length = 2; length <= max_length; length++) {
        search_budget budget;
        budget_init(&budget, NULL);
        twin_automaton a;
        double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID), wall = seconds(CLOCK_MONOTONIC);
        for (int i = 0; i < repeats; i++) {
            if (twin_automaton_build(&budget, rows, cols, length, &a) != SLIDE_OK)
                return 1;
            if (i < repeats - 1)
                twin_automaton_free(&budget, &a);
        }
        cpu = (seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu) * 1e3 / repeats;
        wall = (seconds(CLOCK_MONOTONIC) - wall) * 1e3 / repeats;
        double branching =
            sqrt(strings_through(&a, rows, cols, 24) / strings_through(&a, rows, cols, 22));
        printf("%2u %8u %10zu %9.1f %9.1f %8.4f\n", length, a.states, a.bytes, cpu, wall,
               branching);
        twin_automaton_free(&budget, &a);
    }
    return 0;
}
