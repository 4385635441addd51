/*
 * test_pdb.c - pattern databases: admissibility against exhaustive BFS,
 * group choice, deterministic builds, the cache file (round trip, stale,
 * truncated, bit-flipped, unwritable directory, concurrent writers) and
 * `slide pdb build|info|clear`.
 */
#include "testkit.h"

#include "pdb/pdb_internal.h"
#include "pdb/walk.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- helpers */

static char *make_temp_dir(void)
{
    char *dir = strdup("/tmp/slide-test-pdb-XXXXXX");
    assert_non_null(dir);
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void remove_temp_dir(char *dir)
{
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(rmdir(dir), 0);
    free(dir);
}

/* A set for the goal text with explicit groups ("1234/5678" style, hex digits). */
static void set_from_groups(pdb_set *set, const char *goal_text, int rows, int cols,
                            const char *groups)
{
    slide_board goal = testkit_board(goal_text, rows, cols);
    geometry shape;
    geometry_init(&shape, goal.rows, goal.cols);
    int sizes[PDB_MAX_GROUPS] = {0}, count = 1;
    uint8_t tiles[PDB_MAX_GROUPS][SLIDE_MAX_WIDE_CELLS];
    for (const char *p = groups; *p; p++) {
        if (*p == '/') {
            count++;
            continue;
        }
        unsigned v = (unsigned)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
        tiles[count - 1][sizes[count - 1]++] = (uint8_t)v;
    }
    assert_int_equal(pdb_set_groups(set, &shape, state_pack(&goal), count, sizes,
                                    (const uint8_t(*)[SLIDE_MAX_WIDE_CELLS])tiles),
                     SLIDE_OK);
    slide_board_free(&goal);
}

static void build_all(pdb_set *set, search_budget *budget)
{
    for (int g = 0; g < set->count; g++)
        assert_int_equal(pdb_build_group(set, g, budget, NULL), SLIDE_OK);
}

static search_budget plain_budget(void)
{
    search_budget b;
    budget_init(&b, NULL);
    return b;
}

/* set_from_groups, an entry per blank region or not, built, with the regions' entries. */
static void set_with_regions(pdb_set *set, const char *goal_text, int rows, int cols,
                             const char *groups, int per_region, search_budget *budget)
{
    set_from_groups(set, goal_text, rows, cols, groups);
    for (int g = 0; g < set->count; g++)
        assert_int_equal(pdb_group_per_region(set, g, per_region), SLIDE_OK);
    build_all(set, budget);
    assert_int_equal(pdb_regions(set, budget), SLIDE_OK);
}

/*
 * Builds the groups for a goal twice, an entry per placement and an entry
 * per blank region, and checks every reachable state of the shape against
 * the exhaustive distance: both estimates at or below it, the per-region one
 * never below the other (and above it somewhere, unless one group holds
 * every tile).  *exact_out counts the states the per-placement estimate gets
 * exactly, *reachable_out the reachable states.
 */
static void check_goal(const char *goal_text, int rows, int cols, const char *groups,
                       size_t *exact_out, size_t *reachable_out)
{
    pdb_set plain, regions;
    search_budget budget = plain_budget();
    set_from_groups(&plain, goal_text, rows, cols, groups);
    build_all(&plain, &budget);
    set_with_regions(&regions, goal_text, rows, cols, groups, 1, &budget);
    slide_board goal = testkit_board(goal_text, rows, cols);
    testkit_table table;
    testkit_table_build(&table, &goal);
    size_t reachable = 0, exact = 0, stronger = 0;
    for (size_t rank = 0; rank < table.size; rank++) {
        if (table.dist[rank] < 0)
            continue;
        slide_board b;
        testkit_unrank(&table, rank, &b);
        state64 s = state_pack(&b);
        unsigned per_placement = pdb_estimate(&plain, s), per_region = pdb_estimate(&regions, s);
        unsigned truth = (unsigned)table.dist[rank];
        if (per_placement > truth || per_region > truth)
            fail_msg("rank %zu: estimates %u and %u exceed distance %u", rank, per_placement,
                     per_region, truth);
        assert_true(per_region >= per_placement);
        exact += per_placement == truth;
        stronger += per_region > per_placement;
        reachable++;
        slide_board_free(&b);
    }
    assert_true(stronger > 0 || plain.count == 1);
    testkit_table_free(&table);
    if (exact_out)
        *exact_out = exact;
    if (reachable_out)
        *reachable_out = reachable;
    slide_board_free(&goal);
    pdb_set_release(&plain, &budget);
    pdb_set_release(&regions, &budget);
    assert_int_equal(budget.used, 0);
}

static void values_admissible_on_small_shapes_and_goals(void **state)
{
    (void)state;
    check_goal("1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678", NULL, NULL);
    check_goal("1 2 3 4 5 6 7 8 x", 3, 3, "1/2345678", NULL, NULL);
    check_goal("1 2 3 4 5 6 7 8 x", 3, 3, "147/258/36", NULL, NULL); /* reflection differs */
    check_goal("1 2 3 8 x 4 7 6 5", 3, 3, "1238/4567", NULL, NULL);  /* Luogu goal, blank centre */
    check_goal("x 1 2 3 4 5 6 7 8", 3, 3, "12/345/678", NULL, NULL); /* blank first */
    check_goal("1 2 3 4 5 6 7 x", 2, 4, "1256/347", NULL, NULL);
    check_goal("1 2 3 4 5 6 7 x", 2, 4, "15/26/37/4", NULL, NULL);
    check_goal("1 2 3 4 5 x", 2, 3, "12/345", NULL, NULL);
    check_goal("1 2/3 4/5 x", 3, 2, "135/24", NULL, NULL);
}

/* One group of every tile leaves nothing to abstract: the table is the exact distance. */
static void single_group_of_every_tile_is_exact(void **state)
{
    (void)state;
    size_t exact, reachable;
    check_goal("1 2 3 4 5 6 7 8 x", 3, 3, "12345678", &exact, &reachable);
    assert_int_equal(exact, reachable);
    check_goal("1 2 3 4 5 6 7 x", 2, 4, "1234567", &exact, &reachable);
    assert_int_equal(exact, reachable);
}

/* 3x4 is past the exhaustive table: compare with the optimal length A* proves. */
static void values_admissible_on_3x4_boards(void **state)
{
    (void)state;
    pdb_set set;
    search_budget budget = plain_budget();
    set_from_groups(&set, "1 2 3 4 5 6 7 8 9 10 11 x", 3, 4, "1256/37/48b/9a");
    build_all(&set, &budget);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 x", 3, 4), b;
    slide_rng rng;
    slide_rng_seed(&rng, 34);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 40, &rng), SLIDE_OK);
        slide_solve_options opt = slide_solve_options_init();
        opt.algo = "astar";
        opt.heuristic = "linear";
        slide_solution sol;
        assert_int_equal(slide_solve(&b, &goal, &opt, &sol, NULL), SLIDE_OK);
        testkit_assert_solves(&b, &goal, sol.moves);
        assert_true(pdb_estimate(&set, state_pack(&b)) <= sol.length);
        slide_solution_free(&sol);
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    pdb_set_release(&set, &budget);
}

/*
 * Follows every path of `depth` moves from the walk's board s (blank at
 * `blank`), never undoing the last move: each try must give pdb_estimate of
 * the board it leads to and leave the walk as it was, and each undo must
 * bring back the walk as it was before the take.  *tried counts the tries.
 */
static void check_walk_paths(pdb_walk *w, const pdb_set *set, state64 s, int blank, int depth,
                             int back, unsigned *tried)
{
    if (depth == 0)
        return;
    for (int m = 0; m < 4; m++) {
        int target = set->shape.neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        state64 next = state_swap(s, blank, target);
        pdb_walk before = *w;
        pdb_step step;
        unsigned tile = state_get(s, target);
        assert_int_equal(pdb_walk_try(w, tile, (unsigned)target, (unsigned)blank, &step),
                         pdb_estimate(set, next));
        (*tried)++;
        assert_memory_equal(w->pos, before.pos, sizeof w->pos);
        /* IDA*'s narrow loop: located (the placement updated, not ranked, when incremental) */
        pdb_step located;
        pdb_walk_locate_narrow(w, tile, (unsigned)target, (unsigned)blank, &located);
        assert_int_equal(pdb_walk_read_narrow(w, &located), pdb_estimate(set, next));
        for (int k = 0; k < step.sides; k++)
            assert_int_equal(located.after[k].placement, step.after[k].placement);
        if (w->incremental) {
            /* and as the loops read it, from the movers */
            pdb_step moved;
            pdb_walk_locate_body(w, tile, (unsigned)target, (unsigned)blank, &moved, 1, w->sides);
            assert_int_equal(pdb_walk_read_sides(w, &moved, w->sides), pdb_estimate(set, next));
            for (int k = 0; k < step.sides; k++)
                assert_int_equal(moved.index[k], located.index[k]);
        }
        if (w->incremental) {
            pdb_walk_take_wide(w, &located);
            check_walk_paths(w, set, next, target, depth - 1, move_inverse(m), tried);
            pdb_walk_undo_wide(w, &located);
            assert_memory_equal(w->cells, before.cells, sizeof w->cells);
        } else {
            pdb_walk_take(w, &step);
            check_walk_paths(w, set, next, target, depth - 1, move_inverse(m), tried);
            pdb_walk_undo(w, &step);
        }
        assert_int_equal(w->manhattan, before.manhattan);
        assert_memory_equal(w->pos, before.pos, sizeof w->pos);
        assert_memory_equal(w->side, before.side, (size_t)w->sides * sizeof w->side[0]);
    }
}

