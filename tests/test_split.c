/*
 * test_split.c - one search cut into pieces (slide_split_*): the pieces of
 * every iteration, searched alone in any order, give the string one thread
 * prints, on 3x3, 4x4, 2x5 and 5x5 boards with every heuristic; pieces
 * cut again while their iteration runs (slide_split_subtree) give their
 * piece's answer and, node for node, its work; bad
 * prefixes and options are refused; the tables' fingerprint tells table
 * sets apart; a piece's depth is capped where the stack slide.h states
 * holds it.
 */
#include "testkit.h"

#include <pthread.h>

static slide_solve_options with_heuristic(const char *heuristic, slide_context *context)
{
    slide_solve_options opt = slide_solve_options_init();
    opt.algo = "idastar";
    opt.heuristic = heuristic;
    opt.context = context;
    return opt;
}

/*
 * The search driven by hand, as `slide spread` drives it: each bound split
 * into at least want subtrees, searched in the order rng shuffles them to;
 * the lowest subtree with an answer wins.  Returns the answer (caller frees).
 */
static char *drive(const slide_board *b, const slide_board *goal, const slide_solve_options *opt,
                   size_t want, slide_rng *rng)
{
    slide_split split;
    assert_int_equal(slide_split_begin(b, goal, opt, &split, NULL), SLIDE_OK);
    unsigned bound = split.start_bound;
    uint64_t tables = split.tables;
    slide_split_free(&split);
    for (int iterations = 0; iterations < 200; iterations++) {
        slide_stats st = slide_stats_init();
        assert_int_equal(slide_split_iteration(b, goal, opt, bound, want, &split, &st), SLIDE_OK);
        assert_true(split.tables == tables);
        size_t n = split.count;
        size_t *order = calloc(n + 1, sizeof *order);
        assert_non_null(order);
        for (size_t i = 0; i < n; i++)
            order[i] = i;
        for (size_t i = n; i > 1; i--) {
            size_t j = (size_t)slide_rng_below(rng, i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        unsigned next = split.next_bound;
        size_t best = n;
        char *answer = NULL;
        for (size_t k = 0; k < n; k++) {
            size_t i = order[k];
            slide_split_result r;
            const char *prefix = split.prefix[i];
            assert_int_equal(slide_split_search(b, goal, opt, bound, prefix, strlen(prefix), &r,
                                                NULL),
                             SLIDE_OK);
            assert_true(r.tables == tables);
            if (r.found) {
                assert_int_equal(strncmp(r.moves, prefix, strlen(prefix)), 0);
                if (i < best) {
                    free(answer);
                    answer = r.moves;
                    r.moves = NULL;
                    best = i;
                }
            } else if (r.next_bound < next) {
                next = r.next_bound;
            }
            slide_split_result_free(&r);
        }
        free(order);
        slide_split_free(&split);
        if (answer)
            return answer;
        assert_true(next != SLIDE_SPLIT_NO_BOUND && next > bound);
        bound = next;
    }
    fail_msg("no answer after 200 iterations");
    return NULL;
}

/* The one-thread answer, and the pieces' for a few cuts: the same string. */
static void pieces_match_one_thread(const slide_board *b, const slide_board *goal,
                                    const char *heuristic, slide_context *context, slide_rng *rng)
{
    slide_solve_options opt = with_heuristic(heuristic, context);
    slide_solution sol;
    assert_int_equal(slide_solve(b, goal, &opt, &sol, NULL), SLIDE_OK);
    static const size_t wants[] = {1, 7, 64};
    for (size_t w = 0; w < sizeof wants / sizeof wants[0]; w++) {
        char *moves = drive(b, goal, &opt, wants[w], rng);
        assert_string_equal(moves, sol.moves);
        free(moves);
    }
    slide_solution_free(&sol);
}

static void pieces_give_the_one_thread_answer_on_small_boards(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 21);
    const char *shapes[][2] = {{"1 2 3 4 5 6 7 8 x", "linear"},
                               {"1 2 3 4 5/6 7 8 9 x", "pdb"},
                               {"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 x", "pdb"},
                               {"1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 x", "manhattan"}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        slide_board goal = testkit_board(shapes[s][0], 0, 0), b;
        for (int i = 0; i < 4; i++) {
            int kind = goal.rows * goal.cols <= 10 ? SLIDE_GEN_RANDOM : SLIDE_GEN_WALK;
            assert_int_equal(slide_generate(&b, &goal, kind, 20 + 6 * (uint64_t)i, &rng),
                             SLIDE_OK);
            pieces_match_one_thread(&b, &goal, shapes[s][1], ctx, &rng);
            slide_board_free(&b);
        }
        slide_board_free(&goal);
    }
    slide_context_free(ctx);
}

/* What a subtree searched as a re-splitting worker searches it gives. */
typedef struct resplit_outcome {
    char *answer;  /* the first answer below the prefix, or NULL */
    unsigned next; /* none found: the next bound met below it */
    int resplits;  /* subtrees cut again, in all */
} resplit_outcome;

/*
 * Searches the subtree below prefix whole and, when that took more than
 * budget nodes, again as its re-split subtrees (slide_split_subtree), each
 * of those the same way: in their order they give the whole's answer, and
 * without one, its next bound and its nodes exactly (the walk's and
 * theirs: no node twice, none lost).  Adds to *out (answer: the first);
 * returns the whole's nodes.
 */
static uint64_t search_resplit(const slide_board *b, const slide_board *goal,
                               const slide_solve_options *opt, unsigned bound, const char *prefix,
                               uint64_t budget, resplit_outcome *out)
{
    slide_split_result whole;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_split_search(b, goal, opt, bound, prefix, strlen(prefix), &whole, &st),
                     SLIDE_OK);
    resplit_outcome below = {NULL, SLIDE_SPLIT_NO_BOUND, 0};
    if (st.expanded <= budget) {
        below.answer = whole.found ? whole.moves : NULL;
        whole.moves = NULL;
        below.next = whole.next_bound;
    } else {
        slide_split children;
        slide_stats walk = slide_stats_init();
        assert_int_equal(
            slide_split_subtree(b, goal, opt, bound, prefix, strlen(prefix), 2, &children, &walk),
            SLIDE_OK);
        below.next = children.next_bound;
        uint64_t nodes = walk.expanded;
        for (size_t i = 0; i < children.count; i++) {
            const char *child = children.prefix[i];
            assert_true(strlen(child) > strlen(prefix));
            assert_int_equal(strncmp(child, prefix, strlen(prefix)), 0);
            nodes += search_resplit(b, goal, opt, bound, child, budget, &below);
        }
        if (whole.found) {
            assert_non_null(below.answer);
            assert_string_equal(below.answer, whole.moves);
        } else {
            assert_null(below.answer);
            assert_int_equal(below.next, whole.next_bound);
            assert_int_equal(nodes, st.expanded);
        }
        below.resplits++;
        slide_split_free(&children);
    }
    out->resplits += below.resplits;
    if (!out->answer)
        out->answer = below.answer;
    else
        free(below.answer);
    if (below.next < out->next)
        out->next = below.next;
    slide_split_result_free(&whole);
    return st.expanded;
}

