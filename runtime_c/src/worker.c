/*
 * worker.c -- work items, the scheduler loop, suspension and wake-up.
 */
#define INSPIRE_RUNTIME_SOURCE 1
#define _GNU_SOURCE
#include "worker.h"

#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "env.h"
#include "region.h"

#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define CPU_RELAX() __asm__ __volatile__("yield")
#else
#define CPU_RELAX() ((void)0)
#endif

inspire_runtime_t inspire_rt;
__thread inspire_worker_t *inspire_self;
__thread inspire_hot_t inspire_hot __attribute__((tls_model("initial-exec"))) = {0, 0, 0};

static void worker_loop(inspire_worker_t *w);

/* ---- futex ----------------------------------------------------------------- */

static void futex_wait(unsigned *addr, unsigned val) {
    syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake(unsigned *addr) { syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0); }

/* ---- items ------------------------------------------------------------------- */

inspire_item_t *inspire_item_alloc(inspire_worker_t *w) {
    inspire_item_t *it = w->free_items;
    if (it) {
        w->free_items = it->next;
        w->nfree_items--;
        return it;
    }
    it = aligned_alloc(64, (sizeof(inspire_item_t) + 63) & ~(size_t)63);
    if (!it) {
        fprintf(stderr, "inspire runtime: out of memory allocating a work item\n");
        abort();
    }
    return it;
}

void inspire_item_free(inspire_worker_t *w, inspire_item_t *it) {
    if (it == &inspire_rt.root)
        return;
    if (w->nfree_items >= INSPIRE_ITEM_POOL_MAX) {
        free(it);
        return;
    }
    it->next = w->free_items;
    w->free_items = it;
    w->nfree_items++;
}

/* ---- wake-up ----------------------------------------------------------------- */

static int wake_worker(inspire_worker_t *v) {
    if (__atomic_load_n(&v->sleeping, __ATOMIC_SEQ_CST) &&
        __atomic_exchange_n(&v->sleeping, 0, __ATOMIC_SEQ_CST)) {
        __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&v->futex, 1, __ATOMIC_SEQ_CST);
        futex_wake(&v->futex);
        return 1;
    }
    return 0;
}

static void wake_one(inspire_worker_t *w) {
    int n = inspire_rt.nworkers;
    for (int k = 1; k <= n; k++) {
        inspire_worker_t *v = &inspire_rt.workers[(w->id + k) % n];
        if (wake_worker(v))
            return;
    }
}

void inspire_worker_wake_all(void) {
    for (int i = 0; i < inspire_rt.nworkers; i++) {
        inspire_worker_t *v = &inspire_rt.workers[i];
        __atomic_exchange_n(&v->sleeping, 0, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&v->futex, 1, __ATOMIC_SEQ_CST);
        futex_wake(&v->futex);
    }
}

