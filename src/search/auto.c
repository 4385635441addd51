/*
 * auto.c - what --algo auto runs, and why: the one place that decides.
 *
 * The choice (auto_choose) reads the board's cell count, whether a context
 * keeps tables between boards, the requested heuristic and weight, and
 * facts that are known only later: whether a small shape's distance table
 * fits the memory cap (known by building it), whether a 10-25 cell shape's
 * pattern databases are held or cached (known by a look at the files'
 * headers, asked only for a solvable board), whether a quick try without
 * tables answered a 10-16 cell board (known by trying).  The deadline and the
 * thread count choose nothing; the goal matters only through the caches,
 * which hold tables per goal.
 *
 * The ladder (auto_next) is the loop around the choice: run the plan, read
 * how it ended, learn the fact that outcome teaches, choose again.  Its
 * table, auto_transitions, lists every step that leads on; any other
 * outcome stands.  What a step says comes from the table too (auto_notes).
 *
 * tests/test_auto.c lists the decisions, one row a case, and whole ladders,
 * so that a change of policy shows up there.
 */
#include "core/abi.h"
#include "heuristic/heuristic.h"
#include "search/auto.h"

#include <stdio.h>

/* Fills *plan with one row's answer. */
static void plan_set(auto_plan *plan, const char *algo, const char *heuristic, unsigned weight,
                     int reason)
{
    plan->algo = algo;
    plan->heuristic = heuristic;
    plan->weight = weight;
    plan->reason = reason;
    plan->ask_pdb_cached = 0;
    plan->names_heuristic = 0;
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

/*
 * Whether a board of 26 to AUTO_BEAM_CELLS cells is so long and narrow that
 * beam search strays on it (it places a side at a time, and the estimate
 * leads a narrow beam astray) and reduce answers about as short in a small
 * fraction of the time: a side of at most 3 and 60 cells or more, or a side
 * of at most 5 and more than 64 cells.  Shorter or squarer boards keep
 * beam, whose answers are shorter there.
 */
static int auto_narrow(int rows, int cols)
{
    int side = rows < cols ? rows : cols, cells = rows * cols;
    return (side <= 3 && cells >= 60) || (side <= 5 && cells > 64);
}

void auto_choose(const auto_facts *facts, auto_plan *plan)
{
    long long cells = (long long)facts->rows * facts->cols;
    const char *heuristic = facts->heuristic;
    const char *idastar_heuristic = heuristic ? heuristic : idastar_default_heuristic(cells, 1);

    if (facts->weight != IDA_WEIGHT_ONE) {
        /* only idastar takes a weight; above 25 cells it refuses the board */
        plan_set(plan, "idastar", idastar_heuristic, facts->weight, AUTO_WEIGHTED);
    } else if (cells <= SLIDE_MAX_TABLE_CELLS && facts->context && !heuristic) {
        /*
         * A context keeps a small shape's table, built once for the run.  A named heuristic asks
         * for a search that uses it, and a table over the cap gives way to the search whose memory
         * is the path.
         */
        if (facts->table_fits)
            plan_set(plan, "table", NULL, IDA_WEIGHT_ONE, AUTO_TABLE);
        else
            plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_TABLE_TOO_BIG);
    } else if (cells <= SLIDE_MAX_PACKED_CELLS && !heuristic && cells > SLIDE_MAX_TABLE_CELLS &&
               facts->pdb_cached == 1) {
        /*
         * The full tables are held or cached: mapping them costs less than
         * the quick try (Korf's #2 15-puzzle board: 100,000 expansions of
         * linear conflict, then the tables anyway), and they answer at once.
         */
        plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_PDB_AT_HAND);
    } else if (cells <= SLIDE_MAX_PACKED_CELLS && !heuristic && cells > SLIDE_MAX_TABLE_CELLS &&
               !facts->quick_failed) {
        /*
         * What costs nothing first: linear conflict needs no table, and a
         * few milliseconds of it answer most boards a judge or a user
         * types.  Only a board it does not answer is given the pattern
         * databases, built; tables that would have to be built are worth a
         * longer try first (AUTO_QUICK_LONGER).
         */
        if (facts->quick_longer) {
            plan_set(plan, "idastar", "linear", IDA_WEIGHT_ONE, AUTO_QUICK_LONGER);
            plan->node_cap = facts->quick_longer;
        } else {
            plan_set(plan, "idastar", "linear", IDA_WEIGHT_ONE, AUTO_QUICK);
            plan->node_cap = AUTO_QUICK_EXPANSIONS;
        }
        plan->names_heuristic = 1;
    } else if (cells <= SLIDE_MAX_PACKED_CELLS) {
        plan_set(plan, "idastar", idastar_heuristic, IDA_WEIGHT_ONE, AUTO_OPTIMAL);
    } else if (cells <= SLIDE_MAX_WIDE_CELLS && (!heuristic || strcmp(heuristic, "pdb") == 0)) {
        /*
         * Near-optimal answers when the pattern databases are cached: from
         * anytime weighted A* on shapes whose sides are all at least
         * AUTO_ASTAR_MIN_SIDE, else, or when A* has no answer within its
         * memory or twice AUTO_ASTAR_FIRST_EXPANSIONS (the second half at a
         * larger weight), from the weighted ladder (memory for the path
         * only).  Without tables beam search, which needs none: building
         * them takes minutes, which auto never spends unasked.
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
                plan->names_heuristic = 1;
            } else {
                /* astar's own default is manhattan */
                plan_set(plan, "astar", "pdb", astar, AUTO_PDB_ASTAR);
                plan->names_heuristic = 1;
                plan->node_cap = AUTO_ASTAR_FIRST_EXPANSIONS;
            }
        } else {
            plan_set(plan, "beam", NULL, IDA_WEIGHT_ONE, AUTO_PDB_MISSING);
        }
    } else if (cells <= AUTO_BEAM_CELLS && auto_narrow(facts->rows, facts->cols)) {
        plan_set(plan, "reduce", NULL, IDA_WEIGHT_ONE, AUTO_NARROW);
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
    facts->quick_longer = 0;
}

