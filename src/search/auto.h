/*
 * auto.h - what --algo auto runs, and why (auto.c): the one place that
 * decides, shared by the files of src/search/ only.
 *
 * auto_choose is the decision table: facts in, a plan out.  The ladder is
 * the loop around it: run the plan, read how the run ended (auto_outcome),
 * learn a fact from that, choose again.  slide_solve runs the ladder
 * (auto_ladder_*); slide_algo_auto, and slide_solve_uses_table read the
 * table; tests/test_auto.c lists its decisions
 * and whole ladders.
 */
#ifndef SLIDE_SEARCH_AUTO_H
#define SLIDE_SEARCH_AUTO_H

#include "search/search.h"

/* A fact auto_choose has not been told yet. */
#define AUTO_UNKNOWN (-1)

typedef struct auto_facts {
    int rows, cols;        /* the board's shape; only its cell count decides */
    int context;           /* a slide_context keeps distance tables between boards */
    const char *heuristic; /* the requested heuristic, or NULL */
    unsigned weight;       /* requested, in thousandths: IDA_WEIGHT_ONE is optimal */
    int table_fits;        /* 0 once the context's distance table did not fit the memory cap */
    /*
     * 1 or 0 once the shape's full pattern databases were looked for (held
     * by the context or cached on disk; on 10-16 cells only without a
     * heuristic, before the quick try)
     */
    int pdb_cached;
    int quick_failed;  /* 1 once the quick try (AUTO_QUICK) spent its expansions */
    int astar_gave_up; /* 1 once weighted A* (AUTO_PDB_ASTAR) ran out of room or expansions */
    /* once the quick try spent AUTO_QUICK_EXPANSIONS on tables not at hand: its longer cap */
    uint64_t quick_longer;
} auto_facts;

/*
 * A slide_solve_options weight in thousandths (auto_facts.weight,
 * search_task.weight): IDA_WEIGHT_ONE for an optimal search (0 or 1), 0
 * when it is out of range.
 */
unsigned auto_weight(double weight);

/* Facts of a board of rows x cols alone: no context, heuristic or weight, nothing known. */
void auto_facts_init(auto_facts *facts, int rows, int cols);

/* Why: one reason a row of the decision table. */
enum {
    AUTO_NONE = 0,      /* no plan (a named algorithm) */
    AUTO_WEIGHTED,      /* a weight was asked for: the weighted ladder is idastar's */
    AUTO_TABLE,         /* <= 9 cells, a context, no heuristic: the distance table */
    AUTO_TABLE_TOO_BIG, /* ... whose table did not fit the memory cap: idastar */
    AUTO_QUICK,        /* 10-16 cells, no heuristic: idastar on linear conflict, a few expansions */
    AUTO_QUICK_LONGER, /* ... whose tables are not at hand: as long as building them would take */
    AUTO_OPTIMAL,      /* <= 16 cells otherwise (or once the quick try gave up): idastar */
    AUTO_PDB_UNKNOWN,  /* 17-25 cells: beam until the cache was looked at */
    AUTO_PDB_ASTAR,    /* 17-25 cells, tables cached, sides >= 4: astar, weighted */
    AUTO_PDB_GAVE_UP,  /* ... which had no answer within its memory or expansions: the ladder */
    AUTO_PDB_CACHED,   /* 17-25 cells, tables cached, a side <= 3: the idastar ladder */
    AUTO_PDB_MISSING,  /* 17-25 cells, no tables cached: beam (building takes minutes) */
    AUTO_NOT_PDB,      /* 17-25 cells, another heuristic named: beam, which uses its own */
    AUTO_BEAM,         /* 26 to AUTO_BEAM_CELLS cells: beam */
    AUTO_LARGE,        /* over AUTO_BEAM_CELLS cells: reduce (strategy, then beam) */
    AUTO_NARROW,       /* 26 to AUTO_BEAM_CELLS cells, long and narrow (auto_narrow): reduce */
    AUTO_PDB_AT_HAND   /* 10-16 cells, no heuristic, the full tables held or cached: idastar */
};

/* The most cells auto gives beam search whole (beam.c's limit); reduce above. */
#define AUTO_BEAM_CELLS 254

typedef struct auto_plan {
    const char *algo;      /* the algorithm table's row */
    const char *heuristic; /* what that row runs with; NULL: none */
    unsigned weight;       /* thousandths; IDA_WEIGHT_ONE: optimal */
    int reason;            /* AUTO_* */
    int ask_pdb_cached;    /* the plan may change once pdb_cached is known */
    /*
     * 1: the search is given `heuristic`; 0: the caller's, so that a
     * search told none picks its own default (and says when it falls back)
     */
    int names_heuristic;
    uint64_t node_cap; /* expansions the plan may spend (search_task.node_cap); 0: no cap */
} auto_plan;

/*
 * The quick try's expansions (AUTO_QUICK): a few milliseconds of IDA* on
 * linear conflict, which needs no table.  A board it answers costs nothing
 * more; one it does not gets the pattern databases, whose build or mapping
 * takes far longer than the try.  Either way the answer is the same string:
 * IDA* with any admissible heuristic gives the first shortest path in
 * u, d, l, r order.
 */
#define AUTO_QUICK_EXPANSIONS 100000u

/*
 * The most expansions the quick try may go on for when its tables are not
 * at hand and would have to be built first (AUTO_QUICK_LONGER): as many as
 * the entries the build would make (an expansion of linear conflict costs
 * about what an entry of a build does), up to this, about a second.  So a
 * board waits at most about twice what the better of the two would have
 * cost it (a ski rented before one is bought), and most 3x4 boards never
 * wait for tables.
 */
