/*
 * taskgroup.c -- taskgroups: waiting for every task created in a region of
 * code, descendants included (inspire_taskgroup_begin/end).
 *
 * A taskgroup is a scope (scope.h): its members are the tasks its body
 * creates, and its end waits until their subtrees have finished.  The scope
 * lives in heap memory owned by the runtime from inspire_taskgroup_begin
 * until the matching inspire_taskgroup_end.
 *
 * Cancellation (cancel taskgroup, when OMP_CANCELLATION is true) cancels
 * the innermost taskgroup of the encountering code (scope.h discards its
 * tasks that have not started); the encountering task then ends, and the
 * others at their next cancellation point.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "scope.h"

void inspire_taskgroup_begin(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return; /* foreign thread: every task it creates runs inline */
    inspire_scope_t *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "inspire runtime: out of memory opening a taskgroup\n");
        abort();
    }
    inspire_scope_open(w, s);
}

void inspire_taskgroup_end(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return;
    inspire_scope_t *s = w->current->scope;
    if (!s) {
        fprintf(stderr, "inspire runtime: inspire_taskgroup_end without an open taskgroup\n");
        abort();
    }
    inspire_scope_close(w, s);
    free(s);
}

int inspire_cancel_taskgroup(int cond) {
    inspire_worker_t *w = inspire_self;
    if (!cond || !inspire_cancel_var() || !w || !w->current)
        return 0;
    inspire_scope_t *s = inspire_scope_innermost(w->current);
    if (!s)
        return 0;
    __atomic_store_n(&s->cancelled, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&inspire_scope_any_cancelled, 1, __ATOMIC_RELEASE);
    return 1;
}

int inspire_cancellation_point_taskgroup(void) {
    inspire_worker_t *w = inspire_self;
    if (!__atomic_load_n(&inspire_scope_any_cancelled, __ATOMIC_ACQUIRE) || !w || !w->current)
        return 0;
    inspire_scope_t *s = inspire_scope_innermost(w->current);
    return s && __atomic_load_n(&s->cancelled, __ATOMIC_ACQUIRE);
}

int inspire_task_discarded(void) {
    inspire_worker_t *w = inspire_self;
    return w && w->current && inspire_scope_cancelled_from(w->current);
}
