/*
 * worker.c -- the runtime's global state, worker setup and thread entry,
 * and pushing new work (see worker.h).
 */
#include "internal.h"

#include "worker.h"

#include <sched.h>

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
    w->hot = &inspire_hot;
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
    __atomic_fetch_add(&inspire_rt.ready_workers, 1, __ATOMIC_SEQ_CST);
}

void *inspire_worker_main(void *arg) {
    inspire_worker_t *w = arg;
    inspire_worker_setup(w, (int)(w - inspire_rt.workers));
    /* Until inspire_start returns, the main thread may share this CPU. */
    while (!__atomic_load_n(&inspire_rt.running, __ATOMIC_ACQUIRE))
        sched_yield();
    inspire_worker_enter_loop(w);
    /* Shutdown. */
    inspire_stack_pool_destroy(&w->pool);
    return NULL;
}
