/*
 * spread_sim.c - the speed-up of a spread search on P machines when the
 * subtrees that hold an iteration back are cut again while it runs,
 * simulated from the real node counts of its subtrees and of their pieces
 * (tests/bench/spread-resplit.sh runs it; tests/bench/README.md, "One
 * search on many machines", has the figures).
 *
 *   bench_spread_sim measure BOARD > FILE      the counts, measured (below)
 *   bench_spread_sim FILE [P...]               default P: 1 2 8 64 512
 *   environment: OVERHEAD     nodes each item handed out costs besides its own (0)
 *                JOBS         jobs the driver hands out an iteration, a machine (8)
 *                STEAL        1: idle machines get pieces of running ones (1)
 *                STEAL_AFTER  ... of runs of at least this many OVERHEADs (1)
 *                SHARE        budget: the iteration's estimate / (SHARE x P) (0: none)
 *                BUDGET       a fixed budget in nodes instead (unset: none)
 *                ITEMS        measure: subtrees the driver cuts an iteration into (512)
 *                FINEST       measure: pieces of more than 1/FINEST of their
 *                             iteration are cut again (16384), down to MIN_PIECE (1000)
 *                HEURISTIC    measure: -H (pdb); $SLIDE_PDB_MAX_GROUP, $SLIDE_CACHE_DIR count
 *                GOAL         measure: the goal board (1 2 ... n-1 x)
 *
 * measure runs the search as `slide spread` does, through the library
 * calls under `slide split` and `slide work`: each iteration cut into
 * ITEMS subtrees (fewer where the walk meets no level that wide), each
 * searched; then each subtree of more than 1/FINEST of its iteration's
 * nodes (and more than MIN_PIECE) cut again into 8 or more pieces
 * (slide_split_subtree), each searched, and so on down.  Subtrees and
 * pieces after the first answer in order are not searched (their lines
 * say 0 nodes; they are never counted).
 *
 * FILE, per iteration: "# bound=B items=N walk-expanded=W" and N lines
 * "PREFIX EXPANDED FOUND" (its subtrees in u, d, l, r order, FOUND 1 or 0,
 * PREFIX "-" for none); then for each subtree cut again, after its own
 * line, "+ PREFIX items=K walk-expanded=W" and its K pieces the same way.
 * An iteration of 0 subtrees was searched whole by its walk.
 *
 * The policy simulated: the driver walks the iteration down to its cut,
 * alone, and hands the subtrees out in order, JOBS x P jobs of
 * consecutive ones, each job to the machine free first.  A machine walks
 * down to the pieces of what was cut again and takes them in order.  When
 * a machine is idle and nothing is left to hand out, the driver asks the
 * machine that has run its job longest (at least STEAL_AFTER x OVERHEAD)
 * to stop: at its next piece it sends back the pieces it has not started
 * as new items (the one it was about to start and those after it, then
 * the later pieces of each piece it is inside, upwards: their u, d, l, r
 * order), which go out before the rest; the piece it is in it finishes.
 * A machine stops the same way once it has spent a budget, if one is set
 * (SHARE: the iteration's estimate, the one before times its growth, over
 * SHARE x P).  Every job and item handed out costs OVERHEAD more.  As in
 * spread-scale.sh, the iteration with the answer counts its subtrees up to
 * the first one holding an answer (a cut walked in full, though, counts
 * in full: that is work re-splitting adds).  The speed-up is the
 * one-machine nodes (the walks and the subtrees, without re-splitting or
 * OVERHEAD) over the sum of the iterations' makespans; the ceiling, what
 * no schedule passes: each iteration's walk plus its largest piece not cut
 * again or an even share of its nodes.
 */
#include "slide.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COUNTS 16

typedef struct node {
    int first_child, last_child, next_sibling, parent;
    double nodes; /* its search's expanded nodes, whole */
    double walk;  /* cut again: the nodes of the walk down to its pieces; -1: not cut */
    int found;    /* its search whole met an answer */
    int dropped;  /* after the answer: not searched */
    size_t name;  /* its prefix, at names + name */
} node;

