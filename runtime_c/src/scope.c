/*
 * scope.c -- opening and closing scopes (see scope.h).
 */
#include "internal.h"

#include "scope.h"

#include <stdio.h>
#include <stdlib.h>

#include "frame.h"

void inspire_scope_open(inspire_worker_t *w, inspire_scope_t *s) {
    inspire_item_t *it = w->current;
    s->members.count = 0;
    s->members.target = 0;
    s->members.waiter = NULL;
    s->members.prev = NULL;
    s->prev = it->scope;
    it->scope = s;
}

void inspire_scope_close(inspire_worker_t *w, inspire_scope_t *s) {
    if (w->current->scope != s) {
        fprintf(stderr, "inspire runtime: a scope is closed out of order\n");
        abort();
    }
    inspire_frame_wait(w, &s->members);
    /* Resumed on the same worker: tasks are tied. */
    w->current->scope = s->prev;
}
