/*
 * test_abi.c - the compatibility rules of include/slide.h (core/abi.c): the
 * version the library says it is, and the `size` of the structs that may
 * grow: a struct not made by its init function is refused, the library
 * reads and writes no byte past a caller's size, and a later release's
 * larger struct is taken when its unknown fields are zero.
 */
#include "testkit.h"

#include "core/abi.h"

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

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(version_is_the_header_s),
    cmocka_unit_test(structs_not_made_by_their_init_are_refused),
    cmocka_unit_test(the_library_keeps_within_the_caller_s_size),
};

TESTKIT_MAIN(tests)
