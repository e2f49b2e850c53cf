/*
 * detach.c -- detached tasks and their events (see detach.h).
 */
#include "internal.h"

#include "detach.h"

#include <stdio.h>
#include <stdlib.h>

#include "idle.h"
#include "loop.h"
#include "spin.h"

int inspire_detach_waiting;

static inspire_spin_t foreign_lock;
static inspire_item_t *foreign_done; /* completed by foreign threads (next-linked) */

uintptr_t inspire_task_detach(inspire_task_t *t, int final) {
    t->detached = 1;
    t->pending = 2;
    t->final_depth = final != 0;
    return (uintptr_t)t;
}

int inspire_detach_inline_p(void) {
    inspire_worker_t *w = inspire_self;
    return !w || !w->current;
}

void inspire_task_fulfill(uintptr_t event) {
    inspire_item_t *it = (inspire_item_t *)event;
    if (!it)
        return; /* the event of a detached task that ran at once (see inspire_rt.h) */
    if (!it->detached) {
        fprintf(stderr, "inspire runtime: omp_fulfill_event: not the event of an unfinished "
                        "detached task\n");
        abort();
    }
    if (!inspire_detach_unit_done(it))
        return;
    inspire_worker_t *w = inspire_self;
    if (w) {
        inspire_loop_task_completed(w, it);
        /* A signal handler may have called this on a worker asleep in the
         * futex, which resumes its wait when the handler returns: changing
         * the futex word makes the resumed wait return, and the worker then
         * finds what the completion made ready (a waiter on this worker). */
        inspire_idle_wake(w);
        return;
    }
    /* The body has ended, so `next` is free: the item is in no list. */
    inspire_spin_lock(&foreign_lock);
    it->next = foreign_done;
    foreign_done = it;
    __atomic_store_n(&inspire_detach_waiting, 1, __ATOMIC_SEQ_CST);
    inspire_spin_unlock(&foreign_lock);
    inspire_idle_wake_one(&inspire_rt.workers[0]);
}

void inspire_detach_drain(inspire_worker_t *w) {
    inspire_spin_lock(&foreign_lock);
    inspire_item_t *it = foreign_done;
    foreign_done = NULL;
    __atomic_store_n(&inspire_detach_waiting, 0, __ATOMIC_SEQ_CST);
    inspire_spin_unlock(&foreign_lock);
    while (it) {
        inspire_item_t *next = it->next;
        inspire_loop_task_completed(w, it);
        it = next;
    }
}
