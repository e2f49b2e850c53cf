/*
 * doacross.h -- doacross loops (omp for ordered(n) with ordered
 * depend(sink)/depend(source), doacross(...)): a worksharing loop whose
 * iterations wait for the sources of named earlier iterations.
 *
 * The compiler linearises the n associated loops into one loop over the
 * logical iterations [0, count) in lexicographic order, so an iteration is
 * one number k.  A doacross loop (kind | INSPIRE_SCHED_DOACROSS) of a team
 * takes a ring slot (region.h) whatever its schedule; the slot holds one
 * byte per iteration, `posted`, set once iteration k has posted its source
 * (inspire_doacross_post) and never cleared while the loop runs.  A sink
 * (inspire_doacross_wait) waits until its iteration is posted.
 *
 * Invariants:
 * - `posted` is allocated by the first thread of the team to reach the
 *   loop (under the slot's lock) and freed by the last one to finish it:
 *   every thread that may read it is still in the loop.
 * - Every iteration is posted by the end of its chunk at the latest (an
 *   iteration that ends without reaching its source posts then), so a sink
 *   never waits for an iteration that has already ended; as iterations wait
 *   only for earlier ones and each thread runs its chunks in increasing
 *   order, some unfinished iteration can always proceed.
 * - In a team of one the loop runs in iteration order: no slot, nothing
 *   waits.
 */
#ifndef INSPIRE_DOACROSS_H
#define INSPIRE_DOACROSS_H

#include "internal.h"
#include "region.h"

/* The flags of a doacross loop of n iterations, all unposted (NULL: out of
 * memory is fatal).  Called from: pfor_slot, under the slot's lock. */
INSPIRE_INTERNAL unsigned char *inspire_doacross_open(long n);

/* Free the flags of slot s (its loop is finished by every thread).
 * Called from: the last thread to finish the loop, under the slot's lock. */
INSPIRE_INTERNAL void inspire_doacross_close(inspire_pfor_slot_t *s);

/* Post iterations [lo, hi) of doacross loop p (the end of a chunk).
 * Called from: the thread running p. */
INSPIRE_INTERNAL void inspire_doacross_post_range(inspire_pfor_t *p, long lo, long hi);

/* The innermost loop the current work item runs (NULL outside one).
 * Defined in region.c. */
INSPIRE_INTERNAL inspire_pfor_t *inspire_running_loop(void);

#endif /* INSPIRE_DOACROSS_H */
