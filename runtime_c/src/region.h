/*
 * region.h -- parallel regions (job[n..n]): teams of implicit tasks, barrier,
 * single (with copyprivate), master and worksharing loops (pfor, with
 * ordered regions).
 *
 * Implicit task 0 of a region runs on the encountering worker, implicit
 * task i >= 1 on a worker that hosts no other implicit task (worker.h:
 * from the pool's worker b + i mod W on, b the encountering worker, else
 * an added worker), and stays there (tied).  The region's `done` frame counts
 * implicit tasks whose subtree (the task and every task created under it)
 * has not finished; the encountering task waits on it, which gives the
 * OpenMP rule that the end of a region waits for all tasks created in it.
 * A region encountered where max-active-levels-var active regions (of more
 * than one thread) enclose the encountering task already runs with a team
 * of one thread (OpenMP 5.2 §10.1.1; the ICV is omp_compat.c's, 1 without
 * the OpenMP layer).  A nested team's threads claim workers like any
 * team's, so a nested team adds workers when the pool's are all taken, as
 * libgomp starts threads for it; an implicit task waiting at a barrier or
 * for a nested region is suspended, and its worker runs tasks meanwhile.
 *
 * nthreads-var: a region's implicit tasks hold their own (nthreads_var in
 * the item): OMP_NUM_THREADS's element for the region's level, else the
 * encountering task's; omp_set_num_threads in an implicit task changes
 * its own, elsewhere (the initial and explicit tasks) the runtime's.
 *
 * Levels: a region's `level` is its encountering task's level + 1 (a task
 * outside every region is at level 0), its `active_level` the number of
 * active regions among it and the regions enclosing it; `outer` is the
 * encountering task's region and `outer_thread` that task's thread number
 * there, so the chain outer, outer->outer, ... has one region per level
 * down to 1 (omp_get_ancestor_thread_num, omp_get_team_size).
 *
 * An ordered loop (kind | INSPIRE_SCHED_ORDERED) takes a ring slot even
 * with a static schedule; the slot's `ordered` is a ticket: iteration k
 * enters its ordered region when it equals k and leaves it at k + 1; an
 * iteration that ends without running its ordered region still waits for
 * its turn and passes the ticket on, so the regions run in iteration order
 * whatever the schedule.  The running loop of a thread is a thread-local
 * list (region.c) searched for the current work item.  A doacross loop
 * (kind | INSPIRE_SCHED_DOACROSS) takes a slot too, for its source counters
 * (doacross.h).
 *
 * Cancellation (cancel parallel, cancel for/sections): `cancelled` only
 * grows; a team loop numbered seq (the implicit tasks' ws_seq, the same in
 * every thread) is cancelled when cancelled >= seq, so cancelling the region
 * (LONG_MAX) cancels every loop.  A cancelled region's barriers return at
 * once (post_barrier releases the waiters), and its explicit tasks that
 * have not started are discarded (scope.h).  Ordered and doacross loops are
 * never cancelled: a skipped iteration would hold the ticket (or leave a sink
 * waiting) forever.
 */
#ifndef INSPIRE_REGION_H
#define INSPIRE_REGION_H

#include <limits.h>

#include "inspire_rt.h"
#include "internal.h"
#include "spin.h"

typedef struct inspire_pfor_slot {
    inspire_spin_t lock;
    long seq;  /* loop number in the region that owns the slot (0: none yet) */
    long next; /* next unclaimed iteration (atomic) */
    long n;
    int left;  /* threads that have not finished the loop */
    long ordered; /* ordered loops: the iteration whose ordered region runs next (atomic) */
    unsigned turn;   /* ordered loops: futex word, changes when `ordered` does for waiters */
    int turn_waiters; /* ordered loops: threads blocked (or about to be) on `turn` (atomic) */
    long wake_at; /* ordered loops: the least iteration a blocked thread waits for (LONG_MAX:
                     none; atomic): ordered_advance wakes the waiters when the ticket reaches it */
    long *posted; /* doacross loops: the iterations' source counters (doacross.h) */
} inspire_pfor_slot_t;

typedef struct inspire_region {
    int nthreads;
    int level;                 /* nesting level (>= 1) */
    int active_level;          /* active regions enclosing it, itself included */
    struct inspire_region *outer; /* the encountering task's region (NULL: none) */
    int outer_thread;          /* the encountering task's thread number in outer */
    long serial;               /* unique among the program's regions (see region.c) */
    inspire_task_fn body;      /* the region's body, when implicit tasks run
                                  display_affinity_then_body (region.c) */
    inspire_frame_t done;      /* implicit subtrees still running */
    inspire_spin_t bar_lock;
    int bar_arrived;
    struct inspire_item *bar_waiters;
    long single_next;          /* single constructs claimed so far (atomic) */
    void *copy;                /* copyprivate: the data of the thread that ran the single */
    long cancelled;            /* atomic: the last cancelled loop's seq (0: none),
                                  INSPIRE_REGION_CANCELLED: the region is cancelled */
    inspire_pfor_slot_t ring[INSPIRE_PFOR_RING];
} inspire_region_t;

/* inspire_region_t.cancelled of a cancelled region (every loop of it is). */
#define INSPIRE_REGION_CANCELLED LONG_MAX

/* Whether region r (NULL: none) is cancelled. */
static inline int inspire_region_cancelled(const inspire_region_t *r) {
    return r && __atomic_load_n(&r->cancelled, __ATOMIC_ACQUIRE) == INSPIRE_REGION_CANCELLED;
}

/* The level queries of the current task (see Levels above): its nesting
 * level, the active regions enclosing it, and for 0 <= level <= its own
 * level its ancestor's thread number and that ancestor's team size (-1 for
 * any other level). */
INSPIRE_INTERNAL int inspire_level(void);
INSPIRE_INTERNAL int inspire_active_level(void);
INSPIRE_INTERNAL int inspire_ancestor_thread_num(int level);
INSPIRE_INTERNAL int inspire_team_size(int level);

#if INSPIRE_OMP_COMPAT
/* max-active-levels-var (omp_compat.c). */
INSPIRE_INTERNAL int inspire_max_active_levels(void);
#endif

#endif /* INSPIRE_REGION_H */
