/*
 * region.c -- parallel regions, barrier, single (copyprivate), master, pfor
 * (ordered, doacross).
 */
#include "internal.h"

#include "region.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "doacross.h"
#include "env.h"
#include "frame.h"
#include "idle.h"
#include "scope.h"
#include "spin.h"
#include "suspend.h"
#include "teams.h"
#include "worker.h"


static inspire_item_t *current_item(void) {
    inspire_worker_t *w = inspire_self;
    return w ? w->current : NULL;
}

#if INSPIRE_OMP_COMPAT
/* ---- OMP_DISPLAY_AFFINITY ---------------------------------------------------
 *
 * With display-affinity-var true, a thread of an active team (two threads or
 * more) prints omp_display_affinity(NULL)'s line on stderr when it starts
 * the team's implicit task, the first time and whenever its nesting level or
 * team size differs from what it last displayed, as libgomp 12 does (not when
 * only the affinity format changed, and never for a team of one).  A thread
 * is named as libgomp's pool names it: by its thread numbers from the
 * outermost level down, without the trailing zeros (thread 0 of a team is
 * the thread that encountered the region).  Threads nested deeper than
 * AFFINITY_DEPTH levels display every time. */
#define AFFINITY_DEPTH 16

void omp_display_affinity(const char *format);

typedef struct {
    int depth;
    int path[AFFINITY_DEPTH];
    int level, nthreads; /* what it displayed last */
} affinity_shown_t;

static inspire_spin_t affinity_lock;
static affinity_shown_t *affinity_shown;
static int affinity_count, affinity_cap;

/* Whether the thread of thread number `thread` in region r displays now,
 * recording what it displays. */
static int affinity_changed(const inspire_region_t *r, int thread) {
    if (r->level > AFFINITY_DEPTH)
        return 1;
    affinity_shown_t key = {r->level, {0}, r->level, r->nthreads};
    for (const inspire_region_t *at = r; at; at = at->outer) { /* one per level */
        key.path[at->level - 1] = thread;
        thread = at->outer_thread;
    }
    while (key.depth > 0 && key.path[key.depth - 1] == 0)
        key.depth--;
    int changed = 1;
    inspire_spin_lock(&affinity_lock);
    int i = 0;
    while (i < affinity_count && (affinity_shown[i].depth != key.depth ||
                                  memcmp(affinity_shown[i].path, key.path,
                                         sizeof(int) * (size_t)key.depth)))
        i++;
    if (i < affinity_count) {
        changed = affinity_shown[i].level != key.level || affinity_shown[i].nthreads != key.nthreads;
        affinity_shown[i] = key;
    } else {
        if (affinity_count == affinity_cap) {
            int cap = affinity_cap ? 2 * affinity_cap : 16;
            affinity_shown_t *grown = realloc(affinity_shown, sizeof *grown * (size_t)cap);
            if (grown) {
                affinity_shown = grown;
                affinity_cap = cap;
            }
        }
        if (affinity_count < affinity_cap) /* else it displays again next time */
            affinity_shown[affinity_count++] = key;
    }
    inspire_spin_unlock(&affinity_lock);
    return changed;
}

static void display_affinity_then_body(void *closure) {
    inspire_item_t *it = current_item();
    if (affinity_changed(it->region, it->thread_num))
        omp_display_affinity(NULL);
    it->region->body(closure);
}
#endif

void inspire_parallel(int nthreads, inspire_task_fn fn, void *closure) {
    inspire_resume(); /* after omp_pause_resource */
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        /* Foreign thread: a team of one, run right here. */
        fn(closure);
        return;
    }
    inspire_item_t *cur = w->current;
    int n = nthreads > 0 ? nthreads : inspire_max_threads();
#if INSPIRE_OMP_COMPAT
    int max_active = inspire_max_active_levels();
#else
    int max_active = 1;
