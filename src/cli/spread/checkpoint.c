/*
 * checkpoint.c - `slide spread --checkpoint FILE` (spread_internal.h): the
 * file holds the search, the bound and the results of the bound so far.
 * A new bound replaces it whole (written under a name of its own beside
 * it, made by mkstemp, and renamed); each result
 * is appended as one line as it arrives (cmd_spread.c).  A restart with the
 * same file continues at its bound with those results, and a file of
 * another board, goal or table set is refused.  A last line cut short by a
 * crash is dropped (its item runs again); damage elsewhere is refused.
 */
#include "cli/spread/spread_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void checkpoint_head(const spread_run *run, split_checkpoint *head)
{
    memset(head, 0, sizeof *head);
    head->search = run->config->setup.search;
    head->want = run->config->want;
    head->bound = run->bound;
    head->iterations = run->iterations;
    head->expanded = run->expanded;
    head->generated = run->generated;
}

int spread_checkpoint_append(spread_run *run)
{
    const char *path = run->config->checkpoint;
    if (run->journal)
        fclose(run->journal);
    run->journal = fopen(path, "a");
    if (!run->journal) {
        cli_error("spread: --checkpoint: cannot append to '%.200s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* spread_checkpoint_start, with r's results after the head when r is not NULL. */
static int checkpoint_write(spread_run *run, const spread_resume *r)
{
    const char *path = run->config->checkpoint;
    if (!path)
        return 0;
    if (run->journal) {
        fclose(run->journal);
        run->journal = NULL;
    }
    /* a name of its own beside FILE: never a file of the user's, never another run's */
    size_t len = strlen(path);
    char *tmp = malloc(len + 8);
    if (!tmp) {
        cli_error("out of memory");
        return -1;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".XXXXXX", 8);
    split_checkpoint head;
    checkpoint_head(run, &head);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    int ok = f && split_write_checkpoint(f, &head) == 0;
    for (size_t i = 0; ok && r && i < r->count; i++)
        ok = split_write_result(f, &r->results[i].res) == 0;
    ok = ok && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        cli_error("spread: --checkpoint: cannot write '%.200s': %s", tmp, strerror(saved));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return spread_checkpoint_append(run);
}

int spread_checkpoint_start(spread_run *run)
{
    return checkpoint_write(run, NULL);
}

int spread_checkpoint_rewrite(spread_run *run, const spread_resume *r)
{
    return checkpoint_write(run, r);
}

/* The first difference between the checkpoint's search and this one, in words, or NULL. */
static const char *other_search(const split_identity *file, const split_identity *mine)
{
    if (!slide_board_equal(&file->start, &mine->start))
        return "another board";
    if (!slide_board_equal(&file->goal, &mine->goal))
        return "another goal";
    if (strcmp(file->heuristic, mine->heuristic) != 0)
        return "another heuristic";
    if (file->max_memory != mine->max_memory)
        return file->max_memory ? "another --max-memory"
                                : "the default memory cap (no --max-memory)";
    if (file->tables != mine->tables || file->max_group != mine->max_group)
        return "another table set";
    return NULL;
}

/* Keeps a result read from the file (its moves copied).  0, or -1 when out of memory. */
static int keep_result(spread_resume *r, const split_result *res, long number)
{
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        resumed_result *results = realloc(r->results, cap * sizeof *results);
        if (!results)
            return -1;
        r->results = results;
        r->cap = cap;
    }
    resumed_result *kept = &r->results[r->count];
    kept->res = *res;
    kept->number = number;
    kept->moves = NULL;
    if (res->found) {
        kept->moves = malloc(res->moves_len + 1);
        if (!kept->moves)
            return -1;
        memcpy(kept->moves, res->moves, res->moves_len);
        kept->moves[res->moves_len] = '\0';
        kept->res.moves = kept->moves;
    }
    r->count++;
    return 0;
}

/* One line of the checkpoint file, through the stdin batch reader. */
static void resume_line(void *arg, cli_batch_io *io, const cli_batch_item *item)
{
    (void)io;
    spread_resume *r = arg;
    char why[CLI_MESSAGE_SIZE];
    if (r->failed)
        return;
    if (r->bad_line) {
        /* a bad line that is not the last one is damage, not a crash's cut-off line */
        cli_error("spread: --checkpoint '%.200s' is damaged (line %ld: %s); remove it to start "
                  "again",
                  r->path, r->bad_line, r->bad_why);
        r->failed = 1;
        return;
    }
    if (!r->have_head) {
        if (split_read_checkpoint(item->text, item->len, &r->head, why, sizeof why) != 0) {
            cli_error("spread: --checkpoint '%.200s', line %ld: %s", r->path, item->number, why);
            r->failed = 1;
            return;
        }
        r->have_head = 1;
        return;
    }
    split_result res;
    if (split_read_result(item->text, item->len, &res, why, sizeof why) != 0) {
        r->bad_line = item->number;
        snprintf(r->bad_why, sizeof r->bad_why, "%s", why);
        return;
    }
    if (keep_result(r, &res, item->number) != 0) {
        cli_error("out of memory");
        r->failed = 1;
    }
}

static void resume_refuse(void *arg, cli_batch_io *io, const cli_batch_item *item,
                          const char *reason)
{
    (void)io;
    spread_resume *r = arg;
    cli_error("spread: --checkpoint '%.200s', line %ld: %s", r->path, item->number, reason);
    r->failed = 1;
}

void spread_resume_free(spread_resume *r)
{
    for (size_t i = 0; i < r->count; i++)
        free(r->results[i].moves);
    free(r->results);
    if (r->have_head)
        split_identity_free(&r->head.search);
}

int spread_resume_read(spread_run *run, spread_resume *r)
{
    spread_config *cfg = run->config;
    memset(r, 0, sizeof *r);
    r->path = cfg->checkpoint;
    if (!cfg->checkpoint)
        return 0;
    /* not blocking: a FIFO must not hang the open */
    int fd = open(cfg->checkpoint, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        cli_error("spread: --checkpoint: cannot read '%.200s': %s", cfg->checkpoint,
                  strerror(errno));
        return -1;
    }
    struct stat info;
    memset(&info, 0, sizeof info);
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        cli_error("spread: --checkpoint '%.200s' is not a regular file (%s): name a file, which "
                  "spread writes and replaces",
                  cfg->checkpoint,
                  S_ISDIR(info.st_mode)                            ? "a directory"
                  : S_ISFIFO(info.st_mode)                         ? "a FIFO"
                  : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                                                                   : "not a file");
        close(fd);
        return -1;
    }
    cli_batch batch = {1, 0, r, resume_line, resume_refuse};
    cli_batch_io io = {stdout, stderr, 0, 0, 0};
    int status = cli_batch_run(&batch, fd, &io);
    char last = '\n';
    off_t size = lseek(fd, 0, SEEK_END);
    if (status == 0 && size > 0 && pread(fd, &last, 1, size - 1) == 1 && last != '\n')
        r->unterminated = 1;
    close(fd);
    if (status != 0) {
        cli_error("spread: --checkpoint: cannot read '%.200s': %s", cfg->checkpoint,
                  status == -1 ? "out of memory" : strerror(errno));
        return -1;
    }
    if (r->failed)
        return -1;
    if (!r->have_head) {
        cli_error("spread: --checkpoint '%.200s' is empty or not a checkpoint; remove it to start "
                  "again",
                  cfg->checkpoint);
        return -1;
    }
    if (r->bad_line)
        fprintf(stderr,
                "slide: spread: note: the last line of --checkpoint '%.200s' was cut short (line "
                "%ld: %s); its subtree will be searched again\n",
                cfg->checkpoint, r->bad_line, r->bad_why);
    const char *other = other_search(&r->head.search, &cfg->setup.search);
    if (other) {
        cli_error("spread: --checkpoint '%.200s' was written for %s (search %016llx, this one is "
                  "%016llx); remove it or name another file",
                  cfg->checkpoint, other, (unsigned long long)r->head.search.id,
                  (unsigned long long)cfg->setup.search.id);
        return -1;
    }
    /* every iteration raises the bound from the start's estimate by one at least */
    unsigned start = cfg->setup.start_bound;
    const split_checkpoint *h = &r->head;
    if (h->bound < start || h->bound - start < h->iterations ||
        (h->iterations == 0) != (h->bound == start)) {
        cli_error("spread: --checkpoint '%.200s', line 1: bound=%u after iterations=%lu is not a "
                  "bound this search reaches (its first is the board's estimate, %u, and each "
                  "iteration raises it): the file was edited; remove it to start again",
                  cfg->checkpoint, h->bound, h->iterations, start);
        return -1;
    }
    if (r->head.want != cfg->want && cfg->want_given) {
        fprintf(stderr,
                "slide: spread: note: --checkpoint '%.200s' cuts iterations into %lu subtrees; "
                "going on with that, not %lu\n",
                cfg->checkpoint, r->head.want, cfg->want);
    }
    cfg->want = r->head.want;
    run->bound = r->head.bound;
    run->iterations = r->head.iterations;
    run->expanded = r->head.expanded;
    run->generated = r->head.generated;
    return 0;
}
