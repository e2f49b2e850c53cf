/*
 * taskgroup.h -- taskgroups: waiting for every task created in a region of
 * code, descendants included.
 *
 * A taskgroup is a frame (frame.h) whose count is the number of member
 * subtrees still unfinished.  A task spawned while its creator has an open
 * taskgroup is a member of that (innermost) taskgroup: the spawn adds one to
 * the count and the end of the task's subtree (the task and every task it
 * created, transitively) takes it off again.  Descendants of a member need
 * no membership of their own: a subtree ends only after all of them.
 *
 * The frames of one item's open taskgroups form a stack (frame.prev), the
 * innermost on top; they live in heap memory owned by the runtime from
 * inspire_taskgroup_begin until the matching inspire_taskgroup_end, which
 * cannot return before every member subtree has ended (so no member ever
 * decrements a dead frame).
 */
#ifndef INSPIRE_TASKGROUP_H
#define INSPIRE_TASKGROUP_H

#include "internal.h"
#include "item.h"

/* Make the new item `it`, spawned by `parent`, a member of parent's
 * innermost open taskgroup (if any).  Called from: spawn, on the worker
 * running parent. */
static inline void inspire_taskgroup_join(inspire_item_t *parent, inspire_item_t *it) {
    inspire_frame_t *tg = parent->taskgroup;
    it->taskgroup = NULL;
    it->tg_member = tg;
    if (tg)
        __atomic_fetch_add(&tg->count, 1, __ATOMIC_RELAXED);
}

#endif /* INSPIRE_TASKGROUP_H */
