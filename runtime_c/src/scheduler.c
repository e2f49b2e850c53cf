/*
 * scheduler.c -- see scheduler.h.
 */
#include "internal.h"

#include "scheduler.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#include "env.h"
#include "frame.h"
#include "idle.h"
#include "loop.h"
#include "region.h"
#include "suspend.h"
#include "priority.h"
#include "scope.h"

/* The configuration this runtime was built with (see inspire_rt_config.h). */
const char INSPIRE_CONFIG_SYMBOL = 1;

static __thread int foreign_final_depth;

static void fail(const char *what) {
    fprintf(stderr, "inspire runtime: %s\n", what);
    abort();
}

/* The block holding the workers array (INSPIRE_MAX_THREADS workers,
 * cache-line aligned within it).  From calloc: a block this large is a
 * fresh zero mapping whose untouched pages cost nothing, and leak checkers
 * see the pointers the workers hold. */
static void *workers_block;

/* ---- start / stop ---------------------------------------------------------- */

void inspire_start(void) {
    if (inspire_rt.started)
        return;
    inspire_env_t env;
    inspire_env_read(&env);
#if INSPIRE_OMP_COMPAT
    inspire_env_limit_workers(&env, inspire_omp_env_thread_limit());
#endif
    inspire_rt.started = 1;
    inspire_rt.nworkers = env.num_workers;
    inspire_rt.crowded = env.cpus_available > 0 && env.num_workers > env.cpus_available;
    inspire_rt.queue_limit = inspire_env_queue_limit(&env);
    if (!inspire_rt.paused) { /* after a pause, the ICVs as the program left them */
        inspire_rt.nthreads_var = env.nthreads_var;
        inspire_rt.dynamic_var = env.dynamic;
    }
    inspire_rt.paused = 0;
    inspire_rt.stats_on = env.stats;
    inspire_rt.trace_path = env.trace_path;
    if (env.trace_path)
        inspire_rt.trace_file = inspire_trace_open(env.trace_path);
    inspire_rt.affinity = env.affinity;
    (void)inspire_now_us();
    if (env.display)
        inspire_env_display(stderr, &env);
    inspire_event_table_init(&inspire_rt.events, INSPIRE_EVENT_TABLE_BUCKETS);
    /* Room for every worker the runtime may add (worker.h). */
    workers_block = calloc(1, sizeof(inspire_worker_t) * INSPIRE_MAX_THREADS + 64);
    if (!workers_block)
        fail("out of memory allocating the workers");
    inspire_rt.workers = (inspire_worker_t *)(((uintptr_t)workers_block + 63) & ~(uintptr_t)63);
    inspire_rt.created = env.num_workers;

    /* The root task: main(). */
    inspire_item_t *root = &inspire_rt.root;
    memset(root, 0, sizeof *root);
    root->cur_frame = &root->frame;
    root->tree.count = 1;
    root->tree.target = 1;
    root->owner = &inspire_rt.workers[0];
    root->limit = inspire_rt.queue_limit;
    root->started = 1;

    inspire_worker_t *w0 = &inspire_rt.workers[0];
    inspire_worker_setup(w0, 0);
    w0->current = root;
    inspire_worker_set_limit(w0, root);
    w0->hosts = 1; /* the initial task */
    for (int i = 1; i < env.num_workers; i++)
        inspire_worker_start_thread(&inspire_rt.workers[i], i);
    while (__atomic_load_n(&inspire_rt.ready_workers, __ATOMIC_ACQUIRE) < env.num_workers)
        sched_yield();
    __atomic_store_n(&inspire_rt.running, 1, __ATOMIC_RELEASE);
}

void inspire_stop(void) {
    if (!inspire_rt.started || inspire_rt.stopped)
        return;
    inspire_worker_t *w = inspire_self;
    if (w != &inspire_rt.workers[0] || w->current != &inspire_rt.root) {
        /* exit() called from inside a task: do not wait for anything. */
        if (inspire_rt.stats_on)
            inspire_stats_print(stderr, inspire_rt.workers,
                                __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE));
        return;
    }
    inspire_rt.stopped = 1;
    /* Tasks created by main() that are still running (the end of the
     * program's implicit region). */
    inspire_frame_wait(w, &inspire_rt.root.tree);
    __atomic_store_n(&inspire_rt.shutdown, 1, __ATOMIC_SEQ_CST);
    inspire_idle_wake_all();
    int created = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
    for (int i = 1; i < created; i++)
        pthread_join(inspire_rt.workers[i].thread, NULL);
    if (inspire_rt.stats_on)
        inspire_stats_print(stderr, inspire_rt.workers, created);
    if (inspire_rt.trace_file) {
        int err = inspire_trace_write(inspire_rt.trace_file, inspire_rt.workers, created);
        inspire_rt.trace_file = NULL;
        if (err)
            fprintf(stderr, "inspire runtime: cannot write the trace file '%s': %s\n",
                    inspire_rt.trace_path, strerror(err));
    }
    inspire_stack_pool_destroy(&w->pool);
    /* The deque counts live in thread-local storage of finished threads:
     * from now on everything runs inline on the calling thread. */
    inspire_hot.limit = 0;
    inspire_self = NULL;
}

