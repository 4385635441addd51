/*
 * test_abi.c - the compatibility rules of include/slide.h (core/abi.c): the
 * version the library says it is, and the `size` of the structs that may
 * grow: a struct not made by its init function is refused, the library
 * reads and writes no byte past a caller's size, a later release's larger
 * struct is taken when its unknown fields are zero and a garbage size is
 * refused; and the rule on arguments: every public function refuses NULL
 * for a pointer it needs, and nonsense numbers.
 */
#include "testkit.h"

#include "core/abi.h"

#include <math.h>

static void version_is_the_header_s(void **state)
{
    (void)state;
    assert_string_equal(slide_version(), SLIDE_VERSION_STRING);
    assert_int_equal(slide_version_number(), SLIDE_VERSION_NUMBER);
    char text[32];
    snprintf(text, sizeof text, "%u.%u.%u", slide_version_number() / 10000,
             slide_version_number() / 100 % 100, slide_version_number() % 100);
    assert_string_equal(text, slide_version());
}

/* Every public function taking a struct that may grow refuses one whose size is 0. */
static void structs_not_made_by_their_init_are_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0), out;
    slide_parse_options popt = slide_parse_options_init();
    slide_parse_error err = slide_parse_error_init();
    slide_parse_options bad_popt = {0};
    slide_parse_error bad_err = {0};
    assert_int_equal(slide_board_parse("1 2 3 x", 7, &bad_popt, &out, &err), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    assert_int_equal(slide_board_parse("1 2 3 x", 7, &popt, &out, &bad_err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_validate(&b, &bad_err), SLIDE_E_ARGUMENT);
    int rows, cols;
    assert_int_equal(slide_parse_size("3x3", &rows, &cols, &bad_err), SLIDE_E_ARGUMENT);

    slide_context *ctx = NULL;
    slide_context_options bad_copt = {0};
    assert_int_equal(slide_context_create(&ctx, &bad_copt), SLIDE_E_ARGUMENT);
    assert_null(ctx);

    slide_solution sol;
    slide_stats st = slide_stats_init();
    slide_stats bad_st = {0};
    slide_solve_options opt = slide_solve_options_init();
    slide_solve_options bad_opt = {0};
    slide_limits bad_limits = {0};
    slide_pdb_options bad_pdb = {0};
    assert_int_equal(slide_solve(&b, NULL, &bad_opt, &sol, &st), SLIDE_E_ARGUMENT);
    assert_null(sol.moves);
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &bad_st), SLIDE_E_ARGUMENT);
    opt.limits = &bad_limits;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
    opt.limits = NULL;
    opt.pdb = &bad_pdb;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);

    char dir[256];
    slide_pdb_summary bad_summary = {0};
    slide_pdb_file_info bad_info = {0};
    assert_int_equal(slide_pdb_cache_dir(&bad_pdb, dir, sizeof dir), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_prepare(&b, &bad_pdb, 0, NULL, NULL, NULL), SLIDE_E_ARGUMENT);
    slide_pdb_options pdb = slide_pdb_options_init();
    pdb.no_disk_cache = 1;
    assert_int_equal(slide_pdb_prepare(&b, &pdb, 0, NULL, NULL, &bad_summary), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_file_inspect("/nonexistent", &bad_info), SLIDE_E_ARGUMENT);

    slide_rng rng;
    slide_rng_seed(&rng, 1);
    slide_gen_options bad_gen = {0};
    assert_int_equal(slide_generate_with(&out, &b, &bad_gen, &rng), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    bad_gen = slide_gen_options_init();
    bad_gen.size = ABI_MIN_GEN_OPTIONS - 1;
    assert_int_equal(slide_generate_with(&out, &b, &bad_gen, &rng), SLIDE_E_ARGUMENT);
    slide_board_free(&b);
}

/*
 * A caller's struct of the smallest size (the end of its last field, short
 * of the tail padding of this release's struct) is written no further than
 * its size; one larger than this release knows (a later release's) keeps
 * its unknown bytes as they were, and as input is taken when they are zero
 * and refused when not.
 */
