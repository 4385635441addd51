/*
 * test_limits.c - --max-memory, --timeout, the caller's cancel and
 * allocation failures for every algorithm in the table.
 *
 * bfs, bibfs and astar store every state they reach, so a cap of a few MB
 * on a hard 3x4 board must stop each of them with the limit error and a
 * note.  Algorithms added later are held to the weaker promise that holds
 * for any design: a limit ends in the limit error with a note, or in a
 * correct answer, never in a crash or a cap overrun.  Timeouts are forced
 * with a deadline already past at the first poll, so no case depends on how
 * fast the machine is.
 */
#include "testkit.h"

#include "search/search.h"
#include "heuristic/heuristic.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* 42 moves from the standard goal: millions of states for bfs and bibfs. */
#define HARD_3X4 "11 6 2 8 x 7 9 4 10 3 1 5"
#define HARD_3X4_STEPS 42
/* 31 moves, the most a 3x3 board needs. */
#define HARD_3X3 "8 6 7 2 5 4 3 x 1"
#define HARD_3X3_STEPS 31

#define SMALL_CAP ((size_t)4 << 20)

/*
 * The methods that keep every state they reach (those of issue 3): bfs,
 * bibfs, and astar with the heuristics that leave it millions of states on
 * a hard 3x4 board.  A strong heuristic (pattern databases) may let astar
 * finish within a few MB, which is fine.
 */
static int stores_every_state(const char *algo, const char *heuristic)
{
    if (strcmp(algo, "astar") == 0)
        return !heuristic || strcmp(heuristic, "manhattan") == 0 ||
               strcmp(heuristic, "linear") == 0;
    return strcmp(algo, "bfs") == 0 || strcmp(algo, "bibfs") == 0;
}

/* A board the algorithm takes: 3x3 for exhaustive-table ones, else 3x4. */
static slide_board hard_board_for(unsigned flags, int *steps)
{
    int small = (flags & SLIDE_ALGO_SMALL) != 0;
    *steps = small ? HARD_3X3_STEPS : HARD_3X4_STEPS;
    return testkit_board(small ? HARD_3X3 : HARD_3X4, 0, 0);
}

/*
 * Solves with a limit and checks the outcome: the expected limit status
 * (or, when strict is 0, a correct answer instead), a note that names the
 * algorithm, and a peak within the cap.
 */
static void solve_under_limit(const char *algo, const char *heuristic, const slide_limits *limits,
                              int expected, int strict)
{
    const slide_algo_info *info = slide_algo_by_name(algo);
    int steps;
    slide_board b = hard_board_for(info->flags, &steps);
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = algo;
    opt.heuristic = heuristic;
    opt.limits = limits;
    pdb.no_disk_cache = 1;
    pdb.max_group = 4; /* small pattern databases build fast */
    int status = slide_solve(&b, NULL, &opt, &sol, &st);
    const char *label = heuristic ? heuristic : "-";
    if (status == SLIDE_OK && !strict) {
        testkit_assert_solves(&b, NULL, sol.moves);
        if (info->flags & SLIDE_ALGO_OPTIMAL)
            assert_int_equal(sol.length, steps);
        slide_solution_free(&sol);
    } else if (status == expected ||
               (!strict && (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_TIMEOUT))) {
        assert_null(sol.moves);
        if (st.optimal)
            fail_msg("%s/%s got no answer (%s) but its stats say optimal", algo, label,
                     slide_strerror(status));
        if (!strstr(st.note, algo))
            fail_msg("%s/%s stopped (%s) with a note that does not name it: '%s'", algo, label,
                     slide_strerror(status), st.note);
        if (strict && st.remedy == SLIDE_REMEDY_NONE)
            fail_msg("%s/%s: no remedy to try after the note '%s'", algo, label, st.note);
    } else {
        fail_msg("%s/%s: status %d (%s), expected %s; note '%s'", algo, label, status,
                 slide_strerror(status), slide_strerror(expected), st.note);
    }
    size_t cap = limits->max_memory ? limits->max_memory : SLIDE_DEFAULT_MAX_MEMORY;
    if (st.peak_memory > cap)
        fail_msg("%s/%s: peak %zu bytes over the cap of %zu", algo, label, st.peak_memory, cap);
    if (expected == SLIDE_E_MEMLIMIT && strict)
        assert_true(st.peak_memory > cap / 4); /* it used the room it had */
    slide_board_free(&b);
}

