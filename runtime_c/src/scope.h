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
 */
#ifndef INSPIRE_SCOPE_H
#define INSPIRE_SCOPE_H

#include "internal.h"
#include "item.h"
#include "frame.h"

typedef struct inspire_scope {
    inspire_frame_t members;     /* unfinished member subtrees, target 0 */
    struct inspire_scope *prev;  /* next scope out, open in the same body */
} inspire_scope_t;

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

/* Open s in the body of the current item of w.  Called from: that body. */
INSPIRE_INTERNAL void inspire_scope_open(inspire_worker_t *w, inspire_scope_t *s);

/* Wait until every member of s (the current item's innermost open scope)
 * has finished its subtree, then close s.  Called from: the body that
 * opened it. */
INSPIRE_INTERNAL void inspire_scope_close(inspire_worker_t *w, inspire_scope_t *s);

#endif /* INSPIRE_SCOPE_H */