static void the_library_keeps_within_the_caller_s_size(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "bfs";
    slide_solution sol;

    /* a later release's stats: this release fills its own fields, the rest stays */
    _Alignas(max_align_t) unsigned char buffer[sizeof(slide_stats) + 64];
    slide_stats *st = (slide_stats *)(void *)buffer;
    memset(buffer, 0xA5, sizeof buffer);
    st->size = sizeof buffer;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, st), SLIDE_OK);
    assert_int_equal(st->expanded, 1);
    for (size_t i = sizeof(slide_stats); i < sizeof buffer; i++)
        assert_int_equal(buffer[i], 0xA5);
    slide_solution_free(&sol);

    /* the parser's error, as small as it may be: short of this release's tail padding */
    assert_true(ABI_MIN_PARSE_ERROR < sizeof(slide_parse_error)); /* what this part needs */
    _Alignas(max_align_t) unsigned char error_buffer[sizeof(slide_parse_error) + 16];
    memset(error_buffer, 0xA5, sizeof error_buffer);
    slide_parse_error *err = (slide_parse_error *)(void *)error_buffer;
    err->size = ABI_MIN_PARSE_ERROR;
    slide_board out;
    assert_int_equal(slide_board_parse("1 2 3 3", 7, NULL, &out, err), SLIDE_E_PARSE);
    assert_non_null(strstr(err->message, "appears twice"));
    for (size_t i = ABI_MIN_PARSE_ERROR; i < sizeof error_buffer; i++)
        assert_int_equal(error_buffer[i], 0xA5);

    /* options of a later release: taken when the fields this one does not know are zero */
    _Alignas(max_align_t) unsigned char options_buffer[sizeof(slide_solve_options) + 16];
    memset(options_buffer, 0, sizeof options_buffer);
    slide_solve_options *later = (slide_solve_options *)(void *)options_buffer;
    later->size = sizeof options_buffer;
    later->algo = "bfs";
    assert_int_equal(slide_solve(&b, NULL, later, &sol, NULL), SLIDE_OK);
    assert_string_equal(sol.moves, "r");
    slide_solution_free(&sol);
    options_buffer[sizeof(slide_solve_options) + 3] = 1; /* a field asked for: cannot be honoured */
    assert_int_equal(slide_solve(&b, NULL, later, &sol, NULL), SLIDE_E_ARGUMENT);
    /* and smaller than any release made it: refused */
    slide_solve_options small = slide_solve_options_init();
    small.size = ABI_MIN_SOLVE_OPTIONS - 1;
    assert_int_equal(slide_solve(&b, NULL, &small, &sol, NULL), SLIDE_E_ARGUMENT);
    slide_board_free(&b);
}

