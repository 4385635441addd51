/*
 * improve.c - near-optimal answers that get shorter while time remains
 * (slide_solve_options.budget): an anytime driver around beam search.
 *
 * The first round is the method auto runs without a budget, as it runs
 * there (bounded by the caller's limits alone), so a budget never makes an
 * answer longer.  Each later round searches every view of the board
 * (four; eight on 6x7 and 7x7, beam_view_count) with beams twice as wide
 * as the round before, and looks only for answers shorter than the best
 * so far: a view whose path reaches that length is given up
 * (search_task.beam_bound).  Each round's
 * answer goes through the shortening pass before it is compared.  The
 * rounds end at the budget's end (search_task.improve_until), the caller's
 * deadline or cancel, or the memory cap, and the shortest answer found is
 * the answer; none of these is an error once one answer is in hand.
 *
 * A round's views run on up to search_task.threads threads (--jobs), each
 * with its own share of the memory left; a round counts only once all its
 * views ran, and its answer is the shortest of theirs (the first view's of
 * equal ones).  Which rounds complete depends on the machine's speed; the
 * answer of a given number of completed rounds does not, nor does it
 * depend on the threads.
 */
#include "search/search.h"
#include "search/shorten.h"

#include <pthread.h>

/*
 * The widest round: widths this many times the default (384,000 states on
 * 6x6, where a beam then keeps about 50 million states: the memory cap
 * usually ends the rounds first).
 */
#define IMPROVE_MAX_SCALE 64u
/* The most views of a board a round searches (beam_view_count). */
#define IMPROVE_VIEWS 8

/* Reports a shorter answer of `length` moves to the progress callback. */
static void improve_report(const search_task *search, size_t length)
{
    if (!search->progress)
        return;
    slide_progress p;
    memset(&p, 0, sizeof p);
    p.kind = SLIDE_PROGRESS_BEST;
    p.bound = (unsigned)length;
    p.nodes = search->stats->expanded;
    search->progress(search->progress_ctx, &p);
}

/*
 * One round: search (a copy) with solve into moves, kept in memory, then
 * shortened.  The nodes are counted on in search's stats; the round's
 * note is dropped (the answer's method is the first round's).
 */
static int improve_round(search_task *search, solve_fn solve, move_list *moves)
{
    search_task sub = *search;
    slide_stats stats = *search->stats;
    sub.moves = moves;
    sub.stats = &stats;
    int status = solve(&sub);
    search->stats->expanded = stats.expanded;
    search->stats->generated = stats.generated;
    if (status == SLIDE_OK) {
        int shortened = shorten_string(search->start, moves->data, &moves->len, search->budget);
        if (shortened == SLIDE_E_NOMEM)
            status = shortened;
        else if (shortened != SLIDE_OK)
            search->budget->status = SLIDE_OK; /* a bonus, as in solve.c: kept as it came */
        moves->count = moves->len;
    }
    if (status != SLIDE_OK)
        move_list_free(moves);
    return status;
}

/* One view of a round, on a thread of its own: its task, budget, stats and answer. */
typedef struct improve_view {
    search_task task;
    search_budget budget;
    slide_stats stats;
    move_list moves;
    int status;
} improve_view;

static void *improve_view_run(void *arg)
{
    improve_view *v = arg;
    v->status = improve_round(&v->task, beam_solve, &v->moves);
    return NULL;
}

/*
 * A round: the views of the board (up to IMPROVE_VIEWS) with beams `scale`
 * times as wide, each only for answers shorter than best, on up to
 * search->threads threads, each with a share of the memory left.  best
 * becomes the shortest answer (the first view's of equal ones) when that
 * is shorter.  SLIDE_OK once every view ran (found a shorter answer or
 * not), else the first failure in view order: the round then changes
 * nothing, so the answer of the rounds that ran does not depend on the
 * threads.
 */