/* ------------------------------------------------------------ the ladder */

/* What a step of the ladder learns (auto_learn). */
enum {
    LEARN_PDB_CACHED,    /* whether the shape's pattern databases are cached */
    LEARN_QUICK_BEFORE,  /* whether the tables are at hand, or the quick try gave up before */
    LEARN_ASTAR_GAVE_UP, /* weighted A* had no answer */
    LEARN_TABLES_BUILD,  /* what the quick try's tables would cost to build */
    LEARN_QUICK_FAILED,  /* the quick try, made longer, had no answer either */
    LEARN_TABLE_TOO_BIG  /* the distance table did not fit the memory cap */
};

/* One row of the ladder: after `outcome` of a plan for `reason`, learn, choose again. */
typedef struct auto_transition {
    int reason;        /* AUTO_*: the plan that ran (or is about to, AUTO_OUT_SOLVABLE) */
    int outcome;       /* AUTO_OUT_* */
    int learn;         /* LEARN_* */
    int note;          /* AUTO_NOTE_*: what the next step says; NONE: its plan's own */
    int answered_note; /* AUTO_NOTE_*: what it says instead once it answered */
    int keep_counts;   /* the next run's counters add to this one's */
} auto_transition;

/*
 * Every step that leads on.  No row leads back to a reason it came from,
 * so a ladder ends.  Weighted A* and the quick try answer nothing when they
 * stop on their caps, so their counts carry over; the distance table's
 * are those of a build.
 */