/* Runs check(algo, heuristic) for every algorithm, and every heuristic of those that take one. */
static void for_every_method(void (*check)(const char *algo, const char *heuristic))
{
    for (size_t i = 0; i < slide_algo_count(); i++) {
        const slide_algo_info *a = slide_algo_at(i);
        if (!(a->flags & SLIDE_ALGO_HEURISTIC)) {
            check(a->name, NULL);
            continue;
        }
        for (size_t h = 0; h < slide_heuristic_count(); h++)
            check(a->name, slide_heuristic_at(h)->name);
    }
}

static void check_memory_cap(const char *algo, const char *heuristic)
{
    /* the timeout only bounds how long an algorithm that needs little memory may run */
    int strict = stores_every_state(algo, heuristic);
    slide_limits limits = slide_limits_init();
    limits.max_memory = SMALL_CAP;
    limits.timeout = strict ? 0 : 5.0;
    solve_under_limit(algo, heuristic, &limits, SLIDE_E_MEMLIMIT, strict);
}

static void memory_cap_stops_every_algorithm(void **state)
{
    (void)state;
    for_every_method(check_memory_cap);
}

static void check_timeout(const char *algo, const char *heuristic)
{
    slide_limits limits = slide_limits_init();
    limits.timeout = 1e-9; /* past by the first poll */
    solve_under_limit(algo, heuristic, &limits, SLIDE_E_TIMEOUT,
                      stores_every_state(algo, heuristic));
}

static void timeout_stops_every_algorithm(void **state)
{
    (void)state;
    for_every_method(check_timeout);
}

/*
 * A build of several seconds (4x4, groups of up to 6 tiles) for a search,
 * its own or a context's (whose budget has no deadline or cancel of its
 * own, so it keeps the search's while it builds for it), stops with
 * `expected` under limits, and leaves no table behind.
 */
static void check_table_build_stops(const slide_limits *limits, int expected)
{
    char dir[] = "/tmp/slide-test-limits-XXXXXX";
    assert_non_null(mkdtemp(dir));
    slide_board b = testkit_board("15 8 14 4 5 x 7 2 12 9 10 3 13 6 11 1", 0, 0);
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    for (int shared = 0; shared < 2; shared++) {
        slide_solve_options opt = slide_solve_options_init();
        slide_pdb_options pdb = slide_pdb_options_init();
        opt.pdb = &pdb;
        opt.limits = limits;
        opt.algo = "idastar";
        opt.heuristic = "pdb";
        opt.context = shared ? ctx : NULL;
        pdb.cache_dir = dir;
        pdb.max_group = 6;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), expected);
        assert_null(sol.moves);
        assert_int_equal(testkit_count_tables(dir), 0);
    }
    slide_context_free(ctx);
    slide_board_free(&b);
    testkit_remove_dir(dir);
}

/* The time limit holds while the pattern databases are built: a deadline already past. */
static void timeout_stops_a_table_build(void **state)
{
    (void)state;
    slide_limits limits = slide_limits_init();
    limits.timeout = 1e-9;
    check_table_build_stops(&limits, SLIDE_E_TIMEOUT);
}

/* slide_limits.cancel for the tests: counts its calls, and asks to stop from the `from`-th on. */
typedef struct cancel_after {
    atomic_int calls;
    int from;
} cancel_after;

static int cancel_when_due(void *ctx)
{
    cancel_after *c = ctx;
    return atomic_fetch_add(&c->calls, 1) + 1 >= c->from;
}

/*
 * The caller's cancel stops every algorithm where the deadline would, on
 * one thread or two: SLIDE_E_CANCELLED and no answer, and never "optimal".
 * Those that keep every state (so must poll on these boards) always stop;
 * the others may finish first, and their answer must then be right.  A
 * cancel that never says stop changes nothing.
 */