typedef struct tree {
    node *nodes;
    size_t count, cap;
    char *names;
    size_t names_len, names_cap;
    int *slots; /* open addressing over the prefixes: node + 1, 0 empty */
    size_t slot_count;
    double base;    /* the iteration on one machine */
    double largest; /* the largest piece not cut again (before the answer) */
} tree;

typedef struct event {
    double time;
    int machine;
    unsigned version; /* of the machine's run: a run cut short leaves a stale event */
    size_t frontier_at, frontier_count;
} event;

/* A machine's run: its item, since when, and whether it was asked to stop. */
typedef struct machine {
    int item;
    double start;
    unsigned version;
    int asked; /* 1 asked to stop early, 2 could not: nothing of it to send back */
} machine;

/* What one machine count adds up over the iterations. */
typedef struct tally {
    int machines;
    double span, floor, handed;
} tally;

static void *grow_array(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t bigger = *cap ? *cap * 2 : 1024;
    while (bigger < need)
        bigger *= 2;
    p = realloc(p, bigger * size);
    if (!p) {
        fputs("spread_sim: out of memory\n", stderr);
        exit(1);
    }
    *cap = bigger;
    return p;
}

static size_t hash_of(const char *text)
{
    uint64_t h = 1469598103934665603u;
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 1099511628211u;
    return (size_t)h;
}

/* The slot of prefix: where its node is, or the empty slot it would take. */
static size_t slot_of(const tree *t, const char *prefix)
{
    size_t i = hash_of(prefix) & (t->slot_count - 1);
    while (t->slots[i] && strcmp(t->names + t->nodes[t->slots[i] - 1].name, prefix) != 0)
        i = (i + 1) & (t->slot_count - 1);
    return i;
}

static void rehash(tree *t)
{
    free(t->slots);
    t->slot_count = t->slot_count ? t->slot_count * 2 : 4096;
    t->slots = calloc(t->slot_count, sizeof *t->slots);
    if (!t->slots) {
        fputs("spread_sim: out of memory\n", stderr);
        exit(1);
    }
    for (size_t i = 1; i < t->count; i++)
        t->slots[slot_of(t, t->names + t->nodes[i].name)] = (int)i + 1;
}

/* Appends a piece (a subtree of the iteration for parent 0) in order. */
static void add_node(tree *t, int parent, const char *prefix, double nodes, int found)
{
    t->nodes = grow_array(t->nodes, &t->cap, t->count + 1, sizeof *t->nodes);
    size_t len = strlen(prefix) + 1;
    t->names = grow_array(t->names, &t->names_cap, t->names_len + len, 1);
    memcpy(t->names + t->names_len, prefix, len);
    node *n = &t->nodes[t->count];
    *n = (node){-1, -1, -1, parent, nodes, -1, found, 0, t->names_len};
    t->names_len += len;
    int at = (int)t->count++;
    if (parent >= 0) {
        node *p = &t->nodes[parent];
        if (p->last_child < 0)
            p->first_child = at;
        else
            t->nodes[p->last_child].next_sibling = at;
        p->last_child = at;
        if (2 * t->count > t->slot_count)
            rehash(t);
        else
            t->slots[slot_of(t, prefix)] = at + 1;
    }
}

static void reset(tree *t, double walk)
{
    t->count = t->names_len = 0;
    memset(t->slots, 0, t->slot_count * sizeof *t->slots);
    add_node(t, -1, "", walk, 0);
    t->nodes[0].walk = walk;
}

/* The node after x in u, d, l, r order that is not below x, within item's subtree; -1 none. */
static int advance(const tree *t, int x, int item)
{
    while (x != item) {
        int next = t->nodes[x].next_sibling;
        if (next >= 0)
            return t->nodes[next].dropped ? -1 : next;
        x = t->nodes[x].parent;
    }
    return -1;
}

static void keep_in(const tree *t, int from, int **frontier, size_t *count, size_t *cap)
{
    for (int y = from; y >= 0 && !t->nodes[y].dropped; y = t->nodes[y].next_sibling) {
        *frontier = grow_array(*frontier, cap, *count + 1, sizeof **frontier);
        (*frontier)[(*count)++] = y;
    }
}

/*
 * One machine's search of item within budget: its nodes; the pieces it
 * sends back appended to *frontier (see the top).
 */