int inspire_pause(void) {
    inspire_worker_t *w = inspire_self;
    if (!inspire_rt.started || inspire_rt.stopped)
        return 0; /* nothing runs */
    if (w != &inspire_rt.workers[0] || w->current != &inspire_rt.root ||
        inspire_rt.root.tree.count != 1)
        return -1; /* in a region, or tasks of main() still run */
    inspire_stop();
    free(workers_block);
    workers_block = NULL;
    inspire_rt.workers = NULL;
    inspire_rt.created = 0;
    inspire_rt.started = inspire_rt.stopped = 0;
    inspire_rt.shutdown = inspire_rt.ready_workers = inspire_rt.running = 0;
    inspire_rt.sleepers = 0;
    inspire_rt.paused = 1;
    return 0;
}

void inspire_resume(void) {
    if (inspire_rt.paused && !inspire_self)
        inspire_start();
}

#if INSPIRE_AUTO_INIT
static void auto_stop(void) { inspire_stop(); }

__attribute__((constructor)) static void auto_start(void) {
    inspire_start();
    atexit(auto_stop);
}
#endif

/* ---- spawning ---------------------------------------------------------------- */

inspire_task_t *inspire_task_new(inspire_task_fn fn, size_t closure_bytes) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        fail("inspire_task_new called on a thread without a current task "
             "(the spawn fast path inspire_spawn_inline_p() must be tested first)");
    inspire_item_t *it = inspire_item_alloc(&w->items);
    it->fn = fn;
    if (closure_bytes <= INSPIRE_PARAM_BUFFER_BYTES) {
        it->closure = it->buf;
        it->heap_closure = 0;
    } else {
        it->closure = malloc(closure_bytes);
        if (!it->closure) {
            fprintf(stderr, "inspire runtime: out of memory allocating a closure of %zu bytes\n",
                    closure_bytes);
            abort();
        }
        it->heap_closure = 1;
    }
    it->group = 0;
    it->priority = 0;
    it->detached = 0;
    it->final_depth = 0;
    it->in_explicit = 1;
    it->stack_need = INSPIRE_STACK_BYTES;
    return it;
}

void inspire_task_set_stack(inspire_task_t *t, size_t bytes) {
    size_t floor = 8192; /* the least INSPIRE_STACK_BYTES may be */
    t->stack_need = bytes < floor ? floor : bytes > INSPIRE_STACK_BYTES ? INSPIRE_STACK_BYTES : bytes;
}

void inspire_task_set_final(inspire_task_t *t) { t->final_depth = 1; }

void inspire_spawn_adopt(inspire_worker_t *w, inspire_item_t *it) {
    inspire_item_t *parent = w->current;
    it->parent = parent;
    it->teams = parent->teams; /* a task runs in its creator's team of a teams region */
    it->body_sync = parent->cur_frame;
    it->tree_sync = NULL;
    __atomic_fetch_add(&parent->tree.count, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&parent->cur_frame->count, 1, __ATOMIC_RELAXED);
    it->frame.count = 0;
    it->frame.target = 0;
    it->frame.waiter = NULL;
    it->frame.prev = NULL;
    it->cur_frame = &it->frame;
    it->tree.count = 1;
    it->tree.target = 1;
    it->tree.waiter = NULL;
    inspire_scope_join(parent, it);
    it->region = parent->region;
    it->owner = NULL;
    it->fiber = NULL;
    it->result = NULL;
    it->implicit = 0;
    /* A final detached task is final (inspire_task_detach); only a detached
     * task or one with dependences is queued from a final task (the others
     * run inline): it is an included task, final too. */
    it->final_depth = it->final_depth || parent->final_depth > 0;
    it->started = 0;
    it->single_seq = 0;
    it->ws_seq = 0;
    it->dep_node = NULL;
    it->dep_table = NULL;
    w->stats.spawned++;
}

void inspire_spawn_push(inspire_worker_t *w, inspire_item_t *it) {
    if (it->priority > 0) {
        inspire_priority_push(w, it);
        return;
    }
    if (!inspire_worker_push(w, it)) {
        /* Deque full: the caller did not test inspire_spawn_inline_p() (or
         * the task has dependences: those never take the lazy path).  Run
         * the task right here, nested on this stack. */
        inspire_loop_run_nested(w, it, w->current->limit);
    }
}

static void spawn(inspire_worker_t *w, inspire_item_t *it) {
    inspire_spawn_adopt(w, it);
    inspire_spawn_push(w, it);
}

void inspire_task_spawn(inspire_task_t *t) {
    inspire_worker_t *w = inspire_self;
    spawn(w, t);
}