static const auto_transition auto_transitions[] = {
    /* before anything runs: what a solvable board's set-up search can look up */
    {AUTO_PDB_UNKNOWN, AUTO_OUT_SOLVABLE, LEARN_PDB_CACHED, AUTO_NOTE_NONE, AUTO_NOTE_NONE, 0},
    {AUTO_QUICK, AUTO_OUT_SOLVABLE, LEARN_QUICK_BEFORE, AUTO_NOTE_NONE, AUTO_NOTE_NONE, 0},
    /* after a run that answered nothing */
    {AUTO_PDB_ASTAR, AUTO_OUT_MEMORY, LEARN_ASTAR_GAVE_UP, AUTO_NOTE_ASTAR_NO_ROOM, AUTO_NOTE_NONE,
     1},
    {AUTO_PDB_ASTAR, AUTO_OUT_NODES, LEARN_ASTAR_GAVE_UP, AUTO_NOTE_ASTAR_NO_ANSWER, AUTO_NOTE_NONE,
     1},
    {AUTO_QUICK, AUTO_OUT_NODES, LEARN_TABLES_BUILD, AUTO_NOTE_NONE, AUTO_NOTE_NONE, 1},
    {AUTO_QUICK_LONGER, AUTO_OUT_NODES, LEARN_QUICK_FAILED, AUTO_NOTE_NONE, AUTO_NOTE_NONE, 1},
    {AUTO_TABLE, AUTO_OUT_MEMORY, LEARN_TABLE_TOO_BIG, AUTO_NOTE_TABLE_TOO_BIG,
     AUTO_NOTE_TABLE_TOO_BIG_USED, 0},
};

#define AUTO_TRANSITIONS (sizeof auto_transitions / sizeof auto_transitions[0])

/*
 * The texts of the notes, and the remedy each names.  Their arguments, in
 * order: PDB_MISSING the shape (rows, cols); ASTAR_* the weight A* ran at,
 * then the plan that ran instead and its weight; TABLE_TOO_BIG_USED the
 * algorithm that answered.
 */
static const struct {
    int remedy;
    const char *text;
} auto_notes[] = {
    [AUTO_NOTE_NONE] = {SLIDE_REMEDY_NONE, ""},
    [AUTO_NOTE_PDB_MISSING] = {SLIDE_REMEDY_PDB_BUILD,
                               "no pattern databases for %dx%d boards and this goal are cached; "
                               "used beam search"},
    [AUTO_NOTE_ASTAR_NO_ROOM] = {SLIDE_REMEDY_NONE, "astar at weight %g had no answer before the "
                                                    "memory cap; used %s at weight %g"},
    [AUTO_NOTE_ASTAR_NO_ANSWER] = {SLIDE_REMEDY_NONE, "astar at weight %g had no answer within "
                                                      "its expansions; used %s at weight %g"},
    [AUTO_NOTE_TABLE_TOO_BIG] = {SLIDE_REMEDY_NONE,
                                 "the distance table does not fit the memory cap"},
    [AUTO_NOTE_TABLE_TOO_BIG_USED] = {SLIDE_REMEDY_NONE,
                                      "the distance table does not fit the memory cap; used %s"},
};

/* What a plan says of itself when a step chooses it without a note of its own. */
static int plan_note(const auto_plan *plan)
{
    return plan->reason == AUTO_PDB_MISSING ? AUTO_NOTE_PDB_MISSING : AUTO_NOTE_NONE;
}

void auto_first(const auto_facts *facts, auto_step *step)
{
    auto_choose(facts, &step->plan);
    step->note = step->answered_note = AUTO_NOTE_NONE;
    step->keep_counts = 0;
}

/* The quick try had no answer: the run's later boards of this shape and goal go to the tables. */
static void learn_quick_failed(auto_facts *facts, const auto_world *world)
{
    facts->quick_failed = 1;
    world->record_quick_gave_up(world->ctx);
}

/*
 * What the quick try learns from its cap: tables that would have to be
 * built cost about an expansion an entry, so linear conflict goes on for
 * about as long first (up to AUTO_QUICK_UNREADY_EXPANSIONS), and a board
 * it answers then never waits for the build.  Tables at hand (or cheap):
 * the try is over.
 */
static void learn_tables_build(auto_facts *facts, const auto_world *world)
{
    uint64_t build = world->tables_build_entries(world->ctx);
    uint64_t rent = build < AUTO_QUICK_UNREADY_EXPANSIONS ? build : AUTO_QUICK_UNREADY_EXPANSIONS;
    if (rent > AUTO_QUICK_EXPANSIONS)
        facts->quick_longer = rent;
    else
        learn_quick_failed(facts, world);
}

