/*
 * worker.h -- work items, workers, and the scheduler loop.
 *
 * Each worker is a pthread (worker 0 is the main thread) with a bounded
 * deque, a mailbox of items that must run on it (resumed tied tasks and
 * implicit tasks of regions), a stack pool and an item pool.
 *
 * The scheduler loop always runs on a pooled fiber and calls the work items
 * it picks as plain functions on that fiber's stack; a work item that has to
 * wait keeps the fiber (its frames sit on top of the loop's frames) and the
 * worker continues its loop on a fresh fiber.  When the waiting item becomes
 * ready it is put into the mailbox of its worker, which switches back to it
 * and drops the fiber it was looping on.  So a context switch happens only
 * when a task actually waits.
 *
 * Waiting for children (merge_all, the end of an undeferred/inline/final
 * frame) first runs the waiting item's children that are still in its
 * worker's deque, nested on its own stack, without suspending.  When it does
 * suspend and the loop later picks one of its children, the loop hands the
 * child to the suspended parent, which runs it nested as well (see
 * inspire_frame_wait_children and hand_to_parent in worker.c).  Thieves take
 * half of a victim's deque at once.
 */
#ifndef INSPIRE_WORKER_H
#define INSPIRE_WORKER_H

#include <pthread.h>
#include <stdint.h>

#include "deque.h"
#include "event_table.h"
#include "fiber.h"
#include "inspire_rt.h"
#include "stack_pool.h"
#include "stats.h"

struct inspire_region;
struct inspire_worker;

/* Added to a frame's count while its waiter is registered. */
#define INSPIRE_WAIT_FLAG (1L << 40)

struct inspire_item {
    void *closure;                 /* must stay first: inspire_task_head_t */
    inspire_task_fn fn;
    struct inspire_item *parent;   /* explicit tasks: creating task (subtree count) */
    inspire_frame_t *body_sync;    /* frame of the creator, decremented when the body ends */
    inspire_frame_t *tree_sync;    /* implicit tasks: region frame, decremented when subtree ends */
    inspire_frame_t frame;         /* own direct children (merge_all), target 0 */
    inspire_frame_t *cur_frame;    /* innermost frame (own or inline/undeferred/final) */
    inspire_frame_t tree;          /* 1 (own body) + unfinished child subtrees, target 1 */
    struct inspire_region *region; /* team the task belongs to (NULL: none) */
    struct inspire_worker *owner;  /* worker that started it (tasks are tied) */
    inspire_fiber_t *fiber;        /* stack it is suspended on (NULL: not started/running) */
    struct inspire_item *next;     /* mailbox / pool / waiter lists */
    inspire_group_t group;         /* != 0: fire this event when the body ends */
    void *result;                  /* payload of the group event */
    inspire_event_handler_t handler; /* used while waiting in merge() */
    long single_seq;               /* implicit tasks: singles / loops encountered */
    long ws_seq;
    int thread_num;
    int implicit;
    int final_depth;
    int heap_closure;
    int started;
    int limit;                     /* deque capacity while it runs (see take_child in worker.c) */
    int nest_ok;                   /* suspended in merge_all with stack room for a child */
    struct inspire_item *handoff;  /* queued child handed to it while suspended (see worker.c) */
    double trace_t0;
    _Alignas(16) char buf[INSPIRE_PARAM_BUFFER_BYTES];
};

typedef struct inspire_item inspire_item_t;

typedef void (*inspire_post_fn)(struct inspire_worker *w, void *arg);

