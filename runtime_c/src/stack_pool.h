/*
 * stack_pool.h -- mmap'd task stacks with a guard page, pooled per worker,
 * and the stack-overflow reporter.
 *
 * Each stack is one mapping: INSPIRE_GUARD_BYTES of PROT_NONE at the low end,
 * then INSPIRE_STACK_RESERVE_BYTES + INSPIRE_STACK_BYTES usable bytes.  A task
 * that runs past the end of its stack faults in the guard; the SIGSEGV
 * handler (running on an alternate signal stack) recognises the address and
 * reports a task stack overflow instead of a bare segmentation fault.
 */
#ifndef INSPIRE_STACK_POOL_H
#define INSPIRE_STACK_POOL_H

#include "fiber.h"
#include "internal.h"

typedef struct inspire_stack_pool {
    inspire_fiber_t *free; /* LIFO of unused fibers (hot stacks first) */
    int nfree;
    int max_free;              /* INSPIRE_STACK_POOL_MAX unless a test overrides it */
    unsigned long allocated;   /* stacks mapped by this pool (statistics) */
    unsigned long unmapped;    /* stacks returned to the OS */
} inspire_stack_pool_t;

/* May be called from: the owning thread, before first use. */
INSPIRE_INTERNAL void inspire_stack_pool_init(inspire_stack_pool_t *p);

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

/* Bytes of usable stack in every pooled fiber (task + scheduler reserve). */
#define INSPIRE_FIBER_USABLE_BYTES ((size_t)INSPIRE_STACK_BYTES + INSPIRE_STACK_RESERVE_BYTES)

#endif /* INSPIRE_STACK_POOL_H */