#define AUTO_QUICK_UNREADY_EXPANSIONS 5000000u

/*
 * Expansions auto's weighted A* (AUTO_PDB_ASTAR) may spend before its
 * first answer, under a second on a 5x5.  A* then goes on at a larger
 * weight for as many expansions again (astar.c, the rescue), and only a
 * board without an answer after that too gets the weighted ladder.  On
 * shapes with a side of 3 or fewer (3x7, 2x9), whose tables guide A* less,
 * far more boards need that, and beam answered them worse than the ladder:
 * those keep the ladder (AUTO_PDB_CACHED).
 */
#define AUTO_ASTAR_FIRST_EXPANSIONS 1000000u

/* The shortest side on which auto tries weighted A* (AUTO_PDB_ASTAR). */
#define AUTO_ASTAR_MIN_SIDE 4

/*
 * The method auto runs for facts, into *plan.  Pure: it looks at nothing
 * else, so the ladder fills in a fact when it becomes known (the cache is
 * looked at only for a solvable board, the table tried only by building it)
 * and asks again.
 */
void auto_choose(const auto_facts *facts, auto_plan *plan);

/* ------------------------------------------------------------ the ladder */

/* How a step of the ladder ended, as auto reads it. */
enum {
    AUTO_OUT_STANDS,   /* answered, or stopped in a way no other method would mend */
    AUTO_OUT_SOLVABLE, /* nothing ran yet: the board is known solvable, the search set up */
    AUTO_OUT_MEMORY,   /* the memory cap, with no move answered */
    AUTO_OUT_NODES     /* the plan's node cap, with no move answered */
};

/* What a step says in the stats' note (auto.c's table of texts). */
enum {
    AUTO_NOTE_NONE,
    AUTO_NOTE_PDB_MISSING,       /* no tables cached: beam ran */
    AUTO_NOTE_ASTAR_NO_ROOM,     /* weighted A* reached the memory cap: the ladder ran */
    AUTO_NOTE_ASTAR_NO_ANSWER,   /* weighted A* spent its expansions: the ladder ran */
    AUTO_NOTE_TABLE_TOO_BIG,     /* the distance table did not fit: idastar runs */
    AUTO_NOTE_TABLE_TOO_BIG_USED /* ... and answered */
};

/*
 * What the ladder asks of the world it runs in: the caches of the run's
 * context and of the disk.  slide_solve answers from the search; the tests
 * answer as they please.
 */
typedef struct auto_world {
    void *ctx;
    /* whether the shape's full pattern databases are held or cached (a look at their headers) */
    int (*pdb_cached)(void *ctx);
    /* whether the quick try gave up on an earlier board of this shape and goal in the context */
    int (*quick_gave_up_before)(void *ctx);
    /* the entries a build of the quick try's tables would make; 0 when they are at hand */
    uint64_t (*tables_build_entries)(void *ctx);
    /* records that the quick try gave up on this board's shape and goal */
    void (*record_quick_gave_up)(void *ctx);
} auto_world;

/* One step of the ladder: the plan to run, and what to say of it. */
typedef struct auto_step {
    auto_plan plan;
    int note;          /* AUTO_NOTE_*, said before the plan runs */
    int answered_note; /* AUTO_NOTE_*, said instead once the plan answered; NONE: keep `note` */
    int keep_counts;   /* the plan's expansions add to the step before's */
} auto_step;

/* The first step, for facts: auto_choose's plan, nothing to say. */
void auto_first(const auto_facts *facts, auto_step *step);

/*
 * The next step after `outcome` (AUTO_OUT_*) of step's plan: what auto
 * learns from it (asking world where a fact is outside the board) into
 * facts, and the plan it chooses with that into *step.  Returns 1 when it
 * learnt something (*step is the next step), 0 when the outcome stands.
 */
int auto_next(auto_facts *facts, const auto_world *world, int outcome, auto_step *step);

/*
 * The ladder of one slide_solve: what runs, and the facts that chose it.
 * auto_ladder_begin fills it before the board is checked (what runs is
 * needed to check the request); a named algorithm is a ladder of one step.
 */
typedef struct auto_ladder {
    auto_facts facts;
    auto_step step;
    const algorithm *algo;        /* what runs: the plan's, or the named one; NULL: no such name */
    int automatic;                /* auto chooses (no algorithm named) */
    const char *caller_heuristic; /* the requested heuristic, or NULL */
} auto_ladder;

/*
 * The first step for a board of rows x cols solved with opt at weight
 * (auto_weight's) by `name`, or by auto when name is NULL.
 */
void auto_ladder_begin(auto_ladder *ladder, int rows, int cols, const slide_solve_options *opt,
                       unsigned weight, const char *name);

/*
 * Learns what a solvable, set-up search tells before anything runs (the
 * caches) and sets search up for the step that runs first: its
 * algorithm's name in the stats, heuristic, weight, node cap, note.
 */
void auto_ladder_prepare(auto_ladder *ladder, search_task *search);

/*
 * Runs the ladder from the prepared step: runs the step's algorithm, reads
 * the outcome, and while auto learns from it runs the next step.  Returns
 * the last run's status; ladder->algo is what ran last.
 */
int auto_ladder_run(auto_ladder *ladder, search_task *search);

#endif /* SLIDE_SEARCH_AUTO_H */
