/*
 * test_range.c -- splittable range work items (inspire_range).
 *
 * For each shape (strict grain, even split, nogroup + taskwait, undeferred,
 * final, mergeable) a range of n iterations runs; every logical task records
 * its bounds (a call of a mergeable range covers whole consecutive tasks), and every iteration spawns a child task, which spawns a
 * grandchild, each adding to a counter.  Checks: each iteration ran exactly
 * once, each logical task ran once with exactly the bounds the contract
 * gives, and the descendants finished before inspire_range returned (for
 * nogroup: before taskwait returned).  Also a nested range inside a range.
 *
 * usage: test_range <n> <rounds>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inspire_rt.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

typedef struct shape {
    long n, tasks, grain;
    int flags;
    int nested;
    long *hits;       /* per iteration */
    long *task_lo;    /* per logical task: its lo (-1: not run) */
    long *task_hi;
    long *task_runs;
    long descendants; /* children + grandchildren finished */
    long calls;       /* calls of body */
} shape_t;

static void grandchild(void *c) { __atomic_fetch_add(*(long **)c, 1, __ATOMIC_RELAXED); }

static void child(void *c) {
    long *counter = *(long **)c;
    __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
    if (inspire_spawn_inline_p()) {
        __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
        return;
    }
    inspire_task_t *t = inspire_task_new(grandchild, sizeof(long *));
    *(long **)inspire_task_closure(t) = counter;
    inspire_task_spawn(t); /* not waited for: the taskgroup does */
}

static long task_index(const shape_t *s, long lo) {
    if (s->grain > 0)
        return lo / s->grain;
    long base = s->n / s->tasks, extra = s->n % s->tasks;
    return lo < extra * (base + 1) ? lo / (base + 1) : extra + (lo - extra * (base + 1)) / base;
}

static void inner_body(void *c, long lo, long hi) {
    long *sum = *(long **)c;
    __atomic_fetch_add(sum, hi - lo, __ATOMIC_RELAXED);
}

static long task_start(const shape_t *s, long k) {
    if (s->grain > 0)
        return k * s->grain < s->n ? k * s->grain : s->n;
    long base = s->n / s->tasks, extra = s->n % s->tasks;
    return k * base + (k < extra ? k : extra);
}

static void body(void *c, long lo, long hi) {
    shape_t *s = *(shape_t **)c;
    CHECK(0 <= lo && lo < hi && hi <= s->n);
    __atomic_fetch_add(&s->calls, 1, __ATOMIC_RELAXED);
    /* one logical task, or (mergeable) a run of whole consecutive ones */
    long k = task_index(s, lo);
    CHECK(task_start(s, k) == lo);
    for (long end = task_start(s, k + 1); ; end = task_start(s, k + 1)) {
        s->task_lo[k] = task_start(s, k);
        s->task_hi[k] = end;
        __atomic_fetch_add(&s->task_runs[k], 1, __ATOMIC_RELAXED);
        if (end >= hi || !(s->flags & INSPIRE_RANGE_MERGEABLE))
            break;
        k++;
    }
    CHECK(s->task_hi[k] == hi);
    for (long i = lo; i < hi; i++) {
        __atomic_fetch_add(&s->hits[i], 1, __ATOMIC_RELAXED);
        long *counter = &s->descendants;
        if (inspire_spawn_inline_p()) {
            child(&counter);
        } else {
            inspire_task_t *t = inspire_task_new(child, sizeof(long *));
            *(long **)inspire_task_closure(t) = counter;
            inspire_task_spawn(t);
        }
    }
    if (s->nested) {
        long sum = 0, *p = &sum;
        inspire_range(inner_body, &p, sizeof p, 37, 5, 0, 0);
        CHECK(sum == 37);
    }
}