/* The incremental lookup IDA* uses agrees with the full one, per region and reflected too. */
static void walk_agrees_with_full_lookup(void **state)
{
    (void)state;
    static const struct {
        const char *goal, *groups;
        int rows, cols, per_region, mirrored;
    } cases[] = {
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", "1234/5678/9abc/def", 4, 4, 1, 1},
        /* 2x2 blocks reflect onto whole groups: the reflection adds nothing and is skipped */
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", "1256/3478/9ade/bcf", 4, 4, 0, 0},
        {"x 1 2 3 4 5 6 7 8", "12/345/678", 3, 3, 1, 1},
        /* large groups on small boards wall the blank in: the per-region entries matter */
        {"1 2 3 4 5 6 7 8 x", "1234/5678", 3, 3, 1, 1},
        {"1 2 3 4 5 6 7 x", "1256/347", 2, 4, 1, 0},
        {"1 2 3 4 5 6 7 8 9 10 11 x", "1256/37/48b/9a", 3, 4, 1, 0},
        /* groups of all 8 digit slots and of 7: the update compares every slot at once */
        {"1 2 3 4 5 6 7 8 x", "12345678", 3, 3, 1, 0},
        {"1 2 3 4 5 6 7 x", "1234567", 2, 4, 1, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pdb_set set;
        search_budget budget = plain_budget();
        set_with_regions(&set, cases[c].goal, cases[c].rows, cases[c].cols, cases[c].groups,
                         cases[c].per_region, &budget);
        assert_int_equal(set.mirrored, cases[c].mirrored);
        slide_board goal = testkit_board(cases[c].goal, cases[c].rows, cases[c].cols), b;
        slide_rng rng;
        slide_rng_seed(&rng, 11 + c);
        unsigned tried = 0;
        for (int i = 0; i < 4; i++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            state64 s = state_pack(&b);
            pdb_walk w;
            assert_int_equal(pdb_walk_start(&w, &set, s), pdb_estimate(&set, s));
            check_walk_paths(&w, &set, s, state_blank(s, set.shape.cells), 7, -1, &tried);
            slide_board_free(&b);
        }
        assert_true(tried > 4 * 7);
        slide_board_free(&goal);
        pdb_set_release(&set, &budget);
    }
}

/*
 * The larger dual sum of a walk started afresh at cells (pdb_walk_start_dual),
 * added up here group by group from its entries and penalties (not by
 * pdb_dual_sum, whose shortcut for whole groups it checks).
 */
static unsigned fresh_dual_sum(const pdb_set *set, const uint8_t *cells)
{
    pdb_walk w;
    pdb_walk_start_cells(&w, set, cells);
    pdb_walk_start_dual(&w, cells);
    unsigned best = 0;
    for (int k = 0; k < w.sides; k++) {
        unsigned sum = 0;
        for (int g = 0; g < set->count; g++) {
            unsigned v = w.dual[k].group[g].value, penalty = w.dual_penalty[k][g][w.pos[0]];
            if (g != w.dual_out[k] && v > penalty)
                sum += v - penalty;
        }
        assert_int_equal(w.dual[k].sum, sum);
        if (sum > best)
            best = sum;
    }
    return best;
}

/*
 * Follows every path of `depth` moves as IDA*'s narrow loop does with dual
 * lookups: every child located (regular and dual) before any is read, each
 * read equal to a fresh start on the child's board, and take/undo leaving
 * the walk as it was.
 */
static void check_dual_paths(pdb_walk *w, const pdb_set *set, uint8_t *cells, int blank, int depth,
                             int back, unsigned *tried)
{
    if (depth == 0)
        return;
    pdb_step steps[4];
    int moves[4], count = 0;
    for (int m = 0; m < 4; m++) {
        int target = set->shape.neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        pdb_walk_locate_narrow(w, cells[target], (unsigned)target, (unsigned)blank, &steps[count]);
        pdb_dual_locate(w, cells[target], (unsigned)target, (unsigned)blank, &steps[count], 0,
                        w->sides);
        moves[count++] = m;
    }
    for (int i = 0; i < count; i++) {
        int target = set->shape.neighbour[blank][moves[i]];
        pdb_walk before = *w;
        unsigned regular = pdb_walk_read_narrow(w, &steps[i]);
        unsigned dual = pdb_dual_read(w, &steps[i], w->sides);
        cells[blank] = cells[target];
        cells[target] = 0;
        pdb_walk fresh;
        assert_int_equal(regular, pdb_walk_start_cells(&fresh, set, cells));
        assert_int_equal(dual, fresh_dual_sum(set, cells));
        (*tried)++;
        /* the cells of an incremental walk follow its moves (take_wide) */
        if (w->incremental)
            pdb_walk_take_wide(w, &steps[i]);
        else
            pdb_walk_take(w, &steps[i]);
        pdb_dual_take(w, &steps[i], w->sides);
        check_dual_paths(w, set, cells, target, depth - 1, move_inverse(moves[i]), tried);
        pdb_dual_undo(w, &steps[i], w->sides);
        if (w->incremental)
            pdb_walk_undo_wide(w, &steps[i]);
        else
            pdb_walk_undo(w, &steps[i]);
        cells[target] = cells[blank];
        cells[blank] = 0;
        assert_memory_equal(w->dpos, before.dpos, sizeof w->dpos);
        assert_memory_equal(w->dual_out, before.dual_out, sizeof w->dual_out);
        for (int k = 0; k < w->sides; k++)
            for (int g = 0; g < set->count; g++)
                if (g != w->dual_out[k])
                    assert_int_equal(w->dual[k].group[g].value, before.dual[k].group[g].value);
    }
}

/*
 * The dual lookup (walk.h) never exceeds the true distance: every board of
 * 3x3 and 2x4 against the exhaustive table, with goals whose groups wall
 * the blank's goal cell in (where an entry counts only while the blank
 * lies in that cell's region) and per-region entries; and the incremental
 * dual lookup agrees with a fresh one along every short path.
 */
static void dual_lookup_is_admissible_and_follows_moves(void **state)
{
    (void)state;
    static const struct {
        const char *goal, *groups;
        int rows, cols, per_region;
    } cases[] = {
        {"x 1 2 3 4 5 6 7 8", "12/345/678", 3, 3, 1},
        {"x 1 2 3 4 5 6 7 8", "1234/5678", 3, 3, 0},
        {"1 2 3 4 5 6 7 8 x", "1234/5678", 3, 3, 1},
        {"1 2 3 4 x 5 6 7 8", "125/34678", 3, 3, 1},
        {"1 2 3 4 5 6 7 x", "1256/347", 2, 4, 1},
        {"x 1 2 3 4 5 6 7", "15/2367/4", 2, 4, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pdb_set set;
        search_budget budget = plain_budget();
        set_with_regions(&set, cases[c].goal, cases[c].rows, cases[c].cols, cases[c].groups,
                         cases[c].per_region, &budget);
        slide_board goal = testkit_board(cases[c].goal, cases[c].rows, cases[c].cols), b;
        testkit_table table;
        testkit_table_build(&table, &goal);
        size_t boards = 0, raised = 0;
        for (size_t rank = 0; rank < table.size; rank++) {
            if (table.dist[rank] < 0)
                continue;
            testkit_unrank(&table, rank, &b);
            uint8_t cells[SLIDE_MAX_PACKED_CELLS];
            for (int i = 0; i < set.shape.cells; i++)
                cells[i] = (uint8_t)b.cells[i];
            pdb_walk w;
            unsigned regular = pdb_walk_start_cells(&w, &set, cells);
            unsigned both = pdb_walk_start_dual(&w, cells);
            assert_true(both >= regular);
            assert_true(both <= (unsigned)table.dist[rank]);
            boards++;
            raised += both > regular;
            if (rank % 9973 == 0) {
                unsigned tried = 0;
                check_dual_paths(&w, &set, cells, b.blank, 6, -1, &tried);
                assert_true(tried >= 6);
            }
            slide_board_free(&b);
        }
        assert_true(boards == table.size / 2);
        assert_true(raised > 0); /* the dual lookup adds something on every case */
        testkit_table_free(&table);
        slide_board_free(&goal);
        pdb_set_release(&set, &budget);
    }
}

/* ------------------------------------------------------------ group plan */

static void plan_is_korf_felner_7_8_with_reflection_on_4x4(void **state)
{
    (void)state;
    geometry shape;
    geometry_init(&shape, 4, 4);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    pdb_set set;
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    assert_int_equal(set.count, 2);
    assert_int_equal(set.groups[0].size, 7);
    assert_int_equal(set.groups[1].size, 8);
    /* the 7 next to the blank, as Korf & Felner's split of the blank-first goal mirrored */
    for (unsigned tile = 1; tile <= 15; tile++)
        assert_int_equal(set.group_of[tile], tile >= 9 ? 0 : 1);
    assert_int_equal(set.groups[1].entries, 518918400u);
    /* the 7-tile table keeps an entry per blank region, 9 a placement; the 8-tile one cannot */
    assert_true(set.groups[0].per_region);
    assert_int_equal(set.groups[0].entries, 57657600u * 9u);
    assert_false(set.groups[1].per_region);
    int order[PDB_MAX_GROUPS];
    pdb_build_order(&set, order);
    assert_int_equal(order[0], 1); /* the 8-tile build first, while no other table is held */
    /* each table in its own frame: the 7 tiles' is the blank-first goal's, rotated */
    char name[64];
    pdb_file_name(&set, 0, name, sizeof name);
    assert_string_equal(name, "4x4-xooooooo________-r.pdb");
    pdb_file_name(&set, 1, name, sizeof name);
    assert_string_equal(name, "4x4-oooooooox_______.pdb");
    assert_true(set.mirrored);
    slide_board_free(&goal);

    /* blank-first goal: Korf & Felner's own {1..7}, {8..15}, the same two files */
    goal = testkit_board("x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, 0);
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    for (unsigned tile = 1; tile <= 15; tile++)
        assert_int_equal(set.group_of[tile], tile <= 7 ? 0 : 1);
    pdb_file_name(&set, 0, name, sizeof name);
    assert_string_equal(name, "4x4-xooooooo________-r.pdb");
    pdb_file_name(&set, 1, name, sizeof name);
    assert_string_equal(name, "4x4-oooooooox_______.pdb");
    assert_true(set.mirrored);
    slide_board_free(&goal);
    goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", 0, 0);
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    assert_false(set.mirrored);
    slide_board_free(&goal);
}

static void plan_shrinks_groups_to_fit_the_cap(void **state)
{
    (void)state;
    geometry shape;
    geometry_init(&shape, 4, 4);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    pdb_set set;
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, 200u << 20), SLIDE_OK);
    assert_true(set.groups[set.count - 1].size < 8);
    for (int g = 0; g < set.count; g++)
        assert_true(set.groups[g].size <= set.groups[set.count - 1].size);
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 4, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    assert_int_equal(set.count, 4);
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, 1024), SLIDE_E_MEMLIMIT);
    slide_board_free(&goal);
}