static void check_cancel(const char *algo, const char *heuristic)
{
    const slide_algo_info *info = slide_algo_by_name(algo);
    int steps;
    slide_board b = hard_board_for(info->flags, &steps);
    const char *label = heuristic ? heuristic : "-";
    for (int threads = 1; threads <= 2; threads++) {
        for (int from = 1; from <= 3; from += 2) {
            cancel_after c = {0, from};
            slide_limits limits = slide_limits_init();
            limits.cancel = cancel_when_due;
            limits.cancel_ctx = &c;
            limits.timeout = 30.0; /* a hang fails the test instead of the CI run */
            slide_solve_options opt = slide_solve_options_init();
            slide_pdb_options pdb = slide_pdb_options_init();
            opt.pdb = &pdb;
            opt.limits = &limits;
            opt.algo = algo;
            opt.heuristic = heuristic;
            opt.threads = threads;
            pdb.no_disk_cache = 1;
            pdb.max_group = 4;
            slide_solution sol;
            slide_stats st = slide_stats_init();
            int status = slide_solve(&b, NULL, &opt, &sol, &st);
            if (status == SLIDE_OK && !stores_every_state(algo, heuristic)) {
                testkit_assert_solves(&b, NULL, sol.moves);
                if (info->flags & SLIDE_ALGO_OPTIMAL)
                    assert_int_equal(sol.length, steps);
                slide_solution_free(&sol);
            } else if (status == SLIDE_E_CANCELLED) {
                assert_null(sol.moves);
                assert_false(st.optimal);
                assert_true(atomic_load(&c.calls) >= from);
            } else {
                fail_msg("%s/%s on %d thread(s), cancel from call %d: status %d (%s); note '%s'",
                         algo, label, threads, from, status, slide_strerror(status), st.note);
            }
        }
    }
    slide_board_free(&b);
}

static void cancel_stops_every_algorithm(void **state)
{
    (void)state;
    for_every_method(check_cancel);
}

/* So does the caller's cancel. */
static void cancel_stops_a_table_build(void **state)
{
    (void)state;
    cancel_after c = {0, 1};
    slide_limits limits = slide_limits_init();
    limits.cancel = cancel_when_due;
    limits.cancel_ctx = &c;
    check_table_build_stops(&limits, SLIDE_E_CANCELLED);
}

/*
 * Shared tables are charged to the context, so they are chosen to fit its
 * cap too: a context of 16 MiB gets tables that fit it (4x4 groups of up to
 * 6 tiles would take more), where it used to be refused outright.
 */
static void a_context_s_cap_chooses_the_tables(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 9 10 x 11 13 14 15 12", 0, 0);
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = (size_t)16 << 20;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_OK);
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    opt.algo = "idastar";
    opt.heuristic = "pdb";
    opt.context = ctx;
    pdb.no_disk_cache = 1;
    pdb.max_group = 6;
    slide_solution sol;
    slide_stats st = slide_stats_init();
    int status = slide_solve(&b, NULL, &opt, &sol, &st);
    if (status != SLIDE_OK)
        fail_msg("status %d (%s): %s", status, slide_strerror(status), st.note);
    assert_string_equal(sol.moves, "rd");
    assert_true(st.table_memory <= copt.max_memory);
    slide_solution_free(&sol);
    slide_context_free(ctx);
    slide_board_free(&b);
}

/*
 * Caps from 64 KiB to 8 MiB on a 3x4 board of 30 moves: each run ends in an
 * answer or MEMLIMIT, and the peak never passes the cap, whichever of the
 * tables, queues and path buffers happens to be growing when it is reached.
 */
