/*
 * boards.c - the start and goal boards `slide play` and `slide show` read
 * from their arguments (see game.h).
 */
#include "cli/base/base.h"
#include "cli/game/game.h"

#include <string.h>

int cli_read_start_goal(const char *command, const char *start_text, const char *goal_text,
                        int rows, int cols, slide_board *start, slide_board *goal)
{
    memset(start, 0, sizeof *start);
    memset(goal, 0, sizeof *goal);
    if (goal_text) {
        if (cli_parse_board_arg(command, "--goal", goal_text, rows, cols, goal) != 0)
            return EXIT_USAGE;
        rows = goal->rows;
        cols = goal->cols;
    }
    if (start_text) {
        if (cli_parse_board_arg(command, "BOARD", start_text, rows, cols, start) != 0) {
            slide_board_free(goal);
            return EXIT_FAILED_BOARD;
        }
        rows = start->rows;
        cols = start->cols;
    }
    if (!goal->cells && slide_board_init_goal(goal, rows, cols) != SLIDE_OK) {
        cli_error("out of memory");
        slide_board_free(start);
        return EXIT_FAILED_BOARD;
    }
    if (start->cells && !slide_solvable(start, goal)) {
        cli_error(
            "%s: BOARD cannot reach the goal (the parity of its permutation is the other one)",
            command);
        slide_board_free(start);
        slide_board_free(goal);
        return EXIT_FAILED_BOARD;
    }
    return 0;
}
