/*
 * doacross.h -- doacross loops (omp for ordered(n) with ordered
 * depend(sink)/depend(source), doacross(...)): a worksharing loop whose
 * iterations wait for the sources of named earlier iterations.
 *
 * The compiler linearises the loops the schedule distributes (collapse(c))
 * into the pfor's iterations k; the other n - c doacross loops run inside
 * each iteration in order, their iterations numbered j = 0, 1, ... in
 * lexicographic order.  A logical iteration is the pair (k, j).  A doacross
 * loop (kind | INSPIRE_SCHED_DOACROSS) of a team takes a ring slot
 * (region.h) whatever its schedule; the slot holds one counter per k,
 * `posted`: every (k, j) with j < posted[k] has posted its source
 * (inspire_doacross_post), and a sink (inspire_doacross_wait) waits until
 * its iteration is among them.
 *
 * Invariants:
 * - posted[k] only grows, and only the thread running k writes it (the
 *   iterations (k, j) run in order on that thread, so posting (k, j) also
 *   posts every (k, j') before it, which ended).
 * - `posted` is allocated by the first thread of the team to reach the
 *   loop (under the slot's lock) and freed by the last one to finish it:
 *   every thread that may read it is still in the loop.
 * - Every k is posted whole (LONG_MAX) by the end of its chunk at the
 *   latest (an iteration that ends without reaching its source posts then),
 *   so a sink never waits for an iteration that has already ended; as
 *   iterations wait only for earlier ones and each thread runs its chunks
 *   in increasing order, some unfinished iteration can always proceed.
 * - In a team of one the loop runs in iteration order: no slot, nothing
 *   waits.
 */
#ifndef INSPIRE_DOACROSS_H
#define INSPIRE_DOACROSS_H

#include "internal.h"
#include "region.h"

/* The counters of a doacross loop of n pfor iterations, all 0 (out of
 * memory is fatal).  Called from: pfor_slot, under the slot's lock. */
INSPIRE_INTERNAL long *inspire_doacross_open(long n);

/* Free the counters of slot s (its loop is finished by every thread).
 * Called from: the last thread to finish the loop, under the slot's lock. */
INSPIRE_INTERNAL void inspire_doacross_close(inspire_pfor_slot_t *s);

/* Post pfor iterations [lo, hi) of doacross loop p whole (the end of a
 * chunk).
 * Called from: the thread running p. */
INSPIRE_INTERNAL void inspire_doacross_post_range(inspire_pfor_t *p, long lo, long hi);

/* The innermost loop the current work item runs (NULL outside one).
 * Defined in region.c. */
INSPIRE_INTERNAL inspire_pfor_t *inspire_running_loop(void);

#endif /* INSPIRE_DOACROSS_H */
