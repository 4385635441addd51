/* io.c - messages, buffered output and boards as text for the slide command. */
#include "cli/base/base.h"
#include "cli/base/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Messages quote what the user typed ("--algo: 'x' is not ..."), which may
 * hold control bytes: an escape sequence would act on the terminal and a
 * newline forge a second message, so those bytes are written as \xNN.
 */
void cli_error(const char *fmt, ...)
{
    char message[2048];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (len < 0)
        len = 0;
    if ((size_t)len >= sizeof message)
        len = sizeof message - 1; /* longer than any message: the quoted values are capped */
    char line[sizeof message * 4 + 16] = "slide: "; /* one write: stderr is unbuffered */
    size_t used = strlen(line);
    for (int i = 0; i < len; i++) {
        unsigned char c = (unsigned char)message[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            used += (size_t)snprintf(line + used, sizeof line - used, "\\x%02X", c);
        else
            line[used++] = (char)c;
    }
    line[used++] = '\n';
    fwrite(line, 1, used, stderr);
}

void cli_warn_environment(void)
{
    int max_group;
    if (slide_pdb_env_max_group(&max_group) != SLIDE_OK)
        cli_error("warning: SLIDE_PDB_MAX_GROUP='%.40s' is not a whole number from 1 to %d; "
                  "ignored, so pattern database groups are chosen automatically",
                  getenv("SLIDE_PDB_MAX_GROUP"), SLIDE_MAX_PACKED_CELLS - 1);
}

const char *cli_advice(int remedy)
{
    switch (remedy) {
    case SLIDE_REMEDY_GIVE_SHAPE: return "give --size RxC or mark rows with '/'";
    case SLIDE_REMEDY_HEURISTIC_LINEAR: return "try --heuristic linear";
    case SLIDE_REMEDY_NO_HEURISTIC: return "drop --heuristic";
    case SLIDE_REMEDY_ALGO_ASTAR: return "try --algo astar";
    case SLIDE_REMEDY_ALGO_IDASTAR: return "try --algo idastar";
    case SLIDE_REMEDY_ALGO_ASTAR_OR_IDASTAR: return "try --algo astar or idastar";
    case SLIDE_REMEDY_ALGO_STRATEGY: return "try --algo strategy";
    case SLIDE_REMEDY_PDB_BUILD:
        return "`slide pdb build` makes later searches faster (add --size and --goal for "
               "another puzzle)";
    case SLIDE_REMEDY_ALGO_BEAM: return "try --algo beam";
    case SLIDE_REMEDY_NO_WEIGHT: return "drop --weight";
    case SLIDE_REMEDY_AUTO_NO_WEIGHT: return "drop --algo and --weight";
    default: return "";
    }
}

const char *cli_parse_message(const slide_parse_error *err, char *buf, size_t size)
{
    const char *advice = cli_advice(err->remedy);
    snprintf(buf, size, "%s%s%s", err->message, advice[0] ? "; " : "", advice);
    return buf;
}

const char *cli_solve_note(const slide_stats *st, int status, char *buf, size_t size)
{
    const char *advice = cli_advice(st->remedy);
    int refused = status == SLIDE_E_TOO_LARGE || status == SLIDE_E_ARGUMENT;
    if (!advice[0])
        snprintf(buf, size, "%s", st->note);
    else if (refused)
        snprintf(buf, size, "%s (%s)", st->note, advice);
    else
        snprintf(buf, size, "%s; %s", st->note, advice);
    return buf;
}

const char *cli_not_optimal(const slide_stats *st, int status, char *buf, size_t size)
{
    if (status != SLIDE_OK || st->optimal)
        snprintf(buf, size, "%s", "");
    else if (st->lower_bound)
        snprintf(buf, size, ", not optimal: at least %llu moves",
                 (unsigned long long)st->lower_bound);
    else
        snprintf(buf, size, ", not optimal");
    return buf;
}

int cli_parse_board_arg(const char *command, const char *what, const char *text, int rows, int cols,
                        slide_board *out)
{
    slide_parse_options popt = slide_parse_options_init();
    popt.rows = rows;
    popt.cols = cols;
    slide_parse_error err = slide_parse_error_init();
    if (slide_board_parse(text, strlen(text), &popt, out, &err) == SLIDE_OK)
        return 0;
    char message[CLI_MESSAGE_SIZE];
    fprintf(stderr, "slide: %s: %s", command, what);
    if (err.cell > 0)
        fprintf(stderr, ", cell %ld", err.cell);
    else if (err.column > 0)
        fprintf(stderr, ", column %ld", err.column);
    fprintf(stderr, ": %s\n", cli_parse_message(&err, message, sizeof message));
    return -1;
}

const char *cli_article(unsigned long n)
{
    while (n >= 1000)
        n /= 1000; /* its first group is read first: "eleven thousand", "eighty thousand" */
    return n == 8 || n == 11 || n == 18 || (n >= 80 && n <= 89) || (n >= 800 && n <= 899) ? "an"
                                                                                        : "a";
}

const char *cli_format_bytes(size_t bytes, char *buf, size_t size)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(buf, size, "%zu B", bytes);
    else
        snprintf(buf, size, "%.1f %s", v, units[u]);
    return buf;
}