#endif
    if ((cur->region ? cur->region->active_level : 0) >= max_active)
        n = 1;
    int limit = inspire_thread_limit(); /* a teams region's, else OMP_THREAD_LIMIT */
    if (n > limit)
        n = limit;
    inspire_region_t r;
    memset(&r, 0, sizeof r);
    r.nthreads = n;
    r.outer = cur->region;
    r.outer_thread = cur->region ? inspire_thread_num() : 0;
    r.level = (cur->region ? cur->region->level : 0) + 1;
    r.active_level = (cur->region ? cur->region->active_level : 0) + (n > 1);
    r.serial = ++w->regions * INSPIRE_MAX_THREADS + w->id; /* no line shared by workers */
#if INSPIRE_OMP_COMPAT
    if (n > 1 && inspire_omp_env_display_affinity()) {
        r.body = fn;
        fn = display_affinity_then_body;
    }
#endif
    r.done.count = n;
    r.done.target = 0;
    int inner_nthreads = inspire_omp_env_nthreads(r.level);
    if (inner_nthreads <= 0)
        inner_nthreads = inspire_max_threads();
    /* Thread 0 is the encountering thread; thread i >= 1 claims a worker,
     * from the pool's worker id + i on (so a team's threads of one
     * encountering thread run on the same workers region after region, and
     * threadprivate values persist), else an added one. */
    inspire_worker_t *few[16], **host = n <= 16 ? few : malloc(sizeof *host * (size_t)n);
    if (!host) {
        fprintf(stderr, "inspire runtime: out of memory starting a team of %d threads\n", n);
        abort();
    }
    host[0] = w;
    inspire_worker_host(w);
    int next_added = 0;
    for (int i = 1; i < n; i++) {
        host[i] = inspire_worker_claim(w->id + i, &next_added);
        if (!host[i]) { /* INSPIRE_MAX_THREADS reached: share the pool's workers */
            host[i] = &inspire_rt.workers[(w->id + i) % inspire_rt.nworkers];
            inspire_worker_host(host[i]);
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        inspire_item_t *it = inspire_item_alloc(&w->items);
        memset(it, 0, offsetof(inspire_item_t, buf));
        it->closure = closure;
        it->fn = fn;
        it->tree_sync = &r.done;
        it->cur_frame = &it->frame;
        it->tree.count = 1;
        it->tree.target = 1;
        it->region = &r;
        it->implicit = 1;
        it->nthreads_var = inner_nthreads;
        it->stack_need = INSPIRE_STACK_BYTES;
        it->thread_num = i;
        it->teams = cur->teams;
        it->owner = host[i];
        inspire_mailbox_post(it->owner, it);
    }
    inspire_frame_wait(w, &r.done);
    /* An added worker stays in the team, stealing its tasks, until the
     * region ends (see inspire_worker_release). */
    for (int i = 0; i < n; i++)
        if (inspire_worker_added(host[i]))
            inspire_worker_release(host[i]);
    if (host != few)
        free(host);
}

int inspire_num_threads(void) {
    inspire_item_t *it = current_item();
    return it && it->region ? it->region->nthreads : 1;
}

int inspire_level(void) {
    inspire_item_t *it = current_item();
    return it && it->region ? it->region->level : 0;
}

int inspire_active_level(void) {
    inspire_item_t *it = current_item();
    return it && it->region ? it->region->active_level : 0;
}

/* The region of the current task's ancestor at `level` (1 <= level <= the
 * task's level), and through *thread that ancestor's thread number. */
static const inspire_region_t *region_at(int level, int *thread) {
    inspire_item_t *it = current_item();
    const inspire_region_t *r = it ? it->region : NULL;
    *thread = inspire_thread_num();
    while (r && r->level > level) {
        *thread = r->outer_thread;
        r = r->outer;
    }
    return r && r->level == level ? r : NULL;
}

int inspire_ancestor_thread_num(int level) {
    int thread;
    if (level == 0)
        return 0;
    return level > 0 && region_at(level, &thread) ? thread : -1;
}

int inspire_team_size(int level) {
    int thread;
    const inspire_region_t *r = level > 0 ? region_at(level, &thread) : NULL;
    return level == 0 ? 1 : r ? r->nthreads : -1;
}