static double run_item(const tree *t, int item, double budget, int **frontier, size_t *count,
                       size_t *cap)
{
    const node *n = t->nodes;
    if (n[item].walk < 0)
        return n[item].nodes;
    double cost = n[item].walk;
    for (int x = n[item].first_child; x >= 0;) {
        if (cost >= budget) {
            keep_in(t, x, frontier, count, cap);
            for (int a = n[x].parent; a != item; a = n[a].parent)
                keep_in(t, n[a].next_sibling, frontier, count, cap);
            return cost;
        }
        if (n[x].walk < 0) {
            cost += n[x].nodes;
            x = advance(t, x, item);
        } else {
            cost += n[x].walk;
            x = n[x].first_child >= 0 ? n[x].first_child : advance(t, x, item);
        }
    }
    return cost;
}

/* Adds e to the heap *heap of *count events (and *cap room: a cut-short run leaves a stale one). */
static void heap_push(event **heap_p, size_t *count, size_t *cap, event e)
{
    event *heap = *heap_p = grow_array(*heap_p, cap, *count + 1, sizeof **heap_p);
    size_t j = (*count)++;
    while (j > 0 && heap[(j - 1) / 2].time > e.time) {
        heap[j] = heap[(j - 1) / 2];
        j = (j - 1) / 2;
    }
    heap[j] = e;
}

static event heap_pop(event *heap, size_t *count)
{
    event top = heap[0], last = heap[--*count];
    size_t j = 0;
    for (;;) {
        size_t c = 2 * j + 1;
        if (c >= *count)
            break;
        if (c + 1 < *count && heap[c + 1].time < heap[c].time)
            c++;
        if (heap[c].time >= last.time)
            break;
        heap[j] = heap[c];
        j = c;
    }
    if (*count)
        heap[j] = last;
    return top;
}

/*
 * Asks the machine running longest (not asked before) to stop at its next
 * check and send back what it has not started, as a driver with idle
 * machines and nothing to hand out would: the run is redone with the nodes
 * spent until now as its budget.  Returns 1 when one will send pieces.
 */
static int ask_to_stop(const tree *t, machine *runs, int count, double now, double overhead,
                       double patience, event **heap, size_t *events, size_t *heap_cap,
                       int **frontier, size_t *frontier_count, size_t *frontier_cap)
{
    for (;;) {
        int oldest = -1;
        for (int m = 0; m < count; m++)
            if (runs[m].item >= 0 && !runs[m].asked && now - runs[m].start >= patience &&
                (oldest < 0 || runs[m].start < runs[oldest].start))
                oldest = m;
        if (oldest < 0)
            return 0;
        machine *r = &runs[oldest];
        size_t at = *frontier_count;
        double cost = run_item(t, r->item, now - r->start, frontier, frontier_count, frontier_cap);
        if (*frontier_count == at) {
            r->asked = 2;
            continue;
        }
        r->asked = 1;
        r->version++;
        heap_push(
            heap, events, heap_cap,
            (event){r->start + overhead + cost, oldest, r->version, at, *frontier_count - at});
        return 1;
    }
}

/*
 * Groups the iteration's subtrees into jobs of per consecutive ones (as
 * spread's --per-job): nodes of no walk after the tree's, between the root
 * and its subtrees.  unbatch undoes it.
 */
static void batch(tree *t, size_t per)
{
    int job = -1;
    size_t in_job = 0;
    int x = t->nodes[0].first_child;
    t->nodes[0].first_child = t->nodes[0].last_child = -1;
    while (x >= 0) {
        int next = t->nodes[x].next_sibling;
        if (job < 0 || in_job == per) {
            t->nodes = grow_array(t->nodes, &t->cap, t->count + 1, sizeof *t->nodes);
            t->nodes[t->count] = (node){-1, -1, -1, 0, 0, 0, 0, t->nodes[x].dropped, 0};
            job = (int)t->count++;
            if (t->nodes[0].last_child < 0)
                t->nodes[0].first_child = job;
            else
                t->nodes[t->nodes[0].last_child].next_sibling = job;
            t->nodes[0].last_child = job;
            in_job = 0;
        }
        node *j = &t->nodes[job];
        t->nodes[x].parent = job;
        t->nodes[x].next_sibling = -1;
        if (j->last_child < 0)
            j->first_child = x;
        else
            t->nodes[j->last_child].next_sibling = x;
        j->last_child = x;
        /* a job is searched while its first subtree is */
        j->dropped = j->dropped && t->nodes[x].dropped;
        in_job++;
        x = next;
    }
}

