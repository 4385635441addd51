/*
 * beam_views.c - beam search (--algo beam, beam.h) of several views of a
 * board, the shortest answer kept.
 */
#include "search/beam.h"

/*
 * The views of a board beam_solve searches, in order: the board, the board
 * searched from the goal back to the start (the path, reversed with each
 * move undone, is an answer), and the same two of its transpose.  A beam is
 * greedy: the views break their ties and place their sides differently,
 * and where one strays another often does not (tests/bench/nearoptimal.sh
 * measures what the shortest of them gains).
 */
typedef struct beam_view {
    int transposed, reversed;
} beam_view;

static const beam_view beam_views[] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};

/*
 * In a budget's rounds (improve.c), boards of more than 36 and at most
 * BEAM_BOTH_CELLS cells whose sides are at least BEAM_BOTH_SIDE (6x7, 7x7)
 * get each view searched twice: side by side, and whole (views 4 to 7).
 * The two ways stray in different places; the default answer does not
 * search both, which would take it past two seconds a 7x7 board.
 */
#define BEAM_BOTH_CELLS 49
#define BEAM_BOTH_SIDE 6

/*
 * How many views a rows x cols board gets: all four up to 8x8 (in a
 * budget's rounds, eight on 6x7 and 7x7), the first two up to 10x10, where
 * a beam takes longer, one above.
 */
int beam_view_count(int rows, int cols, int rounds)
{
    int cells = rows * cols;
    if (rounds && cells > 36 && cells <= BEAM_BOTH_CELLS && rows >= BEAM_BOTH_SIDE &&
        cols >= BEAM_BOTH_SIDE)
        return 8;
    return cells <= 64 ? 4 : cells <= 100 ? 2 : 1;
}

/*
 * Searches view v of search's board (in the arrays of sp) into moves, a list of its own kept in
 * memory (no sink; it is rewritten in place), with stats of its own, and
 * turns the answer into one for the board itself.  Returns SLIDE_OK, or
 * the view's failure (moves may then hold part of a string in the view's
 * terms, which the caller frees).
 */
static int beam_solve_in_view(search_task *search, beam_space *sp, const beam_view *v,
                              move_list *moves, slide_stats *stats)
{
    search_budget *budget = search->budget;
    const slide_board *from = v->reversed ? search->goal : search->start;
    const slide_board *to = v->reversed ? search->start : search->goal;
    size_t cells = (size_t)from->rows * (size_t)from->cols;
    slide_board start = *from, goal = *to;
    uint32_t *room = NULL;
    if (v->transposed) {
        room = budget_alloc(budget, 2 * cells * sizeof *room);
        if (!room)
            return budget->status;
        start.cells = room;
        goal.cells = room + cells;
        board_transpose(from, &start);
        board_transpose(to, &goal);
    }
    search_task sub = *search;
    search_task_set_boards(&sub, &start, &goal);
    sub.moves = moves;
    sub.stats = stats;
    int status = beam_solve_board(&sub, sp);
    budget_free(budget, room, room ? 2 * cells * sizeof *room : 0);
    if (status != SLIDE_OK)
        return status;
    char *m = moves->data;
    size_t n = moves->len;
    for (size_t i = 0; i < n; i++) {
        int d = move_of_letter(m[i]);
        if (v->transposed)
            d = move_transposed(d);
        m[i] = slide_move_letters[d];
    }
    if (v->reversed) {
        for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
            char t = m[i];
            m[i] = m[j - 1];
            m[j - 1] = t;
        }
        for (size_t i = 0; i < n; i++)
            m[i] = slide_move_letters[move_inverse(move_of_letter(m[i]))];
    }
    return SLIDE_OK;
}

/*
 * Beam search of each view (beam_views) in turn, the shortest answer kept
 * (the first of equal ones), so that without a deadline the answer depends
 * on the board alone.  A view that fails once an answer is in hand ends the
 * search with that answer (a deadline, the memory cap, a beam with nowhere
 * left to go), unless memory ran out in the system or the caller
 * cancelled.  The nodes are those of every view, counted on through them
 * for the progress reports; the note is the answer's view's.
 */
int beam_solve(search_task *search)
{
    const slide_board *start = search->start;
    int all = beam_view_count(start->rows, start->cols, search->beam_views > 0),
        first = search->beam_view_first;
    int most = all > 4 ? all : 4; /* views the caller may ask for (search_task.beam_views) */
    int views = search->beam_views > 0 ? search->beam_views : all;
    views = first + views < most ? views : most - first;
    if (views == 1 && first == 0)
        return beam_solve_single(search);
    search_budget *budget = search->budget;
    slide_stats *stats = search->stats;
    move_list best = {.budget = budget};
    slide_stats best_stats = *stats;
    beam_space space; /* one for all views */
    memset(&space, 0, sizeof space);
    int status = SLIDE_OK, found = 0, searched = 0;
    for (int v = first; v < first + views && status == SLIDE_OK; v++) {
        move_list moves = {.budget = budget};
        /* with the note and remedy the search came with, and the nodes so far */
        slide_stats view_stats = *stats;
        search_task whole = *search; /* views 4 to 7: the board searched whole */
        whole.beam_whole_cells = v < 4 ? search->beam_whole_cells : BEAM_BOTH_CELLS;
        status = beam_solve_in_view(&whole, &space, &beam_views[v % 4], &moves, &view_stats);
        stats->expanded = view_stats.expanded;
        stats->generated = view_stats.generated;
        if (status == BEAM_BOUND) {
            status = SLIDE_OK; /* this view has nothing shorter; the next may */
            move_list_free(&moves);
            continue;
        }
        if (status == SLIDE_OK) {
            searched++;
            if (!found || moves.len < best.len) {
                move_list t = best;
                best = moves;
                moves = t;
                best_stats = view_stats;
                found = 1;
            }
        } else if (!found || status == SLIDE_E_NOMEM || status == SLIDE_E_CANCELLED) {
            memcpy(stats->note, view_stats.note, sizeof stats->note);
            stats->remedy = view_stats.remedy;
        }
        move_list_free(&moves);
    }
    beam_space_free(&space, budget); /* before the answer is copied out */
    if (found && status != SLIDE_OK && status != SLIDE_E_NOMEM && status != SLIDE_E_CANCELLED) {
        const char *why = status == SLIDE_E_TIMEOUT    ? "ran out of time"
                          : status == SLIDE_E_MEMLIMIT ? "hit the memory cap"
                                                       : "failed";
        search_note(search,
                    "beam search %s after %d of its %d views of the board; answered with the "
                    "shortest found",
                    why, searched, views);
        stats->remedy = best_stats.remedy; /* the advice the search came with still holds */
        budget->status = SLIDE_OK;
        status = SLIDE_OK;
    } else if (status == SLIDE_OK) {
        memcpy(stats->note, best_stats.note, sizeof stats->note);
        stats->remedy = best_stats.remedy;
    }
    if (status == SLIDE_OK && !found)
        status = BEAM_BOUND; /* every view reached the bound */
    if (status == SLIDE_OK)
        status = move_list_append(search->moves, best.data, best.len);
    move_list_free(&best);
    return status;
}
