/*
 * fuzz_check.c - `slide check`, the special judge, on fuzzed answers.
 *
 * First byte even: `slide check [options] BOARD MOVES`, the board and the
 * moves being the first two lines of the rest, options from the byte's
 * bits (bit 3 --goal, the third line; else bit 4 --size: the third line
 * when there is one, the shape a stretched board must be told, 4x3 or
 * 2x6, else 3x3 or, with bit 5, 3x2); with bit 7 set MOVES is `-`, the
 * rest after the board on stdin.
 * Odd: `slide check --problem NAME INPUT OUTPUT [ANSWER]`, the rest cut at
 * "\n--\n" into the input file, the contestant's output and the jury's
 * answer; with bit 1 set the Kattis form, the output on stdin.  Bit 6 adds
 * --strict to either.
 */
#include "fuzz.h"

#include "cli/base/base.h"
#include "cli/commands.h"

#include <stdlib.h>

static const char *const problems[] = {
    "poj1077",     "hdu1043",     "zoj1217", "acwing179", "uva652",  "acwing845",
    "leetcode773", "lintcode794", "lanqiao", "luogu1379", "uva10181"};

#define PROBLEM_COUNT (sizeof problems / sizeof problems[0])

static void check_single(uint8_t mode, const uint8_t *data, size_t size)
{
    const uint8_t *parts[3];
    size_t lens[3];
    int n = fuzz_split(data, size, "\n", parts, lens, 3);
    char *board = fuzz_string(parts[0], lens[0]);
    char *moves = fuzz_string(n > 1 ? parts[1] : parts[0], n > 1 ? lens[1] : 0);
    char *goal = n > 2 ? fuzz_string(parts[2], lens[2]) : NULL;
    const char *argv[16] = {"slide", "check", "--timeout", "0.005", "--max-memory", "16M"};
    int argc = 6;
    if (mode & 2)
        argv[argc++] = "--optimal";
    if (mode & 4) {
        argv[argc++] = "--max-moves";
        argv[argc++] = "30";
    }
    if ((mode & 8) && goal) {
        argv[argc++] = "--goal";
        argv[argc++] = goal;
    } else if (mode & 16) {
        argv[argc++] = "--size";
        argv[argc++] = goal ? goal : mode & 32 ? "3x2" : "3x3";
    }
    if (mode & 64)
        argv[argc++] = "--strict";
    argv[argc++] = board;
    if (mode & 128) {
        argv[argc++] = "-";
        size_t skip = lens[0] < size ? lens[0] + 1 : size;
        fuzz_run_command(cli_check, argc, argv, data + skip, size - skip);
    } else {
        argv[argc++] = moves;
        fuzz_run_command(cli_check, argc, argv, NULL, 0);
    }
    free(board);
    free(moves);
    free(goal);
}

static void check_files(uint8_t mode, const uint8_t *data, size_t size)
{
    if (size < 1)
        return;
    const char *problem = problems[data[0] % PROBLEM_COUNT];
    const uint8_t *parts[3];
    size_t lens[3];
    int n = fuzz_split(data + 1, size - 1, "\n--\n", parts, lens, 3);
    const char *input = fuzz_write_file(0, "input", parts[0], lens[0]);
    const char *output = fuzz_write_file(1, "output", n > 1 ? parts[1] : parts[0], n > 1 ? lens[1] : 0);
    const char *argv[16] = {"slide", "check", "--timeout", "0.005", "--max-memory", "16M",
                            "--problem", problem};
    int argc = 8;
    if (mode & 4)
        argv[argc++] = "--optimal";
    if (mode & 64)
        argv[argc++] = "--strict";
    if ((mode & 2) && n > 2) {
        const char *answer = fuzz_write_file(2, "answer", parts[2], lens[2]);
        argv[argc++] = "--kattis";
        argv[argc++] = input;
        argv[argc++] = answer;
        argv[argc++] = fuzz_scratch_dir();
        fuzz_run_command(cli_check, argc, argv, parts[1], lens[1]);
        return;
    }
    argv[argc++] = input;
    argv[argc++] = output;
    if (n > 2)
        argv[argc++] = fuzz_write_file(2, "answer", parts[2], lens[2]);
    fuzz_run_command(cli_check, argc, argv, NULL, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] & 1)
        check_files(data[0], data + 1, size - 1);
    else
        check_single(data[0], data + 1, size - 1);
    return 0;
}
