/*
 * frame.h -- synchronisation frames: counting children and waiting for them.
 *
 * A frame counts the unfinished children of one task frame (merge_all's
 * frame of an item, an undeferred/inline/final frame, the subtree count of
 * an item, the done count of a region).  The task owning the frame waits
 * until the count reaches the frame's target.  While it waits suspended,
 * INSPIRE_WAIT_FLAG is added to the count and `waiter` names it: whoever
 * brings the count down to INSPIRE_WAIT_FLAG + target makes it ready.
 *
 * Waiting for children (merge_all, the end of an undeferred/inline/final
 * frame) first runs the waiting item's children that are still in its
 * worker's deque, nested on its own stack, without suspending.  When it does
 * suspend and the loop later picks one of its children, the loop hands the
 * child to the suspended parent, which runs it nested as well
 * (inspire_frame_hand_to_parent).
 */
#ifndef INSPIRE_FRAME_H
#define INSPIRE_FRAME_H

#include "internal.h"
#include "worker.h"

/* Added to a frame's count while its waiter is registered. */
#define INSPIRE_WAIT_FLAG (1L << 40)

/* One unit of progress of f (a child finished): returns the new count, and
 * wakes the registered waiter when the count reaches its target.
 * Called from: any worker. */
INSPIRE_INTERNAL long inspire_frame_dec(inspire_frame_t *f);

/* Wait until f->count == f->target (suspending if needed).
 * Called from: the task owning f, on a worker. */
INSPIRE_INTERNAL void inspire_frame_wait(inspire_worker_t *w, inspire_frame_t *f);

/* As inspire_frame_wait, for a frame counting children spawned by the
 * current item (its merge_all frame or an undeferred/inline/final frame):
 * children still in this worker's deque first run right here, nested on the
 * current stack, without a suspension (see take_child in frame.c).  Safe
 * because the waiting item could not continue before they finish anyway, and
 * they are its descendants, so nothing they wait for depends on it.
 * Called from: the task owning f, on a worker. */
INSPIRE_INTERNAL void inspire_frame_wait_children(inspire_worker_t *w, inspire_frame_t *f);

/* it was just taken from a deque by the scheduler loop of w.  If its creator
 * is suspended on w in inspire_frame_wait_children, waiting for the frame
 * that counts it, with stack room for a nested child, return the creator
 * (after taking over its wake-up): the loop resumes it and it runs `it`
 * nested on its own stack.  NULL otherwise.  Called from: the loop of w. */
INSPIRE_INTERNAL inspire_item_t *inspire_frame_hand_to_parent(inspire_worker_t *w,
                                                             inspire_item_t *it);

#endif /* INSPIRE_FRAME_H */
