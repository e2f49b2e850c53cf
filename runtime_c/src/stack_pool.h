/*
 * stack_pool.h -- mmap'd task stacks with a guard page, pooled per worker,
 * and the stack-overflow reporter.
 *
 * Each stack is one mapping: INSPIRE_GUARD_BYTES of PROT_NONE at the low end,
 * then INSPIRE_STACK_RESERVE_BYTES + INSPIRE_STACK_BYTES usable bytes.  A task
 * that runs past the end of its stack faults in the guard; the SIGSEGV
 * handler (running on an alternate signal stack) recognises the address and
 * reports a task stack overflow instead of a bare segmentation fault.  A
 * fault in the guard while no task runs on the fiber (the scheduler's own
 * frames, which live in the INSPIRE_STACK_RESERVE_BYTES at its top) is
 * reported as an internal error of the scheduler instead.
 *
 * Every stack costs the process two memory mappings (the guard and the
 * stack), and the kernel limits the mappings of a process
 * (vm.max_map_count, 65530 by default).  A pool has a budget of stacks in
 * use; above it the worker creates no new work items (see
 * inspire_worker_set_limit), so a large queue size or many workers cannot
 * exhaust the mappings by suspending one task per queued item.
 */
#ifndef INSPIRE_STACK_POOL_H
#define INSPIRE_STACK_POOL_H

#include "fiber.h"
#include "internal.h"

typedef struct inspire_stack_pool {
    inspire_fiber_t *free; /* LIFO of unused fibers (hot stacks first) */
    int nfree;
    int max_free;              /* INSPIRE_STACK_POOL_MAX unless a test overrides it */
    int in_use;                /* acquired and not yet released */
    int budget;                /* in_use >= budget: the worker stops creating work items */
    unsigned long allocated;   /* stacks mapped by this pool (statistics) */
    unsigned long unmapped;    /* stacks returned to the OS */
    unsigned long peak;        /* most stacks mapped at once (allocated - unmapped) */
} inspire_stack_pool_t;

/* budget: stacks in use above which the owner creates no work items (see
 * inspire_stack_budget).  May be called from: the owning thread, before
 * first use. */
INSPIRE_INTERNAL void inspire_stack_pool_init(inspire_stack_pool_t *p, int budget);

/* The budget of each of `pools` pools: together they use at most half of
 * the process's memory mappings (vm.max_map_count) for stacks, at least 16
 * stacks each.  May be called from: any thread. */
INSPIRE_INTERNAL int inspire_stack_budget(int pools);

/* A fiber with a fresh stack (from the pool or newly mapped) prepared to
 * start entry(arg).  Aborts with a message if the stack cannot be mapped.
 * May be called from: the owning worker thread only. */
INSPIRE_INTERNAL inspire_fiber_t *inspire_stack_acquire(inspire_stack_pool_t *p,
                                                        inspire_fiber_entry_fn entry, void *arg);

/* Return a fiber nobody runs on any more.  May be called from: the owning
 * worker thread only (fibers may have been acquired by another pool). */
INSPIRE_INTERNAL void inspire_stack_release(inspire_stack_pool_t *p, inspire_fiber_t *f);

/* Unmap every pooled stack.  May be called from: the owning thread. */
INSPIRE_INTERNAL void inspire_stack_pool_destroy(inspire_stack_pool_t *p);

/* Install the SIGSEGV handler (once per process) and an alternate signal
 * stack for the calling thread (once per thread).
 * May be called from: every thread that runs tasks, before it runs them. */
INSPIRE_INTERNAL void inspire_overflow_install(void);

/* Tell the overflow handler which fiber the calling thread runs on.
 * May be called from: the scheduler, at every switch. */
INSPIRE_INTERNAL void inspire_overflow_set_current(const inspire_fiber_t *f);

/* Tell the overflow handler where the calling thread keeps its running
 * task: a fault while *task is NULL is the scheduler's.  May be called
 * from: each thread that runs tasks, once. */
INSPIRE_INTERNAL void inspire_overflow_watch_task(void *const *task);

/* Bytes of usable stack in every pooled fiber (task + scheduler reserve). */
#define INSPIRE_FIBER_USABLE_BYTES ((size_t)INSPIRE_STACK_BYTES + INSPIRE_STACK_RESERVE_BYTES)

#endif /* INSPIRE_STACK_POOL_H */
