/* fib_omp.c -- fib with one OpenMP task per call (no cut-off), the peer of
 * fib_inspire.c.  Build with -fopenmp (libgomp or libomp). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n) {
    long x, y;
    if (n < 2)
        return n;
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 35;
    long r = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel
#pragma omp single
    r = fib(n);
    double t1 = omp_get_wtime();
    printf("fib(%d) = %ld\ntime %.6f s\n", n, r, t1 - t0);
    return 0;
}
