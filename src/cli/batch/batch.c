/*
 * batch.c - stdin batches: framing, order and threads.
 *
 * Input is read with read(2) into block buffers that grow only for lines
 * longer than themselves, so a batch costs no allocation per line.  read(2)
 * returns what is available, which makes the same loop an interactive
 * filter on a terminal or pipe (each line is answered as soon as it
 * arrives) and a block reader on files.  Each byte is looked at a bounded
 * number of times whatever the reads return, so a long line costs the
 * same from a pipe as from a file.  Lines end at LF, CRLF or a lone CR.
 *
 * Output is flushed only when the next read would wait: a reader at the
 * other end may be waiting for these answers, and otherwise nobody is, so
 * a pipe gets the same large writes as a file.
 *
 * Each block of complete lines becomes a list of items (one board, or a
 * start/goal pair) cut into chunks (chunk_size: large first, down to one
 * item at the block's end).  With one job the items are answered
 * straight into the caller's streams.  With N jobs, N threads take chunks
 * from a queue, each chunk answering into its own memory streams, and this
 * thread writes the chunks out in input order, so the output is
 * byte-identical to one job's.  Two blocks are in flight: while the
 * threads answer one, this thread reads and cuts the next and writes the
 * one before, so reading and writing do not hold the threads up.  Memory
 * stays bounded by two blocks and their answers, a block by the longest
 * line kept, CLI_MAX_LINE_BYTES: a longer line is refused as soon as that
 * much of it has arrived, and the rest of it is dropped unread.
 */
#include "cli/batch/batch.h"
#include "cli/base/base.h"
#include "cli/base/text.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK_BYTES CLI_BLOCK_BYTES
#define CHUNK_ITEMS 2048