static int improve_views(search_task *search, unsigned scale, move_list *best)
{
    search_budget *budget = search->budget;
    improve_view views[IMPROVE_VIEWS];
    /* every view a round reads is prepared first; zeroed so the analyzers see it too */
    memset(views, 0, sizeof views);
    pthread_t threads[IMPROVE_VIEWS];
    int total = beam_view_count(search->start->rows, search->start->cols, 1);
    total = total > 4 ? total : 4; /* every view, where the default searches fewer */
    int count = search->threads < total ? search->threads : total;
    size_t left = budget->cap > budget->used ? budget->cap - budget->used : 0;
    int status = SLIDE_OK, prepared = 0;
    int threaded[IMPROVE_VIEWS] = {0};
    for (int first = 0; first < total && status == SLIDE_OK; first += count) {
        int n = first + count <= total ? count : total - first;
        for (int i = 0; i < n; i++) {
            improve_view *v = &views[first + i];
            prepared++;
            v->budget = *budget;
            v->budget.cap = left / (size_t)n;
            v->budget.used = v->budget.peak = v->budget.answer = 0;
            v->budget.status = SLIDE_OK;
            v->stats = *search->stats;
            v->stats.expanded = v->stats.generated = 0;
            v->task = *search;
            v->task.budget = &v->budget;
            v->task.stats = &v->stats;
            v->task.beam_scale = scale;
            v->task.beam_views = 1;
            v->task.beam_view_first = first + i;
            v->task.beam_bound = best->len;
            v->task.progress = NULL; /* the caller hears from one thread: this one's reports */
            memset(&v->moves, 0, sizeof v->moves);
            v->moves.budget = &v->budget;
            threaded[i] = i < n - 1 && pthread_create(&threads[i], NULL, improve_view_run, v) == 0;
            if (!threaded[i])
                improve_view_run(v); /* the last view (or one no thread took) runs here */
        }
        for (int i = 0; i < n; i++)
            if (threaded[i])
                pthread_join(threads[i], NULL);
        size_t peak = budget->used;
        for (int i = 0; i < n; i++) {
            improve_view *v = &views[first + i];
            search->stats->expanded += v->stats.expanded;
            search->stats->generated += v->stats.generated;
            peak += v->budget.peak;
            if (status == SLIDE_OK && v->status != SLIDE_OK && v->status != BEAM_BOUND)
                status = v->status;
        }
        budget->peak = peak > budget->peak ? peak : budget->peak;
    }
    int views_ran = status == SLIDE_OK ? total : 0;
    int chosen = -1;
    for (int i = 0; i < views_ran; i++)
        if (views[i].status == SLIDE_OK && views[i].moves.len < best->len &&
            (chosen < 0 || views[i].moves.len < views[chosen].moves.len))
            chosen = i;
    if (chosen >= 0) {
        move_list shorter = {.budget = budget};
        status = move_list_append(&shorter, views[chosen].moves.data, views[chosen].moves.len);
        if (status == SLIDE_OK) {
            move_list_free(best);
            *best = shorter;
        }
    }
    for (int i = 0; i < prepared; i++)
        move_list_free(&views[i].moves);
    return status;
}

int improve_solve(search_task *search, solve_fn first)
{
    search_budget *budget = search->budget;
    move_list best = {.budget = budget};
    int status = improve_round(search, first, &best);
    if (status != SLIDE_OK)
        return status;
    improve_report(search, best.len);
    size_t first_len = best.len;
    unsigned rounds = 0, scale = 1;
    double deadline = budget->deadline;
    if (!deadline || search->improve_until < deadline)
        budget->deadline = search->improve_until; /* the rounds end with the budget */
    while (scale < IMPROVE_MAX_SCALE && best.len > 0 && !budget_stop_reason(budget)) {
        size_t before = best.len;
        status = improve_views(search, scale * 2, &best);
        if (status != SLIDE_OK)
            break;
        scale *= 2;
        rounds++;
        if (best.len < before)
            improve_report(search, best.len);
    }
    budget->deadline = deadline;
    if (status == SLIDE_E_NOMEM) {
        move_list_free(&best);
        return status;
    }
    /* the budget's end, the caller's deadline or cancel, the memory cap: the best found */
    budget->status = SLIDE_OK;
    if (!search->stats->note[0])
        search_note(search,
                    "%u more rounds within the budget (beams up to %u times as wide): %zu moves, "
                    "%zu in the first",
                    rounds, scale, best.len, first_len);
    status = move_list_append(search->moves, best.data, best.len);
    move_list_free(&best);
    return status;
}
