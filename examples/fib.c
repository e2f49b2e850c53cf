/* fib.c - recursive Fibonacci with OpenMP tasks.
 *
 * The classic task-parallel example: every call spawns two tasks for the two
 * sub-problems and waits for both with `taskwait`.  The results come back
 * through `shared(x)` / `shared(y)`: the tasks write into the parent's locals,
 * which stay alive because the parent waits.
 *
 * Below a cut-off the recursion continues sequentially, because a task per
 * call would cost more than the addition it computes.  (inspirec's `classify`
 * analysis recognises `fib` as recursive and tunes the runtime accordingly.)
 *
 * usage: fib [n]        (default n = 30)
 *     inspirec run examples/fib.c -- 30
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define CUTOFF 20 /* below this, plain recursion */

static long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

static long fib(int n)
{
    if (n < CUTOFF)
        return fib_seq(n);
    long x, y;
    #pragma omp task shared(x)
    x = fib(n - 1);
    #pragma omp task shared(y)
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

/* iterative version used to check the parallel result */
static long fib_iter(int n)
{
    long a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        long t = a + b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 30;
    if (n < 0 || n > 45) {
        fprintf(stderr, "n must be in 0..45\n");
        return 2;
    }
    long result = 0;
    /* one thread creates the root task; the whole team executes the tasks */
    #pragma omp parallel
    #pragma omp single
    result = fib(n);

    printf("fib(%d) = %ld\n", n, result);
    int ok = result == fib_iter(n);
    printf("verification: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
