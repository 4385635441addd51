/*
 * fuzz_solve.c - `slide solve` in-process: batch line framing on stdin, the
 * fast path, --pairs, threads, every output format, and option values.
 *
 * The first byte picks one of the fixed option sets below.  When its top
 * bit is set, the input starts with extra arguments, one a line, up to an
 * empty line; the rest is stdin.  When its bit 6 is set, the next byte
 * stretches stdin's first line (fuzz_stretch: a line across a read or a
 * block, past the line limit, without a newline).  Every run ends with a short --timeout and
 * a small --max-memory, which a fuzzed argument cannot take back (options
 * that would: "--", the limits themselves, threads), so that no input can
 * make a run take seconds.
 */
#include "fuzz.h"

#include "cli/base/base.h"
#include "cli/commands.h"

#include <stdlib.h>
#include <string.h>

/*
 * The first entry of each set is its --max-memory.  A distance table takes
 * long to build under the fuzzer's instrumentation (3x3: 0.4 s, 2x4: ms),
 * so the sets that would build one either fix 2x3 (360 states) or cap the
 * memory below a 2x4 table, which fuzzes the refusal and the search that
 * takes its place instead.  Every input is also held to a 5 ms --timeout
 * (below): an input spends at most that on each of its boards.
 */
static const char *const option_sets[][12] = {
    {"8M", "-a", "table", "--size", "2x3", NULL},
    {"64K", "-o", "steps", NULL},
    {"8M", "-a", "astar", "-o", "json", NULL},
    {"8M", "--pairs", "-o", "steps", "-a", "table", "--size", "2x3", NULL},
    {"8M", "-j", "2", "-a", "table", "--size", "2x3", NULL},
    {"8M", "--size", "2x3", "-a", "bfs", "-o", "path", NULL},
    {"64K", "--goal", "1234/5.67", "-o", "steps", NULL},
    {"8M", "-a", "idastar", "-H", "linear", "--stats", NULL},
    {"8M", "-a", "strategy", "-o", "steps", NULL},
    {"1M", "-a", "bibfs", "--size", "3x4", NULL},
    {"64K", NULL},
    {"8M", "--pairs", "-a", "astar", "-H", "linear", "-o", "json", NULL},
    {"8M", "-a", "idastar", "-H", "pdb", "-o", "steps", NULL},
    {"64K", "-j", "3", "-o", "steps", NULL},
};

#define SET_COUNT (sizeof option_sets / sizeof option_sets[0])
#define MAX_EXTRA 8

/* Arguments that could undo the fixed limits or start many threads. */
static int forbidden(const char *arg)
{
    return strcmp(arg, "--") == 0 || strncmp(arg, "--t", 3) == 0 || strncmp(arg, "--m", 3) == 0 ||
           strncmp(arg, "--j", 3) == 0 || strncmp(arg, "-j", 2) == 0 ||
           strncmp(arg, "--pr", 4) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const char *argv[64] = {"slide", "solve"};
    char *extra[MAX_EXTRA];
    int argc = 2, extras = 0;
    const char *const *set = option_sets[data[0] % SET_COUNT];
    for (int i = 1; set[i]; i++)
        argv[argc++] = set[i];
    /* here and again last: an extra option that takes a value may swallow the last ones */
    argv[argc++] = "--timeout";
    argv[argc++] = "0.005";
    argv[argc++] = "--max-memory";
    argv[argc++] = set[0];
    int stretch = (data[0] & 0x40) && size >= 2;
    const uint8_t *input = data + 1 + stretch;
    size_t len = size - 1 - (size_t)stretch;
    if (data[0] & 0x80) {
        const uint8_t *parts[2];
        size_t lens[2];
        if (fuzz_split(input, len, "\n\n", parts, lens, 2) == 2) {
            const uint8_t *lines[MAX_EXTRA + 1];
            size_t line_lens[MAX_EXTRA + 1];
            int n = fuzz_split(parts[0], lens[0], "\n", lines, line_lens, MAX_EXTRA + 1);
            for (int i = 0; i < n && i < MAX_EXTRA; i++) {
                char *arg = fuzz_string(lines[i], line_lens[i]);
                if (forbidden(arg)) {
                    free(arg);
                    continue;
                }
                extra[extras++] = arg;
                argv[argc++] = arg;
            }
            input = parts[1];
            len = lens[1];
        }
    }
    argv[argc++] = "--timeout";
    argv[argc++] = "0.005";
    argv[argc++] = "--max-memory";
    argv[argc++] = set[0];
    if (stretch) {
        size_t long_len;
        uint8_t *long_input = fuzz_stretch(input, len, data[1], &long_len);
        fuzz_run_command(cli_solve, argc, argv, long_input, long_len);
        free(long_input);
    } else {
        fuzz_run_command(cli_solve, argc, argv, input, len);
    }
    for (int i = 0; i < extras; i++)
        free(extra[i]);
    return 0;
}
