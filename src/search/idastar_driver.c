/*
 * idastar_driver.c - the IDA* driver (search.h): the iterations of every
 * IDA* node loop, on one thread or several, and the weighted ladder.
 *
 * Several threads inside one search.  Each iteration is cut into subtrees:
 * the first thread walks the tree within the bound level by level and
 * records the nodes of the first level that has enough of them, in u, d,
 * l, r order (ida_split); then the threads claim the subtrees in that
 * order.  Depth-first search inside a subtree keeps the order, so the
 * answer one thread prints is the first answer of the lowest subtree that
 * holds one.  A thread that finds an answer in subtree i keeps it when i is
 * the lowest so far; from then on no thread claims a subtree past i and a
 * running one past i is dropped at its next checkpoint, but every subtree
 * below i runs to its end, because it may hold an earlier answer.  The
 * answer is therefore the one-thread string, and an iteration without an
 * answer does exactly the one-thread work plus the shallow walk that splits
 * it.  Enough is SPLIT_TASKS subtrees a thread, so that their uneven sizes
 * even out: on the 15-puzzle, whose pattern databases make the tree narrow,
 * that level is 20 to 40 moves deep, on the 24-puzzle about 8.
 *
 * Weighted IDA*: f = g + W h with an admissible h.  Every node of a shortest
 * path has f <= W (g + h) <= W * optimum, so no bound ever passes W * optimum
 * and an answer of length g (f = g at the goal) found under a bound is at
 * most W times the optimum.  One weight alone is either too long or too
 * slow (on the 24-puzzle a high weight answers far from the optimum, a
 * lower one takes seconds a board), so --weight runs a ladder: W, then lower weights,
 * each rung looking only for an answer shorter than the best so far
 * (limit), and every rung after the first with an expansion budget (a
 * count, not a clock, so the answer is the same on every machine and under
 * any load).  The first rung has no budget, so there is always an answer.
 */
#include "search/search.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>

/* Subtrees a thread should have to claim in a split iteration. */
#define SPLIT_TASKS 512u
/* The depth a split starts at, and the deepest it goes. */
#define SPLIT_FIRST_DEPTH 4u
#define SPLIT_MAX_DEPTH 255u /* prefix lengths are bytes */

/* Rung k of the ladder has weight 1 + (W - 1) * ladder_tenths[k] / 10. */
static const unsigned ladder_tenths[] = {10, 8, 7, 6, 5};
/*
 * The ladder's top weight: a larger W runs as this.  Past it weighted IDA*
 * only gets slower and its answers longer, and on a small board a huge one
 * never ends: its bounds creep up a move at a time while each iteration
 * walks the few states again at ever greater depths.  An answer within
 * 5 x optimum is within W x optimum.
 */
#define LADDER_TOP_WEIGHT (5u * IDA_WEIGHT_ONE)
/*
 * The twin automaton (twins.c) an iteration at weight 1 follows: the one
 * of length 2 (no building) at first, then longer ones as the search's
 * expansions pass each step's `after`, so that a search of a few thousand
 * nodes builds nothing and a long one drops the most: a longer automaton
 * costs more to build (once a run with a context) and cuts the tree's
 * branching factor more.  Which one is followed changes the nodes, never
 * the answer (on several threads, where the expansions an iteration ends
 * with vary a little, the iteration a length starts at may too).  The
 * weighted ladder keeps to reversals.  A split search's pieces (ida_job)
 * all follow TWINS_JOB, so that they cut the same tree whatever piece they
 * are.
 */
static const struct {
    unsigned length;
    uint64_t after;
} twin_steps[] = {{10, 1000}, {12, 2000000}, {14, 100000000}};
#define TWINS_JOB 12

/* Expansions each rung after the first may spend: a fraction of a second on the 24-puzzle. */
#define LADDER_RUNG_EXPANSIONS 2000000u