static void post_barrier(inspire_worker_t *w, void *arg) {
    inspire_region_t *r = arg;
    inspire_item_t *it = w->suspending;
    inspire_spin_lock(&r->bar_lock);
    if (inspire_region_cancelled(r)) { /* cancel_region released the others */
        inspire_spin_unlock(&r->bar_lock);
        inspire_make_ready(it);
    } else if (++r->bar_arrived == r->nthreads) {
        r->bar_arrived = 0;
        inspire_item_t *list = r->bar_waiters;
        r->bar_waiters = NULL;
        inspire_spin_unlock(&r->bar_lock);
        while (list) {
            inspire_item_t *next = list->next;
            inspire_make_ready(list);
            list = next;
        }
        inspire_make_ready(it);
    } else {
        it->next = r->bar_waiters;
        r->bar_waiters = it;
        inspire_spin_unlock(&r->bar_lock);
    }
}

int inspire_barrier_cancellable(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return 0;
    inspire_item_t *it = w->current;
    if (!it->implicit && it != &inspire_rt.root) {
        fprintf(stderr, "inspire runtime: barrier called from an explicit task "
                        "(a barrier may only be encountered by the implicit tasks of a team)\n");
        abort();
    }
    /* Every task this implicit task created (descendants included). */
    inspire_frame_wait(w, &it->tree);
    inspire_region_t *r = it->region;
    if (r && r->nthreads > 1 && !inspire_region_cancelled(r))
        inspire_worker_suspend(w, post_barrier, r);
    return inspire_region_cancelled(r);
}

void inspire_barrier(void) {
    (void)inspire_barrier_cancellable();
}

/* Cancel region r: its barriers no longer wait, and the threads waiting in
 * one now are released. */
static void cancel_region(inspire_region_t *r) {
    inspire_spin_lock(&r->bar_lock);
    __atomic_store_n(&r->cancelled, INSPIRE_REGION_CANCELLED, __ATOMIC_RELEASE);
    __atomic_store_n(&inspire_scope_any_cancelled, 1, __ATOMIC_RELEASE);
    inspire_item_t *list = r->bar_waiters;
    r->bar_waiters = NULL;
    r->bar_arrived = 0;
    inspire_spin_unlock(&r->bar_lock);
    while (list) {
        inspire_item_t *next = list->next;
        inspire_make_ready(list);
        list = next;
    }
}

int inspire_cancel_parallel(int cond) {
    if (!cond || !inspire_cancel_var())
        return 0;
    inspire_item_t *it = current_item();
    if (it && it->implicit && it->region && !inspire_region_cancelled(it->region))
        cancel_region(it->region);
    return 1;
}

int inspire_cancellation_point_parallel(void) {
    inspire_item_t *it = current_item();
    return it && inspire_region_cancelled(it->region);
}

static int in_team(const inspire_item_t *it) {
    return it && it->implicit && it->region && it->region->nthreads > 1;
}

