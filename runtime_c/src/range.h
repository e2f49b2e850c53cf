/*
 * range.h -- splittable range work items (taskloop), see inspire_range in
 * inspire_rt.h for the contract.
 *
 * A range item stands for the logical tasks [lo, hi) of one taskloop.  The
 * worker running it executes them in order, in chunks of consecutive tasks
 * sized by time (see piece_main), and before each chunk splits off the
 * upper half of what is left as a new range item when its own deque is
 * empty (lazy binary splitting): an empty deque is exactly when thieves
 * find nothing to take from this worker.  A split
 * never goes below one logical task, so the logical tasks, and what each
 * one's body sees (its firstprivate copies), do not depend on the schedule.
 *
 * Each range item waits, before its body ends, for its whole subtree (its
 * split-off halves and every task their bodies created): the root item of a
 * taskloop therefore finishes only after everything the taskloop created,
 * which is the implicit taskgroup.
 */
#ifndef INSPIRE_RANGE_H
#define INSPIRE_RANGE_H

#include "internal.h"

#include "inspire_rt.h"

/* What every range item of one taskloop shares (in the root item's closure,
 * alive until the root's subtree, hence every piece, has finished). */
typedef struct inspire_range_shared {
    inspire_range_fn fn;
    void *closure; /* the generated code's closure (copied after this struct) */
    long n;        /* logical iterations 0..n-1 */
    long tasks;    /* logical tasks */
    long grain;    /* > 0: task k is [k*grain, (k+1)*grain) (strict); 0: even split */
    long base;     /* grain 0: n / tasks, the length of the shorter tasks */
    long extra;    /* grain 0: n % tasks, the number of longer tasks (first) */
    int flags;     /* INSPIRE_RANGE_* */
} inspire_range_shared_t;

/* First iteration of logical task k of sh (k == sh->tasks gives n). */
INSPIRE_INTERNAL long inspire_range_task_start(const inspire_range_shared_t *sh, long k);

#endif /* INSPIRE_RANGE_H */