int inspire_worker_push(inspire_worker_t *w, inspire_item_t *it) {
    if (!inspire_deque_push(&w->dq, it))
        return 0;
    /* Pairs with the fence in go_to_sleep: either the sleeper sees the item
     * or we see the sleeper. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__atomic_load_n(&inspire_rt.sleepers, __ATOMIC_RELAXED) > 0)
        wake_one(w);
    return 1;
}

void inspire_mailbox_post(inspire_worker_t *target, inspire_item_t *it) {
    inspire_item_t *head = __atomic_load_n(&target->mailbox, __ATOMIC_RELAXED);
    do {
        it->next = head;
    } while (!__atomic_compare_exchange_n(&target->mailbox, &head, it, 1, __ATOMIC_SEQ_CST,
                                          __ATOMIC_RELAXED));
    if (target != inspire_self)
        wake_worker(target);
}

void inspire_make_ready(inspire_item_t *it) { inspire_mailbox_post(it->owner, it); }

/* ---- frames -------------------------------------------------------------------- */

long inspire_frame_dec(inspire_frame_t *f) {
    long target = f->target; /* read before: f may die once the count drops */
    long n = __atomic_sub_fetch(&f->count, 1, __ATOMIC_ACQ_REL);
    if (n == INSPIRE_WAIT_FLAG + target)
        inspire_make_ready(f->waiter);
    return n;
}

static void post_frame_register(inspire_worker_t *w, void *arg) {
    inspire_frame_t *f = arg;
    inspire_item_t *it = w->suspending;
    f->waiter = it;
    long old = __atomic_fetch_add(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
    if (old == f->target)
        inspire_make_ready(it);
}

void inspire_frame_wait(inspire_worker_t *w, inspire_frame_t *f) {
    if (__atomic_load_n(&f->count, __ATOMIC_ACQUIRE) == f->target)
        return;
    if (!w || !w->current) {
        /* Foreign thread: nothing it created was queued, so this only
         * happens on misuse. */
        fprintf(stderr, "inspire runtime: internal error: a thread the runtime does not "
                        "manage waits for queued tasks\n");
        abort();
    }
    inspire_worker_suspend(w, post_frame_register, f);
    __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
}

/* ---- switching ------------------------------------------------------------------- */

static void run_post(inspire_worker_t *w) {
    inspire_post_fn fn = w->post_fn;
    if (fn) {
        w->post_fn = NULL;
        fn(w, w->post_arg);
    }
}

static void switch_to(inspire_worker_t *w, inspire_fiber_t *from, inspire_fiber_t *to, int dies) {
    w->cur_fiber = to;
    inspire_overflow_set_current(to);
    inspire_fiber_switch(from, to, dies);
    /* Back on `from`, on the same worker (tasks are tied). */
    run_post(inspire_self);
}

static void post_release_fiber(inspire_worker_t *w, void *arg) {
    inspire_stack_release(&w->pool, arg);
}

static void loop_entry(void *arg) {
    inspire_fiber_entered();
    inspire_worker_t *w = arg;
    run_post(w);
    worker_loop(w);
    /* Shutdown: go back to the thread's own stack and drop this fiber. */
    w->post_fn = post_release_fiber;
    w->post_arg = w->cur_fiber;
    switch_to(w, w->cur_fiber, &w->home, 1);
    fprintf(stderr, "inspire runtime: internal error: a finished scheduler fiber was resumed\n");
    abort();
}

void inspire_worker_suspend(inspire_worker_t *w, inspire_post_fn post, void *arg) {
    inspire_item_t *it = w->current;
    if (inspire_rt.trace_path)
        inspire_trace_record(&w->trace, it->trace_t0, inspire_now_us(), it->implicit);
    w->stats.suspended++;
    it->fiber = w->cur_fiber;
    w->suspending = it;
    w->current = NULL;
    inspire_fiber_t *next = inspire_stack_acquire(&w->pool, loop_entry, w);
    w->post_fn = post;
    w->post_arg = arg;
    switch_to(w, it->fiber, next, 0);
    /* Resumed by resume_item on this worker. */
}

static void resume_item(inspire_worker_t *w, inspire_item_t *it) {
    inspire_fiber_t *cur = w->cur_fiber;
    inspire_fiber_t *to = it->fiber;
    it->fiber = NULL;
    w->current = it;
    inspire_worker_set_limit(w, it);
    if (inspire_rt.trace_path)
        it->trace_t0 = inspire_now_us();
    w->post_fn = post_release_fiber;
    w->post_arg = cur;
    switch_to(w, cur, to, 1);
    fprintf(stderr, "inspire runtime: internal error: a released scheduler fiber was resumed\n");
    abort();
}

/* ---- running items ---------------------------------------------------------------- */

static int explicit_thread_num(const inspire_worker_t *w, const inspire_item_t *it) {
    const struct inspire_region *r = it->region;
    if (!r)
        return 0;
    return inspire_region_thread_of_worker(r, w->id);
}

static void tree_release(inspire_worker_t *w, inspire_item_t *it) {
    for (;;) {
        long n = inspire_frame_dec(&it->tree);
        if (n != 0)
            return;
        /* The item and all its descendants are finished. */
        inspire_item_t *parent = it->parent;
        inspire_frame_t *ts = it->tree_sync;
        inspire_item_free(w, it);
        if (ts) {
            inspire_frame_dec(ts);
            return;
        }
        if (!parent)
            return;
        it = parent;
    }
}

void inspire_item_body_done(inspire_worker_t *w, inspire_item_t *it) {
    if (inspire_rt.trace_path)
        inspire_trace_record(&w->trace, it->trace_t0, inspire_now_us(), it->implicit);
    if (it->heap_closure) {
        free(it->closure);
        it->heap_closure = 0;
    }
    if (it->group)
        inspire_event_fire(&inspire_rt.events, it->group, it->result);
    if (it->body_sync)
        inspire_frame_dec(it->body_sync);
    tree_release(w, it);
}

/* Run it here with `limit` as its deque capacity (see take_child). */
static void run_item(inspire_worker_t *w, inspire_item_t *it, int limit) {
    it->limit = limit;
    it->owner = w;
    it->started = 1;
    if (!it->implicit)
        it->thread_num = explicit_thread_num(w, it);
    w->current = it;
    inspire_worker_set_limit(w, it);
    w->stats.executed++;
    if (inspire_rt.trace_path)
        it->trace_t0 = inspire_now_us();
    it->fn(it->closure);
    /* Same worker as before (tied), possibly after suspensions. */
    w->current = NULL;
    inspire_item_body_done(w, it);
}

void inspire_worker_run_nested(inspire_worker_t *w, inspire_item_t *it, int limit) {
    inspire_item_t *saved = w->current;
    run_item(w, it, limit);
    w->current = saved;
    inspire_worker_set_limit(w, saved);
}

/* ---- waiting for children: run them nested ---------------------------------------- */

/* A queued item is a direct child of frame f iff it was spawned while f was
 * its creator's current frame.  A queued item's body_sync frame is alive
 * (it still counts the item), so pointer equality identifies the frame. */
static int is_child_of(const void *item, const void *frame) {
    return ((const inspire_item_t *)item)->body_sync == frame;
}

/* True if a work item started here, nested below the current frame, has at
 * least INSPIRE_STACK_BYTES of stack, as it would on a fiber of its own.
 * Only pooled fibers qualify: their guard page turns an overflow into the
 * task stack overflow report (the home stacks have no such guard). */
static int room_for_nested(const inspire_worker_t *w) {
    const inspire_fiber_t *f = w->cur_fiber;
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    return f->map_base && sp - (uintptr_t)f->stack_lo >= INSPIRE_STACK_BYTES;
}

/* The child of f to run now on this stack, or NULL.  The front item is what
 * the scheduler loop would pick next, so running it here (when it is our
 * child) only saves the suspension.  Otherwise our most recently pushed
 * child is taken out of policy order only while the deque is full.  With
 * free slots, a depth-first descent would turn nearly every call into a
 * work item (a deque fills only under breadth-first expansion), so the task
 * suspends and the worker continues in policy order, which refills it.
 *
 * A child run nested here keeps occupying one slot of the capacity until it
 * finishes: inspire_frame_wait_children runs it with its waiting parent's
 * limit minus one.  So taking a child back from a full deque does not make
 * room for the child's own spawns (they run inline, unless a thief empties
 * slots meanwhile), and under the push-front policies, where the owner
 * descends depth first and the deque holds only the pending siblings on its
 * path, at most INSPIRE_QUEUE_SIZE levels of nested children are queued
 * before spawns run inline. */
static inspire_item_t *take_child(inspire_worker_t *w, const inspire_frame_t *f) {
    inspire_item_t *it = inspire_deque_pop_front_if(&w->dq, is_child_of, f);
    if (!it && inspire_deque_size(&w->dq) >= w->hot->limit)
        it = inspire_deque_pop_newest_if(&w->dq, is_child_of, f);
    return it;
}

void inspire_frame_wait_children(inspire_worker_t *w, inspire_frame_t *f) {
    inspire_item_t *self = w->current;
    while (__atomic_load_n(&f->count, __ATOMIC_ACQUIRE) != f->target) {
        int room = room_for_nested(w);
        inspire_item_t *it = room ? take_child(w, f) : NULL;
        if (!it) {
            self->nest_ok = room;
            self->handoff = NULL;
            inspire_worker_suspend(w, post_frame_register, f);
            /* Resumed on this worker (tied), either because f reached its
             * target or with a child handed over by hand_to_parent, which
             * already removed the wait flag. */
            it = self->handoff;
            if (!it) {
                __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
                return;
            }
            self->handoff = NULL;
        }
        w->stats.nested++;
        inspire_worker_run_nested(w, it, self->limit > 0 ? self->limit - 1 : 0);
    }
}

/* it was just taken from a deque by the scheduler loop of w.  If its creator
 * is suspended on w in inspire_frame_wait_children, waiting for the frame
 * that counts it, with stack room for a nested child, return the creator
 * (after taking over its wake-up): the loop resumes it and it runs `it`
 * nested on its own stack.  Then a chain of suspended ancestors shares one
 * stack instead of holding one each.  NULL otherwise.
 *
 * No race with the wake-up of the creator: `it` is unfinished, so the frame's
 * count stays above its target and nobody else can find it at
 * INSPIRE_WAIT_FLAG + target.  The acquire load pairs with the acq_rel
 * fetch_add of post_frame_register, so seeing the flag means f->waiter is
 * the registered waiter; owner == w means it registered on this thread. */
static inspire_item_t *hand_to_parent(inspire_worker_t *w, inspire_item_t *it) {
    inspire_frame_t *f = it->body_sync;
    if (!f || __atomic_load_n(&f->count, __ATOMIC_ACQUIRE) < INSPIRE_WAIT_FLAG)
        return NULL;
    inspire_item_t *parent = f->waiter;
    if (parent->owner != w || !parent->nest_ok)
        return NULL;
    __atomic_fetch_sub(&f->count, INSPIRE_WAIT_FLAG, __ATOMIC_ACQ_REL);
    parent->handoff = it;
    return parent;
}

/* ---- finding work ------------------------------------------------------------------- */

static inspire_item_t *take_ready(inspire_worker_t *w) {
    if (!w->ready_head) {
        if (!__atomic_load_n(&w->mailbox, __ATOMIC_RELAXED))
            return NULL;
        inspire_item_t *it = __atomic_exchange_n(&w->mailbox, NULL, __ATOMIC_ACQUIRE);
        inspire_item_t *rev = NULL;
        while (it) { /* the mailbox is LIFO; run in posting order */
            inspire_item_t *n = it->next;
            it->next = rev;
            rev = it;
            it = n;
        }
        w->ready_head = rev;
    }
    inspire_item_t *it = w->ready_head;
    if (it)
        w->ready_head = it->next;
    return it;
}

static inline unsigned next_rand(inspire_worker_t *w) {
    unsigned x = w->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    w->rng = x;
    return x;
}

/* Steal half of v's deque.  The items keep their front-to-back order in our
 * (empty) deque, and the front-most one is returned to run now: afterwards
 * we pick them in the order v would have.  Taking several items at once
 * spares the thief a breadth-first refill of its deque (see take_child),
 * which would otherwise follow every steal. */
static inspire_item_t *steal_from(inspire_worker_t *w, inspire_worker_t *v) {
    void *got[(INSPIRE_QUEUE_SIZE + 1) / 2];
    int k = inspire_deque_steal(&v->dq, got, (int)(sizeof got / sizeof *got));
    if (k == 0)
        return NULL;
    w->stats.stolen += (unsigned long)k;
    /* Only this worker pushes to its deque, which was empty when find_work
     * tried it, so k - 1 < INSPIRE_QUEUE_SIZE items fit. */
    for (int i = 1; i < k; i++) {
#if INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_BACK || \
    INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_FRONT
        void *next = got[k - i]; /* pushing at the front: back-most first */
#else
        void *next = got[i];
#endif
        if (!inspire_worker_push(w, next)) {
            fprintf(stderr, "inspire runtime: internal error: stolen items do not fit\n");
            abort();
        }
    }
    return got[0];
}

static inspire_item_t *find_work(inspire_worker_t *w) {
    inspire_item_t *it = take_ready(w);
    if (it)
        return it;
    it = inspire_deque_pop(&w->dq);
    if (it)
        return it;
    if (w->yielded) {
        it = w->yielded;
        w->yielded = it->next;
        return it;
    }
    int n = inspire_rt.nworkers;
    if (n > 1) {
        int start = (int)(next_rand(w) % (unsigned)n);
        for (int k = 0; k < n; k++) {
            int v = start + k < n ? start + k : start + k - n;
            if (v == w->id)
                continue;
            it = steal_from(w, &inspire_rt.workers[v]);
            if (it)
                return it;
        }
    }
    return NULL;
}

static int work_visible(inspire_worker_t *w) {
    if (w->ready_head || w->yielded || __atomic_load_n(&w->mailbox, __ATOMIC_SEQ_CST))
        return 1;
    for (int i = 0; i < inspire_rt.nworkers; i++)
        if (__atomic_load_n(inspire_rt.workers[i].dq.count, __ATOMIC_SEQ_CST) > 0)
            return 1;
    return 0;
}

static void go_to_sleep(inspire_worker_t *w) {
    unsigned v = __atomic_load_n(&w->futex, __ATOMIC_SEQ_CST);
    __atomic_store_n(&w->sleeping, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (work_visible(w) || __atomic_load_n(&inspire_rt.shutdown, __ATOMIC_SEQ_CST)) {
        if (__atomic_exchange_n(&w->sleeping, 0, __ATOMIC_SEQ_CST))
            __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
        return;
    }
    w->stats.sleeps++;
    futex_wait(&w->futex, v);
    if (__atomic_exchange_n(&w->sleeping, 0, __ATOMIC_SEQ_CST))
        __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
}

static void worker_loop(inspire_worker_t *w) {
    unsigned rounds = 0; /* unsuccessful rounds since work was last found */
    double idle_since = 0;
    for (;;) {
        inspire_item_t *it = find_work(w);
        if (it) {
            rounds = 0;
            if (it->fiber) {
                resume_item(w, it); /* does not return */
            } else {
                inspire_item_t *parent = hand_to_parent(w, it);
                if (parent)
                    resume_item(w, parent); /* does not return */
                else
                    run_item(w, it, INSPIRE_QUEUE_SIZE);
            }
            continue;
        }
        if (__atomic_load_n(&inspire_rt.shutdown, __ATOMIC_ACQUIRE))
            return;
        /* Idle: spin, then back off, then sleep (see inspire_rt_config.h). */
        double idle_us = 0;
        if (rounds++ == 0)
            idle_since = inspire_now_us();
        else
            idle_us = inspire_now_us() - idle_since;
        if (idle_us < INSPIRE_IDLE_SPIN_US) {
            for (int i = 0; i < 16; i++)
                CPU_RELAX();
            if (rounds % 64 == 0)
                sched_yield();
        } else if (idle_us < INSPIRE_IDLE_SPIN_US + INSPIRE_IDLE_BACKOFF_US) {
            sched_yield();
        } else {
            rounds = 0;
            go_to_sleep(w);
        }
    }
}

/* ---- yield --------------------------------------------------------------------------- */

static void post_yield(inspire_worker_t *w, void *arg) {
    (void)arg;
    inspire_item_t *it = w->suspending;
    it->next = NULL;
    if (!w->yielded) {
        w->yielded = it;
    } else {
        w->yielded_tail->next = it;
    }
    w->yielded_tail = it;
}

void inspire_yield(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        sched_yield();
        return;
    }
    inspire_worker_suspend(w, post_yield, NULL);
}

/* ---- worker setup ----------------------------------------------------------------------- */

void inspire_worker_setup(inspire_worker_t *w, int id) {
    /* Runs on the worker's own thread. */
    w->id = id;
    w->rng = 0x9E3779B9u * (unsigned)(id + 1);
    inspire_hot.count = 0;
    inspire_hot.limit = INSPIRE_QUEUE_SIZE;
    w->hot = &inspire_hot;
    inspire_deque_init(&w->dq, INSPIRE_QUEUE_SIZE, &inspire_hot.count);
    inspire_stack_pool_init(&w->pool);
    inspire_fiber_init_home(&w->home);
    w->cur_fiber = &w->home;
    inspire_overflow_set_current(&w->home);
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
    inspire_fiber_t *f = inspire_stack_acquire(&w->pool, loop_entry, w);
    switch_to(w, &w->home, f, 0);
    /* Shutdown. */
    inspire_stack_pool_destroy(&w->pool);
    return NULL;
}