int inspire_single(void) {
    inspire_item_t *it = current_item();
    if (!in_team(it))
        return 1;
    long mine = ++it->single_seq;
    inspire_region_t *r = it->region;
    long claimed = __atomic_load_n(&r->single_next, __ATOMIC_ACQUIRE);
    if (claimed >= mine)
        return 0;
    long expect = mine - 1;
    return __atomic_compare_exchange_n(&r->single_next, &expect, mine, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}

/* ---- copyprivate ------------------------------------------------------------ */

void inspire_copyprivate(void **data) {
    inspire_item_t *it = current_item();
    if (!in_team(it))
        return;
    inspire_region_t *r = it->region;
    if (*data)
        __atomic_store_n(&r->copy, *data, __ATOMIC_RELEASE);
    inspire_barrier();
    *data = __atomic_load_n(&r->copy, __ATOMIC_ACQUIRE);
}

/* ---- pfor ------------------------------------------------------------------- */

/* The loops running on this thread, innermost first: each belongs to the
 * work item that runs it (owner), and an item suspended in one may resume
 * after other items of the worker started and ended theirs. */
static __thread inspire_pfor_t *running_loops;

/* The innermost loop of the current item (NULL outside one). */
inspire_pfor_t *inspire_running_loop(void) {
    inspire_item_t *it = current_item();
    for (inspire_pfor_t *p = running_loops; p; p = p->running_next)
        if (p->owner == it)
            return p;
    return NULL;
}

/* The innermost loop of the current item if it is ordered (else NULL). */
static inspire_pfor_t *ordered_loop(void) {
    inspire_pfor_t *p = inspire_running_loop();
    return p && p->ordered ? p : NULL;
}

int inspire_pfor_cancelled(inspire_pfor_t *p) {
    return p->cancelled ||
           (p->team_cancelled && __atomic_load_n(p->team_cancelled, __ATOMIC_ACQUIRE) >= p->seq);
}

int inspire_cancel_for(int cond) {
    if (!cond || !inspire_cancel_var())
        return 0;
    inspire_pfor_t *p = inspire_running_loop();
    if (!p || p->ordered || p->doacross)
        return 1;
    p->cancelled = 1;
    if (p->team_cancelled) {
        long c = __atomic_load_n(p->team_cancelled, __ATOMIC_RELAXED);
        while (c < p->seq && !__atomic_compare_exchange_n(p->team_cancelled, &c, p->seq, 0,
                                                          __ATOMIC_RELEASE, __ATOMIC_RELAXED))
            ;
    }
    return 1;
}

int inspire_cancellation_point_for(void) {
    inspire_pfor_t *p = inspire_running_loop();
    return p && inspire_pfor_cancelled(p);
}

/* The ring slot of the current thread's next shared loop (dynamic, guided or
 * ordered), set up by the first thread of the team to reach it. */
static inspire_pfor_slot_t *pfor_slot(inspire_item_t *it, long seq, long n, int team,
                                      int doacross) {
    inspire_region_t *r = it->region;
    inspire_pfor_slot_t *s = &r->ring[seq % INSPIRE_PFOR_RING];
    for (;;) {
        inspire_spin_lock(&s->lock);
        if (s->seq == seq)
            break;
        if (s->seq < seq && s->left == 0) {
            s->seq = seq;
            s->n = n;
            __atomic_store_n(&s->next, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&s->ordered, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&s->wake_at, LONG_MAX, __ATOMIC_RELAXED);
            s->left = team;
            s->posted = doacross ? inspire_doacross_open(n) : NULL;
            break;
        }
        /* The slot still serves a loop INSPIRE_PFOR_RING loops back. */
        inspire_spin_unlock(&s->lock);
        inspire_yield();
    }
    inspire_spin_unlock(&s->lock);
    return s;
}

void inspire_pfor_begin(inspire_pfor_t *p, long n, int kind, long chunk) {
    inspire_item_t *it = current_item();
    memset(p, 0, sizeof *p);
    p->n = n < 0 ? 0 : n;
    p->ordered = (kind & INSPIRE_SCHED_ORDERED) != 0;
    p->doacross = (kind & INSPIRE_SCHED_DOACROSS) != 0;
    kind &= ~(INSPIRE_SCHED_ORDERED | INSPIRE_SCHED_DOACROSS);
    if (kind == INSPIRE_SCHED_RUNTIME) {
        int run = 2, run_c = 1; /* libgomp's initial run-sched-var: dynamic, 1 */
#if INSPIRE_OMP_COMPAT
        inspire_omp_run_sched(&run, &run_c);
#endif
        run &= ~INSPIRE_OMP_SCHED_MONOTONIC;
        kind = run == 2 ? INSPIRE_SCHED_DYNAMIC
               : run == 3 ? INSPIRE_SCHED_GUIDED
                          : INSPIRE_SCHED_STATIC;
        chunk = run == 4 ? 0 : run_c; /* auto: static blocks */
    }
    p->kind = kind;
    if (kind != INSPIRE_SCHED_STATIC && kind != INSPIRE_SCHED_DYNAMIC &&
        kind != INSPIRE_SCHED_GUIDED) {
        fprintf(stderr, "inspire runtime: inspire_pfor_begin: unknown schedule kind %d\n", kind);
        abort();
    }
    p->owner = it;
    p->running_next = running_loops;
    running_loops = p;
    if (p->ordered)
        p->ordered_passed = 1;
    int team = in_team(it) ? it->region->nthreads : 1;
    int tid = in_team(it) ? it->thread_num : 0;
    if (team > 1) {
        p->seq = ++it->ws_seq;
        if (!p->ordered && !p->doacross)
            p->team_cancelled = &it->region->cancelled;
    }
    if (team == 1 || kind == INSPIRE_SCHED_STATIC) {
        p->kind = INSPIRE_SCHED_STATIC;
        if (chunk <= 0) {
            long q = p->n / team, rem = p->n % team;
            long lo = tid * q + (tid < rem ? tid : rem);
            p->next = lo;
            p->chunk = q + (tid < rem ? 1 : 0);
            p->stride = p->n + 1; /* one block only */
        } else {
            p->chunk = chunk;
            p->next = (long)tid * chunk;
            p->stride = (long)team * chunk;
        }
        if ((p->ordered || p->doacross) && team > 1) /* for the ticket or flags only */
            p->slot = pfor_slot(it, p->seq, p->n, team, p->doacross);
        return;
    }
    p->chunk = chunk > 0 ? chunk : 1;
    p->slot = pfor_slot(it, p->seq, p->n, team, p->doacross);
}

/* Longest a thread blocks waiting for an ordered ticket before it looks
 * for items that must run on its worker (resumed tied tasks). */
#define ORDERED_BLOCK_NS 1000000L

/* Whether the current thread may block (not only yield) while it waits for
 * another thread: threads outnumber CPUs, so a yield hardly lets the other
 * one run, and its worker hosts no other implicit task that must run. */
static int may_block(void) {
    inspire_worker_t *w = inspire_self;
    return w && inspire_oversubscribed() && __atomic_load_n(&w->hosts, __ATOMIC_RELAXED) <= 1;
}

/* Wait until the ordered ticket of p's loop is iteration k: yield, or block
 * on the slot's futex word when may_block (ordered_advance wakes it). */
static void ordered_wait(inspire_pfor_slot_t *s, long k) {
    while (__atomic_load_n(&s->ordered, __ATOMIC_ACQUIRE) != k) {
        if (!may_block()) {
            inspire_yield();
            continue;
        }
        __atomic_fetch_add(&s->turn_waiters, 1, __ATOMIC_SEQ_CST);
        long at = __atomic_load_n(&s->wake_at, __ATOMIC_SEQ_CST);
        while (k < at && !__atomic_compare_exchange_n(&s->wake_at, &at, k, 0, __ATOMIC_SEQ_CST,
                                                      __ATOMIC_SEQ_CST))
            ;
        unsigned turn = __atomic_load_n(&s->turn, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&s->ordered, __ATOMIC_SEQ_CST) != k)
            inspire_futex_wait_for(&s->turn, turn, ORDERED_BLOCK_NS);
        __atomic_fetch_sub(&s->turn_waiters, 1, __ATOMIC_SEQ_CST);
        inspire_poll(); /* items that must run on this worker */
    }
}

