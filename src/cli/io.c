/* io.c - messages, buffered output and line input for the slide command. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("slide: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
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

void cli_report_parse_error(const char *where, const slide_parse_error *err)
{
    char message[CLI_MESSAGE_SIZE];
    fputs("slide: ", stderr);
    if (where)
        fputs(where, stderr);
    if (err->cell > 0)
        fprintf(stderr, "%scell %ld", where ? ", " : "", err->cell);
    else if (err->column > 0)
        fprintf(stderr, "%scolumn %ld", where ? ", " : "", err->column);
    fprintf(stderr, "%s%s\n", where || err->cell > 0 || err->column > 0 ? ": " : "",
            cli_parse_message(err, message, sizeof message));
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
        return 1;
    }
    return 0;
}

/* The shape slide_board_parse would infer for this many cells, R <= C. */
static int inferred_rows(long cells)
{
    int best = 0;
    for (long r = 2; r * r <= cells; r++)
        if (cells % r == 0)
            best = (int)r;
    return best;
}

void cli_write_board_spaced(FILE *f, const slide_board *b)
{
    long n = (long)b->rows * b->cols;
    int marks = inferred_rows(n) != b->rows;
    char tmp[16];
    for (long i = 0; i < n; i++) {
        if (i > 0)
            fputc(marks && i % b->cols == 0 ? '/' : ' ', f);
        if (b->cells[i] == 0) {
            fputc('x', f);
        } else {
            /* hand-rolled: large boards print millions of numbers */
            uint32_t v = b->cells[i];
            int k = (int)sizeof tmp;
            do {
                tmp[--k] = (char)('0' + v % 10);
                v /= 10;
            } while (v);
            fwrite(tmp + k, 1, sizeof tmp - (size_t)k, f);
        }
    }
}