static void check_cap_ladder(const char *algo, const char *heuristic)
{
    const slide_algo_info *info = slide_algo_by_name(algo);
    if (!(info->flags & (SLIDE_ALGO_PACKED | SLIDE_ALGO_WIDE)) || (info->flags & SLIDE_ALGO_SMALL))
        return;
    slide_board goal, b;
    slide_rng rng;
    slide_rng_seed(&rng, 12);
    assert_int_equal(slide_board_init_goal(&goal, 3, 4), SLIDE_OK);
    assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 30, &rng), SLIDE_OK);
    for (size_t cap = (size_t)64 << 10; cap <= (size_t)8 << 20; cap += cap / 2) {
        slide_solve_options opt = slide_solve_options_init();
        slide_pdb_options pdb = slide_pdb_options_init();
        opt.pdb = &pdb;
        slide_limits limits = slide_limits_init();
        opt.limits = &limits;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.algo = algo;
        opt.heuristic = heuristic;
        limits.max_memory = cap;
        limits.timeout = 5.0;
        pdb.no_disk_cache = 1;
        pdb.max_group = 4; /* small pattern databases build fast */
        int status = slide_solve(&b, &goal, &opt, &sol, &st);
        if (status == SLIDE_OK) {
            testkit_assert_solves(&b, &goal, sol.moves);
            slide_solution_free(&sol);
        } else if (status != SLIDE_E_MEMLIMIT && status != SLIDE_E_TIMEOUT) {
            fail_msg("%s/%s under %zu bytes: status %d (%s)", algo, heuristic ? heuristic : "-",
                     cap, status, slide_strerror(status));
        }
        if (st.peak_memory > cap)
            fail_msg("%s/%s: peak %zu over the cap of %zu", algo, heuristic ? heuristic : "-",
                     st.peak_memory, cap);
    }
    slide_board_free(&b);
    slide_board_free(&goal);
}

static void caps_are_never_exceeded(void **state)
{
    (void)state;
    for_every_method(check_cap_ladder);
}

/*
 * Fails the 1st, 2nd, ... allocation of a solve (slide_solve_options'
 * fail_allocation hook) until it succeeds: every failure must come back as
 * SLIDE_E_NOMEM, with nothing leaked (the sanitizer build checks that) and
 * nothing left in the stats but a failure.
 */
static void check_allocation_failures(const char *algo, const char *heuristic)
{
    const slide_algo_info *info = slide_algo_by_name(algo);
    const char *label = heuristic ? heuristic : "-";
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    int succeeded = 0;
    for (unsigned long n = 1; n <= 1000 && !succeeded; n++) {
        slide_solve_options opt = slide_solve_options_init();
        slide_pdb_options pdb = slide_pdb_options_init();
        opt.pdb = &pdb;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.algo = algo;
        opt.heuristic = heuristic;
        pdb.no_disk_cache = 1;
        pdb.max_group = 4; /* small pattern databases build fast */
        int status = slide_testing_solve_failing(&b, NULL, &opt, n, &sol, &st);
        if (status == SLIDE_OK) {
            succeeded = 1;
            if (info->flags & SLIDE_ALGO_OPTIMAL)
                assert_int_equal(sol.length, 19);
            testkit_assert_solves(&b, NULL, sol.moves);
            slide_solution_free(&sol);
        } else if (status != SLIDE_E_NOMEM) {
            fail_msg("%s/%s with allocation %lu failing: status %d (%s) %s", algo, label, n, status,
                     slide_strerror(status), st.note);
        } else {
            assert_null(sol.moves);
        }
    }
    if (!succeeded)
        fail_msg("%s/%s never succeeded within 1000 allocations", algo, label);
    slide_board_free(&b);
}

static void allocation_failures_are_clean(void **state)
{
    (void)state;
    for_every_method(check_allocation_failures);
}

/*
 * auto with a context picks the distance table for a 3x3 board; under a
 * cap the table cannot be built in (3 MiB: 1.7 MiB of table and 2.1 MiB of
 * queue while it is built) it must answer with a search that fits, say so,
 * and stay within the cap.  Asked for by name, the table fails instead.
 * Under the default cap the stats report the table's memory.
 */
