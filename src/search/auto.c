/*
 * auto.c - what --algo auto runs, and why: the one place that decides.
 *
 * The choice reads the board's cell count, whether a context keeps tables
 * between boards, the requested heuristic and weight, and two facts of the
 * caches: whether a small shape's distance table fits the memory cap and
 * whether a 17-25 cell shape's pattern databases are cached; and whether a
 * quick try without tables answered a 10-16 cell board.  None is known up
 * front (the first is known only by building the table, the second maps
 * files, which is not worth it for a board that turns out unsolvable, the
 * third only by trying), so slide_solve asks, fills in the fact, and asks
 * again.  The deadline and
 * the thread count choose nothing; the goal matters only through the caches,
 * which hold tables per goal.
 *
 * tests/test_auto.c lists the decisions, one row a case, so that a change of
 * policy shows up there; README.md's description of --algo auto says the
 * same in prose.
 */
#include "core/abi.h"
#include "heuristic/heuristic.h"
#include "search/search.h"

/* Fills *plan with one row's answer. */
static void plan_set(auto_plan *plan, const char *algo, const char *heuristic, unsigned weight,
                     int reason)
{
    plan->algo = algo;
    plan->heuristic = heuristic;
    plan->weight = weight;
    plan->reason = reason;
    plan->ask_pdb_cached = 0;
    plan->node_cap = 0;
}

unsigned auto_weight(double weight)
{
    if (weight == 0 || weight == 1)
        return IDA_WEIGHT_ONE;
    if (!(weight >= 1 && weight <= SLIDE_MAX_WEIGHT))
        return 0;
    return (unsigned)(weight * IDA_WEIGHT_ONE + 0.5);
}

const char *auto_heuristic(long long cells, int pdb_fits)
{
    /* on 9 cells or fewer a search is over before a pattern database would pay */
    if (cells > 9 && pdb_fits)
        return "pdb";
    return heuristic_find("linear") ? "linear" : "manhattan";
}

