/*
 * test_game.c - the logic of `slide play` apart from the terminal
 * (src/cli/game/game.c): board and moves in both conventions, undo, the win,
 * clicks, the screen layout and mouse mapping, plans and hints, and the
 * solver thread the hints come from.
 */
#include "testkit.h"

#include "cli/game/game.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

static game new_game(const char *start, const char *goal, int rows, int cols)
{
    slide_board s = testkit_board(start, rows, cols);
    slide_board g = goal ? testkit_board(goal, rows, cols) : (slide_board){0, 0, 0, NULL};
    if (!goal)
        assert_int_equal(slide_board_init_goal(&g, s.rows, s.cols), SLIDE_OK);
    game out;
    assert_int_equal(game_init(&out, &s, &g), SLIDE_OK);
    slide_board_free(&s);
    slide_board_free(&g);
    return out;
}

/* The history replayed from the start by the testkit's own rules reaches the current board. */
static void assert_history_reaches_board(const game *g)
{
    char *moves = malloc(g->moves + 1);
    assert_non_null(moves);
    memcpy(moves, g->history, g->moves);
    moves[g->moves] = '\0';
    testkit_assert_solves(&g->start, &g->board, moves);
    free(moves);
}

static void arrows_in_both_conventions(void **state)
{
    (void)state;
    /* blank in the middle: each arrow moves one neighbour */
    static const struct {
        int direction;
        char tile_letter;  /* tile convention: the tile goes the arrow's way */
        char blank_letter; /* blank convention */
        uint32_t tile;     /* the tile that moves in the tile convention */
    } cases[] = {
        {SLIDE_UP, 'd', 'u', 8},
        {SLIDE_DOWN, 'u', 'd', 2},
        {SLIDE_LEFT, 'r', 'l', 6},
        {SLIDE_RIGHT, 'l', 'r', 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(game_arrow_move(cases[i].direction, 1), cases[i].tile_letter);
        assert_int_equal(game_arrow_move(cases[i].direction, 0), cases[i].blank_letter);
        assert_int_equal(game_tile_direction(cases[i].tile_letter), cases[i].direction);
        game g = new_game("1 2 3 4 x 6 7 8 5", NULL, 0, 0);
        int cell = game_moved_cell(&g, cases[i].tile_letter);
        assert_true(cell >= 0);
        assert_int_equal(g.board.cells[cell], cases[i].tile);
        assert_int_equal(game_move(&g, cases[i].tile_letter), SLIDE_OK);
        /* the tile now stands where the blank was, one step the arrow's way */
        assert_int_equal(g.board.cells[4], cases[i].tile);
        assert_int_equal(g.board.cells[cell], 0);
        assert_int_equal(g.moves, 1);
        assert_history_reaches_board(&g);
        game_free(&g);
    }
    assert_int_equal(game_arrow_move(7, 1), 0);
    assert_int_equal(game_tile_direction('x'), -1);
}

static void moves_off_the_board_are_refused(void **state)
{
    (void)state;
    game g = new_game("x 1 2 3 4 5 6 7 8", NULL, 0, 0);
    assert_int_equal(game_moved_cell(&g, 'u'), -1);
    assert_int_equal(game_moved_cell(&g, 'l'), -1);
    assert_int_equal(game_move(&g, 'u'), SLIDE_E_BAD_MOVE);
    assert_int_equal(game_move(&g, 'l'), SLIDE_E_BAD_MOVE);
    assert_int_equal(game_move(&g, 'x'), SLIDE_E_BAD_MOVE);
    assert_int_equal(g.moves, 0);
    assert_int_equal(g.board.blank, 0);
    assert_int_equal(game_move(&g, 'R'), SLIDE_OK); /* either case, recorded lowercase */
    assert_int_equal(g.history[0], 'r');
    assert_int_equal(g.board.cells[0], 1);
    game_free(&g);
}

static void undo_walks_back_to_the_start(void **state)
{
    (void)state;
    game g = new_game("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x", NULL, 0, 0);
    slide_rng rng;
    slide_rng_seed(&rng, 77);
    slide_board seen[301];
    assert_int_equal(slide_board_copy(&seen[0], &g.board), SLIDE_OK);
    size_t made = 0;
    while (made < 300) {
        char letter = slide_move_letters[slide_rng_below(&rng, 4)];
        if (game_move(&g, letter) != SLIDE_OK)
            continue; /* off the board: refused, nothing recorded */
        made++;
        assert_int_equal(g.moves, made);
        assert_int_equal(slide_board_copy(&seen[made], &g.board), SLIDE_OK);
    }
    assert_history_reaches_board(&g);
    for (size_t i = made; i > 0; i--) {
        assert_true(slide_board_equal(&g.board, &seen[i]));
        assert_int_not_equal(game_undo(&g), 0);
        assert_int_equal(g.moves, i - 1);
    }
    assert_true(slide_board_equal(&g.board, &seen[0]));
    assert_int_equal(game_undo(&g), 0); /* nothing left to undo */
    for (size_t i = 0; i <= made; i++)
        slide_board_free(&seen[i]);
    game_free(&g);
}

static void win_and_tiles_at_home(void **state)
{
    (void)state;
    game g = new_game("1 2 3 4 5 6 7 x 8", NULL, 0, 0);
    assert_false(game_won(&g));
    for (int cell = 0; cell < 6; cell++)
        assert_true(game_tile_home(&g, cell));
    assert_false(game_tile_home(&g, 7)); /* the blank */
    assert_false(game_tile_home(&g, 8)); /* tile 8 one cell away */
    assert_int_equal(game_move(&g, game_arrow_move(SLIDE_LEFT, 1)), SLIDE_OK);
    assert_true(game_won(&g));
    assert_true(game_tile_home(&g, 7));
    assert_false(game_tile_home(&g, 8));
    assert_int_equal(game_undo(&g), 'r');
    assert_false(game_won(&g));

    /* another goal: home means that goal's cell */
    game h = new_game("1 2 3 x 8 4 7 6 5", "1 2 3 8 x 4 7 6 5", 0, 0);
    assert_true(game_tile_home(&h, 0));
    assert_false(game_tile_home(&h, 4));
    assert_int_equal(game_move(&h, 'r'), SLIDE_OK);
    assert_true(game_won(&h));
    assert_true(game_tile_home(&h, 3));
    game_free(&h);
    game_free(&g);
}

static void clicks_slide_every_tile_between(void **state)
{
    (void)state;
    /* every blank position and every clicked cell of a 3x4 board */
    for (int blank = 0; blank < 12; blank++) {
        for (int cell = 0; cell < 12; cell++) {
            slide_board start;
            assert_int_equal(slide_board_init_goal(&start, 3, 4), SLIDE_OK);
            start.cells[11] = start.cells[blank];
            start.cells[blank] = 0;
            start.blank = blank;
            game g;
            slide_board goal;
            assert_int_equal(slide_board_init_goal(&goal, 3, 4), SLIDE_OK);
            assert_int_equal(game_init(&g, &start, &goal), SLIDE_OK);
            char moves[4];
            int count = game_click_moves(&g, cell, moves, sizeof moves);
            int same_row = cell / 4 == blank / 4, same_col = cell % 4 == blank % 4;
            if (cell == blank || (!same_row && !same_col)) {
                assert_int_equal(count, 0);
            } else {
                assert_int_equal(game_click_moves(&g, cell, moves, (size_t)count - 1), -1);
                int distance = abs(cell / 4 - blank / 4) + abs(cell % 4 - blank % 4);
                assert_int_equal(count, distance);
                for (int i = 0; i < count; i++)
                    assert_int_equal(game_move(&g, moves[i]), SLIDE_OK);
                /* the clicked cell is now the blank; each tile between moved one step towards
                   where the blank was, the clicked tile included; the rest stayed */
                assert_int_equal(g.board.blank, cell);
                int step = same_row ? (blank > cell ? 1 : -1) : (blank > cell ? 4 : -4);
                for (int c = 0; c < 12; c++) {
                    int between =
                        same_row ? c / 4 == cell / 4 && ((c % 4 >= cell % 4 && c % 4 < blank % 4) ||
                                                         (c % 4 <= cell % 4 && c % 4 > blank % 4))
                                 : c % 4 == cell % 4 && ((c / 4 >= cell / 4 && c / 4 < blank / 4) ||
                                                         (c / 4 <= cell / 4 && c / 4 > blank / 4));
                    if (between)
                        assert_int_equal(g.board.cells[c + step], start.cells[c]);
                    else if (c != blank)
                        assert_int_equal(g.board.cells[c], start.cells[c]);
                }
                assert_history_reaches_board(&g);
            }
            game_free(&g);
            slide_board_free(&start);
            slide_board_free(&goal);
        }
    }
}

static void every_size_fits_80x24_and_clicks_map_back(void **state)
{
    (void)state;
    /* slide play keeps 7 lines for text round the board (4 when it is short of room) */
    for (int rows = 2; rows <= 10; rows++) {
        for (int cols = 2; cols <= 10; cols++) {
            for (int tall = 0; tall <= 1; tall++) {
                game_layout l;
                int fits = game_layout_plan(&l, rows, cols, 80, 2, 24 - 7, tall) == 0 ||
                           game_layout_plan(&l, rows, cols, 80, 0, 24 - 4, tall) == 0;
                assert_true(fits);
                assert_true(l.left >= 0 && l.left + l.width <= 80);
                assert_true(l.top >= 0 && l.top + l.height <= 24);
                long largest = (long)rows * cols - 1;
                assert_int_equal(l.number_width, largest >= 10 ? 2 : 1);
                /* every character of every box maps to its cell; gaps and margins to none */
                int hits = 0;
                for (int y = 0; y < 24; y++) {
                    for (int x = 0; x < 80; x++) {
                        int cell = game_layout_cell_at(&l, x, y);
                        int bx = x - l.left, by = y - l.top;
                        int inside = bx >= 0 && by >= 0 && bx < l.width && by < l.height &&
                                     bx % (l.box_width + l.gap_x) < l.box_width &&
                                     by % (l.box_height + l.gap_y) < l.box_height;
                        if (!inside) {
                            assert_int_equal(cell, -1);
                            continue;
                        }
                        hits++;
                        assert_int_equal(cell, (by / (l.box_height + l.gap_y)) * cols +
                                                   bx / (l.box_width + l.gap_x));
                    }
                }
                assert_int_equal(hits, rows * cols * l.box_width * l.box_height);
            }
        }
    }
    /* 3-line boxes when there is room and colour; a tiny screen fits nothing */
    game_layout l;
    assert_int_equal(game_layout_plan(&l, 3, 3, 80, 2, 17, 1), 0);
    assert_int_equal(l.box_height, 3);
    assert_int_equal(game_layout_plan(&l, 3, 3, 80, 2, 17, 0), 0);
    assert_int_equal(l.box_height, 1);
    assert_int_equal(game_layout_plan(&l, 10, 10, 20, 0, 5, 1), -1);
    assert_int_equal(game_layout_cell_at(&l, -1, -1), -1);
}

static void plans_give_hints_while_the_board_is_on_them(void **state)
{
    (void)state;
    game g = new_game("2 3 4 1 5 x 7 6 8", NULL, 0, 0);
    assert_int_equal(game_hint(&g), 0); /* no plan yet */
    assert_int_equal(game_plan_left(&g), -1);
    const char *plan = "ullddrurdllurdruldr";
    assert_int_equal(game_set_plan(&g, &g.board, plan, strlen(plan), 1), SLIDE_OK);
    assert_int_equal(game_plan_left(&g), 19);
    /* following the hints walks the plan to the goal; 7 moves put the blank in the centre */
    for (size_t i = 0; i < 7; i++) {
        assert_int_equal(game_hint(&g), plan[i]);
        assert_int_equal(game_move(&g, game_hint(&g)), SLIDE_OK);
    }
    assert_int_equal(game_plan_left(&g), 12);
    /* off the plan (not its next move, not back): no hint; undone: hints again */
    char off = 0;
    for (int d = 0; d < 4 && !off; d++) {
        char letter = slide_move_letters[d];
        if (letter != plan[7] && letter != 'd' && game_moved_cell(&g, letter) >= 0)
            off = letter; /* 'd' would undo plan[6], 'u' */
    }
    assert_int_equal(game_move(&g, off), SLIDE_OK);
    assert_int_equal(game_hint(&g), 0);
    assert_int_equal(game_plan_left(&g), -1);
    assert_int_equal(game_undo(&g), off);
    assert_int_equal(game_hint(&g), plan[7]);
    game_undo(&g);
    game_undo(&g);
    assert_int_equal(game_hint(&g), plan[5]);
    assert_int_equal(game_plan_left(&g), 14);
    while (game_hint(&g))
        assert_int_equal(game_move(&g, game_hint(&g)), SLIDE_OK);
    assert_true(game_won(&g));
    assert_int_equal(game_plan_left(&g), 0);
    assert_history_reaches_board(&g);
    /* a restart on the plan's board finds its place from the start */
    slide_board start = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    assert_int_equal(game_restart(&g, &start), SLIDE_OK);
    assert_int_equal(g.moves, 0);
    assert_int_equal(game_plan_left(&g), 19);
    slide_board_free(&start);
    game_free(&g);
}

/* Asks the solver for start and waits: the answer is for start and replays to the goal. */
static void solve_on(game_solver *solver, const slide_board *start, const slide_board *goal,
                     game_answer *a)
{
    unsigned long id;
    assert_int_equal(game_solver_request(solver, start, &id), SLIDE_OK);
    game_solver_wait(solver, a);
    assert_int_equal(a->id, id);
    assert_int_equal(a->status, SLIDE_OK);
    assert_true(slide_board_equal(&a->from, start));
    testkit_assert_solves(start, goal, a->moves);
}

/* A solver with a notify pipe; asserts each answer wakes it. */
typedef struct solver_fixture {
    game_solver *solver;
    int pipe[2];
} solver_fixture;

static solver_fixture start_solver(const slide_board *goal)
{
    solver_fixture f;
    assert_int_equal(pipe(f.pipe), 0);
    assert_int_equal(fcntl(f.pipe[1], F_SETFL, O_NONBLOCK), 0);
    assert_int_equal(game_solver_create(&f.solver, goal, f.pipe[1]), SLIDE_OK);
    return f;
}

static void stop_solver(solver_fixture *f)
{
    game_solver_free(f->solver);
    close(f->pipe[0]);
    close(f->pipe[1]);
}

static void solver_hints_are_optimal_on_3x3(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 3, 3), SLIDE_OK);
    testkit_table table;
    testkit_table_build(&table, &goal);
    solver_fixture f = start_solver(&goal);
    slide_rng rng;
    slide_rng_seed(&rng, 2024);
    for (int i = 0; i < 40; i++) {
        slide_board start;
        assert_int_equal(slide_generate(&start, &goal, SLIDE_GEN_RANDOM, 0, &rng), SLIDE_OK);
        game_answer a;
        solve_on(f.solver, &start, &goal, &a);
        assert_true(a.optimal);
        int distance = testkit_table_distance(&table, &start);
        assert_int_equal(a.length, distance);
        /* the hint (the plan's first move) brings the board one move closer */
        game g;
        assert_int_equal(game_init(&g, &start, &goal), SLIDE_OK);
        assert_int_equal(game_set_plan(&g, &a.from, a.moves, a.length, a.optimal), SLIDE_OK);
        if (distance > 0) {
            assert_int_equal(game_move(&g, game_hint(&g)), SLIDE_OK);
            assert_int_equal(testkit_table_distance(&table, &g.board), distance - 1);
        }
        game_free(&g);
        game_answer_free(&a);
        slide_board_free(&start);
        char byte;
        assert_true(read(f.pipe[0], &byte, 1) == 1); /* the answer woke the loop */
    }
    assert_int_equal(game_solver_take(f.solver, &(game_answer){0}), 0);
    stop_solver(&f);
    testkit_table_free(&table);
    slide_board_free(&goal);
}

