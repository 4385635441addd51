/*
 * auto.c - what --algo auto runs, and why: the one place that decides.
 *
 * The choice reads the board's cell count, whether a context keeps tables
 * between boards, the requested heuristic and weight, and two facts of the
 * caches: whether a small shape's distance table fits the memory cap and
 * whether a 17-25 cell shape's pattern databases are cached.  Neither is
 * known up front (the first is known only by building the table, the second
 * maps files, which is not worth it for a board that turns out unsolvable),
 * so slide_solve asks, fills in the fact, and asks again.  The deadline and
 * the thread count choose nothing; the goal matters only through the caches,
 * which hold tables per goal.
 *
 * tests/test_auto.c lists the decisions, one row a case, so that a change of
 * policy shows up there; README.md's description of --algo auto says the
 * same in prose.
 */
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
    } else if (cells <= SLIDE_MAX_PACKED_CELLS) {
        plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_OPTIMAL);
    } else if (cells <= SLIDE_MAX_WIDE_CELLS && (!heuristic || strcmp(heuristic, "pdb") == 0)) {
        /*
         * Near-optimal answers from the weighted ladder when the pattern
         * databases are cached; otherwise strategy, which needs none
         * (building them takes minutes, which auto never spends unasked).
         */
        if (facts->pdb_cached == AUTO_UNKNOWN) {
            plan_set(plan, "strategy", NULL, IDA_WEIGHT_ONE, AUTO_PDB_UNKNOWN);
            plan->ask_pdb_cached = 1;
        } else if (facts->pdb_cached) {
            unsigned weight = (unsigned)(SLIDE_AUTO_WEIGHT * IDA_WEIGHT_ONE + 0.5);
            plan_set(plan, "idastar", "pdb", weight, AUTO_PDB_CACHED);
        } else {
            plan_set(plan, "strategy", NULL, IDA_WEIGHT_ONE, AUTO_PDB_MISSING);
        }
    } else {
        plan_set(plan, "strategy", NULL, IDA_WEIGHT_ONE,
                 cells <= SLIDE_MAX_WIDE_CELLS ? AUTO_NOT_PDB : AUTO_LARGE);
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
}

const char *slide_algo_auto(const slide_board *start)
{
    auto_facts facts;
    auto_plan plan;
    auto_facts_init(&facts, start->rows, start->cols);
    auto_choose(&facts, &plan);
    return plan.algo;
}

int slide_solve_uses_table(int rows, int cols, const slide_solve_options *opt)
{
    if (!opt || !opt->context || rows < 1 || cols < 1)
        return 0;
    if (opt->algo && strcmp(opt->algo, "auto") != 0)
        return strcmp(opt->algo, "table") == 0 && !opt->heuristic &&
               (long long)rows * cols <= SLIDE_MAX_TABLE_CELLS;
    auto_facts facts;
    auto_plan plan;
    auto_facts_init(&facts, rows, cols);
    facts.context = 1;
    facts.heuristic = opt->heuristic;
    /* the weight is not looked at: the table's answer is optimal, within any weight */
    auto_choose(&facts, &plan);
    return plan.reason == AUTO_TABLE;
}