static void unbatch(tree *t, size_t own)
{
    int last = -1;
    int first = -1;
    for (int job = t->nodes[0].first_child; job >= 0; job = t->nodes[job].next_sibling)
        for (int x = t->nodes[job].first_child; x >= 0;) {
            int next = t->nodes[x].next_sibling;
            t->nodes[x].parent = 0;
            t->nodes[x].next_sibling = -1;
            if (last < 0)
                first = x;
            else
                t->nodes[last].next_sibling = x;
            last = x;
            x = next;
        }
    t->nodes[0].first_child = first;
    t->nodes[0].last_child = last;
    t->count = own;
}

/* One iteration on tl->machines machines: adds its makespan and its floor to *tl. */
static void simulate(const tree *t, double budget, double overhead, int steal, double steal_after,
                     tally *tl)
{
    static int *stack, *fifo, *frontier, *idle;
    static size_t stack_cap, fifo_cap, frontier_cap, heap_cap, runs_cap, idle_cap;
    static event *heap;
    static machine *runs;
    size_t fifo_count = 0, stack_count = 0, frontier_count = 0, head = 0, events = 0;
    for (int x = t->nodes[0].first_child; x >= 0 && !t->nodes[x].dropped;
         x = t->nodes[x].next_sibling) {
        fifo = grow_array(fifo, &fifo_cap, fifo_count + 1, sizeof *fifo);
        fifo[fifo_count++] = x;
    }
    int count = tl->machines, idle_count = count, promised = 0;
    runs = grow_array(runs, &runs_cap, (size_t)count, sizeof *runs);
    idle = grow_array(idle, &idle_cap, (size_t)count, sizeof *idle);
    for (int m = 0; m < count; m++) {
        runs[m] = (machine){-1, 0, 0, 0};
        idle[m] = count - 1 - m;
    }
    double walk = t->nodes[0].walk, now = walk;
    for (;;) {
        while (idle_count > 0 && (stack_count > 0 || head < fifo_count)) {
            int item = stack_count > 0 ? stack[--stack_count] : fifo[head++];
            int m = idle[--idle_count];
            size_t at = frontier_count;
            double cost = run_item(t, item, budget, &frontier, &frontier_count, &frontier_cap);
            runs[m] = (machine){item, now, runs[m].version + 1, 0};
            heap_push(&heap, &events, &heap_cap,
                      (event){now + overhead + cost, m, runs[m].version, at, frontier_count - at});
            tl->handed++;
        }
        while (steal && idle_count > promised &&
               ask_to_stop(t, runs, count, now, overhead, steal_after, &heap, &events, &heap_cap,
                           &frontier, &frontier_count, &frontier_cap))
            promised++;
        if (events == 0)
            break;
        event e = heap_pop(heap, &events);
        if (e.version != runs[e.machine].version)
            continue; /* the run was cut short: its end moved */
        now = e.time;
        if (runs[e.machine].asked == 1)
            promised--;
        runs[e.machine].item = -1;
        idle[idle_count++] = e.machine;
        /* sent back: first out, in their order */
        stack = grow_array(stack, &stack_cap, stack_count + e.frontier_count, sizeof *stack);
        for (size_t i = e.frontier_count; i-- > 0;)
            stack[stack_count++] = frontier[e.frontier_at + i];
    }
    tl->span += now;
    tl->floor += walk + fmax(t->largest, (t->base - walk) / tl->machines);
}

/*
 * Marks what comes after the first answer in u, d, l, r order as not
 * searched, and sums the iteration's one-machine nodes; counts the cuts
 * whose walk and pieces are not their subtree's nodes into *mismatches.
 */
