/*
 * idle.h -- idle workers: sleeping on a futex and waking up; futex waits of
 * threads that wait for another thread.
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

/* Block the calling thread while *addr == val, at most timeout_ns (or until
 * woken: inspire_futex_wake_all; it may also return spuriously).  For a
 * thread that waits for another and has nothing else to run (region.c:
 * an ordered loop's ticket when threads outnumber CPUs).
 * Called from: any thread. */
INSPIRE_INTERNAL void inspire_futex_wait_for(unsigned *addr, unsigned val, long timeout_ns);

/* Wake every thread blocked on addr.  Called from: any thread. */
INSPIRE_INTERNAL void inspire_futex_wake_all(unsigned *addr);

#endif /* INSPIRE_IDLE_H */
