/* test_parse.c - every accepted board form and every rejection, with its position. */
#include "testkit.h"

static void assert_parses(const char *text, int rows, int cols, const uint32_t *cells, int want_rows,
                          int want_cols)
{
    slide_board b;
    slide_parse_options opt = slide_parse_options_init();
    opt.rows = rows;
    opt.cols = cols;
    opt.line = 7;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(text, strlen(text), &opt, &b, &err);
    if (status != SLIDE_OK)
        fail_msg("'%s' was rejected: %s", text, err.message);
    assert_int_equal(b.rows, want_rows);
    assert_int_equal(b.cols, want_cols);
    for (int i = 0; i < want_rows * want_cols; i++)
        assert_int_equal(b.cells[i], cells[i]);
    assert_int_equal(b.cells[b.blank], 0);
    slide_board_free(&b);
}

/* Asserts text is rejected at `cell` (0 = whole board) with a message containing `fragment`. */
static void assert_rejects(const char *text, int rows, int cols, long cell, const char *fragment)
{
    slide_board b;
    slide_parse_options opt = slide_parse_options_init();
    opt.rows = rows;
    opt.cols = cols;
    opt.line = 3;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(text, strlen(text), &opt, &b, &err);
    if (status == SLIDE_OK)
        fail_msg("'%s' was accepted", text);
    assert_int_equal(status, SLIDE_E_PARSE);
    assert_null(b.cells);
    assert_int_equal(err.line, 3);
    if (err.cell != cell || !strstr(err.message, fragment))
        fail_msg("'%s': got cell %ld '%s', want cell %ld '%s'", text, err.cell, err.message, cell,
                 fragment);
}

static const uint32_t sample[9] = {2, 3, 4, 1, 5, 0, 7, 6, 8};

static void spaced_forms(void **state)
{
    (void)state;
    assert_parses("2 3 4 1 5 x 7 6 8", 0, 0, sample, 3, 3);
    assert_parses("  2\t3,4 ,, 1 5 X 7 6 8 \r\n", 0, 0, sample, 3, 3);
    assert_parses("2 3 4 1 5 0 7 6 8", 0, 0, sample, 3, 3);
    assert_parses("2 3 4 1 5 . 7 6 8", 0, 0, sample, 3, 3);
    assert_parses("2 3 4 1 5 _ 7 6 8", 0, 0, sample, 3, 3);
    assert_parses("2,3,4,1,5,0,7,6,8", 0, 0, sample, 3, 3);
}

static void compact_forms(void **state)
{
    (void)state;
    assert_parses("234150768", 0, 0, sample, 3, 3);
    assert_parses("23415.768", 0, 0, sample, 3, 3);
    assert_parses("23415x768\r", 0, 0, sample, 3, 3);
    assert_parses("234 150 768", 0, 0, sample, 3, 3);
    static const uint32_t hex[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0};
    assert_parses("123456789abcdef0", 0, 0, hex, 4, 4);
    assert_parses("123456789ABCDEF.", 0, 0, hex, 4, 4);
}

static void nested_list_forms(void **state)
{
    (void)state;
    static const uint32_t lc[6] = {1, 2, 3, 4, 0, 5};
    assert_parses("[[1,2,3],[4,0,5]]", 0, 0, lc, 2, 3);
    assert_parses(" [ [1, 2, 3] , [4, 0, 5] ] ", 0, 0, lc, 2, 3);
    assert_parses("[[1,2],[3,4],[0,5]]", 0, 0, (const uint32_t[]){1, 2, 3, 4, 0, 5}, 3, 2);
    assert_parses("[1,2,3,4,0,5]", 0, 0, lc, 2, 3);
    assert_parses("[[2,3,4],[1,5,0],[7,6,8]]", 0, 0, sample, 3, 3);
}

