/*
 * gen.c - random boards.
 *
 * Uniform boards: a Fisher-Yates shuffle of all cells (blank included) is
 * uniform over all permutations; swapping the first two tiles flips parity
 * and is a bijection between the solvable and unsolvable halves, so fixing
 * parity that way keeps each half uniform.
 */
#include "core/core.h"

#include <stdlib.h>

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

int slide_generate(slide_board *out, const slide_board *goal, int kind, uint64_t walk,
                   slide_rng *rng)
{
    if (!out || !goal || !rng)
        return SLIDE_E_ARGUMENT;
    int status = slide_board_validate(goal, NULL);
    if (status != SLIDE_OK)
        return status == SLIDE_E_NOMEM ? status : SLIDE_E_ARGUMENT;
    status = slide_board_copy(out, goal);
    if (status != SLIDE_OK)
        return status;
    size_t n = (size_t)goal->rows * (size_t)goal->cols;
    if (kind == SLIDE_GEN_WALK) {
        int last = -1;
        for (uint64_t k = 0; k < walk; k++) {
            int options[4], count = 0;
            int row = out->blank / out->cols, col = out->blank % out->cols;
            if (row > 0 && last != SLIDE_DOWN) options[count++] = SLIDE_UP;
            if (row < out->rows - 1 && last != SLIDE_UP) options[count++] = SLIDE_DOWN;
            if (col > 0 && last != SLIDE_RIGHT) options[count++] = SLIDE_LEFT;
            if (col < out->cols - 1 && last != SLIDE_LEFT) options[count++] = SLIDE_RIGHT;
            last = options[slide_rng_below(rng, (uint64_t)count)];
            slide_board_move(out, slide_move_letters[last]);
        }
        return SLIDE_OK;
    }
    if (kind != SLIDE_GEN_RANDOM && kind != SLIDE_GEN_UNSOLVABLE) {
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
    if (solvable != (kind == SLIDE_GEN_RANDOM))
        swap_first_two_tiles(out);
    return SLIDE_OK;
}
