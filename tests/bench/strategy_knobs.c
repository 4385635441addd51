/*
 * strategy_knobs.c - what each of the strategy solver's ways and column
 * plans (src/strategy/tuning.h) is worth: the boards on stdin (one a line,
 * standard goal) are solved with every way and plan, and with each left out
 * in turn (strategy_solve_knobs), and every answer is replayed.
 *
 *   usage: bench_strategy_knobs < BOARDS     (see tests/bench/strategy-knobs.sh)
 *
 * Lengths are strategy's own answers, before slide_solve's shortening pass,
 * over n^3 (rows x cols x (rows + cols) / 2 for other shapes).  For each
 * knob left out: the mean length / n^3 without it, the mean change of a
 * board's length against every knob (positive: longer without it) and that
 * change's standard error across the boards; a knob pays when its change is
 * more than twice its error.
 */
#include "core/core.h"
#include "strategy/strategy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BOARDS 4096

/* Strategy's answer for one board with the given knobs, replayed; its length, or -1. */
static double solve_length(const slide_board *start, const slide_board *goal,
                           const strat_knobs *knobs)
{
    slide_limits limits = slide_limits_init();
    search_budget budget;
    budget_init(&budget, &limits);
    slide_stats stats = slide_stats_init();
    move_list moves;
    memset(&moves, 0, sizeof moves);
    moves.budget = &budget;
    search_task search;
    memset(&search, 0, sizeof search);
    search.budget = &budget;
    search.stats = &stats;
    search.moves = &moves;
    search.threads = 1;
    search_task_set_boards(&search, start, goal);
    double length = -1;
    if (strategy_solve_knobs(&search, knobs) == SLIDE_OK && move_list_flush(&moves) == SLIDE_OK) {
        size_t failed_at;
        int reached = 0;
        int status = slide_replay(start, goal, moves.data ? moves.data : "", moves.len, &failed_at,
                                  &reached);
        if (status == SLIDE_OK && reached)
            length = (double)moves.len;
    }
    move_list_free(&moves);
    return length;
}

/* The knobs of every way and plan but way `drop_way` or plan `drop_plan` (-1: none). */
static strat_knobs knobs_without(strat_policy *ways, train_plan *plans, int drop_way, int drop_plan)
{
    strat_knobs k = {ways, 0, plans, 0};
    for (int i = 0; i < STRAT_POLICIES; i++)
        if (i != drop_way)
            ways[k.policy_count++] = strat_policies[i];
    for (int i = 0; i < STRAT_TRAIN_PLANS; i++)
        if (i != drop_plan)
            plans[k.plan_count++] = train_plans[i];
    return k;
}

/* Solves every board with knobs; lengths / n^3 into per_cube. Returns 0, or 1 on a failure. */
static int run(slide_board *boards, int count, const strat_knobs *knobs, double *per_cube)
{
    for (int b = 0; b < count; b++) {
        slide_board goal;
        slide_board_init_goal(&goal, boards[b].rows, boards[b].cols);
        double length = solve_length(&boards[b], &goal, knobs);
        slide_board_free(&goal);
        if (length < 0) {
            fprintf(stderr, "bench_strategy_knobs: board %d: no answer that replays\n", b + 1);
            return 1;
        }
        double r = boards[b].rows, c = boards[b].cols;
        per_cube[b] = length / (r * c * (r + c) / 2);
    }
    return 0;
}

/* Prints one knob's line: the mean without it, the change against all and its error. */
static void report(const char *name, const double *all, const double *without, int count)
{
    double mean_all = 0, mean_without = 0, mean_change = 0, square = 0;
    for (int b = 0; b < count; b++) {
        mean_all += all[b] / count;
        mean_without += without[b] / count;
        mean_change += 100 * (without[b] - all[b]) / all[b] / count;
    }
    for (int b = 0; b < count; b++) {
        double d = 100 * (without[b] - all[b]) / all[b] - mean_change;
        square += d * d;
    }
    double error = count > 1 ? sqrt(square / (count - 1) / count) : 0;
    const char *verdict = mean_change > 2 * error    ? "pays"
                          : mean_change < -2 * error ? "costs"
                                                     : "noise";
    printf("%-34s %9.4f %9.4f %+8.3f%% %7.3f%%  %s\n", name, mean_all, mean_without, mean_change,
           error, verdict);
}

int main(void)
{
    static slide_board boards[MAX_BOARDS];
    static char line[1 << 20];
    int count = 0;
    while (count < MAX_BOARDS && fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        if (len == 0 || line[0] == '#')
            continue;
        slide_parse_error err = slide_parse_error_init();
        if (slide_board_parse(line, len, NULL, &boards[count], &err) != SLIDE_OK) {
            fprintf(stderr, "bench_strategy_knobs: line %d: %s\n", count + 1, err.message);
            return 2;
        }
        count++;
    }
    if (count == 0) {
        fprintf(stderr, "usage: bench_strategy_knobs < BOARDS (one a line)\n");
        return 2;
    }
    double *all = malloc((size_t)count * sizeof *all);
    double *without = malloc((size_t)count * sizeof *without);
    strat_policy ways[STRAT_POLICIES];
    train_plan plans[STRAT_TRAIN_PLANS];
    if (!all || !without)
        return 1;
    strat_knobs every = knobs_without(ways, plans, -1, -1);
    if (run(boards, count, &every, all))
        return 1;
    printf("%d boards of %dx%d; length / n^3 with every knob, without the one named, the change\n"
           "(positive: longer without it) and its standard error\n",
           count, boards[0].rows, boards[0].cols);
    printf("%-34s %9s %9s %9s %8s\n", "left out", "all", "without", "change", "error");
    char name[96];
    for (int i = 0; i < STRAT_POLICIES; i++) {
        const strat_policy *p = &strat_policies[i];
        snprintf(name, sizeof name, "way %d {%d,%d,%d,%d,%d,%d}", i, p->straight_moves,
                 p->push_weight, p->plan_across, p->plan_side_weight, p->shorter_leg, p->dips);
        strat_knobs k = knobs_without(ways, plans, i, -1);
        if (run(boards, count, &k, without))
            return 1;
        report(name, all, without, count);
        fflush(stdout);
    }
    for (int i = 0; i < STRAT_TRAIN_PLANS; i++) {
        const train_plan *p = &train_plans[i];
        snprintf(name, sizeof name, "plan %d {trip %d, depth %+d, %s}", i, p->trip, p->depth_shift,
                 p->split == TRAIN_SPLIT_TILES ? "tiles" : "best");
        strat_knobs k = knobs_without(ways, plans, -1, i);
        if (run(boards, count, &k, without))
            return 1;
        report(name, all, without, count);
        fflush(stdout);
    }
    for (int b = 0; b < count; b++)
        slide_board_free(&boards[b]);
    free(all);
    free(without);
    return 0;
}