struct ida_tasks {
    uint8_t *moves;   /* count subtrees of stride moves each */
    uint8_t *lengths; /* each subtree's prefix length (<= stride) */
    size_t count;
    size_t cap;       /* subtrees lengths has room for */
    size_t moves_cap; /* bytes moves has room for */
    unsigned stride;
    search_budget *budget;
};

struct ida_iteration {
    ida_subtree_fn subtree;
    const ida_tasks *tasks;
    const search_budget *limits; /* the search's deadline and cancel (threads read it) */
    _Atomic uint32_t next_task;
    _Atomic uint32_t best_task; /* the lowest subtree with an answer, UINT32_MAX: none yet */
    _Atomic int stop;           /* the status that stops every thread, 0: none */
    pthread_mutex_t lock;       /* over best_task's answer and stopped_task */
    uint32_t stopped_task;      /* the lowest subtree that stopped before its end */
    uint8_t *answer;            /* the best subtree's answer (room for the bound) */
    unsigned answer_length;
};

/* The driver's state over one search. */
typedef struct drive {
    search_task *search;
    ida_subtree_fn subtree;
    ida_thread *const *threads;
    int count;
    unsigned start_h;
    ida_tasks tasks;
    ida_tasks spare; /* the parents' list while the split deepens */
    /* the last answer an iteration found: the first thread's path or answer */
    const uint8_t *found;
    unsigned found_length;
    uint8_t *answer; /* where a split iteration keeps its answer (room for the bound) */
    size_t answer_cap;
    unsigned bound;        /* of the iteration running or last run */
    const twin_row *twins; /* what the iterations at weight 1 follow */
    unsigned twin_length;
    unsigned twin_tried; /* the longest asked for: one over the memory cap is not asked again */
    twin_automaton owned_twins; /* when the search has no context to keep it */
} drive;

int ida_thread_count(const search_task *search)
{
    return search->threads < 1                 ? 1
           : search->threads > IDA_MAX_THREADS ? IDA_MAX_THREADS
                                               : search->threads;
}

int ida_checkpoint(ida_thread *t)
{
    if (t->node_cap && t->expanded >= t->node_cap)
        return IDA_NODE_CAP;
    ida_iteration *it = t->iteration;
    if (!it)
        return budget_expired(t->budget) ? t->budget->status : 0;
    if (atomic_load_explicit(&it->best_task, memory_order_relaxed) < t->task)
        return IDA_ABANDONED;
    int stop = atomic_load_explicit(&it->stop, memory_order_relaxed);
    if (stop)
        return stop;
    int reason = budget_stop_reason(it->limits);
    if (reason) {
        int none = 0;
        atomic_compare_exchange_strong(&it->stop, &none, reason);
        return reason;
    }
    return 0;
}

/* Makes room for one more subtree of the list's stride; SLIDE_OK or the budget's status. */
static int tasks_reserve(ida_tasks *tasks)
{
    search_budget *budget = tasks->budget;
    if (tasks->count == tasks->cap) {
        size_t cap = tasks->cap ? tasks->cap * 2 : 1024;
        uint8_t *lengths = budget_realloc(budget, tasks->lengths, tasks->cap, cap);
        if (!lengths)
            return budget->status;
        tasks->lengths = lengths;
        tasks->cap = cap;
    }
    size_t need = (tasks->count + 1) * tasks->stride;
    if (need > tasks->moves_cap) {
        size_t cap = tasks->moves_cap ? tasks->moves_cap * 2 : 8192;
        while (cap < need)
            cap *= 2;
        uint8_t *moves = budget_realloc(budget, tasks->moves, tasks->moves_cap, cap);
        if (!moves)
            return budget->status;
        tasks->moves = moves;
        tasks->moves_cap = cap;
    }
    return SLIDE_OK;
}

/* Appends path[0 .. length) as the next subtree. */
static int tasks_push(ida_tasks *tasks, const uint8_t *path, unsigned length)
{
    int status = tasks_reserve(tasks);
    if (status != SLIDE_OK)
        return status;
    memcpy(tasks->moves + tasks->count * tasks->stride, path, length);
    tasks->lengths[tasks->count++] = (uint8_t)length;
    return SLIDE_OK;
}

