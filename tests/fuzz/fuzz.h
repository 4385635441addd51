/*
 * fuzz.h - what the libFuzzer harnesses share: the entry point libFuzzer
 * calls, and running a `slide` command in-process on fuzzed stdin and files.
 *
 * Each harness is built twice: with clang and libFuzzer for fuzzing
 * (SLIDE_FUZZ=ON, tests/fuzz/run.sh), and with the ordinary compiler and
 * replay.c's main for ctest, which feeds it every file of its seed corpus
 * and of tests/fuzz/regressions so that old crashes stay fixed.
 */
#ifndef SLIDE_FUZZ_H
#define SLIDE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Runs command(argc, argv) (cli_solve, cli_check ...) with stdin holding
 * input[0..len) and stdout and stderr sent to /dev/null, then restores the
 * process's streams.  argv[0] is "slide" and argv[1] the command name, as
 * main passes them.  Returns the command's exit status.
 */
int fuzz_run_command(int (*command)(int, char **), int argc, const char *const *argv,
                     const uint8_t *input, size_t len);

/*
 * A scratch directory for the whole run (created once, under $TMPDIR, else
 * /dev/shm, in memory, else /tmp), with SLIDE_CACHE_DIR pointing into it and
 * small automatic pattern database groups, so that no harness writes to the
 * user's cache or spends seconds building a table.
 */
const char *fuzz_scratch_dir(void);

/* Writes data to dir/name (replacing it); returns the path (static buffer per slot 0-3). */
const char *fuzz_write_file(int slot, const char *name, const uint8_t *data, size_t len);

/*
 * Splits data at the separator sep (not found: one part).  Fills up to max
 * parts' starts and lengths and returns how many there are.
 */
int fuzz_split(const uint8_t *data, size_t len, const char *sep, const uint8_t **parts,
               size_t *lens, int max);

/* data[0..len) as a NUL-terminated string in a new buffer (cut at the first NUL). */
char *fuzz_string(const uint8_t *data, size_t len);

/*
 * The long-line shapes an input of a few KiB cannot take by itself: data's
 * first line (up to its first LF or CR; all of data when there is none: a
 * line with no newline) repeated until it is a length `how` picks, then the
 * rest of data from that line end on, in a new buffer of *out_len bytes the
 * caller frees.  The lengths sit at the reader's edges: around 4 KiB, the
 * batch's block (CLI_BLOCK_BYTES: a line end there lands on the last byte
 * of a read) and the line limit (CLI_MAX_LINE_BYTES); how 0xFD gives a line
 * that doubles the buffer twice, 0xFE and 0xFF the line limit and one byte
 * past it.  The fuzz build makes the block 4 KiB and the limit 16 KiB
 * (CMakeLists.txt), so that no input takes long; the ctest replay of the
 * seeds runs them at full size (1 MiB, 40 MB).
 */
uint8_t *fuzz_stretch(const uint8_t *data, size_t len, uint8_t how, size_t *out_len);

#endif
