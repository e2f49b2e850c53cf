/* tasks_inspire.c -- n independent tasks of work m, created by one thread of
 * a parallel region (single) and waited for with taskwait, lowered by hand
 * against inspire_rt.h.  usage: tasks_inspire n m  (prints ns per task) */
#include <stdio.h>
#include <stdlib.h>

#include "inspire_rt.h"
#include "tasks_common.h"

static volatile double sink;

struct task_cl {
    long m;
};

static void task_fn(void *c) { task_work(((struct task_cl *)c)->m, &sink); }

struct region_cl {
    long n, m;
};

static void region_fn(void *c) {
    struct region_cl *rc = c;
    if (inspire_single()) {
        for (long i = 0; i < rc->n; i++) {
            if (inspire_spawn_inline_p()) {
                task_work(rc->m, &sink); /* sequential version, no closure */
            } else {
                inspire_task_t *t = inspire_task_new(task_fn, sizeof(struct task_cl));
                ((struct task_cl *)inspire_task_closure(t))->m = rc->m;
                inspire_task_spawn(t);
            }
        }
        inspire_merge_all();
    }
    inspire_barrier();
}

int main(int argc, char **argv) {
    struct region_cl rc = {argc > 1 ? atol(argv[1]) : 100000, argc > 2 ? atol(argv[2]) : 1};
    double t0 = inspire_wtime();
    inspire_parallel(0, region_fn, &rc);
    double t1 = inspire_wtime();
    printf("tasks %ld work %ld\ntime %.6f s\nper task %.1f ns\n", rc.n, rc.m, t1 - t0,
           (t1 - t0) / (double)rc.n * 1e9);
    return 0;
}
