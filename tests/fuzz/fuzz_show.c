/*
 * fuzz_show.c - `slide show BOARD MOVES` up to the terminal: the board and
 * goal, and MOVES read through the shared bounded reader (cli_reader,
 * src/cli/base/reader.c) from the argument, stdin or a file, checked byte
 * by byte and capped at SHOW_MAX_MOVES, then replayed.  stdout is not a
 * terminal here, so the command stops there (status 2), as it does in a
 * pipe; what it read must not crash, leak or overrun on the way.
 *
 * The rest after the first byte is BOARD (its first line), then MOVES.
 * First byte: bits 0-1 where MOVES comes from: 0 the argument (the second
 * line), 1 stdin and 2 a file (the rest of the input), 3 a path that names
 * no file; bit 2 --size 3x2; bit 3 --goal, the board's own second line
 * (MOVES then starts after it); bit 6 stretches MOVES (fuzz_stretch, the
 * next byte picks the length: across the reader's parts, past
 * SHOW_MAX_MOVES, without a newline).
 */
#include "fuzz.h"

#include "cli/base/base.h"
#include "cli/base/text.h"
#include "cli/commands.h"

#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    int stretch = (mode & 0x40) && size >= 2;
    const uint8_t *rest = data + 1 + stretch;
    size_t len = size - 1 - (size_t)stretch;
    /* FUZZ_SHOW_OUTPUT=1 on a terminal would start the show and wait for keys */
    const char *show = getenv("FUZZ_SHOW_OUTPUT");
    if (show && *show == '1' && isatty(STDOUT_FILENO))
        return 0;

    const uint8_t *parts[3];
    size_t lens[3];
    int goal = (mode & 8) != 0;
    int n = fuzz_split(rest, len, "\n", parts, lens, goal ? 3 : 2);
    char *board = fuzz_string(parts[0], lens[0]);
    char *goal_text = goal && n > 2 ? fuzz_string(parts[1], lens[1]) : NULL;
    const uint8_t *moves = n > 1 ? parts[n - 1] : rest + len;
    size_t moves_len = n > 1 ? lens[n - 1] : 0;
    uint8_t *long_moves = NULL;
    if (stretch) {
        long_moves = fuzz_stretch(moves, moves_len, data[1], &moves_len);
        moves = long_moves;
    }

    const char *argv[12] = {"slide", "show", "--delay", "0.001"};
    int argc = 4;
    if (mode & 4) {
        argv[argc++] = "--size";
        argv[argc++] = "3x2";
    }
    if (goal_text) {
        argv[argc++] = "--goal";
        argv[argc++] = goal_text;
    }
    argv[argc++] = board;
    char *moves_arg = NULL;
    switch (mode & 3) {
    case 0:
        moves_arg = fuzz_string(moves, moves_len);
        argv[argc++] = moves_arg;
        fuzz_run_command(cli_show, argc, argv, NULL, 0);
        break;
    case 1:
        argv[argc++] = "-";
        fuzz_run_command(cli_show, argc, argv, moves, moves_len);
        break;
    case 2:
        argv[argc++] = fuzz_write_file(0, "moves.txt", moves, moves_len);
        fuzz_run_command(cli_show, argc, argv, NULL, 0);
        break;
    default:
        argv[argc++] = "no-such-dir/moves.txt";
        fuzz_run_command(cli_show, argc, argv, moves, moves_len);
        break;
    }
    free(moves_arg);
    free(long_moves);
    free(goal_text);
    free(board);
    return 0;
}
