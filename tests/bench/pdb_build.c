/*
 * pdb_build.c - times building the pattern databases of one shape in memory
 * (no disk cache): per group the entries, abstract states, BFS layers,
 * seconds, and the peak memory of the whole build as the budget counts it.
 *
 *   bench_pdb_build [RxC [MAX_GROUP [CAP_BYTES]]]   defaults: 4x4, automatic groups, 1.5 GiB
 *
 * Prints CPU seconds next to wall seconds: on a shared machine the two differ.
 */
#include "pdb/pdb_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct layer_log {
    unsigned layers;
    uint64_t states;
} layer_log;

static void on_progress(void *ctx, const slide_progress *p)
{
    layer_log *log = ctx;
    if (p->kind != SLIDE_PROGRESS_BUILD)
        return;
    log->layers = p->bound + 1;
    log->states = p->nodes;
}

int main(int argc, char **argv)
{
    int rows = 4, cols = 4, max_group = argc > 2 ? atoi(argv[2]) : 0;
    size_t cap = argc > 3 ? (size_t)strtod(argv[3], NULL) : (size_t)1536 << 20;
    if (argc > 1 && sscanf(argv[1], "%dx%d", &rows, &cols) != 2)
        return 2;
    slide_board goal;
    if (slide_board_init_goal(&goal, rows, cols) != SLIDE_OK)
        return 2;
    geometry shape;
    geometry_init(&shape, rows, cols);
    pdb_set set;
    if (pdb_plan(&set, &shape, state_pack(&goal), max_group, cap) != SLIDE_OK) {
        fprintf(stderr, "no plan fits\n");
        return 1;
    }
    slide_limits limits = {.max_memory = cap};
    search_budget budget;
    budget_init(&budget, &limits);
    layer_log log = {0, 0};
    pdb_reporter reporter = {on_progress, &log};
    double total = 0, total_cpu = 0;
    printf("%dx%d: %d groups%s\n", rows, cols, set.count, set.mirrored ? " (+ reflection)" : "");
    int order[PDB_MAX_GROUPS];
    pdb_build_order(&set, order); /* as slide pdb build does: the largest scratch first */
    for (int i = 0; i < set.count; i++) {
        int g = order[i];
        double t0 = monotonic_now();
        clock_t c0 = clock();
        int status = pdb_build_group(&set, g, &budget, &reporter);
        double dt = monotonic_now() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        total += dt;
        total_cpu += cpu;
        if (status != SLIDE_OK) {
            fprintf(stderr, "group %d: %s\n", g + 1, slide_strerror(status));
            return 1;
        }
        printf("group %d: %d tiles, %lu entries%s, %d bits, %llu states, %u layers, %.2f s (cpu "
               "%.2f s)\n",
               g + 1, set.groups[g].size, (unsigned long)set.groups[g].entries,
               set.groups[g].per_region ? " (per blank region)" : "", set.groups[g].entry_bits,
               (unsigned long long)log.states, log.layers, dt, cpu);
    }
    printf("total %.2f s (cpu %.2f s), peak %.1f MiB\n", total, total_cpu,
           (double)budget.peak / (1 << 20));
    pdb_set_release(&set, &budget);
    slide_board_free(&goal);
    return 0;
}