/* Pass the ordered ticket of slot s to iteration k, waking the blocked
 * threads once it reaches the least iteration one of them waits for (pairs
 * with ordered_wait: either the waiter sees the ticket or this sees the
 * waiter; a waiter whose wake_at a wake-up overwrote looks again after
 * ORDERED_BLOCK_NS at the latest).  Waking them at every iteration made the
 * waiters of a static schedule's later blocks wake for each iteration of
 * the block before theirs. */
static void ordered_advance(inspire_pfor_slot_t *s, long k) {
    __atomic_store_n(&s->ordered, k, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&s->turn_waiters, __ATOMIC_SEQ_CST) > 0 &&
        k >= __atomic_load_n(&s->wake_at, __ATOMIC_SEQ_CST)) {
        __atomic_store_n(&s->wake_at, LONG_MAX, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&s->turn, 1, __ATOMIC_SEQ_CST);
        inspire_futex_wake_all(&s->turn);
    }
}

/* End the current iteration of ordered loop p: pass the ticket on if its
 * ordered region did not run (waiting for the iteration's turn). */
static void ordered_pass(inspire_pfor_t *p) {
    if (p->ordered_passed)
        return;
    p->ordered_passed = 1;
    inspire_pfor_slot_t *s = p->slot;
    if (!s)
        return;
    ordered_wait(s, p->ordered_k);
    ordered_advance(s, p->ordered_k + 1);
}

