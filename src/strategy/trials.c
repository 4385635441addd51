/*
 * trials.c - trials: on small boards each placement and each strip column
 * is made several ways and taken back, and made for good the way that
 * leaves the board closest to solved for the moves it took (strat_best_of):
 * no one set of scores is best for every tile.
 */
#include "strategy/strategy_internal.h"

#include <limits.h>

int strat_best_of(strat *s, int ways, strat_attempt attempt, strat_needs needs, void *job)
{
    /* the ways' moves stay in the buffer: half of it free keeps it from growing */
    if (s->pending_cap - s->npending < s->pending_cap / 2)
        strat_room(s, s->pending_cap / 2);
    const size_t start = s->npending, floor = s->floor;
    long best = LONG_MAX;
    int pick = 0, failure = SLIDE_OK;
    s->trying++;
    s->trial++;
    s->floor = start;
    unsigned met = 0; /* what the first way met */
    for (int way = 0; way < ways; way++) {
        unsigned need = way > 0 && needs ? needs(s, way) : STRAT_TOUCH_ALWAYS;
        if (!SLIDE_PLAIN && need != STRAT_TOUCH_ALWAYS && !(need & met))
            continue; /* the first way's moves again: it wins the tie */
        s->touched = 0;
        int status = attempt(s, job, way);
        if (way == 0)
            met = s->touched;
        long score = STRAT_SCORE_MOVES * (long)(s->npending - start);
        score += STRAT_SCORE_DISTANCE * strat_undo(s, start);
        if (s->status != SLIDE_OK || (status != SLIDE_OK && status != SLIDE_E_INTERNAL)) {
            failure = s->status != SLIDE_OK ? s->status : status;
            break;
        }
        if (status == SLIDE_OK && score < best) {
            best = score;
            pick = way;
        }
    }
    s->trying--;
    s->floor = floor;
    return failure != SLIDE_OK ? failure : attempt(s, job, pick);
}

/* A placement of strat_place_tile, for strat_best_of. */
typedef struct tile_job {
    const open_frames *fs;
    const strat_area *a;
    uint32_t label;
    int target_r, target_c;
} tile_job;

/* What a way of s->knobs needs the default to have met to differ from it. */
static unsigned policy_needs(const strat *s, int way)
{
    const strat_policy *p = &s->knobs->policies[way], *d = &s->knobs->policies[0];
    if (p->straight_moves != d->straight_moves || p->push_weight != d->push_weight ||
        p->plan_across != d->plan_across || p->plan_side_weight != d->plan_side_weight)
        return STRAT_TOUCH_ALWAYS;
    return (p->dips != d->dips ? STRAT_TOUCH_DIP : 0u) |
           (p->shorter_leg != d->shorter_leg ? STRAT_TOUCH_LEG : 0u);
}

static int attempt_tile(strat *s, void *job, int way)
{
    const tile_job *j = job;
    s->policy = &s->knobs->policies[way];
    int status = strat_place_tile_as(s, j->fs, j->a, j->label, j->target_r, j->target_c);
    s->policy = &s->knobs->policies[0];
    return status;
}

int strat_place_tile(strat *s, const open_frames *fs, const strat_area *a, uint32_t label,
                     int target_r, int target_c)
{
    if (!s->trials || s->trying)
        return strat_place_tile_as(s, fs, a, label, target_r, target_c);
    tile_job job = {fs, a, label, target_r, target_c};
    return strat_best_of(s, s->knobs->policy_count, attempt_tile, policy_needs, &job);
}
