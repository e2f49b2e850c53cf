/*
 * idle.h -- idle workers: sleeping on a futex and waking up.
 *
 * An idle worker spins, backs off, then sleeps (loop.c decides when).  It
 * announces itself in `sleeping` and inspire_rt.sleepers before checking
 * for work a last time; a pusher publishes its item before it looks at the
 * sleepers (both with a full fence), so either the sleeper sees the item or
 * the pusher sees the sleeper.
 */
#ifndef INSPIRE_IDLE_H
#define INSPIRE_IDLE_H

#include "internal.h"
#include "worker.h"

/* Sleep until woken, unless work or shutdown is visible.
 * Called from: the scheduling loop of w. */
INSPIRE_INTERNAL void inspire_idle_sleep(inspire_worker_t *w);

/* Wake v if it sleeps; returns 1 if it did.  Called from: any thread. */
INSPIRE_INTERNAL int inspire_idle_wake(inspire_worker_t *v);

/* Wake one sleeping worker (searching from w's neighbour), if any sleeps.
 * Called from: worker w, after publishing new work. */
INSPIRE_INTERNAL void inspire_idle_wake_one(inspire_worker_t *w);

/* Wake every worker (shutdown).  Called from: any thread. */
INSPIRE_INTERNAL void inspire_idle_wake_all(void);

#endif /* INSPIRE_IDLE_H */