/*
 * Every subtree of more than budget nodes cut again while its iteration
 * runs, its place in the order taken by its pieces: the answer is still
 * the one-thread string, and the nodes add up.  Returns the subtrees cut
 * again.
 */
static int resplit_matches_one_thread(const slide_board *b, const slide_board *goal,
                                      const slide_solve_options *opt, uint64_t budget)
{
    slide_solution sol;
    assert_int_equal(slide_solve(b, goal, opt, &sol, NULL), SLIDE_OK);
    slide_split split;
    assert_int_equal(slide_split_begin(b, goal, opt, &split, NULL), SLIDE_OK);
    unsigned bound = split.start_bound;
    slide_split_free(&split);
    int resplits = 0;
    for (int iterations = 0; iterations < 200; iterations++) {
        assert_int_equal(slide_split_iteration(b, goal, opt, bound, 4, &split, NULL), SLIDE_OK);
        resplit_outcome out = {NULL, split.next_bound, 0};
        for (size_t i = 0; i < split.count; i++)
            search_resplit(b, goal, opt, bound, split.prefix[i], budget, &out);
        slide_split_free(&split);
        resplits += out.resplits;
        if (out.answer) {
            assert_string_equal(out.answer, sol.moves);
            testkit_assert_solves(b, goal, out.answer);
            free(out.answer);
            slide_solution_free(&sol);
            return resplits;
        }
        assert_true(out.next != SLIDE_SPLIT_NO_BOUND && out.next > bound);
        bound = out.next;
    }
    fail_msg("no answer after 200 iterations");
    return 0;
}

