/*
 * batch.c - stdin batches: framing, order and threads.
 *
 * Input is read with read(2) into block buffers that grow only for lines
 * longer than themselves, so a batch costs no allocation per line.  read(2)
 * returns what is available, which makes the same loop an interactive
 * filter on a terminal or pipe (each line is answered as soon as it
 * arrives) and a block reader on files.
 *
 * Each block of complete lines becomes a list of items (one board, or a
 * start/goal pair) cut into chunks.  With one job the items are answered
 * straight into the caller's streams.  With N jobs, N threads take chunks
 * from a queue, each chunk answering into its own memory streams, and this
 * thread writes the chunks out in input order, so the output is
 * byte-identical to one job's.  Two blocks are in flight: while the
 * threads answer one, this thread reads and cuts the next and writes the
 * one before, so reading and writing do not hold the threads up.  Memory
 * stays bounded by two blocks and their answers.
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
    int finished; /* under the pool's lock */
} chunk;

/* One buffer of input and what was cut from it; owned by cli_batch_run. */
typedef struct block {
    char *buf;
    size_t cap;
    size_t len;  /* bytes in buf */
    size_t end;  /* bytes of complete lines */
    char *carry; /* a --pairs start line carried from the block before */
    size_t carry_cap;
    cli_batch_item *items;
    size_t count;
    size_t items_cap;
    chunk *chunks;
    size_t chunk_count;
    size_t chunks_cap;
    int busy; /* chunks handed to the pool and not yet written */
} block;

typedef struct pool {
    const cli_batch *batch;
    pthread_mutex_t lock;
    pthread_cond_t work; /* a chunk was queued, or stop */
    pthread_cond_t done; /* a chunk finished */
    chunk **queue;
    size_t head;
    size_t tail;
    size_t cap;
    int stop;
    int threads;
    pthread_t tid[CLI_MAX_JOBS];
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
        /* no memory even for the answers: finish_block says so on every line */
        if (io.out)
            fclose(io.out);
        if (io.err)
            fclose(io.err);
        free(c->out);
        free(c->err);
        c->out = c->err = NULL;
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
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->head == p->tail && !p->stop)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->head == p->tail)
            break;
        chunk *c = p->queue[p->head++ % p->cap];
        pthread_mutex_unlock(&p->lock);
        answer_chunk(p->batch, c);
        pthread_mutex_lock(&p->lock);
        c->finished = 1;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Starts jobs threads; returns 0, or -1 when not even one could start. */
static int pool_start(pool *p, const cli_batch *batch)
{
    memset(p, 0, sizeof *p);
    p->batch = batch;
    p->cap = 256;
    p->queue = malloc(p->cap * sizeof(chunk *));
    if (!p->queue)
        return -1;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int t = 0; t < batch->jobs && t < CLI_MAX_JOBS; t++)
        if (pthread_create(&p->tid[p->threads], NULL, worker, p) == 0)
            p->threads++;
    return p->threads > 0 ? 0 : -1;
}

static void pool_stop(pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int t = 0; t < p->threads; t++)
        pthread_join(p->tid[t], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    free(p->queue);
}

/* Cuts b's items into chunks and queues them.  Returns 0 or -1 (out of memory). */
static int pool_submit(pool *p, block *b)
{
    size_t n = (b->count + CHUNK_ITEMS - 1) / CHUNK_ITEMS;
    if (n > b->chunks_cap) {
        chunk *more = realloc(b->chunks, n * sizeof *more);
        if (!more)
            return -1;
        b->chunks = more;
        b->chunks_cap = n;
    }
    b->chunk_count = n;
    pthread_mutex_lock(&p->lock);
    if (p->tail - p->head + n > p->cap) {
        /* unwrap the ring into a larger one */
        size_t cap = p->cap;
        while (p->tail - p->head + n > cap)
            cap *= 2;
        chunk **queue = malloc(cap * sizeof(chunk *));
        if (!queue) {
            pthread_mutex_unlock(&p->lock);
            return -1;
        }
        for (size_t i = p->head; i < p->tail; i++)
            queue[i - p->head] = p->queue[i % p->cap];
        free(p->queue);
        p->queue = queue;
        p->tail -= p->head;
        p->head = 0;
        p->cap = cap;
    }
    for (size_t i = 0; i < n; i++) {
        chunk *c = &b->chunks[i];
        memset(c, 0, sizeof *c);
        c->items = b->items + i * CHUNK_ITEMS;
        c->count = i + 1 < n ? CHUNK_ITEMS : b->count - i * CHUNK_ITEMS;
        p->queue[p->tail++ % p->cap] = c;
    }
    b->busy = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    return 0;
}

