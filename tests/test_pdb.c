/*
 * test_pdb.c - pattern databases: admissibility against exhaustive BFS,
 * group choice, deterministic builds, the cache file (round trip, stale,
 * truncated, bit-flipped, unwritable directory, concurrent writers) and
 * `slide pdb build|info|clear`.
 */
#include "testkit.h"

#include "pdb/pdb.h"

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
    uint8_t tiles[PDB_MAX_GROUPS][SLIDE_MAX_PACKED_CELLS];
    for (const char *p = groups; *p; p++) {
        if (*p == '/') {
            count++;
            continue;
        }
        unsigned v = (unsigned)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
        tiles[count - 1][sizes[count - 1]++] = (uint8_t)v;
    }
    assert_int_equal(pdb_set_groups(set, &shape, state_pack(&goal), count, sizes,
                                    (const uint8_t(*)[SLIDE_MAX_PACKED_CELLS])tiles),
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
    set_from_groups(&regions, goal_text, rows, cols, groups);
    for (int g = 0; g < regions.count; g++)
        assert_int_equal(pdb_group_per_region(&regions, g, 1), SLIDE_OK);
    build_all(&plain, &budget);
    build_all(&regions, &budget);
    assert_int_equal(pdb_regions(&regions, &budget), SLIDE_OK);
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
        slide_solve_options opt;
        memset(&opt, 0, sizeof opt);
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
        pdb_walk_take(w, &step);
        check_walk_paths(w, set, next, target, depth - 1, move_inverse(m), tried);
        pdb_walk_undo(w, &step);
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
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        pdb_set set;
        search_budget budget = plain_budget();
        set_from_groups(&set, cases[c].goal, cases[c].rows, cases[c].cols, cases[c].groups);
        for (int g = 0; g < set.count; g++)
            assert_int_equal(pdb_group_per_region(&set, g, cases[c].per_region), SLIDE_OK);
        build_all(&set, &budget);
        assert_int_equal(pdb_regions(&set, &budget), SLIDE_OK);
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
    for (int i = 0; i < 7; i++)
        assert_int_equal(set.groups[0].tiles[i], i + 9);
    for (int i = 0; i < 8; i++)
        assert_int_equal(set.groups[1].tiles[i], i + 1);
    assert_int_equal(set.groups[1].entries, 518918400u);
    /* the 7-tile table keeps an entry per blank region, 9 a placement; the 8-tile one cannot */
    assert_true(set.groups[0].per_region);
    assert_int_equal(set.groups[0].entries, 57657600u * 9u);
    assert_false(set.groups[1].per_region);
    int order[PDB_MAX_GROUPS];
    pdb_build_order(&set, order);
    assert_int_equal(order[0], 1); /* the 8-tile build first, while no other table is held */
    char name[64];
    pdb_file_name(&set, 0, name, sizeof name);
    assert_string_equal(name, "4x4-123456789abcdef0-9abcdef-r.pdb");
    assert_true(set.mirrored);
    slide_board_free(&goal);

    /* blank-first goal: Korf & Felner's own {1..7}, {8..15}; blank off the diagonal: no mirror */
    goal = testkit_board("x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 0, 0);
    assert_int_equal(pdb_plan(&set, &shape, state_pack(&goal), 0, SLIDE_DEFAULT_MAX_MEMORY),
                     SLIDE_OK);
    assert_int_equal(set.groups[0].tiles[0], 1);
    assert_int_equal(set.groups[0].tiles[6], 7);
    assert_int_equal(set.groups[1].tiles[0], 8);
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
        slide_pdb_file_info info;
        assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
        assert_int_equal(info.rows, 3);
        assert_int_equal(info.group_size, 4);
        assert_int_equal(info.tiles[0], g == 0 ? 1 : 5);
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
    slide_pdb_file_info info;

    expect_load("/nonexistent-slide-dir", SLIDE_E_IO, "missing");

    /* one payload bit flipped */
    patch_byte(path, 80 + 100, 0x04);
    expect_load(dir, SLIDE_E_CORRUPT, "checksum");
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_E_CORRUPT);
    assert_non_null(strstr(info.problem, "checksum"));
    patch_byte(path, 80 + 100, 0x04);
    expect_load(dir, SLIDE_OK, "");

    /* another format version */
    patch_byte(path, 8, 0x02);
    expect_load(dir, SLIDE_E_CORRUPT, "format version");
    patch_byte(path, 8, 0x02);

    /* a header field changed without its checksum */
    patch_byte(path, 20, 0x01);
    expect_load(dir, SLIDE_E_CORRUPT, "damaged header");
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
    patch_byte(path, 80 + 7, 0x80);

    note_log log = {0, 0, ""};
    pdb_reporter reporter = {log_note, &log};
    int loaded, built;
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_set_prepare(&set, dir, &budget, &reporter, &loaded, &built), SLIDE_OK);
    assert_int_equal(loaded, 0);
    assert_int_equal(built, 2);
    assert_int_equal(log.notes, 2); /* the corrupt one, then the missing one */
    slide_pdb_file_info info;
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
    pdb_set_release(&set, &budget);

    log.notes = 0;
    set_from_groups(&set, "1 2 3 4 5 6 7 8 x", 3, 3, "1234/5678");
    assert_int_equal(pdb_set_prepare(&set, dir, &budget, &reporter, &loaded, &built), SLIDE_OK);
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
    assert_int_equal(pdb_set_prepare(&set, cache, &budget, &reporter, &loaded, &built), SLIDE_OK);
    assert_int_equal(built, 4);
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
    slide_pdb_file_info info;
    assert_int_equal(slide_pdb_file_inspect(path, &info), SLIDE_OK);
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(dir, &removed), SLIDE_OK);
    assert_int_equal(removed, 1); /* no temporary left behind */
    free(path);
    pdb_set_release(&set, &budget);
    remove_temp_dir(dir);
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
    assert_non_null(strstr(r.err, "building pattern database 2x4-12345670-1234567.pdb"));
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
        strstr(r.out, "2x4-12345670-1234567.pdb: 2x4, 7 tiles {1,2,3,4,5,6,7}, 40320 entries"));
    assert_non_null(strstr(r.out, "valid"));
    testkit_run_free(&r);

    char path[400];
    snprintf(path, sizeof path, "%s/2x4-12345670-1234567.pdb", dir);
    patch_byte(path, 200, 0x10);
    r = testkit_slide(info, NULL);
    assert_non_null(strstr(r.out, "INVALID: checksum mismatch"));
    testkit_run_free(&r);

    /* solving with the damaged file rebuilds it, says so, and answers */
    const char *suite_cap = getenv("SLIDE_PDB_MAX_GROUP"); /* tests/CMakeLists.txt sets it */
    char *saved_cap = suite_cap ? strdup(suite_cap) : NULL;
    const char *suite_dir = getenv("SLIDE_CACHE_DIR");
    char *saved_dir = suite_dir ? strdup(suite_dir) : NULL;
    unsetenv("SLIDE_PDB_MAX_GROUP");
    setenv("SLIDE_CACHE_DIR", dir, 1);
    const char *solve[] = {"solve", "-a", "idastar", "-H", "pdb", "1 2 3 4/5 6 x 7", NULL};
    r = testkit_slide(solve, NULL);
    unsetenv("SLIDE_CACHE_DIR");
    if (saved_dir)
        setenv("SLIDE_CACHE_DIR", saved_dir, 1);
    free(saved_dir);
    if (saved_cap)
        setenv("SLIDE_PDB_MAX_GROUP", saved_cap, 1);
    free(saved_cap);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "r\n");
    assert_non_null(strstr(r.err, "checksum mismatch (damaged); rebuilding it"));
    testkit_run_free(&r);

    const char *clear[] = {"pdb", "clear", "--cache-dir", dir, NULL};
    r = testkit_slide(clear, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "removed 1 file"));
    testkit_run_free(&r);
    r = testkit_slide(info, NULL);
    assert_non_null(strstr(r.out, "(no tables)"));
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
    const char *big[] = {"pdb", "build", "--size", "5x5", "--cache-dir", "/tmp", NULL};
    r = testkit_slide(big, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "at most 16 cells; this one has 25"));
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

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(values_admissible_on_small_shapes_and_goals),
    cmocka_unit_test(single_group_of_every_tile_is_exact),
    cmocka_unit_test(values_admissible_on_3x4_boards),
    cmocka_unit_test(walk_agrees_with_full_lookup),
    cmocka_unit_test(plan_is_korf_felner_7_8_with_reflection_on_4x4),
    cmocka_unit_test(plan_shrinks_groups_to_fit_the_cap),
    cmocka_unit_test(build_is_deterministic),
    cmocka_unit_test(threaded_build_equals_single_thread),
    cmocka_unit_test(cache_round_trip_gives_the_same_bytes),
    cmocka_unit_test(cache_detects_stale_truncated_and_flipped_files),
    cmocka_unit_test(prepare_rebuilds_a_corrupt_file_with_a_note),
    cmocka_unit_test(unwritable_directory_builds_in_memory_and_warns_once),
    cmocka_unit_test(concurrent_writers_leave_one_valid_file),
    cmocka_unit_test(cli_pdb_build_info_clear),
    cmocka_unit_test(cli_pdb_rejects_bad_usage),
};

TESTKIT_MAIN(tests)
