/*
 * steal.h -- taking work from other workers.
 *
 * A thief takes half of a victim's deque at once (rounded up).  The items
 * keep their front-to-back order in the thief's (empty) deque, and the
 * front-most one runs at once: afterwards the thief picks them in the order
 * the victim would have.  Taking several items at once spares the thief a
 * breadth-first refill of its deque (see take_child in frame.c), which
 * would otherwise follow every steal.
 */
#ifndef INSPIRE_STEAL_H
#define INSPIRE_STEAL_H

#include "internal.h"
#include "worker.h"

/* Allocate w's steal buffer ((INSPIRE_QUEUE_SIZE + 1) / 2 slots, on the
 * heap: the scheduler loop runs within INSPIRE_STACK_RESERVE_BYTES of a
 * task stack).  Called from: worker w's setup. */
INSPIRE_INTERNAL void inspire_steal_init(inspire_worker_t *w);

/* Try the other workers once (the set-up ones: added workers too), from a
 * random one on; returns an item to run
 * now (its siblings are in w's deque) or NULL.  w's deque must be empty.
 * Called from: the scheduling loop of w. */
INSPIRE_INTERNAL inspire_item_t *inspire_steal(inspire_worker_t *w);

#endif /* INSPIRE_STEAL_H */