static void resplit_subtrees_keep_the_answer_and_every_node(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 43);
    slide_board goal = testkit_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 x", 0, 0), b;
    static const char *heuristics[] = {"pdb", "manhattan"};
    int resplits = 0;
    for (int i = 0; i < 6; i++) {
        assert_int_equal(slide_generate(&b, &goal, SLIDE_GEN_WALK, 30 + 6 * (uint64_t)i, &rng),
                         SLIDE_OK);
        slide_solve_options opt = with_heuristic(heuristics[i % 2], ctx);
        resplits += resplit_matches_one_thread(&b, &goal, &opt, 40);
        slide_board_free(&b);
    }
    assert_true(resplits > 20);
    /* a prefix is checked as slide_split_search checks it */
    slide_board start = testkit_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 x 15", 0, 0);
    slide_solve_options opt = with_heuristic("manhattan", ctx);
    slide_stats st = slide_stats_init();
    slide_split split;
    assert_int_equal(slide_split_subtree(&start, NULL, &opt, 10, "ud", 2, 2, &split, &st),
                     SLIDE_E_BAD_MOVE);
    assert_non_null(strstr(st.note, "undoes"));
    assert_int_equal(split.count, 0);
    assert_int_equal(slide_split_subtree(&start, NULL, &opt, 1, "uu", 2, 2, &split, &st),
                     SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_subtree(&start, NULL, &opt, 10, "u", 1, 0, &split, &st),
                     SLIDE_E_ARGUMENT);
    assert_int_equal(slide_split_subtree(&start, NULL, &opt, 10, "u", 1, 2, NULL, &st),
                     SLIDE_E_ARGUMENT);
    /* one move from the goal: the walk below "r" meets it, the last and only subtree */
    assert_int_equal(slide_split_subtree(&start, NULL, &opt, 1, "r", 1, 2, &split, &st), SLIDE_OK);
    assert_int_equal(split.count, 1);
    assert_string_equal(split.prefix[0], "r");
    slide_split_free(&split);
    slide_board_free(&start);
    slide_board_free(&goal);
    slide_context_free(ctx);
}

static void pieces_give_the_one_thread_answer_on_5x5(void **state)
{
    (void)state;
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_rng rng;
    slide_rng_seed(&rng, 25);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 "
                                     "24 x",
                                     5, 5),
                b;
    /* blank first, as Korf's instances, and the standard goal */
    slide_board korf = testkit_board("x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 "
                                     "23 24",
                                     5, 5);
    for (int i = 0; i < 3; i++) {
        const slide_board *g = i == 1 ? &korf : &goal;
        assert_int_equal(slide_generate(&b, g, SLIDE_GEN_WALK, 30 + 8 * (uint64_t)i, &rng),
                         SLIDE_OK);
        pieces_match_one_thread(&b, g, "pdb", ctx, &rng);
        if (i == 0)
            pieces_match_one_thread(&b, g, "linear", ctx, &rng);
        slide_board_free(&b);
    }
    slide_board_free(&goal);
    slide_board_free(&korf);
    slide_context_free(ctx);
}