inspire_group_t inspire_task_spawn_group(inspire_task_t *t) {
    inspire_worker_t *w = inspire_self;
    inspire_group_t g = ((uint64_t)(w->id + 1) << 44) | ++w->group_seq;
    t->group = g;
    spawn(w, t);
    return g;
}

void inspire_task_set_result(void *result) {
    inspire_worker_t *w = inspire_self;
    if (w && w->current)
        w->current->result = result;
}

/* ---- waiting -------------------------------------------------------------------- */

void inspire_merge_all(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return;
    inspire_frame_t *f = w->current->cur_frame;
    if (__atomic_load_n(&f->count, __ATOMIC_ACQUIRE) == 0)
        return;
    inspire_frame_wait_children(w, f);
}

static void merge_wake(inspire_event_handler_t *h, void *payload) {
    (void)payload;
    inspire_make_ready(h->arg);
}

static void post_merge_register(inspire_worker_t *w, void *arg) {
    inspire_group_t g = (inspire_group_t)(uintptr_t)arg;
    inspire_item_t *it = w->suspending;
    it->handler.fn = merge_wake;
    it->handler.arg = it;
    if (inspire_event_register(&inspire_rt.events, g, &it->handler))
        inspire_make_ready(it);
}

void *inspire_merge(inspire_group_t g) {
    if (g == INSPIRE_GROUP_DONE)
        return NULL;
    void *result = NULL;
    if (inspire_event_consume(&inspire_rt.events, g, &result))
        return result;
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        fail("inspire_merge: a thread the runtime does not manage merges a queued group");
    inspire_worker_suspend(w, post_merge_register, (void *)(uintptr_t)g);
    if (!inspire_event_consume(&inspire_rt.events, g, &result))
        fail("internal error: merge woke up before its group finished");
    return result;
}

/* ---- undeferred and final tasks ------------------------------------------------ */

void inspire_undeferred_begin(inspire_frame_t *f) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return;
    inspire_item_t *it = w->current;
    f->count = 0;
    f->target = 0;
    f->waiter = NULL;
    f->prev = it->cur_frame;
    it->cur_frame = f;
}

void inspire_undeferred_end(inspire_frame_t *f) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return;
    if (w->current->cur_frame != f)
        fail("inspire_undeferred_end: frames do not nest (end without matching begin)");
    inspire_frame_wait_children(w, f);
    /* w may have changed only in name: tasks are tied to their worker. */
    w->current->cur_frame = f->prev;
}

void inspire_final_begin(inspire_frame_t *f) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        foreign_final_depth++;
        return;
    }
    inspire_undeferred_begin(f);
    w->current->final_depth++;
    inspire_worker_set_limit(w, w->current);
}

void inspire_final_end(inspire_frame_t *f) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        foreign_final_depth--;
        return;
    }
    inspire_undeferred_end(f);
    w->current->final_depth--;
    inspire_worker_set_limit(w, w->current);
}

/* Explicit-task state of code not running in a work item (a foreign thread). */
static __thread int foreign_in_explicit;

int inspire_explicit_begin(int explicit_task) {
    inspire_worker_t *w = inspire_self;
    int *state = w && w->current ? &w->current->in_explicit : &foreign_in_explicit;
    int old = *state;
    *state = explicit_task;
    return old;
}

void inspire_explicit_end(int *saved) {
    inspire_worker_t *w = inspire_self;
    *(w && w->current ? &w->current->in_explicit : &foreign_in_explicit) = *saved;
}

int inspire_in_explicit_task(void) {
    inspire_worker_t *w = inspire_self;
    return w && w->current ? w->current->in_explicit : foreign_in_explicit;
}

int inspire_in_final(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return foreign_final_depth > 0;
    return w->current->final_depth > 0;
}

/* ---- queries ----------------------------------------------------------------------- */

/* The current task's nthreads-var: its implicit task's own, else the
 * runtime's (region.h). */
int inspire_max_threads(void) {
    if (!inspire_rt.started) /* paused: the next region starts the workers */
        return inspire_rt.paused ? inspire_rt.nthreads_var : 1;
    inspire_worker_t *w = inspire_self;
    inspire_item_t *it = w ? w->current : NULL;
    return it && it->implicit && it->nthreads_var > 0 ? it->nthreads_var : inspire_rt.nthreads_var;
}

void inspire_set_num_threads(int n) {
    if (n < 1)
        return;
    inspire_worker_t *w = inspire_self;
    inspire_item_t *it = w ? w->current : NULL;
    if (it && it->implicit && inspire_rt.started)
        it->nthreads_var = n;
    else
        inspire_rt.nthreads_var = n;
}

void inspire_set_dynamic(int on) { inspire_rt.dynamic_var = on ? 1 : 0; }

int inspire_get_dynamic(void) { return inspire_rt.dynamic_var; }

double inspire_wtime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int inspire_num_workers(void) { return inspire_rt.started ? inspire_rt.nworkers : 1; }