int ida_split(ida_thread *t, unsigned depth)
{
    return tasks_push(t->tasks, t->path, depth);
}

/* The threads' counters, summed into the search's figures. */
static void sum_counters(const drive *d)
{
    uint64_t expanded = 0, generated = 0;
    for (int i = 0; i < d->count; i++) {
        expanded += d->threads[i]->expanded;
        generated += d->threads[i]->generated;
    }
    d->search->stats->expanded = expanded;
    d->search->stats->generated = generated;
}

/* Grows *p (*cap bytes, budget memory) to at least need bytes.  SLIDE_OK or the budget's status. */
static int grow(search_budget *budget, uint8_t **p, size_t *cap, size_t need)
{
    if (*cap >= need)
        return SLIDE_OK;
    size_t grown = *cap ? *cap * 2 : need;
    while (grown < need)
        grown *= 2;
    uint8_t *bigger = budget_realloc(budget, *p, *cap, grown);
    if (!bigger)
        return budget->status;
    *p = bigger;
    *cap = grown;
    return SLIDE_OK;
}

/*
 * Room in the paths of the first count threads, and in d->answer when they
 * are several, for the moves an iteration with this bound can take:
 * f >= g * IDA_WEIGHT_ONE, so at most bound / IDA_WEIGHT_ONE (and a spare).
 * SLIDE_OK or the budget's status.
 */
static int make_room(drive *d, unsigned bound, int count)
{
    search_budget *budget = d->search->budget;
    size_t need = (size_t)(bound / IDA_WEIGHT_ONE) + 2;
    int status = SLIDE_OK;
    for (int i = 0; i < count && status == SLIDE_OK; i++)
        status = grow(budget, &d->threads[i]->path, &d->threads[i]->path_cap, need);
    if (count > 1 && status == SLIDE_OK)
        status = grow(budget, &d->answer, &d->answer_cap, need);
    return status;
}

/* The iteration on the first thread alone: 1 (answer in d->found), 0 or a status. */
static int search_alone(drive *d)
{
    ida_thread *first = d->threads[0];
    int r = d->subtree(first, NULL, 0);
    d->found = first->path;
    d->found_length = first->found_length;
    return r;
}

/*
 * Fills d->tasks with the subtrees of the iteration below prefix[0 ..
 * length) (the whole iteration for length 0), in u, d, l, r order: the
 * nodes SPLIT_FIRST_DEPTH moves deep (one move below a prefix, of fewer
 * than SPLIT_MAX_DEPTH moves), then,
 * while they are fewer than want, the children of each in turn one level
 * deeper, so that every node above the final depth is expanded once and
 * the walk stays short (a level of fewer than want nodes costs fewer than
 * want expansions, even in an iteration that will stop early at an
 * answer).  A goal met above the split depth ends the list: no later
 * subtree can matter.  The first thread's counters and next_bound take in
 * the walk.  Returns SLIDE_OK or a status.
 */
static int split_iteration(drive *d, unsigned want, const uint8_t *prefix, unsigned length)
{
    ida_thread *first = d->threads[0];
    unsigned deepest = d->bound / IDA_WEIGHT_ONE;
    unsigned depth = length ? length + 1 : SPLIT_FIRST_DEPTH;
    if (depth > deepest) /* below a prefix: too deep to reach, so the walk searches it all */
        depth = length ? deepest + 1 : deepest ? deepest : 1;
    first->tasks = &d->tasks;
    first->next_bound = UINT_MAX;
    d->tasks.count = 0;
    d->tasks.stride = depth;
    first->split_depth = depth;
    int r = d->subtree(first, prefix, length);
    while (r == 0 && d->tasks.count < want && depth < deepest && depth < SPLIT_MAX_DEPTH) {
        /* one level deeper: the old list becomes the parents of the new one */
        ida_tasks parents = d->tasks;
        d->tasks = d->spare;
        d->spare = parents;
        d->tasks.count = 0;
        d->tasks.stride = ++depth;
        first->split_depth = depth;
        for (size_t i = 0; i < parents.count && r == 0; i++)
            r = d->subtree(first, parents.moves + i * parents.stride, parents.lengths[i]);
    }
    first->split_depth = UINT_MAX;
    if (r == 1)
        return tasks_push(&d->tasks, first->path, first->found_length);
    return r < 0 ? r : SLIDE_OK;
}