static void bad_pieces_are_refused(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4 5 6 x 7 8", 0, 0);
    slide_solve_options opt = with_heuristic("linear", NULL);
    slide_split_result r;
    slide_stats st = slide_stats_init();
    assert_int_equal(slide_split_search(&b, NULL, &opt, 10, "ux", 2, &r, &st), SLIDE_E_BAD_MOVE);
    assert_non_null(strstr(st.note, "move 2 of the prefix is not one of u, d, l, r"));
    assert_int_equal(slide_split_search(&b, NULL, &opt, 10, "ud", 2, &r, &st), SLIDE_E_BAD_MOVE);
    assert_non_null(strstr(st.note, "move 2 of the prefix undoes the move before it"));
    assert_int_equal(slide_split_search(&b, NULL, &opt, 10, "l", 1, &r, &st), SLIDE_E_BAD_MOVE);
    assert_non_null(strstr(st.note, "move 1 of the prefix leaves the board"));
    /* the blank once and a half round a square: the later way is its twin's subtree */
    assert_int_equal(slide_split_search(&b, NULL, &opt, 20, "ruldru", 6, &r, &st),
                     SLIDE_E_BAD_MOVE);
    assert_non_null(strstr(st.note, "move 6 of the prefix ends a move string that a shorter"));
    assert_int_equal(slide_split_search(&b, NULL, &opt, 20, "urdlur", 6, &r, &st), SLIDE_OK);
    slide_split_result_free(&r);
    /* pieces under a cap the twin automaton does not fit would cut another tree: refused */
    slide_limits tight = slide_limits_init();
    tight.max_memory = 16384;
    opt.limits = &tight;
    assert_int_equal(slide_split_search(&b, NULL, &opt, 20, "urdlur", 6, &r, &st),
                     SLIDE_E_MEMLIMIT);
    assert_non_null(strstr(st.note, "needs IDA*'s whole automaton of move strings"));
    opt.limits = NULL;
    assert_int_equal(slide_split_search(&b, NULL, &opt, 1, "uu", 2, &r, &st), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(st.note, "more than the bound"));
    assert_int_equal(slide_split_search(&b, NULL, &opt, SLIDE_SPLIT_MAX_BOUND + 1, "", 0, &r, &st),
                     SLIDE_E_ARGUMENT);
    /* a prefix that reaches the goal is a subtree with the answer; the start as well */
    assert_int_equal(slide_split_search(&b, NULL, &opt, 2, "RR", 2, &r, &st), SLIDE_OK);
    assert_true(r.found);
    assert_string_equal(r.moves, "rr");
    slide_split_result_free(&r);
    slide_board goal = testkit_board("1 2 3 4 5 6 7 8 x", 0, 0);
    assert_int_equal(slide_split_search(&goal, NULL, &opt, 0, "", 0, &r, &st), SLIDE_OK);
    assert_true(r.found && r.length == 0);
    slide_split_result_free(&r);
    /* only optimal idastar splits */
    slide_split split;
    opt.weight = 1.5;
    assert_int_equal(slide_split_begin(&b, NULL, &opt, &split, &st), SLIDE_E_ARGUMENT);
    assert_non_null(strstr(st.note, "split search"));
    opt.weight = 0;
    opt.algo = "astar";
    assert_int_equal(slide_split_iteration(&b, NULL, &opt, 10, 4, &split, &st), SLIDE_E_ARGUMENT);
    opt.algo = NULL;
    assert_int_equal(slide_split_iteration(&b, NULL, &opt, 10, 0, &split, &st), SLIDE_E_ARGUMENT);
    opt.threads = -5; /* threads are ignored, but nonsense is refused */
    assert_int_equal(slide_split_begin(&b, NULL, &opt, &split, &st), SLIDE_E_ARGUMENT);
    opt.threads = 4;
    assert_int_equal(slide_split_begin(&b, NULL, &opt, &split, &st), SLIDE_OK);
    opt.threads = 0;
    slide_board unsolvable = testkit_board("2 1 3 4 5 6 7 8 x", 0, 0);
    assert_int_equal(slide_split_begin(&unsolvable, NULL, &opt, &split, &st), SLIDE_E_UNSOLVABLE);
    slide_board_free(&b);
    slide_board_free(&goal);
    slide_board_free(&unsolvable);
}

static uint64_t fingerprint(const slide_board *b, const char *heuristic, int max_group)
{
    slide_solve_options opt = with_heuristic(heuristic, NULL);
    slide_pdb_options pdb = slide_pdb_options_init();
    opt.pdb = &pdb;
    pdb.max_group = max_group;
    slide_split split;
    assert_int_equal(slide_split_begin(b, NULL, &opt, &split, NULL), SLIDE_OK);
    return split.tables;
}

static void the_fingerprint_tells_table_sets_apart(void **state)
{
    (void)state;
    slide_board b = testkit_board("1 2 3 4/5 6 7 8/9 10 11 12/13 x 14 15", 0, 0);
    uint64_t pdb3 = fingerprint(&b, "pdb", 3), pdb4 = fingerprint(&b, "pdb", 4);
    assert_true(pdb3 == fingerprint(&b, "pdb", 3));
    assert_true(pdb3 != pdb4);
    assert_true(fingerprint(&b, "linear", 0) != fingerprint(&b, "manhattan", 0));
    assert_true(fingerprint(&b, "linear", 0) != pdb3);
    slide_board_free(&b);
}