/* --------------------------------------------------------- build and file */

static void build_is_deterministic(void **state)
{
    (void)state;
    pdb_set a, b;
    search_budget budget = plain_budget();
    set_from_groups(&a, "1 2 3 4 5 6 7 8 9 10 11 x", 3, 4, "1234/5678/9ab");
    set_from_groups(&b, "1 2 3 4 5 6 7 8 9 10 11 x", 3, 4, "1234/5678/9ab");
    build_all(&a, &budget);
    build_all(&b, &budget);
    for (int g = 0; g < a.count; g++) {
        assert_int_equal(a.groups[g].bytes, b.groups[g].bytes);
        assert_memory_equal(a.groups[g].data, b.groups[g].data, a.groups[g].bytes);
    }
    pdb_set_release(&a, &budget);
    pdb_set_release(&b, &budget);
}

/* Two threads split each layer; the table must not depend on how. */
static void threaded_build_equals_single_thread(void **state)
{
    (void)state;
    pdb_set one, two;
    search_budget budget = plain_budget();
    set_from_groups(&one, "1 2 3 4 5 6 7 8 9 10 11 x", 3, 4, "123/456/789ab");
    set_from_groups(&two, "1 2 3 4 5 6 7 8 9 10 11 x", 3, 4, "123/456/789ab");
    one.build_threads = 1;
    two.build_threads = 2;
    /* one table per blank region too: its entries are slots, split the same way */
    assert_int_equal(pdb_group_per_region(&one, 1, 1), SLIDE_OK);
    assert_int_equal(pdb_group_per_region(&two, 1, 1), SLIDE_OK);
    build_all(&one, &budget);
    build_all(&two, &budget);
    for (int g = 0; g < one.count; g++) {
        assert_int_equal(one.groups[g].entry_bits, two.groups[g].entry_bits);
        assert_memory_equal(one.groups[g].data, two.groups[g].data, one.groups[g].bytes);
    }
    pdb_set_release(&one, &budget);
    pdb_set_release(&two, &budget);
}

static char *file_path(const char *dir, const pdb_set *set, int g)
{
    char name[64];
    pdb_file_name(set, g, name, sizeof name);
    char *path = malloc(strlen(dir) + strlen(name) + 2);
    assert_non_null(path);
    sprintf(path, "%s/%s", dir, name);
    return path;
}

static void cache_round_trip_gives_the_same_bytes(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set built, loaded;
    search_budget budget = plain_budget();
    char why[160];
    set_from_groups(&built, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    set_from_groups(&loaded, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    build_all(&built, &budget);
    for (int g = 0; g < built.count; g++) {
        assert_int_equal(pdb_save(dir, &built, g, why, sizeof why), SLIDE_OK);
        assert_int_equal(pdb_load(dir, &loaded, g, &budget, why, sizeof why), SLIDE_OK);
        assert_int_equal(loaded.groups[g].entry_bits, built.groups[g].entry_bits);
        assert_memory_equal(loaded.groups[g].data, built.groups[g].data, built.groups[g].bytes);
        char *path = file_path(dir, &built, g);
        slide_pdb_file_info info = slide_pdb_file_info_init();
        assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
        assert_int_equal(info.rows, 3);
        assert_int_equal(info.group_size, 4);
        assert_int_equal(info.home[0], built.groups[g].home[0]);
        assert_int_equal(info.blank_home, built.groups[g].blank_home);
        assert_int_equal(info.entries, 9 * 8 * 7 * 6);
        assert_string_equal(info.problem, "");
        free(path);
    }
    /* a second save of the same table writes the same bytes */
    char *path = file_path(dir, &built, 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char first[4096];
    size_t first_len = fread(first, 1, sizeof first, f);
    fclose(f);
    assert_int_equal(pdb_save(dir, &built, 0, why, sizeof why), SLIDE_OK);
    f = fopen(path, "rb");
    char second[4096];
    size_t second_len = fread(second, 1, sizeof second, f);
    fclose(f);
    assert_int_equal(first_len, second_len);
    assert_memory_equal(first, second, first_len);
    free(path);
    pdb_set_release(&built, &budget);
    pdb_set_release(&loaded, &budget);
    remove_temp_dir(dir);
}

/* Saves a 3x3 table and returns its path; the set stays built. */
static char *saved_table(const char *dir, pdb_set *set, search_budget *budget)
{
    char why[160];
    set_from_groups(set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    build_all(set, budget);
    assert_int_equal(pdb_save(dir, set, 0, why, sizeof why), SLIDE_OK);
    return file_path(dir, set, 0);
}

/* Loads table 0 expecting status; a failure's reason must mention `reason`. */
static void expect_load(const char *dir, int status, const char *reason)
{
    pdb_set fresh;
    search_budget budget = plain_budget();
    char why[160] = "";
    set_from_groups(&fresh, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_load(dir, &fresh, 0, &budget, why, sizeof why), status);
    if (!strstr(why, reason))
        fail_msg("reason '%s' does not mention '%s'", why, reason);
    if (status == SLIDE_OK) {
        assert_non_null(fresh.groups[0].data);
        pdb_set_release(&fresh, &budget);
    }
    assert_null(fresh.groups[0].data);
    assert_int_equal(budget.used, 0);
}

static void patch_byte(const char *path, long offset, int xor_mask)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    int c = fgetc(f);
    assert_true(c != EOF);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    fputc(c ^ xor_mask, f);
    fclose(f);
}

static void cache_detects_stale_truncated_and_flipped_files(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set set;
    search_budget budget = plain_budget();
    char *path = saved_table(dir, &set, &budget);
    slide_pdb_file_info info = slide_pdb_file_info_init();

    expect_load("/nonexistent-slide-dir", SLIDE_E_IO, "missing");

    /* one payload bit flipped */
    patch_byte(path, 96 + 100, 0x04);
    expect_load(dir, SLIDE_E_CORRUPT, "checksum");
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_E_CORRUPT);
    assert_non_null(strstr(info.problem, "checksum"));
    patch_byte(path, 96 + 100, 0x04);
    expect_load(dir, SLIDE_OK, "");

    /* another format version */
    patch_byte(path, 8, 0x02);
    expect_load(dir, SLIDE_E_CORRUPT, "format version");
    patch_byte(path, 8, 0x02);

    /* a header field changed without its checksum */
    patch_byte(path, 20, 0x01);
    expect_load(dir, SLIDE_E_CORRUPT, "damaged (in its header)");
    patch_byte(path, 20, 0x01);

    /* a valid file under the name of another table is stale */
    pdb_set other;
    set_from_groups(&other, "1 2 3 4 5 6 7 8 x", 3, 3, "1235/4678");
    char *other_path = file_path(dir, &other, 0);
    assert_int_equal(rename(path, other_path), 0);
    pdb_set fresh;
    char why[160];
    set_from_groups(&fresh, "1 2 3 4 5 6 7 8 x", 3, 3, "1235/4678");
    assert_int_equal(pdb_load(dir, &fresh, 0, &budget, why, sizeof why), SLIDE_E_CORRUPT);
    assert_non_null(strstr(why, "stale"));
    assert_int_equal(rename(other_path, path), 0);
    free(other_path);

    /* truncated by one byte, and cut inside the header */
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(truncate(path, st.st_size - 1), 0);
    expect_load(dir, SLIDE_E_CORRUPT, "truncated");
    assert_int_equal(truncate(path, 40), 0);
    expect_load(dir, SLIDE_E_CORRUPT, "truncated");

    free(path);
    pdb_set_release(&set, &budget);
    remove_temp_dir(dir);
}

typedef struct note_log {
    int notes;
    int cannot_write;
    char last[512];
} note_log;

static void log_note(void *ctx, const slide_progress *p)
{
    note_log *log = ctx;
    if (p->kind == SLIDE_PROGRESS_NOTE) {
        log->notes++;
        log->cannot_write += strstr(p->message, "cannot write the cache directory") != NULL;
        snprintf(log->last, sizeof log->last, "%s", p->message);
    }
}

static void prepare_rebuilds_a_corrupt_file_with_a_note(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set set;
    search_budget budget = plain_budget();
    char *path = saved_table(dir, &set, &budget);
    pdb_set_release(&set, &budget);
    patch_byte(path, 96 + 7, 0x80);

    note_log log = {0, 0, ""};
    pdb_reporter reporter = {log_note, &log};
    int loaded, built;
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_set_prepare(&set, dir, &budget, &reporter, &loaded, &built, NULL),
                     SLIDE_OK);
    assert_int_equal(loaded, 0);
    assert_int_equal(built, 2);
    assert_int_equal(log.notes, 2); /* the corrupt one, then the missing one */
    slide_pdb_file_info info = slide_pdb_file_info_init();
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
    pdb_set_release(&set, &budget);

    log.notes = 0;
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_set_prepare(&set, dir, &budget, &reporter, &loaded, &built, NULL),
                     SLIDE_OK);
    assert_int_equal(loaded, 2);
    assert_int_equal(built, 0);
    assert_int_equal(log.notes, 0);
    pdb_set_release(&set, &budget);
    free(path);
    remove_temp_dir(dir);
}