void auto_choose(const auto_facts *facts, auto_plan *plan)
{
    long long cells = (long long)facts->rows * facts->cols;
    const char *heuristic = facts->heuristic;
    const char *idastar_heuristic = heuristic ? heuristic : auto_heuristic(cells, 1);

    if (facts->weight != IDA_WEIGHT_ONE) {
        /* only idastar takes a weight; above 25 cells it refuses the board */
        plan_set(plan, "idastar", idastar_heuristic, facts->weight, AUTO_WEIGHTED);
    } else if (cells <= SLIDE_MAX_TABLE_CELLS && facts->context && !heuristic) {
        /*
         * A context keeps a small shape's table (built once in a few ms,
         * then microseconds a board).  A named heuristic asks for a search
         * that uses it, and a table over the cap gives way to the search
         * whose memory is the path.
         */
        if (facts->table_fits)
            plan_set(plan, "table", NULL, IDA_WEIGHT_ONE, AUTO_TABLE);
        else
            plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_TABLE_TOO_BIG);
    } else if (cells <= SLIDE_MAX_PACKED_CELLS && !heuristic && cells > SLIDE_MAX_TABLE_CELLS &&
               !facts->quick_failed) {
        /*
         * What costs nothing first: linear conflict needs no table, and a
         * few milliseconds of it answer most boards a judge or a user
         * types (a 27-move 4x4 in microseconds).  Only a board it does not
         * answer is given the pattern databases, which take seconds to
         * build on an empty cache and milliseconds to map on a full one.
         */
        plan_set(plan, "idastar", "linear", IDA_WEIGHT_ONE, AUTO_QUICK);
        plan->node_cap = AUTO_QUICK_EXPANSIONS;
    } else if (cells <= SLIDE_MAX_PACKED_CELLS) {
        plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_OPTIMAL);
    } else if (cells <= SLIDE_MAX_WIDE_CELLS && (!heuristic || strcmp(heuristic, "pdb") == 0)) {
        /*
         * Near-optimal answers when the pattern databases are cached: from
         * anytime weighted A* (about 1.05 x optimal in about 0.6 s on
         * the 24-puzzle, a few hundred MB of states) on shapes whose sides
         * are all at least AUTO_ASTAR_MIN_SIDE, else, or when A* has no
         * answer within its memory or twice AUTO_ASTAR_FIRST_EXPANSIONS (the
         * second half at a larger weight), from the weighted ladder (memory
         * for the path only).  Without tables beam
         * search, which needs none (building them takes minutes, which auto
         * never spends unasked) and answers a 5x5 in about 0.2 s within
         * about 1.1 x optimal.
         */
        if (facts->pdb_cached == AUTO_UNKNOWN) {
            plan_set(plan, "beam", NULL, IDA_WEIGHT_ONE, AUTO_PDB_UNKNOWN);
            plan->ask_pdb_cached = 1;
        } else if (facts->pdb_cached) {
            unsigned ladder = (unsigned)(SLIDE_AUTO_WEIGHT * IDA_WEIGHT_ONE + 0.5);
            unsigned astar = (unsigned)(SLIDE_AUTO_ASTAR_WEIGHT * IDA_WEIGHT_ONE + 0.5);
            if (facts->rows < AUTO_ASTAR_MIN_SIDE || facts->cols < AUTO_ASTAR_MIN_SIDE) {
                plan_set(plan, "idastar", "pdb", ladder, AUTO_PDB_CACHED);
            } else if (facts->astar_gave_up) {
                plan_set(plan, "idastar", "pdb", ladder, AUTO_PDB_GAVE_UP);
            } else {
                plan_set(plan, "astar", "pdb", astar, AUTO_PDB_ASTAR);
                plan->node_cap = AUTO_ASTAR_FIRST_EXPANSIONS;
            }
        } else {
            plan_set(plan, "beam", NULL, IDA_WEIGHT_ONE, AUTO_PDB_MISSING);
        }
    } else if (cells <= AUTO_BEAM_CELLS) {
        /* beam search over the whole board (side by side first above 36 cells) */
        plan_set(plan, "beam", NULL, IDA_WEIGHT_ONE,
                 cells <= SLIDE_MAX_WIDE_CELLS ? AUTO_NOT_PDB : AUTO_BEAM);
    } else {
        /* strategy's rows and columns down to 10x10 (6x6 on large boards), then beam search */
        plan_set(plan, "reduce", NULL, IDA_WEIGHT_ONE, AUTO_LARGE);
    }
}

void auto_facts_init(auto_facts *facts, int rows, int cols)
{
    facts->rows = rows;
    facts->cols = cols;
    facts->context = 0;
    facts->heuristic = NULL;
    facts->weight = IDA_WEIGHT_ONE;
    facts->table_fits = AUTO_UNKNOWN;
    facts->pdb_cached = AUTO_UNKNOWN;
    facts->quick_failed = 0;
    facts->astar_gave_up = 0;
}

const char *slide_algo_auto(const slide_board *start)
{
    auto_facts facts;
    auto_plan plan;
    auto_facts_init(&facts, start->rows, start->cols);
    auto_choose(&facts, &plan);
    return plan.algo;
}

int slide_solve_uses_table(int rows, int cols, const slide_solve_options *caller)
{
    slide_solve_options options;
    const slide_solve_options *opt = &options;
    if (!caller || abi_copy_in(&options, sizeof options, caller, ABI_MIN_SOLVE_OPTIONS) != SLIDE_OK)
        return 0;
    if (!opt->context || rows < 2 || cols < 2)
        return 0;
    /* a weight asks for idastar's ladder (slide_solve refuses it for table): no table */
    unsigned weight = auto_weight(opt->weight);
    if (opt->algo && strcmp(opt->algo, "auto") != 0)
        return strcmp(opt->algo, "table") == 0 && !opt->heuristic && weight == IDA_WEIGHT_ONE &&
               (long long)rows * cols <= SLIDE_MAX_TABLE_CELLS;
    auto_facts facts;
    auto_plan plan;
    auto_facts_init(&facts, rows, cols);
    facts.context = 1;
    facts.heuristic = opt->heuristic;
    facts.weight = weight;
    auto_choose(&facts, &plan);
    return plan.reason == AUTO_TABLE;
}
