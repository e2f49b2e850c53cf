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

#endif /* INSPIRE_SCHEDULER_H */