static void unwritable_directory_builds_in_memory_and_warns_once(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    char blocker[300], cache[320];
    snprintf(blocker, sizeof blocker, "%s/a-file", dir);
    FILE *f = fopen(blocker, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(cache, sizeof cache, "%s/sub", blocker); /* below a file: unwritable even for root */
    note_log log = {0, 0, ""};
    pdb_reporter reporter = {log_note, &log};
    pdb_set set;
    search_budget budget = plain_budget();
    int loaded, built;
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "12/34/56/78");
    assert_int_equal(pdb_set_prepare(&set, cache, &budget, &reporter, &loaded, &built, NULL),
                     SLIDE_OK);
    assert_int_equal(built, 3); /* two of the groups are one table turned: built once, read by both */
    assert_int_equal(log.cannot_write, 1);
    for (int g = 0; g < set.count; g++)
        assert_non_null(set.groups[g].data);
    pdb_set_release(&set, &budget);
    assert_int_equal(unlink(blocker), 0);
    remove_temp_dir(dir);
}

typedef struct save_job {
    const char *dir;
    const pdb_set *set;
    int status;
} save_job;

static void *save_thread(void *arg)
{
    save_job *job = arg;
    char why[160];
    for (int i = 0; i < 5 && job->status == SLIDE_OK; i++)
        job->status = pdb_save(job->dir, job->set, 1, why, sizeof why);
    return NULL;
}

