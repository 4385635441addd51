/*
 * solve.c - slide_solve, the one entry point that checks a board pair and
 * the request, decides solvability and runs the algorithm (through auto's
 * ladder, auto.c), then shortens and bounds an answer not proven optimal.
 */
#include "core/abi.h"
#include "heuristic/heuristic.h"
#include "search/auto.h"
#include "search/shorten.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void slide_solution_free(slide_solution *solution)
{
    if (!solution)
        return;
    free(solution->moves);
    solution->moves = NULL;
    solution->length = 0;
}

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

/*
 * The goal to solve for into *goal: the caller's, checked against start,
 * or the standard one made in *standard.  SLIDE_OK or why not.
 */
static int check_boards(const slide_board *start, const slide_board **goal, slide_board *standard)
{
    int status = slide_board_validate(start, NULL);
    if (status != SLIDE_OK)
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    if (!*goal) {
        status = slide_board_init_goal(standard, start->rows, start->cols);
        *goal = standard;
        return status;
    }
    if ((*goal)->rows != start->rows || (*goal)->cols != start->cols)
        return SLIDE_E_SHAPE;
    status = slide_board_validate(*goal, NULL);
    return status == SLIDE_OK || status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
}

/*
 * Whether an option holds a number it does not document (weight: its
 * auto_weight, 0 when refused); if so, the note says which.
 */
static int option_refused(const slide_solve_options *opt, unsigned weight, slide_stats *stats)
{
    if (weight == 0)
        snprintf(stats->note, sizeof stats->note, "the weight must be a number from 1 to %g",
                 SLIDE_MAX_WEIGHT);
    else if (opt->threads < 0 || opt->threads > SLIDE_MAX_THREADS)
        snprintf(stats->note, sizeof stats->note, "threads must be a number from 0 to %d",
                 SLIDE_MAX_THREADS);
    else if (opt->limits && isnan(opt->limits->timeout))
        snprintf(stats->note, sizeof stats->note, "the timeout is not a number");
    else if (opt->pdb && opt->pdb->max_group < 0)
        snprintf(stats->note, sizeof stats->note, "max_group must not be negative");
    else if (!(opt->budget >= 0 && opt->budget <= SLIDE_MAX_BUDGET))
        snprintf(stats->note, sizeof stats->note,
                 "the budget must be a number of seconds from 0 to %g", SLIDE_MAX_BUDGET);
    else
        return 0;
    return 1;
}

/*
 * Whether the algorithm that runs first takes the request: a split search
 * is plain idastar, a named heuristic needs an algorithm that uses one, a
 * weight one with a weighted mode, and the board must fit.  SLIDE_OK, or
 * the status with a note and remedy in stats.
 */
static int check_request(const auto_ladder *ladder, const slide_solve_options *opt, unsigned weight,
                         int job_refused, int named_by_caller, int cells, slide_stats *stats)
{
    const algorithm *algo = ladder->algo;
    if (!algo)
        return SLIDE_E_UNKNOWN_ALGO;
    if (job_refused) {
        snprintf(stats->note, sizeof stats->note, "a split search is idastar without a weight");
        stats->remedy = SLIDE_REMEDY_ALGO_IDASTAR;
        return SLIDE_E_ARGUMENT;
    }
    /* a heuristic named for an algorithm that uses none would be silently dropped */
    if (opt->heuristic && !(algo->info.flags & SLIDE_ALGO_HEURISTIC) && named_by_caller) {
        snprintf(stats->note, sizeof stats->note, "%s uses no heuristic", algo->info.name);
        stats->remedy = SLIDE_REMEDY_NO_HEURISTIC;
        return SLIDE_E_ARGUMENT;
    }
    if (option_refused(opt, weight, stats))
        return SLIDE_E_ARGUMENT;
    if (weight != IDA_WEIGHT_ONE && !(algo->info.flags & SLIDE_ALGO_WEIGHTED)) {
        snprintf(stats->note, sizeof stats->note, "%s has no weighted mode", algo->info.name);
        stats->remedy = SLIDE_REMEDY_ALGO_IDASTAR;
        return SLIDE_E_ARGUMENT;
    }
    int most_cells = (algo->info.flags & SLIDE_ALGO_SMALL)    ? SLIDE_MAX_TABLE_CELLS
                     : (algo->info.flags & SLIDE_ALGO_PACKED) ? SLIDE_MAX_PACKED_CELLS
                     : (algo->info.flags & SLIDE_ALGO_WIDE)   ? SLIDE_MAX_WIDE_CELLS
                                                              : 0;
    if (most_cells && cells > most_cells) {
        refuse_too_large(stats, algo->info.name, most_cells, cells, weight != IDA_WEIGHT_ONE,
                         !ladder->automatic);
        return SLIDE_E_TOO_LARGE;
    }
    return SLIDE_OK;
}