static void row_mark_forms(void **state)
{
    (void)state;
    assert_parses("2 3 4/1 5 x/7 6 8", 0, 0, sample, 3, 3);
    assert_parses("234/150/768", 0, 0, sample, 3, 3);
    assert_parses("2 3 4 / 1 5 x / 7 6 8 /", 0, 0, sample, 3, 3);
    assert_parses("1 2/3 4/5 x", 0, 0, (const uint32_t[]){1, 2, 3, 4, 5, 0}, 3, 2);
    /* a row of 10-15 tiles stays spaced, not compact */
    assert_parses("1 2 3 4/5 6 7 8/9 x 14 15/10 11 12 13", 0, 0,
                  (const uint32_t[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 14, 15, 10, 11, 12, 13}, 4, 4);
}

static void shapes_inferred_or_given(void **state)
{
    (void)state;
    assert_parses("1 2 3 x", 0, 0, (const uint32_t[]){1, 2, 3, 0}, 2, 2);
    assert_parses("1 2 3 4 5 6 7 x", 0, 0, (const uint32_t[]){1, 2, 3, 4, 5, 6, 7, 0}, 2, 4);
    assert_parses("1 2 3 4 5 x", 3, 2, (const uint32_t[]){1, 2, 3, 4, 5, 0}, 3, 2);
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 9 10 11 x", 0, 0);
    assert_int_equal(b.rows, 3);
    assert_int_equal(b.cols, 4);
    slide_board_free(&b);
    b = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x", 0, 0);
    assert_int_equal(b.rows, 5);
    assert_int_equal(b.cols, 5);
    slide_board_free(&b);
}

static void boards_larger_than_sixteen_cells(void **state)
{
    (void)state;
    char text[4096];
    size_t len = 0;
    for (int i = 1; i < 400; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%d ", i);
    snprintf(text + len, sizeof text - len, "x");
    slide_board b = testkit_board(text, 0, 0);
    assert_int_equal(b.rows, 20);
    assert_int_equal(b.cols, 20);
    assert_int_equal(b.cells[398], 399);
    assert_int_equal(b.blank, 399);
    slide_board_free(&b);
}

static void count_and_shape_errors(void **state)
{
    (void)state;
    assert_rejects("1 2 3", 0, 0, 0, "cannot infer a shape from 3 cells");
    assert_rejects("1 2 3 4 5 6 x", 0, 0, 0, "cannot infer a shape from 7 cells");
    assert_rejects("1 2 3 4 5 6 7 x", 3, 3, 0, "expected 9 cells for 3x3, found 8");
    assert_rejects("", 0, 0, 0, "empty board");
    assert_rejects("   \t ", 0, 0, 0, "empty board");
    assert_rejects("1 2 3/4 5/6 7 x", 0, 0, 0, "ragged rows: row 2 has 2 cells but row 1 has 3");
    assert_rejects("[[1,2,3],[4,0]]", 0, 0, 0, "ragged rows");
    assert_rejects("1 2 3/4 5 x", 3, 2, 0, "the rows give 2x3 where a 3x2 board is expected");
    assert_rejects("1 2 3 x 4/", 0, 0, 0, "at least 2 rows");
    assert_rejects("1 2//3 x", 0, 0, 0, "row 2 is empty");
    assert_rejects("[[1,2,3],[4,0,5]", 0, 0, 0, "unclosed");
    assert_rejects("[[1,2,3],[4,0,5]] 7", 0, 0, 0, "after the list");
    assert_rejects("123456789abcdef01", 0, 0, 17, "at most 16 cells");
}

static void tile_errors_name_the_cell(void **state)
{
    (void)state;
    assert_rejects("1 2 3 4 5 6 7 9 x", 0, 0, 8, "tile 9 is out of range 1-8");
    assert_rejects("1 2 3 4 5 6 7 3 x", 0, 0, 8, "tile 3 appears twice (cells 3 and 8)");
    assert_rejects("1 2 3 4 5 6 7 8 9", 0, 0, 9, "tile 9 is out of range");
    assert_rejects("1 2 3 4 5 6 7 x 0", 0, 0, 9, "a second blank (the first is at cell 8)");
    assert_rejects("1 2 3 4 5 6 7 8 4", 0, 0, 9, "appears twice");
    assert_rejects("1 2 3 4 5 6 q 8 x", 0, 0, 7, "unexpected 'q'");
    assert_rejects("1 2 3 4 -5 6 7 8 x", 0, 0, 5, "'-5' is not a tile");
    assert_rejects("1 2 3 4 99999999999999999999 6 7 8 x", 0, 0, 5, "out of range");
    assert_rejects("12345678g", 0, 0, 9, "unexpected 'g' in a compact board");
    assert_rejects("1 2 3 4 5 6 \xc3\xa9 8 x", 0, 0, 7, "byte 0xC3");
    /* a token is quoted only when it all prints: control bytes and UTF-8 inside one are named */
    assert_rejects("1 2 3 4 5 6 7 8\x1b]0;title\x07 x", 0, 0, 8, "unexpected byte 0x1B");
    assert_rejects("1 2 3 4 5 6 7 qqqqqqqqqqqqqqqqqqqqqq\xc3\xa9 x", 0, 0, 8,
                   "unexpected byte 0xC3");
    assert_rejects("1 2 3 4 5 6 7 8q\x7f x", 0, 0, 8, "unexpected byte 0x7F");
    assert_rejects("\xef\xbb\xbf" "1 2 3 4 5 6 7 8 x", 0, 0, 1, "byte-order mark");
    /* an input method's full-width forms, named with what to type instead */
    assert_rejects("\xef\xbc\x92 2 3 4 5 6 7 8 x", 0, 0, 1,
                   "unexpected full-width digit 2 (U+FF12: use ASCII digits)");
    assert_rejects("1 2 3 4 5 6 7 8 \xef\xbd\x98", 0, 0, 9, "full-width 'x' (U+FF58: use ASCII)");
    assert_rejects("1\xe3\x80\x80" "2 3 4 5 6 7 8 x", 0, 0, 1,
                   "ideographic space (U+3000: use ASCII spaces)");
    /* 0xEF that starts neither: the byte alone, no guess */
    assert_rejects("1 2 3 4 5 6 7 8 \xef\x80", 0, 0, 9, "unexpected byte 0xEF");
}

static void missing_tile_and_blank(void **state)
{
    (void)state;
    /* 3x3 with a duplicate is found first; a board with two 7s and no 8 */
    assert_rejects("1 2 3 4 5 6 7 x 1", 0, 0, 9, "tile 1 appears twice");
    assert_rejects("[[1,2,3],[4,5,3]]", 0, 0, 6, "tile 3 appears twice");
    assert_rejects("1 2 3 4 5 6 7 8 8", 0, 0, 9, "appears twice");
    assert_rejects("1 2 3 5", 0, 0, 4, "tile 5 is out of range 1-3");
    assert_rejects("1 2 3 3", 0, 0, 4, "tile 3 appears twice");
    assert_rejects("[1,2,3,4]", 0, 0, 4, "out of range");
}

static void nul_byte_is_reported(void **state)
{
    (void)state;
    const char text[] = "1 2 3\0 4 5 6 7 8 x";
    slide_board b;
    slide_parse_error err = slide_parse_error_init();
    assert_int_equal(slide_board_parse(text, sizeof text - 1, NULL, &b, &err), SLIDE_E_PARSE);
    assert_int_equal(err.column, 6);
    assert_non_null(strstr(err.message, "NUL"));
}

static void size_option_values(void **state)
{
    (void)state;
    int r = 0, c = 0;
    slide_parse_error err = slide_parse_error_init();
    assert_int_equal(slide_parse_size("3x4", &r, &c, &err), SLIDE_OK);
    assert_int_equal(r, 3);
    assert_int_equal(c, 4);
    assert_int_equal(slide_parse_size("10X2", &r, &c, &err), SLIDE_OK);
    /* 3*4 and 3×4 (U+00D7, as the README's tables write it) */
    assert_int_equal(slide_parse_size("3*4", &r, &c, &err), SLIDE_OK);
    assert_int_equal(slide_parse_size("4\xc3\x97" "5", &r, &c, &err), SLIDE_OK);
    assert_int_equal(r, 4);
    assert_int_equal(c, 5);
    assert_int_equal(slide_parse_size("4\xc3\x97", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("4\xc3x5", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("4\xc3", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("0x3", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(err.message, "at least 2"));
    assert_int_equal(slide_parse_size("1x9", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("100000x100000", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(err.message, "larger than"));
    assert_int_equal(slide_parse_size("3by3", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("3x", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("x3", &r, &c, &err), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_parse_size("99999999999999999999x3", &r, &c, &err), SLIDE_E_ARGUMENT);
}

static void size_option_checked_by_parser(void **state)
{
    (void)state;
    assert_rejects("1 2 3 x", 1, 4, 0, "out of range");
}

/* The shape error names no option: the remedy says what would help, and only then. */
static void shape_error_carries_its_remedy(void **state)
{
    (void)state;
    slide_board b;
    slide_parse_error err = slide_parse_error_init();
    assert_int_equal(slide_board_parse("1 2 3 4 5 6 x", 13, NULL, &b, &err), SLIDE_E_PARSE);
    assert_string_equal(err.message, "cannot infer a shape from 7 cells");
    assert_int_equal(err.remedy, SLIDE_REMEDY_GIVE_SHAPE);
    assert_int_equal(slide_board_parse("1 2 3 3", 7, NULL, &b, &err), SLIDE_E_PARSE);
    assert_int_equal(err.remedy, SLIDE_REMEDY_NONE);
}

static void infer_shape_is_the_most_square(void **state)
{
    (void)state;
    static const int want[][3] = {{4, 2, 2},  {6, 2, 3},   {8, 2, 4},   {9, 3, 3},    {12, 3, 4},
                                  {16, 4, 4}, {18, 3, 6},  {25, 5, 5},  {36, 6, 6},   {49, 7, 7},
                                  {50, 5, 10}, {400, 20, 20}, {1000000, 1000, 1000}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int rows = 0, cols = 0;
        assert_int_equal(slide_infer_shape((size_t)want[i][0], &rows, &cols), SLIDE_OK);
        assert_int_equal(rows, want[i][1]);
        assert_int_equal(cols, want[i][2]);
    }
    /* past SLIDE_MAX_CELLS too: a side might not fit an int, or r * r wrap round (SIZE_MAX) */
    static const size_t none[] = {0,  1,  2,  3,  5, 7, 11, 13, 17, SLIDE_MAX_CELLS + (size_t)1,
                                  (size_t)SLIDE_MAX_CELLS * 4, SIZE_MAX};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        int rows = -1, cols = -1;
        assert_int_equal(slide_infer_shape(none[i], &rows, &cols), SLIDE_E_ARGUMENT);
        assert_int_equal(rows, -1);
        assert_int_equal(cols, -1);
    }
}

/*
 * The quick read takes exactly the cells slide_board_parse reads from the
 * same text, in the shape slide_infer_shape gives, and leaves every other
 * text to the parser.
 */
static void quick_read_agrees_with_the_parser(void **state)
{
    (void)state;
    static const char *const taken[] = {
        "2 3 4 1 5 x 7 6 8", "234150768",  "23415.768",   " 2 3 4 1 5 X 7 6 8\r",
        "2,3,4,1,5,_,7,6,8", "\t2 3 4 1 5 0 7 6 8 ", "1 2 3 x", "12x3",
        "1 2 3 4 5 x",       "1234567x"};
    uint8_t cells[SLIDE_MAX_TABLE_CELLS];
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        const char *text = taken[i];
        int n = slide_board_read_small(text, strlen(text), cells);
        if (n == 0)
            fail_msg("'%s' was left to the parser", text);
        slide_board b = testkit_board(text, 0, 0);
        int rows, cols;
        assert_int_equal(slide_infer_shape((size_t)n, &rows, &cols), SLIDE_OK);
        assert_int_equal(b.rows, rows);
        assert_int_equal(b.cols, cols);
        for (int k = 0; k < n; k++)
            assert_int_equal(b.cells[k], cells[k]);
        slide_board_free(&b);
    }
    /* the cells are not checked as a board */
    assert_int_equal(slide_board_read_small("8 8 8 8", 7, cells), 4);

    static const char *const left[] = {
        "",          "  , ",      "2 3 4/1 5 x/7 6 8",   "[[2,3,4],[1,5,0],[7,6,8]]",
        "234 150 768", "1 2 3 10", "1 2 3 4 5 6 7 9 x", "12345678ab",
        "1 2 3 4 5 6 7 8 x 1", "1 2 3 ?"};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++)
        if (slide_board_read_small(left[i], strlen(left[i]), cells) != 0)
            fail_msg("'%s' was read quickly", left[i]);
    static const char with_nul[] = "1 2\0 3 x";
    assert_int_equal(slide_board_read_small(with_nul, sizeof with_nul - 1, cells), 0);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(spaced_forms),
    cmocka_unit_test(compact_forms),
    cmocka_unit_test(nested_list_forms),
    cmocka_unit_test(row_mark_forms),
    cmocka_unit_test(shapes_inferred_or_given),
    cmocka_unit_test(boards_larger_than_sixteen_cells),
    cmocka_unit_test(count_and_shape_errors),
    cmocka_unit_test(tile_errors_name_the_cell),
    cmocka_unit_test(missing_tile_and_blank),
    cmocka_unit_test(nul_byte_is_reported),
    cmocka_unit_test(size_option_values),
    cmocka_unit_test(size_option_checked_by_parser),
    cmocka_unit_test(shape_error_carries_its_remedy),
    cmocka_unit_test(infer_shape_is_the_most_square),
    cmocka_unit_test(quick_read_agrees_with_the_parser),
};

TESTKIT_MAIN(tests)
