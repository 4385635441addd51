/*
 * solve.c - the algorithm table and slide_solve, the one entry point that
 * checks a board pair, decides solvability and runs an algorithm.
 *
 * Adding an algorithm is one file with a solve_fn and one row below.
 */
#include "core/abi.h"
#include "heuristic/heuristic.h"
#include "search/search.h"
#include "search/shorten.h"
#include "strategy/strategy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const algorithm algo_table[] = {
    {{"bfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE,
      "breadth-first search (judges' reference order)"},
     bfs_solve},
    {{"bibfs", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_PACKED,
      "bidirectional breadth-first search, whole layers of the smaller side"},
     bibfs_solve},
    {{"astar", SLIDE_ALGO_OPTIMAL | SLIDE_ALGO_WIDE | SLIDE_ALGO_HEURISTIC | SLIDE_ALGO_WEIGHTED,
      "A* with a bucket queue (heuristic manhattan by default, or linear); with a weight, "
      "anytime weighted A*"},
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
    {{"beam", 0,
      "beam search, near-optimal, boards of at most 254 cells, sides placed first above 36 "
      "(not proven optimal)"},
     beam_solve},
    {{"reduce", SLIDE_ALGO_ANY_SIZE,
      "any size: strategy's rows and columns down to 10x10, then beam search (not proven "
      "optimal)"},
     reduce_solve},
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

/* The context's key of the search's shape and goal (at most 16 cells), into key; its length. */
static size_t quick_key(const search_task *search, uint8_t *key)
{
    key[0] = (uint8_t)search->start->rows;
    key[1] = (uint8_t)search->start->cols;
    search_goal_cells(search, key + 2);
    return 2 + (size_t)search->shape.cells;
}

/*
 * Whether the quick try of auto (auto.c) gave up on an earlier board of
 * this shape and goal in the search's context; with `mark`, records that
 * it gave up on this one.  A run then spends the try once on boards that
 * need the tables, which the context keeps from then on.
 */
static int quick_gave_up(search_task *search, int mark)
{
    if (!search->context)
        return 0;
    uint8_t key[2 + SLIDE_MAX_WIDE_CELLS];
    size_t len = quick_key(search, key);
    if (mark)
        return !context_first_time(search->context, CACHE_QUICK_GAVE_UP, key, len);
    return context_cache_has(search->context, CACHE_QUICK_GAVE_UP, key, len);
}

/*
 * Runs plan, auto's new choice once it learnt why the method that ran gave
 * up with nothing answered: *algo becomes the plan's, the budget is cleared
 * of the old search's limit, and the new search runs with the plan's node
 * cap.  The counters are the new search's, plus the old one's when
 * keep_counts.  Returns the new search's status.
 */
static int solve_again(search_task *search, const auto_plan *plan, const algorithm **algo,
                       int keep_counts)
{
    slide_stats *stats = search->stats;
    uint64_t expanded = keep_counts ? stats->expanded : 0;
    uint64_t generated = keep_counts ? stats->generated : 0;
    *algo = algorithm_find(plan->algo);
    stats->algo = (*algo)->info.name;
    stats->expanded = stats->generated = 0;
    search->node_cap = plan->node_cap;
    search->budget->status = SLIDE_OK;
    int status = (*algo)->solve(search);
    stats->expanded += expanded;
    stats->generated += generated;
    return status;
}

/*
 * slide_solve with the budget's allocation-failure hook (0 = none), or a
 * split search's job, on structs of this release (solve_checked copies a
 * caller's in); opt and stats may be NULL, opt->limits and opt->pdb too.
 */
/*
 * The note and remedy of a board too large for the algorithm that was to
 * answer it (named by the caller, or auto's choice for a weight): what
 * answers it instead.  Up to SLIDE_MAX_WIDE_CELLS cells idastar, optimal;
 * up to AUTO_BEAM_CELLS beam search, near-optimal; strategy above.  With a
 * weight the board is above SLIDE_MAX_WIDE_CELLS (astar and idastar take
 * the rest), where no search bounds the answers: auto answers it without.
 */
static void refuse_too_large(slide_stats *stats, const char *algo, int most_cells, int cells,
                             int weighted, int name_given)
{
    const char *instead = cells <= AUTO_BEAM_CELLS ? "beam search" : "strategy and beam search";
    if (weighted) {
        /* when auto chose the weighted search, say so: the caller named none */
        snprintf(stats->note, sizeof stats->note,
                 name_given ? "%s handles at most %d cells; this one has %d; without a weight "
                              "auto answers it by %s"
                            : "with a weight auto runs %s, which handles at most %d cells; this "
                              "one has %d; without a weight auto answers it by %s",
                 algo, most_cells, cells, instead);
        stats->remedy = name_given ? SLIDE_REMEDY_AUTO_NO_WEIGHT : SLIDE_REMEDY_NO_WEIGHT;
        return;
    }
    snprintf(stats->note, sizeof stats->note,
             "%s handles boards of at most %d cells; this one has %d", algo, most_cells, cells);
    stats->remedy = cells <= SLIDE_MAX_WIDE_CELLS ? SLIDE_REMEDY_ALGO_IDASTAR
                    : cells <= AUTO_BEAM_CELLS    ? SLIDE_REMEDY_ALGO_BEAM
                                                  : SLIDE_REMEDY_ALGO_STRATEGY;
}

static int solve_with_hook(const slide_board *start, const slide_board *goal,
                           const slide_solve_options *opt, unsigned long fail_allocation,
                           ida_job *job, slide_solution *solution, slide_stats *stats_out)
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
    if (!start || !solution)
        return SLIDE_E_ARGUMENT;
    status = slide_board_validate(start, NULL);
    if (status != SLIDE_OK)
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    if (!goal) {
        status = slide_board_init_goal(&standard_goal, start->rows, start->cols);
        if (status != SLIDE_OK)
            return status;
        goal = &standard_goal;
    } else if (goal->rows != start->rows || goal->cols != start->cols) {
        return SLIDE_E_SHAPE;
    } else if ((status = slide_board_validate(goal, NULL)) != SLIDE_OK) {
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    }

    const char *name = opt->algo && strcmp(opt->algo, "auto") != 0 ? opt->algo : NULL;
    unsigned weight = auto_weight(opt->weight);
    /* a piece of a split search (split.c) is optimal idastar: no other method, no weight */
    int job_refused = job && ((name && strcmp(name, "idastar") != 0) || weight != IDA_WEIGHT_ONE);
    if (job)
        name = "idastar";
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
    if (job_refused) {
        snprintf(stats->note, sizeof stats->note, "a split search is idastar without a weight");
        stats->remedy = SLIDE_REMEDY_ALGO_IDASTAR;
        status = SLIDE_E_ARGUMENT;
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
    int most_cells = (algo->info.flags & SLIDE_ALGO_SMALL)    ? SLIDE_MAX_TABLE_CELLS
                     : (algo->info.flags & SLIDE_ALGO_PACKED) ? SLIDE_MAX_PACKED_CELLS
                     : (algo->info.flags & SLIDE_ALGO_WIDE)   ? SLIDE_MAX_WIDE_CELLS
                                                              : 0;
    if (most_cells && cells > most_cells) {
        refuse_too_large(stats, algo->info.name, most_cells, cells, weight != IDA_WEIGHT_ONE,
                         name_given);
        status = SLIDE_E_TOO_LARGE;
        goto done;
    }
    int solvable;
    status = board_solvable(start, goal, &solvable);
    if (status != SLIDE_OK)
        goto done;
    if (!solvable) {
        status = SLIDE_E_UNSOLVABLE;
        goto done;
    }

    budget_init(&budget, opt->limits);
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
    search.pdb = opt->pdb;
    search.progress = opt->progress;
    search.progress_ctx = opt->progress_ctx;
    search.threads = opt->threads > 1 ? opt->threads : 1;
    search.weight = weight;
    search.job = job;
    search.budget = &budget;
    search.stats = stats;
    search.moves = &moves;
    search_task_set_boards(&search, start, goal);
    if (plan.ask_pdb_cached) {
        /* looked for only now that the board is known solvable: it maps the files */
        facts.pdb_cached = pdb_heuristic_cached(&search);
        auto_choose(&facts, &plan);
        algo = algorithm_find(plan.algo);
        stats->algo = algo->info.name;
        search.weight = weight = plan.weight;
        if (plan.reason == AUTO_PDB_ASTAR) {
            search.heuristic = plan.heuristic; /* astar's default is manhattan */
            search.node_cap = plan.node_cap;
        }
        if (plan.reason == AUTO_PDB_MISSING)
            search_note_remedy(&search, SLIDE_REMEDY_PDB_BUILD,
                               "no pattern databases for %dx%d boards and this goal are cached; "
                               "used beam search",
                               start->rows, start->cols);
    }
    if (!(algo->info.flags & SLIDE_ALGO_HEURISTIC)) {
        /* what ran uses none: the stats name none, and say why a named one was not used */
        stats->heuristic = NULL;
        if (opt->heuristic && !stats->note[0])
            search_note(&search, "%s uses no heuristic; %s was not used", algo->info.name,
                        opt->heuristic);
    }
    if (plan.reason == AUTO_QUICK && quick_gave_up(&search, 0)) {
        facts.quick_failed = 1;
        auto_choose(&facts, &plan);
    }
    if (plan.reason == AUTO_QUICK) {
        search.heuristic = plan.heuristic;
        search.node_cap = plan.node_cap;
    }
    /* an answer not proven optimal goes through the shortening pass (search/shorten.c) */
    shortener *shorten = NULL;
    move_list raw;
    if ((!(algo->info.flags & SLIDE_ALGO_OPTIMAL) || search.weight != IDA_WEIGHT_ONE) &&
        !search.job && cells <= SHORTEN_MAX_CELLS) {
        /*
         * The pass is a bonus: without room for it under the memory cap the
         * answer goes out as it comes.  An allocation the system refused
         * (NOMEM) is an error like any other, reported cleanly.
         */
        int opened = shorten_open(&shorten, start, &moves, &budget);
        if (opened == SLIDE_E_NOMEM) {
            status = opened;
            goto done;
        }
        if (opened != SLIDE_OK)
            budget.status = SLIDE_OK;
    }
    if (shorten) {
        memset(&raw, 0, sizeof raw);
        raw.budget = &budget;
        raw.sink = shorten_sink;
        raw.sink_ctx = shorten;
        search.moves = &raw;
    }
    status = algo->solve(&search);
    if ((status == SLIDE_E_MEMLIMIT || status == IDA_NODE_CAP) && plan.reason == AUTO_PDB_ASTAR &&
        search.moves->count == 0) {
        /*
         * Weighted A* had no answer within its memory or expansions (it
         * pushed no move): the weighted ladder, whose memory is the path,
         * answers.
         */
        const char *why =
            status == SLIDE_E_MEMLIMIT ? "before the memory cap" : "within its expansions";
        facts.astar_gave_up = 1;
        auto_choose(&facts, &plan);
        stats->remedy = SLIDE_REMEDY_NONE;
        search_note(&search, "astar at weight %g had no answer %s; used %s at weight %g",
                    (double)weight / IDA_WEIGHT_ONE, why, plan.algo,
                    (double)plan.weight / IDA_WEIGHT_ONE);
        search.weight = weight = plan.weight;
        search.heuristic = plan.heuristic;
        status = solve_again(&search, &plan, &algo, 1);
    }
    if (shorten) {
        if (status == SLIDE_OK)
            status = move_list_flush(&raw);
        int closed = shorten_close(shorten, NULL, NULL);
        if (status == SLIDE_OK)
            status = closed;
        search.moves = &moves;
    }
    if (status == IDA_NODE_CAP && plan.reason == AUTO_QUICK) {
        /*
         * Tables that would have to be built cost about an expansion an
         * entry: linear conflict goes on for about as long first (up to
         * AUTO_QUICK_UNREADY_EXPANSIONS), and a board it answers then never
         * waits for the build.
         */
        uint64_t build = pdb_heuristic_build_states(&search);
        uint64_t rent = build < AUTO_QUICK_UNREADY_EXPANSIONS ? build : AUTO_QUICK_UNREADY_EXPANSIONS;
        if (rent > plan.node_cap) {
            plan.node_cap = rent;
            status = solve_again(&search, &plan, &algo, 1);
        }
    }
    if (status == IDA_NODE_CAP && plan.reason == AUTO_QUICK) {
        /* the quick try did not answer within its expansions: the board gets the tables */
        quick_gave_up(&search, 1);
        facts.quick_failed = 1;
        auto_choose(&facts, &plan);
        search.heuristic = opt->heuristic;
        status = solve_again(&search, &plan, &algo, 1);
    }
    if (status == SLIDE_E_MEMLIMIT && plan.reason == AUTO_TABLE) {
        /*
         * The context's table did not fit its cap (nothing of it is held,
         * nothing was answered): auto asks again knowing that.
         */
        facts.table_fits = 0;
        auto_choose(&facts, &plan);
        stats->remedy = SLIDE_REMEDY_NONE;
        search_note(&search, "the distance table does not fit the memory cap");
        status = solve_again(&search, &plan, &algo, 0);
        if (status == SLIDE_OK && strcmp(stats->note, "the distance table does not fit the memory "
                                                     "cap") == 0)
            search_note(&search, "the distance table does not fit the memory cap; used %s",
                        algo->info.name);
    }
    if (status == SLIDE_OK)
        status = move_list_flush(&moves);
    /* a board that got no answer is not labelled optimal */
    stats->optimal = status == SLIDE_OK && (algo->info.flags & SLIDE_ALGO_OPTIMAL) != 0 &&
                     weight == IDA_WEIGHT_ONE;
    if (status == SLIDE_OK && stats->optimal) {
        stats->lower_bound = moves.count;
    } else if (status == SLIDE_OK && !search.job) {
        /*
         * The answer's length is proven shortest only when optimal: say how
         * far it may be off.  As with the shortening pass, no room under the
         * cap leaves the answer without it; a refusal by the system is an
         * error like any other.
         */
        int bounded = linear_board_bound(start, goal, &budget, &stats->lower_bound);
        if (bounded == SLIDE_E_NOMEM)
            status = bounded;
        else if (bounded != SLIDE_OK)
            budget.status = SLIDE_OK;
    }
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

/* The caller's options and stats checked and copied in (core/abi.h), then solved. */
static int solve_checked(const slide_board *start, const slide_board *goal,
                         const slide_solve_options *opt, unsigned long fail_allocation,
                         ida_job *job, slide_solution *solution, slide_stats *stats)
{
    slide_solve_options options;
    slide_limits limits;
    slide_pdb_options pdb;
    slide_stats figures;
    if (abi_copy_in(&options, sizeof options, opt, ABI_MIN_SOLVE_OPTIONS) != SLIDE_OK ||
        abi_copy_in(&limits, sizeof limits, options.limits, ABI_MIN_LIMITS) != SLIDE_OK ||
        abi_copy_in(&pdb, sizeof pdb, options.pdb, ABI_MIN_PDB_OPTIONS) != SLIDE_OK ||
        abi_check_out(stats, ABI_MIN_STATS) != SLIDE_OK) {
        if (solution)
            memset(solution, 0, sizeof *solution);
        return SLIDE_E_ARGUMENT;
    }
    options.limits = &limits;
    options.pdb = &pdb;
    int status = solve_with_hook(start, goal, &options, fail_allocation, job, solution, &figures);
    abi_copy_out(stats, &figures, sizeof figures);
    return status;
}

int slide_solve(const slide_board *start, const slide_board *goal, const slide_solve_options *opt,
                slide_solution *solution, slide_stats *stats)
{
    return solve_checked(start, goal, opt, 0, NULL, solution, stats);
}

int search_run_job(const slide_board *start, const slide_board *goal,
                   const slide_solve_options *opt, ida_job *job, slide_solution *solution,
                   slide_stats *stats)
{
    return solve_checked(start, goal, opt, 0, job, solution, stats);
}

int slide_testing_solve_failing(const slide_board *start, const slide_board *goal,
                                const slide_solve_options *opt, unsigned long fail_allocation,
                                slide_solution *solution, slide_stats *stats)
{
    return solve_checked(start, goal, opt, fail_allocation, NULL, solution, stats);
}