/* A search on a thread of its own stack: the board, its options, a bound and the status. */
typedef struct deep_search {
    const slide_board *board;
    const slide_solve_options *opt;
    unsigned bound;
    int status;
    slide_stats stats;
} deep_search;

static void *search_deep(void *arg)
{
    deep_search *d = arg;
    slide_split_result r;
    d->stats = slide_stats_init();
    d->status = slide_split_search(d->board, NULL, d->opt, d->bound, "", 0, &r, &d->stats);
    slide_split_result_free(&r);
    return NULL;
}

/* Runs search_deep on a thread with `stack` bytes of stack. */
static void on_stack(deep_search *d, size_t stack)
{
    pthread_attr_t attr;
    pthread_t thread;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, stack), 0);
    assert_int_equal(pthread_create(&thread, &attr, search_deep, d), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);
    pthread_attr_destroy(&attr);
}

/* Cancels once asked more than 8 times: after some 32,000 nodes. */
static int cancel_later(void *ctx)
{
    int *asked = ctx;
    return ++*asked > 8;
}

/*
 * The node loops recurse a frame a move: a piece at the deepest bound
 * (its first path dives nearly that deep) runs on SLIDE_SEARCH_STACK, with
 * the largest frames (pattern databases on 5x5); one past it is refused
 * before it searches, also on a thread of 256 KiB (where a bound of 20,000
 * overflowed the stack); so is an iteration past it.
 */
static void the_depth_is_capped_within_the_stated_stack(void **state)
{
    (void)state;
    slide_board b =
        testkit_board("18 6 10 15 1 x 5 7 8 14 16 12 11 13 22 19 24 17 4 23 21 9 2 3 20", 0, 0);
    slide_context *ctx;
    assert_int_equal(slide_context_create(&ctx, NULL), SLIDE_OK);
    slide_solve_options opt = with_heuristic("pdb", ctx);
    slide_split split;
    assert_int_equal(slide_split_begin(&b, NULL, &opt, &split, NULL), SLIDE_OK);
    /* the tables and the move automaton built, so that cancel is asked by the search alone */
    deep_search d = {&b, &opt, split.start_bound, 0, {0}};
    on_stack(&d, SLIDE_SEARCH_STACK);
    assert_int_equal(d.status, SLIDE_OK);

    int asked = 0;
    slide_limits limits = slide_limits_init();
    limits.cancel = cancel_later;
    limits.cancel_ctx = &asked;
    opt.limits = &limits;
    d.bound = SLIDE_MAX_SEARCH_DEPTH;
    on_stack(&d, SLIDE_SEARCH_STACK);
    assert_int_equal(d.status, SLIDE_E_CANCELLED);
    assert_true(d.stats.expanded > SLIDE_MAX_SEARCH_DEPTH);

    unsigned past[] = {SLIDE_MAX_SEARCH_DEPTH + 1, 20000, SLIDE_SPLIT_MAX_BOUND};
    for (size_t i = 0; i < sizeof past / sizeof past[0]; i++) {
        d.bound = past[i];
        on_stack(&d, 256 << 10);
        assert_int_equal(d.status, SLIDE_E_TOO_LARGE);
        assert_non_null(strstr(d.stats.note, "past its deepest search, 1500 moves"));
        assert_int_equal(d.stats.expanded, 0);
        slide_stats st = slide_stats_init();
        assert_int_equal(slide_split_iteration(&b, NULL, &opt, past[i], 4, &split, &st),
                         SLIDE_E_TOO_LARGE);
        assert_int_equal(split.count, 0);
    }
    slide_context_free(ctx);
    slide_board_free(&b);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(pieces_give_the_one_thread_answer_on_small_boards),
    cmocka_unit_test(pieces_give_the_one_thread_answer_on_5x5),
    cmocka_unit_test(resplit_subtrees_keep_the_answer_and_every_node),
    cmocka_unit_test(bad_pieces_are_refused),
    cmocka_unit_test(the_fingerprint_tells_table_sets_apart),
    cmocka_unit_test(the_depth_is_capped_within_the_stated_stack),
};

TESTKIT_MAIN(tests)
