/*
 * check_files.c - `slide check --problem` (check_internal.h): an output file
 * judged against an input file and, when given, the jury's answer file, in
 * testlib's form (the verdict line on stderr) or Kattis's (exit 42 or 43,
 * the reason in the feedback directory).
 */
#include "cli/judge/check_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Reads the input file whole (at most CLI_MAX_INPUT_BYTES); a judge failure in v when it cannot. */
static int read_input_file(const char *path, char **text, size_t *len, verdict *v)
{
    if (judge_slurp(path, stdin, text, len) == 0)
        return VERDICT_OK;
    if (errno == EFBIG)
        return set_verdict(v, VERDICT_FAIL,
                           "the input file '%s' is longer than %zu bytes, the most a judge input "
                           "may hold",
                           path, CLI_MAX_INPUT_BYTES);
    return set_verdict(v, VERDICT_FAIL, "cannot read the input file '%s': %s", path,
                       strerror(errno));
}

/*
 * Opens a file the judge named (stdin when path is NULL) for reading a
 * line at a time; label names it in messages ("the output 'out.txt'").
 * Returns VERDICT_OK, or VERDICT_FAIL in v.
 */
static int open_judge_file(const char *path, const char *label, cli_reader *r, verdict *v)
{
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f)
        return set_verdict(v, VERDICT_FAIL, "cannot read %s: %s", label, strerror(errno));
    if (cli_reader_from_file(r, label, f) == 0)
        return VERDICT_OK;
    if (path)
        fclose(f);
    cli_reader_free(r);
    return set_verdict(v, VERDICT_FAIL, "out of memory");
}

static void close_judge_file(cli_reader *r)
{
    if (r->file && r->file != stdin)
        fclose(r->file);
    cli_reader_free(r);
}

/*
 * Judges an output (a file, or stdin when output_path is NULL) against an
 * input file, after checking the jury's answer file when there is one.
 * Returns the verdict kind with the line to show in v.
 */
int check_files(const check_config *cfg, const judge_problem *p, const char *input_path,
                const char *output_path, const char *answer_path, verdict *v)
{
    char *input = NULL;
    size_t input_len;
    judge_cases cases = {NULL, 0, 0};
    optimum *best = NULL;
    slide_context *context = NULL;
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = cfg->limits.max_memory;
    checker ck;
    cli_reader reader;
    char message[512], label[300];
    int kind = read_input_file(input_path, &input, &input_len, v);
    if (kind != VERDICT_OK)
        goto done;
    if (judge_read_cases(p, input, input_len, &cases, message, sizeof message)) {
        kind = set_verdict(v, VERDICT_FAIL, "input file '%s': %s", input_path, message);
        goto done;
    }
    free(input);
    input = NULL;
    best = calloc(cases.count ? cases.count : 1, sizeof *best);
    if (!best || (cases.count >= JUDGE_CONTEXT_MIN_CASES &&
                  slide_context_create(&context, &copt) != SLIDE_OK)) {
        kind = set_verdict(v, VERDICT_FAIL, "out of memory");
        goto done;
    }
    checker_init(&ck, cfg, p, &cases, best);
    ck.context = context;
    if (answer_path) {
        snprintf(label, sizeof label, "the answer file '%.200s'", answer_path);
        kind = open_judge_file(answer_path, label, &reader, v);
        if (kind != VERDICT_OK)
            goto done;
        verdict jury;
        /*
         * --strict and --max-moves are about the contestant's output: the
         * jury's file is judged for its answers (the problem's own limits)
         */
        int strict = ck.strict, has_max_moves = ck.has_max_moves;
        ck.strict = 0;
        ck.has_max_moves = 0;
        int jury_kind = judge_output(&ck, &reader, -1, &jury);
        ck.strict = strict;
        ck.has_max_moves = has_max_moves;
        close_judge_file(&reader);
        if (jury_kind == VERDICT_FAIL) {
            *v = jury; /* the answer file unreadable, or a case the solver gave up on */
            kind = VERDICT_FAIL;
            goto done;
        }
        if (jury_kind != VERDICT_OK) {
            kind = set_verdict(v, VERDICT_FAIL, "the answer file '%s' fails the check (%s: %s)",
                               answer_path, verdict_names[jury_kind], jury.text);
            goto done;
        }
    }
    if (output_path)
        snprintf(label, sizeof label, "the output '%.200s'", output_path);
    else
        snprintf(label, sizeof label, "the output from stdin");
    kind = open_judge_file(output_path, label, &reader, v);
    if (kind == VERDICT_OK) {
        kind = judge_output(&ck, &reader, -1, v);
        close_judge_file(&reader);
    }
done:
    free(input);
    for (size_t i = 0; best && i < cases.count; i++)
        free(best[i].reason);
    free(best);
    slide_context_free(context);
    judge_cases_free(&cases);
    return kind;
}

/* Writes text and a newline to dir/name; 0, or -1 with errno. */
static int write_feedback(const char *dir, const char *name, const char *text)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    if (!path)
        return -1;
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    free(path);
    if (!f)
        return -1;
    fprintf(f, "%s\n", text);
    int failed = ferror(f);
    if (fclose(f) != 0 || failed)
        return -1;
    return 0;
}

/* `--kattis INPUT ANSWER FEEDBACK_DIR < OUTPUT`: exit 42 / 43, reasons in files. */
int check_kattis(const check_config *cfg, const judge_problem *p, char **args)
{
    verdict v;
    char line[sizeof v.text + 32];
    int kind = check_files(cfg, p, args[0], NULL, args[1], &v);
    snprintf(line, sizeof line, "%s: %s", verdict_names[kind], v.text);
    if (write_feedback(args[2], "judgemessage.txt", line) != 0) {
        cli_error("check: cannot write %s/judgemessage.txt: %s", args[2], strerror(errno));
        return VERDICT_FAIL;
    }
    if (kind == VERDICT_FAIL) {
        write_feedback(args[2], "judgeerror.txt", line);
        fprintf(stderr, "%s\n", line);
        return VERDICT_FAIL;
    }
    return kind == VERDICT_OK ? EXIT_KATTIS_ACCEPTED : EXIT_KATTIS_WRONG;
}