/* Learns into facts what a transition's outcome teaches (LEARN_*), asking world where it must. */
static void auto_learn(auto_facts *facts, const auto_world *world, int learn)
{
    switch (learn) {
    case LEARN_PDB_CACHED: facts->pdb_cached = world->pdb_cached(world->ctx); break;
    case LEARN_QUICK_BEFORE:
        facts->quick_failed = world->quick_gave_up_before(world->ctx);
        if (!facts->quick_failed)
            facts->pdb_cached = world->pdb_cached(world->ctx);
        break;
    case LEARN_ASTAR_GAVE_UP: facts->astar_gave_up = 1; break;
    case LEARN_TABLES_BUILD: learn_tables_build(facts, world); break;
    case LEARN_QUICK_FAILED: learn_quick_failed(facts, world); break;
    case LEARN_TABLE_TOO_BIG: facts->table_fits = 0; break;
    }
}

int auto_next(auto_facts *facts, const auto_world *world, int outcome, auto_step *step)
{
    const auto_transition *t = NULL;
    for (size_t i = 0; i < AUTO_TRANSITIONS && !t; i++)
        if (auto_transitions[i].reason == step->plan.reason &&
            auto_transitions[i].outcome == outcome)
            t = &auto_transitions[i];
    if (!t)
        return 0;
    auto_learn(facts, world, t->learn);
    auto_choose(facts, &step->plan);
    step->note = t->note != AUTO_NOTE_NONE ? t->note : plan_note(&step->plan);
    step->answered_note = t->answered_note;
    step->keep_counts = t->keep_counts;
    return 1;
}

/* Says `note` in search's stats; ran is the plan that ran before the step's (if any). */
static void ladder_say(search_task *search, const auto_ladder *ladder, int note,
                       const auto_plan *ran)
{
    const auto_plan *plan = &ladder->step.plan;
    int remedy = auto_notes[note].remedy;
    const char *text = auto_notes[note].text;
    switch (note) {
    case AUTO_NOTE_PDB_MISSING:
        search_note_remedy(search, remedy, text, ladder->facts.rows, ladder->facts.cols);
        break;
    case AUTO_NOTE_ASTAR_NO_ROOM:
    case AUTO_NOTE_ASTAR_NO_ANSWER:
        search_note_remedy(search, remedy, text,
                           (double)(ran ? ran->weight : plan->weight) / IDA_WEIGHT_ONE, plan->algo,
                           (double)plan->weight / IDA_WEIGHT_ONE);
        break;
    case AUTO_NOTE_TABLE_TOO_BIG: search_note_remedy(search, remedy, "%s", text); break;
    case AUTO_NOTE_TABLE_TOO_BIG_USED:
        search_note_remedy(search, remedy, text, ladder->algo->info.name);
        break;
    }
}

void auto_ladder_begin(auto_ladder *ladder, int rows, int cols, const slide_solve_options *opt,
                       unsigned weight, const char *name)
{
    auto_facts *facts = &ladder->facts;
    auto_facts_init(facts, rows, cols);
    facts->context = opt->context != NULL;
    facts->heuristic = opt->heuristic;
    facts->weight = weight;
    ladder->automatic = name == NULL;
    ladder->caller_heuristic = opt->heuristic;
    memset(&ladder->step, 0, sizeof ladder->step);
    if (ladder->automatic)
        auto_first(facts, &ladder->step);
    ladder->algo = algorithm_find(ladder->automatic ? ladder->step.plan.algo : name);
}

/* Sets search up for the ladder's step: what runs, with what, and what it says first. */
static void ladder_apply(auto_ladder *ladder, search_task *search, const auto_plan *ran)
{
    const auto_plan *plan = &ladder->step.plan;
    ladder->algo = algorithm_find(plan->algo);
    search->stats->algo = ladder->algo->info.name;
    search->heuristic = plan->names_heuristic ? plan->heuristic : ladder->caller_heuristic;
    search->weight = plan->weight;
    search->node_cap = plan->node_cap;
    if (ladder->step.note != AUTO_NOTE_NONE)
        ladder_say(search, ladder, ladder->step.note, ran);
}

