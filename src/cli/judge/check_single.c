/*
 * check_single.c - `slide check BOARD MOVES` (check_internal.h): one case,
 * its MOVES the string itself, a file or stdin, replayed as it is read.
 */
#include "cli/judge/check_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of MOVES judged whole; a longer first line can only be a move string. */
#define MOVES_PEEK ((size_t)1 << 16)

/*
 * Whether MOVES text that names no file was meant as one: it has a '/' or a
 * '.', or a letter that is no move (answr.txt, out1), where a mistyped
 * answer has move letters with spaces, digits or other marks among them.
 */
static int looks_like_a_file_name(const char *arg)
{
    for (const char *p = arg; *p; p++) {
        char c = *p;
        if (c == '/' || c == '.' ||
            (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !strchr("udlrUDLR", c)))
            return 1;
    }
    return 0;
}

/*
 * Where MOVES comes from: "-" is stdin; a string of move letters (or the
 * empty string, or the no-solution word) is itself; anything else is the
 * file it names, or, when no such file exists and it does not look like a
 * file name, itself again (a wrong answer).  A file name that names no
 * file is a judge failure naming it, not an answer judged letter by
 * letter.  Returns VERDICT_OK with *file set (NULL: the text is the
 * answer), or VERDICT_FAIL in v.
 */
static int open_moves(const char *arg, const char *no_solution, FILE **file, verdict *v)
{
    size_t len = strlen(arg);
    *file = NULL;
    if (strcmp(arg, "-") == 0) {
        *file = stdin;
        return VERDICT_OK;
    }
    /* the no-solution word with spaces about it is still the answer (a presentation error) */
    size_t lead = strspn(arg, " \t\r\n"), word = len - lead;
    while (word && strchr(" \t\r\n", arg[lead + word - 1]))
        word--;
    if (strspn(arg, "udlrUDLR") == len || loosely_equal(arg + lead, word, no_solution))
        return VERDICT_OK;
    *file = fopen(arg, "rb");
    if (*file || (errno == ENOENT && !looks_like_a_file_name(arg)))
        return VERDICT_OK;
    return set_verdict(v, VERDICT_FAIL, "cannot read MOVES from '%.200s': %s%s", arg,
                       strerror(errno),
                       errno == ENOENT && !strchr(arg, '/') ? " (a move string holds only u, d, l and r)"
                                                            : "");
}

/*
 * A first line of MOVES longer than MOVES_PEEK (already read in part): a
 * move string, replayed as it arrives, so memory stays one board's and a
 * buffer's whatever its length.  Returns the verdict kind; presentation
 * errors go to pe.
 */
static int judge_long_moves(checker *ck, cli_reader *r, verdict *pe, verdict *v)
{
    const judge_case *c = &ck->cases->items[0];
    move_stream ms;
    int kind = moves_begin(&ms, ck, 0, slide_solvable(&c->start, &c->goal), v);
    while (kind == VERDICT_OK) {
        kind = moves_feed(&ms, r->line, r->len, "", v);
        if (kind != VERDICT_OK || r->ended)
            break;
        if (cli_reader_part(r, MOVES_PEEK) == CLI_LINE_ERROR)
            kind = set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
    }
    memset(&ck->info, 0, sizeof ck->info);
    if (kind == VERDICT_OK)
        kind = moves_end(ck, 0, &ms, "", v, &ck->info);
    moves_free(&ms);
    if (kind == VERDICT_PE) {
        *pe = *v;
        kind = VERDICT_OK;
    }
    if (kind == VERDICT_OK && ms.leading && pe->kind == VERDICT_OK)
        set_verdict(pe, VERDICT_PE, "spaces before the answer");
    if (kind == VERDICT_OK && ms.pending)
        trailing_space(ck, r->number, ms.pending_odd == '\r', pe);
    return kind;
}