/* Waits for b's chunks in order and writes each as soon as it is done. */
static void pool_finish(pool *p, block *b, cli_batch_io *io)
{
    for (size_t i = 0; i < b->chunk_count; i++) {
        chunk *c = &b->chunks[i];
        pthread_mutex_lock(&p->lock);
        while (!c->finished)
            pthread_cond_wait(&p->done, &p->lock);
        pthread_mutex_unlock(&p->lock);
        if (!c->out) {
            for (size_t k = 0; k < c->count; k++) {
                fputs("error\n", io->out);
                fprintf(io->err, "slide: line %ld: out of memory\n", c->items[k].number);
            }
            c->failures = (int)c->count;
        } else {
            fwrite(c->out, 1, c->out_len, io->out);
            fwrite(c->err, 1, c->err_len, io->err);
        }
        io->failures += c->failures;
        free(c->out);
        free(c->err);
    }
    b->busy = 0;
    if (p->batch->after_block)
        p->batch->after_block(p->batch->arg);
}

static int block_push(block *b, cli_batch_item item)
{
    if (b->count == b->items_cap) {
        size_t cap = b->items_cap ? b->items_cap * 2 : 4096;
        cli_batch_item *more = realloc(b->items, cap * sizeof *more);
        if (!more)
            return -1;
        b->items = more;
        b->items_cap = cap;
    }
    b->items[b->count++] = item;
    return 0;
}

/*
 * The --pairs start line still waiting for its goal, carried over blocks.
 * It points into the block it was read in, or into a carry buffer.
 */
typedef struct pending_line {
    const char *text;
    size_t len;
    long number;
    const block *in_buffer; /* the block whose buffer holds text, NULL for a carry buffer */
} pending_line;

/*
 * Cuts the complete lines of b into items.  number counts input lines.
 * Returns 0 or -1 (out of memory).
 */
static int block_cut(const cli_batch *batch, block *b, long *number, pending_line *pending)
{
    size_t pos = 0;
    b->count = 0;
    while (pos < b->end) {
        char *nl = memchr(b->buf + pos, '\n', b->end - pos);
        size_t line_end = nl ? (size_t)(nl - b->buf) : b->end;
        size_t line_len = line_end - pos;
        const char *line = b->buf + pos;
        pos = nl ? line_end + 1 : b->end;
        ++*number;
        if (line_len > 0 && line[line_len - 1] == '\r')
            line_len--;
        if (skip_line(line, line_len))
            continue;
        int status = 0;
        if (!batch->pairs) {
            status = block_push(b, (cli_batch_item){*number, line, line_len, 0, NULL, 0});
        } else if (pending->text) {
            status = block_push(b, (cli_batch_item){pending->number, pending->text, pending->len,
                                                    *number, line, line_len});
            pending->text = NULL;
        } else {
            *pending = (pending_line){line, line_len, *number, b};
        }
        if (status)
            return -1;
    }
    return 0;
}

/*
 * Makes room for `need` bytes at the end of b's buffer, keeping its
 * contents.  Returns 0 or -1.
 */
static int block_reserve(block *b, size_t need)
{
    if (b->cap - b->len >= need)
        return 0;
    size_t cap = b->cap ? b->cap : BLOCK_BYTES;
    while (cap - b->len < need)
        cap *= 2;
    char *buf = realloc(b->buf, cap);
    if (!buf)
        return -1;
    b->buf = buf;
    b->cap = cap;
    return 0;
}