/* Claims subtrees in order until none is left or none can matter (see the top). */
static void run_subtrees(ida_iteration *it, ida_thread *t)
{
    t->iteration = it;
    t->split_depth = UINT_MAX;
    for (;;) {
        uint32_t i = atomic_fetch_add_explicit(&it->next_task, 1, memory_order_relaxed);
        if (i >= it->tasks->count || i > atomic_load(&it->best_task) || atomic_load(&it->stop))
            break;
        t->task = i;
        int r =
            it->subtree(t, it->tasks->moves + (size_t)i * it->tasks->stride, it->tasks->lengths[i]);
        if (r == 1) {
            pthread_mutex_lock(&it->lock);
            if (i < atomic_load(&it->best_task)) {
                memcpy(it->answer, t->path, t->found_length);
                it->answer_length = t->found_length;
                atomic_store(&it->best_task, i);
            }
            pthread_mutex_unlock(&it->lock);
        } else if (r < 0 && r != IDA_ABANDONED) {
            pthread_mutex_lock(&it->lock);
            if (i < it->stopped_task)
                it->stopped_task = i;
            pthread_mutex_unlock(&it->lock);
            int none = 0;
            atomic_compare_exchange_strong(&it->stop, &none, r);
            break;
        }
    }
    t->iteration = NULL;
}

typedef struct worker_start {
    ida_iteration *iteration;
    ida_thread *thread;
} worker_start;

static void *worker_main(void *arg)
{
    worker_start *start = arg;
    run_subtrees(start->iteration, start->thread);
    return NULL;
}

/*
 * The iteration split between count threads: 1 (the one-thread answer in
 * d->found), 0 when it holds none, or a status.
 */
static int search_split(drive *d, int count)
{
    ida_thread *first = d->threads[0];
    int status = split_iteration(d, SPLIT_TASKS * (unsigned)count, NULL, 0);
    if (status != SLIDE_OK)
        return status;
    if (d->tasks.count == 0)
        return 0; /* the whole iteration was above the split */

    ida_iteration it;
    memset(&it, 0, sizeof it);
    it.subtree = d->subtree;
    it.tasks = &d->tasks;
    it.limits = d->search->budget;
    atomic_init(&it.next_task, 0);
    atomic_init(&it.best_task, UINT32_MAX);
    atomic_init(&it.stop, 0);
    it.stopped_task = UINT32_MAX;
    it.answer = d->answer;
    if (pthread_mutex_init(&it.lock, NULL) != 0)
        return SLIDE_E_NOMEM;
    pthread_t ids[IDA_MAX_THREADS];
    worker_start starts[IDA_MAX_THREADS];
    int started[IDA_MAX_THREADS] = {0};
    /* the stack the deepest search needs, whatever the system's default (musl's is 128 KiB) */
    pthread_attr_t attr;
    int have_attr = pthread_attr_init(&attr) == 0;
    if (have_attr && pthread_attr_setstacksize(&attr, SLIDE_SEARCH_STACK) != 0) {
        pthread_attr_destroy(&attr);
        have_attr = 0;
    }
    for (int i = 1; i < count; i++) {
        starts[i].iteration = &it;
        starts[i].thread = d->threads[i];
        /* a thread the system refuses leaves its subtrees to the others */
        started[i] = have_attr && pthread_create(&ids[i], &attr, worker_main, &starts[i]) == 0;
    }
    if (have_attr)
        pthread_attr_destroy(&attr);
    run_subtrees(&it, first);
    for (int i = 1; i < count; i++)
        if (started[i])
            pthread_join(ids[i], NULL);
    pthread_mutex_destroy(&it.lock);

    uint32_t best = atomic_load(&it.best_task);
    if (best < it.stopped_task) {
        /* every subtree below the answer's ran to its end: it is the one-thread answer */
        d->found = d->answer;
        d->found_length = it.answer_length;
        return 1;
    }
    int stop = atomic_load(&it.stop);
    if (stop) {
        if (d->search->budget->status == SLIDE_OK)
            d->search->budget->status = stop;
        return stop;
    }
    return 0;
}

