/*
 * scope.h -- scopes: regions of a task's code that follow every task created
 * inside them until its whole subtree has finished.
 *
 * This is the task-lifecycle hook for constructs that must wait for (or
 * otherwise follow) the tasks created in a region of code, descendants
 * included: taskgroup is one.  Such a construct is a runtime pair of its own
 * that opens and closes a scope; the task lifecycle (spawn in scheduler.c,
 * the end of a subtree in loop.c) calls only the two inline functions below
 * and never names a construct.
 *
 * Invariants:
 * - The scopes open in one item's body form a stack through `prev`, the
 *   innermost in item->scope; a scope is closed by the body that opened it,
 *   innermost first, and its memory belongs to the opener until
 *   inspire_scope_close returns.
 * - A task spawned while its creator has an open scope is a *member* of the
 *   innermost one: `members` counts it from the spawn until the end of its
 *   subtree (the task and every task it created, transitively).
 *   Descendants of a member need no count of their own: a subtree ends only
 *   after all of them.  inspire_scope_close waits for `members` to reach 0,
 *   so no member ever touches a closed scope.
 * - item->member_of is the scope a member counts in (NULL: none).
 * - A scope may be cancelled (taskgroup cancellation): a task whose subtree
 *   belongs to a cancelled scope -- it or an ancestor is a member of it --
 *   is discarded when it would start (its body does not run; it completes
 *   as usual).  So is an explicit task of a cancelled region (region.h).
 *   inspire_scope_any_cancelled stays 0 until some scope or region is
 *   cancelled, so until then starting a task costs one load.
 */
#ifndef INSPIRE_SCOPE_H
#define INSPIRE_SCOPE_H

#include "internal.h"
#include "item.h"
#include "frame.h"
#include "region.h"

typedef struct inspire_scope {
    inspire_frame_t members;     /* unfinished member subtrees, target 0 */
    struct inspire_scope *prev;  /* next scope out, open in the same body */
    int cancelled;               /* atomic: set once, never cleared */
} inspire_scope_t;

INSPIRE_INTERNAL extern int inspire_scope_any_cancelled;

/* it, just spawned by parent, joins parent's innermost open scope (if any).
 * Called from: spawn, on the worker running parent. */
static inline void inspire_scope_join(inspire_item_t *parent, inspire_item_t *it) {
    inspire_scope_t *s = parent->scope;
    it->scope = NULL;
    it->member_of = s;
    if (s)
        __atomic_fetch_add(&s->members.count, 1, __ATOMIC_RELAXED);
}

/* The subtree of a task that was a member of s (NULL: of none) has ended.
 * Called from: any worker, after the task's item was recycled. */
static inline void inspire_scope_leave(inspire_scope_t *s) {
    if (s)
        inspire_frame_dec(&s->members);
}

/* The innermost scope the code running as item `it` belongs to: its
 * innermost open scope, else the scope its subtree counts in, through its
 * ancestors (NULL: none).  Called from: it's body. */
INSPIRE_INTERNAL inspire_scope_t *inspire_scope_innermost(inspire_item_t *it);

/* Whether a task created now by `it`'s body (at `s`, its innermost scope)
 * belongs to a cancelled scope or region.  Called from: it's body. */
INSPIRE_INTERNAL int inspire_scope_cancelled_from(inspire_item_t *it);

/* Whether `it`, about to start, belongs to a cancelled scope and must be
 * discarded.  Called from: the worker starting it. */
static inline int inspire_scope_discards(const inspire_item_t *it) {
    if (!__atomic_load_n(&inspire_scope_any_cancelled, __ATOMIC_RELAXED))
        return 0;
    if (!it->implicit && inspire_region_cancelled(it->region))
        return 1;
    for (const inspire_item_t *x = it; x; x = x->parent)
        if (x->member_of && __atomic_load_n(&x->member_of->cancelled, __ATOMIC_ACQUIRE))
            return 1;
    return 0;
}

/* Open s in the body of the current item of w.  Called from: that body. */
/* cancel-var: OMP_CANCELLATION true (or 1), read once. */
INSPIRE_INTERNAL int inspire_cancel_var(void);

INSPIRE_INTERNAL void inspire_scope_open(inspire_worker_t *w, inspire_scope_t *s);

/* Wait until every member of s (the current item's innermost open scope)
 * has finished its subtree, then close s.  Called from: the body that
 * opened it. */
INSPIRE_INTERNAL void inspire_scope_close(inspire_worker_t *w, inspire_scope_t *s);

#endif /* INSPIRE_SCOPE_H */