static void concurrent_writers_leave_one_valid_file(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set set;
    search_budget budget = plain_budget();
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    build_all(&set, &budget);
    save_job jobs[2] = {{dir, &set, SLIDE_OK}, {dir, &set, SLIDE_OK}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, save_thread, &jobs[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    assert_int_equal(jobs[0].status, SLIDE_OK);
    assert_int_equal(jobs[1].status, SLIDE_OK);
    char *path = file_path(dir, &set, 1);
    slide_pdb_file_info info = slide_pdb_file_info_init();
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(removed, 1); /* no temporary left behind */
    free(path);
    pdb_set_release(&set, &budget);
    remove_temp_dir(dir);
}

/* Writes a small file (content irrelevant) at dir/name. */
static void touch_file(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("not slide's\n", f);
    fclose(f);
}

static int file_exists(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

/*
 * A cache directory may be shared: clearing it removes the tables, stamps
 * and temporaries slide names, and leaves another program's .pdb files
 * (Protein Data Bank, debug symbols) alone.
 */
static void clear_removes_only_slide_s_files(void **state)
{
    (void)state;
    assert_int_equal(slide_pdb_file_name_is_table("4x4-xooooooo________-r.pdb"), 1);
    assert_int_equal(slide_pdb_file_name_is_table("2x3-xoo___.pdb"), 1);
    assert_int_equal(slide_pdb_file_name_is_table("1abc.pdb"), 0);
    assert_int_equal(slide_pdb_file_name_is_table("app.pdb"), 0);
    assert_int_equal(slide_pdb_file_name_is_table("2x3-xoo__.pdb"), 0);  /* 5 cells for 6 */
    assert_int_equal(slide_pdb_file_name_is_table("2x3-ooo___.pdb"), 0); /* no blank */
    assert_int_equal(slide_pdb_file_name_is_table("2x3-xxo___.pdb"), 0); /* two */
    assert_int_equal(slide_pdb_file_name_is_table("6x6-x"
                                                  "ooooo"
                                                  "oooooooooo"
                                                  "oooooooooo"
                                                  "__.pdb"),
                     0); /* past 25 cells */
    assert_int_equal(slide_pdb_file_name_is_table("2x3-xoo___.pdb.ok"), 0);
    assert_int_equal(slide_pdb_file_name_is_table(NULL), 0);

    char *dir = make_temp_dir();
    const char *theirs[] = {
        "1abc.pdb",       "app.pdb", "notes.txt", "2x3-xoo___.pdb.bak", "2x3-xoo___.pdb.tmp.12",
        "x2x3-xoo___.pdb"};
    const char *ours[] = {"2x3-xoo___.pdb", "2x3-xoo___-r.pdb.ok",
                          "2x3-x_o_o_.pdb.tmp.4194303.9af0",
                          "2x3-123450-12-r.pdb"}; /* the last: format 1's names */
    for (size_t i = 0; i < sizeof theirs / sizeof *theirs; i++)
        touch_file(dir, theirs[i]);
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        touch_file(dir, ours[i]);
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(removed, 4);
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        assert_false(file_exists(dir, ours[i]));
    for (size_t i = 0; i < sizeof theirs / sizeof *theirs; i++) {
        assert_true(file_exists(dir, theirs[i]));
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, theirs[i]);
        assert_int_equal(unlink(path), 0);
    }
    remove_temp_dir(dir);
}

/* Shapes far past the tables' and a NULL path get an answer, not overflow or a crash. */
static void odd_arguments_are_answered(void **state)
{
    (void)state;
    assert_int_equal(slide_pdb_largest_group(100000, 100000), 0);
    assert_int_equal(slide_pdb_largest_group(46341, 46341), 0);
    assert_int_equal(slide_pdb_largest_group(2, 1 << 30), 0);
    assert_true(slide_pdb_largest_group(4, 4) > 0);
    slide_pdb_file_info info = slide_pdb_file_info_init();
    assert_int_equal(slide_pdb_file_inspect(NULL, &info), SLIDE_E_ARGUMENT);
}

/* ------------------------------------------------------------- symmetry */

/*
 * Goals of one shape that are the same up to renaming tiles, rotating or
 * reflecting the board (the first is built, every other one loads the same
 * files), and one that is not; every goal's IDA* answers, through the
 * shared tables, are replayed and as short as BFS's.
 */
static void check_symmetric_goals(int rows, int cols, const char *const *goals, int count,
                                  const char *other)
{
    char *dir = make_temp_dir();
    slide_pdb_options options = slide_pdb_options_init();
    options.cache_dir = dir;
    options.max_group = 4;
    slide_pdb_summary summary = slide_pdb_summary_init();
    int tables = 0;
    for (int i = 0; i <= count; i++) {
        const char *text = i < count ? goals[i] : other;
        slide_board goal = testkit_board(text, rows, cols);
        assert_int_equal(slide_pdb_prepare(&goal, &options, 0, NULL, NULL, &summary), SLIDE_OK);
        if (i == 0) {
            tables = summary.groups;
            assert_int_equal(summary.built, tables);
        } else if (i < count) {
            if (summary.loaded != tables || summary.built != 0)
                fail_msg("goal '%s' built %d of its tables", text, summary.built);
        } else {
            /* the blank elsewhere: other tables (two groups may share one: loaded counts it) */
            assert_true(summary.built > 0);
            assert_int_equal(testkit_count_tables(dir), tables + summary.built);
        }
        if (i < count)
            assert_int_equal(testkit_count_tables(dir), tables);

        slide_rng rng;
        slide_rng_seed(&rng, 40 + (uint64_t)i);
        for (int b = 0; b < 6; b++) {
            slide_board start;
            assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            slide_solve_options opt = slide_solve_options_init();
            opt.algo = "bfs";
            slide_solution reference, answer;
            assert_int_equal(slide_solve(&start, &goal, &opt, &reference, NULL), SLIDE_OK);
            opt.algo = "idastar";
            opt.heuristic = "pdb";
            opt.pdb = &options;
            slide_stats st = slide_stats_init();
            assert_int_equal(slide_solve(&start, &goal, &opt, &answer, &st), SLIDE_OK);
            testkit_assert_solves(&start, &goal, answer.moves);
            assert_int_equal(answer.length, reference.length);
            assert_string_equal(st.heuristic, "pdb");
            slide_solution_free(&reference);
            slide_solution_free(&answer);
            slide_board_free(&start);
        }
        slide_board_free(&goal);
    }
    remove_temp_dir(dir);
}

static void symmetric_goals_share_one_set_of_files(void **state)
{
    (void)state;
    /* standard; blank first (rotated by 180 and renamed); a quarter turn; renamed; transposed */
    static const char *const square[] = {"1 2 3 4 5 6 7 8 x", "x 1 2 3 4 5 6 7 8",
                                         "7 4 1 8 5 2 x 6 3", "8 7 6 5 4 3 2 1 x",
                                         "1 4 7 2 5 8 3 6 x"};
    /*
     * The other goal has its blank in the middle of an edge, which walls it in
     * at home: that table is new.  (Luogu's centre blank would share both: the
     * tables whose tiles leave one free region do not depend on the blank.)
     */
    check_symmetric_goals(3, 3, square, 5, "1 2 3 4 5 6 7 x 8");
    /* a 2x4 turns only by 180 degrees and flips: those, and a renaming */
    static const char *const wide[] = {"1 2 3 4 5 6 7 x", "x 7 6 5 4 3 2 1", "4 3 2 1 x 7 6 5",
                                       "7 6 5 4 3 2 1 x"};
    check_symmetric_goals(2, 4, wide, 4, "1 2 3 4 5 6 x 7");
}

/* ---------------------------------------------------- mapping and stamps */

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/*
 * A load verifies the payload once and remembers it in a stamp, which only
 * a file older than two seconds gets (a change within the same tick of a
 * coarse file-system clock must not look unchanged).  A file changed after
 * its stamp is verified again, and its damage found.
 */
static void stamp_remembers_a_verified_file_until_it_changes(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set set;
    search_budget budget = plain_budget();
    char *path = saved_table(dir, &set, &budget);
    char stamp[400];
    snprintf(stamp, sizeof stamp, "%s.ok", path);
    expect_load(dir, SLIDE_OK, "");
    assert_false(exists(stamp)); /* too new to be stamped */
    sleep(2);
    expect_load(dir, SLIDE_OK, "");
    assert_true(exists(stamp));
    expect_load(dir, SLIDE_OK, ""); /* through the stamp */

    patch_byte(path, 96 + 30, 0x01);
    expect_load(dir, SLIDE_E_CORRUPT, "checksum");
    patch_byte(path, 96 + 30, 0x01);
    expect_load(dir, SLIDE_OK, "");

    /* a stamp copied from another state of the file vouches for nothing */
    FILE *f = fopen(stamp, "r+");
    assert_non_null(f);
    assert_int_equal(fputs("slide pdb verified: dev 0", f) >= 0, 1);
    fclose(f);
    patch_byte(path, 96 + 30, 0x01);
    expect_load(dir, SLIDE_E_CORRUPT, "checksum");

    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(removed, 2); /* the table and its stamp */
    free(path);
    pdb_set_release(&set, &budget);
    remove_temp_dir(dir);
}

/* A mapped table is charged to the budget like a loaded one, and given back. */
static void mapped_tables_count_against_the_budget(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    pdb_set set, mapped;
    search_budget budget = plain_budget();
    char *path = saved_table(dir, &set, &budget);
    char why[160];
    set_from_groups(&mapped, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    search_budget counted = plain_budget();
    assert_int_equal(pdb_load(dir, &mapped, 0, &counted, why, sizeof why), SLIDE_OK);
    assert_non_null(mapped.groups[0].mapping);
    assert_int_equal(counted.used, mapped.groups[0].bytes);
    assert_memory_equal(mapped.groups[0].data, set.groups[0].data, set.groups[0].bytes);
    pdb_set_release(&mapped, &counted);
    assert_int_equal(counted.used, 0);

    slide_limits tight = {.max_memory = set.groups[0].bytes - 1};
    budget_init(&counted, &tight);
    set_from_groups(&mapped, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_load(dir, &mapped, 0, &counted, why, sizeof why), SLIDE_E_MEMLIMIT);
    assert_null(mapped.groups[0].data);
    assert_int_equal(counted.used, 0);
    free(path);
    pdb_set_release(&set, &budget);
    remove_temp_dir(dir);
}

/* --------------------------------------------------------- quick tables */

typedef struct advice_log {
    int stand_ins;    /* notes that quick tables stand in */
    int build_advice; /* ... with SLIDE_REMEDY_PDB_BUILD */
    char last[512];
} advice_log;

static void log_advice(void *ctx, const slide_progress *p)
{
    advice_log *log = ctx;
    if (p->kind == SLIDE_PROGRESS_NOTE && strstr(p->message, "are not cached; using")) {
        log->stand_ins++;
        log->build_advice += p->remedy == SLIDE_REMEDY_PDB_BUILD;
        snprintf(log->last, sizeof log->last, "%s", p->message);
    }
}

/* Solves `boards` random boards of goal in one context; checks them against A* (optimal). */
static void solve_batch(const slide_board *goal, slide_solve_options *opt, int boards,
                        uint64_t seed)
{
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    opt->context = ctx;
    slide_rng rng;
    slide_rng_seed(&rng, seed);
    for (int i = 0; i < boards; i++) {
        slide_board start;
        assert_int_equal(slide_generate(&start, goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        slide_solve_options astar = slide_solve_options_init();
        astar.algo = "astar";
        astar.heuristic = "linear";
        slide_solution reference, answer;
        slide_stats st = slide_stats_init();
        assert_int_equal(slide_solve(&start, goal, &astar, &reference, NULL), SLIDE_OK);
        assert_int_equal(slide_solve(&start, goal, opt, &answer, &st), SLIDE_OK);
        testkit_assert_solves(&start, goal, answer.moves);
        assert_int_equal(answer.length, reference.length);
        assert_string_equal(st.heuristic, "pdb");
        assert_true(st.optimal);
        slide_solution_free(&reference);
        slide_solution_free(&answer);
        slide_board_free(&start);
    }
    opt->context = NULL;
    slide_context_free(ctx);
}

/*
 * The default heuristic does not wait for tables that take long to build
 * (here: more than 20,000 abstract states, the 1-4-4 tables of 2x5): it
 * builds and caches quick ones (3-3-3), says so once a batch (advising a
 * build only when a default build would make the tables it wants), and
 * answers optimally.  Once the full tables are cached they are used,
 * silently; a search that names pdb builds the full ones.
 */
static void quick_tables_stand_in_until_the_full_ones_are_cached(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 x", 2, 5);
    advice_log log = {0, 0, ""};
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    slide_limits limits = slide_limits_init();
    opt.limits = &limits;
    pdb.cache_dir = dir;
    pdb.max_group = 4;
    pdb.quick_states = 20000;
    opt.progress = log_advice;
    opt.progress_ctx = &log;
    /* idastar's default heuristic (auto would answer these small boards by linear conflict first) */
    opt.algo = "idastar";

    solve_batch(&goal, &opt, 5, 7);
    assert_int_equal(log.stand_ins, 1);
    assert_int_equal(log.build_advice, 1);
    assert_non_null(strstr(log.last, "not cached; using 3-3-3 ones"));
    assert_null(strstr(log.last, "--")); /* the library names no option */
    /* 3-3-3, but two of the groups are one table turned (their tiles leave one free region) */
    assert_int_equal(testkit_count_tables(dir), 2);
    solve_batch(&goal, &opt, 3, 8); /* the quick tables come from the cache now */
    assert_int_equal(log.build_advice, 2);
    assert_int_equal(testkit_count_tables(dir), 2);

    /* a cap under which the best tables are smaller than a default build makes: no advice */
    limits.max_memory = 85000; /* 1-4-4 fits, but not per blank region */
    solve_batch(&goal, &opt, 1, 11);
    assert_int_equal(log.stand_ins, 3);
    assert_int_equal(log.build_advice, 2);
    limits.max_memory = 0;

    slide_pdb_summary summary = slide_pdb_summary_init();
    assert_int_equal(slide_pdb_prepare(&goal, opt.pdb, 0, NULL, NULL, &summary), SLIDE_OK);
    assert_int_equal(summary.built, summary.groups);
    assert_int_equal(summary.group_size[summary.groups - 1], 4);
    log.stand_ins = 0;
    solve_batch(&goal, &opt, 5, 9);
    assert_int_equal(log.stand_ins, 0);

    /* asked for by name, pdb means the full tables: built when missing, and no advice */
    char *other = make_temp_dir();
    pdb.cache_dir = other;
    opt.algo = "idastar";
    opt.heuristic = "pdb";
    solve_batch(&goal, &opt, 2, 10);
    assert_int_equal(log.stand_ins, 0);
    assert_int_equal(testkit_count_tables(other), summary.groups);
    remove_temp_dir(other);
    slide_board_free(&goal);
    remove_temp_dir(dir);
}

/*
 * Goals whose tables are the same files (here renamings of one goal) share
 * them in a context: each file is mapped and charged once, so a cap that
 * holds one goal's tables holds them all, and every goal searches with the
 * pattern databases (without the sharing the second goal found no room and
 * fell back to linear conflict); --stats says which bytes were shared
 * (table_shared), and the note that the full tables are missing is said
 * once for all the goals.
 */
static void goals_that_share_files_are_charged_once(void **state)
{
    (void)state;
    static const char *const goals[] = {"1 2 3 4 5 6 7 8 9 x", "9 8 7 6 5 4 3 2 1 x",
                                        "2 1 3 4 5 6 7 8 9 x", "5 6 7 8 9 1 2 3 4 x",
                                        "3 1 2 6 4 5 9 7 8 x"};
    char *dir = make_temp_dir();
    advice_log log = {0, 0, ""};
    slide_solve_options opt = slide_solve_options_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    pdb.cache_dir = dir;
    pdb.max_group = 4;
    pdb.quick_states = 20000; /* the 3-3-3 tables stand in for 1-4-4, as above */
    opt.progress = log_advice;
    opt.progress_ctx = &log;
    opt.algo = "idastar";
    size_t one_goal = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0 measures one goal's tables; pass 1 caps the context to hold them once */
        slide_context_options copt = slide_context_options_init();
        copt.max_memory = pass ? one_goal + one_goal / 2 + 65536 : 0;
        slide_context *ctx;
        assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_OK);
        opt.context = ctx;
        log.stand_ins = 0;
        slide_rng rng;
        slide_rng_seed(&rng, 24);
        int goal_count = pass ? (int)(sizeof goals / sizeof goals[0]) : 1;
        for (int i = 0; i < goal_count; i++) {
            slide_board goal = testkit_board(goals[i], 2, 5), start;
            assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            slide_solution answer;
            slide_stats st = slide_stats_init();
            assert_int_equal(slide_solve(&start, &goal, &opt, &answer, &st), SLIDE_OK);
            testkit_assert_solves(&start, &goal, answer.moves);
            if (!st.heuristic || strcmp(st.heuristic, "pdb") != 0)
                fail_msg("goal %d searched with %s: %s", i + 1, st.heuristic, st.note);
            assert_true(st.table_memory > 0);
            assert_int_equal(st.table_shared, i ? st.table_memory : 0);
            one_goal = st.table_memory;
            slide_solution_free(&answer);
            slide_board_free(&start);
            slide_board_free(&goal);
        }
        assert_int_equal(log.stand_ins, 1);
        opt.context = NULL;
        slide_context_free(ctx);
    }
    remove_temp_dir(dir);
}

/* The quick plan of the 15-puzzle: 3 tiles in the far row, two 6-tile blocks to the blank. */
static void quick_plan_of_the_15_puzzle_is_6_6_3_blocks(void **state)
{
    (void)state;
    geometry shape;
    geometry_init(&shape, 4, 4);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", 0, 0);
    pdb_set full, quick;
    assert_int_equal(pdb_plan(&full, &shape, state_pack(&goal), 0, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    assert_true(pdb_plan_states(&full) > PDB_QUICK_STATES);
    assert_int_equal(pdb_plan_quick(&quick, &shape, state_pack(&goal), 0,
                                    SLIDE_DEFAULT_MAX_MEMORY, PDB_QUICK_STATES),
                     SLIDE_OK);
    assert_true(pdb_plan_states(&quick) <= PDB_QUICK_STATES);
    assert_int_equal(quick.count, 3);
    static const int group_of_tile[16] = {-1, 0, 0, 0, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2};
    for (int tile = 1; tile < 16; tile++)
        assert_int_equal(quick.group_of[tile], group_of_tile[tile]);
    for (int g = 0; g < quick.count; g++)
        assert_true(quick.groups[g].per_region);
    assert_true(quick.mirrored);
    /* the blank-first goal's quick tables are the same files */
    slide_board korf = testkit_board("x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, 0);
    pdb_set other;
    assert_int_equal(pdb_plan_quick(&other, &shape, state_pack(&korf), 0,
                                    SLIDE_DEFAULT_MAX_MEMORY, PDB_QUICK_STATES),
                     SLIDE_OK);
    for (int g = 0; g < quick.count; g++) {
        char a[64], b[64];
        pdb_file_name(&quick, g, a, sizeof a);
        pdb_file_name(&other, g, b, sizeof b);
        assert_string_equal(a, b);
    }
    slide_board_free(&korf);
    slide_board_free(&goal);
}

/* --------------------------------------------------------------- the CLI */

static void cli_pdb_build_info_clear(void **state)
{
    (void)state;
    char *dir = make_temp_dir();
    const char *build[] = {"pdb", "build",       "--size", "2x4", "--max-group",
                           "7",   "--cache-dir", dir,      NULL};
    testkit_run r = testkit_slide(build, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "2x4: 1 table (7 tiles)"));
    assert_non_null(strstr(r.out, "0 loaded, 1 built"));
    assert_non_null(strstr(r.err, "building pattern database 2x4-ooooooox.pdb"));
    testkit_run_free(&r);

    r = testkit_slide(build, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "1 loaded, 0 built"));
    assert_string_equal(r.err, "");
    testkit_run_free(&r);

    const char *info[] = {"pdb", "info", "--cache-dir", dir, NULL};
    r = testkit_slide(info, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(
        strstr(r.out, "2x4-ooooooox.pdb: 2x4, 7 tiles at home on cells {0,1,2,3,4,5,6} and "
                      "the blank on cell 7, 40320 entries"));
    assert_non_null(strstr(r.out, "valid"));
    testkit_run_free(&r);

    char path[400];
    snprintf(path, sizeof path, "%s/2x4-ooooooox.pdb", dir);
    patch_byte(path, 200, 0x10);
    r = testkit_slide(info, NULL);
    assert_non_null(strstr(r.out, "INVALID: damaged (checksum mismatch)"));
    assert_int_equal(r.status, 1); /* a script about to copy the cache stops */
    testkit_run_free(&r);

    /*
     * solving with the damaged file rebuilds it, says so, and answers (with
     * the user's group sizes: tests/CMakeLists.txt sets SLIDE_PDB_MAX_GROUP)
     */
    char *saved_cap = testkit_env_set("SLIDE_PDB_MAX_GROUP", NULL);
    char *saved_dir = testkit_env_set("SLIDE_CACHE_DIR", dir);
    const char *solve[] = {"solve", "-a", "idastar", "-H", "pdb", "1 2 3 4/5 6 x 7", NULL};
    r = testkit_slide(solve, NULL);
    testkit_env_restore("SLIDE_CACHE_DIR", saved_dir);
    testkit_env_restore("SLIDE_PDB_MAX_GROUP", saved_cap);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "r\n");
    assert_non_null(strstr(r.err, "is damaged (checksum mismatch); rebuilding it"));
    testkit_run_free(&r);

    /* another program's .pdb file is neither listed nor removed */
    touch_file(dir, "1abc.pdb");
    r = testkit_slide(info, NULL);
    assert_null(strstr(r.out, "1abc.pdb"));
    testkit_run_free(&r);
    const char *clear[] = {"pdb", "clear", "--cache-dir", dir, NULL};
    r = testkit_slide(clear, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "removed 1 file"));
    testkit_run_free(&r);
    r = testkit_slide(info, NULL);
    assert_non_null(strstr(r.out, "(no tables)"));
    assert_int_equal(r.status, 0);
    testkit_run_free(&r);
    assert_true(file_exists(dir, "1abc.pdb"));

    /* an empty --cache-dir (an unset variable) is refused, not read as the default cache */
    const char *empty[] = {"pdb", "clear", "--cache-dir", "", NULL};
    r = testkit_slide(empty, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--cache-dir: the directory name is empty"));
    assert_string_equal(r.out, "");
    testkit_run_free(&r);
    snprintf(path, sizeof path, "%s/1abc.pdb", dir);
    assert_int_equal(unlink(path), 0);

    /* a table that cannot be stored fails the build: a script must not copy a cache not there */
    /* (/proc: a directory no one, root included, can create files in) */
    const char *unstored[] = {"pdb", "build", "--size", "2x3", "--cache-dir", "/proc", NULL};
    r = testkit_slide(unstored, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "the tables could not all be stored in the cache /proc"));
    testkit_run_free(&r);
    remove_temp_dir(dir);
}

static void cli_pdb_rejects_bad_usage(void **state)
{
    (void)state;
    const char *unknown[] = {"pdb", "rebuild", NULL};
    testkit_run r = testkit_slide(unknown, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "unknown action 'rebuild'"));
    testkit_run_free(&r);
    const char *big[] = {"pdb", "build", "--size", "5x6", "--cache-dir", "/tmp", NULL};
    r = testkit_slide(big, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "at most 25 cells; this one has 30"));
    testkit_run_free(&r);
    const char *stray[] = {"pdb", "info", "--max-group", "3", NULL};
    r = testkit_slide(stray, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "only --cache-dir applies"));
    testkit_run_free(&r);
    const char *group[] = {"pdb", "build", "--max-group", "0", NULL};
    r = testkit_slide(group, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--max-group: '0' is not a tile count"));
    testkit_run_free(&r);
}

/* ------------------------------------------------- boards of 17-25 cells */

/*
 * A set over goal (any shape up to 25 cells) from groups written as tile
 * numbers, groups separated by '/': "1 2 5/3 4".
 */
static void set_from_lists(pdb_set *set, const slide_board *goal, const char *groups)
{
    geometry shape;
    geometry_init(&shape, goal->rows, goal->cols);
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < shape.cells; c++)
        cells[c] = (uint8_t)goal->cells[c];
    int sizes[PDB_MAX_GROUPS] = {0}, count = 1;
    uint8_t tiles[PDB_MAX_GROUPS][SLIDE_MAX_WIDE_CELLS];
    for (const char *p = groups; *p;) {
        if (*p == '/') {
            count++;
            p++;
        } else if (*p == ' ') {
            p++;
        } else {
            char *end;
            tiles[count - 1][sizes[count - 1]++] = (uint8_t)strtol(p, &end, 10);
            p = end;
        }
    }
    assert_int_equal(pdb_set_groups_cells(set, &shape, cells, count, sizes,
                                          (const uint8_t(*)[SLIDE_MAX_WIDE_CELLS])tiles),
                     SLIDE_OK);
}

