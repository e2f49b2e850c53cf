/*
 * fib_pthread - recursive Fibonacci numbers with one POSIX thread per
 * recursive call: fib(n-1) runs in a newly created thread, fib(n-2) in the
 * calling thread, then the thread is joined.  If a thread cannot be
 * created the call runs in the calling thread instead.
 *
 * Build: gcc -O3 -pthread fib_pthread.c ../common/driver.c -I../common -lm
 * Verification: against an iterative computation.
 */
#include <stdio.h>
#include <pthread.h>
#include "bench.h"
#include "fib.h"

const char bench_name[] = "fib";
bench_param bench_params[] = {
    {'n', "n", "Fibonacci number to compute", {18, 25, 35}, 0},
};
const int bench_nparams = 1;

typedef struct fib_arg {
    int n;
    long long result;
} fib_arg;

static long long fib(int n);

static void *fib_thread(void *p)
{
    fib_arg *a = p;
    a->result = fib(a->n);
    return NULL;
}

static long long fib(int n)
{
    fib_arg a;
    pthread_t th;
    int created;
    long long y;
    if (n < 2) {
        return n;
    }
    a.n = n - 1;
    a.result = 0;
    created = pthread_create(&th, NULL, fib_thread, &a) == 0;
    if (!created) {
        fib_thread(&a);
    }
    y = fib(n - 2);
    if (created) {
        pthread_join(th, NULL);
    }
    return a.result + y;
}

void bench_run(void)
{
    result = fib((int)bench_arg(0));
}
