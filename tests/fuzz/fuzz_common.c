/* fuzz_common.c - see fuzz.h. */
#include "fuzz.h"

#include "cli/base/base.h"
#include "cli/base/text.h"
#include "cli/batch/batch.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_SANITIZED 1
#endif
#ifdef FUZZ_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

static char scratch[512];
static int devnull_fd = -1, saved_out = -1, saved_err = -1, input_fd = -1;
static char slot_path[4][700];

static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static void remove_scratch(void)
{
    if (scratch[0])
        remove_tree(scratch);
}

static void die(const char *what)
{
    perror(what);
    abort();
}

const char *fuzz_scratch_dir(void)
{
    if (scratch[0])
        return scratch;
    /*
     * In memory when there is a tmpfs (/dev/shm): every input rewrites
     * stdin's file and the files under test, and on a disk file system each
     * rewrite is a write-back (ext4 flushes a file truncated and written
     * again on close), which made the disk the fuzzers' bottleneck.
     */
    const char *tmp = getenv("TMPDIR");
    struct stat shm;
    if (!tmp || !*tmp)
        tmp = stat("/dev/shm", &shm) == 0 && S_ISDIR(shm.st_mode) && access("/dev/shm", W_OK) == 0
                  ? "/dev/shm"
                  : "/tmp";
    snprintf(scratch, sizeof scratch, "%s/slide-fuzz-XXXXXX", tmp);
    if (!mkdtemp(scratch))
        die("mkdtemp");
    atexit(remove_scratch);
    char cache[600];
    snprintf(cache, sizeof cache, "%s/cache", scratch);
    /* the user's cache stays untouched, and tables of 3 tiles build in microseconds */
    setenv("SLIDE_CACHE_DIR", cache, 1);
    setenv("SLIDE_PDB_MAX_GROUP", "3", 1);
    char input[600];
    snprintf(input, sizeof input, "%s/stdin", scratch);
    input_fd = open(input, O_RDWR | O_CREAT | O_TRUNC, 0600);
    devnull_fd = open("/dev/null", O_WRONLY);
    saved_out = dup(1);
    saved_err = dup(2);
    if (input_fd < 0 || devnull_fd < 0 || saved_out < 0 || saved_err < 0)
        die("fuzz set-up");
#ifdef FUZZ_SANITIZED
    /* a sanitizer report during a command must not vanish into /dev/null */
    __sanitizer_set_report_fd((void *)(intptr_t)saved_err);
#endif
    return scratch;
}

/* Makes the file data[0..len): written over the old bytes, then cut to len (never to 0 first). */
static void write_all_at(int fd, const uint8_t *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t put = pwrite(fd, data + done, len - done, (off_t)done);
        if (put <= 0)
            die("pwrite");
        done += (size_t)put;
    }
    if (ftruncate(fd, (off_t)len) != 0)
        die("ftruncate");
}

const char *fuzz_write_file(int slot, const char *name, const uint8_t *data, size_t len)
{
    fuzz_scratch_dir();
    snprintf(slot_path[slot], sizeof slot_path[slot], "%s/%s", scratch, name);
    int fd = open(slot_path[slot], O_RDWR | O_CREAT, 0600);
    if (fd < 0)
        die("open");
    write_all_at(fd, data, len);
    close(fd);
    return slot_path[slot];
}

int fuzz_run_command(int (*command)(int, char **), int argc, const char *const *argv,
                     const uint8_t *input, size_t len)
{
    char *args[64];
    fuzz_scratch_dir();
    if (argc > 63)
        argc = 63;
    for (int i = 0; i < argc; i++)
        args[i] = strdup(argv[i]);
    args[argc] = NULL;

    write_all_at(input_fd, input, len);
    fflush(stdout);
    fflush(stderr);
    /* FUZZ_SHOW_OUTPUT=1 keeps the command's output, to see what a saved input does */
    const char *show = getenv("FUZZ_SHOW_OUTPUT");
    int sink = show && *show == '1' ? -1 : devnull_fd;
    if (dup2(input_fd, 0) < 0 || lseek(0, 0, SEEK_SET) != 0 ||
        (sink >= 0 && (dup2(sink, 1) < 0 || dup2(sink, 2) < 0)))
        die("dup2");
    /* stdio keeps state across runs: drop what the last one buffered or flagged */
    fseek(stdin, 0, SEEK_SET);
    clearerr(stdin);
    clearerr(stdout);
    clearerr(stderr);

    int status = command(argc, args);
    if (sink < 0)
        fprintf(stderr, "[exit status %d]\n", status);

    fflush(stdout);
    fflush(stderr);
    clearerr(stdout);
    clearerr(stderr);
    if (dup2(saved_out, 1) < 0 || dup2(saved_err, 2) < 0)
        die("dup2");
    for (int i = 0; i < argc; i++)
        free(args[i]);
    return status;
}

int fuzz_split(const uint8_t *data, size_t len, const char *sep, const uint8_t **parts,
               size_t *lens, int max)
{
    size_t sep_len = strlen(sep), begin = 0;
    int count = 0;
    for (size_t i = 0; count < max - 1 && i + sep_len <= len; i++) {
        if (memcmp(data + i, sep, sep_len) != 0)
            continue;
        parts[count] = data + begin;
        lens[count++] = i - begin;
        begin = i + sep_len;
        i = begin - 1;
    }
    parts[count] = data + begin;
    lens[count++] = len - begin;
    return count;
}

char *fuzz_string(const uint8_t *data, size_t len)
{
    const uint8_t *nul = memchr(data, 0, len);
    if (nul)
        len = (size_t)(nul - data);
    char *s = malloc(len + 1);
    if (!s)
        abort();
    memcpy(s, data, len);
    s[len] = '\0';
    return s;
}

uint8_t *fuzz_stretch(const uint8_t *data, size_t len, uint8_t how, size_t *out_len)
{
    /*
     * Around the batch's block (CLI_BLOCK_BYTES) and the line limit, whose
     * fuzz build makes them 4 KiB and 16 KiB (CMakeLists.txt) so that no
     * stretched input takes long; the ctest replay runs them at full size.
     */
    const size_t block = CLI_BLOCK_BYTES, limit = CLI_MAX_LINE_BYTES;
    const size_t lengths[16] = {100,       300,           1000,          2000,
                                4095,      4096,          4097,          8192,
                                limit / 2, limit - block, limit - 1,     2 * block + 1,
                                block / 2, block - 1,     block,         block + 1};
    size_t target = how == 0xFF   ? limit + 1
                    : how == 0xFE ? limit
                    : how == 0xFD ? 3 * block + 7 /* a line that doubles the buffer twice */
                                  : lengths[how % 16];
    size_t line = 0;
    while (line < len && data[line] != '\n' && data[line] != '\r')
        line++;
    static const uint8_t filler[] = "7 ";
    const uint8_t *piece = line ? data : filler;
    size_t piece_len = line ? line : sizeof filler - 1;
    uint8_t *out = malloc(target + (len - line));
    if (!out)
        abort();
    for (size_t done = 0; done < target;) {
        size_t n = target - done < piece_len ? target - done : piece_len;
        memcpy(out + done, piece, n);
        done += n;
        /* doubling copies keep a 40 MB line quick */
        if (done < target && done >= piece_len) {
            piece = out;
            piece_len = done;
        }
    }
    memcpy(out + target, data + line, len - line);
    *out_len = target + (len - line);
    return out;
}
