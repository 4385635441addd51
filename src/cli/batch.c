/*
 * batch.c - stdin batches: framing, order and threads.
 *
 * Input is read with read(2) into one buffer that grows only for lines
 * longer than itself, so a batch costs no allocation per line.  read(2)
 * returns what is available, which makes the same loop an interactive
 * filter on a terminal or pipe (each line is answered as soon as it
 * arrives) and a block reader on files.
 *
 * Each block of complete lines becomes a list of items (one board, or a
 * start/goal pair) cut into chunks.  With one job the items are answered
 * straight into the caller's streams.  With N jobs the chunks of a block
 * are shared among N threads, each chunk answering into its own memory
 * streams, and the chunks are then written out in input order, so the
 * output is byte-identical to one job's.  Memory stays bounded by the
 * block size times the output per input byte.
 */
#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK_BYTES (1u << 20)
#define CHUNK_ITEMS 2048

typedef struct chunk {
    const cli_batch_item *items;
    size_t count;
    char *out;
    size_t out_len;
    char *err;
    size_t err_len;
    int failures;
} chunk;

typedef struct pool {
    const cli_batch *batch;
    chunk *chunks;
    size_t count;
    size_t next; /* next chunk to take, under lock */
    pthread_mutex_t lock;
} pool;

static int skip_line(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i == len || line[i] == '#';
}

static void answer_chunk(const cli_batch *batch, chunk *c)
{
    cli_batch_io io;
    io.out = open_memstream(&c->out, &c->out_len);
    io.err = open_memstream(&c->err, &c->err_len);
    io.failures = 0;
    if (!io.out || !io.err) {
        /* no memory even for the answers: say so on every line rather than drop one */
        if (io.out)
            fclose(io.out);
        if (io.err)
            fclose(io.err);
        c->out = c->err = NULL;
        c->failures = (int)c->count;
        return;
    }
    for (size_t i = 0; i < c->count; i++)
        batch->answer(batch->arg, &io, &c->items[i]);
    fclose(io.out);
    fclose(io.err);
    c->failures = io.failures;
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->count)
            return NULL;
        answer_chunk(p->batch, &p->chunks[i]);
    }
}

/* Answers items[0..count) on the batch's threads and writes the results in order. */
static int answer_parallel(const cli_batch *batch, const cli_batch_item *items, size_t count,
                           cli_batch_io *io)
{
    size_t nchunks = (count + CHUNK_ITEMS - 1) / CHUNK_ITEMS;
    chunk *chunks = calloc(nchunks, sizeof *chunks);
    if (!chunks)
        return -1;
    for (size_t i = 0; i < nchunks; i++) {
        chunks[i].items = items + i * CHUNK_ITEMS;
        chunks[i].count = i + 1 < nchunks ? CHUNK_ITEMS : count - i * CHUNK_ITEMS;
    }
    pool p = {batch, chunks, nchunks, 0, PTHREAD_MUTEX_INITIALIZER};
    int threads = batch->jobs < (int)nchunks ? batch->jobs : (int)nchunks;
    pthread_t tid[CLI_MAX_JOBS];
    int started = 0;
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tid[started], NULL, worker, &p) == 0)
            started++;
    worker(&p); /* this thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    for (size_t i = 0; i < nchunks; i++) {
        chunk *c = &chunks[i];
        if (!c->out) {
            for (size_t k = 0; k < c->count; k++) {
                fputs("error\n", io->out);
                fprintf(io->err, "slide: line %ld: out of memory\n", c->items[k].number);
            }
        } else {
            fwrite(c->out, 1, c->out_len, io->out);
            fwrite(c->err, 1, c->err_len, io->err);
        }
        io->failures += c->failures;
        free(c->out);
        free(c->err);
    }
    free(chunks);
    return 0;
}

static void answer_items(const cli_batch *batch, cli_batch_item *items, size_t count, cli_batch_io *io)
{
    if (count == 0)
        return;
    if (batch->jobs > 1 && count > 1 && answer_parallel(batch, items, count, io) == 0) {
        if (batch->after_block)
            batch->after_block(batch->arg);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        batch->answer(batch->arg, io, &items[i]);
        if (batch->after_item)
            batch->after_item(batch->arg);
    }
}

int cli_batch_run(const cli_batch *batch, int fd, cli_batch_io *io)
{
    size_t cap = BLOCK_BYTES, len = 0, items_cap = 4096;
    char *buf = malloc(cap);
    cli_batch_item *items = malloc(items_cap * sizeof *items);
    /*
     * With --pairs, a start line whose goal is in a later block: it points
     * into buf while its block is being cut, and is copied into `kept`
     * before buf is reused.
     */
    const char *pending = NULL;
    size_t pending_len = 0;
    long pending_number = 0;
    char *kept = NULL;
    size_t kept_cap = 0;
    long number = 0;
    int eof = 0, status = 0;
    if (!buf || !items) {
        free(buf);
        free(items);
        return -1;
    }
    while (!eof && status == 0) {
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                status = -1;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + len, cap - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            status = -2;
            break;
        }
        if (got == 0)
            eof = 1;
        len += (size_t)got;
        /* complete lines; at end of input the rest is a line too */
        size_t end = len;
        if (!eof) {
            while (end > 0 && buf[end - 1] != '\n')
                end--;
            if (end == 0)
                continue;
        }
        size_t count = 0, pos = 0;
        while (pos < end) {
            char *nl = memchr(buf + pos, '\n', end - pos);
            size_t line_end = nl ? (size_t)(nl - buf) : end;
            size_t line_len = line_end - pos;
            const char *line = buf + pos;
            pos = nl ? line_end + 1 : end;
            number++;
            if (line_len > 0 && line[line_len - 1] == '\r')
                line_len--;
            if (skip_line(line, line_len))
                continue;
            if (count == items_cap) {
                cli_batch_item *more = realloc(items, items_cap * 2 * sizeof *items);
                if (!more) {
                    status = -1;
                    break;
                }
                items = more;
                items_cap *= 2;
            }
            if (!batch->pairs) {
                items[count++] = (cli_batch_item){number, line, line_len, 0, NULL, 0};
            } else if (pending) {
                items[count++] =
                    (cli_batch_item){pending_number, pending, pending_len, number, line, line_len};
                pending = NULL;
            } else {
                pending = line;
                pending_len = line_len;
                pending_number = number;
            }
        }
        if (status)
            break;
        answer_items(batch, items, count, io);
        /* output that can no longer be written (a reader gone, a full disk) ends the batch */
        if (ferror(io->out))
            break;
        if (pending && pending != kept) {
            if (pending_len + 1 > kept_cap) {
                char *bigger = realloc(kept, pending_len + 1);
                if (!bigger) {
                    status = -1;
                    break;
                }
                kept = bigger;
                kept_cap = pending_len + 1;
            }
            memcpy(kept, pending, pending_len);
            pending = kept;
        }
        memmove(buf, buf + end, len - end);
        len -= end;
    }
    if (pending && status == 0) {
        cli_batch_item last = {pending_number, pending, pending_len, 0, NULL, 0};
        batch->unpaired(batch->arg, io, &last);
    }
    free(kept);
    free(buf);
    free(items);
    return status;
}
