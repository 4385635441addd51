/*
 * gen.c - random boards.
 *
 * Uniform boards: a Fisher-Yates shuffle of all cells (blank included) is
 * uniform over all permutations; swapping the first two tiles flips parity
 * and is a bijection between the solvable and unsolvable halves, so fixing
 * parity that way keeps each half uniform.
 *
 * Walks: by default each move is drawn among those on the board but the
 * one undoing the last; SLIDE_WALK_ANY draws one of the four directions
 * and lets a move off the board count as a move that does nothing, as
 * DeepCubeA's test sets were scrambled (Agostinelli et al., 2019).
 */
#include "core/abi.h"
#include "core/core.h"

#include <stdlib.h>
#include <string.h>

static void swap_first_two_tiles(slide_board *b)
{
    size_t n = (size_t)b->rows * (size_t)b->cols;
    size_t first = n;
    for (size_t i = 0; i < n; i++) {
        if (b->cells[i] == 0)
            continue;
        if (first == n) {
            first = i;
            continue;
        }
        uint32_t t = b->cells[first];
        b->cells[first] = b->cells[i];
        b->cells[i] = t;
        return;
    }
}

/* A walk of `moves` moves from where *b is, by rule (slide_gen_options.walk_rule). */
static void walk(slide_board *b, uint64_t moves, int rule, slide_rng *rng)
{
    if (rule == SLIDE_WALK_ANY) {
        /* a move off the board is refused (SLIDE_E_BAD_MOVE) and leaves b as it was */
        for (uint64_t k = 0; k < moves; k++)
            (void)slide_board_move(b, slide_move_letters[slide_rng_below(rng, 4)]);
        return;
    }
    int last = -1;
    for (uint64_t k = 0; k < moves; k++) {
        int options[4], count = 0;
        int row = b->blank / b->cols, col = b->blank % b->cols;
        if (row > 0 && last != SLIDE_DOWN)
            options[count++] = SLIDE_UP;
        if (row < b->rows - 1 && last != SLIDE_UP)
            options[count++] = SLIDE_DOWN;
        if (col > 0 && last != SLIDE_RIGHT)
            options[count++] = SLIDE_LEFT;
        if (col < b->cols - 1 && last != SLIDE_LEFT)
            options[count++] = SLIDE_RIGHT;
        last = options[slide_rng_below(rng, (uint64_t)count)];
        slide_board_move(b, slide_move_letters[last]);
    }
}

/* The walk's length: opt->walk, or one drawn uniformly from opt->walk..opt->walk_max. */
static uint64_t walk_length(const slide_gen_options *opt, slide_rng *rng)
{
    if (opt->walk_max <= opt->walk)
        return opt->walk;
    uint64_t span = opt->walk_max - opt->walk;
    return opt->walk + (span == UINT64_MAX ? slide_rng_next(rng) : slide_rng_below(rng, span + 1));
}

int slide_generate_with(slide_board *out, const slide_board *goal, const slide_gen_options *opt,
                        slide_rng *rng)
{
    slide_gen_options o;
    if (!out || !goal || !rng)
        return SLIDE_E_ARGUMENT;
    if (abi_copy_in(&o, sizeof o, opt, ABI_MIN_GEN_OPTIONS) != SLIDE_OK ||
        (o.walk_rule != SLIDE_WALK_NO_UNDO && o.walk_rule != SLIDE_WALK_ANY) ||
        (o.walk_max != 0 && o.walk_max < o.walk)) {
        memset(out, 0, sizeof *out);
        return SLIDE_E_ARGUMENT;
    }
    int status = slide_board_validate(goal, NULL);
    if (status != SLIDE_OK)
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    status = slide_board_copy(out, goal);
    if (status != SLIDE_OK)
        return status;
    size_t n = (size_t)goal->rows * (size_t)goal->cols;
    if (o.kind == SLIDE_GEN_WALK) {
        walk(out, walk_length(&o, rng), o.walk_rule, rng);
        return SLIDE_OK;
    }
    if (o.kind != SLIDE_GEN_RANDOM && o.kind != SLIDE_GEN_UNSOLVABLE) {
        slide_board_free(out);
        return SLIDE_E_ARGUMENT;
    }
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)slide_rng_below(rng, (uint64_t)i + 1);
        uint32_t t = out->cells[i];
        out->cells[i] = out->cells[j];
        out->cells[j] = t;
    }
    for (size_t i = 0; i < n; i++)
        if (out->cells[i] == 0)
            out->blank = (int)i;
    int solvable;
    status = board_solvable(out, goal, &solvable);
    if (status != SLIDE_OK) {
        slide_board_free(out);
        return status;
    }
    if (solvable != (o.kind == SLIDE_GEN_RANDOM))
        swap_first_two_tiles(out);
    return SLIDE_OK;
}

int slide_generate(slide_board *out, const slide_board *goal, int kind, uint64_t walk,
                   slide_rng *rng)
{
    slide_gen_options opt = slide_gen_options_init();
    opt.kind = kind;
    opt.walk = walk;
    return slide_generate_with(out, goal, &opt, rng);
}
