/*
 * fib - recursive Fibonacci numbers, one task per recursive call.
 *
 * Structure: recursive balanced, very fine granularity (two tasks and a
 * taskwait per call).  No cut-off unless built with -DCUTOFF_DEPTH=d, which
 * switches to plain recursion below depth d.
 * Verification: against an iterative computation.
 */
#include <stdio.h>
#include "bench.h"
#include "fib.h"

const char bench_name[] = "fib";
bench_param bench_params[] = {
    {'n', "n", "Fibonacci number to compute", {25, 44, 35}, 0},
};
const int bench_nparams = 1;

#ifdef CUTOFF_DEPTH
static long long fib_seq(int n)
{
    if (n < 2) {
        return n;
    }
    return fib_seq(n - 1) + fib_seq(n - 2);
}
#endif

static long long fib(int n, int depth)
{
    long long x;
    long long y;
    if (n < 2) {
        return n;
    }
#ifdef CUTOFF_DEPTH
    if (depth >= CUTOFF_DEPTH) {
        return fib_seq(n);
    }
#endif
#pragma omp task shared(x) firstprivate(n, depth)
    x = fib(n - 1, depth + 1);
#pragma omp task shared(y) firstprivate(n, depth)
    y = fib(n - 2, depth + 1);
#pragma omp taskwait
    return x + y;
}

void bench_run(void)
{
    int n = (int)bench_arg(0);
#pragma omp parallel
    {
#pragma omp single
        result = fib(n, 0);
    }
}
