/*
 * items.c - the item and result lines of a split search (items.h): writing
 * them, reading them back strictly, and the identity both carry.
 */
#include "cli/spread/items.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define ITEM_MAGIC "slide-item/1"
#define RESULT_MAGIC "slide-result/1"
#define CHECKPOINT_MAGIC "slide-checkpoint/1"

/* FNV-1a over len bytes, 32 bits (the lines' sum=). */
static uint32_t split_checksum(const char *text, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h;
}

static uint64_t hash64(const char *text, size_t len)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    return h;
}

static void write_cells(FILE *f, const slide_board *b)
{
    int cells = b->rows * b->cols;
    for (int c = 0; c < cells; c++)
        fprintf(f, c ? ",%u" : "%u", (unsigned)b->cells[c]);
}

/* The identity fields, "size=... tables=HEX", as written in both kinds of line. */
static void write_identity(FILE *f, const split_identity *s)
{
    fprintf(f, "size=%dx%d start=", s->start.rows, s->start.cols);
    write_cells(f, &s->start);
    fputs(" goal=", f);
    write_cells(f, &s->goal);
    fprintf(f, " heuristic=%s max-group=%d max-memory=%zu tables=%016llx", s->heuristic,
            s->max_group, s->max_memory, (unsigned long long)s->tables);
}

/* Computes search->id from the other fields, and fills limits and pdb. */
static void split_identity_seal(split_identity *search)
{
    search->limits = slide_limits_init();
    search->limits.max_memory = search->max_memory;
    search->pdb = slide_pdb_options_init();
    search->pdb.max_group = search->max_group;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    search->id = 0;
    if (!f)
        return;
    write_identity(f, search);
    if (fclose(f) == 0)
        search->id = hash64(text, len);
    free(text);
}

void split_identity_free(split_identity *search)
{
    slide_board_free(&search->start);
    slide_board_free(&search->goal);
}

void split_identity_options(const split_identity *search, slide_solve_options *lib)
{
    lib->algo = "idastar";
    lib->heuristic = search->heuristic;
    lib->pdb = &search->pdb;
    lib->limits = &search->limits;
}

/* Writes the line built by fill (through a memory stream) with its sum. */
static int write_summed(FILE *out, void (*fill)(FILE *f, const void *arg), const void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return -1;
    fill(f, arg);
    if (fclose(f) != 0) {
        free(text);
        return -1;
    }
    fwrite(text, 1, len, out);
    fprintf(out, " sum=%08x\n", (unsigned)split_checksum(text, len));
    free(text);
    return ferror(out) ? -1 : 0;
}

typedef struct item_line {
    const split_identity *search;
    const split_item *item;
} item_line;

static void fill_item(FILE *f, const void *arg)
{
    const item_line *l = arg;
    fprintf(f, ITEM_MAGIC " search=%016llx ", (unsigned long long)l->search->id);
    write_identity(f, l->search);
    fprintf(f, " bound=%u item=%lu items=%lu prefix=", l->item->bound, l->item->index,
            l->item->count);
    fwrite(l->item->prefix, 1, l->item->prefix_len, f);
}

int split_write_item(FILE *f, const split_identity *search, const split_item *item)
{
    item_line l = {search, item};
    return write_summed(f, fill_item, &l);
}

static void fill_result(FILE *f, const void *arg)
{
    const split_result *r = arg;
    fprintf(f, RESULT_MAGIC " search=%016llx bound=%u item=%lu found=%s",
            (unsigned long long)r->search, r->bound, r->index, r->found ? "yes" : "no");
    if (r->found) {
        fputs(" moves=", f);
        fwrite(r->moves, 1, r->moves_len, f);
    } else if (r->next == SLIDE_SPLIT_NO_BOUND) {
        fputs(" next=none", f);
    } else {
        fprintf(f, " next=%u", r->next);
    }
    fprintf(f, " expanded=%llu generated=%llu", r->expanded, r->generated);
}

