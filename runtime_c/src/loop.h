/*
 * loop.h -- the scheduling loop and running work items.
 *
 * The loop takes work in this order: items made ready (mailbox), the front
 * of the own deque, items that yielded, then stealing.  Without work it
 * spins for INSPIRE_IDLE_SPIN_US, backs off with sched_yield for
 * INSPIRE_IDLE_BACKOFF_US, then sleeps (idle.h).
 */
#ifndef INSPIRE_LOOP_H
#define INSPIRE_LOOP_H

#include "internal.h"
#include "worker.h"

/* Run the scheduling loop of w until shutdown.  Called from: a scheduler
 * fiber of w (see suspend.c). */
INSPIRE_INTERNAL void inspire_loop_run(inspire_worker_t *w);

/* Run a queued-looking item right here, nested on the current stack (used
 * when a spawn finds the deque full without having tested it first, and by
 * inspire_frame_wait_children), with `limit` as its deque capacity (the
 * lazy task creation threshold while it runs).  If the item suspends, it
 * keeps the current fiber, with the frames of the caller below its own.
 * Called from: a task context on worker w. */
INSPIRE_INTERNAL void inspire_loop_run_nested(inspire_worker_t *w, inspire_item_t *it, int limit);

/* it has completed (its body has finished and, if it is detached, its event
 * was fulfilled, see detach.h): fire its group's event, release its
 * dependence successors, decrement its creator's frame and its subtree
 * count.  Called from: any worker (w), once per item. */
INSPIRE_INTERNAL void inspire_loop_task_completed(inspire_worker_t *w, inspire_item_t *it);

#endif /* INSPIRE_LOOP_H */