/* MOVES judged as the whole output of a one-case problem. */
static int judge_single(checker *ck, cli_reader *r, verdict *v)
{
    verdict pe;
    pe.kind = VERDICT_OK;
    int got = cli_reader_part(r, MOVES_PEEK);
    if (got == CLI_LINE_ERROR)
        return set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", r->what, strerror(errno));
    if (got == CLI_LINE_END || r->ended)
        return judge_output(ck, r, got, v);
    int kind = judge_long_moves(ck, r, &pe, v);
    if (kind != VERDICT_OK)
        return kind;
    if (judge_rest(ck, r, &pe, v) != VERDICT_OK)
        return VERDICT_FAIL;
    if (pe.kind != VERDICT_OK) {
        *v = pe;
        return VERDICT_PE;
    }
    return VERDICT_OK;
}

/* `slide check BOARD MOVES`: one case, the verdict on stdout. */
int check_single(const check_config *cfg, const char *board_text, const char *moves)
{
    slide_board goal = {0, 0, 0, NULL}, start;
    int rows = cfg->rows, cols = cfg->cols;
    /* the verdict goes to stdout as always; the parser's message, saying where, to stderr */
    if (cfg->goal_text) {
        if (cli_parse_board_arg("check", "--goal", cfg->goal_text, rows, cols, &goal)) {
            printf("%s: --goal is not a board (the message above says why)\n",
                   verdict_names[VERDICT_FAIL]);
            return VERDICT_FAIL;
        }
        rows = goal.rows;
        cols = goal.cols;
    }
    if (cli_parse_board_arg("check", "BOARD", board_text, rows, cols, &start)) {
        printf("%s: BOARD is not a board (the message above says why)\n",
               verdict_names[VERDICT_FAIL]);
        slide_board_free(&goal);
        return VERDICT_FAIL;
    }
    if (!goal.cells && slide_board_init_goal(&goal, start.rows, start.cols) != SLIDE_OK) {
        slide_board_free(&start);
        cli_error("check: out of memory");
        return VERDICT_FAIL;
    }
    judge_problem single = {"check",     "slide check",
                            FRAME_LINES, ANSWER_MOVES,
                            start.rows,  start.cols,
                            NULL,        "auto",
                            0,           0,
                            0,           "unsolvable"};
    judge_case the_case = {start, goal, 0};
    judge_cases cases = {&the_case, 1, 1};
    optimum best;
    checker ck;
    verdict v;
    cli_reader reader;
    FILE *file;
    char what[240]; /* a reading error names the file */
    memset(&best, 0, sizeof best);
    checker_init(&ck, cfg, &single, &cases, &best);
    ck.single = 1;
    int kind = open_moves(moves, single.no_solution, &file, &v);
    if (kind == VERDICT_OK) {
        if (!file)
            cli_reader_from_text(&reader, "MOVES", moves, strlen(moves));
        snprintf(what, sizeof what, "MOVES from '%.200s'", moves);
        if (file && cli_reader_from_file(&reader, file == stdin ? "MOVES from stdin" : what, file))
            kind = set_verdict(&v, VERDICT_FAIL, "out of memory");
        else
            kind = judge_single(&ck, &reader, &v);
        if (file && file != stdin)
            fclose(file);
        cli_reader_free(&reader);
    }
    const answer_info *info = &ck.info;
    if (kind == VERDICT_OK) {
        if (info->unsolvable)
            set_verdict(&v, kind, "the board is unsolvable");
        else if (info->length == 0)
            set_verdict(&v, kind, "0 moves, the board is already the goal");
        else if (info->best_known && info->length == info->best)
            set_verdict(&v, kind, "%llu move%s, optimal", (unsigned long long)info->length,
                        plural(info->length));
        else if (info->best_known)
            set_verdict(&v, kind, "%llu move%s, %llu more than the fewest (%llu)",
                        (unsigned long long)info->length, plural(info->length),
                        (unsigned long long)(info->length - info->best),
                        (unsigned long long)info->best);
        else
            set_verdict(&v, kind, "%llu move%s (optimality not checked; --optimal checks it)",
                        (unsigned long long)info->length, plural(info->length));
    }
    printf("%s: %s\n", verdict_names[kind], v.text);
    free(best.reason);
    slide_board_free(&start);
    slide_board_free(&goal);
    return kind;
}
