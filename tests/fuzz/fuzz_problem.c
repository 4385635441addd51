/*
 * fuzz_problem.c - `slide solve --problem NAME`: every judge preset's input
 * framing (counted cases, pairs of lines, bracketed lists, cells across
 * lines).  The first byte picks the preset; the rest is stdin.  When the
 * first byte's bit 6 is set, the next byte stretches stdin's first line
 * (fuzz_stretch: long lines, past the input limit, without a newline).
 */
#include "fuzz.h"

#include "cli/base/base.h"
#include "cli/commands.h"

#include <stdlib.h>

static const char *const problems[] = {
    "poj1077",     "hdu1043",     "zoj1217", "acwing179", "uva652",  "acwing845",
    "leetcode773", "lintcode794", "lanqiao", "luogu1379", "uva10181"};

#define PROBLEM_COUNT (sizeof problems / sizeof problems[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *argv[] = {"slide",     "solve", "--problem",    problems[data[0] % PROBLEM_COUNT],
                          "--timeout", "0.02",  "--max-memory", "16M"};
    if ((data[0] & 0x40) && size >= 2) {
        size_t long_len;
        uint8_t *long_input = fuzz_stretch(data + 2, size - 2, data[1], &long_len);
        fuzz_run_command(cli_solve, (int)(sizeof argv / sizeof argv[0]), argv, long_input,
                         long_len);
        free(long_input);
        return 0;
    }
    fuzz_run_command(cli_solve, (int)(sizeof argv / sizeof argv[0]), argv, data + 1, size - 1);
    return 0;
}
