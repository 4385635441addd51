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
    slide_parse_error err = slide_parse_error_init();
    char where[64];
    memset(start, 0, sizeof *start);
    memset(goal, 0, sizeof *goal);
    if (goal_text) {
        slide_parse_options popt = slide_parse_options_init();
        popt.rows = rows;
        popt.cols = cols;
        if (slide_board_parse(goal_text, strlen(goal_text), &popt, goal, &err) != SLIDE_OK) {
            snprintf(where, sizeof where, "%s: --goal", command);
            cli_report_parse_error(where, &err);
            return EXIT_USAGE;
        }
        rows = goal->rows;
        cols = goal->cols;
    }
    if (start_text) {
        slide_parse_options popt = slide_parse_options_init();
        popt.rows = rows;
        popt.cols = cols;
        if (slide_board_parse(start_text, strlen(start_text), &popt, start, &err) != SLIDE_OK) {
            snprintf(where, sizeof where, "%s: BOARD", command);
            cli_report_parse_error(where, &err);
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
