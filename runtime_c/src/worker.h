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
 *
 * Team threads.  Each thread of a team runs on a worker of its own, so that
 * it is an OS thread of its own as OpenMP's threads are: `threadprivate`
 * variables (the backend declares them __thread) are per team thread, and a
 * thread that blocks (a POSIX barrier, sleep) or spins on memory the runtime
 * does not see (a volatile flag, a C11 atomic) lets the others run.  A
 * worker *hosts* the implicit tasks whose bodies run on it (`hosts`; worker
 * 0 also hosts the initial task): implicit task 0 of a region runs on the
 * encountering worker, the others each claim a worker that hosts nothing
 * (region.c).  When the pool's workers are all taken, the runtime adds
 * workers, up to INSPIRE_MAX_THREADS in all (`created`); beyond that team
 * threads share workers, and waits at OpenMP synchronization poll
 * (inspire_poll).  An added worker (id >= nworkers) takes part in the
 * work stealing only while it hosts an implicit task (until the task's
 * region ends, not only while the task's body runs), and sleeps otherwise
 * until the next team claims it, as libgomp keeps its idle threads in a
 * pool; so later task-parallel phases run on nworkers threads again.
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
#include "spin.h"
#include "stack_pool.h"
#include "stats.h"

struct inspire_worker;

/* An action a worker runs right after its next context switch. */
typedef void (*inspire_post_fn)(struct inspire_worker *w, void *arg);

typedef struct inspire_worker {
    int id;
    inspire_hot_t *hot;          /* that thread's inspire_hot */
    int ready;                   /* atomic: set up, so other workers may look at its deque */
    inspire_deque_t dq;
    inspire_item_t *mailbox;     /* lock-free LIFO pushed by anyone */
    int hosts;                   /* atomic: implicit tasks whose bodies run here (see above;
                                  * next to the mailbox, which a team's start writes too) */
    long regions;                /* regions this worker started (inspire_region_t.serial) */
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
    long team_serial;            /* region (serial) and thread number of the implicit task */
    int team_thread;             /* that started here last, for explicit tasks' thread numbers */
    uint64_t group_seq;
    pthread_t thread;
    inspire_stats_t stats;
    inspire_trace_buf_t trace;
} __attribute__((aligned(64))) inspire_worker_t;

typedef struct inspire_runtime {
    int started;
    int stopped;
    int paused;  /* stopped by inspire_pause: the next region starts the workers again */
    int nworkers;          /* the pool: workers 0..nworkers-1, started by inspire_start */
    int created;           /* atomic: workers created, the pool's and the added ones */
    int added_busy;        /* atomic: added workers that host an implicit task */
    int crowded;           /* the pool has more workers than the process has CPUs */
    inspire_spin_t grow_lock; /* taken to add a worker */
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
    inspire_worker_t *workers; /* INSPIRE_MAX_THREADS of them, mapped lazily */
    inspire_event_table_t events;
    inspire_item_t root;   /* the task of main() */
} inspire_runtime_t;

INSPIRE_INTERNAL extern inspire_runtime_t inspire_rt;
INSPIRE_INTERNAL extern __thread inspire_worker_t *inspire_self;

/* Set the lazy task creation threshold of w for its current item it: the
 * item's deque capacity, or 0 (everything inline) inside a final task or
 * while w has used up its budget of stacks (see stack_pool.h); the
 * thread number inspire_thread_num() answers; and whether it is the
 * initial task (inspire_task_inline_p).
 * Called from: worker w, whenever its current item or final depth changes. */
static inline void inspire_worker_set_limit(inspire_worker_t *w, const inspire_item_t *it) {
    w->hot->limit = it->final_depth || w->pool.in_use >= w->pool.budget ? 0 : it->limit;
    w->hot->thread_num = it->thread_num; /* inspire_thread_num() */
    w->hot->initial = it == &inspire_rt.root;
}

/* Whether w is an added worker (beyond the pool's nworkers). */
static inline int inspire_worker_added(const inspire_worker_t *w) {
    return w->id >= inspire_rt.nworkers;
}

/* Whether w takes part in work stealing now: a worker of the pool, or an
 * added one while it hosts an implicit task. */
static inline int inspire_worker_steals(const inspire_worker_t *w) {
    return !inspire_worker_added(w) || __atomic_load_n(&w->hosts, __ATOMIC_RELAXED) > 0;
}

/* A worker that hosts nothing, claimed for an implicit task (its `hosts`
 * is 1): the first free one of the pool from worker `from` on (mod
 * nworkers), else the first free added worker from id *next_added on
 * (which moves past it), else a newly added worker; NULL when
 * INSPIRE_MAX_THREADS workers exist and none is free.
 * Called from: any worker. */
INSPIRE_INTERNAL inspire_worker_t *inspire_worker_claim(int from, int *next_added);

/* w hosts one more implicit task: the encountering worker its team's
 * thread 0, or a worker a team shares beyond INSPIRE_MAX_THREADS.
 * Called from: any worker. */
INSPIRE_INTERNAL void inspire_worker_host(inspire_worker_t *w);

/* w no longer hosts one of its implicit tasks: for a worker of the pool,
 * the task's body ended (before its region can end), so the worker may host
 * a thread of another team while its own team finishes; an added worker
 * stays in its team until the region ends, so that it steals the team's
 * tasks while the others finish, as a thread waiting at the region's
 * implicit barrier runs them.  Called from: worker w (pool), the region's
 * encountering worker (added). */
INSPIRE_INTERNAL void inspire_worker_release(inspire_worker_t *w);

/* Whether there may be more busy threads than CPUs: the pool has more
 * workers than the process has CPUs, or added workers host implicit tasks.
 * Then idle workers do not spin: they would take the CPUs that busy threads
 * need (as libgomp stops spinning when it has more threads than CPUs). */
static inline int inspire_oversubscribed(void) {
    return inspire_rt.crowded || __atomic_load_n(&inspire_rt.added_busy, __ATOMIC_RELAXED) > 0;
}

/* Push to own deque and wake a sleeper if any.  Returns 0 if the deque was
 * full (nothing changed).  Called from: worker w. */
INSPIRE_INTERNAL int inspire_worker_push(inspire_worker_t *w, inspire_item_t *it);

/* Thread entry of workers 1..n-1, and the setup every worker (worker 0 on
 * the main thread) runs on its own thread before it takes part. */
INSPIRE_INTERNAL void *inspire_worker_main(void *arg);
INSPIRE_INTERNAL void inspire_worker_setup(inspire_worker_t *w, int id);

/* Start worker w's thread (id >= 1), which runs inspire_worker_main.
 * Aborts when the thread cannot be created. */
INSPIRE_INTERNAL void inspire_worker_start_thread(inspire_worker_t *w, int id);

#endif /* INSPIRE_WORKER_H */
