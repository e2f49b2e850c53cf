/*
 * detach.h -- detached tasks (the detach clause) and their events.
 *
 * A task completes when its body has finished; a detached task only when
 * its body has finished AND its event has been fulfilled
 * (omp_fulfill_event), in either order, from any thread.  Completing
 * (loop.h: inspire_loop_task_completed) is what taskwait, taskgroups,
 * region ends, dependence successors and group merges wait for; the end of
 * the body only ends the body (trace, closure).
 *
 * Invariants:
 * - it->detached is 0 for every item but a detached task's; then
 *   it->pending counts what is missing before completion (2 at creation:
 *   the body and the event) and whoever takes it to 0 completes the task.
 * - The event handle is the item's address; the item stays allocated until
 *   it has completed (its subtree count keeps its own unit until then).
 * - A thread the runtime does not manage never completes a task itself (that
 *   would touch a worker's private pool and deque): it puts the item on one
 *   runtime-wide list, guarded by a spinlock, which workers looking for work
 *   drain (inspire_detach_drain), and wakes a sleeping worker.
 */
#ifndef INSPIRE_DETACH_H
#define INSPIRE_DETACH_H

#include "internal.h"
#include "item.h"
#include "worker.h"

INSPIRE_INTERNAL extern int inspire_detach_waiting;

/* One of the units before it completes is done (its body ended, or its event
 * was fulfilled): 1 if it has now completed and the caller must complete it.
 * Called from: any thread. */
static inline int inspire_detach_unit_done(inspire_item_t *it) {
    return !it->detached || __atomic_sub_fetch(&it->pending, 1, __ATOMIC_ACQ_REL) == 0;
}

/* Whether a thread the runtime does not manage left completions to do. */
static inline int inspire_detach_pending(void) {
    return __atomic_load_n(&inspire_detach_waiting, __ATOMIC_SEQ_CST) != 0;
}

/* Complete the tasks that threads the runtime does not manage fulfilled.
 * Called from: the scheduling loop of w. */
INSPIRE_INTERNAL void inspire_detach_drain(inspire_worker_t *w);

#endif /* INSPIRE_DETACH_H */
