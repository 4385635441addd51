/*
 * test_auto.c - every decision of --algo auto (src/search/auto.c), listed.
 *
 * Each table below is a group of rows: the facts auto is given (shape,
 * whether a context keeps tables, the requested heuristic and weight, and
 * what is known of the caches and of the quick try) and the method it must
 * choose, with why.  A
 * change of policy is a change of a row here, and README.md's description
 * of `auto` says the same in prose.  The last cases check that slide_solve
 * runs what the table says, and that callers deciding before a solve (the
 * batch fast path of `slide solve`, the judge's presets) read the same
 * table through slide_solve_uses_table.  The ladders list, for facts, the
 * world's answers and each run's outcome, every step auto takes.
 */
#include "testkit.h"

#include "search/auto.h"

#include <stdio.h>
#include <stdlib.h>

#define ONE IDA_WEIGHT_ONE
#define W1_5 1500u /* SLIDE_AUTO_WEIGHT in thousandths */
#define W1_4 1400u /* SLIDE_AUTO_ASTAR_WEIGHT in thousandths */
#define UNK AUTO_UNKNOWN
/* no heuristic: the search's default, or none for table and strategy */
#define NONE NULL

typedef struct decision {
    int rows, cols;
    int context;           /* a context keeps the tables of a run */
    const char *heuristic; /* requested */
    unsigned weight;       /* requested, thousandths */
    int table_fits;        /* UNK, or 0 once the table was over the cap */
    int pdb_cached;        /* UNK, 0 or 1 */
    /* what auto runs */
    const char *algo;
    const char *runs_heuristic;
    unsigned runs_weight;
    int reason;
    int ask_pdb_cached;
    /* facts given last, as few rows need them: the quick try gave up on this board */
    int quick_failed;
    /* ... weighted A* (AUTO_PDB_ASTAR) had no first answer within its memory or expansions */
    int astar_gave_up;
} decision;

static void check_rows(const decision *rows, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const decision *d = &rows[i];
        auto_facts facts = {
            d->rows,       d->cols,       d->context,      d->heuristic,     d->weight,
            d->table_fits, d->pdb_cached, d->quick_failed, d->astar_gave_up, 0};
        auto_plan plan;
        auto_choose(&facts, &plan);
        char row[160];
        snprintf(row, sizeof row, "row %zu: %dx%d, context %d, heuristic %s, weight %u", i, d->rows,
                 d->cols, d->context, d->heuristic ? d->heuristic : "-", d->weight);
        if (strcmp(plan.algo, d->algo) != 0 ||
            (plan.heuristic ? !d->runs_heuristic || strcmp(plan.heuristic, d->runs_heuristic)
                            : d->runs_heuristic != NULL) ||
            plan.weight != d->runs_weight || plan.reason != d->reason ||
            plan.ask_pdb_cached != d->ask_pdb_cached ||
            plan.node_cap != (d->reason == AUTO_QUICK       ? AUTO_QUICK_EXPANSIONS
                              : d->reason == AUTO_PDB_ASTAR ? AUTO_ASTAR_FIRST_EXPANSIONS
                                                            : 0))
            fail_msg("%s: got %s, heuristic %s, weight %u, reason %d, ask %d", row, plan.algo,
                     plan.heuristic ? plan.heuristic : "-", plan.weight, plan.reason,
                     plan.ask_pdb_cached);
    }
}

#define CHECK_ROWS(rows) check_rows(rows, sizeof rows / sizeof rows[0])