/* Every public function given NULL for each pointer it needs: refused, or its safe value. */
static void every_function_refuses_null(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0), out;
    slide_parse_error err = slide_parse_error_init();
    int rows, cols;
    assert_int_equal(slide_board_parse("1 2 3 x", 7, NULL, NULL, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_parse(NULL, 7, NULL, &out, &err), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    assert_int_equal(slide_board_init_goal(NULL, 3, 3), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_copy(NULL, &b), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_copy(&out, NULL), SLIDE_E_ARGUMENT);
    assert_null(out.cells);
    slide_board_free(NULL);
    assert_int_equal(slide_board_equal(NULL, &b), 0);
    assert_int_equal(slide_board_equal(&b, NULL), 0);
    assert_int_equal(slide_board_validate(NULL, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_infer_shape(9, NULL, &cols), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_infer_shape(9, &rows, NULL), SLIDE_E_ARGUMENT);
    uint8_t cells[SLIDE_MAX_TABLE_CELLS];
    assert_int_equal(slide_board_read_small(NULL, 9, cells), 0);
    assert_int_equal(slide_board_read_small("123456780", 9, NULL), 0);
    assert_int_equal(slide_parse_size(NULL, &rows, &cols, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("3x3", NULL, &cols, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("3x3", &rows, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_move(NULL, 'u'), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_replay(NULL, &b, "r", 1, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_replay(&b, NULL, NULL, 1, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_replay(&b, NULL, NULL, 0, NULL, NULL), SLIDE_OK);
    assert_int_equal(slide_solvable(NULL, &b), 0);
    assert_int_equal(slide_solvable(&b, NULL), 0);
    slide_solution_free(NULL);
    assert_int_equal(slide_context_create(NULL, NULL), SLIDE_E_ARGUMENT);
    slide_context_free(NULL);
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    const slide_dist_table *table;
    assert_int_equal(slide_dist_table_get(NULL, &b, &table), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_get(ctx, NULL, &table), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_get(ctx, &b, NULL), SLIDE_E_ARGUMENT);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    assert_int_equal(slide_dist_table_get(ctx, &goal, &table), SLIDE_OK);
    char moves[64];
    assert_int_equal(slide_dist_table_distance(NULL, cells), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_distance(table, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_moves(NULL, cells, moves, sizeof moves), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_moves(table, NULL, moves, sizeof moves), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_read_small("123456708", 9, cells), 9);
    assert_int_equal(slide_dist_table_moves(table, cells, NULL, sizeof moves), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_dist_table_moves(table, cells, moves, sizeof moves), 1);
    slide_solution sol;
    assert_int_equal(slide_solve(NULL, NULL, NULL, &sol, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_solve(&b, NULL, NULL, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_null(slide_algo_by_name(NULL));
    assert_null(slide_algo_auto(NULL));
    assert_int_equal(slide_solve_uses_table(3, 3, NULL), 0);
    slide_split split;
    slide_split_result result;
    assert_int_equal(slide_split_begin(NULL, NULL, NULL, &split, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_begin(&b, NULL, NULL, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_iteration(NULL, NULL, NULL, 3, 4, &split, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_iteration(&b, NULL, NULL, 3, 4, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_search(NULL, NULL, NULL, 3, "", 0, &result, NULL),
                     SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_search(&b, NULL, NULL, 3, NULL, 1, &result, NULL),
                     SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_search(&b, NULL, NULL, 3, "", 0, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_subtree(NULL, NULL, NULL, 3, "", 0, 4, &split, NULL),
                     SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_subtree(&b, NULL, NULL, 3, "", 0, 4, NULL, NULL),
                     SLIDE_E_ARGUMENT);
    slide_split_free(NULL);
    slide_split_result_free(NULL);
    assert_int_equal(slide_pdb_prepare(NULL, NULL, 0, NULL, NULL, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_cache_dir(NULL, NULL, 64), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_env_max_group(NULL), SLIDE_E_ARGUMENT);
    slide_pdb_file_info info = slide_pdb_file_info_init();
    assert_int_equal(slide_pdb_file_inspect(NULL, &info), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_file_inspect("/nonexistent", NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_file_name_is_table(NULL), 0);
    unsigned removed;
    assert_int_equal(slide_pdb_cache_clear(NULL, &removed), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_pdb_cache_clear("/nonexistent", NULL), SLIDE_E_ARGUMENT);
    slide_rng_seed(NULL, 1);
    assert_int_equal(slide_rng_next(NULL), 0);
    assert_int_equal(slide_rng_below(NULL, 10), 0);
    slide_rng rng;
    slide_rng_seed(&rng, 1);
    assert_int_equal(slide_generate(NULL, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_generate(&out, NULL, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_generate(&out, &goal, SLIDE_GEN_RANDOM, 0, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_generate_with(NULL, &goal, NULL, &rng), SLIDE_E_ARGUMENT);
    assert_non_null(slide_strerror(SLIDE_E_ARGUMENT));
    slide_context_free(ctx);
    slide_board_free(&goal);
    slide_board_free(&b);
}

/* Numbers no field or parameter means: refused, with a note where there is one. */
static void nonsense_values_are_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0);
    slide_solve_options opt = slide_solve_options_init();
    slide_limits limits = slide_limits_init();
    slide_pdb_options pdb = slide_pdb_options_init();
    slide_solution sol;
    slide_stats st = slide_stats_init();
    int threads[] = {-5, -1, SLIDE_MAX_THREADS + 1};
    for (size_t i = 0; i < sizeof threads / sizeof threads[0]; i++) {
        opt.threads = threads[i];
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
        assert_non_null(strstr(st.note, "threads must be a number from 0 to 1024"));
    }
    opt.threads = SLIDE_MAX_THREADS; /* the most: taken, run on at most 64 */
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_OK);
    slide_solution_free(&sol);
    opt.threads = 0;
    opt.limits = &limits;
    limits.timeout = NAN;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(st.note, "the timeout is not a number"));
    double none[] = {0, -1, INFINITY, -INFINITY}; /* documented: no time limit */
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        limits.timeout = none[i];
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_OK);
        slide_solution_free(&sol);
    }
    opt.limits = NULL;
    opt.pdb = &pdb;
    pdb.max_group = -1;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(st.note, "max_group"));
    pdb.no_disk_cache = 1;
    assert_int_equal(slide_pdb_prepare(&b, &pdb, 0, NULL, NULL, NULL), SLIDE_E_ARGUMENT);
    opt.pdb = NULL;
    opt.weight = NAN;
    assert_int_equal(slide_solve(&b, NULL, &opt, &sol, &st), SLIDE_E_ARGUMENT);
    slide_rng rng;
    slide_rng_seed(&rng, 1);
    assert_int_equal(slide_rng_below(&rng, 0), 0);

    /* a board whose shape is past the parser's caps: refused before anything is allocated */
    uint32_t few[4] = {1, 2, 3, 0};
    slide_board huge = {SLIDE_MAX_SIDE, SLIDE_MAX_SIDE, 3, few};
    slide_parse_error err = slide_parse_error_init();
    assert_int_equal(slide_board_validate(&huge, &err), SLIDE_E_PARSE);
    assert_non_null(strstr(err.message, "at most 4000000 cells"));
    slide_board wide = {2, SLIDE_MAX_SIDE + 1, 3, few};
    assert_int_equal(slide_board_validate(&wide, &err), SLIDE_E_PARSE);
    assert_int_equal(slide_solve(&huge, NULL, NULL, &sol, NULL), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_solvable(&huge, &huge), 0);
    slide_board_free(&b);
}

/*
 * A size above SLIDE_MAX_STRUCT_SIZE is garbage, not a later release's
 * struct: refused in and out, and nothing past the struct is read; up to
 * it, a zero tail is a later release's struct.
 */
static void a_garbage_size_is_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 x 8", 0, 0), out;
    size_t garbage[] = {SLIDE_MAX_STRUCT_SIZE + 1, (size_t)1 << 40, SIZE_MAX};
    slide_solution sol;
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        slide_solve_options opt = slide_solve_options_init();
        opt.size = garbage[i];
        assert_int_equal(slide_solve(&b, NULL, &opt, &sol, NULL), SLIDE_E_ARGUMENT);
        slide_stats st = slide_stats_init();
        st.size = garbage[i];
        assert_int_equal(slide_solve(&b, NULL, NULL, &sol, &st), SLIDE_E_ARGUMENT);
        slide_parse_options popt = slide_parse_options_init();
        popt.size = garbage[i];
        assert_int_equal(slide_board_parse("1 2 3 x", 7, &popt, &out, NULL), SLIDE_E_ARGUMENT);
        slide_parse_error err = slide_parse_error_init();
        err.size = garbage[i];
        assert_int_equal(slide_board_validate(&b, &err), SLIDE_E_ARGUMENT);
        slide_context *ctx = NULL;
        slide_context_options copt = slide_context_options_init();
        copt.size = garbage[i];
        assert_int_equal(slide_context_create(&ctx, &copt), SLIDE_E_ARGUMENT);
        assert_null(ctx);
    }
    /* the largest size any release may have, its tail zero: a later release's options */
    _Alignas(max_align_t) unsigned char buffer[SLIDE_MAX_STRUCT_SIZE];
    memset(buffer, 0, sizeof buffer);
    slide_solve_options *later = (slide_solve_options *)(void *)buffer;
    later->size = sizeof buffer;
    later->algo = "bfs";
    assert_int_equal(slide_solve(&b, NULL, later, &sol, NULL), SLIDE_OK);
    slide_solution_free(&sol);
    slide_board_free(&b);
}

/*
 * Options of the release before slide_solve_options.budget (their size
 * ends at weight) are taken, and solve without a budget: the same answer.
 */
static void options_without_the_budget_are_taken(void **state)
{
    (void)state;
    slide_board b = testkit_board("16 x 17 12 7 10 4 8 14 15 1 18 5 13 3 11 2 6 19 9", 0, 0);
    slide_solve_options now = slide_solve_options_init(), before = now;
    now.algo = before.algo = "beam";
    before.size = offsetof(slide_solve_options, budget);
    slide_solution a, c;
    assert_int_equal(slide_solve(&b, NULL, &now, &a, NULL), SLIDE_OK);
    assert_int_equal(slide_solve(&b, NULL, &before, &c, NULL), SLIDE_OK);
    assert_string_equal(a.moves, c.moves);
    slide_solution_free(&a);
    slide_solution_free(&c);
    slide_board_free(&b);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(options_without_the_budget_are_taken),
    cmocka_unit_test(version_is_the_header_s),
    cmocka_unit_test(structs_not_made_by_their_init_are_refused),
    cmocka_unit_test(the_library_keeps_within_the_caller_s_size),
    cmocka_unit_test(every_function_refuses_null),
    cmocka_unit_test(nonsense_values_are_refused),
    cmocka_unit_test(a_garbage_size_is_refused),
};

TESTKIT_MAIN(tests)
