/* test_board.c - board model: goal, copy, moves and replay. */
#include "testkit.h"

static void goal_is_tiles_in_order_blank_last(void **state)
{
    (void)state;
    slide_board g;
    assert_int_equal(slide_board_init_goal(&g, 3, 4), SLIDE_OK);
    for (int i = 0; i < 11; i++)
        assert_int_equal(g.cells[i], i + 1);
    assert_int_equal(g.cells[11], 0);
    assert_int_equal(g.blank, 11);
    slide_board_free(&g);
    assert_int_equal(slide_board_init_goal(&g, 1, 9), SLIDE_E_ARGUMENT);
}

static void moves_swap_blank_and_refuse_edges(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    assert_int_equal(slide_board_move(&b, 'd'), SLIDE_E_BAD_MOVE);
    assert_int_equal(slide_board_move(&b, 'r'), SLIDE_E_BAD_MOVE);
    assert_int_equal(slide_board_move(&b, 'q'), SLIDE_E_BAD_MOVE);
    assert_int_equal(slide_board_move(&b, 'u'), SLIDE_OK);
    assert_int_equal(b.blank, 5);
    assert_int_equal(b.cells[8], 6);
    assert_int_equal(slide_board_move(&b, 'L'), SLIDE_OK);
    assert_int_equal(b.blank, 4);
    assert_int_equal(b.cells[5], 5);
    slide_board_free(&b);
}

static void replay_reports_first_bad_move_and_goal(void **state)
{
    (void)state;
    slide_board b = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    size_t at;
    int reached;
    const char *moves = "ullddrurdllurdruldr";
    assert_int_equal(slide_replay(&b, NULL, moves, strlen(moves), &at, &reached), SLIDE_OK);
    assert_true(reached);
    assert_int_equal(at, strlen(moves));
    assert_int_equal(slide_replay(&b, NULL, "uu", 2, &at, &reached), SLIDE_E_BAD_MOVE);
    assert_int_equal(at, 1);
    assert_int_equal(slide_replay(&b, NULL, "u", 1, &at, &reached), SLIDE_OK);
    assert_false(reached);
    slide_board_free(&b);
}

static void copy_and_equal(void **state)
{
    (void)state;
    slide_board a = testkit_board("[[4,1,2],[5,0,3]]", 0, 0), b;
    assert_int_equal(slide_board_copy(&b, &a), SLIDE_OK);
    assert_true(slide_board_equal(&a, &b));
    slide_board_move(&b, 'l');
    assert_false(slide_board_equal(&a, &b));
    slide_board_free(&a);
    slide_board_free(&b);
}

/* A board struct filled by hand is not trusted: a blank off the board is refused, not followed. */
static void moves_refuse_a_blank_off_the_board(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    b.blank = 40;
    assert_int_equal(slide_board_move(&b, 'u'), SLIDE_E_ARGUMENT);
    b.blank = -1;
    assert_int_equal(slide_board_move(&b, 'd'), SLIDE_E_ARGUMENT);
    b.blank = 8;
    b.cols = 0;
    assert_int_equal(slide_board_move(&b, 'u'), SLIDE_E_ARGUMENT);
    b.cols = 3;
    assert_int_equal(slide_board_move(NULL, 'u'), SLIDE_E_ARGUMENT);
    assert_int_equal(slide_board_move(&b, 'u'), SLIDE_OK);
    slide_board_free(&b);
}

/* The validator names a second blank as the parser does, not as "tile 0 appears twice". */
static void validate_names_a_second_blank(void **state)
{
    (void)state;
    uint32_t cells[] = {1, 2, 3, 0, 5, 6, 7, 8, 0};
    slide_board b = {3, 3, 3, cells};
    slide_parse_error err = slide_parse_error_init();
    assert_int_equal(slide_board_validate(&b, &err), SLIDE_E_PARSE);
    assert_string_equal(err.message, "a second blank");
    assert_int_equal(err.cell, 9);
}

/* What slide_board_free leaves copies and compares as an empty board. */
static void empty_boards_copy_and_compare(void **state)
{
    (void)state;
    slide_board a = testkit_board("1 2 3 x", 0, 0), b, c;
    slide_board_free(&a);
    assert_int_equal(slide_board_copy(&b, &a), SLIDE_OK);
    assert_null(b.cells);
    assert_true(slide_board_equal(&a, &b));
    c = testkit_board("1 2 3 x", 0, 0);
    assert_false(slide_board_equal(&a, &c));
    slide_board_free(&b);
    slide_board_free(&c);
}

static void strerror_names_every_status(void **state)
{
    (void)state;
    for (int s = SLIDE_OK; s >= SLIDE_E_INTERNAL; s--)
        assert_string_not_equal(slide_strerror(s), "unknown error");
    assert_string_equal(slide_strerror(-1000), "unknown error");
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(goal_is_tiles_in_order_blank_last),
    cmocka_unit_test(moves_swap_blank_and_refuse_edges),
    cmocka_unit_test(replay_reports_first_bad_move_and_goal),
    cmocka_unit_test(copy_and_equal),
    cmocka_unit_test(moves_refuse_a_blank_off_the_board),
    cmocka_unit_test(empty_boards_copy_and_compare),
    cmocka_unit_test(validate_names_a_second_blank),
    cmocka_unit_test(strerror_names_every_status),
};

TESTKIT_MAIN(tests)