/* The optimal length from board, by an independent solve (IDA*). */
static uint64_t optimal_length(const slide_board *board, const slide_board *goal)
{
    slide_solve_options opt = slide_solve_options_init();
    slide_solution sol;
    slide_stats st = slide_stats_init();
    opt.algo = "idastar";
    opt.heuristic = "linear";
    assert_int_equal(slide_solve(board, goal, &opt, &sol, &st), SLIDE_OK);
    testkit_assert_solves(board, goal, sol.moves);
    uint64_t length = sol.length;
    slide_solution_free(&sol);
    return length;
}

static void solver_hints_on_4x4_and_strategy_above_16_cells(void **state)
{
    (void)state;
    static const struct {
        int rows, cols;
        uint64_t walk;
        int optimal;
    } shapes[] = {{4, 4, 30, 1}, {3, 4, 40, 1}, {6, 6, 0, 0}, {10, 10, 0, 0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        slide_board goal;
        assert_int_equal(slide_board_init_goal(&goal, shapes[s].rows, shapes[s].cols), SLIDE_OK);
        solver_fixture f = start_solver(&goal);
        slide_rng rng;
        slide_rng_seed(&rng, 15 + s);
        for (int i = 0; i < 3; i++) {
            slide_board start;
            assert_int_equal(slide_generate(&start, &goal,
                                            shapes[s].walk ? SLIDE_GEN_WALK : SLIDE_GEN_RANDOM,
                                            shapes[s].walk, &rng),
                             SLIDE_OK);
            game_answer a;
            solve_on(f.solver, &start, &goal, &a);
            assert_int_equal(a.optimal, shapes[s].optimal);
            /* above 25 cells the game asks strategy: a hint in milliseconds, not beam's seconds */
            if (shapes[s].rows * shapes[s].cols > SLIDE_MAX_WIDE_CELLS)
                assert_string_equal(a.algo, "strategy");
            if (shapes[s].optimal) {
                assert_true(a.length <= shapes[s].walk);
                assert_int_equal(a.length, optimal_length(&start, &goal));
                /* after the hint, the optimum is one less */
                if (a.length > 0) {
                    assert_int_equal(slide_board_move(&start, a.moves[0]), SLIDE_OK);
                    assert_int_equal(optimal_length(&start, &goal), a.length - 1);
                }
            }
            game_answer_free(&a);
            slide_board_free(&start);
        }
        stop_solver(&f);
        slide_board_free(&goal);
    }
}

static void solver_keeps_only_the_newest_waiting_request(void **state)
{
    (void)state;
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 3, 3), SLIDE_OK);
    solver_fixture f = start_solver(&goal);
    slide_board boards[3] = {testkit_board("8 6 7 2 5 4 3 x 1", 0, 0),
                             testkit_board("6 4 7 8 5 x 3 2 1", 0, 0),
                             testkit_board("1 2 3 4 5 6 7 x 8", 0, 0)};
    unsigned long ids[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(game_solver_request(f.solver, &boards[i], &ids[i]), SLIDE_OK);
    assert_true(ids[0] < ids[1] && ids[1] < ids[2]);
    /* answers come in request order and end with the newest; one replaced never comes */
    unsigned long last = 0;
    int answered = 0;
    while (last != ids[2]) {
        game_answer a;
        game_solver_wait(f.solver, &a);
        assert_true(a.id > last);
        last = a.id;
        int which = a.id == ids[0] ? 0 : a.id == ids[1] ? 1 : 2;
        assert_true(slide_board_equal(&a.from, &boards[which]));
        testkit_assert_solves(&boards[which], &goal, a.moves);
        game_answer_free(&a);
        answered++;
    }
    assert_true(answered >= 1 && answered <= 3);
    game_solver_state st;
    game_solver_state_get(f.solver, &st);
    assert_false(st.busy);
    stop_solver(&f);
    for (int i = 0; i < 3; i++)
        slide_board_free(&boards[i]);
    slide_board_free(&goal);
}