void inspire_ordered_iteration(void) {
    inspire_pfor_t *p = ordered_loop();
    if (!p)
        return;
    ordered_pass(p);
    p->ordered_k++;
    p->ordered_passed = 0;
}

void inspire_ordered_begin(void) {
    inspire_pfor_t *p = ordered_loop();
    if (p && p->slot)
        ordered_wait(p->slot, p->ordered_k);
}

void inspire_ordered_end(void) {
    inspire_pfor_t *p = ordered_loop();
    if (!p || p->ordered_passed)
        return;
    p->ordered_passed = 1;
    if (p->slot)
        ordered_advance(p->slot, p->ordered_k + 1);
}

static void pfor_finish(inspire_pfor_t *p) {
    if (p->done)
        return;
    p->done = 1;
    if (p->ordered)
        ordered_pass(p);
    if (p->doacross)
        inspire_doacross_post_range(p, p->chunk_lo, p->chunk_hi);
    inspire_pfor_t **link = &running_loops;
    while (*link != p)
        link = &(*link)->running_next;
    *link = p->running_next;
    if (p->slot) {
        inspire_pfor_slot_t *s = p->slot;
        inspire_spin_lock(&s->lock);
        if (--s->left == 0 && s->posted)
            inspire_doacross_close(s);
        inspire_spin_unlock(&s->lock);
    }
}

/* The chunk [lo, hi) starts: an ordered loop's next iteration is lo; a
 * doacross loop posts every iteration of its previous chunk. */
static int pfor_chunk(inspire_pfor_t *p, long lo, long hi, long *plo, long *phi) {
    if (p->ordered) {
        ordered_pass(p);
        p->ordered_k = lo - 1;
    }
    if (p->doacross) {
        inspire_doacross_post_range(p, p->chunk_lo, p->chunk_hi);
        p->chunk_lo = lo;
        p->chunk_hi = hi;
    }
    *plo = lo;
    *phi = hi;
    return 1;
}

int inspire_pfor_next(inspire_pfor_t *p, long *lo, long *hi) {
    if (p->done)
        return 0;
    if (inspire_pfor_cancelled(p)) {
        pfor_finish(p);
        return 0;
    }
    if (p->kind == INSPIRE_SCHED_STATIC) {
        if (p->next >= p->n || p->chunk == 0) {
            pfor_finish(p);
            return 0;
        }
        long b = p->next;
        p->next += p->stride;
        return pfor_chunk(p, b, b + p->chunk < p->n ? b + p->chunk : p->n, lo, hi);
    }
    inspire_pfor_slot_t *s = p->slot;
    long b, c = 0;
    if (p->kind == INSPIRE_SCHED_DYNAMIC) {
        c = p->chunk;
        b = __atomic_fetch_add(&s->next, c, __ATOMIC_RELAXED);
    } else {
        int team = inspire_num_threads();
        b = __atomic_load_n(&s->next, __ATOMIC_RELAXED);
        for (;;) {
            if (b >= p->n)
                break;
            c = (p->n - b) / (2L * team);
            if (c < p->chunk)
                c = p->chunk;
            if (__atomic_compare_exchange_n(&s->next, &b, b + c, 0, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                break;
        }
    }
    if (b >= p->n) {
        pfor_finish(p);
        return 0;
    }
    return pfor_chunk(p, b, b + c < p->n ? b + c : p->n, lo, hi);
}

void inspire_pfor_end(inspire_pfor_t *p, int nowait) {
    pfor_finish(p);
    if (!nowait)
        inspire_barrier();
}