/* The memo of the context: whether the quick try gave up on a board of search's shape and goal. */
static int quick_memo(search_task *search, int record)
{
    if (!search->context)
        return 0;
    uint8_t key[2 + SLIDE_MAX_WIDE_CELLS];
    key[0] = (uint8_t)search->start->rows;
    key[1] = (uint8_t)search->start->cols;
    search_goal_cells(search, key + 2);
    size_t len = 2 + (size_t)search->shape.cells;
    if (record)
        return !context_first_time(search->context, CACHE_QUICK_GAVE_UP, key, len);
    return context_cache_has(search->context, CACHE_QUICK_GAVE_UP, key, len);
}

static int search_pdb_cached(void *search)
{
    return pdb_heuristic_cached(search);
}

static int search_quick_gave_up_before(void *search)
{
    return quick_memo(search, 0);
}

static uint64_t search_tables_build_entries(void *search)
{
    return pdb_heuristic_build_states(search);
}

static void search_record_quick_gave_up(void *search)
{
    quick_memo(search, 1);
}

/* The world of a search: its context's memos and the caches it would read. */
static auto_world search_world(search_task *search)
{
    auto_world world = {search, search_pdb_cached, search_quick_gave_up_before,
                        search_tables_build_entries, search_record_quick_gave_up};
    return world;
}

void auto_ladder_prepare(auto_ladder *ladder, search_task *search)
{
    if (!ladder->automatic)
        return;
    auto_world world = search_world(search);
    auto_next(&ladder->facts, &world, AUTO_OUT_SOLVABLE, &ladder->step);
    ladder_apply(ladder, search, NULL);
}

/* How the run that returned status ended, as the ladder reads it. */
static int run_outcome(const search_task *search, int status)
{
    if (search->moves->count != 0)
        return AUTO_OUT_STANDS;
    if (status == SLIDE_E_MEMLIMIT)
        return AUTO_OUT_MEMORY;
    if (status == IDA_NODE_CAP)
        return AUTO_OUT_NODES;
    return AUTO_OUT_STANDS;
}

/* Runs the ladder's step after the plan `ran` stopped; its status. */
/*
 * Runs the ladder's algorithm; beam with a budget (search_task.improve_until)
 * goes on making its answer shorter while time remains (improve.c).
 */
static int run_algo(const auto_ladder *ladder, search_task *search)
{
    if (search->improve_until && ladder->algo->solve == beam_solve)
        return improve_solve(search, ladder->algo->solve);
    return ladder->algo->solve(search);
}

static int ladder_step(auto_ladder *ladder, search_task *search, const auto_plan *ran)
{
    slide_stats *stats = search->stats;
    uint64_t expanded = ladder->step.keep_counts ? stats->expanded : 0;
    uint64_t generated = ladder->step.keep_counts ? stats->generated : 0;
    ladder_apply(ladder, search, ran);
    stats->expanded = stats->generated = 0;
    search->budget->status = SLIDE_OK;
    int status = run_algo(ladder, search);
    stats->expanded += expanded;
    stats->generated += generated;
    /*
     * The answered note replaces the step's own, which only a search that
     * stopped without an answer writes over (idastar's notes are all of
     * such stops).
     */
    if (status == SLIDE_OK && ladder->step.answered_note != AUTO_NOTE_NONE)
        ladder_say(search, ladder, ladder->step.answered_note, ran);
    return status;
}

int auto_ladder_run(auto_ladder *ladder, search_task *search)
{
    auto_world world = search_world(search);
    int status = run_algo(ladder, search);
    while (ladder->automatic) {
        auto_plan ran = ladder->step.plan;
        if (!auto_next(&ladder->facts, &world, run_outcome(search, status), &ladder->step))
            break;
        status = ladder_step(ladder, search, &ran);
    }
    return status;
}

const char *slide_algo_auto(const slide_board *start)
{
    auto_facts facts;
    auto_plan plan;
    if (ABI_MISSING(start))
        return NULL;
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