/* At most 9 cells: the context's distance table, unless a heuristic is named or it does not fit. */
static void small_boards_read_the_distance_table(void **state)
{
    (void)state;
    static const decision rows[] = {
        {2, 2, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        {2, 3, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        {3, 2, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        {2, 4, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        {4, 2, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        {3, 3, 1, NONE, ONE, UNK, UNK, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        /* the cache of pattern databases plays no part here */
        {3, 3, 1, NONE, ONE, UNK, 1, "table", NONE, ONE, AUTO_TABLE, 0, 0, 0},
        /* the table did not fit --max-memory: a search whose memory is the path */
        {3, 3, 1, NONE, ONE, 0, UNK, "idastar", "linear", ONE, AUTO_TABLE_TOO_BIG, 0, 0, 0},
        {2, 2, 1, NONE, ONE, 0, UNK, "idastar", "linear", ONE, AUTO_TABLE_TOO_BIG, 0, 0, 0},
        /* no context (a library call on its own): no table is kept, so idastar */
        {3, 3, 0, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {2, 2, 0, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_OPTIMAL, 0, 0, 0},
        /* a named heuristic asks for a search that uses it */
        {3, 3, 1, "manhattan", ONE, UNK, UNK, "idastar", "manhattan", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {3, 3, 1, "linear", ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {3, 3, 1, "pdb", ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 0, 0},
    };
    CHECK_ROWS(rows);
}

/*
 * 10 to 16 cells: optimal IDA*.  First the quick try, linear conflict
 * within AUTO_QUICK_EXPANSIONS (no table to build or map), then, for a
 * board it did not answer, pattern databases; a named heuristic is used
 * from the start.
 */
static void ten_to_sixteen_cells_run_idastar(void **state)
{
    (void)state;
    static const decision rows[] = {
        {2, 5, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {5, 2, 0, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {3, 4, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {4, 3, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {2, 7, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {3, 5, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {4, 4, 1, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {2, 8, 0, NONE, ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        /* the quick try gave up: the pattern databases */
        {2, 5, 1, NONE, ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        {3, 4, 0, NONE, ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        {4, 4, 1, NONE, ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        {2, 8, 1, NONE, ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        /* the full tables held or cached: straight to them, no quick try (744e4ce tried first) */
        {4, 4, 1, NONE, ONE, UNK, 0, "idastar", "linear", ONE, AUTO_QUICK, 0, 0, 0},
        {4, 4, 1, NONE, ONE, UNK, 1, "idastar", "pdb", ONE, AUTO_PDB_AT_HAND, 0, 0, 0},
        {3, 4, 0, NONE, ONE, UNK, 1, "idastar", "pdb", ONE, AUTO_PDB_AT_HAND, 0, 0, 0},
        {4, 4, 1, NONE, ONE, UNK, 0, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        {4, 4, 1, NONE, ONE, UNK, 1, "idastar", "pdb", ONE, AUTO_PDB_AT_HAND, 0, 1, 0},
        /* a named heuristic from the start, and no quick try */
        {4, 4, 1, "linear", ONE, UNK, UNK, "idastar", "linear", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {4, 4, 0, "manhattan", ONE, UNK, UNK, "idastar", "manhattan", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {4, 4, 1, "pdb", ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 0, 0},
        {3, 4, 1, "pdb", ONE, UNK, UNK, "idastar", "pdb", ONE, AUTO_OPTIMAL, 0, 1, 0},
        /* a weight: the ladder on the tables, no quick try (below) */
        {4, 4, 1, NONE, 1500, UNK, UNK, "idastar", "pdb", 1500, AUTO_WEIGHTED, 0, 0, 0},
    };
    CHECK_ROWS(rows);
}

/*
 * 17 to 25 cells on cached pattern databases: anytime weighted A* at
 * SLIDE_AUTO_ASTAR_WEIGHT when both sides are at least 4 (the weighted
 * ladder at SLIDE_AUTO_WEIGHT once A* had no answer within its memory or
 * expansions), the ladder on narrower shapes; else beam search (a build
 * takes minutes).  The cache is looked at only once the board is known
 * solvable: until then the plan is beam and asks.
 */
static void seventeen_to_twentyfive_cells_ask_the_cache(void **state)
{
    (void)state;
    static const decision rows[] = {
        {5, 5, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_PDB_UNKNOWN, 1, 0, 0},
        {5, 5, 1, NONE, ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {5, 5, 1, NONE, ONE, UNK, 0, "beam", NONE, ONE, AUTO_PDB_MISSING, 0, 0, 0},
        {5, 5, 0, NONE, ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {3, 6, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_PDB_UNKNOWN, 1, 0, 0},
        {3, 6, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_CACHED, 0, 0, 0},
        {2, 9, 1, NONE, ONE, UNK, 0, "beam", NONE, ONE, AUTO_PDB_MISSING, 0, 0, 0},
        {4, 5, 1, NONE, ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {5, 4, 1, NONE, ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {4, 6, 1, NONE, ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {3, 7, 1, NONE, ONE, UNK, 0, "beam", NONE, ONE, AUTO_PDB_MISSING, 0, 0, 0},
        {2, 12, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_CACHED, 0, 0, 0},
        {6, 3, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_CACHED, 0, 0, 0},
        /* A* had no answer within its memory or expansions (the last column): the ladder */
        {5, 5, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_GAVE_UP, 0, 0, 1},
        {4, 6, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_GAVE_UP, 0, 0, 1},
        /* that fact changes nothing on a narrow shape, or without the tables */
        {3, 7, 1, NONE, ONE, UNK, 1, "idastar", "pdb", W1_5, AUTO_PDB_CACHED, 0, 0, 1},
        {5, 5, 1, NONE, ONE, UNK, 0, "beam", NONE, ONE, AUTO_PDB_MISSING, 0, 0, 1},
        /* naming pdb is the default spelled out */
        {5, 5, 1, "pdb", ONE, UNK, UNK, "beam", NONE, ONE, AUTO_PDB_UNKNOWN, 1, 0, 0},
        {5, 5, 1, "pdb", ONE, UNK, 1, "astar", "pdb", W1_4, AUTO_PDB_ASTAR, 0, 0, 0},
        {5, 5, 1, "pdb", ONE, UNK, 0, "beam", NONE, ONE, AUTO_PDB_MISSING, 0, 0, 0},
        /* another heuristic: beam, which uses its own, and the cache is not looked at */
        {5, 5, 1, "linear", ONE, UNK, UNK, "beam", NONE, ONE, AUTO_NOT_PDB, 0, 0, 0},
        {5, 5, 1, "linear", ONE, UNK, 1, "beam", NONE, ONE, AUTO_NOT_PDB, 0, 0, 0},
        {4, 5, 1, "manhattan", ONE, UNK, UNK, "beam", NONE, ONE, AUTO_NOT_PDB, 0, 0, 0},
    };
    CHECK_ROWS(rows);
}

/*
 * Over 25 cells: beam search up to 254 cells, then reduce (strategy's rows
 * and columns down to 10x10, beam for the rest), whatever else is asked
 * (except a weight, below).
 */
static void over_twentyfive_cells_run_beam_then_reduce(void **state)
{
    (void)state;
    static const decision rows[] = {
        {2, 13, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {6, 6, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {6, 6, 0, NONE, ONE, UNK, 1, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {6, 6, 1, "pdb", ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {6, 6, 1, "linear", ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {5, 8, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {10, 10, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {2, 127, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_NARROW, 0, 0, 0},
        {2, 30, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_NARROW, 0, 0, 0},
        {17, 5, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_NARROW, 0, 0, 0},
        {3, 19, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {4, 16, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {2, 20, 1, NONE, ONE, UNK, UNK, "beam", NONE, ONE, AUTO_BEAM, 0, 0, 0},
        {15, 17, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_LARGE, 0, 0, 0},
        {100, 3, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_LARGE, 0, 0, 0},
        {2000, 2000, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_LARGE, 0, 0, 0},
        {100000, 100000, 1, NONE, ONE, UNK, UNK, "reduce", NONE, ONE, AUTO_LARGE, 0, 0, 0},
    };
    CHECK_ROWS(rows);
}

/*
 * A weight: idastar's weighted ladder at that weight on every size, before
 * any table or cache is considered (above 25 cells idastar then refuses the
 * board; an out-of-range weight, 0 here, is refused by slide_solve).
 */
static void a_weight_runs_idastar(void **state)
{
    (void)state;
    static const decision rows[] = {
        {3, 3, 1, NONE, 2000, UNK, UNK, "idastar", "linear", 2000, AUTO_WEIGHTED, 0, 0, 0},
        {3, 3, 0, NONE, 2000, UNK, UNK, "idastar", "linear", 2000, AUTO_WEIGHTED, 0, 0, 0},
        {4, 4, 1, NONE, 1500, UNK, UNK, "idastar", "pdb", 1500, AUTO_WEIGHTED, 0, 0, 0},
        {4, 4, 1, "manhattan", 1500, UNK, UNK, "idastar", "manhattan", 1500, AUTO_WEIGHTED, 0, 0,
         0},
        {5, 5, 1, NONE, 3000, UNK, UNK, "idastar", "pdb", 3000, AUTO_WEIGHTED, 0, 0, 0},
        {5, 5, 1, NONE, 3000, UNK, 0, "idastar", "pdb", 3000, AUTO_WEIGHTED, 0, 0, 0},
        {5, 5, 1, "linear", 1200, UNK, UNK, "idastar", "linear", 1200, AUTO_WEIGHTED, 0, 0, 0},
        {6, 6, 1, NONE, 2000, UNK, UNK, "idastar", "pdb", 2000, AUTO_WEIGHTED, 0, 0, 0},
        {3, 3, 1, NONE, 0, UNK, UNK, "idastar", "linear", 0, AUTO_WEIGHTED, 0, 0, 0},
    };
    CHECK_ROWS(rows);
}

/* idastar's own heuristic when none is named (auto's, and --algo idastar's). */
static void idastar_heuristic_by_size(void **state)
{
    (void)state;
    static const struct {
        long long cells;
        int pdb_fits;
        const char *heuristic;
    } rows[] = {
        {4, 1, "linear"},
        {6, 1, "linear"},
        {9, 1, "linear"},
        {10, 1, "pdb"},
        {12, 1, "pdb"},
        {16, 1, "pdb"},
        {25, 1, "pdb"},
        {9, 0, "linear"},
        /* no pattern database fits --max-memory: linear conflict, with a note */
        {10, 0, "linear"},
        {16, 0, "linear"},
        {25, 0, "linear"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *got = idastar_default_heuristic(rows[i].cells, rows[i].pdb_fits);
        if (strcmp(got, rows[i].heuristic) != 0)
            fail_msg("row %zu: %lld cells, pdb fits %d: %s, not %s", i, rows[i].cells,
                     rows[i].pdb_fits, got, rows[i].heuristic);
    }
}

/* ------------------------------------------------------------ ladders */

/* The answers a ladder gets from the world, and what it recorded there. */
typedef struct test_world {
    int pdb_cached;
    int quick_gave_up_before;
    uint64_t tables_build;
    int recorded; /* times the quick try's giving up was recorded */
} test_world;

static int world_pdb_cached(void *ctx)
{
    return ((test_world *)ctx)->pdb_cached;
}

static int world_quick_gave_up_before(void *ctx)
{
    return ((test_world *)ctx)->quick_gave_up_before;
}

static uint64_t world_tables_build(void *ctx)
{
    return ((test_world *)ctx)->tables_build;
}

static void world_record(void *ctx)
{
    ((test_world *)ctx)->recorded++;
}

/* The reasons (AUTO_*) and notes (AUTO_NOTE_*) as a ladder's text names them. */
static const char *const reason_names[] = {
    "none",    "weighted",    "table",     "table_too_big", "quick",      "quick_longer",
    "optimal", "pdb_unknown", "pdb_astar", "pdb_gave_up",   "pdb_cached", "pdb_missing",
    "not_pdb", "beam",        "large",     "narrow",        "pdb_at_hand"};
static const char *const note_names[] = {
    "", "pdb_missing", "astar_no_room", "astar_no_answer", "table_too_big", "table_too_big_used"};

/* The outcome of run `k` in text such as "nodes memory": the k-th word; past the last, stands. */
static int outcome_of_run(const char *outcomes, int k)
{
    while (k-- > 0 && *outcomes) {
        outcomes += strcspn(outcomes, " ");
        outcomes += strspn(outcomes, " ");
    }
    if (strncmp(outcomes, "nodes", 5) == 0)
        return AUTO_OUT_NODES;
    if (strncmp(outcomes, "memory", 6) == 0)
        return AUTO_OUT_MEMORY;
    return AUTO_OUT_STANDS;
}

/*
 * A whole ladder: the facts (shape, context, heuristic, weight), the
 * world's answers (tables cached, the quick try gave up before, entries a
 * build would make), each run's outcome in order, and every step run as
 * text: its reason, then its node cap and its note when it has them.  Last,
 * how many times the quick try's giving up was recorded in the context.
 */
typedef struct ladder_case {
    int rows, cols, context;
    const char *heuristic;
    unsigned weight;
    int pdb_cached, quick_gave_up_before;
    uint64_t tables_build;
    const char *outcomes;
    const char *steps;
    int recorded;
} ladder_case;

static void check_ladders(const ladder_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const ladder_case *c = &cases[i];
        test_world answers = {c->pdb_cached, c->quick_gave_up_before, c->tables_build, 0};
        auto_world world = {&answers, world_pdb_cached, world_quick_gave_up_before,
                            world_tables_build, world_record};
        auto_facts facts;
        auto_facts_init(&facts, c->rows, c->cols);
        facts.context = c->context;
        facts.heuristic = c->heuristic;
        facts.weight = c->weight;
        auto_step step;
        auto_first(&facts, &step);
        auto_next(&facts, &world, AUTO_OUT_SOLVABLE, &step);
        char steps[400] = "";
        size_t len = 0;
        for (int run = 0; run < 8; run++) {
            len += (size_t)snprintf(steps + len, sizeof steps - len, "%s%s", run ? ", " : "",
                                    reason_names[step.plan.reason]);
            if (step.plan.node_cap)
                len += (size_t)snprintf(steps + len, sizeof steps - len, " cap=%llu",
                                        (unsigned long long)step.plan.node_cap);
            if (step.note)
                len += (size_t)snprintf(steps + len, sizeof steps - len, " note=%s",
                                        note_names[step.note]);
            if (!auto_next(&facts, &world, outcome_of_run(c->outcomes, run), &step))
                break;
        }
        if (strcmp(steps, c->steps) != 0)
            fail_msg("ladder %zu: %dx%d after \"%s\": \"%s\", not \"%s\"", i, c->rows, c->cols,
                     c->outcomes, steps, c->steps);
        if (answers.recorded != c->recorded)
            fail_msg("ladder %zu: recorded the quick try's giving up %d times", i,
                     answers.recorded);
    }
}

#define CHECK_LADDERS(cases) check_ladders(cases, sizeof cases / sizeof cases[0])

/* The distance table, and idastar once it did not fit. */
static void ladders_of_small_boards(void **state)
{
    (void)state;
    static const ladder_case cases[] = {
        {3, 3, 1, NONE, ONE, 0, 0, 0, "", "table", 0},
        {3, 3, 1, NONE, ONE, 0, 0, 0, "memory", "table, table_too_big note=table_too_big", 0},
        /* idastar's own memory cap stands: nothing else would fit */
        {3, 3, 1, NONE, ONE, 0, 0, 0, "memory memory", "table, table_too_big note=table_too_big",
         0},
        {3, 3, 0, NONE, ONE, 0, 0, 0, "memory", "optimal", 0},
        {3, 3, 1, "linear", ONE, 0, 0, 0, "", "optimal", 0},
    };
    CHECK_LADDERS(cases);
}

/*
 * 10 to 16 cells: the quick try, longer when the tables would have to be
 * built (as long as the build, up to AUTO_QUICK_UNREADY_EXPANSIONS), then
 * the tables; recorded in the context once it gave up, so that the next
 * board of the shape and goal goes to the tables at once.
 */
static void ladders_of_the_quick_try(void **state)
{
    (void)state;
    static const ladder_case cases[] = {
        {4, 4, 1, NONE, ONE, 0, 0, 0, "", "quick cap=100000", 0},
        /* the full tables cached (or held): no quick try, whatever the run gives */
        {4, 4, 1, NONE, ONE, 1, 0, 0, "", "pdb_at_hand", 0},
        {4, 4, 0, NONE, ONE, 1, 0, 0, "nodes memory", "pdb_at_hand", 0},
        /* quick tables at hand (no build): after the try, straight to them */
        {4, 4, 1, NONE, ONE, 0, 0, 0, "nodes", "quick cap=100000, optimal", 1},
        /* a build of fewer entries than the try's expansions: no longer try */
        {3, 4, 1, NONE, ONE, 0, 0, 50000, "nodes", "quick cap=100000, optimal", 1},
        /* a build of 3 million entries: the try goes on that long, and answers */
        {4, 4, 1, NONE, ONE, 0, 0, 3000000, "nodes", "quick cap=100000, quick_longer cap=3000000",
         0},
        /* ... or not: the tables after all */
        {4, 4, 1, NONE, ONE, 0, 0, 3000000, "nodes nodes",
         "quick cap=100000, quick_longer cap=3000000, optimal", 1},
        /* a build of 50 million: the longer try is capped */
        {4, 4, 0, NONE, ONE, 0, 0, 50000000, "nodes nodes",
         "quick cap=100000, quick_longer cap=5000000, optimal", 1},
        /* the tables' own caps stand */
        {4, 4, 1, NONE, ONE, 0, 0, 0, "nodes memory", "quick cap=100000, optimal", 1},
        /* the context saw the try give up on this shape and goal: no try */
        {4, 4, 1, NONE, ONE, 0, 1, 3000000, "", "optimal", 0},
        /* a named heuristic or a weight: no try, and their outcome stands */
        {4, 4, 1, "linear", ONE, 0, 0, 0, "nodes", "optimal", 0},
        {4, 4, 1, NONE, 1500, 0, 0, 0, "memory", "weighted", 0},
    };
    CHECK_LADDERS(cases);
}

/*
 * 17 to 25 cells: the cache looked at once the board is known solvable;
 * weighted A*, then the weighted ladder when A* had no answer; beam
 * without tables, with a note that building them would help.
 */
static void ladders_of_seventeen_to_twentyfive_cells(void **state)
{
    (void)state;
    static const ladder_case cases[] = {
        {5, 5, 1, NONE, ONE, 1, 0, 0, "", "pdb_astar cap=1000000", 0},
        {5, 5, 1, NONE, ONE, 1, 0, 0, "nodes",
         "pdb_astar cap=1000000, pdb_gave_up note=astar_no_answer", 0},
        {4, 6, 0, NONE, ONE, 1, 0, 0, "memory",
         "pdb_astar cap=1000000, pdb_gave_up note=astar_no_room", 0},
        /* the weighted ladder's own memory cap stands */
        {5, 5, 1, NONE, ONE, 1, 0, 0, "nodes memory",
         "pdb_astar cap=1000000, pdb_gave_up note=astar_no_answer", 0},
        {3, 6, 1, NONE, ONE, 1, 0, 0, "memory", "pdb_cached", 0},
        {5, 5, 1, NONE, ONE, 0, 0, 0, "memory", "pdb_missing note=pdb_missing", 0},
        {2, 9, 1, "pdb", ONE, 0, 0, 0, "", "pdb_missing note=pdb_missing", 0},
        {5, 5, 1, "linear", ONE, 1, 0, 0, "", "not_pdb", 0},
        {5, 5, 1, NONE, 3000, 1, 0, 0, "nodes", "weighted", 0},
    };
    CHECK_LADDERS(cases);
}

/* Over 25 cells: one step, whatever its outcome. */
static void ladders_of_large_boards(void **state)
{
    (void)state;
    static const ladder_case cases[] = {
        {6, 6, 1, NONE, ONE, 1, 0, 0, "memory", "beam", 0},
        {15, 17, 1, NONE, ONE, 1, 0, 0, "nodes", "large", 0},
    };
    CHECK_LADDERS(cases);
}

/*
 * slide_solve_uses_table, for callers that decide before solving: the
 * batch fast path reads the table itself where it says so, and the judge's
 * "table" presets run bfs where it does not.  Time, threads and memory
 * limits choose nothing (a table over the cap is refused when it is built);
 * a weight does, as in slide_solve.
 */
static void callers_deciding_before_a_solve(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    static const struct {
        int rows, cols;
        int context;
        const char *algo;
        const char *heuristic;
        double weight;
        int uses_table;
    } rows[] = {
        {3, 3, 1, NULL, NULL, 0, 1},
        {3, 3, 1, "auto", NULL, 0, 1},
        {2, 2, 1, NULL, NULL, 0, 1},
        {2, 4, 1, NULL, NULL, 0, 1},
        {4, 2, 1, "table", NULL, 0, 1},
        {3, 3, 1, "table", NULL, 0, 1},
        /*
         * a weight asks for idastar's ladder, as slide_solve runs it, so a
         * batch answers a board as an argument gets it (and table takes none);
         * a weight of 1 is the optimal search
         */
        {3, 3, 1, NULL, NULL, 2, 0},
        {3, 3, 1, "auto", NULL, 1.5, 0},
        {3, 3, 1, "table", NULL, 2, 0},
        {3, 3, 1, NULL, NULL, 1, 1},
        {3, 3, 1, "table", NULL, 1, 1},
        {3, 3, 1, NULL, "linear", 0, 0},
        {3, 3, 1, "table", "linear", 0, 0},
        {3, 3, 0, NULL, NULL, 0, 0},
        {3, 3, 0, "table", NULL, 0, 0},
        {3, 3, 1, "bfs", NULL, 0, 0},
        {3, 3, 1, "idastar", NULL, 0, 0},
        {3, 4, 1, NULL, NULL, 0, 0},
        {4, 4, 1, "table", NULL, 0, 0},
        {5, 5, 1, NULL, NULL, 0, 0},
        {0, 3, 1, NULL, NULL, 0, 0},
        {-3, 3, 1, NULL, NULL, 0, 0},
        /* shapes slide_solve refuses (one row or column) use nothing */
        {1, 4, 1, NULL, NULL, 0, 0},
        {3, 1, 1, "table", NULL, 0, 0},
        {1, 1, 1, NULL, NULL, 0, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        for (int limited = 0; limited < 2; limited++) {
            slide_solve_options opt = slide_solve_options_init();
            slide_limits limits = slide_limits_init();
            opt.limits = &limits;
            opt.context = rows[i].context ? ctx : NULL;
            opt.algo = rows[i].algo;
            opt.heuristic = rows[i].heuristic;
            opt.weight = rows[i].weight;
            if (limited) {
                limits.max_memory = (size_t)1 << 20;
                limits.timeout = 0.5;
                opt.threads = 4;
            }
            if (slide_solve_uses_table(rows[i].rows, rows[i].cols, &opt) != rows[i].uses_table)
                fail_msg("row %zu (limits %d): expected %d", i, limited, rows[i].uses_table);
        }
    }
    assert_false(slide_solve_uses_table(3, 3, NULL));
    slide_context_free(ctx);
}

/*
 * slide_solve runs what the table says, and slide_algo_auto is the
 * table's answer for a board alone: a few boards end to end, with no disk
 * cache (so 17-25 cells find no pattern databases).
 */
static void slide_solve_runs_the_plan(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    static const struct {
        int rows, cols;
        int context;
        double weight;
        size_t max_memory;
        const char *algo;
        const char *heuristic; /* stats' heuristic; NULL: not checked */
        double stats_weight;
    } rows[] = {
        {3, 3, 1, 0, 0, "table", NULL, 0},
        {3, 3, 0, 0, 0, "idastar", "linear", 0},
        {3, 3, 1, 2, 0, "idastar", "linear", 2},
        /* a cap the distance table does not fit (3x3: 1.7 MiB, 3.8 MiB while built) */
        {3, 3, 1, 0, (size_t)3 << 20, "idastar", "linear", 0},
        {2, 3, 1, 0, 0, "table", NULL, 0},
        {5, 5, 1, 0, 0, "beam", NULL, 0},
        {6, 6, 1, 0, 0, "beam", NULL, 0},
    };
    slide_rng rng;
    slide_rng_seed(&rng, 4);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        slide_board goal, start;
        assert_int_equal(slide_board_init_goal(&goal, rows[i].rows, rows[i].cols), SLIDE_OK);
        assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_WALK, 40, &rng), SLIDE_OK);
        slide_context *run_ctx = ctx;
        if (rows[i].max_memory) {
            slide_context_options copt = slide_context_options_init();
            copt.max_memory = rows[i].max_memory;
            assert_int_equal(slide_context_create(&run_ctx, &copt), SLIDE_OK);
        }
        slide_solve_options opt = slide_solve_options_init();
        slide_pdb_options pdb = slide_pdb_options_init();
        opt.pdb = &pdb;
        slide_limits limits = slide_limits_init();
        opt.limits = &limits;
        opt.context = rows[i].context ? run_ctx : NULL;
        opt.weight = rows[i].weight;
        limits.max_memory = rows[i].max_memory;
        pdb.no_disk_cache = 1;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        assert_int_equal(slide_solve(&start, NULL, &opt, &sol, &st), SLIDE_OK);
        testkit_assert_solves(&start, NULL, sol.moves);
        if (strcmp(st.algo, rows[i].algo) != 0 ||
            (rows[i].heuristic && strcmp(st.heuristic, rows[i].heuristic) != 0) ||
            st.weight != rows[i].stats_weight)
            fail_msg("row %zu: %dx%d ran %s, heuristic %s, weight %g", i, rows[i].rows,
                     rows[i].cols, st.algo, st.heuristic ? st.heuristic : "-", st.weight);
        if (!rows[i].context && !rows[i].weight)
            assert_string_equal(st.algo, slide_algo_auto(&start));
        slide_solution_free(&sol);
        if (run_ctx != ctx)
            slide_context_free(run_ctx);
        slide_board_free(&start);
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

/*
 * On 17 to 25 cells auto looks whether the tables are cached by mapping
 * them: a look, which must not show in the search's peak (it did: a 5x5
 * board's peak was its 121.6 MiB of tables).  3x6 tables of up to 5 tiles
 * (1.5 MiB) are more than the ladder's own 1.1 MiB.
 */
static void looking_at_the_cache_is_not_the_search_s_memory(void **state)
{
    (void)state;
    char dir[] = "/tmp/slide-test-auto-XXXXXX";
    assert_non_null(mkdtemp(dir));
    testkit_run r =
        RUN(NULL, "pdb", "build", "--size", "3x6", "--max-group", "5", "--cache-dir", dir);
    assert_int_equal(r.status, 0);
    testkit_run_free(&r);
    slide_board start = testkit_board("7 2 4 9 11 5 13 1 x 8 17 6 14 15 3 10 16 12", 3, 6);
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    opt.context = ctx;
    pdb.cache_dir = dir;
    pdb.max_group = 5;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_solve(&start, NULL, &opt, &sol, &st), SLIDE_OK);
    testkit_assert_solves(&start, NULL, sol.moves);
    assert_string_equal(st.algo, "idastar");
    assert_true(st.table_memory > ((size_t)1 << 20));
    if (st.peak_memory >= st.table_memory)
        fail_msg("peak %zu bytes, tables %zu: the look at the cache counted", st.peak_memory,
                 st.table_memory);
    slide_solution_free(&sol);
    slide_context_free(ctx);
    slide_board_free(&start);
    testkit_remove_dir(dir);
}

/*
 * slide_solve with auto on a context without disk cache, tables of at most
 * max_group tiles (0: the default); its status, answer in *moves.
 */
static int solve_auto_groups(slide_context *ctx, const char *board, const char *heuristic,
                             int max_group, char **moves, slide_stats *st)
{
    slide_board start = testkit_board(board, 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    pdb.no_disk_cache = 1;
    pdb.max_group = max_group;
    opt.context = ctx;
    opt.heuristic = heuristic;
    slide_solution sol;
    *st = slide_stats_init();
    int status = slide_solve(&start, NULL, &opt, &sol, st);
    if (status == SLIDE_OK)
        testkit_assert_solves(&start, NULL, sol.moves);
    *moves = sol.moves;
    slide_board_free(&start);
    return status;
}

/* solve_auto_groups with tables of 3 tiles, which build in microseconds. */
static int solve_auto(slide_context *ctx, const char *board, const char *heuristic, char **moves,
                      slide_stats *st)
{
    return solve_auto_groups(ctx, board, heuristic, 3, moves, st);
}

/*
 * The quick try end to end (AUTO_QUICK): an easy board is answered by
 * linear conflict alone, no table built; a hard one by the pattern
 * databases once the try gave up, with the string either search gives
 * alone (the first shortest path in u, d, l, r order), its stats adding
 * up both; the run's later boards of the same shape and goal go to the
 * tables at once.  Where the tables would take millions of entries to
 * build, linear conflict goes on first and answers the hard board itself.
 */
static void quick_try_then_tables(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_stats st = slide_stats_init(), alone = slide_stats_init();
    char *moves, *linear, *pdb;

    assert_int_equal(solve_auto(ctx, "1 2 3 4/5 6 7 8/9 10 x 11", NULL, &moves, &st), SLIDE_OK);
    assert_string_equal(moves, "r");
    assert_string_equal(st.heuristic, "linear");
    assert_int_equal(st.table_memory, 0);
    assert_true(st.optimal);
    free(moves);

    /* 44 moves, past the try's expansions (linear conflict alone needs 213,964) */
    const char *hard = "4 3 1 x/7 5 6 9/11 10 8 2";
    assert_int_equal(solve_auto(ctx, hard, "linear", &linear, &alone), SLIDE_OK);
    assert_true(alone.expanded > AUTO_QUICK_EXPANSIONS);
    assert_int_equal(solve_auto(ctx, hard, "pdb", &pdb, &alone), SLIDE_OK);
    assert_string_equal(linear, pdb);
    slide_context *fresh;
    assert_int_equal(slide_context_create(&fresh, NULL), SLIDE_OK);
    assert_int_equal(solve_auto(fresh, hard, NULL, &moves, &st), SLIDE_OK);
    assert_string_equal(moves, pdb);
    assert_string_equal(st.heuristic, "pdb");
    assert_true(st.optimal);
    assert_true(st.expanded >= AUTO_QUICK_EXPANSIONS + alone.expanded);
    free(moves);
    /* the run's next hard board: no second try */
    assert_int_equal(solve_auto(fresh, hard, NULL, &moves, &st), SLIDE_OK);
    assert_string_equal(moves, pdb);
    assert_int_equal(st.expanded, alone.expanded);
    free(moves);
    /* from then on the run's boards of that shape and goal go to the tables, even an easy one */
    assert_int_equal(solve_auto(fresh, "1 2 3 4/5 6 7 8/9 10 x 11", NULL, &moves, &st), SLIDE_OK);
    assert_string_equal(st.heuristic, "pdb");
    free(moves);
    /* tables of 6 tiles: millions of entries to build, not at hand; linear conflict goes on */
    slide_stats linear_alone = slide_stats_init();
    assert_int_equal(solve_auto(ctx, hard, "linear", &moves, &linear_alone), SLIDE_OK);
    free(moves);
    assert_true(linear_alone.expanded < AUTO_QUICK_UNREADY_EXPANSIONS);
    slide_context *unbuilt;
    assert_int_equal(slide_context_create(&unbuilt, NULL), SLIDE_OK);
    assert_int_equal(solve_auto_groups(unbuilt, hard, NULL, 6, &moves, &st), SLIDE_OK);
    assert_string_equal(moves, linear);
    assert_string_equal(st.heuristic, "linear");
    assert_int_equal(st.table_memory, 0);
    assert_true(st.optimal);
    assert_true(st.expanded >= AUTO_QUICK_EXPANSIONS + linear_alone.expanded);
    free(moves);
    slide_context_free(unbuilt);
    free(linear);
    free(pdb);
    slide_context_free(fresh);
    slide_context_free(ctx);
}

/*
 * A judge's one-case run on a cache that cannot be written (a read-only
 * file system): the 30-move board is answered by the quick try, with no
 * table built, in the memory of a path (it built the 3-6-6 tables in
 * memory before, 72 MB and seconds).
 */
static void uva10181_case_builds_no_tables(void **state)
{
    (void)state;
    char *saved = testkit_env_set("SLIDE_CACHE_DIR", "/proc/slide-cannot-be-written");
    const char *args[] = {"solve", "--problem", "uva10181", NULL};
    testkit_run r = testkit_slide(args, "1\n5 1 2 7\n10 9 4 8\n0 3 6 12\n14 13 11 15\n");
    testkit_env_restore("SLIDE_CACHE_DIR", saved);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "UURRDDLDLURURDDLLURDRRUUULDRDD\n");
    assert_string_equal(r.err, "");
    /* far below the 72 MB of tables; the sanitized Debug build alone holds about 16 MB */
    assert_true(r.peak_kib < 32 * 1024);
    testkit_run_free(&r);
}

/*
 * A named heuristic that auto's method does not use (beam, on 17-25
 * cells without cached tables) is not reported as used: the stats name no
 * heuristic and the note says it was not used.
 */
static void stats_name_the_heuristic_that_ran(void **state)
{
    (void)state;
    slide_stats st = slide_stats_init();
    char *moves;
    const char *board = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 x 24";
    assert_int_equal(solve_auto(NULL, board, "linear", &moves, &st), SLIDE_OK);
    assert_string_equal(st.algo, "beam");
    assert_null(st.heuristic);
    assert_non_null(strstr(st.note, "beam uses no heuristic; linear was not used"));
    free(moves);
    assert_int_equal(solve_auto(NULL, board, "pdb", &moves, &st), SLIDE_OK);
    assert_string_equal(st.algo, "beam");
    assert_null(st.heuristic);
    free(moves);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(small_boards_read_the_distance_table),
    cmocka_unit_test(ten_to_sixteen_cells_run_idastar),
    cmocka_unit_test(seventeen_to_twentyfive_cells_ask_the_cache),
    cmocka_unit_test(over_twentyfive_cells_run_beam_then_reduce),
    cmocka_unit_test(a_weight_runs_idastar),
    cmocka_unit_test(idastar_heuristic_by_size),
    cmocka_unit_test(ladders_of_small_boards),
    cmocka_unit_test(ladders_of_the_quick_try),
    cmocka_unit_test(ladders_of_seventeen_to_twentyfive_cells),
    cmocka_unit_test(ladders_of_large_boards),
    cmocka_unit_test(callers_deciding_before_a_solve),
    cmocka_unit_test(slide_solve_runs_the_plan),
    cmocka_unit_test(looking_at_the_cache_is_not_the_search_s_memory),
    cmocka_unit_test(quick_try_then_tables),
    cmocka_unit_test(uva10181_case_builds_no_tables),
    cmocka_unit_test(stats_name_the_heuristic_that_ran),
};

TESTKIT_MAIN(tests)
