/*
 * range.c -- splittable range work items (see range.h).
 */
#include "internal.h"

#include "range.h"

#include <string.h>
#include <time.h>

#include "frame.h"
#include "worker.h"

/* The closure of a range item: the logical tasks it still stands for. */
typedef struct range_piece {
    const inspire_range_shared_t *shared;
    long lo, hi;
} range_piece_t;

long inspire_range_task_start(const inspire_range_shared_t *sh, long k) {
    if (sh->grain > 0)
        return k * sh->grain < sh->n ? k * sh->grain : sh->n;
    return k * sh->base + (k < sh->extra ? k : sh->extra);
}

/* Run the logical tasks [k, end) of sh: one call of fn if they are
 * mergeable, else one call each. */
static void run_tasks(const inspire_range_shared_t *sh, long k, long end) {
    if (sh->flags & INSPIRE_RANGE_MERGEABLE) {
        sh->fn(sh->closure, inspire_range_task_start(sh, k), inspire_range_task_start(sh, end));
        return;
    }
    for (long start = inspire_range_task_start(sh, k); k < end; k++) {
        long next = inspire_range_task_start(sh, k + 1);
        sh->fn(sh->closure, start, next);
        start = next;
    }
}

static void piece_main(void *closure);

/* How long, in ns, a worker aims to run logical tasks between two looks at
 * its deque.  Long enough that the look (and the clock read that measures
 * the chunk) costs under 2 % of the work, short enough that a thief never
 * waits long for the next split. */
#define RANGE_CHUNK_NS 2000L

static long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* Split off the upper half of [*lo, hi) as a new child item of the current one. */
static void split(const inspire_range_shared_t *sh, long lo, long *hi) {
    long mid = lo + (*hi - lo) / 2;
    inspire_task_t *t = inspire_task_new(piece_main, sizeof(range_piece_t));
    range_piece_t *p = inspire_task_closure(t);
    p->shared = sh;
    p->lo = mid;
    p->hi = *hi;
    *hi = mid;
    inspire_task_spawn(t);
}

static int may_split(void) {
    inspire_worker_t *w = inspire_self;
    return inspire_rt.nworkers > 1 && inspire_hot.limit > 0 && !inspire_hot.initial &&
           __atomic_load_n(&inspire_hot.count, __ATOMIC_RELAXED) == 0 && w && w->current;
}

static void piece_main(void *closure) {
    range_piece_t p = *(const range_piece_t *)closure;
    const inspire_range_shared_t *sh = p.shared;
    int splittable = !(sh->flags & (INSPIRE_RANGE_UNDEFERRED | INSPIRE_RANGE_FINAL));
    inspire_frame_t final_frame;
    if (sh->flags & INSPIRE_RANGE_FINAL)
        inspire_final_begin(&final_frame);
    if (!splittable || inspire_rt.nworkers == 1) {
        run_tasks(sh, p.lo, p.hi); /* never split: no thief, or not deferred */
        p.lo = p.hi;
    }
    /* Chunks of consecutive logical tasks between two looks at the deque:
     * the chunk doubles while one takes under RANGE_CHUNK_NS and halves
     * while one takes over twice that, so cheap tasks cost one look (and
     * with INSPIRE_RANGE_MERGEABLE one call) per many tasks, and expensive
     * ones a look per task. */
    long chunk = 1;
    while (p.lo < p.hi) {
        if (p.hi - p.lo >= 2 && may_split())
            split(sh, p.lo, &p.hi);
        long end = p.hi - p.lo > chunk ? p.lo + chunk : p.hi;
        long t0 = now_ns();
        run_tasks(sh, p.lo, end);
        long took = now_ns() - t0;
        p.lo = end;
        if (took < RANGE_CHUNK_NS && chunk < p.hi - p.lo)
            chunk *= 2;
        else if (took > 2 * RANGE_CHUNK_NS && chunk > 1)
            chunk /= 2;
    }
    if (sh->flags & INSPIRE_RANGE_FINAL)
        inspire_final_end(&final_frame);
    /* Direct children first, nested on this stack where possible; then the
     * rest of the subtree (tasks the children created). */
    inspire_merge_all();
    inspire_worker_t *w = inspire_self;
    if (w && w->current)
        inspire_frame_wait(w, &w->current->tree);
}

void inspire_range(inspire_range_fn fn, const void *closure, size_t closure_bytes, long n,
                   long tasks, long grain, int flags) {
    if (n <= 0)
        return;
    inspire_range_shared_t local = {
        .fn = fn, .closure = (void *)closure, .n = n, .tasks = tasks, .grain = grain, .flags = flags};
    if (grain > 0)
        local.tasks = (n + grain - 1) / grain;
    else if (tasks <= 0 || tasks > n)
        local.tasks = tasks <= 0 ? 1 : n;
    local.base = n / local.tasks;
    local.extra = n % local.tasks;
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current) {
        /* A foreign thread: every task it creates runs inline anyway. */
        run_tasks(&local, 0, local.tasks);
        return;
    }
    size_t head = (sizeof(range_piece_t) + sizeof(inspire_range_shared_t) + 15) & ~(size_t)15;
    inspire_task_t *t = inspire_task_new(piece_main, head + closure_bytes);
    char *buf = inspire_task_closure(t);
    range_piece_t *p = (range_piece_t *)buf;
    inspire_range_shared_t *sh = (inspire_range_shared_t *)(buf + sizeof(range_piece_t));
    *sh = local;
    sh->closure = buf + head;
    memcpy(sh->closure, closure, closure_bytes);
    p->shared = sh;
    p->lo = 0;
    p->hi = sh->tasks;
    if ((flags & INSPIRE_RANGE_NOGROUP) && !(flags & INSPIRE_RANGE_UNDEFERRED)) {
        inspire_task_spawn(t);
        return;
    }
    inspire_frame_t f;
    inspire_undeferred_begin(&f);
    inspire_task_spawn(t);
    inspire_undeferred_end(&f);
}