/* The context's build of a twin automaton (arg: the shape and length, three ints). */
static int twins_build(void *arg, search_budget *budget, void **data, size_t *size)
{
    const int *key = arg;
    twin_automaton *a = budget_calloc(budget, 1, sizeof *a);
    if (!a)
        return budget->status;
    int status = twin_automaton_build(budget, key[0], key[1], (unsigned)key[2], a);
    if (status != SLIDE_OK) {
        budget_free(budget, a, sizeof *a);
        return status;
    }
    *data = a;
    *size = a->bytes;
    return SLIDE_OK;
}

static void twins_destroy(void *data, size_t size, search_budget *budget)
{
    (void)size;
    twin_automaton_free(budget, data);
    budget_free(budget, data, sizeof(twin_automaton));
}

/*
 * Makes d->twins the automaton of `length` for the search's shape: the
 * context's (built once a run) or one of the drive's own.  One that does
 * not fit the memory cap leaves the shorter one in place (SLIDE_OK); any
 * other failure (the system's memory) is the search's status.
 */
static int use_twins(drive *d, unsigned length)
{
    search_task *search = d->search;
    int key[3] = {search->shape.rows, search->shape.cols, (int)length};
    const twin_automaton *a = NULL;
    int status;
    if (search->context) {
        void *data = NULL;
        status = context_cache_get(search->context, CACHE_TWINS, key, sizeof key, twins_build,
                                   twins_destroy, key, &data);
        a = data;
    } else {
        twin_automaton built;
        status = twin_automaton_build(search->budget, key[0], key[1], length, &built);
        if (status == SLIDE_OK) {
            twin_automaton_free(search->budget, &d->owned_twins);
            d->owned_twins = built;
            a = &d->owned_twins;
        } else if (status == SLIDE_E_MEMLIMIT) {
            search->budget->status = SLIDE_OK;
        }
    }
    d->twin_tried = length;
    if (status == SLIDE_E_MEMLIMIT)
        return SLIDE_OK;
    if (status != SLIDE_OK)
        return status;
    d->twins = (const twin_row *)a->next;
    d->twin_length = length;
    return SLIDE_OK;
}

/* Lengthens the strings weight-1 iterations drop as the search grows (twin_steps above). */
static int grow_twins(drive *d)
{
    uint64_t expanded = d->search->stats->expanded;
    size_t k = sizeof twin_steps / sizeof twin_steps[0];
    while (k > 0 && expanded < twin_steps[k - 1].after)
        k--;
    if (k > 0 && d->twin_tried < twin_steps[k - 1].length)
        return use_twins(d, twin_steps[k - 1].length);
    return SLIDE_OK;
}

/*
 * The node loops recurse a frame a move, so the depth of a search is
 * capped at SLIDE_MAX_SEARCH_DEPTH (slide.h), which SLIDE_SEARCH_STACK of
 * stack holds: an iteration whose bound lets a path go deeper is refused
 * (SLIDE_E_TOO_LARGE, with a note) before it starts.  A depth is g, and
 * f >= g * IDA_WEIGHT_ONE, so bound / IDA_WEIGHT_ONE is the deepest a path
 * of the iteration goes.  Returns SLIDE_OK or SLIDE_E_TOO_LARGE.
 */
