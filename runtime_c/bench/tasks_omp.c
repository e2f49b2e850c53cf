/* tasks_omp.c -- the OpenMP peer of tasks_inspire.c. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "tasks_common.h"

static volatile double sink;

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000, m = argc > 2 ? atol(argv[2]) : 1;
    double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    {
        for (long i = 0; i < n; i++) {
#pragma omp task firstprivate(m)
            task_work(m, &sink);
        }
#pragma omp taskwait
    }
    double t1 = omp_get_wtime();
    printf("tasks %ld work %ld\ntime %.6f s\nper task %.1f ns\n", n, m, t1 - t0,
           (t1 - t0) / (double)n * 1e9);
    return 0;
}