const char *cli_describe_char(char c, char *buf, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02X", u);
    return buf;
}

int cli_stdout_flushed(int status, int failure)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    if (errno != EPIPE)
        cli_error("error writing output: %s", strerror(errno ? errno : EIO));
    return status == 0 || failure == EXIT_JUDGE_FAILURE ? failure : status;
}

void cli_out_init(cli_out *out, FILE *file)
{
    struct stat st;
    out->file = file;
    out->failed = 0;
    /* A regular file (or /dev/null) has no reader waiting for each line. */
    out->flush_each_line = !(fstat(fileno(file), &st) == 0 && (S_ISREG(st.st_mode) || S_ISCHR(st.st_mode))) ||
                           isatty(fileno(file));
}

void cli_out_line_done(cli_out *out)
{
    if (out->flush_each_line && fflush(out->file) != 0)
        out->failed = 1;
}

int cli_out_close(cli_out *out)
{
    if (fflush(out->file) != 0 || ferror(out->file) || out->failed) {
        if (errno != EPIPE)
            cli_error("error writing output: %s", strerror(errno ? errno : EIO));
        return EXIT_WRITE_FAILED;
    }
    return 0;
}

/* ------------------------------------------------------ files written whole */

int cli_file_open(cli_file *f, const char *dir, const char *name, char *reason, size_t size)
{
    static atomic_uint serial; /* the threads of a batch each take their own temporary */
    int fd = -1;
    f->file = NULL;
    int len = snprintf(f->path, sizeof f->path, "%s/%s", dir, name);
    if (len < 0 || (size_t)len >= sizeof f->path) {
        snprintf(reason, size, "cannot write %.120s/%.60s: %s", dir, name, strerror(ENAMETOOLONG));
        return -1;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(reason, size, "cannot make %.120s: %s", dir, strerror(errno));
        return -1;
    }
    /* O_EXCL: never a file (or a link) that is already there; the umask applies to 0666 */
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(f->temp, sizeof f->temp, "%s/.%s.tmp.%ld.%u", dir, name, (long)getpid(),
                 atomic_fetch_add(&serial, 1));
        fd = open(f->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd >= 0 && !(f->file = fdopen(fd, "w"))) {
        int saved = errno;
        close(fd);
        unlink(f->temp);
        errno = saved;
    }
    if (!f->file) {
        snprintf(reason, size, "cannot write %.200s: %s", f->path, strerror(errno));
        return -1;
    }
    return 0;
}

