/*
 * scheduler.h -- runtime start/stop and the task entry points of inspire_rt.h
 * (spawn, merge, merge_all, undeferred/final frames, queries).
 *
 * Task tree bookkeeping: a spawned item increments two counters of its
 * creator: the creator's current frame (direct children still running;
 * merge_all waits for it to reach 0) and the creator's subtree count
 * (children whose whole subtree has not finished; barriers and region ends
 * wait for it).  An item's memory lives until its subtree has finished, so
 * children may outlive their parent's body safely.
 */
#ifndef INSPIRE_SCHEDULER_H
#define INSPIRE_SCHEDULER_H

#include "worker.h"

/* Make it, a new task of the current item of w, its child: every count and
 * field of the task tree (see above), without queueing it.
 * Called from: the worker running the creator. */
INSPIRE_INTERNAL void inspire_spawn_adopt(inspire_worker_t *w, inspire_item_t *it);

/* Queue it, adopted earlier, on w's deque (run it nested here when the
 * deque is full).  Called from: the worker running its creator. */
INSPIRE_INTERNAL void inspire_spawn_push(inspire_worker_t *w, inspire_item_t *it);

#endif /* INSPIRE_SCHEDULER_H */
