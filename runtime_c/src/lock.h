/*
 * lock.h -- omp-style locks, nestable locks and named critical sections.
 *
 * A task that cannot get a lock spins INSPIRE_LOCK_SPINS times and then
 * yields its worker (inspire_yield), so a lock holder that is suspended on
 * the same worker can make progress.
 */
#ifndef INSPIRE_LOCK_H
#define INSPIRE_LOCK_H

#include "inspire_rt.h"

/* Maximum number of distinct critical-section names in a program. */
#define INSPIRE_CRITICAL_NAMES 1024

#endif /* INSPIRE_LOCK_H */
