/*
 * region.h -- parallel regions (job[n..n]): teams of implicit tasks, barrier,
 * single, master and worksharing loops (pfor).
 *
 * Implicit task i of a region started on worker b runs on worker
 * (b + i) mod W and stays there (tied).  The region's `done` frame counts
 * implicit tasks whose subtree (the task and every task created under it)
 * has not finished; the encountering task waits on it, which gives the
 * OpenMP rule that the end of a region waits for all tasks created in it.
 * Regions encountered inside a region run with a team of one thread.
 */
#ifndef INSPIRE_REGION_H
#define INSPIRE_REGION_H

#include "inspire_rt.h"
#include "internal.h"
#include "spin.h"

typedef struct inspire_pfor_slot {
    inspire_spin_t lock;
    long seq;  /* loop number in the region that owns the slot (0: none yet) */
    long next; /* next unclaimed iteration (atomic) */
    long n;
    int left;  /* threads that have not finished the loop */
} inspire_pfor_slot_t;

typedef struct inspire_region {
    int nthreads;
    int base;                  /* worker of implicit task 0 */
    inspire_frame_t done;      /* implicit subtrees still running */
    inspire_spin_t bar_lock;
    int bar_arrived;
    struct inspire_item *bar_waiters;
    long single_next;          /* single constructs claimed so far (atomic) */
    inspire_pfor_slot_t ring[INSPIRE_PFOR_RING];
} inspire_region_t;

/* Thread number reported by an explicit task of r running on worker_id. */
INSPIRE_INTERNAL int inspire_region_thread_of_worker(const inspire_region_t *r, int worker_id);

#endif /* INSPIRE_REGION_H */
