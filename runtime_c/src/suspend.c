/*
 * suspend.c -- context switches between work items and scheduler fibers,
 * the mailbox, and inspire_yield (see suspend.h).
 */
#include "internal.h"

#include "suspend.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "idle.h"
#include "loop.h"

static void run_post(inspire_worker_t *w) {
    inspire_post_fn fn = w->post_fn;
    if (fn) {
        w->post_fn = NULL;
        fn(w, w->post_arg);
    }
}

static void switch_to(inspire_worker_t *w, inspire_fiber_t *from, inspire_fiber_t *to, int dies) {
    w->cur_fiber = to;
    inspire_overflow_set_current(to);
    inspire_fiber_switch(from, to, dies);
    /* Back on `from`, on the same worker (tasks are tied). */
    run_post(inspire_self);
}

static void post_release_fiber(inspire_worker_t *w, void *arg) {
    inspire_stack_release(&w->pool, arg);
}

/* Entry of every scheduler fiber. */
static void loop_entry(void *arg) {
    inspire_fiber_entered();
    inspire_worker_t *w = arg;
    run_post(w);
    inspire_loop_run(w);
    /* Shutdown: go back to the thread's own stack and drop this fiber. */
    w->post_fn = post_release_fiber;
    w->post_arg = w->cur_fiber;
    switch_to(w, w->cur_fiber, &w->home, 1);
    fprintf(stderr, "inspire runtime: internal error: a finished scheduler fiber was resumed\n");
    abort();
}

void inspire_worker_enter_loop(inspire_worker_t *w) {
    inspire_fiber_t *f = inspire_stack_acquire(&w->pool, loop_entry, w);
    switch_to(w, &w->home, f, 0);
}

void inspire_worker_suspend(inspire_worker_t *w, inspire_post_fn post, void *arg) {
    inspire_item_t *it = w->current;
    if (inspire_rt.trace_path)
        inspire_trace_record(&w->trace, it->trace_t0, inspire_now_us(), it->fn, it->implicit);
    w->stats.suspended++;
    it->fiber = w->cur_fiber;
    w->suspending = it;
    w->current = NULL;
    inspire_fiber_t *next = inspire_stack_acquire(&w->pool, loop_entry, w);
    w->post_fn = post;
    w->post_arg = arg;
    switch_to(w, it->fiber, next, 0);
    /* Resumed by inspire_worker_resume on this worker. */
}

void inspire_worker_resume(inspire_worker_t *w, inspire_item_t *it) {
    inspire_fiber_t *cur = w->cur_fiber;
    inspire_fiber_t *to = it->fiber;
    it->fiber = NULL;
    w->current = it;
    inspire_worker_set_limit(w, it);
    if (inspire_rt.trace_path)
        it->trace_t0 = inspire_now_us();
    w->post_fn = post_release_fiber;
    w->post_arg = cur;
    switch_to(w, cur, to, 1);
    fprintf(stderr, "inspire runtime: internal error: a released scheduler fiber was resumed\n");
    abort();
}

/* ---- mailbox ------------------------------------------------------------- */

void inspire_mailbox_post(inspire_worker_t *target, inspire_item_t *it) {
    inspire_item_t *head = __atomic_load_n(&target->mailbox, __ATOMIC_RELAXED);
    do {
        it->next = head;
    } while (!__atomic_compare_exchange_n(&target->mailbox, &head, it, 1, __ATOMIC_SEQ_CST,
                                          __ATOMIC_RELAXED));
    inspire_hot_t *hot = __atomic_load_n(&target->hot, __ATOMIC_ACQUIRE); /* NULL: not set up yet */
    if (hot)
        __atomic_store_n(&hot->pending, 1, __ATOMIC_RELAXED);
    if (target != inspire_self)
        inspire_idle_wake(target);
}

void inspire_make_ready(inspire_item_t *it) { inspire_mailbox_post(it->owner, it); }

inspire_item_t *inspire_mailbox_take(inspire_worker_t *w) {
    if (!w->ready_head) {
        if (!__atomic_load_n(&w->mailbox, __ATOMIC_RELAXED))
            return NULL;
        inspire_item_t *it = __atomic_exchange_n(&w->mailbox, NULL, __ATOMIC_ACQUIRE);
        inspire_item_t *rev = NULL;
        while (it) { /* the mailbox is LIFO; run in posting order */
            inspire_item_t *n = it->next;
            it->next = rev;
            rev = it;
            it = n;
        }
        w->ready_head = rev;
    }
    inspire_item_t *it = w->ready_head;
    if (it)
        w->ready_head = it->next;
    return it;
}

/* ---- yield --------------------------------------------------------------- */

static void post_yield(inspire_worker_t *w, void *arg) {
    (void)arg;
    /* the item waits for this worker (inspire_poll); posters store it too */
    __atomic_store_n(&inspire_hot.pending, 1, __ATOMIC_RELAXED);
    inspire_item_t *it = w->suspending;
    it->next = NULL;
    if (!w->yielded) {
        w->yielded = it;
    } else {
        w->yielded_tail->next = it;
    }
    w->yielded_tail = it;
}

void inspire_yield(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        sched_yield();
        return;
    }
    inspire_worker_suspend(w, post_yield, NULL);
}

void inspire_poll_slow(void) {
    inspire_worker_t *w = inspire_self;
    __atomic_store_n(&inspire_hot.pending, 0, __ATOMIC_RELAXED);
    if (!w || !w->current)
        return;
    __atomic_thread_fence(__ATOMIC_SEQ_CST); /* a post after the clear sets it again */
    if (__atomic_load_n(&w->mailbox, __ATOMIC_RELAXED) || w->ready_head || w->yielded)
        inspire_yield();
}
