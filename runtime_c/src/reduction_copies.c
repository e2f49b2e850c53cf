/*
 * reduction_copies.c -- the registry of the live private copies of task
 * reductions, by address (inspire_reduction_copy_begin/_end), and the lookup
 * that maps an address in one of them to the original it stands for
 * (inspire_reduction_original).
 *
 * A task with in_reduction whose list item is reached through a pointer, in
 * a function where no construct reducing it is visible, may be handed the
 * address of an enclosing participant's private copy (foo(&x) in a task with
 * in_reduction(+: x), and in foo a task with in_reduction(+: p[0])).  It must
 * combine into the original, not into that copy, which may be combined and
 * gone before the task ends.  Live copies are distinct objects, so their
 * byte ranges are disjoint and an address is in at most one of them.
 *
 * One lock guards the list; registrations are made only by constructs whose
 * copies may be reached so (the frontend decides), and lookups only when
 * such a task is created, so the list is short and rarely contended.
 */
#include "internal.h"
#include "inspire_rt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct copy_entry {
    uintptr_t copy;     /* the copy's base address (the original's: original) */
    uintptr_t first;    /* its bytes: [copy + first, copy + end) */
    uintptr_t end;
    uintptr_t original;
    struct copy_entry *prev, *next;
} copy_entry_t;

static inspire_lock_t registry_lock = INSPIRE_LOCK_INITIALIZER;
static copy_entry_t *live; /* guarded by registry_lock; read unlocked only as a hint */

void *inspire_reduction_copy_begin(void *copy, void *original, long first, long bytes) {
    copy_entry_t *e = malloc(sizeof *e);
    if (!e) {
        fprintf(stderr, "inspire runtime: out of memory registering a reduction's private copy\n");
        abort();
    }
    e->copy = (uintptr_t)copy;
    e->first = (uintptr_t)first;
    e->end = (uintptr_t)first + (uintptr_t)bytes;
    e->original = (uintptr_t)original;
    e->prev = NULL;
    inspire_lock_set(&registry_lock);
    e->next = live;
    if (live)
        live->prev = e;
    __atomic_store_n(&live, e, __ATOMIC_RELAXED);
    inspire_lock_unset(&registry_lock);
    return e;
}

void inspire_reduction_copy_end(void *handle) {
    copy_entry_t *e = handle;
    inspire_lock_set(&registry_lock);
    if (e->prev)
        e->prev->next = e->next;
    else
        __atomic_store_n(&live, e->next, __ATOMIC_RELAXED);
    if (e->next)
        e->next->prev = e->prev;
    inspire_lock_unset(&registry_lock);
    free(e);
}

void *inspire_reduction_original(void *p, long first) {
    if (!__atomic_load_n(&live, __ATOMIC_RELAXED))
        return p; /* no copy registered: a copy that p + first is in would be */
    uintptr_t at = (uintptr_t)p + (uintptr_t)first;
    void *found = p;
    inspire_lock_set(&registry_lock);
    for (copy_entry_t *e = live; e; e = e->next) {
        if (at - e->copy >= e->first && at - e->copy < e->end) {
            found = (void *)(e->original + ((uintptr_t)p - e->copy));
            break;
        }
    }
    inspire_lock_unset(&registry_lock);
    return found;
}
