/*
 * frame.c -- waiting on frames, and running waited-for children nested
 * (see frame.h).
 */
#include "internal.h"

#include "frame.h"

#include <stdio.h>
#include <stdlib.h>

#include "loop.h"
#include "priority.h"
#include "suspend.h"

long inspire_frame_dec(inspire_frame_t *f) {
    long target = f->target; /* read before: f may die once the count drops */
    long n = __atomic_sub_fetch(&f->count, 1, __ATOMIC_ACQ_REL);
    if (n == INSPIRE_WAIT_FLAG + target)
        inspire_make_ready(__atomic_load_n(&f->waiter, __ATOMIC_RELAXED));
    return n;
}

/* f->waiter is atomic (relaxed; the count's acq_rel RMWs order it): a
 * worker in inspire_frame_hand_to_parent may read it while the waiter,
 * resumed with a handed-over child and suspended again, stores it anew. */
static void post_frame_register(inspire_worker_t *w, void *arg) {
    inspire_frame_t *f = arg;
    inspire_item_t *it = w->suspending;
    __atomic_store_n(&f->waiter, it, __ATOMIC_RELAXED);
    long old = __atomic_fetch_add(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
    if (old == f->target)
        inspire_make_ready(it);
}

void inspire_frame_wait(inspire_worker_t *w, inspire_frame_t *f) {
    if (__atomic_load_n(&f->count, __ATOMIC_ACQUIRE) == f->target)
        return;
    if (!w || !w->current) {
        /* Foreign thread: nothing it created was queued, so this only
         * happens on misuse. */
        fprintf(stderr, "inspire runtime: internal error: a thread the runtime does not "
                        "manage waits for queued tasks\n");
        abort();
    }
    inspire_worker_suspend(w, post_frame_register, f);
    __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
}

/* ---- waiting for children: run them nested ------------------------------- */

/* A child that may run nested here: a direct child of `frame` that needs
 * at most `room` bytes of stack. */
typedef struct nestable {
    const inspire_frame_t *frame;
    size_t room;
} nestable_t;

/* A queued item is a direct child of frame f iff it was spawned while f was
 * its creator's current frame.  A queued item's body_sync frame is alive
 * (it still counts the item), so pointer equality identifies the frame. */
static int is_nestable_child(const void *item, const void *key) {
    const inspire_item_t *it = item;
    const nestable_t *k = key;
    return it->body_sync == k->frame && it->stack_need <= k->room;
}

/* The stack free for a work item started here, nested below the current
 * frame: a child runs nested only when this is at least its stack_need, as
 * much as it would find on a fiber of its own.  Only pooled fibers count
 * (0 on the home stacks): their guard page turns an overflow into the task
 * stack overflow report. */
static size_t room_for_nested(const inspire_worker_t *w) {
    const inspire_fiber_t *f = w->cur_fiber;
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    return f->map_base ? sp - (uintptr_t)f->stack_lo : 0;
}

/* The child of f to run now on this stack, or NULL.  The front item is what
 * the scheduler loop would pick next, so running it here (when it is our
 * child) only saves the suspension.  Otherwise our most recently pushed
 * child is taken out of policy order only while the deque is full.  With
 * free slots, a depth-first descent would turn nearly every call into a
 * work item (a deque fills only under breadth-first expansion), so the task
 * suspends and the worker continues in policy order, which refills it.
 *
 * A child run nested here keeps occupying one slot of the capacity until it
 * finishes: inspire_frame_wait_children runs it with a smaller limit than
 * its waiting parent's (nested_limit).  So taking a child back from a full
 * deque does not make room for the child's own spawns (they run inline,
 * unless a thief empties slots meanwhile). */
static inspire_item_t *take_child(inspire_worker_t *w, const inspire_frame_t *f, size_t room) {
    if (inspire_priority_pending())
        return NULL; /* suspend: the loop runs tasks with a priority first */
    nestable_t key = {f, room};
    inspire_item_t *it = inspire_deque_pop_front_if(&w->dq, is_nestable_child, &key);
    if (!it && inspire_deque_size(&w->dq) >= w->hot->limit)
        it = inspire_deque_pop_newest_if(&w->dq, is_nestable_child, &key);
    return it;
}

/* The deque limit of a child run nested by its waiting parent, whose limit
 * is `limit`.  Under the push-back policies one lower: the owner expands
 * the tree breadth first, the deque fills after a few levels and the count
 * test then inlines every spawn below.  Under the push-front policies the
 * owner descends depth first and its deque holds only the pending siblings
 * on its path, so the count hardly ever reaches the limit; one lower per
 * level would queue INSPIRE_QUEUE_SIZE levels of children (fib: every call
 * a work item with 64 slots; on every steal again at 2 workers).  There the
 * limit halves, so spawns run inline below log2(INSPIRE_QUEUE_SIZE) + 1
 * nested levels under either end of stealing. */
static inline int nested_limit(int limit) {
#if INSPIRE_DEQUE_PUSH_FRONT
    return limit / 2;
#else
    return limit > 0 ? limit - 1 : 0;
#endif
}

void inspire_frame_wait_children(inspire_worker_t *w, inspire_frame_t *f) {
    inspire_item_t *self = w->current;
    while (__atomic_load_n(&f->count, __ATOMIC_ACQUIRE) != f->target) {
        size_t room = room_for_nested(w);
        inspire_item_t *it = room ? take_child(w, f, room) : NULL;
        if (!it) {
            self->nest_room = room;
            self->handoff = NULL;
            inspire_worker_suspend(w, post_frame_register, f);
            /* Resumed on this worker (tied), either because f reached its
             * target or with a child handed over by hand_to_parent, which
             * already removed the wait flag. */
            it = self->handoff;
            if (!it) {
                __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
                return;
            }
            self->handoff = NULL;
        }
        w->stats.nested++;
        inspire_loop_run_nested(w, it, nested_limit(self->limit));
    }
}

/* No race with the wake-up of the creator: `it` is unfinished, so the frame's
 * count stays above its target and nobody else can find it at
 * INSPIRE_WAIT_FLAG + target.  The acquire load pairs with the acq_rel
 * fetch_add of post_frame_register, so seeing the flag means f->waiter is
 * the registered waiter; owner == w means it registered on this thread.
 * Then a chain of suspended ancestors shares one stack instead of holding
 * one each. */
inspire_item_t *inspire_frame_hand_to_parent(inspire_worker_t *w, inspire_item_t *it) {
    inspire_frame_t *f = it->body_sync;
    if (!f || __atomic_load_n(&f->count, __ATOMIC_ACQUIRE) < INSPIRE_WAIT_FLAG)
        return NULL;
    inspire_item_t *parent = __atomic_load_n(&f->waiter, __ATOMIC_RELAXED);
    /* nest_room is read only when the waiter registered on this thread. */
    if (parent->owner != w || it->stack_need > parent->nest_room)
        return NULL;
    __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
    parent->handoff = it;
    return parent;
}
