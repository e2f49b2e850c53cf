#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define INSPIRE_QUEUE_POLICY 1
#define INSPIRE_QUEUE_SIZE 16
#define INSPIRE_EVENT_TABLE_BUCKETS 97
#define INSPIRE_PARAM_BUFFER_BYTES 128
#define INSPIRE_STACK_BYTES 8388608
#include "inspire_rt.h"

long fib_seq(int n);
long fib(int n);
long fib_iter(int n);
int main(int argc, char **argv);
static long fib_serial(int n);
static void fib_task0_seq(long *x, int n);
static void fib_task0(void *inspire_closure);
static void fib_task0_serial(long *x, int n);
static void fib_task1_seq(long *y, int n);
static void fib_task1(void *inspire_closure);
static void fib_task1_serial(long *y, int n);
static void main_region0_seq(long *result, int *n);
static void main_region0(void *inspire_closure);

struct fib_task0_closure {
    long *x;
    int n;
};

struct fib_task1_closure {
    long *y;
    int n;
};

struct main_region0_closure {
    long *result;
    int *n;
};

static void fib_task0_seq(long *x, int n)
{
    *x = fib(n - 1);
}

static void fib_task0(void *inspire_closure)
{
    struct fib_task0_closure *inspire_cl = inspire_closure;
    fib_task0_seq(inspire_cl->x, inspire_cl->n);
}

static void fib_task0_serial(long *x, int n)
{
    *x = fib_serial(n - 1);
}

static void fib_task1_seq(long *y, int n)
{
    *y = fib(n - 2);
}

static void fib_task1(void *inspire_closure)
{
    struct fib_task1_closure *inspire_cl = inspire_closure;
    fib_task1_seq(inspire_cl->y, inspire_cl->n);
}

static void fib_task1_serial(long *y, int n)
{
    *y = fib_serial(n - 2);
}

static void main_region0_seq(long *result, int *n)
{
    if (inspire_single())
    {
        *result = fib(*n);
    }
    inspire_barrier();
}

static void main_region0(void *inspire_closure)
{
    struct main_region0_closure *inspire_cl = inspire_closure;
    main_region0_seq(inspire_cl->result, inspire_cl->n);
}

long fib_seq(int n)
{
    return n < 2 ? (long)n : fib_seq(n - 1) + fib_seq(n - 2);
}

long fib(int n)
{
    if (n < 20)
    {
        return fib_seq(n);
    }
    long x;
    long y;
    {
        if (inspire_task_inline_p())
        {
            fib_task0_serial(&x, n);
        }
        else
        {
            inspire_task_t *inspire_t = inspire_task_new(fib_task0, sizeof(struct fib_task0_closure));
            struct fib_task0_closure *inspire_cl = inspire_task_closure(inspire_t);
            inspire_cl->x = &x;
            inspire_cl->n = n;
            inspire_task_spawn(inspire_t);
        }
    }
    {
        if (inspire_task_inline_p())
        {
            fib_task1_serial(&y, n);
        }
        else
        {
            inspire_task_t *inspire_t = inspire_task_new(fib_task1, sizeof(struct fib_task1_closure));
            struct fib_task1_closure *inspire_cl = inspire_task_closure(inspire_t);
            inspire_cl->y = &y;
            inspire_cl->n = n;
            inspire_task_spawn(inspire_t);
        }
    }
    inspire_merge_all();
    return x + y;
}

static long fib_serial(int n)
{
    if (n < 20)
    {
        return fib_seq(n);
    }
    long x;
    long y;
    fib_task0_serial(&x, n);
    fib_task1_serial(&y, n);
    return x + y;
}

long fib_iter(int n)
{
    long a = (long)0;
    long b = (long)1;
    for (int i = 0; i < n; i++)
    {
        long t = a + b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[(long)1]) : 30;
    if (n < 0 || n > 45)
    {
        fprintf(stderr, "n must be in 0..45\n");
        return 2;
    }
    long result = (long)0;
    {
        struct main_region0_closure inspire_region;
        struct main_region0_closure *inspire_cl = &inspire_region;
        inspire_cl->result = &result;
        inspire_cl->n = &n;
        inspire_parallel(inspire_max_threads(), main_region0, inspire_cl);
    }
    printf("fib(%d) = %ld\n", n, result);
    int ok = result == fib_iter(n);
    printf("verification: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}

static void inspirec_name_trace_sites(void) __attribute__((constructor));
static void inspirec_name_trace_sites(void)
{
    inspire_trace_site(fib_task0, "fib.c:28");
    inspire_trace_site(fib_task1, "fib.c:30");
    inspire_trace_site(main_region0, "fib.c:57");
}
