/*
 * depend.h -- task dependences (the depend clause): a task whose dependences
 * name storage that an earlier sibling task (a task with the same creator)
 * writes, or reads while it writes, starts only after that sibling has
 * completed (its body has finished and, if it is detached, its event was
 * fulfilled: detach.h).
 *
 * Each item that creates tasks with dependences keeps a table of its
 * children's dependences (item->dep_table), by address: per address the last
 * writer and the readers since it, and the last task on omp_all_memory
 * (finished tasks and addresses are dropped when the table is rehashed, so
 * it holds about the addresses of unfinished tasks).  A
 * child with dependences has a node (item->dep_node) counting its unfinished
 * predecessors; it is queued only when that count is 0, by whichever worker
 * completes its last predecessor.  Kinds: `in` reads; `out`, `inout`,
 * `mutexinoutset` and `inoutset` write (the last two thereby run one at a
 * time in creation order, which is one of the schedules OpenMP allows);
 * omp_all_memory writes everything.
 *
 * Invariants:
 * - A node's successors are registered while it is unfinished (under its
 *   lock); finishing takes the list and releases each successor once.
 * - A node lives while its task has not completed or a table refers to it
 *   (refs); a successor needs no reference: it cannot finish before its
 *   predecessors released it.
 * - Only the creating item's body touches its table (tasks are tied), and
 *   the table dies with that body (inspire_depend_body_done).
 * - Tasks the creator runs at once (undeferred, final, lazy) finish before
 *   it continues: they wait for their predecessors and need no node.  So
 *   does a task that is not detached, created while its creator's frame
 *   counts more than 64 unfinished children per worker (as libgomp
 *   throttles): the tasks kept waiting, and the memory they hold, stay
 *   bounded, and the creator helps run the work it waits for.
 */
#ifndef INSPIRE_DEPEND_H
#define INSPIRE_DEPEND_H

#include "internal.h"
#include "item.h"
#include "worker.h"

struct inspire_dep_node;
struct inspire_dep_table;

/* it completed: release its successors.  Called from: any worker (w). */
INSPIRE_INTERNAL void inspire_depend_finish(inspire_worker_t *w, inspire_item_t *it);

/* The body of it finished: drop the table of its children.
 * Called from: the worker that ran it, after the body. */
INSPIRE_INTERNAL void inspire_depend_drop_table(inspire_item_t *it);

static inline void inspire_depend_body_done(inspire_item_t *it) {
    if (it->dep_table)
        inspire_depend_drop_table(it);
}

static inline void inspire_depend_completed(inspire_worker_t *w, inspire_item_t *it) {
    if (it->dep_node)
        inspire_depend_finish(w, it);
}

#endif /* INSPIRE_DEPEND_H */