static int within_depth(drive *d, unsigned bound)
{
    if (bound / IDA_WEIGHT_ONE <= SLIDE_MAX_SEARCH_DEPTH)
        return SLIDE_OK;
    search_note(d->search, "idastar's bound of %u moves is past its deepest search, %u moves",
                bound / IDA_WEIGHT_ONE, (unsigned)SLIDE_MAX_SEARCH_DEPTH);
    return SLIDE_E_TOO_LARGE;
}

/*
 * IDA* at one weight: iterations from the start's f until an answer shorter
 * than limit (1, in d->found), none under the limit (0), or a status
 * (IDA_NODE_CAP when node_cap expansions of the first thread are spent).
 */
static int iterate(drive *d, unsigned weight, unsigned limit, uint64_t node_cap, int count)
{
    for (d->bound = weight * d->start_h;;) {
        sum_counters(d);
        int status = within_depth(d, d->bound);
        if (status != SLIDE_OK)
            return status;
        search_progress(d->search, d->bound / IDA_WEIGHT_ONE);
        status = make_room(d, d->bound, count);
        /*
         * Plain IDA* only: a ladder's rung of weight 1 (--weight 1.001) is
         * capped and on one thread after a first rung on several, whose
         * expansions vary with timing; its answer must not.
         */
        int plain = weight == IDA_WEIGHT_ONE && d->search->weight <= IDA_WEIGHT_ONE;
        if (status == SLIDE_OK && plain)
            status = grow_twins(d);
        if (status != SLIDE_OK)
            return status;
        for (int i = 0; i < count; i++) {
            ida_thread *t = d->threads[i];
            t->bound = d->bound;
            t->weight = weight;
            /* the weighted ladder's answers are not shortest: it keeps to reversals */
            t->twins = plain ? d->twins : twin_reversals;
            t->limit = limit;
            t->split_depth = UINT_MAX;
            t->next_bound = UINT_MAX;
            t->node_cap = node_cap;
        }
        int r = count > 1 ? search_split(d, count) : search_alone(d);
        if (r != 0)
            return r;
        unsigned next = UINT_MAX;
        for (int i = 0; i < count; i++)
            if (d->threads[i]->next_bound < next)
                next = d->threads[i]->next_bound;
        if (next == UINT_MAX)
            return 0;
        d->bound = next;
    }
}

static int push_moves(search_task *search, const uint8_t *moves, unsigned length)
{
    int status = SLIDE_OK;
    for (unsigned i = 0; i < length && status == SLIDE_OK; i++)
        status = move_list_push(search->moves, slide_move_letters[moves[i]]);
    return status;
}

/* The note a search stopped by a limit leaves. */
static void note_stop(const drive *d, unsigned weight)
{
    search_task *search = d->search;
    const char *heuristic = search->stats->heuristic ? search->stats->heuristic : "no heuristic";
    if (weight == IDA_WEIGHT_ONE)
        search_note(search, "idastar reached bound %u after %llu nodes with %s",
                    d->bound / IDA_WEIGHT_ONE, (unsigned long long)search->stats->expanded,
                    heuristic);
    else
        search_note(search, "idastar at weight %.3g reached bound %u after %llu nodes with %s",
                    (double)weight / IDA_WEIGHT_ONE, d->bound / IDA_WEIGHT_ONE,
                    (unsigned long long)search->stats->expanded, heuristic);
}

/*
 * The weighted ladder (see the top): the shortest answer of its rungs, in
 * *best (budget memory, *best_cap bytes).  Returns SLIDE_OK, or a status
 * when the first rung found nothing before a limit.
 */
