/*
 * split.c - one optimal IDA* search cut into pieces that other processes
 * search (the slide_split_* functions of slide.h).
 *
 * Each call is a slide_solve of idastar with a job (search.h, ida_job):
 * the IDA* driver then runs no iterations but the one piece asked for,
 * with the walk and the node loops the threads of one search use, so the
 * subtrees are exactly theirs and the answer of the lowest subtree that
 * holds one is the one-thread string.  The tables' fingerprint comes with
 * every piece, so that a driver can refuse work done with other tables.
 */
#include "core/abi.h"
#include "search/search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* The subtrees emitted so far: prefixes as letters, NUL-terminated, end to end. */
typedef struct split_list {
    char *text;
    size_t len;
    size_t cap;
    size_t count;
} split_list;

static int emit_subtree(void *ctx, const uint8_t *prefix, unsigned length)
{
    split_list *list = ctx;
    if (list->len + length + 1 > list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 4096;
        while (cap < list->len + length + 1)
            cap *= 2;
        char *bigger = realloc(list->text, cap);
        if (!bigger)
            return SLIDE_E_NOMEM;
        list->text = bigger;
        list->cap = cap;
    }
    for (unsigned i = 0; i < length; i++)
        list->text[list->len++] = slide_move_letters[prefix[i]];
    list->text[list->len++] = '\0';
    list->count++;
    return SLIDE_OK;
}

/*
 * The caller's options (checked and copied in, core/abi.h) as those of a
 * piece: one thread (the pieces are the parallelism).  SLIDE_OK or
 * SLIDE_E_ARGUMENT.
 */
static int piece_options(const slide_solve_options *opt, slide_solve_options *piece)
{
    int status = abi_copy_in(piece, sizeof *piece, opt, ABI_MIN_SOLVE_OPTIONS);
    if (piece->threads < 0 || piece->threads > SLIDE_MAX_THREADS)
        status = SLIDE_E_ARGUMENT; /* ignored, but nonsense all the same (slide.h, Arguments) */
    piece->threads = 1;
    piece->sink = NULL;
    piece->count_only = 0;
    return status;
}

static void split_clear(slide_split *out)
{
    memset(out, 0, sizeof *out);
    out->next_bound = SLIDE_SPLIT_NO_BOUND;
}

/* Runs job into solution (SLIDE_OK or a status; solution then to be freed either way). */
static int run(const slide_board *start, const slide_board *goal, const slide_solve_options *opt,
               ida_job *job, slide_solution *solution, slide_stats *stats)
{
    slide_solve_options piece;
    if (piece_options(opt, &piece) != SLIDE_OK) {
        memset(solution, 0, sizeof *solution);
        return SLIDE_E_ARGUMENT;
    }
    return search_run_job(start, goal, &piece, job, solution, stats);
}

/*
 * A job of `kind` that searches nothing (IDA_JOB_BEGIN, IDA_JOB_TABLES):
 * run with *job cleared, what it found left in *job.  SLIDE_OK or a status.
 */
static int run_setup_only(const slide_board *start, const slide_board *goal,
                          const slide_solve_options *opt, int kind, ida_job *job,
                          slide_stats *stats)
{
    memset(job, 0, sizeof *job);
    job->kind = kind;
    slide_solution solution;
    int status = run(start, goal, opt, job, &solution, stats);
    slide_solution_free(&solution);
    return status;
}

int slide_split_begin(const slide_board *start, const slide_board *goal,
                      const slide_solve_options *opt, slide_split *out, slide_stats *stats)
{
    if (!out)
        return SLIDE_E_ARGUMENT;
    split_clear(out);
    ida_job job;
    int status = run_setup_only(start, goal, opt, IDA_JOB_BEGIN, &job, stats);
    if (status == SLIDE_OK) {
        out->start_bound = job.start_bound;
        out->tables = job.tables;
    }
    return status;
}

int slide_split_tables(const slide_board *start, const slide_board *goal,
                       const slide_solve_options *opt, uint64_t *tables, slide_stats *stats)
{
    if (!tables)
        return SLIDE_E_ARGUMENT;
    *tables = 0;
    ida_job job;
    int status = run_setup_only(start, goal, opt, IDA_JOB_TABLES, &job, stats);
    if (status == SLIDE_OK)
        *tables = job.tables;
    return status;
}