/* Copies a pending start line that lives in `from` into `to`'s carry buffer. */
static int carry_pending(pending_line *pending, const block *from, block *to)
{
    if (!pending->text || pending->in_buffer != from)
        return 0;
    if (pending->len + 1 > to->carry_cap) {
        char *carry = realloc(to->carry, pending->len + 1);
        if (!carry)
            return -1;
        to->carry = carry;
        to->carry_cap = pending->len + 1;
    }
    memcpy(to->carry, pending->text, pending->len);
    pending->text = to->carry;
    pending->in_buffer = NULL;
    return 0;
}

static void answer_inline(const cli_batch *batch, block *b, cli_batch_io *io)
{
    for (size_t i = 0; i < b->count; i++) {
        batch->answer(batch->arg, io, &b->items[i]);
        if (batch->after_item)
            batch->after_item(batch->arg);
    }
}

int cli_batch_run(const cli_batch *batch, int fd, cli_batch_io *io)
{
    block blocks[2];
    memset(blocks, 0, sizeof blocks);
    pool p;
    memset(&p, 0, sizeof p);
    p.batch = batch;
    int threaded = batch->jobs > 1 && pool_start(&p, batch) == 0;
    pending_line pending = {NULL, 0, 0, NULL};
    long number = 0;
    int cur = 0, eof = 0, status = 0;
    block *in_flight = NULL;

    while (!eof && status == 0) {
        block *b = &blocks[cur];
        int short_read = 0;
        /* a full buffer without a complete line grows; then fill it until full,
         * end of input, or nothing more is waiting */
        if (b->len == b->cap && block_reserve(b, b->cap ? b->cap : BLOCK_BYTES)) {
            status = -1;
            break;
        }
        while (!eof && !short_read && b->len < b->cap) {
            size_t want = b->cap - b->len;
            ssize_t got = read(fd, b->buf + b->len, want);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                status = -2;
                break;
            }
            if (got == 0)
                eof = 1;
            b->len += (size_t)got;
            if ((size_t)got < want)
                short_read = 1;
        }
        if (status)
            break;
        /* complete lines; at end of input the rest is a line too */
        b->end = b->len;
        if (!eof) {
            while (b->end > 0 && b->buf[b->end - 1] != '\n')
                b->end--;
            if (b->end == 0)
                continue; /* one long line so far: grow and read on */
        }
        if (block_cut(batch, b, &number, &pending)) {
            status = -1;
            break;
        }
        if (threaded && b->count > 0) {
            if (pool_submit(&p, b)) {
                status = -1;
                break;
            }
        } else {
            answer_inline(batch, b, io);
        }
        if (in_flight)
            pool_finish(&p, in_flight, io);
        in_flight = b->busy ? b : NULL;
        /* the next block starts with this one's unfinished line and pending start line */
        block *next = &blocks[1 - cur];
        next->len = 0;
        if (block_reserve(next, b->len - b->end) || carry_pending(&pending, b, next)) {
            status = -1;
            break;
        }
        if (b->len > b->end)
            memcpy(next->buf, b->buf + b->end, b->len - b->end);
        next->len = b->len - b->end;
        /* a reader waiting at a terminal or pipe gets its answers now */
        if (in_flight && short_read) {
            pool_finish(&p, in_flight, io);
            in_flight = NULL;
        }
        /* output that can no longer be written (a reader gone, a full disk) ends the batch */
        if (ferror(io->out))
            break;
        cur = 1 - cur;
    }
    if (in_flight)
        pool_finish(&p, in_flight, io);
    if (pending.text && status == 0) {
        cli_batch_item last = {pending.number, pending.text, pending.len, 0, NULL, 0};
        batch->unpaired(batch->arg, io, &last);
    }
    if (threaded)
        pool_stop(&p);
    for (int i = 0; i < 2; i++) {
        free(blocks[i].buf);
        free(blocks[i].carry);
        free(blocks[i].items);
        free(blocks[i].chunks);
    }
    return status;
}