/*
 * The distances of one group's abstract space computed here on its own: a
 * 0-1 breadth-first search over (the group's cells, the blank's cell) in
 * which the blank moving onto a cell without a group tile costs nothing and
 * a group tile sliding into the blank costs one.  Fills best[placement
 * code] with the fewest tile moves over every cell of the blank, where the
 * code is sum over digits of cell * n^i; UINT8_MAX where none.
 */
static void abstract_distances(const slide_board *goal, const uint8_t *tiles, int k, uint8_t *best)
{
    int n = goal->rows * goal->cols, cols = goal->cols;
    size_t codes = 1, states;
    for (int i = 0; i < k; i++)
        codes *= (size_t)n;
    states = codes * (size_t)n;
    uint8_t *dist = malloc(states);
    /* each state enters at most twice at either end (its distance drops once at most) */
    size_t *deque = malloc(8 * states * sizeof *deque);
    assert_non_null(dist);
    assert_non_null(deque);
    memset(dist, UINT8_MAX, states);
    memset(best, UINT8_MAX, codes);
    size_t code = 0, weight = 1, blank = 0;
    for (int i = 0; i < k; i++, weight *= (size_t)n)
        for (int c = 0; c < n; c++)
            if (goal->cells[c] == tiles[i])
                code += (size_t)c * weight;
    while (goal->cells[blank] != 0)
        blank++;
    size_t head = 4 * states, tail = head; /* the deque grows both ways from the middle */
    deque[tail++] = code * (size_t)n + blank;
    dist[code * (size_t)n + blank] = 0;
    while (head < tail) {
        size_t s = deque[head++];
        size_t at = s % (size_t)n, placement = s / (size_t)n;
        int r = (int)at / cols, c = (int)at % cols;
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        if (dist[s] < best[placement])
            best[placement] = dist[s];
        for (int m = 0; m < 4; m++) {
            int nr = r + dr[m], nc = c + dc[m];
            if (nr < 0 || nc < 0 || nr >= goal->rows || nc >= cols)
                continue;
            size_t to = (size_t)(nr * cols + nc), next = placement, w = 1;
            int cost = 0;
            for (int i = 0; i < k; i++, w *= (size_t)n)
                if ((placement / w) % (size_t)n == to) {
                    next = placement - to * w + at * w; /* the tile slides into the blank */
                    cost = 1;
                }
            size_t t = next * (size_t)n + to;
            if (dist[t] <= dist[s] + cost)
                continue;
            dist[t] = (uint8_t)(dist[s] + cost);
            if (cost)
                deque[tail++] = t;
            else
                deque[--head] = t;
        }
    }
    free(dist);
    free(deque);
}

