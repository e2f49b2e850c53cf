/*
 * worker.c -- the runtime's global state, worker setup and thread entry,
 * and pushing new work (see worker.h).
 */
#include "internal.h"

#include "worker.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "idle.h"
#include "steal.h"
#include "suspend.h"

inspire_runtime_t inspire_rt;
__thread inspire_worker_t *inspire_self;
__thread inspire_hot_t inspire_hot __attribute__((tls_model("initial-exec"))); /* zero */

int inspire_worker_push(inspire_worker_t *w, inspire_item_t *it) {
    if (!inspire_deque_push(&w->dq, it))
        return 0;
    /* Pairs with the fence in inspire_idle_sleep: either the sleeper sees
     * the item or we see the sleeper. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__atomic_load_n(&inspire_rt.sleepers, __ATOMIC_RELAXED) > 0)
        inspire_idle_wake_one(w);
    return 1;
}

void inspire_worker_setup(inspire_worker_t *w, int id) {
    /* Runs on the worker's own thread. */
    w->id = id;
    w->rng = 0x9E3779B9u * (unsigned)(id + 1);
    inspire_hot.count = 0;
    inspire_hot.limit = inspire_rt.queue_limit;
    __atomic_store_n(&w->hot, &inspire_hot, __ATOMIC_RELEASE); /* posters read it */
    inspire_deque_init(&w->dq, INSPIRE_QUEUE_SIZE, &inspire_hot.count);
    inspire_steal_init(w);
    inspire_stack_pool_init(&w->pool, inspire_stack_budget(inspire_rt.nworkers));
    inspire_fiber_init_home(&w->home);
    w->cur_fiber = &w->home;
    inspire_overflow_set_current(&w->home);
    inspire_overflow_watch_task((void *const *)&w->current);
    inspire_self = w;
    inspire_overflow_install();
    inspire_env_pin_thread(id);
    __atomic_store_n(&w->ready, 1, __ATOMIC_RELEASE);
    __atomic_fetch_add(&inspire_rt.ready_workers, 1, __ATOMIC_SEQ_CST);
}

void inspire_worker_start_thread(inspire_worker_t *w, int id) {
    /* The loop and the tasks run on fibers: the thread's own stack holds
     * little, but the C library carves the thread-local storage (the
     * program's threadprivate variables) out of it, so the size grows until
     * that fits. */
    int rc = EINVAL;
    for (size_t stack = 256 * 1024; rc == EINVAL && stack <= ((size_t)1 << 36); stack *= 2) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, stack);
        inspire_env_place_thread(&attr, id);
        rc = pthread_create(&w->thread, &attr, inspire_worker_main, w);
        pthread_attr_destroy(&attr);
    }
    if (rc != 0) {
        fprintf(stderr, "inspire runtime: cannot create worker thread %d: %s\n", id, strerror(rc));
        abort();
    }
}

/* w hosts its first implicit task: count it busy if it is an added one. */
static void busy(const inspire_worker_t *w) {
    if (inspire_worker_added(w))
        __atomic_fetch_add(&inspire_rt.added_busy, 1, __ATOMIC_RELAXED);
}

/* Make v, if it hosts nothing, host one implicit task; whether it did. */
static int claim(inspire_worker_t *v) {
    int none = 0;
    if (__atomic_load_n(&v->hosts, __ATOMIC_RELAXED) != 0 ||
        !__atomic_compare_exchange_n(&v->hosts, &none, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        return 0;
    busy(v);
    return 1;
}

void inspire_worker_host(inspire_worker_t *w) {
    if (__atomic_fetch_add(&w->hosts, 1, __ATOMIC_ACQ_REL) == 0)
        busy(w);
}

void inspire_worker_release(inspire_worker_t *w) {
    if (__atomic_sub_fetch(&w->hosts, 1, __ATOMIC_RELEASE) == 0 && inspire_worker_added(w) &&
        __atomic_sub_fetch(&inspire_rt.added_busy, 1, __ATOMIC_RELAXED) < 0) {
        fprintf(stderr, "inspire runtime: internal error: more added workers released than "
                        "claimed\n");
        abort();
    }
}

inspire_worker_t *inspire_worker_claim(int from, int *next_added) {
    int nw = inspire_rt.nworkers;
    for (int k = 0; k < nw; k++) {
        inspire_worker_t *v = &inspire_rt.workers[(from + k) % nw];
        if (claim(v))
            return v;
    }
    for (;;) {
        int created = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
        for (int id = *next_added > nw ? *next_added : nw; id < created; id++) {
            if (claim(&inspire_rt.workers[id])) {
                *next_added = id + 1;
                return &inspire_rt.workers[id];
            }
        }
        inspire_spin_lock(&inspire_rt.grow_lock);
        if (__atomic_load_n(&inspire_rt.created, __ATOMIC_RELAXED) != created) {
            inspire_spin_unlock(&inspire_rt.grow_lock); /* another team added one: look again */
            continue;
        }
        if (created == INSPIRE_MAX_THREADS) {
            inspire_spin_unlock(&inspire_rt.grow_lock);
            return NULL;
        }
        inspire_worker_t *v = &inspire_rt.workers[created]; /* zero: hosts nothing */
        v->id = created;
        claim(v); /* no other worker sees it yet: it cannot fail */
        inspire_worker_start_thread(v, created);
        __atomic_store_n(&inspire_rt.created, created + 1, __ATOMIC_RELEASE);
        inspire_spin_unlock(&inspire_rt.grow_lock);
        *next_added = created + 1;
        return v;
    }
}

void *inspire_worker_main(void *arg) {
    inspire_worker_t *w = arg;
    inspire_worker_setup(w, (int)(w - inspire_rt.workers));
    /* Until inspire_start returns, the main thread may share this CPU
     * (added workers start after it). */
    while (!__atomic_load_n(&inspire_rt.running, __ATOMIC_ACQUIRE))
        sched_yield();
    inspire_worker_enter_loop(w);
    /* Shutdown. */
    inspire_stack_pool_destroy(&w->pool);
    return NULL;
}