/* search, its budget and its move list set up from opt for start and goal. */
static void task_init(search_task *search, search_budget *budget, move_list *moves,
                      const slide_solve_options *opt, const slide_board *start,
                      const slide_board *goal)
{
    memset(moves, 0, sizeof *moves);
    moves->budget = budget;
    moves->sink = opt->sink;
    moves->sink_ctx = opt->sink_ctx;
    moves->count_only = opt->count_only;
    memset(search, 0, sizeof *search);
    search->heuristic = opt->heuristic;
    search->context = opt->context;
    search->pdb = opt->pdb;
    search->progress = opt->progress;
    search->progress_ctx = opt->progress_ctx;
    search->threads = opt->threads > 1 ? opt->threads : 1;
    search->budget = budget;
    search->moves = moves;
    search_task_set_boards(search, start, goal);
}

/*
 * An answer not proven optimal goes through the shortening pass
 * (search/shorten.c): *shorten opened, with search->moves sent to it
 * through *raw.  The pass is a bonus: without room for it under the memory
 * cap the answer goes out as it comes.  An allocation the system refused
 * (NOMEM) is an error like any other, reported cleanly.
 */
static int shortening_open(search_task *search, const algorithm *algo, shortener **shorten,
                           move_list *raw)
{
    *shorten = NULL;
    if (((algo->info.flags & SLIDE_ALGO_OPTIMAL) && search->weight == IDA_WEIGHT_ONE) ||
        search->job || search->shape.cells > SHORTEN_MAX_CELLS)
        return SLIDE_OK;
    int opened = shorten_open(shorten, search->start, search->moves, search->budget);
    if (opened == SLIDE_E_NOMEM)
        return opened;
    if (opened != SLIDE_OK) {
        search->budget->status = SLIDE_OK;
        return SLIDE_OK;
    }
    memset(raw, 0, sizeof *raw);
    raw->budget = search->budget;
    raw->sink = shorten_sink;
    raw->sink_ctx = *shorten;
    search->moves = raw;
    return SLIDE_OK;
}

/* Ends the shortening pass after a search that returned status: the status after it. */
static int shortening_close(search_task *search, shortener *shorten, move_list *moves, int status)
{
    if (!shorten)
        return status;
    if (status == SLIDE_OK)
        status = move_list_flush(search->moves);
    int closed = shorten_close(shorten, NULL, NULL);
    if (status == SLIDE_OK)
        status = closed;
    search->moves = moves;
    return status;
}

/*
 * The answer's length is proven shortest only when optimal: else say how
 * far it may be off.  As with the shortening pass, no room under the cap
 * leaves the answer without it; a refusal by the system is an error like
 * any other.  Returns the status after it.
 */
static int bound_answer(const search_task *search, int optimal, int status)
{
    slide_stats *stats = search->stats;
    if (status != SLIDE_OK)
        return status;
    if (optimal) {
        stats->lower_bound = search->moves->count;
    } else if (!search->job) {
        int bounded =
            linear_board_bound(search->start, search->goal, search->budget, &stats->lower_bound);
        if (bounded == SLIDE_E_NOMEM)
            return bounded;
        if (bounded != SLIDE_OK)
            search->budget->status = SLIDE_OK;
    }
    return status;
}