static void run_shape(long n, long tasks, long grain, int flags, int nested) {
    shape_t s = {n, tasks, grain, flags, nested, NULL, NULL, NULL, NULL, 0, 0};
    long ntasks = grain > 0 ? (n + grain - 1) / grain : (tasks < 1 ? 1 : tasks > n ? n : tasks);
    s.tasks = ntasks;
    s.hits = calloc((size_t)n, sizeof(long));
    s.task_lo = malloc(sizeof(long) * (size_t)ntasks);
    s.task_hi = malloc(sizeof(long) * (size_t)ntasks);
    s.task_runs = calloc((size_t)ntasks, sizeof(long));
    CHECK(s.hits && s.task_lo && s.task_hi && s.task_runs);
    shape_t *sp = &s;
    /* The closure is copied: scribbling over the caller's copy is harmless. */
    shape_t *closure = sp;
    inspire_range(body, &closure, sizeof closure, n, tasks, grain, flags);
    closure = NULL;
    if (flags & INSPIRE_RANGE_NOGROUP)
        inspire_merge_all();
    CHECK(__atomic_load_n(&s.descendants, __ATOMIC_ACQUIRE) == 2 * n);
    for (long i = 0; i < n; i++)
        CHECK(s.hits[i] == 1);
    for (long k = 0; k < ntasks; k++) {
        CHECK(s.task_runs[k] == 1);
        long lo, hi;
        if (grain > 0) {
            lo = k * grain;
            hi = lo + grain < n ? lo + grain : n;
        } else {
            long base = n / ntasks, extra = n % ntasks;
            lo = k * base + (k < extra ? k : extra);
            hi = lo + base + (k < extra);
        }
        CHECK(s.task_lo[k] == lo && s.task_hi[k] == hi);
    }
    /* mergeable tasks that are never split run in one call */
    if ((flags & INSPIRE_RANGE_MERGEABLE) && (flags & INSPIRE_RANGE_UNDEFERRED))
        CHECK(s.calls == 1);
    if (!(flags & INSPIRE_RANGE_MERGEABLE))
        CHECK(s.calls == ntasks);
    free(s.hits);
    free(s.task_lo);
    free(s.task_hi);
    free(s.task_runs);
}

static void inner_with_final(void *c, long lo, long hi) {
    (void)lo;
    (void)hi;
    CHECK(inspire_in_final() == *(int *)c);
}

int main(int argc, char **argv) {
    CHECK(argc == 3);
    long n = atol(argv[1]);
    int rounds = atoi(argv[2]);
    inspire_start();
    for (int r = 0; r < rounds; r++) {
        run_shape(n, 0, 1, 0, 0);                          /* grainsize 1 strict */
        run_shape(n, 0, 7, 0, 0);                          /* strict, partial last task */
        run_shape(n, 13, 0, 0, 0);                         /* num_tasks */
        run_shape(n, n + 5, 0, 0, 0);                      /* more tasks than iterations */
        run_shape(n, 0, 3, INSPIRE_RANGE_NOGROUP, 0);      /* nogroup + taskwait */
        run_shape(n, 0, 5, INSPIRE_RANGE_UNDEFERRED, 0);   /* if(false) */
        run_shape(n, 0, 5, INSPIRE_RANGE_FINAL, 0);        /* final(true) */
        run_shape(n / 4 + 1, 0, 2, 0, 1);                  /* ranges inside a range */
        run_shape(n, n, 0, INSPIRE_RANGE_MERGEABLE, 0);    /* one iteration per task */
        run_shape(n, 0, 3, INSPIRE_RANGE_MERGEABLE | INSPIRE_RANGE_NOGROUP, 0);
        run_shape(n, 7, 0, INSPIRE_RANGE_MERGEABLE | INSPIRE_RANGE_UNDEFERRED, 0);
    }
    int yes = 1, no = 0;
    inspire_range(inner_with_final, &yes, sizeof yes, 10, 0, 1, INSPIRE_RANGE_FINAL);
    inspire_range(inner_with_final, &no, sizeof no, 10, 0, 1, 0);
    inspire_range(inner_with_final, &no, sizeof no, 0, 0, 1, 0); /* empty: no call */
    inspire_stop();
    printf("range ok: n %ld rounds %d\n", n, rounds);
    return 0;
}