static void settle(tree *t, size_t *mismatches)
{
    node *n = t->nodes;
    int answered = 0;
    for (int x = n[0].first_child; x >= 0;) {
        if (answered)
            n[x].dropped = 1;
        else if (n[x].walk < 0 && n[x].found)
            answered = 1;
        /* a piece not searched: nor is anything below it */
        x = n[x].first_child >= 0 && !n[x].dropped ? n[x].first_child : advance(t, x, 0);
    }
    t->base = n[0].walk;
    t->largest = 0;
    for (size_t i = 1; i < t->count; i++)
        if (n[i].walk < 0 && !n[i].dropped && n[i].nodes > t->largest)
            t->largest = n[i].nodes;
    for (int x = n[0].first_child; x >= 0 && !n[x].dropped; x = n[x].next_sibling)
        t->base += n[x].nodes;
    for (size_t i = 1; i < t->count; i++) {
        if (n[i].walk < 0 || n[i].found)
            continue;
        double sum = n[i].walk;
        for (int c = n[i].first_child; c >= 0; c = n[c].next_sibling)
            sum += n[c].nodes;
        *mismatches += sum != n[i].nodes;
    }
}

static double env_number(const char *name, double fallback)
{
    const char *v = getenv(name);
    return v && *v ? atof(v) : fallback;
}

static void fail(const char *what, size_t line)
{
    fprintf(stderr, "spread_sim: line %zu: %s\n", line, what);
    exit(1);
}

/* The simulation's settings and sums over the iterations. */
typedef struct run {
    tally tl[MAX_COUNTS];
    int counts;
    double overhead, share, fixed, jobs, steal_after;
    int steal;
    double base, before, earlier;
    size_t iterations, pieces, cuts, mismatches;
} run;

/* The iteration read into t (items: its first cut's subtrees) on every machine count. */
static void finish(run *r, tree *t, size_t items)
{
    settle(t, &r->mismatches);
    double estimate = r->before * (r->earlier > 0 ? r->before / r->earlier : 1);
    for (int k = 0; k < r->counts; k++) {
        tally *tl = &r->tl[k];
        if (items == 0) {
            tl->span += t->base;
            tl->floor += t->base;
            continue;
        }
        double budget = r->fixed > 0                     ? r->fixed
                        : r->earlier > 0 && r->share > 0 ? estimate / (r->share * tl->machines)
                                                         : HUGE_VAL;
        size_t own = t->count,
               per = (items + r->jobs * tl->machines - 1) / (size_t)(r->jobs * tl->machines);
        batch(t, per ? per : 1);
        simulate(t, budget, r->overhead, r->steal, r->steal_after * r->overhead, tl);
        unbatch(t, own);
    }
    r->base += t->base;
    r->earlier = r->before;
    r->before = t->base;
    r->iterations++;
}

/* Reads FILE (see the top) and simulates each iteration as it ends. */
static void read_file(FILE *f, run *r)
{
    tree t;
    memset(&t, 0, sizeof t);
    rehash(&t);
    char line[4096];
    size_t number = 0, items = 0;
    int have = 0, parent = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        char prefix[1024];
        double nodes;
        int found;
        size_t count;
        if (line[0] == '#') {
            if (have)
                finish(r, &t, items);
            if (sscanf(line, "# bound=%*u items=%zu walk-expanded=%lf", &items, &nodes) != 2)
                fail("not an iteration's first line", number);
            reset(&t, nodes);
            have = 1;
            parent = 0;
        } else if (line[0] == '+') {
            if (sscanf(line, "+ %1023s items=%zu walk-expanded=%lf", prefix, &count, &nodes) != 3)
                fail("not a cut's first line", number);
            size_t slot = slot_of(&t, prefix);
            if (!have || !t.slots[slot])
                fail("a cut of a subtree not read before", number);
            parent = t.slots[slot] - 1;
            t.nodes[parent].walk = nodes;
            r->cuts++;
        } else if (sscanf(line, "%1023s %lf %d", prefix, &nodes, &found) == 3 && have) {
            add_node(&t, parent, strcmp(prefix, "-") ? prefix : "", nodes, found);
            r->pieces++;
        } else {
            fail("not a subtree's line", number);
        }
    }
    if (have)
        finish(r, &t, items);
    free(t.nodes);
    free(t.names);
    free(t.slots);
}

