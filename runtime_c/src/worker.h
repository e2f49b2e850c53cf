/*
 * worker.h -- workers, the runtime's global state, and the parts of a
 * worker that the other units share.
 *
 * Each worker is a pthread (worker 0 is the main thread) with a bounded
 * deque, a mailbox of items that must run on it (resumed tied tasks and
 * implicit tasks of regions), a stack pool and an item pool.  The work of a
 * worker is split by concern:
 *
 *   item.c     work items and their pool
 *   loop.c     the scheduling loop: finding work and running items
 *   steal.c    taking work from other workers
 *   suspend.c  suspension, resumption, the mailbox, yielding
 *   frame.c    frames: waiting for children, running them nested
 *   idle.c     idle workers: futex sleep and wake-up
 *   worker.c   worker setup, thread entry, pushing new work
 *
 * The scheduler loop always runs on a pooled fiber and calls the work items
 * it picks as plain functions on that fiber's stack; a work item that has to
 * wait keeps the fiber (its frames sit on top of the loop's frames) and the
 * worker continues its loop on a fresh fiber.  When the waiting item becomes
 * ready it is put into the mailbox of its worker, which switches back to it
 * and drops the fiber it was looping on.  So a context switch happens only
 * when a task actually waits.
 */
#ifndef INSPIRE_WORKER_H
#define INSPIRE_WORKER_H

#include <pthread.h>
#include <stdint.h>

#include "deque.h"
#include "event_table.h"
#include "fiber.h"
#include "inspire_rt.h"
#include "internal.h"
#include "item.h"
#include "stack_pool.h"
#include "stats.h"

struct inspire_worker;

/* An action a worker runs right after its next context switch. */
typedef void (*inspire_post_fn)(struct inspire_worker *w, void *arg);

typedef struct inspire_worker {
    int id;
    inspire_hot_t *hot;          /* that thread's inspire_hot */
    inspire_deque_t dq;
    inspire_item_t *mailbox;     /* lock-free LIFO pushed by anyone */
    inspire_item_t *ready_head;  /* owner-only FIFO drained from mailbox */
    inspire_item_t *yielded;     /* owner-only FIFO of items that yielded */
    inspire_item_t *yielded_tail;
    inspire_item_t *current;     /* item running on this worker */
    inspire_fiber_t *cur_fiber;  /* fiber this worker runs on */
    inspire_fiber_t home;        /* the thread's own stack */
    inspire_stack_pool_t pool;
    inspire_item_pool_t items;
    void **steal_buf;            /* (INSPIRE_QUEUE_SIZE + 1) / 2 slots (see steal.c) */
    inspire_post_fn post_fn;     /* action run right after the next switch */
    void *post_arg;
    inspire_item_t *suspending;  /* item that is switching away */
    unsigned sleeping;           /* 1 while (about to be) asleep on futex */
    unsigned futex;              /* wake-up word */
    unsigned rng;
    uint64_t group_seq;
    pthread_t thread;
    inspire_stats_t stats;
    inspire_trace_buf_t trace;
} __attribute__((aligned(64))) inspire_worker_t;

typedef struct inspire_runtime {
    int started;
    int stopped;
    int paused;  /* stopped by inspire_pause: the next region starts the workers again */
    int nworkers;
    /* Deque capacity of a work item a worker takes up at top level (the
     * root, a stolen or popped item): INSPIRE_QUEUE_SIZE, except 1 under the
     * push-front policies when there is one worker and max-task-priority is
     * 0.  With no thief a queued item only splits the work: fib's split
     * halves cost 1.06-1.14x the whole call the serial clone makes, and
     * benchmarks/RESULTS.md (session 13) measured capacity 1 at 1 worker
     * within 3 % or faster on every program without search state.  Priorities
     * keep the full capacity: ordering ready tasks is then what items are
     * for.  Set once by inspire_start. */
    int queue_limit;
    int shutdown;          /* atomic */
    int ready_workers;     /* atomic: workers that finished their setup */
    int running;           /* atomic: inspire_start has finished */
    int sleepers;          /* atomic: workers asleep or about to sleep */
    int nthreads_var;      /* default team size */
    int dynamic_var;
    int stats_on;
    FILE *trace_file;
    const char *trace_path;
    int affinity;
    inspire_worker_t *workers;
    inspire_event_table_t events;
    inspire_item_t root;   /* the task of main() */
} inspire_runtime_t;

INSPIRE_INTERNAL extern inspire_runtime_t inspire_rt;
INSPIRE_INTERNAL extern __thread inspire_worker_t *inspire_self;

/* Set the lazy task creation threshold of w for its current item it: the
 * item's deque capacity, or 0 (everything inline) inside a final task or
 * while w has used up its budget of stacks (see stack_pool.h); and the
 * thread number inspire_thread_num() answers.
 * Called from: worker w, whenever its current item or final depth changes. */
static inline void inspire_worker_set_limit(inspire_worker_t *w, const inspire_item_t *it) {
    w->hot->limit = it->final_depth || w->pool.in_use >= w->pool.budget ? 0 : it->limit;
    w->hot->thread_num = it->thread_num; /* inspire_thread_num() */
}

/* Push to own deque and wake a sleeper if any.  Returns 0 if the deque was
 * full (nothing changed).  Called from: worker w. */
INSPIRE_INTERNAL int inspire_worker_push(inspire_worker_t *w, inspire_item_t *it);

/* Thread entry of workers 1..n-1, and the setup every worker (worker 0 on
 * the main thread) runs on its own thread before it takes part. */
INSPIRE_INTERNAL void *inspire_worker_main(void *arg);
INSPIRE_INTERNAL void inspire_worker_setup(inspire_worker_t *w, int id);

#endif /* INSPIRE_WORKER_H */
