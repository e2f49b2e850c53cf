/*
 * scope.c -- opening and closing scopes (see scope.h).
 */
#include "internal.h"

#include "scope.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frame.h"

void inspire_scope_open(inspire_worker_t *w, inspire_scope_t *s) {
    inspire_item_t *it = w->current;
    s->members.count = 0;
    s->members.target = 0;
    s->members.waiter = NULL;
    s->members.prev = NULL;
    s->prev = it->scope;
    s->cancelled = 0;
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

int inspire_scope_any_cancelled;

inspire_scope_t *inspire_scope_innermost(inspire_item_t *it) {
    if (it->scope)
        return it->scope;
    for (; it; it = it->parent)
        if (it->member_of)
            return it->member_of;
    return NULL;
}

int inspire_scope_cancelled_from(inspire_item_t *it) {
    if (!__atomic_load_n(&inspire_scope_any_cancelled, __ATOMIC_RELAXED))
        return 0;
    for (inspire_scope_t *s = it->scope; s; s = s->prev)
        if (__atomic_load_n(&s->cancelled, __ATOMIC_ACQUIRE))
            return 1;
    return inspire_region_cancelled(it->region) || inspire_scope_discards(it);
}

int inspire_cancel_var(void) {
    static int enabled = -1;
    int e = __atomic_load_n(&enabled, __ATOMIC_RELAXED);
    if (e < 0) {
        /* libgomp's syntax: true in any case, blanks around it allowed
         * (omp_host_api.c warns about other values) */
        const char *v = getenv("OMP_CANCELLATION");
        while (v && (*v == ' ' || *v == '\t'))
            v++;
        e = v && strncasecmp(v, "true", 4) == 0 && v[4 + strspn(v + 4, " \t")] == '\0';
        __atomic_store_n(&enabled, e, __ATOMIC_RELAXED);
    }
    return e;
}