/*
 * slide_solve with the budget's allocation-failure hook (0 = none), or a
 * split search's job, on structs of this release (solve_checked copies a
 * caller's in); opt and stats may be NULL, opt->limits and opt->pdb too.
 */
static int solve_with_hook(const slide_board *start, const slide_board *goal,
                           const slide_solve_options *opt, unsigned long fail_allocation,
                           ida_job *job, slide_solution *solution, slide_stats *stats_out)
{
    static const slide_solve_options defaults;
    slide_stats local_stats;
    slide_stats *stats = stats_out ? stats_out : &local_stats;
    slide_board standard_goal = {0, 0, 0, NULL};

    if (!opt)
        opt = &defaults;
    memset(stats, 0, sizeof *stats);
    if (solution)
        memset(solution, 0, sizeof *solution);
    if (!start || !solution)
        return SLIDE_E_ARGUMENT;
    int status = check_boards(start, &goal, &standard_goal);
    if (status != SLIDE_OK)
        return status;

    const char *name = opt->algo && strcmp(opt->algo, "auto") != 0 ? opt->algo : NULL;
    int named_by_caller = name != NULL && !job;
    unsigned weight = auto_weight(opt->weight);
    /* a piece of a split search (split.c) is optimal idastar: no other method, no weight */
    int job_refused = job && ((name && strcmp(name, "idastar") != 0) || weight != IDA_WEIGHT_ONE);
    if (job)
        name = "idastar";
    /* what runs first, as far as it is known before the board is searched (auto.c) */
    auto_ladder ladder;
    auto_ladder_begin(&ladder, start->rows, start->cols, opt, weight, name);
    double started = monotonic_now();
    search_budget budget;
    move_list moves;
    search_task search;
    int solvable;

    stats->algo = ladder.algo ? ladder.algo->info.name : NULL;
    stats->heuristic = opt->heuristic;
    status = check_request(&ladder, opt, weight, job_refused, named_by_caller,
                           start->rows * start->cols, stats);
    if (status == SLIDE_OK)
        status = board_solvable(start, goal, &solvable);
    if (status == SLIDE_OK && !solvable)
        status = SLIDE_E_UNSOLVABLE;
    if (status != SLIDE_OK)
        goto done;

    budget_init(&budget, opt->limits);
    budget.fail_at = fail_allocation;
    task_init(&search, &budget, &moves, opt, start, goal);
    search.weight = weight;
    search.job = job;
    search.improve_until = opt->budget > 0 && !job ? started + opt->budget : 0;
    search.stats = stats;
    auto_ladder_prepare(&ladder, &search);
    if (!(ladder.algo->info.flags & SLIDE_ALGO_HEURISTIC)) {
        /* what runs uses none: the stats name none, and say why a named one was not used */
        stats->heuristic = NULL;
        if (opt->heuristic && !stats->note[0])
            search_note(&search, "%s uses no heuristic; %s was not used", ladder.algo->info.name,
                        opt->heuristic);
    }
    shortener *shorten;
    move_list raw;
    status = shortening_open(&search, ladder.algo, &shorten, &raw);
    if (status != SLIDE_OK)
        goto done;
    status = auto_ladder_run(&ladder, &search);
    status = shortening_close(&search, shorten, &moves, status);
    if (status == SLIDE_OK)
        status = move_list_flush(&moves);
    /* a board that got no answer is not labelled optimal */
    stats->optimal = status == SLIDE_OK && (ladder.algo->info.flags & SLIDE_ALGO_OPTIMAL) != 0 &&
                     search.weight == IDA_WEIGHT_ONE;
    status = bound_answer(&search, stats->optimal, status);
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