static void auto_falls_back_when_the_table_does_not_fit(void **state)
{
    (void)state;
    slide_board b = testkit_board(HARD_3X3, 0, 0);
    const size_t caps[] = {(size_t)3 << 20, (size_t)64 << 10, 0};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        slide_context_options copt = slide_context_options_init();
        copt.max_memory = caps[i];
        slide_context *ctx;
        assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_OK);
        slide_solve_options opt = slide_solve_options_init();
        slide_limits limits = slide_limits_init();
        opt.limits = &limits;
        slide_solution sol;
        slide_stats st = slide_stats_init();
        opt.context = ctx;
        limits.max_memory = caps[i];
        /* twice: the second board of a batch meets the same context */
        for (int round = 0; round < 2; round++) {
            assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_OK);
            assert_int_equal(sol.length, HARD_3X3_STEPS);
            testkit_assert_solves(&b, NULL, sol.moves);
            slide_solution_free(&sol);
            assert_true(st.optimal);
            if (caps[i]) {
                assert_string_equal(st.algo, slide_algo_auto(&b));
                assert_non_null(strstr(st.note, "the distance table does not fit"));
                assert_int_equal(st.table_memory, 0);
                assert_true(st.peak_memory <= caps[i]);
            } else {
                assert_string_equal(st.algo, "table");
                assert_string_equal(st.note, "");
                /* 9! ranks, a byte of distance and a 4-byte rank each */
                assert_true(st.table_memory >= (size_t)362880 * 5);
                assert_true(st.table_memory < (size_t)362880 * 5 + 4096);
            }
        }
        if (caps[i]) {
            opt.algo = "table";
            assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_MEMLIMIT);
            assert_null(sol.moves);
            assert_false(st.optimal);
            assert_int_equal(st.remedy, SLIDE_REMEDY_ALGO_IDASTAR);
        }
        slide_context_free(ctx);
    }
    slide_board_free(&b);
}

/* The command: a limit stops that board with a message, the batch goes on, exit status 1. */
static void command_line_limits(void **state)
{
    (void)state;
    const char *algos[] = {"bfs", "bibfs", "astar"};
    for (int i = 0; i < 3; i++) {
        const char *args[] = {
            "solve", "-a", algos[i], "--max-memory", "4M", HARD_3X4, "1 2 3 4 5 6 7 8 9 10 x 11",
            NULL};
        testkit_run r = testkit_slide(args, NULL);
        assert_int_equal(r.status, 1);
        assert_string_equal(r.out, "error\nr\n");
        char want[128];
        snprintf(want, sizeof want, "argument 1: memory limit reached (--max-memory 4.0 MiB): %s",
                 algos[i]);
        if (!strstr(r.err, want))
            fail_msg("stderr '%s' lacks '%s'", r.err, want);
        testkit_run_free(&r);
    }
    const char *timed[] = {"solve",     "-a",       "astar",
                           "--timeout", "0.000001", "-o",
                           "steps",     HARD_3X4,   "1 2 3 4 5 6 7 8 9 10 x 11",
                           NULL};
    testkit_run r = testkit_slide(timed, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "error\n1\n");
    assert_non_null(strstr(r.err, "argument 1: time limit reached (--timeout 1e-06 s): astar"));
    testkit_run_free(&r);
}

/* Replays the first line of out (a move string) from board text to the standard goal. */
static void assert_line_solves(const char *board_text, const char *out, size_t steps)
{
    const char *nl = strchr(out, '\n');
    assert_non_null(nl);
    assert_int_equal((size_t)(nl - out), steps);
    char moves[64];
    assert_true(steps < sizeof moves);
    memcpy(moves, out, steps);
    moves[steps] = '\0';
    slide_board b = testkit_board(board_text, 0, 0);
    testkit_assert_solves(&b, NULL, moves);
    slide_board_free(&b);
}

/*
 * The command under --max-memory 3M: auto answers a 3x3 board and a batch
 * with a search that fits and says why in --stats; -a table fails, and
 * its stats line does not call the board that got no answer optimal.
 * Without a cap the stats line reports the table's memory.
 */