static int ladder(drive *d, uint8_t **best, size_t *best_cap, unsigned *best_length)
{
    search_task *search = d->search;
    unsigned top = search->weight < LADDER_TOP_WEIGHT ? search->weight : LADDER_TOP_WEIGHT;
    unsigned previous = 0;
    int have = 0;
    for (size_t k = 0; k < sizeof ladder_tenths / sizeof ladder_tenths[0]; k++) {
        unsigned weight = IDA_WEIGHT_ONE + (top - IDA_WEIGHT_ONE) * ladder_tenths[k] / 10;
        if (weight == previous)
            continue;
        previous = weight;
        uint64_t cap = have ? d->threads[0]->expanded + LADDER_RUNG_EXPANSIONS : 0;
        /* a rung with a budget runs on one thread: how far it gets must not depend on timing */
        int r = iterate(d, weight, have ? *best_length : UINT_MAX, cap, have ? 1 : d->count);
        sum_counters(d);
        d->threads[0]->node_cap = 0;
        if (r == 1) {
            int status = grow(search->budget, best, best_cap, d->found_length);
            if (status != SLIDE_OK)
                return status;
            /* an answer has at least one move (the start is not the goal) */
            if (!*best || !d->found)
                return SLIDE_E_INTERNAL;
            memcpy(*best, d->found, d->found_length);
            *best_length = d->found_length;
            have = 1;
        } else if (r < 0 && r != IDA_NODE_CAP) {
            if (r != SLIDE_E_TOO_LARGE)
                note_stop(d, weight); /* else within_depth's note says why */
            if (!have || r == SLIDE_E_CANCELLED)
                return r; /* a caller who cancels wants no answer, not the best so far */
            /* a limit after the first rung: the best answer so far keeps the bound */
            search->budget->status = SLIDE_OK;
            return SLIDE_OK;
        } else if (r == 0) {
            if (!have)
                return SLIDE_E_INTERNAL; /* parity said solvable, so some path must exist */
            /* every path was cut by the limit: none is shorter than the best, lower rungs
             * can't help */
            return SLIDE_OK;
        }
        if (*best_length <= d->start_h)
            return SLIDE_OK; /* as short as the start's estimate: nothing is shorter */
    }
    return SLIDE_OK;
}

/*
 * One piece of a split search (search.h, ida_job) on the first thread: the
 * walk that cuts iteration job->bound into subtrees, each handed to
 * job->emit, or the search of one subtree, its answer pushed to
 * search->moves.  Returns SLIDE_OK or a status.
 */
static int drive_job(drive *d, ida_job *job)
{
    ida_thread *first = d->threads[0];
    job->start_bound = d->start_h;
    job->next_bound = UINT_MAX;
    job->found = 0;
    if (job->kind == IDA_JOB_BEGIN)
        return SLIDE_OK;
    int status = use_twins(d, TWINS_JOB);
    if (status != SLIDE_OK)
        return status;
    if (d->twin_length != TWINS_JOB) {
        /* every piece must cut the same tree: one that cannot is refused, not searched apart */
        char cap[32];
        format_bytes(search_table_cap(d->search), cap, sizeof cap);
        search_note(d->search,
                    "a split search needs IDA*'s whole automaton of move strings (up to %u "
                    "moves), over the memory cap of %s; give it tens of MiB",
                    (unsigned)TWINS_JOB, cap);
        return SLIDE_E_MEMLIMIT;
    }
    if (job->kind != IDA_JOB_BEGIN &&
        twin_follow(d->twins, job->prefix, job->prefix_length) == TWIN_STOP) {
        unsigned end = 1;
        while (twin_follow(d->twins, job->prefix, end) != TWIN_STOP)
            end++;
        search_note(d->search,
                    "move %u of the prefix ends a move string that a shorter or earlier one "
                    "does the same as: its subtree is searched under that one's prefix",
                    end);
        return SLIDE_E_BAD_MOVE;
    }
    if (job->kind == IDA_JOB_SPLIT && job->prefix_length >= SPLIT_MAX_DEPTH) {
        search_note(d->search, "a prefix to cut below has at most %u moves (it has %u)",
                    SPLIT_MAX_DEPTH - 1, job->prefix_length);
        return SLIDE_E_ARGUMENT;
    }
    d->bound = job->bound * IDA_WEIGHT_ONE;
    status = within_depth(d, d->bound);
    if (status == SLIDE_OK)
        status = make_room(d, d->bound, 1);
    if (status != SLIDE_OK)
        return status;
    first->bound = d->bound;
    first->weight = IDA_WEIGHT_ONE;
    first->twins = d->twins;
    first->limit = UINT_MAX;
    first->split_depth = UINT_MAX;
    first->next_bound = UINT_MAX;
    first->node_cap = 0;
    int r;
    if (job->kind == IDA_JOB_SPLIT) {
        r = split_iteration(d, job->want ? job->want : 1, job->prefix, job->prefix_length);
        for (size_t i = 0; r == SLIDE_OK && i < d->tasks.count; i++)
            r = job->emit(job->emit_ctx, d->tasks.moves + i * d->tasks.stride, d->tasks.lengths[i]);
    } else {
        r = d->subtree(first, job->prefix, job->prefix_length);
        if (r == 1) {
            job->found = 1;
            r = push_moves(d->search, first->path, first->found_length);
        }
    }
    sum_counters(d);
    if (first->next_bound != UINT_MAX)
        job->next_bound = first->next_bound / IDA_WEIGHT_ONE;
    return r < 0 ? r : SLIDE_OK;
}

