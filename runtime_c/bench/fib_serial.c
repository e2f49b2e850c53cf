/* fib_serial.c -- the serial baseline of fib (same recursion, no tasks). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 35;
    double t0 = now();
    long r = fib(n);
    double t1 = now();
    printf("fib(%d) = %ld\ntime %.6f s\n", n, r, t1 - t0);
    return 0;
}