/* A piece searched: its prefix (malloc'd) and nodes. */
typedef struct piece {
    char *prefix;
    double nodes;
} piece;

/* What measure searches with, and what it has found in an iteration. */
typedef struct measure {
    slide_board start, goal;
    slide_solve_options opt;
    slide_pdb_options pdb;
    unsigned bound;
    int answered;    /* an answer was met: what comes after is not searched */
    unsigned next;   /* the next bound */
    piece *searched; /* the pieces of the last cut, to cut again where large */
    size_t searched_count, searched_cap;
} measure;

static void check(int status, const char *what)
{
    if (status != SLIDE_OK) {
        fprintf(stderr, "spread_sim: %s: %s\n", what, slide_strerror(status));
        exit(1);
    }
}

/*
 * Searches the pieces of cut in order, a line each, and lists in
 * m->searched those that may be cut again (not the parent itself: a goal
 * met at its end).  Returns their nodes.
 */
static double search_pieces(measure *m, const slide_split *cut, const char *parent)
{
    double sum = 0;
    m->searched_count = 0;
    for (size_t i = 0; i < cut->count; i++) {
        const char *prefix = cut->prefix[i];
        if (m->answered) {
            printf("%s 0 0\n", *prefix ? prefix : "-");
            continue;
        }
        slide_split_result r;
        slide_stats st = slide_stats_init();
        check(slide_split_search(&m->start, &m->goal, &m->opt, m->bound, prefix, strlen(prefix), &r,
                                 &st),
              "a subtree's search");
        printf("%s %llu %d\n", *prefix ? prefix : "-", (unsigned long long)st.expanded, r.found);
        sum += (double)st.expanded;
        if (!r.found && r.next_bound < m->next)
            m->next = r.next_bound;
        if (*prefix && strcmp(prefix, parent) != 0) {
            m->searched = grow_array(m->searched, &m->searched_cap, m->searched_count + 1,
                                     sizeof *m->searched);
            m->searched[m->searched_count++] = (piece){strdup(prefix), (double)st.expanded};
        }
        m->answered = r.found;
        slide_split_result_free(&r);
    }
    return sum;
}

/*
 * Moves the pieces of m->searched above limit to the end of *queue
 * (frees the rest).
 */
static void keep_large(measure *m, double limit, piece **queue, size_t *count, size_t *cap)
{
    for (size_t i = 0; i < m->searched_count; i++) {
        if (m->searched[i].nodes > limit) {
            *queue = grow_array(*queue, cap, *count + 1, sizeof **queue);
            (*queue)[(*count)++] = m->searched[i];
        } else {
            free(m->searched[i].prefix);
        }
    }
    m->searched_count = 0;
}

/* One iteration: its cut and subtrees, then its large pieces cut again, and so on down. */
static double measure_iteration(measure *m, size_t want, size_t *cuts)
{
    slide_split cut;
    slide_stats st = slide_stats_init();
    for (;; want /= 8) {
        check(slide_split_iteration(&m->start, &m->goal, &m->opt, m->bound, want, &cut, &st),
              "the iteration's cut");
        if (cut.count > 0 || want <= 8)
            break;
        slide_split_free(&cut);
    }
    printf("# bound=%u items=%zu walk-expanded=%llu\n", m->bound, cut.count,
           (unsigned long long)st.expanded);
    m->next = cut.next_bound;
    double total = (double)st.expanded + search_pieces(m, &cut, "");
    slide_split_free(&cut);
    double limit = fmax(total / env_number("FINEST", 16384), env_number("MIN_PIECE", 1000));
    piece *queue = NULL;
    size_t count = 0, cap = 0;
    keep_large(m, limit, &queue, &count, &cap);
    /* the pieces' answers are the subtrees': only what their order needs is searched */
    for (size_t i = 0; i < count; i++) {
        int answered = m->answered;
        m->answered = 0;
        const char *prefix = queue[i].prefix;
        check(slide_split_subtree(&m->start, &m->goal, &m->opt, m->bound, prefix, strlen(prefix), 8,
                                  &cut, &st),
              "a subtree's cut");
        if (cut.count > 0) {
            printf("+ %s items=%zu walk-expanded=%llu\n", prefix, cut.count,
                   (unsigned long long)st.expanded);
            search_pieces(m, &cut, prefix);
            keep_large(m, limit, &queue, &count, &cap);
            ++*cuts;
        }
        m->answered = answered;
        slide_split_free(&cut);
        free(queue[i].prefix);
    }
    free(queue);
    return total;
}