/*
 * The subtrees of iteration bound below moves[0 .. length) (none: the
 * whole iteration) into *out, cleared first.  SLIDE_OK or a status.
 */
static int cut(const slide_board *start, const slide_board *goal, const slide_solve_options *opt,
               unsigned bound, const uint8_t *moves, size_t length, size_t want, slide_split *out,
               slide_stats *stats)
{
    split_clear(out);
    if (bound > SLIDE_SPLIT_MAX_BOUND || want == 0 || want > UINT_MAX / 4)
        return SLIDE_E_ARGUMENT;
    split_list list = {NULL, 0, 0, 0};
    ida_job job;
    memset(&job, 0, sizeof job);
    job.kind = IDA_JOB_SPLIT;
    job.bound = bound;
    job.want = (unsigned)want;
    job.prefix = moves;
    job.prefix_length = (unsigned)length;
    job.emit = emit_subtree;
    job.emit_ctx = &list;
    job.next_bound = UINT_MAX;
    slide_solution solution;
    int status = run(start, goal, opt, &job, &solution, stats);
    slide_solution_free(&solution);
    if (status == SLIDE_OK && list.count) {
        /* the pointers, then the letters, in one block */
        char **prefix = malloc(list.count * sizeof *prefix + list.len);
        if (!prefix) {
            status = SLIDE_E_NOMEM;
        } else {
            char *text = (char *)(prefix + list.count);
            memcpy(text, list.text, list.len);
            for (size_t i = 0, at = 0; i < list.count; i++) {
                prefix[i] = text + at;
                at += strlen(text + at) + 1;
            }
            out->prefix = prefix;
            out->count = list.count;
        }
    }
    free(list.text);
    if (status == SLIDE_OK) {
        out->start_bound = job.start_bound;
        out->tables = job.tables;
        out->next_bound = job.next_bound == UINT_MAX ? SLIDE_SPLIT_NO_BOUND : job.next_bound;
    }
    return status;
}

int slide_split_iteration(const slide_board *start, const slide_board *goal,
                          const slide_solve_options *opt, unsigned bound, size_t want,
                          slide_split *out, slide_stats *stats)
{
    if (!out)
        return SLIDE_E_ARGUMENT;
    return cut(start, goal, opt, bound, NULL, 0, want, out, stats);
}

void slide_split_free(slide_split *split)
{
    if (!split)
        return;
    free(split->prefix);
    split_clear(split);
}

/*
 * Reads prefix[0..len) into moves (0-3), checking it against start: each
 * letter a move, legal, not undoing the one before.  SLIDE_OK, or
 * SLIDE_E_BAD_MOVE with the reason in note.
 */
static int read_prefix(const slide_board *start, const char *prefix, size_t len, uint8_t *moves,
                       char *note, size_t note_size)
{
    slide_board board;
    int status = slide_board_copy(&board, start);
    if (status != SLIDE_OK)
        return status;
    for (size_t i = 0; i < len && status == SLIDE_OK; i++) {
        int m = move_of_letter(prefix[i]);
        if (m < 0) {
            snprintf(note, note_size, "move %zu of the prefix is not one of u, d, l, r", i + 1);
            status = SLIDE_E_BAD_MOVE;
        } else if (i > 0 && m == move_inverse(moves[i - 1])) {
            snprintf(note, note_size, "move %zu of the prefix undoes the move before it", i + 1);
            status = SLIDE_E_BAD_MOVE;
        } else if (slide_board_move(&board, prefix[i]) != SLIDE_OK) {
            snprintf(note, note_size, "move %zu of the prefix leaves the board", i + 1);
            status = SLIDE_E_BAD_MOVE;
        }
        moves[i] = (uint8_t)(m < 0 ? 0 : m);
    }
    slide_board_free(&board);
    return status;
}