void split_result_of(split_result *r, const split_identity *search, unsigned bound,
                     unsigned long index, const slide_split_result *res, const slide_stats *st)
{
    memset(r, 0, sizeof *r);
    r->search = search->id;
    r->bound = bound;
    r->index = index;
    r->found = res->found;
    r->moves = res->moves;
    r->moves_len = res->found ? (size_t)res->length : 0;
    r->next = res->next_bound;
    r->expanded = st->expanded;
    r->generated = st->generated;
}

int split_write_result(FILE *f, const split_result *result)
{
    return write_summed(f, fill_result, result);
}

/* ------------------------------------------------------------- reading */

/*
 * Reads sum=HEX at the end of line[0..len) and checks it.  Returns the
 * length of what it covers (the bytes before " sum="), or -1 with why.
 */
static long split_check_sum(const char *line, size_t len, char *why, size_t why_size)
{
    static const char tag[] = " sum=";
    size_t tag_len = sizeof tag - 1;
    if (len < tag_len + 8 || memcmp(line + len - 8 - tag_len, tag, tag_len) != 0) {
        return cli_fail(
            why, why_size,
            "the line does not end in sum= and 8 hex digits: it was cut short or changed "
            "(%zu bytes)",
            len);
    }
    uint32_t want = 0;
    for (size_t i = len - 8; i < len; i++) {
        char c = line[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (v < 0) {
            return cli_fail(why, why_size, "sum= is not 8 lowercase hex digits");
        }
        want = want * 16 + (uint32_t)v;
    }
    size_t covered = len - 8 - tag_len;
    uint32_t got = split_checksum(line, covered);
    if (got != want) {
        return cli_fail(
            why, why_size,
            "the checksum does not match: the line was changed or cut on the way (sum=%08x, its "
            "bytes give %08x)",
            (unsigned)want, (unsigned)got);
    }
    return (long)covered;
}

/* A cursor over the fields of a line, for the messages: which field, which name. */
typedef struct fields {
    const char *at;
    const char *end;
    int number; /* of the field being read, 1-based */
    char *why;
    size_t why_size;
} fields;

/*
 * The value of the next field, which must be name=VALUE: *value and *len.
 * Returns 0, or -1 with why.
 */
static int field(fields *fs, const char *name, const char **value, size_t *len)
{
    fs->number++;
    size_t name_len = strlen(name);
    if (fs->at >= fs->end) {
        return cli_fail(fs->why, fs->why_size,
                        "the line ends before field %d, %s=: it was cut short", fs->number, name);
    }
    const char *stop = memchr(fs->at, ' ', (size_t)(fs->end - fs->at));
    if (!stop)
        stop = fs->end;
    if ((size_t)(stop - fs->at) <= name_len || memcmp(fs->at, name, name_len) != 0 ||
        fs->at[name_len] != '=') {
        int shown = (int)(stop - fs->at > 24 ? 24 : stop - fs->at);
        return cli_fail(fs->why, fs->why_size, "field %d should be %s=..., not '%.*s%s'",
                        fs->number, name, shown, fs->at, stop - fs->at > 24 ? "..." : "");
    }
    *value = fs->at + name_len + 1;
    *len = (size_t)(stop - *value);
    fs->at = stop < fs->end ? stop + 1 : stop;
    return 0;
}

static int bad_value(fields *fs, const char *name, const char *value, size_t len,
                     const char *expected)
{
    int shown = (int)(len > 24 ? 24 : len);
    return cli_fail(fs->why, fs->why_size, "field %d, %s: '%.*s%s' is not %s", fs->number, name,
                    shown, value, len > 24 ? "..." : "", expected);
}

/*
 * Refuses bound when it is past the deepest search (SLIDE_MAX_SEARCH_DEPTH
 * moves), which the library would refuse as a board too large: nonzero with
 * why naming the bound and the maximum; the caller adds what to do.
 */
int split_bound_too_deep(unsigned long long bound, char *why, size_t why_size)
{
    if (bound <= SLIDE_MAX_SEARCH_DEPTH)
        return 0;
    snprintf(why, why_size,
             "a bound of %llu moves is past the deepest search slide makes, %u moves", bound,
             SLIDE_MAX_SEARCH_DEPTH);
    return 1;
}

/* Fails with what to do when the bound just read (field fs->number) is too deep. */
static int deep_bound(fields *fs, unsigned long long bound)
{
    char why[160];
    if (!split_bound_too_deep(bound, why, sizeof why))
        return 0;
    return cli_fail(fs->why, fs->why_size,
                    "field %d, bound: %s: slide split and spread never cut such a line; cut "
                    "the search again with `slide split` or `slide spread`",
                    fs->number, why);
}

/* A decimal number of at most max. */
static int number_field(fields *fs, const char *name, unsigned long long max,
                        unsigned long long *out)
{
    const char *v;
    size_t len;
    if (field(fs, name, &v, &len) != 0)
        return -1;
    unsigned long long n = 0;
    if (len == 0 || len > 20)
        return bad_value(fs, name, v, len, "a whole number");
    for (size_t i = 0; i < len; i++) {
        if (v[i] < '0' || v[i] > '9')
            return bad_value(fs, name, v, len, "a whole number");
        unsigned d = (unsigned)(v[i] - '0');
        if (n > (max - d) / 10)
            return bad_value(fs, name, v, len, "a number in range");
        n = n * 10 + d;
    }
    *out = n;
    return 0;
}

static int hex_field(fields *fs, const char *name, uint64_t *out)
{
    const char *v;
    size_t len;
    if (field(fs, name, &v, &len) != 0)
        return -1;
    uint64_t n = 0;
    if (len != 16)
        return bad_value(fs, name, v, len, "16 hex digits");
    for (size_t i = 0; i < len; i++) {
        char c = v[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return bad_value(fs, name, v, len, "16 hex digits");
        n = n * 16 + (uint64_t)d;
    }
    *out = n;
    return 0;
}

/* A move string: letters u, d, l, r only. */
static int moves_field(fields *fs, const char *name, const char **out, size_t *out_len)
{
    const char *v;
    size_t len;
    if (field(fs, name, &v, &len) != 0)
        return -1;
    for (size_t i = 0; i < len; i++)
        if (!memchr("udlr", v[i], 4))
            return bad_value(fs, name, v, len, "moves (u, d, l, r)");
    *out = v;
    *out_len = len;
    return 0;
}

static int board_field(fields *fs, const char *name, int rows, int cols, slide_board *out)
{
    const char *v;
    size_t len;
    if (field(fs, name, &v, &len) != 0)
        return -1;
    slide_parse_options popt = slide_parse_options_init();
    popt.rows = rows;
    popt.cols = cols;
    slide_parse_error err = slide_parse_error_init();
    int status = slide_board_parse(v, len, &popt, out, &err);
    if (status != SLIDE_OK) {
        return cli_fail(fs->why, fs->why_size, "field %d, %s: %s", fs->number, name,
                        status == SLIDE_E_PARSE ? err.message : slide_strerror(status));
    }
    return 0;
}

/* The magic word of a line, checked; kind names the line in the message. */
static int magic(fields *fs, const char *word, const char *kind, const char *writer)
{
    size_t n = strlen(word);
    size_t family = (size_t)(strchr(word, '/') - word) + 1;
    fs->number = 0;
    if ((size_t)(fs->end - fs->at) > n && memcmp(fs->at, word, n) == 0 && fs->at[n] == ' ') {
        fs->at += n + 1;
        return 0;
    }
    if ((size_t)(fs->end - fs->at) > family && memcmp(fs->at, word, family) == 0)
        return cli_fail(fs->why, fs->why_size,
                        "%s of another format version (this slide reads %s): give every machine "
                        "the same slide",
                        kind, word);
    return cli_fail(fs->why, fs->why_size, "not %s (it should start with '%s'; %s)", kind, word,
                    writer);
}

/*
 * Starts reading line[0..len) as a line of the kind word names (its magic
 * word): the word and the checksum checked, fs left on the first field.
 * Returns 0, or -1 with why.
 */
static int open_line(fields *fs, const char *line, size_t len, const char *word, const char *kind,
                     const char *writer, char *why, size_t why_size)
{
    fs->at = line;
    fs->end = line + len;
    fs->number = 0;
    fs->why = why;
    fs->why_size = why_size;
    if (magic(fs, word, kind, writer) != 0)
        return -1;
    long covered = split_check_sum(line, len, why, why_size);
    if (covered < 0)
        return -1;
    fs->end = line + covered;
    return 0;
}

/*
 * The identity fields after search=ID, into *search (boards allocated: freed
 * again on failure); the id is checked against them.  Returns 0 or -1.
 */
static int read_identity(fields *fs, split_identity *search)
{
    const char *v;
    size_t vlen;
    uint64_t id;
    slide_parse_error err = slide_parse_error_init();
    memset(search, 0, sizeof *search);
    if (hex_field(fs, "search", &id) != 0 || field(fs, "size", &v, &vlen) != 0)
        return -1;
    char size[32];
    if (vlen >= sizeof size)
        return bad_value(fs, "size", v, vlen, "a shape RxC");
    memcpy(size, v, vlen);
    size[vlen] = '\0';
    int rows, cols;
    if (slide_parse_size(size, &rows, &cols, &err) != SLIDE_OK ||
        rows * cols > SLIDE_MAX_WIDE_CELLS)
        return bad_value(fs, "size", v, vlen, "a shape of at most 25 cells");
    if (board_field(fs, "start", rows, cols, &search->start) != 0)
        return -1;
    unsigned long long max_group, max_memory;
    if (board_field(fs, "goal", rows, cols, &search->goal) != 0)
        goto fail;
    if (field(fs, "heuristic", &v, &vlen) != 0)
        goto fail;
    if (vlen == 0 || vlen >= sizeof search->heuristic) {
        bad_value(fs, "heuristic", v, vlen, "a heuristic's name");
        goto fail;
    }
    memcpy(search->heuristic, v, vlen);
    search->heuristic[vlen] = '\0';
    if (number_field(fs, "max-group", SLIDE_MAX_WIDE_CELLS, &max_group) != 0 ||
        number_field(fs, "max-memory", SIZE_MAX, &max_memory) != 0 ||
        hex_field(fs, "tables", &search->tables) != 0)
        goto fail;
    search->max_group = (int)max_group;
    search->max_memory = (size_t)max_memory;
    split_identity_seal(search);
    if (search->id != id) {
        snprintf(fs->why, fs->why_size,
                 "search=%016llx does not match the line's own fields (%016llx): the line was "
                 "made by hand or by another slide",
                 (unsigned long long)id, (unsigned long long)search->id);
        goto fail;
    }
    return 0;
fail:
    split_identity_free(search);
    return -1;
}

/* Fails unless the fields are all read. */
static int at_end(fields *fs, const char *kind)
{
    if (fs->at >= fs->end)
        return 0;
    return cli_fail(fs->why, fs->why_size, "more fields than %s has, from '%.20s'", kind, fs->at);
}

int split_read_item(const char *line, size_t len, split_identity *search, split_item *item,
                    char *why, size_t why_size)
{
    memset(search, 0, sizeof *search);
    memset(item, 0, sizeof *item);
    fields fs;
    if (open_line(&fs, line, len, ITEM_MAGIC, "an item line", "`slide split` and `slide spread` write them", why, why_size) != 0)
        return -1;
    if (read_identity(&fs, search) != 0)
        return -1;
    unsigned long long bound, index, count;
    if (number_field(&fs, "bound", SLIDE_SPLIT_MAX_BOUND, &bound) != 0 ||
        deep_bound(&fs, bound) != 0 || number_field(&fs, "item", 0xffffffffu, &index) != 0 ||
        number_field(&fs, "items", 0xffffffffu, &count) != 0 ||
        moves_field(&fs, "prefix", &item->prefix, &item->prefix_len) != 0 ||
        at_end(&fs, "an item") != 0) {
        split_identity_free(search);
        return -1;
    }
    if (index >= count) {
        snprintf(why, why_size, "item=%llu is not below items=%llu", index, count);
        split_identity_free(search);
        return -1;
    }
    item->bound = (unsigned)bound;
    item->index = (unsigned long)index;
    item->count = (unsigned long)count;
    return 0;
}

static void fill_head(FILE *f, const void *arg)
{
    const split_checkpoint *c = arg;
    fprintf(f, CHECKPOINT_MAGIC " search=%016llx ", (unsigned long long)c->search.id);
    write_identity(f, &c->search);
    fprintf(f, " items=%lu bound=%u iterations=%lu expanded=%llu generated=%llu", c->want,
            c->bound, c->iterations, c->expanded, c->generated);
}

int split_write_checkpoint(FILE *f, const split_checkpoint *head)
{
    return write_summed(f, fill_head, head);
}

int split_read_checkpoint(const char *line, size_t len, split_checkpoint *head, char *why,
                          size_t why_size)
{
    memset(head, 0, sizeof *head);
    fields fs;
    if (open_line(&fs, line, len, CHECKPOINT_MAGIC, "a checkpoint", "`slide spread --checkpoint` writes them", why, why_size) != 0)
        return -1;
    if (read_identity(&fs, &head->search) != 0)
        return -1;
    unsigned long long want, bound, iterations;
    if (number_field(&fs, "items", 0xffffffffu, &want) != 0 ||
        number_field(&fs, "bound", SLIDE_SPLIT_MAX_BOUND, &bound) != 0 ||
        deep_bound(&fs, bound) != 0 ||
        number_field(&fs, "iterations", 0xffffffffu, &iterations) != 0 ||
        number_field(&fs, "expanded", ~0ull, &head->expanded) != 0 ||
        number_field(&fs, "generated", ~0ull, &head->generated) != 0 ||
        at_end(&fs, "a checkpoint") != 0) {
        split_identity_free(&head->search);
        return -1;
    }
    if (want == 0 || want > SPLIT_MAX_ITEMS) {
        snprintf(why, why_size, "field 9, items=%llu is not a count of subtrees from 1 to %u", want,
                 SPLIT_MAX_ITEMS);
        split_identity_free(&head->search);
        return -1;
    }
    head->want = (unsigned long)want;
    head->bound = (unsigned)bound;
    head->iterations = (unsigned long)iterations;
    return 0;
}

int split_read_result(const char *line, size_t len, split_result *result, char *why,
                      size_t why_size)
{
    memset(result, 0, sizeof *result);
    fields fs;
    if (open_line(&fs, line, len, RESULT_MAGIC, "a result line", "`slide work` writes them", why, why_size) != 0)
        return -1;
    unsigned long long bound, index, expanded, generated;
    const char *v;
    size_t vlen;
    if (hex_field(&fs, "search", &result->search) != 0 ||
        number_field(&fs, "bound", SLIDE_SPLIT_MAX_BOUND, &bound) != 0 ||
        number_field(&fs, "item", 0xffffffffu, &index) != 0 || field(&fs, "found", &v, &vlen) != 0)
        return -1;
    if (vlen == 3 && memcmp(v, "yes", 3) == 0) {
        result->found = 1;
        if (moves_field(&fs, "moves", &result->moves, &result->moves_len) != 0)
            return -1;
    } else if (vlen == 2 && memcmp(v, "no", 2) == 0) {
        const char *next;
        size_t next_len;
        if (field(&fs, "next", &next, &next_len) != 0)
            return -1;
        if (next_len == 4 && memcmp(next, "none", 4) == 0) {
            result->next = SLIDE_SPLIT_NO_BOUND;
        } else {
            fs.at = next - 5; /* read it again as a number */
            fs.number--;
            unsigned long long n;
            if (number_field(&fs, "next", SLIDE_SPLIT_MAX_BOUND, &n) != 0)
                return -1;
            result->next = (unsigned)n;
        }
    } else {
        return bad_value(&fs, "found", v, vlen, "yes or no");
    }
    if (number_field(&fs, "expanded", ~0ull, &expanded) != 0 ||
        number_field(&fs, "generated", ~0ull, &generated) != 0)
        return -1;
    if (at_end(&fs, "a result") != 0)
        return -1;
    result->bound = (unsigned)bound;
    result->index = (unsigned long)index;
    result->expanded = expanded;
    result->generated = generated;
    return 0;
}

/* ---------------------------------------------------------- the setup */

/*
 * The progress of the setup's searches: cli_progress's, and a note when
 * tables start to be built, which for 4x4's best ones takes minutes (the
 * progress line shows only on a terminal).
 */
static void setup_progress(void *ctx, const slide_progress *p)
{
    split_setup *setup = ctx;
    int building =
        p->kind == SLIDE_PROGRESS_BUILD ||
        (p->kind == SLIDE_PROGRESS_NOTE && p->message && strncmp(p->message, "building ", 9) == 0);
    if (building && !setup->build_noted) {
        setup->build_noted = 1;
        cli_progress_end(&setup->progress);
        fprintf(stderr,
                "slide: %s: note: the pattern databases this search needs are not cached: "
                "building them first, once (the 15-puzzle's 7-8 tables take minutes and about "
                "1.2 GiB; `slide pdb build` makes them ahead)\n",
                setup->command ? setup->command : "split");
    }
    cli_progress(&setup->progress, p);
}

/*
 * A weighted search's iterations are short (a few, of seconds at most on
 * the 24-puzzle) and its ladder's later rungs depend on the earlier ones'
 * answers, so cutting them into items would cost more in process starts
 * than it saves; the budget's rounds are one process's work.
 */
#define SPLIT_NEAR_OPTIMAL_WHY                                                                     \
    "the search cut into items is optimal IDA*; a near-optimal answer takes a second or less "     \
    "on one machine: slide solve --weight W --jobs N, or --budget SECONDS for a shorter one"
const cli_alias split_near_optimal_aliases[] = {{"--weight", "solve", NULL, SPLIT_NEAR_OPTIMAL_WHY},
                                                {"--budget", "solve", NULL, SPLIT_NEAR_OPTIMAL_WHY},
                                                {NULL, NULL, NULL, NULL}};

void split_setup_init(split_setup *setup)
{
    memset(setup, 0, sizeof *setup);
    cli_progress_init(&setup->progress);
    setup->lib = slide_solve_options_init();
    setup->lib.progress = setup_progress;
    setup->lib.progress_ctx = setup;
}

int split_setup_option(split_setup *setup, const char *command, char which, const char *value)
{
    char where[48];
    slide_parse_error err = slide_parse_error_init();
    if (which == 's') {
        if (slide_parse_size(value, &setup->rows, &setup->cols, &err) != SLIDE_OK) {
            cli_error("%s: --size: %s", command, err.message);
            return EXIT_USAGE;
        }
    } else if (which == 'H') {
        const char *names[16];
        size_t count = 0;
        for (size_t i = 0; i < slide_heuristic_count() && count < 16; i++)
            names[count++] = slide_heuristic_at(i)->name;
        snprintf(where, sizeof where, "%s: --heuristic", command);
        if (cli_parse_choice(where, value, "heuristic", names, count) < 0)
            return EXIT_USAGE;
        setup->heuristic = value;
    } else if (cli_parse_memory(value, &setup->max_memory)) {
        cli_error("%s: --max-memory: '%.60s' is not a size (e.g. 512M, 4G)", command, value);
        return EXIT_USAGE;
    }
    return 0;
}

void split_setup_report(const slide_stats *st, int status, const char *command)
{
    char note[CLI_MESSAGE_SIZE];
    slide_stats said = *st;
    /* these commands have no --algo: a board past idastar's reach goes to slide solve */
    int too_large = status == SLIDE_E_TOO_LARGE;
    if (too_large)
        said.remedy = SLIDE_REMEDY_NONE;
    cli_solve_note(&said, status, note, sizeof note);
    cli_error("%s: %s%s%s%s", command, slide_strerror(status), note[0] ? ": " : "", note,
              too_large ? " (slide solve answers larger boards, not proven optimal)" : "");
}

int split_setup_search(split_setup *setup, const char *command, const char *board,
                       const char *goal)
{
    split_identity *s = &setup->search;
    int rows = setup->rows, cols = setup->cols;
    setup->command = command;
    memset(s, 0, sizeof *s);
    if (goal) {
        if (cli_parse_board_arg(command, "--goal", goal, rows, cols, &s->goal) != 0)
            return EXIT_USAGE;
        rows = s->goal.rows;
        cols = s->goal.cols;
    }
    if (cli_parse_board_arg(command, "BOARD", board, rows, cols, &s->start) != 0) {
        slide_board_free(&s->goal);
        return EXIT_FAILED_BOARD;
    }
    if (!goal && slide_board_init_goal(&s->goal, s->start.rows, s->start.cols) != SLIDE_OK) {
        cli_error("out of memory");
        split_identity_free(s);
        return EXIT_FAILED_BOARD;
    }
    if (s->goal.rows != s->start.rows || s->goal.cols != s->start.cols) {
        cli_error("%s: the board is %dx%d but the goal is %dx%d", command, s->start.rows,
                  s->start.cols, s->goal.rows, s->goal.cols);
        split_identity_free(s);
        return EXIT_FAILED_BOARD;
    }
    setup->have_search = 1;
    slide_context_options copt = slide_context_options_init();
    copt.max_memory = setup->max_memory;
    if (slide_context_create(&setup->lib.context, &copt) != SLIDE_OK) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    int max_group = 0;
    slide_pdb_env_max_group(&max_group);
    setup->lib.algo = "idastar";
    setup->lib.heuristic = setup->heuristic;
    s->limits = slide_limits_init();
    s->limits.max_memory = setup->max_memory;
    setup->lib.limits = &s->limits;
    slide_split first;
    slide_stats st = slide_stats_init();
    int status = slide_split_begin(&s->start, &s->goal, &setup->lib, &first, &st);
    cli_progress_end(&setup->progress);
    if (status == SLIDE_E_UNSOLVABLE) {
        setup->unsolvable = 1;
        return 0;
    }
    if (status != SLIDE_OK) {
        split_setup_report(&st, status, command);
        return EXIT_FAILED_BOARD;
    }
    snprintf(s->heuristic, sizeof s->heuristic, "%s", st.heuristic ? st.heuristic : "none");
    s->max_group = max_group;
    s->max_memory = setup->max_memory;
    s->tables = first.tables;
    split_identity_seal(s);
    setup->start_bound = first.start_bound;
    split_identity_options(s, &setup->lib);
    slide_split_free(&first);
    return 0;
}

void split_setup_free(split_setup *setup)
{
    if (setup->have_search)
        split_identity_free(&setup->search);
    slide_context_free(setup->lib.context);
    setup->lib.context = NULL;
    setup->have_search = 0;
}
