/*
 * suspend.h -- suspending and resuming work items, the per-worker mailbox
 * of items made ready, and yielding.
 *
 * Tasks are tied: a suspended item resumes on the worker that started it.
 * Making an item ready posts it to that worker's mailbox (a lock-free LIFO
 * that anyone may push to); the worker drains it in posting order.
 */
#ifndef INSPIRE_SUSPEND_H
#define INSPIRE_SUSPEND_H

#include "internal.h"
#include "worker.h"

/* Suspend the current item; `post(w, arg)` runs on the worker right after
 * the item's context is saved (that is where the item registers itself for
 * its wake-up, so a wake-up can never overtake the save).  Returns when the
 * item was made ready and its worker switched back to it.
 * Called from: a task context on a worker. */
INSPIRE_INTERNAL void inspire_worker_suspend(inspire_worker_t *w, inspire_post_fn post,
                                             void *arg);

/* Switch from the loop's fiber back to the suspended item it (on its owner
 * w); the loop's fiber is released.  Does not return.
 * Called from: the scheduling loop of w. */
INSPIRE_INTERNAL void inspire_worker_resume(inspire_worker_t *w, inspire_item_t *it)
    __attribute__((noreturn));

/* Make a suspended (or not yet started, mailbox-bound) item runnable on its
 * owner worker.  Called from: any thread. */
INSPIRE_INTERNAL void inspire_make_ready(inspire_item_t *it);
INSPIRE_INTERNAL void inspire_mailbox_post(inspire_worker_t *target, inspire_item_t *it);

/* The next item of w's mailbox, in posting order, or NULL.
 * Called from: worker w. */
INSPIRE_INTERNAL inspire_item_t *inspire_mailbox_take(inspire_worker_t *w);

/* Switch from the thread's own stack to a fresh scheduler fiber running the
 * scheduling loop; returns at shutdown.  Called from: a worker thread. */
INSPIRE_INTERNAL void inspire_worker_enter_loop(inspire_worker_t *w);

#endif /* INSPIRE_SUSPEND_H */
