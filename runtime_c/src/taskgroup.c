/*
 * taskgroup.c -- taskgroups: waiting for every task created in a region of
 * code, descendants included (inspire_taskgroup_begin/end).
 *
 * A taskgroup is a scope (scope.h): its members are the tasks its body
 * creates, and its end waits until their subtrees have finished.  The scope
 * lives in heap memory owned by the runtime from inspire_taskgroup_begin
 * until the matching inspire_taskgroup_end.
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
