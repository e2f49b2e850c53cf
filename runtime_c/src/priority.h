/*
 * priority.h -- task priorities (the priority clause).
 *
 * A ready task whose priority is above 0 waits in one runtime-wide heap
 * instead of its creator's deque; a worker looking for work takes the
 * highest-priority task of the heap before anything of its own deque or of
 * other workers' (tasks of equal priority in creation order).  Priorities
 * are clamped to max-task-priority (OMP_MAX_TASK_PRIORITY, default 0), so
 * without it every task has priority 0 and this path is never taken, as in
 * libgomp.
 *
 * Invariant: `waiting` counts the tasks in the heap; it is only a hint for
 * the fast check (the heap's lock decides).
 */
#ifndef INSPIRE_PRIORITY_H
#define INSPIRE_PRIORITY_H

#include "internal.h"
#include "item.h"
#include "worker.h"

INSPIRE_INTERNAL extern int inspire_priority_waiting;

/* max-task-priority: OMP_MAX_TASK_PRIORITY (a non-negative int, else 0),
 * read once.  Called from: anywhere. */
INSPIRE_INTERNAL int inspire_max_task_priority(void);

/* Queue it (it->priority > 0) in the heap and wake a sleeping worker.
 * Called from: any worker. */
INSPIRE_INTERNAL void inspire_priority_push(inspire_worker_t *w, inspire_item_t *it);

/* The highest-priority queued task, removed from the heap (NULL: none).
 * Called from: the scheduling loop of any worker. */
INSPIRE_INTERNAL inspire_item_t *inspire_priority_take(void);

/* Whether a task may be waiting in the heap (a cheap first test). */
static inline int inspire_priority_pending(void) {
    return __atomic_load_n(&inspire_priority_waiting, __ATOMIC_RELAXED) > 0;
}

#endif /* INSPIRE_PRIORITY_H */