static void solver_can_be_freed_while_it_searches(void **state)
{
    (void)state;
    /* a board that takes IDA* a while: the thread finishes it and frees itself */
    slide_board goal;
    assert_int_equal(slide_board_init_goal(&goal, 4, 4), SLIDE_OK);
    game_solver *s;
    assert_int_equal(game_solver_create(&s, &goal, -1), SLIDE_OK);
    slide_board start = testkit_board("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", 0, 0);
    unsigned long id;
    assert_int_equal(game_solver_request(s, &start, &id), SLIDE_OK);
    assert_int_equal(game_solver_request(s, &start, &id), SLIDE_OK);
    game_solver_free(s);
    /* and one freed idle */
    assert_int_equal(game_solver_create(&s, &goal, -1), SLIDE_OK);
    game_solver_free(s);
    slide_board_free(&start);
    slide_board_free(&goal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(arrows_in_both_conventions),
    cmocka_unit_test(moves_off_the_board_are_refused),
    cmocka_unit_test(undo_walks_back_to_the_start),
    cmocka_unit_test(win_and_tiles_at_home),
    cmocka_unit_test(clicks_slide_every_tile_between),
    cmocka_unit_test(every_size_fits_80x24_and_clicks_map_back),
    cmocka_unit_test(plans_give_hints_while_the_board_is_on_them),
    cmocka_unit_test(solver_hints_are_optimal_on_3x3),
    cmocka_unit_test(solver_hints_on_4x4_and_strategy_above_16_cells),
    cmocka_unit_test(solver_keeps_only_the_newest_waiting_request),
    cmocka_unit_test(solver_can_be_freed_while_it_searches),
};

TESTKIT_MAIN(tests)