static void command_line_auto_fits_the_cap(void **state)
{
    (void)state;
    const char *one[] = {"solve", "--max-memory", "3M", "--stats", HARD_3X3, NULL};
    testkit_run r = testkit_slide(one, NULL);
    assert_int_equal(r.status, 0);
    assert_line_solves(HARD_3X3, r.out, HARD_3X3_STEPS);
    assert_non_null(strstr(r.err, "slide: stats: argument 1: algo idastar"));
    assert_non_null(strstr(r.err, ", optimal; the distance table does not fit the memory cap; "
                                  "used idastar"));
    testkit_run_free(&r);

    const char *batch[] = {"solve", "--max-memory", "3M", NULL};
    r = testkit_slide(batch, HARD_3X3 "\n" HARD_3X3 "\n");
    assert_int_equal(r.status, 0);
    assert_line_solves(HARD_3X3, r.out, HARD_3X3_STEPS);
    assert_line_solves(HARD_3X3, r.out + HARD_3X3_STEPS + 1, HARD_3X3_STEPS);
    assert_string_equal(r.err, "");
    testkit_run_free(&r);

    const char *table[] = {"solve", "-a", "table", "--max-memory", "3M", "--stats", HARD_3X3, NULL};
    r = testkit_slide(table, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "error\n");
    assert_non_null(strstr(r.err, "slide: stats: argument 1: algo table,"));
    assert_null(strstr(r.err, "optimal"));
    assert_non_null(strstr(r.err, "argument 1: memory limit reached (--max-memory 3.0 MiB): the "
                                  "distance table does not fit the memory cap; try --algo idastar"));
    testkit_run_free(&r);

    const char *json[] = {"solve", "-a", "table", "--max-memory", "3M", "-o", "json", HARD_3X3, NULL};
    r = testkit_slide(json, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "{\"error\":\"memory limit reached (--max-memory 3.0 MiB): the "
                               "distance table does not fit the memory cap; try --algo idastar\"}\n");
    testkit_run_free(&r);

    const char *uncapped[] = {"solve", "--stats", HARD_3X3, NULL};
    r = testkit_slide(uncapped, NULL);
    assert_int_equal(r.status, 0);
    assert_line_solves(HARD_3X3, r.out, HARD_3X3_STEPS);
    assert_non_null(strstr(r.err, "algo table, expanded "));
    assert_non_null(strstr(r.err, ", tables 1.7 MiB, "));
    assert_non_null(strstr(r.err, " ms, optimal\n"));
    testkit_run_free(&r);

    const char *json_runs[2][7] = {{"solve", "-o", "json", HARD_3X3, NULL},
                                   {"solve", "-o", "json", "--max-memory", "3M", HARD_3X3, NULL}};
    for (int capped = 0; capped < 2; capped++) {
        r = testkit_slide(json_runs[capped], NULL);
        assert_int_equal(r.status, 0);
        const char *field = strstr(r.out, "\"table_memory\":");
        assert_non_null(field);
        unsigned long bytes = strtoul(field + strlen("\"table_memory\":"), NULL, 10);
        if (capped ? bytes != 0 : bytes < 362880ul * 5)
            fail_msg("table_memory %lu %s the cap", bytes, capped ? "under" : "without");
        assert_non_null(strstr(r.out, "\"optimal\":true"));
        testkit_run_free(&r);
    }
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(memory_cap_stops_every_algorithm),
    cmocka_unit_test(timeout_stops_every_algorithm),
    cmocka_unit_test(timeout_stops_a_table_build),
    cmocka_unit_test(cancel_stops_every_algorithm),
    cmocka_unit_test(cancel_stops_a_table_build),
    cmocka_unit_test(a_context_s_cap_chooses_the_tables),
    cmocka_unit_test(caps_are_never_exceeded),
    cmocka_unit_test(allocation_failures_are_clean),
    cmocka_unit_test(command_line_limits),
    cmocka_unit_test(auto_falls_back_when_the_table_does_not_fit),
    cmocka_unit_test(command_line_auto_fits_the_cap),
};

TESTKIT_MAIN(tests)