typedef struct inspire_worker {
    int id;
    inspire_hot_t *hot;          /* that thread's inspire_hot */
    inspire_deque_t dq;
    inspire_item_t *mailbox;     /* lock-free LIFO pushed by anyone */
    inspire_item_t *ready_head;  /* owner-only FIFO drained from mailbox */
    inspire_item_t *ready_tail;
    inspire_item_t *yielded;     /* owner-only FIFO of items that yielded */
    inspire_item_t *yielded_tail;
    inspire_item_t *current;     /* item running on this worker */
    inspire_fiber_t *cur_fiber;  /* fiber this worker runs on */
    inspire_fiber_t home;        /* the thread's own stack */
    inspire_stack_pool_t pool;
    inspire_item_t *free_items;
    int nfree_items;
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
    int nworkers;
    int shutdown;          /* atomic */
    int ready_workers;     /* atomic: workers that finished their setup */
    int running;           /* atomic: inspire_start has finished */
    int sleepers;          /* atomic: workers asleep or about to sleep */
    int nthreads_var;      /* default team size */
    int dynamic_var;
    int stats_on;
    const char *trace_path;
    int affinity;
    inspire_worker_t *workers;
    inspire_event_table_t events;
    inspire_item_t root;   /* the task of main() */
    double t_start;
} inspire_runtime_t;

extern inspire_runtime_t inspire_rt;
extern __thread inspire_worker_t *inspire_self;

/* Set the lazy task creation threshold of w for its current item it: the
 * item's deque capacity, or 0 (everything inline) inside a final task.
 * Called from: worker w, whenever its current item or final depth changes. */
static inline void inspire_worker_set_limit(inspire_worker_t *w, const inspire_item_t *it) {
    w->hot->limit = it->final_depth ? 0 : it->limit;
}

/* Allocate / recycle work items.  Called from: a worker. */
inspire_item_t *inspire_item_alloc(inspire_worker_t *w);
void inspire_item_free(inspire_worker_t *w, inspire_item_t *it);

/* Suspend the current item; `post(w, arg)` runs on the worker right after
 * the item's context is saved (that is where the item registers itself for
 * its wake-up, so a wake-up can never overtake the save).  Returns when the
 * item was made ready and its worker switched back to it.
 * Called from: a task context on a worker. */
void inspire_worker_suspend(inspire_worker_t *w, inspire_post_fn post, void *arg);

/* Make a suspended (or not yet started, mailbox-bound) item runnable on its
 * owner worker.  Called from: any worker. */
void inspire_make_ready(inspire_item_t *it);
void inspire_mailbox_post(inspire_worker_t *target, inspire_item_t *it);

/* Wait until f->count == f->target (suspending if needed).
 * Called from: the task owning f. */
void inspire_frame_wait(inspire_worker_t *w, inspire_frame_t *f);

/* As inspire_frame_wait, for a frame counting children spawned by the
 * current item (its merge_all frame or an undeferred/inline/final frame):
 * children still in this worker's deque first run right here, nested on the
 * current stack, without a suspension (see take_child in worker.c).  Safe
 * because the waiting item could not continue before they finish anyway, and
 * they are its descendants, so nothing they wait for depends on it.
 * Called from: the task owning f, on a worker. */
void inspire_frame_wait_children(inspire_worker_t *w, inspire_frame_t *f);

/* One unit of progress of f: returns the new count. */
long inspire_frame_dec(inspire_frame_t *f);

/* Body of a queued item finished (or inline fallback): release everything. */
void inspire_item_body_done(inspire_worker_t *w, inspire_item_t *it);

/* Push to own deque and wake a sleeper if any.  Returns 0 if the deque was full. */
int inspire_worker_push(inspire_worker_t *w, inspire_item_t *it);

/* Run a queued-looking item right here, nested on the current stack (used
 * when a spawn finds the deque full without having tested it first, and by
 * inspire_frame_wait_children), with `limit` as its deque capacity (the
 * lazy task creation threshold while it runs).  If the item suspends, it
 * keeps the current fiber, with the frames of the caller below its own. */
void inspire_worker_run_nested(inspire_worker_t *w, inspire_item_t *it, int limit);

/* Thread entry of workers 1..n-1 and setup of worker 0. */
void *inspire_worker_main(void *arg);
void inspire_worker_setup(inspire_worker_t *w, int id);
void inspire_worker_wake_all(void);

#endif /* INSPIRE_WORKER_H */