/*
 * Checks start, bound and prefix[0 .. len) as slide_split_search takes them
 * and reads the prefix into *moves (malloc'd, to free).  SLIDE_OK, or a
 * status with the reason in stats->note.
 */
static int checked_prefix(const slide_board *start, unsigned bound, const char *prefix, size_t len,
                          uint8_t **moves, slide_stats *stats)
{
    *moves = NULL;
    if (!start || (len && !prefix) || bound > SLIDE_SPLIT_MAX_BOUND ||
        slide_board_validate(start, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    if (len > bound) {
        snprintf(stats->note, sizeof stats->note,
                 "the prefix has %zu moves, more than the bound %u", len, bound);
        return SLIDE_E_ARGUMENT;
    }
    *moves = malloc(len ? len : 1);
    if (!*moves)
        return SLIDE_E_NOMEM;
    char note[sizeof stats->note];
    int status = read_prefix(start, prefix, len, *moves, note, sizeof note);
    if (status != SLIDE_OK) {
        free(*moves);
        *moves = NULL;
        if (status == SLIDE_E_BAD_MOVE)
            memcpy(stats->note, note, sizeof note);
    }
    return status;
}

int slide_split_subtree(const slide_board *start, const slide_board *goal,
                        const slide_solve_options *opt, unsigned bound, const char *prefix,
                        size_t len, size_t want, slide_split *out, slide_stats *stats)
{
    if (!out)
        return SLIDE_E_ARGUMENT;
    split_clear(out);
    if (abi_check_out(stats, ABI_MIN_STATS) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    slide_stats figures = slide_stats_init();
    uint8_t *moves;
    int status = checked_prefix(start, bound, prefix, len, &moves, &figures);
    if (status == SLIDE_OK)
        status = cut(start, goal, opt, bound, moves, len, want, out, &figures);
    free(moves);
    abi_copy_out(stats, &figures, sizeof figures);
    return status;
}

/* slide_split_search on a stats struct of this release, out cleared. */
static int split_search(const slide_board *start, const slide_board *goal,
                        const slide_solve_options *opt, unsigned bound, const char *prefix,
                        size_t len, slide_split_result *out, slide_stats *stats)
{
    *stats = slide_stats_init();
    uint8_t *moves;
    int status = checked_prefix(start, bound, prefix, len, &moves, stats);
    if (status != SLIDE_OK)
        return status;
    ida_job job;
    memset(&job, 0, sizeof job);
    job.kind = IDA_JOB_SUBTREE;
    job.bound = bound;
    job.prefix = moves;
    job.prefix_length = (unsigned)len;
    job.next_bound = UINT_MAX;
    slide_solution solution;
    status = run(start, goal, opt, &job, &solution, stats);
    free(moves);
    if (status != SLIDE_OK)
        return status;
    out->tables = job.tables;
    /* idastar answers a start that is the goal before any job (status OK: goal, if given, is valid) */
    int at_goal = 0;
    if (len == 0 && !job.found)
        slide_replay(start, goal, "", 0, NULL, &at_goal);
    if (job.found || at_goal) {
        out->found = 1;
        out->moves = solution.moves;
        out->length = solution.length;
    } else {
        slide_solution_free(&solution);
        out->next_bound = job.next_bound == UINT_MAX ? SLIDE_SPLIT_NO_BOUND : job.next_bound;
    }
    return SLIDE_OK;
}

int slide_split_search(const slide_board *start, const slide_board *goal,
                       const slide_solve_options *opt, unsigned bound, const char *prefix,
                       size_t len, slide_split_result *out, slide_stats *stats)
{
    if (!out)
        return SLIDE_E_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->next_bound = SLIDE_SPLIT_NO_BOUND;
    if (abi_check_out(stats, ABI_MIN_STATS) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    slide_stats figures;
    int status = split_search(start, goal, opt, bound, prefix, len, out, &figures);
    abi_copy_out(stats, &figures, sizeof figures);
    return status;
}

void slide_split_result_free(slide_split_result *result)
{
    if (!result)
        return;
    free(result->moves);
    memset(result, 0, sizeof *result);
    result->next_bound = SLIDE_SPLIT_NO_BOUND;
}
