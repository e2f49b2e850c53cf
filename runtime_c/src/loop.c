/*
 * loop.c -- the scheduling loop and running work items (see loop.h).
 */
#include "internal.h"

#include "loop.h"

#include <sched.h>
#include <stdlib.h>

#include "depend.h"
#include "detach.h"
#include "frame.h"
#include "idle.h"
#include "priority.h"
#include "region.h"
#include "scope.h"
#include "spin.h"
#include "steal.h"
#include "suspend.h"

/* ---- running items ------------------------------------------------------- */

/* The thread number of explicit task it running on w: that of the thread
 * of its team that w hosts, if w started one last, else one chosen by w's
 * id (a worker helping a team it does not host a thread of). */
static int explicit_thread_num(const inspire_worker_t *w, const inspire_item_t *it) {
    const struct inspire_region *r = it->region;
    if (!r)
        return 0;
    if (w->team_serial == r->serial)
        return w->team_thread;
    return w->id % r->nthreads;
}

/* One unit of it's subtree finished: free every item whose subtree is now
 * complete, walking up through the creators. */
static void tree_release(inspire_worker_t *w, inspire_item_t *it) {
    for (;;) {
        long n = inspire_frame_dec(&it->tree);
        if (n != 0)
            return;
        /* The item and all its descendants are finished. */
        inspire_item_t *parent = it->parent;
        inspire_frame_t *ts = it->tree_sync;
        inspire_scope_t *member_of = it->member_of;
        inspire_item_free(&w->items, it);
        inspire_scope_leave(member_of);
        if (ts) {
            inspire_frame_dec(ts);
            return;
        }
        if (!parent)
            return;
        it = parent;
    }
}

void inspire_loop_task_completed(inspire_worker_t *w, inspire_item_t *it) {
    if (it->group)
        inspire_event_fire(&inspire_rt.events, it->group, it->result);
    inspire_depend_completed(w, it);
    if (it->body_sync)
        inspire_frame_dec(it->body_sync);
    tree_release(w, it);
}

/* The body of it finished: release what the body held, and complete the
 * task unless it is detached and its event is still unfulfilled. */
static void body_done(inspire_worker_t *w, inspire_item_t *it) {
    if (inspire_rt.trace_path)
        inspire_trace_record(&w->trace, it->trace_t0, inspire_now_us(), it->fn, it->implicit);
    if (it->heap_closure) {
        free(it->closure);
        it->heap_closure = 0;
    }
    inspire_depend_body_done(it);
    if (it->implicit && !inspire_worker_added(w)) /* before its region can end (tree_release) */
        inspire_worker_release(w);
    if (inspire_detach_unit_done(it))
        inspire_loop_task_completed(w, it);
}

/* Run it here with `limit` as its deque capacity (see take_child in frame.c). */
static void run_item(inspire_worker_t *w, inspire_item_t *it, int limit) {
    it->limit = limit;
    it->owner = w;
    it->started = 1;
    if (!it->implicit) {
        it->thread_num = explicit_thread_num(w, it);
    } else if (it->region) {
        w->team_serial = it->region->serial;
        w->team_thread = it->thread_num;
    }
    w->current = it;
    inspire_worker_set_limit(w, it);
    w->stats.executed++;
    if (inspire_rt.trace_path)
        it->trace_t0 = inspire_now_us();
    if (!inspire_scope_discards(it))
        it->fn(it->closure);
    /* Same worker as before (tied), possibly after suspensions. */
    w->current = NULL;
    body_done(w, it);
}

void inspire_loop_run_nested(inspire_worker_t *w, inspire_item_t *it, int limit) {
    inspire_item_t *saved = w->current;
    run_item(w, it, limit);
    w->current = saved;
    inspire_worker_set_limit(w, saved);
}

/* ---- the loop ------------------------------------------------------------ */

/* The deque capacity of an item the loop starts: the configured one, except
 * that a runtime of one worker, whose items get 1 slot under push front
 * (nobody could steal more), gives the full capacity while added workers
 * host team threads: they steal, and a task may wait for a later one (a
 * spin on a flag another task sets) as a team of threads allows. */
static int start_limit(void) {
    if (inspire_rt.queue_limit < INSPIRE_QUEUE_SIZE &&
        __atomic_load_n(&inspire_rt.added_busy, __ATOMIC_RELAXED) > 0)
        return INSPIRE_QUEUE_SIZE;
    return inspire_rt.queue_limit;
}

static inspire_item_t *find_work(inspire_worker_t *w) {
    if (inspire_detach_pending())
        inspire_detach_drain(w);
    inspire_item_t *it = inspire_mailbox_take(w);
    if (it)
        return it;
    int steals = inspire_worker_steals(w);
    if (steals && inspire_priority_pending() && (it = inspire_priority_take()))
        return it;
    it = inspire_deque_pop(&w->dq);
    if (it)
        return it;
    if (w->yielded) {
        /* Only items that wait for another thread are left: with more busy
         * threads than CPUs, let that thread have the CPU first. */
        if (inspire_oversubscribed())
            sched_yield();
        it = w->yielded;
        w->yielded = it->next;
        return it;
    }
    return steals ? inspire_steal(w) : NULL;
}

void inspire_loop_run(inspire_worker_t *w) {
    unsigned rounds = 0; /* unsuccessful rounds since work was last found */
    double idle_since = 0;
    for (;;) {
        inspire_item_t *it = find_work(w);
        if (it) {
            rounds = 0;
            if (it->fiber) {
                inspire_worker_resume(w, it); /* does not return */
            } else {
                inspire_item_t *parent = inspire_frame_hand_to_parent(w, it);
                if (parent)
                    inspire_worker_resume(w, parent); /* does not return */
                else
                    run_item(w, it, start_limit());
            }
            continue;
        }
        if (__atomic_load_n(&inspire_rt.shutdown, __ATOMIC_ACQUIRE))
            return;
        /* Idle: spin, then back off, then sleep (see inspire_rt_config.h). */
        double idle_us = 0;
        if (rounds++ == 0)
            idle_since = inspire_now_us();
        else
            idle_us = inspire_now_us() - idle_since;
        if (inspire_oversubscribed()) {
            rounds = 0;
            inspire_idle_sleep(w);
        } else if (idle_us < INSPIRE_IDLE_SPIN_US) {
            for (int i = 0; i < 16; i++)
                INSPIRE_CPU_RELAX();
            if (rounds % 64 == 0)
                sched_yield();
        } else if (idle_us < INSPIRE_IDLE_SPIN_US + INSPIRE_IDLE_BACKOFF_US) {
            sched_yield();
        } else {
            rounds = 0;
            inspire_idle_sleep(w);
        }
    }
}
