/*
 * solve.c - the algorithm table and slide_solve, the one entry point that
 * checks a board pair, decides solvability and runs an algorithm.
 *
 * Adding an algorithm is one file with a solve_fn and one row below.
 */
#include "heuristic/heuristic.h"
#include "search/search.h"
#include "strategy/strategy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const algorithm algo_table[] = {
    {{"bfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE, "breadth-first search (judges' reference order)"},
     bfs_solve},
    {{"bibfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_PACKED,
      "bidirectional breadth-first search, whole layers of the smaller side"},
     bibfs_solve},
    {{"astar", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE | SLIDE_ALGO_HEURISTIC,
      "A* with a bucket queue (heuristic manhattan by default, or linear)"},
     astar_solve},
    {{"table", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_PACKED | SLIDE_ALGO_SMALL,
      "exhaustive distance table, boards of at most 9 cells (answers equal bfs)"},
     distance_table_solve},
    {{"idastar",
      SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE | SLIDE_ALGO_HEURISTIC | SLIDE_ALGO_WEIGHTED |
          SLIDE_ALGO_THREADED,
      "iterative-deepening A*, memory for the path only (heuristic pdb on > 9 cells, else linear)"},
     idastar_solve},
    {{"strategy", SLIDE_ALGO_ANY_SIZE,
      "any size, fast, not optimal: rows and columns placed in turn, the last cells by search"},
     strategy_solve},
};

#define ALGO_COUNT (sizeof algo_table / sizeof algo_table[0])

size_t slide_algo_count(void)
{
    return ALGO_COUNT;
}

const slide_algo_info *slide_algo_at(size_t index)
{
    return index < ALGO_COUNT ? &algo_table[index].info : NULL;
}

const algorithm *algorithm_find(const char *name)
{
    for (size_t i = 0; i < ALGO_COUNT; i++)
        if (strcmp(algo_table[i].info.name, name) == 0)
            return &algo_table[i];
    return NULL;
}

const slide_algo_info *slide_algo_by_name(const char *name)
{
    const algorithm *algo = algorithm_find(name);
    return algo ? &algo->info : NULL;
}

void slide_solution_free(slide_solution *solution)
{
    if (!solution)
        return;
    free(solution->moves);
    solution->moves = NULL;
    solution->length = 0;
}

/*
 * The options' weight in thousandths (search_task.weight): IDA_WEIGHT_ONE
 * for an optimal search (0 or 1), 0 when it is out of range.
 */
static unsigned solve_weight(double weight)
{
    if (weight == 0 || weight == 1)
        return IDA_WEIGHT_ONE;
    if (!(weight >= 1 && weight <= SLIDE_MAX_WEIGHT))
        return 0;
    return (unsigned)(weight * IDA_WEIGHT_ONE + 0.5);
}

/* slide_solve with the budget's allocation-failure hook (0 = none). */
static int solve_with_hook(const slide_board *start, const slide_board *goal,
                           const slide_solve_options *opt, unsigned long fail_allocation,
                           slide_solution *solution, slide_stats *stats_out)
{
    static const slide_solve_options defaults;
    slide_stats local_stats;
    slide_stats *stats = stats_out ? stats_out : &local_stats;
    slide_board standard_goal = {0, 0, 0, NULL};
    int status;

    if (!opt)
        opt = &defaults;
    memset(stats, 0, sizeof *stats);
    if (solution)
        memset(solution, 0, sizeof *solution);
    if (!start || !solution || slide_board_validate(start, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    if (!goal) {
        status = slide_board_init_goal(&standard_goal, start->rows, start->cols);
        if (status != SLIDE_OK)
            return status;
        goal = &standard_goal;
    } else if (goal->rows != start->rows || goal->cols != start->cols) {
        return SLIDE_E_SHAPE;
    } else if (slide_board_validate(goal, NULL) != SLIDE_OK) {
        return SLIDE_E_ARGUMENT;
    }

    const char *name = opt->algo && strcmp(opt->algo, "auto") != 0 ? opt->algo : NULL;
    unsigned weight = solve_weight(opt->weight);
    int name_given = name != NULL;
    /* auto: the method as far as it is known before the board is searched (auto.c) */
    auto_facts facts;
    auto_plan plan;
    auto_facts_init(&facts, start->rows, start->cols);
    facts.context = opt->context != NULL;
    facts.heuristic = opt->heuristic;
    facts.weight = weight;
    memset(&plan, 0, sizeof plan);
    if (!name_given) {
        auto_choose(&facts, &plan);
        name = plan.algo;
    }
    const algorithm *algo = algorithm_find(name);
    double started = monotonic_now();
    search_budget budget;
    move_list moves;
    search_task search;

    stats->algo = algo ? algo->info.name : NULL;
    stats->heuristic = opt->heuristic;
    if (!algo) {
        status = SLIDE_E_UNKNOWN_ALGO;
        goto done;
    }
    /* a heuristic named for an algorithm that uses none would be silently dropped */
    if (opt->heuristic && !(algo->info.flags & SLIDE_ALGO_HEURISTIC) && name == opt->algo) {
        snprintf(stats->note, sizeof stats->note, "%s uses no heuristic", algo->info.name);
        stats->remedy = SLIDE_REMEDY_NO_HEURISTIC;
        status = SLIDE_E_ARGUMENT;
        goto done;
    }
    if (weight == 0) {
        snprintf(stats->note, sizeof stats->note, "the weight must be a number from 1 to %g",
                 SLIDE_MAX_WEIGHT);
        status = SLIDE_E_ARGUMENT;
        goto done;
    }
    if (weight != IDA_WEIGHT_ONE && !(algo->info.flags & SLIDE_ALGO_WEIGHTED)) {
        snprintf(stats->note, sizeof stats->note, "%s has no weighted mode", algo->info.name);
        stats->remedy = SLIDE_REMEDY_ALGO_IDASTAR;
        status = SLIDE_E_ARGUMENT;
        goto done;
    }
    int cells = start->rows * start->cols;
    int most_cells = (algo->info.flags & SLIDE_ALGO_PACKED) ? SLIDE_MAX_PACKED_CELLS
                     : (algo->info.flags & SLIDE_ALGO_WIDE) ? SLIDE_MAX_WIDE_CELLS
                                                             : 0;
    if (most_cells && cells > most_cells) {
        snprintf(stats->note, sizeof stats->note,
                 "%s handles boards of at most %d cells; this one has %d", algo->info.name,
                 most_cells, cells);
        stats->remedy = SLIDE_REMEDY_ALGO_STRATEGY;
        status = SLIDE_E_TOO_LARGE;
        goto done;
    }
    if ((algo->info.flags & SLIDE_ALGO_SMALL) && cells > SLIDE_MAX_TABLE_CELLS) {
        snprintf(stats->note, sizeof stats->note,
                 "%s handles boards of at most %d cells; this one has %d", algo->info.name,
                 SLIDE_MAX_TABLE_CELLS, cells);
        stats->remedy = SLIDE_REMEDY_ALGO_IDASTAR;
        status = SLIDE_E_TOO_LARGE;
        goto done;
    }
    if (!slide_solvable(start, goal)) {
        status = SLIDE_E_UNSOLVABLE;
        goto done;
    }

    budget_init(&budget, &opt->limits);
    budget.fail_at = fail_allocation;
    memset(&moves, 0, sizeof moves);
    moves.budget = &budget;
    moves.sink = opt->sink;
    moves.sink_ctx = opt->sink_ctx;
    moves.count_only = opt->count_only;
    memset(&search, 0, sizeof search);
    search.start = start;
    search.goal = goal;
    search.heuristic = opt->heuristic;
    search.context = opt->context;
    search.pdb = &opt->pdb;
    search.progress = opt->progress;
    search.progress_ctx = opt->progress_ctx;
    search.automatic = !opt->algo || strcmp(opt->algo, "auto") == 0;
    search.threads = opt->threads > 1 ? opt->threads : 1;
    search.weight = weight;
    search.budget = &budget;
    search.stats = stats;
    search.moves = &moves;
    if (cells <= SLIDE_MAX_WIDE_CELLS)
        geometry_init(&search.shape, start->rows, start->cols);
    if (cells > SLIDE_MAX_PACKED_CELLS && cells <= SLIDE_MAX_WIDE_CELLS) {
        search.start_wide = state128_pack(start);
        search.goal_wide = state128_pack(goal);
    } else if (cells <= SLIDE_MAX_PACKED_CELLS) {
        search.start_state = state_pack(start);
        search.goal_state = state_pack(goal);
    }
    if (plan.ask_pdb_cached) {
        /* looked for only now that the board is known solvable: it maps the files */
        facts.pdb_cached = pdb_heuristic_cached(&search);
        auto_choose(&facts, &plan);
        algo = algorithm_find(plan.algo);
        stats->algo = algo->info.name;
        search.weight = weight = plan.weight;
        if (plan.reason == AUTO_PDB_MISSING)
            search_note_remedy(&search, SLIDE_REMEDY_PDB_BUILD,
                               "no pattern databases for %dx%d boards and this goal are cached; "
                               "used strategy",
                               start->rows, start->cols);
    }
    status = algo->solve(&search);
    if (status == SLIDE_E_MEMLIMIT && plan.reason == AUTO_TABLE) {
        /*
         * The context's table did not fit its cap (nothing of it is held,
         * nothing was answered): auto asks again knowing that.
         */
        facts.table_fits = 0;
        auto_choose(&facts, &plan);
        algo = algorithm_find(plan.algo);
        stats->algo = algo->info.name;
        stats->expanded = stats->generated = 0;
        stats->remedy = SLIDE_REMEDY_NONE;
        search_note(&search, "the distance table does not fit the memory cap; used %s",
                    algo->info.name);
        budget.status = SLIDE_OK;
        status = algo->solve(&search);
    }
    if (status == SLIDE_OK)
        status = move_list_flush(&moves);
    /* a board that got no answer is not labelled optimal */
    stats->optimal = status == SLIDE_OK && (algo->info.flags & SLIDE_ALGO_OPTIMAL) != 0 &&
                     weight == IDA_WEIGHT_ONE;
    stats->peak_memory = budget.peak;
    if (status == SLIDE_OK) {
        solution->length = moves.count;
        if (!opt->sink && !opt->count_only) {
            /* the string leaves the budget: the caller owns it now */
            solution->moves = moves.data ? moves.data : calloc(1, 1);
            moves.data = NULL;
            if (!solution->moves)
                status = SLIDE_E_NOMEM;
        }
    }
    budget_free(&budget, moves.data, moves.cap);

done:
    stats->seconds = monotonic_now() - started;
    slide_board_free(&standard_goal);
    return status;
}

int slide_solve(const slide_board *start, const slide_board *goal, const slide_solve_options *opt,
                slide_solution *solution, slide_stats *stats)
{
    return solve_with_hook(start, goal, opt, 0, solution, stats);
}

int slide_testing_solve_failing(const slide_board *start, const slide_board *goal,
                                const slide_solve_options *opt, unsigned long fail_allocation,
                                slide_solution *solution, slide_stats *stats)
{
    return solve_with_hook(start, goal, opt, fail_allocation, solution, stats);
}