int cli_file_commit(cli_file *f, char *reason, size_t size)
{
    int failed = fflush(f->file) != 0 || ferror(f->file);
    int saved = errno;
    if (fclose(f->file) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    f->file = NULL;
    if (!failed && rename(f->temp, f->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        unlink(f->temp);
        snprintf(reason, size, "cannot write %.200s: %s", f->path, strerror(saved ? saved : EIO));
        return -1;
    }
    return 0;
}

void cli_file_discard(cli_file *f)
{
    if (f->file)
        fclose(f->file);
    f->file = NULL;
    unlink(f->temp);
}

/* ------------------------------------------------------- boards as text */

/*
 * Where a board's text goes, a piece at a time: a file, through a block of
 * its own (large boards print millions of numbers, so not a stdio call a
 * cell), or a caller's buffer that may cut it short.
 */
typedef struct board_out {
    FILE *file; /* NULL: buf is the caller's */
    char *buf;
    size_t size;
    size_t used;
    int cut; /* the caller's buffer is full: "..." is written, the rest dropped */
} board_out;

static void board_put(board_out *o, const char *piece, size_t len)
{
    if (o->file) {
        if (o->used + len > o->size) {
            fwrite(o->buf, 1, o->used, o->file);
            o->used = 0;
        }
    } else if (o->cut || o->used + len + 4 > o->size) {
        /* the piece would leave no room for "..." and the NUL */
        if (!o->cut && o->used + 4 <= o->size)
            memcpy(o->buf + o->used, "...", 4);
        o->cut = 1;
        return;
    }
    memcpy(o->buf + o->used, piece, len);
    o->used += len;
    if (!o->file)
        o->buf[o->used] = '\0';
}

/* v in decimal, right-aligned in width columns, at out; returns its length. */
static size_t decimal(char *out, uint32_t v, size_t width)
{
    char digits[10];
    size_t k = sizeof digits, len = 0;
    do {
        digits[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (size_t pad = sizeof digits - k; pad < width; pad++)
        out[len++] = ' ';
    memcpy(out + len, digits + k, sizeof digits - k);
    return len + sizeof digits - k;
}

/* b in form to o: each cell with the separator before it, then the form's ending. */
static void board_text(board_out *o, const slide_board *b, int form)
{
    size_t n = (size_t)b->rows * (size_t)b->cols, cols = (size_t)b->cols, width = 0;
    int rows = 0, inferred_cols;
    int marks = form == CLI_BOARD_MARKED ||
                ((form == CLI_BOARD_SPACED || form == CLI_BOARD_COMPACT) &&
                 (slide_infer_shape(n, &rows, &inferred_cols) != SLIDE_OK || rows != b->rows));
    if (form == CLI_BOARD_GRID) {
        width = 1;
        for (size_t largest = n - 1; largest >= 10; largest /= 10)
            width++;
    }
    for (size_t i = 0; i < n; i++) {
        char piece[32];
        size_t len = 0;
        uint32_t v = b->cells[i];
        int row_start = i % cols == 0;
        if (form == CLI_BOARD_JSON) {
            const char *sep = i == 0 ? "[[" : row_start ? "],[" : ",";
            len = strlen(sep);
            memcpy(piece, sep, len);
        } else if (i > 0 && form != CLI_BOARD_COMPACT) {
            piece[len++] = !row_start ? ' ' : form == CLI_BOARD_GRID ? '\n' : marks ? '/' : ' ';
        } else if (i > 0 && row_start && marks) {
            piece[len++] = ' '; /* compact rows: "12 34 50", each token of two or more a row */
        }
        if (form == CLI_BOARD_COMPACT) {
            piece[len++] = v < 16 ? "0123456789abcdef"[v] : '?';
        } else if (v == 0 && form != CLI_BOARD_JSON) {
            for (size_t pad = 1; pad < width; pad++)
                piece[len++] = ' ';
            piece[len++] = 'x';
        } else {
            len += decimal(piece + len, v, width);
        }
        board_put(o, piece, len);
    }
    if (form == CLI_BOARD_JSON)
        board_put(o, "]]", 2);
    else if (form == CLI_BOARD_GRID)
        board_put(o, "\n", 1);
}

void cli_write_board(FILE *f, const slide_board *b, int form)
{
    char block[4096];
    board_out o = {f, block, sizeof block, 0, 0};
    board_text(&o, b, form);
    fwrite(block, 1, o.used, f);
}

const char *cli_format_board(const slide_board *b, int form, char *buf, size_t size)
{
    board_out o = {NULL, buf, size, 0, 0};
    buf[0] = '\0';
    board_text(&o, b, form);
    return buf;
}