int ida_drive(search_task *search, ida_subtree_fn subtree, ida_thread *const *threads, int count,
              unsigned start_h)
{
    drive d;
    memset(&d, 0, sizeof d);
    d.search = search;
    d.subtree = subtree;
    d.threads = threads;
    d.count = count;
    d.start_h = start_h;
    d.tasks.budget = search->budget;
    d.spare.budget = search->budget;
    d.twins = twin_reversals;
    d.twin_length = d.twin_tried = 2;
    for (int i = 0; i < count; i++) {
        threads[i]->budget = search->budget;
        threads[i]->split_depth = UINT_MAX;
        threads[i]->iteration = NULL;
    }
    int status;
    if (search->job) {
        status = drive_job(&d, search->job);
    } else if (search->weight > IDA_WEIGHT_ONE) {
        uint8_t *best = NULL;
        size_t best_cap = 0;
        unsigned best_length = 0;
        search->stats->weight = (double)search->weight / IDA_WEIGHT_ONE; /* the promise asked */
        status = ladder(&d, &best, &best_cap, &best_length);
        if (status == SLIDE_OK)
            status = push_moves(search, best, best_length);
        budget_free(search->budget, best, best_cap);
    } else {
        /* a capped search runs on one thread: whether it gives up must not depend on timing */
        int r =
            iterate(&d, IDA_WEIGHT_ONE, UINT_MAX, search->node_cap, search->node_cap ? 1 : count);
        sum_counters(&d);
        if (r == 1)
            status = push_moves(search, d.found, d.found_length);
        else if (r == 0)
            status = SLIDE_E_INTERNAL; /* parity said solvable, so some path must exist */
        else
            status = r;
        if (status == SLIDE_E_TIMEOUT || status == SLIDE_E_MEMLIMIT)
            note_stop(&d, IDA_WEIGHT_ONE);
    }
    for (int i = 0; i < count; i++) {
        budget_free(search->budget, threads[i]->path, threads[i]->path_cap);
        threads[i]->path = NULL;
        threads[i]->path_cap = 0;
    }
    budget_free(search->budget, d.answer, d.answer_cap);
    budget_free(search->budget, d.tasks.moves, d.tasks.moves_cap);
    budget_free(search->budget, d.tasks.lengths, d.tasks.cap);
    budget_free(search->budget, d.spare.moves, d.spare.moves_cap);
    budget_free(search->budget, d.spare.lengths, d.spare.cap);
    twin_automaton_free(search->budget, &d.owned_twins);
    return status;
}
