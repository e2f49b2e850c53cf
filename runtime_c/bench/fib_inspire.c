/*
 * fib_inspire.c -- fib with one task per call (no cut-off), lowered by hand
 * the way inspirec lowers
 *     x = task fib(n-1); y = task fib(n-2); taskwait; return x + y;
 * The lazy-inline path calls the sequential version fib_seq (the task's
 * sequential clone), as generated code does.
 *
 * usage: fib_inspire [n]   (prints result and kernel time)
 */
#include <stdio.h>
#include <stdlib.h>

#include "inspire_rt.h"

static long fib(int n);

static long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

struct fib_task {
    int n;
    long *out;
};

static void fib_task_fn(void *c) {
    struct fib_task *cl = c;
    *cl->out = fib(cl->n);
}

static long fib(int n) {
    long x, y;
    if (n < 2)
        return n;
    if (inspire_spawn_inline_p()) {
        x = fib_seq(n - 1);
    } else {
        inspire_task_t *t = inspire_task_new(fib_task_fn, sizeof(struct fib_task));
        struct fib_task *cl = inspire_task_closure(t);
        cl->n = n - 1;
        cl->out = &x;
        inspire_task_spawn(t);
    }
    if (inspire_spawn_inline_p()) {
        y = fib_seq(n - 2);
    } else {
        inspire_task_t *t = inspire_task_new(fib_task_fn, sizeof(struct fib_task));
        struct fib_task *cl = inspire_task_closure(t);
        cl->n = n - 2;
        cl->out = &y;
        inspire_task_spawn(t);
    }
    inspire_merge_all();
    return x + y;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 35;
    double t0 = inspire_wtime();
    long r = fib(n);
    double t1 = inspire_wtime();
    printf("fib(%d) = %ld\ntime %.6f s\n", n, r, t1 - t0);
    return 0;
}
