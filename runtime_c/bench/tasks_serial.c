/* tasks_serial.c -- serial elision of tasks_inspire.c / tasks_omp.c. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tasks_common.h"

static volatile double sink;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000, m = argc > 2 ? atol(argv[2]) : 1;
    double t0 = now();
    for (long i = 0; i < n; i++)
        task_work(m, &sink);
    double t1 = now();
    printf("tasks %ld work %ld\ntime %.6f s\nper task %.1f ns\n", n, m, t1 - t0,
           (t1 - t0) / (double)n * 1e9);
    return 0;
}