/* `measure BOARD`: the counts of the whole search on stdout (see the top). */
static int measure_search(const char *text)
{
    measure m;
    memset(&m, 0, sizeof m);
    check(slide_board_parse(text, strlen(text), NULL, &m.start, NULL), "BOARD");
    const char *goal = getenv("GOAL");
    if (goal && *goal)
        check(slide_board_parse(goal, strlen(goal), NULL, &m.goal, NULL), "GOAL");
    else
        check(slide_board_init_goal(&m.goal, m.start.rows, m.start.cols), "the goal");
    slide_context *context;
    check(slide_context_create(&context, NULL), "a context");
    m.pdb = slide_pdb_options_init();
    slide_pdb_env_max_group(&m.pdb.max_group);
    m.opt = slide_solve_options_init();
    m.opt.algo = "idastar";
    m.opt.heuristic = getenv("HEURISTIC") ? getenv("HEURISTIC") : "pdb";
    m.opt.pdb = &m.pdb;
    m.opt.context = context;
    slide_split first;
    check(slide_split_begin(&m.start, &m.goal, &m.opt, &first, NULL), "the first bound");
    m.bound = first.start_bound;
    slide_split_free(&first);
    for (;;) {
        size_t cuts = 0;
        double total = measure_iteration(&m, (size_t)env_number("ITEMS", 512), &cuts);
        fprintf(stderr, "bound %u: %.0f nodes, %zu subtrees cut again\n", m.bound, total, cuts);
        fflush(stdout);
        if (m.answered || m.next == SLIDE_SPLIT_NO_BOUND)
            break;
        m.bound = m.next;
    }
    free(m.searched);
    slide_context_free(context);
    slide_board_free(&m.start);
    slide_board_free(&m.goal);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "measure") == 0 && argc != 3)) {
        fputs("usage: bench_spread_sim measure BOARD > FILE, or bench_spread_sim FILE [P...]\n",
              stderr);
        return 2;
    }
    if (strcmp(argv[1], "measure") == 0)
        return measure_search(argv[2]);
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    static run r;
    static const int fallback[] = {1, 2, 8, 64, 512};
    for (int i = 2; i < argc && r.counts < MAX_COUNTS; i++)
        r.tl[r.counts++].machines = atoi(argv[i]);
    for (; argc == 2 && r.counts < 5; r.counts++)
        r.tl[r.counts].machines = fallback[r.counts];
    r.overhead = env_number("OVERHEAD", 0);
    r.share = env_number("SHARE", 0);
    r.steal = (int)env_number("STEAL", 1);
    r.jobs = env_number("JOBS", 8);
    r.steal_after = env_number("STEAL_AFTER", 1);
    r.fixed = env_number("BUDGET", 0);
    read_file(f, &r);
    fclose(f);
    printf("%zu iterations, %.0f nodes on one machine; %zu subtrees and pieces, %zu cut again "
           "(%zu not adding up)\n",
           r.iterations, r.base, r.pieces, r.cuts, r.mismatches);
    printf("overhead %.0f nodes an item, %.0f jobs a machine, %s, %s\n", r.overhead, r.jobs,
           r.steal ? "idle machines take pieces of running ones" : "no pieces taken",
           r.fixed > 0   ? "a fixed budget"
           : r.share > 0 ? "a budget of estimate / (SHARE x P)"
                         : "no budget");
    printf("%9s %9s %11s %9s %11s\n", "machines", "speed-up", "efficiency", "ceiling", "items");
    for (int k = 0; k < r.counts; k++) {
        const tally *tl = &r.tl[k];
        double s = r.base / tl->span;
        printf("%9d %9.2f %10.1f%% %9.2f %11.0f\n", tl->machines, s, 100 * s / tl->machines,
               r.base / tl->floor, tl->handed);
    }
    return 0;
}