typedef struct chunk {
    const cli_batch_item *items;
    size_t count;
    char *out;
    size_t out_len;
    char *err;
    size_t err_len;
    int failures;
    int stopped;        /* a signal stopped it: the chunks after it are not written */
    long last_answered; /* the input line of its last item answered, 0 none */
    int finished;       /* under the pool's lock */
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

/* Answers one item, or refuses it with the reason in words; nothing once a signal asked to stop. */
static void answer_one(const cli_batch *batch, cli_batch_io *io, const cli_batch_item *item)
{
    char reason[200];
    if (io->stopped || cli_interrupted()) {
        io->stopped = 1;
        return;
    }
    switch (item->refused) {
    case CLI_ITEM_OK:
        batch->answer(batch->arg, io, item);
        if (!io->stopped)
            io->last_answered = item->number;
        return;
    case CLI_ITEM_TOO_LONG:
        snprintf(reason, sizeof reason,
                 "the line is longer than %zu bytes, the limit (10 bytes for each of the %u cells "
                 "a board can have)",
                 CLI_MAX_LINE_BYTES, SLIDE_MAX_CELLS);
        break;
    case CLI_ITEM_GOAL_TOO_LONG:
        snprintf(reason, sizeof reason,
                 "its goal, line %ld, is longer than %zu bytes, the limit (10 bytes for each of "
                 "the %u cells a board can have)",
                 item->goal_number, CLI_MAX_LINE_BYTES, SLIDE_MAX_CELLS);
        break;
    default:
        snprintf(reason, sizeof reason, "a start board without its goal line (--pairs)");
        break;
    }
    batch->refuse(batch->arg, io, item, reason);
    io->last_answered = item->number;
}

static void answer_chunk(const cli_batch *batch, chunk *c)
{
    cli_batch_io io = {NULL, NULL, 0, 0, 0};
    io.out = open_memstream(&c->out, &c->out_len);
    io.err = open_memstream(&c->err, &c->err_len);
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
    for (size_t i = 0; i < c->count && !io.stopped; i++)
        answer_one(batch, &io, &c->items[i]);
    fclose(io.out);
    fclose(io.err);
    c->failures = io.failures;
    c->stopped = io.stopped;
    c->last_answered = io.last_answered;
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

/*
 * The size of the chunk that starts with `left` items of a block still to
 * cut: a share of what is left (guided self-scheduling), at most
 * CHUNK_ITEMS, at least one.  The shares shrink towards the block's end, so
 * the threads finish together whatever an item costs: a batch of a few
 * hundred dear boards is cut into chunks down to one board, where fixed
 * chunks of CHUNK_ITEMS gave all of it to one thread; a batch of cheap
 * boards still gets chunks of CHUNK_ITEMS, so a chunk's streams cost
 * nothing per item.
 */
static size_t chunk_size(size_t left, int threads)
{
    size_t share = (left + 2 * (size_t)threads - 1) / (2 * (size_t)threads);
    return share > CHUNK_ITEMS ? CHUNK_ITEMS : share > 0 ? share : 1;
}

/* Cuts b's items into chunks and queues them.  Returns 0 or -1 (out of memory). */
static int pool_submit(pool *p, block *b)
{
    size_t n = 0;
    for (size_t left = b->count; left > 0; n++)
        left -= chunk_size(left, p->threads);
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
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        chunk *c = &b->chunks[i];
        memset(c, 0, sizeof *c);
        c->items = b->items + at;
        c->count = chunk_size(b->count - at, p->threads);
        at += c->count;
        p->queue[p->tail++ % p->cap] = c;
    }
    b->busy = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    return 0;
}

/*
 * Waits for b's chunks in order and writes each as soon as it is done; after
 * a chunk a signal stopped, none (their answers would follow a gap).
 */
static void pool_finish(pool *p, block *b, cli_batch_io *io)
{
    for (size_t i = 0; i < b->chunk_count; i++) {
        chunk *c = &b->chunks[i];
        pthread_mutex_lock(&p->lock);
        while (!c->finished)
            pthread_cond_wait(&p->done, &p->lock);
        pthread_mutex_unlock(&p->lock);
        if (io->stopped) {
            /* dropped */
        } else if (!c->out) {
            for (size_t k = 0; k < c->count; k++) {
                fputs("error\n", io->out);
                fprintf(io->err, "slide: line %ld: out of memory\n", c->items[k].number);
            }
            c->failures = (int)c->count;
        } else {
            fwrite(c->out, 1, c->out_len, io->out);
            fwrite(c->err, 1, c->err_len, io->err);
            io->stopped = c->stopped;
            if (c->last_answered)
                io->last_answered = c->last_answered;
        }
        io->failures += c->failures;
        free(c->out);
        free(c->err);
    }
    b->busy = 0;
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

/* What a --pairs run knows of the pair it is in the middle of. */
enum {
    PAIR_NONE,    /* the next line is a start */
    PAIR_START,   /* a start line waits for its goal */
    PAIR_ANSWERED /* the start was too long and already answered: drop its goal line */
};

/*
 * The reader's state across blocks.  A --pairs start line waiting for its
 * goal points into the block it was read in, or into a carry buffer.
 */
typedef struct reader {
    int fd;
    int eof;
    int after_cr; /* the last line ended at the last byte read, a CR: a LF next is its CRLF */
    int skipping; /* dropping the rest of a line longer than CLI_MAX_LINE_BYTES */
    long number;  /* lines begun so far */
    int pair;     /* PAIR_* */
    const char *start_text;
    size_t start_len;
    long start_number;
    const block *start_in; /* the block whose buffer holds start_text, NULL for a carry buffer */
} reader;

/*
 * One line of the input, numbered rd->number (text NULL when it is too long
 * to keep), becomes an item of b, or with --pairs half of one.  Returns 0 or
 * -1 (out of memory).
 */
static int take_line(const cli_batch *batch, reader *rd, block *b, const char *text, size_t len)
{
    int too_long = text == NULL;
    if (!batch->pairs)
        return block_push(b, (cli_batch_item){rd->number, text, len, 0, NULL, 0,
                                              too_long ? CLI_ITEM_TOO_LONG : CLI_ITEM_OK});
    switch (rd->pair) {
    case PAIR_START:
        rd->pair = PAIR_NONE;
        return block_push(b, (cli_batch_item){rd->start_number, rd->start_text, rd->start_len,
                                              rd->number, text, len,
                                              too_long ? CLI_ITEM_GOAL_TOO_LONG : CLI_ITEM_OK});
    case PAIR_ANSWERED: rd->pair = PAIR_NONE; return 0;
    default:
        if (too_long) {
            /* answered now, not when its goal comes: the line may never end */
            rd->pair = PAIR_ANSWERED;
            return block_push(b,
                              (cli_batch_item){rd->number, NULL, 0, 0, NULL, 0, CLI_ITEM_TOO_LONG});
        }
        rd->pair = PAIR_START;
        rd->start_text = text;
        rd->start_len = len;
        rd->start_number = rd->number;
        rd->start_in = b;
        return 0;
    }
}

/* One past the last line end in buf[from..len), or 0 when there is none. */
static size_t last_line_end(const char *buf, size_t from, size_t len)
{
    for (size_t i = len; i > from; i--)
        if (buf[i - 1] == '\n' || buf[i - 1] == '\r')
            return i;
    return 0;
}

/*
 * The length of the line at b->buf[at..end) (cli_line_split), with *next
 * set to where the text after it begins.  A lone CR that is the last byte
 * read may be the first half of a CRLF; rd->after_cr makes the next read
 * drop a LF it starts with.
 */
static inline size_t split_line(reader *rd, const block *b, size_t at, size_t end, size_t *next)
{
    size_t line_len = cli_line_split(b->buf + at, end - at, CLI_LINES_ANY, next);
    size_t line_end = at + line_len;
    *next += at;
    if (*next == b->len && *next == line_end + 1 && b->buf[line_end] == '\r' && !rd->eof)
        rd->after_cr = 1;
    return line_len;
}

/*
 * Cuts the complete lines of b, [0, b->end), into items, after any b
 * holds already.  Returns 0 or -1 (out of memory).
 */
static int block_cut(const cli_batch *batch, reader *rd, block *b)
{
    size_t pos = 0;
    while (pos < b->end) {
        const char *line = b->buf + pos;
        size_t line_len = split_line(rd, b, pos, b->end, &pos);
        ++rd->number;
        int too_long = line_len > CLI_MAX_LINE_BYTES; /* only the last line, at the end of input */
        if (!too_long && skip_line(line, line_len))
            continue;
        if (take_line(batch, rd, b, too_long ? NULL : line, line_len))
            return -1;
    }
    return 0;
}

/*
 * The most a block buffer grows to for one line: the longest line kept and
 * one byte more, the first that tells it is too long.
 */
#define LINE_BUFFER_BYTES (CLI_MAX_LINE_BYTES + 1)

/*
 * Makes room for `need` bytes at the end of b's buffer, keeping its
 * contents: a block, doubled as often as needed, but no larger than
 * LINE_BUFFER_BYTES when that is enough.  Returns 0 or -1.
 */
static int block_reserve(block *b, size_t need)
{
    if (b->cap - b->len >= need)
        return 0;
    size_t cap = b->cap ? b->cap : BLOCK_BYTES;
    while (cap - b->len < need)
        cap *= 2;
    if (cap > LINE_BUFFER_BYTES && b->len + need <= LINE_BUFFER_BYTES)
        cap = LINE_BUFFER_BYTES;
    char *buf = realloc(b->buf, cap);
    if (!buf)
        return -1;
    b->buf = buf;
    b->cap = cap;
    return 0;
}

/* Copies the waiting start line, when it lives in `from`, into `to`'s carry buffer. */
static int carry_start(reader *rd, const block *from, block *to)
{
    if (rd->pair != PAIR_START || rd->start_in != from)
        return 0;
    if (rd->start_len + 1 > to->carry_cap) {
        char *carry = realloc(to->carry, rd->start_len + 1);
        if (!carry)
            return -1;
        to->carry = carry;
        to->carry_cap = rd->start_len + 1;
    }
    memcpy(to->carry, rd->start_text, rd->start_len);
    rd->start_text = to->carry;
    rd->start_in = NULL;
    return 0;
}

static void answer_inline(const cli_batch *batch, block *b, cli_batch_io *io)
{
    for (size_t i = 0; i < b->count && !io->stopped; i++)
        answer_one(batch, io, &b->items[i]);
}

/* One run of cli_batch_run: the two blocks, the pool and the block it is answering. */
typedef struct batch_run {
    const cli_batch *batch;
    cli_batch_io *io;
    pool pool;
    int threaded;
    block blocks[2];
    block *in_flight;
    reader rd;
} batch_run;

/* Writes the answers still being worked on and flushes them to the reader. */
static void deliver(batch_run *run)
{
    if (run->in_flight) {
        pool_finish(&run->pool, run->in_flight, run->io);
        run->in_flight = NULL;
    }
    fflush(run->io->out);
}

/* Non-zero when a read of fd would wait: a terminal or pipe with nothing to read yet. */
static int input_would_block(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    int ready;
    while ((ready = poll(&p, 1, 0)) < 0 && errno == EINTR)
        ;
    return ready == 0;
}

/* Waits until fd has input (or its end), or a signal asks to stop (cli_interrupt_fd). */
static void wait_for_input(int fd)
{
    struct pollfd p[2] = {{fd, POLLIN, 0}, {cli_interrupt_fd(), POLLIN, 0}};
    while (!cli_interrupted() && poll(p, p[1].fd >= 0 ? 2 : 1, -1) < 0 && errno == EINTR)
        ;
}

/*
 * Reads into b after its b->len bytes until its buffer is full, the input
 * ends, or a read returns less than asked (nothing more was waiting).
 * Before a read that would wait, the answers so far are delivered; a
 * signal that asks to stop ends the wait, and the reading.  Returns 0 or
 * -2 (read error, errno set).
 */
static int fill(batch_run *run, block *b)
{
    reader *rd = &run->rd;
    while (!rd->eof && b->len < b->cap) {
        if (input_would_block(rd->fd)) {
            deliver(run);
            wait_for_input(rd->fd);
            if (cli_interrupted())
                return 0;
        }
        size_t want = b->cap - b->len;
        ssize_t got = read(rd->fd, b->buf + b->len, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -2;
        if (got == 0) {
            rd->eof = 1;
            break;
        }
        if (rd->after_cr && b->buf[b->len] == '\n') {
            /* the second half of a CRLF whose CR ended the last line */
            memmove(b->buf + b->len, b->buf + b->len + 1, (size_t)got - 1);
            got--;
        }
        rd->after_cr = 0;
        b->len += (size_t)got;
        if ((size_t)got < want)
            break;
    }
    return 0;
}

/*
 * While skipping: drops b's bytes up to the end of the long line.  When
 * the line ends, what follows it moves to the front of b and skipping
 * stops.
 */
static void skip_rest_of_line(reader *rd, block *b)
{
    size_t next, at = split_line(rd, b, 0, b->len, &next);
    if (at == b->len) {
        b->len = 0;
        rd->skipping = !rd->eof;
        return;
    }
    memmove(b->buf, b->buf + next, b->len - next);
    b->len -= next;
    rd->skipping = 0;
}

/* Answers b's items, or hands them to the pool; then writes the block before. */
static int answer_block(batch_run *run, block *b)
{
    if (run->threaded && b->count > 0) {
        if (pool_submit(&run->pool, b))
            return -1;
    } else {
        answer_inline(run->batch, b, run->io);
    }
    if (run->in_flight)
        pool_finish(&run->pool, run->in_flight, run->io);
    run->in_flight = b->busy ? b : NULL;
    return 0;
}

/*
 * Reads the input block by block.  Each iteration starts with the block's
 * unfinished line (no line end in it) and reads more; complete lines are
 * cut and answered, and the unfinished rest moves to the other block.  A
 * line that passes CLI_MAX_LINE_BYTES with no end in sight is answered at
 * once (refused) and the rest of it is dropped as it arrives.
 */
static int read_blocks(batch_run *run)
{
    reader *rd = &run->rd;
    int cur = 0;
    for (;;) {
        block *b = &run->blocks[cur];
        size_t scanned = b->len; /* the unfinished line has no line end */
        if (b->len == b->cap) {
            /* a full buffer holding one unfinished line, not yet too long: double it */
            size_t more = b->cap ? b->cap : BLOCK_BYTES;
            if (b->cap && b->cap < LINE_BUFFER_BYTES && b->cap + more > LINE_BUFFER_BYTES)
                more = LINE_BUFFER_BYTES - b->cap;
            if (block_reserve(b, more))
                return -1;
        }
        if (fill(run, b))
            return -2;
        if (cli_interrupted())
            return 0; /* what was read is not begun; cli_batch_run writes what was answered */
        if (rd->skipping) {
            skip_rest_of_line(rd, b);
            if (rd->skipping || (b->len == 0 && !rd->eof))
                continue;
            scanned = 0;
        }
        /* complete lines; at the end of input the rest is a line too */
        b->end = rd->eof ? b->len : last_line_end(b->buf, scanned, b->len);
        if (b->end == 0 && b->len <= CLI_MAX_LINE_BYTES && !rd->eof)
            continue; /* one line so far: read on, growing the buffer when it is full */
        if (b->end == 0 && b->len > 0) {
            /* a line past the limit: refuse it now and drop it */
            ++rd->number;
            if (take_line(run->batch, rd, b, NULL, 0))
                return -1;
            rd->skipping = 1;
            b->len = 0;
        } else if (block_cut(run->batch, rd, b)) {
            return -1;
        }
        if (answer_block(run, b))
            return -1;
        if (rd->skipping)
            deliver(run); /* nothing more will come out until the long line ends */
        /* the next block starts with this one's unfinished line and waiting start line */
        block *next = &run->blocks[1 - cur];
        next->len = 0;
        next->count = 0;
        if (block_reserve(next, b->len - b->end) || carry_start(rd, b, next))
            return -1;
        if (b->len > b->end)
            memcpy(next->buf, b->buf + b->end, b->len - b->end);
        next->len = b->len - b->end;
        /* output that can no longer be written (a reader gone, a full disk) ends the batch */
        if (rd->eof || ferror(run->io->out))
            return 0;
        cur = 1 - cur;
    }
}

int cli_batch_run(const cli_batch *batch, int fd, cli_batch_io *io)
{
    batch_run run;
    memset(&run, 0, sizeof run);
    run.batch = batch;
    run.io = io;
    run.pool.batch = batch;
    run.threaded = batch->jobs > 1 && pool_start(&run.pool, batch) == 0;
    run.rd.fd = fd;
    int status = read_blocks(&run);
    if (run.in_flight)
        pool_finish(&run.pool, run.in_flight, io);
    if (run.rd.pair == PAIR_START && status == 0) {
        cli_batch_item last = {run.rd.start_number, run.rd.start_text, run.rd.start_len, 0, NULL, 0,
                               CLI_ITEM_UNPAIRED};
        answer_one(batch, io, &last);
    }
    if (run.threaded)
        pool_stop(&run.pool);
    for (int i = 0; i < 2; i++) {
        free(run.blocks[i].buf);
        free(run.blocks[i].carry);
        free(run.blocks[i].items);
        free(run.blocks[i].chunks);
    }
    return status;
}