/*
 * Above 16 cells the builder floods each successor's region instead of
 * reading a table: every entry must still be the group's exact abstract
 * distance, less the Manhattan part, halved.
 */
static void wide_build_matches_an_independent_search(void **state)
{
    (void)state;
    static const struct {
        const char *goal, *groups;
        int rows, cols;
        uint8_t tiles[3];
    } cases[] = {
        {NULL, "1 2 10/3 4 5 6/7 8 9 11/12 13 14 15/16 17", 2, 9, {1, 2, 10}},
        {"x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
         "7 12 13/1 2 3 4/5 6 8 9/10 11 14 15/16 17 18 19/20 21 22 23/24", 5, 5, {7, 12, 13}},
        /* a corner group walls the blank's goal cell in */
        {"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 x",
         "16 19 18/1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 17", 5, 4, {16, 19, 18}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        slide_board goal;
        if (cases[c].goal)
            goal = testkit_board(cases[c].goal, cases[c].rows, cases[c].cols);
        else
            assert_int_equal(slide_board_init_goal(&goal, cases[c].rows, cases[c].cols), SLIDE_OK);
        int n = goal.rows * goal.cols, k = 3;
        pdb_set set;
        search_budget budget = plain_budget();
        set_from_lists(&set, &goal, cases[c].groups);
        assert_int_equal(pdb_build_group(&set, 0, &budget, NULL), SLIDE_OK);
        size_t codes = (size_t)n * (size_t)n * (size_t)n;
        uint8_t *best = malloc(codes);
        assert_non_null(best);
        abstract_distances(&goal, cases[c].tiles, k, best);
        size_t checked = 0;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                for (int d = 0; d < n; d++) {
                    if (a == b || a == d || b == d)
                        continue;
                    uint8_t pos[SLIDE_MAX_WIDE_CELLS] = {0};
                    int at[3] = {a, b, d};
                    unsigned manhattan = 0;
                    for (int i = 0; i < k; i++) {
                        pos[cases[c].tiles[i]] = (uint8_t)at[i];
                        manhattan += set.manhattan.dist[cases[c].tiles[i]][at[i]];
                    }
                    for (int blank = 0; blank < n; blank++)
                        if (blank != a && blank != b && blank != d)
                            pos[0] = (uint8_t)blank; /* any free cell: one entry a placement */
                    size_t code = (size_t)a + (size_t)b * (size_t)n + (size_t)d * (size_t)n * (size_t)n;
                    unsigned want = best[code] == UINT8_MAX ? 0 : (best[code] - manhattan) / 2;
                    if (pdb_group_value(&set, 0, pos, 0) != want)
                        fail_msg("%dx%d: tiles at %d %d %d: entry %u, abstract distance says %u",
                                 goal.rows, goal.cols, a, b, d, pdb_group_value(&set, 0, pos, 0),
                                 want);
                    checked++;
                }
        assert_int_equal(checked, set.groups[0].placements);
        free(best);
        pdb_set_release(&set, &budget);
        slide_board_free(&goal);
    }
}

/*
 * What the wide node loop does (locate every child, then read each) gives
 * the full lookup's estimate of every board on every path, with the
 * reflection, and take/undo leave the walk as it was.
 */
static void check_walk_paths_wide(pdb_walk *w, const pdb_set *set, state128 s, int blank,
                                  int depth, int back, unsigned *tried)
{
    if (depth == 0)
        return;
    pdb_step steps[4];
    int targets[4], moves[4], count = 0;
    for (int m = 0; m < 4; m++) {
        int target = set->shape.neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        pdb_walk_locate(w, state128_get(s, target), (unsigned)target, (unsigned)blank,
                        &steps[count]);
        targets[count] = target;
        moves[count++] = m;
    }
    for (int i = 0; i < count; i++) {
        state128 next = state128_swap(s, blank, targets[i]);
        pdb_walk before = *w;
        assert_int_equal(pdb_walk_read(w, &steps[i]), pdb_estimate_wide(set, next));
        (*tried)++;
        pdb_walk_take_wide(w, &steps[i]);
        check_walk_paths_wide(w, set, next, targets[i], depth - 1, move_inverse(moves[i]), tried);
        pdb_walk_undo_wide(w, &steps[i]);
        assert_int_equal(w->manhattan, before.manhattan);
        assert_memory_equal(w->pos, before.pos, sizeof w->pos);
        assert_memory_equal(w->side, before.side, (size_t)w->sides * sizeof w->side[0]);
        assert_memory_equal(w->cells, before.cells, sizeof w->cells);
    }
}

static void wide_walk_agrees_with_full_lookup(void **state)
{
    (void)state;
    static const struct {
        const char *goal, *groups;
        int rows, cols, mirrored;
    } cases[] = {
        {NULL, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16/17 18 19 20/21 22 23 24", 5, 5, 1},
        {"x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
         "1 2 5 6/7 12 11/3 4 8 9/13 14 18 19/10 15 20/16 17 21 22/23 24", 5, 5, 1},
        {NULL, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16/17 18 19", 4, 5, 0},
        {NULL, "1 2 10 11/3 4 12 13/5 6 14 15/7 8 9 16 17", 2, 9, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        slide_board goal, b;
        if (cases[c].goal)
            goal = testkit_board(cases[c].goal, cases[c].rows, cases[c].cols);
        else
            assert_int_equal(slide_board_init_goal(&goal, cases[c].rows, cases[c].cols), SLIDE_OK);
        pdb_set set;
        search_budget budget = plain_budget();
        set_from_lists(&set, &goal, cases[c].groups);
        build_all(&set, &budget);
        assert_int_equal(set.mirrored, cases[c].mirrored);
        assert_int_equal(pdb_estimate_wide(&set, state128_pack(&goal)), 0);
        slide_rng rng;
        slide_rng_seed(&rng, 25 + c);
        unsigned tried = 0;
        for (int i = 0; i < 3; i++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            uint8_t cells[SLIDE_MAX_WIDE_CELLS];
            for (int k = 0; k < b.rows * b.cols; k++)
                cells[k] = (uint8_t)b.cells[k];
            state128 s = state128_pack(&b);
            pdb_walk w;
            assert_int_equal(pdb_walk_start_cells(&w, &set, cells), pdb_estimate_wide(&set, s));
            check_walk_paths_wide(&w, &set, s, b.blank, 6, -1, &tried);
            slide_board_free(&b);
        }
        assert_true(tried > 3 * 6);
        slide_board_free(&goal);
        pdb_set_release(&set, &budget);
    }
}

/* The entries pdb_walk_values gives for state s on a walk started afresh there. */
static void fresh_values(const pdb_set *set, state128 s, uint8_t *values)
{
    uint8_t cells[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < set->shape.cells; c++)
        cells[c] = (uint8_t)state128_get(s, c);
    pdb_walk fresh;
    pdb_walk_start_cells(&fresh, set, cells);
    pdb_walk_values(&fresh, values);
}

/*
 * A*'s use of the walk (astar.c): at each state a walk is resumed from the
 * state's estimate and stored entries, with only the groups its children
 * move placed; each child's estimate must be the full lookup's, and its
 * entries (pdb_step_values) those of a walk started afresh at the child.
 */
static void check_resumed_paths(pdb_walk *w, const pdb_set *set, state128 s, unsigned h,
                                const uint8_t *values, int blank, int depth, int back,
                                unsigned *tried)
{
    if (depth == 0)
        return;
    pdb_step steps[4];
    unsigned tiles[4], touched[2] = {0, 0};
    int targets[4], moves[4], count = 0;
    for (int m = 0; m < 4; m++) {
        int target = set->shape.neighbour[blank][m];
        if (m == back || target < 0)
            continue;
        tiles[count] = state128_get(s, target);
        touched[0] |= 1u << set->group_of[tiles[count]];
        touched[1] |= 1u << set->mirror_group_of[tiles[count]];
        targets[count] = target;
        moves[count++] = m;
    }
    size_t stride = (size_t)(w->sides * set->count);
    uint8_t child_values[4][2 * PDB_MAX_GROUPS], expected[2 * PDB_MAX_GROUPS];
    unsigned child_h[4];
    pdb_walk_resume_wide(w, s, h, values, touched);
    for (int i = 0; i < count; i++)
        pdb_walk_locate(w, tiles[i], (unsigned)targets[i], (unsigned)blank, &steps[i]);
    for (int i = 0; i < count; i++) {
        state128 next = state128_swap(s, blank, targets[i]);
        child_h[i] = pdb_walk_read(w, &steps[i]);
        assert_int_equal(child_h[i], pdb_estimate_wide(set, next));
        memcpy(child_values[i], values, stride);
        pdb_step_values(w, &steps[i], child_values[i]);
        fresh_values(set, next, expected);
        assert_memory_equal(child_values[i], expected, stride);
        (*tried)++;
    }
    for (int i = 0; i < count; i++)
        check_resumed_paths(w, set, state128_swap(s, blank, targets[i]), child_h[i],
                            child_values[i], targets[i], depth - 1, move_inverse(moves[i]), tried);
}

static void wide_walk_resumes_from_stored_entries(void **state)
{
    (void)state;
    static const struct {
        const char *groups;
        int rows, cols;
    } cases[] = {
        {"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16/17 18 19 20/21 22 23 24", 5, 5},
        {"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 16/17 18 19", 4, 5},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        slide_board goal, b;
        assert_int_equal(slide_board_init_goal(&goal, cases[c].rows, cases[c].cols), SLIDE_OK);
        pdb_set set;
        search_budget budget = plain_budget();
        set_from_lists(&set, &goal, cases[c].groups);
        build_all(&set, &budget);
        slide_rng rng;
        slide_rng_seed(&rng, 40 + c);
        unsigned tried = 0;
        for (int i = 0; i < 3; i++) {
            assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
            state128 s = state128_pack(&b);
            uint8_t values[2 * PDB_MAX_GROUPS];
            fresh_values(&set, s, values);
            /* a walk started elsewhere, as A*'s is at its start board */
            pdb_walk w;
            uint8_t cells[SLIDE_MAX_WIDE_CELLS];
            for (int k = 0; k < b.rows * b.cols; k++)
                cells[k] = (uint8_t)goal.cells[k];
            pdb_walk_start_cells(&w, &set, cells);
            check_resumed_paths(&w, &set, s, pdb_estimate_wide(&set, s), values, b.blank, 5, -1,
                                &tried);
            slide_board_free(&b);
        }
        assert_true(tried > 3 * 5);
        slide_board_free(&goal);
        pdb_set_release(&set, &budget);
    }
}

/* Two threads claim the chunks of a wide group's layers; the table must not depend on how. */
static void wide_threaded_build_equals_single_thread(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 4, 5), SLIDE_OK);
    pdb_set one, two;
    search_budget budget = plain_budget();
    const char *groups = "1 2 6 7/3 4 5 8/9 10 11 12/13 14 15 16/17 18 19";
    set_from_lists(&one, &goal, groups);
    set_from_lists(&two, &goal, groups);
    one.build_threads = 1;
    two.build_threads = 2;
    assert_true(one.groups[0].placements > 3 * 32768); /* several chunks a layer */
    assert_int_equal(pdb_build_group(&one, 0, &budget, NULL), SLIDE_OK);
    assert_int_equal(pdb_build_group(&two, 0, &budget, NULL), SLIDE_OK);
    assert_int_equal(one.groups[0].entry_bits, two.groups[0].entry_bits);
    assert_memory_equal(one.groups[0].data, two.groups[0].data, one.groups[0].bytes);
    pdb_set_release(&one, &budget);
    pdb_set_release(&two, &budget);
    slide_board_free(&goal);
}

/*
 * 5x5 with the blank in a corner: Korf & Felner's 6-6-6-6 blocks with the
 * reflection about the diagonal through the blank; the blank-first goal and
 * the blank-last one (its 180-degree turn) name the same four files.  No
 * entries per region above 16 cells.  Other goals, or a smaller group cap,
 * take automatic groups.
 */
static void plan_is_korf_felner_6_6_6_6_with_reflection_on_5x5(void **state)
{
    (void)state;
    static const uint8_t blocks[4][6] = {
        {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}};
    geometry shape;
    geometry_init(&shape, 5, 5);
    uint8_t first[SLIDE_MAX_WIDE_CELLS], last[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < 25; c++) {
        first[c] = (uint8_t)c;
        last[c] = (uint8_t)((c + 1) % 25);
    }
    pdb_set a, b;
    assert_int_equal(pdb_plan_cells(&a, &shape, first, 0, SLIDE_DEFAULT_MAX_MEMORY), SLIDE_OK);
    assert_int_equal(pdb_plan_cells(&b, &shape, last, 0, SLIDE_DEFAULT_MAX_MEMORY), SLIDE_OK);
    assert_int_equal(a.count, 4);
    assert_true(a.mirrored);
    assert_true(b.mirrored);
    for (int g = 0; g < 4; g++) {
        assert_int_equal(a.groups[g].size, 6);
        assert_int_equal(a.groups[g].entries, 127512000u);
        assert_false(a.groups[g].per_region);
        for (int i = 0; i < 6; i++) {
            /* blank first: tile t is at home on cell t; blank last: on cell t - 1 */
            assert_int_equal(a.group_of[blocks[g][i]], g);
            assert_int_equal(b.group_of[25 - blocks[g][i]], g);
        }
        char name_a[64], name_b[64];
        pdb_file_name(&a, g, name_a, sizeof name_a);
        pdb_file_name(&b, g, name_b, sizeof name_b);
        assert_string_equal(name_a, name_b);
    }
    pdb_set other;
    assert_int_equal(pdb_plan_cells(&other, &shape, first, 5, SLIDE_DEFAULT_MAX_MEMORY), SLIDE_OK);
    assert_int_equal(other.count, 5); /* 4 + 5 + 5 + 5 + 5 */
    uint8_t centre[SLIDE_MAX_WIDE_CELLS];
    memcpy(centre, first, sizeof centre);
    centre[0] = 12;
    centre[12] = 0;
    assert_int_equal(pdb_plan_cells(&other, &shape, centre, 0, SLIDE_DEFAULT_MAX_MEMORY), SLIDE_OK);
    for (int g = 0; g < other.count; g++)
        assert_false(other.groups[g].per_region);
    /* the 6-6-6-6 build: four 64 MB tables, one 606 MB scratch at a time */
    assert_int_equal(pdb_plan_cells(&other, &shape, first, 0, 700u << 20), SLIDE_OK);
    assert_true(other.count > 4);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(clear_removes_only_slide_s_files),
    cmocka_unit_test(odd_arguments_are_answered),
    cmocka_unit_test(values_admissible_on_small_shapes_and_goals),
    cmocka_unit_test(single_group_of_every_tile_is_exact),
    cmocka_unit_test(values_admissible_on_3x4_boards),
    cmocka_unit_test(walk_agrees_with_full_lookup),
    cmocka_unit_test(dual_lookup_is_admissible_and_follows_moves),
    cmocka_unit_test(plan_is_korf_felner_7_8_with_reflection_on_4x4),
    cmocka_unit_test(plan_shrinks_groups_to_fit_the_cap),
    cmocka_unit_test(build_is_deterministic),
    cmocka_unit_test(threaded_build_equals_single_thread),
    cmocka_unit_test(cache_round_trip_gives_the_same_bytes),
    cmocka_unit_test(cache_detects_stale_truncated_and_flipped_files),
    cmocka_unit_test(prepare_rebuilds_a_corrupt_file_with_a_note),
    cmocka_unit_test(unwritable_directory_builds_in_memory_and_warns_once),
    cmocka_unit_test(concurrent_writers_leave_one_valid_file),
    cmocka_unit_test(symmetric_goals_share_one_set_of_files),
    cmocka_unit_test(stamp_remembers_a_verified_file_until_it_changes),
    cmocka_unit_test(mapped_tables_count_against_the_budget),
    cmocka_unit_test(quick_tables_stand_in_until_the_full_ones_are_cached),
    cmocka_unit_test(goals_that_share_files_are_charged_once),
    cmocka_unit_test(quick_plan_of_the_15_puzzle_is_6_6_3_blocks),
    cmocka_unit_test(cli_pdb_build_info_clear),
    cmocka_unit_test(cli_pdb_rejects_bad_usage),
    cmocka_unit_test(wide_build_matches_an_independent_search),
    cmocka_unit_test(wide_walk_agrees_with_full_lookup),
    cmocka_unit_test(wide_walk_resumes_from_stored_entries),
    cmocka_unit_test(wide_threaded_build_equals_single_thread),
    cmocka_unit_test(plan_is_korf_felner_6_6_6_6_with_reflection_on_5x5),
};

TESTKIT_MAIN(tests)
